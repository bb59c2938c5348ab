//! Groups on the played board: the sides a group grows through, and `set group`.
//!
//! A group is the cells holding one value that touch by sides; a wall between two cells
//! (`walls BOARD ...`) cuts the side, so a group never grows across one. Every group the
//! machine finds — `group(x, y) >= k`, `remove group`, `clear groups`, `set group` — grows
//! through [`group_neighbours`].
use super::{Machine, NO_CELL, operand};
use crate::ir::moves::{MoveProblem, Operand, Value};

/// The wall bit of each side, in the order of the machine's neighbour lists (up, down,
/// left, right), and of the side facing back.
const SIDE: [u8; 4] = [1, 4, 8, 2];
const BACK: [u8; 4] = [4, 1, 2, 8];

/// `nbr` (on-board neighbours by side) without the sides a wall cuts, on either cell's side.
pub(super) fn group_neighbours(p: &MoveProblem, nbr: &[[u32; 4]]) -> Vec<[u32; 4]> {
    if p.walls.is_empty() {
        return nbr.to_vec();
    }
    let wall = |c: usize| p.walls.get(c).copied().unwrap_or(0);
    (nbr.iter().enumerate())
        .map(|(c, n)| {
            let mut n = *n;
            for k in 0..4 {
                if n[k] != NO_CELL && (wall(c) & SIDE[k] != 0 || wall(n[k] as usize) & BACK[k] != 0) {
                    n[k] = NO_CELL;
                }
            }
            n
        })
        .collect()
}

impl Machine<'_> {
    /// Stages `set group cell = value`: every cell of the group at `cell` in `s` (the state
    /// before the move; an empty cell's group is its area of empty cells) takes the value.
    pub(super) fn set_group(&mut self, s: &[Value], cell: u32, value: Operand) {
        let v = operand(s, value);
        self.group(s, cell, usize::MAX, true);
        self.writes.extend(self.stack.iter().map(|&c| (c, v)));
    }
}
