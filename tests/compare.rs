//! Comparisons between cells (`cells x at A, y at B hold COND`): counts on small random
//! boards against a brute force written here (every filling enumerated, each rule a Rust
//! closure of its own), the shipped Futoshiki on random pictures against every 4×4 Latin
//! square, its published puzzle checked sign by sign, and the diagnostics of misuse.
use crate::common;

use common::*;

/// A relation as puzc writes it and as this test decides it.
type Rel = (&'static str, fn(i64, i64) -> bool);

/// Futoshiki's signs, Kropki's dots, and a few others.
const RELATIONS: &[Rel] = &[
    ("x < y", |x, y| x < y),
    ("x > y", |x, y| x > y),
    ("abs(x - y) == 1", |x, y| (x - y).abs() == 1),
    ("x == 2 * y or y == 2 * x", |x, y| x == 2 * y || y == 2 * x),
    ("x + y == 4", |x, y| x + y == 4),
    ("x != y", |x, y| x != y),
];

/// A rule of a random board: one cell and a value it may not hold, or two cells (perhaps
/// the same cell twice) and a relation.
enum Rule {
    Not(usize, i64),
    Pair(usize, usize, usize),
}

#[test]
fn comparison_counts_equal_a_brute_force() {
    let mut rng = Rng::new(2323);
    for round in 0..40 {
        let (rows, cols, k) = (2 + rng.below(2), 2 + rng.below(2), 2 + rng.below(2) as i64);
        let n = rows * cols;
        // Half the rounds make each row hold each value at most once, so the comparisons
        // meet items of regions too.
        let latin = round % 2 == 1;
        let rules: Vec<Rule> = (0..1 + rng.below(4))
            .map(|_| match rng.below(6) {
                0 => Rule::Not(rng.below(n), 1 + rng.below(k as usize) as i64),
                // Mostly neighbours in a row or column; sometimes any two cells, or one twice.
                1 => Rule::Pair(rng.below(n), rng.below(n), rng.below(RELATIONS.len())),
                _ => {
                    let a = rng.below(n);
                    let b = if rng.below(2) == 0 && a % cols + 1 < cols { a + 1 } else { (a + cols) % n };
                    Rule::Pair(a, b, rng.below(RELATIONS.len()))
                }
            })
            .collect();
        let mut spec = format!("board g[{rows}, {cols}] of 1..={k}\nfill g\n");
        if latin {
            spec.push_str(&format!(
                "region row(r) = {{ (r, c) for c in 0..{cols} }} for r in 0..{rows}\neach row holds each value at most once\n"
            ));
        }
        let at = |c: usize| format!("({}, {})", c / cols, c % cols);
        for rule in &rules {
            spec.push_str(&match *rule {
                Rule::Not(c, v) => format!("cells x at {} hold x != {v}\n", at(c)),
                Rule::Pair(a, b, r) => format!("cells x at {}, y at {} hold {}\n", at(a), at(b), RELATIONS[r].0),
            });
        }
        let mut expected = 0u64;
        let mut f = vec![1i64; n];
        'all: loop {
            let row_ok = |r: usize| {
                let row = &f[r * cols..(r + 1) * cols];
                (0..cols).all(|i| (0..i).all(|j| row[i] != row[j]))
            };
            let ok = (!latin || (0..rows).all(row_ok))
                && rules.iter().all(|rule| match *rule {
                    Rule::Not(c, v) => f[c] != v,
                    Rule::Pair(a, b, r) => (RELATIONS[r].1)(f[a], f[b]),
                });
            expected += ok as u64;
            for v in f.iter_mut() {
                if *v < k {
                    *v += 1;
                    continue 'all;
                }
                *v = 1;
            }
            break;
        }
        let dir = scratch("cmp");
        let path = write(&dir, "s.puz", &spec);
        let out = run(&["solve", &path, "--count"], None);
        assert!(out.code == 0 || out.code == 1, "round {round}: exit {}\n{spec}{}", out.code, out.err);
        assert_eq!(out.out.trim().parse::<u64>().ok(), Some(expected), "round {round}:\n{spec}");
    }
}

/// Every Latin square of order n, as rows of numbers 1..=n.
fn latin_squares(n: usize) -> Vec<Vec<i64>> {
    let mut perms: Vec<Vec<i64>> = vec![vec![]];
    for _ in 0..n {
        perms = perms
            .into_iter()
            .flat_map(|p| {
                let free: Vec<i64> = (1..=n as i64).filter(|v| !p.contains(v)).collect();
                free.into_iter().map(move |v| [p.clone(), vec![v]].concat())
            })
            .collect();
    }
    let mut out = Vec::new();
    let mut rows: Vec<&Vec<i64>> = Vec::new();
    fn grow<'p>(n: usize, perms: &'p [Vec<i64>], rows: &mut Vec<&'p Vec<i64>>, out: &mut Vec<Vec<i64>>) {
        if rows.len() == n {
            out.push(rows.iter().flat_map(|r| r.iter().copied()).collect());
            return;
        }
        for p in perms {
            if rows.iter().all(|r| (0..n).all(|c| r[c] != p[c])) {
                rows.push(p);
                grow(n, perms, rows, out);
                rows.pop();
            }
        }
    }
    grow(n, &perms, &mut rows, &mut out);
    out
}

/// Whether a filled square obeys a Futoshiki picture (2n - 1 rows of 2n - 1 characters).
fn obeys(n: usize, pic: &[Vec<char>], sq: &[i64]) -> bool {
    let v = |r: usize, c: usize| sq[r * n + c];
    (0..2 * n - 1).all(|i| {
        (0..2 * n - 1).all(|j| match (i % 2, j % 2, pic[i][j]) {
            (0, 0, ch) => ch.to_digit(10).is_none_or(|d| v(i / 2, j / 2) == d as i64),
            (0, 1, '<') => v(i / 2, j / 2) < v(i / 2, j / 2 + 1),
            (0, 1, '>') => v(i / 2, j / 2) > v(i / 2, j / 2 + 1),
            (1, 0, '^') => v(i / 2, j / 2) < v(i / 2 + 1, j / 2),
            (1, 0, 'v') => v(i / 2, j / 2) > v(i / 2 + 1, j / 2),
            _ => true,
        })
    })
}

fn picture_text(n: usize, pic: &[Vec<char>]) -> String {
    let lines: Vec<String> =
        pic.iter().map(|row| row.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")).collect();
    format!("{n}\n{}\n", lines.join("\n"))
}

#[test]
fn futoshiki_counts_equal_every_latin_square_checked() {
    let squares = latin_squares(4);
    assert_eq!(squares.len(), 576, "there are 576 Latin squares of order 4 (OEIS A002860)");
    let mut rng = Rng::new(55);
    let n = 4;
    for round in 0..25 {
        let mut pic = vec![vec!['.'; 2 * n - 1]; 2 * n - 1];
        for (i, row) in pic.iter_mut().enumerate() {
            for (j, ch) in row.iter_mut().enumerate() {
                *ch = match (i % 2, j % 2, rng.below(5)) {
                    (0, 0, 0) => char::from_digit(1 + rng.below(n) as u32, 10).unwrap(),
                    (0, 1, 0) => '<',
                    (0, 1, 1) => '>',
                    (1, 0, 0) => '^',
                    (1, 0, 1) => 'v',
                    _ => '.',
                };
            }
        }
        let expected = squares.iter().filter(|sq| obeys(n, &pic, sq)).count();
        let dir = scratch("futo");
        let inst = write(&dir, "p.txt", &picture_text(n, &pic));
        let out = run(&["solve", "puzzles/futoshiki.puz", "--instance", &inst, "--count"], None);
        assert_eq!(out.out.trim().parse::<usize>().ok(), Some(expected), "round {round}:\n{}", picture_text(n, &pic));
    }
}

#[test]
fn the_shipped_futoshiki_has_one_answer_that_obeys_every_sign() {
    let text = std::fs::read_to_string(root().join("puzzles/futoshiki.puz")).unwrap();
    let inline = text.split("\"\"\"").nth(1).expect("an inline instance");
    let mut lines = inline.trim().lines();
    let n: usize = lines.next().unwrap().trim().parse().unwrap();
    let pic: Vec<Vec<char>> = lines.map(|l| l.chars().filter(|c| !c.is_whitespace()).collect()).collect();
    let out = run_ok(&["solve", "puzzles/futoshiki.puz", "--unique"], None, 0);
    let sq: Vec<i64> = out.lines().take(n).flat_map(|l| l.chars().map(|c| c.to_digit(10).unwrap() as i64)).collect();
    assert!(obeys(n, &pic, &sq), "the answer breaks a sign:\n{out}");
    // The brute force agrees that it is the only one (5×5: 161280 Latin squares, A002860).
    let squares = latin_squares(n);
    assert_eq!(squares.len(), 161_280);
    let fits: Vec<&Vec<i64>> = squares.iter().filter(|s| obeys(n, &pic, s)).collect();
    assert_eq!(fits, vec![&sq]);
}

#[test]
fn misuse_is_diagnosed() {
    let cases = [
        ("board g[2, 2] of 1..=2\nfill g\ncells x at (0, 0), x at (0, 1) hold x < x\n", "E102"),
        ("board g[2, 2] of 1..=2\nitem a\noption o = a\ncells x at (0, 0), y at (0, 1) hold x < y\n", "E105"),
        ("board g[2, 2] of 1..=2\nfill g\ncells x at (0, 0), y at (0, 2) hold x < y\n", "G201"),
        ("board g[2, 2] of 1..=2\nfill g\ncells x at (0, 0), y at (0, 1) hold x + y\n", "E103"),
        ("board g[2, 2] of 1..=2\nfill g\ncells x at (0, 0), y at (0, 1) hold x < z\n", "E101"),
        ("board g[2, 2] of 1..=2, without {(0, 1)}\nfill g\ncells x at (0, 0), y at (0, 1) hold x < y\n", "G201"),
    ];
    for (spec, code) in cases {
        let dir = scratch("cmpbad");
        let path = write(&dir, "s.puz", spec);
        let out = run(&["check", &path], None);
        assert_eq!(out.code, 3, "{spec}: {}", out.err);
        assert!(out.err.contains(code), "{spec}: expected {code}, got\n{}", out.err);
    }
}
