//! The fill engine: a grid's candidates as one bitmask per cell, for problems of the form
//! [`FillShape`] (sudoku of any size, Sudoku X, jigsaw, Latin squares).
//!
//! It finds the same solutions as exact cover on the matrix `fill` lowers to, in another
//! order and with another tree: each cell keeps the set of values it may still take, and
//! after every choice two sound rules run to a fixpoint —
//! - *naked single*: a cell with one candidate left removes it from every cell sharing a
//!   region with it (each region holds a value at most once);
//! - *hidden single*: in a region holding each value exactly once, a value that only one
//!   cell can still take goes to that cell; a value no cell can take, or two values that
//!   only one cell can take, is a dead end;
//!
//! Each rule only removes values that no solution below this node gives to that cell, so
//! the solutions below a node are those of its children, which partition them by the value
//! of the branching cell: every solution is found exactly once. A leaf is a solution when
//! every cell has one candidate: each became single at some point and then removed its
//! value from every region-mate, so no region holds a value twice; and an exactly-once
//! region of `values` distinct-valued cells holds every value.
//!
//! Branching is on a cell with the fewest candidates (2 or more), trying its values in
//! increasing order. Among those cells it takes the first with the highest *degree*: its
//! region-mates still undecided (two candidates or more), those with exactly two counted
//! twice. Placing a value removes it from every region-mate, so such a cell's choice
//! decides the most, and on hard 9×9 puzzles the tree shrinks by 40% (hard1000: 171,614
//! branching cells → 103,244; twenty minimal 16×16 puzzles: 90,278 → about 19,000). The
//! choice of cell cannot affect soundness: its values partition the solutions below the
//! node whichever cell it is. A level's state is a copy of the candidates (a few hundred bytes
//! for 9×9), so backtracking is free; nothing is allocated while searching apart from the
//! first visit of a new depth.
//!
//! Two engines hold the candidates: per value, a bitset over the cells (`boards.rs`, grids
//! of up to 256 cells and 64 exactly-once regions: 16×16 sudoku and smaller; the bitsets
//! are words or, for 9×9 grids, SSE2 registers: `cells.rs`), and per cell,
//! a bitmask over the values (`search.rs`, any size). They reach the same fixpoint at every
//! node and choose the cell by the same rule, so they visit the same tree: the per-cell
//! engine is the check of the other.
mod boards;
mod cells;
mod search;

use crate::ir::fill::FillShape;
use crate::solve::xcc::{Flow, Limits, Stats};

pub use search::solve_cells;

/// Searches `grid` with the given values (`given[c]`: a value index below the shape's
/// `values`), calling `on_solution` with each solution's value per cell until the search is
/// exhausted, a limit is hit or the callback stops it. [`Stats::nodes`] counts branching
/// cells (cells tried with two or more candidates).
///
/// Grids of up to 256 cells and 64 exactly-once regions run on bitboards (`boards.rs`),
/// larger ones on per-cell masks ([`solve_cells`]); both visit the same tree.
pub fn solve(grid: &Grid, given: &[Option<u8>], limits: &Limits, on_solution: &mut dyn FnMut(&[u8]) -> Flow) -> Stats {
    assert_eq!(given.len(), grid.n, "one given (or none) per cell");
    let Some(masks) = &grid.masks else {
        return solve_cells(grid, given, limits, on_solution);
    };
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
        && std::arch::is_x86_feature_detected!("bmi2")
        && std::arch::is_x86_feature_detected!("avx2")
    {
        // SAFETY: the CPU has all four, checked just above.
        return unsafe { boards_avx2(grid, masks, given, limits, on_solution) };
    }
    boards::solve(grid, masks, given, limits, on_solution)
}

/// [`boards::solve`] compiled with `popcnt` (hidden singles count cells), BMI1 and BMI2
/// (lowest set bits, shifts) and AVX2. AVX gives the SSE2 operations on 9×9 sets of cells
/// (`cells.rs`) their three-operand forms and turns their emptiness tests into `vptest`,
/// and AVX2 lets LLVM do the four words of a 16×16 set at once: on 100 hard 9×9 puzzles
/// 71.4 M instructions against 61.1 M (whole process, callgrind), on twenty minimal 16×16
/// puzzles 349 M against 227 M. CPUs without them (before Haswell, AMD before Excavator)
/// take the portable build of the same code.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,bmi2,avx,avx2")]
unsafe fn boards_avx2(
    grid: &Grid,
    masks: &boards::Masks,
    given: &[Option<u8>],
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[u8]) -> Flow,
) -> Stats {
    boards::solve(grid, masks, given, limits, on_solution)
}

/// A [`FillShape`] prepared for search: who shares a region with whom, and the
/// exactly-once regions. Depends only on the shape, so one
/// `Grid` serves every instance of a batch with the same regions.
#[derive(Clone, Debug)]
pub struct Grid {
    n: usize,
    values: usize,
    full: u64,
    /// Cell `c`'s region-mates (distinct, without `c`): `peers[peer_start[c]..peer_start[c + 1]]`.
    peer_start: Vec<u32>,
    peers: Vec<u32>,
    /// The cells of each exactly-once region, end to end.
    exact_start: Vec<u32>,
    exact_cells: Vec<u32>,
    /// Per cell, `words` words: the bits of the exactly-once regions holding it (numbered
    /// in `exact_start` order), to mark the regions whose hidden singles may have changed.
    words: usize,
    cell_exact: Vec<u64>,
    /// Every exactly-once region, as bits.
    every_exact: Vec<u64>,
    /// The same as bitsets over the cells, when the grid is small enough for `boards.rs`.
    masks: Option<boards::Masks>,
}

impl Grid {
    pub fn new(shape: &FillShape) -> Grid {
        let n = shape.cells;
        let full = if shape.values == 64 { u64::MAX } else { (1u64 << shape.values) - 1 };
        // The regions of each cell.
        let mut regions_of: Vec<Vec<u32>> = vec![Vec::new(); n];
        for r in 0..shape.regions() {
            for &c in shape.region(r) {
                regions_of[c as usize].push(r as u32);
            }
        }
        let mut mark = vec![usize::MAX; n];
        let (mut peer_start, mut peers) = (vec![0u32], Vec::new());
        for c in 0..n {
            mark[c] = c;
            for &r in &regions_of[c] {
                for &p in shape.region(r as usize) {
                    if mark[p as usize] != c {
                        mark[p as usize] = c;
                        peers.push(p);
                    }
                }
            }
            peers[peer_start[c] as usize..].sort_unstable();
            peer_start.push(peers.len() as u32);
        }
        let (mut exact_start, mut exact_cells) = (vec![0u32], Vec::new());
        let exact = shape.region_exact.iter().filter(|&&e| e).count();
        let words = exact.div_ceil(64).max(1);
        let mut cell_exact = vec![0u64; n * words];
        for a in (0..shape.regions()).filter(|&a| shape.region_exact[a]) {
            let k = exact_start.len() - 1;
            for &c in shape.region(a) {
                cell_exact[c as usize * words + k / 64] |= 1 << (k % 64);
            }
            exact_cells.extend_from_slice(shape.region(a));
            exact_start.push(exact_cells.len() as u32);
        }
        let mut every_exact = vec![0u64; words];
        for k in 0..exact {
            every_exact[k / 64] |= 1 << (k % 64);
        }
        let mut grid = Grid {
            n,
            values: shape.values,
            full,
            peer_start,
            peers,
            exact_start,
            exact_cells,
            words,
            cell_exact,
            every_exact,
            masks: None,
        };
        grid.masks = boards::Masks::new(&grid);
        grid
    }
    fn peers(&self, c: usize) -> &[u32] {
        &self.peers[self.peer_start[c] as usize..self.peer_start[c + 1] as usize]
    }
}
