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
    Cmp { lhs: Operand, op: CmpOp, rhs: Operand },
    /// The cell is non-empty and its 4-connected group of equal values has at least `min` cells.
    GroupAtLeast { cell: CellIx, min: u32 },
}

/// What a move does. A move's effects are simultaneous: every `Operand::Cell` read sees the
/// state before the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Set { cell: CellIx, value: Operand },
    Swap(CellIx, CellIx),
    /// Empties the 4-connected group of equal values containing `cell` (SameGame).
    RemoveGroup { cell: CellIx },
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
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Every cell empty.
    Empty,
    /// Exactly this many non-empty cells.
    NonEmptyCount(u32),
    /// Every cell with `Some(v)` holds `v`; `None` cells are free.
    Pattern(Vec<Option<Value>>),
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
}
