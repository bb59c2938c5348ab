//! The exact-cover puzzles of the language's second part (grids of labels as data, arithmetic
//! cages, counts and adjacency): each shipped spec is solved through the CLI, and its answer
//! and its solution count are checked against a brute-force search written here from the
//! puzzle's rules alone. `puzc compile --emit dlx` of each is read back and counted by the
//! engine, so the lowered matrix itself is checked against the same brute force.

use crate::common;

use common::*;
use puzc::ir::xcc::XccProblem;
use puzc::solve::xcc::{Limits, count};

/// A grid of `n` values per cell, filled by backtracking in the order `order` (reading
/// order unless set): every region holds each value at most once, and `extra(grid, cell)`
/// may refuse the value just written at `cell` (unwritten cells are 0). Counts solutions up
/// to `limit`; keeps the first.
struct Brute<'a> {
    n: u8,
    order: Vec<usize>,
    /// No order given: fill the empty cell with the fewest values left first.
    mrv: bool,
    regions_of: Vec<Vec<usize>>,
    used: Vec<u32>,
    grid: Vec<u8>,
    givens: Vec<u8>,
    extra: &'a dyn Fn(&[u8], usize) -> bool,
    found: u64,
    first: Option<Vec<u8>>,
    limit: u64,
}

fn brute(
    n: u8,
    givens: &[u8],
    regions: &[Vec<usize>],
    order: Option<Vec<usize>>,
    extra: &dyn Fn(&[u8], usize) -> bool,
    limit: u64,
) -> (u64, Option<Vec<u8>>) {
    let mut regions_of = vec![Vec::new(); givens.len()];
    for (k, r) in regions.iter().enumerate() {
        for &c in r {
            regions_of[c].push(k);
        }
    }
    let mrv = order.is_none();
    let order = order.unwrap_or_default();
    let mut b = Brute {
        n,
        order,
        mrv,
        regions_of,
        used: vec![0; regions.len()],
        grid: vec![0; givens.len()],
        givens: givens.to_vec(),
        extra,
        found: 0,
        first: None,
        limit,
    };
    b.go(0);
    (b.found, b.first)
}

impl Brute<'_> {
    /// The empty cell with the fewest values its regions still allow.
    fn fewest_candidates(&self) -> usize {
        let mut best = (u32::MAX, 0);
        for cell in (0..self.grid.len()).filter(|&c| self.grid[c] == 0) {
            let used = self.regions_of[cell].iter().fold(0u32, |m, &r| m | self.used[r]);
            let allowed = |v: &u8| used & (1 << v) == 0 && (self.givens[cell] == 0 || self.givens[cell] == *v);
            let left = (1..=self.n).filter(allowed).count() as u32;
            if left < best.0 {
                best = (left, cell);
            }
        }
        best.1
    }

    fn go(&mut self, at: usize) {
        if self.found >= self.limit {
            return;
        }
        if at == self.grid.len() {
            self.found += 1;
            self.first.get_or_insert_with(|| self.grid.clone());
            return;
        }
        let cell = if self.mrv { self.fewest_candidates() } else { self.order[at] };
        for v in 1..=self.n {
            if self.givens[cell] != 0 && self.givens[cell] != v {
                continue;
            }
            let bit = 1u32 << v;
            if self.regions_of[cell].iter().any(|&r| self.used[r] & bit != 0) {
                continue;
            }
            self.grid[cell] = v;
            if (self.extra)(&self.grid, cell) {
                for &r in &self.regions_of[cell] {
                    self.used[r] |= bit;
                }
                self.go(at + 1);
                for &r in &self.regions_of[cell] {
                    self.used[r] &= !bit;
                }
            }
            self.grid[cell] = 0;
        }
    }
}

fn rows_cols(n: usize) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = (0..n).map(|r| (0..n).map(|c| r * n + c).collect()).collect();
    out.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
    out
}

fn boxes(k: usize) -> Vec<Vec<usize>> {
    let n = k * k;
    (0..n).map(|b| (0..n).map(|i| (k * (b / k) + i / k) * n + k * (b % k) + i % k).collect()).collect()
}

/// The regions of a grid of letters: one per distinct letter.
fn letter_regions(letters: &[Vec<char>]) -> Vec<Vec<usize>> {
    let cols = letters[0].len();
    let mut labels: Vec<char> = Vec::new();
    let mut out: Vec<Vec<usize>> = Vec::new();
    for (r, row) in letters.iter().enumerate() {
        for (c, &l) in row.iter().enumerate() {
            match labels.iter().position(|&x| x == l) {
                Some(k) => out[k].push(r * cols + c),
                None => {
                    labels.push(l);
                    out.push(vec![r * cols + c]);
                }
            }
        }
    }
    out
}

/// The text between `instance """` and `"""` of a shipped spec.
fn instance_of(spec: &str) -> String {
    let text = std::fs::read_to_string(root().join(spec)).unwrap();
    let start = text.find("instance \"\"\"").expect("the spec has an instance") + 12;
    let end = start + text[start..].find("\"\"\"").unwrap();
    text[start..end].to_string()
}

/// Non-empty, non-comment lines of an instance.
fn data_lines(text: &str) -> Vec<String> {
    text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')).map(String::from).collect()
}

/// A digit grid (`.` or `0` empty) as values, reading order.
fn digits(lines: &[String]) -> Vec<u8> {
    lines.iter().flat_map(|l| l.chars().map(|c| c.to_digit(10).unwrap_or(0) as u8)).collect()
}

/// puzc's filled grid (one line per row, one digit per cell).
fn solved(out: &str) -> Vec<u8> {
    out.lines().take_while(|l| !l.is_empty()).flat_map(|l| l.chars().map(|c| c.to_digit(10).unwrap() as u8)).collect()
}

/// Solutions of the lowered matrix, as `compile --emit dlx` prints it, counted by the engine.
fn dlx_count(spec: &str, args: &[&str]) -> u64 {
    let mut all = vec!["compile", spec, "--emit", "dlx"];
    all.extend(args);
    let text = run_ok(&all, None, 0);
    let p = XccProblem::from_dlx_text(&text).expect("the emitted matrix reads back");
    count(&p, &Limits::default()).solutions
}

/// Runs a shipped sudoku-like spec: its answer is the brute force's unique solution, and
/// both the CLI and the emitted matrix count exactly one.
fn check_unique(
    spec: &str,
    n: u8,
    givens: &[u8],
    regions: &[Vec<usize>],
    order: Option<Vec<usize>>,
    extra: &dyn Fn(&[u8], usize) -> bool,
) {
    let (found, first) = brute(n, givens, regions, order, extra, 2);
    assert_eq!(found, 1, "{spec}: the brute force finds one solution");
    let out = run_ok(&["solve", spec, "--unique"], None, 0);
    assert_eq!(solved(&out), first.unwrap(), "{spec}: puzc's answer is the brute force's");
    assert_eq!(run_ok(&["solve", spec, "--count"], None, 0).trim(), "1");
    assert_eq!(dlx_count(spec, &[]), 1, "{spec}: the emitted matrix has one solution");
}

#[test]
fn sudoku_x_matches_brute_force() {
    let spec = "puzzles/sudoku-x.puz";
    let givens = digits(&data_lines(&instance_of(spec)));
    let mut regions = rows_cols(9);
    regions.extend(boxes(3));
    regions.push((0..9).map(|i| i * 9 + i).collect());
    regions.push((0..9).map(|i| i * 9 + 8 - i).collect());
    check_unique(spec, 9, &givens, &regions, None, &|_, _| true);
}

#[test]
fn jigsaw_sudoku_matches_brute_force() {
    let spec = "puzzles/jigsaw-sudoku.puz";
    let lines = data_lines(&instance_of(spec));
    let givens = digits(&lines[..9]);
    let letters: Vec<Vec<char>> = lines[9..18].iter().map(|l| l.chars().collect()).collect();
    let mut regions = rows_cols(9);
    let pieces = letter_regions(&letters);
    assert_eq!(pieces.len(), 9, "nine jigsaw regions");
    assert!(pieces.iter().all(|p| p.len() == 9));
    regions.extend(pieces);
    check_unique(spec, 9, &givens, &regions, None, &|_, _| true);
}

/// Counting, not just solving: a small jigsaw Latin square with no givens, its regions read
/// from an inline grid; every count equals the brute force's.
#[test]
fn jigsaw_latin_squares_count_like_brute_force() {
    let shape = ["AABB", "ACCB", "DCCB", "DDDA"];
    // `at most once` makes the pieces' items secondary: another lowering than the shipped specs.
    let spec = format!(
        r#"board g[4, 4] of 1..=4
fill g
grid shape[4, 4] = """
{}
"""
region row(r) = {{ (r, c) for c in 0..4 }} for r in 0..4
region col(c) = {{ (r, c) for r in 0..4 }} for c in 0..4
region piece from shape
each row, col holds each value exactly once
each piece holds each value at most once
"#,
        shape.join("\n")
    );
    let dir = scratch("jigsaw-latin");
    let file = write(&dir, "j.puz", &spec);
    let letters: Vec<Vec<char>> = shape.iter().map(|l| l.chars().collect()).collect();
    let mut regions = rows_cols(4);
    regions.extend(letter_regions(&letters));
    let (want, _) = brute(4, &[0; 16], &regions, None, &|_, _| true, u64::MAX);
    assert!(want > 1, "a case with several solutions");
    assert_eq!(run_ok(&["solve", &file, "--count"], None, 0).trim(), want.to_string());
    assert_eq!(dlx_count(&file, &[]), want);
}

// ---------------------------------------------------------------------------------------------
// Arithmetic cages: killer sudoku and KenKen.

#[derive(Clone, Copy, Debug)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

/// A cage of cells with its rule, as the puzzles state it.
struct TestCage {
    cells: Vec<usize>,
    op: Op,
    target: i64,
    distinct: bool,
}

/// Whether the cage's values, all known, meet its rule (`-` and `/` on two cells: the
/// larger less, or divided by, the smaller; a single cell holds its target).
fn cage_ok(cage: &TestCage, vals: &[i64]) -> bool {
    if cage.distinct {
        let mut v = vals.to_vec();
        v.sort();
        v.dedup();
        if v.len() != vals.len() {
            return false;
        }
    }
    let (hi, lo) = (*vals.iter().max().unwrap(), *vals.iter().min().unwrap());
    match (cage.op, vals.len()) {
        (_, 1) => vals[0] == cage.target,
        (Op::Add, _) => vals.iter().sum::<i64>() == cage.target,
        (Op::Mul, _) => vals.iter().product::<i64>() == cage.target,
        (Op::Sub, 2) => hi - lo == cage.target,
        (Op::Div, 2) => hi % lo == 0 && hi / lo == cage.target,
        _ => panic!("- and / cages have two cells here"),
    }
}

/// The brute force's check after writing `cell`: every cage whose cells are all written meets
/// its rule; a sum cage never exceeds its target while it fills up (values are positive).
/// Cells cage by cage, for the brute force to meet each cage's rule as soon as possible.
fn cage_order(cages: &[TestCage]) -> Option<Vec<usize>> {
    Some(cages.iter().flat_map(|c| c.cells.iter().copied()).collect())
}

fn cages_hold(cages: &[TestCage], grid: &[u8], cell: usize) -> bool {
    cages.iter().filter(|c| c.cells.contains(&cell)).all(|c| {
        let vals: Vec<i64> = c.cells.iter().filter(|&&x| grid[x] != 0).map(|&x| grid[x] as i64).collect();
        if vals.len() < c.cells.len() {
            return !matches!(c.op, Op::Add) || vals.iter().sum::<i64>() < c.target;
        }
        cage_ok(c, &vals)
    })
}

/// Reads a cage grid (one label per cell) and a `label clue` line per cage, as the shipped
/// specs do: clue `s` for killer sums, `11+` / `2/` / `20x` / `3-` / `5` for KenKen.
fn read_cages(label_rows: &[String], clue_lines: &[String], distinct: bool) -> Vec<TestCage> {
    let letters: Vec<Vec<char>> = label_rows.iter().map(|l| l.chars().collect()).collect();
    let regions = letter_regions(&letters);
    let mut labels: Vec<char> = Vec::new();
    for row in &letters {
        for &l in row {
            if !labels.contains(&l) {
                labels.push(l);
            }
        }
    }
    assert_eq!(clue_lines.len(), labels.len(), "one clue per cage");
    let mut cages = Vec::new();
    for line in clue_lines {
        let (label, clue) = line.split_once(' ').unwrap();
        let k = labels.iter().position(|&l| l.to_string() == label).expect("a clue for a known cage");
        let digits: String = clue.chars().take_while(|c| c.is_ascii_digit()).collect();
        let op = match &clue[digits.len()..] {
            "" | "+" => Op::Add,
            "-" => Op::Sub,
            "x" => Op::Mul,
            "/" => Op::Div,
            other => panic!("unknown operation {other}"),
        };
        cages.push(TestCage { cells: regions[k].clone(), op, target: digits.parse().unwrap(), distinct });
    }
    cages
}

#[test]
fn killer_sudoku_matches_brute_force() {
    let spec = "puzzles/killer-sudoku.puz";
    let lines = data_lines(&instance_of(spec));
    let cages = read_cages(&lines[..9], &lines[9..], true);
    assert_eq!(cages.iter().map(|c| c.cells.len()).sum::<usize>(), 81);
    let mut regions = rows_cols(9);
    regions.extend(boxes(3));
    check_unique(spec, 9, &[0; 81], &regions, cage_order(&cages), &|g, cell| cages_hold(&cages, g, cell));
}

#[test]
fn kenken_matches_brute_force() {
    let spec = "puzzles/kenken.puz";
    let lines = data_lines(&instance_of(spec));
    let n: usize = lines[0].parse().unwrap();
    let cages = read_cages(&lines[1..=n], &lines[n + 1..], false);
    assert!(cages.iter().any(|c| matches!(c.op, Op::Sub)) && cages.iter().any(|c| matches!(c.op, Op::Div)));
    check_unique(spec, n as u8, &vec![0; n * n], &rows_cols(n), cage_order(&cages), &|g, cell| {
        cages_hold(&cages, g, cell)
    });
}

/// A random n×n Latin square (a cyclic one with rows, columns and symbols shuffled).
fn random_latin(rng: &mut Rng, n: usize) -> Vec<u8> {
    let (mut rows, mut cols, mut syms): (Vec<usize>, Vec<usize>, Vec<u8>) =
        ((0..n).collect(), (0..n).collect(), (1..=n as u8).collect());
    rng.shuffle(&mut rows);
    rng.shuffle(&mut cols);
    rng.shuffle(&mut syms);
    (0..n * n).map(|i| syms[(rows[i / n] + cols[i % n]) % n]).collect()
}

/// Random connected cages of 1 to `max` cells over an n×n board, as label rows.
fn random_cage_labels(rng: &mut Rng, n: usize, max: usize) -> Vec<String> {
    const LABELS: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut lab = vec![usize::MAX; n * n];
    let mut k = 0;
    for start in 0..n * n {
        if lab[start] != usize::MAX {
            continue;
        }
        let size = 1 + rng.below(max);
        let mut cage = vec![start];
        lab[start] = k;
        while cage.len() < size {
            let free: Vec<usize> = cage
                .iter()
                .flat_map(|&c| {
                    let (r, col) = (c / n, c % n);
                    [(r + 1, col), (r, col + 1), (r.wrapping_sub(1), col), (r, col.wrapping_sub(1))]
                })
                .filter(|&(r, c)| r < n && c < n && lab[r * n + c] == usize::MAX)
                .map(|(r, c)| r * n + c)
                .collect();
            if free.is_empty() {
                break;
            }
            let c = free[rng.below(free.len())];
            lab[c] = k;
            cage.push(c);
        }
        k += 1;
    }
    (0..n).map(|r| (0..n).map(|c| LABELS[lab[r * n + c]] as char).collect()).collect()
}

/// Random KenKen and killer-style puzzles on small boards, their clues taken from a random
/// Latin square: puzc's solution counts (CLI and emitted matrix) equal the brute force's.
#[test]
fn random_cage_puzzles_count_like_brute_force() {
    let mut rng = Rng::new(10);
    let dir = scratch("cages");
    for round in 0..12 {
        let n = 4 + round % 2;
        let square = random_latin(&mut rng, n);
        let labels = random_cage_labels(&mut rng, n, 4);
        let letters: Vec<Vec<char>> = labels.iter().map(|l| l.chars().collect()).collect();
        let regions = letter_regions(&letters);
        // KenKen clues: any operation that fits; killer-style: sums of distinct-valued cages.
        let killer = round % 3 == 2;
        let mut clues = Vec::new();
        for cells in &regions {
            let vals: Vec<i64> = cells.iter().map(|&c| square[c] as i64).collect();
            let (hi, lo) = (*vals.iter().max().unwrap(), *vals.iter().min().unwrap());
            let clue = match (vals.len(), rng.below(4)) {
                _ if killer => format!("{}", vals.iter().sum::<i64>()),
                (1, _) => format!("{}", vals[0]),
                (2, 0) => format!("{}-", hi - lo),
                (2, 1) if hi % lo == 0 => format!("{}/", hi / lo),
                (_, 2) => format!("{}x", vals.iter().product::<i64>()),
                _ => format!("{}+", vals.iter().sum::<i64>()),
            };
            clues.push(format!("{} {clue}", letters[cells[0] / n][cells[0] % n]));
        }
        let (spec, text) = if killer {
            // Killer cages must not repeat a value: the Latin square may, so these cages
            // are checked as sums without all-different — a third rule.
            let spec = format!(
                r#"board g[{n}, {n}] of 1..={n}
fill g
grid cages[{n}, {n}] from instance
table total[len(labels(cages))] from instance
region row(r) = {{ (r, c) for c in 0..{n} }} for r in 0..{n}
region col(c) = {{ (r, c) for r in 0..{n} }} for c in 0..{n}
each row, col holds each value exactly once
region cage from cages
each cage(l) sums to total[l]
"#
            );
            (spec, format!("{}\n{}\n", labels.join("\n"), clues.join("\n")))
        } else {
            let spec = std::fs::read_to_string(root().join("puzzles/kenken.puz")).unwrap();
            let spec = spec[..spec.find("instance \"\"\"").unwrap()].to_string();
            (spec, format!("{n}\n{}\n{}\n", labels.join("\n"), clues.join("\n")))
        };
        let file = write(&dir, &format!("c{round}.puz"), &spec);
        let inst = write(&dir, &format!("c{round}.txt"), &text);
        let cages = read_cages(&labels, &clues, false);
        let (want, _) = brute(
            n as u8,
            &vec![0; n * n],
            &rows_cols(n),
            cage_order(&cages),
            &|g, cell| cages_hold(&cages, g, cell),
            100_000,
        );
        assert!(want >= 1, "round {round}: the planted square solves it");
        let got = run_ok(&["solve", &file, "--count", "--instance", &inst], None, 0);
        assert_eq!(got.trim(), want.to_string(), "round {round}:\n{spec}\n{text}");
        assert_eq!(dlx_count(&file, &["--instance", &inst]), want, "round {round}: the emitted matrix");
    }
}

// ---------------------------------------------------------------------------------------------
// Kakuro: runs of white cells, read from the usual text format.

/// A Kakuro run: its cells and their sum.
type Run = (Vec<usize>, i64);

/// A Kakuro read from its text (`rows cols`, then `.`, `X` or `down\right` per cell): the
/// white cells, and each run (its cells, its sum), found here by walking rows and columns.
fn read_kakuro(text: &str) -> (usize, usize, Vec<bool>, Vec<Run>) {
    let words: Vec<&str> = text.split_whitespace().collect();
    let (rows, cols): (usize, usize) = (words[0].parse().unwrap(), words[1].parse().unwrap());
    let cells = &words[2..];
    assert_eq!(cells.len(), rows * cols);
    let white: Vec<bool> = cells.iter().map(|w| *w == ".").collect();
    let clue = |i: usize, side: usize| -> i64 { cells[i].split('\\').nth(side).unwrap().parse().unwrap() };
    let mut runs = Vec::new();
    for (lines, along, step, line_step, side) in [(rows, cols, 1, cols, 1), (cols, rows, cols, 1, 0)] {
        for line in 0..lines {
            let mut k = 0;
            while k < along {
                let start = k;
                while k < along && white[line * line_step + k * step] {
                    k += 1;
                }
                if k - start >= 2 {
                    let head = line * line_step + (start - 1) * step;
                    runs.push(((start..k).map(|i| line * line_step + i * step).collect(), clue(head, side)));
                }
                k += 1;
            }
        }
    }
    (rows, cols, white, runs)
}

#[test]
fn kakuro_matches_brute_force() {
    let spec = "puzzles/kakuro.puz";
    let (rows, cols, white, runs) = read_kakuro(&instance_of(spec));
    let whites: Vec<usize> = (0..rows * cols).filter(|&i| white[i]).collect();
    assert!(whites.iter().all(|w| runs.iter().filter(|(r, _)| r.contains(w)).count() == 2));
    // The brute force fills the white cells in reading order: a run's digits differ, never
    // pass its sum, and add up to it once all are written.
    let cages: Vec<TestCage> = runs
        .iter()
        .map(|(cells, sum)| TestCage { cells: cells.clone(), op: Op::Add, target: *sum, distinct: true })
        .collect();
    let check = |g: &[u8], cell: usize| -> bool {
        cages.iter().filter(|c| c.cells.contains(&cell)).all(|c| {
            let vals: Vec<i64> = c.cells.iter().filter(|&&x| g[x] != 0).map(|&x| g[x] as i64).collect();
            let mut seen = vals.clone();
            seen.sort();
            seen.dedup();
            seen.len() == vals.len()
                && if vals.len() < c.cells.len() { vals.iter().sum::<i64>() < c.target } else { cage_ok(c, &vals) }
        })
    };
    fn fill(at: usize, whites: &[usize], g: &mut Vec<u8>, ok: &dyn Fn(&[u8], usize) -> bool, out: &mut Vec<Vec<u8>>) {
        if out.len() >= 2 {
            return;
        }
        let Some(&cell) = whites.get(at) else {
            out.push(g.clone());
            return;
        };
        for v in 1..=9 {
            g[cell] = v;
            if ok(g, cell) {
                fill(at + 1, whites, g, ok, out);
            }
        }
        g[cell] = 0;
    }
    let mut found = Vec::new();
    fill(0, &whites, &mut vec![0; rows * cols], &check, &mut found);
    assert_eq!(found.len(), 1, "the brute force finds one solution");
    let want: String = found[0]
        .chunks(cols)
        .zip(white.chunks(cols))
        .map(|(row, w)| {
            row.iter().zip(w).map(|(&v, &w)| if w { (b'0' + v) as char } else { '.' }).collect::<String>() + "\n"
        })
        .collect();
    assert_eq!(run_ok(&["solve", spec, "--unique"], None, 0), want);
    assert_eq!(run_ok(&["solve", spec, "--count"], None, 0).trim(), "1");
    assert_eq!(dlx_count(spec, &[]), 1, "the emitted matrix has one solution");
}

// ---------------------------------------------------------------------------------------------
// Counts per region and cells that must not touch: Star Battle.

/// The rules of a star puzzle on an n×n board: `per_row` stars in each row; each column and
/// each area holds between `lo` and `hi` stars; stars never share a side (nor a corner with
/// `diagonal`).
struct Stars<'a> {
    n: usize,
    per_row: usize,
    areas: &'a [Vec<usize>],
    lo: usize,
    hi: usize,
    diagonal: bool,
}

/// Counts the star placements (up to `limit`), row by row; keeps the first, as rows of `.`
/// and `*`.
fn brute_stars(s: &Stars, limit: u64) -> (u64, Option<String>) {
    fn go(s: &Stars, r: usize, grid: &mut Vec<bool>, found: &mut u64, first: &mut Option<String>, limit: u64) {
        let n = s.n;
        if *found >= limit {
            return;
        }
        if r == n {
            let count = |cells: &mut dyn Iterator<Item = usize>| cells.filter(|&c| grid[c]).count();
            let cols_ok = (0..n).all(|c| (s.lo..=s.hi).contains(&count(&mut (0..n).map(|r| r * n + c))));
            let areas_ok = s.areas.iter().all(|a| (s.lo..=s.hi).contains(&count(&mut a.iter().copied())));
            if cols_ok && areas_ok {
                *found += 1;
                first.get_or_insert_with(|| {
                    grid.chunks(n)
                        .map(|row| row.iter().map(|&b| if b { '*' } else { '.' }).collect::<String>() + "\n")
                        .collect()
                });
            }
            return;
        }
        for mask in 0u32..1 << n {
            if mask.count_ones() as usize != s.per_row || mask & (mask >> 1) != 0 {
                continue;
            }
            let touches = (0..n).any(|c| {
                mask & (1 << c) != 0
                    && r > 0
                    && (grid[(r - 1) * n + c]
                        || s.diagonal
                            && ((c > 0 && grid[(r - 1) * n + c - 1]) || (c + 1 < n && grid[(r - 1) * n + c + 1])))
            });
            if touches {
                continue;
            }
            for c in 0..n {
                grid[r * n + c] = mask & (1 << c) != 0;
            }
            go(s, r + 1, grid, found, first, limit);
            for c in 0..n {
                grid[r * n + c] = false;
            }
        }
    }
    let (mut found, mut first) = (0, None);
    go(s, 0, &mut vec![false; s.n * s.n], &mut found, &mut first, limit);
    (found, first)
}

#[test]
fn star_battle_matches_brute_force() {
    let spec = "puzzles/star-battle.puz";
    let lines = data_lines(&instance_of(spec));
    let n: usize = lines[0].parse().unwrap();
    let letters: Vec<Vec<char>> = lines[1..=n].iter().map(|l| l.chars().collect()).collect();
    let areas = letter_regions(&letters);
    assert_eq!(areas.len(), n, "one area per row");
    let rules = Stars { n, per_row: 1, areas: &areas, lo: 1, hi: 1, diagonal: true };
    let (found, first) = brute_stars(&rules, 2);
    assert_eq!(found, 1, "the brute force finds one solution");
    assert_eq!(run_ok(&["solve", spec, "--unique"], None, 0), first.unwrap());
    assert_eq!(run_ok(&["solve", spec, "--count"], None, 0).trim(), "1");
    assert_eq!(dlx_count(spec, &[]), 1, "the emitted matrix has one solution");
}

/// Random areas on 5×5 and 6×6 boards, under every kind of count and both kinds of
/// touching: puzc's counts (CLI and emitted matrix) equal the brute force's.
#[test]
fn counts_and_touching_count_like_brute_force() {
    let mut rng = Rng::new(12);
    let dir = scratch("stars");
    let mut counts = Vec::new();
    for round in 0..12 {
        let n = 5 + round % 2;
        let labels = random_cage_labels(&mut rng, n, 2 * n);
        let letters: Vec<Vec<char>> = labels.iter().map(|l| l.chars().collect()).collect();
        let areas = letter_regions(&letters);
        let per_row = 1 + round % 3 / 2;
        let diagonal = round % 4 < 2;
        // Columns and areas: exactly per_row (the shipped spec), at most, or at least one.
        let (bound, lo, hi) = match round % 3 {
            0 => (format!("exactly {per_row}"), per_row, per_row),
            1 => (format!("at most {per_row}"), 0, per_row),
            _ => ("at least 1".to_string(), 1, n),
        };
        let spec = format!(
            r#"board g[{n}, {n}] of ['.', '*']
fill g
grid areas[{n}, {n}] from instance
region row(r) = {{ (r, c) for c in 0..{n} }} for r in 0..{n}
region col(c) = {{ (r, c) for r in 0..{n} }} for c in 0..{n}
region area from areas
each row holds exactly {per_row} of '*'
each col, area holds {bound} of '*'
no two '*' touch{}
"#,
            if diagonal { ", diagonally too" } else { "" }
        );
        let file = write(&dir, &format!("s{round}.puz"), &spec);
        let inst = write(&dir, &format!("s{round}.txt"), &(labels.join("\n") + "\n"));
        let rules = Stars { n, per_row, areas: &areas, lo, hi, diagonal };
        let (want, _) = brute_stars(&rules, u64::MAX);
        let got = run_ok(&["solve", &file, "--count", "--instance", &inst], None, 0);
        assert_eq!(got.trim(), want.to_string(), "round {round}:\n{spec}\n{}", labels.join("\n"));
        assert_eq!(dlx_count(&file, &["--instance", &inst]), want, "round {round}: the emitted matrix");
        counts.push(want);
    }
    assert!(counts.iter().filter(|&&c| c > 1).count() >= 3, "most rounds have solutions to count: {counts:?}");
}

// ---------------------------------------------------------------------------------------------
// Piece counts: `piece L = "..." times m`, copies not permuted.

/// The distinct orientations (turned and flipped) of a piece given as (row, col) cells.
fn turnings(cells: &[(i32, i32)]) -> Vec<Vec<(i32, i32)>> {
    let mut out: Vec<Vec<(i32, i32)>> = Vec::new();
    let mut cur = cells.to_vec();
    for flip in 0..2 {
        for _ in 0..4 {
            cur = cur.iter().map(|&(r, c)| (c, -r)).collect();
            let (r0, c0) = (cur.iter().map(|p| p.0).min().unwrap(), cur.iter().map(|p| p.1).min().unwrap());
            let mut norm: Vec<(i32, i32)> = cur.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
            norm.sort();
            if !out.contains(&norm) {
                out.push(norm);
            }
        }
        if flip == 0 {
            cur = cur.iter().map(|&(r, c)| (r, -c)).collect();
        }
    }
    out
}

/// Tilings of a rows×cols box by pieces used exactly `count` times each, identical copies not
/// told apart: the first empty cell (reading order) is covered by the first cell (reading
/// order) of some orientation of some piece with copies left.
fn brute_tilings(rows: i32, cols: i32, pieces: &[(Vec<(i32, i32)>, u32)]) -> u64 {
    fn go(rows: i32, cols: i32, grid: &mut Vec<bool>, kinds: &[Vec<Vec<(i32, i32)>>], left: &mut Vec<u32>) -> u64 {
        let Some(at) = grid.iter().position(|&b| !b) else { return 1 };
        let (r, c) = (at as i32 / cols, at as i32 % cols);
        let mut total = 0;
        for k in 0..kinds.len() {
            if left[k] == 0 {
                continue;
            }
            for o in &kinds[k] {
                let (dr, dc) = (r - o[0].0, c - o[0].1);
                let cells: Vec<(i32, i32)> = o.iter().map(|&(a, b)| (a + dr, b + dc)).collect();
                if cells
                    .iter()
                    .all(|&(a, b)| a >= 0 && b >= 0 && a < rows && b < cols && !grid[(a * cols + b) as usize])
                {
                    cells.iter().for_each(|&(a, b)| grid[(a * cols + b) as usize] = true);
                    left[k] -= 1;
                    total += go(rows, cols, grid, kinds, left);
                    left[k] += 1;
                    cells.iter().for_each(|&(a, b)| grid[(a * cols + b) as usize] = false);
                }
            }
        }
        total
    }
    let kinds: Vec<Vec<Vec<(i32, i32)>>> = pieces.iter().map(|(cells, _)| turnings(cells)).collect();
    let mut left: Vec<u32> = pieces.iter().map(|p| p.1).collect();
    go(rows, cols, &mut vec![false; (rows * cols) as usize], &kinds, &mut left)
}

/// Domino tilings of the 2n×2n square, a published count (OEIS A004003: 1, 2, 36, 6728),
/// with one domino piece placed `times` 2n² — not (2n²)! times that.
#[test]
fn identical_dominoes_count_distinct_tilings() {
    let dir = scratch("piece-times");
    for (n, want) in [(2, 2u64), (4, 36), (6, 6728)] {
        let spec =
            format!("board b[{n}, {n}]\npiece D = \"##\" times {}\nplace D on b, rotate\nanswer count\n", n * n / 2);
        let file = write(&dir, &format!("d{n}.puz"), &spec);
        assert_eq!(run_ok(&["solve", &file], None, 0).trim(), want.to_string(), "{n}×{n}");
        assert_eq!(dlx_count(&file, &[]), want, "{n}×{n}: the emitted matrix");
    }
    assert_eq!(brute_tilings(4, 4, &[(vec![(0, 0), (0, 1)], 8)]), 36, "the brute force agrees on 4×4");
}

/// Trominoes and tetrominoes in boxes, with counts from the spec and from the instance
/// (`times n['L']`): puzc's counts (CLI and emitted matrix) equal the brute force's.
#[test]
fn piece_counts_count_like_brute_force() {
    let shapes: &[NamedShape] = &[
        ("I", "###", vec![(0, 0), (0, 1), (0, 2)]),
        ("L", "##/#.", vec![(0, 0), (0, 1), (1, 0)]),
        ("T", "###/.#.", vec![(0, 0), (0, 1), (0, 2), (1, 1)]),
        ("O", "##/##", vec![(0, 0), (0, 1), (1, 0), (1, 1)]),
        ("S", ".##/##.", vec![(0, 1), (0, 2), (1, 0), (1, 1)]),
        ("J", "###/..#", vec![(0, 0), (0, 1), (0, 2), (1, 2)]),
    ];
    // (rows, cols, copies of each shape above)
    let cases: &[(i32, i32, [u32; 6])] = &[
        (3, 4, [2, 2, 0, 0, 0, 0]),
        (3, 6, [2, 4, 0, 0, 0, 0]),
        (4, 6, [0, 4, 0, 0, 0, 3]),
        (4, 5, [0, 0, 1, 1, 1, 2]),
        (5, 6, [2, 4, 1, 1, 0, 1]),
        (4, 4, [0, 0, 4, 0, 0, 0]),
    ];
    let dir = scratch("piece-counts");
    let mut nonzero = 0;
    for (k, (rows, cols, counts)) in cases.iter().enumerate() {
        let used: Vec<usize> = (0..shapes.len()).filter(|&i| counts[i] > 0).collect();
        let want =
            brute_tilings(*rows, *cols, &used.iter().map(|&i| (shapes[i].2.clone(), counts[i])).collect::<Vec<_>>());
        nonzero += (want > 0) as usize;
        // Half the cases read the counts from the instance, the others write them in the spec.
        let from_instance = k % 2 == 1;
        let mut spec = format!("board b[{rows}, {cols}]\n");
        if from_instance {
            spec += &format!("table n[{}] from instance\n", used.len());
        }
        for &i in &used {
            let times = if from_instance { format!("n['{}']", shapes[i].0) } else { counts[i].to_string() };
            spec += &format!("piece {} = \"{}\" times {times}\n", shapes[i].0, shapes[i].1);
        }
        spec += "place all on b, rotate, reflect\nanswer count\n";
        let inst: String = used.iter().map(|&i| format!("{} {}\n", shapes[i].0, counts[i])).collect();
        let file = write(&dir, &format!("p{k}.puz"), &spec);
        let inst = write(&dir, &format!("p{k}.txt"), &inst);
        let args: &[&str] = if from_instance { &["--instance", &inst] } else { &[] };
        let mut solve = vec!["solve", file.as_str()];
        solve.extend(args);
        assert_eq!(run_ok(&solve, None, 0).trim(), want.to_string(), "case {k}:\n{spec}");
        assert_eq!(dlx_count(&file, args), want, "case {k}: the emitted matrix");
    }
    assert!(nonzero >= 5, "most cases can be tiled");
}

// ---------------------------------------------------------------------------------------------
// Triangular boards: lozenge tilings of hexagons, counted by MacMahon's formula.

/// MacMahon's number of lozenge tilings of a hexagon with sides a, b, c, a, b, c:
/// the product over 1 <= i <= a, 1 <= j <= b, 1 <= k <= c of (i + j + k − 1) / (i + j + k − 2).
fn macmahon(a: u64, b: u64, c: u64) -> u64 {
    let (mut num, mut den) = (1u128, 1u128);
    for i in 1..=a {
        for j in 1..=b {
            for k in 1..=c {
                num *= (i + j + k - 1) as u128;
                den *= (i + j + k - 2) as u128;
                let g = gcd(num, den);
                (num, den) = (num / g, den / g);
            }
        }
    }
    assert_eq!(den, 1);
    num as u64
}

fn gcd(a: u128, b: u128) -> u128 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The hexagon with sides a, b, c as a `lattice triangles` mask (`#` a triangle, `.` none):
/// a triangle belongs when its centre lies inside, in lattice coordinates (x along a row of
/// points, y to the next row up): 0 <= y <= b + c, −c <= x <= a, 0 <= x + y <= a + b.
fn hexagon_mask(a: i64, b: i64, c: i64) -> Vec<String> {
    let rows = b + c;
    let inside = |r: i64, col: i64| {
        // Row r is the strip between point rows y = rows − 1 − r and the one above it;
        // centres are in thirds of the lattice.
        let y = rows - 1 - r;
        let (cx, cy) = if (r + col).rem_euclid(2) == 0 {
            let x = (col + r).div_euclid(2);
            (3 * x + 1, 3 * y + 1)
        } else {
            let x = (col + r - 1).div_euclid(2);
            (3 * x + 2, 3 * y + 2)
        };
        (0..=3 * (b + c)).contains(&cy) && (-3 * c..=3 * a).contains(&cx) && (0..=3 * (a + b)).contains(&(cx + cy))
    };
    let span = 4 * (a + b + c);
    let cols: Vec<i64> = (-span..span).filter(|&col| (0..rows).any(|r| inside(r, col))).collect();
    let (mut lo, hi) = (cols[0], *cols.last().unwrap());
    if lo.rem_euclid(2) != 0 {
        lo -= 1; // keep r + c even for up triangles
    }
    (0..rows).map(|r| (lo..=hi).map(|col| if inside(r, col) { '#' } else { '.' }).collect()).collect()
}

#[test]
fn lozenge_spec_counts_macmahons_number() {
    let spec = "puzzles/lozenge.puz";
    assert_eq!(macmahon(3, 3, 3), 980, "the published value");
    let text = std::fs::read_to_string(root().join(spec)).unwrap();
    assert!(text.contains(&hexagon_mask(3, 3, 3).join("\n")), "the shipped mask is the 3, 3, 3 hexagon");
    assert_eq!(run_ok(&["solve", spec], None, 0).trim(), "980");
    assert_eq!(dlx_count(spec, &[]), 980, "the emitted matrix");
}

/// Hexagons of other sides, and the same tilings with the lozenge drawn upright (its two
/// triangles one above the other): every count is MacMahon's.
#[test]
fn lozenge_tilings_of_hexagons_match_macmahon() {
    let dir = scratch("lozenge");
    for (k, &(a, b, c)) in [(1, 1, 1), (2, 2, 2), (1, 2, 3), (2, 3, 2), (3, 2, 1), (2, 2, 4)].iter().enumerate() {
        let mask = hexagon_mask(a, b, c);
        let (rows, cols) = (mask.len(), mask[0].len());
        let pieces = (a * b + b * c + c * a) as usize;
        let picture = if k % 2 == 0 { "##" } else { "#/#" };
        let spec = format!(
            "board h[{rows}, {cols}], lattice triangles, mask \"\"\"\n{}\n\"\"\"\npiece D = \"{picture}\" times {pieces}\nplace D on h, rotate\nanswer count\n",
            mask.join("\n")
        );
        let file = write(&dir, &format!("h{k}.puz"), &spec);
        let want = macmahon(a as u64, b as u64, c as u64);
        assert_eq!(run_ok(&["solve", &file], None, 0).trim(), want.to_string(), "{a}, {b}, {c}:\n{spec}");
        assert_eq!(dlx_count(&file, &[]), want, "{a}, {b}, {c}: the emitted matrix");
    }
    assert_eq!(macmahon(2, 2, 2), 20, "the published value");
}

// ---------------------------------------------------------------------------------------------
// Edge matching with a border label (Eternity II's grey frame).

/// Arrangements of square tiles (top, right, bottom, left) on an n×n board, not turned,
/// touching edges equal and every edge on the border showing `border`; identical tiles are
/// not told apart (each slot takes a kind of tile with copies left).
fn brute_edges(n: usize, tiles: &[[u32; 4]], border: u32) -> u64 {
    let mut kinds: Vec<([u32; 4], u32)> = Vec::new();
    for t in tiles {
        match kinds.iter_mut().find(|k| k.0 == *t) {
            Some(k) => k.1 += 1,
            None => kinds.push((*t, 1)),
        }
    }
    fn go(n: usize, at: usize, kinds: &mut Vec<([u32; 4], u32)>, grid: &mut Vec<[u32; 4]>, border: u32) -> u64 {
        if at == n * n {
            return 1;
        }
        let (r, c) = (at / n, at % n);
        let mut total = 0;
        for k in 0..kinds.len() {
            let (t, left) = kinds[k];
            let fits = left > 0
                && (if r == 0 { t[0] == border } else { grid[at - n][2] == t[0] })
                && (if c == 0 { t[3] == border } else { grid[at - 1][1] == t[3] })
                && (c + 1 < n || t[1] == border)
                && (r + 1 < n || t[2] == border);
            if fits {
                kinds[k].1 -= 1;
                grid.push(t);
                total += go(n, at + 1, kinds, grid, border);
                grid.pop();
                kinds[k].1 += 1;
            }
        }
        total
    }
    go(n, 0, &mut kinds, &mut Vec::new(), border)
}

/// Frames of label 0 around random inner labels (1 to 3), cut into tiles and shuffled:
/// puzc's counts with `match edges, border 0` (CLI and emitted matrix) equal the brute force's.
#[test]
fn border_label_counts_like_brute_force() {
    let spec = "param n in 1..=5
board slots[n, n]
tiles tile[n * n] with edges top, right, bottom, left from instance
place tile on slots
match edges, border 0
answer count
";
    let dir = scratch("border");
    let file = write(&dir, "b.puz", spec);
    let mut rng = Rng::new(7);
    let mut counts = Vec::new();
    for round in 0..10 {
        let n = 2 + round % 2;
        // h[r][c]: the label between (r, c) and (r, c + 1); v[r][c]: between (r, c) and (r + 1, c).
        let label = |rng: &mut Rng| 1 + rng.below(2 + round % 2) as u32;
        let h: Vec<Vec<u32>> = (0..n).map(|_| (0..n - 1).map(|_| label(&mut rng)).collect()).collect();
        let v: Vec<Vec<u32>> = (0..n - 1).map(|_| (0..n).map(|_| label(&mut rng)).collect()).collect();
        let mut tiles: Vec<[u32; 4]> = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                let top = if r == 0 { 0 } else { v[r - 1][c] };
                let right = if c + 1 == n { 0 } else { h[r][c] };
                let bottom = if r + 1 == n { 0 } else { v[r][c] };
                let left = if c == 0 { 0 } else { h[r][c - 1] };
                [top, right, bottom, left]
            })
            .collect();
        // Every other round spoils one border edge: it still matches inside but not the frame.
        if round % 3 == 2 {
            tiles[0][0] = 1;
        }
        rng.shuffle(&mut tiles);
        let want = brute_edges(n, &tiles, 0);
        let text = format!(
            "{n}\n{}",
            tiles.iter().map(|t| format!("{} {} {} {}\n", t[0], t[1], t[2], t[3])).collect::<String>()
        );
        let inst = write(&dir, &format!("b{round}.txt"), &text);
        assert_eq!(
            run_ok(&["solve", &file, "--instance", &inst], None, 0).trim(),
            want.to_string(),
            "round {round}:\n{text}"
        );
        assert_eq!(dlx_count(&file, &["--instance", &inst]), want, "round {round}: the emitted matrix");
        counts.push(want);
    }
    assert!(counts.iter().filter(|&&c| c >= 1).count() >= 5, "most rounds have arrangements: {counts:?}");
}

/// A piece's name, its picture, and its cells written out by hand.
type NamedShape = (&'static str, &'static str, Vec<(i32, i32)>);

/// A batch reuses a piece statement's pieces only while the globals they were made under
/// are unchanged (`src/lower/elaborate/memo.rs`): here the number of dominoes on a 1 × 2k
/// strip is read per instance, so the family changes from case to case, and the batch must
/// print what each case prints alone. The counts are k! (k distinct dominoes in a row).
#[test]
fn a_batch_remakes_pieces_when_the_globals_change() {
    let dir = scratch("piece-memo");
    let spec = write(
        &dir,
        "strips.puz",
        "puzzle \"strips\"\nparam k in 1..=3\nboard strip[1, 2 * k]\npiece p(i) = \"##\" for i in 0..k\nplace all on strip\n",
    );
    let ks = [1, 3, 3, 2, 1, 2];
    let alone: Vec<String> = ks
        .iter()
        .map(|k| {
            let file = write(&dir, &format!("k{k}.txt"), &format!("{k}\n"));
            run_ok(&["solve", &spec, "--instance", &file, "--all"], None, 0)
        })
        .collect();
    for (k, out) in ks.iter().zip(&alone) {
        let factorial: u32 = (1..=*k).product();
        assert!(out.ends_with(&format!("{factorial} solution{}\n", if factorial == 1 { "" } else { "s" })), "{out}");
    }
    let batch = write(&dir, "batch.txt", &ks.map(|k| format!("{k}\n")).concat());
    assert_eq!(run_ok(&["solve", &spec, "--instance", &batch, "--all"], None, 0), alone.join("\n"));
    std::fs::remove_dir_all(&dir).ok();
}
