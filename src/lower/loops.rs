//! Loops on a board's edges: `loop on the edges of grid` (the used sides of the cells form one
//! closed loop) and `each clue of clues counts the loop edges around it` (Slitherlink).
//!
//! Lowered to exact cover the way Knuth's `slitherlink-dlx` does, plus one global constraint:
//! - every side of a cell is a secondary item coloured `1` (on the loop) or `0`;
//! - every corner of the grid is a primary item; its options are the ways to use none or two
//!   of the sides meeting there, each colouring all of them (so every corner has degree 0 or
//!   2: a line never branches or ends);
//! - every clue cell is a primary item; its options are the ways to put that many of its four
//!   sides on the loop, each colouring all four;
//! - `Global::Loop` (`ir/xcc/global.rs`) says the used sides are *one* loop: the corners of
//!   degree 2 are the nodes, each option of degree 2 names the two corners it joins, and the
//!   engine checks after every choice that no loop closes while other used sides remain
//!   (`solve/xcc/cells/global.rs`), the verifier again on the answer (`solve/verify/loops.rs`).
use super::elaborate::Elab;
use super::eval::{R, type_error};
use super::model::{LoopRule, Model};
use super::value::Value;
use super::xcc::{Meaning, OptionGuard};
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::xcc::{Area, Colour, Entry, Global, ItemId, XccBuilder};
use crate::syntax::ast::{Expr, Ident, Lattice};

impl Elab<'_> {
    /// `loop on the edges of grid`.
    pub(super) fn loop_on(&mut self, board: &Ident, span: Span) -> R<()> {
        let Some(b) = &self.model.board else {
            return Err(Diagnostic::new(Code::E105, span, "a loop runs on the edges of a board")
                .label("no board above")
                .help("declare the board first: `board grid[rows, cols]`"));
        };
        if let Some(old) = &self.model.loop_rule {
            return Err(Diagnostic::new(Code::E105, span, "a spec has one loop")
                .label("a second loop")
                .related(old.span, "the first loop"));
        }
        if b.name != board.name {
            return Err(Diagnostic::new(Code::E105, board.span, format!("`{}` is not the board", board.name))
                .label("the loop runs on the board's edges")
                .help(format!("write `loop on the edges of {}`", b.name)));
        }
        if b.lattice != Lattice::Squares || b.on.iter().any(|&on| !on) {
            return Err(Diagnostic::new(Code::E105, span, "a loop runs on a board of squares without holes")
                .label("a loop on triangles, hexagons or a board with holes")
                .help("use `lattice squares` (the default) and no `without` or `mask`"));
        }
        let (rows, cols) = (b.rows, b.cols);
        self.model.loop_rule = Some(LoopRule { rows, cols, clues: vec![None; rows * cols], span });
        Ok(())
    }

    /// `each clue of clues counts the loop edges around it`.
    pub(super) fn loop_clues(&mut self, clues: &Expr, span: Span) -> R<()> {
        let Some(rule) = &self.model.loop_rule else {
            return Err(Diagnostic::new(Code::E105, span, "clues count the edges of a loop")
                .label("no loop above")
                .help("say where the loop runs first: `loop on the edges of grid`"));
        };
        let (rows, cols) = (rule.rows, rule.cols);
        let grid = self.env.eval(clues)?;
        let rows_of = |v: &Value| matches!(v, Value::List(_) | Value::Tuple(_)).then(|| v.elements());
        let grid_rows =
            rows_of(&grid).filter(|g| g.len() == rows && g.iter().all(|r| rows_of(r).is_some_and(|r| r.len() == cols)));
        let Some(grid_rows) = grid_rows else {
            return Err(Diagnostic::new(
                Code::G206,
                clues.span,
                format!(
                    "the clues must be a grid of {} of {}, the board's size",
                    crate::diag::plural(rows, "row"),
                    crate::diag::plural(cols, "label")
                ),
            )
            .label("not a grid of the board's size")
            .help("read them with `grid clues[rows, cols] from instance`, a digit in each clue cell"));
        };
        let mut out = vec![None; rows * cols];
        for (r, row) in grid_rows.iter().enumerate() {
            for (c, v) in rows_of(row).unwrap().iter().enumerate() {
                match v {
                    Value::Int(n @ 0..=4) => out[r * cols + c] = Some(*n as u8),
                    Value::Int(n) => {
                        return Err(Diagnostic::new(Code::G207, clues.span, format!("a clue of {n} at ({r}, {c})"))
                            .label("a cell has four sides")
                            .help("clues are 0 to 4; any other label (`.`, `-`) is a cell without one"));
                    }
                    Value::Tuple(_) | Value::List(_) | Value::Map(_) => {
                        return Err(type_error("a grid of labels", v, clues.span, "a clue cell holds a number"));
                    }
                    _ => {}
                }
            }
        }
        self.model.loop_rule.as_mut().unwrap().clues = out;
        Ok(())
    }
}

/// Lowers the model's loop: corner and clue items, side colours, and the one-loop constraint.
pub(super) fn lower(model: &Model, b: &mut XccBuilder, meanings: &mut Vec<Meaning>, guard: &mut OptionGuard) {
    let rule = model.loop_rule.as_ref().expect("lowered only with a loop");
    let (rows, cols) = (rule.rows, rule.cols);
    let w = cols + 1;
    let on = b.colour("1");
    let off = b.colour("0");
    let edge_item: Vec<ItemId> = (0..rule.edges())
        .map(|e| {
            let [p, q] = rule.ends(e);
            b.add_secondary(format!("edge({},{})-({},{})", p / w, p % w, q / w, q % w))
        })
        .collect();
    let mut area = Area { name: "loop".into(), in_start: vec![0], adj_start: vec![0], ..Area::default() };
    let mut ends = Vec::new();
    let corners = (rows + 1) * w;
    // Per corner, the sides meeting there (up, down, left, right, those on the board).
    let sides_at = |r: usize, c: usize| {
        let mut s = Vec::with_capacity(4);
        if r > 0 {
            s.push(rule.down(r - 1, c));
        }
        if r < rows {
            s.push(rule.down(r, c));
        }
        if c > 0 {
            s.push(rule.across(r, c - 1));
        }
        if c < cols {
            s.push(rule.across(r, c));
        }
        s
    };
    let mut entries = Vec::new();
    for v in 0..corners {
        let (r, c) = (v / w, v % w);
        let item = b.add_primary(format!("corner({r},{c})"), 1, 1);
        area.node_item.push(item);
        let sides = sides_at(r, c);
        let n = sides.len();
        // Subsets of the sides of size 0 or 2, as bit masks over `sides`.
        for mask in (0u32..1 << n).filter(|m| m.count_ones() == 0 || m.count_ones() == 2) {
            if guard.full(meanings.len(), rule.span) {
                return;
            }
            entries.clear();
            entries.push(Entry { item, colour: Colour::NONE });
            let mut used = Vec::new();
            for (k, &e) in sides.iter().enumerate() {
                let lit = mask >> k & 1 == 1;
                entries.push(Entry { item: edge_item[e], colour: if lit { on } else { off } });
                if lit {
                    used.push(e as u32);
                }
            }
            let name = match used.as_slice() {
                [] => format!("corner({r},{c})=none"),
                _ => format!(
                    "corner({r},{c})={}",
                    used.iter().map(|e| b_name(rule, *e as usize)).collect::<Vec<_>>().join("+")
                ),
            };
            let o = b.add_option(name, &entries);
            if let [e1, e2] = used[..] {
                let other = |e: u32| rule.ends(e as usize).into_iter().find(|&x| x != v).unwrap() as u32;
                area.ins.push(o);
                ends.push([other(e1), other(e2)]);
            }
            meanings.push(Meaning::Corner { edges: used });
        }
        area.in_start.push(area.ins.len() as u32);
        for e in sides {
            area.adj.push(rule.ends(e).into_iter().find(|&x| x != v).unwrap() as u32);
        }
        area.adj_start.push(area.adj.len() as u32);
    }
    for cell in (0..rows * cols).filter(|&c| rule.clues[c].is_some()) {
        let (r, c) = (cell / cols, cell % cols);
        let k = rule.clues[cell].unwrap() as u32;
        let item = b.add_primary(format!("clue({r},{c})"), 1, 1);
        let sides = rule.sides(r, c);
        for mask in (0u32..16).filter(|m| m.count_ones() == k) {
            if guard.full(meanings.len(), rule.span) {
                return;
            }
            entries.clear();
            entries.push(Entry { item, colour: Colour::NONE });
            for (j, &e) in sides.iter().enumerate() {
                entries.push(Entry { item: edge_item[e], colour: if mask >> j & 1 == 1 { on } else { off } });
            }
            b.add_option(format!("clue({r},{c})={mask:04b}"), &entries);
            meanings.push(Meaning::LoopClue);
        }
    }
    let sides = (0..rule.edges()).map(|e| (edge_item[e], rule.ends(e).map(|x| x as u32))).collect();
    b.add_global(Global::Loop { area, ends, sides, on });
}

/// A side's short name in option names: `a(r,c)` across from corner (r, c), `d(r,c)` down.
fn b_name(rule: &LoopRule, e: usize) -> String {
    let h = (rule.rows + 1) * rule.cols;
    match e < h {
        true => format!("a({},{})", e / rule.cols, e % rule.cols),
        false => format!("d({},{})", (e - h) / (rule.cols + 1), (e - h) % (rule.cols + 1)),
    }
}
