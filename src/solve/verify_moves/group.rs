//! The verifier's own groups: a flood fill over the cells holding one value, by sides, not
//! across a wall, written apart from the engine's (`solve/moves/machine/group.rs`).
use super::walled;
use crate::ir::moves::MoveProblem;

/// The cells connected to `start` through cells holding the value `start` holds (empty
/// included: an empty cell's group is its area of empty cells), in no particular order.
pub(super) fn same_value(p: &MoveProblem, g: &[u8], start: usize) -> Vec<usize> {
    let mut seen = vec![false; p.rows * p.cols];
    let mut todo = vec![start];
    let mut out = vec![];
    seen[start] = true;
    while let Some(c) = todo.pop() {
        out.push(c);
        let (r, col) = (c / p.cols, c % p.cols);
        let mut next = vec![];
        if r > 0 {
            next.push(c - p.cols);
        }
        if r + 1 < p.rows {
            next.push(c + p.cols);
        }
        if col > 0 {
            next.push(c - 1);
        }
        if col + 1 < p.cols {
            next.push(c + 1);
        }
        for d in next {
            if p.on_board[d] && !seen[d] && g[d] == g[start] && !walled(p, c, d) {
                seen[d] = true;
                todo.push(d);
            }
        }
    }
    out
}
