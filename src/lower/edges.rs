//! Lowering a `place` model to the edge-matching form ([`EdgeShape`]) when it has that
//! shape: one-cell tiles with edge labels (turned if the spec allows it), `match edges`,
//! every cell covered once, and nothing else — no `fill`, regions, cages, direct items or
//! options, `confine`, labelled piece cells or `cells at most once`. Anything else is left
//! to exact cover, which also reports the diagnostics (a tile count that does not match
//! the board, too many options).
use super::model::Model;
use super::value::Value;
use super::xcc::orientations;
use crate::ir::edges::{EdgeShape, NONE};
use crate::syntax::ast::Lattice;
use std::collections::HashMap;

/// Most distinct labels: the engine's candidate table has (labels + 1)² lists.
pub const MAX_LABELS: usize = 256;

/// A model in the edge-matching form, with the way back to the model.
#[derive(Clone, Debug, Default)]
pub struct EdgesLowered {
    pub shape: EdgeShape,
    /// The model's piece of each tile type.
    pub piece: Vec<usize>,
    /// The labels of each oriented tile (indexed like `shape.oriented`), as the answer shows them.
    pub edges: Vec<[Value; 4]>,
    /// `board_cell[c..c + 1]` is cell `c`'s flat index on the board (a slice, as answers borrow it).
    pub board_cell: Vec<usize>,
}

/// The model in the edge-matching form, or `None` when it does not have that shape.
/// `max_options` is the exact-cover lowering's limit: a model whose placements would
/// exceed it goes there for its diagnostic (S401), so both forms accept the same specs.
pub fn lower_edges(model: &Model, max_options: usize) -> Option<EdgesLowered> {
    let board = model.board.as_ref()?;
    let placing = model.placing.as_ref()?;
    let plain = board.lattice == Lattice::Squares
        && model.match_edges
        // A border label is a constraint this engine does not check: exact cover does.
        && model.border.is_none()
        && !model.fill
        && !placing.partial
        && model.regions.is_empty()
        && model.cages.is_empty()
        && model.items.is_empty()
        && model.options.is_empty()
        && model.loop_rule.is_none()
        && model.bridges.is_none()
        // Pieces kept apart, or told what to write (`src/lower/fleet.rs`): exact cover.
        && model.pieces_apart.is_none()
        && placing.shows.is_none();
    if !plain || placing.pieces.is_empty() {
        return None;
    }
    let mut out = EdgesLowered::default();
    let shape = &mut out.shape;
    shape.cols = board.cols;
    let mut cell_of = vec![NONE; board.on.len()];
    for p in (0..board.on.len()).filter(|&p| board.on[p]) {
        cell_of[p] = shape.pos.len() as u32;
        shape.pos.push(p as u32);
        out.board_cell.push(p);
    }
    let cols = board.cols;
    for &p in &shape.pos {
        let p = p as usize;
        shape.up.push(if p >= cols { cell_of[p - cols] } else { NONE });
        shape.left.push(if !p.is_multiple_of(cols) { cell_of[p - 1] } else { NONE });
    }
    let mut label_of: HashMap<String, u16> = HashMap::new();
    let mut copies = 0usize;
    for &p in &placing.pieces {
        let piece = &model.pieces[p];
        let one_cell = piece.cells.len() == 1 && piece.cells[0].2.is_none();
        let confined = model.confine.get(p).is_some_and(|c| c.is_some())
            || model.confine_where.get(p).is_some_and(|c| c.is_some());
        if !one_cell || piece.edges.is_none() || confined {
            return None;
        }
        let t = out.piece.len() as u32;
        out.piece.push(p);
        shape.count.push(piece.count);
        copies += piece.count as usize;
        for o in orientations(piece, placing.rotate, placing.reflect) {
            let e = o.edges?;
            let mut labels = [0u16; 4];
            for (side, v) in e.iter().enumerate() {
                // Labels are compared as exact cover compares colours: by their text.
                let next = label_of.len();
                let l = *label_of.entry(v.to_string()).or_insert(next as u16);
                if label_of.len() > MAX_LABELS {
                    return None;
                }
                labels[side] = l;
            }
            shape.oriented.push((t, labels));
            out.edges.push(e);
        }
    }
    shape.labels = label_of.len();
    if copies != shape.pos.len() || shape.oriented.len().saturating_mul(shape.pos.len()) > max_options {
        return None;
    }
    Some(out)
}
