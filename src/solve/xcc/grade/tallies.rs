//! The grader's levels (`xcc/grade.rs`) on plain counts, for any multiplicities: each
//! option is open, taken or gone; each primary item counts its taken and open options;
//! each secondary item remembers the colour it was claimed with. Every change is logged
//! with what it replaced, so a probe is undone by replaying the log backwards.
//!
//! Level 0 on a primary item `lo..hi` with `t` taken and `n` open: `t > hi` or `t + n < lo`
//! is a contradiction; `t == hi` removes the open ones; `t + n == lo` takes them all. Taking
//! an option claims its secondary items: an item claimed without a colour, or with another
//! colour, is a contradiction, and the open options that would clash with the claim go.
//! Global constraints are checked on the complete assignment (`Global::holds`), as
//! Algorithm M does.
use crate::ir::xcc::{Global, ItemKind, OptionId, XccProblem};
use crate::solve::xcc::grade::{Broken, Matrix};

const OPEN: u8 = 0;
const TAKEN: u8 = 1;
const GONE: u8 = 2;
/// A secondary item nobody claimed yet.
const FREE: u32 = u32::MAX;

enum Change {
    /// Option `x` was open.
    Option(u32),
    /// Secondary item `s` was claimed with this colour (or `FREE`).
    Claim(u32, u32),
}

pub(in crate::solve::xcc) struct Tallies {
    np: usize,
    bounds: Vec<(u32, u32)>,
    /// Option `x` (of the layout) is `entries[start[x]..start[x + 1]]`: (item, colour).
    start: Vec<u32>,
    entries: Vec<(u32, u32)>,
    /// Per item, the options with it and their colours there.
    item_start: Vec<u32>,
    item_opts: Vec<(u32, u32)>,
    id: Vec<OptionId>,
    given: Vec<bool>,
    globals: Vec<Global>,
    state: Vec<u8>,
    taken: Vec<u32>,
    open: Vec<u32>,
    claim: Vec<u32>,
    left: usize,
    log: Vec<Change>,
}

impl Tallies {
    pub fn new(p: &XccProblem, given: &[bool]) -> Tallies {
        let np = p.n_primary;
        let n = p.items.len();
        let mut t = Tallies {
            np,
            bounds: p.items[..np]
                .iter()
                .map(|it| match it.kind {
                    ItemKind::Primary { lo, hi } => (lo, hi),
                    ItemKind::Secondary => unreachable!("primary items first"),
                })
                .collect(),
            start: vec![0],
            entries: Vec::new(),
            item_start: vec![0; n + 1],
            item_opts: Vec::new(),
            id: Vec::new(),
            given: Vec::new(),
            globals: p.globals.clone(),
            state: Vec::new(),
            taken: vec![0; np],
            open: vec![0; np],
            claim: vec![FREE; n],
            left: 0,
            log: Vec::new(),
        };
        for o in 0..p.option_count() {
            let es = p.option(OptionId(o as u32));
            if !es.iter().any(|e| (e.item.0 as usize) < np) {
                continue; // never taken, as in Knuth's programs
            }
            t.entries.extend(es.iter().map(|e| (e.item.0, e.colour.0)));
            t.start.push(t.entries.len() as u32);
            t.id.push(OptionId(o as u32));
            t.given.push(given.get(o).copied().unwrap_or(false));
            for e in es {
                t.item_start[e.item.0 as usize + 1] += 1;
                if (e.item.0 as usize) < np {
                    t.open[e.item.0 as usize] += 1;
                }
            }
        }
        for k in 0..n {
            t.item_start[k + 1] += t.item_start[k];
        }
        let mut fill = t.item_start.clone();
        t.item_opts = vec![(0, 0); t.entries.len()];
        for x in 0..t.id.len() {
            for z in t.start[x]..t.start[x + 1] {
                let (k, colour) = t.entries[z as usize];
                t.item_opts[fill[k as usize] as usize] = (x as u32, colour);
                fill[k as usize] += 1;
            }
        }
        t.state = vec![OPEN; t.id.len()];
        t.left = t.id.len();
        t
    }

    fn entries_of(&self, x: u32) -> std::ops::Range<usize> {
        self.start[x as usize] as usize..self.start[x as usize + 1] as usize
    }

    fn options_of(&self, k: usize) -> std::ops::Range<usize> {
        self.item_start[k] as usize..self.item_start[k + 1] as usize
    }

    /// Open option `x` becomes `to` (taken or gone).
    fn decide(&mut self, x: u32, to: u8) {
        debug_assert_eq!(self.state[x as usize], OPEN);
        self.state[x as usize] = to;
        self.left -= 1;
        self.log.push(Change::Option(x));
        for z in self.entries_of(x) {
            let k = self.entries[z].0 as usize;
            if k < self.np {
                self.open[k] -= 1;
                if to == TAKEN {
                    self.taken[k] += 1;
                }
            }
        }
    }

    /// Takes open option `x`: its secondary items claimed, the options clashing there gone.
    fn take(&mut self, x: u32) -> Result<(), Broken> {
        self.decide(x, TAKEN);
        for z in self.entries_of(x) {
            let (k, colour) = self.entries[z];
            if (k as usize) < self.np {
                continue;
            }
            let had = self.claim[k as usize];
            if had != FREE && (colour == 0 || had != colour) {
                return Err(Broken);
            }
            if had == FREE {
                self.log.push(Change::Claim(k, had));
                self.claim[k as usize] = colour;
            }
            for i in self.options_of(k as usize) {
                let (y, c) = self.item_opts[i];
                if self.state[y as usize] == OPEN && (colour == 0 || c != colour) {
                    self.decide(y, GONE);
                }
            }
        }
        Ok(())
    }

    /// One pass of the items' rules: `Ok(true)` when something changed.
    fn pass(&mut self, steps: &mut u64) -> Result<bool, Broken> {
        let mut changed = false;
        for k in 0..self.np {
            let (lo, hi) = self.bounds[k];
            let (t, n) = (self.taken[k], self.open[k]);
            if t > hi || t + n < lo {
                return Err(Broken);
            }
            if n == 0 || (t < hi && t + n > lo) {
                continue;
            }
            changed = true;
            let take = t < hi; // t + n == lo: all open ones; else t == hi: none
            for i in self.options_of(k) {
                let y = self.item_opts[i].0;
                if self.state[y as usize] != OPEN {
                    continue;
                }
                if take {
                    self.take(y)?;
                    if !self.given[y as usize] {
                        *steps += 1;
                    }
                } else {
                    self.decide(y, GONE);
                }
            }
        }
        Ok(changed)
    }
}

impl Matrix for Tallies {
    type Mark = usize;

    fn mark(&self) -> usize {
        self.log.len()
    }

    fn reset(&mut self, m: usize) {
        while self.log.len() > m {
            match self.log.pop().unwrap() {
                Change::Claim(k, had) => self.claim[k as usize] = had,
                Change::Option(x) => {
                    let was = std::mem::replace(&mut self.state[x as usize], OPEN);
                    self.left += 1;
                    for z in self.entries_of(x) {
                        let k = self.entries[z].0 as usize;
                        if k < self.np {
                            self.open[k] += 1;
                            if was == TAKEN {
                                self.taken[k] -= 1;
                            }
                        }
                    }
                }
            }
        }
    }

    fn settle(&mut self, steps: &mut u64) -> Result<(), Broken> {
        while self.pass(steps)? {}
        if self.left == 0 && !self.globals.is_empty() {
            let chosen: Vec<OptionId> =
                (0..self.id.len()).filter(|&x| self.state[x] == TAKEN).map(|x| self.id[x]).collect();
            if !self.globals.iter().all(|g| g.holds(&chosen)) {
                return Err(Broken);
            }
        }
        Ok(())
    }

    fn solved(&self) -> bool {
        self.left == 0
    }

    fn open(&self, out: &mut Vec<u32>) {
        out.extend((0..self.state.len() as u32).filter(|&x| self.state[x as usize] == OPEN));
    }

    fn assume(&mut self, x: u32) -> Result<(), Broken> {
        self.take(x)
    }

    fn exclude(&mut self, x: u32) -> Result<(), Broken> {
        self.decide(x, GONE);
        Ok(())
    }
}
