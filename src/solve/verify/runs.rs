//! The verifier's check of runs along lines (`the runs of '#' along ... are ...`): the
//! maximal runs of the filled line read off cell by cell and compared with the lengths the
//! model holds (nothing from lowering or the engine).
use crate::lower::model::Model;

pub(super) fn verify(model: &Model, fill: &[Option<usize>]) -> Result<(), String> {
    let Some(board) = &model.board else { return Ok(()) };
    for line in &model.runs {
        let mut found = Vec::new();
        let mut run = 0;
        for &c in &line.cells {
            if fill[c].is_some_and(|v| line.values.contains(&v)) {
                run += 1;
            } else if run > 0 {
                found.push(run);
                run = 0;
            }
        }
        if run > 0 {
            found.push(run);
        }
        if found != line.lengths {
            let first = line.cells.first().map(|&c| board.coord(c));
            return Err(format!("the line from {first:?} has runs {found:?}, not {:?}", line.lengths));
        }
    }
    Ok(())
}
