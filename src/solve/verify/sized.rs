//! The verifier's check of sized areas (`each area of equal values has size its value`,
//! `each area of '#' cells has size 2`) on the filled grid: a breadth-first search of its own
//! over cells of one label, with `connected.rs`'s own test of cells sharing a side (nothing
//! from lowering or the engine). Pictures outline the same areas ([`areas`]).
use crate::lower::model::{Board, Model, SizedAreas};
use std::collections::VecDeque;

pub(super) fn verify(model: &Model, fill: &[Option<usize>]) -> Result<(), String> {
    let Some(board) = &model.board else { return Ok(()) };
    for rule in &model.sized {
        for (label, cells) in areas(board, rule, fill) {
            let want = rule.size[label as usize] as u64;
            if cells.len() as u64 != want {
                return Err(format!(
                    "the area at {:?} has {} where its size is {want}",
                    board.coord(cells[0]),
                    crate::diag::plural(cells.len() as u64, "cell")
                ));
            }
        }
    }
    Ok(())
}

/// The areas of `rule` in the filling `fill`: each maximal set of cells that share a side
/// and one label, with that label, its first cell the lowest in reading order (areas in
/// reading order of their first cells).
pub fn areas(board: &Board, rule: &SizedAreas, fill: &[Option<usize>]) -> Vec<(u32, Vec<usize>)> {
    let (rows, cols) = (board.rows as i64, board.cols as i64);
    let label = |c: usize| if board.on[c] { fill[c].and_then(|v| rule.label[v]) } else { None };
    let mut done = vec![false; board.on.len()];
    let mut found = Vec::new();
    for start in 0..board.on.len() {
        let Some(l) = label(start) else { continue };
        if done[start] {
            continue;
        }
        done[start] = true;
        let mut queue = VecDeque::from([start]);
        let mut cells = Vec::new();
        while let Some(a) = queue.pop_front() {
            cells.push(a);
            let (r, c) = ((a / board.cols) as i64, (a % board.cols) as i64);
            // Cells sharing a side lie within a row and two columns on every lattice.
            for r2 in (r - 1).max(0)..=(r + 1).min(rows - 1) {
                for c2 in (c - 2).max(0)..=(c + 2).min(cols - 1) {
                    let b = (r2 * cols + c2) as usize;
                    if !done[b] && label(b) == Some(l) && super::connected::share_side(board, a, b) {
                        done[b] = true;
                        queue.push_back(b);
                    }
                }
            }
        }
        found.push((l, cells));
    }
    found
}
