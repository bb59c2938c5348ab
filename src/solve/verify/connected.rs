//! The verifier's check of connected areas (`the '.' cells are connected`, `each area of
//! '.' cells holds one clue ...`) on the filled grid: its own breadth-first search, with
//! its own test of which cells share a side (the same geometry as `no two ... touch`'s
//! check in `verify.rs`, nothing from lowering or the engine).
use crate::lower::model::{Board, Model};
use crate::syntax::ast::Lattice;
use std::collections::VecDeque;

/// Do cells `a` and `b` (flat indices) share a side?
pub(super) fn share_side(board: &Board, a: usize, b: usize) -> bool {
    let rc = |c: usize| ((c / board.cols) as i64, (c % board.cols) as i64);
    let ((r1, c1), (r2, c2)) = (rc(a), rc(b));
    match board.lattice {
        Lattice::Squares => (r1 - r2).abs() + (c1 - c2).abs() == 1,
        Lattice::Hexagons => {
            let (dx, dz) = (c1 - c2, r1 - r2);
            (dx.abs() + dz.abs() + (dx + dz).abs()) == 2
        }
        Lattice::Triangles => {
            let (p, q) = (super::corners(r1, c1), super::corners(r2, c2));
            p.iter().filter(|x| q.contains(x)).count() == 2
        }
    }
}

/// The areas of the cells where `inside` holds: an area number per cell (`None` outside).
fn label_areas(board: &Board, inside: &dyn Fn(usize) -> bool) -> (Vec<Option<usize>>, usize) {
    let (rows, cols) = (board.rows as i64, board.cols as i64);
    let mut area = vec![None; board.on.len()];
    let mut count = 0;
    for start in 0..board.on.len() {
        if !inside(start) || area[start].is_some() {
            continue;
        }
        area[start] = Some(count);
        let mut queue = VecDeque::from([start]);
        while let Some(a) = queue.pop_front() {
            let (r, c) = ((a / board.cols) as i64, (a % board.cols) as i64);
            // Cells sharing a side lie within a row and two columns on every lattice.
            for r2 in (r - 1).max(0)..=(r + 1).min(rows - 1) {
                for c2 in (c - 2).max(0)..=(c + 2).min(cols - 1) {
                    let b = (r2 * cols + c2) as usize;
                    if area[b].is_none() && inside(b) && share_side(board, a, b) {
                        area[b] = Some(count);
                        queue.push_back(b);
                    }
                }
            }
        }
        count += 1;
    }
    (area, count)
}

pub(super) fn verify(model: &Model, fill: &[Option<usize>]) -> Result<(), String> {
    let Some(board) = &model.board else { return Ok(()) };
    for rule in &model.connected {
        let inside = |c: usize| board.on[c] && fill[c].is_some_and(|v| rule.values.contains(&v));
        let (_, count) = label_areas(board, &inside);
        if count > 1 {
            return Err(format!("the cells of a connected rule form {count} areas"));
        }
    }
    for rule in &model.areas {
        let inside = |c: usize| board.on[c] && fill[c].is_some_and(|v| rule.values.contains(&v));
        let (area, count) = label_areas(board, &inside);
        let mut clues = vec![Vec::new(); count];
        let mut size = vec![0u64; count];
        for (c, (&at, &clue)) in area.iter().zip(&rule.clues).enumerate() {
            match (at, clue) {
                (Some(k), clue) => {
                    size[k] += 1;
                    clues[k].extend(clue);
                }
                (None, Some(_)) => return Err(format!("clue cell {:?} is not in an area", board.coord(c))),
                (None, None) => {}
            }
        }
        for k in 0..count {
            if clues[k].len() != 1 {
                return Err(format!("an area holds {} clues", clues[k].len()));
            }
            if rule.sized && size[k] != clues[k][0] as u64 {
                return Err(format!(
                    "an area of {} has the clue {}",
                    crate::diag::plural(size[k], "cell"),
                    clues[k][0]
                ));
            }
        }
    }
    for rule in &model.blocks {
        let holds = |r: usize, c: usize| {
            let cell = r * board.cols + c;
            board.on[cell] && fill[cell].is_some_and(|v| rule.values.contains(&v))
        };
        for r in 0..board.rows {
            for c in 0..board.cols {
                if r + rule.rows <= board.rows
                    && c + rule.cols <= board.cols
                    && (r..r + rule.rows).all(|a| (c..c + rule.cols).all(|b| holds(a, b)))
                {
                    return Err(format!(
                        "the {}×{} block at {:?} is full",
                        rule.rows,
                        rule.cols,
                        board.coord(r * board.cols + c)
                    ));
                }
            }
        }
    }
    Ok(())
}
