//! The grader's levels (`xcc/grade.rs`) on dancing cells: the search's own moves — cover an
//! item, commit an option, let the global constraints propagate, undo by the trail — driven
//! by deduction instead of branching. An item with one live option takes it; an item with
//! none is a contradiction, as is a choice a global constraint rejects; a probe is a try
//! undone by writing back the sizes on the trail.
//!
//! A try starts a new stamp before it changes anything (`new_try`): a size saved under the
//! stamp of a probe that was undone must be saved again by the next change.
use super::{Cells, get};
use crate::ir::xcc::XccProblem;
use crate::solve::xcc::grade::{Broken, Matrix};

pub(in crate::solve::xcc) struct Probe {
    c: Cells,
    /// Per option of the layout, its node in its first primary item.
    node: Vec<u32>,
    /// Per option of the layout, whether it is a clue (taking it is no step).
    given: Vec<bool>,
}

#[derive(Clone, Copy, Debug)]
pub(in crate::solve::xcc) struct Mark {
    trail: usize,
    npa: u32,
    nsa: u32,
}

impl Probe {
    /// `p`'s primary items must all be `1..1`; `given` flags options by id.
    pub fn new(p: &XccProblem, given: &[bool]) -> Probe {
        let mut c = Cells::new(p);
        c.weights = None; // the grader chooses no branch
        let node = (0..c.opt_id.len())
            .map(|k| {
                (c.opt_start[k]..c.opt_start[k + 1]).find(|&z| c.nd_item[z as usize] < c.np).expect("a primary item")
            })
            .collect();
        let given = c.opt_id.iter().map(|&o| given.get(o as usize).copied().unwrap_or(false)).collect();
        Probe { c, node, given }
    }

    /// Is the option of node `z` live in its (primary) item's set?
    fn live(&self, z: u32) -> bool {
        let k = get(&self.c.nd_item, z);
        self.c.active(k) && get(&self.c.nd_loc, z) < get(&self.c.base, k) + self.c.size(k)
    }

    /// Covers the item of node `z` and commits its option; the global constraints follow.
    fn take(&mut self, z: u32) -> Result<(), Broken> {
        self.c.new_try();
        self.c.cover(get(&self.c.nd_item, z));
        if self.c.commit(z) && self.c.propagate() { Ok(()) } else { Err(Broken) }
    }
}

impl Matrix for Probe {
    type Mark = Mark;

    fn mark(&self) -> Mark {
        Mark { trail: self.c.trail.len(), npa: self.c.npa, nsa: self.c.nsa }
    }

    fn reset(&mut self, m: Mark) {
        self.c.undo(m.trail);
        (self.c.npa, self.c.nsa) = (m.npa, m.nsa);
    }

    fn settle(&mut self, steps: &mut u64) -> Result<(), Broken> {
        loop {
            let n = self.c.npa as usize;
            match self.c.size[..n].iter().position(|&s| s <= 1) {
                Some(at) if self.c.size[at] == 0 => return Err(Broken),
                Some(at) => {
                    let k = self.c.act[at];
                    let z = get(&self.c.set, get(&self.c.base, k));
                    self.take(z)?;
                    if !self.given[get(&self.c.nd_opt, z) as usize] {
                        *steps += 1;
                    }
                }
                None => {
                    // Nothing forced by the items: what the global constraints read afresh
                    // (after options went without a choice, or before the first) may be.
                    let before = self.c.trail.len();
                    self.c.new_try();
                    if !self.c.refresh() {
                        return Err(Broken);
                    }
                    if self.c.trail.len() == before {
                        return Ok(());
                    }
                }
            }
        }
    }

    fn solved(&self) -> bool {
        self.c.npa == 0
    }

    fn open(&self, out: &mut Vec<u32>) {
        out.extend((0..self.node.len() as u32).filter(|&x| self.live(self.node[x as usize])));
    }

    fn assume(&mut self, x: u32) -> Result<(), Broken> {
        self.take(self.node[x as usize])
    }

    fn exclude(&mut self, x: u32) -> Result<(), Broken> {
        let z = self.node[x as usize];
        self.c.new_try();
        // An item left empty is found by the next `settle`.
        let _ = self.c.remove(z) & self.c.hide(z);
        Ok(())
    }
}
