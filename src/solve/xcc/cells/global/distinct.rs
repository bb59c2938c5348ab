//! `Global::Distinct` on dancing cells (`lower/distinct.rs`: Binairo's "no two rows are the
//! same"): no two lines hold equal labels position by position. After every choice each node
//! is read from its item's live options: *decided* (every live option gives it one label) or
//! *open*. A line with no open node is *complete*; a line with exactly one open node, at
//! position i, is *nearly complete*. Then, until nothing changes:
//! 1. two complete lines with equal labels reject;
//! 2. a nearly complete line A, open at i, whose other positions equal those of a complete
//!    line B, must differ from B at i: A's node there loses B's label (its options with that
//!    label are removed; none left rejects).
//!
//! Pairs of lines with two open positions between them are left alone: each could still make
//! them differ, so nothing follows from the pair alone. On a complete assignment every line is
//! complete and 1 rejects exactly the assignments with two equal lines, so the search reports
//! exactly the solutions; 2 only removes options that would make two lines equal.
//!
//! Both rules find their pairs by hashing rather than by comparing every two lines: a line's
//! hash is the exclusive or of one mixed word per (position, label), so the hash of a complete
//! line with position i *masked* (its label there replaced by a mark) is its own hash changed
//! at one term, in O(1). Complete lines sorted by hash meet their equals; nearly complete lines
//! sorted by their masked hash are looked up from each complete line at each position where
//! some nearly complete line is open. Equal hashes are confirmed label by label. A pass is
//! O(nodes · options per node + lines · log lines): a thousand rows cost what reading the
//! cells costs, not a million pair comparisons.
use super::super::{Cells, get};
use crate::ir::xcc::{Area, NO_LABEL, NO_NODE, OptionId};

/// A node whose live options carry two labels or more.
const OPEN: u32 = u32::MAX - 1;
/// The label of a position without a node (a hole): equal only to itself.
const HOLE: u32 = u32::MAX - 2;
/// The label a masked position is hashed with.
const MASK: u32 = u32::MAX - 3;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::solve::xcc) struct Lines {
    /// Per node, its item.
    item: Vec<u32>,
    /// Per option of the layout, its label (`NO_LABEL` when it has none).
    label_of: Vec<u32>,
    /// Line l is `lines[l * len..(l + 1) * len]`: nodes, `NO_NODE` at a hole.
    len: usize,
    lines: Vec<u32>,
    // Scratch, kept between calls.
    /// Per node: its label when decided, else `OPEN`.
    det: Vec<u32>,
    /// Per line: its hash (open positions masked), and its one open position (`u32::MAX`:
    /// none; `u32::MAX - 1`: two or more).
    hash: Vec<u64>,
    open_at: Vec<u32>,
    /// (hash, line) of the complete lines, and (masked hash, line) of the nearly complete.
    complete: Vec<(u64, u32)>,
    near: Vec<(u64, u32)>,
    /// The positions where some nearly complete line is open.
    positions: Vec<u32>,
    position_seen: Vec<bool>,
}

const NONE_OPEN: u32 = u32::MAX;
const MANY_OPEN: u32 = u32::MAX - 1;

impl Lines {
    pub fn new(area: &Area, labels: &[(OptionId, u32)], len: u32, lines: &[u32], layout: &[u32], c: &Cells) -> Lines {
        let mut label_of = vec![NO_LABEL; c.opt_id.len()];
        for &(o, l) in labels {
            let k = layout[o.0 as usize];
            if k != u32::MAX {
                label_of[k as usize] = l;
            }
        }
        let len = len as usize;
        let count = lines.len().checked_div(len).unwrap_or(0);
        Lines {
            item: area.node_item.iter().map(|i| i.0).collect(),
            label_of,
            len,
            lines: lines.to_vec(),
            det: vec![OPEN; area.nodes()],
            hash: vec![0; count],
            open_at: vec![NONE_OPEN; count],
            complete: Vec::with_capacity(count),
            near: Vec::with_capacity(count),
            positions: Vec::with_capacity(len),
            position_seen: vec![false; len],
        }
    }

    fn line(&self, l: usize) -> &[u32] {
        &self.lines[l * self.len..(l + 1) * self.len]
    }

    /// The label at position i of line l: a node's decided label, `OPEN`, or `HOLE`.
    fn at(&self, l: usize, i: usize) -> u32 {
        match self.lines[l * self.len + i] {
            NO_NODE => HOLE,
            v => self.det[v as usize],
        }
    }

    /// After a choice: false when two lines are (or are forced to be) the same.
    pub fn propagate(&mut self, c: &mut Cells) -> bool {
        loop {
            match self.pass(c) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// One round of the two rules on states read afresh: `None` rejects, `Some(changed)`
    /// says whether an option was removed.
    fn pass(&mut self, c: &mut Cells) -> Option<bool> {
        self.read(c)?;
        self.hash_lines();
        // Rule 1: complete lines of equal hash, compared label by label.
        self.complete.sort_unstable();
        let mut from = 0;
        while from < self.complete.len() {
            let mut to = from + 1;
            while to < self.complete.len() && self.complete[to].0 == self.complete[from].0 {
                to += 1;
            }
            for a in from..to {
                for b in a + 1..to {
                    let (x, y) = (self.complete[a].1 as usize, self.complete[b].1 as usize);
                    if (0..self.len).all(|i| self.at(x, i) == self.at(y, i)) {
                        return None;
                    }
                }
            }
            from = to;
        }
        // Rule 2: each complete line, masked at each position where a nearly complete line is
        // open, looked up among the nearly complete lines' masked hashes.
        if self.near.is_empty() {
            return Some(false);
        }
        self.near.sort_unstable();
        let mut changed = false;
        for k in 0..self.complete.len() {
            let (h, b) = (self.complete[k].0, self.complete[k].1 as usize);
            for p in 0..self.positions.len() {
                let i = self.positions[p] as usize;
                let label = self.at(b, i);
                let masked = h ^ mix(i, label) ^ mix(i, MASK);
                let first = self.near.partition_point(|&(m, _)| m < masked);
                for n in first..self.near.len() {
                    let (m, a) = self.near[n];
                    if m != masked {
                        break;
                    }
                    let a = a as usize;
                    if self.open_at[a] as usize != i || (0..self.len).any(|j| j != i && self.at(a, j) != self.at(b, j))
                    {
                        continue;
                    }
                    // `label` is a decided node's label or a hole: a hole in `b` against `a`'s
                    // node there makes the two differ already.
                    let v = self.line(a)[i] as usize;
                    if label != HOLE {
                        match self.remove(c, v, label) {
                            None => return None,
                            Some(removed) => changed |= removed,
                        }
                    }
                }
            }
        }
        Some(changed)
    }

    /// Each node's label when its live options agree on one, else `OPEN`. None when an
    /// active item has no live option left.
    fn read(&mut self, c: &Cells) -> Option<()> {
        for v in 0..self.item.len() {
            let k = self.item[v];
            if !c.active(k) {
                self.det[v] = self.label_of[get(&c.cover_by, k) as usize];
                continue;
            }
            let (base, size) = (get(&c.base, k), c.size(k));
            if size == 0 {
                return None;
            }
            let first = self.label_of[get(&c.nd_opt, get(&c.set, base)) as usize];
            let same =
                (base + 1..base + size).all(|pos| self.label_of[get(&c.nd_opt, get(&c.set, pos)) as usize] == first);
            self.det[v] = if same { first } else { OPEN };
        }
        Some(())
    }

    /// Every line's hash with its open positions masked, its open position, and the lists of
    /// complete and nearly complete lines and of the positions open in the latter.
    fn hash_lines(&mut self) {
        self.complete.clear();
        self.near.clear();
        for &p in &self.positions {
            self.position_seen[p as usize] = false;
        }
        self.positions.clear();
        for l in 0..self.hash.len() {
            let (mut h, mut open) = (0u64, NONE_OPEN);
            for i in 0..self.len {
                let label = self.at(l, i);
                if label == OPEN {
                    open = if open == NONE_OPEN { i as u32 } else { MANY_OPEN };
                    h ^= mix(i, MASK);
                } else {
                    h ^= mix(i, label);
                }
            }
            self.hash[l] = h;
            self.open_at[l] = open;
            match open {
                NONE_OPEN => self.complete.push((h, l as u32)),
                MANY_OPEN => {}
                i => {
                    self.near.push((h, l as u32));
                    if !self.position_seen[i as usize] {
                        self.position_seen[i as usize] = true;
                        self.positions.push(i);
                    }
                }
            }
        }
    }

    /// Removes node `v`'s live options labelled `label`: `Some(true)` if any went, `None` if
    /// the node (or another primary item) was left without options.
    fn remove(&self, c: &mut Cells, v: usize, label: u32) -> Option<bool> {
        let k = self.item[v];
        if !c.active(k) {
            return Some(false);
        }
        let base = get(&c.base, k);
        let (mut at, mut removed) = (base, false);
        while at < base + c.size(k) {
            let x = get(&c.set, at);
            if self.label_of[get(&c.nd_opt, x) as usize] == label {
                removed = true;
                // `remove` swaps the last live node into `at`.
                if !(c.remove(x) & c.hide(x)) {
                    return None;
                }
            } else {
                at += 1;
            }
        }
        Some(removed)
    }
}

/// The hash word of `label` at position `i`: SplitMix64's finaliser (Steele, Lea and Flood
/// 2014) of the pair, so that the exclusive or of a line's words rarely collides.
fn mix(i: usize, label: u32) -> u64 {
    let mut z = ((i as u64) << 32 | label as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
