//! `tiles`: square one-cell tiles with four edge labels, read from the instance
//! (`tiles t[n] with edges top, right, bottom, left from instance`) or written in the spec
//! (`tiles t with edges ... = [(top, right, bottom, left), ...]`).
//!
//! Either way a label is read as an instance word is: a whole number, or else its text, so
//! `1`, `'1'` and `"1"` are one label wherever it was written (the engines compare labels by
//! their text, the verifier by value: the two must agree). Tiles are numbered 1, 2, ... on
//! from earlier `tiles` families, and identical tiles become one piece placed several times.
use super::derive::Slot;
use super::elaborate::Elab;
use super::eval::{R, type_error};
use super::instance::InstanceReader;
use super::model::Piece;
use super::value::Value;
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::{Expr, ExprKind, Ident, TilesDecl};

impl Elab<'_> {
    pub(super) fn tiles(&mut self, t: &TilesDecl, input: &mut InstanceReader) -> R<()> {
        let order = edge_order(&t.edges)?;
        let tiles = match &t.given {
            Some(list) => self.given_tiles(t, list)?,
            None => self.instance_tiles(t, &order, input)?,
        };
        let mut ids: Vec<usize> = Vec::new();
        // Tiles are numbered on from the tiles of earlier families, so that two families'
        // tiles never show the same number in an answer.
        let first: u32 = self.model.pieces.iter().filter(|p| p.edges.is_some()).map(|p| p.count).sum();
        for (k, written) in tiles.into_iter().enumerate() {
            let number = first + 1 + k as u32;
            let mut labels: [Value; 4] = Default::default();
            for (&side, label) in order.iter().zip(written) {
                labels[side] = label;
            }
            // Identical tiles become one piece placed `count` times: the engine then never
            // enumerates their permutations as different solutions.
            if let Some(&id) = ids.iter().find(|&&id| self.model.pieces[id].edges.as_ref() == Some(&labels)) {
                let piece = &mut self.model.pieces[id];
                piece.count += 1;
                piece.numbers.push(number);
            } else {
                ids.push(self.model.pieces.len());
                self.model.pieces.push(Piece {
                    name: format!("{}({number})", t.name.name),
                    label: number.to_string(),
                    cells: vec![(0, 0, None)],
                    edges: Some(labels),
                    count: 1,
                    numbers: vec![number],
                    odd: false,
                    span: t.name.span,
                });
            }
        }
        self.define_piece(&t.name, ids)
    }

    /// `tiles t[n] ... from instance`: n tiles of four words each, in the listed edge order.
    fn instance_tiles(&mut self, t: &TilesDecl, order: &[usize], input: &mut InstanceReader) -> R<Vec<Vec<Value>>> {
        let count = t.count.as_ref().expect("the checker requires a count for `from instance`");
        let n = self.env.eval_int(count, "the number of tiles")?;
        if !(0..=1_000_000).contains(&n) {
            return Err(Diagnostic::new(Code::S401, count.span, format!("{n} tiles cannot be read"))
                .label("0 to 1000000 tiles"));
        }
        let mut out = Vec::with_capacity(n as usize);
        let mut slots = Vec::new();
        let probing = self.probing_data.as_deref() == Some(t.name.name.as_str());
        for k in 1..=n {
            let mut labels = Vec::with_capacity(4);
            for j in 0..order.len() {
                let (w, span) = input.word(format!("the edges of tile {k} of `{}`", t.name.name))?;
                labels.push(label_of_text(w));
                if probing {
                    let key = vec![Value::Int(k - 1), Value::Int(j as i64)];
                    slots.push(Slot { key, text: w.to_string(), at: input.text_range(span) });
                }
            }
            out.push(labels);
        }
        // Probe mode: the tiles are the clues `puzc generate` writes.
        self.layout_tiles(&t.name.name, order, slots);
        Ok(out)
    }

    /// `tiles t ... = [(a, b, c, d), ...]`: each tile a tuple (or list) of four labels.
    fn given_tiles(&mut self, t: &TilesDecl, list: &Expr) -> R<Vec<Vec<Value>>> {
        let v = self.env.eval(list)?;
        let Value::List(tiles) = &v else {
            return Err(type_error(
                "a list of tiles",
                &v,
                list.span,
                "write the tiles as a list: `[(1, 2, 3, 4), ...]`",
            ));
        };
        if let Some(count) = &t.count {
            let n = self.env.eval_int(count, "the number of tiles")?;
            if n != tiles.len() as i64 {
                return Err(Diagnostic::new(
                    Code::G203,
                    count.span,
                    format!(
                        "`{}` says {}, but the list has {}",
                        t.name.name,
                        crate::diag::plural(n, "tile"),
                        tiles.len()
                    ),
                )
                .label(crate::diag::plural(n, "tile"))
                .related(list.span, crate::diag::plural(tiles.len(), "tile"))
                .help("make the count match the list, or leave it out: the list says how many tiles there are"));
            }
        }
        // Spans of the tiles and labels as written, when the list and tuples are literals.
        let tile_spans = parts(list, tiles.len());
        let mut out = Vec::with_capacity(tiles.len());
        for (k, (tile, &span)) in tiles.iter().zip(&tile_spans).enumerate() {
            let (Value::Tuple(labels) | Value::List(labels)) = tile else {
                return Err(type_error(
                    "a tile: a tuple of four edge labels",
                    tile,
                    span,
                    "write each tile as `(top, right, bottom, left)`, in the order of `with edges`",
                ));
            };
            if labels.len() != 4 {
                return Err(Diagnostic::new(
                    Code::G206,
                    span,
                    format!("tile {} of `{}` has {} edge labels, not 4", k + 1, t.name.name, labels.len()),
                )
                .label(format!("{} labels", labels.len()))
                .related(edge_span(&t.edges), "a square tile has these four edges")
                .help("a tile is one label per edge, in the order of `with edges`"));
            }
            let label_spans = match tile_expr(list, k) {
                Some(e) => parts(e, 4),
                None => vec![span; 4],
            };
            let mut read = Vec::with_capacity(4);
            for (label, &at) in labels.iter().zip(&label_spans) {
                read.push(label_value(label, at)?);
            }
            out.push(read);
        }
        Ok(out)
    }
}

/// A label written in the spec, read as the same word in an instance would be.
fn label_value(v: &Value, span: Span) -> R<Value> {
    match v {
        Value::Int(_) => Ok(v.clone()),
        Value::Char(_) | Value::Str(_) if !v.to_string().trim().is_empty() => Ok(label_of_text(&v.to_string())),
        Value::Char(_) | Value::Str(_) => Err(Diagnostic::new(Code::E103, span, "an edge label cannot be blank")
            .label("a blank label")
            .help("a label is a number or a word: `1`, `'r'`, `\"red\"`")),
        _ => Err(type_error(
            "an edge label: a number, a character or a string",
            v,
            span,
            "a label is a number or a word: `1`, `'r'`, `\"red\"`",
        )),
    }
}

/// An instance word as a label: a whole number, or else the word.
fn label_of_text(w: &str) -> Value {
    w.parse::<i64>().map(Value::Int).unwrap_or_else(|_| Value::Str(w.into()))
}

/// The element expressions of a literal list or tuple of `n` elements, or `None`.
fn elements(e: &Expr, n: usize) -> Option<&[Expr]> {
    match &e.kind {
        ExprKind::List(items) | ExprKind::Tuple(items) if items.len() == n => Some(items),
        _ => None,
    }
}

/// The spans of the `n` elements of `e` when it is written as a literal, else `e`'s span n times.
fn parts(e: &Expr, n: usize) -> Vec<Span> {
    elements(e, n).map_or_else(|| vec![e.span; n], |items| items.iter().map(|i| i.span).collect())
}

/// Tile `k` of a literal list, as written.
fn tile_expr(list: &Expr, k: usize) -> Option<&Expr> {
    match &list.kind {
        ExprKind::List(items) => items.get(k),
        _ => None,
    }
}

fn edge_span(edges: &[Ident]) -> Span {
    edges[0].span.to(edges[edges.len() - 1].span)
}

/// For `with edges top, right, bottom, left` (in any order): where each label read goes.
fn edge_order(edges: &[Ident]) -> R<Vec<usize>> {
    const SIDES: [&str; 4] = ["top", "right", "bottom", "left"];
    let mut order = Vec::new();
    for e in edges {
        match SIDES.iter().position(|s| *s == e.name) {
            Some(i) if !order.contains(&i) => order.push(i),
            Some(_) => {
                return Err(Diagnostic::new(Code::E102, e.span, format!("edge `{}` is listed twice", e.name))
                    .label("repeated edge"));
            }
            None => {
                let mut d =
                    Diagnostic::new(Code::E101, e.span, format!("`{}` is not an edge of a square tile", e.name))
                        .label("unknown edge");
                d = match crate::syntax::closest_name(&e.name, &SIDES) {
                    Some(s) => d.help(format!("did you mean `{s}`?")),
                    None => d.help("the edges are top, right, bottom, left"),
                };
                return Err(d);
            }
        }
    }
    if order.len() != 4 {
        return Err(Diagnostic::new(Code::E105, edge_span(edges), "a square tile has four edges")
            .label(format!("{} listed", order.len()))
            .help("list all of top, right, bottom, left, in the order each tile's labels are given"));
    }
    Ok(order)
}
