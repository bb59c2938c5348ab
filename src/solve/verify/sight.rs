//! The verifier's check of sight lines until a wall: from each cell concerned it walks the
//! filled board in the lattice's straight directions itself (not lowering's segments or
//! arms), stopping before a wall value, a hole or the edge, and counts what it sees.
use crate::lower::model::{Board, Model, SightRule};
use crate::syntax::ast::Lattice;

/// The cells `p` sees, itself first (none when it holds a wall).
fn seen(board: &Board, fill: &[Option<usize>], walls: &[bool], p: usize) -> Result<Vec<usize>, String> {
    let wall = |c: usize| -> Result<bool, String> {
        fill[c].map(|v| walls[v]).ok_or_else(|| format!("cell {:?} is empty", board.coord(c)))
    };
    if wall(p)? {
        return Ok(Vec::new());
    }
    // Every direction, both ways: squares have four, hexagons six (rows drawn half a cell
    // right of the row above, so the third line runs up-right and down-left).
    let dirs: &[(i64, i64)] = match board.lattice {
        Lattice::Squares => &[(-1, 0), (1, 0), (0, -1), (0, 1)],
        Lattice::Hexagons => &[(-1, 0), (1, 0), (0, -1), (0, 1), (-1, 1), (1, -1)],
        Lattice::Triangles => return Err("a sight line on a board of triangles".into()),
    };
    let mut out = vec![p];
    for &(dr, dc) in dirs {
        let (mut r, mut c) = ((p / board.cols) as i64, (p % board.cols) as i64);
        loop {
            r += dr;
            c += dc;
            if r < 0 || c < 0 || r >= board.rows as i64 || c >= board.cols as i64 {
                break;
            }
            let at = r as usize * board.cols + c as usize;
            if !board.on[at] || wall(at)? {
                break;
            }
            out.push(at);
        }
    }
    Ok(out)
}

pub(super) fn verify(model: &Model, fill: &[Option<usize>]) -> Result<(), String> {
    let Some(board) = &model.board else { return Ok(()) };
    let holds = |c: usize, set: &[bool]| fill[c].is_some_and(|v| set[v]);
    for rule in &model.sight {
        match &rule.rule {
            SightRule::Sees { from, of, lo, hi } => {
                for p in (0..board.on.len()).filter(|&p| board.on[p] && holds(p, from)) {
                    let n = seen(board, fill, &rule.walls, p)?.into_iter().filter(|&c| holds(c, of)).count();
                    if n < *lo || n > *hi {
                        return Err(format!("cell {:?} sees {n} of the values it must see", board.coord(p)));
                    }
                }
            }
            SightRule::Apart { of } => {
                for p in (0..board.on.len()).filter(|&p| board.on[p] && holds(p, of)) {
                    if let Some(q) = seen(board, fill, &rule.walls, p)?.into_iter().skip(1).find(|&c| holds(c, of)) {
                        return Err(format!("cells {:?} and {:?} see each other", board.coord(p), board.coord(q)));
                    }
                }
            }
            SightRule::From { cell, count } => {
                let n = seen(board, fill, &rule.walls, *cell)?.len();
                if n != *count {
                    return Err(format!("cell {:?} sees {n} cells, not {count}", board.coord(*cell)));
                }
            }
        }
    }
    Ok(())
}
