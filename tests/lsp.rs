//! `puzc lsp` driven end to end by a client over stdio: the framing (`Content-Length`) and
//! JSON-RPC are written here from the protocol's specification, sharing no code with the
//! server. What the server says is compared with what the command line says of the same
//! text (`puzc check --format json`, `puzc fmt -`), which is the independent reference.
use crate::common::{puzc, scratch};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

/// A wait longer than any answer can take on a busy machine; a server that hangs fails.
const PATIENCE: Duration = Duration::from_secs(60);

struct Client {
    child: Child,
    stdin: ChildStdin,
    incoming: Receiver<Value>,
    next_id: u64,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_puzc"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("puzc lsp starts");
        let stdin = child.stdin.take().unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let (send, incoming) = channel();
        std::thread::spawn(move || {
            loop {
                let mut length = None;
                loop {
                    let mut line = String::new();
                    if out.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    let line = line.trim_end();
                    if line.is_empty() {
                        break;
                    }
                    if let Some(n) = line.strip_prefix("Content-Length: ") {
                        length = n.parse::<usize>().ok();
                    }
                }
                let mut body = vec![0; length.expect("every message has a Content-Length")];
                if out.read_exact(&mut body).is_err() {
                    return;
                }
                if send.send(serde_json::from_slice(&body).expect("a message is JSON")).is_err() {
                    return;
                }
            }
        });
        Client { child, stdin, incoming, next_id: 0 }
    }

    fn send(&mut self, message: Value) {
        let body = message.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// Sends a request and returns its result, setting aside notifications that come first.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let m = self.incoming.recv_timeout(PATIENCE).expect("the server answers");
            if m["id"] == json!(id) {
                assert!(m.get("error").is_none(), "{method} failed: {m}");
                return m["result"].clone();
            }
        }
    }

    /// The next diagnostics published for `uri`.
    fn diagnostics(&mut self, uri: &str) -> Vec<Value> {
        loop {
            let m = self.incoming.recv_timeout(PATIENCE).expect("diagnostics are published");
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
                return m["params"]["diagnostics"].as_array().unwrap().clone();
            }
        }
    }
}

/// What `puzc check --format json` says of a spec's text: (code, line, column), 1-based.
fn cli_diagnostics(text: &str) -> Vec<(String, u64, u64)> {
    let run = puzc().args(["check", "-", "--format", "json"]).write_stdin(text).output().unwrap();
    String::from_utf8(run.stderr)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|d| d["type"] == "diagnostic")
        .map(|d| (d["code"].as_str().unwrap().to_string(), d["line"].as_u64().unwrap(), d["column"].as_u64().unwrap()))
        .collect()
}

fn lsp_diagnostics(found: &[Value]) -> Vec<(String, u64, u64)> {
    found
        .iter()
        .map(|d| {
            let start = &d["range"]["start"];
            (
                d["code"].as_str().unwrap().to_string(),
                start["line"].as_u64().unwrap() + 1,
                start["character"].as_u64().unwrap() + 1,
            )
        })
        .collect()
}

const SUDOKU: &str = "board grid[4, 4] of 1..=4
fill grid
given grid from instance

region row(r) = { (r, c) for c in 0..4 } for r in 0..4
region col(c) = { (r, c) for r in 0..4 } for c in 0..4
region box(b) = { (2 * (b / 2) + i / 2, 2 * (b % 2) + i % 2) for i in 0..4 } for b in 0..4
each row, col, box holds each value exactly once

instance \"\"\"
1...
..2.
.3..
...4
\"\"\"
";

#[test]
fn a_client_sees_diagnostics_formatting_symbols_definitions_hover_and_completion() {
    let dir = scratch("lsp");
    let uri = format!("file://{}/four.puz", dir.display());
    let mut client = Client::start();
    let init = client.request("initialize", json!({ "processId": null, "rootUri": null, "capabilities": {} }));
    let caps = &init["capabilities"];
    assert_eq!(caps["documentFormattingProvider"], true, "{init}");
    assert_eq!(caps["positionEncoding"], "utf-16");
    client.notify("initialized", json!({}));

    // A misspelt region: the checker's error, where `puzc check` puts it.
    let typo = SUDOKU.replace("each row, col, box", "each row, cols, box");
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "puz", "version": 1, "text": typo } }),
    );
    let found = client.diagnostics(&uri);
    assert!(!found.is_empty());
    assert_eq!(lsp_diagnostics(&found), cli_diagnostics(&typo));
    assert_eq!(found[0]["source"], "puzc");
    assert!(found[0]["message"].as_str().unwrap().contains("cols"), "{}", found[0]);

    // An error only elaboration finds (a given that is not a value of the board), also as
    // the command line reports it.
    let bad_given = SUDOKU.replace("..2.", "..7.");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": bad_given }] }),
    );
    let found = client.diagnostics(&uri);
    assert!(!found.is_empty());
    assert_eq!(lsp_diagnostics(&found), cli_diagnostics(&bad_given));

    // Fixed: the diagnostics are cleared.
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 3 }, "contentChanges": [{ "text": SUDOKU }] }),
    );
    assert_eq!(client.diagnostics(&uri), Vec::<Value>::new());
    assert!(cli_diagnostics(SUDOKU).is_empty());

    // Outline: every declaration, in order, with its name selected.
    let symbols = client.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": uri } }));
    let names: Vec<&str> = symbols.as_array().unwrap().iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["grid", "row", "col", "box"]);
    assert_eq!(symbols[2]["selectionRange"]["start"], json!({ "line": 5, "character": 7 }));

    // Definition of `col` at its use in line 8 (0-based 7): its declaration's name.
    let line = SUDOKU.lines().nth(7).unwrap();
    let at = line.find("col").unwrap() as u64 + 1;
    let def = client.request(
        "textDocument/definition",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 7, "character": at } }),
    );
    assert_eq!(def["uri"], uri.as_str());
    assert_eq!(def["range"], json!({ "start": { "line": 5, "character": 7 }, "end": { "line": 5, "character": 10 } }));

    // Hover on the board's name at `fill grid`: what it is and its size.
    let hover = client.request(
        "textDocument/hover",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 1, "character": 6 } }),
    );
    let shown = hover["contents"]["value"].as_str().unwrap();
    assert!(shown.starts_with("board `grid`"), "{shown}");
    assert!(shown.contains("board grid[4, 4] of 1..=4"), "{shown}");

    // Completion: the names in scope and the keywords.
    let items = client.request(
        "textDocument/completion",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 7, "character": 0 } }),
    );
    let labels: Vec<&str> = items.as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
    for want in ["grid", "box", "holds", "region"] {
        assert!(labels.contains(&want), "{want} not offered: {labels:?}");
    }

    // Formatting gives what `puzc fmt -` prints.
    let messy = SUDOKU.replace("fill grid", "fill    grid").replace("of 1..=4", "of 1 ..= 4");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 4 }, "contentChanges": [{ "text": messy }] }),
    );
    client.diagnostics(&uri);
    let edits = client.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    let fmt = puzc().args(["fmt", "-"]).write_stdin(messy.as_str()).output().unwrap();
    assert!(fmt.status.success());
    assert_eq!(edits.as_array().unwrap().len(), 1, "{edits}");
    assert_eq!(edits[0]["newText"], String::from_utf8(fmt.stdout).unwrap().as_str());
    assert_eq!(edits[0]["range"]["start"], json!({ "line": 0, "character": 0 }));

    // Closing clears the document's diagnostics.
    client.notify("textDocument/didClose", json!({ "textDocument": { "uri": uri } }));
    assert_eq!(client.diagnostics(&uri), Vec::<Value>::new());

    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    let status = wait(&mut client.child);
    assert!(status.success(), "puzc lsp exits 0 after shutdown and exit: {status}");
}

#[test]
fn columns_are_utf16_units_and_imports_are_followed() {
    let dir = scratch("lsp-imports");
    std::fs::write(dir.join("rules.puz"), "board g[2, 2] of 1..2\nfill g\n").unwrap();
    let uri = format!("file://{}/main.puz", dir.display());
    let mut client = Client::start();
    client.request("initialize", json!({ "processId": null, "rootUri": null, "capabilities": {} }));
    client.notify("initialized", json!({}));
    // '𝄞' is one character but two UTF-16 units: the unknown name after it is one column
    // further right for the editor than for `puzc check`, which counts characters.
    let text = "import \"rules.puz\"\nlet s = \"𝄞\" + nowhere\n";
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "puz", "version": 1, "text": text } }),
    );
    let found = client.diagnostics(&uri);
    std::fs::write(dir.join("main.puz"), text).unwrap();
    let run = puzc().args(["check", dir.join("main.puz").to_str().unwrap(), "--format", "json"]).output().unwrap();
    let first =
        String::from_utf8(run.stderr).unwrap().lines().next().map(|l| serde_json::from_str::<Value>(l).unwrap());
    let cli = first.expect("puzc check reports the unknown name");
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0]["code"], cli["code"]);
    assert_eq!(found[0]["range"]["start"]["line"].as_u64().unwrap() + 1, cli["line"].as_u64().unwrap());
    assert_eq!(found[0]["range"]["start"]["character"].as_u64().unwrap(), cli["column"].as_u64().unwrap());

    // The imported board is defined in rules.puz.
    let text = "import \"rules.puz\"\ngiven g = \"\"\"\n1.\n..\n\"\"\"\n";
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": text }] }),
    );
    client.diagnostics(&uri);
    let def = client.request(
        "textDocument/definition",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 1, "character": 6 } }),
    );
    assert!(def["uri"].as_str().unwrap().ends_with("/rules.puz"), "{def}");
    assert_eq!(def["range"]["start"], json!({ "line": 0, "character": 6 }));
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    assert!(wait(&mut client.child).success());
}

/// A document that starts with a byte-order mark (issue 26): the mark is one UTF-16 unit of
/// the editor's line 0, which the loader drops, so positions on line 0 are one further right
/// than the decoded text's columns; other lines are as they were. The diagnostic, the
/// definition and the outline land on the name; a semantic token on line 0 starts there too.
#[test]
fn a_byte_order_mark_keeps_line_one_columns_where_the_editor_has_them() {
    let uri = "file:///tmp/puzc-lsp-bom/main.puz";
    let mut client = Client::start();
    client.request("initialize", json!({ "processId": null, "rootUri": null, "capabilities": {} }));
    client.notify("initialized", json!({}));
    let text = "\u{FEFF}let s = nowhere\nlet t = nowhere\n";
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "puz", "version": 1, "text": text } }),
    );
    // In the editor's text (BOM included) the names start at UTF-16 column 9 of line 0 and 8
    // of line 1: counted here from the text the client sent.
    let col = |line: &str| line.encode_utf16().count() - "nowhere".len();
    let lines: Vec<&str> = text.lines().collect();
    let found = client.diagnostics(uri);
    // One E101 at the first `nowhere`, the second named as "used again here".
    let start = |r: &Value| (r["start"]["line"].as_u64().unwrap(), r["start"]["character"].as_u64().unwrap());
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(start(&found[0]["range"]), (0, col(lines[0]) as u64), "{found:?}");
    assert_eq!(start(&found[0]["relatedInformation"][0]["location"]["range"]), (1, col(lines[1]) as u64));
    assert_eq!(col(lines[0]), 9);

    let text = "\u{FEFF}let n = 4\nlet m = n\n";
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": text }] }),
    );
    client.diagnostics(uri);
    // Go to definition of the `n` on line 1: it is at column 5 of line 0 in the editor (4
    // after the mark).
    let def = client.request(
        "textDocument/definition",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 1, "character": 8 } }),
    );
    assert_eq!(def["range"]["start"], json!({ "line": 0, "character": 5 }), "{def}");
    // From the editor's column 5 of line 0, the name is found too.
    let def = client.request(
        "textDocument/definition",
        json!({ "textDocument": { "uri": uri }, "position": { "line": 0, "character": 5 } }),
    );
    assert_eq!(def["range"]["start"], json!({ "line": 0, "character": 5 }), "{def}");
    let symbols = client.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": uri } }));
    assert_eq!(symbols[0]["selectionRange"]["start"], json!({ "line": 0, "character": 5 }), "{symbols}");
    let tokens = client.request("textDocument/semanticTokens/full", json!({ "textDocument": { "uri": uri } }));
    // The first token is `let`, right after the mark: line 0, column 1.
    let data = tokens["data"].as_array().unwrap();
    assert_eq!((data[0].as_u64(), data[1].as_u64(), data[2].as_u64()), (Some(0), Some(1), Some(3)), "{tokens}");
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    assert!(wait(&mut client.child).success());
}

fn wait(child: &mut Child) -> std::process::ExitStatus {
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("puzc lsp did not exit");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

// ---------------------------------------------------------------------------------------------
// Semantic tokens over every shipped spec.

/// The colour a declared name must get, by the word its declaration starts with; written
/// here from the legend the server documents (`src/lsp/tokens.rs`), not shared with it.
fn colour_of(kind: &str) -> &'static str {
    match kind {
        "board" => "class",
        "region" => "type",
        "piece" | "tiles" => "struct",
        "param" => "parameter",
        "let" | "grid" | "table" | "counter" => "variable",
        "move" => "function",
        other => panic!("a declaration of an unknown kind {other}"),
    }
}

/// Every quoted lowercase word of the pest grammar: the language's keywords, reserved words
/// and fixed words (`first`, `top-left`, `down` ...).
fn grammar_words() -> std::collections::BTreeSet<String> {
    let text = std::fs::read_to_string(crate::common::root().join("grammar/puz.pest")).unwrap();
    let mut words = std::collections::BTreeSet::new();
    for line in text.lines().filter(|l| !l.trim_start().starts_with("//")) {
        for (k, part) in line.split('"').enumerate() {
            if k % 2 == 1 && !part.is_empty() && part.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
                words.insert(part.to_string());
            }
        }
    }
    words
}

/// A word of a spec outside comments, strings and character literals: where it is (line,
/// UTF-16 column, byte offset), the statement it is in (the index of the line at column 0
/// it belongs to: shipped specs are laid out by `puzc fmt`), and the text.
struct Word<'a> {
    line: usize,
    col: usize,
    at: usize,
    stmt: usize,
    text: &'a str,
}

/// The test's own lexer, written from the grammar's comments: `#` to the end of the line,
/// `"""..."""`, `"..."` on one line, `'c'`; words are letters, digits and `_` (and `-` inside
/// `top-left`, `bottom-left`).
fn words(text: &str) -> Vec<Word<'_>> {
    let bytes = text.as_bytes();
    let (mut out, mut i, mut line, mut line_start, mut stmt) = (Vec::new(), 0, 0, 0, 0);
    let col = |line_start: usize, i: usize| text[line_start..i].encode_utf16().count();
    while i < bytes.len() {
        let b = bytes[i];
        if i == line_start && !b.is_ascii_whitespace() && b != b'#' {
            stmt = line;
        }
        if b == b'\n' {
            line += 1;
            line_start = i + 1;
            i += 1;
        } else if b == b'#' {
            i = text[i..].find('\n').map_or(bytes.len(), |k| i + k);
        } else if text[i..].starts_with("\"\"\"") {
            let end = text[i + 3..].find("\"\"\"").map_or(bytes.len(), |k| i + 3 + k + 3);
            for (k, _) in text[i..end].match_indices('\n') {
                line += 1;
                line_start = i + k + 1;
            }
            i = end;
        } else if b == b'"' {
            i = text[i + 1..].find(['"', '\n']).map_or(bytes.len(), |k| i + 1 + k + 1);
        } else if b == b'\'' {
            let c = text[i + 1..].chars().next().map_or(0, char::len_utf8);
            i += 1 + c + 1;
        } else if b.is_ascii_alphabetic() || b == b'_' {
            let mut end = i;
            while end < bytes.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_') {
                end += 1;
            }
            for fixed in ["top-left", "bottom-left"] {
                if text[i..].starts_with(fixed) {
                    end = i + fixed.len();
                }
            }
            out.push(Word { line, col: col(line_start, i), at: i, stmt, text: &text[i..end] });
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// The server's tokens decoded: (line, column) → (length, type, modifier bits).
fn decoded(data: &Value, types: &[String]) -> HashMap<(usize, usize), (usize, String, u64)> {
    let data: Vec<u64> = data["data"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(data.len() % 5, 0);
    let (mut line, mut col, mut out) = (0, 0, HashMap::new());
    for t in data.chunks(5) {
        if t[0] > 0 {
            col = 0;
        }
        line += t[0] as usize;
        col += t[1] as usize;
        let ty = types[t[3] as usize].clone();
        assert!(out.insert((line, col), (t[2] as usize, ty, t[4])).is_none(), "two tokens at {line}:{col}");
    }
    out
}

/// The names a statement binds for itself, found by the test from the text: `x in` (a `for`
/// pattern; `param n in` and `counter c in` declare instead), `(a, b) in`, a family head's
/// `name(a, b)` right after the declaring word, `cells x at`, `, y at`, and the placement
/// names `cells`, `turns`, `mirrored` of `confine ... where`.
fn binders<'a>(text: &str, ws: &[Word<'a>]) -> HashSet<(usize, &'a str)> {
    let mut out = HashSet::new();
    for (k, w) in ws.iter().enumerate() {
        let after = &text[w.at + w.text.len()..];
        let prev = k.checked_sub(1).map(|p| ws[p].text);
        let next = ws.get(k + 1).map(|n| n.text);
        let declares = matches!(prev, Some("param" | "counter"));
        // `region across from runs in rows`: `runs` is a keyword there.
        let runs = prev == Some("from") && w.text == "runs";
        // `turning in the next cell`, `going straight in the next cell` (loop rules).
        let next_cell = after.starts_with(" in the next cell");
        if next == Some("in") && after.starts_with(" in") && !declares && !runs && !next_cell {
            out.insert((w.stmt, w.text));
        }
        // Inside `( ... )` followed by `in`, or a family head.
        let before = text[..w.at].trim_end();
        if before.ends_with('(') || before.ends_with(',') {
            let close = after.find(')');
            let inside_parens = close.is_some_and(|c| !after[..c].contains(['(', '[', '{', '+', '-', '*']));
            if let (true, Some(c)) = (inside_parens, close) {
                let open = before.rfind('(').unwrap_or(0);
                let head = text[..open].split_whitespace().rev().take(2).collect::<Vec<_>>();
                let family = head.len() == 2 && ["region", "piece", "move"].contains(&head[1]);
                if after[c + 1..].starts_with(" in") || family {
                    out.insert((w.stmt, w.text));
                }
            }
        }
        if next == Some("at") && matches!(prev, Some("cells")) || next == Some("at") && before.ends_with(',') {
            out.insert((w.stmt, w.text));
        }
        if w.text == "confine" && ws[k..].iter().take_while(|x| x.stmt == w.stmt).any(|x| x.text == "where") {
            for n in ["cells", "turns", "mirrored"] {
                out.insert((w.stmt, n));
            }
        }
    }
    out
}

/// Over every shipped spec: every occurrence of a declared name (the server's document
/// symbols, and those of the specs it imports) outside comments and strings is a token of
/// its kind's colour, its declaration marked `declaration`; every other word of the grammar's
/// keywords is a keyword token; no keyword token is anything but such a word. Names bound by
/// a statement for itself are left out where they shadow (the test finds them from the text,
/// roughly: see `binders`).
#[test]
fn semantic_tokens_colour_every_user_name_by_its_kind_and_keywords_as_keywords() {
    let keywords = grammar_words();
    // From docs/reference.md's builtins, and `group(r, c)` of played puzzles.
    let builtins = ["abs", "min", "max", "len", "sum", "product", "sort", "labels", "split", "group"];
    // Where the grammar takes a fixed word after another, that word is a keyword even when
    // a name is spelt the same (`one step` beside `move step`, `in rows` beside `param
    // rows`, `as cages` beside `grid cages`, `no two rows` beside `param rows`); from
    // grammar/puz.pest.
    let phrases = [
        ("one", "step"),
        ("in", "rows"),
        ("in", "columns"),
        ("by", "rows"),
        ("by", "columns"),
        ("as", "cages"),
        ("as", "outlines"),
        ("as", "lines"),
        ("as", "thermometers"),
        ("close", "rows"),
        ("close", "columns"),
        ("draw", "rows"),
        ("remove", "group"),
        ("set", "group"),
        ("two", "rows"),
        ("two", "columns"),
        ("or", "columns"),
    ];
    let mut client = Client::start();
    let init = client.request("initialize", json!({ "processId": null, "rootUri": null, "capabilities": {} }));
    let legend = &init["capabilities"]["semanticTokensProvider"]["legend"];
    let types: Vec<String> = serde_json::from_value(legend["tokenTypes"].clone()).expect("a legend of token types");
    let modifiers: Vec<String> = serde_json::from_value(legend["tokenModifiers"].clone()).unwrap();
    let declaration = 1u64 << modifiers.iter().position(|m| m == "declaration").expect("a declaration modifier");
    assert_eq!(init["capabilities"]["semanticTokensProvider"]["full"], true);
    client.notify("initialized", json!({}));

    let mut specs: Vec<_> = std::fs::read_dir(crate::common::root().join("puzzles"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "puz"))
        .collect();
    specs.sort();
    assert!(specs.len() >= 30, "the shipped specs are found");
    // Each spec's own declarations: name → (kind, line, column of the name).
    let mut declared: HashMap<String, Vec<(String, String, usize, usize)>> = HashMap::new();
    let mut tokens = HashMap::new();
    for path in &specs {
        let file = path.file_name().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(path).unwrap();
        let uri = format!("file://{}", path.display());
        client.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "puz", "version": 1, "text": text } }),
        );
        client.diagnostics(&uri);
        let symbols = client.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": uri } }));
        let mine = symbols.as_array().unwrap().iter().map(|s| {
            let at = &s["selectionRange"]["start"];
            let (line, col) = (at["line"].as_u64().unwrap() as usize, at["character"].as_u64().unwrap() as usize);
            (s["name"].as_str().unwrap().to_string(), s["detail"].as_str().unwrap().to_string(), line, col)
        });
        declared.insert(file.clone(), mine.collect());
        let found = client.request("textDocument/semanticTokens/full", json!({ "textDocument": { "uri": uri } }));
        tokens.insert(file, decoded(&found, &types));
    }

    let mut wrong = Vec::new();
    let (mut names_seen, mut keywords_seen) = (0, 0);
    for path in &specs {
        let file = path.file_name().unwrap().to_str().unwrap();
        let text = std::fs::read_to_string(path).unwrap();
        let toks = &tokens[file];
        // Names in scope: the imported specs' first, the spec's own after (they win).
        let mut scope: HashMap<&str, &str> = HashMap::new();
        for imported in text.lines().filter_map(|l| l.strip_prefix("import \"")?.strip_suffix('"')) {
            for (name, kind, _, _) in &declared[imported] {
                scope.insert(name, kind);
            }
        }
        for (name, kind, line, col) in &declared[file] {
            scope.insert(name, kind);
            match toks.get(&(*line, *col)) {
                Some((_, _, m)) if m & declaration != 0 => {}
                other => wrong.push(format!("{file}:{}:{}: declaration of {name} is {other:?}", line + 1, col + 1)),
            }
        }
        let ws = words(&text);
        let bound = binders(&text, &ws);
        // Items, options and tiles' edge names are names too, not in the document symbols:
        // `item NAME`, `, NAME` in an item statement, `option NAME`, `with edges A, B, C, D`.
        let mut other_names = HashSet::new();
        for (k, w) in ws.iter().enumerate() {
            let stmt_start = ws.iter().find(|x| x.stmt == w.stmt).map(|x| x.text);
            let prev = k.checked_sub(1).map(|p| ws[p].text);
            let after_comma = text[..w.at].trim_end().ends_with(',');
            let item = matches!(prev, Some("item" | "option"))
                || after_comma
                    && matches!(stmt_start, Some("item" | "secondary"))
                    && !bound.contains(&(w.stmt, w.text));
            let edge = w.text != "from"
                && text[..w.at].contains("with edges")
                && stmt_start == Some("tiles")
                && text[..w.at]
                    .rsplit("with edges")
                    .next()
                    .is_some_and(|s| !s.contains(['=', '\n']) && !s.contains("from"));
            if item || edge {
                other_names.insert(w.text);
            }
        }
        for (k, w) in ws.iter().enumerate() {
            let got = toks.get(&(w.line, w.col));
            let at = format!("{file}:{}:{}: `{}`", w.line + 1, w.col + 1, w.text);
            if got.is_some_and(|(len, _, _)| *len != w.text.encode_utf16().count()) {
                wrong.push(format!("{at} is a token of another length: {got:?}"));
                continue;
            }
            let ty = got.map(|(_, t, _)| t.as_str());
            let local = bound.contains(&(w.stmt, w.text));
            let prev = k.checked_sub(1).map(|p| ws[p].text);
            // Every statement starts with a keyword; so does a fixed phrase's second word.
            let adjacent = k > 0 && text[ws[k - 1].at + ws[k - 1].text.len()..w.at].trim().is_empty();
            let keyword_place = w.col == 0 || adjacent && prev.is_some_and(|p| phrases.contains(&(p, w.text)));
            if keyword_place {
                keywords_seen += 1;
                if ty != Some("keyword") {
                    wrong.push(format!("{at}: a keyword, coloured {ty:?}"));
                }
            } else if let Some(kind) = scope.get(w.text).filter(|_| !local) {
                names_seen += 1;
                if ty != Some(colour_of(kind)) {
                    wrong.push(format!("{at}: a {kind} name, coloured {ty:?}"));
                }
            } else if other_names.contains(w.text) {
                names_seen += 1;
                if ty.is_none() || ty == Some("keyword") {
                    wrong.push(format!("{at}: an item, option or edge name, coloured {ty:?}"));
                }
            } else if keywords.contains(w.text) && !local && !builtins.contains(&w.text) {
                keywords_seen += 1;
                if ty != Some("keyword") {
                    wrong.push(format!("{at}: a keyword, coloured {ty:?}"));
                }
            } else if ty == Some("keyword") {
                wrong.push(format!("{at}: not a keyword, coloured as one"));
            }
        }
    }
    assert!(wrong.is_empty(), "{} wrong tokens:\n{}", wrong.len(), wrong.join("\n"));
    assert!(names_seen > 500 && keywords_seen > 500, "{names_seen} names, {keywords_seen} keywords");
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    assert!(wait(&mut client.child).success());
}

/// The "Solve" and "Count" lenses (issue 26: a search only when asked): the count of eight
/// queens is 92 (OEIS A000170), and the 4 × 4 Sudoku's one answer is the command line's.
#[test]
fn the_solve_lens_runs_a_search_only_when_asked() {
    let dir = scratch("lsp-lens");
    let queens = std::fs::read_to_string(crate::common::root().join("puzzles/queens.puz")).unwrap();
    let mut client = Client::start();
    let init = client.request("initialize", json!({ "processId": null, "rootUri": null, "capabilities": {} }));
    assert_eq!(init["capabilities"]["executeCommandProvider"]["commands"], json!(["puzc.solve"]), "{init}");
    client.notify("initialized", json!({}));
    let uri = format!("file://{}/queens.puz", dir.display());
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": uri, "languageId": "puz", "version": 1, "text": queens } }),
    );
    assert_eq!(client.diagnostics(&uri), Vec::<Value>::new());
    let lenses = client.request("textDocument/codeLens", json!({ "textDocument": { "uri": uri } }));
    let commands: Vec<&Value> = lenses.as_array().unwrap().iter().map(|l| &l["command"]).collect();
    assert_eq!(commands.len(), 2, "{lenses}");
    assert!(commands.iter().all(|c| c["command"] == "puzc.solve" && c["arguments"][0] == uri.as_str()));
    let count = commands.iter().find(|c| c["arguments"][1] == "count").expect("a Count lens");
    let result =
        client.request("workspace/executeCommand", json!({ "command": "puzc.solve", "arguments": count["arguments"] }));
    let said = result["message"].as_str().unwrap();
    assert!(said.starts_with("queens.puz: 92 solutions ("), "{said}");
    // The same words are shown to the user.
    loop {
        let m = client.incoming.recv_timeout(PATIENCE).expect("the result is shown");
        if m["method"] == "window/showMessage" {
            assert_eq!(m["params"]["message"], said);
            break;
        }
    }

    // Solve: the answer as `puzc solve` prints it.
    let sudoku = format!("file://{}/four.puz", dir.display());
    client.notify(
        "textDocument/didOpen",
        json!({ "textDocument": { "uri": sudoku, "languageId": "puz", "version": 1, "text": SUDOKU } }),
    );
    client.diagnostics(&sudoku);
    let result = client.request("workspace/executeCommand", json!({ "command": "puzc.solve", "arguments": [sudoku] }));
    let cli = puzc().args(["solve", "-"]).write_stdin(SUDOKU).output().unwrap();
    let answer = String::from_utf8(cli.stdout).unwrap();
    assert_eq!(answer.lines().count(), 4, "{answer}");
    assert!(result["message"].as_str().unwrap().contains(&format!("answer 1:\n{answer}")), "{result}");

    // A spec with a mistake gets no lens, and an unknown command is refused.
    let typo = SUDOKU.replace("each row, col, box", "each row, cols, box");
    client.notify(
        "textDocument/didChange",
        json!({ "textDocument": { "uri": sudoku, "version": 2 }, "contentChanges": [{ "text": typo }] }),
    );
    assert!(!client.diagnostics(&sudoku).is_empty());
    assert_eq!(client.request("textDocument/codeLens", json!({ "textDocument": { "uri": sudoku } })), json!([]));
    client.send(json!({ "jsonrpc": "2.0", "id": 900, "method": "workspace/executeCommand", "params": { "command": "puzc.nothing", "arguments": [] } }));
    loop {
        let m = client.incoming.recv_timeout(PATIENCE).expect("an answer");
        if m["id"] == 900 {
            assert!(m["error"]["message"].as_str().unwrap().contains("no command puzc.nothing"), "{m}");
            break;
        }
    }
    client.request("shutdown", Value::Null);
    client.notify("exit", Value::Null);
    assert!(wait(&mut client.child).success());
}
