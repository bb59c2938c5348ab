//! Lines that are not the same (`no two rows are the same`, `columns`, `rows or columns`;
//! Binairo): counts on small random boards against a brute force written here (every filling
//! of the open cells enumerated and its lines compared), on the exact-cover engines each rule
//! mix reaches; the published numbers of Takuzu grids; counts up to symmetry against classes
//! the brute force forms itself; the shipped Binairo and its second instance against their
//! published solutions.
use crate::common;

use common::*;
use std::collections::BTreeSet;

/// What else the spec says beside the lines that differ, so that each path of the lowering and
/// the engines is taken: nothing (dancing cells with the lines' global constraint alone), a
/// count per row and column (counts as groups of a global constraint beside it), or a
/// pairing (whose items need multiplicities: Algorithm M, which checks global constraints on
/// solutions).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Extra {
    None,
    /// `each row, col holds at most k of <first value>`.
    AtMost(usize),
    /// Values `e`, `x`, `o`: `each 'x' pairs with one 'o' beside it`.
    Pairs,
}

/// A small board: its values (written one character each), holes, givens, which lines must
/// differ, and the extra rule.
struct Board {
    rows: usize,
    cols: usize,
    values: Vec<char>,
    hole: Vec<bool>,
    given: Vec<Option<usize>>,
    by_rows: bool,
    by_cols: bool,
    extra: Extra,
}

impl Board {
    /// The lines of the rule's kinds, each its cells in order; lines of holes only left out.
    fn lines(&self, rows: bool) -> Vec<Vec<usize>> {
        let (count, len) = if rows { (self.rows, self.cols) } else { (self.cols, self.rows) };
        (0..count)
            .map(|l| (0..len).map(|i| if rows { l * self.cols + i } else { i * self.cols + l }).collect::<Vec<_>>())
            .filter(|line| line.iter().any(|&c| !self.hole[c]))
            .collect()
    }

    /// Whether a filling (a value per cell, holes ignored) keeps every rule.
    fn holds(&self, fill: &[usize]) -> bool {
        let written = |line: &[usize]| -> Vec<Option<usize>> {
            line.iter().map(|&c| (!self.hole[c]).then_some(fill[c])).collect()
        };
        for (on, rows) in [(self.by_rows, true), (self.by_cols, false)] {
            if on {
                let lines: Vec<_> = self.lines(rows).iter().map(|l| written(l)).collect();
                let set: BTreeSet<_> = lines.iter().collect();
                if set.len() != lines.len() {
                    return false;
                }
            }
        }
        match self.extra {
            Extra::None => true,
            Extra::AtMost(k) => self
                .lines(true)
                .iter()
                .chain(&self.lines(false))
                .all(|l| l.iter().filter(|&&c| fill[c] == 0).count() <= k),
            Extra::Pairs => self.pairs_off(fill),
        }
    }

    /// Whether the cells holding `x` (value 1) and `o` (value 2) pair off one to one, each
    /// pair sharing a side: every way of giving each `x` a free `o` beside it, tried.
    fn pairs_off(&self, fill: &[usize]) -> bool {
        let xs: Vec<usize> = (0..fill.len()).filter(|&c| !self.hole[c] && fill[c] == 1).collect();
        let os = (0..fill.len()).filter(|&c| !self.hole[c] && fill[c] == 2).count();
        fn place(b: &Board, fill: &[usize], xs: &[usize], used: &mut Vec<usize>) -> bool {
            let Some((&x, rest)) = xs.split_first() else { return true };
            for m in beside(b.rows, b.cols, false, false, x) {
                if !b.hole[m] && fill[m] == 2 && !used.contains(&m) {
                    used.push(m);
                    if place(b, fill, rest, used) {
                        return true;
                    }
                    used.pop();
                }
            }
            false
        }
        xs.len() == os && place(self, fill, &xs, &mut Vec::new())
    }

    /// Every filling of the open cells, counted when it keeps the rules.
    fn count(&self) -> usize {
        let open: Vec<usize> = (0..self.hole.len()).filter(|&c| !self.hole[c] && self.given[c].is_none()).collect();
        let mut fill: Vec<usize> = self.given.iter().map(|g| g.unwrap_or(0)).collect();
        let nv = self.values.len();
        let mut count = 0;
        loop {
            count += usize::from(self.holds(&fill));
            // The next filling, the open cells as the digits of a number in base nv.
            let mut k = 0;
            loop {
                if k == open.len() {
                    return count;
                }
                fill[open[k]] += 1;
                if fill[open[k]] < nv {
                    break;
                }
                fill[open[k]] = 0;
                k += 1;
            }
        }
    }

    fn spec(&self) -> String {
        let values: Vec<String> = self.values.iter().map(|&v| literal(v)).collect();
        let mut s = format!("board g[{}, {}] of [{}]", self.rows, self.cols, values.join(", "));
        let holes: Vec<String> = (0..self.hole.len())
            .filter(|&c| self.hole[c])
            .map(|c| format!("({}, {})", c / self.cols, c % self.cols))
            .collect();
        if !holes.is_empty() {
            s += &format!(", without {{{}}}", holes.join(", "));
        }
        s += "\nfill g\n";
        let given: Vec<String> = (0..self.rows)
            .map(|r| (0..self.cols).map(|c| self.given[r * self.cols + c].map_or('.', |v| self.values[v])).collect())
            .collect();
        s += &format!("given g = \"{}\"\n", given.join("/"));
        s += match (self.by_rows, self.by_cols) {
            (true, true) => "no two rows or columns are the same\n",
            (true, false) => "no two rows are the same\n",
            _ => "no two columns are the same\n",
        };
        match self.extra {
            Extra::None => {}
            Extra::AtMost(k) => {
                s += &format!(
                    "region row(r) = {{ (r, c) for c in 0..{c} }} for r in 0..{r}\n\
                     region col(c) = {{ (r, c) for r in 0..{r} }} for c in 0..{c}\n\
                     each row, col holds at most {k} of {v}\n",
                    r = self.rows,
                    c = self.cols,
                    v = literal(self.values[0])
                );
            }
            Extra::Pairs => s += "each 'x' pairs with one 'o' beside it\n",
        }
        s
    }
}

/// A value as the spec writes it: a digit as a number, a letter as a character.
fn literal(v: char) -> String {
    if v.is_ascii_digit() { v.to_string() } else { format!("'{v}'") }
}

/// A random board of 2–4 rows and columns, two or three values, lines of either kind or
/// both, and givens enough to leave at most 16 (two values) or 10 (three) cells open; holes
/// (none leaving a line of holes only) on boards with no count.
fn random_board(rng: &mut Rng, round: usize) -> Board {
    let (rows, cols) = (2 + rng.below(3), 2 + rng.below(3));
    let extra = match round % 4 {
        0 | 1 => Extra::None,
        2 => Extra::AtMost(1 + rng.below(2)),
        _ => Extra::Pairs,
    };
    let values: Vec<char> = match (extra, rng.below(2)) {
        // Not `-` for the empty cell, nor the characters '0' and '1': a given `-` reads as an
        // empty cell, and so does `0` on a board without the number 0 (reference.md, "Blank
        // cells").
        (Extra::Pairs, _) => vec!['e', 'x', 'o'],
        (_, 0) => vec!['0', '1'],
        _ => vec!['a', 'b', 'c'],
    };
    let (by_rows, by_cols) = [(true, false), (false, true), (true, true)][rng.below(3)];
    let n = rows * cols;
    let mut hole = vec![false; n];
    if !matches!(extra, Extra::AtMost(_)) {
        for _ in 0..rng.below(3) {
            let c = rng.below(n);
            hole[c] = true;
            let empty_line = (0..rows).any(|r| (0..cols).all(|k| hole[r * cols + k]))
                || (0..cols).any(|k| (0..rows).all(|r| hole[r * cols + k]));
            if empty_line {
                hole[c] = false;
            }
        }
    }
    let most_open = if values.len() == 2 { 16 } else { 10 };
    let mut given = vec![None; n];
    let mut cells: Vec<usize> = (0..n).filter(|&c| !hole[c]).collect();
    rng.shuffle(&mut cells);
    let extra_givens = rng.below(3);
    let givens = cells.len().saturating_sub(most_open) + extra_givens;
    for &c in cells.iter().take(givens) {
        given[c] = Some(rng.below(values.len()));
    }
    Board { rows, cols, values, hole, given, by_rows, by_cols, extra }
}

#[test]
fn distinct_counts_on_small_random_boards_equal_a_brute_force() {
    let mut rng = Rng::new(0xB1A1);
    let mut answered = 0;
    for round in 0..64 {
        let b = random_board(&mut rng, round);
        let spec = b.spec();
        let want = b.count();
        answered += usize::from(want > 0);
        for threads in [&[][..], &["--threads", "2"]] {
            let args = [&["solve", "-", "--count"][..], threads].concat();
            let got = run_ok(&args, Some(&spec), 0);
            assert_eq!(got.trim(), want.to_string(), "round {round}, {threads:?}:\n{spec}");
        }
        // Every answer listed is one the brute force counts (the verifier passed each).
        if want > 0 && want <= 20 {
            let all = run_ok(&["solve", "-", "--all"], Some(&spec), 0);
            assert!(all.ends_with(&format!("{want} solution{}\n", if want == 1 { "" } else { "s" })), "{all}");
        }
        // `--unique` agrees: exit 0 with one answer, else the documented exit code.
        let r = run(&["solve", "-", "--unique"], Some(&spec));
        assert_eq!(r.code, unique_exit_code(want), "round {round} --unique ({want} answers):\n{spec}\n{}", r.err);
    }
    assert!(answered >= 40, "only {answered} boards had an answer");
}

/// The rules of a Takuzu grid on an empty n × n board, with the lines compared as `lines`
/// says.
fn takuzu(n: usize, lines: &str) -> String {
    format!(
        "let n = {n}\nboard grid[n, n] of [0, 1]\nfill grid\n\
         region row(r) = {{ (r, c) for c in 0..n }} for r in 0..n\n\
         region col(c) = {{ (r, c) for r in 0..n }} for c in 0..n\n\
         each row, col holds exactly n / 2 of 0\n\
         no 1 by 3 block of 0\nno 3 by 1 block of 0\nno 1 by 3 block of 1\nno 3 by 1 block of 1\n\
         no two {lines} are the same\n"
    )
}

/// OEIS A253316, "Number of 2n X 2n Takuzu grids": 2, 72, 4140 for 2 × 2, 4 × 4, 6 × 6.
#[test]
fn takuzu_grids_are_as_many_as_published() {
    for (n, published) in [(2, 2), (4, 72), (6, 4140)] {
        let got = run_ok(&["solve", "-", "--count"], Some(&takuzu(n, "rows or columns")), 0);
        assert_eq!(got.trim(), published.to_string(), "{n} × {n}");
    }
}

/// Every 4 × 4 grid of 0s and 1s with two of each per row and column and no three equal in a
/// line, with its rows distinct (and its columns, when `columns`).
fn takuzu_4(columns: bool) -> Vec<Vec<u8>> {
    let ok = |line: [u8; 4]| {
        line.iter().filter(|&&v| v == 0).count() == 2 && line.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2]))
    };
    (0u32..1 << 16)
        .map(|m| (0..16).map(|i| (m >> i & 1) as u8).collect::<Vec<u8>>())
        .filter(|g| {
            let row = |r: usize| [g[4 * r], g[4 * r + 1], g[4 * r + 2], g[4 * r + 3]];
            let col = |c: usize| [g[c], g[4 + c], g[8 + c], g[12 + c]];
            let rows: BTreeSet<_> = (0..4).map(row).collect();
            let cols: BTreeSet<_> = (0..4).map(col).collect();
            (0..4).all(|k| ok(row(k)) && ok(col(k))) && rows.len() == 4 && (!columns || cols.len() == 4)
        })
        .collect()
}

/// A map of a 4 × 4 board's cells: (row, column) to (row, column).
type CellMap = fn(usize, usize) -> (usize, usize);

/// The classes of `grids` under the maps of cells `maps` (each closed group listed whole):
/// the least image of each grid, counted once.
fn classes(grids: &[Vec<u8>], maps: &[CellMap]) -> usize {
    let canon: BTreeSet<Vec<u8>> = grids
        .iter()
        .map(|g| {
            maps.iter()
                .map(|f| {
                    let mut img = vec![0; 16];
                    for (cell, &v) in g.iter().enumerate() {
                        let (r, c) = f(cell / 4, cell % 4);
                        img[4 * r + c] = v;
                    }
                    img
                })
                .min()
                .unwrap()
        })
        .collect();
    canon.len()
}

/// Up to symmetry: with rows and columns compared, all eight turns and mirrors of the square
/// keep the rules; with rows only, the four that keep rows as rows (a quarter turn or a
/// diagonal mirror would make them columns, which need not differ).
#[test]
fn takuzu_grids_count_up_to_symmetry_as_the_brute_force_classes() {
    let all: [CellMap; 8] = [
        |r, c| (r, c),
        |r, c| (r, 3 - c),
        |r, c| (3 - r, c),
        |r, c| (3 - r, 3 - c),
        |r, c| (c, r),
        |r, c| (c, 3 - r),
        |r, c| (3 - c, r),
        |r, c| (3 - c, 3 - r),
    ];
    for (columns, lines, maps) in [(true, "rows or columns", &all[..]), (false, "rows", &all[..4])] {
        let grids = takuzu_4(columns);
        let spec = takuzu(4, lines) + "answer count up to symmetry\n";
        let got = run_ok(&["solve", "-"], Some(&spec), 0);
        assert_eq!(got.trim(), classes(&grids, maps).to_string(), "{lines}");
        let plain = run_ok(&["solve", "-", "--count"], Some(&takuzu(4, lines)), 0);
        assert_eq!(plain.trim(), grids.len().to_string(), "{lines}");
    }
}

/// The published puzzles: r/dailyprogrammer's challenge #237 [Hard] "Takuzu Solver"
/// (submitted by u/adrian17, from the game 0h h1), its 6 × 6 challenge input shipped in
/// `puzzles/binairo.puz` and its 12 × 12 one in `puzzles/instances/binairo-12.txt`, each with
/// the challenge's published output. Both have one answer only with the rule on the lines
/// (without it, 5 and 2: counted by a brute force of our own before shipping them).
#[test]
fn shipped_binairo_answers_as_published() {
    let six = "110100\n101100\n010011\n110010\n001101\n001011\n";
    assert_eq!(run_ok(&["solve", "puzzles/binairo.puz", "--unique"], None, 0), six);
    let twelve = "010101101001\n010101001011\n101010110100\n100100110011\n011011001100\n010010110011\n\
                  101100101010\n001101001101\n110010010110\n010101101010\n101010010101\n101011010100\n";
    let args = ["solve", "puzzles/binairo.puz", "--instance", "puzzles/instances/binairo-12.txt", "--unique"];
    assert_eq!(run_ok(&args, None, 0), twelve);
    // Without the rule the puzzles have more answers: the rule is what makes them unique.
    let without = spec_with_line("puzzles/binairo.puz", "no two rows or columns are the same", "");
    assert_eq!(run_ok(&["solve", "-", "--count"], Some(&without), 0).trim(), "5");
    let args = ["solve", "-", "--count", "--instance", "puzzles/instances/binairo-12.txt"];
    assert_eq!(run_ok(&args, Some(&without), 0).trim(), "2");
}

/// The rule prunes during the search, not only on complete grids: a line equal to a complete
/// one but for one open cell loses that cell's value there, so these puzzles need no probing
/// (`puzc grade` level 0: propagation alone). Without that step they are level 1.
#[test]
fn a_line_equal_to_a_complete_one_but_for_one_cell_is_decided_by_propagation() {
    for (given, lines) in [("01/0.", "rows"), ("00/1.", "columns"), ("01/10/1.", "rows or columns")] {
        let (rows, cols) = (given.split('/').count(), given.split('/').next().unwrap().len());
        let spec =
            format!("board g[{rows}, {cols}] of [0, 1]\nfill g\ngiven g = \"{given}\"\nno two {lines} are the same\n");
        let r = run(&["grade", "-"], Some(&spec));
        assert!(r.out.starts_with("level 0,"), "{given}, {lines}: {}{}", r.out, r.err);
    }
}
