//! Paths with labelled ends (`Global::Loop` with `paths`, `lower/loops.rs`): what the ends of
//! each path can still reach, checked after every choice on top of the fragments that
//! `loops.rs` follows. A node's options say which of its links it uses and in which colour
//! (the path's label); a link can carry colour `j` when an option of each of its two nodes
//! uses it in colour `j`.
//!
//! A colour is *paired* when exactly two nodes have options that end a path in it, and every
//! option of both ends one (Numberlink's two cells holding a number). Every path of a paired
//! colour then runs from one of its ends, `a`, to the other, `b`, so each node carrying the
//! colour lies on a simple path from `a` to `b` over links that can carry it. After every
//! choice, until nothing changes:
//! 1. each link is made consistent at both its nodes: an option that uses a link in a colour
//!    the node across cannot use it in, or leaves out a link the node across must use, is
//!    removed (the dancing cells see a link's colour only once one of its nodes is chosen;
//!    this makes the other nodes' option counts, which the search branches on, exact for
//!    their links);
//! 2. one breadth-first search for all colours at once (a bit per colour, 64 to a word) finds
//!    the colours reaching each node from their `a` without passing their `b`, and one from
//!    the `b` ends: a paired colour whose `b` is not reached can never be joined, reject;
//! 3. per paired colour, one depth-first search from `a` over the nodes both searches
//!    reached, with Tarjan's low-points (Hopcroft and Tarjan 1973): a subtree hanging from a
//!    cut node without `b` in it is a pocket a simple path from `a` to `b` cannot enter (it
//!    would leave by the node it came in by), and a cut node between `a` and `b` is on every
//!    such path;
//! 4. a node's options in a colour that cannot pass it are removed (a chosen node in such a
//!    colour rejects), and a node every path of a colour passes loses its other options.
//!
//! With [`XccProblem::induced`] (a first answer or `--unique` search for the shortest
//! solutions of paths whose empty nodes are free, `solve/xcc/shortcut.rs`, when clause
//! learning does not take it), step 1 also keeps paths from touching themselves, which no
//! shortest solution does: a node whose live options all carry one colour (its `sure`
//! colour) makes every neighbour's options of that colour that leave out the link between
//! them unfit.
//!
//! Each node's links are kept between calls: a call re-reads only the nodes whose options the
//! choice changed (all of them on the first choices, whose state before was never made
//! consistent), and every change is logged per choice and undone by `loops.rs` with its own
//! records. The options removed go on the engine's trail as usual. On a complete assignment
//! every node is chosen, every path runs between its ends, and nothing is removed, so the
//! checks reject no solution and only cut branches that have none.
use super::super::{Cells, get};
use crate::ir::xcc::{Global, XccProblem};

/// No colour: an option that uses no link, or an option not at a node.
const NONE: u16 = u16::MAX;
/// `sure` of a node whose live options are in several colours (or some in none).
const MIXED: u16 = u16::MAX - 1;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Joins {
    /// Per node, its item.
    node_item: Vec<u32>,
    /// Per node, up to four `(neighbour, slot at the neighbour)`, by slot; `u32::MAX` pads.
    nbr: Vec<[(u32, u8); 4]>,
    /// Per option of the layout, its colour (an index into the colours) and the slots of the
    /// links it uses at its node.
    colour: Vec<u16>,
    slots: Vec<u8>,
    /// Per paired colour: `(colour, a, b)`.
    pairs: Vec<(u16, u32, u32)>,
    /// Words of 64 colours.
    words: usize,
    /// Per node and word, per slot: the colours of the word the node can still use that
    /// link in (kept between calls, logged and undone with the choices).
    link: Vec<[u64; 4]>,
    /// Per node: the slots the node may leave unused (kept as `link` is).
    spare: Vec<u8>,
    /// Per node: the colour every live option has (`NONE` when none has one), or `MIXED`
    /// (kept as `link` is).
    sure: Vec<u16>,
    /// Induced paths only: two nodes beside each other carrying one colour are joined.
    induced: bool,
    /// `(node, its old links in every word, its old spare slots, its old sure colour)`.
    log: Vec<(u32, [u64; 4], u8, u16)>,
    /// Calls with at least this many active primary items look at every node: the first
    /// choices, whose state before was never made consistent.
    top: u32,
    // Scratch.
    /// Per node and word: the colours reaching it from the `a` ends, from the `b` ends.
    from_a: Vec<u64>,
    from_b: Vec<u64>,
    /// Per node and word: the colours whose `b` (`stop_a`) or `a` (`stop_b`) it is.
    stop_a: Vec<u64>,
    stop_b: Vec<u64>,
    /// Per word, the paired colours.
    paired: Vec<u64>,
    queue: Vec<u32>,
    queued: Vec<bool>,
    /// The depth-first searches' marks and numbers (`cuts`).
    seen: Vec<u32>,
    stamp: u32,
    disc: Vec<u32>,
    low: Vec<u32>,
    has_b: Vec<bool>,
    order: Vec<u32>,
    stack: Vec<(u32, u8)>,
    /// `(node, colour)`: the node must carry the colour.
    forced: Vec<(u32, u16)>,
}

impl Joins {
    /// The checks of paths `g` of `p` over the layout `c`, or `None` when no colour is paired.
    pub fn new(p: &XccProblem, g: &Global, c: &Cells) -> Option<Joins> {
        let Global::Loop { area, sides, off, paths: true, .. } = g else { return None };
        let n = area.nodes();
        let node_item: Vec<u32> = area.node_item.iter().map(|i| i.0).collect();
        let mut node_of = vec![u32::MAX; p.items.len()];
        for (v, &k) in node_item.iter().enumerate() {
            node_of[k as usize] = v as u32;
        }
        // Slots: the sides at a node, in the order they are listed.
        let mut nbr = vec![[(u32::MAX, 0u8); 4]; n];
        let mut count = vec![0usize; n];
        let mut side_of = vec![u32::MAX; p.items.len()];
        let mut side_slot = vec![[0u8; 2]; sides.len()];
        for (s, (item, [u, w])) in sides.iter().enumerate() {
            side_of[item.0 as usize] = s as u32;
            let (u, w) = (*u as usize, *w as usize);
            if count[u] == 4 || count[w] == 4 {
                return None; // a lattice of more than four links a node: not followed
            }
            side_slot[s] = [count[u] as u8, count[w] as u8];
            nbr[u][count[u]] = (w as u32, count[w] as u8);
            nbr[w][count[w]] = (u as u32, count[u] as u8);
            count[u] += 1;
            count[w] += 1;
        }
        // Colours by first appearance; each option's colour and slots.
        let mut index: Vec<(u32, u16)> = Vec::new();
        let opts = c.opt_id.len();
        let (mut colour, mut slots) = (vec![NONE; opts], vec![0u8; opts]);
        for k in 0..opts {
            let (from, to) = (c.opt_start[k], c.opt_start[k + 1]);
            let Some(v) = (from..to).map(|z| node_of[c.nd_item[z as usize] as usize]).find(|&v| v != u32::MAX) else {
                continue;
            };
            for z in from..to {
                let (item, col) = (c.nd_item[z as usize] as usize, c.nd_colour[z as usize]);
                let s = side_of[item];
                if s == u32::MAX || col == off.0 {
                    continue;
                }
                let [a, b] = sides[s as usize].1;
                let slot = match v {
                    _ if a == v => side_slot[s as usize][0],
                    _ if b == v => side_slot[s as usize][1],
                    _ => continue, // a link further on
                };
                let j = match index.iter().find(|&&(x, _)| x == col) {
                    Some(&(_, j)) => j,
                    None => {
                        index.push((col, index.len() as u16));
                        index.len() as u16 - 1
                    }
                };
                if colour[k] != NONE && colour[k] != j {
                    return None; // an option in two colours: not a path's
                }
                colour[k] = j;
                slots[k] |= 1 << slot;
            }
        }
        // Paired colours: exactly two nodes end a path in it, and end one in every option.
        let mut ends: Vec<Vec<u32>> = vec![Vec::new(); index.len()];
        for (v, &k) in node_item.iter().enumerate() {
            let live = &c.set[c.base[k as usize] as usize..(c.base[k as usize] + c.size(k)) as usize];
            let opt = |x: &u32| c.nd_opt[*x as usize] as usize;
            let mut cols: Vec<u16> =
                live.iter().filter(|x| slots[opt(x)].count_ones() == 1).map(|x| colour[opt(x)]).collect();
            cols.sort_unstable();
            cols.dedup();
            // A node with ends of two colours, or with other options too, is no pair's end.
            let only = cols.len() == 1 && live.iter().all(|x| slots[opt(x)].count_ones() == 1);
            for &j in &cols {
                if j != NONE {
                    ends[j as usize].push(if only { v as u32 } else { u32::MAX });
                }
            }
        }
        let pairs: Vec<(u16, u32, u32)> = (0..index.len())
            .filter_map(|j| match ends[j][..] {
                [a, b] if a != u32::MAX && b != u32::MAX => Some((j as u16, a, b)),
                _ => None,
            })
            .collect();
        if pairs.is_empty() {
            return None;
        }
        let words = index.len().div_ceil(64);
        let (mut stop_a, mut stop_b, mut paired) = (vec![0u64; n * words], vec![0u64; n * words], vec![0u64; words]);
        for &(j, a, b) in &pairs {
            let (w, bit) = (j as usize / 64, 1u64 << (j % 64));
            paired[w] |= bit;
            stop_a[b as usize * words + w] |= bit;
            stop_b[a as usize * words + w] |= bit;
        }
        let mut joins = Joins {
            node_item,
            nbr,
            colour,
            slots,
            pairs,
            words,
            link: vec![[0; 4]; n * words],
            spare: vec![0; n],
            sure: vec![MIXED; n],
            induced: p.induced,
            log: Vec::new(),
            top: 0,
            from_a: vec![0; n * words],
            from_b: vec![0; n * words],
            stop_a,
            stop_b,
            paired,
            queue: Vec::with_capacity(n),
            queued: vec![false; n],
            seen: vec![0; n],
            stamp: 0,
            disc: vec![0; n],
            low: vec![0; n],
            has_b: vec![false; n],
            order: vec![0; n],
            stack: Vec::with_capacity(n),
            forced: Vec::new(),
        };
        for v in 0..n {
            joins.refresh(c, v);
        }
        joins.log.clear();
        Some(joins)
    }

    /// Where the log stands: what [`undo`](Self::undo) returns to.
    pub fn mark(&self) -> u32 {
        self.log.len() as u32
    }

    /// Writes back every node's links logged since the log had length `start`.
    pub fn undo(&mut self, start: u32) {
        let words = self.words;
        while self.log.len() > start as usize {
            let (idx, old, spare, sure) = self.log.pop().unwrap();
            let (v, w) = (idx as usize / words, idx as usize % words);
            self.link[v * words + w] = old;
            self.spare[v] = spare;
            self.sure[v] = sure;
        }
    }

    /// Reads node `v`'s links and spare slots from its live (or chosen) options; logs and
    /// stores them if they changed. Returns the slots whose link or spareness changed.
    fn refresh(&mut self, c: &Cells, v: usize) -> u8 {
        let k = self.node_item[v];
        let words = self.words;
        let mut link = [[0u64; 4]; 4];
        let mut big: Vec<[u64; 4]> = Vec::new();
        if words > 4 {
            big = vec![[0u64; 4]; words];
        }
        let mut spare = 0u8;
        let (mut sure, mut first) = (NONE, true);
        let mut add = |o: usize| {
            let (col, s) = (self.colour[o], self.slots[o]);
            spare |= !s;
            if first {
                (sure, first) = (col, false);
            } else if sure != col {
                sure = MIXED;
            }
            if col != NONE {
                let (w, bit) = (col as usize / 64, 1u64 << (col % 64));
                let l = if words > 4 { &mut big[w] } else { &mut link[w] };
                for (slot, x) in l.iter_mut().enumerate() {
                    if s >> slot & 1 == 1 {
                        *x |= bit;
                    }
                }
            }
        };
        if c.active(k) {
            let base = get(&c.base, k);
            for at in base..base + c.size(k) {
                add(get(&c.nd_opt, get(&c.set, at)) as usize);
            }
        } else {
            add(get(&c.cover_by, k) as usize);
        }
        let spare = spare & 0xf;
        let old_spare = self.spare[v];
        let old_sure = self.sure[v];
        let mut changed = spare ^ old_spare;
        if self.induced && sure != old_sure {
            changed = 0xf;
        }
        let mut logged = false;
        for w in 0..words {
            let new = if words > 4 { big[w] } else { link[w] };
            let at = v * words + w;
            let old = self.link[at];
            for slot in 0..4 {
                changed |= ((new[slot] != old[slot]) as u8) << slot;
            }
            if new != old || (changed != 0 && !logged) || (sure != old_sure && !logged) {
                self.log.push((at as u32, old, old_spare, old_sure));
                self.link[at] = new;
                logged = true;
            }
        }
        self.spare[v] = spare;
        self.sure[v] = sure;
        changed
    }

    fn push(&mut self, v: usize) {
        if !self.queued[v] {
            self.queued[v] = true;
            self.queue.push(v as u32);
        }
    }

    /// Node `v`'s links at `slots` changed: the neighbours across them are looked at again.
    fn push_across(&mut self, v: usize, slots: u8) {
        for slot in 0..4 {
            let w = self.nbr[v][slot].0;
            if slots >> slot & 1 == 1 && w != u32::MAX {
                self.push(w as usize);
            }
        }
    }

    /// After a choice: false when some paired colour can no longer join its ends.
    pub fn propagate(&mut self, c: &mut Cells) -> bool {
        let n = self.node_item.len();
        let full = c.npa >= self.top;
        if full {
            self.top = c.npa;
        }
        // The nodes the choice changed, or every node on the first choices.
        for v in 0..n {
            let k = self.node_item[v];
            if full {
                self.refresh(c, v);
                self.push(v);
            } else if get(&c.saved, k) == c.epoch || get(&c.in_try, k) == c.epoch {
                let slots = self.refresh(c, v);
                self.push_across(v, slots);
            }
        }
        loop {
            if !self.consistent(c) {
                return false;
            }
            match self.reach(c) {
                None => return false,
                Some(false) => return true,
                Some(true) => {} // options removed: their neighbours again
            }
        }
    }

    /// Links consistent at both their nodes, from the queued nodes until nothing changes.
    fn consistent(&mut self, c: &mut Cells) -> bool {
        let words = self.words;
        while let Some(v) = self.queue.pop() {
            let v = v as usize;
            self.queued[v] = false;
            let k = self.node_item[v];
            if !c.active(k) {
                continue;
            }
            // Per slot, whether the node across may leave the link out.
            let mut free = 0u8;
            let mut sure = [MIXED; 4];
            for (slot, &(w, t)) in self.nbr[v].iter().enumerate() {
                free |= if w == u32::MAX { 1 } else { self.spare[w as usize] >> t & 1 } << slot;
                if self.induced && w != u32::MAX {
                    sure[slot] = self.sure[w as usize];
                }
            }
            let unfit = |o: usize| {
                let (col, s) = (self.colour[o], self.slots[o]);
                let fits = (!s & !free) & 0xf == 0
                    && (col == NONE || (0..4).all(|slot| s >> slot & 1 == 1 || sure[slot] != col))
                    && (col == NONE
                        || (0..4).all(|slot| {
                            let (w, t) = self.nbr[v][slot];
                            s >> slot & 1 == 0
                                || self.link[w as usize * words + col as usize / 64][t as usize] >> (col % 64) & 1 == 1
                        }));
                !fits
            };
            let Some(changed) = self.strip(c, k, unfit) else { return false };
            if changed {
                let slots = self.refresh(c, v);
                self.push_across(v, slots);
            }
        }
        true
    }

    /// What each paired colour reaches from its ends; options of colours that cannot pass a
    /// node are removed. `None`: some colour cannot join its ends, or a chosen node is cut
    /// off from its colour's ends. `Some(true)`: options were removed (their nodes queued).
    fn reach(&mut self, c: &mut Cells) -> Option<bool> {
        let (n, words) = (self.node_item.len(), self.words);
        for from_b in [false, true] {
            let reach = if from_b { &mut self.from_b } else { &mut self.from_a };
            reach.iter_mut().for_each(|r| *r = 0);
            let stop = if from_b { &self.stop_b } else { &self.stop_a };
            for &(j, a, b) in &self.pairs {
                let v = if from_b { b } else { a } as usize;
                reach[v * words + j as usize / 64] |= 1u64 << (j % 64);
                if !self.queued[v] {
                    self.queued[v] = true;
                    self.queue.push(v as u32);
                }
            }
            let mut head = 0;
            while head < self.queue.len() {
                let v = self.queue[head] as usize;
                head += 1;
                self.queued[v] = false;
                for (slot, &(w, t)) in self.nbr[v].iter().enumerate() {
                    if w == u32::MAX {
                        continue;
                    }
                    let w = w as usize;
                    let mut grew = false;
                    for x in 0..words {
                        let out = reach[v * words + x] & !stop[v * words + x];
                        let new = out
                            & self.link[v * words + x][slot]
                            & self.link[w * words + x][t as usize]
                            & !reach[w * words + x];
                        if new != 0 {
                            reach[w * words + x] |= new;
                            grew = true;
                        }
                    }
                    if grew && !self.queued[w] {
                        self.queued[w] = true;
                        self.queue.push(w as u32);
                    }
                }
            }
            self.queue.clear();
        }
        for &(j, _, b) in &self.pairs {
            if self.from_a[b as usize * words + j as usize / 64] >> (j % 64) & 1 == 0 {
                return None;
            }
        }
        for at in 0..n * words {
            self.from_a[at] &= self.from_b[at];
        }
        self.forced.clear();
        for p in 0..self.pairs.len() {
            self.cuts(p);
        }
        // Options in a colour that cannot pass the node.
        let mut removed = false;
        for v in 0..n {
            let k = self.node_item[v];
            let mut changed = false;
            for x in 0..words {
                let at = v * words + x;
                let can = self.link[at].iter().fold(0, |m, l| m | l);
                let dead = can & self.paired[x] & !self.from_a[at];
                if dead == 0 {
                    continue;
                }
                if !c.active(k) {
                    return None;
                }
                changed |= self.strip(c, k, |o| {
                    let col = self.colour[o];
                    col != NONE && col as usize / 64 == x && dead >> (col % 64) & 1 == 1
                })?;
            }
            if changed {
                let slots = self.refresh(c, v);
                self.push_across(v, slots);
                removed |= slots != 0;
            }
        }
        // Nodes every path of a colour passes: their options in other colours, or none.
        for f in 0..self.forced.len() {
            let (v, j) = self.forced[f];
            let (v, k) = (v as usize, self.node_item[v as usize]);
            if !c.active(k) {
                continue; // chosen, in colour `j` (the only colour its links have)
            }
            if self.strip(c, k, |o| self.colour[o] != j)? {
                let slots = self.refresh(c, v);
                self.push_across(v, slots);
                removed |= slots != 0;
            }
        }
        Some(removed)
    }

    /// Removes the options of item `k` that `gone` names (by option number); whether any
    /// went, `None` when a removal leaves some item without options.
    fn strip(&self, c: &mut Cells, k: u32, gone: impl Fn(usize) -> bool) -> Option<bool> {
        let base = get(&c.base, k);
        let (mut pos, mut changed) = (base, false);
        // `remove` swaps the last live node into `pos`.
        while pos < base + c.size(k) {
            let y = get(&c.set, pos);
            if gone(get(&c.nd_opt, y) as usize) {
                if !(c.remove(y) & c.hide(y)) {
                    return None;
                }
                changed = true;
            } else {
                pos += 1;
            }
        }
        Some(changed)
    }

    /// Paired colour `self.pairs[p]`, `j` from `a` to `b`, over the nodes `from_a` still
    /// lets it pass and the links that can carry it: one depth-first search from `a` with
    /// Tarjan's low-points (Hopcroft and Tarjan 1973). A subtree hanging from a cut node
    /// without `b` in it is a pocket a simple path from `a` to `b` cannot enter (it would
    /// leave by the node it came in by): its nodes lose `j` in `from_a`. A cut node between
    /// `a` and `b` is on every such path: it goes on `forced`.
    fn cuts(&mut self, p: usize) {
        let words = self.words;
        let (j, a, b) = self.pairs[p];
        let (x, bit) = (j as usize / 64, 1u64 << (j % 64));
        let can = |me: &Joins, v: usize| me.from_a[v * words + x] & bit != 0;
        let mut time = 0u32;
        let stamp = self.stamp.wrapping_add(1).max(1);
        if stamp == 1 {
            self.seen.iter_mut().for_each(|s| *s = 0);
        }
        self.stamp = stamp;
        let a = a as usize;
        self.seen[a] = stamp;
        self.disc[a] = time;
        self.low[a] = time;
        self.has_b[a] = a == b as usize;
        self.order[time as usize] = a as u32;
        self.stack.clear();
        self.stack.push((a as u32, 0));
        while let Some(&(v, slot)) = self.stack.last() {
            let v = v as usize;
            if slot < 4 {
                self.stack.last_mut().unwrap().1 += 1;
                let (w, t) = self.nbr[v][slot as usize];
                if w == u32::MAX {
                    continue;
                }
                let w = w as usize;
                if !can(self, w)
                    || self.link[v * words + x][slot as usize] & self.link[w * words + x][t as usize] & bit == 0
                {
                    continue;
                }
                if self.seen[w] != stamp {
                    time += 1;
                    self.seen[w] = stamp;
                    (self.disc[w], self.low[w]) = (time, time);
                    self.has_b[w] = w == b as usize;
                    self.order[time as usize] = w as u32;
                    self.stack.push((w as u32, 0));
                } else {
                    self.low[v] = self.low[v].min(self.disc[w]);
                }
                continue;
            }
            self.stack.pop();
            let Some(&(u, _)) = self.stack.last() else { break };
            let u = u as usize;
            self.low[u] = self.low[u].min(self.low[v]);
            if self.low[v] >= self.disc[u] {
                if self.has_b[v] {
                    if u != a {
                        self.forced.push((u as u32, j));
                    }
                } else {
                    // A pocket: the nodes found since `v`.
                    for t in self.disc[v]..=time {
                        let y = self.order[t as usize] as usize;
                        self.from_a[y * words + x] &= !bit;
                    }
                }
            }
            self.has_b[u] |= self.has_b[v];
        }
        // Nodes not reached from `a`.
        for v in 0..self.node_item.len() {
            if self.seen[v] != stamp {
                self.from_a[v * words + x] &= !bit;
            }
        }
    }
}
