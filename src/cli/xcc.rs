//! `solve`, `check` and `compile` for exact-cover specs.
use super::exit::Exit;
use super::{CompileArgs, Emit, Format, Session, SolveArgs};
use crate::api::render::{self, CaseData, Labels};
use crate::api::xcc::{Ask, Limits, Lowered, Plan, Ran, Stats, Stop};
use crate::api::{Answer, Elab, Mode as AnswerMode, Model};
use std::time::Instant;

/// The whole matrix: every solution (`check` and the `compile` exports).
pub(super) fn lowered(s: &Session, elab: &Elab) -> Result<Lowered, Exit> {
    crate::api::xcc::lower_matrix(&elab.model, s.common.max_options()).map_err(|d| s.fail(&d))
}

/// The matrix the search runs on (`split`, `estimate`): see [`crate::api::xcc::searched`].
pub(super) fn searched(s: &Session, elab: &Elab) -> Result<Lowered, Exit> {
    crate::api::xcc::searched(&elab.model, s.common.max_options(), false).map(|(low, _)| low).map_err(|d| s.fail(&d))
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
    let ask = Ask {
        mode,
        limit: args.limit,
        threads: args.threads.map(|n| n as usize),
        part: args.part.is_some(),
        max_options: s.common.max_options(),
    };
    let plan = match Plan::new(model, ask) {
        Ok(p) => p,
        Err(d) => return s.fail(&d),
    };
    let lowered_at = started.elapsed();
    // Answers not streamed are held under their own memory budget (`api::held`).
    let mut held = crate::api::held::Held::new();
    let limits = Limits {
        max_nodes: args.max_nodes,
        cancel: Some(held.cancel_flag()),
        deadline: s.deadline(),
        // A progress line on a terminal, for searches that run long.
        progress: super::progress::wanted(args.quiet),
        ..Limits::default()
    };
    // One part of a split: its pieces one after another, sized by the manifest.
    let part = match (args.part, plan.problem()) {
        (Some(_), Some(problem)) => match super::parts::load_part(s, args, problem) {
            Ok(p) => Some(p),
            Err(e) => return e,
        },
        _ => None,
    };
    // `--all` writes each answer once verified, unless the answers are sorted first, a part
    // of a split keeps them for `puzc merge`, or the spec's template prints them.
    let templated = s.template.is_some() && args.format == Format::Text && !(args.all || args.count || args.unique);
    let printed_here = args.part.is_none() && !templated && args.format != Format::Svg;
    let streams = printed_here && mode == AnswerMode::All && !crate::api::layout_order::sorted(model);
    let mut stream = streams.then(|| super::stream::Stream::new(s, k, args.format, model));
    // The forecast of the progress line: exact cover's tree estimated, a part's from its
    // manifest; none for the fill and edge-matching engines.
    let (problem, estimate) = (plan.problem(), part.as_ref().map(|p| p.estimate));
    let forecast = move |stopped: &dyn Fn() -> bool| match (estimate, problem) {
        (Some(e), _) => Some(e),
        (None, Some(p)) => crate::api::xcc::forecast(p, stopped),
        (None, None) => None,
    };
    let ran = super::progress::while_running(limits.progress.as_ref(), forecast, || {
        plan.run(&limits, part.as_ref().map(|p| &p.pieces[..]), &mut |a| match &mut stream {
            Some(stream) => stream.answer(model, &a),
            None => held.push(a),
        })
    });
    let Ran { mut stats, engine, shape: shape_stats } = match ran {
        Ok(r) => r,
        Err(why) => {
            eprintln!("puzc: internal error: a solution failed verification ({why}); nothing was printed for it");
            return Exit::Internal;
        }
    };
    let symmetry_stats = &plan.symmetry;
    let answers_full = held.full().then(|| held.full_help());
    let mut answers = held.into_answers();
    if answers_full.is_some() {
        // Answers found after the budget was spent were dropped: the count is of those shown.
        stats.stop = Stop::AnswersFull;
        stats.solutions = answers.len() as u64;
    }
    if mode == AnswerMode::All && stream.is_none() {
        // Placements come in reading order of their layout (see `layout_order`).
        crate::api::layout_order::sort(&mut answers, model);
    }
    let mut exit = super::exit_of(crate::api::xcc::status(mode, &stats));
    if let Some(part) = &part {
        // A part's result is for `puzc merge`: a part without solutions is still an answer.
        if exit == Exit::NoSolution {
            exit = Exit::Solved;
        }
        if exit == Exit::Solved {
            let labels = Labels::new(model);
            let shown: Vec<String> = answers.iter().map(|a| render::answer_text(model, &labels, a)).collect();
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
            given: render::given_grid(model),
            solutions: {
                let labels = Labels::new(model);
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
        let status = crate::api::xcc::status(mode, &stats).word();
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
                let mut draw = |j: usize| render::answer_svg(model, &answers[j]);
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
    if let (Exit::Limit, Some(help)) = (exit, answers_full) {
        eprintln!("{help}");
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

/// puzc's own text for one case: the first answer, every answer and their number, or the count.
fn text_output(k: usize, mode: AnswerMode, exit: Exit, stats: &Stats, model: &Model, answers: &[Answer]) -> String {
    let labels = Labels::new(model);
    let shown: Vec<String> = answers.iter().map(|a| render::answer_text(model, &labels, a)).collect();
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
        Stop::AnswersFull => "the answers held to be printed in order filled their memory",
        _ => "the --max-nodes limit was reached",
    }
}

/// `puzc estimate`: the estimated nodes (as `solve` counts them, with forced moves) and
/// solutions of one instance, each with its standard error and one probe's spread.
pub fn estimate(s: &Session, k: usize, elab: &mut Elab, args: &super::EstimateArgs) -> Exit {
    use crate::api::xcc::{ENOUGH_HITS, EstimateSummary};
    let low = match searched(s, elab) {
        Ok(l) => l,
        Err(e) => return e,
    };
    let Some(e) = crate::api::xcc::estimate(&low.problem, args.probes, args.seed) else {
        eprintln!("puzc: the estimate walks searches whose items are each covered once; this spec has multiplicities");
        return Exit::Usage;
    };
    let line = |what: &str, x: &EstimateSummary| {
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
