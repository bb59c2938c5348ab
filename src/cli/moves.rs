//! `solve`, `check` and `compile` for move-search specs.
use super::args::SearchArg;
use super::exit::Exit;
use super::{CompileArgs, Emit, Format, Session, SolveArgs};
use crate::api::moves::{
    Found, Limits, LoweredMoves, Search, Stop, default_max_nodes, guide_of, json_moves, json_solution, move_lines,
    named_moves, overflow_diagnostic, patterns_said, proof_text, search, table_full_help, trace,
};
use crate::api::render::CaseData;
use crate::api::{Elab, Mode as AnswerMode};
use std::time::Instant;

fn lowered(s: &Session, elab: &mut Elab) -> Result<LoweredMoves, Exit> {
    crate::api::moves::lower(&s.spec, elab).map_err(|d| s.fail(&d))
}

/// `puzc draw`: the starting board of a played puzzle.
pub fn picture(s: &Session, elab: &mut Elab) -> Result<crate::api::render::Document, Exit> {
    let low = lowered(s, elab)?;
    Ok(crate::api::moves::picture(elab, &low))
}

pub fn check(s: &Session, elab: &mut Elab) -> Exit {
    lowered(s, elab).map_or_else(|e| e, |_| Exit::Solved)
}

pub fn compile(s: &Session, k: usize, elab: &mut Elab, args: &CompileArgs) -> Exit {
    super::print_lowered(k, args.emit, Emit::Moves, || lowered(s, elab).map(|l| crate::api::moves::program_text(&l)))
}

/// What a search stopped by the default limit `bound` says: which limit, and how to raise it.
fn default_limit_words(bound: u64) -> (String, String) {
    (
        format!("the default limit of {} was reached", crate::diag::plural(bound, "node")),
        format!(
            "  raise it with `--max-nodes N` (`--max-nodes {}`), or bound the time instead with `--timeout SECONDS`",
            bound.saturating_mul(10)
        ),
    )
}

pub fn solve(s: &Session, k: usize, elab: &mut Elab, args: &SolveArgs) -> Exit {
    let started = Instant::now();
    let low = match lowered(s, elab) {
        Ok(l) => l,
        Err(e) => return e,
    };
    let p = &low.problem;
    let mode = match super::answer_mode(args, elab.model.answer) {
        Ok(m) => m,
        Err(e) => return e,
    };
    if p.has_costs() && mode != AnswerMode::First {
        // Zero-cost moves can go back and forth for free: the cheapest solutions are endless.
        eprintln!(
            "puzc: --count, --all and --unique need moves without costs (a spec with `cost` finds one cheapest answer)"
        );
        return Exit::Usage;
    }
    if args.trace && matches!(mode, AnswerMode::All | AnswerMode::Count) {
        eprintln!("puzc: --trace shows one answer; it does not go with --all or --count");
        return Exit::Usage;
    }
    let (memory, capped) = crate::api::limits::table_budget(args.memory);
    let limits = Limits {
        max_nodes: crate::api::moves::node_limit(args.max_nodes, args.timeout.is_some()),
        deadline: s.deadline(),
        max_table_bytes: memory,
        // A progress line on a terminal, for searches that run long (nodes and time only:
        // Knuth's tree-size estimate is for exact cover).
        progress: super::progress::wanted(args.quiet),
        ..Limits::default()
    };
    let guide = guide_of(&low);
    let asked = args.search.map(|a| match a {
        SearchArg::Auto => Search::Auto,
        SearchArg::Bfs => Search::Bfs,
        SearchArg::Ida => Search::Ida,
    });
    let how = match crate::api::moves::search_for(p, &guide, mode, asked) {
        Ok(h) => h,
        Err(why) => {
            eprintln!("puzc: {why}");
            return Exit::Usage;
        }
    };
    let found = super::progress::while_running(
        limits.progress.as_ref(),
        |_| None,
        || search(p, &limits, mode, args.limit, how, &guide, &mut |_| {}),
    );
    let found = match found {
        Ok(f) => {
            if let Some(note) = &f.note {
                eprintln!("puzc: {note}");
            }
            f
        }
        Err(why) => {
            eprintln!("puzc: internal error: the answer failed verification ({why}); it was not printed");
            return Exit::Internal;
        }
    };
    if let Some(o) = &found.overflowed {
        // The spec's arithmetic has no value there: an error in the spec, as at compile time.
        return s.fail(&[overflow_diagnostic(&low, elab, o)]);
    }
    let stop = found.stats.stop;
    // Ctrl-C: a played puzzle's search keeps no answer until it ends.
    if stop == Stop::Interrupted {
        return s.interrupted(found.solutions.len() as u64, found.stats.nodes);
    }
    // With `--limit`, a count stops at the limit (and that is an answer, not a limit error).
    let count = crate::api::moves::count_of(&found, args.limit);
    let status = crate::api::moves::status(mode, &found, count);
    let mut exit = super::exit_of(status);
    let many = args.all || args.count || args.unique;
    // `--trace` asks for the boards move by move: it takes the place of the spec's template.
    if let (Some(template), Format::Text, false) = (&s.template, args.format, many || args.trace) {
        let move_lists = found.solutions.iter().map(|sol| named_moves(&low, &elab.model.counters, sol)).collect();
        let mut globals = super::globals_as_text(elab);
        // Counters: their numbers at the end of the first answer (at the start without one).
        globals.extend(crate::api::moves::counters_after(
            elab,
            &low,
            found.solutions.first().map_or(&[][..], Vec::as_slice),
        ));
        let data = CaseData {
            case: k,
            count: count.unwrap_or(found.solutions.len() as u128),
            globals,
            given: crate::api::render::given_grid(&elab.model),
            solutions: Vec::new(),
            answered: !found.solutions.is_empty() || matches!(mode, AnswerMode::All | AnswerMode::Count),
            move_lists,
        };
        exit = s.print_case(exit, template, &data);
    } else {
        if let Err(e) = print_default(s, k, elab, args, &low, &found, (mode, count, status), started.elapsed()) {
            return e;
        }
    }
    let solutions = count.map_or(found.solutions.len() as u64, |c| u64::try_from(c).unwrap_or(u64::MAX));
    s.searched(solutions, found.stats.nodes);
    let (default_limit, raise_it) = default_limit_words(default_max_nodes());
    match exit {
        Exit::NoSolution => eprintln!("puzc: instance {k}: no solution"),
        Exit::NotUnique => eprintln!("puzc: instance {k}: more than one solution"),
        Exit::Limit if found.overflow => eprintln!("puzc: instance {k}: the number of solutions exceeds 2^128"),
        Exit::Limit => eprintln!(
            "puzc: instance {k}: {} before the search finished",
            match stop {
                Stop::Deadline => "the --timeout ran out",
                Stop::TableFull => "the table of positions filled up",
                _ if args.max_nodes.is_none() => &default_limit,
                _ => "the --max-nodes limit was reached",
            }
        ),
        _ => {}
    }
    if exit == Exit::Limit && stop == Stop::NodeLimit && args.max_nodes.is_none() {
        eprintln!("{raise_it}");
    }
    if exit == Exit::Limit && stop == Stop::TableFull {
        eprintln!("{}", table_full_help(memory, capped, found.stats.tt_entries, &guide));
    }
    if let Some(line) = patterns_said(k, &guide, args.stats) {
        eprintln!("{line}");
    }
    if let (true, Some(proof)) = (args.stats, found.proof) {
        eprintln!("instance {k}: proved unsolvable before searching: {}", proof_text(proof, &low));
    }
    if args.stats
        && found.proof.is_none()
        && let Some(sym) = crate::api::moves::symmetry_used(p, mode, how, &guide)
    {
        eprintln!("instance {k}: symmetry group {}; positions it maps onto each other are one", sym.name);
    }
    if args.stats {
        let engine = crate::api::moves::engine_name(p, mode, how, &guide, &found);
        eprintln!(
            "instance {k}: {engine}, {} moves, {} nodes, {} table entries{}; {:.3} ms",
            p.moves.len(),
            found.stats.nodes,
            found.stats.tt_entries,
            if found.stats.table_full { " (table full)" } else { "" },
            started.elapsed().as_secs_f64() * 1e3
        );
    }
    exit
}

/// The answer without a template: the first solution as one line per move, its parameters
/// separated by spaces; `--all`: every solution so, a blank line between two, then their
/// number; `--count`: the number.
#[allow(clippy::too_many_arguments)]
fn print_default(
    s: &Session,
    k: usize,
    elab: &Elab,
    args: &SolveArgs,
    low: &LoweredMoves,
    found: &Found,
    (mode, count, status): (AnswerMode, Option<u128>, crate::api::Status),
    elapsed: std::time::Duration,
) -> Result<(), Exit> {
    let exit = super::exit_of(status);
    let first = found.solutions.first().map_or(&[][..], Vec::as_slice);
    match args.format {
        Format::Text | Format::Raw => match mode {
            // A count cut short is not the count: stderr says why, stdout has nothing.
            AnswerMode::Count if exit == Exit::Limit => {}
            AnswerMode::Count => s.print_block(&format!("{}\n", count.unwrap_or(0))),
            AnswerMode::All if exit == Exit::Limit => {}
            AnswerMode::All => {
                let shown: Vec<String> = found
                    .solutions
                    .iter()
                    .map(|sol| move_lines(low, sol).iter().map(|l| format!("{l}\n")).collect())
                    .collect();
                let n = count.unwrap_or(0);
                let mut out = shown.join("\n");
                if !shown.is_empty() {
                    out.push('\n');
                }
                s.print_block(&(out + &format!("{n} solution{}\n", if n == 1 { "" } else { "s" })));
            }
            _ if args.trace => s.print_block(&trace(elab, low, first, &move_lines(low, first))),
            _ => s.print_block(&move_lines(low, first).iter().map(|l| format!("{l}\n")).collect::<String>()),
        },
        Format::Svg => {
            if mode == AnswerMode::Count {
                eprintln!("puzc: --format svg draws answers, and this run only counts them; use --all");
                return Err(Exit::Usage);
            }
            let mut draw = |j: usize| crate::api::moves::answer_picture(elab, low, &found.solutions[j], args.animate);
            super::pictures::emit(s, args, k, &elab.model, found.solutions.len(), &mut draw)?;
        }
        Format::Jsonl => {
            let v = super::stream::JSONL_VERSION;
            let shown = if mode == AnswerMode::All {
                &found.solutions[..]
            } else {
                &found.solutions[..found.solutions.len().min(1)]
            };
            let mut out = String::new();
            for (i, sol) in shown.iter().enumerate().filter(|_| exit != Exit::Limit) {
                let line = serde_json::json!({"version": v, "type": "solution", "instance": k, "index": i + 1, "solution": json_solution(elab, low, sol)});
                out += &format!("{line}\n");
            }
            let count = count.filter(|_| exit != Exit::Limit).unwrap_or(found.solutions.len() as u128);
            let line = serde_json::json!({
                "version": v,
                "type": "instance",
                "instance": k,
                "status": status.word(),
                "count": u64::try_from(count).map_or_else(|_| count.to_string().into(), serde_json::Value::from),
                "nodes": found.stats.nodes,
                "engine": "move search",
                "time_ms": (elapsed.as_secs_f64() * 1e6).round() / 1e3,
            });
            out += &format!("{line}\n");
            super::stream::write_stdout(out.as_bytes());
        }
        Format::Json => {
            let mut o = serde_json::json!({
                "instance": k,
                "status": status.word(),
                "moves": json_moves(low, first),
                "nodes": found.stats.nodes,
            });
            if !found.solutions.is_empty() {
                // The first answer's length, cost and counters at its end.
                let sol = json_solution(elab, low, first);
                for key in ["length", "cost", "counters"] {
                    o[key] = sol[key].clone();
                }
            }
            if let Some(c) = count.filter(|_| exit != Exit::Limit) {
                // Counts can pass what JSON numbers hold exactly: a string then.
                o["count"] = u64::try_from(c).map_or_else(|_| c.to_string().into(), Into::into);
            }
            if mode == AnswerMode::All && exit != Exit::Limit {
                o["solutions"] = found.solutions.iter().map(|sol| json_moves(low, sol)).collect();
            }
            println!("{o}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::moves::DEFAULT_MAX_NODES;

    /// The words of a search stopped by the default limit quote the limit itself, and a
    /// `--max-nodes` above it.
    #[test]
    fn the_default_limit_message_quotes_the_default() {
        let (limit, raise) = default_limit_words(DEFAULT_MAX_NODES);
        assert_eq!(limit, format!("the default limit of {DEFAULT_MAX_NODES} nodes was reached"));
        assert!(raise.contains(&format!("`--max-nodes {}`", DEFAULT_MAX_NODES * 10)), "{raise}");
        assert!(raise.contains("--timeout"), "{raise}");
    }
}
