//! Where a sliding piece can go in one "any path" move ([`Cond::Reaches`]): the anchors the
//! piece reaches by unit steps through cells that are empty or its own, with everything else
//! on the board standing still.
//!
//! A search tests many moves of one piece in a row (the moves of a piece from one anchor are
//! consecutive, one per destination), so the last flood fill is kept and reused while the
//! board and the piece are the same. The placements of every shape are precomputed once, so
//! the fill only reads cells by index.
//!
//! [`Cond::Reaches`]: crate::ir::moves::Cond::Reaches

use crate::ir::moves::{EMPTY, MoveProblem, Value};

const NONE: u32 = u32::MAX;

pub struct Reach {
    rows: usize,
    cols: usize,
    /// `cells[shape]`: for every anchor cell, the piece's `len` cells there (`NONE` first when
    /// the piece does not fit on the board at that anchor).
    cells: Vec<Vec<u32>>,
    lens: Vec<usize>,
    /// The last fill: shape, start anchor and the board it was made on.
    key: Option<(u32, u32)>,
    board: Vec<Value>,
    /// Anchors reached by the last fill: `mark[a] == stamp`.
    mark: Vec<u32>,
    /// The moving piece's own cells: `own[c] == stamp`.
    own: Vec<u32>,
    stamp: u32,
    queue: Vec<u32>,
    /// [`MoveProblem::walls`]: a step is refused when a part of the piece would cross one.
    walls: Vec<u8>,
}

impl Reach {
    pub fn new(p: &MoveProblem) -> Self {
        let (rows, cols) = (p.rows, p.cols);
        let n = rows * cols;
        let mut cells = Vec::with_capacity(p.shapes.len());
        let mut lens = Vec::with_capacity(p.shapes.len());
        for shape in &p.shapes {
            let len = shape.len().max(1);
            let mut at = vec![NONE; n * len];
            for a in 0..n {
                let (r, c) = ((a / cols) as i64, (a % cols) as i64);
                let placed: Option<Vec<u32>> = shape
                    .iter()
                    .map(|&(dr, dc)| {
                        let (r, c) = (r + dr as i64, c + dc as i64);
                        let inside = r >= 0 && c >= 0 && r < rows as i64 && c < cols as i64;
                        let cell = (r * cols as i64 + c) as usize;
                        (inside && p.on_board[cell]).then_some(cell as u32)
                    })
                    .collect();
                if let Some(placed) = placed {
                    at[a * len..a * len + placed.len()].copy_from_slice(&placed);
                }
            }
            cells.push(at);
            lens.push(len);
        }
        Reach {
            rows,
            cols,
            cells,
            lens,
            key: None,
            board: vec![EMPTY; n],
            mark: vec![0; n],
            own: vec![0; n],
            stamp: 0,
            queue: Vec::with_capacity(n),
            walls: p.walls.clone(),
        }
    }

    /// Whether the piece of `shape` anchored at `from` can be moved to anchor `to` on `s`.
    pub fn reaches(&mut self, s: &[Value], shape: u32, from: u32, to: u32) -> bool {
        if self.key != Some((shape, from)) || self.board[..] != s[..] {
            self.fill(s, shape, from);
        }
        self.mark[to as usize] == self.stamp
    }

    fn fill(&mut self, s: &[Value], shape: u32, from: u32) {
        self.key = Some((shape, from));
        self.board.copy_from_slice(s);
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.own.fill(0);
            self.stamp = 1;
        }
        let (len, at) = (self.lens[shape as usize], &self.cells[shape as usize]);
        let piece = |a: u32| &at[a as usize * len..(a as usize + 1) * len];
        if piece(from)[0] == NONE {
            return;
        }
        for &c in piece(from) {
            self.own[c as usize] = self.stamp;
        }
        self.queue.clear();
        self.queue.push(from);
        self.mark[from as usize] = self.stamp;
        let mut next = 0;
        while next < self.queue.len() {
            let a = self.queue[next] as usize;
            next += 1;
            let (r, c) = (a / self.cols, a % self.cols);
            // Each step with the side of a cell it leaves by (bits of `MoveProblem::walls`).
            let steps = [
                (r > 0).then(|| (a - self.cols, 1u8)),
                (r + 1 < self.rows).then(|| (a + self.cols, 4)),
                (c > 0).then(|| (a - 1, 8)),
                (c + 1 < self.cols).then(|| (a + 1, 2)),
            ];
            for (b, side) in steps.into_iter().flatten() {
                if self.mark[b] == self.stamp {
                    continue;
                }
                if !self.walls.is_empty() && piece(a as u32).iter().any(|&c| self.walls[c as usize] & side != 0) {
                    continue;
                }
                let cells = piece(b as u32);
                let free = cells[0] != NONE
                    && cells.iter().all(|&c| s[c as usize] == EMPTY || self.own[c as usize] == self.stamp);
                if free {
                    self.mark[b] = self.stamp;
                    self.queue.push(b as u32);
                }
            }
        }
    }
}
