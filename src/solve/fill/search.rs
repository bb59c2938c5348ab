//! Depth-first search over copied candidate arrays, with the propagation rules of the
//! module docs.
use super::Grid;
use crate::solve::xcc::{Flow, Limits, Stats, Stop};
use std::time::Instant;

/// Check the clock every this many nodes.
const CLOCK_EVERY: u64 = 1024;

/// Searches `grid` with the given values (`given[c]`: a value index below the shape's
/// `values`), calling `on_solution` with each solution's value per cell until the search is
/// exhausted, a limit is hit or the callback stops it. [`Stats::nodes`] counts branching
/// cells (cells tried with two or more candidates).
pub fn solve(grid: &Grid, given: &[Option<u8>], limits: &Limits, on_solution: &mut dyn FnMut(&[u8]) -> Flow) -> Stats {
    let n = grid.n;
    assert_eq!(given.len(), n, "one given (or none) per cell");
    let mut stats = Stats { nodes: 0, solutions: 0, stop: Stop::Exhausted };
    // Level d's candidates are states[d * n..(d + 1) * n].
    let mut states = vec![grid.full; n.max(1)];
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    // The exactly-once regions to look at for hidden singles: all of them at the root.
    let mut dirty = grid.every_exact.clone();
    for (c, g) in given.iter().enumerate() {
        if let Some(g) = g {
            states[c] = 1 << g;
        }
        if single(states[c]) {
            queue.push(c as u32);
        }
    }
    if !grid.propagate(&mut states[..n], &mut queue, &mut dirty) {
        return stats;
    }
    let mut values = vec![0u8; n];
    // Per branching level: the cell and the values it has still to try.
    let mut stack: Vec<(u32, u64)> = Vec::new();
    'search: loop {
        let depth = stack.len();
        match grid.choose(&states[depth * n..(depth + 1) * n]) {
            None => {
                stats.solutions += 1;
                for (v, m) in values.iter_mut().zip(&states[depth * n..]) {
                    *v = m.trailing_zeros() as u8;
                }
                if on_solution(&values) == Flow::Stop {
                    stats.stop = Stop::Callback;
                    break;
                }
                if limits.max_solutions.is_some_and(|m| stats.solutions >= m) {
                    stats.stop = Stop::SolutionLimit;
                    break;
                }
            }
            Some(c) => {
                if limits.max_nodes.is_some_and(|m| stats.nodes >= m) {
                    stats.stop = Stop::NodeLimit;
                    break;
                }
                stats.nodes += 1;
                if stats.nodes % CLOCK_EVERY == 0 && limits.deadline.is_some_and(|d| Instant::now() >= d) {
                    stats.stop = Stop::Timeout;
                    break;
                }
                stack.push((c as u32, states[depth * n + c]));
                if states.len() < (depth + 2) * n {
                    states.resize((depth + 2) * n, 0);
                }
            }
        }
        // The next value of the deepest level that has one left.
        while let Some(top) = stack.last_mut() {
            if top.1 == 0 {
                stack.pop();
                continue;
            }
            let bit = top.1 & top.1.wrapping_neg();
            top.1 &= !bit;
            let c = top.0 as usize;
            let d = stack.len();
            let (parent, child) = states.split_at_mut(d * n);
            let child = &mut child[..n];
            child.copy_from_slice(&parent[(d - 1) * n..]);
            child[c] = bit;
            queue.clear();
            queue.push(c as u32);
            dirty.copy_from_slice(grid.exact_of(c));
            if grid.propagate(child, &mut queue, &mut dirty) {
                continue 'search;
            }
        }
        break;
    }
    stats
}

fn single(m: u64) -> bool {
    m & m.wrapping_sub(1) == 0
}

impl Grid {
    /// The first cell with the fewest candidates among those with two or more; `None`
    /// when every cell has one (a solution).
    fn choose(&self, cand: &[u64]) -> Option<usize> {
        let mut best = (u32::MAX, None);
        for (c, &m) in cand.iter().enumerate() {
            let k = m.count_ones();
            if k > 1 && k < best.0 {
                best = (k, Some(c));
                if k == 2 {
                    break;
                }
            }
        }
        best.1
    }

    /// The exactly-once regions holding cell `c`, as bits.
    fn exact_of(&self, c: usize) -> &[u64] {
        &self.cell_exact[c * self.words..(c + 1) * self.words]
    }

    /// Marks the regions of cell `c` for a look for hidden singles.
    fn touch(&self, dirty: &mut [u64], c: usize) {
        for (d, r) in dirty.iter_mut().zip(self.exact_of(c)) {
            *d |= r;
        }
    }

    /// Runs the two rules to a fixpoint, starting from the single cells in `queue` (whose
    /// value has not yet been removed from their region-mates) and the regions marked in
    /// `dirty` (which it leaves clear). False on a dead end.
    fn propagate(&self, cand: &mut [u64], queue: &mut Vec<u32>, dirty: &mut [u64]) -> bool {
        loop {
            if !self.naked_singles(cand, queue, dirty) {
                return false;
            }
            let mut looked = false;
            for w in 0..dirty.len() {
                while dirty[w] != 0 {
                    let r = w * 64 + dirty[w].trailing_zeros() as usize;
                    dirty[w] &= dirty[w] - 1;
                    looked = true;
                    if !self.hidden_singles(r, cand, queue, dirty) {
                        return false;
                    }
                }
            }
            if !looked {
                return true;
            }
        }
    }

    fn naked_singles(&self, cand: &mut [u64], queue: &mut Vec<u32>, dirty: &mut [u64]) -> bool {
        while let Some(c) = queue.pop() {
            let bit = cand[c as usize];
            for &p in self.peers(c as usize) {
                let m = cand[p as usize];
                if m & bit != 0 {
                    let m = m & !bit;
                    cand[p as usize] = m;
                    if m == 0 {
                        return false;
                    }
                    self.touch(dirty, p as usize);
                    if single(m) {
                        queue.push(p);
                    }
                }
            }
        }
        true
    }

    /// Hidden singles in exactly-once region `r`; false on a dead end (a value no cell can
    /// take, or a cell that alone can take two values).
    fn hidden_singles(&self, r: usize, cand: &mut [u64], queue: &mut Vec<u32>, dirty: &mut [u64]) -> bool {
        let cells = &self.exact_cells[self.exact_start[r] as usize..self.exact_start[r + 1] as usize];
        let (mut once, mut twice) = (0u64, 0u64);
        for &c in cells {
            let m = cand[c as usize];
            twice |= once & m;
            once |= m;
        }
        if once != self.full {
            return false;
        }
        let alone = once & !twice;
        if alone == 0 {
            return true;
        }
        for &c in cells {
            let m = cand[c as usize];
            let h = m & alone;
            if h != 0 && h != m {
                if !single(h) {
                    return false;
                }
                cand[c as usize] = h;
                queue.push(c);
                self.touch(dirty, c as usize);
            }
        }
        true
    }
}
