//! `Fewest` by iterative deepening A* (Korf 1985) under a lower bound the compiler proved
//! ([`Bound`], `lower::bound`): depth-first searches in move order, each cut where the moves
//! made plus the bound exceed a threshold, the threshold rising to the least value that was
//! cut, until a search reaches the goal. Memory is one position per level; no table.
//!
//! **Same answer as breadth-first search.** The bound never overestimates, so every position
//! on a solution of length `L` has moves-made + bound ≤ `L`: a threshold of at least `L`
//! cuts none of them. The thresholds start at the root's bound and rise to the least cut
//! value, so they never pass the shortest length `L*` (a shortest solution keeps a position
//! cut at every lower threshold, whose value is ≤ `L*`). The first threshold at which a
//! search reaches the goal is `L*`; a goal found then is at depth `L*` (none is shallower), and
//! the search tries moves in index order, so it is the lexicographically first shortest
//! solution.
//!
//! **Fast path.** When every move is one swap, there are no rules and the bound is a sum of
//! distances (or pattern databases), a position is one buffer changed in place and restored,
//! and the bound moves by the difference of the two swapped values' distances (or by the
//! change of the one group's entry whose value the move carries: one table look-up). A move that swaps the same two
//! cells as the move before it is skipped: the pair would restore the position, so no
//! shortest solution contains it. When one value occurs exactly once and every move
//! requires it in a given cell (the blank of a sliding puzzle), only the moves keyed to the
//! cell where it stands are looked at.

use super::machine::{Machine, goal_holds};
use super::{Budgeted, DeadCheck, Limits, Outcome, Stats, Stop, is_dead};
use crate::ir::guide::Bound;
use crate::ir::moves::{CmpOp, Cond, Effect, MoveProblem, Operand, Value};
use crate::ir::patterns::{NONE, entry, rank};

/// A cut value no threshold reaches.
const FAR: u32 = u32::MAX;

pub fn solve(p: &MoveProblem, limits: &Limits, max: u32, bound: &Bound) -> Outcome {
    if let Bound::Patterns(pat) = bound
        && let Err(stop) = super::pdb::prepare(pat, limits)
    {
        return Outcome {
            solution: None,
            stats: Stats { nodes: 0, tt_entries: 0, table_full: false, stop },
            overflowed: None,
            proof: None,
        };
    }
    let mut b = Budgeted::new(limits);
    let found = match Swaps::new(p, bound) {
        Some(mut fast) => deepen(p, max, bound_at(bound, &p.initial), &mut b, |b, t, next| fast.run(b, t, next)),
        None => {
            let mut slow = General::new(p, bound);
            deepen(p, max, bound_at(bound, &p.initial), &mut b, |b, t, next| slow.run(b, t, next))
        }
    };
    let stop = match (&found, b.stop) {
        (Some(_), _) => Stop::Solved,
        (None, Some(s)) => s,
        (None, None) => Stop::Exhausted,
    };
    Outcome {
        solution: found,
        stats: Stats { nodes: b.nodes, tt_entries: 0, table_full: false, stop },
        overflowed: None,
        proof: None,
    }
}

/// The bound at `s`; where the spec's estimate overflows, the overflow is recorded (the
/// search then stops, [`super::overflow`]) and the position is cut.
fn bound_at(bound: &Bound, s: &[Value]) -> u32 {
    bound.eval(s).unwrap_or_else(|at| {
        super::overflow::raise(at, s);
        FAR
    })
}

/// The threshold loop: `run(b, threshold, &mut next)` searches once, returning the solution
/// if it found one and lowering `next` to the least value it cut.
fn deepen(
    p: &MoveProblem,
    max: u32,
    root: u32,
    b: &mut Budgeted,
    mut run: impl FnMut(&mut Budgeted, u32, &mut u32) -> Option<Vec<u32>>,
) -> Option<Vec<u32>> {
    if goal_holds(p, &p.initial) {
        return Some(Vec::new());
    }
    let mut threshold = root;
    while threshold <= max {
        let mut next = FAR;
        if let Some(sol) = run(b, threshold, &mut next) {
            return Some(sol);
        }
        if b.stop.is_some() {
            return None;
        }
        threshold = next;
    }
    None
}

/// The fast path: single-swap moves, no rules, a sum-of-distances bound.
struct Swaps<'p> {
    p: &'p MoveProblem,
    /// Per move: the two cells it swaps, the id of the unordered pair (equal for moves that
    /// undo each other), and its conditions other than the key one (`rest[lo..hi]`).
    steps: Vec<Step>,
    rest: Vec<Cond>,
    /// The moves to look at where the key value stands, in index order:
    /// `order[starts[c]..starts[c + 1]]` for cell `c` (one list of every move without a key).
    order: Vec<u32>,
    starts: Vec<u32>,
    /// The key value (the blank) and where it stands.
    key: Option<Value>,
    at: usize,
    cells: usize,
    /// The distances of the values the bound counts by distance (every value, or those in
    /// no pattern database's group).
    dist: Vec<u32>,
    per_move: u64,
    /// The pattern databases, when the bound has them.
    pdb: Option<Pdb<'p>>,
    state: Vec<Value>,
    /// `path[g]`: the move made at depth `g` of the current line.
    path: Vec<u32>,
    threshold: u32,
    next: u32,
    /// The length of the line that reached the goal.
    goal_depth: usize,
}

/// The pattern databases' side of the fast path: where each group's values stand and the
/// group's current entry, changed with the one value a move carries.
struct Pdb<'p> {
    n: u32,
    tables: &'p [Vec<u8>],
    group_of: &'p [u8],
    slot_of: &'p [u8],
    position: &'p [u8],
    sizes: Vec<usize>,
    at: Vec<[u8; 8]>,
    h: Vec<u32>,
}

impl Pdb<'_> {
    /// Sets where the groups' values stand in `s`; the sum of their entries.
    fn reset(&mut self, s: &[Value]) -> u64 {
        for (c, &v) in s.iter().enumerate() {
            let g = self.group_of[v as usize];
            if g != NONE {
                self.at[g as usize][self.slot_of[v as usize] as usize] = self.position[c];
            }
        }
        let mut sum = 0u64;
        for g in 0..self.at.len() {
            self.h[g] = entry(self.tables[g][rank(self.n, &self.at[g][..self.sizes[g]])]);
            sum += self.h[g] as u64;
        }
        sum
    }

    /// Value `v` moving to cell `to`: `(group, slot, position, entry)` when it is in a group.
    #[inline]
    fn carry(&self, v: Value, to: usize) -> Option<(usize, usize, u8, u32)> {
        let g = self.group_of[v as usize];
        if g == NONE {
            return None;
        }
        let (g, slot, x) = (g as usize, self.slot_of[v as usize] as usize, self.position[to]);
        let mut ps = self.at[g];
        ps[slot] = x;
        Some((g, slot, x, entry(self.tables[g][rank(self.n, &ps[..self.sizes[g]])])))
    }
}

#[derive(Clone, Copy)]
struct Step {
    a: u32,
    c: u32,
    pair: u32,
    rest_lo: u32,
    rest_hi: u32,
}

/// `cell == v` for a constant `v`, either way round.
fn eq_const(c: &Cond) -> Option<(u32, Value)> {
    match *c {
        Cond::Cmp { lhs: Operand::Cell(x), op: CmpOp::Eq, rhs: Operand::Const(v) }
        | Cond::Cmp { lhs: Operand::Const(v), op: CmpOp::Eq, rhs: Operand::Cell(x) } => Some((x, v)),
        _ => None,
    }
}

impl<'p> Swaps<'p> {
    fn new(p: &'p MoveProblem, bound: &'p Bound) -> Option<Self> {
        let (cells, mut dist, per_move, pdb) = match bound {
            Bound::Distance { cells, dist, per_move } => (*cells, dist.clone(), *per_move, None),
            Bound::Patterns(pat) => {
                let pdb = pat.tables().map(|t| Pdb {
                    n: pat.abs.n(),
                    tables: &t.tables,
                    group_of: &pat.group_of,
                    slot_of: &pat.slot_of,
                    position: &pat.position,
                    sizes: pat.abs.groups.iter().map(Vec::len).collect(),
                    at: vec![[0; 8]; pat.abs.groups.len()],
                    h: vec![0; pat.abs.groups.len()],
                });
                (pat.cells, pat.dist.clone(), 1, pdb)
            }
            _ => return None,
        };
        if let Some(pdb) = &pdb {
            // A value in a group counts by its group's table, not by its distance.
            for v in (0..256).filter(|&v| pdb.group_of[v] != NONE) {
                dist[v * cells..(v + 1) * cells].fill(0);
            }
        }
        if !p.rules.is_empty() || p.dead_below.is_some() {
            return None;
        }
        let n = p.rows * p.cols;
        for m in &p.moves {
            if !matches!(m.effects[..], [Effect::Swap(..)]) || m.when.iter().any(|c| !matches!(c, Cond::Cmp { .. })) {
                return None;
            }
        }
        // A key value: occurs once, and every move asks for it in some cell.
        let key = (1..=255u8).chain([0]).find(|&v| {
            p.initial.iter().filter(|&&x| x == v).count() == 1
                && p.moves.iter().all(|m| m.when.iter().any(|c| eq_const(c).is_some_and(|(_, w)| w == v)))
        });
        let mut lists = vec![Vec::new(); if key.is_some() { n } else { 1 }];
        let (mut steps, mut rest) = (Vec::with_capacity(p.moves.len()), Vec::new());
        for (i, m) in p.moves.iter().enumerate() {
            let [Effect::Swap(a, c)] = m.effects[..] else { unreachable!("checked above") };
            let mut others = m.when.clone();
            let slot = match key {
                Some(v) => {
                    let k =
                        others.iter().position(|c| eq_const(c).is_some_and(|(_, w)| w == v)).expect("checked above");
                    let (cell, _) = eq_const(&others.remove(k)).expect("an equality");
                    cell as usize
                }
                None => 0,
            };
            lists[slot].push(i as u32);
            let rest_lo = rest.len() as u32;
            rest.extend(others);
            let pair = a.min(c) * n as u32 + a.max(c);
            steps.push(Step { a, c, pair, rest_lo, rest_hi: rest.len() as u32 });
        }
        let mut starts = vec![0u32];
        let mut order = Vec::new();
        for l in &lists {
            order.extend_from_slice(l);
            starts.push(order.len() as u32);
        }
        let at = key.map_or(0, |v| p.initial.iter().position(|&x| x == v).expect("occurs once"));
        Some(Swaps {
            p,
            steps,
            rest,
            order,
            starts,
            key,
            at,
            cells,
            dist,
            per_move: per_move as u64,
            pdb,
            state: p.initial.clone(),
            path: Vec::new(),
            threshold: 0,
            next: FAR,
            goal_depth: 0,
        })
    }

    fn run(&mut self, b: &mut Budgeted, threshold: u32, next: &mut u32) -> Option<Vec<u32>> {
        let mut sum: u64 =
            (self.state.iter().enumerate()).map(|(c, &v)| self.dist[v as usize * self.cells + c] as u64).sum();
        if let Some(pdb) = &mut self.pdb {
            sum += pdb.reset(&self.state);
        }
        let deepest = threshold as usize + 1;
        if self.path.len() < deepest {
            self.path.resize(deepest, 0);
        }
        (self.threshold, self.next) = (threshold, FAR);
        let f = self.bound_of(sum);
        let found = if f > threshold {
            self.next = f;
            false
        } else {
            self.node(b, 0, sum, u32::MAX)
        };
        *next = self.next;
        found.then(|| self.path[..self.goal_depth].to_vec())
    }

    /// The bound from a distance sum.
    #[inline]
    fn bound_of(&self, sum: u64) -> u32 {
        let h = if self.per_move == 1 { sum } else { sum.div_ceil(self.per_move) };
        h.min(FAR as u64) as u32
    }

    /// Searches from `state` after `g` moves, with distance sum `sum`; `prev` is the pair of
    /// the move that led here.
    /// The caller has checked that moves made plus the bound stay within the threshold.
    fn node(&mut self, b: &mut Budgeted, g: u32, sum: u64, prev: u32) -> bool {
        // The bound is 0 at every goal position: only then can this be one.
        if sum == 0 && g > 0 && goal_holds(self.p, &self.state) {
            self.goal_depth = g as usize;
            return true;
        }
        if !b.tick() {
            return false;
        }
        let slot = if self.key.is_some() { self.at } else { 0 };
        let (lo, hi) = (self.starts[slot] as usize, self.starts[slot + 1] as usize);
        for k in lo..hi {
            let st = self.steps[self.order[k] as usize];
            if st.pair == prev {
                continue;
            }
            if st.rest_hi > st.rest_lo
                && !self.rest[st.rest_lo as usize..st.rest_hi as usize].iter().all(|c| cond_holds(&self.state, c))
            {
                continue;
            }
            let (a, c) = (st.a as usize, st.c as usize);
            let (va, vc) = (self.state[a] as usize, self.state[c] as usize);
            // `dist` has 256 rows of `cells`: any value and on-board cell index it.
            let row_a = &self.dist[va * self.cells..][..self.cells];
            let row_c = &self.dist[vc * self.cells..][..self.cells];
            let mut moved = sum + (row_a[c] + row_c[a]) as u64 - (row_a[a] + row_c[c]) as u64;
            // A value of a pattern database's group changes its group's entry. The other
            // side of the swap is the empty cell (`lower/patterns.rs` applies only then), so
            // one value moves.
            let carried =
                self.pdb.as_ref().and_then(|pdb| pdb.carry(va as Value, c).or_else(|| pdb.carry(vc as Value, a)));
            if let (Some((g, _, _, e)), Some(pdb)) = (carried, &self.pdb) {
                moved = moved + e as u64 - pdb.h[g] as u64;
            }
            // The child's cut, decided here: no swap and no call for a child that is cut.
            let f = (g + 1).saturating_add(self.bound_of(moved));
            if f > self.threshold {
                self.next = self.next.min(f);
                continue;
            }
            self.state.swap(a, c);
            let at = self.at;
            if at == a {
                self.at = c;
            } else if at == c {
                self.at = a;
            }
            self.path[g as usize] = self.order[k];
            let undo = match (carried, &mut self.pdb) {
                (Some((grp, slot, x, e)), Some(pdb)) => {
                    let old = (pdb.at[grp][slot], pdb.h[grp]);
                    (pdb.at[grp][slot], pdb.h[grp]) = (x, e);
                    Some((grp, slot, old))
                }
                _ => None,
            };
            let found = self.node(b, g + 1, moved, st.pair);
            if let (Some((grp, slot, (x, e))), Some(pdb)) = (undo, &mut self.pdb) {
                (pdb.at[grp][slot], pdb.h[grp]) = (x, e);
            }
            if found {
                return true;
            }
            self.at = at;
            self.state.swap(a, c);
            if b.stop.is_some() {
                return false;
            }
        }
        false
    }
}

fn cond_holds(s: &[Value], c: &Cond) -> bool {
    let Cond::Cmp { lhs, op, rhs } = *c else { return false };
    let v = |o: Operand| match o {
        Operand::Cell(x) => s[x as usize],
        Operand::Const(k) => k,
    };
    let (x, y) = (v(lhs), v(rhs));
    match op {
        CmpOp::Eq => x == y,
        CmpOp::Ne => x != y,
        CmpOp::Lt => x < y,
        CmpOp::Le => x <= y,
        CmpOp::Gt => x > y,
        CmpOp::Ge => x >= y,
    }
}

/// Any other problem: positions copied level by level, moves applied by the machine (rules
/// included), the bound evaluated on each position.
struct General<'p> {
    p: &'p MoveProblem,
    m: Machine<'p>,
    bound: &'p Bound,
    dead: Option<DeadCheck>,
    states: Vec<Vec<Value>>,
    path: Vec<u32>,
    /// `hs[g]`: the bound used at depth `g` of the current line.
    hs: Vec<u32>,
}

impl<'p> General<'p> {
    fn new(p: &'p MoveProblem, bound: &'p Bound) -> Self {
        General {
            p,
            m: Machine::new(p),
            bound,
            dead: DeadCheck::new(p),
            states: vec![p.initial.clone()],
            path: Vec::new(),
            hs: Vec::new(),
        }
    }

    fn run(&mut self, b: &mut Budgeted, threshold: u32, next: &mut u32) -> Option<Vec<u32>> {
        self.path.clear();
        if is_dead(&mut self.dead, &self.p.initial) {
            return None;
        }
        self.node(b, 0, threshold, next).then(|| self.path.clone())
    }

    fn node(&mut self, b: &mut Budgeted, g: usize, threshold: u32, next: &mut u32) -> bool {
        // Pathmax (Mérő 1984): a position one move from its parent is at most one move
        // closer, so the parent's bound minus one is a bound too. It changes nothing for a
        // consistent bound and keeps an inconsistent one (a spec's `estimate`) from lowering
        // f along a line.
        let mut h = bound_at(self.bound, &self.states[g]);
        if g > 0 {
            h = h.max(self.hs[g - 1].saturating_sub(1));
        }
        self.hs.truncate(g);
        self.hs.push(h);
        let f = (g as u32).saturating_add(h);
        if f > threshold {
            *next = (*next).min(f);
            return false;
        }
        if g > 0 && goal_holds(self.p, &self.states[g]) {
            return true;
        }
        if !b.tick() {
            return false;
        }
        if self.states.len() <= g + 1 {
            self.states.push(self.p.initial.clone());
        }
        for (mi, mv) in self.p.moves.iter().enumerate() {
            let (lo, hi) = self.states.split_at_mut(g + 1);
            if !self.m.legal(&lo[g], mv) {
                continue;
            }
            hi[0].copy_from_slice(&lo[g]);
            // Below the root every position came out of `apply`, so it is stable.
            if g == 0 {
                self.m.apply(&mut hi[0], mv, None);
            } else {
                self.m.apply_settled(&mut hi[0], mv, None);
            }
            // A move back to a position of the current line (or one that changes nothing)
            // cannot be on a shortest solution.
            if lo.iter().any(|s| *s == hi[0]) || is_dead(&mut self.dead, &hi[0]) {
                continue;
            }
            self.path.push(mi as u32);
            if self.node(b, g + 1, threshold, next) {
                return true;
            }
            self.path.pop();
            if b.stop.is_some() {
                return false;
            }
        }
        false
    }
}
