//! Bridges between islands (Hashiwokakero) as players draw them: each island a circle with
//! its number, the bridges as bars between the circles — one bar for one bridge, two side by
//! side for two, and so on — over faint dots where the water cells are.
use super::node::{Circle, Document, Group, Line};
use super::{MARGIN, TITLE, document, text};
use crate::lower::model::{BridgeRule, Model};
use crate::solve::answer::Answer;

/// A cell's side, in pixels.
const CELL: f64 = 36.0;
/// Space between the bars of one pair of islands.
const BAR_GAP: f64 = 5.0;

pub fn picture(model: &Model, rule: &BridgeRule, ans: Option<&Answer>) -> Document {
    let (x0, y0) = (MARGIN, MARGIN + TITLE);
    let cols = rule.cols;
    let centre = |x: usize| (x0 + ((x % cols) as f64 + 0.5) * CELL, y0 + ((x / cols) as f64 + 0.5) * CELL);
    let mut doc = document(&model.title, cols as f64 * CELL, rule.rows as f64 * CELL);
    let mut dots = Group::new().set("fill", "#ccc");
    for x in (0..rule.rows * cols).filter(|&x| rule.on[x] && rule.islands[x] == 0) {
        if dots.full() {
            break;
        }
        let (cx, cy) = centre(x);
        dots = dots.add(Circle::new().set("cx", cx).set("cy", cy).set("r", 1.5));
    }
    doc = doc.add(dots);
    if let Some(drawn) = ans.and_then(|a| a.bridges.as_ref()) {
        let mut g = Group::new().set("stroke", "#1f5fbf").set("stroke-width", 3);
        for br in drawn {
            let ((xa, ya), (xb, yb)) = (centre(br.a), centre(br.b));
            let across = br.a / cols == br.b / cols;
            for k in 0..br.count {
                if g.full() {
                    break;
                }
                // The bars of one pair side by side, centred on the line between the islands.
                let off = (k as f64 - (br.count - 1) as f64 / 2.0) * BAR_GAP;
                let (dx, dy) = if across { (0.0, off) } else { (off, 0.0) };
                g = g.add(Line::new().set("x1", xa + dx).set("y1", ya + dy).set("x2", xb + dx).set("y2", yb + dy));
            }
        }
        doc = doc.add(g);
    }
    let mut islands = Group::new().set("fill", "white").set("stroke", "#111").set("stroke-width", 1.5);
    let mut numbers = Group::new().set("class", "clue").set("fill", "#111");
    for x in (0..rule.rows * cols).filter(|&x| rule.islands[x] > 0) {
        if islands.full() || numbers.full() {
            break;
        }
        let (cx, cy) = centre(x);
        islands = islands.add(Circle::new().set("cx", cx).set("cy", cy).set("r", CELL * 0.38));
        numbers = numbers.add(text(cx, cy + 6.0, 17.0, &rule.islands[x].to_string()));
    }
    doc.add(islands).add(numbers)
}
