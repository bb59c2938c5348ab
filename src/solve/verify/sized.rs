//! The verifier's check of sized areas (`each area of equal values has size its value`,
//! `each area of '#' cells has size 2`) on the filled grid: a breadth-first search of its own
//! over cells of one label, with `connected.rs`'s own test of cells sharing a side (nothing
//! from lowering or the engine).
use crate::lower::model::Model;
use std::collections::VecDeque;

pub(super) fn verify(model: &Model, fill: &[Option<usize>]) -> Result<(), String> {
    let Some(board) = &model.board else { return Ok(()) };
    let (rows, cols) = (board.rows as i64, board.cols as i64);
    for rule in &model.sized {
        let label = |c: usize| if board.on[c] { fill[c].and_then(|v| rule.label[v]) } else { None };
        let mut done = vec![false; board.on.len()];
        for start in 0..board.on.len() {
            let Some(l) = label(start) else { continue };
            if done[start] {
                continue;
            }
            done[start] = true;
            let mut queue = VecDeque::from([start]);
            let mut cells = 0u64;
            while let Some(a) = queue.pop_front() {
                cells += 1;
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
            let want = rule.size[l as usize] as u64;
            if cells != want {
                return Err(format!(
                    "the area at {:?} has {} where its size is {want}",
                    board.coord(start),
                    crate::diag::plural(cells, "cell")
                ));
            }
        }
    }
    Ok(())
}
