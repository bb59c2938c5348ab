//! Bridges between numbered cells (Hashiwokakero): `bridges join the numbers of clues, at
//! most K between two` and `all islands are connected`.
//!
//! A cell whose clue is a number is an **island**. Two islands may be joined when they lie
//! in one row or one column with only cells without a number between them (on the board: a
//! hole stops a bridge); each such pair is a **link**. Lowered to exact cover with colours:
//! - every link is a primary item `bridge(r,c)-(r,c)` with one option per count 0..=K (capped
//!   by both islands' numbers), each colouring the secondary item `bridge(r,c)-(r,c)#` with the
//!   count; an option of a count from 1 also covers, uncoloured, the secondary item
//!   `water(r,c)` of every cell it crosses that a link of the other direction crosses too —
//!   so two bridges never cross;
//! - every island is a primary item `island(r,c)`; its options are the ways to split its
//!   number over its links (each at most its cap), each colouring every link's `#` item with
//!   its share, so the link's own option must agree;
//! - `all islands are connected` adds `Global::Linked` (`ir/xcc/global.rs`): the links are the
//!   constraint's nodes, an option of a count from 1 puts a link in, and every island must be
//!   reached from every other through links in. Dancing cells prune by it after every choice
//!   (`solve/xcc/cells/global/linked.rs`); the verifier checks the answer on its own
//!   (`solve/verify/bridges.rs`).
//!
//! Every option follows from the bridges drawn (a link's count, an island's split), so each
//! answer is one exact cover, and `--count`, `--all` and `--unique` stay exact.
use super::elaborate::Elab;
use super::eval::{R, type_error};
use super::model::{BridgeRule, Model};
use super::value::Value;
use super::xcc::{Meaning, OptionGuard};
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::xcc::{Area, Colour, Entry, Global, ItemId, XccBuilder};
use crate::syntax::ast::{Expr, Lattice};

/// The most bridges two islands may share: beyond it the island options (up to (K + 1)^4 per
/// island) grow without any puzzle asking for them.
pub const MOST: i64 = 8;

impl Elab<'_> {
    /// `bridges join the numbers of clues, at most K between two`.
    pub(super) fn bridges_on(&mut self, clues: &Expr, most: &Expr, span: Span) -> R<()> {
        let Some(b) = &self.model.board else {
            return Err(Diagnostic::new(Code::E105, span, "bridges join the islands of a board")
                .label("no board above")
                .help("declare the board first: `board sea[rows, cols]`"));
        };
        if let Some(old) = &self.model.bridges {
            return Err(Diagnostic::new(Code::E105, span, "a spec has one set of bridges")
                .label("a second `bridges` statement")
                .related(old.span, "the first"));
        }
        if b.lattice != Lattice::Squares {
            let which = if b.lattice == Lattice::Triangles { "triangles" } else { "hexagons" };
            return Err(Diagnostic::new(Code::G219, span, format!("bridges on a board of {which}"))
                .label("bridges run along rows and columns")
                .related(b.span, format!("the board is declared with `lattice {which}` here"))
                .help("bridges run on a board of squares: drop the `lattice` clause"));
        }
        let (rows, cols, on) = (b.rows, b.cols, b.on.clone());
        let k = match self.env.eval(most)? {
            Value::Int(k @ 1..=MOST) => k as u32,
            Value::Int(k) => {
                return Err(Diagnostic::new(Code::G207, most.span, format!("at most {k} bridges between two islands"))
                    .label(format!("must be 1 to {MOST}"))
                    .help("Hashiwokakero allows 2 between two islands; write a number from 1"));
            }
            v => return Err(type_error("a number", &v, most.span, "say how many bridges two islands may share")),
        };
        let grid_rows = self.clue_grid(
            clues,
            rows,
            cols,
            "read them with `grid clues[rows, cols] of words from instance`, a number on each island",
        )?;
        let mut islands = vec![0u32; rows * cols];
        let top = 4 * k as i64;
        for (r, row) in grid_rows.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                match v {
                    Value::Int(n @ 1..) if *n <= top && on[r * cols + c] => islands[r * cols + c] = *n as u32,
                    Value::Int(n @ 1..) if *n <= top => {
                        return Err(Diagnostic::new(
                            Code::G201,
                            clues.span,
                            format!("an island at ({r}, {c}), a hole"),
                        )
                        .label("a number on a hole of the board")
                        .help("islands lie on the board: write no number where the board has a hole"));
                    }
                    Value::Int(n) => {
                        return Err(Diagnostic::new(Code::G218, clues.span, format!("an island of {n} at ({r}, {c})"))
                            .label(format!("islands have 1 to {top} bridge ends"))
                            .help(format!(
                                "an island has four directions and at most {k} between two islands; a cell \
                                 without an island is any other label (`.`, `-`)"
                            )));
                    }
                    Value::Tuple(_) | Value::List(_) | Value::Map(_) => {
                        return Err(type_error("a grid of labels", v, clues.span, "an island holds a number"));
                    }
                    _ => {}
                }
            }
        }
        self.model.bridges = Some(BridgeRule { rows, cols, on, islands, most: k, connected: None, span });
        Ok(())
    }

    /// `all islands are connected`.
    pub(super) fn islands_connected(&mut self, span: Span) -> R<()> {
        let Some(rule) = self.model.bridges.as_mut() else {
            return Err(Diagnostic::new(Code::E105, span, "the islands are those of the bridges")
                .label("no `bridges` statement above")
                .help(
                    "say which cells are islands first: `bridges join the numbers of clues, at most 2 between two`",
                ));
        };
        if let Some(old) = rule.connected {
            return Err(Diagnostic::new(Code::E105, span, "the islands are said to be connected twice")
                .label("a second time")
                .related(old, "the first time")
                .help("remove one of the two statements"));
        }
        rule.connected = Some(span);
        Ok(())
    }
}

/// A pair of islands a bridge may join: cells `a < b`, `across` (one row) or down (one
/// column), and the cells strictly between them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub a: usize,
    pub b: usize,
    pub across: bool,
    pub between: Vec<usize>,
}

/// Every link of the rule, in reading order of `a`, across before down.
pub fn links(rule: &BridgeRule) -> Vec<Link> {
    let (rows, cols) = (rule.rows, rule.cols);
    let mut out = Vec::new();
    for a in (0..rows * cols).filter(|&a| rule.islands[a] > 0) {
        for (across, step, room) in [(true, 1, cols - 1 - a % cols), (false, cols, rows - 1 - a / cols)] {
            let mut between = Vec::new();
            let mut at = a;
            for _ in 0..room {
                at += step;
                if !rule.on[at] {
                    break;
                }
                if rule.islands[at] > 0 {
                    out.push(Link { a, b: at, across, between });
                    break;
                }
                between.push(at);
            }
        }
    }
    out
}

/// Lowers the model's bridges: link and island items, the counts as colours, crossed cells,
/// and the connection constraint.
pub(super) fn lower(model: &Model, b: &mut XccBuilder, meanings: &mut Vec<Meaning>, guard: &mut OptionGuard) {
    let rule = model.bridges.as_ref().expect("lowered only with bridges");
    let cols = rule.cols;
    let at = |x: usize| format!("({},{})", x / cols, x % cols);
    let links = links(rule);
    let cap: Vec<u32> = links.iter().map(|l| rule.most.min(rule.islands[l.a]).min(rule.islands[l.b])).collect();
    let colours: Vec<Colour> = (0..=rule.most).map(|m| b.colour(&m.to_string())).collect();
    // A cell crossed by links of both directions gets an item that keeps them apart.
    let mut crossed = vec![[false; 2]; rule.rows * cols];
    for l in &links {
        l.between.iter().for_each(|&x| crossed[x][l.across as usize] = true);
    }
    let water: Vec<Option<ItemId>> = (0..rule.rows * cols)
        .map(|x| (crossed[x] == [true, true]).then(|| b.add_secondary(format!("water{}", at(x)))))
        .collect();
    let count_item: Vec<ItemId> =
        links.iter().map(|l| b.add_secondary(format!("bridge{}-{}#", at(l.a), at(l.b)))).collect();
    let mut area = Area { name: "connected(islands)".into(), in_start: vec![0], adj_start: vec![0], ..Area::default() };
    let mut entries = Vec::new();
    for (i, l) in links.iter().enumerate() {
        let item = b.add_primary(format!("bridge{}-{}", at(l.a), at(l.b)), 1, 1);
        area.node_item.push(item);
        for m in 0..=cap[i] {
            if guard.full(meanings.len(), rule.span) {
                return;
            }
            entries.clear();
            entries.push(Entry { item, colour: Colour::NONE });
            entries.push(Entry { item: count_item[i], colour: colours[m as usize] });
            if m > 0 {
                entries.extend(
                    l.between.iter().filter_map(|&x| water[x]).map(|item| Entry { item, colour: Colour::NONE }),
                );
            }
            let o = b.add_option(format!("bridge{}-{}={m}", at(l.a), at(l.b)), &entries);
            if m > 0 {
                area.ins.push(o);
            }
            meanings.push(Meaning::Bridge { a: l.a as u32, b: l.b as u32, count: m });
        }
        area.in_start.push(area.ins.len() as u32);
        area.adj_start.push(0);
    }
    // Per island, its links, and a word for each direction in option names.
    let mut at_island: Vec<Vec<(usize, &str)>> = vec![Vec::new(); rule.rows * cols];
    for (i, l) in links.iter().enumerate() {
        let (from_a, from_b) = if l.across { ("r", "l") } else { ("d", "u") };
        at_island[l.a].push((i, from_a));
        at_island[l.b].push((i, from_b));
    }
    let mut shares = Vec::new();
    for x in (0..rule.rows * cols).filter(|&x| rule.islands[x] > 0) {
        let item = b.add_primary(format!("island{}", at(x)), 1, 1);
        let mine = &at_island[x];
        // Every split of the number over the links, each share within its link's cap: an
        // odometer over the shares.
        shares.clear();
        shares.resize(mine.len(), 0u32);
        loop {
            if shares.iter().sum::<u32>() == rule.islands[x] {
                if guard.full(meanings.len(), rule.span) {
                    return;
                }
                entries.clear();
                entries.push(Entry { item, colour: Colour::NONE });
                let mut name = format!("island{}=", at(x));
                for (k, &(i, dir)) in mine.iter().enumerate() {
                    entries.push(Entry { item: count_item[i], colour: colours[shares[k] as usize] });
                    if shares[k] > 0 {
                        if !name.ends_with('=') {
                            name.push('+');
                        }
                        name.push_str(&format!("{dir}{}", shares[k]));
                    }
                }
                b.add_option(name, &entries);
                meanings.push(Meaning::Island);
            }
            let Some(k) = (0..mine.len()).find(|&k| shares[k] < cap[mine[k].0]) else { break };
            shares[k] += 1;
            shares[..k].iter_mut().for_each(|s| *s = 0);
        }
    }
    if rule.connected.is_some() {
        // Each island's number among the islands, in reading order: the constraint's points.
        let mut index = vec![0u32; rule.islands.len()];
        let mut points = 0;
        for (x, &n) in rule.islands.iter().enumerate() {
            index[x] = points;
            points += (n > 0) as u32;
        }
        let ends = links.iter().map(|l| [index[l.a], index[l.b]]).collect();
        b.add_global(Global::Linked { area, ends, points });
    }
}
