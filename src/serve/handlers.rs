//! What each endpoint of `puzc serve` answers, as functions of the request's data, so that
//! tests call them without a socket: [`check`], [`format`], [`solve`] (its events through a
//! callback), [`puzzles`] and [`puzzle`]. Everything goes through [`crate::api`]; a spec is
//! read as if it lay among the shipped puzzles, which are all it may import.
use crate::api::limits::Published;
use crate::api::{self, Cancel, Event, Failure, Mode, Options};
use crate::diag::{Diagnostic, Sources};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The shipped puzzles (`puzzles/*.puz`), by file name, embedded by `build.rs`.
pub const PUZZLES: &[(&str, &str)] = include!(concat!(env!("OUT_DIR"), "/puzzles.rs"));

/// The folder a playground spec is read in: a name no disk holds, so that nothing outside
/// the shipped puzzles is ever read.
const FOLDER: &str = "<playground>";

/// The longest search a request may ask for, and the one it gets when it asks for none.
pub const MAX_SECONDS: u64 = 60;
pub const DEFAULT_SECONDS: u64 = 10;
/// Answers listed by one request (`all`) at most, and when it names no limit.
pub const MAX_ANSWERS: u64 = 100;
pub const DEFAULT_ANSWERS: u64 = 20;
/// The table of positions of one played puzzle's search.
pub const TABLE_BYTES: usize = 256 << 20;

fn path_of(name: &str) -> PathBuf {
    let file = Path::new(name).file_name().map_or("spec.puz".into(), |f| f.to_string_lossy().into_owned());
    Path::new(FOLDER).join(file)
}

/// Imports: the shipped puzzles only.
fn read(p: &Path) -> std::io::Result<Vec<u8>> {
    let name = p.strip_prefix(FOLDER).ok().and_then(|n| n.to_str());
    match name.and_then(puzzle) {
        Some(text) => Ok(text.as_bytes().to_vec()),
        None => Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            "the playground imports only the shipped puzzles (its menu)",
        )),
    }
}

/// A shipped puzzle's text by its file name (`mayan.puz`).
pub fn puzzle(name: &str) -> Option<&'static str> {
    PUZZLES.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// The menu: each shipped puzzle's file name and title (its `puzzle "..."`).
pub fn puzzles() -> Value {
    let title = |text: &str| {
        text.lines().find_map(|l| l.strip_prefix("puzzle \"").and_then(|r| r.split('"').next()).map(str::to_string))
    };
    PUZZLES.iter().map(|(name, text)| json!({"name": name, "title": title(text)})).collect()
}

/// A text's UTF-16 length: where a JavaScript editor puts a byte offset.
fn utf16(text: &str, offset: usize) -> usize {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    text[..offset].encode_utf16().count()
}

/// Diagnostics as `check --format json` writes them, with `from` and `to` in UTF-16 units of
/// the root text (where an editor underlines); one in an imported spec is put at the start
/// and its message names the file.
fn diagnostics(found: &[Diagnostic], sources: &Sources, root: Option<crate::diag::FileId>) -> Value {
    (found.iter())
        .map(|d| {
            let mut v: Value = serde_json::from_str(&crate::diag::render::json_line(d, sources)).unwrap_or(Value::Null);
            let span = d.label.span;
            let (from, to) = match Some(span.file) == root {
                true => {
                    let text = &sources.get(span.file).text;
                    (utf16(text, span.start), utf16(text, span.end.max(span.start)))
                }
                false => {
                    let (line, col) = sources.line_col(span.file, span.start);
                    v["message"] = format!("{}:{line}:{col}: {}", sources.get(span.file).name, d.message).into();
                    (0, 0)
                }
            };
            v["from"] = from.into();
            v["to"] = to.into();
            v
        })
        .collect()
}

/// `{"diagnostics": [...]}`: what `puzc check` says of `text` (empty when it is fine).
pub fn check(name: &str, text: &str) -> Value {
    let text = crate::api::format::normalise(text.to_string());
    let found = api::diagnose(&path_of(name), &text, &read);
    json!({"diagnostics": diagnostics(&found.diagnostics, &found.sources, found.root)})
}

/// `{"text": ...}`: `text` in the canonical layout (`puzc fmt`), or its `diagnostics` when it
/// does not parse.
pub fn format(name: &str, text: &str) -> Value {
    let text = crate::api::format::normalise(text.to_string());
    let mut sources = Sources::default();
    let file = sources.add(path_of(name).display().to_string(), text.clone());
    match crate::api::format::format(&text, file) {
        Ok(formatted) => json!({"text": formatted}),
        Err(d) => json!({"diagnostics": diagnostics(&[d], &sources, Some(file))}),
    }
}

/// What a solve request asks: the spec and how to search it.
#[derive(Clone, Debug, Default, serde::Deserialize)]
pub struct SolveRequest {
    pub spec: String,
    /// The file name the spec is shown under (its imports are looked up beside it).
    #[serde(default)]
    pub name: String,
    /// `first`, `all`, `count` or `unique`; none: the spec's `answer`.
    #[serde(default)]
    pub mode: Option<String>,
    /// Answers to list or count at most.
    #[serde(default)]
    pub limit: Option<u64>,
    /// Seconds to search at most (up to [`MAX_SECONDS`]).
    #[serde(default)]
    pub timeout: Option<f64>,
}

/// The search's options for a request, bounded: `Err` says what is wrong with it.
fn options(req: &SolveRequest, cancel: &Cancel, progress: &Arc<Published>) -> Result<Options, String> {
    let mode = match req.mode.as_deref() {
        None | Some("") => None,
        Some("first") => Some(Mode::First),
        Some("all") => Some(Mode::All),
        Some("count") => Some(Mode::Count),
        Some("unique") => Some(Mode::Unique),
        Some(other) => return Err(format!("no mode `{other}`: first, all, count or unique")),
    };
    let seconds = req.timeout.unwrap_or(DEFAULT_SECONDS as f64);
    if seconds.is_nan() || seconds <= 0.0 {
        return Err("the timeout is a number of seconds above 0".into());
    }
    let limit = match (mode, req.limit) {
        (_, Some(0)) => return Err("the limit is at least 1".into()),
        (Some(Mode::All), l) => Some(l.unwrap_or(DEFAULT_ANSWERS).min(MAX_ANSWERS)),
        (_, l) => l,
    };
    Ok(Options {
        mode,
        limit,
        timeout: Some(Duration::from_secs_f64(seconds.min(MAX_SECONDS as f64))),
        // One thread a search: the playground shares the machine with its user.
        threads: Some(1),
        memory: Some(TABLE_BYTES),
        cancel: cancel.clone(),
        progress: Some(progress.clone()),
        ..Options::default()
    })
}

/// Solves a request, handing each event to `emit` as a JSON object: each verified `answer`
/// (its text, SVG picture, and for a played puzzle each step's picture), each `case`'s
/// summary, an `error` (diagnostics or a refusal), then `done`. `progress` is where the
/// search publishes its figures (the caller reads them while this runs); `cancel` stops it.
/// A spec whose `answer` lists every solution lists at most [`MAX_ANSWERS`].
pub fn solve(req: &SolveRequest, cancel: &Cancel, progress: &Arc<Published>, emit: &mut dyn FnMut(Value)) {
    let started = Instant::now();
    let done = |emit: &mut dyn FnMut(Value)| emit(json!({"type": "done", "seconds": started.elapsed().as_secs_f64()}));
    let mut opts = match options(req, cancel, progress) {
        Ok(o) => o,
        Err(message) => {
            emit(json!({"type": "error", "message": message}));
            return done(emit);
        }
    };
    let text = crate::api::format::normalise(req.spec.clone());
    let problem = match api::load(&path_of(&req.name), &text, None, &[], &read) {
        Ok(p) => p,
        Err(rejected) => {
            emit(failure(&rejected.failure, &rejected.sources, Some(crate::diag::FileId(0))));
            return done(emit);
        }
    };
    // A spec that lists every answer gets the playground's bound too.
    if opts.mode.is_none() && opts.limit.is_none() && problem.answer() == Some(Mode::All) {
        opts.limit = Some(DEFAULT_ANSWERS);
    }
    let solved = api::solve(&problem, &opts, &mut |event| {
        emit(match event {
            Event::Answer(s) => json!({
                "type": "answer",
                "instance": s.instance,
                "index": s.index,
                "text": s.text(),
                "svg": s.svg(),
                "steps": s.steps(),
            }),
            Event::Case(c) => json!({
                "type": "case",
                "instance": c.instance,
                "status": c.status.word(),
                // A string: counts pass 2^53, where JavaScript's numbers stop being exact.
                "count": c.count.to_string(),
                "nodes": c.nodes,
                "engine": c.engine,
                "seconds": c.elapsed.as_secs_f64(),
            }),
        })
    });
    if let Err(f) = solved {
        emit(failure(&f, &problem.sources, Some(problem.root)));
    }
    done(emit)
}

fn failure(f: &Failure, sources: &Sources, root: Option<crate::diag::FileId>) -> Value {
    match f {
        Failure::Diagnostics(d) => json!({
            "type": "error",
            "message": format!("the spec has {} error{}", d.len(), if d.len() == 1 { "" } else { "s" }),
            "diagnostics": diagnostics(d, sources, root),
        }),
        Failure::Refused(m) => json!({"type": "error", "message": m}),
        Failure::Unverified(why) => {
            json!({"type": "error", "message": format!("internal error: a solution failed verification ({why})")})
        }
    }
}

/// The search's figures so far, as the progress line shows them.
pub fn progress(published: &Published, started: Instant) -> Value {
    use std::sync::atomic::Ordering::Relaxed;
    let seconds = started.elapsed().as_secs_f64();
    let nodes = published.nodes.load(Relaxed);
    json!({
        "type": "progress",
        "nodes": nodes,
        "solutions": published.solutions.load(Relaxed),
        "seconds": seconds,
        "rate": if seconds > 0.0 { (nodes as f64 / seconds).round() } else { 0.0 },
    })
}
