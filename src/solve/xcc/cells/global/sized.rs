//! `Global::Sized` on dancing cells (`lower/sized.rs`: Fillomino's "each area of equal values
//! has size its value", "each area of '#' cells has size 2"): every area of equal labels has
//! its label's size. After every choice each node is read from its item's live options:
//! *decided* (every live option gives it one label, or none: out of every area) or *open* (its
//! live labels listed). Decided nodes of one label joined by sides make *parts* of areas, and
//! until nothing changes:
//! 1. a part larger than its label's size rejects;
//! 2. a part of its full size is an area: its open neighbours lose that label;
//! 3. a smaller part must grow through an open neighbour that can take its label: none
//!    rejects, exactly one must take it (its other options are removed);
//! 4. an open node beside parts of a label whose sizes, with the node, pass the label's size
//!    cannot take that label (it would join them all);
//! 5. per label, the nodes that can still hold it (open with it live, or decided to it) split
//!    into connected pieces; a piece with fewer nodes than the label's size holds no area of
//!    it: its open nodes lose the label, and a decided node in it rejects.
//!
//! On a complete assignment every node is decided, and 1 and 3 reject exactly the
//! assignments with an area of the wrong size, so the search reports exactly the solutions.
//! Options are removed with the engine's `remove`/`hide` (undone by the search's trail); the
//! scratch arrays are kept between calls, and nothing is allocated once they have grown.
use super::super::{Cells, get};
use crate::ir::xcc::{Area, OptionId};

/// A node or option in no area.
const NONE: u32 = u32::MAX;
/// A node with several labels live.
const OPEN: u32 = u32::MAX - 1;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::solve::xcc) struct Sizes {
    item: Vec<u32>,
    adj_start: Vec<u32>,
    adj: Vec<u32>,
    /// Per option of the layout, its label (`NONE`: the node is in no area).
    label_of: Vec<u32>,
    size: Vec<u32>,
    // Scratch, kept between calls.
    /// Per node: its label when decided, `NONE`, or `OPEN`.
    det: Vec<u32>,
    /// An open node's live labels are `live[live_start[v]..live_start[v + 1]]`.
    live_start: Vec<u32>,
    live: Vec<u32>,
    /// Per label, the stamp of the last node that listed it.
    lab_stamp: Vec<u32>,
    /// Per node: its part (`NONE` if not decided to a label).
    part: Vec<u32>,
    part_size: Vec<u32>,
    part_label: Vec<u32>,
    /// Part p's nodes are `members[part_start[p]..part_start[p + 1]]`.
    part_start: Vec<u32>,
    members: Vec<u32>,
    /// Per node, stamps for "already counted" and "can hold the label" / "reached".
    seen: Vec<u32>,
    mark: Vec<u32>,
    /// Per node, a stamp for "may take the label in some area" and its distance from a part.
    ok: Vec<u32>,
    dist: Vec<u32>,
    stamp: u32,
    /// Per label, the nodes that can hold it.
    bucket_start: Vec<u32>,
    bucket: Vec<u32>,
    queue: Vec<u32>,
}

impl Sizes {
    pub fn new(area: &Area, labels: &[(OptionId, u32)], size: &[u32], layout: &[u32], c: &Cells) -> Sizes {
        let n = area.nodes();
        let mut label_of = vec![NONE; c.opt_id.len()];
        for &(o, l) in labels {
            let k = layout[o.0 as usize];
            if k != u32::MAX {
                label_of[k as usize] = l;
            }
        }
        let nl = size.len();
        Sizes {
            item: area.node_item.iter().map(|i| i.0).collect(),
            adj_start: area.adj_start.clone(),
            adj: area.adj.clone(),
            label_of,
            size: size.to_vec(),
            det: vec![NONE; n],
            live_start: vec![0; n + 1],
            live: Vec::new(),
            lab_stamp: vec![0; nl],
            part: vec![NONE; n],
            part_size: Vec::with_capacity(n),
            part_label: Vec::with_capacity(n),
            part_start: Vec::with_capacity(n + 1),
            members: Vec::with_capacity(n),
            seen: vec![0; n],
            mark: vec![0; n],
            ok: vec![0; n],
            dist: vec![0; n],
            stamp: 0,
            bucket_start: vec![0; nl + 1],
            bucket: Vec::new(),
            queue: Vec::with_capacity(n),
        }
    }

    fn nodes(&self) -> usize {
        self.item.len()
    }

    fn neighbours(&self, v: usize) -> &[u32] {
        &self.adj[self.adj_start[v] as usize..self.adj_start[v + 1] as usize]
    }

    fn live_of(&self, v: usize) -> &[u32] {
        &self.live[self.live_start[v] as usize..self.live_start[v + 1] as usize]
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.mark.iter_mut().for_each(|s| *s = 0);
            self.ok.iter_mut().for_each(|s| *s = 0);
            self.lab_stamp.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        self.stamp
    }

    /// After a choice: false when some area can no longer get its size.
    pub fn propagate(&mut self, c: &mut Cells) -> bool {
        loop {
            match self.pass(c) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// One round of the five rules on states read afresh: `None` rejects, `Some(changed)`
    /// says whether an option was removed. Within a round the states read may hold labels
    /// already removed; every rule only loses strength from that, never soundness.
    fn pass(&mut self, c: &mut Cells) -> Option<bool> {
        self.read(c);
        self.find_parts()?;
        let mut changed = false;
        changed |= self.grow_parts(c)?;
        changed |= self.no_merging(c)?;
        changed |= self.room_per_label(c)?;
        Some(changed)
    }

    /// Each node's state, and an open node's live labels.
    fn read(&mut self, c: &Cells) {
        self.live.clear();
        for v in 0..self.nodes() {
            self.live_start[v] = self.live.len() as u32;
            let k = self.item[v];
            if !c.active(k) {
                self.det[v] = self.label_of[get(&c.cover_by, k) as usize];
                continue;
            }
            let stamp = self.next_stamp();
            let (base, size) = (get(&c.base, k), c.size(k));
            let (mut labels, mut none) = (0, false);
            let start = self.live.len();
            for pos in base..base + size {
                let l = self.label_of[get(&c.nd_opt, get(&c.set, pos)) as usize];
                if l == NONE {
                    none = true;
                } else if self.lab_stamp[l as usize] != stamp {
                    self.lab_stamp[l as usize] = stamp;
                    self.live.push(l);
                    labels += 1;
                }
            }
            self.det[v] = match (labels, none) {
                (0, _) => NONE,
                (1, false) => self.live[start],
                _ => OPEN,
            };
            if self.det[v] != OPEN {
                self.live.truncate(start);
            }
        }
        let n = self.nodes();
        self.live_start[n] = self.live.len() as u32;
    }

    /// Parts: decided nodes of one label joined by sides. None if one outgrew its size (1).
    fn find_parts(&mut self) -> Option<()> {
        self.part.iter_mut().for_each(|p| *p = NONE);
        self.part_size.clear();
        self.part_label.clear();
        self.members.clear();
        self.part_start.clear();
        for s in 0..self.nodes() {
            let l = self.det[s];
            if l >= OPEN || self.part[s] != NONE {
                continue;
            }
            let p = self.part_size.len() as u32;
            self.part_start.push(self.members.len() as u32);
            self.part[s] = p;
            self.members.push(s as u32);
            let mut at = self.members.len() - 1;
            while at < self.members.len() {
                let v = self.members[at] as usize;
                at += 1;
                for i in self.adj_start[v]..self.adj_start[v + 1] {
                    let w = self.adj[i as usize] as usize;
                    if self.det[w] == l && self.part[w] == NONE {
                        self.part[w] = p;
                        self.members.push(w as u32);
                    }
                }
            }
            let size = (self.members.len() - self.part_start[p as usize] as usize) as u32;
            if size > self.size[l as usize] {
                return None;
            }
            self.part_size.push(size);
            self.part_label.push(l);
        }
        self.part_start.push(self.members.len() as u32);
        Some(())
    }

    /// Rules 2 and 3: a full part closes its border to its label; a smaller one must grow.
    fn grow_parts(&mut self, c: &mut Cells) -> Option<bool> {
        let mut changed = false;
        for p in 0..self.part_size.len() {
            let (l, size) = (self.part_label[p], self.part_size[p]);
            let full = size == self.size[l as usize];
            let stamp = self.next_stamp();
            let (mut exits, mut last) = (0, 0);
            for m in self.part_start[p]..self.part_start[p + 1] {
                let v = self.members[m as usize] as usize;
                for i in self.adj_start[v]..self.adj_start[v + 1] {
                    let w = self.adj[i as usize] as usize;
                    if self.det[w] != OPEN || self.seen[w] == stamp || !self.live_of(w).contains(&l) {
                        continue;
                    }
                    self.seen[w] = stamp;
                    exits += 1;
                    last = w;
                    if full {
                        changed = true;
                        if !self.remove(c, w, |x| x == l) {
                            return None;
                        }
                    }
                }
            }
            if !full {
                match exits {
                    0 => return None,
                    1 => {
                        changed = true;
                        if !self.remove(c, last, |x| x != l) {
                            return None;
                        }
                    }
                    _ => {}
                }
            }
        }
        Some(changed)
    }

    /// Rule 4: an open node may not take a label that would join parts past its size.
    fn no_merging(&mut self, c: &mut Cells) -> Option<bool> {
        let mut changed = false;
        let mut near = [(0u32, 0u32); 12];
        for v in 0..self.nodes() {
            if self.det[v] != OPEN {
                continue;
            }
            let mut count = 0;
            for &w in self.neighbours(v) {
                let p = self.part[w as usize];
                if p != NONE && count < near.len() && !near[..count].iter().any(|&(q, _)| q == p) {
                    near[count] = (p, self.part_label[p as usize]);
                    count += 1;
                }
            }
            for i in 0..count {
                let l = near[i].1;
                if near[..i].iter().any(|&(_, m)| m == l) {
                    continue; // summed with the first part of this label
                }
                let total: u32 =
                    1 + near[i..count].iter().filter(|x| x.1 == l).map(|x| self.part_size[x.0 as usize]).sum::<u32>();
                if total > self.size[l as usize] && self.live_of(v).contains(&l) {
                    changed = true;
                    if !self.remove(c, v, |x| x == l) {
                        return None;
                    }
                }
            }
        }
        Some(changed)
    }

    /// Rule 5: per label, pieces of the nodes that can hold it too small for an area.
    fn room_per_label(&mut self, c: &mut Cells) -> Option<bool> {
        let nl = self.size.len();
        self.bucket_start.iter_mut().for_each(|s| *s = 0);
        for v in 0..self.nodes() {
            match self.det[v] {
                OPEN => {
                    for i in self.live_start[v]..self.live_start[v + 1] {
                        self.bucket_start[self.live[i as usize] as usize + 1] += 1;
                    }
                }
                NONE => {}
                l => self.bucket_start[l as usize + 1] += 1,
            }
        }
        for l in 0..nl {
            self.bucket_start[l + 1] += self.bucket_start[l];
        }
        self.bucket.resize(self.bucket_start[nl] as usize, 0);
        // Fill from the back so each label's nodes stay in increasing order.
        for v in (0..self.nodes()).rev() {
            let put = |l: u32, b: &mut Vec<u32>, s: &mut Vec<u32>| {
                s[l as usize + 1] -= 1;
                b[s[l as usize + 1] as usize] = v as u32;
            };
            match self.det[v] {
                OPEN => {
                    for i in self.live_start[v]..self.live_start[v + 1] {
                        put(self.live[i as usize], &mut self.bucket, &mut self.bucket_start);
                    }
                }
                NONE => {}
                l => put(l, &mut self.bucket, &mut self.bucket_start),
            }
        }
        // `bucket_start[l + 1]` now holds label l's start: shift down.
        for l in 0..nl {
            self.bucket_start[l] = self.bucket_start[l + 1];
        }
        self.bucket_start[nl] = self.bucket.len() as u32;
        let mut changed = false;
        for l in 0..nl {
            let need = self.size[l];
            if need <= 1 {
                continue;
            }
            let (from, to) = (self.bucket_start[l] as usize, self.bucket_start[l + 1] as usize);
            let marked = self.next_stamp();
            for i in from..to {
                self.mark[self.bucket[i] as usize] = marked;
            }
            let reached = self.next_stamp();
            for i in from..to {
                let s = self.bucket[i] as usize;
                if self.seen[s] == reached {
                    continue;
                }
                self.seen[s] = reached;
                self.queue.clear();
                self.queue.push(s as u32);
                let mut at = 0;
                while at < self.queue.len() {
                    let v = self.queue[at] as usize;
                    at += 1;
                    for j in self.adj_start[v]..self.adj_start[v + 1] {
                        let w = self.adj[j as usize] as usize;
                        if self.mark[w] == marked && self.seen[w] != reached {
                            self.seen[w] = reached;
                            self.queue.push(w as u32);
                        }
                    }
                }
                if (self.queue.len() as u32) < need {
                    for q in 0..self.queue.len() {
                        let v = self.queue[q] as usize;
                        if self.det[v] != OPEN {
                            return None;
                        }
                        changed = true;
                        self.mark[v] = 0; // no longer a node that can hold l
                        if !self.remove(c, v, |x| x == l as u32) {
                            return None;
                        }
                    }
                }
            }
            changed |= self.reach_or_new(c, l as u32, marked)?;
        }
        Some(changed)
    }

    /// Rule 6 for label `l` (its possible nodes stamped `marked` in `mark`): an open node
    /// takes `l` either in the area of a part of `l`, within (size − part's size) steps of it
    /// through possible nodes, or in a new area, all of whose nodes are open and beside no
    /// part of `l`: a piece of such nodes of at least the size. Open nodes that can do
    /// neither lose `l`.
    fn reach_or_new(&mut self, c: &mut Cells, l: u32, marked: u32) -> Option<bool> {
        let need = self.size[l as usize];
        let (from, to) = (self.bucket_start[l as usize] as usize, self.bucket_start[l as usize + 1] as usize);
        if (from..to).all(|i| self.det[self.bucket[i] as usize] != OPEN) {
            return Some(false);
        }
        // Open nodes within reach of a part: `ok` stamped.
        let reached = self.next_stamp();
        for p in 0..self.part_size.len() {
            if self.part_label[p] != l || self.part_size[p] >= need {
                continue;
            }
            let budget = need - self.part_size[p];
            let visit = self.next_stamp();
            self.queue.clear();
            for m in self.part_start[p]..self.part_start[p + 1] {
                let v = self.members[m as usize];
                self.seen[v as usize] = visit;
                self.dist[v as usize] = 0;
                self.queue.push(v);
            }
            let mut at = 0;
            while at < self.queue.len() {
                let v = self.queue[at] as usize;
                at += 1;
                if self.dist[v] == budget {
                    continue;
                }
                for j in self.adj_start[v]..self.adj_start[v + 1] {
                    let w = self.adj[j as usize] as usize;
                    if self.mark[w] == marked && self.seen[w] != visit {
                        self.seen[w] = visit;
                        self.dist[w] = self.dist[v] + 1;
                        self.ok[w] = reached;
                        self.queue.push(w as u32);
                    }
                }
            }
            // Every node of the part's area lies within its reach: too few, and it can never
            // be complete.
            if (self.queue.len() as u32) < need {
                return None;
            }
        }
        // New areas: pieces of open possible nodes beside no node decided to l.
        let fresh = |z: &Sizes, v: usize| {
            z.det[v] == OPEN && z.mark[v] == marked && !z.neighbours(v).iter().any(|&w| z.det[w as usize] == l)
        };
        let visit = self.next_stamp();
        let mut changed = false;
        for i in from..to {
            let s = self.bucket[i] as usize;
            if self.det[s] != OPEN || self.mark[s] != marked || self.seen[s] == visit {
                continue;
            }
            self.seen[s] = visit;
            let big = fresh(self, s) && {
                self.queue.clear();
                self.queue.push(s as u32);
                let mut at = 0;
                while at < self.queue.len() && (self.queue.len() as u32) < need {
                    let v = self.queue[at] as usize;
                    at += 1;
                    for j in self.adj_start[v]..self.adj_start[v + 1] {
                        let w = self.adj[j as usize] as usize;
                        if self.seen[w] != visit && fresh(self, w) {
                            self.seen[w] = visit;
                            self.queue.push(w as u32);
                        }
                    }
                }
                self.queue.len() as u32 >= need
            };
            if big {
                // The whole piece may be cut short above: mark the rest as big too by
                // finishing the flood without counting.
                let mut at = 0;
                while at < self.queue.len() {
                    let v = self.queue[at] as usize;
                    at += 1;
                    self.ok[v] = reached;
                    for j in self.adj_start[v]..self.adj_start[v + 1] {
                        let w = self.adj[j as usize] as usize;
                        if self.seen[w] != visit && fresh(self, w) {
                            self.seen[w] = visit;
                            self.queue.push(w as u32);
                        }
                    }
                }
            }
        }
        for i in from..to {
            let v = self.bucket[i] as usize;
            if self.det[v] == OPEN && self.mark[v] == marked && self.ok[v] != reached {
                changed = true;
                if !self.remove(c, v, |x| x == l) {
                    return None;
                }
            }
        }
        Some(changed)
    }

    /// Removes every live option of node `v` whose label `drop` says. False if the node's
    /// item (or another primary item) lost its last option.
    fn remove(&self, c: &mut Cells, v: usize, drop: impl Fn(u32) -> bool) -> bool {
        let k = self.item[v];
        let base = get(&c.base, k);
        let mut at = base;
        while at < base + c.size(k) {
            let x = get(&c.set, at);
            if drop(self.label_of[get(&c.nd_opt, x) as usize]) {
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
}
