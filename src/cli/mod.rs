//! Stage 6: the command line. The only module that reads files, prints, or picks exit codes.
mod args;
mod dlx;
pub mod exit;
mod fmt;
mod generate;
mod moves;
mod parts;
mod pictures;
mod progress;
mod stream;
mod xcc;

use crate::diag::render::{Style, render_all};
use crate::diag::{Diagnostic, FileId, Sources};
pub use args::*;

use crate::api::case_rule::Current;
use crate::api::format::{Kind, decode};
use crate::api::limits::ExpandLimits;
use crate::api::load::LoadError;
use crate::api::render::{CaseData, Node};
use crate::api::{Elab, Mode as AnswerMode, Overrides, Spec};
use clap::Parser;
use exit::Exit;
use std::collections::HashMap;
use std::io::{IsTerminal, Read};

/// Runs puzc with the process's arguments and returns the exit code.
pub fn main() -> i32 {
    install_panic_hook();
    install_signal_handlers();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            match args::misread_option(&e, &std::env::args().collect::<Vec<_>>()) {
                Some(message) => eprint!("{message}"),
                None => {
                    let _ = e.print();
                }
            }
            return if e.use_stderr() { Exit::Usage as i32 } else { 0 };
        }
    };
    // Every stage walks expressions recursively, and a spec may nest them deeply (a chain of
    // 200 000 `+` is a tree that deep): the compiler runs on a thread with a stack to match
    // the 1 MiB limit on specs (only the pages used are ever committed).
    // The worker ends the process itself: a run that filled its memory budget would
    // otherwise spend seconds after its last word handing every block back to malloc
    // (10 s after Langford n = 10^6 hit S401 at 1 GiB).
    let worker = std::thread::Builder::new().stack_size(crate::api::limits::compiler_stack()).spawn(move || {
        let code = run(cli) as i32;
        let _ = std::io::Write::flush(&mut std::io::stdout());
        std::process::exit(code)
    });
    match worker.map(|w| w.join()) {
        Ok(Ok(exit)) => exit as i32,
        _ => Exit::Internal as i32,
    }
}

/// SIGINT (Ctrl-C) and SIGTERM stop a running search: the handler sets
/// [`crate::api::limits::interrupt`], which every engine reads at its clock check (every 4096
/// nodes, `tally.rs`), and the search ends as if by a limit, with what it found printed
/// (exit 130). In a batch, once the first instance has been searched, a signal between two
/// searches stops the batch before the next instance (`progress::BETWEEN_CASES`). Before
/// the first search (reading, elaborating), or at a second signal, the process ends at once
/// with 130.
///
/// signal-hook rather than ctrlc: the action runs in the signal handler itself (an atomic
/// swap and `_exit`, both async-signal-safe), with no thread of its own, and the crate needs
/// nothing but libc, which the tree already has.
fn install_signal_handlers() {
    use signal_hook::consts::{SIGINT, SIGTERM};
    use std::sync::atomic::Ordering::SeqCst;
    for signal in [SIGINT, SIGTERM] {
        let action = || {
            let stoppable = progress::SEARCHING.load(SeqCst) || progress::BETWEEN_CASES.load(SeqCst);
            if crate::api::limits::interrupt() || !stoppable {
                signal_hook::low_level::exit(Exit::Interrupted as i32);
            }
        };
        // SAFETY: the action only touches atomics and calls `_exit`, which are
        // async-signal-safe; it allocates nothing and takes no lock.
        let _ = unsafe { signal_hook::low_level::register(signal, action) };
    }
}

/// Whether a signal asked the search to stop.
fn signalled() -> bool {
    crate::api::limits::interrupted()
}

/// A panic is a bug: say so in one line and exit 70, never a backtrace.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        // A reader that stopped early (`puzc ... | head`) is not a bug, nor a failure: it
        // has what it wanted. Leave quietly, with 0 (`set -o pipefail` scripts stay green).
        if panic_message(info).contains("Broken pipe") {
            std::process::exit(Exit::Solved as i32);
        }
        let place = info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        eprintln!("puzc: internal error{place}: {}", panic_message(info));
        eprintln!("This is a bug in puzc; please report it with the spec that caused it.");
        std::process::exit(Exit::Internal as i32);
    }));
}

fn panic_message(info: &std::panic::PanicHookInfo) -> String {
    if let Some(s) = info.payload().downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = info.payload().downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".into()
    }
}

pub fn run(cli: Cli) -> Exit {
    match cli.command {
        Command::Solve(args) if args.dlx => dlx::solve(&args),
        Command::Solve(args) => {
            if (args.output.is_some() || args.animate) && args.format != Format::Svg {
                let what = if args.animate { "--animate" } else { "--output" };
                eprintln!("puzc: {what} writes pictures; add --format svg");
                return Exit::Usage;
            }
            let json = matches!(args.format, Format::Json | Format::Jsonl);
            Session::open_as(&args.common, json).map_or_else(|e| e, |mut s| s.solve(&args))
        }
        Command::Check(args) if !args.more.is_empty() => {
            // Several specs: each checked as if alone (`FILE: ok` for a clean one), the worst
            // exit kept.
            let files: Vec<_> = std::iter::once(args.common.file.clone()).chain(args.more.iter().cloned()).collect();
            if files.iter().filter(|f| f.as_os_str() == "-").count() > 1 {
                eprintln!("puzc: standard input (`-`) can be read once");
                return Exit::Usage;
            }
            let mut worst = Exit::Solved;
            for file in files {
                let one = CheckArgs { common: CommonArgs { file, ..args.common.clone() }, more: Vec::new(), ..args };
                worst = worst.max(check_one(&one, true));
            }
            worst
        }
        Command::Check(args) => check_one(&args, false),
        Command::Compile(args) => Session::open(&args.common).map_or_else(|e| e, |mut s| s.compile(&args)),
        Command::Estimate(args) => Session::open(&args.common).map_or_else(|e| e, |mut s| s.estimate(&args)),
        Command::Generate(args) => Session::open(&args.common).map_or_else(|e| e, |mut s| generate::run(&mut s, &args)),
        Command::Grade(args) => Session::open(&args.common).map_or_else(|e| e, |mut s| generate::grade(&mut s, &args)),
        Command::Fmt(args) => fmt::run(&args),
        Command::Split(args) => Session::open(&args.common).map_or_else(|e| e, |mut s| s.split(&args)),
        Command::Merge(args) => parts::merge(&args),
        Command::Draw(args) => Session::open(&args.common).map_or_else(|e| e, |mut s| pictures::draw(&mut s, &args)),
        Command::Completions(args) => {
            use clap::CommandFactory;
            clap_complete::generate(args.shell, &mut Cli::command(), "puzc", &mut std::io::stdout());
            Exit::Solved
        }
        Command::Lsp => match crate::lsp::serve() {
            Ok(()) => Exit::Solved,
            Err(e) => {
                // The client broke the protocol or went away: the conversation failed.
                eprintln!("puzc lsp: {e}");
                Exit::Io
            }
        },
        Command::Serve(args) => serve(&args),
        Command::Man => {
            use clap::CommandFactory;
            match clap_mangen::Man::new(Cli::command()).render(&mut std::io::stdout()) {
                Ok(()) => Exit::Solved,
                Err(e) => {
                    eprintln!("puzc: cannot write the manual page: {e}");
                    Exit::Io
                }
            }
        }
    }
}

/// `puzc serve`: the playground on 127.0.0.1, its address printed on stdout, until the
/// process is stopped.
fn serve(args: &args::ServeArgs) -> Exit {
    crate::api::limits::set_max_memory(args.max_memory);
    let listener = match crate::serve::bind(args.port) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("puzc serve: cannot listen on 127.0.0.1:{}: {e}", args.port);
            return Exit::Io;
        }
    };
    match listener.local_addr() {
        Ok(addr) => println!("puzc serve: the playground is at http://{addr}/ (Ctrl-C stops it)"),
        Err(e) => {
            eprintln!("puzc serve: {e}");
            return Exit::Io;
        }
    }
    let _ = std::io::Write::flush(&mut std::io::stdout());
    match crate::serve::run(listener) {
        Ok(()) => Exit::Solved,
        Err(e) => {
            eprintln!("puzc serve: {e}");
            Exit::Io
        }
    }
}

/// `puzc check` of one spec; `named`: its "ok" names the file (one of several).
fn check_one(args: &CheckArgs, named: bool) -> Exit {
    let started = std::time::Instant::now();
    let opened = Session::open_as(&args.common, args.format == CheckFormat::Json);
    let front = started.elapsed();
    let exit = opened.map_or_else(|e| e, |mut s| s.check());
    if exit == Exit::Solved {
        match named {
            true => println!("{}: ok", args.common.file.display()),
            false => println!("ok"),
        }
    }
    if args.stats {
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        let total = started.elapsed();
        let lower = total - front;
        eprintln!(
            "compiled in {:.3} ms: read, parse and check {:.3} ms; elaborate and lower {:.3} ms",
            ms(total),
            ms(front),
            ms(lower),
        );
    }
    exit
}

/// How diagnostics are drawn: in colour or not, at the terminal's width.
///
/// `--color auto` follows the conventions of no-color.org and bixense.com/clicolors:
/// `NO_COLOR` (set, not empty) turns colour off, else `CLICOLOR_FORCE` (set, not `0`) turns it
/// on even in a pipe, else colour when stderr is a terminal. `always` and `never` win over both.
pub(crate) fn diag_style(mode: ColourMode) -> Style {
    let set = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    let colour = match mode {
        ColourMode::Always => true,
        ColourMode::Never => false,
        ColourMode::Auto if set("NO_COLOR").is_some() => false,
        ColourMode::Auto if set("CLICOLOR_FORCE").is_some_and(|v| v != "0") => true,
        ColourMode::Auto => std::io::stderr().is_terminal(),
    };
    Style { colour, width: diag_width(), json: false }
}

/// Diagnostics are wrapped to stderr's terminal width (at least [`MIN_WIDTH`]); when stderr
/// is not a terminal, at [`PIPE_WIDTH`] columns, so that files and tests see the same bytes
/// on every machine.
fn diag_width() -> usize {
    match terminal_size::terminal_size_of(std::io::stderr()) {
        // A pseudo-terminal nobody sized says 0.
        Some((w, _)) if w.0 > 0 => (w.0 as usize).max(MIN_WIDTH),
        _ => PIPE_WIDTH,
    }
}

const PIPE_WIDTH: usize = 100;
const MIN_WIDTH: usize = 40;

/// A loaded spec and its instance text.
pub(crate) struct Session {
    pub sources: Sources,
    pub spec: Spec,
    pub style: Style,
    pub common: CommonArgs,
    pub overrides: Overrides,
    instance: (FileId, usize, String),
    /// False when the spec has no inline instance and no `--instance` was given.
    has_instance: bool,
    /// `print "..."`: how each case is printed, replacing the default output.
    pub template: Option<Vec<Node>>,
    /// `print between cases "..."`.
    pub between: Option<Vec<Node>>,
    /// Whether a case has been printed through the template (the next gets the separator).
    pub(crate) printed_a_case: std::cell::Cell<bool>,
    /// The instance being read or solved, which diagnostics name in a batch.
    current: std::cell::Cell<Option<Current>>,
    /// Solutions and nodes of the instances searched to the end so far, for the
    /// `interrupted:` line of a batch.
    searched: std::cell::Cell<(u64, u64)>,
    /// `solve --timeout`, in seconds: each instance's time, from when its data begin to be
    /// read (so elaboration and lowering count, S403) to the end of its search.
    timeout: Option<f64>,
    /// When the instance being solved began to be read.
    case_started: std::cell::Cell<Option<std::time::Instant>>,
}

impl Session {
    fn open(common: &CommonArgs) -> Result<Session, Exit> {
        Session::open_as(common, false)
    }

    /// Opens the spec; `json`: its diagnostics as JSON lines (`--format json`).
    fn open_as(common: &CommonArgs, json: bool) -> Result<Session, Exit> {
        let style = Style { json, ..diag_style(common.colour) };
        if common.file.as_os_str() == "-" && common.instance.as_ref().is_some_and(|i| i.as_os_str() == "-") {
            eprintln!("puzc: the spec and the instance cannot both be read from standard input (`-`)");
            return Err(Exit::Usage);
        }
        crate::api::limits::set_max_memory(common.max_memory);
        let mut sources = Sources::default();
        let read = |p: &std::path::Path| read_bytes(p);
        let (spec, root) = match crate::api::load_checked(&common.file, &mut sources, &read) {
            Ok(r) => r,
            Err(LoadError::Io(path, e)) => {
                eprintln!("puzc: cannot read {}: {e}", path.display());
                return Err(Exit::Io);
            }
            Err(LoadError::Bad(diags)) => {
                eprint!("{}", render_all(&diags, &sources, style));
                return Err(Exit::BadSpec);
            }
        };
        let overrides = crate::api::overrides(&spec, &common.set).map_err(|message| {
            eprintln!("puzc: {message}");
            Exit::Usage
        })?;
        let instance = match &common.instance {
            Some(path) => {
                let bytes = read_bytes(path).map_err(|e| {
                    eprintln!("puzc: cannot read {}: {e}", path.display());
                    Exit::Io
                })?;
                let name = if path.as_os_str() == "-" { "<stdin>".to_string() } else { path.display().to_string() };
                match decode(bytes, name, Kind::Instance, &mut sources) {
                    Ok(file) => (file, 0, sources.get(file).text.clone()),
                    Err(d) => {
                        eprint!("{}", render_all(&[d], &sources, style));
                        return Err(Exit::BadSpec);
                    }
                }
            }
            None => crate::api::load::own_instance(&spec, root),
        };
        let has_instance = common.instance.is_some() || crate::api::load::has_own_instance(&spec, root);
        let (template, between) = crate::api::load::templates(&spec);
        Ok(Session {
            sources,
            spec,
            style,
            common: common.clone(),
            overrides,
            instance,
            has_instance,
            template,
            between,
            printed_a_case: Default::default(),
            current: Default::default(),
            searched: Default::default(),
            timeout: None,
            case_started: Default::default(),
        })
    }

    /// Prints one case through the spec's template, preceded by the between-cases text.
    /// Prints one case through the spec's template, preceded by the between-cases text.
    /// A search cut short by a limit prints nothing (its "no solution" would be a guess), and
    /// so does a case without an answer whose template has no `{if solved}` to say so. A
    /// finished enumeration or count is an answer even when it found nothing.
    /// Prints one case through the spec's template. Returns the case's exit code: "no
    /// solution" becomes "solved" when the template declares what an unsolved case prints
    /// (see `declares_unsolved`) and it was printed, since that output is the whole answer.
    pub fn print_case(&self, exit: Exit, template: &[Node], data: &CaseData) -> Exit {
        use crate::api::render::{declares_unsolved, fill_template as render, mentions_unsolved};
        if matches!(exit, Exit::Limit | Exit::Interrupted) || (!data.answered && !mentions_unsolved(template)) {
            return exit;
        }
        if self.printed_a_case.replace(true)
            && let Some(between) = &self.between
        {
            print!("{}", render(between, data));
        }
        print!("{}", render(template, data));
        if exit == Exit::NoSolution && declares_unsolved(template) { Exit::Solved } else { exit }
    }

    /// Prints one case's default (untemplated) output, with a blank line between cases that
    /// print something.
    pub fn print_block(&self, text: &str) {
        if text.is_empty() {
            return;
        }
        if self.printed_a_case.replace(true) {
            println!();
        }
        print!("{text}");
    }

    pub fn fail(&self, diags: &[Diagnostic]) -> Exit {
        let mut diags = diags.to_vec();
        if let Some(current) = self.current.get() {
            diags.iter_mut().for_each(|d| current.annotate(&self.sources, d));
        }
        eprint!("{}", render_all(&diags, &self.sources, self.style));
        // The timeout ran out while the problem was built: a limit, as when it stops a search.
        match diags.iter().any(|d| d.code == crate::diag::Code::S403) {
            true => Exit::Limit,
            false => Exit::BadSpec,
        }
    }

    /// The current instance's deadline under `--timeout`.
    pub(crate) fn deadline(&self) -> Option<std::time::Instant> {
        deadline(self.case_started.get()?, self.timeout)
    }

    /// An instance begins to be read: its time starts, and building it checks the deadline.
    fn start_case(&self) {
        self.case_started.set(Some(std::time::Instant::now()));
        crate::api::limits::set_build_deadline(self.deadline());
    }

    /// Adds a finished instance's solutions and nodes to the batch's.
    pub(crate) fn searched(&self, solutions: u64, nodes: u64) {
        let (s, n) = self.searched.get();
        self.searched.set((s.saturating_add(solutions), n.saturating_add(nodes)));
    }

    /// `interrupted: 3 solutions so far, 81920 nodes` on stderr, and exit 130: the solutions
    /// and nodes of the instance a signal stopped, with those of the batch's earlier ones.
    pub(crate) fn interrupted(&self, solutions: u64, nodes: u64) -> Exit {
        let (before, before_nodes) = self.searched.get();
        let (solutions, nodes) = (before.saturating_add(solutions), before_nodes.saturating_add(nodes));
        let s = if solutions == 1 { "" } else { "s" };
        eprintln!("interrupted: {solutions} solution{s} so far, {nodes} nodes");
        Exit::Interrupted
    }

    /// True for specs of the move-search form.
    pub fn is_moves(&self) -> bool {
        crate::api::load::is_moves(&self.spec)
    }

    /// Elaborates every instance in turn, calling `each(session, k, elab)`; stops at the first
    /// bad instance. Returns the worst exit of all instances.
    pub(crate) fn for_each_instance(&mut self, each: &mut dyn FnMut(&Session, usize, &mut Elab) -> Exit) -> Exit {
        use crate::api::cases::{Walked, for_each};
        let limits = ExpandLimits {
            work: self.common.max_expansion,
            options: self.common.max_options(),
            ..ExpandLimits::default()
        };
        let mut worst = Exit::Solved;
        let this = &*self;
        let walked = for_each(
            &this.spec,
            &this.overrides,
            &this.instance,
            limits,
            &mut |at| {
                if at.is_some() {
                    this.start_case();
                }
                this.current.set(at)
            },
            &mut |k, elab| {
                // A signal while this instance was read (`progress::BETWEEN_CASES`): it is
                // not searched.
                if signalled() {
                    worst = worst.max(this.interrupted(0, 0));
                    return false;
                }
                worst = worst.max(each(this, k, elab));
                // Interrupted: the instances after this one are not read. A signal that
                // came after this instance's search ended stops the batch here.
                if worst != Exit::Interrupted && signalled() {
                    worst = worst.max(this.interrupted(0, 0));
                }
                worst != Exit::Interrupted
            },
        );
        crate::api::limits::set_build_deadline(None);
        match walked {
            Walked::Done | Walked::Stopped => {}
            Walked::Unread => {
                eprintln!("puzc: warning: the spec reads no instance data, so the instance text is ignored")
            }
            Walked::Bad { mut diagnostics, elaborating, elab } => {
                if elaborating && !self.has_instance {
                    crate::api::load::explain_missing_instance(&self.spec, &mut diagnostics);
                }
                // The run ends here: what was built (up to the memory budget) is left to the
                // process's exit rather than freed piece by piece.
                std::mem::forget(elab);
                return self.fail(&diagnostics);
            }
        }
        self.current.set(None);
        worst
    }

    fn solve(&mut self, args: &SolveArgs) -> Exit {
        let moves = self.is_moves();
        if let Some(why) = flag_for_other_form(moves, args) {
            eprintln!("puzc: {why}");
            return Exit::Usage;
        }
        self.timeout = args.timeout;
        let started = std::time::Instant::now();
        let mut cases = 0usize;
        let exit = self.for_each_instance(&mut |s, k, elab| {
            cases = k;
            let exit = if moves { moves::solve(s, k, elab, args) } else { xcc::solve(s, k, elab, args) };
            progress::BETWEEN_CASES.store(true, std::sync::atomic::Ordering::SeqCst);
            exit
        });
        if args.stats && cases > 1 {
            // A batch: the spec was parsed and checked once; every instance was elaborated,
            // lowered, solved and verified.
            let secs = started.elapsed().as_secs_f64();
            eprintln!("{cases} instances in {:.3} s: {:.0} per second", secs, cases as f64 / secs.max(1e-9));
        }
        exit
    }

    fn check(&mut self) -> Exit {
        let moves = self.is_moves();
        self.for_each_instance(&mut |s, _, elab| if moves { moves::check(s, elab) } else { xcc::check(s, elab) })
    }

    /// `puzc estimate`: Knuth's estimate of each instance's exact-cover search.
    fn estimate(&mut self, args: &EstimateArgs) -> Exit {
        if self.is_moves() {
            eprintln!("puzc: estimate works on exact-cover searches; this spec is a played puzzle");
            return Exit::Usage;
        }
        self.for_each_instance(&mut |s, k, elab| xcc::estimate(s, k, elab, args))
    }

    /// `puzc split`: the manifest of the one instance's search cut into parts.
    fn split(&mut self, args: &SplitArgs) -> Exit {
        if let Some(m) = crate::api::load::first_move(&self.spec) {
            let d =
                Diagnostic::new(crate::diag::Code::D601, m, "split cuts exact-cover searches; this is a played puzzle")
                    .label("a move: the spec is searched move by move")
                    .help("solve a played puzzle in one process");
            return self.fail(&[d]);
        }
        let mut manifest = None;
        let exit = self.for_each_instance(&mut |s, k, elab| {
            if k > 1 {
                eprintln!(
                    "puzc: split cuts one instance's search; the instance holds more than one (give each its own file)"
                );
                return Exit::Usage;
            }
            match xcc::searched(s, elab).map(|low| parts::manifest(s, &low.problem, args.parts as usize)) {
                Ok(Ok(text)) => {
                    manifest = Some(text);
                    Exit::Solved
                }
                Ok(Err(d)) => s.fail(&[d]),
                Err(e) => e,
            }
        });
        if let (Exit::Solved, Some(text)) = (exit, manifest) {
            print!("{text}");
        }
        exit
    }

    fn compile(&mut self, args: &CompileArgs) -> Exit {
        let moves = self.is_moves();
        self.for_each_instance(&mut |s, k, elab| {
            if moves { moves::compile(s, k, elab, args) } else { xcc::compile(s, k, elab, args) }
        })
    }
}

/// A flag given for the other form of spec: it would change nothing, so it is refused rather
/// than ignored.
fn flag_for_other_form(moves: bool, args: &SolveArgs) -> Option<&'static str> {
    if moves {
        if args.threads.is_some_and(|n| n != 1) {
            return Some("--threads splits exact-cover searches; a played puzzle is searched on one thread");
        }
        if args.common.max_options.is_some() {
            return Some("--max-options limits exact-cover options; a played puzzle has none");
        }
        if args.part.is_some() {
            return Some("--part solves a part of a split exact-cover search; a played puzzle is not split");
        }
    } else if args.trace {
        return Some("--trace shows the moves of a played puzzle; this spec is not played (it has no `move`)");
    } else if args.memory.is_some() {
        return Some(
            "--memory sizes the table of a played puzzle's search; this spec is not played (it has no `move`)",
        );
    } else if args.search.is_some() {
        return Some("--search picks how a played puzzle is searched; this spec is not played (it has no `move`)");
    }
    None
}

/// What `solve` does with a case: `--all`, `--count` or `--unique`, else the spec's `answer`,
/// else the first solution. `--limit` is refused where it would do nothing.
pub(crate) fn answer_mode(args: &SolveArgs, answer: Option<AnswerMode>) -> Result<AnswerMode, Exit> {
    let mode = if args.all {
        AnswerMode::All
    } else if args.count {
        AnswerMode::Count
    } else if args.unique {
        AnswerMode::Unique
    } else {
        answer.unwrap_or(AnswerMode::First)
    };
    if args.limit.is_some() && matches!(mode, AnswerMode::First | AnswerMode::Unique) {
        eprintln!("puzc: --limit applies to --all and --count (or `answer all` / `answer count`)");
        return Err(Exit::Usage);
    }
    Ok(mode)
}

/// The exit code of a case that ended so.
pub(crate) fn exit_of(status: crate::api::Status) -> Exit {
    use crate::api::Status;
    match status {
        Status::Solved | Status::Counted => Exit::Solved,
        Status::NoSolution => Exit::NoSolution,
        Status::NotUnique => Exit::NotUnique,
        Status::Limit => Exit::Limit,
        Status::Stopped => Exit::Interrupted,
    }
}

/// A file's bytes; `-` is standard input (decoded by `syntax::text`, which the caller names a
/// spec or instance data).
pub(crate) fn read_bytes(path: &std::path::Path) -> std::io::Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut s = Vec::new();
        std::io::stdin().read_to_end(&mut s)?;
        Ok(s)
    } else {
        std::fs::read(path)
    }
}

/// The spec's constants and parameters, as templates print them.
pub(crate) fn globals_as_text(elab: &Elab) -> HashMap<String, String> {
    crate::api::globals_as_text(elab)
}

/// `compile`: prints one instance's lowered problem, when `wanted` is the form the spec has.
/// Problems of several instances are separated by a blank line.
pub(crate) fn print_lowered(k: usize, wanted: Emit, has: Emit, text: impl FnOnce() -> Result<String, Exit>) -> Exit {
    if wanted != has {
        let (what, flag) = match has {
            Emit::Moves => ("a played puzzle", "moves"),
            _ => ("an exact-cover puzzle", "xcc, dlx, dimacs or mzn"),
        };
        eprintln!("puzc: this spec is {what}; use --emit {flag}");
        return Exit::Usage;
    }
    match text() {
        Ok(t) => {
            if k > 1 {
                println!();
            }
            print!("{t}");
            Exit::Solved
        }
        Err(e) => e,
    }
}
