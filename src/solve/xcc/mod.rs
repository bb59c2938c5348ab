//! The exact-cover engine: Knuth's Algorithm C (exact covering with colours, TAOCP
//! 7.2.2.1) and Algorithm M (with multiplicities), behind one API.
//!
//! - When every primary item is `1..1`, the matrix is laid out as *dancing cells* (Knuth's
//!   sparse-set SSXCC: dense per-item arrays with position maps, sizes saved on a trail
//!   instead of undoing links; see `cells`), or, for small matrices, as *sets of options*
//!   (a level's live options are a bitset, a choice removes the union of a few precomputed
//!   sets; see `sets`). Otherwise Algorithm M runs on dancing links (`links`, `search`).
//!   See [`solve_on`] for the choice.
//! - Search order is deterministic: at each node the active primary item with the fewest
//!   branches is chosen (minimum remaining values; ties go to the first item in item
//!   order), and its options are tried in option-id order. A problem marked
//!   [`weighted`](XccProblem::weighted) branches on dancing cells on the item of fewest
//!   options per weight instead (`cells/weights.rs`): same solutions, another tree. Sets of
//!   options (small matrices, where the search is short anyway) and Algorithm M keep MRV.
//! - An item with multiplicity `lo..hi` branches on "include its next option" in order,
//!   each option tried being excluded from the rest of that level (Knuth's *tweak*), plus
//!   "close the item" once `lo` is met, so every solution (a *set* of options) is reported
//!   exactly once even when identical rows are present.
//! - Nothing is allocated while searching, apart from the trail growing.
//!
//! # Node counting
//! [`Stats::nodes`] counts entries into step C2 (M2) that do *not* find a solution, i.e.
//! the times an item is chosen for branching, including a choice of an item with no
//! options left. This is what Knuth's DLX programs report as "nodes" and exactly what the
//! `dlx` crate adds up in its per-level profile (`Solver::get_profile`, one count per entry
//! of a level that is not a solution); like it, the choice is the *first* item of least
//! length (the crate's `mrv_chooser(prefer_any(), no_tiebreak())`). The root counts as one
//! node unless the problem has no primary items. When a try leaves a primary item with no
//! options, the engine stops that try at once but still counts the one node Algorithm C
//! would enter and leave there, so `tests/node_counts.rs` finds equal counts on every
//! benchmark matrix. [`Branching::ForcedMoves`] counts differently (items with a single
//! option are not nodes); the tree and the solutions are the same.

mod cells;
mod check;
pub mod grade;
mod links;
mod search;
mod sets;
pub mod shortcut;
mod tally;
pub(crate) use tally::Tally;
#[cfg(test)]
mod tests;

use std::sync::Arc;
use std::time::Instant;

use crate::ir::xcc::{ItemKind, OptionId, XccProblem};

pub use check::check_solution;
pub use tally::{INTERRUPT, Published};

/// When to give up. `None` means no limit.
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// Stop after reporting this many solutions.
    pub max_solutions: Option<u64>,
    /// Stop before counting node number `max_nodes + 1`.
    pub max_nodes: Option<u64>,
    /// Stop at the first clock check (every few thousand nodes) past this instant.
    pub deadline: Option<Instant>,
    /// Where to publish the node and solution counts at each clock check, for a progress
    /// line; `None` publishes nothing.
    pub progress: Option<Arc<Published>>,
    /// A front end's stop button (`api::Cancel`): set, it stops the search at its next
    /// clock check with [`Stop::Interrupted`], like Ctrl-C does through [`INTERRUPT`], but
    /// for this search only.
    pub cancel: Option<Arc<std::sync::atomic::AtomicBool>>,
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
    /// [`tally::INTERRUPT`] was set (Ctrl-C), or the search's [`Limits::cancel`].
    Interrupted,
    /// The answers a front end holds until the search ends filled their memory
    /// (`api::held`): it cancelled the search and says so. The engine never stops with this
    /// itself.
    AnswersFull,
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
    solve_with(p, limits, Branching::Mrv, on_solution)
}

/// How the search counts its nodes (it always explores the same tree and reports the same
/// solutions in the same order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Branching {
    /// Plain MRV: every choice of an item is a node, as in Knuth's programs and the `dlx`
    /// crate (see the module docs).
    #[default]
    Mrv,
    /// An item with a single option left is a *forced move*: it is taken without counting
    /// a node, and the choice step stops looking at the first such item. Only problems
    /// without multiplicities run differently; the others count as in [`Branching::Mrv`].
    ForcedMoves,
}

/// [`solve`] with a choice of [`Branching`].
pub fn solve_with(
    p: &XccProblem,
    limits: &Limits,
    branching: Branching,
    on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
) -> Stats {
    solve_on(Engine::Auto, p, limits, branching, on_solution)
}

/// Which layout of the matrix the search runs on. They explore the same tree and report
/// the same solutions in the same order; [`Engine::Auto`] picks the fastest that can run
/// the problem, and the others are for tests and benchmarks that compare them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Engine {
    #[default]
    Auto,
    /// Dancing links with Algorithm M: any problem.
    Links,
    /// Dancing cells: every primary item `1..1`. The only engine that prunes by global
    /// constraints during the search (Algorithm M checks them on each solution).
    Cells,
    /// Sets of options as bitsets: every primary item `1..1`, fewer than 65,536 primary
    /// items and options.
    Sets,
}

impl Engine {
    /// Can this engine run `p`?
    pub fn runs(self, p: &XccProblem) -> bool {
        match self {
            Engine::Auto | Engine::Links => true,
            Engine::Cells => exact_cover(p),
            // Sets of options do not look at global constraints.
            Engine::Sets => exact_cover(p) && sets::fits(p) && p.globals.is_empty(),
        }
    }
}

/// [`solve_with`] on a given [`Engine`], which must [run](Engine::runs) `p`. Multiplicities
/// need [`Engine::Links`]. Without them, sets of options win on small matrices where a
/// choice rules out many options: up to 256 items without colours (pentominoes 0.11×,
/// 13 queens 0.36×, Langford pairs 0.38× the time of the `dlx` crate), or with colours while the items' bitsets
/// are short (Tetravex 6×6: 72 primary items × 21 words); dancing cells run the rest
/// (sudoku, where a choice rules out a dozen options among hundreds). Figures:
/// `cargo bench --bench xcc`, docs/performance.md.
pub fn solve_on(
    engine: Engine,
    p: &XccProblem,
    limits: &Limits,
    branching: Branching,
    on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
) -> Stats {
    debug_assert_eq!(p.validate(), Ok(()));
    assert!(engine.runs(p), "{engine:?} cannot run this problem");
    let coloured = p.option_items.iter().any(|e| e.colour.0 != 0);
    let engine = match engine {
        Engine::Auto if exact_cover(p) && sets_fit(p, coloured) && p.globals.is_empty() => Engine::Sets,
        Engine::Auto if exact_cover(p) => Engine::Cells,
        Engine::Auto => Engine::Links,
        chosen => chosen,
    };
    match engine {
        // How to count live options per item: popcounts were faster on pentominoes, counts
        // kept per level on Tetravex (`XCC_ENGINE=sets cargo bench`); colours are the
        // rough dividing line between the two kinds (see `sets::search::run`).
        Engine::Sets => sets::search::run(&sets::Sets::new(p), !coloured, limits, branching, on_solution),
        Engine::Cells => cells::search::run(&mut cells::Cells::new(p), limits, branching, on_solution),
        _ => search::run(&mut links::Links::new(p), &p.globals, limits, on_solution),
    }
}

/// Does [`Engine::Auto`] search `p` by weights (`XccProblem::weighted`, on dancing cells)?
/// Such a search's tree, and so its order of solutions, depends on everything it met
/// before: a split into pieces would find them in another order (`split.rs`).
pub fn by_weights(p: &XccProblem) -> bool {
    let coloured = p.option_items.iter().any(|e| e.colour.0 != 0);
    p.weighted && exact_cover(p) && !(sets_fit(p, coloured) && p.globals.is_empty())
}

/// Is `p` small enough for [`Engine::Sets`] to beat dancing cells (see [`solve_on`])? Its
/// per-node work grows with the words of a bitset over the options, and its memory with
/// keys × words (a key per item and per (item, colour) used).
fn sets_fit(p: &XccProblem, coloured: bool) -> bool {
    let words = p.option_count().div_ceil(64);
    let keys = p.items.len() + p.option_items.iter().filter(|e| e.colour.0 != 0).count();
    let small = words <= 256 && keys * words <= 1 << 20;
    small && if coloured { p.n_primary * words <= 4096 } else { p.items.len() <= 256 }
}

/// Counts solutions without looking at them.
pub fn count(p: &XccProblem, limits: &Limits) -> Stats {
    solve(p, limits, &mut |_| Flow::Continue)
}

/// Are all primary items `1..1`? Then dancing cells or sets of options can run; otherwise
/// only Algorithm M on dancing links.
fn exact_cover(p: &XccProblem) -> bool {
    p.items[..p.n_primary].iter().all(|it| it.kind == ItemKind::Primary { lo: 1, hi: 1 })
}
