//! Layouts: instance data that follows from a solution as a whole, not entry by entry.
//! `clues in DATA follow from the solution` reads two such kinds of data (besides the clues
//! that rules read entry by entry, `src/lower/derive.rs`):
//!
//! - **Areas**: `DATA` is the grid a `region NAME from DATA` statement splits the board by
//!   (Star Battle's areas). In probe mode the family `NAME` has no members, so the clue-free
//!   puzzle is the puzzle without its areas; the counts the spec asks of each area
//!   (`each ..., NAME holds exactly stars of '*'`) are recorded ([`AreaCount`]) instead of
//!   built. The generator draws the areas around a solution of that puzzle: as many
//!   connected areas as the instance has labels, each meeting the counts
//!   (`src/solve/generate/layout.rs`).
//! - **Islands**: `DATA` is the clue grid of `each area of v cells holds one clue of DATA,
//!   its size` (Nurikabe). In probe mode the rule is not built: the clue-free puzzle is the
//!   shading under the other rules. The generator gives each area of a solution's `v` cells
//!   its size, written at one of its cells, and `empty` everywhere else; while a second
//!   solution fits, a clue moves within its area to a cell the second solution leaves out.
//! - **Tiles**: `DATA` is a `tiles NAME[n] with edges ... from instance` family (Tetravex).
//!   Its words are the slots; a solution is a grid of edge labels drawn from
//!   `, edges labelled L` (touching edges equal), each tile the four labels of one cell, the tiles
//!   written in a random order.
//!
//! Either way the puzzle written is read back and solved as a user's would be, and printed
//! only with one solution (`src/api/generate.rs`).
use super::derive::Slot;
use super::elaborate::Elab;
use super::eval::R;
use super::lattice::touching;
use super::model::Board;
use super::value::Value;
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::{CountBound, Expr, ExprKind, Ident};

/// Data drawn from a solution as a whole.
#[derive(Clone, Debug)]
pub enum Layout {
    Areas(Areas),
    /// The side (0 top, 1 right, 2 bottom, 3 left) of each of a tile's words as read.
    Tiles {
        order: Vec<usize>,
    },
    Islands(Islands),
}

/// `each area of v cells holds one clue of DATA, its size` in probe mode (Nurikabe): the
/// areas of a solution's `values` cells each get one clue, at one of their cells; every
/// other entry is written `empty`.
#[derive(Clone, Debug)]
pub struct Islands {
    /// The board values whose cells make the areas.
    pub values: Vec<usize>,
    /// The board cell of each slot of `DATA` (`None`: a hole, whose text stays).
    pub cell: Vec<Option<usize>>,
    pub span: Span,
}

/// `region NAME from DATA` in probe mode.
#[derive(Clone, Debug)]
pub struct Areas {
    pub family: String,
    /// The board cell of each slot of `DATA` (`None`: a hole or a label left out by
    /// `without`, whose text stays).
    pub cell: Vec<Option<usize>>,
    /// The labels as the instance wrote them, in order of first appearance: one area each.
    pub labels: Vec<String>,
    /// What every area must hold.
    pub counts: Vec<AreaCount>,
    /// The first `each ... holds each value exactly (at most) once` naming the family: areas
    /// drawn from a solution serve counts only, so the generator refuses it.
    pub once: Option<Span>,
    pub span: Span,
}

/// `each NAME holds exactly k of v`: an area holds `lo..=hi` cells whose value is one of
/// `values` (indices into the board's values).
#[derive(Clone, Debug)]
pub struct AreaCount {
    pub values: Vec<usize>,
    pub lo: usize,
    pub hi: usize,
}

impl Elab<'_> {
    /// Probe mode, `region NAME from DATA` with `DATA` the derived clues' data: the areas are
    /// recorded as a layout (`labels` in order, the cells of each) and `true` returned; the
    /// caller then makes the family without members.
    pub(super) fn layout_areas(&mut self, name: &Ident, grid: &Expr, labels: &[Value], cells: &[Vec<usize>]) -> bool {
        let Some(probe) = self.probe() else { return false };
        if !matches!(&grid.kind, ExprKind::Name(n) if *n == probe.data) {
            return false;
        }
        let d = self.model.derived.as_mut().expect("probe mode has the statement");
        let mut cell = vec![None; d.slots.len()];
        for c in cells.iter().flatten() {
            if let Some(slot) = cell.get_mut(*c) {
                *slot = Some(*c);
            }
        }
        d.layout = Some(Layout::Areas(Areas {
            family: name.name.clone(),
            cell,
            labels: labels.iter().map(|l| l.to_string()).collect(),
            counts: Vec::new(),
            once: None,
            span: name.span,
        }));
        true
    }

    /// Probe mode, `each ..., NAME holds each value ... once` for the family of a layout of
    /// areas: recorded (the first), for the generator to refuse.
    pub(super) fn layout_once(&mut self, family: &str, span: Span) {
        if let Some(Layout::Areas(a)) = self.model.derived.as_mut().and_then(|d| d.layout.as_mut())
            && a.family == family
            && a.once.is_none()
        {
            a.once = Some(span);
        }
    }

    /// Probe mode, `each ..., NAME holds ... of v` for the family of a layout of areas: the
    /// count is recorded for the generator; `true` when it was.
    pub(super) fn layout_count(&mut self, family: &str, values: &[usize], bound: &CountBound, n: usize) -> bool {
        let Some(Layout::Areas(a)) = self.model.derived.as_mut().and_then(|d| d.layout.as_mut()) else {
            return false;
        };
        if a.family != family {
            return false;
        }
        let (lo, hi) = match bound {
            CountBound::Exactly(_) => (n, n),
            CountBound::AtMost(_) => (0, n),
            CountBound::AtLeast(_) => (n, usize::MAX),
        };
        a.counts.push(AreaCount { values: values.to_vec(), lo, hi });
        true
    }

    /// Probe mode, `each area of v cells holds one clue of DATA(, its size)` with `DATA` the
    /// derived clues' data: recorded as a layout instead of built; `true` when it was.
    pub(super) fn layout_islands(&mut self, clues: &Expr, values: &[usize], on: &[bool]) -> bool {
        let Some(probe) = self.probe() else { return false };
        if !matches!(&clues.kind, ExprKind::Name(n) if *n == probe.data) {
            return false;
        }
        let d = self.model.derived.as_mut().expect("probe mode has the statement");
        let cell = (0..d.slots.len()).map(|k| on.get(k).copied().unwrap_or(false).then_some(k)).collect();
        d.layout = Some(Layout::Islands(Islands { values: values.to_vec(), cell, span: clues.span }));
        true
    }

    /// Probe mode, tiles read from the instance that are the derived clues' data: their
    /// words as slots (key: tile, word), and the layout.
    pub(super) fn layout_tiles(&mut self, name: &str, order: &[usize], slots: Vec<Slot>) {
        if self.probing_data.as_deref() != Some(name) {
            return;
        }
        self.record_slots(name, None, false, slots);
        if let Some(d) = self.model.derived.as_mut() {
            d.layout = Some(Layout::Tiles { order: order.to_vec() });
        }
    }

    /// `, edges labelled L`: the texts of the labels a generated edge takes.
    pub(super) fn layout_labels(&mut self, e: &Expr) -> R<Vec<String>> {
        let v = self.env.eval(e)?;
        let items = if v.is_collection() { v.elements() } else { vec![v] };
        let texts: Vec<String> = items.iter().map(|l| l.to_string()).collect();
        if texts.is_empty() || texts.iter().any(|t| t.is_empty() || t.chars().any(char::is_whitespace)) {
            return Err(Diagnostic::new(Code::E111, e.span, "the edge labels must be one or more words")
                .label("no labels, or a label with a space")
                .help(
                    "give the labels as a range or a list: `edges labelled 0..=9`, `edges labelled ['r', 'g', 'b']`",
                ));
        }
        Ok(texts)
    }
}

/// The cells beside each of `cells` by a side, among `cells` (indices into `cells`).
pub fn neighbours(board: &Board, cells: &[usize]) -> Vec<Vec<u32>> {
    let mut dense = vec![u32::MAX; board.on.len()];
    for (i, &c) in cells.iter().enumerate() {
        dense[c] = i as u32;
    }
    cells
        .iter()
        .map(|&c| {
            touching(board.lattice, board.rows, board.cols, c, false)
                .into_iter()
                .map(|m| dense[m])
                .filter(|&m| m != u32::MAX)
                .collect()
        })
        .collect()
}

/// For each of `cells` (squares), the cell beside it above, right, below and left, among
/// `cells` (indices into `cells`).
pub fn sides(board: &Board, cells: &[usize]) -> Vec<[Option<u32>; 4]> {
    let mut dense = vec![u32::MAX; board.on.len()];
    for (i, &c) in cells.iter().enumerate() {
        dense[c] = i as u32;
    }
    let at = |r: i64, c: i64| {
        let inside = (0..board.rows as i64).contains(&r) && (0..board.cols as i64).contains(&c);
        inside.then(|| dense[r as usize * board.cols + c as usize]).filter(|&m| m != u32::MAX)
    };
    cells
        .iter()
        .map(|&cell| {
            let (r, c) = ((cell / board.cols) as i64, (cell % board.cols) as i64);
            [at(r - 1, c), at(r, c + 1), at(r + 1, c), at(r, c - 1)]
        })
        .collect()
}
