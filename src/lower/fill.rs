//! Lowering a `fill` model to the bitmask form ([`FillShape`]) when it has that shape: a
//! filled board whose only constraints are regions holding each value at most or exactly
//! once. Anything else — pieces, arithmetic cages, counts, `touch` rules, direct items or options, more than 64 values, a region
//! that the exact-cover lowering would refuse (holes, wrong size) — is left to exact cover,
//! which also reports the diagnostics.
use super::model::Model;
use crate::ir::fill::{FillShape, MAX_VALUES};
use crate::syntax::ast::Once;

/// A model in the bitmask form, with the way back to the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FillLowered {
    pub shape: FillShape,
    /// The given value of each cell, if any.
    pub given: Vec<Option<u8>>,
    /// `board_cell[c]` is cell `c`'s flat index on the board.
    pub board_cell: Vec<usize>,
}

/// The model in the bitmask form, or `None` when it does not have that shape. `max_options`
/// is the exact-cover lowering's limit: a model that would exceed it goes there for its
/// diagnostic (S401), so both forms accept the same specs.
pub fn lower_fill(model: &Model, max_options: usize) -> Option<FillLowered> {
    let board = model.board.as_ref()?;
    let nv = board.values.len();
    let only_fill = model.fill
        && model.placing.is_none()
        && model.items.is_empty()
        && model.options.is_empty()
        && model.cages.is_empty()
        && model.counts.is_empty()
        && model.apart.is_empty()
        && model.pieces_apart.is_none()
        && model.connected.is_empty()
        && model.areas.is_empty()
        && model.blocks.is_empty()
        && model.pairs.is_empty()
        && model.chain.is_none()
        && model.distinct.is_empty()
        && model.sized.is_empty()
        && model.connected_each.is_empty()
        && model.shapes.is_empty()
        && model.crossings.is_empty()
        && model.compares.is_empty()
        && model.runs.is_empty()
        && model.loop_rule.is_none()
        && model.bridges.is_none()
        && model.seen.is_empty()
        && model.sight.is_empty();
    if !only_fill || !(1..=MAX_VALUES).contains(&nv) {
        return None;
    }
    let mut index = vec![u32::MAX; board.on.len()];
    let mut out = FillLowered::default();
    // Sized up front: this runs once per instance of a batch, and growing these vectors
    // cell by cell was most of its time.
    let on = board.on.iter().filter(|&&on| on).count();
    out.board_cell.reserve_exact(on);
    out.given.reserve_exact(on);
    out.shape.region_cells.reserve_exact(model.regions.iter().map(|r| r.cells.len()).sum());
    out.shape.region_start.reserve_exact(model.regions.len() + 1);
    out.shape.region_exact.reserve_exact(model.regions.len());
    let mut options = 0usize;
    for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
        index[cell] = out.board_cell.len() as u32;
        out.board_cell.push(cell);
        out.given.push(board.given[cell].map(|g| g as u8));
        options += if board.given[cell].is_some() { 1 } else { nv };
    }
    if options > max_options {
        return None;
    }
    let shape = &mut out.shape;
    shape.cells = out.board_cell.len();
    shape.values = nv;
    shape.region_start.push(0);
    // Marks the cells of the region being read, to find a cell listed twice.
    let mut seen = vec![usize::MAX; board.on.len()];
    for (r, region) in model.regions.iter().enumerate() {
        if region.once == Once::Exactly && region.cells.len() != nv {
            return None;
        }
        for &c in region.cells.iter() {
            if c >= board.on.len() || index[c] == u32::MAX || seen[c] == r {
                return None;
            }
            seen[c] = r;
            shape.region_cells.push(index[c]);
        }
        shape.region_start.push(shape.region_cells.len() as u32);
        shape.region_exact.push(region.once == Once::Exactly);
    }
    Some(out)
}
