//! Loops on a board: `loop on the edges of grid` (the used sides of the cells form one closed
//! loop), `each clue of clues counts the loop edges around it` (Slitherlink), and `loop
//! through the cells of grid` (the loop runs from cell to cell: Masyu). Paths between labelled
//! cells (`src/lower/lines.rs`) lower here too.
//!
//! Lowered to exact cover the way Knuth's `slitherlink-dlx` does, plus one global constraint:
//! - the line runs on a lattice of *nodes* (the grid's corners, or the cells) joined by
//!   *links* (the cells' sides, or the sides two cells share); every link is a secondary item
//!   coloured `1` (on the loop) or `0` (paths: coloured by their number);
//! - every node is a primary item; its options are the ways to use none or two of the links
//!   meeting there, each colouring all of them (so every node has degree 0 or 2: a line
//!   never branches or ends); rules at a cell (`lines.rs`) keep some ways and colour links
//!   further on;
//! - every clue cell is a primary item; its options are the ways to put that many of its four
//!   sides on the loop, each colouring all four;
//! - `Global::Loop` (`ir/xcc/global.rs`) says the used links are *one* loop: the nodes of
//!   degree 2 are the nodes, each option of degree 2 names the two nodes it joins, and the
//!   engine checks after every choice that no loop closes while other used links remain
//!   (`solve/xcc/cells/global.rs`), the verifier again on the answer (`solve/verify/loops.rs`).
use super::derive::{Link, Rule};
use super::elaborate::Elab;
use super::eval::{R, type_error};
use super::model::{LineKind, LoopRule, Model};
use super::value::Value;
use super::xcc::{Meaning, OptionGuard};
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::xcc::{Area, Colour, Entry, Global, ItemId, NO_NODE, XccBuilder};
use crate::syntax::ast::{Expr, ExprKind, Ident, Lattice};

impl Elab<'_> {
    /// `loop on the edges of grid` (`cells` false) or `loop through the cells of grid`.
    pub(super) fn loop_on(&mut self, board: &Ident, cells: bool, span: Span) -> R<()> {
        let kind = if cells { LineKind::CellLoop } else { LineKind::EdgeLoop };
        let (rows, cols) = self.line_board(Some(board), span, if cells { "the cells" } else { "the edges" })?;
        self.model.loop_rule = Some(LoopRule::new(rows, cols, kind, span));
        Ok(())
    }

    /// The size of the board a line runs on: it is declared above (`board` names it, if
    /// given), of squares without holes, and has no other line. `on` says where the line
    /// runs, for the help.
    pub(super) fn line_board(&self, board: Option<&Ident>, span: Span, on: &str) -> R<(usize, usize)> {
        let Some(b) = &self.model.board else {
            return Err(Diagnostic::new(Code::E105, span, format!("a line runs on {on} of a board"))
                .label("no board above")
                .help("declare the board first: `board grid[rows, cols]`"));
        };
        if let Some(old) = &self.model.loop_rule {
            return Err(Diagnostic::new(Code::E105, span, "a spec has one loop or one set of paths")
                .label("a second line")
                .related(old.span, "the first"));
        }
        if let Some(board) = board.filter(|n| n.name != b.name) {
            return Err(Diagnostic::new(Code::E105, board.span, format!("`{}` is not the board", board.name))
                .label(format!("the line runs on the board's {}", on.trim_start_matches("the ")))
                .help(format!("name the board: `{}`", b.name)));
        }
        if b.lattice != Lattice::Squares || b.on.iter().any(|&on| !on) {
            return Err(Diagnostic::new(Code::E105, span, "a line runs on a board of squares without holes")
                .label("a line on triangles, hexagons or a board with holes")
                .help("use `lattice squares` (the default) and no `without` or `mask`"));
        }
        Ok((b.rows, b.cols))
    }

    /// `each clue of clues counts the loop edges around it`.
    pub(super) fn loop_clues(&mut self, clues: &Expr, span: Span) -> R<()> {
        let Some(rule) = self.model.loop_rule.as_ref().filter(|r| r.kind == LineKind::EdgeLoop) else {
            return Err(Diagnostic::new(Code::E105, span, "clues count the edges of a loop")
                .label("no loop on the edges above")
                .help("say where the loop runs first: `loop on the edges of grid`"));
        };
        let (rows, cols) = (rule.rows, rule.cols);
        // Probe mode (`src/lower/derive.rs`): every cell's clue is linked, none built.
        if let Some(probe) = self.probe()
            && matches!(&clues.kind, ExprKind::Name(n) if *n == probe.data)
        {
            if probe.shape() != Some((rows, cols)) {
                return Err(Diagnostic::new(
                    Code::G206,
                    clues.span,
                    format!("the clues must be a grid of {rows} × {cols}, like the board"),
                )
                .label("not the board's size"));
            }
            let links = (0..rows * cols)
                .map(|k| Link { slot: k, part: None, rule: Rule::LoopSides { r: k / cols, c: k % cols }, span })
                .collect();
            self.link(links);
            return Ok(());
        }
        let grid_rows = self.clue_grid(
            clues,
            rows,
            cols,
            "read them with `grid clues[rows, cols] from instance`, a digit in each clue cell",
        )?;
        let mut out = vec![None; rows * cols];
        for (r, row) in grid_rows.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                match v {
                    Value::Int(n @ 0..=4) => out[r * cols + c] = Some(*n as u8),
                    Value::Int(n) => {
                        return Err(Diagnostic::new(Code::G207, clues.span, format!("a clue of {n} at ({r}, {c})"))
                            .label("a cell has four sides")
                            .help("clues are 0 to 4; any other label (`.`, `-`) is a cell without one"));
                    }
                    Value::Tuple(_) | Value::List(_) | Value::Map(_) => {
                        return Err(type_error("a grid of labels", v, clues.span, "a clue cell holds a number"));
                    }
                    _ => {}
                }
            }
        }
        self.model.loop_rule.as_mut().unwrap().clues = out;
        Ok(())
    }
}

/// A link meeting a node, by the direction it leaves in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dir {
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    pub(super) fn vertical(self) -> bool {
        matches!(self, Dir::Up | Dir::Down)
    }
}

/// The links meeting node (r, c) of the lattice (up, down, left, right, those there are).
pub(super) fn links_at(rule: &LoopRule, r: usize, c: usize) -> Vec<(Dir, usize)> {
    let (nr, nc) = (rule.node_rows(), rule.node_cols());
    let mut s = Vec::with_capacity(4);
    if r > 0 {
        s.push((Dir::Up, rule.down(r - 1, c)));
    }
    if r + 1 < nr {
        s.push((Dir::Down, rule.down(r, c)));
    }
    if c > 0 {
        s.push((Dir::Left, rule.across(r, c - 1)));
    }
    if c + 1 < nc {
        s.push((Dir::Right, rule.across(r, c)));
    }
    s
}

/// Lowers the model's line: node and clue items, link colours, and the constraint that the
/// used links make one loop (or paths without a cycle).
pub(super) fn lower(model: &Model, b: &mut XccBuilder, meanings: &mut Vec<Meaning>, guard: &mut OptionGuard) {
    let rule = model.loop_rule.as_ref().expect("lowered only with a loop");
    let (rows, cols) = (rule.rows, rule.cols);
    let w = rule.node_cols();
    let paths = matches!(rule.kind, LineKind::Paths { .. });
    // A used link is coloured `1` on a loop, or by its path's number (`p7`).
    let on: Vec<Colour> = match paths {
        true => rule.labels.iter().map(|l| b.colour(&format!("p{l}"))).collect(),
        false => vec![b.colour("1")],
    };
    let off = b.colour("0");
    let edge_item: Vec<ItemId> = (0..rule.edges())
        .map(|e| {
            let [p, q] = rule.ends(e);
            b.add_secondary(format!("edge({},{})-({},{})", p / w, p % w, q / w, q % w))
        })
        .collect();
    let mut area = Area {
        name: if paths { "paths" } else { "loop" }.into(),
        in_start: vec![0],
        adj_start: vec![0],
        ..Area::default()
    };
    let mut ends = Vec::new();
    let node_word = if rule.kind == LineKind::EdgeLoop { "corner" } else { "cell" };
    let rules_at = super::lines::rules_by_cell(rule);
    let mut entries = Vec::new();
    let mut ways = Vec::new();
    #[allow(clippy::needless_range_loop)] // `v` is the node: it names items and indexes several arrays
    for v in 0..rule.nodes() {
        let (r, c) = (v / w, v % w);
        let item = b.add_primary(format!("{node_word}({r},{c})"), 1, 1);
        area.node_item.push(item);
        let links = links_at(rule, r, c);
        ways.clear();
        super::lines::node_ways(rule, v, &links, &rules_at[v], &mut ways);
        for way in &ways {
            if guard.full(meanings.len(), rule.span) {
                return;
            }
            entries.clear();
            entries.push(Entry { item, colour: Colour::NONE });
            let mut used = Vec::new();
            for (k, &(_, e)) in links.iter().enumerate() {
                let lit = way.used >> k & 1 == 1;
                entries.push(Entry { item: edge_item[e], colour: if lit { on[way.label] } else { off } });
                if lit {
                    used.push(e as u32);
                }
            }
            for &(e, lit) in &way.beyond {
                entries.push(Entry { item: edge_item[e], colour: if lit { on[way.label] } else { off } });
            }
            let mut name = match used.as_slice() {
                [] => format!("{node_word}({r},{c})=none"),
                _ => format!(
                    "{node_word}({r},{c})={}",
                    used.iter().map(|e| b_name(rule, *e as usize)).collect::<Vec<_>>().join("+")
                ),
            };
            if paths && !used.is_empty() {
                name.push_str(&format!(":{}", rule.labels[way.label]));
            }
            for &(e, lit) in &way.beyond {
                name.push_str(&format!(",{}{}", if lit { "" } else { "!" }, b_name(rule, e)));
            }
            let o = b.add_option(name, &entries);
            let other = |e: u32| rule.ends(e as usize).into_iter().find(|&x| x != v).unwrap() as u32;
            match used[..] {
                [e1, e2] => {
                    area.ins.push(o);
                    ends.push([other(e1), other(e2)]);
                }
                [e1] => {
                    area.ins.push(o);
                    ends.push([other(e1), NO_NODE]);
                }
                _ => {}
            }
            meanings.push(Meaning::Corner { edges: used });
        }
        area.in_start.push(area.ins.len() as u32);
        for &(_, e) in &links {
            area.adj.push(rule.ends(e).into_iter().find(|&x| x != v).unwrap() as u32);
        }
        area.adj_start.push(area.adj.len() as u32);
    }
    for cell in (0..rows * cols).filter(|&c| rule.clues[c].is_some()) {
        let (r, c) = (cell / cols, cell % cols);
        let k = rule.clues[cell].unwrap() as u32;
        let item = b.add_primary(format!("clue({r},{c})"), 1, 1);
        let sides = rule.sides(r, c);
        for mask in (0u32..16).filter(|m| m.count_ones() == k) {
            if guard.full(meanings.len(), rule.span) {
                return;
            }
            entries.clear();
            entries.push(Entry { item, colour: Colour::NONE });
            for (j, &e) in sides.iter().enumerate() {
                entries.push(Entry { item: edge_item[e], colour: if mask >> j & 1 == 1 { on[0] } else { off } });
            }
            b.add_option(format!("clue({r},{c})={mask:04b}"), &entries);
            meanings.push(Meaning::LoopClue);
        }
    }
    let sides = (0..rule.edges()).map(|e| (edge_item[e], rule.ends(e).map(|x| x as u32))).collect();
    b.add_global(Global::Loop { area, ends, sides, off, paths });
}

/// A link's short name in option names: `a(r,c)` across from node (r, c), `d(r,c)` down.
fn b_name(rule: &LoopRule, e: usize) -> String {
    let w = rule.node_cols();
    let h = rule.node_rows() * (w - 1);
    match e < h {
        true => format!("a({},{})", e / (w - 1), e % (w - 1)),
        false => format!("d({},{})", (e - h) / w, (e - h) % w),
    }
}
