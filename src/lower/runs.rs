//! Runs along lines of a filled board: `the runs of '#' along [(r, c) for c in 0..w] are
//! rows[r] for r in 0..h` (Nonogram's clues): along the listed cells, in order, the maximal
//! runs of cells holding the value (or a value of a list) have the given lengths, in order.
//!
//! Elaborated here into one [`Runs`] per binding. Lowered to exact cover with colours, one
//! option per way to lay the line out:
//!
//! - per line, a primary item `runsK` (K the line's number, counting every binding of every
//!   statement), and per cell of the line a secondary item `runsK(a,b)`;
//! - "cell takes v" colours the item of every line the cell is in: `in` when v is a run
//!   value, `out` otherwise;
//! - one option per placement of the runs along the line (each run after the one before,
//!   a cell apart at least), covering `runsK` and colouring each cell's item `in` or `out`.
//!
//! Exactly one layout is chosen per line, and its colours agree with the cells' values, so
//! the cells' values show exactly these runs. A line of L cells with runs of total length S
//! in m runs has C(L − S + 1, m) layouts, counted against the option limit (S401).
use super::elaborate::{Elab, coord_of, off_board};
use super::eval::{Env, R, type_error};
use super::model::{Model, Runs};
use super::value::Value;
use super::xcc::{Meaning, OptionGuard};
use crate::diag::{Code, Diagnostic};
use crate::ir::xcc::{Colour, Entry, ItemId, XccBuilder};
use crate::syntax::ast::RunsDecl;

impl Elab<'_> {
    /// `the runs of v along CELLS are LENGTHS for ...`: one [`Runs`] per binding. The value
    /// `v` is evaluated once, before the bindings.
    pub(super) fn runs(&mut self, d: &RunsDecl) -> R<()> {
        let board = self.filled_board(d.span, "runs constrain", "board grid[h, w] of ['.', '#']")?;
        let values = self.board_values(&board, &d.of)?;
        let mut out = Vec::new();
        let mut one = |env: &mut Env| {
            let along = env.eval_collection(&d.along, "the cells of a line, in order")?;
            let mut cells = Vec::new();
            for at in along.elements() {
                let (a, b) = coord_of(&at, d.along.span)?;
                let c = board.cell(a, b).ok_or_else(|| off_board(&board, a, b, d.along.span))?;
                if !board.on[c] || cells.contains(&c) {
                    let why = if board.on[c] { "is listed twice" } else { "is a hole of the board" };
                    return Err(Diagnostic::new(Code::G201, d.along.span, format!("cell ({a}, {b}) {why}"))
                        .label("not a cell of a line")
                        .help("a line lists cells of the board, each once, in order"));
                }
                cells.push(c);
            }
            let are = env.eval_collection(&d.are, "the lengths of the runs, in order")?;
            let mut lengths = Vec::new();
            for v in are.elements() {
                match v {
                    Value::Int(k) if k >= 1 && k <= cells.len().max(1) as i64 => lengths.push(k as usize),
                    Value::Int(k) => {
                        return Err(Diagnostic::new(
                            Code::G207,
                            d.are.span,
                            format!("a run of {}", crate::diag::plural(k, "cell")),
                        )
                        .label("not a run's length")
                        .help(match cells.len() {
                            1 => "a run on a line of one cell has 1 cell".to_string(),
                            n => format!("a run has 1 to {n} cells (the line's length)"),
                        }));
                    }
                    v => return Err(type_error("a number", &v, d.are.span, "runs are given by their lengths")),
                }
            }
            out.push(Runs { cells, values: values.clone(), lengths, span: d.span });
            Ok(())
        };
        let result = self.env.for_each_or_once(d.each.as_ref(), &mut one);
        self.model.runs.extend(out);
        result
    }
}

/// The items of every line's runs.
pub struct RunsItems {
    /// Per line: its primary item, then the first of its cells' secondary items.
    line: Vec<ItemId>,
    cell_base: Vec<ItemId>,
    /// Per cell: (line, position along it) for every line it is in.
    member: Vec<Vec<(usize, usize)>>,
    colour_in: Colour,
    colour_out: Colour,
}

/// Declares every line's items (after the cells' and regions').
pub fn add_items(model: &Model, b: &mut XccBuilder) -> RunsItems {
    let board = model.board.as_ref().expect("runs are elaborated on a board");
    let mut member = vec![Vec::new(); board.on.len()];
    let (mut line, mut cell_base) = (Vec::new(), Vec::new());
    for (k, runs) in model.runs.iter().enumerate() {
        line.push(b.add_primary(format!("runs{}", k + 1), 1, 1));
        for (i, &c) in runs.cells.iter().enumerate() {
            let (r, cc) = board.coord(c);
            let id = b.add_secondary(format!("runs{}({r},{cc})", k + 1));
            if i == 0 {
                cell_base.push(id);
            }
            member[c].push((k, i));
        }
        if runs.cells.is_empty() {
            cell_base.push(ItemId(u32::MAX));
        }
    }
    let (colour_in, colour_out) = (b.colour("in"), b.colour("out"));
    RunsItems { line, cell_base, member, colour_in, colour_out }
}

impl RunsItems {
    /// What "cell takes value `v`" colours of the lines' items.
    pub fn cell_entries(&self, model: &Model, cell: usize, v: usize, out: &mut Vec<Entry>) {
        for &(k, i) in &self.member[cell] {
            let colour = if model.runs[k].values.contains(&v) { self.colour_in } else { self.colour_out };
            out.push(Entry { item: ItemId(self.cell_base[k].0 + i as u32), colour });
        }
    }

    /// One option per layout of every line's runs.
    pub(super) fn add_options(
        &self,
        model: &Model,
        b: &mut XccBuilder,
        meanings: &mut Vec<Meaning>,
        guard: &mut OptionGuard,
    ) {
        for (k, runs) in model.runs.iter().enumerate() {
            let mut layout = vec![false; runs.cells.len()];
            let mut emit = |layout: &[bool]| -> bool {
                if guard.full(meanings.len(), runs.span) {
                    return false;
                }
                let mut entries = vec![Entry { item: self.line[k], colour: Colour::NONE }];
                for (i, &on) in layout.iter().enumerate() {
                    let colour = if on { self.colour_in } else { self.colour_out };
                    entries.push(Entry { item: ItemId(self.cell_base[k].0 + i as u32), colour });
                }
                let shown: String = layout.iter().map(|&on| if on { '#' } else { '.' }).collect();
                b.add_option(format!("runs{}={shown}", k + 1), &entries);
                meanings.push(Meaning::Runs { line: k });
                true
            };
            if !lay_out(&runs.lengths, 0, &mut layout, &mut emit) {
                return;
            }
        }
    }
}

/// Every layout of `lengths` along `layout[from..]` (cells before `from` are set), in order
/// of the first run's start; `emit` returns false to stop (then so does this).
fn lay_out(lengths: &[usize], from: usize, layout: &mut [bool], emit: &mut dyn FnMut(&[bool]) -> bool) -> bool {
    let Some((&k, rest)) = lengths.split_first() else { return emit(layout) };
    // The runs after this one need their cells and a gap before each.
    let after: usize = rest.iter().map(|r| r + 1).sum();
    let Some(last) = layout.len().checked_sub(after + k) else { return true };
    for start in from..=last {
        layout[start..start + k].fill(true);
        let next = (start + k + 1).min(layout.len());
        let go_on = lay_out(rest, next, layout, emit);
        layout[start..start + k].fill(false);
        if !go_on {
            return false;
        }
    }
    true
}
