//! Compact state keys and the transposition table.
//!
//! A state is packed into a fixed-length key (1, 2, 4 or 8 bits per on-board cell, the least
//! that holds every value the problem can produce), hashed with an Fx-style multiply hash,
//! and stored in an open-addressing table whose keys live in one flat arena. Entries are
//! numbered in insertion order, which the breadth-first search uses as its queue.

use crate::ir::moves::{Effect, MoveProblem, Operand, Value};

/// The largest value any reachable state can hold: values come from the initial grid or from
/// `Set` constants; copies and swaps only move them around, rules only empty cells. With
/// computed values, the largest value a cell may hold.
pub fn max_value(p: &MoveProblem) -> Value {
    let counters = p.counters.iter().map(|c| c.hi).max().unwrap_or(0);
    // Computed values: anything a cell may hold.
    if p.moves.iter().flat_map(|m| &m.effects).any(|e| matches!(e, Effect::Compute { .. })) {
        return p.allowed.iter().rposition(|&a| a).map_or(0, |v| v as Value).max(counters);
    }
    let consts = p.moves.iter().flat_map(|m| &m.effects).filter_map(|e| match e {
        Effect::Set { value: Operand::Const(v), .. } | Effect::SetGroup { value: Operand::Const(v), .. } => Some(*v),
        _ => None,
    });
    p.initial.iter().copied().chain(consts).max().unwrap_or(0).max(counters)
}

pub struct Packer {
    /// log2 of the bits per cell.
    shift: u32,
    cells: Vec<u32>,
    /// Every cell of the grid is on the board (`cells[i] == i`).
    dense: bool,
    pub klen: usize,
}

impl Packer {
    pub fn new(p: &MoveProblem) -> Self {
        let max = max_value(p);
        let shift = match max {
            0..=1 => 0,
            2..=3 => 1,
            4..=15 => 2,
            _ => 3,
        };
        // The board's cells, then the counters (which are always "on").
        let cells: Vec<u32> = (0..p.on_board.len() as u32)
            .filter(|&c| p.on_board[c as usize])
            .chain(p.grid_len() as u32..p.state_len() as u32)
            .collect();
        let klen = (cells.len() << shift).div_ceil(8);
        let dense = cells.len() == p.state_len() && !cells.is_empty();
        Packer { shift, cells, dense, klen: klen.max(1) }
    }

    pub fn pack(&self, s: &[Value], out: &mut [u8]) {
        if self.dense {
            // Every cell on the board: no indirection, whole bytes at a time.
            match self.shift {
                3 => return out.copy_from_slice(s),
                2 => {
                    let mut pairs = s.chunks_exact(2);
                    for (o, p) in out.iter_mut().zip(&mut pairs) {
                        *o = p[0] | p[1] << 4;
                    }
                    if let [last] = pairs.remainder() {
                        out[s.len() / 2] = *last;
                    }
                    return;
                }
                _ => {}
            }
        }
        out.fill(0);
        for (i, &c) in self.cells.iter().enumerate() {
            let bit = (i as u32) << self.shift;
            out[(bit / 8) as usize] |= s[c as usize] << (bit % 8);
        }
    }

    /// Inverse of `pack` on the on-board cells; off-board cells are left as they are (empty).
    pub fn unpack(&self, key: &[u8], s: &mut [Value]) {
        let mask = ((1u32 << (1 << self.shift)) - 1) as u8;
        for (i, &c) in self.cells.iter().enumerate() {
            let bit = (i as u32) << self.shift;
            s[c as usize] = (key[(bit / 8) as usize] >> (bit % 8)) & mask;
        }
    }
}

/// Fx-style hash (rustc's FxHasher): rotate, xor a word, multiply. The multiply pushes the
/// entropy into the high bits, which is why the table indexes by the top bits.
pub fn hash(key: &[u8]) -> u64 {
    const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;
    let mut h: u64 = key.len() as u64;
    let mut chunks = key.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes(c.try_into().unwrap());
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    if !rest.is_empty() {
        let mut buf = [0u8; 8];
        buf[..rest.len()].copy_from_slice(rest);
        h = (h.rotate_left(5) ^ u64::from_le_bytes(buf)).wrapping_mul(K);
    }
    // One more round so short keys' last word also reaches the top bits well.
    (h.rotate_left(26) ^ h).wrapping_mul(K)
}

pub struct Table {
    klen: usize,
    /// 0 = free; otherwise `(hash >> 32) << 32 | (entry + 1)`: the high half rejects most
    /// mismatches without touching the key arena.
    slots: Vec<u64>,
    bits: u32,
    keys: Vec<u8>,
    vals: Vec<u64>,
    max_entries: usize,
    /// The bytes the table may hold (keys, values and slots, counting the slot array's
    /// doubling and `extra` bytes per entry that the caller keeps beside it).
    max_bytes: usize,
    extra: usize,
    full: bool,
}

/// Entries are numbered in 32 bits (the low half of a slot).
const MAX_IDS: usize = u32::MAX as usize - 1;

impl Table {
    /// A table that grows as entries arrive, up to `max_entries` entries and `max_bytes` of
    /// memory, counting `extra` bytes per entry that the caller keeps in its own arrays.
    pub fn new(klen: usize, max_entries: usize, max_bytes: usize, extra: usize) -> Self {
        let bits = 10;
        let max_entries = max_entries.clamp(1, MAX_IDS);
        Table {
            klen,
            slots: vec![0; 1 << bits],
            bits,
            keys: Vec::new(),
            vals: Vec::new(),
            max_entries,
            max_bytes,
            extra,
            full: false,
        }
    }

    /// The bytes held now: slots, the key arena and values as allocated, and the caller's
    /// per-entry extra.
    pub fn bytes(&self) -> usize {
        self.slots.len() * 8 + self.keys.capacity() + self.vals.capacity() * 8 + self.vals.len() * self.extra
    }

    /// Whether one more entry fits: the arrays that would have to grow for it, grown, stay
    /// within the budget (a growing slot array briefly holds the old one too).
    fn room_for_one(&self) -> bool {
        let n = self.vals.len();
        if n >= self.max_entries {
            return false;
        }
        let mut bytes = self.bytes() + self.extra;
        if (n + 1) * 2 > self.slots.len() {
            bytes += self.slots.len() * 8 * 2;
        }
        if self.vals.len() == self.vals.capacity() {
            bytes += self.grown(self.vals.capacity(), 1) * 8 - self.vals.capacity() * 8;
        }
        if self.keys.len() + self.klen > self.keys.capacity() {
            bytes += self.grown(self.keys.capacity(), self.klen) - self.keys.capacity();
        }
        // The growth itself must also fit the process: its own limits, beside what the
        // rest of the run holds (`--memory` may ask for more than `ulimit -v` allows).
        bytes <= self.max_bytes && crate::lower::meter::process_room_for(bytes.saturating_sub(self.bytes()))
    }

    /// The capacity an arena of `cap` grows to when it needs `more`: double, at least 1024.
    fn grown(&self, cap: usize, more: usize) -> usize {
        (cap * 2).max(cap + more).max(1024)
    }

    pub fn len(&self) -> usize {
        self.vals.len()
    }

    /// Whether the last insert was refused: at the entry cap or the memory budget.
    pub fn is_full(&self) -> bool {
        self.full
    }

    pub fn key(&self, id: usize) -> &[u8] {
        &self.keys[id * self.klen..(id + 1) * self.klen]
    }

    pub fn val(&self, id: usize) -> u64 {
        self.vals[id]
    }

    pub fn set_val(&mut self, id: usize, v: u64) {
        self.vals[id] = v;
    }

    /// Entry id of `key`, or `Err(slot)` with the free slot where it would go.
    fn probe(&self, key: &[u8], h: u64) -> Result<usize, usize> {
        let mask = (1usize << self.bits) - 1;
        let tag = h & !0xffff_ffff;
        let mut i = (h >> (64 - self.bits)) as usize;
        loop {
            let s = self.slots[i];
            if s == 0 {
                return Err(i);
            }
            if s & !0xffff_ffff == tag {
                let id = (s & 0xffff_ffff) as usize - 1;
                if self.key(id) == key {
                    return Ok(id);
                }
            }
            i = (i + 1) & mask;
        }
    }

    pub fn find(&self, key: &[u8], h: u64) -> Option<usize> {
        self.probe(key, h).ok()
    }

    /// Inserts a new key (the caller has checked it is absent); `None` when the table is at
    /// its entry cap or its memory budget, or the system refused the memory to grow (the
    /// table is then full, and the search says so: exit 5, never an abort).
    pub fn insert(&mut self, key: &[u8], h: u64, val: u64) -> Option<usize> {
        if !self.room_for_one() || self.try_insert(key, h, val).is_err() {
            self.full = true;
            return None;
        }
        Some(self.vals.len() - 1)
    }

    /// Every growth is through `try_reserve`, so a refused allocation is an error here.
    fn try_insert(&mut self, key: &[u8], h: u64, val: u64) -> Result<(), std::collections::TryReserveError> {
        // Keep the load at most 1/2: linear probing stays short.
        if (self.vals.len() + 1) * 2 > self.slots.len() {
            self.grow()?;
        }
        let slot = self.probe(key, h).expect_err("insert of a present key");
        let id = self.vals.len();
        // Grow the arenas by hand so that what `room_for_one` counted is what is allocated.
        if self.vals.len() == self.vals.capacity() {
            self.vals.try_reserve_exact(self.grown(self.vals.capacity(), 1) - self.vals.len())?;
        }
        if self.keys.len() + self.klen > self.keys.capacity() {
            self.keys.try_reserve_exact(self.grown(self.keys.capacity(), self.klen) - self.keys.len())?;
        }
        self.keys.extend_from_slice(key);
        self.vals.push(val);
        self.slots[slot] = (h & !0xffff_ffff) | (id as u64 + 1);
        Ok(())
    }

    /// Doubles the slot array and places every entry again; on a refused allocation the
    /// table is left as it was.
    fn grow(&mut self) -> Result<(), std::collections::TryReserveError> {
        let mut slots = Vec::new();
        slots.try_reserve_exact(1 << (self.bits + 1))?;
        slots.resize(1 << (self.bits + 1), 0);
        self.bits += 1;
        self.slots = slots;
        let mask = (1usize << self.bits) - 1;
        for id in 0..self.vals.len() {
            let h = hash(self.key(id));
            let mut i = (h >> (64 - self.bits)) as usize;
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = (h & !0xffff_ffff) | (id as u64 + 1);
        }
        Ok(())
    }
}
