//! Sized areas (Nurikabe's islands): the cells every completion of an island must take.
//!
//! For a clued component `k` of *in* nodes with `rem = clue − size > 0` nodes still to take,
//! the island it becomes is connected, holds `comp_k`, and takes only nodes that are not
//! *out*, not clues, and not in or beside another clued component (`may_join`); a shortest
//! path inside the island from `comp_k` to any of its nodes passes through at most `rem`
//! nodes outside `comp_k`. So the island lies in `R`: the nodes reached from `comp_k` over
//! such nodes within `rem` steps. If the island left out an open node `v`, it would lie in
//! the part of `R − v` still joined to `comp_k`; when that part has fewer than `clue` nodes,
//! `v` is in every completion and its options that leave it out are removed. `R` itself
//! smaller than `clue` rejects.
//!
//! The part of `R − v` joined to `comp_k` is counted for every `v` at once by one
//! depth-first search from `comp_k` (taken as one root) with Tarjan's low-points: removing
//! `v` cuts off exactly the subtrees of its children `u` with `low[u] ≥ disc[v]`, so what
//! stays is `|R| − 1 − Σ size(u)` over those children.
//!
//! Each clued component costs a breadth-first and a depth-first search over its `R`; the
//! arrays are kept between calls.
use super::super::Cells;
use super::{IN, OPEN, OUT, Prop};

/// Scratch for the searches, kept between calls.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Cuts {
    /// Per node: the stamp of the component whose `R` holds it, its distance there, its DFS
    /// discovery time (0 = not yet), low-point and subtree size.
    mark: Vec<u32>,
    dist: Vec<u32>,
    disc: Vec<u32>,
    low: Vec<u32>,
    sub: Vec<u32>,
    stamp: u32,
    /// The nodes of `R`, in breadth-first order (the component's own first).
    order: Vec<u32>,
    /// `(node, next neighbour index)` frames of the depth-first search.
    stack: Vec<(u32, u32)>,
    /// Open nodes found to be in every completion.
    forced: Vec<u32>,
    /// Per node: the clued component in or beside it, `NONE` or `MANY`.
    near: Vec<u32>,
    /// Per node: 1 when in the `R` of some clued component (or in a complete one).
    reached: Vec<u32>,
}

/// In `Cuts::near`: no clued component in or beside the node.
const NONE: u32 = u32::MAX;
/// In `Cuts::near`: two or more.
const MANY: u32 = u32::MAX - 1;

impl Prop {
    /// After `areas` (sized) found the components: every island node lies in the `R` of
    /// some clued component, so open nodes in none are out and an *in* node in none
    /// rejects; nodes every completion of an island takes are forced in. False when the
    /// constraint can no longer be met.
    pub(super) fn islands(&mut self, c: &mut Cells, count: u32) -> bool {
        let n = self.nodes();
        let mut cuts = std::mem::take(&mut self.cuts);
        if cuts.mark.len() != n {
            cuts = Cuts {
                mark: vec![0; n],
                dist: vec![0; n],
                disc: vec![0; n],
                low: vec![0; n],
                sub: vec![0; n],
                near: vec![0; n],
                reached: vec![0; n],
                stack: Vec::with_capacity(n),
                order: Vec::with_capacity(n),
                ..Cuts::default()
            };
        }
        let ok = self.islands_with(c, count, &mut cuts);
        self.cuts = cuts;
        ok
    }

    fn islands_with(&mut self, c: &mut Cells, count: u32, cuts: &mut Cuts) -> bool {
        let n = self.nodes();
        // The clued component in or beside each node.
        for v in 0..n {
            let mut near = NONE;
            let mut see = |k: u32| {
                if k != NONE && self.comp_clues[k as usize] > 0 && near != k {
                    near = if near == NONE { k } else { MANY };
                }
            };
            see(self.comp[v]);
            for i in self.neighbours(v) {
                see(self.comp[self.adj[i] as usize]);
            }
            cuts.near[v] = near;
        }
        cuts.reached.iter_mut().for_each(|r| *r = 0);
        for k in 0..count {
            let (clues, clue, size) =
                (self.comp_clues[k as usize], self.comp_clue[k as usize], self.comp_size[k as usize]);
            if clues != 1 {
                continue;
            }
            if size == clue {
                for m in self.comp_first[k as usize]..self.comp_first[k as usize + 1] {
                    cuts.reached[self.members[m as usize] as usize] = 1;
                }
                continue;
            }
            if !self.island_region(cuts, k, clue - size) {
                return false;
            }
            for &v in &cuts.order {
                cuts.reached[v as usize] = 1;
            }
            self.island_dfs(cuts, k, clue);
            for i in 0..cuts.forced.len() {
                let v = cuts.forced[i] as usize;
                if self.state[v] != OPEN {
                    continue;
                }
                if !self.remove_options(c, v, false) {
                    return false;
                }
                self.state[v] = IN;
            }
        }
        for v in 0..n {
            if cuts.reached[v] == 1 {
                continue;
            }
            match self.state[v] {
                IN => return false,
                OPEN => {
                    if !self.remove_options(c, v, true) {
                        return false;
                    }
                    self.state[v] = OUT;
                }
                _ => {}
            }
        }
        true
    }

    /// `R` of component `k` into `cuts.order`; false when it holds fewer than the clue.
    fn island_region(&self, cuts: &mut Cuts, k: u32, rem: u32) -> bool {
        let super::Kind::Areas { clue, .. } = &self.kind else { unreachable!() };
        let stamp = super::next_stamp(&mut cuts.stamp, &mut cuts.mark);
        cuts.order.clear();
        for m in self.comp_first[k as usize]..self.comp_first[k as usize + 1] {
            let v = self.members[m as usize] as usize;
            cuts.mark[v] = stamp;
            cuts.dist[v] = 0;
            cuts.order.push(v as u32);
        }
        let size = cuts.order.len() as u32;
        let mut at = 0;
        while at < cuts.order.len() {
            let v = cuts.order[at] as usize;
            at += 1;
            if cuts.dist[v] == rem {
                continue;
            }
            for i in self.neighbours(v) {
                let w = self.adj[i] as usize;
                let near = cuts.near[w];
                if cuts.mark[w] == stamp || self.state[w] == OUT || clue[w] != 0 || (near != NONE && near != k) {
                    continue;
                }
                cuts.mark[w] = stamp;
                cuts.dist[w] = cuts.dist[v] + 1;
                cuts.order.push(w as u32);
            }
        }
        cuts.order.len() as u32 >= size + rem
    }

    /// The depth-first search over `R` from component `k`; open nodes whose removal leaves
    /// fewer than `clue` nodes joined to the component go to `cuts.forced`.
    fn island_dfs(&self, cuts: &mut Cuts, k: u32, clue: u32) {
        let stamp = cuts.stamp;
        let total = cuts.order.len() as u32;
        cuts.forced.clear();
        for &v in &cuts.order {
            let v = v as usize;
            cuts.disc[v] = if self.comp[v] == k { 1 } else { 0 };
            cuts.low[v] = cuts.disc[v];
        }
        let mut time = 1;
        // Every node of the component is the root; each starts frames of its own.
        let roots = cuts.order.iter().take_while(|&&v| self.comp[v as usize] == k).count();
        for r in 0..roots {
            let root = cuts.order[r];
            cuts.stack.clear();
            cuts.stack.push((root, self.adj_start[root as usize]));
            while let Some(&(v, next)) = cuts.stack.last() {
                let v = v as usize;
                if (next as usize) < self.neighbours(v).end {
                    cuts.stack.last_mut().unwrap().1 += 1;
                    let w = self.adj[next as usize] as usize;
                    if cuts.mark[w] != stamp {
                        continue;
                    }
                    if cuts.disc[w] == 0 {
                        time += 1;
                        (cuts.disc[w], cuts.low[w], cuts.sub[w]) = (time, time, 1);
                        // What removing w cuts off, summed as its children finish.
                        cuts.dist[w] = 0;
                        cuts.stack.push((w as u32, self.adj_start[w]));
                    } else {
                        cuts.low[v] = cuts.low[v].min(cuts.disc[w]);
                    }
                } else {
                    cuts.stack.pop();
                    let Some(&(p, _)) = cuts.stack.last() else { continue };
                    let p = p as usize;
                    if cuts.disc[v] == 1 {
                        continue; // a root frame
                    }
                    if cuts.disc[p] != 1 {
                        cuts.low[p] = cuts.low[p].min(cuts.low[v]);
                        cuts.sub[p] += cuts.sub[v];
                        if cuts.low[v] >= cuts.disc[p] {
                            cuts.dist[p] += cuts.sub[v];
                        }
                    }
                    // v is finished: is it in every completion?
                    if self.state[v] == OPEN && total - 1 - cuts.dist[v] < clue {
                        cuts.forced.push(v as u32);
                    }
                }
            }
        }
    }
}
