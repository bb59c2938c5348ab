//! Loops on a board's edges (`loop on the edges of g`, `each clue of clues counts the loop
//! edges around it`): counts on small random boards against a brute force written here (every
//! set of sides enumerated, corners checked for degree 0 or 2, the loop walked by this file's
//! own code), the number of cycles of a grid graph against OEIS, `--all` and `--unique`
//! exact, and the shipped Slitherlink against its published solution.
use crate::common;

use common::*;
use std::collections::BTreeSet;

/// A board of `rows` × `cols` cells: sides across (`(rows + 1) · cols`, row by row) then down
/// (`rows · (cols + 1)`), each joining two corners of the `(rows + 1) × (cols + 1)` lattice.
struct Grid {
    rows: usize,
    cols: usize,
    ends: Vec<(usize, usize)>,
}

impl Grid {
    fn new(rows: usize, cols: usize) -> Grid {
        let w = cols + 1;
        let mut ends = Vec::new();
        for r in 0..=rows {
            for c in 0..cols {
                ends.push((r * w + c, r * w + c + 1));
            }
        }
        for r in 0..rows {
            for c in 0..=cols {
                ends.push((r * w + c, (r + 1) * w + c));
            }
        }
        Grid { rows, cols, ends }
    }

    /// The four sides of a cell.
    fn sides(&self, r: usize, c: usize) -> [usize; 4] {
        let down = (self.rows + 1) * self.cols;
        [r * self.cols + c, (r + 1) * self.cols + c, down + r * (self.cols + 1) + c, down + r * (self.cols + 1) + c + 1]
    }

    /// Every set of sides forming one loop, by brute force: sides decided one by one, a corner
    /// checked (degree 0 or 2) once its last side is decided, the loop walked at the end.
    fn loops(&self) -> Vec<Vec<bool>> {
        let corners = (self.rows + 1) * (self.cols + 1);
        let mut last = vec![0; corners];
        for (e, &(a, b)) in self.ends.iter().enumerate() {
            last[a] = e;
            last[b] = e;
        }
        let mut out = Vec::new();
        let mut used = vec![false; self.ends.len()];
        let mut degree = vec![0u32; corners];
        self.extend(0, &last, &mut used, &mut degree, &mut out);
        out
    }

    fn extend(&self, e: usize, last: &[usize], used: &mut Vec<bool>, degree: &mut Vec<u32>, out: &mut Vec<Vec<bool>>) {
        if e == self.ends.len() {
            if self.one_cycle(used) {
                out.push(used.clone());
            }
            return;
        }
        let (a, b) = self.ends[e];
        for take in [false, true] {
            used[e] = take;
            if take {
                degree[a] += 1;
                degree[b] += 1;
            }
            let fine = [a, b].iter().all(|&v| last[v] != e || degree[v] == 0 || degree[v] == 2);
            if fine {
                self.extend(e + 1, last, used, degree, out);
            }
            if take {
                degree[a] -= 1;
                degree[b] -= 1;
            }
        }
        used[e] = false;
    }

    /// Every corner has degree 0 or 2 here: one cycle when a walk from one used side meets all.
    fn one_cycle(&self, used: &[bool]) -> bool {
        let total = used.iter().filter(|&&u| u).count();
        let Some(first) = used.iter().position(|&u| u) else { return false };
        let (start, mut at, mut side, mut walked) = (self.ends[first].0, self.ends[first].1, first, 1);
        while at != start {
            side = (0..used.len())
                .find(|&e| used[e] && e != side && (self.ends[e].0 == at || self.ends[e].1 == at))
                .unwrap();
            at = if self.ends[side].0 == at { self.ends[side].1 } else { self.ends[side].0 };
            walked += 1;
        }
        walked == total
    }

    fn keeps(&self, used: &[bool], clues: &[Option<u8>]) -> bool {
        (0..self.rows * self.cols).all(|cell| {
            clues[cell].is_none_or(|k| {
                self.sides(cell / self.cols, cell % self.cols).iter().filter(|&&e| used[e]).count() == k as usize
            })
        })
    }

    /// The sides a text answer draws (`-` and `|` between `+` corners).
    fn read_answer(&self, text: &[&str]) -> Vec<bool> {
        assert_eq!(text.len(), 2 * self.rows + 1, "an answer of {} lines: {text:?}", text.len());
        let at = |line: &str, k: usize| line.as_bytes().get(k).copied().unwrap_or(b' ');
        let mut used = vec![false; self.ends.len()];
        let down = (self.rows + 1) * self.cols;
        for r in 0..=self.rows {
            for c in 0..self.cols {
                used[r * self.cols + c] = at(text[2 * r], 2 * c + 1) == b'-';
            }
        }
        for r in 0..self.rows {
            for c in 0..=self.cols {
                used[down + r * (self.cols + 1) + c] = at(text[2 * r + 1], 2 * c) == b'|';
            }
        }
        used
    }
}

fn spec(rows: usize, cols: usize, clues: &[Option<u8>]) -> String {
    let grid: Vec<String> = (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| clues[r * cols + c].map_or("-".to_string(), |k| k.to_string()))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    format!(
        "board g[{rows}, {cols}]\ngrid clues[{rows}, {cols}] of words = \"{}\"\nloop on the edges of g\n\
         each clue of clues counts the loop edges around it\n",
        grid.join("/")
    )
}

#[test]
fn loop_counts_equal_a_brute_force() {
    let mut rng = Rng::new(23);
    let dir = scratch("loops");
    for round in 0..24 {
        let (rows, cols) = (1 + rng.below(4), 1 + rng.below(4));
        let g = Grid::new(rows, cols);
        let loops = g.loops();
        let clues: Vec<Option<u8>> =
            (0..rows * cols).map(|_| if rng.below(3) == 0 { Some(rng.below(4) as u8) } else { None }).collect();
        let expected = loops.iter().filter(|u| g.keeps(u, &clues)).count();
        let text = spec(rows, cols, &clues);
        let file = write(&dir, &format!("s{round}.puz"), &text);
        let out = run_ok(&["solve", &file, "--count"], None, 0);
        assert_eq!(out.trim(), expected.to_string(), "round {round}:\n{text}");
    }
}

/// OEIS A140517, the number of cycles in the n × n grid graph: 1, 13, 213, 9349 for n = 2..5
/// corners a side; without clues every cycle of the corners is one loop of the board.
#[test]
fn loops_without_clues_are_the_grid_graphs_cycles() {
    let dir = scratch("loops-oeis");
    for (cells, cycles) in [(1, 1), (2, 13), (3, 213), (4, 9349)] {
        let g = Grid::new(cells, cells);
        if cells <= 3 {
            assert_eq!(g.loops().len(), cycles, "the brute force on {cells}×{cells}");
        }
        let file = write(&dir, &format!("n{cells}.puz"), &spec(cells, cells, &vec![None; cells * cells]));
        assert_eq!(run_ok(&["solve", &file, "--count"], None, 0).trim(), cycles.to_string(), "{cells}×{cells}");
        // Split over threads, each piece's search follows the loop from its own choices.
        let two = run_ok(&["solve", &file, "--count", "--threads", "2"], None, 0);
        assert_eq!(two.trim(), cycles.to_string(), "{cells}×{cells} on 2 threads");
    }
}

#[test]
fn all_lists_exactly_the_brute_force_loops() {
    let (rows, cols) = (3, 3);
    let clues = [None, Some(2), None, None, None, Some(1), Some(3), None, None];
    let g = Grid::new(rows, cols);
    let expected: BTreeSet<Vec<bool>> = g.loops().into_iter().filter(|u| g.keeps(u, &clues)).collect();
    assert!(expected.len() > 1, "the instance has several loops");
    let file = write(&scratch("loops-all"), "s.puz", &spec(rows, cols, &clues));
    let out = run_ok(&["solve", &file, "--all"], None, 0);
    let lines: Vec<&str> = out.lines().collect();
    let mut found = BTreeSet::new();
    for answer in lines.split(|l| l.is_empty() || !l.starts_with(['+', ' ', '|'])).filter(|a| !a.is_empty()) {
        assert!(found.insert(g.read_answer(answer)), "an answer printed twice:\n{out}");
    }
    assert_eq!(found, expected, "puzc --all:\n{out}");
    let r = run(&["solve", &file, "--unique"], None);
    assert_eq!(r.code, 6, "--unique on {} loops: {}", expected.len(), r.err);
}

/// The sides a published solution shows (cells inside the loop as `x`): the loop is the
/// border between inside and outside cells, the outside of the board counting as outside.
fn published_sides(g: &Grid, solution: &[&str]) -> Vec<bool> {
    let inside: Vec<Vec<bool>> = solution.iter().map(|l| l.split(' ').map(|t| t == "x").collect()).collect();
    let (rows, cols) = (g.rows as i64, g.cols as i64);
    let is_in = |r: i64, c: i64| r >= 0 && c >= 0 && r < rows && c < cols && inside[r as usize][c as usize];
    let mut expected = vec![false; g.ends.len()];
    for r in 0..rows {
        for c in 0..cols {
            let [top, bottom, left, right] = g.sides(r as usize, c as usize);
            expected[top] = is_in(r, c) != is_in(r - 1, c);
            expected[bottom] = is_in(r, c) != is_in(r + 1, c);
            expected[left] = is_in(r, c) != is_in(r, c - 1);
            expected[right] = is_in(r, c) != is_in(r, c + 1);
        }
    }
    expected
}

/// The shipped Slitherlink against the solution published with it.
#[test]
fn shipped_slitherlink_has_its_published_solution() {
    let solution = [
        "x x x x x - - - x -",
        "x x - - x - x - x -",
        "x x x - x x x x x -",
        "x - - - x - x x - -",
        "x x - - - - x x x x",
        "- - - x - - x - - -",
        "- x x x x - x x x -",
        "- x - x x x x - x -",
        "x x - x - x - - x x",
        "- - - - - x x - x -",
    ];
    let g = Grid::new(10, 10);
    let expected = published_sides(&g, &solution);
    let out = run_ok(&["solve", "puzzles/slitherlink.puz", "--unique"], None, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(g.read_answer(&lines), expected, "puzc:\n{out}");
    assert_eq!(run_ok(&["solve", "puzzles/slitherlink.puz", "--count"], None, 0).trim(), "1");
    let two = run_ok(&["solve", "puzzles/slitherlink.puz", "--count", "--threads", "2"], None, 0);
    assert_eq!(two.trim(), "1");
}

/// A larger published puzzle through the shipped spec: slitherlink4370 of
/// SmilingWayne/puzzlekit-dataset (assets/data/Slitherlink/Slitherlink_dataset_011.json),
/// 17 × 17, unique, against its published solution.
#[test]
fn published_17_by_17_has_its_published_solution() {
    let problem = "17 17
3 1 3 2 2 - 1 0 1 0 1 - 1 1 2 3 2
- - - - 1 - - - - - 2 - - - - - 3
1 2 2 1 0 - 2 3 1 1 2 - 2 2 2 2 1
- - - - - - 1 - - - - - - - - - 2
3 1 2 1 0 - 3 2 2 3 2 - 1 3 2 2 3
- - - - - - - - - - - - - - - - -
2 2 2 1 0 - 2 0 1 1 2 - 2 2 2 2 2
- - - - 2 - - - - - 0 - - - - - 1
1 2 3 2 0 - 1 2 3 3 3 - 3 2 2 2 3
2 - - - - - - - - - 2 - 2 - - - -
2 3 1 1 0 - 3 2 2 1 2 - 2 1 0 1 3
- - - - - - - - - - - 1 - - - - -
2 2 2 1 2 - 1 1 2 1 2 - 0 2 2 2 2
- - - - 2 - - - - - 3 - - - - - 1
2 1 2 2 2 - 2 2 1 3 2 - 3 2 2 2 1
3 - - - - - 2 - - - - - 1 - - - -
1 0 2 2 2 - 2 3 3 3 3 - 1 1 2 2 0
";
    let solution = [
        "x x x - x x - - - - - - - - - x -",
        "- x - - x x - - x - x x x x x x x",
        "- x x x x x x - x x x - - - - - -",
        "- - - x x x x x x x - - x x x x -",
        "x - - x x x - - x - - x x - - x x",
        "x - x x x x x - x x x x x x - - -",
        "x - x x x x - - - - - x - - - x x",
        "x - - - x - - - - - - - - x x x x",
        "x x - x x x x x - x - x - x - - x",
        "x x x x x x x x x x x x x x - - -",
        "- - x x x x - - - - - - - - - - x",
        "x x x - x x x x x - x x x - - - x",
        "- x - - x - - - - - x x x x x x x",
        "- x - - x x - - x - - x x - - - -",
        "x x x - - - - x x - x x - - x x -",
        "x - x x x x x x x x x x x x x x -",
        "- - - x x - - x - x - x x x x - -",
    ];
    let g = Grid::new(17, 17);
    let expected = published_sides(&g, &solution);
    let out = run_ok(&["solve", "puzzles/slitherlink.puz", "--instance", "-", "--unique"], Some(problem), 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(g.read_answer(&lines), expected, "puzc:\n{out}");
}

#[test]
fn misuse_is_a_diagnostic() {
    let dir = scratch("loops-bad");
    let cases = [
        (
            "board g[2, 2] of ['.']\nfill g\ngrid c[2, 2] of words = \"1 -/- -\"\neach clue of c counts the loop edges around it\n",
            "E105",
        ),
        ("board g[2, 2] of ['.']\nfill g\nloop on the edges of g\n", "E105"),
        ("board g[2, 2], without {(0, 0)}\nloop on the edges of g\n", "E105"),
        ("board g[2, 2]\nloop on the edges of g\nloop on the edges of g\n", "E105"),
        (
            "board g[2, 2]\ngrid c[1, 2] of words = \"1 -\"\nloop on the edges of g\neach clue of c counts the loop edges around it\n",
            "G206",
        ),
        (
            "board g[2, 2]\ngrid c[2, 2] of words = \"5 -/- -\"\nloop on the edges of g\neach clue of c counts the loop edges around it\n",
            "G207",
        ),
        ("board g[2, 2]\nloop on the edges of h\n", "E101"),
    ];
    for (k, (text, code)) in cases.iter().enumerate() {
        let spec = write(&dir, &format!("bad{k}.puz"), text);
        let r = run(&["solve", &spec], None);
        assert_eq!(r.code, 3, "{text}: exit {}\n{}", r.code, r.err);
        assert!(r.err.contains(code), "{text}: expected {code}, got\n{}", r.err);
    }
}
