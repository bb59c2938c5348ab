//! Shared by the CLI-level tests (`cli.rs`, `sizes.rs`, `seeds_xcc.rs`): running the `puzc`
//! binary, a seeded PRNG, scratch directories, and checkers written from the puzzles'
//! statements alone — they share no code with puzc, so a wrong answer cannot pass by
//! agreeing with itself.
#![allow(dead_code)]

use assert_cmd::Command;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The directory of the crate (specs are given relative to it).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `puzc` run from the crate root, so `puzzles/x.puz` paths work.
pub fn puzc() -> Command {
    let mut c = Command::cargo_bin("puzc").expect("the puzc binary is built");
    c.current_dir(root());
    c
}

/// The result of one run: exit code, stdout, stderr.
pub struct Run {
    pub code: i32,
    pub out: String,
    pub err: String,
}

/// Runs puzc with `args` (and `stdin`, if given) and returns what it did.
pub fn run(args: &[&str], stdin: Option<&str>) -> Run {
    let mut c = puzc();
    c.args(args);
    if let Some(s) = stdin {
        c.write_stdin(s.to_string());
    }
    let o = c.output().expect("puzc runs");
    Run {
        code: o.status.code().expect("puzc exited normally (not by a signal)"),
        out: String::from_utf8(o.stdout).expect("stdout is UTF-8"),
        err: String::from_utf8(o.stderr).expect("stderr is UTF-8"),
    }
}

/// Runs puzc and asserts the exit code; returns stdout.
pub fn run_ok(args: &[&str], stdin: Option<&str>, code: i32) -> String {
    let r = run(args, stdin);
    assert_eq!(
        r.code, code,
        "puzc {args:?}: exit {} (expected {code})\nstdout:\n{}\nstderr:\n{}",
        r.code, r.out, r.err
    );
    r.out
}

/// The exit code of `puzc solve --unique` for a puzzle with `answers` solutions
/// (docs/cli.md): 1 for none, 0 for one, 6 for more.
pub fn unique_exit_code(answers: usize) -> i32 {
    [1, 0, 6][answers.min(2)]
}

/// A fresh directory under the system temp dir, unique to this process and call.
pub fn scratch(tag: &str) -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let d = std::env::temp_dir().join(format!("puzc-test-{tag}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("create scratch dir");
    d
}

pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write test file");
    p.to_str().expect("UTF-8 path").to_string()
}

/// A shipped spec with exactly one line replaced: `from` must occur as a whole line exactly once.
pub fn spec_with_line(spec: &str, from: &str, to: &str) -> String {
    let text = std::fs::read_to_string(root().join(spec)).expect("read shipped spec");
    let hits = text.lines().filter(|l| l.trim_end() == from).count();
    assert_eq!(hits, 1, "`{from}` must be exactly one line of {spec}");
    let out: Vec<&str> = text.lines().map(|l| if l.trim_end() == from { to } else { l }).collect();
    let changed = out.iter().zip(text.lines()).filter(|(a, b)| **a != *b).count();
    assert_eq!(changed, 1, "exactly one line differs");
    out.join("\n") + "\n"
}

// ---------------------------------------------------------------------------------------------
// Boards written by the tests' brute forces.

/// The cells beside `cell`: by a side on squares (with `corners`, by a corner too), or by a
/// side on hexagons (rows shifted right, as `lattice hexagons` lays them out).
pub fn beside(rows: usize, cols: usize, hex: bool, corners: bool, cell: usize) -> Vec<usize> {
    let (r, c) = ((cell / cols) as i64, (cell % cols) as i64);
    let mut near = vec![(r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c)];
    if hex {
        near.extend([(r - 1, c + 1), (r + 1, c - 1)]);
    } else if corners {
        near.extend([(r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1)]);
    }
    near.into_iter()
        .filter(|&(a, b)| a >= 0 && b >= 0 && a < rows as i64 && b < cols as i64)
        .map(|(a, b)| a as usize * cols + b as usize)
        .collect()
}

// ---------------------------------------------------------------------------------------------
// PRNG: SplitMix64 (Steele, Lea, Flood 2014), so runs are reproducible without a crate.

pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Sudoku: an independent checker.

/// Parses a printed grid: `n` lines, each `n` single characters (n ≤ 16) or `n` words.
pub fn parse_grid(text: &str, n: usize) -> Vec<Vec<String>> {
    let rows: Vec<Vec<String>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let words: Vec<String> = l.split_whitespace().map(str::to_string).collect();
            if words.len() == n { words } else { l.trim().chars().map(|c| c.to_string()).collect() }
        })
        .collect();
    assert_eq!(rows.len(), n, "a grid of {n} rows:\n{text}");
    for r in &rows {
        assert_eq!(r.len(), n, "a row of {n} cells: {r:?}\n{text}");
    }
    rows
}

/// Checks a k²×k² sudoku solution: every cell holds one of `symbols`, every row, column and
/// k×k box holds each symbol once, and every given (non-empty) cell of `givens` is kept.
/// `givens[r][c]` is `None` for an empty cell.
pub fn check_sudoku(k: usize, symbols: &[String], grid: &[Vec<String>], givens: &[Vec<Option<String>>]) {
    let n = k * k;
    assert_eq!(symbols.len(), n);
    assert_eq!(grid.len(), n);
    let idx = |s: &String| symbols.iter().position(|x| x == s).unwrap_or_else(|| panic!("`{s}` is not a symbol"));
    let mut units: Vec<Vec<(usize, usize)>> = Vec::new();
    for i in 0..n {
        units.push((0..n).map(|j| (i, j)).collect());
        units.push((0..n).map(|j| (j, i)).collect());
        units.push((0..n).map(|j| ((i / k) * k + j / k, (i % k) * k + j % k)).collect());
    }
    for u in &units {
        let mut seen = vec![false; n];
        for &(r, c) in u {
            let v = idx(&grid[r][c]);
            assert!(!seen[v], "`{}` twice in a unit {u:?}", grid[r][c]);
            seen[v] = true;
        }
    }
    for r in 0..n {
        for c in 0..n {
            if let Some(g) = &givens[r][c] {
                assert_eq!(&grid[r][c], g, "given at ({r},{c}) changed");
            }
        }
    }
}

/// Givens of a 9×9 puzzle written as 81 characters (`.` or `0` = empty).
pub fn givens9(line: &str) -> Vec<Vec<Option<String>>> {
    let cells: Vec<char> = line.trim().chars().collect();
    assert_eq!(cells.len(), 81, "81 cells: {line}");
    (0..9)
        .map(|r| {
            (0..9)
                .map(|c| Some(cells[r * 9 + c]).filter(|&ch| ch != '.' && ch != '0').map(|ch| ch.to_string()))
                .collect()
        })
        .collect()
}

pub fn digits9() -> Vec<String> {
    (1..=9).map(|d| d.to_string()).collect()
}

// ---------------------------------------------------------------------------------------------
// Dominoes: layouts with a planted tiling, and a checker of printed maps.

/// Bone number (1-based) of pips (a, b) in a set 0..=top, numbered (0,0), (0,1), …, (top,top).
pub fn bone_number(a: u32, b: u32, top: u32) -> u32 {
    let (a, b) = (a.min(b), a.max(b));
    // Bones before row a: sum over i < a of (top + 1 - i).
    let before: u32 = (0..a).map(|i| top + 1 - i).sum();
    before + (b - a) + 1
}

/// A random layout of `(top+1) × (top+2)` pips that has at least one tiling by the
/// full double-`top` set: a random domino tiling of the board, then the bones shuffled onto it.
pub fn random_domino_layout(rng: &mut Rng, top: u32) -> Vec<Vec<u32>> {
    random_domino_layout_and_map(rng, top).0
}

/// As `random_domino_layout`, with the planted map (row-major bone numbers) too.
pub fn random_domino_layout_and_map(rng: &mut Rng, top: u32) -> (Vec<Vec<u32>>, Vec<u32>) {
    let (rows, cols) = ((top + 1) as usize, (top + 2) as usize);
    let pairs = random_tiling(rng, rows, cols);
    let mut bones: Vec<(u32, u32)> = (0..=top).flat_map(|a| (a..=top).map(move |b| (a, b))).collect();
    assert_eq!(bones.len(), pairs.len());
    rng.shuffle(&mut bones);
    let mut pips = vec![vec![0; cols]; rows];
    let mut map = vec![0; rows * cols];
    for (&((r1, c1), (r2, c2)), &(a, b)) in pairs.iter().zip(&bones) {
        let (a, b) = if rng.below(2) == 0 { (a, b) } else { (b, a) };
        pips[r1][c1] = a;
        pips[r2][c2] = b;
        map[r1 * cols + c1] = bone_number(a, b, top);
        map[r2 * cols + c2] = bone_number(a, b, top);
    }
    (pips, map)
}

/// Two cells (row, column), as a domino covers them.
pub type CellPair = ((usize, usize), (usize, usize));

/// A random tiling of a rows×cols board by dominoes: the first empty cell in row-major order
/// is covered to the right or downwards, in random order, backtracking when stuck.
pub fn random_tiling(rng: &mut Rng, rows: usize, cols: usize) -> Vec<CellPair> {
    fn go(rng: &mut Rng, rows: usize, cols: usize, used: &mut Vec<bool>, out: &mut Vec<CellPair>) -> bool {
        let Some(i) = used.iter().position(|u| !u) else { return true };
        let (r, c) = (i / cols, i % cols);
        let mut dirs = [(0usize, 1usize), (1, 0)];
        rng.shuffle(&mut dirs);
        for (dr, dc) in dirs {
            let (r2, c2) = (r + dr, c + dc);
            if r2 < rows && c2 < cols && !used[r2 * cols + c2] {
                used[i] = true;
                used[r2 * cols + c2] = true;
                out.push(((r, c), (r2, c2)));
                if go(rng, rows, cols, used, out) {
                    return true;
                }
                out.pop();
                used[i] = false;
                used[r2 * cols + c2] = false;
            }
        }
        false
    }
    let mut used = vec![false; rows * cols];
    let mut out = Vec::new();
    assert!(go(rng, rows, cols, &mut used, &mut out), "every even board has a tiling");
    out
}

pub fn layout_text(pips: &[Vec<u32>]) -> String {
    pips.iter().map(|r| r.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(" ") + "\n").collect()
}

/// Checks a map (grid of bone numbers) against the pips: every bone 1..=count once, on two
/// side-by-side cells that show its two numbers.
pub fn check_domino_map(pips: &[Vec<u32>], map: &[u32], top: u32) {
    let (rows, cols) = (pips.len(), pips[0].len());
    assert_eq!(map.len(), rows * cols, "a map of {rows}×{cols} numbers");
    let count = ((top + 1) * (top + 2) / 2) as usize;
    let mut cells: Vec<Vec<(usize, usize)>> = vec![Vec::new(); count + 1];
    for (i, &b) in map.iter().enumerate() {
        assert!((1..=count as u32).contains(&b), "bone number {b} out of 1..={count}");
        cells[b as usize].push((i / cols, i % cols));
    }
    for (b, cs) in cells.iter().enumerate().skip(1) {
        assert_eq!(cs.len(), 2, "bone {b} covers {} cells", cs.len());
        let ((r1, c1), (r2, c2)) = (cs[0], cs[1]);
        assert_eq!(r1.abs_diff(r2) + c1.abs_diff(c2), 1, "bone {b} cells {cs:?} are not side by side");
        assert_eq!(
            bone_number(pips[r1][c1], pips[r2][c2], top),
            b as u32,
            "bone {b} on pips {} and {}",
            pips[r1][c1],
            pips[r2][c2]
        );
    }
}

/// Parses puzc's `--all` text output for dominoes (instances separated by blank lines, each
/// a list of maps then `N solution(s)`): per instance, the maps (each `cells` numbers) and N.
pub fn parse_puzc_maps(out: &str, cells: usize) -> Vec<(Vec<Vec<u32>>, usize)> {
    let mut result = Vec::new();
    let mut nums: Vec<u32> = Vec::new();
    for line in out.lines() {
        let t = line.trim();
        if let Some(n) = t.strip_suffix(" solutions").or_else(|| t.strip_suffix(" solution")) {
            let n: usize = n.parse().expect("count before `solution(s)`");
            assert_eq!(nums.len() % cells, 0, "maps of {cells} numbers");
            let maps: Vec<Vec<u32>> = nums.chunks(cells).map(|c| c.to_vec()).collect();
            result.push((maps, n));
            nums.clear();
        } else {
            nums.extend(
                t.split_whitespace().map(|w| w.parse::<u32>().unwrap_or_else(|_| panic!("a bone number: `{w}`"))),
            );
        }
    }
    assert!(nums.is_empty(), "trailing numbers after the last count");
    result
}

// ---------------------------------------------------------------------------------------------
// Gnome Tetravex.

/// Tile edges `[top, right, bottom, left]`.
pub type Tile = [u32; 4];

/// A solved n×n board (row-major) with edge values in 0..=max_value.
pub fn random_solved_tetravex(rng: &mut Rng, n: usize, max_value: u32) -> Vec<Tile> {
    let mut v = || rng.below(max_value as usize + 1) as u32;
    // h[r][c]: between (r,c) and (r,c+1); vv[r][c]: between (r,c) and (r+1,c).
    let h: Vec<Vec<u32>> = (0..n).map(|_| (0..n.saturating_sub(1)).map(|_| v()).collect()).collect();
    let vv: Vec<Vec<u32>> = (0..n.saturating_sub(1)).map(|_| (0..n).map(|_| v()).collect()).collect();
    let mut tiles = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let top = if r == 0 { v() } else { vv[r - 1][c] };
            let bottom = if r == n - 1 { v() } else { vv[r][c] };
            let left = if c == 0 { v() } else { h[r][c - 1] };
            let right = if c == n - 1 { v() } else { h[r][c] };
            tiles.push([top, right, bottom, left]);
        }
    }
    tiles
}

/// One game in the judge's format: `n`, then n² lines `top right bottom left`.
pub fn tetravex_text(n: usize, tiles: &[Tile]) -> String {
    let mut s = format!("{n}\n");
    for t in tiles {
        s += &format!("{} {} {} {}\n", t[0], t[1], t[2], t[3]);
    }
    s
}

/// Checks an arrangement printed by puzc (n rows of n tile numbers, 1-based in input order):
/// touching edges equal, and the placed tiles are the input tiles as a multiset (identical
/// tiles may be printed under one number).
pub fn check_tetravex(n: usize, tiles: &[Tile], text: &str) {
    let rows: Vec<Vec<usize>> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let w: Vec<&str> = l.split_whitespace().collect();
            let w: Vec<String> = if w.len() == n {
                w.iter().map(|s| s.to_string()).collect()
            } else {
                l.trim().chars().map(|c| c.to_string()).collect()
            };
            w.iter().map(|s| s.parse::<usize>().unwrap_or_else(|_| panic!("a tile number: `{s}`\n{text}"))).collect()
        })
        .collect();
    assert_eq!(rows.len(), n, "{n} rows:\n{text}");
    let at = |r: usize, c: usize| -> Tile {
        let k = rows[r][c];
        assert!((1..=tiles.len()).contains(&k), "tile number {k} out of range\n{text}");
        tiles[k - 1]
    };
    for (r, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), n, "{n} columns:\n{text}");
        for c in 0..n {
            if c + 1 < n {
                assert_eq!(at(r, c)[1], at(r, c + 1)[3], "right/left edges differ at ({r},{c})\n{text}");
            }
            if r + 1 < n {
                assert_eq!(at(r, c)[2], at(r + 1, c)[0], "bottom/top edges differ at ({r},{c})\n{text}");
            }
        }
    }
    let mut placed: Vec<Tile> = (0..n * n).map(|i| at(i / n, i % n)).collect();
    let mut given = tiles.to_vec();
    placed.sort();
    given.sort();
    assert_eq!(placed, given, "the arrangement uses the input tiles, each once\n{text}");
}
