//! Solutions up to symmetry: one representative per class, picked by canonical form.
//!
//! Each kept symmetry `g` of the model (a permutation of cells, `lower::symmetry`) maps a
//! solution to a solution. A solution is written as a key over the board's cells — the
//! value of each cell for a filled board, and for placed pieces the piece on each cell with
//! the first cell of its copy (so two tilings that differ only in how copies of one piece
//! split the cells differ). When the search was cut by an anchor (`lower::breaking`), the
//! anchor's cells, moved and sorted, come before that key. The representative of a class
//! is its smallest solution in that order, and a solution is counted exactly when no
//! symmetry gives a smaller one. Each class has exactly one smallest member, also when a
//! solution is its own image (a symmetric solution's class is smaller, never counted twice
//! or missed), so the count is the number of classes with no need for Burnside's averaging.
//! `lower::breaking` shows that the cut search still finds every representative.
use super::answer::Answer;
use crate::lower::breaking::{Anchor, moved};

pub struct Classes {
    /// Permutations of the cells, the identity first.
    perms: Vec<Vec<usize>>,
    /// The anchor the search was cut by, compared first.
    anchor: Option<Anchor>,
}

impl Classes {
    /// `None` when the identity is the only symmetry: every solution is its own class.
    pub fn new(perms: Vec<Vec<usize>>, anchor: Option<Anchor>) -> Option<Classes> {
        (perms.len() > 1).then_some(Classes { perms, anchor })
    }

    /// How many symmetries (the identity included).
    pub fn order(&self) -> usize {
        self.perms.len()
    }

    /// Whether `ans` is the representative of its class.
    pub fn is_canonical(&self, ans: &Answer) -> bool {
        let Some(anchor) = &self.anchor else {
            let own = key(ans, &self.perms[0]);
            return self.perms[1..].iter().all(|g| key(ans, g) >= own);
        };
        let first = anchor_cells(anchor, ans, &self.perms[0]);
        let mut own = None;
        self.perms[1..].iter().all(|g| match anchor_cells(anchor, ans, g).cmp(&first) {
            std::cmp::Ordering::Greater => true,
            std::cmp::Ordering::Less => false,
            std::cmp::Ordering::Equal => key(ans, g) >= *own.get_or_insert_with(|| key(ans, &self.perms[0])),
        })
    }
}

/// The cells of the anchor's alternative in the answer moved by `perm`, sorted: for a piece
/// its cells; for cells holding a value, the one cell of the anchor's that the moved answer
/// gives one of its values (the answer is a solution, so its image is one too: exactly one).
pub fn anchor_cells(anchor: &Anchor, ans: &Answer, perm: &[usize]) -> Vec<usize> {
    match anchor {
        Anchor::Piece(p) => ans.placed.iter().find(|q| q.piece == *p).map_or(Vec::new(), |q| moved(q.cells, perm)),
        Anchor::Cells { within, values } => {
            let fill = ans.fill.as_deref().unwrap_or_default();
            let mut on = fill
                .iter()
                .enumerate()
                .filter(|&(c, v)| v.is_some_and(|v| values[v]) && within[perm[c]])
                .map(|(c, _)| perm[c]);
            on.next().into_iter().collect()
        }
    }
}

/// The answer moved by `perm`: a filled board's value per cell, then the piece on each cell
/// and the first cell of its copy; 0 for a hole or an empty cell.
fn key(ans: &Answer, perm: &[usize]) -> Vec<u64> {
    let n = perm.len();
    let mut key = Vec::new();
    if let Some(fill) = &ans.fill {
        key.resize(n, 0);
        for (c, v) in fill.iter().enumerate() {
            if let Some(v) = v {
                key[perm[c]] = *v as u64 + 1;
            }
        }
    }
    if !ans.placed.is_empty() {
        let base = key.len();
        key.resize(base + 2 * n, 0);
        for p in &ans.placed {
            let start = p.cells.iter().map(|&c| perm[c]).min().unwrap_or(0) as u64 + 1;
            for &c in p.cells {
                key[base + perm[c]] = p.piece as u64 + 1;
                key[base + n + perm[c]] = start;
            }
        }
    }
    key
}
