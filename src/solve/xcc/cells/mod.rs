//! The exact-cover-with-colours matrix as *dancing cells* (Knuth's sparse-set XCC,
//! SSXCC, TAOCP 7.2.2.3 pre-fascicle 7A): every item keeps its live options in a dense
//! slice of one array, each node knows its position there, and removing a node swaps it
//! with the last live one and shrinks the size. Nothing is relinked on backtracking: the
//! sizes changed at a level are saved once on a trail and simply written back.
//!
//! Only *active* items (not yet covered, and secondary items not yet claimed or purified)
//! keep their sets up to date; an inactive item's slice is frozen, which is what lets a
//! level walk its branching item's options by position while deeper levels run.
//!
//! The active items are two dense arrays (primary, secondary) with a position map, so
//! deactivating is a swap and reactivating all items deactivated since a level began is
//! restoring one count.

mod global;
pub(super) mod probe;
pub(super) mod search;
mod weights;

use crate::ir::xcc::XccProblem;

/// The matrix, one array per field (a node's or an item's fields are read and written at
/// different times, and separate arrays keep those accesses small and independent).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Cells {
    /// Items `0..np` are primary.
    pub np: u32,
    /// Option k has nodes `opt_start[k]..opt_start[k + 1]`; options without a primary item
    /// are left out, as in Knuth's programs (they could never be chosen).
    pub opt_start: Vec<u32>,
    /// The IR option id of each option kept.
    pub opt_id: Vec<u32>,
    /// Per node: its item, its option, its colour (0 = none) and its index in `set`.
    pub nd_item: Vec<u32>,
    pub nd_opt: Vec<u32>,
    pub nd_colour: Vec<u32>,
    pub nd_loc: Vec<u32>,
    /// Item k's slice of node indices is `set[base[k]..]`, of which the first
    /// `size[pos[k]]` are its live options.
    pub set: Vec<u32>,
    pub base: Vec<u32>,
    /// Items' sizes in the order of `act` (moved with the items when they are swapped):
    /// the choice of an item then scans `size[0..npa]`, a dense array the compiler turns
    /// into vector instructions, instead of gathering `size[act[p]]`.
    pub size: Vec<u32>,
    /// Active primary items are `act[0..npa]`, active secondary ones `act[np..np + nsa]`;
    /// `pos[k]` is item k's index in `act`.
    pub act: Vec<u32>,
    pub pos: Vec<u32>,
    pub npa: u32,
    pub nsa: u32,
    /// (item, size) pairs saved before an item's first change in the current try.
    pub trail: Vec<(u32, u32)>,
    /// The current try's stamp; 0 is never used, so a new item never matches.
    pub epoch: u32,
    /// Per item, the stamp of the try that last saved its size.
    pub saved: Vec<u32>,
    /// Per item, the stamp of the last try whose option contains it.
    pub in_try: Vec<u32>,
    /// Per item, the last option committed that contains it: for an inactive primary item,
    /// the option chosen for it (read by the global constraints).
    pub cover_by: Vec<u32>,
    /// The problem's global constraints, checked after every choice (`global.rs`).
    pub globals: global::Globals,
    /// The option last committed: the choice the global constraints are called after.
    pub last: u32,
    /// The items' weights when the problem branches by them (`weights.rs`).
    pub weights: Option<weights::Weights>,
    /// The primary item a try left with no option (`u32::MAX` for none yet), for the weights.
    pub emptied: u32,
}

/// `v[i]` without a bounds check. Every index the search uses comes from the layout that
/// [`Cells::new`] builds, which stores only indices in range (checked in debug builds).
#[inline(always)]
fn get(v: &[u32], i: u32) -> u32 {
    let i = i as usize;
    debug_assert!(i < v.len());
    // SAFETY: see above.
    unsafe { *v.get_unchecked(i) }
}

/// `v[i] = x` without a bounds check (see [`get`]).
#[inline(always)]
fn put(v: &mut [u32], i: u32, x: u32) {
    let i = i as usize;
    debug_assert!(i < v.len());
    // SAFETY: see [`get`].
    unsafe { *v.get_unchecked_mut(i) = x }
}

impl Cells {
    /// Lays out a valid problem whose primary items are all `1..1`.
    pub fn new(p: &XccProblem) -> Cells {
        let n = p.items.len();
        let np = p.n_primary;
        let mut c = Cells {
            np: np as u32,
            opt_start: vec![0],
            opt_id: Vec::new(),
            nd_item: Vec::with_capacity(p.option_items.len()),
            nd_opt: Vec::with_capacity(p.option_items.len()),
            nd_colour: Vec::with_capacity(p.option_items.len()),
            nd_loc: Vec::new(),
            set: Vec::new(),
            base: vec![0; n],
            size: vec![0; n],
            act: (0..n as u32).collect(),
            pos: (0..n as u32).collect(),
            npa: np as u32,
            nsa: (n - np) as u32,
            trail: Vec::new(),
            epoch: 1,
            saved: vec![0; n],
            in_try: vec![0; n],
            cover_by: vec![0; n],
            globals: global::Globals::default(),
            last: 0,
            weights: p.weighted.then(|| weights::Weights::new(n)),
            emptied: u32::MAX,
        };
        for o in 0..p.option_count() {
            let entries = &p.option_items[p.option_start[o] as usize..p.option_start[o + 1] as usize];
            if !entries.iter().any(|e| (e.item.0 as usize) < np) {
                continue;
            }
            let k = c.opt_id.len() as u32;
            for e in entries {
                c.nd_item.push(e.item.0);
                c.nd_opt.push(k);
                c.nd_colour.push(e.colour.0);
                c.size[e.item.0 as usize] += 1;
            }
            c.opt_id.push(o as u32);
            c.opt_start.push(c.nd_item.len() as u32);
        }
        let mut base = 0;
        for k in 0..n {
            c.base[k] = base;
            base += c.size[k];
            c.size[k] = 0;
        }
        c.set = vec![0; base as usize];
        c.nd_loc = vec![0; c.nd_item.len()];
        for x in 0..c.nd_item.len() {
            let k = c.nd_item[x] as usize;
            let at = c.base[k] + c.size[k];
            c.set[at as usize] = x as u32;
            c.nd_loc[x] = at;
            c.size[k] += 1;
        }
        c.globals = global::Globals::new(p, &c);
        c
    }

    /// After a committed choice: do the global constraints still hold (options they rule
    /// out are removed, on the trail)?
    #[inline]
    pub fn propagate(&mut self) -> bool {
        if self.globals.is_empty() {
            return true;
        }
        let mut g = std::mem::take(&mut self.globals);
        let ok = g.propagate(self);
        self.globals = g;
        ok
    }

    /// [`propagate`](Self::propagate) without a choice just made: the global constraints
    /// that read their state afresh (`Globals::refresh`), for the grader.
    pub fn refresh(&mut self) -> bool {
        if self.globals.is_empty() {
            return true;
        }
        let mut g = std::mem::take(&mut self.globals);
        let ok = g.refresh(self);
        self.globals = g;
        ok
    }

    /// How many live options item `k` has.
    #[inline(always)]
    pub fn size(&self, k: u32) -> u32 {
        get(&self.size, get(&self.pos, k))
    }

    /// Is item `k` active (its set maintained)?
    #[inline]
    fn active(&self, k: u32) -> bool {
        let pos = get(&self.pos, k);
        if k < self.np { pos < self.npa } else { pos < self.np + self.nsa }
    }

    /// Moves item `k`, which must be active, out of the active array of its kind.
    #[inline]
    fn deactivate(&mut self, k: u32) {
        let last = if k < self.np {
            self.npa -= 1;
            self.npa
        } else {
            self.nsa -= 1;
            self.np + self.nsa
        };
        let pos = get(&self.pos, k);
        let other = get(&self.act, last);
        put(&mut self.act, pos, other);
        put(&mut self.pos, other, pos);
        put(&mut self.act, last, k);
        put(&mut self.pos, k, last);
        let (size, other_size) = (get(&self.size, pos), get(&self.size, last));
        put(&mut self.size, pos, other_size);
        put(&mut self.size, last, size);
    }

    /// Starts a new try: later size changes are saved (once per item) on the trail.
    #[inline]
    pub fn new_try(&mut self) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            // Stamps only save work; clearing them after 2³² tries keeps them sound.
            self.saved.iter_mut().for_each(|s| *s = 0);
            self.in_try.iter_mut().for_each(|s| *s = 0);
            self.epoch = 1;
        }
    }

    /// Writes back every size saved since the trail had length `mark`.
    #[inline]
    pub fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (k, size) = self.trail.pop().unwrap();
            put(&mut self.size, get(&self.pos, k), size);
        }
    }

    /// Removes node `x` from its active item's set. Returns false if a primary item has
    /// just lost its last option and is not an item of the option being tried (so the try
    /// cannot succeed).
    #[inline]
    fn remove(&mut self, x: u32) -> bool {
        let k = get(&self.nd_item, x);
        let epoch = self.epoch;
        let at_k = get(&self.pos, k);
        let size = get(&self.size, at_k);
        if get(&self.saved, k) != epoch {
            put(&mut self.saved, k, epoch);
            self.trail.push((k, size));
        }
        let size = size - 1;
        put(&mut self.size, at_k, size);
        let last = get(&self.base, k) + size;
        let at = get(&self.nd_loc, x);
        let y = get(&self.set, last);
        put(&mut self.set, last, x);
        put(&mut self.set, at, y);
        put(&mut self.nd_loc, y, at);
        put(&mut self.nd_loc, x, last);
        let alive = size != 0 || k >= self.np || get(&self.in_try, k) == epoch;
        if !alive {
            self.emptied = k;
        }
        alive
    }

    /// Hides the option of node `x` (whose item is inactive) from the other items' sets.
    /// Returns false if a primary item lost its last option.
    ///
    /// Every other item of a live option is active (covering an item hides all its live
    /// options at once), except a secondary item purified to this option's colour, whose
    /// set is frozen and is left alone.
    #[inline]
    fn hide(&mut self, x: u32) -> bool {
        let o = get(&self.nd_opt, x);
        let mut ok = true;
        for z in get(&self.opt_start, o)..get(&self.opt_start, o + 1) {
            let k = get(&self.nd_item, z);
            if z == x || (k >= self.np && !self.active(k)) {
                continue;
            }
            ok &= self.remove(z);
        }
        ok
    }

    /// `cover(i)` (step C4): deactivates item `i` and hides every live option of it. An
    /// item may be left empty here and covered by the option tried next, so emptiness is
    /// only noticed from [`commit`](Self::commit) on.
    pub fn cover(&mut self, i: u32) {
        self.deactivate(i);
        let base = get(&self.base, i);
        for pos in base..base + self.size(i) {
            self.hide(get(&self.set, pos));
        }
    }

    /// Step C5 for the option of node `x`, whose item was covered by [`cover`](Self::cover):
    /// every other item of the option is covered too, or, for a secondary item the option
    /// gives a colour, *purified* (options giving it another colour, or none, are hidden and
    /// the item becomes inactive). Returns false, stopping early, as soon as a primary item
    /// is left with no option.
    pub fn commit(&mut self, x: u32) -> bool {
        let o = get(&self.nd_opt, x);
        self.last = o;
        for z in get(&self.opt_start, o)..get(&self.opt_start, o + 1) {
            put(&mut self.in_try, get(&self.nd_item, z), self.epoch);
            put(&mut self.cover_by, get(&self.nd_item, z), o);
        }
        for z in get(&self.opt_start, o)..get(&self.opt_start, o + 1) {
            let (j, c) = (get(&self.nd_item, z), get(&self.nd_colour, z));
            if z == x || (j >= self.np && !self.active(j)) {
                continue; // the branching item, or an item purified to colour c already
            }
            self.deactivate(j);
            let base = get(&self.base, j);
            for pos in base..base + self.size(j) {
                let y = get(&self.set, pos);
                if (c == 0 || get(&self.nd_colour, y) != c) && !self.hide(y) {
                    return false;
                }
            }
        }
        true
    }

    /// Sorts the live options of item `k` by node index (= option order) and returns its
    /// slice's bounds: a level tries them in this order.
    pub fn sort_options(&mut self, k: u32) -> (u32, u32) {
        let (base, size) = (self.base[k as usize], self.size(k));
        let slice = &mut self.set[base as usize..(base + size) as usize];
        if !slice.is_sorted() {
            slice.sort_unstable();
            for (at, &x) in (base..).zip(slice.iter()) {
                self.nd_loc[x as usize] = at;
            }
        }
        (base, base + size)
    }
}
