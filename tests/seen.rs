//! Sight lines (`along CELLS, K cells are seen`): the shipped Skyscrapers on clues of random
//! small Latin squares against a brute force written here (every Latin square enumerated,
//! the buildings seen counted by this file), the rule on a board without all-different along
//! a row, a column and a diagonal, the shipped puzzle's answer against the published one,
//! and the diagnostics of misuse.
use crate::common;

use common::*;

/// How many values along a line are greater than every value before them.
fn seen(line: impl Iterator<Item = u32>) -> usize {
    let mut tallest = 0;
    let mut count = 0;
    for h in line {
        if h > tallest {
            tallest = h;
            count += 1;
        }
    }
    count
}

/// The four clues of every row and column of a grid: from the left, the right, the top and
/// the bottom.
fn clues(n: usize, g: &[u32]) -> Vec<[usize; 4]> {
    let mut out = Vec::new();
    for i in 0..n {
        let row = |rev: bool| seen((0..n).map(|c| g[i * n + if rev { n - 1 - c } else { c }]));
        let col = |rev: bool| seen((0..n).map(|r| g[(if rev { n - 1 - r } else { r }) * n + i]));
        out.push([row(false), row(true), col(false), col(true)]);
    }
    out
}

/// Every Latin square of order n on 1..=n, row by row.
fn latin_squares(n: usize) -> Vec<Vec<u32>> {
    fn extend(n: usize, g: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        if g.len() == n * n {
            out.push(g.clone());
            return;
        }
        let (r, c) = (g.len() / n, g.len() % n);
        for v in 1..=n as u32 {
            let clash = (0..c).any(|k| g[r * n + k] == v) || (0..r).any(|k| g[k * n + c] == v);
            if !clash {
                g.push(v);
                extend(n, g, out);
                g.pop();
            }
        }
    }
    let mut out = Vec::new();
    extend(n, &mut Vec::new(), &mut out);
    out
}

/// The instance text of clues (0 for none) around an empty n×n grid.
fn picture(n: usize, shown: &[[usize; 4]]) -> String {
    let d = |k: usize| if k == 0 { ".".to_string() } else { k.to_string() };
    let mut s = format!("{n}\n");
    s += &format!(".{}.\n", (0..n).map(|c| d(shown[c][2])).collect::<String>());
    for (r, line) in shown.iter().enumerate() {
        s += &format!("{}{}{}\n", d(line[0]), ".".repeat(n), d(shown[r][1]));
    }
    s += &format!(".{}.\n", (0..n).map(|c| d(shown[c][3])).collect::<String>());
    s
}

#[test]
fn skyscrapers_counts_equal_a_brute_force() {
    let mut rng = Rng::new(2323);
    for n in 1..=4 {
        let squares = latin_squares(n);
        for round in 0..8 {
            let answer = &squares[rng.below(squares.len())];
            // Keep each clue with probability one half (0: no clue).
            let shown: Vec<[usize; 4]> =
                clues(n, answer).iter().map(|l| l.map(|k| if rng.below(2) == 0 { k } else { 0 })).collect();
            let fits =
                |g: &Vec<u32>| clues(n, g).iter().zip(&shown).all(|(l, s)| (0..4).all(|k| s[k] == 0 || s[k] == l[k]));
            let expected = squares.iter().filter(|g| fits(g)).count();
            let dir = scratch("sky");
            let inst = write(&dir, "p.txt", &picture(n, &shown));
            let out = run(&["solve", "puzzles/skyscrapers.puz", "--instance", &inst, "--count"], None);
            assert_eq!(out.out.trim().parse::<usize>().ok(), Some(expected), "n {n} round {round}:\n{}", out.err);
        }
    }
}

#[test]
fn sight_lines_along_any_cells_without_all_different() {
    // A 2×3 board of 1..=3, values free: a row from the right, a column from the bottom and
    // a diagonal; a brute force over all 3^6 fillings.
    let spec = "board g[2, 3] of 1..=3\nfill g\n\
                along [(0, 2 - c) for c in 0..3], 2 cells are seen\n\
                along [(1, 1), (0, 1)], 1 cells are seen\n\
                along [(0, 0), (1, 1)], 2 cells are seen\n";
    let mut expected = 0;
    for m in 0..3u32.pow(6) {
        let v = |i: usize| m / 3u32.pow(i as u32) % 3 + 1;
        let ok = seen([v(2), v(1), v(0)].into_iter()) == 2
            && seen([v(4), v(1)].into_iter()) == 1
            && seen([v(0), v(4)].into_iter()) == 2;
        expected += ok as u64;
    }
    let dir = scratch("seen");
    let path = write(&dir, "s.puz", spec);
    let out = run_ok(&["solve", &path, "--count"], None, 0);
    assert_eq!(out.trim().parse::<u64>().unwrap(), expected);
}

#[test]
fn the_shipped_skyscrapers_has_the_published_answer_only() {
    // The solution the Codewars kata "6 By 6 Skyscrapers" prints for its example.
    let published = "561432\n413265\n236154\n654321\n125643\n342516\n";
    let out = run_ok(&["solve", "puzzles/skyscrapers.puz", "--unique"], None, 0);
    assert!(out.starts_with(published), "{out}");
    let count = run_ok(&["solve", "puzzles/skyscrapers.puz", "--count"], None, 0);
    assert_eq!(count.trim(), "1");
}

#[test]
fn misuse_is_diagnosed() {
    let cases = [
        ("board g[2, 2] of 1..=2\nitem a\noption o = a\nalong [(0, 0)], 1 cells are seen\n", "E105"),
        ("board g[2, 2] of 1..=2\nfill g\nalong [(0, 0), (0, 1)], 3 cells are seen\n", "G207"),
        ("board g[2, 2] of 1..=2\nfill g\nalong [(0, 0), (0, 1)], 0 cells are seen\n", "G207"),
        ("board g[2, 2] of 1..=2\nfill g\nalong [(0, 0), (0, 0)], 1 cells are seen\n", "G201"),
        ("board g[2, 2] of 1..=2\nfill g\nalong [(0, 0), (0, 5)], 1 cells are seen\n", "G201"),
        ("board g[2, 2] of ['a', 'b']\nfill g\nalong [(0, 0)], 1 cells are seen\n", "E103"),
        ("board g[2, 2] of 1..=2\nfill g\nalong [(0, 0)], 'a' cells are seen\n", "E103"),
    ];
    for (spec, code) in cases {
        let dir = scratch("seenbad");
        let path = write(&dir, "s.puz", spec);
        let out = run(&["check", &path], None);
        assert_eq!(out.code, 3, "{spec}: {}", out.err);
        assert!(out.err.contains(code), "{spec}: expected {code}, got\n{}", out.err);
    }
}
