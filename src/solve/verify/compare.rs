//! The verifier's check of comparisons between cells (`cells x at ..., y at ... hold ...`):
//! the values the filled grid puts in each comparison's cells, looked up in the table of
//! allowed values the model holds (nothing from lowering or the engine).
use crate::lower::model::Model;

pub(super) fn verify(model: &Model, fill: &[Option<usize>]) -> Result<(), String> {
    let Some(board) = &model.board else { return Ok(()) };
    let nv = board.values.len();
    for cmp in &model.compares {
        let mut at = 0;
        for &c in &cmp.cells {
            let Some(v) = fill[c] else { return Err(format!("cell {:?} of a comparison is empty", board.coord(c))) };
            at = at * nv + v;
        }
        if !cmp.allowed[at] {
            let shown: Vec<String> = cmp.cells.iter().map(|&c| format!("{:?}", board.coord(c))).collect();
            return Err(format!("cells {} break their comparison", shown.join(" and ")));
        }
    }
    Ok(())
}
