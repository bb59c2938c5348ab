//! The memory budget: one limit (`--max-memory`) on the bytes the process holds, checked at
//! the places where a spec makes things grow — every `for` binding, every list or tuple
//! built, every exact-cover option and concrete move lowered — so a spec that would exhaust
//! memory stops with S401 instead of an allocation failure (an abort) or swapping.
//!
//! What is held is counted exactly by a global allocator that wraps the system's and keeps a
//! running total; checking it costs one relaxed atomic load. Values are also weighed
//! ([`weight`]): a single value may not exceed a share of the budget, so comparing, hashing
//! or printing any value stays proportional to the budget, however much its parts are shared
//! (a list doubled sixty times by `let a = [b, b]` is refused when it is built).
use super::value::Value;
use crate::diag::{Code, Diagnostic, Span};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

/// The default of `--max-memory`: 1 GiB, well under the memory of a small machine. The
/// checks run between allocations, so the peak can pass the budget only by what one
/// checked step builds (one option, one value, one binding).
pub const DEFAULT_MAX_MEMORY: usize = 1 << 30;

/// A value may weigh at most the budget divided by this (in units of about 64 bytes).
const VALUE_SHARE: usize = 64;

struct Counting;

static HELD: AtomicUsize = AtomicUsize::new(0);
static LIMIT: AtomicUsize = AtomicUsize::new(DEFAULT_MAX_MEMORY);

// SAFETY: every call is passed to the system allocator unchanged; only a counter is kept.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            HELD.fetch_add(layout.size(), Relaxed);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            HELD.fetch_add(layout.size(), Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        HELD.fetch_sub(layout.size(), Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            HELD.fetch_sub(layout.size(), Relaxed);
            HELD.fetch_add(new_size, Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Sets the budget in bytes (the command line does, once, before anything is built).
pub fn set_limit(bytes: usize) {
    LIMIT.store(bytes, Relaxed);
}

pub fn limit() -> usize {
    LIMIT.load(Relaxed)
}

/// Bytes the process holds now.
pub fn held() -> usize {
    HELD.load(Relaxed)
}

/// S401 at `span` once the process holds more than the budget.
pub fn check(span: Span) -> Result<(), Diagnostic> {
    if held() > limit() { Err(out_of_memory(span)) } else { Ok(()) }
}

/// Whether `bytes` more would still fit the budget (for a size that comes from the spec,
/// asked before the allocation is made).
pub fn room_for(bytes: usize) -> bool {
    held().saturating_add(bytes) <= limit()
}

pub fn out_of_memory(span: Span) -> Diagnostic {
    Diagnostic::new(Code::S401, span, "this needs more memory than the limit allows")
        .label("memory limit reached here")
        .help(format!(
            "the spec builds more than {} of data; shrink the ranges or sizes, or raise the limit with `--max-memory`",
            show_bytes(limit())
        ))
}

/// `1 GiB`, `512 MiB`, `1000 bytes`.
pub fn show_bytes(n: usize) -> String {
    for (unit, name) in [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")] {
        if n >= unit && n.is_multiple_of(unit) {
            return format!("{} {name}", n / unit);
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

/// The memory the system has available now (`MemAvailable` of `/proc/meminfo`), where it
/// says.
pub fn available() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
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
    }
}
