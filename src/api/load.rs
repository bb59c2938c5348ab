//! A spec made ready to solve: its text (and its imports) loaded and checked, `--set`
//! values bound, its instance data found. What `puzc solve` does before its first case, as
//! data: [`load`] for front ends, [`overrides`] shared with the command line.
use crate::diag::{Diagnostic, FileId, Sources, Span};
use crate::lower::value::Value;
use crate::render::template::Node;
use crate::syntax::ast::{Spec, StmtKind};
use crate::syntax::load::ReadFile;
use crate::syntax::text::{Kind, decode};
use std::collections::HashMap;
use std::path::Path;

/// Why [`load_checked`] gave no spec: a file that could not be read (the path and the
/// error), or diagnostics (syntax, imports, the static checks).
pub use crate::syntax::load::LoadError;

/// `--set` values by name, as [`overrides`] binds them.
pub type Overrides = HashMap<String, Value>;

/// Why a spec could not be loaded or solved.
#[derive(Debug)]
pub enum Failure {
    /// The spec or its data are wrong, or a limit was reached while building it (the
    /// diagnostics point into the sources of the [`Problem`] or of the [`Rejected`]).
    Diagnostics(Vec<Diagnostic>),
    /// The request does not fit the spec: `--set` of a name it has no `let` for, a mode a
    /// played puzzle with costs cannot give.
    Refused(String),
    /// An answer failed the independent verifier: a bug in puzc; nothing was handed out
    /// for it.
    Unverified(String),
}

impl Failure {
    /// The failure in words: diagnostics drawn as `puzc check` draws them (without colour,
    /// 100 columns), or as JSON lines.
    pub fn render(&self, sources: &Sources, json: bool) -> String {
        use crate::diag::render::{Style, render_all};
        match self {
            Failure::Diagnostics(d) => render_all(d, sources, Style { json, ..Style::PLAIN }),
            Failure::Refused(m) => format!("{m}\n"),
            Failure::Unverified(why) => format!("internal error: a solution failed verification ({why})\n"),
        }
    }
}

/// A spec that did not load, with the sources its diagnostics point into.
#[derive(Debug)]
pub struct Rejected {
    pub sources: Sources,
    pub failure: Failure,
}

/// A loaded, checked spec with its instance data and `--set` values.
pub struct Problem {
    /// Every text read: the spec, its imports, the instance data.
    pub sources: Sources,
    pub spec: Spec,
    pub root: FileId,
    /// The instance data: its file, the offset of its text there, the text.
    pub(crate) instance: (FileId, usize, String),
    pub(crate) overrides: Overrides,
}

impl Problem {
    /// True for played puzzles (the spec has a `move`).
    pub fn is_moves(&self) -> bool {
        is_moves(&self.spec)
    }

    /// The spec's `answer ...` (the last one counts), if it has one.
    pub fn answer(&self) -> Option<crate::syntax::ast::AnswerMode> {
        self.spec.stmts.iter().rev().find_map(|s| match &s.kind {
            StmtKind::Answer(mode, _) => Some(mode.node),
            _ => None,
        })
    }
}

/// Loads `text` as the spec at `path` (imports read through `read`, relative to its folder),
/// checks it, binds `sets` (`NAME=VALUE`, as `--set`) and takes the instance data: `instance`
/// when given (as `--instance` would read it), else the spec's own `instance "..."`.
pub fn load(
    path: &Path,
    text: &str,
    instance: Option<&str>,
    sets: &[String],
    read: ReadFile,
) -> Result<Problem, Rejected> {
    let mut sources = Sources::default();
    let served = |p: &Path| if p == path { Ok(text.as_bytes().to_vec()) } else { read(p) };
    let (spec, root) = match load_checked(path, &mut sources, &served) {
        Ok(loaded) => loaded,
        Err(LoadError::Io(p, e)) => {
            let failure = Failure::Refused(format!("cannot read {}: {e}", p.display()));
            return Err(Rejected { sources, failure });
        }
        Err(LoadError::Bad(d)) => return Err(Rejected { sources, failure: Failure::Diagnostics(d) }),
    };
    let overrides = match overrides(&spec, sets) {
        Ok(o) => o,
        Err(m) => return Err(Rejected { sources, failure: Failure::Refused(m) }),
    };
    let instance = match instance {
        Some(data) => match decode(data.as_bytes().to_vec(), "<instance>".into(), Kind::Instance, &mut sources) {
            Ok(file) => (file, 0, sources.get(file).text.clone()),
            Err(d) => return Err(Rejected { sources, failure: Failure::Diagnostics(vec![d]) }),
        },
        None => own_instance(&spec, root),
    };
    Ok(Problem { sources, spec, root, instance, overrides })
}

/// Reads the spec at `path` and its imports through `read` (relative to the importing
/// spec's folder), adding every text to `sources`, and checks it: names, kinds, one
/// problem form (`check`). Everything `puzc check` finds before any instance is read.
pub fn load_checked(path: &Path, sources: &mut Sources, read: ReadFile) -> Result<(Spec, FileId), LoadError> {
    let (spec, root) = crate::syntax::load::load(path, sources, read)?;
    let diagnostics = crate::check::check(&spec);
    if !diagnostics.is_empty() {
        return Err(LoadError::Bad(diagnostics));
    }
    Ok((spec, root))
}

/// True for played puzzles (the spec has a `move`).
pub fn is_moves(spec: &Spec) -> bool {
    first_move(spec).is_some()
}

/// The span of the spec's first `move`, if it is a played puzzle.
pub fn first_move(spec: &Spec) -> Option<Span> {
    spec.stmts.iter().find(|s| matches!(s.kind, StmtKind::Move(_))).map(|s| s.span)
}

/// The span of the spec's first statement (where a diagnostic about the whole spec points).
pub fn first_statement(spec: &Spec) -> Option<Span> {
    spec.stmts.first().map(|s| s.span)
}

/// Whether the root file (not an import) has an `instance "..."` of its own.
pub fn has_own_instance(spec: &Spec, root: FileId) -> bool {
    spec.stmts.iter().any(|s| matches!(s.kind, StmtKind::Instance(_)) && s.span.file == root)
}

/// The spec's output templates, parsed: `print "..."` and `print between cases "..."` (the
/// last of each counts).
pub fn templates(spec: &Spec) -> (Option<Vec<Node>>, Option<Vec<Node>>) {
    let template_of = |between: bool| {
        spec.stmts.iter().rev().find_map(|s| match &s.kind {
            StmtKind::Print { between: b, template, long } if *b == between => {
                crate::render::template::parse(&template.text, template.span.file, template.offset, *long).ok()
            }
            _ => None,
        })
    };
    (template_of(false), template_of(true))
}

/// Rewords "the instance ended early" (I303) as "no instance" (I301) at the statement that
/// reads instance data, for a spec run without any instance data at all.
pub fn explain_missing_instance(spec: &Spec, diags: &mut [Diagnostic]) {
    let reader = spec.stmts.iter().find(|s| match &s.kind {
        StmtKind::Param { .. } => true,
        StmtKind::Tiles(t) => t.given.is_none(),
        StmtKind::Given { source, .. } | StmtKind::Walls { source, .. } => {
            matches!(source, crate::syntax::ast::GivenSource::Instance(..))
        }
        _ => false,
    });
    for d in diags.iter_mut().filter(|d| d.code == crate::diag::Code::I303) {
        let span = reader.map_or(d.label.span, |s| s.span);
        *d = Diagnostic::new(crate::diag::Code::I301, span, "this spec reads an instance, but none was given")
            .label("reads instance data")
            .help("add `instance \"\"\" ... \"\"\"` to the spec, or pass `--instance FILE`");
    }
}

/// The spec's own `instance "..."` (the last one of the root file; an imported spec's is
/// not its importer's): its file, offset and text; empty without one.
pub fn own_instance(spec: &Spec, root: FileId) -> (FileId, usize, String) {
    let inline = spec.stmts.iter().rev().find_map(|s| match &s.kind {
        StmtKind::Instance(lit) if s.span.file == root => Some(lit),
        _ => None,
    });
    inline.map_or((root, 0, String::new()), |lit| (root, lit.offset, lit.text.clone()))
}

/// `--set n=12` → `n` bound to 12 (a number, a `'c'` character, `true`/`false`, else a
/// string), each name a `let` of the spec, of the type of the spec's literal when it is one.
pub fn overrides(spec: &Spec, sets: &[String]) -> Result<Overrides, String> {
    let out = parse_overrides(sets)?;
    for (name, value) in &out {
        let Some(given) = spec.stmts.iter().find_map(|s| match &s.kind {
            StmtKind::Let { name: n, value } if &n.name == name => Some(value),
            _ => None,
        }) else {
            return Err(format!("--set {name}=...: the spec has no `let {name}`"));
        };
        // A value of another type than the spec's literal would fail far from the command
        // line, at some use of the name: blame `--set` instead.
        if let Some(want) = literal_type(given)
            && want != value.type_name()
        {
            return Err(format!(
                "--set {name}={value}: `{name}` is {want} in the spec, but `{value}` is {}",
                value.type_name()
            ));
        }
    }
    Ok(out)
}

fn parse_overrides(sets: &[String]) -> Result<Overrides, String> {
    let mut out = HashMap::new();
    for s in sets {
        let Some((name, value)) = s.split_once('=') else {
            return Err(format!("--set takes NAME=VALUE, found `{s}`"));
        };
        let digits = value.trim().strip_prefix('-').unwrap_or(value.trim());
        let v = if let Ok(n) = value.trim().parse::<i64>() {
            Value::Int(n)
        } else if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("--set {s}: the number is too large (numbers lie in {}..={})", i64::MIN, i64::MAX));
        } else if value == "true" || value == "false" {
            Value::Bool(value == "true")
        } else if value.len() == 3 && value.starts_with('\'') && value.ends_with('\'') {
            Value::Char(value.chars().nth(1).unwrap())
        } else {
            Value::Str(value.into())
        };
        out.insert(name.trim().to_string(), v);
    }
    Ok(out)
}

/// The type of a `let`'s value when it is written as a literal (`let n = 8`, `let s = "x"`).
fn literal_type(e: &crate::syntax::ast::Expr) -> Option<&'static str> {
    use crate::syntax::ast::{ExprKind, UnOp};
    Some(match &e.kind {
        ExprKind::Int(_) => "a number",
        ExprKind::Unary { op: UnOp::Neg, operand } if matches!(operand.kind, ExprKind::Int(_)) => "a number",
        ExprKind::Bool(_) => "a boolean",
        ExprKind::Char(_) => "a character",
        ExprKind::Str(_) => "a string",
        _ => return None,
    })
}
