//! Natural forms search the tree of their hand lowering (issue 25): a board whose empty cell
//! no rule counts (queens' `.`, Star Battle's) has no option for that value; a cell that no
//! chosen option fills holds it. So "each row, col holds exactly 1 of 'Q'; each diagonal at
//! most 1" lowers to the ranks, files and diagonals of the direct form (queens.puz), not to a
//! cell item per square that the search would branch on.

use crate::common;

use common::*;

/// N queens written as the rules read, on a board of `.` and `Q` (bench/data/natural-queens.puz,
/// the spec docs/performance.md times against queens.puz).
const NATURAL_QUEENS_SPEC: &str = "bench/data/natural-queens.puz";

fn natural_queens() -> String {
    std::fs::read_to_string(format!("{}/{NATURAL_QUEENS_SPEC}", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// `instance 1: I items (P primary), O options; N nodes, S solutions...` → (P, O, N, S).
fn stats_of(stderr: &str) -> (u64, u64, u64, u64) {
    let line = stderr.lines().find(|l| l.starts_with("instance 1: ")).unwrap_or_else(|| panic!("no stats: {stderr}"));
    let numbers: Vec<u64> =
        line.split(|c: char| !c.is_ascii_digit()).filter(|w| !w.is_empty()).map(|w| w.parse().unwrap()).collect();
    // instance 1: I items (P primary), O options; N nodes, S solutions
    (numbers[2], numbers[3], numbers[4], numbers[5])
}

#[test]
fn natural_queens_search_the_direct_forms_tree() {
    let spec = NATURAL_QUEENS_SPEC;
    // OEIS A000170: solutions of n queens.
    for (n, published) in [(4u64, 2u64), (5, 10), (6, 4), (7, 40), (8, 92), (9, 352), (10, 724)] {
        let set = format!("n={n}");
        let natural = run(&["solve", spec, "--set", &set, "--all", "--threads", "1", "--stats"], None);
        let direct = run(&["solve", "puzzles/queens.puz", "--set", &set, "--all", "--threads", "1", "--stats"], None);
        assert_eq!((natural.code, direct.code), (0, 0), "{}{}", natural.err, direct.err);
        let (primary, options, nodes, solutions) = stats_of(&natural.err);
        let (direct_primary, direct_options, direct_nodes, direct_solutions) = stats_of(&direct.err);
        assert_eq!((solutions, direct_solutions), (published, published), "n = {n}");
        assert_eq!(natural.out.matches('Q').count() as u64, n * published, "n = {n}: every answer printed");
        // The same matrix: ranks and files primary, one option per square.
        assert_eq!((primary, options), (direct_primary, direct_options), "n = {n}");
        // Ties between items of equal length are broken in another item order, so the trees
        // differ a little (n = 10: 7537 nodes against 7502); with a cell item per square the
        // natural form searched 4× the nodes at n = 14.
        assert!(nodes * 100 <= direct_nodes * 102, "n = {n}: {nodes} nodes against {direct_nodes}");
    }
}

/// Star Battle (shipped): the empty cell is no rule's value, so only stars have options and
/// the items the search branches on are the rows', columns' and areas' counts.
#[test]
fn star_battle_branches_on_its_counts_only() {
    let r = run(&["solve", "puzzles/star-battle.puz", "--stats"], None);
    assert_eq!(r.code, 0, "{}", r.err);
    let (primary, options, _, solutions) = stats_of(&r.err);
    assert_eq!(solutions, 1);
    assert_eq!(primary, 3 * 8, "8 rows, 8 columns, 8 areas");
    assert_eq!(options, 64, "one option per cell: its star");
}

/// Two values no rule counts are two answers for each cell that holds neither star nor
/// queen: neither may become the default. 4 queens (2 solutions) on a board of `.`, `x`
/// and `Q`: each of the 12 empty squares is `.` or `x`, 2 · 2^12 = 8192 answers.
#[test]
fn two_uncounted_values_are_both_kept() {
    let dir = scratch("natural-two-blanks");
    let spec = write(
        &dir,
        "q.puz",
        &natural_queens().replace("of ['.', 'Q']", "of ['.', 'x', 'Q']").replace("let n = 8", "let n = 4"),
    );
    let r = run(&["solve", &spec, "--count"], None);
    assert_eq!((r.code, r.out.as_str()), (0, "8192\n"), "{}", r.err);
}
