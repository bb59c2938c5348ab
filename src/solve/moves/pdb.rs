//! Building the pattern databases of a [`Patterns`] bound (`lower/patterns.rs` chose the
//! groups and proves the bound): one table per group, filled by breadth-first search
//! backwards from the goal placement, layer by layer (the table and the placements of two
//! layers are held). A step of the search moves one value of the group into a position no
//! other value of the group holds.
//!
//! The tables are kept for the process: every instance of a file with the same board, moves
//! and goal shares them (the benchmark's 100 positions build them once). They are checked
//! against the memory budget (`--max-memory`, `lower/meter.rs`) before they are allocated;
//! when they do not fit, the search goes on under the sum of distances and says so.

use std::sync::{Arc, Mutex};
use std::time::Instant;

use super::{Limits, Stop};
use crate::ir::patterns::{Abstraction, Built, NONE, Patterns, Tables, entries, rank};

/// Tables kept for the process, most recent last; at most [`KEPT`].
static KEPT_TABLES: Mutex<Vec<(Abstraction, Arc<Tables>)>> = Mutex::new(Vec::new());
const KEPT: usize = 2;

/// Builds (or finds) the tables of `pat`, once; what came of it. The build watches the
/// clock, Ctrl-C and a front end's stop button as the search does ([`Limits`]): `Err` with
/// the reason when one of them stopped it (nothing is kept then).
pub fn prepare<'a>(pat: &'a Patterns, limits: &Limits) -> Result<&'a Built, Stop> {
    if let Some(b) = pat.built.get() {
        return Ok(b);
    }
    let mut kept = KEPT_TABLES.lock().unwrap_or_else(|e| e.into_inner());
    let built = if let Some((_, t)) = kept.iter().find(|(a, _)| *a == pat.abs) {
        Built::Ready { tables: t.clone(), reused: true }
    } else if !crate::lower::meter::room_for(pat.abs.bytes()) {
        Built::TooBig { need: pat.abs.bytes(), budget: crate::lower::meter::limit() }
    } else {
        let started = Instant::now();
        let mut tables = Vec::new();
        for g in 0..pat.abs.groups.len() {
            tables.push(build(&pat.abs, g, limits)?);
        }
        let tables = Arc::new(Tables { tables, took: started.elapsed() });
        if kept.len() == KEPT {
            kept.remove(0);
        }
        kept.push((pat.abs.clone(), tables.clone()));
        Built::Ready { tables, reused: false }
    };
    Ok(pat.built.get_or_init(|| built))
}

/// Whether `limits` say stop now (the deadline, Ctrl-C, the stop button).
fn stopped(limits: &Limits) -> Option<Stop> {
    let set = |flag: &std::sync::atomic::AtomicBool| flag.load(std::sync::atomic::Ordering::Relaxed);
    if set(&crate::solve::xcc::INTERRUPT) || limits.cancel.as_deref().is_some_and(set) {
        return Some(Stop::Interrupted);
    }
    limits.deadline.is_some_and(|d| Instant::now() >= d).then_some(Stop::Deadline)
}

/// Group `g`'s table: for every placement of its values, the fewest steps of those values
/// to their goal positions ([`NONE`] where they cannot get there). The layer being expanded
/// is a list of placements (eight positions packed in a word), so no index is decoded.
fn build(abs: &Abstraction, g: usize, limits: &Limits) -> Result<Vec<u8>, Stop> {
    let n = abs.n();
    let group = &abs.groups[g];
    let k = group.len();
    let size = entries(n, k);
    let mut table = vec![NONE; size];
    let mut goal = [0u8; 8];
    for (i, &(_, x)) in group.iter().enumerate() {
        goal[i] = x;
    }
    table[rank(n, &goal[..k])] = 0;
    let mut layer = vec![u64::from_le_bytes(goal)];
    let mut next = Vec::new();
    let mut depth = 0u8;
    while !layer.is_empty() {
        if depth == NONE - 1 {
            // Deeper placements (none on a board anyone has asked for) are at least this
            // far: the bound stays a bound.
            for b in table.iter_mut().filter(|b| **b == NONE) {
                *b = depth;
            }
            break;
        }
        for (i, &packed) in layer.iter().enumerate() {
            if i % 4096 == 0
                && let Some(stop) = stopped(limits)
            {
                return Err(stop);
            }
            let mut ps = packed.to_le_bytes();
            let used = ps[..k].iter().fold(0u64, |m, &p| m | 1u64 << p);
            for j in 0..k {
                let x = ps[j];
                // Backwards: the value came to `x` from `y`, which no other value holds.
                for &y in abs.steps_into(x) {
                    if used >> y & 1 == 0 {
                        ps[j] = y;
                        let r = rank(n, &ps[..k]);
                        if table[r] == NONE {
                            table[r] = depth + 1;
                            next.push(u64::from_le_bytes(ps));
                        }
                    }
                }
                ps[j] = x;
            }
        }
        std::mem::swap(&mut layer, &mut next);
        next.clear();
        depth += 1;
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2×3 board, the blank stepping to its neighbours: one group of all five values is an
    /// exact table, checked against a breadth-first search of the whole puzzle written here.
    #[test]
    fn one_group_of_every_value_is_the_exact_distance() {
        let (rows, cols) = (2usize, 3usize);
        let n = rows * cols;
        let nb = |c: usize| {
            let (r, k) = (c / cols, c % cols);
            let mut v = Vec::new();
            if r > 0 {
                v.push(c - cols)
            }
            if r + 1 < rows {
                v.push(c + cols)
            }
            if k > 0 {
                v.push(c - 1)
            }
            if k + 1 < cols {
                v.push(c + 1)
            }
            v
        };
        let mut from = Vec::new();
        let mut starts = vec![0u32];
        for x in 0..n {
            from.extend(nb(x).iter().map(|&y| y as u8));
            starts.push(from.len() as u32);
        }
        let goal: Vec<u8> = (1..n as u8).chain([0]).collect();
        let group: Vec<(u8, u8)> = (1..n as u8).map(|v| (v, v - 1)).collect();
        let abs = Abstraction { cell_of: (0..n as u32).collect(), starts, from, groups: vec![group] };
        let t = build(&abs, 0, &Limits::default()).unwrap();
        // Breadth-first search over whole boards.
        let mut dist = std::collections::HashMap::from([(goal.clone(), 0u8)]);
        let mut q = std::collections::VecDeque::from([goal]);
        while let Some(s) = q.pop_front() {
            let d = dist[&s];
            let z = s.iter().position(|&v| v == 0).unwrap();
            for y in nb(z) {
                let mut t2 = s.clone();
                t2.swap(z, y);
                if !dist.contains_key(&t2) {
                    dist.insert(t2.clone(), d + 1);
                    q.push_back(t2);
                }
            }
        }
        assert_eq!(dist.len(), 360);
        for (s, d) in &dist {
            let mut ps = [0u8; 5];
            for (c, &v) in s.iter().enumerate() {
                if v != 0 {
                    ps[v as usize - 1] = c as u8;
                }
            }
            assert_eq!(t[rank(n as u32, &ps)], *d, "{s:?}");
        }
        // The other half of the placements (odd permutations) cannot reach the goal.
        assert_eq!(t.iter().filter(|&&b| b == NONE).count(), 360);
    }
}
