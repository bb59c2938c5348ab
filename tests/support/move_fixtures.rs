//! Test fixtures: `MoveProblem`s for peg solitaire and the 8-puzzle, built by hand as the
//! compiler would lower their specs, and tiny grid helpers.
#![allow(dead_code)]

use puzc::ir::moves::*;

pub fn cmp(lhs: Operand, op: CmpOp, rhs: Operand) -> Cond {
    Cond::Cmp { lhs, op, rhs }
}

/// A rectangular problem with no moves yet; tests fill in what they need.
pub fn blank(rows: usize, cols: usize, initial: Vec<Value>) -> MoveProblem {
    assert_eq!(initial.len(), rows * cols);
    MoveProblem {
        rows,
        cols,
        on_board: vec![true; rows * cols],
        initial,
        move_names: vec!["m".into()],
        moves: vec![],
        rules: vec![],
        goal: Goal::Empty,
        budget: Budget::Exactly(1),
        dead_below: None,
        programs: Vec::new(),
        allowed: vec![true; 256],
        costs: Vec::new(),
        shapes: Vec::new(),
        walls: Vec::new(),
        counters: Vec::new(),
    }
}

/// Grid from text rows: `.` = 0, digits and letters a.. = 10.., `#` = off board (0).
pub fn grid(rows: &[&str]) -> (Vec<bool>, Vec<Value>) {
    let mut on = Vec::new();
    let mut v = Vec::new();
    for r in rows {
        for ch in r.chars().filter(|c| !c.is_whitespace()) {
            on.push(ch != '#');
            v.push(match ch {
                '.' | '#' => 0,
                '0'..='9' => ch as u8 - b'0',
                _ => ch as u8 - b'a' + 10,
            });
        }
    }
    (on, v)
}

pub const DIRS: [(i64, i64); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// English 33-hole peg solitaire, centre empty; goal one peg in the centre after 31 jumps.
/// `jump(r, c, dir) when peg(r,c) and peg(r,c)+dir and hole at +2 dir do r,c := 0; mid := 0;
/// dst := 1`.
pub fn peg_solitaire(budget: Budget) -> MoveProblem {
    let n = 7;
    let on =
        |r: i64, c: i64| (0..7).contains(&r) && (0..7).contains(&c) && ((2..5).contains(&r) || (2..5).contains(&c));
    let ix = |r: i64, c: i64| (r * 7 + c) as CellIx;
    let mut on_board = vec![false; 49];
    let mut initial = vec![0; 49];
    for r in 0..7 {
        for c in 0..7 {
            if on(r, c) {
                on_board[ix(r, c) as usize] = true;
                initial[ix(r, c) as usize] = 1;
            }
        }
    }
    initial[ix(3, 3) as usize] = 0;
    let mut moves = Vec::new();
    for r in 0..7 {
        for c in 0..7 {
            for (k, (dr, dc)) in DIRS.iter().enumerate() {
                let (mr, mc, tr, tc) = (r + dr, c + dc, r + 2 * dr, c + 2 * dc);
                if !(on(r, c) && on(mr, mc) && on(tr, tc)) {
                    continue;
                }
                let (a, m, t) = (ix(r, c), ix(mr, mc), ix(tr, tc));
                moves.push(MoveInstance {
                    kind: 0,
                    args: vec![r, c, k as i64],
                    when: vec![
                        cmp(Operand::Cell(a), CmpOp::Eq, Operand::Const(1)),
                        cmp(Operand::Cell(m), CmpOp::Eq, Operand::Const(1)),
                        cmp(Operand::Cell(t), CmpOp::Eq, Operand::Const(0)),
                    ],
                    effects: vec![
                        Effect::Set { cell: a, value: Operand::Const(0) },
                        Effect::Set { cell: m, value: Operand::Const(0) },
                        Effect::Set { cell: t, value: Operand::Const(1) },
                    ],
                });
            }
        }
    }
    let goal = (0..49).map(|i| on_board[i].then_some(if i == ix(3, 3) as usize { 1 } else { 0 })).collect();
    MoveProblem {
        rows: n,
        cols: n,
        on_board,
        initial,
        move_names: vec!["jump".into()],
        moves,
        rules: vec![],
        goal: Goal::Pattern(goal),
        budget,
        dead_below: None,
        programs: Vec::new(),
        allowed: vec![true; 256],
        costs: Vec::new(),
        shapes: Vec::new(),
        walls: Vec::new(),
        counters: Vec::new(),
    }
}

/// Sliding puzzle on a `side`×`side` grid, 0 = blank: `slide(r, c, dir) when cell(r,c) == 0
/// and the neighbour is on board do swap` (the blank moves). Goal 1 2 3 / 4 5 6 / 7 8 0.
pub fn sliding(side: usize, start: &[Value], max: u32) -> MoveProblem {
    let s = side as i64;
    let mut moves = Vec::new();
    for r in 0..s {
        for c in 0..s {
            for (k, (dr, dc)) in DIRS.iter().enumerate() {
                let (nr, nc) = (r + dr, c + dc);
                if !((0..s).contains(&nr) && (0..s).contains(&nc)) {
                    continue;
                }
                let (a, b) = ((r * s + c) as CellIx, (nr * s + nc) as CellIx);
                moves.push(MoveInstance {
                    kind: 0,
                    args: vec![r, c, k as i64],
                    when: vec![cmp(Operand::Cell(a), CmpOp::Eq, Operand::Const(0))],
                    effects: vec![Effect::Swap(a, b)],
                });
            }
        }
    }
    let n = side * side;
    let goal = (0..n).map(|i| Some(if i + 1 == n { 0 } else { i as Value + 1 })).collect();
    MoveProblem {
        rows: side,
        cols: side,
        on_board: vec![true; n],
        initial: start.to_vec(),
        move_names: vec!["slide".into()],
        moves,
        rules: vec![],
        goal: Goal::Pattern(goal),
        budget: Budget::Fewest { max },
        dead_below: None,
        programs: Vec::new(),
        allowed: vec![true; 256],
        costs: Vec::new(),
        shapes: Vec::new(),
        walls: Vec::new(),
        counters: Vec::new(),
    }
}
