//! The areas of a sized-areas rule in an answer on a board of squares (`each area of equal
//! values has size its value`, `each area of '#' cells has size 2`): a heavy outline around
//! each area. The areas are the verifier's ([`crate::solve::verify::sized_areas`]): what is
//! outlined is what was checked. Each area is one `area` element.
use super::Geometry;
use super::decor::outline;
use super::node::{Element, Group};
use crate::lower::model::{Board, Model};
use crate::solve::verify::sized_areas;

/// The areas of every sized rule of the model, outlined, in the answer's filling `fill`.
pub fn outlines(model: &Model, board: &Board, fill: &[Option<usize>], g: &Geometry) -> Element {
    let mut out = Group::new();
    for rule in &model.sized {
        for (_, cells) in sized_areas(board, rule, fill) {
            out = out
                .add(outline(board, &cells, g, 0.0).set("class", "area").set("stroke", "#111").set("stroke-width", 3));
        }
    }
    out
}
