//! The move-search problem as plain data: one grid of small values, concrete moves in the
//! declared order, rules that run after every move until the grid is stable, a goal and a budget.
//!
//! The compiler expands every parametrised `move` of a spec into concrete [`MoveInstance`]s
//! (parameters substituted, coordinates turned into cell indices, moves that would leave the
//! board dropped), so the engine only ever tests and writes cells by index.
//!
//! Cells are stored row-major with row 0 at the top: `cell = row * cols + col`. A spec whose
//! origin is bottom-left (Mayan: y counts from the bottom) is mapped to this layout by the
//! compiler; the engine never sees coordinates.

/// A cell's value. `EMPTY` (0) is an empty cell; everything else is a block, peg, tile, colour.
pub type Value = u8;
pub const EMPTY: Value = 0;

/// Index of a cell, `row * cols + col`.
pub type CellIx = u32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    /// The value of a cell in the state the move starts from.
    Cell(CellIx),
    Const(Value),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

/// A precondition of a move. All of a move's conditions must hold for it to be legal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cond {
    Cmp {
        lhs: Operand,
        op: CmpOp,
        rhs: Operand,
    },
    /// The cell is non-empty and its 4-connected group of equal values has at least `min` cells.
    GroupAtLeast {
        cell: CellIx,
        min: u32,
    },
    /// The piece of [`MoveProblem::shapes`]`[shape]` whose anchor is at `from` can be moved,
    /// one cell up, down or sideways at a time, through on-board cells that are empty or its
    /// own, until its anchor is at `to` (a sliding block moved along any path). Says nothing
    /// about what the cells hold: a move pairs it with a test of the anchor's value.
    Reaches {
        shape: u32,
        from: CellIx,
        to: CellIx,
    },
    /// `eval(programs[lhs]) op eval(programs[rhs])`: arithmetic on cells and counters
    /// (`jug(0) + jug(1) > 4`). The sides are two programs, not their difference compared
    /// with zero, so that only the spec's own arithmetic can overflow.
    Arith {
        lhs: u32,
        op: CmpOp,
        rhs: u32,
    },
}

/// What a move does. A move's effects are simultaneous: every `Operand::Cell` read sees the
/// state before the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Set {
        cell: CellIx,
        value: Operand,
    },
    Swap(CellIx, CellIx),
    /// Writes the value of [`MoveProblem::programs`]`[program]` (arithmetic on the cells'
    /// values before the move). A move whose result is not one of the board's values
    /// ([`MoveProblem::allowed`]) is not legal in that state.
    Compute {
        cell: CellIx,
        program: u32,
    },
    /// Empties the 4-connected group of equal values containing `cell` (SameGame).
    RemoveGroup {
        cell: CellIx,
    },
    /// Writes `value` (read before the move) into every cell of the group at `cell`: the
    /// cells holding the value `cell` holds, empty included, connected to it by sides not
    /// crossed by a wall (Flood-It). The only effect of its move that writes the board.
    SetGroup {
        cell: CellIx,
        value: Operand,
    },
}

/// One step of an arithmetic program, evaluated on a stack of whole numbers (postfix).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Term {
    /// Push the value of a cell in the state the move starts from.
    Cell(CellIx),
    Const(i64),
    /// Pop two, push their sum (difference, product, least, greatest): `a b Sub` is `a - b`.
    Add,
    Sub,
    Mul,
    Min,
    Max,
    /// Pop two, push the Euclidean quotient (remainder) of `a` by `b`: the remainder is never
    /// negative, so `(x + 1) % 3` cycles through three colours. The compiler only divides by
    /// a number that reads nothing of the state and is not 0; a 0 met anyway fails like an
    /// overflow.
    Div,
    Mod,
    /// Pop two, push 1 when `a op b` holds and 0 when not (conditions joined by `or`, `not`,
    /// `any`, `all`: see `lower/moves/logic.rs`).
    Cmp(CmpOp),
}

/// Where arithmetic on the state overflowed 64 bits: term `term` of program `program` (of
/// [`MoveProblem::programs`], or [`ESTIMATE`] for the spec's `estimate`). The compiler keeps
/// the span of each term's expression, so the overflow is reported at the spec's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow {
    pub program: u32,
    pub term: u32,
}

/// [`Overflow::program`] of the spec's `estimate`, which is no program of the problem.
pub const ESTIMATE: u32 = u32::MAX;

/// One operation, checked: `None` when the result does not fit in 64 bits.
fn op(t: Term, a: i64, b: i64) -> Option<i64> {
    match t {
        Term::Add => a.checked_add(b),
        Term::Sub => a.checked_sub(b),
        Term::Mul => a.checked_mul(b),
        Term::Min => Some(a.min(b)),
        Term::Div if b != 0 => a.checked_div_euclid(b),
        // Every number divides by -1 with remainder 0 (`checked_rem_euclid` says None for
        // i64::MIN % -1 only because the quotient overflows).
        Term::Mod if b == -1 => Some(0),
        Term::Mod if b != 0 => a.checked_rem_euclid(b),
        Term::Div | Term::Mod => None,
        Term::Cmp(o) => Some(compare(a, o, b) as i64),
        _ => Some(a.max(b)),
    }
}

/// Evaluates a program on the cells of `s`. Arithmetic is checked, as the compiler's is: a
/// result that does not fit in 64 bits is `Err` with the index of the term that made it
/// (never a saturated or wrapped number, which could satisfy a goal or a condition that
/// the true value does not).
pub fn eval_program(program: &[Term], s: &[Value], stack: &mut Vec<i64>) -> Result<i64, u32> {
    stack.clear();
    for (i, t) in program.iter().enumerate() {
        let v = match *t {
            Term::Cell(c) => s[c as usize] as i64,
            Term::Const(k) => k,
            t => {
                let b = stack.pop().unwrap_or(0);
                let a = stack.pop().unwrap_or(0);
                op(t, a, b).ok_or(i as u32)?
            }
        };
        stack.push(v);
    }
    Ok(stack.pop().unwrap_or(0))
}

/// [`eval_program`] without a heap stack, for goals and bounds that are evaluated at every
/// position: a stack of 32 on the machine stack, a heap one only for deeper programs.
pub fn eval_small(program: &[Term], s: &[Value]) -> Result<i64, u32> {
    let mut stack = [0i64; 32];
    let mut sp = 0usize;
    for (i, t) in program.iter().enumerate() {
        let v = match *t {
            Term::Cell(c) => s[c as usize] as i64,
            Term::Const(k) => k,
            t => {
                let b = if sp > 0 { stack[sp - 1] } else { 0 };
                let a = if sp > 1 { stack[sp - 2] } else { 0 };
                sp = sp.saturating_sub(2);
                op(t, a, b).ok_or(i as u32)?
            }
        };
        if sp == stack.len() {
            return eval_program(program, s, &mut Vec::new());
        }
        stack[sp] = v;
        sp += 1;
    }
    Ok(if sp > 0 { stack[sp - 1] } else { 0 })
}

/// Whether `a op b` (cell values, 64-bit numbers, or the verifier's 128-bit ones).
pub fn compare<T: Ord>(a: T, op: CmpOp, b: T) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Lt => a < b,
        CmpOp::Le => a <= b,
        CmpOp::Gt => a > b,
        CmpOp::Ge => a >= b,
    }
}

/// A counter of the state: one number after the board's cells, always in `lo..=hi`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    /// How traces and `--emit moves` show it: `left`, `jug(1)`, `hand(0, 2)`.
    pub name: String,
    pub lo: Value,
    pub hi: Value,
}

/// One concrete move: the parametrised move `name` with its parameters bound to `args`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveInstance {
    /// Index into [`MoveProblem::move_names`].
    pub kind: u32,
    /// Parameter values, in the order of the move's parameters (printed in answers).
    pub args: Vec<i64>,
    pub when: Vec<Cond>,
    pub effects: Vec<Effect>,
}

/// Direction of gravity, in grid terms (`Down` = towards the last row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    Down,
    Up,
    Left,
    Right,
}

/// A rule run after every move. The rules run in declared order, and the whole list is
/// repeated until one full pass changes nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// Every non-empty cell falls in `Dir` until it meets the border, a hole or another block.
    Gravity(Dir),
    /// All horizontal and vertical runs of at least `min` equal non-empty cells are found first,
    /// then all are emptied together (cells of crossing runs are emptied once).
    ClearRuns { min: u32 },
    /// All 4-connected groups of at least `min` equal non-empty cells are emptied together.
    ClearGroups { min: u32 },
    /// Empty lines close up towards `Dir`: with `Left`/`Right` every column without a block
    /// vanishes and the columns beyond it move over, keeping their order (SameGame); with
    /// `Up`/`Down`, rows likewise. Only on boards without holes.
    Close(Dir),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Every cell empty.
    Empty,
    /// Exactly this many non-empty cells.
    NonEmptyCount(u32),
    /// Every cell with `Some(v)` holds `v`; `None` cells are free.
    Pattern(Vec<Option<Value>>),
    /// Every comparison holds (`Cond::Cmp` only).
    All(Vec<Cond>),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// The goal must hold after exactly `n` moves (and is not checked before).
    Exactly(u32),
    /// The goal must hold after some number of moves in `0..=n`.
    AtMost(u32),
    /// The fewest moves that reach the goal, searching no deeper than `max`.
    Fewest { max: u32 },
}

/// A move-search problem.
///
/// Invariants: `on_board.len() == initial.len() == rows * cols`; off-board cells hold `EMPTY`
/// in every state and no move or rule touches them; every `CellIx` in a move is on the board;
/// a `Pattern` goal has one entry per cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveProblem {
    pub rows: usize,
    pub cols: usize,
    pub on_board: Vec<bool>,
    pub initial: Vec<Value>,
    /// Names of the parametrised moves, for traces and diagnostics.
    pub move_names: Vec<String>,
    /// Concrete moves in the order that defines the *first* solution: the answer is the
    /// lexicographically smallest move sequence, comparing moves by their index here.
    pub moves: Vec<MoveInstance>,
    pub rules: Vec<Rule>,
    pub goal: Goal,
    pub budget: Budget,
    /// Dead-state pruning derived by the compiler (or declared and checked): when `Some(k)`,
    /// a state in which some non-empty value occurs between 1 and `k - 1` times can never
    /// reach the goal. Only set when the goal is `Empty`, no move changes the multiset of
    /// values, and the only removal rule clears runs or groups of at least `k`.
    pub dead_below: Option<u32>,
    /// The arithmetic of [`Effect::Compute`] effects.
    pub programs: Vec<Vec<Term>>,
    /// `allowed[v]`: whether a cell may hold `v` (256 entries; the board's values). Only
    /// computed values are checked: every other write is checked by the compiler.
    pub allowed: Vec<bool>,
    /// What each move adds to the total that `Fewest` minimises, indexed like `moves`.
    /// Empty when every move costs 1 (the number of moves is minimised).
    pub costs: Vec<u32>,
    /// The shapes of [`Cond::Reaches`]: each a list of (row, col) offsets from the piece's
    /// anchor, which is its first cell in row-major order (offset (0, 0)).
    pub shapes: Vec<Vec<(i32, i32)>>,
    /// Walls between cells, one byte per board cell: bit 1 the side above, 2 right, 4 below,
    /// 8 left (as drawn; both cells of a walled edge have its bit). Empty without walls.
    /// Moves are lowered knowing them; engines read them only where they take steps of
    /// their own ([`Cond::Reaches`]).
    pub walls: Vec<u8>,
    /// Numbers of the state beside the board (`counter` statements): counter `i` is state
    /// cell `rows * cols + i`. Rules and the goals `Empty`, `NonEmptyCount` and `Pattern`
    /// see the board only; conditions, effects and `All` goals read and write both.
    pub counters: Vec<Counter>,
}

impl MoveProblem {
    /// What move `m` costs (1 unless the problem has costs).
    pub fn cost(&self, m: usize) -> u32 {
        self.costs.get(m).copied().unwrap_or(1)
    }

    /// The board's cells (`rows * cols`), which come first in a state.
    pub fn grid_len(&self) -> usize {
        self.rows * self.cols
    }

    /// The length of a state: the board's cells, then the counters.
    pub fn state_len(&self) -> usize {
        self.grid_len() + self.counters.len()
    }

    /// Whether `v` may be written to state cell `cell` by a computed effect: one of the
    /// board's values on the board, a number of the counter's range in a counter.
    pub fn may_hold(&self, cell: CellIx, v: i64) -> bool {
        match (cell as usize).checked_sub(self.grid_len()) {
            Some(k) => self.counters.get(k).is_some_and(|c| (c.lo as i64..=c.hi as i64).contains(&v)),
            None => u8::try_from(v).is_ok_and(|v| self.allowed[v as usize]),
        }
    }

    /// Whether some move costs other than 1: `Fewest` then minimises the total cost.
    pub fn has_costs(&self) -> bool {
        self.costs.iter().any(|&c| c != 1)
    }

    /// Checks the invariants stated on [`MoveProblem`] (the compiler's contract with the
    /// engine). The engine may index out of bounds or loop on a problem that fails this.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.rows * self.cols;
        if self.on_board.len() != n || self.initial.len() != n + self.counters.len() {
            return Err(format!(
                "grid is {}x{} = {n} cells and {} counters but on_board has {} and initial has {}",
                self.rows,
                self.cols,
                self.counters.len(),
                self.on_board.len(),
                self.initial.len()
            ));
        }
        for (i, c) in self.counters.iter().enumerate() {
            if c.lo > c.hi || !(c.lo..=c.hi).contains(&self.initial[n + i]) {
                return Err(format!(
                    "counter {} starts at {}, outside {}..={}",
                    c.name,
                    self.initial[n + i],
                    c.lo,
                    c.hi
                ));
            }
        }
        let is_counter = |c: CellIx| (n..n + self.counters.len()).contains(&(c as usize));
        if let Some(c) = (0..n).find(|&c| !self.on_board[c] && self.initial[c] != EMPTY) {
            return Err(format!("off-board cell {} holds {}", self.cell_name(c as CellIx), self.initial[c]));
        }
        let cell_ok = |c: CellIx, what: &str, m: usize| -> Result<(), String> {
            if (c as usize) < n && self.on_board[c as usize] {
                Ok(())
            } else {
                Err(format!("move {m}: {what} refers to cell {c}, which is not on the board"))
            }
        };
        for (i, m) in self.moves.iter().enumerate() {
            if m.kind as usize >= self.move_names.len() {
                return Err(format!("move {i}: kind {} has no name", m.kind));
            }
            for c in &m.when {
                match *c {
                    Cond::Cmp { lhs, rhs, .. } => {
                        for o in [lhs, rhs] {
                            if let Operand::Cell(c) = o {
                                cell_ok(c, "a condition", i)?;
                            }
                        }
                    }
                    Cond::Arith { lhs, rhs, .. } => {
                        self.program_ok(lhs, &format!("move {i}"))?;
                        self.program_ok(rhs, &format!("move {i}"))?;
                    }
                    Cond::GroupAtLeast { cell, .. } => cell_ok(cell, "a group condition", i)?,
                    Cond::Reaches { shape, from, to } => {
                        cell_ok(from, "a path condition", i)?;
                        cell_ok(to, "a path condition", i)?;
                        if shape as usize >= self.shapes.len() {
                            return Err(format!("move {i}: shape {shape} does not exist"));
                        }
                    }
                }
            }
            for e in &m.effects {
                match *e {
                    Effect::Set { cell, value } if is_counter(cell) => {
                        // Only constants of the counter's range; anything else is computed.
                        let Operand::Const(v) = value else {
                            return Err(format!("move {i}: a counter is set from a cell"));
                        };
                        if !self.may_hold(cell, v as i64) {
                            return Err(format!("move {i}: sets {} to {v}, outside its range", self.cell_name(cell)));
                        }
                    }
                    Effect::Set { cell, value } => {
                        cell_ok(cell, "an effect", i)?;
                        if let Operand::Cell(c) = value {
                            cell_ok(c, "an effect", i)?;
                        }
                    }
                    Effect::Swap(a, b) => {
                        cell_ok(a, "a swap", i)?;
                        cell_ok(b, "a swap", i)?;
                    }
                    Effect::RemoveGroup { cell } => cell_ok(cell, "a group removal", i)?,
                    Effect::SetGroup { cell, value } => {
                        cell_ok(cell, "a group's recolouring", i)?;
                        if let Operand::Cell(c) = value {
                            cell_ok(c, "a group's recolouring", i)?;
                        }
                    }
                    Effect::Compute { cell, program } => {
                        if !is_counter(cell) {
                            cell_ok(cell, "an effect", i)?;
                        }
                        self.program_ok(program, &format!("move {i}"))?;
                    }
                }
            }
        }
        if !self.costs.is_empty() && self.costs.len() != self.moves.len() {
            return Err(format!("{} costs for {} moves", self.costs.len(), self.moves.len()));
        }
        if self.has_costs() && !matches!(self.budget, Budget::Fewest { .. }) {
            return Err("move costs only count under `Fewest`".into());
        }
        for r in &self.rules {
            if let Rule::ClearRuns { min: 0 } | Rule::ClearGroups { min: 0 } = r {
                return Err("a clearing rule needs a minimum of at least 1".into());
            }
        }
        if let Goal::Pattern(p) = &self.goal
            && p.len() != n
        {
            return Err(format!("goal pattern has {} cells, the grid {n}", p.len()));
        }
        if let Goal::All(conds) = &self.goal {
            for c in conds {
                match *c {
                    Cond::Cmp { lhs, rhs, .. } => {
                        for o in [lhs, rhs] {
                            if let Operand::Cell(c) = o {
                                cell_ok(c, "the goal", usize::MAX)?;
                            }
                        }
                    }
                    Cond::Arith { lhs, rhs, .. } => {
                        self.program_ok(lhs, "the goal")?;
                        self.program_ok(rhs, "the goal")?;
                    }
                    _ => return Err("a goal condition is a comparison".into()),
                }
            }
        }
        if self.rules.iter().any(|r| matches!(r, Rule::Close(_))) && self.on_board.iter().any(|&on| !on) {
            return Err("closing empty lines needs a board without holes".into());
        }
        if self.dead_below.is_some() && self.goal != Goal::Empty {
            return Err("dead_below is only sound with the goal `Empty`".into());
        }
        Ok(())
    }

    /// Whether program `program` exists, reads only state cells (board or counters) and
    /// leaves one value.
    pub fn program_ok(&self, program: u32, what: &str) -> Result<(), String> {
        let Some(prog) = self.programs.get(program as usize) else {
            return Err(format!("{what}: program {program} does not exist"));
        };
        self.terms_ok(prog).map_err(|e| format!("{what}: program {program} {e}"))
    }

    /// Whether a program reads only state cells and leaves one value.
    pub fn terms_ok(&self, prog: &[Term]) -> Result<(), String> {
        let n = self.grid_len();
        let mut depth = 0i64;
        for t in prog {
            match *t {
                Term::Cell(c) => {
                    let c = c as usize;
                    if !(c < n && self.on_board[c] || (n..self.state_len()).contains(&c)) {
                        return Err(format!("reads cell {c}, which is neither on the board nor a counter"));
                    }
                    depth += 1;
                }
                Term::Const(_) => depth += 1,
                _ => depth -= 1,
            }
            if depth < 1 {
                return Err("pops an empty stack".into());
            }
        }
        if depth != 1 {
            return Err(format!("leaves {depth} values"));
        }
        Ok(())
    }

    /// A program in infix, as [`MoveProblem::to_text`] shows it.
    fn program_text(&self, program: u32) -> String {
        let mut stack: Vec<String> = Vec::new();
        for t in self.programs.get(program as usize).map_or(&[][..], Vec::as_slice) {
            let s = match *t {
                Term::Cell(c) => self.cell_name(c),
                Term::Const(k) => k.to_string(),
                op => {
                    let b = stack.pop().unwrap_or_default();
                    let a = stack.pop().unwrap_or_default();
                    match op {
                        Term::Add => format!("({a} + {b})"),
                        Term::Sub => format!("({a} - {b})"),
                        Term::Mul => format!("({a} * {b})"),
                        Term::Min => format!("min({a}, {b})"),
                        Term::Div => format!("({a} / {b})"),
                        Term::Mod => format!("({a} % {b})"),
                        Term::Cmp(o) => format!("({a} {} {b})", op_text(o)),
                        _ => format!("max({a}, {b})"),
                    }
                }
            };
            stack.push(s);
        }
        stack.pop().unwrap_or_default()
    }

    /// A condition as [`MoveProblem::to_text`] shows it.
    fn cond_text(&self, c: &Cond) -> String {
        let opnd = |x: Operand| match x {
            Operand::Cell(c) => self.cell_name(c),
            Operand::Const(v) => v.to_string(),
        };
        match *c {
            Cond::Cmp { lhs, op, rhs } => format!("{} {} {}", opnd(lhs), op_text(op), opnd(rhs)),
            Cond::GroupAtLeast { cell, min } => format!("group({}) >= {min}", self.cell_name(cell)),
            Cond::Arith { lhs, op, rhs } => {
                format!("{} {} {}", self.program_text(lhs), op_text(op), self.program_text(rhs))
            }
            Cond::Reaches { shape, from, to } => {
                format!("shape {shape} reaches {} from {}", self.cell_name(to), self.cell_name(from))
            }
        }
    }

    /// `r{row}c{col}`, the cell's name in [`MoveProblem::to_text`].
    pub fn cell_name(&self, c: CellIx) -> String {
        let c = c as usize;
        if let Some(k) = c.checked_sub(self.grid_len()) {
            return self.counters.get(k).map_or_else(|| format!("counter{k}"), |x| x.name.clone());
        }
        format!("r{}c{}", c / self.cols.max(1), c % self.cols.max(1))
    }

    /// A stable, line-oriented dump of the problem (for `puzc compile --emit moves`): the grid
    /// (`#` = off board, `.` = empty), rules, goal, budget, then one line per move in order.
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let mut o = String::new();
        let _ = writeln!(o, "grid {} rows x {} cols", self.rows, self.cols);
        for r in 0..self.rows {
            let row: Vec<String> = (0..self.cols)
                .map(|c| {
                    let i = r * self.cols + c;
                    match (self.on_board[i], self.initial[i]) {
                        (false, _) => "#".to_string(),
                        (true, EMPTY) => ".".to_string(),
                        (true, v) => v.to_string(),
                    }
                })
                .collect();
            let _ = writeln!(o, "  {}", row.join(" "));
        }
        if !self.counters.is_empty() {
            let shown: Vec<String> = (self.counters.iter().enumerate())
                .map(|(i, c)| format!("{}={} in {}..={}", c.name, self.initial[self.grid_len() + i], c.lo, c.hi))
                .collect();
            let _ = writeln!(o, "counters: {}", shown.join(" "));
        }
        let rules: Vec<String> = self
            .rules
            .iter()
            .map(|r| match r {
                Rule::Gravity(d) => format!("gravity {}", format!("{d:?}").to_lowercase()),
                Rule::ClearRuns { min } => format!("clear runs >= {min}"),
                Rule::ClearGroups { min } => format!("clear groups >= {min}"),
                Rule::Close(d) => close_name(*d),
            })
            .collect();
        let _ = writeln!(o, "rules: {}", if rules.is_empty() { "none".into() } else { rules.join("; ") });
        let goal = match &self.goal {
            Goal::Empty => "empty".to_string(),
            Goal::NonEmptyCount(n) => format!("{n} non-empty cells"),
            Goal::All(conds) => {
                let shown: Vec<String> = conds.iter().map(|c| self.cond_text(c)).collect();
                format!("all of {}", shown.join(" and "))
            }
            Goal::Pattern(p) => {
                let cells: Vec<String> = p
                    .iter()
                    .enumerate()
                    .filter_map(|(i, v)| v.map(|v| format!("{}={v}", self.cell_name(i as CellIx))))
                    .collect();
                format!("pattern {}", cells.join(" "))
            }
        };
        let _ = writeln!(o, "goal: {goal}");
        let budget = match self.budget {
            Budget::Exactly(n) => format!("exactly {n}"),
            Budget::AtMost(n) => format!("at most {n}"),
            Budget::Fewest { max } => format!("fewest, at most {max}"),
        };
        let _ = writeln!(o, "budget: {budget}");
        if let Some(k) = self.dead_below {
            let _ = writeln!(o, "dead when a value occurs 1..{} times", k.saturating_sub(1));
        }
        let opnd = |x: Operand| match x {
            Operand::Cell(c) => self.cell_name(c),
            Operand::Const(v) => v.to_string(),
        };
        for (i, m) in self.moves.iter().enumerate() {
            let name = self.move_names.get(m.kind as usize).map_or("?", String::as_str);
            let args: Vec<String> = m.args.iter().map(i64::to_string).collect();
            let when: Vec<String> = m.when.iter().map(|c| self.cond_text(c)).collect();
            let effects: Vec<String> = m
                .effects
                .iter()
                .map(|e| match *e {
                    Effect::Set { cell, value } => format!("{} := {}", self.cell_name(cell), opnd(value)),
                    Effect::Swap(a, b) => format!("swap {} {}", self.cell_name(a), self.cell_name(b)),
                    Effect::RemoveGroup { cell } => format!("remove group({})", self.cell_name(cell)),
                    Effect::SetGroup { cell, value } => format!("group({}) := {}", self.cell_name(cell), opnd(value)),
                    Effect::Compute { cell, program } => {
                        format!("{} := {}", self.cell_name(cell), self.program_text(program))
                    }
                })
                .collect();
            let _ = write!(o, "move {i} {name}({})", args.join(", "));
            if !when.is_empty() {
                let _ = write!(o, " when {}", when.join(" and "));
            }
            let _ = write!(o, " do {}", effects.join(", "));
            if self.cost(i) != 1 {
                let _ = write!(o, " cost {}", self.cost(i));
            }
            let _ = writeln!(o);
        }
        o
    }
}

/// A comparison as specs write it.
pub fn op_text(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Eq => "==",
        CmpOp::Ne => "!=",
        CmpOp::Lt => "<",
        CmpOp::Le => "<=",
        CmpOp::Gt => ">",
        CmpOp::Ge => ">=",
    }
}

/// `close columns left`, `close rows down`: a [`Rule::Close`] as the spec writes it.
pub fn close_name(d: Dir) -> String {
    let lines = if matches!(d, Dir::Left | Dir::Right) { "columns" } else { "rows" };
    format!("close {lines} {}", format!("{d:?}").to_lowercase())
}
