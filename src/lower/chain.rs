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
//!   chained);
//! - **secondary items** `holds(r,c)` per cell, which "cell takes v" colours with v whatever v,
//!   and `at#n` per chained number, which "cell takes n" colours with the cell;
//! - **"cell takes n" split by where n + 1 goes**: for a number with a successor, one option
//!   per cell q beside the cell where n + 1 may stand, colouring `holds(q)` with n + 1 and
//!   `at#n+1` with q as well (`(r,c)=n>(r',c')`). A solution has one such option per cell, the
//!   one naming the cell where the next number stands: one option set per filling.
//!
//! Putting the next cell into the cell's own option is what makes the search quick: a cell
//! whose neighbours are all taken keeps no option but the last number's, so a dead end shows
//! at once, and placing n leaves n + 1 only the cells beside it. (A first lowering with a
//! separate item per link, `n~n+1`, found the first answer of a random 10 × 10 Hidato with a
//! fifth of its numbers given in 1.6 million nodes; the split options in 27,207.)
//!
//! Before any option is made, **distances** leave out what cannot be: a number m can stand at
//! a cell only if the path from it to the nearest given number below, g, is short enough —
//! `dist(g's cell, cell) <= m - g` — and the same for the nearest given above. The distances
//! are breadth-first searches from each given number's cell through the cells that are not
//! given (the path between two consecutive givens passes no other given cell) and may hold a
//! number. A cell is given when the other rules leave it one value: a `given` board, or a
//! comparison of one cell (`cells x at (r, c) hold x == clues[r, c]`). Nearer givens are
//! enough: for givens a < b < m the condition for a follows from the one for b and
//! `dist(a, b) <= b - a`, without which there is no solution at all. Then, to a fixpoint, a
//! number stays at a cell only if the number before it (and the one after) may stand beside.
//!
//! The verifier checks the rule on the filled grid with its own geometry
//! (`solve/verify/chain.rs`).
use super::elaborate::Elab;
use super::eval::R;
use super::model::{Board, Chain, Model};
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
    /// Per value: the value of the next number, if it is a value.
    next: Vec<Option<usize>>,
    /// Per cell: the cells beside it on the board.
    near: Vec<Vec<usize>>,
    /// Per (cell, value): left out, too far from a given number or with no neighbour for the
    /// number before or after.
    forbidden: Vec<bool>,
    values: usize,
}

/// Declares the chain's items and works out which (cell, number) cannot be. `allowed(cell, v)`
/// says whether the other rules make the option "cell takes v".
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
    let mut next = vec![None; nv];
    for &(a, z) in &chain.links {
        next[a] = Some(z);
    }
    let near: Vec<Vec<usize>> = (0..board.on.len())
        .map(|c| if board.on[c] { touching(board, c, chain.diagonal) } else { Vec::new() })
        .collect();
    let mut forbidden = too_far(board, chain, &near, allowed);
    without_neighbours(board, chain, &near, allowed, &mut forbidden);
    ChainItems { once, holds, at, places, colours, next, near, forbidden, values: nv }
}

/// The cells touching `cell` on the board (holes left out).
fn touching(board: &Board, cell: usize, diagonal: bool) -> Vec<usize> {
    super::lattice::touching(board.lattice, board.rows, board.cols, cell, diagonal)
        .into_iter()
        .filter(|&m| board.on[m])
        .collect()
}

/// To a fixpoint: a chained number stays at a cell only if, for the number before it and the
/// one after (those that are values), some cell beside may hold it.
fn without_neighbours(
    board: &Board,
    chain: &Chain,
    near: &[Vec<usize>],
    allowed: &dyn Fn(usize, usize) -> bool,
    forbidden: &mut [bool],
) {
    let nv = board.values.len();
    let open = |forbidden: &[bool], cell: usize, v: usize| allowed(cell, v) && !forbidden[cell * nv + v];
    loop {
        let mut changed = false;
        for &(a, z) in &chain.links {
            for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
                // a needs z beside it, and z needs a.
                for (v, w) in [(a, z), (z, a)] {
                    if open(forbidden, cell, v) && !near[cell].iter().any(|&q| open(forbidden, q, w)) {
                        forbidden[cell * nv + v] = true;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return;
        }
    }
}

/// Per (cell, value): whether a chained number is too far from the nearest given numbers
/// below and above it to stand there (module doc).
fn too_far(board: &Board, chain: &Chain, near: &[Vec<usize>], allowed: &dyn Fn(usize, usize) -> bool) -> Vec<bool> {
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
    let distances: Vec<Vec<u32>> = givens.iter().map(|&(_, c)| distances_from(c, near, &open)).collect();
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

/// Breadth-first distances from `start` over `near` (each cell's neighbours) through the
/// `open` cells (others are reached but not passed), `u32::MAX` where none leads.
fn distances_from(start: usize, near: &[Vec<usize>], open: &[bool]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; near.len()];
    dist[start] = 0;
    let mut queue = VecDeque::from([start]);
    while let Some(c) = queue.pop_front() {
        if c != start && !open[c] {
            continue;
        }
        for &m in &near[c] {
            if dist[m] == u32::MAX {
                dist[m] = dist[c] + 1;
                queue.push_back(m);
            }
        }
    }
    dist
}

impl ChainItems {
    /// Whether "cell takes `v`" is left out (module doc).
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

    /// For a number with a successor: the cells beside `cell` where the next number may stand,
    /// each with what it adds to "cell takes `v`" (the option is split by them); `None` for a
    /// value without one, whose option is made whole.
    pub fn successors(
        &self,
        cell: usize,
        v: usize,
        allowed: &dyn Fn(usize, usize) -> bool,
    ) -> Option<Vec<(usize, [Entry; 2])>> {
        let z = self.next[v]?;
        let at = self.at[z].expect("a successor is chained");
        Some(
            self.near[cell]
                .iter()
                .filter(|&&q| allowed(q, z))
                .map(|&q| {
                    let holds = self.holds[q].expect("on the board");
                    (q, [Entry { item: holds, colour: self.colours[z] }, Entry { item: at, colour: self.places[q] }])
                })
                .collect(),
        )
    }
}
