//! Pictures of answers (`--format svg`): each answer drawn the way the puzzle looks.
//!
//! - a filled board: its values, givens dark and found values blue, heavy lines around the
//!   blocks of regions that are not single rows or columns (a sudoku's boxes);
//! - placed pieces: each copy in its own colour with a heavy outline, labelled; a board with
//!   given values (dominoes' pips) shows them on the pieces;
//! - boards of triangles or hexagons (`shapes.rs`): each cell its polygon, with values or
//!   pieces drawn as on squares;
//! - tiles with edges: four triangles per cell, each coloured by its edge's label and showing
//!   it, so matching edges show as one colour across the seam;
//! - the unsolved puzzle of pieces or tiles: the empty board with a tray beside it, every
//!   piece or tile to place drawn once in rows (`tray.rs`);
//! - the direct form: options named `f(a, b)` with two whole numbers are marks on an a × b
//!   grid (queens on a chessboard), other options a list of names;
//! - a played puzzle: a strip of boards — the start, the board after each move with the cells
//!   the move changed outlined in red, the end — wrapped into rows.
//!
//! Documents are written as they are built, under the memory budget (`node.rs`); this module
//! only decides geometry and colours.
mod areas;
mod board;
mod bridges;
mod decor;
mod direct;
mod loops;
mod node;
mod shapes;
mod strip;
mod tray;

pub use board::{puzzle, xcc_answer};
pub use node::Document;
pub use strip::{Played, moves_animation, moves_answer, moves_steps, played_puzzle};

use node::{Element, Rectangle, Text};

/// Twelve colours that stay apart from one another (Kelly's list, the darkest left out), for
/// pieces and values.
const PALETTE: [&str; 12] = [
    "#f3c300", "#875692", "#f38400", "#a1caf1", "#be0032", "#c2b280", "#848482", "#008856", "#e68fac", "#0067a5",
    "#f99379", "#8db600",
];

/// The colour of the `k`th piece or value.
fn colour(k: usize) -> &'static str {
    PALETTE[k % PALETTE.len()]
}

/// Space around a picture, in pixels.
const MARGIN: f64 = 10.0;
/// Height of a picture's title line.
const TITLE: f64 = 24.0;

/// Size of a title's letters, in pixels.
const TITLE_FONT: f64 = 16.0;

/// A generous width of `title` in bold sans-serif: 0.62 em a character, above the average
/// of common sans-serif faces, since the viewer's font is not known here.
fn title_width(title: &str) -> f64 {
    (title.chars().count() as f64 * 0.62 * TITLE_FONT).ceil()
}

/// A document of the given inner size (margins and title line added), white, titled. It is
/// widened to its title's width when the drawing is narrower, so the title is not clipped.
fn document(title: &str, width: f64, height: f64) -> Document {
    let (w, h) = (width.max(title_width(title)) + 2.0 * MARGIN, height + 2.0 * MARGIN + TITLE);
    Document::svg()
        .set("width", w)
        .set("height", h)
        .set("viewBox", format!("0 0 {w} {h}"))
        .set("font-family", "sans-serif")
        .add(Rectangle::new().set("width", w).set("height", h).set("fill", "white"))
        .add(
            text(MARGIN, MARGIN + TITLE_FONT, TITLE_FONT, title).set("text-anchor", "start").set("font-weight", "bold"),
        )
}

/// Where the cells of a board of squares are drawn.
pub(super) struct Geometry {
    /// A cell's side, in pixels.
    pub cell: f64,
    /// The top-left corner of cell 0.
    pub x0: f64,
    pub y0: f64,
    pub cols: usize,
}

impl Geometry {
    /// A board drawn below the title line, inside the margin.
    fn squares(board: &crate::lower::model::Board, cell: f64) -> Geometry {
        Geometry { cell, x0: MARGIN, y0: MARGIN + TITLE, cols: board.cols }
    }

    /// The top-left corner of a cell.
    fn corner(&self, cell: usize) -> (f64, f64) {
        (self.x0 + (cell % self.cols) as f64 * self.cell, self.y0 + (cell / self.cols) as f64 * self.cell)
    }
}

/// A text centred on (x, y) horizontally, `y` its baseline (the crate escapes the text).
fn text(x: f64, y: f64, size: f64, s: &str) -> Element {
    Text::new(s).set("x", x).set("y", y).set("font-size", size).set("text-anchor", "middle")
}
