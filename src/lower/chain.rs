//! Consecutive numbers beside each other: `consecutive numbers are beside each other`
//! (Numbrix), `, diagonally too` (Hidato); on hexagons, the cells sharing a side (hexagonal
//! Hidato). The numbers among a filled board's values stand once each, and the cells of n and
//! n + 1 touch, so the numbers draw one path from cell to cell in their order.
//!
//! The path is not part of the answer beyond the values, and given the values it is fixed
//! (each number's cell is known), so it lowers without changing the count:
//!
//! - **a primary item per chained number**, `#n`, covered by every "cell takes n": the number
//!   stands in exactly one cell (a number with the next or the one before among the values is
//!   chained; the links below would force it to appear anyway);
//! - **a secondary item per cell**, `holds(r,c)`, that "cell takes v" colours with v, whatever v;
//! - **a secondary item per chained number**, `at#n`, that "cell takes n" colours with the cell;
//! - **a primary item per link** `n~n+1`, with one option per pair of touching cells (p, q)
//!   colouring `holds(p)` with n, `holds(q)` with n + 1, `at#n` with p and `at#n+1` with q. A
//!   solution chooses exactly one per link, the one at the cells where n and n + 1 stand: one
//!   option set per filling.
//!
//! `holds` alone would say it all, but weakly: once n is placed, the links that put n
//! elsewhere would live on until their own cells were decided. `at#n` takes them away at once,
//! so placing a number leaves each of its two links only the cells beside it (a Hidato of 40
//! cells: no answer in 20 million nodes with `holds` alone).
//!
//! Before any option is made, **distances** leave out what cannot be: a number m can stand at
//! a cell only if the path from it to the nearest given number below, g, is short enough —
//! `dist(g's cell, cell) <= m - g` — and the same for the nearest given above. The distances
//! are breadth-first searches from each given number's cell through the cells that are not
//! given (the path between two consecutive givens passes no other given cell) and may hold a
//! number. A cell is given when the other rules leave it one value: a `given` board, or a
//! comparison of one cell (`cells x at (r, c) hold x == clues[r, c]`). Nearer givens
//! are enough: for givens a < b < m the condition for a follows from the one for b and
//! `dist(a, b) <= b - a`, without which there is no solution at all.
//!
//! The verifier checks the rule on the filled grid with its own geometry
//! (`solve/verify/chain.rs`).
use super::elaborate::Elab;
use super::eval::R;
use super::model::{Board, Chain, Model};
use super::xcc::{Meaning, OptionGuard};
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::xcc::{Colour, Entry, ItemId, XccBuilder};
use crate::lower::value::Value;
use std::collections::VecDeque;

impl Elab<'_> {
    /// `consecutive numbers are beside each other (, diagonally too)`.
    pub(super) fn chain(&mut self, diagonal: bool, span: Span) -> R<()> {
        let board = self.filled_board(span, "a chain of consecutive numbers reads", "board grid[n, n] of 1..=n * n")?;
        if let Some(first) = &self.model.chain {
            return Err(Diagnostic::new(Code::E105, span, "a spec has one chain of consecutive numbers")
                .label("a second chain")
                .related(first.span, "the first")
                .help("keep one `consecutive numbers are beside each other`"));
        }
        let number = |v: &Value| match v {
            Value::Int(n) => Some(*n),
            _ => None,
        };
        let index_of = |n: i64| board.values.iter().position(|v| number(v) == Some(n));
        let mut links = Vec::new();
        for (a, v) in board.values.iter().enumerate() {
            if let Some(b) = number(v).and_then(|n| n.checked_add(1)).and_then(index_of) {
                links.push((a, b));
            }
        }
        if links.is_empty() {
            return Err(Diagnostic::new(
                Code::G204,
                span,
                format!("`{}` holds no two consecutive numbers", board.name),
            )
            .label("nothing to chain")
            .related(board.span, "the board's values are declared here")
            .help("give the board the numbers of the path: `board grid[n, n] of 1..=n * n`"));
        }
        let mut numbers: Vec<usize> = links.iter().flat_map(|&(a, b)| [a, b]).collect();
        numbers.sort_unstable();
        numbers.dedup();
        self.model.chain = Some(Chain { numbers, links, diagonal, span });
        Ok(())
    }
}

/// The chain's items, and what each cell-value option covers of them.
pub struct ChainItems {
    /// Per value: the item "the number stands once", for chained numbers.
    once: Vec<Option<ItemId>>,
    /// Per cell: `holds(r,c)`, coloured with the value the cell takes (holes: none).
    holds: Vec<Option<ItemId>>,
    /// Per value: `at#n`, coloured with the cell where the number stands, for chained numbers.
    at: Vec<Option<ItemId>>,
    /// Per cell: the colour of `at#n` for it.
    places: Vec<Colour>,
    /// Per value: the colour of `holds` for it.
    colours: Vec<Colour>,
    /// Per link: its item.
    links: Vec<ItemId>,
    /// Per (cell, value): left out, too far from a given number.
    forbidden: Vec<bool>,
    values: usize,
}

/// Declares the chain's items and works out, from the givens, which (cell, number) are too far
/// from them. `allowed(cell, v)` says whether the other rules make the option "cell takes v".
pub fn add_items(model: &Model, b: &mut XccBuilder, allowed: &dyn Fn(usize, usize) -> bool) -> ChainItems {
    let board = model.board.as_ref().expect("a chain is elaborated on a board");
    let chain = model.chain.as_ref().expect("add_items is called for a chain");
    let nv = board.values.len();
    let (mut once, mut at) = (vec![None; nv], vec![None; nv]);
    for &v in &chain.numbers {
        once[v] = Some(b.add_primary(format!("#{}", board.values[v]), 1, 1));
    }
    for &v in &chain.numbers {
        at[v] = Some(b.add_secondary(format!("at#{}", board.values[v])));
    }
    let links = chain
        .links
        .iter()
        .map(|&(a, c)| b.add_primary(format!("{}~{}", board.values[a], board.values[c]), 1, 1))
        .collect();
    let holds = (0..board.on.len())
        .map(|c| {
            board.on[c].then(|| {
                let (r, k) = board.coord(c);
                b.add_secondary(format!("holds({r},{k})"))
            })
        })
        .collect();
    let colours = board.values.iter().map(|v| b.colour(&v.to_string())).collect();
    let places = (0..board.on.len())
        .map(|c| {
            let (r, k) = board.coord(c);
            b.colour(&format!("{r},{k}"))
        })
        .collect();
    let forbidden = too_far(board, chain, allowed);
    ChainItems { once, holds, at, places, colours, links, forbidden, values: nv }
}

/// The cells touching `cell` on the board (holes left out).
fn touching(board: &Board, cell: usize, diagonal: bool) -> Vec<usize> {
    super::lattice::touching(board.lattice, board.rows, board.cols, cell, diagonal)
        .into_iter()
        .filter(|&m| board.on[m])
        .collect()
}

/// Per (cell, value): whether a chained number is too far from the nearest given numbers
/// below and above it to stand there (module doc).
fn too_far(board: &Board, chain: &Chain, allowed: &dyn Fn(usize, usize) -> bool) -> Vec<bool> {
    let (n, nv) = (board.on.len(), board.values.len());
    let mut out = vec![false; n * nv];
    // Per cell: the value the other rules leave it, if one; and whether a path may pass it.
    let mut given = vec![None; n];
    let mut open = vec![false; n];
    for cell in (0..n).filter(|&c| board.on[c]) {
        let mut values = (0..nv).filter(|&v| allowed(cell, v));
        given[cell] = match (values.next(), values.next()) {
            (Some(v), None) => Some(v),
            _ => None,
        };
        open[cell] = given[cell].is_none() && chain.numbers.iter().any(|&v| allowed(cell, v));
    }
    let number = |v: usize| match board.values[v] {
        Value::Int(x) => x,
        _ => unreachable!("chained values are numbers"),
    };
    // The given chained numbers, in increasing order, with their cells.
    let mut givens: Vec<(i64, usize)> =
        (0..n).filter_map(|c| given[c].filter(|v| chain.numbers.contains(v)).map(|v| (number(v), c))).collect();
    givens.sort_unstable();
    let distances: Vec<Vec<u32>> =
        givens.iter().map(|&(_, c)| distances_from(board, c, chain.diagonal, &open)).collect();
    for &v in &chain.numbers {
        let m = number(v);
        // The nearest givens below and above m (a number given twice has no solution; its
        // nearest copy still bounds correctly).
        let below = givens.iter().rposition(|&(g, _)| g <= m);
        let above = givens.iter().position(|&(g, _)| g >= m);
        for cell in (0..n).filter(|&c| board.on[c]) {
            let far = |k: Option<usize>| {
                k.is_some_and(|k| {
                    let (g, at) = givens[k];
                    // The given cell itself holds g; another cell is reached through free cells.
                    if at == cell {
                        return g != m;
                    }
                    let d = distances[k][cell];
                    d == u32::MAX || i64::from(d) > (m - g).abs()
                })
            };
            if far(below) || far(above) {
                out[cell * nv + v] = true;
            }
        }
    }
    out
}

/// Breadth-first distances from `start` through the `open` cells (others are reached but not
/// passed), `u32::MAX` where none leads.
fn distances_from(board: &Board, start: usize, diagonal: bool, open: &[bool]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; board.on.len()];
    dist[start] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(c) = queue.pop_front() {
        if c != start && !open[c] {
            continue;
        }
        for m in touching(board, c, diagonal) {
            if dist[m] == u32::MAX {
                dist[m] = dist[c] + 1;
                queue.push_back(m);
            }
        }
    }
    dist
}

impl ChainItems {
    /// Whether "cell takes `v`" is left out: a chained number too far from the givens.
    pub fn forbids(&self, cell: usize, v: usize) -> bool {
        self.forbidden[cell * self.values + v]
    }

    /// What "cell takes value `v`" covers of the chain's items.
    pub fn cell_entries(&self, cell: usize, v: usize, out: &mut Vec<Entry>) {
        if let (Some(item), Some(at)) = (self.once[v], self.at[v]) {
            out.push(Entry { item, colour: Colour::NONE });
            out.push(Entry { item: at, colour: self.places[cell] });
        }
        if let Some(item) = self.holds[cell] {
            out.push(Entry { item, colour: self.colours[v] });
        }
    }

    /// One option per link and pair of touching cells where both numbers may stand.
    pub(super) fn add_options(
        &self,
        model: &Model,
        b: &mut XccBuilder,
        meanings: &mut Vec<Meaning>,
        guard: &mut OptionGuard,
        allowed: &dyn Fn(usize, usize) -> bool,
    ) {
        let board = model.board.as_ref().expect("a chain is lowered on a board");
        let chain = model.chain.as_ref().expect("add_options is called for a chain");
        let near: Vec<Vec<usize>> = (0..board.on.len())
            .map(|c| if board.on[c] { touching(board, c, chain.diagonal) } else { Vec::new() })
            .collect();
        for (k, &(a, z)) in chain.links.iter().enumerate() {
            for p in (0..board.on.len()).filter(|&p| board.on[p] && allowed(p, a)) {
                for &q in near[p].iter().filter(|&&q| allowed(q, z)) {
                    if guard.full(meanings.len(), chain.span) {
                        return;
                    }
                    let (hp, hq) = (self.holds[p].expect("on the board"), self.holds[q].expect("on the board"));
                    let (ap, aq) = (self.at[a].expect("a chained number"), self.at[z].expect("a chained number"));
                    let entries = [
                        Entry { item: self.links[k], colour: Colour::NONE },
                        Entry { item: ap, colour: self.places[p] },
                        Entry { item: aq, colour: self.places[q] },
                        Entry { item: hp, colour: self.colours[a] },
                        Entry { item: hq, colour: self.colours[z] },
                    ];
                    let ((r1, c1), (r2, c2)) = (board.coord(p), board.coord(q));
                    b.add_option(format!("{}~{}@({r1},{c1})({r2},{c2})", board.values[a], board.values[z]), &entries);
                    meanings.push(Meaning::Chain);
                }
            }
        }
    }
}
