//! Sight lines until a wall: `each '.' cell sees at least 1 of 'L' until '#'`, `no two 'L'
//! see each other until '#'` (Akari) and `from (r, c), K cells are seen until '#'`
//! (Kurodoko). A cell that holds no wall value sees itself and, in each straight direction of
//! the lattice (four on squares, six on hexagons), the cells up to the first one holding a
//! wall value, a hole or the board's edge; a wall cell sees nothing. Triangles have no
//! straight lines of cells through sides, so the rules are refused there (G212).
//!
//! Elaborated here into one [`Sight`] per rule (per binding for `from`), and lowered to exact
//! cover with colours:
//!
//! - `each V cell sees ... of W` and `no two W see each other` need walls the givens fix (a
//!   cell may hold walls only, or no wall: G213 otherwise); a line of the board then falls
//!   into **segments**, maximal runs of open cells along one axis, and a cell sees exactly the
//!   union of its segments (one per axis).
//! - `no two W see each other`: one secondary item per segment, covered by "cell takes w" of
//!   each of its cells for w in W: at most one W per segment.
//! - `each V cell sees at least / at most / exactly K of W`: per segment a primary item, the
//!   **chooser**, whose options name the segment's first W cells up to a cap (K for at least,
//!   K + 1 otherwise) and colour its secondary **count** item with how many (the cap meaning
//!   "cap or more"); per looking cell a primary item whose options say "the cell is not V" or
//!   "V, with these counts on its segments", for each combination of counts that meets the
//!   bound. The cell is in each of its segments, so it is counted once less per extra axis
//!   when it holds W; with the caps chosen so, a capped count always decides the bound (see
//!   [`meets`]). A cell's "holds W" and "holds V" are secondary items coloured `yes` / `no`
//!   by its fill options, made only where a cell may go either way.
//! - `from P, K cells are seen`: walls may be decided by the solve. Per axis a primary item
//!   whose options choose the extent of the two arms along it (so many open cells, then a
//!   wall, a hole or the edge), colouring each cell's secondary **wall** item `no` or `yes`;
//!   the axes' lengths add up through secondary sum items coloured with the running total,
//!   the last axis ending on K − 1 (P itself is the 1).
//!
//! Every choice is determined by the filling (the first W cells of a segment, the counts,
//! the arms' extents), so each filling is one exact cover: `--count` counts fillings.
use super::elaborate::{Elab, coord_of, off_board};
use super::eval::{Env, R, type_error};
use super::model::{Board, Model, Sight, SightRule};
use super::xcc::{Meaning, OptionGuard};
use crate::diag::{Code, Diagnostic};
use crate::ir::xcc::{Colour, Entry, ItemId, XccBuilder};
use crate::syntax::ast::{CountBound, Lattice, SightDecl, SightKind};

/// The straight axes of a lattice in (row, column) steps: each axis is two directions.
pub(super) fn axes(lattice: Lattice) -> &'static [(i64, i64)] {
    match lattice {
        Lattice::Squares => &[(0, 1), (1, 0)],
        // A hexagon (r, c) touches (r, c ± 1), (r ∓ 1, c) and (r ∓ 1, c ± 1): three lines.
        Lattice::Hexagons => &[(0, 1), (1, 0), (1, -1)],
        Lattice::Triangles => &[],
    }
}

/// The cell one step from `cell`, if it is on the board (not off the edge, not a hole).
fn step(board: &Board, cell: usize, (dr, dc): (i64, i64)) -> Option<usize> {
    let (r, c) = ((cell / board.cols) as i64 + dr, (cell % board.cols) as i64 + dc);
    if r < 0 || c < 0 || r >= board.rows as i64 || c >= board.cols as i64 {
        return None;
    }
    let n = r as usize * board.cols + c as usize;
    board.on[n].then_some(n)
}

/// The cells from `cell` (not included) in one direction to the edge or a hole.
fn ray(board: &Board, cell: usize, dir: (i64, i64)) -> Vec<usize> {
    let mut out = Vec::new();
    let mut at = cell;
    while let Some(n) = step(board, at, dir) {
        out.push(n);
        at = n;
    }
    out
}

fn mask(values: &[usize], n: usize) -> Vec<bool> {
    let mut m = vec![false; n];
    values.iter().for_each(|&v| m[v] = true);
    m
}

impl Elab<'_> {
    /// The three sight-line statements: one [`Sight`] per rule, per binding for `from`.
    pub(super) fn sight(&mut self, d: &SightDecl) -> R<()> {
        let board = self.filled_board(d.span, "sight lines look at", "board grid[h, w] of ['.', 'L', '#']")?;
        if board.lattice == Lattice::Triangles {
            return Err(Diagnostic::new(Code::G212, d.span, "a board of triangles has no straight lines of cells")
                .label("a sight line on triangles")
                .related(board.span, "the board is declared with `lattice triangles` here")
                .help("sight lines run on boards of squares (four directions) or hexagons (six)"));
        }
        let nv = board.values.len();
        let walls = match &d.until {
            Some(u) => mask(&self.board_values(&board, u)?, nv),
            None => vec![false; nv],
        };
        match &d.kind {
            SightKind::Sees { from, bound, of } => {
                let from = mask(&self.board_values(&board, from)?, nv);
                let of = mask(&self.board_values(&board, of)?, nv);
                let (CountBound::Exactly(k) | CountBound::AtMost(k) | CountBound::AtLeast(k)) = bound;
                let n = self.env.eval_int(k, "how many cells are seen")?;
                if n < 0 || n > board.on.len() as i64 {
                    return Err(Diagnostic::new(Code::G207, k.span, format!("a cell cannot see {n} cells"))
                        .label("bad count")
                        .help(format!("a cell of this board sees 0 to {} cells", board.on.len())));
                }
                let n = n as usize;
                let (lo, hi) = match bound {
                    CountBound::Exactly(_) => (n, n),
                    CountBound::AtMost(_) => (0, n),
                    CountBound::AtLeast(_) => (n, usize::MAX),
                };
                self.model.sight.push(Sight { rule: SightRule::Sees { from, of, lo, hi }, walls, span: d.span });
            }
            SightKind::Apart { of } => {
                let of = mask(&self.board_values(&board, of)?, nv);
                self.model.sight.push(Sight { rule: SightRule::Apart { of }, walls, span: d.span });
            }
            SightKind::From { cell, count } => {
                let mut out = Vec::new();
                let mut one = |env: &mut Env| {
                    let at = env.eval(cell)?;
                    let (a, b) = coord_of(&at, cell.span)?;
                    let p = board.cell(a, b).ok_or_else(|| off_board(&board, a, b, cell.span))?;
                    if !board.on[p] {
                        return Err(Diagnostic::new(
                            Code::G201,
                            cell.span,
                            format!("cell ({a}, {b}) is a hole of the board"),
                        )
                        .label("no cell to look from")
                        .help("look from cells of the board; leave holes out with `where`"));
                    }
                    let most = 1 + axes(board.lattice)
                        .iter()
                        .map(|&(dr, dc)| ray(&board, p, (dr, dc)).len() + ray(&board, p, (-dr, -dc)).len())
                        .sum::<usize>();
                    let k = match env.eval(count)? {
                        super::value::Value::Int(k) if k >= 0 && k as usize <= most => k as usize,
                        super::value::Value::Int(k) => {
                            return Err(Diagnostic::new(
                                Code::G207,
                                count.span,
                                format!("{k} cells seen from ({a}, {b})"),
                            )
                            .label("not a count of this cell")
                            .help(format!("from this cell 0 to {most} cells can be seen, itself included")));
                        }
                        v => return Err(type_error("a number", &v, count.span, "the count of cells seen")),
                    };
                    out.push(Sight { rule: SightRule::From { cell: p, count: k }, walls: walls.clone(), span: d.span });
                    Ok(())
                };
                let result = self.env.for_each_or_once(d.each.as_ref(), &mut one);
                self.model.sight.extend(out);
                result?;
            }
        }
        Ok(())
    }
}

/// Whether a looking cell meets the bound `lo..=hi` given the counts on its segments (each
/// capped at `cap`, meaning "cap or more") and whether it holds W itself (then it is in every
/// count, and seen once). For `at least K` the cap is K: a capped count alone sees K, the
/// cell's own W being in the other counts too. Otherwise the cap is K + 1 and a capped count
/// sees more than K.
fn meets(counts: &[usize], own: bool, cap: usize, lo: usize, hi: usize) -> bool {
    if counts.contains(&cap) {
        return hi == usize::MAX;
    }
    let seen = counts.iter().sum::<usize>() - if own { counts.len() - 1 } else { 0 };
    lo <= seen && seen <= hi
}

/// What is known of a cell before the search, over the values it may still hold.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Known {
    Yes,
    No,
    Either,
}

fn known(allowed: &dyn Fn(usize, usize) -> bool, cell: usize, set: &[bool]) -> Known {
    let (mut yes, mut no) = (false, false);
    for (v, &inside) in set.iter().enumerate() {
        if allowed(cell, v) {
            if inside { yes = true } else { no = true }
        }
    }
    match (yes, no) {
        (true, false) => Known::Yes,
        (false, _) => Known::No,
        _ => Known::Either,
    }
}

/// A segment: its open cells in order along its axis.
struct Segment {
    cells: Vec<usize>,
    axis: usize,
}

/// The segments of a board under fixed walls, and each cell's segment per axis.
fn segments(board: &Board, open: &[bool]) -> (Vec<Segment>, Vec<Vec<usize>>) {
    let axes = axes(board.lattice);
    let mut segs = Vec::new();
    let mut of = vec![vec![usize::MAX; axes.len()]; board.on.len()];
    for (a, &(dr, dc)) in axes.iter().enumerate() {
        for start in (0..board.on.len()).filter(|&c| open[c]) {
            if step(board, start, (-dr, -dc)).is_some_and(|p| open[p]) {
                continue;
            }
            let mut cells = vec![start];
            while let Some(n) = step(board, *cells.last().unwrap(), (dr, dc)).filter(|&n| open[n]) {
                cells.push(n);
            }
            for &c in &cells {
                of[c][a] = segs.len();
            }
            segs.push(Segment { cells, axis: a });
        }
    }
    (segs, of)
}

/// How the axes read in item names: a row, a column, the hexagons' third line.
const AXIS: [&str; 3] = ["row", "col", "diag"];

/// A `sees` rule's items.
struct SeesItems {
    /// Per segment: its chooser (primary) and count (secondary) items, if a looker uses it.
    seg: Vec<Option<(ItemId, ItemId)>>,
    segments: Vec<Segment>,
    seg_of: Vec<Vec<usize>>,
    /// Per cell: the looker's item, if the cell may hold V (and what it is known to be).
    looker: Vec<Option<ItemId>>,
    /// Per cell: the "holds W" / "holds V" items where the cell may go either way.
    w: Vec<Option<ItemId>>,
    v: Vec<Option<ItemId>>,
    wk: Vec<Known>,
    vk: Vec<Known>,
    open: Vec<bool>,
    cap: usize,
    /// A `no two W' see each other` rule with these walls and W' ⊇ W holds beside this one:
    /// a segment has at most one W, so a chooser names it and every other cell is not W.
    single: bool,
}

/// A `from` rule's items.
struct FromItems {
    /// Per axis the arms' item, then the running sums between axes.
    axis: Vec<ItemId>,
    sums: Vec<ItemId>,
    /// Which wall items (index into [`SightItems::walls`]) this rule's cells use.
    walls: usize,
}

enum RuleItems {
    Sees(SeesItems),
    Apart,
    From(FromItems),
}

/// The items of every sight rule, and what each fill option colours of them.
pub struct SightItems {
    rules: Vec<RuleItems>,
    /// Per distinct wall set of `from` rules: the set, and per cell its wall item where the
    /// cell may or may not be a wall.
    walls: Vec<(Vec<bool>, Vec<Option<ItemId>>)>,
    /// Per (cell, value): what "cell takes value" covers or colours.
    covers: Vec<Vec<Entry>>,
    values: usize,
    yes: Colour,
    no: Colour,
}

/// Declares every sight rule's items (after the cells' and regions'). `allowed(cell, v)`:
/// whether the fill option "cell takes v" exists (givens and other rules leave some out).
pub fn add_items(
    model: &Model,
    b: &mut XccBuilder,
    allowed: &dyn Fn(usize, usize) -> bool,
    diags: &mut Vec<Diagnostic>,
) -> SightItems {
    let board = model.board.as_ref().expect("sight lines are elaborated on a board");
    let nv = board.values.len();
    let n = board.on.len();
    let (yes, no) = (b.colour("yes"), b.colour("no"));
    let mut covers = vec![Vec::new(); n * nv];
    let mut walls: Vec<(Vec<bool>, Vec<Option<ItemId>>)> = Vec::new();
    let mut rules = Vec::new();
    let name = |c: usize| {
        let (r, k) = board.coord(c);
        format!("({r},{k})")
    };
    for (k, rule) in model.sight.iter().enumerate() {
        let stem = format!("sight{}", k + 1);
        let wall_known: Vec<Known> =
            (0..n).map(|c| if board.on[c] { known(allowed, c, &rule.walls) } else { Known::Yes }).collect();
        if let SightRule::Sees { .. } | SightRule::Apart { .. } = rule.rule
            && let Some(c) = (0..n).find(|&c| wall_known[c] == Known::Either)
        {
            let (r, q) = board.coord(c);
            diags.push(
                Diagnostic::new(Code::G213, rule.span, format!("cell ({r}, {q}) may or may not hold a wall"))
                    .label("walls must be known before the search")
                    .related(board.span, "the board's values include the walls and others")
                    .help("fix each cell's walls with givens (`given`, or `cells x at (r, c) hold ...`)"),
            );
            rules.push(RuleItems::Apart);
            continue;
        }
        let open: Vec<bool> = (0..n).map(|c| board.on[c] && wall_known[c] == Known::No).collect();
        match &rule.rule {
            SightRule::Apart { of } => {
                let (segs, _) = segments(board, &open);
                for s in
                    segs.iter().filter(|s| s.cells.iter().filter(|&&c| known(allowed, c, of) != Known::No).count() >= 2)
                {
                    let item = b.add_secondary(format!("{stem}{}{}", AXIS[s.axis], name(s.cells[0])));
                    for &c in &s.cells {
                        for v in (0..nv).filter(|&v| of[v]) {
                            covers[c * nv + v].push(Entry { item, colour: Colour::NONE });
                        }
                    }
                }
                rules.push(RuleItems::Apart);
            }
            SightRule::Sees { from, of, lo, hi } => {
                let cap = if *hi == usize::MAX { *lo } else { hi + 1 };
                let (segments, seg_of) = segments(board, &open);
                let vk: Vec<Known> =
                    (0..n).map(|c| if board.on[c] { known(allowed, c, from) } else { Known::No }).collect();
                let wk: Vec<Known> =
                    (0..n).map(|c| if board.on[c] { known(allowed, c, of) } else { Known::No }).collect();
                let mut looker = vec![None; n];
                let mut v = vec![None; n];
                let mut w = vec![None; n];
                let mut seg = vec![None; segments.len()];
                if cap > 0 {
                    for c in (0..n).filter(|&c| vk[c] != Known::No) {
                        // A wall sees nothing: it may hold V only if no cell seen meets the bound.
                        if !open[c] && *lo == 0 {
                            continue;
                        }
                        looker[c] = Some(b.add_primary(format!("{stem}{}", name(c)), 1, 1));
                        if vk[c] == Known::Either {
                            v[c] = Some(b.add_secondary(format!("{stem}is{}", name(c))));
                        }
                        if open[c] {
                            for &s in &seg_of[c] {
                                if seg[s].is_none() {
                                    let at = format!("{stem}{}{}", AXIS[segments[s].axis], name(segments[s].cells[0]));
                                    seg[s] = Some((b.add_primary(&at, 1, 1), b.add_secondary(format!("{at}#"))));
                                }
                            }
                        }
                    }
                    for s in (0..segments.len()).filter(|&s| seg[s].is_some()) {
                        for &c in &segments[s].cells {
                            if wk[c] == Known::Either && w[c].is_none() {
                                w[c] = Some(b.add_secondary(format!("{stem}has{}", name(c))));
                            }
                        }
                    }
                    for c in 0..n {
                        for val in 0..nv {
                            if let Some(item) = w[c] {
                                covers[c * nv + val].push(Entry { item, colour: if of[val] { yes } else { no } });
                            }
                            if let Some(item) = v[c] {
                                covers[c * nv + val].push(Entry { item, colour: if from[val] { yes } else { no } });
                            }
                        }
                    }
                }
                let single = model.sight.iter().any(|r| match &r.rule {
                    SightRule::Apart { of: apart } => r.walls == rule.walls && (0..nv).all(|v| !of[v] || apart[v]),
                    _ => false,
                });
                rules.push(RuleItems::Sees(SeesItems {
                    seg,
                    segments,
                    seg_of,
                    looker,
                    w,
                    v,
                    wk,
                    vk,
                    open,
                    cap,
                    single,
                }));
            }
            SightRule::From { cell, count } => {
                let p = *cell;
                let set = match walls.iter().position(|(m, _)| *m == rule.walls) {
                    Some(i) => i,
                    None => {
                        walls.push((rule.walls.clone(), vec![None; n]));
                        walls.len() - 1
                    }
                };
                // The cells an arm may reach: up to `count` steps out (the last a wall).
                let mut reach = vec![p];
                for &(dr, dc) in axes(board.lattice) {
                    for dir in [(-dr, -dc), (dr, dc)] {
                        reach.extend(ray(board, p, dir).into_iter().take(*count));
                    }
                }
                let stemw = if set == 0 { "wall".to_string() } else { format!("wall{}", set + 1) };
                for c in reach {
                    if wall_known[c] == Known::Either && walls[set].1[c].is_none() {
                        let item = b.add_secondary(format!("{stemw}{}", name(c)));
                        walls[set].1[c] = Some(item);
                        for val in 0..nv {
                            covers[c * nv + val].push(Entry { item, colour: if rule.walls[val] { yes } else { no } });
                        }
                    }
                }
                let na = axes(board.lattice).len();
                let axis = (0..na).map(|a| b.add_primary(format!("{stem}{}{}", AXIS[a], name(p)), 1, 1)).collect();
                let sums = (1..na).map(|a| b.add_secondary(format!("{stem}#{a}"))).collect();
                rules.push(RuleItems::From(FromItems { axis, sums, walls: set }));
            }
        }
    }
    SightItems { rules, walls, covers, values: nv, yes, no }
}

impl SightItems {
    /// What "cell takes value `v`" covers and colours of the sight rules' items.
    pub fn cell_entries(&self, cell: usize, v: usize, out: &mut Vec<Entry>) {
        out.extend_from_slice(&self.covers[cell * self.values + v]);
    }

    /// The choosers' and lookers' options of `sees` rules, the arms of `from` rules.
    pub(super) fn add_options(
        &self,
        model: &Model,
        b: &mut XccBuilder,
        meanings: &mut Vec<Meaning>,
        guard: &mut OptionGuard,
        allowed: &dyn Fn(usize, usize) -> bool,
    ) {
        let board = model.board.as_ref().expect("sight lines are elaborated on a board");
        for (k, (rule, items)) in model.sight.iter().zip(&self.rules).enumerate() {
            let mut out = Options { b, meanings, guard, rule: k, span: rule.span, full: false };
            match (&rule.rule, items) {
                (SightRule::Sees { from, of, lo, hi }, RuleItems::Sees(s)) => {
                    self.sees_options(board, s, from, of, *lo, *hi, allowed, &mut out);
                }
                (SightRule::From { cell, count }, RuleItems::From(f)) => {
                    self.arm_options(board, &rule.walls, *cell, *count, f, allowed, &mut out);
                }
                _ => {}
            }
            if out.full {
                return;
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn sees_options(
        &self,
        board: &Board,
        s: &SeesItems,
        from: &[bool],
        of: &[bool],
        lo: usize,
        hi: usize,
        allowed: &dyn Fn(usize, usize) -> bool,
        out: &mut Options,
    ) {
        let (yes, no) = (self.yes, self.no);
        let count_colour = |b: &mut XccBuilder, j: usize| b.colour(&j.to_string());
        // Choosers: the segment's first W cells, as many as the cap allows.
        for (seg, items) in s.segments.iter().zip(&s.seg) {
            let Some((chooser, count)) = *items else { continue };
            let cells = &seg.cells;
            // Depth-first over increasing positions: `picked` so far, the next position free.
            let mut stack: Vec<(Vec<usize>, usize)> = vec![(Vec::new(), 0)];
            while let Some((picked, next)) = stack.pop() {
                let j = picked.len();
                // Cells not picked before the last pick (all of them when fewer than the cap)
                // hold no W.
                let upto = if j == s.cap && !s.single { picked[j - 1] + 1 } else { cells.len() };
                let mut entries = vec![Entry { item: chooser, colour: Colour::NONE }];
                let mut ok = true;
                for (i, &c) in cells.iter().enumerate().take(upto) {
                    let want = picked.contains(&i);
                    match (s.wk[c], want) {
                        (Known::Yes, false) | (Known::No, true) => ok = false,
                        (Known::Either, _) => {
                            entries.push(Entry { item: s.w[c].unwrap(), colour: if want { yes } else { no } })
                        }
                        _ => {}
                    }
                }
                if ok {
                    entries.push(Entry { item: count, colour: count_colour(out.b, j) });
                    let picks: Vec<String> = picked.iter().map(|&i| i.to_string()).collect();
                    let (r, c) = board.coord(cells[0]);
                    if !out
                        .add(format!("sight{}{}({r},{c})={}", out.rule + 1, AXIS[seg.axis], picks.join("+")), &entries)
                    {
                        return;
                    }
                }
                if j < s.cap && !(s.single && j == 1) {
                    // Pushed in reverse so positions come out in increasing order.
                    for i in (next..cells.len()).rev() {
                        if s.wk[cells[i]] != Known::No {
                            let mut p = picked.clone();
                            p.push(i);
                            stack.push((p, i + 1));
                        }
                    }
                }
            }
        }
        // Lookers: "not V", or V with counts on its segments that meet the bound.
        for c in 0..board.on.len() {
            let Some(item) = s.looker[c] else { continue };
            let (r, q) = board.coord(c);
            let stem = format!("sight{}({r},{q})", out.rule + 1);
            let base = Entry { item, colour: Colour::NONE };
            if s.vk[c] == Known::Either {
                let entries = [base, Entry { item: s.v[c].unwrap(), colour: no }];
                if !out.add(format!("{stem}=not"), &entries) {
                    return;
                }
            }
            if !s.open[c] {
                continue; // a wall sees nothing, and 0 does not meet the bound
            }
            let segs = &s.seg_of[c];
            for own in [false, true] {
                // The cell holds V, and W or not as `own` says: some value must allow both.
                if !(0..from.len()).any(|v| allowed(c, v) && from[v] && of[v] == own) {
                    continue;
                }
                let mut counts = vec![0; segs.len()];
                loop {
                    let consistent = !own || counts.iter().all(|&x| x >= 1);
                    if consistent && meets(&counts, own, s.cap, lo, hi) {
                        let mut entries = vec![base];
                        if let Some(vi) = s.v[c] {
                            entries.push(Entry { item: vi, colour: yes });
                        }
                        if let Some(wi) = s.w[c] {
                            entries.push(Entry { item: wi, colour: if own { yes } else { no } });
                        }
                        for (x, &sg) in counts.iter().zip(segs) {
                            let colour = count_colour(out.b, *x);
                            entries.push(Entry { item: s.seg[sg].unwrap().1, colour });
                        }
                        let shown: Vec<String> = counts.iter().map(|x| x.to_string()).collect();
                        let mine = if own { "+own" } else { "" };
                        if !out.add(format!("{stem}={}{mine}", shown.join(".")), &entries) {
                            return;
                        }
                    }
                    // The next combination of counts, odometer style.
                    // A segment holds at most its length (and the cap stands for more).
                    let top = |i: usize| s.cap.min(s.segments[segs[i]].cells.len());
                    let Some(i) = (0..counts.len()).find(|&i| counts[i] < top(i)) else { break };
                    counts[i] += 1;
                    counts[..i].iter_mut().for_each(|x| *x = 0);
                }
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn arm_options(
        &self,
        board: &Board,
        walls: &[bool],
        p: usize,
        count: usize,
        f: &FromItems,
        allowed: &dyn Fn(usize, usize) -> bool,
        out: &mut Options,
    ) {
        let (yes, no) = (self.yes, self.no);
        let wall_items = &self.walls[f.walls].1;
        let wall = |c: usize| known(allowed, c, walls);
        // What a cell must be (a wall or not): its colour, or whether it is impossible.
        let need = |c: usize, is_wall: bool, entries: &mut Vec<Entry>| -> bool {
            match (wall(c), is_wall) {
                (Known::Yes, false) | (Known::No, true) => false,
                (Known::Either, w) => {
                    entries.push(Entry { item: wall_items[c].unwrap(), colour: if w { yes } else { no } });
                    true
                }
                _ => true,
            }
        };
        let (r, q) = board.coord(p);
        let stem = format!("sight{}", out.rule + 1);
        if count == 0 {
            // The cell is a wall: it sees nothing. Every axis item has that one option.
            for (a, &item) in f.axis.iter().enumerate() {
                let mut entries = vec![Entry { item, colour: Colour::NONE }];
                if (a > 0 || need(p, true, &mut entries))
                    && !out.add(format!("{stem}{}({r},{q})=wall", AXIS[a]), &entries)
                {
                    return;
                }
            }
            return;
        }
        let na = f.axis.len();
        let left = count - 1;
        for (a, &(dr, dc)) in axes(board.lattice).iter().enumerate() {
            let back = ray(board, p, (-dr, -dc));
            let ahead = ray(board, p, (dr, dc));
            // One arm of length e: e open cells, then a wall unless the ray ends there.
            let arm = |cells: &[usize], e: usize, entries: &mut Vec<Entry>| -> bool {
                cells[..e].iter().all(|&c| need(c, false, entries))
                    && (e == cells.len() || need(cells[e], true, entries))
            };
            for e1 in 0..=back.len().min(left) {
                for e2 in 0..=ahead.len().min(left - e1) {
                    let t = e1 + e2;
                    let mut arms = vec![Entry { item: f.axis[a], colour: Colour::NONE }];
                    // The cell itself is open: said once, by the first axis.
                    if a == 0 && !need(p, false, &mut arms) {
                        return;
                    }
                    if !arm(&back, e1, &mut arms) || !arm(&ahead, e2, &mut arms) {
                        continue;
                    }
                    // The running total before this axis (`before`) and after it.
                    let befores: Vec<usize> = if a == 0 { vec![0] } else { (0..=left - t).collect() };
                    for before in befores {
                        let after = before + t;
                        if a + 1 == na && after != left {
                            continue;
                        }
                        let mut entries = arms.clone();
                        if a > 0 {
                            entries.push(Entry { item: f.sums[a - 1], colour: out.b.colour(&before.to_string()) });
                        }
                        if a + 1 < na {
                            entries.push(Entry { item: f.sums[a], colour: out.b.colour(&after.to_string()) });
                        }
                        if !out.add(format!("{stem}{}({r},{q})={e1}+{e2}", AXIS[a]), &entries) {
                            return;
                        }
                    }
                }
            }
        }
    }
}

/// Where the options of one rule go, with the option limit.
struct Options<'a> {
    b: &'a mut XccBuilder,
    meanings: &'a mut Vec<Meaning>,
    guard: &'a mut OptionGuard,
    rule: usize,
    span: crate::diag::Span,
    full: bool,
}

impl Options<'_> {
    /// Adds an option; false once the limit is reached.
    fn add(&mut self, name: String, entries: &[Entry]) -> bool {
        if self.guard.full(self.meanings.len(), self.span) {
            self.full = true;
            return false;
        }
        self.b.add_option(name, entries);
        self.meanings.push(Meaning::Sight { rule: self.rule });
        true
    }
}
