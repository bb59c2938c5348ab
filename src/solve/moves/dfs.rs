//! Depth-first search for `Exactly(n)` and `AtMost(n)`.
//!
//! Moves are tried in index order, so the first solution found is the lexicographically
//! smallest sequence. Two prunings keep that property:
//! - the transposition table records *failures* only: (state, moves left) pairs whose whole
//!   subtree has no solution. Under `AtMost`, failing with `k` moves left implies failing with
//!   fewer, so one number per state (the largest failed `k`) is kept; under `Exactly` the
//!   failed `k`s below 64 form a bit set, and those of 64 or more are kept in a second table
//!   keyed by the state and `k / 64`, a bit set of `k % 64` each. With every failure kept, a
//!   search visits each (state, moves left) pair once: `moves exactly 10000` over a small
//!   space of positions ends, where an unrecorded search would try some 2^10000 sequences.
//! - at each node, a successor whose state equals an earlier successor's is skipped: the
//!   earlier move reaches the same subtree with a smaller prefix. (For Mayan this subsumes
//!   "only move left into an empty cell".)
//!
//! With the board's symmetries ([`Symmetry`]), both key a position by its canonical image:
//! a position fails with `k` moves left exactly when its images do (their move sequences
//! correspond one to one), so a failure recorded for one is one for all, and only subtrees
//! without a solution are cut. The search itself walks the real positions, so the path is of
//! real moves and the first solution is the same.

use super::machine::{Machine, goal_holds};
use super::table::{Packer, Table, hash};
use super::{Budgeted, DeadCheck, Limits, Outcome, Stats, Stop, is_dead};
use crate::ir::moves::{MoveProblem, Value};
use crate::ir::symmetry::Symmetry;

/// Per-depth buffers, allocated once before the search.
struct Level {
    state: Vec<Value>,
    /// `state` packed, and its hash.
    key: Vec<u8>,
    hash: u64,
    /// Keys and hashes of the successors already tried at this node.
    succ_keys: Vec<u8>,
    succ_hash: Vec<u64>,
}

struct Dfs<'p> {
    p: &'p MoveProblem,
    m: Machine<'p>,
    packer: Packer,
    table: Table,
    /// Failures with 64 or more moves left under `Exactly` (see the module comment).
    deep: Option<Deep>,
    table_full: bool,
    exact: bool,
    levels: Vec<Level>,
    path: Vec<u32>,
    dead: Option<DeadCheck>,
    b: Budgeted,
    sym: Option<&'p Symmetry>,
    /// A position's canonical image, when there are symmetries.
    image: Vec<Value>,
}

pub fn solve(p: &MoveProblem, limits: &Limits, n: u32, exact: bool, sym: Option<&Symmetry>) -> Outcome {
    let packer = Packer::new(p);
    let klen = packer.klen;
    let levels = (0..=n)
        .map(|_| Level {
            state: p.initial.clone(),
            key: vec![0; klen],
            hash: 0,
            succ_keys: Vec::with_capacity(p.moves.len() * klen),
            succ_hash: Vec::with_capacity(p.moves.len()),
        })
        .collect();
    // A deep search shares the table memory between the two tables.
    let deep = exact && n >= 64;
    let bytes = if deep { limits.max_table_bytes / 2 } else { limits.max_table_bytes };
    let mut s = Dfs {
        p,
        m: Machine::new(p),
        table: Table::new(klen, limits.max_table_entries, bytes, 0),
        deep: deep
            .then(|| Deep { table: Table::new(klen + 4, limits.max_table_entries, bytes, 0), key: vec![0; klen + 4] }),
        packer,
        table_full: false,
        exact,
        levels,
        path: Vec::with_capacity(n as usize),
        dead: DeadCheck::new(p),
        b: Budgeted::new(limits),
        sym,
        image: p.initial.clone(),
    };
    let root = &mut s.levels[0];
    pack(&s.packer, sym, &mut s.image, &root.state, &mut root.key);
    root.hash = hash(&root.key);
    let found = !is_dead(&mut s.dead, &p.initial) && s.node(0, n);
    let stop = if found { Stop::Solved } else { s.b.stop.unwrap_or(Stop::Exhausted) };
    Outcome {
        solution: found.then_some(s.path),
        stats: Stats {
            nodes: s.b.nodes,
            tt_entries: s.table.len() + s.deep.as_ref().map_or(0, |d| d.table.len()),
            table_full: s.table_full,
            stop,
        },
        overflowed: None,
        proof: None,
    }
}

impl Dfs<'_> {
    /// Searches from `levels[d].state` with `k` moves left; on success `path` holds the moves.
    /// The caller has already rejected dead states and recorded failures.
    fn node(&mut self, d: usize, k: u32) -> bool {
        if !self.b.tick() {
            return false;
        }
        let goal_checked_here = !self.exact || k == 0;
        if goal_checked_here && goal_holds(self.p, &self.levels[d].state) {
            return true;
        }
        if k == 0 {
            return false;
        }
        if k == 1 {
            return self.last_move(d);
        }
        let klen = self.packer.klen;
        self.levels[d].succ_keys.clear();
        self.levels[d].succ_hash.clear();
        let moves = &self.p.moves;
        for (mi, mv) in moves.iter().enumerate() {
            {
                let (lo, hi) = self.levels.split_at_mut(d + 1);
                let (cur, child) = (&mut lo[d], &mut hi[0]);
                if !self.m.legal(&cur.state, mv) {
                    continue;
                }
                child.state.copy_from_slice(&cur.state);
                // Below the root every state came out of `apply`, so it is stable.
                if d == 0 {
                    self.m.apply(&mut child.state, mv, None);
                } else {
                    self.m.apply_settled(&mut child.state, mv, None);
                }
                if is_dead(&mut self.dead, &child.state) {
                    continue;
                }
                pack(&self.packer, self.sym, &mut self.image, &child.state, &mut child.key);
                let h = hash(&child.key);
                child.hash = h;
                let seen = cur
                    .succ_hash
                    .iter()
                    .enumerate()
                    .any(|(i, &sh)| sh == h && cur.succ_keys[i * klen..(i + 1) * klen] == child.key[..]);
                if seen {
                    continue;
                }
                cur.succ_hash.push(h);
                cur.succ_keys.extend_from_slice(&child.key);
                let failed = match &mut self.deep {
                    Some(deep) if k > 64 => deep.failed(&child.key, k - 1),
                    _ => failed(&self.table, self.exact, &child.key, h, k - 1),
                };
                if failed {
                    continue;
                }
            }
            self.path.push(mi as u32);
            if self.node(d + 1, k - 1) {
                return true;
            }
            self.path.pop();
            if self.b.stop.is_some() {
                // Aborted: the subtree was not fully searched, so record nothing.
                return false;
            }
        }
        self.record_failure(d, k);
        false
    }

    /// One move left: the children are leaves, where only the goal matters, so they skip the
    /// packing, hashing, duplicate check and table that pay off higher up (in a Mayan search
    /// most nodes are such leaves).
    fn last_move(&mut self, d: usize) -> bool {
        for (mi, mv) in self.p.moves.iter().enumerate() {
            let (lo, hi) = self.levels.split_at_mut(d + 1);
            let (cur, child) = (&lo[d], &mut hi[0]);
            if !self.m.legal(&cur.state, mv) {
                continue;
            }
            if !self.b.tick() {
                return false;
            }
            child.state.copy_from_slice(&cur.state);
            if d == 0 {
                self.m.apply(&mut child.state, mv, None);
            } else {
                self.m.apply_settled(&mut child.state, mv, None);
            }
            if goal_holds(self.p, &child.state) {
                self.path.push(mi as u32);
                return true;
            }
        }
        self.record_failure(d, 1);
        false
    }

    fn record_failure(&mut self, d: usize, k: u32) {
        if self.exact && k >= 64 {
            if let Some(deep) = &mut self.deep
                && !deep.record(&self.levels[d].key, k)
            {
                self.table_full = true;
            }
            return;
        }
        let bit = if self.exact { 1u64 << k } else { k as u64 };
        let lvl = &self.levels[d];
        match self.table.find(&lvl.key, lvl.hash) {
            Some(id) => {
                let v = self.table.val(id);
                self.table.set_val(id, if self.exact { v | bit } else { v.max(bit) });
            }
            None => {
                if self.table.insert(&lvl.key, lvl.hash, bit).is_none() {
                    self.table_full = true;
                }
            }
        }
    }
}

/// Packs `state`, or with symmetries its canonical image (made in `image`), into `key`.
fn pack(packer: &Packer, sym: Option<&Symmetry>, image: &mut [Value], state: &[Value], key: &mut [u8]) {
    match sym {
        Some(sym) => {
            sym.canonical(state, image);
            packer.pack(image, key);
        }
        None => packer.pack(state, key),
    }
}

/// Whether the table says `key` has no solution with `k` moves left.
fn failed(table: &Table, exact: bool, key: &[u8], h: u64, k: u32) -> bool {
    let Some(id) = table.find(key, h) else { return false };
    let v = table.val(id);
    if exact { k < 64 && v >> k & 1 == 1 } else { v >= k as u64 }
}

/// Failures with 64 or more moves left under `Exactly`: keys are the state's key followed by
/// `k / 64`, values a bit set of `k % 64`.
struct Deep {
    table: Table,
    /// The key being looked up or recorded.
    key: Vec<u8>,
}

impl Deep {
    fn make_key(&mut self, state: &[u8], k: u32) -> u64 {
        let n = state.len();
        self.key[..n].copy_from_slice(state);
        self.key[n..].copy_from_slice(&(k / 64).to_le_bytes());
        hash(&self.key)
    }

    fn failed(&mut self, state: &[u8], k: u32) -> bool {
        let h = self.make_key(state, k);
        self.table.find(&self.key, h).is_some_and(|id| self.table.val(id) >> (k % 64) & 1 == 1)
    }

    /// Records a failure; false when the table is full (the failure is then forgotten).
    fn record(&mut self, state: &[u8], k: u32) -> bool {
        let h = self.make_key(state, k);
        let bit = 1u64 << (k % 64);
        match self.table.find(&self.key, h) {
            Some(id) => {
                let v = self.table.val(id);
                self.table.set_val(id, v | bit);
                true
            }
            None => self.table.insert(&self.key, h, bit).is_some(),
        }
    }
}
