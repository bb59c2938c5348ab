//! Symmetry breaking for `answer ... up to symmetry`: the search is cut so that it visits
//! about one solution of each orbit under the symmetries that fix one chosen part of the
//! answer (the *anchor*), and `solve::classes` still keeps exactly one per class.
//!
//! # The anchor
//!
//! An anchor is a part of the model that every solution holds exactly once, as one option
//! among its *alternatives*, each alternative standing on a set of cells:
//!
//! - a piece placed exactly once (`count` 1): its placements, on their cells;
//! - a region that holds each value exactly once, with one value `v`: the options "cell `c`
//!   takes `v`" for `c` in the region, on cell `c`;
//! - a count of exactly 1 (`each row holds exactly 1 of 'Q'`): the options "cell `c` takes a
//!   counted value" for `c` in the region, on cell `c`.
//!
//! `φ(s)` is the cell set of the anchor's alternative in solution `s`. The model's
//! symmetries `G` (`lower::symmetry`) permute cells and keep pieces and values, so for any
//! `g` in `G`, `g·s` is a solution (that is what keeping the model means) and, for `g` in
//! the anchor's stabiliser `H = { g ∈ G : g maps the anchor's cells (or piece) onto
//! themselves }`, `φ(g·s) = g·φ(s)`. For a piece, `H = G`.
//!
//! # The restriction and why it is exact
//!
//! Cell sets are ranked by their sorted cell indices, compared lexicographically. Solutions
//! are ordered by `(rank φ(s), key(s))`, `key` being `solve::classes`'s key over the cells,
//! which tells any two solutions apart; the representative of a class is its smallest
//! solution in that order. The lowered matrix keeps only the alternatives `a` with
//! `rank(a) ≤ rank(h·a)` for every `h` in `H` (the smallest of their `H`-orbit); the other
//! options are left out.
//!
//! - The representative `m` of every class survives: for `h` in `H`, `h·m` is in the class,
//!   so `rank φ(m) ≤ rank φ(h·m) = rank(h·φ(m))` — `φ(m)` is the smallest of its orbit.
//! - `solve::classes` keeps a solution `s` exactly when no `g` in `G` gives
//!   `(rank φ(g·s), key(g·s))` smaller than `s`'s, i.e. when `s` is its class's
//!   representative. The test does not depend on the restriction, so it counts each class
//!   once — a class of solutions that are their own images (a self-symmetric solution)
//!   too: it still has one smallest member.
//!
//! Removed options are images of kept ones, so the search sees about `1/|H|` of the
//! solutions when few alternatives are fixed by a symmetry. The anchor chosen keeps the
//! fewest alternatives, then the smallest share of them: the search, which branches first
//! on the item with fewest options, then starts with the anchor, and each kept branch
//! stands for its whole orbit. X of the pentominoes keeps 8 of its 32 placements in the
//! 6 × 10 box (4.0 times fewer nodes) and 9 of 18 in the 3 × 20 box, where it is fixed by
//! the mirror along the middle row; V keeps 18 of 72 there, a smaller share, but its cut
//! saves a third of the nodes where X's saves half (measured, `--stats`).
//!
//! # Counting every solution
//!
//! The same restriction counts all solutions (`answer count` without `up to symmetry`):
//! `N(X)`, the number of solutions with `φ(s) = X`, equals `N(h·X)` for `h` in `H`, and each
//! `H`-orbit of cell sets has exactly one smallest member (ranks of distinct cell sets
//! differ), so `N = Σ over kept solutions s of |H·φ(s)| = |H| / |Stab_H(φ(s))|`.
use super::model::Model;
use super::xcc::{Lowered, Meaning};
use crate::syntax::ast::Once;

/// What every solution holds exactly once (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// `model.pieces[p]`, placed once.
    Piece(usize),
    /// Exactly one cell of `within` holds a value of `values` (both indexed by cell and
    /// value index).
    Cells { within: Vec<bool>, values: Vec<bool> },
}

impl Anchor {
    /// The cells of an option if it is one of the anchor's alternatives.
    fn cells<'m>(&self, m: &'m Meaning) -> Option<&'m [usize]> {
        match (self, m) {
            (Anchor::Piece(p), Meaning::Place { piece, cells, .. }) if piece == p => Some(cells),
            (Anchor::Cells { within, values }, Meaning::Fill { cell, value }) if within[*cell] && values[*value] => {
                Some(std::slice::from_ref(cell))
            }
            _ => None,
        }
    }

    /// Whether symmetry `perm` maps the anchor onto itself (a piece always is: the model's
    /// symmetries keep every piece's orientations).
    fn fixed_by(&self, perm: &[usize]) -> bool {
        match self {
            Anchor::Piece(_) => true,
            Anchor::Cells { within, .. } => (0..within.len()).all(|c| !within[c] || within[perm[c]]),
        }
    }
}

/// The restriction chosen for a model.
#[derive(Clone, Debug)]
pub struct Breaking {
    pub anchor: Anchor,
    /// The anchor in the spec's words, for `--stats`: `piece X`, `row(0) holds 'Q'`.
    pub name: String,
    /// `H`: the symmetries that map the anchor onto itself, the identity first.
    pub fixing: Vec<Vec<usize>>,
    /// How many of the anchor's alternatives the matrix keeps, of how many.
    pub kept: usize,
    pub alternatives: usize,
}

impl Breaking {
    /// `|H·φ(s)|` for a solution whose anchor stands on `cells`: how many solutions it
    /// stands for when every solution is counted.
    pub fn orbit(&self, cells: &[usize]) -> u64 {
        let own = moved(cells, &self.fixing[0]);
        let stabiliser = self.fixing.iter().filter(|h| moved(cells, h) == own).count();
        (self.fixing.len() / stabiliser) as u64
    }

    /// For each option of the cut matrix, how many solutions a solution holding it stands
    /// for when every solution is counted: `|H·φ|` for the anchor's alternatives, 0 for
    /// the other options (each solution holds exactly one alternative).
    pub fn weights(&self, meanings: &[Meaning]) -> Vec<u64> {
        meanings.iter().map(|m| self.anchor.cells(m).map_or(0, |cells| self.orbit(cells))).collect()
    }
}

/// `cells` moved by `perm`, sorted: the rank compared first (see the module documentation).
pub fn moved(cells: &[usize], perm: &[usize]) -> Vec<usize> {
    let mut out: Vec<usize> = cells.iter().map(|&c| perm[c]).collect();
    out.sort_unstable();
    out
}

/// Whether `cells` rank no higher than any of their images under `fixing`.
fn smallest(cells: &[usize], fixing: &[Vec<usize>]) -> bool {
    let own = moved(cells, &fixing[0]);
    fixing[1..].iter().all(|h| moved(cells, h) >= own)
}

/// The anchors a model offers, each with its name.
fn candidates(model: &Model) -> Vec<(Anchor, String)> {
    let mut out = Vec::new();
    let Some(board) = &model.board else { return out };
    if let Some(placing) = &model.placing {
        for &p in &placing.pieces {
            if model.pieces[p].count == 1 {
                out.push((Anchor::Piece(p), format!("piece {}", model.pieces[p].label)));
            }
        }
    }
    if !model.fill {
        return out;
    }
    let n = board.on.len();
    let nv = board.values.len();
    let set = |cells: &[usize]| {
        let mut within = vec![false; n];
        for &c in cells {
            within[c] = true;
        }
        within
    };
    for region in model.regions.iter().filter(|r| r.once == Once::Exactly) {
        for v in 0..nv {
            let mut values = vec![false; nv];
            values[v] = true;
            let name = format!("{} holds {}", region.name, board.values[v]);
            out.push((Anchor::Cells { within: set(&region.cells), values }, name));
        }
    }
    for count in model.counts.iter().filter(|c| c.lo == 1 && c.hi == 1) {
        let mut values = vec![false; nv];
        for &v in &count.values {
            values[v] = true;
        }
        let shown: Vec<String> = count.values.iter().map(|&v| board.values[v].to_string()).collect();
        let name = format!("{} holds {}", count.name, shown.join(", "));
        out.push((Anchor::Cells { within: set(&count.cells), values }, name));
    }
    out
}

/// Chooses the anchor that keeps the fewest of its alternatives among the options
/// `meanings` (then the smallest share). `None` when no anchor would leave anything out. `perms`
/// are the model's symmetries, the identity first.
pub fn choose(model: &Model, perms: &[Vec<usize>], meanings: &[Meaning]) -> Option<Breaking> {
    if perms.len() < 2 {
        return None;
    }
    let mut best: Option<Breaking> = None;
    for (anchor, name) in candidates(model) {
        let fixing: Vec<Vec<usize>> = perms.iter().filter(|g| anchor.fixed_by(g)).cloned().collect();
        if fixing.len() < 2 {
            continue;
        }
        let (mut kept, mut alternatives) = (0, 0);
        // Alternatives on one cell share the verdict: worked out once per cell.
        let mut verdict: Vec<Option<bool>> = vec![None; perms[0].len()];
        for m in meanings {
            let Some(cells) = anchor.cells(m) else { continue };
            alternatives += 1;
            let keep = match cells {
                [c] => *verdict[*c].get_or_insert_with(|| smallest(cells, &fixing)),
                _ => smallest(cells, &fixing),
            };
            kept += keep as usize;
        }
        // Fewer kept, then a smaller share kept (ratios compared without division).
        let better = best.as_ref().is_none_or(|b| (kept, kept * b.alternatives) < (b.kept, b.kept * alternatives));
        if kept < alternatives && better {
            best = Some(Breaking { anchor, name, fixing, kept, alternatives });
        }
    }
    best
}

/// Cuts the search: leaves out of `low` the anchor's alternatives that are not the
/// smallest of their orbit (see the module documentation).
pub fn restrict(breaking: &Breaking, low: &mut Lowered) {
    let keep: Vec<bool> = (low.meanings.iter())
        .map(|m| breaking.anchor.cells(m).is_none_or(|cells| smallest(cells, &breaking.fixing)))
        .collect();
    keep_options(low, &keep);
}

/// Leaves out of `low` the options `o` with `!keep[o]`; items stay as they are, and the
/// global constraints follow the options kept.
fn keep_options(low: &mut Lowered, keep: &[bool]) {
    let p = &mut low.problem;
    let kept: Vec<crate::ir::xcc::OptionId> =
        (0..keep.len()).filter(|&o| keep[o]).map(|o| crate::ir::xcc::OptionId(o as u32)).collect();
    p.globals = p.globals.iter().map(|g| g.renumbered(&kept)).collect();
    let mut names = Vec::new();
    let mut start = vec![0u32];
    let mut items = Vec::new();
    let mut meanings = Vec::new();
    for (o, m) in low.meanings.drain(..).enumerate() {
        if keep[o] {
            items.extend_from_slice(&p.option_items[p.option_start[o] as usize..p.option_start[o + 1] as usize]);
            start.push(items.len() as u32);
            names.push(std::mem::take(&mut p.option_names[o]));
            meanings.push(m);
        }
    }
    p.option_names = names;
    p.option_start = start;
    p.option_items = items;
    low.meanings = meanings;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The four symmetries of a 2 × 3 box (cells 0 1 2 / 3 4 5): identity, mirror left to
    /// right, mirror top to bottom, half turn.
    fn box_2x3() -> Vec<Vec<usize>> {
        vec![vec![0, 1, 2, 3, 4, 5], vec![2, 1, 0, 5, 4, 3], vec![3, 4, 5, 0, 1, 2], vec![5, 4, 3, 2, 1, 0]]
    }

    /// Dominoes in the box: the middle upright one is fixed by every symmetry (orbit 1), a
    /// side upright one has 2 images, a lying one 4; each orbit keeps its smallest member.
    #[test]
    fn orbits_and_smallest_members() {
        let fixing = box_2x3();
        let b = Breaking { anchor: Anchor::Piece(0), name: "piece A".into(), fixing, kept: 0, alternatives: 0 };
        assert_eq!(b.orbit(&[1, 4]), 1);
        assert_eq!(b.orbit(&[0, 3]), 2);
        assert_eq!(b.orbit(&[4, 5]), 4);
        let dominoes: [&[usize]; 7] = [&[0, 3], &[1, 4], &[2, 5], &[0, 1], &[1, 2], &[3, 4], &[4, 5]];
        let kept: Vec<&[usize]> = dominoes.iter().copied().filter(|d| smallest(d, &b.fixing)).collect();
        assert_eq!(kept, [&[0, 3][..], &[1, 4], &[0, 1]]);
        // Orbit sizes of the kept ones add up to all placements: N = Σ |H·φ(s)|.
        assert_eq!(kept.iter().map(|d| b.orbit(d)).sum::<u64>(), dominoes.len() as u64);
    }
}
