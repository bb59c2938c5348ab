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
                let mut clues = Vec::new();
                let mut one = |env: &mut super::eval::Env| {
                    let at = env.eval(cell)?;
                    let (a, b) = coord_of(&at, cell.span)?;
                    let c = board.cell(a, b).ok_or_else(|| off_board(&board, a, b, cell.span))?;
                    clues.push((c, texts(&env.eval(text)?, text.span)?));
                    Ok(())
                };
                self.env.for_each_or_once(each.as_ref(), &mut one)?;
                self.model.picture.clues.extend(clues);
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

/// Whether a board cell is drawn at all: on the board, or declared black or a clue.
pub fn shown(board: &Board, picture: &Picture, cell: usize) -> bool {
    board.on[cell] || picture.black.contains(&cell) || picture.clues.iter().any(|(c, _)| *c == cell)
}
