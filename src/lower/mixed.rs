//! Direct options beside `fill` or `place`: a cover that names the board, `grid(r, c)`,
//! names one of its cells, so a spec can add a constraint of its own to a filled or tiled
//! board without writing the whole matrix out.
//!
//! - under `place`, `grid(r, c)` is the cell's own item (`cell(r,c)`): the option covers the
//!   cell as a piece would (a hole left on purpose, a piece of another kind);
//! - under `fill`, the cell gets a secondary item `grid(r,c)`, and each option "cell takes v"
//!   colours it with v; `grid(r, c): v` in a direct option then agrees with the fill only
//!   when the cell holds v (a hand-written cage, thermometer, or "one of these is a 5").
//!
//! These secondary items are made only for cells some direct option names, so a plain `fill`
//! spec lowers to the very matrix it did before.
use super::model::{Covered, Model};
use crate::diag::{Code, Diagnostic};
use crate::ir::xcc::{ItemId, XccBuilder};

/// A cell named the wrong way for what the board is: without a value on a filled board,
/// with one on a board of pieces, or on a board that is neither.
pub fn misnamed_cells(model: &Model) -> Option<Diagnostic> {
    let covers = model.cell_covers;
    let board = model.board.as_ref()?;
    let name = &board.name;
    if let (true, Some(span)) = (model.fill, covers.plain) {
        return Some(
            Diagnostic::new(Code::E103, span, format!("a cell of the filled board `{name}` is named without a value"))
                .label("no value given")
                .related(board.span, "the board is filled")
                .help(format!(
                    "write the value the cell must hold as its colour: `{name}(r, c): v` (the option then agrees with the cell)"
                )),
        );
    }
    // Pieces on a filled board (`src/lower/fleet.rs`) leave its cells' values to be named.
    if let (true, Some(span)) = (model.placing.is_some() && !model.fill, covers.coloured) {
        return Some(
            Diagnostic::new(Code::E103, span, format!("a cell of `{name}`, covered by pieces, takes no colour"))
                .label("a colour on a covered cell")
                .related(board.span, "pieces are placed on this board")
                .help(format!("drop the colour: `{name}(r, c)` covers the cell, as a piece would")),
        );
    }
    if let (false, None, Some(span)) = (model.fill, &model.placing, covers.plain.or(covers.coloured)) {
        return Some(
            Diagnostic::new(
                Code::E105,
                span,
                format!("`{name}(...)` names a cell, but `{name}` is neither filled nor covered by pieces"),
            )
            .label("a cell of an unused board")
            .related(board.span, "the board is declared here")
            .help(format!(
                "fill it (`fill {name}`) or place pieces on it; or declare items of your own: `item cell(r, c) for ...`"
            )),
        );
    }
    None
}

/// The secondary items `grid(r,c)` of a filled board's cells that direct options name, in
/// reading order; `None` for the other cells.
pub fn value_items(model: &Model, b: &mut XccBuilder) -> Vec<Option<ItemId>> {
    let Some(board) = model.board.as_ref() else { return Vec::new() };
    if model.cell_covers.coloured.is_none() {
        return Vec::new();
    }
    let mut named = vec![false; board.on.len()];
    for (target, _) in model.options.iter().flat_map(|o| &o.covers) {
        if let Covered::Cell(c) = *target {
            named[c] = true;
        }
    }
    let mut items = vec![None; board.on.len()];
    for cell in (0..board.on.len()).filter(|&c| named[c]) {
        let (x, y) = board.coord(cell);
        items[cell] = Some(b.add_secondary(format!("{}({x},{y})", board.name)));
    }
    items
}
