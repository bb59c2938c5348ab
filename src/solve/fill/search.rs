//! Depth-first search over copied candidate arrays, with the propagation rules of the
//! module docs. The candidate masks are as narrow as the values allow (`u16` for up to 16
//! values, as 9×9 and 16×16 sudoku; `u32`; `u64`), so a level's copy is small.
use super::Grid;
use crate::solve::xcc::{Flow, Limits, Stats, Tally};
use std::ops::{BitAnd, BitAndAssign, BitOr, Not};

/// [`super::solve`] on per-cell masks, whatever the grid's size: the engine of grids too
/// large for bitboards, public so that tests can hold the two engines against each other.
pub fn solve_cells(
    grid: &Grid,
    given: &[Option<u8>],
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[u8]) -> Flow,
) -> Stats {
    assert_eq!(given.len(), grid.n, "one given (or none) per cell");
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt") {
        // SAFETY: the CPU has `popcnt`, checked just above.
        return unsafe { solve_popcnt(grid, given, limits, on_solution) };
    }
    solve_any(grid, given, limits, on_solution)
}

/// [`solve_any`] compiled with the `popcnt` instruction (the choice of cell counts the
/// candidates of every cell at every node).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn solve_popcnt(
    grid: &Grid,
    given: &[Option<u8>],
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[u8]) -> Flow,
) -> Stats {
    solve_any(grid, given, limits, on_solution)
}

#[inline(always)]
fn solve_any(grid: &Grid, given: &[Option<u8>], limits: &Limits, on_solution: &mut dyn FnMut(&[u8]) -> Flow) -> Stats {
    match grid.full {
        f if f <= u16::MAX as u64 => run::<u16>(grid, given, limits, on_solution),
        f if f <= u32::MAX as u64 => run::<u32>(grid, given, limits, on_solution),
        _ => run::<u64>(grid, given, limits, on_solution),
    }
}

/// A set of values as bits.
trait Mask: Copy + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + Not<Output = Self> + BitAndAssign {
    const ZERO: Self;
    fn of(bits: u64) -> Self;
    fn count(self) -> u32;
    fn lowest(self) -> Self;
    /// Zero or one value.
    fn at_most_one(self) -> bool;
    fn first(self) -> u32;
}

macro_rules! mask {
    ($t:ty) => {
        impl Mask for $t {
            const ZERO: Self = 0;
            #[inline(always)]
            fn of(bits: u64) -> Self {
                bits as $t
            }
            #[inline(always)]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline(always)]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline(always)]
            fn at_most_one(self) -> bool {
                self & self.wrapping_sub(1) == 0
            }
            #[inline(always)]
            fn first(self) -> u32 {
                self.trailing_zeros()
            }
        }
    };
}
mask!(u16);
mask!(u32);
mask!(u64);

/// `v[i]` without a bounds check. Every cell index the search uses comes from the shape
/// [`Grid::new`] read (peers, region cells: all below `n`, or `new` panics), or is below
/// `n` by construction.
#[inline(always)]
fn at<M: Copy>(v: &[M], i: u32) -> M {
    let i = i as usize;
    debug_assert!(i < v.len());
    // SAFETY: see above.
    unsafe { *v.get_unchecked(i) }
}

/// `v[i] = x` without a bounds check (see [`at`]).
#[inline(always)]
fn put<M>(v: &mut [M], i: u32, x: M) {
    let i = i as usize;
    debug_assert!(i < v.len());
    // SAFETY: see [`at`].
    unsafe { *v.get_unchecked_mut(i) = x }
}

#[inline(always)]
fn run<M: Mask>(
    grid: &Grid,
    given: &[Option<u8>],
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[u8]) -> Flow,
) -> Stats {
    let n = grid.n;
    let Some(mut tally) = Tally::new(limits) else { return Tally::refused() };
    // Level d's candidates are states[d * n..(d + 1) * n].
    let mut states = vec![M::of(grid.full); n.max(1)];
    let mut queue: Vec<u32> = Vec::with_capacity(n);
    // The exactly-once regions to look at for hidden singles: all of them at the root.
    let mut dirty = grid.every_exact.clone();
    for (c, g) in given.iter().enumerate() {
        if let Some(g) = g {
            states[c] = M::of(1 << g);
        }
        if states[c].at_most_one() {
            queue.push(c as u32);
        }
    }
    if !grid.propagate(&mut states[..n], &mut queue, &mut dirty) {
        return tally.finish(Ok(()));
    }
    let mut values = vec![0u8; n];
    // Per branching level: the cell and the values it has still to try.
    let mut stack: Vec<(u32, M)> = Vec::new();
    let ended = 'search: loop {
        let depth = stack.len();
        match grid.choose(&states[depth * n..(depth + 1) * n]) {
            None => {
                for (v, m) in values.iter_mut().zip(&states[depth * n..]) {
                    *v = m.first() as u8;
                }
                if let Err(stop) = tally.visit(&values, on_solution) {
                    break Err(stop);
                }
            }
            Some(c) => {
                if let Err(stop) = tally.count_node() {
                    break Err(stop);
                }
                stack.push((c as u32, states[depth * n + c]));
                if states.len() < (depth + 2) * n {
                    states.resize((depth + 2) * n, M::ZERO);
                }
            }
        }
        // The next value of the deepest level that has one left.
        while let Some(top) = stack.last_mut() {
            if top.1 == M::ZERO {
                stack.pop();
                continue;
            }
            let bit = top.1.lowest();
            top.1 &= !bit;
            let c = top.0;
            let d = stack.len();
            let (parent, child) = states.split_at_mut(d * n);
            let child = &mut child[..n];
            child.copy_from_slice(&parent[(d - 1) * n..]);
            put(child, c, bit);
            queue.clear();
            queue.push(c);
            dirty.copy_from_slice(grid.exact_of(c as usize));
            if grid.propagate(child, &mut queue, &mut dirty) {
                continue 'search;
            }
        }
        break Ok(());
    };
    tally.finish(ended)
}

impl Grid {
    /// Among the cells with the fewest candidates (two or more), the first with the highest
    /// degree: region-mates with two candidates or more, those with two counted twice (the
    /// module docs say why). `None` when every cell has one (a solution).
    #[inline(always)]
    fn choose<M: Mask>(&self, cand: &[M]) -> Option<usize> {
        let mut least = u32::MAX;
        for &m in cand {
            let k = m.count();
            if k > 1 && k < least {
                least = k;
            }
        }
        if least == u32::MAX {
            return None;
        }
        let mut best = (0, None);
        for (c, &m) in cand.iter().enumerate() {
            if m.count() != least {
                continue;
            }
            let mut d = 0;
            for &p in self.peers(c) {
                let k = at(cand, p).count();
                d += (k > 1) as u32 + (k == 2) as u32;
            }
            if best.1.is_none() || d > best.0 {
                best = (d, Some(c));
            }
        }
        best.1
    }

    /// The exactly-once regions holding cell `c`, as bits.
    #[inline(always)]
    fn exact_of(&self, c: usize) -> &[u64] {
        &self.cell_exact[c * self.words..(c + 1) * self.words]
    }

    /// Marks the regions of cell `c` for a look for hidden singles.
    #[inline(always)]
    fn touch(&self, dirty: &mut [u64], c: u32) {
        for (d, r) in dirty.iter_mut().zip(self.exact_of(c as usize)) {
            *d |= r;
        }
    }

    /// Runs the two rules to a fixpoint, starting from the single cells in `queue` (whose
    /// value has not yet been removed from their region-mates) and the regions marked in
    /// `dirty` (which it leaves clear). False on a dead end.
    #[inline(always)]
    fn propagate<M: Mask>(&self, cand: &mut [M], queue: &mut Vec<u32>, dirty: &mut [u64]) -> bool {
        loop {
            if !self.naked_singles(cand, queue, dirty) {
                return false;
            }
            let mut looked = false;
            for w in 0..dirty.len() {
                while dirty[w] != 0 {
                    let r = w * 64 + dirty[w].trailing_zeros() as usize;
                    dirty[w] &= dirty[w] - 1;
                    looked = true;
                    if !self.hidden_singles(r, cand, queue, dirty) {
                        return false;
                    }
                }
            }
            if !looked {
                return true;
            }
        }
    }

    #[inline(always)]
    fn naked_singles<M: Mask>(&self, cand: &mut [M], queue: &mut Vec<u32>, dirty: &mut [u64]) -> bool {
        while let Some(c) = queue.pop() {
            let bit = at(cand, c);
            for &p in self.peers(c as usize) {
                let m = at(cand, p);
                if m & bit != M::ZERO {
                    let m = m & !bit;
                    put(cand, p, m);
                    if m == M::ZERO {
                        return false;
                    }
                    self.touch(dirty, p);
                    if m.at_most_one() {
                        queue.push(p);
                    }
                }
            }
        }
        true
    }

    /// Hidden singles in exactly-once region `r`; false on a dead end (a value no cell can
    /// take, or a cell that alone can take two values).
    #[inline(always)]
    fn hidden_singles<M: Mask>(&self, r: usize, cand: &mut [M], queue: &mut Vec<u32>, dirty: &mut [u64]) -> bool {
        let cells = &self.exact_cells[self.exact_start[r] as usize..self.exact_start[r + 1] as usize];
        let (mut once, mut twice) = (M::ZERO, M::ZERO);
        for &c in cells {
            let m = at(cand, c);
            twice = twice | (once & m);
            once = once | m;
        }
        if once != M::of(self.full) {
            return false;
        }
        let alone = once & !twice;
        if alone == M::ZERO {
            return true;
        }
        for &c in cells {
            let m = at(cand, c);
            let h = m & alone;
            if h != M::ZERO {
                // Two values only this cell can take, even when it has no other candidate.
                if !h.at_most_one() {
                    return false;
                }
                if h != m {
                    put(cand, c, h);
                    queue.push(c);
                    self.touch(dirty, c);
                }
            }
        }
        true
    }
}
