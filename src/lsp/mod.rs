//! `puzc lsp`: a language server over standard input and output, on lsp-server's
//! synchronous loop (the design rust-analyzer uses): one thread reads messages, this one
//! answers them in order. Every change of a document is diagnosed at once through
//! `api::diagnose` (parse, check, and elaboration and lowering of the spec's own first
//! case); no search is ever run unless the user asks for one (the "Solve" and "Count"
//! lenses, `solve.rs`).
mod analysis;
mod position;
mod solve;
pub mod tokens;

use analysis::Document;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types as lsp;
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use std::collections::HashMap;

/// Words a statement or a rule can start with or hold, offered by completion beside the
/// names in scope.
const KEYWORDS: &[&str] = &[
    "puzzle",
    "import",
    "let",
    "param",
    "board",
    "fill",
    "given",
    "region",
    "each",
    "piece",
    "tiles",
    "place",
    "confine",
    "match",
    "item",
    "secondary",
    "option",
    "answer",
    "instance",
    "move",
    "after",
    "goal",
    "moves",
    "cases",
    "print",
    "grid",
    "table",
    "counter",
    "estimate",
    "draw",
    "holds",
    "exactly",
    "at",
    "most",
    "least",
    "of",
    "for",
    "in",
    "from",
    "without",
    "sums",
    "to",
    "all",
    "different",
    "no",
    "two",
    "touch",
    "pieces",
    "connected",
    "the",
    "cells",
    "are",
    "area",
    "clue",
    "its",
    "size",
    "block",
    "values",
    "has",
    "equal",
    "pairs",
    "beside",
    "consecutive",
    "same",
    "congruent",
    "shapes",
    "line",
    "crosses",
    "borders",
    "loop",
    "counts",
    "around",
    "bridges",
    "join",
    "numbers",
    "islands",
    "by",
    "up",
    "symmetry",
    "count",
    "unique",
    "first",
    "when",
    "if",
    "else",
    "and",
    "or",
    "not",
];

/// Runs the server on stdio until the client says `exit`. Errors are the protocol's (a
/// client that broke the framing or left before `initialize`).
pub fn serve() -> Result<(), String> {
    let (connection, io) = Connection::stdio();
    run(&connection)?;
    // The writer thread ends when the last sender is gone, the reader at `exit`.
    drop(connection);
    io.join().map_err(|e| e.to_string())
}

/// The server on any connection (`Connection::memory()` in tests).
pub fn run(connection: &Connection) -> Result<(), String> {
    let capabilities = lsp::ServerCapabilities {
        position_encoding: Some(lsp::PositionEncodingKind::UTF16),
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(lsp::TextDocumentSyncKind::FULL)),
        document_formatting_provider: Some(lsp::OneOf::Left(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        definition_provider: Some(lsp::OneOf::Left(true)),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        completion_provider: Some(lsp::CompletionOptions::default()),
        code_lens_provider: Some(lsp::CodeLensOptions { resolve_provider: Some(false) }),
        execute_command_provider: Some(lsp::ExecuteCommandOptions {
            commands: vec![solve::COMMAND.to_string()],
            ..Default::default()
        }),
        semantic_tokens_provider: Some(lsp::SemanticTokensServerCapabilities::SemanticTokensOptions(
            lsp::SemanticTokensOptions {
                legend: tokens::legend(),
                full: Some(lsp::SemanticTokensFullOptions::Bool(true)),
                range: None,
                work_done_progress_options: Default::default(),
            },
        )),
        ..Default::default()
    };
    let caps = serde_json::to_value(capabilities).map_err(|e| e.to_string())?;
    let init = serde_json::json!({
        "capabilities": caps,
        "serverInfo": { "name": "puzc", "version": env!("CARGO_PKG_VERSION") },
    });
    let (id, _params) = connection.initialize_start().map_err(|e| e.to_string())?;
    connection.initialize_finish(id, init).map_err(|e| e.to_string())?;
    let mut server = Server { docs: HashMap::new(), connection, search: None };
    for msg in &connection.receiver {
        match msg {
            Message::Request(req) => {
                if connection.handle_shutdown(&req).map_err(|e| e.to_string())? {
                    if let Some(search) = &server.search {
                        search.cancel();
                    }
                    return Ok(());
                }
                if req.method == lsp::request::ExecuteCommand::METHOD {
                    // Answered by the search's thread when it ends, unless refused here.
                    if let Some(refused) = server.execute(req) {
                        connection.sender.send(Message::Response(refused)).map_err(|e| e.to_string())?;
                    }
                    continue;
                }
                let response = server.answer(req);
                connection.sender.send(Message::Response(response)).map_err(|e| e.to_string())?;
            }
            Message::Notification(n) => server.notice(n)?,
            Message::Response(_) => {}
        }
    }
    Ok(())
}

struct Server<'c> {
    docs: HashMap<lsp::Uri, Document>,
    connection: &'c Connection,
    /// The search the user last asked for, to stop when another is asked for.
    search: Option<crate::api::Cancel>,
}

impl Server<'_> {
    /// `puzc.solve [uri]` or `[uri, "count"]`: a search started on the document's text; the
    /// response is sent when it ends. A refusal (no such command or document) is returned.
    fn execute(&mut self, req: Request) -> Option<Response> {
        let id = req.id.clone();
        let refuse = |code: ErrorCode, m: String| Some(Response::new_err(id.clone(), code as i32, m));
        let p: lsp::ExecuteCommandParams = match serde_json::from_value(req.params) {
            Ok(p) => p,
            Err(e) => return refuse(ErrorCode::InvalidParams, e.to_string()),
        };
        if p.command != solve::COMMAND {
            return refuse(ErrorCode::InvalidParams, format!("puzc lsp has no command {}", p.command));
        }
        let uri = p.arguments.first().and_then(|u| u.as_str()).and_then(|u| u.parse::<lsp::Uri>().ok());
        let Some(doc) = uri.and_then(|u| self.docs.get(&u)) else {
            return refuse(ErrorCode::InvalidParams, "the command's first argument is an open document's URI".into());
        };
        let count = p.arguments.get(1).and_then(|a| a.as_str()) == Some("count");
        if let Some(last) = self.search.take() {
            last.cancel();
        }
        let sender = self.connection.sender.clone();
        self.search = Some(solve::start(doc, count, id, move |m| drop(sender.send(m))));
        None
    }

    fn notice(&mut self, n: Notification) -> Result<(), String> {
        use lsp::notification as note;
        // A document's diagnostics are published as soon as they are known, before its
        // semantic tokens are classified from the same parse.
        let connection = self.connection;
        let mut sent = Ok(());
        let mut diagnosed = |doc: &Document| sent = publish(connection, doc.uri.clone(), doc.diagnostics());
        match n.method.as_str() {
            note::DidOpenTextDocument::METHOD => {
                let p: lsp::DidOpenTextDocumentParams = params(n.params)?;
                let uri = p.text_document.uri.clone();
                let doc = Document::open(uri.clone(), p.text_document.text, &mut diagnosed);
                self.docs.insert(uri, doc);
            }
            note::DidChangeTextDocument::METHOD => {
                let p: lsp::DidChangeTextDocumentParams = params(n.params)?;
                // Full synchronisation: the last change holds the whole text.
                let (Some(doc), Some(change)) =
                    (self.docs.get_mut(&p.text_document.uri), p.content_changes.into_iter().last())
                else {
                    return Ok(());
                };
                doc.change(change.text, &mut diagnosed);
            }
            note::DidCloseTextDocument::METHOD => {
                let p: lsp::DidCloseTextDocumentParams = params(n.params)?;
                self.docs.remove(&p.text_document.uri);
                // Closed: its diagnostics are cleared.
                return publish(connection, p.text_document.uri, Vec::new());
            }
            _ => {}
        }
        sent
    }

    fn answer(&self, req: Request) -> Response {
        use lsp::request as r;
        let id = req.id.clone();
        let result = match req.method.as_str() {
            r::Formatting::METHOD => {
                self.with::<lsp::DocumentFormattingParams, _>(req, |s, p| s.doc(&p.text_document.uri).map(formatting))
            }
            r::DocumentSymbolRequest::METHOD => self.with::<lsp::DocumentSymbolParams, _>(req, |s, p| {
                s.doc(&p.text_document.uri).map(|d| lsp::DocumentSymbolResponse::Nested(d.symbols()))
            }),
            r::GotoDefinition::METHOD => self.with::<lsp::GotoDefinitionParams, _>(req, |s, p| {
                let at = p.text_document_position_params;
                let doc = s.doc(&at.text_document.uri)?;
                let (decl, sources) = doc.declaration_at(at.position)?;
                doc.location(decl, sources).map(lsp::GotoDefinitionResponse::Scalar)
            }),
            r::HoverRequest::METHOD => self.with::<lsp::HoverParams, _>(req, |s, p| {
                let at = p.text_document_position_params;
                s.doc(&at.text_document.uri)?.hover(at.position)
            }),
            r::CodeLensRequest::METHOD => {
                self.with::<lsp::CodeLensParams, _>(req, |s, p| s.doc(&p.text_document.uri).map(solve::lenses))
            }
            r::Completion::METHOD => self.with::<lsp::CompletionParams, _>(req, |s, p| {
                s.doc(&p.text_document_position.text_document.uri).map(completion)
            }),
            r::SemanticTokensFullRequest::METHOD => self.with::<lsp::SemanticTokensParams, _>(req, |s, p| {
                s.doc(&p.text_document.uri)?.semantic_tokens().map(lsp::SemanticTokensResult::Tokens)
            }),
            _ => Err((ErrorCode::MethodNotFound, format!("puzc lsp does not answer {}", req.method))),
        };
        match result {
            Ok(value) => Response::new_ok(id, value),
            Err((code, message)) => Response::new_err(id, code as i32, message),
        }
    }

    fn doc(&self, uri: &lsp::Uri) -> Option<&Document> {
        self.docs.get(uri)
    }

    /// Decodes a request's parameters and answers it; `None` from `f` is a `null` result.
    fn with<P: serde::de::DeserializeOwned, T: serde::Serialize>(
        &self,
        req: Request,
        f: impl FnOnce(&Self, P) -> Option<T>,
    ) -> Result<serde_json::Value, (ErrorCode, String)> {
        let p: P = serde_json::from_value(req.params).map_err(|e| (ErrorCode::InvalidParams, e.to_string()))?;
        serde_json::to_value(f(self, p)).map_err(|e| (ErrorCode::InternalError, e.to_string()))
    }
}

/// Sends a document's diagnostics to the client.
fn publish(connection: &Connection, uri: lsp::Uri, diagnostics: Vec<lsp::Diagnostic>) -> Result<(), String> {
    let p = lsp::PublishDiagnosticsParams { uri, diagnostics, version: None };
    let n = Notification::new(lsp::notification::PublishDiagnostics::METHOD.to_string(), p);
    connection.sender.send(Message::Notification(n)).map_err(|e| e.to_string())
}

fn params<P: serde::de::DeserializeOwned>(v: serde_json::Value) -> Result<P, String> {
    serde_json::from_value(v).map_err(|e| format!("bad notification parameters: {e}"))
}

/// `puzc fmt` of the document as one edit over the whole text; none when it does not parse
/// (its diagnostic is already shown) or is already canonical.
fn formatting(doc: &Document) -> Vec<lsp::TextEdit> {
    let text = crate::api::format::normalise(doc.text.clone());
    match crate::api::format::format(&text, crate::diag::FileId(0)) {
        Ok(formatted) if formatted != doc.text => {
            vec![lsp::TextEdit { range: position::range(&doc.text, 0, doc.text.len()), new_text: formatted }]
        }
        _ => Vec::new(),
    }
}

fn completion(doc: &Document) -> lsp::CompletionResponse {
    let names = doc.names().into_iter().map(|d| lsp::CompletionItem {
        label: d.name.name.clone(),
        kind: Some(lsp::CompletionItemKind::VARIABLE),
        detail: Some(d.kind.word().to_string()),
        ..Default::default()
    });
    let words = KEYWORDS.iter().map(|w| lsp::CompletionItem {
        label: w.to_string(),
        kind: Some(lsp::CompletionItemKind::KEYWORD),
        ..Default::default()
    });
    lsp::CompletionResponse::Array(names.chain(words).collect())
}
