//! Comparisons between cells of a filled board: `cells x at (r, c), y at (r, c + 1) hold
//! x < y for ... where signs[r, c] == '<'` (Futoshiki's signs, Kropki's dots, consecutive
//! marks, thermometers), or with one cell, `cells x at (r, c) hold x != 5`.
//!
//! Elaborated here into one [`Compare`] per binding: the cells, and the table of the value
//! pairs (or values) the condition allows, found by evaluating it with `x` and `y` bound to
//! each pair of the board's values. Lowered to exact cover without multiplicities:
//!
//! - one cell (or a pair naming one cell twice): the options "cell takes a" the condition
//!   refuses are left out; so are, for two cells, the values no value of the other cell may
//!   sit beside;
//! - two cells p and q: for each value a of p that some value of q may not sit beside, one
//!   secondary item `cmpK(p;q)=a` (K the comparison's number). "p takes a" covers it, and so
//!   does "q takes b" for every b that may not sit beside a. A secondary item is covered at
//!   most once, so p = a and q = b exclude each other exactly when (a, b) is refused: one
//!   item per value of p, not one per refused pair (a Futoshiki `<` on 1..=9 makes 9 items,
//!   not 45).
use super::derive::{self, Link, Rule};
use super::elaborate::{Elab, coord_of, off_board};
use super::eval::{Env, R};
use super::model::{Compare, Model};
use crate::diag::{Code, Diagnostic};
use crate::ir::xcc::{Colour, Entry, ItemId, XccBuilder};
use crate::syntax::ast::CompareDecl;
use std::rc::Rc;

impl Elab<'_> {
    /// `cells x at A, y at B hold COND for ...`: one [`Compare`] per binding.
    pub(super) fn compare(&mut self, d: &CompareDecl) -> R<()> {
        let board = self.filled_board(d.span, "comparisons constrain", "board grid[n, n] of 1..=n")?;
        let nv = board.values.len();
        let mut out = Vec::new();
        let probe = self.probe();
        let clue = match &d.cells[..] {
            [(x, _)] => derive::equal_to(&d.holds, &x.name),
            _ => None,
        };
        let mut links = Vec::new();
        let mut one = |env: &mut Env| {
            let mut cells = Vec::with_capacity(d.cells.len());
            for (_, at) in &d.cells {
                let (a, b) = coord_of(&env.eval(at)?, at.span)?;
                let c = board.cell(a, b).ok_or_else(|| off_board(&board, a, b, at.span))?;
                if !board.on[c] {
                    return Err(Diagnostic::new(
                        Code::G201,
                        at.span,
                        format!("cell ({a}, {b}) is a hole of the board"),
                    )
                    .label("a hole holds no value")
                    .help("leave holes out with a `where` condition"));
                }
                cells.push(c);
            }
            // Probe mode (`src/lower/derive.rs`): `x == DATA[...]` gives the cell's value as
            // the clue; linked, not built.
            if let (Some(probe), Some(clue)) = (&probe, clue)
                && let Some((slot, part)) = probe.clue_at(env, clue)?
            {
                links.push(Link { slot, part, rule: Rule::Cell(cells[0]), span: d.span });
                return Ok(());
            }
            let why = "the condition of a comparison is true or false";
            let mut allowed = Vec::with_capacity(nv.pow(d.cells.len() as u32));
            let mark = env.locals_len();
            for a in 0..nv {
                env.push_local(&d.cells[0].0.name, board.values[a].clone());
                match d.cells.get(1) {
                    None => allowed.push(env.eval_bool(&d.holds, why)?),
                    Some((second, _)) => {
                        for b in 0..nv {
                            env.push_local(&second.name, board.values[b].clone());
                            allowed.push(env.eval_bool(&d.holds, why)?);
                            env.truncate_locals(mark + 1);
                        }
                    }
                }
                env.truncate_locals(mark);
            }
            out.push(Compare { cells, allowed: Rc::from(allowed), span: d.span });
            Ok(())
        };
        let result = self.env.for_each_or_once(d.each.as_ref(), &mut one);
        self.model.compares.extend(out);
        self.link(links);
        result
    }
}

/// The comparison items, and what each cell-value option covers of them.
pub struct CompareItems {
    /// Per (cell, value): the items "cell takes value" covers.
    covers: Vec<Vec<ItemId>>,
    /// Per (cell, value): whether a comparison refuses it whatever the other cells hold.
    forbidden: Vec<bool>,
    values: usize,
}

/// Declares the items of every comparison (after the cells' and regions').
pub fn add_items(model: &Model, b: &mut XccBuilder) -> CompareItems {
    let board = model.board.as_ref().expect("comparisons are elaborated on a board");
    let nv = board.values.len();
    let mut covers = vec![Vec::new(); board.on.len() * nv];
    let mut forbidden = vec![false; board.on.len() * nv];
    let names: Vec<String> = board.values.iter().map(|v| v.to_string()).collect();
    for (k, cmp) in model.compares.iter().enumerate() {
        match cmp.cells[..] {
            [p] => (0..nv).filter(|&a| !cmp.allowed[a]).for_each(|a| forbidden[p * nv + a] = true),
            [p, q] if p == q => {
                (0..nv).filter(|&a| !cmp.allowed[a * nv + a]).for_each(|a| forbidden[p * nv + a] = true)
            }
            [p, q] => {
                let ((pr, pc), (qr, qc)) = (board.coord(p), board.coord(q));
                // A value no value of the other cell may sit beside is left out at once, not
                // found out by the search (`x < y` on 1..=9: x = 9 and y = 1).
                for v in 0..nv {
                    forbidden[p * nv + v] |= (0..nv).all(|w| !cmp.allowed[v * nv + w]);
                    forbidden[q * nv + v] |= (0..nv).all(|w| !cmp.allowed[w * nv + v]);
                }
                for a in (0..nv).filter(|&a| !forbidden[p * nv + a]) {
                    let refused: Vec<usize> = (0..nv).filter(|&v| !cmp.allowed[a * nv + v]).collect();
                    if refused.is_empty() {
                        continue;
                    }
                    let item = b.add_secondary(format!("cmp{}({pr},{pc};{qr},{qc})={}", k + 1, names[a]));
                    covers[p * nv + a].push(item);
                    for v in refused {
                        covers[q * nv + v].push(item);
                    }
                }
            }
            _ => unreachable!("the grammar allows one or two cells"),
        }
    }
    CompareItems { covers, forbidden, values: nv }
}

impl CompareItems {
    /// Whether "cell takes value `v`" is left out.
    pub fn forbids(&self, cell: usize, v: usize) -> bool {
        self.forbidden[cell * self.values + v]
    }

    /// What the option "cell takes value `v`" covers of the comparison items.
    pub fn cell_entries(&self, cell: usize, v: usize, out: &mut Vec<Entry>) {
        out.extend(self.covers[cell * self.values + v].iter().map(|&item| Entry { item, colour: Colour::NONE }));
    }
}
