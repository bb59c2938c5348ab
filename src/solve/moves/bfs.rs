//! Breadth-first search for `Fewest { max }`.
//!
//! Every visited state is a table entry, and entries are numbered in discovery order, so each
//! BFS layer is a contiguous range of entry ids: the table is the queue. Expanding a layer in
//! id order and moves in index order discovers every state first through its
//! lexicographically smallest shortest path (by induction on the layer: the layer is sorted by
//! those paths, and a child's path is its parent's plus one move). Checking the goal at
//! discovery therefore returns the lexicographically first among the shortest solutions.

use super::machine::{Machine, goal_holds};
use super::table::{Packer, Table, hash};
use super::{Budgeted, Child, DeadCheck, Limits, Outcome, Stats, Stop, index, is_dead};
use crate::ir::moves::MoveProblem;

/// Value of the root entry; other entries hold `parent << 32 | move`.
const ROOT: u64 = u64::MAX;

pub fn solve(p: &MoveProblem, limits: &Limits, max: u32) -> Outcome {
    let mut m = Machine::new(p);
    let packer = Packer::new(p);
    let mut table = Table::new(packer.klen, limits.max_table_entries, limits.max_table_bytes, 0);
    let mut dead = DeadCheck::new(p);
    let mut b = Budgeted::new(limits);
    let index = index::MoveIndex::new(p);
    let mut cand = Vec::new();
    let mut state = p.initial.clone();
    let mut child = Child::new(p, &packer);
    let mut key = vec![0u8; packer.klen];

    let done = |table: &Table, b: &Budgeted, solution: Option<Vec<u32>>, stop: Stop| Outcome {
        solution,
        stats: Stats { nodes: b.nodes, tt_entries: table.len(), table_full: table.is_full(), stop },
        overflowed: None,
        proof: None,
    };
    if goal_holds(p, &state) {
        return done(&table, &b, Some(Vec::new()), Stop::Solved);
    }
    if is_dead(&mut dead, &state) {
        return done(&table, &b, None, Stop::Exhausted);
    }
    packer.pack(&state, &mut key);
    table.insert(&key, hash(&key), ROOT);

    let (mut lo, mut hi) = (0, 1);
    let mut depth = 0;
    while depth < max && lo < hi {
        for id in lo..hi {
            if !b.tick() {
                let stop = b.stop.unwrap();
                return done(&table, &b, None, stop);
            }
            packer.unpack(table.key(id), &mut state);
            index::moves_for(&index, p.moves.len(), &state, &mut cand);
            for &mi in &cand {
                let (mi, mv) = (mi as usize, &p.moves[mi as usize]);
                let Some(h) = child.make(&mut m, &state, mv, id == 0, &mut dead, &packer) else {
                    continue;
                };
                if table.find(&child.key, h).is_some() {
                    continue;
                }
                let Some(cid) = table.insert(&child.key, h, (id as u64) << 32 | mi as u64) else {
                    return done(&table, &b, None, Stop::TableFull);
                };
                if goal_holds(p, &child.state) {
                    return done(&table, &b, Some(path_to(&table, cid)), Stop::Solved);
                }
            }
        }
        (lo, hi) = (hi, table.len());
        depth += 1;
    }
    done(&table, &b, None, Stop::Exhausted)
}

fn path_to(table: &Table, mut id: usize) -> Vec<u32> {
    let mut path = Vec::new();
    while table.val(id) != ROOT {
        let v = table.val(id);
        path.push(v as u32);
        id = (v >> 32) as usize;
    }
    path.reverse();
    path
}
