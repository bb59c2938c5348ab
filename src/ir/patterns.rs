//! Additive pattern databases (Korf & Felner, "Disjoint pattern database heuristics", 2002)
//! for problems whose moves slide one value into the empty cell: the compiler
//! (`lower/patterns.rs`, where the argument is written out) splits the values into groups;
//! for each group a table gives, for every placement of the group's values, the fewest moves
//! of those values that bring them to their goal cells, the other values ignored. The sum of
//! the groups' tables (plus the distances of the values in no group) is a lower bound on the
//! moves left. The tables are built by `solve/moves/pdb.rs` before the search, and kept for
//! the process (every instance of a file shares them); until they are built, or when they do
//! not fit the memory budget, the bound is the sum of distances alone.
//!
//! A group's placement is a list of distinct **positions** (the cells the moves reach,
//! numbered densely) ranked as a partial permutation: `n` choices for the first value's
//! position, `n - 1` for the second, and so on, a table of `n! / (n - k)!` bytes.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use super::moves::Value;

/// No group (in [`Patterns::group_of`]); an unreached placement (in a table).
pub const NONE: u8 = u8::MAX;

/// What a table's entry of an unreachable placement counts for: more than any budget (which
/// is at most 10 000 moves).
pub const UNREACHABLE: u32 = 1 << 20;

/// What the tables are built from: the positions and steps, and the groups with their goal
/// positions. Two instances with equal abstractions share their tables.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Abstraction {
    /// Grid cell of each position.
    pub cell_of: Vec<u32>,
    /// `from[starts[x]..starts[x + 1]]`: the positions from which a value steps to position
    /// `x` in one move (when `x` holds no value of its group).
    pub starts: Vec<u32>,
    pub from: Vec<u8>,
    /// Each group: its values and the position of each value's goal cell.
    pub groups: Vec<Vec<(Value, u8)>>,
}

impl Abstraction {
    /// Number of positions.
    pub fn n(&self) -> u32 {
        self.cell_of.len() as u32
    }

    /// Entries of group `g`'s table.
    pub fn entries(&self, g: usize) -> usize {
        entries(self.n(), self.groups[g].len())
    }

    /// Bytes of all the tables.
    pub fn bytes(&self) -> usize {
        (0..self.groups.len()).map(|g| self.entries(g)).sum()
    }

    /// The positions a value steps to position `x` from.
    pub fn steps_into(&self, x: u8) -> &[u8] {
        &self.from[self.starts[x as usize] as usize..self.starts[x as usize + 1] as usize]
    }

    /// The group sizes, `6-6-3`.
    pub fn sizes(&self) -> String {
        self.groups.iter().map(|g| g.len().to_string()).collect::<Vec<_>>().join("-")
    }
}

/// `n! / (n - k)!`: the partial permutations of `k` of `n` positions.
pub fn entries(n: u32, k: usize) -> usize {
    (0..k as u32).map(|i| (n - i) as usize).product()
}

/// The index of a placement (distinct positions below `n` ≤ 64) in its group's table.
#[inline]
pub fn rank(n: u32, ps: &[u8]) -> usize {
    let mut r = 0usize;
    for (i, &p) in ps.iter().enumerate() {
        // Positions taken before, below this one (compares: no popcount instruction on the
        // baseline target).
        let below: u32 = ps[..i].iter().map(|&q| (q < p) as u32).sum();
        r = r * (n as usize - i) + (p as u32 - below) as usize;
    }
    r
}

/// The placement of index `r` into `ps` (the inverse of [`rank`]).
pub fn unrank(n: u32, mut r: usize, ps: &mut [u8]) {
    let k = ps.len();
    for i in (0..k).rev() {
        let radix = n as usize - i;
        ps[i] = (r % radix) as u8;
        r /= radix;
    }
    let mut used = 0u64;
    for p in ps.iter_mut() {
        let mut free = !used & if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        for _ in 0..*p {
            free &= free - 1;
        }
        *p = free.trailing_zeros() as u8;
        used |= 1u64 << *p;
    }
}

/// The tables once built, shared by every instance with the same [`Abstraction`].
#[derive(Debug)]
pub struct Tables {
    pub tables: Vec<Vec<u8>>,
    /// How long building them took.
    pub took: Duration,
}

/// What preparing the tables gave for one search.
#[derive(Clone, Debug)]
pub enum Built {
    /// Built now, or by an earlier instance of the process (`reused`).
    Ready { tables: Arc<Tables>, reused: bool },
    /// They do not fit the memory budget (the bytes they need, the budget): the bound is the
    /// sum of distances alone.
    TooBig { need: usize, budget: usize },
}

/// The bound: the groups' tables, the other values' distances.
#[derive(Clone, Debug)]
pub struct Patterns {
    pub abs: Abstraction,
    /// Grid cells; `dist[v * cells + c]` is value `v`'s distance from cell `c` to its goal
    /// cells (the sum-of-distances bound's table).
    pub cells: usize,
    pub dist: Vec<u32>,
    /// Per value (256): its group, or [`NONE`]; and its place in the group.
    pub group_of: Vec<u8>,
    pub slot_of: Vec<u8>,
    /// Per grid cell: its position, or [`NONE`].
    pub position: Vec<u8>,
    /// Filled once before the search (`solve/moves/pdb.rs`).
    pub built: OnceLock<Built>,
}

impl PartialEq for Patterns {
    fn eq(&self, o: &Self) -> bool {
        self.abs == o.abs && self.cells == o.cells && self.dist == o.dist
    }
}
impl Eq for Patterns {}

impl Patterns {
    /// The tables, when they are built and fit.
    pub fn tables(&self) -> Option<&Arc<Tables>> {
        match self.built.get() {
            Some(Built::Ready { tables, .. }) => Some(tables),
            _ => None,
        }
    }

    /// The sum of distances of `s` over every value (the floor, and the bound while the tables
    /// are not there).
    pub fn distances(&self, s: &[Value]) -> u32 {
        let sum: u64 = s.iter().enumerate().map(|(c, &v)| self.dist[v as usize * self.cells + c] as u64).sum();
        sum.min(u32::MAX as u64) as u32
    }

    /// The bound at `s`, from scratch.
    pub fn eval(&self, s: &[Value]) -> u32 {
        let floor = self.distances(s);
        let Some(t) = self.tables() else { return floor };
        let mut at = [[0u8; 8]; 64];
        let mut sum = 0u64;
        for (c, &v) in s.iter().enumerate().take(self.cells) {
            let g = self.group_of[v as usize];
            if g == NONE {
                sum += self.dist[v as usize * self.cells + c] as u64;
            } else {
                at[g as usize][self.slot_of[v as usize] as usize] = self.position[c];
            }
        }
        for (g, group) in self.abs.groups.iter().enumerate() {
            sum += entry(t.tables[g][rank(self.abs.n(), &at[g][..group.len()])]) as u64;
        }
        (sum.min(u32::MAX as u64) as u32).max(floor)
    }
}

/// What a table's byte counts for.
#[inline]
pub fn entry(b: u8) -> u32 {
    if b == NONE { UNREACHABLE } else { b as u32 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_a_bijection() {
        for (n, k) in [(5u32, 3usize), (9, 2), (6, 6), (4, 1)] {
            let size = entries(n, k);
            let mut ps = vec![0u8; k];
            for r in 0..size {
                unrank(n, r, &mut ps);
                let mut sorted = ps.clone();
                sorted.sort();
                sorted.dedup();
                assert_eq!(sorted.len(), k, "distinct positions");
                assert!(ps.iter().all(|&p| (p as u32) < n));
                // Every index comes back: the ranks of `size` placements are `0..size`.
                assert_eq!(rank(n, &ps), r);
            }
        }
    }
}
