//! The verifier's check of the rules on each region's cells (`the '#' cells of each room are
//! connected`, `no two congruent shapes of '#' in room touch`) on the filled grid, with code
//! of its own: a flood within each region over `connected.rs`'s test of cells sharing a side,
//! and shapes compared by trying every rotation and reflection of one onto the other.
use crate::lower::model::Model;
use std::collections::BTreeSet;

pub(super) fn verify(model: &Model, fill: &[Option<usize>]) -> Result<(), String> {
    let Some(board) = &model.board else { return Ok(()) };
    let holds = |c: usize, values: &[usize]| board.on[c] && fill[c].is_some_and(|v| values.contains(&v));
    for rule in &model.connected_each {
        for (name, cells) in &rule.regions {
            let inside: Vec<usize> = cells.iter().copied().filter(|&c| holds(c, &rule.values)).collect();
            let Some(&first) = inside.first() else { continue };
            let mut reached = vec![first];
            let mut at = 0;
            while at < reached.len() {
                let a = reached[at];
                at += 1;
                for &b in &inside {
                    if !reached.contains(&b) && super::connected::share_side(board, a, b) {
                        reached.push(b);
                    }
                }
            }
            if reached.len() < inside.len() {
                return Err(format!("the cells of `{name}` are not connected"));
            }
        }
    }
    for rule in &model.shapes {
        let mut region = vec![usize::MAX; board.on.len()];
        let mut shapes = Vec::with_capacity(rule.regions.len());
        for (k, (_, cells)) in rule.regions.iter().enumerate() {
            let mut shape = Vec::new();
            for &c in cells {
                region[c] = k;
                if holds(c, &rule.values) {
                    shape.push(((c / board.cols) as i64, (c % board.cols) as i64));
                }
            }
            shapes.push(shape);
        }
        for a in 0..board.on.len() {
            for b in a + 1..board.on.len() {
                let (ra, rb) = (region[a], region[b]);
                if ra == usize::MAX
                    || rb == usize::MAX
                    || ra == rb
                    || !holds(a, &rule.values)
                    || !holds(b, &rule.values)
                {
                    continue;
                }
                if super::connected::share_side(board, a, b) && congruent(&shapes[ra], &shapes[rb]) {
                    return Err(format!(
                        "`{}` and `{}` touch with congruent shapes",
                        rule.regions[ra].0, rule.regions[rb].0
                    ));
                }
            }
        }
    }
    Ok(())
}

/// A quarter turn or a mirror image of a cell's (row, column).
type Turn = fn((i64, i64)) -> (i64, i64);

/// Whether some rotation or reflection of `a`, moved, is `b`.
fn congruent(a: &[(i64, i64)], b: &[(i64, i64)]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let target: BTreeSet<(i64, i64)> = b.iter().copied().collect();
    let (Some(&b0), true) = (target.iter().next(), !a.is_empty()) else { return true };
    let maps: [Turn; 8] = [
        |(r, c)| (r, c),
        |(r, c)| (c, -r),
        |(r, c)| (-r, -c),
        |(r, c)| (-c, r),
        |(r, c)| (r, -c),
        |(r, c)| (-r, c),
        |(r, c)| (c, r),
        |(r, c)| (-c, -r),
    ];
    maps.iter().any(|f| {
        let image: BTreeSet<(i64, i64)> = a.iter().map(|&p| f(p)).collect();
        let first = *image.iter().next().expect("not empty");
        let (dr, dc) = (b0.0 - first.0, b0.1 - first.1);
        image.iter().map(|&(r, c)| (r + dr, c + dc)).collect::<BTreeSet<_>>() == target
    })
}
