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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diag::Span;
    use crate::lower::model::{Board, Distinct};
    use crate::lower::value::Value;
    use crate::syntax::ast::{Lattice, Origin};

    /// A 3 × 2 board of 0 and 1 with `holes`, its rows (or columns) compared.
    fn model(rows: bool, holes: &[usize]) -> Model {
        let on: Vec<bool> = (0..6).map(|c| !holes.contains(&c)).collect();
        let board = Board {
            name: "g".into(),
            rows: 3,
            cols: 2,
            on,
            values: vec![Value::Int(0), Value::Int(1)],
            given: vec![None; 6],
            origin: Origin::TopLeft,
            lattice: Lattice::Squares,
            span: Span::default(),
        };
        // The lines are the verifier's own to read: the model's list is left empty.
        let rule = Distinct { rows, lines: Vec::new(), span: Span::default() };
        Model { board: Some(board), distinct: vec![rule], ..Model::default() }
    }

    fn fill(values: &[usize]) -> Vec<Option<usize>> {
        values.iter().map(|&v| Some(v)).collect()
    }

    #[test]
    fn equal_lines_are_found_and_distinct_ones_pass() {
        // Rows 01 / 10 / 01: rows 0 and 2 are the same; the columns 010 and 101 differ.
        let grid = fill(&[0, 1, 1, 0, 0, 1]);
        assert_eq!(verify(&model(true, &[]), &grid), Err("rows 0 and 2 are the same".to_string()));
        assert_eq!(verify(&model(false, &[]), &grid), Ok(()));
        // Columns 00 / 11 / 00 read down: 010 and 010.
        let grid = fill(&[0, 0, 1, 1, 0, 0]);
        assert_eq!(verify(&model(false, &[]), &grid), Err("columns 0 and 1 are the same".to_string()));
        assert!(verify(&model(true, &[]), &grid).is_err());
    }

    #[test]
    fn a_hole_equals_only_a_hole_and_lines_of_holes_are_no_lines() {
        // Rows 0. / 01 / 0.: rows 0 and 2 have a hole at the same place and the same cell.
        let grid = fill(&[0, 0, 0, 1, 0, 0]);
        assert!(verify(&model(true, &[1, 5]), &grid).is_err());
        // A hole against a cell differs: rows 0. / 00 / ...
        assert_eq!(verify(&model(true, &[1]), &fill(&[0, 0, 0, 0, 1, 1])), Ok(()));
        // Rows 0 and 2 all holes would be the same, but a line of holes is no line.
        assert_eq!(verify(&model(true, &[0, 1, 4, 5]), &fill(&[0, 0, 1, 1, 0, 0])), Ok(()));
    }
}
