//! Small problems built directly in the IR, for the engines' and splitters' unit tests.
use super::{Colour, Entry, ItemId, XccBuilder, XccProblem};

/// n queens in Knuth's form: ranks and files primary, both diagonals secondary; option
/// `q{r}{c}` puts a queen on (r, c). 8 queens have 92 solutions (OEIS A000170).
pub fn queens(n: u32) -> XccProblem {
    queens_with(n, false)
}

/// n queens with one more primary item, `all`, that every option covers and that must be
/// covered exactly n times: the same solutions, found by the multiplicities engine.
pub fn queens_counted(n: u32) -> XccProblem {
    queens_with(n, true)
}

fn queens_with(n: u32, counted: bool) -> XccProblem {
    let mut b = XccBuilder::new();
    let all = counted.then(|| b.add_primary("all".to_string(), n, n));
    let rank: Vec<ItemId> = (0..n).map(|i| b.add_primary(format!("r{i}"), 1, 1)).collect();
    let file: Vec<ItemId> = (0..n).map(|i| b.add_primary(format!("f{i}"), 1, 1)).collect();
    let diag: Vec<ItemId> = (0..2 * n - 1).map(|i| b.add_secondary(format!("d{i}"))).collect();
    let anti: Vec<ItemId> = (0..2 * n - 1).map(|i| b.add_secondary(format!("a{i}"))).collect();
    for r in 0..n {
        for c in 0..n {
            let e = |item| Entry { item, colour: Colour::NONE };
            let mut items = vec![
                e(rank[r as usize]),
                e(file[c as usize]),
                e(diag[(r + c) as usize]),
                e(anti[(r + n - 1 - c) as usize]),
            ];
            items.extend(all.map(e));
            b.add_option(format!("q{r}{c}"), &items);
        }
    }
    b.finish()
}
