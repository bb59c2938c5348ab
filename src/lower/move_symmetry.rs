//! Symmetries of a played puzzle's board, derived from its compiled moves (issue 25): the
//! lattice maps of the grid under which the puzzle is the same puzzle, so that positions one
//! of them maps onto each other are one position to the search (`ir::symmetry`).
//!
//! **Candidates.** The maps `(r, c) → (a·r + b·c, d·r + e·c)`, shifted so that the board's
//! cells keep their bounding box, with `a, b, d, e` in `{-1, 0, 1}` and determinant ±1: the
//! square lattice's turns and mirrors, and the maps of a triangular lattice drawn on a square
//! grid with one diagonal (`peg-triangle.puz`'s moves along `(1, 1)`). A candidate must map
//! the board's cells onto themselves. Nothing says which lattice the spec means: the moves do.
//!
//! **What must be kept.** A map `σ` of the cells is a symmetry of the problem when
//! - the concrete moves, each with its conditions and effects read through `σ` (cells renamed,
//!   values and counters untouched) and its cost, are the same multiset of moves;
//! - the goal is the same: a pattern holds `p[σ(c)] == p[c]`, a list of conditions is the same
//!   set read through `σ`; `empty` and a count of blocks are kept by any map;
//! - the rules are the same: gravity and closing lines keep their direction (`σ`'s linear part
//!   fixes it), and rules and tests that read neighbours by sides (runs, groups, paths of a
//!   piece, walls) need `σ` to map sides to sides (a turn or a mirror of the square lattice);
//! - each walled edge between two cells goes to a walled edge;
//! - pieces slid along paths are single cells (a larger shape would turn with the board).
//!
//! **Why merging is sound.** Let `σ` keep all of this, and let the machine apply move `m` to a
//! position `s`. Reading everything through `σ`, the move `σ(m)` (which is a move of the
//! problem) is legal in `σ(s)` exactly when `m` is legal in `s` — its conditions compare the
//! same values — and its effects, then the rules (which commute with `σ`), give `σ` of `m`'s
//! result. So a sequence of moves from `s` maps to one of the same length and cost from
//! `σ(s)`, and a goal position to a goal position. Whether the goal can be reached within
//! `k` moves, and how soon, is therefore the same for `s` and `σ(s)`: a table of positions
//! that failed, or of positions already reached, may key them by their canonical image. The
//! maps found are closed under composition into a group (a composition of symmetries is one).
//! The start need not be symmetric; but a cell that no move can ever change (a Sokoban wall,
//! written as a value) holds its starting value in every position. A map that takes such a
//! cell to another fixed cell holding another value, or to a cell that never holds its value
//! (it does not at the start, and no move writes that value), maps every position to one never
//! reached: such maps are left out, which costs nothing and spares the search images it would
//! never meet.
use std::collections::HashMap;

use crate::ir::moves::{
    CellIx, Cond, Dir, Effect, Goal, MoveInstance, MoveProblem, Operand, Rule, Term, Value, compare,
};
use crate::ir::symmetry::Symmetry;

/// A map of the grid: its linear part and the cell each cell goes to (off-board cells and
/// counters to themselves).
#[derive(Clone)]
struct Map {
    linear: [[i32; 2]; 2],
    cells: Vec<CellIx>,
}

/// The symmetries of `p` other than the identity, when there are any; `None` when
/// `PUZC_MOVE_SYMMETRY=0` turns them off (for measuring, and for tests that compare).
pub fn derive(p: &MoveProblem) -> Option<Symmetry> {
    if std::env::var("PUZC_MOVE_SYMMETRY").is_ok_and(|v| v.trim() == "0") {
        return None;
    }
    let sides = by_sides(p)?;
    let on: Vec<usize> = (0..p.grid_len()).filter(|&c| p.on_board[c]).collect();
    if on.len() < 2 {
        return None;
    }
    let fixed = fixed_cells(p);
    let written = written_values(p);
    // Whether a position with cell c's starting value in cell `to` may be reached.
    let may_hold = |c: usize, to: usize| {
        let v = p.initial[c];
        p.initial[to] == v || (!fixed[to] && written[v as usize])
    };
    // The moves' keys are made only once a candidate passes the cheaper tests.
    let mut moves: Option<Moves> = None;
    let mut found: Vec<Map> = Vec::new();
    for linear in candidates() {
        if sides && !square(linear) {
            continue;
        }
        let Some(map) = place(p, &on, linear) else { continue };
        if keeps_rules(p, linear)
            && (0..p.grid_len()).all(|c| !fixed[c] || may_hold(c, map.cells[c] as usize))
            && keeps_walls(p, &map)
            && keeps_goal(p, &map)
            && moves.get_or_insert_with(|| Moves::new(p)).kept_by(p, &map)
        {
            found.push(map);
        }
    }
    if found.is_empty() {
        return None;
    }
    let group = close(found);
    let name = describe(&group);
    let maps: Vec<Vec<CellIx>> = group.into_iter().map(|m| m.cells).collect();
    let inverses = maps
        .iter()
        .map(|m| {
            let mut inv = vec![0; m.len()];
            for (c, &to) in m.iter().enumerate() {
                inv[to as usize] = c as CellIx;
            }
            inv
        })
        .collect();
    Some(Symmetry { maps, inverses, name })
}

/// The cells no move can ever change: without rules, a cell whose every writing move has a
/// condition its starting value fails (so, by induction on the moves made, it keeps that
/// value and no such move is ever legal). None when rules or group effects may write any cell.
fn fixed_cells(p: &MoveProblem) -> Vec<bool> {
    let n = p.grid_len();
    let mut fixed = vec![p.rules.is_empty(); n];
    for m in &p.moves {
        for e in &m.effects {
            let written = match *e {
                Effect::Set { cell, .. } | Effect::Compute { cell, .. } => [Some(cell), None],
                Effect::Swap(a, b) => [Some(a), Some(b)],
                Effect::RemoveGroup { .. } | Effect::SetGroup { .. } => return vec![false; n],
            };
            for c in written.into_iter().flatten().filter(|&c| (c as usize) < n) {
                if !refuses(m, c, p.initial[c as usize]) {
                    fixed[c as usize] = false;
                }
            }
        }
    }
    fixed
}

/// The values some move may write: the constants of `set`s, or every value when a move
/// copies, swaps, computes or paints.
fn written_values(p: &MoveProblem) -> Vec<bool> {
    let mut out = vec![false; 256];
    for e in p.moves.iter().flat_map(|m| &m.effects) {
        match *e {
            Effect::Set { value: Operand::Const(v), .. } => out[v as usize] = true,
            Effect::RemoveGroup { .. } => out[0] = true,
            _ => return vec![true; 256],
        }
    }
    out
}

/// Whether a condition of `m` fails while cell `c` holds `v`.
fn refuses(m: &MoveInstance, c: CellIx, v: Value) -> bool {
    m.when.iter().any(|w| match *w {
        Cond::Cmp { lhs: Operand::Cell(x), op, rhs: Operand::Const(k) } if x == c => !compare(v, op, k),
        Cond::Cmp { lhs: Operand::Const(k), op, rhs: Operand::Cell(x) } if x == c => !compare(k, op, v),
        _ => false,
    })
}

/// Whether the problem reads neighbours by sides (runs, groups, paths of a piece, walls), so
/// that only turns and mirrors of the square lattice can keep it; `None` when a piece of more
/// than one cell slides along paths (its shape would turn with the board).
fn by_sides(p: &MoveProblem) -> Option<bool> {
    if p.shapes.iter().any(|s| s.as_slice() != [(0, 0)]) {
        return None;
    }
    let rules = p.rules.iter().any(|r| matches!(r, Rule::ClearRuns { .. } | Rule::ClearGroups { .. }));
    let moves = p.moves.iter().any(|m| {
        m.when.iter().any(|c| matches!(c, Cond::GroupAtLeast { .. } | Cond::Reaches { .. }))
            || m.effects.iter().any(|e| matches!(e, Effect::RemoveGroup { .. } | Effect::SetGroup { .. }))
    });
    Some(rules || moves || p.walls.iter().any(|&w| w != 0))
}

/// The linear parts tried: entries in {-1, 0, 1}, determinant ±1, not the identity.
fn candidates() -> Vec<[[i32; 2]; 2]> {
    let mut out = Vec::new();
    for a in -1i32..=1 {
        for b in -1..=1 {
            for d in -1..=1 {
                for e in -1..=1 {
                    let m = [[a, b], [d, e]];
                    if (a * e - b * d).abs() == 1 && m != [[1, 0], [0, 1]] {
                        out.push(m);
                    }
                }
            }
        }
    }
    out
}

/// A turn or mirror of the square lattice: sides go to sides.
fn square(m: [[i32; 2]; 2]) -> bool {
    (m[0][0] == 0) != (m[0][1] == 0) && (m[1][0] == 0) != (m[1][1] == 0)
}

/// The map with linear part `m` shifted so that the board's cells keep their bounding box,
/// when it maps them onto themselves.
fn place(p: &MoveProblem, on: &[usize], m: [[i32; 2]; 2]) -> Option<Map> {
    let cols = p.cols as i32;
    let image = |c: usize| {
        let (r, k) = (c as i32 / cols, c as i32 % cols);
        (m[0][0] * r + m[0][1] * k, m[1][0] * r + m[1][1] * k)
    };
    let low = |f: &dyn Fn(usize) -> i32| on.iter().map(|&c| f(c)).min().unwrap_or(0);
    let (r0, c0) = (low(&|c| c as i32 / cols), low(&|c| c as i32 % cols));
    let (i0, j0) = (low(&|c| image(c).0), low(&|c| image(c).1));
    let mut cells: Vec<CellIx> = (0..p.state_len() as CellIx).collect();
    let mut hit = vec![false; p.grid_len()];
    for &c in on {
        let (i, j) = image(c);
        let (r, k) = (i - i0 + r0, j - j0 + c0);
        if r < 0 || k < 0 || r >= p.rows as i32 || k >= cols {
            return None;
        }
        let to = (r * cols + k) as usize;
        if !p.on_board[to] || hit[to] {
            return None;
        }
        hit[to] = true;
        cells[c] = to as CellIx;
    }
    Some(Map { linear: m, cells })
}

/// A direction of the grid as a vector (row, column).
fn vector(d: Dir) -> [i32; 2] {
    match d {
        Dir::Down => [1, 0],
        Dir::Up => [-1, 0],
        Dir::Left => [0, -1],
        Dir::Right => [0, 1],
    }
}

/// Gravity and closing lines keep their direction under `m`; runs are read along rows and
/// columns, which a turn or mirror keeps (checked by [`by_sides`]).
fn keeps_rules(p: &MoveProblem, m: [[i32; 2]; 2]) -> bool {
    p.rules.iter().all(|r| match *r {
        Rule::Gravity(d) | Rule::Close(d) => {
            let v = vector(d);
            [m[0][0] * v[0] + m[0][1] * v[1], m[1][0] * v[0] + m[1][1] * v[1]] == v
        }
        Rule::ClearRuns { .. } | Rule::ClearGroups { .. } => square(m),
    })
}

/// Each walled edge between two cells of the grid goes to a walled edge (walls on the
/// board's edge stop nothing the edge does not).
fn keeps_walls(p: &MoveProblem, map: &Map) -> bool {
    if p.walls.is_empty() {
        return true;
    }
    let walled = |a: usize, b: usize| {
        let (lo, hi) = (a.min(b), a.max(b));
        let bit = if hi == lo + 1 && hi % p.cols != 0 {
            2
        } else if hi == lo + p.cols {
            4
        } else {
            return None;
        };
        Some(p.walls[lo] & bit != 0)
    };
    for c in 0..p.grid_len() {
        for next in [c + 1, c + p.cols] {
            if next >= p.grid_len() || (next == c + 1 && next % p.cols == 0) {
                continue;
            }
            if walled(c, next) == Some(true) && walled(map.cells[c] as usize, map.cells[next] as usize) != Some(true) {
                return false;
            }
        }
    }
    true
}

/// The goal read through the map is the goal.
fn keeps_goal(p: &MoveProblem, map: &Map) -> bool {
    match &p.goal {
        Goal::Empty | Goal::NonEmptyCount(_) => true,
        Goal::Pattern(want) => (0..p.grid_len()).all(|c| want[map.cells[c] as usize] == want[c]),
        Goal::All(conds) => {
            let mut a: Vec<Vec<i64>> = conds.iter().map(|c| cond_key(p, c, &|x| x)).collect();
            let mut b: Vec<Vec<i64>> = conds.iter().map(|c| cond_key(p, c, &|x| map.cells[x as usize])).collect();
            a.sort();
            b.sort();
            a == b
        }
    }
}

/// An operand, cells renamed by `f`.
fn operand(o: Operand, f: &dyn Fn(CellIx) -> CellIx, out: &mut Vec<i64>) {
    match o {
        Operand::Cell(c) => out.extend([0, f(c) as i64]),
        Operand::Const(v) => out.extend([1, v as i64]),
    }
}

/// A program's terms, cells renamed by `f`.
fn program(p: &MoveProblem, prog: u32, f: &dyn Fn(CellIx) -> CellIx, out: &mut Vec<i64>) {
    let terms = p.programs.get(prog as usize).map_or(&[][..], Vec::as_slice);
    out.push(terms.len() as i64);
    for t in terms {
        match *t {
            Term::Cell(c) => out.extend([0, f(c) as i64]),
            Term::Const(k) => out.extend([1, k]),
            Term::Cmp(o) => out.extend([2, 10 + o as i64]),
            op => out.extend([2, op_code(op)]),
        }
    }
}

/// A number for each operation of a program.
fn op_code(t: Term) -> i64 {
    match t {
        Term::Add => 1,
        Term::Sub => 2,
        Term::Mul => 3,
        Term::Min => 4,
        Term::Max => 5,
        Term::Div => 6,
        Term::Mod => 7,
        _ => 0,
    }
}

/// A condition as numbers, cells renamed by `f`: equal conditions give equal keys.
fn cond_key(p: &MoveProblem, c: &Cond, f: &dyn Fn(CellIx) -> CellIx) -> Vec<i64> {
    let mut k = Vec::new();
    match *c {
        Cond::Cmp { lhs, op, rhs } => {
            k.extend([0, op as i64]);
            operand(lhs, f, &mut k);
            operand(rhs, f, &mut k);
        }
        Cond::GroupAtLeast { cell, min } => k.extend([1, f(cell) as i64, min as i64]),
        Cond::Reaches { shape, from, to } => k.extend([2, shape as i64, f(from) as i64, f(to) as i64]),
        Cond::Arith { lhs, op, rhs } => {
            k.extend([3, op as i64]);
            program(p, lhs, f, &mut k);
            program(p, rhs, f, &mut k);
        }
    }
    k
}

/// An effect as numbers, cells renamed by `f` (the two cells of a swap in order).
fn effect_key(p: &MoveProblem, e: &Effect, f: &dyn Fn(CellIx) -> CellIx) -> Vec<i64> {
    let mut k = Vec::new();
    match *e {
        Effect::Set { cell, value } => {
            k.extend([0, f(cell) as i64]);
            operand(value, f, &mut k);
        }
        Effect::Swap(a, b) => k.extend([1, f(a).min(f(b)) as i64, f(a).max(f(b)) as i64]),
        Effect::Compute { cell, program: prog } => {
            k.extend([2, f(cell) as i64]);
            program(p, prog, f, &mut k);
        }
        Effect::RemoveGroup { cell } => k.extend([3, f(cell) as i64]),
        Effect::SetGroup { cell, value } => {
            k.extend([4, f(cell) as i64]);
            operand(value, f, &mut k);
        }
    }
    k
}

/// The concrete moves as a multiset of keys (conditions and effects each sorted, the cost
/// last).
struct Moves {
    keys: HashMap<Vec<i64>, u32>,
}

impl Moves {
    fn new(p: &MoveProblem) -> Self {
        let mut keys = HashMap::new();
        for i in 0..p.moves.len() {
            *keys.entry(move_key(p, i, &|x| x)).or_insert(0) += 1;
        }
        Moves { keys }
    }

    /// Whether the moves read through `map` are the same multiset.
    fn kept_by(&self, p: &MoveProblem, map: &Map) -> bool {
        let mut seen: HashMap<Vec<i64>, u32> = HashMap::with_capacity(self.keys.len());
        for i in 0..p.moves.len() {
            let k = move_key(p, i, &|x| map.cells[x as usize]);
            let Some(&have) = self.keys.get(&k) else { return false };
            let n = seen.entry(k).or_insert(0);
            *n += 1;
            if *n > have {
                return false;
            }
        }
        // As many moves, none more often than before: the same multiset.
        true
    }
}

/// Move `i` as numbers, cells renamed by `f`: its cost, its conditions (sorted: they are
/// joined by `and`) and its effects (sorted: they happen at once).
fn move_key(p: &MoveProblem, i: usize, f: &dyn Fn(CellIx) -> CellIx) -> Vec<i64> {
    let m = &p.moves[i];
    let mut conds: Vec<Vec<i64>> = m.when.iter().map(|c| cond_key(p, c, f)).collect();
    conds.sort();
    let mut effects: Vec<Vec<i64>> = m.effects.iter().map(|e| effect_key(p, e, f)).collect();
    effects.sort();
    let mut k = vec![p.cost(i) as i64, conds.len() as i64];
    for part in conds.into_iter().chain([vec![effects.len() as i64]]).chain(effects) {
        k.push(part.len() as i64);
        k.extend(part);
    }
    k
}

/// The group the maps found generate (a composition of symmetries is a symmetry), the
/// identity left out, in a fixed order.
fn close(found: Vec<Map>) -> Vec<Map> {
    let identity = |m: &Map| m.cells.iter().enumerate().all(|(c, &to)| to as usize == c);
    let mut group = found.clone();
    // A finite group of lattice maps has at most 12 elements; the bound only guards.
    let mut grew = true;
    while grew && group.len() < 48 {
        grew = false;
        for a in 0..group.len() {
            for b in &found {
                let g = compose(&group[a], b);
                if !identity(&g) && !group.iter().any(|h| h.cells == g.cells) {
                    group.push(g);
                    grew = true;
                }
            }
        }
    }
    group.sort_by_key(|m| (m.linear, m.cells.clone()));
    group
}

/// `a` after `b`.
fn compose(a: &Map, b: &Map) -> Map {
    let mut linear = [[0; 2]; 2];
    for (i, row) in linear.iter_mut().enumerate() {
        for (j, x) in row.iter_mut().enumerate() {
            *x = a.linear[i][0] * b.linear[0][j] + a.linear[i][1] * b.linear[1][j];
        }
    }
    Map { linear, cells: b.cells.iter().map(|&c| a.cells[c as usize]).collect() }
}

/// How `--stats` names the group: its order and its elements, in words when they are the
/// square's turns and mirrors, else how many turns and mirrors of the lattice.
fn describe(group: &[Map]) -> String {
    const SQUARE: [([[i32; 2]; 2], &str); 7] = [
        ([[0, 1], [-1, 0]], "a quarter turn clockwise"),
        ([[0, -1], [1, 0]], "a quarter turn anticlockwise"),
        ([[-1, 0], [0, -1]], "a half turn"),
        ([[1, 0], [0, -1]], "the mirror left to right"),
        ([[-1, 0], [0, 1]], "the mirror top to bottom"),
        ([[0, 1], [1, 0]], "the mirror in the main diagonal"),
        ([[0, -1], [-1, 0]], "the mirror in the other diagonal"),
    ];
    let order = group.len() + 1;
    if group.iter().all(|m| square(m.linear)) {
        let names: Vec<&str> =
            SQUARE.iter().filter(|(l, _)| group.iter().any(|m| m.linear == *l)).map(|(_, n)| *n).collect();
        return format!("of {order}: the identity, {}", names.join(", "));
    }
    let turns = group.iter().filter(|m| m.linear[0][0] * m.linear[1][1] - m.linear[0][1] * m.linear[1][0] == 1).count();
    format!(
        "of {order}: the identity, {turns} turns and {} mirrors of the lattice the moves step on",
        group.len() - turns
    )
}
