//! Pictures of played puzzles: a strip of boards, from the start through every move to the
//! end, the cells each move changed outlined in red, wrapped into rows; the start alone
//! (the unsolved puzzle); or one animated board that steps through the moves.
//!
//! A board shows what the spec declares: named values as their glyphs (`$`, `@`), numbers
//! as numbers, each value in its colour; on a board of pieces each piece one shape in its
//! kind's colour with one outline and its letter, a piece no move can move dark as a wall;
//! black cells (`draw black`) dark, marked
//! cells (`draw mark`) ringed; what the goal asks for is drawn dashed in red: the cells whose
//! value it names, or the outline of the piece where it must go, and that piece outlined in
//! red wherever it stands. With `draw rows shifted left` (or `right`) each cell is a hexagon
//! and each row sits half a cell further over than the row above (a triangle of holes).
use super::node::Document;
use super::node::{Animate, Circle, Element, Group, Polygon};
use super::shapes::{hexagon, sides};
use super::{MARGIN, TITLE, colour, decor, document, text};
use crate::ir::moves::{CmpOp, Cond, EMPTY, Effect, Goal, MoveProblem, Operand};
use crate::lower::model::Model;

/// A cell's side in a strip, in pixels.
const CELL: f64 = 24.0;
/// A caption's letters, in pixels.
const CAPTION_FONT: f64 = 11.0;
/// A caption's lines are this far apart.
const LINE: f64 = 13.0;
/// Space between boards.
const GAP: f64 = 16.0;
/// A strip is wrapped so that a row of boards stays about this wide.
const ROW_WIDTH: f64 = 1200.0;
/// The least width of a board's place in a strip, so that short captions fit on a line.
const MIN_SLOT: f64 = 96.0;
/// Seconds each board of an animation is shown.
const FRAME_SECONDS: f64 = 0.8;

/// A played puzzle as the pictures need it.
pub struct Played<'a> {
    pub model: &'a Model,
    pub problem: &'a MoveProblem,
    /// How each cell code is shown: a number, a named value's glyph, a piece's letter.
    pub shown: &'a [String],
}

/// One board of a strip: its caption, state and the cells the move changed.
struct Frame {
    caption: String,
    state: Vec<u8>,
    changed: Vec<bool>,
}

/// The boards of a solution: the start, then the board after each move.
fn frames(p: &Played, moves: &[u32], captions: &[String]) -> Vec<Frame> {
    let pr = p.problem;
    let mut out = Vec::with_capacity(moves.len() + 1);
    let mut grid = pr.initial.clone();
    out.push(Frame { caption: "start".into(), state: grid.clone(), changed: vec![false; grid.len()] });
    for (k, &m) in moves.iter().enumerate() {
        let before = grid.clone();
        crate::solve::moves::apply_move(pr, &mut grid, &pr.moves[m as usize], None);
        let changed = before.iter().zip(&grid).map(|(a, b)| a != b).collect();
        let last = k + 1 == moves.len();
        let name = captions.get(k).map_or(String::new(), |c| format!(": {c}"));
        let caption = format!("{}{}{name}", k + 1, if last { " (end)" } else { "" });
        out.push(Frame { caption, state: grid.clone(), changed });
    }
    out
}

/// The picture of a move answer: `moves` are the solution's move indices, `captions` their
/// printed names.
pub fn moves_answer(p: &Played, moves: &[u32], captions: &[String]) -> Document {
    strip(p, &frames(p, moves, captions))
}

/// The boards of a move answer one picture each, for a step-through: the start, then the
/// board after each move under its caption with the cells the move changed outlined. All
/// share one size (the longest caption's), so stepping does not move the board.
pub fn moves_steps(p: &Played, moves: &[u32], captions: &[String]) -> Vec<Document> {
    let frames = frames(p, moves, captions);
    let layout = Layout::of(p);
    let lines = frames.iter().map(|f| wrap(&f.caption, layout.width).len()).max().unwrap_or(1);
    let caption_h = lines as f64 * LINE + 5.0;
    (frames.iter())
        .map(|f| {
            let doc = document(&p.model.title, layout.width, layout.height + caption_h);
            doc.add(caption(&f.caption, MARGIN, MARGIN + TITLE, layout.width)).add(board(
                p,
                &layout,
                f,
                MARGIN,
                MARGIN + TITLE + caption_h,
            ))
        })
        .collect()
}

/// The picture of the puzzle before any move: its starting board.
pub fn played_puzzle(p: &Played) -> Document {
    let start = frames(p, &[], &[]).remove(0);
    let layout = Layout::of(p);
    let mut doc = document(&p.model.title, layout.width, layout.height);
    doc = doc.add(board(p, &layout, &start, MARGIN, MARGIN + TITLE));
    doc
}

/// One picture that shows the boards of a solution in turn, `FRAME_SECONDS` each, looping
/// (SVG animation: every board is drawn in one place, each visible only in its slot).
pub fn moves_animation(p: &Played, moves: &[u32], captions: &[String]) -> Document {
    let frames = frames(p, moves, captions);
    let layout = Layout::of(p);
    let lines = frames.iter().map(|f| wrap(&f.caption, layout.width).len()).max().unwrap_or(1);
    let caption_h = lines as f64 * LINE + 5.0;
    let mut doc = document(&p.model.title, layout.width, layout.height + caption_h);
    let n = frames.len();
    let dur = format!("{}s", n as f64 * FRAME_SECONDS);
    for (k, f) in frames.iter().enumerate() {
        if doc.full() {
            break;
        }
        let (a, b) = (k as f64 / n as f64, (k + 1) as f64 / n as f64);
        // Discrete: each value holds from its key time to the next.
        let (values, times) = match (k, k + 1 == n) {
            (0, true) => ("visible".to_string(), "0".to_string()),
            (0, false) => ("visible;hidden".to_string(), format!("0;{b:.6}")),
            (_, true) => ("hidden;visible".to_string(), format!("0;{a:.6}")),
            _ => ("hidden;visible;hidden".to_string(), format!("0;{a:.6};{b:.6}")),
        };
        let mut g =
            Group::new().set("class", "frame").set("visibility", if k == 0 { "visible" } else { "hidden" }).add(
                Animate::new()
                    .set("attributeName", "visibility")
                    .set("values", values)
                    .set("keyTimes", times)
                    .set("calcMode", "discrete")
                    .set("dur", dur.clone())
                    .set("repeatCount", "indefinite"),
            );
        g = g.add(caption(&f.caption, MARGIN, MARGIN + TITLE, layout.width));
        g = g.add(board(p, &layout, f, MARGIN, MARGIN + TITLE + caption_h));
        doc = doc.add(g);
    }
    doc
}

/// Boards in rows, each under its caption.
fn strip(p: &Played, frames: &[Frame]) -> Document {
    let layout = Layout::of(p);
    // Each board's place is wide enough for the longest caption on one line, up to a
    // quarter of a row; longer captions wrap.
    let longest = frames.iter().map(|f| text_width(&f.caption)).fold(0.0, f64::max);
    let bw = layout.width.max(MIN_SLOT).max(longest.min(ROW_WIDTH / 4.0)).ceil();
    let lines = frames.iter().map(|f| wrap(&f.caption, bw).len()).max().unwrap_or(1);
    let caption_h = lines as f64 * LINE + 5.0;
    let bh = layout.height + caption_h;
    let inset = (bw - layout.width) / 2.0;
    let per_row = ((ROW_WIDTH + GAP) / (bw + GAP)).floor().max(1.0) as usize;
    let per_row = per_row.min(frames.len());
    let rows = frames.len().div_ceil(per_row);
    let width = per_row as f64 * (bw + GAP) - GAP;
    let height = rows as f64 * (bh + GAP) - GAP;
    let mut doc = document(&p.model.title, width, height);
    for (k, f) in frames.iter().enumerate() {
        if doc.full() {
            break;
        }
        let x0 = MARGIN + (k % per_row) as f64 * (bw + GAP);
        let y0 = MARGIN + TITLE + (k / per_row) as f64 * (bh + GAP);
        doc = doc.add(caption(&f.caption, x0, y0, bw));
        doc = doc.add(board(p, &layout, f, x0 + inset, y0 + caption_h));
    }
    doc
}

/// A generous width of a caption line: 0.62 em a character, since the viewer's font is not
/// known.
fn text_width(s: &str) -> f64 {
    s.chars().count() as f64 * 0.62 * CAPTION_FONT
}

/// A caption's words in lines that fit `width` (a long word on a line of its own).
fn wrap(caption: &str, width: f64) -> Vec<String> {
    let fits = ((width / (0.62 * CAPTION_FONT)).floor() as usize).max(4);
    let mut lines: Vec<String> = Vec::new();
    for word in caption.split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= fits => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// A caption centred over a board `width` wide whose caption space starts at (x0, y0).
fn caption(s: &str, x0: f64, y0: f64, width: f64) -> Element {
    let mut g = Group::new().set("class", "caption");
    for (k, line) in wrap(s, width).iter().enumerate() {
        g = g.add(text(x0 + width / 2.0, y0 + 11.0 + k as f64 * LINE, CAPTION_FONT, line));
    }
    g
}

/// Where the cells of a state are drawn, relative to a board's top-left corner.
struct Layout {
    /// The polygon of each state cell (board cells, then counters in a row below).
    polygons: Vec<Vec<(f64, f64)>>,
    /// Whether each state cell is drawn.
    drawn: Vec<bool>,
    width: f64,
    height: f64,
}

impl Layout {
    fn of(p: &Played) -> Layout {
        let pr = p.problem;
        let board = p.model.board.as_ref();
        let picture = &p.model.picture;
        let shown = |c: usize| match board {
            Some(b) if c < b.on.len() => crate::lower::picture::shown(b, picture, c),
            _ => pr.on_board.get(c).copied().unwrap_or(true),
        };
        let mut polygons = Vec::with_capacity(pr.state_len());
        for cell in 0..pr.state_len() {
            let (r, c) = match cell.checked_sub(pr.grid_len()) {
                Some(k) => (pr.rows, k),
                None => (cell / pr.cols, cell % pr.cols),
            };
            let (r, c) = (r as f64, c as f64);
            polygons.push(match picture.shift {
                // Row r half a cell further over per row; rows 1.5 R apart (R = CELL/√3).
                Some(left) if cell < pr.grid_len() => {
                    let offset = if left { -r / 2.0 } else { r / 2.0 };
                    let cx = CELL * (c + 0.5 + offset);
                    let cy = CELL / 3f64.sqrt() * (1.0 + 1.5 * r);
                    hexagon(cx, cy, CELL)
                }
                _ => {
                    let (x, y) = (c * CELL, r * CELL);
                    vec![(x, y), (x + CELL, y), (x + CELL, y + CELL), (x, y + CELL)]
                }
            });
        }
        let drawn: Vec<bool> = (0..pr.state_len()).map(|c| c >= pr.grid_len() || shown(c)).collect();
        // The box around the cells drawn, moved to (0, 0).
        let corners: Vec<(f64, f64)> =
            polygons.iter().zip(&drawn).filter(|(_, d)| **d).flat_map(|(p, _)| p.iter().copied()).collect();
        let x0 = corners.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let y0 = corners.iter().map(|p| p.1).fold(f64::INFINITY, f64::min);
        let (x0, y0) = if x0.is_finite() { (x0, y0) } else { (0.0, 0.0) };
        for p in polygons.iter_mut().flatten() {
            *p = (p.0 - x0, p.1 - y0);
        }
        let width = corners.iter().map(|p| p.0 - x0).fold(0.0, f64::max).ceil();
        let height = corners.iter().map(|p| p.1 - y0).fold(0.0, f64::max).ceil();
        Layout { polygons, drawn, width, height }
    }

    /// A cell's polygon with the board's corner at (x0, y0).
    fn polygon(&self, cell: usize, x0: f64, y0: f64) -> Element {
        let points: Vec<String> =
            self.polygons[cell].iter().map(|(x, y)| format!("{:.2},{:.2}", x + x0, y + y0)).collect();
        Polygon::new().set("points", points.join(" "))
    }

    fn centre(&self, cell: usize, x0: f64, y0: f64) -> (f64, f64) {
        let p = &self.polygons[cell];
        let n = p.len() as f64;
        (x0 + p.iter().map(|q| q.0).sum::<f64>() / n, y0 + p.iter().map(|q| q.1).sum::<f64>() / n)
    }

    /// The polygons moved to (x0, y0), for outlines.
    fn placed(&self, x0: f64, y0: f64) -> Vec<Vec<(f64, f64)>> {
        self.polygons.iter().map(|p| p.iter().map(|(x, y)| (x + x0, y + y0)).collect()).collect()
    }
}

/// What the goal asks of the board: cells that must hold a value, each with the code.
fn goal_cells(pr: &MoveProblem) -> Vec<(usize, u8)> {
    match &pr.goal {
        Goal::All(conds) => (conds.iter())
            .filter_map(|c| match *c {
                Cond::Cmp { lhs: Operand::Cell(x), op: CmpOp::Eq, rhs: Operand::Const(v) }
                | Cond::Cmp { lhs: Operand::Const(v), op: CmpOp::Eq, rhs: Operand::Cell(x) } => {
                    ((x as usize) < pr.grid_len() && v != EMPTY).then_some((x as usize, v))
                }
                _ => None,
            })
            .collect(),
        Goal::Pattern(cells) => {
            cells.iter().enumerate().filter_map(|(x, v)| v.filter(|&v| v != EMPTY).map(|v| (x, v))).collect()
        }
        _ => Vec::new(),
    }
}

/// The pieces of a state of a board of pieces: each anchor (code k + 1 for kind k) with
/// the cells its kind covers from there.
fn pieces(pr: &MoveProblem, state: &[u8]) -> Vec<(usize, Vec<usize>)> {
    let kinds = pr.shapes.len();
    let mut out = Vec::new();
    for (cell, &v) in state.iter().enumerate().take(pr.grid_len()) {
        if v == EMPTY || v as usize > kinds {
            continue;
        }
        let kind = v as usize - 1;
        out.push((kind, cells_of(pr, kind, cell)));
    }
    out
}

/// The cells kind `kind` covers with its anchor at `anchor` (those on the grid).
fn cells_of(pr: &MoveProblem, kind: usize, anchor: usize) -> Vec<usize> {
    let (r, c) = ((anchor / pr.cols) as i32, (anchor % pr.cols) as i32);
    (pr.shapes[kind].iter())
        .map(|&(dr, dc)| (r + dr, c + dc))
        .filter(|&(r, c)| r >= 0 && c >= 0 && (r as usize) < pr.rows && (c as usize) < pr.cols)
        .map(|(r, c)| r as usize * pr.cols + c as usize)
        .collect()
}

/// For each kind of piece, whether it is fixed: no move writes its anchor's code anywhere,
/// so it never leaves the cells it starts on (Rush Hour's walls). Rules and effects that
/// copy, swap, compute or remove values could move anything: with any of them, no kind is
/// fixed.
fn fixed_kinds(pr: &MoveProblem) -> Vec<bool> {
    let mut fixed = vec![pr.rules.is_empty(); pr.shapes.len()];
    for e in pr.moves.iter().flat_map(|m| &m.effects) {
        match *e {
            Effect::Set { value: Operand::Const(v), .. } => {
                if let Some(f) = (v as usize).checked_sub(1).and_then(|k| fixed.get_mut(k)) {
                    *f = false;
                }
            }
            _ => fixed.iter_mut().for_each(|f| *f = false),
        }
    }
    fixed
}

/// Whether a wall of [`MoveProblem::walls`] lies between the neighbouring cells `a` and `b`.
fn walled(pr: &MoveProblem, a: usize, b: usize) -> bool {
    let side = match () {
        _ if pr.walls.is_empty() => 0,
        _ if b == a + pr.cols => 4,
        _ if a == b + pr.cols => 1,
        _ if b == a + 1 => 2,
        _ if a == b + 1 => 8,
        _ => 0,
    };
    side != 0 && pr.walls[a] & side != 0
}

/// One board of a strip with its top-left corner at (x0, y0).
fn board(p: &Played, layout: &Layout, f: &Frame, x0: f64, y0: f64) -> Element {
    let pr = p.problem;
    let picture = &p.model.picture;
    let mut g = Group::new().set("class", "board");
    // The cells, white or black.
    let mut cells = Group::new().set("stroke", "#999").set("stroke-width", 1);
    for cell in (0..pr.state_len()).filter(|&c| layout.drawn[c]) {
        if cells.full() {
            break;
        }
        let black = picture.black.contains(&cell) || (cell < pr.grid_len() && !pr.on_board[cell]);
        cells = cells.add(layout.polygon(cell, x0, y0).set("fill", if black { "#333" } else { "white" }));
    }
    g = g.add(cells);
    let goal = goal_cells(pr);
    let by_pieces = !pr.shapes.is_empty();
    if by_pieces {
        g = g.add(piece_shapes(p, layout, &f.state, &goal, x0, y0));
    } else {
        let mut values = Group::new();
        for cell in (0..pr.state_len()).filter(|&c| layout.drawn[c]) {
            if values.full() {
                break;
            }
            let v = f.state[cell];
            let (cx, cy) = layout.centre(cell, x0, y0);
            let label = p.shown.get(v as usize).cloned().unwrap_or_else(|| v.to_string());
            let counter = cell >= pr.grid_len();
            // A value with a declared glyph (a peg, a hole) is drawn as the glyph, empty or not.
            if let Some(glyph) = decor::glyph_of(p.model, &label).filter(|_| !counter) {
                values = values.add(decor::glyph(glyph, layout.polygon(cell, x0, y0), cx, cy, CELL));
                continue;
            }
            if v == EMPTY {
                continue;
            }
            let fill = if counter { "#eee" } else { colour(v as usize - 1) };
            values =
                values.add(layout.polygon(cell, x0, y0).set("class", "value").set("fill", fill).set("stroke", "#777"));
            values = values.add(text(cx, cy + 4.0, 12.0, &label).set("fill", "#111").set("font-weight", "bold"));
        }
        g = g.add(values);
        // Goal cells: a dashed red ring where the goal wants a value.
        let mut rings = Group::new()
            .set("fill", "none")
            .set("stroke", "#d00000")
            .set("stroke-width", 1.5)
            .set("stroke-dasharray", "3 2");
        for &(cell, _) in &goal {
            let (cx, cy) = layout.centre(cell, x0, y0);
            rings = rings.add(Circle::new().set("class", "goal").set("cx", cx).set("cy", cy).set("r", CELL * 0.42));
        }
        g = g.add(rings);
    }
    let mut marks = Group::new().set("fill", "none").set("stroke", "#c03030").set("stroke-width", 2);
    for &cell in picture.marks.iter().filter(|&&c| c < pr.state_len()) {
        let (cx, cy) = layout.centre(cell, x0, y0);
        marks = marks.add(Circle::new().set("class", "mark").set("cx", cx).set("cy", cy).set("r", CELL * 0.3));
    }
    g = g.add(marks);
    // The board's edge and its walls, heavy.
    let polys = layout.placed(x0, y0);
    let grid = pr.grid_len();
    g = g.add(sides(&polys[..grid], |c| layout.drawn[c], |a, b| walled(pr, a, b), "#111", 2.0));
    let mut changed = Group::new().set("fill", "none").set("stroke", "#d00000").set("stroke-width", 2.5);
    for cell in (0..pr.state_len()).filter(|&c| f.changed[c] && layout.drawn[c]) {
        // The cell's own shape, shrunk a little towards its centre.
        let (cx, cy) = layout.centre(cell, x0, y0);
        let shrunk: Vec<String> = (layout.polygons[cell].iter())
            .map(|&(x, y)| (x + x0, y + y0))
            .map(|(x, y)| format!("{:.2},{:.2}", cx + (x - cx) * 0.85, cy + (y - cy) * 0.85))
            .collect();
        changed = changed.add(Polygon::new().set("class", "changed").set("points", shrunk.join(" ")));
    }
    g.add(changed)
}

/// The pieces of a state: one shape each in its kind's colour with one heavy outline and
/// its letter on the anchor; where the goal wants a piece, its outline dashed in red, and
/// that piece outlined in red.
fn piece_shapes(p: &Played, layout: &Layout, state: &[u8], goal: &[(usize, u8)], x0: f64, y0: f64) -> Element {
    let pr = p.problem;
    let found = pieces(pr, state);
    let mut owner = vec![usize::MAX; pr.state_len()];
    let mut g = Group::new();
    let polys = layout.placed(x0, y0);
    let fixed = fixed_kinds(pr);
    for (k, (kind, cells)) in found.iter().enumerate() {
        // A piece that no move can put anywhere else is part of the board: a wall.
        let wall = fixed[*kind];
        let (class, fill) = if wall { ("wall", "#333") } else { ("piece", colour(*kind)) };
        let mut shape = Group::new().set("class", class).set("fill", fill);
        for &c in cells {
            owner[c] = k;
            shape = shape.add(layout.polygon(c, x0, y0));
        }
        g = g.add(shape);
        if wall {
            continue;
        }
        let (sx, sy) = cells.iter().map(|&c| layout.centre(c, x0, y0)).fold((0.0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1));
        let n = cells.len().max(1) as f64;
        let letter = p.shown.get(*kind + 1).cloned().unwrap_or_default();
        g = g.add(text(sx / n, sy / n + 4.0, 12.0, &letter).set("fill", "#111").set("font-weight", "bold"));
    }
    g = g.add(sides(&polys, |c| owner[c] != usize::MAX, |a, b| owner[a] != owner[b], "#111", 2.0));
    for &(anchor, code) in goal.iter().filter(|&&(_, v)| (v as usize) <= pr.shapes.len()) {
        let kind = code as usize - 1;
        let target = cells_of(pr, kind, anchor);
        let mut at = vec![false; pr.state_len()];
        target.iter().for_each(|&c| at[c] = true);
        g = g.add(
            sides(&polys, |c| at[c], |a, b| at[a] != at[b], "#d00000", 2.0)
                .set("class", "goal")
                .set("stroke-dasharray", "4 3"),
        );
        for (k, (pk, _)) in found.iter().enumerate() {
            if *pk == kind {
                g = g.add(
                    sides(&polys, |c| owner[c] == k, |a, b| owner[a] != owner[b], "#d00000", 3.0)
                        .set("class", "goal-piece"),
                );
            }
        }
    }
    g
}
