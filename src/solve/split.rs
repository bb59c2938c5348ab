//! Splitting an exact-cover search over threads (`--threads N`, and by default for long
//! `--count`/`--all` searches).
//!
//! The tree is cut into pieces near its top by [`partition::split`] (the cut `puzc split`
//! makes for other machines): nodes named by the options taken from the root, every solution
//! below exactly one piece, pieces in the order one search visits them, about 32 per thread
//! ([`PARTS_PER_THREAD`] × [`partition::PIECES_PER_PART`]) so that uneven subtrees even out.
//! Threads take the next unsolved piece until none is left; each piece is the problem
//! [`restrict`](partition::restrict)ed to its options, solved by the engine as it is. The
//! solutions are handed on piece by piece in piece order, so they come in the same order as
//! one search would find them; the first piece's as they are found (see [`solve`]). A problem
//! that branches by weights (`XccProblem::weighted`) runs on one thread unless only counted. Problems with multiplicities, which the probes sizing the
//! pieces do not walk, are cut at the root instead: one piece per option of the item covered
//! exactly once that has the fewest options.
use crate::ir::xcc::{ItemKind, OptionId, XccProblem};
use crate::solve::estimate::Prober;
use crate::solve::partition;
use crate::solve::xcc::{self, Branching, Flow, Limits, Stats, Stop};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};

/// The seed of the probes that size the pieces: fixed, so a run is repeatable.
const SEED: u64 = 0x0074_6872_6561_6473;
/// Pieces are made as for this many parts a thread (`partition::PIECES_PER_PART` pieces
/// each): more, smaller pieces even out an irregular tree (pentominoes' count, whole process
/// on 2 cores: 1.70× with 8 pieces a thread, 1.98× with 32) at the cost of a few more probes.
const PARTS_PER_THREAD: usize = 4;
/// Probes sizing each piece of a split over threads. The threads take pieces one after
/// another, which evens out pieces of uneven size, so a rougher estimate than `puzc split`'s
/// (whose parts are fixed in advance) does: the probes run before any thread starts, and
/// 32 a piece were 3% of Langford n = 12's instructions and about 10 ms of its 0.15 s on two
/// threads (8: Langford 161.8 → 152.4 ms wall, 14-queens 458.7 → 448.5 ms, pentominoes on
/// two threads 693.8 → 638.7 ms).
const PROBES_PER_PIECE: usize = 8;
/// Probes for deciding whether a search is long enough to split (`threads_for`).
const PROBES: usize = 64;
/// The first probes of those: a tree they put at a sixteenth of [`SPLIT_FROM_NODES`] or less
/// is not probed further. Small searches run by the thousand (a batch of UVA 211 layouts,
/// a few hundred nodes each) and 64 probes each were a tenth of their time; 8 probes put
/// pentominoes' 3.2M nodes at 56k–26M over twelve seeds, well above the cut.
const FIRST_PROBES: usize = 8;
/// Estimated nodes from which splitting is done by default. Engines run 1–5M nodes a second
/// on the shipped puzzles, so this is a few hundredths of a second, where splitting starts to
/// pay (12-queens, 147k nodes: 0.15 s on one thread, less on two); below it, sizing the pieces
/// would be a noticeable share of the search. It is set low because the estimate of an
/// irregular tree is mostly too small: 64 probes put pentominoes' 3.2M nodes at 0.27–3.5M
/// depending on the seed.
const SPLIT_FROM_NODES: f64 = 1.0e5;

/// Nodes the first try of [`solve_default`] may take on one thread.
const FIRST_TRY_NODES: u64 = 1024;
/// Options of solutions the first try holds back at most (a quarter of a MiB).
const FIRST_TRY_HELD: usize = 1 << 15;

/// [`solve`] on the threads [`threads_for`] chooses, which it returns with the stats.
///
/// A first try runs on one thread with a budget of [`FIRST_TRY_NODES`] nodes, holding its
/// solutions back: a search that ends within it (each of UVA 211's layouts takes a few
/// hundred nodes) is done, its solutions are handed on in the order found, and no probe is
/// made (eight probes cost as much as such a search). A search that goes past the budget is
/// started again as before: probes, then one thread or all. That repeats at most
/// [`FIRST_TRY_NODES`] nodes, about a millisecond, and only for searches that long.
///
/// Under a solution or node limit the search runs on one thread, as [`solve`] would. Should
/// the callback stop the search among the held solutions, the stats keep the first try's
/// nodes (all of its tree, not the part before that solution).
pub fn solve_default(
    p: &XccProblem,
    limits: &Limits,
    branching: Branching,
    keep_solutions: bool,
    on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
) -> (Stats, usize) {
    let limited = limits.max_solutions.is_some() || limits.max_nodes.is_some();
    if limited || cores() == 1 || (keep_solutions && xcc::by_weights(p)) {
        return (xcc::solve_with(p, limits, branching, on_solution), 1);
    }
    let mut held: Vec<OptionId> = Vec::new();
    let mut ends: Vec<usize> = Vec::new();
    let first_try = Limits {
        max_nodes: Some(FIRST_TRY_NODES),
        deadline: limits.deadline,
        cancel: limits.cancel.clone(),
        ..Limits::default()
    };
    let first = xcc::solve_with(p, &first_try, branching, &mut |chosen| {
        if held.len() + chosen.len() > FIRST_TRY_HELD {
            return Flow::Stop;
        }
        held.extend_from_slice(chosen);
        ends.push(held.len());
        Flow::Continue
    });
    // Ended (or out of time or cancelled, which a second try would be too): what was found
    // is the answer.
    if matches!(first.stop, Stop::Exhausted | Stop::Timeout | Stop::Interrupted) {
        let mut start = 0;
        for (k, &end) in ends.iter().enumerate() {
            if on_solution(&held[start..end]) == Flow::Stop {
                return (Stats { nodes: first.nodes, solutions: k as u64 + 1, stop: Stop::Callback }, 1);
            }
            start = end;
        }
        return (first, 1);
    }
    let threads = threads_for(p);
    (solve(p, limits, branching, threads, keep_solutions, on_solution), threads)
}

/// How many threads a `--count`/`--all` search of `p` uses when `--threads` is not given:
/// every core the machine offers when Knuth's estimate (64 probes; 8 when those put it far
/// below) says the tree has at least [`SPLIT_FROM_NODES`] nodes, one otherwise (and for
/// problems with multiplicities, which neither the probes nor the split walk).
pub fn threads_for(p: &XccProblem) -> usize {
    let cores = cores();
    if cores == 1 {
        return 1;
    }
    let Some(mut prober) = Prober::new(p, true, SEED) else { return 1 };
    let mut nodes = 0.0;
    for k in 1..=PROBES {
        nodes += prober.probe().nodes;
        if k == FIRST_PROBES && nodes / (k as f64) < SPLIT_FROM_NODES / 16.0 {
            return 1;
        }
    }
    if nodes / PROBES as f64 >= SPLIT_FROM_NODES { cores } else { 1 }
}

/// The cores this process may use, asked once: `available_parallelism` reads the cgroup
/// files under /proc on every call, which was 2.5% of a batch of small searches (UVA 211's
/// layouts each ask).
fn cores() -> usize {
    static CORES: OnceLock<usize> = OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// One piece per option of the primary item covered exactly once that has the fewest options;
/// none when there is no such item.
fn root_pieces(p: &XccProblem) -> Vec<Vec<OptionId>> {
    let mut options: Vec<Vec<OptionId>> = vec![Vec::new(); p.n_primary];
    for o in (0..p.option_count()).map(|o| OptionId(o as u32)) {
        for e in p.option(o).iter().filter(|e| (e.item.0 as usize) < p.n_primary) {
            options[e.item.0 as usize].push(o);
        }
    }
    let plain = |item: usize| matches!(p.items[item].kind, ItemKind::Primary { lo: 1, hi: 1 });
    let fewest = options.into_iter().enumerate().filter(|&(item, _)| plain(item)).min_by_key(|(_, o)| o.len());
    fewest.map_or_else(Vec::new, |(_, opts)| opts.into_iter().map(|o| vec![o]).collect())
}

/// Solves `p` on `threads` threads, calling `on_solution` (on the calling thread) with
/// every solution, as original option ids, in the order of the pieces: the order one search
/// finds them in. A deadline applies to every thread; with a solution or node limit the
/// search runs on one thread. The returned stats add up the pieces' nodes (each counts its
/// own root) and solutions.
///
/// The calling thread works on pieces too, and hands solutions on as soon as the order
/// allows: it takes the first piece and passes that piece's solutions on as its search finds
/// them (so `--all | head -1` need not wait for the split to end), while the other threads'
/// pieces are held until every piece before them has been handed on. Between pieces the
/// calling thread hands on what is ready, then takes the next unclaimed piece (streamed if
/// every piece before it is done, held otherwise), and when none is left waits for the
/// others in order. When `on_solution` stops the search, the other threads stop at their
/// next solution.
pub fn solve(
    p: &XccProblem,
    limits: &Limits,
    branching: Branching,
    threads: usize,
    keep_solutions: bool,
    on_solution: &mut dyn FnMut(&[OptionId]) -> Flow,
) -> Stats {
    // Solution and node limits count across the whole search: those run on one thread. So
    // does a search branching by weights that keeps its solutions: its pieces would each
    // learn their own weights and hand on the solutions in another order than one search
    // (a count is the same either way).
    let limited = limits.max_solutions.is_some() || limits.max_nodes.is_some();
    if threads < 2 || limited || (keep_solutions && xcc::by_weights(p)) {
        return xcc::solve_with(p, limits, branching, on_solution);
    }
    // The probes that size pieces do not walk multiplicities: those split at the root.
    let pieces: Vec<Vec<OptionId>> = match partition::split(p, threads * PARTS_PER_THREAD, PROBES_PER_PIECE, SEED) {
        Some(runs) => runs.into_iter().flatten().map(|piece| piece.choices).collect(),
        None => root_pieces(p),
    };
    if pieces.len() < 2 {
        return xcc::solve_with(p, limits, branching, on_solution);
    }
    let work = Work {
        p,
        limits,
        branching,
        keep_solutions,
        pieces: &pieces,
        next: AtomicUsize::new(0),
        cancel: AtomicBool::new(false),
        done: Mutex::new(vec![None; pieces.len()]),
        ready: Condvar::new(),
    };
    std::thread::scope(|s| {
        for _ in 1..threads.min(pieces.len()) {
            s.spawn(|| while work.take_and_hold() {});
        }
        let total = work.hand_on(on_solution);
        if total.stop == Stop::Callback {
            work.cancel.store(true, Ordering::Relaxed);
        }
        total
    })
}

/// What one piece found: its stats and, when kept, its solutions in original option ids
/// (none for a piece already handed on as it was searched).
type Found = (Stats, Vec<Vec<OptionId>>);

/// The pieces of a split and what has become of them, shared by the threads.
struct Work<'a> {
    p: &'a XccProblem,
    limits: &'a Limits,
    branching: Branching,
    keep_solutions: bool,
    pieces: &'a [Vec<OptionId>],
    /// The first piece no thread has taken.
    next: AtomicUsize,
    /// Set when the calling thread's `on_solution` stopped the search.
    cancel: AtomicBool,
    /// What each finished piece found.
    done: Mutex<Vec<Option<Found>>>,
    /// Signalled when a piece is done.
    ready: Condvar,
}

impl Work<'_> {
    /// Solves piece `k`, handing each solution to `each` (as original option ids).
    fn search(&self, k: usize, each: &mut dyn FnMut(Vec<OptionId>) -> Flow) -> Stats {
        let (q, original) = partition::restrict(self.p, &self.pieces[k]);
        xcc::solve_with(&q, self.limits, self.branching, &mut |chosen| {
            if self.cancel.load(Ordering::Relaxed) {
                return Flow::Stop;
            }
            if !self.keep_solutions {
                return Flow::Continue;
            }
            each(chosen.iter().map(|o| original[o.0 as usize]).collect())
        })
    }

    /// Takes the next piece and solves it, holding its solutions; false when none is left.
    fn take_and_hold(&self) -> bool {
        let k = self.next.fetch_add(1, Ordering::Relaxed);
        if k >= self.pieces.len() {
            return false;
        }
        let mut held = Vec::new();
        let stats = self.search(k, &mut |sol| {
            held.push(sol);
            Flow::Continue
        });
        self.done.lock().unwrap()[k] = Some((stats, held));
        self.ready.notify_all();
        true
    }

    /// The calling thread's part: every piece's solutions handed to `on_solution` in piece
    /// order, solving pieces itself while any is unclaimed. Returns the stats of the whole.
    fn hand_on(&self, on_solution: &mut dyn FnMut(&[OptionId]) -> Flow) -> Stats {
        let mut total = Stats { nodes: 0, solutions: 0, stop: Stop::Exhausted };
        let add = |total: &mut Stats, stats: &Stats| {
            total.nodes += stats.nodes;
            total.solutions += stats.solutions;
            if stats.stop != Stop::Exhausted {
                total.stop = stats.stop;
            }
        };
        // The first piece not yet handed on.
        let mut shown = 0;
        while shown < self.pieces.len() {
            // Hand on every piece that is done, in order.
            let finished = self.done.lock().unwrap()[shown].take();
            if let Some((stats, solutions)) = finished {
                add(&mut total, &stats);
                for sol in solutions {
                    if on_solution(&sol) == Flow::Stop {
                        total.stop = Stop::Callback;
                        return total;
                    }
                }
                shown += 1;
                continue;
            }
            // The next piece is being solved elsewhere: take an unclaimed one meanwhile,
            // streamed if it is the next to hand on, held otherwise.
            let k = self.next.fetch_add(1, Ordering::Relaxed);
            if k < self.pieces.len() && k == shown {
                let mut stopped = false;
                let stats = self.search(k, &mut |sol| {
                    let flow = on_solution(&sol);
                    stopped |= flow == Flow::Stop;
                    flow
                });
                add(&mut total, &stats);
                if stopped {
                    total.stop = Stop::Callback;
                    return total;
                }
                shown += 1;
            } else if k < self.pieces.len() {
                let mut held = Vec::new();
                let stats = self.search(k, &mut |sol| {
                    held.push(sol);
                    Flow::Continue
                });
                self.done.lock().unwrap()[k] = Some((stats, held));
            } else {
                // Nothing left to take: wait for the next piece.
                let mut done = self.done.lock().unwrap();
                while done[shown].is_none() {
                    done = self.ready.wait(done).unwrap();
                }
            }
        }
        total
    }
}

/// Counts the solutions of `p` on `threads` threads.
pub fn count(p: &XccProblem, limits: &Limits, threads: usize) -> Stats {
    solve(p, limits, Branching::Mrv, threads, false, &mut |_| Flow::Continue)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::xcc::fixtures::{queens, queens_counted};

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

    /// The default run gives what one thread does: within the first try's budget (queens 6
    /// and 8) the same solutions in the same order and the same stats, past it (queens 10)
    /// the same solutions; and a callback that stops among the held solutions stops there.
    #[test]
    fn default_threads_find_what_one_thread_finds() {
        // Solutions per board: OEIS A000170.
        for (n, solutions) in [(6, 4), (8, 92), (10, 724)] {
            let p = queens(n);
            let mut one = Vec::new();
            let single = xcc::solve_with(&p, &Limits::default(), Branching::ForcedMoves, &mut |s| {
                one.push(s.to_vec());
                Flow::Continue
            });
            let mut got = Vec::new();
            let (stats, threads) = solve_default(&p, &Limits::default(), Branching::ForcedMoves, true, &mut |s| {
                got.push(s.to_vec());
                Flow::Continue
            });
            assert_eq!((single.solutions, stats.solutions), (solutions, solutions), "queens {n}");
            if single.nodes <= FIRST_TRY_NODES {
                assert_eq!((stats, threads), (single, 1), "queens {n}: the first try is the search");
                assert_eq!(got, one, "queens {n}");
            } else {
                assert!(n == 10, "queens {n} was meant to fit the first try ({} nodes)", single.nodes);
                let sorted = |v: &mut Vec<Vec<OptionId>>| {
                    v.iter_mut().for_each(|s| s.sort());
                    v.sort();
                };
                sorted(&mut got);
                sorted(&mut one);
                assert_eq!(got, one, "queens {n}");
            }
            let mut seen = 0;
            let (stopped, _) = solve_default(&p, &Limits::default(), Branching::ForcedMoves, true, &mut |_| {
                seen += 1;
                if seen == 3 { Flow::Stop } else { Flow::Continue }
            });
            assert_eq!((stopped.solutions, stopped.stop, seen), (3, Stop::Callback, 3), "queens {n}");
        }
    }

    /// A problem with multiplicities is cut at the root and counts the same on any number of
    /// threads.
    #[test]
    fn multiplicities_split_at_the_root() {
        let p = queens_counted(7);
        assert!(root_pieces(&p).len() > 1);
        for threads in [1, 2, 3] {
            assert_eq!(count(&p, &Limits::default(), threads).solutions, 40, "{threads} threads"); // OEIS A000170
        }
    }
}
