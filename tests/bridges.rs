//! Bridges between islands (`bridges join the numbers of clues, at most K between two`, `all
//! islands are connected`): counts on small random boards against a brute force written here
//! (its own pairs of islands, every count of every pair enumerated, crossings, numbers and
//! connection checked by this file's code), `--all` and `--unique` exact, and the shipped
//! Hashiwokakero and a larger published puzzle against their published solutions.
use crate::common;

use common::*;
use std::collections::BTreeSet;

/// Islands on a board: `num[cell]` (0 for water), and the pairs a bridge may join.
struct Sea {
    rows: usize,
    cols: usize,
    num: Vec<u32>,
    /// `(a, b, cells strictly between)`, a bridge across or down.
    pairs: Vec<(usize, usize, Vec<usize>)>,
}

impl Sea {
    fn new(rows: usize, cols: usize, num: Vec<u32>) -> Sea {
        let mut pairs = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if num[r * cols + c] == 0 {
                    continue;
                }
                // The next island to the right, and below.
                if let Some(d) = (c + 1..cols).find(|&d| num[r * cols + d] > 0) {
                    pairs.push((r * cols + c, r * cols + d, (c + 1..d).map(|e| r * cols + e).collect()));
                }
                if let Some(s) = (r + 1..rows).find(|&s| num[s * cols + c] > 0) {
                    pairs.push((r * cols + c, s * cols + c, (r + 1..s).map(|t| t * cols + c).collect()));
                }
            }
        }
        Sea { rows, cols, num, pairs }
    }

    /// Whether bridges with these counts (one per pair) answer the puzzle.
    fn keeps(&self, counts: &[u32], connected: bool) -> bool {
        let cells = self.rows * self.cols;
        let mut ends = vec![0u32; cells];
        let mut under = vec![false; cells];
        for (k, (a, b, between)) in self.pairs.iter().enumerate() {
            if counts[k] == 0 {
                continue;
            }
            ends[*a] += counts[k];
            ends[*b] += counts[k];
            for &x in between {
                if under[x] {
                    return false;
                }
                under[x] = true;
            }
        }
        if ends != self.num {
            return false;
        }
        if !connected {
            return true;
        }
        let islands: Vec<usize> = (0..cells).filter(|&x| self.num[x] > 0).collect();
        let Some(&first) = islands.first() else { return true };
        let mut met = BTreeSet::from([first]);
        let mut todo = vec![first];
        while let Some(x) = todo.pop() {
            for (k, (a, b, _)) in self.pairs.iter().enumerate() {
                let other = if *a == x {
                    *b
                } else if *b == x {
                    *a
                } else {
                    continue;
                };
                if counts[k] > 0 && met.insert(other) {
                    todo.push(other);
                }
            }
        }
        met.len() == islands.len()
    }

    /// Every answer, by brute force: each pair's count from 0 to `most`, an odometer.
    fn answers(&self, most: u32, connected: bool) -> Vec<Vec<u32>> {
        let mut counts = vec![0u32; self.pairs.len()];
        let mut out = Vec::new();
        loop {
            if self.keeps(&counts, connected) {
                out.push(counts.clone());
            }
            let Some(k) = (0..counts.len()).find(|&k| counts[k] < most) else { return out };
            counts[k] += 1;
            counts[..k].iter_mut().for_each(|c| *c = 0);
        }
    }

    fn spec(&self, most: u32, connected: bool) -> String {
        let grid: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| match self.num[r * self.cols + c] {
                        0 => "-".to_string(),
                        n => n.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        format!(
            "board sea[{}, {}]\ngrid clues[{}, {}] of words = \"{}\"\nbridges join the numbers of clues, at most {most} \
             between two\n{}",
            self.rows,
            self.cols,
            self.rows,
            self.cols,
            grid.join("/"),
            if connected { "all islands are connected\n" } else { "" }
        )
    }

    /// The counts a text answer draws: `-` `=` across, `|` `"` down, next to each pair's first island.
    fn read_answer(&self, text: &[&str]) -> Vec<u32> {
        assert_eq!(text.len(), self.rows, "an answer of {} lines: {text:?}", text.len());
        let at = |x: usize| text[x / self.cols].as_bytes().get(x % self.cols).copied().unwrap_or(b' ');
        self.pairs
            .iter()
            .map(|(_, _, between)| match between.first().map(|&x| at(x)) {
                Some(b'-' | b'|') => 1,
                Some(b'=' | b'"') => 2,
                _ => 0,
            })
            .collect()
    }
}

/// A random sea: islands on about a third of the cells; half the time their numbers are
/// planted (the ends of random counts on the pairs), else random.
fn random_sea(rng: &mut Rng, most: u32) -> Sea {
    let (rows, cols) = (1 + rng.below(4), 1 + rng.below(5));
    let mut num: Vec<u32> = (0..rows * cols).map(|_| (rng.below(3) == 0) as u32).collect();
    let sea = Sea::new(rows, cols, num.clone());
    if rng.below(2) == 0 {
        num.iter_mut().for_each(|n| *n *= 1 + rng.below(4) as u32);
    } else {
        let mut ends = vec![0u32; rows * cols];
        for (a, b, _) in &sea.pairs {
            let k = rng.below(most as usize + 1) as u32;
            ends[*a] += k;
            ends[*b] += k;
        }
        for x in 0..rows * cols {
            if num[x] > 0 {
                num[x] = ends[x].max(1);
            }
        }
    }
    Sea::new(rows, cols, num)
}

#[test]
fn bridge_counts_equal_a_brute_force() {
    let mut rng = Rng::new(29);
    let dir = scratch("bridges");
    let (mut nonzero, mut connected_rounds) = (0, 0);
    for round in 0..60 {
        let most = 1 + rng.below(3) as u32;
        let connected = rng.below(3) != 0;
        let sea = random_sea(&mut rng, most);
        if sea.pairs.len() > 9 {
            continue; // keep the brute force small
        }
        let expected = sea.answers(most, connected).len();
        nonzero += (expected > 0) as u32;
        connected_rounds += connected as u32;
        let text = sea.spec(most, connected);
        let file = write(&dir, &format!("s{round}.puz"), &text);
        let out = run_ok(&["solve", &file, "--count"], None, 0);
        assert_eq!(out.trim(), expected.to_string(), "round {round}:\n{text}");
    }
    assert!(nonzero >= 10 && connected_rounds >= 10, "{nonzero} rounds with answers, {connected_rounds} connected");
}

#[test]
fn all_lists_exactly_the_brute_force_bridges() {
    // Four 2s at the corners: one ring of single bridges, or two pairs of doubles (which
    // leave the islands in two groups).
    let sea = Sea::new(3, 3, vec![2, 0, 2, 0, 0, 0, 2, 0, 2]);
    for (connected, answers) in [(false, 3), (true, 1)] {
        let expected: BTreeSet<Vec<u32>> = sea.answers(2, connected).into_iter().collect();
        assert_eq!(expected.len(), answers, "the brute force");
        let file = write(&scratch("bridges-all"), &format!("s{connected}.puz"), &sea.spec(2, connected));
        let out = run_ok(&["solve", &file, "--all"], None, 0);
        let lines: Vec<&str> = out.lines().collect();
        let mut found = BTreeSet::new();
        for answer in lines.chunks(sea.rows + 1).filter(|a| a.len() == sea.rows + 1) {
            assert!(found.insert(sea.read_answer(&answer[..sea.rows])), "an answer printed twice:\n{out}");
        }
        assert_eq!(found, expected, "puzc --all:\n{out}");
        let r = run(&["solve", &file, "--unique"], None);
        assert_eq!(r.code, if answers > 1 { 6 } else { 0 }, "--unique on {answers} answers: {}", r.err);
    }
}

/// A published solution in puzzlekit-dataset's letters (`1`/`2` across, `a`/`b` down, `-`
/// elsewhere) drawn as puzc draws it: the island numbers from the problem, `-` `=` `|` `"`.
fn published_drawing(problem: &str, solution: &[&str]) -> String {
    let mut out = String::new();
    for (p, s) in problem.lines().skip(1).zip(solution) {
        let line: String = p
            .split(' ')
            .zip(s.split(' '))
            .map(|(p, s)| match (p, s) {
                ("-", "1") => '-',
                ("-", "2") => '=',
                ("-", "a") => '|',
                ("-", "b") => '"',
                ("-", _) => ' ',
                (n, _) => n.chars().next().unwrap(),
            })
            .collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The shipped Hashiwokakero against the solution published with it (janko.at Hashi 022,
/// in SmilingWayne/puzzlekit-dataset, assets/data/Hashi/Hashi_dataset.json, 22_10x10).
#[test]
fn shipped_hashiwokakero_has_its_published_solution() {
    let problem = "10 10
3 - 4 - - - - 2 - 2
- 2 - - - - 1 - - -
- - 2 - - 1 - - - -
- 6 - - - - 3 - - -
3 - - 1 - - - - - -
- - - - 1 - 3 - - -
2 - - - - - - - - -
- 4 - 6 - - 4 - - 4
- - - - - - - - - -
- 3 - 5 - - - 3 - 3";
    let solution = [
        "- 2 - 1 1 1 1 - - -",
        "a - a - - - - a - b",
        "a b - 1 1 - a a - b",
        "a - 2 2 2 2 - a - b",
        "- b - - - - - a - b",
        "b b - a - 1 - a - b",
        "- b - a - - b a - b",
        "- - 1 - 2 2 - a - -",
        "- a - b - - - a - b",
        "- - 2 - 1 1 1 - 1 -",
    ];
    let out = run_ok(&["solve", "puzzles/hashiwokakero.puz", "--unique"], None, 0);
    assert_eq!(out, published_drawing(problem, &solution));
    let two = run_ok(&["solve", "puzzles/hashiwokakero.puz", "--count", "--threads", "2"], None, 0);
    assert_eq!(two.trim(), "1");
}

/// A larger published puzzle through the shipped spec: janko.at Hashi 003, 15 × 25
/// (puzzlekit-dataset, Hashi_dataset.json, 03_15x25), unique, against its published solution.
#[test]
fn published_15_by_25_has_its_published_solution() {
    let problem = "15 25
- 2 - - - - - 3 - - - - 4 - - - - 2 - - - - - - 3
3 - 5 - - - 3 - 3 - - 4 - 3 - - 3 - 3 - - - 3 - -
- 1 - - 2 - - 6 - - 4 - - - 2 - - 1 - - 2 - - 1 -
- - - 2 - 1 - - 1 - - 3 - 2 - - 3 - - 1 - 2 - - -
- - - - 1 - 2 - - - 3 - - - 3 - - - 3 - 3 - - - -
- - 2 - - - - - - - - - - - - - - - - - - - 2 - -
- 4 - 3 - - 2 - 3 - 3 - 3 - 4 - 4 - 4 - - 5 - 3 -
3 - 1 - 2 - - 3 - - - 3 - 2 - - - 3 - - 3 - 2 - 3
- 5 - 6 - - 4 - 4 - 4 - 3 - 4 - 3 - 2 - - 2 - 3 -
- - 2 - - - - - - - - - - - - - - - - - - - 2 - -
- - - - 3 - 3 - - - 2 - - - 3 - - - 3 - 2 - - - -
- - - 2 - 1 - - 4 - - 1 - 2 - - 3 - - 1 - 2 - - -
- 1 - - 3 - - 2 - - 1 - - - 2 - - 4 - - 2 - - 2 -
- - 3 - - - 2 - 4 - - 2 - 3 - - 3 - 2 - - - 3 - 1
2 - - - - - - 3 - - - - 4 - - - - 3 - - - - - 2 -";
    let solution = [
        "- - 2 2 2 2 2 - 1 1 1 1 - 1 1 1 1 - 1 1 1 1 1 1 -",
        "- 1 - 2 2 2 - 1 - 2 2 - b - 1 1 - 1 - 2 2 2 - - b",
        "b - b - - 2 2 - 2 2 - b b b - - a - 1 1 - - a - b",
        "b a b - 1 - - b - - b - b - b - - 1 1 - a - a a b",
        "b a b a - 1 - b a - - a b - - - a - - 2 - b a a b",
        "b a - a - - a b a - a a b - a - a - a - - b - a b",
        "b - 1 - 1 1 - b - 1 - a - 1 - 1 - 1 - 2 2 - a - b",
        "- b - 1 - 1 1 - a - a - 2 - a - a - 2 2 - a - b -",
        "a - 2 - 2 2 - 1 - 1 - 1 - 1 - 1 - a - - a - a - a",
        "a a - b - - a - a - a - a - a - a a b - a a - a a",
        "a a b b - 2 - - a - - - a - - - a a - 1 - a a a a",
        "a a b - a - 1 1 - - a - a - b - - a - - 1 - a a a",
        "a - b - - 2 2 - b - - a a b - - b - 2 2 - - a - a",
        "a - - 1 1 1 - 1 - 1 1 - a - 1 1 - a - 2 2 2 - a -",
        "- 1 1 1 1 1 1 - 2 2 2 2 - 1 1 1 1 - 1 1 1 1 1 - -",
    ];
    let out = run_ok(&["solve", "puzzles/hashiwokakero.puz", "--instance", "-", "--unique"], Some(problem), 0);
    assert_eq!(out, published_drawing(problem, &solution));
}

/// Without `all islands are connected` a pair of islands may close on itself: two 1s beside
/// two 1s is two answers connected (none: they cannot join) and more apart.
#[test]
fn connection_is_what_cuts_closed_groups() {
    let sea = Sea::new(2, 2, vec![1, 1, 1, 1]);
    let dir = scratch("bridges-connected");
    for connected in [false, true] {
        let expected = sea.answers(2, connected).len();
        let file = write(&dir, &format!("s{connected}.puz"), &sea.spec(2, connected));
        assert_eq!(run_ok(&["solve", &file, "--count"], None, 0).trim(), expected.to_string());
    }
    assert_eq!(sea.answers(2, false).len(), 2);
    assert_eq!(sea.answers(2, true).len(), 0);
}

/// The JSON answer names every bridge with its count.
#[test]
fn json_gives_each_bridge_and_its_count() {
    let file = write(&scratch("bridges-json"), "s.puz", &Sea::new(1, 3, vec![2, 0, 2]).spec(2, true));
    let out = run_ok(&["solve", &file, "--format", "json"], None, 0);
    assert!(out.contains(r#""bridges":[{"count":2,"from":[0,0],"to":[0,2]}]"#), "{out}");
}
