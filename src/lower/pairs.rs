//! Pairs of cells beside each other: `each 'T' pairs with one 'A' beside it` (Tents' trees
//! and tents; `, diagonally too` counts cells sharing a corner as beside). The cells holding
//! the first values and those holding the second are paired one to one — a perfect matching
//! of the graph of cells beside each other — and the same value twice pairs its cells off
//! among themselves (dominoes of shaded cells).
//!
//! A matching is not a set of items: the pairs are not part of the answer (a Tents answer is
//! where the tents stand, however they pair with the trees), so an option per pair would
//! count one filling once per matching. The rule lowers instead to
//!
//! - **left-out options**: a cell can hold a first value only if some cell beside it can
//!   hold a second one, and the other way round (to a fixpoint), so "cell takes v" is not
//!   made for the others;
//! - **one item per cell that may hold a paired value**, `pair(r,c)#T`, with multiplicity
//!   `1 : 1 + k` for a cell with `k` possible partners beside it: the cell's own options for
//!   the values it is *not* paired as cover it once, and so does every option putting a
//!   partner's value beside it. So a cell holding a paired value has at least one possible
//!   partner beside it, the matching's condition for a single cell (Hall's), said by items;
//! - **a global constraint** `Global::Pairs` (`ir/xcc/global.rs`) over the cells as nodes,
//!   which checks that the paired cells of a solution have a perfect matching (augmenting
//!   paths), so `--count`, `--all` and `--unique` count fillings exactly.
//!
//! When the two sides are one list, the matching runs between the two classes of a
//! two-colouring of the cells beside each other (the squares' checkerboard, the triangles'
//! up and down): the lattice must have one (G206 on hexagons, or with corners on squares).
//! The verifier checks the pairing on the filled grid with a matching of its own
//! (`solve/verify/pairs.rs`).
use super::elaborate::Elab;
use super::eval::R;
use super::model::{Board, Model, Pairing};
use super::xcc::Meaning;
use crate::diag::{Code, Diagnostic};
use crate::ir::xcc::{Area, Colour, Entry, Global, ItemId, OptionId, XccBuilder};
use crate::syntax::ast::{Lattice, PairsDecl};

impl Elab<'_> {
    /// `each v pairs with one w beside it (, diagonally too)`.
    pub(super) fn pairs(&mut self, d: &PairsDecl) -> R<()> {
        let board = self.filled_board(d.span, "a pairing reads", "board grid[n, n] of ['.', 'T', 'A']")?;
        let first = self.board_values(&board, &d.of)?;
        let second = self.board_values(&board, &d.with)?;
        let same = {
            let (mut a, mut b) = (first.clone(), second.clone());
            a.sort_unstable();
            b.sort_unstable();
            a == b
        };
        if !same && let Some(&v) = second.iter().find(|v| first.contains(v)) {
            return Err(Diagnostic::new(
                Code::G204,
                d.with.span,
                format!("`{}` is on both sides of the pairing", board.values[v]),
            )
            .label("also among the first values")
            .related(d.of.span, "the first values")
            .help("pair two lists with no value in common, or one list with itself to pair its cells off"));
        }
        let side = if same { Some(two_colouring(&board, d.diagonal).ok_or_else(|| odd(&board, d))?) } else { None };
        self.model.pairs.push(Pairing { first, second, diagonal: d.diagonal, side, span: d.span });
        Ok(())
    }
}

/// G206: cells of one value pair off only where the cells beside each other split in two.
fn odd(board: &Board, d: &PairsDecl) -> Diagnostic {
    let why = match (board.lattice, d.diagonal) {
        (Lattice::Hexagons, _) => "three hexagons meet at every corner, each beside the other two",
        (_, true) => "cells sharing a corner are beside each other too, and three of them can be",
        _ => "the cells beside each other here cannot be split in two classes",
    };
    Diagnostic::new(Code::G206, d.span, "this board's cells cannot pair off by one value")
        .label(why)
        .help("pair one value with another (`each 'T' pairs with one 'A' beside it`), or pair by sides on squares or triangles")
}

/// A class (0 or 1) per cell such that cells beside each other are in different classes, if
/// there is one: a breadth-first search from each cell not yet classed. Holes are left out.
fn two_colouring(board: &Board, diagonal: bool) -> Option<Vec<u8>> {
    let n = board.on.len();
    let mut side = vec![u8::MAX; n];
    let mut queue = std::collections::VecDeque::new();
    for start in (0..n).filter(|&c| board.on[c]) {
        if side[start] != u8::MAX {
            continue;
        }
        side[start] = 0;
        queue.push_back(start);
        while let Some(c) = queue.pop_front() {
            for m in super::lattice::touching(board.lattice, board.rows, board.cols, c, diagonal) {
                if !board.on[m] {
                    continue;
                }
                if side[m] == u8::MAX {
                    side[m] = 1 - side[c];
                    queue.push_back(m);
                } else if side[m] == side[c] {
                    return None;
                }
            }
        }
    }
    Some(side.into_iter().map(|s| s.min(1)).collect())
}

/// The pairing items, and what each cell-value option covers of them.
pub struct PairItems {
    /// Per (cell, value): the items "cell takes value" covers.
    covers: Vec<Vec<ItemId>>,
    /// Per (cell, value): left out, no partner can stand beside it.
    forbidden: Vec<bool>,
    values: usize,
}

/// Declares the items of every pairing (after the counts'). `allowed(cell, v)` says whether
/// the option "cell takes v" is made by the other rules.
pub fn add_items(model: &Model, b: &mut XccBuilder, allowed: &dyn Fn(usize, usize) -> bool) -> PairItems {
    let board = model.board.as_ref().expect("pairings are elaborated on a board");
    let nv = board.values.len();
    let n = board.on.len();
    let mut out = PairItems { covers: vec![Vec::new(); n * nv], forbidden: vec![false; n * nv], values: nv };
    let names: Vec<String> = board.values.iter().map(|v| v.to_string()).collect();
    for (k, rule) in model.pairs.iter().enumerate() {
        let near: Vec<Vec<usize>> = (0..n)
            .map(|c| {
                if !board.on[c] {
                    return Vec::new();
                }
                let t = super::lattice::touching(board.lattice, board.rows, board.cols, c, rule.diagonal);
                t.into_iter().filter(|&m| board.on[m]).collect()
            })
            .collect();
        let can = |c: usize, values: &[usize], out: &PairItems| {
            board.on[c] && values.iter().any(|&v| allowed(c, v) && !out.forbidden[c * nv + v])
        };
        // Leave out, to a fixpoint, the paired values of cells with no possible partner.
        let mut changed = true;
        while changed {
            changed = false;
            for (c, beside) in near.iter().enumerate() {
                for (mine, theirs) in [(&rule.first, &rule.second), (&rule.second, &rule.first)] {
                    if can(c, mine, &out) && !beside.iter().any(|&m| can(m, theirs, &out)) {
                        mine.iter().for_each(|&v| out.forbidden[c * nv + v] = true);
                        changed = true;
                    }
                }
            }
        }
        let stem = if k == 0 { "pair".to_string() } else { format!("pair{}", k + 1) };
        let same = rule.side.is_some();
        let sides: &[(&Vec<usize>, &Vec<usize>)] = if same {
            &[(&rule.first, &rule.second)]
        } else {
            &[(&rule.first, &rule.second), (&rule.second, &rule.first)]
        };
        for &(mine, theirs) in sides {
            let shown: Vec<&str> = mine.iter().map(|&v| names[v].as_str()).collect();
            let cells: Vec<usize> = (0..n).filter(|&c| can(c, mine, &out)).collect();
            for c in cells {
                let partners: Vec<usize> = near[c].iter().copied().filter(|&m| can(m, theirs, &out)).collect();
                let (r, cc) = board.coord(c);
                let item = b.add_primary(format!("{stem}({r},{cc})#{}", shown.join("/")), 1, 1 + partners.len() as u32);
                (0..nv).filter(|v| !mine.contains(v)).for_each(|v| out.covers[c * nv + v].push(item));
                for m in partners {
                    theirs.iter().for_each(|&v| out.covers[m * nv + v].push(item));
                }
            }
        }
    }
    out
}

impl PairItems {
    /// Whether "cell takes value `v`" is left out (no partner can stand beside it).
    pub fn forbids(&self, cell: usize, v: usize) -> bool {
        self.forbidden[cell * self.values + v]
    }

    /// What the option "cell takes value `v`" covers of the pairing items.
    pub fn cell_entries(&self, cell: usize, v: usize, out: &mut Vec<Entry>) {
        out.extend(self.covers[cell * self.values + v].iter().map(|&item| Entry { item, colour: Colour::NONE }));
    }
}

/// The global constraint of each pairing: the cells as nodes, the options putting a paired
/// value in a cell, on the left (a first value, or the cell's class 0 when the sides are one
/// list) or the right, and the cells beside each other joined.
pub fn add_globals(model: &Model, b: &mut XccBuilder, cell_item: &[Option<ItemId>], meanings: &[Meaning]) {
    let board = model.board.as_ref().expect("pairings are elaborated on a board");
    let names: Vec<String> = board.values.iter().map(|v| v.to_string()).collect();
    for rule in &model.pairs {
        let shown = |values: &[usize]| values.iter().map(|&v| names[v].as_str()).collect::<Vec<_>>().join("/");
        let name = format!("pairs({};{})", shown(&rule.first), shown(&rule.second));
        let mut node = vec![u32::MAX; board.on.len()];
        let mut area = Area { name, in_start: vec![0], adj_start: vec![0], ..Area::default() };
        for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
            node[cell] = area.node_item.len() as u32;
            area.node_item.push(cell_item[cell].expect("a cell on the board has an item"));
        }
        let mut ins: Vec<Vec<(OptionId, bool)>> = vec![Vec::new(); area.node_item.len()];
        for (o, m) in meanings.iter().enumerate() {
            if let Meaning::Fill { cell, value } = m {
                let left = match &rule.side {
                    Some(side) => side[*cell] == 0,
                    None => rule.first.contains(value),
                };
                if rule.first.contains(value) || rule.second.contains(value) {
                    ins[node[*cell] as usize].push((OptionId(o as u32), left));
                }
            }
        }
        let mut left = Vec::new();
        for (cell, list) in (0..board.on.len()).filter(|&c| board.on[c]).zip(&ins) {
            area.ins.extend(list.iter().map(|&(o, _)| o));
            left.extend(list.iter().map(|&(_, l)| l));
            area.in_start.push(area.ins.len() as u32);
            let near = super::lattice::touching(board.lattice, board.rows, board.cols, cell, rule.diagonal);
            area.adj.extend(near.into_iter().filter(|&m| board.on[m]).map(|m| node[m]));
            area.adj_start.push(area.adj.len() as u32);
        }
        b.add_global(Global::Pairs { area, left });
    }
}
