//! The exact-cover engine against published counts, hand-worked examples, brute force on
//! random small problems, and planted solutions. Every reported solution is re-checked by
//! the independent verifier `check_solution`.

/// The benchmark matrices (queens, Langford pairs, pentominoes), shared with `benches/`.
use crate::bench_common as common;
use std::collections::BTreeSet;
use std::time::Instant;

use proptest::prelude::*;
use puzc::ir::xcc::{Colour, Entry, ItemId, OptionId, XccBuilder, XccProblem};
use puzc::solve::split::count as count_parallel;
use puzc::solve::xcc::{Flow, Limits, Stats, Stop, check_solution, count, solve};

fn plain(item: ItemId) -> Entry {
    Entry { item, colour: Colour::NONE }
}

/// All solutions as sorted option-id lists, each checked and none reported twice.
fn all_solutions(p: &XccProblem) -> (BTreeSet<Vec<u32>>, Stats) {
    assert_eq!(p.validate(), Ok(()));
    let mut seen = BTreeSet::new();
    let stats = solve(p, &Limits::default(), &mut |chosen| {
        check_solution(p, chosen).unwrap();
        let mut ids: Vec<u32> = chosen.iter().map(|o| o.0).collect();
        ids.sort_unstable();
        assert!(seen.insert(ids), "solution reported twice: {chosen:?}");
        Flow::Continue
    });
    assert_eq!(stats.stop, Stop::Exhausted);
    assert_eq!(stats.solutions as usize, seen.len());
    (seen, stats)
}

fn solution_count(p: &XccProblem) -> u64 {
    all_solutions(p).1.solutions
}

// ---------------------------------------------------------------------------------------
// Published counts
// ---------------------------------------------------------------------------------------

/// Latin squares of order n (cell, row-value, column-value), optionally with boxes.
fn latin(n: usize, box_side: Option<usize>) -> XccProblem {
    let mut b = XccBuilder::new();
    let grid = |b: &mut XccBuilder, tag: &str| -> Vec<ItemId> {
        (0..n * n).map(|k| b.add_primary(format!("{tag}{}_{}", k / n, k % n), 1, 1)).collect()
    };
    let (cell, row, col) = (grid(&mut b, "p"), grid(&mut b, "r"), grid(&mut b, "c"));
    let bx = box_side.map(|_| grid(&mut b, "b"));
    for r in 0..n {
        for c in 0..n {
            for v in 0..n {
                let mut e = vec![cell[r * n + c], row[r * n + v], col[c * n + v]];
                if let (Some(bx), Some(s)) = (&bx, box_side) {
                    e.push(bx[(r / s * (n / s) + c / s) * n + v]);
                }
                let e: Vec<Entry> = e.into_iter().map(plain).collect();
                b.add_option(format!("{r}{c}={v}"), &e);
            }
        }
    }
    b.finish()
}

#[test]
fn eight_queens_has_92_solutions() {
    assert_eq!(solution_count(&common::queens(8)), 92);
}

#[test]
fn six_queens_has_4_solutions() {
    assert_eq!(solution_count(&common::queens(6)), 4);
}

#[test]
fn langford_pairs_match_oeis_a014552() {
    // A014552: 26 and 150 up to reversal; the engine sees both orientations.
    assert_eq!(solution_count(&common::langford(7)), 52);
    assert_eq!(solution_count(&common::langford(8)), 300);
    assert_eq!(solution_count(&common::langford(5)), 0);
}

#[test]
fn latin_squares_of_order_4() {
    assert_eq!(solution_count(&latin(4, None)), 576);
    // Shidoku (4×4 sudoku): 288 grids.
    assert_eq!(solution_count(&latin(4, Some(2))), 288);
}

// ---------------------------------------------------------------------------------------
// Hand-worked examples
// ---------------------------------------------------------------------------------------

/// TAOCP 7.2.2.1 (49): the exact cover example. With MRV (ties to the first item):
/// node 1 chooses a; option `a d g` leaves b: {b c f}, e: {} …, so node 2 chooses b,
/// `b c f` leaves e empty, node 3 chooses e and fails. Option `a d f` leaves b, c, e, g
/// one option each: node 4 chooses b (`b g`), node 5 chooses c (`c e`), and a solution
/// follows. So 5 nodes and the one solution {a d f, b g, c e}.
#[test]
fn knuth_exact_cover_example_counts_five_nodes() {
    let p = XccProblem::from_dlx_text("a b c d e f g\nc e\na d g\nb c f\na d f\nb g\nd e g\n").unwrap();
    let (sols, stats) = all_solutions(&p);
    assert_eq!(sols.into_iter().collect::<Vec<_>>(), vec![vec![0, 3, 4]]);
    assert_eq!(stats.nodes, 5);
}

/// TAOCP 7.2.2.1 (113), the colour example. p ∈ {o0, o1, o2}:
/// - o0 `p q x y:A`: r needs o4 `r y:B`, but y is claimed uncoloured — no;
/// - o1 `p r x:A y`: q needs o3 `q x:A`, which agrees on x = A — a solution;
/// - o2 `p x:B`: q needs o3 `q x:A`, which clashes on x — no.
#[test]
fn knuth_colour_example_has_one_solution() {
    let p = XccProblem::from_dlx_text("p q r | x y\np q x y:A\np r x:A y\np x:B\nq x:A\nr y:B\n").unwrap();
    let (sols, _) = all_solutions(&p);
    assert_eq!(sols.into_iter().collect::<Vec<_>>(), vec![vec![1, 3]]);
}

/// Options o0 `a s:X`, o1 `b s:X`, o2 `c s:Y`, o3 `c s:X`, o4 `a b`. Taking o4 leaves c free
/// to use o2 or o3 (2 solutions); taking o0 forces o1 and then o3, since Y ≠ X (1 more).
#[test]
fn options_sharing_a_colour_may_all_be_chosen() {
    let p = XccProblem::from_dlx_text("a b c | s\na s:X\nb s:X\nc s:Y\nc s:X\na b\n").unwrap();
    let (sols, _) = all_solutions(&p);
    let expected: BTreeSet<Vec<u32>> = [vec![2, 4], vec![3, 4], vec![0, 1, 3]].into();
    assert_eq!(sols, expected);
}

/// x must be covered 2 or 3 times and y once: o2 `x y` is forced, plus one or two of the
/// three `x` rows (two of which are identical): 3 + 3 = 6 sets, each reported once.
#[test]
fn multiplicities_enumerate_sets_not_sequences() {
    let p = XccProblem::from_dlx_text("2:3|x y\nx\nx\nx y\nx\n").unwrap();
    let (sols, _) = all_solutions(&p);
    let expected: BTreeSet<Vec<u32>> =
        [vec![0, 2], vec![1, 2], vec![2, 3], vec![0, 1, 2], vec![0, 2, 3], vec![1, 2, 3]].into();
    assert_eq!(sols, expected);
}

/// Four identical dominoes: exactly-2 coverage of `a` picks 2 of 4 rows, C(4,2) = 6.
#[test]
fn identical_rows_are_distinct_options() {
    let p = XccProblem::from_dlx_text("2|a\na\na\na\na\n").unwrap();
    assert_eq!(solution_count(&p), 6);
}

#[test]
fn degenerate_problems() {
    let empty = XccBuilder::new().finish();
    assert_eq!(solution_count(&empty), 1);
    let mut b = XccBuilder::new();
    let s = b.add_secondary("s");
    b.add_option("never chosen", &[plain(s)]);
    assert_eq!(solution_count(&b.finish()), 1);
    let mut b = XccBuilder::new();
    b.add_primary("lonely", 1, 1);
    assert_eq!(solution_count(&b.finish()), 0);
    let mut b = XccBuilder::new();
    b.add_primary("optional", 0, 2);
    let (sols, _) = all_solutions(&b.finish());
    assert_eq!(sols.into_iter().collect::<Vec<_>>(), vec![Vec::<u32>::new()]);
}

// ---------------------------------------------------------------------------------------
// Limits
// ---------------------------------------------------------------------------------------

#[test]
fn solution_limit_stops_at_n() {
    let limits = Limits { max_solutions: Some(5), ..Limits::default() };
    let stats = count(&common::queens(8), &limits);
    assert_eq!((stats.solutions, stats.stop), (5, Stop::SolutionLimit));
}

#[test]
fn node_limit_stops_and_says_so() {
    let full = count(&common::queens(8), &Limits::default());
    let limits = Limits { max_nodes: Some(10), ..Limits::default() };
    let stats = count(&common::queens(8), &limits);
    assert_eq!((stats.nodes, stats.stop), (10, Stop::NodeLimit));
    let limits = Limits { max_nodes: Some(full.nodes), ..Limits::default() };
    assert_eq!(count(&common::queens(8), &limits).stop, Stop::Exhausted);
}

#[test]
fn past_deadline_and_callback_stop() {
    let limits = Limits { deadline: Some(Instant::now()), ..Limits::default() };
    let stats = count(&common::queens(8), &limits);
    assert_eq!((stats.nodes, stats.stop), (0, Stop::Timeout));
    let stats = solve(&common::queens(8), &Limits::default(), &mut |_| Flow::Stop);
    assert_eq!((stats.solutions, stats.stop), (1, Stop::Callback));
}

#[test]
fn first_solution_is_deterministic() {
    let mut first = Vec::new();
    solve(&common::queens(8), &Limits::default(), &mut |chosen| {
        first = chosen.to_vec();
        Flow::Stop
    });
    // Chosen in the order the search made them, each a (rank, file) square.
    assert_eq!(first.len(), 8);
    let again = {
        let mut v = Vec::new();
        solve(&common::queens(8), &Limits::default(), &mut |c| {
            v = c.to_vec();
            Flow::Stop
        });
        v
    };
    assert_eq!(first, again);
}

// ---------------------------------------------------------------------------------------
// DLX text
// ---------------------------------------------------------------------------------------

#[test]
fn dlx_text_of_a_tiny_problem() {
    let mut b = XccBuilder::new();
    let x = b.add_secondary("x y");
    let p = b.add_primary("p", 1, 1);
    let q = b.add_primary("q", 2, 3);
    let red = b.colour("red");
    b.add_option("first", &[plain(p), Entry { item: x, colour: red }]);
    b.add_option("second", &[plain(q)]);
    let problem = b.finish();
    let text = problem.to_dlx_text();
    assert_eq!(text, "p 2:3|q | x%20y\np x%20y:red\nq\n");
    assert_same_problem(&XccProblem::from_dlx_text(&text).unwrap(), &problem);
}

/// Equality up to option names (the DLX text has none).
fn assert_same_problem(a: &XccProblem, b: &XccProblem) {
    let mut a = a.clone();
    a.option_names = b.option_names.clone();
    assert_eq!(&a, b);
}

// ---------------------------------------------------------------------------------------
// Property tests
// ---------------------------------------------------------------------------------------

/// A random problem: per item (is primary, lo, hi); per option, per item (in?, colour).
#[derive(Clone, Debug)]
struct Spec {
    items: Vec<(bool, u32, u32)>,
    options: Vec<Vec<(bool, u32)>>,
}

fn spec() -> impl Strategy<Value = Spec> {
    let multiplicity =
        prop_oneof![3 => Just((1u32, 1u32)), 1 => (0u32..=2, 1u32..=3)].prop_map(|(lo, hi)| (lo.min(hi), hi));
    let item = (prop::bool::weighted(0.7), multiplicity).prop_map(|(p, (lo, hi))| (p, lo, hi));
    prop::collection::vec(item, 1..=8).prop_flat_map(|items| {
        let n = items.len();
        let entry = (prop::bool::weighted(0.35), 0u32..=2);
        let options = prop::collection::vec(prop::collection::vec(entry, n), 0..=12);
        (Just(items), options).prop_map(|(items, options)| Spec { items, options })
    })
}

/// Builds the spec with awkward names so the DLX text has to escape them.
fn build(spec: &Spec) -> XccProblem {
    let mut b = XccBuilder::new();
    let ids: Vec<ItemId> = spec
        .items
        .iter()
        .enumerate()
        .map(|(k, &(primary, lo, hi))| match primary {
            true => b.add_primary(format!("p{k} :|%"), lo, hi),
            false => b.add_secondary(format!("s{k}")),
        })
        .collect();
    for (o, row) in spec.options.iter().enumerate() {
        let mut entries = Vec::new();
        for (k, &(inside, colour)) in row.iter().enumerate() {
            if inside {
                let colour = match (spec.items[k].0, colour) {
                    (true, _) | (false, 0) => Colour::NONE,
                    (false, c) => b.colour(&format!("col {c}")),
                };
                entries.push(Entry { item: ids[k], colour });
            }
        }
        b.add_option(format!("o{o}"), &entries);
    }
    b.finish()
}

/// Every subset of the options that contain a primary item (Knuth's semantics: options
/// without one are never chosen) that the verifier accepts.
fn brute_force(p: &XccProblem) -> BTreeSet<Vec<u32>> {
    let eligible: Vec<u32> = (0..p.option_count() as u32)
        .filter(|&o| p.option(OptionId(o)).iter().any(|e| (e.item.0 as usize) < p.n_primary))
        .collect();
    let mut out = BTreeSet::new();
    for mask in 0u32..1 << eligible.len() {
        let set: Vec<u32> = (0..eligible.len()).filter(|b| mask >> b & 1 == 1).map(|b| eligible[b]).collect();
        let chosen: Vec<OptionId> = set.iter().map(|&o| OptionId(o)).collect();
        if check_solution(p, &chosen).is_ok() {
            out.insert(set);
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn engine_agrees_with_brute_force(spec in spec()) {
        let p = build(&spec);
        prop_assert_eq!(p.validate(), Ok(()));
        let (found, _) = all_solutions(&p);
        prop_assert_eq!(found, brute_force(&p));
    }

    #[test]
    fn dlx_text_round_trips(spec in spec()) {
        let p = build(&spec);
        prop_assume!(p.n_primary > 0 && (0..p.option_count()).all(|o| !p.option(OptionId(o as u32)).is_empty()));
        let back = XccProblem::from_dlx_text(&p.to_dlx_text()).map_err(TestCaseError::fail)?;
        // Colours are renumbered in order of first use; compare by name.
        prop_assert_eq!(coloured_text(&back), coloured_text(&p));
        prop_assert_eq!(&back.items, &p.items);
        prop_assert_eq!(&back.option_start, &p.option_start);
    }

    #[test]
    fn planted_solution_is_found(
        keys in prop::collection::vec(any::<u32>(), 1..=10),
        cuts in prop::collection::vec(prop::bool::weighted(0.4), 10),
        noise in prop::collection::vec(prop::collection::vec(prop::bool::weighted(0.3), 10), 0..=15),
        at in prop::collection::vec(any::<prop::sample::Index>(), 15),
    ) {
        let (p, planted) = planted(&keys, &cuts, &noise, &at);
        let (found, _) = all_solutions(&p);
        prop_assert!(found.contains(&planted), "planted {:?} not among {:?}", planted, found);
    }
}

/// Each option as (item id, colour name) pairs: equality that ignores colour numbering.
fn coloured_text(p: &XccProblem) -> Vec<Vec<(u32, String)>> {
    (0..p.option_count())
        .map(|o| {
            let entries = p.option(OptionId(o as u32));
            entries.iter().map(|e| (e.item.0, p.colour_names[e.colour.0 as usize].clone())).collect()
        })
        .collect()
}

/// Items 0..n (n = keys.len()) permuted by `keys` and cut into consecutive blocks where
/// `cuts` says; each block is a planted option, also claiming secondary `t` in colour
/// "on". Noise options (random item sets, some claiming `t` uncoloured) are spliced in at
/// random positions. Returns the problem and the planted option ids, sorted.
fn planted(keys: &[u32], cuts: &[bool], noise: &[Vec<bool>], at: &[prop::sample::Index]) -> (XccProblem, Vec<u32>) {
    let n = keys.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&k| (keys[k], k));
    let mut blocks: Vec<Vec<usize>> = vec![vec![]];
    for (pos, &k) in order.iter().enumerate() {
        if pos > 0 && cuts[pos] {
            blocks.push(vec![]);
        }
        blocks.last_mut().unwrap().push(k);
    }
    let mut rows: Vec<(bool, Vec<usize>, bool)> = blocks.into_iter().map(|b| (true, b, true)).collect();
    for (j, row) in noise.iter().enumerate() {
        let items: Vec<usize> = (0..n).filter(|&k| row[k]).collect();
        let pos = at[j].index(rows.len() + 1);
        rows.insert(pos, (false, items, row[9]));
    }
    let mut b = XccBuilder::new();
    let ids: Vec<ItemId> = (0..n).map(|k| b.add_primary(format!("i{k}"), 1, 1)).collect();
    let t = b.add_secondary("t");
    let on = b.colour("on");
    let mut planted = Vec::new();
    for (o, (is_planted, items, claims_t)) in rows.iter().enumerate() {
        let mut e: Vec<Entry> = items.iter().map(|&k| plain(ids[k])).collect();
        if *claims_t {
            e.push(Entry { item: t, colour: if *is_planted { on } else { Colour::NONE } });
        }
        if *is_planted {
            planted.push(o as u32);
        }
        b.add_option(format!("o{o}"), &e);
    }
    (b.finish(), planted)
}

// ---------------------------------------------------------------------------------------
// Pentominoes
// ---------------------------------------------------------------------------------------

#[test]
fn pentominoes_fill_3_by_20_in_8_ways() {
    // 2 solutions up to symmetry, times the 4 symmetries of the box.
    assert_eq!(solution_count(&common::pentominoes(3, 20, false)), 8);
}

// ---------------------------------------------------------------------------------------
// Parallel counting
// ---------------------------------------------------------------------------------------

#[test]
fn parallel_counts_equal_one_thread() {
    let problems = [
        common::queens(8),
        common::queens(9),
        common::langford(8),
        latin(4, Some(2)),
        common::pentominoes(3, 20, false),
    ];
    for p in &problems {
        let one = count(p, &Limits::default());
        for threads in [2, 3, 7] {
            // Each subproblem counts its own root node, so only solutions and stop compare.
            let many = count_parallel(p, &Limits::default(), threads);
            assert_eq!((many.solutions, many.stop), (one.solutions, one.stop), "{threads} threads");
        }
    }
    // Limits other than a deadline, and multiplicities, run on one thread: same answers.
    let limits = Limits { max_solutions: Some(5), ..Limits::default() };
    assert_eq!(count_parallel(&common::queens(8), &limits, 2), count(&common::queens(8), &limits));
    let p = XccProblem::from_dlx_text("2:3|x y\nx\nx\nx y\nx\n").unwrap();
    assert_eq!(count_parallel(&p, &Limits::default(), 2), count(&p, &Limits::default()));
}
