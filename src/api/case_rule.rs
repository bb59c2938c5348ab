//! Several instances in one input: how they follow one another (`cases ...`), and what a
//! diagnostic about one of them adds so the reader finds it: which case it is, where that
//! case starts, and the count of cases when the count is the likelier culprit. Library code:
//! [`super::cases`] walks a batch with it, and the command line annotates its diagnostics.
use crate::diag::{Code, Diagnostic, Label, Sources, Span};
use crate::lower::instance::InstanceReader;
use crate::lower::value::Value;
use crate::syntax::ast::{Spec, StmtKind};
use std::collections::HashMap;

const COUNT_MISSING: &str =
    "with `cases counted` the input starts with the number of cases: did the count line go missing?";

/// How the cases of an instance follow one another (`cases ...`; to the end by default).
pub(crate) enum CaseRule {
    ToEnd,
    Counted(Count),
    Until(String),
}

/// `cases counted`: the number read from the input, and where.
#[derive(Clone, Copy)]
pub(crate) struct Count {
    pub n: usize,
    span: Span,
    /// Other data follows the count on its line: likely the first line of a case, read as a
    /// count because the count line went missing.
    shares_line: bool,
}

impl CaseRule {
    /// Reads the rule from the spec; `cases counted` reads the count from the instance.
    pub(crate) fn of(
        spec: &Spec,
        overrides: &HashMap<String, Value>,
        reader: &mut InstanceReader,
    ) -> Result<CaseRule, Diagnostic> {
        use crate::syntax::ast::Cases;
        let decl = spec.stmts.iter().rev().find_map(|s| match &s.kind {
            StmtKind::Cases(c) => Some(c),
            _ => None,
        });
        Ok(match decl.map(|c| &c.node) {
            None => CaseRule::ToEnd,
            Some(Cases::Counted) => {
                let (n, span) = reader.int("the number of cases").map_err(|d| match d.code {
                    Code::I302 => d.help(COUNT_MISSING),
                    _ => d,
                })?;
                let n = usize::try_from(n).map_err(|_| {
                    Diagnostic::new(Code::I304, span, format!("{n} cannot be a number of cases"))
                        .label("a count of cases is 0 or more")
                })?;
                // Every case reads at least one character, so a count above what is left is
                // wrong: most often the first word of a case, read as the count because the
                // count line is missing. Said here, not at the end of the input.
                let left = reader.chars_left();
                if n > left {
                    return Err(Diagnostic::new(
                        Code::I304,
                        span,
                        format!(
                            "the input announces {}, but only {} of data follow",
                            cases(n),
                            crate::diag::plural(left, "character")
                        ),
                    )
                    .label("read as the number of cases")
                    .help(COUNT_MISSING));
                }
                let shares_line = !reader.next_starts_line();
                CaseRule::Counted(Count { n, span, shares_line })
            }
            Some(Cases::Until(e)) => {
                // The sentinel may name a constant: evaluate the spec's `let`s first.
                let mut env = crate::lower::eval::Env::new(1_000_000);
                for s in &spec.stmts {
                    if let StmtKind::Let { name, value } = &s.kind {
                        let v = match overrides.get(&name.name) {
                            Some(v) => v.clone(),
                            None => env.eval(value)?,
                        };
                        env.globals.insert(name.name.clone(), (v, name.span));
                    }
                }
                CaseRule::Until(env.eval(e)?.to_string())
            }
        })
    }
}

/// The case being read or solved, for diagnostics about it.
#[derive(Clone, Copy)]
pub(crate) struct Current {
    /// 1 for the first case.
    pub k: usize,
    /// Where its data starts.
    pub start: Span,
    pub count: Option<Count>,
}

impl Current {
    /// Whether diagnostics should name the case: in a batch, that is after the first case, or
    /// from the first when a count says more follow.
    fn in_batch(&self) -> bool {
        self.k > 1 || self.count.is_some_and(|c| c.n > 1)
    }

    /// Adds to `d` where its instance starts ("instance 2 of the input starts here, on line 11") and,
    /// when the count may be the cause, where the count was read.
    pub(crate) fn annotate(&self, sources: &Sources, d: &mut Diagnostic) {
        // An instance that starts at the end of the input has no data at all.
        let empty = self.start.start == self.start.end;
        if self.in_batch() && !empty {
            let (line, _) = sources.line_col(self.start.file, self.start.start);
            d.related.push(Label {
                span: self.start,
                text: format!("instance {} of the input starts here, on line {line}", self.k),
            });
        }
        if let Some(c) = self.count {
            let text = if c.shares_line {
                Some(format!(
                    "read as the number of cases ({}), but other data shares its line: did the count line go missing?",
                    c.n
                ))
            } else if d.code == Code::I303 && empty {
                Some(format!("the input announces {} here, but holds {}", cases(c.n), self.k - 1))
            } else if d.code == Code::I303 {
                Some(format!("the input announces {} here", cases(c.n)))
            } else {
                None
            };
            if let Some(text) = text {
                d.related.push(Label { span: c.span, text });
            }
        }
    }
}

/// Data left after the last case a count announced: an error, since it is most often a case
/// the count forgot.
pub(crate) fn after_last_case(count: Count, reader: &mut InstanceReader) -> Option<Diagnostic> {
    if reader.at_end() {
        return None;
    }
    let (_, span) = reader.word("").ok()?;
    Some(
        Diagnostic::new(Code::I305, span, format!("data follows the {} the input announces", cases(count.n)))
            .label("not read")
            .related(count.span, "the number of cases")
            .help("make the count match the cases, or delete what follows the last case"),
    )
}

/// "1 case", "3 cases".
fn cases(n: usize) -> String {
    format!("{n} case{}", if n == 1 { "" } else { "s" })
}
