//! Triangular and hexagonal boards (`lattice triangles`, `lattice hexagons`): how pieces
//! drawn on them turn and flip.
//!
//! Both lattices turn by a sixth about a lattice point, written in axial coordinates
//! (a·e1 + b·e2, e1 = (1, 0), e2 = (1/2, √3/2)) as (a, b) → (−b, a + b); a mirror image is
//! (a, b) → (b, a).
//!
//! **Hexagons.** Cell (r, c)'s centre is (a, b) = (c + r, −r): each row lies half a cell to
//! the right of the row above. Every shift (dr, dc) is a translation of the lattice.
//!
//! **Triangles.**
//! Cell (r, c) is a triangle pointing up when r + c is even. Its centroid, in axial lattice
//! coordinates (a·e1 + b·e2, e1 = (1, 0), e2 = (1/2, √3/2)) scaled by 3 to stay whole, is
//! (3i + 1, 3j + 1) for an up triangle and (3i + 2, 3j + 2) for a down one, where j = −r − 1
//! is its strip (rows go down) and i = ⌊(c + r) / 2⌋. A sixth of a turn about a lattice
//! point is (a, b) → (−b, a + b); a mirror image is (a, b) → (b, a). Translations of the
//! lattice are the shifts (dr, dc) with dr + dc even, so normalising a shape keeps the
//! parity of its cells.
use super::model::Piece;
use super::value::Value;
use super::xcc::Orientation;
use crate::syntax::ast::Lattice;

type Cell = (i64, i64, Option<Value>);

fn centroid(r: i64, c: i64) -> (i64, i64) {
    let j = -r - 1;
    if (r + c).rem_euclid(2) == 0 {
        let i = (c + r).div_euclid(2);
        (3 * i + 1, 3 * j + 1)
    } else {
        let i = (c + r - 1).div_euclid(2);
        (3 * i + 2, 3 * j + 2)
    }
}

fn cell_of(a: i64, b: i64) -> (i64, i64) {
    let up = a.rem_euclid(3) == 1;
    let (i, j) = if up {
        ((a - 1).div_euclid(3), (b - 1).div_euclid(3))
    } else {
        ((a - 2).div_euclid(3), (b - 2).div_euclid(3))
    };
    let r = -j - 1;
    (r, 2 * i - r + if up { 0 } else { 1 })
}

/// The corners of triangle (r, c), in the centroids' coordinates (scaled by 3).
fn triangle_corners(r: i64, c: i64) -> [(i64, i64); 3] {
    let (a, b) = centroid(r, c);
    if a.rem_euclid(3) == 1 {
        [(a - 1, b - 1), (a + 2, b - 1), (a - 1, b + 2)]
    } else {
        [(a + 1, b - 2), (a - 2, b + 1), (a + 1, b + 1)]
    }
}

/// The cells of a `rows` × `cols` board of this lattice that touch `cell`: by a side, or with
/// `corners` also by a corner (on hexagons the same cells).
pub fn touching(lattice: Lattice, rows: usize, cols: usize, cell: usize, corners: bool) -> Vec<usize> {
    let (r, c) = ((cell / cols) as i64, (cell % cols) as i64);
    let near: Vec<(i64, i64)> = match lattice {
        Lattice::Squares if corners => {
            (-1..=1).flat_map(|dr| (-1..=1).map(move |dc| (r + dr, c + dc))).filter(|&p| p != (r, c)).collect()
        }
        Lattice::Squares => vec![(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)],
        Lattice::Hexagons => vec![(r - 1, c), (r - 1, c + 1), (r, c - 1), (r, c + 1), (r + 1, c - 1), (r + 1, c)],
        Lattice::Triangles => {
            let own = triangle_corners(r, c);
            let need = if corners { 1 } else { 2 };
            (r - 1..=r + 1)
                .flat_map(|r2| (c - 2..=c + 2).map(move |c2| (r2, c2)))
                .filter(|&(r2, c2)| {
                    let theirs = triangle_corners(r2, c2);
                    (r2, c2) != (r, c) && own.iter().filter(|p| theirs.contains(p)).count() >= need
                })
                .collect()
        }
    };
    (near.into_iter())
        .filter(|&(r, c)| r >= 0 && c >= 0 && r < rows as i64 && c < cols as i64)
        .map(|(r, c)| r as usize * cols + c as usize)
        .collect()
}

/// How many symmetries the lattice has about a point (turns, then turns of the mirror image):
/// 8 for squares, 12 for triangles and hexagons.
pub fn point_ops(lattice: Lattice) -> usize {
    if lattice == Lattice::Squares { 8 } else { 12 }
}

/// Point symmetry `op` (0 is the identity) of the lattice applied to cell (r, c): the mirror
/// image first when `op` is in the second half, then `op` modulo a half of turns (quarter
/// turns on squares, sixths on the others). Only a shift is left to bring a shape back.
pub fn point_op(lattice: Lattice, op: usize, (r, c): (i64, i64)) -> (i64, i64) {
    match lattice {
        Lattice::Squares => {
            let (mut r, mut c) = if op >= 4 { (r, -c) } else { (r, c) };
            for _ in 0..op % 4 {
                (r, c) = (c, -r);
            }
            (r, c)
        }
        Lattice::Hexagons | Lattice::Triangles => {
            let (mut a, mut b) = if lattice == Lattice::Hexagons { (c + r, -r) } else { centroid(r, c) };
            if op >= 6 {
                (a, b) = (b, a);
            }
            for _ in 0..op % 6 {
                (a, b) = (-b, a + b);
            }
            if lattice == Lattice::Hexagons { (-b, a + b) } else { cell_of(a, b) }
        }
    }
}

/// A piece's cells after point symmetry `op` ([`point_op`]), in the order given, shifted as
/// the orientations of this lattice shift them, so that they lie where the same turn of the
/// piece lies in the lowered problem. `odd` is [`Piece::odd`].
pub fn turned(lattice: Lattice, op: usize, cells: &[(i64, i64)], odd: bool) -> Vec<(i64, i64)> {
    let shift = (lattice == Lattice::Triangles && odd) as i64;
    let moved: Vec<(i64, i64)> = cells.iter().map(|&(r, c)| point_op(lattice, op, (r, c + shift))).collect();
    let r0 = moved.iter().map(|c| c.0).min().unwrap_or(0);
    let mut c0 = moved.iter().map(|c| c.1).min().unwrap_or(0);
    if lattice == Lattice::Triangles && (r0 + c0).rem_euclid(2) != 0 {
        c0 -= 1;
    }
    moved.iter().map(|&(r, c)| (r - r0, c - c0)).collect()
}

/// Shifts a shape so its top row is 0 and its leftmost column 0 or 1 (whichever keeps every
/// triangle pointing the same way), cells in reading order.
pub fn normalised(cells: &[Cell]) -> Vec<Cell> {
    let r0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
    let mut c0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
    if (r0 + c0).rem_euclid(2) != 0 {
        c0 -= 1;
    }
    let mut out: Vec<Cell> = cells.iter().map(|(r, c, l)| (r - r0, c - c0, l.clone())).collect();
    out.sort_by_key(|a| (a.0, a.1));
    out
}

/// The distinct orientations of a piece on a hexagonal board: up to 6 turns by a sixth, up
/// to 12 with mirror images, each normalised to a top row and a leftmost column of 0.
pub fn hex_orientations(piece: &Piece, rotate: bool, reflect: bool) -> Vec<Orientation> {
    let mut out: Vec<Orientation> = Vec::new();
    for flip in 0..if reflect { 2 } else { 1 } {
        let mut cells: Vec<Cell> = (piece.cells.iter())
            .map(|(r, c, l)| {
                let (a, b) = (c + r, -r);
                if flip == 1 { (b, a, l.clone()) } else { (a, b, l.clone()) }
            })
            .collect();
        for _ in 0..if rotate { 6 } else { 1 } {
            let shape: Vec<Cell> = cells.iter().map(|(a, b, l)| (-b, a + b, l.clone())).collect();
            let o = Orientation { cells: super::xcc::normalised(&shape), edges: None };
            if !out.contains(&o) {
                out.push(o);
            }
            for c in &mut cells {
                *c = (-c.1, c.0 + c.1, c.2.clone());
            }
        }
    }
    out
}

/// The distinct orientations of a piece on a triangular board: up to 6 turns by a sixth,
/// up to 12 with mirror images.
pub fn orientations(piece: &Piece, rotate: bool, reflect: bool) -> Vec<Orientation> {
    let mut out: Vec<Orientation> = Vec::new();
    for flip in 0..if reflect { 2 } else { 1 } {
        let mut cells: Vec<(i64, i64, Option<Value>)> = piece
            .cells
            .iter()
            .map(|(r, c, l)| {
                let (a, b) = centroid(*r, *c + piece.odd as i64);
                if flip == 1 { (b, a, l.clone()) } else { (a, b, l.clone()) }
            })
            .collect();
        for _ in 0..if rotate { 6 } else { 1 } {
            let shape: Vec<Cell> = cells
                .iter()
                .map(|(a, b, l)| {
                    let (r, c) = cell_of(*a, *b);
                    (r, c, l.clone())
                })
                .collect();
            let o = Orientation { cells: normalised(&shape), edges: None };
            if !out.contains(&o) {
                out.push(o);
            }
            for c in &mut cells {
                *c = (-c.1, c.0 + c.1, c.2.clone());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cell survives the round trip through centroids, and six sixths of a turn (or
    /// two mirror images) are the identity.
    #[test]
    fn turns_and_mirrors_are_lattice_symmetries() {
        for r in -5..5 {
            for c in -5..5 {
                let (a, b) = centroid(r, c);
                assert_eq!(cell_of(a, b), (r, c));
                let (mut x, mut y) = (a, b);
                for _ in 0..6 {
                    (x, y) = (-y, x + y);
                    let (rr, cc) = cell_of(x, y);
                    assert_eq!(centroid(rr, cc), (x, y), "a turned centroid is a triangle's");
                }
                assert_eq!((x, y), (a, b));
            }
        }
    }

    /// A triangle touches 3 others by a side and 12 by a corner; a hexagon 6; a square 4 and 8.
    #[test]
    fn touching_counts() {
        let n = |l, corners| touching(l, 9, 9, 4 * 9 + 4, corners).len();
        assert_eq!((n(Lattice::Triangles, false), n(Lattice::Triangles, true)), (3, 12));
        let down = touching(Lattice::Triangles, 9, 9, 4 * 9 + 5, true).len();
        assert_eq!(down, 12);
        assert_eq!((n(Lattice::Hexagons, false), n(Lattice::Hexagons, true)), (6, 6));
        assert_eq!((n(Lattice::Squares, false), n(Lattice::Squares, true)), (4, 8));
    }

    /// A one-copy piece of the given cells, for counting its orientations.
    fn piece(cells: &[(i64, i64)]) -> Piece {
        Piece {
            name: "p".into(),
            label: "p".into(),
            cells: cells.iter().map(|&(r, c)| (r, c, None)).collect(),
            edges: None,
            count: 1,
            numbers: vec![1],
            odd: false,
            span: Default::default(),
        }
    }

    /// A lozenge (an up and a down triangle side by side) has three orientations; a single
    /// triangle two (up and down); the hexagon of six one.
    #[test]
    fn orientation_counts() {
        assert_eq!(orientations(&piece(&[(0, 0), (0, 1)]), true, true).len(), 3);
        assert_eq!(orientations(&piece(&[(0, 0)]), true, true).len(), 2);
        let hexagon = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)];
        assert_eq!(orientations(&piece(&hexagon), true, true).len(), 1);
        // The triamond's straight form (three in a row) turns to three positions...
        assert_eq!(orientations(&piece(&[(0, 0), (0, 1), (0, 2)]), true, false).len(), 6);
    }

    /// The free polyhexes have 3 orientations (dihex), 2 + 6 + 3 (the three trihexes: the
    /// triangle turns to 2 places, the bent one to 6, the straight one to 3); the hexagon of
    /// seven cells (a centre and its six neighbours) has one; a chiral tetrahex has 12 with
    /// mirror images and 6 without.
    #[test]
    fn hex_orientation_counts() {
        let n = |cells: &[(i64, i64)], reflect| hex_orientations(&piece(cells), true, reflect).len();
        assert_eq!(n(&[(0, 0), (0, 1)], true), 3);
        assert_eq!(n(&[(0, 0), (0, 1), (1, 0)], true), 2, "triangle");
        assert_eq!(n(&[(0, 0), (0, 1), (1, 1)], true), 6, "bent: (1, 1) touches (0, 1) only");
        assert_eq!(n(&[(0, 0), (0, 1), (0, 2)], true), 3, "straight");
        let flower = [(0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)];
        assert_eq!(n(&flower, true), 1);
        // (0,0) (0,1) (0,2) (1,1)... a bent bar: a row of three with one hanging below the
        // middle-right, chiral.
        let chiral = [(0, 0), (0, 1), (0, 2), (1, 2)];
        assert_eq!(n(&chiral, true), 12);
        assert_eq!(n(&chiral, false), 6);
    }
}
