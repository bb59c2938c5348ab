//! Proofs, made before any search, that no sequence of moves reaches the goal. Without one, a
//! search of `moves exactly 10000` for a goal it can never reach tries sequence after sequence
//! until a limit stops it; with one, it ends at once with "no solution".
//!
//! The proof is a monotone count: the number of non-empty cells. When no effect and no rule
//! can lower it, every reachable state has at least as many non-empty cells as the start, so a
//! goal that needs fewer (`goal empty` with blocks on the board, a smaller `goal count`, a
//! pattern with fewer blocks) holds in no reachable state; likewise when nothing can raise it.
//! Conservative: an effect or rule that *might* change the count in a direction counts as
//! doing so (a copied cell may be empty, a computed value may be 0).

use crate::ir::moves::{EMPTY, Effect, Goal, MoveProblem, Operand, Rule};

/// Whether the goal holds in no state reachable from the initial one (by any number of moves,
/// zero included). `false` means "not proved", not "reachable".
pub fn goal_unreachable(p: &MoveProblem) -> bool {
    let start = non_empty(p, &p.initial);
    let Some((least, most)) = needed(p) else { return false };
    let (lower, raise) = can_change(p);
    (!lower && most < start) || (!raise && least > start)
}

fn non_empty(p: &MoveProblem, s: &[u8]) -> usize {
    s.iter().zip(&p.on_board).filter(|&(&v, &on)| on && v != EMPTY).count()
}

/// The fewest and most non-empty cells a state satisfying the goal may have; `None` when the
/// goal does not bound them (comparisons of cells).
fn needed(p: &MoveProblem) -> Option<(usize, usize)> {
    match &p.goal {
        Goal::Empty => Some((0, 0)),
        Goal::NonEmptyCount(n) => Some((*n as usize, *n as usize)),
        Goal::Pattern(want) => {
            let on = want.iter().zip(&p.on_board).filter(|&(_, &on)| on).map(|(w, _)| *w);
            let blocks = on.clone().filter(|w| w.is_some_and(|v| v != EMPTY)).count();
            let free = on.filter(Option::is_none).count();
            Some((blocks, blocks + free))
        }
        Goal::All(_) => None,
    }
}

/// Whether some move or rule may (lower, raise) the number of non-empty cells.
fn can_change(p: &MoveProblem) -> (bool, bool) {
    let (mut lower, mut raise) = (false, false);
    // Counters live after the board's cells in a state: writing one changes no cell.
    let on_board = |c: u32| (c as usize) < p.on_board.len();
    for e in p.moves.iter().flat_map(|m| &m.effects) {
        match e {
            Effect::Set { cell, .. } | Effect::Compute { cell, .. } if !on_board(*cell) => {}
            // A swap permutes the board's values, unless it trades one with a counter.
            Effect::Swap(a, b) if on_board(*a) && on_board(*b) => {}
            Effect::Swap(..) => (lower, raise) = (true, true),
            Effect::Set { value: Operand::Const(v), .. } if *v == EMPTY => lower = true,
            Effect::Set { value: Operand::Const(_), .. } => raise = true,
            Effect::Set { value: Operand::Cell(_), .. } => (lower, raise) = (true, true),
            Effect::Compute { .. } => {
                lower |= p.allowed.get(EMPTY as usize).copied().unwrap_or(true);
                raise = true;
            }
            Effect::RemoveGroup { .. } => lower = true,
            // A group of empty cells may be painted, or a group emptied.
            Effect::SetGroup { value: Operand::Const(v), .. } if *v == EMPTY => lower = true,
            Effect::SetGroup { value: Operand::Const(_), .. } => raise = true,
            Effect::SetGroup { .. } => (lower, raise) = (true, true),
        }
    }
    for r in &p.rules {
        match r {
            // Blocks move; none appears or vanishes.
            Rule::Gravity(_) | Rule::Close(_) => {}
            Rule::ClearRuns { .. } | Rule::ClearGroups { .. } => lower = true,
        }
    }
    (lower, raise)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::moves::{Budget, MoveInstance};

    /// A 1×3 row holding two blocks, with one move of the given effect.
    fn problem(effects: Vec<Effect>, rules: Vec<Rule>, goal: Goal) -> MoveProblem {
        MoveProblem {
            rows: 1,
            cols: 3,
            on_board: vec![true; 3],
            initial: vec![1, 2, EMPTY],
            move_names: vec!["m".into()],
            moves: vec![MoveInstance { kind: 0, args: vec![], when: vec![], effects }],
            rules,
            goal,
            budget: Budget::Exactly(10_000),
            dead_below: None,
            programs: vec![],
            allowed: (0..256).map(|v| v <= 2).collect(),
            costs: vec![],
            shapes: vec![],
            walls: Vec::new(),
            counters: vec![],
        }
    }

    #[test]
    fn swaps_never_empty_the_board() {
        assert!(goal_unreachable(&problem(vec![Effect::Swap(0, 2)], vec![], Goal::Empty)));
        assert!(goal_unreachable(&problem(
            vec![Effect::Swap(0, 2)],
            vec![Rule::Gravity(crate::ir::moves::Dir::Left)],
            Goal::NonEmptyCount(1)
        )));
        assert!(goal_unreachable(&problem(vec![Effect::Swap(0, 2)], vec![], Goal::NonEmptyCount(3))));
    }

    #[test]
    fn whatever_may_empty_a_cell_proves_nothing() {
        let clear = |e| problem(vec![e], vec![], Goal::Empty);
        assert!(!goal_unreachable(&clear(Effect::Set { cell: 0, value: Operand::Const(EMPTY) })));
        assert!(!goal_unreachable(&clear(Effect::Set { cell: 0, value: Operand::Cell(2) })));
        assert!(!goal_unreachable(&clear(Effect::RemoveGroup { cell: 0 })));
        assert!(!goal_unreachable(&clear(Effect::Compute { cell: 0, program: 0 })));
        let runs = problem(vec![Effect::Swap(0, 2)], vec![Rule::ClearRuns { min: 2 }], Goal::Empty);
        assert!(!goal_unreachable(&runs));
    }

    #[test]
    fn a_goal_met_by_the_count_is_not_refused() {
        assert!(!goal_unreachable(&problem(vec![Effect::Swap(0, 2)], vec![], Goal::NonEmptyCount(2))));
        let pattern = Goal::Pattern(vec![None, Some(1), Some(2)]);
        assert!(!goal_unreachable(&problem(vec![Effect::Swap(0, 2)], vec![], pattern)));
        let three = Goal::Pattern(vec![Some(1), Some(1), Some(2)]);
        assert!(goal_unreachable(&problem(vec![Effect::Swap(0, 2)], vec![], three)));
    }
}
