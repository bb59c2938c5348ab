//! A grid of clue labels the size of the board, as the statements that read one take it
//! (`each clue of clues counts ...`, `each area of v cells holds one clue of clues`,
//! `paths join the equal numbers of clues`, `bridges join the numbers of clues`): each reads
//! its own labels, but the shape check and its diagnostic (G206) are one.
use super::elaborate::Elab;
use super::eval::R;
use super::value::Value;
use crate::diag::{Code, Diagnostic};
use crate::syntax::ast::Expr;

impl Elab<'_> {
    /// The labels of `clues`, row by row, when it is a grid of `rows` rows of `cols` labels;
    /// G206 otherwise, with `help` saying how this statement's clues are read.
    pub(super) fn clue_grid(&mut self, clues: &Expr, rows: usize, cols: usize, help: &str) -> R<Vec<Vec<Value>>> {
        let grid = self.env.eval(clues)?;
        let rows_of = |v: &Value| matches!(v, Value::List(_) | Value::Tuple(_)).then(|| v.elements());
        let labels: Option<Vec<Vec<Value>>> =
            rows_of(&grid).filter(|g| g.len() == rows).and_then(|g| g.iter().map(rows_of).collect());
        labels.filter(|g| g.iter().all(|r| r.len() == cols)).ok_or_else(|| {
            Diagnostic::new(
                Code::G206,
                clues.span,
                format!(
                    "the clues must be a grid of {} of {}, the board's size",
                    crate::diag::plural(rows, "row"),
                    crate::diag::plural(cols, "label")
                ),
            )
            .label("not a grid of the board's size")
            .help(help)
        })
    }
}
