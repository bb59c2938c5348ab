#!/usr/bin/env python3
"""Time to diagnostics after a change, as an editor sees it from `puzc lsp`.

For each spec (the shipped puzzles/*.puz, and a generated spec of about 1 MB), the script
opens it in one running server, then sends a change (a comment line appended, a new
version each time) and measures the wall time until the server publishes that document's
diagnostics: the whole of parse, check, elaboration and lowering of the spec's first case,
with the framing both ways. It also times a semantic-tokens request on the changed text,
and reads the server's peak resident memory (VmHWM) at the end.

    python3 scripts/lsp_latency.py [--puzc target/release/puzc] [--runs 5]

Prints one line per spec: the median and the largest of the runs, in milliseconds.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


class Server:
    def __init__(self, puzc):
        self.p = subprocess.Popen([puzc, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.next_id = 0

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("puzc lsp closed its output")
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.p.stdout.read(length))

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            m = self.read()
            if m.get("id") == self.next_id:
                return m.get("result")

    def diagnostics(self, uri):
        while True:
            m = self.read()
            if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri:
                return m["params"]["diagnostics"]


def big_spec(target_bytes):
    """A spec of about `target_bytes`: a 9x9 sudoku's rules, then lets and regions repeated
    (a spec has one board)."""
    head = (
        "board grid[9, 9] of 1..=9\nfill grid\n"
        "region row(r) = { (r, c) for c in 0..9 } for r in 0..9\n"
        "region col(c) = { (r, c) for r in 0..9 } for c in 0..9\n"
        "each row, col holds each value exactly once\n"
    )
    parts, size, k = [head], len(head), 0
    while size < target_bytes:
        chunk = f"let a{k} = {k} * 3 + {k % 7}  # constant {k}\nlet b{k} = a{k} + 1\n"
        if k % 50 == 0:
            chunk += f"region extra{k}(i) = {{ (i, c) for c in 0..9 }} for i in 0..9\n"
        parts.append(chunk)
        size += len(chunk)
        k += 1
    return "".join(parts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--puzc", default="target/release/puzc")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    specs = sorted(
        os.path.join("puzzles", f) for f in os.listdir("puzzles") if f.endswith(".puz")
    )
    tmp = tempfile.mkdtemp(prefix="puzc-lsp-latency-")
    big = os.path.join(tmp, "big.puz")
    with open(big, "w") as f:
        f.write(big_spec(1_000_000))  # under the 1 MiB cap on a spec (S401)
    specs.append(big)

    s = Server(args.puzc)
    s.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    s.notify("initialized", {})
    print(f"{'spec':<28} {'bytes':>8} {'diagnostics ms':>16} {'max':>7} {'tokens ms':>10} {'found':>6}")
    worst = 0.0
    for path in specs:
        text = open(path).read()
        uri = "file://" + os.path.abspath(path)
        s.notify("textDocument/didOpen",
                 {"textDocument": {"uri": uri, "languageId": "puz", "version": 1, "text": text}})
        s.diagnostics(uri)
        times, token_times, found = [], [], 0
        for run in range(args.runs):
            changed = text + f"# edit {run}\n"
            t0 = time.perf_counter()
            s.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": run + 2},
                "contentChanges": [{"text": changed}],
            })
            found = len(s.diagnostics(uri))
            times.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            s.request("textDocument/semanticTokens/full", {"textDocument": {"uri": uri}})
            token_times.append((time.perf_counter() - t0) * 1000)
        s.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        s.diagnostics(uri)
        name = "generated 1 MB spec" if path == big else os.path.basename(path)
        med = statistics.median(times)
        if path != big:
            worst = max(worst, med)
        print(f"{name:<28} {len(text.encode()):>8} {med:>16.1f} {max(times):>7.1f} "
              f"{statistics.median(token_times):>10.1f} {found:>6}")
    with open(f"/proc/{s.p.pid}/status") as f:
        hwm = next((l.split()[1] for l in f if l.startswith("VmHWM")), "?")
    s.request("shutdown", None)
    s.notify("exit", None)
    s.p.wait()
    print(f"slowest shipped spec (median): {worst:.1f} ms; server peak memory (VmHWM): {hwm} kB")


if __name__ == "__main__":
    sys.exit(main())
