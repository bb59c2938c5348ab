//! Counts and adjacency over the cells of a filled board: `each row, col, area holds
//! exactly 2 of '*'` and `no two '*' touch, diagonally too` (Star Battle, Battleships,
//! Tents). Elaborated from the spec here, and lowered to items with multiplicities and
//! secondary items:
//!
//! - a count: one primary item `REGION#v` per region (`row(0)#*`), covered by the option
//!   "cell takes v" of each cell of the region for each counted value v, with multiplicity
//!   `k:k` (exactly), `0:k` (at most) or `k:size` (at least); `at most 1` is a secondary
//!   item instead (covered at most once, no multiplicity). A bound of 0 covers nothing:
//!   the options that would break it are left out instead.
//! - a count of a small region that would need a multiplicity (at most [`MAX_CHOICES`] sets
//!   of its cells hold an allowed number of the values: Akari's `exactly 2` of the four
//!   cells beside a number) is lowered as cages are instead: a primary item `REGION#v`
//!   with one option per admissible set, colouring one secondary item `REGION#v@i` per
//!   cell `in` or `out`, which "cell takes v" colours `in` for a counted value and `out`
//!   for the others. A problem whose multiplicities all go this way runs on dancing cells,
//!   which look ahead by item sizes and prune by global constraints, instead of Algorithm M.
//! - in a spec with global constraints on its cells (connected areas, blocks, sized areas,
//!   shapes of regions, lines that differ), a count that would need a multiplicity becomes a group of a
//!   global constraint instead (`Global::Counts`, one per list of counted values): dancing
//!   cells, which such specs run on, then bound each group's count after every choice, where
//!   a multiplicity would send the spec to Algorithm M and its global constraints would be
//!   checked on solutions only (Heyawake's rooms, LITS's four cells per region).
//! - `no two v touch`: one secondary item per pair of cells sharing a side, `near(a,b;c,d)`;
//!   with `diagonally too`, one per 2×2 window of the board instead, `near(a,b)` named by
//!   its top-left cell (two cells touch by a side or a corner exactly when some window holds
//!   both). "Cell takes v" covers the items of every pair or window the cell is in, so at
//!   most one cell of each holds a counted value.
use super::elaborate::Elab;
use super::eval::{R, type_error};
use super::model::{Apart, Board, Count, Model};
use super::value::Value;
use super::xcc::{Meaning, OptionGuard};
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::xcc::{Area, Colour, Entry, Global, ItemId, OptionId, XccBuilder};
use crate::syntax::ast::Lattice;
use crate::syntax::ast::{CountBound, Expr, Ident};

impl Elab<'_> {
    /// `each r1, r2 holds exactly k of v`: one [`Count`] per region of the families.
    ///
    /// With `params` (`each row(r) holds exactly rows[r] of 'S'`), the one family's members
    /// each get their own bound, evaluated with the names bound to the member's parameters.
    pub(super) fn count(
        &mut self,
        regions: &[Ident],
        params: &[Ident],
        bound: &CountBound,
        of: &Expr,
        span: Span,
    ) -> R<()> {
        let board = self.counted_board(span)?;
        let values = self.board_values(&board, of)?;
        let (CountBound::Exactly(k) | CountBound::AtMost(k) | CountBound::AtLeast(k)) = bound;
        if !params.is_empty() {
            return self.count_each(&regions[0], params, bound, values, span);
        }
        let n = self.count_bound(k)?;
        for r in regions {
            if self.layout_count(&r.name, &values, bound, n) {
                continue;
            }
            let Some(family) = self.region_families.get(&r.name).cloned() else {
                if !self.broken.contains(&r.name) {
                    let known: Vec<String> = self.region_families.keys().cloned().collect();
                    self.diags.push(self.unknown(r, "region", known.iter()));
                }
                continue;
            };
            for (name, cells, _) in family.iter() {
                let (name, cells) = (name.to_string(), cells.to_vec());
                let (lo, hi) = bounds(bound, n, cells.len());
                self.model.counts.push(Count { name, cells, values: values.clone(), lo, hi, span });
            }
        }
        Ok(())
    }

    /// How many cells a count allows: a whole number, 0 or more (G207).
    fn count_bound(&mut self, k: &Expr) -> R<usize> {
        let n = self.env.eval_int(k, "how many cells hold the value")?;
        if n < 0 || n > u32::MAX as i64 {
            return Err(Diagnostic::new(
                Code::G207,
                k.span,
                format!("a region cannot hold {}", crate::diag::plural(n, "cell")),
            )
            .label("bad count")
            .help("count 0 or more cells: `holds exactly 2 of '*'`"));
        }
        Ok(n as usize)
    }

    /// `each row(r) holds exactly rows[r] of 'S'`: one count per member of the family, its
    /// bound evaluated with `params` bound to the member's parameters (as cages bind them).
    fn count_each(&mut self, r: &Ident, params: &[Ident], bound: &CountBound, values: Vec<usize>, span: Span) -> R<()> {
        let (Some(family), Some(args)) =
            (self.region_families.get(&r.name).cloned(), self.region_args.get(&r.name).cloned())
        else {
            if self.broken.contains(&r.name) {
                return Ok(());
            }
            let known: Vec<String> = self.region_families.keys().cloned().collect();
            return Err(self.unknown(r, "region", known.iter()));
        };
        let (CountBound::Exactly(k) | CountBound::AtMost(k) | CountBound::AtLeast(k)) = bound;
        for ((name, cells, _), member) in family.iter().zip(args.iter()) {
            if member.len() != params.len() {
                let at = params[0].span.to(params[params.len() - 1].span);
                return Err(Diagnostic::new(
                    Code::E104,
                    at,
                    format!(
                        "`{}` names its regions by {} value(s), but {} are bound here",
                        r.name,
                        member.len(),
                        params.len()
                    ),
                )
                .label("one name per value of the region's name")
                .help(format!("write `each {}` with as many names in parentheses as `{name}` has values", r.name)));
            }
            let mark = self.env.locals_len();
            for (p, v) in params.iter().zip(member) {
                self.env.push_local(&p.name, v.clone());
            }
            let n = self.count_bound(k);
            self.env.truncate_locals(mark);
            let (lo, hi) = bounds(bound, n?, cells.len());
            self.model.counts.push(Count {
                name: name.to_string(),
                cells: cells.to_vec(),
                values: values.clone(),
                lo,
                hi,
                span,
            });
        }
        Ok(())
    }

    /// `no two v touch (, diagonally too)`.
    pub(super) fn apart(&mut self, of: &Expr, diagonal: bool, span: Span) -> R<()> {
        let board = self.counted_board(span)?;
        let values = self.board_values(&board, of)?;
        self.model.apart.push(Apart { values, diagonal, span });
        Ok(())
    }

    pub(super) fn counted_board(&self, span: Span) -> R<Board> {
        self.filled_board(span, "counts and `touch` constrain", "board grid[n, n] of ['.', '*']")
    }

    /// The board of a statement that reads cells' values: it must be declared and filled above
    /// (E105 otherwise). `what` starts the message ("runs constrain"), `declaration` is the
    /// board the help suggests, in the statement's own terms.
    pub(super) fn filled_board(&self, span: Span, what: &str, declaration: &str) -> R<Board> {
        match &self.model.board {
            Some(b) if self.model.fill => Ok(b.clone()),
            _ => Err(Diagnostic::new(Code::E105, span, format!("{what} the values of a filled board"))
                .label("no filled board above")
                .help(format!("declare the board and fill it first: `{declaration}` and `fill grid`"))),
        }
    }

    /// A value of the board, or a list of them, as indices into the board's values (G204).
    pub(super) fn board_values(&mut self, board: &Board, of: &Expr) -> R<Vec<usize>> {
        let v = self.env.eval(of)?;
        let listed = if v.is_collection() { v.elements() } else { vec![v] };
        let mut out = Vec::with_capacity(listed.len());
        for v in listed {
            if matches!(v, Value::Tuple(_) | Value::List(_) | Value::Map(_)) {
                return Err(type_error("a value of the board, or a list of them", &v, of.span, "cells hold one value"));
            }
            match board.values.iter().position(|b| *b == v) {
                Some(i) if !out.contains(&i) => out.push(i),
                Some(_) => {}
                None => {
                    return Err(Diagnostic::new(
                        Code::G204,
                        of.span,
                        format!("`{v}` is not a value of `{}`", board.name),
                    )
                    .label("not a value of the board")
                    .related(board.span, "the board's values are declared here")
                    .help("count one of the values the board's cells hold"));
                }
            }
        }
        Ok(out)
    }
}

/// The (lo, hi) a bound of `n` allows a region of `size` cells.
fn bounds(bound: &CountBound, n: usize, size: usize) -> (usize, usize) {
    match bound {
        CountBound::Exactly(_) => (n, n),
        CountBound::AtMost(_) => (0, n.min(size)),
        CountBound::AtLeast(_) => (n, size.max(n)),
    }
}

/// A count lowered to one option per admissible set of cells: more sets than this keep
/// the multiplicity. Akari's `exactly 2` of four cells has 6.
pub const MAX_CHOICES: u64 = 16;

/// A count whose sets other rules filter (no two touch, connected in its region) is lowered to
/// a choice of the sets they keep when there are at most this many.
pub const MAX_FILTERED: u64 = 1024;

/// The count and adjacency items, and what each cell-value option covers of them.
pub struct CountItems {
    /// Per (cell, value): the items "cell takes value" covers, coloured.
    covers: Vec<Vec<Entry>>,
    /// Counts lowered to a choice of sets: (count, its primary item, its cells' items, the
    /// admissible sets as bit masks over the count's cells on the board).
    chosen: Vec<(usize, ItemId, Vec<ItemId>, Vec<u64>)>,
    /// Counts lowered to groups of a global constraint (`Global::Counts`).
    global: Vec<usize>,
    colour_in: Colour,
    colour_out: Colour,
    /// Per (cell, value): whether a count of 0 forbids it.
    forbidden: Vec<bool>,
    values: usize,
}

/// Declares the items of every count and adjacency rule (after the cells' and regions').
pub fn add_items(model: &Model, b: &mut XccBuilder) -> CountItems {
    let board = model.board.as_ref().expect("counts are elaborated on a board");
    let nv = board.values.len();
    let mut covers = vec![Vec::new(); board.on.len() * nv];
    let mut forbidden = vec![false; board.on.len() * nv];
    let names: Vec<String> = board.values.iter().map(|v| v.to_string()).collect();
    let mut chosen = Vec::new();
    let mut global = Vec::new();
    let as_globals = counts_as_globals(model);
    let plain = |item| Entry { item, colour: Colour::NONE };
    let (mut colour_in, mut colour_out) = (Colour::NONE, Colour::NONE);
    for (k, count) in model.counts.iter().enumerate() {
        let region = count.name.replace(' ', "");
        if count.hi == 0 {
            for &c in &count.cells {
                for &v in &count.values {
                    forbidden[c * nv + v] = true;
                }
            }
            continue;
        }
        let shown: Vec<&str> = count.values.iter().map(|&v| names[v].as_str()).collect();
        let name = format!("{region}#{}", shown.join("/"));
        let on: Vec<usize> = count.cells.iter().copied().filter(|&c| board.on[c]).collect();
        let sets = if matches!((count.lo, count.hi), (0, 1) | (1, 1)) {
            None
        } else {
            admissible_sets(model, board, count, &on)
        };
        if let Some(sets) = sets {
            if colour_in == Colour::NONE {
                (colour_in, colour_out) = (b.colour("in"), b.colour("out"));
            }
            let item = b.add_primary(name.clone(), 1, 1);
            let mut cells = Vec::with_capacity(on.len());
            for (i, &c) in on.iter().enumerate() {
                let cell = b.add_secondary(format!("{name}@{i}"));
                cells.push(cell);
                for v in 0..nv {
                    let colour = if count.values.contains(&v) { colour_in } else { colour_out };
                    covers[c * nv + v].push(Entry { item: cell, colour });
                }
            }
            chosen.push((k, item, cells, sets));
            continue;
        }
        if as_globals && !matches!((count.lo, count.hi), (0, 1) | (1, 1)) {
            global.push(k);
            continue;
        }
        // At most one is what an uncoloured secondary item says, and keeps the problem free
        // of multiplicities (dancing cells, which prune by global constraints, run it).
        let item = if (count.lo, count.hi) == (0, 1) {
            b.add_secondary(name)
        } else {
            b.add_primary(name, count.lo as u32, count.hi as u32)
        };
        for &c in &on {
            for &v in &count.values {
                covers[c * nv + v].push(plain(item));
            }
        }
    }
    for (k, apart) in model.apart.iter().enumerate() {
        // A second rule gets its own items: `near2(...)`.
        let stem = if k == 0 { "near".to_string() } else { format!("near{}", k + 1) };
        for group in touching_groups(board, apart.diagonal) {
            let name = if apart.diagonal {
                let (a, bb) = board.coord(group[0]);
                format!("{stem}({a},{bb})")
            } else {
                let ((a, bb), (c, d)) = (board.coord(group[0]), board.coord(group[1]));
                format!("{stem}({a},{bb};{c},{d})")
            };
            let item = b.add_secondary(name);
            for &c in &group {
                for &v in &apart.values {
                    covers[c * nv + v].push(plain(item));
                }
            }
        }
    }
    CountItems { covers, chosen, global, colour_in, colour_out, forbidden, values: nv }
}

/// Whether counts that need a multiplicity become global constraints: the spec has other
/// global constraints on its cells that dancing cells prune by, and nothing else that needs
/// multiplicities (a pairing's items).
fn counts_as_globals(model: &Model) -> bool {
    let globals = !model.connected.is_empty()
        || !model.areas.is_empty()
        || !model.blocks.is_empty()
        || !model.sized.is_empty()
        || !model.shapes.is_empty()
        || !model.connected_each.is_empty()
        || !model.crossings.is_empty()
        || !model.distinct.is_empty();
    globals && model.pairs.is_empty()
}

/// The sets of a count's cells `on` that it may hold, as bit masks, when there are few enough
/// to be choices: at most [`MAX_CHOICES`] sets of an allowed size; or, in a spec with global
/// constraints (where a count would otherwise be a group of `Global::Counts`), when other
/// rules on the count's own cells leave out most sets, at most [`MAX_FILTERED`] of those they
/// keep. Those
/// rules are `no two v touch` for the counted values (no two cells of a set touch) and
/// `the v cells of each r are connected` for exactly the counted values over a region of
/// exactly these cells (a set is connected). Akari's `exactly 2` of four cells has 6 sets,
/// Heyawake's 3 of a 3×3 room 22 that do not touch, LITS's 4 of a region its tetrominoes.
fn admissible_sets(model: &Model, board: &Board, count: &Count, on: &[usize]) -> Option<Vec<u64>> {
    if on.len() > 64 {
        return None;
    }
    let plain = choices(on.len(), count.lo, count.hi) <= MAX_CHOICES;
    if !plain && !counts_as_globals(model) {
        return None;
    }
    // Sets few enough without filters keep them all, as before any filter was known.
    let apart: Vec<bool> = if plain {
        Vec::new()
    } else {
        model.apart.iter().filter(|a| count.values.iter().all(|v| a.values.contains(v))).map(|a| a.diagonal).collect()
    };
    let mut sorted = on.to_vec();
    sorted.sort_unstable();
    let connected = !plain
        && model.connected_each.iter().any(|rule| {
            rule.values == count.values
                && rule.regions.iter().any(|(_, cells)| {
                    let mut c = cells.clone();
                    c.sort_unstable();
                    c == sorted
                })
        });
    if !plain && apart.is_empty() && !connected {
        return None;
    }
    let diagonal = apart.iter().any(|&d| d);
    let n = on.len();
    // Per cell, the cells of the count it touches (by a side, or a corner when diagonal).
    let near: Vec<u64> = (0..n)
        .map(|i| {
            let t = super::lattice::touching(board.lattice, board.rows, board.cols, on[i], diagonal);
            (0..n).filter(|&j| t.contains(&on[j])).fold(0u64, |m, j| m | 1 << j)
        })
        .collect();
    let side: Vec<u64> = (0..n)
        .map(|i| {
            let t = super::lattice::touching(board.lattice, board.rows, board.cols, on[i], false);
            (0..n).filter(|&j| t.contains(&on[j])).fold(0u64, |m, j| m | 1 << j)
        })
        .collect();
    let cap = if plain { MAX_CHOICES } else { MAX_FILTERED } as usize;
    let mut out = Vec::new();
    // Cells in order, each in or out; a set that touches itself is cut off at once.
    let mut stack = vec![(0usize, 0u64)];
    while let Some((i, set)) = stack.pop() {
        let size = set.count_ones() as usize;
        if size > count.hi || size + (n - i) < count.lo {
            continue;
        }
        if i == n {
            if connected && !joined(set, &side) {
                continue;
            }
            out.push(set);
            if out.len() > cap {
                return None;
            }
            continue;
        }
        stack.push((i + 1, set));
        if apart.is_empty() || near[i] & set == 0 {
            stack.push((i + 1, set | 1 << i));
        }
    }
    out.sort_unstable();
    Some(out)
}

/// Whether the cells of `set` are joined by sides (`side[i]`: the cells beside cell i).
fn joined(set: u64, side: &[u64]) -> bool {
    if set == 0 {
        return true;
    }
    let mut reached = set & set.wrapping_neg();
    loop {
        let grown = (0..side.len()).filter(|&i| reached >> i & 1 == 1).fold(reached, |m, i| m | (side[i] & set));
        if grown == reached {
            return reached == set;
        }
        reached = grown;
    }
}

/// How many sets of `m` cells hold between `lo` and `hi` of them (saturating).
fn choices(m: usize, lo: usize, hi: usize) -> u64 {
    let mut total = 0u64;
    let mut binom = 1u64; // C(m, j)
    for j in 0..=hi.min(m) {
        if j >= lo {
            total = total.saturating_add(binom);
        }
        binom = binom.saturating_mul((m - j) as u64) / (j as u64 + 1);
    }
    total
}

/// The groups of cells of which at most one may hold a counted value: pairs sharing a side,
/// or (diagonally too) every 2×2 window holding two or more cells. Holes are left out. On
/// triangles and hexagons, every pair of touching cells (by a side, or with `diagonally
/// too` by a corner; hexagons that share a corner share a side).
fn touching_groups(board: &Board, diagonal: bool) -> Vec<Vec<usize>> {
    let (rows, cols) = (board.rows, board.cols);
    let mut out = Vec::new();
    if board.lattice != Lattice::Squares {
        for at in (0..rows * cols).filter(|&x| board.on[x]) {
            for n in super::lattice::touching(board.lattice, rows, cols, at, diagonal) {
                if n > at && board.on[n] {
                    out.push(vec![at, n]);
                }
            }
        }
        return out;
    }
    for r in 0..rows {
        for c in 0..cols {
            let at = r * cols + c;
            if diagonal {
                if r + 1 == rows && rows > 1 || c + 1 == cols && cols > 1 {
                    continue;
                }
                let window: Vec<usize> = [(0, 0), (0, 1), (1, 0), (1, 1)]
                    .iter()
                    .filter(|&&(dr, dc)| r + dr < rows && c + dc < cols)
                    .map(|&(dr, dc)| (r + dr) * cols + c + dc)
                    .filter(|&x| board.on[x])
                    .collect();
                if window.len() >= 2 {
                    out.push(window);
                }
            } else if board.on[at] {
                if c + 1 < cols && board.on[at + 1] {
                    out.push(vec![at, at + 1]);
                }
                if r + 1 < rows && board.on[at + cols] {
                    out.push(vec![at, at + cols]);
                }
            }
        }
    }
    out
}

impl CountItems {
    /// Whether "cell takes value `v`" is left out (a region may hold none of `v`).
    pub fn forbids(&self, cell: usize, v: usize) -> bool {
        self.forbidden[cell * self.values + v]
    }

    /// What the option "cell takes value `v`" covers of the count and adjacency items.
    pub fn cell_entries(&self, cell: usize, v: usize, out: &mut Vec<Entry>) {
        out.extend_from_slice(&self.covers[cell * self.values + v]);
    }

    /// The counts lowered to groups of global constraints: one `Global::Counts` per list of
    /// counted values, a group per count (its cells on the board), with the count's bounds.
    pub fn add_globals(&self, model: &Model, b: &mut XccBuilder, cell_item: &[Option<ItemId>], meanings: &[Meaning]) {
        let board = model.board.as_ref().expect("counts are elaborated on a board");
        let names: Vec<String> = board.values.iter().map(|v| v.to_string()).collect();
        let mut lists: Vec<&Vec<usize>> = Vec::new();
        for &k in &self.global {
            if !lists.contains(&&model.counts[k].values) {
                lists.push(&model.counts[k].values);
            }
        }
        let mut node = vec![u32::MAX; board.on.len()];
        (0..board.on.len()).filter(|&c| board.on[c]).enumerate().for_each(|(n, c)| node[c] = n as u32);
        for values in lists {
            let shown: Vec<&str> = values.iter().map(|&v| names[v].as_str()).collect();
            let mut area = Area { name: format!("counts({})", shown.join("/")), in_start: vec![0], ..Area::default() };
            let mut ins: Vec<Vec<OptionId>> = vec![Vec::new(); board.on.iter().filter(|&&o| o).count()];
            for (o, m) in meanings.iter().enumerate() {
                if let Meaning::Fill { cell, value } = m
                    && values.contains(value)
                {
                    ins[node[*cell] as usize].push(OptionId(o as u32));
                }
            }
            for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
                area.node_item.push(cell_item[cell].expect("a cell on the board has an item"));
                area.ins.extend_from_slice(&ins[node[cell] as usize]);
                area.in_start.push(area.ins.len() as u32);
            }
            area.adj_start = vec![0; area.node_item.len() + 1];
            let (mut group_start, mut groups, mut bounds) = (vec![0], Vec::new(), Vec::new());
            for &k in self.global.iter().filter(|&&k| model.counts[k].values == *values) {
                let count = &model.counts[k];
                let on: Vec<u32> = count.cells.iter().filter(|&&c| board.on[c]).map(|&c| node[c]).collect();
                bounds.push([count.lo.min(on.len()) as u32, count.hi.min(on.len()) as u32]);
                // More cells asked for than the region has: no filling meets it.
                if count.lo > on.len() {
                    bounds.last_mut().unwrap()[0] = on.len() as u32 + 1;
                    bounds.last_mut().unwrap()[1] = on.len() as u32 + 1;
                }
                groups.extend(on);
                group_start.push(groups.len() as u32);
            }
            b.add_global(Global::Counts { area, group_start, groups, bounds });
        }
    }

    /// One option per admissible set of every count lowered to a choice: its size within the
    /// bounds, and no cell in it that cannot take a counted value (or out of it that must).
    pub fn add_options(
        &self,
        model: &Model,
        b: &mut XccBuilder,
        meanings: &mut Vec<Meaning>,
        guard: &mut OptionGuard,
        allowed: &dyn Fn(usize, usize) -> bool,
    ) {
        let board = model.board.as_ref().expect("counts are elaborated on a board");
        let nv = board.values.len();
        let mut entries = Vec::new();
        for (k, item, cells, sets) in &self.chosen {
            let (k, item) = (*k, *item);
            let count = &model.counts[k];
            let on: Vec<usize> = count.cells.iter().copied().filter(|&c| board.on[c]).collect();
            // Can cell c be in the set (take a counted value), or out of it?
            let can = |c: usize, inside: bool| (0..nv).any(|v| count.values.contains(&v) == inside && allowed(c, v));
            for &set in sets {
                if (0..on.len()).any(|i| !can(on[i], set >> i & 1 == 1)) {
                    continue;
                }
                if guard.full(meanings.len(), count.span) {
                    return;
                }
                entries.clear();
                entries.push(Entry { item, colour: Colour::NONE });
                let mut shown = String::with_capacity(on.len());
                for (i, &cell) in cells.iter().enumerate() {
                    let inside = set >> i & 1 == 1;
                    let colour = if inside { self.colour_in } else { self.colour_out };
                    entries.push(Entry { item: cell, colour });
                    shown.push(if inside { '#' } else { '.' });
                }
                b.add_option(format!("{}={shown}", count.name.replace(' ', "")), &entries);
                meanings.push(Meaning::Count { count: k });
            }
        }
    }
}
