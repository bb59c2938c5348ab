//! Plain-text answers.
use super::grid::draw;
use crate::lower::model::Model;
use crate::solve::answer::Answer;

/// An exact-cover answer: the filled grid, the grid of piece labels (tile numbers), and the
/// chosen options of the direct form, one per line.
pub fn xcc_answer(model: &Model, ans: &Answer) -> String {
    let mut out = String::new();
    if let (Some(board), Some(fill)) = (&model.board, &ans.fill) {
        out.push_str(&draw(board.rows, board.cols, |c| fill[c].map(|v| board.values[v].to_string())));
    }
    if let (Some(board), true) = (&model.board, !ans.placed.is_empty()) {
        let mut owner: Vec<Option<String>> = vec![None; board.on.len()];
        for p in &ans.placed {
            let piece = &model.pieces[p.piece];
            let label = if piece.edges.is_some() || piece.numbers.len() > 1 { p.number.to_string() } else { piece.label.clone() };
            for &c in &p.cells {
                owner[c] = Some(label.clone());
            }
        }
        out.push_str(&draw(board.rows, board.cols, |c| owner[c].clone()));
    }
    for &o in &ans.direct {
        out.push_str(&model.options[o].name);
        out.push('\n');
    }
    out
}
