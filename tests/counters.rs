//! Counters (state beyond the board) and the author's `estimate` on played puzzles. Every
//! reference answer is computed here by a breadth-first search written for the test.
use crate::common;
use common::{run, run_ok};
use std::collections::{HashMap, HashSet};

/// Writes a spec to a temporary file and returns its path.
fn spec(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("puzc-counters-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Three jugs of `caps` litres, the first full: pour one into another until the one is
/// empty or the other full. Returns the fewest pours that reach `goal` and how many pour
/// sequences of that length do, by a layered breadth-first search over the jug contents.
fn jugs_bfs(caps: [i64; 3], goal: [i64; 3]) -> (usize, u128) {
    let start = [caps[0], 0, 0];
    let mut layer: HashMap<[i64; 3], u128> = HashMap::from([(start, 1)]);
    let mut seen = HashSet::from([start]);
    for depth in 0.. {
        if let Some(&w) = layer.get(&goal) {
            return (depth, w);
        }
        assert!(!layer.is_empty(), "the goal is unreachable");
        let mut next: HashMap<[i64; 3], u128> = HashMap::new();
        for (s, w) in &layer {
            for j in 0..3 {
                for k in 0..3 {
                    if j == k || s[j] == 0 || s[k] == caps[k] {
                        continue;
                    }
                    let moved = s[j].min(caps[k] - s[k]);
                    let mut t = *s;
                    t[j] -= moved;
                    t[k] += moved;
                    if !seen.contains(&t) {
                        *next.entry(t).or_default() += w;
                    }
                }
            }
        }
        seen.extend(next.keys().copied());
        layer = next;
    }
    unreachable!()
}

/// The 8-5-3 jugs (share 8 litres into 4 and 4), a puzzle of counters only: one `pour`
/// statement for every pair of jugs, written with arithmetic on a list counter.
const JUGS: &str = r#"
puzzle "Three jugs"
let cap = [8, 5, 3]
counter jug[3] in 0..=8 = [8, 0, 0]
move pour(j, k) for j in 0..3, k in 0..3 where j != k
    when jug(j) > 0 and jug(k) < cap[k]
    do set jug(j) = jug(j) - min(jug(j), cap[k] - jug(k)),
       set jug(k) = min(cap[k], jug(k) + jug(j))
goal when jug(0) == 4 and jug(1) == 4
moves fewest
print "{length} pours{each move}, {j}>{k} [{jug}]{end}\n"
"#;

#[test]
fn three_jugs_of_counters_against_bfs() {
    let (len, ways) = jugs_bfs([8, 5, 3], [4, 4, 0]);
    assert_eq!(len, 7, "the classic answer");
    let path = spec("jugs.puz", JUGS);
    let out = run_ok(&["solve", &path], None, 0);
    assert!(out.starts_with(&format!("{len} pours, ")), "{out}");
    // The template sees each counter after each move, and the last state is the goal.
    assert!(out.trim_end().ends_with("[4 4 0]"), "{out}");
    assert_eq!(run_ok(&["solve", &path, "--count"], None, 0), format!("{ways}\n"));
    // Another goal, same reference.
    let other = JUGS.replace("jug(0) == 4 and jug(1) == 4", "jug(2) == 1");
    let reference = (0..=8)
        .flat_map(|a| (0..=5).map(move |b| [a, b, 1]))
        .filter(|s| s.iter().sum::<i64>() == 8)
        .filter_map(|g| std::panic::catch_unwind(|| jugs_bfs([8, 5, 3], g)).ok())
        .min_by_key(|&(l, _)| l)
        .unwrap();
    let out = run_ok(&["solve", &spec("jugs1.puz", &other)], None, 0);
    assert!(out.starts_with(&format!("{} pours", reference.0)), "{out}");
}

/// A counter is part of the position: the same board with another count is another
/// position. The token must come back to where it started with the counter at 2, which a
/// search that looked at the board alone would take for the start and never reach.
#[test]
fn counters_are_part_of_the_position() {
    let text = r#"
board strip[1, 3] of 0..=1
given strip = "100"
counter k in 0..=3
move step(c, d) for c in 0..3, d in [1, -1]
    when strip(0, c) == 1 and strip(0, c + d) == 0 and k < 3
    do swap (0, c), (0, c + d), set k = k + 1
goal when strip(0, 0) == 1 and k == 2
moves fewest
"#;
    let path = spec("token.puz", text);
    assert_eq!(run_ok(&["solve", &path], None, 0), "0 1\n1 -1\n");
    // --trace draws the counter under the board after every move.
    let trace = run_ok(&["solve", &path, "--trace"], None, 0);
    assert!(trace.contains("k = 0") && trace.contains("k = 2"), "{trace}");
    // Breadth-first and the default agree; `--emit moves` lists the counter.
    assert_eq!(run_ok(&["solve", &path, "--search", "bfs"], None, 0), "0 1\n1 -1\n");
    let ir = run_ok(&["compile", &path, "--emit", "moves"], None, 0);
    assert!(ir.contains("counters: k=0 in 0..=3"), "{ir}");
    // Exactly three moves cannot end with k == 2.
    let r = run(&["solve", &spec("token3.puz", &text.replace("moves fewest", "moves exactly 3"))], None);
    assert_eq!(r.code, 1, "{}", r.err);
}

/// A counter written outside its range makes the move illegal there, as a computed cell
/// value outside the board's values does.
#[test]
fn a_computed_counter_stays_in_its_range() {
    let text = r#"
counter n in 0..=5
move add(d) for d in [3, 2]
    do set n = n + d
goal when n == 4
"#;
    // 3 then 3 would be 6: the only way to 4 is 2 then 2.
    assert_eq!(run_ok(&["solve", &spec("range.puz", text)], None, 0), "2\n2\n");
}

/// `estimate`: one that never overestimates gives breadth-first search's answer; one that
/// is seen to overestimate on the answer is reported and the search runs again without it.
#[test]
fn estimates_guide_and_are_distrusted_when_they_overestimate() {
    let bfs = run_ok(&["solve", &spec("jugs_bfs.puz", JUGS), "--search", "bfs"], None, 0);
    let good = JUGS.replace("moves fewest", "estimate min(1, abs(jug(0) - 4))\nmoves fewest");
    let path = spec("jugs_est.puz", &good);
    let r = run(&["solve", &path, "--stats"], None);
    assert_eq!((r.code, r.out.as_str()), (0, bfs.as_str()), "{}", r.err);
    assert!(r.err.contains("IDA*") && !r.err.contains("overestimates"), "{}", r.err);
    let ir = run_ok(&["compile", &path, "--emit", "moves"], None, 0);
    assert!(ir.contains("lower bound: the spec's estimate (not proved)"), "{ir}");
    // Ten times the distance of the first jug from 4: far too much.
    let bad = JUGS.replace("moves fewest", "estimate 10 * abs(jug(0) - 4)\nmoves fewest");
    let r = run(&["solve", &spec("jugs_bad.puz", &bad), "--stats"], None);
    assert_eq!((r.code, r.out.as_str()), (0, bfs.as_str()), "{}", r.err);
    assert!(r.err.contains("overestimates"), "{}", r.err);
    // `--stats` names the search whose nodes it reports: the second one.
    assert!(r.err.contains("instance 1: breadth-first (after IDA* with the spec's estimate)"), "{}", r.err);
    // An estimate that lets nothing through (positive at the goal) is not believed either.
    let never = JUGS.replace("moves fewest", "estimate 50\nmoves fewest at most 20");
    let r = run(&["solve", &spec("jugs_never.puz", &never)], None);
    assert_eq!((r.code, r.out.as_str()), (0, bfs.as_str()), "{}", r.err);
}

/// A queue of incoming pieces as a list counter beside the board: each drop puts the head
/// of the queue on top of a column and shifts the queue; blocks fall and runs of three
/// vanish. Against a breadth-first search written here over (board, queue), which also
/// counts the shortest drop sequences, on seeded random boards and queues.
#[test]
fn a_queue_of_incoming_pieces_against_bfs() {
    const R: usize = 3;
    const C: usize = 3;
    type State = ([u8; R * C], [u8; 4]);
    fn settle(g: &mut [u8; R * C]) {
        loop {
            // Gravity: each column's blocks keep their order at the bottom.
            for c in 0..C {
                let col: Vec<u8> = (0..R).map(|r| g[r * C + c]).filter(|&v| v != 0).collect();
                for r in 0..R {
                    let from_bottom = R - 1 - r;
                    g[r * C + c] = if from_bottom < col.len() { col[col.len() - 1 - from_bottom] } else { 0 };
                }
            }
            // Every run of three equal blocks in a row or a column, found first, cleared together.
            let mut doomed = [false; R * C];
            for r in 0..R {
                if g[r * C] != 0 && (0..C).all(|c| g[r * C + c] == g[r * C]) {
                    (0..C).for_each(|c| doomed[r * C + c] = true);
                }
            }
            for c in 0..C {
                if g[c] != 0 && (0..R).all(|r| g[r * C + c] == g[c]) {
                    (0..R).for_each(|r| doomed[r * C + c] = true);
                }
            }
            if !doomed.contains(&true) {
                return;
            }
            for (v, d) in g.iter_mut().zip(doomed) {
                if d {
                    *v = 0;
                }
            }
        }
    }
    fn reference(start: State) -> Option<(usize, u128)> {
        let mut layer: HashMap<State, u128> = HashMap::from([(start, 1)]);
        let mut seen = HashSet::from([start]);
        for depth in 0.. {
            let won: u128 = layer.iter().filter(|(s, _)| s.0.iter().all(|&v| v == 0)).map(|(_, w)| w).sum();
            if won > 0 {
                return Some((depth, won));
            }
            if layer.is_empty() {
                return None;
            }
            let mut next: HashMap<State, u128> = HashMap::new();
            for ((g, q), w) in &layer {
                for c in 0..C {
                    if q[0] == 0 || g[c] != 0 {
                        continue;
                    }
                    let mut g2 = *g;
                    g2[c] = q[0];
                    settle(&mut g2);
                    let q2 = [q[1], q[2], q[3], 0];
                    if !seen.contains(&(g2, q2)) {
                        *next.entry((g2, q2)).or_default() += w;
                    }
                }
            }
            seen.extend(next.keys().copied());
            layer = next;
        }
        unreachable!()
    }
    let text = r#"
board well[3, 3] of 0..=2
given well from instance
counter next[4] in 0..=2 from instance
move drop(c) for c in 0..3
    when next(0) > 0 and well(0, c) == 0
    do set (0, c) = next(0),
       set next(i) = next(i + 1) for i in 0..3,
       set next(3) = 0
after each move: gravity down, clear runs >= 3
goal empty
moves fewest
"#;
    let path = spec("drops.puz", text);
    let mut rng = common::Rng::new(11);
    let (mut solved, mut unsolved) = (0, 0);
    for _ in 0..30 {
        // A bottom row, maybe a second, and a queue of four.
        let mut g = [0u8; R * C];
        for (i, v) in g.iter_mut().enumerate().skip(C) {
            if i >= 2 * C || rng.next().is_multiple_of(3) {
                *v = (rng.next() % 3) as u8;
            }
        }
        settle(&mut g);
        let q: [u8; 4] = std::array::from_fn(|_| (1 + rng.next() % 2) as u8);
        // The board a row a line, then the queue.
        let rows: Vec<String> = g.chunks(C).map(|r| r.iter().map(u8::to_string).collect()).collect();
        let queue: Vec<String> = q.iter().map(u8::to_string).collect();
        let instance = format!("{}\n{}\n", rows.join("\n"), queue.join(" "));
        let mut tmp = std::fs::File::create(format!("{path}.in")).unwrap();
        std::io::Write::write_all(&mut tmp, instance.as_bytes()).unwrap();
        let inst = format!("{path}.in");
        match reference((g, q)) {
            Some((len, ways)) => {
                solved += 1;
                let out = run_ok(&["solve", &path, "--instance", &inst], None, 0);
                assert_eq!(out.lines().count(), len, "{instance}: {out}");
                let count = run_ok(&["solve", &path, "--instance", &inst, "--count"], None, 0);
                assert_eq!(count, format!("{ways}\n"), "{instance}");
            }
            None => {
                unsolved += 1;
                assert_eq!(run(&["solve", &path, "--instance", &inst], None).code, 1, "{instance}");
            }
        }
    }
    assert!(solved >= 5 && unsolved >= 1, "{solved} solved, {unsolved} not: the sample tests too little");
}

/// A spec's counters hold at most 1024 numbers together (docs/moves.md, E103): across
/// statements, not only in each. At the limit the spec compiles; one more is refused.
#[test]
fn counters_hold_at_most_1024_numbers_in_all() {
    let with = |extra: usize| {
        format!(
            "counter a[1000] in 0..=1\ncounter b[{extra}] in 0..=1\ncounter c in 0..=1\nmove m for k in [1] when c == 0 do set c = k\ngoal when c == 1\n"
        )
    };
    let at = run(&["check", &spec("limit.puz", &with(23))], None);
    assert_eq!(at.code, 0, "1024 numbers are allowed: {}", at.err);
    let past = run(&["check", &spec("past.puz", &with(24))], None);
    assert_eq!(past.code, 3, "{}", past.err);
    assert!(past.err.contains("E103") && past.err.contains("brings the counters to 1025 numbers"), "{}", past.err);
    // Three statements of 1024 each were accepted once (3074 numbers with two more).
    let three = "counter a[1024] in 0..=1\ncounter b[1024] in 0..=1\ncounter c[1024] in 0..=1\ncounter d[2] in 0..=1\nmove m for k in [1] when d(0) == 0 do set d(0) = k\ngoal when d(0) == 1\n";
    let r = run(&["check", &spec("three.puz", three)], None);
    assert_eq!(r.code, 3, "{}", r.err);
}

/// Arithmetic at search time is checked as the compiler's is (issue 24): a goal whose
/// value overflows 64 bits in a position the search reaches is E108 (exit 3) at the
/// expression, with the numbers it read — not a saturated value that meets the goal (these
/// two goals printed "1 steps" and "2 steps", and the verifier agreed).
#[test]
fn search_time_overflow_is_e108_at_the_expression() {
    let jugs = std::fs::read_to_string(common::root().join("puzzles/water-jugs.puz")).unwrap();
    let cases = [
        ("jug(1) * 4611686018427387904 == 9223372036854775807", "jug(1) * 4611686018427387904", "jug(1) = 5"),
        (
            "jug(1) * 9223372036854775807 == jug(0) * 9223372036854775807 + 4",
            "jug(0) * 9223372036854775807",
            "jug(0) = 3",
        ),
    ];
    for (i, (goal, culprit, values)) in cases.iter().enumerate() {
        let text = jugs.replace("goal when jug(1) == 4", &format!("goal when {goal}"));
        assert_ne!(text, jugs);
        let path = spec(&format!("overflow{i}.puz"), &text);
        for extra in [&[][..], &["--count"], &["--search", "bfs"]] {
            let r = run(&[&["solve", path.as_str()], extra].concat(), None);
            assert_eq!(r.code, 3, "{goal} {extra:?}: {}{}", r.out, r.err);
            assert!(r.out.is_empty(), "no answer: {}", r.out);
            assert!(r.err.contains("E108") && r.err.contains("arithmetic overflow during the search"), "{}", r.err);
            // The label points at the product that overflowed, and the help gives the jug.
            let line = r.err.lines().find(|l| l.contains(culprit)).expect("the expression is shown");
            let col = line[..line.find(culprit).unwrap()].chars().count();
            let marks = r.err.lines().skip_while(|l| *l != line).nth(1).unwrap();
            assert_eq!(marks.chars().position(|c| c == '─'), Some(col), "{}", r.err);
            assert!(r.err.contains(values), "{}", r.err);
        }
    }
}

/// The same check in every other place a played spec computes at search time (issue 24): a
/// move's condition, a computed effect and an author's estimate, each made to overflow in
/// a position the search reaches. Each is E108 (exit 3) at the product that overflowed, with
/// the counter values of that position, and no answer is printed. The estimate is read only by
/// the guided search, so it is run without `--count` (which does not use it).
#[test]
fn search_time_overflow_in_conditions_effects_and_estimates_is_e108() {
    let jugs = std::fs::read_to_string(common::root().join("puzzles/water-jugs.puz")).unwrap();
    const BIG: &str = "4611686018427387904"; // 2^62: times 2 or more leaves 64 bits
    let cases: [(&str, &str, String, &[&[&str]]); 3] = [
        (
            "condition",
            "when jug(j) < cap[j]\n",
            format!("when jug(j) * {BIG} < 9223372036854775807\n"),
            &[&[], &["--count"], &["--search", "bfs"]],
        ),
        (
            "effect",
            "do set jug(j) = 0\n",
            format!("do set jug(j) = jug(j) * {BIG} % 1\n"),
            &[&[], &["--count"], &["--search", "bfs"]],
        ),
        (
            "estimate",
            "moves fewest\n",
            format!("moves fewest\nestimate min(1, abs(jug(1) * {BIG} - 4))\n"),
            &[&[], &["--search", "ida"]],
        ),
    ];
    for (what, from, to, modes) in &cases {
        assert_eq!(jugs.matches(from).count(), 1, "{what}: `{from}` once in water-jugs.puz");
        let text = jugs.replace(from, to);
        let path = spec(&format!("overflow-{what}.puz"), &text);
        let culprit = format!("jug({}) * {BIG}", if *what == "estimate" { "1" } else { "j" });
        let culprit = culprit.as_str();
        assert!(text.contains(culprit), "{what}: `{culprit}` is in the spec");
        for extra in modes.iter() {
            let r = run(&[&["solve", path.as_str()], *extra].concat(), None);
            assert_eq!(r.code, 3, "{what} {extra:?}: {}{}", r.out, r.err);
            assert!(r.out.is_empty(), "{what} {extra:?}: no answer, got {}", r.out);
            assert!(r.err.contains("E108") && r.err.contains("arithmetic overflow during the search"), "{}", r.err);
            let line = r.err.lines().find(|l| l.contains(culprit)).expect("the expression is shown");
            let col = line[..line.find(culprit).unwrap()].chars().count();
            let marks = r.err.lines().skip_while(|l| *l != line).nth(1).unwrap();
            assert_eq!(marks.chars().position(|c| c == '─'), Some(col), "{what} {extra:?}: {}", r.err);
            assert_eq!(marks.chars().filter(|c| *c == '─' || *c == '┬').count(), culprit.chars().count(), "{}", r.err);
            assert!(r.err.contains("where jug("), "{what}: the position's values: {}", r.err);
        }
    }
}
