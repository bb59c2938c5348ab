//! The grader (`puzc grade`, `generate --difficulty`): how much deduction a filled-grid
//! puzzle needs when it is solved without search.
//!
//! *Level 0* is propagation: a cell with one candidate left takes it and its value leaves
//! its region-mates' candidates (a naked single); a value that only one cell of an
//! "exactly once" region can still take goes there (a hidden single); repeated to a
//! fixpoint. *Level k* (k ≥ 1) adds failed-option probing to depth k: a candidate is assumed
//! and everything of level k − 1 is run on the copy; if that runs into a contradiction (a cell
//! without candidates, a value no cell of an exact region can take, two region-mates with the
//! same value) the candidate is false and is removed. After every removal the easiest level
//! is tried first again, as in Tatham's solvers: a puzzle's level is the hardest step it
//! could not avoid. Candidates are probed by cell and value, each depth's round starting
//! after the candidate it removed last and going round (the order of `xcc/grade.rs`). Every
//! step is a sound deduction, so a puzzle the grader solves has exactly one solution.
//!
//! *Steps* count what the grader did: one per cell fixed (by either single; clues are not
//! counted) and one per
//! candidate removed by probing. The grader works on [`FillShape`] (any region shape: sudoku
//! of any size, Sudoku X, jigsaw), and shares nothing with the search engines.
use crate::ir::fill::FillShape;
use std::time::Instant;

/// What the grader found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grade {
    /// The level needed, or `None` when probing to `max_depth` did not solve it (or the
    /// clues contradict each other).
    pub level: Option<u32>,
    pub steps: u64,
}

/// A deadline for a grader, read every 64 probes: once it has passed, both graders unwind
/// as if stuck and report that they stopped.
#[derive(Debug)]
pub struct Clock {
    deadline: Option<Instant>,
    probes: u32,
    stopped: bool,
}

impl Clock {
    pub fn new(deadline: Option<Instant>) -> Clock {
        Clock { deadline, probes: 0, stopped: false }
    }

    /// Before a probe: has the deadline passed?
    pub fn out(&mut self) -> bool {
        self.probes = self.probes.wrapping_add(1);
        if !self.stopped && self.probes.is_multiple_of(64) {
            self.stopped = self.deadline.is_some_and(|d| Instant::now() >= d);
        }
        self.stopped
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }
}

/// Region-mates and regions per cell, built once per shape.
pub struct Grader<'a> {
    shape: &'a FillShape,
    peers: Vec<Vec<u32>>,
    exact: Vec<usize>,
    full: u64,
}

/// A contradiction: the assumptions made cannot all hold.
struct Broken;

impl<'a> Grader<'a> {
    pub fn new(shape: &'a FillShape) -> Grader<'a> {
        let mut peers = vec![Vec::new(); shape.cells];
        for r in 0..shape.regions() {
            let cells = shape.region(r);
            for &a in cells {
                peers[a as usize].extend(cells.iter().copied().filter(|&b| b != a));
            }
        }
        for p in &mut peers {
            p.sort_unstable();
            p.dedup();
        }
        let exact = (0..shape.regions()).filter(|&r| shape.region_exact[r]).collect();
        let full = if shape.values == 64 { u64::MAX } else { (1u64 << shape.values) - 1 };
        Grader { shape, peers, exact, full }
    }

    /// Grades the puzzle with `clues` (a value index per dense cell, or none), probing to at
    /// most `max_depth`.
    pub fn grade(&self, clues: &[Option<u8>], max_depth: u32) -> Grade {
        self.grade_until(clues, max_depth, &mut Clock::new(None)).expect("no deadline")
    }

    /// [`grade`](Self::grade) under `clock`: `None` when it ran out first.
    pub fn grade_until(&self, clues: &[Option<u8>], max_depth: u32, clock: &mut Clock) -> Option<Grade> {
        let mut cand = vec![self.full; self.shape.cells];
        let mut steps = 0;
        for (c, v) in clues.iter().enumerate() {
            if let Some(v) = v {
                cand[c] = 1 << v;
            }
        }
        let mut fixed = vec![false; self.shape.cells];
        let level = self.deduce(&mut cand, &mut fixed, max_depth, &mut steps, clock).ok().flatten();
        // The clues were "fixed" too, but they are not steps.
        let given = clues.iter().filter(|c| c.is_some()).count() as u64;
        (!clock.stopped()).then_some(Grade { level, steps: steps.saturating_sub(given) })
    }

    /// Runs levels 0..=depth to a fixpoint: `Some(level)` (the hardest level used) when every
    /// cell is fixed, `None` when stuck, `Err` on a contradiction.
    fn deduce(
        &self,
        cand: &mut [u64],
        fixed: &mut [bool],
        depth: u32,
        steps: &mut u64,
        clock: &mut Clock,
    ) -> Result<Option<u32>, Broken> {
        let mut level = 0;
        // Per depth, the candidate (cell × 64 + value) after the last one it removed.
        let mut from = vec![0; depth as usize + 1];
        'progress: loop {
            self.singles(cand, fixed, steps)?;
            if fixed.iter().all(|&f| f) {
                return Ok(Some(level));
            }
            for d in 1..=depth {
                if self.probe(cand, fixed, d, &mut from[d as usize], steps, clock)? {
                    level = level.max(d);
                    continue 'progress;
                }
            }
            return Ok(None);
        }
    }

    /// One round of probing at depth `d`: removes the first candidate, by cell and value
    /// from `from` round to the start again, whose assumption leads to a contradiction with
    /// levels below `d`. `true` when one was removed (and `from` is the candidate after it).
    fn probe(
        &self,
        cand: &mut [u64],
        fixed: &[bool],
        d: u32,
        from: &mut usize,
        steps: &mut u64,
        clock: &mut Clock,
    ) -> Result<bool, Broken> {
        let n = cand.len();
        let (c0, v0) = (*from / 64 % n, *from % 64);
        // The first cell from its value `v0` on, the others, then the first cell below `v0`.
        for k in 0..=n {
            let c = (c0 + k) % n;
            if fixed[c] {
                continue;
            }
            let above = u64::MAX.checked_shl(v0 as u32).unwrap_or(0);
            let mut bits = match k {
                0 => cand[c] & above,
                _ if k == n => cand[c] & !above,
                _ => cand[c],
            };
            while bits != 0 {
                if clock.out() {
                    return Ok(false); // unwinds as if stuck
                }
                let bit = bits & bits.wrapping_neg();
                bits &= bits - 1;
                let mut trial = cand.to_vec();
                let mut trial_fixed = fixed.to_vec();
                trial[c] = bit;
                let mut ignored = 0;
                if self.deduce(&mut trial, &mut trial_fixed, d - 1, &mut ignored, clock).is_err() {
                    cand[c] &= !bit;
                    *steps += 1;
                    *from = c * 64 + bit.trailing_zeros() as usize + 1;
                    if cand[c] == 0 {
                        return Err(Broken);
                    }
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Naked and hidden singles to a fixpoint.
    fn singles(&self, cand: &mut [u64], fixed: &mut [bool], steps: &mut u64) -> Result<(), Broken> {
        loop {
            let mut changed = false;
            for c in 0..cand.len() {
                if fixed[c] || cand[c].count_ones() != 1 {
                    if cand[c] == 0 {
                        return Err(Broken);
                    }
                    continue;
                }
                fixed[c] = true;
                *steps += 1;
                changed = true;
                for &p in &self.peers[c] {
                    let p = p as usize;
                    if fixed[p] && cand[p] == cand[c] {
                        return Err(Broken);
                    }
                    cand[p] &= !cand[c];
                    if cand[p] == 0 {
                        return Err(Broken);
                    }
                }
            }
            for &r in &self.exact {
                let cells = self.shape.region(r);
                // Values seen once and values seen at all, over the region's candidates.
                let (mut once, mut seen) = (0u64, 0u64);
                for &c in cells {
                    let m = cand[c as usize];
                    once = (once & !m) | (m & !seen);
                    seen |= m;
                }
                if seen != self.full {
                    return Err(Broken);
                }
                for &c in cells {
                    let c = c as usize;
                    let hidden = cand[c] & once;
                    // A cell that is the only place for two values is a contradiction, also
                    // when those are all its candidates.
                    if hidden.count_ones() > 1 {
                        return Err(Broken);
                    }
                    if !fixed[c] && hidden != 0 && cand[c] != hidden {
                        cand[c] = hidden;
                        changed = true;
                    }
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shape of a 4×4 sudoku.
    fn sudoku4() -> FillShape {
        let mut start = vec![0];
        let mut cells = Vec::new();
        for i in 0..4u32 {
            cells.extend((0..4).map(|j| i * 4 + j));
            start.push(cells.len() as u32);
            cells.extend((0..4).map(|j| j * 4 + i));
            start.push(cells.len() as u32);
            cells.extend((0..4).map(|j| (2 * (i / 2) + j / 2) * 4 + 2 * (i % 2) + j % 2));
            start.push(cells.len() as u32);
        }
        FillShape { cells: 16, values: 4, region_start: start, region_cells: cells, region_exact: vec![true; 12] }
    }

    #[test]
    fn a_full_grid_is_level_0_and_contradicting_clues_are_no_level() {
        let shape = sudoku4();
        let g = Grader::new(&shape);
        let solution = [0u8, 1, 2, 3, 2, 3, 0, 1, 1, 0, 3, 2, 3, 2, 1, 0];
        let clues: Vec<Option<u8>> = solution.iter().map(|&v| Some(v)).collect();
        assert_eq!(g.grade(&clues, 2), Grade { level: Some(0), steps: 0 });
        let mut bad = clues.clone();
        bad[1] = Some(0);
        assert_eq!(g.grade(&bad, 2).level, None);
    }
}
