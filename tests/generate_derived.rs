//! `puzc generate` for derived clues (`clues in DATA follow from the solution`) and
//! `--uniform`. Every generated puzzle is solved again by `puzc solve --unique` from the text
//! generate printed (a separate run reading it as a user's instance), and its solution is
//! checked here against the clues by the puzzle's statement, written in this file (sums,
//! clue operations, loop sides, buildings seen): a clue that does not follow from the solution
//! fails here whatever puzc thinks. Minimality is checked by removing each clue (each orbit
//! of the symmetry) and counting two solutions. The uniform sampler's frequencies over the
//! 288 4×4 sudoku grids (enumerated here by brute force; 288 is the published count) pass a
//! chi-square test.
use crate::common::{run, run_ok, scratch, write};

fn generate(spec: &str, args: &[&str]) -> String {
    let mut a = vec!["generate", spec];
    a.extend_from_slice(args);
    run_ok(&a, None, 0)
}

/// The puzzles of generate's output (separated by blank lines).
fn blocks(out: &str) -> Vec<String> {
    out.split("\n\n").map(|b| format!("{}\n", b.trim_end())).filter(|b| b.trim() != "").collect()
}

/// Solves `puzzle` with `--unique` (exit 0: exactly one solution) and returns the answer.
fn solve_unique(spec: &str, puzzle: &str) -> String {
    let dir = scratch("gen-derived");
    let file = write(&dir, "p.txt", puzzle);
    run_ok(&["solve", spec, "--instance", &file, "--unique"], None, 0)
}

/// How many solutions `puzzle` has, up to 2.
fn count2(spec: &str, puzzle: &str) -> u64 {
    let dir = scratch("gen-derived");
    let file = write(&dir, "p.txt", puzzle);
    let out = run_ok(&["solve", spec, "--instance", &file, "--count", "--limit", "2"], None, 0);
    out.trim().parse().unwrap_or_else(|_| panic!("a count: {out}"))
}

fn digits(line: &str) -> Vec<i64> {
    line.trim().chars().map(|c| c.to_digit(10).expect("a digit") as i64).collect()
}

/// Each row and column of `g` holds 1..=n once.
fn latin(g: &[Vec<i64>]) {
    let n = g.len();
    for (i, row) in g.iter().enumerate() {
        let mut row: Vec<i64> = row.clone();
        let mut col: Vec<i64> = (0..n).map(|r| g[r][i]).collect();
        row.sort();
        col.sort();
        assert_eq!(row, (1..=n as i64).collect::<Vec<_>>());
        assert_eq!(col, (1..=n as i64).collect::<Vec<_>>());
    }
}

/// A cage puzzle's text: `skip` lines, `n` lines of labels, then `label clue` lines.
fn cages(text: &str, skip: usize, n: usize) -> (Vec<Vec<char>>, Vec<(char, String)>) {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let labels = lines[skip..skip + n].iter().map(|l| l.trim().chars().collect()).collect();
    let clues = lines[skip + n..]
        .iter()
        .map(|l| {
            let (a, b) = l.trim().split_once(' ').expect("`label clue`");
            (a.chars().next().unwrap(), b.to_string())
        })
        .collect();
    (labels, clues)
}

#[test]
fn killer_puzzles_are_unique_and_each_sum_is_its_cage_s() {
    let out = generate("puzzles/killer-sudoku.puz", &["--count", "2", "--seed", "3"]);
    let ps = blocks(&out);
    assert_eq!(ps.len(), 2, "{out}");
    assert_ne!(ps[0], ps[1]);
    for p in &ps {
        let answer = solve_unique("puzzles/killer-sudoku.puz", p);
        let g: Vec<Vec<i64>> = answer.lines().take(9).map(digits).collect();
        latin(&g);
        for b in 0..9 {
            let mut boxed: Vec<i64> = (0..9).map(|i| g[3 * (b / 3) + i / 3][3 * (b % 3) + i % 3]).collect();
            boxed.sort();
            assert_eq!(boxed, (1..=9).collect::<Vec<_>>());
        }
        let (labels, sums) = cages(p, 0, 9);
        assert_eq!(labels.iter().flatten().collect::<std::collections::BTreeSet<_>>().len(), sums.len());
        for (l, sum) in &sums {
            let cells: Vec<i64> = (0..81).filter(|&i| labels[i / 9][i % 9] == *l).map(|i| g[i / 9][i % 9]).collect();
            let mut distinct = cells.clone();
            distinct.sort();
            distinct.dedup();
            assert_eq!(distinct.len(), cells.len(), "cage {l} repeats a digit");
            assert_eq!(cells.iter().sum::<i64>(), sum.parse::<i64>().unwrap(), "cage {l}");
        }
    }
}

#[test]
fn kenken_clues_hold_with_their_operations() {
    let out = generate("puzzles/kenken.puz", &["--count", "3", "--seed", "2"]);
    let ps = blocks(&out);
    assert_eq!(ps.len(), 3, "{out}");
    for p in &ps {
        let answer = solve_unique("puzzles/kenken.puz", p);
        let g: Vec<Vec<i64>> = answer.lines().take(6).map(digits).collect();
        latin(&g);
        let (labels, clues) = cages(p, 1, 6);
        for (l, clue) in &clues {
            let ns: Vec<i64> = (0..36).filter(|&i| labels[i / 6][i % 6] == *l).map(|i| g[i / 6][i % 6]).collect();
            let number: i64 = clue.trim_end_matches(|c: char| !c.is_ascii_digit()).parse().unwrap();
            let op = &clue[number.to_string().len()..];
            let (hi, lo) = (*ns.iter().max().unwrap(), *ns.iter().min().unwrap());
            let made = match op {
                "" => ns[0],
                "+" => ns.iter().sum(),
                "x" => ns.iter().product(),
                "-" => hi - lo,
                "/" => {
                    assert_eq!(hi % lo, 0);
                    hi / lo
                }
                other => panic!("operation {other}"),
            };
            assert!(op.is_empty() == (ns.len() == 1), "a clue without an operation is a one-cell cage's");
            assert_eq!(made, number, "cage {l}: {ns:?} {clue}");
        }
    }
}

/// The sides of cell (r, c) on the loop drawn by Slitherlink's answer (`+-+` corners, `|`).
pub(crate) fn loop_sides(drawing: &[Vec<char>], r: usize, c: usize) -> usize {
    let at = |y: usize, x: usize| drawing.get(y).and_then(|l| l.get(x)).copied().unwrap_or(' ');
    [
        at(2 * r, 2 * c + 1) == '-',
        at(2 * r + 2, 2 * c + 1) == '-',
        at(2 * r + 1, 2 * c) == '|',
        at(2 * r + 1, 2 * c + 2) == '|',
    ]
    .iter()
    .filter(|&&b| b)
    .count()
}

#[test]
fn slitherlink_puzzles_are_unique_minimal_and_symmetric() {
    let spec = "puzzles/slitherlink.puz";
    let out = generate(spec, &["--count", "2", "--seed", "4", "--symmetry", "rot180"]);
    for p in blocks(&out) {
        let lines: Vec<&str> = p.lines().collect();
        assert_eq!(lines[0], "10 10");
        let clues: Vec<Vec<&str>> = lines[1..].iter().map(|l| l.split_whitespace().collect()).collect();
        assert_eq!(clues.len(), 10);
        let answer = solve_unique(spec, &p);
        let drawing: Vec<Vec<char>> = answer.lines().map(|l| l.chars().collect()).collect();
        for r in 0..10 {
            for c in 0..10 {
                assert_eq!(clues[r][c] == "-", clues[9 - r][9 - c] == "-", "not rot180 at ({r}, {c})");
                if let Ok(k) = clues[r][c].parse::<usize>() {
                    assert_eq!(loop_sides(&drawing, r, c), k, "clue ({r}, {c})");
                }
            }
        }
        // Minimal for rot180: each clue removed with its image leaves two solutions.
        for r in 0..10 {
            for c in 0..10 {
                if clues[r][c] == "-" || (r, c) > (9 - r, 9 - c) {
                    continue;
                }
                let mut less = clues.clone();
                less[r][c] = "-";
                less[9 - r][9 - c] = "-";
                let text: Vec<String> = less.iter().map(|row| row.join(" ")).collect();
                assert_eq!(count2(spec, &format!("10 10\n{}\n", text.join("\n"))), 2, "clue ({r}, {c}) could go");
            }
        }
    }
}

/// Buildings seen along `line`.
fn seen(line: &[i64]) -> i64 {
    let mut top = 0;
    let mut k = 0;
    for &h in line {
        if h > top {
            k += 1;
            top = h;
        }
    }
    k
}

#[test]
fn skyscrapers_edges_are_what_the_rows_show_and_each_orbit_is_needed() {
    let spec = "puzzles/skyscrapers.puz";
    let out = generate(spec, &["--seed", "2", "--symmetry", "dihedral"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "6");
    let pic: Vec<Vec<char>> =
        lines[1..].iter().map(|l| l.split_whitespace().map(|w| w.chars().next().unwrap()).collect()).collect();
    assert_eq!((pic.len(), pic[0].len()), (8, 8));
    let answer = solve_unique(spec, &out);
    let g: Vec<Vec<i64>> = answer.lines().take(6).map(digits).collect();
    latin(&g);
    let num = |ch: char| ch.to_digit(10).map(|d| d as i64);
    for i in 0..6 {
        let row = g[i].clone();
        let col: Vec<i64> = (0..6).map(|r| g[r][i]).collect();
        let rev = |v: &[i64]| v.iter().rev().copied().collect::<Vec<_>>();
        for (clue, line) in [
            (pic[i + 1][0], row.clone()),
            (pic[i + 1][7], rev(&row)),
            (pic[0][i + 1], col.clone()),
            (pic[7][i + 1], rev(&col)),
        ] {
            if let Some(k) = num(clue) {
                assert_eq!(seen(&line), k);
            }
        }
        for j in 0..6 {
            if let Some(k) = num(pic[i + 1][j + 1]) {
                assert_eq!(g[i][j], k, "given ({i}, {j})");
            }
        }
    }
    // The eight images of a position under the square's turns and mirrors.
    let images = |r: usize, c: usize| {
        let m = 7;
        let mut v =
            vec![(r, c), (c, m - r), (m - r, m - c), (m - c, r), (r, m - c), (m - r, c), (c, r), (m - c, m - r)];
        v.sort();
        v.dedup();
        v
    };
    let mut done = std::collections::BTreeSet::new();
    for r in 0..8 {
        for c in 0..8 {
            if pic[r][c] == '.' || !done.insert(images(r, c)) {
                continue;
            }
            let mut less = pic.clone();
            for (a, b) in images(r, c) {
                less[a][b] = '.';
            }
            let text: Vec<String> =
                less.iter().map(|row| row.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")).collect();
            assert_eq!(count2(spec, &format!("6\n{}\n", text.join("\n"))), 2, "the orbit of ({r}, {c}) could go");
        }
    }
}

/// Checks a generated Kakuro on the shipped 7×7 layout: one solution (`solve --unique`), and
/// each clue the sum of the run it heads in that solution, with no digit twice in a run.
fn kakuro_sums_are_its_runs(out: &str) {
    let spec = "puzzles/kakuro.puz";
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "7 7");
    let cells: Vec<Vec<&str>> = lines[1..].iter().map(|l| l.split_whitespace().collect()).collect();
    let answer = solve_unique(spec, out);
    let g: Vec<Vec<char>> = answer.lines().map(|l| l.chars().collect()).collect();
    let val = |r: usize, c: usize| g[r][c].to_digit(10).map(|d| d as i64);
    let mut runs = 0;
    for r in 0..7 {
        for c in 0..7 {
            let Some((down, right)) = cells[r][c].split_once('\\') else { continue };
            for (clue, dr, dc) in [(down, 1, 0), (right, 0, 1)] {
                let (mut y, mut x, mut run) = (r + dr, c + dc, Vec::new());
                while y < 7 && x < 7 && cells[y][x] == "." {
                    run.push(val(y, x).expect("a white cell holds a digit"));
                    (y, x) = (y + dr, x + dc);
                }
                assert_eq!(clue.is_empty(), run.is_empty(), "({r}, {c}): a clue heads a run");
                if !run.is_empty() {
                    runs += 1;
                    assert_eq!(run.iter().sum::<i64>(), clue.parse::<i64>().unwrap(), "({r}, {c})");
                    let mut d = run.clone();
                    d.sort();
                    d.dedup();
                    assert_eq!(d.len(), run.len());
                }
            }
        }
    }
    assert!(runs >= 10, "{out}");
}

#[test]
fn kakuro_sums_are_the_runs_of_the_solution() {
    // The default attempts: a sampled filling is moved where a second solution differs from
    // it until its sums fix it (`--moves`), instead of thousands of fresh fillings.
    let out = generate("puzzles/kakuro.puz", &["--count", "3", "--seed", "3"]);
    let ps = blocks(&out);
    assert_eq!(ps.len(), 3, "{out}");
    assert!(ps[0] != ps[1] && ps[1] != ps[2] && ps[0] != ps[2], "{out}");
    for p in &ps {
        kakuro_sums_are_its_runs(p);
    }
    // Reproducible: the same seed, the same bytes; puzzle 1 whatever the count.
    assert_eq!(out, generate("puzzles/kakuro.puz", &["--count", "3", "--seed", "3", "--threads", "1"]));
    assert!(out.starts_with(&generate("puzzles/kakuro.puz", &["--seed", "3"])));
    // Fresh fillings alone (`--moves 0`, what generate did before the moves) rarely give sums
    // with one solution: the default 100 attempts find none here.
    let e = refused(&["generate", "puzzles/kakuro.puz", "--seed", "3", "--moves", "0"], "S402");
    assert!(e.contains("found no minimal puzzle in 100 attempts (no sampled solution's full clue set"), "{e}");
}

#[test]
fn the_same_seed_gives_the_same_puzzles() {
    let args = ["--count", "2", "--seed", "9", "--symmetry", "mirror"];
    let a = generate("puzzles/slitherlink.puz", &args);
    assert_eq!(a, generate("puzzles/slitherlink.puz", &args));
    let one = generate("puzzles/slitherlink.puz", &["--count", "1", "--seed", "9", "--symmetry", "mirror"]);
    assert!(a.starts_with(&one));
    assert_ne!(a, generate("puzzles/slitherlink.puz", &["--count", "2", "--seed", "10", "--symmetry", "mirror"]));
    let k = generate("puzzles/kenken.puz", &["--seed", "4"]);
    assert_eq!(k, generate("puzzles/kenken.puz", &["--seed", "4"]));
}

/// Runs generate expecting a diagnostic with `code`; returns stderr.
fn refused(args: &[&str], code: &str) -> String {
    let r = run(args, None);
    assert_ne!(r.code, 0, "{}", r.out);
    assert!(r.out.is_empty(), "nothing printed: {}", r.out);
    assert!(r.err.starts_with(code), "{code} expected:\n{}", r.err);
    r.err
}

#[test]
fn requests_the_clues_cannot_meet_are_coded_diagnostics() {
    // Killer's sums all stay: nothing to remove.
    let e = refused(&["generate", "puzzles/killer-sudoku.puz", "--minimal"], "E111");
    assert!(e.contains("no clue of `total` can be left out"), "{e}");
    // More clues than places.
    let e = refused(&["generate", "puzzles/slitherlink.puz", "--clues", "101"], "S402");
    assert!(e.contains("101 clues asked for, but a puzzle has 100 places"), "{e}");
    // A clue count no puzzle reaches ends at the time limit, never spins.
    let e = refused(&["generate", "puzzles/slitherlink.puz", "--clues", "2", "--timeout", "1"], "S402");
    assert!(e.contains("the time limit (1s) ran out after 0 puzzles of 1"), "{e}");
    // A table has no geometry for a symmetry.
    let dir = scratch("gen-derived");
    let text = std::fs::read_to_string("puzzles/killer-sudoku.puz")
        .unwrap()
        .replace("clues in total follow from the solution ", "clues in total follow from the solution, empty '-' ");
    let spec = write(&dir, "k.puz", &text);
    let e = refused(&["generate", &spec, "--symmetry", "rot180"], "G211");
    assert!(e.contains("the clues of table `total` have no rot180 symmetry"), "{e}");
}

#[test]
fn a_statement_that_does_not_apply_is_e111() {
    let dir = scratch("gen-derived");
    // Data that no rule reads and no region is read from.
    let unread = "board g[1, 2] of 1..=2\nfill g\ngrid d[1, 2] from instance\nclues in d follow from the solution\n\
                  region row = { (0, 0), (0, 1) }\neach row holds each value exactly once\ninstance \"ab\"\n";
    let spec = write(&dir, "unread.puz", unread);
    let e = refused(&["generate", &spec], "E111");
    assert!(e.contains("no rule reads a clue of `d`"), "{e}");
    // Data that is part of the spec, not the instance.
    let inline = "board g[1, 2] of 1..=2\nfill g\ngrid d[1, 2] = \"12\"\nclues in d follow from the solution\n\
                  region row = { (0, 0), (0, 1) }\neach row holds each value exactly once\n";
    let spec = write(&dir, "inline.puz", inline);
    let e = refused(&["check", &spec], "E111");
    assert!(e.contains("`d` is not read from the instance"), "{e}");
    // Both kinds of clues.
    let both = std::fs::read_to_string("puzzles/sudoku9.puz").unwrap().replace(
        "clues given grid, empty '.'",
        "clues given grid, empty '.'\ngrid d[1, 1] from instance\nclues in d follow from the solution",
    );
    let spec = write(&dir, "both.puz", &both);
    let e = refused(&["check", &spec], "E111");
    assert!(e.contains("the clues are declared twice"), "{e}");
}

/// The 4×4 sudoku spec of the uniform test.
const SUDOKU4: &str = "let k = 2\nlet n = k * k\nboard grid[n, n] of 1..=n\nfill grid\ngiven grid from instance\n\
    clues given grid, empty '.'\nregion row(r) = { (r, c) for c in 0..n } for r in 0..n\n\
    region col(c) = { (r, c) for r in 0..n } for c in 0..n\n\
    region box(b) = { (k * (b / k) + i / k, k * (b % k) + i % k) for i in 0..n } for b in 0..n\n\
    each row, col, box holds each value exactly once\ninstance \"\"\"\n....\n....\n....\n....\n\"\"\"\n";

/// Every 4×4 sudoku grid, by brute force over rows of permutations.
fn all_grids4() -> Vec<String> {
    let mut perms = Vec::new();
    for a in 1..=4u8 {
        for b in 1..=4 {
            for c in 1..=4 {
                for d in 1..=4 {
                    let mut s = [a, b, c, d];
                    s.sort();
                    if s == [1, 2, 3, 4] {
                        perms.push([a, b, c, d]);
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    for r0 in &perms {
        for r1 in &perms {
            for r2 in &perms {
                for r3 in &perms {
                    let g = [r0, r1, r2, r3];
                    let cols = (0..4).all(|c| {
                        let mut v: Vec<u8> = (0..4).map(|r| g[r][c]).collect();
                        v.sort();
                        v == [1, 2, 3, 4]
                    });
                    let boxes = (0..4).all(|b| {
                        let mut v: Vec<u8> = (0..4).map(|i| g[2 * (b / 2) + i / 2][2 * (b % 2) + i % 2]).collect();
                        v.sort();
                        v == [1, 2, 3, 4]
                    });
                    if cols && boxes {
                        out.push(
                            g.iter().map(|r| r.iter().map(|d| d.to_string()).collect::<String>() + "\n").collect(),
                        );
                    }
                }
            }
        }
    }
    out
}

#[test]
fn uniform_draws_of_the_288_sudoku4_grids_pass_a_chi_square_test() {
    let grids = all_grids4();
    assert_eq!(grids.len(), 288, "the published number of 4×4 sudoku grids");
    let dir = scratch("gen-uniform");
    let spec = write(&dir, "s4.puz", SUDOKU4);
    // `--clues 16`: every cell stays, so each puzzle printed is the drawn grid.
    let draws = 5760;
    let out = generate(&spec, &["--uniform", "--clues", "16", "--count", &draws.to_string(), "--seed", "1"]);
    let mut seen = std::collections::HashMap::new();
    for b in blocks(&out) {
        assert!(grids.contains(&b), "not a grid: {b}");
        *seen.entry(b).or_insert(0u64) += 1;
    }
    assert_eq!(seen.values().sum::<u64>(), draws);
    let expected = draws as f64 / 288.0;
    let chi2: f64 =
        grids.iter().map(|g| (seen.get(g).copied().unwrap_or(0) as f64 - expected).powi(2) / expected).sum();
    // The 0.999 quantile of chi-square with 287 degrees of freedom is 366.8
    // (Wilson–Hilferty: 287 · (1 − 2/(9·287) + 3.090 · sqrt(2/(9·287)))³).
    assert!(chi2 < 366.8, "chi-square {chi2:.1} over 287 degrees of freedom");
}

#[test]
fn uniform_is_refused_when_the_counts_cost_more_than_the_budget() {
    let e = refused(&["generate", "puzzles/sudoku9.puz", "--uniform", "--uniform-budget", "1000"], "S402");
    assert!(
        e.contains("cannot draw solutions uniformly: counting the solutions under 0 chosen options needs more than"),
        "{e}"
    );
}
