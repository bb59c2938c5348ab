//! What the compiler proves about a move problem to guide the search: a lower bound on the
//! moves left from any position, whether the moves commute, and the board's symmetries. Derived from the lowered
//! [`MoveProblem`](super::moves::MoveProblem) by `lower::bound` (where the proofs are); the
//! engine only evaluates it.

use super::moves::{EMPTY, ESTIMATE, Overflow, Term, Value, eval_small};
use super::patterns::Patterns;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Guide {
    /// A lower bound on the moves from any position to the goal (admissible: it never
    /// overestimates), when one could be proved.
    pub bound: Option<Bound>,
    /// Every move is an involution and every two moves commute (and every move is legal in
    /// every position): a shortest answer uses each move at most once, in any order.
    pub commute: bool,
    /// Maps of the board under which moves, goal, rules, walls and costs are the same
    /// (`lower::move_symmetry`): the breadth- and depth-first searches key their tables by a
    /// position's canonical image under them.
    pub symmetry: Option<super::symmetry::Symmetry>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// `ceil(Σ dist[s[c] * cells + c] / per_move)` over the cells `c`: every value's distance
    /// to the nearest cell where the goal lets it stand, and the most one move can lower the
    /// sum. `dist` of the empty value is 0.
    Distance { cells: usize, dist: Vec<u32>, per_move: u32 },
    /// Additive pattern databases over groups of values, the other values' distances added
    /// (`lower/patterns.rs`); never below the sum of distances.
    Patterns(Box<Patterns>),
    /// `ceil(number of distinct non-empty values / per_move)`: a move removes at most
    /// `per_move` values altogether.
    Colours { per_move: u32 },
    /// `estimate EXPR`: the author's bound, a program on the state (negative counts as 0).
    /// Not proved: the engine checks it along every answer and distrusts it when it is
    /// seen to overestimate.
    Estimate(Vec<Term>),
}

impl Bound {
    /// The bound on the moves left from `s`; `Err` when the spec's estimate overflows 64 bits
    /// there (the derived bounds cannot).
    pub fn eval(&self, s: &[Value]) -> Result<u32, Overflow> {
        match self {
            Bound::Distance { cells, dist, per_move } => {
                let sum: u64 = s.iter().enumerate().map(|(c, &v)| dist[v as usize * cells + c] as u64).sum();
                Ok(sum.div_ceil(*per_move as u64).min(u32::MAX as u64) as u32)
            }
            Bound::Patterns(pat) => Ok(pat.eval(s)),
            Bound::Colours { per_move } => {
                let mut seen = [false; 256];
                let mut n = 0u32;
                for &v in s {
                    if v != EMPTY && !seen[v as usize] {
                        seen[v as usize] = true;
                        n += 1;
                    }
                }
                Ok(n.div_ceil(*per_move))
            }
            Bound::Estimate(prog) => match eval_small(prog, s) {
                Ok(v) => Ok(v.clamp(0, u32::MAX as i64) as u32),
                Err(term) => Err(Overflow { program: ESTIMATE, term }),
            },
        }
    }

    /// One line for `puzc compile --emit moves`.
    pub fn describe(&self) -> String {
        match self {
            Bound::Distance { per_move: 1, .. } => {
                "lower bound: sum of the values' distances to their goal cells".into()
            }
            Bound::Distance { per_move, .. } => {
                format!("lower bound: sum of the values' distances to their goal cells, divided by {per_move}")
            }
            Bound::Patterns(pat) => {
                let groups: Vec<String> = pat
                    .abs
                    .groups
                    .iter()
                    .map(|g| g.iter().map(|(v, _)| v.to_string()).collect::<Vec<_>>().join(" "))
                    .collect();
                format!(
                    "lower bound: additive pattern databases of the values {{{}}} ({} entries), the other values' distances to their goal cells added",
                    groups.join("}, {"),
                    pat.abs.bytes()
                )
            }
            Bound::Colours { per_move: 1 } => "lower bound: number of colours left".into(),
            Bound::Colours { per_move } => format!("lower bound: number of colours left, divided by {per_move}"),
            Bound::Estimate(_) => "lower bound: the spec's estimate (not proved)".into(),
        }
    }
}
