//! What a square board shows besides its values and pieces: black cells, clues, region
//! outlines, cages, lines and thermometers, marks. Each comes from the spec: the `draw`
//! statements (`Model::picture`), or, in a spec without any, the regions that are neither a
//! row nor a column (outlined) and the arithmetic cages (dashed).
//!
//! Every element carries a class (`black`, `clue`, `region`, `cage`, `line`, `thermometer`,
//! `mark`), one per cell, region or clue, so tests can count what was drawn.
use super::node::{Circle, Element, Group, Line, Polygon, Polyline, Rectangle};
use super::{Geometry, text};
use crate::lower::model::{ArithOp, Board, Cage, Model};
use crate::syntax::ast::{DrawStyle, Glyph};

/// Inset of a cage's dashed outline from the cell sides, in pixels.
const INSET: f64 = 4.0;

/// A region as the picture draws it.
struct Shown<'a> {
    style: DrawStyle,
    name: &'a str,
    cells: &'a [usize],
}

/// The regions to draw: as declared, or by default the blocks and the cages.
fn shown<'a>(model: &'a Model, board: &Board) -> Vec<Shown<'a>> {
    let p = &model.picture;
    if p.declared {
        return p.regions.iter().map(|r| Shown { style: r.style, name: &r.name, cells: &r.cells }).collect();
    }
    let blocks = super::board::blocks(model, board).into_iter();
    let blocks = blocks.map(|(name, cells)| Shown { style: DrawStyle::Outlines, name, cells });
    let cages = model.cages.iter().map(|c| Shown { style: DrawStyle::Cages, name: &c.name, cells: &c.cells });
    blocks.chain(cages).collect()
}

/// Black cells under everything else.
pub fn black(model: &Model, g: &Geometry) -> Element {
    let mut out = Group::new().set("fill", "#222");
    for &c in &model.picture.black {
        let (x, y) = g.corner(c);
        out = out.add(
            Rectangle::new().set("class", "black").set("x", x).set("y", y).set("width", g.cell).set("height", g.cell),
        );
    }
    out
}

/// How a cell's value bears on the clue drawn in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Look {
    Plain,
    /// The value is drawn as a wall (a shaded cell): its clue is written in white (a Hitori
    /// number on a shaded cell).
    Dark,
    /// The cell's clue reads as the value it holds (Futoshiki's digits, read from the
    /// instance as clues): the value is drawn once, as a given, and the clue not at all.
    Echoed,
}

/// The [`Look`] of each cell of a board holding `fill`.
pub fn looks(model: &Model, board: &Board, fill: &[Option<usize>]) -> Vec<Look> {
    let mut looks: Vec<Look> = (fill.iter())
        .map(|v| match v.map(|v| glyph_of(model, &board.values[v].to_string())) {
            Some(Some(Glyph::Wall)) => Look::Dark,
            _ => Look::Plain,
        })
        .collect();
    for (cell, texts) in &model.picture.clues {
        if let (Some(Some(v)), [one]) = (fill.get(*cell), &texts[..])
            && looks[*cell] == Look::Plain
            && board.values[*v].to_string() == *one
        {
            looks[*cell] = Look::Echoed;
        }
    }
    looks
}

/// Clue texts: white on dark cells (drawn black, or a value drawn as a wall), dark
/// elsewhere, none where the value echoes the clue ([`Look`]); a pair splits the cell by its
/// diagonal from the top-left corner, the first text below it and the second above (Kakuro's
/// way).
pub fn clues(model: &Model, g: &Geometry, looks: &[Look]) -> Element {
    let mut out = Group::new();
    let s = g.cell;
    for (cell, texts) in &model.picture.clues {
        let look = looks.get(*cell).copied().unwrap_or(Look::Plain);
        if look == Look::Echoed {
            continue;
        }
        let (x, y) = g.corner(*cell);
        let dark = model.picture.black.contains(cell) || look == Look::Dark;
        let ink = if dark { "white" } else { "#111" };
        let mut clue = Group::new().set("class", "clue").set("fill", ink);
        match &texts[..] {
            [below, above] => {
                clue = clue.add(
                    Line::new()
                        .set("x1", x)
                        .set("y1", y)
                        .set("x2", x + s)
                        .set("y2", y + s)
                        .set("stroke", ink)
                        .set("stroke-width", 1),
                );
                let size = s * 0.3;
                clue = clue.add(text(x + s * 0.3, y + s * 0.88, size, below));
                clue = clue.add(text(x + s * 0.7, y + s * 0.42, size, above));
            }
            [one] => clue = clue.add(text(x + s / 2.0, y + s / 2.0 + s * 0.15, s * 0.42, one)),
            _ => {}
        }
        out = out.add(clue);
    }
    out
}

/// Clues on the side two cells share (Futoshiki's signs), at the midpoint of their centres
/// on a white patch, so the grid line does not run through the text.
pub fn between(model: &Model, g: &Geometry) -> Element {
    let mut out = Group::new();
    let s = g.cell;
    for (a, b, shown) in &model.picture.between {
        let ((xa, ya), (xb, yb)) = (g.corner(*a), g.corner(*b));
        let (x, y) = ((xa + xb + s) / 2.0, (ya + yb + s) / 2.0);
        out = out.add(
            Group::new()
                .set("class", "edge-clue")
                .add(Circle::new().set("cx", x).set("cy", y).set("r", s * 0.2).set("fill", "white"))
                .add(text(x, y + s * 0.13, s * 0.36, shown).set("fill", "#111").set("font-weight", "bold")),
        );
    }
    out
}

/// Clues outside the board (`draw clue` at a cell beyond its rectangle): each text in its
/// cell, as large as a clue in a cell, without the cell's outline.
pub fn outside(model: &Model, g: &Geometry) -> Element {
    let mut out = Group::new().set("fill", "#111");
    let s = g.cell;
    for (r, c, t) in &model.picture.outside {
        let (x, y) = (g.x0 + *c as f64 * s, g.y0 + *r as f64 * s);
        let size = if t.chars().count() > 2 { s * 0.3 } else { s * 0.42 };
        out = out.add(text(x + s / 2.0, y + s / 2.0 + size * 0.36, size, t).set("class", "clue"));
    }
    out
}

/// Lines and thermometers (`under`: drawn under the values), or region outlines and cages
/// (over them), in declared order.
pub fn regions(model: &Model, board: &Board, g: &Geometry, under: bool) -> Element {
    let mut out = Group::new();
    let ops = model.cages.iter().any(|c| c.op != ArithOp::Sum);
    let all = shown(model, board);
    if under {
        for r in all.iter().filter(|r| matches!(r.style, DrawStyle::Lines | DrawStyle::Thermometers)) {
            out = out.add(through_centres(r, g));
        }
        return out;
    }
    for r in all.iter().filter(|r| r.style == DrawStyle::Outlines) {
        out = out
            .add(outline(board, r.cells, g, 0.0).set("class", "region").set("stroke", "#111").set("stroke-width", 3));
    }
    for r in all.iter().filter(|r| r.style == DrawStyle::Cages) {
        let mut cage = Group::new().set("class", "cage");
        cage = cage.add(
            outline(board, r.cells, g, INSET)
                .set("stroke", "#333")
                .set("stroke-width", 1.2)
                .set("stroke-dasharray", "4 3"),
        );
        if let (Some(c), Some(&first)) = (model.cages.iter().find(|c| *c.name == *r.name), r.cells.iter().min()) {
            let (x, y) = g.corner(first);
            let label = cage_label(c, ops);
            let w = label.chars().count() as f64 * 6.0 + 2.0;
            cage = cage
                .add(
                    Rectangle::new()
                        .set("x", x + 2.0)
                        .set("y", y + 2.0)
                        .set("width", w)
                        .set("height", 11)
                        .set("fill", "white"),
                )
                .add(text(x + 3.0, y + 11.0, 10.0, &label).set("text-anchor", "start").set("fill", "#111"));
        }
        out = out.add(cage);
    }
    out
}

/// The glyph declared for the value printed as `shown` (`draw value 1 as disc`), if any:
/// the first declared for it.
pub fn glyph_of(model: &Model, shown: &str) -> Option<Glyph> {
    model.picture.glyphs.iter().find(|(v, _)| v.to_string() == shown).map(|(_, g)| *g)
}

/// A cell drawn as a glyph: `cell` its polygon, (cx, cy) its centre, `size` its width. A
/// disc is a peg (class `disc`), a ring a hole (`ring`), a wall the cell dark (`wall`), a
/// tree a green crown on a trunk (`tree`), a tent a triangle with a door (`tent`).
pub fn glyph(kind: Glyph, cell: Element, cx: f64, cy: f64, size: f64) -> Element {
    let circle = || Circle::new().set("cx", cx).set("cy", cy).set("r", size * 0.3);
    match kind {
        Glyph::Disc => circle().set("class", "disc").set("fill", "#333"),
        Glyph::Ring => circle().set("class", "ring").set("fill", "none").set("stroke", "#333").set("stroke-width", 1.5),
        Glyph::Wall => cell.set("class", "wall").set("fill", "#333"),
        Glyph::Blank => Group::new().set("class", "blank"),
        Glyph::Tree => {
            let trunk = Rectangle::new()
                .set("x", cx - size * 0.05)
                .set("y", cy)
                .set("width", size * 0.1)
                .set("height", size * 0.3)
                .set("fill", "#7a5230");
            let crown =
                Circle::new().set("cx", cx).set("cy", cy - size * 0.08).set("r", size * 0.24).set("fill", "#2e7d32");
            Group::new().set("class", "tree").add(trunk).add(crown)
        }
        Glyph::Tent => {
            let at = |x: f64, y: f64| format!("{:.1},{:.1}", cx + x * size, cy + y * size);
            let outline = [at(0.0, -0.3), at(-0.33, 0.27), at(0.33, 0.27)].join(" ");
            let door = [at(0.0, -0.05), at(-0.09, 0.27), at(0.09, 0.27)].join(" ");
            Group::new()
                .set("class", "tent")
                .add(
                    Polygon::new()
                        .set("points", outline)
                        .set("fill", "#d08a2c")
                        .set("stroke", "#333")
                        .set("stroke-width", 1.5),
                )
                .add(Polygon::new().set("points", door).set("fill", "#333"))
        }
    }
}

/// Rings on marked cells (targets).
pub fn marks(model: &Model, g: &Geometry) -> Element {
    let mut out = Group::new().set("fill", "none").set("stroke", "#c03030").set("stroke-width", 2.5);
    for &c in &model.picture.marks {
        let (x, y) = g.corner(c);
        out = out.add(
            Circle::new()
                .set("class", "mark")
                .set("cx", x + g.cell / 2.0)
                .set("cy", y + g.cell / 2.0)
                .set("r", g.cell * 0.36),
        );
    }
    out
}

/// The cells that carry a label in their top-left corner (the first cell of each cage).
pub fn labelled(model: &Model, board: &Board) -> Vec<usize> {
    shown(model, board)
        .iter()
        .filter(|r| r.style == DrawStyle::Cages && model.cages.iter().any(|c| *c.name == *r.name))
        .filter_map(|r| r.cells.iter().min().copied())
        .collect()
}

/// A cage's target, with its operation when the puzzle has cages of several operations and
/// the cage has more than one cell (KenKen's `12+`, `2÷`).
pub(super) fn cage_label(c: &Cage, ops: bool) -> String {
    let op = match c.op {
        ArithOp::Sum => "+",
        ArithOp::Product => "×",
        ArithOp::Difference => "−",
        ArithOp::Quotient => "÷",
    };
    if ops && c.cells.len() > 1 { format!("{}{op}", c.target) } else { c.target.to_string() }
}

/// A line through the centres of the cells in order; a thermometer is wider, grey, and has
/// a bulb on its first cell.
fn through_centres(r: &Shown, g: &Geometry) -> Element {
    let points: Vec<String> = (r.cells.iter())
        .map(|&c| {
            let (x, y) = g.corner(c);
            format!("{},{}", x + g.cell / 2.0, y + g.cell / 2.0)
        })
        .collect();
    let thermo = r.style == DrawStyle::Thermometers;
    let (class, stroke, width) = if thermo { ("thermometer", "#bbb", g.cell * 0.3) } else { ("line", "#7fa7d9", 3.0) };
    let mut out = Group::new().set("class", class).add(
        Polyline::new()
            .set("points", points.join(" "))
            .set("fill", "none")
            .set("stroke", stroke)
            .set("stroke-width", width)
            .set("stroke-linecap", "round")
            .set("stroke-linejoin", "round")
            .set("stroke-opacity", if thermo { 1.0 } else { 0.7 }),
    );
    if let (true, Some(&first)) = (thermo, r.cells.first()) {
        let (x, y) = g.corner(first);
        out = out.add(
            Circle::new()
                .set("cx", x + g.cell / 2.0)
                .set("cy", y + g.cell / 2.0)
                .set("r", g.cell * 0.36)
                .set("fill", stroke),
        );
    }
    out
}

/// The outline of a set of cells, `inset` pixels inside it: a line along every side whose
/// far cell is not in the set, each end shortened at a convex corner and lengthened at a
/// concave one, so the lines of one region meet.
pub(super) fn outline(board: &Board, cells: &[usize], g: &Geometry, inset: f64) -> Element {
    let cols = board.cols as isize;
    let rows = board.rows as isize;
    let mut member = vec![false; board.on.len()];
    for &c in cells {
        member[c] = true;
    }
    let has = |r: isize, c: isize| r >= 0 && c >= 0 && r < rows && c < cols && member[(r * cols + c) as usize];
    let mut out = Group::new().set("fill", "none").set("stroke-linecap", "square");
    let s = g.cell;
    for &cell in cells {
        let (r, c) = ((cell / board.cols) as isize, (cell % board.cols) as isize);
        let (x, y) = g.corner(cell);
        // Each side: the neighbour beyond it, the two directions along it, and its line.
        // (dr, dc) beyond; along runs from the start corner to the end corner.
        let sides = [
            ((-1, 0), (0, -1), (0, 1), (x, y + inset), (x + s, y + inset), (1.0, 0.0)),
            ((1, 0), (0, -1), (0, 1), (x, y + s - inset), (x + s, y + s - inset), (1.0, 0.0)),
            ((0, -1), (-1, 0), (1, 0), (x + inset, y), (x + inset, y + s), (0.0, 1.0)),
            ((0, 1), (-1, 0), (1, 0), (x + s - inset, y), (x + s - inset, y + s), (0.0, 1.0)),
        ];
        for ((br, bc), (ar, ac), (er, ec), start, end, (ux, uy)) in sides {
            if has(r + br, c + bc) {
                continue;
            }
            // How far each end moves along the side: in by the inset at a convex corner,
            // out by it where the region turns around the corner.
            let shift = |dr: isize, dc: isize| {
                if !has(r + dr, c + dc) {
                    inset
                } else if has(r + dr + br, c + dc + bc) {
                    -inset
                } else {
                    0.0
                }
            };
            let (a, b) = (shift(ar, ac), shift(er, ec));
            out = out.add(
                Line::new()
                    .set("x1", start.0 + ux * a)
                    .set("y1", start.1 + uy * a)
                    .set("x2", end.0 - ux * b)
                    .set("y2", end.1 - uy * b),
            );
        }
    }
    out
}
