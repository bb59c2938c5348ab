//! The memory budget (issue 24, item 4): every stage that can grow with the spec — cage
//! combinations, elaboration, the move engines' tables of positions — stops with
//! S401 (exit 3) or exit 5 inside the budget, and the budget honours the process's own
//! limits. Each test runs puzc under `ulimit -v` (through `sh`), or a CPU-time limit, with a
//! generous kill timeout, and where `/usr/bin/time` is there it asserts the child's peak
//! resident size. None asserts a wall-clock time.
use crate::common::*;
use crate::killable::run_killable;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

/// Past this a run counts as a hang (they take a few seconds on a loaded machine).
const KILL_AFTER: Duration = Duration::from_secs(120);

/// How a run ended: exit code, stderr, and the peak resident size in bytes when measured.
struct Run {
    exit: Option<i32>,
    stderr: String,
    peak: Option<u64>,
}

/// Runs `puzc args` in `dir`, under `ulimit -v KIB` when `address_space` is given and
/// `ulimit -t SECONDS` when `cpu` is, through `/usr/bin/time` when the system has it.
fn run(dir: &Path, args: &[&str], address_space: Option<u64>, cpu: Option<u64>) -> Run {
    let puzc = env!("CARGO_BIN_EXE_puzc");
    let mut limits = String::new();
    if let Some(bytes) = address_space {
        limits += &format!("ulimit -v {} && ", bytes / 1024);
    }
    if let Some(s) = cpu {
        limits += &format!("ulimit -t {s} && ");
    }
    let script = format!("{limits}exec \"$0\" \"$@\"");
    let rss = dir.join(format!("rss-{}.txt", args.join("_").replace(['/', ' ', '='], "-")));
    let timed = Path::new("/usr/bin/time").exists();
    let mut cmd = if timed {
        let mut c = Command::new("/usr/bin/time");
        c.arg("-f").arg("%M").arg("-o").arg(&rss).arg("sh");
        c
    } else {
        Command::new("sh")
    };
    cmd.current_dir(dir).arg("-c").arg(script).arg(puzc).args(args).args(["--colour", "never"]);
    let (exit, stderr, _) = run_killable(cmd, KILL_AFTER);
    // `time` exits with the child's code; a child ended by a signal makes it say so first.
    let peak = timed
        .then(|| std::fs::read_to_string(&rss).ok())
        .flatten()
        .and_then(|s| s.lines().last()?.trim().parse::<u64>().ok())
        .map(|kib| kib * 1024);
    Run { exit, stderr, peak }
}

/// The peak stayed under `limit` bytes (when it could be measured).
fn assert_peak_under(r: &Run, limit: u64, what: &str) {
    if let Some(peak) = r.peak {
        assert!(peak <= limit, "{what}: peak resident size {} MiB, over {} MiB", peak >> 20, limit >> 20);
    }
}

fn assert_s401(r: &Run, what: &str) {
    let shown: String = r.stderr.chars().take(3000).collect();
    assert_eq!(r.exit, Some(3), "{what}: expected exit 3 with S401\n{shown}");
    assert!(r.stderr.lines().any(|l| l.trim() == "S401"), "{what}: expected S401\n{shown}");
    assert!(r.stderr.contains("╭─["), "{what}: the diagnostic is located\n{shown}");
}

/// Item 1: one cage over all 81 cells of a 9×9 board whose rows hold each value once,
/// summing to 405 — every filling of the rows adds up, so listing the combinations once
/// took 4.9 GB (and aborted under a process limit). Now the listing is metered: S401 naming
/// the cage, inside a 64 MiB budget, under a 2 GiB address-space limit.
#[test]
fn a_cage_of_81_cells_stops_with_s401_inside_the_budget() {
    let dir = scratch("memory-cage81");
    let killer = std::fs::read_to_string(root().join("puzzles/killer-sudoku.puz")).unwrap();
    let head = &killer[..killer.find("instance \"\"\"").unwrap()];
    let spec = head
        .replace(", all different", "")
        .replace("each row, col, box holds each value exactly once", "each row holds each value exactly once");
    assert_ne!(spec, head, "the shipped spec changed: the cage and regions lines were not found");
    let instance = format!("{}\na 405\n", vec!["a".repeat(9); 9].join("\n"));
    write(&dir, "cage81.puz", &format!("{spec}instance \"\"\"\n{instance}\"\"\"\n"));
    let r = run(&dir, &["solve", "cage81.puz", "--max-memory", "64M"], Some(2 << 30), None);
    assert_s401(&r, "81-cell cage");
    assert!(
        r.stderr.contains("`cage(a)` has more combinations of values than the memory limit allows"),
        "{}",
        r.stderr
    );
    assert_peak_under(&r, 64 << 20, "81-cell cage");
}

/// A 40×40 sliding puzzle, its values 1..=200 at random (seeded), whose goal is the start
/// with its last two tiles exchanged: far beyond any table (and not provably unreachable by
/// the invariants of `solve/moves/permute.rs`, since values repeat), so a breadth-first
/// search fills its table with 1600-byte positions.
fn unreachable_slide() -> String {
    let n = 40;
    let mut rng = Rng::new(40);
    let mut cells: Vec<usize> = (0..n * n).map(|_| 1 + rng.below(200)).collect();
    cells[0] = 0;
    let last = n * n - 1;
    if cells[last] == cells[last - 1] {
        cells[last] = 1 + cells[last - 1] % 200;
    }
    let mut goal = cells.clone();
    goal.swap(last, last - 1);
    let picture = |c: &[usize]| -> String {
        c.chunks(n).map(|row| row.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(" ") + "\n").collect()
    };
    format!(
        "board tiles[{n}, {n}] of 0..=201\ngiven tiles from instance\n\
         move slide(r, c, dr, dc) for r in 0..{n}, c in 0..{n}, (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)]\n\
         \x20   when tiles(r, c) == 0\n    do swap (r, c), (r + dr, c + dc)\n\
         goal pattern \"\"\"\n{}\"\"\"\nmoves fewest\ninstance \"\"\"\n{}\"\"\"\n",
        picture(&goal),
        picture(&cells)
    )
}

/// Item 2: under `ulimit -v`, the table of positions stops at what the limit leaves (the
/// default `--memory`, half the machine, was once taken as is: an abort in
/// `moves::table::insert`; under 1 GiB the compiler's 1 GiB stack alone failed, exit 70).
/// Exit 5, the help naming the address-space limit; and an explicit `--memory` larger than
/// the limit is held to it too.
#[test]
fn the_table_of_positions_stops_at_the_address_space_limit_with_exit_5() {
    let dir = scratch("memory-slide40");
    write(&dir, "slide40.puz", &unreachable_slide());
    let limit: u64 = 768 << 20;
    for extra in [&[][..], &["--memory", "8G"][..]] {
        let mut args = vec!["solve", "slide40.puz", "--search", "bfs"];
        args.extend_from_slice(extra);
        let r = run(&dir, &args, Some(limit), None);
        let shown: String = r.stderr.chars().take(3000).collect();
        assert_eq!(r.exit, Some(5), "{extra:?}: expected exit 5 (table full)\n{shown}");
        assert!(r.stderr.contains("the table of positions filled up"), "{shown}");
        let words = r.stderr.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains("address-space limit (`ulimit -v`)"), "{shown}");
        assert_peak_under(&r, limit, "40x40 slide");
    }
}

/// Item 3: `board g[1, 65536] of 0..65536`: 65536 values, each matched against the others
/// by a search before the verifier was built (4·10^9 comparisons, 7 s of CPU before the
/// option limit's S401). Under a CPU-time limit of 2 s the run must reach the diagnostic
/// (it takes about 0.2 s; the quadratic step alone took over 5 s).
#[test]
fn a_board_of_65536_values_reaches_s401_without_quadratic_work() {
    let dir = scratch("memory-values65536");
    write(&dir, "wide.puz", "board g[1, 65536] of 0..65536\nfill g\n");
    let r = run(&dir, &["solve", "wide.puz"], None, Some(2));
    assert_s401(&r, "65536 values");
    assert!(r.stderr.contains("options"), "{}", r.stderr);
}

/// Item 3: Langford pairs with n = 10^6 stop inside the budget they name: items and options
/// grow through metered pushes (a list doubling was a 200 MB step past the check) and
/// malloc's own overhead is counted (1.29 GB resident at a 1 GiB budget before).
#[test]
fn langford_a_million_stops_before_the_budget_it_names() {
    let dir = scratch("memory-langford");
    let spec = root().join("puzzles/langford.puz");
    let r = run(&dir, &["solve", spec.to_str().unwrap(), "--set", "n=1000000", "--max-memory", "256M"], None, None);
    assert_s401(&r, "Langford 10^6");
    let words = r.stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("more than 256 MiB of data"), "{}", r.stderr);
    assert_peak_under(&r, 256 << 20, "Langford 10^6");
}

/// The default budget under a tight `ulimit -v`: lowered to what the limit leaves, and the
/// diagnostic says which limit it was (under 1 GiB of
/// address space, where the default `--max-memory` of 1 GiB cannot be had: ten million
/// items take about 3 GB).
#[test]
fn the_default_budget_is_lowered_to_what_ulimit_leaves() {
    let dir = scratch("memory-ulimit");
    write(&dir, "big.puz", "item x(i) for i in 0..10000000\noption o = x(0)\n");
    let limit: u64 = 1 << 30;
    let r = run(&dir, &["solve", "big.puz"], Some(limit), None);
    assert_s401(&r, "list under ulimit");
    let words = r.stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("address-space limit (`ulimit -v`) leaves it"), "{}", r.stderr);
    assert_peak_under(&r, limit, "list under ulimit");
}

/// Item 4 (pictures): a 1000 × 1000 board drawn as SVG took 1.96 GB, whatever
/// `--max-memory` said. Now each element is written into its parent as it is added
/// (`render/svg/node.rs`) and every addition asks the meter: under a 64 MiB budget `draw`
/// and `solve --format svg` stop with S401 at the board, inside the budget.
#[test]
fn a_picture_of_a_million_cells_stops_with_s401_inside_the_budget() {
    let dir = scratch("memory-svg");
    write(&dir, "big.puz", "board g[1000, 1000] of 0..=1\nfill g\n");
    let rows: Vec<String> = (0..1000).map(|_| "01".repeat(500)).collect();
    write(
        &dir,
        "given.puz",
        &format!(
            "board g[1000, 1000] of 0..=1\nfill g\ngiven g from instance\ninstance \"\"\"\n{}\n\"\"\"\n",
            rows.join("\n")
        ),
    );
    let r = run(&dir, &["draw", "big.puz", "--max-memory", "64M"], Some(2 << 30), None);
    assert_s401(&r, "1000x1000 picture");
    assert!(r.stderr.contains("the picture of this board needs more memory than the limit allows"), "{}", r.stderr);
    assert!(r.stderr.contains("board g[1000, 1000]"), "the diagnostic points at the board\n{}", r.stderr);
    assert_peak_under(&r, 64 << 20, "1000x1000 picture");
    // Solving the given board alone takes about 90 MB at this budget (the fill engine's
    // search is not metered); the picture may add only the step that crosses the line.
    let text = run(&dir, &["solve", "given.puz", "--max-memory", "64M"], Some(2 << 30), None);
    assert_eq!(text.exit, Some(0), "{}", text.stderr);
    let r = run(&dir, &["solve", "given.puz", "--format", "svg", "--all", "--max-memory", "64M"], Some(2 << 30), None);
    assert_s401(&r, "1000x1000 answer picture");
    assert!(r.stderr.contains("board g[1000, 1000]"), "the diagnostic points at the board\n{}", r.stderr);
    if let Some(peak) = text.peak {
        assert_peak_under(&r, peak.max(64 << 20) + (16 << 20), "1000x1000 answer picture");
    }
}

/// Pictures of `--all` are drawn and written one at a time: 32 answers of a 200 × 200
/// board (five free cells of 0..=1; the others given), each picture about 6.7 MB, so all of
/// them held at once (213 MB, and 2.5 GB as the `svg` crate's trees) would pass the 64 MiB
/// budget, one at a time fits.
#[test]
fn pictures_of_all_answers_are_written_one_at_a_time() {
    let dir = scratch("memory-svg-all");
    let mut rows: Vec<String> = (0..200).map(|_| "01".repeat(100)).collect();
    rows[0].replace_range(0..5, ".....");
    write(
        &dir,
        "many.puz",
        &format!(
            "board g[200, 200] of 0..=1\nfill g\ngiven g from instance\ninstance \"\"\"\n{}\n\"\"\"\n",
            rows.join("\n")
        ),
    );
    let r = run(
        &dir,
        &["solve", "many.puz", "--format", "svg", "--all", "--output", "pics", "--max-memory", "64M"],
        Some(2 << 30),
        None,
    );
    assert_eq!(r.exit, Some(0), "{}", r.stderr);
    let files = std::fs::read_dir(dir.join("pics")).unwrap().count();
    assert_eq!(files, 32, "2^5 fillings of the free cells");
    let one = std::fs::read_to_string(dir.join("pics/many-1-1.svg")).unwrap();
    assert!(one.len() > 5_000_000, "{} bytes", one.len());
    assert_peak_under(&r, 64 << 20, "32 pictures");
}

/// Item 4: `--all` of a filled board holds every answer until the search ends, to print them
/// in reading order. Those answers grow with the solutions, not the spec: natural 14-queens'
/// 365 596 grids took 1.26 GB, and under a 1 GB `ulimit -v` the run aborted (exit 134).
/// Now they are held under the table's budget (what the limit leaves): exit 5, the help
/// naming the limit and saying what to ask instead, the count that of the answers shown.
/// 13 queens (73 712 solutions, about 200 MiB of grids) under a limit of 400 MB.
#[test]
fn answers_held_for_sorting_stop_at_the_address_space_limit_with_exit_5() {
    let dir = scratch("memory-held-answers");
    let spec = root().join("bench/data/natural-queens.puz");
    let limit: u64 = 400 << 20;
    let args = ["solve", spec.to_str().unwrap(), "--set", "n=13", "--all", "--threads", "1", "--stats"];
    let r = run(&dir, &args, Some(limit), None);
    let shown: String = r.stderr.chars().take(3000).collect();
    assert_eq!(r.exit, Some(5), "expected exit 5 (answers full)\n{shown}");
    let words = r.stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("the answers held to be printed in order filled their memory"), "{shown}");
    assert!(words.contains("address-space limit (`ulimit -v`)") && words.contains("`--count`"), "{shown}");
    // The stats line counts the answers printed, as many as the help says were held.
    let held: u64 = words.split(" answers filled").next().unwrap().rsplit(' ').next().unwrap().parse().unwrap();
    assert!(words.contains(&format!(" {held} solutions")), "{shown}");
    assert!(held > 0 && held < 73_712, "{held} answers held");
    assert_peak_under(&r, limit, "13 queens --all");
}
