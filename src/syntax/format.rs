//! `puzc fmt`: a spec in one canonical layout, comments kept.
//!
//! Why the pest parse tree and not the AST: the AST has dropped what a formatter must keep —
//! parentheses the author wrote, the order of `board` options, which of two spellings was
//! used — and comments are in neither. The parse tree keeps every token: its leaves are the
//! keywords, names, numbers, strings and operators, and the text *between* sibling pairs is
//! whitespace, comments and the grammar's anonymous punctuation (`=`, `,`, brackets). So the
//! formatter re-spaces a token stream and never rebuilds text from meaning: what it prints
//! parses to the same tree by construction (tests check it on every shipped spec).
//!
//! The layout:
//! - one statement per line, at column 0; blank lines between statements kept, at most one;
//! - tokens spaced by one rule set (`f(x)`, `a + b`, `0..n`, `-x`, `[a, b]`, `{ a, b }`,
//!   `box[6, 10]`, `item: colour`);
//! - a statement longer than [`WIDTH`] columns breaks before its `for` clause (a move's stays
//!   in its header), `when`, `do` and every `where`, continuation lines indented four spaces;
//! - a comment stays where it was: on its own line between statements, or at the end of
//!   the line of the token it followed (two spaces before `#`);
//! - strings (instances, pictures, templates) are printed exactly as written.
//!
//! A statement kind this file does not know (the grammar grows) is printed exactly as
//! written, never dropped or re-spaced by rules that were not made for it.
use super::parse::{PuzParser, Rule};
use crate::diag::{Diagnostic, FileId};
use pest::Parser;
use pest::iterators::Pair;

/// The column a statement may reach before it is broken over lines.
pub const WIDTH: usize = 100;

/// The statements whose tokens the spacing rules were written for.
const KNOWN: &[Rule] = &[
    Rule::puzzle_stmt,
    Rule::import_stmt,
    Rule::let_stmt,
    Rule::param_stmt,
    Rule::board_stmt,
    Rule::fill_stmt,
    Rule::given_stmt,
    Rule::walls_stmt,
    Rule::region_stmt,
    Rule::each_stmt,
    Rule::piece_stmt,
    Rule::tiles_stmt,
    Rule::place_stmt,
    Rule::confine_stmt,
    Rule::match_stmt,
    Rule::item_stmt,
    Rule::option_stmt,
    Rule::answer_stmt,
    Rule::instance_stmt,
    Rule::cases_stmt,
    Rule::print_stmt,
    Rule::move_stmt,
    Rule::after_stmt,
    Rule::goal_stmt,
    Rule::budget_stmt,
    Rule::counter_stmt,
    Rule::estimate_stmt,
];

/// Formats a spec. A spec that does not parse gets the parser's diagnostic. A leading
/// byte-order mark is accepted, as every other command accepts it, and kept.
pub fn format(text: &str, file: FileId) -> Result<String, Diagnostic> {
    const BOM: char = '\u{FEFF}';
    let Some(rest) = text.strip_prefix(BOM) else {
        return format_known(text, file, KNOWN);
    };
    let bom = BOM.len_utf8();
    format_known(rest, file, KNOWN).map(|f| format!("{BOM}{f}")).map_err(|mut d| {
        // Spans into `rest` are spans into `text` after the mark.
        for l in std::iter::once(&mut d.label).chain(d.related.iter_mut()) {
            if l.span.file == file {
                l.span.start += bom;
                l.span.end += bom;
            }
        }
        d
    })
}

/// [`format`], re-spacing only the statements of the `known` kinds.
fn format_known(text: &str, file: FileId, known: &[Rule]) -> Result<String, Diagnostic> {
    // The parser's own entry gives the worded diagnostics and the nesting check.
    super::parse(text, file)?;
    let root = PuzParser::parse(Rule::file, text)
        .expect("`parse` accepted the text, so the grammar does")
        .next()
        .expect("the file rule always produces one pair");
    let stmts: Vec<Pair<Rule>> = root.into_inner().filter(|p| p.as_rule() != Rule::EOI).collect();
    let mut out = String::new();
    let mut at = 0;
    for (k, stmt) in stmts.iter().enumerate() {
        let span = stmt.as_span();
        let gap = Gap::lex(&text[at..span.start()]);
        if k == 0 {
            gap.leading(&mut out);
        } else {
            gap.between(&mut out);
        }
        let mut toks = Vec::new();
        tokens(stmt.clone(), 0, &mut toks);
        // pest's span of a statement that ends in an optional part runs over the blanks
        // and comments after it: those belong to the gap that follows.
        while toks.last().is_some_and(|t| t.kind == Kind::Comment) {
            toks.pop();
        }
        let end = toks.last().map_or(span.end(), |t| t.end);
        if known.contains(&stmt.as_rule()) {
            statement(stmt.as_rule(), &toks, &mut out);
        } else {
            out.push_str(&text[span.start()..end]);
        }
        at = end;
    }
    let tail = Gap::lex(&text[at..]);
    if stmts.is_empty() {
        tail.leading(&mut out);
    } else {
        tail.trailing(&mut out);
    }
    Ok(out)
}

/// What lies between two statements: comments, and how many line breaks come before each.
struct Gap<'a> {
    /// A comment on the line the previous statement ends on.
    same_line: Option<&'a str>,
    /// Comments on their own lines, each with whether a blank line came before it.
    own_lines: Vec<(bool, &'a str)>,
    /// Whether a blank line comes after the last comment (or at all, without comments).
    blank_after: bool,
}

impl<'a> Gap<'a> {
    fn lex(text: &'a str) -> Gap<'a> {
        let mut gap = Gap { same_line: None, own_lines: Vec::new(), blank_after: false };
        let mut breaks = 0;
        let mut rest = text;
        while let Some(c) = rest.chars().next() {
            if c == '#' {
                let end = rest.find('\n').unwrap_or(rest.len());
                let comment = rest[..end].trim_end();
                if breaks == 0 && gap.own_lines.is_empty() {
                    gap.same_line = Some(comment);
                } else {
                    gap.own_lines.push((breaks > 1, comment));
                }
                breaks = 0;
                rest = &rest[end..];
                continue;
            }
            if c == '\n' {
                breaks += 1;
            }
            rest = &rest[c.len_utf8()..];
        }
        gap.blank_after = breaks > 1;
        gap
    }

    /// Before the first statement: comments from column 0, then a blank line if there was one.
    fn leading(&self, out: &mut String) {
        let lines = self.same_line.iter().map(|c| (false, *c)).chain(self.own_lines.iter().copied());
        for (k, (blank, comment)) in lines.enumerate() {
            if blank && k > 0 {
                out.push('\n');
            }
            out.push_str(comment);
            out.push('\n');
        }
        if self.blank_after && !out.is_empty() {
            out.push('\n');
        }
    }

    /// Between two statements: ends the previous one's line.
    fn between(&self, out: &mut String) {
        self.trailing(out);
        if self.blank_after {
            out.push('\n');
        }
    }

    /// After a statement: its same-line comment, the line break, the comments below it.
    fn trailing(&self, out: &mut String) {
        if let Some(c) = self.same_line {
            out.push_str("  ");
            out.push_str(c);
        }
        out.push('\n');
        for &(blank, comment) in &self.own_lines {
            if blank {
                out.push('\n');
            }
            out.push_str(comment);
            out.push('\n');
        }
    }
}

/// One token of a statement.
#[derive(Clone, Copy, Debug)]
struct Tok<'a> {
    text: &'a str,
    kind: Kind,
    /// The rule of the leaf (for words) or of the pair the punctuation belongs to.
    rule: Rule,
    /// The statement may break its line before this token.
    break_before: bool,
    /// The byte offset just after the token.
    end: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Word,
    Punct,
    Comment,
}

/// Lays out one statement from its tokens. A move always puts `when` and `do` on lines of
/// their own: its condition and effects read best apart.
fn statement(kind: Rule, toks: &[Tok], out: &mut String) {
    // A sliding move (`move m slides any piece one step`) has no `do` and reads as one line.
    let effects = kind == Rule::move_stmt && toks.iter().any(|t| t.rule == Rule::kw_do);
    let broken = effects || line_length(toks) > WIDTH || toks.iter().any(|t| t.kind == Kind::Comment);
    let mut line_start = true;
    let mut prev: Option<Tok> = None;
    for t in toks {
        if t.kind == Kind::Comment {
            out.push_str("  ");
            out.push_str(t.text);
            out.push_str("\n    ");
            line_start = true;
            continue;
        }
        if broken && t.break_before && !line_start {
            out.push_str("\n    ");
            line_start = true;
        }
        if !line_start && prev.is_some_and(|p| spaced(&p, t)) {
            out.push(' ');
        }
        out.push_str(t.text);
        line_start = false;
        prev = Some(*t);
    }
}

/// The statement's length on one line (up to the first line break of a long string).
fn line_length(toks: &[Tok]) -> usize {
    let mut len = 0;
    let mut prev: Option<&Tok> = None;
    for t in toks.iter().filter(|t| t.kind != Kind::Comment) {
        if prev.is_some_and(|p| spaced(p, t)) {
            len += 1;
        }
        if let Some(nl) = t.text.find('\n') {
            return len + t.text[..nl].chars().count();
        }
        len += t.text.chars().count();
        prev = Some(t);
    }
    len
}

/// Leaves that are one token even though pest gives them inner pairs.
fn is_leaf(r: Rule) -> bool {
    matches!(r, Rule::string | Rule::char_lit | Rule::int | Rule::name | Rule::origin | Rule::direction)
}

/// Flattens a pair into tokens: its leaves, and the punctuation and comments between them.
/// `depth` is 0 for the statement.
fn tokens<'a>(pair: Pair<'a, Rule>, depth: usize, out: &mut Vec<Tok<'a>>) {
    let own = pair.as_rule();
    let children: Vec<Pair<'a, Rule>> = pair.clone().into_inner().collect();
    if children.is_empty() || is_leaf(own) {
        // A move's `cost` sits in its own rule (depth 2) and goes on a line of its own too.
        let break_before =
            depth == 1 && matches!(own, Rule::kw_when | Rule::kw_do) || own == Rule::kw_where || own == Rule::kw_cost;
        let end = pair.as_span().end();
        out.push(Tok { text: pair.as_str(), kind: Kind::Word, rule: own, break_before, end });
        return;
    }
    let text = pair.get_input();
    let mut at = pair.as_span().start();
    for child in children {
        let start = child.as_span().start();
        gap_tokens(text, at, start, own, out);
        at = child.as_span().end();
        let first = out.len();
        let child_rule = child.as_rule();
        tokens(child, depth + 1, out);
        // A move's `for` is part of its header: it stays on the first line.
        if depth == 0
            && child_rule == Rule::for_clause
            && own != Rule::move_stmt
            && let Some(t) = out.get_mut(first)
        {
            t.break_before = true;
        }
    }
    gap_tokens(text, at, pair.as_span().end(), own, out);
}

/// The anonymous punctuation and comments in text between two sibling pairs. A bracket or a
/// comma is a token of its own; other punctuation that touches is one token (`>=`), so a
/// symbol the grammar may gain later is never split.
fn gap_tokens<'a>(input: &'a str, from: usize, to: usize, of: Rule, out: &mut Vec<Tok<'a>>) {
    let text = &input[..to];
    let mut rest = &input[from..to];
    let mut offset = from;
    while let Some(c) = rest.chars().next() {
        let len = if c.is_whitespace() {
            let len = c.len_utf8();
            offset += len;
            rest = &rest[len..];
            continue;
        } else if c == '#' {
            let len = rest.find('\n').unwrap_or(rest.len());
            let (text, end) = (rest[..len].trim_end(), offset + len);
            out.push(Tok { text, kind: Kind::Comment, rule: of, break_before: false, end });
            len
        } else if "()[]{},".contains(c) {
            1
        } else {
            rest.find(|d: char| d.is_whitespace() || "()[]{},#".contains(d)).unwrap_or(rest.len())
        };
        if c != '#' {
            let end = offset + len;
            out.push(Tok { text: &text[offset..end], kind: Kind::Punct, rule: of, break_before: false, end });
        }
        offset += len;
        rest = &rest[len..];
    }
}

/// Whether a space goes between two adjacent tokens.
fn spaced(prev: &Tok, next: &Tok) -> bool {
    let punct = |t: &Tok, s: &str| t.kind == Kind::Punct && t.text == s;
    let range = |t: &Tok| matches!(t.rule, Rule::op_range | Rule::op_range_incl) && t.kind == Kind::Word;
    if range(prev) || range(next) || (prev.kind == Kind::Word && prev.rule == Rule::op_neg) {
        return false;
    }
    if punct(next, ",") || punct(next, ")") || punct(next, "]") || punct(next, ":") {
        return false;
    }
    if punct(prev, "(") || punct(prev, "[") {
        return false;
    }
    if punct(prev, "{") && punct(next, "}") {
        return false;
    }
    // `row(r)`, `region row(r)`: arguments and parameters touch their name.
    if punct(next, "(") && matches!(next.rule, Rule::args | Rule::params) {
        return false;
    }
    // `board box[6, 10]`, `tiles t[n * n]`, `grid g[4, 5]`, `counter jug[2]`: a size touches its name; `g[r, c]`:
    // an index touches what it indexes.
    if punct(next, "[")
        && matches!(
            next.rule,
            Rule::board_stmt | Rule::tiles_stmt | Rule::grid_stmt | Rule::table_stmt | Rule::index | Rule::counter_dims
        )
    {
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A statement kind the formatter does not know keeps its text, comments inside it too;
    /// only the lines between statements are laid out.
    #[test]
    fn unknown_statements_are_printed_as_written() {
        let text =
            "let  n=3   # n\n\n\n\nmove m(r)   for r in 0..n when   x(r)==1 # why\n  do set (r, 0)=1\nlet k =n\n";
        let known = &[Rule::let_stmt];
        let want = "let n = 3  # n\n\nmove m(r)   for r in 0..n when   x(r)==1 # why\n  do set (r, 0)=1\nlet k = n\n";
        assert_eq!(format_known(text, FileId::default(), known).unwrap(), want);
    }
}
