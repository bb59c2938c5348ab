//! `solve`, `check` and `compile` for exact-cover specs.
use super::exit::Exit;
use super::{CompileArgs, Emit, Format, Session, SolveArgs};
use crate::ir::fill::FillShape;
use crate::ir::xcc::OptionId;
use crate::lower::breaking::{self, Breaking};
use crate::lower::edges::{EdgesLowered, lower_edges};
use crate::lower::elaborate::Elab;
use crate::lower::fill::lower_fill;
use crate::lower::model::Model;
use crate::lower::symmetry::symmetries;
use crate::lower::xcc::{Lowered, lower};
use crate::render;
use crate::render::template::CaseData;
use crate::solve::answer::{Answer, Placed, decode, number_copies};
use crate::solve::classes::Classes;
use crate::solve::fill::Grid;
use crate::solve::split;
use crate::solve::verify::Verifier;
use crate::solve::xcc::{self, Flow, Limits, Stop};
use crate::syntax::ast::AnswerMode;
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

/// `--count` verifies this many solutions; printed solutions are all verified.
const VERIFY_WHEN_COUNTING: u64 = 1000;

/// The whole matrix: every solution (`check` and the `compile` exports).
pub(super) fn lowered(s: &Session, elab: &Elab) -> Result<Lowered, Exit> {
    lower(&elab.model, s.common.max_options()).map_err(|d| s.fail(&d))
}

/// The matrix the search runs on (`solve`, `split`, `estimate`): up to symmetry, or for a
/// count by orbits (`by_orbits`), cut by an anchor when the model has one
/// (`lower::breaking`), which is returned with it.
pub(super) fn searched(s: &Session, elab: &Elab, by_orbits: bool) -> Result<(Lowered, Option<Breaking>), Exit> {
    let mut low = lowered(s, elab)?;
    let model = &elab.model;
    let breaking = match model.up_to_symmetry.is_some() || by_orbits {
        true => breaking::choose(model, &symmetries(model), &low.meanings),
        false => None,
    };
    if let Some(b) = &breaking {
        breaking::restrict(b, &mut low);
    }
    Ok((low, breaking))
}

pub fn check(s: &Session, elab: &mut Elab) -> Exit {
    lowered(s, elab).map_or_else(|e| e, |_| Exit::Solved)
}

pub fn compile(s: &Session, k: usize, elab: &mut Elab, args: &CompileArgs) -> Exit {
    // Every export but the move program is a form of the exact-cover matrix.
    let has = if args.emit == Emit::Moves { Emit::Xcc } else { args.emit };
    super::print_lowered(k, args.emit, has, || super::dlx::export(&lowered(s, elab)?.problem, args.emit))
}

pub fn solve(s: &Session, k: usize, elab: &mut Elab, args: &SolveArgs) -> Exit {
    let started = Instant::now();
    let model = &elab.model;
    let mode = match super::answer_mode(args, model.answer) {
        Ok(m) => m,
        Err(e) => return e,
    };
    if args.format == Format::Svg && mode == AnswerMode::Count {
        eprintln!(
            "puzc: --format svg draws answers, and this run only counts them (--count, or `answer count` in the spec); use --all, with --limit N for the first N"
        );
        return Exit::Usage;
    }
    if args.part.is_some() {
        if !matches!(mode, AnswerMode::All | AnswerMode::Count) || !matches!(args.format, Format::Text | Format::Raw) {
            eprintln!("puzc: --part solves a part with --count or --all, in text (`puzc merge` reads it)");
            return Exit::Usage;
        }
        if k > 1 {
            eprintln!("puzc: a manifest cuts one instance's search; the instance holds more than one");
            return Exit::Usage;
        }
    }
    let wanted = match mode {
        AnswerMode::First => Some(1),
        AnswerMode::Unique => Some(2),
        _ => args.limit,
    };
    // Up to symmetry, the answers keep one solution per class (the exact-cover search is
    // cut first, below); the limit on answers is then the collector's (`Collect::take`),
    // not the engine's.
    let perms = if model.up_to_symmetry.is_some() { symmetries(model) } else { Vec::new() };
    let classes = Classes::new(perms.clone(), None);
    let limits = Limits {
        max_solutions: if classes.is_some() { None } else { wanted },
        max_nodes: args.max_nodes,
        deadline: super::deadline(started, args.timeout),
        // A progress line on a terminal, for searches that run long.
        progress: super::progress::wanted(args.quiet),
    };
    // `None`: not given, so chosen below from the size of the search (`split::solve_default`).
    let threads = if matches!(mode, AnswerMode::All | AnswerMode::Count) && args.limit.is_none() {
        args.threads.map(|n| n as usize)
    } else {
        Some(1)
    };
    // `--all` writes each answer once verified, unless the answers are sorted first, a part
    // of a split keeps them for `puzc merge`, or the spec's template prints them.
    let templated = s.template.is_some() && args.format == Format::Text && !(args.all || args.count || args.unique);
    let printed_here = args.part.is_none() && !templated && args.format != Format::Svg;
    let streams = printed_here && mode == AnswerMode::All && !super::stream::sorted(model);
    let mut got = Collect {
        stream: streams.then(|| super::stream::Stream::new(s, k, args.format, model)),
        model,
        mode,
        found: 0,
        answers: Vec::new(),
        bad: None,
        classes,
        wanted,
        weights: None,
        verifier: Verifier::new(model),
    };
    // A grid filled under "each value once" regions runs on the fill engine (candidates as
    // bitmasks); everything else, and any split over threads asked for, on exact cover.
    let fill = if threads.is_none_or(|t| t == 1) && args.part.is_none() {
        lower_fill(model, s.common.max_options())
    } else {
        None
    };
    let mut part = None;
    // Tiles with labelled edges run on the edge-matching engine (one thread: it is faster
    // alone than exact cover on any number); a part of a split search stays on exact cover.
    let edges = if fill.is_none() && args.part.is_none() { lower_edges(model, s.common.max_options()) } else { None };
    let low;
    let lowered_at;
    // Up to symmetry: how the search was cut, for `--stats`.
    let symmetry_stats;
    let stats;
    let shape_stats;
    let engine;
    if let Some(e) = &edges {
        symmetry_stats = symmetry_line(got.classes.as_ref(), None, "the edge-matching engine");
        engine = "edge-matching";
        lowered_at = started.elapsed();
        stats = super::progress::while_running(
            limits.progress.as_ref(),
            |_| None,
            || {
                crate::solve::edges::solve(&e.shape, &limits, mode != AnswerMode::Count, &mut |chosen| {
                    got.take(|| edges_answer(model, e, chosen))
                })
            },
        );
        shape_stats = format!(
            "{} cells, {} tile types, {} labels (edge-matching engine)",
            e.shape.cells(),
            e.shape.count.len(),
            e.shape.labels
        );
    } else if let Some(fill) = &fill {
        // The fill engine cannot leave options out: it searches every solution, and the
        // collector keeps representatives by the same anchor as exact cover would (so
        // `--threads`, which moves the search to exact cover, shows the same answers).
        let breaking = match &got.classes {
            Some(_) => {
                lower(model, s.common.max_options()).ok().and_then(|l| breaking::choose(model, &perms, &l.meanings))
            }
            None => None,
        };
        if let Some(b) = &breaking {
            got.classes = Classes::new(perms.clone(), Some(b.anchor.clone()));
        }
        symmetry_stats = symmetry_line(got.classes.as_ref(), None, "the fill engine");
        engine = "fill";
        lowered_at = started.elapsed();
        let grid = fill_grid(&fill.shape);
        let cells = model.board.as_ref().map_or(0, |b| b.on.len());
        // No estimate for the fill engine's tree: the line shows the counts alone.
        stats = super::progress::while_running(
            limits.progress.as_ref(),
            |_| None,
            || {
                crate::solve::fill::solve(&grid, &fill.given, &limits, &mut |values| {
                    got.take(|| {
                        let mut f = vec![None; cells];
                        for (&c, &v) in fill.board_cell.iter().zip(values) {
                            f[c] = Some(v as usize);
                        }
                        Answer { fill: Some(f), ..Answer::default() }
                    })
                })
            },
        );
        shape_stats = format!(
            "{} cells, {} values, {} regions (fill engine)",
            fill.shape.cells,
            fill.shape.values,
            fill.shape.regions()
        );
    } else {
        // A whole count of a symmetric model counts orbits: the cut search, each solution
        // weighed by its anchor's orbit (`lower::breaking`). Not for a part of a split
        // (its manifest cuts the whole search), nor under `--limit` (which counts solutions
        // found), nor on threads asked for (they count without showing each solution; the
        // cut search on one thread is about as fast as the whole one on four).
        let by_orbits = mode == AnswerMode::Count
            && model.up_to_symmetry.is_none()
            && args.part.is_none()
            && args.limit.is_none()
            && threads.is_none_or(|t| t == 1);
        let breaking;
        (low, breaking) = match searched(s, elab, by_orbits) {
            Ok(l) => l,
            Err(e) => return e,
        };
        lowered_at = started.elapsed();
        // The representatives the cut search keeps are the smallest by the anchor first.
        if let (Some(b), Some(_)) = (&breaking, &got.classes) {
            got.classes = Classes::new(perms, Some(b.anchor.clone()));
        }
        symmetry_stats = match (&breaking, by_orbits) {
            (Some(b), true) => {
                got.weights = Some(b.weights(&low.meanings));
                format!(
                    " (counted by orbits under {} symmetries: search cut to {} of {} options of {})",
                    b.fixing.len(),
                    b.kept,
                    b.alternatives,
                    b.name
                )
            }
            _ => symmetry_line(got.classes.as_ref(), breaking.as_ref(), "exact cover"),
        };
        // Up to symmetry every solution must reach the collector, which keeps one per class.
        let keep_all = mode == AnswerMode::All || got.classes.is_some();
        let mut used_threads = 1;
        // Forced moves (an item with one option left is taken without a branch node) explore the
        // same tree in the same order, faster; `--stats` counts nodes that way.
        let branching = xcc::Branching::ForcedMoves;
        if args.part.is_some() {
            // One part of a split: its pieces one after another, sized by the manifest.
            let this = match super::parts::load_part(s, args, &low.problem) {
                Ok(p) => p,
                Err(e) => return e,
            };
            let estimate = this.estimate;
            stats = super::progress::while_running(
                limits.progress.as_ref(),
                |_| Some(estimate),
                || {
                    crate::solve::partition::solve_pieces(
                        &low.problem,
                        &this.pieces,
                        &limits,
                        branching,
                        &mut |chosen| got.take(|| decode(model, &low.meanings, chosen)),
                    )
                },
            );
            part = Some(this);
        } else {
            let asked = match got.weights {
                Some(_) => Some(1),
                None => threads,
            };
            let forecast = |stopped: &dyn Fn() -> bool| crate::solve::progress::forecast(&low.problem, stopped);
            stats = super::progress::while_running(limits.progress.as_ref(), forecast, || {
                let mut take = |chosen: &[OptionId]| got.take_chosen(chosen, || decode(model, &low.meanings, chosen));
                let (stats, threads) = match asked {
                    Some(n) => (split::solve(&low.problem, &limits, branching, n, keep_all, &mut take), n),
                    None => split::solve_default(&low.problem, &limits, branching, keep_all, &mut take),
                };
                used_threads = threads;
                stats
            });
        }
        engine = "exact cover";
        let p = &low.problem;
        shape_stats = format!("{} items ({} primary), {} options", p.items.len(), p.n_primary, p.option_count())
            + &match used_threads {
                1 => String::new(),
                n => format!(", {n} threads"),
            };
    }
    let Collect { mut answers, bad, found, classes, weights, stream, .. } = got;
    // Up to symmetry, the solutions are the classes the collector counted; by orbits, the
    // sum of the orbits' sizes.
    let mut stats = stats;
    if weights.is_some() {
        stats.solutions = found;
    }
    if classes.is_some() {
        stats.solutions = found;
        if stats.stop == Stop::Callback && bad.is_none() {
            stats.stop = Stop::SolutionLimit;
        }
    }
    if let Some(why) = bad {
        eprintln!("puzc: internal error: a solution failed verification ({why}); nothing was printed for it");
        return Exit::Internal;
    }
    if mode == AnswerMode::All && stream.is_none() {
        // Placements come in reading order of their layout (see `layout_order`).
        super::layout_order::sort(&mut answers, model);
    }
    let limited = matches!(stats.stop, Stop::NodeLimit | Stop::Timeout);
    let mut exit = match (mode, stats.solutions) {
        _ if stats.stop == Stop::Interrupted => Exit::Interrupted,
        _ if limited && (mode == AnswerMode::Count || mode == AnswerMode::All || stats.solutions == 0) => Exit::Limit,
        (AnswerMode::Unique, n) if n > 1 => Exit::NotUnique,
        // A finished count is an answer, even when it is 0.
        (AnswerMode::Count, _) => Exit::Solved,
        (_, 0) => Exit::NoSolution,
        _ => Exit::Solved,
    };
    if let Some(part) = &part {
        // A part's result is for `puzc merge`: a part without solutions is still an answer.
        if exit == Exit::NoSolution {
            exit = Exit::Solved;
        }
        if exit == Exit::Solved {
            let labels = render::text::Labels::new(model);
            let shown: Vec<String> = answers.iter().map(|a| render::text::xcc_answer(model, &labels, a)).collect();
            let kept = (mode == AnswerMode::All).then_some(&shown[..]);
            print!("{}", super::parts::part_output(part, stats.solutions.into(), kept));
        }
    } else if let (Some(template), Format::Text, false) =
        (&s.template, args.format, args.all || args.count || args.unique)
    {
        let data = CaseData {
            case: k,
            count: stats.solutions.into(),
            globals: super::globals_as_text(elab),
            given: render::text::given_grid(model),
            solutions: {
                let labels = render::text::Labels::new(model);
                // One grid per answer, empty without a board (the direct form), so that
                // `{each solution}` repeats once per solution in every form.
                answers.iter().map(|a| labels.answer_grid(model, a).unwrap_or_default()).collect()
            },
            move_lists: Vec::new(),
            answered: !answers.is_empty() || matches!(mode, AnswerMode::All | AnswerMode::Count),
        };
        exit = s.print_case(exit, template, &data);
    } else if printed_here && (mode == AnswerMode::All || matches!(args.format, Format::Json | Format::Jsonl)) {
        // Answers not streamed during the search (sorted, or of another mode) go the same way.
        let mut stream = stream.unwrap_or_else(|| super::stream::Stream::new(s, k, args.format, model));
        for a in &answers {
            stream.answer(model, a);
        }
        let status = match exit {
            Exit::Solved if mode == AnswerMode::Count => "counted",
            Exit::Solved => "solved",
            Exit::NoSolution => "no solution",
            Exit::NotUnique => "not unique",
            Exit::Interrupted => "interrupted",
            _ => "limit reached",
        };
        let ending = super::stream::Ending {
            exit,
            status,
            count: stats.solutions,
            nodes: stats.nodes,
            engine,
            elapsed: started.elapsed(),
        };
        stream.finish(&ending);
    } else {
        match args.format {
            Format::Text | Format::Raw => s.print_block(&text_output(k, mode, exit, &stats, model, &answers)),
            Format::Svg => {
                let mut draw = |j: usize| render::svg::xcc_answer(model, &answers[j]);
                if let Err(e) = super::pictures::emit(s, args, k, model, answers.len(), &mut draw) {
                    return e;
                }
            }
            Format::Json | Format::Jsonl => unreachable!("JSON is written by the stream above"),
        }
    }
    if exit != Exit::Interrupted {
        s.searched(stats.solutions, stats.nodes);
    }
    match exit {
        Exit::NoSolution => eprintln!("puzc: instance {k}: no solution"),
        Exit::NotUnique => eprintln!("puzc: instance {k}: more than one solution"),
        Exit::Limit => eprintln!("puzc: instance {k}: {} before the search finished", limit_name(stats.stop)),
        Exit::Interrupted => _ = s.interrupted(stats.solutions, stats.nodes),
        _ => {}
    }
    if args.stats {
        eprintln!(
            "instance {k}: {shape_stats}; {}, {}{symmetry_stats}; compile {:.3} ms, search {:.3} ms",
            plural(stats.nodes, "node"),
            plural(stats.solutions, "solution"),
            lowered_at.as_secs_f64() * 1e3,
            (started.elapsed() - lowered_at).as_secs_f64() * 1e3,
        );
    }
    exit
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

/// The answers of one search as they come: kept for printing, verified (all that are
/// printed, the first [`VERIFY_WHEN_COUNTING`] when counting), counted.
struct Collect<'a, 'm, 's> {
    /// `--all` streamed: each answer kept is written here and dropped.
    stream: Option<super::stream::Stream<'s>>,
    model: &'m Model,
    mode: AnswerMode,
    found: u64,
    answers: Vec<Answer<'a>>,
    /// Why an answer failed verification (the search is then stopped).
    bad: Option<String>,
    /// Up to symmetry: only representatives of their class are taken, up to `wanted`.
    classes: Option<Classes>,
    wanted: Option<u64>,
    /// Counting by orbits: how many solutions each option of the cut matrix stands for
    /// (`Breaking::weights`); a solution counts the sum over its options.
    weights: Option<Vec<u64>>,
    verifier: Verifier<'m>,
}

impl<'a> Collect<'a, '_, '_> {
    /// Takes one solution; `answer` decodes it, only when it must be kept or verified.
    fn take(&mut self, answer: impl FnOnce() -> Answer<'a>) -> Flow {
        self.take_counted(1, answer)
    }

    /// Takes one solution of the exact-cover search, weighed when counting by orbits.
    fn take_chosen(&mut self, chosen: &[OptionId], answer: impl FnOnce() -> Answer<'a>) -> Flow {
        let weight = self.weights.as_ref().map_or(1, |w| chosen.iter().map(|o| w[o.0 as usize]).sum());
        self.take_counted(weight, answer)
    }

    /// Takes one solution that stands for `weight` solutions.
    fn take_counted(&mut self, weight: u64, answer: impl FnOnce() -> Answer<'a>) -> Flow {
        let mut answer = Some(answer);
        let mut decoded = None;
        if let Some(classes) = &self.classes {
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
            match &mut self.stream {
                Some(stream) if keep => stream.answer(self.model, &ans),
                _ if keep => self.answers.push(ans),
                _ => {}
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

/// puzc's own text for one case: the first answer, every answer and their number, or the count.
fn text_output(
    k: usize,
    mode: AnswerMode,
    exit: Exit,
    stats: &xcc::Stats,
    model: &crate::lower::model::Model,
    answers: &[crate::solve::answer::Answer],
) -> String {
    let labels = render::text::Labels::new(model);
    let shown: Vec<String> = answers.iter().map(|a| render::text::xcc_answer(model, &labels, a)).collect();
    match mode {
        // A count cut short by a limit is not the count: it goes to stderr only.
        AnswerMode::Count if exit == Exit::Interrupted => String::new(),
        AnswerMode::All if exit == Exit::Interrupted => shown.join("\n"),
        AnswerMode::Count if exit == Exit::Limit => {
            eprintln!("puzc: instance {k}: {} found before the limit", plural(stats.solutions, "solution"));
            String::new()
        }
        AnswerMode::Count => format!("{}\n", stats.solutions),
        AnswerMode::All => {
            let mut out = shown.join("\n");
            if !shown.is_empty() {
                out.push('\n');
            }
            out + &plural(stats.solutions, "solution") + "\n"
        }
        _ => shown.into_iter().next().unwrap_or_default(),
    }
}

/// `1 solution`, `2 solutions`.
fn plural(n: u64, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

fn limit_name(stop: Stop) -> &'static str {
    match stop {
        Stop::Timeout => "the --timeout ran out",
        _ => "the --max-nodes limit was reached",
    }
}

/// `puzc estimate`: the estimated nodes (as `solve` counts them, with forced moves) and
/// solutions of one instance, each with its standard error and one probe's spread.
/// `puzc estimate` without `--probes`: this many probes at least, doubled until enough of
/// them reach a solution, up to [`MOST_PROBES`] (about 2.5 s on pentominoes).
const DEFAULT_PROBES: u64 = 1000;
const MOST_PROBES: u64 = 128_000;

pub fn estimate(s: &Session, k: usize, elab: &mut Elab, args: &super::EstimateArgs) -> Exit {
    let (low, _) = match searched(s, elab, false) {
        Ok(l) => l,
        Err(e) => return e,
    };
    use crate::solve::estimate::{ENOUGH_HITS, estimate, estimate_until};
    let e = match args.probes {
        Some(n) => estimate(&low.problem, true, n, args.seed),
        None => estimate_until(&low.problem, true, DEFAULT_PROBES, MOST_PROBES, args.seed),
    };
    let Some(e) = e else {
        eprintln!("puzc: the estimate walks searches whose items are each covered once; this spec has multiplicities");
        return Exit::Usage;
    };
    let line = |what: &str, x: &crate::solve::estimate::Summary| {
        format!(
            "  {what:<9} ~ {:.1} ± {:.1} (standard error; one probe: sd {:.1}, min {:.0}, max {:.0})\n",
            x.mean, x.std_error, x.sd, x.min, x.max
        )
    };
    // The solutions' figure rests on the probes that reached one: none is no figure (a
    // mean of 0 ± 0 would read as "no solutions"), a few a rough one.
    let solutions = match e.hits {
        0 => format!(
            "  solutions: no estimate: none of the {} probes reached a solution (there may be none, or\n             \
             few paths lead to them); raise --probes, or count them with `puzc solve --count`\n",
            e.probes
        ),
        h if h < ENOUGH_HITS => {
            line("solutions", &e.solutions)
                + &format!(
                    "              rough: only {h} of the {} probes reached a solution; raise --probes\n",
                    e.probes
                )
        }
        _ => line("solutions", &e.solutions),
    };
    let text =
        format!("instance {k}: Knuth's estimate from {} probes\n{}{solutions}", e.probes, line("nodes", &e.nodes));
    s.print_block(&text);
    Exit::Solved
}
