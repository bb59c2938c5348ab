//! `confine`: where a piece may go.
//!
//! `confine P to CELLS` keeps every cell of P inside a set; `confine P where CONDITION` keeps
//! the placements for which a condition holds. The condition sees each placement through
//! three names ([`PLACEMENT_NAMES`]): `cells`, the board coordinates it covers in the order
//! the piece was drawn; `turns`, how often the piece was turned; `mirrored`, whether it was
//! mirrored first. A placement that several turns reach (a symmetric piece) is allowed when
//! any of them satisfies the condition. The condition is evaluated here, once per turn of the
//! lattice and shift on the board, and the model keeps the allowed placements as a set, so
//! lowering only leaves the others out: fewer options, nothing else changes.
//!
//! `P` may name one member of a family, `bone(0, 1)`, or one tile, `t(3)`.
use super::elaborate::{Elab, item_key};
use super::eval::R;
use super::lattice;
use super::model::{Board, Placement};
use super::value::Value;
use super::xcc::{each_shift, turned_edges};
use crate::diag::{Code, Diagnostic};
use crate::syntax::ast::{ConfineDecl, ConfineRule, Expr, Lattice};
use std::collections::BTreeSet;
use std::ops::ControlFlow;

/// The names a `confine ... where` condition reads: what a placement covers and how it lies.
pub const PLACEMENT_NAMES: [&str; 3] = ["cells", "turns", "mirrored"];

/// A placement as the model keeps it: its cells sorted, and the edges a tile shows.
pub fn placement_key(cells: &[usize], edges: &Option<[Value; 4]>) -> Placement {
    let mut cells = cells.to_vec();
    cells.sort_unstable();
    (cells, edges.clone())
}

impl Elab<'_> {
    pub(super) fn confine(&mut self, c: &ConfineDecl) -> R<()> {
        let Some(ids) = self.confined_pieces(c)? else { return Ok(()) };
        let board = self.model.board.clone().ok_or_else(|| {
            Diagnostic::new(Code::E105, c.piece.span, "`confine` needs a board declared before it")
                .label("no board yet")
        })?;
        match &c.rule {
            ConfineRule::To(cells) => {
                let mut allowed = vec![false; board.rows * board.cols];
                for cell in self.cells_of(&board, cells, "`confine ... to` takes a set of cells")? {
                    allowed[cell] = true;
                }
                // Several `confine`s of one piece all hold.
                for id in ids {
                    let now = self.model.confine[id].get_or_insert_with(|| vec![true; allowed.len()]);
                    now.iter_mut().zip(&allowed).for_each(|(a, b)| *a &= b);
                }
            }
            ConfineRule::Where(cond) => {
                for id in ids {
                    let allowed = self.placements_where(&board, id, cond)?;
                    let now = &mut self.model.confine_where[id];
                    *now = Some(match now.take() {
                        Some(old) => old.intersection(&allowed).cloned().collect(),
                        None => allowed,
                    });
                }
            }
        }
        Ok(())
    }

    /// The model's pieces a `confine` names: all of a piece or family, or one member.
    /// `None` when the name failed earlier (its error is already reported).
    fn confined_pieces(&mut self, c: &ConfineDecl) -> R<Option<Vec<usize>>> {
        let Some((ids, decl)) = self.piece_names.get(&c.piece.name).cloned() else {
            if self.broken.contains(&c.piece.name) {
                return Ok(None);
            }
            return Err(self.unknown(&c.piece, "piece", self.piece_names.keys()));
        };
        let Some(member) = &c.member else { return Ok(Some(ids)) };
        let args = self.env.eval_all(&member.node)?;
        let pieces = &self.model.pieces;
        let tiles = ids.first().is_some_and(|&id| pieces[id].edges.is_some());
        let family = tiles || ids.first().is_none_or(|&id| pieces[id].name != c.piece.name);
        if !family {
            return Err(Diagnostic::new(
                Code::E104,
                member.span,
                format!("`{}` is one piece, not a family", c.piece.name),
            )
            .label("no members to choose from")
            .related(decl, "declared without `for`")
            .help(format!("write `confine {} ...` without arguments", c.piece.name)));
        }
        let found = if tiles {
            match &args[..] {
                [Value::Int(n)] => ids.iter().copied().find(|&id| pieces[id].numbers.contains(&(*n as u32)) && *n >= 1),
                _ => None,
            }
        } else {
            let key = item_key(&c.piece.name, &args);
            ids.iter().copied().find(|&id| pieces[id].name == key)
        };
        let Some(id) = found else {
            let members = if tiles {
                let n: u32 = ids.iter().map(|&id| pieces[id].count).sum();
                let first = ids.iter().filter_map(|&id| pieces[id].numbers.first()).min().copied().unwrap_or(1);
                format!("the tiles of `{}` are numbered {first} to {}", c.piece.name, first + n.max(1) - 1)
            } else {
                let name = |k: Option<&usize>| k.map_or(String::new(), |&id| pieces[id].name.clone());
                format!("its members run from `{}` to `{}`", name(ids.first()), name(ids.last()))
            };
            return Err(Diagnostic::new(
                Code::E120,
                member.span,
                format!("`{}` has no member `{}`", c.piece.name, item_key(&c.piece.name, &args)),
            )
            .label("no such member")
            .related(decl, "declared here")
            .help(members));
        };
        if tiles && pieces[id].count > 1 {
            let numbers: Vec<String> = pieces[id].numbers.iter().map(|n| n.to_string()).collect();
            return Err(Diagnostic::new(
                Code::G207,
                member.span,
                format!("tiles {} are identical: one piece placed {} times", numbers.join(", "), pieces[id].count),
            )
            .label("one of identical tiles")
            .help("identical tiles cannot be told apart, so one of them cannot be confined alone; confine the whole family, or none"));
        }
        Ok(Some(vec![id]))
    }

    /// The placements of piece `id` on `board` for which `cond` holds, over every turn and
    /// mirror image of the lattice (whether `place` allows it or not: lowering asks only
    /// about those it makes).
    fn placements_where(&mut self, board: &Board, id: usize, cond: &Expr) -> R<BTreeSet<Placement>> {
        let piece = self.model.pieces[id].clone();
        let drawn: Vec<(i64, i64)> = piece.cells.iter().map(|&(r, c, _)| (r, c)).collect();
        let ops = lattice::point_ops(board.lattice);
        let mut allowed = BTreeSet::new();
        for op in 0..ops {
            let shape = lattice::turned(board.lattice, op, &drawn, piece.odd);
            let edges = (piece.edges.as_ref())
                .filter(|_| board.lattice == Lattice::Squares)
                .map(|e| turned_edges(e, op >= 4, op % 4));
            let turns = Value::Int((op % (ops / 2)) as i64);
            let mirrored = Value::Bool(op >= ops / 2);
            let mut failed = None;
            let _ = each_shift(board, &shape, &mut |placed| {
                let result = self.holds(board, placed, [&turns, &mirrored], cond);
                match result {
                    Ok(true) => {
                        allowed.insert(placement_key(placed, &edges));
                        ControlFlow::Continue(())
                    }
                    Ok(false) => ControlFlow::Continue(()),
                    Err(d) => {
                        failed = Some(d);
                        ControlFlow::Break(())
                    }
                }
            });
            if let Some(d) = failed {
                return Err(d);
            }
        }
        Ok(allowed)
    }

    /// Whether the condition holds for one placement: `cells` in drawn order, `turns`, `mirrored`.
    fn holds(&mut self, board: &Board, placed: &[usize], [turns, mirrored]: [&Value; 2], cond: &Expr) -> R<bool> {
        if self.env.budget == 0 {
            return Err(super::eval::too_large(cond.span));
        }
        self.env.budget -= 1;
        let cells: Vec<Value> = placed
            .iter()
            .map(|&c| {
                let (a, b) = board.coord(c);
                Value::Tuple(vec![Value::Int(a), Value::Int(b)].into())
            })
            .collect();
        let mark = self.env.locals_len();
        let [n_cells, n_turns, n_mirrored] = PLACEMENT_NAMES;
        self.env.push_local(n_cells, Value::List(cells.into()));
        self.env.push_local(n_turns, turns.clone());
        self.env.push_local(n_mirrored, mirrored.clone());
        let r = self.env.eval_bool(cond, "`confine ... where` takes a condition on each placement");
        self.env.truncate_locals(mark);
        r
    }
}
