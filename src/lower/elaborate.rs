//! Elaboration: runs a spec's declarations in order against one instance, producing the
//! [`Model`]: boards with their givens, concrete regions, pieces, items and options.
//! Each statement that fails adds its diagnostic and elaboration goes on, so one run reports
//! every independent mistake; statements that depend on a failed one are skipped silently.
use super::eval::{Env, R, type_error};
use super::instance::{Blanks, InstanceReader, read_grid, read_grid_at, read_grid_placed, read_lines};
use super::meter;
use super::model::*;
use super::value::Value;
use crate::diag::{Code, Diagnostic, Diagnostics, Span};
use crate::syntax::ast::*;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::rc::Rc;

/// Limits on what one instance may expand to.
#[derive(Clone, Copy, Debug)]
pub struct ExpandLimits {
    /// Bindings produced by all `for` clauses.
    pub work: u64,
    /// Cells of the board.
    pub cells: usize,
    /// Options of the direct form (the same limit lowering applies to every option).
    pub options: usize,
}

impl Default for ExpandLimits {
    fn default() -> Self {
        ExpandLimits { work: super::eval::DEFAULT_BUDGET, cells: 1_000_000, options: super::xcc::DEFAULT_MAX_OPTIONS }
    }
}

/// A region family's members: name, cells, span.
pub(super) type Family = Rc<Vec<(Rc<str>, Rc<[usize]>, Span)>>;
/// The parameter values of a region family's members.
pub(super) type FamilyArgs = Rc<Vec<Vec<Value>>>;

/// The state of elaboration: the model so far plus what later statements refer to by name.
pub struct Elab<'s> {
    pub env: Env,
    pub model: Model,
    pub diags: Diagnostics,
    /// Each region family's members: name, cells, span. Shared, so that a batch reuses a
    /// family (`memo.rs`) without copying it.
    pub(super) region_families: FxHashMap<String, Family>,
    /// The parameter values of each member of a region family (`cage(A)` → `['A']`), in
    /// member order, for statements that bind them (`each cage(l) sums to sum[l]`).
    pub(super) region_args: FxHashMap<String, FamilyArgs>,
    /// Piece declarations by name: indices into `model.pieces`.
    pub(super) piece_names: FxHashMap<String, (Vec<usize>, Span)>,
    item_index: FxHashMap<String, usize>,
    /// The arguments each item name was made from: `a(1)` and `a('1')` print alike but are
    /// different values, so they may not share one item (E102).
    item_args: FxHashMap<String, Vec<Value>>,
    /// Each colour's text and the value it was first written as: the engine tells colours by
    /// their text, the verifier by their value, so `1` and `'1'` may not both colour (E103).
    colours: FxHashMap<String, (Value, Span)>,
    item_families: FxHashMap<String, Span>,
    overrides: &'s HashMap<String, Value>,
    /// A name that failed to elaborate: later uses are skipped without a second error.
    pub(super) broken: FxHashSet<String>,
    /// Pieces made by families so far (they are numbered on from here).
    family_members: u32,
    /// Direct-form options allowed (S401 past it, before memory runs out).
    max_options: usize,
    /// The spec has `move` statements: a board without values is covered by pieces.
    played: bool,
    /// Probe mode for derived clues (`src/lower/derive.rs`): the data's name, and whether
    /// this elaboration probes.
    pub(super) probing_data: Option<String>,
    pub(super) probing: bool,
}

/// The key in `broken` that says the board failed (no spec name can contain spaces).
const BOARD_BROKEN: &str = "the board";

mod memo;
pub use memo::Memo;

/// Elaborates `spec` against the instance in `input`.
pub fn elaborate<'s>(
    spec: &Spec,
    input: &mut InstanceReader,
    overrides: &'s HashMap<String, Value>,
    limits: ExpandLimits,
) -> (Elab<'s>, Diagnostics) {
    elaborate_with(spec, input, overrides, limits, &mut Memo::none())
}

/// [`elaborate`], reusing what `memo` kept from the last instance of the same `spec` (see
/// [`Memo`]) and keeping this one's for the next.
pub fn elaborate_with<'s>(
    spec: &Spec,
    input: &mut InstanceReader,
    overrides: &'s HashMap<String, Value>,
    limits: ExpandLimits,
    memo: &mut Memo,
) -> (Elab<'s>, Diagnostics) {
    elaborate_as(spec, input, overrides, limits, memo, None)
}

/// [`elaborate`] in probe mode for `clues in DATA follow from the solution`
/// (`src/lower/derive.rs`): the model of the clue-free puzzle, with the data's entries and
/// the rules that read them recorded in `model.derived`.
pub fn elaborate_probe<'s>(
    spec: &Spec,
    input: &mut InstanceReader,
    overrides: &'s HashMap<String, Value>,
    limits: ExpandLimits,
) -> (Elab<'s>, Diagnostics) {
    let data = spec.stmts.iter().find_map(|s| match &s.kind {
        StmtKind::DerivedClues(d) => Some(d.data.name.clone()),
        _ => None,
    });
    elaborate_as(spec, input, overrides, limits, &mut Memo::none(), data)
}

fn elaborate_as<'s>(
    spec: &Spec,
    input: &mut InstanceReader,
    overrides: &'s HashMap<String, Value>,
    limits: ExpandLimits,
    memo: &mut Memo,
    probing_data: Option<String>,
) -> (Elab<'s>, Diagnostics) {
    let mut el = Elab {
        env: Env::new(limits.work),
        model: Model::default(),
        diags: Vec::new(),
        region_families: FxHashMap::default(),
        region_args: FxHashMap::default(),
        piece_names: FxHashMap::default(),
        item_index: FxHashMap::default(),
        item_args: FxHashMap::default(),
        colours: FxHashMap::default(),
        item_families: FxHashMap::default(),
        overrides,
        broken: Default::default(),
        family_members: 0,
        max_options: limits.options,
        played: spec.stmts.iter().any(|s| matches!(s.kind, StmtKind::Move(_))),
        probing: probing_data.is_some(),
        probing_data,
    };
    let start = input.position();
    for (k, stmt) in spec.stmts.iter().enumerate() {
        let region = match &stmt.kind {
            StmtKind::Region(r) if !el.needs_broken(stmt) => Some(&r.name.name),
            _ => None,
        };
        if region.is_some_and(|name| memo.reuse(k, &mut el, name)) {
            continue;
        }
        let budget = el.env.budget;
        let done = el.stmt(stmt, (k, &mut *memo), input, limits);
        if let (Ok(()), Some(name)) = (&done, region) {
            memo.remember(k, &el, name, budget - el.env.budget);
        }
        if let Err(d) = done {
            // "`n` is not defined" after `let n = ...` failed says nothing new.
            let follow_on = d.code == Code::E101 && el.broken.iter().any(|b| d.message.contains(&format!("`{b}`")));
            if follow_on {
                continue;
            }
            // Instance data that ran out or did not fit makes everything after it noise.
            let fatal = matches!(d.code, Code::I301 | Code::I302 | Code::I303 | Code::I304 | Code::S401);
            el.diags.push(d);
            if fatal {
                break;
            }
        }
    }
    el.model.read = (start, input.position());
    let diags = std::mem::take(&mut el.diags);
    (el, diags)
}

impl Elab<'_> {
    /// Whether a statement needs something that already failed: it is skipped without a
    /// second, follow-on error.
    fn needs_broken(&self, stmt: &Stmt) -> bool {
        let board_broken = self.broken.contains(BOARD_BROKEN);
        match &stmt.kind {
            StmtKind::Fill(_)
            | StmtKind::Given { .. }
            | StmtKind::Walls { .. }
            | StmtKind::Region(_)
            | StmtKind::Place(_)
            | StmtKind::Confine(_)
            | StmtKind::RegionFrom { .. }
            | StmtKind::RegionRuns { .. } => board_broken,
            StmtKind::Cage(c) => self.broken.contains(&c.region.name),
            StmtKind::Count { .. }
            | StmtKind::Apart { .. }
            | StmtKind::PiecesApart { .. }
            | StmtKind::Draw(_)
            | StmtKind::Clues { .. } => board_broken,
            StmtKind::Connected { .. }
            | StmtKind::Areas { .. }
            | StmtKind::Block { .. }
            | StmtKind::Pairs(_)
            | StmtKind::Chain { .. }
            | StmtKind::Distinct { .. }
            | StmtKind::Sized(_)
            | StmtKind::ConnectedEach(_)
            | StmtKind::Shapes(_)
            | StmtKind::Crossing(_) => board_broken,
            StmtKind::Compare(_) | StmtKind::Runs(_) | StmtKind::Seen(_) | StmtKind::Sight(_) => board_broken,
            StmtKind::Bridges { .. } | StmtKind::IslandsConnected { .. } => board_broken,
            StmtKind::Loop { .. } | StmtKind::LoopClues { .. } | StmtKind::LoopRule(_) | StmtKind::Paths { .. } => {
                board_broken
            }
            // A cover that names no item family may name the board's cells: skipped when the
            // board failed, so `grid(r, c)` gives no follow-on "not an item".
            StmtKind::Option(o) => o.covers.iter().any(|c| {
                self.broken.contains(&c.item.name) || (board_broken && !self.item_families.contains_key(&c.item.name))
            }),
            _ => false,
        }
    }

    /// Elaborates statement `k` of the spec; `memo` keeps what a batch may reuse.
    fn stmt(
        &mut self,
        stmt: &Stmt,
        (k, memo): (usize, &mut Memo),
        input: &mut InstanceReader,
        limits: ExpandLimits,
    ) -> R<()> {
        if self.needs_broken(stmt) {
            if let StmtKind::Region(RegionDecl { name, .. })
            | StmtKind::RegionFrom { name, .. }
            | StmtKind::RegionRuns { name, .. } = &stmt.kind
            {
                self.broken.insert(name.name.clone());
            }
            return Ok(());
        }
        match &stmt.kind {
            StmtKind::Puzzle(title) => self.model.title = title.text.clone(),
            StmtKind::Let { name, value } => {
                let v = match self.overrides.get(&name.name) {
                    Some(v) => v.clone(),
                    None => self.eval_or_break(&name.name, value)?,
                };
                self.env.globals.insert(name.name.clone(), (v, name.span));
            }
            StmtKind::Counter(c) => {
                let held = self.model.counters.iter().map(|c| c.values.len()).sum();
                let counter = super::counters::elaborate(c, &mut self.env, input, held)?;
                self.model.counters.push(counter);
            }
            StmtKind::Param { name, range } => {
                let (n, span) = input.int(format!("param `{}`", name.name))?;
                if let Some(range) = range {
                    let allowed = self.env.eval_collection(range, "`param ... in` takes a range")?;
                    if !allowed.contains(&Value::Int(n)) {
                        return Err(Diagnostic::new(
                            Code::I304,
                            span,
                            format!("`{}` must lie in {allowed}, but the instance gives {n}", name.name),
                        )
                        .label("out of range")
                        .related(range.span, "the allowed range"));
                    }
                }
                self.env.globals.insert(name.name.clone(), (Value::Int(n), name.span));
            }
            StmtKind::Board(b) => self.board(b, limits).inspect_err(|_| {
                self.broken.insert(BOARD_BROKEN.to_string());
            })?,
            StmtKind::Fill(name) => {
                let board = self.board_named(name)?;
                if board.values.is_empty() {
                    return Err(Diagnostic::new(Code::E105, name.span, "`fill` needs the board's values")
                        .label("this board has no `of ...`")
                        .related(board.span, "declared here")
                        .help("declare the values a cell may hold: `board grid[9, 9] of 1..=9`"));
                }
                self.model.fill = true;
            }
            StmtKind::Given { board, source } => self.given(board, source, input)?,
            StmtKind::Walls { board, source } => {
                let board = self.board_named(board)?.clone();
                self.model.walls = Some(super::walls::Walls::read(&board, source, input, stmt.span)?);
            }
            StmtKind::Region(r) => self.region(r)?,
            StmtKind::Each { regions, once } => {
                for (i, r) in regions.iter().enumerate() {
                    if let Some(first) = regions[..i].iter().find(|q| q.name == r.name) {
                        self.diags.push(
                            Diagnostic::new(Code::E102, r.span, format!("region `{}` is listed twice", r.name))
                                .label("listed again")
                                .related(first.span, "first listed here"),
                        );
                        continue;
                    }
                    let Some(family) = self.region_families.get(&r.name) else {
                        if !self.broken.contains(&r.name) {
                            self.diags.push(self.unknown(r, "region", self.region_families.keys()));
                        }
                        continue;
                    };
                    let family = family.clone();
                    self.layout_once(&r.name, r.span);
                    for (name, cells, span) in family.iter() {
                        self.model.regions.push(Region {
                            name: name.clone(),
                            cells: cells.clone(),
                            once: *once,
                            span: *span,
                        });
                    }
                }
            }
            StmtKind::Piece(p) => self.piece(p, k, memo)?,
            StmtKind::Tiles(t) => self.tiles(t, input).inspect_err(|_| {
                self.broken.insert(t.name.name.clone());
            })?,
            StmtKind::Place(p) => self.place(p)?,
            StmtKind::Confine(c) => self.confine(c)?,
            StmtKind::MatchEdges(border) => {
                if let Some(b) = self.model.board.as_ref().filter(|b| b.lattice != Lattice::Squares) {
                    return Err(Diagnostic::new(
                        Code::E105,
                        stmt.span,
                        "tiles and `match edges` need a board of squares",
                    )
                    .label("edges matched here")
                    .related(b.span, "this board's cells are not squares")
                    .help("edges are matched between square cells: top, right, bottom, left"));
                }
                self.model.match_edges = true;
                if let Some(e) = border {
                    // Read like a tile's label: a whole number, or else a word.
                    let shown = self.env.eval(e)?.to_string();
                    self.model.border =
                        Some(shown.parse::<i64>().map(Value::Int).unwrap_or_else(|_| Value::Str(shown.into())));
                }
            }
            StmtKind::Item(i) => self.items(i).inspect_err(|_| {
                for d in &i.items {
                    self.broken.insert(d.name.name.clone());
                }
            })?,
            StmtKind::Option(o) => self.options(o)?,
            StmtKind::Answer(a, symmetry) => {
                self.model.answer = Some(a.node);
                self.model.up_to_symmetry = *symmetry;
            }
            // Handled by the loader (imports, instances) and by the move-search lowering.
            StmtKind::Import(_) | StmtKind::Instance(_) | StmtKind::Cases(_) | StmtKind::Print { .. } => {}
            StmtKind::Move(_)
            | StmtKind::After(_)
            | StmtKind::Goal(_)
            | StmtKind::Budget(_)
            | StmtKind::Estimate(_) => {}
            StmtKind::Grid(g) => self.grid(g, input, limits).inspect_err(|_| {
                self.broken.insert(g.name.name.clone());
            })?,
            StmtKind::Table { name, count } => self.table(name, count, input).inspect_err(|_| {
                self.broken.insert(name.name.clone());
            })?,
            StmtKind::RegionFrom { name, grid, without } => {
                self.region_from(name, grid, without.as_ref()).inspect_err(|_| {
                    self.broken.insert(name.name.clone());
                })?
            }
            StmtKind::RegionRuns { name, columns } => self.region_runs(name, *columns).inspect_err(|_| {
                self.broken.insert(name.name.clone());
            })?,
            StmtKind::Cage(c) => self.cage(c)?,
            StmtKind::Count { regions, params, bound, of, span } => self.count(regions, params, bound, of, *span)?,
            StmtKind::PiecesApart { diagonal, span } => self.pieces_apart(*diagonal, *span)?,
            StmtKind::Apart { of, diagonal, span } => self.apart(of, *diagonal, *span)?,
            StmtKind::Connected { of, span } => self.connected(of, *span)?,
            StmtKind::Areas { of, clues, sized, span } => self.areas(of, clues, *sized, *span)?,
            StmtKind::Block { rows, cols, of, span } => self.block(rows, cols, of, *span)?,
            StmtKind::Pairs(d) => self.pairs(d)?,
            StmtKind::Chain { diagonal, span } => self.chain(*diagonal, *span)?,
            StmtKind::Distinct { rows, columns, span } => self.distinct(*rows, *columns, *span)?,
            StmtKind::Sized(d) => self.sized(d)?,
            StmtKind::ConnectedEach(d) => self.connected_each(d)?,
            StmtKind::Shapes(d) => self.shapes(d)?,
            StmtKind::Crossing(d) => self.crossing(d)?,
            StmtKind::Compare(d) => self.compare(d)?,
            StmtKind::Runs(d) => self.runs(d)?,
            StmtKind::Loop { board, cells, span } => self.loop_on(board, *cells, *span)?,
            StmtKind::LoopRule(d) => self.loop_rule(d)?,
            StmtKind::Paths { clues, every_cell, span } => self.paths(clues, *every_cell, *span)?,
            StmtKind::LoopClues { clues, span } => self.loop_clues(clues, *span)?,
            StmtKind::Bridges { clues, most, span } => self.bridges_on(clues, most, *span)?,
            StmtKind::IslandsConnected { span } => self.islands_connected(*span)?,
            StmtKind::Seen(d) => self.seen(d)?,
            StmtKind::Sight(d) => self.sight(d)?,
            StmtKind::Draw(d) => self.draw(d)?,
            StmtKind::Clues { board, empty, span } => self.clues(board, empty, *span)?,
            StmtKind::DerivedClues(d) => self.derived_clues(d)?,
        }
        Ok(())
    }

    /// Evaluates a `let`; on failure the name is remembered as broken so its uses stay quiet.
    fn eval_or_break(&mut self, name: &str, e: &Expr) -> R<Value> {
        self.env.eval(e).inspect_err(|_| {
            self.broken.insert(name.to_string());
        })
    }

    pub(super) fn unknown<'k>(&self, name: &Ident, kind: &str, known: impl Iterator<Item = &'k String>) -> Diagnostic {
        let known: Vec<&str> = known.map(|s| s.as_str()).collect();
        let mut d = Diagnostic::new(Code::E101, name.span, format!("no {kind} is named `{}`", name.name))
            .label(format!("unknown {kind}"));
        if let Some(s) = crate::syntax::closest_name(&name.name, &known) {
            d = d.help(format!("did you mean `{s}`?"));
        } else if known.is_empty() {
            d = d.help(format!("declare the {kind} before this statement"));
        }
        d
    }

    pub(super) fn board_named(&self, name: &Ident) -> R<&Board> {
        match &self.model.board {
            Some(b) if b.name == name.name => Ok(b),
            Some(b) => Err(Diagnostic::new(Code::E101, name.span, format!("no board is named `{}`", name.name))
                .label("unknown board")
                .related(b.span, format!("the board is `{}`", b.name))
                .help(format!("did you mean `{}`?", b.name))),
            None => Err(Diagnostic::new(
                Code::E105,
                name.span,
                format!("no board is declared, so `{}` is unknown", name.name),
            )
            .label("unknown board")
            .help("declare it first: `board grid[9, 9] of 1..=9`")),
        }
    }

    fn board(&mut self, b: &BoardDecl, limits: ExpandLimits) -> R<()> {
        if let Some(old) = &self.model.board {
            return Err(Diagnostic::new(Code::E105, b.name.span, "a spec has one board")
                .label("a second board")
                .related(old.span, "the first board"));
        }
        let rows = self.env.eval_int(&b.rows, "a board's rows are a number")?;
        let cols = self.env.eval_int(&b.cols, "a board's columns are a number")?;
        for (n, e) in [(rows, &b.rows), (cols, &b.cols)] {
            if n < 1 {
                return Err(Diagnostic::new(
                    Code::G203,
                    e.span,
                    format!("a board needs at least one row and column, found {n}"),
                )
                .label("must be 1 or more"));
            }
        }
        if rows.saturating_mul(cols) > limits.cells as i64 {
            return Err(Diagnostic::new(
                Code::S401,
                b.rows.span.to(b.cols.span),
                format!("a {rows}×{cols} board is too large"),
            )
            .label(format!("more than {} cells", limits.cells))
            .help("boards are limited to a million cells"));
        }
        let (rows, cols) = (rows as usize, cols as usize);
        let values = match &b.values {
            Some(e) => {
                let coll = self.env.eval_collection(e, "a board's values are a range or a list")?;
                if coll.len().unwrap_or(0) > 65_536 {
                    return Err(
                        Diagnostic::new(Code::S401, e.span, "too many cell values").label("more than 65536 values")
                    );
                }
                let vals = coll.elements();
                for v in &vals {
                    if !matches!(v, Value::Int(_) | Value::Char(_)) {
                        return Err(type_error("numbers or characters", v, e.span, "cells hold numbers or characters"));
                    }
                }
                // A value listed twice would count twice in `each ... exactly once`.
                let mut seen = std::collections::HashSet::new();
                if let Some(v) = vals.iter().find(|v| !seen.insert(*v)) {
                    return Err(Diagnostic::new(Code::G203, e.span, format!("the board's values list `{v}` twice"))
                        .label("a value repeated")
                        .help(
                            "list each value once: a cell takes one of the values, and regions count each value once",
                        ));
                }
                vals
            }
            None => Vec::new(),
        };
        let mut board = Board {
            name: b.name.name.clone(),
            rows,
            cols,
            on: vec![true; rows * cols],
            values,
            given: vec![None; rows * cols],
            origin: b.origin.as_ref().map_or(Origin::TopLeft, |o| o.node),
            lattice: b.lattice.as_ref().map_or(Lattice::Squares, |l| l.node),
            span: b.name.span,
        };
        for m in &b.masks {
            apply_mask(&mut board, m)?;
        }
        for w in &b.without {
            let cells = self.cells_of(&board, w, "`without` takes a set of cells")?;
            for c in cells {
                board.on[c] = false;
            }
        }
        self.model.board = Some(board);
        Ok(())
    }

    /// The picture of a board of pieces: one letter per cell, kept with where it was read
    /// (lowering decomposes the letters into pieces, and points at a letter that forms none).
    fn letters(&mut self, board: Board, source: &GivenSource, input: &mut InstanceReader) -> R<()> {
        // Any visible character but the blanks `.`, `-`, `_` (and `#`, which starts a comment).
        let marks: Vec<Value> = ('!'..='~').filter(|c| !".-_#".contains(*c)).map(Value::Char).collect();
        let b = Board { values: marks, ..board };
        if let GivenSource::Instance(span, l) = source
            && (l.by_columns || l.reversed || l.until.is_some())
        {
            return Err(Diagnostic::new(Code::E109, *span, "a board of pieces is read as a picture, row by row")
                .label("a layout for lists of values")
                .help("write `given tray from instance` and draw the pieces in the instance"));
        }
        let mut spans = Vec::new();
        let given = match source {
            GivenSource::Inline(s) => {
                let mut picture = InstanceReader::new(&s.text, b.span.file, s.offset).picture();
                read_grid_at(&b, &mut picture, &mut spans, Blanks::Unknown)?
            }
            GivenSource::Instance(..) => read_grid_at(&b, input, &mut spans, Blanks::Unknown)?,
        };
        self.model.letters = given
            .iter()
            .map(|g| g.and_then(|i| if let Value::Char(c) = b.values[i] { Some(c) } else { None }))
            .collect();
        self.model.letter_spans = spans;
        Ok(())
    }

    /// Evaluates a set of cells, `{(r, c), ...}`, to flat indices (G201 for any off the board).
    pub fn cells_of(&mut self, board: &Board, e: &Expr, what: &str) -> R<Vec<usize>> {
        let coll = self.env.eval_collection(e, what)?;
        let mut out = Vec::new();
        for v in coll.iter() {
            let (a, b) = coord_of(&v, e.span)?;
            match board.cell(a, b) {
                Some(c) => out.push(c),
                None => {
                    return Err(off_board(board, a, b, e.span));
                }
            }
        }
        Ok(out)
    }

    fn given(&mut self, name: &Ident, source: &GivenSource, input: &mut InstanceReader) -> R<()> {
        let board = self.board_named(name)?.clone();
        if self.played && board.values.is_empty() {
            return self.letters(board, source, input);
        }
        let blanks = if self.played { Blanks::UnlessDeclared } else { Blanks::Unknown };
        let given = match source {
            GivenSource::Instance(_, layout) if layout.by_columns || layout.reversed || layout.until.is_some() => {
                let until = layout.until.as_ref().map(|e| self.env.eval(e).map(|v| v.to_string())).transpose()?;
                read_lines(&board, input, layout.by_columns, layout.reversed, until.as_deref(), blanks)?
            }
            GivenSource::Instance(..) => {
                let (given, placed) = read_grid_placed(&board, input, blanks)?;
                self.model.given_read = Some(placed);
                given
            }
            GivenSource::Inline(s) => {
                let mut picture = InstanceReader::new(&s.text, name.span.file, s.offset).picture();
                let given = read_grid(&board, &mut picture, blanks)?;
                if !picture.at_end() {
                    let (_, span) = picture.word("")?;
                    return Err(Diagnostic::new(
                        Code::I302,
                        span,
                        format!(
                            "the picture holds more than the {} cells of `{}`",
                            board.rows * board.cols,
                            board.name
                        ),
                    )
                    .label("past the board's last cell")
                    .related(board.span, "the board is declared here")
                    .help(format!("draw {} rows of {} cells", board.rows, board.cols)));
                }
                given
            }
        };
        self.model.board.as_mut().unwrap().given = given;
        Ok(())
    }

    fn region(&mut self, r: &RegionDecl) -> R<()> {
        let Some(board) = self.model.board.clone() else {
            self.broken.insert(r.name.name.clone());
            return Err(Diagnostic::new(Code::E105, r.name.span, "a region needs a board declared before it")
                .label("no board yet")
                .help("declare the board first: `board grid[9, 9] of 1..=9`"));
        };
        let mut family: Vec<(Rc<str>, Rc<[usize]>, Span)> = Vec::new();
        let mut member_args = Vec::new();
        let result = match &r.each {
            None => self.cells_of(&board, &r.cells, "a region is a set of cells").map(|cells| {
                family.push((r.name.name.as_str().into(), cells.into(), r.name.span));
            }),
            Some(clause) => {
                let mut out = Vec::new();
                let res = self.env.for_each(clause, &mut |env| {
                    let values: Vec<Value> = r
                        .params
                        .iter()
                        .map(|p| env.eval(&Expr { kind: ExprKind::Name(p.name.clone()), span: p.span }))
                        .collect::<R<_>>()?;
                    let args: Vec<String> = values.iter().map(|v| v.to_string()).collect();
                    member_args.push(values);
                    let coll = env.eval_collection(&r.cells, "a region is a set of cells")?;
                    let mut cells = Vec::new();
                    for v in coll.iter() {
                        let (a, b) = coord_of(&v, r.cells.span)?;
                        cells.push(board.cell(a, b).ok_or_else(|| off_board(&board, a, b, r.cells.span))?);
                    }
                    out.push((format!("{}({})", r.name.name, args.join(", ")).into(), cells.into(), r.name.span));
                    Ok(())
                });
                family = out;
                res
            }
        };
        if let Err(d) = result {
            self.broken.insert(r.name.name.clone());
            return Err(d);
        }
        for (name, cells, _) in &family {
            let mut seen = std::collections::HashSet::new();
            if let Some(&c) = cells.iter().find(|&&c| !seen.insert(c)) {
                let board = self.model.board.as_ref().unwrap();
                let (x, y) = board.coord(c);
                self.broken.insert(r.name.name.clone());
                return Err(Diagnostic::new(Code::G206, r.cells.span, format!("`{name}` lists cell ({x}, {y}) twice"))
                    .label("a cell listed twice")
                    .help("a region is a set of cells: write it with `{ ... }`, which drops repeats, or list each cell once"));
            }
        }
        if r.each.is_none() {
            member_args.push(Vec::new());
        }
        self.region_families.insert(r.name.name.clone(), Rc::new(family));
        self.region_args.insert(r.name.name.clone(), Rc::new(member_args));
        Ok(())
    }

    /// Piece statement `k`: its pieces, made or (in a batch, while the globals are those
    /// they were made under, see [`Memo`]) reused, added to the model.
    fn piece(&mut self, p: &PieceDecl, k: usize, memo: &mut Memo) -> R<()> {
        let budget = self.env.budget;
        let made = match memo.reuse_pieces(k, self) {
            Some(made) => Ok(made),
            None => self.pieces_made(p).inspect(|made| memo.remember_pieces(k, self, made, budget)),
        };
        match made {
            Ok(made) => self.add_pieces(p, made),
            Err(d) => {
                self.broken.insert(p.name.name.clone());
                Err(d)
            }
        }
    }

    /// The pieces a piece statement makes: each one's name, shape and copies. They depend
    /// only on the globals in force (the statement reads no instance data and no board), so
    /// a batch may reuse them ([`memo::Memo`]).
    fn pieces_made(&mut self, p: &PieceDecl) -> R<Vec<MadePiece>> {
        let mut made = Vec::new();
        let res = match &p.each {
            None => shape_of(&mut self.env, &p.shape).and_then(|cells| {
                made.push((p.name.name.clone(), cells, copies(&mut self.env, p.times.as_ref())?));
                Ok(())
            }),
            Some(clause) => self.env.for_each(clause, &mut |env| {
                // A family member is named by its parameters: `bone(0,1)`.
                let args = p
                    .params
                    .iter()
                    .map(|q| env.eval(&Expr { kind: ExprKind::Name(q.name.clone()), span: q.span }))
                    .collect::<R<Vec<_>>>()?;
                made.push((item_key(&p.name.name, &args), shape_of(env, &p.shape)?, copies(env, p.times.as_ref())?));
                Ok(())
            }),
        };
        res.map(|()| made)
    }

    /// Adds the pieces a piece statement made to the model, numbering family members.
    fn add_pieces(&mut self, p: &PieceDecl, made: Vec<MadePiece>) -> R<()> {
        let family = p.each.is_some();
        let mut ids = Vec::new();
        for (name, cells, count) in made {
            // Members of families are numbered 1, 2, ... across all families, in order.
            let i = if family {
                self.family_members += 1;
                self.family_members - 1
            } else {
                0
            };
            let label = if family { (i + 1).to_string() } else { p.name.name.clone() };
            // The copies of a family member all show its number; those of a named piece its
            // name, and are numbered 1, 2, ... in JSON answers.
            let numbers = if family { vec![i + 1; count.max(1) as usize] } else { (1..=count.max(1)).collect() };
            ids.push(self.model.pieces.len());
            let (cells, odd) = cells;
            self.model.pieces.push(Piece { name, label, cells, edges: None, count, numbers, odd, span: p.name.span });
        }
        self.define_piece(&p.name, ids)
    }

    pub(super) fn define_piece(&mut self, name: &Ident, ids: Vec<usize>) -> R<()> {
        if let Some((_, old)) = self.piece_names.get(&name.name) {
            return Err(Diagnostic::new(Code::E102, name.span, format!("`{}` is defined twice", name.name))
                .label("second definition")
                .related(*old, "first defined here"));
        }
        self.model.confine.resize(self.model.pieces.len(), None);
        self.model.confine_where.resize(self.model.pieces.len(), None);
        self.piece_names.insert(name.name.clone(), (ids, name.span));
        Ok(())
    }

    fn place(&mut self, p: &PlaceDecl) -> R<()> {
        self.board_named(&p.board)?;
        if let Some(old) = &self.model.placing {
            return Err(Diagnostic::new(Code::E105, p.board.span, "a spec has one `place` statement")
                .label("a second `place`")
                .related(old.span, "the first `place`")
                .help("list every piece in one statement: `place a, b, c on board`"));
        }
        let mut pieces: Vec<usize> = Vec::new();
        match &p.pieces {
            None => pieces.extend(0..self.model.pieces.len()),
            Some(names) => {
                for n in names {
                    match self.piece_names.get(&n.name) {
                        Some((ids, _)) => pieces.extend(ids.iter().copied()),
                        None if self.broken.contains(&n.name) => {}
                        None => self.diags.push(self.unknown(n, "piece", self.piece_names.keys())),
                    }
                }
            }
        }
        // A tile's four edges are a square's: on triangles or hexagons it would be placed as
        // a one-cell piece, its edges meaning nothing.
        if let Some(board) = self.model.board.as_ref().filter(|b| b.lattice != Lattice::Squares)
            && let Some(tile) = pieces.iter().map(|&id| &self.model.pieces[id]).find(|t| t.edges.is_some())
        {
            return Err(Diagnostic::new(Code::E105, p.board.span, "tiles need a board of squares")
                .label("tiles placed here")
                .related(board.span, "this board's cells are not squares")
                .related(tile.span, "a square tile, with four edges")
                .help("place tiles on a board of squares (no `lattice`), or draw pieces of triangles with `piece`"));
        }
        // A piece placed `times 0` (a count from the instance) takes no part.
        pieces.retain(|&id| self.model.pieces[id].count > 0);
        let shows = p.shows.as_ref().map(|v| self.piece_value(v)).transpose()?;
        self.model.placing = Some(Placing {
            pieces,
            rotate: p.rotate,
            reflect: p.reflect,
            partial: p.partial,
            shows,
            span: p.board.span,
        });
        Ok(())
    }

    fn items(&mut self, stmt: &ItemStmt) -> R<()> {
        let mut made: Vec<(Vec<Value>, String, u32, u32, Span)> = Vec::new();
        let mut one = |env: &mut Env| -> R<()> {
            for decl in &stmt.items {
                let args = env.eval_all(&decl.args)?;
                let name = item_key(&decl.name.name, &args);
                let (lo, hi) = match &decl.times {
                    None => (1, 1),
                    Some(e) => multiplicity(env, e)?,
                };
                meter::push(&mut made, (args, name, lo, hi, decl.span), decl.span)?;
            }
            Ok(())
        };
        self.env.for_each_or_once(stmt.each.as_ref(), &mut one)?;
        for decl in &stmt.items {
            self.item_families.entry(decl.name.name.clone()).or_insert(decl.name.span);
        }
        for (args, name, lo, hi, span) in made {
            if let Some(old) = self.item_args.get(&name) {
                if *old != args {
                    return Err(same_text(
                        "item",
                        &name,
                        old,
                        &args,
                        span,
                        self.model.items[self.item_index[&name]].span,
                    ));
                }
                continue; // `diag(r + c)` for every (r, c) names each diagonal many times.
            }
            // Metered: the three tables grow here, after the bindings were counted.
            meter::map_room(&mut self.item_args, span)?;
            meter::map_room(&mut self.item_index, span)?;
            self.item_args.insert(name.clone(), args);
            self.item_index.insert(name.clone(), self.model.items.len());
            meter::push(&mut self.model.items, DirectItem { name, secondary: stmt.secondary, lo, hi, span }, span)?;
        }
        Ok(())
    }

    fn options(&mut self, o: &OptionDecl) -> R<()> {
        let known = Known {
            item_index: &self.item_index,
            families: &self.item_families,
            items: &self.model.items,
            item_args: &self.item_args,
            board: self.model.board.as_ref(),
        };
        let cell_covers = &mut self.model.cell_covers;
        let colours = &mut self.colours;
        let room = self.max_options.saturating_sub(self.model.options.len());
        let too_many = || {
            Diagnostic::new(Code::S401, o.name.span, format!("the options build more than {} options", room))
                .label("too many options")
                .help("shrink the `for` ranges, or raise the limit with `--max-options`")
        };
        // Without a `where`, a clause of known size that cannot fit fails before building any
        // (past the expansion budget, `for_each` says so itself).
        if let Some(c) = &o.each
            && c.filter.is_none()
            && self.env.bindings(c).is_some_and(|n| n > room as u64 && n <= self.env.budget)
        {
            return Err(too_many());
        }
        let mut made = Vec::new();
        let mut one = |env: &mut Env| -> R<()> {
            if made.len() >= room {
                return Err(too_many());
            }
            let name = item_key(&o.name.name, &env.eval_all(&o.args)?);
            let mut covers: Vec<(Covered, Option<Value>)> = Vec::with_capacity(o.covers.len());
            for c in &o.covers {
                let mut add = |env: &mut Env| -> R<()> {
                    let (ix, colour) = resolve_cover(env, c, &name, &known)?;
                    if let Covered::Cell(_) = ix {
                        let first = if colour.is_some() { &mut cell_covers.coloured } else { &mut cell_covers.plain };
                        first.get_or_insert(c.span);
                    } else if let (Some(v), Some(e)) = (&colour, &c.colour) {
                        let (first, at) = colours.entry(v.to_string()).or_insert_with(|| (v.clone(), e.span));
                        if first != v {
                            return Err(same_text(
                                "colour",
                                &v.to_string(),
                                std::slice::from_ref(first),
                                std::slice::from_ref(v),
                                e.span,
                                *at,
                            ));
                        }
                    }
                    if covers.iter().any(|(i, _)| *i == ix) {
                        return Err(Diagnostic::new(
                            Code::G205,
                            c.span,
                            format!("option `{name}` covers `{}` twice", known.name_of(ix)),
                        )
                        .label("covered again here")
                        .help("an option covers each item at most once"));
                    }
                    covers.push((ix, colour));
                    Ok(())
                };
                env.for_each_or_once(c.each.as_ref(), &mut add)?;
            }
            meter::push(&mut made, DirectOption { name, covers }, o.name.span)?;
            Ok(())
        };
        self.env.for_each_or_once(o.each.as_ref(), &mut one)?;
        if self.model.options.is_empty() {
            self.model.options = made;
        } else {
            // The list grows once by all that was made: it must fit.
            let bytes = made.len().saturating_mul(2 * size_of::<DirectOption>());
            if !meter::room_for(bytes) || self.model.options.try_reserve(made.len()).is_err() {
                return Err(meter::out_of_memory(o.name.span));
            }
            self.model.options.extend(made);
        }
        Ok(())
    }
}

/// What an option's covers can name: the declared items, and the board's cells.
struct Known<'a> {
    item_index: &'a FxHashMap<String, usize>,
    families: &'a FxHashMap<String, Span>,
    items: &'a [DirectItem],
    item_args: &'a FxHashMap<String, Vec<Value>>,
    board: Option<&'a Board>,
}

impl Known<'_> {
    /// How a cover's target is named in messages: `rank(3)`, `grid(0,2)`.
    fn name_of(&self, target: Covered) -> String {
        match (target, self.board) {
            (Covered::Item(ix), _) => self.items[ix].name.clone(),
            (Covered::Cell(cell), Some(b)) => {
                let (x, y) = b.coord(cell);
                format!("{}({x},{y})", b.name)
            }
            (Covered::Cell(cell), None) => format!("cell {cell}"),
        }
    }
}

/// A cover that names the board, `grid(r, c)`: that cell (G201 off the board, G205 a hole).
/// Its colour, if any, must be a value of the board (G204); lowering decides whether the
/// board wants one.
fn resolve_cell(env: &mut Env, c: &Cover, name: &str, board: &Board) -> R<(Covered, Option<Value>)> {
    let args = env.eval_all(&c.args)?;
    let key = item_key(&c.item.name, &args);
    let (a, b) = match &args[..] {
        [Value::Int(a), Value::Int(b)] => (*a, *b),
        _ => {
            return Err(Diagnostic::new(
                Code::E104,
                c.span,
                format!("option `{name}` covers `{key}`, but a cell of `{}` is named by two numbers", board.name),
            )
            .label("not a cell")
            .help(format!("name the cell by its coordinates: `{}(r, c)`", board.name)));
        }
    };
    let cell = board.cell(a, b).ok_or_else(|| off_board(board, a, b, c.span))?;
    if !board.on[cell] {
        return Err(Diagnostic::new(
            Code::G205,
            c.span,
            format!("option `{name}` covers `{key}`, a hole of the board"),
        )
        .label("a hole, not a cell")
        .related(board.span, "the board is declared here")
        .help("holes are not cells: leave them out with a `where`"));
    }
    let colour = match &c.colour {
        None => None,
        Some(e) => {
            let v = env.eval(e)?;
            if !board.values.is_empty() && !board.values.contains(&v) {
                return Err(Diagnostic::new(Code::G204, e.span, format!("`{v}` is not a value of `{}`", board.name))
                    .label("not a value of the board")
                    .related(board.span, "the board's values are declared here")
                    .help("the colour of a cell is the value it must hold: one of the board's values"));
            }
            Some(v)
        }
    };
    Ok((Covered::Cell(cell), colour))
}

/// The item a cover names, and its colour, under the current bindings (G205 if no such item).
fn resolve_cover(env: &mut Env, c: &Cover, name: &str, known: &Known) -> R<(Covered, Option<Value>)> {
    let Known { item_index, families, items, item_args, board } = *known;
    if let Some(board) = board.filter(|b| b.name == c.item.name) {
        return resolve_cell(env, c, name, board);
    }
    let args = env.eval_all(&c.args)?;
    let key = item_key(&c.item.name, &args);
    if let Some(declared) = item_args.get(&key)
        && *declared != args
    {
        return Err(same_text("item", &key, declared, &args, c.span, items[item_index[&key]].span));
    }
    let Some(&ix) = item_index.get(&key) else {
        let mut d =
            Diagnostic::new(Code::G205, c.span, format!("option `{name}` covers `{key}`, which is not an item"))
                .label("no such item");
        d = match families.get(&c.item.name) {
            Some(span) => d.related(*span, "items of this name are declared here").help(
                "the arguments fall outside the declared items: add a `where` to the option, or declare more items",
            ),
            None => {
                let mut known: Vec<&str> = families.keys().map(|s| s.as_str()).collect();
                known.extend(board.map(|b| b.name.as_str()));
                match crate::syntax::closest_name(&c.item.name, &known) {
                    Some(s) => d.help(format!("did you mean `{s}`?")),
                    None => d.help("declare it with `item` or `secondary item`"),
                }
            }
        };
        return Err(d);
    };
    let colour = match &c.colour {
        None => None,
        Some(e) => {
            if !items[ix].secondary {
                return Err(Diagnostic::new(
                    Code::E103,
                    e.span,
                    format!("`{key}` is a primary item and cannot take a colour"),
                )
                .label("colour on a primary item")
                .help("only `secondary item`s carry colours"));
            }
            Some(env.eval(e)?)
        }
    };
    Ok((Covered::Item(ix), colour))
}

/// Two values that print alike (`1` and `'1'`, as item arguments or colours) but differ: the
/// answer could not tell them apart, so they are refused rather than merged.
fn same_text(what: &str, text: &str, first: &[Value], now: &[Value], span: Span, first_span: Span) -> Diagnostic {
    let code = if what == "item" { Code::E102 } else { Code::E103 };
    let typed = |vs: &[Value]| {
        let shown: Vec<String> = vs
            .iter()
            .map(|v| match v {
                Value::Char(c) => format!("'{c}'"),
                Value::Str(s) => format!("\"{s}\""),
                v => v.to_string(),
            })
            .collect();
        shown.join(", ")
    };
    Diagnostic::new(code, span, format!("this {what} prints as `{text}`, like an earlier one written with other types"))
        .label(format!("written with {}", typed(now)))
        .related(first_span, format!("written with {}", typed(first)))
        .help("a number 1, a character '1' and a string \"1\" print alike: write them the same way")
}

/// `rank(3)`, `cell(2, 5)`, or `rank` without arguments.
pub fn item_key(name: &str, args: &[Value]) -> String {
    if args.is_empty() {
        return name.to_string();
    }
    let mut key = String::with_capacity(name.len() + 2 + 4 * args.len());
    key.push_str(name);
    key.push('(');
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            key.push(',');
        }
        // Written straight into the key: a string per argument joined after (a batch
        // names its pieces anew for every instance) cost several times the writing.
        let _ = write!(key, "{a}");
    }
    key.push(')');
    key
}

/// `piece ... times m`: how many copies (1 without `times`; 0 leaves the piece out of `place`).
fn copies(env: &mut Env, times: Option<&Expr>) -> R<u32> {
    let Some(e) = times else { return Ok(1) };
    let k = env.eval_int(e, "`times` gives how many copies of the piece are placed")?;
    if !(0..=1_000_000).contains(&k) {
        return Err(Diagnostic::new(
            Code::G207,
            e.span,
            format!("a piece cannot be placed {}", crate::diag::plural(k, "time")),
        )
        .label("bad number of copies")
        .help("write `times 2`: 0 to 1000000 copies"));
    }
    Ok(k as u32)
}

fn multiplicity(env: &mut Env, e: &Expr) -> R<(u32, u32)> {
    let bad = |what: String| {
        Diagnostic::new(Code::G207, e.span, what)
            .label("bad multiplicity")
            .help("write `times 2` or `times 1..=3`: at least once, lower bound not above upper")
    };
    match env.eval(e)? {
        Value::Int(k) if (1..=u32::MAX as i64).contains(&k) => Ok((k as u32, k as u32)),
        Value::Range { lo, hi, chars: false } if lo >= 0 && hi > lo.max(1) && hi - 1 <= u32::MAX as i64 => {
            Ok((lo as u32, (hi - 1) as u32))
        }
        Value::Int(k) => Err(bad(format!("an item is covered {}", crate::diag::plural(k, "time")))),
        Value::Range { lo, hi, .. } => Err(bad(format!("an item is covered {lo} to {} times", hi - 1))),
        v => Err(type_error("a number or a range", &v, e.span, "`times` gives how often an item is covered")),
    }
}

/// `(a, b)` → (a, b), else a type error.
pub fn coord_of(v: &Value, span: Span) -> R<(i64, i64)> {
    match v {
        Value::Tuple(t) if t.len() == 2 => match (&t[0], &t[1]) {
            (Value::Int(a), Value::Int(b)) => Ok((*a, *b)),
            _ => Err(type_error("a cell (two numbers)", v, span, "a cell is written `(row, column)`")),
        },
        _ => Err(type_error("a cell like (row, column)", v, span, "cells are written `(row, column)`")),
    }
}

pub fn off_board(board: &Board, a: i64, b: i64, span: Span) -> Diagnostic {
    let (what, size) = match board.origin {
        Origin::TopLeft => ("rows", format!("rows 0..{} and columns 0..{}", board.rows, board.cols)),
        Origin::BottomLeft => ("x", format!("x in 0..{} and y in 0..{}", board.cols, board.rows)),
    };
    let _ = what;
    Diagnostic::new(Code::G201, span, format!("cell ({a}, {b}) is off the board `{}`", board.name))
        .label(format!("({a}, {b}) is outside"))
        .related(board.span, format!("the board has {size}"))
        .help("keep coordinates inside the board, or filter them with `where`")
}

/// Holes from a picture: one line per row, `.` a hole, anything else a cell.
fn apply_mask(board: &mut Board, m: &StrLit) -> R<()> {
    let rows: Vec<&str> = picture_rows(&m.text);
    let ok = rows.len() == board.rows && rows.iter().all(|r| r.chars().count() == board.cols);
    if !ok {
        return Err(Diagnostic::new(
            Code::G206,
            m.span,
            format!(
                "the mask must be {} of {}",
                crate::diag::plural(board.rows, "row"),
                crate::diag::plural(board.cols, "character")
            ),
        )
        .label(format!("{} here", crate::diag::plural(rows.len(), "row")))
        .help("write one line (or `/`-separated part) per row; `.` marks a hole"));
    }
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            if ch == '.' {
                board.on[r * board.cols + c] = false;
            }
        }
    }
    Ok(())
}

/// Rows of a picture: split on `/` or line breaks, blank lines and indentation dropped.
pub fn picture_rows(text: &str) -> Vec<&str> {
    text.split(['/', '\n']).map(|r| r.trim()).filter(|r| !r.is_empty()).collect()
}

/// A piece's cells from a picture or a cell list, normalised so its top-left is (0, 0), and
/// whether that moved them by an odd number of rows plus columns (see [`Piece::odd`]).
pub(super) type Shaped = (Vec<(i64, i64, Option<Value>)>, bool);
/// One piece a piece statement makes: its name, its shape, its number of copies.
pub(super) type MadePiece = (String, Shaped, u32);

fn shape_of(env: &mut Env, shape: &Shape) -> R<Shaped> {
    let (mut cells, span) = match shape {
        Shape::Picture(s) => {
            let mut cells = Vec::new();
            for (r, row) in picture_rows(&s.text).iter().enumerate() {
                for (c, ch) in row.chars().enumerate() {
                    if ch != '.' && ch != ' ' {
                        cells.push((r as i64, c as i64, None));
                    }
                }
            }
            (cells, s.span)
        }
        Shape::Cells(list) => {
            let mut cells = Vec::new();
            for sc in list {
                let v = env.eval(&sc.at)?;
                let (r, c) = coord_of(&v, sc.at.span)?;
                let label = sc.label.as_ref().map(|l| env.eval(l)).transpose()?;
                cells.push((r, c, label));
            }
            let span = list[0].at.span.to(list[list.len() - 1].at.span);
            (cells, span)
        }
    };
    if cells.is_empty() {
        return Err(Diagnostic::new(Code::G206, span, "a piece needs at least one cell").label("no cells here"));
    }
    let mut seen = std::collections::HashSet::new();
    for (r, c, _) in &cells {
        if !seen.insert((*r, *c)) {
            return Err(Diagnostic::new(Code::G206, span, format!("cell ({r}, {c}) appears twice in this piece"))
                .label("repeated cell"));
        }
    }
    let r0 = cells.iter().map(|c| c.0).min().unwrap();
    let c0 = cells.iter().map(|c| c.1).min().unwrap();
    for c in &mut cells {
        c.0 -= r0;
        c.1 -= c0;
    }
    Ok((cells, (r0 + c0).rem_euclid(2) == 1))
}

impl Default for Value {
    fn default() -> Self {
        Value::Int(0)
    }
}
