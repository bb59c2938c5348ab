//! The exact-cover matrix out of puzc (`compile --emit xcc|dlx|dimacs|mzn`) and a matrix in
//! Knuth's DLX format into puzc (`solve --dlx FILE`).
use super::exit::Exit;
use super::{Emit, Format, SolveArgs};
use crate::api::xcc::{KNUTH_COLOUR_CHARS, Limits, MatrixAsk, OptionId, Stop, XccProblem};
use crate::diag::render::render_all;
use crate::diag::{Code, Diagnostic, Sources, Span};
use std::io::Read;
use std::time::Instant;

/// The text of `p` in the form `emit` asks for (an exact-cover form).
pub fn export(p: &XccProblem, emit: Emit) -> Result<String, Exit> {
    match emit {
        Emit::Dlx => {
            let colours = p.colour_names.len() - 1;
            if colours > KNUTH_COLOUR_CHARS.len() {
                eprintln!(
                    "puzc: warning: {colours} colours is more than the {} one-character names there are; the \
                     published DLX2, DLX3 and SSXCC read only one-character colours",
                    KNUTH_COLOUR_CHARS.len()
                );
            }
            p.to_knuth_text().map_err(|why| {
                eprintln!("puzc: --emit dlx: {why}; use --emit xcc, dimacs or mzn");
                Exit::Usage
            })
        }
        Emit::Dimacs => Ok(p.to_dimacs()),
        Emit::Mzn => Ok(p.to_minizinc()),
        Emit::Xcc | Emit::Moves => Ok(p.to_dlx_text()),
    }
}

/// `solve --dlx FILE`: reads the matrix, searches it with puzc's engine, checks every
/// solution against the matrix, prints the chosen options (puzc's names when the file maps
/// its codes back).
pub fn solve(args: &SolveArgs) -> Exit {
    let started = Instant::now();
    let path = &args.common.file;
    let style = super::diag_style(args.common.colour);
    if args.format == Format::Json {
        eprintln!("puzc: --format json shows a spec's answers; a --dlx matrix prints its options as text");
        return Exit::Usage;
    }
    let text = if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map(|_| s)
    } else {
        std::fs::read_to_string(path)
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("puzc: cannot read {}: {e}", path.display());
            return Exit::Io;
        }
    };
    let p = match XccProblem::from_knuth_text(&text) {
        Ok(p) => p,
        Err(e) => {
            let mut sources = Sources::default();
            let name = if path.as_os_str() == "-" { "<stdin>".to_string() } else { path.display().to_string() };
            let file = sources.add(name, text);
            let d = Diagnostic::new(Code::P001, Span::new(file, e.start, e.end), e.message)
                .label("here")
                .help(format!("{} (Knuth's DLX format: see docs/cli.md)", e.help));
            eprint!("{}", render_all(&[d], &sources, style));
            return Exit::BadSpec;
        }
    };
    if p.option_count() > args.common.max_options() {
        eprintln!(
            "puzc: the matrix has {} options, more than --max-options {}",
            p.option_count(),
            args.common.max_options()
        );
        return Exit::Limit;
    }
    let (all, count, unique) = (args.all, args.count, args.unique);
    let limits = Limits {
        max_solutions: if all || count {
            args.limit
        } else if unique {
            Some(2)
        } else {
            Some(1)
        },
        max_nodes: args.max_nodes,
        deadline: super::deadline(started, args.timeout),
        progress: super::progress::wanted(args.quiet),
        cancel: None,
    };
    // `None`: not given, so chosen from the size of the search (`split::solve_default`).
    let threads = if (all || count) && args.limit.is_none() { args.threads.map(|n| n as usize) } else { Some(1) };
    let forecast = |stopped: &dyn Fn() -> bool| crate::api::xcc::forecast(&p, stopped);
    let ask = MatrixAsk { all, count, threads };
    let searched = super::progress::while_running(limits.progress.as_ref(), forecast, || {
        crate::api::xcc::search_matrix(&p, &limits, ask)
    });
    let (stats, shown) = match searched {
        Ok(s) => s,
        Err(why) => {
            eprintln!("puzc: internal error: a solution failed the check ({why}); nothing was printed for it");
            return Exit::Internal;
        }
    };
    let limited = matches!(stats.stop, Stop::NodeLimit | Stop::Timeout);
    let exit = if limited && (all || count || stats.solutions == 0) {
        Exit::Limit
    } else if unique && stats.solutions > 1 {
        Exit::NotUnique
    } else if count || stats.solutions > 0 {
        Exit::Solved
    } else {
        Exit::NoSolution
    };
    let block =
        |options: &[OptionId]| -> String { options.iter().map(|o| p.option_text(o.0 as usize) + "\n").collect() };
    if count {
        if exit == Exit::Limit {
            eprintln!("puzc: {} found before the limit", crate::diag::plural(stats.solutions, "solution"));
        } else {
            println!("{}", stats.solutions);
        }
    } else if all {
        let blocks: Vec<String> = shown.iter().map(|s| block(s)).collect();
        print!("{}", blocks.join("\n"));
        if !blocks.is_empty() {
            println!();
        }
        println!("{} solution{}", stats.solutions, if stats.solutions == 1 { "" } else { "s" });
    } else if let Some(first) = shown.first() {
        print!("{}", block(first));
    }
    match exit {
        Exit::NoSolution => eprintln!("puzc: no solution"),
        Exit::NotUnique => eprintln!("puzc: more than one solution"),
        Exit::Limit => eprintln!("puzc: a limit (--timeout, --max-nodes) stopped the search before it finished"),
        _ => {}
    }
    if args.stats {
        eprintln!(
            "{} items ({} primary), {} options; {}, {}; {:.3} ms",
            p.items.len(),
            p.n_primary,
            p.option_count(),
            crate::diag::plural(stats.nodes, "node"),
            crate::diag::plural(stats.solutions, "solution"),
            started.elapsed().as_secs_f64() * 1e3
        );
    }
    exit
}
