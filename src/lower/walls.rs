//! Walls between the cells of a board: `walls tray from instance` (or `walls tray = "..."`).
//!
//! One model of a board's edges: each cell keeps four bits, one per side as drawn (row 0 at
//! the top whatever the board's origin): [`UP`], [`RIGHT`], [`DOWN`], [`LEFT`]. The
//! instance gives one number per cell, by rows, and a wall given on either side of an edge is
//! a wall on both (so a maze may be written with each wall once, or twice). Walls are fixed
//! data: moves are lowered knowing them (a step across a wall is not a move), and the engines
//! and the verifier see the same bits in [`crate::ir::moves::MoveProblem::walls`] where they
//! work a step out while searching (a piece moved along any path).
use super::eval::R;
use super::instance::InstanceReader;
use super::model::Board;
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::GivenSource;

pub const UP: u8 = 1;
pub const RIGHT: u8 = 2;
pub const DOWN: u8 = 4;
pub const LEFT: u8 = 8;

/// The walls of a board: `sides[cell]` holds the bits of the cell's walled sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walls {
    pub rows: usize,
    pub cols: usize,
    pub sides: Vec<u8>,
    /// The `walls` statement, for diagnostics about it.
    pub span: Span,
}

/// The side a unit step `(dr, dc)` (as drawn) leaves a cell by, or `None` for any other step.
pub fn side_of(dr: i64, dc: i64) -> Option<u8> {
    match (dr, dc) {
        (-1, 0) => Some(UP),
        (0, 1) => Some(RIGHT),
        (1, 0) => Some(DOWN),
        (0, -1) => Some(LEFT),
        _ => None,
    }
}

impl Walls {
    /// Reads one number per cell of `board`, by rows, from the instance or an inline string.
    pub fn read(board: &Board, source: &GivenSource, input: &mut InstanceReader, span: Span) -> R<Walls> {
        match source {
            GivenSource::Inline(s) => {
                Walls::read_from(board, &mut InstanceReader::new(&s.text, board.span.file, s.offset), span)
            }
            GivenSource::Instance(..) => Walls::read_from(board, input, span),
        }
    }

    fn read_from(board: &Board, reader: &mut InstanceReader, span: Span) -> R<Walls> {
        if reader.peek_word().is_some_and(|w| w.starts_with(['_', '|'])) {
            return Walls::read_picture(board, reader, span);
        }
        let (rows, cols) = (board.rows, board.cols);
        let mut sides = vec![0u8; rows * cols];
        for (cell, side) in sides.iter_mut().enumerate() {
            let what = format!("the walls of cell {:?} of `{}`", board.coord(cell), board.name);
            let (n, span) = reader.int(what)?;
            if !(0..=15).contains(&n) {
                return Err(Diagnostic::new(Code::I302, span, format!("{n} is not a cell's walls"))
                    .label("not 0 to 15")
                    .help("a cell's walls are the sum of 1 (a wall above it), 2 (right), 4 (below) and 8 (left)"));
            }
            *side = n as u8;
        }
        let mut walls = Walls { rows, cols, sides, span };
        walls.close();
        Ok(walls)
    }

    /// Reads a picture of the walls drawn with `_` and `|`, two characters a cell: in the line
    /// of a row, character `2c` is `|` for a wall left of cell `c` (`2 * cols` for the right
    /// of the last), `2c + 1` is `_` for a wall below it; a first line without `|` draws the
    /// walls above the first row the same way. Blanks, `.` and `+` mark no wall; `_` may fill
    /// a corner.
    fn read_picture(board: &Board, reader: &mut InstanceReader, span: Span) -> R<Walls> {
        let (rows, cols) = (board.rows, board.cols);
        let bad_start = |reader: &mut InstanceReader| {
            let at = reader.next_span();
            Diagnostic::new(Code::I302, at, format!("the walls picture of `{}` does not begin a line", board.name))
                .label("a picture's first line starts here")
                .help("start the picture of the walls on a line of its own")
        };
        let Some(first) = reader.peek_lines(1) else { return Err(bad_start(reader)) };
        let top = !first[0].0.contains('|');
        let lines = reader.lines_as_written(rows + usize::from(top)).ok_or_else(|| bad_start(reader))?;
        let mut sides = vec![0u8; rows * cols];
        for (i, &(line, at)) in lines.iter().enumerate() {
            // The row whose walls the line draws: `None` for the line above the first row.
            let row = if top { i.checked_sub(1) } else { Some(i) };
            let width = line.trim_end().len();
            if width > 2 * cols + 1 {
                return Err(Diagnostic::new(
                    Code::I302,
                    reader.span_of(at + 2 * cols + 1, at + width),
                    format!("a line of the walls of `{}` is wider than its {} cells", board.name, cols),
                )
                .label("past the last cell")
                .help(format!(
                    "each line has two characters a cell and one for the right edge: {} in all",
                    2 * cols + 1
                )));
            }
            for (k, ch) in line.char_indices() {
                let c = k / 2;
                let wall = match (ch, k % 2, row) {
                    (' ' | '\t' | '.' | '+', _, _) | ('_', 0, _) => None,
                    ('_', _, None) => Some((c, UP)),
                    ('_', _, Some(r)) => Some((r * cols + c, DOWN)),
                    ('|', 0, Some(r)) if c < cols => Some((r * cols + c, LEFT)),
                    ('|', 0, Some(r)) => Some((r * cols + c - 1, RIGHT)),
                    _ => {
                        let len = ch.len_utf8();
                        return Err(Diagnostic::new(
                            Code::I302,
                            reader.span_of(at + k, at + k + len),
                            format!("`{ch}` is not a wall here"),
                        )
                        .label("not a wall")
                        .help("in a picture of walls, `_` under a cell's place is a wall below it (above it in a first line without `|`), `|` between two cells' places a wall between them; blanks, `.` and `+` are no wall"));
                    }
                };
                if let Some((cell, side)) = wall {
                    sides[cell] |= side;
                }
            }
        }
        let mut walls = Walls { rows, cols, sides, span };
        walls.close();
        Ok(walls)
    }

    /// Makes every wall a wall of both cells it lies between.
    fn close(&mut self) {
        let cols = self.cols;
        for cell in 0..self.sides.len() {
            let (r, c) = (cell / cols, cell % cols);
            let s = self.sides[cell];
            if s & RIGHT != 0 && c + 1 < cols {
                self.sides[cell + 1] |= LEFT;
            }
            if s & LEFT != 0 && c > 0 {
                self.sides[cell - 1] |= RIGHT;
            }
            if s & DOWN != 0 && r + 1 < self.rows {
                self.sides[cell + cols] |= UP;
            }
            if s & UP != 0 && r > 0 {
                self.sides[cell - cols] |= DOWN;
            }
        }
    }

    /// Whether a unit step `(dr, dc)` (as drawn) out of `cell` crosses a wall. Steps that are
    /// not unit steps cross none (they are not steps between neighbours).
    pub fn blocks(&self, cell: usize, dr: i64, dc: i64) -> bool {
        side_of(dr, dc).is_some_and(|side| self.sides[cell] & side != 0)
    }

    /// Whether two cells are neighbours by a side with a wall between them.
    pub fn between(&self, a: usize, b: usize) -> bool {
        let cols = self.cols as i64;
        let (ra, ca, rb, cb) = (a as i64 / cols, a as i64 % cols, b as i64 / cols, b as i64 % cols);
        self.blocks(a, rb - ra, cb - ca)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wall_given_on_one_side_blocks_both_ways() {
        // 2x2: a wall right of (0, 0) and below (0, 1).
        let mut w = Walls { rows: 2, cols: 2, sides: vec![RIGHT, DOWN, 0, 0], span: Span::default() };
        w.close();
        assert!(w.between(0, 1) && w.between(1, 0));
        assert!(w.between(1, 3) && w.between(3, 1));
        assert!(!w.between(0, 2) && !w.between(2, 3));
        // Cells that are not neighbours have no wall between them.
        assert!(!w.between(0, 3));
    }
}
