//! One loop (`Global::Loop`, `lower/loops.rs`) on dancing cells, the way Knuth's DLX2-LOOP
//! prunes (`dlx2-loop.ch` in ascherer/cwebtest): the items already say that every corner has
//! degree 0 or 2; what is left is that the sides on the loop form *one* cycle. The sides on
//! the loop so far are paths (*fragments*); each fragment's two ends know each other through
//! a *mate* array, and each side coloured "on" by a committed option is added in O(1):
//! - a side at a corner already inside a fragment would give it degree 3: reject;
//! - a side joining a fragment's two ends closes a loop: reject unless it is the only
//!   fragment; after it, every side not on the loop is turned off (its "on" options removed),
//!   and any later side rejects;
//! - a side joining two fragments, or extending one, leaves a fragment whose ends `a`, `b`
//!   may be neighbours: while other fragments exist, the side between them would close a loop
//!   too early, so its "on" options are removed (the O(1) look-ahead DLX2-LOOP makes).
//!
//! On a complete assignment a loop has closed with every used side on it (a fragment that
//! never closed ends at a corner of degree 1, which the items forbid), and no side came after
//! it, so this rejects exactly the assignments without one single loop.
//!
//! Paths (Numberlink, `paths` in the constraint) are followed the same way, with fragments
//! that must never close: a side joining a fragment's two ends always rejects, and the side
//! between a fragment's two ends is always removed when they are neighbours. That two
//! different labels never join is said by the sides' colours (one per label), so nothing is
//! left for the leaves: on a complete assignment the used sides are paths between ends.
//! What the paths' ends can still reach is checked after that (`joinable.rs`), its changes
//! logged and undone with these records.
//!
//! Undoing is O(1) a change too: every change of the mate array is logged with its old
//! value, per committed option. The search undoes its own state without telling the
//! constraint, so each call first drops the records of options no longer chosen (their item
//! active again, or covered by another option): choices are undone last first, so they sit on
//! top of the stack.
use super::super::{Cells, get};
use crate::ir::xcc::{Global, XccProblem};

/// A corner no side on the loop touches yet.
const FREE: u32 = u32::MAX;
/// A corner with two sides on the loop: inside a fragment.
const INNER: u32 = u32::MAX - 1;
/// `side_of` for an item that is no side.
const NO_SIDE: u32 = u32::MAX;
/// Log slots beyond the corners' and sides': the fragment count and "a loop has closed".
const SLOT_FRAGMENTS: u32 = u32::MAX;
const SLOT_CLOSED: u32 = u32::MAX - 1;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Mates {
    /// Per item, the side it is, or `NO_SIDE`.
    side_of: Vec<u32>,
    /// Per side, its item and the two corners it joins.
    side_item: Vec<u32>,
    side_ends: Vec<[u32; 2]>,
    /// The colour of a side off the line (any other colour puts it on).
    off: u32,
    /// Paths: no fragment may ever close.
    paths: bool,
    /// Per corner, `(neighbour, side)` for the sides meeting there.
    adj_start: Vec<u32>,
    adj: Vec<(u32, u32)>,
    /// Per corner: `FREE`, `INNER`, or the other end of the fragment it ends.
    mate: Vec<u32>,
    /// Per side, whether it is on the loop.
    used: Vec<bool>,
    fragments: u32,
    closed: bool,
    /// `(slot, old value)`: slot `v < corners` is `mate[v]`, `corners + s` is `used[s]`.
    log: Vec<(u32, u32)>,
    /// Per committed option followed: its first primary item, the option, where its log and
    /// the paths' checks' log start.
    records: Vec<(u32, u32, u32, u32)>,
    /// Paths: what their ends can still reach (`joinable.rs`).
    joins: Option<Box<super::joinable::Joins>>,
}

impl Mates {
    /// The loop `g` of `p` (a `Global::Loop`), over items numbered as in `p`.
    pub fn new(p: &XccProblem, g: &Global, c: &Cells) -> Mates {
        let Global::Loop { area, sides, off, paths, .. } = g else { unreachable!() };
        let corners = area.nodes();
        let mut side_of = vec![NO_SIDE; p.items.len()];
        let mut degree = vec![0u32; corners + 1];
        for (s, (item, ends)) in sides.iter().enumerate() {
            side_of[item.0 as usize] = s as u32;
            ends.iter().for_each(|&v| degree[v as usize + 1] += 1);
        }
        let mut adj_start = degree;
        for v in 0..corners {
            adj_start[v + 1] += adj_start[v];
        }
        let mut fill = adj_start.clone();
        let mut adj = vec![(0, 0); adj_start[corners] as usize];
        for (s, (_, [u, w])) in sides.iter().enumerate() {
            for (a, b) in [(*u, *w), (*w, *u)] {
                adj[fill[a as usize] as usize] = (b, s as u32);
                fill[a as usize] += 1;
            }
        }
        Mates {
            side_of,
            side_item: sides.iter().map(|(it, _)| it.0).collect(),
            side_ends: sides.iter().map(|(_, e)| *e).collect(),
            off: off.0,
            paths: *paths,
            adj_start,
            adj,
            mate: vec![FREE; corners],
            used: vec![false; sides.len()],
            fragments: 0,
            closed: false,
            log: Vec::new(),
            records: Vec::new(),
            joins: super::joinable::Joins::new(p, g, c).map(Box::new),
        }
    }

    /// After the choice of option `c.last`: false when no single loop can come of it.
    pub fn propagate(&mut self, c: &mut Cells) -> bool {
        let o = c.last;
        let (from, to) = (get(&c.opt_start, o), get(&c.opt_start, o + 1));
        let item = (from..to).map(|z| get(&c.nd_item, z)).find(|&k| k < c.np).expect("an option has a primary item");
        // Drop what the search has undone. A record of this very choice is stale too: the
        // choice was just made, so an older one was undone.
        while let Some(&(k, opt, start, joins)) = self.records.last() {
            if !c.active(k) && get(&c.cover_by, k) == opt && (k, opt) != (item, o) {
                break;
            }
            self.records.pop();
            self.undo(start as usize);
            if let Some(j) = &mut self.joins {
                j.undo(joins);
            }
        }
        let joins = self.joins.as_ref().map_or(0, |j| j.mark());
        self.records.push((item, o, self.log.len() as u32, joins));
        for z in from..to {
            let s = get(&self.side_of, get(&c.nd_item, z));
            if s != NO_SIDE && get(&c.nd_colour, z) != self.off && !self.used[s as usize] && !self.add(c, s as usize) {
                return false;
            }
        }
        if let Some(j) = &mut self.joins
            && !j.propagate(c)
        {
            return false;
        }
        // Every item covered: the loop must have closed (paths never do).
        c.npa > 0 || self.closed || self.paths
    }

    /// Side `s` goes on the loop.
    fn add(&mut self, c: &mut Cells, s: usize) -> bool {
        if self.closed {
            return false; // a side off the loop that closed
        }
        let corners = self.mate.len() as u32;
        self.log.push((corners + s as u32, 0));
        self.used[s] = true;
        let [u, w] = self.side_ends[s];
        let (mu, mw) = (self.mate[u as usize], self.mate[w as usize]);
        if mu == INNER || mw == INNER {
            return false; // degree 3
        }
        let (a, b) = match (mu, mw) {
            (FREE, FREE) => {
                self.set_mate(u, w);
                self.set_mate(w, u);
                self.set_fragments(self.fragments + 1);
                return true; // a fragment of one side: its ends are joined by `s` itself
            }
            (FREE, x) => {
                self.set_mate(w, INNER);
                self.set_mate(u, x);
                self.set_mate(x, u);
                (u, x)
            }
            (x, FREE) => {
                self.set_mate(u, INNER);
                self.set_mate(w, x);
                self.set_mate(x, w);
                (w, x)
            }
            (x, _) if x == w => {
                if self.fragments != 1 || self.paths {
                    return false; // a loop closed beside other fragments
                }
                self.set_mate(u, INNER);
                self.set_mate(w, INNER);
                self.set_fragments(0);
                self.log.push((SLOT_CLOSED, 0));
                self.closed = true;
                return (0..self.used.len()).all(|t| self.used[t] || self.forbid(c, t));
            }
            (x, y) => {
                self.set_mate(u, INNER);
                self.set_mate(w, INNER);
                self.set_mate(x, y);
                self.set_mate(y, x);
                self.set_fragments(self.fragments - 1);
                (x, y)
            }
        };
        // Paths: closing on itself is never allowed, however many fragments there are.
        if self.fragments > 1 || self.paths {
            let (lo, hi) = (self.adj_start[a as usize] as usize, self.adj_start[a as usize + 1] as usize);
            if let Some(&(_, t)) = self.adj[lo..hi].iter().find(|&&(n, _)| n == b) {
                return self.used[t as usize] || self.forbid(c, t as usize);
            }
        }
        true
    }

    /// Removes every live option that puts side `t` on the loop. False if a primary item lost
    /// its last option.
    fn forbid(&self, c: &mut Cells, t: usize) -> bool {
        let k = self.side_item[t];
        if !c.active(k) {
            return true; // coloured already, and not on (it would be `used`)
        }
        let base = get(&c.base, k);
        let mut at = base;
        while at < base + c.size(k) {
            let x = get(&c.set, at);
            if get(&c.nd_colour, x) != self.off {
                // `remove` swaps the last live node into `at`.
                if !(c.remove(x) & c.hide(x)) {
                    return false;
                }
            } else {
                at += 1;
            }
        }
        true
    }

    fn set_mate(&mut self, v: u32, m: u32) {
        self.log.push((v, self.mate[v as usize]));
        self.mate[v as usize] = m;
    }

    fn set_fragments(&mut self, n: u32) {
        self.log.push((SLOT_FRAGMENTS, self.fragments));
        self.fragments = n;
    }

    /// Writes back every change logged since the log had length `start`.
    fn undo(&mut self, start: usize) {
        let corners = self.mate.len() as u32;
        while self.log.len() > start {
            let (slot, old) = self.log.pop().unwrap();
            match slot {
                SLOT_FRAGMENTS => self.fragments = old,
                SLOT_CLOSED => self.closed = old != 0,
                v if v < corners => self.mate[v as usize] = old,
                s => self.used[(s - corners) as usize] = old != 0,
            }
        }
    }
}
