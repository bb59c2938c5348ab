//! Pictures of played puzzles: a strip of boards, from the start through every move to the
//! end, the cells each move changed outlined in red.
use super::{MARGIN, TITLE, colour, document, text};
use crate::ir::moves::{EMPTY, MoveProblem};
use ::svg::Document;
use ::svg::node::element::{Group, Rectangle};

/// A cell's side in a strip, in pixels.
const CELL: f64 = 24.0;
/// Room above each board for its caption.
const CAPTION: f64 = 18.0;
/// Space between boards.
const GAP: f64 = 16.0;
/// A strip is wrapped so that a row of boards stays about this wide.
const ROW_WIDTH: f64 = 1200.0;

/// The picture of a move answer. `on` marks the board's cells (holes are not drawn);
/// `moves` are the solution's move indices and `captions` their printed names.
pub fn moves_answer(title: &str, p: &MoveProblem, on: &[bool], moves: &[u32], captions: &[String]) -> Document {
    let mut boards = Vec::with_capacity(moves.len() + 1);
    let mut grid = p.initial.clone();
    boards.push(("start".to_string(), grid.clone(), vec![false; grid.len()]));
    for (k, &m) in moves.iter().enumerate() {
        let before = grid.clone();
        crate::solve::moves::apply_move(p, &mut grid, &p.moves[m as usize], None);
        let changed = before.iter().zip(&grid).map(|(a, b)| a != b).collect();
        let last = k + 1 == moves.len();
        let caption = format!("{}{}", k + 1, if last { " (end)" } else { "" });
        let name = captions.get(k).map_or(String::new(), |c| format!(": {c}"));
        boards.push((format!("{caption}{name}"), grid.clone(), changed));
    }
    let (rows, cols) = layout(p);
    let (bw, bh) = (cols as f64 * CELL, rows as f64 * CELL + CAPTION);
    let per_row = ((ROW_WIDTH + GAP) / (bw + GAP)).floor().max(1.0) as usize;
    let per_row = per_row.min(boards.len());
    let rows = boards.len().div_ceil(per_row);
    let width = per_row as f64 * (bw + GAP) - GAP;
    let height = rows as f64 * (bh + GAP) - GAP;
    let mut doc = document(title, width, height);
    for (k, (caption, grid, changed)) in boards.iter().enumerate() {
        let x0 = MARGIN + (k % per_row) as f64 * (bw + GAP);
        let y0 = MARGIN + TITLE + (k / per_row) as f64 * (bh + GAP);
        doc = doc.add(text(x0 + bw / 2.0, y0 + 13.0, 12.0, caption));
        doc = doc.add(board(p, on, grid, changed, x0, y0 + CAPTION));
    }
    doc
}

/// The rows and columns of cells a state is drawn in: the board, and the counters (if any)
/// in a row of their own below it.
fn layout(p: &MoveProblem) -> (usize, usize) {
    let extra = usize::from(!p.counters.is_empty());
    (p.rows + extra, p.cols.max(p.counters.len()))
}

/// Where state cell `cell` is drawn: its row and column on the board, or counter `k` at
/// column `k` of the row below.
fn place(p: &MoveProblem, cell: usize) -> (usize, usize) {
    match cell.checked_sub(p.grid_len()) {
        Some(k) => (p.rows, k),
        None => (cell / p.cols, cell % p.cols),
    }
}

/// One board of the strip with its top-left corner at (x0, y0).
fn board(p: &MoveProblem, on: &[bool], grid: &[u8], changed: &[bool], x0: f64, y0: f64) -> Group {
    let mut g = Group::new();
    let mut marks = Group::new().set("fill", "none").set("stroke", "#d00000").set("stroke-width", 2.5);
    for cell in (0..grid.len()).filter(|&c| on.get(c).copied().unwrap_or(true)) {
        let (r, c) = place(p, cell);
        let (x, y) = (x0 + c as f64 * CELL, y0 + r as f64 * CELL);
        let v = grid[cell];
        let fill = if v == EMPTY { "white" } else { colour(v as usize - 1) };
        let square = Rectangle::new().set("x", x).set("y", y).set("width", CELL).set("height", CELL);
        g = g.add(square.clone().set("fill", fill).set("stroke", "#777").set("stroke-width", 1));
        if v != EMPTY {
            g = g.add(text(x + CELL / 2.0, y + CELL / 2.0 + 4.0, 11.0, &v.to_string()).set("fill", "#111"));
        }
        if changed[cell] {
            let inset = square.set("x", x + 1.5).set("y", y + 1.5).set("width", CELL - 3.0).set("height", CELL - 3.0);
            marks = marks.add(inset);
        }
    }
    g.add(marks)
}
