//! The budgets a front end sets before it loads or solves anything, and the switches a
//! running search reads: the memory the compiler may hold (`--max-memory`, counted by
//! `lower/meter.rs`), the table of a played puzzle's positions (`--memory`), the expansion
//! and option limits (`--max-expansion`, `--max-options`) with their defaults, the stack of
//! the thread the stages run on, the process-wide interrupt (Ctrl-C) and the counts a search
//! publishes for a progress line.
use crate::diag::{Diagnostic, Span};
use crate::lower::meter;
use std::sync::atomic::Ordering::SeqCst;

/// What one instance may expand to while it is elaborated: `for` bindings (`work`,
/// `--max-expansion`), board cells, exact-cover options (`--max-options`).
pub use crate::lower::elaborate::ExpandLimits;
/// The process limit that lowers a memory budget (`ulimit -v`, a control group).
pub use crate::lower::meter::Cap;
/// The counts a running search publishes every 4096 nodes (`Options::progress`,
/// `Limits::progress`), read by a progress display on another thread.
pub use crate::solve::xcc::Published;

/// `--max-expansion`'s default: the bindings all `for` clauses of one instance may produce.
pub const DEFAULT_MAX_EXPANSION: u64 = crate::lower::eval::DEFAULT_BUDGET;

/// `--max-options`'s default: the exact-cover options one instance may lower to.
pub const DEFAULT_MAX_OPTIONS: usize = crate::lower::xcc::DEFAULT_MAX_OPTIONS;

/// The stack the stages want on the thread they run on: about 1 KiB per level of
/// expression nesting, for the deepest expression a 1 MiB spec can hold (less under a tight
/// `ulimit -v`, which counts the whole reservation).
pub const COMPILER_STACK: usize = 1 << 30;

/// The stack to give the thread the stages run on: [`COMPILER_STACK`], or less when an
/// address-space limit is tight (see `lower::meter::stack_size`).
pub fn compiler_stack() -> usize {
    meter::stack_size(COMPILER_STACK)
}

/// `--max-memory` and `--memory` as given: bytes, or a number with `K`, `M` or `G` (binary
/// units); `Err` says why not in words.
pub fn parse_bytes(s: &str) -> Result<usize, String> {
    meter::parse_bytes(s)
}

/// Bytes in words: `1 GiB`, `512 MiB`, `1000 bytes` (to a tenth of a unit: `1.4 GiB`).
pub fn show_bytes(n: usize) -> String {
    meter::show_bytes(n)
}

/// Sets the memory the compiler may hold (`--max-memory`), lowered to what the process's
/// own limits leave; returns the budget in force.
pub fn set_max_memory(bytes: usize) -> usize {
    meter::set_limit(bytes)
}

/// The memory budget in force.
pub fn max_memory() -> usize {
    meter::limit()
}

/// Starts (or, with `None`, lifts) the deadline of building on this thread: an instance's
/// `--timeout` runs from when its data begin to be read, and elaboration and lowering stop
/// with S403 once it has passed (see `lower/meter/deadline.rs`).
pub fn set_build_deadline(deadline: Option<std::time::Instant>) {
    meter::deadline::set(deadline)
}

/// The process limit that lowered the budget, if one did.
pub fn capped_by() -> Option<Cap> {
    meter::capped_by()
}

/// The bytes a played puzzle's table of positions may grow to: `asked` (`--memory`), else
/// half of what the system has available, under the process's limits (which one, if one
/// lowered it).
pub fn table_budget(asked: Option<usize>) -> (usize, Option<Cap>) {
    meter::table_budget(asked)
}

/// S401 at `span`: what is built there needs more memory than the budget leaves (its
/// message and help as the budget's own; a front end may reword them).
pub fn out_of_memory(span: Span) -> Diagnostic {
    meter::out_of_memory(span)
}

/// Asks every running search to stop at its next clock check (every 4096 nodes), as
/// Ctrl-C does; safe in a signal handler (one atomic swap). Returns whether it had been
/// asked already.
pub fn interrupt() -> bool {
    crate::solve::xcc::INTERRUPT.swap(true, SeqCst)
}

/// Whether [`interrupt`] was called.
pub fn interrupted() -> bool {
    crate::solve::xcc::INTERRUPT.load(SeqCst)
}
