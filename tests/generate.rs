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

/// Solutions of a k²×k² sudoku (symbols in `symbols`, '.' empty), counted up to `limit` by
/// plain backtracking on the first empty cell: the statement of sudoku, nothing more.
fn count(grid: &mut [Vec<char>], k: usize, symbols: &[char], limit: usize) -> usize {
    let n = k * k;
    let Some((r, c)) = (0..n * n).map(|i| (i / n, i % n)).find(|&(r, c)| grid[r][c] == '.') else { return 1 };
    let mut found = 0;
    for &s in symbols {
        let clash =
            (0..n).any(|i| grid[r][i] == s || grid[i][c] == s || grid[k * (r / k) + i / k][k * (c / k) + i % k] == s);
        if clash {
            continue;
        }
        grid[r][c] = s;
        found += count(grid, k, symbols, limit - found);
        grid[r][c] = '.';
        if found >= limit {
            break;
        }
    }
    found
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
