//! The problem as a MiniZinc model with its data inline (`--emit mzn`).
//!
//! One `var bool` per option, `choose[o]`. The model is the same for every problem; only
//! the data differ:
//! - each primary item lists the options that contain it, and the number chosen among them
//!   lies between its bounds;
//! - each secondary item lists its *claims* — an option that has it without a colour, or
//!   the set of options that give it one colour — and at most one claim is made (a colour
//!   claim is made when any of its options is chosen);
//! - an option without a primary item is never chosen, as in Knuth's algorithms and puzc's
//!   engines.
//!
//! No variable other than `choose` is declared, and what MiniZinc introduces for `exists`
//! and the sums is defined by `choose`: `minizinc --all-solutions` lists each solution once.
//! The output prints the chosen options' names, one per line.

use std::fmt::Write;

use super::{Colour, ItemKind, XccProblem};

impl XccProblem {
    /// The problem as a MiniZinc model (see the module docs).
    pub fn to_minizinc(&self) -> String {
        let n = self.option_count();
        let mut by_item: Vec<Vec<(usize, Colour)>> = vec![Vec::new(); self.items.len()];
        let mut unselectable = Vec::new();
        for o in 0..n {
            let entries = &self.option_items[self.option_start[o] as usize..self.option_start[o + 1] as usize];
            for e in entries {
                by_item[e.item.0 as usize].push((o + 1, e.colour));
            }
            if !entries.iter().any(|e| (e.item.0 as usize) < self.n_primary) {
                unselectable.push(o + 1);
            }
        }
        let primary = &self.items[..self.n_primary];
        let secondary = &self.items[self.n_primary..];
        // Claims of the secondary items: each a set of options; per item, its claims' indices.
        let mut claims: Vec<Vec<usize>> = Vec::new();
        let mut item_claims: Vec<Vec<usize>> = Vec::new();
        for options in &by_item[self.n_primary..] {
            let mut mine = Vec::new();
            let mut colours: Vec<(Colour, usize)> = Vec::new();
            for &(o, c) in options {
                let existing = colours.iter().find(|(g, _)| c != Colour::NONE && *g == c).map(|&(_, k)| k);
                match existing {
                    Some(k) => claims[k].push(o),
                    None => {
                        claims.push(vec![o]);
                        mine.push(claims.len());
                        if c != Colour::NONE {
                            colours.push((c, claims.len() - 1));
                        }
                    }
                }
            }
            item_claims.push(mine);
        }

        let mut out = String::new();
        out.push_str("% puzc exact cover as a MiniZinc model: choose[o] is true when option o is chosen.\n");
        out.push_str("% minizinc --solver gecode model.mzn prints a solution; --all-solutions lists every one.\n");
        let _ = writeln!(out, "int: n_options = {n};");
        out.push_str("array[1..n_options] of var bool: choose;\n");
        let _ = writeln!(out, "array[1..n_options] of string: option_name = {};", strings(&self.option_names));
        let _ = writeln!(out, "\n% Primary items: between lo and hi of their options are chosen.");
        let _ = writeln!(out, "int: n_primary = {};", primary.len());
        let names: Vec<String> = primary.iter().map(|i| i.name.clone()).collect();
        let _ = writeln!(out, "array[1..n_primary] of string: primary_name = {};", strings(&names));
        let sets: Vec<String> = by_item[..self.n_primary].iter().map(|os| set(os.iter().map(|&(o, _)| o))).collect();
        let _ = writeln!(out, "array[1..n_primary] of set of int: primary_options = {};", list(&sets));
        let (lo, hi): (Vec<String>, Vec<String>) = primary
            .iter()
            .map(|i| match i.kind {
                ItemKind::Primary { lo, hi } => (lo.to_string(), hi.to_string()),
                ItemKind::Secondary => ("0".into(), "0".into()),
            })
            .unzip();
        let _ = writeln!(out, "array[1..n_primary] of int: lo = {};", list(&lo));
        let _ = writeln!(out, "array[1..n_primary] of int: hi = {};", list(&hi));
        out.push_str(
            "constraint forall(i in 1..n_primary)(\n  sum(o in primary_options[i])(bool2int(choose[o])) in lo[i]..hi[i]);\n",
        );
        let _ = writeln!(
            out,
            "\n% Secondary items: at most one claim each. A claim is an option that has the item without\n\
             % a colour, or the options that give it one colour (made when any of them is chosen)."
        );
        let _ = writeln!(out, "int: n_claims = {};", claims.len());
        let sets: Vec<String> = claims.iter().map(|c| set(c.iter().copied())).collect();
        let _ = writeln!(out, "array[1..n_claims] of set of int: claim_options = {};", list(&sets));
        let _ = writeln!(out, "int: n_secondary = {};", secondary.len());
        let names: Vec<String> = secondary.iter().map(|i| i.name.clone()).collect();
        let _ = writeln!(out, "array[1..n_secondary] of string: secondary_name = {};", strings(&names));
        let sets: Vec<String> = item_claims.iter().map(|c| set(c.iter().copied())).collect();
        let _ = writeln!(out, "array[1..n_secondary] of set of int: secondary_claims = {};", list(&sets));
        out.push_str(
            "constraint forall(s in 1..n_secondary)(\n  sum(c in secondary_claims[s])(bool2int(exists(o in claim_options[c])(choose[o]))) <= 1);\n",
        );
        let _ = writeln!(out, "\n% Options without a primary item are never chosen.");
        let _ = writeln!(out, "set of int: unselectable = {};", set(unselectable.into_iter()));
        out.push_str("constraint forall(o in unselectable)(not choose[o]);\n\n");
        out.push_str("solve satisfy;\n");
        out.push_str("output [option_name[o] ++ \"\\n\" | o in 1..n_options where fix(choose[o])];\n");
        out
    }
}

/// `{1,4,9}`.
fn set(xs: impl Iterator<Item = usize>) -> String {
    let xs: Vec<String> = xs.map(|x| x.to_string()).collect();
    format!("{{{}}}", xs.join(","))
}

/// `[a, b, c]`.
fn list(xs: &[String]) -> String {
    format!("[{}]", xs.join(", "))
}

/// `["a", "b"]`, each a MiniZinc string literal.
fn strings(xs: &[String]) -> String {
    let quoted: Vec<String> = xs.iter().map(|s| quote(s)).collect();
    list(&quoted)
}

/// A MiniZinc string literal: `"`, `\` and control characters escaped.
fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => out.push('?'),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_are_quoted() {
        assert_eq!(quote(r#"a"b\c"#), r#""a\"b\\c""#);
        assert_eq!(set([3, 1].into_iter()), "{3,1}");
        assert_eq!(set(std::iter::empty()), "{}");
    }
}
