//! Pieces placed on a filled board (Battleships' fleet, Statue Park, LITS): `place all on
//! sea, rotate, as 'S'` beside `fill sea`, and `no two pieces touch, diagonally too`.
//!
//! On a filled board a placement writes a value in every cell it covers — the cell's label
//! (`[(0, 0): 'o']`), else the `as` value — and every cell no piece covers holds a value no
//! piece writes (the background: water). Everything said about the filled board's values
//! (counts, givens, runs, connected areas, ...) then applies to the placed cells, because the
//! cells keep their `fill` options and the placements only decide between them:
//!
//! - per cell, a primary item `covered(r,c)`, covered exactly once: by the cell's options
//!   "takes v" for the values v no piece writes, or by a placement covering the cell. A cell
//!   holding a written value is so covered by exactly one placement, and a background cell
//!   by none;
//! - when pieces write two or more values, per cell a secondary item `shows(r,c)`: the
//!   options "takes v" for a written v colour it with v, a placement with what it writes
//!   there, so the placement over a cell agrees with the value the cell holds. With one
//!   written value, "not background" already means that value.
//!
//! (A placement cannot cover the cells' count items itself: an option covers an item once,
//! and a ship lying along a row would cover `row(r)#S` once per cell.)
//!
//! `no two pieces touch`: per cell a secondary item `touch(r,c)`; a placement colours its
//! own cells `in` and the cells touching them (by a side, or with `diagonally too` by a
//! corner) `by`. Two placements touch exactly when a cell of one touches a cell of the
//! other, that is when one's `in` meets the other's `by` on that cell; two `by`s (a cell
//! beside both) agree, and two `in`s cannot meet (the cell is covered once). `no two 'S'
//! touch` is no substitute: it forbids a ship's own cells to touch each other.
use super::elaborate::Elab;
use super::eval::{R, type_error};
use super::model::{Board, Model, Piece, PiecesApart};
use super::value::Value;
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::xcc::{Colour, Entry, ItemId, XccBuilder};
use crate::syntax::ast::Expr;

impl Elab<'_> {
    /// `as 'S'`: a value of the board, as an index into its values (G204).
    pub(super) fn piece_value(&mut self, e: &Expr) -> R<(usize, Span)> {
        let board = self.model.board.as_ref().expect("`place` checked its board");
        let v = self.env.eval(e)?;
        if matches!(v, Value::Tuple(_) | Value::List(_) | Value::Map(_)) {
            return Err(type_error("a value of the board", &v, e.span, "a placed piece's cells hold one value"));
        }
        match board.values.iter().position(|b| *b == v) {
            Some(i) => Ok((i, e.span)),
            None => Err(Diagnostic::new(Code::G204, e.span, format!("`{v}` is not a value of `{}`", board.name))
                .label("not a value of the board")
                .related(board.span, "the board's values are declared here")
                .help("pieces write one of the values the board's cells hold: `board sea[n, n] of ['~', 'S']`")),
        }
    }

    /// `no two pieces touch`: kept for lowering, which knows whether pieces are placed. Of
    /// two such statements the stronger holds (`, diagonally too` includes sides).
    pub(super) fn pieces_apart(&mut self, diagonal: bool, span: Span) -> R<()> {
        let diagonal = diagonal || self.model.pieces_apart.is_some_and(|a| a.diagonal);
        self.model.pieces_apart = Some(PiecesApart { diagonal, span });
        Ok(())
    }
}

/// What the spec asks that pieces on this board cannot do: `as` on a board that is not
/// filled (E105), a piece cell on a filled board with no value to write (E105) or a label that
/// is no value of the board (G204), `no two pieces touch` without pieces placed (E105).
pub fn misuse(model: &Model) -> Option<Diagnostic> {
    if let (Some(apart), None) = (&model.pieces_apart, &model.placing) {
        return Some(
            Diagnostic::new(Code::E105, apart.span, "`no two pieces touch` needs pieces placed on the board")
                .label("no `place` in this spec")
                .help("place the pieces: `place all on sea, rotate`; for cells holding a value, `no two 'S' touch`"),
        );
    }
    let (placing, board) = (model.placing.as_ref()?, model.board.as_ref()?);
    if let (Some((_, span)), false) = (placing.shows, model.fill) {
        return Some(
            Diagnostic::new(
                Code::E105,
                span,
                format!("`as` writes a value in the cells of a filled board, and `{}` is not filled", board.name),
            )
            .label("a value for the pieces' cells")
            .related(board.span, "the board is declared here")
            .help(format!("fill the board (`fill {}`), or drop `as`: pieces then only cover cells", board.name)),
        );
    }
    if !model.fill {
        return None;
    }
    for &p in &placing.pieces {
        let piece = &model.pieces[p];
        for (_, _, label) in &piece.cells {
            match label {
                None if placing.shows.is_none() => {
                    return Some(
                        Diagnostic::new(Code::E105, placing.span, format!("piece {} has cells without a value, on the filled board `{}`", piece.label, board.name))
                            .label("what do the pieces' cells hold?")
                            .related(piece.span, "a cell without a label")
                            .help("say what a covered cell holds: `place ..., as 'S'` (a labelled cell, `[(0, 0): 'o']`, holds its label)"),
                    );
                }
                Some(v) if !board.values.contains(v) => {
                    return Some(
                        Diagnostic::new(
                            Code::G204,
                            piece.span,
                            format!("piece {} writes `{v}`, which is not a value of `{}`", piece.label, board.name),
                        )
                        .label("a label the board's cells cannot hold")
                        .related(board.span, "the board's values are declared here")
                        .help(
                            "on a filled board a labelled cell holds its label: label with one of the board's values",
                        ),
                    );
                }
                _ => {}
            }
        }
    }
    None
}

/// The value (index into the board's values) each cell of `piece` writes, in its cells'
/// order, on a filled board: its label, else the `as` value.
pub fn written(board: &Board, piece: &Piece, shows: Option<usize>) -> impl Iterator<Item = Option<usize>> {
    piece.cells.iter().map(move |(_, _, l)| match l {
        Some(l) => board.values.iter().position(|v| v == l),
        None => shows,
    })
}

/// Whether each board value is written by some placed piece.
pub fn written_values(model: &Model) -> Vec<bool> {
    let (Some(board), Some(placing)) = (&model.board, &model.placing) else { return Vec::new() };
    let mut out = vec![false; board.values.len()];
    let shows = placing.shows.map(|(v, _)| v);
    for &p in &placing.pieces {
        written(board, &model.pieces[p], shows).flatten().for_each(|v| out[v] = true);
    }
    out
}

/// The items that tie a filled board's cells to the pieces on it (see the module's doc).
pub struct FleetItems {
    /// Per cell, `covered(r,c)` (holes: `None`).
    pub covered: Vec<Option<ItemId>>,
    /// Per cell, `shows(r,c)`, when pieces write two or more values.
    shows: Vec<Option<ItemId>>,
    /// Per board value, whether some piece writes it; and each value's colour name.
    written: Vec<bool>,
    names: Vec<String>,
}

/// Declares `covered(r,c)` (and `shows(r,c)`) for every cell, after the fill's own items.
pub fn add_items(model: &Model, b: &mut XccBuilder) -> FleetItems {
    let board = model.board.as_ref().expect("pieces are placed on a board");
    let written = written_values(model);
    let several = written.iter().filter(|&&w| w).count() > 1;
    let mut covered = vec![None; board.on.len()];
    let mut shows = vec![None; board.on.len()];
    for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
        let (x, y) = board.coord(cell);
        covered[cell] = Some(b.add_primary(format!("covered({x},{y})"), 1, 1));
    }
    if several {
        for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
            let (x, y) = board.coord(cell);
            shows[cell] = Some(b.add_secondary(format!("shows({x},{y})")));
        }
    }
    let names = board.values.iter().map(|v| v.to_string()).collect();
    FleetItems { covered, shows, written, names }
}

impl FleetItems {
    /// What the option "cell takes value `v`" covers of these items.
    pub fn cell_entries(&self, b: &mut XccBuilder, cell: usize, v: usize, out: &mut Vec<Entry>) {
        if !self.written[v] {
            out.extend(self.covered[cell].map(|item| Entry { item, colour: Colour::NONE }));
        } else if let Some(item) = self.shows[cell] {
            out.push(Entry { item, colour: b.colour(&self.names[v]) });
        }
    }

    /// What a placement covers of these items: each cell's `covered`, and its `shows`
    /// coloured with the value written there (`writes[k]` for `cells[k]`).
    pub fn placement_entries(&self, b: &mut XccBuilder, cells: &[usize], writes: &[usize], out: &mut Vec<Entry>) {
        for (&c, &v) in cells.iter().zip(writes) {
            out.extend(self.covered[c].map(|item| Entry { item, colour: Colour::NONE }));
            if let Some(item) = self.shows[c] {
                out.push(Entry { item, colour: b.colour(&self.names[v]) });
            }
        }
    }
}

/// `no two pieces touch`: the items `touch(r,c)` and what each placement colours of them.
pub struct TouchItems {
    items: Vec<Option<ItemId>>,
    diagonal: bool,
    inside: Colour,
    beside: Colour,
    /// Scratch: whether a cell is one of the placement's, or already listed beside it.
    mark: Vec<bool>,
    near: Vec<usize>,
}

/// Declares `touch(r,c)` for every cell (after the placement's own items).
pub fn touch_items(model: &Model, b: &mut XccBuilder) -> Option<TouchItems> {
    let (apart, board) = (model.pieces_apart?, model.board.as_ref()?);
    let mut items = vec![None; board.on.len()];
    for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
        let (x, y) = board.coord(cell);
        items[cell] = Some(b.add_secondary(format!("touch({x},{y})")));
    }
    let (inside, beside) = (b.colour("in"), b.colour("by"));
    Some(TouchItems {
        items,
        diagonal: apart.diagonal,
        inside,
        beside,
        mark: vec![false; board.on.len()],
        near: Vec::new(),
    })
}

impl TouchItems {
    /// A placement's `touch` entries: its cells `in`, the cells touching them `by`.
    pub fn placement_entries(&mut self, board: &Board, cells: &[usize], out: &mut Vec<Entry>) {
        cells.iter().for_each(|&c| self.mark[c] = true);
        self.near.clear();
        for &c in cells {
            out.extend(self.items[c].map(|item| Entry { item, colour: self.inside }));
            for n in super::lattice::touching(board.lattice, board.rows, board.cols, c, self.diagonal) {
                if board.on[n] && !self.mark[n] {
                    self.mark[n] = true;
                    self.near.push(n);
                }
            }
        }
        for &n in &self.near {
            out.extend(self.items[n].map(|item| Entry { item, colour: self.beside }));
        }
        cells.iter().chain(&self.near).for_each(|&c| self.mark[c] = false);
    }
}
