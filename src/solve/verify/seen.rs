//! The verifier's check of sight lines (`along CELLS, K cells are seen`): along the filled
//! line, the cells whose value (as a number of the board, not a rank from lowering) is
//! greater than every value before it are counted and compared with the model's count.
use crate::lower::model::Model;
use crate::lower::value::Value;

pub(super) fn verify(model: &Model, fill: &[Option<usize>]) -> Result<(), String> {
    let Some(board) = &model.board else { return Ok(()) };
    for line in &model.seen {
        let mut tallest: Option<i64> = None;
        let mut seen = 0;
        for &c in &line.cells {
            let Some(v) = fill[c] else { return Err(format!("cell {:?} of a sight line is empty", board.coord(c))) };
            let Value::Int(h) = board.values[v] else {
                return Err("a sight line over values that are not numbers".into());
            };
            if tallest.is_none_or(|t| h > t) {
                seen += 1;
                tallest = Some(h);
            }
        }
        if seen != line.count {
            let first = line.cells.first().map(|&c| board.coord(c));
            return Err(format!(
                "the line from {first:?} shows {}, not {}",
                crate::diag::plural(seen, "cell"),
                line.count
            ));
        }
    }
    Ok(())
}
