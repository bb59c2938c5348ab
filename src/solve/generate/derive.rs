//! Derived clues from a solution (`clues in DATA follow from the solution`): each entry of
//! `DATA` that a rule reads ([`crate::lower::derive::Link`]) is what that rule says of the
//! solution — a cage's cells combined, the cells seen along a line, the loop's sides around a
//! cell, a cell's value — written as the instance writes it. Entries no rule reads keep their
//! text (a Kakuro `.` or `X`, a Skyscrapers corner).
//!
//! The text of a clue follows the instance: a number as digits; a KenKen clue as the number
//! and the operation the instance wrote for that cage when it applies to the new numbers (a
//! difference or quotient needs two cells, a quotient a whole one), else `+`; a word split
//! into parts (`down\right`) has the parts no rule reads left empty.
use crate::lower::derive::{Derived, Rule};
use crate::lower::model::{ArithOp, Model};
use crate::lower::value::Value;
use crate::solve::answer::Answer;

/// The text of every entry of `DATA` for `answer` (a solution of the probe's model): `None`
/// where no rule reads the entry. `Err` says why a clue cannot be written (a quotient that is
/// not whole, a number that does not fit a grid of characters).
pub fn derive(model: &Model, derived: &Derived, answer: &Answer) -> Result<Vec<Option<String>>, String> {
    let value = |cell: usize| -> Result<&Value, String> {
        let fill = answer.fill.as_ref().ok_or("the solution fills no board")?;
        let board = model.board.as_ref().ok_or("no board")?;
        let v = fill.get(cell).copied().flatten().ok_or("a cell without a value")?;
        Ok(&board.values[v])
    };
    let number = |cell: usize| -> Result<i64, String> {
        match value(cell)? {
            Value::Int(n) => Ok(*n),
            v => Err(format!("a cage holds `{v}`, not a number")),
        }
    };
    // Per slot, its parts (one part when it is not split).
    let mut parts: Vec<Option<Vec<String>>> = vec![None; derived.slots.len()];
    let mut seps: Vec<Option<String>> = vec![None; derived.slots.len()];
    for link in &derived.links {
        let slot = &derived.slots[link.slot];
        let text = match &link.rule {
            Rule::Cage { cells, op, makes } => {
                let ns = cells.iter().map(|&c| number(c)).collect::<Result<Vec<i64>, String>>()?;
                if *makes { makes_clue(&ns, &slot.text) } else { combine(*op, &ns)?.to_string() }
            }
            Rule::Seen { cells, height } => {
                let fill = answer.fill.as_ref().ok_or("the solution fills no board")?;
                let mut top = None;
                let mut seen = 0;
                for &c in cells {
                    let h = height[fill[c].ok_or("a cell without a value")?];
                    if top.is_none_or(|t| h > t) {
                        seen += 1;
                        top = Some(h);
                    }
                }
                seen.to_string()
            }
            Rule::LoopSides { r, c } => {
                let rule = model.loop_rule.as_ref().ok_or("no loop")?;
                let edges = answer.loop_edges.as_ref().ok_or("the solution draws no loop")?;
                rule.sides(*r, *c).iter().filter(|&&e| edges[e]).count().to_string()
            }
            Rule::Cell(cell) => value(*cell)?.to_string(),
        };
        let entry = parts[link.slot].get_or_insert_with(Vec::new);
        match &link.part {
            None => *entry = vec![text],
            Some((sep, k)) => {
                // The word's parts as the instance split it, each rule's part replaced, the
                // others emptied.
                if seps[link.slot].is_none() {
                    let n = slot.text.split(sep.as_str()).count().max(k + 1);
                    *entry = vec![String::new(); n];
                    seps[link.slot] = Some(sep.clone());
                }
                if entry.len() <= *k {
                    entry.resize(k + 1, String::new());
                }
                entry[*k] = text;
            }
        }
    }
    let mut out = Vec::with_capacity(parts.len());
    for (k, p) in parts.into_iter().enumerate() {
        let text = p.map(|p| p.join(seps[k].as_deref().unwrap_or("")));
        if derived.by_char
            && let Some(t) = &text
            && t.chars().count() != 1
        {
            return Err(format!("the clue `{t}` does not fit in one character of grid `{}`", derived.data));
        }
        out.push(text);
    }
    Ok(out)
}

/// A cage's numbers combined by `op`.
fn combine(op: ArithOp, ns: &[i64]) -> Result<i64, String> {
    match (op, ns) {
        (ArithOp::Sum, _) => Ok(ns.iter().sum()),
        (ArithOp::Product, _) => Ok(ns.iter().product()),
        (ArithOp::Difference, [a, b]) => Ok((a - b).abs()),
        (ArithOp::Quotient, [a, b]) => {
            let (hi, lo) = ((*a).max(*b), (*a).min(*b));
            if lo != 0 && hi % lo == 0 { Ok(hi / lo) } else { Err(format!("{hi} / {lo} is not whole")) }
        }
        (ArithOp::Difference | ArithOp::Quotient, _) => Err("a difference or quotient needs a cage of two".into()),
    }
}

/// A KenKen clue for the numbers `ns`: the operation written in `was` (the instance's clue
/// for the cage) when it applies, else `+`; a one-cell cage's clue is its number alone.
fn makes_clue(ns: &[i64], was: &str) -> String {
    if let [n] = ns {
        return n.to_string();
    }
    let sym = was.trim_start_matches(|c: char| c.is_ascii_digit());
    let op = match sym {
        "-" | "−" => Some(ArithOp::Difference),
        "*" | "x" | "X" | "×" => Some(ArithOp::Product),
        "/" | "÷" | ":" => Some(ArithOp::Quotient),
        "+" => Some(ArithOp::Sum),
        _ => None,
    };
    match op.map(|op| combine(op, ns)) {
        Some(Ok(n)) => format!("{n}{sym}"),
        _ => format!("{}+", ns.iter().sum::<i64>()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn makes_keeps_the_operation_when_it_applies() {
        assert_eq!(makes_clue(&[2, 6], "3/"), "3/");
        assert_eq!(makes_clue(&[4, 6], "3/"), "10+");
        assert_eq!(makes_clue(&[4, 6, 1], "3-"), "11+");
        assert_eq!(makes_clue(&[4, 6, 1], "9x"), "24x");
        assert_eq!(makes_clue(&[5], "5"), "5");
    }
}
