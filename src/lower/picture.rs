//! `draw` statements: what a picture of the puzzle shows beyond its board — how region
//! families are outlined, cells drawn black or marked, clues written in cells, rows shifted.
//! They are evaluated like any statement (so clues can be read from instance data) into
//! [`Picture`], which only `src/render/svg/` reads: nothing here changes what is solved.
use super::elaborate::{Elab, coord_of, off_board};
use super::eval::{R, type_error};
use super::model::{Board, DrawnRegion, Picture};
use super::value::Value;
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::{DrawDecl, Spanned};

impl Elab<'_> {
    pub(super) fn draw(&mut self, d: &Spanned<DrawDecl>) -> R<()> {
        self.model.picture.declared = true;
        if let DrawDecl::Shift { left } = d.node {
            self.model.picture.shift = Some(left);
            return Ok(());
        }
        let Some(board) = self.model.board.clone() else {
            return Err(Diagnostic::new(Code::E105, d.span, "a picture's cells need a board declared before them")
                .label("no board yet")
                .help("declare the board first: `board grid[9, 9] of 1..=9`"));
        };
        match &d.node {
            DrawDecl::Regions { families, style } => {
                for f in families {
                    // A family that failed to elaborate was reported where it was declared.
                    let Some(family) = self.region_families.get(&f.name).cloned() else { continue };
                    for (name, cells, _) in family.iter() {
                        self.model.picture.regions.push(DrawnRegion {
                            style: *style,
                            name: name.clone(),
                            cells: cells.clone(),
                        });
                    }
                }
            }
            DrawDecl::Black(e) => {
                let cells = self.cells_of(&board, e, "black cells are a set of cells")?;
                self.model.picture.black.extend(cells);
            }
            DrawDecl::Mark(e) => {
                let cells = self.cells_of(&board, e, "marked cells are a set of cells")?;
                self.model.picture.marks.extend(cells);
            }
            DrawDecl::Clue { cell, text, each } => {
                let (mut clues, mut outside) = (Vec::new(), Vec::new());
                let mut one = |env: &mut super::eval::Env| {
                    let at = env.eval(cell)?;
                    let (a, b) = coord_of(&at, cell.span)?;
                    let value = env.eval(text)?;
                    match board.cell(a, b) {
                        Some(c) => clues.push((c, texts(&value, text.span)?)),
                        None => outside.extend(beside(&board, a, b, &value, cell.span, text.span)?),
                    }
                    Ok(())
                };
                self.env.for_each_or_once(each.as_ref(), &mut one)?;
                self.model.picture.clues.extend(clues);
                self.model.picture.outside.extend(outside);
            }
            DrawDecl::EdgeClue { cells, text, each } => {
                let mut between = Vec::new();
                let mut one = |env: &mut super::eval::Env| {
                    let (mut two, mut shown) = ([0; 2], [(0, 0); 2]);
                    for (k, at) in [&cells.0, &cells.1].into_iter().enumerate() {
                        let (a, b) = coord_of(&env.eval(at)?, at.span)?;
                        two[k] = board.cell(a, b).ok_or_else(|| off_board(&board, a, b, at.span))?;
                        shown[k] = (a, b);
                    }
                    let near = super::lattice::touching(board.lattice, board.rows, board.cols, two[0], false);
                    if !near.contains(&two[1]) {
                        let [(a, b), (c, d)] = shown;
                        return Err(Diagnostic::new(
                            Code::G225,
                            cells.0.span.to(cells.1.span),
                            format!("cells ({a}, {b}) and ({c}, {d}) share no side"),
                        )
                        .label("a clue between cells lies on the side they share")
                        .help("name two cells side by side, such as `(r, c), (r, c + 1)` or `(r, c), (r + 1, c)`"));
                    }
                    let value = env.eval(text)?;
                    between.push((two[0], two[1], texts(&value, text.span)?.join(" ")));
                    Ok(())
                };
                self.env.for_each_or_once(each.as_ref(), &mut one)?;
                self.model.picture.between.extend(between);
            }
            DrawDecl::Value { value, glyph } => {
                let v = self.env.eval(value)?;
                if !board.values.contains(&v) {
                    let shown: Vec<String> = board.values.iter().take(12).map(|v| v.to_string()).collect();
                    return Err(Diagnostic::new(
                        Code::E103,
                        value.span,
                        format!("`{v}` is not one of the values of the board `{}`", board.name),
                    )
                    .label("not a value of the board")
                    .related(board.span, "the board's values are declared here")
                    .help(format!("draw one of its values: {}", shown.join(" "))));
                }
                self.model.picture.glyphs.push((v, *glyph));
            }
            DrawDecl::Shift { .. } => {}
        }
        Ok(())
    }
}

/// A clue's texts: one value, or a pair (a cell split by its diagonal).
fn texts(v: &Value, span: Span) -> R<Vec<String>> {
    let plain = |v: &Value| match v {
        Value::Str(s) => Ok(s.to_string()),
        Value::Int(_) | Value::Char(_) => Ok(v.to_string()),
        _ => Err(type_error(
            "a text or a number",
            v,
            span,
            "a clue is a text, a number or a pair of them, `(down, right)`",
        )),
    };
    match v {
        Value::Tuple(xs) | Value::List(xs) if xs.len() == 2 => xs.iter().map(plain).collect(),
        _ => Ok(vec![plain(v)?]),
    }
}

/// A clue outside the board's rectangle, as the cells it is drawn in: a list's items laid
/// out away from the board, one a cell, the last next to the board on its left or above it
/// and the first next to it on its right or below it (a Nonogram's runs read in order);
/// anything else one text in the cell. Cells further from the board than its own size are
/// refused (G201), so a picture stays about the board's size.
fn beside(board: &Board, a: i64, b: i64, v: &Value, cell: Span, text: Span) -> R<Vec<(i64, i64, String)>> {
    if board.lattice != crate::syntax::ast::Lattice::Squares {
        // Beside a board of hexagons or triangles there are no rows and columns of cells to
        // lay the texts out in: refused, not dropped from the picture.
        return Err(off_board(board, a, b, cell)
            .help("only boards of squares draw clues beside them; put the clue in a cell of the board"));
    }
    let (rows, cols) = (board.rows as i64, board.cols as i64);
    let (r, c) = match board.origin {
        crate::syntax::ast::Origin::TopLeft => (a, b),
        crate::syntax::ast::Origin::BottomLeft => (rows - 1 - b, a),
    };
    let items: Vec<String> = match v {
        Value::List(xs) | Value::Tuple(xs) => {
            xs.iter().map(|x| texts(x, text).map(|t| t.join(" "))).collect::<R<_>>()?
        }
        _ => vec![texts(v, text)?.join(" ")],
    };
    let n = items.len() as i64;
    let step = |k: i64| match () {
        _ if c < 0 => (r, c - (n - 1) + k),
        _ if c >= cols => (r, c + k),
        _ if r < 0 => (r - (n - 1) + k, c),
        _ => (r + k, c),
    };
    let cells: Vec<(i64, i64, String)> =
        items.into_iter().enumerate().map(|(k, t)| (step(k as i64), t)).map(|((r, c), t)| (r, c, t)).collect();
    let far = cells.iter().any(|&(r, c, _)| r < -rows || r >= 2 * rows || c < -cols || c >= 2 * cols);
    if far {
        return Err(off_board(board, a, b, cell)
            .help("a clue outside the board lies beside it: at most the board's rows above or below it and its columns left or right"));
    }
    Ok(cells)
}

/// Whether a board cell is drawn at all: on the board, or declared black or a clue.
pub fn shown(board: &Board, picture: &Picture, cell: usize) -> bool {
    board.on[cell] || picture.black.contains(&cell) || picture.clues.iter().any(|(c, _)| *c == cell)
}
