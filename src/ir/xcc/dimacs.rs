//! The problem as a formula in conjunctive normal form, in the DIMACS format every SAT solver
//! reads (`--emit dimacs`).
//!
//! Variable `k` (1 to the number of options) is true when option `k` is chosen. The clauses
//! say what a solution is, item by item, over the options that contain the item:
//! - a primary item covered `lo..=hi` times: a cardinality constraint. Exactly one of at
//!   most [`PAIRWISE_MAX`] options is one clause "at least one" and a clause per pair "not
//!   both": no extra variables, and the strongest propagation. Anything else — more
//!   options, or other bounds — goes through a sequential counter (Sinz, CP 2005): register
//!   `r(i, j)` means "at least `j` of the first `i` options are chosen", which takes about
//!   `k·hi` variables and `4·k·hi` clauses instead of pairwise's `k²/2` (a pentomino cell
//!   is in hundreds of options);
//! - a secondary item is claimed by at most one of: an option that has it without a colour,
//!   or a colour that options give it. A colour given by one option is that option's
//!   variable; a colour given by several gets a variable "some option gives this colour".
//!   At most one claim: pairwise or the counter, as above;
//! - an option without a primary item is false. Knuth's algorithms (and puzc's engines)
//!   choose options only through their primary items, so such an option is in no solution.
//!
//! Every auxiliary variable is *defined*: its clauses say "if and only if", so each
//! solution extends to exactly one model. The number of models is the number of solutions,
//! and a model counter gives it directly.
//!
//! Comments (`c` lines, all before the `p cnf` line, where every DIMACS reader accepts
//! them) give each option variable's option name and items.

use std::fmt::Write;

use super::{Colour, ItemKind, XccProblem};

/// Exactly-one and at-most-one constraints over at most this many options are written
/// pairwise: 15 clauses for 6 options, against the counter's 4·6 clauses and 6 variables.
pub const PAIRWISE_MAX: usize = 6;

/// Clauses in the making: literals end to end, each clause closed by a 0.
struct Cnf {
    vars: usize,
    lits: Vec<i64>,
    clauses: usize,
}

impl Cnf {
    fn var(&mut self) -> i64 {
        self.vars += 1;
        self.vars as i64
    }

    fn clause(&mut self, lits: &[i64]) {
        self.lits.extend_from_slice(lits);
        self.lits.push(0);
        self.clauses += 1;
    }

    /// Between `lo` and `hi` of `xs` are true.
    fn cardinality(&mut self, xs: &[i64], lo: usize, hi: usize) {
        let k = xs.len();
        if lo > k {
            // Cannot be met: a contradiction on a fresh variable (some readers refuse the
            // empty clause).
            let z = self.var();
            self.clause(&[z]);
            self.clause(&[-z]);
            return;
        }
        if lo == 0 && hi >= k {
            return;
        }
        if hi == 1 && k <= PAIRWISE_MAX {
            if lo == 1 {
                self.clause(xs);
            }
            for (i, &a) in xs.iter().enumerate() {
                for &b in &xs[i + 1..] {
                    self.clause(&[-a, -b]);
                }
            }
            return;
        }
        self.counter(xs, lo, hi);
    }

    /// The sequential counter: `r(i, j)` ⇔ `r(i-1, j) ∨ (x_i ∧ r(i-1, j-1))`, registers up
    /// to the largest bound that needs checking; then "never `x_i` on top of `hi` already"
    /// and "`r(k, lo)`".
    fn counter(&mut self, xs: &[i64], lo: usize, hi: usize) {
        let k = xs.len();
        let top = if hi < k { hi } else { lo };
        // regs[i - 1][j - 1] is r(i, j), for j up to min(i, top).
        let mut regs: Vec<Vec<i64>> = Vec::with_capacity(k);
        for (i, &x) in xs.iter().enumerate().map(|(i, x)| (i + 1, x)) {
            let mut row = Vec::with_capacity(i.min(top));
            for j in 1..=i.min(top) {
                let r = self.var();
                // a = r(i-1, j) (false when j > i-1); b = r(i-1, j-1) (true when j = 1).
                let a = (j < i).then(|| regs[i - 2][j - 1]);
                let b = (j > 1).then(|| regs[i - 2][j - 2]);
                if let Some(a) = a {
                    self.clause(&[-a, r]);
                }
                match b {
                    Some(b) => self.clause(&[-x, -b, r]),
                    None => self.clause(&[-x, r]),
                }
                match a {
                    Some(a) => self.clause(&[-r, a, x]),
                    None => self.clause(&[-r, x]),
                }
                if let Some(b) = b {
                    match a {
                        Some(a) => self.clause(&[-r, a, b]),
                        None => self.clause(&[-r, b]),
                    }
                }
                row.push(r);
            }
            regs.push(row);
        }
        if hi < k {
            for i in hi + 1..=k {
                let full = regs[i - 2][hi - 1];
                self.clause(&[-xs[i - 1], -full]);
            }
        }
        if lo >= 1 {
            let reached = regs[k - 1][lo - 1];
            self.clause(&[reached]);
        }
    }
}

impl XccProblem {
    /// The problem as CNF in DIMACS format (see the module docs).
    pub fn to_dimacs(&self) -> String {
        let n = self.option_count();
        let mut cnf = Cnf { vars: n, lits: Vec::new(), clauses: 0 };
        let mut by_item: Vec<Vec<(i64, Colour)>> = vec![Vec::new(); self.items.len()];
        for o in 0..n {
            for e in &self.option_items[self.option_start[o] as usize..self.option_start[o + 1] as usize] {
                by_item[e.item.0 as usize].push((o as i64 + 1, e.colour));
            }
        }
        let mut notes = String::new();
        for (item, options) in self.items.iter().zip(&by_item) {
            let xs: Vec<i64> = options.iter().map(|&(x, _)| x).collect();
            match item.kind {
                ItemKind::Primary { lo, hi } => cnf.cardinality(&xs, lo as usize, hi as usize),
                ItemKind::Secondary => {
                    let claims = self.claims(options, &mut cnf);
                    cnf.cardinality(&claims, 0, 1);
                }
            }
            let _ = writeln!(notes, "c item {}: {}", item.name, bounds_note(item.kind, xs.len()));
        }
        for o in 0..n {
            let entries = &self.option_items[self.option_start[o] as usize..self.option_start[o + 1] as usize];
            if !entries.iter().any(|e| (e.item.0 as usize) < self.n_primary) {
                cnf.clause(&[-(o as i64 + 1)]);
            }
        }
        let mut out = String::new();
        let _ = writeln!(out, "c puzc exact cover as CNF: variable k (1 to {n}) is true when option k is chosen");
        if cnf.vars > n {
            let _ = writeln!(
                out,
                "c variables {} to {} are auxiliary and defined by the options: one model per solution",
                n + 1,
                cnf.vars
            );
        }
        for o in 0..n {
            let _ = writeln!(out, "c {} {} = {}", o + 1, self.option_names[o], self.option_text(o));
        }
        out.push_str(&notes);
        let _ = writeln!(out, "p cnf {} {}", cnf.vars, cnf.clauses);
        for clause in cnf.lits.split_inclusive(|&l| l == 0) {
            let words: Vec<String> = clause.iter().map(i64::to_string).collect();
            out.push_str(&words.join(" "));
            out.push('\n');
        }
        out
    }

    /// The literals that claim a secondary item: each uncoloured option, and each colour
    /// (an option's own variable when one option gives it, else a defined "some option gives
    /// it" variable).
    fn claims(&self, options: &[(i64, Colour)], cnf: &mut Cnf) -> Vec<i64> {
        let mut claims = Vec::new();
        let mut colours: Vec<(Colour, Vec<i64>)> = Vec::new();
        for &(x, c) in options {
            if c == Colour::NONE {
                claims.push(x);
            } else if let Some(group) = colours.iter_mut().find(|(g, _)| *g == c) {
                group.1.push(x);
            } else {
                colours.push((c, vec![x]));
            }
        }
        for (_, group) in colours {
            if let [x] = group[..] {
                claims.push(x);
                continue;
            }
            let y = cnf.var();
            for &x in &group {
                cnf.clause(&[-x, y]);
            }
            let mut any = vec![-y];
            any.extend_from_slice(&group);
            cnf.clause(&any);
            claims.push(y);
        }
        claims
    }
}

/// `exactly 1 of 8 options`, `2..=3 of 5 options`, `secondary, in 4 options`.
fn bounds_note(kind: ItemKind, options: usize) -> String {
    let s = if options == 1 { "" } else { "s" };
    match kind {
        ItemKind::Primary { lo, hi } if lo == hi => format!("exactly {lo} of {options} option{s}"),
        ItemKind::Primary { lo, hi } => format!("{lo}..={hi} of {options} option{s}"),
        ItemKind::Secondary => format!("secondary, in {options} option{s}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts the assignments that satisfy the clauses, by backtracking over the variables
    /// in order; a clause is checked when its last variable is set.
    fn models(cnf: &Cnf) -> usize {
        let mut by_last: Vec<Vec<&[i64]>> = vec![Vec::new(); cnf.vars + 1];
        for c in cnf.lits.split_inclusive(|&l| l == 0).map(|c| &c[..c.len() - 1]) {
            let last = c.iter().map(|l| l.unsigned_abs() as usize).max().unwrap_or(0);
            by_last[last].push(c);
        }
        fn go(v: usize, by_last: &[Vec<&[i64]>], val: &mut Vec<bool>) -> usize {
            if v == by_last.len() {
                return 1;
            }
            let mut total = 0;
            for b in [false, true] {
                val[v] = b;
                if by_last[v].iter().all(|c| c.iter().any(|&l| val[l.unsigned_abs() as usize] == (l > 0))) {
                    total += go(v + 1, by_last, val);
                }
            }
            total
        }
        if !by_last[0].is_empty() {
            return 0;
        }
        go(1, &by_last, &mut vec![false; cnf.vars + 1])
    }

    fn binomial(n: usize, k: usize) -> usize {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }

    /// Every cardinality encoding, pairwise or counter, has exactly one model per subset of
    /// `k` options whose size is within the bounds (the registers are defined).
    #[test]
    fn cardinality_models_are_the_subsets_within_bounds() {
        for k in 0..=8usize {
            for hi in 1..=k.max(1) + 1 {
                for lo in 0..=hi {
                    let mut cnf = Cnf { vars: k, lits: Vec::new(), clauses: 0 };
                    let xs: Vec<i64> = (1..=k as i64).collect();
                    cnf.cardinality(&xs, lo, hi);
                    let want: usize = (lo..=hi.min(k)).map(|m| binomial(k, m)).sum();
                    assert_eq!(models(&cnf), want, "k={k} lo={lo} hi={hi}");
                }
            }
        }
    }
}
