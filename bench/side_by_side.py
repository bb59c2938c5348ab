#!/usr/bin/env python3
"""Whole-process benchmarks of puzc, side by side with what a user would otherwise run.

    python3 bench/side_by_side.py [--runs N] [--only ROW,...] [--mayan-boards N] [--no-build]

From a clean clone: builds puzc and examples/dlx_crate.rs in release (cargo), cuts the seed
programs out of ../shared/seeds/ (tests/support/seeds.py) and builds them with g++ -O2, generates the inputs with fixed seeds (into
target/side_by_side/), then runs every pair of processes on the same input, alternating which
goes first, at least 5 times, and prints the median CPU time (user + sys, from os.wait4's
rusage), the median peak RSS (ru_maxrss) and their ratios. A missing tool or seed prints a
message and skips its rows. Python 3.11 standard library only.

Rows (see docs/performance.md for what each compares):
  mayan      dense n = 5 Mayan boards with no solution: puzzles/mayan.puz vs mayan_seed.cpp
  fifteen    20 random 15-puzzle positions of 40..55 moves, one process each:
             puzzles/fifteen-puzzle.puz vs bench/fifteen_pdb.c with the same pattern databases
  korf100    Korf's 100 random 15-puzzle instances (bench/data/korf100.txt, published optimal
             lengths checked), one process for all: the same two programs. Only when named;
             --korf N takes the first N; --hard-runs runs (the C side takes minutes)
  tetravex   6x6 impossible games, 7 edge colours: puzzles/tetravex.puz vs tetravex_seed.cpp
  tetravex5  20 hard 5x5 games, labels 0/1 (possible and impossible): same programs
  tetravex7  one impossible 7x7 game, 7 edge colours: same programs (the seed takes minutes)
  uva211     7x8 domino layouts with many tilings: puzzles/uva211.puz vs uva211_seed.cpp
  poj3076    the 20 minimal 16x16 sudokus: puzzles/poj3076.puz vs poj3076_seed.cpp
  sudoku9 / sudoku16 / pentomino / queens13 / langford
             exact-cover matrices: puzc solve vs examples/dlx_crate.rs on the matrix that
             `puzc compile --emit dlx` prints for the same spec and instance
  compile    parse + check + lower of every shipped puzzle (puzc check: whole process, and
             in process from `puzc check --stats`)
"""

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "bench" / "data"
SEED_SCRIPT = ROOT / "tests" / "support" / "seeds.py"


def note(msg):
    print(msg, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------
# Running processes
# ---------------------------------------------------------------------------------------

RUNNER = None  # bench/rusage_run.c, built in main() when a C compiler is present


def check_stats(P, spec):
    """Seconds `puzc check SPEC --stats` reports for reading, parsing, checking and lowering."""
    r = subprocess.run([P, "check", str(spec.relative_to(ROOT)), "--stats"], cwd=ROOT, capture_output=True, text=True)
    m = re.search(r"compiled in ([0-9.]+) ms", r.stderr)
    return float(m.group(1)) / 1000 if m else float("nan")


def run(cmd, stdin_path=None):
    """Runs `cmd` to completion; returns (cpu seconds user+sys, peak RSS KiB, exit code, stdout).
    Through bench/rusage_run.c when it built (see there why), else straight from Python with
    os.wait4 (then the peak RSS is at least Python's own)."""
    with tempfile.TemporaryFile() as out, tempfile.NamedTemporaryFile("r") as rep:
        fin = open(stdin_path, "rb") if stdin_path else subprocess.DEVNULL
        try:
            full = [str(RUNNER), rep.name, *cmd] if RUNNER else cmd
            p = subprocess.Popen(full, stdin=fin, stdout=out, stderr=subprocess.DEVNULL, cwd=ROOT)
            _, status, ru = os.wait4(p.pid, 0)
            p.returncode = os.waitstatus_to_exitcode(status)
        finally:
            if stdin_path:
                fin.close()
        out.seek(0)
        text = out.read().decode("utf-8", "replace")
        if RUNNER:
            u, s, rss, code = rep.read().split()
            return float(u) + float(s), int(rss), int(code), text
    return ru.ru_utime + ru.ru_stime, ru.ru_maxrss, p.returncode, text


def build_runner(work):
    cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("g++")
    src = ROOT / "bench" / "rusage_run.c"
    if not cc:
        note("no C compiler: peak RSS figures include the Python parent's (Linux keeps it across exec)")
        return None
    exe = work / "rusage_run"
    lang = ["-x", "c"] if cc.endswith("g++") else []
    r = subprocess.run([cc, "-O2", *lang, "-o", str(exe), str(src)], capture_output=True, text=True)
    if r.returncode != 0:
        note(f"bench/rusage_run.c did not build; RSS figures include Python's:\n{r.stderr[-1000:]}")
        return None
    return exe


class Side:
    """One side of a comparison: a command, optional stdin, and a check of its output."""

    def __init__(self, name, cmd, stdin=None, check=None):
        self.name, self.cmd, self.stdin, self.check = name, cmd, stdin, check
        self.cpu, self.rss = [], []
        self.output = None


def compare(sides_per_input, runs):
    """`sides_per_input`: list of (puzc Side, other Side), one pair per input. Runs every pair
    `runs` times, alternating which goes first. Returns the per-side sums of the per-input
    median CPU times and the max of the per-input median RSS, plus check messages."""
    problems = []
    for r in range(runs):
        for a, b in sides_per_input:
            for s in ((a, b) if r % 2 == 0 else (b, a)):
                cpu, rss, code, out = run(s.cmd, s.stdin)
                s.cpu.append(cpu)
                s.rss.append(rss)
                if s.output is None:
                    s.output = out
                    if s.check:
                        msg = s.check(out, code)
                        if msg:
                            problems.append(f"{s.name}: {msg}")
    res = {}
    for idx in (0, 1):
        sides = [p[idx] for p in sides_per_input]
        res[idx] = (
            sum(statistics.median(s.cpu) for s in sides),
            max(statistics.median(s.rss) for s in sides),
            [statistics.median(s.cpu) for s in sides],
        )
    return res, problems


# ---------------------------------------------------------------------------------------
# Builds
# ---------------------------------------------------------------------------------------

def build_puzc(no_build=False):
    target = Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    if no_build:
        puzc, dlx = target / "release" / "puzc", target / "release" / "examples" / "dlx_crate"
        if not puzc.exists():
            note(f"--no-build: {puzc} does not exist")
            sys.exit(1)
        note(f"--no-build: using the binaries already in {target / 'release'}")
        return puzc, (dlx if dlx.exists() else None), target / "side_by_side"
    if not shutil.which("cargo"):
        note("cargo not found: cannot build puzc; nothing to measure")
        sys.exit(1)
    note("building puzc and examples/dlx_crate.rs (cargo build --release) ...")
    r = subprocess.run(["cargo", "build", "--release", "--bin", "puzc"], cwd=ROOT)
    if r.returncode != 0:
        note("cargo build failed (--no-build measures the binaries already built)")
        sys.exit(1)
    puzc = target / "release" / "puzc"
    r = subprocess.run(["cargo", "build", "--release", "--example", "dlx_crate"], cwd=ROOT)
    dlx = target / "release" / "examples" / "dlx_crate"
    if r.returncode != 0 or not dlx.exists():
        note("examples/dlx_crate.rs did not build: the exact-cover rows are skipped")
        dlx = None
    return puzc, dlx, target / "side_by_side"


def build_seed(name, work):
    src = work / "seed-src" / f"{name}.cpp"
    r = subprocess.run([sys.executable, str(SEED_SCRIPT), str(src.parent)], capture_output=True, text=True)
    if r.returncode != 0 or not src.exists():
        note(f"the seed programs could not be extracted, the row of {name} is skipped:\n{r.stderr[-2000:]}")
        return None
    gxx = shutil.which("g++")
    if not gxx:
        note(f"g++ not found: cannot build {name}, its row is skipped")
        return None
    exe = work / name
    if exe.exists() and exe.stat().st_mtime >= src.stat().st_mtime:
        return exe
    r = subprocess.run([gxx, "-O2", "-o", str(exe), str(src)], capture_output=True, text=True)
    if r.returncode != 0:
        note(f"g++ -O2 {src.name} failed, its row is skipped:\n{r.stderr[-2000:]}")
        return None
    return exe


# ---------------------------------------------------------------------------------------
# Inputs (fixed seeds)
# ---------------------------------------------------------------------------------------

MAYAN_W, MAYAN_H = 5, 7


def mayan_board(rng, hmin, hmax, k):
    """Columns of random heights, colours from a k-palette of 1..10, no run of 3 (the same
    construction as tests/support/seed_mayan.rs's random_board)."""
    pal = rng.sample(range(1, 11), k)
    b = [[0] * MAYAN_H for _ in range(MAYAN_W)]
    for x in range(MAYAN_W):
        h = rng.randint(hmin, hmax)
        for y in range(h):
            for _ in range(20):
                c = rng.choice(pal)
                left = x >= 2 and b[x - 1][y] == c and b[x - 2][y] == c
                below = y >= 2 and b[x][y - 1] == c and b[x][y - 2] == c
                if not left and not below:
                    b[x][y] = c
                    break
            else:
                break
    return b


def mayan_inputs(work, puzc, count):
    """Dense boards (columns 5..7 high, 5 colours, every colour at least 3 times, so the
    colour-count pruning of both programs cannot cut the root) asked with n = 5, kept when
    puzc says they have no solution: the exhaustive worst case."""
    rng = random.Random(20111312)
    paths = []
    while len(paths) < count:
        b = mayan_board(rng, 5, 7, 5)
        colours = [v for col in b for v in col if v]
        if any(colours.count(c) < 3 for c in set(colours)):
            continue
        text = "5\n" + "".join(" ".join(map(str, [v for v in col if v] + [0])) + "\n" for col in b)
        p = work / f"mayan{len(paths)}.txt"
        p.write_text(text)
        _, _, code, out = run([str(puzc), "solve", "puzzles/mayan.puz", "--instance", str(p)])
        if out.strip() == "-1":
            paths.append(p)
    return paths


def tetravex_game(rng, n, colours, change):
    """A random solved n x n grid with labels 0..colours-1, with (change) the right edge of one
    tile that has a right neighbour changed, shuffled; as the judge's text."""
    top = [[rng.randrange(colours) for _ in range(n)] for _ in range(n + 1)]
    lef = [[rng.randrange(colours) for _ in range(n + 1)] for _ in range(n)]
    tiles = [[top[r][c], lef[r][c + 1], top[r + 1][c], lef[r][c]] for r in range(n) for c in range(n)]
    if change:
        r, c = rng.randrange(n), rng.randrange(n - 1)
        t = tiles[r * n + c]
        t[1] = (t[1] + 1 + rng.randrange(colours - 1)) % colours
    rng.shuffle(tiles)
    return f"{n}\n" + "".join(" ".join(map(str, t)) + "\n" for t in tiles)


def tetravex_input(work, games, n=6, colours=7, seed=1008):
    """n x n games (6x6, 7 edge colours by default): a random solved grid with the right edge
    of one tile changed, shuffled. Kept when impossible (checked on the outputs)."""
    rng = random.Random(seed)
    out = [tetravex_game(rng, n, colours, True) for _ in range(games)]
    p = work / f"tetravex{n}.txt"
    p.write_text("".join(out) + "0\n")
    return p


def hard_tetravex_input(work, puzc, games):
    """5x5 games with labels 0/1 (many identical tiles), alternately possible (a solved grid,
    shuffled) and impossible (25 random tiles that puzc reports impossible; the seed's answer
    is compared on the outputs). Returns the path and the expected verdicts."""
    rng = random.Random(1008_5)
    out, verdicts = [], []
    while len(out) < games:
        if len(out) % 2 == 0:
            out.append(tetravex_game(rng, 5, 2, False))
            verdicts.append("Possible")
            continue
        g = "5\n" + "".join(" ".join(str(rng.randrange(2)) for _ in range(4)) + "\n" for _ in range(25))
        r = subprocess.run([str(puzc), "solve", "puzzles/tetravex.puz", "--instance", "-"], input=g + "0\n",
                           cwd=ROOT, capture_output=True, text=True)
        if "Impossible" in r.stdout:
            out.append(g)
            verdicts.append("Impossible")
    p = work / "tetravex5_hard.txt"
    p.write_text("".join(out) + "0\n")
    return p, verdicts


def domino_layout(rng):
    """A random tiling of the 7x8 board by dominoes, the 28 bones placed on it at random."""
    rows, cols = 7, 8
    while True:
        cell = [[-1] * cols for _ in range(rows)]
        pairs, ok = [], True
        for r in range(rows):
            for c in range(cols):
                if cell[r][c] >= 0:
                    continue
                opts = []
                if c + 1 < cols and cell[r][c + 1] < 0:
                    opts.append((r, c + 1))
                if r + 1 < rows:
                    opts.append((r + 1, c))
                if not opts:
                    ok = False
                    break
                r2, c2 = rng.choice(opts)
                cell[r][c] = cell[r2][c2] = len(pairs)
                pairs.append(((r, c), (r2, c2)))
            if not ok:
                break
        if ok:
            break
    bones = [(a, b) for a in range(7) for b in range(a, 7)]
    rng.shuffle(bones)
    pips = [[0] * cols for _ in range(rows)]
    for ((r1, c1), (r2, c2)), (a, b) in zip(pairs, bones):
        if rng.random() < 0.5:
            a, b = b, a
        pips[r1][c1], pips[r2][c2] = a, b
    return pips


def uva211_input(work, seed_exe, layouts):
    """The `layouts` layouts with the most tilings among 300 random ones (fixed seed), counted
    by the seed program itself."""
    rng = random.Random(211)
    cands = [domino_layout(rng) for _ in range(300)]
    p = work / "uva211_cands.txt"
    p.write_text("".join("".join(" ".join(map(str, row)) + "\n" for row in l) for l in cands))
    _, _, _, out = run([str(seed_exe)], p)
    counts = [int(m) for m in re.findall(r"There are (\d+) solution", out)]
    if len(counts) != len(cands):
        return None, 0
    best = sorted(range(len(cands)), key=lambda i: -counts[i])[:layouts]
    best.sort()
    q = work / "uva211.txt"
    q.write_text("".join("".join(" ".join(map(str, row)) + "\n" for row in cands[i]) for i in best))
    return q, sum(counts[i] for i in best)


def poj3076_input(work):
    """bench/data/minimal16_seed1.txt (one puzzle a line, `.` blank, 1-9 then A-G) in the POJ
    3076 format (16 lines of A-P and `-`, a blank line between grids)."""
    digits = "123456789ABCDEFG"
    grids = []
    for line in (DATA / "minimal16_seed1.txt").read_text().split():
        line = line.strip()
        if len(line) != 256:
            continue
        g = "".join("-" if ch == "." else chr(ord("A") + digits.index(ch)) for ch in line)
        grids.append("\n".join(g[i * 16:(i + 1) * 16] for i in range(16)) + "\n")
    p = work / "poj3076.txt"
    p.write_text("\n".join(grids))
    return p, len(grids)


FIFTEEN_WALK = 80        # random blank moves from the goal per candidate position
FIFTEEN_NODE_CAP = 30_000_000  # candidates the dedicated program cannot solve within this are skipped


def build_fifteen(work):
    """bench/fifteen_ida.c, the dedicated IDA* + Manhattan distance program, with cc -O2."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        note("no C compiler: the fifteen row is skipped")
        return None
    exe = work / "fifteen_ida"
    r = subprocess.run([cc, "-O2", "-o", str(exe), str(ROOT / "bench" / "fifteen_ida.c")], capture_output=True, text=True)
    if r.returncode != 0:
        note(f"bench/fifteen_ida.c did not build, the fifteen row is skipped:\n{r.stderr[-1000:]}")
        return None
    return exe


def build_fifteen_pdb(work):
    """bench/fifteen_pdb.c, the dedicated IDA* + pattern databases program, with cc -O2."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if not cc:
        return None
    exe = work / "fifteen_pdb"
    r = subprocess.run([cc, "-O2", "-o", str(exe), str(ROOT / "bench" / "fifteen_pdb.c")], capture_output=True, text=True)
    if r.returncode != 0:
        note(f"bench/fifteen_pdb.c did not build:\n{r.stderr[-1000:]}")
        return None
    return exe


def pdb_groups(P, spec="puzzles/fifteen-puzzle.puz"):
    """The groups of the pattern databases puzc derives for `spec`, in fifteen_pdb's form
    (`1,2,5,3,6/4,8,7,12,11/9,10,13,14,15`), from `puzc compile --emit moves`."""
    r = subprocess.run([P, "compile", spec, "--emit", "moves"], cwd=ROOT, capture_output=True, text=True)
    m = re.search(r"pattern databases of the values (\{.*\}) \(", r.stdout)
    if not m:
        note(f"{spec}: no pattern databases in `--emit moves`")
        return None
    return "/".join(",".join(g.split()) for g in re.findall(r"\{([0-9 ]+)\}", m.group(1)))


def korf_inputs(work, count):
    """The first `count` of Korf's 100 instances in puzzles/fifteen-puzzle.puz's convention (a
    half turn of the board and v -> 16 - v: goal 1..15, blank last), as one instance file for
    puzc and one input for fifteen_pdb; with their published lengths."""
    grids, flat, lengths = [], [], []
    for line in (DATA / "korf100.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        w = list(map(int, line.split()))
        cells = [0 if w[2 + 15 - c] == 0 else 16 - w[2 + 15 - c] for c in range(16)]
        grids.append("".join(" ".join(f"{v:2d}" for v in cells[i:i + 4]) + "\n" for i in range(0, 16, 4)))
        flat.append(" ".join(map(str, cells)) + "\n")
        lengths.append(w[1])
    grid, inp = work / "korf100.txt", work / "korf100.in"
    grid.write_text("\n".join(grids[:count]))
    inp.write_text("".join(flat[:count]))
    return grid, inp, lengths[:count]


def fifteen_inputs(work, exe, count, lo=40, hi=55):
    """`count` solvable 15-puzzle positions whose shortest solutions have lo..hi moves: random
    walks of FIFTEEN_WALK blank moves from the goal (no move undoing the one before; seeded),
    kept when the dedicated program finds a length in range within FIFTEEN_NODE_CAP nodes (so
    the row runs in minutes; this leaves out the hardest positions of that length).
    Returns (puzc instance files, dedicated-program input files, lengths)."""
    rng = random.Random(1985)
    out = []
    while len(out) < count:
        s, z, prev = list(range(1, 16)) + [0], 15, -1
        for _ in range(FIFTEEN_WALK):
            r, c = divmod(z, 4)
            opts = [t for t, ok in ((z - 4, r > 0), (z + 4, r < 3), (z - 1, c > 0), (z + 1, c < 3)) if ok and t != prev]
            t = rng.choice(opts)
            s[z], s[t] = s[t], s[z]
            prev, z = z, t
        line = " ".join(map(str, s)) + "\n"
        r = subprocess.run([str(exe), str(FIFTEEN_NODE_CAP)], input=line, capture_output=True, text=True)
        length = int(r.stdout.strip() or -1)
        if lo <= length <= hi:
            k = len(out)
            grid = work / f"fifteen{k}.txt"
            grid.write_text("".join(" ".join(f"{v:2d}" for v in s[i:i + 4]) + "\n" for i in range(0, 16, 4)))
            flat = work / f"fifteen{k}.in"
            flat.write_text(line)
            out.append((grid, flat, length))
    return out


# ---------------------------------------------------------------------------------------
# Output checks
# ---------------------------------------------------------------------------------------

def expect_all(pattern, n):
    def check(out, code):
        k = len(re.findall(pattern, out))
        return None if k == n else f"expected {n} x /{pattern}/, got {k}"
    return check


def solution_counts(out):
    return [int(m) for m in re.findall(r"There are (\d+) solution", out)]


# ---------------------------------------------------------------------------------------

def fmt_s(x):
    return f"{x * 1000:.1f} ms" if x < 10 else f"{x:.2f} s"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=5, help="runs per process (median; at least 5)")
    ap.add_argument("--only", default="", help="comma-separated rows to run")
    ap.add_argument("--mayan-boards", type=int, default=5)
    ap.add_argument("--hard", action="store_true", help="with no --only, also run tetravex5 and tetravex7")
    ap.add_argument("--hard-runs", type=int, default=3,
                    help="runs for tetravex5 and tetravex7, where the seed takes minutes (median)")
    ap.add_argument("--no-build", action="store_true", help="measure the binaries already in target/release")
    ap.add_argument("--korf", type=int, default=100, help="korf100: the first N of Korf's instances")
    args = ap.parse_args()
    runs = max(args.runs, 5)
    only = set(filter(None, args.only.split(",")))
    # The hard Tetravex rows take minutes on the seed's side: only when named or with --hard.
    want = lambda row: row in only or (not only and (row not in ("tetravex5", "tetravex7") or args.hard))

    puzc, dlx, work = build_puzc(args.no_build)
    work.mkdir(parents=True, exist_ok=True)
    global RUNNER
    RUNNER = build_runner(work)
    P = str(puzc)
    rows = []  # (row, what, puzc cpu, other cpu, puzc rss, other rss, target, notes)

    def add(row, what, res, target, problems, extra=""):
        (pc, pr, _), (oc, orss, _) = res[0], res[1]
        notes = "; ".join(problems) or "outputs agree"
        if extra:
            notes = extra + "; " + notes
        rows.append((row, what, pc, oc, pr, orss, target, notes))
        print(f"  {row}: puzc {fmt_s(pc)}, other {fmt_s(oc)}, speed-up x{oc / pc:.1f}", file=sys.stderr, flush=True)

    # --- Mayan ----------------------------------------------------------------------------
    if want("mayan"):
        seed = build_seed("mayan_seed", work)
        if seed:
            note("mayan: generating dense n = 5 boards without a solution ...")
            boards = mayan_inputs(work, puzc, args.mayan_boards)
            pairs = []
            for b in boards:
                chk = lambda out, code: None if out.strip() == "-1" else f"expected -1, got {out.strip()[:40]!r}"
                pairs.append((Side("puzc", [P, "solve", "puzzles/mayan.puz", "--instance", str(b)], check=chk),
                              Side("seed", [str(seed)], stdin=b, check=chk)))
            res, problems = compare(pairs, runs)
            per = ", ".join(f"x{o / p:.1f}" for p, o in zip(res[0][2], res[1][2]))
            add("mayan", f"{len(boards)} dense n=5 boards, no solution (sum of per-board medians; per board {per})",
                res, ">= 10x", problems)

    # --- 15-puzzle against a dedicated IDA* -------------------------------------------------
    if want("fifteen"):
        exe = build_fifteen(work)
        pdb, groups = build_fifteen_pdb(work), pdb_groups(P)
        if exe and pdb and groups:
            note("fifteen: generating 20 positions of 40..55 moves ...")
            cases = fifteen_inputs(work, exe, 20)
            pairs = []
            for grid, flat, length in cases:
                moves_ok = lambda out, code, n=length: None if out.count("\n") == n else f"expected {n} moves, got {out.count(chr(10))}"
                len_ok = lambda out, code, n=length: None if out.strip() == str(n) else f"expected {n}, got {out.strip()!r}"
                pairs.append((Side("puzc", [P, "solve", "puzzles/fifteen-puzzle.puz", "--instance", str(grid)], check=moves_ok),
                              Side("ida", [str(pdb), groups], stdin=flat, check=len_ok)))
            res, problems = compare(pairs, runs)
            lengths = sorted(n for _, _, n in cases)
            per = ", ".join(f"{p / o:.2f}" for p, o in zip(res[0][2], res[1][2]))
            add("fifteen", f"20 positions, optimal lengths {lengths[0]}..{lengths[-1]} (median {statistics.median(lengths)}), "
                f"one process each (sum of per-position medians; puzc/ida per position {per}); vs bench/fifteen_pdb.c {groups}",
                res, "puzc <= 1.5x ida", problems)

    # --- Korf's 100 15-puzzle instances against the same pattern databases in C ---------------
    if "korf100" in only:
        pdb, groups = build_fifteen_pdb(work), pdb_groups(P)
        if pdb and groups:
            grid, inp, lengths = korf_inputs(work, args.korf)
            want_len = lambda out: [int(m) for m in re.findall(r'"length":(\d+)', out)]
            puzc_ok = lambda out, code: None if want_len(out) == lengths else "lengths differ from Korf's"
            c_ok = lambda out, code: None if [int(x) for x in out.split()] == lengths else "lengths differ from Korf's"
            pairs = [(Side("puzc", [P, "solve", "puzzles/fifteen-puzzle.puz", "--instance", str(grid), "--format", "json",
                                    "--max-nodes", "100000000000"], check=puzc_ok),
                      Side("ida", [str(pdb), groups], stdin=inp, check=c_ok))]
            note(f"korf100: the first {args.korf} instances, {args.hard_runs} runs a side ...")
            res, problems = compare(pairs, args.hard_runs)
            add("korf100", f"Korf's instances 1..{args.korf} (lengths {min(lengths)}..{max(lengths)}), one process a side, "
                f"both building the tables; vs bench/fifteen_pdb.c {groups}", res, "puzc <= 1.5x ida", problems)

    # --- Tetravex ---------------------------------------------------------------------------
    if want("tetravex"):
        seed = build_seed("tetravex_seed", work)
        if seed:
            inp = tetravex_input(work, 5)
            chk = expect_all(r"Game \d+: Impossible", 5)
            res, problems = compare([(Side("puzc", [P, "solve", "puzzles/tetravex.puz", "--instance", str(inp)], check=chk),
                                      Side("seed", [str(seed)], stdin=inp, check=chk))], runs)
            add("tetravex", "5 impossible 6x6 games, 7 edge colours, one input file", res, ">= 10x", problems)

    if want("tetravex5"):
        seed = build_seed("tetravex_seed", work)
        if seed:
            inp, verdicts = hard_tetravex_input(work, puzc, 20)
            expect = "".join(f"Game {k + 1}: {v}\n" for k, v in enumerate(verdicts))

            def chk(out, code):
                got = "".join(l + "\n" for l in out.splitlines() if l.startswith("Game"))
                return None if got == expect else "verdicts differ from the expected ones"

            res, problems = compare([(Side("puzc", [P, "solve", "puzzles/tetravex.puz", "--instance", str(inp)], check=chk),
                                      Side("seed", [str(seed)], stdin=inp, check=chk))], args.hard_runs)
            add("tetravex5", "20 5x5 games, labels 0/1: 10 possible, 10 impossible, one input file", res, ">= 10x",
                problems, f"{args.hard_runs} runs")

    if want("tetravex7"):
        seed = build_seed("tetravex_seed", work)
        if seed:
            inp = tetravex_input(work, 1, n=7, colours=7, seed=77)
            chk = expect_all(r"Game \d+: Impossible", 1)
            res, problems = compare([(Side("puzc", [P, "solve", "puzzles/tetravex.puz", "--instance", str(inp)], check=chk),
                                      Side("seed", [str(seed)], stdin=inp, check=chk))], args.hard_runs)
            add("tetravex7", "one impossible 7x7 game, 7 edge colours", res, ">= 10x", problems, f"{args.hard_runs} runs")

    # --- UVA 211 ------------------------------------------------------------------------------
    if want("uva211"):
        seed = build_seed("uva211_seed", work)
        if seed:
            inp, total = uva211_input(work, seed, 10)
            if inp:
                seed_side = Side("seed", [str(seed)], stdin=inp)
                puzc_side = Side("puzc", [P, "solve", "puzzles/uva211.puz", "--instance", str(inp)])
                res, problems = compare([(puzc_side, seed_side)], runs)
                if solution_counts(puzc_side.output) != solution_counts(seed_side.output):
                    problems.append("solution counts differ")
                add("uva211", f"10 7x8 layouts with the most tilings of 300 random ones ({total} maps), all maps printed",
                    res, "not slower", problems)
            else:
                note("uva211: the seed did not count the candidate layouts; row skipped")

    # --- POJ 3076 ------------------------------------------------------------------------------
    if want("poj3076"):
        seed = build_seed("poj3076_seed", work)
        if seed:
            inp, n = poj3076_input(work)
            seed_side = Side("seed", [str(seed)], stdin=inp)
            puzc_side = Side("puzc", [P, "solve", "puzzles/poj3076.puz", "--instance", str(inp)])
            res, problems = compare([(puzc_side, seed_side)], runs)
            if puzc_side.output.split() != seed_side.output.split():
                problems.append("solved grids differ")
            add("poj3076", f"the {n} minimal 16x16 puzzles of bench/data/minimal16_seed1.txt, POJ format", res, ">= 3x", problems)

    # --- Exact cover against the dlx crate -----------------------------------------------------
    xcc_rows = [
        # row, spec, extra args, instance, mode, what, target (issue 6 targets are in-process search ratios)
        ("sudoku9", "puzzles/sudoku9.puz", [], DATA / "hard1000.txt", "--unique", "9x9 hard 1000 (first 1000 of puzzles5_forum_hardest_1905_11+), stop at 2 solutions", "search <= 0.5x dlx"),
        ("sudoku16", "puzzles/sudoku16.puz", [], "sudoku16", "--unique", "16x16 minimal x20, stop at 2 solutions", "search <= 0.35x dlx"),
        ("pentomino", "puzzles/pentomino.puz", ["--set", "quarter=true"], None, "--count", "6x10 pentominoes, X in a quarter: 2339", "search <= 0.6x dlx"),
        ("queens13", "puzzles/queens.puz", ["--set", "n=13"], None, "--count", "13-queens, count all: 73712", "search <= 1.0x dlx"),
        ("langford", "puzzles/langford.puz", ["--set", "n=12"], None, "--count", "Langford pairs n = 12, count all (both mirror images)", ""),
    ]
    for row, spec, extra, inst, mode, what, target in xcc_rows:
        if not want(row):
            continue
        if dlx is None:
            note(f"{row}: no dlx_crate example; skipped")
            continue
        if inst == "sudoku16":
            # The 1-9, A-G digits of minimal16_seed1.txt as the spec's A-P, one grid a line.
            digits = "123456789ABCDEFG"
            lines = [l.strip() for l in (DATA / "minimal16_seed1.txt").read_text().split() if len(l.strip()) == 256]
            inst = work / "sudoku16.txt"
            inst.write_text("".join("".join("." if ch == "." else chr(ord("A") + digits.index(ch)) for ch in l) + "\n" for l in lines))
        inst_args = ["--instance", str(inst)] if inst else []
        if inst and not inst.exists():
            note(f"{row}: {inst} missing; skipped")
            continue
        mat = work / f"{row}.dlx"
        r = subprocess.run([P, "compile", spec, *extra, *inst_args, "--emit", "dlx"], cwd=ROOT, capture_output=True)
        if r.returncode != 0:
            note(f"{row}: puzc compile failed; skipped")
            continue
        mat.write_bytes(r.stdout)
        puzc_side = Side("puzc", [P, "solve", spec, *extra, *inst_args, mode])
        dlx_side = Side("dlx", [str(dlx), mode, str(mat)])
        res, problems = compare([(puzc_side, dlx_side)], runs)
        if mode == "--count":
            m = re.search(r"total \d+ matrices, (\d+) solutions", dlx_side.output)
            pc = puzc_side.output.strip().splitlines()
            if not m or not pc or pc[-1].strip() != m.group(1):
                problems.append(f"counts differ (puzc {pc[-1] if pc else '?'}, dlx {m.group(1) if m else '?'})")
        add(row, what + " (dlx: the crate on `puzc compile --emit dlx` of the same instance)", res, target, problems)

    # --- Compile time -------------------------------------------------------------------------
    compile_rows = []
    if want("compile"):
        base = []
        for _ in range(runs):
            base.append(run([P, "--version"])[0])
        for spec in sorted((ROOT / "puzzles").glob("*.puz")):
            cpu = [run([P, "check", str(spec.relative_to(ROOT))])[0] for _ in range(runs)]
            inside = [check_stats(P, spec) for _ in range(runs)]
            compile_rows.append((spec.name, statistics.median(cpu), statistics.median(inside)))
        compile_base = statistics.median(base)

    # --- Table --------------------------------------------------------------------------------
    print()
    print(f"CPU time user+sys and peak RSS, median of {runs} alternating runs per process.")
    print()
    print("| row | puzc CPU | other CPU | speed-up (other/puzc) | puzc RSS | other RSS | RSS ratio | target | what / notes |")
    print("|---|---:|---:|---:|---:|---:|---:|---|---|")
    for row, what, pc, oc, pr, orss, target, notes in rows:
        print(f"| {row} | {fmt_s(pc)} | {fmt_s(oc)} | {oc / pc:.2f}x | {pr / 1024:.1f} MiB | {orss / 1024:.1f} MiB "
              f"| {pr / orss:.2f} | {target} | {what}; {notes} |")
    if compile_rows:
        print()
        print(f"`puzc check` (parse + check + lower of the inline instance): whole process, and "
              f"in process (`puzc check --stats`, wall time from reading the spec to the lowered "
              f"instance); `puzc --version` alone: {compile_base * 1000:.2f} ms")
        print()
        print("| spec | puzc check CPU | minus `puzc --version` | in process (`--stats`) |")
        print("|---|---:|---:|---:|")
        for name, cpu, inside in compile_rows:
            print(f"| {name} | {cpu * 1000:.2f} ms | {(cpu - compile_base) * 1000:.2f} ms | {inside * 1000:.2f} ms |")


if __name__ == "__main__":
    main()
