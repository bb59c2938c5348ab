#!/usr/bin/env python3
"""Counting on every core (the default) against one thread, whole process, wall time.

Runs `puzc solve SPEC --count --threads 1` and `puzc solve SPEC --count` alternately,
RUNS times each (default 5), and prints the median wall times, their ratio, and whether
every run printed the same count. Wall time is what threads save: run it on an idle
machine. Usage: python3 bench/threads.py [RUNS] [PUZC_BINARY]
"""
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = [
    ("pentominoes 6x10 (9356)", ["puzzles/pentomino.puz", "--count"]),
    ("Langford n=12 (216288)", ["puzzles/langford.puz", "--set", "n=12", "--count"]),
    ("14-queens (365596)", ["puzzles/queens.puz", "--set", "n=14", "--count"]),
]


def main():
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    puzc = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "target/release/puzc")
    for name, args in CASES:
        times = {"one": [], "default": []}
        outputs = set()
        for _ in range(runs):
            for key, extra in (("one", ["--threads", "1"]), ("default", [])):
                start = time.perf_counter()
                out = subprocess.run([puzc, "solve", *args, *extra], capture_output=True, text=True, cwd=ROOT)
                times[key].append(time.perf_counter() - start)
                outputs.add(out.stdout)
        one, default = statistics.median(times["one"]), statistics.median(times["default"])
        print(
            f"{name:28} 1 thread {one:7.3f} s  default {default:7.3f} s  "
            f"speed-up {one / default:5.2f}x  outputs identical: {len(outputs) == 1}"
        )


if __name__ == "__main__":
    main()
