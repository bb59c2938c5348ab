//! A manifest's pieces checked as a cut of the problem's search tree
//! ([`partition::check_cut`]) before a part is solved, and the faults as diagnostics
//! (D606–D608) pointing at the pieces in the manifest's text.
use crate::diag::{Code, Diagnostic, FileId, Span};
use crate::ir::xcc::XccProblem;
use crate::solve::partition::{self, Fault, PieceAt};

/// At most this many faults become diagnostics; the last says how many more there are.
const SHOWN: usize = 5;

/// The diagnostics of the manifest `text` (in `file`) whose parts are `parts`, as a cut of
/// `p`'s search tree; empty for a cut. `None` for a problem with multiplicities.
pub fn check(p: &XccProblem, parts: &[Vec<Vec<u32>>], file: FileId, text: &str) -> Option<Vec<Diagnostic>> {
    let faults = partition::check_cut(p, parts)?;
    let spans = Spans::of(file, text);
    let named = |at: PieceAt| format!("{} (part {})", piece_text(&parts[at.part][at.piece]), at.part + 1);
    let mut diags: Vec<Diagnostic> = faults
        .iter()
        .take(SHOWN)
        .map(|fault| match fault {
            Fault::NotANode { piece, at } => {
                let choices = &parts[piece.part][piece.piece];
                let (before, option) = (&choices[..*at], choices[*at]);
                let why = if (option as usize) >= p.option_count() {
                    format!("the problem has options 0 to {}", p.option_count().saturating_sub(1))
                } else if before.contains(&option) {
                    format!("option {option} is taken twice")
                } else if before.is_empty() {
                    format!("option {option} is not a choice of the item the search branches on first")
                } else {
                    format!("option {option} is not a choice of the search after {}", piece_text(before))
                };
                Diagnostic::new(Code::D606, spans.piece(*piece), format!("piece {} is not a node of the search tree", named(*piece)))
                    .label(why)
                    .help("a piece lists the options the search takes from the root, one of each item it branches on; give the manifest `puzc split` wrote, or split again")
            }
            Fault::Twice { piece, first, times } => {
                let listed = if *times == 2 { "twice".to_string() } else { format!("{times} times") };
                Diagnostic::new(Code::D607, spans.piece(*piece), format!("piece {} is listed {listed}", named(*piece)))
                    .label(format!("again here: its solutions would count {listed}"))
                    .related(spans.piece(*first), "first here")
                    .help("each piece belongs to one part, once; give the manifest `puzc split` wrote, or split again")
            }
            Fault::Below { piece, above } => Diagnostic::new(
                Code::D607,
                spans.piece(*piece),
                format!("piece {} lies below piece {}", named(*piece), named(*above)),
            )
            .label("its solutions are also the other piece's: they would count twice")
            .related(spans.piece(*above), "the piece above it")
            .help("no piece may extend another; give the manifest `puzc split` wrote, or split again"),
            Fault::Missing { choices } => Diagnostic::new(
                Code::D608,
                spans.parts,
                match choices.is_empty() {
                    true => "this manifest has no pieces".to_string(),
                    false => format!("no part holds the piece {}", piece_text(choices)),
                },
            )
            .label("its solutions would be left out of the total")
            .help("every branch of the search must lie in one part; give the manifest `puzc split` wrote, or split again"),
        })
        .collect();
    if faults.len() > SHOWN
        && let Some(last) = diags.last_mut()
    {
        let more = faults.len() - SHOWN;
        let help = last.help.take().unwrap_or_default();
        last.help = Some(format!("{help} ({more} more fault{} in this manifest)", if more == 1 { "" } else { "s" }));
    }
    Some(diags)
}

/// A piece as the manifest writes it: `[7,12]`.
fn piece_text(choices: &[u32]) -> String {
    format!("[{}]", choices.iter().map(u32::to_string).collect::<Vec<_>>().join(","))
}

/// Where the parts and their pieces are in a manifest's text, found by a scan of its
/// brackets (the manifest parsed already, so the scan only has to find them).
struct Spans {
    /// The `"parts"` key, or the whole file when it is not found.
    parts: Span,
    /// Each part's pieces' spans.
    pieces: Vec<Vec<Span>>,
}

impl Spans {
    fn of(file: FileId, text: &str) -> Spans {
        let key = text.find("\"parts\"");
        let parts = key.map_or(Span::new(file, 0, text.len().min(1)), |at| Span::new(file, at, at + 7));
        let pieces = key
            .and_then(|at| text[at..].find('[').map(|k| at + k))
            .map(|open| {
                elements(text, open)
                    .into_iter()
                    .map(|(from, to)| {
                        let entry = &text[from..to];
                        let list = entry.find("\"pieces\"").and_then(|k| entry[k..].find('[').map(|j| from + k + j));
                        list.map_or_else(Vec::new, |open| {
                            elements(text, open).into_iter().map(|(a, b)| Span::new(file, a, b)).collect()
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        Spans { parts, pieces }
    }

    /// A piece's span, or the `"parts"` key's when the scan did not find it.
    fn piece(&self, at: PieceAt) -> Span {
        self.pieces.get(at.part).and_then(|p| p.get(at.piece)).copied().unwrap_or(self.parts)
    }
}

/// The byte ranges of the elements of the JSON array opening at `open` (a `[`): values at
/// depth one, between commas, trimmed. Strings are skipped over whole.
fn elements(text: &str, open: usize) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut depth, mut start, mut k) = (0usize, open + 1, open);
    let push = |from: usize, to: usize, out: &mut Vec<(usize, usize)>| {
        let s = &text[from..to];
        let lead = s.len() - s.trim_start().len();
        if !s.trim().is_empty() {
            out.push((from + lead, from + lead + s.trim().len()));
        }
    };
    while k < bytes.len() {
        match bytes[k] {
            b'"' => {
                k += 1;
                while k < bytes.len() && bytes[k] != b'"' {
                    k += if bytes[k] == b'\\' { 2 } else { 1 };
                }
            }
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    push(start, k, &mut out);
                    return out;
                }
            }
            b',' if depth == 1 => {
                push(start, k, &mut out);
                start = k + 1;
            }
            _ => {}
        }
        k += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_of_nested_arrays() {
        let text = r#"{"parts": [ {"part":1,"pieces":[[0],[1, 2]]}, {"part":2,"s":"a]b","pieces":[]} ]}"#;
        let open = text.find('[').unwrap();
        let parts = elements(text, open);
        assert_eq!(parts.len(), 2);
        assert!(text[parts[0].0..parts[0].1].starts_with("{\"part\":1"));
        let spans = Spans::of(FileId(0), text);
        let pieces: Vec<Vec<&str>> =
            spans.pieces.iter().map(|p| p.iter().map(|s| &text[s.start..s.end]).collect()).collect();
        assert_eq!(pieces, vec![vec!["[0]", "[1, 2]"], vec![]]);
    }
}
