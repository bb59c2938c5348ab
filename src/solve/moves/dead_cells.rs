//! Dead cells: a value in a cell from which no sequence of moves can bring it to a place the
//! goal accepts (Sokoban's box in a corner, or against a wall with no goal square along it),
//! derived from the compiled moves and the board's fixed cells. A position that holds such a
//! value cannot reach the goal, so the search drops it.
//!
//! **The argument.** It applies when there are no rules and every effect on the board is a
//! `set` or a `swap` whose written values are known from the move's own conditions (a cell
//! that a condition pins with `== v`, or a constant).
//!
//! 1. *Possible values.* `poss[c]` over-approximates every value cell `c` ever holds: its
//!    starting value, and the values written by any move all of whose conditions can hold
//!    under `poss`, to a fixpoint. A cell no possible move writes (a wall) keeps one value, so
//!    a move that needs another value there never exists.
//! 2. *Tokens.* `T0` is the non-empty values the goal refuses in some cell where they can
//!    stand (`level(r, c) != '$'` refuses `$` everywhere). `T` is the smallest set of values
//!    containing `T0` whose count every move keeps, found among `T0` and up to three more
//!    values (Sokoban: `$` and `*`, a box off or on a goal); `T0` itself when none is.
//! 3. *Following one token.* Let a position hold `t ∈ T` in cell `x`. A move that does not
//!    write `x` leaves it there. A move that writes `x` must be one whose conditions allow `t`
//!    in `x`; after it, some cell `y` holds a value `w ∈ T` that the move wrote (`y` may be
//!    `x`), unless the move writes no value of `T` at all. So there is an edge from `(x, t)` to
//!    each `(y, w)` such a move can write, and a token followed along a winning sequence walks
//!    these edges and ends, in the goal position, on a pair the goal accepts.
//! 4. *Live pairs* are those the goal accepts, those some possible move consumes while
//!    writing no value of `T` (the token may vanish) or values not known in advance, and those
//!    with an edge to a live pair. Every other pair `(x, t)` is **dead**: a position holding
//!    `t` in `x` reaches no goal position.
//!
//! The other tokens are not in the way in this argument (every cell may hold anything it
//! possibly holds), so it finds only what one token alone cannot do; it never drops a
//! position from which the goal can be reached, and so changes no answer.

use crate::ir::moves::{CellIx, CmpOp, Cond, EMPTY, Effect, Goal, MoveInstance, MoveProblem, Operand, Value, compare};

/// Values `(cell, value)` that make a position dead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadCells {
    /// The token values (`T` above).
    pub tokens: Vec<Value>,
    /// The board cells that have a dead value, each with the set of its dead values.
    pub cells: Vec<(CellIx, [u64; 4])>,
}

impl DeadCells {
    /// Whether `s` holds a dead value in a dead cell.
    #[inline]
    pub fn dead(&self, s: &[Value]) -> bool {
        self.cells.iter().any(|&(c, bits)| {
            let v = s[c as usize] as usize;
            bits[v >> 6] >> (v & 63) & 1 == 1
        })
    }

    /// The dead `(cell, value)` pairs, in cell order.
    pub fn pairs(&self) -> Vec<(CellIx, Value)> {
        self.cells
            .iter()
            .flat_map(|&(c, bits)| {
                (0..=255u8).filter(move |&v| bits[v as usize >> 6] >> (v & 63) & 1 == 1).map(move |v| (c, v))
            })
            .collect()
    }

    /// The first dead pair `s` holds.
    pub fn first_in(&self, s: &[Value]) -> Option<(CellIx, Value)> {
        self.pairs().into_iter().find(|&(c, v)| s[c as usize] == v)
    }
}

type Set = [u64; 4];

fn has(s: &Set, v: Value) -> bool {
    s[v as usize >> 6] >> (v & 63) & 1 == 1
}

fn add(s: &mut Set, v: Value) -> bool {
    let was = has(s, v);
    s[v as usize >> 6] |= 1 << (v & 63);
    !was
}

fn values(s: &Set) -> impl Iterator<Item = Value> + '_ {
    (0..=255u8).filter(|&v| has(s, v))
}

/// The dead cells of `p`, when the argument above applies and finds any.
pub fn derive(p: &MoveProblem) -> Option<DeadCells> {
    let n = p.grid_len();
    if !p.rules.is_empty() || n == 0 {
        return None;
    }
    let on_grid = |c: CellIx| (c as usize) < n;
    for m in &p.moves {
        for e in &m.effects {
            match *e {
                Effect::Set { .. } | Effect::Swap(..) => {}
                Effect::Compute { cell, .. } if !on_grid(cell) => {}
                _ => return None,
            }
        }
    }
    let poss = possible(p);
    let accept = |c: usize, v: Value| accepts(&p.goal, c, v);
    // T0: values the goal refuses where they may stand.
    let mut t0 = [0u64; 4];
    for (c, s) in poss.iter().enumerate() {
        for v in values(s) {
            if v != EMPTY && p.on_board[c] && !accept(c, v) {
                add(&mut t0, v);
            }
        }
    }
    if t0 == [0; 4] {
        return None;
    }
    let live_moves: Vec<&MoveInstance> = p.moves.iter().filter(|m| can_happen(p, &poss, m)).collect();
    let tokens = kept_tokens(p, &poss, &live_moves, t0);
    let tix = |v: Value| tokens.iter().position(|&t| t == v);
    let k = tokens.len();
    let id = |c: usize, t: usize| c * k + t;
    let mut live = vec![false; n * k];
    let mut edges: Vec<Vec<u32>> = vec![Vec::new(); n * k];
    for c in 0..n {
        for (t, &v) in tokens.iter().enumerate() {
            live[id(c, t)] = !p.on_board[c] || !has(&poss[c], v) || accept(c, v);
        }
    }
    for m in &live_moves {
        for x in written(m).filter(|&x| on_grid(x)) {
            for (t, &v) in tokens.iter().enumerate() {
                if !has(&poss[x as usize], v) || !allows(m, x, v) {
                    continue;
                }
                let from = id(x as usize, t);
                match successors(m, x, v, &tix) {
                    Some(next) if !next.is_empty() => {
                        for (y, w) in next {
                            edges[id(y as usize, w)].push(from as u32);
                        }
                    }
                    // The token may vanish, or become something not known in advance.
                    _ => live[from] = true,
                }
            }
        }
    }
    // Backwards from the live pairs.
    let mut stack: Vec<usize> = (0..n * k).filter(|&i| live[i]).collect();
    while let Some(i) = stack.pop() {
        for &j in &edges[i] {
            if !live[j as usize] {
                live[j as usize] = true;
                stack.push(j as usize);
            }
        }
    }
    let mut cells = Vec::new();
    for c in 0..n {
        let mut bits = [0u64; 4];
        for (t, &v) in tokens.iter().enumerate() {
            if !live[id(c, t)] {
                add(&mut bits, v);
            }
        }
        if bits != [0; 4] {
            cells.push((c as CellIx, bits));
        }
    }
    (!cells.is_empty()).then_some(DeadCells { tokens, cells })
}

/// Whether the goal lets cell `c` hold `v` (comparisons of other forms are not looked at:
/// they may hold).
fn accepts(goal: &Goal, c: usize, v: Value) -> bool {
    match goal {
        Goal::Empty => v == EMPTY,
        Goal::NonEmptyCount(_) => true,
        Goal::Pattern(pat) => pat[c].is_none_or(|u| u == v),
        Goal::All(conds) => conds.iter().all(|cond| match *cond {
            Cond::Cmp { lhs: Operand::Cell(x), op, rhs: Operand::Const(k) } if x as usize == c => compare(v, op, k),
            Cond::Cmp { lhs: Operand::Const(k), op, rhs: Operand::Cell(x) } if x as usize == c => compare(k, op, v),
            _ => true,
        }),
    }
}

/// The value a condition of `m` pins cell `c` to (`c == v`).
fn pinned(m: &MoveInstance, c: CellIx) -> Option<Value> {
    m.when.iter().find_map(|cond| match *cond {
        Cond::Cmp { lhs: Operand::Cell(x), op: CmpOp::Eq, rhs: Operand::Const(v) }
        | Cond::Cmp { lhs: Operand::Const(v), op: CmpOp::Eq, rhs: Operand::Cell(x) }
            if x == c =>
        {
            Some(v)
        }
        _ => None,
    })
}

/// Whether `m`'s comparisons of cell `x` with constants hold when `x` holds `v`.
fn allows(m: &MoveInstance, x: CellIx, v: Value) -> bool {
    m.when.iter().all(|cond| match *cond {
        Cond::Cmp { lhs: Operand::Cell(c), op, rhs: Operand::Const(k) } if c == x => compare(v, op, k),
        Cond::Cmp { lhs: Operand::Const(k), op, rhs: Operand::Cell(c) } if c == x => compare(k, op, v),
        _ => true,
    })
}

/// The cells `m` writes.
fn written(m: &MoveInstance) -> impl Iterator<Item = CellIx> + '_ {
    m.effects
        .iter()
        .flat_map(|e| match *e {
            Effect::Set { cell, .. } | Effect::Compute { cell, .. } => [Some(cell), None],
            Effect::Swap(a, b) => [Some(a), Some(b)],
            _ => [None, None],
        })
        .flatten()
}

/// The token values `m` writes on the board when cell `x` holds `v` before it, as (cell,
/// token index); `None` when a written value is not known in advance.
fn successors(
    m: &MoveInstance,
    x: CellIx,
    v: Value,
    tix: &dyn Fn(Value) -> Option<usize>,
) -> Option<Vec<(CellIx, usize)>> {
    let before = |c: CellIx| if c == x { Some(v) } else { pinned(m, c) };
    let mut out = Vec::new();
    let mut put = |c: CellIx, w: Option<Value>| -> Option<()> {
        let w = w?;
        if let Some(t) = tix(w) {
            out.push((c, t));
        }
        Some(())
    };
    for e in &m.effects {
        match *e {
            Effect::Set { cell, value: Operand::Const(w) } => put(cell, Some(w))?,
            Effect::Set { cell, value: Operand::Cell(z) } => put(cell, before(z))?,
            Effect::Swap(a, b) => {
                put(a, before(b))?;
                put(b, before(a))?;
            }
            // Counters only (checked by `derive`).
            _ => {}
        }
    }
    Some(out)
}

/// `poss` (point 1 of the argument), with a work list: a move is looked at again when a cell
/// it reads gains a value.
fn possible(p: &MoveProblem) -> Vec<Set> {
    let n = p.grid_len();
    let mut poss = vec![[0u64; 4]; n];
    for (s, &v) in poss.iter_mut().zip(&p.initial) {
        add(s, v);
    }
    // The moves that read each cell (in a comparison, or a value they copy).
    let mut readers: Vec<Vec<u32>> = vec![Vec::new(); n];
    for (i, m) in p.moves.iter().enumerate() {
        let mut read = |c: CellIx| {
            if (c as usize) < n && readers[c as usize].last() != Some(&(i as u32)) {
                readers[c as usize].push(i as u32);
            }
        };
        for cond in &m.when {
            if let Cond::Cmp { lhs, rhs, .. } = *cond {
                for o in [lhs, rhs] {
                    if let Operand::Cell(c) = o {
                        read(c);
                    }
                }
            }
        }
        for e in &m.effects {
            match *e {
                Effect::Set { value: Operand::Cell(z), .. } => read(z),
                Effect::Swap(a, b) => {
                    read(a);
                    read(b);
                }
                _ => {}
            }
        }
    }
    let mut queued = vec![true; p.moves.len()];
    let mut work: Vec<u32> = (0..p.moves.len() as u32).rev().collect();
    while let Some(i) = work.pop() {
        queued[i as usize] = false;
        let m = &p.moves[i as usize];
        if !can_happen(p, &poss, m) {
            continue;
        }
        let mut grown: Vec<CellIx> = Vec::new();
        let mut write = |poss: &mut Vec<Set>, c: CellIx, w: Operand| {
            if c as usize >= n {
                return;
            }
            let from = match w {
                Operand::Const(v) => {
                    let mut s = [0u64; 4];
                    add(&mut s, v);
                    s
                }
                Operand::Cell(z) => match pinned(m, z) {
                    Some(v) => {
                        let mut s = [0u64; 4];
                        add(&mut s, v);
                        s
                    }
                    None if (z as usize) < n => poss[z as usize],
                    None => [u64::MAX; 4],
                },
            };
            let mut changed = false;
            for i in 0..4 {
                let new = poss[c as usize][i] | from[i];
                changed |= new != poss[c as usize][i];
                poss[c as usize][i] = new;
            }
            if changed {
                grown.push(c);
            }
        };
        for e in &m.effects {
            match *e {
                Effect::Set { cell, value } => write(&mut poss, cell, value),
                Effect::Swap(a, b) => {
                    write(&mut poss, a, Operand::Cell(b));
                    write(&mut poss, b, Operand::Cell(a));
                }
                _ => {}
            }
        }
        for c in grown {
            for &j in &readers[c as usize] {
                if !queued[j as usize] {
                    queued[j as usize] = true;
                    work.push(j);
                }
            }
        }
    }
    poss
}

/// Whether every comparison of `m` can hold with the cells' possible values (conditions of
/// other kinds, and comparisons of two cells or of counters, are taken to hold).
fn can_happen(p: &MoveProblem, poss: &[Set], m: &MoveInstance) -> bool {
    let n = p.grid_len();
    m.when.iter().all(|cond| {
        let (c, op, k, flip) = match *cond {
            Cond::Cmp { lhs: Operand::Cell(c), op, rhs: Operand::Const(k) } => (c, op, k, false),
            Cond::Cmp { lhs: Operand::Const(k), op, rhs: Operand::Cell(c) } => (c, op, k, true),
            _ => return true,
        };
        if c as usize >= n {
            return true;
        }
        values(&poss[c as usize]).any(|v| if flip { compare(k, op, v) } else { compare(v, op, k) })
    })
}

/// `T` (point 2 of the argument): the smallest superset of `t0`, adding at most three of the
/// values the board may hold, whose count every possible move keeps; `t0` when none is.
fn kept_tokens(p: &MoveProblem, poss: &[Set], moves: &[&MoveInstance], t0: Set) -> Vec<Value> {
    let n = p.grid_len();
    // Each move's change of the count of each value, where every written value is known.
    let mut deltas: Vec<Vec<(Value, i32)>> = Vec::new();
    for m in moves {
        let mut d: Vec<(Value, i32)> = Vec::new();
        let mut bump = |v: Value, by: i32| match d.iter_mut().find(|(w, _)| *w == v) {
            Some(e) => e.1 += by,
            None => d.push((v, by)),
        };
        let mut known = true;
        for e in &m.effects {
            match *e {
                Effect::Swap(..) => {}
                Effect::Set { cell, value } if (cell as usize) < n => {
                    let after = match value {
                        Operand::Const(v) => Some(v),
                        Operand::Cell(z) => pinned(m, z),
                    };
                    match (pinned(m, cell), after) {
                        (Some(a), Some(b)) => {
                            bump(a, -1);
                            bump(b, 1);
                        }
                        _ => known = false,
                    }
                }
                _ => {}
            }
        }
        d.retain(|&(_, by)| by != 0);
        d.sort_unstable();
        if known && !d.is_empty() && !deltas.contains(&d) {
            deltas.push(d);
        }
    }
    let mut others = [0u64; 4];
    for s in poss {
        for i in 0..4 {
            others[i] |= s[i] & !t0[i];
        }
    }
    let others: Vec<Value> = values(&others).filter(|&v| v != EMPTY).collect();
    let kept =
        |t: &Set| deltas.iter().all(|d| d.iter().filter(|(v, _)| has(t, *v)).map(|(_, by)| by).sum::<i32>() == 0);
    let with = |extra: &[Value]| {
        let mut t = t0;
        for &v in extra {
            add(&mut t, v);
        }
        t
    };
    let mut best = None;
    'size: for size in 0..=3usize.min(others.len()) {
        let mut ix: Vec<usize> = (0..size).collect();
        loop {
            let t = with(&ix.iter().map(|&i| others[i]).collect::<Vec<_>>());
            if kept(&t) {
                best = Some(t);
                break 'size;
            }
            // The next combination of `size` indices.
            let Some(i) = (0..size).rev().find(|&i| ix[i] < others.len() - size + i) else { break };
            ix[i] += 1;
            for j in i + 1..size {
                ix[j] = ix[j - 1] + 1;
            }
        }
    }
    values(&best.unwrap_or(t0)).collect()
}
