//! Guidance derived from a lowered move problem: an admissible lower bound on the moves left
//! (for IDA*), and whether the moves commute (searched in one order only). Each derivation
//! applies only when the problem's moves, rules and goal have the shape its proof needs;
//! otherwise it gives nothing and the search runs unguided. Nothing is declared by the spec.

use crate::ir::guide::{Bound, Guide};
use crate::ir::moves::{Budget, CmpOp, Cond, EMPTY, Effect, Goal, MoveInstance, MoveProblem, Operand, Rule, Term};

/// Everything this module can prove about `p`.
pub fn derive(p: &MoveProblem) -> Guide {
    // The proofs below are about a state that is the board alone.
    let symmetry = super::move_symmetry::derive(p);
    if !p.counters.is_empty() {
        return Guide { symmetry, ..Guide::default() };
    }
    // Pattern databases where they apply (they are never below the distances).
    let distance = distance(p);
    let patterns = distance.as_ref().and_then(|d| super::patterns::derive(p, d)).map(|t| Bound::Patterns(Box::new(t)));
    Guide { bound: patterns.or(distance).or_else(|| colours(p)), commute: commuting(p), symmetry }
}

/// Manhattan distance between two cells of `p`'s grid.
fn manhattan(p: &MoveProblem, a: usize, b: usize) -> u32 {
    let (ra, ca) = (a / p.cols, a % p.cols);
    let (rb, cb) = (b / p.cols, b % p.cols);
    (ra.abs_diff(rb) + ca.abs_diff(cb)) as u32
}

/// Whether the move's conditions say cell `c` is empty (`cells(c) == 0`, either way round).
fn says_empty(m: &MoveInstance, c: u32) -> bool {
    m.when.iter().any(|w| {
        matches!(*w,
            Cond::Cmp { lhs: Operand::Cell(x), op: CmpOp::Eq, rhs: Operand::Const(EMPTY) }
            | Cond::Cmp { lhs: Operand::Const(EMPTY), op: CmpOp::Eq, rhs: Operand::Cell(x) } if x == c)
    })
}

/// **Sum of distances** (the sliding puzzles' Manhattan distance).
///
/// Applies when the goal is a pattern, there are no rules, and every move only swaps cells
/// (each cell in at most one of its swaps). Then:
///
/// - For a non-empty value `v`, let `T(v)` be the on-board cells where the goal lets `v`
///   stand (the pattern shows `v` there, or `.`), and `dist(v, c)` the Manhattan distance
///   from `c` to the nearest cell of `T(v)`. Let `Φ(s) = Σ dist(s[c], c)` over the cells
///   holding a non-empty value.
/// - In a goal position every non-empty value stands in a cell of its `T`: `Φ = 0`.
/// - A move relocates the values of its swapped cells only: the value of `a` goes to `b` and
///   back. `dist(v, ·)` changes by at most the Manhattan distance between two cells (the
///   triangle inequality for a distance to a set), so a move of swaps `(a, b)` lowers `Φ` by
///   at most `Σ |a - b| × (sides of the swap that may hold a non-empty value)`; a side the
///   move's condition says is empty (`cells(a) == 0`) moves no value. Call the largest such
///   figure over all moves `D`.
/// - So from `s` at least `Φ(s) / D` moves are needed, hence `ceil(Φ(s) / D)`: the bound never
///   overestimates.
/// - Swaps never create or destroy a value, so a value of the initial position with an empty
///   `T(v)` can never be placed: its distance is "too far" (`D × (budget + 1)` per value),
///   which makes the bound exceed any budget.
///
/// For the 8- and 15-puzzle (the empty cell swaps with a neighbour) `D = 1` and `Φ` is the
/// textbook sum of Manhattan distances of the tiles.
fn distance(p: &MoveProblem) -> Option<Bound> {
    let Goal::Pattern(want) = &p.goal else { return None };
    if !p.rules.is_empty() || p.moves.is_empty() {
        return None;
    }
    let mut per_move = 0u32;
    for m in &p.moves {
        let mut touched = Vec::new();
        let mut moved = 0u32;
        for e in &m.effects {
            let Effect::Swap(a, b) = *e else { return None };
            if a == b || touched.contains(&a) || touched.contains(&b) {
                return None;
            }
            touched.extend([a, b]);
            let sides = [a, b].iter().filter(|&&c| !says_empty(m, c)).count() as u32;
            moved = moved.checked_add(manhattan(p, a as usize, b as usize) * sides)?;
        }
        per_move = per_move.max(moved);
    }
    if per_move == 0 {
        return None;
    }
    let cells = p.rows * p.cols;
    let max = match p.budget {
        Budget::Exactly(n) | Budget::AtMost(n) | Budget::Fewest { max: n } => n,
    };
    let too_far = per_move.checked_mul(max.checked_add(1)?)?;
    let mut dist = vec![0u32; 256 * cells];
    for v in 1..=255usize {
        let targets: Vec<usize> =
            (0..cells).filter(|&c| p.on_board[c] && want[c].is_none_or(|w| w as usize == v)).collect();
        for c in (0..cells).filter(|&c| p.on_board[c]) {
            dist[v * cells + c] = targets.iter().map(|&t| manhattan(p, c, t)).min().unwrap_or(too_far);
        }
    }
    Some(Bound::Distance { cells, dist, per_move })
}

/// **Colours left** (SameGame).
///
/// Applies when the goal is the empty board, the rules only move blocks (gravity, closing
/// lines) and every move either only swaps cells or only removes groups (`remove group`).
/// Let `C(s)` be the set of non-empty values present. Swaps, gravity and closing move values
/// around without changing `C`; nothing writes a new value; a `remove group` empties cells
/// of one value, so it takes at most one value out of `C`. A move with `k` removals lowers
/// `|C|` by at most `k`; with `D` the most removals of any move, and `|C| = 0` at the goal,
/// at least `ceil(|C(s)| / D)` moves remain.
fn colours(p: &MoveProblem) -> Option<Bound> {
    if p.goal != Goal::Empty || !p.rules.iter().all(|r| matches!(r, Rule::Gravity(_) | Rule::Close(_))) {
        return None;
    }
    let mut per_move = 0u32;
    for m in &p.moves {
        let removes = m.effects.iter().filter(|e| matches!(e, Effect::RemoveGroup { .. })).count() as u32;
        let swaps = m.effects.iter().filter(|e| matches!(e, Effect::Swap(..))).count() as u32;
        if removes + swaps != m.effects.len() as u32 || (removes > 0 && swaps > 0) {
            return None;
        }
        per_move = per_move.max(removes);
    }
    (per_move > 0).then_some(Bound::Colours { per_move })
}

/// **Commuting moves** (Lights Out).
///
/// Applies when there are no rules and every move has no condition and only toggles cells:
/// each effect writes `k - x` into the cell `x` it reads (`set (r, c) = 1 - lights(r, c)`),
/// each cell at most once per move, with the same `k` for a cell in every move, and `k - v`
/// a value a cell may hold for every value `v` it may hold. Then:
///
/// - every move is legal in every position (no condition, and every computed value is
///   allowed);
/// - a move is an involution: `k - (k - x) = x`;
/// - two moves commute: on a cell both toggle, `k - (k - x)` is the same whichever goes
///   first, and cells only one of them writes are independent.
///
/// So the position after a sequence depends only on how many times each move occurs, modulo
/// two; a shortest answer uses each move at most once, and its moves in increasing order
/// form an answer of the same length that is lexicographically first among its orderings.
/// The search therefore tries each set of moves once, in increasing order.
fn commuting(p: &MoveProblem) -> bool {
    if !p.rules.is_empty() || p.moves.is_empty() {
        return false;
    }
    let cells = p.rows * p.cols;
    let mut k_of: Vec<Option<i64>> = vec![None; cells];
    for m in &p.moves {
        if !m.when.is_empty() || m.effects.is_empty() {
            return false;
        }
        let mut touched = Vec::new();
        for e in &m.effects {
            let Effect::Compute { cell, program } = *e else { return false };
            let Some([Term::Const(k), Term::Cell(x), Term::Sub]) = p.programs.get(program as usize).map(Vec::as_slice)
            else {
                return false;
            };
            if *x != cell || touched.contains(&cell) {
                return false;
            }
            touched.push(cell);
            match k_of[cell as usize] {
                Some(k0) if k0 != *k => return false,
                _ => k_of[cell as usize] = Some(*k),
            }
            let closed = (0..256i64)
                .filter(|&v| p.allowed[v as usize])
                .all(|v| (0..256).contains(&(k - v)) && p.allowed[(k - v) as usize]);
            if !closed {
                return false;
            }
        }
    }
    // Every starting value must be one a cell may hold for the toggles to stay legal.
    p.initial.iter().zip(&p.on_board).all(|(&v, &on)| !on || p.allowed[v as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(rows: usize, cols: usize, initial: Vec<u8>) -> MoveProblem {
        MoveProblem {
            rows,
            cols,
            on_board: vec![true; rows * cols],
            initial,
            move_names: vec!["m".into()],
            moves: Vec::new(),
            rules: Vec::new(),
            goal: Goal::Empty,
            budget: Budget::Fewest { max: 20 },
            dead_below: None,
            programs: Vec::new(),
            allowed: (0..256).map(|v| v <= 1).collect(),
            costs: Vec::new(),
            shapes: Vec::new(),
            walls: Vec::new(),
            counters: Vec::new(),
        }
    }

    fn mv(when: Vec<Cond>, effects: Vec<Effect>) -> MoveInstance {
        MoveInstance { kind: 0, args: Vec::new(), when, effects }
    }

    #[test]
    fn a_swap_that_may_move_two_values_halves_the_distance() {
        let mut p = grid(1, 3, vec![2, 1, 0]);
        p.goal = Goal::Pattern(vec![Some(1), Some(2), Some(0)]);
        p.moves = vec![mv(vec![], vec![Effect::Swap(0, 1)]), mv(vec![], vec![Effect::Swap(1, 2)])];
        let b = distance(&p).unwrap();
        assert!(matches!(b, Bound::Distance { per_move: 2, .. }));
        // 2 is one cell from its place, 1 one cell: Φ = 2, one swap can do it.
        assert_eq!(b.eval(&p.initial), Ok(1));
        // With the empty side named in the condition, one value moves per swap.
        let empty0 = Cond::Cmp { lhs: Operand::Cell(1), op: CmpOp::Eq, rhs: Operand::Const(0) };
        p.moves = vec![mv(vec![empty0], vec![Effect::Swap(0, 1)])];
        assert!(matches!(distance(&p), Some(Bound::Distance { per_move: 1, .. })));
    }

    #[test]
    fn a_value_without_a_goal_cell_is_out_of_reach() {
        let mut p = grid(1, 2, vec![3, 0]);
        p.goal = Goal::Pattern(vec![Some(1), Some(0)]);
        p.moves = vec![mv(vec![], vec![Effect::Swap(0, 1)])];
        assert!(distance(&p).unwrap().eval(&p.initial).unwrap() > 20);
    }

    #[test]
    fn rules_or_writes_give_no_distance_bound() {
        let mut p = grid(1, 2, vec![1, 0]);
        p.goal = Goal::Pattern(vec![Some(0), Some(1)]);
        p.moves = vec![mv(vec![], vec![Effect::Swap(0, 1)])];
        assert!(distance(&p).is_some());
        p.rules = vec![Rule::Gravity(crate::ir::moves::Dir::Down)];
        assert!(distance(&p).is_none());
        p.rules.clear();
        p.moves = vec![mv(vec![], vec![Effect::Set { cell: 0, value: Operand::Const(0) }])];
        assert!(distance(&p).is_none());
    }

    #[test]
    fn toggles_commute_only_with_one_constant_per_cell() {
        let mut p = grid(1, 2, vec![1, 1]);
        p.programs =
            vec![vec![Term::Const(1), Term::Cell(0), Term::Sub], vec![Term::Const(1), Term::Cell(1), Term::Sub]];
        let t0 = Effect::Compute { cell: 0, program: 0 };
        let t1 = Effect::Compute { cell: 1, program: 1 };
        p.moves = vec![mv(vec![], vec![t0, t1]), mv(vec![], vec![t1])];
        assert!(commuting(&p));
        // A condition can make a move illegal in some positions: no longer free to reorder.
        p.moves[1].when = vec![Cond::Cmp { lhs: Operand::Cell(0), op: CmpOp::Eq, rhs: Operand::Const(1) }];
        assert!(!commuting(&p));
        p.moves[1].when.clear();
        // `2 - x` on a 0..=1 board can leave the board's values.
        p.programs[1] = vec![Term::Const(2), Term::Cell(1), Term::Sub];
        assert!(!commuting(&p));
        // `x + 1` is no involution.
        p.programs[1] = vec![Term::Cell(1), Term::Const(1), Term::Add];
        assert!(!commuting(&p));
    }
}
