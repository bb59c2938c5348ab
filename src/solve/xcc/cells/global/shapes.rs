//! `Global::Shapes` on dancing cells (`lower/shapes.rs`: LITS's "no two congruent shapes of
//! '#' in room touch"). Each node is read as for counts (`counts.rs`: in when every live
//! option puts it in); a region with no open node has a *shape*, its nodes in, kept in the
//! normal form of `ir::xcc::shape_key`. A node in, of a region with a shape, beside a node in
//! of another region with an equal shape rejects the choice. On a complete assignment every
//! region has its shape, so exactly the assignments breaking the rule are rejected.
use super::super::Cells;
use super::{IN, Kind, OPEN, Prop};
use crate::ir::xcc::{NO_NODE, shape_key};

/// The regions of a shapes constraint, and scratch kept between calls.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::solve::xcc) struct Regions {
    /// Per node, its region (`NO_NODE`: none) and its (row, column).
    pub region: Vec<u32>,
    pub at: Vec<[u32; 2]>,
    /// Region r's nodes are `nodes[start[r]..start[r + 1]]`.
    pub start: Vec<u32>,
    pub nodes: Vec<u32>,
    /// Per region, its shape's normal form when it has one (no open node).
    keys: Vec<Option<Vec<[i64; 2]>>>,
    cells: Vec<[u32; 2]>,
}

impl Regions {
    pub fn new(region: &[u32], at: &[[u32; 2]]) -> Regions {
        let count = region.iter().filter(|&&r| r != NO_NODE).map(|&r| r as usize + 1).max().unwrap_or(0);
        let mut start = vec![0u32; count + 1];
        for &r in region.iter().filter(|&&r| r != NO_NODE) {
            start[r as usize + 1] += 1;
        }
        for r in 0..count {
            start[r + 1] += start[r];
        }
        let mut fill = start.clone();
        let mut nodes = vec![0; start[count] as usize];
        for (v, &r) in region.iter().enumerate().filter(|&(_, &r)| r != NO_NODE) {
            nodes[fill[r as usize] as usize] = v as u32;
            fill[r as usize] += 1;
        }
        Regions { region: region.to_vec(), at: at.to_vec(), start, nodes, keys: vec![None; count], cells: Vec::new() }
    }
}

impl Prop {
    pub(super) fn shapes(&mut self, _c: &mut Cells) -> bool {
        let Kind::Shapes(z) = &mut self.kind else { unreachable!() };
        for r in 0..z.keys.len() {
            let members = &z.nodes[z.start[r] as usize..z.start[r + 1] as usize];
            z.keys[r] = if members.iter().any(|&v| self.state[v as usize] == OPEN) {
                None
            } else {
                z.cells.clear();
                z.cells.extend(members.iter().filter(|&&v| self.state[v as usize] == IN).map(|&v| z.at[v as usize]));
                Some(shape_key(&z.cells))
            };
        }
        for v in 0..self.state.len() {
            let a = z.region[v];
            if self.state[v] != IN || a == NO_NODE || z.keys[a as usize].is_none() {
                continue;
            }
            for i in self.adj_start[v] as usize..self.adj_start[v + 1] as usize {
                let w = self.adj[i] as usize;
                let b = z.region[w];
                if b != NO_NODE && b > a && self.state[w] == IN && z.keys[b as usize] == z.keys[a as usize] {
                    return false;
                }
            }
        }
        true
    }
}
