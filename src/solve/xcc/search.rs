//! Knuth's Algorithm M (TAOCP 7.2.2.1: exact covering with multiplicities and colours),
//! which is Algorithm C whenever every primary item has multiplicity `1..1`.
//!
//! Per level `l` the search keeps `x[l]`, the node being tried (or the item's header when
//! the level chose to *close* its item), and `ft[l]`, the first node tweaked at that level.
//! Both stacks are allocated once: along one path each option is chosen at most once and
//! each item closed at most once, so `options + N1 + 1` levels always suffice.

use super::links::Links;
use super::tally::Tally;
use super::{Flow, Limits, Stats, Stop};
use crate::ir::xcc::{Global, OptionId};

struct Search<'a> {
    d: &'a mut Links,
    globals: &'a [Global],
    x: Vec<u32>,
    ft: Vec<u32>,
    chosen: Vec<OptionId>,
    tally: Tally<'a>,
}

/// Runs the search on `d`. When it ends with [`Stop::Exhausted`], `d` is back in its
/// initial state (the unit tests check this: it is how dancing links go wrong).
///
/// Global constraints (`globals`) are only checked on complete solutions here: a problem
/// with multiplicities and globals is rare, and dancing cells prune by them during the search.
pub(super) fn run(
    d: &mut Links,
    globals: &[Global],
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
) -> Stats {
    let Some(tally) = Tally::new(limits) else { return Tally::refused() };
    let depth = d.options as usize + d.n1 as usize + 1;
    let mut s = Search { d, globals, x: vec![0; depth], ft: vec![0; depth], chosen: Vec::with_capacity(depth), tally };
    let ended = s.solve(on_solution);
    s.tally.finish(ended)
}

impl Search<'_> {
    /// M1–M9. Returns `Err` with the reason when a limit or the callback ends the search.
    fn solve(&mut self, on_solution: &mut dyn FnMut(&[OptionId]) -> Flow) -> Result<(), Stop> {
        let mut l = 0; // M1. [Initialize.]
        loop {
            // M2. [Enter level l.]
            let descended = if self.d.item[0].rlink == 0 {
                self.visit(l, on_solution)?;
                false
            } else {
                self.tally.count_node()?;
                self.branch(l)
            };
            if descended {
                l += 1;
                continue;
            }
            // M9. [Leave level l.]
            loop {
                if l == 0 {
                    return Ok(());
                }
                l -= 1;
                if self.retry(l) {
                    break;
                }
            }
            l += 1;
        }
    }

    /// The visit in M2: report the options chosen so far (skipping levels that closed an item).
    fn visit(&mut self, l: usize, on_solution: &mut dyn FnMut(&[OptionId]) -> Flow) -> Result<(), Stop> {
        self.chosen.clear();
        for &x in &self.x[..l] {
            if x > self.d.n {
                self.chosen.push(OptionId(self.d.option_of[x as usize]));
            }
        }
        if !self.globals.iter().all(|g| g.holds(&self.chosen)) {
            return Ok(());
        }
        self.tally.visit(&self.chosen, on_solution)
    }

    /// M3–M6 at level `l`: true if an option (or closing the item) is now being tried.
    fn branch(&mut self, l: usize) -> bool {
        let (i, theta) = self.choose();
        if theta <= 0 {
            return false; // no branch can succeed: straight to M9
        }
        self.prepare(i, l);
        if self.advance(i, l) {
            return true;
        }
        self.restore(i, l);
        false
    }

    /// M3. [Choose i.] The active primary item with the fewest branches
    /// θ = LEN(i) + 1 − max(0, BOUND(i) − SLACK(i)), i.e. LEN(i) for a `1..1` item (MRV);
    /// ties go to the first item in item order.
    fn choose(&self) -> (u32, i64) {
        let d = &*self.d;
        let (mut best, mut best_theta) = (0, i64::MAX);
        let mut p = d.item[0].rlink;
        while p != 0 {
            let it = &d.item[p as usize];
            let need = it.bound as i64 - it.slack as i64;
            let theta = it.len as i64 + 1 - need.max(0);
            if theta < best_theta {
                (best, best_theta) = (p, theta);
                if theta <= 0 {
                    break; // a dead end: no other choice can do better
                }
            }
            p = it.rlink;
        }
        (best, best_theta)
    }

    /// M4. [Prepare to branch on i.] Use up one unit of i's bound; if none is left, i is
    /// covered now, as in Algorithm C's step C4.
    fn prepare(&mut self, i: u32, l: usize) {
        let d = &mut *self.d;
        self.x[l] = d.node[i as usize].dlink;
        self.ft[l] = self.x[l];
        d.item[i as usize].bound -= 1;
        if d.item[i as usize].bound == 0 {
            d.cover(i);
        }
    }

    /// M5. [Possibly tweak x_l.] then M6. [Try x_l.]: false means "go to M8".
    fn advance(&mut self, i: u32, l: usize) -> bool {
        let xl = self.x[l];
        let d = &mut *self.d;
        let (b, s) = (d.item[i as usize].bound, d.item[i as usize].slack);
        if b == 0 && s == 0 {
            // Plain exact cover (C5): try the options of i one after another.
            if xl == i {
                return false;
            }
        } else {
            // Not enough options left after x_l to reach i's lower bound.
            if d.item[i as usize].len as i64 <= b as i64 - s as i64 {
                return false;
            }
            if xl == i {
                // Close i: its lower bound is met and every option of i was tweaked away.
                if b != 0 {
                    d.deactivate(i);
                }
                return true;
            }
            d.tweak(xl, i, b != 0);
        }
        self.commit_others(xl);
        true
    }

    /// M6 (C5): commit the items of x_l other than the branching item, cyclically.
    fn commit_others(&mut self, xl: u32) {
        let d = &mut *self.d;
        let mut p = xl + 1;
        while p != xl {
            let j = d.node[p as usize].top;
            if j <= 0 {
                p = d.node[p as usize].ulink;
                continue;
            }
            let j = j as u32;
            if j <= d.n1 {
                d.item[j as usize].bound -= 1;
                if d.item[j as usize].bound == 0 {
                    d.cover(j);
                }
            } else {
                d.commit(p, j);
            }
            p += 1;
        }
    }

    /// M7 (C6) first half: undo [`commit_others`](Self::commit_others) in reverse order.
    fn uncommit_others(&mut self, xl: u32) {
        let d = &mut *self.d;
        let mut p = xl - 1;
        while p != xl {
            let j = d.node[p as usize].top;
            if j <= 0 {
                p = d.node[p as usize].dlink;
                continue;
            }
            let j = j as u32;
            if j <= d.n1 {
                if d.item[j as usize].bound == 0 {
                    d.uncover(j);
                }
                d.item[j as usize].bound += 1;
            } else {
                d.uncommit(p, j);
            }
            p -= 1;
        }
    }

    /// M9's continuation at level `l` after the level above it was left: if the level closed
    /// its item, reopen it and restore (M8); otherwise M7. [Try again.] with the next node.
    fn retry(&mut self, l: usize) -> bool {
        let xl = self.x[l];
        if xl <= self.d.n {
            let i = xl;
            if self.d.item[i as usize].bound != 0 {
                self.d.reactivate(i);
            }
            self.restore(i, l);
            return false;
        }
        let i = self.d.node[xl as usize].top as u32;
        self.uncommit_others(xl);
        self.x[l] = self.d.node[xl as usize].dlink;
        if self.advance(i, l) {
            return true;
        }
        self.restore(i, l);
        false
    }

    /// M8. [Restore i.] Undo M5's tweaks and M4's cover, and give back the unit of bound.
    fn restore(&mut self, i: u32, l: usize) {
        let d = &mut *self.d;
        let b = d.item[i as usize].bound;
        if b != 0 || d.item[i as usize].slack != 0 {
            d.untweak(i, self.ft[l], b != 0);
        }
        if b == 0 {
            d.uncover(i);
        }
        d.item[i as usize].bound = b + 1;
    }
}
