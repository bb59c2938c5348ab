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
#[cfg(target_arch = "x86_64")]
use super::cells::Sse;
use super::cells::{CellSet, Words};
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
    // loop over the values is unrolled (9×9 sudoku: about 15% fewer instructions), and 9×9
    // grids their sets of cells in SSE2 registers.
    match (masks.words, grid.values) {
        #[cfg(target_arch = "x86_64")]
        (2, 9) => run::<Sse, 9>(grid, masks, given, limits, on_solution),
        #[cfg(not(target_arch = "x86_64"))]
        (2, 9) => run::<Words<2>, 9>(grid, masks, given, limits, on_solution),
        (4, 16) => run::<Words<4>, 16>(grid, masks, given, limits, on_solution),
        (1, _) => run::<Words<1>, 0>(grid, masks, given, limits, on_solution),
        (2, _) => run::<Words<2>, 0>(grid, masks, given, limits, on_solution),
        (3, _) => run::<Words<3>, 0>(grid, masks, given, limits, on_solution),
        _ => run::<Words<4>, 0>(grid, masks, given, limits, on_solution),
    }
}

/// [`Masks`] as sets of type `B`, for one search.
struct Shape<'a, B> {
    peer: Vec<B>,
    /// The same as words, for [`degree`].
    peer_words: &'a [[u64; MAX_WORDS]],
    region: Vec<B>,
    /// Per cell: the set of that cell alone.
    cell: Vec<B>,
    cell_regions: &'a [u64],
    all: B,
    /// Every exactly-once region, as bits.
    every: u64,
}

impl<'a, B: CellSet> Shape<'a, B> {
    fn new(m: &'a Masks) -> Self {
        let r = m.region.len();
        let mut one = [0u64; MAX_WORDS];
        let cell = (0..m.peer.len())
            .map(|c| {
                one = [0; MAX_WORDS];
                one[c / 64] = 1 << (c % 64);
                B::from_words(&one)
            })
            .collect();
        Shape {
            peer: m.peer.iter().map(|p| B::from_words(p)).collect(),
            peer_words: &m.peer,
            region: m.region.iter().map(|p| B::from_words(p)).collect(),
            cell,
            cell_regions: &m.cell_regions,
            all: B::from_words(&m.all),
            every: if r == 64 { u64::MAX } else { (1 << r) - 1 },
        }
    }
}

/// One level of the search: `sets[v]` the cells that may take value `v`, `sets[values]`
/// the unplaced cells; `done[v]` the exactly-once regions already holding `v`. `dirty[v]`
/// (scratch, not kept per level) holds the regions in which `v`'s set lost a cell since
/// they were last looked at for `v`: the only places a new hidden single of `v` can be.
/// `placed` counts placements, to notice a pass that placed nothing. `NV` is the number of
/// values when known at compile time, 0 when it is `done.len()`.
struct Level<'a, B, const NV: usize> {
    sets: &'a mut [B],
    done: &'a mut [u64],
    dirty: &'a mut [u64],
    placed: u32,
}

#[inline(always)]
fn run<B: CellSet, const NV: usize>(
    grid: &Grid,
    masks: &Masks,
    given: &[Option<u8>],
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[u8]) -> Flow,
) -> Stats {
    debug_assert!(B::WORDS == masks.words && B::WORDS <= MAX_WORDS);
    debug_assert!(NV == 0 || NV == grid.values);
    let (n, nv) = (grid.n, if NV == 0 { grid.values } else { NV });
    let Some(mut tally) = Tally::new(limits) else { return Tally::refused() };
    let m = &Shape::<B>::new(masks);
    // Level d is sets[d * (nv + 1)..][..nv + 1] and done[d * nv..][..nv].
    let mut sets: Vec<B> = vec![m.all; nv + 1];
    let mut done: Vec<u64> = vec![0; nv];
    let mut dirty: Vec<u64> = vec![0; nv];
    {
        let mut root = Level::<B, NV> { sets: &mut sets, done: &mut done, dirty: &mut dirty, placed: 0 };
        for (c, g) in given.iter().enumerate() {
            if let Some(g) = *g
                && !root.place(m, g as usize, c)
            {
                return tally.finish(Ok(()));
            }
        }
        // Every region is looked at once, givens or not.
        root.dirty.fill(m.every);
        if !root.propagate(m) {
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
                    set.each(|c| values[c] = v as u8);
                }
                if let Err(stop) = tally.visit(&values, on_solution) {
                    break Err(stop);
                }
            }
            Some(c) => {
                if let Err(stop) = tally.count_node() {
                    break Err(stop);
                }
                let mut try_ = 0u64;
                for (v, set) in level[..nv].iter().enumerate() {
                    try_ |= (set.has(c) as u64) << v;
                }
                stack.push((c as u32, try_));
                if sets.len() < (depth + 2) * (nv + 1) {
                    sets.resize((depth + 2) * (nv + 1), B::empty());
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
            let mut level = Level::<B, NV> { sets: child, done: child_done, dirty: &mut dirty, placed: 0 };
            if level.place(m, v, c) && level.propagate(m) {
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
fn choose<B: CellSet>(level: &[B], m: &Shape<B>) -> Option<usize> {
    let (sets, unplaced) = level.split_at(level.len() - 1);
    let unplaced = unplaced[0];
    if unplaced.is_empty() {
        return None;
    }
    // At a fixpoint an unplaced cell has two candidates or more: those outside `three`
    // (cells in three sets or more) have two, the fewest possible.
    let (mut one, mut two, mut three) = (B::empty(), B::empty(), B::empty());
    for &s in sets {
        three |= two & s;
        two |= one & s;
        one |= s;
    }
    let pairs = unplaced.minus(three);
    let fewest = if !pairs.is_empty() {
        pairs
    } else {
        // No cell with two: count the candidates of every unplaced cell.
        let (mut least, mut fewest) = (u32::MAX, [0u64; MAX_WORDS]);
        unplaced.each(|c| {
            let k: u32 = sets.iter().map(|s| s.has(c) as u32).sum();
            if k < least {
                least = k;
                fewest = [0; MAX_WORDS];
            }
            if k == least {
                fewest[c / 64] |= 1 << (c % 64);
            }
        });
        B::from_words(&fewest)
    };
    // Degrees on words: on sets, LLVM packs the four popcounts of a 9×9 degree into a
    // vector popcount of thirty-odd instructions.
    let words = |s: B| -> [u64; MAX_WORDS] { std::array::from_fn(|i| if i < B::WORDS { s.word(i) } else { 0 }) };
    let (u, p) = (words(unplaced), words(pairs));
    // The degree plus one, so that the first cell beats the 0 it starts from.
    let (mut most, mut best) = (0, 0);
    fewest.each(|c| {
        let d = degree::<B>(&m.peer_words[c], &u, &p) + 1;
        if d > most {
            (most, best) = (d, c);
        }
    });
    Some(best)
}

/// A cell's degree: its unplaced region-mates, those with two candidates counted twice.
#[inline(always)]
fn degree<B: CellSet>(peer: &[u64; MAX_WORDS], unplaced: &[u64; MAX_WORDS], pairs: &[u64; MAX_WORDS]) -> u32 {
    let mut d = 0;
    for i in 0..B::WORDS {
        d += (peer[i] & unplaced[i]).count_ones() + (peer[i] & pairs[i]).count_ones();
    }
    d
}

impl<B: CellSet, const NV: usize> Level<'_, B, NV> {
    /// The number of values.
    #[inline(always)]
    fn nv(&self) -> usize {
        if NV == 0 { self.done.len() } else { NV }
    }

    /// Places value `v` on cell `c`; false when `c` can no longer take `v`.
    #[inline(always)]
    fn place(&mut self, m: &Shape<B>, v: usize, c: usize) -> bool {
        let nv = self.nv();
        let bit = m.cell[c];
        if (self.sets[v] & bit).is_empty() {
            return false;
        }
        // Every other value that `c` could take loses it in `c`'s regions.
        let here = m.cell_regions[c];
        for (s, d) in self.sets[..nv].iter_mut().zip(self.dirty[..nv].iter_mut()) {
            *d |= here & (s.has(c) as u64).wrapping_neg();
            *s = s.minus(bit);
        }
        // `v` leaves `c`'s region-mates, which may dirty any region (finding which ones
        // cell by cell cost more time than looking at them all, in mispredicted branches).
        self.sets[v] = self.sets[v].minus(m.peer[c]) | bit;
        self.dirty[v] = m.every;
        self.sets[nv] = self.sets[nv].minus(bit);
        self.done[v] |= here;
        self.placed += 1;
        true
    }

    /// Places value `v` on every cell of `cells` (unplaced cells that can take it) at once:
    /// `v` leaves their region-mates, and, unless `singles` (cells whose only candidate is
    /// `v`), every other value leaves them. False when two of them share a region (placing
    /// one by one, the second would have lost `v`: the same dead end, found sooner).
    #[inline(always)]
    fn place_all<const SINGLES: bool>(&mut self, m: &Shape<B>, v: usize, cells: B) -> bool {
        let nv = self.nv();
        let (mut peers, mut here) = (B::empty(), 0u64);
        cells.each(|c| {
            peers |= m.peer[c];
            here |= m.cell_regions[c];
        });
        self.sets[v] = self.sets[v].minus(peers);
        self.sets[nv] = self.sets[nv].minus(cells);
        if !(peers & cells).is_empty() {
            return false;
        }
        if !SINGLES {
            // The other values these cells could take lose them: the regions of all the
            // cells are marked for those values, a superset of those that lost a cell
            // (looking at more regions than needed changes nothing but time). Without
            // branches: `v` loses the cells too and gets them back, and the regions it is
            // marked in are those it now holds, never looked at.
            for (s, d) in self.sets[..nv].iter_mut().zip(self.dirty[..nv].iter_mut()) {
                let lost = !(*s & cells).is_empty();
                *s = s.minus(cells);
                // Without a branch: which values lose the cells is not predictable.
                *d |= std::hint::select_unpredictable(lost, here, 0);
            }
            self.sets[v] |= cells;
        }
        self.dirty[v] = m.every;
        self.done[v] |= here;
        self.placed += 1;
        true
    }

    /// Runs naked and hidden singles to their fixpoint; false on a dead end.
    #[inline(always)]
    fn propagate(&mut self, m: &Shape<B>) -> bool {
        loop {
            if !self.naked_singles(m) {
                return false;
            }
            let before = self.placed;
            // The values in increasing order, those with regions to look at only; a
            // placement dirties regions of other values, so it asks again for those after.
            let mut values = self.to_look_at();
            while values != 0 {
                let v = values.trailing_zeros() as usize;
                let regions = std::mem::take(&mut self.dirty[v]) & !self.done[v];
                let placed = self.placed;
                if !self.hidden_singles(m, v, regions) {
                    return false;
                }
                values &= values - 1;
                if self.placed != placed {
                    values = self.to_look_at() & !(2u64 << v).wrapping_sub(1);
                }
            }
            // Only a placement dirties a region: none, and the fixpoint is reached.
            if self.placed == before {
                return true;
            }
        }
    }

    /// The values with dirty regions that do not hold them yet, as bits: found without a
    /// branch per value (which ones have some is not predictable).
    #[inline(always)]
    fn to_look_at(&self) -> u64 {
        let nv = self.nv();
        let (dirty, done) = (&self.dirty[..nv], &self.done[..nv]);
        let mut values = 0;
        for v in 0..nv {
            values |= ((dirty[v] & !done[v] != 0) as u64) << v;
        }
        values
    }

    /// Places every cell with one candidate until none is left, a value's singles at once;
    /// false on a cell with none.
    #[inline(always)]
    fn naked_singles(&mut self, m: &Shape<B>) -> bool {
        let nv = self.nv();
        loop {
            let (mut one, mut two) = (B::empty(), B::empty());
            for &s in &self.sets[..nv] {
                two |= one & s;
                one |= s;
            }
            if !m.all.minus(one).is_empty() {
                return false;
            }
            let single = one.minus(two) & self.sets[nv];
            if single.is_empty() {
                return true;
            }
            // The values that have singles, without a branch per value (which ones do is
            // not predictable); placing one value's singles changes no other value's set.
            let mut values = 0u64;
            for (v, &s) in self.sets[..nv].iter().enumerate() {
                values |= (!(single & s).is_empty() as u64) << v;
            }
            while values != 0 {
                let v = values.trailing_zeros() as usize;
                values &= values - 1;
                if !self.place_all::<true>(m, v, single & self.sets[v]) {
                    return false;
                }
            }
        }
    }

    /// Hidden singles of value `v` in `regions` (exactly-once regions not yet holding it),
    /// placed together; false when one of them has no cell left for `v`.
    #[inline(always)]
    fn hidden_singles(&mut self, m: &Shape<B>, v: usize, mut regions: u64) -> bool {
        let set = self.sets[v];
        let mut found = B::empty();
        while regions != 0 {
            let r = regions.trailing_zeros() as usize;
            regions &= regions - 1;
            debug_assert!(r < m.region.len());
            // SAFETY: `regions` holds bits of `dirty`, which only ever gets bits of
            // `m.every` and of `cell_regions`, all below `m.region.len()`.
            let x = set & *unsafe { m.region.get_unchecked(r) };
            let count = x.count();
            if count <= 1 {
                if count == 0 {
                    return false;
                }
                found |= x;
            }
        }
        // A cell found already placed holds `v` (placed cells stay in their own value's set
        // only), and its regions hold `v`: none of them was looked at.
        if !found.is_empty() {
            return self.place_all::<false>(m, v, found);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    //! The portable build of this engine: CPUs without AVX2 run it, and the tests of
    //! `tests/fill_engine.rs` go through `boards_avx2` on machines that have it. Held
    //! against the per-cell engine (same solutions in the same order, same nodes) on
    //! sudoku 4×4, 9×9 (SSE2 sets and plain words) and 16×16 with random givens.
    use super::*;
    use crate::ir::fill::FillShape;
    use crate::solve::fill::solve_cells;

    /// Sudoku with boxes of `b` × `b` cells: rows, columns, boxes, each exactly once.
    fn sudoku(b: usize) -> FillShape {
        let n = b * b;
        let (mut start, mut cells) = (vec![0u32], Vec::new());
        let regions: [&dyn Fn(usize, usize) -> usize; 3] =
            [&|r, i| r * n + i, &|c, i| i * n + c, &|x, i| (x / b * b + i / b) * n + x % b * b + i % b];
        for region in regions {
            for r in 0..n {
                cells.extend((0..n).map(|i| region(r, i) as u32));
                start.push(cells.len() as u32);
            }
        }
        FillShape { cells: n * n, values: n, region_start: start, region_cells: cells, region_exact: vec![true; 3 * n] }
    }

    /// Each cell of a valid grid kept as a given with probability `keep` / 100.
    fn givens(b: usize, keep: u64, seed: &mut u64) -> Vec<Option<u8>> {
        let n = b * b;
        (0..n * n)
            .map(|c| {
                *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let (r, col) = (c / n, c % n);
                ((*seed >> 33) % 100 < keep).then_some(((b * (r % b) + r / b + col) % n) as u8)
            })
            .collect()
    }

    type Engine = fn(&Grid, &Masks, &[Option<u8>], &Limits, &mut dyn FnMut(&[u8]) -> Flow) -> Stats;

    fn run_on(engine: Engine, grid: &Grid, given: &[Option<u8>]) -> (Vec<Vec<u8>>, u64) {
        let limits = Limits { max_solutions: Some(50), ..Limits::default() };
        let mut out = Vec::new();
        let stats = engine(grid, grid.masks.as_ref().unwrap(), given, &limits, &mut |v| {
            out.push(v.to_vec());
            Flow::Continue
        });
        (out, stats.nodes)
    }

    #[test]
    fn the_portable_build_walks_the_cell_engines_tree() {
        let cells: Engine = |grid, _, given, limits, f| solve_cells(grid, given, limits, f);
        let words: Engine = |grid, masks, given, limits, f| run::<Words<2>, 9>(grid, masks, given, limits, f);
        let mut seed = 14;
        let (mut solutions, mut nodes) = (0, 0);
        for (b, keep, grids) in [(2, 20, 50), (3, 30, 60), (3, 45, 60), (4, 55, 4)] {
            let grid = Grid::new(&sudoku(b));
            for _ in 0..grids {
                let given = givens(b, keep, &mut seed);
                let expected = run_on(cells, &grid, &given);
                assert_eq!(run_on(solve, &grid, &given), expected, "box {b}, givens {given:?}");
                if b == 3 {
                    assert_eq!(run_on(words, &grid, &given), expected, "box 3 on words, givens {given:?}");
                }
                solutions += expected.0.len();
                nodes += expected.1;
            }
        }
        // Enough work to mean something: several solutions per grid, branching.
        assert!(solutions > 1000 && nodes > 1000, "{solutions} solutions, {nodes} nodes");
    }
}
