//! Move-search engine: rules, budgets, and known puzzles (Mayan against the seed program and
//! an independent brute force, peg solitaire, the 8-puzzle). Problems are built by hand in
//! `tests/support/` until the `.puz` front end produces them.

use crate::move_fixtures as fx;
use crate::seed_mayan as mayan;
use crate::seed_programs;

use std::collections::{HashMap, VecDeque};
use std::time::Instant;

use fx::{blank, cmp, grid};
use puzc::ir::moves::*;
use puzc::solve::moves::{Limits, Stop, TraceStep, apply_move, count, legal, replay, solve};

fn set(cell: CellIx, v: Value) -> MoveInstance {
    MoveInstance { kind: 0, args: vec![], when: vec![], effects: vec![Effect::Set { cell, value: Operand::Const(v) }] }
}

/// Applies `m` to the grid `rows` under `rules` and returns the result as text rows.
fn after(rows: &[&str], rules: Vec<Rule>, m: MoveInstance) -> Vec<String> {
    let (on, v) = grid(rows);
    let cols = rows[0].split_whitespace().collect::<String>().len();
    let mut p = blank(rows.len(), cols, v.clone());
    p.on_board = on.clone();
    p.rules = rules;
    let mut s = v;
    apply_move(&p, &mut s, &m, None);
    s.chunks(cols)
        .zip(on.chunks(cols))
        .map(|(r, o)| {
            r.iter()
                .zip(o)
                .map(|(&v, &o)| match (o, v) {
                    (false, _) => '#',
                    (true, 0) => '.',
                    (true, v) if v < 10 => (b'0' + v) as char,
                    (true, v) => (b'a' + v - 10) as char,
                })
                .collect()
        })
        .collect()
}

const NOOP: fn() -> MoveInstance = || MoveInstance { kind: 0, args: vec![], when: vec![], effects: vec![] };

// ---------------------------------------------------------------- rules

#[test]
fn gravity_in_each_direction_stops_at_holes() {
    let g = ["1..", "#2.", "..3", "4#."];
    assert_eq!(after(&g, vec![Rule::Gravity(Dir::Down)], NOOP()), ["1..", "#..", ".2.", "4#3"]);
    assert_eq!(after(&g, vec![Rule::Gravity(Dir::Up)], NOOP()), ["123", "#..", "4..", ".#."]);
    assert_eq!(after(&g, vec![Rule::Gravity(Dir::Left)], NOOP()), ["1..", "#2.", "3..", "4#."]);
    assert_eq!(after(&g, vec![Rule::Gravity(Dir::Right)], NOOP()), ["..1", "#.2", "..3", "4#."]);
}

const RUNS3: Rule = Rule::ClearRuns { min: 3 };

#[test]
fn crossing_runs_clear_whole() {
    // L, T and + shapes: the shared cell belongs to both runs; both runs vanish entirely.
    let l = ["1....", "1....", "111.."];
    assert_eq!(after(&l, vec![RUNS3], NOOP()), [".....", ".....", "....."]);
    let t = ["222..", ".2...", ".2..."];
    assert_eq!(after(&t, vec![RUNS3], NOOP()), [".....", ".....", "....."]);
    let plus = [".3.", "333", ".3.", "1.1"];
    assert_eq!(after(&plus, vec![RUNS3], NOOP()), ["...", "...", "...", "1.1"]);
    // Runs of 2 stay; a run of 5 goes; a hole cuts a run.
    let misc = ["44.55", "77777", "88#88"];
    assert_eq!(after(&misc, vec![RUNS3], NOOP()), ["44.55", ".....", "88#88"]);
}

#[test]
fn row_crossing_column_crossing_row_clears_all() {
    // The seed program scans rows first and empties the column run while scanning, which
    // breaks the second row run (SEEDS-NOTES.md); all seven 5s must go.
    let z = ["555..", "..5..", "..555"];
    assert_eq!(after(&z, vec![RUNS3], NOOP()), [".....", ".....", "....."]);
    // Two rows on one column, as one move can build it on a Mayan board (see below).
    let h = ["66...", "666..", "776..", "..6.."];
    let (on, v) = grid(&h);
    let _ = on;
    assert_eq!(v.iter().filter(|&&x| x == 6).count(), 7);
    assert_eq!(after(&h, vec![RUNS3], NOOP()), ["66...", ".....", "77...", "....."]);
}

#[test]
fn cascades_repeat_until_stable_and_trace_each_change() {
    // Mayan rules. Setting r1c2 to 1 completes a column of three 1s; when it vanishes the 2
    // on top falls next to two 2s, and that row vanishes too.
    let rows = ["..2..", ".....", "..1..", "221..", "445.."];
    let (_, v) = grid(&rows);
    let mut p = blank(5, 5, v.clone());
    p.rules = vec![Rule::Gravity(Dir::Down), RUNS3];
    let mut s = v;
    let mut trace: Vec<TraceStep> = Vec::new();
    apply_move(&p, &mut s, &set(7, 1), Some(&mut trace));
    assert_eq!(s, grid(&[".....", ".....", ".....", ".....", "445.."]).1);
    let kinds: Vec<Option<usize>> = trace.iter().map(|t| t.rule.map(|r| r.0)).collect();
    // after the move; clear the 1s; the 2 falls; clear the 2s; nothing left to fall.
    assert_eq!(kinds, [None, Some(1), Some(0), Some(1)]);
    assert_eq!(trace[0].grid[7], 1);
    assert_eq!(trace.last().unwrap().grid, s);
}

#[test]
fn clear_groups_and_remove_group() {
    let g = ["11.2", ".1.2", ".122", "3.33"];
    assert_eq!(after(&g, vec![Rule::ClearGroups { min: 4 }], NOOP()), ["....", "....", "....", "3.33"]);
    assert_eq!(after(&g, vec![Rule::ClearGroups { min: 2 }], NOOP()), ["....", "....", "....", "3..."]);
    // SameGame: remove the group at (0,0) when it has >= 2 cells, then gravity down and left.
    let (_, v) = grid(&["12.", "112", "212"]);
    let mut p = blank(3, 3, v.clone());
    p.rules = vec![Rule::Gravity(Dir::Down), Rule::Gravity(Dir::Left)];
    let m = MoveInstance {
        kind: 0,
        args: vec![],
        when: vec![Cond::GroupAtLeast { cell: 0, min: 2 }],
        effects: vec![Effect::RemoveGroup { cell: 0 }],
    };
    let solo = MoveInstance { when: vec![Cond::GroupAtLeast { cell: 6, min: 2 }], ..m.clone() };
    assert!(legal(&p, &v, &m));
    assert!(!legal(&p, &v, &solo));
    let mut s = v;
    apply_move(&p, &mut s, &m, None);
    // Group {(0,0),(1,0),(1,1),(2,1)} goes; the 2s fall, the lone 2 slides left and stays.
    assert_eq!(s, grid(&["...", "2..", "222"]).1);
}

#[test]
fn empty_lines_close_in_each_direction() {
    let g = ["1..2", "...3", "1..4"];
    // Columns: the two empty middle columns vanish; the others keep their order.
    assert_eq!(after(&g, vec![Rule::Close(Dir::Left)], NOOP()), ["12..", ".3..", "14.."]);
    assert_eq!(after(&g, vec![Rule::Close(Dir::Right)], NOOP()), ["..12", "...3", "..14"]);
    let h = ["....", "12..", "....", "3..4", "...."];
    assert_eq!(after(&h, vec![Rule::Close(Dir::Up)], NOOP()), ["12..", "3..4", "....", "....", "...."]);
    assert_eq!(after(&h, vec![Rule::Close(Dir::Down)], NOOP()), ["....", "....", "....", "12..", "3..4"]);
    // SameGame: blocks fall, then an emptied column closes, then nothing more changes.
    let s = ["1.2", "1.2", "3.2"];
    let rules = vec![Rule::Gravity(Dir::Down), Rule::Close(Dir::Left)];
    assert_eq!(after(&s, rules.clone(), set(0, 0)), [".2.", "12.", "32."]);
    // Nothing to close: no change.
    assert_eq!(after(&["12", "34"], rules, NOOP()), ["12", "34"]);
}

#[test]
fn goal_conditions_are_all_comparisons() {
    let mut p = blank(1, 3, vec![1, 2, 0]);
    p.goal = Goal::All(vec![
        cmp(Operand::Cell(0), CmpOp::Ne, Operand::Const(2)),
        cmp(Operand::Cell(1), CmpOp::Gt, Operand::Cell(2)),
    ]);
    assert!(puzc::solve::moves::goal_holds(&p, &[1, 2, 0]));
    assert!(!puzc::solve::moves::goal_holds(&p, &[2, 2, 0]));
    assert!(!puzc::solve::moves::goal_holds(&p, &[1, 2, 2]));
    p.validate().unwrap();
    p.goal = Goal::All(vec![Cond::GroupAtLeast { cell: 0, min: 2 }]);
    assert!(p.validate().is_err(), "a goal holds comparisons only");
}

#[test]
fn computed_values_out_of_range_make_a_move_illegal() {
    // c0 := c0 + c1 on a board of values 0..=3: legal while the sum stays in range.
    let mut p = blank(1, 2, vec![1, 2]);
    p.allowed = (0..256).map(|v| v <= 3).collect();
    p.programs = vec![vec![Term::Cell(0), Term::Cell(1), Term::Add]];
    let m =
        MoveInstance { kind: 0, args: vec![], when: vec![], effects: vec![Effect::Compute { cell: 0, program: 0 }] };
    p.moves = vec![m.clone()];
    p.validate().unwrap();
    assert!(legal(&p, &[1, 2], &m));
    let mut s = vec![1, 2];
    apply_move(&p, &mut s, &m, None);
    assert_eq!(s, [3, 2]);
    assert!(!legal(&p, &[2, 2], &m), "2 + 2 is not a value of the board");
    // min, max and subtraction, in postfix: max(0, min(3, c1 * 2) - 5) = 0.
    p.programs = vec![vec![
        Term::Const(0),
        Term::Const(3),
        Term::Cell(1),
        Term::Const(2),
        Term::Mul,
        Term::Min,
        Term::Const(5),
        Term::Sub,
        Term::Max,
    ]];
    let mut s = vec![1, 2];
    assert!(legal(&p, &s, &m));
    apply_move(&p, &mut s, &m, None);
    assert_eq!(s, [0, 2]);
    // A program that pops an empty stack is refused by `validate`.
    p.programs = vec![vec![Term::Add]];
    assert!(p.validate().is_err());
}

#[test]
fn effects_are_simultaneous() {
    // a := b, b := a reads the state before the move: a swap, not a copy.
    let mut p = blank(1, 2, vec![1, 2]);
    let m = MoveInstance {
        kind: 0,
        args: vec![],
        when: vec![cmp(Operand::Cell(0), CmpOp::Lt, Operand::Cell(1))],
        effects: vec![
            Effect::Set { cell: 0, value: Operand::Cell(1) },
            Effect::Set { cell: 1, value: Operand::Cell(0) },
        ],
    };
    p.moves = vec![m.clone()];
    let mut s = p.initial.clone();
    assert!(legal(&p, &s, &m));
    apply_move(&p, &mut s, &m, None);
    assert_eq!(s, [2, 1]);
    assert!(!legal(&p, &s, &m));
}

// ---------------------------------------------------------------- budgets and limits

/// A 1×4 strip, values walk right: move i (i = 0..3) swaps cells i and i+1 when cell i != 0.
fn strip(initial: Vec<Value>, goal: Goal, budget: Budget) -> MoveProblem {
    let mut p = blank(1, initial.len(), initial);
    let n = p.cols as u32;
    p.moves = (0..n - 1)
        .map(|i| MoveInstance {
            kind: 0,
            args: vec![i as i64],
            when: vec![cmp(Operand::Cell(i), CmpOp::Ne, Operand::Const(0))],
            effects: vec![Effect::Swap(i, i + 1)],
        })
        .collect();
    p.goal = goal;
    p.budget = budget;
    p
}

#[test]
fn budgets() {
    let target = Goal::Pattern(vec![Some(0), Some(0), Some(1), Some(0)]);
    let lim = Limits::default();
    // Two moves reach the pattern; Exactly(3) needs a detour (0 then 1 then ... impossible:
    // the single block only moves right), AtMost(3) takes the two moves.
    let p = strip(vec![1, 0, 0, 0], target.clone(), Budget::Exactly(2));
    assert_eq!(solve(&p, &lim).solution, Some(vec![0, 1]));
    let p = strip(vec![1, 0, 0, 0], target.clone(), Budget::Exactly(3));
    let o = solve(&p, &lim);
    assert_eq!((o.solution, o.stats.stop), (None, Stop::Exhausted));
    let p = strip(vec![1, 0, 0, 0], target.clone(), Budget::AtMost(3));
    assert_eq!(solve(&p, &lim).solution, Some(vec![0, 1]));
    let p = strip(vec![0, 0, 1, 0], target.clone(), Budget::AtMost(3));
    assert_eq!(solve(&p, &lim).solution, Some(vec![]));
    let p = strip(vec![1, 0, 0, 0], target.clone(), Budget::Fewest { max: 5 });
    assert_eq!(solve(&p, &lim).solution, Some(vec![0, 1]));
    let p = strip(vec![1, 0, 0, 0], target, Budget::Fewest { max: 1 });
    assert_eq!(solve(&p, &lim).solution, None);
}

#[test]
fn exactly_does_not_accept_an_early_goal() {
    // The sample board empties after 3 moves. With n = 4 a solution must spend 4 moves (here
    // by a detour); the brute force agrees on which. AtMost(3) takes the 3 moves; AtMost(4)
    // takes the 4-move one, which is lexicographically smaller (it starts with a smaller move).
    let (_, b) = mayan::parse_input(SAMPLE);
    let ans = mayan::puzc_answer(&b, 4).expect("a 4-move solution exists");
    assert!(mayan::valid(&b, 4, &ans));
    assert_eq!(Some(ans), mayan::brute(&b, 4));
    let mut p = mayan::problem(&b, 4);
    let exactly4 = solve(&p, &Limits::default()).solution;
    p.budget = Budget::AtMost(3);
    assert_eq!(solve(&p, &Limits::default()).solution.map(|s| s.len()), Some(3));
    p.budget = Budget::AtMost(4);
    assert_eq!(solve(&p, &Limits::default()).solution, exactly4);
}

#[test]
fn limits_stop_the_search() {
    let p = fx::peg_solitaire(Budget::Exactly(31));
    let o = solve(&p, &Limits { max_nodes: 1000, ..Default::default() });
    assert_eq!((o.solution, o.stats.stop), (None, Stop::NodeLimit));
    let o = solve(&p, &Limits { deadline: Some(Instant::now()), ..Default::default() });
    assert_eq!(o.stats.stop, Stop::Deadline);
    assert!(o.stats.nodes <= 4096);
    let p = fx::sliding(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1], 31);
    let o = solve(&p, &Limits { max_table_entries: 1000, ..Default::default() });
    assert_eq!((o.solution, o.stats.stop), (None, Stop::TableFull));
    // A full table in depth-first search only loses memo: the answer stays the same.
    let (_, b) = mayan::parse_input(SAMPLE);
    let p = mayan::problem(&b, 3);
    let o = solve(&p, &Limits { max_table_entries: 1, ..Default::default() });
    assert!(o.stats.table_full);
    assert_eq!(o.solution, solve(&p, &Limits::default()).solution);
}

#[test]
fn validate_and_text_dump() {
    let (_, b) = mayan::parse_input(SAMPLE);
    let p = mayan::problem(&b, 3);
    p.validate().unwrap();
    let t = p.to_text();
    assert!(t.starts_with("grid 7 rows x 5 cols\n"), "{t}");
    assert!(t.contains("rules: gravity down; clear runs >= 3\n"), "{t}");
    assert!(t.contains("budget: exactly 3\n"), "{t}");
    assert!(t.contains("move 0 shift(0, 0, 1) when r6c0 != 0 do swap r6c0 r6c1\n"), "{t}");
    let mut bad = p.clone();
    bad.moves[3].effects = vec![Effect::Swap(0, 99)];
    assert!(bad.validate().unwrap_err().contains("move 3"));
    let mut bad = p.clone();
    bad.goal = Goal::NonEmptyCount(1);
    assert!(bad.validate().is_err());
    fx::peg_solitaire(Budget::Exactly(31)).validate().unwrap();
}

// ---------------------------------------------------------------- Mayan

const SAMPLE: &str = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n";

#[test]
fn mayan_noip_sample() {
    let (n, b) = mayan::parse_input(SAMPLE);
    let ans = mayan::puzc_answer(&b, n);
    assert_eq!(mayan::format_answer(ans.as_deref()), "2 1 1\n3 1 1\n3 0 1\n");
    assert!(mayan::valid(&b, n, &ans.unwrap()));
}

// ---------------------------------------------------------------- peg solitaire

#[test]
fn peg_solitaire_english_33() {
    for budget in [Budget::Exactly(31), Budget::AtMost(31)] {
        let p = fx::peg_solitaire(budget);
        let t = Instant::now();
        let o = solve(&p, &Limits::default());
        eprintln!("peg solitaire {budget:?}: {:?} in {:?}", o.stats, t.elapsed());
        let sol = o.solution.expect("the central game is solvable");
        assert_eq!(sol.len(), 31);
        // Independent check: replay by hand on a plain grid, not with the engine.
        let mut g = p.initial.clone();
        for &i in &sol {
            let a = &p.moves[i as usize].args;
            let (r, c, (dr, dc)) = (a[0], a[1], fx::DIRS[a[2] as usize]);
            let at = |r: i64, c: i64| (r * 7 + c) as usize;
            assert!(g[at(r, c)] == 1 && g[at(r + dr, c + dc)] == 1 && g[at(r + 2 * dr, c + 2 * dc)] == 0);
            assert!(p.on_board[at(r + 2 * dr, c + 2 * dc)]);
            g[at(r, c)] = 0;
            g[at(r + dr, c + dc)] = 0;
            g[at(r + 2 * dr, c + 2 * dc)] = 1;
        }
        assert_eq!(g.iter().filter(|&&v| v == 1).count(), 1);
        assert_eq!(g[3 * 7 + 3], 1);
        assert_eq!(replay(&p, &sol).unwrap(), g);
    }
}

// ---------------------------------------------------------------- 8-puzzle

/// Independent lexicographically-first shortest solution: BFS distances from the goal, then
/// from the start always take the first move (in the problem's order) that gets one closer.
fn brute_fewest(p: &MoveProblem) -> Option<Vec<u32>> {
    let Goal::Pattern(g) = &p.goal else { unreachable!() };
    let goal: Vec<Value> = g.iter().map(|v| v.unwrap()).collect();
    // Tile moves are reversible, so distances from the goal are distances to it.
    let step = |s: &Vec<Value>, m: &MoveInstance| -> Option<Vec<Value>> {
        let Effect::Swap(a, b) = m.effects[0] else { unreachable!() };
        (s[a as usize] == 0).then(|| {
            let mut t = s.clone();
            t.swap(a as usize, b as usize);
            t
        })
    };
    let mut dist: HashMap<Vec<Value>, u32> = HashMap::from([(goal.clone(), 0)]);
    let mut q = VecDeque::from([goal]);
    while let Some(s) = q.pop_front() {
        let d = dist[&s];
        for m in &p.moves {
            if let Some(t) = step(&s, m) {
                dist.entry(t.clone()).or_insert_with(|| {
                    q.push_back(t);
                    d + 1
                });
            }
        }
    }
    let mut s = p.initial.clone();
    let mut d = *dist.get(&s)?;
    let mut path = Vec::new();
    while d > 0 {
        let (i, t) = p
            .moves
            .iter()
            .enumerate()
            .find_map(|(i, m)| step(&s, m).filter(|t| dist[t] == d - 1).map(|t| (i, t)))
            .unwrap();
        path.push(i as u32);
        s = t;
        d -= 1;
    }
    Some(path)
}

#[test]
fn eight_puzzle_hardest_needs_31() {
    let p = fx::sliding(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1], 40);
    let t = Instant::now();
    let o = solve(&p, &Limits::default());
    eprintln!("8-puzzle 867254301: {:?} in {:?}", o.stats, t.elapsed());
    let sol = o.solution.unwrap();
    assert_eq!(sol.len(), 31);
    assert_eq!(Some(sol.clone()), brute_fewest(&p));
    let end = replay(&p, &sol).unwrap();
    assert_eq!(end, [1, 2, 3, 4, 5, 6, 7, 8, 0]);
    // One move short: no solution, and the search says it ran out rather than hit a limit.
    let p = fx::sliding(3, &[8, 6, 7, 2, 5, 4, 3, 0, 1], 30);
    let o = solve(&p, &Limits::default());
    assert_eq!((o.solution, o.stats.stop), (None, Stop::Exhausted));
}

#[test]
fn eight_puzzle_random_against_brute_force() {
    let mut rng = mayan::Rng(8);
    for case in 0..12 {
        // Random walks from the goal (solvable), plus two swapped tiles (unsolvable) now and then.
        let mut s: Vec<Value> = vec![1, 2, 3, 4, 5, 6, 7, 8, 0];
        for _ in 0..rng.range(0, 40) {
            let z = s.iter().position(|&v| v == 0).unwrap();
            let (r, c) = (z / 3, z % 3);
            let (dr, dc) = fx::DIRS[rng.range(0, 3) as usize];
            let (nr, nc) = (r as i64 + dr, c as i64 + dc);
            if (0..3).contains(&nr) && (0..3).contains(&nc) {
                s.swap(z, (nr * 3 + nc) as usize);
            }
        }
        if case % 4 == 3 {
            let (a, b) = if s[0] != 0 && s[1] != 0 { (0, 1) } else { (7, 8) };
            s.swap(a, b);
        }
        let p = fx::sliding(3, &s, 31);
        let got = solve(&p, &Limits::default()).solution;
        assert_eq!(got, brute_fewest(&p), "start {s:?}");
    }
}

// ---------------------------------------------------------------- Mayan against the seed

/// Moves a brute force may enumerate before we skip it (debug build: ~1 s at most per board).
const BRUTE_LEAVES: f64 = 150_000.0;

/// Found by a random search for boards where one move empties the board under the statement
/// but not under the seed's clearing: `2 1 1` makes the row `1 1 1` at y = 1 cross the column
/// `1 1 1` at x = 2, and what falls then forms more crossing runs. The seed prints -1 for n = 1.
fn crossing_case() -> mayan::Board {
    let mut b = [[0u8; 7]; 5];
    b[0][..4].copy_from_slice(&[2, 1, 2, 2]);
    b[1][..3].copy_from_slice(&[2, 1, 2]);
    b[2][..5].copy_from_slice(&[1, 2, 1, 2, 2]);
    b[3][..3].copy_from_slice(&[2, 1, 2]);
    b
}

#[derive(Default, Debug)]
struct Tally {
    boards: usize,
    same: usize,
    solvable: usize,
    /// Seed printed a move list that is not a solution under the statement's rules.
    seed_invalid: usize,
    /// Seed printed -1, puzc found a solution that the independent replay confirms.
    seed_missed: usize,
    /// Both valid, puzc's is lexicographically smaller (the seed's move order).
    seed_not_first: usize,
    unexplained: Vec<String>,
    brute_checked: usize,
}

#[test]
fn mayan_against_seed_and_brute_force() {
    let t0 = Instant::now();
    let seed = seed_programs::mayan();
    let mut rng = mayan::Rng(0x2011_1312);
    let mut cases: Vec<(&str, u32, mayan::Board)> = Vec::new();
    for _ in 0..80 {
        let k = rng.range(3, 5) as usize;
        let b = mayan::random_board(&mut rng, 0, 3, k);
        cases.push(("sparse", rng.range(1, 5) as u32, b));
    }
    for _ in 0..110 {
        let k = rng.range(1, 3) as usize;
        let per = if k == 1 { [3, 6][rng.range(0, 1) as usize] } else { 3 };
        let b = mayan::triples_board(&mut rng, k, per);
        cases.push(("triples", rng.range(1, 4) as u32, b));
    }
    for _ in 0..50 {
        let k = rng.range(2, 4) as usize;
        let b = mayan::random_board(&mut rng, 3, 7, k);
        cases.push(("dense", rng.range(1, 2) as u32, b));
    }
    for _ in 0..8 {
        let b = mayan::random_board(&mut rng, 4, 7, 3);
        cases.push(("dense3", 3, b));
    }
    // Two or three colours at medium height: crossing runs and cascades are common here.
    for _ in 0..60 {
        let k = rng.range(2, 3) as usize;
        let b = mayan::random_board(&mut rng, 0, 5, k);
        cases.push(("crossy", rng.range(1, 2) as u32, b));
    }
    // Boards that empty in one move, asked with more moves.
    let mut early = 0;
    while early < 30 {
        let b = mayan::triples_board(&mut rng, 1, 3);
        if mayan::brute(&b, 1).is_some() {
            cases.push(("early", rng.range(2, 4) as u32, b));
            early += 1;
        }
    }
    cases.push(("crossing", 1, crossing_case()));
    cases.push(("crossing", 2, crossing_case()));
    let mut mirror = crossing_case();
    mirror.reverse();
    cases.push(("crossing-mirror", 1, mirror));
    let (n, b) = mayan::parse_input(SAMPLE);
    cases.push(("sample", n, b));

    let mut tally = Tally::default();
    let mut seed_time = std::time::Duration::ZERO;
    let mut puzc_time = std::time::Duration::ZERO;
    for (i, (kind, n, b)) in cases.iter().enumerate() {
        if std::env::var_os("MAYAN_PROGRESS").is_some() {
            eprintln!("case {i} {kind} n={n} at {:?}", t0.elapsed());
        }
        assert!(mayan::no_runs(b), "generator made a board with a run: {b:?}");
        let input = mayan::format_input(*n, b);
        let t = Instant::now();
        let seed_out = seed_programs::run_seed(&seed, &input);
        seed_time += t.elapsed();
        let t = Instant::now();
        let ours = mayan::puzc_answer(b, *n);
        puzc_time += t.elapsed();
        let theirs = mayan::parse_answer(&seed_out);
        tally.boards += 1;
        tally.solvable += ours.is_some() as usize;
        if let Some(m) = &ours {
            assert!(mayan::valid(b, *n, m), "puzc answer fails the independent replay\n{input}{m:?}");
        }
        // Independent check of the answer itself, wherever brute force is affordable.
        let moves = mayan::legal_moves(b).len() as f64;
        if moves.powi(*n as i32) <= BRUTE_LEAVES {
            tally.brute_checked += 1;
            assert_eq!(ours, mayan::brute(b, *n), "puzc and brute force disagree ({kind})\n{input}");
        }
        if ours == theirs {
            tally.same += 1;
            continue;
        }
        let theirs_valid = theirs.as_ref().is_some_and(|m| mayan::valid(b, *n, m));
        match (&ours, &theirs) {
            (_, Some(_)) if !theirs_valid => tally.seed_invalid += 1,
            (Some(_), None) => tally.seed_missed += 1,
            (Some(o), Some(t)) if key(o) < key(t) => tally.seed_not_first += 1,
            _ => tally.unexplained.push(format!("{kind}: input\n{input}puzc {ours:?}\nseed {seed_out:?}")),
        }
    }
    eprintln!("Mayan differential: {tally:#?}");
    eprintln!("seed total {seed_time:?}, puzc total {puzc_time:?}, test {:?}", t0.elapsed());
    assert!(tally.boards >= 200);
    assert!(tally.solvable >= 40, "too few solvable boards to mean much: {}", tally.solvable);
    assert!(tally.seed_invalid + tally.seed_missed >= 2, "the crossing cases should show the seed's defect");
    assert!(tally.brute_checked * 10 >= tally.boards * 9, "brute force should cover most boards");
    assert!(tally.unexplained.is_empty(), "unexplained differences:\n{}", tally.unexplained.join("\n"));
}

/// Lexicographic key of a move list: x, then y, then right (1) before left (-1).
fn key(m: &[mayan::Mv]) -> Vec<(usize, usize, i64)> {
    m.iter().map(|&(x, y, d)| (x, y, -d)).collect()
}

// ---------------------------------------------------------------- search vs plain enumeration

/// A random small problem: 2-3 rows × 3-4 cols, a hole now and then, values 0..=3, a random
/// subset of rules, swaps / sets / group removals, a random goal and budget.
fn random_problem(rng: &mut mayan::Rng) -> MoveProblem {
    let (rows, cols) = (rng.range(2, 3) as usize, rng.range(3, 4) as usize);
    let n = rows * cols;
    let mut p = blank(rows, cols, (0..n).map(|_| rng.range(0, 3) as Value).collect());
    if rng.range(0, 2) == 0 {
        let h = rng.range(0, n as u64 - 1) as usize;
        p.on_board[h] = false;
        p.initial[h] = 0;
    }
    let dirs = [Dir::Down, Dir::Up, Dir::Left, Dir::Right];
    let pool = [
        Rule::Gravity(dirs[rng.range(0, 3) as usize]),
        Rule::ClearRuns { min: rng.range(2, 3) as u32 },
        Rule::ClearGroups { min: rng.range(2, 4) as u32 },
    ];
    p.rules = pool.into_iter().filter(|_| rng.range(0, 1) == 0).collect();
    let on: Vec<u32> = (0..n as u32).filter(|&c| p.on_board[c as usize]).collect();
    let only_swaps = rng.range(0, 1) == 0;
    for _ in 0..rng.range(3, 9) {
        let a = on[rng.range(0, on.len() as u64 - 1) as usize];
        let b = on[rng.range(0, on.len() as u64 - 1) as usize];
        let (when, effects) = match if only_swaps { 0 } else { rng.range(0, 2) } {
            0 => (vec![cmp(Operand::Cell(a), CmpOp::Ne, Operand::Const(0))], vec![Effect::Swap(a, b)]),
            1 => (
                vec![cmp(Operand::Cell(a), CmpOp::Lt, Operand::Cell(b))],
                vec![Effect::Set { cell: a, value: Operand::Const(rng.range(0, 3) as Value) }],
            ),
            _ => (vec![Cond::GroupAtLeast { cell: a, min: 2 }], vec![Effect::RemoveGroup { cell: a }]),
        };
        p.moves.push(MoveInstance { kind: 0, args: vec![], when, effects });
    }
    let k = rng.range(0, 4) as u32;
    // Plant a reachable goal most of the time: the state after a random playout.
    let mut end = p.initial.clone();
    for _ in 0..rng.range(0, k as u64) {
        let legal_now: Vec<&MoveInstance> = p.moves.iter().filter(|m| legal(&p, &end, m)).collect();
        if let Some(m) = legal_now.get(rng.range(0, 9) as usize % legal_now.len().max(1)) {
            apply_move(&p, &mut end, m, None);
        }
    }
    p.goal = match rng.range(0, 2) {
        0 => Goal::Empty,
        1 => Goal::NonEmptyCount(end.iter().filter(|&&v| v != 0).count() as u32),
        _ => Goal::Pattern(end.iter().map(|&v| (rng.range(0, 3) > 0).then_some(v)).collect()),
    };
    // The compiler's dead-state rule: goal Empty, moves keep the multiset, only clearing of
    // at least k removes values.
    if p.goal == Goal::Empty && only_swaps {
        p.dead_below = p
            .rules
            .iter()
            .filter_map(|r| match r {
                Rule::ClearRuns { min } | Rule::ClearGroups { min } => Some(*min),
                Rule::Gravity(_) | Rule::Close(_) => None,
            })
            .min();
    }
    p.budget = [Budget::Exactly(k), Budget::AtMost(k), Budget::Fewest { max: k }][rng.range(0, 2) as usize];
    p.validate().unwrap();
    p
}

/// The first solution by plain enumeration in move order, no memo, no pruning.
fn enumerate(p: &MoveProblem) -> Option<Vec<u32>> {
    let goal = |s: &[Value]| puzc::solve::moves::goal_holds(p, s);
    // `at_end`: goal checked only after exactly `left` more moves; otherwise at every node.
    fn go(
        p: &MoveProblem,
        s: &[Value],
        left: u32,
        at_end: bool,
        goal: &dyn Fn(&[Value]) -> bool,
        path: &mut Vec<u32>,
    ) -> bool {
        if (!at_end || left == 0) && goal(s) {
            return true;
        }
        if left == 0 {
            return false;
        }
        for (i, m) in p.moves.iter().enumerate() {
            if legal(p, s, m) {
                let mut t = s.to_vec();
                apply_move(p, &mut t, m, None);
                path.push(i as u32);
                if go(p, &t, left - 1, at_end, goal, path) {
                    return true;
                }
                path.pop();
            }
        }
        false
    }
    let mut path = Vec::new();
    match p.budget {
        Budget::Exactly(n) => go(p, &p.initial, n, true, &goal, &mut path).then_some(path),
        Budget::AtMost(n) => go(p, &p.initial, n, false, &goal, &mut path).then_some(path),
        Budget::Fewest { max } => (0..=max).find_map(|l| {
            let mut path = Vec::new();
            go(p, &p.initial, l, true, &goal, &mut path).then_some(path)
        }),
    }
}

#[test]
fn search_matches_plain_enumeration() {
    let mut rng = mayan::Rng(0x5eed);
    let mut solved = 0;
    for case in 0..1000 {
        let p = random_problem(&mut rng);
        let got = solve(&p, &Limits::default());
        let want = enumerate(&p);
        assert_eq!(got.solution, want, "case {case}\n{}", p.to_text());
        solved += want.is_some() as usize;
    }
    eprintln!("search vs enumeration: 1000 problems, {solved} solvable");
    assert!(solved >= 300);
}

// ---------------------------------------------------------------- counting vs plain listing

/// Every solution by plain enumeration in move order, no memo, no pruning: sequences of
/// exactly `n` moves ending at the goal (`Exactly`); sequences of at most `n` moves that stop
/// the first time the goal holds (`AtMost`); the sequences of the least length that has any
/// (`Fewest`).
fn enumerate_all(p: &MoveProblem) -> Vec<Vec<u32>> {
    fn go(p: &MoveProblem, s: &[Value], left: u32, at_end: bool, path: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
        let goal = puzc::solve::moves::goal_holds(p, s);
        if (!at_end || left == 0) && goal {
            out.push(path.clone());
            return;
        }
        if left == 0 {
            return;
        }
        for (i, m) in p.moves.iter().enumerate() {
            if legal(p, s, m) {
                let mut t = s.to_vec();
                apply_move(p, &mut t, m, None);
                path.push(i as u32);
                go(p, &t, left - 1, at_end, path, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    match p.budget {
        Budget::Exactly(n) => go(p, &p.initial, n, true, &mut Vec::new(), &mut out),
        Budget::AtMost(n) => go(p, &p.initial, n, false, &mut Vec::new(), &mut out),
        Budget::Fewest { max } => {
            for l in 0..=max {
                go(p, &p.initial, l, true, &mut Vec::new(), &mut out);
                if !out.is_empty() {
                    break;
                }
            }
        }
    }
    out
}

#[test]
fn counts_and_listings_match_plain_enumeration() {
    let mut rng = mayan::Rng(0xc0de);
    let (mut several, mut budgets) = (0, [0; 3]);
    for case in 0..1000 {
        let p = random_problem(&mut rng);
        let want = enumerate_all(&p);
        let mut listed = Vec::new();
        let got = count(&p, &Limits::default(), &mut |s| {
            listed.push(s.to_vec());
            true
        });
        assert_eq!(got.count, want.len() as u128, "case {case}\n{}", p.to_text());
        assert_eq!(listed, want, "case {case}\n{}", p.to_text());
        assert_eq!(got.stats.stop, if want.is_empty() { Stop::Exhausted } else { Stop::Solved });
        // The listing stops when asked, after the first solutions in the same order.
        let mut first = Vec::new();
        count(&p, &Limits::default(), &mut |s| {
            first.push(s.to_vec());
            first.len() < 2
        });
        assert_eq!(first, want[..want.len().min(2)], "case {case}");
        if want.len() > 1 {
            several += 1;
            budgets[match p.budget {
                Budget::Exactly(_) => 0,
                Budget::AtMost(_) => 1,
                Budget::Fewest { .. } => 2,
            }] += 1;
        }
    }
    eprintln!("counting vs enumeration: 1000 problems, {several} with several solutions, by budget {budgets:?}");
    assert!(budgets.iter().all(|&b| b >= 20), "too few problems with several solutions: {budgets:?}");
}

#[test]
fn counting_stops_at_limits() {
    // A 1×6 row of pegs that can walk either way: many sequences, so a tiny node limit stops
    // the count, and the stop is reported rather than a partial count taken as the answer.
    let mut p = blank(1, 6, vec![1, 0, 0, 0, 0, 0]);
    for a in 0..6u32 {
        for b in [a.wrapping_sub(1), a + 1] {
            if b < 6 {
                p.moves.push(MoveInstance {
                    kind: 0,
                    args: vec![],
                    when: vec![cmp(Operand::Cell(a), CmpOp::Ne, Operand::Const(0))],
                    effects: vec![Effect::Swap(a, b)],
                });
            }
        }
    }
    p.goal = Goal::Pattern(vec![Some(0), Some(0), Some(0), Some(0), Some(0), Some(1)]);
    p.budget = Budget::Exactly(9);
    let all = count(&p, &Limits::default(), &mut |_| true);
    // Walks of 9 steps from 0 to 5 on a path of 6 cells: computed by the recurrence below.
    let mut ways = [1u128, 0, 0, 0, 0, 0];
    for _ in 0..9 {
        let mut next = [0u128; 6];
        for c in 0..6 {
            if c > 0 {
                next[c - 1] += ways[c];
            }
            if c < 5 {
                next[c + 1] += ways[c];
            }
        }
        ways = next;
    }
    assert_eq!(all.count, ways[5]);
    assert!(all.count > 10);
    let cut = count(&p, &Limits { max_nodes: 5, ..Limits::default() }, &mut |_| true);
    assert_eq!(cut.stats.stop, Stop::NodeLimit);
    p.budget = Budget::Fewest { max: 20 };
    let shortest = count(&p, &Limits::default(), &mut |_| true);
    assert_eq!((shortest.count, shortest.stats.stop), (1, Stop::Solved));
    let full = count(&p, &Limits { max_table_entries: 3, ..Limits::default() }, &mut |_| true);
    assert_eq!(full.stats.stop, Stop::TableFull);
}
