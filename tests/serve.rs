//! `puzc serve` (issue 26, item 4): each handler called in-process, then the binary on a
//! port of its choosing driven over HTTP by a client written here from RFC 9112 (request
//! line, headers, `Content-Length` body; the response read to the connection's end): the
//! page and its files, checking, streaming a search, cancelling it when the client leaves,
//! the bounds on a request, and the refusals. The browser itself is `tests/browser.rs`.
//!
//! Known answers: 92 solutions of eight queens (OEIS A000170); 2 Latin squares of order 2
//! (written out here); the Mayan game's sample answer `2 1 1 / 3 1 1 / 3 0 1` as NOIP 2011
//! publishes it.
use crate::common::{root, run_ok};
use puzc::api::Cancel;
use puzc::serve::handlers::{self, SolveRequest};
use puzc::solve::xcc::Published;
use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

const LATIN: &str = "board g[2, 2] of 1..=2\nfill g\nregion row(r) = { (r, c) for c in 0..2 } for r in 0..2\nregion col(c) = { (r, c) for r in 0..2 } for c in 0..2\neach row, col holds each value exactly once\n";

fn shipped(name: &str) -> String {
    std::fs::read_to_string(root().join("puzzles").join(name)).unwrap()
}

/// Eight queens made `n` queens: a count that takes long from n = 16 on.
fn queens(n: u32) -> String {
    let text = shipped("queens.puz");
    assert!(text.contains("let n = 8"), "queens.puz sets n with `let n = 8`");
    text.replace("let n = 8", &format!("let n = {n}"))
}

/// A request solved in-process: its events.
fn solved(req: SolveRequest) -> Vec<Value> {
    let mut events = Vec::new();
    handlers::solve(&req, &Cancel::new(), &Arc::new(Published::default()), &mut |e| events.push(e));
    events
}

fn of_type<'a>(events: &'a [Value], t: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["type"] == t).collect()
}

#[test]
fn check_gives_the_diagnostics_of_puzc_check_with_editor_offsets() {
    // A character outside the Basic Multilingual Plane first: two UTF-16 units, four bytes.
    let text = "# 🧩\nboard g[2, 2] of 1..=2\nfill g\neach row, col holds each value exactly once\n";
    let found = handlers::check("x.puz", text);
    let diags = found["diagnostics"].as_array().unwrap();
    // The command line's own JSON diagnostics of the same text are the reference.
    let dir = crate::common::scratch("serve-check");
    let file = crate::common::write(&dir, "x.puz", text);
    let cli = crate::common::run(&["check", "--format", "json", &file], None);
    let cli: Vec<Value> = cli.err.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(diags.len(), cli.len(), "{found}");
    for (d, c) in diags.iter().zip(&cli) {
        for key in ["code", "message", "line", "column", "end_line", "end_column", "label", "help"] {
            assert_eq!(d[key], c[key], "{key} of {d}");
        }
    }
    assert_eq!(diags[0]["code"], "E101");
    // `row` starts after "# 🧩\n" (5 units) and the next two lines and "each ".
    let row = 5 + "board g[2, 2] of 1..=2\nfill g\neach ".len();
    assert_eq!((diags[0]["from"].as_u64(), diags[0]["to"].as_u64()), (Some(row as u64), Some(row as u64 + 3)));
    // A clean spec has none.
    assert_eq!(handlers::check("x.puz", LATIN), json!({"diagnostics": []}));
}

#[test]
fn imports_are_the_shipped_puzzles_and_nothing_else() {
    // poj2676.puz imports sudoku9.puz: checked and solved from the embedded copies.
    let poj = shipped("poj2676.puz");
    assert!(poj.contains("import \"sudoku9.puz\""));
    assert_eq!(handlers::check("poj2676.puz", &poj)["diagnostics"], json!([]));
    let events = solved(SolveRequest { spec: poj, name: "poj2676.puz".into(), ..Default::default() });
    assert_eq!(of_type(&events, "answer").len(), 1, "{events:?}");
    // Anything else cannot be read, whatever the path.
    for target in ["/etc/passwd", "../Cargo.toml", "instances/sudoku9.txt", "nothing.puz"] {
        let text = format!("import \"{target}\"\n{LATIN}");
        let found = handlers::check("x.puz", &text);
        let diags = found["diagnostics"].as_array().unwrap();
        assert_eq!(diags.len(), 1, "{target}: {found}");
        assert!(diags[0]["message"].as_str().unwrap().contains(target), "{found}");
    }
}

#[test]
fn the_menu_is_every_shipped_puzzle() {
    let mut on_disk: Vec<String> = std::fs::read_dir(root().join("puzzles"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n.ends_with(".puz"))
        .collect();
    on_disk.sort();
    let menu = handlers::puzzles();
    let names: Vec<&str> = menu.as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, on_disk);
    for name in &on_disk {
        assert_eq!(handlers::puzzle(name), Some(shipped(name).as_str()), "{name} is embedded as it is on disk");
    }
    let mayan = menu.as_array().unwrap().iter().find(|p| p["name"] == "mayan.puz").unwrap();
    assert_eq!(mayan["title"], "Mayan game");
    assert_eq!(handlers::puzzle("../Cargo.toml"), None);
}

#[test]
fn format_is_puzc_fmt() {
    let messy = "board   g[2,2]  of 1..=2\n\n\n\nfill g   # the grid\n";
    let cli = run_ok(&["fmt", "-"], Some(messy), 0);
    assert_eq!(handlers::format("x.puz", messy), json!({"text": cli}));
    assert_ne!(cli, messy);
    let broken = handlers::format("x.puz", "board g[2, 2 of 1..2\n");
    assert_eq!(broken["diagnostics"].as_array().map(Vec::len), Some(1), "{broken}");
}

#[test]
fn solve_streams_verified_answers_with_pictures_and_the_count() {
    let events = solved(SolveRequest { spec: LATIN.into(), mode: Some("all".into()), ..Default::default() });
    let answers = of_type(&events, "answer");
    let texts: Vec<&str> = answers.iter().map(|a| a["text"].as_str().unwrap()).collect();
    let mut sorted = texts.clone();
    sorted.sort();
    assert_eq!(sorted, ["12\n21\n", "21\n12\n"]);
    assert!(answers.iter().all(|a| a["svg"].as_str().unwrap().starts_with("<svg") && a["steps"].is_null()));
    let case = of_type(&events, "case");
    assert_eq!((case[0]["status"].as_str(), case[0]["count"].as_str()), (Some("solved"), Some("2")));
    assert_eq!(events.last().unwrap()["type"], "done");

    let count = solved(SolveRequest { spec: shipped("queens.puz"), mode: Some("count".into()), ..Default::default() });
    let case = of_type(&count, "case");
    assert_eq!((case[0]["status"].as_str(), case[0]["count"].as_str()), (Some("counted"), Some("92")));
    assert!(of_type(&count, "answer").is_empty());
}

#[test]
fn a_played_answer_comes_with_each_step_outlined() {
    let events = solved(SolveRequest { spec: shipped("mayan.puz"), name: "mayan.puz".into(), ..Default::default() });
    let answer = of_type(&events, "answer")[0];
    assert_eq!(answer["text"], "2 1 1\n3 1 1\n3 0 1\n");
    let steps: Vec<&str> = answer["steps"].as_array().unwrap().iter().map(|s| s.as_str().unwrap()).collect();
    // The start and the board after each of the three moves.
    assert_eq!(steps.len(), 4);
    // Each under its caption: `start`, then `1: shift 2 1 1` and so on.
    assert!(steps[0].contains("\nstart\n") && !steps[0].contains("class=\"changed\""), "{}", steps[0]);
    for (k, step) in steps.iter().enumerate().skip(1) {
        assert!(step.contains(&format!("\n{k}")), "step {k} is captioned with its number");
        // A shift swaps two cells at least: both outlined.
        assert!(step.matches("class=\"changed\"").count() >= 2, "step {k}: {step}");
    }
}

#[test]
fn requests_are_bounded_and_checked() {
    // A count of 16 queens takes minutes: the timeout asked for ends it.
    let started = Instant::now();
    let events =
        solved(SolveRequest { spec: queens(16), mode: Some("count".into()), timeout: Some(0.3), ..Default::default() });
    let case = of_type(&events, "case");
    assert_eq!(case[0]["status"], "limit reached", "{events:?}");
    assert!(started.elapsed() < Duration::from_secs(20), "{:?}", started.elapsed());
    // Listing every answer lists at most the bound; more is cut to it.
    let all = solved(SolveRequest {
        spec: shipped("queens.puz"),
        mode: Some("all".into()),
        limit: Some(1000),
        ..Default::default()
    });
    assert_eq!(of_type(&all, "answer").len() as u64, handlers::MAX_ANSWERS.min(92));
    let some = solved(SolveRequest { spec: shipped("queens.puz"), mode: Some("all".into()), ..Default::default() });
    assert_eq!(of_type(&some, "answer").len() as u64, handlers::DEFAULT_ANSWERS);
    // Wrong requests are errors, not searches.
    for (mode, limit, timeout, says) in [
        (Some("most"), None, None, "no mode `most`"),
        (None, Some(0), None, "at least 1"),
        (None, None, Some(-1.0), "above 0"),
        (Some("first"), Some(3), None, "a limit applies"),
    ] {
        let events = solved(SolveRequest {
            spec: shipped("queens.puz"),
            mode: mode.map(str::to_string),
            limit,
            timeout,
            ..Default::default()
        });
        let error = of_type(&events, "error");
        assert!(error.len() == 1 && error[0]["message"].as_str().unwrap().contains(says), "{events:?}");
        assert!(of_type(&events, "case").is_empty());
    }
    // A spec with a mistake: its diagnostics, with the editor's offsets.
    let events = solved(SolveRequest { spec: LATIN.replace("row, col", "row, cols"), ..Default::default() });
    let error = of_type(&events, "error")[0];
    assert_eq!(error["diagnostics"][0]["code"], "E101", "{error}");
}

#[test]
fn a_cancelled_search_stops_at_once() {
    let cancel = Cancel::new();
    let published = Arc::new(Published::default());
    let req = SolveRequest { spec: queens(16), mode: Some("count".into()), ..Default::default() };
    let search = {
        let (cancel, published) = (cancel.clone(), published.clone());
        std::thread::spawn(move || {
            let mut events = Vec::new();
            handlers::solve(&req, &cancel, &published, &mut |e| events.push(e));
            events
        })
    };
    // Once it is searching (its figures move), pull the handle.
    let started = Instant::now();
    while published.nodes.load(std::sync::atomic::Ordering::Relaxed) == 0 {
        assert!(started.elapsed() < Duration::from_secs(30), "the search never started");
        std::thread::sleep(Duration::from_millis(5));
    }
    let progress = handlers::progress(&published, started);
    assert!(progress["nodes"].as_u64().unwrap() > 0 && progress["type"] == "progress");
    cancel.cancel();
    let stopped = Instant::now();
    let events = search.join().unwrap();
    assert!(stopped.elapsed() < Duration::from_secs(2), "{:?}", stopped.elapsed());
    assert_eq!(of_type(&events, "case")[0]["status"], "interrupted");
}

#[test]
fn the_bundle_is_the_one_its_lock_describes() {
    let dir = root().join("playground");
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("dist/manifest.json")).unwrap()).unwrap();
    let sha = |path: &str| {
        let out = Command::new("sha256sum").arg(dir.join(path)).output().expect("sha256sum runs");
        String::from_utf8(out.stdout).unwrap().split(' ').next().unwrap().to_string()
    };
    let hint = "run scripts/build-playground and commit playground/";
    assert_eq!(manifest["lock"], sha("package-lock.json"), "the lock changed since the bundle was built: {hint}");
    assert_eq!(manifest["bundle"], sha("dist/playground.js"), "the bundle is not the one built: {hint}");
    assert_eq!(manifest["licences"], sha("dist/LICENSES.txt"), "{hint}");
    let mut sources: Vec<String> =
        std::fs::read_dir(dir.join("src")).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    sources.sort();
    let recorded = manifest["sources"].as_object().unwrap();
    assert_eq!(recorded.len(), sources.len(), "{hint}");
    for s in &sources {
        let path = format!("src/{s}");
        assert_eq!(recorded[&path], sha(&path), "{path} changed since the bundle was built: {hint}");
    }
    // Every package bundled is in the lock at that version, and its licence is shipped.
    let lock: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("package-lock.json")).unwrap()).unwrap();
    let licences = std::fs::read_to_string(dir.join("dist/LICENSES.txt")).unwrap();
    for p in manifest["packages"].as_array().unwrap() {
        let (name, version) = p.as_str().unwrap().rsplit_once('@').unwrap();
        assert_eq!(lock["packages"][format!("node_modules/{name}")]["version"], version, "{name}");
        assert!(licences.contains(&format!("{name} {version} (MIT)")), "{name}'s licence is shipped");
    }
    assert!(
        manifest["packages"].as_array().unwrap().iter().any(|p| p.as_str().unwrap().starts_with("@codemirror/view@"))
    );
    // The binary serves these very files.
    assert_eq!(puzc::serve::handlers::PUZZLES.len(), handlers::puzzles().as_array().unwrap().len());
}

/// `puzc serve` running, killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_puzc"))
            .arg("serve")
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("puzc serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let url = line.split_whitespace().find(|w| w.starts_with("http://")).unwrap_or_else(|| panic!("{line}"));
        let port = url.strip_prefix("http://127.0.0.1:").and_then(|r| r.strip_suffix('/')).unwrap_or_else(|| {
            panic!("the playground is on 127.0.0.1: {line}");
        });
        Server { child, port: port.parse().unwrap() }
    }

    fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        s
    }

    /// Sends a request with the headers a browser on the page would send, plus `extra`.
    fn send(&self, method: &str, path: &str, extra: &[(&str, &str)], body: &[u8]) -> TcpStream {
        let mut s = self.connect();
        let mut head = format!("{method} {path} HTTP/1.1\r\n");
        let mut headers = vec![("Host".to_string(), format!("127.0.0.1:{}", self.port))];
        if method == "POST" {
            headers.push(("Content-Type".into(), "application/json".into()));
            headers.push(("Origin".into(), format!("http://127.0.0.1:{}", self.port)));
        }
        for (n, v) in extra {
            headers.retain(|(h, _)| !h.eq_ignore_ascii_case(n));
            if !v.is_empty() {
                headers.push((n.to_string(), v.to_string()));
            }
        }
        for (n, v) in &headers {
            head += &format!("{n}: {v}\r\n");
        }
        head += &format!("Content-Length: {}\r\n\r\n", body.len());
        s.write_all(head.as_bytes()).unwrap();
        s.write_all(body).unwrap();
        s
    }

    /// A whole exchange: the status and the body.
    fn ask(&self, method: &str, path: &str, extra: &[(&str, &str)], body: &[u8]) -> (u16, String, Vec<u8>) {
        let mut s = self.send(method, path, extra, body);
        let mut all = Vec::new();
        s.read_to_end(&mut all).unwrap();
        let split = all.windows(4).position(|w| w == b"\r\n\r\n").expect("a head");
        let head = String::from_utf8(all[..split].to_vec()).unwrap();
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        (status, head, all[split + 4..].to_vec())
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, _, body) = self.ask("POST", path, &[], body.to_string().as_bytes());
        let text = String::from_utf8(body).unwrap();
        (status, text.lines().last().map(|l| serde_json::from_str(l).unwrap()).unwrap_or(Value::Null))
    }

    fn searches(&self) -> u64 {
        let (_, _, body) = self.ask("GET", "/status", &[], b"");
        serde_json::from_slice::<Value>(&body).unwrap()["searches"].as_u64().unwrap()
    }

    /// Waits until no search runs (at most `within`).
    fn idle_within(&self, within: Duration) -> bool {
        let started = Instant::now();
        while started.elapsed() < within {
            if self.searches() == 0 {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Reads JSON lines from a streamed response after its head.
fn lines(s: TcpStream) -> impl Iterator<Item = Value> {
    let mut r = BufReader::new(s);
    let mut line = String::new();
    loop {
        line.clear();
        r.read_line(&mut line).unwrap();
        if line == "\r\n" || line.is_empty() {
            break;
        }
    }
    r.lines().map_while(Result::ok).map(|l| serde_json::from_str(&l).unwrap())
}

#[test]
fn the_server_serves_the_page_checks_and_solves() {
    let server = Server::start(&[]);
    let (status, head, page) = server.ask("GET", "/", &[], b"");
    assert_eq!(status, 200);
    assert!(head.contains("Content-Type: text/html"), "{head}");
    assert!(String::from_utf8(page).unwrap().contains("<script src=\"/playground.js\">"));
    let (status, _, script) = server.ask("GET", "/playground.js", &[], b"");
    assert_eq!((status, script), (200, std::fs::read(root().join("playground/dist/playground.js")).unwrap()));
    let (status, _, menu) = server.ask("GET", "/puzzles", &[], b"");
    assert_eq!((status, serde_json::from_slice::<Value>(&menu).unwrap()), (200, handlers::puzzles()));
    let (status, _, mayan) = server.ask("GET", "/puzzles/mayan.puz", &[], b"");
    assert_eq!((status, String::from_utf8(mayan).unwrap()), (200, shipped("mayan.puz")));

    let (status, found) = server.post("/check", &json!({"spec": LATIN.replace("row, col", "rows, col")}));
    assert_eq!((status, found["diagnostics"][0]["code"].as_str()), (200, Some("E101")));
    let (status, formatted) = server.post("/format", &json!({"spec": "board  g[2,2] of 1..=2\n"}));
    assert_eq!((status, formatted["text"].as_str()), (200, Some("board g[2, 2] of 1..=2\n")));
    let (status, done) = server.post("/solve", &json!({"spec": LATIN, "mode": "count"}));
    assert_eq!((status, done["type"].as_str()), (200, Some("done")));
    let events: Vec<Value> =
        lines(server.send("POST", "/solve", &[], json!({"spec": LATIN}).to_string().as_bytes())).collect();
    let kinds: Vec<&str> = events.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["answer", "case", "done"], "{events:?}");
}

#[test]
fn a_search_streams_and_stops_when_the_client_leaves() {
    let server = Server::start(&[]);
    let body = json!({"spec": queens(16), "mode": "count", "timeout": 50}).to_string();
    let stream = server.send("POST", "/solve", &[], body.as_bytes());
    let watch = stream.try_clone().unwrap();
    // Its figures arrive while it runs, before any summary.
    let mut progress = Vec::new();
    for e in lines(stream) {
        assert_eq!(e["type"], "progress", "{e}");
        progress.push(e["nodes"].as_u64().unwrap());
        if progress.len() == 3 {
            break;
        }
    }
    assert!(progress.windows(2).all(|w| w[0] <= w[1]) && progress[2] > 0, "{progress:?}");
    assert_eq!(server.searches(), 1);
    // The client goes away: the search stops, well before its 50 s.
    watch.shutdown(Shutdown::Both).unwrap();
    drop(watch);
    assert!(server.idle_within(Duration::from_secs(5)), "the search outlived its client");

    // At most two at once: a third is refused while two run, and taken once one ends.
    let a = server.send("POST", "/solve", &[], body.as_bytes());
    let b = server.send("POST", "/solve", &[], body.as_bytes());
    let started = Instant::now();
    while server.searches() < 2 {
        assert!(started.elapsed() < Duration::from_secs(10));
        std::thread::sleep(Duration::from_millis(10));
    }
    let (status, _, said) = server.ask("POST", "/solve", &[], body.as_bytes());
    assert_eq!(status, 503, "{}", String::from_utf8_lossy(&said));
    drop((a, b));
    assert!(server.idle_within(Duration::from_secs(5)));
    // The timeout asked for ends a search by itself.
    let (status, done) = server.post("/solve", &json!({"spec": queens(16), "mode": "count", "timeout": 0.3}));
    assert_eq!((status, done["type"].as_str()), (200, Some("done")));
}

/// A request refused: method, path, headers changed, body, status.
type Refused<'a> = (&'a str, &'a str, &'a [(&'a str, &'a str)], Vec<u8>, u16);

#[test]
fn the_server_refuses_what_is_not_for_it() {
    let server = Server::start(&[]);
    let spec = json!({"spec": LATIN}).to_string();
    let cases: [Refused; 8] = [
        // DNS rebinding: a page elsewhere that resolves its own name to 127.0.0.1.
        ("GET", "/", &[("Host", "evil.example:80")], Vec::new(), 403),
        ("GET", "/", &[("Host", "")], Vec::new(), 403),
        // A post from another origin's page.
        ("POST", "/check", &[("Origin", "http://evil.example")], spec.clone().into_bytes(), 403),
        ("POST", "/check", &[("Content-Type", "text/plain")], spec.clone().into_bytes(), 415),
        ("POST", "/check", &[], b"{not json".to_vec(), 400),
        ("POST", "/check", &[], b"{\"text\": 1}".to_vec(), 422),
        ("GET", "/nothing", &[], Vec::new(), 404),
        ("DELETE", "/", &[], Vec::new(), 405),
    ];
    for (method, path, extra, body, want) in cases {
        let (status, head, said) = server.ask(method, path, extra, &body);
        assert_eq!(status, want, "{method} {path} {extra:?}: {head}\n{}", String::from_utf8_lossy(&said));
        assert!(serde_json::from_slice::<Value>(&said).unwrap()["error"].is_string());
    }
    // A body larger than the bound is refused from its head, unread.
    let mut s = server.connect();
    let port = server.port;
    write!(s, "POST /check HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n").unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 413 "), "{answer}");
    // A head that never ends is cut at its bound.
    let mut s = server.connect();
    let _ = s.write_all(&vec![b'a'; 64 << 10]);
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 431 "), "{answer}");
}

#[test]
fn the_server_listens_on_loopback_only_and_on_the_port_asked() {
    // A port free a moment ago.
    let port = std::net::TcpListener::bind(("127.0.0.1", 0)).unwrap().local_addr().unwrap().port();
    let server = Server::start(&["--port", &port.to_string()]);
    assert_eq!(server.port, port);
    assert_eq!(server.ask("GET", "/status", &[], b"").0, 200);
    // The machine's address on its network (the interface a packet out would leave by; no
    // packet is sent) does not answer.
    let outward = std::net::UdpSocket::bind(("0.0.0.0", 0))
        .and_then(|u| u.connect(("192.0.2.1", 9)).and_then(|()| u.local_addr()))
        .map(|a| a.ip())
        .ok()
        .filter(|ip| !ip.is_loopback() && !ip.is_unspecified());
    match outward {
        Some(ip) => assert!(
            TcpStream::connect_timeout(&(ip, port).into(), Duration::from_secs(2)).is_err(),
            "puzc serve answers on {ip}"
        ),
        None => eprintln!("note: this machine has no network address besides loopback to try"),
    }
    // A port taken: said, with the I/O exit code.
    let out = Command::new(env!("CARGO_BIN_EXE_puzc")).args(["serve", "--port", &port.to_string()]).output().unwrap();
    assert_eq!(out.status.code(), Some(4));
    assert!(String::from_utf8_lossy(&out.stderr).contains(&format!("cannot listen on 127.0.0.1:{port}")));
}
