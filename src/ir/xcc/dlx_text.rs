//! Knuth's DLX text format — the input of his exact-cover programs DLX1, DLX2, DLX3 and
//! SSXCC — written in two spellings and read back.
//!
//! ```text
//! | a comment              a line whose first non-blank character is `|`
//! p q 2:3|r | x y          the item line: primary items, `|`, secondary items
//! p q x:A                  one line per option; `item:colour` colours a secondary item
//! ```
//!
//! ## The rules
//! As Knuth describes the input at the head of DLX1 (items, options, comments), DLX2
//! (colours) and DLX3 (multiplicities):
//! - blank lines, and lines whose first non-blank character is `|`, are skipped;
//! - the first other line lists the items, separated by blanks; a word starting with `|`
//!   separates the primary items from the secondary ones (at most once);
//! - a name has at most 8 characters (bytes), printable, none of them blank, `:` or `|`;
//! - a primary item may be preceded by `lo:hi|`, or `n|` meaning `n:n|`: decimal numbers,
//!   the upper bound at least 1 and not below the lower (DLX3);
//! - every later line is an option: item names, each at most once; a secondary item may be
//!   written `name:colour` (DLX2). The published DLX2, DLX3 and SSXCC take one-character
//!   colours; puzc reads colour names of up to 8 characters.
//!
//! Knuth's programs ignore an option without a primary item (no search can choose it);
//! puzc keeps it as an option, which changes no count.
//!
//! ## Two spellings
//! - **Knuth's** ([`XccProblem::to_knuth_text`], `--emit dlx`): unless every item name
//!   already follows the rules, items are named by short codes (the item's index in base
//!   36); unless every colour name is one such character, colours are named by one character
//!   each, letters first (base-36 codes past 92 colours). Comment lines `| item CODE NAME`
//!   and `| colour CODE NAME` keep puzc's names of what was renamed. [`XccProblem::from_knuth_text`] reads any text that follows the rules
//!   above; when it finds such comment lines, the items and colours get their names back.
//! - **puzc's** ([`XccProblem::to_dlx_text`], `--emit xcc`): the same layout with puzc's
//!   own names, of any length, where every byte of a blank or control character, `:`, `|`
//!   or `%` is written `%XX` (two upper-case hex digits of the UTF-8 byte), like URL
//!   escaping: injective, so distinct names stay distinct. [`XccProblem::from_dlx_text`]
//!   undoes it. Knuth's programs cannot read this spelling (its names are long).
//!
//! ## What the format cannot say
//! Option names (the readers name each option by its line), options with no entries (their
//! line would be blank), and problems with no primary item (the item line would start with
//! `|`, i.e. be a comment).

use std::collections::HashMap;
use std::fmt::Write;

use super::{Colour, Entry, ItemKind, XccBuilder, XccProblem};

/// A mistake in a DLX text: the byte range it covers, its line, what is wrong and how to
/// fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DlxError {
    pub start: usize,
    pub end: usize,
    pub line: usize,
    pub message: String,
    pub help: String,
}

impl std::fmt::Display for DlxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// Characters that name colours in Knuth's spelling: printable ASCII without blank, `:`
/// and `|`, letters first (colours are often numbers in puzzles: codes that look like other
/// numbers would mislead). 92 of them.
pub const COLOUR_CHARS: &str =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!\"#$%&'()*+,-./;<=>?@[\\]^_`{}~";

/// The longest name Knuth's programs keep.
pub const KNUTH_NAME_LEN: usize = 8;

impl XccProblem {
    /// The problem with puzc's names, `%XX`-escaped (see the module docs).
    pub fn to_dlx_text(&self) -> String {
        let mut out = self.global_comments();
        out.push_str(&self.write_matrix(&|k| escape(&self.items[k].name), &|c| escape(&self.colour_names[c])));
        out
    }

    /// A comment line per global constraint: the matrix cannot say them, so a reader of the
    /// text is told what it leaves out.
    fn global_comments(&self) -> String {
        let mut out = String::new();
        for g in &self.globals {
            let _ = writeln!(out, "| global {} (not in the matrix: only puzc's engines check it)", g.area().name);
        }
        out
    }

    /// The problem as Knuth's programs read it: short codes for names, and comment lines
    /// that map them back (see the module docs). Fails only for a problem without primary
    /// items, which the format cannot express.
    pub fn to_knuth_text(&self) -> Result<String, String> {
        if self.n_primary == 0 {
            return Err("the problem has no primary item, and Knuth's format cannot say that (its item \
                        line would start with `|`, which makes it a comment)"
                .into());
        }
        let items = knuth_codes(self.items.iter().map(|i| i.name.as_str()), self.items.len(), KNUTH_NAME_LEN, base36);
        let colours =
            knuth_codes(self.colour_names[1..].iter().map(String::as_str), self.colour_names.len() - 1, 1, |c| {
                match COLOUR_CHARS.chars().nth(c) {
                    Some(ch) if self.colour_names.len() - 1 <= COLOUR_CHARS.len() => ch.to_string(),
                    _ => base36(c),
                }
            });
        let mut out = String::new();
        let multiplicities =
            self.items.iter().any(|i| matches!(i.kind, ItemKind::Primary { lo, hi } if (lo, hi) != (1, 1)));
        let coloured = self.option_items.iter().any(|e| e.colour != Colour::NONE);
        let _ = write!(
            out,
            "| puzc exact cover: {} primary items, {} secondary items, {} options",
            self.n_primary,
            self.items.len() - self.n_primary,
            self.option_count()
        );
        if self.colour_names.len() > 1 {
            let _ = write!(out, ", {} colours", self.colour_names.len() - 1);
        }
        out.push('\n');
        out.push_str(&self.global_comments());
        out.push_str(match (multiplicities, coloured) {
            (false, false) => "| for Knuth's DLX1, DLX2, DLX3 or SSXCC\n",
            (false, true) => "| for Knuth's DLX2, DLX3 or SSXCC (it has colours)\n",
            (true, _) => "| for Knuth's DLX3 (it has multiplicities)\n",
        });
        if colours.as_ref().is_some_and(|c| c.iter().any(|c| c.len() > 1)) {
            out.push_str("| colour codes are longer than one character: the published DLX2, DLX3 and SSXCC read one\n");
        }
        if let Some(codes) = &items {
            out.push_str("| `| item CODE NAME` gives puzc's name of each item code\n");
            for (code, item) in codes.iter().zip(&self.items) {
                let _ = writeln!(out, "| item {code} {}", escape(&item.name));
            }
        }
        if let Some(codes) = &colours {
            out.push_str("| `| colour CODE NAME` gives puzc's name of each colour code\n");
            for (code, name) in codes.iter().zip(&self.colour_names[1..]) {
                let _ = writeln!(out, "| colour {code} {}", escape(name));
            }
        }
        let item = |k: usize| items.as_ref().map_or_else(|| self.items[k].name.clone(), |c| c[k].clone());
        let colour =
            |c: usize| colours.as_ref().map_or_else(|| self.colour_names[c].clone(), |codes| codes[c - 1].clone());
        out.push_str(&self.write_matrix(&item, &colour));
        Ok(out)
    }

    /// The text of option `o` in puzc's spelling: `item item:colour ...`.
    pub fn option_text(&self, o: usize) -> String {
        let mut out = String::new();
        self.write_option(&mut out, o, &|k| escape(&self.items[k].name), &|c| escape(&self.colour_names[c]));
        out
    }

    /// The item line and the option lines, names spelled by `item` and `colour`.
    fn write_matrix(&self, item: &dyn Fn(usize) -> String, colour: &dyn Fn(usize) -> String) -> String {
        let mut out = String::new();
        for (k, it) in self.items.iter().enumerate() {
            if k > 0 {
                out.push(' ');
            }
            if k == self.n_primary {
                out.push_str("| ");
            }
            if let ItemKind::Primary { lo, hi } = it.kind
                && (lo, hi) != (1, 1)
            {
                let _ = write!(out, "{lo}:{hi}|");
            }
            out.push_str(&item(k));
        }
        out.push('\n');
        for o in 0..self.option_count() {
            self.write_option(&mut out, o, item, colour);
            out.push('\n');
        }
        out
    }

    fn write_option(
        &self,
        out: &mut String,
        o: usize,
        item: &dyn Fn(usize) -> String,
        colour: &dyn Fn(usize) -> String,
    ) {
        let entries = &self.option_items[self.option_start[o] as usize..self.option_start[o + 1] as usize];
        for (k, e) in entries.iter().enumerate() {
            if k > 0 {
                out.push(' ');
            }
            out.push_str(&item(e.item.0 as usize));
            if e.colour != Colour::NONE {
                out.push(':');
                out.push_str(&colour(e.colour.0 as usize));
            }
        }
    }

    /// Parses puzc's spelling (`%XX` escapes, names of any length). Each option is named by
    /// its (trimmed) line; colours are numbered in order of first use.
    pub fn from_dlx_text(text: &str) -> Result<XccProblem, String> {
        parse(text, Dialect::Escaped).map_err(|e| e.to_string())
    }

    /// Parses a text that follows Knuth's rules (see the module docs). Comment lines
    /// `| item CODE NAME` and `| colour CODE NAME`, as [`to_knuth_text`](Self::to_knuth_text)
    /// writes them, rename the items and colours; without them the codes are the names.
    pub fn from_knuth_text(text: &str) -> Result<XccProblem, DlxError> {
        parse(text, Dialect::Knuth)
    }
}

/// Knuth names for `count` names: `None` when every name already follows Knuth's rules and
/// has at most `longest` characters (and is kept), else `code(k)` for each.
fn knuth_codes<'a>(
    mut names: impl Iterator<Item = &'a str>,
    count: usize,
    longest: usize,
    code: impl Fn(usize) -> String,
) -> Option<Vec<String>> {
    if names.all(|n| n.len() <= longest && name_of(n, "", Dialect::Knuth).is_ok()) {
        return None;
    }
    Some((0..count).map(code).collect())
}

/// Item `k`'s code in Knuth's spelling: `k` in base 36 (`0`..`z`, `10`, ...), at most 8
/// characters for any count of items an `XccProblem` can hold (36⁸ > 2³²).
fn base36(mut k: usize) -> String {
    const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut out = Vec::new();
    loop {
        out.push(DIGITS[k % 36]);
        k /= 36;
        if k == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dialect {
    /// puzc's spelling: `%XX` escapes, names of any length.
    Escaped,
    /// Knuth's rules: names of at most 8 characters, taken as written; name-map comments.
    Knuth,
}

/// `(item id, is primary)` by item name.
type ItemIds = HashMap<String, (super::ItemId, bool)>;

/// A word of a line and its byte offset in the whole text.
type Word<'t> = (usize, &'t str);

/// What is wrong and how to fix it, before it is placed.
type Fault = (String, String);

fn fault(at: usize, word: &str, line: usize, (message, help): Fault) -> DlxError {
    DlxError { start: at, end: at + word.len(), line, message, help }
}

fn parse(text: &str, dialect: Dialect) -> Result<XccProblem, DlxError> {
    let mut b = XccBuilder::new();
    let mut ids: Option<ItemIds> = None;
    let mut names = NameMap::default();
    let mut offset = 0;
    for (n, raw) in text.split_inclusive('\n').enumerate() {
        let (at, line) = (offset, raw.trim_end_matches(['\n', '\r']));
        offset += raw.len();
        let words = words(line, at);
        let Some(&(_, first)) = words.first() else { continue };
        if first.starts_with('|') {
            if dialect == Dialect::Knuth {
                names.note(&words, n + 1, &mut b)?;
            }
            continue;
        }
        match &ids {
            None => ids = Some(parse_items(&words, n + 1, dialect, &mut b)?),
            Some(ids) => {
                let entries = parse_option(&words, n + 1, ids, dialect, &mut b)?;
                b.add_option(line.trim(), &entries);
            }
        }
    }
    let whole = |message: String, help: &str| DlxError { start: 0, end: 0, line: 1, message, help: help.into() };
    if ids.is_none() {
        return Err(whole("no item line".into(), "the first line that is not blank or a `|` comment lists the items"));
    }
    let mut p = b.finish();
    names.apply(&mut p)?;
    p.validate().map_err(|m| whole(m, "every item and colour needs its own name"))?;
    Ok(p)
}

/// The blank-separated words of `line`, which starts at byte `base` of the text.
fn words(line: &str, base: usize) -> Vec<Word<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in line.char_indices() {
        match (ch.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push((base + s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push((base + s, &line[s..]));
    }
    out
}

fn parse_items(words: &[Word], line: usize, dialect: Dialect, b: &mut XccBuilder) -> Result<ItemIds, DlxError> {
    let mut ids = ItemIds::new();
    let mut secondary = false;
    for &(at, word) in words {
        let (at, word) = match word.strip_prefix('|') {
            Some(rest) => {
                if secondary {
                    let help = "one `|` separates the primary items from the secondary ones";
                    return Err(fault(at, "|", line, ("a second `|` in the item line".into(), help.into())));
                }
                secondary = true;
                if rest.is_empty() {
                    continue;
                }
                (at + 1, rest)
            }
            None => (at, word),
        };
        let (bounds, name_at, name) = match word.split_once('|') {
            Some((m, name)) if !secondary => {
                (Some(parse_bounds(m).map_err(|f| fault(at, m, line, f))?), at + m.len() + 1, name)
            }
            Some(_) => {
                let help = "only primary items (before the `|`) take a multiplicity `lo:hi|`";
                return Err(fault(
                    at,
                    word,
                    line,
                    (format!("secondary item `{word}` has a multiplicity"), help.into()),
                ));
            }
            None => (None, at, word),
        };
        let name = name_of(name, "item", dialect).map_err(|f| fault(name_at, name, line, f))?;
        let id = if secondary {
            b.add_secondary(name.clone())
        } else {
            let (lo, hi) = bounds.unwrap_or((1, 1));
            b.add_primary(name.clone(), lo, hi)
        };
        if ids.insert(name.clone(), (id, !secondary)).is_some() {
            let help = "each item is listed once in the item line";
            return Err(fault(name_at, word, line, (format!("item `{name}` is listed twice"), help.into())));
        }
    }
    Ok(ids)
}

/// `lo:hi` or `n` (meaning `n:n`), decimal digits only.
fn parse_bounds(m: &str) -> Result<(u32, u32), Fault> {
    let help = || "write `lo:hi|name` with 0 <= lo <= hi and 1 <= hi, or `n|name` for exactly n".to_string();
    let num = |s: &str| match s.parse::<u32>() {
        Ok(n) if !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()) => Ok(n),
        _ => Err((format!("bad multiplicity `{m}`"), help())),
    };
    let (lo, hi) = match m.split_once(':') {
        Some((lo, hi)) => (num(lo)?, num(hi)?),
        None => (num(m)?, num(m)?),
    };
    if hi == 0 || lo > hi {
        return Err((format!("bad multiplicity `{m}`: need 1 <= hi and lo <= hi"), help()));
    }
    Ok((lo, hi))
}

fn parse_option(
    words: &[Word],
    line: usize,
    ids: &ItemIds,
    dialect: Dialect,
    b: &mut XccBuilder,
) -> Result<Vec<Entry>, DlxError> {
    let mut entries: Vec<Entry> = Vec::new();
    for &(at, word) in words {
        let (name_part, colour_part) = match word.split_once(':') {
            Some((n, c)) => (n, Some((at + n.len() + 1, c))),
            None => (word, None),
        };
        let name = name_of(name_part, "item", dialect).map_err(|f| fault(at, name_part, line, f))?;
        let &(item, primary) = ids.get(&name).ok_or_else(|| {
            let help = "an option lists items of the item line (the first line that is not a comment)";
            fault(at, name_part, line, (format!("unknown item `{name}`"), help.into()))
        })?;
        let colour = match colour_part {
            None => Colour::NONE,
            Some(_) if primary => {
                let help = "only secondary items (after the `|` of the item line) take a colour";
                return Err(fault(at, word, line, (format!("primary item `{name}` has a colour"), help.into())));
            }
            Some((cat, c)) => {
                let c = name_of(c, "colour", dialect).map_err(|f| fault(cat, c, line, f))?;
                b.colour(&c)
            }
        };
        if entries.iter().any(|e| e.item == item) {
            let help = "an option covers each item at most once";
            return Err(fault(at, word, line, (format!("item `{name}` appears twice in one option"), help.into())));
        }
        entries.push(Entry { item, colour });
    }
    Ok(entries)
}

/// A name as the dialect spells it: unescaped, or checked against Knuth's rules.
fn name_of(word: &str, what: &str, dialect: Dialect) -> Result<String, Fault> {
    if word.is_empty() {
        return Err((format!("empty {what} name"), format!("write the {what}'s name")));
    }
    match dialect {
        Dialect::Escaped => unescape(word).map_err(|m| (m, "write a byte as `%` and two hex digits".into())),
        Dialect::Knuth => {
            if word.len() > KNUTH_NAME_LEN {
                let help = "Knuth's programs keep 8 characters of a name; `puzc compile --emit dlx` writes short \
                            codes";
                return Err((format!("{what} name `{word}` is longer than {KNUTH_NAME_LEN} characters"), help.into()));
            }
            if let Some(c) = word.chars().find(|&c| matches!(c, ':' | '|') || c.is_control()) {
                let help = "names are printable and contain no blank, `:` or `|`";
                return Err((format!("{what} name `{word}` contains {c:?}"), help.into()));
            }
            Ok(word.to_owned())
        }
    }
}

/// The comment lines `| item CODE NAME` and `| colour CODE NAME` of Knuth's spelling.
#[derive(Default)]
struct NameMap {
    /// `(offset, line, code, name)` per `| item` line.
    items: Vec<(usize, usize, String, String)>,
    /// The colour codes named, with their names.
    colours: Vec<(usize, usize, String, String)>,
}

impl NameMap {
    /// Notes a comment line if it maps a code; other comments are left alone. A colour is
    /// interned when its line is seen, so colours keep the numbering of the map.
    fn note(&mut self, words: &[Word], line: usize, b: &mut XccBuilder) -> Result<(), DlxError> {
        let [(_, "|"), (_, kind @ ("item" | "colour")), (at, code), (name_at, name)] = *words else { return Ok(()) };
        let name = unescape(name)
            .map_err(|m| fault(name_at, name, line, (m, "write a byte as `%` and two hex digits".into())))?;
        let entry = (at, line, code.to_owned(), name);
        if kind == "item" {
            self.items.push(entry);
        } else {
            b.colour(code);
            self.colours.push(entry);
        }
        Ok(())
    }

    /// Renames items and colours. A map names every item (or colour) or none, and only
    /// codes that exist.
    fn apply(self, p: &mut XccProblem) -> Result<(), DlxError> {
        let item_codes: Vec<String> = p.items.iter().map(|i| i.name.clone()).collect();
        if let Some(names) = rename(self.items, &item_codes, "item")? {
            for (item, name) in p.items.iter_mut().zip(names) {
                item.name = name;
            }
        }
        if let Some(names) = rename(self.colours, &p.colour_names[1..], "colour")? {
            for (slot, name) in p.colour_names[1..].iter_mut().zip(names) {
                *slot = name;
            }
        }
        Ok(())
    }
}

/// The new name of each of `codes`, or `None` when the map is empty.
fn rename(
    map: Vec<(usize, usize, String, String)>,
    codes: &[String],
    what: &str,
) -> Result<Option<Vec<String>>, DlxError> {
    if map.is_empty() {
        return Ok(None);
    }
    let index: HashMap<&str, usize> = codes.iter().enumerate().map(|(k, c)| (c.as_str(), k)).collect();
    let mut named: Vec<Option<String>> = vec![None; codes.len()];
    let (mut first_at, mut first_line) = (0, 1);
    for (k, (at, line, code, name)) in map.into_iter().enumerate() {
        if k == 0 {
            (first_at, first_line) = (at, line);
        }
        let help = || format!("a `| {what} CODE NAME` line names a code of the matrix, once");
        let Some(&slot) = index.get(code.as_str()) else {
            return Err(fault(at, &code, line, (format!("`{code}` is not an {what} of the matrix"), help())));
        };
        if named[slot].replace(name).is_some() {
            return Err(fault(at, &code, line, (format!("{what} `{code}` is named twice"), help())));
        }
    }
    if let Some(k) = named.iter().position(Option::is_none) {
        let help = format!("name every {what} with a `| {what} CODE NAME` line, or none");
        let message = format!("{what} `{}` has no `| {what}` line, while others do", codes[k]);
        return Err(DlxError { start: first_at, end: first_at, line: first_line, message, help });
    }
    Ok(Some(named.into_iter().flatten().collect()))
}

/// puzc's escaped spelling of a name (see the module docs).
fn escape(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for ch in name.chars() {
        if ch.is_whitespace() || ch.is_control() || matches!(ch, ':' | '|' | '%') {
            let mut buf = [0u8; 4];
            for byte in ch.encode_utf8(&mut buf).bytes() {
                let _ = write!(out, "%{byte:02X}");
            }
        } else {
            out.push(ch);
        }
    }
    out
}

fn unescape(word: &str) -> Result<String, String> {
    if !word.contains('%') {
        return Ok(word.to_owned());
    }
    let bytes = word.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut k = 0;
    while k < bytes.len() {
        if bytes[k] == b'%' {
            let hex = word.get(k + 1..k + 3).ok_or_else(|| format!("bad escape in `{word}`"))?;
            let byte = u8::from_str_radix(hex, 16).map_err(|_| format!("bad escape in `{word}`"))?;
            out.push(byte);
            k += 3;
        } else {
            out.push(bytes[k]);
            k += 1;
        }
    }
    String::from_utf8(out).map_err(|_| format!("escape in `{word}` is not UTF-8"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_round_trips_awkward_names() {
        for name in ["a b", "x:y|z", "100%", "é\tü", "plain"] {
            let e = escape(name);
            assert!(!e.contains([' ', ':', '|', '\t']), "{e}");
            assert_eq!(unescape(&e).unwrap(), name);
        }
        assert_eq!(escape("r1 c2"), "r1%20c2");
    }

    #[test]
    fn parser_rejects_bad_input() {
        assert!(XccProblem::from_dlx_text("").is_err());
        assert!(XccProblem::from_dlx_text("a | b | c\n").is_err());
        assert!(XccProblem::from_dlx_text("a\nb\n").is_err());
        assert!(XccProblem::from_dlx_text("a | b\na:red\n").is_err());
        assert!(XccProblem::from_dlx_text("a | b\na a\n").is_err());
        assert!(XccProblem::from_dlx_text("0:0|a\n").is_err());
        assert!(XccProblem::from_dlx_text("a | 2|b\n").is_err());
        assert!(XccProblem::from_dlx_text("a%zz\n").is_err());
        assert!(XccProblem::from_dlx_text("+1|a\n").is_err());
    }

    #[test]
    fn short_multiplicity_means_exactly_n() {
        let p = XccProblem::from_dlx_text("3|a b\na\n").unwrap();
        assert_eq!(p.items[0].kind, ItemKind::Primary { lo: 3, hi: 3 });
        assert_eq!(p.to_dlx_text(), "3:3|a b\na\n");
    }

    #[test]
    fn base36_codes() {
        let codes: Vec<String> = [0, 9, 10, 35, 36, 1295, 1296].into_iter().map(base36).collect();
        assert_eq!(codes, ["0", "9", "a", "z", "10", "zz", "100"]);
        assert_eq!(base36(u32::MAX as usize).len(), 7);
        assert_eq!(COLOUR_CHARS.chars().count(), 92);
        assert!(!COLOUR_CHARS.contains([':', '|', ' ']));
    }

    /// Awkward names, long names and more colours than one-character codes: the Knuth text
    /// follows the rules and reads back to the same problem, names and all.
    #[test]
    fn knuth_text_round_trips_names_and_many_colours() {
        let mut b = XccBuilder::new();
        let p = b.add_primary("cell (0, 0)", 1, 1);
        let q = b.add_primary("a:b|c", 0, 3);
        let s = b.add_secondary("edge%1");
        for k in 0..100 {
            let colour = b.colour(&format!("colour {k}"));
            b.add_option(format!("o{k}"), &[Entry { item: p, colour: Colour::NONE }, Entry { item: s, colour }]);
        }
        b.add_option("q", &[Entry { item: q, colour: Colour::NONE }]);
        let problem = b.finish();
        let text = problem.to_knuth_text().unwrap();
        assert!(text.contains("| colour codes are longer than one character"), "{text}");
        assert!(text.contains("| for Knuth's DLX3 (it has multiplicities)"), "{text}");
        assert!(text.contains("\n0 0:3|1 | 2\n"), "{text}");
        let back = XccProblem::from_knuth_text(&text).unwrap();
        assert_eq!(back.to_dlx_text(), problem.to_dlx_text());
        assert_eq!(back.colour_names, problem.colour_names);
    }

    /// Names that already follow the rules are kept, without a map; a problem without a
    /// primary item cannot be written.
    #[test]
    fn knuth_text_keeps_fitting_names_and_refuses_no_primary() {
        let p = XccProblem::from_dlx_text("a b | x\na x:R\nb x:R\n").unwrap();
        let text = p.to_knuth_text().unwrap();
        assert!(
            text.ends_with("| for Knuth's DLX2, DLX3 or SSXCC (it has colours)\na b | x\na x:R\nb x:R\n"),
            "{text}"
        );
        assert!(!text.contains("| item") && !text.contains("| colour"));
        let mut b = XccBuilder::new();
        b.add_secondary("x");
        assert!(b.finish().to_knuth_text().is_err());
    }

    #[test]
    fn knuth_reader_places_its_errors() {
        let text = "| c\nab cd | e\nab toolongname\n";
        let e = XccProblem::from_knuth_text(text).unwrap_err();
        assert_eq!((e.line, &text[e.start..e.end]), (3, "toolongname"));
        let e = XccProblem::from_knuth_text("ab | e\nab e:\n").unwrap_err();
        assert_eq!(e.message, "empty colour name");
        let e = XccProblem::from_knuth_text("| item 0 a\n| item 1 b\n0 | 1\n0 1\n| item 2 c\n").unwrap_err();
        assert_eq!(e.line, 5, "{e}");
        let e = XccProblem::from_knuth_text("| item 0 a\n0 | 1\n0 1\n").unwrap_err();
        assert!(e.message.contains("has no `| item` line"), "{e}");
    }
}
