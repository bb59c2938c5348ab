//! `puzc generate`: every puzzle it prints has one solution (re-solved `--unique` by the CLI
//! and counted by a plain backtracking counter written here, which shares nothing with
//! puzc), is minimal (each clue removed in turn gives a second solution, by the same
//! counter), has the asked-for symmetry, and is the same for the same seed. Requests that
//! cannot be met are coded diagnostics.
use crate::common::{run, run_ok, scratch, write};

/// The puzzles of generate's output: blocks of `n` lines of `n` characters.
fn puzzles(out: &str, n: usize) -> Vec<Vec<Vec<char>>> {
    let lines: Vec<&str> = out.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len() % n, 0, "whole puzzles:\n{out}");
    lines
        .chunks(n)
        .map(|rows| {
            rows.iter()
                .map(|r| {
                    let cs: Vec<char> = r.chars().collect();
                    assert_eq!(cs.len(), n, "row {r:?}");
                    cs
                })
                .collect()
        })
        .collect()
}

/// The regions of a k²×k² sudoku: rows, columns, boxes.
fn sudoku_regions(k: usize) -> Vec<Vec<(usize, usize)>> {
    let n = k * k;
    let mut out = Vec::new();
    for i in 0..n {
        out.push((0..n).map(|j| (i, j)).collect());
        out.push((0..n).map(|j| (j, i)).collect());
        out.push((0..n).map(|j| (k * (i / k) + j / k, k * (i % k) + j % k)).collect());
    }
    out
}

/// Solutions of a grid ('.' or '-' empty) in which every region holds each of `symbols`
/// once, counted up to `limit` by plain backtracking on a cell with fewest candidates: the
/// statement of the puzzle, nothing more (it shares no code with puzc).
fn count_in(grid: &mut [Vec<char>], regions: &[Vec<(usize, usize)>], symbols: &[char], limit: usize) -> usize {
    let n = grid.len();
    let mut of_cell: Vec<Vec<usize>> = vec![Vec::new(); n * n];
    for (k, reg) in regions.iter().enumerate() {
        for &(r, c) in reg {
            of_cell[r * n + c].push(k);
        }
    }
    fn go(g: &mut [Vec<char>], regs: &[Vec<(usize, usize)>], of: &[Vec<usize>], sy: &[char], limit: usize) -> usize {
        let n = g.len();
        let allowed = |g: &[Vec<char>], i: usize, s: char| of[i].iter().all(|&k| regs[k].iter().all(|&(r, c)| g[r][c] != s));
        let mut best: Option<(usize, Vec<char>)> = None;
        for i in (0..n * n).filter(|&i| matches!(g[i / n][i % n], '.' | '-')) {
            let cand: Vec<char> = sy.iter().copied().filter(|&s| allowed(g, i, s)).collect();
            if best.as_ref().is_none_or(|(_, b)| cand.len() < b.len()) {
                best = Some((i, cand));
            }
        }
        let Some((i, cand)) = best else { return 1 };
        let mut found = 0;
        for s in cand {
            g[i / n][i % n] = s;
            found += go(g, regs, of, sy, limit - found);
            g[i / n][i % n] = '.';
            if found >= limit {
                break;
            }
        }
        found
    }
    go(grid, regions, &of_cell, symbols, limit)
}

/// [`count_in`] for a k²×k² sudoku.
fn count(grid: &mut [Vec<char>], k: usize, symbols: &[char], limit: usize) -> usize {
    count_in(grid, &sudoku_regions(k), symbols, limit)
}

const DIGITS: [char; 9] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

fn generate(args: &[&str]) -> String {
    let mut a = vec!["generate", "puzzles/sudoku9.puz"];
    a.extend_from_slice(args);
    run_ok(&a, None, 0)
}

#[test]
fn minimal_rot180_sudokus_are_unique_minimal_and_symmetric() {
    let out = generate(&["--count", "5", "--symmetry", "rot180", "--minimal", "--seed", "7"]);
    let ps = puzzles(&out, 9);
    assert_eq!(ps.len(), 5);
    for p in &ps {
        let mut g = p.clone();
        assert_eq!(count(&mut g, 3, &DIGITS, 2), 1, "not unique:\n{p:?}");
        for r in 0..9 {
            for c in 0..9 {
                assert_eq!(p[r][c] == '.', p[8 - r][8 - c] == '.', "not rot180 at ({r}, {c})");
            }
        }
        // Minimal for rot180: removing any clue together with its image gives a second
        // solution (removing more can only add solutions).
        for r in 0..9 {
            for c in 0..9 {
                if p[r][c] == '.' {
                    continue;
                }
                let mut g = p.clone();
                g[r][c] = '.';
                g[8 - r][8 - c] = '.';
                assert_eq!(count(&mut g, 3, &DIGITS, 2), 2, "clue ({r}, {c}) could go");
            }
        }
    }
    // The CLI agrees: each is solved with --unique.
    let dir = scratch("generate");
    let file = write(&dir, "g.txt", &out);
    let solved = run_ok(&["solve", "puzzles/sudoku9.puz", "--instance", &file, "--unique"], None, 0);
    assert_eq!(solved.split("\n\n").count(), 5, "{solved}");
}

#[test]
fn without_symmetry_every_single_clue_is_needed() {
    let out = generate(&["--count", "3", "--seed", "3"]);
    for p in puzzles(&out, 9) {
        let mut g = p.clone();
        assert_eq!(count(&mut g, 3, &DIGITS, 2), 1);
        for i in (0..81).filter(|&i| p[i / 9][i % 9] != '.') {
            let mut g = p.clone();
            g[i / 9][i % 9] = '.';
            assert_eq!(count(&mut g, 3, &DIGITS, 2), 2, "clue {i} could go");
        }
    }
}

#[test]
fn the_same_seed_prints_the_same_bytes_and_another_seed_other_puzzles() {
    let a = generate(&["--count", "3", "--symmetry", "dihedral", "--seed", "11"]);
    let b = generate(&["--count", "3", "--symmetry", "dihedral", "--seed", "11"]);
    let c = generate(&["--count", "3", "--symmetry", "dihedral", "--seed", "12"]);
    assert_eq!(a, b);
    assert_ne!(a, c);
    // Puzzle n does not depend on --count.
    let one = generate(&["--count", "1", "--symmetry", "dihedral", "--seed", "11"]);
    assert!(a.starts_with(&one));
}

#[test]
fn a_clue_count_is_met_exactly_and_an_impossible_one_is_s402() {
    let out = generate(&["--clues", "30", "--seed", "5", "--count", "2"]);
    for p in puzzles(&out, 9) {
        assert_eq!(p.iter().flatten().filter(|&&c| c != '.').count(), 30);
        let mut g = p.clone();
        assert_eq!(count(&mut g, 3, &DIGITS, 2), 1);
    }
    // No 9×9 sudoku with a unique solution has fewer than 17 clues (McGuire, Tugemann and
    // Civario 2012): ten cannot be met, and the run ends with a diagnostic.
    let r = run(&["generate", "puzzles/sudoku9.puz", "--clues", "10", "--attempts", "3"], None);
    assert_eq!(r.code, 3, "{}", r.err);
    assert!(r.err.contains("S402"), "{}", r.err);
    assert!(r.out.is_empty());
}

#[test]
fn a_symmetry_the_board_lacks_is_g211() {
    let dir = scratch("generate-g211");
    let spec = "board grid[4, 6] of 1..=6\nfill grid\ngiven grid from instance\nclues given grid, empty '.'\n\
                region row(r) = { (r, c) for c in 0..6 } for r in 0..4\neach row holds each value exactly once\n\
                instance \"\"\"\n......\n......\n......\n......\n\"\"\"\n";
    let file = write(&dir, "rect.puz", spec);
    let r = run(&["generate", &file, "--symmetry", "rot90"], None);
    assert_eq!(r.code, 3, "{}", r.err);
    assert!(r.err.contains("G211"), "{}", r.err);
    // rot180 applies to a rectangle.
    let out = run_ok(&["generate", &file, "--symmetry", "rot180"], None, 0);
    assert_eq!(out.lines().count(), 4);
}

/// Checks that `p` has one solution under `regions` and that no orbit of its clues under
/// `image` (a cell's images under the pattern's symmetry) can be removed.
fn assert_unique_and_minimal(
    p: &[Vec<char>],
    regions: &[Vec<(usize, usize)>],
    symbols: &[char],
    image: &dyn Fn(usize, usize) -> Vec<(usize, usize)>,
) {
    let n = p.len();
    assert_eq!(count_in(&mut p.to_vec(), regions, symbols, 2), 1, "not unique:\n{p:?}");
    for (r, c) in (0..n * n).map(|i| (i / n, i % n)) {
        if matches!(p[r][c], '.' | '-') {
            continue;
        }
        let mut g = p.to_vec();
        for (a, b) in image(r, c).into_iter().chain([(r, c)]) {
            assert!(!matches!(p[a][b], '.' | '-'), "not symmetric at ({a}, {b})");
            g[a][b] = '.';
        }
        assert_eq!(count_in(&mut g, regions, symbols, 2), 2, "clue ({r}, {c}) could go");
    }
}

/// Re-solves generate's output with `--unique` and returns how many answers were printed.
fn resolved(spec: &str, out: &str) -> usize {
    let dir = scratch("generate-resolve");
    let file = write(&dir, "g.txt", out);
    let solved = run_ok(&["solve", spec, "--instance", &file, "--unique"], None, 0);
    solved.split("\n\n").filter(|a| !a.trim().is_empty()).count()
}

#[test]
fn sudoku16_puzzles_are_unique_and_minimal() {
    let out = run_ok(&["generate", "puzzles/sudoku16.puz", "--count", "2", "--symmetry", "rot180", "--seed", "4"], None, 0);
    let letters: Vec<char> = ('A'..='P').collect();
    let ps = puzzles(&out, 16);
    assert_eq!(ps.len(), 2);
    assert!(ps.iter().flatten().flatten().all(|&c| c == '-' || letters.contains(&c)), "written as the spec reads it");
    for p in &ps {
        assert_unique_and_minimal(p, &sudoku_regions(4), &letters, &|r, c| vec![(15 - r, 15 - c)]);
    }
    assert_eq!(resolved("puzzles/sudoku16.puz", &out), 2);
}

#[test]
fn sudoku_x_puzzles_are_unique_and_minimal_with_the_diagonals() {
    let out = run_ok(&["generate", "puzzles/sudoku-x.puz", "--count", "3", "--symmetry", "mirror", "--seed", "2"], None, 0);
    let mut regions = sudoku_regions(3);
    regions.push((0..9).map(|i| (i, i)).collect());
    regions.push((0..9).map(|i| (i, 8 - i)).collect());
    let ps = puzzles(&out, 9);
    assert_eq!(ps.len(), 3);
    for p in &ps {
        assert_unique_and_minimal(p, &regions, &DIGITS, &|r, c| vec![(r, 8 - c)]);
    }
    assert_eq!(resolved("puzzles/sudoku-x.puz", &out), 3);
}

#[test]
fn jigsaw_puzzles_keep_the_instances_regions() {
    let out = run_ok(&["generate", "puzzles/jigsaw-sudoku.puz", "--count", "3", "--seed", "9"], None, 0);
    // Each instance is the clue grid, then the region letters as the spec's instance has them.
    let spec = std::fs::read_to_string("puzzles/jigsaw-sudoku.puz").unwrap();
    let shape: Vec<&str> = spec.lines().filter(|l| l.len() == 9 && l.chars().all(|c| c.is_ascii_uppercase())).collect();
    assert_eq!(shape.len(), 9);
    let blocks = puzzles(&out, 9);
    assert_eq!(blocks.len(), 6, "{out}");
    for pair in blocks.chunks(2) {
        let (p, letters) = (&pair[0], &pair[1]);
        let got: Vec<String> = letters.iter().map(|r| r.iter().collect()).collect();
        assert_eq!(got, shape);
        let mut regions = sudoku_regions(3);
        regions.retain(|reg| reg.iter().all(|&(r, _)| r == reg[0].0) || reg.iter().all(|&(_, c)| c == reg[0].1));
        for l in 'A'..='I' {
            regions.push((0..81).map(|i| (i / 9, i % 9)).filter(|&(r, c)| letters[r][c] == l).collect());
        }
        assert_eq!(regions.len(), 27);
        assert_unique_and_minimal(p, &regions, &DIGITS, &|_, _| vec![]);
    }
    assert_eq!(resolved("puzzles/jigsaw-sudoku.puz", &out), 3);
}

#[test]
fn what_the_instance_reads_before_the_grid_is_written_back() {
    // A parameter before the clue grid, and a comment: both are kept, so the output reads back.
    let dir = scratch("generate-param");
    let spec = "param k in 2..=3\nboard grid[k * k, k * k] of 1..=k * k\nfill grid\ngiven grid from instance\n\
                clues given grid, empty '.'\n\
                region row(r) = { (r, c) for c in 0..k * k } for r in 0..k * k\n\
                region col(c) = { (r, c) for r in 0..k * k } for c in 0..k * k\n\
                region box(b) = { (k * (b / k) + i / k, k * (b % k) + i % k) for i in 0..k * k } for b in 0..k * k\n\
                each row, col, box holds each value exactly once\n";
    let file = write(&dir, "p.puz", spec);
    let inst = write(&dir, "i.txt", "# a 4x4\n2\n....\n....\n....\n....\n");
    let out = run_ok(&["generate", &file, "--instance", &inst, "--count", "2", "--seed", "1"], None, 0);
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 2, "{out}");
    for b in &blocks {
        let lines: Vec<&str> = b.lines().collect();
        assert_eq!(&lines[..2], ["# a 4x4", "2"], "{out}");
        let p: Vec<Vec<char>> = lines[2..].iter().map(|l| l.chars().collect()).collect();
        assert_eq!(count(&mut p.clone(), 2, &['1', '2', '3', '4'], 2), 1, "{b}");
    }
    assert_eq!(resolved(&file, &out), 2);
}
