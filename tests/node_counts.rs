//! Node counts of the engine in plain MRV mode against the `dlx` crate (a faithful port of
//! Knuth's DLX1/DLX2) on the benchmark matrices: equal counts mean both searched the same
//! tree, so the speed comparison in `benches/xcc.rs` compares like with like.
//!
//! What counts as a node (both sides): an entry into step C2 that does not find a
//! solution, i.e. every choice of an item to branch on, including a choice of an item
//! with no options left. The `dlx` crate adds one to `profile[l]` there; summing the
//! profile gives its node count. Both choose the first item (in item order) of minimum
//! length and try its options in option order.
//!
//! Both exact-cover engines are checked on every matrix: dancing cells, and sets of
//! options (counting with popcounts without colours, with kept counts with them).

use crate::bench_common as common;

use common::{data_file, dlx_count, langford, pentominoes, puzzle_lines, queens, sudoku, tetravex};
use puzc::ir::xcc::XccProblem;
use puzc::solve::xcc::{Branching, Engine, Flow, Limits, Stats, Stop, solve_on};

/// The engines that can run `p` (the engine `Auto` picks is one of them).
fn engines(p: &XccProblem) -> Vec<Engine> {
    [Engine::Cells, Engine::Sets].into_iter().filter(|e| e.runs(p)).collect()
}

/// Asserts equal node and solution counts for every engine that runs `p`; returns the
/// figures.
fn same_tree(name: &str, p: &XccProblem, max_solutions: Option<u64>) -> Stats {
    let (nodes, solutions) = dlx_count(p, max_solutions);
    let limits = Limits { max_solutions, ..Limits::default() };
    let mut ours = None;
    for engine in engines(p) {
        let stats = solve_on(engine, p, &limits, Branching::Mrv, &mut |_| Flow::Continue);
        assert_eq!((stats.nodes, stats.solutions), (nodes, solutions), "{name}: (nodes, solutions), {engine:?} vs dlx");
        ours = Some(stats);
    }
    ours.expect("dancing cells run every benchmark matrix")
}

#[test]
fn both_engines_run_every_benchmark_matrix() {
    for p in [queens(8), pentominoes(6, 10, true), tetravex(4, 3, 7), langford(7)] {
        assert_eq!(engines(&p), [Engine::Cells, Engine::Sets]);
    }
}

#[test]
fn queens_8_to_10() {
    for (n, solutions) in [(8, 92), (9, 352), (10, 724)] {
        assert_eq!(same_tree(&format!("{n} queens"), &queens(n), None).solutions, solutions);
    }
}

#[test]
fn pentominoes_6_by_10_with_x_confined() {
    assert_eq!(same_tree("pentominoes", &pentominoes(6, 10, true), None).solutions, 2339);
}

#[test]
fn langford_pairs_7_and_8() {
    assert_eq!(same_tree("langford 7", &langford(7), None).solutions, 52);
    assert_eq!(same_tree("langford 8", &langford(8), None).solutions, 300);
}

#[test]
fn tetravex_6_by_6_with_7_colours() {
    for seed in 1..=3 {
        let stats = same_tree(&format!("tetravex seed {seed}"), &tetravex(6, 7, seed), None);
        assert!(stats.solutions >= 1, "the planted solution");
    }
}

#[test]
fn hard_sudokus_to_two_solutions() {
    let text = data_file("hard1000.txt");
    for (k, line) in puzzle_lines(&text).into_iter().take(10).enumerate() {
        let stats = same_tree(&format!("hard sudoku {k}"), &sudoku(line), Some(2));
        assert_eq!(stats.solutions, 1);
    }
}

#[test]
fn sixteen_by_sixteen_sudoku_to_two_solutions() {
    let text = data_file("minimal16.txt");
    let line = puzzle_lines(&text)[0];
    assert_eq!(same_tree("16×16 sudoku 0", &sudoku(line), Some(2)).solutions, 1);
}

/// Forced moves change the node count, never the solutions or their order; nor does the
/// engine.
#[test]
fn forced_moves_and_engines_find_the_same_solutions_in_the_same_order() {
    let problems = [
        queens(8),
        langford(7),
        pentominoes(3, 20, false),
        tetravex(4, 3, 7),
        sudoku(puzzle_lines(&data_file("hard1000.txt"))[0]),
    ];
    for p in &problems {
        let run = |engine, branching| {
            let mut found = Vec::new();
            let stats = solve_on(engine, p, &Limits::default(), branching, &mut |chosen| {
                let mut ids: Vec<u32> = chosen.iter().map(|o| o.0).collect();
                ids.sort_unstable();
                found.push(ids);
                Flow::Continue
            });
            assert_eq!(stats.stop, Stop::Exhausted);
            (found, stats.nodes)
        };
        let (plain, plain_nodes) = run(Engine::Cells, Branching::Mrv);
        for engine in engines(p) {
            let (forced, forced_nodes) = run(engine, Branching::ForcedMoves);
            assert_eq!(plain, forced, "{engine:?}");
            assert!(forced_nodes <= plain_nodes);
        }
    }
}
