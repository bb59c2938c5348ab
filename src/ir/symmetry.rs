//! Symmetries of a move problem: permutations of the board's cells under which the concrete
//! moves, the goal, the rules, the walls and the costs are the same (derived by
//! `lower::move_symmetry`, where the argument is). Positions that one of them maps onto each
//! other are one position to a search that only asks whether, and how soon, the goal can be
//! reached: a sequence of moves from one is mapped, move by move, to a sequence from the
//! other that is as long and ends in a goal too.
//!
//! The engines key their tables by a position's **canonical image**, the least (in the order
//! of its cells' values, cell by cell) of its images under the group, and remember which
//! element made it, so that they can go on from the position itself: the moves they print are
//! the real ones from the real start.

use super::moves::{CellIx, Value};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Symmetry {
    /// The group's elements but the identity: `maps[g][c]` is the state cell that cell `c`
    /// goes to. Cells off the board and counters go to themselves.
    pub maps: Vec<Vec<CellIx>>,
    /// `inverses[g]` is the inverse of `maps[g]`: `inverses[g][maps[g][c]] == c`.
    pub inverses: Vec<Vec<CellIx>>,
    /// How `--stats` and `--emit moves` name the group: its order and its elements.
    pub name: String,
}

impl Symmetry {
    /// The number of elements, the identity included.
    pub fn order(&self) -> usize {
        self.maps.len() + 1
    }

    /// Writes into `out` the least of `s`'s images (the image under element `g` holds
    /// `s[c]` in cell `maps[g][c]`) and returns which element made it: 0 the identity, `g + 1`
    /// `maps[g]`. Of equal images the first element's is taken.
    pub fn canonical(&self, s: &[Value], out: &mut [Value]) -> usize {
        // The image under g reads cell x from s[inverses[g][x]]; compare lazily.
        let mut best = 0usize;
        for g in 0..self.maps.len() {
            let inv = &self.inverses[g];
            for x in 0..s.len() {
                let a = s[inv[x] as usize];
                let b = if best == 0 { s[x] } else { s[self.inverses[best - 1][x] as usize] };
                if a != b {
                    if a < b {
                        best = g + 1;
                    }
                    break;
                }
            }
        }
        match best {
            0 => out.copy_from_slice(s),
            g => {
                for (x, o) in out.iter_mut().enumerate() {
                    *o = s[self.inverses[g - 1][x] as usize];
                }
            }
        }
        best
    }

    /// Undoes [`Symmetry::canonical`]: writes into `out` the position whose image under
    /// element `g` (as it returned) is `image`.
    pub fn undo(&self, g: usize, image: &[Value], out: &mut [Value]) {
        match g {
            0 => out.copy_from_slice(image),
            g => {
                for (c, o) in out.iter_mut().enumerate() {
                    *o = image[self.maps[g - 1][c] as usize];
                }
            }
        }
    }
}
