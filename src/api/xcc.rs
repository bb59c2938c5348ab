//! One exact-cover case from its model to verified answers: the engine chosen (the fill
//! engine, edge matching, or exact cover split over threads), symmetry classes and counting
//! by orbits, every answer kept checked by the verifier. `puzc solve` (`cli/xcc.rs`) and
//! [`crate::api::solve`] both run their searches through [`Plan`], so a front end sees the
//! answers the command line prints, in the order the search finds them.
use crate::diag::Diagnostic;
use crate::ir::fill::FillShape;
use crate::lower::breaking::{self, Breaking};
use crate::lower::edges::{EdgesLowered, lower_edges};
use crate::lower::fill::{FillLowered, lower_fill};
use crate::lower::model::Model;
use crate::lower::symmetry::symmetries;
use crate::lower::xcc::lower;
use crate::solve::answer::{Answer, Placed, decode, number_copies};
use crate::solve::classes::Classes;
use crate::solve::fill::Grid;
use crate::solve::split;
use crate::solve::verify::Verifier;
use crate::solve::xcc::{self, Flow};
use crate::syntax::ast::AnswerMode;
use std::cell::RefCell;
use std::rc::Rc;

/// The exact-cover IR: a matrix of items and options with colours, as `--emit` writes it and
/// `solve --dlx` reads it in Knuth's format (its one-character colour names).
pub use crate::ir::xcc::{KNUTH_COLOUR_CHARS, OptionId, XccProblem};
/// An exact-cover matrix lowered from a model, with what each option means in the puzzle.
pub use crate::lower::xcc::Lowered;
/// Knuth's random-probe estimate of a search tree (`puzc estimate`): probes, the probes that
/// reached a solution, and a [`EstimateSummary`] each of nodes and solutions; below
/// [`ENOUGH_HITS`] hits the solutions' figure is rough.
pub use crate::solve::estimate::{ENOUGH_HITS, Estimate, Summary as EstimateSummary};
/// A search's limits (nodes, deadline, solutions, progress counts, a cancel flag), its
/// counts, and why it stopped.
pub use crate::solve::xcc::{Limits, Stats, Stop};

/// The whole matrix of a model, every solution in it (`check`, the `compile` exports).
pub fn lower_matrix(model: &Model, max_options: usize) -> Result<Lowered, Vec<Diagnostic>> {
    lower(model, max_options)
}

/// `puzc estimate` without `--probes`: this many probes at least, doubled until enough of
/// them reach a solution, up to [`MOST_PROBES`] (about 2.5 s on pentominoes).
pub const DEFAULT_PROBES: u64 = 1000;
pub const MOST_PROBES: u64 = 128_000;

/// Knuth's estimate of `p`'s search, nodes counted as `solve` counts them (forced moves):
/// `probes` probes, or without them [`DEFAULT_PROBES`] doubled until [`ENOUGH_HITS`] reach a
/// solution (at most [`MOST_PROBES`]). `None` for a matrix with multiplicities, which the
/// probes do not walk.
pub fn estimate(p: &XccProblem, probes: Option<u64>, seed: u64) -> Option<Estimate> {
    match probes {
        Some(n) => crate::solve::estimate::estimate(p, true, n, seed),
        None => crate::solve::estimate::estimate_until(p, true, DEFAULT_PROBES, MOST_PROBES, seed),
    }
}

/// How a search of one case in `mode` ended, from its counts: the first of interrupted, a
/// limit that cut short what was asked (a count, a listing, or any search that found
/// nothing), more than one answer to `Unique`, a finished count, no solution, solved.
pub fn status(mode: AnswerMode, stats: &Stats) -> crate::api::Status {
    use crate::api::Status;
    let limited = matches!(stats.stop, Stop::NodeLimit | Stop::Timeout | Stop::AnswersFull);
    match (mode, stats.solutions) {
        _ if stats.stop == Stop::Interrupted => Status::Stopped,
        _ if limited && (mode == AnswerMode::Count || mode == AnswerMode::All || stats.solutions == 0) => Status::Limit,
        (AnswerMode::Unique, n) if n > 1 => Status::NotUnique,
        // A finished count is an answer, even when it is 0.
        (AnswerMode::Count, _) => Status::Counted,
        (_, 0) => Status::NoSolution,
        _ => Status::Solved,
    }
}

/// What `solve --dlx` wants of a bare matrix: the first solution, all of them, their number
/// or whether there is one only.
#[derive(Clone, Copy, Debug)]
pub struct MatrixAsk {
    /// Keep every solution (`--all`), not only the first.
    pub all: bool,
    /// Only count (`--count`): the first 1000 solutions are still checked.
    pub count: bool,
    /// `--threads`; `None` chooses from the size of the search.
    pub threads: Option<usize>,
}

/// Searches a bare matrix (`solve --dlx`) with forced moves, split over threads as asked,
/// each solution checked against the matrix itself (when counting, the first 1000). Returns
/// the counts and the solutions kept (the first, or all with `all`), each's options sorted;
/// `Err` with the reason a solution failed the check (the search then stopped).
pub fn search_matrix(p: &XccProblem, limits: &Limits, ask: MatrixAsk) -> Result<(Stats, Vec<Vec<OptionId>>), String> {
    let (all, keep) = (ask.all, !ask.count);
    let mut shown: Vec<Vec<OptionId>> = Vec::new();
    let mut bad = None;
    let mut take = |chosen: &[OptionId]| {
        if (keep || shown.len() < 1000)
            && let Err(why) = xcc::check_solution(p, chosen)
        {
            bad = Some(why);
            return Flow::Stop;
        }
        if keep && (all || shown.is_empty()) {
            let mut options = chosen.to_vec();
            options.sort_unstable();
            shown.push(options);
        }
        Flow::Continue
    };
    let branching = xcc::Branching::ForcedMoves;
    let stats = match ask.threads {
        Some(n) => split::solve(p, limits, branching, n, all, &mut take),
        None => split::solve_default(p, limits, branching, all, &mut take).0,
    };
    match bad {
        Some(why) => Err(why),
        None => Ok((stats, shown)),
    }
}

/// `--count` verifies this many solutions; answers handed out are all verified.
pub const VERIFY_WHEN_COUNTING: u64 = 1000;

/// What a search of one case is asked for.
#[derive(Clone, Copy, Debug)]
pub struct Ask {
    pub mode: AnswerMode,
    /// `--limit`: at most this many answers listed or counted (`All` and `Count` only).
    pub limit: Option<u64>,
    /// `--threads`; `None` chooses from the size of the search (`split::solve_default`).
    pub threads: Option<usize>,
    /// A part of a split search (`solve --part`): exact cover only, its pieces given to
    /// [`Plan::run`].
    pub part: bool,
    /// `--max-options`.
    pub max_options: usize,
}

/// The matrix the search runs on (`solve`, `split`, `estimate`): up to symmetry, or for a
/// count by orbits (`by_orbits`), cut by an anchor when the model has one
/// (`lower::breaking`), which is returned with it.
pub fn searched(
    model: &Model,
    max_options: usize,
    by_orbits: bool,
) -> Result<(Lowered, Option<Breaking>), Vec<Diagnostic>> {
    let mut low = lower(model, max_options)?;
    let breaking = match model.up_to_symmetry.is_some() || by_orbits {
        true => breaking::choose(model, &symmetries(model), &low.meanings),
        false => None,
    };
    if let Some(b) = &breaking {
        breaking::restrict(b, &mut low);
    }
    Ok((low, breaking))
}

/// The estimated number of nodes of `p`'s search as `solve` counts them (Knuth's probes,
/// for a progress line's "~27% of ~4.4M nodes"); `None` for a problem with multiplicities,
/// or when `stopped` says the search ended before a probe was done.
pub fn forecast(p: &XccProblem, stopped: &dyn Fn() -> bool) -> Option<f64> {
    crate::solve::progress::forecast(p, stopped)
}

enum Engine {
    Edges(EdgesLowered),
    Fill(FillLowered, Rc<Grid>),
    Cover(Lowered),
}

/// A case lowered for its engine, ready to search.
pub struct Plan<'m> {
    model: &'m Model,
    ask: Ask,
    /// The number of answers wanted (1 for the first, 2 to tell a unique one).
    wanted: Option<u64>,
    threads: Option<usize>,
    engine: Engine,
    /// Up to symmetry: one solution kept per class.
    classes: Option<Classes>,
    /// Counting by orbits: how many solutions each option of the cut matrix stands for.
    weights: Option<Vec<u64>>,
    /// `--stats`: how symmetry cut the search (empty without symmetry).
    pub symmetry: String,
}

/// How a search ended.
pub struct Ran {
    /// The counts; up to symmetry the solutions are the classes, by orbits their sizes'
    /// sum.
    pub stats: Stats,
    /// The engine's name: `fill`, `edge-matching`, `exact cover`.
    pub engine: &'static str,
    /// `--stats`: the size of what was searched.
    pub shape: String,
}

impl<'m> Plan<'m> {
    /// Chooses the engine and lowers the model for it.
    pub fn new(model: &'m Model, ask: Ask) -> Result<Plan<'m>, Vec<Diagnostic>> {
        let mode = ask.mode;
        let wanted = match mode {
            AnswerMode::First => Some(1),
            AnswerMode::Unique => Some(2),
            _ => ask.limit,
        };
        // Up to symmetry, the answers keep one solution per class (the exact-cover search
        // is cut first, below); the limit on answers is then the collector's, not the
        // engine's.
        let perms = if model.up_to_symmetry.is_some() { symmetries(model) } else { Vec::new() };
        let mut classes = Classes::new(perms.clone(), None);
        let threads = if matches!(mode, AnswerMode::All | AnswerMode::Count) && ask.limit.is_none() {
            ask.threads
        } else {
            Some(1)
        };
        let mut weights = None;
        // A grid filled under "each value once" regions runs on the fill engine (candidates
        // as bitmasks); everything else, and any split over threads asked for, on exact
        // cover.
        let fill = match threads.is_none_or(|t| t == 1) && !ask.part {
            true => lower_fill(model, ask.max_options),
            false => None,
        };
        // Tiles with labelled edges run on the edge-matching engine (one thread: it is
        // faster alone than exact cover on any number); a part of a split stays on exact
        // cover.
        let edges = match fill.is_none() && !ask.part {
            true => lower_edges(model, ask.max_options),
            false => None,
        };
        let (engine, symmetry) = if let Some(e) = edges {
            (Engine::Edges(e), symmetry_line(classes.as_ref(), None, "the edge-matching engine"))
        } else if let Some(fill) = fill {
            // The fill engine cannot leave options out: it searches every solution, and the
            // collector keeps representatives by the same anchor as exact cover would (so
            // `--threads`, which moves the search to exact cover, shows the same answers).
            let breaking = match &classes {
                Some(_) => {
                    lower(model, ask.max_options).ok().and_then(|l| breaking::choose(model, &perms, &l.meanings))
                }
                None => None,
            };
            if let Some(b) = &breaking {
                classes = Classes::new(perms.clone(), Some(b.anchor.clone()));
            }
            let line = symmetry_line(classes.as_ref(), None, "the fill engine");
            let grid = fill_grid(&fill.shape);
            (Engine::Fill(fill, grid), line)
        } else {
            // A whole count of a symmetric model counts orbits: the cut search, each
            // solution weighed by its anchor's orbit (`lower::breaking`). Not for a part of
            // a split (its manifest cuts the whole search), nor under a limit (which counts
            // solutions found), nor on threads asked for (they count without showing each
            // solution; the cut search on one thread is about as fast as the whole one on
            // four).
            let by_orbits = mode == AnswerMode::Count
                && model.up_to_symmetry.is_none()
                && !ask.part
                && ask.limit.is_none()
                && threads.is_none_or(|t| t == 1);
            let (mut low, breaking) = searched(model, ask.max_options, by_orbits)?;
            // A first answer or `--unique` of free paths looks for shortest solutions only
            // (there is one when there is any solution), and for `--unique`
            // `solve::xcc::shortcut` completes the verdict (not for a part of a split,
            // whose pieces cut the whole search, nor up to symmetry).
            low.problem.induced = matches!(mode, AnswerMode::First | AnswerMode::Unique)
                && !ask.part
                && model.up_to_symmetry.is_none()
                && crate::lower::shortcuts::apply(model);
            // The representatives the cut search keeps are the smallest by the anchor first.
            if let (Some(b), Some(_)) = (&breaking, &classes) {
                classes = Classes::new(perms, Some(b.anchor.clone()));
            }
            let line = match (&breaking, by_orbits) {
                (Some(b), true) => {
                    weights = Some(b.weights(&low.meanings));
                    format!(
                        " (counted by orbits under {} symmetries: search cut to {} of {} options of {})",
                        b.fixing.len(),
                        b.kept,
                        b.alternatives,
                        b.name
                    )
                }
                _ => symmetry_line(classes.as_ref(), breaking.as_ref(), "exact cover"),
            };
            (Engine::Cover(low), line)
        };
        Ok(Plan { model, ask, wanted, threads, engine, classes, weights, symmetry })
    }

    /// The exact-cover matrix searched, when the search is exact cover (for a progress
    /// line's forecast, and for reading a part of a split against it).
    pub fn problem(&self) -> Option<&XccProblem> {
        match &self.engine {
            Engine::Cover(low) => Some(&low.problem),
            _ => None,
        }
    }

    /// Runs the search under `limits` (their solution limit is the plan's). Every answer
    /// kept — all of `All`, the first of `First` and `Unique`, none of `Count` — is verified
    /// and handed to `on_answer` as soon as it is found (counts verify their first
    /// [`VERIFY_WHEN_COUNTING`]). `pieces`: the pieces of a part of a split search. `Err`
    /// holds the verifier's reason when a solution failed it (the search then stopped).
    pub fn run<'a>(
        &'a self,
        limits: &Limits,
        pieces: Option<&[Vec<OptionId>]>,
        on_answer: &mut dyn FnMut(Answer<'a>),
    ) -> Result<Ran, String> {
        let model = self.model;
        let mode = self.ask.mode;
        let limits =
            Limits { max_solutions: if self.classes.is_some() { None } else { self.wanted }, ..limits.clone() };
        let mut got = Collect {
            mode,
            found: 0,
            bad: None,
            classes: self.classes.as_ref(),
            wanted: self.wanted,
            weights: self.weights.as_deref(),
            verifier: Verifier::new(model),
            on_answer,
        };
        let (mut stats, engine, shape) = match &self.engine {
            Engine::Edges(e) => {
                let stats = crate::solve::edges::solve(&e.shape, &limits, mode != AnswerMode::Count, &mut |chosen| {
                    got.take(1, || edges_answer(model, e, chosen))
                });
                let shape = format!(
                    "{} cells, {} tile types, {} labels (edge-matching engine)",
                    e.shape.cells(),
                    e.shape.count.len(),
                    e.shape.labels
                );
                (stats, "edge-matching", shape)
            }
            Engine::Fill(fill, grid) => {
                let cells = model.board.as_ref().map_or(0, |b| b.on.len());
                let stats = crate::solve::fill::solve(grid, &fill.given, &limits, &mut |values| {
                    got.take(1, || {
                        let mut f = vec![None; cells];
                        for (&c, &v) in fill.board_cell.iter().zip(values) {
                            f[c] = Some(v as usize);
                        }
                        Answer { fill: Some(f), ..Answer::default() }
                    })
                });
                let shape = format!(
                    "{} cells, {} values, {} regions (fill engine)",
                    fill.shape.cells,
                    fill.shape.values,
                    fill.shape.regions()
                );
                (stats, "fill", shape)
            }
            Engine::Cover(low) => {
                // Up to symmetry every solution must reach the collector, which keeps one
                // per class.
                let keep_all = mode == AnswerMode::All || self.classes.is_some();
                // Forced moves (an item with one option left is taken without a branch
                // node) explore the same tree in the same order, faster; `--stats` counts
                // nodes that way.
                let branching = xcc::Branching::ForcedMoves;
                // Shortest paths (`XccProblem::induced`): the first solution, kept to look
                // for another way for one of its paths once the search ends with it alone.
                let first: RefCell<Option<Vec<OptionId>>> = RefCell::new(None);
                let mut take = |chosen: &[OptionId]| {
                    if low.problem.induced && first.borrow().is_none() {
                        *first.borrow_mut() = Some(chosen.to_vec());
                    }
                    let weight = got.weights.map_or(1, |w| chosen.iter().map(|o| w[o.0 as usize]).sum());
                    got.take(weight, || decode(model, &low.meanings, &low.defaults, chosen))
                };
                // A first answer or `--unique` of paths alone goes to clause learning
                // (`solve::sat`), which learns from its dead ends: not for a part of a
                // split, up to symmetry or by weights. `--count` and `--all` stay here.
                let learnt = match matches!(mode, AnswerMode::First | AnswerMode::Unique)
                    && pieces.is_none()
                    && self.classes.is_none()
                    && self.weights.is_none()
                {
                    true => crate::solve::sat::solve(&low.problem, &limits, &mut take),
                    false => None,
                };
                let learnt_size =
                    learnt.as_ref().map(|(_, size)| format!(" as {size} (clause learning: nodes are conflicts)"));
                let (stats, used) = match (learnt, pieces) {
                    (Some((stats, _)), _) => (stats, 1),
                    // One part of a split: its pieces one after another.
                    (None, Some(pieces)) => {
                        (crate::solve::partition::solve_pieces(&low.problem, pieces, &limits, branching, &mut take), 1)
                    }
                    (None, None) => match if self.weights.is_some() { Some(1) } else { self.threads } {
                        // A problem branching by weights keeping its solutions runs on one
                        // thread (`split::solve`).
                        Some(n) => {
                            let used = if keep_all && xcc::by_weights(&low.problem) { 1 } else { n };
                            (split::solve(&low.problem, &limits, branching, n, keep_all, &mut take), used)
                        }
                        None => split::solve_default(&low.problem, &limits, branching, keep_all, &mut take),
                    },
                };
                let mut stats = stats;
                let first = first.take();
                if let (Some(one), Stop::Exhausted, 1) = (&first, stats.stop, stats.solutions) {
                    stats = match xcc::shortcut::another(&low.problem, one) {
                        xcc::shortcut::Another::None => stats,
                        // A second solution from the first: verified and counted as found.
                        xcc::shortcut::Another::Found(other) => {
                            take(&other);
                            Stats { solutions: 2, stop: Stop::SolutionLimit, ..stats }
                        }
                        // Every solution searched, the first found again.
                        xcc::shortcut::Another::Unknown => {
                            let mut all = low.problem.clone();
                            all.induced = false;
                            let sorted = |o: &[OptionId]| {
                                let mut o = o.to_vec();
                                o.sort_unstable();
                                o
                            };
                            let one = sorted(one);
                            let again = split::solve(&all, &limits, branching, 1, keep_all, &mut |chosen| {
                                if sorted(chosen) == one { Flow::Continue } else { take(chosen) }
                            });
                            Stats { nodes: stats.nodes + again.nodes, ..again }
                        }
                    };
                }
                let p = &low.problem;
                let shape = format!("{} items ({} primary), {} options", p.items.len(), p.n_primary, p.option_count())
                    + learnt_size.as_deref().unwrap_or("")
                    + &match used {
                        1 => String::new(),
                        n => format!(", {n} threads"),
                    };
                (stats, if learnt_size.is_some() { "clause learning" } else { "exact cover" }, shape)
            }
        };
        let Collect { bad, found, .. } = got;
        if let Some(why) = bad {
            return Err(why);
        }
        // Up to symmetry, the solutions are the classes the collector counted; by orbits,
        // the sum of the orbits' sizes.
        if self.weights.is_some() {
            stats.solutions = found;
        }
        if self.classes.is_some() {
            stats.solutions = found;
            if stats.stop == Stop::Callback {
                stats.stop = Stop::SolutionLimit;
            }
        }
        Ok(Ran { stats, engine, shape })
    }
}

/// `--stats` up to symmetry: how many symmetries, and which anchor cut the search (or that
/// none did, on `engine`, so that every solution was searched and filtered).
fn symmetry_line(classes: Option<&Classes>, breaking: Option<&Breaking>, engine: &str) -> String {
    let Some(classes) = classes else { return String::new() };
    let n = classes.order();
    match breaking {
        Some(b) => format!(
            " (up to {n} symmetries: search cut to {} of {} options of {}, {} symmetries fix it)",
            b.kept,
            b.alternatives,
            b.name,
            b.fixing.len()
        ),
        None if engine == "exact cover" => {
            format!(" (up to {n} symmetries: no anchor cuts the search, every solution searched and filtered)")
        }
        None => format!(" (up to {n} symmetries: not cut on {engine}, every solution searched and filtered)"),
    }
}

/// The solutions of one search as they come: counted, verified (every one kept, the first
/// [`VERIFY_WHEN_COUNTING`] when counting), kept ones handed on.
struct Collect<'a, 'm, 'p, 'c> {
    mode: AnswerMode,
    found: u64,
    /// Why a solution failed verification (the search is then stopped).
    bad: Option<String>,
    /// Up to symmetry: only representatives of their class are taken, up to `wanted`.
    classes: Option<&'p Classes>,
    wanted: Option<u64>,
    /// Counting by orbits: how many solutions each option of the cut matrix stands for
    /// (`Breaking::weights`); a solution counts the sum over its options.
    weights: Option<&'p [u64]>,
    verifier: Verifier<'m>,
    on_answer: &'c mut dyn FnMut(Answer<'a>),
}

impl<'a> Collect<'a, '_, '_, '_> {
    /// Takes one solution that stands for `weight` solutions; `answer` decodes it, only
    /// when it must be kept or verified.
    fn take(&mut self, weight: u64, answer: impl FnOnce() -> Answer<'a>) -> Flow {
        let mut answer = Some(answer);
        let mut decoded = None;
        if let Some(classes) = self.classes {
            let ans = answer.take().unwrap()();
            if !classes.is_canonical(&ans) {
                return Flow::Continue;
            }
            decoded = Some(ans);
        }
        self.found += weight;
        let keep = self.mode != AnswerMode::Count && (self.mode != AnswerMode::Unique || self.found == 1);
        if keep || self.found <= VERIFY_WHEN_COUNTING {
            let ans = decoded.take().unwrap_or_else(|| answer.take().unwrap()());
            if let Err(why) = self.verifier.check(&ans) {
                self.bad = Some(why);
                return Flow::Stop;
            }
            if keep {
                (self.on_answer)(ans);
            }
        }
        if self.classes.is_some() && self.wanted.is_some_and(|w| self.found >= w) {
            return Flow::Stop;
        }
        Flow::Continue
    }
}

/// An answer of the edge-matching engine: `chosen[c]` is the oriented tile on cell `c`.
fn edges_answer<'a>(model: &Model, e: &'a EdgesLowered, chosen: &[u32]) -> Answer<'a> {
    let mut placed: Vec<Placed> = chosen
        .iter()
        .enumerate()
        .map(|(c, &o)| Placed {
            piece: e.piece[e.shape.oriented[o as usize].0 as usize],
            number: 0,
            cells: &e.board_cell[c..c + 1],
            edges: Some(&e.edges[o as usize]),
        })
        .collect();
    number_copies(model, &mut placed);
    Answer { placed, ..Answer::default() }
}

thread_local! {
    /// The last fill shape prepared, and its grid: instances of a batch usually differ only
    /// in their givens, and preparing the grid (region-mates, region pairs) costs more than
    /// comparing the shapes.
    static FILL_GRID: RefCell<Option<(FillShape, Rc<Grid>)>> = const { RefCell::new(None) };
}

fn fill_grid(shape: &FillShape) -> Rc<Grid> {
    FILL_GRID.with_borrow_mut(|last| match last {
        Some((s, g)) if s == shape => g.clone(),
        _ => {
            let g = Rc::new(Grid::new(shape));
            *last = Some((shape.clone(), g.clone()));
            g
        }
    })
}
