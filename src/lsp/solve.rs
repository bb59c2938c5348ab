//! The "Solve" and "Count" code lenses and the `puzc.solve` command: a search the user asks
//! for (the server never starts one by itself), run on a thread of its own so that
//! diagnostics keep coming, bounded by [`SECONDS`]. The answer, or the count, comes back as
//! the command's result and as a message the editor shows. A new search stops the last.
use super::analysis::Document;
use crate::api::{self, Cancel, Event, Mode, Options, Status};
use lsp_server::{Message, Notification, RequestId, Response};
use lsp_types as lsp;
use lsp_types::notification::Notification as _;
use std::time::Duration;

/// The command a lens runs: arguments `[uri]` or `[uri, "count"]`.
pub const COMMAND: &str = "puzc.solve";
/// A search from the editor stops after this long.
pub const SECONDS: u64 = 10;
/// Answers a spec that lists them all shows at most.
const LISTED: u64 = 5;

/// Two lenses over the first line of a document that has no diagnostics: Solve and Count.
pub fn lenses(doc: &Document) -> Vec<lsp::CodeLens> {
    if !doc.found.diagnostics.is_empty() || doc.found.spec.is_none() {
        return Vec::new();
    }
    let at = lsp::Range::default();
    let lens = |title: &str, args: Vec<serde_json::Value>| lsp::CodeLens {
        range: at,
        command: Some(lsp::Command { title: title.into(), command: COMMAND.into(), arguments: Some(args) }),
        data: None,
    };
    let uri = serde_json::Value::String(doc.uri.as_str().to_string());
    vec![lens("▶ Solve", vec![uri.clone()]), lens("Count answers", vec![uri, "count".into()])]
}

/// Starts the search the command asks for on `doc`; `respond` sends the result (to the
/// connection). Returns the handle that stops it.
pub fn start(doc: &Document, count: bool, id: RequestId, respond: impl Fn(Message) + Send + 'static) -> Cancel {
    let cancel = Cancel::new();
    let (path, text, stop) = (doc.path.clone(), doc.text.clone(), cancel.clone());
    let run = move || {
        let report = report(&path, &text, count, &stop);
        respond(Message::Response(Response::new_ok(id, serde_json::json!({ "message": report }))));
        let shown = lsp::ShowMessageParams { typ: lsp::MessageType::INFO, message: report };
        let n = Notification::new(lsp::notification::ShowMessage::METHOD.to_string(), shown);
        respond(Message::Notification(n));
    };
    // On the compiler's stack, as `puzc solve` runs.
    let stack = crate::api::limits::compiler_stack();
    if std::thread::Builder::new().name("puzc-lsp-solve".into()).stack_size(stack).spawn(run).is_err() {
        cancel.cancel();
    }
    cancel
}

/// The search's outcome in words: the first answers, or the count, and how it ended.
fn report(path: &std::path::Path, text: &str, count: bool, cancel: &Cancel) -> String {
    let name = path.file_name().map_or("the spec".into(), |n| n.to_string_lossy().into_owned());
    let problem = match api::load(path, text, None, &[], &|p| std::fs::read(p)) {
        Ok(p) => p,
        Err(rejected) => return format!("{name}: {}", rejected.failure.render(&rejected.sources, false).trim_end()),
    };
    let mut options = Options {
        mode: count.then_some(Mode::Count),
        timeout: Some(Duration::from_secs(SECONDS)),
        cancel: cancel.clone(),
        ..Options::default()
    };
    if !count && problem.answer() == Some(Mode::All) {
        options.limit = Some(LISTED);
    }
    let mut out = String::new();
    let solved = api::solve(&problem, &options, &mut |event| match event {
        Event::Answer(s) => out += &format!("answer {}:\n{}", s.index, s.text()),
        Event::Case(c) => {
            let case = if c.instance > 1 { format!("case {}: ", c.instance) } else { String::new() };
            let what = match c.status {
                Status::Counted => format!("{} solutions", c.count),
                Status::Limit if count => format!("{}+ solutions (stopped after {SECONDS} s)", c.count),
                Status::Limit => format!("no answer within {SECONDS} s"),
                Status::Stopped => "stopped".to_string(),
                s => s.word().to_string(),
            };
            out +=
                &format!("{case}{what} ({} nodes, {} engine, {:.3} s)\n", c.nodes, c.engine, c.elapsed.as_secs_f64());
        }
    });
    if let Err(f) = solved {
        out += f.render(&problem.sources, false).trim_end();
    }
    format!("{name}: {}", out.trim_end())
}
