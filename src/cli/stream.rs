//! Answers written as they come: `--all` in text, and every `--format json` / `jsonl` run.
//!
//! An answer is rendered and written when the collector has verified it, and then dropped,
//! so a long `--all` runs in constant memory and a reader (`| head -3`) sees the first answer
//! at once. Where `--all` shows answers in reading order of their layouts (filled grids and
//! placements: `api::layout_order`), the collector keeps them until the search ends, sorts
//! them, and hands them here in that order.
//!
//! Output is buffered and written out after the first answer, then whenever 64 KiB have
//! gathered or 50 ms have passed since the last write, and at the end of the case: few
//! system calls for a million answers, no visible delay for a slow search. A reader that
//! went away (EPIPE) ends the process quietly with exit 0, like `| head` expects.
use super::exit::Exit;
use super::{Format, Session};
use crate::api::render::{self, Labels};
use crate::api::{Answer, Model};
use std::io::Write;
use std::time::{Duration, Instant};

/// The version of the JSON lines' shape (`"version"` in each object of `--format jsonl`,
/// docs/puzc-jsonl.schema.json).
pub const JSONL_VERSION: u32 = 1;

const FLUSH_BYTES: usize = 1 << 16;
const FLUSH_EVERY: Duration = Duration::from_millis(50);

pub(super) struct Stream<'s> {
    session: &'s Session,
    k: usize,
    format: Format,
    labels: Labels,
    /// Answers written so far.
    shown: u64,
    out: Vec<u8>,
    last_write: Instant,
}

/// How a case ended, for the closing line or object.
pub(super) struct Ending<'e> {
    pub exit: Exit,
    pub status: &'e str,
    pub count: u64,
    pub nodes: u64,
    pub engine: &'e str,
    pub elapsed: Duration,
}

impl<'s> Stream<'s> {
    pub fn new(session: &'s Session, k: usize, format: Format, model: &Model) -> Stream<'s> {
        Stream { session, k, format, labels: Labels::new(model), shown: 0, out: Vec::new(), last_write: Instant::now() }
    }

    /// Writes one verified answer.
    pub fn answer(&mut self, model: &Model, a: &Answer) {
        let first = self.shown == 0;
        self.shown += 1;
        match self.format {
            Format::Json => {
                if first {
                    self.open_json();
                } else {
                    self.out.push(b',');
                }
                self.out.extend(render::answer_json(model, a).to_string().as_bytes());
            }
            Format::Jsonl => {
                let line = serde_json::json!({
                    "version": JSONL_VERSION,
                    "type": "solution",
                    "instance": self.k,
                    "index": self.shown,
                    "solution": render::answer_json(model, a),
                });
                self.out.extend(line.to_string().as_bytes());
                self.out.push(b'\n');
            }
            _ => {
                // A blank line between two answers, and before the first when an earlier
                // case printed something (as `Session::print_block`).
                if !first || self.session.printed_a_case.replace(true) {
                    self.out.push(b'\n');
                }
                self.out.extend(render::answer_text(model, &self.labels, a).as_bytes());
            }
        }
        if first || self.out.len() >= FLUSH_BYTES || self.last_write.elapsed() >= FLUSH_EVERY {
            self.write_out();
        }
    }

    fn open_json(&mut self) {
        self.out.extend(format!("{{\"instance\":{},\"solutions\":[", self.k).as_bytes());
    }

    /// Closes the case: the count line of `--all` in text (not when interrupted: the count
    /// is not known), the rest of the JSON object, or the JSON line with the statistics.
    pub fn finish(mut self, e: &Ending) {
        match self.format {
            Format::Json => {
                if self.shown == 0 {
                    self.open_json();
                }
                let rest = serde_json::json!({"count": e.count, "nodes": e.nodes, "status": e.status}).to_string();
                // `],"count":...}`: the object's remaining keys, alphabetically.
                self.out.extend(b"],");
                self.out.extend(&rest.as_bytes()[1..]);
                self.out.push(b'\n');
            }
            Format::Jsonl => {
                let line = serde_json::json!({
                    "version": JSONL_VERSION,
                    "type": "instance",
                    "instance": self.k,
                    "status": e.status,
                    "count": e.count,
                    "nodes": e.nodes,
                    "engine": e.engine,
                    "time_ms": (e.elapsed.as_secs_f64() * 1e6).round() / 1e3,
                });
                self.out.extend(line.to_string().as_bytes());
                self.out.push(b'\n');
            }
            _ if e.exit == Exit::Interrupted => {}
            _ => {
                let line = format!("{} solution{}\n", e.count, if e.count == 1 { "" } else { "s" });
                if self.shown == 0 {
                    self.write_out();
                    self.session.print_block(&line);
                } else {
                    self.out.push(b'\n');
                    self.out.extend(line.as_bytes());
                }
            }
        }
        self.write_out();
    }

    fn write_out(&mut self) {
        if !self.out.is_empty() {
            write_stdout(&self.out);
            self.out.clear();
        }
        self.last_write = Instant::now();
    }
}

/// Writes to stdout now. A closed pipe ends the process with 0 (the reader has what it
/// wanted); another error with 4.
pub(super) fn write_stdout(bytes: &[u8]) {
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_all(bytes).and_then(|()| stdout.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(Exit::Solved as i32);
        }
        eprintln!("puzc: cannot write the answers: {e}");
        std::process::exit(Exit::Io as i32);
    }
}
