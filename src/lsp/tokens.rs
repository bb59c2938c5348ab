//! Semantic tokens (`textDocument/semanticTokens/full`): what each token of a spec is, read
//! from pest's parse tree, so that a name is coloured as a name wherever the grammar says it
//! is one. `board grid`, `param rows`, `let moves`, `move step` and a board named `cells` are
//! names; `up` in `up to symmetry` and `cells` in `cells x at ...` are keywords. A regex
//! cannot tell these apart, the parser can.
//!
//! How a token is classified:
//! - the tree's leaves: `name` (below), `int` (number), `char_lit` and `string` (string, cut
//!   at line ends since clients need not accept tokens over several lines), and every other
//!   leaf that is a word (`kw_*`, `reserved`, `true`/`false`, `and`/`or`/`not`, and the
//!   fixed words `top-left`, `hexagons`, `down`, `outlines`, `first` ...) a keyword;
//! - the text between leaves holds only blanks, `#` comments and the grammar's anonymous
//!   punctuation: comments, and operator characters (`=`, `:`, `..=`, `+`, `>=`) as
//!   operators; brackets and commas are left to the editor;
//! - a name is what it names: a name in the statement's own binders (`for r in`, a family's
//!   `(r, c)`, `cells x at`, the placement names of `confine ... where`) is a variable or
//!   parameter of that statement; else a declaration of the spec or of an import, by kind
//!   ([`of_kind`]); else a builtin function; else (a name the checker will reject) a
//!   variable. A name where it is declared carries the `declaration` modifier.
//!
//! A text that does not parse has no tokens: the editor keeps its TextMate colouring, which
//! is what a half-typed line needs.
use crate::api::DeclarationKind;
use crate::syntax::{Rule, parse_tree};
use lsp_types as lsp;
use pest::iterators::Pair;
use std::collections::HashMap;

/// The token types, in legend order (`Ty as u32` is the index).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    Keyword,
    /// Boards.
    Class,
    /// Region families.
    Type,
    /// Pieces and tiles.
    Struct,
    /// Lets, counters, grids, tables, `for` binders.
    Variable,
    /// Params (read from the instance) and a family's parameters.
    Parameter,
    /// Moves and builtins (`abs`, `len` ...).
    Function,
    Number,
    String,
    Comment,
    Operator,
    /// Exact-cover items.
    EnumMember,
    /// Exact-cover options.
    Method,
    /// The edge names of tiles.
    Property,
}

const TYPES: [lsp::SemanticTokenType; 14] = [
    lsp::SemanticTokenType::KEYWORD,
    lsp::SemanticTokenType::CLASS,
    lsp::SemanticTokenType::TYPE,
    lsp::SemanticTokenType::STRUCT,
    lsp::SemanticTokenType::VARIABLE,
    lsp::SemanticTokenType::PARAMETER,
    lsp::SemanticTokenType::FUNCTION,
    lsp::SemanticTokenType::NUMBER,
    lsp::SemanticTokenType::STRING,
    lsp::SemanticTokenType::COMMENT,
    lsp::SemanticTokenType::OPERATOR,
    lsp::SemanticTokenType::ENUM_MEMBER,
    lsp::SemanticTokenType::METHOD,
    lsp::SemanticTokenType::PROPERTY,
];

/// Modifier bits, in legend order.
pub const DECLARATION: u32 = 1;
pub const READONLY: u32 = 2;
pub const DEFAULT_LIBRARY: u32 = 4;
const MODIFIERS: [lsp::SemanticTokenModifier; 3] = [
    lsp::SemanticTokenModifier::DECLARATION,
    lsp::SemanticTokenModifier::READONLY,
    lsp::SemanticTokenModifier::DEFAULT_LIBRARY,
];

/// The legend the server advertises in `initialize`.
pub fn legend() -> lsp::SemanticTokensLegend {
    lsp::SemanticTokensLegend { token_types: TYPES.to_vec(), token_modifiers: MODIFIERS.to_vec() }
}

/// What a declared name is coloured as.
pub fn of_kind(kind: DeclarationKind) -> (Ty, u32) {
    use DeclarationKind as K;
    match kind {
        K::Board => (Ty::Class, 0),
        K::Region => (Ty::Type, 0),
        K::Piece | K::Tiles => (Ty::Struct, 0),
        K::Param => (Ty::Parameter, READONLY),
        K::Let | K::Grid | K::Table => (Ty::Variable, READONLY),
        K::Counter => (Ty::Variable, 0),
        K::Move => (Ty::Function, 0),
    }
}

/// One token: a byte range of the text (on one line) and its class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub start: usize,
    pub end: usize,
    pub ty: Ty,
    pub modifiers: u32,
}

/// The tokens of `text` in order, or `None` when it does not parse. `imported` are the
/// declarations of imported specs (name and kind); the text's own are read from its tree.
pub fn classify<'a>(
    text: &'a str,
    imported: impl IntoIterator<Item = (&'a str, DeclarationKind)>,
) -> Option<Vec<Token>> {
    Some(classify_tree(text, parse_tree(text)?, imported))
}

/// The tokens of `text` from pest's tree of it (`root`, the `file` pair of
/// `syntax::parse_tree(text)`), made once for the diagnosis and the colours.
pub fn classify_tree<'a>(
    text: &'a str,
    root: Pair<'a, Rule>,
    imported: impl IntoIterator<Item = (&'a str, DeclarationKind)>,
) -> Vec<Token> {
    let stmts: Vec<Pair<'a, Rule>> = root.into_inner().filter(|p| p.as_rule() != Rule::EOI).collect();
    let mut globals: HashMap<&str, (Ty, u32)> = imported.into_iter().map(|(n, k)| (n, of_kind(k))).collect();
    for stmt in &stmts {
        for (name, class) in declared(stmt) {
            globals.insert(name.as_str(), class);
        }
    }
    let mut out = Tokens { text, at: 0, tokens: Vec::new() };
    for stmt in &stmts {
        let own: Vec<usize> = declared(stmt).iter().map(|(p, _)| p.as_span().start()).collect();
        let mut locals = HashMap::new();
        binders(stmt.clone(), &mut locals);
        if stmt.as_rule() == Rule::confine_stmt && stmt.clone().into_inner().any(|p| p.as_rule() == Rule::confine_where)
        {
            for n in crate::lower::confine::PLACEMENT_NAMES {
                locals.entry(n).or_insert((Ty::Variable, DEFAULT_LIBRARY));
            }
        }
        let scope = Scope { globals: &globals, locals: &locals, own: &own };
        out.walk(stmt.clone(), &scope);
    }
    out.gap(text.len());
    out.tokens
}

/// The names a statement declares for the whole spec, at their declaring occurrence.
fn declared<'a>(stmt: &Pair<'a, Rule>) -> Vec<(Pair<'a, Rule>, (Ty, u32))> {
    use DeclarationKind as K;
    let first_name = || stmt.clone().into_inner().find(|p| p.as_rule() == Rule::name);
    let kind = match stmt.as_rule() {
        Rule::let_stmt => Some(K::Let),
        Rule::param_stmt => Some(K::Param),
        Rule::board_stmt => Some(K::Board),
        Rule::region_stmt | Rule::region_runs_stmt | Rule::region_from_stmt => Some(K::Region),
        Rule::piece_stmt => Some(K::Piece),
        Rule::tiles_stmt => Some(K::Tiles),
        Rule::move_stmt => Some(K::Move),
        Rule::counter_stmt => Some(K::Counter),
        Rule::grid_stmt => Some(K::Grid),
        Rule::table_stmt => Some(K::Table),
        _ => None,
    };
    let mut out = Vec::new();
    if let Some(kind) = kind {
        out.extend(first_name().map(|n| (n, of_kind(kind))));
    }
    match stmt.as_rule() {
        Rule::option_stmt => out.extend(first_name().map(|n| (n, (Ty::Method, 0)))),
        Rule::item_stmt => {
            for decl in stmt.clone().into_inner().filter(|p| p.as_rule() == Rule::item_decl) {
                out.extend(decl.into_inner().find(|p| p.as_rule() == Rule::name).map(|n| (n, (Ty::EnumMember, 0))));
            }
        }
        Rule::tiles_stmt => {
            let edges = stmt.clone().into_inner().find(|p| p.as_rule() == Rule::name_list);
            out.extend(edges.into_iter().flat_map(|l| l.into_inner()).map(|n| (n, (Ty::Property, 0))));
        }
        _ => {}
    }
    out
}

/// The names a statement binds for itself: a family's parameters, `for` patterns, the cells
/// of a comparison. The whole statement is their scope (a `for` clause at the end binds the
/// names used before it).
fn binders<'a>(pair: Pair<'a, Rule>, locals: &mut HashMap<&'a str, (Ty, u32)>) {
    let class = match pair.as_rule() {
        Rule::params => Some(Ty::Parameter),
        Rule::pattern => Some(Ty::Variable),
        Rule::compare_cell => Some(Ty::Variable),
        _ => None,
    };
    for child in pair.into_inner() {
        match (class, child.as_rule()) {
            // The first binding wins: a family's `(r)` is a parameter even though its `for r
            // in` follows.
            (Some(ty), Rule::name) => {
                locals.entry(child.as_str()).or_insert((ty, 0));
            }
            _ => binders(child, locals),
        }
    }
}

struct Scope<'s, 'a> {
    globals: &'s HashMap<&'a str, (Ty, u32)>,
    locals: &'s HashMap<&'a str, (Ty, u32)>,
    /// Where the statement's own declared names start.
    own: &'s [usize],
}

impl Scope<'_, '_> {
    fn name(&self, pair: &Pair<Rule>, parent: Rule) -> (Ty, u32) {
        let at = pair.as_span().start();
        let name = pair.as_str();
        if self.own.contains(&at) {
            let (ty, m) = self.globals.get(name).copied().unwrap_or((Ty::Variable, 0));
            return (ty, m | DECLARATION);
        }
        if matches!(parent, Rule::params | Rule::pattern | Rule::compare_cell) {
            let (ty, m) = self.locals.get(name).copied().unwrap_or((Ty::Variable, 0));
            return (ty, m | DECLARATION);
        }
        if let Some(&class) = self.locals.get(name).or_else(|| self.globals.get(name)) {
            return class;
        }
        if crate::lower::eval::BUILTINS.contains(&name) || crate::lower::moves::MOVE_BUILTINS.contains(&name) {
            return (Ty::Function, DEFAULT_LIBRARY);
        }
        (Ty::Variable, 0)
    }
}

struct Tokens<'a> {
    text: &'a str,
    /// The end of the last leaf.
    at: usize,
    tokens: Vec<Token>,
}

impl<'a> Tokens<'a> {
    fn walk(&mut self, pair: Pair<'a, Rule>, scope: &Scope) {
        let parent = pair.as_rule();
        let span = pair.as_span();
        let leaf = match parent {
            Rule::int => Some((Ty::Number, 0)),
            Rule::char_lit | Rule::string => Some((Ty::String, 0)),
            _ => None,
        };
        if let Some((ty, modifiers)) = leaf {
            self.gap(span.start());
            self.push_lines(span.start(), span.end(), ty, modifiers);
            return;
        }
        let mut inner = pair.clone().into_inner().peekable();
        if inner.peek().is_none() {
            // A leaf: a word is a keyword; anything else (`..=`, `[]`, `()`) is punctuation.
            if span.as_str().starts_with(|c: char| c.is_ascii_alphabetic()) {
                self.gap(span.start());
                self.tokens.push(Token { start: span.start(), end: span.end(), ty: Ty::Keyword, modifiers: 0 });
                self.at = span.end();
            }
            return;
        }
        for child in inner {
            if child.as_rule() == Rule::name {
                let (ty, modifiers) = scope.name(&child, parent);
                let s = child.as_span();
                self.gap(s.start());
                self.tokens.push(Token { start: s.start(), end: s.end(), ty, modifiers });
                self.at = s.end();
            } else {
                self.walk(child, scope);
            }
        }
    }

    /// The text from the last leaf to `end`: comments and operator characters.
    fn gap(&mut self, end: usize) {
        let bytes = self.text.as_bytes();
        let mut i = self.at;
        while i < end {
            match bytes[i] {
                b'#' => {
                    let stop = self.text[i..end].find('\n').map_or(end, |k| i + k);
                    self.tokens.push(Token { start: i, end: stop, ty: Ty::Comment, modifiers: 0 });
                    i = stop;
                }
                b if is_operator(b) => {
                    let stop = (i..end).find(|&k| !is_operator(bytes[k])).unwrap_or(end);
                    self.tokens.push(Token { start: i, end: stop, ty: Ty::Operator, modifiers: 0 });
                    i = stop;
                }
                _ => i += 1,
            }
        }
        self.at = self.at.max(end);
    }

    /// A token that may hold line breaks, as one token per line (empty pieces left out).
    fn push_lines(&mut self, start: usize, end: usize, ty: Ty, modifiers: u32) {
        let mut from = start;
        for (k, _) in self.text[start..end].match_indices('\n') {
            if start + k > from {
                self.tokens.push(Token { start: from, end: start + k, ty, modifiers });
            }
            from = start + k + 1;
        }
        if end > from {
            self.tokens.push(Token { start: from, end, ty, modifiers });
        }
        self.at = end;
    }
}

fn is_operator(b: u8) -> bool {
    matches!(b, b'=' | b'<' | b'>' | b'!' | b'+' | b'-' | b'*' | b'/' | b'%' | b'.' | b':')
}

/// The tokens in the protocol's relative encoding: each token's line and start as deltas
/// from the previous one, columns and lengths in UTF-16 units. One pass over the text.
pub fn encode(text: &str, lead: u32, tokens: &[Token]) -> Vec<lsp::SemanticToken> {
    let mut out = Vec::with_capacity(tokens.len());
    // Where the cursor stands: byte offset, line, UTF-16 column; the first line starts
    // `lead` units right (a byte-order mark the loader dropped: `position::range_after`).
    let (mut at, mut line, mut col) = (0usize, 0u32, lead);
    let (mut prev_line, mut prev_col) = (0u32, 0u32);
    let advance = |to: usize, at: &mut usize, line: &mut u32, col: &mut u32| {
        for c in text[*at..to].chars() {
            if c == '\n' {
                *line += 1;
                *col = 0;
            } else {
                *col += c.len_utf16() as u32;
            }
        }
        *at = to;
    };
    for t in tokens {
        advance(t.start, &mut at, &mut line, &mut col);
        let length = text[t.start..t.end].encode_utf16().count() as u32;
        let delta_line = line - prev_line;
        let delta_start = if delta_line == 0 { col - prev_col } else { col };
        out.push(lsp::SemanticToken {
            delta_line,
            delta_start,
            length,
            token_type: t.ty as u32,
            token_modifiers_bitset: t.modifiers,
        });
        (prev_line, prev_col) = (line, col);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(&str, Ty)> {
        classify(text, []).unwrap().iter().map(|t| (&text[t.start..t.end], t.ty)).collect()
    }

    #[test]
    fn names_that_are_also_words_of_the_language_are_names() {
        let text = "param rows in 1..=3\nlet moves = rows + 1  # two\nboard grid[rows, moves] of 0..1\n";
        let got = kinds(text);
        assert_eq!(got[0], ("param", Ty::Keyword));
        assert_eq!(got[1], ("rows", Ty::Parameter));
        assert!(got.contains(&("moves", Ty::Variable)));
        assert!(got.contains(&("# two", Ty::Comment)));
        assert!(got.contains(&("..=", Ty::Operator)));
        assert!(got.contains(&("grid", Ty::Class)));
        assert_eq!(got.iter().filter(|(w, t)| *w == "rows" && *t == Ty::Parameter).count(), 3);
    }

    #[test]
    fn binders_are_local_and_keywords_in_keyword_places() {
        let text = "board cells[2, 2] of 1..2\nfill cells\nregion row(r) = { (r, c) for c in 0..2 } for r in 0..2\n\
                    answer count up to symmetry\n";
        let got = kinds(text);
        assert!(got.contains(&("cells", Ty::Class)));
        assert!(!got.contains(&("cells", Ty::Keyword)));
        assert!(got.contains(&("r", Ty::Parameter)));
        assert!(got.contains(&("c", Ty::Variable)));
        assert!(got.contains(&("up", Ty::Keyword)));
        assert!(got.contains(&("count", Ty::Keyword)));
        assert!(got.contains(&("symmetry", Ty::Keyword)));
    }

    #[test]
    fn strings_are_cut_at_line_ends_and_columns_count_utf16_units() {
        let text = "let s = \"𝄞\" # é\ninstance \"\"\"\n1 2\n\"\"\"\n";
        let tokens = classify(text, []).unwrap();
        let encoded = encode(text, 0, &tokens);
        // `let`, `s`, `=`, the string, the comment, `instance`, then three pieces of the
        // long string (`"""`, `1 2`, `"""`).
        assert_eq!(encoded.len(), 9, "{tokens:?}");
        assert_eq!((encoded[3].delta_start, encoded[3].length), (2, 4)); // "𝄞": 2 + 2 units
        assert_eq!((encoded[4].delta_start, encoded[4].length), (5, 3));
        assert_eq!((encoded[7].delta_line, encoded[7].delta_start, encoded[7].length), (1, 0, 3));
        assert!(classify("board g[", []).is_none());
    }
}
