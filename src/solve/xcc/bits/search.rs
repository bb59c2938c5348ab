//! Algorithm C's search (TAOCP 7.2.2.1) over bitsets: each level filters its parent's
//! live options against the option tried and counts, on the way, the live options of
//! every primary item for the next choice.
//!
//! All levels' lists sit end to end in one array, a level's right after its parent's, so
//! leaving a level is truncating it. The tree, the node counts in [`Branching::Mrv`] and
//! the order of the solutions are those of the dancing-cells engine (`tests/node_counts.rs`
//! and this module's tests compare them).

use std::time::Instant;

use super::{Bits, Mask, and, any, has};
use crate::ir::xcc::OptionId;
use crate::solve::xcc::{Branching, Flow, Limits, Stats, Stop};

/// How many nodes pass between two looks at the clock.
const CLOCK_EVERY: u64 = 4096;

#[derive(Clone, Copy, Debug)]
struct Level<const W: usize> {
    /// This level's live options are `live[start..end]`; `next` is where to look for the
    /// next option of `item` to try.
    start: u32,
    end: u32,
    next: u32,
    item: u32,
    /// The primary items covered above this level.
    covered: Mask<W>,
}

struct Search<'a, const W: usize> {
    b: &'a Bits<W>,
    live: Vec<u32>,
    /// How many live options each primary item has at the level being entered, as a
    /// bit-sliced counter: bit k of `count[b]` is bit b of item k's count. Adding an
    /// option is a binary increment on all its items at once (a carry rippling through
    /// the planes, two on average), and the least count is read off the planes too.
    count: Vec<Mask<W>>,
    levels: Vec<Level<W>>,
    chosen: Vec<OptionId>,
    limits: &'a Limits,
    forced: bool,
    stats: Stats,
}

/// Runs the search on `b`.
pub(in crate::solve::xcc) fn run<const W: usize>(
    b: &Bits<W>,
    limits: &Limits,
    branching: Branching,
    on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
) -> Stats {
    let mut s = Search {
        b,
        live: Vec::with_capacity(b.opt_id.len() * 4),
        // Enough planes for every option at once.
        count: vec![[0; W]; (u32::BITS - (b.opt_id.len() as u32).leading_zeros()).max(1) as usize],
        levels: Vec::with_capacity(b.n_primary as usize + 1),
        chosen: Vec::with_capacity(b.n_primary as usize + 1),
        limits,
        forced: branching == Branching::ForcedMoves,
        stats: Stats { nodes: 0, solutions: 0, stop: Stop::Exhausted },
    };
    if limits.max_solutions == Some(0) {
        s.stats.stop = Stop::SolutionLimit;
        return s.stats;
    }
    if let Err(stop) = s.solve(on_solution) {
        s.stats.stop = stop;
    }
    s.stats
}

impl<const W: usize> Search<'_, W> {
    /// C2–C8. Returns `Err` with the reason when a limit or the callback ends the search.
    fn solve(&mut self, on_solution: &mut dyn FnMut(&[OptionId]) -> Flow) -> Result<(), Stop> {
        let all = self.b.opt_id.len() as u32;
        self.live.extend(0..all);
        for y in 0..all {
            self.add_to_count(y);
        }
        // The level being entered: its live options and covered items.
        let (mut start, mut covered) = (0u32, [0u64; W]);
        'enter: loop {
            let end = self.live.len() as u32;
            let uncovered: Mask<W> = std::array::from_fn(|w| self.b.primary[w] & !covered[w]);
            if !any(&uncovered) {
                // C2. [Enter level l.] Every primary item is covered.
                self.visit(on_solution)?;
            } else {
                // C3. [Choose i.]
                let (item, size) = self.choose(&uncovered);
                if !(self.forced && size == 1) {
                    self.count_node()?;
                }
                if size > 0 {
                    self.levels.push(Level { start, end, next: start, item, covered });
                    self.chosen.push(OptionId(0));
                }
            }
            // C5–C8: try the next option of the deepest level, or leave it.
            while let Some(level) = self.levels.last_mut() {
                let items = &self.b.items;
                let mut at = level.next;
                while at < level.end && !has(&items[self.live[at as usize] as usize], level.item) {
                    at += 1;
                }
                if at == level.end {
                    // C8. [Leave level l.]
                    self.live.truncate(level.end as usize);
                    self.levels.pop();
                    self.chosen.pop();
                    continue;
                }
                level.next = at + 1;
                let Level { start: from, end: to, covered: above, .. } = *level;
                // C5. [Try x_l.] The child's list replaces the previous try's.
                let x = self.live[at as usize];
                *self.chosen.last_mut().unwrap() = OptionId(self.b.opt_id[x as usize]);
                self.live.truncate(to as usize);
                self.filter(from, to, x);
                start = to;
                covered = std::array::from_fn(|w| above[w] | (items[x as usize][w] & self.b.primary[w]));
                continue 'enter;
            }
            return Ok(());
        }
    }

    /// Appends the options of `live[from..to]` disjoint from option `x`, counting them per
    /// primary item.
    #[inline(always)]
    fn filter(&mut self, from: u32, to: u32, x: u32) {
        self.count.iter_mut().for_each(|plane| *plane = [0; W]);
        let mx = self.b.items[x as usize];
        // Every option is written, and the length only moves past a compatible one: no
        // branch on compatibility, which is close to a coin toss.
        let (from, to) = (from as usize, to as usize);
        self.live.resize(to + (to - from), 0);
        let (parent, child) = self.live.split_at_mut(to);
        let mut len = 0;
        for &y in &parent[from..] {
            let ok = !any(&and(&mx, &self.b.items[y as usize]));
            child[len] = y;
            len += ok as usize;
        }
        self.live.truncate(to + len);
        for at in to..to + len {
            self.add_to_count(self.live[at]);
        }
    }

    /// Adds option `y` to the count of each of its primary items.
    #[inline(always)]
    fn add_to_count(&mut self, y: u32) {
        let mut carry = and(&self.b.items[y as usize], &self.b.primary);
        for plane in self.count.iter_mut() {
            let next = and(plane, &carry);
            *plane = std::array::from_fn(|w| plane[w] ^ carry[w]);
            carry = next;
            if !any(&carry) {
                break;
            }
        }
    }

    /// C3. The uncovered primary item with the fewest live options, ties to the lowest
    /// item id. Returns (item, size).
    ///
    /// From the highest plane down, the candidates keep to the items with a 0 bit there
    /// whenever some have one: what remains are the items of least count.
    #[inline(always)]
    fn choose(&self, uncovered: &Mask<W>) -> (u32, u32) {
        let mut least = *uncovered;
        let mut size = 0;
        for (b, plane) in self.count.iter().enumerate().rev() {
            let zeros: Mask<W> = std::array::from_fn(|w| least[w] & !plane[w]);
            if any(&zeros) {
                least = zeros;
            } else {
                size |= 1 << b;
            }
        }
        let w = least.iter().position(|&word| word != 0).unwrap_or(0);
        ((w * 64) as u32 + least[w].trailing_zeros(), size)
    }

    /// The visit in C2: report the options chosen so far.
    fn visit(&mut self, on_solution: &mut dyn FnMut(&[OptionId]) -> Flow) -> Result<(), Stop> {
        self.stats.solutions += 1;
        if on_solution(&self.chosen) == Flow::Stop {
            return Err(Stop::Callback);
        }
        if self.limits.max_solutions.is_some_and(|m| self.stats.solutions >= m) {
            return Err(Stop::SolutionLimit);
        }
        Ok(())
    }

    /// Counts one search-tree node, first checking the node limit and, every
    /// [`CLOCK_EVERY`] nodes, the deadline.
    #[inline]
    fn count_node(&mut self) -> Result<(), Stop> {
        let nodes = self.stats.nodes;
        if self.limits.max_nodes.is_some_and(|m| nodes >= m) {
            return Err(Stop::NodeLimit);
        }
        if nodes.is_multiple_of(CLOCK_EVERY) && self.limits.deadline.is_some_and(|t| Instant::now() >= t) {
            return Err(Stop::Timeout);
        }
        self.stats.nodes = nodes + 1;
        Ok(())
    }
}
