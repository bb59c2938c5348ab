//! Reading instance data: a stream of tokens from an instance file, or from the text of an
//! inline `instance """..."""` (whose spans then point into the spec itself).
//!
//! Lines whose first non-blank character is `#` are comments, except while a grid whose
//! values include `#` is read: there a line that can be a row (every token a value or a
//! blank) is a row, and only what cannot be one is a comment. A grid is read cell by cell:
//! as single characters (`53..7....`, spaces ignored) when every value the board allows is
//! written with one character, otherwise as whitespace-separated words; how its cells are
//! laid out over lines is [`super::rows`].
use super::eval::R;
use super::model::Board;
use super::rows::{Layout, read_cells};
use super::value::Value;
use crate::diag::{Code, Diagnostic, FileId, Span};
use std::cell::OnceCell;
use std::fmt::{Display, Write};

pub struct InstanceReader<'a> {
    text: &'a str,
    pos: usize,
    end: usize,
    pub file: FileId,
    /// Added to every position to make a span: the offset of `text` within its file.
    base: usize,
    /// A picture written in the spec (`given g = "10/01"`): `/` separates rows, like a line break.
    slash_is_blank: bool,
    /// While a grid whose values include `#` is read: the tokens a row may hold, so that a
    /// line starting with `#` that can be a row is not skipped as a comment.
    hash_rows: Option<RowTokens>,
    /// The last line skipped as a comment, for diagnostics that a skipped line explains.
    last_comment: Option<Span>,
    /// Where the last token read ends.
    token_end: usize,
}

/// The tokens a row of a grid may hold: its values as written, and the blanks.
#[derive(Clone)]
pub struct RowTokens {
    pub by_char: bool,
    pub tokens: Vec<String>,
}

impl RowTokens {
    /// Whether `line` (the text of one line; `/` a blank in a picture) reads as tokens of a row.
    fn can_be_row(&self, line: &str, slash_is_blank: bool) -> bool {
        let ok = |t: &str| self.tokens.iter().any(|v| v == t);
        let blank = |c: char| c.is_whitespace() || (slash_is_blank && c == '/');
        if self.by_char {
            line.chars().filter(|&c| !blank(c)).all(|c| ok(c.encode_utf8(&mut [0; 4])))
        } else {
            line.split(blank).filter(|w| !w.is_empty()).all(ok)
        }
    }
}

impl<'a> InstanceReader<'a> {
    /// Reads `text`, which starts at byte `base` of file `file` (0 for a whole file).
    pub fn new(text: &'a str, file: FileId, base: usize) -> Self {
        InstanceReader {
            text,
            pos: 0,
            end: text.len(),
            file,
            base,
            slash_is_blank: false,
            hash_rows: None,
            last_comment: None,
            token_end: 0,
        }
    }

    /// Sets (or with `None` clears) the tokens of the grid being read, when its values
    /// include `#`; returns what was set before.
    pub fn set_hash_rows(&mut self, rows: Option<RowTokens>) -> Option<RowTokens> {
        std::mem::replace(&mut self.hash_rows, rows)
    }

    /// The last line skipped as a comment (`#` first), if any.
    pub fn last_comment(&self) -> Option<Span> {
        self.last_comment
    }

    /// Reads a picture string of the spec, where `/` may separate rows as in piece pictures.
    pub fn picture(mut self) -> Self {
        self.slash_is_blank = true;
        self
    }

    /// Reads a picture of the spec rather than instance data.
    pub fn is_picture(&self) -> bool {
        self.slash_is_blank
    }

    fn is_blank(&self, c: char) -> bool {
        c.is_whitespace() || (self.slash_is_blank && c == '/')
    }

    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.file, self.base + start, self.base + end)
    }

    /// Skips blanks and comment lines.
    #[inline]
    fn skip_blank(&mut self) {
        // Most calls stand on a token already (a grid's next digit): one byte decides.
        if let Some(&b) = self.text.as_bytes()[..self.end].get(self.pos)
            && b.is_ascii_graphic()
            && b != b'#'
            && !(self.slash_is_blank && b == b'/')
        {
            return;
        }
        self.skip_blank_and_comments();
    }

    #[inline(never)]
    fn skip_blank_and_comments(&mut self) {
        loop {
            let rest = &self.text[self.pos..self.end];
            let trimmed = rest.trim_start_matches(|c| self.is_blank(c));
            self.pos += rest.len() - trimmed.len();
            if trimmed.starts_with('#') && self.only_blanks_back_to(|c| c == '\n') {
                let len = trimmed.find('\n').unwrap_or(trimmed.len());
                if self.hash_rows.as_ref().is_some_and(|r| r.can_be_row(&trimmed[..len], self.slash_is_blank)) {
                    return;
                }
                self.last_comment = Some(self.span(self.pos, self.pos + trimmed[..len].trim_end().len()));
                self.pos += len;
            } else {
                return;
            }
        }
    }

    /// Whether only whitespace stands between the current position and the last `stop`
    /// character before it (or the start of the text). Scans back from the position, so a
    /// token read in the middle of a line costs one character, not the line.
    fn only_blanks_back_to(&self, stop: impl Fn(char) -> bool) -> bool {
        // Right after a token (the usual case) the byte before is not blank: no decoding.
        if let Some(&b) = self.text.as_bytes()[..self.pos].last()
            && b.is_ascii_graphic()
        {
            return stop(b as char);
        }
        for c in self.text[..self.pos].chars().rev() {
            if stop(c) {
                return true;
            }
            if !c.is_whitespace() {
                return false;
            }
        }
        true
    }

    /// Whether the next token begins a line (or a row of a picture, after `/`), or nothing
    /// is left: how a grid written one row per line is told from one written on one line.
    #[inline]
    pub fn next_starts_line(&mut self) -> bool {
        self.skip_blank();
        if self.pos >= self.end {
            return true;
        }
        self.only_blanks_back_to(|c| c == '\n' || (self.slash_is_blank && c == '/'))
    }

    /// True when only blanks and comments remain. Moves nothing: what is a comment depends on
    /// what is read next (a grid whose values include `#` takes `#` lines as rows).
    pub fn at_end(&mut self) -> bool {
        let save = (self.pos, self.last_comment);
        self.skip_blank();
        let end = self.pos >= self.end;
        (self.pos, self.last_comment) = save;
        end
    }

    /// The next whitespace-separated word and its span.
    pub fn word(&mut self, what: impl Display) -> Result<(&'a str, Span), Diagnostic> {
        self.skip_blank();
        if self.pos >= self.end {
            return Err(self.ended(what));
        }
        let rest = &self.text[self.pos..self.end];
        let len = rest.find(|c| self.is_blank(c)).unwrap_or(rest.len());
        let start = self.pos;
        self.pos += len;
        self.token_end = self.pos;
        Ok((&self.text[start..start + len], self.span(start, start + len)))
    }

    /// The next `n` lines as they are written, leading blanks included, from the line the
    /// next token stands on (blank lines and comments before it skipped), each with the
    /// position of its first character; moves past them. Lines past the end are empty.
    /// `None` when the next token does not begin its line.
    pub fn lines_as_written(&mut self, n: usize) -> Option<Vec<(&'a str, usize)>> {
        self.skip_blank();
        if !self.only_blanks_back_to(|c| c == '\n') {
            return None;
        }
        let mut at = self.text[..self.pos].rfind('\n').map_or(0, |i| i + 1);
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let rest = &self.text[at..self.end];
            let len = rest.find('\n').unwrap_or(rest.len());
            out.push((rest[..len].trim_end_matches('\r'), at));
            at = (at + len + 1).min(self.end);
        }
        self.pos = at;
        self.token_end = at;
        Some(out)
    }

    /// [`Self::lines_as_written`] without moving.
    pub fn peek_lines(&mut self, n: usize) -> Option<Vec<(&'a str, usize)>> {
        let save = (self.pos, self.last_comment, self.token_end);
        let lines = self.lines_as_written(n);
        (self.pos, self.last_comment, self.token_end) = save;
        lines
    }

    /// The span of bytes `start..end` of the text being read.
    pub fn span_of(&self, start: usize, end: usize) -> Span {
        self.span(start, end)
    }

    /// The next word without consuming it.
    pub fn peek_word(&mut self) -> Option<&'a str> {
        let save = (self.pos, self.last_comment, self.token_end);
        let w = self.word("").ok().map(|(w, _)| w);
        (self.pos, self.last_comment, self.token_end) = save;
        w
    }

    /// The next non-blank character and its span.
    #[inline]
    pub fn char(&mut self, what: impl Display) -> Result<(&'a str, Span), Diagnostic> {
        self.skip_blank();
        if self.pos >= self.end {
            return Err(self.ended(what));
        }
        let start = self.pos;
        self.pos += match self.text.as_bytes()[start] {
            b if b.is_ascii() => 1,
            _ => self.text[start..].chars().next().map_or(1, char::len_utf8),
        };
        self.token_end = self.pos;
        Ok((&self.text[start..self.pos], self.span(start, self.pos)))
    }

    /// A whole number.
    pub fn int(&mut self, what: impl Display) -> Result<(i64, Span), Diagnostic> {
        let (w, span) = self.word(&what)?;
        w.parse::<i64>().map(|n| (n, span)).map_err(|_| {
            let digits = w.strip_prefix('-').unwrap_or(w);
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                return Diagnostic::new(Code::I304, span, format!("the number for {what} is too large"))
                    .label("does not fit in 64 bits")
                    .help(format!("numbers lie between {} and {}", i64::MIN, i64::MAX));
            }
            Diagnostic::new(Code::I302, span, format!("expected a number for {what}, found `{w}`"))
                .label("not a number")
                .help("instance data is read in the order the spec declares it")
        })
    }

    fn ended(&self, what: impl Display) -> Diagnostic {
        // Point at the last character of the data, where a reader sees it end.
        let last = self.text[..self.end].trim_end().len();
        let span = if last > 0 {
            let c = self.text[..last].chars().next_back().map_or(1, char::len_utf8);
            self.span(last - c, last)
        } else {
            self.span(0, 0)
        };
        Diagnostic::new(Code::I303, span, format!("the instance ended before {what}"))
            .label("instance data ends here")
            .help("instance data is read in the order the spec declares it: params, then given grids and tiles")
    }
}

impl<'a> InstanceReader<'a> {
    /// The whole text read.
    pub fn text(&self) -> &'a str {
        self.text
    }

    /// Where a span read by this reader lies in its text (reader positions: from, to).
    pub fn text_range(&self, span: Span) -> (usize, usize) {
        (span.start - self.base, span.end - self.base)
    }

    /// Bytes consumed so far (to notice an instance that reads nothing).
    pub fn position(&self) -> usize {
        self.pos
    }

    /// The position of the next token (blanks and comment lines skipped): where a grid read
    /// next starts in the text (`puzc generate` writes its clues over that stretch).
    pub fn token_start(&mut self) -> usize {
        self.skip_blank();
        self.pos
    }

    /// Where the last token read ends (0 before any).
    pub fn token_end(&self) -> usize {
        self.token_end
    }

    /// The span of the next character to be read (empty at the end): where the next case of
    /// a batch starts.
    pub fn next_span(&mut self) -> Span {
        let save = (self.pos, self.last_comment);
        self.skip_blank();
        let len = self.text[self.pos..self.end].chars().next().map_or(0, char::len_utf8);
        let span = self.span(self.pos, self.pos + len);
        (self.pos, self.last_comment) = save;
        span
    }

    /// Non-blank characters left (comments included): every case of a batch reads at least
    /// one, so a count of cases above this cannot be right.
    pub fn chars_left(&self) -> usize {
        self.text[self.pos..self.end].chars().filter(|c| !self.is_blank(*c)).count()
    }
}

/// Reads a grid line by line: rows or columns, each from either end, each either a fixed
/// number of cells or a list ended by `until` (its missing cells stay empty). Tokens are
/// whitespace-separated words.
pub fn read_lines(
    board: &Board,
    reader: &mut InstanceReader,
    by_columns: bool,
    reversed: bool,
    until: Option<&str>,
    blanks: Blanks,
) -> R<Vec<Option<usize>>> {
    let (lines, len) = if by_columns { (board.cols, board.rows) } else { (board.rows, board.cols) };
    let mut given = vec![None; board.rows * board.cols];
    let names = ValueNames::new(board, blanks);
    for line in 0..lines {
        for i in 0..=len {
            let what = format!("line {} of `{}`", line + 1, board.name);
            if i == len {
                // A full line still needs its end marker.
                if let Some(end) = until {
                    let (tok, span) = reader.word(&what)?;
                    if tok != end {
                        return Err(Diagnostic::new(
                            Code::I302,
                            span,
                            format!(
                                "expected `{end}` to end a line of {}, found `{tok}`",
                                crate::diag::plural(len, "cell")
                            ),
                        )
                        .label("line too long")
                        .help(format!(
                            "each line of `{}` holds at most {} before `{end}`",
                            board.name,
                            crate::diag::plural(len, "value")
                        )));
                    }
                }
                break;
            }
            let (tok, span) = reader.word(&what)?;
            if until == Some(tok) {
                break;
            }
            let pos = if reversed { len - 1 - i } else { i };
            let (r, c) = if by_columns { (pos, line) } else { (line, pos) };
            let cell = r * board.cols + c;
            given[cell] = names.cell_value(board, tok, span)?;
        }
    }
    Ok(given)
}

/// What the blank marks `.`, `-` and `_` read as in a grid. On a board that is filled they are
/// unknown cells, whatever its values (`of ['.', '#']` is Hitori's: a given `.` is still
/// unknown). On a played board there is nothing unknown, only empty cells, so a mark that is
/// one of the board's declared values reads as that value and only the others are empty: a
/// Sokoban level in its standard form (`.` a goal square, `-` floor) reads as is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Blanks {
    /// Filled boards: `.`, `-`, `_` are always unknown.
    Unknown,
    /// Played boards: a declared value first, else empty.
    UnlessDeclared,
}

/// The character an empty (unknown) cell is written with on `board`: `.`, or on a played board
/// that declares `.` as a value, the first of `-` and `_` that it does not.
pub fn blank_mark(board: &Board, blanks: Blanks) -> char {
    let declared = |c: char| board.values.contains(&Value::Char(c));
    match blanks {
        Blanks::Unknown => '.',
        Blanks::UnlessDeclared => ['.', '-', '_'].into_iter().find(|&c| !declared(c)).unwrap_or('.'),
    }
}

/// A board's values as written, made once per grid read rather than once per cell.
struct ValueNames {
    /// The values as written, made when a token is not found by [`ValueNames::by_byte`].
    names: OnceCell<Vec<String>>,
    zero_is_blank: bool,
    by_char: bool,
    /// What a token of one ASCII character reads as, found by its byte: [`UNKNOWN`],
    /// [`BLANK`], or the value's index plus [`FIRST_VALUE`] (a batch of sudokus reads every
    /// cell this way; comparing with every name was most of reading a grid).
    by_byte: [u16; 128],
    /// How the cell left empty is written, for messages.
    blank: char,
}

/// How many characters a value is written with, and the first: found without allocating.
#[derive(Default)]
struct FirstChar {
    chars: usize,
    first: Option<char>,
}

impl std::fmt::Write for FirstChar {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for c in s.chars() {
            self.first = self.first.or(Some(c));
            self.chars += 1;
        }
        Ok(())
    }
}

const UNKNOWN: u16 = 0;
const BLANK: u16 = 1;
const FIRST_VALUE: u16 = 2;

impl ValueNames {
    fn new(board: &Board, blanks: Blanks) -> ValueNames {
        let zero_is_blank = !board.values.contains(&Value::Int(0));
        let mut by_byte = [UNKNOWN; 128];
        for b in [b'.', b'-', b'_'].into_iter().chain(zero_is_blank.then_some(b'0')) {
            by_byte[b as usize] = BLANK;
        }
        let mut by_char = true;
        // The first value of a name wins, as in the search by name below.
        for (i, v) in board.values.iter().enumerate() {
            let mut name = FirstChar::default();
            let _ = write!(name, "{v}");
            by_char &= name.chars == 1;
            if let (1, Some(c)) = (name.chars, name.first)
                && c.is_ascii()
                && i < (u16::MAX - FIRST_VALUE) as usize
                && (by_byte[c as usize] == UNKNOWN
                    || (by_byte[c as usize] == BLANK && blanks == Blanks::UnlessDeclared))
            {
                by_byte[c as usize] = i as u16 + FIRST_VALUE;
            }
        }
        ValueNames { names: OnceCell::new(), zero_is_blank, by_char, by_byte, blank: blank_mark(board, blanks) }
    }

    /// Every value is written with one character.
    fn by_char(&self) -> bool {
        self.by_char
    }

    /// When a value is written `#`: the tokens a row may hold, so that rows starting with
    /// `#` (walls) are rows, not comments.
    fn hash_rows(&self, board: &Board) -> Option<RowTokens> {
        if self.by_byte[b'#' as usize] < FIRST_VALUE {
            return None;
        }
        let names = self.names(board);
        names.iter().any(|n| n == "#").then(|| RowTokens {
            by_char: self.by_char,
            tokens: names
                .iter()
                .cloned()
                .chain([".", "-", "_"].map(String::from))
                .chain(self.zero_is_blank.then(|| "0".to_string()))
                .collect(),
        })
    }

    fn names(&self, board: &Board) -> &[String] {
        self.names.get_or_init(|| board.values.iter().map(|v| v.to_string()).collect())
    }

    /// The value index a token names on this board; `None` for a blank.
    #[inline]
    fn cell_value(&self, board: &Board, tok: &str, span: Span) -> R<Option<usize>> {
        if let &[b] = tok.as_bytes()
            && b.is_ascii()
        {
            match self.by_byte[b as usize] {
                UNKNOWN => {}
                BLANK => return Ok(None),
                v => return Ok(Some((v - FIRST_VALUE) as usize)),
            }
        }
        // A blank mark that names a value was found by its byte above.
        if tok == "." || tok == "-" || tok == "_" || (tok == "0" && self.zero_is_blank) {
            return Ok(None);
        }
        match self.names(board).iter().position(|v| v == tok) {
            Some(i) => Ok(Some(i)),
            None => Err(not_a_value(board, tok, span, self.blank)),
        }
    }
}

/// I302 for a token that names no value of the board.
fn not_a_value(board: &Board, tok: &str, span: Span, blank: char) -> Diagnostic {
    let shown: Vec<String> = board.values.iter().take(20).map(|v| v.to_string()).collect();
    Diagnostic::new(Code::I302, span, format!("`{tok}` is not a value of `{}`", board.name))
        .label("not allowed here")
        .related(board.span, "the board's values are declared here")
        .help(format!(
            "cells hold {}{}; write `{blank}` for an {} cell",
            shown.join(" "),
            if board.values.len() > 20 { " ..." } else { "" },
            if blank == '.' { "unknown" } else { "empty" }
        ))
}

/// Reads one value per cell, row by row from the top (holes too, whose tokens are ignored).
pub fn read_grid(board: &Board, reader: &mut InstanceReader, blanks: Blanks) -> R<Vec<Option<usize>>> {
    read_grid_at(board, reader, &mut Vec::new(), blanks)
}

/// A grid's cells and the stretch of the instance text (start, end) it was read from.
pub type PlacedGrid = (Vec<Option<usize>>, (usize, usize));

/// [`read_grid`], also saying where in the text the grid lies (from its first token to the end
/// of its last): `puzc generate` writes its clues over that stretch. The start is found with
/// the grid's own reading of `#` lines, so a Sokoban row of walls is not skipped as a comment.
pub fn read_grid_placed(board: &Board, reader: &mut InstanceReader, blanks: Blanks) -> R<PlacedGrid> {
    let before = reader.set_hash_rows(ValueNames::new(board, blanks).hash_rows(board));
    let start = reader.token_start();
    reader.set_hash_rows(before);
    let given = read_grid(board, reader, blanks)?;
    Ok((given, (start, reader.token_end().max(start))))
}

/// [`read_grid`], also keeping where each cell's token was read (`spans[cell]`; a hole its
/// row left out gets the span of the row's first token).
pub fn read_grid_at(
    board: &Board,
    reader: &mut InstanceReader,
    spans: &mut Vec<Span>,
    blanks: Blanks,
) -> R<Vec<Option<usize>>> {
    let names = ValueNames::new(board, blanks);
    let by_char = names.by_char();
    // Written out only for a diagnostic: most grids never need it.
    let what = std::fmt::from_fn(|f| {
        write!(f, "the cells of `{}` ({} of {})", board.name, crate::diag::plural(board.rows, "row"), board.cols)
    });
    let mut given = vec![None; board.rows * board.cols];
    // Sized once: grown span by span it was reallocated seven times a sudoku.
    spans.reserve(board.rows * board.cols);
    let name = format!("`{}`", board.name);
    let lay = Layout {
        name: &name,
        rows: board.rows,
        cols: board.cols,
        on: board.on.contains(&false).then_some(&board.on[..]),
        by_char,
        code: Code::I302,
    };
    let before = reader.set_hash_rows(names.hash_rows(board));
    let read = read_cells(reader, &lay, &what, &mut |cell, tok, span| {
        spans.push(span);
        if let Some(tok) = tok
            && board.on[cell]
        {
            given[cell] = names.cell_value(board, tok, span)?;
        }
        Ok(())
    });
    reader.set_hash_rows(before);
    read.map(|()| given)
}
