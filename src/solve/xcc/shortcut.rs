//! Deciding `--unique` for paths from their *shortest* solutions alone
//! (`XccProblem::induced`).
//!
//! Take paths (`Global::Loop` with `paths`) whose nodes off every path are free: no rule but
//! the paths reads them, and any node may be left off every path (no `through every cell`).
//! The lowering decides when that holds (`lower/shortcuts.rs`). Measure a solution by its
//! length (the sides its paths use), ties broken by the sum of the numbers of the nodes on
//! its paths, and call it *shortest* when no single path can be put in another way, between
//! the same ends through the nodes no other path takes, that makes the measure smaller.
//!
//! - **Shortening.** Replacing one path by another way between its ends through the nodes
//!   no other path takes keeps the paths simple and disjoint and joining the same ends; the
//!   nodes left go off every path, which is allowed. So a solution that is not shortest has
//!   a neighbour of smaller measure, and replacing until none is left ends, in a shortest
//!   solution.
//! - **Rerouting.** Conversely, any other simple way between a path's ends through the nodes
//!   no other path takes, put in its place, gives another solution.
//!
//! So, with `C` the shortest solutions and `P` all of them: `C` empty means `P` empty (every
//! solution comes down to one in `C`); two in `C` are two in `P`; and if `C = {S}`, any other
//! solution `T` comes down to `S`, the last step undoing a rerouting of `S`, so `P` has a
//! second solution exactly when some path of `S` has another way between its ends through
//! the nodes the other paths leave. A `--unique` search therefore prunes branches that can
//! lead to no shortest solution, up to two solutions (the dancing cells cut paths touching
//! themselves, `cells/global/joinable.rs`; clause learning, `solve/sat/paths.rs`, also paths
//! going around a free node), and when it finds exactly one, [`another`] looks for a
//! rerouting (one side of a path left out, its ends joined again by a breadth-first search)
//! and builds the second solution it makes, which the caller verifies and counts like any
//! other. If no path of the one solution found has another way, it is the only solution.
//! The verdict holds whatever the search prunes, as long as it keeps every shortest
//! solution: what it finds lies between `C` and `P`. `--count` and `--all` never set
//! `induced`: they must see every solution.
//!
//! [`another`] answers [`Another::Unknown`] when a node lacks the option the new solution
//! needs (a matrix the lowering pruned beyond what the paths say): the caller then searches
//! every solution.
use std::collections::VecDeque;

use crate::ir::xcc::{Global, OptionId, XccProblem};

/// What [`another`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Another {
    /// The only solution: no path of it has another way.
    None,
    /// Another solution: the options chosen.
    Found(Vec<OptionId>),
    /// The problem is not one this applies to, or lacks an option the other solution needs.
    Unknown,
}

/// The problem's paths as a graph, and a solution read onto it.
struct Paths<'a> {
    p: &'a XccProblem,
    /// Per node, its item; per item, its node or `u32::MAX`.
    node_item: Vec<u32>,
    /// Per node, `(neighbour, side)`.
    adj: Vec<Vec<(u32, u32)>>,
    /// Per side, its item and the two nodes it joins.
    side_item: Vec<u32>,
    side_ends: Vec<[u32; 2]>,
    off: u32,
    /// The solution: per side its colour (`off` when unused); per node its option's index
    /// in the solution.
    colour: Vec<u32>,
    at: Vec<usize>,
}

/// Given `chosen`, the one solution of `p` searched with [`XccProblem::induced`], another
/// solution of `p` without it, if there is one.
pub fn another(p: &XccProblem, chosen: &[OptionId]) -> Another {
    let Some(g) = Paths::new(p, chosen) else { return Another::Unknown };
    match g.reroute() {
        None => Another::None,
        Some(changes) => g.apply(chosen, &changes).map_or(Another::Unknown, Another::Found),
    }
}

impl<'a> Paths<'a> {
    fn new(p: &'a XccProblem, chosen: &[OptionId]) -> Option<Paths<'a>> {
        let (area, sides, off) = p.globals.iter().find_map(|g| match g {
            Global::Loop { area, sides, off, paths: true, .. } => Some((area, sides, off.0)),
            _ => None,
        })?;
        let n = area.nodes();
        let mut node_of = vec![u32::MAX; p.items.len()];
        for (v, k) in area.node_item.iter().enumerate() {
            node_of[k.0 as usize] = v as u32;
        }
        let mut side_of = vec![u32::MAX; p.items.len()];
        let mut adj = vec![Vec::new(); n];
        for (s, (item, [u, w])) in sides.iter().enumerate() {
            side_of[item.0 as usize] = s as u32;
            adj[*u as usize].push((*w, s as u32));
            adj[*w as usize].push((*u, s as u32));
        }
        let (mut colour, mut at) = (vec![off; sides.len()], vec![usize::MAX; n]);
        for (i, &o) in chosen.iter().enumerate() {
            for e in p.option(o) {
                let (v, s) = (node_of[e.item.0 as usize], side_of[e.item.0 as usize]);
                if v != u32::MAX {
                    at[v as usize] = i;
                }
                if s != u32::MAX && e.colour.0 != off {
                    colour[s as usize] = e.colour.0;
                }
            }
        }
        if at.contains(&usize::MAX) {
            return None; // a node without an option: not a solution of these paths
        }
        Some(Paths {
            p,
            node_item: area.node_item.iter().map(|k| k.0).collect(),
            adj,
            side_item: sides.iter().map(|(k, _)| k.0).collect(),
            side_ends: sides.iter().map(|(_, e)| *e).collect(),
            off,
            colour,
            at,
        })
    }

    /// The colour of node `v`'s path, or `off` when it is on none.
    fn path_of(&self, v: usize) -> u32 {
        self.adj[v].iter().map(|&(_, s)| self.colour[s as usize]).find(|&c| c != self.off).unwrap_or(self.off)
    }

    /// Another way for one path: a path `j` of the solution and a side `e` on it such that
    /// its ends are still joined through nodes on no other path without `e`; the sides to
    /// change (side, new colour).
    fn reroute(&self) -> Option<Vec<(u32, u32)>> {
        let n = self.adj.len();
        let on: Vec<u32> = (0..n).map(|v| self.path_of(v)).collect();
        let mut parent = vec![u32::MAX; n];
        let mut queue = VecDeque::new();
        for (e, &j) in self.colour.iter().enumerate() {
            if j == self.off {
                continue;
            }
            // The path's ends: its nodes with one side of colour `j`.
            let ends: Vec<usize> = (0..n)
                .filter(|&v| {
                    on[v] == j && self.adj[v].iter().filter(|&&(_, s)| self.colour[s as usize] == j).count() == 1
                })
                .collect();
            let [a, b] = ends[..] else { continue };
            parent.iter_mut().for_each(|x| *x = u32::MAX);
            queue.clear();
            parent[a] = a as u32;
            queue.push_back(a as u32);
            while let Some(x) = queue.pop_front() {
                for &(y, s) in &self.adj[x as usize] {
                    let free = on[y as usize] == self.off || on[y as usize] == j;
                    if s as usize == e || !free || parent[y as usize] != u32::MAX {
                        continue;
                    }
                    parent[y as usize] = x;
                    queue.push_back(y);
                }
            }
            if parent[b] == u32::MAX {
                continue;
            }
            // The path's sides off, the new way's on.
            let mut changes: Vec<(u32, u32)> =
                self.colour.iter().enumerate().filter(|&(_, &c)| c == j).map(|(s, _)| (s as u32, self.off)).collect();
            let mut y = b;
            while y != a {
                let up = parent[y] as usize;
                let s = self.adj[y].iter().find(|&&(z, _)| z as usize == up).expect("a tree edge").1;
                match changes.iter_mut().find(|(t, _)| *t == s) {
                    Some(change) => change.1 = j,
                    None => changes.push((s, j)),
                }
                y = up;
            }
            return Some(changes);
        }
        None
    }

    fn ends(&self, s: usize) -> (usize, usize) {
        let [u, w] = self.side_ends[s];
        (u as usize, w as usize)
    }

    /// The solution with the sides' colours changed: each node touching a changed side
    /// takes the option of its item that colours its sides so. `None` when there is none.
    fn apply(&self, chosen: &[OptionId], changes: &[(u32, u32)]) -> Option<Vec<OptionId>> {
        let mut colour = self.colour.clone();
        for &(s, c) in changes {
            colour[s as usize] = c;
        }
        let mut out = chosen.to_vec();
        let mut touched: Vec<usize> = changes
            .iter()
            .flat_map(|&(s, _)| {
                let (u, w) = self.ends(s as usize);
                [u, w]
            })
            .collect();
        touched.sort_unstable();
        touched.dedup();
        for v in touched {
            let item = self.node_item[v];
            // Every side at `v` coloured as wanted, and nothing else but the node's item.
            let fits = |o: usize| {
                let o = OptionId(o as u32);
                let entries = self.p.option(o);
                entries.iter().any(|e| e.item.0 == item)
                    && entries.len() == 1 + self.adj[v].len()
                    && self.adj[v].iter().all(|&(_, s)| {
                        entries
                            .iter()
                            .any(|e| e.item.0 == self.side_item[s as usize] && e.colour.0 == colour[s as usize])
                    })
            };
            let o = (0..self.p.option_count()).find(|&o| fits(o))?;
            out[self.at[v]] = OptionId(o as u32);
        }
        Some(out)
    }
}
