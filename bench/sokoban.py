#!/usr/bin/env python3
"""Sokoban side by side: puzzles/sokoban.puz on the shipped Microban levels against soukoban, a
published Rust Sokoban library with a push-optimal A* solver (github.com/ShenMian/soukoban),
built here outside the project.

    python3 bench/sokoban.py --soukoban DIR [--timeout SECONDS]

DIR is a checkout of soukoban. The script writes a ten-line program that calls its solver
(`Solver::new(map, Strategy::OptimalPush).a_star_search()`) into
target/sokoban_side_by_side/, builds it against DIR with cargo, writes the levels of
puzzles/instances/microban.txt in XSB form beside it, and runs each level as one process of
each program, printing the pushes each found, the CPU time (user + sys) and the peak memory.
puzc must be built (cargo build --release). Python 3.11 standard library only.
"""
import argparse, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "target", "sokoban_side_by_side")
MAIN = r'''
use soukoban::{solver::*, Action, Level};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let id: usize = args[2].parse().unwrap();
    let level = Level::load_nth_from_str(&text, id).unwrap();
    match Solver::new(level.map().clone(), Strategy::OptimalPush).a_star_search() {
        Ok(a) => println!("{} pushes", a.iter().filter(|a| matches!(a, Action::Push(_))).count()),
        Err(e) => println!("{e:?}"),
    }
}
'''

def levels():
    text = open(os.path.join(ROOT, "puzzles", "instances", "microban.txt")).read()
    out, name = [], None
    lines = iter(text.splitlines())
    for line in lines:
        m = re.match(r"# (Microban \d+)$", line)
        if m:
            name = m.group(1)
            rows = int(next(lines).split()[0])
            out.append((name, [next(lines) for _ in range(rows)]))
    return out

def timed(cmd, timeout):
    r = subprocess.run(["/usr/bin/time", "-f", "TIME %U %S %M", "timeout", str(timeout)] + cmd,
                       capture_output=True, text=True)
    m = re.search(r"TIME ([\d.]+) ([\d.]+) (\d+)", r.stderr)
    return r.stdout, float(m.group(1)) + float(m.group(2)), int(m.group(3)) // 1024, r.returncode

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--soukoban", required=True)
    ap.add_argument("--timeout", type=int, default=300)
    a = ap.parse_args()
    os.makedirs(os.path.join(OUT, "src"), exist_ok=True)
    with open(os.path.join(OUT, "Cargo.toml"), "w") as f:
        f.write('[package]\nname = "soukoban_bench"\nversion = "0.1.0"\nedition = "2021"\n[workspace]\n'
                f'[dependencies]\nsoukoban = {{ path = "{os.path.abspath(a.soukoban)}" }}\n')
    with open(os.path.join(OUT, "src", "main.rs"), "w") as f:
        f.write(MAIN)
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=OUT, check=True)
    sk = os.path.join(OUT, "target", "release", "soukoban_bench")
    lv = levels()
    xsb = os.path.join(OUT, "levels.xsb")
    with open(xsb, "w") as f:
        for name, rows in lv:
            f.write(f"; {name}\n\n" + "\n".join(r.rstrip("-") for r in rows) + "\n\n")
    puzc = os.path.join(ROOT, "target", "release", "puzc")
    one = os.path.join(OUT, "level.txt")
    print("level\tpuzc pushes\tpuzc CPU s\tpuzc MB\tsoukoban pushes\tsoukoban CPU s\tsoukoban MB")
    for i, (name, rows) in enumerate(lv, 1):
        with open(one, "w") as f:
            f.write(f"{len(rows)} {len(rows[0])}\n" + "\n".join(rows) + "\n")
        out, t, mb, code = timed([puzc, "solve", os.path.join(ROOT, "puzzles", "sokoban.puz"), "--instance", one], a.timeout)
        p = re.match(r"cost (\d+)", out)
        out2, t2, mb2, code2 = timed([sk, xsb, str(i)], a.timeout)
        p2 = re.match(r"(\d+) pushes", out2)
        show = lambda m, code: m.group(1) if m else ("timeout" if code == 124 else "-")
        print(f"{name}\t{show(p, code)}\t{t:.2f}\t{mb}\t{show(p2, code2)}\t{t2:.2f}\t{mb2}", flush=True)

if __name__ == "__main__":
    main()
