//! The independent verifier of move-search answers: replays a move list on the problem with
//! a plain simulator written apart from the engine (no shared code, no cleverness), checking
//! that every move is legal, the budget is kept and the goal holds at the end. Its arithmetic
//! is its own too: exact, in 128 bits, with a value outside the spec's 64-bit numbers an
//! error, where the engine checks each 64-bit operation for overflow.
mod group;

use crate::ir::moves::{Budget, Cond, Dir, Effect, Goal, MoveProblem, Operand, Rule, Term, compare};

pub fn verify(p: &MoveProblem, moves: &[u32]) -> Result<(), String> {
    let n = moves.len() as u32;
    // With move costs, a `Fewest` budget bounds the total cost.
    let total: u64 = moves.iter().map(|&m| p.costs.get(m as usize).map_or(1, |&c| u64::from(c))).sum();
    match p.budget {
        Budget::Exactly(k) if n != k => {
            return Err(format!("{}, but exactly {k} are required", crate::diag::plural(n, "move")));
        }
        Budget::AtMost(k) if n > k => return Err(format!("{}, more than {k}", crate::diag::plural(n, "move"))),
        Budget::Fewest { max: k } if total > u64::from(k) => {
            return Err(format!("the moves cost {total}, more than {k}"));
        }
        _ => {}
    }
    // The state is the board's cells, then the counters; rules and the board goals see the
    // board only.
    let cells = p.rows * p.cols;
    let mut g = p.initial.clone();
    for (i, &m) in moves.iter().enumerate() {
        let mv = p.moves.get(m as usize).ok_or_else(|| format!("move {i} does not exist"))?;
        for c in &mv.when {
            if !holds(p, &g, c).map_err(|e| format!("move {}: {e}", i + 1))? {
                return Err(format!("move {} ({:?}) is not legal", i + 1, mv.args));
            }
        }
        let before = g.clone();
        let read = |o: &Operand| match o {
            Operand::Cell(c) => before[*c as usize],
            Operand::Const(v) => *v,
        };
        for e in &mv.effects {
            match e {
                Effect::Set { cell, value } => g[*cell as usize] = read(value),
                Effect::Swap(a, b) => {
                    g[*a as usize] = before[*b as usize];
                    g[*b as usize] = before[*a as usize];
                }
                Effect::Compute { cell, program } => {
                    let v =
                        compute(&p.programs[*program as usize], &before).map_err(|e| format!("move {}: {e}", i + 1))?;
                    // A counter takes the numbers of its range, a cell the board's values.
                    let fits = match (*cell as usize).checked_sub(cells) {
                        Some(k) => p.counters.get(k).is_some_and(|c| v >= c.lo as i64 && v <= c.hi as i64),
                        None => u8::try_from(v).is_ok_and(|v| p.allowed[v as usize]),
                    };
                    if !fits {
                        return Err(format!("move {} ({:?}) computes {v}, which its cell cannot hold", i + 1, mv.args));
                    }
                    g[*cell as usize] = v as u8;
                }
                Effect::RemoveGroup { cell } => {
                    for c in group(p, &before, *cell as usize) {
                        g[c] = 0;
                    }
                }
                Effect::SetGroup { cell, value } => {
                    let v = read(value);
                    for c in group::same_value(p, &before, *cell as usize) {
                        g[c] = v;
                    }
                }
            }
        }
        settle(p, &mut g[..cells]);
    }
    let board = &g[..cells];
    let ok = match &p.goal {
        Goal::Empty => board.iter().all(|&v| v == 0),
        Goal::NonEmptyCount(k) => board.iter().filter(|&&v| v != 0).count() as u32 == *k,
        Goal::Pattern(want) => want.iter().zip(board).all(|(w, v)| w.is_none_or(|w| w == *v)),
        Goal::All(conds) => {
            let mut all = true;
            for c in conds {
                all &= holds(p, &g, c).map_err(|e| format!("the goal: {e}"))?;
            }
            all
        }
    };
    if ok { Ok(()) } else { Err("the goal does not hold after the last move".into()) }
}

fn holds(p: &MoveProblem, g: &[u8], c: &Cond) -> Result<bool, String> {
    Ok(match c {
        Cond::Cmp { lhs, op, rhs } => {
            let v = |o: &Operand| match o {
                Operand::Cell(c) => g[*c as usize],
                Operand::Const(v) => *v,
            };
            let (a, b) = (v(lhs), v(rhs));
            compare(a, *op, b)
        }
        Cond::Arith { lhs, op, rhs } => {
            let a = compute(&p.programs[*lhs as usize], g)?;
            let b = compute(&p.programs[*rhs as usize], g)?;
            compare(a, *op, b)
        }
        Cond::GroupAtLeast { cell, min } => g[*cell as usize] != 0 && group(p, g, *cell as usize).len() as u32 >= *min,
        Cond::Reaches { shape, from, to } => match p.shapes.get(*shape as usize) {
            Some(shape) => reaches(p, g, shape, *from as usize, *to as usize),
            None => false,
        },
    })
}

/// Whether a piece of `shape` anchored at `from` can walk to anchor `to` by single steps,
/// each onto cells that are on the board and empty or the piece's own (its cells at `from`).
fn reaches(p: &MoveProblem, g: &[u8], shape: &[(i32, i32)], from: usize, to: usize) -> bool {
    let at = |cell: usize| (cell / p.cols) as i64;
    let cells_at = |r: i64, c: i64| -> Option<Vec<usize>> {
        let mut out = vec![];
        for &(dr, dc) in shape {
            let (r, c) = (r + dr as i64, c + dc as i64);
            if r < 0 || c < 0 || r >= p.rows as i64 || c >= p.cols as i64 {
                return None;
            }
            let cell = r as usize * p.cols + c as usize;
            if !p.on_board[cell] {
                return None;
            }
            out.push(cell);
        }
        Some(out)
    };
    let start = (at(from), (from % p.cols) as i64);
    let Some(own) = cells_at(start.0, start.1) else { return false };
    let mut seen = std::collections::HashSet::from([start]);
    let mut todo = vec![start];
    while let Some((r, c)) = todo.pop() {
        if r as usize * p.cols + c as usize == to {
            return true;
        }
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            let next = (r + dr, c + dc);
            if seen.contains(&next) {
                continue;
            }
            let Some(cells) = cells_at(next.0, next.1) else { continue };
            let Some(from) = cells_at(r, c) else { continue };
            if from.iter().zip(&cells).any(|(&a, &b)| walled(p, a, b)) {
                continue;
            }
            if cells.iter().all(|c| g[*c] == 0 || own.contains(c)) {
                seen.insert(next);
                todo.push(next);
            }
        }
    }
    false
}

/// Whether a wall lies between neighbouring cells `a` and `b`: the side of `a` facing `b`, or
/// the side of `b` facing `a`, has its bit (1 above, 2 right, 4 below, 8 left).
fn walled(p: &MoveProblem, a: usize, b: usize) -> bool {
    if p.walls.is_empty() {
        return false;
    }
    let (facing_b, facing_a) = if b + p.cols == a {
        (1, 4)
    } else if a + p.cols == b {
        (4, 1)
    } else if b + 1 == a {
        (8, 2)
    } else {
        (2, 8)
    };
    p.walls[a] & facing_b != 0 || p.walls[b] & facing_a != 0
}

/// Cells of the group of equal non-empty values containing `start` (none for an empty cell).
fn group(p: &MoveProblem, g: &[u8], start: usize) -> Vec<usize> {
    if g[start] == 0 {
        return vec![];
    }
    group::same_value(p, g, start)
}

/// Runs the rules in order, again and again, until a whole pass changes nothing.
fn settle(p: &MoveProblem, g: &mut [u8]) {
    loop {
        let before = g.to_vec();
        for r in &p.rules {
            match r {
                Rule::Gravity(d) => gravity(p, g, *d),
                Rule::ClearRuns { min } => clear_runs(p, g, *min as usize),
                Rule::Close(d) => close(p, g, *d),
                Rule::ClearGroups { min } => {
                    let mut doomed = vec![];
                    for c in 0..g.len() {
                        let grp = group(p, g, c);
                        if grp.len() >= *min as usize {
                            doomed.extend(grp);
                        }
                    }
                    for c in doomed {
                        g[c] = 0;
                    }
                }
            }
        }
        if g == &before[..] {
            return;
        }
    }
}

/// One cell at a time, a block moves one step in the direction while the next cell is empty.
fn gravity(p: &MoveProblem, g: &mut [u8], d: Dir) {
    let (dr, dc): (isize, isize) = match d {
        Dir::Down => (1, 0),
        Dir::Up => (-1, 0),
        Dir::Left => (0, -1),
        Dir::Right => (0, 1),
    };
    loop {
        let mut moved = false;
        for c in 0..g.len() {
            if g[c] == 0 || !p.on_board[c] {
                continue;
            }
            let (r, col) = ((c / p.cols) as isize + dr, (c % p.cols) as isize + dc);
            if r < 0 || col < 0 || r >= p.rows as isize || col >= p.cols as isize {
                continue;
            }
            let t = r as usize * p.cols + col as usize;
            if p.on_board[t] && g[t] == 0 {
                g[t] = g[c];
                g[c] = 0;
                moved = true;
            }
        }
        if !moved {
            return;
        }
    }
}

fn clear_runs(p: &MoveProblem, g: &mut [u8], min: usize) {
    let mut doomed = vec![false; g.len()];
    for c in 0..g.len() {
        for (dr, dc) in [(0usize, 1usize), (1, 0)] {
            let mut cells = vec![c];
            let (mut r, mut col) = (c / p.cols, c % p.cols);
            loop {
                r += dr;
                col += dc;
                if r >= p.rows || col >= p.cols {
                    break;
                }
                let t = r * p.cols + col;
                if !p.on_board[t] || g[t] != g[c] {
                    break;
                }
                cells.push(t);
            }
            if g[c] != 0 && p.on_board[c] && cells.len() >= min {
                for t in cells {
                    doomed[t] = true;
                }
            }
        }
    }
    for (c, d) in doomed.iter().enumerate() {
        if *d {
            g[c] = 0;
        }
    }
}

/// Empty lines close up towards `d`: the lines that hold a block, in order, then empty ones.
fn close(p: &MoveProblem, g: &mut [u8], d: Dir) {
    let (rows, cols) = (p.rows, p.cols);
    let columns = matches!(d, Dir::Left | Dir::Right);
    let count = if columns { cols } else { rows };
    let line = |g: &[u8], i: usize| -> Vec<u8> {
        if columns { (0..rows).map(|r| g[r * cols + i]).collect() } else { g[i * cols..(i + 1) * cols].to_vec() }
    };
    let mut kept: Vec<Vec<u8>> = (0..count).map(|i| line(g, i)).filter(|l| l.iter().any(|&v| v != 0)).collect();
    let blank = vec![0u8; if columns { rows } else { cols }];
    let pad = count - kept.len();
    // Towards the start (left, up) the kept lines come first; towards the end, the blanks.
    if matches!(d, Dir::Left | Dir::Up) {
        kept.extend(std::iter::repeat_n(blank, pad));
    } else {
        kept.splice(0..0, std::iter::repeat_n(blank, pad));
    }
    for (i, l) in kept.iter().enumerate() {
        for (j, &v) in l.iter().enumerate() {
            let c = if columns { j * cols + i } else { i * cols + j };
            g[c] = v;
        }
    }
}

/// Evaluates a postfix program exactly: every value in 128 bits (a sum, difference or
/// product of two 64-bit numbers always fits), then checked to be one of the spec's 64-bit
/// numbers. One that is not is an error: the engine must have stopped on the overflow
/// instead of giving this answer.
fn compute(program: &[Term], g: &[u8]) -> Result<i64, String> {
    let mut stack: Vec<i128> = Vec::new();
    for t in program {
        let v: i128 = match t {
            Term::Cell(c) => i128::from(g[*c as usize]),
            Term::Const(k) => i128::from(*k),
            op => {
                let b = stack.pop().ok_or("a program pops an empty stack")?;
                let a = stack.pop().ok_or("a program pops an empty stack")?;
                match op {
                    Term::Add => a + b,
                    Term::Sub => a - b,
                    Term::Mul => a * b,
                    Term::Min => a.min(b),
                    // Euclidean: the remainder lies in 0..|b|.
                    Term::Div | Term::Mod if b == 0 => return Err("a program divides by 0".into()),
                    Term::Div => a.div_euclid(b),
                    Term::Mod => a.rem_euclid(b),
                    Term::Cmp(o) => i128::from(compare(a, *o, b)),
                    _ => a.max(b),
                }
            }
        };
        if i64::try_from(v).is_err() {
            return Err(format!("arithmetic on the position gives {v}, which does not fit in 64 bits"));
        }
        stack.push(v);
    }
    match stack[..] {
        [v] => Ok(v as i64),
        _ => Err(format!("a program leaves {} values", stack.len())),
    }
}
