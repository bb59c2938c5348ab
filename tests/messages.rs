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
