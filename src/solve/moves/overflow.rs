//! The first arithmetic overflow of a search. A program on the state (a condition's side, a
//! computed effect, a goal's comparison, the spec's estimate) whose value does not fit in 64
//! bits makes no number at all: the search cannot go on as if it had one, and a saturated or
//! wrapped value could meet a goal the true value does not. So the evaluation that overflows
//! counts as false (the move is not made, the goal does not hold, the position is cut), the
//! overflow is recorded here with the position it happened in, the search stops at its next
//! clock check (`Budgeted::tick`), and the entry points of the engine turn the record into
//! [`Stop::Overflow`](super::Stop) whatever the search found: an answer found after an
//! overflow is never returned.
//!
//! The record is per thread: a search runs on the thread that called it, and every entry
//! point clears the record before it starts and takes it when it ends.

use std::cell::RefCell;

use crate::ir::moves::{Overflow, Value};

/// Where the search's arithmetic overflowed, and the position (board and counters) whose
/// values it read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Overflowed {
    pub at: Overflow,
    pub state: Vec<Value>,
}

thread_local! {
    static FIRST: RefCell<Option<Overflowed>> = const { RefCell::new(None) };
    static RAISED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Records an overflow at `state`, unless one is recorded already (the first is reported).
pub fn raise(at: Overflow, state: &[Value]) {
    if !RAISED.get() {
        RAISED.set(true);
        FIRST.with_borrow_mut(|f| *f = Some(Overflowed { at, state: state.to_vec() }));
    }
}

/// Whether an overflow was recorded since [`clear`].
pub fn raised() -> bool {
    RAISED.get()
}

/// Forgets any record: a search starts clean.
pub fn clear() {
    RAISED.set(false);
    FIRST.with_borrow_mut(|f| *f = None);
}

/// The record, cleared.
pub fn take() -> Option<Overflowed> {
    RAISED.set(false);
    FIRST.with_borrow_mut(Option::take)
}

#[cfg(test)]
mod tests {
    use crate::ir::moves::{Budget, CmpOp, Cond, Counter, Effect, Goal, MoveInstance, MoveProblem, Operand, Term};
    use crate::solve::moves::{Limits, Stop, count, solve};

    /// One counter `c` in 0..=5 starting at 0, one move `c := 5`, and the goal
    /// `c * 2^62 == i64::MAX`: saturating arithmetic makes 5 * 2^62 equal i64::MAX, so the
    /// goal "holds" after one move; checked arithmetic overflows there.
    pub fn saturating_goal() -> MoveProblem {
        MoveProblem {
            rows: 0,
            cols: 0,
            on_board: vec![],
            initial: vec![0],
            move_names: vec!["five".into()],
            moves: vec![MoveInstance {
                kind: 0,
                args: vec![],
                when: vec![],
                effects: vec![Effect::Set { cell: 0, value: Operand::Const(5) }],
            }],
            rules: vec![],
            goal: Goal::All(vec![Cond::Arith { lhs: 0, op: CmpOp::Eq, rhs: 1 }]),
            budget: Budget::Fewest { max: 10 },
            dead_below: None,
            programs: vec![vec![Term::Cell(0), Term::Const(1 << 62), Term::Mul], vec![Term::Const(i64::MAX)]],
            allowed: vec![true; 256],
            costs: vec![],
            shapes: vec![],
            walls: Vec::new(),
            counters: vec![Counter { name: "c".into(), lo: 0, hi: 5 }],
        }
    }

    #[test]
    fn an_overflowing_goal_stops_the_search_at_its_term() {
        let p = saturating_goal();
        p.validate().unwrap();
        let out = solve(&p, &Limits::default());
        assert_eq!(out.solution, None, "no answer survives an overflow");
        assert_eq!(out.stats.stop, Stop::Overflow);
        let o = out.overflowed.expect("the overflow is reported");
        assert_eq!((o.at.program, o.at.term), (0, 2), "the product, term 2 of program 0");
        assert_eq!(o.state, vec![5], "after the move");
        // Counting reports it too, and a search after it starts clean.
        let counted = count(&p, &Limits::default(), &mut |_| true);
        assert_eq!(counted.stats.stop, Stop::Overflow);
        let mut fine = p.clone();
        fine.programs[0] = vec![Term::Cell(0), Term::Const(2), Term::Mul];
        fine.programs[1] = vec![Term::Const(10)];
        let out = solve(&fine, &Limits::default());
        assert_eq!((out.solution, out.overflowed), (Some(vec![0]), None));
    }

    #[test]
    fn the_verifier_rejects_an_answer_only_saturation_would_give() {
        // The answer a saturating engine printed: one move.
        let why = crate::solve::verify_moves::verify(&saturating_goal(), &[0]).unwrap_err();
        assert!(why.contains("does not fit in 64 bits"), "{why}");
    }
}
