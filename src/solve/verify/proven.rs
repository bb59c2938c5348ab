//! Placements the verifier has already found to be copies of their piece, so that a batch
//! printing thousands of answers checks each placement's shape and labels once, not once per
//! answer (UVA 211: 2596 maps of 28 bones, from a few hundred placements a layout).
//!
//! Answers borrow a placement's cells from where the lowering or the engine keeps them, so
//! the same placement comes back at the same address: that address finds the entry, and the
//! cells themselves, kept in a copy, are compared before the entry is trusted. Whether cells
//! are a copy of a piece depends only on the piece, the cells and the model, so a hit gives
//! the answer the full check would.
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// Cells kept at most (8 MiB): past this, placements are checked in full every time.
const MAX_CELLS: usize = 1 << 20;

#[derive(Default)]
pub(super) struct Proven {
    /// (piece, address and length of its cells) → where the copy of the cells starts.
    seen: HashMap<(usize, usize, usize), usize, BuildHasherDefault<AddressHasher>>,
    cells: Vec<usize>,
}

impl Proven {
    pub(super) fn contains(&self, piece: usize, cells: &[usize]) -> bool {
        self.seen
            .get(&(piece, cells.as_ptr() as usize, cells.len()))
            // Compared in a loop: a call to `memcmp` for a few cells cost more.
            .is_some_and(|&at| self.cells[at..at + cells.len()].iter().zip(cells).all(|(a, b)| a == b))
    }

    pub(super) fn insert(&mut self, piece: usize, cells: &[usize]) {
        if self.cells.len() + cells.len() > MAX_CELLS {
            return;
        }
        self.seen.insert((piece, cells.as_ptr() as usize, cells.len()), self.cells.len());
        self.cells.extend_from_slice(cells);
    }
}

/// A multiply–rotate hash of a few words (as rustc's FxHash): the keys are addresses and
/// small numbers, and the default SipHash would cost more than the check it saves.
#[derive(Default)]
struct AddressHasher(u64);

impl Hasher for AddressHasher {
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.write_usize(b as usize));
    }

    fn write_usize(&mut self, n: usize) {
        self.0 = (self.0.rotate_left(5) ^ n as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
