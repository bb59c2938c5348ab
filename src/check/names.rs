//! Name resolution: every name an expression uses must be a `let`/`param` defined earlier, a
//! name bound by an enclosing `for`, or (inside moves) the board, read as `board(x, y)`.
use crate::diag::{Code, Diagnostic, Diagnostics, Span};
use crate::lower::eval::BUILTINS;
use crate::syntax::ast::*;
use crate::syntax::closest_name;
use std::collections::HashMap;

/// What a top-level name stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Value,
    Board,
    Region,
    Piece,
    ItemFamily,
    Counter,
}

impl Kind {
    fn word(self) -> &'static str {
        match self {
            Kind::Value => "constant",
            Kind::Board => "board",
            Kind::Region => "region",
            Kind::Piece => "piece",
            Kind::ItemFamily => "item",
            Kind::Counter => "counter",
        }
    }
}

struct Checker {
    /// Names defined so far, with where.
    defined: HashMap<String, (Kind, Span)>,
    /// Every top-level definition in the spec, to say "defined later" for forward uses.
    all_defs: HashMap<String, Span>,
    /// Names bound by enclosing `for` clauses, innermost last.
    locals: Vec<String>,
    diags: Diagnostics,
    /// The E101 already given for each unknown name (by kind and name): later uses are added
    /// to it as "used again here" instead of repeating the error (one diagnostic per cause).
    undefined_at: HashMap<(String, String), usize>,
    /// Inside a move: the board's name may be called to read a cell.
    in_move: bool,
    /// Names defined twice (E102): which definition a use means is unknown, so uses of them
    /// are not checked (one diagnostic for the cause, not one per use).
    twice: std::collections::HashSet<String>,
}

/// Checks a whole spec; returns every error found.
pub fn check(spec: &Spec) -> Diagnostics {
    let mut c = Checker {
        defined: HashMap::new(),
        all_defs: HashMap::new(),
        locals: Vec::new(),
        diags: Vec::new(),
        undefined_at: HashMap::new(),
        in_move: false,
        twice: Default::default(),
    };
    for s in &spec.stmts {
        if let Some(id) = defined_name(s) {
            c.all_defs.entry(id.name.clone()).or_insert(id.span);
        }
    }
    for s in &spec.stmts {
        c.stmt(s);
    }
    c.forms(spec);
    c.diags
}

/// The name a statement defines, if any.
fn defined_name(s: &Stmt) -> Option<&Ident> {
    match &s.kind {
        StmtKind::Let { name, .. } | StmtKind::Param { name, .. } => Some(name),
        StmtKind::Board(b) => Some(&b.name),
        StmtKind::Counter(c) => Some(&c.name),
        StmtKind::Region(r) => Some(&r.name),
        StmtKind::Piece(p) => Some(&p.name),
        StmtKind::Tiles(t) => Some(&t.name),
        StmtKind::Grid(g) => Some(&g.name),
        StmtKind::Table { name, .. } | StmtKind::RegionFrom { name, .. } | StmtKind::RegionRuns { name, .. } => {
            Some(name)
        }
        _ => None,
    }
}

impl Checker {
    fn define(&mut self, id: &Ident, kind: Kind) {
        if let Some((old_kind, old)) = self.defined.get(&id.name) {
            self.diags.push(
                Diagnostic::new(Code::E102, id.span, format!("`{}` is defined twice", id.name))
                    .label("second definition")
                    .related(*old, format!("first defined here as a {}", old_kind.word()))
                    .help("give one of them another name"),
            );
            self.twice.insert(id.name.clone());
            return;
        }
        self.defined.insert(id.name.clone(), (kind, id.span));
    }

    /// A use of a top-level name that must be of `kind`.
    fn use_named(&mut self, id: &Ident, kind: Kind) {
        if self.twice.contains(&id.name) {
            return;
        }
        match self.defined.get(&id.name) {
            Some((k, _)) if *k == kind => {}
            Some((k, span)) => {
                let d = Diagnostic::new(
                    Code::E103,
                    id.span,
                    format!("`{}` is a {}, not a {}", id.name, k.word(), kind.word()),
                )
                .label(format!("a {} is needed here", kind.word()))
                .related(*span, "defined here");
                self.diags.push(d);
            }
            None => {
                let known: Vec<String> =
                    self.defined.iter().filter(|(_, (k, _))| *k == kind).map(|(n, _)| n.clone()).collect();
                let known: Vec<&str> = known.iter().map(|s| s.as_str()).collect();
                self.undefined(id.span, &id.name, kind.word(), &known);
            }
        }
    }

    /// What an option covers: an item family, or the board, whose cells it names as
    /// `grid(r, c)` (the board shares the namespace, so no item family has its name).
    fn use_cover(&mut self, id: &Ident) {
        match self.defined.get(&id.name) {
            Some((Kind::ItemFamily | Kind::Board, _)) => {}
            Some((k, span)) => {
                let d = Diagnostic::new(
                    Code::E103,
                    id.span,
                    format!("`{}` is a {}, not an item or a board", id.name, k.word()),
                )
                .label("an item or a board's cell is covered here")
                .related(*span, "defined here")
                .help("an option covers items declared with `item`, or cells of the board as `grid(r, c)`");
                self.diags.push(d);
            }
            None => {
                let known: Vec<String> = (self.defined.iter())
                    .filter(|(_, (k, _))| matches!(k, Kind::ItemFamily | Kind::Board))
                    .map(|(n, _)| n.clone())
                    .collect();
                let known: Vec<&str> = known.iter().map(|s| s.as_str()).collect();
                let before = self.diags.len();
                self.undefined(id.span, &id.name, "item", &known);
                // `cell(r,c)` is how `puzc compile` shows a cell; the spec names it by its board.
                let board = self.defined.iter().find(|(_, (k, _))| *k == Kind::Board).map(|(n, _)| n.clone());
                if let (Some(board), Some(d)) = (board, self.diags.get_mut(before))
                    && id.name == "cell"
                    && d.help.is_none()
                {
                    d.help = Some(format!(
                        "a cell of the board is named by the board: `{board}(r, c)` (`cell(r,c)` is its name in `puzc compile`)"
                    ));
                }
            }
        }
    }

    fn undefined(&mut self, span: Span, name: &str, what: &str, known: &[&str]) {
        if let Some(&first) = self.undefined_at.get(&(what.to_string(), name.to_string())) {
            // Three places are enough to see the pattern; more would bury the message.
            let d = &mut self.diags[first];
            if d.related.len() < 3 {
                d.related.push(crate::diag::Label { span, text: "used again here".into() });
            }
            return;
        }
        self.undefined_at.insert((what.to_string(), name.to_string()), self.diags.len());
        let message =
            if what == "name" { format!("`{name}` is not defined") } else { format!("no {what} is named `{name}`") };
        let mut d = Diagnostic::new(Code::E101, span, message).label(format!("unknown {what}"));
        if let Some(later) = self.all_defs.get(name).filter(|s| s.start > span.start) {
            d = d.related(*later, "defined here, after its use").help("move the definition above its first use");
        } else if let Some(s) = closest_name(name, known) {
            d = d.help(format!("did you mean `{s}`?"));
        } else if what == "name" {
            d = d.help("define it with `let` above this line, or bind it in a `for` clause");
        }
        self.diags.push(d);
    }

    fn stmt(&mut self, s: &Stmt) {
        match &s.kind {
            StmtKind::Let { name, value } => {
                self.expr(value);
                self.define(name, Kind::Value);
            }
            StmtKind::Param { name, range } => {
                if let Some(r) = range {
                    self.expr(r);
                }
                self.define(name, Kind::Value);
            }
            StmtKind::Board(b) => {
                for e in [&b.rows, &b.cols].into_iter().chain(&b.values).chain(&b.without) {
                    self.expr(e);
                }
                self.define(&b.name, Kind::Board);
            }
            StmtKind::Counter(c) => {
                c.dims.iter().chain([&c.range]).for_each(|e| self.expr(e));
                if let CounterInit::Value(v) = &c.init {
                    self.expr(v);
                }
                self.define(&c.name, Kind::Counter);
            }
            StmtKind::Estimate(e) => {
                // Like a goal's condition: it reads the board and the counters.
                self.in_move = true;
                self.expr(e);
                self.in_move = false;
            }
            StmtKind::Fill(b) => self.use_named(b, Kind::Board),
            StmtKind::Given { board, .. } | StmtKind::Walls { board, .. } => self.use_named(board, Kind::Board),
            StmtKind::Clues { board, empty, .. } => {
                self.use_named(board, Kind::Board);
                self.expr(empty);
            }
            StmtKind::DerivedClues(d) => {
                // Tiles read from the instance are a piece family (`clues in tile ...`).
                let tiles = matches!(self.defined.get(&d.data.name), Some((Kind::Piece, _)));
                self.use_named(&d.data, if tiles { Kind::Piece } else { Kind::Value });
                d.empty.iter().chain(&d.labels).for_each(|e| self.expr(e));
            }
            StmtKind::Region(r) => {
                self.scoped(r.each.as_ref(), &r.params, |c| c.expr(&r.cells));
                self.define(&r.name, Kind::Region);
            }
            StmtKind::Each { regions, .. } => regions.iter().for_each(|r| self.use_named(r, Kind::Region)),
            StmtKind::Piece(p) => {
                self.scoped(p.each.as_ref(), &p.params, |c| {
                    if let Shape::Cells(cells) = &p.shape {
                        for sc in cells {
                            c.expr(&sc.at);
                            if let Some(l) = &sc.label {
                                c.expr(l);
                            }
                        }
                    }
                    if let Some(t) = &p.times {
                        c.expr(t);
                    }
                });
                self.define(&p.name, Kind::Piece);
            }
            StmtKind::Tiles(t) => {
                t.count.iter().chain(&t.given).for_each(|e| self.expr(e));
                if t.count.is_none() && t.given.is_none() {
                    self.diags.push(
                        Diagnostic::new(Code::E105, t.name.span, "tiles read from the instance need their count")
                            .label("how many tiles?")
                            .help(format!("write the count after the name: `tiles {}[n * n] ...`", t.name.name)),
                    );
                }
                self.define(&t.name, Kind::Piece);
            }
            StmtKind::Place(p) => {
                p.pieces.iter().flatten().for_each(|id| self.use_named(id, Kind::Piece));
                self.use_named(&p.board, Kind::Board);
                if let Some(v) = &p.shows {
                    self.expr(v);
                }
            }
            StmtKind::Confine(c) => {
                self.use_named(&c.piece, Kind::Piece);
                c.member.iter().flat_map(|m| &m.node).for_each(|e| self.expr(e));
                match &c.rule {
                    ConfineRule::To(cells) => self.expr(cells),
                    ConfineRule::Where(cond) => {
                        // The condition reads what each placement covers and how it is turned.
                        let mark = self.locals.len();
                        self.locals.extend(crate::lower::confine::PLACEMENT_NAMES.iter().map(|n| n.to_string()));
                        self.expr(cond);
                        self.locals.truncate(mark);
                    }
                }
            }
            StmtKind::Item(i) => {
                self.item_times(i);
                self.scoped(i.each.as_ref(), &[], |c| {
                    for d in &i.items {
                        d.args.iter().chain(&d.times).for_each(|e| c.expr(e));
                    }
                });
                for d in &i.items {
                    if !matches!(self.defined.get(&d.name.name), Some((Kind::ItemFamily, _))) {
                        self.define(&d.name, Kind::ItemFamily);
                    }
                }
            }
            StmtKind::Option(o) => {
                for cv in &o.covers {
                    self.use_cover(&cv.item);
                }
                self.scoped(o.each.as_ref(), &[], |c| {
                    o.args.iter().for_each(|e| c.expr(e));
                    for cv in &o.covers {
                        c.scoped(cv.each.as_ref(), &[], |c| cv.args.iter().chain(&cv.colour).for_each(|e| c.expr(e)));
                    }
                });
            }
            StmtKind::Move(m) => {
                self.in_move = true;
                self.scoped(Some(&m.each), &m.params, |c| {
                    if let Some(w) = &m.when {
                        c.expr(w);
                    }
                    for e in &m.effects {
                        c.effect(&e.node);
                    }
                    if let Some(k) = &m.cost {
                        c.expr(k);
                    }
                    if let Some(pieces) = m.slide.as_ref().and_then(|sl| sl.pieces.as_ref()) {
                        pieces.iter().for_each(|p| c.use_named(p, Kind::Piece));
                    }
                });
                self.in_move = false;
            }
            StmtKind::After(rules) => {
                for r in rules {
                    if let RuleDecl::ClearRuns(e) | RuleDecl::ClearGroups(e) = &r.node {
                        self.expr(e);
                    }
                }
            }
            StmtKind::Goal(g) => match &g.node {
                GoalDecl::Count(e) => self.expr(e),
                GoalDecl::When { each, cond } => {
                    // Like a move's condition: it reads the board.
                    self.in_move = true;
                    self.scoped(each.as_ref(), &[], |c| c.expr(cond));
                    self.in_move = false;
                }
                GoalDecl::Empty | GoalDecl::Pattern(_) => {}
            },
            StmtKind::Budget(b) => match &b.node {
                BudgetDecl::Exactly(e) | BudgetDecl::AtMost(e) | BudgetDecl::Fewest(Some(e)) => self.expr(e),
                BudgetDecl::Fewest(None) => {}
            },
            StmtKind::Print { template, long, .. } => {
                match crate::render::template::parse(&template.text, template.span.file, template.offset, *long) {
                    Err(d) => self.diags.push(d),
                    Ok(nodes) => {
                        let mut used = Vec::new();
                        crate::render::template::names_used(&nodes, &mut used);
                        for (name, span) in used {
                            let known = crate::render::template::TEMPLATE_NAMES.contains(&name.as_str())
                                || matches!(self.defined.get(&name), Some((Kind::Value, _)))
                                || self.all_defs.contains_key(&name);
                            if !known {
                                let mut names: Vec<String> = self.defined.keys().cloned().collect();
                                names.extend(crate::render::template::TEMPLATE_NAMES.iter().map(|s| s.to_string()));
                                let names: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
                                self.undefined(span, &name, "name", &names);
                            }
                        }
                    }
                }
            }
            StmtKind::Cases(c) => {
                if let Cases::Until(e) = &c.node {
                    self.expr(e);
                }
            }
            StmtKind::Grid(g) => {
                self.expr(&g.rows);
                self.expr(&g.cols);
                self.define(&g.name, Kind::Value);
            }
            StmtKind::Table { name, count } => {
                self.expr(count);
                self.define(name, Kind::Value);
            }
            StmtKind::RegionFrom { name, grid, without } => {
                self.expr(grid);
                if let Some(w) = without {
                    self.expr(w);
                }
                self.define(name, Kind::Region);
            }
            StmtKind::RegionRuns { name, .. } => self.define(name, Kind::Region),
            StmtKind::MatchEdges(Some(border)) => self.expr(border),
            StmtKind::Count { regions, params, bound, of, .. } => {
                for r in regions {
                    self.use_named(r, Kind::Region);
                }
                let (CountBound::Exactly(k) | CountBound::AtMost(k) | CountBound::AtLeast(k)) = bound;
                // `each row(r) holds exactly rows[r] of 'S'`: `r` is bound in the bound only.
                let mark = self.locals.len();
                self.locals.extend(params.iter().map(|p| p.name.clone()));
                self.expr(k);
                self.locals.truncate(mark);
                self.expr(of);
            }
            StmtKind::PiecesApart { .. } => {}
            StmtKind::Apart { of, .. } => self.expr(of),
            StmtKind::Connected { of, .. } => self.expr(of),
            StmtKind::Pairs(d) => {
                self.expr(&d.of);
                self.expr(&d.with);
            }
            StmtKind::Areas { of, clues, .. } => {
                self.expr(of);
                self.expr(clues);
            }
            StmtKind::Sized(d) => {
                d.of.iter().chain(&d.size).for_each(|e| self.expr(e));
            }
            StmtKind::ConnectedEach(d) | StmtKind::Shapes(d) => {
                self.expr(&d.of);
                d.regions.iter().for_each(|r| self.use_named(r, Kind::Region));
            }
            StmtKind::Crossing(d) => {
                self.expr(&d.of);
                self.expr(&d.borders);
                d.regions.iter().for_each(|r| self.use_named(r, Kind::Region));
            }
            StmtKind::Loop { board, .. } => self.use_named(board, Kind::Board),
            StmtKind::Bridges { clues, most, .. } => {
                self.expr(clues);
                self.expr(most);
            }
            StmtKind::IslandsConnected { .. } | StmtKind::Chain { .. } | StmtKind::Distinct { .. } => {}
            StmtKind::LoopClues { clues, .. } | StmtKind::Paths { clues, .. } => self.expr(clues),
            StmtKind::LoopRule(d) => self.scoped(d.each.as_ref(), &[], |c| c.expr(&d.cell)),
            StmtKind::Block { rows, cols, of, .. } => {
                self.expr(rows);
                self.expr(cols);
                self.expr(of);
            }
            StmtKind::Draw(d) => match &d.node {
                DrawDecl::Regions { families, .. } => families.iter().for_each(|f| self.use_named(f, Kind::Region)),
                DrawDecl::Black(e) | DrawDecl::Mark(e) | DrawDecl::Value { value: e, .. } => self.expr(e),
                DrawDecl::Clue { cell, text, each } => self.scoped(each.as_ref(), &[], |c| {
                    c.expr(cell);
                    c.expr(text);
                }),
                DrawDecl::EdgeClue { cells, text, each } => self.scoped(each.as_ref(), &[], |c| {
                    c.expr(&cells.0);
                    c.expr(&cells.1);
                    c.expr(text);
                }),
                DrawDecl::Shift { .. } => {}
            },
            StmtKind::Runs(d) => self.scoped(d.each.as_ref(), &[], |c| {
                c.expr(&d.of);
                c.expr(&d.along);
                c.expr(&d.are);
            }),
            StmtKind::Sight(d) => self.scoped(d.each.as_ref(), &[], |c| {
                match &d.kind {
                    SightKind::Sees { from, bound, of } => {
                        let (CountBound::Exactly(k) | CountBound::AtMost(k) | CountBound::AtLeast(k)) = bound;
                        c.expr(from);
                        c.expr(k);
                        c.expr(of);
                    }
                    SightKind::Apart { of } => c.expr(of),
                    SightKind::From { cell, count } => {
                        c.expr(cell);
                        c.expr(count);
                    }
                }
                if let Some(u) = &d.until {
                    c.expr(u);
                }
            }),
            StmtKind::Seen(d) => self.scoped(d.each.as_ref(), &[], |c| {
                c.expr(&d.along);
                c.expr(&d.count);
            }),
            StmtKind::Compare(d) => self.scoped(d.each.as_ref(), &[], |c| {
                for (k, (name, at)) in d.cells.iter().enumerate() {
                    c.expr(at);
                    if d.cells[..k].iter().any(|(n, _)| n.name == name.name) {
                        c.diags.push(
                            Diagnostic::new(Code::E102, name.span, format!("`{}` names two cells", name.name))
                                .label("named twice")
                                .help("give each cell its own name: `cells x at (r, c), y at (r, c + 1)`"),
                        );
                    }
                }
                let mark = c.locals.len();
                c.locals.extend(d.cells.iter().map(|(n, _)| n.name.clone()));
                c.expr(&d.holds);
                c.locals.truncate(mark);
            }),
            StmtKind::Cage(c) => {
                self.use_named(&c.region, Kind::Region);
                let mark = self.locals.len();
                self.locals.extend(c.params.iter().map(|p| p.name.clone()));
                self.expr(&c.target);
                self.locals.truncate(mark);
            }
            StmtKind::Puzzle(_)
            | StmtKind::Import(_)
            | StmtKind::MatchEdges(None)
            | StmtKind::Answer(..)
            | StmtKind::Instance(_) => {}
        }
    }

    /// Runs `f` with the clause's names bound; `params` (a family's parameters) must be among them.
    fn effect(&mut self, e: &EffectDecl) {
        match e {
            EffectDecl::Swap(a, b) | EffectDecl::Set(a, b) | EffectDecl::SetGroup(a, b) => {
                self.expr(a);
                self.expr(b);
            }
            EffectDecl::RemoveGroup(a) | EffectDecl::Reverse(a) => self.expr(a),
            EffectDecl::Each(inner, each) => self.scoped(Some(each), &[], |c| c.effect(inner)),
        }
    }

    fn scoped(&mut self, each: Option<&ForClause>, params: &[Ident], f: impl FnOnce(&mut Self)) {
        let mark = self.locals.len();
        if let Some(clause) = each {
            self.bind_clause(clause);
        }
        for p in params {
            if !self.locals[mark..].contains(&p.name) {
                self.diags.push(
                    Diagnostic::new(
                        Code::E101,
                        p.span,
                        format!("parameter `{}` is not bound by a `for` clause", p.name),
                    )
                    .label("unbound parameter")
                    .help(format!("add `for {} in ...` after the statement", p.name)),
                );
            }
        }
        f(self);
        if let Some(filter) = each.and_then(|c| c.filter.as_deref()) {
            self.expr(filter);
        }
        self.locals.truncate(mark);
    }

    fn bind_clause(&mut self, clause: &ForClause) {
        for b in &clause.binders {
            self.expr(&b.source);
            for n in &b.names {
                self.not_hiding(n);
            }
            self.locals.extend(b.names.iter().map(|n| n.name.clone()));
        }
    }

    /// A loop variable named like a board, counter, piece, region or item family would hide
    /// it inside the statement, and a later `jug(j)` or `b(r, c)` would then be read as a
    /// call of the number: refused where the variable is bound, not where the hiding bites.
    /// (Constants may be rebound: a loop variable is a constant too.)
    fn not_hiding(&mut self, n: &Ident) {
        if let Some(&(kind, span)) = self.defined.get(&n.name)
            && kind != Kind::Value
        {
            let d = Diagnostic::new(
                Code::E102,
                n.span,
                format!("the loop variable `{}` has the name of a {}", n.name, kind.word()),
            )
            .label(format!("this would hide the {} inside the statement", kind.word()))
            .related(span, format!("the {} is defined here", kind.word()))
            .help("give the loop variable another name");
            self.diags.push(d);
        }
    }

    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Char(_) | ExprKind::Str(_) | ExprKind::Bool(_) => {}
            ExprKind::Name(n) => {
                if self.locals.contains(n) {
                    return;
                }
                match self.defined.get(n) {
                    _ if self.twice.contains(n) => {}
                    Some((Kind::Value, _)) => {}
                    // In a played puzzle, a piece's name is the value of its anchor cell.
                    Some((Kind::Piece, _)) if self.in_move => {}
                    // A counter is read by its name in moves, goals and estimates.
                    Some((Kind::Counter, _)) if self.in_move => {}
                    Some((k, span)) => {
                        let d = Diagnostic::new(Code::E103, e.span, format!("`{n}` is a {}, not a value", k.word()))
                            .label("used as a value")
                            .related(*span, "defined here");
                        self.diags.push(d);
                    }
                    None => {
                        let mut known: Vec<String> = self.locals.clone();
                        known.extend(
                            self.defined.iter().filter(|(_, (k, _))| *k == Kind::Value).map(|(n, _)| n.clone()),
                        );
                        let known: Vec<&str> = known.iter().map(|s| s.as_str()).collect();
                        self.undefined(e.span, n, "name", &known);
                    }
                }
            }
            ExprKind::Call { func, args } => {
                let is_board = matches!(self.defined.get(&func.name), Some((Kind::Board | Kind::Counter, _)));
                let move_builtin = crate::lower::moves::MOVE_BUILTINS.contains(&func.name.as_str());
                let twice = self.twice.contains(&func.name);
                if !(twice || BUILTINS.contains(&func.name.as_str()) || (self.in_move && (is_board || move_builtin))) {
                    let mut known: Vec<&str> = BUILTINS.to_vec();
                    let boards: Vec<String> = if self.in_move {
                        self.defined.iter().filter(|(_, (k, _))| *k == Kind::Board).map(|(n, _)| n.clone()).collect()
                    } else {
                        vec![]
                    };
                    known.extend(boards.iter().map(|s| s.as_str()));
                    let mut d = Diagnostic::new(Code::E101, func.span, format!("`{}` is not a function", func.name))
                        .label("unknown function");
                    d = match closest_name(&func.name, &known) {
                        Some(s) => d.help(format!("did you mean `{s}`?")),
                        None if is_board => {
                            d.help("a board's cells are read as `board(x, y)` only inside `move` statements")
                        }
                        None => d.help(format!("the functions are {}", BUILTINS.join(", "))),
                    };
                    self.diags.push(d);
                }
                args.iter().for_each(|a| self.expr(a));
            }
            ExprKind::Tuple(items) | ExprKind::List(items) | ExprKind::Set(items) => {
                items.iter().for_each(|i| self.expr(i))
            }
            ExprKind::ListComp { body, each } | ExprKind::SetComp { body, each } => {
                let mark = self.locals.len();
                self.bind_clause(each);
                self.expr(body);
                if let Some(f) = &each.filter {
                    self.expr(f);
                }
                self.locals.truncate(mark);
            }
            ExprKind::Unary { operand, .. } => self.expr(operand),
            ExprKind::Binary { lhs, rhs, .. } => {
                self.expr(lhs);
                self.expr(rhs);
            }
            ExprKind::Range { lo, hi, .. } => {
                self.expr(lo);
                self.expr(hi);
            }
            ExprKind::Index { base, indices } => {
                self.expr(base);
                indices.iter().for_each(|i| self.expr(i));
            }
        }
    }

    /// `times` on a secondary item (it is covered at most once, or with one colour), and
    /// `item up(s), down(s) times 2`, where `times` reads as if it bound every name but binds
    /// only the last.
    fn item_times(&mut self, i: &ItemStmt) {
        if i.secondary {
            if let Some(t) = i.items.iter().find_map(|d| d.times.as_ref()) {
                self.diags.push(
                    Diagnostic::new(Code::G207, t.span, "a secondary item takes no `times`")
                        .label("not allowed on a secondary item")
                        .help("a secondary item is covered at most once (or by options of one colour); make it a primary `item` to count its covers"),
                );
            }
            return;
        }
        if let [first, .., last] = &i.items[..]
            && let Some(t) = &last.times
            && first.times.is_none()
        {
            let bare: Vec<String> =
                i.items.iter().filter(|d| d.times.is_none()).map(|d| format!("`{}`", d.name.name)).collect();
            self.diags.push(
                Diagnostic::new(
                    Code::G207,
                    t.span,
                    format!("`times` binds only `{}`, not {}", last.name.name, bare.join(", ")),
                )
                .label(format!("applies to `{}` alone", last.name.name))
                .related(first.span, "this item is covered exactly once")
                .help(
                    "write `times` after each item that takes it, or declare those items in a statement of their own",
                ),
            );
        }
    }

    /// A statement that may appear once: a second would silently replace the first. Loading
    /// already dropped an imported one that the importing spec replaces, so what is left here
    /// are two in one file (or two brought by one import).
    fn singletons(&mut self, spec: &Spec) {
        let mut seen: HashMap<&'static str, Span> = HashMap::new();
        for s in &spec.stmts {
            let Some(key) = crate::syntax::load::once_key(&s.kind) else { continue };
            match seen.get(key) {
                Some(first) => self.diags.push(
                    Diagnostic::new(Code::E105, s.span, format!("a second `{key}` statement"))
                        .label("a second one")
                        .related(*first, "the first")
                        .help(format!(
                            "{}; a spec that imports another may write its own `{key}`, which replaces the imported one",
                            if key == "place" {
                                "a spec has one `place` statement: list every piece in it, `place a, b, c on board`"
                                    .to_string()
                            } else {
                                format!("a spec has one `{key}` statement: keep the one you mean and remove the other")
                            }
                        )),
                ),
                None => {
                    seen.insert(key, s.span);
                }
            }
        }
    }

    /// Template parts the spec's form has nothing to show for would print nothing: `{board}`
    /// of a played puzzle or of a spec without a board, `{each move}` of an exact-cover
    /// puzzle, a name inside `{each move}` that is no move's parameter.
    fn template_forms(&mut self, spec: &Spec, played: bool) {
        use crate::render::template::{Node, parse};
        let has_board = spec.stmts.iter().any(|s| matches!(s.kind, StmtKind::Board(_)));
        let params: Vec<&str> = spec
            .stmts
            .iter()
            .filter_map(|s| match &s.kind {
                StmtKind::Move(m) => Some(m),
                _ => None,
            })
            .flat_map(|m| {
                let named: Vec<&str> = if m.slide.is_some() {
                    // A moved piece is printed as its name, where it was and where it went.
                    let origin = spec.stmts.iter().find_map(|s| match &s.kind {
                        StmtKind::Board(b) => b.origin.as_ref().map(|o| o.node),
                        _ => None,
                    });
                    if origin == Some(crate::syntax::ast::Origin::BottomLeft) {
                        vec!["piece", "x", "y", "to_x", "to_y"]
                    } else {
                        vec!["piece", "r", "c", "to_r", "to_c"]
                    }
                } else if m.params.is_empty() {
                    m.each.binders.iter().flat_map(|b| b.names.iter().map(|n| n.name.as_str())).collect()
                } else {
                    m.params.iter().map(|p| p.name.as_str()).collect()
                };
                named
            })
            .collect();
        fn walk(nodes: &[Node], in_move: bool, out: &mut Vec<(String, Span, bool)>) {
            for n in nodes {
                match n {
                    Node::Var { name, span, .. } => out.push((name.clone(), *span, in_move)),
                    Node::EachSolution(b, sep) => {
                        walk(b, in_move, out);
                        walk(sep, in_move, out);
                    }
                    Node::EachMove(b, sep) => {
                        walk(b, true, out);
                        walk(sep, in_move, out);
                    }
                    Node::IfSolved(a, b) => {
                        walk(a, in_move, out);
                        walk(b, in_move, out);
                    }
                    Node::Text(_) => {}
                }
            }
        }
        for s in &spec.stmts {
            let StmtKind::Print { template, long, .. } = &s.kind else { continue };
            let Ok(nodes) = parse(&template.text, template.span.file, template.offset, *long) else { continue };
            let mut used = Vec::new();
            walk(&nodes, false, &mut used);
            for (name, span, in_move) in used {
                let why = match name.as_str() {
                    "board" if played => Some("`{board}` is the solved grid of an exact-cover puzzle; a played puzzle's answer is its moves: print them with `{each move}...{end}`".to_string()),
                    "board" | "given" if !has_board => Some(format!("`{{{name}}}` shows a grid, but this spec declares no board")),
                    _ if in_move && !played => Some("`{each move}` repeats over the moves of a played puzzle; this spec is an exact-cover puzzle".to_string()),
                    // `{move}` is the move's name, set for every move like its parameters.
                    _ if in_move
                        && name != "move"
                        && !params.contains(&name.as_str())
                        && !self.all_defs.contains_key(&name)
                        && !crate::render::template::TEMPLATE_NAMES.contains(&name.as_str()) =>
                    {
                        Some(format!("`{name}` is not a parameter of any move (they are {})", params.iter().map(|p| format!("`{p}`")).collect::<Vec<_>>().join(", ")))
                    }
                    _ => None,
                };
                if let Some(why) = why {
                    self.diags.push(
                        Diagnostic::new(Code::E110, span, format!("`{{{name}}}` has nothing to show in this spec"))
                            .label("would print nothing")
                            .help(why),
                    );
                }
            }
        }
    }

    /// A spec is either an exact-cover puzzle or a played one, and must ask for something.
    fn forms(&mut self, spec: &Spec) {
        self.singletons(spec);
        let cover = spec.stmts.iter().find(|s| {
            matches!(
                s.kind,
                StmtKind::Fill(_)
                    | StmtKind::Place(_)
                    | StmtKind::Option(_)
                    | StmtKind::Each { .. }
                    | StmtKind::Loop { .. }
                    | StmtKind::Bridges { .. }
                    | StmtKind::Paths { .. }
            )
        });
        let moves = spec.stmts.iter().find(|s| matches!(s.kind, StmtKind::Move(_)));
        self.template_forms(spec, moves.is_some());
        match (cover, moves) {
            (Some(c), Some(m)) => self.diags.push(
                Diagnostic::new(
                    Code::E106,
                    m.span,
                    "a spec is either an exact-cover puzzle or a played puzzle, not both",
                )
                .label("a move")
                .related(c.span, "an exact-cover statement")
                .help("put the two puzzles in separate specs"),
            ),
            (Some(c), None) => {
                // Statements of played puzzles would be ignored by the exact-cover engine.
                for s in &spec.stmts {
                    let what = match &s.kind {
                        StmtKind::After(_) => "`after each move`",
                        StmtKind::Goal(_) => "`goal`",
                        StmtKind::Budget(_) => "`moves`",
                        StmtKind::Counter(_) => "`counter`",
                        StmtKind::Estimate(_) => "`estimate`",
                        StmtKind::Walls { .. } => "`walls`",
                        _ => continue,
                    };
                    self.diags.push(
                        Diagnostic::new(
                            Code::E106,
                            s.span,
                            format!("{what} belongs to played puzzles, but this spec is an exact-cover puzzle"),
                        )
                        .label("it would be ignored")
                        .related(c.span, "an exact-cover statement")
                        .help("remove it, or write the puzzle with `move` statements instead"),
                    );
                }
            }
            (None, Some(m)) => {
                // Statements of exact-cover puzzles would be ignored by the move search.
                for s in &spec.stmts {
                    let what = match &s.kind {
                        StmtKind::Item(_) => "`item`",
                        StmtKind::Tiles(_) => "`tiles`",
                        StmtKind::Confine(_) => "`confine`",
                        StmtKind::MatchEdges(_) => "`match edges`",
                        _ => continue,
                    };
                    self.diags.push(
                        Diagnostic::new(
                            Code::E106,
                            s.span,
                            format!("{what} belongs to exact-cover puzzles, but this spec is a played puzzle"),
                        )
                        .label("it would be ignored")
                        .related(m.span, "a move")
                        .help("remove it, or put the exact-cover puzzle in a spec of its own"),
                    );
                }
                if !spec.stmts.iter().any(|s| matches!(s.kind, StmtKind::Goal(_))) {
                    self.diags.push(
                        Diagnostic::new(Code::E105, m.span, "a played puzzle needs a `goal`")
                            .label("moves, but no `goal` to reach")
                            .help("say when the puzzle is solved: `goal empty`, `goal count 1` or `goal pattern \"\"\"...\"\"\"`"),
                    );
                }
            }
            (None, None) if self.diags.is_empty() => {
                let span = spec.stmts.first().map_or(Span::default(), |s| s.span);
                self.diags.push(
                    Diagnostic::new(Code::E107, span, "this spec gives nothing to solve")
                        .label("no `fill`, `place`, `loop`, `option` or `move` statement")
                        .help(
                            "say what is to be found: `fill grid`, `place all on board`, `loop on the edges of grid`, `option ...`, or `move ...`",
                        ),
                );
            }
            _ => {}
        }
    }
}
