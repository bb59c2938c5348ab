//! `clues in DATA follow from the solution (, empty EXPR)?`: the entries of the instance
//! grid or table `DATA` are the puzzle's clues, and a full clue set follows from a solution
//! by the rules that read them. This is what `puzc generate` derives, removes and writes for
//! puzzles whose clues are not the solution itself (killer sums, KenKen clues, Kakuro runs,
//! Slitherlink numbers, Skyscrapers edges).
//!
//! Solving reads `DATA` like any instance data and the statement only checks its `empty`
//! text. The generator elaborates the spec once more in *probe* mode ([`Probe`]): there,
//!
//! - every entry of `DATA` is recorded as a [`Slot`] with the stretch of instance text it
//!   was read from (so a puzzle is written by replacing those stretches: the instance's own
//!   format, whatever else it holds);
//! - from this statement on, an entry written `empty` reads as `0` (a present clue), so rules
//!   filtered by `where DATA[...] != '-'` are elaborated for every entry;
//! - a rule whose clue is an entry — its target, count or compared value written
//!   `DATA[i, j]`, `DATA[key]`, or `split(DATA[i, j], SEP)[k]` (one part of a word) — is not
//!   built but recorded as a [`Link`]: the slot (and part) it reads and what the solution
//!   gives there ([`Rule`]). A cage's `all different` stays, as an at-most-once region.
//!
//! The probe's model is then the clue-free puzzle: its solutions are the candidate
//! solutions, and [`crate::solve::generate::derive`] computes each linked entry from one.
//! The rules that link: `each cage(l) sums to / multiplies to / ... / makes DATA[l]`,
//! `along CELLS, DATA[...] cells are seen`, `each clue of DATA counts the loop edges around
//! it`, and `cells x at (r, c) hold x == DATA[...]` (the cell's value itself).
use super::elaborate::Elab;
use super::eval::{Env, R};
use super::model::{ArithOp, Board, Region};
use super::value::Value;
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::{BinOp, CageOp, DerivedCluesDecl, Expr, ExprKind, Once};

/// The statement as elaborated, with (in probe mode) the entries and the rules that read them.
#[derive(Clone, Debug, Default)]
pub struct Derived {
    /// `DATA`'s name.
    pub data: String,
    /// How a left-out clue is written; `None`: none is left out.
    pub empty: Option<String>,
    pub span: Option<Span>,
    /// A grid's rows and columns (its entries in reading order); `None` for a table.
    pub shape: Option<(usize, usize)>,
    /// A grid of characters (each entry one character) rather than of words.
    pub by_char: bool,
    /// Probe mode: every entry of `DATA`, in reading order.
    pub slots: Vec<Slot>,
    /// Probe mode: the rules that read an entry, in statement and binding order.
    pub links: Vec<Link>,
    /// Probe mode: data drawn from a solution as a whole (areas, tiles; `layout.rs`).
    pub layout: Option<super::layout::Layout>,
    /// `, edges labelled L`: the texts of the labels of generated tiles' edges.
    pub labels: Vec<String>,
}

/// One entry of `DATA`: its key (a grid's `(r, c)`, a table's key), its text as read, and
/// where that text lies in the instance text (reader positions: from, to).
#[derive(Clone, Debug)]
pub struct Slot {
    pub key: Vec<Value>,
    pub text: String,
    pub at: (usize, usize),
}

/// A rule that reads slot `slot` (`part`: the `k`-th part of the word split at `sep`).
#[derive(Clone, Debug)]
pub struct Link {
    pub slot: usize,
    pub part: Option<(String, usize)>,
    pub rule: Rule,
    pub span: Span,
}

/// Where a rule reads its clue: a slot, and the part of its word when split.
pub type ClueAt = (usize, Option<(String, usize)>);

/// What the solution gives a linked entry.
#[derive(Clone, Debug)]
pub enum Rule {
    /// An arithmetic cage's cells combined by `op`; `makes`: a KenKen clue (a number with
    /// its operation).
    Cage { cells: Vec<usize>, op: ArithOp, makes: bool },
    /// How many cells along `cells` are higher than every cell before them (`height`: the
    /// rank of each board value).
    Seen { cells: Vec<usize>, height: Vec<usize> },
    /// How many of the four sides of cell (r, c) the loop uses.
    LoopSides { r: usize, c: usize },
    /// The value of a cell.
    Cell(usize),
}

/// What probe mode needs while rules are elaborated: the data's name and how its keys map
/// to slots (a copy, so rules evaluating through `Env` can use it beside `self`).
#[derive(Clone, Debug)]
pub struct Probe {
    pub data: String,
    shape: Option<(usize, usize)>,
    keys: Vec<Vec<Value>>,
}

impl Probe {
    /// A grid's rows and columns; `None` for a table.
    pub fn shape(&self) -> Option<(usize, usize)> {
        self.shape
    }

    /// The slot `key` names, if any.
    fn slot(&self, key: &[Value]) -> Option<usize> {
        match (self.shape, key) {
            (Some((rows, cols)), [Value::Int(r), Value::Int(c)]) => {
                let (r, c) = (*r, *c);
                (0..rows as i64).contains(&r).then_some(())?;
                (0..cols as i64).contains(&c).then_some(())?;
                Some(r as usize * cols + c as usize)
            }
            (Some(_), _) => None,
            (None, key) => self.keys.iter().position(|k| k == key),
        }
    }

    /// Whether `e` reads an entry of the data as a clue: `DATA[...]`, or one part of a split
    /// word, `split(DATA[...], SEP)[k]`. Returns the slot and part, evaluating the indices in
    /// `env`; an index naming no entry is an error (E120), as it would be when solving.
    pub fn clue_at(&self, env: &mut Env, e: &Expr) -> R<Option<ClueAt>> {
        let ExprKind::Index { base, indices } = &e.kind else { return Ok(None) };
        if let ExprKind::Name(n) = &base.kind
            && *n == self.data
        {
            return Ok(Some((self.key_slot(env, indices, e.span)?, None)));
        }
        let ExprKind::Call { func, args } = &base.kind else { return Ok(None) };
        let ([word, sep], [k]) = (&args[..], &indices[..]) else { return Ok(None) };
        let ExprKind::Index { base: inner, indices: at } = &word.kind else { return Ok(None) };
        if func.name != "split" || !matches!(&inner.kind, ExprKind::Name(n) if *n == self.data) {
            return Ok(None);
        }
        let slot = self.key_slot(env, at, word.span)?;
        let sep = match env.eval(sep)? {
            Value::Char(c) => c.to_string(),
            Value::Str(s) => s.to_string(),
            _ => return Ok(None),
        };
        let Value::Int(k) = env.eval(k)? else { return Ok(None) };
        Ok(Some((slot, Some((sep, k.max(0) as usize)))))
    }

    fn key_slot(&self, env: &mut Env, indices: &[Expr], span: Span) -> R<usize> {
        let key = indices.iter().map(|i| env.eval(i)).collect::<R<Vec<Value>>>()?;
        self.slot(&key).ok_or_else(|| {
            let shown: Vec<String> = key.iter().map(|v| v.to_string()).collect();
            Diagnostic::new(Code::E120, span, format!("`{}` has no entry [{}]", self.data, shown.join(", ")))
                .label("no such entry")
        })
    }
}

impl Elab<'_> {
    /// Probe mode's state, when this elaboration probes for derived clues and the data has
    /// been read.
    pub(super) fn probe(&self) -> Option<Probe> {
        let d = self.model.derived.as_ref()?;
        (self.probing && d.span.is_some()).then(|| Probe {
            data: d.data.clone(),
            shape: d.shape,
            keys: d.slots.iter().map(|s| s.key.clone()).collect(),
        })
    }

    /// Probe mode: the entries of `name` as read, if it is the derived clues' data.
    pub(super) fn record_slots(&mut self, name: &str, shape: Option<(usize, usize)>, by_char: bool, slots: Vec<Slot>) {
        let Some(data) = &self.probing_data else { return };
        if data != name {
            return;
        }
        let d = self.model.derived.get_or_insert_with(Derived::default);
        d.data = name.to_string();
        d.shape = shape;
        d.by_char = by_char;
        d.slots = slots;
    }

    /// Probe mode: a rule reading a clue, recorded instead of built.
    pub(super) fn link(&mut self, links: Vec<Link>) {
        if let Some(d) = self.model.derived.as_mut() {
            d.links.extend(links);
        }
    }

    /// Probe mode: a cage whose target is a clue keeps its `all different` as a region.
    pub(super) fn cage_distinct(&mut self, name: &str, cells: &[usize], span: Span) {
        self.model.regions.push(Region { name: name.into(), cells: cells.into(), once: Once::AtMost, span });
    }

    /// `clues in DATA follow from the solution, empty EXPR`.
    pub(super) fn derived_clues(&mut self, d: &DerivedCluesDecl) -> R<()> {
        let empty = match &d.empty {
            None => None,
            Some(e) => match self.env.eval(e)? {
                Value::Char(c) if !c.is_whitespace() => Some(c.to_string()),
                Value::Str(s) if !s.is_empty() && !s.chars().any(char::is_whitespace) => Some(s.to_string()),
                v => {
                    return Err(Diagnostic::new(Code::E111, e.span, format!("\"no clue\" cannot be written `{v}`"))
                        .label("not a word of the instance")
                        .help("write the text of an entry without a clue: `empty '-'`"));
                }
            },
        };
        let labels = match &d.labels {
            Some(e) => self.layout_labels(e)?,
            None => Vec::new(),
        };
        let probing = self.probing;
        let derived = self.model.derived.get_or_insert_with(Derived::default);
        derived.labels = labels;
        derived.data = d.data.name.clone();
        derived.empty = empty.clone();
        derived.span = Some(d.span);
        if !probing {
            return Ok(());
        }
        // From here on, an entry without a clue reads as one: the rules below are
        // elaborated for every entry, and link instead of constraining.
        let Some(empty) = empty else { return Ok(()) };
        let Some((value, span)) = self.env.globals.get(&d.data.name).cloned() else { return Ok(()) };
        let blank = |v: &Value| if v.to_string() == empty { Value::Int(0) } else { v.clone() };
        let value = match value {
            Value::List(rows) => Value::List(
                rows.iter()
                    .map(|row| match row {
                        Value::List(cells) => Value::List(cells.iter().map(blank).collect::<Vec<_>>().into()),
                        v => v.clone(),
                    })
                    .collect::<Vec<_>>()
                    .into(),
            ),
            Value::Map(m) => Value::Map(m.iter().map(|(k, v)| (k.clone(), blank(v))).collect::<Vec<_>>().into()),
            v => v,
        };
        self.env.globals.insert(d.data.name.clone(), (value, span));
        Ok(())
    }
}

/// The link of a cage whose target is a clue.
pub fn cage_rule(op: CageOp, cells: &[usize]) -> Rule {
    let (op, makes) = match op {
        CageOp::Sum => (ArithOp::Sum, false),
        CageOp::Product => (ArithOp::Product, false),
        CageOp::Difference => (ArithOp::Difference, false),
        CageOp::Quotient => (ArithOp::Quotient, false),
        CageOp::Makes => (ArithOp::Sum, true),
    };
    Rule::Cage { cells: cells.to_vec(), op, makes }
}

/// `x == DATA[...]` or `DATA[...] == x` for the compared cell's name `x`: the expression of
/// the clue.
pub fn equal_to<'e>(holds: &'e Expr, x: &str) -> Option<&'e Expr> {
    let ExprKind::Binary { op: BinOp::Eq, lhs, rhs } = &holds.kind else { return None };
    match (&lhs.kind, &rhs.kind) {
        (ExprKind::Name(n), _) if n == x => Some(rhs),
        (_, ExprKind::Name(n)) if n == x => Some(lhs),
        _ => None,
    }
}

/// The heights of a board's values for [`Rule::Seen`] (their ranks), when all are numbers.
pub fn heights(board: &Board) -> Option<Vec<usize>> {
    let nums: Vec<i64> =
        board.values.iter().map(|v| if let Value::Int(k) = v { Some(*k) } else { None }).collect::<Option<_>>()?;
    Some(nums.iter().map(|k| nums.iter().filter(|o| *o < k).count()).collect())
}
