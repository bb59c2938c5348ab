//! Pictures of the direct form (options over items, no board), drawn as what the options
//! place:
//!
//! - options that each cover members `s(i)` of one family of items numbered by one whole
//!   number, some of them several (Langford's slots), put their label into those positions
//!   of a row: the arguments of the other items they cover (`pair(3)` → 3), one colour and
//!   a bracket under the row per option;
//! - else options named `f(a, b)` with two small whole numbers are marks on an a × b grid
//!   (queens on a chessboard); the grid spans every option of that form, chosen or not;
//! - anything else is the chosen options' names, one per line.
use super::node::Document;
use super::node::{Circle, Group, Rectangle};
use super::{MARGIN, TITLE, colour, document, text};
use crate::lower::model::{Covered, Model};
use crate::solve::answer::Answer;

/// A cell's side, in pixels.
const CELL: f64 = 40.0;

/// `f(a, b)` with two whole numbers: the head and both numbers.
fn two_numbers(name: &str) -> Option<(&str, i64, i64)> {
    let (head, rest) = name.split_once('(')?;
    let (a, b) = rest.strip_suffix(')')?.split_once(',')?;
    Some((head, a.trim().parse().ok()?, b.trim().parse().ok()?))
}

/// `f(a)` with one whole number: the head and the number.
fn one_number(name: &str) -> Option<(&str, i64)> {
    let (head, rest) = name.split_once('(')?;
    Some((head, rest.strip_suffix(')')?.trim().parse().ok()?))
}

/// Whether a mark's numbers fit a picture.
fn small(a: i64, b: i64) -> bool {
    (0..64).contains(&a) && (0..64).contains(&b)
}

/// The picture of an answer (`None`: the empty grid or row before solving).
pub fn answer(model: &Model, ans: Option<&Answer>) -> Document {
    let chosen: Vec<usize> = ans.map_or_else(Vec::new, |a| a.direct.clone());
    let all_marks = || model.options.iter().filter_map(|o| two_numbers(&o.name)).filter(|m| small(m.1, m.2));
    // Options that fill several positions each are drawn as what they place (Langford);
    // options named by two numbers as marks on a grid (queens); others as names.
    if let Some(family) = positions(model) {
        return row(model, family, &chosen);
    }
    let grid = !model.options.is_empty()
        && model.options.iter().all(|o| two_numbers(&o.name).is_some_and(|m| small(m.1, m.2)));
    if grid {
        let rows = all_marks().map(|m| m.1).max().unwrap_or(0) as usize + 1;
        let cols = all_marks().map(|m| m.2).max().unwrap_or(0) as usize + 1;
        let marks = chosen.iter().filter_map(|&o| two_numbers(&model.options[o].name));
        return marks_on_grid(model, rows, cols, marks);
    }
    names(model, &chosen)
}

/// A checkered grid with a disc for each mark, showing the option's initial.
fn marks_on_grid<'a>(
    model: &Model,
    rows: usize,
    cols: usize,
    marks: impl Iterator<Item = (&'a str, i64, i64)>,
) -> Document {
    let mut doc = document(&model.title, cols as f64 * CELL, rows as f64 * CELL);
    let corner = |r: usize, c: usize| (MARGIN + c as f64 * CELL, MARGIN + TITLE + r as f64 * CELL);
    let mut squares = Group::new().set("stroke", "#999").set("stroke-width", 1);
    for r in 0..rows {
        if squares.full() {
            break;
        }
        for c in 0..cols {
            let (x, y) = corner(r, c);
            let fill = if (r + c) % 2 == 1 { "#e8e2d0" } else { "white" };
            squares = squares
                .add(Rectangle::new().set("x", x).set("y", y).set("width", CELL).set("height", CELL).set("fill", fill));
        }
    }
    doc = doc.add(squares);
    for (head, a, b) in marks {
        let (x, y) = corner(a as usize, b as usize);
        let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
        let initial = head.chars().next().unwrap_or('?').to_uppercase().to_string();
        doc = doc.add(
            Group::new()
                .set("class", "mark")
                .add(
                    Circle::new()
                        .set("cx", cx)
                        .set("cy", cy)
                        .set("r", CELL * 0.35)
                        .set("fill", colour(0))
                        .set("stroke", "#111"),
                )
                .add(text(cx, cy + 5.0, 14.0, &initial)),
        );
    }
    let (w, h) = (cols as f64 * CELL, rows as f64 * CELL);
    doc.add(
        Rectangle::new()
            .set("x", MARGIN)
            .set("y", MARGIN + TITLE)
            .set("width", w)
            .set("height", h)
            .set("fill", "none")
            .set("stroke", "#111")
            .set("stroke-width", 2),
    )
}

/// The family of one-number items that every option covers at least one member of (the
/// one with the most members, the first of equals): the positions the options fill.
fn positions(model: &Model) -> Option<&str> {
    let mut families: Vec<(&str, usize)> = Vec::new();
    for item in &model.items {
        if let Some((head, i)) = one_number(&item.name) {
            if !(0..256).contains(&i) {
                return None;
            }
            match families.iter_mut().find(|f| f.0 == head) {
                Some(f) => f.1 += 1,
                None => families.push((head, 1)),
            }
        }
    }
    // How many members of the family an option covers.
    let covered = |o: &crate::lower::model::DirectOption, head: &str| {
        (o.covers.iter())
            .filter(|(c, _)| matches!(c, Covered::Item(i) if one_number(&model.items[*i].name).is_some_and(|n| n.0 == head)))
            .count()
    };
    let fills = |head: &str| {
        model.options.iter().all(|o| covered(o, head) >= 1) && model.options.iter().any(|o| covered(o, head) >= 2)
    };
    let mut best: Option<(&str, usize)> = None;
    for &(head, n) in &families {
        if fills(head) && best.is_none_or(|b| n > b.1) {
            best = Some((head, n));
        }
    }
    best.map(|b| b.0)
}

/// A row of the family's positions, each chosen option's label in the positions it covers.
fn row(model: &Model, family: &str, chosen: &[usize]) -> Document {
    let index = |i: usize| one_number(&model.items[i].name).filter(|n| n.0 == family).map(|n| n.1 as usize);
    let count = (0..model.items.len()).filter_map(index).max().map_or(0, |m| m + 1);
    let mut doc = document(&model.title, count as f64 * CELL, CELL + 24.0);
    let y = MARGIN + TITLE;
    let mut slots = Group::new().set("fill", "white").set("stroke", "#777").set("stroke-width", 1);
    for k in 0..count {
        if slots.full() {
            break;
        }
        slots = slots.add(
            Rectangle::new().set("x", MARGIN + k as f64 * CELL).set("y", y).set("width", CELL).set("height", CELL),
        );
    }
    doc = doc.add(slots);
    for (k, &o) in chosen.iter().enumerate() {
        let option = &model.options[o];
        let others: Vec<String> = (option.covers.iter())
            .filter_map(|(c, _)| match c {
                Covered::Item(i) if index(*i).is_none() => Some(&model.items[*i].name),
                _ => None,
            })
            .map(|name| name.split_once('(').map_or(name.as_str(), |(_, a)| a.trim_end_matches(')')).to_string())
            .collect();
        let label = if others.is_empty() { option.name.clone() } else { others.join(" ") };
        let mut placed = Group::new().set("class", "placed").set("fill", colour(k));
        let mut at = Vec::new();
        for (c, _) in &option.covers {
            if let Covered::Item(i) = c
                && let Some(p) = index(*i)
            {
                at.push(p);
            }
        }
        for &p in &at {
            let x = MARGIN + p as f64 * CELL;
            placed = placed.add(
                Rectangle::new().set("x", x).set("y", y).set("width", CELL).set("height", CELL).set("stroke", "#111"),
            );
        }
        doc = doc.add(placed);
        for &p in &at {
            let x = MARGIN + p as f64 * CELL;
            doc = doc.add(text(x + CELL / 2.0, y + CELL / 2.0 + 7.0, 20.0, &label).set("fill", "#111"));
        }
        // A bracket under the row joins the positions of one option.
        if let (Some(&a), Some(&b)) = (at.iter().min(), at.iter().max()) {
            let (x1, x2) = (MARGIN + (a as f64 + 0.5) * CELL, MARGIN + (b as f64 + 0.5) * CELL);
            let yb = y + CELL + 4.0 + (k % 4) as f64 * 4.0;
            doc = doc.add(
                super::node::Polyline::new()
                    .set("points", format!("{x1},{} {x1},{yb} {x2},{yb} {x2},{}", y + CELL, y + CELL))
                    .set("fill", "none")
                    .set("stroke", colour(k))
                    .set("stroke-width", 2),
            );
        }
    }
    doc
}

/// The chosen options' names, one per line.
fn names(model: &Model, chosen: &[usize]) -> Document {
    let names: Vec<&str> = chosen.iter().map(|&o| model.options[o].name.as_str()).collect();
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(0) as f64 * 9.0 + 20.0;
    let mut doc = document(&model.title, width.max(200.0), names.len() as f64 * 20.0);
    for (k, n) in names.iter().enumerate() {
        doc = doc.add(
            text(MARGIN, MARGIN + TITLE + 15.0 + k as f64 * 20.0, 14.0, n)
                .set("text-anchor", "start")
                .set("font-family", "monospace"),
        );
    }
    doc
}
