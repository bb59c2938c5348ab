//! The verifier's check of pieces on a filled board and of `no two pieces touch`, from the
//! model and the answer alone: the placed pieces' shapes and labels are checked with the
//! other placements (`check_placing`, against the values the answer gives the cells); here,
//! that every cell no piece covers holds a value no piece writes, and that no cell of one
//! placed piece touches a cell of another, by the lattice's geometry.
use super::super::answer::Answer;
use super::cells_touch;
use crate::lower::model::{Model, Piece};
use std::borrow::Cow;

/// The piece as it lies on a filled board: each unlabelled cell labelled with the `as` value
/// (what it writes). Elsewhere, the piece itself.
pub(super) fn as_written<'a>(model: &Model, piece: &'a Piece) -> Cow<'a, Piece> {
    let (Some(board), Some(placing)) = (&model.board, &model.placing) else { return Cow::Borrowed(piece) };
    match placing.shows {
        Some((v, _)) if model.fill => {
            let mut p = piece.clone();
            p.cells.iter_mut().filter(|c| c.2.is_none()).for_each(|c| c.2 = Some(board.values[v].clone()));
            Cow::Owned(p)
        }
        _ => Cow::Borrowed(piece),
    }
}

/// `cover`: how many placements (and direct options) cover each cell, as `check_placing`
/// counted them.
pub(super) fn verify(model: &Model, ans: &Answer, cover: &[u32]) -> Result<(), String> {
    let Some(board) = &model.board else { return Ok(()) };
    if let (true, Some(fill), Some(placing)) = (model.fill, &ans.fill, &model.placing) {
        // The values some placed piece writes, read off the pieces.
        let mut written = vec![false; board.values.len()];
        for &p in &placing.pieces {
            for (_, _, label) in &as_written(model, &model.pieces[p]).cells {
                if let Some(v) = label.as_ref().and_then(|l| board.values.iter().position(|b| b == l)) {
                    written[v] = true;
                }
            }
        }
        for (c, &v) in fill.iter().enumerate() {
            if let (true, Some(v)) = (board.on[c] && cover.get(c) == Some(&0), v)
                && written[v]
            {
                return Err(format!("cell {:?} holds {} but no piece covers it", board.coord(c), board.values[v]));
            }
        }
    }
    let Some(apart) = &model.pieces_apart else { return Ok(()) };
    // Which placement covers each cell; then every cell against the later cells near it.
    let mut owner = vec![usize::MAX; board.on.len()];
    for (k, p) in ans.placed.iter().enumerate() {
        p.cells.iter().for_each(|&c| owner[c] = k);
    }
    let (rows, cols) = (board.rows as i64, board.cols as i64);
    for a in (0..owner.len()).filter(|&a| owner[a] != usize::MAX) {
        let (r, c) = ((a / board.cols) as i64, (a % board.cols) as i64);
        // Every lattice's touching cells lie within a row and two columns of each other.
        for (r2, c2) in (r - 1..=r + 1).flat_map(|r2| (c - 2..=c + 2).map(move |c2| (r2, c2))) {
            if !(0..rows).contains(&r2) || !(0..cols).contains(&c2) {
                continue;
            }
            let b = (r2 * cols + c2) as usize;
            if b > a && owner[b] != usize::MAX && owner[b] != owner[a] && cells_touch(board, a, b, apart.diagonal) {
                let (p, q) = (&model.pieces[ans.placed[owner[a]].piece], &model.pieces[ans.placed[owner[b]].piece]);
                return Err(format!(
                    "pieces {} and {} touch at {:?} and {:?}",
                    p.label,
                    q.label,
                    board.coord(a),
                    board.coord(b)
                ));
            }
        }
    }
    Ok(())
}
