//! The elaborated model of one puzzle instance: every family expanded, every expression
//! evaluated, every cell a flat index. Lowering to an IR and verifying answers both start here.
use super::value::Value;
use crate::diag::Span;
use crate::syntax::ast::{AnswerMode, Lattice, LoopAt, Once, Origin};
use std::collections::BTreeSet;
use std::rc::Rc;

/// The board: its cells and what is known about them.
#[derive(Clone, Debug)]
pub struct Board {
    pub name: String,
    pub rows: usize,
    pub cols: usize,
    /// `on[cell]` is false for holes.
    pub on: Vec<bool>,
    /// The values a cell may hold (`of ...`), in declared order.
    pub values: Vec<Value>,
    /// Known value of each cell, as an index into `values`.
    pub given: Vec<Option<usize>>,
    pub origin: Origin,
    pub lattice: Lattice,
    pub span: Span,
}

impl Board {
    /// The flat index of a cell written as a spec coordinate, if it is on the board.
    pub fn cell(&self, a: i64, b: i64) -> Option<usize> {
        let (r, c) = match self.origin {
            Origin::TopLeft => (a, b),
            Origin::BottomLeft => (self.rows as i64 - 1 - b, a),
        };
        if r < 0 || c < 0 || r >= self.rows as i64 || c >= self.cols as i64 {
            return None;
        }
        Some(r as usize * self.cols + c as usize)
    }

    /// The spec coordinate of a flat index (inverse of [`Board::cell`]).
    pub fn coord(&self, cell: usize) -> (i64, i64) {
        let (r, c) = ((cell / self.cols) as i64, (cell % self.cols) as i64);
        match self.origin {
            Origin::TopLeft => (r, c),
            Origin::BottomLeft => (c, self.rows as i64 - 1 - r),
        }
    }

    pub fn on_cells(&self) -> usize {
        self.on.iter().filter(|&&b| b).count()
    }
}

/// One region of a family, with the constraint that applies to it.
#[derive(Clone, Debug)]
pub struct Region {
    /// `row(3)`. Name and cells are shared with the region family that made them: a batch
    /// reuses the family (`elaborate/memo.rs`), and copying them for every case was a tenth
    /// of a sudoku's elaboration.
    pub name: Rc<str>,
    pub cells: Rc<[usize]>,
    pub once: Once,
    pub span: Span,
}

/// Where a piece lies: the board cells it covers, sorted, and the edges it shows (tiles).
pub type Placement = (Vec<usize>, Option<[Value; 4]>);

/// A piece after expansion. Identical pieces of one declaration are merged, with `count`.
#[derive(Clone, Debug)]
pub struct Piece {
    /// Unique among pieces: `F`, `bone(0,1)`, `tile(3)`; names its item in the matrix.
    pub name: String,
    /// Shown in answers: the piece's name (`F`), or its number in a family (`17`).
    pub label: String,
    /// Cells relative to the piece, as (row, col), each with the board value it must lie on.
    pub cells: Vec<(i64, i64, Option<Value>)>,
    /// Edge labels in the order top, right, bottom, left (tiles only).
    pub edges: Option<[Value; 4]>,
    /// How many identical copies must be placed.
    pub count: u32,
    /// Numbers of the copies (tiles are numbered in input order), for answers.
    pub numbers: Vec<u32>,
    /// Whether `cells` were moved to the top-left by an odd number of rows plus columns: on
    /// a triangular board the cell drawn at (0, 0) then points down, not up.
    pub odd: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Placing {
    pub pieces: Vec<usize>,
    pub rotate: bool,
    pub reflect: bool,
    pub partial: bool,
    /// `as 'S'`: on a filled board, the value (an index into the board's values) a piece's
    /// unlabelled cells hold, and where it was written (`src/lower/fleet.rs`).
    pub shows: Option<(usize, Span)>,
    /// `confine`: allowed cells per piece (indexed like `pieces` of the model).
    pub span: Span,
}

/// `no two pieces touch`: no two placed pieces share a side (with `diagonal`, a corner).
#[derive(Clone, Copy, Debug)]
pub struct PiecesApart {
    pub diagonal: bool,
    pub span: Span,
}

/// An item of the direct form.
#[derive(Clone, Debug)]
pub struct DirectItem {
    pub name: String,
    pub secondary: bool,
    pub lo: u32,
    pub hi: u32,
    pub span: Span,
}

/// What one cover of a direct-form option names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Covered {
    /// An item declared with `item`, by index into [`Model::items`].
    Item(usize),
    /// A cell of the board (flat index), named by the board: `grid(r, c)`. Under `place` the
    /// option covers the cell itself; under `fill` its colour is the value the cell must hold.
    Cell(usize),
}

/// An option of the direct form: what it covers, with colours for secondary items (and, on
/// a filled board, for cells: the value each must hold).
#[derive(Clone, Debug)]
pub struct DirectOption {
    pub name: String,
    pub covers: Vec<(Covered, Option<Value>)>,
}

/// Where direct options name cells of the board, kept for lowering, which only then knows
/// whether the board is filled (a cell needs its value as a colour) or covered by pieces (a
/// cell is covered as it is).
#[derive(Clone, Copy, Debug, Default)]
pub struct CellCovers {
    /// The first cover of a cell with a colour, `grid(r, c): v`.
    pub coloured: Option<Span>,
    /// The first cover of a cell without one, `grid(r, c)`.
    pub plain: Option<Span>,
}

/// How the values of an arithmetic cage combine to its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithOp {
    /// The values add up to the target.
    Sum,
    /// The values multiply to the target.
    Product,
    /// The largest value minus all the others is the target (|a - b| for two cells).
    Difference,
    /// The largest value divided by the product of the others is the target, exactly.
    Quotient,
}

/// A region whose cell values must combine to a target (killer sudoku, KenKen, Kakuro).
#[derive(Clone, Debug)]
pub struct Cage {
    /// `cage(A)`: the region's name.
    pub name: String,
    pub cells: Vec<usize>,
    pub op: ArithOp,
    pub target: i64,
    /// `all different`: no value twice in the cage.
    pub distinct: bool,
    pub span: Span,
}

/// `each row holds exactly 2 of '*'`: between `lo` and `hi` cells of a region hold one of
/// `values` (indices into the board's values).
#[derive(Clone, Debug)]
pub struct Count {
    /// `row(3)`: the region's name.
    pub name: String,
    pub cells: Vec<usize>,
    pub values: Vec<usize>,
    pub lo: usize,
    pub hi: usize,
    pub span: Span,
}

/// `no two '*' touch`: no two cells holding one of `values` share a side (or, with
/// `diagonal`, a corner).
#[derive(Clone, Debug)]
pub struct Apart {
    pub values: Vec<usize>,
    pub diagonal: bool,
    pub span: Span,
}

/// `the '.' cells are connected`: the cells holding one of `values` form one area joined by
/// sides (an empty set of cells is connected).
#[derive(Clone, Debug)]
pub struct Connected {
    pub values: Vec<usize>,
    pub span: Span,
}

/// `each area of '.' cells holds one clue of clues, its size`: every area (a largest set of
/// cells holding one of `values`, joined by sides) holds exactly one clue cell; with `sized`
/// it has as many cells as that clue says. A clue cell holds one of `values`.
#[derive(Clone, Debug)]
pub struct Areas {
    pub values: Vec<usize>,
    /// Per cell (flat index), its clue if it has one (a number, 1 or more).
    pub clues: Vec<Option<u32>>,
    pub sized: bool,
    pub span: Span,
}

/// `each 'T' pairs with one 'A' beside it`: the cells holding one of `first` and those holding
/// one of `second` are paired one to one, the two cells of each pair beside each other (by a
/// side, or with `diagonal` by a corner too; `src/lower/pairs.rs`). When the two lists are the
/// same, the cells holding them pair off among themselves, and `side` splits the board's cells
/// in two classes such that cells beside each other are in different ones (0 or 1 per cell).
#[derive(Clone, Debug)]
pub struct Pairing {
    pub first: Vec<usize>,
    pub second: Vec<usize>,
    pub diagonal: bool,
    pub side: Option<Vec<u8>>,
    pub span: Span,
}

/// `consecutive numbers are beside each other` (Numbrix; Hidato with `diagonal`): each of
/// `numbers` (the board's values that are numbers with the next or the one before also a value)
/// stands in exactly one cell, and for each `(a, b)` of `links` (the values n and n + 1) the
/// two cells touch: by a side, or with `diagonal` by a corner too (`src/lower/chain.rs`).
#[derive(Clone, Debug)]
pub struct Chain {
    pub numbers: Vec<usize>,
    pub links: Vec<(usize, usize)>,
    pub diagonal: bool,
    pub span: Span,
}

/// `no two rows are the same` (or columns): the board's `lines` (its rows when `rows`, else
/// its columns), each its flat cells in order, holes included; no two hold equal values at
/// every position, a hole being equal to a hole only (`src/lower/distinct.rs`). Lines that
/// are all holes are left out: they are no line of the board.
#[derive(Clone, Debug)]
pub struct Distinct {
    pub rows: bool,
    pub lines: Vec<Vec<usize>>,
    pub span: Span,
}

/// `the '#' cells of each room are connected` (LITS): within each region, the cells holding
/// one of `values` form one area joined by sides (`src/lower/shapes.rs`).
#[derive(Clone, Debug)]
pub struct ConnectedEach {
    pub values: Vec<usize>,
    /// Per region: its name and cells (on the board).
    pub regions: Vec<(String, Vec<usize>)>,
    pub span: Span,
}

/// `no two congruent shapes of '#' in room touch` (LITS): a region's *shape* is its cells
/// holding one of `values`; two regions whose shapes share a side never have congruent
/// shapes (equal up to moves, rotations and reflections; `src/lower/shapes.rs`).
#[derive(Clone, Debug)]
pub struct Shapes {
    pub values: Vec<usize>,
    /// Per region: its name and cells (on the board).
    pub regions: Vec<(String, Vec<usize>)>,
    pub span: Span,
}

/// `no line of '.' cells crosses 2 borders of room` (Heyawake): no run of cells holding one of
/// `values` along a row or column crosses `borders` borders between regions
/// (`src/lower/crossing.rs`).
#[derive(Clone, Debug)]
pub struct Crossing {
    pub values: Vec<usize>,
    pub borders: usize,
    /// Per cell, its region among the rule's (`usize::MAX`: none, a region of its own).
    pub region: Vec<usize>,
    pub span: Span,
}

/// `each area of equal values has size its value` (Fillomino) and `each area of '#' cells has
/// size 2` (Norinori): the cells holding values of one label, joined by sides, make areas,
/// and every area of label `l` has `size[l]` cells (`src/lower/sized.rs`).
#[derive(Clone, Debug)]
pub struct SizedAreas {
    /// Per board value (index), its label; `None`: a cell holding it is in no area.
    pub label: Vec<Option<u32>>,
    /// Per label, how many cells each of its areas has (1 or more).
    pub size: Vec<u32>,
    pub span: Span,
}

/// `no 2 by 2 block of '#'`: no `rows` × `cols` block of cells (on a board of squares) holds
/// only `values`.
#[derive(Clone, Debug)]
pub struct Block {
    pub rows: usize,
    pub cols: usize,
    pub values: Vec<usize>,
    pub span: Span,
}

/// `cells x at (r, c), y at (r, c + 1) hold x < y`: one binding of the statement. The values
/// the cells may hold together, as a table over the board's value indices: `allowed[a]` for
/// one cell, `allowed[a * values + b]` for two (`a` the first cell's value).
#[derive(Clone, Debug)]
pub struct Compare {
    /// One or two cells (flat indices, on the board); two may be the same cell.
    pub cells: Vec<usize>,
    pub allowed: Rc<[bool]>,
    pub span: Span,
}

/// `along CELLS, K cells are seen`: one binding of the statement. Looking along `cells` in
/// order, `count` of them hold a value greater than every value before it; `height[v]` is the
/// rank of board value v among the board's values (all numbers), lowest 0.
#[derive(Clone, Debug)]
pub struct Seen {
    pub cells: Vec<usize>,
    pub count: usize,
    pub height: Vec<usize>,
    pub span: Span,
}

/// A sight-line rule (`src/lower/sight.rs`): from a cell, in each straight direction of the
/// lattice, the cells up to the first one holding a wall value (`walls[v]`), a hole or the
/// edge; a cell sees itself unless it is a wall. Value sets are masks over the board's values.
#[derive(Clone, Debug)]
pub struct Sight {
    pub rule: SightRule,
    pub walls: Vec<bool>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum SightRule {
    /// Every cell holding `from` sees `lo..=hi` cells holding `of` (`hi` is `usize::MAX` for
    /// `at least`).
    Sees { from: Vec<bool>, of: Vec<bool>, lo: usize, hi: usize },
    /// No cell holding `of` sees another.
    Apart { of: Vec<bool> },
    /// Cell `cell` sees `count` cells, itself included.
    From { cell: usize, count: usize },
}

/// `the runs of '#' along CELLS are LENGTHS`: one binding of the statement. Along `cells`, in
/// order, the maximal runs of cells holding one of `values` have `lengths`.
#[derive(Clone, Debug)]
pub struct Runs {
    pub cells: Vec<usize>,
    pub values: Vec<usize>,
    pub lengths: Vec<usize>,
    pub span: Span,
}

/// What a line drawn on a board joins (`LoopRule::kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineKind {
    /// `loop on the edges of grid`: one loop along the cells' sides; its nodes are the
    /// corners of the grid, `(rows + 1) × (cols + 1)`.
    EdgeLoop,
    /// `loop through the cells of grid`: one loop from cell to cell across shared sides; its
    /// nodes are the cells.
    CellLoop,
    /// `paths join the equal numbers of clues`: paths from cell to cell, each joining the two
    /// cells of one number; its nodes are the cells. `every_cell`: no cell is left empty.
    Paths { every_cell: bool },
}

/// `the loop turns at (r, c), going straight in the next cell on both sides`: one binding.
#[derive(Clone, Debug)]
pub struct TurnRule {
    pub cell: usize,
    pub at: LoopAt,
    /// How the loop runs in the cells next to `cell` along it, and whether on both sides
    /// (`true`) or on at least one (`false`).
    pub next: Option<(LoopAt, bool)>,
    pub span: Span,
}

/// A line on a board: `loop on the edges of grid` (the used sides of the board's cells form
/// one closed loop, with `each clue of clues counts the loop edges around it`'s `clues`),
/// `loop through the cells of grid` (with `the loop turns at ...` rules), or `paths join the
/// equal numbers of clues`. The line runs on a lattice of *nodes* (corners or cells,
/// [`LineKind`]) joined by *links*, numbered as in [`LoopRule::across`]'s doc.
#[derive(Clone, Debug)]
pub struct LoopRule {
    /// The board's size in cells.
    pub rows: usize,
    pub cols: usize,
    pub kind: LineKind,
    /// Per cell (flat index), how many of its sides the loop uses, if it has a clue (0..=4).
    pub clues: Vec<Option<u8>>,
    /// What the loop does at given cells, in statement and binding order (cell loops only).
    pub turns: Vec<TurnRule>,
    /// Paths: per cell, the index in `labels` of the number it holds, if it is an end.
    pub ends: Vec<Option<u32>>,
    /// Paths: the numbers joined, in increasing order.
    pub labels: Vec<i64>,
    pub span: Span,
}

impl LoopRule {
    /// A rule of `kind` on a board of `rows` × `cols` cells, without clues or rules yet.
    pub fn new(rows: usize, cols: usize, kind: LineKind, span: Span) -> LoopRule {
        let n = rows * cols;
        LoopRule {
            rows,
            cols,
            kind,
            clues: vec![None; n],
            turns: Vec::new(),
            ends: vec![None; n],
            labels: Vec::new(),
            span,
        }
    }

    /// The lattice of nodes: rows and columns of corners, or of cells.
    pub fn node_rows(&self) -> usize {
        self.rows + (self.kind == LineKind::EdgeLoop) as usize
    }

    pub fn node_cols(&self) -> usize {
        self.cols + (self.kind == LineKind::EdgeLoop) as usize
    }

    pub fn nodes(&self) -> usize {
        self.node_rows() * self.node_cols()
    }

    /// How many links the lattice has: `R · (C − 1)` across, then `(R − 1) · C` down, for `R`
    /// × `C` nodes (for a loop on the edges, the sides of the cells).
    pub fn edges(&self) -> usize {
        let (nr, nc) = (self.node_rows(), self.node_cols());
        nr * (nc - 1) + (nr - 1) * nc
    }

    /// The link across from node (r, c) to (r, c + 1) is `r · (C − 1) + c`; the link down from
    /// node (r, c) to (r + 1, c) follows all of those, at `R · (C − 1) + r · C + c`. On the
    /// edges of cells, node (r, c) is the corner above and left of cell (r, c).
    pub fn across(&self, r: usize, c: usize) -> usize {
        r * (self.node_cols() - 1) + c
    }

    pub fn down(&self, r: usize, c: usize) -> usize {
        self.node_rows() * (self.node_cols() - 1) + r * self.node_cols() + c
    }

    /// The four sides of cell (r, c) of a loop on the edges: top, bottom, left, right.
    pub fn sides(&self, r: usize, c: usize) -> [usize; 4] {
        [self.across(r, c), self.across(r + 1, c), self.down(r, c), self.down(r, c + 1)]
    }

    /// The two nodes (flat over the node lattice) a link joins.
    pub fn ends(&self, e: usize) -> [usize; 2] {
        let w = self.node_cols();
        let h = self.node_rows() * (w - 1);
        if e < h {
            let (r, c) = (e / (w - 1), e % (w - 1));
            [r * w + c, r * w + c + 1]
        } else {
            let (r, c) = ((e - h) / w, (e - h) % w);
            [r * w + c, (r + 1) * w + c]
        }
    }
}

/// `bridges join the numbers of clues, at most K between two` (Hashiwokakero,
/// `src/lower/bridges.rs`): the numbered cells are islands; bridges run straight along a row
/// or a column between two islands over cells that are on the board and hold no number, at
/// most `most` of them between two islands, never crossing; each island has as many bridge
/// ends as its number. With `all islands are connected`, the bridges join every island.
#[derive(Clone, Debug)]
pub struct BridgeRule {
    pub rows: usize,
    pub cols: usize,
    /// Per cell (flat index), false for holes: a bridge never crosses one.
    pub on: Vec<bool>,
    /// Per cell, its island's number, or 0 for a cell without one (water).
    pub islands: Vec<u32>,
    pub most: u32,
    /// Where `all islands are connected` was said, if it was.
    pub connected: Option<Span>,
    pub span: Span,
}

/// Bridges between two islands of a [`BridgeRule`]: cells `a < b` (flat indices) in one row
/// or one column, `count` of them (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bridge {
    pub a: usize,
    pub b: usize,
    pub count: u32,
}

/// `counter name[dims] in lo..=hi`: numbers beside a played board, part of its state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counter {
    pub name: String,
    pub span: Span,
    /// No dimensions (one number), one (a list) or two (a grid, read as `name(r, c)`).
    pub dims: Vec<usize>,
    pub lo: u8,
    pub hi: u8,
    /// The starting numbers in row order, one per counter, each in `lo..=hi`.
    pub values: Vec<u8>,
}

#[derive(Clone, Debug, Default)]
pub struct Model {
    pub title: String,
    pub board: Option<Board>,
    pub fill: bool,
    pub regions: Vec<Region>,
    /// Arithmetic cages (`each cage(l) sums to ...`), in statement and member order.
    pub cages: Vec<Cage>,
    /// Counts per region (`each row holds exactly 2 of '*'`), in statement and member order.
    pub counts: Vec<Count>,
    /// `no two ... touch` statements.
    pub apart: Vec<Apart>,
    /// `the ... cells are connected` statements (`src/lower/connected.rs`).
    pub connected: Vec<Connected>,
    /// `each area of ... cells holds one clue ...` statements.
    pub areas: Vec<Areas>,
    /// `no 2 by 2 block of ...` statements.
    pub blocks: Vec<Block>,
    /// `each ... pairs with one ... beside it` statements (`src/lower/pairs.rs`).
    pub pairs: Vec<Pairing>,
    /// `consecutive numbers are beside each other` (`src/lower/chain.rs`).
    pub chain: Option<Chain>,
    /// `no two rows are the same`, one per kind of line compared (`src/lower/distinct.rs`).
    pub distinct: Vec<Distinct>,
    /// `each area of ... has size ...` statements (`src/lower/sized.rs`).
    pub sized: Vec<SizedAreas>,
    /// `the ... cells of each ... are connected` statements (`src/lower/shapes.rs`).
    pub connected_each: Vec<ConnectedEach>,
    /// `no two congruent shapes of ... in ... touch` statements (`src/lower/shapes.rs`).
    pub shapes: Vec<Shapes>,
    /// `no line of ... cells crosses ... borders of ...` statements (`src/lower/crossing.rs`).
    pub crossings: Vec<Crossing>,
    /// `cells x at ..., y at ... hold ...`, one per binding (`src/lower/compare.rs`).
    pub compares: Vec<Compare>,
    /// `the runs of ... along ... are ...`, one per binding (`src/lower/runs.rs`).
    pub runs: Vec<Runs>,
    /// `loop on the edges of ...`, `loop through the cells of ...` or `paths join ...`, with
    /// their clues and rules (`src/lower/loops.rs`, `src/lower/lines.rs`).
    pub loop_rule: Option<LoopRule>,
    /// `bridges join the numbers of ...` and `all islands are connected` (`src/lower/bridges.rs`).
    pub bridges: Option<BridgeRule>,
    /// `along ... , K cells are seen`, one per binding (`src/lower/seen.rs`).
    pub seen: Vec<Seen>,
    /// Sight lines until a wall, one per rule (per binding for `from`; `src/lower/sight.rs`).
    pub sight: Vec<Sight>,
    pub pieces: Vec<Piece>,
    pub placing: Option<Placing>,
    /// `no two pieces touch` (`src/lower/fleet.rs`).
    pub pieces_apart: Option<PiecesApart>,
    /// Per piece, the cells it must stay within (`confine ... to`), if any.
    pub confine: Vec<Option<Vec<bool>>>,
    /// Per piece, the placements `confine ... where` allows, if any: each the board cells it
    /// covers, sorted, with the edges a tile shows there ([`crate::lower::confine::placement_key`]).
    pub confine_where: Vec<Option<BTreeSet<Placement>>>,
    pub match_edges: bool,
    /// `match edges, border label`: what every tile edge without a neighbour shows.
    pub border: Option<Value>,
    pub items: Vec<DirectItem>,
    pub options: Vec<DirectOption>,
    /// Whether (and where) direct options name the board's cells.
    pub cell_covers: CellCovers,
    pub answer: Option<AnswerMode>,
    /// `answer ... up to symmetry`: one solution per class under the board's symmetries.
    pub up_to_symmetry: Option<Span>,
    /// A played board without values (a board of pieces): the letter of each cell in the
    /// instance picture (`None` for a blank) and where it was read.
    pub letters: Vec<Option<char>>,
    pub letter_spans: Vec<Span>,
    /// A played puzzle's counters, in statement order.
    pub counters: Vec<Counter>,
    /// `walls BOARD ...`: walls between the board's cells (`src/lower/walls.rs`).
    pub walls: Option<super::walls::Walls>,
    /// What `draw` statements ask a picture to show.
    pub picture: Picture,
    /// `clues given ...`: the board's givens are the puzzle's clues (`src/lower/clues.rs`).
    pub clues: Option<Clues>,
    /// `clues in DATA follow from the solution`: derived clues (`src/lower/derive.rs`).
    pub derived: Option<super::derive::Derived>,
    /// Where the instance text this model was read from lies (reader positions: from, to),
    /// and within it the board's givens (from the first token to just after the last), when
    /// they were read from the instance: `puzc generate` writes an instance as this text with
    /// the givens replaced by its clues, so whatever else the instance holds (a jigsaw's
    /// region letters, parameters) is written as it was read.
    pub read: (usize, usize),
    pub given_read: Option<(usize, usize)>,
}

impl Model {
    /// Whether a rule of this model is checked on every cell's value rather than through the
    /// items its options cover: connectivity, areas, blocks, pairings, sizes, shapes, lines
    /// across borders and lines that differ look at a cell whichever value it holds. The lowering leaves out the
    /// option of a value no rule counts (the cell's default, `src/lower/xcc.rs`) only when this
    /// is false, since such a rule would need that option to see the cell.
    ///
    /// Every field is named, so a new rule cannot be added to `Model` without deciding here
    /// whether it reads every cell: the match below stops compiling until it is listed.
    pub fn reads_every_cell(&self) -> bool {
        let Model {
            // Rules that read every cell's value.
            connected,
            areas,
            blocks,
            pairs,
            sized,
            connected_each,
            shapes,
            crossings,
            distinct,
            // Rules lowered to items and options (or checked on the cells of a chosen option),
            // and what is not a rule at all.
            title: _,
            board: _,
            fill: _,
            regions: _,
            cages: _,
            counts: _,
            apart: _,
            compares: _,
            chain: _,
            runs: _,
            loop_rule: _,
            bridges: _,
            seen: _,
            sight: _,
            pieces: _,
            placing: _,
            pieces_apart: _,
            confine: _,
            confine_where: _,
            match_edges: _,
            border: _,
            items: _,
            options: _,
            cell_covers: _,
            answer: _,
            up_to_symmetry: _,
            letters: _,
            letter_spans: _,
            counters: _,
            walls: _,
            picture: _,
            clues: _,
            derived: _,
            read: _,
            given_read: _,
        } = self;
        !(connected.is_empty()
            && areas.is_empty()
            && blocks.is_empty()
            && pairs.is_empty()
            && sized.is_empty()
            && connected_each.is_empty()
            && shapes.is_empty()
            && crossings.is_empty()
            && distinct.is_empty())
    }
}

/// `clues given grid, empty '.'`: the board's givens are the clues; `empty` writes a cell
/// without one.
#[derive(Clone, Debug)]
pub struct Clues {
    pub empty: char,
    pub span: crate::diag::Span,
}

/// What a picture shows beyond the board (`draw` statements, `src/lower/picture.rs`).
#[derive(Clone, Debug, Default)]
pub struct Picture {
    /// The spec has `draw` statements: only what they declare is drawn (without any, a
    /// picture outlines the regions that are neither a row nor a column, and the cages).
    pub declared: bool,
    /// Regions to draw, in statement and member order.
    pub regions: Vec<DrawnRegion>,
    /// Cells drawn black (holes or not).
    pub black: Vec<usize>,
    /// Cells marked with a ring.
    pub marks: Vec<usize>,
    /// Clues: a cell and one text, or two (the cell split by its diagonal, the first below).
    pub clues: Vec<(usize, Vec<String>)>,
    /// `draw rows shifted left` (`Some(true)`) or `right`: each row half a cell further.
    pub shift: Option<bool>,
    /// `draw value V as GLYPH`: the cells holding a value drawn as a glyph, in declared
    /// order (the first for a value counts).
    pub glyphs: Vec<(super::value::Value, crate::syntax::ast::Glyph)>,
    /// Clues outside the board's rectangle (Skyscrapers' edges, Nonogram's runs): the row
    /// and column as drawn (row 0 at the top, negative above or left of the board) and one
    /// text each.
    pub outside: Vec<(i64, i64, String)>,
    /// Clues on the side two neighbouring cells share (`draw clue between A, B`), one text
    /// each: Futoshiki's signs.
    pub between: Vec<(usize, usize, String)>,
}

/// A region a picture draws, and how.
#[derive(Clone, Debug)]
pub struct DrawnRegion {
    pub style: crate::syntax::ast::DrawStyle,
    pub name: Rc<str>,
    pub cells: Rc<[usize]>,
}
