//! Sliding pieces on a played board (Klotski, Rush Hour): a board declared without values
//! whose cells are covered by pieces of several cells, read from the instance picture by
//! letter, and `move NAME slides ...` statements that move a whole piece.
//!
//! Pieces lower to the plain cell IR. A cell holds a code for (piece kind, part of the
//! piece): kind `k`'s first cell in reading order (its *anchor*) is code `k + 1`, and the
//! other parts are numbered after all anchors. So a grid of codes decomposes into pieces in
//! one way only, and two pieces of one kind hold the same codes: positions that differ by
//! swapping identical pieces are one state, and the search never tells them apart. A slide is
//! then a concrete move like any other: "the anchor holds code `k + 1` and the cells the
//! piece sweeps are empty; write the piece's codes at the new place and empty the cells it
//! left". A move along any path adds one [`Cond::Reaches`] test, which the engine answers
//! with a flood fill over the piece's anchors.
use super::eval::R;
use super::model::Board;
use super::value::Value;
use super::walls::Walls;
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::moves::{CellIx, CmpOp, Cond, EMPTY, Effect, MoveInstance, Operand};
use crate::syntax::ast::*;
use std::collections::BTreeMap;

/// A kind of piece: its cells as (row, col) offsets from its anchor, anchor first, in
/// reading order, as drawn (row 0 at the top whatever the board's origin).
pub struct Kind {
    pub name: String,
    pub cells: Vec<(i64, i64)>,
    /// The instance letter this kind claims (`piece red = "XX"`): every cell of that letter
    /// is covered by copies of it. `None` for a kind drawn with `#`, which takes any letter
    /// whose cells have its shape.
    pub letter: Option<char>,
    pub span: Span,
}

pub struct Pieces {
    pub kinds: Vec<Kind>,
    /// `codes[k][i]`: the code of part `i` of kind `k`.
    pub codes: Vec<Vec<u8>>,
    pub rows: usize,
    pub cols: usize,
}

/// `(dr, dc)` of a direction as drawn.
fn step(d: Direction) -> (i64, i64) {
    match d {
        Direction::Up => (-1, 0),
        Direction::Down => (1, 0),
        Direction::Left => (0, -1),
        Direction::Right => (0, 1),
    }
}

impl Pieces {
    /// The pieces of a played spec whose board has no values, or `None` for any other board.
    pub fn of_spec(spec: &Spec, board: &Board) -> R<Option<Pieces>> {
        let decls: Vec<&PieceDecl> = spec
            .stmts
            .iter()
            .filter_map(|s| match &s.kind {
                StmtKind::Piece(p) => Some(p),
                _ => None,
            })
            .collect();
        if !board.values.is_empty() {
            return match decls.first() {
                Some(p) => Err(Diagnostic::new(
                    Code::E106,
                    p.name.span,
                    "pieces move on a board without values, but this board has values",
                )
                .label("a piece")
                .related(board.span, "the board's values are declared here")
                .help("drop the board's `of ...`: its cells are covered by the pieces")),
                None => Ok(None),
            };
        }
        let mut kinds: Vec<Kind> = Vec::new();
        for p in decls {
            let Shape::Picture(pic) = &p.shape else {
                return Err(not_drawn(p.name.span));
            };
            if p.each.is_some() || !p.params.is_empty() {
                return Err(not_drawn(p.name.span));
            }
            let mut cells = Vec::new();
            let mut marks = Vec::new();
            for (r, row) in super::elaborate::picture_rows(&pic.text).iter().enumerate() {
                for (c, ch) in row.chars().enumerate() {
                    if ch != '.' && ch != ' ' {
                        cells.push((r as i64, c as i64));
                        marks.push(ch);
                    }
                }
            }
            let Some(&(r0, c0)) = cells.first() else {
                return Err(Diagnostic::new(Code::G206, pic.span, "a piece needs at least one cell").label("no cells"));
            };
            marks.dedup();
            let letter = match marks[..] {
                ['#'] => None,
                [l] if l.is_alphanumeric() => Some(l),
                _ => {
                    return Err(Diagnostic::new(Code::G206, pic.span, "a piece is drawn with `#`, or with one letter")
                        .label("several marks")
                        .help("`#` takes any instance letter of this shape; a letter (`\"XX\"`) claims that letter"));
                }
            };
            let cells: Vec<(i64, i64)> = cells.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
            if let Some(other) = kinds.iter().find(|k| {
                (letter.is_some() && k.letter == letter) || (letter.is_none() && k.letter.is_none() && k.cells == cells)
            }) {
                let why = if letter.is_some() { "claims the same letter as" } else { "has the same shape as" };
                return Err(Diagnostic::new(
                    Code::G206,
                    p.name.span,
                    format!("`{}` {why} `{}`: the picture cannot tell them apart", p.name.name, other.name),
                )
                .label("ambiguous piece")
                .related(other.span, "the other piece")
                .help("draw one of them with its own letter: `piece red = \"XX\"` claims the letter X"));
            }
            kinds.push(Kind { name: p.name.name.clone(), cells, letter, span: p.name.span });
        }
        if kinds.is_empty() {
            return Ok(None);
        }
        let parts: usize = kinds.iter().map(|k| k.cells.len()).sum();
        if parts > 255 {
            return Err(Diagnostic::new(Code::S401, kinds[0].span, format!("the pieces have {parts} cells in all"))
                .label("more than 255")
                .help("a played board tells at most 255 kinds of piece cells apart"));
        }
        let mut next = kinds.len() as u8 + 1;
        let codes = (kinds.iter().enumerate())
            .map(|(k, kind)| {
                let mut c = vec![k as u8 + 1];
                for _ in 1..kind.cells.len() {
                    c.push(next);
                    next += 1;
                }
                c
            })
            .collect();
        Ok(Some(Pieces { kinds, codes, rows: board.rows, cols: board.cols }))
    }

    /// The board as moves and goals see it: its values are the kinds' names, so a cell read
    /// compares with a name (`tray(3, 1) == cao`: the anchor of `cao` is there).
    pub fn board_view(&self, board: &Board) -> Board {
        Board { values: self.kinds.iter().map(|k| Value::Str(k.name.as_str().into())).collect(), ..board.clone() }
    }

    /// The largest code.
    pub fn max_code(&self) -> u8 {
        self.codes.iter().flatten().copied().max().unwrap_or(0)
    }

    /// How a code is shown in traces: the letter the kind claims, or the first letter of its
    /// name that no kind before it shows, with the anchor in upper case.
    pub fn code_name(&self, code: u8) -> String {
        let mut used: Vec<char> = self.kinds.iter().filter_map(|k| k.letter).map(|l| l.to_ascii_lowercase()).collect();
        for (k, codes) in self.codes.iter().enumerate() {
            let kind = &self.kinds[k];
            let ch = kind.letter.unwrap_or_else(|| {
                let pick = kind.name.chars().find(|c| c.is_alphabetic() && !used.contains(&c.to_ascii_lowercase()));
                pick.unwrap_or('?')
            });
            used.push(ch.to_ascii_lowercase());
            if let Some(i) = codes.iter().position(|&c| c == code) {
                return if i == 0 { ch.to_uppercase().to_string() } else { ch.to_lowercase().to_string() };
            }
        }
        code.to_string()
    }

    /// The cells of kind `k` anchored at grid cell (r, c), if all are on the board.
    fn place(&self, board: &Board, k: usize, r: i64, c: i64) -> Option<Vec<CellIx>> {
        (self.kinds[k].cells.iter())
            .map(|&(dr, dc)| {
                let (r, c) = (r + dr, c + dc);
                let inside = r >= 0 && c >= 0 && r < self.rows as i64 && c < self.cols as i64;
                let cell = (r * self.cols as i64 + c) as usize;
                (inside && board.on[cell]).then_some(cell as CellIx)
            })
            .collect()
    }

    /// Whether kind `k` anchored at `(r, c)` crosses a wall when every part steps `(dr, dc)`.
    fn crosses_wall(&self, walls: &Walls, k: usize, (r, c): (i64, i64), (dr, dc): (i64, i64)) -> bool {
        (self.kinds[k].cells.iter()).any(|&(pr, pc)| {
            let cell = ((r + pr) * self.cols as i64 + c + pc) as usize;
            walls.blocks(cell, dr, dc)
        })
    }

    /// The starting grid: each letter of the picture decomposed into pieces. `letters` and
    /// `spans` come from the instance, one per cell.
    pub fn initial(&self, board: &Board, letters: &[Option<char>], spans: &[Span]) -> R<Vec<u8>> {
        let mut grid = vec![EMPTY; self.rows * self.cols];
        let mut by_letter: BTreeMap<char, Vec<usize>> = BTreeMap::new();
        for (cell, l) in letters.iter().enumerate() {
            if let Some(l) = l.filter(|_| board.on[cell]) {
                by_letter.entry(l).or_default().push(cell);
            }
        }
        let span_of = |cell: usize| spans.get(cell).copied().unwrap_or(board.span);
        for (letter, cells) in by_letter {
            let (r0, c0) = ((cells[0] / self.cols) as i64, (cells[0] % self.cols) as i64);
            let claimed = self.kinds.iter().position(|k| k.letter == Some(letter));
            let k = match claimed {
                Some(k) => k,
                None => {
                    let shape: Vec<(i64, i64)> =
                        (cells.iter()).map(|&c| ((c / self.cols) as i64 - r0, (c % self.cols) as i64 - c0)).collect();
                    match self.kinds.iter().position(|k| k.letter.is_none() && k.cells == shape) {
                        Some(k) => k,
                        None => return Err(self.no_piece(letter, &cells, span_of(cells[0]))),
                    }
                }
            };
            // Copies of the kind, each anchored at the first cell of the letter not yet covered.
            let mut left: Vec<usize> = cells.clone();
            while let Some(&a) = left.first() {
                let placed = self.place(board, k, (a / self.cols) as i64, (a % self.cols) as i64);
                let fits = placed.as_ref().is_some_and(|p| p.iter().all(|c| left.contains(&(*c as usize))));
                let Some(placed) = placed.filter(|_| fits) else {
                    return Err(Diagnostic::new(
                        Code::I302,
                        span_of(a),
                        format!("the cells of `{letter}` do not form copies of the piece `{}`", self.kinds[k].name),
                    )
                    .label(format!("no `{}` fits here", self.kinds[k].name))
                    .related(self.kinds[k].span, "the piece claims this letter")
                    .help("draw every copy of the piece whole, in the letter it claims"));
                };
                for (i, &c) in placed.iter().enumerate() {
                    grid[c as usize] = self.codes[k][i];
                    left.retain(|&x| x != c as usize);
                }
            }
        }
        Ok(grid)
    }

    fn no_piece(&self, letter: char, cells: &[usize], span: Span) -> Diagnostic {
        let shapes: Vec<String> = (self.kinds.iter().filter(|k| k.letter.is_none()))
            .map(|k| format!("`{}` ({})", k.name, crate::diag::plural(k.cells.len(), "cell")))
            .collect();
        Diagnostic::new(
            Code::I302,
            span,
            match cells.len() {
                1 => format!("the one cell of `{letter}` does not have the shape of any piece"),
                n => format!("the {n} cells of `{letter}` do not have the shape of any piece"),
            },
        )
        .label(format!("`{letter}` starts here"))
        .help(if shapes.is_empty() {
            "declare the pieces the picture's letters draw: `piece soldier = \"#\"`".to_string()
        } else {
            format!(
                "each letter draws one piece, its cells touching as in the piece's picture; the pieces are {}",
                shapes.join(", ")
            )
        })
    }

    /// The straight slides of kind `k` anchored at `(r, c)` (its cells `old`) in direction
    /// `(dr, dc)`: each destination's anchor, the piece's cells there and the move's
    /// conditions. Every cell the piece sweeps into must be empty; `until blocked` adds what
    /// stops it: a wall, the edge or a hole needs no test, a piece is a test that one cell of
    /// the piece's next step is not empty. Conditions are all "and", so a piece whose next
    /// step enters several cells gets one move per cell that can stop it, the cells before
    /// that one empty: the moves exclude one another, and one of them applies when the slide
    /// does.
    #[allow(clippy::too_many_arguments)]
    fn straight(
        &self,
        board: &Board,
        walls: Option<&Walls>,
        k: usize,
        (r, c): (i64, i64),
        old: &[CellIx],
        (dr, dc): (i64, i64),
        how: SlideHow,
    ) -> Vec<(usize, Vec<CellIx>, Vec<Cond>)> {
        let is = |cell: CellIx, op: CmpOp| Cond::Cmp { lhs: Operand::Cell(cell), op, rhs: Operand::Const(EMPTY) };
        // The piece's cells after `dist` steps, or `None` when the edge, a hole or a wall
        // stops it before.
        let at = |dist: i64| {
            let new = self.place(board, k, r + dr * dist, c + dc * dist)?;
            let (pr, pc) = (r + dr * (dist - 1), c + dc * (dist - 1));
            (!walls.is_some_and(|w| self.crosses_wall(w, k, (pr, pc), (dr, dc)))).then_some(new)
        };
        let far = if how == SlideHow::Step { 1 } else { (self.rows + self.cols) as i64 };
        let mut out = Vec::new();
        // The cells the piece sweeps into, beyond its own: all must be empty.
        let mut swept: Vec<CellIx> = Vec::new();
        for dist in 1..=far {
            let Some(new) = at(dist) else { break };
            for &cell in &new {
                if !old.contains(&cell) && !swept.contains(&cell) {
                    swept.push(cell);
                }
            }
            let when: Vec<Cond> = swept.iter().map(|&cell| is(cell, CmpOp::Eq)).collect();
            let to = ((r + dr * dist) * self.cols as i64 + c + dc * dist) as usize;
            if matches!(how, SlideHow::Step | SlideHow::Distance) {
                out.push((to, new, when));
                continue;
            }
            match at(dist + 1) {
                // Stopped by a wall, the edge or a hole: a move unless only a piece may stop it.
                None => {
                    if how == SlideHow::Blocked {
                        out.push((to, new, when));
                    }
                }
                Some(next) => {
                    let front: Vec<CellIx> =
                        next.into_iter().filter(|cell| !old.contains(cell) && !swept.contains(cell)).collect();
                    for (i, &stop) in front.iter().enumerate() {
                        let mut when = when.clone();
                        when.extend(front[..i].iter().map(|&cell| is(cell, CmpOp::Eq)));
                        when.push(is(stop, CmpOp::Ne));
                        out.push((to, new.clone(), when));
                    }
                }
            }
        }
        out
    }

    /// The concrete moves of `move NAME slides ...`, each with the piece's name.
    pub fn expand(
        &self,
        s: &SlideDecl,
        (board, walls): (&Board, Option<&Walls>),
        kind: u32,
        cost: u32,
    ) -> R<Vec<(MoveInstance, u32, String)>> {
        let selected: Vec<usize> = match &s.pieces {
            None => (0..self.kinds.len()).collect(),
            Some(names) => names
                .iter()
                .map(|n| {
                    self.kinds.iter().position(|k| k.name == n.name).ok_or_else(|| {
                        Diagnostic::new(Code::E101, n.span, format!("no piece on the board is named `{}`", n.name))
                            .label("unknown piece")
                            .help(format!(
                                "the pieces are {}",
                                self.kinds.iter().map(|k| format!("`{}`", k.name)).collect::<Vec<_>>().join(", ")
                            ))
                    })
                })
                .collect::<R<_>>()?,
        };
        if s.how == SlideHow::Path && !s.dirs.is_empty() {
            return Err(Diagnostic::new(Code::E109, s.span, "a move along any path goes every way")
                .label("directions with `along any path`")
                .help("drop the directions, or slide `any distance` in them"));
        }
        let dirs: Vec<Direction> = if s.dirs.is_empty() {
            vec![Direction::Up, Direction::Down, Direction::Left, Direction::Right]
        } else {
            s.dirs.clone()
        };
        let mut out = Vec::new();
        let n = self.rows * self.cols;
        for &k in &selected {
            let name = &self.kinds[k].name;
            let anchor = Operand::Const(self.codes[k][0]);
            for a in 0..n {
                let (r, c) = ((a / self.cols) as i64, (a % self.cols) as i64);
                let Some(old) = self.place(board, k, r, c) else { continue };
                let mut made = |to: usize, new: &[CellIx], mut when: Vec<Cond>| {
                    when.insert(0, Cond::Cmp { lhs: Operand::Cell(a as CellIx), op: CmpOp::Eq, rhs: anchor });
                    let mut effects: Vec<Effect> = (new.iter().zip(&self.codes[k]))
                        .map(|(&cell, &code)| Effect::Set { cell, value: Operand::Const(code) })
                        .collect();
                    effects.extend(
                        old.iter()
                            .filter(|c| !new.contains(c))
                            .map(|&cell| Effect::Set { cell, value: Operand::Const(EMPTY) }),
                    );
                    let (fa, fb) = board.coord(a);
                    let (ta, tb) = board.coord(to);
                    let mv = MoveInstance { kind, args: vec![fa, fb, ta, tb], when, effects };
                    out.push((mv, cost, name.clone()));
                };
                match s.how {
                    SlideHow::Path => {
                        for to in (0..n).filter(|&t| t != a) {
                            let Some(new) = self.place(board, k, (to / self.cols) as i64, (to % self.cols) as i64)
                            else {
                                continue;
                            };
                            let reach = Cond::Reaches { shape: k as u32, from: a as CellIx, to: to as CellIx };
                            made(to, &new, vec![reach]);
                        }
                    }
                    _ => {
                        for &d in &dirs {
                            for (to, new, when) in self.straight(board, walls, k, (r, c), &old, step(d), s.how) {
                                made(to, &new, when);
                            }
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}

fn not_drawn(span: Span) -> Diagnostic {
    Diagnostic::new(Code::G206, span, "a piece on a played board is drawn as one picture")
        .label("not a picture")
        .help("draw the piece: `piece cao = \"##/##\"`")
}
