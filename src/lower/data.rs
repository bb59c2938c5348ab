//! Elaboration of the data statements: grids of labels (`grid`), tables of `key value`
//! pairs (`table`), regions made from a grid (`region cage from cages`) and arithmetic cages
//! over a region family (`each cage(l) sums to sum[l]`).
//!
//! A grid is a plain value — a list of rows, each a list of labels — so it can be indexed
//! (`g[r, c]`), walked and passed to builtins like any list; a table is a `Value::Map`.
use super::derive::{self, Link, Slot};
use super::elaborate::{Elab, ExpandLimits};
use super::eval::{R, type_error};
use super::instance::InstanceReader;
use super::model::{ArithOp, Cage};
use super::rows::{Layout, read_cells};
use super::value::{Value, token_value};
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::{CageDecl, CageOp, Expr, GridDecl, Ident};
use std::rc::Rc;

impl Elab<'_> {
    /// `grid name[rows, cols] (of words)? from instance | = "..."`.
    pub(super) fn grid(&mut self, g: &GridDecl, input: &mut InstanceReader, limits: ExpandLimits) -> R<()> {
        let rows = self.env.eval_int(&g.rows, "a grid's rows are a number")?;
        let cols = self.env.eval_int(&g.cols, "a grid's columns are a number")?;
        for (n, e) in [(rows, &g.rows), (cols, &g.cols)] {
            if n < 1 {
                return Err(Diagnostic::new(
                    Code::G203,
                    e.span,
                    format!("a grid needs at least one row and column, found {n}"),
                )
                .label("must be 1 or more"));
            }
        }
        if rows.saturating_mul(cols) > limits.cells as i64 {
            return Err(Diagnostic::new(
                Code::S401,
                g.rows.span.to(g.cols.span),
                format!("a {rows}×{cols} grid is too large"),
            )
            .label(format!("more than {} cells", limits.cells))
            .help("grids, like boards, are limited to a million cells"));
        }
        let what = format!("the cells of grid `{}` ({} of {cols})", g.name.name, crate::diag::plural(rows, "row"));
        let (rows, cols) = (rows as usize, cols as usize);
        let out = match &g.inline {
            None => {
                let mut spans = Vec::new();
                let out = read_labels(input, &g.name.name, (rows, cols), g.words, &what, Some(&mut spans))?;
                if self.probing_data.as_deref() == Some(g.name.name.as_str()) {
                    let slots = spans
                        .iter()
                        .enumerate()
                        .map(|(k, &span)| {
                            let at = input.text_range(span);
                            let text = input_text(input, at);
                            Slot { key: vec![Value::Int((k / cols) as i64), Value::Int((k % cols) as i64)], text, at }
                        })
                        .collect();
                    self.record_slots(&g.name.name, Some((rows, cols)), !g.words, slots);
                }
                out
            }
            Some(s) => {
                let mut reader = InstanceReader::new(&s.text, g.name.span.file, s.offset).picture();
                // A picture in the spec that runs short is the spec's own mistake, not an
                // instance that ended early (which the CLI would report as "no instance").
                let out = read_labels(&mut reader, &g.name.name, (rows, cols), g.words, &what, None).map_err(|d| {
                    if d.code != Code::I303 {
                        return d;
                    }
                    Diagnostic::new(
                        Code::G206,
                        s.span,
                        format!("the picture holds fewer than {} of {cols}", crate::diag::plural(rows, "row")),
                    )
                    .label("too few cells")
                    .help(format!(
                        "draw exactly {} of {}",
                        crate::diag::plural(rows, "row"),
                        crate::diag::plural(cols, "label")
                    ))
                })?;
                if !reader.at_end() {
                    return Err(Diagnostic::new(
                        Code::G206,
                        s.span,
                        format!("the picture holds more than {} of {cols}", crate::diag::plural(rows, "row")),
                    )
                    .label("too many cells")
                    .help(format!(
                        "draw exactly {} of {}",
                        crate::diag::plural(rows, "row"),
                        crate::diag::plural(cols, "label")
                    )));
                }
                out
            }
        };
        self.env.globals.insert(g.name.name.clone(), (Value::List(out.into()), g.name.span));
        Ok(())
    }

    /// `table name[count] from instance`: `count` pairs `key value`.
    pub(super) fn table(&mut self, name: &Ident, count: &Expr, input: &mut InstanceReader) -> R<()> {
        let n = self.env.eval_int(count, "the number of table entries")?;
        if !(0..=1_000_000).contains(&n) {
            return Err(Diagnostic::new(Code::S401, count.span, format!("{n} table entries cannot be read"))
                .label("0 to 1000000 entries"));
        }
        let mut entries: Vec<(Value, Value)> = Vec::with_capacity(n as usize);
        let mut slots = Vec::new();
        for i in 1..=n {
            let what = format!("entry {i} of table `{}` (a key, then its value)", name.name);
            let (k, kspan) = input.word(&what)?;
            let key = label_value(k, kspan)?;
            if entries.iter().any(|(e, _)| *e == key) {
                return Err(Diagnostic::new(Code::I302, kspan, format!("table `{}` lists `{k}` twice", name.name))
                    .label("repeated key")
                    .help("give each key once"));
            }
            let (v, vspan) = input.word(&what)?;
            slots.push(Slot { key: vec![key.clone()], text: v.to_string(), at: input.text_range(vspan) });
            entries.push((key, label_value(v, vspan)?));
        }
        self.record_slots(&name.name, None, false, slots);
        self.env.globals.insert(name.name.clone(), (Value::Map(entries.into()), name.span));
        Ok(())
    }

    /// `region name from grid without labels`: one region per distinct label, in reading order.
    pub(super) fn region_from(&mut self, name: &Ident, grid: &Expr, without: Option<&Expr>) -> R<()> {
        let Some(board) = self.model.board.clone() else {
            return Err(Diagnostic::new(Code::E105, name.span, "a region needs a board declared before it")
                .label("no board yet")
                .help("declare the board first: `board grid[9, 9] of 1..=9`"));
        };
        let g = self.env.eval(grid)?;
        let skip = match without {
            None => Vec::new(),
            Some(e) => match self.env.eval(e)? {
                v if v.is_collection() => v.elements(),
                v => vec![v],
            },
        };
        let wrong_size = |found: String| {
            Diagnostic::new(
                Code::G206,
                grid.span,
                format!(
                    "the grid must be {} of {}, like the board",
                    crate::diag::plural(board.rows, "row"),
                    crate::diag::plural(board.cols, "label")
                ),
            )
            .label(found)
            .related(board.span, "the board")
            .help("declare the grid with the board's size: `grid cages[rows, cols] from instance`")
        };
        let Value::List(rows) = &g else {
            return Err(type_error(
                "a grid (a list of rows)",
                &g,
                grid.span,
                "`region ... from` takes a grid of labels",
            ));
        };
        if rows.len() != board.rows {
            return Err(wrong_size(crate::diag::plural(rows.len(), "row")));
        }
        let mut labels: Vec<Value> = Vec::new();
        let mut cells: Vec<Vec<usize>> = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            let Value::List(row) = row else {
                return Err(type_error("a row (a list of labels)", row, grid.span, "a grid is a list of rows"));
            };
            if row.len() != board.cols {
                return Err(wrong_size(format!("row {r} has {} labels", row.len())));
            }
            for (c, label) in row.iter().enumerate() {
                let cell = r * board.cols + c;
                if !board.on[cell] || skip.contains(label) {
                    continue;
                }
                match labels.iter().position(|l| l == label) {
                    Some(k) => cells[k].push(cell),
                    None => {
                        labels.push(label.clone());
                        cells.push(vec![cell]);
                    }
                }
            }
        }
        // Probe mode, areas drawn around a solution: the family has no members yet.
        let cells = if self.layout_areas(name, grid, &labels, &cells) { Vec::new() } else { cells };
        let labels = if cells.is_empty() { Vec::new() } else { labels };
        let family = labels
            .iter()
            .zip(cells)
            .map(|(l, cells)| (format!("{}({l})", name.name).into(), cells.into(), name.span))
            .collect();
        self.region_families.insert(name.name.clone(), Rc::new(family));
        self.region_args.insert(name.name.clone(), Rc::new(labels.into_iter().map(|l| vec![l]).collect()));
        Ok(())
    }

    /// `region name from runs in rows | columns`: one region per maximal run of two or more
    /// cells side by side (holes end runs), in reading order of their first cells, named
    /// and parametrised by that first cell's coordinates: `across(2, 0)`.
    pub(super) fn region_runs(&mut self, name: &Ident, columns: bool) -> R<()> {
        let Some(board) = self.model.board.clone() else {
            return Err(Diagnostic::new(Code::E105, name.span, "a region needs a board declared before it")
                .label("no board yet")
                .help("declare the board first: `board grid[9, 9] of 1..=9`"));
        };
        let (lines, along) = if columns { (board.cols, board.rows) } else { (board.rows, board.cols) };
        let at = |line: usize, k: usize| if columns { k * board.cols + line } else { line * board.cols + k };
        let mut runs: Vec<Vec<usize>> = Vec::new();
        for line in 0..lines {
            let mut k = 0;
            while k < along {
                let start = k;
                while k < along && board.on[at(line, k)] {
                    k += 1;
                }
                if k - start >= 2 {
                    runs.push((start..k).map(|i| at(line, i)).collect());
                }
                k += 1;
            }
        }
        runs.sort_by_key(|r| r[0]);
        let mut family = Vec::with_capacity(runs.len());
        let mut args = Vec::with_capacity(runs.len());
        for cells in runs {
            let (a, b) = board.coord(cells[0]);
            family.push((format!("{}({a}, {b})", name.name).into(), cells.into(), name.span));
            args.push(vec![Value::Int(a), Value::Int(b)]);
        }
        self.region_families.insert(name.name.clone(), Rc::new(family));
        self.region_args.insert(name.name.clone(), Rc::new(args));
        Ok(())
    }

    /// `each cage(l) sums to target, all different`: one [`Cage`] per member of the family.
    pub(super) fn cage(&mut self, c: &CageDecl) -> R<()> {
        let (Some(family), Some(args)) =
            (self.region_families.get(&c.region.name).cloned(), self.region_args.get(&c.region.name).cloned())
        else {
            let known: Vec<String> = self.region_families.keys().cloned().collect();
            return Err(self.unknown(&c.region, "region", known.iter()));
        };
        for ((name, cells, _), values) in family.iter().zip(args.iter()) {
            if values.len() != c.params.len() {
                let span = c.params.first().map_or(c.region.span, |p| p.span.to(c.params[c.params.len() - 1].span));
                return Err(Diagnostic::new(
                    Code::G210,
                    span,
                    format!(
                        "`{}` names its regions by {} value(s), but {} are bound here",
                        c.region.name,
                        values.len(),
                        c.params.len()
                    ),
                )
                .label("one name per value of the region's name")
                .help(format!(
                    "write `each {}` with as many names in parentheses as `{name}` has values",
                    c.region.name
                )));
            }
            let mark = self.env.locals_len();
            for (p, v) in c.params.iter().zip(values) {
                self.env.push_local(&p.name, v.clone());
            }
            if let Some(probe) = self.probe() {
                let at = probe.clue_at(&mut self.env, &c.target);
                if let Some((slot, part)) = at.inspect_err(|_| self.env.truncate_locals(mark))? {
                    self.env.truncate_locals(mark);
                    let rule = derive::cage_rule(c.op, cells);
                    self.link(vec![Link { slot, part, rule, span: c.span }]);
                    if c.distinct {
                        self.cage_distinct(name, cells, c.span);
                    }
                    continue;
                }
            }
            let target = self.env.eval(&c.target);
            self.env.truncate_locals(mark);
            let target = target?;
            let (op, target) = match c.op {
                CageOp::Sum => (ArithOp::Sum, self.cage_number(&target, c, name)?),
                CageOp::Product => (ArithOp::Product, self.cage_number(&target, c, name)?),
                CageOp::Difference => (ArithOp::Difference, self.cage_number(&target, c, name)?),
                CageOp::Quotient => (ArithOp::Quotient, self.cage_number(&target, c, name)?),
                CageOp::Makes => clue(&target, cells.len()).map_err(|why| {
                    Diagnostic::new(Code::G210, c.target.span, format!("`{name}` cannot make `{target}`"))
                        .label(why)
                        .help("a clue is a number with an operation: \"11+\", \"2-\", \"24x\", \"2/\", (11, '+'), or a number alone for a one-cell cage")
                })?,
            };
            self.model.cages.push(Cage {
                name: name.to_string(),
                cells: cells.to_vec(),
                op,
                target,
                distinct: c.distinct,
                span: c.span,
            });
        }
        Ok(())
    }

    fn cage_number(&self, v: &Value, c: &CageDecl, name: &str) -> R<i64> {
        match v {
            Value::Int(n) => Ok(*n),
            v => Err(type_error("a number", v, c.target.span, &format!("the target of `{name}` is a number"))),
        }
    }
}

/// A grid of labels, row by row: one character per cell, or one word with `words`, laid out
/// over lines as [`super::rows`] says.
fn read_labels(
    reader: &mut InstanceReader,
    name: &str,
    (rows, cols): (usize, usize),
    words: bool,
    what: &str,
    mut spans: Option<&mut Vec<Span>>,
) -> R<Vec<Value>> {
    let shown = format!("grid `{name}`");
    let code = if reader.is_picture() { Code::G206 } else { Code::I302 };
    let lay = Layout { name: &shown, rows, cols, on: None, by_char: !words, code };
    let mut cells = Vec::with_capacity(rows * cols);
    read_cells(reader, &lay, &what, &mut |_, tok, span| {
        cells.push(label_value(tok.unwrap_or("."), span)?);
        if let Some(spans) = spans.as_mut() {
            spans.push(span);
        }
        Ok(())
    })?;
    let mut cells = cells.into_iter();
    Ok((0..rows).map(|_| Value::List(cells.by_ref().take(cols).collect::<Vec<_>>().into())).collect())
}

/// A token of a grid or table as a value ([`token_value`]), but a whole number too large for
/// a number is an error rather than a string.
fn label_value(tok: &str, span: Span) -> R<Value> {
    let digits = tok.strip_prefix('-').unwrap_or(tok);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) && tok.parse::<i64>().is_err() {
        return Err(Diagnostic::new(Code::I304, span, format!("the number `{tok}` is too large"))
            .label("does not fit in 64 bits")
            .help(format!("numbers lie between {} and {}", i64::MIN, i64::MAX)));
    }
    Ok(token_value(tok))
}

/// A KenKen clue: `"11+"`, `(11, '+')`, or a number alone (a one-cell cage holding it).
fn clue(v: &Value, cells: usize) -> Result<(ArithOp, i64), String> {
    let op_of = |s: &str| match s {
        "+" => Ok(ArithOp::Sum),
        "-" | "−" => Ok(ArithOp::Difference),
        "*" | "x" | "X" | "×" => Ok(ArithOp::Product),
        "/" | "÷" | ":" => Ok(ArithOp::Quotient),
        other => Err(format!("`{other}` is not an operation (+ - x /)")),
    };
    match v {
        Value::Int(n) if cells == 1 => Ok((ArithOp::Sum, *n)),
        Value::Int(_) => Err(format!("a number without an operation needs a one-cell cage, and this one has {cells}")),
        Value::Str(s) => {
            let digits = s.trim_end_matches(|ch: char| !ch.is_ascii_digit());
            let n = digits.parse::<i64>().map_err(|_| "not a number followed by an operation".to_string())?;
            Ok((op_of(&s[digits.len()..])?, n))
        }
        Value::Tuple(t) if t.len() == 2 => match (&t[0], &t[1]) {
            (Value::Int(n), Value::Char(op)) => Ok((op_of(&op.to_string())?, *n)),
            (Value::Int(n), Value::Str(op)) => Ok((op_of(op)?, *n)),
            _ => Err("a clue tuple is (number, operation)".into()),
        },
        other => Err(format!("{} is not a clue", other.type_name())),
    }
}

/// The text of an entry as read (reader positions `at`).
fn input_text(input: &InstanceReader, at: (usize, usize)) -> String {
    input.text().get(at.0..at.1).unwrap_or_default().to_string()
}
