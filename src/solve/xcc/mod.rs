//! The exact-cover engine: Knuth's Algorithm M (exact covering with multiplicities and
//! colours, TAOCP 7.2.2.1), which reduces to Algorithm C (colours) and to DLX when every
//! primary item has multiplicity `1..1`.
//!
//! - Search order is deterministic: at each node the active primary item with the fewest
//!   branches is chosen (minimum remaining values; ties go to the first item in item
//!   order), and its options are tried in option-id order.
//! - An item with multiplicity `lo..hi` branches on "include its next option" in order,
//!   each option tried being excluded from the rest of that level (Knuth's *tweak*), plus
//!   "close the item" once `lo` is met, so every solution (a *set* of options) is reported
//!   exactly once even when identical rows are present.
//! - The matrix is flat arrays in Knuth's node layout; nothing is allocated while searching.
//!
//! # Node counting
//! [`Stats::nodes`] counts entries into step M2 (C2) that do *not* find a solution, i.e.
//! the times an item is chosen for branching (including a choice with no branches). This
//! is what Knuth's DLX programs report as "nodes" (they count at the top of the forward
//! step, and detect a solution before entering a new level) and what the `dlx` crate
//! records in its per-level profile; the root counts as one node unless the problem has
//! no primary items.

mod check;
mod links;
mod search;
#[cfg(test)]
mod tests;

use std::time::Instant;

use crate::ir::xcc::{OptionId, XccProblem};

pub use check::check_solution;

/// When to give up. `None` means no limit.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after reporting this many solutions.
    pub max_solutions: Option<u64>,
    /// Stop before counting node number `max_nodes + 1`.
    pub max_nodes: Option<u64>,
    /// Stop at the first clock check (every few thousand nodes) past this instant.
    pub deadline: Option<Instant>,
}

/// Why the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Every solution was found.
    Exhausted,
    SolutionLimit,
    NodeLimit,
    Timeout,
    /// The solution callback returned [`Flow::Stop`].
    Callback,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    /// Search-tree nodes (see the module docs for what counts).
    pub nodes: u64,
    pub solutions: u64,
    pub stop: Stop,
}

/// What a solution callback wants next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Stop,
}

/// Searches `p`, calling `on_solution` with the chosen options (in the order chosen) for
/// every solution until the search is exhausted, a limit is hit or the callback stops it.
///
/// `p` must be valid ([`XccProblem::validate`]); on a valid problem this never panics.
/// A problem without primary items has exactly one solution, the empty one.
pub fn solve(p: &XccProblem, limits: &Limits, on_solution: &mut dyn FnMut(&[OptionId]) -> Flow) -> Stats {
    debug_assert_eq!(p.validate(), Ok(()));
    search::run(&mut links::Links::new(p), limits, on_solution)
}

/// Counts solutions without looking at them.
pub fn count(p: &XccProblem, limits: &Limits) -> Stats {
    solve(p, limits, &mut |_| Flow::Continue)
}
