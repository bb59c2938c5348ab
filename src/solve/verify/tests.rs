//! The verifier's shape test ([`matches_shape`], each piece's shapes worked out once) against
//! the direct reading of "a copy of the piece" it replaced ([`congruent`]: every symmetry,
//! every anchor, cell by cell), on random pieces with labels and random placements.
use super::*;
use crate::diag::Span;
use crate::testing::Rng;

/// Whether `cells` are the piece's cells under one of the allowed symmetries, with every
/// labelled cell lying on a board cell showing that label.
fn congruent<'a>(
    piece: &Piece,
    cols: usize,
    cells: &[usize],
    symmetries: &[Symmetry],
    board_value: impl Fn(usize) -> Option<&'a Value>,
) -> bool {
    if piece.cells.len() != cells.len() {
        return false;
    }
    let cols = cols as i64;
    // Cell (r, c) is index r·cols + c, for 0 <= c < cols; no other (r, c) is a cell.
    let index = |r: i64, c: i64| (r >= 0 && (0..cols).contains(&c)).then(|| (r * cols + c) as usize);
    symmetries.iter().any(|m| {
        let first = m(piece.cells[0].0, piece.cells[0].1);
        // Translate so the first piece cell lands on some placed cell; try each.
        cells.iter().any(|&anchor| {
            let (dr, dc) = (anchor as i64 / cols - first.0, anchor as i64 % cols - first.1);
            piece.cells.iter().all(|(r, c, label)| {
                let (r, c) = m(*r, *c);
                let Some(cell) = index(r + dr, c + dc).filter(|x| cells.contains(x)) else { return false };
                label.as_ref().is_none_or(|l| board_value(cell) == Some(l))
            })
        })
    })
}

#[test]
fn shapes_agree_with_every_symmetry_and_anchor() {
    let (rows, cols) = (6usize, 7usize);
    let values: Vec<Value> = (0..3).map(Value::Int).collect();
    let mut rng = Rng(0x5eed_1234_abcd);
    let (mut yes, mut no) = (0, 0);
    for round in 0..400 {
        // Labels 0..=2 lie on the board; 7 is no board value, so it never matches.
        let given: Vec<Option<usize>> =
            (0..rows * cols).map(|_| if rng.below(5) == 0 { None } else { Some(rng.below(3)) }).collect();
        let board = Board {
            name: "b".into(),
            rows,
            cols,
            on: vec![true; rows * cols],
            values: values.clone(),
            given: given.clone(),
            origin: crate::syntax::ast::Origin::TopLeft,
            lattice: Lattice::Squares,
            span: Span::default(),
        };
        let mut cells: Vec<(i64, i64, Option<Value>)> = Vec::new();
        let size = 1 + rng.below(5);
        while cells.len() < size {
            let (r, c) = (rng.below(3) as i64, rng.below(3) as i64);
            if cells.iter().all(|x| (x.0, x.1) != (r, c)) {
                let label = match rng.below(6) {
                    0..=2 => None,
                    5 => Some(Value::Int(7)),
                    _ => Some(values[rng.below(3)].clone()),
                };
                cells.push((r, c, label));
            }
        }
        let piece = Piece {
            name: "p".into(),
            label: "p".into(),
            cells,
            edges: None,
            count: 1,
            numbers: vec![],
            odd: false,
            span: Span::default(),
        };
        let canon: Vec<usize> = (0..values.len()).collect();
        let board_value = |c: usize| given[c].map(|g| &values[g]);
        let lists: [&[Symmetry]; 7] = [
            symmetries(false, false),
            symmetries(true, false),
            symmetries(true, true),
            symmetries(false, true),
            hex_symmetries(true, false),
            hex_symmetries(true, true),
            hex_symmetries(false, true),
        ];
        let syms = lists[round % lists.len()];
        let shapes = shapes_of(&piece, syms, &values);
        let mut at = Vec::new();
        for _ in 0..40 {
            // A copy under any symmetry of the square or the hexagon (allowed or not), moved
            // anywhere; sometimes one cell moved, dropped or doubled.
            let all: &[Symmetry] = if rng.below(2) == 0 { &SYMMETRIES } else { &HEX_SYMMETRIES };
            let m = all[rng.below(all.len())];
            let (dr, dc) = (rng.below(rows) as i64 - 2, rng.below(cols) as i64 - 2);
            let mut placed: Vec<usize> = Vec::new();
            let mut fits = true;
            for (r, c, _) in &piece.cells {
                let (r, c) = m(*r, *c);
                let (r, c) = (r + dr, c + dc);
                if r < 0 || c < 0 || r >= rows as i64 || c >= cols as i64 {
                    fits = false;
                }
                placed.push((r.max(0) as usize * cols + c.max(0) as usize).min(rows * cols - 1));
            }
            if !fits && rng.below(2) == 0 {
                continue;
            }
            match rng.below(6) {
                0 => {
                    let k = rng.below(placed.len());
                    placed[k] = rng.below(rows * cols);
                }
                1 if placed.len() > 1 => placed[0] = placed[1],
                2 => {
                    placed.pop();
                }
                _ => {}
            }
            // Answers list a placement's cells in any order.
            for k in (1..placed.len()).rev() {
                placed.swap(k, rng.below(k + 1));
            }
            let expected = !placed.is_empty() && congruent(&piece, cols, &placed, syms, board_value);
            let got = matches_shape(&shapes, &canon, (board.cols, &board.given), &placed, &mut at);
            assert_eq!(got, expected, "piece {:?}, placed at {placed:?}", piece.cells);
            if expected {
                yes += 1;
            } else {
                no += 1;
            }
        }
    }
    // Both answers occur often enough for the comparison to mean something.
    assert!(yes > 500 && no > 500, "{yes} copies, {no} others");
}
