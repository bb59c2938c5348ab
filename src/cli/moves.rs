//! `solve`, `check` and `compile` for move-search specs.
use super::args::SearchArg;
use super::exit::Exit;
use super::{CompileArgs, Emit, Format, Session, SolveArgs};
use crate::api::moves::{
    Found, counter_values, default_max_nodes, guide_of, json_moves, json_solution, move_lines, overflow_diagnostic,
    search, trace,
};
use crate::ir::guide::Guide;
use crate::ir::moves::MoveProblem;
use crate::lower::elaborate::Elab;
use crate::lower::moves::{LoweredMoves, lower};
use crate::render::template::CaseData;
use crate::solve::moves::{self, Limits, Search, Stop};
use crate::syntax::ast::AnswerMode;
use std::time::Instant;

fn lowered(s: &Session, elab: &mut Elab) -> Result<LoweredMoves, Exit> {
    lower(&s.spec, elab).map_err(|d| s.fail(&d))
}

/// `puzc draw`: the starting board of a played puzzle.
pub fn picture(s: &Session, elab: &mut Elab) -> Result<crate::render::svg::Document, Exit> {
    let low = lowered(s, elab)?;
    let played = crate::render::svg::Played { model: &elab.model, problem: &low.problem, shown: &low.shown };
    Ok(crate::render::svg::played_puzzle(&played))
}

pub fn check(s: &Session, elab: &mut Elab) -> Exit {
    lowered(s, elab).map_or_else(|e| e, |_| Exit::Solved)
}

pub fn compile(s: &Session, k: usize, elab: &mut Elab, args: &CompileArgs) -> Exit {
    super::print_lowered(k, args.emit, Emit::Moves, || {
        lowered(s, elab).map(|l| {
            let guide = guide_of(&l);
            let mut text = l.problem.to_text();
            // The guidance goes before the move list, after the derived pruning.
            let at = text.find("\nmove ").map_or(text.len(), |i| i + 1);
            let mut lines = String::new();
            if let Some(b) = &guide.bound {
                lines += &format!("{}\n", b.describe());
            }
            if guide.commute {
                lines += "moves commute: each is its own inverse, tried in one order only\n";
            }
            text.insert_str(at, &lines);
            text
        })
    })
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
    let (memory, capped) = crate::lower::meter::table_budget(args.memory);
    let limits = Limits {
        max_nodes: args.max_nodes.unwrap_or(if args.timeout.is_some() { u64::MAX } else { default_max_nodes() }),
        deadline: super::deadline(started, args.timeout),
        max_table_bytes: memory,
        // A progress line on a terminal, for searches that run long (nodes and time only:
        // Knuth's tree-size estimate is for exact cover).
        progress: super::progress::wanted(args.quiet),
        ..Limits::default()
    };
    let guide = guide_of(&low);
    let how = match how_to_search(p, &guide, mode, args.search) {
        Ok(h) => h,
        Err(e) => return e,
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
    let limited = matches!(stop, Stop::NodeLimit | Stop::Deadline | Stop::TableFull) || found.overflow;
    // With `--limit`, a count stops at the limit (and that is an answer, not a limit error).
    let count = found.count.map(|c| args.limit.map_or(c, |l| c.min(l.into())));
    let mut exit = match (mode, count) {
        _ if limited && (mode != AnswerMode::First || found.solutions.is_empty()) => Exit::Limit,
        (AnswerMode::Unique, Some(n)) if n > 1 => Exit::NotUnique,
        // A finished count is an answer, even when it is 0.
        (AnswerMode::Count, _) => Exit::Solved,
        _ if found.solutions.is_empty() => Exit::NoSolution,
        _ => Exit::Solved,
    };
    let many = args.all || args.count || args.unique;
    // `--trace` asks for the boards move by move: it takes the place of the spec's template.
    if let (Some(template), Format::Text, false) = (&s.template, args.format, many || args.trace) {
        let move_lists = found.solutions.iter().map(|sol| named_moves(&low, &elab.model.counters, sol)).collect();
        let mut globals = super::globals_as_text(elab);
        // Counters: their numbers at the end of the first answer (at the start without one).
        let last = moves::replay(p, found.solutions.first().map_or(&[][..], Vec::as_slice));
        globals.extend(counter_values(&elab.model.counters, p, &last.unwrap_or_else(|_| p.initial.clone())));
        let data = CaseData {
            case: k,
            count: count.unwrap_or(found.solutions.len() as u128),
            globals,
            given: crate::render::text::given_grid(&elab.model),
            solutions: Vec::new(),
            answered: !found.solutions.is_empty() || matches!(mode, AnswerMode::All | AnswerMode::Count),
            move_lists,
        };
        exit = s.print_case(exit, template, &data);
    } else {
        if let Err(e) = print_default(s, k, elab, args, &low, &found, (mode, count, exit), started.elapsed()) {
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
    patterns_said(k, &guide, args.stats);
    if let (true, Some(proof)) = (args.stats, found.proof) {
        eprintln!("instance {k}: proved unsolvable before searching: {}", proof_text(proof, &low));
    }
    if args.stats {
        let engine = match (mode, p.budget) {
            // The nodes are the second search's.
            _ if found.fell_back => "breadth-first (after IDA* with the spec's estimate)",
            (AnswerMode::First, crate::ir::moves::Budget::Fewest { .. }) => moves::engine_for(how, &guide).name(),
            (AnswerMode::First, _) => "depth-first",
            _ => "counting",
        };
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

/// What became of the pattern databases of the bound, if it has them: `--stats` says how
/// long they took; tables that do not fit the memory budget are said whatever the flags
/// (the search ran under the sum of distances alone).
fn patterns_said(k: usize, guide: &Guide, stats: bool) {
    use crate::ir::guide::Bound;
    use crate::ir::patterns::Built;
    let Some(Bound::Patterns(pat)) = &guide.bound else { return };
    let show = crate::lower::meter::show_bytes;
    match pat.built.get() {
        Some(Built::TooBig { need, budget }) => eprintln!(
            "puzc: instance {k}: the pattern databases need {}, more than the memory budget of {} leaves; the search used the sum of distances alone (raise the budget with `--max-memory`)",
            show(*need),
            show(*budget)
        ),
        Some(Built::Ready { tables, reused }) if stats => eprintln!(
            "instance {k}: pattern databases {} ({} entries), {}",
            pat.abs.sizes(),
            pat.abs.bytes(),
            if *reused {
                "kept from an earlier instance".to_string()
            } else {
                format!("built in {:.3} ms", tables.took.as_secs_f64() * 1e3)
            }
        ),
        _ => {}
    }
}

/// What to say when the table of positions filled its memory: how much it held, and what
/// to try.
fn table_full_help(memory: usize, capped: Option<crate::lower::meter::Cap>, entries: usize, guide: &Guide) -> String {
    let shown = crate::lower::meter::show_bytes(memory);
    let mut help = match capped {
        Some(cap) => format!(
            "  the search kept {entries} positions in {shown}, all that {} leaves it; run it with more memory",
            cap.describe()
        ),
        None => {
            format!("  the search kept {entries} positions in {shown}; give it more with `--memory` (`--memory 8G`)")
        }
    };
    if guide.bound.is_some() {
        help += ", or search with `--search ida`, which keeps no table";
    } else {
        help += ", or bound the search: `moves at most N` searches depth-first and needs no table to finish, and a goal that is a picture reached by sliding values one cell at a time gets a distance bound and IDA*";
    }
    help
}

/// The search a `--search` asks for, refused (exit 2) where it does not apply.
fn how_to_search(p: &MoveProblem, guide: &Guide, mode: AnswerMode, arg: Option<SearchArg>) -> Result<Search, Exit> {
    use crate::ir::moves::Budget;
    let Some(arg) = arg else { return Ok(Search::Auto) };
    if !matches!(p.budget, Budget::Fewest { .. }) {
        eprintln!("puzc: --search picks how `moves fewest` is searched; this spec's budget is searched depth-first");
        return Err(Exit::Usage);
    }
    if mode != AnswerMode::First && arg != SearchArg::Bfs {
        eprintln!("puzc: --search ida finds one answer; --all, --count and --unique search breadth-first");
        return Err(Exit::Usage);
    }
    Ok(match arg {
        SearchArg::Auto => Search::Auto,
        SearchArg::Bfs => Search::Bfs,
        SearchArg::Ida if guide.bound.is_none() && !guide.commute => {
            eprintln!(
                "puzc: --search ida needs a lower bound on the moves left, and none could be derived for this spec (see docs/moves.md, \"Guided search\")"
            );
            return Err(Exit::Usage);
        }
        SearchArg::Ida => Search::Ida,
    })
}

/// `--stats`: the invariant that proved the goal unreachable, in words.
fn proof_text(proof: moves::Proof, low: &LoweredMoves) -> String {
    use moves::{Kept, Proof};
    let v = |v: u8| low.shown[v as usize].clone();
    match proof {
        Proof::Blocks => {
            "the number of blocks on the board can only fall (or only rise), and the goal needs another".into()
        }
        Proof::Permuted(Kept::Count { value, need, have }) => format!(
            "every move permutes the board's cells, so each value keeps its count; the goal needs {need} of {}, the board has {have}",
            v(value)
        ),
        Proof::Permuted(Kept::Parity { key, start, goal }) => format!(
            "every move permutes the board's cells, and the permutation's parity plus the colour of the cell of {} (a two-colouring of the cells derived from the moves: on a grid, the blank's distance parity) is kept: {start} at the start, {goal} at the goal",
            v(key)
        ),
        Proof::Permuted(Kept::EvenParity) => {
            "every move is an even permutation of the board's cells, and the start is an odd one of the goal".into()
        }
        Proof::Permuted(Kept::Cannot { key }) => {
            format!(
                "every move permutes the board's cells, and none carries {} to its goal cell's part of the board",
                v(key)
            )
        }
    }
}

/// A solution's moves as a template sees them: the move's name under `move`, then its
/// printed parameters, then the counters after the move.
fn named_moves(
    low: &LoweredMoves,
    counters: &[crate::lower::model::Counter],
    sol: &[u32],
) -> Vec<Vec<(String, String)>> {
    let p = &low.problem;
    let mut state = p.initial.clone();
    sol.iter()
        .map(|&m| {
            moves::apply_move(p, &mut state, &p.moves[m as usize], None);
            let after = counter_values(counters, p, &state);
            let mv = &p.moves[m as usize];
            let name = ("move".to_string(), p.move_names[mv.kind as usize].clone());
            let cost = ("cost".to_string(), p.cost(m as usize).to_string());
            let piece = low.pieces.get(m as usize).filter(|n| !n.is_empty()).map(|n| ("piece".to_string(), n.clone()));
            let args = low.params[mv.kind as usize].iter().cloned().zip(mv.args.iter().map(|a| a.to_string()));
            // A parameter named `cost` wins over the move's cost, and over a counter.
            std::iter::once(name).chain(args).chain([cost]).chain(piece).chain(after).collect()
        })
        .collect()
}

/// A case's `status` in JSON.
fn status_word(exit: Exit, mode: AnswerMode) -> &'static str {
    match exit {
        Exit::Solved if mode == AnswerMode::Count => "counted",
        Exit::Solved => "solved",
        Exit::NoSolution => "no solution",
        Exit::NotUnique => "not unique",
        _ => "limit reached",
    }
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
    (mode, count, exit): (AnswerMode, Option<u128>, Exit),
    elapsed: std::time::Duration,
) -> Result<(), Exit> {
    let p = &low.problem;
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
            let played = crate::render::svg::Played { model: &elab.model, problem: p, shown: &low.shown };
            let mut draw = |j: usize| {
                let sol = &found.solutions[j];
                let captions: Vec<String> = (sol.iter().zip(move_lines(low, sol)))
                    .map(|(&m, l)| format!("{} {l}", p.move_names[p.moves[m as usize].kind as usize]))
                    .collect();
                if args.animate {
                    crate::render::svg::moves_animation(&played, sol, &captions)
                } else {
                    crate::render::svg::moves_answer(&played, sol, &captions)
                }
            };
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
                "status": status_word(exit, mode),
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
                "status": status_word(exit, mode),
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
