//! Counting and listing the solutions of a played puzzle: every distinct sequence of concrete
//! moves that reaches the goal within the budget.
//!
//! What counts as a solution follows the budget:
//! - `Exactly(n)`: a sequence of exactly `n` legal moves after which the goal holds (the goal
//!   is not looked at before, as for the first solution);
//! - `AtMost(n)`: a sequence of at most `n` moves that ends the first time the goal holds
//!   (play stops when the puzzle is won, so a sequence never passes through the goal);
//! - `Fewest { max }`: a shortest sequence, if one has at most `max` moves.
//!
//! Two different moves are two different sequences even when they lead to the same position.
//!
//! Nothing is enumerated to count. Under `Exactly`/`AtMost` the number of solutions from a
//! position with `k` moves left is memoised in a table keyed by the packed position and `k`
//! (a depth-first search over positions, not over sequences). Under `Fewest` a breadth-first
//! search keeps, per position, the number of shortest paths reaching it (the sum over its
//! parents in the previous layer); the count is the sum over the goal positions of the first
//! layer that has any.
//!
//! Listing walks the same structures in move order, entering only subtrees known to hold a
//! solution, so solutions come out in the order of the first solution (lexicographic by move
//! index) and the listing can stop after any number of them.

use super::machine::{Machine, goal_holds};
use super::table::{Packer, Table, hash};
use super::{Budgeted, Child, DeadCheck, Limits, Stats, Stop, is_dead};
use crate::ir::guide::Guide;
use crate::ir::moves::{Budget, MoveProblem, Value};

/// The result of a count. `count` is exact when `stats.stop` is `Solved` or `Exhausted`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    pub count: u128,
    /// The count does not fit in 128 bits (`count` is then `u128::MAX`).
    pub overflow: bool,
    pub stats: Stats,
    /// With [`Stop::Overflow`]: where the arithmetic on the state overflowed (the count and
    /// the solutions seen mean nothing then).
    pub overflowed: Option<super::Overflowed>,
    /// The goal was proved unreachable (the count is 0), so.
    pub proof: Option<super::Proof>,
}

/// Counts the solutions, and calls `each` with the solutions in order (as indices into
/// `p.moves`) until it returns false or they run out.
pub fn count(p: &MoveProblem, limits: &Limits, each: &mut dyn FnMut(&[u32]) -> bool) -> Counted {
    count_upto(p, limits, None, each)
}

/// [`count`] that stops at `cap` solutions: the count is then `min(count, cap)`, and `each`
/// still sees the solutions in order until it returns false. Under `Exactly` and `AtMost`
/// this lists instead of counting first ([`Memo::find`]), so asking for the first few
/// solutions costs about what finding the first does, however many there are (peg
/// solitaire has some 10^16).
pub fn count_upto(
    p: &MoveProblem,
    limits: &Limits,
    cap: Option<u128>,
    each: &mut dyn FnMut(&[u32]) -> bool,
) -> Counted {
    count_guided(p, limits, cap, &Guide::default(), each)
}

/// [`count_upto`] with the compiler's guidance: under `Fewest`, commuting moves are counted
/// from their sets ([`super::commute::count`]) instead of breadth-first.
pub fn count_guided(
    p: &MoveProblem,
    limits: &Limits,
    cap: Option<u128>,
    guide: &Guide,
    each: &mut dyn FnMut(&[u32]) -> bool,
) -> Counted {
    let (mut out, overflowed) = super::checked(|| count_search(p, limits, cap, guide, each), |c| &mut c.stats);
    out.overflowed = overflowed;
    out
}

fn count_search(
    p: &MoveProblem,
    limits: &Limits,
    cap: Option<u128>,
    guide: &Guide,
    each: &mut dyn FnMut(&[u32]) -> bool,
) -> Counted {
    if let Some(proof) = super::proof(p) {
        let stats = super::proved_unreachable().stats;
        return Counted { count: 0, overflow: false, stats, overflowed: None, proof: Some(proof) };
    }
    match (p.budget, cap) {
        (Budget::Fewest { max }, _) if guide.commute => super::commute::count(p, limits, max, each),
        (Budget::Exactly(n), Some(cap)) => Memo::new(p, limits, n, true).run_upto(cap, each),
        (Budget::AtMost(n), Some(cap)) => Memo::new(p, limits, n, false).run_upto(cap, each),
        (Budget::Exactly(n), None) => Memo::new(p, limits, n, true).run(each),
        (Budget::AtMost(n), None) => Memo::new(p, limits, n, false).run(each),
        (Budget::Fewest { max }, _) => layers(p, limits, max, each),
    }
}

/// `Exactly` / `AtMost`: solutions counted per (position, moves left), memoised.
struct Memo<'p> {
    p: &'p MoveProblem,
    m: Machine<'p>,
    packer: Packer,
    /// Keys are the packed position followed by the moves left (two bytes).
    table: Table,
    /// `counts[id]`: the count of table entry `id`.
    counts: Vec<u128>,
    exact: bool,
    n: u32,
    /// `states[d]`: the position after `d` moves of the current line.
    states: Vec<Vec<Value>>,
    keys: Vec<Vec<u8>>,
    dead: Option<DeadCheck>,
    b: Budgeted,
    overflow: bool,
    table_full: bool,
}

impl<'p> Memo<'p> {
    fn new(p: &'p MoveProblem, limits: &Limits, n: u32, exact: bool) -> Self {
        let packer = Packer::new(p);
        let klen = packer.klen + 2;
        Memo {
            p,
            m: Machine::new(p),
            table: Table::new(klen, limits.max_table_entries, limits.max_table_bytes, 16),
            packer,
            counts: Vec::new(),
            exact,
            n,
            states: vec![p.initial.clone(); n as usize + 1],
            keys: vec![vec![0; klen]; n as usize + 1],
            dead: DeadCheck::new(p),
            b: Budgeted::new(limits),
            overflow: false,
            table_full: false,
        }
    }

    fn run(mut self, each: &mut dyn FnMut(&[u32]) -> bool) -> Counted {
        let total = if is_dead(&mut self.dead, &self.p.initial) { 0 } else { self.count(0, self.n) };
        if self.b.stop.is_none() && total > 0 {
            let mut path = Vec::with_capacity(self.n as usize);
            self.list(0, self.n, &mut path, each);
        }
        let stop = match self.b.stop {
            Some(s) => s,
            None if total > 0 => Stop::Solved,
            None => Stop::Exhausted,
        };
        Counted {
            count: total,
            overflow: self.overflow,
            stats: Stats { nodes: self.b.nodes, tt_entries: self.table.len(), table_full: self.table_full, stop },
            overflowed: None,
            proof: None,
        }
    }

    /// Lists up to `cap` solutions in order without counting them first; the count is the
    /// number listed.
    fn run_upto(mut self, cap: u128, each: &mut dyn FnMut(&[u32]) -> bool) -> Counted {
        let mut found = 0u128;
        if !is_dead(&mut self.dead, &self.p.initial) {
            let mut path = Vec::with_capacity(self.n as usize);
            let mut take = |sol: &[u32]| {
                found += 1;
                each(sol) && found < cap
            };
            self.find(0, self.n, &mut path, &mut take);
        }
        let stop = match self.b.stop {
            Some(s) => s,
            None if found > 0 => Stop::Solved,
            None => Stop::Exhausted,
        };
        Counted {
            count: found,
            overflow: false,
            stats: Stats { nodes: self.b.nodes, tt_entries: self.table.len(), table_full: self.table_full, stop },
            overflowed: None,
            proof: None,
        }
    }

    /// Lists the solutions from `states[d]` with `k` moves left, depth-first in move order,
    /// recording the positions whose whole subtree holds none (a count of 0, which is exact,
    /// so the entries mean what [`Memo::count`]'s do). `None` once `each` asked to stop or a
    /// limit was hit; else whether the subtree held a solution.
    fn find(&mut self, d: usize, k: u32, path: &mut Vec<u32>, each: &mut dyn FnMut(&[u32]) -> bool) -> Option<bool> {
        if !self.b.tick() {
            return None;
        }
        if let Some(c) = self.ends_here(d, k) {
            return match c {
                0 => Some(false),
                _ if each(path) => Some(true),
                _ => None,
            };
        }
        let h = self.key(d, k);
        if let Some(id) = self.table.find(&self.keys[d], h)
            && self.counts[id] == 0
        {
            return Some(false);
        }
        let mut any = false;
        for mi in 0..self.p.moves.len() {
            if !self.play(d, mi) {
                continue;
            }
            path.push(mi as u32);
            let below = self.find(d + 1, k - 1, path, each);
            path.pop();
            any |= below?;
        }
        if !any {
            // `keys[d]` still holds this position: deeper levels write their own keys.
            match self.table.insert(&self.keys[d], h, 0) {
                Some(id) => {
                    debug_assert_eq!(id, self.counts.len());
                    self.counts.push(0);
                }
                None => self.table_full = true,
            }
        }
        Some(any)
    }

    /// Whether the line of `d` moves, `k` left, ends here.
    fn ends_here(&self, d: usize, k: u32) -> Option<u128> {
        let goal = || goal_holds(self.p, &self.states[d]);
        if self.exact {
            (k == 0).then(|| u128::from(goal()))
        } else if goal() {
            Some(1)
        } else {
            (k == 0).then_some(0)
        }
    }

    /// Plays move `mi` from `states[d]` into `states[d + 1]`; false when it is illegal or leads
    /// to a dead position.
    fn play(&mut self, d: usize, mi: usize) -> bool {
        let mv = &self.p.moves[mi];
        let (lo, hi) = self.states.split_at_mut(d + 1);
        if !self.m.legal(&lo[d], mv) {
            return false;
        }
        hi[0].copy_from_slice(&lo[d]);
        // Below the root every position came out of `apply`, so it is stable.
        if d == 0 {
            self.m.apply(&mut hi[0], mv, None);
        } else {
            self.m.apply_settled(&mut hi[0], mv, None);
        }
        !is_dead(&mut self.dead, &hi[0])
    }

    /// `keys[d]` for `states[d]` with `k` moves left, and its hash.
    fn key(&mut self, d: usize, k: u32) -> u64 {
        let kl = self.packer.klen;
        let key = &mut self.keys[d];
        self.packer.pack(&self.states[d], &mut key[..kl]);
        key[kl..].copy_from_slice(&(k as u16).to_le_bytes());
        hash(key)
    }

    /// The number of solutions from `states[d]` with `k` moves left (0 when stopped by a limit).
    fn count(&mut self, d: usize, k: u32) -> u128 {
        if !self.b.tick() {
            return 0;
        }
        if let Some(c) = self.ends_here(d, k) {
            return c;
        }
        let h = self.key(d, k);
        if let Some(id) = self.table.find(&self.keys[d], h) {
            return self.counts[id];
        }
        let mut total: u128 = 0;
        for mi in 0..self.p.moves.len() {
            if !self.play(d, mi) {
                continue;
            }
            let c = self.count(d + 1, k - 1);
            if self.b.stop.is_some() {
                return 0;
            }
            total = total.checked_add(c).unwrap_or_else(|| {
                self.overflow = true;
                u128::MAX
            });
        }
        // `keys[d]` still holds this position: deeper levels write their own keys.
        match self.table.insert(&self.keys[d], h, 0) {
            Some(id) => {
                debug_assert_eq!(id, self.counts.len());
                self.counts.push(total);
            }
            None => self.table_full = true,
        }
        total
    }

    /// Lists the solutions from `states[d]` (with `path` the moves so far); false once `each`
    /// asked to stop.
    fn list(&mut self, d: usize, k: u32, path: &mut Vec<u32>, each: &mut dyn FnMut(&[u32]) -> bool) -> bool {
        if let Some(c) = self.ends_here(d, k) {
            return c == 0 || each(path);
        }
        for mi in 0..self.p.moves.len() {
            if !self.play(d, mi) || self.count(d + 1, k - 1) == 0 {
                continue;
            }
            if self.b.stop.is_some() {
                return false;
            }
            // `count` only looked at deeper levels: `states[d + 1]` is still this child.
            path.push(mi as u32);
            let go_on = self.list(d + 1, k - 1, path, each);
            path.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
}

/// `Fewest`: breadth-first layers with the number of shortest paths to every position.
fn layers(p: &MoveProblem, limits: &Limits, max: u32, each: &mut dyn FnMut(&[u32]) -> bool) -> Counted {
    let mut m = Machine::new(p);
    let packer = Packer::new(p);
    let mut table = Table::new(packer.klen, limits.max_table_entries, limits.max_table_bytes, 16);
    let mut paths: Vec<u128> = Vec::new();
    let mut dead = DeadCheck::new(p);
    let mut b = Budgeted::new(limits);
    let mut state = p.initial.clone();
    let mut child = Child::new(p, &packer);
    let mut key = vec![0u8; packer.klen];
    let mut overflow = false;
    let done = |table: &Table, b: &Budgeted, count: u128, overflow: bool, stop: Stop| Counted {
        count,
        overflow,
        stats: Stats { nodes: b.nodes, tt_entries: table.len(), table_full: table.is_full(), stop },
        overflowed: None,
        proof: None,
    };
    if goal_holds(p, &state) {
        each(&[]);
        return done(&table, &b, 1, false, Stop::Solved);
    }
    if is_dead(&mut dead, &state) {
        return done(&table, &b, 0, false, Stop::Exhausted);
    }
    packer.pack(&state, &mut key);
    table.insert(&key, hash(&key), 0);
    paths.push(1);
    // Layer `d` is the entry range `starts[d]..starts[d + 1]`.
    let mut starts = vec![0usize, 1];
    let mut depth = 0usize;
    while depth < max as usize && starts[depth] < starts[depth + 1] {
        let (lo, hi) = (starts[depth], starts[depth + 1]);
        for id in lo..hi {
            if !b.tick() {
                let stop = b.stop.unwrap();
                return done(&table, &b, 0, overflow, stop);
            }
            packer.unpack(table.key(id), &mut state);
            for mv in &p.moves {
                let Some(h) = child.make(&mut m, &state, mv, id == 0, &mut dead, &packer) else {
                    continue;
                };
                let cid = match table.find(&child.key, h) {
                    Some(cid) if cid < hi => continue, // reached sooner by another path
                    Some(cid) => cid,
                    None => {
                        let Some(cid) = table.insert(&child.key, h, 0) else {
                            return done(&table, &b, 0, overflow, Stop::TableFull);
                        };
                        paths.push(0);
                        cid
                    }
                };
                paths[cid] = paths[cid].checked_add(paths[id]).unwrap_or_else(|| {
                    overflow = true;
                    u128::MAX
                });
            }
        }
        depth += 1;
        starts.push(table.len());
        let goals: Vec<usize> =
            (hi..table.len()).filter(|&id| goal_holds(p, unpacked(&packer, &table, id, &mut state))).collect();
        if !goals.is_empty() {
            let mut count: u128 = 0;
            for &g in &goals {
                count = count.checked_add(paths[g]).unwrap_or_else(|| {
                    overflow = true;
                    u128::MAX
                });
            }
            let mut walk = Walk {
                p,
                m,
                packer: &packer,
                table: &table,
                starts: &starts,
                good: vec![0; table.len()],
                bufs: vec![p.initial.clone(); depth + 1],
                key: vec![0; packer.klen],
            };
            let mut path = Vec::with_capacity(depth);
            walk.list(0, 0, &mut path, each);
            return done(&table, &b, count, overflow, Stop::Solved);
        }
    }
    done(&table, &b, 0, overflow, Stop::Exhausted)
}

fn unpacked<'s>(packer: &Packer, table: &Table, id: usize, s: &'s mut [Value]) -> &'s [Value] {
    packer.unpack(table.key(id), s);
    s
}

/// Lists the shortest solutions once the breadth-first layers are known: from a position in
/// layer `d`, only moves to positions of layer `d + 1` from which the goal layer is reachable.
struct Walk<'a, 'p> {
    p: &'p MoveProblem,
    m: Machine<'p>,
    packer: &'a Packer,
    table: &'a Table,
    starts: &'a [usize],
    /// Per entry: 0 unknown, 1 no shortest solution passes through it, 2 some does.
    good: Vec<u8>,
    /// `bufs[d]`: the position at depth `d` of the current line.
    bufs: Vec<Vec<Value>>,
    key: Vec<u8>,
}

impl Walk<'_, '_> {
    /// The goal layer.
    fn last(&self) -> usize {
        self.starts.len() - 2
    }

    /// Plays move `mi` from `bufs[d]` into `bufs[d + 1]`; the entry of layer `d + 1` it
    /// reaches, if any.
    fn step(&mut self, d: usize, mi: usize) -> Option<usize> {
        let mv = &self.p.moves[mi];
        let (lo, hi) = self.bufs.split_at_mut(d + 1);
        if !self.m.legal(&lo[d], mv) {
            return None;
        }
        hi[0].copy_from_slice(&lo[d]);
        if d == 0 {
            self.m.apply(&mut hi[0], mv, None);
        } else {
            self.m.apply_settled(&mut hi[0], mv, None);
        }
        self.packer.pack(&hi[0], &mut self.key);
        let id = self.table.find(&self.key, hash(&self.key))?;
        (self.starts[d + 1]..self.starts[d + 2]).contains(&id).then_some(id)
    }

    /// Whether a shortest solution passes through entry `id` of layer `d`. Overwrites
    /// `bufs[d..]`.
    fn good(&mut self, id: usize, d: usize) -> bool {
        if self.good[id] == 0 {
            self.packer.unpack(self.table.key(id), &mut self.bufs[d]);
            let yes = if d == self.last() {
                goal_holds(self.p, &self.bufs[d])
            } else {
                (0..self.p.moves.len()).any(|mi| self.step(d, mi).is_some_and(|cid| self.good(cid, d + 1)))
            };
            self.good[id] = if yes { 2 } else { 1 };
        }
        self.good[id] == 2
    }

    /// Lists the shortest solutions through entry `id` of layer `d`, reached by `path`; false
    /// once `each` asked to stop.
    fn list(&mut self, id: usize, d: usize, path: &mut Vec<u32>, each: &mut dyn FnMut(&[u32]) -> bool) -> bool {
        self.packer.unpack(self.table.key(id), &mut self.bufs[d]);
        if d == self.last() {
            return !goal_holds(self.p, &self.bufs[d]) || each(path);
        }
        for mi in 0..self.p.moves.len() {
            let Some(cid) = self.step(d, mi) else { continue };
            // `good` and `list` only write `bufs[d + 1..]`: `bufs[d]` stays this position.
            if !self.good(cid, d + 1) {
                continue;
            }
            path.push(mi as u32);
            let go_on = self.list(cid, d + 1, path, each);
            path.pop();
            if !go_on {
                return false;
            }
        }
        true
    }
}
