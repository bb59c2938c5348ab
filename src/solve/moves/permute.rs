//! Proofs, made before any search, that no sequence of moves reaches the goal because every
//! move only **permutes the board's cells** (sliding puzzles, swaps, rotations of a few
//! cells) and a permutation keeps something the goal does not have. Derived from the
//! compiled moves alone; nothing here knows a puzzle by name.
//!
//! **Which moves permute.** A move permutes when, read as "cell `c` takes the old value of
//! cell `src[c]`" (a `swap` is two such reads, a `set A = B` of a cell one, a cell left alone
//! reads itself, a `set A = v` whose condition says `A` already holds `v` changes nothing),
//! `src` is a bijection of the board's cells. That is a property of the move, not of the
//! position: whatever the position, its values are rearranged by the same permutation.
//! Writes of counters are not on the board and do not matter; any other write (a computed
//! value, a removed group) and any rule (gravity, clearing, closing) ends the analysis.
//! Conditions only decide *whether* a move is made, so they do not matter either — except
//! where they say which value stands where, used below.
//!
//! **Counts of values.** A permutation keeps how many cells hold each value. Every reachable
//! position holds the start's counts; a goal that pins more cells to some value than the
//! start has (a picture, or `cell == value` comparisons in `goal ... when`) holds in none.
//!
//! **Parity.** When the start's on-board values are all different and the goal pins every
//! on-board cell, a position is a permutation `τ` of the goal (cell `c` holds the value the
//! goal puts at `τ(c)`). A move with `src` turns `τ` into `τ ∘ src`, so the parity of `τ`
//! flips exactly when `src` is odd. That alone proves nothing when some moves are odd (the
//! 15-puzzle's are all transpositions); combined with where one value `k` (the blank) stands,
//! it does. Look for a colouring `χ` of the cells with 0 and 1 such that for every move and
//! every cell `x` where `k` may stand before it (the cell its condition pins `k` to, or else
//! every cell not pinned to another value), `χ(x) + χ(x') ≡ parity(src)` (mod 2), `x'` being
//! where `k` goes. Then `parity(τ) + χ(cell of k)` is the same in every reachable position.
//! The constraints are linear over GF(2) on a graph of cells: a union-find that keeps each
//! cell's colour relative to its class's root solves them or finds a contradiction (then there
//! is no such colouring for this `k`, and another `k` is tried). On a grid whose moves swap
//! the blank with a neighbour, `χ` is the parity of row plus column (the textbook argument for
//! the 15-puzzle); the search finds it from the moves. Two more cases are proofs too: if the
//! cell of `k` at the start and at the goal are in different classes, no move sequence carries
//! `k` from one to the other; and with every move even (`χ ≡ 0` fits), the parity of `τ`
//! alone is invariant.
//!
//! Sound in every case: each claim is "every move keeps `I`", so every reachable position has
//! the start's `I`, and the goal's positions have another.

use crate::ir::moves::{CmpOp, Cond, EMPTY, Effect, Goal, MoveInstance, MoveProblem, Operand, Value};

/// What was proved: the invariant the goal breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    /// Each value's count: the goal pins `need` cells to `value`, the board has `have`.
    Count { value: Value, need: u32, have: u32 },
    /// The parity of the arrangement plus the colour of `key`'s cell.
    Parity { key: Value, start: u8, goal: u8 },
    /// The parity of the arrangement, every move being even.
    EvenParity,
    /// No move carries `key` from its start cell's class to its goal cell's.
    Cannot { key: Value },
}

/// What no permutation of the board's cells changes and the goal does not have, if anything.
pub fn goal_unreachable(p: &MoveProblem) -> Option<Kept> {
    if !p.rules.is_empty() {
        return None;
    }
    let srcs: Vec<Vec<u32>> = p.moves.iter().map(|m| permutation(p, m)).collect::<Option<_>>()?;
    let cells: Vec<usize> = (0..p.grid_len()).filter(|&c| p.on_board[c]).collect();
    let pins = goal_pins(p)?;
    // Counts of values.
    let mut have = [0u32; 256];
    let mut need = [0u32; 256];
    for &c in &cells {
        have[p.initial[c] as usize] += 1;
        if let Some(v) = pins[c] {
            need[v as usize] += 1;
        }
    }
    if let Some(v) = (0..256).find(|&v| need[v] > have[v]) {
        return Some(Kept::Count { value: v as Value, need: need[v], have: have[v] });
    }
    // Parity: distinct values, every cell pinned.
    if cells.iter().any(|&c| pins[c].is_none()) || have.iter().any(|&n| n > 1) {
        return None;
    }
    let goal_at = {
        let mut at = [usize::MAX; 256];
        for &c in &cells {
            at[pins[c].unwrap() as usize] = c;
        }
        at
    };
    // τ(c) = the goal's cell of the value at c.
    let tau: Vec<usize> =
        (0..p.grid_len()).map(|c| if p.on_board[c] { goal_at[p.initial[c] as usize] } else { c }).collect();
    let start_parity = parity(&tau);
    let odd: Vec<bool> = srcs.iter().map(|s| parity(&s.iter().map(|&x| x as usize).collect::<Vec<_>>()) == 1).collect();
    if odd.iter().all(|&o| !o) {
        return (start_parity == 1).then_some(Kept::EvenParity);
    }
    let mut keys: Vec<(Value, usize)> = cells.iter().map(|&c| (p.initial[c], c)).collect();
    keys.sort_unstable();
    for (key, from) in keys {
        let Some(mut colours) = colouring(p, &srcs, &odd, key, &cells) else { continue };
        let to = goal_at[key as usize];
        let ((rf, cf), (rt, ct)) = (colours.find(from), colours.find(to));
        if rf != rt {
            return Some(Kept::Cannot { key });
        }
        let start = (start_parity + cf) % 2;
        let goal = ct % 2;
        return (start != goal).then_some(Kept::Parity { key, start, goal });
    }
    None
}

/// The move as a permutation of the board's cells: `src[c]` is the cell whose old value `c`
/// holds after it (`c` itself for a cell it leaves alone); `None` when it is no permutation.
fn permutation(p: &MoveProblem, m: &MoveInstance) -> Option<Vec<u32>> {
    let n = p.grid_len() as u32;
    let mut src: Vec<u32> = (0..n).collect();
    let pinned = |cell: u32, v: Value| m.when.iter().any(|c| pin(c) == Some((cell, v)));
    for e in &m.effects {
        match *e {
            Effect::Set { cell, .. } | Effect::Compute { cell, .. } if cell >= n => {}
            Effect::Swap(a, b) if a < n && b < n => (src[a as usize], src[b as usize]) = (b, a),
            Effect::Set { cell, value: Operand::Cell(from) } if from < n => src[cell as usize] = from,
            Effect::Set { cell, value: Operand::Const(v) } if pinned(cell, v) => {}
            _ => return None,
        }
    }
    // A bijection: no cell's old value goes to two cells.
    let mut seen = vec![false; n as usize];
    for &s in &src {
        if std::mem::replace(&mut seen[s as usize], true) {
            return None;
        }
    }
    Some(src)
}

/// `cell == v` (either way round) on a board cell.
fn pin(c: &Cond) -> Option<(u32, Value)> {
    match *c {
        Cond::Cmp { lhs: Operand::Cell(x), op: CmpOp::Eq, rhs: Operand::Const(v) }
        | Cond::Cmp { lhs: Operand::Const(v), op: CmpOp::Eq, rhs: Operand::Cell(x) } => Some((x, v)),
        _ => None,
    }
}

/// The value the goal requires of each board cell, where it requires one. `None` when the goal
/// pins nothing this proof can use (`Empty` and counts are `prove.rs`'s), or pins one cell
/// to two values (a goal no position meets, which a search finds at once).
fn goal_pins(p: &MoveProblem) -> Option<Vec<Option<Value>>> {
    let n = p.grid_len();
    match &p.goal {
        Goal::Pattern(want) => Some(want.clone()),
        Goal::All(conds) => {
            let mut pins = vec![None; n];
            for (cell, v) in conds.iter().filter_map(pin).filter(|&(c, _)| (c as usize) < n) {
                match pins[cell as usize] {
                    Some(w) if w != v => return None,
                    _ => pins[cell as usize] = Some(v),
                }
            }
            pins.iter().any(Option::is_some).then_some(pins)
        }
        Goal::Empty => Some((0..n).map(|_| Some(EMPTY)).collect()),
        Goal::NonEmptyCount(_) => None,
    }
}

/// 0 for an even permutation, 1 for an odd one: `n` minus the number of cycles, mod 2.
fn parity(perm: &[usize]) -> u8 {
    let mut seen = vec![false; perm.len()];
    let mut swaps = 0usize;
    for start in 0..perm.len() {
        let mut c = start;
        let mut len = 0usize;
        while !seen[c] {
            seen[c] = true;
            c = perm[c];
            len += 1;
        }
        swaps += len.saturating_sub(1);
    }
    (swaps % 2) as u8
}

/// The colouring of the module doc for `key`, as classes of cells with each cell's colour
/// relative to its class's root; `None` when the constraints contradict each other.
fn colouring(p: &MoveProblem, srcs: &[Vec<u32>], odd: &[bool], key: Value, cells: &[usize]) -> Option<Classes> {
    let mut classes = Classes::new(p.grid_len());
    let mut dest = vec![0u32; p.grid_len()];
    for ((m, src), &odd) in p.moves.iter().zip(srcs).zip(odd) {
        // Where each cell's value goes.
        for (c, &s) in src.iter().enumerate() {
            dest[s as usize] = c as u32;
        }
        let w = u8::from(odd);
        let pins: Vec<(u32, Value)> = m.when.iter().filter_map(pin).collect();
        let here = pins.iter().find(|&&(_, v)| v == key).map(|&(c, _)| c);
        let mut constrain = |x: usize| classes.join(x, dest[x] as usize, w);
        match here {
            Some(x) => {
                if !constrain(x as usize) {
                    return None;
                }
            }
            None => {
                for &x in cells {
                    if pins.iter().any(|&(c, v)| c as usize == x && v != key) {
                        continue;
                    }
                    if !constrain(x) {
                        return None;
                    }
                }
            }
        }
    }
    Some(classes)
}

/// Union-find over cells, each with its colour relative to its parent (GF(2)).
struct Classes {
    parent: Vec<usize>,
    rel: Vec<u8>,
}

impl Classes {
    fn new(n: usize) -> Self {
        Classes { parent: (0..n).collect(), rel: vec![0; n] }
    }

    /// The root of `x`'s class and `x`'s colour relative to it.
    fn find(&mut self, x: usize) -> (usize, u8) {
        let mut path = Vec::new();
        let mut r = x;
        while self.parent[r] != r {
            path.push(r);
            r = self.parent[r];
        }
        // Compress, from the cell nearest the root outwards.
        for &c in path.iter().rev() {
            let p = self.parent[c];
            if p != r {
                self.rel[c] ^= self.rel[p];
            }
            self.parent[c] = r;
        }
        (r, self.rel[x])
    }

    /// Requires `colour(a) + colour(b) ≡ w`; false when that contradicts what is known.
    fn join(&mut self, a: usize, b: usize, w: u8) -> bool {
        let ((ra, ca), (rb, cb)) = (self.find(a), self.find(b));
        if ra == rb {
            return ca ^ cb == w;
        }
        self.parent[ra] = rb;
        self.rel[ra] = ca ^ cb ^ w;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::moves::Budget;

    /// A `rows`×`cols` sliding puzzle (the blank 0 swaps with a neighbour) from `start`,
    /// its goal the values 1.. in reading order with the blank last.
    fn sliding(rows: usize, cols: usize, start: &[Value]) -> MoveProblem {
        let n = rows * cols;
        let mut moves = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                for (dr, dc) in [(-1i64, 0i64), (1, 0), (0, -1), (0, 1)] {
                    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                    if nr < 0 || nc < 0 || nr >= rows as i64 || nc >= cols as i64 {
                        continue;
                    }
                    let (a, b) = ((r * cols + c) as u32, (nr as usize * cols + nc as usize) as u32);
                    moves.push(MoveInstance {
                        kind: 0,
                        args: vec![],
                        when: vec![Cond::Cmp { lhs: Operand::Cell(a), op: CmpOp::Eq, rhs: Operand::Const(0) }],
                        effects: vec![Effect::Swap(a, b)],
                    });
                }
            }
        }
        let goal: Vec<Option<Value>> = (1..n).map(|v| Some(v as Value)).chain([Some(0)]).collect();
        MoveProblem {
            rows,
            cols,
            on_board: vec![true; n],
            initial: start.to_vec(),
            move_names: vec!["slide".into()],
            moves,
            rules: vec![],
            goal: Goal::Pattern(goal),
            budget: Budget::Fewest { max: 80 },
            dead_below: None,
            programs: vec![],
            allowed: vec![true; 256],
            costs: vec![],
            shapes: vec![],
            walls: Vec::new(),
            counters: vec![],
        }
    }

    /// Every arrangement of the 2×2 puzzle, against a breadth-first search of the positions
    /// reachable from the goal: the proof says "unreachable" exactly for the others (half of
    /// the 24; the 2×2's reachable positions are 12, a published figure for the 3-puzzle).
    #[test]
    fn the_parity_proof_agrees_with_brute_force_on_the_2x2() {
        let goal = [1u8, 2, 3, 0];
        let mut reach = std::collections::HashSet::from([goal.to_vec()]);
        let mut todo = vec![goal.to_vec()];
        let p = sliding(2, 2, &goal);
        while let Some(s) = todo.pop() {
            for m in &p.moves {
                let (Effect::Swap(a, b), Some((c, 0))) = (m.effects[0], pin(&m.when[0])) else { unreachable!() };
                if s[c as usize] == 0 {
                    let mut t = s.clone();
                    t.swap(a as usize, b as usize);
                    if reach.insert(t.clone()) {
                        todo.push(t);
                    }
                }
            }
        }
        assert_eq!(reach.len(), 12);
        let mut all: Vec<Vec<u8>> = Vec::new();
        for x in 0..256u32 {
            let v: Vec<u8> = (0..4).map(|i| ((x >> (2 * i)) & 3) as u8).collect();
            if (0..4u8).all(|d| v.contains(&d)) {
                all.push(v);
            }
        }
        assert_eq!(all.len(), 24);
        for start in all {
            let proved = goal_unreachable(&sliding(2, 2, &start));
            assert_eq!(proved.is_some(), !reach.contains(&start), "{start:?}: {proved:?}");
            if let Some(k) = proved {
                assert!(matches!(k, Kept::Parity { key: 0, .. }), "{k:?}");
            }
        }
    }

    #[test]
    fn two_tiles_swapped_on_the_3x3_and_4x4_are_proved() {
        let solved: Vec<Value> = (1..9).chain([0]).collect();
        assert_eq!(goal_unreachable(&sliding(3, 3, &solved)), None);
        let mut swapped = solved.clone();
        swapped.swap(0, 1);
        assert!(matches!(goal_unreachable(&sliding(3, 3, &swapped)), Some(Kept::Parity { key: 0, .. })));
        let mut fifteen: Vec<Value> = (1..16).chain([0]).collect();
        fifteen.swap(13, 14);
        assert!(matches!(goal_unreachable(&sliding(4, 4, &fifteen)), Some(Kept::Parity { key: 0, .. })));
        // Moving the blank keeps the invariant: one slide from the goal is not refused.
        let mut one = (1..16).chain([0]).collect::<Vec<Value>>();
        one.swap(14, 15);
        assert_eq!(goal_unreachable(&sliding(4, 4, &one)), None);
    }

    #[test]
    fn counts_of_values_and_what_ends_the_analysis() {
        // Two 1s and no 3: the goal's 3 is not on the board.
        let p = sliding(2, 2, &[1, 1, 2, 0]);
        assert_eq!(goal_unreachable(&p), Some(Kept::Count { value: 3, need: 1, have: 0 }));
        // A rule, or a move that writes a constant, proves nothing.
        let mut rules = p.clone();
        rules.rules.push(crate::ir::moves::Rule::Gravity(crate::ir::moves::Dir::Down));
        assert_eq!(goal_unreachable(&rules), None);
        let mut set = p.clone();
        set.moves[0].effects = vec![Effect::Set { cell: 0, value: Operand::Const(3) }];
        assert_eq!(goal_unreachable(&set), None);
        // A move without the blank's condition swaps any two tiles: no parity invariant.
        let mut free = sliding(2, 2, &[2, 1, 3, 0]);
        free.moves[0].when.clear();
        assert_eq!(goal_unreachable(&free), None);
    }
}
