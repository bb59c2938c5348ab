//! Branching by weights (`XccProblem::weighted`), as Knuth's SSXCC does with weights after
//! Boussemart, Hemery, Lecoutre and Sais (ECAI 2004, "dom/wdeg"): every primary item has a
//! weight, raised each time a try fails on it, and the search branches on the item with the
//! least live options per weight, unless some item has at most one option (a forced move
//! or a dead end is taken first, as plain MRV takes it).
//!
//! A try fails on the primary item it leaves with no option (`Cells::remove` notes it), or,
//! when a global constraint rejects it without emptying an item, on the item branched on.
//! The raise grows by [`GROWTH`] after each failure (as a SAT solver's activities grow,
//! Moskewicz et al. 2001), so recent failures count for more; weights and raise are scaled
//! down together before they leave the range of `f64`, which keeps their ratios.
//!
//! Why it pays on pencil puzzles: their items are mostly cells with two or three options,
//! so plain MRV meets long runs of ties and takes the first in reading order, wandering far
//! from where the rules bite. Weights move the search to the cells whose choices keep
//! failing — next to the clues and the fragments already fixed. On the hard rows of
//! docs/performance.md ("Issue 23's targets") the nodes fell from 849,210 to a few hundred
//! (Akari 14×24) and from 1,236,394 to about 20,000 (Slitherlink 20×36).
//!
//! The choice depends only on the problem and the search so far, so a run is repeatable.
//! Whether a node is counted is unchanged: [`Branching`](crate::solve::xcc::Branching)
//! decides that as for MRV.

/// How much the raise grows after each failure. 1.0 is Knuth's plain weighting. On the hard
/// rows of issue 23's table (docs/performance.md), 1.1 and 1.2 did best of 1.0, 1.05, 1.1,
/// 1.2, 1.5 and 2.0, and on 42 puzzlekit-dataset puzzles of seven genres 1.1 and 1.2 were
/// close and both ahead of 1.0 (which loses Slitherlink 14×24 and Masyu 20×36 ones).
const GROWTH: f64 = 1.1;
/// Weights are scaled down by this when the raise passes its inverse.
const SCALE: f64 = 1e-100;

#[derive(Clone, Debug, PartialEq)]
pub(in crate::solve::xcc) struct Weights {
    /// Per item (by id), its weight; all start at 1.
    weight: Vec<f64>,
    /// What the next failure adds.
    raise: f64,
}

impl Weights {
    pub fn new(items: usize) -> Weights {
        Weights { weight: vec![1.0; items], raise: 1.0 }
    }

    /// A try failed on item `k`.
    pub fn fail(&mut self, k: u32) {
        self.weight[k as usize] += self.raise;
        self.raise *= GROWTH;
        if self.raise > 1.0 / SCALE {
            // An item that has not failed for long may reach the floor: it then ranks by
            // its size among the others there.
            self.weight.iter_mut().for_each(|w| *w = (*w * SCALE).max(f64::MIN_POSITIVE));
            self.raise *= SCALE;
        }
    }

    /// Among `items` with live option counts `sizes` (none at most 1), the one of least
    /// size per weight, ties to the lowest id. Returns (item, size).
    /// `sizes` must not be empty.
    pub fn choose(&self, sizes: &[u32], items: &[u32]) -> (u32, u32) {
        // s / w < bs / bw, multiplied out (weights are positive, and products of sizes
        // with weights stay within range).
        let (mut bs, mut bk) = (f64::from(sizes[0]), items[0]);
        let mut bw = self.weight[bk as usize];
        for (&s, &k) in sizes.iter().zip(items).skip(1) {
            let (s, w) = (f64::from(s), self.weight[k as usize]);
            let (lhs, rhs) = (s * bw, bs * w);
            if lhs < rhs || (lhs == rhs && k < bk) {
                (bs, bk, bw) = (s, k, w);
            }
        }
        (bk, bs as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::Weights;

    #[test]
    fn failures_move_the_choice_and_ties_go_to_the_lowest_id() {
        let mut w = Weights::new(4);
        // Items 3, 1, 2 with sizes 2, 2, 3: a tie of 2 / 1 goes to item 1.
        assert_eq!(w.choose(&[2, 2, 3], &[3, 1, 2]), (1, 2));
        // Item 2 failed twice (weight 1 + 1 + 1.1): 3 / 3.1 beats 2 / 1.
        w.fail(2);
        w.fail(2);
        assert_eq!(w.choose(&[2, 2, 3], &[3, 1, 2]), (2, 3));
    }

    #[test]
    fn scaling_keeps_the_order() {
        let mut w = Weights::new(2);
        w.fail(0);
        for _ in 0..5000 {
            w.fail(1);
        }
        assert!(w.raise.is_finite() && w.weight.iter().all(|x| x.is_finite() && *x > 0.0));
        assert_eq!(w.choose(&[2, 2], &[0, 1]), (1, 2));
    }
}
