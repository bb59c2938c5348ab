//! Global constraints of an exact-cover problem: conditions on the whole set of chosen
//! options that no item can say, checked by the engine after each choice (dancing cells,
//! `solve/xcc/cells/global.rs`) or on each solution (the other engines).
//!
//! A global constraint speaks of *nodes*: each node is a primary item covered exactly once
//! (a board cell), and each option covering that item either puts the node *in* the area
//! the constraint is about (it is listed in the node's `ins`) or leaves it out. Nodes are
//! joined by the edges of an undirected graph (cells sharing a side).

use super::{Colour, ItemId, OptionId};

/// One global constraint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Global {
    /// The nodes in the area are connected in the graph (no nodes in it is connected too).
    Connected(Area),
    /// Every connected component of the nodes in the area holds exactly one clue node (a
    /// node whose clue is not 0); with `sized`, the component has as many nodes as its clue.
    Areas { area: Area, clue: Vec<u32>, sized: bool },
    /// No group of nodes lies wholly in the area: group g is the nodes
    /// `groups[group_start[g]..group_start[g + 1]]` (Nurikabe's 2×2 pools).
    NotAll { area: Area, group_start: Vec<u32>, groups: Vec<u32> },
    /// The nodes in the area, each joined to the two nodes `ends[i]` by the option `ins[i]`
    /// chosen for it, form exactly one cycle (a loop's corners of degree 2, `lower/loops.rs`;
    /// that every corner has degree 0 or 2 is said by items). `sides` are the secondary items
    /// a line may use, each with the two nodes it joins, and `off` the colour an option gives a
    /// side it does not use (any other colour uses it): dancing cells follow the sides as they
    /// are coloured (`cells/global/loops.rs`).
    ///
    /// With `paths`, the lines are paths instead: a node may name one neighbour (`ends[i][1]`
    /// is [`NO_NODE`]: a path ends there), and the nodes in the area form no cycle, in any
    /// number of paths (Numberlink, `lower/lines.rs`; that each path joins two ends of one
    /// label is said by the sides' colours, one per label).
    Loop { area: Area, ends: Vec<[u32; 2]>, sides: Vec<(ItemId, [u32; 2])>, off: Colour, paths: bool },
    /// Links chosen join `points` points into one connected graph: the area's nodes are the
    /// *links* (a link is there when an option of `ins` is chosen for it; the area's own graph
    /// is empty), and link `l` joins the points `ends[l]` (Hashiwokakero's islands and
    /// bridges, `lower/bridges.rs`). No points, or one, is connected.
    Linked { area: Area, ends: Vec<[u32; 2]>, points: u32 },
    /// The nodes in the area pair off one to one along the graph's edges: each option of
    /// `ins` puts its node in on the *left* (`left[i]`, beside `ins[i]`) or on the right, and
    /// the nodes in must have a perfect matching joining each left node to a right one beside
    /// it (Tents' trees and tents, `lower/pairs.rs`; the graph joins only cells beside each
    /// other, and every edge between two left or two right nodes is ignored).
    Pairs { area: Area, left: Vec<bool> },
    /// Every area of equal labels has its label's size: the area's nodes carry the label of
    /// the option chosen for them (`labels`: each option of `ins` with its label, sorted by
    /// option), an area is a connected component of nodes of one label, and label `l`'s areas
    /// have `size[l]` nodes each (Fillomino's "each area of equal values has size its value",
    /// `lower/sized.rs`; a node whose option is not in `ins` belongs to no area).
    Sized { area: Area, labels: Vec<(OptionId, u32)>, size: Vec<u32> },
    /// Group g (the nodes `groups[group_start[g]..group_start[g + 1]]`) has between
    /// `bounds[g][0]` and `bounds[g][1]` nodes in the area (Heyawake's and LITS's counts of
    /// shaded cells per room, `lower/counts.rs`, when the spec has other global constraints:
    /// a count said by a multiplicity would send it to Algorithm M, which checks globals only
    /// on solutions).
    Counts { area: Area, group_start: Vec<u32>, groups: Vec<u32>, bounds: Vec<[u32; 2]> },
    /// Shapes of regions: node n lies in region `region[n]` (`NO_NODE`: in none), a region's
    /// *shape* is its nodes in the area, and no two regions whose shapes touch (a node in one
    /// joined by the graph to a node in the other) have congruent shapes: the same cells up to
    /// a move, a rotation or a reflection (LITS's tetrominoes, `lower/shapes.rs`). `at[n]` is
    /// node n's (row, column) on a board of squares.
    Shapes { area: Area, region: Vec<u32>, at: Vec<[u32; 2]> },
    /// No two lines are the same: each node holds the label of the option chosen for it
    /// (`labels`: each option of `ins` with its label, sorted by option; a node whose option is
    /// not listed holds a label of its own, [`NO_LABEL`]), and line l is the nodes
    /// `lines[l * len..(l + 1) * len]`, position by position, [`NO_NODE`] at a position that
    /// has no node (a hole). Two lines are the same when every position holds equal labels
    /// in both, or no node in both (Binairo's rows and columns, `lower/distinct.rs`).
    Distinct { area: Area, labels: Vec<(OptionId, u32)>, len: u32, lines: Vec<u32> },
}

/// In a loop's `ends`: no second neighbour (the end of a path). In a line of `Distinct`: no
/// node at that position.
pub const NO_NODE: u32 = u32::MAX;

/// In `Distinct`: the label of a node whose chosen option has none.
pub const NO_LABEL: u32 = u32::MAX;

/// Nodes, which options put each in the area, and the graph joining them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Area {
    /// Shown in `--stats` and exports: `connected('.')`.
    pub name: String,
    /// Per node, its item: primary, covered exactly once.
    pub node_item: Vec<ItemId>,
    /// Node n is in the area when one of `ins[in_start[n]..in_start[n + 1]]` is chosen; each
    /// covers `node_item[n]`.
    pub in_start: Vec<u32>,
    pub ins: Vec<OptionId>,
    /// Node n's neighbours are `adj[adj_start[n]..adj_start[n + 1]]` (each edge listed at both ends).
    pub adj_start: Vec<u32>,
    pub adj: Vec<u32>,
}

impl Area {
    pub fn nodes(&self) -> usize {
        self.node_item.len()
    }

    pub fn ins_of(&self, n: usize) -> &[OptionId] {
        &self.ins[self.in_start[n] as usize..self.in_start[n + 1] as usize]
    }

    pub fn neighbours(&self, n: usize) -> &[u32] {
        &self.adj[self.adj_start[n] as usize..self.adj_start[n + 1] as usize]
    }

    /// Which nodes a set of chosen options puts in the area. The choices are sorted once, so
    /// a solution costs O(ins · log chosen), not O(ins · chosen) (Algorithm M runs this on
    /// every solution it counts).
    fn members(&self, chosen: &[OptionId]) -> Vec<bool> {
        let mut sorted = chosen.to_vec();
        sorted.sort_unstable();
        (0..self.nodes()).map(|n| self.ins_of(n).iter().any(|o| sorted.binary_search(o).is_ok())).collect()
    }

    /// The connected components of the nodes marked `inside`: a component number per node
    /// (`u32::MAX` outside), and the number of components.
    fn components(&self, inside: &[bool]) -> (Vec<u32>, u32) {
        let mut comp = vec![u32::MAX; self.nodes()];
        let mut count = 0;
        let mut stack = Vec::new();
        for s in 0..self.nodes() {
            if !inside[s] || comp[s] != u32::MAX {
                continue;
            }
            comp[s] = count;
            stack.push(s);
            while let Some(n) = stack.pop() {
                for &m in self.neighbours(n) {
                    let m = m as usize;
                    if inside[m] && comp[m] == u32::MAX {
                        comp[m] = count;
                        stack.push(m);
                    }
                }
            }
            count += 1;
        }
        (comp, count)
    }

    /// The same area over other option ids: `keep[new] = old` (a problem restricted to some
    /// options, `solve/partition.rs`). Options not kept are dropped from the nodes' `ins`.
    pub fn renumbered(&self, keep: &[OptionId]) -> Area {
        let mut new_id = std::collections::HashMap::with_capacity(keep.len());
        for (new, old) in keep.iter().enumerate() {
            new_id.insert(*old, OptionId(new as u32));
        }
        let mut out = Area { in_start: vec![0], ins: Vec::new(), ..self.clone() };
        for n in 0..self.nodes() {
            out.ins.extend(self.ins_of(n).iter().filter_map(|o| new_id.get(o).copied()));
            out.in_start.push(out.ins.len() as u32);
        }
        out
    }
}

impl Global {
    pub fn area(&self) -> &Area {
        match self {
            Global::Connected(a)
            | Global::Areas { area: a, .. }
            | Global::NotAll { area: a, .. }
            | Global::Loop { area: a, .. }
            | Global::Linked { area: a, .. }
            | Global::Pairs { area: a, .. }
            | Global::Sized { area: a, .. }
            | Global::Counts { area: a, .. }
            | Global::Shapes { area: a, .. }
            | Global::Distinct { area: a, .. } => a,
        }
    }

    fn area_mut(&mut self) -> &mut Area {
        match self {
            Global::Connected(a)
            | Global::Areas { area: a, .. }
            | Global::NotAll { area: a, .. }
            | Global::Loop { area: a, .. }
            | Global::Linked { area: a, .. }
            | Global::Pairs { area: a, .. }
            | Global::Sized { area: a, .. }
            | Global::Counts { area: a, .. }
            | Global::Shapes { area: a, .. }
            | Global::Distinct { area: a, .. } => a,
        }
    }

    /// Does the solution `chosen` (every node decided) meet the constraint? A plain check,
    /// for the engines that do not propagate and for tests.
    pub fn holds(&self, chosen: &[OptionId]) -> bool {
        let area = self.area();
        if let Global::Loop { ends, paths, .. } = self {
            return if *paths { no_cycle(area, ends, chosen) } else { one_cycle(area, ends, chosen) };
        }
        if let Global::Pairs { left, .. } = self {
            let mut sorted = chosen.to_vec();
            sorted.sort_unstable();
            // Per node: 0 out, 1 in on the left, 2 in on the right.
            let mut side = vec![0u8; area.nodes()];
            for (n, s) in side.iter_mut().enumerate() {
                let from = area.in_start[n] as usize;
                for (i, o) in area.ins_of(n).iter().enumerate() {
                    if sorted.binary_search(o).is_ok() {
                        *s = if left[from + i] { 1 } else { 2 };
                    }
                }
            }
            return perfect_pairing(&area.adj_start, &area.adj, &side);
        }
        if let Global::Sized { labels, size, .. } = self {
            return sized_areas_hold(area, labels, size, chosen);
        }
        if let Global::Distinct { labels, len, lines, .. } = self {
            return lines_differ(area, labels, *len, lines, chosen);
        }
        let inside = area.members(chosen);
        if let Global::Linked { ends, points, .. } = self {
            return all_linked(ends, *points, &inside);
        }
        if let Global::Counts { group_start, groups, bounds, .. } = self {
            return group_start.windows(2).zip(bounds).all(|(w, &[lo, hi])| {
                let n = groups[w[0] as usize..w[1] as usize].iter().filter(|&&v| inside[v as usize]).count() as u32;
                lo <= n && n <= hi
            });
        }
        if let Global::Shapes { region, at, .. } = self {
            return shapes_hold(area, region, at, &inside);
        }
        if let Global::NotAll { group_start, groups, .. } = self {
            return group_start
                .windows(2)
                .all(|w| !groups[w[0] as usize..w[1] as usize].iter().all(|&v| inside[v as usize]));
        }
        let (comp, count) = area.components(&inside);
        match self {
            Global::Connected(_)
            | Global::NotAll { .. }
            | Global::Loop { .. }
            | Global::Linked { .. }
            | Global::Pairs { .. }
            | Global::Sized { .. }
            | Global::Counts { .. }
            | Global::Shapes { .. }
            | Global::Distinct { .. } => count <= 1,
            Global::Areas { clue, sized, .. } => {
                let mut clues = vec![0u32; count as usize];
                let mut first = vec![0u32; count as usize];
                let mut size = vec![0u32; count as usize];
                for n in 0..area.nodes() {
                    if comp[n] == u32::MAX {
                        if clue[n] != 0 {
                            return false;
                        }
                        continue;
                    }
                    let k = comp[n] as usize;
                    size[k] += 1;
                    if clue[n] != 0 {
                        clues[k] += 1;
                        first[k] = clue[n];
                    }
                }
                (0..count as usize).all(|k| clues[k] == 1 && (!sized || size[k] == first[k]))
            }
        }
    }

    /// The same constraint over other option ids (see [`Area::renumbered`]).
    pub fn renumbered(&self, keep: &[OptionId]) -> Global {
        match self {
            Global::Connected(a) => Global::Connected(a.renumbered(keep)),
            Global::Areas { area, clue, sized } => {
                Global::Areas { area: area.renumbered(keep), clue: clue.clone(), sized: *sized }
            }
            Global::NotAll { area, group_start, groups } => {
                Global::NotAll { area: area.renumbered(keep), group_start: group_start.clone(), groups: groups.clone() }
            }
            Global::Loop { area, ends, sides, off, paths } => {
                // `ends` runs beside `ins`: keep the ends of the options kept.
                let kept: std::collections::HashSet<OptionId> = keep.iter().copied().collect();
                let ends = area.ins.iter().zip(ends).filter(|(o, _)| kept.contains(o)).map(|(_, e)| *e).collect();
                Global::Loop { area: area.renumbered(keep), ends, sides: sides.clone(), off: *off, paths: *paths }
            }
            Global::Linked { area, ends, points } => {
                Global::Linked { area: area.renumbered(keep), ends: ends.clone(), points: *points }
            }
            Global::Pairs { area, left } => {
                // `left` runs beside `ins`, as a loop's `ends` do.
                let kept: std::collections::HashSet<OptionId> = keep.iter().copied().collect();
                let left = area.ins.iter().zip(left).filter(|(o, _)| kept.contains(o)).map(|(_, l)| *l).collect();
                Global::Pairs { area: area.renumbered(keep), left }
            }
            Global::Counts { area, group_start, groups, bounds } => Global::Counts {
                area: area.renumbered(keep),
                group_start: group_start.clone(),
                groups: groups.clone(),
                bounds: bounds.clone(),
            },
            Global::Shapes { area, region, at } => {
                Global::Shapes { area: area.renumbered(keep), region: region.clone(), at: at.clone() }
            }
            Global::Sized { area, labels, size } => {
                Global::Sized { area: area.renumbered(keep), labels: relabelled(labels, keep), size: size.clone() }
            }
            Global::Distinct { area, labels, len, lines } => Global::Distinct {
                area: area.renumbered(keep),
                labels: relabelled(labels, keep),
                len: *len,
                lines: lines.clone(),
            },
        }
    }

    /// Items renamed by the builder's final layout.
    pub(super) fn map_items(&mut self, map: &[ItemId]) {
        for it in &mut self.area_mut().node_item {
            *it = map[it.0 as usize];
        }
        if let Global::Loop { sides, .. } = self {
            for (it, _) in sides {
                *it = map[it.0 as usize];
            }
        }
    }
}

/// Options' labels over other option ids (`keep[new] = old`, see [`Area::renumbered`]): the
/// options kept, sorted by their new ids.
fn relabelled(labels: &[(OptionId, u32)], keep: &[OptionId]) -> Vec<(OptionId, u32)> {
    let mut new_id = std::collections::HashMap::with_capacity(keep.len());
    for (new, old) in keep.iter().enumerate() {
        new_id.insert(*old, OptionId(new as u32));
    }
    let mut labels: Vec<(OptionId, u32)> = labels.iter().filter_map(|(o, l)| new_id.get(o).map(|&n| (n, *l))).collect();
    labels.sort_unstable();
    labels
}

/// Whether no two lines hold the same labels position by position: each node's label from
/// the option chosen for it, each line written out as its labels (a position without a node
/// as a mark no label equals), the lines sorted and neighbours compared.
fn lines_differ(area: &Area, labels: &[(OptionId, u32)], len: u32, lines: &[u32], chosen: &[OptionId]) -> bool {
    const HOLE: u64 = u64::MAX;
    let mut sorted = chosen.to_vec();
    sorted.sort_unstable();
    let label: Vec<u64> = (0..area.nodes())
        .map(|v| {
            let o = area.ins_of(v).iter().find(|o| sorted.binary_search(o).is_ok());
            let l = o.and_then(|o| labels.binary_search_by_key(o, |p| p.0).ok()).map_or(NO_LABEL, |i| labels[i].1);
            l as u64
        })
        .collect();
    let len = len.max(1) as usize;
    let mut written: Vec<Vec<u64>> = lines
        .chunks(len)
        .map(|line| line.iter().map(|&v| if v == NO_NODE { HOLE } else { label[v as usize] }).collect())
        .collect();
    written.sort_unstable();
    written.windows(2).all(|w| w[0] != w[1])
}

/// The shape of a set of cells of a board of squares in a normal form: of its eight images
/// under the rotations and reflections, each moved to the corner (0, 0) and sorted, the least.
/// Two sets are congruent exactly when their normal forms are equal.
pub fn shape_key(cells: &[[u32; 2]]) -> Vec<[i64; 2]> {
    let mut best: Option<Vec<[i64; 2]>> = None;
    for t in 0..8 {
        let mut img: Vec<[i64; 2]> = cells
            .iter()
            .map(|&[r, c]| {
                let (r, c) = (r as i64, c as i64);
                let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                [if t & 1 != 0 { -r } else { r }, if t & 2 != 0 { -c } else { c }]
            })
            .collect();
        let (r0, c0) = (img.iter().map(|p| p[0]).min().unwrap_or(0), img.iter().map(|p| p[1]).min().unwrap_or(0));
        img.iter_mut().for_each(|p| *p = [p[0] - r0, p[1] - c0]);
        img.sort_unstable();
        if best.as_ref().is_none_or(|b| img < *b) {
            best = Some(img);
        }
    }
    best.unwrap_or_default()
}

/// Whether no two regions with congruent shapes (their nodes `inside`) touch.
fn shapes_hold(area: &Area, region: &[u32], at: &[[u32; 2]], inside: &[bool]) -> bool {
    let regions = region.iter().filter(|&&r| r != NO_NODE).map(|&r| r as usize + 1).max().unwrap_or(0);
    let mut cells = vec![Vec::new(); regions];
    for n in 0..area.nodes() {
        if inside[n] && region[n] != NO_NODE {
            cells[region[n] as usize].push(at[n]);
        }
    }
    let keys: Vec<Vec<[i64; 2]>> = cells.iter().map(|c| shape_key(c)).collect();
    (0..area.nodes()).all(|n| {
        !inside[n]
            || region[n] == NO_NODE
            || area.neighbours(n).iter().all(|&m| {
                let (a, b) = (region[n], region[m as usize]);
                !inside[m as usize] || b == NO_NODE || a == b || keys[a as usize] != keys[b as usize]
            })
    })
}

/// Whether every area of equal labels has its label's size: each node's label from the option
/// chosen for it (none when that option is not in `labels`), areas by a flood over equal
/// labels, each area's nodes counted.
fn sized_areas_hold(area: &Area, labels: &[(OptionId, u32)], size: &[u32], chosen: &[OptionId]) -> bool {
    let mut sorted = chosen.to_vec();
    sorted.sort_unstable();
    let n = area.nodes();
    let mut label = vec![u32::MAX; n];
    for (v, slot) in label.iter_mut().enumerate() {
        for o in area.ins_of(v) {
            if sorted.binary_search(o).is_ok()
                && let Ok(i) = labels.binary_search_by_key(o, |p| p.0)
            {
                *slot = labels[i].1;
            }
        }
    }
    let mut seen = vec![false; n];
    let mut stack = Vec::new();
    for s in 0..n {
        if label[s] == u32::MAX || seen[s] {
            continue;
        }
        seen[s] = true;
        stack.push(s);
        let mut count = 0u64;
        while let Some(v) = stack.pop() {
            count += 1;
            for &w in area.neighbours(v) {
                let w = w as usize;
                if !seen[w] && label[w] == label[s] {
                    seen[w] = true;
                    stack.push(w);
                }
            }
        }
        if size.get(label[s] as usize).is_none_or(|&k| count != k as u64) {
            return false;
        }
    }
    true
}

/// Whether the links marked `inside` join all `points` points: a union-find over the points.
fn all_linked(ends: &[[u32; 2]], points: u32, inside: &[bool]) -> bool {
    let mut parent: Vec<u32> = (0..points).collect();
    fn root(parent: &mut [u32], mut x: u32) -> u32 {
        while parent[x as usize] != x {
            parent[x as usize] = parent[parent[x as usize] as usize];
            x = parent[x as usize];
        }
        x
    }
    let mut parts = points;
    for (l, [a, b]) in ends.iter().enumerate() {
        if inside[l] {
            let (ra, rb) = (root(&mut parent, *a), root(&mut parent, *b));
            if ra != rb {
                parent[ra as usize] = rb;
                parts -= 1;
            }
        }
    }
    parts <= 1
}

/// Whether the chosen options put at least one node in and join the nodes in into one cycle:
/// each node in names its two neighbours; walking from one node in must meet every node in
/// and come back.
fn one_cycle(area: &Area, ends: &[[u32; 2]], chosen: &[OptionId]) -> bool {
    let mut sorted = chosen.to_vec();
    sorted.sort_unstable();
    let mut next = vec![None; area.nodes()];
    for (n, slot) in next.iter_mut().enumerate() {
        let from = area.in_start[n] as usize;
        for (i, o) in area.ins_of(n).iter().enumerate() {
            if sorted.binary_search(o).is_ok() {
                *slot = Some(ends[from + i]);
            }
        }
    }
    let inside = next.iter().filter(|e| e.is_some()).count();
    let Some(start) = next.iter().position(|e| e.is_some()) else { return false };
    let (mut prev, mut at, mut walked) = (start, next[start].unwrap()[0] as usize, 1);
    while at != start {
        let Some([a, b]) = next[at] else { return false };
        let step = if a as usize == prev { b } else { a } as usize;
        (prev, at) = (at, step);
        walked += 1;
        if walked > inside {
            return false;
        }
    }
    walked == inside
}

/// Whether the chosen options join the nodes in the area without a cycle: each link a node
/// names joins two trees of a union-find, or closes a cycle. A link is named from both of its
/// ends; it is added from the end with the lower number.
fn no_cycle(area: &Area, ends: &[[u32; 2]], chosen: &[OptionId]) -> bool {
    let mut sorted = chosen.to_vec();
    sorted.sort_unstable();
    let mut parent: Vec<u32> = (0..area.nodes() as u32).collect();
    fn root(parent: &mut [u32], mut v: u32) -> u32 {
        while parent[v as usize] != v {
            parent[v as usize] = parent[parent[v as usize] as usize];
            v = parent[v as usize];
        }
        v
    }
    for n in 0..area.nodes() {
        let from = area.in_start[n] as usize;
        for (i, o) in area.ins_of(n).iter().enumerate() {
            if sorted.binary_search(o).is_err() {
                continue;
            }
            for &m in ends[from + i].iter().filter(|&&m| m != NO_NODE && m as usize > n) {
                let (a, b) = (root(&mut parent, n as u32), root(&mut parent, m));
                if a == b {
                    return false;
                }
                parent[a as usize] = b;
            }
        }
    }
    true
}

/// Whether the nodes marked 1 (left) and 2 (right) in `side` can be paired one to one, each
/// left node with a right node joined to it by an edge: Kuhn's augmenting paths, one
/// depth-first search per left node (Kuhn 1955), kept on a stack of its own. Every node
/// marked must be in a pair; edges between two nodes of one side are never used.
pub fn perfect_pairing(adj_start: &[u32], adj: &[u32], side: &[u8]) -> bool {
    const NONE: u32 = u32::MAX;
    if side.iter().filter(|&&s| s == 1).count() != side.iter().filter(|&&s| s == 2).count() {
        return false;
    }
    let n = side.len();
    let mut mate = vec![NONE; n]; // per node: its partner so far
    let mut seen = vec![NONE; n]; // per right node: the search that last reached it
    // The search: left nodes with the position of their next edge, and the right nodes
    // taken between them (`through[i]` leads from `stack[i]` to `stack[i + 1]`).
    let (mut stack, mut through): (Vec<(u32, u32)>, Vec<u32>) = (Vec::new(), Vec::new());
    for root in (0..n).filter(|&v| side[v] == 1) {
        stack.clear();
        through.clear();
        stack.push((root as u32, adj_start[root]));
        let free = 'search: loop {
            let Some(top) = stack.last_mut() else { break None };
            let u = top.0 as usize;
            while top.1 < adj_start[u + 1] {
                let w = adj[top.1 as usize] as usize;
                top.1 += 1;
                if side[w] != 2 || seen[w] == root as u32 {
                    continue;
                }
                seen[w] = root as u32;
                if mate[w] == NONE {
                    break 'search Some(w as u32);
                }
                through.push(w as u32);
                stack.push((mate[w], adj_start[mate[w] as usize]));
                continue 'search;
            }
            stack.pop();
            through.pop();
        };
        let Some(last) = free else { return false };
        // Flip the path: each left node on it takes the right node that follows it.
        for (i, &(u, _)) in stack.iter().enumerate() {
            let w = through.get(i).copied().unwrap_or(last);
            mate[w as usize] = u;
            mate[u as usize] = w;
        }
    }
    true
}
