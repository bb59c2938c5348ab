//! Algorithm C's search (TAOCP 7.2.2.1) over sets of options: level l's live options are
//! one bitset, its child's is that bitset minus the options the tried option rules out.
//!
//! The bitsets of all levels sit end to end in one array, and so do their counts of live
//! options per primary item (a child's are its parent's less one per item of each option
//! ruled out), so nothing is undone but the covered flags of the tried option's items. The
//! node counts (with and without forced moves) and the order of the solutions are those of
//! the dancing-cells engine (`tests/node_counts.rs` and `src/solve/xcc/tests.rs` compare
//! them); with forced moves, dead subtrees are left after fewer forced moves (see
//! [`Search::choose`]).

use super::{BLOCK, Sets};
use crate::ir::xcc::OptionId;
use crate::solve::xcc::tally::Tally;
use crate::solve::xcc::{Branching, Flow, Limits, Stats, Stop};

#[derive(Clone, Copy, Debug)]
struct Level {
    /// The item branched on, and the first option not tried yet.
    item: u32,
    next: u32,
    /// The option being tried (`u32::MAX` before the first).
    tried: u32,
}

struct Search<'a, const POPCOUNT: bool> {
    s: &'a Sets,
    /// Level l's live options are `live[l * words..(l + 1) * words]`.
    live: Vec<u64>,
    /// Per primary item, its id while it is uncovered and `u32::MAX` once covered: the low
    /// half of its key in [`Search::pick`], which keeps a covered item from being chosen.
    tag: Vec<u32>,
    uncovered: u32,
    /// Without `POPCOUNT`: level l's count of live options per primary item is
    /// `count[l * n_primary..(l + 1) * n_primary]` (meaningless for covered items).
    count: Vec<u32>,
    /// With `POPCOUNT`: the count of live options per item, `s.lanes` of them (scratch).
    sizes: Vec<u32>,
    levels: Vec<Level>,
    chosen: Vec<OptionId>,
    forced: bool,
    tally: Tally<'a>,
}

/// Runs the search on `s`, compiled for the widest vectors the CPU has: the choice's
/// popcounts over a row of items vectorize (`vpopcntq` with AVX-512, a nibble table with
/// AVX2), and the x86-64 baseline has not even a scalar `popcnt`.
///
/// `popcount` picks how the choice counts each item's live options: by `popcount(live &
/// options(item))` over the words (no bookkeeping; best when a choice rules out many
/// options, as with polyominoes), or by keeping counts per level, decremented for every
/// option ruled out (best when the bitsets are long next to what a choice rules out).
pub(in crate::solve::xcc) fn run(
    s: &Sets,
    popcount: bool,
    limits: &Limits,
    branching: Branching,
    on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
) -> Stats {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        if has!("avx512f") && has!("avx512vpopcntdq") && has!("popcnt") {
            // SAFETY: the CPU has these features, checked just above.
            return unsafe { run_avx512(s, popcount, limits, branching, on_solution) };
        }
        if has!("avx2") && has!("popcnt") {
            // SAFETY: as above.
            return unsafe { run_avx2(s, popcount, limits, branching, on_solution) };
        }
        if has!("popcnt") {
            // SAFETY: as above.
            return unsafe { run_popcnt(s, popcount, limits, branching, on_solution) };
        }
    }
    run_either(s, popcount, limits, branching, on_solution)
}

/// `fn $name`: [`run_either`] compiled with the target features `$features`, one copy of the
/// search per set of features `run` picks from.
macro_rules! compiled_with {
    ($(#[$doc:meta])* $name:ident, $features:literal) => {
        $(#[$doc])*
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $features)]
        unsafe fn $name(
            s: &Sets,
            popcount: bool,
            limits: &Limits,
            branching: Branching,
            on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
        ) -> Stats {
            run_either(s, popcount, limits, branching, on_solution)
        }
    };
}

compiled_with!(
    /// [`run_either`] compiled with AVX-512's `vpopcntq`.
    run_avx512,
    "avx512f,avx512vpopcntdq,popcnt"
);
compiled_with!(
    /// [`run_either`] compiled with AVX2.
    run_avx2,
    "avx2,popcnt"
);
compiled_with!(
    /// [`run_either`] compiled with the `popcnt` instruction.
    run_popcnt,
    "popcnt"
);

/// The search with the counting `popcount` picks (inlined into its callers, so that it is
/// compiled for their target features).
#[inline(always)]
fn run_either(
    s: &Sets,
    popcount: bool,
    limits: &Limits,
    branching: Branching,
    on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
) -> Stats {
    match popcount {
        true => run_here::<true>(s, limits, branching, on_solution),
        false => run_here::<false>(s, limits, branching, on_solution),
    }
}

#[inline(always)]
fn run_here<const POPCOUNT: bool>(
    s: &Sets,
    limits: &Limits,
    branching: Branching,
    on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
) -> Stats {
    let Some(tally) = Tally::new(limits) else { return Tally::refused() };
    let depth = s.n_primary as usize + 1;
    let mut search = Search::<POPCOUNT> {
        s,
        live: vec![0; depth * s.words],
        tag: (0..s.n_primary).collect(),
        uncovered: s.n_primary,
        count: if POPCOUNT { Vec::new() } else { vec![0; depth * s.n_primary as usize] },
        sizes: if POPCOUNT { vec![0; s.lanes] } else { Vec::new() },
        levels: Vec::with_capacity(depth),
        chosen: Vec::with_capacity(depth),
        forced: branching == Branching::ForcedMoves,
        tally,
    };
    let ended = search.solve(on_solution);
    search.tally.finish(ended)
}

impl<const POPCOUNT: bool> Search<'_, POPCOUNT> {
    /// C2–C8. Returns `Err` with the reason when a limit or the callback ends the search.
    #[inline(always)]
    fn solve(&mut self, on_solution: &mut dyn FnMut(&[OptionId]) -> Flow) -> Result<(), Stop> {
        let words = self.s.words;
        let n = self.s.opt_id.len();
        for (w, word) in self.live[..words].iter_mut().enumerate() {
            let left = n.saturating_sub(w * 64).min(64);
            *word = if left == 64 { u64::MAX } else { (1u64 << left) - 1 };
        }
        if !POPCOUNT {
            for i in 0..self.s.n_primary {
                self.count[i as usize] = self.s.options_of(i).iter().map(|w| w.count_ones()).sum();
            }
        }
        'enter: loop {
            let depth = self.levels.len();
            if self.uncovered == 0 {
                // C2. [Enter level l.] Every primary item is covered.
                self.tally.visit(&self.chosen, on_solution)?;
            } else {
                // C3. [Choose i.]
                let (item, size) = self.choose(depth);
                if !(self.forced && size == 1) {
                    self.tally.count_node()?;
                }
                if size > 0 {
                    self.levels.push(Level { item, next: 0, tried: u32::MAX });
                    self.chosen.push(OptionId(0));
                }
            }
            // C5–C8: try the next option of the deepest level, or leave it.
            while let Some(&Level { item, next, tried }) = self.levels.last() {
                let depth = self.levels.len() - 1;
                if tried != u32::MAX {
                    // C6. [Try again.] Uncover the previous try's items.
                    self.set_covered(tried, false);
                }
                let Some(x) = self.next_option(depth, item, next) else {
                    // C8. [Leave level l.]
                    self.levels.pop();
                    self.chosen.pop();
                    continue;
                };
                *self.levels.last_mut().unwrap() = Level { item, next: x + 1, tried: x };
                *self.chosen.last_mut().unwrap() = OptionId(self.s.opt_id[x as usize]);
                // C5. [Try x_l.]
                self.set_covered(x, true);
                self.rule_out(depth, x);
                continue 'enter;
            }
            return Ok(());
        }
    }

    /// The first option at or after `from` among level `depth`'s live options of `item`.
    #[inline(always)]
    fn next_option(&self, depth: usize, item: u32, from: u32) -> Option<u32> {
        let words = self.s.words;
        let live = &self.live[depth * words..(depth + 1) * words];
        let options = self.s.options_of(item);
        let mut w = from as usize / 64;
        let mut mask = if w < words { !0u64 << (from % 64) } else { 0 };
        while w < words {
            let bits = live[w] & options[w] & mask;
            if bits != 0 {
                return Some((w * 64) as u32 + bits.trailing_zeros());
            }
            w += 1;
            mask = !0;
        }
        None
    }

    /// Level `depth + 1`'s live options: level `depth`'s, less those option `x` rules out;
    /// and its counts: level `depth`'s, less one per item of every option ruled out.
    #[inline(always)]
    fn rule_out(&mut self, depth: usize, x: u32) {
        let (s, words, np) = (self.s, self.s.words, self.s.n_primary as usize);
        let (above, below) = self.live.split_at_mut((depth + 1) * words);
        let (parent, child) = (&above[depth * words..], &mut below[..words]);
        // A block of words at a time, kept in a register through all the keys x holds (one
        // pass over the child per key was slower: each pass reloads what the last stored).
        let keys = &s.holds[s.hold_start[x as usize] as usize..s.hold_start[x as usize + 1] as usize];
        for (b, (c, p)) in child.chunks_exact_mut(BLOCK).zip(parent.chunks_exact(BLOCK)).enumerate() {
            let mut block: [u64; BLOCK] = p.try_into().unwrap();
            for &k in keys {
                let out = &s.forbidding[k as usize * words + b * BLOCK..][..BLOCK];
                for (c, o) in block.iter_mut().zip(out) {
                    *c &= !o;
                }
            }
            c.copy_from_slice(&block);
        }
        if POPCOUNT {
            return;
        }
        let (above, below) = self.count.split_at_mut((depth + 1) * np);
        let count = &mut below[..np];
        count.copy_from_slice(&above[depth * np..]);
        for (w, (&p, &c)) in parent.iter().zip(child.iter()).enumerate() {
            let mut gone = p & !c;
            while gone != 0 {
                let y = w * 64 + gone.trailing_zeros() as usize;
                for &i in &s.primaries[s.primary_start[y] as usize..s.primary_start[y + 1] as usize] {
                    count[i as usize] -= 1;
                }
                gone &= gone - 1;
            }
        }
    }

    #[inline(always)]
    fn set_covered(&mut self, x: u32, covered: bool) {
        let s = self.s;
        for &i in &s.primaries[s.primary_start[x as usize] as usize..s.primary_start[x as usize + 1] as usize] {
            self.tag[i as usize] = if covered { u32::MAX } else { i };
        }
        let n = s.primary_start[x as usize + 1] - s.primary_start[x as usize];
        self.uncovered = if covered { self.uncovered - n } else { self.uncovered + n };
    }

    /// C3. The uncovered primary item with the fewest live options, ties to the lowest item
    /// id. Returns (item, size).
    ///
    /// With forced moves taken without a node, the dancing-cells engine takes the lowest
    /// item with at most one option instead, which differs only when some item has none:
    /// then both count one node under it and find no solution (a forced move has one
    /// branch, and an item without options keeps none), and this one skips the forced
    /// moves on the way there.
    #[inline(always)]
    fn choose(&mut self, depth: usize) -> (u32, u32) {
        if !POPCOUNT {
            let np = self.s.n_primary as usize;
            return self.pick(&self.count[depth * np..(depth + 1) * np]);
        }
        // Word by word, each item's live options in that word, over a row of items at a
        // time; words with no live option (most of them, deep in the tree) are skipped.
        let (s, words, lanes) = (self.s, self.s.words, self.s.lanes);
        let live = &self.live[depth * words..(depth + 1) * words];
        let sizes = &mut self.sizes[..lanes];
        sizes.fill(0);
        for (w, &l) in live.iter().enumerate() {
            if l == 0 {
                continue;
            }
            // A flat loop: the compiler vectorizes it along the row (over chunks of a row it
            // would vectorize across chunks, with gathers).
            for (size, &options) in sizes.iter_mut().zip(&s.by_word[w * lanes..(w + 1) * lanes]) {
                *size += (l & options).count_ones();
            }
        }
        self.pick(&self.sizes)
    }

    /// The choice among `sizes` (indexed by primary item, covered ones ignored), as one
    /// minimum over keys `size << 16 | item` (a covered item's key is all ones), which
    /// vectorizes.
    #[inline(always)]
    fn pick(&self, sizes: &[u32]) -> (u32, u32) {
        let best = sizes.iter().zip(&self.tag).map(|(&size, &tag)| size << 16 | tag).min().unwrap_or(u32::MAX) & 0xffff;
        (best, sizes[best as usize])
    }
}
