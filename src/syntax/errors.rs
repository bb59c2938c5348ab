//! pest errors → diagnostics in words. A raw pest message lists rule ids (`kw_board`,
//! `op_add`); users see "expected `board`" or "expected an expression" instead.
use super::parse::Rule;
use crate::diag::{Code, Diagnostic, FileId, Span};
use pest::error::{ErrorVariant, InputLocation};

/// Keywords that start a statement, for "did you mean" on an unknown word at statement start.
pub const STATEMENT_KEYWORDS: &[&str] = &[
    "puzzle", "import", "let", "param", "board", "fill", "given", "region", "each", "piece", "tiles",
    "place", "confine", "match", "item", "secondary", "option", "answer", "instance", "move", "after",
    "goal", "moves", "cases", "print",
];

pub fn syntax_error(err: pest::error::Error<Rule>, text: &str, file: FileId) -> Diagnostic {
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let word = word_at(text, pos);
    let span = Span::new(file, pos, pos + word.len().max(1).min(text.len().saturating_sub(pos)));
    let expected: Vec<Rule> = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { .. } => vec![],
    };
    if text[pos.min(text.len())..].starts_with('\'') {
        return Diagnostic::new(Code::P004, span, "a character literal holds exactly one character")
            .label("not a single character in quotes")
            .help("write one character between single quotes, like 'A'; use \"...\" for text");
    }
    let at_statement_start = expected.iter().any(|r| is_statement_rule(*r));
    if at_statement_start && !word.is_empty() && word.chars().next().is_some_and(|c| c.is_alphabetic()) {
        let mut d = Diagnostic::new(Code::P002, span, format!("`{word}` does not start a statement"))
            .label("unknown statement");
        d = match closest(word, STATEMENT_KEYWORDS) {
            Some(k) => d.help(format!("did you mean `{k}`?")),
            None => d.help(format!("a statement starts with one of: {}", STATEMENT_KEYWORDS.join(", "))),
        };
        return d;
    }
    // Statement rules show up when a statement could start here: one phrase says it.
    let mut words: Vec<String> = expected.iter().map(|r| rule_in_words(*r)).collect();
    if words.iter().any(|w| w == "a statement") {
        words.retain(|w| w == "a statement" || !w.starts_with('`') || w == "`(`");
    }
    // Everything that can start an expression, said once.
    const STARTS: [&str; 9] =
        ["`(`", "`[`", "`{`", "`true` or `false`", "a character like 'A'", "a name", "a number", "a string", "an expression"];
    if words.iter().any(|w| w == "an expression") {
        words.retain(|w| !STARTS.contains(&w.as_str()));
        words.push("an expression".into());
    }
    words.sort();
    words.dedup();
    let found = if pos >= text.len() {
        "the end of the file".to_string()
    } else if word.is_empty() {
        format!("`{}`", text[pos..].chars().next().unwrap())
    } else {
        format!("`{word}`")
    };
    let expected = join_or(&words);
    let mut d = Diagnostic::new(Code::P001, span, format!("expected {expected}, found {found}"))
        .label(format!("expected {expected} here"));
    if let Some(h) = hint(&words, text, pos) {
        d = d.help(h);
    }
    d
}

/// A hint for common slips, beyond the list of what was expected.
fn hint(expected: &[String], text: &str, pos: usize) -> Option<String> {
    let rest = &text[pos.min(text.len())..];
    if rest.starts_with('=') && !rest.starts_with("==") && expected.iter().any(|w| w.contains("operator")) {
        return Some("to compare two values write `==`".into());
    }
    if rest.starts_with("\"\"\"") || text[..pos.min(text.len())].matches("\"\"\"").count() % 2 == 1 {
        return Some("a `\"\"\"` string must be closed by another `\"\"\"`".into());
    }
    if expected.iter().any(|w| w == "`]`") {
        return Some("a board's size is written `[rows, columns]`".into());
    }
    None
}

fn is_statement_rule(r: Rule) -> bool {
    matches!(r, Rule::file | Rule::puzzle_stmt | Rule::let_stmt | Rule::board_stmt | Rule::EOI | Rule::stmt)
}

/// The name of a grammar rule as a user would say it.
pub fn rule_in_words(r: Rule) -> String {
    let s = format!("{r:?}");
    if let Some(kw) = s.strip_prefix("kw_") {
        return format!("`{kw}`");
    }
    let w = match r {
        Rule::EOI => "the end of the file",
        Rule::name => "a name",
        Rule::expr | Rule::unary => "an expression",
        Rule::int => "a number",
        Rule::string | Rule::long_string | Rule::short_string => "a string",
        Rule::char_lit => "a character like 'A'",
        Rule::tuple => "`(`",
        Rule::list | Rule::cell_list => "`[`",
        Rule::set => "`{`",
        Rule::call | Rule::args | Rule::params => "`(`",
        Rule::for_clause => "`for`",
        Rule::op_range | Rule::op_range_incl | Rule::op_or | Rule::op_and | Rule::op_eq | Rule::op_ne
        | Rule::op_le | Rule::op_ge | Rule::op_lt | Rule::op_gt | Rule::op_add | Rule::op_sub | Rule::op_mul
        | Rule::op_div | Rule::op_rem => "an operator",
        Rule::op_neg | Rule::op_not => "an expression",
        Rule::origin => "`top-left` or `bottom-left`",
        Rule::direction => "a direction (`down`, `up`, `left`, `right`)",
        Rule::answer_mode => "`first`, `all`, `count` or `unique`",
        Rule::once | Rule::exactly_once | Rule::at_most_once => "`exactly once` or `at most once`",
        Rule::board_opt | Rule::board_without | Rule::board_mask | Rule::board_origin => {
            "a board option (`without`, `mask`, `origin`)"
        }
        Rule::place_opt | Rule::opt_rotate | Rule::opt_reflect | Rule::opt_partial => {
            "a placement option (`rotate`, `reflect`, `cells at most once`)"
        }
        Rule::effect | Rule::swap_effect | Rule::set_effect | Rule::remove_effect => {
            "an effect (`swap`, `set`, `remove group`)"
        }
        Rule::rule | Rule::gravity_rule | Rule::clear_runs_rule | Rule::clear_groups_rule => {
            "a rule (`gravity`, `clear runs`, `clear groups`)"
        }
        Rule::goal_empty | Rule::goal_count | Rule::goal_pattern => "a goal (`empty`, `count`, `pattern`)",
        Rule::budget_exactly | Rule::budget_at_most | Rule::budget_fewest => "`exactly`, `at most` or `fewest`",
        Rule::shape => "a shape (a picture string or a list of cells)",
        Rule::binder | Rule::pattern => "a name to bind",
        Rule::cover | Rule::item_decl => "an item",
        Rule::given_from_instance => "`from instance`",
        Rule::bool_lit => "`true` or `false`",
        Rule::file | Rule::stmt => "a statement",
        _ if s.ends_with("_stmt") => "a statement",
        _ => return format!("`{}`", s.replace('_', " ")),
    };
    w.to_string()
}

fn join_or(words: &[String]) -> String {
    match words.len() {
        0 => "something else".into(),
        1 => words[0].clone(),
        n => format!("{} or {}", words[..n - 1].join(", "), words[n - 1]),
    }
}

/// The word (letters, digits, `_`) that starts at `pos`, or "" if none does.
fn word_at(text: &str, pos: usize) -> &str {
    let rest = &text[pos.min(text.len())..];
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
    &rest[..end]
}

/// The candidate within edit distance 2 of `word` (the closest; ties go to the
/// alphabetically first, so the answer never depends on hash-map order).
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|c| (edit_distance(word, c), *c))
        .filter(|(d, c)| *d <= 2 && *d < c.len())
        .min()
        .map(|(_, c)| c)
}

/// Levenshtein distance, for "did you mean".
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}
