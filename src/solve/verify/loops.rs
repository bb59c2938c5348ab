//! The verifier's check of a loop on the board's edges: the used sides are walked by their
//! own geometry (corners as (row, column) pairs worked out here, not `LoopRule`'s helpers
//! beyond the numbering), so a fault in lowering or the engine shows.
//! 1. every corner touches 0 or 2 used sides;
//! 2. walking from one used side along the loop comes back having used every used side;
//! 3. every clue cell has as many used sides as its clue.
use crate::lower::model::LoopRule;

/// The corners (row, column) at the ends of side `e`.
fn corners(rule: &LoopRule, e: usize) -> [(usize, usize); 2] {
    let across = (rule.rows + 1) * rule.cols;
    if e < across {
        let (r, c) = (e / rule.cols, e % rule.cols);
        [(r, c), (r, c + 1)]
    } else {
        let (r, c) = ((e - across) / (rule.cols + 1), (e - across) % (rule.cols + 1));
        [(r, c), (r + 1, c)]
    }
}

pub(super) fn verify(rule: &LoopRule, used: &[bool]) -> Result<(), String> {
    if used.len() != rule.edges() {
        return Err("the answer does not give every side".into());
    }
    let w = rule.cols + 1;
    let mut at_corner: Vec<Vec<usize>> = vec![Vec::new(); (rule.rows + 1) * w];
    for e in (0..used.len()).filter(|&e| used[e]) {
        for (r, c) in corners(rule, e) {
            at_corner[r * w + c].push(e);
        }
    }
    if let Some(v) = at_corner.iter().position(|s| !s.is_empty() && s.len() != 2) {
        return Err(format!("corner ({}, {}) touches {} sides of the loop", v / w, v % w, at_corner[v].len()));
    }
    let total = used.iter().filter(|&&u| u).count();
    let Some(first) = used.iter().position(|&u| u) else { return Err("there is no loop".into()) };
    let [(r0, c0), (r1, c1)] = corners(rule, first);
    let (start, mut at, mut side, mut walked) = (r0 * w + c0, r1 * w + c1, first, 1);
    while at != start {
        side = *at_corner[at].iter().find(|&&e| e != side).unwrap();
        let [(ra, ca), (rb, cb)] = corners(rule, side);
        at = if ra * w + ca == at { rb * w + cb } else { ra * w + ca };
        walked += 1;
    }
    if walked != total {
        return Err(format!("the loop through side {first} has {walked} of the {total} used sides"));
    }
    for (cell, clue) in rule.clues.iter().enumerate() {
        let Some(k) = clue else { continue };
        let (r, c) = (cell / rule.cols, cell % rule.cols);
        let around = (0..used.len())
            .filter(|&e| used[e])
            .filter(|&e| {
                let [(ra, ca), (rb, cb)] = corners(rule, e);
                // A side of cell (r, c) joins two of its corners (r..=r+1, c..=c+1).
                [(ra, ca), (rb, cb)].iter().all(|&(x, y)| (r..=r + 1).contains(&x) && (c..=c + 1).contains(&y))
            })
            .count();
        if around != *k as usize {
            return Err(format!("cell ({r}, {c}) has {around} sides on the loop, its clue says {k}"));
        }
    }
    Ok(())
}
