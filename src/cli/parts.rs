//! Beyond one machine: `puzc split` writes a manifest of parts, `solve --part I --manifest
//! FILE` solves one part, `puzc merge` adds the parts' counts or joins their answers. The
//! search is cut by `api::parts`; this file reads and writes the files and checks
//! that they go together (docs/distributed.md describes both formats).
//!
//! Nothing in the files is taken on trust, since a total is only as good as its parts: a
//! manifest's pieces are checked to be a cut of the problem's search tree before a part is
//! solved (`api::parts::check_cut`), a part file carries the fingerprints of the problem and of that cut
//! and a checksum of its own lines, and merge adds counts as `u128` with a checked sum.
use super::exit::Exit;
use super::{MergeArgs, Session, SolveArgs};
use crate::api::parts::{self, Fnv, cut_fingerprint, fingerprint};
use crate::api::xcc::{OptionId, XccProblem};
use crate::diag::render::render_all;
use crate::diag::{Code, Diagnostic, FileId, Sources, Span};
use serde::{Deserialize, Serialize};

/// What a manifest's `format` says, and the version this puzc writes and reads.
const FORMAT: &str = "puzc split manifest";
const VERSION: u32 = 1;

/// The manifest `puzc split` writes (JSON).
#[derive(Serialize, Deserialize, Debug)]
pub struct Manifest {
    format: String,
    version: u32,
    /// How the manifest was made, for people and for the message when it does not fit.
    spec: String,
    instance: Option<String>,
    set: Vec<String>,
    /// The fingerprint of the exact-cover problem the parts cut: they apply to no other.
    problem: String,
    options: usize,
    estimated_nodes: f64,
    parts: Vec<PartEntry>,
}

#[derive(Serialize, Deserialize, Debug)]
pub struct PartEntry {
    part: usize,
    estimated_nodes: f64,
    /// Each piece: the options (numbers in the problem's option order) taken from the root.
    pieces: Vec<Vec<u32>>,
}

/// One part to solve: its pieces and its estimated size (for the progress line).
pub struct Part {
    pub number: usize,
    pub of: usize,
    pub problem: String,
    /// The fingerprint of the manifest's cut (all parts' pieces), checked against the problem.
    pub cut: String,
    pub pieces: Vec<Vec<OptionId>>,
    pub estimate: f64,
}

/// How this run names its settings: `--set a=1 --instance f` (empty when none).
fn settings(set: &[String], instance: Option<&str>) -> String {
    let mut words: Vec<String> = set.iter().map(|s| format!("--set {s}")).collect();
    words.extend(instance.map(|i| format!("--instance {i}")));
    words.join(" ")
}

/// `puzc split`: the manifest of one instance's problem cut into `parts`, as JSON text.
/// `Err` with a diagnostic for a problem with multiplicities.
pub fn manifest(s: &Session, p: &XccProblem, parts: usize) -> Result<String, Diagnostic> {
    let Some(cut) = parts::split(p, parts) else {
        return Err(unsplittable(crate::api::load::first_statement(&s.spec).unwrap_or(Span::new(FileId(0), 0, 0))));
    };
    let entries: Vec<PartEntry> = cut
        .iter()
        .enumerate()
        .map(|(k, pieces)| PartEntry {
            part: k + 1,
            estimated_nodes: pieces.iter().map(|p| p.estimate).sum::<f64>().round(),
            pieces: pieces.iter().map(|p| p.choices.iter().map(|o| o.0).collect()).collect(),
        })
        .collect();
    let m = Manifest {
        format: FORMAT.into(),
        version: VERSION,
        spec: s.common.file.display().to_string(),
        instance: s.common.instance.as_ref().map(|i| i.display().to_string()),
        set: s.common.set.clone(),
        problem: fingerprint(p),
        options: p.option_count(),
        estimated_nodes: entries.iter().map(|e| e.estimated_nodes).sum(),
        parts: entries,
    };
    Ok(layout(&m))
}

/// The manifest as JSON, one field a line and one part a line (pieces are many and short).
fn layout(m: &Manifest) -> String {
    let json = |v: &dyn erased::Json| v.text();
    let mut out = String::from("{\n");
    for (key, value) in [
        ("format", json(&m.format)),
        ("version", json(&m.version)),
        ("spec", json(&m.spec)),
        ("instance", json(&m.instance)),
        ("set", json(&m.set)),
        ("problem", json(&m.problem)),
        ("options", json(&m.options)),
        ("estimated_nodes", json(&m.estimated_nodes)),
    ] {
        out += &format!("  \"{key}\": {value},\n");
    }
    let parts: Vec<String> = m.parts.iter().map(|p| format!("    {}", json(p))).collect();
    out += &format!("  \"parts\": [\n{}\n  ]\n}}\n", parts.join(",\n"));
    out
}

/// Any serialisable value as compact JSON, behind one object-safe trait.
mod erased {
    pub trait Json {
        fn text(&self) -> String;
    }
    impl<T: serde::Serialize> Json for T {
        fn text(&self) -> String {
            serde_json::to_string(self).expect("plain data")
        }
    }
}

/// The span of the line of `text` holding `"key"` (without a trailing comma), for a diagnostic.
fn key_span(file: FileId, text: &str, key: &str) -> Span {
    let Some(at) = text.find(&format!("\"{key}\"")) else { return Span::new(file, 0, text.len().min(1)) };
    let line = text[at..].split('\n').next().unwrap_or("");
    Span::new(file, at, at + line.trim_end_matches(',').len())
}

/// Reads the part `args.part` of the manifest `args.manifest` for the problem `p`, checking
/// that the manifest is one, is for this very problem, and has that part. On failure, prints
/// the diagnostic (or the I/O error) and returns the exit code.
pub fn load_part(s: &Session, args: &SolveArgs, p: &XccProblem) -> Result<Part, Exit> {
    let (Some(path), Some(number)) = (&args.manifest, args.part) else { unreachable!("clap requires both") };
    let text = std::fs::read_to_string(path).map_err(|e| {
        eprintln!("puzc: cannot read {}: {e}", path.display());
        Exit::Io
    })?;
    let mut sources = s.sources.clone();
    let file = sources.add(path.display().to_string(), text.clone());
    let fail_all = |d: &[Diagnostic]| {
        eprint!("{}", render_all(d, &sources, s.style));
        Exit::BadSpec
    };
    let fail = |d: Diagnostic| fail_all(&[d]);
    let m = read_manifest(file, &text).map_err(&fail)?;
    let of = m.parts.len();
    let Some(entry) = m.parts.iter().find(|e| e.part == number).filter(|_| (1..=of).contains(&number)) else {
        return Err(fail(
            Diagnostic::new(Code::D603, key_span(file, &text, "parts"), format!("there is no part {number}"))
                .label(format!("this manifest has {of} part{}", if of == 1 { "" } else { "s" }))
                .help(format!("give --part 1 to {of}")),
        ));
    };
    let here = fingerprint(p);
    if m.problem != here {
        let made = format!("puzc split {} {}", m.spec, settings(&m.set, m.instance.as_deref()));
        let now = settings(&s.common.set, s.common.instance.as_ref().map(|i| i.display().to_string()).as_deref());
        return Err(fail(
            Diagnostic::new(Code::D602, key_span(file, &text, "problem"), "this manifest was made for another problem")
                .label(format!("made by `{}`", made.trim_end()))
                .help(format!(
                    "this run's spec ({}{}) lowers to the problem {here}; solve the parts with the spec, --set and --instance the manifest was made with, or split again",
                    s.common.file.display(),
                    if now.is_empty() { String::new() } else { format!(" {now}") }
                )),
        ));
    }
    // Every part's pieces, checked together: a part alone cannot tell that a piece of it is
    // in another part too, or that a piece is in none.
    let cut: Vec<Vec<Vec<u32>>> = m.parts.iter().map(|e| e.pieces.clone()).collect();
    match parts::check_cut(p, &cut, file, &text) {
        Some(diags) if diags.is_empty() => {}
        Some(diags) => return Err(fail_all(&diags)),
        None => return Err(fail(unsplittable(key_span(file, &text, "parts")))),
    }
    let pieces = entry.pieces.iter().map(|piece| piece.iter().map(|&o| OptionId(o)).collect()).collect();
    let cut = cut_fingerprint(&cut);
    Ok(Part { number, of, problem: m.problem, cut, pieces, estimate: entry.estimated_nodes })
}

/// D601 for a problem with multiplicities.
fn unsplittable(span: Span) -> Diagnostic {
    Diagnostic::new(Code::D601, span, "this search cannot be split: its exact cover has multiplicities")
        .label("in this spec")
        .help("split cuts searches whose items are each covered once; solve this one in one process (`--threads N` uses more cores)")
}

/// Parses a manifest; D604 when it is not one this puzc reads.
fn read_manifest(file: FileId, text: &str) -> Result<Manifest, Diagnostic> {
    let m: Manifest = serde_json::from_str(text).map_err(|e| {
        let at = offset_of(text, e.line(), e.column());
        Diagnostic::new(Code::D604, Span::new(file, at, (at + 1).min(text.len())), "this is not a puzc split manifest")
            .label(e.to_string())
            .help("give the file `puzc split SPEC --parts N` wrote")
    })?;
    if m.format != FORMAT || m.version != VERSION {
        return Err(Diagnostic::new(
            Code::D604,
            key_span(file, text, "version"),
            format!(
                "this manifest is `{}` version {}; this puzc reads `{FORMAT}` version {VERSION}",
                m.format, m.version
            ),
        )
        .label("not a version this puzc reads")
        .help("split again with this puzc"));
    }
    if let Some((k, e)) = m.parts.iter().enumerate().find(|(k, e)| e.part != k + 1) {
        return Err(Diagnostic::new(
            Code::D604,
            key_span(file, text, "parts"),
            format!("the manifest's part {} says it is part {}", k + 1, e.part),
        )
        .label("parts are numbered 1, 2, 3, ... in order")
        .help("give the manifest `puzc split` wrote, or split again"));
    }
    Ok(m)
}

/// The byte offset of a 1-based line and column (serde_json's error position).
fn offset_of(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text.split_inclusive('\n').take(line.saturating_sub(1)).map(str::len).sum();
    (start + column.saturating_sub(1)).min(text.len())
}

/// The text `solve --part` prints: a header, then with `--all` the answers as one process
/// prints them, without the closing count (merge writes the total). The header's last line
/// is a checksum of the rest ([`check_line`]).
pub fn part_output(part: &Part, count: u128, answers: Option<&[String]>) -> String {
    let header = [
        format!("puzc part {} of {}", part.number, part.of),
        format!("problem {}", part.problem),
        format!("cut {}", part.cut),
        format!("count {count}"),
    ];
    let answers = answers.map(|a| a.join("\n"));
    let mut out = header.join("\n") + "\n" + &check_line(&header, answers.as_deref()) + "\n";
    if let Some(answers) = answers {
        out += "answers\n";
        out += &answers;
    }
    out
}

/// `check fnv1a64:...`: the checksum of a part file's header lines and answers. Merge
/// recomputes it, so a count or an answer edited by hand, or a file cut short, is refused
/// (D609) instead of reaching the total. A checksum, not a signature: it is there against
/// mistakes and damage.
fn check_line(header: &[impl AsRef<str>], answers: Option<&str>) -> String {
    let mut h = Fnv::default();
    header.iter().for_each(|l| h.word(l.as_ref()));
    if let Some(a) = answers {
        h.word("answers");
        h.word(a);
    }
    format!("check fnv1a64:{:016x}", h.finish())
}

/// One part file as `merge` reads it.
struct PartFile {
    file: FileId,
    number: usize,
    of: usize,
    problem: String,
    cut: String,
    count: u128,
    /// The answers (`--all`), or `None` for a count.
    answers: Option<String>,
    /// The spans of the lines, for diagnostics: part, problem, cut, count, check, and
    /// `answers` (the count's again when there is none).
    spans: [Span; 6],
}

/// Lines of a part file, by index into [`PartFile::spans`].
const PART: usize = 0;
const PROBLEM: usize = 1;
const CUT: usize = 2;
const COUNT: usize = 3;
const CHECK: usize = 4;
const ANSWERS: usize = 5;

/// Reads a part file: `#` lines are comments; D604 when it is not a part file, D609 when its
/// checksum does not match its lines.
fn read_part(file: FileId, text: &str) -> Result<PartFile, Diagnostic> {
    let mut lines = Vec::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if !line.starts_with('#') {
            lines.push((at, line.trim_end_matches('\n')));
        }
        at += line.len();
    }
    let span_of = |k: usize| {
        lines.get(k).map_or(Span::new(file, text.len(), text.len()), |&(a, l)| Span::new(file, a, a + l.len()))
    };
    let bad = |k: usize, what: &str| {
        Diagnostic::new(Code::D604, span_of(k), "this is not the output of `puzc solve --part`")
            .label(format!("expected {what}"))
            .help("give the files that `puzc solve SPEC --manifest FILE --part I --count` (or `--all`) wrote (a file written by an older puzc, without `cut` and `check` lines: solve the part again)")
    };
    let field = |k: usize, key: &str| lines.get(k).and_then(|(_, l)| l.strip_prefix(key)).map(str::trim);
    let (number, of) = field(PART, "puzc part ")
        .and_then(|r| r.split_once(" of "))
        .and_then(|(i, n)| Some((i.parse().ok()?, n.parse().ok()?)))
        .ok_or_else(|| bad(PART, "`puzc part I of N`"))?;
    let fingerprint = |k: usize, key: &str, what: &str| {
        field(k, key).filter(|p| p.starts_with("fnv1a64:")).ok_or_else(|| bad(k, what))
    };
    let problem = fingerprint(PROBLEM, "problem ", "`problem FINGERPRINT`")?;
    let cut = fingerprint(CUT, "cut ", "`cut FINGERPRINT`")?;
    let count_text = field(COUNT, "count ").ok_or_else(|| bad(COUNT, "`count N`"))?;
    let count: u128 = count_text.parse().map_err(|_| {
        let why = match count_text.bytes().all(|b| b.is_ascii_digit()) && !count_text.is_empty() {
            true => "a count up to 2^128 - 1",
            false => "`count N`, N a whole number",
        };
        bad(COUNT, why)
    })?;
    let check = field(CHECK, "check ").ok_or_else(|| bad(CHECK, "`check FINGERPRINT`"))?;
    let answers = match lines.get(ANSWERS) {
        None => None,
        Some((a, l)) if *l == "answers" => Some(text.get(a + l.len() + 1..).unwrap_or("").to_string()),
        Some(_) => return Err(bad(ANSWERS, "`answers` or the end of the file")),
    };
    let header: Vec<&str> = lines[..CHECK].iter().map(|&(_, l)| l).collect();
    let expected = check_line(&header, answers.as_deref());
    if format!("check {check}") != expected {
        return Err(Diagnostic::new(Code::D609, span_of(CHECK), "this part file was changed after it was written")
            .label("the checksum of the lines above (and the answers) is not this one")
            .help("solve the part again: `puzc solve --part` writes the file, and merge refuses one edited or cut short, since its count or answers would make a wrong total"));
    }
    let answers_at = if answers.is_some() { ANSWERS } else { COUNT };
    Ok(PartFile {
        file,
        number,
        of,
        problem: problem.to_string(),
        cut: cut.to_string(),
        count,
        answers,
        spans: [PART, PROBLEM, CUT, COUNT, CHECK, answers_at].map(span_of),
    })
}

/// `puzc merge FILES...`: every part once, all of one problem and one kind (counts or
/// answers); prints the total count, or the answers in part order and their number.
pub fn merge(args: &MergeArgs) -> Exit {
    let style = super::diag_style(args.colour);
    let mut sources = Sources::default();
    let mut parts = Vec::new();
    let mut diags = Vec::new();
    for path in &args.files {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("puzc: cannot read {}: {e}", path.display());
                return Exit::Io;
            }
        };
        let file = sources.add(path.display().to_string(), text.clone());
        match read_part(file, &text) {
            Ok(p) => parts.push(p),
            Err(d) => diags.push(d),
        }
    }
    if diags.is_empty() {
        diags = mismatches(&parts, &sources);
    }
    if !diags.is_empty() {
        eprint!("{}", render_all(&diags, &sources, style));
        return Exit::BadSpec;
    }
    parts.sort_by_key(|p| p.number);
    let Some(total) = parts.iter().try_fold(0u128, |sum, p| sum.checked_add(p.count)) else {
        let biggest = parts.iter().max_by_key(|p| p.count).expect("at least one part");
        let d = Diagnostic::new(Code::D610, biggest.spans[COUNT], "these counts add up past 2^128 - 1")
            .label("the largest count")
            .help("no search counts that far: solve the parts again and merge the files they write");
        eprint!("{}", render_all(&[d], &sources, style));
        return Exit::BadSpec;
    };
    if parts[0].answers.is_none() {
        println!("{total}");
    } else {
        let shown: Vec<&str> = parts.iter().filter_map(|p| p.answers.as_deref()).filter(|a| !a.is_empty()).collect();
        let mut out = shown.join("\n");
        if !out.is_empty() {
            out.push('\n');
        }
        println!("{out}{total} solution{}", if total == 1 { "" } else { "s" });
    }
    Exit::Solved
}

/// D605 for part files that do not make one whole: other problems or numbers of parts,
/// counts mixed with answers, a part twice, or parts missing.
fn mismatches(parts: &[PartFile], sources: &Sources) -> Vec<Diagnostic> {
    let first = &parts[0];
    let name = |p: &PartFile| sources.get(p.file).name.clone();
    let mut diags = Vec::new();
    for p in &parts[1..] {
        let other = |k: usize, msg: String, label: &str| {
            Diagnostic::new(Code::D605, p.spans[k], msg)
                .label(label.to_string())
                .related(first.spans[k], format!("{} says otherwise", name(first)))
        };
        if p.problem != first.problem || p.cut != first.cut || p.of != first.of {
            let k = if p.problem != first.problem {
                PROBLEM
            } else if p.cut != first.cut {
                CUT
            } else {
                PART
            };
            diags.push(
                other(k, "this part is of another split".into(), "another problem, manifest or number of parts")
                    .help("merge the parts of one manifest only"),
            );
        } else if p.answers.is_some() != first.answers.is_some() {
            let kind = |q: &PartFile| if q.answers.is_some() { "--all" } else { "--count" };
            diags.push(
                other(
                    ANSWERS,
                    format!("this part was solved with {}, the first with {}", kind(p), kind(first)),
                    "another kind of output",
                )
                .help("solve every part with --count to add the counts, or every part with --all to join the answers"),
            );
        }
    }
    if !diags.is_empty() {
        return diags;
    }
    let mut seen = vec![None; first.of + 1];
    for p in parts {
        match seen.get(p.number) {
            None | Some(None) if p.number == 0 || p.number > first.of => diags.push(
                Diagnostic::new(Code::D605, p.spans[PART], format!("there is no part {}", p.number))
                    .label(format!("the split has {}", crate::diag::plural(first.of, "part"))),
            ),
            Some(Some(earlier)) => diags.push(
                Diagnostic::new(Code::D605, p.spans[PART], format!("part {} is given twice", p.number))
                    .label("again here")
                    .related(*earlier, "first here")
                    .help("give each part's file once"),
            ),
            _ => seen[p.number] = Some(p.spans[PART]),
        }
    }
    let missing: Vec<String> = (1..=first.of).filter(|&k| seen[k].is_none()).map(|k| k.to_string()).collect();
    if diags.is_empty() && !missing.is_empty() {
        diags.push(
            Diagnostic::new(
                Code::D605,
                first.spans[PART],
                match missing.len() {
                    1 => format!("part {} of {} is missing", missing[0], first.of),
                    _ => format!("parts {} of {} are missing", missing.join(", "), first.of),
                },
            )
            .label(match first.of {
                1 => "the only part".to_string(),
                n => format!("one of {n} parts"),
            })
            .help("a total needs every part: solve the missing ones and give all the files"),
        );
    }
    diags
}
