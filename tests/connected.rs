//! Connected areas (`the '.' cells are connected`, `each area of '.' cells holds one clue of
//! clues, its size`): counts on small random boards against a brute force written here (every
//! filling enumerated, areas found by this file's own flood fill), the shipped Hitori's
//! published puzzles checked rule by rule, and the diagnostics of misuse.
use crate::common;

use common::*;

/// Cells sharing a side on a board of squares or (`hex`) of hexagons, rows shifted right.
fn neighbours(rows: usize, cols: usize, hex: bool, cell: usize) -> Vec<usize> {
    beside(rows, cols, hex, false, cell)
}

/// The areas of the cells where `inside` is true: an area number per cell.
fn areas(rows: usize, cols: usize, hex: bool, inside: &[bool]) -> (Vec<Option<usize>>, usize) {
    let mut label = vec![None; inside.len()];
    let mut count = 0;
    for s in 0..inside.len() {
        if !inside[s] || label[s].is_some() {
            continue;
        }
        label[s] = Some(count);
        let mut todo = vec![s];
        while let Some(x) = todo.pop() {
            for y in neighbours(rows, cols, hex, x) {
                if inside[y] && label[y].is_none() {
                    label[y] = Some(count);
                    todo.push(y);
                }
            }
        }
        count += 1;
    }
    (label, count)
}

/// A random small board: givens (`Some(true)` = 'w', `Some(false)` = 'b') and holes. (A `.`
/// in a given picture is an unknown cell, so the tests' boards hold `w` and `b`.)
struct Board {
    rows: usize,
    cols: usize,
    hex: bool,
    given: Vec<Option<bool>>,
    hole: Vec<bool>,
}

impl Board {
    fn random(rng: &mut Rng, hex: bool) -> Board {
        let (rows, cols) = (2 + rng.below(3), 2 + rng.below(3));
        let given = (0..rows * cols)
            .map(|_| match rng.below(8) {
                0 => Some(true),
                1 => Some(false),
                _ => None,
            })
            .collect();
        let hole = (0..rows * cols).map(|_| rng.below(10) == 0).collect();
        Board { rows, cols, hex, given, hole }
    }

    fn header(&self) -> String {
        let lattice = if self.hex { ", lattice hexagons" } else { "" };
        let holes: Vec<String> = (0..self.rows * self.cols)
            .filter(|&c| self.hole[c])
            .map(|c| format!("({}, {})", c / self.cols, c % self.cols))
            .collect();
        let without = if holes.is_empty() { String::new() } else { format!(", without {{ {} }}", holes.join(", ")) };
        let rows: Vec<String> = (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| match self.given[r * self.cols + c] {
                        Some(true) => 'w',
                        Some(false) => 'b',
                        None => '-',
                    })
                    .collect()
            })
            .collect();
        format!(
            "board g[{}, {}] of ['w', 'b']{lattice}{without}\nfill g\ngiven g = \"{}\"\n",
            self.rows,
            self.cols,
            rows.join("/"),
        )
    }

    /// Every filling of the board's cells with 'w' (true) or 'b' that agrees with the givens.
    fn fillings(&self) -> Vec<Vec<bool>> {
        let n = self.rows * self.cols;
        (0..1u32 << n)
            .map(|m| (0..n).map(|c| m >> c & 1 == 1).collect::<Vec<bool>>())
            .filter(|f| (0..n).all(|c| !self.hole[c] || !f[c]))
            .filter(|f| (0..n).all(|c| self.hole[c] || self.given[c].is_none_or(|g| g == f[c])))
            .collect()
    }

    fn count_puzc(&self, rules: &str, tag: &str) -> u64 {
        let dir = scratch(tag);
        let spec = write(&dir, "s.puz", &format!("{}{rules}", self.header()));
        let out = run_ok(&["solve", &spec, "--count"], None, 0);
        out.trim().parse().unwrap_or_else(|_| panic!("a count, got {out:?}"))
    }
}

/// Holes have bit 0 in `fillings`; they are neither 'w' nor 'b'.
fn white(b: &Board, f: &[bool]) -> Vec<bool> {
    (0..f.len()).map(|c| !b.hole[c] && f[c]).collect()
}

fn black(b: &Board, f: &[bool]) -> Vec<bool> {
    (0..f.len()).map(|c| !b.hole[c] && !f[c]).collect()
}

#[test]
fn connected_counts_equal_a_brute_force() {
    let mut rng = Rng::new(23);
    for round in 0..40 {
        let b = Board::random(&mut rng, round % 4 == 3);
        let apart = round % 2 == 1;
        let expected = b
            .fillings()
            .iter()
            .filter(|f| areas(b.rows, b.cols, b.hex, &white(&b, f)).1 <= 1)
            .filter(|f| {
                let k = black(&b, f);
                !apart || (0..k.len()).all(|x| !k[x] || neighbours(b.rows, b.cols, b.hex, x).iter().all(|&y| !k[y]))
            })
            .count() as u64;
        let rules =
            if apart { "the 'w' cells are connected\nno two 'b' touch\n" } else { "the 'w' cells are connected\n" };
        assert_eq!(b.count_puzc(rules, "conn"), expected, "round {round}:\n{}{rules}", b.header());
    }
}

#[test]
fn two_connected_rules_and_a_list_of_values() {
    // Both colours connected: a brute force over a 3×4 board.
    let b = Board { rows: 3, cols: 4, hex: false, given: vec![None; 12], hole: vec![false; 12] };
    let expected = b
        .fillings()
        .iter()
        .filter(|f| areas(3, 4, false, &white(&b, f)).1 <= 1 && areas(3, 4, false, &black(&b, f)).1 <= 1)
        .count() as u64;
    let rules = "the 'w' cells are connected\nthe ['b'] cells are connected\n";
    assert_eq!(b.count_puzc(rules, "conn2"), expected);
}

#[test]
fn island_counts_equal_a_brute_force() {
    let mut rng = Rng::new(2323);
    for round in 0..30 {
        let mut b = Board::random(&mut rng, round % 5 == 4);
        b.given = vec![None; b.rows * b.cols];
        let n = b.rows * b.cols;
        let clues: Vec<Option<u32>> =
            (0..n).map(|c| (!b.hole[c] && rng.below(4) == 0).then(|| 1 + rng.below(4) as u32)).collect();
        let sized = round % 3 != 2;
        let expected = b
            .fillings()
            .iter()
            .filter(|f| {
                let w = white(&b, f);
                let (label, count) = areas(b.rows, b.cols, b.hex, &w);
                let mut held = vec![Vec::new(); count];
                let mut size = vec![0u32; count];
                for c in 0..n {
                    match (label[c], clues[c]) {
                        (Some(k), clue) => {
                            size[k] += 1;
                            held[k].extend(clue);
                        }
                        (None, Some(_)) => return false,
                        _ => {}
                    }
                }
                (0..count).all(|k| held[k].len() == 1 && (!sized || held[k][0] == size[k]))
            })
            .count() as u64;
        let picture: Vec<String> = (0..b.rows)
            .map(|r| {
                (0..b.cols)
                    .map(|c| clues[r * b.cols + c].map_or("-".to_string(), |k| k.to_string()))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let size = if sized { ", its size" } else { "" };
        let rules = format!(
            "grid clues[{}, {}] of words = \"{}\"\neach area of 'w' cells holds one clue of clues{size}\n",
            b.rows,
            b.cols,
            picture.join("/")
        );
        assert_eq!(b.count_puzc(&rules, "isl"), expected, "round {round}:\n{}{rules}", b.header());
    }
}

/// Nurikabe's three rules together (sized islands, a connected sea, no 2×2 pool) on random
/// boards with larger clues, so that islands are often forced through the cells every
/// completion takes (`cells/global/islands.rs`): counts equal a brute force.
#[test]
fn nurikabe_counts_equal_a_brute_force() {
    let mut rng = Rng::new(4711);
    let mut solved = 0;
    for round in 0..40 {
        let (rows, cols) = (3 + rng.below(2), 3 + rng.below(2));
        let n = rows * cols;
        let b = Board { rows, cols, hex: false, given: vec![None; n], hole: vec![false; n] };
        let clues: Vec<Option<u32>> = (0..n).map(|_| (rng.below(5) == 0).then(|| 1 + rng.below(6) as u32)).collect();
        let expected = b
            .fillings()
            .iter()
            .filter(|f| {
                let w = white(&b, f);
                let sea = black(&b, f);
                if areas(rows, cols, false, &sea).1 > 1 {
                    return false;
                }
                let pool = (0..rows - 1)
                    .any(|r| (0..cols - 1).any(|c| [0, 1, cols, cols + 1].iter().all(|d| sea[r * cols + c + d])));
                let (label, count) = areas(rows, cols, false, &w);
                let mut held = vec![Vec::new(); count];
                let mut size = vec![0u32; count];
                for c in 0..n {
                    match (label[c], clues[c]) {
                        (Some(k), clue) => {
                            size[k] += 1;
                            held[k].extend(clue);
                        }
                        (None, Some(_)) => return false,
                        _ => {}
                    }
                }
                !pool && (0..count).all(|k| held[k].len() == 1 && held[k][0] == size[k])
            })
            .count() as u64;
        solved += (expected > 0) as u32;
        let picture: Vec<String> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| clues[r * cols + c].map_or("-".to_string(), |k| k.to_string()))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        let rules = format!(
            "grid clues[{rows}, {cols}] of words = \"{}\"\neach area of 'w' cells holds one clue of clues, its size\n\
             the 'b' cells are connected\nno 2 by 2 block of 'b'\n",
            picture.join("/")
        );
        assert_eq!(b.count_puzc(&rules, "nuri"), expected, "round {round}:\n{}{rules}", b.header());
    }
    assert!(solved >= 5, "only {solved} boards with a solution: the test says little");
}

#[test]
fn block_counts_equal_a_brute_force() {
    let mut rng = Rng::new(77);
    for round in 0..30 {
        let b = Board::random(&mut rng, false);
        let (h, w) = if round % 3 == 0 { (1, 3) } else { (2, 2) };
        let connected = round % 2 == 0;
        let full = |f: &[bool]| {
            let k = black(&b, f);
            (0..(b.rows + 1).saturating_sub(h)).any(|r| {
                (0..(b.cols + 1).saturating_sub(w)).any(|c| (r..r + h).all(|a| (c..c + w).all(|d| k[a * b.cols + d])))
            })
        };
        let expected = b
            .fillings()
            .iter()
            .filter(|f| !full(f))
            .filter(|f| !connected || areas(b.rows, b.cols, false, &white(&b, f)).1 <= 1)
            .count() as u64;
        let mut rules = format!("no {h} by {w} block of 'b'\n");
        if connected {
            rules.push_str("the 'w' cells are connected\n");
        }
        assert_eq!(b.count_puzc(&rules, "block"), expected, "round {round}:\n{}{rules}", b.header());
    }
}

/// The shipped Nurikabe's answer, checked against the puzzle's rules by this test alone.
fn check_nurikabe(clues: &[Vec<Option<u32>>], answer: &str) {
    let (rows, cols) = (clues.len(), clues[0].len());
    let grid: Vec<Vec<bool>> = answer.lines().take(rows).map(|l| l.chars().map(|ch| ch == '.').collect()).collect();
    assert!(grid.len() == rows && grid.iter().all(|r| r.len() == cols), "a {rows}×{cols} answer:\n{answer}");
    let island: Vec<bool> = grid.concat();
    let sea: Vec<bool> = island.iter().map(|&x| !x).collect();
    assert_eq!(areas(rows, cols, false, &sea).1, 1, "the sea is split:\n{answer}");
    for r in 0..rows - 1 {
        for c in 0..cols - 1 {
            assert!(
                island[r * cols + c]
                    || island[r * cols + c + 1]
                    || island[(r + 1) * cols + c]
                    || island[(r + 1) * cols + c + 1],
                "a pool at ({r}, {c})"
            );
        }
    }
    let (label, count) = areas(rows, cols, false, &island);
    let mut held = vec![Vec::new(); count];
    let mut size = vec![0u32; count];
    for (cell, l) in label.iter().enumerate() {
        if let Some(k) = l {
            size[*k] += 1;
            held[*k].extend(clues[cell / cols][cell % cols]);
        }
    }
    for k in 0..count {
        assert!(held[k].len() == 1 && held[k][0] == size[k], "island {k}: clues {:?}, {} cells", held[k], size[k]);
    }
}

/// A clue grid as the shipped instances write it: a header whose first number is the rows,
/// then the rows, a word per cell (a word that is not a number is no clue).
fn read_clues(text: &str) -> Vec<Vec<Option<u32>>> {
    let mut lines = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty());
    let rows: usize = lines.next().unwrap().split_whitespace().next().unwrap().parse().unwrap();
    lines.take(rows).map(|l| l.split_whitespace().map(|w| w.parse().ok()).collect()).collect()
}

#[test]
fn shipped_nurikabe_puzzles_have_one_answer_that_keeps_the_rules() {
    let spec = std::fs::read_to_string(root().join("puzzles/nurikabe.puz")).unwrap();
    let inline = spec.split("\"\"\"").nth(1).unwrap();
    let out = run_ok(&["solve", "puzzles/nurikabe.puz", "--unique"], None, 0);
    check_nurikabe(&read_clues(inline), &out);
    let file = std::fs::read_to_string(root().join("puzzles/instances/nurikabe-10.txt")).unwrap();
    let args = ["solve", "puzzles/nurikabe.puz", "--instance", "puzzles/instances/nurikabe-10.txt", "--unique"];
    check_nurikabe(&read_clues(&file), &run_ok(&args, None, 0));
    // Janko's 0017, 14×24: the published solution (the dataset's, `x` shaded), and a proof
    // that the island cuts make short: 942,080 nodes did not finish it before them.
    let file = std::fs::read_to_string(root().join("puzzles/instances/nurikabe-14x24.txt")).unwrap();
    let args = ["solve", "puzzles/nurikabe.puz", "--instance", "puzzles/instances/nurikabe-14x24.txt", "--unique"];
    let r = run(&[&args[..], &["--stats"]].concat(), None);
    assert_eq!(r.code, 0, "{}", r.err);
    check_nurikabe(&read_clues(&file), &r.out);
    let published = "------x-------xx----x-x-/\
        -xxxxxxxxxxxxx-xxxxxxxx-/\
        x-x-x----x-x-xxx-x--x-x-/\
        xxx-xxx-xxx--x---x-x--x-/\
        ----x--xx-xx-xxx-x-xxxxx/\
        xxxxxx--x-x-x--x-x-x-x-x/\
        x--x--x-x-x-xxxx-x-x-x-x/\
        xx--xxxxx--x--x--x-x-x-x/\
        -xx-x-x--xxxxxxxx-xx-x-x/\
        x-x-x--xxx-x-x---xx--x-x/\
        xxxx-x--x-xxx-xxxx-xxxx-/\
        x----xxx--x-x-x--x-x----/\
        -xxxxx-xxxx-xx-xxx-xxxxx/\
        ---x-x-x---xx----xx-----";
    let shown: String =
        r.out.lines().take(14).map(|l| l.replace('.', "-").replace('#', "x")).collect::<Vec<_>>().join("/");
    assert_eq!(shown, published, "{}", r.out);
    let nodes: u64 =
        r.err.split(" nodes").next().and_then(|s| s.rsplit(' ').next()).and_then(|n| n.parse().ok()).unwrap();
    assert!(nodes < 1000, "{} nodes: {}", nodes, r.err);
}

/// The shipped Hitori's answer, checked against the puzzle's rules by this test alone.
fn check_hitori(nums: &[Vec<u32>], answer: &str) {
    let n = nums.len();
    let rows: Vec<Vec<bool>> = answer.lines().take(n).map(|l| l.chars().map(|ch| ch == '.').collect()).collect();
    assert!(rows.len() == n && rows.iter().all(|r| r.len() == n), "an {n}×{n} answer:\n{answer}");
    for i in 0..n {
        for j in 0..n {
            for k in j + 1..n {
                assert!(!(rows[i][j] && rows[i][k] && nums[i][j] == nums[i][k]), "row {i} repeats");
                assert!(!(rows[j][i] && rows[k][i] && nums[j][i] == nums[k][i]), "column {i} repeats");
            }
            assert!(
                rows[i][j] || (i + 1 == n || rows[i + 1][j]) && (j + 1 == n || rows[i][j + 1]),
                "shaded cells touch"
            );
        }
    }
    let white: Vec<bool> = rows.concat();
    assert_eq!(areas(n, n, false, &white).1, 1, "unshaded cells split:\n{answer}");
}

/// A Hitori grid: every cell a number.
fn read_numbers(text: &str) -> Vec<Vec<u32>> {
    read_clues(text).into_iter().map(|row| row.into_iter().map(|v| v.expect("a number per cell")).collect()).collect()
}

#[test]
fn shipped_hitori_puzzles_have_one_answer_that_keeps_the_rules() {
    let spec = std::fs::read_to_string(root().join("puzzles/hitori.puz")).unwrap();
    let inline = spec.split("\"\"\"").nth(1).unwrap();
    let out = run_ok(&["solve", "puzzles/hitori.puz", "--unique"], None, 0);
    check_hitori(&read_numbers(inline), &out);
    let file = std::fs::read_to_string(root().join("puzzles/instances/hitori-12.txt")).unwrap();
    let out =
        run_ok(&["solve", "puzzles/hitori.puz", "--instance", "puzzles/instances/hitori-12.txt", "--unique"], None, 0);
    check_hitori(&read_numbers(&file), &out);
    // Split over threads, the count is the same.
    let args = ["solve", "puzzles/hitori.puz", "--instance", "puzzles/instances/hitori-12.txt", "--count"];
    assert_eq!(run_ok(&[&args[..], &["--threads", "2"]].concat(), None, 0).trim(), "1");
}

#[test]
fn misuse_is_a_diagnostic() {
    let dir = scratch("conn-bad");
    let cases = [
        ("board g[2, 2]\npiece D = \"##\" times 2\nplace D on g, rotate\nthe '.' cells are connected\n", "E105"),
        ("board g[2, 2] of ['.', '#']\nfill g\nthe 'x' cells are connected\n", "G204"),
        (
            "board g[2, 2] of ['.', '#']\nfill g\ngrid clues[1, 2] of words = \"1 -\"\neach area of '.' cells holds one clue of clues, its size\n",
            "G206",
        ),
        (
            "board g[2, 2] of ['.', '#']\nfill g\ngrid clues[2, 2] of words = \"0 -/- -\"\neach area of '.' cells holds one clue of clues\n",
            "G207",
        ),
    ];
    for (k, (text, code)) in cases.iter().enumerate() {
        let spec = write(&dir, &format!("bad{k}.puz"), text);
        let r = run(&["solve", &spec], None);
        assert_eq!(r.code, 3, "{text}: exit {}\n{}", r.code, r.err);
        assert!(r.err.contains(code), "{text}: expected {code}, got\n{}", r.err);
    }
}
