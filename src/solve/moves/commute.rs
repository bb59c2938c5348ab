//! `Fewest` when every move is an involution and all moves commute ([`Guide::commute`],
//! proved in `lower::bound`): the position after a sequence depends only on the set of moves
//! used an odd number of times, so a shortest answer is a set of moves, and the set in
//! increasing order is the lexicographically first of its orderings. The search tries the
//! sets of size 0, 1, 2, ... in lexicographic order (moves in increasing index order) and
//! stops at the first that reaches the goal: the lexicographically first shortest answer,
//! as breadth-first search would find it.
//!
//! **Settled cells.** Once the search has passed move `j` (only moves after `j` may still
//! come), a cell that no later move writes keeps its value to the end, so it must already
//! show the goal's value: otherwise no extension of the line can reach the goal. For Lights
//! Out in row-major order this is "chasing the lights" found by itself — after the presses of
//! row `r + 1` are decided, row `r` must be dark — and cuts the 2^25 sets of the 5×5 board
//! to a few thousand lines.
//!
//! [`Guide::commute`]: crate::ir::guide::Guide::commute

use super::machine::{Machine, goal_holds};
use super::{Budgeted, Counted, Limits, Outcome, Stats, Stop};
use crate::ir::moves::{EMPTY, Effect, Goal, MoveProblem, Value};

struct Sets<'p> {
    p: &'p MoveProblem,
    m: Machine<'p>,
    /// `settles[j]`: the cells whose last writer is move `j`.
    settles: Vec<Vec<u32>>,
    /// The goal's value of each cell, where the goal fixes one.
    want: Vec<Option<Value>>,
    /// `states[d]`: the position after the first `d` moves of the current set.
    states: Vec<Vec<Value>>,
    path: Vec<u32>,
    b: Budgeted,
    /// When counting: every set of the size searched that reaches the goal, instead of
    /// stopping at the first.
    all: Option<Vec<Vec<u32>>>,
}

pub fn solve(p: &MoveProblem, limits: &Limits, max: u32) -> Outcome {
    search(p, limits, max, false).0
}

/// The search of [`solve`]; with `every`, the smallest size that reaches the goal is searched
/// through and all its sets are returned too.
fn search(p: &MoveProblem, limits: &Limits, max: u32, every: bool) -> (Outcome, Vec<Vec<u32>>) {
    let cells = p.rows * p.cols;
    let want: Vec<Option<Value>> = match &p.goal {
        Goal::Empty => vec![Some(EMPTY); cells],
        Goal::Pattern(w) => w.clone(),
        // Other goals fix no single cell: no settled-cell cut, the sets are still tried once.
        _ => vec![None; cells],
    };
    let mut last: Vec<Option<usize>> = vec![None; cells];
    for (j, mv) in p.moves.iter().enumerate() {
        for e in &mv.effects {
            if let Effect::Compute { cell, .. } | Effect::Set { cell, .. } = *e {
                last[cell as usize] = Some(j);
            }
        }
    }
    let mut settles = vec![Vec::new(); p.moves.len()];
    for (c, l) in last.iter().enumerate() {
        if let Some(j) = l {
            settles[*j].push(c as u32);
        }
    }
    let mut s = Sets {
        p,
        m: Machine::new(p),
        settles,
        want: want.clone(),
        states: vec![p.initial.clone()],
        path: Vec::new(),
        b: Budgeted::new(limits),
        all: every.then(Vec::new),
    };
    let done = |s: &Sets, solution: Option<Vec<u32>>, stop: Stop| Outcome {
        solution,
        stats: Stats { nodes: s.b.nodes, tt_entries: 0, table_full: false, stop },
        overflowed: None,
        proof: None,
    };
    // A cell no move writes must show the goal already.
    let untouched_ok = (0..cells).all(|c| last[c].is_some() || want[c].is_none_or(|w| w == p.initial[c]));
    let most = (max as usize).min(p.moves.len());
    if untouched_ok {
        for size in 0..=most {
            if s.states.len() <= size {
                s.states.push(p.initial.clone());
            }
            let found = s.node(0, 0, size);
            if let Some(stop) = s.b.stop {
                return (done(&s, None, stop), Vec::new());
            }
            if let Some(all) = s.all.take_if(|a| !a.is_empty()) {
                return (done(&s, all.first().cloned(), Stop::Solved), all);
            }
            if found {
                let path = std::mem::take(&mut s.path);
                return (done(&s, Some(path), Stop::Solved), Vec::new());
            }
        }
    }
    (done(&s, None, Stop::Exhausted), Vec::new())
}

/// `--count`, `--all`, `--unique` for commuting moves: the shortest sequences are the
/// orderings of the smallest sets that reach the goal (a shortest sequence uses no move
/// twice, see the module comment), so there are `sets × k!` of them for sets of `k` moves.
/// They are listed in lexicographic order: after a prefix, the next move is any move not
/// yet used of a set that contains the prefix, smallest first.
pub fn count(p: &MoveProblem, limits: &Limits, max: u32, each: &mut dyn FnMut(&[u32]) -> bool) -> Counted {
    let (out, sets) = search(p, limits, max, true);
    let stop = out.stats.stop;
    let Some(first) = out.solution else {
        return Counted { count: 0, overflow: false, stats: out.stats, overflowed: None, proof: None };
    };
    let sets = if sets.is_empty() { vec![first] } else { sets };
    let k = sets[0].len() as u128;
    let orderings = (1..=k).try_fold(1u128, |a, i| a.checked_mul(i));
    let total = orderings.and_then(|o| o.checked_mul(sets.len() as u128));
    let mut path = Vec::with_capacity(k as usize);
    list(&sets, &mut path, each);
    Counted {
        count: total.unwrap_or(u128::MAX),
        overflow: total.is_none(),
        stats: Stats { stop, ..out.stats },
        overflowed: None,
        proof: None,
    }
}

/// Lists the orderings of `sets` (each sorted) that start with `path`, in lexicographic
/// order; false once `each` asked to stop.
fn list(sets: &[Vec<u32>], path: &mut Vec<u32>, each: &mut dyn FnMut(&[u32]) -> bool) -> bool {
    let holding: Vec<&Vec<u32>> = sets.iter().filter(|s| path.iter().all(|m| s.binary_search(m).is_ok())).collect();
    if holding.iter().any(|s| s.len() == path.len()) {
        return each(path);
    }
    let mut next: Vec<u32> = holding.iter().flat_map(|s| s.iter().copied()).filter(|m| !path.contains(m)).collect();
    next.sort_unstable();
    next.dedup();
    for m in next {
        path.push(m);
        let go_on = list(sets, path, each);
        path.pop();
        if !go_on {
            return false;
        }
    }
    true
}

impl Sets<'_> {
    /// Whether the cells settled by move `j` show the goal in `states[d]`.
    fn settled_ok(&self, d: usize, j: usize) -> bool {
        self.settles[j].iter().all(|&c| self.want[c as usize].is_none_or(|w| w == self.states[d][c as usize]))
    }

    /// Searches the sets of `left` more moves from `from` on, from `states[d]`; on success
    /// `path` holds the whole set.
    fn node(&mut self, d: usize, from: usize, left: usize) -> bool {
        if !self.b.tick() {
            return false;
        }
        // Move `from - 1` was just played: the cells it was the last to write are settled.
        if from > 0 && !self.settled_ok(d, from - 1) {
            return false;
        }
        if left == 0 {
            let reached = goal_holds(self.p, &self.states[d]);
            if let (true, Some(all)) = (reached, self.all.as_mut()) {
                all.push(self.path.clone());
                return false;
            }
            return reached;
        }
        let n = self.p.moves.len();
        for j in from..=n - left {
            // Skipping move `j - 1` settles its cells as they are now.
            if j > from && !self.settled_ok(d, j - 1) {
                break;
            }
            let (lo, hi) = self.states.split_at_mut(d + 1);
            hi[0].copy_from_slice(&lo[d]);
            // No rules (the guide's precondition): the move's effects are the whole step.
            self.m.apply_settled(&mut hi[0], &self.p.moves[j], None);
            self.path.push(j as u32);
            if self.node(d + 1, j + 1, left - 1) {
                return true;
            }
            self.path.pop();
            if self.b.stop.is_some() {
                return false;
            }
        }
        false
    }
}
