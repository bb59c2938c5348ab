//! Global constraints on dancing cells: after every choice each constraint looks at the
//! nodes' state — *in* (the option chosen for its item puts it in the area), *out* (the
//! option chosen leaves it out, or no live option would put it in), or *open* — and either
//! rejects the choice or removes options that can no longer be part of a solution. Options
//! are removed with the engine's own `remove`/`hide`, so their sizes go on the trail and the
//! search's undo puts them back: nothing of the constraint needs undoing, since its state
//! is read afresh from the sets each time. The loop (`loops.rs`) is the exception: it keeps a
//! mate array between calls and undoes it itself.
//!
//! `connected` works as cspuz_core's graph propagator (semiexp/cspuz_core, `Graph.cc`) does:
//! one depth-first search from an *in* node over the nodes not *out*, with Tarjan's
//! low-points (Hopcroft and Tarjan 1973, articulation points). Then
//! 1. an *in* node not reached: the area is split, reject;
//! 2. an *open* node not reached can never join the area: its *in* options are removed;
//! 3. an *open* node that separates *in* nodes (a DFS child `u` with `low[u] ≥ disc[v]`
//!    whose subtree holds an *in* node; the root is *in*, so there is one outside too) must
//!    be in the area: its other options are removed.
//!
//! `areas` (Nurikabe's islands): the components of *in* nodes are found, and
//! 1. a component with two clues, or (sized) more nodes than its clue, rejects;
//! 2. an *open* node beside two components with clues, or (sized) beside a clued component
//!    that would outgrow its clue by taking the node and the other components beside it, is
//!    out: its *in* options are removed;
//! 3. a component without a clue must reach a clue node through nodes not *out*; otherwise
//!    reject;
//! 4. (sized) what each clued component can still take, within reach, bounds it: nodes no
//!    component reaches are out, and nodes every completion of a component takes are in
//!    (`islands.rs`).
//!
//! `not all` (no 2×2 pool): a group whose nodes are all *in* rejects; one with a single
//! *open* node and the others *in* leaves that node out.
//!
//! On a complete assignment every node is *in* or *out*, and these checks reject exactly
//! the assignments that break the constraint, so the search reports exactly its solutions.
//! All work is on flat arrays kept between calls (no allocation once the trail has grown).

mod counts;
mod distinct;
mod islands;
mod joinable;
mod linked;
mod loops;
mod shapes;
mod sized;

use super::{Cells, get};
use crate::ir::xcc::{Global, XccProblem};

const IN: u8 = 1;
const OUT: u8 = 2;
const OPEN: u8 = 0;
/// An open node found to separate in nodes: it must be in.
const FORCED: u8 = 3;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(in crate::solve::xcc) struct Globals {
    list: Vec<Prop>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Kind {
    Connected,
    Areas {
        clue: Vec<u32>,
        sized: bool,
    },
    NotAll {
        group_start: Vec<u32>,
        groups: Vec<u32>,
    },
    /// One loop, followed side by side (`loops.rs`).
    Loop(Box<loops::Mates>),
    /// Points joined by the links in (`linked.rs`): the nodes are the links.
    Linked(Box<linked::Points>),
    /// Nodes paired one to one (`Global::Pairs`): per option of the layout, whether it puts
    /// its node in on the left. Checked on complete assignments only: a pairing's specs run
    /// Algorithm M, whose items say the local part (`lower/pairs.rs`).
    Pairs(Vec<bool>),
    /// Areas of equal labels with their labels' sizes (`sized.rs`): reads its own states.
    Sized(Box<sized::Sizes>),
    /// Bounds on the nodes in per group (`counts.rs`).
    Counts {
        group_start: Vec<u32>,
        groups: Vec<u32>,
        bounds: Vec<[u32; 2]>,
    },
    /// No two touching regions with congruent shapes (`shapes.rs`).
    Shapes(Box<shapes::Regions>),
    /// No two lines the same (`distinct.rs`): reads its own states.
    Distinct(Box<distinct::Lines>),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Prop {
    kind: Kind,
    /// Per node, its item.
    item: Vec<u32>,
    /// Per node, the cells nodes (in its item's set) of the options putting it in the area.
    in_start: Vec<u32>,
    in_nodes: Vec<u32>,
    /// Per option of the layout, whether it puts its node in the area.
    is_in: Vec<bool>,
    adj_start: Vec<u32>,
    adj: Vec<u32>,
    // Scratch, kept between calls.
    state: Vec<u8>,
    disc: Vec<u32>,
    low: Vec<u32>,
    /// Per node, the *in* nodes of its DFS subtree (connected) or its component (areas).
    ins: Vec<u32>,
    comp: Vec<u32>,
    stack: Vec<(u32, u32)>,
    seen: Vec<u32>,
    stamp: u32,
    /// Per component: clues, the clue, size.
    comp_clues: Vec<u32>,
    comp_clue: Vec<u32>,
    comp_size: Vec<u32>,
    /// Component k's nodes are `members[comp_first[k]..comp_first[k + 1]]`.
    comp_first: Vec<u32>,
    members: Vec<u32>,
    queue: Vec<u32>,
    /// Scratch of the island cuts (`islands.rs`).
    cuts: islands::Cuts,
}

impl Globals {
    /// The constraints of `p` over the layout `c` (built from `p`).
    pub fn new(p: &XccProblem, c: &Cells) -> Globals {
        let mut layout = vec![u32::MAX; p.option_count()];
        for (k, &o) in c.opt_id.iter().enumerate() {
            layout[o as usize] = k as u32;
        }
        let list = p
            .globals
            .iter()
            .map(|g| {
                let a = g.area();
                let n = a.nodes();
                let mut prop = Prop {
                    kind: match g {
                        Global::Connected(_) => Kind::Connected,
                        Global::Areas { clue, sized, .. } => Kind::Areas { clue: clue.clone(), sized: *sized },
                        Global::NotAll { group_start, groups, .. } => {
                            Kind::NotAll { group_start: group_start.clone(), groups: groups.clone() }
                        }
                        Global::Loop { .. } => Kind::Loop(Box::new(loops::Mates::new(p, g, c))),
                        Global::Linked { ends, points, .. } => {
                            Kind::Linked(Box::new(linked::Points::new(ends, *points)))
                        }
                        Global::Pairs { .. } => Kind::Pairs(vec![false; c.opt_id.len()]),
                        Global::Sized { labels, size, .. } => {
                            Kind::Sized(Box::new(sized::Sizes::new(a, labels, size, &layout, c)))
                        }
                        Global::Counts { group_start, groups, bounds, .. } => Kind::Counts {
                            group_start: group_start.clone(),
                            groups: groups.clone(),
                            bounds: bounds.clone(),
                        },
                        Global::Shapes { region, at, .. } => Kind::Shapes(Box::new(shapes::Regions::new(region, at))),
                        Global::Distinct { labels, len, lines, .. } => {
                            Kind::Distinct(Box::new(distinct::Lines::new(a, labels, *len, lines, &layout, c)))
                        }
                    },
                    item: a.node_item.iter().map(|i| i.0).collect(),
                    in_start: vec![0],
                    in_nodes: Vec::new(),
                    is_in: vec![false; c.opt_id.len()],
                    adj_start: a.adj_start.clone(),
                    adj: a.adj.clone(),
                    state: vec![OPEN; n],
                    disc: vec![0; n],
                    low: vec![0; n],
                    ins: vec![0; n],
                    comp: vec![0; n],
                    stack: Vec::with_capacity(n),
                    seen: vec![0; n],
                    stamp: 0,
                    comp_clues: vec![0; n],
                    comp_clue: vec![0; n],
                    comp_size: vec![0; n],
                    comp_first: vec![0; n + 1],
                    members: Vec::with_capacity(n),
                    queue: Vec::with_capacity(n),
                    cuts: islands::Cuts::default(),
                };
                for v in 0..n {
                    let item = a.node_item[v].0;
                    for o in a.ins_of(v) {
                        let k = layout[o.0 as usize];
                        if k == u32::MAX {
                            continue; // an option without primary items is never chosen
                        }
                        prop.is_in[k as usize] = true;
                        if let (Kind::Pairs(left_of), Global::Pairs { left, .. }) = (&mut prop.kind, g) {
                            let i = a.ins_of(v).iter().position(|x| x == o).expect("listed") + a.in_start[v] as usize;
                            left_of[k as usize] = left[i];
                        }
                        let x = (c.opt_start[k as usize]..c.opt_start[k as usize + 1])
                            .find(|&x| c.nd_item[x as usize] == item);
                        prop.in_nodes.push(x.expect("an option listed for a node covers its item"));
                    }
                    prop.in_start.push(prop.in_nodes.len() as u32);
                }
                prop
            })
            .collect();
        Globals { list }
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// After a choice: false when some constraint cannot be met any more (options it
    /// removed go back with the try's undo either way).
    pub fn propagate(&mut self, c: &mut Cells) -> bool {
        self.run(c, true)
    }

    /// The constraints that read their state afresh from the sets, run without a choice
    /// just made (the grader's, `xcc/grade.rs`: before the first choice, and after options
    /// were removed by probing): every kind but the loop, which follows the options chosen
    /// one by one and has nothing new to look at when options only went.
    pub fn refresh(&mut self, c: &mut Cells) -> bool {
        self.run(c, false)
    }

    fn run(&mut self, c: &mut Cells, after_choice: bool) -> bool {
        self.list.iter_mut().all(|p| {
            if let Kind::Loop(m) = &mut p.kind {
                return !after_choice || m.propagate(c); // incremental: no states to read
            }
            if let Kind::Sized(z) = &mut p.kind {
                return z.propagate(c); // labels, not in/out states
            }
            if let Kind::Distinct(z) = &mut p.kind {
                return z.propagate(c); // labels, not in/out states
            }
            if matches!(p.kind, Kind::Counts { .. } | Kind::Shapes(_)) {
                p.read_sure(c); // a node whose live options all put it in is in
                return if matches!(p.kind, Kind::Counts { .. }) { p.counts(c) } else { p.shapes(c) };
            }
            p.read_states(c)
                && match p.kind {
                    Kind::Connected => p.connected(c),
                    Kind::Areas { .. } => p.areas(c),
                    Kind::NotAll { .. } => p.not_all(c),
                    Kind::Linked(_) => p.linked(c),
                    Kind::Pairs(_) => p.pairs(c),
                    Kind::Loop(_) | Kind::Sized(_) | Kind::Counts { .. } | Kind::Shapes(_) | Kind::Distinct(_) => {
                        unreachable!()
                    }
                }
        })
    }
}

impl Prop {
    fn nodes(&self) -> usize {
        self.item.len()
    }

    fn neighbours(&self, v: usize) -> std::ops::Range<usize> {
        self.adj_start[v] as usize..self.adj_start[v + 1] as usize
    }

    /// Each node's state from the sets. Returns false if a clue node is out.
    fn read_states(&mut self, c: &Cells) -> bool {
        for v in 0..self.nodes() {
            let k = self.item[v];
            self.state[v] = if c.active(k) {
                let end = get(&c.base, k) + c.size(k);
                let live =
                    (self.in_start[v]..self.in_start[v + 1]).any(|i| get(&c.nd_loc, self.in_nodes[i as usize]) < end);
                if live { OPEN } else { OUT }
            } else if self.is_in[get(&c.cover_by, k) as usize] {
                IN
            } else {
                OUT
            };
        }
        match &self.kind {
            // A clue node is in every solution: open ones count as in.
            Kind::Areas { clue, .. } => (0..self.nodes()).all(|v| {
                if clue[v] != 0 && self.state[v] == OPEN {
                    self.state[v] = IN;
                }
                clue[v] == 0 || self.state[v] != OUT
            }),
            Kind::Connected
            | Kind::NotAll { .. }
            | Kind::Loop(_)
            | Kind::Linked(_)
            | Kind::Pairs(_)
            | Kind::Sized(_)
            | Kind::Counts { .. }
            | Kind::Shapes(_)
            | Kind::Distinct(_) => true,
        }
    }

    /// A pairing, once every node is decided: the nodes in must pair off one to one, left
    /// with right, along the graph's edges (`ir/xcc/global.rs`'s augmenting paths). The
    /// states are overwritten with the sides (0 out, 1 left, 2 right): they are read afresh
    /// on every call.
    fn pairs(&mut self, c: &Cells) -> bool {
        let Kind::Pairs(left) = &self.kind else { unreachable!() };
        if self.state.contains(&OPEN) {
            return true;
        }
        for v in 0..self.nodes() {
            self.state[v] = match self.state[v] {
                IN if left[get(&c.cover_by, self.item[v]) as usize] => 1,
                IN => 2,
                _ => 0,
            };
        }
        crate::ir::xcc::perfect_pairing(&self.adj_start, &self.adj, &self.state)
    }

    /// No group wholly in: a full group rejects; a group with one open node and the rest
    /// in leaves that node out.
    fn not_all(&mut self, c: &mut Cells) -> bool {
        let Kind::NotAll { group_start, groups } = &self.kind else { unreachable!() };
        for g in 0..group_start.len() - 1 {
            let (mut open, mut last) = (0, 0);
            let members = &groups[group_start[g] as usize..group_start[g + 1] as usize];
            for &v in members {
                match self.state[v as usize] {
                    IN => {}
                    OPEN => {
                        open += 1;
                        last = v as usize;
                    }
                    _ => {
                        open = 2; // an out node: the group is never full
                        break;
                    }
                }
            }
            if open == 0 {
                return false;
            }
            if open == 1 {
                if !self.remove_options(c, last, true) {
                    return false;
                }
                self.state[last] = OUT;
            }
        }
        true
    }

    /// Removes every live option of node `v` that puts it in the area (`inside`) or every
    /// one that leaves it out (`!inside`). False if a primary item lost its last option.
    fn remove_options(&self, c: &mut Cells, v: usize, inside: bool) -> bool {
        let k = self.item[v];
        let base = get(&c.base, k);
        let mut at = base;
        while at < base + c.size(k) {
            let x = get(&c.set, at);
            if self.is_in[get(&c.nd_opt, x) as usize] == inside {
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

    fn connected(&mut self, c: &mut Cells) -> bool {
        let n = self.nodes();
        let total = self.state.iter().filter(|&&s| s == IN).count() as u32;
        let Some(root) = self.state.iter().position(|&s| s == IN) else { return true };
        // Iterative DFS with low-points; disc 0 = not reached.
        self.disc.iter_mut().for_each(|d| *d = 0);
        let mut time = 1;
        self.disc[root] = time;
        self.low[root] = time;
        self.ins[root] = 1;
        self.stack.clear();
        self.stack.push((root as u32, self.adj_start[root]));
        let mut reached_in = 1;
        while let Some(&(v, next)) = self.stack.last() {
            let v = v as usize;
            if (next as usize) < self.neighbours(v).end {
                let w = self.adj[next as usize] as usize;
                self.stack.last_mut().unwrap().1 += 1;
                if self.state[w] == OUT {
                    continue;
                }
                if self.disc[w] == 0 {
                    time += 1;
                    self.disc[w] = time;
                    self.low[w] = time;
                    self.ins[w] = (self.state[w] == IN) as u32;
                    reached_in += self.ins[w];
                    self.stack.push((w as u32, self.adj_start[w]));
                } else {
                    self.low[v] = self.low[v].min(self.disc[w]);
                }
            } else {
                self.stack.pop();
                if let Some(&(p, _)) = self.stack.last() {
                    let p = p as usize;
                    self.low[p] = self.low[p].min(self.low[v]);
                    self.ins[p] += self.ins[v];
                    // p separates v's subtree (holding in nodes) from the root.
                    if self.state[p] == OPEN && self.low[v] >= self.disc[p] && self.ins[v] > 0 {
                        self.state[p] = FORCED;
                    }
                }
            }
        }
        if reached_in < total {
            return false;
        }
        for v in 0..n {
            let ok = match self.state[v] {
                OPEN if self.disc[v] == 0 => self.remove_options(c, v, true),
                FORCED => self.remove_options(c, v, false),
                _ => true,
            };
            if !ok {
                return false;
            }
        }
        true
    }

    fn areas(&mut self, c: &mut Cells) -> bool {
        let Kind::Areas { clue, sized } = &self.kind else { unreachable!() };
        let sized = *sized;
        let n = self.nodes();
        // Components of in nodes.
        let mut count = 0u32;
        self.comp.iter_mut().for_each(|x| *x = u32::MAX);
        self.members.clear();
        for s in 0..n {
            if self.state[s] != IN || self.comp[s] != u32::MAX {
                continue;
            }
            let k = count as usize;
            count += 1;
            (self.comp_clues[k], self.comp_clue[k], self.comp_size[k]) = (0, 0, 0);
            self.comp[s] = k as u32;
            self.comp_first[k] = self.members.len() as u32;
            self.queue.clear();
            self.queue.push(s as u32);
            while let Some(v) = self.queue.pop() {
                let v = v as usize;
                self.members.push(v as u32);
                self.comp_size[k] += 1;
                if clue[v] != 0 {
                    self.comp_clues[k] += 1;
                    self.comp_clue[k] = clue[v];
                }
                for i in self.neighbours(v) {
                    let w = self.adj[i] as usize;
                    if self.state[w] == IN && self.comp[w] == u32::MAX {
                        self.comp[w] = k as u32;
                        self.queue.push(w as u32);
                    }
                }
            }
            self.comp_first[k + 1] = self.members.len() as u32;
            if self.comp_clues[k] > 1 || (sized && self.comp_size[k] > self.comp_clue[k] && self.comp_clues[k] == 1) {
                return false;
            }
        }
        // Open nodes that cannot join: beside two clued components, or one that would outgrow.
        #[allow(clippy::needless_range_loop)] // `v` indexes several arrays and calls methods
        for v in 0..n {
            if self.state[v] != OPEN {
                continue;
            }
            let (mut clued, mut the_clue, mut size) = (0, 0, 1);
            let start = self.queue.len();
            for i in self.neighbours(v) {
                let w = self.adj[i] as usize;
                let k = self.comp[w];
                if k == u32::MAX || self.queue[start..].contains(&k) {
                    continue;
                }
                self.queue.push(k);
                size += self.comp_size[k as usize];
                if self.comp_clues[k as usize] > 0 {
                    clued += 1;
                    the_clue = self.comp_clue[k as usize];
                }
            }
            self.queue.truncate(start);
            if clue[v] != 0 {
                clued += 1;
                the_clue = clue[v];
            }
            if clued > 1 || (sized && clued == 1 && size > the_clue) {
                if clue[v] != 0 || !self.remove_options(c, v, true) {
                    return false;
                }
                self.state[v] = OUT;
            }
        }
        // A component without a clue must reach one (what a clued one can still take, when
        // sized, is bounded by `islands.rs`).
        for k in 0..count {
            if self.comp_clues[k as usize] == 0 && !self.reach(k) {
                return false;
            }
        }
        !sized || self.islands(c, count)
    }

    /// From the unclued component `k` over nodes not out, is a clue node reached?
    fn reach(&mut self, k: u32) -> bool {
        let Kind::Areas { clue, .. } = &self.kind else { unreachable!() };
        let stamp = next_stamp(&mut self.stamp, &mut self.seen);
        self.queue.clear();
        for m in self.comp_first[k as usize]..self.comp_first[k as usize + 1] {
            let v = self.members[m as usize] as usize;
            self.seen[v] = stamp;
            self.queue.push(v as u32);
        }
        let mut at = 0;
        while at < self.queue.len() {
            let v = self.queue[at] as usize;
            at += 1;
            for i in self.neighbours(v) {
                let w = self.adj[i] as usize;
                if self.seen[w] == stamp || self.state[w] == OUT {
                    continue;
                }
                if clue[w] != 0 {
                    return true;
                }
                self.seen[w] = stamp;
                self.queue.push(w as u32);
            }
        }
        false
    }
}

/// The next visit's stamp for `marks` (a node is visited when its mark equals the stamp), so
/// a search starts without clearing them; on wrap-around they are cleared once.
pub(super) fn next_stamp(stamp: &mut u32, marks: &mut [u32]) -> u32 {
    *stamp = stamp.wrapping_add(1);
    if *stamp == 0 {
        marks.iter_mut().for_each(|m| *m = 0);
        *stamp = 1;
    }
    *stamp
}
