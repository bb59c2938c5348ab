//! Pairings (`each 'T' pairs with one 'A' beside it`): counts on small random boards against a
//! brute force written here (every filling enumerated, and for each, every way of pairing its
//! cells tried by this file's own recursion), a filling with two pairings counted once, a
//! value paired with itself, and the shipped Tents against its published solutions.
use crate::common;

use common::*;

/// Whether the cells with `kind` 1 and those with `kind` 2 can all be paired, a 1 with a 2
/// beside it (or, with `same`, the cells of kind 1 among themselves): the first unpaired cell
/// tries every unpaired partner beside it in turn.
fn can_pair(kind: &[u8], same: bool, near: &dyn Fn(usize) -> Vec<usize>) -> bool {
    fn go(kind: &[u8], same: bool, near: &dyn Fn(usize) -> Vec<usize>, used: &mut Vec<bool>) -> bool {
        let Some(a) = (0..kind.len()).find(|&c| kind[c] != 0 && !used[c]) else { return true };
        let want = if same { kind[a] } else { 3 - kind[a] };
        used[a] = true;
        for b in near(a) {
            if kind[b] == want && !used[b] {
                used[b] = true;
                if go(kind, same, near, used) {
                    return true;
                }
                used[b] = false;
            }
        }
        used[a] = false;
        false
    }
    go(kind, same, near, &mut vec![false; kind.len()])
}

/// A random small board of 'e' (empty), 'T' and 'A': givens ('.' in the picture: unknown)
/// and holes.
struct Board {
    rows: usize,
    cols: usize,
    hex: bool,
    given: Vec<Option<u8>>,
    hole: Vec<bool>,
}

impl Board {
    fn random(rng: &mut Rng, hex: bool) -> Board {
        let (rows, cols) = (2 + rng.below(2), 2 + rng.below(3));
        let given = (0..rows * cols)
            .map(|_| match rng.below(9) {
                0 => Some(0),
                1 | 2 => Some(1),
                3 => Some(2),
                _ => None,
            })
            .collect();
        let hole = (0..rows * cols).map(|_| rng.below(12) == 0).collect();
        Board { rows, cols, hex, given, hole }
    }

    fn header(&self, values: &str) -> String {
        let lattice = if self.hex { ", lattice hexagons" } else { "" };
        let holes: Vec<String> = (0..self.rows * self.cols)
            .filter(|&c| self.hole[c])
            .map(|c| format!("({}, {})", c / self.cols, c % self.cols))
            .collect();
        let without = if holes.is_empty() { String::new() } else { format!(", without {{ {} }}", holes.join(", ")) };
        let letters: Vec<char> = values.chars().collect();
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols).map(|c| self.given[r * self.cols + c].map_or('.', |g| letters[g as usize])).collect()
            })
            .collect();
        let listed: Vec<String> = letters.iter().map(|l| format!("'{l}'")).collect();
        format!(
            "board g[{}, {}] of [{}]{lattice}{without}\nfill g\ngiven g = \"{}\"\n",
            self.rows,
            self.cols,
            listed.join(", "),
            rows.join("/"),
        )
    }

    /// Every filling with values 0..k that agrees with the givens (holes hold 0 here, and
    /// count as empty).
    fn fillings(&self, k: u32) -> Vec<Vec<u8>> {
        let n = self.rows * self.cols;
        let mut out = Vec::new();
        for m in 0..k.pow(n as u32) {
            let f: Vec<u8> = (0..n).map(|c| (m / k.pow(c as u32) % k) as u8).collect();
            let ok = (0..n).all(|c| if self.hole[c] { f[c] == 0 } else { self.given[c].is_none_or(|g| g == f[c]) });
            if ok {
                out.push(f);
            }
        }
        out
    }

    fn count_puzc(&self, values: &str, rules: &str, tag: &str) -> u64 {
        let dir = scratch(tag);
        let spec = write(&dir, "s.puz", &format!("{}{rules}", self.header(values)));
        let out = run_ok(&["solve", &spec, "--count"], None, 0);
        out.trim().parse().unwrap_or_else(|_| panic!("a count, got {out:?}"))
    }
}

#[test]
fn pairing_counts_equal_a_brute_force() {
    let mut rng = Rng::new(2323);
    for round in 0..45 {
        let hex = round % 5 == 4;
        let corners = !hex && round % 3 == 2;
        let mut b = Board::random(&mut rng, hex);
        if round % 4 == 1 {
            // Trees only where given, as in Tents.
            for g in b.given.iter_mut() {
                if *g != Some(1) {
                    *g = g.or(Some(0)).filter(|_| rng.below(3) == 0);
                    if *g == Some(1) {
                        *g = None;
                    }
                }
            }
        }
        let (rows, cols) = (b.rows, b.cols);
        let near = |c: usize| -> Vec<usize> { beside(rows, cols, hex, corners, c) };
        let expected = b
            .fillings(3)
            .iter()
            .filter(|f| {
                let kind: Vec<u8> = (0..f.len()).map(|c| if b.hole[c] { 0 } else { f[c] }).collect();
                can_pair(&kind, false, &near)
            })
            .count() as u64;
        let diagonal = if corners { ", diagonally too" } else { "" };
        let rules = format!("each 'T' pairs with one 'A' beside it{diagonal}\n");
        let got = b.count_puzc("eTA", &rules, "pairs");
        assert_eq!(got, expected, "round {round}:\n{}{rules}", b.header("eTA"));
    }
}

#[test]
fn a_filling_with_two_pairings_counts_once() {
    // Trees at two opposite corners of a 2×2 board: each needs a tent beside it, and there
    // are as many tents as trees, so both other cells are tents — one filling, which pairs
    // in two ways (each tree with either tent). It is one answer.
    let dir = scratch("pairs-twice");
    let spec = write(
        &dir,
        "s.puz",
        "board g[2, 2] of ['e', 'T', 'A']\nfill g\ngiven g = \"T./.T\"\n\
         cells v at (r, c) hold v != 'T' for r in 0..2, c in 0..2 where r != c\n\
         each 'T' pairs with one 'A' beside it\n",
    );
    assert_eq!(run_ok(&["solve", &spec, "--count"], None, 0).trim(), "1");
    assert_eq!(run_ok(&["solve", &spec, "--unique"], None, 0), "TA\nAT\n");
}

#[test]
fn a_value_paired_with_itself_counts_equal_a_brute_force() {
    // Shaded cells in dominoes: every '#' pairs with another '#' beside it.
    let mut rng = Rng::new(77);
    for round in 0..20 {
        let mut b = Board::random(&mut rng, false);
        for g in b.given.iter_mut() {
            *g = g.map(|v| v.min(1));
        }
        let (rows, cols) = (b.rows, b.cols);
        let near = |c: usize| -> Vec<usize> { beside(rows, cols, false, false, c) };
        let expected = b
            .fillings(2)
            .iter()
            .filter(|f| {
                let kind: Vec<u8> = (0..f.len()).map(|c| if b.hole[c] { 0 } else { f[c] }).collect();
                can_pair(&kind, true, &near)
            })
            .count() as u64;
        // 'e' for an empty cell: a '.' in a given picture is an unknown cell.
        let rules = "each '#' pairs with one '#' beside it\n";
        assert_eq!(b.count_puzc("e#", rules, "pairs-same"), expected, "round {round}:\n{}{rules}", b.header("e#"));
    }
    // A full 2×4 board of '#': as many fillings as the domino tilings' shadings — one.
    let dir = scratch("pairs-full");
    let spec = write(&dir, "s.puz", "board g[2, 4] of ['#']\nfill g\neach '#' pairs with one '#' beside it\n");
    assert_eq!(run_ok(&["solve", &spec, "--count"], None, 0).trim(), "1");
    // An odd number of cells cannot pair off.
    let spec = write(&dir, "t.puz", "board g[1, 3] of ['#']\nfill g\neach '#' pairs with one '#' beside it\n");
    assert_eq!(run_ok(&["solve", &spec, "--count"], None, 0).trim(), "0");
}

/// Janko-style Tents text: the published solution as rows of `x` (tree), `o` (tent), `-`.
fn solve_tents(instance: Option<&str>) -> String {
    let mut args = vec!["solve", "puzzles/tents.puz", "--unique"];
    if let Some(i) = instance {
        args.extend(["--instance", i]);
    }
    run_ok(&args, None, 0)
}

#[test]
fn shipped_tents_matches_its_published_solution() {
    // puzzlekit-dataset (SmilingWayne/puzzlekit-dataset, assets/data/Tent/Tent_dataset_000.json),
    // puzzle 179_10x10: its published solution, one row per line.
    let published = "\
x o x o - - x - x o
x - x - - - o - - -
o - o - - - x - o -
- - - x o - o - x -
o x - - x - - - - -
- - x - o - - - o -
o x o - - - - - x -
x - - - - o x - - -
o - o - - x x o - o
- - x - - o - - - x
";
    let want: String = published.lines().map(|l| l.replace(' ', "") + "\n").collect();
    let got: String = solve_tents(None).lines().map(|l| l.replace(' ', "") + "\n").collect();
    assert_eq!(got, want);
}

#[test]
fn shipped_hard_tents_matches_its_published_solution() {
    // The same dataset's puzzle 169_14x24 (puzzles/instances/tents-14x24.txt): its published
    // solution, one row per line.
    let published = "\
- x - - - - o x - o - x - x o - - - - - o x o -
- o - o x - - - - x - o - - - x o x o - x - - -
- - - - x o - o x x - - - - - - - - - - o x - -
o - o x - x - - - o x o - - o - o - o x x x o -
x - - - - o - x - - - - - - x x x - - - o - - -
o - o x - - - o x o - - o x - o x o - - - - - -
x - - x - - - - - - - - - - - - - - - - o x - o
x o - o x o - o x o - - - - - - o - o - - - - x
x - - x - - - x - - - x o - - - x x x - o - - o
o - - o - - o - o - - x - - - o x o - - x - - x
- - x - - - x - x - - o - o - - - - - o x - - -
o - o - - - - x - o x - - x - - o - - - - - o x
x - - - - x - o - - x - x - - - x - - - - x - -
o x - o x o - - - - o - o x o - x o - o x o x o
";
    let got = solve_tents(Some("puzzles/instances/tents-14x24.txt"));
    let got: Vec<String> = got.lines().map(|l| l.replace(' ', "")).collect();
    for (k, row) in published.lines().enumerate() {
        assert_eq!(got[k], row.replace(' ', ""), "row {k}");
    }
    assert_eq!(got.len(), 14);
}
