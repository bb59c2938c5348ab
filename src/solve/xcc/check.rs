//! An independent verifier for exact-cover solutions. It shares no code with the search,
//! so a bug there cannot hide itself here: it reads only the IR.

use crate::ir::xcc::{Colour, ItemKind, OptionId, XccProblem};

/// Checks that `chosen` solves `p`: option ids exist and are distinct, every primary item is
/// covered between its `lo` and `hi` times, and every secondary item is either claimed by
/// at most one uncoloured option and nothing else, or only by options agreeing on a colour.
pub fn check_solution(p: &XccProblem, chosen: &[OptionId]) -> Result<(), String> {
    let mut used = vec![false; p.option_count()];
    let mut covered = vec![0u64; p.items.len()];
    // Per secondary item: `None` = untouched, `Some(c)` = claimed with colour c.
    let mut claim: Vec<Option<Colour>> = vec![None; p.items.len()];
    for &o in chosen {
        let k = o.0 as usize;
        if k >= used.len() {
            return Err(format!("option {k} does not exist"));
        }
        if std::mem::replace(&mut used[k], true) {
            return Err(format!("option {k} `{}` is chosen twice", p.option_names[k]));
        }
        for e in p.option(o) {
            let item = e.item.0 as usize;
            covered[item] += 1;
            if item < p.n_primary {
                continue;
            }
            let clash = match claim[item] {
                None => false,
                Some(c) => c == Colour::NONE || c != e.colour,
            };
            if clash {
                return Err(format!(
                    "secondary item `{}` is claimed incompatibly by option {k} `{}`",
                    p.items[item].name, p.option_names[k]
                ));
            }
            claim[item] = Some(e.colour);
        }
    }
    check_primary_counts(p, &covered)
}

fn check_primary_counts(p: &XccProblem, covered: &[u64]) -> Result<(), String> {
    for (item, &n) in p.items.iter().zip(covered) {
        if let ItemKind::Primary { lo, hi } = item.kind
            && (n < lo as u64 || n > hi as u64)
        {
            return Err(format!(
                "primary item `{}` is covered {}, not {lo}..={hi}",
                item.name,
                crate::diag::plural(n, "time")
            ));
        }
    }
    Ok(())
}
