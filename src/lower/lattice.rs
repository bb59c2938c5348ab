//! Triangular boards (`lattice triangles`): how pieces drawn on them turn and flip.
//!
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

    /// A lozenge (an up and a down triangle side by side) has three orientations; a single
    /// triangle two (up and down); the hexagon of six one.
    #[test]
    fn orientation_counts() {
        let piece = |cells: &[(i64, i64)]| Piece {
            name: "p".into(),
            label: "p".into(),
            cells: cells.iter().map(|&(r, c)| (r, c, None)).collect(),
            edges: None,
            count: 1,
            numbers: vec![1],
            odd: false,
            span: Default::default(),
        };
        assert_eq!(orientations(&piece(&[(0, 0), (0, 1)]), true, true).len(), 3);
        assert_eq!(orientations(&piece(&[(0, 0)]), true, true).len(), 2);
        let hexagon = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)];
        assert_eq!(orientations(&piece(&hexagon), true, true).len(), 1);
        // The triamond's straight form (three in a row) turns to three positions...
        assert_eq!(orientations(&piece(&[(0, 0), (0, 1), (0, 2)]), true, false).len(), 6);
    }
}
