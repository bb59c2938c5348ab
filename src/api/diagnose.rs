//! Everything `puzc check` would say about a spec's text, as data: the loader's and the
//! checker's diagnostics, then, on the first case of the spec's own instance, those of
//! elaboration and lowering. What an editor underlines as the user types.
use super::case_rule::CaseRule;
use crate::diag::{Code, Diagnostic, FileId, Sources, one_per_cause};
use crate::lower::elaborate::{ExpandLimits, Memo, elaborate_with};
use crate::lower::instance::InstanceReader;
use crate::syntax::Rule;
use crate::syntax::ast::{Spec, StmtKind};
use crate::syntax::load::{LoadError, ReadFile, load, load_parsed};
use pest::iterators::Pair;
use std::collections::HashMap;
use std::path::Path;

/// What [`diagnose`] found. `spec` is the loaded spec (imports spliced in) when it parsed, so
/// an editor can still outline it when a later stage failed; `root` is the id in `sources` of
/// the text that was passed in.
pub struct Diagnosed {
    pub sources: Sources,
    pub spec: Option<Spec>,
    pub root: Option<FileId>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Diagnoses `text` as the spec at `path`. Imports are read through `read`, relative to
/// `path`'s folder, as the command line reads them.
///
/// A spec whose data come from an instance file (`--instance`) and that holds no `instance`
/// of its own is checked up to elaboration only: without its data, "the instance ended
/// early" would be the only news, and it would be wrong.
pub fn diagnose(path: &Path, text: &str, read: ReadFile) -> Diagnosed {
    let mut sources = Sources::default();
    let served = |p: &Path| if p == path { Ok(text.as_bytes().to_vec()) } else { read(p) };
    let loaded = load(path, &mut sources, &served);
    diagnosed(loaded, sources)
}

/// As [`diagnose`], for a caller that has parsed the text already: `text` is the spec as
/// the loader decodes it (`api::format::normalise` of an editor's buffer) and `tree` pest's
/// tree of it (`syntax::parse_tree`), which is turned into the AST without parsing again.
/// The language server colours the same tree (semantic tokens).
pub fn diagnose_tree(path: &Path, text: &str, tree: Pair<'_, Rule>, read: ReadFile) -> Diagnosed {
    let mut sources = Sources::default();
    let mut tree = Some(tree);
    let mut parsed = |file| crate::syntax::spec_of(tree.take().expect("the root is parsed once"), file);
    let loaded = load_parsed(path, text.to_string(), &mut parsed, &mut sources, read);
    diagnosed(loaded, sources)
}

fn diagnosed(loaded: Result<(Spec, FileId), LoadError>, sources: Sources) -> Diagnosed {
    let (spec, root) = match loaded {
        Ok(loaded) => loaded,
        // The root is served from memory; an import that cannot be read is a diagnostic.
        Err(LoadError::Io(p, e)) => unreachable!("{} is served from memory: {e}", p.display()),
        Err(LoadError::Bad(diags)) => {
            let root = (!sources.is_empty()).then_some(FileId(0));
            return Diagnosed { sources, spec: None, root, diagnostics: one_per_cause(&diags) };
        }
    };
    let mut diagnostics = crate::check::check(&spec);
    if diagnostics.is_empty() {
        diagnostics = elaborated(&spec, root);
    }
    Diagnosed { sources, spec: Some(spec), root: Some(root), diagnostics: one_per_cause(&diagnostics) }
}

/// The diagnostics of elaborating and lowering the first case of the spec's own instance.
fn elaborated(spec: &Spec, root: FileId) -> Vec<Diagnostic> {
    let inline = spec.stmts.iter().rev().find_map(|s| match &s.kind {
        StmtKind::Instance(lit) if s.span.file == root => Some(lit),
        _ => None,
    });
    let (base, data) = inline.map_or((0, ""), |lit| (lit.offset, lit.text.as_str()));
    let mut reader = InstanceReader::new(data, root, base);
    let overrides = HashMap::new();
    if let Err(d) = CaseRule::of(spec, &overrides, &mut reader) {
        return vec![d];
    }
    let (mut elab, diags) = elaborate_with(spec, &mut reader, &overrides, ExpandLimits::default(), &mut Memo::none());
    if !diags.is_empty() {
        let unread = inline.is_none() && diags.iter().any(|d| matches!(d.code, Code::I301 | Code::I303));
        return if unread { Vec::new() } else { diags };
    }
    let moves = spec.stmts.iter().any(|s| matches!(s.kind, StmtKind::Move(_)));
    let lowered = match moves {
        true => crate::lower::moves::lower(spec, &mut elab).map(drop),
        false => crate::lower::xcc::lower(&elab.model, crate::lower::xcc::DEFAULT_MAX_OPTIONS).map(drop),
    };
    lowered.err().unwrap_or_default()
}
