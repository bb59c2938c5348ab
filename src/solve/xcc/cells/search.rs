//! Algorithm C's search (TAOCP 7.2.2.1, steps C1–C8) over dancing cells.
//!
//! Per level the search keeps the position of the option being tried in its branching
//! item's slice (frozen and sorted: the item is inactive below), and two points to return
//! to: before the item was covered (to leave the level) and after (before each try).
//! Returning is writing back the sizes on the trail and the two active counts.
//!
//! A try that empties a primary item's set stops at once, but still counts the node that
//! Algorithm C would have entered and left at once, so node counts equal the `dlx` crate's.

use super::Cells;
use crate::ir::xcc::OptionId;
use crate::solve::xcc::tally::Tally;
use crate::solve::xcc::{Branching, Flow, Limits, Stats, Stop};

/// What to write back to return to a point of the search.
#[derive(Clone, Copy, Debug, Default)]
struct Mark {
    trail: u32,
    npa: u32,
    nsa: u32,
}

#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// Next and end positions in `set` of the branching item's options.
    next: u32,
    end: u32,
    /// The state before the level covered its item, and after.
    before: Mark,
    covered: Mark,
}

struct Search<'a> {
    c: &'a mut Cells,
    levels: Vec<Level>,
    chosen: Vec<OptionId>,
    forced: bool,
    tally: Tally<'a>,
}

/// Runs the search on `c`. When it ends with [`Stop::Exhausted`], `c` holds the same sets
/// as before (each item's live options, possibly in another order).
pub(in crate::solve::xcc) fn run(
    c: &mut Cells,
    limits: &Limits,
    branching: Branching,
    on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
) -> Stats {
    let Some(tally) = Tally::new(limits) else { return Tally::refused() };
    let mut s = Search {
        levels: Vec::with_capacity(c.np as usize + 1),
        chosen: Vec::with_capacity(c.np as usize + 1),
        c,
        forced: branching == Branching::ForcedMoves,
        tally,
    };
    let ended = s.solve(on_solution);
    s.tally.finish(ended)
}

impl Search<'_> {
    /// C2–C8. Returns `Err` with the reason when a limit or the callback ends the search.
    fn solve(&mut self, on_solution: &mut dyn FnMut(&[OptionId]) -> Flow) -> Result<(), Stop> {
        'enter: loop {
            // C2. [Enter level l.]
            if self.c.npa == 0 {
                self.tally.visit(&self.chosen, on_solution)?;
            } else {
                // C3. [Choose i.]
                let (i, size) = choose(self.c, self.forced);
                if !(self.forced && size == 1) {
                    self.tally.count_node()?;
                }
                if size > 0 {
                    // C4. [Cover i.]
                    let (next, end) = self.c.sort_options(i);
                    let before = self.mark();
                    self.c.new_try();
                    self.c.cover(i);
                    let covered = self.mark();
                    self.levels.push(Level { next, end, before, covered });
                    self.chosen.push(OptionId(0));
                }
            }
            // C5–C8: try the next option of the deepest level, or leave it.
            while let Some(level) = self.levels.last_mut() {
                let Level { next, end, before, covered } = *level;
                if next == end {
                    // C8. [Leave level l.] (uncovering i on the way)
                    self.reset(before);
                    self.levels.pop();
                    self.chosen.pop();
                    continue;
                }
                level.next = next + 1;
                // C6. [Try again.] Undo the previous try of this level (a no-op on the first).
                self.reset(covered);
                // C5. [Try x_l.]
                let x = self.c.set[next as usize];
                *self.chosen.last_mut().unwrap() = OptionId(self.c.opt_id[self.c.nd_opt[x as usize] as usize]);
                self.c.new_try();
                self.c.emptied = u32::MAX;
                if self.c.commit(x) && self.c.propagate() {
                    continue 'enter;
                }
                if let Some(w) = &mut self.c.weights {
                    // The item left empty, or (a global constraint's rejection) the one
                    // branched on.
                    let failed = if self.c.emptied != u32::MAX { self.c.emptied } else { self.c.nd_item[x as usize] };
                    w.fail(failed);
                }
                // Some primary item has no option left: Algorithm C would enter level l + 1,
                // choose that item and fail there at once.
                self.tally.count_node()?;
            }
            return Ok(());
        }
    }

    fn mark(&self) -> Mark {
        Mark { trail: self.c.trail.len() as u32, npa: self.c.npa, nsa: self.c.nsa }
    }

    fn reset(&mut self, m: Mark) {
        self.c.undo(m.trail as usize);
        (self.c.npa, self.c.nsa) = (m.npa, m.nsa);
    }
}

/// C3. [Choose i.] The active primary item with the fewest live options, ties to the
/// lowest item id (the active array is in no particular order). With forced moves, an item
/// with at most one option is taken as soon as a block of the scan shows one. With weights
/// (`weights.rs`), an item with at most one option is taken first too, and otherwise the
/// one of least options per weight. Returns (item, size).
///
/// The sizes are scanned in blocks of 16 over a dense array (vector instructions); only
/// the block where the choice lies, and the items of least size, are looked at one by one.
#[inline]
pub(in crate::solve::xcc) fn choose(c: &Cells, forced: bool) -> (u32, u32) {
    const BLOCK: usize = 16;
    let n = c.npa as usize;
    let (sizes, items) = (&c.size[..n], &c.act[..n]);
    let stop = if forced || c.weights.is_some() { 1 } else { 0 };
    let mut least = u32::MAX;
    for (b, block) in sizes.chunks(BLOCK).enumerate() {
        let m = block.iter().fold(u32::MAX, |m, &s| m.min(s));
        if m <= stop {
            let at = b * BLOCK + block.iter().position(|&s| s == m).unwrap_or(0);
            return (items[at], m);
        }
        least = least.min(m);
    }
    if let Some(w) = &c.weights {
        return w.choose(sizes, items);
    }
    let item = sizes.iter().zip(items).fold(u32::MAX, |m, (&s, &k)| if s == least { m.min(k) } else { m });
    (item, least)
}
