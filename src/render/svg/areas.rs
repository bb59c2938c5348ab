//! The areas of a sized-areas rule in an answer on a board of squares (`each area of equal
//! values has size its value`, `each area of '#' cells has size 2`): a heavy outline around
//! each area, found by a flood over cells of one label. Each area is one `area` element.
use super::Geometry;
use super::decor::outline;
use super::node::{Element, Group};
use crate::lower::model::{Board, Model};

/// The areas of every sized rule of the model, outlined, in the answer's filling `fill`.
pub fn outlines(model: &Model, board: &Board, fill: &[Option<usize>], g: &Geometry) -> Element {
    let mut out = Group::new();
    for rule in &model.sized {
        let label = |c: usize| if board.on[c] { fill[c].and_then(|v| rule.label[v]) } else { None };
        let mut done = vec![false; board.on.len()];
        for start in 0..board.on.len() {
            let Some(l) = label(start) else { continue };
            if done[start] {
                continue;
            }
            done[start] = true;
            let mut cells = vec![start];
            let mut at = 0;
            while at < cells.len() {
                let (r, c) = (cells[at] / board.cols, cells[at] % board.cols);
                at += 1;
                let near = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)];
                for (r2, c2) in near {
                    if r2 < board.rows && c2 < board.cols {
                        let b = r2 * board.cols + c2;
                        if !done[b] && label(b) == Some(l) {
                            done[b] = true;
                            cells.push(b);
                        }
                    }
                }
            }
            out = out
                .add(outline(board, &cells, g, 0.0).set("class", "area").set("stroke", "#111").set("stroke-width", 3));
        }
    }
    out
}
