//! The verifier's check of `no line of '.' cells crosses 2 borders of room` on the filled
//! grid, with code of its own: every maximal run of cells holding the values along a row or
//! a column, its borders (cells side by side in different regions) counted.
use crate::lower::model::Model;

pub(super) fn verify(model: &Model, fill: &[Option<usize>]) -> Result<(), String> {
    let Some(board) = &model.board else { return Ok(()) };
    for rule in &model.crossings {
        let holds = |c: usize| board.on[c] && fill[c].is_some_and(|v| rule.values.contains(&v));
        let rows: Vec<Vec<usize>> =
            (0..board.rows).map(|r| (0..board.cols).map(|c| r * board.cols + c).collect()).collect();
        let cols: Vec<Vec<usize>> =
            (0..board.cols).map(|c| (0..board.rows).map(|r| r * board.cols + c).collect()).collect();
        for line in rows.iter().chain(&cols) {
            let mut borders = 0;
            for i in 0..line.len() {
                if !holds(line[i]) {
                    borders = 0;
                    continue;
                }
                if i > 0 && holds(line[i - 1]) && rule.region[line[i]] != rule.region[line[i - 1]] {
                    borders += 1;
                    if borders >= rule.borders {
                        let (r, c) = board.coord(line[i]);
                        return Err(format!("a line of cells crosses {borders} borders up to ({r}, {c})"));
                    }
                }
            }
        }
    }
    Ok(())
}
