//! Effects on several cells at once: `set group A = V` (the connected group of equal values
//! at a cell takes a value: Flood-It) and `reverse CELLS` (the cells' values in the opposite
//! order: pancake flips, TopSpin).
//!
//! A reversal's cells are known when the spec is compiled, so it lowers to the swaps of the
//! first and last cell, the second and the second to last, and so on: disjoint swaps, which
//! happen at once like every effect of a move, and which the engines' proofs and bounds on
//! permutations (`solve/moves/permute.rs`, `lower/bound.rs`) read as they read any swap. A
//! group's cells are known only in a position, so `set group` is an effect of the IR
//! ([`Effect::SetGroup`]) that the machine and the verifier each work out with a flood fill
//! of their own.
use super::{MoveDecl, Space, cell_of, is_arithmetic, operand};
use crate::diag::{Code, Diagnostic};
use crate::ir::moves::{CellIx, Effect};
use crate::lower::eval::{Env, R};
use crate::syntax::ast::{EffectDecl, Expr, RuleDecl, Spec, StmtKind};

/// `set group A = V`: `None` when `A` (or the cell `V` reads) is off the board.
pub(super) fn set_group(at: &Expr, v: &Expr, sp: &Space, env: &mut Env) -> R<Option<Effect>> {
    if sp.is_counter_read(at) || sp.is_counter_read(v) {
        return Err(Diagnostic::new(Code::E109, at.span.to(v.span), "a group is of cells, and its value a cell's")
            .label("a counter")
            .help("`set group (r, c) = k` recolours cells of the board; write a counter with `set`"));
    }
    if is_arithmetic(v, sp) {
        return Err(Diagnostic::new(Code::E109, v.span, "a group takes one value: a number, or one cell's value")
            .label("arithmetic on cells")
            .help("write the new value as a number (`set group (0, 0) = k`) or one cell read"));
    }
    let Some(cell) = cell_of(sp.board, &env.eval(at)?, at.span)? else { return Ok(None) };
    Ok(operand(v, sp, env)?.map(|value| Effect::SetGroup { cell, value }))
}

/// `reverse CELLS`: the swaps that put the listed cells' values in the opposite order.
/// `None` when a cell is off the board (no such move).
pub(super) fn reverse(list: &Expr, sp: &Space, env: &mut Env) -> R<Option<Vec<Effect>>> {
    let v = env.eval(list)?;
    let board_cells = (sp.board.rows * sp.board.cols) as u64;
    let shape_help = "list the cells in order: `reverse [(0, i) for i in 0..k]`";
    if !v.is_collection() || v.len().is_some_and(|n| n > board_cells) {
        let what = if v.is_collection() { "more cells than the board has" } else { "not a list of cells" };
        return Err(Diagnostic::new(Code::E109, list.span, "`reverse` takes a list of the board's cells")
            .label(what)
            .help(shape_help));
    }
    let mut cells: Vec<CellIx> = Vec::new();
    for at in v.elements() {
        let Some(c) = cell_of(sp.board, &at, list.span)? else { return Ok(None) };
        if cells.contains(&c) {
            return Err(Diagnostic::new(Code::E109, list.span, format!("`reverse` lists {} twice", sp.cell_text(c)))
                .label("a cell listed twice")
                .help("a reversal puts each listed cell's value at its mirror place: list each cell once"));
        }
        cells.push(c);
    }
    let n = cells.len();
    Ok(Some((0..n / 2).map(|i| Effect::Swap(cells[i], cells[n - 1 - i])).collect()))
}

/// `set group` writes cells known only in a position, so no other effect of its move may
/// write the board (which of two writes of one cell would stand?); counters may be written.
pub(super) fn alone(effects: &[Effect], sp: &Space, m: &MoveDecl) -> R<()> {
    let grid = (sp.board.rows * sp.board.cols) as CellIx;
    let writes_board = |e: &Effect| match *e {
        Effect::Set { cell, .. } | Effect::Compute { cell, .. } => cell < grid,
        Effect::Swap(..) | Effect::RemoveGroup { .. } | Effect::SetGroup { .. } => true,
    };
    if effects.iter().any(|e| matches!(e, Effect::SetGroup { .. }))
        && effects.iter().filter(|e| writes_board(e)).count() > 1
    {
        let span = m.effects.first().map_or(m.name.span, |f| f.span.to(m.effects.last().unwrap().span));
        return Err(Diagnostic::new(
            Code::E109,
            span,
            format!("`set group` in `{}` writes cells another of its effects may write", m.name.name),
        )
        .label("a group's cells are known only when the move is made")
        .help("make the group's recolouring the only effect on the board (counters may change beside it)"));
    }
    Ok(())
}

/// Whether the spec finds groups (`set group`, `remove group`, `group(...)` in a condition,
/// `clear groups`): the only things on a board of values that walls stop.
pub(super) fn uses_groups(spec: &Spec) -> bool {
    fn in_effect(e: &EffectDecl) -> bool {
        match e {
            EffectDecl::SetGroup(..) | EffectDecl::RemoveGroup(_) => true,
            EffectDecl::Each(inner, _) => in_effect(inner),
            _ => false,
        }
    }
    spec.stmts.iter().any(|s| match &s.kind {
        StmtKind::Move(m) => {
            m.effects.iter().any(|e| in_effect(&e.node))
                || m.when.as_ref().is_some_and(|w| super::builtin_call(w).is_some())
        }
        StmtKind::After(rules) => rules.iter().any(|r| matches!(r.node, RuleDecl::ClearGroups(_))),
        _ => false,
    })
}
