//! The verifier's check of bridges between islands (Hashiwokakero), from the rule's islands
//! and the bridges drawn alone: it does not use lowering's links (`lower/bridges.rs`), so a
//! fault there or in the engine shows.
//! 1. every bridge joins two islands in one row or one column, over cells on the board that
//!    are no island, with a count from 1 to the rule's most, each pair once;
//! 2. no cell lies under two bridges (bridges never cross);
//! 3. every island has as many bridge ends as its number;
//! 4. with `all islands are connected`, a walk along the bridges from one island meets all.
use crate::lower::model::{Bridge, BridgeRule};

pub(super) fn verify(rule: &BridgeRule, drawn: &[Bridge]) -> Result<(), String> {
    let cols = rule.cols;
    let cells = rule.rows * cols;
    let at = |x: usize| format!("({}, {})", x / cols, x % cols);
    let is_island = |x: usize| x < cells && rule.islands[x] > 0;
    let mut under = vec![false; cells];
    let mut ends = vec![0u32; cells];
    let mut pairs = Vec::with_capacity(drawn.len());
    for br in drawn {
        let (a, b) = (br.a, br.b);
        if !is_island(a) || !is_island(b) || a >= b {
            return Err(format!("a bridge from cell {a} to cell {b} does not join two islands in order"));
        }
        if br.count == 0 || br.count > rule.most {
            return Err(format!("{} bridges between {} and {}", br.count, at(a), at(b)));
        }
        let step = if a / cols == b / cols {
            1
        } else if a % cols == b % cols {
            cols
        } else {
            return Err(format!("the bridge from {} to {} is not straight", at(a), at(b)));
        };
        pairs.push((a, b));
        let mut x = a + step;
        while x < b {
            if !rule.on[x] || rule.islands[x] > 0 {
                return Err(format!("the bridge from {} to {} passes over {}", at(a), at(b), at(x)));
            }
            if under[x] {
                return Err(format!("two bridges cross at {}", at(x)));
            }
            under[x] = true;
            x += step;
        }
        ends[a] += br.count;
        ends[b] += br.count;
    }
    pairs.sort_unstable();
    if let Some(w) = pairs.windows(2).find(|w| w[0] == w[1]) {
        return Err(format!("the islands {} and {} are joined twice", at(w[0].0), at(w[0].1)));
    }
    if let Some(x) = (0..cells).find(|&x| ends[x] != rule.islands[x]) {
        return Err(format!("the island at {} has {} bridge ends, its number is {}", at(x), ends[x], rule.islands[x]));
    }
    if rule.connected.is_some() {
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for br in drawn {
            next[br.a].push(br.b);
            next[br.b].push(br.a);
        }
        let Some(first) = (0..cells).find(|&x| is_island(x)) else { return Ok(()) };
        let mut met = vec![false; cells];
        met[first] = true;
        let mut todo = vec![first];
        while let Some(x) = todo.pop() {
            for &y in &next[x] {
                if !met[y] {
                    met[y] = true;
                    todo.push(y);
                }
            }
        }
        if let Some(x) = (0..cells).find(|&x| is_island(x) && !met[x]) {
            return Err(format!("the island at {} is not joined to the island at {}", at(x), at(first)));
        }
    }
    Ok(())
}
