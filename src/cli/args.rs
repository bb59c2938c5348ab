//! The command line.
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

#[derive(Parser, Debug)]
#[command(name = "puzc", version = env!("PUZC_VERSION"), about = "Solve puzzles described in the .puz language", after_help = super::exit::EXIT_CODES_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Solve the puzzle of a spec (its inline instance, or those of --instance).
    Solve(SolveArgs),
    /// Check a spec (and its instances) and print diagnostics only.
    Check(CheckArgs),
    /// Show the lowered problem.
    Compile(CompileArgs),
    /// Estimate the size of an exact-cover search (Knuth's random probes).
    Estimate(EstimateArgs),
    /// Make puzzles with one solution: a random solution, then clues removed while it stays
    /// the only one; printed in the spec's instance format, one after another.
    Generate(GenerateArgs),
    /// Rate puzzles by the deduction they need without search: level 0 singles, level k
    /// failed-option probing to depth k; one line per instance.
    Grade(GradeArgs),
    /// Print a spec in the canonical layout (comments kept).
    Fmt(FmtArgs),
    /// Cut an exact-cover search into independent parts: writes a manifest (JSON) to stdout.
    Split(SplitArgs),
    /// Add up the counts, or join the answers, of the parts `solve --part` wrote.
    Merge(MergeArgs),
    /// Draw the unsolved puzzle (SVG): its board, givens, clues, regions and cages, or a played
    /// puzzle's starting board.
    Draw(DrawArgs),
    /// Print a completion script for a shell: `puzc completions bash > /etc/bash_completion.d/puzc`.
    Completions(CompletionsArgs),
    /// Print the manual page (roff): `puzc man > puzc.1`, `puzc man | man -l -`.
    Man,
    /// Run the language server for editors (LSP over standard input and output).
    Lsp,
    /// Run the playground: a web page on 127.0.0.1 to edit, check, solve and step through
    /// specs; prints its address.
    Serve(ServeArgs),
}

#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// The port on 127.0.0.1 (never another interface); 0 lets the system pick a free one.
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// Memory the compiler may hold across all requests, as for `solve`; past it a request
    /// gets S401.
    #[arg(long, value_name = "BYTES", default_value = "1G", value_parser = crate::api::limits::parse_bytes)]
    pub max_memory: usize,
}

#[derive(Args, Debug, Clone)]
pub struct CompletionsArgs {
    /// The shell the script is for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Args, Debug, Clone)]
pub struct DrawArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// Write one file per instance into this folder (created if missing), `SPEC-INSTANCE.svg`.
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,
}

#[derive(Args, Debug, Clone)]
pub struct SplitArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// How many parts.
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = parts)]
    pub parts: u64,
}

#[derive(Args, Debug, Clone)]
pub struct MergeArgs {
    /// The files `solve --part` wrote, one per part, in any order.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Draw diagnostics in colour: auto (when stderr is a terminal, unless NO_COLOR is set;
    /// CLICOLOR_FORCE=1 colours a pipe too), always, never.
    #[arg(long = "color", visible_alias = "colour", value_name = "WHEN", value_enum, default_value_t = ColourMode::Auto, help_heading = "Output")]
    pub colour: ColourMode,
}

#[derive(Args, Debug, Clone)]
pub struct EstimateArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// How many random root-to-leaf probes [default: 1000, doubled up to 128000 until 30 of
    /// them reach a solution]
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = probes)]
    pub probes: Option<u64>,
    /// The seed of the probes' random choices (the output is the same for the same seed).
    #[arg(long, allow_negative_numbers = true, value_name = "S", default_value_t = 1, value_parser = a_count)]
    pub seed: u64,
}

/// `--symmetry`: the symmetry of a generated puzzle's clue pattern.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymmetryArg {
    /// Any pattern.
    None,
    /// A half turn maps the pattern onto itself.
    Rot180,
    /// A quarter turn does (square boards only).
    Rot90,
    /// The left-right mirror image does.
    Mirror,
    /// The mirror in the main diagonal does (square boards only).
    Diagonal,
    /// Every turn and mirror image of the square does.
    Dihedral,
}

/// `--grader`: which grader `puzc grade` runs.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraderArg {
    /// The filled-grid grader where it applies, the matrix grader elsewhere.
    Auto,
    /// The filled-grid grader (a filled grid under `each ... holds` regions only).
    Fill,
    /// The grader on the exact-cover matrix (any spec).
    Matrix,
}

#[derive(Args, Debug, Clone)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// How many puzzles to print.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = a_count)]
    pub count: u64,
    /// The seed of the random choices (the same seed prints the same puzzles).
    #[arg(long, allow_negative_numbers = true, value_name = "S", default_value_t = 1, value_parser = a_count)]
    pub seed: u64,
    /// The symmetry of the clue pattern: clues are removed an orbit at a time.
    #[arg(long, value_enum, default_value_t = SymmetryArg::None)]
    pub symmetry: SymmetryArg,
    /// No clue (no orbit of clues) can be removed without a second solution. The default
    /// unless --clues is given.
    #[arg(long)]
    pub minimal: bool,
    /// Exactly this many clues.
    #[arg(long, value_name = "N", value_parser = a_count)]
    pub clues: Option<u64>,
    /// Random solutions tried per puzzle before giving up (S402).
    #[arg(long, value_name = "N", default_value_t = 100, value_parser = a_count)]
    pub attempts: u64,
    /// Derived clues: moves of a sampled solution per attempt, each changing it where a
    /// second solution of its clues differs from it (0: draw afresh instead).
    #[arg(long, value_name = "N", default_value_t = 200, value_parser = a_count)]
    pub moves: u64,
    /// Search nodes each uniqueness test may use; a test that runs out keeps its clues.
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = a_count)]
    pub max_nodes: u64,
    /// Only puzzles of exactly this grade (`puzc grade`): clues are removed while the grade
    /// stays at most LEVEL, and a puzzle that ends easier is thrown away.
    #[arg(long, value_name = "LEVEL", value_parser = clap::value_parser!(u32).range(0..=3))]
    pub difficulty: Option<u32>,
    /// Draw each solution with exactly equal probability, by descending the search tree with
    /// the counts of its subtrees; refused (S402) when a count needs more than
    /// --uniform-budget nodes.
    #[arg(long)]
    pub uniform: bool,
    /// Give up after this long (S402), whatever is left to make: `90s`, `5m`, or plain
    /// seconds. No puzzle is printed that the time cut short.
    #[arg(long, allow_negative_numbers = true, value_name = "DURATION", value_parser = parse_seconds, default_value = "60")]
    pub timeout: f64,
    /// Search nodes each count of --uniform may use.
    #[arg(long, value_name = "N", default_value_t = 1_000_000, value_parser = a_count, requires = "uniform")]
    pub uniform_budget: u64,
    /// Make this many puzzles at once, each on a thread of its own. Default: every core.
    /// The output is the same bytes whatever the number.
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = threads)]
    pub threads: Option<u64>,
    /// How each puzzle is printed: `text`, in the spec's instance format (what --instance
    /// reads back), or `svg`, its unsolved picture as `puzc draw` draws it.
    #[arg(long, value_enum, default_value_t = GenerateFormat::Text)]
    pub format: GenerateFormat,
    /// With --format svg: write one file per puzzle into this folder (created if missing),
    /// `SPEC-N.svg`, and print the paths written.
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,
}

/// What `puzc generate` prints for each puzzle.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenerateFormat {
    /// The puzzle in the spec's instance format, one after another with a blank line between.
    Text,
    /// The unsolved puzzle's picture (SVG), one document after another.
    Svg,
}

#[derive(Args, Debug, Clone)]
pub struct GradeArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// The deepest probing tried (levels above it are reported as not solved).
    #[arg(long, value_name = "K", default_value_t = 2, value_parser = clap::value_parser!(u32).range(0..=3))]
    pub max_level: u32,
    /// Which grader runs.
    #[arg(long, value_enum, value_name = "GRADER", default_value_t = GraderArg::Auto)]
    pub grader: GraderArg,
    /// Give up on an instance after this long (exit 5): `90s`, `5m`, or plain seconds.
    #[arg(long, allow_negative_numbers = true, value_name = "DURATION", value_parser = parse_seconds, help_heading = "Limits")]
    pub timeout: Option<f64>,
}

#[derive(Args, Debug, Clone)]
pub struct FmtArgs {
    /// The .puz specs (`-` reads standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Rewrite the files in place instead of printing them.
    #[arg(long, conflicts_with = "check")]
    pub write: bool,
    /// Print the names of the files not in the canonical layout, one a line, and exit 1 if
    /// there is one; change nothing.
    #[arg(long)]
    pub check: bool,
}

#[derive(Args, Debug, Clone)]
pub struct CommonArgs {
    /// The .puz spec (`-` reads standard input).
    pub file: PathBuf,
    /// Instance file to solve instead of the spec's inline instance (`-` for stdin).
    /// It may hold many instances, one after another.
    #[arg(long, short = 'i', value_name = "FILE", help_heading = "Input")]
    pub instance: Option<PathBuf>,
    /// Override a `let` constant: `--set n=12` (repeatable).
    #[arg(long = "set", value_name = "NAME=VALUE", help_heading = "Input")]
    pub set: Vec<String>,
    /// Maximum number of bindings all `for` clauses of one instance may produce.
    #[arg(long, help_heading = "Limits", allow_negative_numbers = true, value_name = "N", default_value_t = crate::api::limits::DEFAULT_MAX_EXPANSION, value_parser = a_count)]
    pub max_expansion: u64,
    /// Maximum number of exact-cover options one instance may lower to [default: 2000000].
    #[arg(long, value_name = "N", help_heading = "Limits")]
    pub max_options: Option<usize>,
    /// Memory the compiler may hold, in bytes or with K, M or G (`512M`, `2G`); past it the
    /// spec stops with S401 instead of exhausting the machine.
    #[arg(long, value_name = "BYTES", default_value = "1G", value_parser = crate::api::limits::parse_bytes, help_heading = "Limits")]
    pub max_memory: usize,
    /// Draw diagnostics in colour: auto (when stderr is a terminal, unless NO_COLOR is set;
    /// CLICOLOR_FORCE=1 colours a pipe too), always, never.
    #[arg(long = "color", visible_alias = "colour", value_name = "WHEN", value_enum, default_value_t = ColourMode::Auto, help_heading = "Output")]
    pub colour: ColourMode,
}

impl CommonArgs {
    /// `--max-options`, or its default.
    pub fn max_options(&self) -> usize {
        self.max_options.unwrap_or(crate::api::limits::DEFAULT_MAX_OPTIONS)
    }
}

#[derive(Args, Debug, Clone)]
pub struct CheckArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// More specs to check, each with the same options (`FILE` first, then these).
    #[arg(value_name = "FILE")]
    pub more: Vec<PathBuf>,
    /// Diagnostics as text, or as JSON lines on stderr (`json`: one object each, with file,
    /// line, column, code, message and help).
    #[arg(long, value_enum, default_value_t = CheckFormat::Text, help_heading = "Output")]
    pub format: CheckFormat,
    /// Report on stderr how long reading, parsing and checking the spec took, and
    /// elaborating and lowering its instances.
    #[arg(long)]
    pub stats: bool,
}

/// `--search`: how a `moves fewest` search runs.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchArg {
    /// IDA* when a lower bound is known, else breadth-first.
    Auto,
    /// Breadth-first: every position reached is kept.
    Bfs,
    /// Iterative deepening A*: depth-first under a growing bound, little memory; needs a
    /// lower bound (derived by the compiler) or commuting moves.
    Ida,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourMode {
    Auto,
    Always,
    Never,
}

/// `check --format`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckFormat {
    Text,
    Json,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// The spec's `print` template if it has one, else puzc's own rendering.
    Text,
    /// puzc's own rendering (grids, move lines), ignoring the spec's `print` statements.
    Raw,
    /// One JSON object per case, on one line; diagnostics as JSON lines on stderr.
    Json,
    /// JSON lines: one object per answer as it is found, then one per case with its
    /// statistics (docs/puzc-jsonl.schema.json); diagnostics as JSON lines on stderr.
    Jsonl,
    /// A picture (SVG) of each answer: to stdout, or one file each with --output.
    Svg,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Emit {
    /// The exact-cover matrix with puzc's names: the item line (`|` before secondary items),
    /// then one option per line.
    Xcc,
    /// The matrix as Knuth's DLX1/DLX2/DLX3/SSXCC read it: short names, mapped back in `|` comments.
    Dlx,
    /// The matrix as CNF in DIMACS format, for SAT solvers: one variable per option.
    Dimacs,
    /// The matrix as a MiniZinc model with its data inline: one bool per option.
    Mzn,
    /// The move-search program: grid, concrete moves, rules, goal, budget.
    Moves,
}

#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// Print every solution, each as soon as it is found and verified (except where the
    /// answers are sorted: filled grids and placements come in reading order, so they are
    /// held until the search ends).
    #[arg(long, conflicts_with_all = ["count", "unique"], help_heading = "Answers")]
    pub all: bool,
    /// Print only the number of solutions.
    #[arg(long, conflicts_with = "unique", help_heading = "Answers")]
    pub count: bool,
    /// Succeed only if there is exactly one solution (exit 6 if there are more).
    #[arg(long, help_heading = "Answers")]
    pub unique: bool,
    /// Stop after N solutions (with --all or --count).
    #[arg(long, help_heading = "Answers", allow_negative_numbers = true, value_name = "N", value_parser = at_least_one)]
    pub limit: Option<u64>,
    // Here, not first, so that `solve --help` lists the answers' heading first.
    #[command(flatten)]
    pub common: CommonArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text, help_heading = "Output")]
    pub format: Format,
    /// With --format svg: write one file per answer into this folder (created if missing).
    #[arg(long, value_name = "DIR", help_heading = "Output")]
    pub output: Option<PathBuf>,
    /// With --format svg, for a played puzzle: one animated picture per answer that shows
    /// the boards in turn, instead of a strip of them.
    #[arg(long, help_heading = "Output")]
    pub animate: bool,
    /// Give up after this long (exit 5): `90s`, `5m`, `1h`, `250ms`, `1m30s`, or plain seconds.
    #[arg(long, allow_negative_numbers = true, value_name = "DURATION", value_parser = parse_seconds, help_heading = "Limits")]
    pub timeout: Option<f64>,
    /// Give up after this many search nodes (exit 5).
    #[arg(long, help_heading = "Limits", allow_negative_numbers = true, value_name = "N", value_parser = a_count)]
    pub max_nodes: Option<u64>,
    /// Split `--all` and `--count` over this many threads (one with `--limit`). Default: every
    /// core, for exact-cover searches estimated at 100k nodes or more; one thread otherwise.
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = threads, help_heading = "Engines")]
    pub threads: Option<u64>,
    /// Solve part I of the split in --manifest (with --count or --all); prints the part's
    /// result for `puzc merge`.
    #[arg(long, allow_negative_numbers = true, value_name = "I", value_parser = a_part, requires = "manifest", conflicts_with_all = ["unique", "limit", "dlx"], help_heading = "Input")]
    pub part: Option<usize>,
    /// The manifest `puzc split` wrote (with --part).
    #[arg(long, value_name = "FILE", requires = "part", help_heading = "Input")]
    pub manifest: Option<PathBuf>,
    /// Print search statistics (nodes, solutions, time) to stderr.
    #[arg(long, help_heading = "Output")]
    pub stats: bool,
    /// Draw no progress line. Without it, a search that runs over a second shows one on
    /// stderr when stderr is a terminal: nodes, solutions, time, and the work left by
    /// Knuth's estimate of the tree's size.
    #[arg(long, short = 'q', help_heading = "Output")]
    pub quiet: bool,
    /// Move search: show the board after each move and each rule step.
    #[arg(long, help_heading = "Output")]
    pub trace: bool,
    /// Move search: memory its table of positions may grow to, in bytes or with K, M or G
    /// [default: half the memory the system has available when the search starts].
    #[arg(long, value_name = "BYTES", value_parser = crate::api::limits::parse_bytes, help_heading = "Limits")]
    pub memory: Option<usize>,
    /// Move search: how to find the fewest moves [default: auto, IDA* when the spec gives a
    /// lower bound, else breadth-first].
    #[arg(long, value_enum, value_name = "HOW", help_heading = "Engines")]
    pub search: Option<SearchArg>,
    /// FILE is an exact-cover matrix in Knuth's DLX format (as `compile --emit dlx` writes
    /// it), not a spec: solve it and print the chosen options.
    #[arg(long, conflicts_with_all = ["instance", "set", "max_expansion", "max_memory", "trace"], help_heading = "Input")]
    pub dlx: bool,
}

#[derive(Args, Debug, Clone)]
pub struct CompileArgs {
    #[command(flatten)]
    pub common: CommonArgs,
    /// What to print.
    #[arg(long, value_enum, default_value_t = Emit::Xcc)]
    pub emit: Emit,
}

/// A whole number of things, 0 or more, said in words when it is not one (`-1`, `1e3`, `x`).
fn a_count(s: &str) -> Result<u64, String> {
    let t = s.trim();
    match t.parse::<u64>() {
        Ok(n) => Ok(n),
        Err(_) if t.strip_prefix('-').is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())) => {
            Err(format!("`{s}` is negative: give a whole number, 0 or more"))
        }
        Err(_) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) => {
            Err(format!("`{s}` is too large (at most {})", u64::MAX))
        }
        Err(_) => Err(format!("`{s}` is not a whole number")),
    }
}

/// A count of 1 or more (`--limit`).
fn at_least_one(s: &str) -> Result<u64, String> {
    match a_count(s).map_err(|e| e.replace("0 or more", "1 or more"))? {
        0 => Err("0 would stop before the first solution: give 1 or more".into()),
        n => Ok(n),
    }
}

/// A whole number in `lo..=hi`, said in words when it is not one (`--parts`, `--probes`).
fn in_range(s: &str, lo: u64, hi: u64) -> Result<u64, String> {
    let range = format!("{lo} to {hi}");
    match a_count(s).map_err(|e| e.replace("0 or more", &range))? {
        n if (lo..=hi).contains(&n) => Ok(n),
        n => Err(format!("{n} is out of range: give {range}")),
    }
}

/// `--parts`: 1 to 100,000.
fn parts(s: &str) -> Result<u64, String> {
    in_range(s, 1, 100_000)
}

/// `--probes`: 2 to 10,000,000 (one probe gives no spread).
fn probes(s: &str) -> Result<u64, String> {
    in_range(s, 2, 10_000_000)
}

/// `--part`: a part's number, 1 or more (the manifest says how many there are).
fn a_part(s: &str) -> Result<usize, String> {
    let n = at_least_one(s)?;
    usize::try_from(n).map_err(|_| format!("`{s}` is too large"))
}

/// `--threads`: 1 to 256.
fn threads(s: &str) -> Result<u64, String> {
    match a_count(s).map_err(|e| e.replace("0 or more", "1 to 256"))? {
        n @ 1..=256 => Ok(n),
        n => Err(format!("{n} threads: give 1 to 256")),
    }
}

/// A duration in seconds: a plain number of seconds (finite or `inf`), or numbers each with
/// a unit, `ms`, `s`, `m` or `h` (`250ms`, `90s`, `1h30m`); never negative or NaN.
pub(crate) fn parse_seconds(s: &str) -> Result<f64, String> {
    let bad = || {
        format!("`{s}` is not a duration: give seconds (`90`), or a number with ms, s, m or h (`250ms`, `5m`, `1h30m`)")
    };
    let t = s.trim();
    if t.is_empty() {
        return Err(bad());
    }
    if let Ok(secs) = t.parse::<f64>() {
        return if secs >= 0.0 { Ok(secs) } else { Err(bad()) };
    }
    let mut total = 0.0;
    let mut rest = t;
    while !rest.is_empty() {
        let digits = rest.find(|c: char| !(c.is_ascii_digit() || c == '.')).ok_or_else(bad)?;
        let number: f64 = rest[..digits].parse().map_err(|_| bad())?;
        rest = &rest[digits..];
        let unit = rest.find(|c: char| c.is_ascii_digit() || c == '.').unwrap_or(rest.len());
        let scale = match &rest[..unit] {
            "ms" => 1e-3,
            "s" => 1.0,
            "m" | "min" => 60.0,
            "h" => 3600.0,
            _ => return Err(bad()),
        };
        total += number * scale;
        rest = &rest[unit..];
    }
    Ok(total)
}

/// The instant `seconds` from `start`; `None` (no limit) when that lies past what a clock can say.
pub fn deadline(start: std::time::Instant, seconds: Option<f64>) -> Option<std::time::Instant> {
    let d = std::time::Duration::try_from_secs_f64(seconds?).ok()?;
    start.checked_add(d)
}

/// A clearer message than clap's for an unknown option that looks like a short one (`-n 8`):
/// clap's tip, "to pass '-n' as a value, use '-- -n'", fits no puzc command. Most often the
/// user meant a constant of the spec, so the message says how to set one. `None` for every
/// other error, which clap words well.
pub fn misread_option(e: &clap::Error, argv: &[String]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return None;
    }
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else { return None };
    let name = arg.strip_prefix('-').filter(|n| !n.starts_with('-'))?;
    if name.is_empty()
        || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        || name.bytes().all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let value = argv.iter().position(|a| a == arg).and_then(|i| argv.get(i + 1)).filter(|v| !v.starts_with('-'));
    let set = match value {
        Some(v) => format!("--set {name}={v}"),
        None => format!("--set {name}=VALUE"),
    };
    Some(format!(
        "error: unknown option '{arg}'\n\n  tip: puzc's options have long names (`--help` lists them); to change a \
         constant of the spec, write `{set}`\n"
    ))
}
