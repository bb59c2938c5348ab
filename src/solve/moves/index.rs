//! Which moves may be legal in a position, found without testing every move: a move whose
//! conditions include `cell == value` is filed under that (cell, value) — the one whose value
//! is rarest at the start, so Sokoban's moves are filed under the player's cell and a sliding
//! puzzle's under the blank's — and a position looks up the moves filed under what each
//! of its cells holds. Moves with no such condition are candidates everywhere. The
//! candidates are tested as before and come out in move order, so every search visits the
//! same positions in the same order with or without the index.

use crate::ir::moves::{CmpOp, Cond, MoveProblem, Operand, Value};

pub struct MoveIndex {
    /// Values `0..span` are filed: a key is `cell * span + value`.
    span: usize,
    /// The moves of key `k` are `order[starts[k]..starts[k + 1]]`.
    starts: Vec<u32>,
    order: Vec<u32>,
    /// The state cells under which some move is filed.
    cells: Vec<u32>,
    /// Moves with no `cell == value` condition.
    always: Vec<u32>,
}

impl MoveIndex {
    /// The index, when it leaves out most moves in a typical position: at least 32 moves,
    /// and at most a quarter of them unfiled.
    pub fn new(p: &MoveProblem) -> Option<Self> {
        if p.moves.len() < 32 {
            return None;
        }
        let len = p.state_len();
        let span = super::table::max_value(p) as usize + 1;
        let mut freq = vec![0u32; 256];
        for &v in &p.initial {
            freq[v as usize] += 1;
        }
        let eq = |c: &Cond| match *c {
            Cond::Cmp { lhs: Operand::Cell(x), op: CmpOp::Eq, rhs: Operand::Const(v) }
            | Cond::Cmp { lhs: Operand::Const(v), op: CmpOp::Eq, rhs: Operand::Cell(x) }
                if (x as usize) < len && (v as usize) < span =>
            {
                Some((x as usize, v))
            }
            _ => None,
        };
        let mut keys: Vec<Option<usize>> = Vec::with_capacity(p.moves.len());
        let mut always = Vec::new();
        for (i, m) in p.moves.iter().enumerate() {
            // The first of the rarest values at the start.
            let key = m.when.iter().filter_map(eq).min_by_key(|&(_, v): &(usize, Value)| freq[v as usize]);
            match key {
                Some((x, v)) => keys.push(Some(x * span + v as usize)),
                None => {
                    keys.push(None);
                    always.push(i as u32);
                }
            }
        }
        if always.len() * 4 > p.moves.len() {
            return None;
        }
        let mut count = vec![0u32; len * span + 1];
        for k in keys.iter().flatten() {
            count[*k + 1] += 1;
        }
        for k in 1..count.len() {
            count[k] += count[k - 1];
        }
        let starts = count.clone();
        let mut order = vec![0u32; keys.len() - always.len()];
        let mut next = count;
        for (i, k) in keys.iter().enumerate() {
            if let Some(k) = *k {
                order[next[k] as usize] = i as u32;
                next[k] += 1;
            }
        }
        let cells = (0..len).filter(|&c| starts[(c + 1) * span] > starts[c * span]).map(|c| c as u32).collect();
        Some(MoveIndex { span, starts, order, cells, always })
    }

    /// The moves that may be legal in `s`, in move order, into `out`.
    pub fn candidates(&self, s: &[Value], out: &mut Vec<u32>) {
        out.clear();
        for &c in &self.cells {
            let v = s[c as usize] as usize;
            if v < self.span {
                let k = c as usize * self.span + v;
                out.extend_from_slice(&self.order[self.starts[k] as usize..self.starts[k + 1] as usize]);
            }
        }
        out.extend_from_slice(&self.always);
        out.sort_unstable();
    }
}

/// The moves to try in `s`: the index's candidates, or every move.
pub fn moves_for(index: &Option<MoveIndex>, n: usize, s: &[Value], out: &mut Vec<u32>) {
    match index {
        Some(ix) => ix.candidates(s, out),
        None => {
            out.clear();
            out.extend(0..n as u32);
        }
    }
}
