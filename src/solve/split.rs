//! Splitting an exact-cover search over threads (`--threads N`).
//!
//! The search tree is cut at its root: take the primary item with the fewest options (the
//! item minimum-remaining-values branching would choose first) and make one subproblem per
//! option of it, in which that option is the item's only option. Every solution contains
//! exactly one option of the item, so the subproblems' solutions are disjoint and together
//! are all the solutions; solved in option order and concatenated, they come in the same
//! order as one search would find them. The engine is used as it is, once per subproblem.
use crate::ir::xcc::{ItemKind, OptionId, XccProblem};
use crate::solve::xcc::{self, Branching, Flow, Limits, Stats, Stop};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The root item to split on, and its options; `None` when splitting cannot help (no primary
/// item, an item with multiplicities, or one option or none).
fn split_item(p: &XccProblem) -> Option<Vec<OptionId>> {
    let mut options: Vec<Vec<OptionId>> = vec![Vec::new(); p.n_primary];
    for o in 0..p.option_count() {
        for e in p.option(OptionId(o as u32)) {
            if (e.item.0 as usize) < p.n_primary {
                options[e.item.0 as usize].push(OptionId(o as u32));
            }
        }
    }
    let (item, opts) = options.into_iter().enumerate().min_by_key(|(_, o)| o.len())?;
    let plain = matches!(p.items[item].kind, ItemKind::Primary { lo: 1, hi: 1 });
    (plain && opts.len() > 1).then_some(opts)
}

/// `p` with every option of the split item but `keep` left out.
fn with_only(p: &XccProblem, item_options: &[OptionId], keep: OptionId) -> (XccProblem, Vec<OptionId>) {
    let mut q = XccProblem { option_names: Vec::new(), option_start: vec![0], option_items: Vec::new(), ..p.clone() };
    let mut original = Vec::new();
    for o in 0..p.option_count() {
        let id = OptionId(o as u32);
        if id != keep && item_options.binary_search(&id).is_ok() {
            continue;
        }
        q.option_items.extend_from_slice(p.option(id));
        q.option_start.push(q.option_items.len() as u32);
        q.option_names.push(p.option_names[o].clone());
        original.push(id);
    }
    (q, original)
}

/// What one subproblem found: its stats and, when kept, its solutions in original option ids.
type Part = (Stats, Vec<Vec<OptionId>>);

/// Solves `p` on `threads` threads, calling `on_solution` (from one thread at a time, in the
/// order of the subproblems once all are done) with every solution, as original option ids.
/// A deadline applies to every thread; with a solution or node limit the search runs on one
/// thread. The returned stats add up the subproblems' nodes (each counts its own root) and
/// solutions.
pub fn solve(
    p: &XccProblem,
    limits: &Limits,
    branching: Branching,
    threads: usize,
    keep_solutions: bool,
    on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
) -> Stats {
    // Solution and node limits count across the whole search: those run on one thread.
    let limited = limits.max_solutions.is_some() || limits.max_nodes.is_some();
    let Some(parts) = split_item(p).filter(|_| threads > 1 && !limited) else {
        return xcc::solve_with(p, limits, branching, on_solution);
    };
    let next = AtomicUsize::new(0);
    // Per subproblem: its stats and (when kept) its solutions in original ids.
    let results: Mutex<Vec<Option<Part>>> = Mutex::new(vec![None; parts.len()]);
    std::thread::scope(|s| {
        for _ in 0..threads.min(parts.len()) {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&keep) = parts.get(k) else { break };
                    let (q, original) = with_only(p, &parts, keep);
                    let mut found = Vec::new();
                    let stats = xcc::solve_with(&q, limits, branching, &mut |chosen| {
                        if keep_solutions {
                            found.push(chosen.iter().map(|o| original[o.0 as usize]).collect());
                        }
                        Flow::Continue
                    });
                    results.lock().unwrap()[k] = Some((stats, found));
                }
            });
        }
    });
    let mut total = Stats { nodes: 0, solutions: 0, stop: Stop::Exhausted };
    for (stats, found) in results.into_inner().unwrap().into_iter().flatten() {
        total.nodes += stats.nodes;
        total.solutions += stats.solutions;
        if stats.stop != Stop::Exhausted {
            total.stop = stats.stop;
        }
        for sol in found {
            if on_solution(&sol) == Flow::Stop {
                total.stop = Stop::Callback;
                return total;
            }
        }
    }
    total
}

/// Counts the solutions of `p` on `threads` threads.
pub fn count(p: &XccProblem, limits: &Limits, threads: usize) -> Stats {
    solve(p, limits, Branching::Mrv, threads, false, &mut |_| Flow::Continue)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::xcc::fixtures::queens;

    /// Splitting gives the same solutions, in the same order, as one thread.
    #[test]
    fn same_solutions_as_one_thread() {
        let p = queens(8);
        let mut one = Vec::new();
        xcc::solve(&p, &Limits::default(), &mut |s| {
            let mut s = s.to_vec();
            s.sort();
            one.push(s);
            Flow::Continue
        });
        for threads in [2, 3] {
            let mut many = Vec::new();
            let stats = solve(&p, &Limits::default(), Branching::Mrv, threads, true, &mut |s| {
                let mut s = s.to_vec();
                s.sort();
                many.push(s);
                Flow::Continue
            });
            assert_eq!(stats.solutions, 92);
            assert_eq!(many, one, "{threads} threads");
        }
    }
}
