//! Uniform-cost search for `Fewest { max }` when moves have costs (`cost K`): Dijkstra's
//! algorithm over positions, ordered by (total cost, number of moves), so the answer is a
//! cheapest solution and, among the cheapest, one with the fewest moves. Costs may be 0
//! (Sokoban's walking), which rules out plain breadth-first layers; `max` bounds the total cost.
//!
//! Positions live in the transposition table (its entry ids index the side arrays below);
//! the priority queue holds (cost, moves, id) and stale entries are skipped when popped.
//! Ties on (cost, moves) go to the position discovered first, so runs are reproducible.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::machine::{Machine, goal_holds};
use super::table::{Packer, Table, hash};
use super::{Budgeted, Child, DeadCheck, Limits, Outcome, Stats, Stop, index, is_dead};
use crate::ir::moves::MoveProblem;

const NO_PARENT: u32 = u32::MAX;

pub fn solve(p: &MoveProblem, limits: &Limits, max: u32) -> Outcome {
    let mut m = Machine::new(p);
    let packer = Packer::new(p);
    // `best` and `parent` keep 16 bytes per entry beside the table.
    let mut table = Table::new(packer.klen, limits.max_table_entries, limits.max_table_bytes, 16);
    let mut dead = DeadCheck::new(p);
    let mut b = Budgeted::new(limits);
    let index = index::MoveIndex::new(p);
    let mut cand = Vec::new();
    let mut state = p.initial.clone();
    let mut child = Child::new(p, &packer);
    let mut key = vec![0u8; packer.klen];
    // Per table entry: the best (cost, moves) known, and the move that got there from `parent`.
    let mut best: Vec<(u32, u32)> = Vec::new();
    let mut parent: Vec<(u32, u32)> = Vec::new();
    let mut heap: BinaryHeap<Reverse<(u32, u32, u32)>> = BinaryHeap::new();

    let done = |table: &Table, b: &Budgeted, solution: Option<Vec<u32>>, stop: Stop| Outcome {
        solution,
        stats: Stats { nodes: b.nodes, tt_entries: table.len(), table_full: table.is_full(), stop },
        overflowed: None,
        proof: None,
    };
    if is_dead(&mut dead, &state) {
        return done(&table, &b, None, Stop::Exhausted);
    }
    packer.pack(&state, &mut key);
    table.insert(&key, hash(&key), 0);
    best.push((0, 0));
    parent.push((NO_PARENT, 0));
    heap.push(Reverse((0, 0, 0)));
    while let Some(Reverse((cost, steps, id))) = heap.pop() {
        if best[id as usize] != (cost, steps) {
            continue; // a cheaper way was found after this entry was queued
        }
        if !b.tick() {
            let stop = b.stop.unwrap();
            return done(&table, &b, None, stop);
        }
        packer.unpack(table.key(id as usize), &mut state);
        if goal_holds(p, &state) {
            return done(&table, &b, Some(path_to(&parent, id)), Stop::Solved);
        }
        index::moves_for(&index, p.moves.len(), &state, &mut cand);
        for &mi in &cand {
            let (mi, mv) = (mi as usize, &p.moves[mi as usize]);
            let c = cost.saturating_add(p.cost(mi));
            if c > max {
                continue;
            }
            let Some(h) = child.make(&mut m, &state, mv, id == 0, &mut dead, &packer) else {
                continue;
            };
            let here = (c, steps + 1);
            let cid = match table.find(&child.key, h) {
                Some(cid) if best[cid] <= here => continue,
                Some(cid) => cid,
                None => {
                    let Some(cid) = table.insert(&child.key, h, 0) else {
                        return done(&table, &b, None, Stop::TableFull);
                    };
                    best.push(here);
                    parent.push((id, mi as u32));
                    cid
                }
            };
            best[cid] = here;
            parent[cid] = (id, mi as u32);
            heap.push(Reverse((here.0, here.1, cid as u32)));
        }
    }
    done(&table, &b, None, Stop::Exhausted)
}

fn path_to(parent: &[(u32, u32)], mut id: u32) -> Vec<u32> {
    let mut path = Vec::new();
    while parent[id as usize].0 != NO_PARENT {
        let (up, mv) = parent[id as usize];
        path.push(mv);
        id = up;
    }
    path.reverse();
    path
}
