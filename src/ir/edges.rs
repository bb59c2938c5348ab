//! Square tiles with labelled edges on a board, every touching pair of edges showing the
//! same label (`tiles ... with edges ...`, `place`, `match edges`), as plain data: the shape
//! of Tetravex and of edge-matching puzzles with or without turning the tiles.
//!
//! This is the problem that `place` lowers to exact cover with colours (one item per cell,
//! one per tile with its count, one coloured secondary item per pair of touching cells),
//! kept in its own terms so that an engine can fill the board cell by cell and treat
//! identical tiles as one tile type with a count.

/// Labels and cells are small dense indices; `NONE` marks "no such cell".
pub const NONE: u32 = u32::MAX;

/// An edge-matching problem: every cell gets one tile, every tile copy is used once, and
/// two cells sharing a side show the same label on it. Sides on the border (or next to a
/// hole) are free.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EdgeShape {
    /// Board width, to find neighbours.
    pub cols: usize,
    /// The board position (row × cols + col) of each cell, in reading order.
    pub pos: Vec<u32>,
    /// Per cell: the cell above it and the cell to its left, or [`NONE`].
    pub up: Vec<u32>,
    pub left: Vec<u32>,
    /// Number of distinct labels: labels are `0..labels`.
    pub labels: usize,
    /// Copies of each tile type; their sum is the number of cells.
    pub count: Vec<u32>,
    /// Every way a tile type may lie (one per distinct orientation): its type and its
    /// labels as `[top, right, bottom, left]`.
    pub oriented: Vec<(u32, [u16; 4])>,
}

impl EdgeShape {
    pub fn cells(&self) -> usize {
        self.pos.len()
    }

    /// Per cell: the cell below it and the cell to its right, or [`NONE`].
    pub fn down_right(&self) -> (Vec<u32>, Vec<u32>) {
        let n = self.cells();
        let (mut down, mut right) = (vec![NONE; n], vec![NONE; n]);
        for k in 0..n {
            if self.up[k] != NONE {
                down[self.up[k] as usize] = k as u32;
            }
            if self.left[k] != NONE {
                right[self.left[k] as usize] = k as u32;
            }
        }
        (down, right)
    }
}
