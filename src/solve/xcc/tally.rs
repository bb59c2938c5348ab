//! What every engine's search keeps beside its own state: the node and solution counts,
//! checked against the [`Limits`] as they grow.

use std::time::Instant;

use super::{Flow, Limits, Stats, Stop};
use crate::ir::xcc::OptionId;

/// How many nodes pass between two looks at the clock.
const CLOCK_EVERY: u64 = 4096;

pub(super) struct Tally<'a> {
    limits: &'a Limits,
    stats: Stats,
}

impl<'a> Tally<'a> {
    /// A fresh count, or `None` when the limits allow no solution at all (the search
    /// should not run: [`Tally::refused`] is its result).
    pub fn new(limits: &'a Limits) -> Option<Tally<'a>> {
        let stats = Stats { nodes: 0, solutions: 0, stop: Stop::Exhausted };
        (limits.max_solutions != Some(0)).then_some(Tally { limits, stats })
    }

    /// The result of a search [`Tally::new`] refused.
    pub fn refused() -> Stats {
        Stats { nodes: 0, solutions: 0, stop: Stop::SolutionLimit }
    }

    /// The statistics of a search that ended with `ended` (`Err` saying why it stopped
    /// early).
    pub fn finish(&self, ended: Result<(), Stop>) -> Stats {
        Stats { stop: ended.err().unwrap_or(Stop::Exhausted), ..self.stats }
    }

    /// The visit of a solution: report the options chosen.
    pub fn visit(&mut self, chosen: &[OptionId], on_solution: &mut dyn FnMut(&[OptionId]) -> Flow) -> Result<(), Stop> {
        self.stats.solutions += 1;
        if on_solution(chosen) == Flow::Stop {
            return Err(Stop::Callback);
        }
        if self.limits.max_solutions.is_some_and(|m| self.stats.solutions >= m) {
            return Err(Stop::SolutionLimit);
        }
        Ok(())
    }

    /// Counts one search-tree node, first checking the node limit and, every
    /// [`CLOCK_EVERY`] nodes, the deadline.
    #[inline]
    pub fn count_node(&mut self) -> Result<(), Stop> {
        let nodes = self.stats.nodes;
        if self.limits.max_nodes.is_some_and(|m| nodes >= m) {
            return Err(Stop::NodeLimit);
        }
        if nodes.is_multiple_of(CLOCK_EVERY) && self.limits.deadline.is_some_and(|t| Instant::now() >= t) {
            return Err(Stop::Timeout);
        }
        self.stats.nodes = nodes + 1;
        Ok(())
    }
}
