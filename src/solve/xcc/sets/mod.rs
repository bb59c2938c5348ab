//! The exact-cover-with-colours matrix as *sets of options*: the live options of a search
//! level are one bitset over all options, each primary item has the bitset of its options,
//! and each option knows which options it rules out, as a union of a few precomputed sets.
//!
//! Choosing an option is `live & !(ruled out)`, a few words per key; the next choice counts
//! the primary items' live options, with `popcount(live & options(item))` (a row of items
//! at a time, vectorized) or from counts kept per level (see `search::run`). Where
//! dancing cells hide every conflicting option from every list it is in (Tetravex: each
//! placement purifies up to four edges and hides most options of the neighbouring cells),
//! this costs a fixed few thousand word operations per node, so it wins on small matrices
//! with many conflicts per choice, colours included.
//!
//! Conflicts are pairwise: option x rules out option y exactly when they share a primary
//! item, or a secondary item that one uses without a colour, or to which they give different
//! colours. Each item yields *keys*: a primary or uncoloured-only item one key, a secondary
//! item with colours one key for "used without a colour" plus one per colour. An option
//! *holds* keys and *forbids* keys, and x rules out y when x holds a key y forbids:
//!
//! | x's entry for item j | x holds | x forbids |
//! |---|---|---|
//! | primary, or secondary without a colour | every key of j | every key of j |
//! | secondary with colour c | (j, c) | every key of j but (j, c) |
//!
//! So `ruled_out(x)` is the union over the keys x holds of `forbidding(key)`, the options
//! forbidding that key, and the search explores the same tree as Algorithm C.

pub(super) mod search;

use crate::ir::xcc::XccProblem;

/// Items counted together by the choice (a 512-bit vector of words).
pub const LANES: usize = 8;

/// The words of a bitset over the options are a multiple of this (a 256-bit vector), so
/// that ruling options out goes a whole vector at a time.
pub const BLOCK: usize = 4;

/// Can [`Sets`] hold `p`? The choice packs a count of live options and an item id into one
/// `u32` key, 16 bits each (see `search::Search::pick`).
pub fn fits(p: &XccProblem) -> bool {
    p.n_primary < 1 << 16 && p.option_count() < 1 << 16
}

/// The matrix as bitsets over the options kept (options without a primary item are left
/// out, as in Knuth's programs: they could never be chosen).
#[derive(Clone, Debug)]
pub(super) struct Sets {
    pub n_primary: u32,
    /// Words per bitset over the options, a multiple of [`BLOCK`] (the options past the
    /// last are never live).
    pub words: usize,
    /// Item i's options are `item_options[i * words..(i + 1) * words]`, primary items only.
    pub item_options: Vec<u64>,
    /// The primary items rounded up to a multiple of [`LANES`] (the padding items have no
    /// options).
    pub lanes: usize,
    /// The same bitsets by word: word w of item i is `by_word[w * lanes + i]`, so that the
    /// choice counts every item's live options in word w with one pass over a row (which
    /// the compiler vectorizes).
    pub by_word: Vec<u64>,
    /// Per key, the options forbidding it, `words` each.
    pub forbidding: Vec<u64>,
    /// Option o holds the keys `holds[hold_start[o]..hold_start[o + 1]]`.
    pub hold_start: Vec<u32>,
    pub holds: Vec<u32>,
    /// Option o's primary items are `primaries[primary_start[o]..primary_start[o + 1]]`.
    pub primary_start: Vec<u32>,
    pub primaries: Vec<u32>,
    /// The IR option id of each option kept.
    pub opt_id: Vec<u32>,
}

impl Sets {
    /// Lays out a valid problem whose primary items are all `1..1`.
    pub fn new(p: &XccProblem) -> Sets {
        let np = p.n_primary;
        let entries_of = |o: usize| &p.option_items[p.option_start[o] as usize..p.option_start[o + 1] as usize];
        let kept: Vec<usize> =
            (0..p.option_count()).filter(|&o| entries_of(o).iter().any(|e| (e.item.0 as usize) < np)).collect();
        let words = kept.len().div_ceil(64 * BLOCK).max(1) * BLOCK;
        // Keys: item j's first key is `first_key[j]`; a secondary item with colours has its
        // "without a colour" key there, then one per colour in `colours_of[j]`.
        let mut colours_of: Vec<Vec<u32>> = vec![Vec::new(); p.items.len()];
        for &o in &kept {
            for e in entries_of(o) {
                let list = &mut colours_of[e.item.0 as usize];
                if e.colour.0 != 0 && !list.contains(&e.colour.0) {
                    list.push(e.colour.0);
                }
            }
        }
        let mut first_key = Vec::with_capacity(p.items.len() + 1);
        let mut n_keys = 0u32;
        for list in &colours_of {
            first_key.push(n_keys);
            n_keys += 1 + list.len() as u32;
        }
        let keys_of = |j: usize| first_key[j]..first_key[j] + 1 + colours_of[j].len() as u32;
        let colour_key =
            |j: usize, c: u32| first_key[j] + 1 + colours_of[j].iter().position(|&x| x == c).unwrap() as u32;

        let lanes = np.div_ceil(LANES) * LANES;
        let mut s = Sets {
            n_primary: np as u32,
            words,
            item_options: vec![0; np * words],
            lanes,
            by_word: vec![0; words * lanes],
            forbidding: vec![0; n_keys as usize * words],
            hold_start: vec![0],
            holds: Vec::new(),
            primary_start: vec![0],
            primaries: Vec::new(),
            opt_id: Vec::with_capacity(kept.len()),
        };
        let bit = |v: &mut [u64], set: usize, y: usize| v[set * words + y / 64] |= 1 << (y % 64);
        for (y, &o) in kept.iter().enumerate() {
            for e in entries_of(o) {
                let j = e.item.0 as usize;
                if j < np {
                    bit(&mut s.item_options, j, y);
                    s.by_word[y / 64 * lanes + j] |= 1 << (y % 64);
                    s.primaries.push(j as u32);
                }
                if e.colour.0 == 0 {
                    for k in keys_of(j) {
                        bit(&mut s.forbidding, k as usize, y);
                        s.holds.push(k);
                    }
                } else {
                    let mine = colour_key(j, e.colour.0);
                    for k in keys_of(j).filter(|&k| k != mine) {
                        bit(&mut s.forbidding, k as usize, y);
                    }
                    s.holds.push(mine);
                }
            }
            s.hold_start.push(s.holds.len() as u32);
            s.primary_start.push(s.primaries.len() as u32);
            s.opt_id.push(o as u32);
        }
        s
    }

    /// The options of primary item `i`.
    #[inline(always)]
    pub fn options_of(&self, i: u32) -> &[u64] {
        let from = i as usize * self.words;
        &self.item_options[from..from + self.words]
    }
}
