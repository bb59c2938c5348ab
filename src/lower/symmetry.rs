//! `answer ... up to symmetry`: the rotations and reflections of the board that map the
//! whole model onto itself, as permutations of the board's cells.
//!
//! A candidate is each symmetry of the lattice's point group (8 for squares, 12 for
//! triangles and hexagons) followed by the translation that brings the board's cells back
//! onto themselves. It is kept when it maps onto the model's own: every given, every region
//! (with its `once` kind), cage (operation, target, all different), count (values and
//! bounds) and `confine` set (and `confine ... where` placements), and every allowed orientation of every placed piece (with its
//! labels) onto another allowed orientation. `no two ... touch` is kept by any isometry.
//! Specs with direct items or options, or with tiles' edges, keep only the identity: what a
//! direct item means on the board is not known, and a turned tile's edges are not a
//! permutation of cells.
//!
//! Then a solution's image under a kept symmetry is again a solution, so the solutions fall
//! into classes; `solve::classes` counts one per class.
use super::lattice;
use super::model::{Board, Model};
use crate::syntax::ast::Lattice;
use std::collections::BTreeSet;

/// The kept symmetries, each a permutation `perm[cell]` of the board's flat cell indices
/// (holes map to themselves). The identity is always first.
pub fn symmetries(model: &Model) -> Vec<Vec<usize>> {
    let Some(board) = &model.board else { return Vec::new() };
    let identity: Vec<usize> = (0..board.on.len()).collect();
    let mut out = vec![identity];
    if !model.items.is_empty() || !model.options.is_empty() || model.match_edges {
        return out;
    }
    if model.pieces.iter().any(|p| p.edges.is_some()) {
        return out;
    }
    for op in 1..lattice::point_ops(board.lattice) {
        if let Some(perm) = board_perm(board, op)
            && keeps_model(model, board.lattice, op, &perm)
            && !out.contains(&perm)
        {
            out.push(perm);
        }
    }
    out
}

/// Point symmetry `op` of the board's lattice followed by the translation that brings the
/// board's cells back onto themselves, as a permutation of flat cells (holes fixed); `None`
/// when no translation does (the board's outline lacks the symmetry).
fn board_perm(board: &Board, op: usize) -> Option<Vec<usize>> {
    let cols = board.cols as i64;
    let on: Vec<usize> = (0..board.on.len()).filter(|&c| board.on[c]).collect();
    let rc = |c: usize| (c as i64 / cols, c as i64 % cols);
    let on_rc: BTreeSet<(i64, i64)> = on.iter().map(|&c| rc(c)).collect();
    let &first = on_rc.iter().next()?;
    let image: Vec<(i64, i64)> = on.iter().map(|&c| lattice::point_op(board.lattice, op, rc(c))).collect();
    let low = *image.iter().min().unwrap();
    let (dr, dc) = (first.0 - low.0, first.1 - low.1);
    // On triangles only shifts that keep each triangle's direction are translations.
    if board.lattice == Lattice::Triangles && (dr + dc).rem_euclid(2) != 0 {
        return None;
    }
    let shifted: Vec<(i64, i64)> = image.iter().map(|&(r, c)| (r + dr, c + dc)).collect();
    if !shifted.iter().all(|p| on_rc.contains(p)) {
        return None;
    }
    let mut perm: Vec<usize> = (0..board.on.len()).collect();
    for (&c, &(r, cc)) in on.iter().zip(&shifted) {
        perm[c] = (r * cols + cc) as usize;
    }
    Some(perm)
}

/// A symmetry of a clue pattern (`puzc generate --symmetry`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pattern {
    None,
    Rot180,
    Rot90,
    Mirror,
    Diagonal,
    Dihedral,
}

/// The group of cell permutations a clue pattern must be closed under: only the board's
/// outline matters (a jigsaw's regions need not be symmetric, the pattern of its clues
/// is). `Err` names the lattice operation the board lacks.
pub fn pattern_group(board: &Board, pattern: Pattern) -> Result<Vec<Vec<usize>>, &'static str> {
    let squares = board.lattice == Lattice::Squares;
    // Point operations (`lattice::point_op` numbering) that generate the group.
    let ops: &[usize] = match (pattern, squares) {
        (Pattern::None, _) => &[],
        (Pattern::Rot180, true) => &[2],
        (Pattern::Rot180, false) => &[3],
        (Pattern::Rot90, true) => &[1],
        (Pattern::Mirror, true) => &[4],
        (Pattern::Mirror, false) => &[6],
        // (r, -c) then three quarter turns: (c, r).
        (Pattern::Diagonal, true) => &[7],
        (Pattern::Dihedral, true) => &[1, 4],
        (Pattern::Dihedral, false) => &[1, 6],
        (Pattern::Rot90 | Pattern::Diagonal, false) => {
            return Err("a board of triangles or hexagons has no quarter turns");
        }
    };
    let mut gens = Vec::new();
    for &op in ops {
        gens.push(board_perm(board, op).ok_or("the board's outline does not map onto itself")?);
    }
    // The group the generators make: closed under composition.
    let mut group: Vec<Vec<usize>> = vec![(0..board.on.len()).collect()];
    let mut k = 0;
    while k < group.len() {
        for g in &gens {
            let next: Vec<usize> = group[k].iter().map(|&c| g[c]).collect();
            if !group.contains(&next) {
                group.push(next);
            }
        }
        k += 1;
    }
    Ok(group)
}

/// Cells mapped and sorted, with what they must keep, as one comparable key.
fn key(kind: &str, cells: &[usize], perm: &[usize], what: String) -> (String, Vec<usize>, String) {
    let mut c: Vec<usize> = cells.iter().map(|&x| perm[x]).collect();
    c.sort_unstable();
    (kind.to_string(), c, what)
}

fn mapped(cells: &[usize], perm: &[usize]) -> Vec<usize> {
    cells.iter().map(|&c| perm[c]).collect()
}

/// Whether `perm` (point symmetry `op` of the lattice, then a shift) maps the model onto
/// itself.
fn keeps_model(model: &Model, lattice: Lattice, op: usize, perm: &[usize]) -> bool {
    let board = model.board.as_ref().unwrap();
    if (0..board.on.len()).any(|c| board.on[c] && board.given[perm[c]] != board.given[c]) {
        return false;
    }
    for p in 0..model.confine.len() {
        if let Some(allowed) = &model.confine[p]
            && (0..board.on.len()).any(|c| board.on[c] && allowed[perm[c]] != allowed[c])
        {
            return false;
        }
    }
    // `confine ... where`: the allowed placements map onto allowed placements.
    for allowed in model.confine_where.iter().flatten() {
        if allowed
            .iter()
            .any(|(cells, edges)| !allowed.contains(&super::confine::placement_key(&mapped(cells, perm), edges)))
        {
            return false;
        }
    }
    // Regions, cages and counts: the set of their (mapped) cell sets with what they demand.
    let identity: Vec<usize> = (0..perm.len()).collect();
    let all = |perm: &[usize]| -> BTreeSet<(String, Vec<usize>, String)> {
        let mut s = BTreeSet::new();
        for r in &model.regions {
            s.insert(key("region", &r.cells, perm, format!("{:?}", r.once)));
        }
        for c in &model.cages {
            s.insert(key("cage", &c.cells, perm, format!("{:?} {} {}", c.op, c.target, c.distinct)));
        }
        for c in &model.counts {
            s.insert(key("count", &c.cells, perm, format!("{:?} {} {}", c.values, c.lo, c.hi)));
        }
        // Clues of areas and blocks (`connected` holds under every symmetry of the board).
        for (k, a) in model.areas.iter().enumerate() {
            for (cell, clue) in a.clues.iter().enumerate().filter(|(_, c)| c.is_some()) {
                s.insert(key("clue", &[cell], perm, format!("{k} {:?} {clue:?} {}", a.values, a.sized)));
            }
        }
        // A comparison's cells keep their order: `x < y` read the other way is another rule.
        for c in &model.compares {
            let cells: Vec<usize> = c.cells.iter().map(|&x| perm[x]).collect();
            s.insert(("compare".to_string(), cells, format!("{:?}", c.allowed)));
        }
        // A line's runs read in its order: the cells keep it.
        for r in &model.runs {
            let cells: Vec<usize> = r.cells.iter().map(|&x| perm[x]).collect();
            s.insert(("runs".to_string(), cells, format!("{:?} {:?}", r.values, r.lengths)));
        }
        for l in &model.seen {
            let cells: Vec<usize> = l.cells.iter().map(|&x| perm[x]).collect();
            s.insert(("seen".to_string(), cells, format!("{}", l.count)));
        }
        // Sight rules look along the lattice's lines, which its symmetries keep; a `from`
        // rule is tied to its cell.
        for (k, rule) in model.sight.iter().enumerate() {
            s.insert(match &rule.rule {
                super::model::SightRule::From { cell, count } => {
                    ("sight from".to_string(), vec![perm[*cell]], format!("{count} {:?}", rule.walls))
                }
                other => ("sight".to_string(), Vec::new(), format!("{k} {other:?} {:?}", rule.walls)),
            });
        }
        // Rules on each region's cells: the regions, moved, are the same set of regions.
        for (k, rule) in model.connected_each.iter().enumerate() {
            for (_, cells) in &rule.regions {
                s.insert(key("connected each", cells, perm, format!("{k} {:?}", rule.values)));
            }
        }
        for (k, rule) in model.shapes.iter().enumerate() {
            for (_, cells) in &rule.regions {
                s.insert(key("shapes", cells, perm, format!("{k} {:?}", rule.values)));
            }
        }
        for (k, rule) in model.crossings.iter().enumerate() {
            let mut regions: Vec<Vec<usize>> = Vec::new();
            for (cell, &r) in rule.region.iter().enumerate().filter(|(_, r)| **r != usize::MAX) {
                if regions.len() <= r {
                    regions.resize(r + 1, Vec::new());
                }
                regions[r].push(cell);
            }
            for cells in &regions {
                s.insert(key("crossing", cells, perm, format!("{k} {:?} {}", rule.values, rule.borders)));
            }
        }
        // Lines that differ: a map keeping the set of compared lines and the set of their
        // positions (the cells at position i of every line: the columns, for rows) maps
        // equal positions of two lines to equal positions of their images, so two images are
        // the same exactly when the lines were. A board's turn or mirror maps rows to rows or
        // columns, so `no two rows` alone lacks the quarter turns and `rows or columns` keeps
        // them. Holes stay where they are under `perm`: only the cells are keyed.
        for rule in &model.distinct {
            let len = rule.lines.first().map_or(0, Vec::len);
            for line in &rule.lines {
                let on: Vec<usize> = line.iter().copied().filter(|&c| board.on[c]).collect();
                s.insert(key("distinct line", &on, perm, String::new()));
            }
            for i in 0..len {
                let at: Vec<usize> = rule.lines.iter().map(|l| l[i]).filter(|&c| board.on[c]).collect();
                s.insert(key("distinct position", &at, perm, String::new()));
            }
        }
        // Blocks: each a set of cells that may not all hold the values, whichever statement
        // made it, so a turn may map `no 1 by 3 block` onto `no 3 by 1 block` (Binairo's
        // rows and columns).
        for rule in &model.blocks {
            let mut values = rule.values.clone();
            values.sort_unstable();
            for cells in super::connected::block_cells(board, rule) {
                s.insert(key("block", &cells, perm, format!("{values:?}")));
            }
        }
        s
    };
    if all(perm) != all(&identity) {
        return false;
    }
    // Each allowed orientation of a placed piece, turned by the same point symmetry, is an
    // allowed orientation (with the same labels on the same cells).
    if let Some(placing) = &model.placing {
        for &p in &placing.pieces {
            let piece = &model.pieces[p];
            let allowed = super::xcc::orientations_on(lattice, piece, placing.rotate, placing.reflect);
            for o in &allowed {
                let turned: Vec<_> = (o.cells.iter())
                    .map(|(r, c, l)| {
                        let (r, c) = lattice::point_op(lattice, op, (*r, *c));
                        (r, c, l.clone())
                    })
                    .collect();
                let cells = match lattice {
                    Lattice::Triangles => lattice::normalised(&turned),
                    _ => super::xcc::normalised(&turned),
                };
                if !allowed.iter().any(|a| a.cells == cells) {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lower::model::Board;
    use crate::syntax::ast::Origin;

    fn board(rows: usize, cols: usize, lattice: Lattice) -> Model {
        Model {
            board: Some(Board {
                name: "b".into(),
                rows,
                cols,
                on: vec![true; rows * cols],
                values: vec![],
                given: vec![None; rows * cols],
                origin: Origin::TopLeft,
                lattice,
                span: Default::default(),
            }),
            ..Model::default()
        }
    }

    /// A square has 8 symmetries, a rectangle 4; a rhombus of hexagons 4 (the identity, a
    /// half turn, the mirrors along its two diagonals), a parallelogram that is not a rhombus
    /// 2 (the identity and the half turn).
    #[test]
    fn board_symmetries() {
        let n = |rows, cols, l| symmetries(&board(rows, cols, l)).len();
        assert_eq!(n(4, 4, Lattice::Squares), 8);
        assert_eq!(n(5, 12, Lattice::Squares), 4);
        assert_eq!(n(6, 10, Lattice::Squares), 4);
        assert_eq!(n(3, 3, Lattice::Hexagons), 4);
        assert_eq!(n(3, 4, Lattice::Hexagons), 2);
    }
}
