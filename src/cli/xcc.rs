//! `solve`, `check` and `compile` for exact-cover specs.
use super::exit::Exit;
use super::{CompileArgs, Emit, Format, Session, SolveArgs};
use crate::lower::elaborate::Elab;
use crate::lower::xcc::{Lowered, lower};
use crate::render;
use crate::solve::answer::decode;
use crate::solve::verify::verify;
use crate::solve::xcc::{self, Flow, Limits, Stop};
use crate::syntax::ast::AnswerMode;
use std::time::Instant;

/// `--count` verifies this many solutions; printed solutions are all verified.
const VERIFY_WHEN_COUNTING: u64 = 1000;

fn lowered(s: &Session, elab: &Elab) -> Result<Lowered, Exit> {
    lower(&elab.model, s.common.max_options).map_err(|d| s.fail(&d))
}

pub fn check(s: &Session, elab: &mut Elab) -> Exit {
    lowered(s, elab).map_or_else(|e| e, |_| Exit::Solved)
}

pub fn compile(s: &Session, k: usize, elab: &mut Elab, args: &CompileArgs) -> Exit {
    if k > 1 {
        println!(); // a blank line between the problems of several instances
    }
    let low = match lowered(s, elab) {
        Ok(l) => l,
        Err(e) => return e,
    };
    match args.emit {
        Emit::Dlx => print!("{}", low.problem.to_dlx_text()),
        Emit::Moves => {
            eprintln!("puzc: this spec is an exact-cover puzzle; use --emit dlx");
            return Exit::Usage;
        }
    }
    Exit::Solved
}

pub fn solve(s: &Session, k: usize, elab: &mut Elab, args: &SolveArgs) -> Exit {
    let started = Instant::now();
    let low = match lowered(s, elab) {
        Ok(l) => l,
        Err(e) => return e,
    };
    let lowered_at = started.elapsed();
    let model = &elab.model;
    let mode = if args.all {
        AnswerMode::All
    } else if args.count {
        AnswerMode::Count
    } else if args.unique {
        AnswerMode::Unique
    } else {
        model.answer.unwrap_or(AnswerMode::First)
    };
    let limits = Limits {
        max_solutions: match mode {
            AnswerMode::First => Some(1),
            AnswerMode::Unique => Some(2),
            _ => args.limit,
        },
        max_nodes: args.max_nodes,
        deadline: super::deadline(started, args.timeout),
    };
    let mut shown = Vec::new();
    let mut json = Vec::new();
    let mut bad = None;
    let mut found = 0u64;
    let stats = xcc::solve(&low.problem, &limits, &mut |chosen| {
        found += 1;
        let keep = mode != AnswerMode::Count;
        if keep || found <= VERIFY_WHEN_COUNTING {
            let ans = decode(model, &low.meanings, chosen);
            if let Err(why) = verify(model, &ans) {
                bad = Some(why);
                return Flow::Stop;
            }
            if keep && (mode != AnswerMode::Unique || found == 1) {
                match args.format {
                    Format::Text => shown.push(render::text::xcc_answer(model, &ans)),
                    Format::Json => json.push(render::json::xcc_answer(model, &ans)),
                }
            }
        }
        Flow::Continue
    });
    if let Some(why) = bad {
        eprintln!("puzc: internal error: a solution failed verification ({why}); nothing was printed for it");
        return Exit::Internal;
    }
    let limited = matches!(stats.stop, Stop::NodeLimit | Stop::Timeout);
    let exit = match (mode, stats.solutions) {
        _ if limited && (mode == AnswerMode::Count || mode == AnswerMode::All || stats.solutions == 0) => Exit::Limit,
        (AnswerMode::Unique, n) if n > 1 => Exit::NotUnique,
        // A finished count is an answer, even when it is 0.
        (AnswerMode::Count, _) => Exit::Solved,
        (_, 0) => Exit::NoSolution,
        _ => Exit::Solved,
    };
    match args.format {
        Format::Text => {
            if k > 1 {
                println!();
            }
            match mode {
                // A count cut short by a limit is not the count: it goes to stderr only.
                AnswerMode::Count if exit == Exit::Limit => {
                    eprintln!("puzc: instance {k}: {} found before the limit", plural(stats.solutions, "solution"))
                }
                AnswerMode::Count => println!("{}", stats.solutions),
                AnswerMode::All => {
                    for (i, sol) in shown.iter().enumerate() {
                        if i > 0 {
                            println!();
                        }
                        print!("{sol}");
                    }
                    if !shown.is_empty() {
                        println!();
                    }
                    println!("{}", plural(stats.solutions, "solution"));
                }
                _ => shown.iter().take(1).for_each(|s| print!("{s}")),
            }
        }
        Format::Json => {
            let status = match exit {
                Exit::Solved if mode == AnswerMode::Count => "counted",
                Exit::Solved => "solved",
                Exit::NoSolution => "no solution",
                Exit::NotUnique => "not unique",
                _ => "limit reached",
            };
            let obj = serde_json::json!({
                "instance": k,
                "status": status,
                "count": stats.solutions,
                "solutions": json,
                "nodes": stats.nodes,
            });
            println!("{obj}");
        }
    }
    match exit {
        Exit::NoSolution => eprintln!("puzc: instance {k}: no solution"),
        Exit::NotUnique => eprintln!("puzc: instance {k}: more than one solution"),
        Exit::Limit => eprintln!("puzc: instance {k}: {} before the search finished", limit_name(stats.stop)),
        _ => {}
    }
    if args.stats {
        let p = &low.problem;
        eprintln!(
            "instance {k}: {} items ({} primary), {} options; {} nodes, {} solutions; compile {:.3} ms, search {:.3} ms",
            p.items.len(),
            p.n_primary,
            p.option_count(),
            stats.nodes,
            stats.solutions,
            lowered_at.as_secs_f64() * 1e3,
            (started.elapsed() - lowered_at).as_secs_f64() * 1e3,
        );
    }
    exit
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
