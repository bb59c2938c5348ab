//! `Global::Linked` on dancing cells (`lower/bridges.rs`: islands joined by bridges): every
//! point must be reached from every other through links that are there. The links are the
//! constraint's nodes, with the states `global.rs` reads (*in*, *out*, *open*); after every
//! choice one depth-first search from point 0 runs over the links not *out*, with Tarjan's
//! low-points on edges (Tarjan 1974, bridges of a graph), as cspuz_core's graph propagator
//! does over cells:
//! 1. a point not reached can never join the others: reject;
//! 2. an *open* link that is a bridge of that graph (a tree edge p–w with `low[w] > disc[p]`)
//!    is the only way left between the points on its two sides, so it must be there: its
//!    options that leave it out are removed.
//!
//! On a complete assignment every link is *in* or *out*, and this rejects exactly the
//! assignments whose links leave the points apart. The arrays are kept between calls.
use super::super::Cells;
use super::{OPEN, OUT, Prop};

/// No link: the root's parent.
const NONE: u32 = u32::MAX;

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Points {
    /// Per point, `(neighbour, link)` for the links at it.
    adj_start: Vec<u32>,
    adj: Vec<(u32, u32)>,
    disc: Vec<u32>,
    low: Vec<u32>,
    /// `(point, next adjacency to look at, link it was reached by)`.
    stack: Vec<(u32, u32, u32)>,
    /// Open links found to be bridges: they must be in.
    forced: Vec<u32>,
}

impl Points {
    pub fn new(ends: &[[u32; 2]], points: u32) -> Points {
        let n = points as usize;
        let mut adj_start = vec![0u32; n + 1];
        for [a, b] in ends {
            adj_start[*a as usize + 1] += 1;
            adj_start[*b as usize + 1] += 1;
        }
        for v in 0..n {
            adj_start[v + 1] += adj_start[v];
        }
        let mut fill = adj_start.clone();
        let mut adj = vec![(0, 0); adj_start[n] as usize];
        for (l, [a, b]) in ends.iter().enumerate() {
            for (x, y) in [(*a, *b), (*b, *a)] {
                adj[fill[x as usize] as usize] = (y, l as u32);
                fill[x as usize] += 1;
            }
        }
        Points { adj_start, adj, disc: vec![0; n], low: vec![0; n], stack: Vec::with_capacity(n), forced: Vec::new() }
    }
}

impl Prop {
    /// After a choice (states read): false when the points can no longer all be joined.
    pub(super) fn linked(&mut self, c: &mut Cells) -> bool {
        let super::Kind::Linked(p) = &mut self.kind else { unreachable!() };
        let n = p.disc.len();
        if n <= 1 {
            return true;
        }
        let state = &self.state;
        p.disc.iter_mut().for_each(|d| *d = 0);
        p.forced.clear();
        let mut time = 1;
        (p.disc[0], p.low[0]) = (1, 1);
        p.stack.clear();
        p.stack.push((0, p.adj_start[0], NONE));
        while let Some(&(v, next, via)) = p.stack.last() {
            let v = v as usize;
            if next < p.adj_start[v + 1] {
                p.stack.last_mut().unwrap().1 += 1;
                let (w, l) = p.adj[next as usize];
                if l == via || state[l as usize] == OUT {
                    continue;
                }
                let w = w as usize;
                if p.disc[w] == 0 {
                    time += 1;
                    (p.disc[w], p.low[w]) = (time, time);
                    p.stack.push((w as u32, p.adj_start[w], l));
                } else {
                    p.low[v] = p.low[v].min(p.disc[w]);
                }
            } else {
                p.stack.pop();
                if let Some(&(u, _, _)) = p.stack.last() {
                    let u = u as usize;
                    p.low[u] = p.low[u].min(p.low[v]);
                    if p.low[v] > p.disc[u] && state[via as usize] == OPEN {
                        p.forced.push(via);
                    }
                }
            }
        }
        if (time as usize) < n {
            return false;
        }
        let forced = std::mem::take(&mut p.forced);
        let ok = forced.iter().all(|&l| self.remove_options(c, l as usize, false));
        if let super::Kind::Linked(p) = &mut self.kind {
            p.forced = forced;
        }
        ok
    }
}
