//! Robustness: every shipped spec in `puzzles/`, mutated the ways a person's edits break a file
//! (truncated anywhere, a line deleted or doubled, two tokens swapped, a number replaced by a
//! huge or negative one), must end with an answer or a diagnostic — never a panic (exit 70), a
//! signal, or a hang past `--timeout`. A bad spec (exit 3) must point at a place: its stderr
//! holds a source frame (`╭─[`).
//!
//! A second set of mutants keeps every edit plausible token by token but changes what the spec
//! means: a number pushed to an edge, a keyword or name swapped for another valid one, a
//! direction reversed, a whole statement dropped ([`mutate_meaning`]).
//!
//! Deterministic: a seeded PRNG picks the mutations, so a failure names a case that reproduces
//! (the failing mutant is kept in the temp dir and its path printed). To explore further:
//! `PUZC_MUTATE_SEED=7 PUZC_MUTATE_RUNS=3000 cargo test --release --test suite mutate::`.
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use crate::killable;
use killable::run_killable;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs in all, spread over the shipped specs.
const TOTAL_RUNS: usize = 300;
/// Semantic mutants in all (see [`mutate_meaning`]).
const SEMANTIC_RUNS: usize = 160;
/// Past this the run counts as a hang, whatever `--timeout` says.
const KILL_AFTER: Duration = Duration::from_secs(20);
/// Exit codes a run may end with: solved, no solution, bad spec, limit reached, not unique.
const ALLOWED: [i32; 5] = [0, 1, 3, 5, 6];
/// Numbers a mutation may put in place of a number.
const HUGE: [&str; 6] = ["999999999", "4000000000", "-5", "0", "99999999999999999999", "65537"];

/// xorshift64*: small, seeded, the same sequence on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Byte ranges of the tokens of a spec: words, numbers, and single punctuation characters.
fn tokens(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut it = text.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if c.is_whitespace() {
            continue;
        }
        let mut end = i + c.len_utf8();
        if c.is_alphanumeric() || c == '_' {
            while let Some(&(j, d)) = it.peek() {
                if !(d.is_alphanumeric() || d == '_') {
                    break;
                }
                end = j + d.len_utf8();
                it.next();
            }
        }
        out.push((i, end));
    }
    out
}

fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// One mutation of `text`, and what it did (for the failure message).
fn mutate(text: &str, rng: &mut Rng) -> (String, String) {
    let toks = tokens(text);
    match rng.below(6) {
        0 => {
            // Truncate anywhere (on a character boundary).
            let mut at = rng.below(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            (text[..at].to_string(), format!("truncated at byte {at}"))
        }
        1 | 2 => {
            let ls = lines(text);
            let k = rng.below(ls.len());
            let double = rng.below(2) == 0;
            let mut out = String::new();
            for (i, l) in ls.iter().enumerate() {
                if i != k || double {
                    out.push_str(l);
                }
                if i == k && double {
                    out.push_str(l);
                }
            }
            (out, format!("{} line {}", if double { "doubled" } else { "deleted" }, k + 1))
        }
        3 => {
            let (a, b) = (rng.below(toks.len()), rng.below(toks.len()));
            let (a, b) = (toks[a.min(b)], toks[a.max(b)]);
            if a == b {
                return (text.to_string(), "unchanged".into());
            }
            let out =
                format!("{}{}{}{}{}", &text[..a.0], &text[b.0..b.1], &text[a.1..b.0], &text[a.0..a.1], &text[b.1..]);
            (out, format!("swapped `{}` and `{}`", &text[a.0..a.1], &text[b.0..b.1]))
        }
        _ => {
            // A number (outside comments too: instances hold most of them) made huge or negative.
            let nums: Vec<_> = toks.iter().filter(|(s, e)| text[*s..*e].chars().all(|c| c.is_ascii_digit())).collect();
            if nums.is_empty() {
                return (text.to_string(), "unchanged".into());
            }
            let (s, e) = *nums[rng.below(nums.len())];
            let by = HUGE[rng.below(HUGE.len())];
            (format!("{}{by}{}", &text[..s], &text[e..]), format!("replaced `{}` by {by}", &text[s..e]))
        }
    }
}

/// Runs `puzc solve` on `spec` with a timeout, a node limit and a hard kill.
fn solve(spec: &Path, cwd: &Path) -> (Option<i32>, String, Duration) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_puzc"));
    cmd.current_dir(cwd).arg("solve").arg(spec).args(["--timeout", "2", "--max-nodes", "200000", "--colour", "never"]);
    run_killable(cmd, KILL_AFTER)
}

fn shipped_specs() -> Vec<PathBuf> {
    let mut specs: Vec<PathBuf> = std::fs::read_dir(Path::new(ROOT).join("puzzles"))
        .expect("puzzles/ exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "puz"))
        .collect();
    specs.sort();
    specs
}

#[test]
fn mutated_specs_end_with_an_answer_or_a_located_diagnostic() {
    run_mutants("syntactic", TOTAL_RUNS, 0x5eed_0f9c_0de5, mutate);
}

#[test]
fn semantic_mutants_end_with_an_answer_or_a_located_diagnostic() {
    run_mutants("semantic", SEMANTIC_RUNS, 0x5e3a_471c, mutate_meaning);
}

/// Runs `runs` mutants made by `mutate`, spread over the shipped specs, and checks how each
/// ends. `PUZC_MUTATE_SEED` / `PUZC_MUTATE_RUNS` explore further than CI does.
fn run_mutants(kind: &str, runs: usize, seed: u64, mutate: fn(&str, &mut Rng) -> (String, String)) {
    let specs = shipped_specs();
    assert!(!specs.is_empty(), "no specs in puzzles/");
    // Mutants live in a scratch copy of puzzles/, so imports and relative paths still resolve.
    let dir = std::env::temp_dir().join(format!("puzc-mutate-{kind}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(Path::new(ROOT).join("puzzles")).unwrap() {
        let p = entry.unwrap().path();
        if p.is_file() {
            std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
        }
    }
    let env = |k: &str| std::env::var(k).ok().and_then(|v| v.parse::<u64>().ok());
    let per_spec = (env("PUZC_MUTATE_RUNS").unwrap_or(runs as u64) as usize).div_ceil(specs.len());
    let mut rng = Rng(env("PUZC_MUTATE_SEED").unwrap_or(seed) | 1);
    let mut failures = Vec::new();
    let mut exits = [0usize; 8];
    let started = Instant::now();
    for spec in &specs {
        let text = std::fs::read_to_string(spec).unwrap();
        let stem = spec.file_stem().unwrap().to_string_lossy().into_owned();
        for k in 0..per_spec {
            let (mutant, what) = mutate(&text, &mut rng);
            let name = format!("{stem}.mutant{k}.puz");
            let path = dir.join(&name);
            std::fs::write(&path, &mutant).unwrap();
            let (code, stderr, took) = solve(Path::new(&name), &dir);
            let why = match code {
                None => Some(format!("killed after {took:?} (a hang, or ended by a signal)")),
                Some(c) if !ALLOWED.contains(&c) => Some(format!("exit {c}")),
                Some(3) if !stderr.contains("╭─[") => Some("exit 3 without a located diagnostic".into()),
                Some(_) if stderr.contains("internal error") || stderr.contains("panicked") => Some("a panic".into()),
                Some(_) => None,
            };
            if let Some(c) = code {
                exits[ALLOWED.iter().position(|a| *a == c).unwrap_or(7)] += 1;
            }
            match why {
                Some(why) => failures.push(format!(
                    "{}: {why} ({what}); the mutant is kept at {}\n{stderr}",
                    spec.display(),
                    path.display()
                )),
                None => {
                    let _ = std::fs::remove_file(&path);
                }
            }
        }
    }
    eprintln!(
        "{} {kind} mutants in {:?}: exit 0: {}, 1: {}, 3: {}, 5: {}, 6: {}",
        per_spec * specs.len(),
        started.elapsed(),
        exits[0],
        exits[1],
        exits[2],
        exits[3],
        exits[4]
    );
    assert!(failures.is_empty(), "{} {kind} mutant(s) failed:\n\n{}", failures.len(), failures.join("\n"));
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------------
// Semantic mutants: edits that keep the spec well-formed token by token but change what it
// means, the way a person's plausible mistakes do: a number pushed to an edge, a keyword or
// name swapped for another valid one, a direction reversed, a whole statement dropped.

/// Words swapped for another word of the same class (each group: words that may stand in one
/// another's place without breaking the grammar, or that break it in a near way).
const SWAPS: &[&[&str]] = &[
    &["up", "down", "left", "right"],
    &["rows", "columns"],
    &["exactly", "most"],
    &["fewest", "exactly"],
    &["rotate", "reflect"],
    &["fill", "place"],
    &["item", "secondary"],
    &["empty", "count"],
    &["row", "col", "box", "cols", "rows"],
    &["true", "false"],
    &["and", "or"],
    &["all", "unique", "count", "first"],
    &["==", "!=", "<", "<=", ">", ">="],
    &["+", "-", "*", "/", "%"],
    &["..", "..="],
];

/// Numbers a number may be pushed to, besides one more and one less than itself.
const EDGES: [&str; 9] = ["0", "1", "2", "255", "256", "10000", "10001", "1000000", "9223372036854775807"];

/// One semantic mutation of `text`, and what it did.
fn mutate_meaning(text: &str, rng: &mut Rng) -> (String, String) {
    let toks = tokens_with_operators(text);
    let word = |t: &(usize, usize)| &text[t.0..t.1];
    let replace = |t: (usize, usize), by: &str| format!("{}{by}{}", &text[..t.0], &text[t.1..]);
    match rng.below(4) {
        0 => {
            let nums: Vec<_> = toks.iter().filter(|t| word(t).chars().all(|c| c.is_ascii_digit())).collect();
            let Some(&&t) = nums.get(rng.below(nums.len())) else { return (text.to_string(), "unchanged".into()) };
            let n: i128 = word(&t).parse().unwrap_or(0);
            let by = match rng.below(3) {
                0 => (n + 1).to_string(),
                1 => (n - 1).to_string(),
                _ => EDGES[rng.below(EDGES.len())].to_string(),
            };
            (replace(t, &by), format!("number `{}` pushed to {by}", word(&t)))
        }
        1 => {
            let swappable: Vec<_> = toks.iter().filter(|t| SWAPS.iter().any(|g| g.contains(&word(t)))).collect();
            let Some(&&t) = swappable.get(rng.below(swappable.len())) else {
                return (text.to_string(), "unchanged".into());
            };
            let group = SWAPS.iter().find(|g| g.contains(&word(&t))).unwrap();
            let by = group[rng.below(group.len())];
            (replace(t, by), format!("`{}` swapped for `{by}`", word(&t)))
        }
        2 => {
            // A name swapped for another name the spec uses (a region for a board, a move
            // parameter for a constant...).
            let is_name =
                |w: &str| w.chars().next().is_some_and(|c| c.is_alphabetic()) && !SWAPS.iter().any(|g| g.contains(&w));
            let names: Vec<_> = toks.iter().filter(|t| is_name(word(t))).collect();
            if names.len() < 2 {
                return (text.to_string(), "unchanged".into());
            }
            let (a, b) = (*names[rng.below(names.len())], *names[rng.below(names.len())]);
            (replace(a, word(&b)), format!("name `{}` replaced by `{}`", word(&a), word(&b)))
        }
        _ => {
            // A whole statement dropped: a line that starts a statement, with the indented
            // lines that continue it.
            let ls = lines(text);
            let starts: Vec<usize> =
                (0..ls.len()).filter(|&i| ls[i].starts_with(|c: char| c.is_ascii_alphabetic())).collect();
            let Some(&k) = starts.get(rng.below(starts.len())) else { return (text.to_string(), "unchanged".into()) };
            let end = (k + 1..ls.len()).find(|&i| !ls[i].starts_with([' ', '\t'])).unwrap_or(ls.len());
            let out: String = ls[..k].concat() + &ls[end..].concat();
            (out, format!("dropped the statement of lines {}..={}", k + 1, end))
        }
    }
}

/// [`tokens`], with two-character operators (`==`, `..=`) kept whole.
fn tokens_with_operators(text: &str) -> Vec<(usize, usize)> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for (s, e) in tokens(text) {
        let punct = |t: &str| t.len() == 1 && "=!<>.".contains(t);
        match out.last_mut() {
            Some(last)
                if last.1 == s
                    && punct(&text[s..e])
                    && text[last.0..last.1].chars().all(|c| "=!<>.".contains(c))
                    && last.1 - last.0 < 3 =>
            {
                last.1 = e
            }
            _ => out.push((s, e)),
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Resource bombs: specs that once crashed puzc, aborted on a failed allocation or ran the
// machine out of memory (issue 12). Each must end quickly with a located diagnostic, under an
// address-space limit (so an allocation past it would abort with exit 134 and fail the test).

/// Address space a bomb may use: the compiler thread's 1 GiB stack reservation plus 2 GiB.
const BOMB_ADDRESS_SPACE: u64 = 3 << 30;
/// Past this the bomb counts as a hang (they take well under a second when the machine is quiet).
const BOMB_KILL_AFTER: Duration = Duration::from_secs(15);

/// `a0 = [1, 2]`, then `a{k} = [a{k-1}, a{k-1}]` up to `a{n}`: 2^n elements in n lines.
fn doubled(n: usize) -> String {
    let mut s = String::from("let a0 = [1, 2]\n");
    for k in 1..=n {
        s.push_str(&format!("let a{k} = [a{}, a{}]\n", k - 1, k - 1));
    }
    s
}

/// A solid square piece picture of side `n`.
fn square(n: usize) -> String {
    vec!["#".repeat(n); n].join("/")
}

/// Runs `puzc` with `args` in `dir` under the address-space limit (through `prlimit`, when
/// the system has it).
fn run_limited(dir: &Path, args: &[&str]) -> (Option<i32>, String, Duration) {
    let puzc = env!("CARGO_BIN_EXE_puzc");
    let mut cmd = if Path::new("/usr/bin/prlimit").exists() {
        let mut c = Command::new("/usr/bin/prlimit");
        c.arg(format!("--as={BOMB_ADDRESS_SPACE}")).arg("--").arg(puzc);
        c
    } else {
        Command::new(puzc)
    };
    cmd.current_dir(dir).args(args).args(["--colour", "never"]);
    run_killable(cmd, BOMB_KILL_AFTER)
}

#[test]
fn resource_bombs_end_with_a_located_diagnostic_in_bounded_memory() {
    let dir = std::env::temp_dir().join(format!("puzc-bombs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let tuple100 = vec!["i"; 100].join(", ");
    // (name, spec, extra args, code that must appear)
    let bombs: Vec<(&str, String, Vec<&str>, &str)> = vec![
        ("doubled_colour", doubled(40) + "item p\nsecondary item c\noption o = p, c: a40\n", vec![], "S401"),
        ("doubled_argument", doubled(60) + "item p\noption o(a60) = p\n", vec![], "S401"),
        ("doubled_equal", doubled(60) + "let e = a60 == a60\nitem p\noption o = p\n", vec![], "S401"),
        ("doubled_set", doubled(60) + "let e = {a60, a59}\nitem p\noption o = p\n", vec![], "S401"),
        ("tuples_20m", "let xs = [(i, i, i) for i in 0..20000000]\nitem p\noption o = p\n".into(), vec![], "S401"),
        (
            "tuples_100_wide",
            format!("let t = [({tuple100}) for i in 0..2000000]\nitem p\noption o = p\n"),
            vec![],
            "S401",
        ),
        (
            "piece_40_on_300",
            format!(
                "board b[300, 300]\npiece P = \"{}\"\nplace all on b, cells at most once\nanswer count\n",
                square(40)
            ),
            vec![],
            "S401",
        ),
        (
            "piece_100_on_1000",
            format!(
                "board b[1000, 1000]\npiece P = \"{}\"\nplace all on b, cells at most once\nanswer count\n",
                square(100)
            ),
            vec![],
            "S401",
        ),
        (
            "queens_10000",
            std::fs::read_to_string(Path::new(ROOT).join("puzzles/queens.puz")).unwrap(),
            vec!["--set", "n=10000"],
            "S401",
        ),
        // A diagnostic past column 65,535 (miette once failed to format it: exit 70).
        ("long_line", format!("item p\nlet x = 1{}let y = zzz\noption o = p\n", " ".repeat(70_000)), vec![], "E101"),
        // A small budget is honoured too.
        (
            "small_budget",
            "let xs = [i for i in 0..3000000]\nitem p\noption o = p\n".into(),
            vec!["--max-memory", "16M"],
            "S401",
        ),
    ];
    let mut failures = Vec::new();
    for (name, spec, args, code) in &bombs {
        let file = format!("{name}.puz");
        std::fs::write(dir.join(&file), spec).unwrap();
        let mut all = vec!["solve", file.as_str()];
        all.extend(args.iter().copied());
        let (exit, stderr, took) = run_limited(&dir, &all);
        let shown: String = stderr.chars().take(3000).collect();
        if exit != Some(3) || !stderr.lines().any(|l| l.trim() == *code) || !stderr.contains("╭─[") {
            failures.push(format!("{name}: exit {exit:?} after {took:?}, expected 3 with {code}\n{shown}"));
        } else if stderr.len() > 4000 {
            failures.push(format!("{name}: {} bytes of diagnostics (long lines must be clipped)", stderr.len()));
        }
    }
    // A batch of sudoku whose last line is 70,000 characters long: the first puzzles are
    // solved, the long line gets a located diagnostic at its 82nd character (it was once read
    // as 864 puzzles and then exited 70 on the 16 characters left over).
    let mut batch = std::fs::read_to_string(Path::new(ROOT).join("puzzles/instances/sudoku9.txt")).unwrap();
    batch.push_str(&"1".repeat(70_000));
    batch.push('\n');
    std::fs::write(dir.join("batch.txt"), batch).unwrap();
    let spec = Path::new(ROOT).join("puzzles/sudoku9.puz");
    let (exit, stderr, took) = run_limited(&dir, &["solve", spec.to_str().unwrap(), "--instance", "batch.txt"]);
    if exit != Some(3) || !stderr.contains("I302") || !stderr.contains("batch.txt:22:82") || stderr.len() > 4000 {
        let shown: String = stderr.chars().take(3000).collect();
        failures.push(format!("long sudoku batch line: exit {exit:?} after {took:?}\n{shown}"));
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{} bomb(s) failed:\n\n{}", failures.len(), failures.join("\n\n"));
}
