//! Breadth-first search for `Fewest { max }`.
//!
//! Every visited state is a table entry, and entries are numbered in discovery order, so each
//! BFS layer is a contiguous range of entry ids: the table is the queue. Expanding a layer in
//! id order and moves in index order discovers every state first through its
//! lexicographically smallest shortest path (by induction on the layer: the layer is sorted by
//! those paths, and a child's path is its parent's plus one move). Checking the goal at
//! discovery therefore returns the lexicographically first among the shortest solutions.
//!
//! With the board's symmetries ([`Symmetry`]) the table holds each position's canonical
//! image, and beside it which element of the group made it, so that a layer is expanded
//! from the positions themselves (the image undone) and every path is of real moves. The
//! argument above holds of classes of positions: the least path to a class is the least path
//! to some member (its moves mapped through the symmetry give a path to every other member),
//! and its prefixes are least paths to their classes; so the first goal reached is still at
//! the end of the lexicographically first among the shortest solutions.

use super::machine::{Machine, goal_holds};
use super::table::{Packer, Table, hash};
use super::{Budgeted, Child, DeadCheck, Limits, Outcome, Stats, Stop, index, is_dead};
use crate::ir::moves::MoveProblem;
use crate::ir::symmetry::Symmetry;

/// Value of the root entry; other entries hold `parent << 32 | move`.
const ROOT: u64 = u64::MAX;

pub fn solve(p: &MoveProblem, limits: &Limits, max: u32, sym: Option<&Symmetry>) -> Outcome {
    let mut m = Machine::new(p);
    let packer = Packer::new(p);
    // With symmetries, the element that made each entry's canonical image: one byte each.
    let mut made_by: Vec<u8> = Vec::new();
    let extra = usize::from(sym.is_some());
    let mut table = Table::new(packer.klen, limits.max_table_entries, limits.max_table_bytes, extra);
    let mut image = p.initial.clone();
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
    if let Some(sym) = sym {
        made_by.push(sym.canonical(&state, &mut image) as u8);
        packer.pack(&image, &mut key);
    } else {
        packer.pack(&state, &mut key);
    }
    table.insert(&key, hash(&key), ROOT);

    let (mut lo, mut hi) = (0, 1);
    let mut depth = 0;
    while depth < max && lo < hi {
        for id in lo..hi {
            if !b.tick() {
                let stop = b.stop.unwrap();
                return done(&table, &b, None, stop);
            }
            if let Some(sym) = sym {
                packer.unpack(table.key(id), &mut image);
                sym.undo(made_by[id] as usize, &image, &mut state);
            } else {
                packer.unpack(table.key(id), &mut state);
            }
            index::moves_for(&index, p.moves.len(), &state, &mut cand);
            for &mi in &cand {
                let (mi, mv) = (mi as usize, &p.moves[mi as usize]);
                let Some(mut h) = child.make(&mut m, &state, mv, id == 0, &mut dead, &packer) else {
                    continue;
                };
                let mut g = 0;
                if let Some(sym) = sym {
                    g = sym.canonical(&child.state, &mut image);
                    packer.pack(&image, &mut child.key);
                    h = hash(&child.key);
                }
                if table.find(&child.key, h).is_some() {
                    continue;
                }
                let Some(cid) = table.insert(&child.key, h, (id as u64) << 32 | mi as u64) else {
                    return done(&table, &b, None, Stop::TableFull);
                };
                if sym.is_some() {
                    made_by.push(g as u8);
                }
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
