//! Puzzle generation (`puzc generate`): a random solution, then clues removed while the
//! solution stays the only one.
//!
//! *Sampling.* The exact-cover problem's options are put in a seeded random order
//! ([`shuffled`]) and the engine's first solution is taken: the engine tries an item's
//! options in index order, so the order decides which solution comes first. This is a random
//! solution, not a uniformly drawn one. Renumbering options renumbers the global
//! constraints' option lists with them (`Global::renumbered`), kept sorted.
//!
//! *Minimisation* ([`minimise`]) starts from the full clue set (the solution itself) and
//! tries the orbits of the pattern's symmetry group in a seeded random order: an orbit's clues
//! are removed when the `unique` oracle proves the puzzle left has one solution, and put back
//! otherwise (also when the oracle ran out of budget: unproved is not unique). Removing clues
//! can only add solutions, so an orbit that could not be removed at some point cannot be
//! removed later either: one pass over every orbit leaves a puzzle from which no orbit can be
//! removed (minimal for that symmetry; for `none`, minimal outright). Every puzzle returned
//! is one the oracle proved unique.
//!
//! This module sees only IR and plain cell indices, like the engines it drives.
pub mod derive;
pub mod grade;
pub mod layout;
pub mod near;
pub mod uniform;

use crate::ir::xcc::{Global, OptionId, XccProblem};
use crate::solve::xcc::{Flow, Limits};

/// SplitMix64 (Steele, Lea, Flood 2014): a 64-bit state, one add and a mix per draw. Small,
/// fast, and its output for a seed is fixed by the algorithm, so `--seed N` reproduces a
/// run on every machine; no crate needed for what is only a shuffle.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-shift (the bias, below 2^-32 for the
    /// sizes here, does not matter for a shuffle).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() as u128 * n as u128) >> 64) as usize
    }

    /// A number in `0..n` (`n > 0`), exactly uniform: Lemire's multiply-shift with rejection
    /// of the few products that would favour some results ("Fast random integer generation in
    /// an interval", 2019). For the uniform sampler, whose draws must have equal odds.
    pub fn below_u64(&mut self, n: u64) -> u64 {
        let mut m = self.next_u64() as u128 * n as u128;
        let mut low = m as u64;
        if low < n {
            let t = n.wrapping_neg() % n;
            while low < t {
                m = self.next_u64() as u128 * n as u128;
                low = m as u64;
            }
        }
        (m >> 64) as u64
    }

    /// Fisher–Yates.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// `p` with its options in a random order, and `old[new]`: the original id of each option.
pub fn shuffled(p: &XccProblem, rng: &mut SplitMix64) -> (XccProblem, Vec<OptionId>) {
    shuffled_by(p, rng, &[])
}

/// [`shuffled`], then each option flagged in `later` moved, with probability 1/2, after
/// every option not moved (the order within each part kept): the engine then tries those
/// options last at most items, and the solution leans away from them.
pub fn shuffled_by(p: &XccProblem, rng: &mut SplitMix64, later: &[bool]) -> (XccProblem, Vec<OptionId>) {
    let mut old: Vec<OptionId> = (0..p.option_count() as u32).map(OptionId).collect();
    rng.shuffle(&mut old);
    if !later.is_empty() {
        let keys: Vec<bool> = old.iter().map(|o| later[o.0 as usize] && rng.below(2) != 0).collect();
        let mut keyed: Vec<(bool, OptionId)> = keys.into_iter().zip(old).collect();
        keyed.sort_by_key(|k| k.0);
        old = keyed.into_iter().map(|k| k.1).collect();
    }
    (reordered(p, &old), old)
}

/// `p` with only the options `old` (ids of `p`, none twice), in that order: option `k` of the
/// result is `old[k]`.
pub fn reordered(p: &XccProblem, old: &[OptionId]) -> XccProblem {
    let mut q = XccProblem {
        items: p.items.clone(),
        n_primary: p.n_primary,
        option_names: Vec::with_capacity(old.len()),
        option_start: Vec::with_capacity(old.len() + 1),
        option_items: Vec::with_capacity(p.option_items.len()),
        colour_names: p.colour_names.clone(),
        globals: p.globals.iter().map(|g| g.renumbered(old)).collect(),
        weighted: p.weighted,
        induced: p.induced,
    };
    q.option_start.push(0);
    for &o in old {
        q.option_names.push(p.option_names[o.0 as usize].clone());
        q.option_items.extend_from_slice(p.option(o));
        q.option_start.push(q.option_items.len() as u32);
    }
    // The renumbered lists keep the old order; the engines expect each node's in-options
    // in increasing order.
    for g in &mut q.globals {
        sort_ins(g);
    }
    q
}

fn sort_ins(g: &mut Global) {
    let area = match g {
        Global::Connected(a) => a,
        Global::Areas { area, .. }
        | Global::NotAll { area, .. }
        | Global::Linked { area, .. }
        | Global::Sized { area, .. }
        | Global::Counts { area, .. }
        | Global::Shapes { area, .. }
        | Global::Distinct { area, .. } => area,
        Global::Pairs { area, left } => {
            // A pairing's sides run beside its `ins`: sort them together.
            for n in 0..area.in_start.len().saturating_sub(1) {
                let (a, b) = (area.in_start[n] as usize, area.in_start[n + 1] as usize);
                let mut pairs: Vec<_> = area.ins[a..b].iter().copied().zip(left[a..b].iter().copied()).collect();
                pairs.sort_unstable_by_key(|p| p.0);
                for (i, (o, l)) in pairs.into_iter().enumerate() {
                    area.ins[a + i] = o;
                    left[a + i] = l;
                }
            }
            return;
        }
        Global::Loop { area, ends, .. } => {
            // A loop's `ends` run beside its `ins`: sort the pairs together.
            for n in 0..area.in_start.len().saturating_sub(1) {
                let (a, b) = (area.in_start[n] as usize, area.in_start[n + 1] as usize);
                let mut pairs: Vec<_> = area.ins[a..b].iter().copied().zip(ends[a..b].iter().copied()).collect();
                pairs.sort_unstable_by_key(|p| p.0);
                for (i, (o, e)) in pairs.into_iter().enumerate() {
                    area.ins[a + i] = o;
                    ends[a + i] = e;
                }
            }
            return;
        }
    };
    for n in 0..area.in_start.len().saturating_sub(1) {
        let (a, b) = (area.in_start[n] as usize, area.in_start[n + 1] as usize);
        area.ins[a..b].sort_unstable();
    }
}

/// A random solution of `p` (option ids of `p`), or `None` when it has none within `limits`.
pub fn sample(p: &XccProblem, rng: &mut SplitMix64, limits: &Limits) -> Option<Vec<OptionId>> {
    sample_by(p, rng, limits, &[])
}

/// [`sample`] leaning away from the options flagged in `later` ([`shuffled_by`]).
pub fn sample_by(p: &XccProblem, rng: &mut SplitMix64, limits: &Limits, later: &[bool]) -> Option<Vec<OptionId>> {
    let (q, old) = shuffled_by(p, rng, later);
    let mut found = None;
    crate::solve::xcc::solve(&q, &Limits { max_solutions: Some(1), ..limits.clone() }, &mut |chosen| {
        found = Some(chosen.iter().map(|o| old[o.0 as usize]).collect());
        Flow::Stop
    });
    found
}

/// How many clues to keep.
#[derive(Clone, Copy, Debug, Default)]
pub struct Goal {
    /// Exactly this many clues (removals that would go below are skipped).
    pub clues: Option<usize>,
    /// No orbit of the result can be removed.
    pub minimal: bool,
}

/// The clues of `solution` (a value per cell) minimised by removing `orbits` of cells, tried
/// in a seeded random order; `unique(clues)` must say whether the puzzle has exactly one
/// solution, proved. `None` when the goal was missed (too many clues left, or not minimal).
pub fn minimise(
    solution: &[u8],
    orbits: &[Vec<u32>],
    goal: Goal,
    rng: &mut SplitMix64,
    unique: &mut dyn FnMut(&[Option<u8>]) -> bool,
) -> Option<Vec<Option<u8>>> {
    let mut clues: Vec<Option<u8>> = solution.iter().map(|&v| Some(v)).collect();
    let mut left = solution.len();
    let mut order: Vec<usize> = (0..orbits.len()).collect();
    rng.shuffle(&mut order);
    let floor = goal.clues.unwrap_or(0);
    // Orbits kept because removing them left several solutions: with `minimal` they have
    // all been tried, so none can go.
    for &k in &order {
        let orbit = &orbits[k];
        if left == floor && !goal.minimal {
            break;
        }
        if left - orbit.len() < floor {
            if goal.minimal && left == floor {
                // At the goal: the orbit must still be tried, to prove it cannot go.
                for &c in orbit {
                    clues[c as usize] = None;
                }
                let removable = unique(&clues);
                for &c in orbit {
                    clues[c as usize] = Some(solution[c as usize]);
                }
                if removable {
                    return None;
                }
            }
            continue;
        }
        for &c in orbit {
            clues[c as usize] = None;
        }
        if unique(&clues) {
            left -= orbit.len();
        } else {
            for &c in orbit {
                clues[c as usize] = Some(solution[c as usize]);
            }
        }
    }
    if goal.clues.is_some_and(|n| left != n) {
        return None;
    }
    Some(clues)
}

/// The orbits of `cells` (dense indices `0..n`) under a group of permutations of them, each
/// sorted, in order of their smallest cell.
pub fn orbits(n: usize, group: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for c in 0..n {
        if seen[c] {
            continue;
        }
        let mut orbit: Vec<u32> = group.iter().map(|g| g[c]).chain([c as u32]).collect();
        orbit.sort_unstable();
        orbit.dedup();
        for &m in &orbit {
            seen[m as usize] = true;
        }
        out.push(orbit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitmix_matches_the_reference_outputs() {
        // The first outputs for seed 0 of the reference implementation (Vigna's splitmix64.c).
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn minimise_keeps_an_orbit_that_makes_two_solutions() {
        // A toy oracle: unique while cell 0 or cell 1 is a clue.
        let solution = [1u8, 2, 3];
        let orbits = vec![vec![0], vec![1], vec![2]];
        let mut unique = |c: &[Option<u8>]| c[0].is_some() || c[1].is_some();
        let got = minimise(
            &solution,
            &orbits,
            Goal { minimal: true, ..Goal::default() },
            &mut SplitMix64::new(3),
            &mut unique,
        )
        .unwrap();
        assert_eq!(got.iter().filter(|c| c.is_some()).count(), 1);
        assert!(unique(&got));
    }
}
