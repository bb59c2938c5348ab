//! Boards of triangles and hexagons: every cell a polygon. Squares keep the grid drawing of
//! `board.rs`; this module draws the other lattices with the same look (thin grey cells,
//! values at the centre, pieces filled and outlined, heavy lines between regions).
//!
//! - **Triangles** of side `CELL`: row r is a strip of height `CELL·√3/2`; triangle (r, c)
//!   spans x from `c·CELL/2` to `(c + 2)·CELL/2`, pointing up when r + c is even.
//! - **Hexagons** pointing up, `CELL` wide: (r, c)'s centre is at x = `CELL·(c + r/2)`,
//!   y = `1.5·R·r` with R = `CELL/√3` the centre-to-corner distance, so each row sits half a
//!   cell right of the row above.
//!
//! The picture is the bounding box of the cells that are on (a hexagon drawn as a masked
//! parallelogram is not drawn with the parallelogram's empty corners).
use super::decor::Look;
use super::node::Document;
use super::node::{Circle, Element, Group, Path, Polygon, Polyline};
use super::tray::{GAP, Tray};
use super::{MARGIN, TITLE, colour, document, text};
use crate::lower::model::{ArithOp, Board, Model};
use crate::solve::answer::Answer;
use crate::syntax::ast::{DrawStyle, Lattice};
use std::collections::BTreeMap;

/// A corner of a cell, in hundredths of a pixel (so that shared corners compare equal).
type Point = (i64, i64);
/// A side as drawn: x1, y1, x2, y2 in pixels.
type Segment = (f64, f64, f64, f64);

/// A triangle's side and a hexagon's width, in pixels.
const CELL: f64 = 40.0;

/// Cell polygons of one board, shifted into the picture.
struct Shapes {
    polygons: Vec<Vec<(f64, f64)>>,
    width: f64,
    height: f64,
}

/// The corners of cell (r, c) before shifting, clockwise from the top (or top-left).
fn corners(lattice: Lattice, r: usize, c: usize) -> Vec<(f64, f64)> {
    cell_corners(lattice, r, c, CELL)
}

/// The corners of cell (r, c) of a lattice whose cells are `size` across (a square's side,
/// a triangle's side, a hexagon's width), clockwise from the top-left corner (squares,
/// triangles pointing down), the top (hexagons, triangles pointing up).
pub(super) fn cell_corners(lattice: Lattice, r: usize, c: usize, size: f64) -> Vec<(f64, f64)> {
    let (r, c) = (r as f64, c as f64);
    match lattice {
        Lattice::Squares => {
            let (x, y) = (c * size, r * size);
            vec![(x, y), (x + size, y), (x + size, y + size), (x, y + size)]
        }
        Lattice::Triangles => {
            let h = size * 3f64.sqrt() / 2.0;
            let (x, y) = (c * size / 2.0, r * h);
            if (r + c) as i64 % 2 == 0 {
                vec![(x + size / 2.0, y), (x + size, y + h), (x, y + h)]
            } else {
                vec![(x, y), (x + size, y), (x + size / 2.0, y + h)]
            }
        }
        Lattice::Hexagons => hexagon(size * (c + r / 2.0), 1.5 * size / 3f64.sqrt() * r, size),
    }
}

impl Shapes {
    fn of(board: &Board) -> Shapes {
        let mut polygons: Vec<Vec<(f64, f64)>> =
            (0..board.on.len()).map(|cell| corners(board.lattice, cell / board.cols, cell % board.cols)).collect();
        let on = || polygons.iter().enumerate().filter(|(c, _)| board.on[*c]).flat_map(|(_, p)| p.iter());
        let fold = |f: fn(f64, f64) -> f64, init: f64, pick: fn(&(f64, f64)) -> f64| on().map(pick).fold(init, f);
        let (x0, x1) = (fold(f64::min, f64::INFINITY, |p| p.0), fold(f64::max, f64::NEG_INFINITY, |p| p.0));
        let (y0, y1) = (fold(f64::min, f64::INFINITY, |p| p.1), fold(f64::max, f64::NEG_INFINITY, |p| p.1));
        let (x0, y0) = if x0.is_finite() { (x0, y0) } else { (0.0, 0.0) };
        for p in polygons.iter_mut().flatten() {
            *p = (p.0 - x0 + MARGIN, p.1 - y0 + MARGIN + TITLE);
        }
        Shapes { polygons, width: (x1 - x0).max(0.0).ceil(), height: (y1 - y0).max(0.0).ceil() }
    }

    fn polygon(&self, cell: usize) -> Element {
        let points: Vec<String> = self.polygons[cell].iter().map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
        Polygon::new().set("points", points.join(" "))
    }

    fn centre(&self, cell: usize) -> (f64, f64) {
        let p = &self.polygons[cell];
        let n = p.len() as f64;
        (p.iter().map(|q| q.0).sum::<f64>() / n, p.iter().map(|q| q.1).sum::<f64>() / n)
    }

    /// Lines along the sides where `differ(a, b)` for the cells on either side, and along
    /// every side of a cell that is on with no cell that is on beyond it.
    fn boundaries(&self, board: &Board, differ: impl Fn(usize, usize) -> bool, stroke: &str, width: f64) -> Element {
        sides(&self.polygons, |c| board.on[c], differ, stroke, width)
    }
}

/// Lines along the sides of the polygons of the cells that are on, where `differ(a, b)` for
/// the cells on either side, and along every side with no cell that is on beyond it.
pub(super) fn sides(
    polygons: &[Vec<(f64, f64)>],
    on: impl Fn(usize) -> bool,
    differ: impl Fn(usize, usize) -> bool,
    stroke: &str,
    width: f64,
) -> Element {
    // Sides keyed by their two ends, rounded to hundredths of a pixel, in order.
    let key = |p: (f64, f64)| ((p.0 * 100.0).round() as i64, (p.1 * 100.0).round() as i64);
    let mut sides: BTreeMap<(Point, Point), (Vec<usize>, Segment)> = BTreeMap::new();
    for cell in (0..polygons.len()).filter(|&c| on(c)) {
        let p = &polygons[cell];
        for k in 0..p.len() {
            let (a, b) = (p[k], p[(k + 1) % p.len()]);
            let ends = if key(a) <= key(b) { (key(a), key(b)) } else { (key(b), key(a)) };
            sides.entry(ends).or_insert_with(|| (Vec::new(), (a.0, a.1, b.0, b.1))).0.push(cell);
        }
    }
    // One path of separate segments, in hundredths of a pixel: a board of pieces drawn
    // eighty times over stays small.
    let mut d = String::new();
    let r = |v: f64| (v * 100.0).round() / 100.0;
    for (cells, (x1, y1, x2, y2)) in sides.values() {
        if cells.len() == 1 || differ(cells[0], cells[1]) {
            d += &format!("M{} {}L{} {}", r(*x1), r(*y1), r(*x2), r(*y2));
        }
    }
    let g = Group::new().set("stroke", stroke).set("stroke-width", width).set("stroke-linecap", "round");
    if d.is_empty() { g } else { g.add(Path::new().set("d", d).set("fill", "none")) }
}

/// The corners of a hexagon pointing up, centred on (cx, cy), `width` across its flats.
pub(super) fn hexagon(cx: f64, cy: f64, width: f64) -> Vec<(f64, f64)> {
    let radius = width / 3f64.sqrt();
    (0..6)
        .map(|k| {
            let a = std::f64::consts::PI / 3.0 * k as f64 - std::f64::consts::FRAC_PI_2;
            (cx + radius * a.cos(), cy + radius * a.sin())
        })
        .collect()
}

/// The picture of an answer on a board of triangles or hexagons: a filled board's values,
/// or placed pieces.
pub fn answer(model: &Model, board: &Board, ans: Option<&Answer>) -> Document {
    let blank = Answer { fill: Some(board.given.clone()), ..Answer::default() };
    let unsolved = ans.is_none();
    let ans = ans.unwrap_or(&blank);
    let shapes = Shapes::of(board);
    // Unsolved, the pieces to place lie beside the board.
    let tray = if unsolved { Tray::of(model, board.lattice, shapes.width) } else { None };
    let (w, h) = tray
        .as_ref()
        .map_or((shapes.width, shapes.height), |t| (shapes.width + 2.0 * GAP + t.width, shapes.height.max(t.height)));
    let mut doc = document(&model.title, w, h);
    if let Some(t) = &tray {
        doc = doc.add(t.draw(model, MARGIN + shapes.width + 2.0 * GAP, MARGIN + TITLE));
    }
    let mut grid = Group::new().set("fill", "none").set("stroke", "#999").set("stroke-width", 1);
    for cell in (0..board.on.len()).filter(|&c| board.on[c]) {
        if grid.full() {
            break;
        }
        grid = grid.add(shapes.polygon(cell));
    }
    doc = doc.add(grid);
    // What `draw` statements declare (a spec without any has nothing more to draw).
    let declared = model.picture.declared;
    if declared {
        doc = doc.add(black(model, &shapes)).add(decorations(model, &shapes, &[], true));
    }
    let size = if board.lattice == Lattice::Triangles { 12.0 } else { 16.0 };
    if let Some(fill) = &ans.fill {
        let looks = super::decor::looks(model, board, fill);
        let mut g = Group::new();
        for (cell, v) in fill.iter().enumerate() {
            if g.full() {
                break;
            }
            let Some(v) = v else { continue };
            let (x, y) = shapes.centre(cell);
            let given = board.given[cell].is_some() || looks[cell] == Look::Echoed;
            if let Some(glyph) = super::decor::glyph_of(model, &board.values[*v].to_string()) {
                g = g.add(super::decor::glyph(glyph, shapes.polygon(cell), x, y, CELL * 0.8));
                continue;
            }
            g = g.add(
                text(x, y + size * 0.35, size, &board.values[*v].to_string())
                    .set("fill", if given { "#111" } else { "#1f5fbf" })
                    .set("font-weight", if given { "bold" } else { "normal" }),
            );
        }
        let doc = doc.add(g);
        // Declared outlines and cages are drawn by `decorations`; without `draw`, the blocks.
        let doc = if declared {
            let doc = doc.add(shapes.boundaries(board, |_, _| false, "#111", 3.0));
            doc.add(decorations(model, &shapes, &looks, false))
        } else {
            let mut membership = vec![Vec::new(); board.on.len()];
            for (k, (_, cells)) in super::board::blocks(model, board).into_iter().enumerate() {
                for &c in cells {
                    membership[c].push(k);
                }
            }
            doc.add(shapes.boundaries(board, |a, b| membership[a] != membership[b], "#111", 3.0))
        };
        return doc;
    }
    let mut owner = vec![usize::MAX; board.on.len()];
    let mut g = Group::new();
    for (k, p) in ans.placed.iter().enumerate() {
        if g.full() {
            break;
        }
        let piece = &model.pieces[p.piece];
        let label = if piece.numbers.len() > 1 || piece.label.chars().count() > 3 {
            p.number.to_string()
        } else {
            piece.label.clone()
        };
        let mut copy = Group::new().set("fill", colour(p.piece));
        for &c in p.cells {
            owner[c] = k;
            copy = copy.add(shapes.polygon(c));
        }
        g = g.add(copy);
        for &c in p.cells {
            let (x, y) = shapes.centre(c);
            let shown = board.given[c].map_or(label.clone(), |v| board.values[v].to_string());
            g = g.add(text(x, y + size * 0.35, size, &shown).set("fill", "#111"));
        }
    }
    let doc = doc.add(g).add(shapes.boundaries(board, |a, b| owner[a] != owner[b], "#111", 3.0));
    if declared { doc.add(decorations(model, &shapes, &[], false)) } else { doc }
}

/// Black cells (`draw black`), under the values.
fn black(model: &Model, shapes: &Shapes) -> Element {
    let mut out = Group::new().set("fill", "#222");
    for &c in &model.picture.black {
        out = out.add(shapes.polygon(c).set("class", "black"));
    }
    out
}

/// What the spec's other `draw` statements put on a board of triangles or hexagons, as on
/// squares: region outlines, cages dashed along their sides with the target in the first
/// cell, lines and thermometers through the centres, clues (white on dark cells, none where
/// the value echoes the clue, see [`Look`]), clues between two cells on the side they
/// share, and marks. Each carries the class it has on squares, so tests count them alike.
/// `under`: only the lines and thermometers, drawn before the values (as on squares); else
/// everything but them.
fn decorations(model: &Model, shapes: &Shapes, looks: &[Look], under: bool) -> Element {
    let p = &model.picture;
    let mut out = Group::new();
    let ops = model.cages.iter().any(|c| c.op != ArithOp::Sum);
    let beneath = |r: &&crate::lower::model::DrawnRegion| matches!(r.style, DrawStyle::Lines | DrawStyle::Thermometers);
    for r in p.regions.iter().filter(|r| beneath(r) == under) {
        let mut member = vec![false; shapes.polygons.len()];
        r.cells.iter().for_each(|&c| member[c] = true);
        let edge = |stroke: &str, width: f64| {
            sides(&shapes.polygons, |c| member[c], |a, b| member[a] != member[b], stroke, width)
        };
        out = out.add(match r.style {
            DrawStyle::Outlines => edge("#111", 3.0).set("class", "region"),
            DrawStyle::Cages => {
                let mut cage = Group::new().set("class", "cage").add(edge("#333", 1.2).set("stroke-dasharray", "4 3"));
                if let (Some(c), Some(&first)) = (model.cages.iter().find(|c| *c.name == *r.name), r.cells.iter().min())
                {
                    let (x, y) = shapes.centre(first);
                    cage =
                        cage.add(text(x, y - CELL * 0.12, 9.0, &super::decor::cage_label(c, ops)).set("fill", "#111"));
                }
                cage
            }
            DrawStyle::Lines | DrawStyle::Thermometers => {
                let thermo = r.style == DrawStyle::Thermometers;
                let points: Vec<String> =
                    (r.cells.iter()).map(|&c| shapes.centre(c)).map(|(x, y)| format!("{x:.2},{y:.2}")).collect();
                let (class, stroke, width) =
                    if thermo { ("thermometer", "#bbb", CELL * 0.25) } else { ("line", "#7fa7d9", 3.0) };
                let mut line = Group::new().set("class", class).add(
                    Polyline::new()
                        .set("points", points.join(" "))
                        .set("fill", "none")
                        .set("stroke", stroke)
                        .set("stroke-width", width)
                        .set("stroke-linecap", "round")
                        .set("stroke-linejoin", "round"),
                );
                if let (true, Some(&first)) = (thermo, r.cells.first()) {
                    let (x, y) = shapes.centre(first);
                    line = line.add(Circle::new().set("cx", x).set("cy", y).set("r", CELL * 0.3).set("fill", stroke));
                }
                line
            }
        });
    }
    if under {
        return out;
    }
    for (cell, texts) in &p.clues {
        let look = looks.get(*cell).copied().unwrap_or(Look::Plain);
        if look == Look::Echoed {
            continue;
        }
        let dark = p.black.contains(cell) || look == Look::Dark;
        let (x, y) = shapes.centre(*cell);
        let size = CELL * 0.34;
        out = out.add(
            text(x, y + size * 0.35, size, &texts.join("\\"))
                .set("class", "clue")
                .set("fill", if dark { "white" } else { "#111" }),
        );
    }
    for (a, b, shown) in &p.between {
        let ((xa, ya), (xb, yb)) = (shapes.centre(*a), shapes.centre(*b));
        let (x, y) = ((xa + xb) / 2.0, (ya + yb) / 2.0);
        out = out.add(
            Group::new()
                .set("class", "edge-clue")
                .add(Circle::new().set("cx", x).set("cy", y).set("r", CELL * 0.16).set("fill", "white"))
                .add(text(x, y + CELL * 0.1, CELL * 0.28, shown).set("fill", "#111").set("font-weight", "bold")),
        );
    }
    for &c in &p.marks {
        let (x, y) = shapes.centre(c);
        out = out.add(
            Circle::new()
                .set("class", "mark")
                .set("cx", x)
                .set("cy", y)
                .set("r", CELL * 0.28)
                .set("fill", "none")
                .set("stroke", "#c03030")
                .set("stroke-width", 2.5),
        );
    }
    out
}
