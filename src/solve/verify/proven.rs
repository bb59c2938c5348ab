//! Placements the verifier has already found to be copies of their piece, so that a batch
//! printing thousands of answers checks each placement's shape and labels once, not once per
//! answer (UVA 211: 2596 maps of 28 bones, from a few hundred placements a layout).
//!
//! Answers borrow a placement's cells from where the lowering or the engine keeps them, so
//! the same placement comes back at the same address: that address finds the entry, and the
//! cells themselves, kept in a copy, are compared before the entry is trusted. Whether cells
//! are a copy of a piece depends only on the piece, the cells and the model, so a hit gives
//! the answer the full check would.
//!
//! The entries form a small two-way cache (two slots per hash; a new entry takes the first
//! and moves the one there to the second, whose entry is dropped): a miss only costs the
//! full check, and a lookup is a few instructions where a general hash map's took about 75,
//! most of verifying a map of UVA 211. Two ways, because two placements used in every
//! answer that hash alike would otherwise evict each other at every answer.

/// Cells kept at most (8 MiB): past this, placements are checked in full every time.
const MAX_CELLS: usize = 1 << 20;
/// Pairs of slots in the cache: a power of two, well above the placements used by a usual
/// model's answers (UVA 211: about 50 a layout; more only means more misses).
const PAIRS: usize = 1 << 9;

#[derive(Clone, Copy, Default)]
struct Slot {
    piece: usize,
    /// Address of the cells; 0 for an empty slot (no slice of cells lives at address 0).
    addr: usize,
    len: u32,
    /// Where the copy of the cells starts in `cells`.
    at: u32,
}

#[derive(Default)]
pub(super) struct Proven {
    /// Empty until the first entry: a model checked once (a batch of sudokus makes one
    /// verifier per case) never pays for the slots.
    slots: Vec<Slot>,
    cells: Vec<usize>,
}

impl Proven {
    #[inline]
    pub(super) fn contains(&self, piece: usize, cells: &[usize]) -> bool {
        let at = 2 * pair_of(piece, cells);
        let Some(pair) = self.slots.get(at..at + 2) else { return false };
        let addr = cells.as_ptr() as usize;
        pair.iter().any(|slot| {
            slot.addr == addr
                && slot.piece == piece
                && slot.len as usize == cells.len()
                // Compared in a loop: a call to `memcmp` for a few cells cost more.
                && self.cells[slot.at as usize..][..cells.len()].iter().zip(cells).all(|(a, b)| a == b)
        })
    }

    pub(super) fn insert(&mut self, piece: usize, cells: &[usize]) {
        if self.cells.len() + cells.len() > MAX_CELLS {
            return;
        }
        if self.slots.is_empty() {
            self.slots = vec![Slot::default(); 2 * PAIRS];
        }
        let at = self.cells.len() as u32;
        let pair = &mut self.slots[2 * pair_of(piece, cells)..][..2];
        pair[1] = pair[0];
        pair[0] = Slot { piece, addr: cells.as_ptr() as usize, len: cells.len() as u32, at };
        self.cells.extend_from_slice(cells);
    }
}

/// The pair of slots of a placement: a multiply–shift hash of its address and piece, mixed
/// twice (the high bits of a product depend on all the bits below them).
#[inline]
fn pair_of(piece: usize, cells: &[usize]) -> usize {
    let key = (cells.as_ptr() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ piece as u64;
    (key.wrapping_mul(0xd6e8_feb8_6659_fd93) >> (64 - PAIRS.trailing_zeros())) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_was_inserted_and_nothing_else() {
        let store: Vec<Vec<usize>> = (0..3000).map(|i| vec![i, i + 1, i + 7]).collect();
        let mut proven = Proven::default();
        assert!(store.iter().all(|cells| !proven.contains(0, cells)), "an empty cache holds nothing");
        for (i, cells) in store.iter().enumerate().filter(|(i, _)| i % 2 == 0) {
            proven.insert(i % 5, cells);
        }
        let mut hits = 0;
        for (i, cells) in store.iter().enumerate() {
            let found = proven.contains(i % 5, cells);
            // Never a placement that was not inserted, nor one under another piece.
            assert!(!found || i % 2 == 0, "placement {i} was never proven");
            assert!(!proven.contains(i % 5 + 1, cells), "placement {i} under another piece");
            hits += found as usize;
        }
        // 1500 entries in 512 pairs of slots: collisions lose some, many stay.
        assert!(hits > 500, "only {hits} of 1500 entries found");
        // The same cells at another address are not trusted without their own entry; a
        // changed copy at the same address is not found.
        let copy = store[0].clone();
        assert!(!proven.contains(0, &copy));
        let mut moved = store[2].clone();
        proven.insert(2, &moved);
        assert!(proven.contains(2, &moved));
        moved[1] += 1;
        assert!(!proven.contains(2, &moved));
    }
}
