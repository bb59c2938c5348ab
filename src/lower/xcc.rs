//! Lowering a model to exact cover with colours.
//!
//! - `fill`: one primary item per cell, one item per (region, value) — primary for
//!   `exactly once`, secondary for `at most once` — and one option per (cell, allowed value).
//! - `place`: one item per board cell, one per distinct piece (multiplicity = its count),
//!   with `match edges` one secondary item per pair of touching cells coloured by the edge
//!   label; one option per placement of an orientation of a piece.
//! - the direct form: its items and options as written.
//!
//! Every option remembers what it means in the puzzle's terms ([`Meaning`]), so answers can
//! be shown and verified without looking at the matrix.
use super::model::{Board, Covered, Model, Piece};
use super::value::Value;
use crate::diag::{Code, Diagnostic, Diagnostics, Span};
use crate::ir::xcc::{Colour, Entry, ItemId, XccBuilder, XccProblem};
use crate::syntax::ast::{Lattice, Once};
use std::ops::ControlFlow;

/// What one option stands for.
#[derive(Clone, Debug, PartialEq)]
pub enum Meaning {
    /// Cell `cell` takes `values[value]`.
    Fill { cell: usize, value: usize },
    /// Piece `piece` covers `cells` (in the order of the piece's oriented cells), showing `edges`.
    Place { piece: usize, cells: Vec<usize>, edges: Option<[Value; 4]> },
    /// Option `i` of the direct form.
    Direct(usize),
    /// A combination of values chosen for cage `cage` (the cells' own options carry the values).
    Cage { cage: usize },
    /// A way to lay out the runs of line `line` (the cells' own options carry the values).
    Runs { line: usize },
    /// The cells of count `count` that hold its values (the cells' own options carry them).
    Count { count: usize },
    /// A corner of a loop's board uses these sides (none or two; `LoopRule`'s numbering).
    Corner { edges: Vec<u32> },
    /// The sides chosen around a loop's clue cell (the corners' options carry them).
    LoopClue,
    /// `count` bridges (0 for none) between the islands at cells `a < b` (`lower/bridges.rs`).
    Bridge { a: u32, b: u32, count: u32 },
    /// A split of an island's number over its links (the links' own options carry the counts).
    Island,
    /// A step of sight line `line`: what is seen up to one of its cells.
    Seen { line: usize },
    /// A segment's first lights, a looking cell's counts or an arm of sight rule `rule`.
    Sight { rule: usize },
}

pub struct Lowered {
    pub problem: XccProblem,
    pub meanings: Vec<Meaning>,
    /// Per cell of a filled board, the value it holds when no chosen option fills it: a
    /// value no rule counts, whose option was left out (see `lower_fill`). Empty otherwise.
    pub defaults: Vec<Option<usize>>,
}

/// Stop before building more options than this (S401), so a spec cannot exhaust memory.
pub const DEFAULT_MAX_OPTIONS: usize = 2_000_000;

pub fn lower(model: &Model, max_options: usize) -> Result<Lowered, Diagnostics> {
    let mut b = XccBuilder::new();
    let mut meanings = Vec::new();
    let mut diags = Vec::new();
    // `fill` and `place` on one board: pieces write values (`src/lower/fleet.rs`).
    if let Some(d) = super::fleet::misuse(model) {
        return Err(vec![d]);
    }
    if let (false, Some(cage)) = (model.fill, model.cages.first()) {
        diags.push(
            Diagnostic::new(Code::E105, cage.span, "arithmetic cages constrain the values of a filled board")
                .label("a cage without `fill`")
                .help("fill the board: `fill grid`"),
        );
        return Err(diags);
    }
    if let (Some(rule), true) = (&model.loop_rule, model.fill || model.placing.is_some()) {
        diags.push(
            Diagnostic::new(
                Code::E105,
                rule.span,
                "a loop is drawn on a board's edges, not on a filled or covered board",
            )
            .label("`loop` on a board that is also `fill`ed or `place`d")
            .help("remove `fill` or `place`: the loop is the answer"),
        );
        return Err(diags);
    }
    if let (Some(rule), true) = (&model.bridges, model.fill || model.placing.is_some() || model.loop_rule.is_some()) {
        diags.push(
            Diagnostic::new(Code::E105, rule.span, "bridges are drawn between islands, on a board left as it is")
                .label("`bridges` on a board that is also `fill`ed, `place`d or looped")
                .help("remove `fill`, `place` or `loop`: the bridges are the answer"),
        );
        return Err(diags);
    }
    if let Some(d) = super::mixed::misnamed_cells(model) {
        return Err(vec![d]);
    }
    let mut guard = OptionGuard { max: max_options, span: None, spent: None };
    // The item each board cell named by a direct option stands for (`grid(r, c)`).
    let mut board_items = Vec::new();
    // Pieces on a filled board: the items tying its cells to the placements.
    let mut fleet = None;
    let mut defaults = Vec::new();
    if model.fill {
        lower_fill(model, &mut b, &mut meanings, &mut diags, &mut guard, (&mut board_items, &mut fleet, &mut defaults));
    }
    if model.placing.is_some() && diags.is_empty() {
        lower_place(model, &mut b, &mut meanings, &mut diags, &mut guard, (&mut board_items, fleet.as_ref()));
    }
    if model.loop_rule.is_some() {
        super::loops::lower(model, &mut b, &mut meanings, &mut guard);
    }
    if model.bridges.is_some() {
        super::bridges::lower(model, &mut b, &mut meanings, &mut guard);
    }
    lower_direct(model, &mut b, &mut meanings, &mut diags, &mut guard, &board_items);
    if let Some(d) = guard.spent {
        diags.push(d);
    } else if let Some(span) = guard.span {
        diags.push(super::eval::too_large(span).help(format!(
            "the spec builds more than {max_options} options; shrink it, or raise the limit with `--max-options`"
        )));
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let mut problem = b.finish();
    problem.weighted = super::branching::weighted(model);
    Ok(Lowered { problem, meanings, defaults })
}

/// Counts options and trips once past the limit, or once the memory budget is spent.
pub(super) struct OptionGuard {
    pub(super) max: usize,
    span: Option<Span>,
    /// What tripped it when that was the memory budget (S401) or the deadline (S403) rather
    /// than the count.
    spent: Option<Diagnostic>,
}

impl OptionGuard {
    pub(super) fn full(&mut self, built: usize, span: Span) -> bool {
        if built >= self.max {
            self.span.get_or_insert(span);
            return true;
        }
        if let Err(d) = super::meter::check(span) {
            self.span.get_or_insert(span);
            self.spent.get_or_insert(d);
            return true;
        }
        false
    }
}

fn cell_name(model: &Model, cell: usize) -> String {
    named_at(&["cell"], model.board.as_ref().unwrap().coord(cell))
}

/// `name(a,b)` from the parts of `name`, as `format!` would write it. Lowering names every
/// cell item and every placement this way (a batch of UVA 211 layouts, a thousand names),
/// and `format!`, with its buffer grown as it writes, took about 1,400 instructions a name.
fn named_at(name: &[&str], (a, b): (i64, i64)) -> String {
    let mut s = String::with_capacity(name.iter().map(|p| p.len()).sum::<usize>() + 2 * 20 + 3);
    name.iter().for_each(|p| s.push_str(p));
    s.push('(');
    push_int(&mut s, a);
    s.push(',');
    push_int(&mut s, b);
    s.push(')');
    s
}

/// Appends `n` in decimal.
fn push_int(s: &mut String, n: i64) {
    if n < 0 {
        s.push('-');
    }
    let (mut digits, mut at, mut m) = ([0u8; 20], 20, n.unsigned_abs());
    loop {
        at -= 1;
        digits[at] = b'0' + (m % 10) as u8;
        m /= 10;
        if m == 0 {
            break;
        }
    }
    digits[at..].iter().for_each(|&d| s.push(d as char));
}

fn lower_fill(
    model: &Model,
    b: &mut XccBuilder,
    meanings: &mut Vec<Meaning>,
    diags: &mut Diagnostics,
    guard: &mut OptionGuard,
    (board_items, fleet, defaults): (
        &mut Vec<Option<ItemId>>,
        &mut Option<super::fleet::FleetItems>,
        &mut Vec<Option<usize>>,
    ),
) {
    let board = model.board.as_ref().unwrap();
    *defaults = vec![None; board.on.len()];
    let nv = board.values.len();
    // Names are formatted once per cell and value, not once per option (batches of
    // thousands of instances lower the same shapes again and again).
    let value_names: Vec<String> = board.values.iter().map(|v| v.to_string()).collect();
    let mut cell_item = vec![None; board.on.len()];
    let mut cell_names = vec![String::new(); board.on.len()];
    for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
        cell_names[cell] = cell_name(model, cell);
        cell_item[cell] = Some(b.add_primary(cell_names[cell].as_str(), 1, 1));
    }
    // Regions: the (region, value) items, and for every cell the regions it lies in.
    let mut member: Vec<Vec<ItemId>> = vec![Vec::new(); board.on.len()];
    for region in &model.regions {
        let holes = region.cells.iter().filter(|&&c| !board.on[c]).count();
        if region.once == Once::Exactly && region.cells.len() != nv {
            diags.push(
                Diagnostic::new(
                    Code::G203,
                    region.span,
                    format!("`{}` has {} but must hold each of {} exactly once", region.name, crate::diag::plural(region.cells.len(), "cell"), crate::diag::plural(nv, "value")),
                )
                .label("cells and values cannot match")
                .help("a region that holds each value exactly once needs as many cells as there are values; use `at most once` otherwise"),
            );
            continue;
        }
        if holes > 0 {
            diags.push(
                Diagnostic::new(
                    Code::G201,
                    region.span,
                    format!("`{}` includes {holes} hole(s) of the board", region.name),
                )
                .label("region over a hole")
                .help("leave holes out of regions with a `where` condition"),
            );
            continue;
        }
        let first = ItemId(u32::MAX);
        let mut base = first;
        let region_name = region.name.replace(' ', "");
        for (k, v) in value_names.iter().enumerate() {
            let name = [region_name.as_str(), "=", v].concat();
            let id = match region.once {
                Once::Exactly => b.add_primary(&name, 1, 1),
                Once::AtMost => b.add_secondary(&name),
            };
            if k == 0 {
                base = id;
            }
        }
        for &c in region.cells.iter() {
            member[c].push(base);
        }
    }
    let cages = if model.cages.is_empty() { None } else { super::cages::add_items(model, b, diags) };
    let counts = (!model.counts.is_empty() || !model.apart.is_empty()).then(|| super::counts::add_items(model, b));
    let compares = (!model.compares.is_empty()).then(|| super::compare::add_items(model, b));
    let runs = (!model.runs.is_empty()).then(|| super::runs::add_items(model, b));
    let seen = (!model.seen.is_empty()).then(|| super::seen::add_items(model, b));
    // Whether the option "cell takes v" is made: sight lines lower by what is known of a cell.
    let others = |cell: usize, v: usize| {
        !(board.given[cell].is_some_and(|g| g != v)
            || counts.as_ref().is_some_and(|k| k.forbids(cell, v))
            || compares.as_ref().is_some_and(|k| k.forbids(cell, v))
            || super::connected::forbids(model, cell, v))
    };
    // Pairings leave out what no partner can stand beside, given what the others allow.
    let pairs = (!model.pairs.is_empty()).then(|| super::pairs::add_items(model, b, &others));
    let chain = model.chain.is_some().then(|| super::chain::add_items(model, b, &others));
    let allowed = |cell: usize, v: usize| {
        others(cell, v)
            && !pairs.as_ref().is_some_and(|k| k.forbids(cell, v))
            && !chain.as_ref().is_some_and(|k| k.forbids(cell, v))
    };
    let sight = (!model.sight.is_empty()).then(|| super::sight::add_items(model, b, &allowed, diags));
    *board_items = super::mixed::value_items(model, b);
    if model.placing.is_some() {
        *fleet = Some(super::fleet::add_items(model, b));
    }
    if !diags.is_empty() {
        return;
    }
    // A value whose option would cover nothing but the cell's own item (the empty cell of a
    // queens or Star Battle board, which no rule counts) is the cell's default: that option
    // is left out and the cell's item made secondary, so a cell that no chosen option fills
    // holds it. The matrix is then the one a hand lowering writes (queens: ranks, files and
    // diagonals, no cells) and the search branches on the rules' items alone: natural
    // 14-queens searched 4× the direct form's nodes before. Solutions are the same, one for
    // one. Not when a global constraint reads every cell's options, nor when a cell has two
    // such values (choosing between them makes two answers).
    let defaults_allowed = !model.reads_every_cell();
    let mut entries = Vec::new();
    // One cell's options before they are added: (value, start, end) into `pending`.
    let (mut made, mut pending) = (Vec::<(usize, usize, usize)>::new(), Vec::<Entry>::new());
    for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
        made.clear();
        pending.clear();
        for (v, value_name) in value_names.iter().enumerate() {
            if !allowed(cell, v) {
                continue;
            }
            if guard.full(meanings.len() + made.len(), board.span) {
                return;
            }
            entries.clear();
            entries.push(Entry { item: cell_item[cell].unwrap(), colour: Colour::NONE });
            for base in &member[cell] {
                entries.push(Entry { item: ItemId(base.0 + v as u32), colour: Colour::NONE });
            }
            if let Some(cages) = &cages {
                cages.cell_entries(model, b, cell, v, &mut entries);
            }
            if let Some(counts) = &counts {
                counts.cell_entries(cell, v, &mut entries);
            }
            if let Some(compares) = &compares {
                compares.cell_entries(cell, v, &mut entries);
            }
            if let Some(pairs) = &pairs {
                pairs.cell_entries(cell, v, &mut entries);
            }
            if let Some(chain) = &chain {
                chain.cell_entries(cell, v, &mut entries);
            }
            if let Some(runs) = &runs {
                runs.cell_entries(model, cell, v, &mut entries);
            }
            if let Some(seen) = &seen {
                seen.cell_entries(model, cell, v, &mut entries);
            }
            if let Some(sight) = &sight {
                sight.cell_entries(cell, v, &mut entries);
            }
            if let Some(fleet) = fleet.as_ref() {
                fleet.cell_entries(b, cell, v, &mut entries);
            }
            if let Some(Some(item)) = board_items.get(cell) {
                entries.push(Entry { item: *item, colour: b.colour(value_name) });
            }
            let start = pending.len();
            pending.extend_from_slice(&entries);
            made.push((v, start, pending.len()));
        }
        let mut bare = made.iter().filter(|&&(_, start, end)| end - start == 1);
        // The search reaches an option only through a primary item it covers: every other
        // value of the cell must cover one besides the cell's item, or no answer could
        // give the cell that value.
        let anchored = |&&(_, start, end): &&(usize, usize, usize)| {
            end - start == 1 || pending[start + 1..end].iter().any(|e| b.is_primary(e.item))
        };
        let default = match (defaults_allowed, bare.next(), bare.next()) {
            (true, Some(&(v, _, _)), None) if made.iter().all(|m| anchored(&m)) => Some(v),
            _ => None,
        };
        // With one value left besides the default (queens' `Q`), the cell's item would be
        // covered by one option only, so it constrains nothing: it is dropped.
        let lone = default.is_some() && made.len() <= 2;
        if let Some(v) = default {
            match lone {
                true => b.drop_item(cell_item[cell].unwrap()),
                false => b.make_secondary(cell_item[cell].unwrap()),
            }
            defaults[cell] = Some(v);
        }
        for &(v, start, end) in made.iter().filter(|m| Some(m.0) != default) {
            let from = if lone { start + 1 } else { start };
            let name = [cell_names[cell].as_str(), "=", &value_names[v]].concat();
            // A chained number's option is split by the cell where the next number stands.
            match chain.as_ref().and_then(|k| k.successors(cell, v, &allowed)) {
                Some(next) => {
                    for (q, extra) in next {
                        if guard.full(meanings.len(), board.span) {
                            return;
                        }
                        entries.clear();
                        entries.extend_from_slice(&pending[from..end]);
                        entries.extend_from_slice(&extra);
                        b.add_option([name.as_str(), ">", &cell_names[q]].concat(), &entries);
                        meanings.push(Meaning::Fill { cell, value: v });
                    }
                }
                None => {
                    b.add_option(name, &pending[from..end]);
                    meanings.push(Meaning::Fill { cell, value: v });
                }
            }
        }
    }
    if let Some(cages) = &cages {
        cages.add_options(model, b, meanings, diags, guard);
    }
    if let Some(runs) = &runs {
        runs.add_options(model, b, meanings, guard);
    }
    if let Some(counts) = &counts {
        counts.add_options(model, b, meanings, guard, &allowed);
    }
    if let Some(seen) = &seen {
        seen.add_options(model, b, meanings, guard);
    }
    if let Some(sight) = &sight {
        sight.add_options(model, b, meanings, guard, &allowed);
    }
    if !model.connected.is_empty() || !model.areas.is_empty() || !model.blocks.is_empty() {
        super::connected::add_globals(model, b, &cell_item, meanings);
    }
    if !model.pairs.is_empty() {
        super::pairs::add_globals(model, b, &cell_item, meanings);
    }
    if !model.sized.is_empty() {
        super::sized::add_globals(model, b, &cell_item, meanings);
    }
    if let Some(counts) = &counts {
        counts.add_globals(model, b, &cell_item, meanings);
    }
    if !model.crossings.is_empty() {
        super::crossing::add_globals(model, b, &cell_item, meanings);
    }
    if !model.connected_each.is_empty() || !model.shapes.is_empty() {
        super::shapes::add_globals(model, b, &cell_item, meanings);
    }
    if !model.distinct.is_empty() {
        super::distinct::add_globals(model, b, &cell_item, meanings);
    }
}

/// One way to turn a piece: its cells (normalised to a top-left of (0, 0)) and edge labels.
#[derive(Clone, Debug, PartialEq)]
pub struct Orientation {
    pub cells: Vec<(i64, i64, Option<Value>)>,
    pub edges: Option<[Value; 4]>,
}

/// The distinct orientations of a piece on a board of this lattice.
pub(super) fn orientations_on(lattice: Lattice, piece: &Piece, rotate: bool, reflect: bool) -> Vec<Orientation> {
    match lattice {
        Lattice::Squares => orientations(piece, rotate, reflect),
        Lattice::Triangles => super::lattice::orientations(piece, rotate, reflect),
        Lattice::Hexagons => super::lattice::hex_orientations(piece, rotate, reflect),
    }
}

/// The distinct orientations of a piece: 1, up to 4 with rotation, up to 8 with reflection.
pub fn orientations(piece: &Piece, rotate: bool, reflect: bool) -> Vec<Orientation> {
    let mut out: Vec<Orientation> = Vec::new();
    let flips = if reflect { 2 } else { 1 };
    let turns = if rotate { 4 } else { 1 };
    for flip in 0..flips {
        let mut cells = piece.cells.clone();
        if flip == 1 {
            // Mirror left to right: columns negate.
            for c in &mut cells {
                c.1 = -c.1;
            }
        }
        for turn in 0..turns {
            let edges = piece.edges.as_ref().map(|e| turned_edges(e, flip == 1, turn));
            let o = Orientation { cells: normalised(&cells), edges };
            if !out.contains(&o) {
                out.push(o);
            }
            // A quarter turn clockwise: (r, c) → (c, -r).
            for c in &mut cells {
                *c = (c.1, -c.0, c.2.clone());
            }
        }
    }
    out
}

/// A square tile's edges (top, right, bottom, left) after mirroring it left to right (left
/// and right swap) if `mirrored`, then `quarter_turns` quarter turns clockwise (the top edge
/// becomes the right edge).
pub(super) fn turned_edges(edges: &[Value; 4], mirrored: bool, quarter_turns: usize) -> [Value; 4] {
    let mut e = edges.clone();
    if mirrored {
        e.swap(1, 3);
    }
    e.rotate_right(quarter_turns % 4);
    e
}

pub(super) fn normalised(cells: &[(i64, i64, Option<Value>)]) -> Vec<(i64, i64, Option<Value>)> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    let mut out: Vec<_> = cells.iter().map(|(r, c, l)| (r - r0, c - c0, l.clone())).collect();
    out.sort_by_key(|a| (a.0, a.1));
    out
}

/// The least a placed cell costs once lowered: its cell in the option's `Meaning`, its entry
/// in the builder and its entry in the problem's option array (the engines add more).
const BYTES_PER_PLACED_CELL: usize = 24;

/// A huge piece on a huge board is refused before anything is built, not after a gigabyte:
/// at most one placement per anchor (and per allowed cell when confined), each holding every
/// cell of the piece. Returns the piece that tips the estimate over the memory budget.
fn too_many_placements(model: &Model, rows: i64, cols: i64, on_cells: usize) -> Option<Span> {
    let placing = model.placing.as_ref()?;
    let lattice = model.board.as_ref()?.lattice;
    let mut bytes = 0usize;
    for &p in &placing.pieces {
        let piece = &model.pieces[p];
        let allowed = model.confine[p].as_ref().map_or(on_cells, |a| a.iter().filter(|&&x| x).count());
        for o in orientations_on(lattice, piece, placing.rotate, placing.reflect) {
            let height = o.cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
            let width = o.cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
            let anchors = ((rows - height + 1).max(0) * (cols - width + 1).max(0)) as usize;
            let cells = anchors.min(allowed).saturating_mul(o.cells.len());
            bytes = bytes.saturating_add(cells.saturating_mul(BYTES_PER_PLACED_CELL));
            if !super::meter::room_for(bytes) {
                return Some(piece.span);
            }
        }
    }
    None
}

fn lower_place(
    model: &Model,
    b: &mut XccBuilder,
    meanings: &mut Vec<Meaning>,
    diags: &mut Diagnostics,
    guard: &mut OptionGuard,
    (board_items, fleet): (&mut Vec<Option<ItemId>>, Option<&super::fleet::FleetItems>),
) {
    let board = model.board.as_ref().unwrap();
    let placing = model.placing.as_ref().unwrap();
    let (rows, cols) = (board.rows as i64, board.cols as i64);
    let area: usize =
        placing.pieces.iter().map(|&p| model.pieces[p].cells.len() * model.pieces[p].count as usize).sum();
    let cells = board.on_cells();
    // Direct options that cover cells (`grid(r, c)`) may take the cells the pieces leave, and
    // on a filled board the background does.
    let others_cover = placing.partial || model.cell_covers.plain.is_some() || fleet.is_some();
    if (!others_cover && area != cells) || area > cells {
        diags.push(
            Diagnostic::new(
                Code::G203,
                placing.span,
                format!("the pieces cover {} but the board `{}` has {cells}", crate::diag::plural(area, "cell"), board.name),
            )
            .label("areas cannot add up")
            .help(if area > cells {
                "remove pieces or enlarge the board".to_string()
            } else {
                format!(
                    "add pieces, shrink the board, or leave cells uncovered: anywhere with `cells at most once`, or where options of your own cover them (`option hole(r, c) = ..., {}(r, c)`)",
                    board.name
                )
            }),
        );
        return;
    }
    if let Some(span) = too_many_placements(model, rows, cols, cells) {
        guard.span.get_or_insert(span);
        guard.spent.get_or_insert_with(|| super::meter::out_of_memory(span));
        return;
    }
    // Piece items come before cell items: when a piece and a cell have equally few options
    // left, branching on where the piece goes prunes more (Tetravex: a third fewer nodes).
    let piece_item: Vec<ItemId> = placing
        .pieces
        .iter()
        .map(|&p| {
            let piece = &model.pieces[p];
            b.add_primary(&piece.name, piece.count, piece.count)
        })
        .collect();
    let mut cell_item = vec![None; board.on.len()];
    if let Some(fleet) = fleet {
        // On a filled board a placement covers `covered(r,c)`, which the background shares.
        cell_item.clone_from(&fleet.covered);
    } else {
        for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
            let name = cell_name(model, cell);
            cell_item[cell] = Some(if placing.partial { b.add_secondary(&name) } else { b.add_primary(&name, 1, 1) });
        }
        // A direct option's `grid(r, c)` covers the cell's own item, as a piece would.
        board_items.clone_from(&cell_item);
    }
    let mut touch = super::fleet::touch_items(model, b);
    // Edge items: `h` between a cell and its right neighbour, `v` between it and the one below.
    let mut h_item = vec![None; board.on.len()];
    let mut v_item = vec![None; board.on.len()];
    if model.match_edges {
        for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
            let (r, c) = (cell as i64 / cols, cell as i64 % cols);
            if c + 1 < cols && board.on[cell + 1] {
                h_item[cell] = Some(b.add_secondary(format!("h({r},{c})")));
            }
            if r + 1 < rows && board.on[cell + cols as usize] {
                v_item[cell] = Some(b.add_secondary(format!("v({r},{c})")));
            }
        }
    }
    // Labels are compared as value indices: each board cell's given, and each label of an
    // orientation, as the first board value equal to it (a label equal to none lies nowhere).
    // Most anchors are turned down by a label, and a batch lowers every instance: comparing
    // `Value`s there was a third of lowering UVA 211's layouts.
    let first_equal = |v: &Value| board.values.iter().position(|w| w == v);
    let given: Vec<usize> =
        board.given.iter().map(|g| g.and_then(|g| first_equal(&board.values[g])).unwrap_or(NOT_GIVEN)).collect();
    let as_value = placing.shows.map(|(v, _)| v);
    let mut entries = Vec::new();
    for (k, &p) in placing.pieces.iter().enumerate() {
        let piece = &model.pieces[p];
        // Whether the piece fits the board's shape at all; a piece whose labels only miss
        // the instance's data is not a spec error: that instance simply has no solution.
        let mut fits_shape = false;
        let confined_to = model.confine_where.get(p).and_then(|w| w.as_ref());
        for o in orientations_on(board.lattice, piece, placing.rotate, placing.reflect) {
            let shape: Vec<(i64, i64)> = o.cells.iter().map(|&(r, c, _)| (r, c)).collect();
            let labels: Vec<usize> = (o.cells.iter())
                .map(|(_, _, l)| l.as_ref().map_or(ANY_LABEL, |l| first_equal(l).unwrap_or(NO_SUCH_VALUE)))
                .collect();
            // On a filled board every cell writes a value (its label, else the `as` value:
            // `fleet::misuse` saw to both), which a given must equal.
            let writes: Vec<usize> = match fleet {
                Some(_) => {
                    labels.iter().map(|&l| if l == ANY_LABEL { as_value.unwrap_or(NO_SUCH_VALUE) } else { l }).collect()
                }
                None => Vec::new(),
            };
            // A labelled cell must lie on a board cell showing that label: checked as each
            // anchor's cells are made, so most anchors are turned down at their first cell.
            let shows = |k: usize, c: usize| match fleet {
                Some(_) => given[c] == NOT_GIVEN || given[c] == writes[k],
                None => labels[k] == ANY_LABEL || given[c] == labels[k],
            };
            let flow = each_shift_where(board, &shape, shows, &mut |placed| {
                // A piece that fits the board but not where `confine` allows is not a spec
                // error: the count is 0 (`answer count` prints it), like missing labels.
                fits_shape = true;
                if let Some(allowed) = &model.confine[p]
                    && placed.iter().any(|&c| !allowed[c])
                {
                    return ControlFlow::Continue(());
                }
                if let Some(set) = confined_to
                    && !set.contains(&super::confine::placement_key(placed, &o.edges))
                {
                    return ControlFlow::Continue(());
                }
                // `border`: a tile's sides without a neighbour must show the border label.
                if let (Some(e), Some(border)) = (&o.edges, &model.border) {
                    let cell = placed[0];
                    let (r, c) = (cell / cols as usize, cell % cols as usize);
                    let lone = [
                        r == 0 || !board.on[cell - cols as usize],
                        c + 1 == cols as usize || !board.on[cell + 1],
                        r + 1 == rows as usize || !board.on[cell + cols as usize],
                        c == 0 || !board.on[cell - 1],
                    ];
                    if (0..4).any(|side| lone[side] && e[side] != *border) {
                        return ControlFlow::Continue(());
                    }
                }
                if guard.full(meanings.len(), piece.span) {
                    return ControlFlow::Break(());
                }
                entries.clear();
                entries.push(Entry { item: piece_item[k], colour: Colour::NONE });
                match fleet {
                    Some(fleet) => fleet.placement_entries(b, placed, &writes, &mut entries),
                    None => entries
                        .extend(placed.iter().map(|&c| Entry { item: cell_item[c].unwrap(), colour: Colour::NONE })),
                }
                if let Some(touch) = touch.as_mut() {
                    touch.placement_entries(board, placed, &mut entries);
                }
                if let Some(e) = &o.edges {
                    let cell = placed[0];
                    let sides = [
                        (cell >= cols as usize).then(|| v_item[cell - cols as usize]).flatten(),
                        h_item[cell],
                        v_item[cell],
                        (cell % cols as usize > 0).then(|| h_item[cell - 1]).flatten(),
                    ];
                    for (side, item) in sides.iter().enumerate() {
                        if let Some(item) = item {
                            entries.push(Entry { item: *item, colour: b.colour(&e[side].to_string()) });
                        }
                    }
                }
                b.add_option(named_at(&[&piece.name, "@"], board.coord(placed[0])), &entries);
                meanings.push(Meaning::Place { piece: p, cells: placed.to_vec(), edges: o.edges.clone() });
                ControlFlow::Continue(())
            });
            if flow.is_break() {
                return;
            }
            // Whether it fits the board's shape when its labels fit nowhere.
            if !fits_shape {
                fits_shape = each_shift(board, &shape, &mut |_| ControlFlow::Break(())).is_break();
            }
        }
        if !fits_shape {
            diags.push(
                Diagnostic::new(
                    Code::G202,
                    piece.span,
                    format!("piece {} fits nowhere on `{}`", piece.label, board.name),
                )
                .label("no placement of this piece fits")
                .help("check the piece's size against the board, its holes, `confine`, and whether `rotate` is needed"),
            );
        }
    }
}

/// In `lower_place`'s label check: a cell without a label, a label no board value equals,
/// a board cell without a given (distinct from every value index and from each other).
const ANY_LABEL: usize = usize::MAX;
const NO_SUCH_VALUE: usize = usize::MAX - 1;
const NOT_GIVEN: usize = usize::MAX - 2;

/// Every placement of a shape (cells normalised as [`orientations_on`] leaves them) on the
/// board: for each shift that keeps all its cells on the board and off holes, `f` gets the
/// cells it covers, in the shape's order. Stops when `f` breaks.
pub(super) fn each_shift(
    board: &Board,
    cells: &[(i64, i64)],
    f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    each_shift_where(board, cells, |_, _| true, f)
}

/// [`each_shift`], for the placements whose every cell passes `fits(k, cell)` (`k`: the
/// cell's index in the shape), checked as the cells are made.
fn each_shift_where(
    board: &Board,
    cells: &[(i64, i64)],
    fits: impl Fn(usize, usize) -> bool,
    f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let (rows, cols) = (board.rows as i64, board.cols as i64);
    let height = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1;
    let width = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1;
    // On triangles a shape may start in column 1 and be shifted one to the left, and only
    // shifts with r0 + c0 even keep its triangles pointing the same way.
    let triangles = board.lattice == Lattice::Triangles;
    let first_col = if triangles { -1 } else { 0 };
    // The cells of the placement being tried: one buffer, copied only for an option kept
    // (most anchors are turned down by a label, and a batch lowers every instance).
    let mut placed = Vec::with_capacity(cells.len());
    for r0 in 0..=(rows - height) {
        'anchor: for c0 in first_col..=(cols - width) {
            if triangles && (r0 + c0).rem_euclid(2) != 0 {
                continue;
            }
            placed.clear();
            for (k, (dr, dc)) in cells.iter().enumerate() {
                if c0 + dc < 0 {
                    continue 'anchor;
                }
                let cell = ((r0 + dr) * cols + c0 + dc) as usize;
                if !board.on[cell] || !fits(k, cell) {
                    continue 'anchor;
                }
                placed.push(cell);
            }
            f(&placed)?;
        }
    }
    ControlFlow::Continue(())
}

fn lower_direct(
    model: &Model,
    b: &mut XccBuilder,
    meanings: &mut Vec<Meaning>,
    diags: &mut Diagnostics,
    guard: &mut OptionGuard,
    board_items: &[Option<ItemId>],
) {
    let ids: Vec<ItemId> = model
        .items
        .iter()
        .map(|i| if i.secondary { b.add_secondary(&i.name) } else { b.add_primary(&i.name, i.lo, i.hi) })
        .collect();
    // Items the sugar made (cells, regions, pieces) and items written out must not share a name.
    let mut uses: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for n in b.item_names() {
        *uses.entry(n).or_default() += 1;
    }
    if let Some(clash) = model.items.iter().find(|i| uses.get(i.name.as_str()).copied().unwrap_or(0) > 1) {
        diags.push(
            Diagnostic::new(
                Code::E102,
                clash.span,
                format!("item `{}` is also made by `fill`, `place` or a region", clash.name),
            )
            .label("name taken")
            .help("give the item another name"),
        );
        return;
    }
    let mut entries = Vec::new();
    for (k, o) in model.options.iter().enumerate() {
        if guard.full(meanings.len(), model.items.first().map_or(Span::default(), |i| i.span)) {
            return;
        }
        entries.clear();
        for (target, colour) in &o.covers {
            let colour = colour.as_ref().map_or(Colour::NONE, |c| b.colour(&c.to_string()));
            let item = match *target {
                Covered::Item(i) => ids[i],
                Covered::Cell(c) => match board_items.get(c).copied().flatten() {
                    Some(item) => item,
                    // `misnamed_cells` left only cells that `fill` or `place` make items for;
                    // they made none only when they stopped on an error of their own.
                    None => {
                        debug_assert!(!diags.is_empty(), "a named cell without an item");
                        return;
                    }
                },
            };
            entries.push(Entry { item, colour });
        }
        b.add_option(&o.name, &entries);
        meanings.push(Meaning::Direct(k));
    }
}

#[cfg(test)]
mod tests {
    use super::named_at;

    #[test]
    fn names_as_format_writes_them() {
        for a in [0, 7, -3, 10, 99, 100, -1000, i64::MAX, i64::MIN] {
            for b in [0, 1, -12, 123_456_789] {
                assert_eq!(named_at(&["cell"], (a, b)), format!("cell({a},{b})"));
                assert_eq!(named_at(&["bone(1,2)", "@"], (a, b)), format!("bone(1,2)@({a},{b})"));
            }
        }
    }
}
