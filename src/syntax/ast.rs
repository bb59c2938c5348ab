//! The abstract syntax of a spec. Every node carries the span it was parsed from, so any
//! later stage can point a diagnostic at the exact text.
use crate::diag::Span;

/// A name as written, with its place.
#[derive(Clone, Debug)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A string literal's text (without quotes) and its place; `offset` is the byte offset of the
/// text's first character in the file, so errors inside the text can point at a character.
#[derive(Clone, Debug)]
pub struct StrLit {
    pub text: String,
    pub span: Span,
    pub offset: usize,
}

#[derive(Clone, Debug)]
pub struct Spec {
    pub stmts: Vec<Stmt>,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Puzzle(StrLit),
    Import(StrLit),
    Let {
        name: Ident,
        value: Expr,
    },
    Param {
        name: Ident,
        range: Option<Expr>,
    },
    Board(BoardDecl),
    Fill(Ident),
    Given {
        board: Ident,
        source: GivenSource,
    },
    /// `walls tray from instance`: walls between the board's cells (src/lower/walls.rs).
    Walls {
        board: Ident,
        source: GivenSource,
    },
    Region(RegionDecl),
    Each {
        regions: Vec<Ident>,
        once: Once,
    },
    Piece(PieceDecl),
    Tiles(TilesDecl),
    Place(PlaceDecl),
    Confine(ConfineDecl),
    /// `match edges`, with `, border label` the label of every edge without a neighbour.
    MatchEdges(Option<Expr>),
    Item(ItemStmt),
    Option(OptionDecl),
    /// `answer MODE`, and the span of `up to symmetry` when written.
    Answer(Spanned<AnswerMode>, Option<Span>),
    Instance(StrLit),
    Cases(Spanned<Cases>),
    /// `print TEMPLATE` (per case) or `print between cases TEMPLATE`.
    Print {
        between: bool,
        template: StrLit,
        long: bool,
    },
    Move(MoveDecl),
    After(Vec<Spanned<RuleDecl>>),
    Goal(Spanned<GoalDecl>),
    Budget(Spanned<BudgetDecl>),
    /// `counter name[dims] in range [= value | from instance]`: numbers in a played
    /// puzzle's state beside the board.
    Counter(CounterDecl),
    /// `estimate EXPR`: the author's lower bound on the moves left.
    Estimate(Expr),
    /// `grid name[rows, cols] ...`: a grid of labels, as a value.
    Grid(GridDecl),
    /// `table name[count] from instance`: `key value` pairs, as a value.
    Table {
        name: Ident,
        count: Expr,
    },
    /// `region name from grid without ...`: one region per distinct label.
    RegionFrom {
        name: Ident,
        grid: Expr,
        without: Option<Expr>,
    },
    /// `region across from runs in rows` (`columns: false`) or `in columns`: one region per
    /// maximal run of two or more cells, named by its first cell.
    RegionRuns {
        name: Ident,
        columns: bool,
    },
    /// `each cage(l) sums to t, all different`.
    Cage(CageDecl),
    /// `each row, col holds exactly 2 of '*'`: how many cells of each region hold the values.
    Count {
        regions: Vec<Ident>,
        /// `each row(r) holds exactly rows[r] of 'S'`: names bound to each member's parameters
        /// while the bound is evaluated (one region family then); empty for a list of families.
        params: Vec<Ident>,
        bound: CountBound,
        /// A value of the board, or a list of them.
        of: Expr,
        span: Span,
    },
    /// `no two '*' touch` (`diagonal`: `, diagonally too`).
    Apart {
        of: Expr,
        diagonal: bool,
        span: Span,
    },
    /// `no two pieces touch` (`diagonal`: `, diagonally too`): placed pieces (`src/lower/fleet.rs`).
    PiecesApart {
        diagonal: bool,
        span: Span,
    },
    /// `the '.' cells are connected`: the cells holding the values form one area.
    Connected {
        /// A value of the board, or a list of them.
        of: Expr,
        span: Span,
    },
    /// `each area of '.' cells holds one clue of clues, its size` (`sized`: `, its size`).
    Areas {
        of: Expr,
        /// A grid of the board's size: its numbers are the clues.
        clues: Expr,
        sized: bool,
        span: Span,
    },
    /// `each 'T' pairs with one 'A' beside it` (`diagonal`: `, diagonally too`): the cells
    /// holding `of` and those holding `with` pair off one to one, each pair touching
    /// (`src/lower/pairs.rs`).
    Pairs(PairsDecl),
    /// `consecutive numbers are beside each other` (`diagonal`: `, diagonally too`): the
    /// board's numbers stand once each, consecutive ones in touching cells
    /// (`src/lower/chain.rs`).
    Chain {
        diagonal: bool,
        span: Span,
    },
    /// `no two rows are the same`, `no two columns are the same`, `no two rows or columns are
    /// the same` (`rows`, `columns`: which lines the rule compares; at least one): no two
    /// lines of the filled board hold equal values position by position
    /// (`src/lower/distinct.rs`).
    Distinct {
        rows: bool,
        columns: bool,
        span: Span,
    },
    /// `each area of equal values has size its value`, `each area of '#' cells has size 2`.
    Sized(SizedDecl),
    /// `the '#' cells of each room are connected` (`src/lower/shapes.rs`).
    ConnectedEach(RegionsDecl),
    /// `no two congruent shapes of '#' in room touch` (`src/lower/shapes.rs`).
    Shapes(RegionsDecl),
    /// `no line of '.' cells crosses 2 borders of room` (`src/lower/crossing.rs`).
    Crossing(CrossingDecl),
    /// `no 2 by 2 block of '#'`: no block of `rows` × `cols` cells holds only the values.
    Block {
        rows: Expr,
        cols: Expr,
        of: Expr,
        span: Span,
    },
    /// `cells x at (r, c), y at (r, c + 1) hold x < y for ...`: a relation between cells.
    Compare(CompareDecl),
    /// `clues given grid, empty '.'`: which instance grid holds the puzzle's clues and the
    /// character that writes "no clue" (what `puzc generate` writes).
    Clues {
        board: Ident,
        empty: Expr,
        span: Span,
    },
    /// `clues in total follow from the solution, empty '-'`: the instance data whose entries
    /// are clues derived from a solution by the rules that read them (`src/lower/derive.rs`).
    DerivedClues(DerivedCluesDecl),
    /// `the runs of '#' along CELLS are LENGTHS for ...`: Nonogram's clues.
    Runs(RunsDecl),
    /// `loop on the edges of grid`: the used sides of the board's cells form one loop;
    /// `loop through the cells of grid` (`cells`): the loop runs from cell to cell.
    Loop {
        board: Ident,
        cells: bool,
        span: Span,
    },
    /// `the loop turns at (r, c), going straight in the next cell on both sides for ...`.
    LoopRule(LoopRuleDecl),
    /// `paths join the equal numbers of clues, through every cell`: Numberlink.
    Paths {
        /// A grid of the board's size: each number labels an end of a path.
        clues: Expr,
        every_cell: bool,
        span: Span,
    },
    /// `each clue of clues counts the loop edges around it`: a clue cell has that many sides
    /// on the loop.
    LoopClues {
        /// A grid of the board's size: its numbers 0 to 4 are the clues.
        clues: Expr,
        span: Span,
    },
    /// `bridges join the numbers of clues, at most K between two`: the numbered cells of
    /// `clues` are islands joined by straight bridges (Hashiwokakero, `lower/bridges.rs`).
    Bridges {
        /// A grid of the board's size: its numbers are the islands' bridge ends.
        clues: Expr,
        /// At most this many bridges between two islands.
        most: Expr,
        span: Span,
    },
    /// `all islands are connected`: the bridges join every island to every other.
    IslandsConnected {
        span: Span,
    },
    /// `along CELLS, K cells are seen for ...`: Skyscrapers' clues.
    Seen(SeenDecl),
    /// Sight lines until a wall: `each '.' cell sees at least 1 of 'L' until '#'`, `no two
    /// 'L' see each other until '#'`, `from (r, c), K cells are seen until '#' for ...`.
    Sight(SightDecl),
    /// `draw ...`: what a picture shows; nothing a solver sees.
    Draw(Spanned<DrawDecl>),
}

/// How a picture draws the regions of a family (`draw box as outlines`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawStyle {
    /// A heavy line around each region.
    Outlines,
    /// A dashed line just inside each region, with its cage's target in the top-left corner.
    Cages,
    /// A line through the centres of the region's cells, in the family's order.
    Lines,
    /// A line through the centres with a bulb on the first cell.
    Thermometers,
}

/// One `draw` statement.
#[derive(Clone, Debug)]
pub enum DrawDecl {
    Regions {
        families: Vec<Ident>,
        style: DrawStyle,
    },
    /// `draw black CELLS`.
    Black(Expr),
    /// `draw mark CELLS`.
    Mark(Expr),
    /// `draw clue CELL = TEXT for ...`.
    Clue {
        cell: Expr,
        text: Expr,
        each: Option<ForClause>,
    },
    /// `draw clue between A, B = TEXT for ...`: a clue on the side two neighbouring cells
    /// share (Futoshiki's signs).
    EdgeClue {
        cells: (Expr, Expr),
        text: Expr,
        each: Option<ForClause>,
    },
    /// `draw rows shifted left` (`left: true`) or `right`.
    Shift {
        left: bool,
    },
    /// `draw value V as GLYPH`: cells holding the value `V` drawn as a glyph.
    Value {
        value: Expr,
        glyph: Glyph,
    },
}

/// How a picture draws the cells that hold a value (`draw value 1 as disc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyph {
    /// A filled circle: a peg, a stone.
    Disc,
    /// An empty circle: a hole.
    Ring,
    /// The cell dark: a wall.
    Wall,
    /// Nothing: the cell left plain.
    Blank,
    /// A tree: a green crown on a trunk (Tents).
    Tree,
    /// A tent: a triangle with a door (Tents).
    Tent,
}

/// How many cells of a region may hold the counted values.
#[derive(Clone, Debug)]
pub enum CountBound {
    Exactly(Expr),
    AtMost(Expr),
    AtLeast(Expr),
}

/// `the '#' cells of each room are connected`, `no two congruent shapes of '#' in room touch`
/// (LITS): a rule on the cells holding some values in each region of families.
#[derive(Clone, Debug)]
pub struct RegionsDecl {
    /// A value of the board, or a list of them: the cells the rule looks at in each region.
    pub of: Expr,
    /// The region families.
    pub regions: Vec<Ident>,
    pub span: Span,
}

/// `no line of '.' cells crosses 2 borders of room`.
#[derive(Clone, Debug)]
pub struct CrossingDecl {
    /// A value of the board, or a list of them: the cells a line is made of.
    pub of: Expr,
    /// How many borders no line may cross (1 or more).
    pub borders: Expr,
    /// The region families whose borders count.
    pub regions: Vec<Ident>,
    pub span: Span,
}

/// `each area of equal values has size its value` (Fillomino), `each area of '#' cells has
/// size 2` (Norinori): areas of cells and the number of cells each has (`src/lower/sized.rs`).
#[derive(Clone, Debug)]
pub struct SizedDecl {
    /// The values whose cells make the areas (a value or a list); `None`: `equal values`, an
    /// area is a largest set of cells holding one value, joined by sides.
    pub of: Option<Expr>,
    /// The areas' size; `None`: `its value`, each area's own value.
    pub size: Option<Expr>,
    pub span: Span,
}

/// `cells x at (r, c), y at (r, c + 1) hold x < y for ...`: per binding of `each`, the
/// values of the cells (one or two), named as listed, make `holds` true.
#[derive(Clone, Debug)]
pub struct CompareDecl {
    /// Each cell: the name its value has in `holds`, and its coordinates.
    pub cells: Vec<(Ident, Expr)>,
    pub holds: Expr,
    pub each: Option<ForClause>,
    pub span: Span,
}

/// `along CELLS, K cells are seen for ...`: per binding of `each`, looking along the list
/// `along` in order, `count` of its cells hold a value greater than every value before it.
#[derive(Clone, Debug)]
pub struct SeenDecl {
    pub along: Expr,
    pub count: Expr,
    pub each: Option<ForClause>,
    pub span: Span,
}

/// A sight-line rule (`src/lower/sight.rs`): from a cell, in each straight direction of the
/// lattice, the cells up to the first one holding a value of `until` (or a hole, or the edge).
#[derive(Clone, Debug)]
pub struct SightDecl {
    pub kind: SightKind,
    /// The wall values; `None`: only holes and the edge stop a line.
    pub until: Option<Expr>,
    /// `from ...` only: one rule per binding.
    pub each: Option<ForClause>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum SightKind {
    /// `each FROM cell sees BOUND of OF`: every cell holding `from` sees so many holding `of`.
    Sees { from: Expr, bound: CountBound, of: Expr },
    /// `no two OF see each other`.
    Apart { of: Expr },
    /// `from CELL, COUNT cells are seen`: the cell sees this many cells, itself included.
    From { cell: Expr, count: Expr },
}

/// `the runs of '#' along CELLS are LENGTHS for ...`: per binding of `each`, the maximal runs
/// of cells holding `of` along the list `along` have the lengths of the list `are`, in order.
#[derive(Clone, Debug)]
pub struct RunsDecl {
    pub of: Expr,
    pub along: Expr,
    pub are: Expr,
    pub each: Option<ForClause>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct GridDecl {
    pub name: Ident,
    pub rows: Expr,
    pub cols: Expr,
    /// One word per cell (`of words`) rather than one character.
    pub words: bool,
    /// `None`: read from the instance.
    pub inline: Option<StrLit>,
}

/// How the values of a cage combine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CageOp {
    Sum,
    Product,
    Difference,
    Quotient,
    /// `makes clue`: the operation comes with the target ("11+", (11, '+'), or 5 alone).
    Makes,
}

#[derive(Clone, Debug)]
pub struct CageDecl {
    pub region: Ident,
    pub params: Vec<Ident>,
    pub op: CageOp,
    pub target: Expr,
    pub distinct: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Spanned<T> {
    pub node: T,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    TopLeft,
    BottomLeft,
}

/// The shape of a board's cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lattice {
    #[default]
    Squares,
    /// Cell (r, c) is a triangle pointing up when r + c is even, down otherwise; a row is a
    /// strip of triangles, and an up triangle's base touches the down triangle below it.
    Triangles,
    /// Cell (r, c) is a hexagon; each row is drawn half a cell to the right of the row above,
    /// so (r, c) touches (r, c ± 1), (r − 1, c), (r − 1, c + 1), (r + 1, c − 1) and (r + 1, c).
    Hexagons,
}

#[derive(Clone, Debug)]
pub struct BoardDecl {
    pub name: Ident,
    pub rows: Expr,
    pub cols: Expr,
    pub values: Option<Expr>,
    pub without: Vec<Expr>,
    pub masks: Vec<StrLit>,
    pub origin: Option<Spanned<Origin>>,
    pub lattice: Option<Spanned<Lattice>>,
}

#[derive(Clone, Debug)]
pub enum GivenSource {
    Instance(Span, Layout),
    Inline(StrLit),
}

/// How a grid is written in an instance (see the `layout` rule of the grammar).
#[derive(Clone, Debug, Default)]
pub struct Layout {
    pub by_columns: bool,
    /// Each line is read from its far end: columns bottom-up, rows right to left.
    pub reversed: bool,
    /// Each line is a list ended by this value.
    pub until: Option<Expr>,
}

#[derive(Clone, Debug)]
pub struct RegionDecl {
    pub name: Ident,
    pub params: Vec<Ident>,
    pub cells: Expr,
    pub each: Option<ForClause>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Once {
    Exactly,
    AtMost,
}

#[derive(Clone, Debug)]
pub struct PieceDecl {
    pub name: Ident,
    pub params: Vec<Ident>,
    pub shape: Shape,
    /// `times m`: how many identical copies are placed (one when absent).
    pub times: Option<Expr>,
    pub each: Option<ForClause>,
}

#[derive(Clone, Debug)]
pub enum Shape {
    Picture(StrLit),
    Cells(Vec<ShapeCell>),
}

#[derive(Clone, Debug)]
pub struct ShapeCell {
    pub at: Expr,
    pub label: Option<Expr>,
}

#[derive(Clone, Debug)]
pub struct TilesDecl {
    pub name: Ident,
    /// `tiles t[count] ...`: required when the tiles are read from the instance.
    pub count: Option<Expr>,
    pub edges: Vec<Ident>,
    /// `= [(top, right, bottom, left), ...]`: the tiles written in the spec, in the order of
    /// `edges`; `None` for `from instance`.
    pub given: Option<Expr>,
}

/// `confine PIECE to CELLS` or `confine PIECE where CONDITION`.
#[derive(Clone, Debug)]
pub struct ConfineDecl {
    pub piece: Ident,
    /// `confine bone(0, 1) ...`: one member of a family, by its parameters (a tile by its
    /// number); the span covers the name and its arguments.
    pub member: Option<Spanned<Vec<Expr>>>,
    pub rule: ConfineRule,
}

#[derive(Clone, Debug)]
pub enum ConfineRule {
    /// `to CELLS`: every cell of a placement is one of these.
    To(Expr),
    /// `where CONDITION`: a condition on each placement (`cells`, `turns`, `mirrored`).
    Where(Expr),
}

#[derive(Clone, Debug)]
pub struct PlaceDecl {
    /// `None` for `place all`.
    pub pieces: Option<Vec<Ident>>,
    pub board: Ident,
    pub rotate: bool,
    pub reflect: bool,
    pub partial: bool,
    /// `as 'S'`: the value a filled board's cells take under a piece (`src/lower/fleet.rs`).
    pub shows: Option<Expr>,
}

#[derive(Clone, Debug)]
pub struct ItemStmt {
    pub secondary: bool,
    pub items: Vec<ItemDecl>,
    pub each: Option<ForClause>,
}

#[derive(Clone, Debug)]
pub struct ItemDecl {
    pub name: Ident,
    pub args: Vec<Expr>,
    pub times: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct OptionDecl {
    pub name: Ident,
    pub args: Vec<Expr>,
    pub covers: Vec<Cover>,
    pub each: Option<ForClause>,
}

#[derive(Clone, Debug)]
pub struct Cover {
    pub item: Ident,
    pub args: Vec<Expr>,
    pub colour: Option<Expr>,
    pub span: Span,
    /// `[cover for ...]`: one cover per binding.
    pub each: Option<ForClause>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnswerMode {
    First,
    All,
    Count,
    Unique,
}

/// How the cases of an instance file are delimited.
#[derive(Clone, Debug)]
pub enum Cases {
    Until(Expr),
    Counted,
}

#[derive(Clone, Debug)]
pub struct MoveDecl {
    pub name: Ident,
    /// The parameters printed for each move, in order; defaults to the for-clause's names.
    pub params: Vec<Ident>,
    pub each: ForClause,
    pub when: Option<Expr>,
    pub effects: Vec<Spanned<EffectDecl>>,
    /// `cost K`: what one such move adds to the total `moves fewest` minimises (1 without).
    pub cost: Option<Expr>,
    /// `move NAME slides ...`: a move of whole pieces (`each` and `effects` are then empty).
    pub slide: Option<SlideDecl>,
}

/// `slides PIECES [DIRECTIONS] HOW`.
#[derive(Clone, Debug)]
pub struct SlideDecl {
    /// `None` for `any piece`.
    pub pieces: Option<Vec<Ident>>,
    /// Empty: every direction.
    pub dirs: Vec<Direction>,
    pub how: SlideHow,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlideHow {
    /// `one step`.
    Step,
    /// `any distance`: in a straight line.
    Distance,
    /// `along any path`: through any number of steps, as one move.
    Path,
    /// `until blocked`: straight on until a wall, the board's edge or another piece stops it.
    Blocked,
    /// `until blocked by another piece`: straight on until another piece stops it; a slide that
    /// would meet the edge or a wall first is no move.
    BlockedByPiece,
}

#[derive(Clone, Debug)]
pub enum EffectDecl {
    Swap(Expr, Expr),
    Set(Expr, Expr),
    RemoveGroup(Expr),
    /// `set group A = V`: the connected group of equal values at `A` takes `V`.
    SetGroup(Expr, Expr),
    /// `reverse CELLS`: the cells' values in the opposite order.
    Reverse(Expr),
    /// `EFFECT for BINDERS`: the effect once per binding whose cells are on the board.
    Each(Box<EffectDecl>, ForClause),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Down,
    Up,
    Left,
    Right,
}

#[derive(Clone, Debug)]
pub enum RuleDecl {
    Gravity(Direction),
    ClearRuns(Expr),
    ClearGroups(Expr),
    /// `close columns left`: `columns` is false for `close rows ...`.
    Close {
        columns: bool,
        dir: Direction,
    },
}

#[derive(Clone, Debug)]
pub enum GoalDecl {
    Empty,
    Count(Expr),
    Pattern(StrLit),
    /// `goal [for ...] when COND`: the condition holds for every binding.
    When {
        each: Option<ForClause>,
        cond: Expr,
    },
}

/// `counter jug[2] in 0..=5 = [0, 0]`: one number (no dimensions), a list (one) or a grid
/// (two) of numbers in a range, part of a played puzzle's state.
#[derive(Clone, Debug)]
pub struct CounterDecl {
    pub name: Ident,
    pub dims: Vec<Expr>,
    pub range: Expr,
    pub init: CounterInit,
}

#[derive(Clone, Debug)]
pub enum CounterInit {
    /// Every number starts at the range's least.
    Least,
    /// `= EXPR`: a number, or a list (of lists) with one number per counter.
    Value(Expr),
    /// `from instance`: one number per counter, read in row order.
    Instance(Span),
}

#[derive(Clone, Debug)]
pub enum BudgetDecl {
    Exactly(Expr),
    AtMost(Expr),
    Fewest(Option<Expr>),
}

/// What a loop through the cells does at a cell: passes it, passes it straight, or turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoopAt {
    Through,
    Straight,
    Turns,
}

/// `the loop AT CELL, NEXT for ...`: one rule per binding (`src/lower/lines.rs`).
#[derive(Clone, Debug)]
pub struct LoopRuleDecl {
    pub at: LoopAt,
    pub cell: Expr,
    /// `, going straight` (`Straight`) or `, turning` (`Turns`) `in the next cell on both
    /// sides` (`true`) or `on at least one side` (`false`).
    pub next: Option<(LoopAt, bool)>,
    pub each: Option<ForClause>,
    pub span: Span,
}

/// `for x in xs, (a, b) in ys where cond`.
#[derive(Clone, Debug)]
pub struct ForClause {
    pub binders: Vec<Binder>,
    pub filter: Option<Box<Expr>>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Binder {
    /// One name, or several to destructure a tuple.
    pub names: Vec<Ident>,
    pub tuple: bool,
    pub source: Expr,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

impl BinOp {
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::And => "and",
            BinOp::Or => "or",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Not,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(i64),
    Char(char),
    Str(String),
    Bool(bool),
    Name(String),
    Call {
        func: Ident,
        args: Vec<Expr>,
    },
    Tuple(Vec<Expr>),
    List(Vec<Expr>),
    Set(Vec<Expr>),
    ListComp {
        body: Box<Expr>,
        each: ForClause,
    },
    SetComp {
        body: Box<Expr>,
        each: ForClause,
    },
    Unary {
        op: UnOp,
        operand: Box<Expr>,
    },
    Binary {
        op: BinOp,
        lhs: Box<Expr>,
        rhs: Box<Expr>,
    },
    Range {
        lo: Box<Expr>,
        hi: Box<Expr>,
        inclusive: bool,
    },
    /// `xs[i]`, `g[r, c]`: indices applied left to right.
    Index {
        base: Box<Expr>,
        indices: Vec<Expr>,
    },
}

/// `clues in DATA follow from the solution, empty '-'`.
#[derive(Clone, Debug)]
pub struct DerivedCluesDecl {
    /// The instance grid or table (`grid ... from instance`, `table ... from instance`) whose
    /// entries are the clues.
    pub data: Ident,
    /// How a left-out clue is written; `None`: every clue stays (nothing is removed).
    pub empty: Option<Expr>,
    /// For tiles: the labels a generated edge takes (`, edges labelled 0..=9`).
    pub labels: Option<Expr>,
    pub span: Span,
}

/// `each 'T' pairs with one 'A' beside it, diagonally too`.
#[derive(Clone, Debug)]
pub struct PairsDecl {
    /// A value of the board, or a list of them: the first cell of every pair.
    pub of: Expr,
    /// The second cell's values (the same as `of` to pair a value's cells off).
    pub with: Expr,
    /// `, diagonally too`: cells sharing a corner are beside each other too.
    pub diagonal: bool,
    pub span: Span,
}
