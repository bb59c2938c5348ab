//! White-box checks of the search: an exhausted search must leave every link as it found it.
//! A faulty undo can still find the right solutions on most inputs while leaving a list
//! corrupted for a later sibling, which the black-box tests could miss.

use proptest::prelude::*;

use super::cells::Cells;
use super::links::Links;
use super::{Branching, Engine, Flow, Limits, Stats, Stop, cells, search, solve_on};
use crate::ir::xcc::{Colour, Entry, XccBuilder, XccProblem};

/// Few items, rows drawn from a handful of patterns so that identical and overlapping rows
/// (adjacent in several lists) are common; multiplicities on most primary items.
fn problem() -> impl Strategy<Value = XccProblem> {
    problem_with(0..=2, 1..=3, 6, 10)
}

/// As [`problem`], every primary item `1..1` (what the dancing-cells engine runs).
fn exact_problem() -> impl Strategy<Value = XccProblem> {
    problem_with(1..=1, 1..=1, 6, 10)
}

/// As [`exact_problem`], with up to 10 items and 30 rows from 8 patterns: search trees
/// deep enough that a wrong count of live options changes the choices.
fn larger_exact_problem() -> impl Strategy<Value = XccProblem> {
    problem_with(1..=1, 1..=1, 10, 30)
}

fn problem_with(
    lo: std::ops::RangeInclusive<u32>,
    hi: std::ops::RangeInclusive<u32>,
    max_items: usize,
    max_rows: usize,
) -> impl Strategy<Value = XccProblem> {
    let item = (prop::bool::weighted(0.75), lo, hi);
    let items = prop::collection::vec(item, 1..=max_items);
    let pattern = prop::collection::vec((prop::bool::weighted(0.4), 0u32..=2), max_items);
    let patterns = prop::collection::vec(pattern, 1..=max_rows.div_ceil(4).min(8));
    let rows = prop::collection::vec(any::<prop::sample::Index>(), 0..=max_rows);
    (items, patterns, rows).prop_map(|(items, patterns, rows)| {
        let mut b = XccBuilder::new();
        let ids: Vec<_> = (items.iter().enumerate())
            .map(|(k, &(p, lo, hi))| match p {
                true => b.add_primary(format!("p{k}"), lo.min(hi), hi),
                false => b.add_secondary(format!("s{k}")),
            })
            .collect();
        for (o, r) in rows.iter().enumerate() {
            let pattern = &patterns[r.index(patterns.len())];
            let mut e = Vec::new();
            for (k, &(inside, c)) in pattern.iter().take(items.len()).enumerate() {
                if inside {
                    let colour = if items[k].0 || c == 0 { Colour::NONE } else { b.colour(&c.to_string()) };
                    e.push(Entry { item: ids[k], colour });
                }
            }
            b.add_option(format!("o{o}"), &e);
        }
        b.finish()
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn exhausted_search_restores_every_link(p in problem()) {
        prop_assert_eq!(p.validate(), Ok(()));
        let mut d = Links::new(&p);
        let before = d.clone();
        let stats = search::run(&mut d, &[], &Limits::default(), &mut |_| Flow::Continue);
        prop_assert_eq!(stats.stop, Stop::Exhausted);
        prop_assert!(d == before, "links not restored");
    }
}

/// What an exhausted dancing-cells search must give back: each item's live options (as a
/// set: their order within a slice may change), the active items, and an empty trail.
fn live_state(c: &Cells) -> (Vec<Vec<u32>>, Vec<u32>, Vec<u32>, usize) {
    let sets = (0..c.base.len())
        .map(|k| {
            let mut v = c.set[c.base[k] as usize..(c.base[k] + c.size(k as u32)) as usize].to_vec();
            v.sort_unstable();
            v
        })
        .collect();
    let mut primary = c.act[..c.npa as usize].to_vec();
    let mut secondary = c.act[c.np as usize..(c.np + c.nsa) as usize].to_vec();
    primary.sort_unstable();
    secondary.sort_unstable();
    (sets, primary, secondary, c.trail.len())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn exhausted_cells_search_restores_every_set(p in exact_problem(), forced in prop::bool::ANY) {
        prop_assert_eq!(p.validate(), Ok(()));
        let mut c = Cells::new(&p);
        let before = live_state(&c);
        let branching = if forced { Branching::ForcedMoves } else { Branching::Mrv };
        let stats = cells::search::run(&mut c, &Limits::default(), branching, &mut |_| Flow::Continue);
        prop_assert_eq!(stats.stop, Stop::Exhausted);
        prop_assert_eq!(live_state(&c), before);
        // Every node is where its position says.
        for (at, &x) in c.set.iter().enumerate() {
            prop_assert_eq!(c.nd_loc[x as usize] as usize, at);
        }
    }
}

#[test]
fn layout_matches_knuth_table_1() {
    // TAOCP 7.2.2.1 (49)'s first two options: headers 1..=7, spacer 8, `c e` at 9–10,
    // spacer 11, `a d g` at 12–14, spacer 15.
    let p = XccProblem::from_dlx_text("a b c d e f g\nc e\na d g\n").unwrap();
    let d = Links::new(&p);
    let tops: Vec<i32> = d.node[8..16].iter().map(|x| x.top).collect();
    assert_eq!(tops, [0, 3, 5, -1, 1, 4, 7, -2]);
    assert_eq!((d.node[8].dlink, d.node[11].ulink, d.node[11].dlink, d.node[15].ulink), (10, 9, 14, 12));
    assert_eq!((d.node[1].dlink, d.node[1].ulink, d.item[1].len), (12, 12, 1));
    assert_eq!((d.item[0].rlink, d.item[0].llink, d.item[7].rlink), (1, 7, 0));
}

/// Every solution (its option ids, sorted) in the order found, and the statistics.
fn solutions(engine: Engine, p: &XccProblem, branching: Branching) -> (Vec<Vec<u32>>, Stats) {
    let mut found = Vec::new();
    let stats = solve_on(engine, p, &Limits::default(), branching, &mut |chosen| {
        let mut ids: Vec<u32> = chosen.iter().map(|o| o.0).collect();
        ids.sort_unstable();
        found.push(ids);
        Flow::Continue
    });
    (found, stats)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    /// Sets of options and dancing cells search the same tree: the same solutions in the
    /// same order and the same node count, with forced moves too (where the two may take
    /// different forced moves into a subtree with an item left without options, counting
    /// one node there either way). The problems have colours about
    /// half the time, so both ways of counting options in `sets` are exercised.
    #[test]
    fn sets_search_the_tree_of_dancing_cells(p in larger_exact_problem(), forced in prop::bool::ANY) {
        prop_assert!(Engine::Sets.runs(&p));
        let branching = if forced { Branching::ForcedMoves } else { Branching::Mrv };
        let (cells, cells_stats) = solutions(Engine::Cells, &p, branching);
        let (sets, sets_stats) = solutions(Engine::Sets, &p, branching);
        prop_assert_eq!(&sets, &cells);
        prop_assert_eq!(sets_stats.solutions, cells.len() as u64);
        prop_assert_eq!(sets_stats.nodes, cells_stats.nodes);
    }
}
