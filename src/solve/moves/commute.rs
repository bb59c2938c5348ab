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
use super::{Budgeted, Limits, Outcome, Stats, Stop};
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
}

pub fn solve(p: &MoveProblem, limits: &Limits, max: u32) -> Outcome {
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
    };
    let done = |s: &Sets, solution: Option<Vec<u32>>, stop: Stop| Outcome {
        solution,
        stats: Stats { nodes: s.b.nodes, tt_entries: 0, table_full: false, stop },
    };
    // A cell no move writes must show the goal already.
    let untouched_ok = (0..cells).all(|c| last[c].is_some() || want[c].is_none_or(|w| w == p.initial[c]));
    let most = (max as usize).min(p.moves.len());
    if untouched_ok {
        for size in 0..=most {
            if s.states.len() <= size {
                s.states.push(p.initial.clone());
            }
            if s.node(0, 0, size) {
                let path = std::mem::take(&mut s.path);
                return done(&s, Some(path), Stop::Solved);
            }
            if let Some(stop) = s.b.stop {
                return done(&s, None, stop);
            }
        }
    }
    done(&s, None, Stop::Exhausted)
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
            return goal_holds(&self.p.goal, &self.states[d]);
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
