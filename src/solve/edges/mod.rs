//! The edge-matching engine: tiles with labelled edges on a board, touching edges equal
//! ([`EdgeShape`]: Tetravex, with or without turning the tiles).
//!
//! It finds the same solutions as exact cover on the matrix `place` lowers to (a solution
//! is a tile type, in one of its orientations, on every cell, each type used as many times
//! as it has copies; copies of one type are not told apart, as exact cover's
//! multiplicities do not tell them apart), with another tree:
//!
//! - **Cells in reading order.** Cell `k`'s neighbours above and to the left are placed, so
//!   the labels it must show on those sides are known and its candidates are one list,
//!   looked up by (left label, top label) in a table built once (a side on the border or
//!   next to a hole is "any"). A type with no copy left is skipped. Every solution is found
//!   exactly once: the children of a node partition its solutions by the oriented type on
//!   cell `k`.
//! - **Balance of labels** ([`balance`]): after each placement, a necessary condition on
//!   the labels of the tiles still to place against the labels the placed tiles expose and
//!   the free border; a node that fails it has no solution below it.
//! - **Memo of finished subproblems** ([`memo`]): what can still be placed depends only on
//!   the tile copies left and the labels the placed cells expose to the unplaced ones, so
//!   the number of completions of a node is a function of that pair. The engine remembers
//!   it for nodes it has finished exploring: a pair seen again with no completion is cut
//!   (every mode), and, when only the count is wanted, a pair seen again adds its count
//!   without searching. Keys are compared in full, never by hash alone.
//!
//! Nodes ([`Stats::nodes`]) count placements tried (a tile put on a cell, kept or not).
mod balance;
mod memo;

use crate::ir::edges::{EdgeShape, NONE};
use crate::solve::xcc::{Flow, Limits, Stats, Stop, Tally};
use balance::Balance;
use memo::Memo;

/// Searches `shape`, calling `on_solution` with the oriented tile (an index into
/// `shape.oriented`) on every cell, for each solution until the search is exhausted, a
/// limit is hit or the callback stops it. With `each` false (counting), solutions of a
/// subproblem already counted are added to [`Stats::solutions`] without being reported one
/// by one.
pub fn solve(shape: &EdgeShape, limits: &Limits, each: bool, on_solution: &mut dyn FnMut(&[u32]) -> Flow) -> Stats {
    Search::new(shape, each || limits.max_solutions.is_some()).run(limits, on_solution)
}

/// Memo lookups are skipped when fewer cells than this are left (the subtree is smaller than a lookup).
const MEMO_MIN_LEFT: usize = 3;

struct Search<'a> {
    shape: &'a EdgeShape,
    n: usize,
    /// The label standing for "any" (a free side) in candidate keys.
    any: usize,
    /// Candidates for key `left * (any + 1) + top`: `list[start[key]..start[key + 1]]`.
    start: Vec<u32>,
    list: Vec<u32>,
    /// Copies left per type.
    count: Vec<u32>,
    balance: Balance,
    memo: Memo,
    /// Counts may be taken from the memo (only the number of solutions is wanted).
    memo_counts: bool,
    /// Cells before `k` with a cell at or after `k` below them: `front[front_start[k]..front_start[k + 1]]`.
    front_start: Vec<u32>,
    front: Vec<u32>,
    /// Most front cells at any `k` (the key's first part is padded to it).
    front_max: usize,
    /// The oriented tile on each placed cell.
    chosen: Vec<u32>,
}

impl<'a> Search<'a> {
    fn new(shape: &'a EdgeShape, each: bool) -> Search<'a> {
        let n = shape.cells();
        let any = shape.labels;
        let keys = (any + 1) * (any + 1);
        // Each oriented tile is a candidate under its own (left, top) and with either or
        // both sides free.
        let mut start = vec![0u32; keys + 1];
        let keys_of = |[top, _, _, left]: [u16; 4]| {
            let (l, t) = (left as usize, top as usize);
            [l * (any + 1) + t, any * (any + 1) + t, l * (any + 1) + any, any * (any + 1) + any]
        };
        for &(_, e) in &shape.oriented {
            for key in keys_of(e) {
                start[key + 1] += 1;
            }
        }
        for key in 0..keys {
            start[key + 1] += start[key];
        }
        let mut fill = start.clone();
        let mut list = vec![0u32; start[keys] as usize];
        for (o, &(_, e)) in shape.oriented.iter().enumerate() {
            for key in keys_of(e) {
                list[fill[key] as usize] = o as u32;
                fill[key] += 1;
            }
        }
        let (down, _) = shape.down_right();
        let (mut front_start, mut front) = (vec![0u32], Vec::new());
        for k in 0..=n {
            front.extend((0..k as u32).filter(|&j| down[j as usize] != NONE && down[j as usize] as usize >= k));
            front_start.push(front.len() as u32);
        }
        let front_max = (0..=n).map(|k| (front_start[k + 1] - front_start[k]) as usize).max().unwrap_or(0);
        // The key: front labels (padded), the label to the left, the copies left per type.
        let key_len = front_max + 1 + shape.count.len();
        let fits = shape.count.iter().all(|&c| c < u16::MAX as u32);
        Search {
            shape,
            n,
            any,
            start,
            list,
            count: shape.count.clone(),
            balance: Balance::new(shape),
            memo: Memo::new(key_len, fits && n > MEMO_MIN_LEFT),
            memo_counts: !each,
            front_start,
            front,
            front_max,
            chosen: vec![NONE; n],
        }
    }

    fn labels(&self, o: u32) -> [u16; 4] {
        self.shape.oriented[o as usize].1
    }

    /// Writes the memo key of the node at cell `k` and returns its hash.
    fn key(&mut self, k: usize) -> u64 {
        let key = &mut self.memo.key;
        let front = &self.front[self.front_start[k] as usize..self.front_start[k + 1] as usize];
        for (i, &j) in front.iter().enumerate() {
            key[i] = self.shape.oriented[self.chosen[j as usize] as usize].1[2];
        }
        key[front.len()..self.front_max].fill(u16::MAX);
        let left = self.shape.left[k];
        key[self.front_max] =
            if left == NONE { u16::MAX } else { self.shape.oriented[self.chosen[left as usize] as usize].1[1] };
        for (slot, &c) in key[self.front_max + 1..].iter_mut().zip(&self.count) {
            *slot = c as u16;
        }
        self.memo.hash()
    }

    /// The candidate list of cell `k`, given the tiles placed before it.
    fn candidates(&self, k: usize) -> (u32, u32) {
        let side = |cell: u32, i: usize| {
            if cell == NONE { self.any } else { self.labels(self.chosen[cell as usize])[i] as usize }
        };
        let key = side(self.shape.left[k], 1) * (self.any + 1) + side(self.shape.up[k], 2);
        (self.start[key], self.start[key + 1])
    }

    fn run(mut self, limits: &Limits, on_solution: &mut dyn FnMut(&[u32]) -> Flow) -> Stats {
        let Some(mut tally) = Tally::new(limits) else { return Tally::refused() };
        let ended = if self.balance.ok() { self.search(&mut tally, on_solution) } else { Ok(()) };
        tally.finish(ended)
    }

    /// The depth-first search proper, `Err` saying why it stopped early.
    fn search(&mut self, tally: &mut Tally, on_solution: &mut dyn FnMut(&[u32]) -> Flow) -> Result<(), Stop> {
        let n = self.n;
        // Per level: the next candidate to try and the end of its list; the solutions found
        // before entering it and the memo key's hash (0: not memoised).
        let mut next = vec![0u32; n + 1];
        let mut end = vec![0u32; n + 1];
        let mut found_before = vec![0u64; n + 1];
        let mut hash = vec![0u64; n + 1];
        let mut k = 0usize;
        let mut entering = true;
        'search: loop {
            if entering {
                entering = false;
                let mut skip = false;
                if k == n {
                    tally.visit(&self.chosen, on_solution)?;
                    skip = true;
                } else {
                    hash[k] = 0;
                    if self.memo.on() && n - k >= MEMO_MIN_LEFT {
                        let h = self.key(k);
                        match self.memo.get(h) {
                            Some(0) => skip = true,
                            Some(c) if self.memo_counts => {
                                tally.add_solutions(c);
                                skip = true;
                            }
                            _ => {
                                hash[k] = h;
                                found_before[k] = tally.solutions();
                            }
                        }
                    }
                    (next[k], end[k]) = self.candidates(k);
                }
                if skip {
                    // Back to the level above, whose next candidate comes next.
                    if k == 0 {
                        return Ok(());
                    }
                    k -= 1;
                    let o = self.chosen[k];
                    self.take_off(k, o);
                }
            }
            // The next candidate of level k with a copy left that passes the balance.
            while next[k] < end[k] {
                let o = self.list[next[k] as usize];
                next[k] += 1;
                let t = self.shape.oriented[o as usize].0 as usize;
                if self.count[t] == 0 {
                    continue;
                }
                tally.count_node()?;
                self.count[t] -= 1;
                self.balance.place(k, self.labels(o), -1);
                if self.balance.ok() {
                    self.chosen[k] = o;
                    k += 1;
                    entering = true;
                    continue 'search;
                }
                self.count[t] += 1;
                self.balance.place(k, self.labels(o), 1);
            }
            // Level k is finished: remember its count (if memoised), back to the level above.
            if hash[k] != 0 {
                let c = tally.solutions() - found_before[k];
                if c == 0 || self.memo_counts {
                    self.key(k);
                    self.memo.put(hash[k], c);
                }
            }
            if k == 0 {
                return Ok(());
            }
            k -= 1;
            let o = self.chosen[k];
            self.take_off(k, o);
        }
    }

    fn take_off(&mut self, k: usize, o: u32) {
        let t = self.shape.oriented[o as usize].0 as usize;
        self.count[t] += 1;
        self.balance.place(k, self.labels(o), 1);
        self.chosen[k] = NONE;
    }
}
