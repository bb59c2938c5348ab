//! Pencil-puzzle boards branch by weights (`src/lower/branching.rs`,
//! `src/solve/xcc/cells/weights.rs`): the hard published instances of issue 23's table
//! (docs/performance.md) are proved unique within a node budget that the first-of-fewest
//! rule overran by far. The node counts of that rule, from the table: Akari 14×24 849,210;
//! Slitherlink 20×36 1,236,394; Masyu 20×36 no proof in 2,445,312; LITS 14×24 none in
//! 192,512; Heyawake 14×24 1,172,740; Nurikabe 20×36 none in 20 s. Each answer is checked
//! by the verifier before it is printed, and exit 0 with `--unique` says no second one exists.
use std::process::Command;

/// `puzc solve SPEC --instance FILE --unique --stats`: (exit code, nodes, solutions).
fn prove(spec: &str, instance: &str) -> (i32, u64, u64) {
    let out = Command::new(env!("CARGO_BIN_EXE_puzc"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["solve", spec, "--instance", instance, "--unique", "--stats"])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    // instance 1: I items (P primary), O options; N nodes, S solution(s); ...
    let stats = err.lines().find(|l| l.contains(" nodes, ")).unwrap_or_else(|| panic!("no stats: {err}"));
    let number = |word: &str| -> u64 {
        let before = stats.split(word).next().unwrap();
        before.rsplit(' ').next().unwrap().parse().unwrap_or_else(|_| panic!("{word} in {stats}"))
    };
    (out.status.code().unwrap_or(-1), number(" nodes"), number(" solution"))
}

#[test]
fn hard_published_instances_are_proved_unique_within_a_node_budget() {
    for (spec, instance, budget) in [
        ("puzzles/akari.puz", "puzzles/instances/akari-14x24.txt", 10_000),
        ("puzzles/slitherlink.puz", "puzzles/instances/slitherlink-20x36.txt", 200_000),
        ("puzzles/masyu.puz", "puzzles/instances/masyu-20x36.txt", 500_000),
        ("puzzles/lits.puz", "puzzles/instances/lits-14x24.txt", 50_000),
        ("puzzles/heyawake.puz", "puzzles/instances/heyawake-14x24.txt", 50_000),
        ("puzzles/nurikabe.puz", "puzzles/instances/nurikabe-20x36.txt", 20_000),
    ] {
        let (code, nodes, solutions) = prove(spec, instance);
        assert_eq!((code, solutions), (0, 1), "{instance}");
        assert!(nodes <= budget, "{instance}: {nodes} nodes, more than {budget}");
    }
}

#[test]
fn runs_keep_the_first_of_fewest_rule() {
    // The 20×20 Nonogram took 68,010 nodes by weights against 6,420 (src/lower/branching.rs).
    let (code, nodes, solutions) = prove("puzzles/nonogram.puz", "puzzles/instances/nonogram-20.txt");
    assert_eq!((code, solutions, nodes), (0, 1, 6420));
}
