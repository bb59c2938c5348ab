//! Plain-text answers.
use std::rc::Rc;

use super::template::Grid;
use crate::lower::model::Model;
use crate::solve::answer::Answer;

/// The texts a model's answers show on their cells, made once and shared by the cells of
/// every grid (a judge's output can hold thousands of grids).
pub struct Labels {
    /// The text of each board value.
    values: Vec<Rc<str>>,
    /// Each piece's label, or `None` when its copies show their numbers (tiles, numbered
    /// pieces, copies of a named piece).
    pieces: Vec<Option<Rc<str>>>,
}

impl Labels {
    pub fn new(model: &Model) -> Labels {
        let pieces = (model.pieces.iter())
            .map(|piece| (piece.edges.is_none() && piece.numbers.len() <= 1).then(|| piece.label.as_str().into()))
            .collect();
        Labels { values: value_names(model), pieces }
    }

    /// The answer as a grid of cell texts: the filled values, or the label of the piece on
    /// each cell (tiles and numbered pieces show their numbers). `None` for the direct form.
    pub fn answer_grid(&self, model: &Model, ans: &Answer) -> Option<Grid> {
        let board = model.board.as_ref()?;
        if let Some(fill) = &ans.fill {
            let cells = fill.iter().map(|v| v.map(|v| self.values[v].clone())).collect();
            return Some(Grid { cols: board.cols, cells });
        }
        model.placing.as_ref()?;
        let mut cells: Vec<Option<Rc<str>>> = vec![None; board.on.len()];
        for p in &ans.placed {
            let label = self.pieces[p.piece].clone().unwrap_or_else(|| {
                // Copies of a named piece (`piece D = "##" times 8`) show `D1`, `D2`, ...;
                // tiles and family members their numbers.
                let piece = &model.pieces[p.piece];
                match piece.edges.is_none() && piece.label.parse::<u32>().is_err() {
                    true => format!("{}{}", piece.label, p.number).into(),
                    false => p.number.to_string().into(),
                }
            });
            for &c in p.cells {
                cells[c] = Some(label.clone());
            }
        }
        Some(Grid { cols: board.cols, cells })
    }
}

/// The instance's given values as a grid.
pub fn given_grid(model: &Model) -> Option<Grid> {
    let board = model.board.as_ref()?;
    let names = value_names(model);
    let cells = board.given.iter().map(|g| g.map(|v| names[v].clone())).collect();
    Some(Grid { cols: board.cols, cells })
}

/// The text of each board value.
fn value_names(model: &Model) -> Vec<Rc<str>> {
    model.board.as_ref().map_or(Vec::new(), |b| b.values.iter().map(|v| v.to_string().into()).collect())
}

/// An exact-cover answer: the filled grid or the grid of piece labels, then the chosen
/// options of the direct form, one per line.
pub fn xcc_answer(model: &Model, labels: &Labels, ans: &Answer) -> String {
    let mut out = String::new();
    if let Some(grid) = labels.answer_grid(model, ans) {
        let board = model.board.as_ref().unwrap();
        out.push_str(&super::grid::draw(board.rows, board.cols, |c| grid.cells[c].as_deref()));
    }
    for &o in &ans.direct {
        out.push_str(&model.options[o].name);
        out.push('\n');
    }
    out
}
