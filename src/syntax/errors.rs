//! pest errors → diagnostics in words. A raw pest message lists rule ids (`kw_board`,
//! `op_add`); users see "expected `board`" or "expected an expression" instead.
use super::parse::Rule;
use crate::diag::{Code, Diagnostic, FileId, Span};
use pest::error::{ErrorVariant, InputLocation};

/// Keywords that start a statement, for "did you mean" on an unknown word at statement start.
pub const STATEMENT_KEYWORDS: &[&str] = &[
    "puzzle",
    "import",
    "let",
    "param",
    "board",
    "fill",
    "given",
    "clues",
    "walls",
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
];

/// Whether `word` is a keyword of the grammar (`kw_times`, `kw_holds`...).
fn is_grammar_keyword(word: &str) -> bool {
    include_str!("../../grammar/puz.pest")
        .lines()
        .filter_map(|l| l.strip_prefix("kw_"))
        .any(|l| l.split_whitespace().next() == Some(word))
}

/// Words that continue an expression: when any is expected, "an operator" says it once.
const OPERATORS: &[&str] = &["!=", "%", "*", "+", "-", "..", "..=", "/", "<", "<=", "==", ">", ">=", "and", "or"];

pub fn syntax_error(err: pest::error::Error<Rule>, text: &str, file: FileId) -> Diagnostic {
    let pos = match err.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let mut expected: Vec<Rule> = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives.clone(),
        ErrorVariant::CustomError { .. } => vec![],
    };
    if let Some(d) = unclosed_string(text, file, pos) {
        return d;
    }
    if text[pos.min(text.len())..].starts_with('\'') {
        // The whole would-be literal, up to the next quote on the line: `'ab'`, `''`.
        let rest = &text[pos + 1..];
        let line = &rest[..rest.find('\n').unwrap_or(rest.len())];
        let len = line.find('\'').map_or(1, |k| k + 2);
        return Diagnostic::new(
            Code::P004,
            Span::new(file, pos, pos + len),
            "a character literal holds exactly one character",
        )
        .label("not a single character in quotes")
        .help("write one character between single quotes, like 'A'; use \"...\" for text");
    }
    // pest's error lists rules only, so a missing `=` or `]` (plain strings in the grammar) is
    // reported at the start of the statement. Parsing again with pest's error detail finds the
    // furthest place reached and the literal tokens that would have continued there.
    let (pos, literals) = match literal_tokens(text) {
        Some((at, tokens)) if at > pos => {
            expected.clear();
            (at, tokens)
        }
        Some((at, tokens)) if at == pos => (pos, tokens),
        _ => (pos, Vec::new()),
    };
    if let Some(d) = odd_character(text, file, pos) {
        return d;
    }
    if let Some(d) = reserved_as_name(text, file, pos, &literals) {
        return d;
    }
    // The parser matched a keyword at the start of a longer word (`down` in `downward`,
    // `let` in `letters`) and stopped inside it: the whole word is what the user wrote.
    let word_start =
        pos - text[..pos].chars().rev().take_while(|c| is_name_char(*c)).map(char::len_utf8).sum::<usize>();
    let inside_word = word_start < pos && text[pos..].starts_with(is_name_char);
    let prefix = &text[word_start..pos];
    let line_before = &text[text[..word_start].rfind('\n').map_or(0, |i| i + 1)..word_start];
    if inside_word && !(STATEMENT_KEYWORDS.contains(&prefix) && line_before.trim().is_empty()) {
        let whole = word_at(text, word_start);
        return Diagnostic::new(
            Code::P001,
            Span::new(file, word_start, word_start + whole.len()),
            format!("`{whole}` is not a word puzc knows here"),
        )
        .label("unknown word")
        .help(format!("did you mean `{prefix}`? (a word ends at a space or a symbol)"));
    }
    // What is left inside a word is a statement keyword starting a line: `letters`, a comment
    // line without its `#`. It is reported as the whole word that does not start a statement.
    let (pos, expected) = if inside_word { (word_start, vec![Rule::stmt]) } else { (pos, expected) };
    let word = word_at(text, pos);
    let span = Span::new(file, pos, pos + word.len().max(1).min(text.len().saturating_sub(pos)));
    if let Some(d) = dangling_comma(text, file, pos) {
        return d;
    }
    let at_statement_start = expected.iter().any(|r| is_statement_rule(*r));
    let is_keyword = STATEMENT_KEYWORDS.contains(&word);
    if at_statement_start && !is_keyword && word.chars().next().is_some_and(|c| c.is_alphabetic()) {
        let mut d = Diagnostic::new(Code::P002, span, format!("`{word}` does not start a statement"))
            .label("unknown statement");
        d = match closest(word, STATEMENT_KEYWORDS) {
            // A keyword of the language is not a misspelt statement (`times` is not `tiles`):
            // it is in a statement that does not take it, or on a line of its own.
            _ if word == "times" => d.help(
                "`times` follows a piece (`piece L = \"##/#.\" times 2`) or an item \
                 (`item cell times 2`); no other statement takes it",
            ),
            _ if is_grammar_keyword(word) => d.help(format!(
                "`{word}` is a keyword that continues a statement; it cannot start one, and the statement before does not take it here"
            )),
            Some(k) => d.help(format!("did you mean `{k}`?")),
            None => d.help(format!("a statement starts with one of: {}", STATEMENT_KEYWORDS.join(", "))),
        };
        return d;
    }
    // Statement rules show up when a statement could start here: one phrase says it.
    let mut words: Vec<String> = expected.iter().map(|r| rule_in_words(*r)).collect();
    words.extend(literals.iter().filter_map(|t| token_in_words(t)));
    if words.iter().any(|w| w == "a statement") {
        words.retain(|w| w == "a statement" || !w.starts_with('`') || w == "`(`");
    }
    // Everything that can start an expression, said once.
    const STARTS: [&str; 9] = [
        "`(`",
        "`[`",
        "`{`",
        "`true` or `false`",
        "a character like 'A'",
        "a name",
        "a number",
        "a string",
        "an expression",
    ];
    if words.iter().any(|w| w == "an expression") {
        words.retain(|w| !STARTS.contains(&w.as_str()));
        words.push("an expression".into());
    }
    if words.iter().any(|w| w == "a statement") {
        words.retain(|w| !STATEMENT_KEYWORDS.iter().any(|k| *w == format!("`{k}`")));
    }
    // Where an operator may follow, `[` is indexing: one of the operators.
    if words.iter().any(|w| w == "an operator") {
        words.retain(|w| w != "`[`");
    }
    // A token already named inside a phrase ("a placement option (`rotate`, ...)") is said once.
    // (A phrase is any entry naming more than one thing: "`first`, `all`, `count` or `unique`".)
    let all = words.clone();
    let is_phrase = |o: &str| !o.starts_with('`') || o.contains(", ") || o.contains(" or ");
    words.retain(|w| {
        if !(w.starts_with('`') && w.ends_with('`')) || is_phrase(w) {
            return true;
        }
        // `cells` is named by "`cells at most once`": compare without the closing backquote.
        let open = &w[..w.len() - 1];
        !all.iter().any(|o| o != w && is_phrase(o) && o.contains(open))
    });
    words.sort();
    words.dedup();
    if words.is_empty() {
        words.push("something else".into());
    }
    let found = if pos >= trim_blanks(text).len() {
        "the end of the file".to_string()
    } else if word.is_empty() {
        format!("`{}`", text[pos..].chars().next().unwrap())
    } else {
        format!("`{word}`")
    };
    let expected = join_or(&words);
    if let Some(d) = unfinished_line(text, file, pos, &expected, &words) {
        return d;
    }
    // At the end of the file there is nothing to underline: point at the last character.
    let end_span = last_char(text).filter(|_| pos >= trim_blanks(text).len()).map(|(s, e)| Span::new(file, s, e));
    let here = if end_span.is_some() { "after this" } else { "here" };
    let span = end_span.unwrap_or(span);
    let before = text[..pos.min(text.len())].trim_end();
    if words.iter().any(|w| w == "an expression") && (before.ends_with("..") || before.ends_with("..=")) {
        let op = if before.ends_with("..=") { "..=" } else { ".." };
        return Diagnostic::new(Code::P001, span, format!("expected the end of the range after `{op}`, found {found}"))
            .label(format!("the range needs an end {here}"))
            .help("a range has both ends: `0..n` stops before n, `1..=9` includes 9");
    }
    let mut d = Diagnostic::new(Code::P001, span, format!("expected {expected}, found {found}"))
        .label(format!("expected {expected} {here}"));
    let keywords: Vec<&str> = literals
        .iter()
        .map(|t| t.as_str())
        .filter(|t| t.chars().all(|c| c.is_ascii_lowercase()) && !OPERATORS.contains(t))
        .collect();
    if let Some(k) = closest(word, &keywords).filter(|_| !word.is_empty()) {
        d = d.help(format!("did you mean `{k}`?"));
    } else if let Some(h) = hint(&words, text, pos) {
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
    let line = text[..pos.min(text.len())].rsplit('\n').next().unwrap_or("");
    if expected.iter().any(|w| w == "`]`") && line.trim_start().starts_with("board") && !line.contains(" of ") {
        return Some("a board's size is written `[rows, columns]`".into());
    }
    None
}

/// Rule calls allowed to the second, detailed parse of a spec with a syntax error.
const DETAIL_CALL_LIMIT: usize = 2_000_000;

/// The furthest position the parser reached and the literal tokens (`=`, `]`, `once`, ...) it
/// tried there, from a second parse with pest's error detail switched on.
fn literal_tokens(text: &str) -> Option<(usize, Vec<String>)> {
    // Detail costs time and memory on deeply nested input: cap the second parse's rule calls
    // (past the cap it fails without detail, and the first error stands).
    pest::set_error_detail(true);
    pest::set_call_limit(std::num::NonZeroUsize::new(DETAIL_CALL_LIMIT));
    let again = <super::parse::PuzParser as pest::Parser<Rule>>::parse(Rule::file, text);
    pest::set_call_limit(None);
    pest::set_error_detail(false);
    let attempts = again.err()?.parse_attempts()?;
    let tokens = attempts
        .expected_tokens()
        .into_iter()
        // pest does not export `ParsingToken`; its Debug form names the variant.
        .filter(|t| format!("{t:?}").starts_with("Sensitive"))
        .map(|t| t.to_string())
        .collect();
    Some((attempts.max_position, tokens))
}

/// A literal token of the grammar as the user would say it; `None` for blanks and comments.
fn token_in_words(token: &str) -> Option<String> {
    if token.trim().is_empty() || token == "#" {
        return None;
    }
    if OPERATORS.contains(&token) {
        return Some("an operator".into());
    }
    Some(format!("`{token}`"))
}

/// A string opened before `pos` that is never closed: the likely cause of any error after it.
fn unclosed_string(text: &str, file: FileId, pos: usize) -> Option<Diagnostic> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() && i <= pos {
        match b[i] {
            b'#' => i += text[i..].find('\n').unwrap_or(text.len() - i),
            b'\'' => {
                // A character literal may hold `"` or `#`: step over it whole.
                let close = text[i + 1..].char_indices().nth(1).filter(|(_, c)| *c == '\'');
                i += close.map_or(1, |(k, _)| k + 2);
            }
            b'"' if text[i..].starts_with("\"\"\"") => match text[i + 3..].find("\"\"\"") {
                Some(k) => i += k + 6,
                None => {
                    return Some(
                        Diagnostic::new(Code::P001, Span::new(file, i, i + 3), "this `\"\"\"` string is never closed")
                            .label("the string starts here")
                            .help("end it with another `\"\"\"`; everything up to there is the string's text"),
                    );
                }
            },
            b'"' => match text[i + 1..].find(['"', '\n']) {
                Some(k) if b[i + 1 + k] == b'"' => i += k + 2,
                _ => {
                    return Some(
                        Diagnostic::new(Code::P001, Span::new(file, i, i + 1), "this string is never closed")
                            .label("the string starts here")
                            .help("end it with `\"` on the same line; for text across lines use `\"\"\"...\"\"\"`"),
                    );
                }
            },
            _ => i += 1,
        }
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
        Rule::op_range
        | Rule::op_range_incl
        | Rule::op_or
        | Rule::op_and
        | Rule::op_eq
        | Rule::op_ne
        | Rule::op_le
        | Rule::op_ge
        | Rule::op_lt
        | Rule::op_gt
        | Rule::op_add
        | Rule::op_sub
        | Rule::op_mul
        | Rule::op_div
        | Rule::op_rem => "an operator",
        Rule::op_neg | Rule::op_not => "an expression",
        Rule::origin => "`top-left` or `bottom-left`",
        Rule::direction => "a direction (`down`, `up`, `left`, `right`)",
        Rule::answer_mode => "`first`, `all`, `count` or `unique`",
        Rule::once | Rule::exactly_once | Rule::at_most_once => "`exactly once` or `at most once`",
        Rule::board_opt | Rule::board_without | Rule::board_mask | Rule::board_origin => {
            "a board option (`without`, `mask`, `origin`)"
        }
        Rule::place_opt | Rule::opt_rotate | Rule::opt_reflect | Rule::opt_partial | Rule::place_as => {
            "a placement option (`rotate`, `reflect`, `cells at most once`, `as`)"
        }
        Rule::effect | Rule::swap_effect | Rule::set_effect | Rule::remove_effect => {
            "an effect (`swap`, `set`, `remove group`)"
        }
        Rule::rule | Rule::gravity_rule | Rule::clear_runs_rule | Rule::clear_groups_rule | Rule::close_rule => {
            "a rule (`gravity`, `clear runs`, `clear groups`, `close columns`, `close rows`)"
        }
        Rule::close_lines => "`columns` or `rows`",
        Rule::goal_empty | Rule::goal_count | Rule::goal_pattern | Rule::goal_when => {
            "a goal (`empty`, `count`, `pattern`, `when`)"
        }
        Rule::budget_exactly | Rule::budget_at_most | Rule::budget_fewest => "`exactly`, `at most` or `fewest`",
        Rule::shape => "a shape (a picture string or a list of cells)",
        Rule::binder | Rule::pattern => "a name to bind",
        Rule::cover | Rule::item_decl | Rule::cover_each => "an item",
        Rule::index => "an operator",
        Rule::cage_rule
        | Rule::cage_sums
        | Rule::cage_multiplies
        | Rule::cage_differs
        | Rule::cage_divides
        | Rule::cage_makes => "a cage rule (`sums to`, `multiplies to`, `differs by`, `divides to`, `makes`)",
        Rule::grid_source | Rule::grid_from_instance => "`from instance` or `=`",
        Rule::given_from_instance => "`from instance`",
        Rule::tiles_from_instance | Rule::tiles_given => "`from instance` or `=`",
        Rule::move_cost => "`cost`",
        Rule::slide_pieces | Rule::any_piece => "`any piece` or piece names",
        Rule::slide_dirs => "a direction (`down`, `up`, `left`, `right`)",
        Rule::slide_how | Rule::how_step | Rule::how_distance | Rule::how_path => {
            "`one step`, `any distance` or `along any path`"
        }
        Rule::bool_lit => "`true` or `false`",
        Rule::draw_style => "a style (`outlines`, `cages`, `lines`, `thermometers`)",
        Rule::draw_cell_kind => "`black` or `mark`",
        Rule::draw_glyph => "a glyph (`disc`, `ring`, `wall`, `blank`, `tree`, `tent`)",
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

/// The byte range of the last character that is not blank, if any.
fn last_char(text: &str) -> Option<(usize, usize)> {
    let end = trim_blanks(text).len();
    text[..end].char_indices().next_back().map(|(i, _)| (i, end))
}

/// The word (letters, digits, `_`) that starts at `pos`, or "" if none does.
fn word_at(text: &str, pos: usize) -> &str {
    let rest = &text[pos.min(text.len())..];
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(rest.len());
    &rest[..end]
}

/// The candidate within edit distance 2 of `word` (1 for a word of up to three letters; the closest; ties go to the
/// alphabetically first, so the answer never depends on hash-map order).
///
/// Linear in the lengths: a candidate whose length differs by more than the distance allowed
/// is skipped at once, and the others are compared in a band of that width
/// ([`distance_within`]), so a name of half a million letters costs a few passes over it,
/// not its length squared.
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    let word: Vec<char> = word.chars().collect();
    // Two edits turn any short word into another ("box" → "row"): allow one below four letters.
    let max = if word.len() < 4 { 1 } else { 2 };
    let mut other = Vec::new();
    candidates
        .iter()
        .filter_map(|c| {
            other.clear();
            other.extend(c.chars().take(word.len() + max + 1));
            let d = distance_within(&word, &other, max)?;
            (d < c.len()).then_some((d, *c))
        })
        .min()
        .map(|(_, c)| c)
}

/// The Levenshtein distance of `a` and `b` when it is at most `max`, else `None`. Only the
/// cells within `max` of the diagonal can hold a distance of at most `max` (each step off it
/// costs one), so each row keeps `2 * max + 1` of them: O((|a| + 1) · max) time.
fn distance_within(a: &[char], b: &[char], max: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let far = max + 1;
    // prev[j] = distance(a[..i], b[..j]) for j in the band around i, `far` outside it.
    let mut prev: Vec<usize> = (0..=b.len()).map(|j| j.min(far)).collect();
    let mut cur = vec![far; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        let (lo, hi) = ((i + 1).saturating_sub(max), (i + 1 + max).min(b.len()));
        cur[lo.saturating_sub(1)] = far;
        if lo == 0 {
            cur[0] = (i + 1).min(far);
        }
        let mut best = cur[0].max(if lo == 0 { 0 } else { far });
        for j in lo.max(1)..=hi {
            let cost = usize::from(*ca != b[j - 1]);
            cur[j] = (prev[j - 1] + cost).min(prev[j] + 1).min(cur[j - 1] + 1).min(far);
            best = best.min(cur[j]);
        }
        if hi < b.len() {
            cur[hi + 1] = far;
        }
        if best > max {
            return None;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    Some(prev[b.len()]).filter(|&d| d <= max)
}

/// `text` without its trailing blanks: the grammar's blanks only (a no-break space at the end
/// of a file is a character the parser stopped at, not the end of the file).
fn trim_blanks(text: &str) -> &str {
    text.trim_end_matches([' ', '\t', '\r', '\n'])
}

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The words the grammar keeps from names (`name = !reserved ~ ...`).
const RESERVED: &[&str] = &["for", "in", "where", "and", "or", "not", "true", "false", "when", "do"];

/// `let in = 3`: the parser tried a name, found a reserved word, and stopped at its end (the
/// only token it then tried is `_`, a name's continuation). Say so instead of "expected `_`".
fn reserved_as_name(text: &str, file: FileId, pos: usize, literals: &[String]) -> Option<Diagnostic> {
    if !literals.iter().any(|t| t == "_") || text[pos..].starts_with(is_name_char) {
        return None;
    }
    let start = pos - text[..pos].chars().rev().take_while(|c| is_name_char(*c)).count();
    let word = &text[start..pos];
    RESERVED.contains(&word).then(|| {
        Diagnostic::new(
            Code::P001,
            Span::new(file, start, pos),
            format!("`{word}` is a reserved word and cannot be a name"),
        )
        .label("reserved word")
        .help(format!("choose another name, like `{word}_`; the reserved words are {}", RESERVED.join(", ")))
    })
}

/// An invisible or look-alike character where the parser stopped, named in words: shown as
/// itself it would be a blank or a quote the reader cannot tell from the right one.
fn odd_character(text: &str, file: FileId, pos: usize) -> Option<Diagnostic> {
    let c = text[pos.min(text.len())..].chars().next()?;
    let (name, fix) = match c {
        '\u{FEFF}' => ("byte-order mark", "delete it: only the very start of a file may hold one"),
        '\u{00A0}' => ("no-break space", "replace it with a plain space"),
        '\u{200B}' => ("zero-width space", "delete it"),
        '\u{200C}' => ("zero-width non-joiner", "delete it"),
        '\u{200D}' => ("zero-width joiner", "delete it"),
        '\u{2060}' => ("word joiner", "delete it"),
        '\u{00AD}' => ("soft hyphen", "delete it"),
        '\u{2028}' => ("line separator", "replace it with a line break"),
        '\u{2029}' => ("paragraph separator", "replace it with a line break"),
        '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}' => {
            ("wide or narrow space", "replace it with a plain space")
        }
        '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{00AB}' | '\u{00BB}' => {
            ("typographic double quote", "write a plain `\"`")
        }
        '\u{2018}' | '\u{2019}' | '\u{201A}' => ("typographic single quote", "write a plain `'`"),
        '\u{2212}' => ("minus sign", "write a plain `-`"),
        '\u{2013}' | '\u{2014}' => ("dash", "write a plain `-`"),
        '\u{00D7}' => ("multiplication sign", "write `*`"),
        '\u{2264}' => ("less-than-or-equal sign", "write `<=`"),
        '\u{2265}' => ("greater-than-or-equal sign", "write `>=`"),
        '\u{2260}' => ("not-equal sign", "write `!=`"),
        '\u{2026}' => ("ellipsis", "write `..` or `..=`"),
        '\0' => ("NUL character", "delete it: a spec is text"),
        c if c.is_control() && c != '\n' && c != '\t' && c != '\r' => ("control character", "delete it"),
        _ => return None,
    };
    let code = format!("U+{:04X}", c as u32);
    Some(
        Diagnostic::new(Code::P001, Span::new(file, pos, pos + c.len_utf8()), format!("unexpected {code} {name}"))
            .label(format!("{code} {name} here"))
            .help(fix),
    )
}

/// A statement left unfinished at the end of its line is reported there, not at the next
/// line's first word: the parser stopped at a statement keyword starting a line
/// (`let n = (3 + 4` then `item a`), so what it expected is missing at the end of the line before.
fn unfinished_line(text: &str, file: FileId, pos: usize, expected: &str, words: &[String]) -> Option<Diagnostic> {
    if words.iter().any(|w| w == "a statement") {
        return None;
    }
    let (first, line_start, (last, end)) = statement_line(text, pos)?;
    text[line_start..pos].trim().is_empty().then(|| {
        Diagnostic::new(Code::P001, Span::new(file, last, end), format!("expected {expected} at the end of this line"))
            .label(format!("expected {expected} after this"))
            .help(format!("the statement is not finished: the next line starts a new one (`{first}`)"))
    })
}

/// The first word of the line holding `pos`, when it is a statement keyword, and the last code
/// character before that line.
fn statement_line(text: &str, pos: usize) -> Option<(&str, usize, (usize, usize))> {
    let line_start = text[..pos].rfind('\n').map_or(0, |i| i + 1);
    let first = word_at(text, line_start + (text[line_start..].len() - text[line_start..].trim_start().len()));
    STATEMENT_KEYWORDS.contains(&first).then_some(())?;
    Some((first, line_start, last_code_char(&text[..line_start])?))
}

/// `option o = a,` then `option p = a`: the comma carried the statement over, and the parser
/// read the next line's keyword as part of it. Blame the comma.
fn dangling_comma(text: &str, file: FileId, pos: usize) -> Option<Diagnostic> {
    let (first, line_start, (last, end)) = statement_line(text, pos)?;
    (&text[last..end] == "," && pos > line_start).then(|| {
        Diagnostic::new(Code::P001, Span::new(file, last, end), "this `,` carries the statement on to the next line")
            .label("nothing follows the `,` on its line")
            .help(format!("remove the `,`, or write what follows it; the next line starts a new statement (`{first}`)"))
    })
}

/// The last character of `text` that is neither blank nor in a comment (a rough reading of
/// comments: `#` outside quotes), as a byte range.
fn last_code_char(text: &str) -> Option<(usize, usize)> {
    let mut end = text.len();
    for line in text.split_inclusive('\n').collect::<Vec<_>>().into_iter().rev() {
        let start = end - line.len();
        let mut in_string = false;
        let mut code_end = line.len();
        for (i, c) in line.char_indices() {
            match c {
                '"' => in_string = !in_string,
                '#' if !in_string => {
                    code_end = i;
                    break;
                }
                _ => {}
            }
        }
        let code = trim_blanks(&line[..code_end]);
        if let Some((i, c)) = code.char_indices().next_back() {
            return Some((start + i, start + i + c.len_utf8()));
        }
        end = start;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Rng;

    /// The plain Levenshtein table, every cell of it.
    fn full(a: &[char], b: &[char]) -> usize {
        let mut prev: Vec<usize> = (0..=b.len()).collect();
        for (i, ca) in a.iter().enumerate() {
            let mut cur = vec![i + 1];
            for (j, cb) in b.iter().enumerate() {
                cur.push((prev[j] + usize::from(ca != cb)).min(prev[j + 1] + 1).min(cur[j] + 1));
            }
            prev = cur;
        }
        prev[b.len()]
    }

    /// The banded distance is the full table's whenever that is within the band, and `None`
    /// exactly when it is not: random words over three letters, every band width up to 3.
    #[test]
    fn banded_distance_agrees_with_the_full_table() {
        let mut rng = Rng(0x5eed);
        for _ in 0..3000 {
            let word = |rng: &mut Rng| -> Vec<char> {
                let n = rng.below(8);
                (0..n).map(|_| ['a', 'b', 'c'][rng.below(3)]).collect()
            };
            let (a, b) = (word(&mut rng), word(&mut rng));
            let d = full(&a, &b);
            for max in 0..=3 {
                assert_eq!(distance_within(&a, &b, max), (d <= max).then_some(d), "{a:?} {b:?} {max}");
            }
        }
    }

    #[test]
    fn closest_keeps_its_choices() {
        assert_eq!(closest("bord", &["board", "row"]), Some("board"));
        assert_eq!(closest("bx", &["box", "row"]), Some("box"));
        assert_eq!(closest("xyz", &["box"]), None);
        let long = "b".repeat(100_000);
        assert_eq!(closest(&format!("{long}x"), &[&long, "row"]), Some(long.as_str()));
    }
}
