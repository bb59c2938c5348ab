//! The exact-cover engine against the `dlx` crate (Knuth's DLX1/DLX2), in process, on the
//! same matrices (see `common`; `tests/node_counts.rs` checks both search the same tree).
//! Each figure includes laying the matrix out in the engine's own structure.
//!
//! `cargo bench --bench xcc` (or `XCC_RATIOS=5 cargo bench --bench xcc`, 5 runs instead of 3)
//! alternates the two engines per workload and prints median CPU times and ratios;
//! `XCC_ONLY=pento` keeps the workloads whose name contains `pento`; `XCC_ENGINE=cells`
//! (or `sets`) runs that engine where it can instead of the one puzc picks. `XCC_PARALLEL=5` prints
//! the wall-clock speed-up of `count_parallel` on every core instead. `XCC_SELF=5` times our
//! engine alone (forced moves, fastest of 5).

#[path = "common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Instant;

use puzc::ir::xcc::XccProblem;
use puzc::solve::split::count as count_parallel;
use puzc::solve::xcc::{Branching, Engine, Flow, Limits, count, solve_on};

use common::{data_file, dlx_count, langford, pentominoes, puzzle_lines, queens, sudoku, tetravex};

/// A named batch of matrices, each searched to `max_solutions`.
struct Workload {
    name: &'static str,
    problems: Vec<XccProblem>,
    max_solutions: Option<u64>,
}

fn workloads() -> Vec<Workload> {
    let sudokus = |file: &str, take: usize| -> Vec<XccProblem> {
        puzzle_lines(&data_file(file)).into_iter().take(take).map(sudoku).collect()
    };
    vec![
        Workload { name: "sudoku9_hard1000", problems: sudokus("hard1000.txt", 1000), max_solutions: Some(2) },
        Workload { name: "sudoku16_minimal20", problems: sudokus("minimal16.txt", 20), max_solutions: Some(2) },
        Workload { name: "pentominoes_6x10", problems: vec![pentominoes(6, 10, true)], max_solutions: None },
        Workload {
            name: "tetravex_6x6_x20",
            problems: (1..=20).map(|s| tetravex(6, 7, s)).collect(),
            max_solutions: None,
        },
        Workload { name: "queens_13", problems: vec![queens(13)], max_solutions: None },
        Workload { name: "langford_12", problems: vec![langford(12)], max_solutions: None },
    ]
}

/// The engine `XCC_ENGINE` names (cells, sets), else the one puzc picks.
fn engine() -> Engine {
    match std::env::var("XCC_ENGINE").as_deref() {
        Ok("cells") => Engine::Cells,
        Ok("sets") => Engine::Sets,
        _ => Engine::Auto,
    }
}

/// (nodes, solutions) summed over the workload, puzc's engine.
fn run_puzc(w: &Workload, branching: Branching) -> (u64, u64) {
    let limits = Limits { max_solutions: w.max_solutions, ..Limits::default() };
    let engine = engine();
    w.problems.iter().fold((0, 0), |(n, s), p| {
        let engine = if engine.runs(p) { engine } else { Engine::Auto };
        let stats = solve_on(engine, p, &limits, branching, &mut |_| Flow::Continue);
        (n + stats.nodes, s + stats.solutions)
    })
}

/// (nodes, solutions) summed over the workload, the `dlx` crate.
fn run_dlx(w: &Workload) -> (u64, u64) {
    w.problems.iter().fold((0, 0), |(n, s), p| {
        let (nodes, solutions) = dlx_count(p, w.max_solutions);
        (n + nodes, s + solutions)
    })
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Seconds of CPU time this thread has used (Linux's schedstat; wall time elsewhere), so
/// that other processes on a busy machine do not count.
fn cpu_seconds() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    let wall = START.get_or_init(Instant::now).elapsed().as_secs_f64();
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or(wall, |ns| ns / 1e9)
}

fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let t = cpu_seconds();
    let out = black_box(f());
    (out, cpu_seconds() - t)
}

/// Alternating runs, median seconds, ratio to the `dlx` crate.
fn ratios(runs: usize) {
    println!(
        "{:<20} {:>10} {:>10} {:>10} {:>8} {:>8}  nodes (puzc / dlx)",
        "workload", "dlx s", "puzc s", "forced s", "ratio", "forced"
    );
    let only = std::env::var("XCC_ONLY").ok();
    for w in workloads().into_iter().filter(|w| only.as_deref().is_none_or(|o| w.name.contains(o))) {
        let (mut dlx, mut ours, mut forced) = (vec![], vec![], vec![]);
        let mut counts = None;
        for _ in 0..runs {
            let (d, td) = timed(|| run_dlx(&w));
            let (o, to) = timed(|| run_puzc(&w, Branching::Mrv));
            let (_, tf) = timed(|| run_puzc(&w, Branching::ForcedMoves));
            assert_eq!(d, o, "{}: (nodes, solutions) differ", w.name);
            counts = Some(d);
            dlx.push(td);
            ours.push(to);
            forced.push(tf);
        }
        let (d, o, f) = (median(dlx), median(ours), median(forced));
        let (nodes, solutions) = counts.unwrap();
        println!(
            "{:<20} {d:>10.4} {o:>10.4} {f:>10.4} {:>8.3} {:>8.3}  {nodes} nodes, {solutions} solutions",
            w.name,
            o / d,
            f / d
        );
    }
}

/// Wall-clock speed-up of [`count_parallel`] on every core over [`count`] (medians).
fn speedups(runs: usize) {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("{:<20} {:>10} {:>10} {:>8}", "count (wall)", "1 thread", format!("{cores} threads"), "speed-up");
    let workloads = [
        ("pentominoes_6x10", pentominoes(6, 10, true)),
        ("langford_12", langford(12)),
        ("queens_13", queens(13)),
        ("queens_14", queens(14)),
    ];
    let only = std::env::var("XCC_ONLY").ok();
    for (name, p) in workloads.into_iter().filter(|(name, _)| only.as_deref().is_none_or(|o| name.contains(o))) {
        let (mut one, mut two) = (vec![], vec![]);
        for _ in 0..runs {
            let t = Instant::now();
            let a = count(&p, &Limits::default());
            one.push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            let b = count_parallel(&p, &Limits::default(), cores);
            two.push(t.elapsed().as_secs_f64());
            // Each piece counts its own root, so only solutions must agree.
            assert_eq!(a.solutions, b.solutions);
        }
        let (a, b) = (median(one), median(two));
        println!("{name:<20} {a:>10.4} {b:>10.4} {:>8.2}", a / b);
    }
}

/// puzc alone (forced moves), fastest of `runs`: for quick before/after comparisons.
fn own_times(runs: usize) {
    let only = std::env::var("XCC_ONLY").ok();
    for w in workloads().into_iter().filter(|w| only.as_deref().is_none_or(|o| w.name.contains(o))) {
        let best = (0..runs).map(|_| timed(|| run_puzc(&w, Branching::ForcedMoves)).1).fold(f64::MAX, f64::min);
        println!("{:<20} {best:>10.4} s", w.name);
    }
}

fn main() {
    if let Ok(runs) = std::env::var("XCC_SELF") {
        return own_times(runs.parse().unwrap_or(5));
    }
    if let Ok(runs) = std::env::var("XCC_PARALLEL") {
        return speedups(runs.parse().unwrap_or(5));
    }
    ratios(std::env::var("XCC_RATIOS").ok().and_then(|r| r.parse().ok()).unwrap_or(3));
}
