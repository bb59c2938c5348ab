//! `puzc lsp` driven end to end by a client over stdio: the framing (`Content-Length`) and
//! JSON-RPC are written here from the protocol's specification, sharing no code with the
//! server. What the server says is compared with what the command line says of the same
//! text (`puzc check --format json`, `puzc fmt -`), which is the independent reference.
use crate::common::{puzc, scratch};
use serde_json::{Value, json};
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
