//! Chains of consecutive numbers (`consecutive numbers are beside each other`, Numbrix and
//! Hidato): counts on small random boards against a brute force written here (every path
//! through the board's cells enumerated cell by cell, then each numbering kept when it agrees
//! with the givens), published counts of paths on empty squares, counts up to symmetry, and
//! the shipped Hidato and Numbrix against their published solutions.
use crate::common;

use common::*;

/// A small board: squares by a side, squares by a corner too (king moves), or hexagons;
/// holes, and given numbers per cell.
struct Board {
    rows: usize,
    cols: usize,
    hex: bool,
    corners: bool,
    hole: Vec<bool>,
    given: Vec<Option<usize>>,
}

impl Board {
    fn cells(&self) -> usize {
        self.hole.iter().filter(|&&h| !h).count()
    }

    fn near(&self, cell: usize) -> Vec<usize> {
        beside(self.rows, self.cols, self.hex, self.corners, cell).into_iter().filter(|&m| !self.hole[m]).collect()
    }

    /// Every numbering 1..=n of the cells whose consecutive numbers touch: every path through
    /// all the cells, from each start, as the cell of each number.
    fn paths(&self) -> Vec<Vec<usize>> {
        fn extend(b: &Board, path: &mut Vec<usize>, used: &mut [bool], out: &mut Vec<Vec<usize>>) {
            if path.len() == b.cells() {
                out.push(path.clone());
                return;
            }
            for m in b.near(*path.last().unwrap()) {
                if !used[m] {
                    used[m] = true;
                    path.push(m);
                    extend(b, path, used, out);
                    path.pop();
                    used[m] = false;
                }
            }
        }
        let mut out = Vec::new();
        for start in (0..self.hole.len()).filter(|&c| !self.hole[c]) {
            let mut used = vec![false; self.hole.len()];
            used[start] = true;
            extend(self, &mut vec![start], &mut used, &mut out);
        }
        out
    }

    /// The paths that put every given number on its cell.
    fn count(&self) -> usize {
        self.paths()
            .iter()
            .filter(|p| p.iter().enumerate().all(|(i, &cell)| self.given[cell].is_none_or(|g| g == i + 1)))
            .count()
    }

    /// The spec: givens as a `given` string when every number is a digit, else as a grid of
    /// words read by one-cell comparisons (the two ways the shipped specs give numbers).
    fn spec(&self) -> String {
        let n = self.cells();
        let holes: Vec<String> = (0..self.hole.len())
            .filter(|&c| self.hole[c])
            .map(|c| format!("({}, {})", c / self.cols, c % self.cols))
            .collect();
        let mut s = format!("board g[{}, {}] of 1..=n", self.rows, self.cols);
        if !holes.is_empty() {
            s += &format!(", without {{{}}}", holes.join(", "));
        }
        if self.hex {
            s += ", lattice hexagons";
        }
        let rule = if self.corners { ", diagonally too" } else { "" };
        let body = format!("let n = {n}\n{s}\nfill g\nconsecutive numbers are beside each other{rule}\n");
        let rows = |cell: &dyn Fn(usize) -> String| -> String {
            (0..self.rows)
                .map(|r| (0..self.cols).map(|c| cell(r * self.cols + c)).collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>()
                .join("/")
        };
        if n <= 9 {
            let given = rows(&|c| self.given[c].map_or(".".to_string(), |g| g.to_string())).replace(' ', "");
            format!("{body}given g = \"{given}\"\n")
        } else {
            let words = rows(&|c| self.given[c].map_or("-".to_string(), |g| g.to_string()));
            format!(
                "{body}grid clues[{r}, {c}] of words = \"{words}\"\ncells x at (r, c) hold x == clues[r, c] for r in 0..{r}, c in 0..{c} where clues[r, c] != '-'\n",
                r = self.rows,
                c = self.cols
            )
        }
    }
}

/// A random board of 2–4 rows and 2–4 columns with up to two holes, and givens: either a few
/// numbers of one of its paths (so that it has an answer) or numbers drawn at random.
fn random_board(rng: &mut Rng, hex: bool, corners: bool) -> Board {
    let (rows, cols) = (2 + rng.below(3), 2 + rng.below(3));
    let mut hole = vec![false; rows * cols];
    for _ in 0..rng.below(3) {
        hole[rng.below(rows * cols)] = true;
    }
    let mut b = Board { rows, cols, hex, corners, hole, given: vec![None; rows * cols] };
    let n = b.cells();
    let paths = b.paths();
    if !paths.is_empty() && rng.below(3) > 0 {
        let path = &paths[rng.below(paths.len())];
        for (i, &cell) in path.iter().enumerate() {
            if rng.below(3) == 0 {
                b.given[cell] = Some(i + 1);
            }
        }
    } else if n > 0 {
        for _ in 0..1 + rng.below(3) {
            let cell = rng.below(rows * cols);
            if !b.hole[cell] {
                b.given[cell] = Some(1 + rng.below(n));
            }
        }
    }
    b
}

#[test]
fn chain_counts_on_small_random_boards_equal_a_brute_force() {
    let mut rng = Rng::new(0xC4A1);
    let mut answered = 0;
    for round in 0..72 {
        let (hex, corners) = [(false, false), (false, true), (true, false)][round % 3];
        let b = random_board(&mut rng, hex, corners);
        if b.cells() == 0 {
            continue;
        }
        let spec = b.spec();
        let want = b.count();
        answered += usize::from(want > 0);
        for threads in [&[][..], &["--threads", "1"]] {
            let args = [&["solve", "-", "--count"][..], threads].concat();
            let got = run_ok(&args, Some(&spec), 0);
            assert_eq!(got.trim(), want.to_string(), "round {round}, {threads:?}:\n{spec}");
        }
        // `--unique` agrees: exit 0 with one answer, else the documented exit code.
        let r = run(&["solve", "-", "--unique"], Some(&spec));
        assert_eq!(r.code, unique_exit_code(want), "round {round} --unique ({want} answers):\n{spec}\n{}", r.err);
    }
    assert!(answered >= 30, "only {answered} boards had an answer");
}

/// Paths through every cell of an empty n × n square, each counted from both ends: twice
/// OEIS A096969 (1, 4, 20, 276, 4324 undirected Hamiltonian paths for n = 1..5).
#[test]
fn numberings_of_empty_squares_are_twice_the_published_path_counts() {
    for (n, undirected) in [(2, 4), (3, 20), (4, 276), (5, 4324)] {
        let spec = format!("board g[{n}, {n}] of 1..={}\nfill g\nconsecutive numbers are beside each other\n", n * n);
        let got = run_ok(&["solve", "-", "--count"], Some(&spec), 0);
        assert_eq!(got.trim(), (2 * undirected).to_string(), "{n} × {n}");
    }
}

/// Up to symmetry, a numbering is one of its 8 images on a square (no numbering of 2 cells or
/// more is its own image under a turn or a mirror, so every class has 8): the brute force's
/// count over 8.
#[test]
fn chains_count_up_to_symmetry_as_classes_of_eight() {
    for n in [3, 4] {
        let b =
            Board { rows: n, cols: n, hex: false, corners: false, hole: vec![false; n * n], given: vec![None; n * n] };
        let spec = format!(
            "board g[{n}, {n}] of 1..={}\nfill g\nconsecutive numbers are beside each other\nanswer count up to symmetry\n",
            n * n
        );
        let got = run_ok(&["solve", "-"], Some(&spec), 0);
        assert_eq!(got.trim(), (b.count() / 8).to_string(), "{n} × {n}");
    }
}

/// The numbers of a published answer, row by row (holes as `.`), as puzc prints them.
fn grid(rows: &[&str]) -> String {
    let width = rows.iter().flat_map(|r| r.split_whitespace()).map(str::len).max().unwrap();
    rows.iter()
        .map(|r| r.split_whitespace().map(|w| format!("{w:>width$}")).collect::<Vec<_>>().join(" ") + "\n")
        .collect()
}

#[test]
fn shipped_hidato_and_numbrix_answer_as_published() {
    // Wikipedia's sample Hidato and its solution (quoted by Rosetta Code's "Solve a Hidato
    // puzzle").
    let hidato = grid(&[
        "32 33 35 36 37 . . .",
        "31 34 24 22 38 . . .",
        "30 25 23 21 12 39 . .",
        "29 26 20 13 40 11 . .",
        "27 28 14 19 9 10 1 .",
        ". . 15 16 18 8 2 .",
        ". . . . 17 7 6 3",
        ". . . . . . 5 4",
    ]);
    assert_eq!(run_ok(&["solve", "puzzles/hidato.puz", "--unique"], None, 0), hidato);
    // Rosetta Code's "Solve a Numbrix puzzle", examples 1 and 2, with their solutions.
    let first = grid(&[
        "49 50 51 52 53 54 75 76 81",
        "48 47 46 45 44 55 74 77 80",
        "37 38 39 40 43 56 73 78 79",
        "36 35 34 41 42 57 72 71 70",
        "31 32 33 14 13 58 59 68 69",
        "30 17 16 15 12 61 60 67 66",
        "29 18 19 20 11 62 63 64 65",
        "28 25 24 21 10 1 2 3 4",
        "27 26 23 22 9 8 7 6 5",
    ]);
    assert_eq!(run_ok(&["solve", "puzzles/numbrix.puz", "--unique"], None, 0), first);
    let second = grid(&[
        "9 10 13 14 19 20 63 64 65",
        "8 11 12 15 18 21 62 61 66",
        "7 6 5 16 17 22 59 60 67",
        "34 33 4 3 24 23 58 57 68",
        "35 32 31 2 25 54 55 56 69",
        "36 37 30 1 26 53 74 73 70",
        "39 38 29 28 27 52 75 72 71",
        "40 43 44 47 48 51 76 77 78",
        "41 42 45 46 49 50 81 80 79",
    ]);
    let args = ["solve", "puzzles/numbrix.puz", "--instance", "puzzles/instances/numbrix-9.txt", "--unique"];
    assert_eq!(run_ok(&args, None, 0), second);
}
