//! Pictures of exact-cover answers: filled boards, placed pieces, tiles, direct options.
use super::decor::Look;
use super::node::Document;
use super::node::{Element, Group, Line, Polygon, Rectangle};
use super::tray::{GAP, Tray};
use super::{Geometry, MARGIN, TITLE, colour, decor, document, text};
use crate::lower::model::{Board, Model};
use crate::solve::answer::Answer;
use crate::syntax::ast::Lattice;

/// A cell's side, in pixels.
const CELL: f64 = 40.0;

/// The picture of one exact-cover answer.
pub fn xcc_answer(model: &Model, ans: &Answer) -> Document {
    if let Some(rule) = &model.loop_rule {
        return super::loops::picture(model, rule, Some(ans));
    }
    if let Some(rule) = &model.bridges {
        return super::bridges::picture(model, rule, Some(ans));
    }
    match &model.board {
        Some(board) if board.lattice != Lattice::Squares && (ans.fill.is_some() || !ans.placed.is_empty()) => {
            super::shapes::answer(model, board, Some(ans))
        }
        Some(board) if ans.fill.is_some() || !ans.placed.is_empty() => square(model, board, Some(ans)),
        _ => super::direct::answer(model, Some(ans)),
    }
}

/// The picture of the puzzle before it is solved: the board with its givens, clues,
/// regions and cages, or the empty grid or row of the direct form.
pub fn puzzle(model: &Model) -> Document {
    if let Some(rule) = &model.loop_rule {
        return super::loops::picture(model, rule, None);
    }
    if let Some(rule) = &model.bridges {
        return super::bridges::picture(model, rule, None);
    }
    match &model.board {
        Some(board) if board.lattice != Lattice::Squares => super::shapes::answer(model, board, None),
        Some(board) => square(model, board, None),
        None => super::direct::answer(model, None),
    }
}

/// A board of squares with what the spec declares drawn on it, and the answer if any.
fn square(model: &Model, board: &Board, ans: Option<&Answer>) -> Document {
    let g = Geometry::squares(board, CELL);
    // Clues outside the board widen the picture by the rows and columns they take; the
    // board is drawn as if alone and moved over by them.
    let out = &model.picture.outside;
    let left = out.iter().map(|o| -o.1).max().unwrap_or(0).max(0) as f64;
    let top = out.iter().map(|o| -o.0).max().unwrap_or(0).max(0) as f64;
    let right = out.iter().map(|o| o.1 + 1 - board.cols as i64).max().unwrap_or(0).max(0) as f64;
    let bottom = out.iter().map(|o| o.0 + 1 - board.rows as i64).max().unwrap_or(0).max(0) as f64;
    let (bw, bh) = ((left + board.cols as f64 + right) * CELL, (top + board.rows as f64 + bottom) * CELL);
    // Unsolved, the pieces to place lie beside the board.
    let tray = ans.is_none().then(|| Tray::of(model, Lattice::Squares, bw)).flatten();
    let (w, h) = tray.as_ref().map_or((bw, bh), |t| (bw + 2.0 * GAP + t.width, bh.max(t.height)));
    let mut doc = document(&model.title, w, h);
    let mut pic = Group::new();
    pic = pic.add(cells(model, board)).add(decor::black(model, &g));
    let labelled = decor::labelled(model, board);
    match ans {
        Some(ans) if ans.fill.is_none() && ans.placed.iter().any(|p| p.edges.is_some()) => {
            pic = pic.add(tiles(board, ans))
        }
        Some(ans) if ans.fill.is_none() => pic = pic.add(pieces(model, board, ans)),
        _ => {}
    }
    pic = pic.add(decor::regions(model, board, &g, true));
    let fill = match ans.and_then(|a| a.fill.as_ref()) {
        Some(fill) => Some(fill.clone()),
        // Unsolved: the givens of a filled board (a board of pieces shows its values on them),
        // and the cells a one-cell rule fixes to a value drawn as a glyph (Tents' trees).
        None if ans.is_none() => Some(fixed_glyphs(model, board)),
        None => None,
    };
    let looks = fill.as_ref().map_or_else(Vec::new, |fill| decor::looks(model, board, fill));
    if let Some(fill) = &fill {
        pic = pic.add(values(model, board, fill, &labelled, &looks));
    }
    if let Some(fill) = ans.and_then(|a| a.fill.as_ref()).filter(|_| !model.sized.is_empty()) {
        pic = pic.add(super::areas::outlines(model, board, fill, &g));
    }
    pic = pic.add(decor::regions(model, board, &g, false)).add(decor::clues(model, &g, &looks));
    if !model.picture.between.is_empty() {
        pic = pic.add(decor::between(model, &g));
    }
    pic = pic.add(decor::marks(model, &g));
    pic = pic.add(decor::outside(model, &g));
    if left > 0.0 || top > 0.0 {
        pic = pic.set("transform", format!("translate({} {})", left * CELL, top * CELL));
    }
    doc = doc.add(pic);
    match tray {
        Some(t) => doc.add(t.draw(model, MARGIN + bw + 2.0 * GAP, MARGIN + TITLE)),
        None => doc,
    }
}

/// The givens, and each other cell whose one-cell comparisons (`cells v at (r, c) hold ...`)
/// allow a single value when a `draw value ... as GLYPH` draws that value: the puzzle's own
/// marks (Tents' trees read from its picture), drawn before it is solved.
fn fixed_glyphs(model: &Model, board: &Board) -> Vec<Option<usize>> {
    let mut fill = board.given.clone();
    if model.picture.glyphs.is_empty() {
        return fill;
    }
    let nv = board.values.len();
    let mut allowed = vec![true; board.on.len() * nv];
    for cmp in model.compares.iter().filter(|c| c.cells.len() == 1) {
        let cell = cmp.cells[0];
        for v in 0..nv {
            allowed[cell * nv + v] &= cmp.allowed[v];
        }
    }
    for (cell, slot) in fill.iter_mut().enumerate() {
        let mut left = (0..nv).filter(|&v| allowed[cell * nv + v]);
        if let (None, Some(v), None) = (*slot, left.next(), left.next())
            && decor::glyph_of(model, &board.values[v].to_string()).is_some()
        {
            *slot = Some(v);
        }
    }
    fill
}

/// Top-left corner of a cell.
fn corner(board: &Board, cell: usize) -> (f64, f64) {
    (MARGIN + (cell % board.cols) as f64 * CELL, MARGIN + TITLE + (cell / board.cols) as f64 * CELL)
}

/// The board's cells (holes left out, unless drawn black or holding a clue), thin grey
/// outlines.
fn cells(model: &Model, board: &Board) -> Element {
    let mut g = Group::new().set("fill", "none").set("stroke", "#999").set("stroke-width", 1);
    for cell in (0..board.on.len()).filter(|&c| crate::lower::picture::shown(board, &model.picture, c)) {
        if g.full() {
            break;
        }
        let (x, y) = corner(board, cell);
        g = g.add(Rectangle::new().set("x", x).set("y", y).set("width", CELL).set("height", CELL));
    }
    g
}

/// A filled board's values: givens dark and bold, found values blue; smaller and lower in
/// cells whose top-left corner holds a cage's label.
fn values(model: &Model, board: &Board, fill: &[Option<usize>], labelled: &[usize], looks: &[Look]) -> Element {
    let mut g = Group::new();
    for (cell, v) in fill.iter().enumerate() {
        if g.full() {
            break;
        }
        let Some(v) = v else { continue };
        let (x, y) = corner(board, cell);
        let given = board.given[cell].is_some() || looks[cell] == Look::Echoed;
        let label = board.values[*v].to_string();
        if let Some(glyph) = decor::glyph_of(model, &label) {
            let square = Rectangle::new().set("x", x).set("y", y).set("width", CELL).set("height", CELL);
            g = g.add(decor::glyph(glyph, square, x + CELL / 2.0, y + CELL / 2.0, CELL));
            continue;
        }
        let mut size = if label.chars().count() > 2 { 14.0 } else { 22.0 };
        let mut dy = size * 0.35;
        if labelled.contains(&cell) {
            size *= 0.85;
            dy += 4.0;
        }
        g = g.add(
            text(x + CELL / 2.0, y + CELL / 2.0 + dy, size, &label)
                .set("class", if given { "given" } else { "value" })
                .set("fill", if given { "#111" } else { "#1f5fbf" })
                .set("font-weight", if given { "bold" } else { "normal" }),
        );
    }
    g
}

/// The regions that are blocks: not one row or one column (the grid shows those already).
pub(super) fn blocks<'a>(model: &'a Model, board: &Board) -> Vec<(&'a str, &'a [usize])> {
    (model.regions.iter())
        .map(|r| (&r.name[..], &r.cells[..]))
        .filter(|(_, cells)| {
            let same = |f: &dyn Fn(usize) -> usize| cells.iter().all(|&c| f(c) == f(cells[0]));
            !cells.is_empty() && !same(&|c| c / board.cols) && !same(&|c| c % board.cols)
        })
        .collect()
}

/// Lines along the cell sides where `differ(a, b)` for the cells on either side, and along
/// the board's outer edge of every cell that is on.
fn boundaries(board: &Board, differ: impl Fn(usize, usize) -> bool, stroke: &str, width: f64) -> Element {
    let mut g = Group::new().set("stroke", stroke).set("stroke-width", width).set("stroke-linecap", "square");
    let (rows, cols) = (board.rows, board.cols);
    let on = |r: isize, c: isize| {
        r >= 0 && c >= 0 && (r as usize) < rows && (c as usize) < cols && board.on[r as usize * cols + c as usize]
    };
    let line = |x1: f64, y1: f64, x2: f64, y2: f64| Line::new().set("x1", x1).set("y1", y1).set("x2", x2).set("y2", y2);
    for r in 0..rows as isize {
        if g.full() {
            break;
        }
        for c in 0..cols as isize {
            let here = on(r, c);
            let (x, y) = (MARGIN + c as f64 * CELL, MARGIN + TITLE + r as f64 * CELL);
            let cell = |r: isize, c: isize| r as usize * cols + c as usize;
            // The left side of (r, c) and the top side: between it and its left / upper neighbour.
            for (nr, nc, x2, y2) in [(r, c - 1, x, y + CELL), (r - 1, c, x + CELL, y)] {
                let there = on(nr, nc);
                let draw = match (here, there) {
                    (true, true) => differ(cell(r, c), cell(nr, nc)),
                    (false, false) => false,
                    _ => true,
                };
                if draw {
                    g = g.add(line(x, y, x2, y2));
                }
            }
            // The right side of the last column and the bottom side of the last row.
            if here && c as usize == cols - 1 {
                g = g.add(line(x + CELL, y, x + CELL, y + CELL));
            }
            if here && r as usize == rows - 1 {
                g = g.add(line(x, y + CELL, x + CELL, y + CELL));
            }
        }
    }
    g
}

/// Placed pieces: each copy filled with its piece's colour, outlined, labelled (or showing
/// the board's given values, as dominoes show their pips).
fn pieces(model: &Model, board: &Board, ans: &Answer) -> Element {
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
            let (x, y) = corner(board, c);
            copy = copy.add(Rectangle::new().set("x", x).set("y", y).set("width", CELL).set("height", CELL));
        }
        g = g.add(copy);
        for &c in p.cells {
            let (x, y) = corner(board, c);
            let shown = board.given[c].map_or(label.clone(), |v| board.values[v].to_string());
            g = g.add(text(x + CELL / 2.0, y + CELL / 2.0 + 6.0, 16.0, &shown).set("fill", "#111"));
        }
    }
    g.add(boundaries(board, |a, b| owner[a] != owner[b], "#111", 3.0))
}

/// Tiles as four triangles each, coloured by edge label, with the labels; a heavy outline
/// around every tile.
fn tiles(board: &Board, ans: &Answer) -> Element {
    let mut labels: Vec<String> =
        ans.placed.iter().filter_map(|p| p.edges).flat_map(|e| e.iter().map(|v| v.to_string())).collect();
    labels.sort();
    labels.dedup();
    let shade = |l: &str| colour(labels.binary_search(&l.to_string()).unwrap_or(0));
    let mut g = Group::new();
    for p in &ans.placed {
        let (Some(edges), Some(&cell)) = (p.edges, p.cells.first()) else { continue };
        let (x, y) = corner(board, cell);
        let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
        // Top, right, bottom, left: each triangle joins two corners to the centre.
        let corners = [(x, y), (x + CELL, y), (x + CELL, y + CELL), (x, y + CELL)];
        let offsets = [(0.0, -0.3), (0.3, 0.0), (0.0, 0.3), (-0.3, 0.0)];
        for side in 0..4 {
            let (a, b) = (corners[side], corners[(side + 1) % 4]);
            let label = edges[side].to_string();
            g = g.add(
                Polygon::new()
                    .set("points", format!("{},{} {},{} {cx},{cy}", a.0, a.1, b.0, b.1))
                    .set("fill", shade(&label))
                    .set("stroke", "#333")
                    .set("stroke-width", 0.5),
            );
            let (dx, dy) = offsets[side];
            g = g.add(text(cx + dx * CELL, cy + dy * CELL + 4.0, 11.0, &label).set("fill", "#111"));
        }
    }
    g.add(boundaries(board, |_, _| true, "#111", 2.0))
}
