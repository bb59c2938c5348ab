//! The fill engine (candidates as bitmasks, `src/solve/fill/`) against exact cover on the
//! matrix the same model lowers to: over ten thousand puzzles of seven region layouts
//! (sudoku 4×4, 6×6 and 9×9, Sudoku X, a jigsaw, Latin squares, a Latin square whose broken
//! diagonals hold each value at most once), random partial grids with one, several or no
//! solutions, plus the hard 9×9 and minimal 16×16 benchmark puzzles. Answers and uniqueness
//! verdicts must agree, and on small grids the full sets of solutions. Exact cover is the
//! independent side: a different algorithm on a different lowering of the model.
use puzc::diag::Sources;
use puzc::ir::xcc::OptionId;
use puzc::lower::elaborate::{ExpandLimits, elaborate};
use puzc::lower::fill::lower_fill;
use puzc::lower::instance::InstanceReader;
use puzc::lower::model::Model;
use puzc::lower::xcc::{Lowered, Meaning, lower};
use puzc::solve::answer::Answer;
use puzc::solve::fill::Grid;
use puzc::solve::verify::verify;
use puzc::solve::xcc::{self, Branching, Flow, Limits};
use puzc::syntax::ast::StmtKind;
use std::collections::HashMap;

const MAX_OPTIONS: usize = 1 << 20;

/// A sudoku-like spec: `n` values, the regions given as spec text, an empty instance.
fn spec(n: usize, regions: &str) -> String {
    let empty = vec!["."; n].join(" ");
    spec_with_instance(n, regions, &vec![empty; n].join("\n"))
}

fn spec_with_instance(n: usize, regions: &str, rows: &str) -> String {
    format!(
        "puzzle \"t\"\nlet n = {n}\nboard grid[n, n] of 1..=n\nfill grid\ngiven grid from instance\n\
         region row(r) = {{ (r, c) for c in 0..n }} for r in 0..n\n\
         region col(c) = {{ (r, c) for r in 0..n }} for c in 0..n\n{regions}\ninstance \"\"\"\n{rows}\n\"\"\"\n"
    )
}

fn model_of(text: &str) -> Model {
    let mut sources = Sources::default();
    let file = sources.add("t.puz", text);
    let spec = puzc::syntax::parse(text, file).expect("parses");
    assert!(puzc::check::check(&spec).is_empty());
    let inst = spec
        .stmts
        .iter()
        .find_map(|s| match &s.kind {
            StmtKind::Instance(l) => Some(l.clone()),
            _ => None,
        })
        .expect("has an instance");
    let overrides = HashMap::new();
    let mut reader = InstanceReader::new(&inst.text, file, inst.offset);
    let (elab, diags) = elaborate(&spec, &mut reader, &overrides, ExpandLimits::default());
    assert!(diags.is_empty(), "{diags:?}");
    elab.model
}

/// The layouts tested: name, spec.
fn layouts() -> Vec<(&'static str, String)> {
    let boxes = |k: usize, h: usize, w: usize| {
        format!(
            "region box(b) = {{ ({h} * (b / {k}) + i / {w}, {w} * (b % {k}) + i % {w}) for i in 0..n }} for b in 0..n\n\
             each row, col, box holds each value exactly once"
        )
    };
    // A 5×5 jigsaw: five regions of five cells, one letter each in this picture.
    let picture = ["AABBB", "AABBC", "ADDCC", "DDECC", "DEEEE"];
    let mut jigsaw = String::new();
    for x in ['A', 'B', 'C', 'D', 'E'] {
        let cells: Vec<String> = (0..5)
            .flat_map(|r| (0..5).map(move |c| (r, c)))
            .filter(|&(r, c)| picture[r].as_bytes()[c] == x as u8)
            .map(|(r, c)| format!("({r}, {c})"))
            .collect();
        jigsaw += &format!("region j{x} = {{ {} }}\n", cells.join(", "));
    }
    jigsaw += "each row, col, jA, jB, jC, jD, jE holds each value exactly once";
    vec![
        ("sudoku 4x4", spec(4, &boxes(2, 2, 2))),
        ("sudoku 6x6", spec(6, &boxes(2, 2, 3))),
        ("sudoku 9x9", spec(9, &boxes(3, 3, 3))),
        (
            "sudoku X",
            spec(
                9,
                &(boxes(3, 3, 3)
                    + "\nregion diag = { (i, i) for i in 0..n }\nregion anti = { (i, n - 1 - i) for i in 0..n }\n\
                       each diag, anti holds each value exactly once"),
            ),
        ),
        ("jigsaw 5x5", spec(5, &jigsaw)),
        ("latin 5x5", spec(5, "each row, col holds each value exactly once")),
        (
            "latin 5x5, broken diagonals at most once",
            spec(
                5,
                "each row, col holds each value exactly once\n\
                 region bd(d) = { (i, (i + d) % n) for i in 0..n where i < 4 } for d in 0..n\n\
                 each bd holds each value at most once",
            ),
        ),
    ]
}

/// Splitmix64: a seeded generator, so every run tests the same puzzles.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A fill engine's entry point.
type FillEngine = fn(&Grid, &[Option<u8>], &Limits, &mut dyn FnMut(&[u8]) -> Flow) -> xcc::Stats;

/// One model's two engines.
struct Both {
    model: Model,
    grid: Grid,
}

impl Both {
    fn new(model: Model) -> Both {
        let fill = lower_fill(&model, MAX_OPTIONS).expect("has the fill shape");
        Both { grid: Grid::new(&fill.shape), model }
    }

    fn set_givens(&mut self, given: &[Option<usize>]) {
        self.model.board.as_mut().unwrap().given = given.to_vec();
    }

    /// Up to `max` solutions from the fill engine, each verified, as board values. The
    /// grid's own engine (bitboards, on every layout here) and the per-cell engine of larger
    /// grids must find them in the same order with the same number of nodes: they are
    /// documented to visit the same tree.
    fn fill(&self, max: Option<u64>) -> Vec<Vec<usize>> {
        let (out, stats) = self.fill_on(max, puzc::solve::fill::solve);
        let (cells, cell_stats) = self.fill_on(max, puzc::solve::fill::solve_cells);
        assert_eq!(out, cells, "the two fill engines found other solutions or another order");
        assert_eq!(stats.nodes, cell_stats.nodes, "the two fill engines visited other trees");
        out
    }

    fn fill_on(&self, max: Option<u64>, engine: FillEngine) -> (Vec<Vec<usize>>, xcc::Stats) {
        let fill = lower_fill(&self.model, MAX_OPTIONS).unwrap();
        let mut out = Vec::new();
        let limits = Limits { max_solutions: max, ..Limits::default() };
        let stats = engine(&self.grid, &fill.given, &limits, &mut |values| {
            let mut grid = vec![0; self.model.board.as_ref().unwrap().on.len()];
            for (&c, &v) in fill.board_cell.iter().zip(values) {
                grid[c] = v as usize;
            }
            let ans = Answer { fill: Some(grid.iter().map(|&v| Some(v)).collect()), ..Answer::default() };
            verify(&self.model, &ans).expect("the fill engine's answers verify");
            out.push(grid);
            Flow::Continue
        });
        (out, stats)
    }

    /// Up to `max` solutions from exact cover, as board values.
    fn xcc(&self, max: Option<u64>) -> Vec<Vec<usize>> {
        self.xcc_on(&lower(&self.model, MAX_OPTIONS).expect("lowers"), max)
    }

    fn xcc_on(&self, low: &Lowered, max: Option<u64>) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let limits = Limits { max_solutions: max, ..Limits::default() };
        xcc::solve_with(&low.problem, &limits, Branching::ForcedMoves, &mut |chosen: &[OptionId]| {
            let mut grid = vec![0; self.model.board.as_ref().unwrap().on.len()];
            for o in chosen {
                if let Meaning::Fill { cell, value } = low.meanings[o.0 as usize] {
                    grid[cell] = value;
                }
            }
            out.push(grid);
            Flow::Continue
        });
        out
    }

    /// Same verdict (none, one, several) and, for one, the same answer; `all`: the same
    /// sets of every solution, when there are at most 200. Returns how many were found.
    fn agree(&self, all: bool, what: &str) -> usize {
        let low = lower(&self.model, MAX_OPTIONS).expect("lowers");
        let cap = if all { 201 } else { 2 };
        let (mut f, mut x) = (self.fill(Some(cap)), self.xcc_on(&low, Some(cap)));
        f.sort();
        x.sort();
        if x.len() < cap as usize {
            assert_eq!(f, x, "{what}: the solutions differ");
        } else {
            assert_eq!(f.len(), x.len(), "{what}: the fill engine found fewer solutions");
        }
        x.len()
    }
}

/// Up to `count` solutions of the empty grid, each found from a few random givens.
fn base_solutions(both: &mut Both, rng: &mut Rng, count: usize) -> Vec<Vec<usize>> {
    let board = both.model.board.as_ref().unwrap();
    let (cells, nv) = (board.on.len(), board.values.len());
    let mut out = Vec::new();
    for _ in 0..count {
        let mut given = vec![None; cells];
        for _ in 0..1 + rng.below(4) {
            given[rng.below(cells)] = Some(rng.below(nv));
        }
        both.set_givens(&given);
        out.extend(both.xcc(Some(1)));
    }
    assert!(!out.is_empty());
    out
}

/// A random partial grid: a base solution with its values permuted (every region holds
/// each value at most or exactly once, so any relabelling is a solution too), about `keep`
/// of its cells kept, and sometimes one kept value changed (mostly no solution then).
fn random_givens(base: &[Vec<usize>], nv: usize, rng: &mut Rng) -> Vec<Option<usize>> {
    let full = &base[rng.below(base.len())];
    let mut relabel: Vec<usize> = (0..nv).collect();
    for i in (1..nv).rev() {
        relabel.swap(i, rng.below(i + 1));
    }
    let keep = 10 + rng.below(70);
    let cells = full.len();
    let mut given: Vec<Option<usize>> = full.iter().map(|&v| (rng.below(100) < keep).then_some(relabel[v])).collect();
    if rng.below(5) == 0 {
        given[rng.below(cells)] = Some(rng.below(nv));
    }
    given
}

#[test]
fn fill_engine_agrees_with_exact_cover_on_random_partial_grids() {
    let mut rng = Rng(14);
    let mut tested = 0;
    // Puzzles per layout, and whether to compare every solution (small grids only).
    let plan = [2500, 1500, 2000, 1000, 1500, 1500, 1500];
    let all = [true, false, false, false, true, true, true];
    let mut verdicts = [0usize; 3];
    for (((name, text), &count), &all) in layouts().iter().zip(&plan).zip(&all) {
        let started = std::time::Instant::now();
        let mut both = Both::new(model_of(text));
        let base = base_solutions(&mut both, &mut rng, 20);
        let nv = both.model.board.as_ref().unwrap().values.len();
        for k in 0..count {
            let given = random_givens(&base, nv, &mut rng);
            both.set_givens(&given);
            let n = both.agree(all, &format!("{name}, puzzle {k}: {given:?}"));
            verdicts[n.min(2)] += 1;
            tested += 1;
        }
        eprintln!("{name}: {:?}", started.elapsed());
    }
    assert!(tested >= 10_000, "only {tested} puzzles");
    // The generator must make all three kinds, or the test proves less than it says.
    assert!(verdicts.iter().all(|&v| v >= 500), "verdicts (none, one, several): {verdicts:?}");
}

/// Grids of the benchmark files: one puzzle a line, `.` for an empty cell, digits or
/// letters for values (1-9 then A-G for 16 values).
fn read_puzzles(path: &str, n: usize, take: usize) -> Vec<Vec<Option<usize>>> {
    let text = std::fs::read_to_string(path).expect("benchmark data");
    text.lines()
        .filter(|l| l.len() == n * n)
        .take(take)
        .map(|l| {
            l.chars()
                .map(|ch| match ch {
                    '1'..='9' => Some(ch as usize - '1' as usize),
                    'A'..='G' => Some(9 + ch as usize - 'A' as usize),
                    _ => None,
                })
                .collect()
        })
        .collect()
}

#[test]
fn fill_engine_agrees_with_exact_cover_on_benchmark_puzzles() {
    let layouts = layouts();
    let mut nine = Both::new(model_of(&layouts[2].1));
    let mut sets = vec![
        read_puzzles("tests/data/bench/hard1000.txt", 9, 300),
        read_puzzles("tests/data/magictour_top20.txt", 9, 20),
    ];
    sets.push(read_puzzles("tests/data/judge_poj2676_top1465.in", 9, 200));
    let mut tested = 0;
    for (s, set) in sets.iter().enumerate() {
        for (k, given) in set.iter().enumerate() {
            nine.set_givens(given);
            assert_eq!(nine.agree(false, &format!("set {s}, puzzle {k}")), 1, "set {s}, puzzle {k} is unique");
            tested += 1;
        }
    }
    assert!(tested >= 300);
    let mut sixteen = Both::new(model_of(&spec(
        16,
        "region box(b) = { (4 * (b / 4) + i / 4, 4 * (b % 4) + i % 4) for i in 0..n } for b in 0..n\n\
         each row, col, box holds each value exactly once",
    )));
    for (k, given) in read_puzzles("tests/data/bench/minimal16.txt", 16, 4).iter().enumerate() {
        sixteen.set_givens(given);
        assert_eq!(sixteen.agree(false, &format!("16x16 puzzle {k}")), 1);
    }
}

/// Shapes the fill engine must leave to exact cover.
#[test]
fn fill_shape_is_refused_outside_its_form() {
    // A region with the wrong number of cells for "exactly once" (exact cover reports G203).
    let wrong = spec(4, "region d = { (0, 0), (1, 1) }\neach d holds each value exactly once");
    assert!(lower_fill(&model_of(&wrong), MAX_OPTIONS).is_none());
    // More options than the limit: exact cover reports S401.
    let sudoku = model_of(&layouts()[2].1);
    assert!(lower_fill(&sudoku, 81 * 9 - 1).is_none());
    assert!(lower_fill(&sudoku, 81 * 9).is_some());
}

/// `--all` shows filled grids in one order whichever engine found them: the fill engine
/// (one thread) and exact cover (split over two threads) print the same bytes, grids
/// sorted by their values in reading order.
#[test]
fn all_prints_the_same_sorted_grids_from_both_engines() {
    let dir = std::env::temp_dir().join(format!("puzc-fill-engine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join("latin4.puz");
    std::fs::write(
        &spec,
        spec_with_instance(4, "each row, col holds each value exactly once", "1 . . .\n. . . .\n. . 3 .\n. . . ."),
    )
    .unwrap();
    let run = |threads: &str| {
        let out = assert_cmd::Command::cargo_bin("puzc")
            .unwrap()
            .args(["solve", spec.to_str().unwrap(), "--all", "--stats", "--threads", threads])
            .output()
            .unwrap();
        assert!(out.status.success());
        (String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
    };
    let ((one, stats_one), (two, stats_two)) = (run("1"), run("2"));
    assert!(stats_one.contains("(fill engine)"), "{stats_one}");
    assert!(stats_two.contains("primary"), "{stats_two}");
    assert_eq!(one, two);
    let grids: Vec<&str> = one.trim_end().split("\n\n").collect();
    let (last, grids) = grids.split_last().unwrap();
    // Their number against the printed total, and their order.
    assert!(last.ends_with(&format!("{} solutions", grids.len())), "{last}");
    assert!(grids.len() > 2);
    assert!(grids.windows(2).all(|w| w[0] < w[1]), "grids are not in reading order of their values");
    std::fs::remove_dir_all(&dir).ok();
}

/// A batch reuses a region family only when the globals and the board it was made under
/// are the same (`src/lower/elaborate/memo.rs`): here the box size is read per instance, so
/// 4×4, 9×9 and 4×4 grids alternate, and the batch must print what each instance prints
/// alone.
#[test]
fn a_batch_prints_what_each_instance_prints_alone() {
    let dir = std::env::temp_dir().join(format!("puzc-fill-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let spec = dir.join("sized.puz");
    std::fs::write(
        &spec,
        "puzzle \"sized\"\nparam k in 2..=3\nlet n = k * k\nboard grid[n, n] of 1..=n\nfill grid\ngiven grid from instance\n\
         region row(r) = { (r, c) for c in 0..n } for r in 0..n\n\
         region col(c) = { (r, c) for r in 0..n } for c in 0..n\n\
         region box(b) = { (k * (b / k) + i / k, k * (b % k) + i % k) for i in 0..n } for b in 0..n\n\
         each row, col, box holds each value exactly once\n",
    )
    .unwrap();
    let four = "2\n1...\n..3.\n.4..\n...2\n";
    let nine =
        format!("3\n{}\n", std::fs::read_to_string("tests/data/bench/hard1000.txt").unwrap().lines().next().unwrap());
    let instances = [four.to_string(), nine.clone(), "2\n....\n..1.\n.2..\n4...\n".to_string()];
    let solve = |text: &str| {
        let file = dir.join("in.txt");
        std::fs::write(&file, text).unwrap();
        let out = assert_cmd::Command::cargo_bin("puzc")
            .unwrap()
            .args(["solve", spec.to_str().unwrap(), "--instance", file.to_str().unwrap(), "--unique"])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let alone: Vec<String> = instances.iter().map(|i| solve(i)).collect();
    assert!(alone.iter().all(|a| !a.is_empty()), "{alone:?}");
    assert_eq!(solve(&instances.concat()), alone.join("\n"));
    std::fs::remove_dir_all(&dir).ok();
}
