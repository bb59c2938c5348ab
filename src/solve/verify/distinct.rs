//! The verifier's check of `no two rows are the same` (columns) on the filled grid, with code
//! of its own: each line is read off the board by its own geometry (a row: the cells of one
//! row left to right; a column: top to bottom), written as its values (a hole as a mark no
//! value equals), and every line is looked up among those read before it. Lines that are all
//! holes are no line of the board, as `src/lower/distinct.rs` says.
use crate::lower::model::Model;
use std::collections::HashMap;

pub(super) fn verify(model: &Model, fill: &[Option<usize>]) -> Result<(), String> {
    let Some(board) = &model.board else { return Ok(()) };
    for rule in &model.distinct {
        let (count, len) = if rule.rows { (board.rows, board.cols) } else { (board.cols, board.rows) };
        let kind = if rule.rows { "rows" } else { "columns" };
        let mut seen: HashMap<Vec<Option<usize>>, usize> = HashMap::with_capacity(count);
        for l in 0..count {
            let cells = (0..len).map(|i| if rule.rows { l * board.cols + i } else { i * board.cols + l });
            let mut any = false;
            let mut values = Vec::with_capacity(len);
            for cell in cells {
                if board.on[cell] {
                    any = true;
                    // A filled cell holds a value; one without is a hole to this comparison.
                    values
                        .push(Some(fill[cell].ok_or_else(|| format!("cell {:?} holds no value", board.coord(cell)))?));
                } else {
                    values.push(None);
                }
            }
            if !any {
                continue;
            }
            if let Some(first) = seen.insert(values, l) {
                return Err(format!("{kind} {first} and {l} are the same"));
            }
        }
    }
    Ok(())
}
