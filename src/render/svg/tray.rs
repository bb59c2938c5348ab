//! The tray: the pieces and tiles still to be placed, drawn beside the unsolved board, as a
//! player lays them out before starting. Each piece of the spec is drawn once (a piece
//! placed several times says `×N` beside it), in rows that wrap: a piece one shape of its
//! lattice's cells, in its colour, with one heavy outline and its name (or the values its
//! cells must lie on, a domino's pips); a tile a square of four triangles coloured and
//! numbered by its edges, as the board draws placed tiles.
//!
//! Everything here comes from the model's pieces (`piece` and `tiles` statements), on any
//! lattice: nothing is known about a particular puzzle. Elements carry the class
//! `tray-piece` (one per piece), so tests can count them.
use super::node::{Element, Group, Polygon};
use super::shapes::{cell_corners, sides};
use super::{colour, text};
use crate::lower::model::{Model, Piece};
use crate::syntax::ast::Lattice;

/// A cell's side in the tray, for pieces (tiles are drawn at the board's size).
const PIECE_CELL: f64 = 24.0;
/// A tile's side in the tray.
const TILE_CELL: f64 = 40.0;
/// Space between pieces, and between the board and the tray.
pub(super) const GAP: f64 = 16.0;
/// A tray's row is at least this wide (a small board still gets a tray of several pieces).
const MIN_WIDTH: f64 = 240.0;
/// The width of a `×N` label.
const COUNT_WIDTH: f64 = 28.0;

/// One piece laid out: its cells' polygons (relative to the tray's corner), where its
/// name and count go.
struct Laid {
    piece: usize,
    polygons: Vec<Vec<(f64, f64)>>,
    /// The piece's box: top-left corner and size.
    at: (f64, f64),
    size: (f64, f64),
}

/// The pieces of a spec laid out in rows.
pub(super) struct Tray {
    laid: Vec<Laid>,
    pub width: f64,
    pub height: f64,
}

/// The corners of each cell of a piece.
type Polygons = Vec<Vec<(f64, f64)>>;

/// The polygons of a piece's cells with its box at (0, 0), and the box's size.
fn shape(piece: &Piece, lattice: Lattice, cell: f64) -> (Polygons, (f64, f64)) {
    let mut polygons: Vec<Vec<(f64, f64)>> = (piece.cells.iter())
        .map(|&(r, c, _)| {
            // A triangle piece moved by an odd number of rows plus columns has its first
            // cell pointing down: one column over flips every cell's parity.
            let c = if piece.odd && lattice == Lattice::Triangles { c + 1 } else { c };
            cell_corners(lattice, r.max(0) as usize, c.max(0) as usize, cell)
        })
        .collect();
    let all = || polygons.iter().flatten();
    let x0 = all().map(|p| p.0).fold(f64::INFINITY, f64::min);
    let y0 = all().map(|p| p.1).fold(f64::INFINITY, f64::min);
    let x1 = all().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
    let y1 = all().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max);
    if !x0.is_finite() {
        return (polygons, (0.0, 0.0));
    }
    for p in polygons.iter_mut().flatten() {
        *p = (p.0 - x0, p.1 - y0);
    }
    (polygons, (x1 - x0, y1 - y0))
}

impl Tray {
    /// The tray of a spec that places pieces, `width` the board's width (a row of the tray
    /// is as wide as the board, or `MIN_WIDTH`); `None` when nothing is to be placed.
    pub fn of(model: &Model, lattice: Lattice, width: f64) -> Option<Tray> {
        model.placing.as_ref()?;
        if model.pieces.is_empty() {
            return None;
        }
        let row_width = width.max(MIN_WIDTH);
        let mut laid = Vec::new();
        let (mut x, mut y, mut row_h, mut widest) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
        for (k, piece) in model.pieces.iter().enumerate() {
            let cell = if piece.edges.is_some() { TILE_CELL } else { PIECE_CELL };
            let (polygons, (w, h)) = shape(piece, lattice, cell);
            let room = w + if piece.count > 1 { COUNT_WIDTH } else { 0.0 };
            if x > 0.0 && x + room > row_width {
                (x, y, row_h) = (0.0, y + row_h + GAP, 0.0);
            }
            let polygons = polygons.into_iter().map(|p| p.into_iter().map(|(a, b)| (a + x, b + y)).collect()).collect();
            laid.push(Laid { piece: k, polygons, at: (x, y), size: (w, h) });
            x += room + GAP;
            widest = widest.max(x - GAP);
            row_h = row_h.max(h);
        }
        Some(Tray { laid, width: widest.ceil(), height: (y + row_h).ceil() })
    }

    /// The tray drawn with its top-left corner at (x0, y0).
    pub fn draw(&self, model: &Model, x0: f64, y0: f64) -> Element {
        let mut labels: Vec<String> = (model.pieces.iter())
            .filter_map(|p| p.edges.as_ref())
            .flat_map(|e| e.iter().map(|v| v.to_string()))
            .collect();
        labels.sort();
        labels.dedup();
        let mut out = Group::new().set("class", "tray");
        for l in &self.laid {
            if out.full() {
                break;
            }
            let piece = &model.pieces[l.piece];
            let polygons: Vec<Vec<(f64, f64)>> =
                l.polygons.iter().map(|p| p.iter().map(|&(x, y)| (x + x0, y + y0)).collect()).collect();
            let mut g = Group::new().set("class", "tray-piece");
            match &piece.edges {
                Some(edges) => g = g.add(tile(&polygons[0], edges, &labels)),
                None => g = g.add(cells(piece, &polygons, colour(l.piece))),
            }
            g = g.add(sides(&polygons, |_| true, |_, _| false, "#111", 2.0));
            if piece.count > 1 {
                let (x, y) = (x0 + l.at.0 + l.size.0 + 3.0, y0 + l.at.1 + l.size.1 / 2.0 + 4.0);
                g = g.add(
                    text(x, y, 12.0, &format!("×{}", piece.count)).set("text-anchor", "start").set("fill", "#111"),
                );
            }
            out = out.add(g);
        }
        out
    }
}

/// The centre of a polygon (the mean of its corners).
fn centre(p: &[(f64, f64)]) -> (f64, f64) {
    let n = p.len().max(1) as f64;
    (p.iter().map(|q| q.0).sum::<f64>() / n, p.iter().map(|q| q.1).sum::<f64>() / n)
}

/// A piece's cells filled with its colour: each cell showing the value it must lie on, or,
/// for a piece whose cells name no values, its name in the cell nearest the piece's middle.
fn cells(piece: &Piece, polygons: &[Vec<(f64, f64)>], fill: &str) -> Element {
    let mut g = Group::new();
    let mut shape = Group::new().set("fill", fill).set("stroke", "#777").set("stroke-width", 0.5);
    for p in polygons {
        let points: Vec<String> = p.iter().map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
        shape = shape.add(Polygon::new().set("points", points.join(" ")));
    }
    g = g.add(shape);
    let centres: Vec<(f64, f64)> = polygons.iter().map(|p| centre(p)).collect();
    if piece.cells.iter().any(|c| c.2.is_some()) {
        for ((_, _, v), &(x, y)) in piece.cells.iter().zip(&centres) {
            if let Some(v) = v {
                g = g.add(text(x, y + 4.5, 13.0, &v.to_string()).set("fill", "#111"));
            }
        }
        return g;
    }
    if piece.label.chars().count() > 3 || centres.is_empty() {
        return g;
    }
    let n = centres.len() as f64;
    let (mx, my) = (centres.iter().map(|c| c.0).sum::<f64>() / n, centres.iter().map(|c| c.1).sum::<f64>() / n);
    let dist = |c: &(f64, f64)| (c.0 - mx).powi(2) + (c.1 - my).powi(2);
    let (x, y) = centres.iter().copied().min_by(|a, b| dist(a).total_cmp(&dist(b))).unwrap();
    g.add(text(x, y + 4.5, 13.0, &piece.label).set("fill", "#111").set("font-weight", "bold"))
}

/// A tile: four triangles from its sides to its centre, each coloured by its edge's label
/// and showing it (top, right, bottom, left).
fn tile(square: &[(f64, f64)], edges: &[crate::lower::value::Value; 4], labels: &[String]) -> Element {
    let mut g = Group::new();
    let (cx, cy) = centre(square);
    let size = (square[1].0 - square[0].0).abs();
    let offsets = [(0.0, -0.3), (0.3, 0.0), (0.0, 0.3), (-0.3, 0.0)];
    for side in 0..4 {
        let (a, b) = (square[side], square[(side + 1) % 4]);
        let label = edges[side].to_string();
        let shade = colour(labels.binary_search(&label).unwrap_or(0));
        g = g.add(
            Polygon::new()
                .set("points", format!("{:.2},{:.2} {:.2},{:.2} {cx:.2},{cy:.2}", a.0, a.1, b.0, b.1))
                .set("fill", shade)
                .set("stroke", "#333")
                .set("stroke-width", 0.5),
        );
        let (dx, dy) = offsets[side];
        g = g.add(text(cx + dx * size, cy + dy * size + 4.0, 11.0, &label).set("fill", "#111"));
    }
    g
}
