//! Loading a spec and everything it imports. File access is passed in, so this stage does
//! no I/O of its own (the CLI reads files; tests can serve them from memory).
use super::ast::{Spec, Stmt, StmtKind};
use super::text::{Kind, decode};
use crate::diag::{Code, Diagnostic, Diagnostics, FileId, Sources, Span};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// Why loading failed: the root file could not be read (an I/O error), or the specs are bad.
#[derive(Debug)]
pub enum LoadError {
    Io(PathBuf, std::io::Error),
    Bad(Diagnostics),
}

/// Reads a file's bytes; the loader decodes them (`super::text`: UTF-8, byte-order mark, line
/// endings), so every spec and import is held to the same rules.
pub type ReadFile<'a> = &'a dyn Fn(&Path) -> std::io::Result<Vec<u8>>;

/// Parses `path` and splices in every `import`ed spec (its statements take the import's place;
/// an imported spec's `puzzle` title and `instance` are left out). A statement a spec has
/// once ([`once_key`]) that the importing spec writes itself replaces the imported one, and
/// of two imports that both hold one the later wins: that is how rules are reused with
/// another `print` or `answer`. Returns the merged spec and the root file's id.
pub fn load(path: &Path, sources: &mut Sources, read: ReadFile) -> Result<(Spec, FileId), LoadError> {
    let bytes = read(path).map_err(|e| LoadError::Io(path.to_path_buf(), e))?;
    // `-` is standard input (`puzc check -`): diagnostics name it so.
    let name = if path.as_os_str() == "-" { "<stdin>".to_string() } else { path.display().to_string() };
    let root = decode(bytes, name, Kind::Spec, sources).map_err(|d| LoadError::Bad(vec![d]))?;
    let mut stack = vec![canonical(path)];
    let spec = load_file(root, path, sources, read, &mut stack, None).map_err(LoadError::Bad)?;
    Ok((spec, root))
}

/// As [`load`], for a root whose text the caller holds already decoded (`text`, as
/// `super::text::decode` makes it) and has parsed: `parsed(file)` gives its AST with spans
/// in `file` (`super::spec_of` on the caller's tree), so the root is not parsed again.
/// Imports are read through `read` and parsed as by [`load`].
pub fn load_parsed(
    path: &Path,
    text: String,
    parsed: &mut dyn FnMut(FileId) -> Result<Spec, Diagnostic>,
    sources: &mut Sources,
    read: ReadFile,
) -> Result<(Spec, FileId), LoadError> {
    let name = if path.as_os_str() == "-" { "<stdin>".to_string() } else { path.display().to_string() };
    let root = sources.add(name, text);
    let mut stack = vec![canonical(path)];
    let spec = load_file(root, path, sources, read, &mut stack, Some(parsed)).map_err(LoadError::Bad)?;
    Ok((spec, root))
}

fn canonical(p: &Path) -> PathBuf {
    p.canonicalize().unwrap_or_else(|_| p.to_path_buf())
}

/// The largest spec (or imported spec) read. With the stack `cli` gives the compiler, no
/// expression a spec of this size can hold is too deep to walk recursively.
pub const MAX_SPEC_BYTES: usize = 1 << 20;

fn load_file(
    id: FileId,
    path: &Path,
    sources: &mut Sources,
    read: ReadFile,
    stack: &mut Vec<PathBuf>,
    parsed: Option<&mut dyn FnMut(FileId) -> Result<Spec, Diagnostic>>,
) -> Result<Spec, Diagnostics> {
    let text = sources.get(id).text.clone();
    if text.len() > MAX_SPEC_BYTES {
        return Err(vec![
            Diagnostic::new(Code::S401, Span::new(id, 0, 0), "this spec is larger than 1 MiB")
                .label("the spec starts here")
                .help("keep specs small: put large instance data in a file given with `--instance`"),
        ]);
    }
    let spec = match parsed {
        Some(parsed) => parsed(id),
        None => super::parse(&text, id),
    }
    .map_err(|d| vec![d])?;
    // Each statement with the import it came from (`None`: this file's own).
    let mut out: Vec<(Stmt, Option<usize>)> = Vec::with_capacity(spec.stmts.len());
    let mut diags = Vec::new();
    for (i, stmt) in spec.stmts.into_iter().enumerate() {
        let StmtKind::Import(name) = &stmt.kind else {
            out.push((stmt, None));
            continue;
        };
        let target = path.parent().unwrap_or(Path::new(".")).join(&name.text);
        match import(&target, name.span, sources, read, stack) {
            Ok(imported) => out.extend(
                imported
                    .stmts
                    .into_iter()
                    .filter(|s| !matches!(s.kind, StmtKind::Puzzle(_) | StmtKind::Instance(_)))
                    .map(|s| (s, Some(i))),
            ),
            Err(mut d) => diags.append(&mut d),
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok(Spec { stmts: overridden(out) })
}

/// The key of a statement a spec holds at most once (a second in one file is E105, see
/// `check`): `print`, `print between cases`, `instance`, `cases`, `answer`, `goal`, `moves`,
/// `place`.
pub fn once_key(kind: &StmtKind) -> Option<&'static str> {
    Some(match kind {
        StmtKind::Answer(..) => "answer",
        StmtKind::Instance(_) => "instance",
        StmtKind::Cases(_) => "cases",
        StmtKind::Goal(_) => "goal",
        StmtKind::Budget(_) => "moves",
        StmtKind::Print { between: false, .. } => "print",
        StmtKind::Print { between: true, .. } => "print between cases",
        StmtKind::Place(_) => "place",
        _ => return None,
    })
}

/// Drops the imported once-statements that a later source replaces: the file's own, or a
/// later import's. Duplicates within one source are kept, for `check` to report.
fn overridden(stmts: Vec<(Stmt, Option<usize>)>) -> Vec<Stmt> {
    // For each key, the source that wins: `None` (the file itself) beats every import.
    let mut winner: HashMap<&'static str, Option<usize>> = HashMap::new();
    for (s, from) in &stmts {
        if let Some(k) = once_key(&s.kind) {
            let w = winner.entry(k).or_insert(*from);
            *w = match (*w, *from) {
                (None, _) | (_, None) => None,
                (Some(a), Some(b)) => Some(a.max(b)),
            };
        }
    }
    stmts.into_iter().filter(|(s, from)| once_key(&s.kind).is_none_or(|k| winner[k] == *from)).map(|(s, _)| s).collect()
}

fn import(
    target: &Path,
    span: Span,
    sources: &mut Sources,
    read: ReadFile,
    stack: &mut Vec<PathBuf>,
) -> Result<Spec, Diagnostics> {
    let key = canonical(target);
    if stack.contains(&key) {
        let chain: Vec<String> = stack
            .iter()
            .chain([&key])
            .map(|p| p.file_name().unwrap_or_default().to_string_lossy().into_owned())
            .collect();
        return Err(vec![
            Diagnostic::new(Code::M502, span, format!("importing `{}` makes a cycle", target.display()))
                .label("this import leads back here")
                .help(format!(
                    "the chain is {}; move the shared statements into a spec that imports neither",
                    chain.join(" → ")
                )),
        ]);
    }
    let bytes = read(target).map_err(|e| {
        vec![
            Diagnostic::new(Code::M501, span, format!("cannot read `{}`: {e}", target.display()))
                .label("imported here")
                .help("the path is relative to the folder of the importing spec"),
        ]
    })?;
    let id = decode(bytes, target.display().to_string(), Kind::Spec, sources)
        .map_err(|d| vec![d.related(span, "imported here")])?;
    stack.push(key);
    let r = load_file(id, target, sources, read, stack, None);
    stack.pop();
    r
}
