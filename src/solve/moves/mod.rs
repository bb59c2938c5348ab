//! Move-search engine: finds the first move sequence (in the problem's move order) that
//! reaches the goal within the budget. It knows nothing about any particular puzzle: it reads
//! cells by index, applies effects, runs rules to a fixpoint and searches.
//!
//! - `Exactly(n)` / `AtMost(n)`: depth-first in move-index order, so the first solution found
//!   is the lexicographically smallest ([`dfs`]).
//! - `Fewest { max }`: breadth-first, which yields the lexicographically first among the
//!   shortest solutions ([`bfs`]); or, with the guidance the compiler derived
//!   ([`Guide`]), iterative deepening A* under a lower bound ([`ida`]) or a search of the
//!   sets of commuting moves in increasing order ([`commute`]), which find the same answer.
//!   With move costs, uniform-cost search finds a cheapest solution ([`cheapest`]).
//!
//! Both use a transposition table of packed states ([`table`]) that grows as needed up to
//! [`Limits::max_table_bytes`] (and [`Limits::max_table_entries`]), and honour a node limit
//! and a deadline.

mod bfs;
mod cheapest;
mod commute;
mod count;
pub mod dead_cells;
mod dfs;
mod ida;
mod index;
mod machine;
mod overflow;
pub mod pdb;
mod permute;
mod prove;
mod reach;
mod table;

use std::time::Instant;

use crate::ir::guide::Guide;
pub use crate::ir::moves::Budget;
use crate::ir::moves::{EMPTY, MoveInstance, MoveProblem, Value};

pub use count::{Counted, count, count_guided, count_upto};
use machine::Machine;
pub use machine::TraceStep;
pub use overflow::Overflowed;
pub use permute::Kept;

/// Why the goal was proved unreachable before any search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// The number of non-empty cells can only fall or only rise ([`prove`]).
    Blocks,
    /// Every move permutes the board's cells, and the permutation keeps this ([`permute`]).
    Permuted(Kept),
    /// The start holds this value in a cell from which it can never reach a place the goal
    /// accepts ([`dead_cells`]).
    DeadCell { cell: crate::ir::moves::CellIx, value: Value },
}

/// Whether the goal is proved unreachable, and how.
pub fn proof(p: &MoveProblem) -> Option<Proof> {
    if prove::goal_unreachable(p) {
        return Some(Proof::Blocks);
    }
    if let Some(k) = permute::goal_unreachable(p) {
        return Some(Proof::Permuted(k));
    }
    let (cell, value) = dead_cells::derive(p)?.first_in(&p.initial)?;
    Some(Proof::DeadCell { cell, value })
}

#[derive(Clone, Debug)]
pub struct Limits {
    /// Stop after visiting this many nodes (states expanded or tested).
    pub max_nodes: u64,
    /// Stop at this instant (checked every few thousand nodes).
    pub deadline: Option<Instant>,
    /// Entries the transposition table may hold. Depth-first search keeps going without
    /// recording more failures once it is full; breadth-first search must stop.
    pub max_table_entries: usize,
    /// Memory the transposition table (and the per-entry data kept beside it) may hold; the
    /// table grows as needed up to it. The CLI sets it from `--memory`.
    pub max_table_bytes: usize,
    /// Where the search publishes its node count for the progress line (`None`: nobody
    /// watches). Published every 4096 nodes, at the clock check, so it costs nothing more.
    pub progress: Option<std::sync::Arc<crate::solve::xcc::Published>>,
    /// A front end's stop button (`api::Cancel`), read with the clock: [`Stop::Interrupted`].
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

/// [`Limits::max_table_bytes`] when nobody says: 1 GiB.
pub const DEFAULT_TABLE_BYTES: usize = 1 << 30;

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_nodes: u64::MAX,
            deadline: None,
            max_table_entries: usize::MAX,
            max_table_bytes: DEFAULT_TABLE_BYTES,
            progress: None,
            cancel: None,
        }
    }
}

/// Why the search ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    Solved,
    /// The whole space within the budget was searched: there is no solution.
    Exhausted,
    NodeLimit,
    Deadline,
    /// Breadth-first search needs every visited state and ran out of table entries.
    TableFull,
    /// Arithmetic on the state overflowed 64 bits ([`Outcome::overflowed`] says where).
    Overflow,
    /// [`crate::solve::xcc::INTERRUPT`] was set (Ctrl-C), or [`Limits::cancel`], seen at a
    /// clock check.
    Interrupted,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    pub nodes: u64,
    pub tt_entries: usize,
    /// The table reached its cap at some point (depth-first search went on without it).
    pub table_full: bool,
    pub stop: Stop,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Indices into `MoveProblem::moves`, in playing order.
    pub solution: Option<Vec<u32>>,
    pub stats: Stats,
    /// With [`Stop::Overflow`]: the program that overflowed and the position.
    pub overflowed: Option<Overflowed>,
    /// The goal was proved unreachable before any search, so.
    pub proof: Option<Proof>,
}

/// Runs a search with the overflow record cleared first, and turns a recorded overflow into
/// [`Stop::Overflow`] whatever the search returned (see [`overflow`]).
fn checked<T>(search: impl FnOnce() -> T, stats: impl FnOnce(&mut T) -> &mut Stats) -> (T, Option<Overflowed>) {
    overflow::clear();
    let mut out = search();
    let overflowed = overflow::take();
    if overflowed.is_some() {
        stats(&mut out).stop = Stop::Overflow;
    }
    (out, overflowed)
}

/// Whether all of `m`'s conditions hold in `state`.
pub fn legal(p: &MoveProblem, state: &[Value], m: &MoveInstance) -> bool {
    Machine::new(p).legal(state, m)
}

/// Applies `m` (effects simultaneously) and then the rules until stable. With a trace, records
/// the grid after the effects and after every rule application that changed something.
/// Does not check legality.
pub fn apply_move(p: &MoveProblem, state: &mut [Value], m: &MoveInstance, trace: Option<&mut Vec<TraceStep>>) {
    Machine::new(p).apply(state, m, trace)
}

pub fn goal_holds(p: &MoveProblem, state: &[Value]) -> bool {
    machine::goal_holds(p, state)
}

/// Replays `moves` from the initial grid, returning the final grid, or the position of the
/// first illegal move.
pub fn replay(p: &MoveProblem, moves: &[u32]) -> Result<Vec<Value>, usize> {
    let mut m = Machine::new(p);
    let mut s = p.initial.clone();
    for (i, &mi) in moves.iter().enumerate() {
        let mv = p.moves.get(mi as usize).ok_or(i)?;
        if !m.legal(&s, mv) {
            return Err(i);
        }
        m.apply(&mut s, mv, None);
    }
    Ok(s)
}

/// Where the guide's bound is seen to overestimate on a solution: a position after `i` moves
/// whose bound exceeds the `len - i` moves the solution still makes from it, as
/// `(i, bound, len - i)`. A bound that never overestimates passes on every solution; one
/// that fails here may have made the search miss a shorter answer.
pub fn overestimate(p: &MoveProblem, guide: &Guide, sol: &[u32]) -> Option<(usize, u32, usize)> {
    let bound = guide.bound.as_ref()?;
    let mut m = Machine::new(p);
    let mut s = p.initial.clone();
    for i in 0..=sol.len() {
        // The search evaluated the bound at every position of its answer: an overflow there
        // stopped it before any answer came out.
        let h = bound.eval(&s).unwrap_or(0);
        if h as usize > sol.len() - i {
            return Some((i, h, sol.len() - i));
        }
        if let Some(&mi) = sol.get(i) {
            m.apply(&mut s, &p.moves[mi as usize], None);
        }
    }
    None
}

pub fn solve(p: &MoveProblem, limits: &Limits) -> Outcome {
    solve_guided(p, limits, Search::Bfs, &Guide::default())
}

/// How a `Fewest` search runs. Every way finds the same answer: the lexicographically first
/// among the shortest solutions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// Commuting moves: their sets in increasing order; else IDA* when the guide has a
    /// sum-of-distances bound (reversible moves, where breadth-first search keeps every
    /// position of a huge space); else breadth-first.
    Auto,
    Bfs,
    /// IDA* under the guide's bound, or the commuting-set search (falls back to breadth-first
    /// when the guide has neither).
    Ida,
}

/// The engine a `Fewest` search runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    Bfs,
    Ida,
    Commuting,
}

impl Engine {
    /// How `--stats` names it.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Bfs => "breadth-first",
            Engine::Ida => "IDA*",
            Engine::Commuting => "commuting sets",
        }
    }
}

/// Which engine [`solve_guided`] runs for `Fewest` with `search` and `guide`.
pub fn engine_for(search: Search, guide: &Guide) -> Engine {
    use crate::ir::guide::Bound;
    match search {
        Search::Bfs => Engine::Bfs,
        _ if guide.commute => Engine::Commuting,
        Search::Auto
            if matches!(guide.bound, Some(Bound::Distance { .. } | Bound::Patterns(_) | Bound::Estimate(_))) =>
        {
            Engine::Ida
        }
        Search::Ida if guide.bound.is_some() => Engine::Ida,
        _ => Engine::Bfs,
    }
}

/// [`solve`] with the compiler's guidance: `Fewest` runs the engine [`engine_for`] picks.
pub fn solve_guided(p: &MoveProblem, limits: &Limits, search: Search, guide: &Guide) -> Outcome {
    let (mut out, overflowed) = checked(|| search_guided(p, limits, search, guide), |o| &mut o.stats);
    if overflowed.is_some() {
        out.solution = None;
        out.overflowed = overflowed;
    }
    out
}

fn search_guided(p: &MoveProblem, limits: &Limits, search: Search, guide: &Guide) -> Outcome {
    if let Some(proof) = proof(p) {
        return Outcome { proof: Some(proof), ..proved_unreachable() };
    }
    match p.budget {
        Budget::Exactly(n) => dfs::solve(p, limits, n, true, guide.symmetry.as_ref()),
        Budget::AtMost(n) => dfs::solve(p, limits, n, false, guide.symmetry.as_ref()),
        // Costs: the guide's bounds and commuting sets count moves, not costs.
        Budget::Fewest { max } if p.has_costs() => cheapest::solve(p, limits, max),
        Budget::Fewest { max } => match (engine_for(search, guide), &guide.bound) {
            (Engine::Commuting, _) => commute::solve(p, limits, max),
            (Engine::Ida, Some(bound)) => ida::solve(p, limits, max, bound),
            _ => bfs::solve(p, limits, max, guide.symmetry.as_ref()),
        },
    }
}

/// Whether the search [`solve_guided`] runs for `search` and `guide` keys its table by the
/// guide's symmetry: depth-first search, and breadth-first search without costs.
pub fn uses_symmetry(p: &MoveProblem, search: Search, guide: &Guide) -> bool {
    guide.symmetry.is_some()
        && match p.budget {
            Budget::Exactly(_) | Budget::AtMost(_) => true,
            Budget::Fewest { .. } => !p.has_costs() && engine_for(search, guide) == Engine::Bfs,
        }
}

/// The outcome of a search the compiler's proof made unnecessary ([`prove`]): no solution,
/// after no node.
fn proved_unreachable() -> Outcome {
    Outcome {
        solution: None,
        stats: Stats { nodes: 0, tt_entries: 0, table_full: false, stop: Stop::Exhausted },
        overflowed: None,
        proof: None,
    }
}

/// Positions that cannot reach the goal: `dead_below: Some(k)`, some non-empty value occurs
/// 1..k-1 times; or a value stands in a dead cell ([`dead_cells`]). Counting the cells of a
/// small grid costs less than one rule application, so the counts are recomputed per state
/// rather than threaded through effects and rules.
struct DeadCheck {
    below: Option<(u32, Vec<u16>)>,
    cells: Option<dead_cells::DeadCells>,
    /// The board's cells: counters after them are not blocks.
    grid: usize,
}

impl DeadCheck {
    fn new(p: &MoveProblem) -> Option<Self> {
        let below = p.dead_below.map(|k| (k, vec![0; table::max_value(p) as usize + 1]));
        let cells = dead_cells::derive(p);
        (below.is_some() || cells.is_some()).then_some(DeadCheck { below, cells, grid: p.grid_len() })
    }

    fn dead(&mut self, s: &[Value]) -> bool {
        if self.cells.as_ref().is_some_and(|d| d.dead(s)) {
            return true;
        }
        let Some((k, counts)) = &mut self.below else { return false };
        counts.fill(0);
        for &v in &s[..self.grid] {
            // Values above the computed maximum cannot occur (see `table::max_value`).
            counts[v as usize] += 1;
        }
        counts[EMPTY as usize] = 0;
        counts.iter().any(|&c| c > 0 && (c as u32) < *k)
    }
}

fn is_dead(d: &mut Option<DeadCheck>, s: &[Value]) -> bool {
    d.as_mut().is_some_and(|d| d.dead(s))
}

/// Buffers for making a table search's children: the child state and its packed key.
struct Child {
    state: Vec<Value>,
    key: Vec<u8>,
}

impl Child {
    fn new(p: &MoveProblem, packer: &table::Packer) -> Self {
        Child { state: p.initial.clone(), key: vec![0u8; packer.klen] }
    }

    /// Makes the child of `parent` by `mv` and packs its key; the key's hash, or `None` when
    /// the move is not legal there or the child is dead. `from_root`: only the root may be
    /// unsettled (every other table entry came out of `apply`), so only its children need
    /// the full `apply`; the breadth-first, cheapest-first and counting searches share this.
    #[allow(clippy::too_many_arguments)]
    fn make(
        &mut self,
        m: &mut Machine,
        parent: &[Value],
        mv: &MoveInstance,
        from_root: bool,
        dead: &mut Option<DeadCheck>,
        packer: &table::Packer,
    ) -> Option<u64> {
        if !m.legal(parent, mv) {
            return None;
        }
        self.state.copy_from_slice(parent);
        if from_root {
            m.apply(&mut self.state, mv, None);
        } else {
            m.apply_settled(&mut self.state, mv, None);
        }
        if is_dead(dead, &self.state) {
            return None;
        }
        packer.pack(&self.state, &mut self.key);
        Some(table::hash(&self.key))
    }
}

/// Shared node/deadline accounting.
struct Budgeted {
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    progress: Option<std::sync::Arc<crate::solve::xcc::Published>>,
    cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    stop: Option<Stop>,
}

impl Budgeted {
    fn new(l: &Limits) -> Self {
        Budgeted {
            nodes: 0,
            max_nodes: l.max_nodes,
            deadline: l.deadline,
            progress: l.progress.clone(),
            cancel: l.cancel.clone(),
            stop: None,
        }
    }

    /// Counts a node; false (and `stop` set) when a limit is reached.
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            self.stop = Some(Stop::NodeLimit);
            return false;
        }
        // `Instant::now` costs tens of nanoseconds: look at the clock every 4096 nodes only,
        // and at the overflow record (which no answer survives) with it.
        if self.nodes & 4095 == 0 {
            if overflow::raised() {
                self.stop = Some(Stop::Overflow);
                return false;
            }
            if let Some(p) = &self.progress {
                p.add(4096, 0);
            }
            let set = |flag: &std::sync::atomic::AtomicBool| flag.load(std::sync::atomic::Ordering::Relaxed);
            if set(&crate::solve::xcc::INTERRUPT) || self.cancel.as_deref().is_some_and(set) {
                self.stop = Some(Stop::Interrupted);
                return false;
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stop = Some(Stop::Deadline);
                return false;
            }
        }
        true
    }
}
