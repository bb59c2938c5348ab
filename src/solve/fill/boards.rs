//! The fill engine on bitboards, for grids of at most [`MAX_WORDS`] × 64 cells and 64
//! exactly-once regions (sudoku up to 16×16, Sudoku X, jigsaw, Latin squares up to 16×16).
//!
//! The state is turned around from the cell engine's (`search.rs`): per value, one bitset
//! over the cells that may still take it (a placed cell stays in its own value's set only),
//! plus the set of unplaced cells. The rules of the module docs become a few word
//! operations:
//! - placing value `v` on cell `c` clears `c` from every other value's set and `c`'s
//!   region-mates from `v`'s set (one mask per cell): about `values + words` operations
//!   where the cell engine visits each region-mate;
//! - naked singles of the whole grid at once, by counting candidates bit-sliced over the
//!   value sets (a cell in one set is single, a cell in none a dead end);
//! - hidden singles of value `v` in region `r`: `v`'s set within the region's mask holds
//!   one cell (placed there) or none (a dead end). Only regions that do not yet hold `v`
//!   are looked at (one mask of regions per value), and only values whose set lost a cell
//!   since they were last looked at.
//!
//! A value's singles, naked or hidden, are placed together: one union of their
//! region-mates' masks, and a dead end when one of them is a region-mate of another
//! (placed one by one, the second would have lost the value: the same dead end).
//!
//! Both rules remove only what the cell engine removes, and both run to their fixpoint,
//! which does not depend on the order the rules run in (each only shrinks the sets, and
//! what it removes stays removed in any smaller state). So every node has the cell engine's
//! candidates, the choice of cell (fewest candidates, then highest degree, then first) and
//! the order of values are the same, and both engines visit the same tree and report the
//! same solutions in the same order; `tests/fill_engine.rs` checks it, node counts
//! included. The degree is two popcounts per word here: region-mates among the unplaced
//! cells, and among the cells with two candidates (`unplaced` outside `three`).
use super::Grid;
use crate::solve::xcc::{Flow, Limits, Stats, Tally};

/// Cells in at most this many 64-bit words.
pub(super) const MAX_WORDS: usize = 4;

/// The shape as bitsets over the cells (only the first `words` words of each are used).
#[derive(Clone, Debug)]
pub(super) struct Masks {
    words: usize,
    /// Per cell: its region-mates.
    peer: Vec<[u64; MAX_WORDS]>,
    /// Per exactly-once region: its cells.
    region: Vec<[u64; MAX_WORDS]>,
    /// Per cell: the exactly-once regions holding it, as bits.
    cell_regions: Vec<u64>,
    /// Every cell.
    all: [u64; MAX_WORDS],
}

impl Masks {
    /// The masks of `grid`, or `None` when it has too many cells or exactly-once regions.
    pub(super) fn new(grid: &Grid) -> Option<Masks> {
        let n = grid.n;
        let exact = grid.exact_start.len() - 1;
        if n > MAX_WORDS * 64 || exact > 64 {
            return None;
        }
        let words = n.div_ceil(64).max(1);
        let set = |m: &mut [u64; MAX_WORDS], c: usize| m[c / 64] |= 1 << (c % 64);
        let mut peer = vec![[0; MAX_WORDS]; n];
        for (c, m) in peer.iter_mut().enumerate() {
            for &p in grid.peers(c) {
                set(m, p as usize);
            }
        }
        let mut region = vec![[0; MAX_WORDS]; exact];
        let mut cell_regions = vec![0u64; n];
        for (r, m) in region.iter_mut().enumerate() {
            for &c in &grid.exact_cells[grid.exact_start[r] as usize..grid.exact_start[r + 1] as usize] {
                set(m, c as usize);
                cell_regions[c as usize] |= 1 << r;
            }
        }
        let mut all = [0; MAX_WORDS];
        for c in 0..n {
            set(&mut all, c);
        }
        Some(Masks { words, peer, region, cell_regions, all })
    }
}

/// Searches as [`super::solve`] does, on bitboards; `grid.masks` must be `Some`.
#[inline(always)]
pub(super) fn solve(
    grid: &Grid,
    masks: &Masks,
    given: &[Option<u8>],
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[u8]) -> Flow,
) -> Stats {
    // The most common shapes get their number of values as a constant too, so that every
    // loop over the values is unrolled (9×9 sudoku: about 15% fewer instructions).
    match (masks.words, grid.values) {
        (2, 9) => run::<2, 9>(grid, masks, given, limits, on_solution),
        (4, 16) => run::<4, 16>(grid, masks, given, limits, on_solution),
        (1, _) => run::<1, 0>(grid, masks, given, limits, on_solution),
        (2, _) => run::<2, 0>(grid, masks, given, limits, on_solution),
        (3, _) => run::<3, 0>(grid, masks, given, limits, on_solution),
        _ => run::<4, 0>(grid, masks, given, limits, on_solution),
    }
}

/// One level of the search: `sets[v]` the cells that may take value `v`, `sets[values]`
/// the unplaced cells; `done[v]` the exactly-once regions already holding `v`. `dirty[v]`
/// (scratch, not kept per level) holds the regions in which `v`'s set lost a cell since
/// they were last looked at for `v`: the only places a new hidden single of `v` can be.
/// `placed` counts placements, to notice a pass that placed nothing. `NV` is the number of
/// values when known at compile time, 0 when it is `done.len()`.
struct Level<'a, const W: usize, const NV: usize> {
    sets: &'a mut [[u64; W]],
    done: &'a mut [u64],
    dirty: &'a mut [u64],
    placed: u32,
}

#[inline(always)]
fn run<const W: usize, const NV: usize>(
    grid: &Grid,
    m: &Masks,
    given: &[Option<u8>],
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[u8]) -> Flow,
) -> Stats {
    const { assert!(W <= MAX_WORDS) };
    debug_assert!(NV == 0 || NV == grid.values);
    let (n, nv) = (grid.n, if NV == 0 { grid.values } else { NV });
    let Some(mut tally) = Tally::new(limits) else { return Tally::refused() };
    let all: [u64; W] = std::array::from_fn(|i| m.all[i]);
    // Level d is sets[d * (nv + 1)..][..nv + 1] and done[d * nv..][..nv].
    let mut sets: Vec<[u64; W]> = vec![all; nv + 1];
    let mut done: Vec<u64> = vec![0; nv];
    let mut dirty: Vec<u64> = vec![0; nv];
    {
        let mut root = Level::<W, NV> { sets: &mut sets, done: &mut done, dirty: &mut dirty, placed: 0 };
        for (c, g) in given.iter().enumerate() {
            if let Some(g) = *g
                && !root.place(m, g as usize, c)
            {
                return tally.finish(Ok(()));
            }
        }
        // Every region is looked at once, givens or not.
        root.dirty.fill(every(m));
        if !root.propagate(m, &all) {
            return tally.finish(Ok(()));
        }
    }
    let mut values = vec![0u8; n];
    // Per branching level: the cell and the values it has still to try.
    let mut stack: Vec<(u32, u64)> = Vec::new();
    let ended = 'search: loop {
        let depth = stack.len();
        let level = &sets[depth * (nv + 1)..(depth + 1) * (nv + 1)];
        match choose(level, m) {
            None => {
                for (v, set) in level[..nv].iter().enumerate() {
                    for (i, &w) in set.iter().enumerate() {
                        let mut w = w;
                        while w != 0 {
                            values[i * 64 + w.trailing_zeros() as usize] = v as u8;
                            w &= w - 1;
                        }
                    }
                }
                if let Err(stop) = tally.visit(&values, on_solution) {
                    break Err(stop);
                }
            }
            Some(c) => {
                if let Err(stop) = tally.count_node() {
                    break Err(stop);
                }
                let (w, b) = (c / 64, c % 64);
                let mut try_ = 0u64;
                for (v, set) in level[..nv].iter().enumerate() {
                    try_ |= ((set[w] >> b) & 1) << v;
                }
                stack.push((c as u32, try_));
                if sets.len() < (depth + 2) * (nv + 1) {
                    sets.resize((depth + 2) * (nv + 1), [0; W]);
                    done.resize((depth + 2) * nv, 0);
                }
            }
        }
        // The next value of the deepest level that has one left.
        while let Some(top) = stack.last_mut() {
            if top.1 == 0 {
                stack.pop();
                continue;
            }
            let v = top.1.trailing_zeros() as usize;
            top.1 &= top.1 - 1;
            let c = top.0 as usize;
            let d = stack.len();
            let (parent, child) = sets.split_at_mut(d * (nv + 1));
            let child = &mut child[..nv + 1];
            child.copy_from_slice(&parent[(d - 1) * (nv + 1)..]);
            let (parent_done, child_done) = done.split_at_mut(d * nv);
            let child_done = &mut child_done[..nv];
            child_done.copy_from_slice(&parent_done[(d - 1) * nv..]);
            dirty.fill(0);
            let mut level = Level::<W, NV> { sets: child, done: child_done, dirty: &mut dirty, placed: 0 };
            if level.place(m, v, c) && level.propagate(m, &all) {
                continue 'search;
            }
        }
        break Ok(());
    };
    tally.finish(ended)
}

/// The cell to branch on, as the cell engine picks it (see the module docs): among the
/// unplaced cells with the fewest candidates, the first with the highest [`degree`];
/// `None` when every cell is placed.
#[inline(always)]
fn choose<const W: usize>(level: &[[u64; W]], m: &Masks) -> Option<usize> {
    let (sets, unplaced) = level.split_at(level.len() - 1);
    let unplaced = &unplaced[0];
    // At a fixpoint an unplaced cell has two candidates or more: those outside `three`
    // (cells in three sets or more) have two, the fewest possible.
    let (mut one, mut two, mut three) = ([0u64; W], [0u64; W], [0u64; W]);
    for s in sets {
        for i in 0..W {
            three[i] |= two[i] & s[i];
            two[i] |= one[i] & s[i];
            one[i] |= s[i];
        }
    }
    let mut pairs = [0u64; W];
    let (mut any, mut left) = (0, 0);
    for i in 0..W {
        pairs[i] = unplaced[i] & !three[i];
        any |= pairs[i];
        left |= unplaced[i];
    }
    if left == 0 {
        return None;
    }
    let fewest = if any != 0 {
        pairs
    } else {
        // No cell with two: count the candidates of every unplaced cell.
        let (mut least, mut fewest) = (u32::MAX, [0u64; W]);
        for (i, &u) in unplaced.iter().enumerate() {
            let mut u = u;
            while u != 0 {
                let b = u.trailing_zeros();
                u &= u - 1;
                let k: u32 = sets.iter().map(|s| ((s[i] >> b) & 1) as u32).sum();
                if k < least {
                    least = k;
                    fewest = [0; W];
                }
                if k == least {
                    fewest[i] |= 1 << b;
                }
            }
        }
        fewest
    };
    let mut best = (0, None);
    for (i, &f) in fewest.iter().enumerate() {
        let mut f = f;
        while f != 0 {
            let c = i * 64 + f.trailing_zeros() as usize;
            f &= f - 1;
            let d = degree(&m.peer[c], unplaced, &pairs);
            if best.1.is_none() || d > best.0 {
                best = (d, Some(c));
            }
        }
    }
    best.1
}

/// A cell's degree: its unplaced region-mates, those with two candidates counted twice.
#[inline(always)]
fn degree<const W: usize>(peer: &[u64; MAX_WORDS], unplaced: &[u64; W], pairs: &[u64; W]) -> u32 {
    let mut d = 0;
    for i in 0..W {
        d += (peer[i] & unplaced[i]).count_ones() + (peer[i] & pairs[i]).count_ones();
    }
    d
}

impl<const W: usize, const NV: usize> Level<'_, W, NV> {
    /// The number of values.
    #[inline(always)]
    fn nv(&self) -> usize {
        if NV == 0 { self.done.len() } else { NV }
    }

    /// Places value `v` on cell `c`; false when `c` can no longer take `v`.
    #[inline(always)]
    fn place(&mut self, m: &Masks, v: usize, c: usize) -> bool {
        let nv = self.nv();
        let (w, b) = (c / 64, c % 64);
        let bit = 1u64 << b;
        if self.sets[v][w] & bit == 0 {
            return false;
        }
        // Every other value that `c` could take loses it in `c`'s regions.
        let here = m.cell_regions[c];
        for (s, d) in self.sets[..nv].iter_mut().zip(self.dirty[..nv].iter_mut()) {
            *d |= here & ((s[w] >> b) & 1).wrapping_neg();
            s[w] &= !bit;
        }
        // `v` leaves `c`'s region-mates, which may dirty any region (finding which ones
        // cell by cell cost more time than looking at them all, in mispredicted branches).
        let peer = &m.peer[c];
        let s = &mut self.sets[v];
        for i in 0..W {
            s[i] &= !peer[i];
        }
        s[w] |= bit;
        self.dirty[v] = every(m);
        self.sets[nv][w] &= !bit;
        self.done[v] |= here;
        self.placed += 1;
        true
    }

    /// Places value `v` on every cell of `cells` (unplaced cells that can take it) at once:
    /// `v` leaves their region-mates, and, unless `singles` (cells whose only candidate is
    /// `v`), every other value leaves them. False when two of them share a region (placing
    /// one by one, the second would have lost `v`: the same dead end, found sooner).
    #[inline(always)]
    fn place_all<const SINGLES: bool>(&mut self, m: &Masks, v: usize, cells: &[u64; W]) -> bool {
        let nv = self.nv();
        let (mut peers, mut here) = ([0u64; W], 0u64);
        for (i, &w) in cells.iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let c = i * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                let p = &m.peer[c];
                for j in 0..W {
                    peers[j] |= p[j];
                }
                here |= m.cell_regions[c];
            }
        }
        let mut clash = 0;
        for i in 0..W {
            clash |= peers[i] & cells[i];
            self.sets[v][i] &= !peers[i];
            self.sets[nv][i] &= !cells[i];
        }
        if clash != 0 {
            return false;
        }
        if !SINGLES {
            // The other values these cells could take lose them: the regions of all the
            // cells are marked for those values, a superset of those that lost a cell
            // (looking at more regions than needed changes nothing but time). Without
            // branches: `v` loses the cells too and gets them back, and the regions it is
            // marked in are those it now holds, never looked at.
            for (s, d) in self.sets[..nv].iter_mut().zip(self.dirty[..nv].iter_mut()) {
                let mut lost = 0;
                for i in 0..W {
                    lost |= s[i] & cells[i];
                    s[i] &= !cells[i];
                }
                // Without a branch: which values lose the cells is not predictable.
                *d |= std::hint::select_unpredictable(lost != 0, here, 0);
            }
            for (s, &c) in self.sets[v].iter_mut().zip(cells) {
                *s |= c;
            }
        }
        self.dirty[v] = every(m);
        self.done[v] |= here;
        self.placed += 1;
        true
    }

    /// Runs naked and hidden singles to their fixpoint; false on a dead end.
    #[inline(always)]
    fn propagate(&mut self, m: &Masks, all: &[u64; W]) -> bool {
        loop {
            if !self.naked_singles(m, all) {
                return false;
            }
            let before = self.placed;
            for v in 0..self.nv() {
                let regions = std::mem::take(&mut self.dirty[v]) & !self.done[v];
                if regions != 0 && !self.hidden_singles(m, v, regions) {
                    return false;
                }
            }
            // Only a placement dirties a region: none, and the fixpoint is reached.
            if self.placed == before {
                return true;
            }
        }
    }

    /// Places every cell with one candidate until none is left, a value's singles at once;
    /// false on a cell with none.
    #[inline(always)]
    fn naked_singles(&mut self, m: &Masks, all: &[u64; W]) -> bool {
        let nv = self.nv();
        loop {
            let (mut one, mut two) = ([0u64; W], [0u64; W]);
            for s in &self.sets[..nv] {
                for i in 0..W {
                    two[i] |= one[i] & s[i];
                    one[i] |= s[i];
                }
            }
            let mut single = [0u64; W];
            let mut any = 0;
            for i in 0..W {
                if all[i] & !one[i] != 0 {
                    return false;
                }
                single[i] = one[i] & !two[i] & self.sets[nv][i];
                any |= single[i];
            }
            if any == 0 {
                return true;
            }
            for v in 0..nv {
                let mut cells = [0u64; W];
                let mut any = 0;
                for i in 0..W {
                    cells[i] = single[i] & self.sets[v][i];
                    any |= cells[i];
                }
                if any != 0 && !self.place_all::<true>(m, v, &cells) {
                    return false;
                }
            }
        }
    }

    /// Hidden singles of value `v` in `regions` (exactly-once regions not yet holding it),
    /// placed together; false when one of them has no cell left for `v`.
    #[inline(always)]
    fn hidden_singles(&mut self, m: &Masks, v: usize, mut regions: u64) -> bool {
        let set = self.sets[v];
        let mut found = [0u64; W];
        while regions != 0 {
            let r = regions.trailing_zeros() as usize;
            regions &= regions - 1;
            debug_assert!(r < m.region.len());
            // SAFETY: `regions` holds bits of `dirty`, which only ever gets bits of
            // `every(m)` and of `cell_regions`, all below `m.region.len()`.
            let cells = unsafe { m.region.get_unchecked(r) };
            let mut x = [0u64; W];
            let mut count = 0;
            for i in 0..W {
                x[i] = set[i] & cells[i];
                count += x[i].count_ones();
            }
            if count <= 1 {
                if count == 0 {
                    return false;
                }
                for i in 0..W {
                    found[i] |= x[i];
                }
            }
        }
        // A cell found already placed holds `v` (placed cells stay in their own value's set
        // only), and its regions hold `v`: none of them was looked at.
        if found.iter().any(|&w| w != 0) {
            return self.place_all::<false>(m, v, &found);
        }
        true
    }
}

/// Every exactly-once region, as bits.
#[inline(always)]
fn every(m: &Masks) -> u64 {
    let r = m.region.len();
    if r == 64 { u64::MAX } else { (1 << r) - 1 }
}
