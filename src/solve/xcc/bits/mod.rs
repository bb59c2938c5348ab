//! The exact-cover matrix as *bitsets*, for problems without colours and with at most
//! [`MAX_ITEMS`] items: each option is a mask over all items, and a search level keeps the
//! list of options still compatible with everything chosen above it.
//!
//! Where dancing links or cells update one list per item of every option hidden, a level
//! here filters its parent's list against the one option tried, an AND per option, and
//! counts the live options of each primary item for the next choice. On small dense
//! matrices (polyominoes, queens, Langford pairs) that is less work per node than
//! maintaining the lists, and there is nothing to undo: a level's list is dropped.
//!
//! Without colours, two options conflict exactly when they share an item, so the options
//! live at a node are its parent's live options disjoint from the option tried, and the
//! search explores the same tree as Algorithm C on the same matrix. (With colours, a
//! shared secondary item needs a colour comparison; on Tetravex that made this engine
//! several times slower than dancing cells, so coloured problems do not come here.)

pub(super) mod search;

use crate::ir::xcc::XccProblem;

/// The most items (primary and secondary) a problem may have to run on bitsets.
pub(super) const MAX_ITEMS: usize = 256;

/// A set of items, `W` 64-bit words.
pub(super) type Mask<const W: usize> = [u64; W];

#[inline(always)]
fn and<const W: usize>(a: &Mask<W>, b: &Mask<W>) -> Mask<W> {
    std::array::from_fn(|w| a[w] & b[w])
}

#[inline(always)]
fn any<const W: usize>(a: &Mask<W>) -> bool {
    a.iter().fold(0, |acc, w| acc | w) != 0
}

#[inline(always)]
fn has<const W: usize>(a: &Mask<W>, k: u32) -> bool {
    a[(k / 64) as usize] >> (k % 64) & 1 != 0
}

fn with<const W: usize>(mut a: Mask<W>, k: usize) -> Mask<W> {
    a[k / 64] |= 1 << (k % 64);
    a
}

/// The options of a problem as masks. Options without a primary item are left out, as in
/// Knuth's programs (they could never be chosen).
#[derive(Clone, Debug)]
pub(super) struct Bits<const W: usize> {
    pub n_primary: u32,
    /// The primary items, as a mask.
    pub primary: Mask<W>,
    /// Per option, its items.
    pub items: Vec<Mask<W>>,
    /// The IR option id of each option kept.
    pub opt_id: Vec<u32>,
}

impl<const W: usize> Bits<W> {
    /// Lays out a valid problem without colours whose primary items are all `1..1` and
    /// which has at most `64 · W` items.
    pub fn new(p: &XccProblem) -> Bits<W> {
        debug_assert!(p.items.len() <= 64 * W);
        let np = p.n_primary;
        let mut b = Bits { n_primary: np as u32, primary: (0..np).fold([0; W], with), items: Vec::new(), opt_id: Vec::new() };
        for o in 0..p.option_count() {
            let entries = &p.option_items[p.option_start[o] as usize..p.option_start[o + 1] as usize];
            if !entries.iter().any(|e| (e.item.0 as usize) < np) {
                continue;
            }
            debug_assert!(entries.iter().all(|e| e.colour.0 == 0));
            b.items.push(entries.iter().fold([0; W], |m, e| with(m, e.item.0 as usize)));
            b.opt_id.push(o as u32);
        }
        b
    }
}
