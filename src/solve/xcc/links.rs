//! The dancing-links matrix in Knuth's node layout (TAOCP 7.2.2.1, Table 1 and (50)–(57)),
//! with the item fields of Algorithm M (BOUND, SLACK).
//!
//! Item records `0..=N+1`: `llink`/`rlink` make two circular lists of *active* items, the
//! primary ones headed by record 0 and the secondary ones by record N+1. Item `k` of the
//! IR is record `k + 1`.
//!
//! Node records: node `i` in `1..=N` is the header of item `i`'s vertical list; then come
//! the options, each preceded and followed by a *spacer* (TOP ≤ 0) whose DLINK points to
//! the last node of the next option and whose ULINK points to the first node of the
//! previous one, so a walk along an option can wrap around without knowing its length.
//! Options without a primary item can never be chosen and are left out.

use crate::ir::xcc::{ItemKind, XccProblem};

/// `COLOR(q) = PURIFIED` marks a node whose option already agrees with the colour that an
/// earlier choice fixed for its secondary item (Knuth's −1 in step C5's `purify`).
const PURIFIED: i32 = -1;

/// An item record (Knuth's LLINK, RLINK, plus LEN, which Knuth keeps in the header node,
/// and Algorithm M's BOUND and SLACK), kept together because the choice step reads them
/// together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct ItemRec {
    pub llink: u32,
    pub rlink: u32,
    /// LEN(i): how many options are currently in item `i`'s list.
    pub len: u32,
    /// BOUND(i): how many more times primary item `i` may still be covered.
    pub bound: u32,
    /// SLACK(i) = hi − lo, constant: item `i` has met its lower bound iff BOUND(i) ≤ SLACK(i).
    pub slack: u32,
}

/// A node record: one 16-byte record, so `hide` touches one cache line per node.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Node {
    /// TOP(x): the item record of node `x`, or ≤ 0 for a spacer.
    pub top: i32,
    pub ulink: u32,
    pub dlink: u32,
    /// COLOR(x): 0 for "no colour", a colour id, or [`PURIFIED`].
    pub color: i32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Links {
    /// N1, the number of primary items; records `1..=n1` are primary.
    pub n1: u32,
    /// N, the number of items.
    pub n: u32,
    pub item: Vec<ItemRec>,
    pub node: Vec<Node>,
    /// The IR option id of each option node (0 for headers and spacers).
    pub option_of: Vec<u32>,
    /// How many options made it into the matrix (those with a primary item).
    pub options: u32,
}

impl Links {
    /// Lays out a valid problem (see [`XccProblem::validate`]).
    pub fn new(p: &XccProblem) -> Links {
        let n = p.items.len() as u32;
        let nodes = 2 + n as usize + p.option_items.len() + p.option_count();
        let mut d = Links {
            n1: p.n_primary as u32,
            n,
            item: vec![ItemRec::default(); n as usize + 2],
            node: Vec::with_capacity(nodes),
            option_of: Vec::with_capacity(nodes),
            options: 0,
        };
        d.init_items(p);
        d.init_options(p);
        d
    }

    fn init_items(&mut self, p: &XccProblem) {
        let (n, n1) = (self.n, self.n1);
        for i in 1..=n {
            self.item[i as usize].llink = i - 1;
            self.item[i as usize - 1].rlink = i;
        }
        self.item[n as usize + 1].llink = n;
        self.item[n as usize].rlink = n + 1;
        // Split the ring 0 ↔ 1..=N ↔ N+1 into 0 ↔ primaries and N+1 ↔ secondaries.
        self.item[n1 as usize + 1].llink = n + 1;
        self.item[n as usize + 1].rlink = n1 + 1;
        self.item[0].llink = n1;
        self.item[n1 as usize].rlink = 0;
        for (k, item) in p.items.iter().enumerate() {
            if let ItemKind::Primary { lo, hi } = item.kind {
                self.item[k + 1].bound = hi;
                self.item[k + 1].slack = hi - lo;
            }
        }
        // Node 0 is unused; nodes 1..=N are the empty vertical lists.
        for i in 0..=n {
            self.push_node(0, i, i, 0, 0);
        }
    }

    fn init_options(&mut self, p: &XccProblem) {
        self.push_node(0, 0, 0, 0, 0); // the first spacer
        for o in 0..p.option_count() {
            let entries = &p.option_items[p.option_start[o] as usize..p.option_start[o + 1] as usize];
            if !entries.iter().any(|e| (e.item.0 as usize) < p.n_primary) {
                continue;
            }
            let spacer = self.node.len() - 1;
            for e in entries {
                let i = e.item.0 + 1;
                let q = self.node.len() as u32;
                let last = self.node[i as usize].ulink;
                self.push_node(i as i32, last, i, e.colour.0 as i32, o as u32);
                self.node[last as usize].dlink = q;
                self.node[i as usize].ulink = q;
                self.item[i as usize].len += 1;
            }
            self.options += 1;
            let last = self.node.len() as u32 - 1;
            self.node[spacer].dlink = last;
            let first = spacer as u32 + 1;
            self.push_node(-(self.options as i32), first, 0, 0, 0);
        }
    }

    fn push_node(&mut self, top: i32, up: u32, down: u32, color: i32, option: u32) {
        self.node.push(Node { top, ulink: up, dlink: down, color });
        self.option_of.push(option);
    }

    /// `hide(p)` (TAOCP (51), with Algorithm C's colour test): unlink every other node of
    /// `p`'s option from its item's list, except nodes already known to agree in colour.
    pub fn hide(&mut self, p: u32) {
        let mut q = p + 1;
        while q != p {
            let x = self.node[q as usize].top;
            if x <= 0 {
                q = self.node[q as usize].ulink;
                continue;
            }
            if self.node[q as usize].color >= 0 {
                let (u, d) = (self.node[q as usize].ulink, self.node[q as usize].dlink);
                self.node[u as usize].dlink = d;
                self.node[d as usize].ulink = u;
                self.item[x as usize].len -= 1;
            }
            q += 1;
        }
    }

    /// `unhide(p)` (TAOCP (54)): exactly undoes `hide(p)`, walking the option backwards.
    pub fn unhide(&mut self, p: u32) {
        let mut q = p - 1;
        while q != p {
            let x = self.node[q as usize].top;
            if x <= 0 {
                q = self.node[q as usize].dlink;
                continue;
            }
            if self.node[q as usize].color >= 0 {
                let (u, d) = (self.node[q as usize].ulink, self.node[q as usize].dlink);
                self.node[u as usize].dlink = q;
                self.node[d as usize].ulink = q;
                self.item[x as usize].len += 1;
            }
            q -= 1;
        }
    }

    /// `cover(i)` (TAOCP (50)): hide every option of item `i`, then deactivate `i`.
    pub fn cover(&mut self, i: u32) {
        let mut p = self.node[i as usize].dlink;
        while p != i {
            self.hide(p);
            p = self.node[p as usize].dlink;
        }
        let (l, r) = (self.item[i as usize].llink, self.item[i as usize].rlink);
        self.item[l as usize].rlink = r;
        self.item[r as usize].llink = l;
    }

    /// `uncover(i)` (TAOCP (53)): reactivate `i`, then unhide its options bottom-up.
    pub fn uncover(&mut self, i: u32) {
        let (l, r) = (self.item[i as usize].llink, self.item[i as usize].rlink);
        self.item[l as usize].rlink = i;
        self.item[r as usize].llink = i;
        let mut p = self.node[i as usize].ulink;
        while p != i {
            self.unhide(p);
            p = self.node[p as usize].ulink;
        }
    }

    /// Deactivate item `i` without touching its options (Algorithm M's "close" branch).
    pub fn deactivate(&mut self, i: u32) {
        let (l, r) = (self.item[i as usize].llink, self.item[i as usize].rlink);
        self.item[l as usize].rlink = r;
        self.item[r as usize].llink = l;
    }

    pub fn reactivate(&mut self, i: u32) {
        let (l, r) = (self.item[i as usize].llink, self.item[i as usize].rlink);
        self.item[l as usize].rlink = i;
        self.item[r as usize].llink = i;
    }

    /// `commit(p, j)` (Algorithm C, (55)): node `p` of a chosen option lies in secondary
    /// item `j`'s list; an uncoloured claim covers `j`, a coloured one purifies it.
    pub fn commit(&mut self, p: u32, j: u32) {
        match self.node[p as usize].color {
            0 => self.cover(j),
            c if c > 0 => self.purify(p),
            _ => {} // already purified to this colour by an earlier choice
        }
    }

    /// `uncommit(p, j)` (Algorithm C, (57)).
    pub fn uncommit(&mut self, p: u32, j: u32) {
        match self.node[p as usize].color {
            0 => self.uncover(j),
            c if c > 0 => self.unpurify(p),
            _ => {}
        }
    }

    /// `purify(p)` (Algorithm C, (56)): keep only options that give `p`'s item `p`'s colour,
    /// marking them [`PURIFIED`] so later choices neither hide nor re-purify them.
    fn purify(&mut self, p: u32) {
        let c = self.node[p as usize].color;
        let i = self.node[p as usize].top as u32;
        let mut q = self.node[i as usize].dlink;
        while q != i {
            if self.node[q as usize].color == c {
                self.node[q as usize].color = PURIFIED;
            } else {
                self.hide(q);
            }
            q = self.node[q as usize].dlink;
        }
    }

    /// `unpurify(p)` (Algorithm C, (57)). `p` itself was hidden before `purify(p)` ran, so
    /// `COLOR(p)` still holds the colour to restore.
    fn unpurify(&mut self, p: u32) {
        let c = self.node[p as usize].color;
        let i = self.node[p as usize].top as u32;
        let mut q = self.node[i as usize].ulink;
        while q != i {
            if self.node[q as usize].color < 0 {
                self.node[q as usize].color = c;
            } else {
                self.unhide(q);
            }
            q = self.node[q as usize].ulink;
        }
    }

    /// `tweak(x, b)` / `tweak'(x)` (Algorithm M): remove `x`, the first node of item `i`'s
    /// list, from that list so no deeper level can choose it again; when `i` is still
    /// uncovered (`hide_too`) also hide `x`'s option from the other items.
    pub fn tweak(&mut self, x: u32, i: u32, hide_too: bool) {
        if hide_too {
            self.hide(x);
        }
        let d = self.node[x as usize].dlink;
        self.node[i as usize].dlink = d;
        self.node[d as usize].ulink = i;
        self.item[i as usize].len -= 1;
    }

    /// `untweak(a)` / `untweak'(a)` (Algorithm M): put back the run of nodes tweaked out of
    /// item `i`'s list since `a` was its first node, and unhide them in reverse order.
    /// The tweaked nodes still chain through their DLINKs up to the current first node.
    pub fn untweak(&mut self, i: u32, a: u32, unhide_too: bool) {
        let z = self.node[i as usize].dlink;
        self.node[i as usize].dlink = a;
        let (mut y, mut q, mut k) = (i, a, 0);
        while q != z {
            self.node[q as usize].ulink = y;
            k += 1;
            y = q;
            q = self.node[q as usize].dlink;
        }
        self.node[z as usize].ulink = y;
        self.item[i as usize].len += k;
        if unhide_too {
            let mut q = y;
            while q != i {
                self.unhide(q);
                q = self.node[q as usize].ulink;
            }
        }
    }
}
