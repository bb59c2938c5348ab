//! What every engine's search keeps beside its own state: the node and solution counts,
//! checked against the [`Limits`] as they grow.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::{Flow, Limits, Stats, Stop};

/// Set from outside (the command line's handler of SIGINT and SIGTERM) to stop every running
/// search at its next clock check, with [`Stop::Interrupted`]. Read with the clock, so the
/// per-node path does not change.
pub static INTERRUPT: AtomicBool = AtomicBool::new(false);

/// How many nodes pass between two looks at the clock (and two publications of the counts).
const CLOCK_EVERY: u64 = 4096;

/// Counts that searches publish for someone watching them from another thread (the progress
/// line): each search adds what it counted since its last publication every few thousand
/// nodes and when it ends, so the searches of `--threads` add up. The engines never read
/// them; a search without [`Limits::progress`] publishes nothing.
#[derive(Debug, Default)]
pub struct Published {
    pub nodes: AtomicU64,
    pub solutions: AtomicU64,
}

impl Published {
    /// Adds counts (relaxed: a watcher needs no order with the search's other writes).
    pub fn add(&self, nodes: u64, solutions: u64) {
        self.nodes.fetch_add(nodes, Ordering::Relaxed);
        self.solutions.fetch_add(solutions, Ordering::Relaxed);
    }
}

pub(crate) struct Tally<'a> {
    limits: &'a Limits,
    stats: Stats,
    /// The nodes and solutions already published.
    sent: (u64, u64),
}

impl<'a> Tally<'a> {
    /// A fresh count, or `None` when the limits allow no solution at all (the search
    /// should not run: [`Tally::refused`] is its result).
    pub fn new(limits: &'a Limits) -> Option<Tally<'a>> {
        let stats = Stats { nodes: 0, solutions: 0, stop: Stop::Exhausted };
        (limits.max_solutions != Some(0)).then_some(Tally { limits, stats, sent: (0, 0) })
    }

    /// The result of a search [`Tally::new`] refused.
    pub fn refused() -> Stats {
        Stats { nodes: 0, solutions: 0, stop: Stop::SolutionLimit }
    }

    /// The statistics of a search that ended with `ended` (`Err` saying why it stopped
    /// early).
    pub fn finish(&mut self, ended: Result<(), Stop>) -> Stats {
        self.publish();
        Stats { stop: ended.err().unwrap_or(Stop::Exhausted), ..self.stats }
    }

    /// The visit of a solution: report it (the options chosen, or a fill engine's values).
    pub fn visit<T>(&mut self, chosen: &[T], on_solution: &mut dyn FnMut(&[T]) -> Flow) -> Result<(), Stop> {
        self.stats.solutions += 1;
        if on_solution(chosen) == Flow::Stop {
            return Err(Stop::Callback);
        }
        if self.limits.max_solutions.is_some_and(|m| self.stats.solutions >= m) {
            return Err(Stop::SolutionLimit);
        }
        Ok(())
    }

    /// The solutions counted so far.
    pub fn solutions(&self) -> u64 {
        self.stats.solutions
    }

    /// Adds `count` solutions counted without visiting them one by one (a memo of subproblems
    /// already counted). Only for searches that report no solution singly and have no
    /// solution limit, so no limit can be overshot.
    pub fn add_solutions(&mut self, count: u64) {
        debug_assert!(self.limits.max_solutions.is_none());
        self.stats.solutions += count;
    }

    /// Counts one search-tree node, first checking the node limit and, every
    /// [`CLOCK_EVERY`] nodes, the deadline.
    #[inline]
    pub fn count_node(&mut self) -> Result<(), Stop> {
        let nodes = self.stats.nodes;
        if self.limits.max_nodes.is_some_and(|m| nodes >= m) {
            return Err(Stop::NodeLimit);
        }
        if nodes.is_multiple_of(CLOCK_EVERY) {
            self.now_and_then()?;
        }
        self.stats.nodes = nodes + 1;
        Ok(())
    }

    /// Every [`CLOCK_EVERY`] nodes: Ctrl-C or a cancel, the deadline, and the counts published. Kept out of line
    /// so the per-node path stays one comparison.
    #[inline(never)]
    fn now_and_then(&mut self) -> Result<(), Stop> {
        self.publish();
        if INTERRUPT.load(Ordering::Relaxed) || self.limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(Stop::Interrupted);
        }
        if self.limits.deadline.is_some_and(|t| Instant::now() >= t) {
            return Err(Stop::Timeout);
        }
        Ok(())
    }

    /// Adds what was counted since the last publication to [`Limits::progress`].
    fn publish(&mut self) {
        if let Some(p) = &self.limits.progress {
            p.add(self.stats.nodes - self.sent.0, self.stats.solutions - self.sent.1);
            self.sent = (self.stats.nodes, self.stats.solutions);
        }
    }
}
