//! `{if solved}` in `print` templates means one thing in every problem form and answer mode:
//! the case has at least one solution, found or counted. Each test puts a template on a
//! shipped spec of one form and mode, where the count is published, and checks the branch
//! taken against that count (issue 24, item 1).

use crate::common::*;

/// A shipped spec with `changes` applied (each `from` must occur) and `template` appended as
/// its `print` line, written to a scratch file.
fn with_template(spec: &str, changes: &[(&str, &str)], template: &str, tag: &str) -> String {
    let mut text = std::fs::read_to_string(root().join(spec)).expect("read shipped spec");
    for (from, to) in changes {
        assert!(text.contains(from), "`{from}` is in {spec}");
        text = text.replace(from, to);
    }
    text.push_str(&format!("\nprint \"{template}\"\n"));
    write(&scratch(tag), "spec.puz", &text)
}

const POSSIBLE: &str = "{if solved}Possible{else}Impossible{end} ({count})\\n";

/// The direct form (`item`/`option`), first answer: 8 queens has solutions (92, OEIS A000170),
/// 3 queens has none (A000170: a(3) = 0).
#[test]
fn if_solved_holds_in_the_direct_form() {
    let first = [("answer count", "answer first")];
    let spec = with_template("puzzles/queens.puz", &first, POSSIBLE, "solved-direct");
    assert_eq!(run_ok(&["solve", &spec], None, 0), "Possible (1)\n");
    let spec = with_template("puzzles/queens.puz", &[first[0], ("let n = 8", "let n = 3")], POSSIBLE, "solved-direct3");
    assert_eq!(run_ok(&["solve", &spec], None, 0), "Impossible (0)\n");
}

/// `answer count` on the direct form: Langford pairs for n = 7 have 52 arrangements, and
/// none for n = 5 (OEIS A014552: 26 and 0 up to reversal; they exist only when n ≡ 0 or 3
/// mod 4).
#[test]
fn if_solved_holds_under_answer_count() {
    let t = "{if solved}{count}{else}none{end}\\n";
    let spec = with_template("puzzles/langford.puz", &[], t, "solved-count");
    assert_eq!(run_ok(&["solve", &spec], None, 0), "52\n");
    let spec = with_template("puzzles/langford.puz", &[("let n = 7", "let n = 5")], t, "solved-count5");
    assert_eq!(run_ok(&["solve", &spec], None, 0), "none\n");
}

/// A played puzzle counted (`answer count`): the 15-hole triangle has 29760 solutions (George
/// Bell, Journal of Integer Sequences 11 (2008), as in `moves_puzzles.rs`), and none in 3 jumps
/// (every jump removes one peg: 14 pegs need 13 jumps to leave one).
#[test]
fn if_solved_holds_for_a_played_puzzle_counted() {
    let t = "solvable {if solved}yes{else}no{end} {count}\\n";
    let count = [("goal count 1\n", "goal count 1\nanswer count\n")];
    let spec = with_template("puzzles/peg-triangle.puz", &count, t, "solved-moves");
    assert_eq!(run_ok(&["solve", &spec], None, 0), "solvable yes 29760\n");
    // The `--count` flag prints puzc's own format, the number alone (docs/io.md: a template is
    // not used under `--all`, `--count` or `--unique`): never a template's "no" beside it.
    let plain = with_template("puzzles/peg-triangle.puz", &[], t, "solved-moves-flag");
    assert_eq!(run_ok(&["solve", &plain, "--count"], None, 0), "29760\n");
    let short = [count[0], ("moves exactly 13", "moves exactly 3")];
    let spec = with_template("puzzles/peg-triangle.puz", &short, t, "solved-moves3");
    assert_eq!(run_ok(&["solve", &spec], None, 0), "solvable no 0\n");
}

/// Inside `{each solution}` of the direct form, which has no board: the body repeats once per
/// solution (4 queens has 2, A000170) and `{if solved}` is true there.
#[test]
fn if_solved_holds_inside_each_solution() {
    let all = [("answer count", "answer all"), ("let n = 8", "let n = 4")];
    let t = "{each solution}{if solved}yes{else}no{end}{between} {end}\\n";
    let spec = with_template("puzzles/queens.puz", &all, t, "solved-each");
    assert_eq!(run_ok(&["solve", &spec], None, 0), "yes yes\n");
}
