//! A line on a board as players draw it. On the edges (Slitherlink): a dot at every corner,
//! the clues in their cells, faint dashed guides between the dots, and the loop as a heavy line
//! along the sides it uses. Through the cells (Masyu, Numberlink): the cells' grid, white and
//! black pearls or the paths' numbers in their cells, and the line from centre to centre.
use super::node::{Circle, Document, Group, Line, Rectangle};
use super::{MARGIN, TITLE, document, text};
use crate::lower::model::{LineKind, LoopRule, Model};
use crate::solve::answer::Answer;
use crate::syntax::ast::LoopAt;

/// A cell's side, in pixels.
const CELL: f64 = 32.0;

pub fn picture(model: &Model, rule: &LoopRule, ans: Option<&Answer>) -> Document {
    if rule.kind != LineKind::EdgeLoop {
        return through_cells(model, rule, ans);
    }
    let (x0, y0) = (MARGIN, MARGIN + TITLE);
    let at = |r: usize, c: usize| (x0 + c as f64 * CELL, y0 + r as f64 * CELL);
    let mut doc = document(&model.title, rule.cols as f64 * CELL, rule.rows as f64 * CELL);
    // Faint dashed guides between the dots, as puzz.link draws them: where the line may run.
    let mut guides = Group::new().set("stroke", "#bbb").set("stroke-width", 1).set("stroke-dasharray", "3 3");
    let (right, bottom) = at(rule.rows, rule.cols);
    for r in 0..=rule.rows {
        let (x, y) = at(r, 0);
        guides = guides.add(Line::new().set("x1", x).set("y1", y).set("x2", right).set("y2", y));
    }
    for c in 0..=rule.cols {
        let (x, y) = at(0, c);
        guides = guides.add(Line::new().set("x1", x).set("y1", y).set("x2", x).set("y2", bottom));
    }
    doc = doc.add(guides);
    if let Some(used) = ans.and_then(|a| a.loop_edges.as_ref()) {
        let mut g = Group::new().set("stroke", "#1f5fbf").set("stroke-width", 4).set("stroke-linecap", "round");
        for e in (0..used.len()).filter(|&e| used[e]) {
            if g.full() {
                break;
            }
            let w = rule.cols + 1;
            let [p, q] = rule.ends(e);
            let ((x1, y1), (x2, y2)) = (at(p / w, p % w), at(q / w, q % w));
            g = g.add(Line::new().set("x1", x1).set("y1", y1).set("x2", x2).set("y2", y2));
        }
        doc = doc.add(g);
    }
    let mut dots = Group::new().set("fill", "#111");
    for r in 0..=rule.rows {
        for c in 0..=rule.cols {
            if dots.full() {
                break;
            }
            let (x, y) = at(r, c);
            dots = dots.add(Circle::new().set("cx", x).set("cy", y).set("r", 2.5));
        }
    }
    let mut clues = Group::new().set("class", "clue").set("fill", "#111");
    for (cell, k) in rule.clues.iter().enumerate() {
        let Some(k) = k else { continue };
        if clues.full() {
            break;
        }
        let (x, y) = at(cell / rule.cols, cell % rule.cols);
        clues = clues.add(text(x + CELL / 2.0, y + CELL / 2.0 + 7.0, 20.0, &k.to_string()));
    }
    doc.add(dots).add(clues)
}

/// A line through the cells: the grid, the pearls or numbers, the line between centres.
fn through_cells(model: &Model, rule: &LoopRule, ans: Option<&Answer>) -> Document {
    let (x0, y0) = (MARGIN, MARGIN + TITLE);
    let corner = |r: usize, c: usize| (x0 + c as f64 * CELL, y0 + r as f64 * CELL);
    let centre = |v: usize| {
        let (x, y) = corner(v / rule.cols, v % rule.cols);
        (x + CELL / 2.0, y + CELL / 2.0)
    };
    let (w, h) = (rule.cols as f64 * CELL, rule.rows as f64 * CELL);
    let mut doc = document(&model.title, w, h);
    let mut grid = Group::new().set("stroke", "#999").set("stroke-width", 1);
    for r in 1..rule.rows {
        let (x, y) = corner(r, 0);
        grid = grid.add(Line::new().set("x1", x).set("y1", y).set("x2", x + w).set("y2", y));
    }
    for c in 1..rule.cols {
        let (x, y) = corner(0, c);
        grid = grid.add(Line::new().set("x1", x).set("y1", y).set("x2", x).set("y2", y + h));
    }
    let frame = Rectangle::new().set("x", x0).set("y", y0).set("width", w).set("height", h);
    doc = doc.add(grid).add(frame.set("fill", "none").set("stroke", "#111").set("stroke-width", 2));
    if let Some(used) = ans.and_then(|a| a.loop_edges.as_ref()) {
        let mut g = Group::new().set("stroke", "#1f5fbf").set("stroke-width", 5).set("stroke-linecap", "round");
        for e in (0..used.len()).filter(|&e| used[e]) {
            if g.full() {
                break;
            }
            let [p, q] = rule.ends(e);
            let ((x1, y1), (x2, y2)) = (centre(p), centre(q));
            g = g.add(Line::new().set("x1", x1).set("y1", y1).set("x2", x2).set("y2", y2));
        }
        doc = doc.add(g);
    }
    // Pearls over the line: a white one is a ring, a black one a disc.
    let mut pearls = Group::new().set("stroke", "#111").set("stroke-width", 2);
    for t in &rule.turns {
        if pearls.full() {
            break;
        }
        let (x, y) = centre(t.cell);
        let fill = if t.at == LoopAt::Turns { "#111" } else { "white" };
        pearls = pearls.add(Circle::new().set("cx", x).set("cy", y).set("r", CELL * 0.3).set("fill", fill));
    }
    // A path's number on a white disc, so that the line ends under it.
    let mut ends = Group::new().set("class", "clue").set("fill", "#111");
    for (v, k) in rule.ends.iter().enumerate() {
        let Some(k) = k else { continue };
        if ends.full() {
            break;
        }
        let (x, y) = centre(v);
        ends = ends.add(Circle::new().set("cx", x).set("cy", y).set("r", CELL * 0.36).set("fill", "white"));
        ends = ends.add(text(x, y + 6.0, 17.0, &rule.labels[*k as usize].to_string()));
    }
    doc.add(pearls).add(ends)
}
