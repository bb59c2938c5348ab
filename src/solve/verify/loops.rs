//! The verifier's check of a line on a board: the used links are walked by their own geometry
//! (nodes as (row, column) pairs worked out here, not `LoopRule`'s helpers beyond the
//! numbering), so a fault in lowering or the engine shows.
//! - a loop (on the edges or through the cells): every node touches 0 or 2 used links, and
//!   walking from one used link along the loop comes back having used every used link;
//! - every clue cell has as many used sides as its clue;
//! - every turn rule holds at its cell, its next cells found by walking the loop;
//! - paths (`lines.rs`): every end cell touches one used link, every other cell 0 or 2 (2
//!   with `every_cell`); the walk from each end reaches the other end of its number, and the
//!   walks use every used link (so no cycle is left over).
use crate::lower::model::{LineKind, LoopRule};
use crate::syntax::ast::LoopAt;

type Node = (usize, usize);

/// The node lattice's columns: corners, or cells.
fn width(rule: &LoopRule) -> usize {
    rule.cols + (rule.kind == LineKind::EdgeLoop) as usize
}

fn height(rule: &LoopRule) -> usize {
    rule.rows + (rule.kind == LineKind::EdgeLoop) as usize
}

/// The nodes (row, column) at the ends of link `e`.
fn ends(rule: &LoopRule, e: usize) -> [Node; 2] {
    let (h, w) = (height(rule), width(rule));
    let across = h * (w - 1);
    if e < across {
        let (r, c) = (e / (w - 1), e % (w - 1));
        [(r, c), (r, c + 1)]
    } else {
        let (r, c) = ((e - across) / w, (e - across) % w);
        [(r, c), (r + 1, c)]
    }
}

pub(super) fn verify(rule: &LoopRule, used: &[bool]) -> Result<(), String> {
    let (h, w) = (height(rule), width(rule));
    let links = h * (w - 1) + (h - 1) * w;
    if used.len() != links {
        return Err("the answer does not give every link".into());
    }
    let mut at_node: Vec<Vec<usize>> = vec![Vec::new(); h * w];
    for e in (0..used.len()).filter(|&e| used[e]) {
        for (r, c) in ends(rule, e) {
            at_node[r * w + c].push(e);
        }
    }
    let other = |e: usize, v: usize| {
        let [(ra, ca), (rb, cb)] = ends(rule, e);
        if ra * w + ca == v { rb * w + cb } else { ra * w + ca }
    };
    let total = used.iter().filter(|&&u| u).count();
    if let LineKind::Paths { every_cell } = rule.kind {
        return verify_paths(rule, &at_node, total, every_cell, &other);
    }
    if let Some(v) = at_node.iter().position(|s| !s.is_empty() && s.len() != 2) {
        return Err(format!("node ({}, {}) touches {} links of the loop", v / w, v % w, at_node[v].len()));
    }
    let Some(first) = used.iter().position(|&u| u) else { return Err("there is no loop".into()) };
    let [(r0, c0), (r1, c1)] = ends(rule, first);
    let (start, mut at, mut link, mut walked) = (r0 * w + c0, r1 * w + c1, first, 1);
    while at != start {
        link = *at_node[at].iter().find(|&&e| e != link).unwrap();
        at = other(link, at);
        walked += 1;
    }
    if walked != total {
        return Err(format!("the loop through link {first} has {walked} of the {total} used links"));
    }
    for (cell, clue) in rule.clues.iter().enumerate() {
        let Some(k) = clue else { continue };
        let (r, c) = (cell / rule.cols, cell % rule.cols);
        let around = (0..used.len())
            .filter(|&e| used[e])
            .filter(|&e| {
                // A side of cell (r, c) joins two of its corners (r..=r+1, c..=c+1).
                ends(rule, e).iter().all(|&(x, y)| (r..=r + 1).contains(&x) && (c..=c + 1).contains(&y))
            })
            .count();
        if around != *k as usize {
            return Err(format!("cell ({r}, {c}) has {around} sides on the loop, its clue says {k}"));
        }
    }
    // Whether the loop goes straight at node v (it is on the loop).
    let straight = |v: usize| {
        let [a, b] = [at_node[v][0], at_node[v][1]];
        let (pa, pb) = (other(a, v), other(b, v));
        // Opposite neighbours: the same row or the same column as each other.
        pa / w == pb / w || pa % w == pb % w
    };
    for t in &rule.turns {
        let (r, c) = (t.cell / rule.cols, t.cell % rule.cols);
        let v = r * w + c;
        if at_node[v].len() != 2 {
            return Err(format!("the loop does not go through ({r}, {c})"));
        }
        let ok = match t.at {
            LoopAt::Through => true,
            LoopAt::Straight => straight(v),
            LoopAt::Turns => !straight(v),
        };
        if !ok {
            return Err(format!(
                "the loop does not {} at ({r}, {c})",
                if straight(v) { "turn" } else { "go straight" }
            ));
        }
        if let Some((how, both)) = t.next {
            let want = how == LoopAt::Straight;
            let hits = at_node[v].iter().filter(|&&e| straight(other(e, v)) == want).count();
            if hits < if both { 2 } else { 1 } {
                return Err(format!("the next cells along the loop from ({r}, {c}) break its rule"));
            }
        }
    }
    Ok(())
}

fn verify_paths(
    rule: &LoopRule,
    at_node: &[Vec<usize>],
    total: usize,
    every_cell: bool,
    other: &dyn Fn(usize, usize) -> usize,
) -> Result<(), String> {
    let w = rule.cols;
    for (v, links) in at_node.iter().enumerate() {
        let want: &[usize] = match (rule.ends[v], every_cell) {
            (Some(_), _) => &[1],
            (None, true) => &[2],
            (None, false) => &[0, 2],
        };
        if !want.contains(&links.len()) {
            return Err(format!("cell ({}, {}) touches {} links of the paths", v / w, v % w, links.len()));
        }
    }
    let mut walked = 0;
    for start in (0..at_node.len()).filter(|&v| rule.ends[v].is_some()) {
        let (mut at, mut link) = (other(at_node[start][0], start), at_node[start][0]);
        walked += 1;
        while rule.ends[at].is_none() {
            link = *at_node[at].iter().find(|&&e| e != link).unwrap();
            at = other(link, at);
            walked += 1;
        }
        if rule.ends[at] != rule.ends[start] || at == start {
            return Err(format!(
                "the path from ({}, {}) ends at ({}, {}), another number",
                start / w,
                start % w,
                at / w,
                at % w
            ));
        }
    }
    // Each path was walked from both of its ends.
    if walked != 2 * total {
        return Err(format!("{} used links are on no path between ends (a cycle)", total - walked / 2));
    }
    Ok(())
}
