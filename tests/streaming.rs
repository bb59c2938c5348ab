//! Streaming, interrupts and pipes (issue 27, items 3-4): `--all` and JSON write each answer
//! when it is verified; `--format jsonl` lines follow docs/puzc-jsonl.schema.json; SIGINT and
//! SIGTERM stop a search with what it found and exit 130; a closed pipe ends with exit 0.
use crate::common::{root, run_ok};
use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_puzc");

// ---------------------------------------------------------------------------------------------
// The schema, checked by hand: the `jsonschema` crate would bring some forty crates into the
// test build for a schema that uses ten keywords. The checker below implements exactly those
// keywords, and `schema_uses_only_checked_keywords` fails if the schema grows another, so a
// keyword can never be silently ignored.

const KEYWORDS: [&str; 11] = [
    "type",
    "required",
    "additionalProperties",
    "properties",
    "items",
    "const",
    "enum",
    "minimum",
    "oneOf",
    "$ref",
    "$defs",
];
const ANNOTATIONS: [&str; 3] = ["$schema", "title", "description"];

fn schema() -> Value {
    serde_json::from_str(&std::fs::read_to_string(root().join("docs/puzc-jsonl.schema.json")).unwrap()).unwrap()
}

fn type_ok(t: &str, v: &Value) -> bool {
    match t {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "integer" => v.is_i64() || v.is_u64(),
        "number" => v.is_number(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        _ => panic!("unknown type {t}"),
    }
}

/// The errors of `v` against `s` (empty: valid), `root` resolving `$ref`.
fn check(root: &Value, s: &Value, v: &Value, at: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if let Some(r) = s.get("$ref").and_then(Value::as_str) {
        let name = r.strip_prefix("#/$defs/").expect("local $ref");
        errs.extend(check(root, &root["$defs"][name], v, at));
    }
    if let Some(t) = s.get("type") {
        let ok = match t {
            Value::String(t) => type_ok(t, v),
            Value::Array(ts) => ts.iter().any(|t| type_ok(t.as_str().unwrap(), v)),
            _ => panic!("bad type"),
        };
        if !ok {
            errs.push(format!("{at}: {v} is not {t}"));
        }
    }
    if let Some(c) = s.get("const").filter(|c| *c != v) {
        errs.push(format!("{at}: {v} is not {c}"));
    }
    if let Some(e) = s.get("enum").and_then(Value::as_array).filter(|e| !e.contains(v)) {
        errs.push(format!("{at}: {v} is not one of {e:?}"));
    }
    if let (Some(m), Some(x)) = (s.get("minimum").and_then(Value::as_f64), v.as_f64())
        && x < m
    {
        errs.push(format!("{at}: {x} < {m}"));
    }
    if let Some(o) = v.as_object() {
        for r in s.get("required").and_then(Value::as_array).into_iter().flatten() {
            if !o.contains_key(r.as_str().unwrap()) {
                errs.push(format!("{at}: no {r}"));
            }
        }
        let props = s.get("properties").and_then(Value::as_object);
        for (k, x) in o {
            match props.and_then(|p| p.get(k)) {
                Some(ps) => errs.extend(check(root, ps, x, &format!("{at}.{k}"))),
                None if s.get("additionalProperties") == Some(&Value::Bool(false)) => {
                    errs.push(format!("{at}: unexpected key {k}"))
                }
                None => {}
            }
        }
    }
    if let (Some(items), Some(a)) = (s.get("items"), v.as_array()) {
        for (i, x) in a.iter().enumerate() {
            errs.extend(check(root, items, x, &format!("{at}[{i}]")));
        }
    }
    if let Some(one) = s.get("oneOf").and_then(Value::as_array) {
        let passing = one.iter().filter(|b| check(root, b, v, at).is_empty()).count();
        if passing != 1 {
            errs.push(format!("{at}: {passing} branches of oneOf match {v}"));
        }
    }
    errs
}

#[test]
fn schema_uses_only_checked_keywords() {
    fn walk(s: &Value, in_props: bool) {
        let Some(o) = s.as_object() else { return };
        for (k, v) in o {
            if in_props {
                walk(v, false);
                continue;
            }
            assert!(KEYWORDS.contains(&k.as_str()) || ANNOTATIONS.contains(&k.as_str()), "unchecked keyword {k}");
            match k.as_str() {
                "properties" | "$defs" => walk(v, true),
                "items" => walk(v, false),
                "oneOf" => v.as_array().unwrap().iter().for_each(|b| walk(b, false)),
                _ => {}
            }
        }
    }
    walk(&schema(), false);
    // The checker rejects what it should.
    let s = schema();
    let bad = serde_json::json!({"version": 1, "type": "instance", "instance": 0, "status": "done"});
    assert!(!check(&s, &s, &bad, "$").is_empty());
    // instance 0, status, and the missing count, nodes, engine and time_ms.
    assert!(
        check(&s, &s["$defs"]["instance"], &bad, "$").len() >= 6,
        "{:?}",
        check(&s, &s["$defs"]["instance"], &bad, "$")
    );
}

/// Runs `solve` with `--format jsonl` and returns the lines, each checked against the schema.
fn jsonl(args: &[&str], code: i32) -> Vec<Value> {
    let mut all = vec!["solve"];
    all.extend(args);
    all.extend(["--format", "jsonl"]);
    let out = run_ok(&all, None, code);
    let s = schema();
    out.lines()
        .map(|l| {
            let v: Value = serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}"));
            let errs = check(&s, &s, &v, "$");
            assert!(errs.is_empty(), "{args:?}: {l}\n{errs:#?}");
            v
        })
        .collect()
}

#[test]
fn jsonl_lines_follow_the_schema() {
    // 6 queens: 4 solutions (OEIS A000170), streamed, then the instance.
    let lines = jsonl(&["puzzles/queens.puz", "--set", "n=6", "--all"], 0);
    assert_eq!(lines.len(), 5);
    for (i, l) in lines[..4].iter().enumerate() {
        assert_eq!((l["type"].as_str(), l["index"].as_u64()), (Some("solution"), Some(i as u64 + 1)));
        assert_eq!(l["solution"]["options"].as_array().unwrap().len(), 6);
    }
    let last = &lines[4];
    assert_eq!(
        (last["type"].as_str(), last["count"].as_u64(), last["status"].as_str()),
        (Some("instance"), Some(4), Some("solved"))
    );
    assert_eq!(last["engine"], "exact cover");
    // A count: the instance line alone. A sudoku: the fill engine and a grid.
    let lines = jsonl(&["puzzles/queens.puz", "--set", "n=8", "--count"], 0);
    assert_eq!((lines.len(), lines[0]["count"].as_u64(), lines[0]["status"].as_str()), (1, Some(92), Some("counted")));
    let lines = jsonl(&["puzzles/sudoku9.puz"], 0);
    assert_eq!(lines[0]["solution"]["grid"].as_array().unwrap().len(), 9);
    assert_eq!(lines[1]["engine"], "fill");
    // Placements (sorted --all) and tiles; a played puzzle with its length, cost and counters.
    let lines = jsonl(&["puzzles/pentomino.puz", "--all", "--limit", "2"], 0);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["solution"]["placements"].as_array().unwrap().len(), 12);
    jsonl(&["puzzles/tetravex.puz"], 0);
    let lines = jsonl(&["puzzles/mayan.puz"], 0);
    let sol = &lines[0]["solution"];
    assert_eq!(sol["length"].as_u64(), Some(sol["moves"].as_array().unwrap().len() as u64));
    assert_eq!(sol["cost"], sol["length"], "moves without costs cost 1 each");
    assert_eq!(lines[1]["engine"], "move search");
    // No solution: the instance line says so.
    let lines = jsonl(&["puzzles/queens.puz", "--set", "n=3", "--all"], 1);
    assert_eq!((lines.len(), lines[0]["count"].as_u64()), (1, Some(0)));
}

#[test]
fn json_streams_its_solutions_first() {
    let out = run_ok(&["solve", "puzzles/queens.puz", "--set", "n=6", "--all", "--format", "json"], None, 0);
    assert!(out.starts_with("{\"instance\":1,\"solutions\":[{"), "{out}");
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!((v["count"].as_u64(), v["solutions"].as_array().unwrap().len()), (Some(4), 4));
    // A played puzzle's object has the first answer's length, cost and counters.
    let out = run_ok(&["solve", "puzzles/mayan.puz", "--format", "json"], None, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["length"].as_u64(), Some(v["moves"].as_array().unwrap().len() as u64));
    assert!(v["cost"].is_u64() && v["counters"].is_object(), "{v}");
}

/// The first answer of a long `--all` reaches a reader while the search still runs: 14
/// queens has 365596 solutions (OEIS A000170), whose search takes seconds.
#[test]
fn all_prints_its_first_answer_while_searching() {
    let mut child = Command::new(BIN)
        .args(["solve", "puzzles/queens.puz", "--set", "n=14", "--all", "--threads", "1"])
        .current_dir(root())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    for _ in 0..14 {
        BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut first).unwrap();
    }
    let running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert!(running, "the process had ended before its first answer was read");
    assert!(first.starts_with("queen(0,"), "{first}");
}

/// `puzc ... | head -1` under pipefail: puzc's exit is 0, and it says nothing.
#[test]
fn a_closed_pipe_ends_quietly_with_zero() {
    for args in ["--all", "--all --threads 1", "--all --format json", "--all --format jsonl"] {
        let script =
            format!("set -o pipefail; '{BIN}' solve puzzles/queens.puz --set n=12 {args} | head -1 >/dev/null");
        let out = Command::new("bash").args(["-c", &script]).current_dir(root()).output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{args}");
    }
}

/// Sends `signal` to puzc once its search has run a while; returns exit code, stdout, stderr.
fn interrupted(args: &[&str], signal: &str) -> (Option<i32>, String, String) {
    let child =
        Command::new(BIN).args(args).current_dir(root()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    std::thread::sleep(Duration::from_millis(700));
    let pid = child.id().to_string();
    assert!(Command::new("kill").args([signal, &pid]).status().unwrap().success());
    let started = Instant::now();
    let out = child.wait_with_output().unwrap();
    assert!(started.elapsed() < Duration::from_secs(10), "stopping took {:?}", started.elapsed());
    (out.status.code(), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

#[test]
fn sigint_stops_a_count_with_what_it_found() {
    // 16 queens counted takes minutes on one core.
    let (code, out, err) =
        interrupted(&["solve", "puzzles/queens.puz", "--set", "n=16", "--count", "--threads", "1"], "-INT");
    assert_eq!(code, Some(130), "{err}");
    assert_eq!(out, "", "a count cut short is not the count");
    let re = regex::Regex::new(r"^interrupted: (\d+) solutions? so far, (\d+) nodes\n$").unwrap();
    let caps = re.captures(&err).unwrap_or_else(|| panic!("{err:?}"));
    assert!(caps[2].parse::<u64>().unwrap() > 0);
}

#[test]
fn sigterm_stops_all_after_complete_answers() {
    let (code, out, err) =
        interrupted(&["solve", "puzzles/queens.puz", "--set", "n=16", "--all", "--threads", "1"], "-TERM");
    assert_eq!(code, Some(130), "{err}");
    let n: u64 = err.strip_prefix("interrupted: ").and_then(|e| e.split(' ').next()).unwrap().parse().unwrap();
    // Every answer printed is whole (16 lines, a blank line between two), and they were counted.
    let answers: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(answers.len() as u64, n, "{err}");
    assert!(answers.iter().all(|a| a.trim_end().lines().count() == 16));
    assert!(!out.contains("solutions"), "no count line when interrupted");
}

/// Ctrl-C in a batch of many instances, where most of the time goes between two searches
/// (reading, lowering, verifying and printing each sudoku, ~0.1 ms each): the batch stops
/// before the next instance with the `interrupted:` line, which counts the solutions of the
/// whole batch so far, one per grid printed, and exit 130. (A signal between two searches
/// used to end the process with 130 and nothing said.)
#[test]
fn sigint_stops_a_batch_between_instances_with_the_line() {
    let hardest = std::fs::read_to_string(root().join("tests/data/forum_hardest_first100.txt")).unwrap();
    let grids: Vec<&str> = hardest.lines().filter(|l| !l.starts_with('#')).collect();
    const CASES: usize = 100_000;
    let batch: String = grids.iter().cycle().take(CASES).map(|g| format!("{g}\n")).collect();
    let mut child = Command::new(BIN)
        .args(["solve", "puzzles/sudoku9.puz", "--instance", "-"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || _ = stdin.write_all(batch.as_bytes()));
    // Two instances answered: the batch is under way.
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut out = String::new();
    for _ in 0..19 {
        stdout.read_line(&mut out).unwrap();
    }
    assert!(Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap().success());
    let started = Instant::now();
    stdout.read_to_string(&mut out).unwrap();
    let done = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(started.elapsed() < Duration::from_secs(10), "stopping took {:?}", started.elapsed());
    let err = String::from_utf8(done.stderr).unwrap();
    assert_eq!(done.status.code(), Some(130), "{err}");
    let re = regex::Regex::new(r"^interrupted: (\d+) solutions? so far, (\d+) nodes\n$").unwrap();
    let caps = re.captures(&err).unwrap_or_else(|| panic!("{err:?}"));
    let solutions: usize = caps[1].parse().unwrap();
    let printed = out.split("\n\n").filter(|g| g.trim_end().lines().count() == 9).count();
    assert_eq!(solutions, printed, "one solution per grid printed");
    assert!((2..CASES).contains(&printed), "{printed} grids printed");
}

/// The progress line is erased before the `interrupted:` line (issue 27): puzc's stderr on a
/// pseudo-terminal (util-linux `script`, as tests/progress.rs), the line drawn at once
/// (`PUZC_PROGRESS_AFTER=0`), SIGINT sent by coreutils `timeout` after 1.5 s. What the
/// terminal got ends with the last progress line, the erase (`\r`, then ESC `[2K`, erase the
/// line), then `interrupted: ...`.
#[test]
fn sigint_erases_the_progress_line_before_the_interrupted_line() {
    let line = format!(
        "timeout --foreground --preserve-status -s INT 1.5 '{BIN}' solve puzzles/queens.puz --set n=16 --count --threads 1"
    );
    let Ok(o) = Command::new("script")
        .args(["-qec", &line, "/dev/null"])
        .current_dir(root())
        .env("PUZC_PROGRESS_AFTER", "0")
        .output()
    else {
        eprintln!("`script` (util-linux) is not installed: this test did not run");
        return;
    };
    let seen = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(130), "{seen:?}");
    let at = seen.find("interrupted: ").unwrap_or_else(|| panic!("no interrupted line in {seen:?}"));
    let before = &seen[..at];
    assert!(before.ends_with("\r\x1b[2K"), "no erase just before the interrupted line: {seen:?}");
    let drawn = before.trim_end_matches("\r\x1b[2K").rsplit("\x1b[2K").next().unwrap();
    assert!(drawn.contains(" nodes, ") && drawn.contains(" solutions, "), "no progress line before: {seen:?}");
    assert!(
        regex::Regex::new(r"^interrupted: \d+ solutions so far, \d+ nodes\r?\n$").unwrap().is_match(&seen[at..]),
        "{seen:?}"
    );
}
