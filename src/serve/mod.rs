//! `puzc serve`: the playground, a web page with an editor, served on 127.0.0.1 only.
//!
//! One thread per connection (at most [`MAX_CONNECTIONS`] at once, each on the compiler's
//! large stack, as `puzc check` runs), one request per connection ([`http`]). The page and
//! its script ([`assets`]) and the shipped puzzles are embedded in the binary. The answers
//! are [`handlers`]'; this module only reads requests and writes responses:
//!
//! | request | answer |
//! |---|---|
//! | `GET /` | the page |
//! | `GET /playground.js`, `/playground.css` | the editor (CodeMirror 6, bundled) and its style |
//! | `GET /puzzles` | the menu: `[{"name", "title"}]` |
//! | `GET /puzzles/NAME` | a shipped spec's text |
//! | `GET /status` | `{"searches", "connections"}` running now |
//! | `POST /check` `{"spec", "name"}` | `{"diagnostics": [...]}` |
//! | `POST /format` `{"spec", "name"}` | `{"text"}` or `{"diagnostics"}` |
//! | `POST /solve` `{"spec", "name", "mode", "limit", "timeout"}` | JSON lines, streamed |
//!
//! A solve streams `answer`, `progress` (every [`PROGRESS_EVERY`]), `case`, `error` and a
//! last `done` line; at most [`MAX_SOLVES`] run at once (more are answered 503), each for
//! at most [`handlers::MAX_SECONDS`] on one thread, and a client that goes away (a closed
//! tab) cancels its search through [`crate::api::Cancel`].
//!
//! The server answers only requests addressed to it by name (`Host: 127.0.0.1:PORT` or
//! `localhost:PORT`, against DNS rebinding) and only JSON posts from its own page (a post
//! from another origin is refused: the browser must ask first, and is not answered).
mod assets;
pub mod handlers;
pub mod http;

use crate::api::Cancel;
use crate::api::limits::Published;
use http::{Refusal, Request};
use std::io::{Read, Write};
use std::net::{Ipv4Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Connections served at once; more are answered 503 at once.
pub const MAX_CONNECTIONS: usize = 32;
/// Searches at once; more are answered 503.
pub const MAX_SOLVES: usize = 2;
/// How often a running search's figures are sent.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(250);
/// A request must arrive whole within this.
const READ_TIMEOUT: Duration = Duration::from_secs(10);

/// Binds 127.0.0.1:`port` (0: a free port the system picks). Never another interface: the
/// playground reads what it is sent and runs searches for whoever can reach it.
pub fn bind(port: u16) -> std::io::Result<TcpListener> {
    TcpListener::bind((Ipv4Addr::LOCALHOST, port))
}

/// Serves `listener` until the process ends.
pub fn run(listener: TcpListener) -> std::io::Result<()> {
    let local = listener.local_addr()?;
    let state = Arc::new(State { local, connections: AtomicUsize::new(0), solves: AtomicUsize::new(0) });
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else { continue };
        if state.connections.fetch_add(1, Ordering::SeqCst) >= MAX_CONNECTIONS {
            state.connections.fetch_sub(1, Ordering::SeqCst);
            let _ = error(&mut stream, 503, "too many connections at once; try again");
            continue;
        }
        let mine = state.clone();
        let spawned = std::thread::Builder::new()
            .name("puzc-serve".into())
            .stack_size(crate::api::limits::compiler_stack())
            .spawn(move || {
                connection(&mine, stream);
                mine.connections.fetch_sub(1, Ordering::SeqCst);
            });
        if spawned.is_err() {
            // No thread for it: the connection was dropped with the closure.
            state.connections.fetch_sub(1, Ordering::SeqCst);
        }
    }
    Ok(())
}

struct State {
    local: SocketAddr,
    connections: AtomicUsize,
    solves: AtomicUsize,
}

fn connection(state: &State, mut stream: TcpStream) {
    let _ = stream.set_read_timeout(Some(READ_TIMEOUT));
    let request = match http::read_request(&stream) {
        Ok(r) => r,
        Err(Refusal::Gone) => return,
        Err(Refusal::Status(status, why)) => {
            let _ = error(&mut stream, status, &why);
            return;
        }
    };
    let _ = route(state, &request, &mut stream);
    let _ = stream.shutdown(Shutdown::Both);
}

fn route(state: &State, request: &Request, stream: &mut TcpStream) -> std::io::Result<()> {
    if let Err(why) = addressed_here(state.local, request) {
        return error(stream, 403, &why);
    }
    let path = request.path.as_str();
    match (request.method.as_str(), path) {
        ("GET", "/status") => {
            let searches = state.solves.load(Ordering::SeqCst);
            // Less this one.
            let connections = state.connections.load(Ordering::SeqCst).saturating_sub(1);
            json(stream, &serde_json::json!({"searches": searches, "connections": connections}))
        }
        ("GET", _) => match get(path) {
            Some((content_type, body)) => http::respond(stream, 200, content_type, &body),
            None => error(stream, 404, &format!("nothing at {path}")),
        },
        ("POST", "/check" | "/format" | "/solve") => {
            if !request.header("content-type").is_some_and(|t| t.starts_with("application/json")) {
                return error(stream, 415, "send JSON (Content-Type: application/json)");
            }
            let body: serde_json::Value = match serde_json::from_slice(&request.body) {
                Ok(v) => v,
                Err(e) => return error(stream, 400, &format!("the body is not JSON: {e}")),
            };
            let spec = body.get("spec").and_then(|s| s.as_str());
            let name = body.get("name").and_then(|s| s.as_str()).unwrap_or("spec.puz");
            match (path, spec) {
                (_, None) => error(stream, 422, "the body has no \"spec\" string"),
                ("/check", Some(spec)) => json(stream, &handlers::check(name, spec)),
                ("/format", Some(spec)) => json(stream, &handlers::format(name, spec)),
                _ => match serde_json::from_value::<handlers::SolveRequest>(body) {
                    Ok(req) => solve(state, &req, stream),
                    Err(e) => error(
                        stream,
                        422,
                        &format!("a solve request is {{\"spec\", \"mode\", \"limit\", \"timeout\"}}: {e}"),
                    ),
                },
            }
        }
        ("POST", _) => error(stream, 404, &format!("nothing to post at {path}")),
        _ => error(stream, 405, "GET or POST"),
    }
}

/// A request the page sent to this server: its `Host` names the loopback address and port
/// (a page elsewhere that rebinds its own name to 127.0.0.1 sends its own name), and a post
/// with an `Origin` comes from this server's page.
fn addressed_here(local: SocketAddr, request: &Request) -> Result<(), String> {
    let port = local.port();
    let ours = |host: &str| host == format!("127.0.0.1:{port}") || host == format!("localhost:{port}");
    match request.header("host") {
        Some(h) if ours(h) => {}
        Some(h) => return Err(format!("this server answers requests to 127.0.0.1:{port}, not to {h}")),
        None => return Err("the request names no Host".into()),
    }
    match request.header("origin") {
        Some(o) if request.method == "POST" => match o.strip_prefix("http://") {
            Some(h) if ours(h) => Ok(()),
            _ => Err(format!("posts come from this server's page, not from {o}")),
        },
        _ => Ok(()),
    }
}

/// A file to get: the page, its script and style, the menu, a puzzle.
fn get(path: &str) -> Option<(&'static str, Vec<u8>)> {
    Some(match path {
        "/" | "/index.html" => ("text/html; charset=utf-8", assets::PAGE.to_vec()),
        "/playground.js" => ("text/javascript; charset=utf-8", assets::SCRIPT.to_vec()),
        "/playground.css" => ("text/css; charset=utf-8", assets::STYLE.to_vec()),
        "/licenses.txt" => ("text/plain; charset=utf-8", assets::LICENSES.to_vec()),
        "/puzzles" => ("application/json", handlers::puzzles().to_string().into_bytes()),
        _ => {
            let name = path.strip_prefix("/puzzles/")?;
            ("text/plain; charset=utf-8", handlers::puzzle(name)?.as_bytes().to_vec())
        }
    })
}

fn json(stream: &mut TcpStream, value: &serde_json::Value) -> std::io::Result<()> {
    http::respond(stream, 200, "application/json", value.to_string().as_bytes())
}

fn error(stream: &mut TcpStream, status: u16, why: &str) -> std::io::Result<()> {
    http::respond(stream, status, "application/json", serde_json::json!({"error": why}).to_string().as_bytes())
}

/// Takes one of the [`MAX_SOLVES`] places, given back when dropped.
struct Place<'a>(&'a AtomicUsize);

impl<'a> Place<'a> {
    fn take(counter: &'a AtomicUsize) -> Option<Place<'a>> {
        let taken = counter.fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| (n < MAX_SOLVES).then_some(n + 1));
        taken.ok().map(|_| Place(counter))
    }
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A search streamed as JSON lines: the search on a thread of its own, its events written
/// as they come with the progress figures between them; the client's leaving (the
/// connection read to its end, or a write that fails) cancels it.
fn solve(state: &State, req: &handlers::SolveRequest, stream: &mut TcpStream) -> std::io::Result<()> {
    let Some(_place) = Place::take(&state.solves) else {
        return error(stream, 503, &format!("{MAX_SOLVES} searches are running already; try again when one ends"));
    };
    stream.write_all(http::head(200, "application/x-ndjson", None, &[]).as_bytes())?;
    let cancel = Cancel::new();
    let published = Arc::new(Published::default());
    let started = Instant::now();
    // The client sends nothing more: a read that ends means it closed the connection.
    let watcher = stream.try_clone().map(|mut s| {
        let cancel = cancel.clone();
        std::thread::spawn(move || {
            let _ = s.set_read_timeout(None);
            let mut byte = [0u8; 64];
            while let Ok(n) = s.read(&mut byte)
                && n > 0
            {}
            cancel.cancel();
        })
    });
    let (send, events) = mpsc::sync_channel::<serde_json::Value>(16);
    let search = {
        let (req, cancel, published) = (req.clone(), cancel.clone(), published.clone());
        std::thread::Builder::new()
            .name("puzc-solve".into())
            .stack_size(crate::api::limits::compiler_stack())
            .spawn(move || handlers::solve(&req, &cancel, &published, &mut |e| drop(send.send(e))))?
    };
    let mut gone = false;
    let mut write = |stream: &mut TcpStream, v: &serde_json::Value| {
        if !gone && stream.write_all(format!("{v}\n").as_bytes()).and_then(|_| stream.flush()).is_err() {
            // Gone: the search is stopped, its last events read and dropped.
            gone = true;
            cancel.cancel();
        }
    };
    let mut shown = Instant::now();
    loop {
        let event = events.recv_timeout(PROGRESS_EVERY);
        if shown.elapsed() >= PROGRESS_EVERY {
            write(stream, &handlers::progress(&published, started));
            shown = Instant::now();
        }
        match event {
            Ok(event) => write(stream, &event),
            Err(mpsc::RecvTimeoutError::Timeout) => {}
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
        }
    }
    let _ = search.join();
    // The watcher's read ends when the connection is shut.
    let _ = stream.shutdown(Shutdown::Both);
    if let Ok(w) = watcher {
        let _ = w.join();
    }
    Ok(())
}
