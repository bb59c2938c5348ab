//! The memory budget: one limit on the bytes the process holds, checked at the places where
//! a spec makes things grow — every `for` binding, every list or tuple built, every
//! exact-cover option and concrete move lowered, every combination a cage lists, every
//! element of a picture — so a spec that would exhaust memory stops with S401 instead of an
//! allocation failure (an abort) or swapping. The move engines' tables of positions grow
//! under the same process ceiling (see [`table_budget`]).
//!
//! What is held is counted by a global allocator that wraps the system's and keeps a
//! running total of what malloc takes for each request (its header and rounding counted,
//! see [`footprint`]); checking it costs one relaxed atomic load. What the process holds
//! outside the heap when the budget is set (the program's own pages, stacks) is counted
//! once, so the resident size stays within the figure the diagnostic names.
//!
//! The budget honours the process's own limits (`process.rs`): the address-space limit
//! (`ulimit -v`) and the control group's `memory.max`, when they are lower than the budget
//! asked for, less a headroom for what the meter does not see (reserved stacks and malloc
//! arenas, threads, the step that crosses the line).
//!
//! Values are also weighed ([`weight`]): a single value may not exceed a share of the
//! budget, so comparing, hashing or printing any value stays proportional to the budget,
//! however much its parts are shared (a list doubled sixty times by `let a = [b, b]` is
//! refused when it is built).
pub mod deadline;
mod process;

use super::value::Value;
use crate::diag::{Code, Diagnostic, Span};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering::Relaxed};

pub use process::{address_space_limit, available, cgroup_limit, cgroup_limit_from};

/// The default of `--max-memory`: 1 GiB, well under the memory of a small machine, and
/// lowered to what the process's limits allow. The checks run between allocations, so the
/// peak can pass the budget only by what one checked step builds (one option, one value,
/// one binding).
pub const DEFAULT_MAX_MEMORY: usize = 1 << 30;

/// A value may weigh at most the budget divided by this (in units of about 64 bytes).
const VALUE_SHARE: usize = 64;

struct Counting;

/// What the heap holds, as [`footprint`] counts it.
static HELD: AtomicUsize = AtomicUsize::new(0);
/// The budget as the user sees it (`--max-memory`, or what the process's limits allow).
static LIMIT: AtomicUsize = AtomicUsize::new(DEFAULT_MAX_MEMORY);
/// What [`HELD`] may reach: the budget less what the process held outside the heap when it
/// was set.
static ROOM: AtomicUsize = AtomicUsize::new(DEFAULT_MAX_MEMORY);
/// What [`HELD`] may reach under the process's own limits (`usize::MAX` when it has none).
static CEILING: AtomicUsize = AtomicUsize::new(usize::MAX);
/// Which limit set [`CEILING`] (a [`Cap`] as a number, 0 for none).
static CEILING_BY: AtomicU8 = AtomicU8::new(0);
/// Whether [`LIMIT`] is lower than `--max-memory` asked because of the process's limits.
static LIMIT_CAPPED: AtomicU8 = AtomicU8::new(0);

/// What malloc takes for a request of `size` bytes, as glibc lays out its chunks: an 8-byte
/// header, rounded up to 16 bytes, at least 32; a request of 128 KiB or more is a mapping of
/// whole pages. Counting requests alone missed a fifth of a spec's memory (a million short
/// names: 1.29 GB resident at a 1 GiB budget).
#[inline]
pub fn footprint(size: usize) -> usize {
    if size >= 128 << 10 { size.saturating_add(16 + 4095) & !4095 } else { ((size + 8 + 15) & !15).max(32) }
}

// SAFETY: every call is passed to the system allocator unchanged; only a counter is kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            HELD.fetch_add(footprint(layout.size()), Relaxed);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            HELD.fetch_add(footprint(layout.size()), Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        HELD.fetch_sub(footprint(layout.size()), Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            HELD.fetch_sub(footprint(layout.size()), Relaxed);
            HELD.fetch_add(footprint(new_size), Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// The process limit that bounds the budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cap {
    /// `ulimit -v` (`RLIMIT_AS`).
    AddressSpace = 1,
    /// The control group's `memory.max` (v1: `memory.limit_in_bytes`).
    Cgroup = 2,
}

impl Cap {
    fn from_u8(n: u8) -> Option<Cap> {
        match n {
            1 => Some(Cap::AddressSpace),
            2 => Some(Cap::Cgroup),
            _ => None,
        }
    }

    /// The limit in words, for help texts.
    pub fn describe(self) -> &'static str {
        match self {
            Cap::AddressSpace => "the process's address-space limit (`ulimit -v`)",
            Cap::Cgroup => "the memory limit of the process's control group (`memory.max`)",
        }
    }
}

/// Room kept under a process limit for what the meter does not count: a malloc arena's
/// reserved heap (64 MiB), threads' stacks and arenas, the step that crosses the line, and
/// a share of the limit for fragmentation.
pub fn headroom(limit: usize) -> usize {
    limit / 8 + (128 << 20)
}

/// The compiler thread's stack, `wanted` unless an address-space limit is tight: the stack
/// is reserved whole, so it takes at most an eighth of the limit (deeply nested expressions
/// then need less nesting to overflow it; the 1 MiB spec limit is far from that at 4 GiB).
pub fn stack_size(wanted: usize) -> usize {
    address_space_limit().map_or(wanted, |l| wanted.min(l / 8).max(8 << 20))
}

/// What the heap may reach under the process's limits, measured now: the address-space
/// limit less what is mapped besides the heap (stacks, the program, arenas), and the
/// cgroup limit less what is resident besides the heap; each less its [`headroom`].
fn process_ceiling() -> Option<(usize, Cap)> {
    let held = held();
    let by_space = address_space_limit().map(|l| {
        let mapped = process::status_bytes("VmSize").unwrap_or(0).saturating_sub(held);
        (l.saturating_sub(mapped).saturating_sub(headroom(l)), Cap::AddressSpace)
    });
    let by_group = cgroup_limit().map(|l| {
        let resident = process::status_bytes("VmRSS").unwrap_or(0).saturating_sub(held);
        (l.saturating_sub(resident).saturating_sub(headroom(l)), Cap::Cgroup)
    });
    match (by_space, by_group) {
        (Some(a), Some(b)) => Some(if a.0 <= b.0 { a } else { b }),
        (a, b) => a.or(b),
    }
}

/// Sets the budget from `--max-memory` (the command line does, once, before anything is
/// built): what was asked, or less when the process's limits allow less. Returns the
/// budget.
pub fn set_limit(asked: usize) -> usize {
    let ceiling = process_ceiling();
    CEILING.store(ceiling.map_or(usize::MAX, |c| c.0), Relaxed);
    CEILING_BY.store(ceiling.map_or(0, |c| c.1 as u8), Relaxed);
    // Pages resident besides the heap (the program, the stacks touched so far).
    let base = process::status_bytes("VmRSS").unwrap_or(0).saturating_sub(held());
    set_room(asked, base, ceiling.map(|c| c.0))
}

/// The budget `asked`, `base` bytes of it already resident outside the heap, under the
/// process `ceiling` on the heap.
fn set_room(asked: usize, base: usize, ceiling: Option<usize>) -> usize {
    let room = asked.saturating_sub(base).max(asked / 2);
    let (room, limit, capped) = match ceiling {
        Some(c) if c < room => (c.max(1 << 20), c.max(1 << 20).saturating_add(base), true),
        _ => (room, asked, false),
    };
    ROOM.store(room, Relaxed);
    LIMIT.store(limit, Relaxed);
    LIMIT_CAPPED.store(capped as u8, Relaxed);
    limit
}

pub fn limit() -> usize {
    LIMIT.load(Relaxed)
}

/// Bytes the process holds now.
pub fn held() -> usize {
    HELD.load(Relaxed)
}

/// Whether the process holds more than the budget (one atomic load and a compare).
#[inline]
pub fn over() -> bool {
    held() > ROOM.load(Relaxed)
}

/// S401 at `span` once the process holds more than the budget; S403 once the thread's
/// deadline (`--timeout`, [`deadline`]) has passed.
pub fn check(span: Span) -> Result<(), Diagnostic> {
    if over() {
        Err(out_of_memory(span))
    } else if deadline::passed() {
        Err(out_of_time(span))
    } else {
        Ok(())
    }
}

/// Whether `bytes` more would still fit the budget (for a size that comes from the spec,
/// asked before the allocation is made).
pub fn room_for(bytes: usize) -> bool {
    held().saturating_add(bytes) <= ROOM.load(Relaxed)
}

/// The process limit that lowered the budget below `--max-memory`, if one did.
pub fn capped_by() -> Option<Cap> {
    if LIMIT_CAPPED.load(Relaxed) == 1 { Cap::from_u8(CEILING_BY.load(Relaxed)) } else { None }
}

/// The memory a move search's table of positions may take: `asked` (`--memory`), else
/// half of what the system has available now (1 GiB where it does not say), and never more
/// than the process's limits leave beside what is already held. The limit that lowered it,
/// if one did, comes with it (the help says so when the table fills).
pub fn table_budget(asked: Option<usize>) -> (usize, Option<Cap>) {
    let wanted = asked.unwrap_or_else(|| available().map_or(DEFAULT_MAX_MEMORY, |b| (b / 2).max(64 << 20)));
    let ceiling = CEILING.load(Relaxed);
    let left = ceiling.saturating_sub(held()).max(1 << 20);
    if ceiling != usize::MAX && left < wanted { (left, Cap::from_u8(CEILING_BY.load(Relaxed))) } else { (wanted, None) }
}

/// Whether `bytes` more would keep the heap under the process's limits (for tables that
/// grow past `--max-memory` by design, up to their own budget).
pub fn process_room_for(bytes: usize) -> bool {
    held().saturating_add(bytes) <= CEILING.load(Relaxed)
}

/// Pushes `x` onto a list that grows with the spec, through the budget: when the list must
/// double, the doubled list must fit (S401 at `span` before it is allocated, not after: a
/// list of three million items doubling was a step of 200 MB past the check), and a
/// refused allocation is S401 too, never an abort.
pub fn push<T>(v: &mut Vec<T>, x: T, span: Span) -> Result<(), Diagnostic> {
    if v.len() == v.capacity() {
        let more = v.capacity().max(4);
        if !room_for(more.saturating_mul(2 * size_of::<T>())) || v.try_reserve_exact(more).is_err() {
            return Err(out_of_memory(span));
        }
    }
    v.push(x);
    Ok(())
}

/// Before an insert into a hash map that grows with the spec: when the next insert doubles
/// its table, the doubled table (entries and control bytes, the old one still held) must
/// fit, and is reserved fallibly; S401 at `span` otherwise.
pub fn map_room<K: std::hash::Hash + Eq, V, S: std::hash::BuildHasher>(
    m: &mut std::collections::HashMap<K, V, S>,
    span: Span,
) -> Result<(), Diagnostic> {
    if m.len() == m.capacity() {
        let more = m.capacity().max(4);
        let bytes = (m.capacity() + more).saturating_mul(2 * (size_of::<(K, V)>() + 1));
        if !room_for(bytes) || m.try_reserve(more).is_err() {
            return Err(out_of_memory(span));
        }
    }
    check(span)
}

pub fn out_of_memory(span: Span) -> Diagnostic {
    let why = match capped_by() {
        Some(cap) => format!(
            "the spec builds more than {} of data, all that {} leaves it; shrink the ranges or sizes, or run it with more memory",
            show_bytes(limit()),
            cap.describe()
        ),
        None => format!(
            "the spec builds more than {} of data; shrink the ranges or sizes, or raise the limit with `--max-memory`",
            show_bytes(limit())
        ),
    };
    Diagnostic::new(Code::S401, span, "this needs more memory than the limit allows")
        .label("memory limit reached here")
        .help(why)
}

/// S403: the timeout ran out while the problem was still being built.
pub fn out_of_time(span: Span) -> Diagnostic {
    Diagnostic::new(Code::S403, span, "the timeout ran out while the problem was being built")
        .label("still building here")
        .help("`--timeout` covers reading and building an instance as well as its search; raise it, or shrink the ranges that make this large")
}

/// `1 GiB`, `512 MiB`, `1000 bytes`; an amount that is not a whole number of units to a
/// tenth (`1.4 GiB`).
pub fn show_bytes(n: usize) -> String {
    for (unit, name) in [(1usize << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")] {
        if n >= unit && n.is_multiple_of(unit) {
            return format!("{} {name}", n / unit);
        }
        if n >= unit && unit > 1 << 10 {
            return format!("{:.1} {name}", n as f64 / unit as f64);
        }
    }
    format!("{n} bytes")
}

/// The most a single value may weigh.
pub fn max_weight() -> u64 {
    (limit() / VALUE_SHARE) as u64
}

/// How much a value weighs: one unit per number, character, boolean or range, one per 8
/// bytes of a string, and a list or tuple its elements' weights plus one — counted as if
/// nothing were shared, which is what comparing, hashing or printing it walks. The walk
/// stops as soon as the weight passes `cap`, so weighing costs at most `cap` steps.
pub fn weight(v: &Value, cap: u64) -> u64 {
    match v {
        Value::Int(_) | Value::Char(_) | Value::Bool(_) | Value::Range { .. } => 1,
        Value::Str(s) => 1 + s.len() as u64 / 8,
        Value::Tuple(items) | Value::List(items) => {
            let mut w = 1u64;
            for item in items.iter() {
                w = w.saturating_add(weight(item, cap.saturating_sub(w)));
                if w > cap {
                    break;
                }
            }
            w
        }
        Value::Map(entries) => {
            let mut w = 1u64;
            for (k, v) in entries.iter() {
                w = w.saturating_add(weight(k, cap.saturating_sub(w)));
                w = w.saturating_add(weight(v, cap.saturating_sub(w)));
                if w > cap {
                    break;
                }
            }
            w
        }
    }
}

/// S401 at `span` if a value just built weighs more than one value may.
pub fn check_value(v: &Value, span: Span) -> Result<(), Diagnostic> {
    let cap = max_weight();
    if weight(v, cap) > cap {
        return Err(too_heavy(span));
    }
    check(span)
}

/// S401 for a value heavier than [`max_weight`].
pub fn too_heavy(span: Span) -> Diagnostic {
    Diagnostic::new(Code::S401, span, "this value is too large")
        .label("built here")
        .help(format!(
            "a single value may hold about {} elements (a share of `--max-memory`); a list that contains itself twice doubles at each step",
            max_weight()
        ))
}

/// Parses `--max-memory`: bytes, or a number with `K`, `M` or `G` (binary units).
pub fn parse_bytes(s: &str) -> Result<usize, String> {
    let t = s.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => t.split_at(i),
        None => (t, ""),
    };
    let mult: usize = match unit.trim().to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        _ => {
            return Err(format!(
                "`{s}` is not an amount of memory: write bytes, or a number with K, M or G (`512M`, `2G`)"
            ));
        }
    };
    let n: usize = digits.parse().map_err(|_| {
        format!("`{s}` is not an amount of memory: write bytes, or a number with K, M or G (`512M`, `2G`)")
    })?;
    match n.checked_mul(mult) {
        Some(b) if b >= 1 << 20 => Ok(b),
        Some(_) => Err(format!("`{s}` is too little memory to run in: give at least 1M")),
        None => Err(format!("`{s}` is too large an amount of memory")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    #[test]
    fn a_doubled_list_weighs_what_it_would_print_and_the_walk_stops_at_the_cap() {
        let mut v = Value::List(Rc::from(vec![Value::Int(1), Value::Int(2)]));
        for _ in 0..60 {
            v = Value::List(Rc::from(vec![v.clone(), v]));
        }
        assert!(weight(&v, 1000) > 1000);
        let small = Value::Tuple(Rc::from(vec![Value::Int(1), Value::Str(Rc::from("abcdefghijklmnop"))]));
        assert_eq!(weight(&small, 1000), 1 + 1 + 3);
    }

    #[test]
    fn memory_amounts_parse_with_binary_units() {
        assert_eq!(parse_bytes("2G"), Ok(2 << 30));
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("1048576"), Ok(1 << 20));
        assert!(parse_bytes("1K").is_err());
        assert!(parse_bytes("-1").is_err());
        assert!(parse_bytes("99999999999999999999G").is_err());
        assert_eq!(show_bytes(1 << 30), "1 GiB");
        assert_eq!(show_bytes(3 << 29), "1.5 GiB");
        assert_eq!(show_bytes(585924 << 10), "572.2 MiB");
        assert_eq!(show_bytes(3 << 10), "3 KiB");
    }
}
