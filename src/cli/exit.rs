//! Exit codes: an interface, documented in `puzc --help` and docs/cli.md, and tested.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Exit {
    /// Every instance was solved (or counted, or checked clean).
    Solved = 0,
    /// Some instance has no solution.
    NoSolution = 1,
    /// Bad command-line usage (clap's own code).
    Usage = 2,
    /// The spec or an instance has errors; diagnostics were printed.
    BadSpec = 3,
    /// A file could not be read or written.
    Io = 4,
    /// A limit (`--timeout`, `--max-nodes`, ...) stopped the search before it finished.
    Limit = 5,
    /// `--unique` found more than one solution.
    NotUnique = 6,
    /// A bug in puzc: an internal error was caught.
    Internal = 70,
    /// Ctrl-C (SIGINT) or SIGTERM stopped the search; what was found was printed.
    Interrupted = 130,
}

pub const EXIT_CODES_HELP: &str = "\
Exit codes:
  0   solved (every instance has an answer; check: no errors)
  1   no solution (some instance has none)
  2   bad usage of the command line
  3   bad spec or instance (diagnostics on stderr)
  4   I/O error (a file could not be read)
  5   limit reached (--timeout, --max-nodes) before the search finished
  6   not unique (--unique found two solutions)
  70  internal error (a bug in puzc; please report it)
  130 interrupted (Ctrl-C or SIGTERM): what was found is printed, then a line on stderr";
