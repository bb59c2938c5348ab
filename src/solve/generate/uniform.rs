//! Uniform sampling (`puzc generate --uniform`): each solution of an exact-cover problem
//! drawn with exactly the same probability, by descending the search tree with the sizes of
//! its subtrees.
//!
//! *Why it is uniform.* Let `S(C)` be the solutions containing the chosen options `C`. Take
//! a primary item `i` that no option of `C` covers. In plain exact cover every solution covers
//! `i` with exactly one option, so the sets `S(C + o)` for the options `o` on `i` that agree
//! with `C` partition `S(C)`. Choosing `o` with probability `|S(C + o)| / |S(C)|` and going
//! on from `C + o` reaches a given solution `s` with probability
//! `∏ |S(Cₖ₊₁)| / |S(Cₖ)| = |S(C_end)| / |S(∅)| = 1 / |S(∅)|`: the product telescopes. The
//! sizes are counted exactly by the engine on the problem restricted to `C + o`
//! ([`crate::solve::partition::restrict`]); the draw is `rng.below(total)`.
//!
//! *The budget.* The counts are exact only if the counter finishes: each count may use at
//! most `budget` search nodes. When one runs out (a 9×9 sudoku has 6.67 × 10²¹ grids to
//! count), the draw is refused with the reason, never approximated. Items covered more than
//! once (multiplicities) break the partition argument, so such problems are refused too.
//!
//! The counts of the first levels do not depend on what was drawn before, so they are kept
//! between draws ([`Uniform`]'s memo, keyed by the chosen options).
use super::SplitMix64;
use crate::ir::xcc::{ItemKind, OptionId, XccProblem};
use crate::solve::partition::restrict;
use crate::solve::xcc::{Flow, Limits, Stop};
use std::collections::HashMap;

/// A uniform sampler over the solutions of one problem.
pub struct Uniform<'p> {
    p: &'p XccProblem,
    /// Solutions counted under a set of chosen options (sorted), kept between draws.
    memo: HashMap<Vec<u32>, u64>,
}

impl<'p> Uniform<'p> {
    pub fn new(p: &'p XccProblem) -> Uniform<'p> {
        Uniform { p, memo: HashMap::new() }
    }

    /// The number of solutions containing `chosen`, counted with at most `budget` nodes.
    fn count(&mut self, chosen: &[OptionId], budget: u64) -> Result<u64, String> {
        let mut key: Vec<u32> = chosen.iter().map(|o| o.0).collect();
        key.sort_unstable();
        if let Some(&n) = self.memo.get(&key) {
            return Ok(n);
        }
        let (q, _) = restrict(self.p, chosen);
        let stats = crate::solve::xcc::solve(&q, &Limits { max_nodes: Some(budget), ..Limits::default() }, &mut |_| {
            Flow::Continue
        });
        if stats.stop != Stop::Exhausted {
            return Err(format!(
                "counting the solutions under {} chosen option{} needs more than {budget} search nodes",
                chosen.len(),
                if chosen.len() == 1 { "" } else { "s" }
            ));
        }
        // Kept within bounds: past a million counts the memo starts afresh.
        if self.memo.len() >= 1 << 20 {
            self.memo.clear();
        }
        self.memo.insert(key, stats.solutions);
        Ok(stats.solutions)
    }

    /// One solution (options of the problem), each drawn with probability 1 / (number of
    /// solutions); `Ok(None)` when there is none. `Err` says why the counter cannot afford it.
    pub fn draw(&mut self, rng: &mut SplitMix64, budget: u64) -> Result<Option<Vec<OptionId>>, String> {
        let p = self.p;
        if p.items[..p.n_primary].iter().any(|i| !matches!(i.kind, ItemKind::Primary { lo: 1, hi: 1 })) {
            return Err("an item is covered more than once, so the options on it do not split the solutions".into());
        }
        let mut chosen: Vec<OptionId> = Vec::new();
        let mut total = self.count(&chosen, budget)?;
        if total == 0 {
            return Ok(None);
        }
        loop {
            // The options agreeing with what is chosen, and the primary items still open.
            let (q, original) = restrict(p, &chosen);
            let mut covered = vec![false; p.n_primary];
            for &o in &chosen {
                for e in p.option(o) {
                    if (e.item.0 as usize) < p.n_primary {
                        covered[e.item.0 as usize] = true;
                    }
                }
            }
            // The open item with the fewest options (fewer counts per level).
            let mut on: Vec<Vec<OptionId>> = vec![Vec::new(); p.n_primary];
            for (k, &o) in original.iter().enumerate() {
                for e in q.option(OptionId(k as u32)) {
                    let i = e.item.0 as usize;
                    if i < p.n_primary && !covered[i] {
                        on[i].push(o);
                    }
                }
            }
            let Some(item) = (0..p.n_primary).filter(|&i| !covered[i]).min_by_key(|&i| on[i].len()) else {
                return Ok(Some(chosen));
            };
            let mut pick = rng.below_u64(total);
            let mut next = None;
            for &o in &on[item] {
                chosen.push(o);
                let n = self.count(&chosen, budget)?;
                if pick < n {
                    next = Some(n);
                    break;
                }
                pick -= n;
                chosen.pop();
            }
            // The counts of the options on the item add up to `total` (the partition).
            total = next.ok_or("the counts under an item do not add up to the count above it")?;
        }
    }
}
