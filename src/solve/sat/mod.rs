//! A second engine for paths: clause learning (CDCL, the `batsat` crate, a port of
//! MiniSat), for a first answer or `--unique` of paths alone (`api/xcc.rs` chooses it).
//!
//! Dancing cells decide Numberlink's paths cell by cell and learn nothing from a dead end:
//! on Janko's 15×15 Arukone 025 they find no answer in a minute. A CDCL solver learns a
//! clause from each conflict, and on the same problem written as clauses proves it unique
//! in well under a second (docs/performance.md, "Numberlink: clause learning").
//!
//! [`paths`] writes the problem as clauses over the graph the paths run on, and takes only
//! the lowering's matrix for paths alone ([`solve`] answers `None` for any other). Solutions
//! come one at a time: a model with a closed cycle is refused by a clause and the solver
//! asked again; each other model is read back as the options chosen (a solution of the
//! problem: the clauses say exactly its items, the cycle check its global constraint),
//! reported, and refused by a clause so that the next model is another solution. So every
//! solution comes once and counts are exact; the caller verifies each answer like any
//! other.
//!
//! `--stats` counts the solver's conflicts as the nodes.
pub mod paths;

use std::sync::atomic::Ordering;
use std::time::Instant;

use batsat::{Callbacks, Lit, SolverInterface, SolverOpts, lbool};

use crate::ir::xcc::{Global, OptionId, XccProblem};
use crate::solve::xcc::{Flow, INTERRUPT, Limits, Stats, Stop};
use paths::Paths;

/// What stops the solver: the limits, and the conflicts counted as nodes.
struct Watch<'a> {
    limits: &'a Limits,
    conflicts: u64,
    stop: std::cell::Cell<Option<Stop>>,
    calls: std::cell::Cell<u32>,
}

impl Callbacks for Watch<'_> {
    fn on_new_clause(&mut self, _c: &[Lit], src: batsat::ClauseKind) {
        if src == batsat::ClauseKind::Learnt {
            self.conflicts += 1;
        }
    }

    fn stop(&self) -> bool {
        // Once stopped, stopped: the solver asks again on its way out.
        if self.stop.get().is_some() {
            return true;
        }
        if self.limits.max_nodes.is_some_and(|m| self.conflicts >= m) {
            self.stop.set(Some(Stop::NodeLimit));
            return true;
        }
        let calls = self.calls.get().wrapping_add(1);
        self.calls.set(calls);
        if !calls.is_multiple_of(256) {
            return false;
        }
        if INTERRUPT.load(Ordering::Relaxed) || self.limits.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed)) {
            self.stop.set(Some(Stop::Interrupted));
            return true;
        }
        if self.limits.deadline.is_some_and(|t| Instant::now() >= t) {
            self.stop.set(Some(Stop::Timeout));
            return true;
        }
        false
    }
}

/// Every solution of `p`, until the limits or the callback stop it, as
/// [`crate::solve::xcc::solve`] does, and the size of the clauses for `--stats`; `None`
/// (before any solution) when `p` is not paths alone (see [`paths`]).
pub fn solve(
    p: &XccProblem,
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
) -> Option<(Stats, String)> {
    if !matches!(p.globals[..], [Global::Loop { paths: true, .. }]) {
        return None; // not paths alone: no solver built
    }
    let watch = Watch { limits, conflicts: 0, stop: std::cell::Cell::new(None), calls: std::cell::Cell::new(0) };
    let mut solver = batsat::Solver::new(SolverOpts::default(), watch);
    let mut stats = Stats { nodes: 0, solutions: 0, stop: Stop::Exhausted };
    let paths = Paths::new(p, &mut solver)?;
    // Puzzles made for people mostly have a solution with every cell on a path: such a
    // solution is looked for first (a model under the assumption, still a solution), then
    // any other without it.
    let mut assume = paths.every_node_on_a_path();
    loop {
        let r = solver.solve_limited(&assume);
        if r == lbool::FALSE && !assume.is_empty() {
            assume.clear();
            continue;
        }
        if r == lbool::FALSE {
            break;
        }
        if r != lbool::TRUE {
            stats.stop = solver.cb().stop.get().unwrap_or(Stop::Interrupted);
            break;
        }
        let cycles = paths.cycles(&solver);
        if !cycles.is_empty() {
            for mut cycle in cycles {
                solver.add_clause_reuse(&mut cycle);
            }
            continue;
        }
        let mut refuse = paths.refuse(&solver);
        let chosen = paths.options(&solver).expect("each node's way is one of its options (the clauses say so)");
        assume.clear();
        stats.solutions += 1;
        let flow = on_solution(&chosen);
        if limits.max_solutions.is_some_and(|m| stats.solutions >= m) {
            stats.stop = Stop::SolutionLimit;
            break;
        }
        if flow == Flow::Stop {
            stats.stop = Stop::Callback;
            break;
        }
        solver.add_clause_reuse(&mut refuse);
    }
    stats.nodes = solver.cb().conflicts;
    if let Some(published) = &limits.progress {
        published.add(stats.nodes, stats.solutions);
    }
    let shape = format!("{} variables, {} clauses", solver.num_vars(), paths.clauses);
    Some((stats, shape))
}
