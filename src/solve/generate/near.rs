//! A solution near another (the derived-clue generator's repair step): when the clues that
//! follow from a sampled solution `S` also admit a second solution `T`, the generator changes
//! `S` where `T` differs from it instead of drawing afresh. A cell where the two differ is
//! barred from both of their values there ([`bar`]) and the clue-free problem is solved again
//! with `S`'s options tried first ([`near`]): the engine keeps `S` wherever the bar lets it, so
//! the new solution is `S` changed around that cell, and the clues derived from it no longer
//! fit `T` there. The change is first confined to a window ([`outside`]: the cells where `T`
//! differs and those sharing a constraint with the cell), since the engine's backtracking
//! would otherwise carry it far (a third of a sudoku's cells) and undo clues that already
//! held; only when no solution changes the window alone may it go further.
//!
//! Why not start from scratch: a random filling of a layout whose clues are weak (a Kakuro's
//! run sums, a killer's cage sums) almost never has one solution, but most of its clues
//! already pin their cells down; the second solution names the few cells that are not pinned,
//! and changing one of them usually changes the clue that left it free. Each step costs one
//! sample and one count, as a fresh attempt does.
//!
//! This module sees only IR and plain indices, like the engines it drives.
use super::SplitMix64;
use crate::ir::xcc::{OptionId, XccProblem};
use crate::solve::xcc::{Flow, Limits};

/// A solution of `p` without the options `barred`, `base`'s options (a solution of `p`) tried
/// first at every item and the others in a seeded random order; `None` when none is found
/// within `limits`.
pub fn near(
    p: &XccProblem,
    base: &[OptionId],
    barred: &[OptionId],
    rng: &mut SplitMix64,
    limits: &Limits,
) -> Option<Vec<OptionId>> {
    let n = p.option_count();
    let mut rank = vec![1u8; n];
    for o in base {
        rank[o.0 as usize] = 0;
    }
    for o in barred {
        rank[o.0 as usize] = 2;
    }
    let mut order: Vec<OptionId> = (0..n as u32).map(OptionId).filter(|o| rank[o.0 as usize] < 2).collect();
    rng.shuffle(&mut order);
    // Stable: the random order kept within the base's options and within the others.
    order.sort_by_key(|o| rank[o.0 as usize]);
    let q = super::reordered(p, &order);
    let mut found = None;
    crate::solve::xcc::solve(&q, &Limits { max_solutions: Some(1), ..limits.clone() }, &mut |chosen| {
        found = Some(chosen.iter().map(|o| order[o.0 as usize]).collect());
        Flow::Stop
    });
    found
}

/// The cells (indices into `a` and `b`, two fillings of one board) where both hold a value
/// and the values differ, in a seeded random order.
pub fn differing(a: &[Option<usize>], b: &[Option<usize>], rng: &mut SplitMix64) -> Vec<usize> {
    let mut cells: Vec<usize> =
        (0..a.len().min(b.len())).filter(|&c| a[c].is_some() && b[c].is_some() && a[c] != b[c]).collect();
    rng.shuffle(&mut cells);
    cells
}

/// The options that give cell `cell` either of its values in `a` and `b`, among the
/// options `fills` (per option: the cell and value it fills, if any).
pub fn bar(fills: &[Option<(usize, usize)>], cell: usize, a: usize, b: usize) -> Vec<OptionId> {
    fills
        .iter()
        .enumerate()
        .filter(|(_, f)| matches!(f, Some((c, v)) if *c == cell && (*v == a || *v == b)))
        .map(|(o, _)| OptionId(o as u32))
        .collect()
}

/// The options that would change a cell outside the window around `cell`: the cells of
/// `diff` and every cell that shares an item with one of `cell`'s options (`fills`: per option,
/// the cell and value it fills). A move barred from them changes only the window.
pub fn outside(
    p: &XccProblem,
    fills: &[Option<(usize, usize)>],
    cell: usize,
    fill: &[Option<usize>],
    diff: &[usize],
) -> Vec<OptionId> {
    let mut window = vec![false; fill.len()];
    for &c in diff {
        window[c] = true;
    }
    window[cell] = true;
    let mut items = vec![false; p.items.len()];
    for (o, f) in fills.iter().enumerate() {
        if matches!(f, Some((c, _)) if *c == cell) {
            for e in p.option(OptionId(o as u32)) {
                items[e.item.0 as usize] = true;
            }
        }
    }
    for (o, f) in fills.iter().enumerate() {
        if let Some((c, _)) = f
            && p.option(OptionId(o as u32)).iter().any(|e| items[e.item.0 as usize])
        {
            window[*c] = true;
        }
    }
    fills
        .iter()
        .enumerate()
        .filter(|(_, f)| matches!(f, Some((c, v)) if !window[*c] && fill[*c] != Some(*v)))
        .map(|(o, _)| OptionId(o as u32))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::xcc::{Colour, Entry, XccBuilder};

    /// Two cells, each of values 0..3, different from each other (each value a secondary
    /// item claimed outright): options `cK=v`, in that order.
    fn two_cells() -> (XccProblem, Vec<Option<(usize, usize)>>) {
        let mut b = XccBuilder::new();
        let cells = [b.add_primary("c0", 1, 1), b.add_primary("c1", 1, 1)];
        let vals: Vec<_> = (0..3).map(|v| b.add_secondary(format!("v{v}"))).collect();
        let mut fills = Vec::new();
        for (c, &item) in cells.iter().enumerate() {
            for (v, &val) in vals.iter().enumerate() {
                let entries = [Entry { item, colour: Colour::NONE }, Entry { item: val, colour: Colour::NONE }];
                b.add_option(format!("c{c}={v}"), &entries);
                fills.push(Some((c, v)));
            }
        }
        (b.finish(), fills)
    }

    #[test]
    fn near_keeps_the_base_where_the_bar_lets_it() {
        let (p, fills) = two_cells();
        // The base: c0=0, c1=1. Bar c1 from 1 and 2: c1 must be 0, so c0 must move off 0
        // (the secondary value items make them differ); the base's c0=0 cannot stay.
        let base = [OptionId(0), OptionId(4)];
        let barred = bar(&fills, 1, 1, 2);
        assert_eq!(barred, vec![OptionId(4), OptionId(5)]);
        for seed in 0..20 {
            let got = near(&p, &base, &barred, &mut SplitMix64::new(seed), &Limits::default()).unwrap();
            let mut got: Vec<_> = got.iter().map(|o| fills[o.0 as usize].unwrap()).collect();
            got.sort_unstable();
            assert_eq!(got[1], (1, 0));
            assert_ne!(got[0], (0, 0));
        }
        // Nothing barred: the base itself comes back, whatever the seed.
        for seed in 0..20 {
            let got = near(&p, &base, &[], &mut SplitMix64::new(seed), &Limits::default()).unwrap();
            let mut got = got.clone();
            got.sort_unstable();
            assert_eq!(got, base.to_vec());
        }
    }

    #[test]
    fn outside_bars_the_other_values_of_cells_beyond_the_window() {
        // Three cells in a row, each pair different; a fourth alone. Cell 0's options share
        // the value items with cells 1 and 2 only.
        let mut b = XccBuilder::new();
        let cells: Vec<_> = (0..4).map(|c| b.add_primary(format!("c{c}"), 1, 1)).collect();
        let vals: Vec<_> = (0..3).map(|v| b.add_secondary(format!("v{v}"))).collect();
        let lone: Vec<_> = (0..3).map(|v| b.add_secondary(format!("w{v}"))).collect();
        let mut fills = Vec::new();
        for (c, &item) in cells.iter().enumerate() {
            for v in 0..3 {
                let val = if c < 3 { vals[v] } else { lone[v] };
                let entries = [Entry { item, colour: Colour::NONE }, Entry { item: val, colour: Colour::NONE }];
                b.add_option(format!("c{c}={v}"), &entries);
                fills.push(Some((c, v)));
            }
        }
        let p = b.finish();
        let fill = [Some(0), Some(1), Some(2), Some(0)];
        // The window of cell 0: cells 0, 1, 2 (they share items); cell 3 keeps its value.
        assert_eq!(outside(&p, &fills, 0, &fill, &[]), vec![OptionId(10), OptionId(11)]);
        // Cell 3 in the difference joins the window.
        assert!(outside(&p, &fills, 0, &fill, &[3]).is_empty());
    }

    #[test]
    fn differing_lists_the_cells_where_both_hold_other_values() {
        let a = [Some(1), Some(2), None, Some(3)];
        let b = [Some(1), Some(4), Some(2), Some(5)];
        let mut d = differing(&a, &b, &mut SplitMix64::new(1));
        d.sort_unstable();
        assert_eq!(d, vec![1, 3]);
    }
}
