//! Rules for lines through cells, and paths between labelled cells:
//! - `the loop goes straight through (r, c)`, `the loop turns at (r, c)` and `the loop goes
//!   through (r, c)`, each optionally followed by `, going straight` / `, turning` `in the
//!   next cell on both sides` / `on at least one side` (Masyu's pearls: white is "straight,
//!   turning in the next cell on at least one side", black "turns, going straight in the next
//!   cell on both sides"; the same words serve other loop genres);
//! - `paths join the equal numbers of clues` (Numberlink), `, through every cell` (Flow).
//!
//! Both lower through `loops.rs`, as the ways a node meets the line ([`node_ways`]):
//! - at a cell with rules, only the ways of degree 2 the rules allow (straight: the two links
//!   are opposite; turns: they are not), and when a rule speaks of the next cells, one way per
//!   how those go on that the rule allows: the next cell in a direction goes straight exactly
//!   when the link beyond it, in the same direction, is on the loop, so the way colours that
//!   link `1` (straight) or `0` (turns; a next cell at the board's edge always turns);
//! - a path's end cell uses exactly one of its links, coloured by its number; any other cell
//!   uses none (unless `through every cell`) or two, both coloured by one number. Colours agree
//!   on every link, so a path carries one number from end to end and never joins two
//!   different numbers; `Global::Loop` with `paths` rejects a path that closes on itself.
use super::elaborate::{Elab, coord_of, off_board};
use super::eval::{Env, R, type_error};
use super::loops::Dir;
use super::model::{LineKind, LoopRule, TurnRule};
use super::value::Value;
use crate::diag::{Code, Diagnostic, Span};
use crate::syntax::ast::{Expr, LoopAt, LoopRuleDecl};

impl Elab<'_> {
    /// `the loop turns at (r, c), going straight in the next cell on both sides for ...`: one
    /// [`TurnRule`] per binding.
    pub(super) fn loop_rule(&mut self, d: &LoopRuleDecl) -> R<()> {
        let board = match (&self.model.board, &self.model.loop_rule) {
            (Some(b), Some(rule)) if rule.kind == LineKind::CellLoop => b.clone(),
            _ => {
                return Err(Diagnostic::new(Code::E105, d.span, "this rule says how a loop runs through cells")
                    .label("no loop through the cells above")
                    .help("say where the loop runs first: `loop through the cells of grid`"));
            }
        };
        let mut out = Vec::new();
        let mut one = |env: &mut Env| {
            let at = env.eval(&d.cell)?;
            let (a, b) = coord_of(&at, d.cell.span)?;
            let cell = board.cell(a, b).ok_or_else(|| off_board(&board, a, b, d.cell.span))?;
            out.push(TurnRule { cell, at: d.at, next: d.next, span: d.span });
            Ok(())
        };
        let result = self.env.for_each_or_once(d.each.as_ref(), &mut one);
        self.model.loop_rule.as_mut().unwrap().turns.extend(out);
        result
    }

    /// `paths join the equal numbers of clues`: the numbers of the grid `clues` mark the ends
    /// of paths, each number exactly twice (G214); `.` and `-` are empty cells, and any other
    /// label is G215.
    pub(super) fn paths(&mut self, clues: &Expr, every_cell: bool, span: Span) -> R<()> {
        let (rows, cols) = self.line_board(None, span, "the cells")?;
        let grid_rows = self.clue_grid(
            clues,
            rows,
            cols,
            "read them with `grid clues[rows, cols] of words from instance`, a number at each end of a path",
        )?;
        // Per number, the cells holding it, in reading order.
        let mut at: std::collections::BTreeMap<i64, Vec<usize>> = std::collections::BTreeMap::new();
        for (r, row) in grid_rows.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                match v {
                    Value::Int(n) => at.entry(*n).or_default().push(r * cols + c),
                    Value::Char('.' | '-') => {}
                    Value::Str(s) if matches!(&**s, "." | "-") => {}
                    Value::Tuple(_) | Value::List(_) | Value::Map(_) => {
                        return Err(type_error("a grid of labels", v, clues.span, "a cell holds a number or `-`"));
                    }
                    other => {
                        return Err(Diagnostic::new(
                            Code::G215,
                            clues.span,
                            format!("the label {other} at ({r}, {c}) is neither a number nor an empty cell"),
                        )
                        .label("not a path's end")
                        .help("a number marks an end of a path; `.` or `-` marks a cell without one"));
                    }
                }
            }
        }
        if let Some((n, cells)) = at.iter().find(|(_, cells)| cells.len() != 2) {
            let place = |c: &usize| format!("({}, {})", c / cols, c % cols);
            let list = cells.iter().map(place).collect::<Vec<_>>().join(", ");
            return Err(Diagnostic::new(
                Code::G214,
                clues.span,
                format!("the number {n} is at {} ({list})", crate::diag::plural(cells.len(), "cell")),
            )
            .label("a path's number is at its two ends")
            .help("each number of the clues appears exactly twice, once at each end of its path"));
        }
        let mut rule = LoopRule::new(rows, cols, LineKind::Paths { every_cell }, span);
        for (k, (n, cells)) in at.into_iter().enumerate() {
            rule.labels.push(n);
            cells.into_iter().for_each(|c| rule.ends[c] = Some(k as u32));
        }
        self.model.loop_rule = Some(rule);
        Ok(())
    }
}

/// Per node of the line's lattice, the indices in `rule.turns` of the rules at it.
pub(super) fn rules_by_cell(rule: &LoopRule) -> Vec<Vec<usize>> {
    let mut out = vec![Vec::new(); rule.nodes()];
    for (k, t) in rule.turns.iter().enumerate() {
        out[t.cell].push(k);
    }
    out
}

/// One way a node meets the line: the links it uses (a mask over the node's links), the
/// colour they take (an index: `1` on a loop, the path's number), and links further on that
/// the way colours on (`true`) or off.
pub(super) struct Way {
    pub used: u32,
    pub label: usize,
    pub beyond: Vec<(usize, bool)>,
}

/// The ways node `v` meets the line, given its `links` (as `loops::links_at` lists them) and
/// the rules at it.
pub(super) fn node_ways(rule: &LoopRule, v: usize, links: &[(Dir, usize)], rules: &[usize], out: &mut Vec<Way>) {
    let n = links.len() as u32;
    let pairs = (0u32..1 << n).filter(|m| m.count_ones() == 2);
    if let LineKind::Paths { every_cell } = rule.kind {
        match rule.ends[v] {
            Some(label) => out.extend((0..n).map(|k| Way { used: 1 << k, label: label as usize, beyond: Vec::new() })),
            None => {
                if !every_cell {
                    out.push(Way { used: 0, label: 0, beyond: Vec::new() });
                }
                for label in 0..rule.labels.len() {
                    out.extend(pairs.clone().map(|used| Way { used, label, beyond: Vec::new() }));
                }
            }
        }
        return;
    }
    for used in (0u32..1 << n).filter(|m| m.count_ones() == 0 || m.count_ones() == 2) {
        if rules.is_empty() {
            out.push(Way { used, label: 0, beyond: Vec::new() });
            continue;
        }
        if used == 0 {
            continue; // every rule puts its cell on the loop
        }
        let (k1, k2) = (used.trailing_zeros() as usize, 31 - used.leading_zeros() as usize);
        let straight = links[k1].0.vertical() == links[k2].0.vertical();
        let allowed = rules.iter().all(|&r| match rule.turns[r].at {
            LoopAt::Through => true,
            LoopAt::Straight => straight,
            LoopAt::Turns => !straight,
        });
        if !allowed {
            continue;
        }
        let nexts: Vec<(LoopAt, bool)> = rules.iter().filter_map(|&r| rule.turns[r].next).collect();
        if nexts.is_empty() {
            out.push(Way { used, label: 0, beyond: Vec::new() });
            continue;
        }
        let (b1, b2) = (beyond(rule, v, links[k1].0), beyond(rule, v, links[k2].0));
        // Each next cell goes straight (the link beyond it is on) or turns.
        for (s1, s2) in [(false, false), (false, true), (true, false), (true, true)] {
            if (s1 && b1.is_none()) || (s2 && b2.is_none()) {
                continue;
            }
            let keeps = nexts.iter().all(|&(how, both)| {
                let want = how == LoopAt::Straight;
                if both { s1 == want && s2 == want } else { s1 == want || s2 == want }
            });
            if keeps {
                let beyond = b1.map(|e| (e, s1)).into_iter().chain(b2.map(|e| (e, s2))).collect();
                out.push(Way { used, label: 0, beyond });
            }
        }
    }
}

/// The link that leaves the neighbour of node `v` in direction `d` in the same direction, if
/// the lattice has one.
fn beyond(rule: &LoopRule, v: usize, d: Dir) -> Option<usize> {
    let (nr, nc) = (rule.node_rows(), rule.node_cols());
    let (r, c) = (v / nc, v % nc);
    match d {
        Dir::Up => (r >= 2).then(|| rule.down(r - 2, c)),
        Dir::Down => (r + 2 < nr).then(|| rule.down(r + 1, c)),
        Dir::Left => (c >= 2).then(|| rule.across(r, c - 2)),
        Dir::Right => (c + 2 < nc).then(|| rule.across(r, c + 1)),
    }
}
