//! Lowering a played puzzle to the move-search IR.
//!
//! Every `move` is expanded over its `for` clause (in order: that order defines the *first*
//! solution). With the parameters bound, coordinates become cell indices and everything that
//! does not read the board folds to a constant, so a concrete move is a list of cell tests
//! and cell writes. A move that would read or write a cell off the board does not exist.
mod cyclic;
mod group;
mod logic;

use super::elaborate::{Elab, coord_of};
use super::eval::{Env, R, type_error};
use super::model::Board;
use super::pieces::Pieces;
use super::value::Value;
use super::walls::Walls;
use crate::diag::{Code, Diagnostic, Diagnostics, Span};
use crate::ir::moves::{
    Budget, CellIx, CmpOp, Cond, Dir, Effect, Goal, MoveInstance, MoveProblem, Operand, Rule, Term,
};
use crate::syntax::ast::*;

/// A lowered played puzzle and what is needed to print its answers.
pub struct LoweredMoves {
    pub problem: MoveProblem,
    /// Per move kind, the names of the parameters printed for each move.
    pub params: Vec<Vec<String>>,
    /// Per concrete move, the piece it moves (`move ... slides`); empty without pieces.
    pub pieces: Vec<String>,
    /// How each cell code (0..=255) is shown in traces: the number, the named value, or the
    /// piece's letter.
    pub shown: Vec<String>,
    /// `estimate EXPR`: the author's lower bound as a program on the state, and where.
    pub estimate: Option<(Vec<Term>, Span)>,
    /// Per program of the problem, per term, the expression it computes (what an overflow
    /// at search time is reported at); `estimate_spans` likewise for the estimate.
    pub program_spans: Vec<Vec<Span>>,
    pub estimate_spans: Vec<Span>,
}

/// A program being compiled: its terms, and per term the expression that term computes.
#[derive(Default)]
struct Prog {
    terms: Vec<Term>,
    spans: Vec<Span>,
}

impl Prog {
    fn push(&mut self, t: Term, span: Span) {
        self.terms.push(t);
        self.spans.push(span);
    }
}

/// The programs of a problem with the spans of their terms.
#[derive(Default)]
struct Programs {
    terms: Vec<Vec<Term>>,
    spans: Vec<Vec<Span>>,
}

impl Programs {
    /// Adds a program; its index.
    fn add(&mut self, p: Prog) -> u32 {
        self.terms.push(p.terms);
        self.spans.push(p.spans);
        self.terms.len() as u32 - 1
    }
}

/// Builtins that only make sense in move conditions.
pub const MOVE_BUILTINS: &[&str] = &["group"];

/// The default depth limit of `moves fewest`.
pub const DEFAULT_FEWEST_MAX: u32 = 200;

pub fn lower(spec: &Spec, elab: &mut Elab) -> Result<LoweredMoves, Diagnostics> {
    let counters = elab.model.counters.clone();
    let board = elab.model.board.clone().or_else(|| (!counters.is_empty()).then(|| no_board(&counters)));
    let Some(board) = board else {
        let span = spec.stmts.iter().find(|s| matches!(s.kind, StmtKind::Move(_))).map_or(Span::default(), |s| s.span);
        return Err(vec![
            Diagnostic::new(Code::E105, span, "a played puzzle needs a board")
                .label("moves on no board")
                .help("declare the board the moves play on, `board cells[7, 5] of 0..=10`, or counters: `counter jug[2] in 0..=5`"),
        ]);
    };
    if let Some(span) = elab.model.up_to_symmetry {
        return Err(vec![
            Diagnostic::new(Code::E106, span, "a played puzzle is not counted up to symmetry")
                .label("`up to symmetry` on a played puzzle")
                .help("classes of solutions are for exact-cover puzzles; drop `up to symmetry`"),
        ]);
    }
    let mut diags = Vec::new();
    let pieces = Pieces::of_spec(spec, &board).map_err(|d| vec![d])?;
    let initial = match &pieces {
        Some(p) => p.initial(&board, &elab.model.letters, &elab.model.letter_spans),
        None => initial_state(&board),
    };
    let mut initial = initial.map_err(|d| vec![d])?;
    initial.extend(counters.iter().flat_map(|c| c.values.iter().copied()));
    let shown: Vec<String> =
        (0..=255u8).map(|v| pieces.as_ref().map_or_else(|| code_name(&board, v), |p| p.code_name(v))).collect();
    // Moves and goals name a piece by its kind: `tray(3, 1) == cao`.
    let board = pieces.as_ref().map_or(board.clone(), |p| p.board_view(&board));
    let sp = Space::new(&board, &counters);
    let mut problem = MoveProblem {
        rows: board.rows,
        cols: board.cols,
        on_board: board.on.clone(),
        initial,
        move_names: Vec::new(),
        moves: Vec::new(),
        rules: Vec::new(),
        goal: Goal::Empty,
        budget: Budget::Fewest { max: DEFAULT_FEWEST_MAX },
        dead_below: None,
        programs: Vec::new(),
        allowed: (0..256)
            .map(|v| if named(&board) { v <= board.values.len() } else { board.values.contains(&Value::Int(v as i64)) })
            .collect(),
        costs: Vec::new(),
        shapes: pieces.as_ref().map_or_else(Vec::new, |p| {
            p.kinds.iter().map(|k| k.cells.iter().map(|&(r, c)| (r as i32, c as i32)).collect()).collect()
        }),
        counters: sp.ir_counters(),
        walls: elab.model.walls.as_ref().map_or_else(Vec::new, |w| w.sides.clone()),
    };
    let walls = elab.model.walls.clone();
    if let (Some(w), None) = (&walls, &pieces)
        && !group::uses_groups(spec)
    {
        // Slides and groups take steps of their own; nothing else on a board of values would
        // see the walls.
        return Err(vec![
            Diagnostic::new(Code::E109, w.span, "walls stop pieces, and this board has none")
                .label("walls that nothing would respect")
                .related(board.span, "the board")
                .help("declare the board without values and its pieces (`piece robot = \"#\"`), and move them with `slides`; on a board of values, walls divide groups (`set group`, `remove group`)"),
        ]);
    }
    if let Some(p) = &pieces {
        problem.allowed = (0..256).map(|v| v <= p.max_code() as usize).collect();
    }
    let mut labels = Vec::new();
    let mut params = Vec::new();
    let mut goal = None;
    let mut budget = None;
    let mut estimate = None;
    let mut estimate_spans = Vec::new();
    let mut programs = Programs::default();
    for stmt in &spec.stmts {
        let r = match &stmt.kind {
            StmtKind::Move(m) if m.slide.is_some() => {
                let names = if board.origin == Origin::BottomLeft {
                    ["x", "y", "to_x", "to_y"]
                } else {
                    ["r", "c", "to_r", "to_c"]
                };
                params.push(names.iter().map(|n| n.to_string()).collect());
                expand_slide(m, pieces.as_ref(), (&board, walls.as_ref()), &mut elab.env, &mut problem, &mut labels)
            }
            StmtKind::Move(m) => {
                params.push(if m.params.is_empty() {
                    m.each.binders.iter().flat_map(|b| b.names.iter().map(|n| n.name.clone())).collect()
                } else {
                    m.params.iter().map(|p| p.name.clone()).collect()
                });
                expand_move(m, &sp, &mut elab.env, &mut problem, &mut programs)
            }
            StmtKind::After(rules) => rules.iter().try_for_each(|r| {
                if pieces.is_some() {
                    return Err(rule_on_pieces(&r.node, r.span, &board));
                }
                problem.rules.push(rule(&r.node, r.span, &board, &mut elab.env)?);
                Ok(())
            }),
            StmtKind::Goal(g) => goal_of(&g.node, &sp, &mut elab.env, &mut programs).map(|g| goal = Some(g)),
            StmtKind::Estimate(e) => estimate_of(e, &sp, &mut elab.env).map(|prog| {
                estimate = Some((prog.terms, e.span));
                estimate_spans = prog.spans;
            }),
            StmtKind::Budget(b) => budget_of(&b.node, b.span, &mut elab.env).map(|b| budget = Some(b)),
            _ => Ok(()),
        };
        if let Err(d) = r {
            diags.push(d);
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    problem.goal = goal.unwrap_or(Goal::Empty);
    problem.programs = programs.terms;
    if let Some(b) = budget {
        problem.budget = b;
    }
    if problem.has_costs() && !matches!(problem.budget, Budget::Fewest { .. }) {
        let cost = spec.stmts.iter().find_map(|s| match &s.kind {
            StmtKind::Move(m) => m.cost.as_ref().map(|k| k.span),
            _ => None,
        });
        let budget = spec.stmts.iter().find(|s| matches!(s.kind, StmtKind::Budget(_))).map(|s| s.span);
        let mut d = Diagnostic::new(Code::E109, cost.unwrap_or_default(), "move costs only count with `moves fewest`")
            .label("a cost")
            .help("`moves fewest` finds the cheapest solution; `moves exactly` and `moves at most` count moves");
        if let Some(b) = budget {
            d = d.related(b, "the budget counts moves");
        }
        return Err(vec![d]);
    }
    if let Some((_, span)) = &estimate
        && (problem.has_costs() || !matches!(problem.budget, Budget::Fewest { .. }))
    {
        // It would be ignored: only the fewest-moves search is guided.
        let why = if problem.has_costs() { "moves have costs" } else { "the budget is searched depth-first" };
        return Err(vec![
            Diagnostic::new(Code::E109, *span, format!("an estimate guides `moves fewest` without costs, but {why}"))
                .label("it would be ignored")
                .help("remove the estimate, or ask for `moves fewest` with moves that each count 1"),
        ]);
    }
    problem.dead_below = dead_below(&problem);
    if !labels.is_empty() {
        labels.resize(problem.moves.len(), String::new());
    }
    Ok(LoweredMoves { problem, params, pieces: labels, shown, estimate, program_spans: programs.spans, estimate_spans })
}

/// The board of a played puzzle that has counters and no `board`: no cells at all.
fn no_board(counters: &[super::model::Counter]) -> Board {
    Board {
        name: String::new(),
        rows: 0,
        cols: 0,
        on: vec![],
        values: vec![Value::Int(0)],
        given: vec![],
        origin: Origin::TopLeft,
        lattice: Lattice::Squares,
        span: counters[0].span,
    }
}

/// What moves, goals and estimates can read and write: the board's cells and the counters,
/// which follow the board's cells in a state (counter number `k` is cell `grid + k`).
pub struct Space<'a> {
    pub board: &'a Board,
    counters: &'a [super::model::Counter],
    /// Per counter statement, the state cell of its first number.
    first: Vec<usize>,
}

impl<'a> Space<'a> {
    fn new(board: &'a Board, counters: &'a [super::model::Counter]) -> Self {
        let mut first = Vec::with_capacity(counters.len());
        let mut at = board.rows * board.cols;
        for c in counters {
            first.push(at);
            at += c.values.len();
        }
        Space { board, counters, first }
    }

    /// The counters as the IR lists them: one per number, named as specs read them.
    fn ir_counters(&self) -> Vec<crate::ir::moves::Counter> {
        let mut out = Vec::new();
        for c in self.counters {
            for i in 0..c.values.len() {
                let name = match c.dims[..] {
                    [] => c.name.clone(),
                    [_] => format!("{}({i})", c.name),
                    [_, cols, ..] => format!("{}({}, {})", c.name, i / cols, i % cols),
                };
                out.push(crate::ir::moves::Counter { name, lo: c.lo, hi: c.hi });
            }
        }
        out
    }

    /// The counter statement a name stands for, unless a `for` binds the name.
    fn counter(&self, name: &str, env: &Env) -> Option<usize> {
        self.counters.iter().position(|c| c.name == name).filter(|_| !env.is_local(name))
    }

    /// Whether `e` names a counter (`left`) or reads one (`jug(j)`).
    fn is_counter_read(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Name(n) | ExprKind::Call { func: Ident { name: n, .. }, .. } => {
                self.counters.iter().any(|c| &c.name == n)
            }
            _ => false,
        }
    }

    /// The state cell of a counter read: `Ok(None)` when `e` reads no counter,
    /// `Ok(Some(None))` when its index is outside the counter (like a cell off the board).
    fn counter_cell(&self, e: &Expr, env: &mut Env) -> R<Option<Option<CellIx>>> {
        let (k, args): (usize, &[Expr]) = match &e.kind {
            ExprKind::Name(n) => match self.counter(n, env) {
                Some(k) => (k, &[]),
                None => return Ok(None),
            },
            ExprKind::Call { func, args } => match self.counter(&func.name, env) {
                Some(k) => (k, args),
                None => return Ok(None),
            },
            _ => return Ok(None),
        };
        let c = &self.counters[k];
        if args.len() != c.dims.len() {
            let how = match c.dims.len() {
                0 => format!("`{}`", c.name),
                1 => format!("`{}(i)`", c.name),
                _ => format!("`{}(r, c)`", c.name),
            };
            return Err(Diagnostic::new(
                Code::E104,
                e.span,
                format!(
                    "`{}` takes {} {}, not {}",
                    c.name,
                    c.dims.len(),
                    if c.dims.len() == 1 { "index" } else { "indices" },
                    args.len()
                ),
            )
            .label("wrong number of indices")
            .related(c.span, "the counter is declared here")
            .help(format!("read it as {how}")));
        }
        let mut at = 0usize;
        for (a, &d) in args.iter().zip(&c.dims) {
            let i = env.eval_int(a, "a counter's index is a number")?;
            if !(0..d as i64).contains(&i) {
                return Ok(Some(None));
            }
            at = at * d + i as usize;
        }
        Ok(Some(Some((self.first[k] + at) as CellIx)))
    }

    /// The name of a state cell for diagnostics: `(r, c)` on the board, or the counter.
    fn cell_text(&self, cell: CellIx) -> String {
        let grid = self.board.rows * self.board.cols;
        match (cell as usize).checked_sub(grid) {
            Some(k) => self.ir_counters().get(k).map_or_else(String::new, |c| format!("`{}`", c.name)),
            None => {
                let (a, b) = self.board.coord(cell as usize);
                format!("the cell ({a}, {b})")
            }
        }
    }

    /// Whether `v` is in the range of the counter at state cell `cell`.
    fn counter_holds(&self, cell: CellIx, v: i64) -> Result<(), (u8, u8)> {
        let grid = self.board.rows * self.board.cols;
        let k = (0..self.counters.len()).rev().find(|&k| self.first[k] <= cell as usize).unwrap_or(0);
        let c = &self.counters[k];
        debug_assert!(cell as usize >= grid);
        if (c.lo as i64..=c.hi as i64).contains(&v) { Ok(()) } else { Err((c.lo, c.hi)) }
    }
}

/// How a played board's values are stored in cells. Numbers 0..=255 are themselves (0 is
/// empty). Named values (`of ['#', '$', '@']`) are numbered in declared order from 1, and 0
/// is the empty cell, written `.` in pictures and `'.'` in moves (also `-` or `_`); a board
/// that declares one of those marks as a value (Sokoban's goal square `.`) writes empty with
/// the others (`instance::blank_mark`).
fn named(board: &Board) -> bool {
    !board.values.is_empty() && board.values.iter().all(|v| !matches!(v, Value::Int(_)))
}

/// The cell code of a value of `board`, if it is one.
pub fn code_of(board: &Board, v: &Value) -> Option<u8> {
    if named(board) {
        return match board.values.iter().position(|x| x == v) {
            Some(i) => u8::try_from(i + 1).ok(),
            None => matches!(v, Value::Char('.' | '-' | '_')).then_some(0),
        };
    }
    match v {
        Value::Int(n) if (0..=255).contains(n) && board.values.contains(v) => Some(*n as u8),
        _ => None,
    }
}

/// How a cell code is shown: the number, or the named value (`.` for empty).
pub fn code_name(board: &Board, code: u8) -> String {
    if !named(board) {
        return code.to_string();
    }
    match code {
        0 => super::instance::blank_mark(board, super::instance::Blanks::UnlessDeclared).to_string(),
        k => board.values.get(k as usize - 1).map_or_else(|| k.to_string(), |v| v.to_string()),
    }
}

/// The starting grid: given values, 0 (empty) where nothing is given.
fn initial_state(board: &Board) -> R<Vec<u8>> {
    let byte = |v: &Value| match v {
        Value::Int(n) if (0..=255).contains(n) => Some(*n as u8),
        _ => None,
    };
    if named(board) {
        if board.values.len() > 255 {
            return Err(Diagnostic::new(Code::E103, board.span, "a played board holds at most 255 named values")
                .label("too many values"));
        }
        return Ok(board.given.iter().map(|g| g.map_or(0, |i| i as u8 + 1)).collect());
    }
    if let Some(bad) = board.values.iter().find(|v| byte(v).is_none()) {
        return Err(Diagnostic::new(
            Code::E103,
            board.span,
            format!("a played board holds numbers 0..=255 or named values, but `{bad}` is one of its values"),
        )
        .label("values of a played board")
        .help("number the values (0 is an empty cell) or name them all: `of ['#', '$', '@']`"));
    }
    Ok(board.given.iter().map(|g| g.map_or(0, |i| byte(&board.values[i]).unwrap())).collect())
}

fn cell_of(board: &Board, v: &Value, span: Span) -> R<Option<CellIx>> {
    let (a, b) = coord_of(v, span)?;
    Ok(board.cell(a, b).filter(|&c| board.on[c]).map(|c| c as CellIx))
}

/// Expands one `move` over its `for` clause into concrete moves.
fn expand_move(m: &MoveDecl, sp: &Space, env: &mut Env, problem: &mut MoveProblem, programs: &mut Programs) -> R<()> {
    let kind = problem.move_names.len() as u32;
    problem.move_names.push(m.name.name.clone());
    let printed: Vec<Ident> = if m.params.is_empty() {
        m.each.binders.iter().flat_map(|b| b.names.iter().cloned()).collect()
    } else {
        m.params.clone()
    };
    let mut made = Vec::new();
    env.for_each(&m.each, &mut |env| {
        let mut args = Vec::with_capacity(printed.len());
        for p in &printed {
            args.push(match env.eval(&Expr { kind: ExprKind::Name(p.name.clone()), span: p.span })? {
                Value::Int(n) => n,
                v => return Err(type_error("a number", &v, p.span, "printed move parameters are numbers")),
            });
        }
        let mut when = Vec::new();
        if let Some(w) = &m.when
            && !conditions(w, sp, env, &mut when, programs)?
        {
            return Ok(());
        }
        let mut effects = Vec::with_capacity(m.effects.len());
        for e in &m.effects {
            if let EffectDecl::Each(inner, each) = &e.node {
                // Its own `for`: the bindings whose cells are on the board.
                env.for_each(each, &mut |env| {
                    if let Some(eff) = effects_of(inner, sp, env, programs)? {
                        effects.extend(eff);
                    }
                    Ok(())
                })?;
                continue;
            }
            match effects_of(&e.node, sp, env, programs)? {
                Some(eff) => effects.extend(eff),
                None => return Ok(()), // touches a cell off the board: no such move
            }
        }
        two_writes(&effects, sp, m)?;
        group::alone(&effects, sp, m)?;
        let cost = m.cost.as_ref().map_or(Ok(1), |k| move_cost(env, k))?;
        made.push((MoveInstance { kind, args, when, effects }, cost));
        Ok(())
    })?;
    push_moves(problem, made);
    Ok(())
}

/// Expands `move NAME slides ...` into the concrete moves of every piece it may move.
fn expand_slide(
    m: &MoveDecl,
    pieces: Option<&Pieces>,
    (board, walls): (&Board, Option<&Walls>),
    env: &mut Env,
    problem: &mut MoveProblem,
    labels: &mut Vec<String>,
) -> R<()> {
    let kind = problem.move_names.len() as u32;
    problem.move_names.push(m.name.name.clone());
    let slide = m.slide.as_ref().expect("a sliding move");
    let Some(pieces) = pieces else {
        return Err(Diagnostic::new(Code::E109, slide.span, "only pieces slide, and this board has none")
            .label("a move of pieces")
            .related(board.span, "the board")
            .help("declare the board without values and its pieces: `board tray[5, 4]`, `piece cao = \"##/##\"`"));
    };
    if let Some(w) = &m.when
        && !env.eval_bool(w, "a sliding move's `when` says whether the move exists")?
    {
        return Ok(());
    }
    let cost = m.cost.as_ref().map_or(Ok(1), |k| move_cost(env, k))?;
    let made = pieces.expand(slide, (board, walls), kind, cost)?;
    labels.resize(problem.moves.len(), String::new());
    labels.extend(made.iter().map(|(_, _, name)| name.clone()));
    push_moves(problem, made.into_iter().map(|(mv, cost, _)| (mv, cost)).collect());
    Ok(())
}

/// Appends concrete moves with their costs; `costs` stays empty while every move costs 1.
fn push_moves(problem: &mut MoveProblem, made: Vec<(MoveInstance, u32)>) {
    for (mv, cost) in made {
        // (The first move of a spec may be the first to cost other than 1: `costs` is then
        // still empty after filling in the moves before it.)
        let active = !problem.costs.is_empty();
        if cost != 1 && !active {
            problem.costs = vec![1; problem.moves.len()];
        }
        if active || cost != 1 {
            problem.costs.push(cost);
        }
        problem.moves.push(mv);
    }
}

/// The largest cost of one move: totals stay far from overflowing 32 bits.
pub const MAX_MOVE_COST: i64 = 10_000;

/// `cost K`: a whole number from 0 to [`MAX_MOVE_COST`].
fn move_cost(env: &mut Env, k: &Expr) -> R<u32> {
    let n = env.eval_int(k, "a move's cost is a number")?;
    if !(0..=MAX_MOVE_COST).contains(&n) {
        return Err(Diagnostic::new(Code::E109, k.span, format!("a move's cost is 0 to {MAX_MOVE_COST}, found {n}"))
            .label("out of range")
            .help("`cost 0` for a free move, `cost 1` (the default) to count it"));
    }
    Ok(n as u32)
}

/// Two effects of one concrete move writing one cell: one of them would silently win.
fn two_writes(effects: &[Effect], sp: &Space, m: &MoveDecl) -> R<()> {
    let mut written: Vec<CellIx> = Vec::new();
    for eff in effects {
        let cells = match *eff {
            Effect::Set { cell, .. } | Effect::Compute { cell, .. } => vec![cell],
            Effect::Swap(a, b) => vec![a, b],
            // Cells known only in a position (`group::alone` checks `set group`).
            Effect::RemoveGroup { .. } | Effect::SetGroup { .. } => vec![],
        };
        if let Some(&cell) = cells.iter().find(|c| written.contains(c)) {
            let span = m.effects.first().map_or(m.name.span, |f| f.span.to(m.effects.last().unwrap().span));
            return Err(Diagnostic::new(
                Code::E109,
                span,
                format!("two effects of `{}` write {} in one move", m.name.name, sp.cell_text(cell)),
            )
            .label("these effects write one cell twice")
            .help("each effect of a move must write its own cells; combine them into one `set`"));
        }
        written.extend(cells);
    }
    Ok(())
}

/// Adds the conditions of `e` (comparisons joined by `and`) to `out`. Returns false when a
/// condition is false whatever the board holds, or reads a cell off the board.
fn conditions(e: &Expr, sp: &Space, env: &mut Env, out: &mut Vec<Cond>, programs: &mut Programs) -> R<bool> {
    let board = sp.board;
    if let ExprKind::Binary { op: BinOp::And, lhs, rhs } = &e.kind {
        return Ok(conditions(lhs, sp, env, out, programs)? && conditions(rhs, sp, env, out, programs)?);
    }
    if !reads_board(e, sp) {
        return env.eval_bool(e, "a move's `when` is a condition");
    }
    let e = match logic::guards_folded(e, sp, env)? {
        logic::Folded::Always(holds) => return Ok(holds),
        logic::Folded::Test(rest) if !std::ptr::eq(rest, e) => return conditions(rest, sp, env, out, programs),
        logic::Folded::Test(e) => e,
    };
    if logic::is_logic(e) {
        return Ok(match logic_cond(e, sp, env, programs)? {
            Some(c) => {
                out.push(c);
                true
            }
            None => false,
        });
    }
    let ExprKind::Binary { op, lhs, rhs } = &e.kind else { return Err(not_simple(e)) };
    let Some(op) = cmp_op(*op) else { return Err(not_simple(e)) };
    // `group(x, y) >= k`: the connected group at the cell has at least k cells.
    if let ExprKind::Call { func, args } = &lhs.kind
        && func.name == "group"
    {
        if op != CmpOp::Ge || args.len() != 2 {
            return Err(not_simple(e).help("write `group(x, y) >= k`"));
        }
        let at = Value::Tuple(env.eval_all(args)?.into());
        let min = env.eval_int(rhs, "a group size is a number")?;
        return Ok(match cell_of(board, &at, lhs.span)? {
            Some(cell) => {
                out.push(Cond::GroupAtLeast { cell, min: min.clamp(0, u32::MAX as i64) as u32 });
                true
            }
            None => false,
        });
    }
    Ok(match comparison(op, lhs, rhs, sp, env, programs)? {
        Some(c) => {
            out.push(c);
            true
        }
        None => false,
    })
}

/// `lhs op rhs` as a condition: a comparison of cells and board values, or arithmetic on
/// cells and counters compared with zero. `None` when a side reads a cell off the board.
fn comparison(
    op: CmpOp,
    lhs: &Expr,
    rhs: &Expr,
    sp: &Space,
    env: &mut Env,
    programs: &mut Programs,
) -> R<Option<Cond>> {
    // A side is plain when it reads one cell of the board, or nothing of the state.
    let plain =
        |x: &Expr| !reads_board(x, sp) || matches!(&x.kind, ExprKind::Call { func, .. } if func.name == sp.board.name);
    if plain(lhs) && plain(rhs) {
        let (Some(l), Some(r)) = (operand(lhs, sp, env)?, operand(rhs, sp, env)?) else { return Ok(None) };
        return Ok(Some(Cond::Cmp { lhs: l, op, rhs: r }));
    }
    let (mut l, mut r) = (Prog::default(), Prog::default());
    if !(program(lhs, sp, env, &mut l)? && program(rhs, sp, env, &mut r)?) {
        return Ok(None);
    }
    Ok(Some(Cond::Arith { lhs: programs.add(l), op, rhs: programs.add(r) }))
}

fn not_simple(e: &Expr) -> Diagnostic {
    Diagnostic::new(Code::E109, e.span, "a move's condition must compare cells and numbers")
        .label("too complex to test on the board")
        .help("write comparisons joined by `and`, `or` and `not`, such as `cells(x, y) != 0 and cells(x + d, y) == 0`")
}

/// A cell read (`board(x, y)`) or a number; `None` for a cell off the board.
fn operand(e: &Expr, sp: &Space, env: &mut Env) -> R<Option<Operand>> {
    let board = sp.board;
    if let ExprKind::Call { func, args } = &e.kind
        && func.name == board.name
    {
        let at = Value::Tuple(env.eval_all(args)?.into());
        return Ok(cell_of(board, &at, e.span)?.map(Operand::Cell));
    }
    if reads_board(e, sp) {
        return Err(not_simple(e));
    }
    // A piece's name stands for its anchor's code (a board of pieces names its values so).
    let v = match &e.kind {
        ExprKind::Name(n) if board.values.contains(&Value::Str(n.as_str().into())) => Value::Str(n.as_str().into()),
        _ => env.eval(e)?,
    };
    if let Some(code) = code_of(board, &v) {
        return Ok(Some(Operand::Const(code)));
    }
    let shown: Vec<String> = board.values.iter().take(20).map(|v| v.to_string()).collect();
    let blank = super::instance::blank_mark(board, super::instance::Blanks::UnlessDeclared);
    let empty = if named(board) { format!(" and '{blank}' (empty)") } else { String::new() };
    Err(Diagnostic::new(Code::G204, e.span, format!("{v} is not one of the values of `{}`", board.name))
        .label("not a value of the board")
        .related(board.span, "the board's values are declared here")
        .help(format!("cells hold {}{empty}", shown.join(" "))))
}

/// The effects one effect of a spec lowers to (a reversal is several swaps); `None` when
/// it touches a cell off the board.
fn effects_of(e: &EffectDecl, sp: &Space, env: &mut Env, programs: &mut Programs) -> R<Option<Vec<Effect>>> {
    match e {
        EffectDecl::Reverse(list) => group::reverse(list, sp, env),
        _ => Ok(effect(e, sp, env, programs)?.map(|e| vec![e])),
    }
}

fn effect(e: &EffectDecl, sp: &Space, env: &mut Env, programs: &mut Programs) -> R<Option<Effect>> {
    let board = sp.board;
    let cell = |x: &Expr, env: &mut Env| -> R<Option<CellIx>> {
        if sp.is_counter_read(x) && sp.counter_cell(x, env)?.is_some() {
            return Err(Diagnostic::new(Code::E109, x.span, "a counter is written with `set`, not swapped or grouped")
                .label("a counter")
                .help("write `set jug(0) = jug(1), set jug(1) = jug(0)`"));
        }
        let v = env.eval(x)?;
        cell_of(board, &v, x.span)
    };
    Ok(match e {
        EffectDecl::Swap(a, b) => match (cell(a, env)?, cell(b, env)?) {
            (Some(a), Some(b)) => Some(Effect::Swap(a, b)),
            _ => None,
        },
        EffectDecl::Set(a, v) => {
            let target = match sp.counter_cell(a, env)? {
                Some(Some(c)) => Some((c, true)),
                Some(None) => None,
                None => cell(a, env)?.map(|c| (c, false)),
            };
            let Some((c, counter)) = target else { return Ok(None) };
            if counter && !reads_board(v, sp) {
                // A number of the counter's range, checked here once.
                let n = env.eval_int(v, "a counter holds a number")?;
                return match sp.counter_holds(c, n) {
                    Ok(()) => Ok(Some(Effect::Set { cell: c, value: Operand::Const(n as u8) })),
                    Err((lo, hi)) => Err(Diagnostic::new(
                        Code::G204,
                        v.span,
                        format!("{n} is outside the range {lo}..={hi} of {}", sp.cell_text(c)),
                    )
                    .label("out of the counter's range")),
                };
            }
            if counter || is_arithmetic(v, sp) {
                let mut prog = Prog::default();
                if !program(v, sp, env, &mut prog)? {
                    return Ok(None); // reads a cell off the board: no such move
                }
                return Ok(Some(Effect::Compute { cell: c, program: programs.add(prog) }));
            }
            operand(v, sp, env)?.map(|value| Effect::Set { cell: c, value })
        }
        EffectDecl::RemoveGroup(a) => cell(a, env)?.map(|c| Effect::RemoveGroup { cell: c }),
        EffectDecl::SetGroup(at, v) => return group::set_group(at, v, sp, env),
        EffectDecl::Reverse(..) => unreachable!("several effects: lowered by `effects_of`"),
        EffectDecl::Each(..) => {
            return Err(Diagnostic::new(Code::E109, Span::default(), "an effect's `for` cannot nest").label("nested"));
        }
    })
}

/// Whether a value written by `set` is arithmetic on cells or counters (not one cell read,
/// not a constant).
fn is_arithmetic(e: &Expr, sp: &Space) -> bool {
    let cell_read = matches!(&e.kind, ExprKind::Call { func, .. } if func.name == sp.board.name);
    !cell_read && reads_board(e, sp)
}

/// Compiles arithmetic on cells and counters (`1 - cells(r, c)`, `min(5, jug(0) + jug(1))`)
/// to a postfix program; parts that do not read the state become constants. False when it
/// reads a cell off the board (or outside a counter).
fn program(e: &Expr, sp: &Space, env: &mut Env, out: &mut Prog) -> R<bool> {
    let board = sp.board;
    if !reads_board(e, sp) {
        out.push(Term::Const(env.eval_int(e, "a computed value is a number")?), e.span);
        return Ok(true);
    }
    if let Some(at) = sp.counter_cell(e, env)? {
        return Ok(match at {
            Some(c) => {
                out.push(Term::Cell(c), e.span);
                true
            }
            None => false,
        });
    }
    let bad = || {
        Diagnostic::new(Code::E109, e.span, "a computed value is arithmetic on cells and numbers")
            .label("cannot be computed on the board")
            .help("use `+`, `-`, `*`, `/` and `%` by a number, `min(...)`, `max(...)` and `abs(...)` of cell reads, counters and numbers")
    };
    match &e.kind {
        ExprKind::Call { func, args } if func.name == board.name => {
            let at = Value::Tuple(env.eval_all(args)?.into());
            Ok(match cell_of(board, &at, e.span)? {
                Some(c) => {
                    out.push(Term::Cell(c), e.span);
                    true
                }
                None => false,
            })
        }
        ExprKind::Call { func, args } if logic::is_fold(e, sp) => logic::fold(&func.name, &args[0], sp, env, out),
        ExprKind::Call { func, args } if (func.name == "min" || func.name == "max") && !args.is_empty() => {
            let op = if func.name == "min" { Term::Min } else { Term::Max };
            for (i, a) in args.iter().enumerate() {
                if !program(a, sp, env, out)? {
                    return Ok(false);
                }
                if i > 0 {
                    out.push(op, e.span);
                }
            }
            Ok(true)
        }
        // |x| = max(x, 0 - x).
        ExprKind::Call { func, args } if func.name == "abs" && args.len() == 1 => {
            let start = out.terms.len();
            if !program(&args[0], sp, env, out)? {
                return Ok(false);
            }
            let (x, spans) = (out.terms[start..].to_vec(), out.spans[start..].to_vec());
            out.push(Term::Const(0), e.span);
            out.terms.extend(x);
            out.spans.extend(spans);
            out.push(Term::Sub, e.span);
            out.push(Term::Max, e.span);
            Ok(true)
        }
        ExprKind::Unary { op: UnOp::Neg, operand } => {
            out.push(Term::Const(0), e.span);
            let ok = program(operand, sp, env, out)?;
            out.push(Term::Sub, e.span);
            Ok(ok)
        }
        ExprKind::Binary { op: op @ (BinOp::Div | BinOp::Rem), lhs, rhs } => {
            cyclic::divide(*op, lhs, rhs, sp, env, out)
        }
        ExprKind::Binary { op, lhs, rhs } => {
            let term = match op {
                BinOp::Add => Term::Add,
                BinOp::Sub => Term::Sub,
                BinOp::Mul => Term::Mul,
                _ => return Err(bad()),
            };
            let ok = program(lhs, sp, env, out)? && program(rhs, sp, env, out)?;
            out.push(term, e.span);
            Ok(ok)
        }
        _ => Err(bad()),
    }
}

/// Whether an expression reads the state: calls the board or `group`, or reads a counter.
fn reads_board(e: &Expr, sp: &Space) -> bool {
    match &e.kind {
        ExprKind::Call { func, args } => {
            func.name == sp.board.name
                || MOVE_BUILTINS.contains(&func.name.as_str())
                || sp.is_counter_read(e)
                || args.iter().any(|a| reads_board(a, sp))
        }
        ExprKind::Name(_) => sp.is_counter_read(e),
        ExprKind::Unary { operand, .. } => reads_board(operand, sp),
        ExprKind::Binary { lhs, rhs, .. } => reads_board(lhs, sp) || reads_board(rhs, sp),
        ExprKind::Tuple(v) | ExprKind::List(v) | ExprKind::Set(v) => v.iter().any(|x| reads_board(x, sp)),
        ExprKind::ListComp { body, each } | ExprKind::SetComp { body, each } => {
            reads_board(body, sp)
                || each.filter.as_ref().is_some_and(|f| reads_board(f, sp))
                || each.binders.iter().any(|b| reads_board(&b.source, sp))
        }
        _ => false,
    }
}

fn cmp_op(op: BinOp) -> Option<CmpOp> {
    Some(match op {
        BinOp::Eq => CmpOp::Eq,
        BinOp::Ne => CmpOp::Ne,
        BinOp::Lt => CmpOp::Lt,
        BinOp::Le => CmpOp::Le,
        BinOp::Gt => CmpOp::Gt,
        BinOp::Ge => CmpOp::Ge,
        _ => return None,
    })
}

fn at_least(env: &mut Env, e: &Expr, what: &str) -> R<u32> {
    let n = env.eval_int(e, what)?;
    if !(1..=1_000_000).contains(&n) {
        return Err(
            Diagnostic::new(Code::E109, e.span, format!("{what} must be at least 1, found {n}")).label("out of range")
        );
    }
    Ok(n as u32)
}

fn dir(d: Direction) -> Dir {
    match d {
        Direction::Down => Dir::Down,
        Direction::Up => Dir::Up,
        Direction::Left => Dir::Left,
        Direction::Right => Dir::Right,
    }
}

/// A rule on a board of pieces. Gravity, clearing and closing act on single cells: a piece's
/// cells would fall or vanish one by one, tearing it apart, and the torn board is no
/// position of pieces at all. Refused, with what to write instead.
fn rule_on_pieces(r: &RuleDecl, span: Span, board: &Board) -> Diagnostic {
    let what = match r {
        RuleDecl::Gravity(_) => "gravity moves single cells",
        RuleDecl::ClearRuns(_) | RuleDecl::ClearGroups(_) => "clearing empties single cells",
        RuleDecl::Close { .. } => "closing empty lines moves single cells",
    };
    Diagnostic::new(Code::E109, span, format!("{what}, and this board holds pieces"))
        .label("would tear pieces apart")
        .related(board.span, "a board without values holds pieces")
        .help("pieces move only by `move ... slides`: drop the rule, or give the board values (`board b[5, 4] of 0..=9`) so that each cell is a block of its own that falls and clears")
}

fn rule(r: &RuleDecl, span: Span, board: &Board, env: &mut Env) -> R<Rule> {
    Ok(match r {
        RuleDecl::Gravity(d) => Rule::Gravity(dir(*d)),
        RuleDecl::ClearRuns(e) => Rule::ClearRuns { min: at_least(env, e, "a run's length")? },
        RuleDecl::ClearGroups(e) => Rule::ClearGroups { min: at_least(env, e, "a group's size")? },
        RuleDecl::Close { columns, dir: d } => {
            let across = matches!(d, Direction::Left | Direction::Right);
            if *columns != across {
                let (lines, ways) =
                    if *columns { ("columns", "`left` or `right`") } else { ("rows", "`up` or `down`") };
                return Err(Diagnostic::new(Code::E109, span, format!("{lines} close {ways}"))
                    .label(format!("{lines} cannot close this way"))
                    .help(format!("write `close {lines}` with {ways}")));
            }
            if board.on.iter().any(|&on| !on) {
                return Err(Diagnostic::new(Code::E109, span, "closing empty lines needs a board without holes")
                    .label("the board has holes")
                    .related(board.span, "the board's mask is declared here")
                    .help("a column or row with holes has no single shape to move into: drop the mask, or the rule"));
            }
            Rule::Close(dir(*d))
        }
    })
}

/// `goal [for ...] when COND`: the comparisons of every binding, joined.
fn goal_conditions(e: &Expr, sp: &Space, env: &mut Env, out: &mut Vec<Cond>, programs: &mut Programs) -> R<()> {
    if let ExprKind::Binary { op: BinOp::And, lhs, rhs } = &e.kind {
        goal_conditions(lhs, sp, env, out, programs)?;
        return goal_conditions(rhs, sp, env, out, programs);
    }
    if !reads_board(e, sp) {
        if !env.eval_bool(e, "a goal's `when` is a condition")? {
            // False whatever the board holds: the goal can never be reached.
            out.push(Cond::Cmp { lhs: Operand::Const(0), op: CmpOp::Ne, rhs: Operand::Const(0) });
        }
        return Ok(());
    }
    let e = match logic::guards_folded(e, sp, env)? {
        logic::Folded::Always(true) => return Ok(()),
        logic::Folded::Always(false) => {
            out.push(Cond::Cmp { lhs: Operand::Const(0), op: CmpOp::Ne, rhs: Operand::Const(0) });
            return Ok(());
        }
        logic::Folded::Test(rest) if !std::ptr::eq(rest, e) => return goal_conditions(rest, sp, env, out, programs),
        logic::Folded::Test(e) => e,
    };
    if logic::is_logic(e) {
        out.push(logic_cond(e, sp, env, programs)?.ok_or_else(|| goal_off_board(e, sp))?);
        return Ok(());
    }
    let ExprKind::Binary { op, lhs, rhs } = &e.kind else { return Err(not_simple(e)) };
    let Some(op) = cmp_op(*op) else { return Err(not_simple(e)) };
    for x in [lhs, rhs] {
        if let Some(f) = builtin_call(x) {
            return Err(Diagnostic::new(Code::E109, x.span, format!("`{f}` only goes in a move's condition"))
                .label("not a goal")
                .help("a goal compares cells, counters and numbers"));
        }
    }
    let c = comparison(op, lhs, rhs, sp, env, programs)?.ok_or_else(|| goal_off_board(e, sp))?;
    out.push(c);
    Ok(())
}

fn goal_off_board(e: &Expr, sp: &Space) -> Diagnostic {
    Diagnostic::new(Code::G201, e.span, "the goal reads a cell off the board")
        .label("off the board")
        .related(sp.board.span, "the board is declared here")
        .help("limit the goal's `for` ranges to the board")
}

/// A condition with `or`, `not`, `any` or `all` as one test: its program (1 or 0) is not 0.
/// `None` when it reads a cell off the board.
fn logic_cond(e: &Expr, sp: &Space, env: &mut Env, programs: &mut Programs) -> R<Option<Cond>> {
    let mut p = Prog::default();
    if !logic::condition(e, sp, env, &mut p)? {
        return Ok(None);
    }
    let mut zero = Prog::default();
    zero.push(Term::Const(0), e.span);
    Ok(Some(Cond::Arith { lhs: programs.add(p), op: CmpOp::Ne, rhs: programs.add(zero) }))
}

/// The name of a move-only builtin (`group`) called anywhere in `e`.
fn builtin_call(e: &Expr) -> Option<String> {
    match &e.kind {
        ExprKind::Call { func, .. } if MOVE_BUILTINS.contains(&func.name.as_str()) => Some(func.name.clone()),
        ExprKind::Call { args, .. } => args.iter().find_map(builtin_call),
        ExprKind::Unary { operand, .. } => builtin_call(operand),
        ExprKind::Binary { lhs, rhs, .. } => builtin_call(lhs).or_else(|| builtin_call(rhs)),
        _ => None,
    }
}

/// `estimate EXPR`: arithmetic on cells and counters, as a program on the state.
fn estimate_of(e: &Expr, sp: &Space, env: &mut Env) -> R<Prog> {
    if let Some(f) = builtin_call(e) {
        return Err(Diagnostic::new(Code::E109, e.span, format!("`{f}` only goes in a move's condition"))
            .label("not an estimate")
            .help("an estimate is arithmetic on cells, counters and numbers"));
    }
    let mut prog = Prog::default();
    if !program(e, sp, env, &mut prog)? {
        return Err(Diagnostic::new(Code::G201, e.span, "the estimate reads a cell off the board")
            .label("off the board")
            .related(sp.board.span, "the board is declared here"));
    }
    Ok(prog)
}

fn goal_of(g: &GoalDecl, sp: &Space, env: &mut Env, programs: &mut Programs) -> R<Goal> {
    let board = sp.board;
    Ok(match g {
        GoalDecl::When { each, cond } => {
            let mut conds = Vec::new();
            match each {
                Some(each) => env.for_each(each, &mut |env| goal_conditions(cond, sp, env, &mut conds, programs))?,
                None => goal_conditions(cond, sp, env, &mut conds, programs)?,
            }
            Goal::All(conds)
        }
        GoalDecl::Empty => Goal::Empty,
        GoalDecl::Count(e) => Goal::NonEmptyCount(env.eval_int(e, "the number of blocks left").and_then(|n| {
            u32::try_from(n)
                .map_err(|_| Diagnostic::new(Code::E109, e.span, "a count of blocks is 0 or more").label("negative"))
        })?),
        GoalDecl::Pattern(s) => {
            let mut reader = super::instance::InstanceReader::new(&s.text, s.span.file, s.offset).picture();
            let grid = super::instance::read_grid(board, &mut reader, super::instance::Blanks::UnlessDeclared)?;
            let values = initial_state(&Board { given: grid.clone(), ..board.clone() })?;
            Goal::Pattern(grid.iter().zip(values).map(|(g, v)| g.map(|_| v)).collect())
        }
    })
}

/// The deepest search a budget may ask for; the engine keeps per-depth buffers.
pub const MAX_MOVES: i64 = 10_000;

fn budget_of(b: &BudgetDecl, _span: Span, env: &mut Env) -> R<Budget> {
    let count = |env: &mut Env, e: &Expr| -> R<u32> {
        let n = env.eval_int(e, "a number of moves")?;
        if n > MAX_MOVES {
            return Err(Diagnostic::new(Code::S401, e.span, format!("a search {n} moves deep is too large"))
                .label(format!("more than {MAX_MOVES} moves"))
                .help(format!("move budgets are limited to {MAX_MOVES} moves")));
        }
        u32::try_from(n).map_err(|_| {
            Diagnostic::new(Code::E109, e.span, format!("a number of moves is 0 or more, found {n}"))
                .label("out of range")
        })
    };
    Ok(match b {
        BudgetDecl::Exactly(e) => Budget::Exactly(count(env, e)?),
        BudgetDecl::AtMost(e) => Budget::AtMost(count(env, e)?),
        BudgetDecl::Fewest(e) => {
            Budget::Fewest { max: e.as_ref().map(|e| count(env, e)).transpose()?.unwrap_or(DEFAULT_FEWEST_MAX) }
        }
    })
}

/// Dead-state pruning that follows from the rules: when the goal is an empty board, every
/// move only swaps cells (so no value appears or disappears by a move), and the only rules
/// that remove blocks clear runs or groups of at least k equal values, then a value with
/// 1..k-1 blocks left can never vanish.
fn dead_below(p: &MoveProblem) -> Option<u32> {
    if p.goal != Goal::Empty || !p.moves.iter().all(|m| m.effects.iter().all(|e| matches!(e, Effect::Swap(..)))) {
        return None;
    }
    p.rules
        .iter()
        .filter_map(|r| match r {
            Rule::ClearRuns { min } | Rule::ClearGroups { min } => Some(*min),
            Rule::Gravity(_) | Rule::Close(_) => None,
        })
        .min()
        .filter(|&k| k >= 2)
}
