//! `clues given grid, empty '.'`: the puzzle's clues are the givens of the filled board,
//! read from the instance, and `'.'` writes a cell without a clue. A full clue set is the
//! solution itself. This is what `puzc generate` varies and writes, in the instance's own
//! format, so a generated puzzle reads back with `--instance`.
//!
//! The statement's static conditions (a filled board, givens from the instance, not a
//! played puzzle) are checked in `src/check/clues.rs`; here the `empty` character: it must
//! be a character the grid reader takes for an empty cell, and not one of the board's values.
use super::elaborate::Elab;
use super::eval::R;
use super::model::{Board, Clues};
use super::value::Value;
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::{Expr, Ident};

impl Elab<'_> {
    /// `clues given BOARD, empty EXPR`.
    pub(super) fn clues(&mut self, board: &Ident, empty: &Expr, span: Span) -> R<()> {
        let board = self.board_named(board)?.clone();
        let value = self.env.eval(empty)?;
        let Value::Char(c) = value else {
            return Err(Diagnostic::new(
                Code::E111,
                empty.span,
                format!("\"no clue\" is one character, not `{value}`"),
            )
            .label("not a character")
            .help("write the character of an empty cell: `empty '.'`"));
        };
        let zero_is_value = board.values.contains(&Value::Int(0));
        let blank = matches!(c, '.' | '-' | '_') || (c == '0' && !zero_is_value);
        let is_value = board.values.iter().any(|v| v.to_string() == c.to_string());
        if !blank || is_value {
            let why = if is_value {
                "it is a value of the board"
            } else {
                "the instance reader does not take it for an empty cell"
            };
            return Err(Diagnostic::new(
                Code::E111,
                empty.span,
                format!("`{c}` cannot write a cell without a clue: {why}"),
            )
            .label("not an empty cell")
            .related(board.span, "the board is declared here")
            .help("use '.', '-' or '_' (or '0' on a board without the value 0)"));
        }
        self.model.clues = Some(Clues { empty: c, span });
        Ok(())
    }
}

/// The clues `given` (an index into the board's values per flat cell) as instance text:
/// one line per row, each cell a value or the `empty` character; values of one character
/// are written side by side, longer ones separated by spaces. Holes are written `empty`,
/// which the reader skips.
pub fn write_clues(board: &Board, given: &[Option<usize>], empty: char) -> String {
    let names: Vec<String> = board.values.iter().map(|v| v.to_string()).collect();
    let by_char = names.iter().all(|n| n.chars().count() == 1);
    let mut out = String::with_capacity(board.rows * (board.cols + 1) * if by_char { 1 } else { 3 });
    for r in 0..board.rows {
        for c in 0..board.cols {
            let cell = r * board.cols + c;
            if !by_char && c > 0 {
                out.push(' ');
            }
            match given[cell].filter(|_| board.on[cell]) {
                Some(v) => out.push_str(&names[v]),
                None => out.push(empty),
            }
        }
        out.push('\n');
    }
    out
}
