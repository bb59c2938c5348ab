//! The independent verifier: checks an [`Answer`] against the model — the spec's meaning —
//! without using the lowering or the engine that produced it. Nothing is printed unless
//! this passes.
use super::answer::Answer;
use crate::lower::model::{ArithOp, Board, Covered, Model, Piece, Placing};
use crate::lower::value::Value;
use crate::syntax::ast::{Lattice, Once};
use proven::Proven;

mod bridges;
mod chain;
mod compare;
mod connected;
mod crossing;
mod distinct;
mod fleet;
mod loops;
mod pairs;
mod proven;
mod runs;
mod seen;
mod shapes;
mod sight;
mod sized;

pub use sized::areas as sized_areas;

/// `Ok` if the answer satisfies every constraint of the model; else what is wrong.
pub fn verify(model: &Model, ans: &Answer) -> Result<(), String> {
    Verifier::new(model).check(ans)
}

/// The verifier of one model, for checking many answers: what depends only on the model
/// (each piece's shapes under the allowed symmetries, its labels as value indices) is worked
/// out once, and the counting arrays are kept between answers. A batch of UVA 211 layouts
/// checks 2596 maps; worked out per answer, this was a quarter of the run.
pub struct Verifier<'m> {
    model: &'m Model,
    /// Per piece, on square and hexagonal boards: its cells under each allowed symmetry.
    shapes: Vec<Vec<Shape>>,
    /// Per board value, the first value equal to it (labels are compared through these).
    canon: Vec<usize>,
    cover: Vec<u32>,
    used: Vec<u32>,
    seen: Vec<u32>,
    /// A placement's cells as (row, column), sorted.
    at: Vec<(i64, i64)>,
    /// Placements already found to be copies of their piece.
    proven: Proven,
}

/// A piece's cells after one symmetry, sorted and moved so the first is at (0, 0), each with
/// the value its label must find on the board ([`NO_LABEL`] for none, [`NO_VALUE`] for a
/// label no board value equals).
type Shape = Vec<(i64, i64, usize)>;
const NO_LABEL: usize = usize::MAX;
const NO_VALUE: usize = usize::MAX - 1;

impl<'m> Verifier<'m> {
    pub fn new(model: &'m Model) -> Verifier<'m> {
        let values: &[Value] = model.board.as_ref().map_or(&[], |b| &b.values);
        // Each value's first equal, found through a map: a search per value was quadratic
        // (65536 values: 4·10^9 comparisons, 7 s before a diagnostic about the options).
        let mut first = std::collections::HashMap::with_capacity(values.len());
        let canon: Vec<usize> = (0..values.len()).map(|v| *first.entry(&values[v]).or_insert(v)).collect();
        let syms = match (&model.placing, model.board.as_ref().map(|b| b.lattice)) {
            (Some(p), Some(Lattice::Squares)) => symmetries(p.rotate, p.reflect),
            (Some(p), Some(Lattice::Hexagons)) => hex_symmetries(p.rotate, p.reflect),
            _ => &[],
        };
        // On a filled board a piece's cells are matched against the values they write.
        let shapes =
            model.pieces.iter().map(|piece| shapes_of(&fleet::as_written(model, piece), syms, values)).collect();
        Verifier {
            model,
            shapes,
            canon,
            cover: Vec::new(),
            used: Vec::new(),
            seen: Vec::new(),
            at: Vec::new(),
            proven: Proven::default(),
        }
    }

    /// `Ok` if the answer satisfies every constraint of the model; else what is wrong.
    pub fn check(&mut self, ans: &Answer) -> Result<(), String> {
        let model = self.model;
        if let Some(fill) = &ans.fill {
            verify_fill(model, fill, &mut self.seen)?;
        }
        if let Some(rule) = &model.loop_rule {
            loops::verify(rule, ans.loop_edges.as_deref().ok_or("a loop's answer without its sides")?)?;
        }
        if let Some(rule) = &model.bridges {
            bridges::verify(rule, ans.bridges.as_deref().ok_or("a bridges answer without its bridges")?)?;
        }
        let covered = verify_direct(model, ans)?;
        if let Some(placing) = &model.placing {
            self.check_placing(placing, ans, &covered)?;
            fleet::verify(model, ans, &self.cover)?;
        }
        Ok(())
    }
}

fn verify_fill(model: &Model, fill: &[Option<usize>], seen: &mut Vec<u32>) -> Result<(), String> {
    let board = model.board.as_ref().ok_or("a filled answer without a board")?;
    if fill.len() != board.on.len() {
        return Err("the answer does not cover the board".into());
    }
    for (cell, (&on, (&value, &given))) in board.on.iter().zip(fill.iter().zip(&board.given)).enumerate() {
        match (on, value, given) {
            (true, None, _) => return Err(format!("cell {:?} has no value", board.coord(cell))),
            (true, Some(v), Some(g)) if v != g => {
                return Err(format!("cell {:?} contradicts its given", board.coord(cell)));
            }
            (true, Some(v), _) if v >= board.values.len() => return Err("value out of range".into()),
            _ => {}
        }
    }
    for region in &model.regions {
        seen.clear();
        seen.resize(board.values.len(), 0);
        for &c in region.cells.iter() {
            if let Some(v) = fill[c] {
                seen[v] += 1;
            }
        }
        let ok = match region.once {
            Once::Exactly => seen.iter().all(|&n| n == 1),
            Once::AtMost => seen.iter().all(|&n| n <= 1),
        };
        if !ok {
            return Err(format!("region {} breaks its rule", region.name));
        }
    }
    for cage in &model.cages {
        let mut vals = Vec::with_capacity(cage.cells.len());
        for &c in &cage.cells {
            match fill[c].map(|v| &board.values[v]) {
                Some(Value::Int(n)) => vals.push(*n as i128),
                _ => return Err(format!("cage {} holds a cell without a number", cage.name)),
            }
        }
        if cage.distinct && (1..vals.len()).any(|i| vals[..i].contains(&vals[i])) {
            return Err(format!("cage {} repeats a value", cage.name));
        }
        if !cage_holds(cage.op, &vals, cage.target as i128) {
            return Err(format!("cage {} does not make its target {}", cage.name, cage.target));
        }
    }
    let holds = |c: usize, values: &[usize]| fill[c].is_some_and(|v| values.contains(&v));
    for count in &model.counts {
        let n = count.cells.iter().filter(|&&c| holds(c, &count.values)).count();
        if n < count.lo || n > count.hi {
            return Err(format!("region {} holds {n} of the counted values", count.name));
        }
    }
    // Each cell holding a value of the rule, against the later cells near it: every touching
    // pair is seen once, and whether two cells touch is decided by the lattice's shapes.
    for apart in &model.apart {
        let held: Vec<usize> = (0..fill.len()).filter(|&c| holds(c, &apart.values)).collect();
        let rc = |c: usize| ((c / board.cols) as i64, (c % board.cols) as i64);
        let touch = |a: usize, b: usize| cells_touch(board, a, b, apart.diagonal);
        // Every lattice's touching cells lie within a row and two columns of each other.
        let (rows, cols) = (board.rows as i64, board.cols as i64);
        for &a in &held {
            let (r, c) = rc(a);
            for (r2, c2) in (r - 1..=r + 1).flat_map(|r2| (c - 2..=c + 2).map(move |c2| (r2, c2))) {
                if !(0..rows).contains(&r2) || !(0..cols).contains(&c2) {
                    continue;
                }
                let b = (r2 * cols + c2) as usize;
                if b > a && holds(b, &apart.values) && touch(a, b) {
                    return Err(format!("cells {:?} and {:?} touch", board.coord(a), board.coord(b)));
                }
            }
        }
    }
    compare::verify(model, fill)?;
    runs::verify(model, fill)?;
    seen::verify(model, fill)?;
    sight::verify(model, fill)?;
    pairs::verify(model, fill)?;
    chain::verify(model, fill)?;
    connected::verify(model, fill)?;
    sized::verify(model, fill)?;
    shapes::verify(model, fill)?;
    crossing::verify(model, fill)?;
    distinct::verify(model, fill)
}

/// Whether two cells of the board touch by a side (or, with `diagonal`, by a corner),
/// decided by the lattice's shapes.
fn cells_touch(board: &Board, a: usize, b: usize, diagonal: bool) -> bool {
    let rc = |c: usize| ((c / board.cols) as i64, (c % board.cols) as i64);
    let ((r1, c1), (r2, c2)) = (rc(a), rc(b));
    match board.lattice {
        Lattice::Squares => {
            let (dr, dc) = ((r1 - r2).abs(), (c1 - c2).abs());
            dr.max(dc) == 1 && (diagonal || dr + dc == 1)
        }
        // Hexagons as cube coordinates (c, −r − c, r): neighbours are at distance 1.
        Lattice::Hexagons => {
            let (dx, dz) = (c1 - c2, r1 - r2);
            (dx.abs() + dz.abs() + (dx + dz).abs()) == 2
        }
        // Triangles share a side when they share two corners, a corner when one.
        Lattice::Triangles => {
            let (p, q) = (corners(r1, c1), corners(r2, c2));
            let shared = p.iter().filter(|x| q.contains(x)).count();
            shared >= if diagonal { 1 } else { 2 }
        }
    }
}

/// The cage rule, in wide integers so no product of a cage's values can overflow silently.
/// `-` and `/` read the cage as "the largest value, less (or divided by) all the others",
/// which for two cells is |a - b| and max / min.
fn cage_holds(op: ArithOp, vals: &[i128], target: i128) -> bool {
    let mut sorted = vals.to_vec();
    sorted.sort_unstable();
    let Some((&largest, others)) = sorted.split_last() else { return false };
    match op {
        ArithOp::Sum => vals.iter().sum::<i128>() == target,
        ArithOp::Product => {
            let mut p: i128 = 1;
            for &v in vals {
                match p.checked_mul(v) {
                    Some(q) => p = q,
                    None => return false,
                }
            }
            p == target
        }
        ArithOp::Difference => largest - others.iter().sum::<i128>() == target,
        ArithOp::Quotient => {
            let mut d: i128 = 1;
            for &v in others {
                match d.checked_mul(v) {
                    Some(q) => d = q,
                    None => return false,
                }
            }
            d != 0 && largest % d == 0 && largest / d == target
        }
    }
}

impl Verifier<'_> {
    /// `direct`: how many chosen direct options cover each cell (`grid(r, c)`), which counts
    /// as covering it like a piece.
    fn check_placing(&mut self, placing: &Placing, ans: &Answer, direct: &[u32]) -> Result<(), String> {
        let model = self.model;
        // On a filled board, cells no piece covers hold the background (`fleet::verify`).
        let (partial, pieces) = (placing.partial || model.fill, &placing.pieces);
        let board = model.board.as_ref().ok_or("placed pieces without a board")?;
        // What a labelled cell must lie on: the given values, or on a filled board the
        // values the answer gives the cells (the piece writes them).
        let shown: &[Option<usize>] = match (&ans.fill, model.fill) {
            (Some(fill), true) => fill,
            _ => &board.given,
        };
        let cover = &mut self.cover;
        cover.clear();
        cover.resize(board.on.len(), 0);
        for (c, &n) in direct.iter().enumerate() {
            cover[c] += n;
        }
        let used = &mut self.used;
        used.clear();
        used.resize(model.pieces.len(), 0);
        // Only tiles with edge labels need to know which tile shows which edges where.
        let tiles = model.border.is_some() || model.match_edges;
        let mut edges_at: Vec<Option<&[Value; 4]>> = if tiles { vec![None; board.on.len()] } else { Vec::new() };
        for p in &ans.placed {
            let piece = &model.pieces[p.piece];
            used[p.piece] += 1;
            // A placement proven before lies on the board, within its confinement and where
            // `confine ... where` allows: all of that depends on the piece and the cells
            // alone (tiles, whose edges also count, are never entered), so only its cover
            // is counted again.
            if !model.fill && self.proven.contains(p.piece, p.cells) {
                p.cells.iter().for_each(|&c| cover[c] += 1);
                continue;
            }
            for &c in p.cells {
                if c >= board.on.len() || !board.on[c] {
                    return Err(format!("piece {} lies off the board", piece.label));
                }
                cover[c] += 1;
                if model.confine[p.piece].as_ref().is_some_and(|a| !a[c]) {
                    return Err(format!("piece {} leaves its confined cells", piece.label));
                }
            }
            if let Some(Some(allowed)) = model.confine_where.get(p.piece) {
                // The placements `confine ... where` allows, as the model lists them.
                let mut cells = p.cells.to_vec();
                cells.sort_unstable();
                if !allowed.contains(&(cells, p.edges.cloned())) {
                    return Err(format!("piece {} lies where its `confine ... where` does not allow", piece.label));
                }
            }
            let value = |c: usize| shown[c].map(|g| &board.values[g]);
            let same = match board.lattice {
                Lattice::Squares | Lattice::Hexagons => {
                    matches_shape(&self.shapes[p.piece], &self.canon, (board.cols, shown), p.cells, &mut self.at)
                }
                Lattice::Triangles => congruent_triangles(
                    &fleet::as_written(model, piece),
                    board.cols,
                    p.cells,
                    placing.rotate,
                    placing.reflect,
                    value,
                ),
            };
            if !same {
                return Err(format!("piece {} is not placed as a copy of its shape and labels", piece.label));
            }
            if let (Some(e), Some(pe)) = (&p.edges, &piece.edges) {
                if !is_rotation(pe, e, placing.rotate, placing.reflect) {
                    return Err(format!("tile {} shows edges it does not have", piece.label));
                }
                if tiles {
                    edges_at[p.cells[0]] = Some(e);
                }
            } else if p.edges.is_none() {
                // Tiles are checked every time: their edges are not part of the entry.
                self.proven.insert(p.piece, p.cells);
            }
        }
        let (cover, used) = (&self.cover, &self.used);
        for (c, &n) in cover.iter().enumerate() {
            if board.on[c] && (n > 1 || (!partial && n == 0)) {
                return Err(format!("cell {:?} is covered {}", board.coord(c), crate::diag::plural(n, "time")));
            }
        }
        for &p in pieces {
            if used[p] != model.pieces[p].count {
                return Err(format!("piece {} is not used {} time(s)", model.pieces[p].label, model.pieces[p].count));
            }
        }
        if let Some(border) = &model.border {
            // A tile's side is on the border when the cell beyond it is off the board or a hole.
            let (rows, cols) = (board.rows as i64, board.cols as i64);
            let open = |r: i64, c: i64| r < 0 || c < 0 || r >= rows || c >= cols || !board.on[(r * cols + c) as usize];
            for (cell, e) in edges_at.iter().enumerate() {
                let Some(e) = e else { continue };
                let (r, c) = (cell as i64 / cols, cell as i64 % cols);
                let beyond = [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)];
                if (0..4).any(|side| open(beyond[side].0, beyond[side].1) && e[side] != *border) {
                    return Err(format!("tile at {:?} shows another label than the border's", board.coord(cell)));
                }
            }
        }
        if model.match_edges {
            let cols = board.cols;
            for c in 0..board.on.len() {
                let Some(e) = edges_at[c] else { continue };
                if c % cols + 1 < cols
                    && let Some(r) = edges_at[c + 1]
                    && e[1] != r[3]
                {
                    return Err(format!("edges differ between {:?} and its right neighbour", board.coord(c)));
                }
                if let Some(Some(d)) = edges_at.get(c + cols)
                    && e[2] != d[0]
                {
                    return Err(format!("edges differ between {:?} and the cell below", board.coord(c)));
                }
            }
        }
        Ok(())
    }
}

/// The piece's cells under each of `syms`, as [`Shape`]s.
fn shapes_of(piece: &Piece, syms: &[Symmetry], values: &[Value]) -> Vec<Shape> {
    let label = |l: &Option<Value>| match l {
        None => NO_LABEL,
        Some(l) => values.iter().position(|v| v == l).unwrap_or(NO_VALUE),
    };
    syms.iter()
        .map(|m| {
            let mut s: Shape = piece
                .cells
                .iter()
                .map(|(r, c, l)| {
                    let (r, c) = m(*r, *c);
                    (r, c, label(l))
                })
                .collect();
            s.sort_unstable();
            let (r0, c0) = s.first().map_or((0, 0), |x| (x.0, x.1));
            s.iter_mut().for_each(|x| (x.0, x.1) = (x.0 - r0, x.1 - c0));
            s
        })
        .collect()
}

/// Whether `cells` (on the board, checked by the caller) are one of the piece's `shapes`
/// moved to some place, with every labelled cell lying on a board cell showing that label:
/// both sides sorted and moved so their first cell is at (0, 0), then compared cell by cell.
/// `at` is scratch space.
///
/// `shown` is what each cell holds, for the labels: the givens, or the answer's values.
fn matches_shape(
    shapes: &[Shape],
    canon: &[usize],
    (cols, shown): (usize, &[Option<usize>]),
    cells: &[usize],
    at: &mut Vec<(i64, i64)>,
) -> bool {
    at.clear();
    at.extend(cells.iter().map(|&c| ((c / cols) as i64, (c % cols) as i64)));
    at.sort_unstable();
    // A cell listed twice is not a copy of the piece, whose cells are distinct.
    if at.windows(2).any(|w| w[0] == w[1]) {
        return false;
    }
    let Some(&(r0, c0)) = at.first() else { return shapes.iter().any(|s| s.is_empty()) };
    shapes.iter().any(|shape| {
        shape.len() == at.len()
            && shape.iter().zip(at.iter()).all(|(&(r, c, label), &(ar, ac))| {
                r == ar - r0
                    && c == ac - c0
                    && (label == NO_LABEL || {
                        let cell = ar as usize * cols + ac as usize;
                        shown[cell].is_some_and(|g| canon[g] == label)
                    })
            })
    })
}

/// `shown` is `edges` turned by an allowed symmetry: a quarter turn moves each label one
/// place clockwise (top → right); a mirror image swaps left and right.
fn is_rotation(edges: &[Value; 4], shown: &[Value; 4], rotate: bool, reflect: bool) -> bool {
    let mirrored = [edges[0].clone(), edges[3].clone(), edges[2].clone(), edges[1].clone()];
    let turns = if rotate { 4 } else { 1 };
    let turned = |base: &[Value; 4], k: usize| (0..4).all(|i| shown[(i + k) % 4] == base[i]);
    (0..turns).any(|k| turned(edges, k) || (reflect && turned(&mirrored, k)))
}

type Symmetry = fn(i64, i64) -> (i64, i64);

/// The symmetries of the square a placement may use: the four turns, then their mirror images.
const SYMMETRIES: [Symmetry; 8] = [
    |r, c| (r, c),
    |r, c| (c, -r),
    |r, c| (-r, -c),
    |r, c| (-c, r),
    |r, c| (r, -c),
    |r, c| (c, r),
    |r, c| (-r, c),
    |r, c| (-c, -r),
];

fn symmetries(rotate: bool, reflect: bool) -> &'static [Symmetry] {
    match (rotate, reflect) {
        (false, false) => &SYMMETRIES[..1],
        (true, false) => &SYMMETRIES[..4],
        (true, true) => &SYMMETRIES[..],
        // Reflection alone: identity and the left-right mirror.
        (false, true) => &SYMMETRIES_MIRROR_ONLY,
    }
}

const SYMMETRIES_MIRROR_ONLY: [Symmetry; 2] = [|r, c| (r, c), |r, c| (r, -c)];

/// The symmetries of the hexagon, on cells (r, c) of a hexagonal board read as cube
/// coordinates (x, y, z) = (c, −r − c, r): a sixth of a turn is (x, y, z) → (−z, −x, −y),
/// i.e. (r, c) → (r + c, −r); the mirror swaps x and z, (r, c) → (c, r). The six turns,
/// then the six turns of the mirror image.
const HEX_SYMMETRIES: [Symmetry; 12] = [
    |r, c| (r, c),
    |r, c| (r + c, -r),
    |r, c| (c, -r - c),
    |r, c| (-r, -c),
    |r, c| (-r - c, r),
    |r, c| (-c, r + c),
    |r, c| (c, r),
    |r, c| (c + r, -c),
    |r, c| (r, -c - r),
    |r, c| (-c, -r),
    |r, c| (-c - r, c),
    |r, c| (-r, c + r),
];

fn hex_symmetries(rotate: bool, reflect: bool) -> &'static [Symmetry] {
    match (rotate, reflect) {
        (false, false) => &HEX_SYMMETRIES[..1],
        (true, false) => &HEX_SYMMETRIES[..6],
        (true, true) => &HEX_SYMMETRIES[..],
        (false, true) => &HEX_MIRROR_ONLY,
    }
}

const HEX_MIRROR_ONLY: [Symmetry; 2] = [|r, c| (r, c), |r, c| (c, r)];

/// The three corners of triangle (r, c) in lattice coordinates — x along a row of points,
/// y up to the next row (so (x, y + 1) lies up and to the right of (x, y)) — sorted. Rows
/// of cells go down; cell (r, c) points up when r + c is even.
fn corners(r: i64, c: i64) -> [(i64, i64); 3] {
    let y = -r - 1;
    let mut t = if (r + c).rem_euclid(2) == 0 {
        let x = (c + r).div_euclid(2);
        [(x, y), (x + 1, y), (x, y + 1)]
    } else {
        let x = (c + r - 1).div_euclid(2);
        [(x + 1, y), (x, y + 1), (x + 1, y + 1)]
    };
    t.sort();
    t
}

/// On a triangular board: the placed cells are the piece's triangles turned by sixths about
/// a lattice point ((x, y) → (−y, x + y)), mirrored if allowed ((x, y) → (y, x)), and
/// shifted by a lattice vector, their labels on matching board values.
fn congruent_triangles<'a>(
    piece: &Piece,
    cols: usize,
    cells: &[usize],
    rotate: bool,
    reflect: bool,
    board_value: impl Fn(usize) -> Option<&'a Value>,
) -> bool {
    if piece.cells.len() != cells.len() {
        return false;
    }
    let placed: Vec<([(i64, i64); 3], usize)> =
        cells.iter().map(|&c| (corners((c / cols) as i64, (c % cols) as i64), c)).collect();
    let drawn: Vec<[(i64, i64); 3]> = piece.cells.iter().map(|(r, c, _)| corners(*r, *c + piece.odd as i64)).collect();
    for flip in 0..if reflect { 2 } else { 1 } {
        for turn in 0..if rotate { 6 } else { 1 } {
            let moved: Vec<[(i64, i64); 3]> = drawn
                .iter()
                .map(|t| {
                    let mut t = t.map(|(mut x, mut y)| {
                        if flip == 1 {
                            (x, y) = (y, x);
                        }
                        for _ in 0..turn {
                            (x, y) = (-y, x + y);
                        }
                        (x, y)
                    });
                    t.sort();
                    t
                })
                .collect();
            let fits = placed.iter().any(|(anchor, _)| {
                let (dx, dy) = (anchor[0].0 - moved[0][0].0, anchor[0].1 - moved[0][0].1);
                moved.iter().zip(&piece.cells).all(|(t, (_, _, label))| {
                    let shifted = t.map(|(x, y)| (x + dx, y + dy));
                    match placed.iter().find(|(p, _)| *p == shifted) {
                        Some(&(_, cell)) => label.as_ref().is_none_or(|l| board_value(cell) == Some(l)),
                        None => false,
                    }
                })
            });
            if fits {
                return true;
            }
        }
    }
    false
}

/// The chosen options of the direct form: their items covered as declared, and the board
/// cells they name — on a filled board holding the value named, on a board of pieces
/// covered (returned per cell, for the placing's check; empty when no option names a cell).
fn verify_direct(model: &Model, ans: &Answer) -> Result<Vec<u32>, String> {
    // Every use of every item, with the colour it was used with.
    let mut uses: Vec<Vec<Option<&Value>>> = vec![Vec::new(); model.items.len()];
    let mut covered = Vec::new();
    for &o in &ans.direct {
        let option = &model.options[o];
        for (target, c) in &option.covers {
            match *target {
                Covered::Item(item) => uses[item].push(c.as_ref()),
                Covered::Cell(cell) => {
                    let board = model.board.as_ref().ok_or("a cell named without a board")?;
                    if cell >= board.on.len() || !board.on[cell] {
                        return Err(format!("option {} names a cell that is not on the board", option.name));
                    }
                    let at = board.coord(cell);
                    match (c, &ans.fill, &model.placing) {
                        (Some(v), Some(fill), _) => {
                            if fill[cell].map(|f| &board.values[f]) != Some(v) {
                                return Err(format!("option {} needs {v} in cell {at:?}", option.name));
                            }
                        }
                        (None, None, Some(_)) => {
                            covered.resize(board.on.len(), 0);
                            covered[cell] += 1;
                        }
                        _ => {
                            return Err(format!(
                                "option {} names cell {at:?} in a way the board has no use for",
                                option.name
                            ));
                        }
                    }
                }
            }
        }
    }
    for (it, uses) in model.items.iter().zip(&uses) {
        let n = uses.len() as u32;
        if it.secondary {
            // At most one use, or several that all carry the same colour.
            let agree = uses.iter().all(|c| c.is_some() && *c == uses[0]);
            if n > 1 && !agree {
                return Err(format!(
                    "secondary item {} is used {} without one shared colour",
                    it.name,
                    crate::diag::plural(n, "time")
                ));
            }
        } else if !(it.lo..=it.hi).contains(&n) {
            return Err(format!(
                "item {} is covered {}, not {}..={}",
                it.name,
                crate::diag::plural(n, "time"),
                it.lo,
                it.hi
            ));
        }
    }
    Ok(covered)
}

#[cfg(test)]
mod tests;
