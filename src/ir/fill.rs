//! Filling a grid with values under "each value at most / exactly once" regions, as plain
//! data: the shape of sudoku of any size, Sudoku X, jigsaw sudoku and Latin squares.
//!
//! This is the same problem that `fill` lowers to exact cover (one primary item per cell, one
//! item per (region, value)), kept in its own terms so that an engine can hold each cell's
//! candidates as one bitmask. Cells are dense indices `0..cells` (the board's cells that are
//! not holes, in reading order); values are indices `0..values`.

/// The most values a cell can take in this form: one bit each in a `u64`.
pub const MAX_VALUES: usize = 64;

/// The regions of a filled grid: everything but the givens, so one instance's structure
/// can be reused for the next when only the givens change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FillShape {
    /// Number of cells.
    pub cells: usize,
    /// Number of values, `1..=MAX_VALUES`.
    pub values: usize,
    /// Region `r` is `region_cells[region_start[r]..region_start[r + 1]]`, cells distinct.
    pub region_start: Vec<u32>,
    pub region_cells: Vec<u32>,
    /// `true`: the region holds each value exactly once (and has exactly `values` cells);
    /// `false`: at most once.
    pub region_exact: Vec<bool>,
}

impl FillShape {
    pub fn regions(&self) -> usize {
        self.region_exact.len()
    }

    /// The cells of region `r`.
    pub fn region(&self, r: usize) -> &[u32] {
        &self.region_cells[self.region_start[r] as usize..self.region_start[r + 1] as usize]
    }
}
