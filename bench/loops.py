#!/usr/bin/env python3
"""Loops side by side: puzzles/masyu.puz and puzzles/slitherlink.puz against Knuth's DLX2-LOOP
on every puzzle of one size in the puzzlekit-dataset (github.com/SmilingWayne/puzzlekit-dataset,
assets/data/Masyu/Masyu_dataset.json and assets/data/Slitherlink/Slitherlink_dataset.json,
Janko's puzzles and others).

    python3 bench/loops.py --knuth DIR --dataset FILE.json --genre masyu --size 10x10

DIR holds Knuth's programs built outside the project from ascherer/cwebtest:
`dlx2-loop` (`ctangle dlx2.w dlx2-loop.ch`), `masyu-dlx` and `slitherlink-dlx`
(`ctangle` then `gcc -O2`). For each puzzle the script writes the clue picture Knuth's
generator reads and its matrix (not timed), then runs `puzc solve SPEC --instance FILE
--unique` and `dlx2-loop < MATRIX` as one process each, in turn, and reports each side's CPU
time (user + sys from wait4), DLX2-LOOP's count of solutions, and the totals. DLX2-LOOP counts
every solution; on a puzzle with one, that is the same proof as --unique. Knuth's generators
name a point by one character per coordinate, so puzzles over about 30 columns are left out.
Masyu puzzles written with digits (1, 2) instead of w and b are left out. puzc must be built
(cargo build --release). Python 3.11 standard library only.
"""
import argparse, json, os, resource, statistics, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def cpu(cmd, stdin, out, limit):
    """Runs `cmd` with `stdin` and `out` (stdout and stderr); CPU seconds and exit code."""
    pid = os.fork()
    if pid == 0:
        resource.setrlimit(resource.RLIMIT_CPU, (limit, limit))
        os.dup2(os.open(stdin, os.O_RDONLY), 0)
        fd = os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.execv(cmd[0], cmd)
    _, status, usage = os.wait4(pid, 0)
    return usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def picture(genre, rows):
    """The clue picture Knuth's generators read: one character per cell."""
    if genre == "slitherlink":
        return ["".join("." if x == "-" else x for x in r.split()) for r in rows]
    return ["".join({"-": ".", "w": "0", "b": "1"}[x] for x in r.split()) for r in rows]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--knuth", required=True, help="folder with dlx2-loop, masyu-dlx, slitherlink-dlx")
    ap.add_argument("--dataset", required=True, help="the genre's puzzlekit-dataset JSON file")
    ap.add_argument("--genre", choices=["masyu", "slitherlink"], required=True)
    ap.add_argument("--size", required=True, help="rows x cols as the dataset names it, e.g. 10x10")
    ap.add_argument("--limit", type=int, default=10, help="CPU seconds per process (default 10)")
    args = ap.parse_args()
    puzc = os.path.join(ROOT, "target", "release", "puzc")
    spec = os.path.join(ROOT, "puzzles", f"{args.genre}.puz")
    gen = os.path.join(args.knuth, f"{args.genre}-dlx")
    loop = os.path.join(args.knuth, "dlx2-loop")
    work = tempfile.mkdtemp(prefix="loops_")
    data = json.load(open(args.dataset))["data"]
    rows = []
    for name in sorted(data):
        if name.split("_")[-1] != args.size:
            continue
        text = data[name]["problem"]
        lines = [l for l in text.split("\n") if l.strip()]
        m, n = map(int, lines[0].split())
        cells = [x for r in lines[1:1 + m] for x in r.split()]
        if n > 30 or (args.genre == "masyu" and any(x not in "-wb" for x in cells)):
            continue
        inst, pic, mat, out = (os.path.join(work, f"{name}.{e}") for e in ("txt", "pic", "dlx", "out"))
        open(inst, "w").write(text + "\n")
        open(pic, "w").write("\n".join(picture(args.genre, lines[1:1 + m])) + "\n")
        with open(pic) as i, open(mat, "w") as o:
            subprocess.run([gen], stdin=i, stdout=o, stderr=subprocess.DEVNULL, check=True)
        a, code = cpu([puzc, "solve", spec, "--instance", inst, "--unique"], os.devnull, os.devnull, args.limit)
        b, _ = cpu([loop], mat, out, args.limit)
        found = [l.split(",")[0] for l in open(out) if l.startswith("Altogether")]
        rows.append((name, a, code, b, found[0] if found else "no end"))
        print(f"{name}: puzc {a * 1000:.1f} ms (exit {code}) | dlx2-loop {b * 1000:.1f} ms, {rows[-1][4]}", flush=True)
    if not rows:
        sys.exit(f"no {args.genre} puzzle of size {args.size} in {args.dataset}")
    a, b = sum(r[1] for r in rows), sum(r[3] for r in rows)
    unended = sum(r[4] == "no end" for r in rows)
    print(f"{len(rows)} puzzles: puzc {a:.3f} s, dlx2-loop {b:.3f} s ({unended} stopped at {args.limit} s), "
          f"total ratio {a / b:.2f}, median ratio per puzzle {statistics.median(r[1] / r[3] for r in rows):.2f}, "
          f"puzc exits {sorted(set(r[2] for r in rows))}")


if __name__ == "__main__":
    main()
