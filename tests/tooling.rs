//! Tools around the language: the editor grammar (`editors/vscode/syntaxes/puz.tmLanguage.json`) against the
//! pest grammar, `puzc fmt` (canonical, idempotent, keeps comments and meaning), and
//! Knuth's estimate of a search's size (`puzc estimate`).

use crate::common;

use common::*;
use puzc::diag::FileId;
use std::path::PathBuf;

// ---------------------------------------------------------------------------------------------
// The TextMate grammar.

/// The TextMate grammar, inside the VS Code extension's folder.
const TEXTMATE: &str = "editors/vscode/syntaxes/puz.tmLanguage.json";

/// Every quoted word of the pest grammar (read now, not at build time: the grammar grows):
/// keywords, reserved words, answer modes, origins, directions, boolean literals.
fn pest_words() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("grammar/puz.pest")).unwrap();
    let mut words = std::collections::BTreeSet::new();
    for line in text.lines() {
        let code = if line.trim_start().starts_with("//") { "" } else { line };
        for (k, part) in code.split('"').enumerate() {
            // Odd parts are inside quotes.
            let is_word = !part.is_empty() && part.chars().all(|c| c.is_ascii_lowercase() || c == '-');
            if k % 2 == 1 && is_word && part.chars().next().unwrap().is_ascii_lowercase() {
                words.insert(part.to_string());
            }
        }
    }
    words.into_iter().collect()
}

/// Every `match` (and `begin`) regex of the TextMate grammar with the scope it gives, in the
/// order TextMate tries them: the top-level patterns, `include`s resolved in place.
fn textmate_rules() -> Vec<(regex::Regex, String)> {
    let text = std::fs::read_to_string(root().join(TEXTMATE)).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).expect("the TextMate grammar is JSON");
    assert_eq!(json["scopeName"], "source.puz");
    // `seen`: the entries being included, each once on the way down (brackets hold
    // expressions, which hold brackets).
    fn walk(
        v: &serde_json::Value,
        repo: &serde_json::Value,
        seen: &mut Vec<String>,
        out: &mut Vec<(regex::Regex, String)>,
    ) {
        if let Some(list) = v.as_array() {
            return list.iter().for_each(|x| walk(x, repo, seen, out));
        }
        if !v.is_object() {
            return;
        }
        if let Some(inc) = v["include"].as_str() {
            let target = &repo[inc.trim_start_matches('#')];
            assert!(!target.is_null(), "include {inc} names no repository entry");
            if seen.iter().any(|s| s == inc) {
                return;
            }
            seen.push(inc.to_string());
            walk(target, repo, seen, out);
            seen.pop();
            return;
        }
        if let Some(name) = v["name"].as_str() {
            for key in ["match", "begin"] {
                if let Some(re) = v[key].as_str() {
                    // TextMate's Oniguruma and Rust's regex share this subset; the one
                    // look-ahead (a builtin is followed by `(`) becomes part of the match.
                    let re = re.replace("(?=\\s*\\()", "(?:\\s*\\()");
                    out.push((regex::Regex::new(&re).unwrap_or_else(|e| panic!("{re}: {e}")), name.into()));
                }
            }
        }
        walk(&v["patterns"], repo, seen, out);
    }
    let mut out = Vec::new();
    walk(&json["patterns"], &json["repository"], &mut Vec::new(), &mut out);
    out
}

/// The scope the grammar gives `word` inside `text`: the first rule (in file order) that
/// matches exactly that word there.
fn scope_of(rules: &[(regex::Regex, String)], text: &str, word: &str) -> Option<String> {
    let at = text.find(word).unwrap();
    rules
        .iter()
        .find(|(re, _)| re.find_iter(text).any(|m| m.start() == at && m.end() == at + word.len()))
        .map(|(_, s)| s.clone())
}

#[test]
fn textmate_grammar_highlights_every_keyword_of_the_pest_grammar() {
    let words = pest_words();
    // The grammar's own keywords must be found: a parser change that hides them would make
    // this test pass vacuously.
    for must in ["puzzle", "board", "moves", "where", "true", "top-left", "unique", "down"] {
        assert!(words.iter().any(|w| w == must), "`{must}` not found in grammar/puz.pest");
    }
    let rules = textmate_rules();
    let mut missing = Vec::new();
    for w in &words {
        // The grammar's contexts (brackets) decide, so the tokenizer runs it.
        let line = format!("x {w} y");
        match Some(textmate_scopes(&line).0[2].clone()) {
            Some(s) if s.starts_with("keyword") || s.starts_with("constant") => {}
            other => missing.push(format!("{w} ({other:?})")),
        }
    }
    assert!(missing.is_empty(), "words of grammar/puz.pest not highlighted by {TEXTMATE}: {missing:?}");
    // A name is not a keyword.
    assert_eq!(scope_of(&rules, "x boardgame y", "boardgame").as_deref(), Some("variable.other.puz"));
}

#[test]
fn textmate_grammar_highlights_every_literal() {
    let rules = textmate_rules();
    for (text, lit, scope) in [
        ("let n = 42", "42", "constant.numeric"),
        ("let c = 'A'", "'A'", "constant.character"),
        ("puzzle \"Title\"", "\"", "string.quoted.double"),
        ("instance \"\"\"", "\"\"\"", "string.quoted.triple"),
        ("let b = true", "true", "constant.language.boolean"),
        ("fill grid # a comment", "# a comment", "comment.line"),
        ("let r = 0..=9", "..=", "keyword.operator.range"),
    ] {
        let got = scope_of(&rules, text, lit);
        assert!(got.as_deref().is_some_and(|s| s.starts_with(scope)), "{lit} in `{text}`: {got:?}, expected {scope}");
    }
}

#[test]
fn editor_package_points_at_the_grammar() {
    // The VS Code extension's manifest: it parses, every file it names exists, its language
    // id is the one its grammar, menus and client use, and it runs `extension.js`. (npm is
    // not run here: the client's dependency is not installed in tests.)
    let dir = root().join("editors/vscode");
    let text = std::fs::read_to_string(dir.join("package.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let lang = &json["contributes"]["languages"][0];
    assert_eq!(lang["id"], "puz");
    assert_eq!(lang["extensions"][0], ".puz");
    assert!(dir.join(lang["configuration"].as_str().unwrap()).exists());
    let g = &json["contributes"]["grammars"][0];
    assert_eq!(g["scopeName"], "source.puz");
    assert_eq!(g["language"], lang["id"]);
    assert_eq!(dir.join(g["path"].as_str().unwrap()), root().join(TEXTMATE));
    let main = json["main"].as_str().unwrap();
    let client = std::fs::read_to_string(dir.join(main)).expect("the extension's main file exists");
    assert!(json["activationEvents"].as_array().unwrap().contains(&"onLanguage:puz".into()));
    assert!(json["dependencies"]["vscode-languageclient"].is_string());
    assert!(json["contributes"]["configuration"]["properties"]["puzc.path"].is_object());
    // The command it contributes is the one the client registers, and the client starts
    // `puzc lsp` for the same language id.
    let command = json["contributes"]["commands"][0]["command"].as_str().unwrap();
    assert!(client.contains(&format!("registerCommand('{command}'")), "{command} is not registered");
    assert!(client.contains("args: ['lsp']") && client.contains("language: 'puz'"));
    assert!(client.contains("'solve'"));
}

// ---------------------------------------------------------------------------------------------
// puzc fmt

/// Every .puz file of the repository that parses: the shipped specs and the tests' specs.
fn all_specs() -> Vec<PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "puz") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root().join("puzzles"), &mut out);
    walk(&root().join("tests"), &mut out);
    out.sort();
    out
}

fn shipped() -> Vec<PathBuf> {
    all_specs().into_iter().filter(|p| p.starts_with(root().join("puzzles"))).collect()
}

/// The AST's debug text without spans and offsets: what the spec means, not where.
fn ast_without_spans(text: &str) -> Option<String> {
    let spec = puzc::syntax::parse(text, FileId::default()).ok()?;
    let mut s = format!("{spec:?}");
    for (open, close) in [("Span {", '}'), ("offset: ", ',')] {
        while let Some(at) = s.find(open) {
            let end = at + s[at..].find(close).unwrap_or(s.len() - at);
            s.replace_range(at..end, "");
        }
    }
    Some(s)
}

fn fmt(text: &str) -> String {
    puzc::syntax::format::format(text, FileId::default()).expect("formats")
}

#[test]
fn fmt_twice_changes_nothing_the_second_time() {
    let mut formatted = 0;
    for path in all_specs() {
        // A spec that is not UTF-8 on purpose (tests/ui/syntax_not_utf8.puz, P006) has no layout.
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        if puzc::syntax::parse(&text, FileId::default()).is_err() {
            continue;
        }
        let once = fmt(&text);
        assert_eq!(fmt(&once), once, "{}: a second pass changed the layout", path.display());
        formatted += 1;
    }
    assert!(formatted >= 14, "only {formatted} specs formatted");
}

#[test]
fn fmt_keeps_the_meaning_and_every_comment() {
    for path in all_specs() {
        // A spec that is not UTF-8 on purpose (tests/ui/syntax_not_utf8.puz, P006) has no layout.
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let Some(before) = ast_without_spans(&text) else { continue };
        let once = fmt(&text);
        let after =
            ast_without_spans(&once).unwrap_or_else(|| panic!("{}: formatted text does not parse", path.display()));
        assert_eq!(before, after, "{}: formatting changed the AST", path.display());
        let comments = |t: &str| -> Vec<String> {
            // A `#` inside a string is not a comment; shipped specs keep them apart.
            t.lines()
                .filter_map(|l| {
                    l.find(" #")
                        .map(|k| l[k..].trim().to_string())
                        .or_else(|| l.starts_with('#').then(|| l.trim_end().to_string()))
                })
                .collect()
        };
        assert_eq!(comments(&text), comments(&once), "{}: comments changed", path.display());
    }
}

/// The formatted specs lower to the same problems (`compile --emit`) as the originals.
#[test]
fn formatted_specs_compile_to_the_same_problem() {
    let dir = scratch("fmt-compile");
    for path in shipped() {
        // A spec that is not UTF-8 on purpose (tests/ui/syntax_not_utf8.puz, P006) has no layout.
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        write(&dir, path.file_name().unwrap().to_str().unwrap(), &fmt(&text));
    }
    for path in shipped() {
        let name = path.file_name().unwrap().to_str().unwrap();
        let original = path.to_str().unwrap();
        let formatted = dir.join(name);
        let is_moves = std::fs::read_to_string(&path).unwrap().contains("\nmove ");
        let emit = if is_moves { "moves" } else { "dlx" };
        let a = run(&["compile", "--emit", emit, original], None);
        let b = run(&["compile", "--emit", emit, formatted.to_str().unwrap()], None);
        assert_eq!((a.code, &a.out), (b.code, &b.out), "{name}");
    }
}

#[test]
fn fmt_lays_out_a_messy_spec() {
    let messy = "# title\npuzzle   \"Q\"\n\n\n\nlet n=8   # size\nitem   row(r) ,col(c)for r in 0 .. n,c in 0..n\noption q(r,c)=row(r),col(c),diag(r+c):-1 for r in 0..n , c in 0..n where not(r==c)and - r<0\nboard b[ n,n ] of 1..=n , without {(0,0)}\nmove m(r) for r in [ 1,2 ] when b(r,0)==0 do set (r,0)=1,swap (r,0),(r,1)\n# end\n";
    let want = "# title\npuzzle \"Q\"\n\nlet n = 8  # size\nitem row(r), col(c) for r in 0..n, c in 0..n\noption q(r, c) = row(r), col(c), diag(r + c): -1\n    for r in 0..n, c in 0..n\n    where not (r == c) and -r < 0\nboard b[n, n] of 1..=n, without { (0, 0) }\nmove m(r) for r in [1, 2]\n    when b(r, 0) == 0\n    do set (r, 0) = 1, swap (r, 0), (r, 1)\n# end\n";
    assert_eq!(fmt(messy), want);
    assert_eq!(fmt(want), want);
}

#[test]
fn fmt_cli_prints_checks_and_writes() {
    let dir = scratch("fmt-cli");
    let messy = write(&dir, "m.puz", "puzzle   \"Q\"\nlet n=8\n");
    assert_eq!(run_ok(&["fmt", &messy], None, 0), "puzzle \"Q\"\nlet n = 8\n");
    let r = run(&["fmt", "--check", &messy], None);
    assert_eq!((r.code, r.out), (1, format!("{messy}\n")));
    assert!(r.err.contains("not in the canonical layout"), "{}", r.err);
    run_ok(&["fmt", "--write", &messy], None, 0);
    assert_eq!(std::fs::read_to_string(&messy).unwrap(), "puzzle \"Q\"\nlet n = 8\n");
    run_ok(&["fmt", "--check", &messy], None, 0);
    // A spec that does not parse gets its diagnostic and exit 3; the file is left alone.
    let bad = write(&dir, "bad.puz", "let = 3\n");
    let r = run(&["fmt", "--write", &bad], None);
    assert_eq!(r.code, 3);
    assert!(r.err.contains("P00"), "{}", r.err);
    assert_eq!(std::fs::read_to_string(&bad).unwrap(), "let = 3\n");
}

// ---------------------------------------------------------------------------------------------
// Knuth's estimate, the progress line, and split / solve --part / merge.

use puzc::ir::xcc::{Colour, Entry, ItemId, XccBuilder, XccProblem};
use puzc::solve::xcc::{self, Branching, Flow, Limits};
// (`xcc` and the engines count nodes; the estimate is checked against them.)

/// n queens as exact cover: ranks and files primary, diagonals secondary.
fn queens(n: u32) -> XccProblem {
    let mut b = XccBuilder::new();
    let rank: Vec<ItemId> = (0..n).map(|i| b.add_primary(format!("r{i}"), 1, 1)).collect();
    let file: Vec<ItemId> = (0..n).map(|i| b.add_primary(format!("f{i}"), 1, 1)).collect();
    let diag: Vec<ItemId> = (0..2 * n - 1).map(|i| b.add_secondary(format!("d{i}"))).collect();
    let anti: Vec<ItemId> = (0..2 * n - 1).map(|i| b.add_secondary(format!("a{i}"))).collect();
    let e = |item| Entry { item, colour: Colour::NONE };
    for r in 0..n {
        for c in 0..n {
            let items = [
                e(rank[r as usize]),
                e(file[c as usize]),
                e(diag[(r + c) as usize]),
                e(anti[(r + n - 1 - c) as usize]),
            ];
            b.add_option(format!("q{r}{c}"), &items);
        }
    }
    b.finish()
}

/// The lowered problem of a shipped spec, read back from `compile --emit dlx`.
fn lowered(args: &[&str]) -> XccProblem {
    let mut all = vec!["compile", "--emit", "dlx"];
    all.extend_from_slice(args);
    XccProblem::from_dlx_text(&run_ok(&all, None, 0)).expect("puzc's DLX text reads back")
}

/// The estimate is unbiased: over many probes its mean comes within a few standard errors
/// of the exact node and solution counts (counted by the engine, plain MRV as the probes).
#[test]
fn knuth_estimate_is_unbiased() {
    let problems = [
        ("6 queens", queens(6)),
        ("8 queens", queens(8)),
        ("Langford n = 7", lowered(&["puzzles/langford.puz"])),
        ("Tetravex sample", lowered(&["puzzles/tetravex.puz"])),
    ];
    for (name, p) in problems {
        let exact = xcc::solve_with(&p, &Limits::default(), Branching::Mrv, &mut |_| Flow::Continue);
        let est = puzc::solve::estimate::estimate(&p, false, 20_000, 7).expect("no multiplicities");
        for (what, truth, s) in [("nodes", exact.nodes, est.nodes), ("solutions", exact.solutions, est.solutions)] {
            let off = (s.mean - truth as f64).abs();
            assert!(
                off <= 4.0 * s.std_error + 1e-9,
                "{name}: {what} estimated {:.1} ± {:.1}, exact {truth}",
                s.mean,
                s.std_error
            );
            assert!(s.min <= truth as f64 + 1e-9 || truth == 0, "{name}: every probe overestimates {what}");
        }
    }
}

#[test]
fn estimate_command_prints_the_estimate_and_its_spread() {
    let out = run_ok(&["estimate", "puzzles/queens.puz", "--set", "n=8", "--probes", "4000"], None, 0);
    // nodes ≈ M ± E
    let number = |label: &str| -> (f64, f64) {
        let line = out
            .lines()
            .find(|l| l.trim_start().starts_with(label))
            .unwrap_or_else(|| panic!("no {label} line:\n{out}"));
        let nums: Vec<f64> =
            line.split(|c: char| !(c.is_ascii_digit() || c == '.')).filter_map(|w| w.parse().ok()).collect();
        (nums[0], nums[1])
    };
    let (sols, sols_err) = number("solutions");
    // 92 solutions of 8 queens (OEIS A000170).
    assert!((sols - 92.0).abs() <= 4.0 * sols_err + 1.0, "{out}");
    let (nodes, nodes_err) = number("nodes");
    let counted = run(&["solve", "puzzles/queens.puz", "--set", "n=8", "--count", "--stats"], None);
    // `--stats`: "...; 498 nodes, 92 solutions; ...".
    let exact: f64 = (counted.err.split("; "))
        .find_map(|w| w.split_once(" nodes,").and_then(|(n, _)| n.parse().ok()))
        .unwrap_or_else(|| panic!("{}", counted.err));
    assert!(
        (nodes - exact).abs() <= 4.0 * nodes_err + 0.05 * exact,
        "estimate {nodes} ± {nodes_err}, engine {exact}\n{out}"
    );
    assert!(out.contains("probes"), "{out}");
    // A played puzzle has no exact-cover tree to estimate.
    let r = run(&["estimate", "puzzles/samegame.puz"], None);
    assert_eq!(r.code, 2, "{}", r.err);
}

/// Pentominoes in 6 × 10: 9356 solutions (2339 up to the board's 4 symmetries, Haselgrove
/// 1960). About one probe in 6000 reaches one, so a thousand probes printed
/// "solutions ~ 0.0 ± 0.0", which reads as "none". Now such a run says it has no estimate,
/// and without `--probes` the probes are doubled until enough reach a solution: the mean
/// then comes within four standard errors of 9356.
#[test]
fn estimate_says_when_no_probe_reached_a_solution_and_probes_on_by_default() {
    let out = run_ok(&["estimate", "puzzles/pentomino.puz", "--probes", "1000"], None, 0);
    assert!(!out.contains("solutions ~ 0.0"), "{out}");
    assert!(out.contains("solutions: no estimate: none of the 1000 probes reached a solution"), "{out}");
    let out = run_ok(&["estimate", "puzzles/pentomino.puz"], None, 0);
    let probes: u64 = out.split_whitespace().nth(5).and_then(|w| w.parse().ok()).unwrap_or_else(|| panic!("{out}"));
    assert!(probes > 1000, "the default probes on until solutions are reached\n{out}");
    let line = out.lines().find(|l| l.trim_start().starts_with("solutions ~")).unwrap_or_else(|| panic!("{out}"));
    let nums: Vec<f64> =
        line.split(|c: char| !(c.is_ascii_digit() || c == '.')).filter_map(|w| w.parse().ok()).collect();
    let (mean, err) = (nums[0], nums[1]);
    assert!(mean > 0.0 && (mean - 9356.0).abs() <= 4.0 * err, "{out}");
    // Fewer than 30 probes reached a solution: the figure is marked rough, with the count.
    let hits = out.lines().find(|l| l.contains("rough: only"));
    if let Some(h) = hits {
        assert!(h.contains(&format!("of the {probes} probes reached a solution")), "{out}");
    } else {
        assert_eq!(probes, 1000, "more probes were made though 30 reached a solution\n{out}");
    }
    // Where solutions are common the default stays at 1000 probes (8 queens: 92).
    let out = run_ok(&["estimate", "puzzles/queens.puz"], None, 0);
    assert!(out.starts_with("instance 1: Knuth's estimate from 1000 probes\n"), "{out}");
    assert!(!out.contains("rough") && !out.contains("no estimate"), "{out}");
    // No solution at all (3 queens): no estimate, after the most probes.
    let out = run_ok(&["estimate", "puzzles/queens.puz", "--set", "n=3"], None, 0);
    assert!(out.contains("from 128000 probes") && out.contains("solutions: no estimate"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// The TextMate grammar run as an editor runs it.

/// A pattern of the TextMate grammar.
enum Pat {
    Include(String),
    Group(Vec<Pat>),
    Match {
        re: regex::Regex,
        name: Option<String>,
        captures: Vec<(usize, String)>,
    },
    Block {
        begin: regex::Regex,
        end: regex::Regex,
        name: Option<String>,
        captures: Vec<(usize, String)>,
        patterns: Vec<Pat>,
    },
}

fn regex_of(v: &serde_json::Value) -> regex::Regex {
    // Oniguruma and Rust's regex share the grammar's syntax but for one look-ahead (a builtin
    // is followed by `(`), which becomes part of the match.
    let re = v.as_str().unwrap().replace("(?=\\s*\\()", "(?:\\s*\\()");
    regex::Regex::new(&re).unwrap_or_else(|e| panic!("{re}: {e}"))
}

fn captures_of(v: &serde_json::Value) -> Vec<(usize, String)> {
    let Some(map) = v.as_object() else { return Vec::new() };
    map.iter().map(|(k, c)| (k.parse().unwrap(), c["name"].as_str().unwrap().to_string())).collect()
}

fn pat_of(v: &serde_json::Value) -> Pat {
    let name = v["name"].as_str().map(String::from);
    if let Some(inc) = v["include"].as_str() {
        Pat::Include(inc.trim_start_matches('#').to_string())
    } else if v["match"].is_string() {
        Pat::Match { re: regex_of(&v["match"]), name, captures: captures_of(&v["captures"]) }
    } else if v["begin"].is_string() {
        let mut captures = captures_of(&v["beginCaptures"]);
        // End captures are told apart by an offset: the test needs only their names.
        captures.extend(captures_of(&v["endCaptures"]).into_iter().map(|(k, n)| (k + 1000, n)));
        let patterns = v["patterns"].as_array().map_or(Vec::new(), |l| l.iter().map(pat_of).collect());
        Pat::Block { begin: regex_of(&v["begin"]), end: regex_of(&v["end"]), name, captures, patterns }
    } else {
        Pat::Group(v["patterns"].as_array().unwrap().iter().map(pat_of).collect())
    }
}

/// A small TextMate tokenizer: line by line, at each place the leftmost match of the current
/// context's patterns wins (ties: the block's end, then the first pattern), a `begin` opens a
/// context until its `end`. Returns each byte's innermost scope ("" for none) and whether it
/// stands inside brackets. Not covered: `while` rules, back-references from `begin` in `end`,
/// `applyEndPatternLast`, injections (the grammar uses none of them).
fn textmate_scopes(text: &str) -> (Vec<String>, Vec<bool>) {
    let grammar = std::fs::read_to_string(root().join(TEXTMATE)).unwrap();
    let json: serde_json::Value = serde_json::from_str(&grammar).unwrap();
    let repo: std::collections::HashMap<String, Pat> =
        json["repository"].as_object().unwrap().iter().map(|(k, v)| (k.clone(), pat_of(v))).collect();
    let top: Vec<Pat> = json["patterns"].as_array().unwrap().iter().map(pat_of).collect();
    fn flat<'a>(pats: &'a [Pat], repo: &'a std::collections::HashMap<String, Pat>, out: &mut Vec<&'a Pat>) {
        for p in pats {
            match p {
                Pat::Include(n) => flat(std::slice::from_ref(&repo[n]), repo, out),
                Pat::Group(ps) => flat(ps, repo, out),
                _ => out.push(p),
            }
        }
    }
    let mut scopes = vec![String::new(); text.len()];
    let mut bracketed = vec![false; text.len()];
    let mut stack: Vec<&Pat> = Vec::new();
    let mut line_start = 0;
    for line in text.split('\n') {
        let mut pos = 0;
        loop {
            let outer = |stack: &[&Pat]| {
                stack.iter().rev().find_map(|p| match p {
                    Pat::Block { name: Some(n), .. } => Some(n.clone()),
                    _ => None,
                })
            };
            let inside = |stack: &[&Pat]| {
                stack
                    .iter()
                    .any(|p| matches!(p, Pat::Block { begin, .. } if ["\\(", "\\[", "\\{"].contains(&begin.as_str())))
            };
            let mut candidates = Vec::new();
            match stack.last() {
                Some(Pat::Block { patterns, .. }) => flat(patterns, &repo, &mut candidates),
                _ => flat(&top, &repo, &mut candidates),
            }
            // (start, captures, the pattern, whether it is the end of the open block)
            let mut best: Option<(usize, regex::Captures, &Pat, bool)> = None;
            if let Some(Pat::Block { end, .. }) = stack.last()
                && let Some(c) = end.captures_at(line, pos)
            {
                best = Some((c.get(0).unwrap().start(), c, stack.last().unwrap(), true));
            }
            for p in candidates {
                let re = match p {
                    Pat::Match { re, .. } => re,
                    Pat::Block { begin, .. } => begin,
                    _ => unreachable!(),
                };
                if let Some(c) = re.captures_at(line, pos) {
                    let start = c.get(0).unwrap().start();
                    if best.as_ref().is_none_or(|b| start < b.0) {
                        best = Some((start, c, p, false));
                    }
                }
            }
            let here = outer(&stack).unwrap_or_default();
            let brk = inside(&stack);
            let Some((start, caps, p, is_end)) = best else {
                for i in pos..line.len() {
                    scopes[line_start + i] = here.clone();
                    bracketed[line_start + i] = brk;
                }
                break;
            };
            let whole = caps.get(0).unwrap();
            for i in pos..whole.end() {
                scopes[line_start + i] = here.clone();
                bracketed[line_start + i] = brk;
            }
            let (name, captures, offset) = match p {
                Pat::Match { name, captures, .. } => (name.clone(), captures, 0),
                Pat::Block { name, captures, .. } => (name.clone(), captures, if is_end { 1000 } else { 0 }),
                _ => unreachable!(),
            };
            if let Some(n) = name.or(Some(here.clone())) {
                for i in start..whole.end() {
                    scopes[line_start + i] = n.clone();
                }
            }
            for (k, n) in captures.iter().filter(|(k, _)| (*k >= 1000) == (offset == 1000)) {
                if let Some(g) = caps.get(k - offset) {
                    for i in g.start()..g.end() {
                        scopes[line_start + i] = n.clone();
                    }
                }
            }
            match (p, is_end) {
                (_, true) => {
                    stack.pop();
                }
                (Pat::Block { .. }, false) => stack.push(p),
                _ => {}
            }
            // A match of nothing moves on by a byte, as TextMate does.
            pos = if whole.end() > pos { whole.end() } else { pos + 1 };
            if pos > line.len() {
                break;
            }
        }
        line_start += line.len() + 1;
    }
    (scopes, bracketed)
}

/// Over every shipped spec, run through the test's TextMate tokenizer: the name of every
/// declaration (board, region, piece, tiles, param, let, move, counter, grid, table, read by
/// puzc's own outline of the parsed spec) is scoped `entity.name`, never a keyword; every
/// use of a declared name inside brackets is not a keyword or a language constant. Not
/// covered, and left to the language server's semantic tokens: a name spelt like a keyword
/// outside brackets (`moves` after `let x =`, in a `when` condition), which a regex cannot
/// tell from the keyword.
#[test]
fn textmate_grammar_scopes_declared_names_as_names_in_every_shipped_spec() {
    let (mut declarations, mut uses) = (0, 0);
    let mut wrong = Vec::new();
    for path in shipped() {
        let file = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let spec = puzc::syntax::parse(&text, FileId::default()).expect("a shipped spec parses");
        let outline = puzc::api::Outline::of(&spec);
        let (scopes, bracketed) = textmate_scopes(&text);
        for d in &outline.declarations {
            declarations += 1;
            let s = &scopes[d.name.span.start];
            if !s.starts_with("entity.name") || (d.name.span.start..d.name.span.end).any(|i| scopes[i] != *s) {
                wrong.push(format!("{file}: the declaration of `{}` is scoped {s}", d.name.name));
            }
        }
        for d in &outline.declarations {
            let word = regex::Regex::new(&format!(r"\b{}\b", d.name.name)).unwrap();
            for m in word.find_iter(&text).filter(|m| bracketed[m.start()]) {
                let s = &scopes[m.start()];
                if s.starts_with("string") || s.starts_with("comment") || s.starts_with("constant.character") {
                    continue;
                }
                uses += 1;
                if s.starts_with("keyword") || s.starts_with("constant.language") {
                    let line = text[..m.start()].matches('\n').count() + 1;
                    wrong.push(format!("{file}:{line}: `{}` inside brackets is scoped {s}", d.name.name));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(declarations > 150 && uses > 100, "{declarations} declarations, {uses} uses in brackets");
    // The cases of issue 26: `up` in `up to symmetry` is no direction; tiles' edge names are names.
    let text =
        "answer count up to symmetry\ntiles t[4] with edges top, right, bottom, left from instance\ngravity down\n";
    let (scopes, _) = textmate_scopes(text);
    let at = |w: &str| &scopes[text.find(w).unwrap()];
    assert_eq!(at("up"), "keyword.other.puz");
    assert_eq!(at("count"), "constant.language.answer.puz");
    assert!(at("right").starts_with("variable"), "{}", at("right"));
    assert!(at("left").starts_with("variable"), "{}", at("left"));
    assert_eq!(at("down"), "constant.language.direction.puz");
    assert!(at("t[").starts_with("entity.name"));
}
