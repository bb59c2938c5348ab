//! Sight lines of a filled board: `along [(r, c) for c in 0..n], left[r] cells are seen for
//! r in 0..n` (Skyscrapers' clues): looking along the listed cells in order, a cell is seen
//! when its value is greater than every value before it (a taller building hides the lower
//! ones behind it), and the line shows this many.
//!
//! Elaborated here into one [`Seen`] per binding. Lowered to exact cover with colours as a
//! chain of steps along the line, one step per cell (a counter automaton spelt out as items):
//!
//! - per cell of the line a primary item `seenK(r,c)`, the step at that cell (K the line's
//!   number, counting every binding of every statement);
//! - per cell and per value t but the greatest, a secondary item `seenK(r,c)>t`: "cell takes
//!   v" colours it `yes` when v > t and `no` otherwise;
//! - between two cells, a secondary item `seenK<(r,c)` coloured with what was seen before
//!   the cell: the greatest value so far and how many cells were seen (`5.2`);
//! - a step's options: from each state that can come before the cell, either the cell is
//!   seen with value q above the greatest so far (`>q-1` yes, `>q` no; the count goes up)
//!   or it is hidden (`>m` no for the greatest so far m; the state goes on). A state from
//!   which the count can no longer be reached exactly is left out, so the last step ends on
//!   it.
//!
//! Consecutive steps agree on the state item between them and each step on the cell's
//! value, so the chosen steps spell out the line's own sight count. A hidden cell needs one
//! option whatever its value (the thresholds say "not above m"), so a line of L cells over
//! H values has at most L · H · L · (H + 1) / 2 options, far fewer than the H^L fillings of
//! the line.
use super::derive::{Link, Rule};
use super::elaborate::{Elab, coord_of, off_board};
use super::eval::{Env, R, type_error};
use super::model::{Model, Seen};
use super::value::Value;
use super::xcc::{Meaning, OptionGuard};
use crate::diag::{Code, Diagnostic};
use crate::ir::xcc::{Colour, Entry, ItemId, XccBuilder};
use crate::syntax::ast::SeenDecl;

impl Elab<'_> {
    /// `along CELLS, K cells are seen for ...`: one [`Seen`] per binding.
    pub(super) fn seen(&mut self, d: &SeenDecl) -> R<()> {
        let board = self.filled_board(d.span, "sight lines look at", "board grid[n, n] of 1..=n")?;
        // Heights are the ranks of the board's values, which must be numbers.
        let mut numbers = Vec::with_capacity(board.values.len());
        for v in &board.values {
            match v {
                Value::Int(k) => numbers.push(*k),
                v => {
                    return Err(type_error("a number", v, board.span, "cells are seen by height")
                        .related(d.span, "this sight line compares the cells' values"));
                }
            }
        }
        let height: Vec<usize> = numbers.iter().map(|k| numbers.iter().filter(|o| *o < k).count()).collect();
        let mut out = Vec::new();
        let probe = self.probe();
        let mut links = Vec::new();
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
                        .help("a line lists cells of the board, each once, in the order they are seen"));
                }
                cells.push(c);
            }
            // Probe mode (`src/lower/derive.rs`): a count that is a clue is linked, not built.
            if let Some(probe) = &probe
                && let Some((slot, part)) = probe.clue_at(env, &d.count)?
            {
                let rule = Rule::Seen { cells, height: height.clone() };
                links.push(Link { slot, part, rule, span: d.span });
                return Ok(());
            }
            let count = match env.eval(&d.count)? {
                Value::Int(k) if (k >= 1 && k as usize <= cells.len()) || (k == 0 && cells.is_empty()) => k as usize,
                Value::Int(k) => {
                    return Err(Diagnostic::new(
                        Code::G207,
                        d.count.span,
                        format!("{} seen", crate::diag::plural(k, "cell")),
                    )
                    .label("not a count of this line")
                    .help(match cells.len() {
                        1 => "a line of 1 cell shows that cell".to_string(),
                        n => format!("a line of {n} cells shows 1 to {n} of them (the first is always seen)"),
                    }));
                }
                v => return Err(type_error("a number", &v, d.count.span, "the count of cells seen")),
            };
            out.push(Seen { cells, count, height: height.clone(), span: d.span });
            Ok(())
        };
        let result = self.env.for_each_or_once(d.each.as_ref(), &mut one);
        self.model.seen.extend(out);
        self.link(links);
        result
    }
}

/// The items of every sight line.
pub struct SeenItems {
    /// Per line: the first of its step items, of its threshold items (H − 1 per cell) and of
    /// its state items (one before each cell but the first).
    step: Vec<ItemId>,
    threshold: Vec<ItemId>,
    state: Vec<ItemId>,
    /// Per cell: (line, position along it) for every line it is in.
    member: Vec<Vec<(usize, usize)>>,
    /// The board value of each height, and the number of heights.
    value_of: Vec<usize>,
    heights: usize,
    yes: Colour,
    no: Colour,
}

/// Declares every sight line's items (after the cells' and regions').
pub fn add_items(model: &Model, b: &mut XccBuilder) -> SeenItems {
    let board = model.board.as_ref().expect("sight lines are elaborated on a board");
    let heights = board.values.len();
    let mut value_of = vec![0; heights];
    if let Some(line) = model.seen.first() {
        for (v, &h) in line.height.iter().enumerate() {
            value_of[h] = v;
        }
    }
    let name = |h: usize| board.values[value_of[h]].to_string();
    let mut member = vec![Vec::new(); board.on.len()];
    let (mut step, mut threshold, mut state) = (Vec::new(), Vec::new(), Vec::new());
    for (k, line) in model.seen.iter().enumerate() {
        let at: Vec<(i64, i64)> = line.cells.iter().map(|&c| board.coord(c)).collect();
        let none = ItemId(u32::MAX);
        let mut first = none;
        for (r, c) in &at {
            let id = b.add_primary(format!("seen{}({r},{c})", k + 1), 1, 1);
            if first == none {
                first = id;
            }
        }
        step.push(first);
        let mut first = none;
        for (r, c) in &at {
            for t in 0..heights - 1 {
                let id = b.add_secondary(format!("seen{}({r},{c})>{}", k + 1, name(t)));
                if first == none {
                    first = id;
                }
            }
        }
        threshold.push(first);
        let mut first = none;
        for (r, c) in at.iter().skip(1) {
            let id = b.add_secondary(format!("seen{}<({r},{c})", k + 1));
            if first == none {
                first = id;
            }
        }
        state.push(first);
        for (i, &c) in line.cells.iter().enumerate() {
            member[c].push((k, i));
        }
    }
    let (yes, no) = (b.colour("yes"), b.colour("no"));
    SeenItems { step, threshold, state, member, value_of, heights, yes, no }
}

impl SeenItems {
    fn threshold(&self, line: usize, i: usize, t: usize) -> ItemId {
        ItemId(self.threshold[line].0 + (i * (self.heights - 1) + t) as u32)
    }

    /// What "cell takes value `v`" colours: each threshold of every line through the cell.
    pub fn cell_entries(&self, model: &Model, cell: usize, v: usize, out: &mut Vec<Entry>) {
        for &(k, i) in &self.member[cell] {
            let q = model.seen[k].height[v];
            for t in 0..self.heights - 1 {
                out.push(Entry { item: self.threshold(k, i, t), colour: if q > t { self.yes } else { self.no } });
            }
        }
    }

    /// Every line's steps: one option per state before a cell and what the cell does to it.
    pub(super) fn add_options(
        &self,
        model: &Model,
        b: &mut XccBuilder,
        meanings: &mut Vec<Meaning>,
        guard: &mut OptionGuard,
    ) {
        let board = model.board.as_ref().expect("sight lines are elaborated on a board");
        let name = |h: usize| board.values[self.value_of[h]].to_string();
        let top = self.heights - 1;
        for (k, line) in model.seen.iter().enumerate() {
            let len = line.cells.len();
            // A state after cell i (greatest height so far, count seen) that can still end
            // on the count exactly: above m there are `top - m` heights to climb.
            let can_end =
                |i: usize, m: usize, seen: usize| seen <= line.count && seen + (len - 1 - i).min(top - m) >= line.count;
            let mut states: Vec<(Option<usize>, usize)> = vec![(None, 0)];
            for i in 0..len {
                let (r, c) = board.coord(line.cells[i]);
                let mut next = Vec::new();
                for &(m, seen) in &states {
                    let lowest = m.map_or(0, |m| m + 1);
                    let moves = (lowest..self.heights).map(|q| (true, q, seen + 1)).chain(m.map(|m| (false, m, seen)));
                    for (shown, m2, seen2) in moves {
                        if !can_end(i, m2, seen2) {
                            continue;
                        }
                        if guard.full(meanings.len(), line.span) {
                            return;
                        }
                        let mut entries = vec![Entry { item: ItemId(self.step[k].0 + i as u32), colour: Colour::NONE }];
                        if let Some(m) = m {
                            let colour = b.colour(&format!("{}.{seen}", name(m)));
                            entries.push(Entry { item: ItemId(self.state[k].0 + i as u32 - 1), colour });
                        }
                        if i + 1 < len {
                            let colour = b.colour(&format!("{}.{seen2}", name(m2)));
                            entries.push(Entry { item: ItemId(self.state[k].0 + i as u32), colour });
                        }
                        // Seen with height m2: above m2 − 1 and not above m2. Hidden: not
                        // above the greatest so far.
                        if shown && m2 > 0 {
                            entries.push(Entry { item: self.threshold(k, i, m2 - 1), colour: self.yes });
                        }
                        if m2 < top {
                            entries.push(Entry { item: self.threshold(k, i, m2), colour: self.no });
                        }
                        let how = if shown { "=" } else { "<=" };
                        b.add_option(format!("seen{}({r},{c}){how}{}.{seen2}", k + 1, name(m2)), &entries);
                        meanings.push(Meaning::Seen { line: k });
                        if !next.contains(&(Some(m2), seen2)) {
                            next.push((Some(m2), seen2));
                        }
                    }
                }
                states = next;
            }
        }
    }
}
