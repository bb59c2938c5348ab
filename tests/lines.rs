//! Lines through cells: `loop through the cells of g` with Masyu's rules (`the loop goes
//! straight through ...`, `the loop turns at ...`), and `paths join the equal numbers of
//! clues` (Numberlink, `through every cell` for Flow). Counts on small random boards against a
//! brute force written here (every set of links enumerated, degrees checked, lines walked by
//! this file's own code), and the shipped Masyu and Numberlink against their published
//! solutions.
use crate::common;

use common::*;

/// A board of `rows` × `cols` cells and the links between neighbouring cells: across (row by
/// row, `rows · (cols − 1)`), then down (`(rows − 1) · cols`).
struct Cells {
    rows: usize,
    cols: usize,
    ends: Vec<(usize, usize)>,
}

impl Cells {
    fn new(rows: usize, cols: usize) -> Cells {
        let mut ends = Vec::new();
        for r in 0..rows {
            for c in 0..cols.saturating_sub(1) {
                ends.push((r * cols + c, r * cols + c + 1));
            }
        }
        for r in 0..rows.saturating_sub(1) {
            for c in 0..cols {
                ends.push((r * cols + c, (r + 1) * cols + c));
            }
        }
        Cells { rows, cols, ends }
    }

    /// Per cell, the cells it is joined to.
    fn joined(&self, used: u64) -> Vec<Vec<usize>> {
        let mut at = vec![Vec::new(); self.rows * self.cols];
        for (e, &(a, b)) in self.ends.iter().enumerate() {
            if used >> e & 1 == 1 {
                at[a].push(b);
                at[b].push(a);
            }
        }
        at
    }

    /// Every set of links forming one loop that keeps Masyu's pearls (`w`, `b`).
    fn masyu(&self, pearls: &[char]) -> usize {
        (0u64..1 << self.ends.len()).filter(|&u| self.masyu_keeps(u, pearls)).count()
    }

    fn masyu_keeps(&self, used: u64, pearls: &[char]) -> bool {
        let at = self.joined(used);
        if at.iter().any(|j| j.len() == 1 || j.len() > 2) || used == 0 {
            return false;
        }
        // One cycle: walk from a cell on it.
        let start = at.iter().position(|j| j.len() == 2).unwrap();
        let (mut prev, mut here, mut walked) = (start, at[start][0], 1);
        while here != start {
            let next = if at[here][0] == prev { at[here][1] } else { at[here][0] };
            (prev, here) = (here, next);
            walked += 1;
        }
        if walked != used.count_ones() as usize {
            return false;
        }
        let cols = self.cols;
        let straight = |v: usize| {
            let (a, b) = (at[v][0], at[v][1]);
            a / cols == b / cols || a % cols == b % cols
        };
        (0..pearls.len()).all(|v| match pearls[v] {
            'w' => at[v].len() == 2 && straight(v) && at[v].iter().any(|&n| !straight(n)),
            'b' => at[v].len() == 2 && !straight(v) && at[v].iter().all(|&n| straight(n)),
            _ => true,
        })
    }

    /// Every set of links forming paths between equal numbers (`labels[v]`, 0 for none).
    fn paths(&self, labels: &[u32], every: bool) -> usize {
        (0u64..1 << self.ends.len()).filter(|&u| self.paths_keep(u, labels, every)).count()
    }

    fn paths_keep(&self, used: u64, labels: &[u32], every: bool) -> bool {
        let at = self.joined(used);
        let degrees = (0..labels.len()).all(|v| match (labels[v], at[v].len()) {
            (0, 0) => !every,
            (0, 2) => true,
            (l, 1) => l != 0,
            _ => false,
        });
        if !degrees {
            return false;
        }
        let mut walked = 0;
        for start in (0..labels.len()).filter(|&v| labels[v] != 0) {
            let (mut prev, mut here) = (start, at[start][0]);
            walked += 1;
            while labels[here] == 0 {
                let next = if at[here][0] == prev { at[here][1] } else { at[here][0] };
                (prev, here) = (here, next);
                walked += 1;
            }
            if labels[here] != labels[start] {
                return false;
            }
        }
        // Every link on a path between ends, each walked from both ends: no cycle left over.
        walked == 2 * used.count_ones() as usize
    }

    /// The links a text answer draws: `-` between cells across, `|` below a cell, cells
    /// `width` characters wide.
    fn read_answer(&self, text: &[&str], width: usize) -> u64 {
        assert_eq!(text.len(), 2 * self.rows - 1, "an answer of {} lines: {text:?}", text.len());
        let at = |line: &str, k: usize| line.as_bytes().get(k).copied().unwrap_or(b' ');
        let mut used = 0u64;
        for (e, &(a, b)) in self.ends.iter().enumerate() {
            let (r, c) = (a / self.cols, a % self.cols);
            let lit = if b == a + 1 {
                at(text[2 * r], c * (width + 1) + width) == b'-'
            } else {
                at(text[2 * r + 1], c * (width + 1) + width - 1) == b'|'
            };
            used |= (lit as u64) << e;
        }
        used
    }

    /// The links of a published solution: per cell `n`, `s`, `e`, `w` for the sides it
    /// leaves by (`se`, `ns`, `-` for none).
    fn published(&self, solution: &str) -> u64 {
        let cells: Vec<&str> = solution.split_whitespace().collect();
        assert_eq!(cells.len(), self.rows * self.cols);
        let mut used = 0u64;
        for (e, &(a, b)) in self.ends.iter().enumerate() {
            let side = if b == a + 1 { 'e' } else { 's' };
            let back = if b == a + 1 { 'w' } else { 'n' };
            assert_eq!(cells[a].contains(side), cells[b].contains(back), "the solution's link {e}");
            used |= (cells[a].contains(side) as u64) << e;
        }
        used
    }
}

fn grid_text(rows: usize, cols: usize, labels: &[String]) -> String {
    (0..rows).map(|r| labels[r * cols..(r + 1) * cols].join(" ")).collect::<Vec<_>>().join("/")
}

const MASYU_RULES: &str = "loop through the cells of g
the loop goes straight through (r, c), turning in the next cell on at least one side
    for r in 0..rows, c in 0..cols where clues[r, c] == 'w'
the loop turns at (r, c), going straight in the next cell on both sides
    for r in 0..rows, c in 0..cols where clues[r, c] == 'b'
";

#[test]
fn masyu_counts_equal_a_brute_force() {
    let mut rng = Rng::new(41);
    let dir = scratch("lines-masyu");
    for round in 0..30 {
        let (rows, cols) = (2 + rng.below(2), 2 + rng.below(3));
        let g = Cells::new(rows, cols);
        let pearls: Vec<char> = (0..rows * cols)
            .map(|_| match rng.below(6) {
                0 => 'w',
                1 => 'b',
                _ => '-',
            })
            .collect();
        let expected = g.masyu(&pearls);
        let labels: Vec<String> = pearls.iter().map(|c| c.to_string()).collect();
        let text = format!(
            "let rows = {rows}\nlet cols = {cols}\nboard g[rows, cols]\ngrid clues[rows, cols] of words = \"{}\"\n{MASYU_RULES}",
            grid_text(rows, cols, &labels)
        );
        let file = write(&dir, &format!("m{round}.puz"), &text);
        let out = run_ok(&["solve", &file, "--count"], None, 0);
        assert_eq!(out.trim(), expected.to_string(), "round {round}:\n{text}");
    }
}

/// Without pearls, the loops through the cells of an n × n board are the cycles of the n × n
/// grid graph (OEIS A140517: 1, 13, 213 for n = 2, 3, 4).
#[test]
fn loops_through_cells_are_the_grid_graphs_cycles() {
    let dir = scratch("lines-oeis");
    for (n, cycles) in [(2, 1), (3, 13), (4, 213)] {
        if n <= 3 {
            assert_eq!(Cells::new(n, n).masyu(&vec!['-'; n * n]), cycles, "the brute force on {n}×{n}");
        }
        let file = write(&dir, &format!("n{n}.puz"), &format!("board g[{n}, {n}]\nloop through the cells of g\n"));
        assert_eq!(run_ok(&["solve", &file, "--count"], None, 0).trim(), cycles.to_string(), "{n}×{n}");
    }
}

#[test]
fn path_counts_equal_a_brute_force() {
    let mut rng = Rng::new(17);
    let dir = scratch("lines-paths");
    for round in 0..30 {
        let (rows, cols) = (1 + rng.below(3), 2 + rng.below(3));
        let g = Cells::new(rows, cols);
        let n = rows * cols;
        // One to three pairs of numbers on distinct cells.
        let pairs = (1 + rng.below(3)).min(n / 2);
        let labels = random_pairs(&mut rng, n, pairs);
        let every = rng.below(2) == 0;
        let expected = g.paths(&labels, every);
        let text = paths_spec(rows, cols, &labels, 3, every);
        let file = write(&dir, &format!("p{round}.puz"), &text);
        let out = run_ok(&["solve", &file, "--count"], None, 0);
        assert_eq!(out.trim(), expected.to_string(), "round {round}:\n{text}");
    }
}

/// `pairs` numbers (1, 2, ...) each on two distinct random cells of `n`; 0 elsewhere.
fn random_pairs(rng: &mut Rng, n: usize, pairs: usize) -> Vec<u32> {
    let mut labels = vec![0u32; n];
    for k in 1..=pairs as u32 {
        for _ in 0..2 {
            let free: Vec<usize> = (0..n).filter(|&v| labels[v] == 0).collect();
            labels[free[rng.below(free.len())]] = k;
        }
    }
    labels
}

/// A Numberlink spec on `labels` (number k written as `k * scale`, so labels need not be
/// 1, 2, ...), `through every cell` when `every`.
fn paths_spec(rows: usize, cols: usize, labels: &[u32], scale: u32, every: bool) -> String {
    let words: Vec<String> =
        labels.iter().map(|&k| if k == 0 { "-".to_string() } else { (k * scale).to_string() }).collect();
    format!(
        "board g[{rows}, {cols}]\ngrid clues[{rows}, {cols}] of words = \"{}\"\npaths join the equal numbers of clues{}\n",
        grid_text(rows, cols, &words),
        if every { ", through every cell" } else { "" }
    )
}

/// Every way to draw the paths, pair by pair: each pair's path is a simple path between its
/// two cells through cells no earlier path took and no other number holds (a path by path
/// enumeration of this file's own, independent of the link-by-link brute force above, so it
/// reaches boards of 5 × 5 and up to four pairs).
fn paths_by_pair(rows: usize, cols: usize, labels: &[u32], every: bool) -> usize {
    struct Walk<'a> {
        rows: usize,
        cols: usize,
        labels: &'a [u32],
        every: bool,
        used: Vec<bool>,
    }
    impl Walk<'_> {
        fn start_of(&self, pair: u32) -> usize {
            self.labels.iter().position(|&l| l == pair).unwrap()
        }
        /// Pair `pair` and the ones after it, every earlier pair joined.
        fn pairs_on(&mut self, pair: u32) -> usize {
            if !self.labels.contains(&pair) {
                return usize::from(!self.every || self.used.iter().all(|&u| u));
            }
            self.walk(pair, self.start_of(pair))
        }
        /// Pair `pair`'s path, drawn as far as cell `at`.
        fn walk(&mut self, pair: u32, at: usize) -> usize {
            let (r, c, cols) = (at / self.cols, at % self.cols, self.cols);
            let mut steps = Vec::new();
            if r > 0 {
                steps.push(at - cols);
            }
            if r + 1 < self.rows {
                steps.push(at + cols);
            }
            if c > 0 {
                steps.push(at - 1);
            }
            if c + 1 < cols {
                steps.push(at + 1);
            }
            let mut total = 0;
            for w in steps {
                if self.labels[w] == pair && w != self.start_of(pair) {
                    total += self.pairs_on(pair + 1); // the other end: the next pair
                } else if !self.used[w] {
                    self.used[w] = true;
                    total += self.walk(pair, w);
                    self.used[w] = false;
                }
            }
            total
        }
    }
    let used = labels.iter().map(|&l| l != 0).collect();
    Walk { rows, cols, labels, every, used }.pairs_on(1)
}

/// The paths' pruning (`solve/xcc/cells/global/joinable.rs`: links made consistent at both
/// cells, what each number's ends reach, pockets and cut cells) on boards of 3 × 3 to 5 × 5
/// with two to four pairs, where most cells stay open and the counts run to thousands: every
/// branch the pruning cuts and undoes must leave the count exact.
#[test]
fn path_counts_on_larger_boards_equal_a_path_by_path_enumeration() {
    let mut rng = Rng::new(23);
    let dir = scratch("lines-paths-larger");
    let small = Cells::new(2, 3);
    // The enumeration agrees with the link-by-link brute force where both run.
    let labels = [1, 0, 2, 0, 2, 1];
    for every in [false, true] {
        assert_eq!(paths_by_pair(2, 3, &labels, every), small.paths(&labels, every));
    }
    for round in 0..40 {
        let (rows, cols) = (3 + rng.below(3), 3 + rng.below(3));
        let n = rows * cols;
        let pairs = 2 + rng.below(3);
        let labels = random_pairs(&mut rng, n, pairs);
        let every = rng.below(3) == 0;
        let expected = paths_by_pair(rows, cols, &labels, every);
        let text = paths_spec(rows, cols, &labels, 7, every);
        let file = write(&dir, &format!("p{round}.puz"), &text);
        let out = run_ok(&["solve", &file, "--count"], None, 0);
        assert_eq!(out.trim(), expected.to_string(), "round {round}:\n{text}");
        // One search on one thread (no split into pieces) agrees too.
        let one = run_ok(&["solve", &file, "--count", "--threads", "1"], None, 0);
        assert_eq!(one.trim(), expected.to_string(), "round {round}, one thread:\n{text}");
    }
}

/// Every way to draw the paths (cells may stay empty), as [`paths_by_pair`] finds them; how
/// many of them are *induced* (no path touches itself: two cells of one path beside each
/// other are consecutive on it); and how many are *shortest* (each path as short as a way
/// between its ends through the cells no other path takes). Written apart from
/// [`paths_by_pair`]: each path's cells are kept in order, and the touching and the lengths
/// (a breadth-first search of this file's own) are checked on each complete drawing.
fn paths_and_induced(rows: usize, cols: usize, labels: &[u32]) -> (usize, usize, usize) {
    struct Walk<'a> {
        rows: usize,
        cols: usize,
        labels: &'a [u32],
        /// Per cell: the pair whose path holds it (0: none), and its place along the path.
        on: Vec<u32>,
        place: Vec<usize>,
        found: (usize, usize, usize),
    }
    impl Walk<'_> {
        fn beside(&self, at: usize) -> Vec<usize> {
            let (r, c) = (at / self.cols, at % self.cols);
            let mut b = Vec::new();
            if r > 0 {
                b.push(at - self.cols);
            }
            if r + 1 < self.rows {
                b.push(at + self.cols);
            }
            if c > 0 {
                b.push(at - 1);
            }
            if c + 1 < self.cols {
                b.push(at + 1);
            }
            b
        }
        fn pairs_on(&mut self, pair: u32) {
            let Some(start) = self.labels.iter().position(|&l| l == pair) else {
                let n = self.on.len();
                let touching = (0..n).any(|u| {
                    self.on[u] != 0
                        && self
                            .beside(u)
                            .iter()
                            .any(|&w| self.on[w] == self.on[u] && self.place[u].abs_diff(self.place[w]) != 1)
                });
                // Each path as short as the cells no other path takes allow.
                let pairs = self.labels.iter().copied().max().unwrap_or(0);
                let shortest = (1..=pairs).all(|k| {
                    let (from, to) = (
                        self.labels.iter().position(|&l| l == k).unwrap(),
                        self.labels.iter().rposition(|&l| l == k).unwrap(),
                    );
                    let mut dist = vec![usize::MAX; n];
                    let mut queue = std::collections::VecDeque::from([from]);
                    dist[from] = 0;
                    while let Some(u) = queue.pop_front() {
                        for w in self.beside(u) {
                            if dist[w] == usize::MAX && (self.on[w] == 0 || self.on[w] == k) {
                                dist[w] = dist[u] + 1;
                                queue.push_back(w);
                            }
                        }
                    }
                    dist[to] == self.place[to].max(self.place[from])
                });
                self.found.0 += 1;
                self.found.1 += usize::from(!touching);
                self.found.2 += usize::from(shortest);
                return;
            };
            self.on[start] = pair;
            self.place[start] = 0;
            self.walk(pair, start, 0);
            self.on[start] = 0;
        }
        fn walk(&mut self, pair: u32, at: usize, step: usize) {
            for w in self.beside(at) {
                if self.labels[w] == pair && self.on[w] == 0 {
                    // The other end: the next pair.
                    (self.on[w], self.place[w]) = (pair, step + 1);
                    self.pairs_on(pair + 1);
                    self.on[w] = 0;
                } else if self.labels[w] == 0 && self.on[w] == 0 {
                    (self.on[w], self.place[w]) = (pair, step + 1);
                    self.walk(pair, w, step + 1);
                    self.on[w] = 0;
                }
            }
        }
    }
    let n = rows * cols;
    let mut walk = Walk { rows, cols, labels, on: vec![0; n], place: vec![0; n], found: (0, 0, 0) };
    walk.pairs_on(1);
    walk.found
}

/// `--unique` on paths whose empty cells are free searches for shortest solutions only and
/// decides from them (`solve/xcc/shortcut.rs`: none means no solution, two mean two, one is
/// the only solution unless one of its paths has another way between its ends through the
/// cells the other paths leave, which gives a second). Against the enumeration above on
/// random boards of 2 × 2 to 5 × 5: the verdict (no solution, exit 1; one, exit 0; more,
/// exit 6) is the count's, and the boards met include every case, with boards whose one
/// induced or one shortest solution is not the only solution.
#[test]
fn unique_verdicts_of_free_paths_equal_a_path_by_path_enumeration() {
    let mut rng = Rng::new(31);
    let dir = scratch("lines-paths-unique");
    let (mut verdicts, mut detoured, mut many_induced, mut rerouted) = ([0usize; 3], 0, 0, 0);
    for round in 0..300 {
        let (rows, cols) = (2 + rng.below(4), 2 + rng.below(4));
        let n = rows * cols;
        let pairs = (1 + rng.below(5)).min(n / 2);
        let labels = random_pairs(&mut rng, n, pairs);
        let (all, induced, shortest) = paths_and_induced(rows, cols, &labels);
        assert!(shortest <= induced && (all == 0) == (shortest == 0), "round {round}: every drawing shortens");
        assert_eq!(all, paths_by_pair(rows, cols, &labels, false), "the two enumerations agree");
        let text = paths_spec(rows, cols, &labels, 5, false);
        let file = write(&dir, &format!("p{round}.puz"), &text);
        let code = unique_exit_code(all);
        let out = run_ok(&["solve", &file, "--unique"], None, code);
        assert_eq!(out.is_empty(), all == 0, "round {round}: an answer printed when there is one:\n{text}");
        verdicts[all.min(2)] += 1;
        detoured += usize::from(induced == 1 && all >= 2);
        many_induced += usize::from(induced >= 2);
        rerouted += usize::from(shortest == 1 && all >= 2);
    }
    assert!(verdicts.iter().all(|&v| v >= 10), "every verdict met often: {verdicts:?}");
    assert!(
        detoured >= 10 && many_induced >= 10 && rerouted >= 10,
        "detoured {detoured}, two induced or more {many_induced}, one shortest of more {rerouted}"
    );
}

/// First answers and `--unique` of paths go to clause learning (`solve/sat`), `--count` to
/// the dancing cells; both against the path-by-path enumeration above, on random boards of
/// 2 × 2 to 5 × 5 with free cells and with `through every cell` (Flow): a first answer
/// exactly when there is a solution (exit 0, else 1), the `--unique` verdict (exit 0, 1 or
/// 6) and the count. Each answer printed was verified by puzc before it was shown.
#[test]
fn first_answers_and_verdicts_by_clause_learning_equal_a_path_by_path_enumeration() {
    let mut rng = Rng::new(57);
    let dir = scratch("lines-paths-clauses");
    let mut verdicts = [[0usize; 3]; 2];
    for round in 0..160 {
        let (rows, cols) = (2 + rng.below(4), 2 + rng.below(4));
        let n = rows * cols;
        let pairs = (1 + rng.below(5)).min(n / 2);
        let labels = random_pairs(&mut rng, n, pairs);
        let every = round % 2 == 1;
        let all = paths_by_pair(rows, cols, &labels, every);
        let text = paths_spec(rows, cols, &labels, 3, every);
        let file = write(&dir, &format!("p{round}.puz"), &text);
        let first = run_ok(&["solve", &file], None, if all == 0 { 1 } else { 0 });
        assert_eq!(first.is_empty(), all == 0, "round {round}: a first answer when there is one:\n{text}");
        run_ok(&["solve", &file, "--unique"], None, unique_exit_code(all));
        if all > 0 {
            let count = run_ok(&["solve", &file, "--count"], None, 0);
            assert_eq!(count.trim(), all.to_string(), "round {round}:\n{text}");
        }
        verdicts[usize::from(every)][all.min(2)] += 1;
    }
    assert!(verdicts.iter().flatten().all(|&v| v >= 5), "every verdict met, free and through every cell: {verdicts:?}");
}

/// Janko's Masyu 011, shipped in `puzzles/masyu.puz`, against the solution published with it
/// (SmilingWayne/puzzlekit-dataset, assets/data/Masyu/Masyu_dataset.json).
#[test]
fn shipped_masyu_has_its_published_solution() {
    let solution = "se ew ew sw se sw se ew ew sw
ne ew sw ns ns ns ns se ew nw
- - ns ne nw ns ns ns - -
se ew nw se ew nw ns ne ew sw
ne ew sw ns - - ns se ew nw
se ew nw ns - - ns ne ew sw
ne ew sw ne ew ew nw se ew nw
- - ns se sw se sw ns - -
se ew nw ns ns ns ns ne ew sw
ne ew ew nw ne nw ne ew ew nw";
    let g = Cells::new(10, 10);
    let out = run_ok(&["solve", "puzzles/masyu.puz", "--unique"], None, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(g.read_answer(&lines, 1), g.published(solution), "puzc:\n{out}");
}

/// Janko's Arukone 012, shipped in `puzzles/numberlink.puz`, against the solution published
/// with it (SmilingWayne/puzzlekit-dataset, assets/data/NumberLink/NumberLink_dataset.json).
#[test]
fn shipped_numberlink_has_its_published_solution() {
    let solution = "se ew ew ew ew ew ew ew ew sw
ns  e ew sw  e sw  e ew  w ns
ne  w  s ns  s ne sw  e ew nw
se  w ns ns ne sw ne ew sw  s
ns  s ns ne  w ne sw  s ns ns
ns ns ne ew ew sw  n ns  n ns
ns ns  s  e sw ne ew nw se nw
ns ns ne sw ne ew ew ew nw  s
ns ne  w ne ew ew ew ew  w ns
ne ew ew ew ew ew ew ew ew nw";
    let g = Cells::new(10, 10);
    let out = run_ok(&["solve", "puzzles/numberlink.puz", "--unique"], None, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(g.read_answer(&lines, 2), g.published(solution), "puzc:\n{out}");
    // Flow's rule admits the same answer: it uses every cell.
    let flow = std::fs::read_to_string("puzzles/numberlink.puz").unwrap().replace(
        "\npaths join the equal numbers of clues\n",
        "\npaths join the equal numbers of clues, through every cell\n",
    );
    let file = write(&scratch("lines-flow"), "flow.puz", &flow);
    let out = run_ok(&["solve", &file, "--unique"], None, 0);
    assert_eq!(g.read_answer(&out.lines().collect::<Vec<_>>(), 2), g.published(solution), "puzc:\n{out}");
}

#[test]
fn misuse_is_a_diagnostic() {
    let dir = scratch("lines-bad");
    let cases = [
        ("board g[2, 2] of ['.']\nfill g\nthe loop turns at (0, 0)\n", "E105"),
        ("board g[2, 2]\nloop on the edges of g\nthe loop turns at (0, 0)\n", "E105"),
        ("board g[2, 2]\nloop through the cells of g\nthe loop turns at (2, 0)\n", "G201"),
        ("board g[2, 2]\nloop through the cells of g\nloop through the cells of g\n", "E105"),
        ("board g[2, 2]\ngrid c[2, 2] of words = \"1 -/- -\"\npaths join the equal numbers of c\n", "G214"),
        ("board g[2, 2]\ngrid c[2, 2] of words = \"1 1/1 -\"\npaths join the equal numbers of c\n", "G214"),
        ("board g[2, 2]\ngrid c[2, 2] of words = \"1 A/1 -\"\npaths join the equal numbers of c\n", "G215"),
        ("board g[2, 2]\ngrid c[1, 2] of words = \"1 1\"\npaths join the equal numbers of c\n", "G206"),
        ("grid c[1, 2] of words = \"1 1\"\npaths join the equal numbers of c\n", "E105"),
        ("board g[2, 2]\nloop through the cells of h\n", "E101"),
    ];
    for (k, (text, code)) in cases.iter().enumerate() {
        let spec = write(&dir, &format!("bad{k}.puz"), text);
        let r = run(&["solve", &spec], None);
        assert_eq!(r.code, 3, "{text}: exit {}\n{}", r.code, r.err);
        assert!(r.err.contains(code), "{text}: expected {code}, got\n{}", r.err);
    }
}
