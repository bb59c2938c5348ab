//! Output templates (`print "..."`): how a spec prints each case, so answers can match a
//! judge's format byte for byte.
//!
//! A template is text with `{...}` parts:
//! - `{case}`, `{count}`, and any `let` or `param` by name; `{name:%4d}` formats it;
//! - `{board}` the answer's grid, `{given}` the instance's grid — one line per row, no final
//!   line break; with a format (`{board:%4d}`) every cell is formatted and cells are joined
//!   with nothing between them;
//! - `{each solution}...{end}` repeats for every solution printed; `{each move}...{end}` for
//!   every move of the answer, inside which the move's parameters are names (`{x} {y} {d}`)
//!   and `{move}` is the move's name (and `{cost}` its cost); `{length}` is the number of
//!   moves of the answer, `{cost}` outside `{each move}` their total cost;
//! - `{each ...}BODY{between}SEP{end}` prints `SEP` between two repetitions of `BODY`;
//! - `{if solved}...{else}...{end}` chooses on whether the case has an answer.
//!
//! `\n`, `\t`, `\\`, `\{`, `\}` are escapes; in a `"""` template a line break right after the
//! opening quotes is dropped.
use crate::diag::{Code, Diagnostic, Span};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    Text(String),
    Var {
        name: String,
        format: Option<Format>,
        span: Span,
    },
    /// `{each solution}` (with `{between}`'s text, empty without one).
    EachSolution(Vec<Node>, Vec<Node>),
    /// `{each move}`, likewise.
    EachMove(Vec<Node>, Vec<Node>),
    IfSolved(Vec<Node>, Vec<Node>),
}

/// A printf-like cell format: `%4d`, `%-3s`, `%c`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Format {
    pub width: usize,
    pub left: bool,
}

impl Format {
    /// Appends `s`, padded to the width.
    fn write_bytes(&self, out: &mut Vec<u8>, s: &str) {
        let spaces = std::iter::repeat_n(b' ', self.width.saturating_sub(s.chars().count()));
        if self.left {
            out.extend_from_slice(s.as_bytes());
            out.extend(spaces);
        } else {
            out.extend(spaces);
            out.extend_from_slice(s.as_bytes());
        }
    }
}

/// Names a template may use besides `let`s and `param`s.
pub const TEMPLATE_NAMES: &[&str] = &["case", "count", "board", "given", "length", "cost"];

/// Parses a template; `offset` is the byte offset of `text` in `file` (for spans).
pub fn parse(text: &str, file: crate::diag::FileId, offset: usize, long: bool) -> Result<Vec<Node>, Diagnostic> {
    let mut p = Parser { text, pos: 0, file, offset };
    if long && p.text.starts_with('\n') {
        p.pos = 1;
    }
    let (nodes, end) = p.nodes()?;
    if let Some((word, span)) = end {
        return Err(Diagnostic::new(
            Code::E110,
            span,
            format!("`{{{word}}}` has no `{{each ...}}` or `{{if ...}}` to close"),
        )
        .label("nothing to close here")
        .help("`{end}` closes `{each solution}`, `{each move}` or `{if solved}`; `{else}` goes inside `{if solved}`"));
    }
    Ok(nodes)
}

/// The `{end}` or `{else}` that closed a run of nodes, with its span (`None` at the end).
type Closer = Option<(String, Span)>;

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    file: crate::diag::FileId,
    offset: usize,
}

impl Parser<'_> {
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, self.offset + start, self.offset + end)
    }

    /// Nodes up to the end of the text, or up to an `{end}`/`{else}` (returned with its span).
    fn nodes(&mut self) -> Result<(Vec<Node>, Closer), Diagnostic> {
        let mut out = Vec::new();
        let mut text = String::new();
        while self.pos < self.text.len() {
            let rest = &self.text[self.pos..];
            let c = rest.chars().next().unwrap();
            if c == '\\' {
                let next = rest[1..].chars().next();
                let (s, len) = match next {
                    Some('n') => ("\n", 2),
                    Some('t') => ("\t", 2),
                    Some('\\') => ("\\", 2),
                    Some('{') => ("{", 2),
                    Some('}') => ("}", 2),
                    Some('"') => ("\"", 2),
                    _ => ("\\", 1),
                };
                text.push_str(s);
                self.pos += len;
                continue;
            }
            if c != '{' {
                text.push(c);
                self.pos += c.len_utf8();
                continue;
            }
            let start = self.pos;
            let Some(close) = rest.find('}') else {
                return Err(Diagnostic::new(Code::E110, self.span(start, start + 1), "`{` is never closed")
                    .label("opened here")
                    .help("close it with `}`, or write `\\{` for a literal brace"));
            };
            let inner = rest[1..close].trim().to_string();
            self.pos += close + 1;
            let span = self.span(start, self.pos);
            if !text.is_empty() {
                out.push(Node::Text(std::mem::take(&mut text)));
            }
            match inner.as_str() {
                "end" | "else" | "between" => return Ok((out, Some((inner, span)))),
                "each solution" | "each move" => {
                    let (body, mut end) = self.nodes()?;
                    let mut sep = Vec::new();
                    if matches!(&end, Some((w, _)) if w == "between") {
                        (sep, end) = self.nodes()?;
                    }
                    match end {
                        Some((w, _)) if w == "end" => {}
                        Some((_, sp)) => {
                            return Err(unclosed(
                                &inner,
                                sp,
                                "`{between}` comes once in `{each ...}`; `{else}` only goes inside `{if solved}`",
                            ));
                        }
                        None => return Err(unclosed(&inner, span, "close it with `{end}`")),
                    }
                    out.push(if inner == "each solution" {
                        Node::EachSolution(body, sep)
                    } else {
                        Node::EachMove(body, sep)
                    });
                }
                "if solved" => {
                    let (then, end) = self.nodes()?;
                    let otherwise = match end {
                        Some((w, _)) if w == "end" => vec![],
                        Some(_) => {
                            let (otherwise, end) = self.nodes()?;
                            if !matches!(&end, Some((w, _)) if w == "end") {
                                return Err(unclosed(&inner, span, "close it with `{end}`"));
                            }
                            otherwise
                        }
                        None => return Err(unclosed(&inner, span, "close it with `{end}`")),
                    };
                    out.push(Node::IfSolved(then, otherwise));
                }
                _ => out.push(variable(&inner, span)?),
            }
        }
        if !text.is_empty() {
            out.push(Node::Text(text));
        }
        Ok((out, None))
    }
}

fn unclosed(what: &str, span: Span, help: &str) -> Diagnostic {
    Diagnostic::new(Code::E110, span, format!("`{{{what}}}` is not closed")).label("opened here").help(help.to_string())
}

fn variable(inner: &str, span: Span) -> Result<Node, Diagnostic> {
    let (name, format) = match inner.split_once(':') {
        Some((n, f)) => (n.trim(), Some(parse_format(f.trim(), span)?)),
        None => (inner, None),
    };
    let valid = name.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    if !valid {
        return Err(Diagnostic::new(Code::E110, span, format!("`{{{inner}}}` is not a template part"))
            .label("unknown part")
            .help(
                "write a name such as `{case}`, `{count}`, `{board}`, or `{each solution}`, `{if solved}`, `{end}`",
            ));
    }
    Ok(Node::Var { name: name.to_string(), format, span })
}

/// `%4d`, `%-4d`, `%s`, `%3s`, `%c`.
fn parse_format(f: &str, span: Span) -> Result<Format, Diagnostic> {
    let bad = || {
        Diagnostic::new(Code::E110, span, format!("`{f}` is not a format"))
            .label("bad format")
            .help("formats are printf-like: `%4d` (right-aligned in 4 columns), `%-4d` (left-aligned), `%s`, `%c`")
    };
    let body = f.strip_prefix('%').ok_or_else(bad)?;
    let conv = body.chars().last().ok_or_else(bad)?;
    if !matches!(conv, 'd' | 's' | 'c') {
        return Err(bad());
    }
    let mid = &body[..body.len() - 1];
    let (left, digits) = match mid.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, mid),
    };
    let width = if digits.is_empty() { 0 } else { digits.parse::<usize>().map_err(|_| bad())? };
    if width > 1000 {
        return Err(bad());
    }
    Ok(Format { width, left })
}

/// Every name a template uses outside `{each move}` (checked against the spec's names).
pub fn names_used(nodes: &[Node], out: &mut Vec<(String, Span)>) {
    for n in nodes {
        match n {
            Node::Var { name, span, .. } => out.push((name.clone(), *span)),
            Node::EachSolution(b, sep) => {
                names_used(b, out);
                names_used(sep, out);
            }
            Node::IfSolved(a, b) => {
                names_used(a, out);
                names_used(b, out);
            }
            Node::Text(_) | Node::EachMove(..) => {}
        }
    }
}

/// A grid to print: each cell's text as an index into `texts` (0 for a hole or an empty cell).
#[derive(Clone, Debug, Default)]
pub struct Grid {
    pub cols: usize,
    pub cells: Vec<u32>,
    /// The texts the cells show, shared by every grid of a case (a judge's output can hold
    /// thousands of grids over a few dozen texts).
    pub texts: Rc<Texts>,
}

/// The texts grids show on their cells: text `k` is `names[k - 1]`; 0 (a hole or an empty
/// cell) shows as `.`. Each text padded to a format is worked out once and
/// kept for the next grid (a judge's output pads hundreds of thousands of cells).
#[derive(Debug, Default)]
pub struct Texts {
    names: Vec<Rc<str>>,
    padded: RefCell<Option<Padded>>,
}

/// Every text of a [`Texts`] padded to one format.
#[derive(Debug)]
struct Padded {
    format: Format,
    /// Each text's bytes in the first `len` bytes of a constant-size block, when every
    /// padded text fits one (appended as one store of the block, cut back to `len`).
    short: Option<Vec<([u8; SHORT], u8)>>,
    /// Else the padded texts one after another, text `k` at `bytes[at[k]..at[k + 1]]`.
    bytes: Vec<u8>,
    at: Vec<usize>,
}

const SHORT: usize = 16;

impl Texts {
    pub fn new(names: Vec<Rc<str>>) -> Texts {
        Texts { names, padded: RefCell::new(None) }
    }

    /// Text `k`; `None` for 0.
    pub fn get(&self, k: u32) -> Option<&str> {
        (k as usize).checked_sub(1).map(|i| &*self.names[i])
    }

    fn pad(&self, format: Format) -> Padded {
        let mut bytes = Vec::new();
        let mut at = vec![0];
        for k in 0..=self.names.len() as u32 {
            format.write_bytes(&mut bytes, self.get(k).unwrap_or("."));
            at.push(bytes.len());
        }
        let short = at.windows(2).all(|w| w[1] - w[0] <= SHORT).then(|| {
            at.windows(2)
                .map(|w| {
                    let mut block = [b' '; SHORT];
                    block[..w[1] - w[0]].copy_from_slice(&bytes[w[0]..w[1]]);
                    (block, (w[1] - w[0]) as u8)
                })
                .collect()
        });
        Padded { format, short, bytes, at }
    }
}

impl Grid {
    /// Appends the grid to `out`, without a final line break.
    fn render_into(&self, format: Option<Format>, out: &mut Vec<u8>) {
        let rows = self.cells.len() / self.cols.max(1);
        let Some(f) = format else {
            let s = super::grid::draw(rows, self.cols, |c| self.texts.get(self.cells[c]));
            out.extend_from_slice(s.strip_suffix('\n').unwrap_or(&s).as_bytes());
            return;
        };
        let mut padded = self.texts.padded.borrow_mut();
        let padded = match &mut *padded {
            Some(p) if p.format == f => p,
            p => p.insert(self.texts.pad(f)),
        };
        out.reserve(self.cells.len() * SHORT + rows);
        for (r, row) in self.cells.chunks(self.cols.max(1)).enumerate() {
            if r > 0 {
                out.push(b'\n');
            }
            match &padded.short {
                Some(short) => {
                    for &k in row {
                        let (block, len) = &short[k as usize];
                        let at = out.len();
                        out.extend_from_slice(block);
                        out.truncate(at + *len as usize);
                    }
                }
                None => {
                    for &k in row {
                        out.extend_from_slice(&padded.bytes[padded.at[k as usize]..padded.at[k as usize + 1]]);
                    }
                }
            }
        }
    }
}

/// What one case offers a template.
#[derive(Default)]
pub struct CaseData {
    pub case: usize,
    /// Solutions found: counted, or listed (at least as many as `solutions` and `move_lists`).
    pub count: u128,
    pub globals: HashMap<String, String>,
    pub given: Option<Grid>,
    /// Each answer printed as a grid (an empty one for a spec without a board).
    pub solutions: Vec<Grid>,
    /// For a played puzzle: the moves of each answer printed (the first is *the* answer),
    /// each move as (parameter, value) pairs, the move's name under `move`.
    pub move_lists: Vec<Vec<Vec<(String, String)>>>,
    /// The case has something to print: a solution, or a finished enumeration or count (which
    /// may be of zero solutions).
    pub answered: bool,
}

/// Whether a template says something for a case without an answer (`{if solved}`).
pub fn mentions_unsolved(nodes: &[Node]) -> bool {
    nodes.iter().any(|n| match n {
        Node::IfSolved(..) => true,
        Node::EachSolution(b, sep) | Node::EachMove(b, sep) => mentions_unsolved(b) || mentions_unsolved(sep),
        _ => false,
    })
}

/// Whether a template declares what to print for a case without a solution: an `{else}` with
/// something in it, or the `{count}` (which is then 0) outside `{if solved}`'s first branch and
/// outside `{each ...}`. Printing such a declaration is a complete answer for the case (exit
/// 0), as a judge expects of `-1`, `Impossible` or `There are 0 solution(s)`.
pub fn declares_unsolved(nodes: &[Node]) -> bool {
    nodes.iter().any(|n| match n {
        Node::IfSolved(_, otherwise) => !otherwise.is_empty(),
        Node::Var { name, .. } => name == "count",
        Node::EachSolution(..) | Node::EachMove(..) | Node::Text(_) => false,
    })
}

impl CaseData {
    /// Whether the case has a solution (`{if solved}`): one meaning for every form and mode.
    /// `solutions` holds only answers drawn as grids (none in the direct form, none under a
    /// count) and `move_lists` only answers kept, so neither says it; the count of solutions
    /// found does, and it counts every answer listed.
    pub fn solved(&self) -> bool {
        self.count > 0 || !self.solutions.is_empty() || !self.move_lists.is_empty()
    }
}

/// One move of an answer: (parameter, value) pairs.
type Move = Vec<(String, String)>;

/// Renders a template for one case.
pub fn render(nodes: &[Node], data: &CaseData) -> String {
    let mut out = Vec::new();
    let at = At { solution: data.solutions.first(), moves: data.move_lists.first().map(Vec::as_slice), mv: None };
    render_into(nodes, data, at, &mut out);
    // Made as bytes, checked as UTF-8 once: every part is a whole `str`, spaces or a line break.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Where a part of a template is rendered: the solution (a grid, or a played answer's moves)
/// and the move that `{each}` loops have reached.
#[derive(Clone, Copy)]
struct At<'a> {
    solution: Option<&'a Grid>,
    moves: Option<&'a [Move]>,
    mv: Option<&'a [(String, String)]>,
}

/// Renders `body` once per item, with `sep` between two of them.
fn repeat<'a, T: 'a>(
    items: impl Iterator<Item = T>,
    body: &[Node],
    sep: &[Node],
    data: &'a CaseData,
    at: impl Fn(T) -> At<'a>,
    out: &mut Vec<u8>,
) {
    for (i, item) in items.enumerate() {
        let here = at(item);
        if i > 0 {
            render_into(sep, data, here, out);
        }
        render_into(body, data, here, out);
    }
}

fn render_into(nodes: &[Node], data: &CaseData, at: At, out: &mut Vec<u8>) {
    for n in nodes {
        match n {
            Node::Text(t) => out.extend_from_slice(t.as_bytes()),
            Node::EachSolution(body, sep) if data.solutions.is_empty() => {
                let lists = data.move_lists.iter();
                repeat(lists, body, sep, data, |m| At { moves: Some(m), ..at }, out);
            }
            Node::EachSolution(body, sep) => {
                repeat(data.solutions.iter(), body, sep, data, |s| At { solution: Some(s), ..at }, out);
            }
            Node::EachMove(body, sep) => {
                let moves = at.moves.unwrap_or_default().iter();
                repeat(moves, body, sep, data, |m| At { mv: Some(m.as_slice()), ..at }, out);
            }
            Node::IfSolved(then, otherwise) => {
                render_into(if data.solved() { then } else { otherwise }, data, at, out);
            }
            Node::Var { name, format, .. } => {
                let scalar = |out: &mut Vec<u8>, s: &str| match format {
                    Some(f) => f.write_bytes(out, s),
                    None => out.extend_from_slice(s.as_bytes()),
                };
                if let Some(v) = at.mv.and_then(|m| m.iter().find(|(n, _)| n == name)) {
                    scalar(out, &v.1);
                    continue;
                }
                match name.as_str() {
                    "case" => scalar(out, &data.case.to_string()),
                    "count" => scalar(out, &data.count.to_string()),
                    "length" => scalar(out, &at.moves.map_or(0, <[Move]>::len).to_string()),
                    // The moves' `cost` entries added up (every move costs 1 in a spec without costs).
                    "cost" => {
                        let each =
                            |m: &Move| m.iter().find(|(n, _)| n == "cost").map_or(1, |(_, v)| v.parse().unwrap_or(1));
                        scalar(out, &at.moves.map_or(0, |ms| ms.iter().map(each).sum::<u64>()).to_string());
                    }
                    "board" => at.solution.into_iter().for_each(|g| g.render_into(*format, out)),
                    "given" => data.given.iter().for_each(|g| g.render_into(*format, out)),
                    other => scalar(out, data.globals.get(other).map_or("", |s| s.as_str())),
                }
            }
        }
    }
}
