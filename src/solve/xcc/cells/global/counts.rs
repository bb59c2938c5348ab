//! `Global::Counts` on dancing cells (`lower/counts.rs`: a count of cells holding some values
//! in a region, in a spec with other global constraints): group g has between `lo` and `hi`
//! nodes in. After every choice each node is read as *in* (its item is covered by an option
//! putting it in, or every live option does), *out* (covered otherwise, or no live option puts
//! it in) or *open*; then, until nothing changes, per group:
//! 1. more than `hi` nodes in, or fewer than `lo` in or open, rejects;
//! 2. `hi` nodes in: the open ones are out (their *in* options are removed);
//! 3. `lo` nodes in or open: the open ones are in (their other options are removed).
//!
//! On a complete assignment no node is open and 1 rejects exactly the assignments with a
//! count out of its bounds.
use super::super::{Cells, get};
use super::{IN, Kind, OPEN, OUT, Prop};

impl Prop {
    /// Each node's state from its item's live options: in or out when they all agree.
    pub(super) fn read_sure(&mut self, c: &Cells) {
        for v in 0..self.nodes() {
            let k = self.item[v];
            self.state[v] = if c.active(k) {
                let base = get(&c.base, k);
                let (mut can_in, mut can_out) = (false, false);
                for at in base..base + c.size(k) {
                    let x = get(&c.set, at);
                    if self.is_in[get(&c.nd_opt, x) as usize] {
                        can_in = true;
                    } else {
                        can_out = true;
                    }
                }
                match (can_in, can_out) {
                    (true, true) => OPEN,
                    (true, false) => IN,
                    _ => OUT,
                }
            } else if self.is_in[get(&c.cover_by, k) as usize] {
                IN
            } else {
                OUT
            };
        }
    }

    pub(super) fn counts(&mut self, c: &mut Cells) -> bool {
        // Taken out while options are removed (`remove_options` borrows the whole node).
        let kind = std::mem::replace(&mut self.kind, Kind::Connected);
        let ok = self.count_groups(c, &kind);
        self.kind = kind;
        ok
    }

    fn count_groups(&mut self, c: &mut Cells, kind: &Kind) -> bool {
        let Kind::Counts { group_start, groups, bounds } = kind else { unreachable!() };
        let mut changed = true;
        while changed {
            changed = false;
            for g in 0..bounds.len() {
                let members = &groups[group_start[g] as usize..group_start[g + 1] as usize];
                let (mut ins, mut open) = (0, 0);
                for &v in members {
                    match self.state[v as usize] {
                        IN => ins += 1,
                        OPEN => open += 1,
                        _ => {}
                    }
                }
                let [lo, hi] = bounds[g];
                if ins > hi || ins + open < lo {
                    return false;
                }
                if open == 0 || (ins < hi && ins + open > lo) {
                    continue;
                }
                let inside = ins + open == lo; // else ins == hi: the open ones are out
                for &v in members {
                    let v = v as usize;
                    if self.state[v] == OPEN {
                        if !self.remove_options(c, v, !inside) {
                            return false;
                        }
                        self.state[v] = if inside { IN } else { OUT };
                    }
                }
                changed = true;
            }
        }
        true
    }
}
