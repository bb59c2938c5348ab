//! Command-line conventions (issue 27, item 5): colour switches and the environment, human
//! durations, many files and standard input for `check` and `fmt`, `solve --help` grouped by
//! headings, completions and a manual page, the commit in `--version`, and every shipped spec
//! in the canonical layout.
use crate::common::{root, run, run_ok, scratch, write};

/// A spec with one error (an undefined name), for the diagnostic tests.
const BAD: &str = "puzzle \"B\"\nitem a\noption o = a, b\n";

#[test]
fn color_is_spelled_both_ways_and_the_environment_is_honoured() {
    let dir = scratch("colour");
    let bad = write(&dir, "bad.puz", BAD);
    let esc = |args: &[&str], env: &[(&str, &str)]| {
        let mut c = crate::common::puzc();
        c.args(args).env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
        for (k, v) in env {
            c.env(k, v);
        }
        let o = c.output().unwrap();
        assert_eq!(o.status.code(), Some(3), "{args:?} {env:?}");
        String::from_utf8(o.stderr).unwrap().contains('\x1b')
    };
    assert!(esc(&["check", &bad, "--color", "always"], &[]));
    assert!(esc(&["check", &bad, "--colour", "always"], &[]), "--colour stays an alias");
    assert!(!esc(&["check", &bad, "--color", "never"], &[]));
    // A pipe: no colour, unless CLICOLOR_FORCE; NO_COLOR wins over it; `always` over both.
    assert!(!esc(&["check", &bad], &[]));
    assert!(esc(&["check", &bad], &[("CLICOLOR_FORCE", "1")]));
    assert!(!esc(&["check", &bad], &[("CLICOLOR_FORCE", "0")]));
    assert!(!esc(&["check", &bad], &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]));
    assert!(esc(&["check", &bad, "--color", "always"], &[("NO_COLOR", "1")]));
}

#[test]
fn timeouts_take_human_durations() {
    // 16 queens counted takes minutes: each timeout must stop it (exit 5) and say so.
    for t in ["250ms", "0.3s", "0m1s", "0.2"] {
        let r = run(&["solve", "puzzles/queens.puz", "--set", "n=16", "--count", "-q", "--timeout", t], None);
        assert_eq!(r.code, 5, "--timeout {t}: {}", r.err);
        assert!(r.err.contains("--timeout ran out"), "{}", r.err);
    }
    // Long ones parse (the search is short and finishes first).
    for t in ["90s", "5m", "1h", "1h30m", "2min", "inf"] {
        assert_eq!(run_ok(&["solve", "puzzles/queens.puz", "--timeout", t], None, 0), "92\n", "--timeout {t}");
    }
    for t in ["", "5x", "-1s", "m", "1.2.3s", "-3"] {
        let r = run(&["solve", "puzzles/queens.puz", &format!("--timeout={t}")], None);
        assert_eq!(r.code, 2, "--timeout {t:?} is refused");
        assert!(r.err.contains("is not a duration"), "{t:?}: {}", r.err);
    }
}

#[test]
fn check_and_fmt_take_many_files_and_standard_input() {
    let dir = scratch("many");
    let good = write(&dir, "good.puz", "puzzle \"G\"\nitem a\noption o = a\n");
    let messy = write(&dir, "messy.puz", "puzzle   \"M\"\nitem a\noption o = a\n");
    let bad = write(&dir, "bad.puz", BAD);
    // check: each file named when clean, the bad one's diagnostic, the worst exit.
    let r = run(&["check", &good, &bad, &messy], None);
    assert_eq!(r.code, 3, "{}", r.err);
    assert_eq!(r.out, format!("{good}: ok\n{messy}: ok\n"));
    assert!(r.err.contains("E101") && r.err.contains("bad.puz"), "{}", r.err);
    // check - and solve -: the spec on standard input, named <stdin> in diagnostics.
    assert_eq!(run_ok(&["check", "-"], Some("puzzle \"G\"\nitem a\noption o = a\n"), 0), "ok\n");
    let queens = std::fs::read_to_string(root().join("puzzles/queens.puz")).unwrap();
    assert_eq!(run_ok(&["solve", "-", "--set", "n=6"], Some(&queens), 0), "4\n");
    let r = run(&["check", "-"], Some(BAD));
    assert_eq!(r.code, 3);
    assert!(r.err.contains("<stdin>:3:"), "{}", r.err);
    let r = run(&["solve", "-", "-i", "-"], Some(&queens));
    assert_eq!(r.code, 2, "{}", r.err);
    // fmt --check lists the files that would change, exit 1; fmt - formats standard input.
    let r = run(&["fmt", "--check", &good, &messy], None);
    assert_eq!((r.code, r.out.as_str()), (1, format!("{messy}\n").as_str()), "{}", r.err);
    assert!(r.err.contains("1 file is not in the canonical layout"), "{}", r.err);
    assert_eq!(run_ok(&["fmt", "-"], Some("puzzle   \"M\"\n"), 0), "puzzle \"M\"\n");
    assert_eq!(run(&["fmt", "--check", "-"], Some("puzzle   \"M\"\n")).out, "<stdin>\n");
    assert_eq!(run(&["fmt", "--write", "-"], Some("puzzle \"M\"\n")).code, 2);
    run_ok(&["fmt", "--write", &good, &messy], None, 0);
    run_ok(&["fmt", "--check", &good, &messy], None, 0);
}

/// Every shipped spec is in the canonical layout, so `puzc fmt` on one changes nothing.
#[test]
fn every_shipped_spec_is_canonical() {
    let mut specs: Vec<String> = std::fs::read_dir(root().join("puzzles"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "puz"))
        .map(|p| p.to_str().unwrap().to_string())
        .collect();
    specs.sort();
    assert!(specs.len() >= 30, "{specs:?}");
    let mut args = vec!["fmt", "--check"];
    args.extend(specs.iter().map(String::as_str));
    let r = run(&args, None);
    assert_eq!((r.code, r.out.as_str()), (0, ""), "not canonical (run `puzc fmt --write` on them):\n{}", r.out);
}

#[test]
fn solve_help_is_grouped_by_headings() {
    let help = run_ok(&["solve", "--help"], None, 0);
    let at = |heading: &str| help.find(&format!("\n{heading}:\n")).unwrap_or_else(|| panic!("no {heading}: {help}"));
    let order = ["Answers", "Input", "Limits", "Output", "Engines"].map(at);
    assert!(order.is_sorted(), "{order:?}");
    // Each option under its heading.
    for (option, heading) in [("--all", 0), ("--instance", 1), ("--timeout", 2), ("--format", 3), ("--threads", 4)] {
        let place = help.find(&format!("  {option}")).or_else(|| help.find(&format!(", {option}"))).unwrap();
        assert!(place > order[heading] && order.get(heading + 1).is_none_or(|&next| place < next), "{option}");
    }
}

#[test]
fn completions_and_the_manual_page() {
    let bash = run_ok(&["completions", "bash"], None, 0);
    for sub in ["solve", "check", "compile", "estimate", "fmt", "split", "merge", "completions", "man"] {
        assert!(bash.contains(sub), "bash completion lacks {sub}");
    }
    assert!(bash.contains("--instance") && bash.contains("complete -F"), "{bash}");
    for shell in ["zsh", "fish", "elvish", "powershell"] {
        assert!(run_ok(&["completions", shell], None, 0).contains("solve"), "{shell}");
    }
    assert_eq!(run(&["completions", "tcsh"], None).code, 2);
    let man = run_ok(&["man"], None, 0);
    for section in [".TH puzc 1", ".SH NAME", ".SH SYNOPSIS", ".SH SUBCOMMANDS", "puzc\\-solve"] {
        assert!(man.contains(section), "no {section} in the manual page");
    }
    // Rendered by man(1) when it is installed.
    let dir = scratch("man");
    let page = write(&dir, "puzc.1", &man);
    if let Ok(out) = std::process::Command::new("man").args(["-l", &page]).env("MANPAGER", "cat").output()
        && out.status.success()
    {
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("NAME") && text.contains("SYNOPSIS") && text.contains("puzc"), "{text}");
    }
}

#[test]
fn version_names_the_commit_when_built_in_git() {
    let v = run_ok(&["--version"], None, 0);
    let version = env!("CARGO_PKG_VERSION");
    let inside_git =
        std::process::Command::new("git").args(["rev-parse", "--short", "HEAD"]).current_dir(root()).output();
    match inside_git {
        Ok(o) if o.status.success() => {
            // The commit the binary was built from: a short hash, maybe older than HEAD.
            let re = regex::Regex::new(&format!(r"^puzc {} \([0-9a-f]{{7,}}\)\n$", regex::escape(version))).unwrap();
            assert!(re.is_match(&v), "{v:?}");
        }
        _ => assert_eq!(v, format!("puzc {version}\n")),
    }
}

#[test]
fn check_prints_json_diagnostics() {
    let dir = scratch("json-diag");
    let bad = write(&dir, "bad.puz", BAD);
    let r = run(&["check", &bad, "--format", "json"], None);
    assert_eq!(r.code, 3);
    let lines: Vec<serde_json::Value> = r.err.lines().map(|l| serde_json::from_str(l).expect(l)).collect();
    assert_eq!(lines.len(), 1, "{}", r.err);
    let d = &lines[0];
    assert_eq!(d["code"], "E101");
    assert_eq!(d["file"], bad.as_str());
    // `b` in `option o = a, b` is line 3, column 15.
    assert_eq!((d["line"].as_u64(), d["column"].as_u64()), (Some(3), Some(15)), "{d}");
    assert!(d["message"].as_str().unwrap().contains('b'), "{d}");
    assert!(d["help"].is_string() || d["help"].is_null());
    assert_eq!(d["version"], 1);
    // solve --format json: the same lines.
    let r = run(&["solve", &bad, "--format", "json"], None);
    assert_eq!(r.code, 3);
    let s: serde_json::Value = serde_json::from_str(r.err.trim()).unwrap();
    assert_eq!(s, *d);
}

/// On a terminal, diagnostics are wrapped to its width; in a pipe, to 100 columns. The
/// terminal is a pty from util-linux's `script`, sized with `stty`.
#[test]
fn diagnostics_wrap_to_the_terminal() {
    let dir = scratch("width");
    // E105's help is 85 columns long, so a 50-column terminal wraps it.
    let bad = write(&dir, "bad.puz", "puzzle \"W\"\nitem a\noption o = a\nanswer all\nanswer count\n");
    let widest = |text: &str| text.lines().map(|l| l.chars().count()).max().unwrap_or(0);
    let piped = run(&["check", &bad, "--color", "never"], None);
    assert_eq!(piped.code, 3);
    let bin = env!("CARGO_BIN_EXE_puzc");
    let on_pty = std::process::Command::new("script")
        .args(["-qec", &format!("stty cols 50 rows 20; '{bin}' check '{bad}' --color never"), "/dev/null"])
        .output();
    let Ok(out) = on_pty else {
        eprintln!("`script` (util-linux) is not installed: the terminal half of this test did not run");
        return;
    };
    let seen = String::from_utf8_lossy(&out.stdout).replace('\r', "");
    assert!(seen.contains("E105"), "{seen}");
    assert!(widest(&seen) <= 50, "wider than the 50-column terminal:\n{seen}");
    assert!(widest(&piped.err) > 50, "the pipe's 100 columns were not used:\n{}", piped.err);
}
