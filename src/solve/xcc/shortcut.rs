//! Deciding `--unique` for paths from their induced solutions alone (`XccProblem::induced`).
//!
//! Take paths (`Global::Loop` with `paths`) whose nodes off every path are free: no rule but
//! the paths reads them, and any node may be left off every path (no `through every cell`).
//! The lowering decides when that holds (`lower/shortcuts.rs`). Call a solution *induced*
//! when no path touches itself: two nodes of one path linked beside each other are
//! consecutive on it.
//!
//! - **Shortcut.** A path touching itself, at nodes `a` and `b` that are beside each other
//!   (a link joins them) but not consecutive, can take that link instead of the stretch
//!   between them: the stretch's inner nodes go off every path, which is allowed, and the
//!   paths are still simple, disjoint and join the same ends. The result is another solution
//!   with a shorter path. Shortcutting until none is left ends, in an induced solution.
//! - **Detour.** Conversely, if `a`, `b` are consecutive on a path of a solution `S`, and a
//!   walk `a, x1, ..., xk, b` (`k ≥ 1`) runs over links through nodes off every path of `S`,
//!   taking it instead of the link `a–b` gives another solution.
//!
//! So, with `I` the induced solutions and `P` all of them: `I` empty means `P` empty (every
//! solution shortcuts to an induced one); two in `I` are two in `P`; and if `I = {S}`, any
//! other solution `T` shortcuts down to `S`, the last step undoing a detour of `S`, so `P`
//! has a second solution exactly when `S` has a detour. A `--unique` search therefore looks
//! for induced solutions only (what the `paths` constraint prunes with `induced` set:
//! `cells/global/joinable.rs`), up to two, and when it finds exactly one, [`another`] looks
//! for a detour and builds the second solution it makes, which the caller verifies and
//! counts like any other. `--count` and `--all` never set `induced`: they must see every
//! solution.
//!
//! [`another`] also shortcuts a found solution that touches itself (which the pruning
//! should never let through, but the verdict does not lean on it), and answers
//! [`Another::Unknown`] when a node lacks the option the new solution needs (a matrix the
//! lowering pruned beyond what the paths say): the caller then searches every solution.
use std::collections::VecDeque;

use crate::ir::xcc::{Global, OptionId, XccProblem};

/// What [`another`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Another {
    /// The only solution: no shortcut and no detour.
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
    match g.shortcut().or_else(|| g.detour()) {
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

    /// A path touching itself: the sides to change (side, new colour).
    fn shortcut(&self) -> Option<Vec<(u32, u32)>> {
        for (s, &c) in self.colour.iter().enumerate() {
            if c != self.off {
                continue;
            }
            let (u, w) = self.ends(s);
            let j = self.path_of(u);
            if j == self.off || self.path_of(w) != j {
                continue;
            }
            // Walk the path from `u` both ways; the way that meets `w` is the stretch.
            for &(first, t) in &self.adj[u] {
                if self.colour[t as usize] != j {
                    continue;
                }
                let mut stretch = vec![t];
                let (mut prev, mut cur) = (u as u32, first);
                while cur != w as u32 {
                    let Some(&(next, t)) =
                        self.adj[cur as usize].iter().find(|&&(x, t)| x != prev && self.colour[t as usize] == j)
                    else {
                        break; // an end of the path
                    };
                    stretch.push(t);
                    (prev, cur) = (cur, next);
                }
                if cur == w as u32 {
                    let mut changes: Vec<(u32, u32)> = stretch.into_iter().map(|t| (t, self.off)).collect();
                    changes.push((s as u32, j));
                    return Some(changes);
                }
            }
        }
        None
    }

    /// A detour of a link on a path through nodes off every path: the sides to change.
    fn detour(&self) -> Option<Vec<(u32, u32)>> {
        let n = self.adj.len();
        let empty: Vec<bool> = (0..n).map(|v| self.path_of(v) == self.off).collect();
        let mut parent = vec![u32::MAX; n];
        let mut queue = VecDeque::new();
        for (s, &j) in self.colour.iter().enumerate() {
            if j == self.off {
                continue;
            }
            let (a, b) = self.ends(s);
            // Breadth-first from `a`'s empty neighbours over empty nodes to one beside `b`.
            parent.iter_mut().for_each(|x| *x = u32::MAX);
            queue.clear();
            for &(x, _) in &self.adj[a] {
                if empty[x as usize] && parent[x as usize] == u32::MAX {
                    parent[x as usize] = a as u32;
                    queue.push_back(x);
                }
            }
            while let Some(x) = queue.pop_front() {
                if let Some(&(_, last)) = self.adj[x as usize].iter().find(|&&(y, _)| y as usize == b) {
                    // a, ..., x, b: the detour's sides coloured `j`, the link `s` off.
                    let mut changes = vec![(s as u32, self.off), (last, j)];
                    let mut y = x;
                    while y != a as u32 {
                        let up = parent[y as usize];
                        let t = self.adj[y as usize].iter().find(|&&(z, _)| z == up).expect("a tree edge").1;
                        changes.push((t, j));
                        y = up;
                    }
                    return Some(changes);
                }
                for &(y, _) in &self.adj[x as usize] {
                    if empty[y as usize] && parent[y as usize] == u32::MAX {
                        parent[y as usize] = x;
                        queue.push_back(y);
                    }
                }
            }
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
