//! Knuth's DLX text format (the input of DLX1/DLX2/DLX-MCC), so other solvers can run
//! what puzc lowers, and so tests can write problems by hand.
//!
//! ```text
//! p q 2:3|r | x y        first line: primary items, `|`, secondary items
//! p q x:A                one line per option; `item:colour` colours a secondary item
//! ```
//! A primary item with multiplicity other than `1..1` is written `lo:hi|name` (DLX-MCC);
//! the parser also accepts `n|name` for `n:n|name`. Lines starting with `|` are comments.
//!
//! ## Name mapping
//! Knuth's names cannot contain spaces, `:` or `|`. Item and colour names are written with
//! every byte of a whitespace or control character, `:`, `|` or `%` replaced by `%XX`
//! (two upper-case hex digits of the UTF-8 byte), like URL escaping. The mapping is
//! injective, so distinct names stay distinct, and [`XccProblem::from_dlx_text`] undoes it.
//! Names are not truncated to Knuth's 8 characters.
//!
//! ## What the format cannot say
//! Option names (the parser names each option by its line), options with no entries
//! (their line would be empty), and problems with no primary item (the first line would
//! start with `|`, i.e. be a comment).

use std::collections::HashMap;
use std::fmt::Write;

use super::{Colour, Entry, ItemKind, XccBuilder, XccProblem};

impl XccProblem {
    /// The problem in Knuth's DLX text format (see the module docs for the name mapping).
    pub fn to_dlx_text(&self) -> String {
        let mut out = String::new();
        let mut words: Vec<String> = self.items.iter().map(item_word).collect();
        if self.n_primary < self.items.len() {
            words.insert(self.n_primary, "|".into());
        }
        out.push_str(&words.join(" "));
        out.push('\n');
        for o in 0..self.option_count() {
            let entries = &self.option_items[self.option_start[o] as usize..self.option_start[o + 1] as usize];
            for (k, e) in entries.iter().enumerate() {
                if k > 0 {
                    out.push(' ');
                }
                out.push_str(&escape(&self.items[e.item.0 as usize].name));
                if e.colour != Colour::NONE {
                    out.push(':');
                    out.push_str(&escape(&self.colour_names[e.colour.0 as usize]));
                }
            }
            out.push('\n');
        }
        out
    }

    /// Parses Knuth's DLX text format. Each option is named by its (trimmed) line; colours
    /// are numbered in order of first use.
    pub fn from_dlx_text(text: &str) -> Result<XccProblem, String> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(n, l)| (n + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('|'));
        let (n, first) = lines.next().ok_or("no item line")?;
        let mut b = XccBuilder::new();
        let ids = parse_items(first, &mut b).map_err(|e| format!("line {n}: {e}"))?;
        for (n, line) in lines {
            let entries = parse_option(line, &ids, &mut b).map_err(|e| format!("line {n}: {e}"))?;
            b.add_option(line, &entries);
        }
        b.finish().checked()
    }

    fn checked(self) -> Result<XccProblem, String> {
        self.validate().map(|()| self)
    }
}

fn item_word(item: &super::Item) -> String {
    match item.kind {
        ItemKind::Primary { lo: 1, hi: 1 } | ItemKind::Secondary => escape(&item.name),
        ItemKind::Primary { lo, hi } => format!("{lo}:{hi}|{}", escape(&item.name)),
    }
}

/// `(item id, is primary)` by item name.
type ItemIds = HashMap<String, (super::ItemId, bool)>;

fn parse_items(line: &str, b: &mut XccBuilder) -> Result<ItemIds, String> {
    let mut ids = ItemIds::new();
    let mut secondary = false;
    for word in line.split_whitespace() {
        if word == "|" {
            if secondary {
                return Err("a second `|` in the item line".into());
            }
            secondary = true;
            continue;
        }
        let (bounds, name) = match word.split_once('|') {
            Some((m, name)) => (Some(parse_bounds(m)?), name),
            None => (None, word),
        };
        let name = unescape(name)?;
        let id = match (secondary, bounds) {
            (true, Some(_)) => return Err(format!("secondary item `{name}` has a multiplicity")),
            (true, None) => b.add_secondary(name.clone()),
            (false, bounds) => {
                let (lo, hi) = bounds.unwrap_or((1, 1));
                b.add_primary(name.clone(), lo, hi)
            }
        };
        if ids.insert(name.clone(), (id, !secondary)).is_some() {
            return Err(format!("item `{name}` is declared twice"));
        }
    }
    Ok(ids)
}

/// `lo:hi` or `n` (meaning `n:n`).
fn parse_bounds(m: &str) -> Result<(u32, u32), String> {
    let num = |s: &str| s.parse::<u32>().map_err(|_| format!("bad multiplicity `{m}`"));
    let (lo, hi) = match m.split_once(':') {
        Some((lo, hi)) => (num(lo)?, num(hi)?),
        None => (num(m)?, num(m)?),
    };
    if hi == 0 || lo > hi {
        return Err(format!("bad multiplicity `{m}`: need 1 <= hi and lo <= hi"));
    }
    Ok((lo, hi))
}

fn parse_option(line: &str, ids: &ItemIds, b: &mut XccBuilder) -> Result<Vec<Entry>, String> {
    let mut entries = Vec::new();
    for word in line.split_whitespace() {
        let (name, colour) = match word.split_once(':') {
            Some((name, colour)) => (unescape(name)?, Some(unescape(colour)?)),
            None => (unescape(word)?, None),
        };
        let &(item, primary) = ids.get(&name).ok_or_else(|| format!("unknown item `{name}`"))?;
        let colour = match colour {
            Some(c) if primary => return Err(format!("primary item `{name}` has colour `{c}`")),
            Some(c) if c.is_empty() => return Err(format!("item `{name}` has an empty colour")),
            Some(c) => b.colour(&c),
            None => Colour::NONE,
        };
        if entries.iter().any(|e: &Entry| e.item == item) {
            return Err(format!("item `{name}` appears twice in one option"));
        }
        entries.push(Entry { item, colour });
    }
    Ok(entries)
}

/// Knuth-safe spelling of a name (see the module docs).
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
    }

    #[test]
    fn short_multiplicity_means_exactly_n() {
        let p = XccProblem::from_dlx_text("3|a b\na\n").unwrap();
        assert_eq!(p.items[0].kind, ItemKind::Primary { lo: 3, hi: 3 });
        assert_eq!(p.to_dlx_text(), "3:3|a b\na\n");
    }
}
