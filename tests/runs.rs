//! Runs along lines (`the runs of '#' along CELLS are LENGTHS`): the shipped Nonogram on
//! clues of random small pictures against a brute force written here (every shading
//! enumerated, runs read off by this file), a rule on a board of three values and on a
//! diagonal, the shipped puzzle's answer checked line by line, and the diagnostics of misuse.
use crate::common;

use common::*;

/// The lengths of the maximal runs of `true` along a line.
fn runs_of(line: impl Iterator<Item = bool>) -> Vec<usize> {
    let mut out = Vec::new();
    let mut run = 0;
    for on in line {
        if on {
            run += 1;
        } else if run > 0 {
            out.push(run);
            run = 0;
        }
    }
    if run > 0 {
        out.push(run);
    }
    out
}

fn clue_word(runs: &[usize]) -> String {
    if runs.is_empty() { "0".to_string() } else { runs.iter().map(|k| k.to_string()).collect::<Vec<_>>().join(",") }
}

/// Row clues and column clues of a shading (`cell(r, c)`).
fn clues(h: usize, w: usize, cell: &dyn Fn(usize, usize) -> bool) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let rows = (0..h).map(|r| runs_of((0..w).map(|c| cell(r, c)))).collect();
    let cols = (0..w).map(|c| runs_of((0..h).map(|r| cell(r, c)))).collect();
    (rows, cols)
}

fn instance_text(h: usize, w: usize, rows: &[Vec<usize>], cols: &[Vec<usize>]) -> String {
    let mut s = format!("{h} {w}\n");
    for l in rows.iter().chain(cols) {
        s.push_str(&clue_word(l));
        s.push('\n');
    }
    s
}

#[test]
fn nonogram_counts_equal_a_brute_force() {
    let mut rng = Rng::new(4242);
    for round in 0..30 {
        let (h, w) = (1 + rng.below(4), 1 + rng.below(4));
        let picture: Vec<bool> = (0..h * w).map(|_| rng.below(2) == 0).collect();
        let (rows, cols) = clues(h, w, &|r, c| picture[r * w + c]);
        let expected = (0..1u32 << (h * w))
            .filter(|m| clues(h, w, &|r, c| m >> (r * w + c) & 1 == 1) == (rows.clone(), cols.clone()))
            .count();
        let dir = scratch("nono");
        let inst = write(&dir, "p.txt", &instance_text(h, w, &rows, &cols));
        let out = run(&["solve", "puzzles/nonogram.puz", "--instance", &inst, "--count"], None);
        assert_eq!(out.out.trim().parse::<usize>().ok(), Some(expected), "round {round}:\n{}", out.err);
    }
}

#[test]
fn runs_of_a_list_of_values_along_any_cells() {
    // Three values, runs of either 'a' or 'b', along a row and along the main diagonal of a
    // 3×3 board: a brute force over all 3^9 fillings.
    let spec = "board g[3, 3] of ['.', 'a', 'b']\nfill g\n\
                the runs of ['a', 'b'] along [(0, c) for c in 0..3] are [2]\n\
                the runs of 'b' along [(i, i) for i in 0..3] are [1, 1]\n";
    let mut expected = 0;
    for m in 0..3u32.pow(9) {
        let v = |i: usize| m / 3u32.pow(i as u32) % 3;
        let row = runs_of((0..3).map(|c| v(c) != 0));
        let diag = runs_of((0..3).map(|i| v(i * 3 + i) == 2));
        expected += (row == [2] && diag == [1, 1]) as u64;
    }
    let dir = scratch("runs3");
    let path = write(&dir, "s.puz", spec);
    let out = run_ok(&["solve", &path, "--count"], None, 0);
    assert_eq!(out.trim().parse::<u64>().unwrap(), expected);
}

#[test]
fn the_shipped_nonogram_has_one_answer_that_shows_its_clues() {
    let text = std::fs::read_to_string(root().join("puzzles/nonogram.puz")).unwrap();
    let inline = text.split("\"\"\"").nth(1).expect("an inline instance");
    let mut words = inline.split_whitespace();
    let h: usize = words.next().unwrap().parse().unwrap();
    let w: usize = words.next().unwrap().parse().unwrap();
    let lines: Vec<Vec<usize>> =
        words.map(|word| word.split(',').map(|k| k.parse().unwrap()).filter(|&k| k > 0).collect()).collect();
    let out = run_ok(&["solve", "puzzles/nonogram.puz", "--unique"], None, 0);
    let grid: Vec<Vec<bool>> = out.lines().take(h).map(|l| l.chars().map(|c| c == '#').collect()).collect();
    let (rows, cols) = clues(h, w, &|r, c| grid[r][c]);
    assert_eq!([rows, cols].concat(), lines, "the answer does not show its clues:\n{out}");
}

#[test]
fn misuse_is_diagnosed() {
    let cases = [
        ("board g[2, 2] of ['.', '#']\nitem a\noption o = a\nthe runs of '#' along [(0, 0)] are [1]\n", "E105"),
        ("board g[2, 2] of ['.', '#']\nfill g\nthe runs of '#' along [(0, 0), (0, 1)] are [3]\n", "G207"),
        ("board g[2, 2] of ['.', '#']\nfill g\nthe runs of '#' along [(0, 0), (0, 0)] are [1]\n", "G201"),
        ("board g[2, 2] of ['.', '#']\nfill g\nthe runs of '#' along [(0, 0), (0, 5)] are [1]\n", "G201"),
        ("board g[2, 2] of ['.', '#']\nfill g\nthe runs of 'x' along [(0, 0)] are [1]\n", "G204"),
        ("board g[2, 2] of ['.', '#']\nfill g\nthe runs of '#' along [(0, 0)] are ['a']\n", "E103"),
    ];
    for (spec, code) in cases {
        let dir = scratch("runsbad");
        let path = write(&dir, "s.puz", spec);
        let out = run(&["check", &path], None);
        assert_eq!(out.code, 3, "{spec}: {}", out.err);
        assert!(out.err.contains(code), "{spec}: expected {code}, got\n{}", out.err);
    }
}
