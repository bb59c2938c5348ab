//! Benchmark matrices, generated with fixed seeds, and their translation for the `dlx` crate.
//!
//! Shared by `benches/xcc.rs` and `tests/node_counts.rs` (through `#[path]`), so the engine
//! and the reference search exactly the same matrices: same items in the same order, same
//! options in the same order.

#![allow(dead_code)]

use std::collections::BTreeSet;

use puzc::ir::xcc::{Colour, Entry, ItemId, XccBuilder, XccProblem};

fn plain(item: ItemId) -> Entry {
    Entry { item, colour: Colour::NONE }
}

/// N queens: ranks and files primary, both diagonal families secondary; square (r, c) is
/// option `r·n + c`.
pub fn queens(n: usize) -> XccProblem {
    let mut b = XccBuilder::new();
    let ranks: Vec<_> = (0..n).map(|r| b.add_primary(format!("r{r}"), 1, 1)).collect();
    let files: Vec<_> = (0..n).map(|c| b.add_primary(format!("c{c}"), 1, 1)).collect();
    let sums: Vec<_> = (0..2 * n - 1).map(|s| b.add_secondary(format!("a{s}"))).collect();
    let diffs: Vec<_> = (0..2 * n - 1).map(|d| b.add_secondary(format!("b{d}"))).collect();
    for r in 0..n {
        for c in 0..n {
            let e = [ranks[r], files[c], sums[r + c], diffs[r + n - 1 - c]].map(plain);
            b.add_option(format!("Q{r}{c}"), &e);
        }
    }
    b.finish()
}

/// Langford pairs: values 1..=n and slots 1..=2n; value k at slots i and i + k + 1.
pub fn langford(n: usize) -> XccProblem {
    let mut b = XccBuilder::new();
    let values: Vec<_> = (1..=n).map(|k| b.add_primary(format!("v{k}"), 1, 1)).collect();
    let slots: Vec<_> = (1..=2 * n).map(|s| b.add_primary(format!("s{s}"), 1, 1)).collect();
    for k in 1..=n {
        for i in 1..=2 * n {
            let j = i + k + 1;
            if j <= 2 * n {
                let e = [values[k - 1], slots[i - 1], slots[j - 1]].map(plain);
                b.add_option(format!("{k}@{i}"), &e);
            }
        }
    }
    b.finish()
}

const PENTOMINOES: [(&str, &str); 12] = [
    ("F", ".##/##./.#."),
    ("I", "#####"),
    ("L", "####/#..."),
    ("N", "##../.###"),
    ("P", "##/##/#."),
    ("T", "###/.#./.#."),
    ("U", "#.#/###"),
    ("V", "#../#../###"),
    ("W", "#../##./.##"),
    ("X", ".#./###/.#."),
    ("Y", ".#../####"),
    ("Z", "##./.#./.##"),
];

/// The distinct rotations and reflections of a shape, each normalised to touch (0, 0).
fn orientations(picture: &str) -> BTreeSet<Vec<(i32, i32)>> {
    let cells: Vec<(i32, i32)> = (picture.split('/').enumerate())
        .flat_map(|(r, line)| line.chars().enumerate().filter(|c| c.1 == '#').map(move |(c, _)| (r as i32, c as i32)))
        .collect();
    let mut out = BTreeSet::new();
    for t in 0..8 {
        let mut v: Vec<(i32, i32)> = cells
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if t & 1 == 1 { (c, r) } else { (r, c) };
                let r = if t & 2 == 2 { -r } else { r };
                if t & 4 == 4 { (r, -c) } else { (r, c) }
            })
            .collect();
        let (r0, c0) = (v.iter().map(|p| p.0).min().unwrap(), v.iter().map(|p| p.1).min().unwrap());
        v.iter_mut().for_each(|p| *p = (p.0 - r0, p.1 - c0));
        v.sort_unstable();
        out.insert(v);
    }
    out
}

/// The 12 pentominoes in a `rows` × `cols` box, pieces then cells primary. With
/// `confine_x`, the X's centre must lie in the top-left quarter of the box, which removes
/// the box's symmetries when no centre lies on an axis: 6×10 then has 2339 tilings.
pub fn pentominoes(rows: i32, cols: i32, confine_x: bool) -> XccProblem {
    let mut b = XccBuilder::new();
    let pieces: Vec<_> = PENTOMINOES.iter().map(|(name, _)| b.add_primary(*name, 1, 1)).collect();
    let cells: Vec<_> = (0..rows * cols).map(|k| b.add_primary(format!("{}_{}", k / cols, k % cols), 1, 1)).collect();
    for (piece, (name, picture)) in pieces.iter().zip(PENTOMINOES) {
        for shape in orientations(picture) {
            for (dr, dc) in (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))) {
                let placed: Vec<(i32, i32)> = shape.iter().map(|&(r, c)| (r + dr, c + dc)).collect();
                if !placed.iter().all(|&(r, c)| r < rows && c < cols) {
                    continue;
                }
                // The X's centre is its cell (1, 1) of the 3×3 bounding box.
                if confine_x && name == "X" && (dr + 1 >= rows / 2 || dc + 1 >= cols / 2) {
                    continue;
                }
                let mut e = vec![plain(*piece)];
                e.extend(placed.iter().map(|&(r, c)| plain(cells[(r * cols + c) as usize])));
                b.add_option(format!("{name}@{dr},{dc}"), &e);
            }
        }
    }
    b.finish()
}

/// xorshift32, so the matrices do not depend on a crate's random-number stream.
pub struct Rng(u32);

impl Rng {
    pub fn new(seed: u32) -> Rng {
        Rng(seed.max(1))
    }

    pub fn below(&mut self, n: u32) -> u32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        x % n
    }
}

/// A solved `n`×`n` Tetravex game with `colours` edge colours, its tiles shuffled and all
/// distinct (so no multiplicities are needed and DLX2 can run it too). Items: tiles then
/// cells (primary), then the inner edges (secondary); tile t at cell c is option
/// `t·n² + c` and gives each inner edge of c the colour the tile shows on that side.
pub fn tetravex(n: usize, colours: u32, seed: u32) -> XccProblem {
    let mut rng = Rng::new(seed);
    let tiles = loop {
        // Edge colours of the planted solution: h[r][c] below cell (r, c), v[r][c] right of it.
        let mut pick = |_| rng.below(colours);
        let h: Vec<u32> = (0..(n + 1) * n).map(&mut pick).collect();
        let v: Vec<u32> = (0..n * (n + 1)).map(&mut pick).collect();
        // (top, right, bottom, left) of the tile at (r, c); border edges are random too.
        let mut tiles: Vec<[u32; 4]> = (0..n * n)
            .map(|k| {
                let (r, c) = (k / n, k % n);
                [h[r * n + c], v[r * (n + 1) + c + 1], h[(r + 1) * n + c], v[r * (n + 1) + c]]
            })
            .collect();
        for k in (1..tiles.len()).rev() {
            tiles.swap(k, rng.below(k as u32 + 1) as usize);
        }
        if tiles.iter().collect::<BTreeSet<_>>().len() == tiles.len() {
            break tiles;
        }
    };
    let mut b = XccBuilder::new();
    let tile_items: Vec<_> = (0..n * n).map(|t| b.add_primary(format!("t{t}"), 1, 1)).collect();
    let cells: Vec<_> = (0..n * n).map(|k| b.add_primary(format!("c{}_{}", k / n, k % n), 1, 1)).collect();
    // Horizontal inner edge below (r, c) for r < n − 1; vertical inner edge right of (r, c) for c < n − 1.
    let below: Vec<_> = (0..(n - 1) * n).map(|k| b.add_secondary(format!("h{}_{}", k / n, k % n))).collect();
    let right: Vec<_> =
        (0..n * (n - 1)).map(|k| b.add_secondary(format!("v{}_{}", k / (n - 1), k % (n - 1)))).collect();
    let colour: Vec<Colour> = (0..colours).map(|k| b.colour(&format!("k{k}"))).collect();
    for (t, tile) in tiles.iter().enumerate() {
        for (k, &cell) in cells.iter().enumerate() {
            let (r, c) = (k / n, k % n);
            let mut e = vec![plain(tile_items[t]), plain(cell)];
            let edge = |item, side: usize| Entry { item, colour: colour[tile[side] as usize] };
            if r > 0 {
                e.push(edge(below[(r - 1) * n + c], 0));
            }
            if c + 1 < n {
                e.push(edge(right[r * (n - 1) + c], 1));
            }
            if r + 1 < n {
                e.push(edge(below[r * n + c], 2));
            }
            if c > 0 {
                e.push(edge(right[r * (n - 1) + c - 1], 3));
            }
            b.add_option(format!("t{t}@{r},{c}"), &e);
        }
    }
    b.finish()
}

/// Reads a sudoku of side `n = b²` (`.` or `0` blank; digits 1–9 then A–Z), the standard
/// 4n² items (cell, row-value, column-value, box-value; all primary): a given cell has only
/// its given value as an option, a blank cell all n values. Option order: cell-major.
pub fn sudoku(line: &str) -> XccProblem {
    let cells: Vec<Option<usize>> = line
        .trim()
        .chars()
        .map(|ch| match ch {
            '.' | '0' => None,
            '1'..='9' => Some(ch as usize - '1' as usize),
            'A'..='Z' => Some(ch as usize - 'A' as usize + 9),
            _ => panic!("bad sudoku character {ch:?}"),
        })
        .collect();
    let n = (cells.len() as f64).sqrt() as usize;
    let bs = (n as f64).sqrt() as usize;
    assert_eq!((n * n, bs * bs), (cells.len(), n), "not a square sudoku");
    let mut b = XccBuilder::new();
    let mut family =
        |tag: char| -> Vec<ItemId> { (0..n * n).map(|k| b.add_primary(format!("{tag}{k}"), 1, 1)).collect() };
    let (cell, row, col, bx) = (family('p'), family('r'), family('c'), family('b'));
    for r in 0..n {
        for c in 0..n {
            for v in 0..n {
                if cells[r * n + c].is_some_and(|g| g != v) {
                    continue;
                }
                let k = (r / bs) * bs + c / bs;
                let e = [cell[r * n + c], row[r * n + v], col[c * n + v], bx[k * n + v]].map(plain);
                b.add_option(format!("{r},{c}={v}"), &e);
            }
        }
    }
    b.finish()
}

/// The puzzles of a file: one a line, `#` lines and blank lines skipped.
pub fn puzzle_lines(text: &str) -> Vec<&str> {
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).collect()
}

/// The benchmark data, copied into `tests/data/bench/` so CI does not need `../shared`.
pub fn data_file(name: &str) -> String {
    let path = format!("{}/tests/data/bench/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

// ---------------------------------------------------------------------------------------
// The `dlx` crate on the same matrices
// ---------------------------------------------------------------------------------------

/// Nodes and solutions found by the `dlx` crate with plain MRV (ties to the first item),
/// stopping after `max_solutions` solutions. Uses DLX1 when no option has a colour, DLX2
/// otherwise. Multiplicities are not supported (every primary item must be `1..1`).
pub fn dlx_count(p: &XccProblem, max_solutions: Option<u64>) -> (u64, u64) {
    use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let np = p.n_primary as dlx::Uint;
    let ns = (p.items.len() - p.n_primary) as dlx::Uint;
    let coloured = p.option_items.iter().any(|e| e.colour != Colour::NONE);
    let options =
        (0..p.option_count()).map(|o| &p.option_items[p.option_start[o] as usize..p.option_start[o + 1] as usize]);
    let limit = max_solutions.unwrap_or(u64::MAX);
    let mut solutions = 0;
    let profile: Vec<usize> = if coloured {
        let os: Vec<Vec<(dlx::Uint, dlx::Int)>> =
            options.map(|o| o.iter().map(|e| (e.item.0 as dlx::Uint, e.colour.0 as dlx::Int)).collect()).collect();
        let mut problem = dlx::c::make_problem(np, ns, &os, dlx::OptOrder::Seq);
        let mut solver = dlx::Solver::new(&mut problem);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        while solutions < limit && solver.next_solution(&mut chooser) {
            solutions += 1;
        }
        solver.get_profile().to_vec()
    } else {
        let os: Vec<Vec<dlx::Uint>> = options.map(|o| o.iter().map(|e| e.item.0 as dlx::Uint).collect()).collect();
        let mut problem = dlx::x::make_problem(np, ns, &os, dlx::OptOrder::Seq);
        let mut solver = dlx::Solver::new(&mut problem);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        while solutions < limit && solver.next_solution(&mut chooser) {
            solutions += 1;
        }
        solver.get_profile().to_vec()
    };
    (profile.iter().map(|&k| k as u64).sum(), solutions)
}
