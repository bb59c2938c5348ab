//! Test fixture for the Mayan game (NOIP 2011, Luogu P1312): the problem compiled from
//! `puzzles/mayan.puz`, the judge's input/output format, an independent simulator and brute
//! force written straight from the statement. The seed program itself is built by
//! `seed_programs.rs`.
#![allow(dead_code)]

use puzc::ir::moves::*;

pub const W: usize = 5;
pub const H: usize = 7;

/// `b[x][y]`, x = column from the left, y = row from the bottom, 0 = empty.
pub type Board = [[u8; H]; W];

/// Engine cell of the statement's (x, y): rows count from the top.
pub fn cell(x: usize, y: usize) -> CellIx {
    ((H - 1 - y) * W + x) as CellIx
}

/// The Mayan problem as puzc compiles it from `puzzles/mayan.puz`, with the board given in the
/// judge's input format: the differential test runs the shipped spec, not a hand-built IR.
pub fn problem(b: &Board, n: u32) -> MoveProblem {
    use puzc::lower::elaborate::{ExpandLimits, elaborate};
    use puzc::lower::instance::InstanceReader;
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/mayan.puz")).unwrap();
    let mut sources = puzc::diag::Sources::default();
    let file = sources.add("mayan.puz", text.clone());
    let spec = puzc::syntax::parse(&text, file).expect("mayan.puz parses");
    assert!(puzc::check::check(&spec).is_empty(), "mayan.puz checks clean");
    let input = format_input(n, b);
    let inst = sources.add("instance", input.clone());
    let mut reader = InstanceReader::new(&input, inst, 0);
    let overrides = std::collections::HashMap::new();
    let (mut elab, diags) = elaborate(&spec, &mut reader, &overrides, ExpandLimits::default());
    assert!(diags.is_empty(), "{diags:?}");
    match puzc::lower::moves::lower(&spec, &mut elab) {
        Ok(low) => low.problem,
        Err(d) => panic!("mayan.puz lowers: {d:?}"),
    }
}

/// Parses the judge's input: `n`, then 5 columns bottom-up, each ended by 0.
pub fn parse_input(s: &str) -> (u32, Board) {
    let mut it = s.split_whitespace().map(|t| t.parse::<u32>().unwrap());
    let n = it.next().unwrap();
    let mut b = [[0; H]; W];
    for col in b.iter_mut() {
        let mut y = 0;
        loop {
            let v = it.next().unwrap();
            if v == 0 {
                break;
            }
            col[y] = v as u8;
            y += 1;
        }
    }
    (n, b)
}

pub fn format_input(n: u32, b: &Board) -> String {
    let mut s = format!("{n}\n");
    for col in b {
        for &v in col.iter().take_while(|&&v| v != 0) {
            s += &format!("{v} ");
        }
        s += "0\n";
    }
    s
}

pub type Mv = (usize, usize, i64);

/// The judge's output for a move list (or `-1`).
pub fn format_answer(sol: Option<&[Mv]>) -> String {
    match sol {
        None => "-1\n".into(),
        Some(m) => m.iter().map(|(x, y, d)| format!("{x} {y} {d}\n")).collect(),
    }
}

pub fn parse_answer(s: &str) -> Option<Vec<Mv>> {
    let toks: Vec<i64> = s.split_whitespace().map(|t| t.parse().unwrap()).collect();
    if toks == [-1] {
        return None;
    }
    assert!(toks.len().is_multiple_of(3), "malformed answer {s:?}");
    Some(toks.chunks(3).map(|c| (c[0] as usize, c[1] as usize, c[2])).collect())
}

/// Solves with the engine and maps move indices back to (x, y, d) through the move args.
pub fn puzc_answer(b: &Board, n: u32) -> Option<Vec<Mv>> {
    let p = problem(b, n);
    let out = puzc::solve::moves::solve(&p, &Default::default());
    out.solution.map(|s| {
        s.iter()
            .map(|&i| {
                let a = &p.moves[i as usize].args;
                (a[0] as usize, a[1] as usize, a[2])
            })
            .collect()
    })
}

// ---- Independent simulator, straight from the statement (no code shared with the engine) ----

pub fn fall(b: &mut Board) {
    for col in b.iter_mut() {
        let blocks: Vec<u8> = col.iter().copied().filter(|&v| v != 0).collect();
        *col = [0; H];
        col[..blocks.len()].copy_from_slice(&blocks);
    }
}

/// Marks every cell of every horizontal or vertical run of >= 3, then empties them all.
#[allow(clippy::needless_range_loop)] // x, y index two grids and their neighbours
pub fn clear(b: &mut Board) -> bool {
    let mut mark = [[false; H]; W];
    for x in 0..W {
        for y in 0..H {
            let v = b[x][y];
            if v == 0 {
                continue;
            }
            if x + 2 < W && b[x + 1][y] == v && b[x + 2][y] == v {
                (0..3).for_each(|i| mark[x + i][y] = true);
            }
            if y + 2 < H && b[x][y + 1] == v && b[x][y + 2] == v {
                (0..3).for_each(|i| mark[x][y + i] = true);
            }
        }
    }
    let mut any = false;
    for x in 0..W {
        for y in 0..H {
            if mark[x][y] {
                b[x][y] = 0;
                any = true;
            }
        }
    }
    any
}

/// Plays one move; `false` (board untouched) when it is illegal.
pub fn play(b: &mut Board, (x, y, d): Mv) -> bool {
    let x2 = x as i64 + d;
    if x >= W || y >= H || !(d == 1 || d == -1) || !(0..W as i64).contains(&x2) || b[x][y] == 0 {
        return false;
    }
    let t = b[x][y];
    b[x][y] = b[x2 as usize][y];
    b[x2 as usize][y] = t;
    loop {
        fall(b);
        if !clear(b) {
            break;
        }
    }
    true
}

pub fn is_empty(b: &Board) -> bool {
    b.iter().all(|c| c.iter().all(|&v| v == 0))
}

/// Whether `moves` is a solution of (b, n) under the statement's rules.
pub fn valid(b: &Board, n: u32, moves: &[Mv]) -> bool {
    let mut b = *b;
    moves.len() == n as usize && moves.iter().all(|&m| play(&mut b, m)) && is_empty(&b)
}

/// Legal moves in the statement's order: x, then y, then right (1) before left (-1).
pub fn legal_moves(b: &Board) -> Vec<Mv> {
    let mut v = Vec::new();
    for (x, col) in b.iter().enumerate() {
        for (y, &block) in col.iter().enumerate() {
            for d in [1, -1] {
                if block != 0 && (0..W as i64).contains(&(x as i64 + d)) {
                    v.push((x, y, d));
                }
            }
        }
    }
    v
}

/// Plain lexicographic DFS over all legal moves, no memo. The only pruning is the statement's
/// own fact that a colour with 1 or 2 blocks can never vanish (runs need 3).
pub fn brute(b: &Board, n: u32) -> Option<Vec<Mv>> {
    fn go(b: &Board, left: u32, path: &mut Vec<Mv>) -> bool {
        if left == 0 {
            return is_empty(b);
        }
        let mut count = [0u32; 256];
        b.iter().flatten().for_each(|&v| count[v as usize] += 1);
        if (1..256).any(|v| (1..3).contains(&count[v])) {
            return false;
        }
        for m in legal_moves(b) {
            let mut c = *b;
            play(&mut c, m);
            path.push(m);
            if go(&c, left - 1, path) {
                return true;
            }
            path.pop();
        }
        false
    }
    let mut path = Vec::new();
    go(b, n, &mut path).then_some(path)
}

/// True when the board has no run of >= 3 (the statement guarantees this of inputs).
pub fn no_runs(b: &Board) -> bool {
    let mut c = *b;
    !clear(&mut c)
}

// ---- Deterministic PRNG (SplitMix64) ----

pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next() % (hi - lo + 1)
    }
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.range(0, i as u64) as usize);
        }
    }
    /// `k` distinct colours out of 1..=10 (so large colour values are exercised too).
    pub fn palette(&mut self, k: usize) -> Vec<u8> {
        let mut all: Vec<u8> = (1..=10).collect();
        self.shuffle(&mut all);
        all.truncate(k);
        all
    }
}

/// Columns of random heights in `hmin..=hmax`, colours from a random `k`-palette, each block
/// chosen so that it does not complete a run with the blocks left of or below it.
pub fn random_board(rng: &mut Rng, hmin: usize, hmax: usize, k: usize) -> Board {
    let pal = rng.palette(k);
    let mut b = [[0u8; H]; W];
    for x in 0..W {
        let h = rng.range(hmin as u64, hmax as u64) as usize;
        'cells: for y in 0..h {
            for _ in 0..20 {
                let c = pal[rng.range(0, k as u64 - 1) as usize];
                let left = x >= 2 && b[x - 1][y] == c && b[x - 2][y] == c;
                let below = y >= 2 && b[x][y - 1] == c && b[x][y - 2] == c;
                if !left && !below {
                    b[x][y] = c;
                    continue 'cells;
                }
            }
            break;
        }
    }
    debug_assert!(no_runs(&b));
    b
}

/// `k` colours with `per` blocks each (multiples of 3, so the counts never rule a board out),
/// dropped into 3 or 4 adjacent random columns (so blocks can meet); retried until the board
/// has no run.
pub fn triples_board(rng: &mut Rng, k: usize, per: usize) -> Board {
    for _ in 0..10_000 {
        let pal = rng.palette(k);
        let mut blocks: Vec<u8> = pal.iter().flat_map(|&c| std::iter::repeat_n(c, per)).collect();
        rng.shuffle(&mut blocks);
        let mut b = [[0u8; H]; W];
        let mut h = [0usize; W];
        let span = rng.range(3, 4);
        let x0 = rng.range(0, W as u64 - span);
        for c in blocks {
            let x = loop {
                let x = (x0 + rng.range(0, span - 1)) as usize;
                if h[x] < H {
                    break x;
                }
            };
            b[x][h[x]] = c;
            h[x] += 1;
        }
        if no_runs(&b) {
            return b;
        }
    }
    panic!("triples_board({k}, {per}): no run-free board found");
}
