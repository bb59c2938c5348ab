//! Region families and pieces reused across the instances of a batch.
//!
//! A batch elaborates the same spec once per instance, and most of that time goes into
//! region comprehensions whose cells do not depend on the instance at all (a sudoku's rows,
//! columns and boxes). A region statement's family is a function of the global bindings in
//! force (its expressions see nothing else: no locals at statement level, no instance
//! reading) and of the board's geometry (coordinates become cell indices, off-board cells
//! are errors). So when both are equal to those of the last time the statement ran and
//! succeeded, its family is the same and is reused, charged to the expansion budget at the
//! cost it had, so S401 comes exactly as without the memo. A failed run is never stored.
//!
//! A piece statement's pieces (names, shapes with their labels, copies) depend on the
//! globals alone: a batch of UVA 211 layouts made its 28 bones anew for every layout, 3% of
//! the run. They are reused the same way; numbering family members and checking names is
//! still done at each instance.
use super::Elab;
use crate::diag::Span;
use crate::lower::model::Board;
use crate::lower::value::Value;
use crate::syntax::ast::Origin;
use rustc_hash::FxHashMap;
use std::collections::HashMap;

/// What one run of `elaborate_with` may reuse from the last: one entry per region
/// statement (by its index in the spec). Keep one per spec.
#[derive(Default)]
pub struct Memo {
    regions: HashMap<usize, Entry>,
    pieces: HashMap<usize, Pieces>,
    /// Remembers nothing ([`Memo::none`]).
    off: bool,
}

struct Pieces {
    globals: FxHashMap<String, (Value, Span)>,
    made: Vec<super::MadePiece>,
    cost: u64,
}

struct Entry {
    globals: FxHashMap<String, (Value, Span)>,
    geometry: Geometry,
    family: super::Family,
    /// The family members' parameter values (for `each cage(l) ...`).
    args: super::FamilyArgs,
    cost: u64,
}

#[derive(PartialEq)]
struct Geometry {
    rows: usize,
    cols: usize,
    origin: Origin,
    on: Vec<bool>,
}

fn geometry(board: Option<&Board>) -> Option<Geometry> {
    board.map(|b| Geometry { rows: b.rows, cols: b.cols, origin: b.origin, on: b.on.clone() })
}

fn same_geometry(g: &Geometry, board: Option<&Board>) -> bool {
    board.is_some_and(|b| b.rows == g.rows && b.cols == g.cols && b.origin == g.origin && b.on == g.on)
}

impl Memo {
    /// A memo for a single run, which has nothing to reuse: it keeps nothing, since keeping
    /// an entry copies every global in force (a spec of 30 000 `let`s and 300 region
    /// statements spent most of its second of `puzc check` copying them).
    pub fn none() -> Memo {
        Memo { off: true, ..Memo::default() }
    }

    /// Gives statement `k` (region `name`) the family it made last time, if that was made
    /// under the same globals and board geometry and the budget still covers its cost.
    pub(super) fn reuse(&self, k: usize, el: &mut Elab, name: &str) -> bool {
        let Some(e) = self.regions.get(&k) else { return false };
        if e.cost > el.env.budget || !same_geometry(&e.geometry, el.model.board.as_ref()) || e.globals != el.env.globals
        {
            return false;
        }
        el.env.budget -= e.cost;
        el.region_families.insert(name.to_string(), e.family.clone());
        el.region_args.insert(name.to_string(), e.args.clone());
        true
    }

    /// The pieces piece statement `k` made last time, if made under the same globals and
    /// the budget still covers their cost.
    pub(super) fn reuse_pieces(&self, k: usize, el: &mut Elab) -> Option<Vec<super::MadePiece>> {
        let e = self.pieces.get(&k)?;
        if e.cost > el.env.budget || e.globals != el.env.globals {
            return None;
        }
        el.env.budget -= e.cost;
        Some(e.made.clone())
    }

    /// Stores the pieces statement `k` just made, from a budget of `budget` before it ran.
    pub(super) fn remember_pieces(&mut self, k: usize, el: &Elab, made: &[super::MadePiece], budget: u64) {
        if self.off {
            return;
        }
        let cost = budget - el.env.budget;
        self.pieces.insert(k, Pieces { globals: el.env.globals.clone(), made: made.to_vec(), cost });
    }

    /// Stores the family statement `k` (region `name`) just made, at `cost` units of budget.
    pub(super) fn remember(&mut self, k: usize, el: &Elab, name: &str, cost: u64) {
        if self.off {
            return;
        }
        let (Some(family), Some(geometry)) = (el.region_families.get(name), geometry(el.model.board.as_ref())) else {
            return;
        };
        let globals = el.env.globals.clone();
        let args = el.region_args.get(name).cloned().unwrap_or_default();
        self.regions.insert(k, Entry { globals, geometry, family: family.clone(), args, cost });
    }
}
