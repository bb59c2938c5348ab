//! The library API (`puzc::api::load` and `solve`): the example of `src/lib.rs` run as
//! written there, answers checked against brute force written here (n queens by
//! permutations; water jugs by breadth-first search over the jugs' contents) and against
//! `puzc solve` itself, and the cancel handle stopping a search from another thread.
use crate::common::{root, run_ok};
use puzc::api::{self, Cancel, Event, Failure, Mode, Options, Status, Summary};
use std::path::Path;
use std::time::Duration;

fn read(p: &Path) -> std::io::Result<Vec<u8>> {
    std::fs::read(p)
}

/// A shipped spec loaded as a front end would: its text from the file, `--set` values.
fn shipped(name: &str, sets: &[&str]) -> api::Problem {
    let path = root().join("puzzles").join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    api::load(&path, &text, None, &sets, &read).unwrap_or_else(|r| panic!("{}", r.failure.render(&r.sources, false)))
}

/// Every event of a solve: the answers' text, and the summaries.
fn solved(problem: &api::Problem, options: &Options) -> (Vec<String>, Vec<Summary>) {
    let (mut answers, mut cases) = (Vec::new(), Vec::new());
    api::solve(problem, options, &mut |e| match e {
        Event::Answer(s) => answers.push(s.text()),
        Event::Case(s) => cases.push(s),
    })
    .unwrap_or_else(|f| panic!("{}", f.render(&problem.sources, false)));
    (answers, cases)
}

/// Placements of n non-attacking queens, counted over permutations (one queen per row).
fn queens_by_brute_force(n: usize) -> u64 {
    fn go(n: usize, row: usize, cols: &mut Vec<usize>) -> u64 {
        if row == n {
            return 1;
        }
        let mut found = 0;
        for c in 0..n {
            if cols.iter().enumerate().all(|(r, &q)| q != c && q.abs_diff(c) != row - r) {
                cols.push(c);
                found += go(n, row + 1, cols);
                cols.pop();
            }
        }
        found
    }
    go(n, 0, &mut Vec::new())
}

// example:start
fn lib_rs_example() {
    use puzc::api::{self, Event, Mode, Options};
    use std::path::Path;

    let spec = "\
let n = 8
item rank(r), file(r) for r in 0..n
secondary item diag(s), anti(s) for s in 0..2 * n - 1
option queen(r, c) = rank(r), file(c), diag(r + c), anti(r - c + n - 1) for r in 0..n, c in 0..n
";
    let no_imports = |_: &Path| Err(std::io::Error::other("this spec imports nothing"));
    let sets = ["n=6".to_string()];
    let problem = api::load(Path::new("queens.puz"), spec, None, &sets, &no_imports).expect("the spec is good");
    let options = Options { mode: Some(Mode::All), ..Options::default() };
    let (mut answers, mut count) = (Vec::new(), 0);
    api::solve(&problem, &options, &mut |event| match event {
        Event::Answer(solution) => answers.push(solution.text()),
        Event::Case(summary) => count = summary.count,
    })
    .expect("it solves");
    assert_eq!((answers.len(), count), (4, 4));
    assert_eq!(answers[0], "queen(0,1)\nqueen(1,3)\nqueen(2,5)\nqueen(3,0)\nqueen(4,2)\nqueen(5,4)\n");
}
// example:end

#[test]
fn the_example_of_lib_rs_runs_and_is_the_one_written_there() {
    lib_rs_example();
    let lib = std::fs::read_to_string(root().join("src/lib.rs")).unwrap();
    let doc: Vec<&str> =
        lib.lines().filter_map(|l| l.strip_prefix("//!")).map(|l| l.strip_prefix(' ').unwrap_or(l)).collect();
    let start = doc.iter().position(|l| *l == "```rust").expect("lib.rs has a ```rust example") + 1;
    let end = start + doc[start..].iter().position(|l| *l == "```").unwrap();
    let here = std::fs::read_to_string(root().join("tests/api.rs")).unwrap();
    let body = here.split("// example:start\n").nth(1).unwrap().split("// example:end").next().unwrap();
    // The function's body, unindented, without its first and last lines.
    let lines: Vec<&str> = body.lines().collect();
    let body: Vec<&str> = lines[1..lines.len() - 1].iter().map(|l| l.strip_prefix("    ").unwrap_or(l)).collect();
    assert_eq!(doc[start..end], body[..], "src/lib.rs's example and lib_rs_example() differ");
}

#[test]
fn queens_are_counted_as_brute_force_counts_them() {
    for n in [6, 8] {
        let problem = shipped("queens.puz", &[&format!("n={n}")]);
        let (answers, cases) = solved(&problem, &Options { mode: Some(Mode::Count), ..Options::default() });
        assert!(answers.is_empty(), "a count hands out no answers");
        assert_eq!(cases.len(), 1);
        assert_eq!((cases[0].status, cases[0].count), (Status::Counted, u128::from(queens_by_brute_force(n))));
    }
}

#[test]
fn every_answer_is_the_command_lines_and_renders() {
    let problem = shipped("queens.puz", &["n=6"]);
    let mut shown = Vec::new();
    api::solve(&problem, &Options { mode: Some(Mode::All), ..Options::default() }, &mut |e| {
        if let Event::Answer(s) = e {
            assert!(s.svg().starts_with("<svg"), "{}", s.svg());
            assert!(s.json().is_object());
            assert_eq!(s.trace(), None, "only played puzzles have a trace");
            shown.push(s.text());
        }
    })
    .unwrap();
    let cli = run_ok(&["solve", "puzzles/queens.puz", "--set", "n=6", "--all"], None, 0);
    let expected = shown.join("\n") + &format!("\n{} solutions\n", shown.len());
    assert_eq!(cli, expected);
    assert_eq!(shown.len() as u64, queens_by_brute_force(6));
}

/// The fewest steps to measure `goal` litres in the second jug, by breadth-first search
/// over the jugs' contents (fill, empty, pour until one is empty or the other full).
fn jugs_by_bfs(cap: [u32; 2], goal: u32) -> usize {
    let mut seen = std::collections::HashSet::from([[0, 0]]);
    let mut layer = vec![[0u32, 0u32]];
    for steps in 0.. {
        if layer.iter().any(|j| j[1] == goal) {
            return steps;
        }
        let mut next = Vec::new();
        for j in layer {
            let pour = |a: usize, b: usize| {
                let m = j[a].min(cap[b] - j[b]);
                let mut k = j;
                k[a] -= m;
                k[b] += m;
                k
            };
            for k in [[cap[0], j[1]], [j[0], cap[1]], [0, j[1]], [j[0], 0], pour(0, 1), pour(1, 0)] {
                if seen.insert(k) {
                    next.push(k);
                }
            }
        }
        layer = next;
    }
    unreachable!()
}

#[test]
fn a_played_puzzle_gives_its_shortest_answer_with_a_trace() {
    let problem = shipped("water-jugs.puz", &[]);
    let mut got = Vec::new();
    api::solve(&problem, &Options::default(), &mut |e| {
        if let Event::Answer(s) = e {
            got.push((s.text(), s.trace().expect("a played answer has a trace"), s.svg()));
        }
    })
    .unwrap();
    assert_eq!(got.len(), 1);
    let (text, trace, svg) = &got[0];
    assert_eq!(text.lines().count(), jugs_by_bfs([3, 5], 4), "{text}");
    assert!(trace.starts_with("start:"), "{trace}");
    assert!(svg.starts_with("<svg"));
}

#[test]
fn a_cancelled_search_stops_at_once_and_says_so() {
    // Cancelled before it starts: the first clock check (node 0) stops it.
    let problem = shipped("queens.puz", &["n=30"]);
    let cancel = Cancel::new();
    cancel.cancel();
    let options = Options { mode: Some(Mode::Count), cancel, ..Options::default() };
    let (_, cases) = solved(&problem, &options);
    assert_eq!(cases[0].status, Status::Stopped);
    assert!(cases[0].nodes <= 4096, "{} nodes", cases[0].nodes);
}

#[test]
fn a_search_is_cancelled_from_another_thread() {
    // 30 queens cannot be counted in a test's time: only the cancel ends it.
    let problem = shipped("queens.puz", &["n=30"]);
    let cancel = Cancel::new();
    let options = Options { mode: Some(Mode::Count), threads: Some(1), cancel: cancel.clone(), ..Options::default() };
    let button = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        cancel.cancel();
    });
    let started = std::time::Instant::now();
    let (_, cases) = solved(&problem, &options);
    button.join().unwrap();
    assert_eq!(cases[0].status, Status::Stopped);
    assert!(cases[0].nodes > 0);
    assert!(started.elapsed() < Duration::from_secs(60), "the cancel was not seen");
}

#[test]
fn bad_specs_and_requests_are_failures_not_panics() {
    let none = |_: &Path| Err(std::io::Error::other("no imports"));
    let bad = api::load(
        Path::new("bad.puz"),
        "board g[2, 2] of 1..2\nfill g\neach row holds each value once\n",
        None,
        &[],
        &none,
    );
    let Err(rejected) = bad else { panic!("a spec naming an undeclared region loads") };
    assert!(matches!(&rejected.failure, Failure::Diagnostics(d) if !d.is_empty()));
    assert!(rejected.failure.render(&rejected.sources, true).contains("\"code\""));
    let unknown = api::load(Path::new("q.puz"), "let n = 2\nitem a\noption x = a\n", None, &["m=3".into()], &none);
    assert!(matches!(unknown.map(|_| ()).unwrap_err().failure, Failure::Refused(m) if m.contains("no `let m`")));
    // A limit on the first answer means nothing: refused, as `--limit` is.
    let problem = shipped("queens.puz", &[]);
    let options = Options { mode: Some(Mode::First), limit: Some(3), ..Options::default() };
    assert!(matches!(api::solve(&problem, &options, &mut |_| {}), Err(Failure::Refused(_))));
}
