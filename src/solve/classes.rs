//! Solutions up to symmetry: one representative per class, picked by canonical form.
//!
//! Each kept symmetry `g` of the model (a permutation of cells, `lower::symmetry`) maps a
//! solution to a solution. A solution is written as a key over the board's cells — the
//! value of each cell for a filled board, and for placed pieces the piece on each cell with
//! the first cell of its copy (so two tilings that differ only in how copies of one piece
//! split the cells differ) — and the representative of a class is its solution with the
//! smallest key. A solution is counted exactly when no symmetry gives a smaller key. Each
//! class has exactly one smallest key, also when a solution is its own image (a symmetric
//! solution's class is smaller, never counted twice or missed), so the count is the number
//! of classes with no need for Burnside's averaging.
use super::answer::Answer;

pub struct Classes {
    /// Permutations of the cells, the identity first.
    perms: Vec<Vec<usize>>,
}

impl Classes {
    /// `None` when the identity is the only symmetry: every solution is its own class.
    pub fn new(perms: Vec<Vec<usize>>) -> Option<Classes> {
        (perms.len() > 1).then_some(Classes { perms })
    }

    /// How many symmetries (the identity included).
    pub fn order(&self) -> usize {
        self.perms.len()
    }

    /// Whether `ans` is the representative of its class.
    pub fn is_canonical(&self, ans: &Answer) -> bool {
        let own = key(ans, &self.perms[0]);
        self.perms[1..].iter().all(|g| key(ans, g) >= own)
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
