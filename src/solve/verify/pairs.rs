//! The verifier's check of pairings (`each 'T' pairs with one 'A' beside it`) on the filled
//! grid, with nothing from lowering or the engine: which cells are beside each other is the
//! lattice's own geometry (`cells_touch` in `verify.rs`), the two sides of a pairing of one
//! value with itself are found by a two-colouring of its own, and the pairs by a maximum
//! matching grown by breadth-first searches over alternating paths (where the engine's check
//! uses depth-first ones). Every paired cell must be in a pair.
use crate::lower::model::{Board, Model, Pairing};
use std::collections::VecDeque;

pub(super) fn verify(model: &Model, fill: &[Option<usize>]) -> Result<(), String> {
    let Some(board) = &model.board else { return Ok(()) };
    for rule in &model.pairs {
        check(board, rule, fill)?;
    }
    Ok(())
}

/// The cells beside `a` (flat indices) among those `keep` accepts.
fn beside(board: &Board, a: usize, diagonal: bool, keep: &dyn Fn(usize) -> bool) -> Vec<usize> {
    let (rows, cols) = (board.rows as i64, board.cols as i64);
    let (r, c) = ((a / board.cols) as i64, (a % board.cols) as i64);
    // Touching cells lie within a row and two columns of each other on every lattice.
    let mut out = Vec::new();
    for r2 in (r - 1).max(0)..=(r + 1).min(rows - 1) {
        for c2 in (c - 2).max(0)..=(c + 2).min(cols - 1) {
            let b = (r2 * cols + c2) as usize;
            if b != a && keep(b) && super::cells_touch(board, a, b, diagonal) {
                out.push(b);
            }
        }
    }
    out
}

fn check(board: &Board, rule: &Pairing, fill: &[Option<usize>]) -> Result<(), String> {
    let holds = |c: usize, values: &[usize]| board.on[c] && fill[c].is_some_and(|v| values.contains(&v));
    let same = rule.first.iter().all(|v| rule.second.contains(v)) && rule.second.iter().all(|v| rule.first.contains(v));
    let n = board.on.len();
    // Per cell: 1 on the left, 2 on the right, 0 not paired.
    let mut side = vec![0u8; n];
    if same {
        // A two-colouring of the paired cells beside each other, by breadth-first search.
        let paired = |c: usize| holds(c, &rule.first);
        for start in (0..n).filter(|&c| paired(c)) {
            if side[start] != 0 {
                continue;
            }
            side[start] = 1;
            let mut queue = VecDeque::from([start]);
            while let Some(a) = queue.pop_front() {
                for b in beside(board, a, rule.diagonal, &paired) {
                    if side[b] == 0 {
                        side[b] = 3 - side[a];
                        queue.push_back(b);
                    } else if side[b] == side[a] {
                        return Err(format!(
                            "the cells {:?} and {:?} beside each other cannot be told apart for pairing",
                            board.coord(a),
                            board.coord(b)
                        ));
                    }
                }
            }
        }
    } else {
        for (c, s) in side.iter_mut().enumerate() {
            *s = if holds(c, &rule.first) {
                1
            } else if holds(c, &rule.second) {
                2
            } else {
                0
            };
        }
    }
    let left: Vec<usize> = (0..n).filter(|&c| side[c] == 1).collect();
    let right = (0..n).filter(|&c| side[c] == 2).count();
    let partners: Vec<Vec<usize>> = left.iter().map(|&a| beside(board, a, rule.diagonal, &|b| side[b] == 2)).collect();
    let matched = maximum_matching(n, &left, &partners);
    if matched < left.len() || matched < right {
        let alone = if matched < left.len() { left.len() - matched } else { right - matched };
        return Err(format!("{alone} paired cell(s) cannot be given a partner beside them"));
    }
    Ok(())
}

/// The size of a maximum matching between the `left` cells and the cells of `partners[i]`
/// beside `left[i]`: breadth-first searches from every free left cell at once, along edges
/// not in the matching to right cells and back along matched ones, each finding one path to
/// a free right cell that is flipped, until none is found.
fn maximum_matching(n: usize, left: &[usize], partners: &[Vec<usize>]) -> usize {
    const NONE: usize = usize::MAX;
    let mut right_of = vec![NONE; left.len()]; // left index → right cell
    let mut left_of = vec![NONE; n]; // right cell → left index
    let mut matched = 0;
    loop {
        // from[right cell] = the left index it was reached from.
        let mut from = vec![NONE; n];
        let mut queue: VecDeque<usize> = (0..left.len()).filter(|&i| right_of[i] == NONE).collect();
        let mut end = None;
        'bfs: while let Some(i) = queue.pop_front() {
            for &w in &partners[i] {
                if from[w] != NONE {
                    continue;
                }
                from[w] = i;
                match left_of[w] {
                    NONE => {
                        end = Some(w);
                        break 'bfs;
                    }
                    j => queue.push_back(j),
                }
            }
        }
        let Some(mut w) = end else { return matched };
        // Flip the path back to its free left cell.
        loop {
            let i = from[w];
            let previous = right_of[i];
            right_of[i] = w;
            left_of[w] = i;
            if previous == NONE {
                break;
            }
            w = previous;
        }
        matched += 1;
    }
}
