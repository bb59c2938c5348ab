//! The move/rule interpreter: a [`MoveProblem`] with its geometry precomputed so that effects,
//! gravity and clearing are loops over flat cell lists, plus the scratch buffers they need.
//! After construction nothing here allocates (the scratch vectors only ever grow to the
//! board size on first use).

use crate::ir::moves::{
    CmpOp, Cond, Dir, EMPTY, Effect, Goal, MoveInstance, MoveProblem, Operand, Rule, Value,
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
    /// Maximal on-board stretches of every row and every column: runs cannot cross holes.
    runs: Lines,
    /// On-board 4-neighbours, `NO_CELL` where there is none.
    nbr: Vec<[u32; 4]>,
    // Scratch.
    writes: Vec<(u32, Value)>,
    clear: Vec<u32>,
    stack: Vec<u32>,
    /// Flood-fill marks: cell `c` is visited in the current fill iff `seen[c] == stamp`;
    /// bumping the stamp clears all marks in O(1).
    seen: Vec<u32>,
    stamp: u32,
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
        let mut runs = Lines::default();
        for c in 0..cols {
            cut(&mut gravity[dir_ix(Dir::Down)], &mut (0..rows).rev().map(|r| (r, c)));
            cut(&mut gravity[dir_ix(Dir::Up)], &mut (0..rows).map(|r| (r, c)));
            cut(&mut runs, &mut (0..rows).map(|r| (r, c)));
        }
        for r in 0..rows {
            cut(&mut gravity[dir_ix(Dir::Left)], &mut (0..cols).map(|c| (r, c)));
            cut(&mut gravity[dir_ix(Dir::Right)], &mut (0..cols).rev().map(|c| (r, c)));
            cut(&mut runs, &mut (0..cols).map(|c| (r, c)));
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
        Machine {
            p,
            gravity,
            runs,
            nbr,
            writes: Vec::new(),
            clear: Vec::with_capacity(rows * cols * 2),
            stack: Vec::with_capacity(rows * cols),
            seen: vec![0; rows * cols],
            stamp: 0,
        }
    }

    pub fn legal(&mut self, s: &[Value], m: &MoveInstance) -> bool {
        m.when.iter().all(|c| match *c {
            Cond::Cmp { lhs, op, rhs } => {
                let (a, b) = (operand(s, lhs), operand(s, rhs));
                match op {
                    CmpOp::Eq => a == b,
                    CmpOp::Ne => a != b,
                    CmpOp::Lt => a < b,
                    CmpOp::Le => a <= b,
                    CmpOp::Gt => a > b,
                    CmpOp::Ge => a >= b,
                }
            }
            Cond::GroupAtLeast { cell, min } => {
                s[cell as usize] != EMPTY && self.group(s, cell, min as usize, false) >= min as usize
            }
        })
    }

    /// Applies the move's effects (all reads see the state before the move), then runs the
    /// rules to a fixpoint.
    pub fn apply(&mut self, s: &mut [Value], m: &MoveInstance, mut trace: Option<&mut Vec<TraceStep>>) {
        if let [Effect::Swap(a, b)] = m.effects[..] {
            // The common case (Mayan, sliding puzzles): no need to stage writes.
            s.swap(a as usize, b as usize);
        } else {
            self.writes.clear();
            for e in &m.effects {
                match *e {
                    Effect::Set { cell, value } => self.writes.push((cell, operand(s, value))),
                    Effect::Swap(a, b) => {
                        self.writes.push((a, s[b as usize]));
                        self.writes.push((b, s[a as usize]));
                    }
                    Effect::RemoveGroup { cell } => {
                        if s[cell as usize] != EMPTY {
                            self.group(s, cell, usize::MAX, true);
                            self.writes.extend(self.stack.iter().map(|&c| (c, EMPTY)));
                        }
                    }
                }
            }
            // Later writes win when two effects write the same cell.
            for &(c, v) in &self.writes {
                s[c as usize] = v;
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
    fn settle(&mut self, s: &mut [Value], mut trace: Option<&mut Vec<TraceStep>>) {
        let rules = &self.p.rules;
        let n = rules.len();
        let (mut quiet, mut i) = (0, 0);
        while quiet < n {
            let rule = rules[i];
            let changed = match rule {
                Rule::Gravity(d) => fall(&self.gravity[dir_ix(d)], s),
                Rule::ClearRuns { min } => self.clear_runs(s, min as usize),
                Rule::ClearGroups { min } => self.clear_groups(s, min as usize),
            };
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

    /// Finds every maximal run first, then empties them together, so crossing runs (L, T, +,
    /// and chains of rows and columns crossing each other) all vanish whole.
    fn clear_runs(&mut self, s: &mut [Value], min: usize) -> bool {
        self.clear.clear();
        for seg in self.runs.segments() {
            if seg.len() < min {
                continue;
            }
            let mut i = 0;
            while i < seg.len() {
                let v = s[seg[i] as usize];
                let mut j = i + 1;
                while j < seg.len() && s[seg[j] as usize] == v {
                    j += 1;
                }
                if v != EMPTY && j - i >= min {
                    self.clear.extend_from_slice(&seg[i..j]);
                }
                i = j;
            }
        }
        for &c in &self.clear {
            s[c as usize] = EMPTY;
        }
        !self.clear.is_empty()
    }

    fn clear_groups(&mut self, s: &mut [Value], min: usize) -> bool {
        self.clear.clear();
        self.bump_stamp();
        for c in 0..s.len() {
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
            for &n in &self.nbr[c] {
                if n != NO_CELL && self.seen[n as usize] != self.stamp && s[n as usize] == v {
                    self.seen[n as usize] = self.stamp;
                    self.stack.push(n);
                }
            }
        }
        self.stack.len()
    }

    fn bump_stamp(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
    }
}

fn operand(s: &[Value], o: Operand) -> Value {
    match o {
        Operand::Cell(c) => s[c as usize],
        Operand::Const(v) => v,
    }
}

fn fall(lines: &Lines, s: &mut [Value]) -> bool {
    let mut changed = false;
    for seg in lines.segments() {
        let mut w = 0;
        for r in 0..seg.len() {
            let v = s[seg[r] as usize];
            if v != EMPTY {
                if w != r {
                    s[seg[w] as usize] = v;
                    s[seg[r] as usize] = EMPTY;
                    changed = true;
                }
                w += 1;
            }
        }
    }
    changed
}

pub fn goal_holds(goal: &Goal, s: &[Value]) -> bool {
    match goal {
        Goal::Empty => s.iter().all(|&v| v == EMPTY),
        Goal::NonEmptyCount(n) => s.iter().filter(|&&v| v != EMPTY).count() == *n as usize,
        Goal::Pattern(want) => want.iter().zip(s).all(|(w, &v)| w.is_none_or(|w| w == v)),
    }
}
