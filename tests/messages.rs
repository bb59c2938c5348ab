//! Diagnostics that must stay cheap and say the right thing (issue 24, items 3 and 4).
use crate::common::*;
use crate::killable::run_killable;
use std::time::Duration;

/// "Did you mean" over half-million-letter names: a name used but not defined, beside a
/// defined name as long (the distance table over both was 2.5 · 10^11 cells, ten minutes).
/// It must finish (the kill is generous, a hang fails rather than sticks), with E101.
#[test]
fn did_you_mean_is_bounded_for_long_names() {
    let n = 500_000;
    let spec = format!("let {} = 3\nitem p(i) for i in 0..{}\noption o = p(0)\n", "b".repeat(n), "a".repeat(n));
    let path = write(&scratch("long-name"), "long.puz", &spec);
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_puzc"));
    cmd.args(["check", &path]);
    let (code, err, _) = run_killable(cmd, Duration::from_secs(20));
    assert_eq!(code, Some(3), "puzc check did not finish with exit 3: {}", &err[..err.len().min(300)]);
    assert!(err.starts_with("E101"), "{}", &err[..err.len().min(300)]);
}

/// A negative or out-of-range count says so in words; clap's own tip for `-1` ("to pass '-1'
/// as a value, use '-- -1'") fits no puzc command. Usage errors exit 2.
#[test]
fn negative_and_out_of_range_counts_are_named() {
    let queens = root().join("puzzles/queens.puz");
    let q = queens.to_str().unwrap();
    for (args, says) in [
        (vec!["estimate", q, "--probes", "-5"], "`-5` is negative: give a whole number, 2 to 10000000"),
        (vec!["estimate", q, "--probes", "1"], "1 is out of range: give 2 to 10000000"),
        (vec!["estimate", q, "--seed", "-1"], "`-1` is negative: give a whole number, 0 or more"),
        (vec!["split", q, "--parts", "-1"], "`-1` is negative: give a whole number, 1 to 100000"),
        (vec!["split", q, "--parts", "0"], "0 is out of range: give 1 to 100000"),
        (
            vec!["solve", q, "--count", "--manifest", "m.json", "--part", "-1"],
            "`-1` is negative: give a whole number, 1 or more",
        ),
    ] {
        let r = run(&args, None);
        assert_eq!(r.code, 2, "{args:?}: {}", r.err);
        assert!(r.err.contains(says), "{args:?}: {}", r.err);
        assert!(!r.err.contains("use '--"), "{args:?} still gives clap's tip: {}", r.err);
    }
}

/// `-n 8` is not an option: most often a constant of the spec was meant, so the message says
/// how to set one, with the value given.
#[test]
fn an_unknown_short_option_suggests_set() {
    let queens = root().join("puzzles/queens.puz");
    let r = run(&["solve", queens.to_str().unwrap(), "-n", "8"], None);
    assert_eq!(r.code, 2, "{}", r.err);
    assert!(r.err.contains("unknown option '-n'") && r.err.contains("`--set n=8`"), "{}", r.err);
    // A real option is untouched, and a negative number is not taken for an option.
    assert_eq!(run(&["solve", queens.to_str().unwrap(), "-q", "--set", "n=4"], None).code, 0);
}

/// Euclidean remainder by -1 is 0 for every number, i64::MIN included (only the quotient
/// overflows there): the count below is 1 only if `m % -1` is 0.
#[test]
fn the_remainder_by_minus_one_is_zero() {
    let spec = "let m = -9223372036854775807 - 1\nlet r = m % -1\nitem x(i) for i in 0..r + 1\noption o = x(0)\nanswer count\n";
    let path = write(&scratch("rem"), "rem.puz", spec);
    assert_eq!(run_ok(&["solve", &path], None, 0), "1\n");
    // The quotient does overflow: E108 still.
    let spec = spec.replace("m % -1", "m / -1");
    let path = write(&scratch("div"), "div.puz", &spec);
    let r = run(&["solve", &path], None);
    assert!(r.code == 3 && r.err.starts_with("E108"), "{}", r.err);
}

/// `..=` ending at the largest number is its own E108 at the range's end, saying what to
/// write; `..` ending there works.
#[test]
fn an_inclusive_range_to_the_largest_number_says_what_to_write() {
    let spec = "let big = 9223372036854775807\nitem x(i) for i in big - 1..=big\noption o(i) = x(i) for i in big - 1..=big\nanswer count\n";
    let path = write(&scratch("range-max"), "r.puz", spec);
    let r = run(&["solve", &path], None);
    assert_eq!(r.code, 3, "{}", r.err);
    assert!(
        r.err.starts_with("E108") && r.err.contains("a range cannot end at 9223372036854775807 with `..=`"),
        "{}",
        r.err
    );
    assert!(r.err.contains("2:30]"), "the span is the range's end: {}", r.err);
    let ok = spec.replace("..=big", "..big");
    let path = write(&scratch("range-max-ok"), "r.puz", &ok);
    assert_eq!(run_ok(&["solve", &path], None, 0), "1\n");
}

/// A grid picture written in the spec that holds too few labels is the spec's mistake (G206
/// at the picture), not "this spec reads an instance, but none was given" (I301).
#[test]
fn an_inline_grid_too_short_says_so() {
    let spec = "grid g[2, 2] = \"A\"\nboard b[2, 2] of 1..2\nfill b\nanswer first\n";
    let path = write(&scratch("grid-short"), "g.puz", spec);
    let r = run(&["check", &path], None);
    assert_eq!(r.code, 3, "{}", r.err);
    assert!(r.err.starts_with("G206") && r.err.contains("the picture holds fewer than 2 rows of 2"), "{}", r.err);
    assert!(!r.err.contains("reads an instance"), "{}", r.err);
}
