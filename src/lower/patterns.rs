//! **Additive pattern databases**, derived from a lowered move problem whose moves slide one
//! value into the empty cell (the 8-, 15- and 24-puzzle): the values are split into groups of
//! neighbouring goal cells, and the bound becomes the sum, over the groups, of the fewest
//! moves of the group's own values that bring them home ([`crate::ir::patterns`]; the tables
//! are built by `solve/moves/pdb.rs`). Nothing is declared by the spec.
//!
//! **Applies** when the sum-of-distances bound applies with one cell per move
//! (`lower/bound.rs`: no rules, a pattern goal, every move one swap of two neighbouring cells)
//! and, besides, every move's condition says one of its two cells is empty (`cells(a) == 0`),
//! and the goal picture names a value for every cell (no `.`).
//!
//! **Why the sum never overestimates.** A move `swap a, b` whose condition says `a` is empty
//! carries the value of `b` to `a`: call `b → a` a *step*. Take a group `G` of values that
//! occur once on the board and once in the goal picture, and look at a position only through
//! where `G`'s values stand (its *placement*). Every move of a solution either leaves the
//! placement as it is (it moves a value outside `G`, or an empty cell's 0), or moves one
//! value of `G` by a step `b → a` into a cell `a` that held 0, so no value of `G`. So the
//! placements along a solution form a path in the graph whose edges are "one value of `G`
//! takes a step into a cell no other value of `G` holds", ending at the goal placement, with
//! one edge per move of a `G` value. The table's entry (the length of a shortest such path,
//! found by breadth-first search backwards from the goal placement) is therefore at most the
//! number of moves of `G`'s values in any solution. Groups are disjoint and a move moves one
//! value, so the sum of the entries over the groups, plus each remaining value's distance to
//! its goal cell (at least its number of moves, one step being one cell), is at most the
//! number of moves of a solution. Each entry is also at least the sum of its values'
//! distances (a step moves one value one cell), so the bound is never below the sum of
//! distances: that stays the floor.
//!
//! **Which groups.** Larger groups give a stronger bound and tables `n!/(n-k)!` entries long
//! for `n` cells: the largest size `k` ≤ 8 whose tables hold at most [`MAX_ENTRIES`] entries
//! altogether sets the number of groups, and the values are shared among that many groups as
//! evenly as they can be (the 8-puzzle: one group of 8, an exact table; the 15-puzzle: 5-5-5;
//! the 24-puzzle: 4-4-4-4-4-4; with a larger cap, 5-5-5 rather than 6-6-3, smaller tables
//! and no weak group of three). Each group gathers goal cells that touch:
//! a breadth-first walk over the steps from the first goal cell not yet taken, in reading
//! order, until it has `k` values.

use crate::ir::guide::Bound;
use crate::ir::moves::{CmpOp, Cond, EMPTY, Effect, Goal, MoveInstance, MoveProblem, Operand, Value};
use crate::ir::patterns::{Abstraction, NONE, Patterns, entries};
use std::collections::VecDeque;
use std::sync::OnceLock;

/// At most this many table entries (bytes) for all the groups together: 2^21, 2 MiB. It
/// bounds the time the tables take to build (about a second for a million entries on a
/// loaded machine) more than their memory: every process builds them again, and on the
/// 24-puzzle's 60- to 80-move positions groups of four (1.8 M entries, 1.3 s) answer in a
/// tenth of the time groups of five take (25.8 M entries, 33 s to build, three times fewer
/// nodes). `PUZC_PATTERN_ENTRIES` raises it for long batches of hard positions.
pub const MAX_ENTRIES: usize = 1 << 21;

/// The cap on the tables' entries in force: [`MAX_ENTRIES`], or `PUZC_PATTERN_ENTRIES` when
/// that is set to a number (docs/cli.md: 0 turns the tables off; a benchmark may raise it).
pub fn max_entries() -> usize {
    std::env::var("PUZC_PATTERN_ENTRIES").ok().and_then(|s| s.trim().parse().ok()).unwrap_or(MAX_ENTRIES)
}

/// The largest group.
const MAX_GROUP: usize = 8;

/// Whether the move's conditions say cell `c` is empty.
fn says_empty(m: &MoveInstance, c: u32) -> bool {
    m.when.iter().any(|w| {
        matches!(*w,
            Cond::Cmp { lhs: Operand::Cell(x), op: CmpOp::Eq, rhs: Operand::Const(EMPTY) }
            | Cond::Cmp { lhs: Operand::Const(EMPTY), op: CmpOp::Eq, rhs: Operand::Cell(x) } if x == c)
    })
}

/// The pattern-database bound for `p`, given its sum-of-distances bound; `None` where it does
/// not apply (or would hold groups of one value, no better than the distances).
pub fn derive(p: &MoveProblem, distance: &Bound) -> Option<Patterns> {
    let Bound::Distance { cells, dist, per_move: 1 } = distance else { return None };
    let Goal::Pattern(want) = &p.goal else { return None };
    let grid = p.rows * p.cols;
    if (0..grid).any(|c| p.on_board[c] && want[c].is_none()) {
        return None;
    }
    // Steps `b → a`: the value of `b` moves into the empty `a`.
    let mut steps: Vec<(u32, u32)> = Vec::new();
    for m in &p.moves {
        let [Effect::Swap(a, b)] = m.effects[..] else { return None };
        match (says_empty(m, a), says_empty(m, b)) {
            (true, false) => steps.push((b, a)),
            (false, true) => steps.push((a, b)),
            (true, true) => {}
            (false, false) => return None,
        }
    }
    steps.sort_unstable();
    steps.dedup();
    let mut position = vec![NONE; grid];
    let mut cell_of: Vec<u32> = steps.iter().flat_map(|&(b, a)| [a, b]).collect();
    cell_of.sort_unstable();
    cell_of.dedup();
    if cell_of.len() > 64 {
        return None;
    }
    for (x, &c) in cell_of.iter().enumerate() {
        position[c as usize] = x as u8;
    }
    let n = cell_of.len();
    let mut into: Vec<Vec<u8>> = vec![Vec::new(); n];
    let mut touching: Vec<Vec<u8>> = vec![Vec::new(); n];
    for &(b, a) in &steps {
        let (pb, pa) = (position[b as usize], position[a as usize]);
        into[pa as usize].push(pb);
        touching[pa as usize].push(pb);
        touching[pb as usize].push(pa);
    }
    for t in &mut touching {
        t.sort_unstable();
        t.dedup();
    }
    // Values that occur once on the board and once in the goal, both where steps reach.
    let on = |c: usize| c < grid && p.on_board[c];
    let count = |cells: &mut dyn Iterator<Item = Value>, v: Value| cells.filter(|&x| x == v).count();
    let eligible = |v: Value| {
        v != EMPTY
            && count(&mut (0..grid).filter(|&c| on(c)).map(|c| p.initial[c]), v) == 1
            && count(&mut (0..grid).filter(|&c| on(c)).filter_map(|c| want[c]), v) == 1
            && (0..grid).any(|c| on(c) && p.initial[c] == v && position[c] != NONE)
    };
    // The goal position of each eligible value, by position.
    let mut goal_value: Vec<Option<Value>> = vec![None; n];
    let mut values = 0usize;
    for (x, &c) in cell_of.iter().enumerate() {
        if let Some(v) = want[c as usize].filter(|&v| eligible(v)) {
            goal_value[x] = Some(v);
            values += 1;
        }
    }
    let cap = max_entries();
    let fits = |k: usize| {
        let (full, rest) = (values / k, values % k);
        let total = full.checked_mul(entries(n as u32, k)).and_then(|t| t.checked_add(entries(n as u32, rest)));
        total.is_some_and(|t| t <= cap)
    };
    let largest = (2..=MAX_GROUP.min(values)).rev().find(|&k| fits(k))?;
    // As few groups as the largest size allows, as even as they can be: 5-5-5 rather than
    // 6-6-3 (smaller tables, and no weak group of three).
    let k = values.div_ceil(values.div_ceil(largest));
    // Groups of touching goal cells.
    let mut taken = vec![false; n];
    let mut groups: Vec<Vec<(Value, u8)>> = Vec::new();
    let mut group: Vec<(Value, u8)> = Vec::new();
    while let Some(start) = (0..n).find(|&x| goal_value[x].is_some() && !taken[x]) {
        let mut seen = vec![false; n];
        let mut queue = VecDeque::from([start]);
        seen[start] = true;
        while let Some(x) = queue.pop_front() {
            if let (Some(v), false) = (goal_value[x], taken[x]) {
                taken[x] = true;
                group.push((v, x as u8));
                if group.len() == k {
                    groups.push(std::mem::take(&mut group));
                    break;
                }
            }
            for &y in &touching[x] {
                if !seen[y as usize] {
                    seen[y as usize] = true;
                    queue.push_back(y as usize);
                }
            }
        }
    }
    if !group.is_empty() {
        groups.push(group);
    }
    let mut group_of = vec![NONE; 256];
    let mut slot_of = vec![NONE; 256];
    for (g, group) in groups.iter().enumerate() {
        for (i, &(v, _)) in group.iter().enumerate() {
            group_of[v as usize] = g as u8;
            slot_of[v as usize] = i as u8;
        }
    }
    let mut starts = vec![0u32];
    let mut from = Vec::new();
    for list in &into {
        from.extend_from_slice(list);
        starts.push(from.len() as u32);
    }
    Some(Patterns {
        abs: Abstraction { cell_of, starts, from, groups },
        cells: *cells,
        dist: dist.clone(),
        group_of,
        slot_of,
        position,
        built: OnceLock::new(),
    })
}
