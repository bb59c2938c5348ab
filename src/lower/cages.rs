//! Arithmetic cages lowered to exact cover, as Knuth lowers killer sudoku: each cage chooses
//! one admissible combination of values as an option, and the cells' `fill` options must
//! agree with it.
//!
//! - `all different` cages: the choice is a *set* of values. There is one primary item
//!   `CAGE` (choose one set) and one primary item `CAGE#v` per board value. The option for
//!   set S covers `CAGE` and `CAGE#v` for every v **not** in S; the option "cell takes v"
//!   of each cell of the cage covers `CAGE#v`. So each value of S is taken by exactly one
//!   cell of the cage, and no cell takes a value outside S: distinct values, no colours.
//! - other cages (KenKen, where a value may repeat): the choice is a value for every cell.
//!   There is one primary item `CAGE` and one secondary item `CAGE@k` per cell; the option
//!   for an assignment covers `CAGE` and colours `CAGE@k` with the k-th cell's value, and
//!   "cell takes v" colours `CAGE@k` with v. Assignments that repeat a value within a row,
//!   column or other region that holds each value at most once are left out.
//!
//! Only admissible combinations become options: those whose values combine to the target
//! and agree with the givens. Enumeration is metered (S401 past the limit): in steps, in
//! combinations (no more than the options still allowed), and in memory (`meter.rs`),
//! checked at every combination kept, so a cage of 81 cells stops within the budget.
use super::model::{ArithOp, Cage, Model};
use super::value::Value;
use super::xcc::{Meaning, OptionGuard};
use crate::diag::{Code, Diagnostic, Diagnostics};
use crate::ir::xcc::{Colour, Entry, ItemId, XccBuilder};

/// The cage items, and which cages each cell lies in.
pub struct CageItems {
    /// Per cell: (cage, the cell's position in the cage).
    member: Vec<Vec<(usize, usize)>>,
    choice: Vec<ItemId>,
    /// Distinct cages: the first of one item per value; others: the first of one per cell.
    base: Vec<ItemId>,
    /// The board's values as numbers.
    numbers: Vec<i64>,
}

/// Declares the items of every cage (after the cells' and regions' items). `None` with a
/// diagnostic when cages cannot apply.
pub fn add_items(model: &Model, b: &mut XccBuilder, diags: &mut Diagnostics) -> Option<CageItems> {
    let board = model.board.as_ref()?;
    let mut numbers = Vec::with_capacity(board.values.len());
    for v in &board.values {
        match v {
            Value::Int(n) => numbers.push(*n),
            other => {
                let span = model.cages.first().map(|c| c.span).unwrap_or(board.span);
                diags.push(
                    Diagnostic::new(Code::G210, span, "arithmetic cages need cells that hold numbers")
                        .label(format!("the board's values include {other}"))
                        .related(board.span, "the board's values are declared here")
                        .help("declare number values: `board grid[9, 9] of 1..=9`"),
                );
                return None;
            }
        }
    }
    let mut member = vec![Vec::new(); board.on.len()];
    let (mut choice, mut base) = (Vec::new(), Vec::new());
    for (k, cage) in model.cages.iter().enumerate() {
        if let Some(&c) = cage.cells.iter().find(|&&c| !board.on[c]) {
            let (x, y) = board.coord(c);
            diags.push(
                Diagnostic::new(Code::G210, cage.span, format!("`{}` includes the hole ({x}, {y})", cage.name))
                    .label("a cage over a hole")
                    .help("leave holes out of the region (`region ... from grid without '.'`)"),
            );
            continue;
        }
        let name = cage.name.replace(' ', "");
        choice.push(b.add_primary(&name, 1, 1));
        let first = if cage.distinct {
            let ids: Vec<ItemId> = board.values.iter().map(|v| b.add_primary(format!("{name}#{v}"), 1, 1)).collect();
            ids[0]
        } else {
            let ids: Vec<ItemId> = (0..cage.cells.len()).map(|i| b.add_secondary(format!("{name}@{i}"))).collect();
            ids[0]
        };
        base.push(first);
        for (i, &c) in cage.cells.iter().enumerate() {
            member[c].push((k, i));
        }
    }
    if !diags.is_empty() {
        return None;
    }
    Some(CageItems { member, choice, base, numbers })
}

impl CageItems {
    /// What the option "cell takes value `v`" covers in the cages it lies in.
    pub fn cell_entries(&self, model: &Model, b: &mut XccBuilder, cell: usize, v: usize, out: &mut Vec<Entry>) {
        for &(k, i) in &self.member[cell] {
            if model.cages[k].distinct {
                out.push(Entry { item: ItemId(self.base[k].0 + v as u32), colour: Colour::NONE });
            } else {
                let colour = b.colour(&model.board.as_ref().unwrap().values[v].to_string());
                out.push(Entry { item: ItemId(self.base[k].0 + i as u32), colour });
            }
        }
    }

    /// One option per admissible combination of every cage.
    pub fn add_options(
        &self,
        model: &Model,
        b: &mut XccBuilder,
        meanings: &mut Vec<Meaning>,
        diags: &mut Diagnostics,
        guard: &mut OptionGuard,
    ) {
        let board = model.board.as_ref().unwrap();
        let names: Vec<String> = board.values.iter().map(|v| v.to_string()).collect();
        // Values tried in increasing order, so sums and products can stop early.
        let mut order: Vec<usize> = (0..self.numbers.len()).collect();
        order.sort_by_key(|&v| self.numbers[v]);
        let mut entries = Vec::new();
        for (k, cage) in model.cages.iter().enumerate() {
            let givens: Vec<Option<usize>> = cage.cells.iter().map(|&c| board.given[c]).collect();
            // Two cells of the cage that share a region holding each value at most once.
            let apart = |i: usize, j: usize| {
                model.regions.iter().any(|r| r.cells.contains(&cage.cells[i]) && r.cells.contains(&cage.cells[j]))
            };
            // Per position, the earlier positions it must differ from (a short list: a cell
            // of a sudoku cage meets at most 20 others, however large the cage).
            let conflicts: Vec<Vec<usize>> =
                (0..cage.cells.len()).map(|i| (0..i).filter(|&j| apart(i, j)).collect()).collect();
            let mut search = Search {
                cage,
                numbers: &self.numbers,
                order: &order,
                givens: &givens,
                conflicts: &conflicts,
                chosen: Vec::with_capacity(cage.cells.len()),
                steps: 0,
                max_steps: (guard.max as u64).saturating_mul(10).max(1_000_000),
                max_found: guard.max.saturating_sub(meanings.len()),
                found: Vec::new(),
                too_many: false,
                out_of_memory: false,
                out_of_time: false,
            };
            search.run(0, 0);
            if search.out_of_memory {
                let mut d = super::meter::out_of_memory(cage.span);
                d.message = format!("`{}` has more combinations of values than the memory limit allows", cage.name);
                diags.push(d.label("too many combinations to hold"));
                return;
            }
            if search.out_of_time {
                diags.push(super::meter::out_of_time(cage.span).label("still listing this cage's combinations"));
                return;
            }
            if search.too_many {
                diags.push(
                    Diagnostic::new(
                        Code::S401,
                        cage.span,
                        format!("`{}` has too many combinations of values to list", cage.name),
                    )
                    .label("too many combinations")
                    .help("split the cage, or raise the limit with `--max-options`"),
                );
                return;
            }
            let size = cage.cells.len();
            for combo in search.found.chunks_exact(size.max(1)) {
                if guard.full(meanings.len(), cage.span) {
                    return;
                }
                entries.clear();
                entries.push(Entry { item: self.choice[k], colour: Colour::NONE });
                let shown: Vec<&str> = combo.iter().map(|&v| names[v].as_str()).collect();
                if cage.distinct {
                    for v in 0..self.numbers.len() {
                        if !combo.contains(&v) {
                            entries.push(Entry { item: ItemId(self.base[k].0 + v as u32), colour: Colour::NONE });
                        }
                    }
                } else {
                    for (i, &v) in combo.iter().enumerate() {
                        entries.push(Entry { item: ItemId(self.base[k].0 + i as u32), colour: b.colour(&names[v]) });
                    }
                }
                b.add_option(format!("{}={{{}}}", cage.name.replace(' ', ""), shown.join(",")), &entries);
                meanings.push(Meaning::Cage { cage: k });
            }
        }
    }
}

/// Enumerates the admissible combinations of one cage: sets of values (distinct cages) or
/// one value per cell (others), as indices into the board's values.
struct Search<'a> {
    cage: &'a Cage,
    numbers: &'a [i64],
    /// Value indices in increasing numeric order.
    order: &'a [usize],
    givens: &'a [Option<usize>],
    /// Per position, the earlier positions whose value it must not repeat.
    conflicts: &'a [Vec<usize>],
    chosen: Vec<usize>,
    steps: u64,
    max_steps: u64,
    /// The options the cage may still add: more combinations than this are refused.
    max_found: usize,
    /// The combinations found, one after another (the cage's size each).
    found: Vec<usize>,
    too_many: bool,
    /// The memory budget ran out while combinations were kept.
    out_of_memory: bool,
    /// The deadline (`--timeout`) passed while combinations were listed.
    out_of_time: bool,
}

impl Search<'_> {
    /// Chooses the value of position `i`; for a set, from `order[from..]` on.
    fn run(&mut self, i: usize, from: usize) {
        if self.too_many {
            return;
        }
        self.steps += 1;
        if self.steps > self.max_steps {
            self.too_many = true;
            return;
        }
        if super::meter::deadline::passed() {
            self.out_of_time = true;
            self.too_many = true;
            return;
        }
        let size = self.cage.cells.len();
        if i == size {
            if self.admissible() {
                self.keep();
            }
            return;
        }
        let start = if self.cage.distinct { from } else { 0 };
        for at in start..self.order.len() {
            let v = self.order[at];
            if self.cage.distinct {
                // Not enough larger values left to fill the set.
                if self.order.len() - at < size - i {
                    break;
                }
            } else {
                if self.givens[i].is_some_and(|g| g != v) {
                    continue;
                }
                if self.conflicts[i].iter().any(|&j| self.chosen[j] == v) {
                    continue;
                }
            }
            self.chosen.push(v);
            let over = self.over_target();
            if !over {
                self.run(i + 1, at + 1);
            }
            self.chosen.pop();
            if over {
                break; // values only grow from here on
            }
        }
    }

    /// Keeps the combination chosen, or stops the search: past the options left, or past
    /// the memory budget (checked at every combination, one atomic load).
    fn keep(&mut self) {
        if self.found.len() / self.chosen.len().max(1) >= self.max_found {
            self.too_many = true;
        } else if super::meter::over() || !self.grow_for(self.chosen.len()) {
            self.out_of_memory = true;
            self.too_many = true;
        } else {
            self.found.extend_from_slice(&self.chosen);
        }
    }

    /// Makes room for `n` more values, doubling the list only when the doubled list fits the
    /// memory budget and the system grants it.
    fn grow_for(&mut self, n: usize) -> bool {
        let (len, cap) = (self.found.len(), self.found.capacity());
        if len + n <= cap {
            return true;
        }
        let more = (cap.max(n) * 2).max(1024);
        super::meter::room_for(more.saturating_mul(size_of::<usize>())) && self.found.try_reserve_exact(more).is_ok()
    }

    /// Whether the partial combination already exceeds a sum or product target, which
    /// larger values cannot undo (only when every value is non-negative, or positive).
    fn over_target(&self) -> bool {
        let mut vals = self.chosen.iter().map(|&v| self.numbers[v]);
        let min = self.numbers.iter().copied().min().unwrap_or(0);
        match self.cage.op {
            ArithOp::Sum if min >= 0 && self.cage.distinct => {
                vals.try_fold(0i64, |a, b| a.checked_add(b)).is_none_or(|s| s > self.cage.target)
            }
            ArithOp::Product if min >= 1 && self.cage.distinct => {
                vals.try_fold(1i64, |a, b| a.checked_mul(b)).is_none_or(|p| p > self.cage.target)
            }
            _ => false,
        }
    }

    fn admissible(&self) -> bool {
        let vals: Vec<i64> = self.chosen.iter().map(|&v| self.numbers[v]).collect();
        if self.cage.distinct {
            // The givens of the cage must all be in the set.
            let ok = self.givens.iter().flatten().all(|g| self.chosen.contains(g));
            let mut seen = self.givens.iter().flatten().collect::<Vec<_>>();
            seen.sort();
            let repeated = seen.windows(2).any(|w| w[0] == w[1]);
            if !ok || repeated {
                return false;
            }
        }
        combines(self.cage.op, &vals, self.cage.target)
    }
}

/// Whether `vals` combine to `target` under `op`.
fn combines(op: ArithOp, vals: &[i64], target: i64) -> bool {
    let Some(&max) = vals.iter().max() else { return false };
    let sum = vals.iter().try_fold(0i64, |a, &b| a.checked_add(b));
    match op {
        ArithOp::Sum => sum == Some(target),
        ArithOp::Product => vals.iter().try_fold(1i64, |a, &b| a.checked_mul(b)) == Some(target),
        ArithOp::Difference => sum.and_then(|s| max.checked_sub(s - max)) == Some(target),
        ArithOp::Quotient => {
            let pos = vals.iter().position(|&v| v == max).unwrap();
            let rest = vals.iter().enumerate().filter(|&(i, _)| i != pos).try_fold(1i64, |a, (_, &b)| a.checked_mul(b));
            matches!(rest, Some(p) if p != 0 && max % p == 0 && max / p == target)
        }
    }
}
