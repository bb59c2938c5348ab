//! Finished subproblems of the edge-matching search, keyed by what decides their
//! completions: the labels the placed cells expose to the unplaced ones and the copies left
//! of every tile type.
//!
//! Soundness: below a node, a completion puts the copies left on the unplaced cells so that
//! every pair of touching sides matches. Pairs of two placed cells already match; pairs of
//! a placed and an unplaced cell only involve the placed cell's label on that side; pairs
//! of two unplaced cells involve no placed cell. So two nodes with the same copies left and
//! the same exposed labels, side by side (the same cells, as the copies left fix how many
//! cells are placed), have the same completions, and a node's count of completions can
//! stand for any node with the same key. Keys are stored and compared in full; the hash
//! only picks the slot.
//!
//! The table is direct-mapped (a new entry replaces whatever held its slot), so memory is
//! bounded; a slot lost only costs a search again. It starts small and doubles (keeping its
//! entries) while it fills, up to its budget: a short search pays for few pages. It stops looking when almost nothing is
//! found again (tiles all different, many labels), so that hopeless lookups cost little.

/// Bytes the table may use at most (allocated zeroed, so pages only count once written).
const BUDGET: usize = 8 << 20;
/// After this many lookups, the table is switched off if fewer than 1 in `RARE` hit.
const TRIAL: u64 = 1 << 13;
const RARE: u64 = 64;
/// Slots at first.
const FIRST_SLOTS: usize = 1 << 10;

#[derive(Clone, Debug)]
pub struct Memo {
    on: bool,
    key_len: usize,
    mask: usize,
    /// Most slots the budget allows; entries stored since the last doubling.
    max_slots: usize,
    stored: usize,
    /// Per slot: the key's hash with the low bit set (0: empty), its value, its key.
    hashes: Vec<u64>,
    values: Vec<u64>,
    keys: Vec<u16>,
    /// The key being looked up or stored, written by the search.
    pub key: Vec<u16>,
    lookups: u64,
    hits: u64,
}

impl Memo {
    /// A table for keys of `key_len` labels and counts; `on` false makes a table that never
    /// finds or keeps anything.
    pub fn new(key_len: usize, on: bool) -> Memo {
        let per_slot = 16 + 2 * key_len;
        let max_slots = (BUDGET / per_slot).next_power_of_two() / 2;
        let slots = if on { FIRST_SLOTS.min(max_slots) } else { 0 };
        Memo {
            on: on && slots > 0,
            key_len,
            mask: slots.saturating_sub(1),
            max_slots,
            stored: 0,
            hashes: vec![0; slots],
            values: vec![0; slots],
            keys: vec![0; slots * key_len],
            key: vec![0; key_len],
            lookups: 0,
            hits: 0,
        }
    }

    pub fn on(&self) -> bool {
        self.on
    }

    /// The hash of [`Memo::key`] (FxHash-style), never 0.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        let mut h = 0u64;
        for pair in self.key.chunks(4) {
            let mut w = 0u64;
            for (i, &x) in pair.iter().enumerate() {
                w |= (x as u64) << (16 * i);
            }
            h = (h.rotate_left(5) ^ w).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        (h ^ (h >> 29)) | 1
    }

    /// The value stored for [`Memo::key`], whose hash is `h`.
    #[inline(always)]
    pub fn get(&mut self, h: u64) -> Option<u64> {
        self.lookups += 1;
        let slot = (h as usize) & self.mask;
        let found = self.hashes[slot] == h && self.keys[slot * self.key_len..(slot + 1) * self.key_len] == self.key[..];
        if found {
            self.hits += 1;
            return Some(self.values[slot]);
        }
        if self.lookups == TRIAL && self.hits * RARE < self.lookups {
            // Nothing repeats: stop looking, and give the memory back.
            *self = Memo::new(self.key_len, false);
        }
        None
    }

    /// Stores `value` for [`Memo::key`], whose hash is `h`.
    #[inline(always)]
    pub fn put(&mut self, h: u64, value: u64) {
        if self.hashes.is_empty() {
            return;
        }
        self.stored += 1;
        if self.stored > self.hashes.len() / 2 && self.hashes.len() < self.max_slots {
            self.grow();
        }
        let slot = (h as usize) & self.mask;
        self.hashes[slot] = h;
        self.values[slot] = value;
        self.keys[slot * self.key_len..(slot + 1) * self.key_len].copy_from_slice(&self.key);
    }

    /// Doubles the table, keeping every entry (each goes to one of two slots).
    #[cold]
    fn grow(&mut self) {
        let slots = self.hashes.len() * 2;
        let mut bigger = Memo {
            mask: slots - 1,
            hashes: vec![0; slots],
            values: vec![0; slots],
            keys: vec![0; slots * self.key_len],
            key: Vec::new(),
            ..*self
        };
        for slot in (0..self.hashes.len()).filter(|&s| self.hashes[s] != 0) {
            let (h, to) = (self.hashes[slot], (self.hashes[slot] as usize) & bigger.mask);
            bigger.hashes[to] = h;
            bigger.values[to] = self.values[slot];
            bigger.keys[to * self.key_len..(to + 1) * self.key_len]
                .copy_from_slice(&self.keys[slot * self.key_len..(slot + 1) * self.key_len]);
        }
        bigger.key = std::mem::take(&mut self.key);
        bigger.stored = 0;
        *self = bigger;
    }
}
