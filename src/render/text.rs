//! Plain-text answers.
use std::rc::Rc;

use super::template::{Grid, Texts};
use crate::lower::model::Model;
use crate::solve::answer::Answer;

/// The texts a model's answers show on their cells, made once and shared by every grid (a
/// judge's output can hold thousands of grids): each board value's, then each piece's label
/// or, when its copies show their numbers, one text per number a copy can get.
pub struct Labels {
    texts: Rc<Texts>,
    /// Per piece: the text of its label, or of each copy's number (`(number, text)`).
    pieces: Vec<PieceTexts>,
}

enum PieceTexts {
    Label(u32),
    /// Copies show their numbers: `number_copies` gives each copy one of the piece's
    /// `numbers`, or 0 past them, so these are all the texts a copy can show.
    Numbers(Vec<(u32, u32)>),
}

impl Labels {
    pub fn new(model: &Model) -> Labels {
        let mut names = value_names(model);
        let mut text = |name: Rc<str>| {
            names.push(name);
            names.len() as u32
        };
        let pieces = (model.pieces.iter())
            .map(|piece| match piece.edges.is_none() && piece.numbers.len() <= 1 {
                true => PieceTexts::Label(text(piece.label.as_str().into())),
                false => {
                    // Copies of a named piece (`piece D = "##" times 8`) show `D1`, `D2`, ...;
                    // tiles and family members their numbers.
                    let named = piece.edges.is_none() && piece.label.parse::<u32>().is_err();
                    let numbers = piece.numbers.iter().copied().chain([0]);
                    PieceTexts::Numbers(
                        numbers
                            .map(|n| match named {
                                true => (n, text(format!("{}{n}", piece.label).into())),
                                false => (n, text(n.to_string().into())),
                            })
                            .collect(),
                    )
                }
            })
            .collect();
        Labels { texts: Rc::new(Texts::new(names)), pieces }
    }

    /// The answer as a grid of cell texts: the filled values, or the label of the piece on
    /// each cell (tiles and numbered pieces show their numbers). `None` for the direct form.
    pub fn answer_grid(&self, model: &Model, ans: &Answer) -> Option<Grid> {
        let board = model.board.as_ref()?;
        let texts = self.texts.clone();
        if let Some(fill) = &ans.fill {
            let cells = fill.iter().map(|v| v.map_or(0, |v| v as u32 + 1)).collect();
            return Some(Grid { cols: board.cols, cells, texts });
        }
        model.placing.as_ref()?;
        let mut cells = vec![0; board.on.len()];
        for p in &ans.placed {
            let text = match &self.pieces[p.piece] {
                PieceTexts::Label(t) => *t,
                PieceTexts::Numbers(ns) => ns.iter().find(|&&(n, _)| n == p.number).unwrap_or(&ns[ns.len() - 1]).1,
            };
            for &c in p.cells {
                cells[c] = text;
            }
        }
        Some(Grid { cols: board.cols, cells, texts })
    }
}

/// The instance's given values as a grid.
pub fn given_grid(model: &Model) -> Option<Grid> {
    let board = model.board.as_ref()?;
    let cells = board.given.iter().map(|g| g.map_or(0, |v| v as u32 + 1)).collect();
    Some(Grid { cols: board.cols, cells, texts: Rc::new(Texts::new(value_names(model))) })
}

/// The text of each board value.
fn value_names(model: &Model) -> Vec<Rc<str>> {
    model.board.as_ref().map_or(Vec::new(), |b| b.values.iter().map(|v| v.to_string().into()).collect())
}

/// An exact-cover answer: the filled grid or the grid of piece labels, then the chosen
/// options of the direct form, one per line.
pub fn xcc_answer(model: &Model, labels: &Labels, ans: &Answer) -> String {
    let mut out = String::new();
    if let (Some(rule), Some(used)) = (&model.loop_rule, &ans.loop_edges) {
        out.push_str(&super::loops::text(rule, used));
    }
    if let (Some(rule), Some(drawn)) = (&model.bridges, &ans.bridges) {
        out.push_str(&super::bridges::text(rule, drawn));
    }
    if let Some(grid) = labels.answer_grid(model, ans) {
        let board = model.board.as_ref().unwrap();
        out.push_str(&super::grid::draw(board.rows, board.cols, |c| grid.texts.get(grid.cells[c])));
    }
    for &o in &ans.direct {
        out.push_str(&model.options[o].name);
        out.push('\n');
    }
    out
}
