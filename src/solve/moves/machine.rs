//! The move/rule interpreter: a [`MoveProblem`] with its geometry precomputed so that effects,
//! gravity and clearing are loops over flat cell lists, plus the scratch buffers they need.
//! After construction nothing here allocates (the scratch vectors only ever grow to a small
//! multiple of the board size on first use).
//!
//! Rules are applied incrementally. Every cell a move or a rule writes is appended to a change
//! log, and each rule only looks at the cells logged since it last ran:
//! - gravity compacts only the gravity lines that hold a changed cell (a line without one was
//!   already compact);
//! - a run or group of the new grid that contains no changed cell was a run or group of the
//!   grid the rule last left stable, so run and group detection start from changed cells only.
//!
//! Both arguments need the grid to have been stable for every rule before the move. A grid
//! produced by [`Machine::apply`] is (that is what settling means); any other grid (the
//! initial one, or one given to the public API) is treated as if every cell had changed,
//! which makes each rule's first application a full scan, exactly as without the log.

mod group;

use super::overflow;
use super::reach::Reach;
use crate::ir::moves::{
    CmpOp, Cond, Dir, EMPTY, Effect, Goal, MoveInstance, MoveProblem, Operand, Overflow, Rule, Value, compare,
    eval_program, eval_small,
};

/// Cell lists cut into segments: segment `i` is `cells[starts[i]..starts[i + 1]]`.
#[derive(Default)]
struct Lines {
    cells: Vec<u32>,
    starts: Vec<u32>,
}

impl Lines {
    fn push_segment(&mut self, seg: &[u32]) {
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        if !seg.is_empty() {
            self.cells.extend_from_slice(seg);
            self.starts.push(self.cells.len() as u32);
        }
    }
    fn segments(&self) -> impl Iterator<Item = &[u32]> {
        self.starts.windows(2).map(|w| &self.cells[w[0] as usize..w[1] as usize])
    }
}

const NO_CELL: u32 = u32::MAX;

/// What changed during one rule application, for traces.
pub struct TraceStep {
    /// `None`: the grid right after the move's effects; `Some((i, rule))`: after `p.rules[i]`.
    pub rule: Option<(usize, Rule)>,
    pub grid: Vec<Value>,
}

pub struct Machine<'p> {
    pub p: &'p MoveProblem,
    /// Gravity lines per direction (indexed by `dir_ix`), each segment ordered floor first,
    /// so falling is "compact the non-empty cells towards index 0". Holes cut segments,
    /// which is exactly "stops at a hole".
    gravity: [Lines; 4],
    /// `gseg[dir][cell]`: the segment of `gravity[dir]` holding `cell` (`NO_CELL` off board).
    gseg: [Vec<u32>; 4],
    /// On-board 4-neighbours (up, down, left, right), `NO_CELL` where there is none; runs
    /// follow them, so they cannot cross holes.
    nbr: Vec<[u32; 4]>,
    /// `nbr` without the sides a wall cuts: groups grow through these (`machine/group.rs`).
    gnbr: Vec<[u32; 4]>,
    /// Every on-board cell: the change log of a grid not known to be stable.
    cells: Vec<u32>,
    /// Cells written since the move started (with repeats); rule `i` has seen `log[..since[i]]`.
    log: Vec<u32>,
    since: Vec<usize>,
    /// `gpos[dir][cell]`: the position of `cell` in its segment of `gravity[dir]`.
    gpos: [Vec<u32>; 4],
    /// Gravity segments to compact, their marks (`seg_seen[g] == seg_stamp`) and the lowest
    /// changed position in each (below it the segment is unchanged, hence still compact).
    segs: Vec<u32>,
    seg_seen: Vec<u32>,
    seg_low: Vec<u32>,
    seg_stamp: u32,
    // Scratch.
    writes: Vec<(u32, Value)>,
    /// The stack of `eval_program`.
    arith: Vec<i64>,
    clear: Vec<u32>,
    stack: Vec<u32>,
    /// Flood-fill marks: cell `c` is visited in the current fill iff `seen[c] == stamp`;
    /// bumping the stamp clears all marks in O(1).
    seen: Vec<u32>,
    stamp: u32,
    /// Flood fills of sliding pieces (`Cond::Reaches`).
    reach: Reach,
}

fn dir_ix(d: Dir) -> usize {
    match d {
        Dir::Down => 0,
        Dir::Up => 1,
        Dir::Left => 2,
        Dir::Right => 3,
    }
}

impl<'p> Machine<'p> {
    pub fn new(p: &'p MoveProblem) -> Self {
        let (rows, cols) = (p.rows, p.cols);
        let ix = |r: usize, c: usize| (r * cols + c) as u32;
        let on = |r: usize, c: usize| p.on_board[r * cols + c];
        // Walk a line of cells (given floor first) and cut it at holes.
        let cut = |lines: &mut Lines, line: &mut dyn Iterator<Item = (usize, usize)>| {
            let mut seg = Vec::new();
            for (r, c) in line {
                if on(r, c) {
                    seg.push(ix(r, c));
                } else {
                    lines.push_segment(&seg);
                    seg.clear();
                }
            }
            lines.push_segment(&seg);
        };
        let mut gravity: [Lines; 4] = Default::default();
        for c in 0..cols {
            cut(&mut gravity[dir_ix(Dir::Down)], &mut (0..rows).rev().map(|r| (r, c)));
            cut(&mut gravity[dir_ix(Dir::Up)], &mut (0..rows).map(|r| (r, c)));
        }
        for r in 0..rows {
            cut(&mut gravity[dir_ix(Dir::Left)], &mut (0..cols).map(|c| (r, c)));
            cut(&mut gravity[dir_ix(Dir::Right)], &mut (0..cols).rev().map(|c| (r, c)));
        }
        let mut gseg: [Vec<u32>; 4] = std::array::from_fn(|_| vec![NO_CELL; rows * cols]);
        let mut gpos: [Vec<u32>; 4] = std::array::from_fn(|_| vec![NO_CELL; rows * cols]);
        for d in 0..4 {
            for (g, seg) in gravity[d].segments().enumerate() {
                for (i, &c) in seg.iter().enumerate() {
                    gseg[d][c as usize] = g as u32;
                    gpos[d][c as usize] = i as u32;
                }
            }
        }
        let mut nbr = vec![[NO_CELL; 4]; rows * cols];
        for r in 0..rows {
            for c in 0..cols {
                let cand = [
                    (r > 0).then(|| (r - 1, c)),
                    (r + 1 < rows).then(|| (r + 1, c)),
                    (c > 0).then(|| (r, c - 1)),
                    (c + 1 < cols).then(|| (r, c + 1)),
                ];
                for (k, n) in cand.into_iter().enumerate() {
                    if let Some((nr, nc)) = n.filter(|&(nr, nc)| on(nr, nc)) {
                        nbr[r * cols + c][k] = ix(nr, nc);
                    }
                }
            }
        }
        let cells: Vec<u32> = (0..(rows * cols) as u32).filter(|&c| p.on_board[c as usize]).collect();
        Machine {
            p,
            gravity,
            gseg,
            gpos,
            gnbr: group::group_neighbours(p, &nbr),
            nbr,
            log: Vec::with_capacity(cells.len() * 4),
            since: vec![0; p.rules.len()],
            segs: Vec::with_capacity(rows * cols),
            seg_seen: vec![0; rows * cols],
            seg_low: vec![0; rows * cols],
            seg_stamp: 0,
            cells,
            writes: Vec::new(),
            arith: Vec::with_capacity(16),
            clear: Vec::with_capacity(rows * cols * 2),
            stack: Vec::with_capacity(rows * cols),
            seen: vec![0; rows * cols],
            stamp: 0,
            reach: Reach::new(p),
        }
    }

    pub fn legal(&mut self, s: &[Value], m: &MoveInstance) -> bool {
        let conds = m.when.iter().all(|c| match *c {
            Cond::Cmp { lhs, op, rhs } => cmp_holds(s, lhs, op, rhs),
            Cond::GroupAtLeast { cell, min } => {
                s[cell as usize] != EMPTY && self.group(s, cell, min as usize, false) >= min as usize
            }
            Cond::Reaches { shape, from, to } => self.reach.reaches(s, shape, from, to),
            Cond::Arith { lhs, op, rhs } => match (self.eval(s, lhs), self.eval(s, rhs)) {
                (Some(a), Some(b)) => compare(a, op, b),
                _ => false,
            },
        });
        // A computed value that no cell may hold makes the move illegal here.
        conds
            && m.effects.iter().all(|e| match *e {
                Effect::Compute { cell, program } => self.computed(s, cell, program).is_some(),
                _ => true,
            })
    }

    /// The value of program `program` on `s`, if `cell` may hold it (a board value, or a
    /// number of the counter's range).
    fn computed(&mut self, s: &[Value], cell: u32, program: u32) -> Option<Value> {
        let v = self.eval(s, program)?;
        if self.p.may_hold(cell, v) { Some(v as Value) } else { None }
    }

    /// Program `program` on `s`; `None` when it overflows, which is recorded ([`overflow`]).
    fn eval(&mut self, s: &[Value], program: u32) -> Option<i64> {
        eval_program(&self.p.programs[program as usize], s, &mut self.arith)
            .map_err(|term| overflow::raise(Overflow { program, term }, s))
            .ok()
    }

    /// Applies the move's effects (all reads see the state before the move), then runs the
    /// rules to a fixpoint. `s` may be any grid.
    pub fn apply(&mut self, s: &mut [Value], m: &MoveInstance, trace: Option<&mut Vec<TraceStep>>) {
        self.apply_from(s, m, trace, false)
    }

    /// [`Machine::apply`] for a grid that is stable under every rule (one that `apply` produced):
    /// the rules then only look around the cells the move changed. Same result.
    pub fn apply_settled(&mut self, s: &mut [Value], m: &MoveInstance, trace: Option<&mut Vec<TraceStep>>) {
        self.apply_from(s, m, trace, true)
    }

    fn apply_from(&mut self, s: &mut [Value], m: &MoveInstance, mut trace: Option<&mut Vec<TraceStep>>, settled: bool) {
        self.log.clear();
        if !settled {
            self.log.extend_from_slice(&self.cells);
        }
        if let [Effect::Swap(a, b)] = m.effects[..] {
            // The common case (Mayan, sliding puzzles): no need to stage writes.
            s.swap(a as usize, b as usize);
            self.log.push(a);
            self.log.push(b);
        } else {
            self.writes.clear();
            for e in &m.effects {
                match *e {
                    Effect::Set { cell, value } => self.writes.push((cell, operand(s, value))),
                    Effect::Swap(a, b) => {
                        self.writes.push((a, s[b as usize]));
                        self.writes.push((b, s[a as usize]));
                    }
                    Effect::Compute { cell, program } => {
                        // `legal` has checked the value; a caller that did not gets EMPTY.
                        let v = self.computed(s, cell, program).unwrap_or(EMPTY);
                        self.writes.push((cell, v));
                    }
                    Effect::RemoveGroup { cell } => {
                        if s[cell as usize] != EMPTY {
                            self.group(s, cell, usize::MAX, true);
                            self.writes.extend(self.stack.iter().map(|&c| (c, EMPTY)));
                        }
                    }
                    Effect::SetGroup { cell, value } => self.set_group(s, cell, value),
                }
            }
            // Later writes win when two effects write the same cell.
            // Rules look at the board only: a counter's write is not logged.
            let grid = self.p.grid_len() as u32;
            for &(c, v) in &self.writes {
                s[c as usize] = v;
                if c < grid {
                    self.log.push(c);
                }
            }
        }
        if let Some(t) = trace.as_deref_mut() {
            t.push(TraceStep { rule: None, grid: s.to_vec() });
        }
        self.settle(s, trace);
    }

    /// Runs the rules in order, cyclically, until `rules.len()` consecutive applications
    /// changed nothing. Every rule is a function of the grid alone, so at that point a whole
    /// pass from the first rule would change nothing either: this is the declared "repeat the
    /// list until a full pass is stable", without the redundant final pass.
    ///
    /// A rule with no change logged since it last ran cannot change anything (every rule is
    /// idempotent), so it is skipped as a quiet application without looking at the grid.
    fn settle(&mut self, s: &mut [Value], mut trace: Option<&mut Vec<TraceStep>>) {
        let rules = &self.p.rules;
        let n = rules.len();
        self.since.clear();
        self.since.resize(n, 0);
        let (mut quiet, mut i) = (0, 0);
        while quiet < n {
            let rule = rules[i];
            let from = self.since[i];
            let changed = from < self.log.len()
                && match rule {
                    Rule::Gravity(d) => self.fall(s, dir_ix(d), from),
                    Rule::ClearRuns { min } => self.clear_runs(s, min as usize, from),
                    Rule::ClearGroups { min } => self.clear_groups(s, min as usize, from),
                    Rule::Close(d) => self.close(s, d),
                };
            // Each rule is idempotent: its own writes need no second look by it.
            self.since[i] = self.log.len();
            if changed {
                quiet = 0;
                if let Some(t) = trace.as_deref_mut() {
                    t.push(TraceStep { rule: Some((i, rule)), grid: s.to_vec() });
                }
            } else {
                quiet += 1;
            }
            i = if i + 1 == n { 0 } else { i + 1 };
        }
    }

    /// Gravity in direction `d`, compacting only the lines that hold a cell logged from `from`
    /// on, and each only from its lowest changed cell up. Falling is "compact the non-empty
    /// cells of each segment towards its floor".
    fn fall(&mut self, s: &mut [Value], d: usize, from: usize) -> bool {
        self.seg_stamp = self.seg_stamp.wrapping_add(1);
        if self.seg_stamp == 0 {
            self.seg_seen.fill(0);
            self.seg_stamp = 1;
        }
        self.segs.clear();
        let (gseg, gpos) = (&self.gseg[d], &self.gpos[d]);
        for &c in &self.log[from..] {
            let (g, pos) = (gseg[c as usize] as usize, gpos[c as usize]);
            if self.seg_seen[g] != self.seg_stamp {
                self.seg_seen[g] = self.seg_stamp;
                self.seg_low[g] = pos;
                self.segs.push(g as u32);
            } else if pos < self.seg_low[g] {
                self.seg_low[g] = pos;
            }
        }
        let lines = &self.gravity[d];
        let mut changed = false;
        for &g in &self.segs {
            let seg = &lines.cells[lines.starts[g as usize] as usize..lines.starts[g as usize + 1] as usize];
            // Below `low` nothing changed: the blocks there are still packed against the
            // floor, so the first free place is just above the last of them.
            let low = self.seg_low[g as usize] as usize;
            let mut w = low;
            while w > 0 && s[seg[w - 1] as usize] == EMPTY {
                w -= 1;
            }
            for r in low..seg.len() {
                let v = s[seg[r] as usize];
                if v != EMPTY {
                    if w != r {
                        s[seg[w] as usize] = v;
                        s[seg[r] as usize] = EMPTY;
                        self.log.push(seg[w]);
                        self.log.push(seg[r]);
                        changed = true;
                    }
                    w += 1;
                }
            }
        }
        changed
    }

    /// Finds every maximal run through a cell logged from `from` on first, then empties them
    /// together, so crossing runs (L, T, +, and chains of rows and columns crossing each
    /// other) all vanish whole.
    fn clear_runs(&mut self, s: &mut [Value], min: usize, from: usize) -> bool {
        self.clear.clear();
        self.bump_stamp();
        let end = self.log.len();
        for k in from..end {
            let c = self.log[k];
            let v = s[c as usize];
            if v == EMPTY {
                continue;
            }
            // Vertical (up = 0, down = 1), then horizontal (left = 2, right = 3).
            for (back, fwd) in [(0, 1), (2, 3)] {
                let mut first = c;
                let mut len = 1;
                loop {
                    let n = self.nbr[first as usize][back];
                    if n == NO_CELL || s[n as usize] != v {
                        break;
                    }
                    first = n;
                    len += 1;
                }
                let mut last = c;
                loop {
                    let n = self.nbr[last as usize][fwd];
                    if n == NO_CELL || s[n as usize] != v {
                        break;
                    }
                    last = n;
                    len += 1;
                }
                if len >= min {
                    let mut x = first;
                    loop {
                        if self.seen[x as usize] != self.stamp {
                            self.seen[x as usize] = self.stamp;
                            self.clear.push(x);
                        }
                        if x == last {
                            break;
                        }
                        x = self.nbr[x as usize][fwd];
                    }
                }
            }
        }
        for &c in &self.clear {
            s[c as usize] = EMPTY;
        }
        self.log.extend_from_slice(&self.clear);
        !self.clear.is_empty()
    }

    fn clear_groups(&mut self, s: &mut [Value], min: usize, from: usize) -> bool {
        self.clear.clear();
        self.bump_stamp();
        let end = self.log.len();
        for k in from..end {
            let c = self.log[k] as usize;
            if s[c] == EMPTY || self.seen[c] == self.stamp {
                continue;
            }
            // Fill without bumping the stamp, so one stamp covers the whole scan.
            let size = self.fill(s, c as u32, usize::MAX, true);
            if size >= min {
                self.clear.extend_from_slice(&self.stack);
            }
        }
        for &c in &self.clear {
            s[c as usize] = EMPTY;
        }
        self.log.extend_from_slice(&self.clear);
        !self.clear.is_empty()
    }

    /// Size of the 4-connected equal-value group of `cell`, stopping early at `cap`.
    /// With `keep`, the group's cells are left in `self.stack`.
    fn group(&mut self, s: &[Value], cell: u32, cap: usize, keep: bool) -> usize {
        self.bump_stamp();
        self.fill(s, cell, cap, keep)
    }

    fn fill(&mut self, s: &[Value], cell: u32, cap: usize, keep: bool) -> usize {
        let v = s[cell as usize];
        self.stack.clear();
        self.stack.push(cell);
        self.seen[cell as usize] = self.stamp;
        // `stack[..next]` are expanded cells; the vector doubles as the group list.
        let mut next = 0;
        while next < self.stack.len() && (keep || self.stack.len() < cap) {
            let c = self.stack[next] as usize;
            next += 1;
            for &n in &self.gnbr[c] {
                if n != NO_CELL && self.seen[n as usize] != self.stamp && s[n as usize] == v {
                    self.seen[n as usize] = self.stamp;
                    self.stack.push(n);
                }
            }
        }
        self.stack.len()
    }

    /// Empty lines close up towards `d` (the board has no holes): walking the lines from that
    /// side, each line with a block moves to the first free line. A full scan: it only runs
    /// when a rule before it changed something.
    fn close(&mut self, s: &mut [Value], d: Dir) -> bool {
        let (rows, cols) = (self.p.rows, self.p.cols);
        let columns = matches!(d, Dir::Left | Dir::Right);
        let (lines, len) = if columns { (cols, rows) } else { (rows, cols) };
        let cell = |i: usize, j: usize| if columns { j * cols + i } else { i * cols + j };
        let forward = matches!(d, Dir::Left | Dir::Up);
        let nth = |k: usize| if forward { k } else { lines - 1 - k };
        let mut w = 0;
        let mut changed = false;
        for k in 0..lines {
            let i = nth(k);
            if (0..len).all(|j| s[cell(i, j)] == EMPTY) {
                continue;
            }
            if w != k {
                let to = nth(w);
                for j in 0..len {
                    let (a, b) = (cell(i, j), cell(to, j));
                    s[b] = s[a];
                    s[a] = EMPTY;
                    self.log.push(a as u32);
                    self.log.push(b as u32);
                }
                changed = true;
            }
            w += 1;
        }
        changed
    }

    fn bump_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
    }
}

fn cmp_holds(s: &[Value], lhs: Operand, op: CmpOp, rhs: Operand) -> bool {
    compare(operand(s, lhs), op, operand(s, rhs))
}

fn operand(s: &[Value], o: Operand) -> Value {
    match o {
        Operand::Cell(c) => s[c as usize],
        Operand::Const(v) => v,
    }
}

/// Whether the goal holds in `s`. `Empty`, `NonEmptyCount` and `Pattern` look at the board's
/// cells only, not at the counters after them.
pub fn goal_holds(p: &MoveProblem, s: &[Value]) -> bool {
    let (goal, programs) = (&p.goal, &p.programs);
    let full = s;
    let s = if p.counters.is_empty() { s } else { &s[..p.grid_len()] };
    match goal {
        // Eight cells at a time: this runs at every leaf of a search.
        Goal::Empty => {
            let mut words = s.chunks_exact(8);
            words.by_ref().all(|w| u64::from_ne_bytes(w.try_into().unwrap()) == 0)
                && words.remainder().iter().all(|&v| v == EMPTY)
        }
        Goal::NonEmptyCount(n) => s.iter().filter(|&&v| v != EMPTY).count() == *n as usize,
        Goal::Pattern(want) => want.iter().zip(s).all(|(w, &v)| w.is_none_or(|w| w == v)),
        Goal::All(conds) => conds.iter().all(|c| match *c {
            Cond::Cmp { lhs, op, rhs } => cmp_holds(full, lhs, op, rhs),
            Cond::Arith { lhs, op, rhs } => {
                let side = |program: u32| {
                    eval_small(&programs[program as usize], full)
                        .map_err(|term| overflow::raise(Overflow { program, term }, full))
                        .ok()
                };
                matches!((side(lhs), side(rhs)), (Some(a), Some(b)) if compare(a, op, b))
            }
            // The compiler puts only comparisons in goals (`MoveProblem::validate`).
            Cond::GroupAtLeast { .. } | Cond::Reaches { .. } => false,
        }),
    }
}
