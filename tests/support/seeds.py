#!/usr/bin/env python3
"""Extracts the seed programs from the seed documents and writes them as C++ files.

The seed documents (blog posts with reference programs) live outside this repository, in
`../shared/seeds/` beside the checkout (or in `$PUZC_SHARED/seeds/`). The differential tests
and `bench/side_by_side.py` build the seed programs from there at run time, so the project
holds only code written for it.

Each program is cut from its document as is: from the `#include` line that starts it to the
brace that closes `main`. The few edits that make it build are listed below, one per seed,
with the reason; `SEEDS-NOTES.md` (beside the documents) lists the programs' defects, which
are kept.

Usage: seeds.py OUT_DIR — writes OUT_DIR/{tetravex,poj3076,mayan,uva211}_seed.cpp and prints
their paths. Exit 2 when the documents are not found.
"""
import os
import re
import sys

# name -> (document, which program in it (1-based), [(old, new, why)]); `old` is a string
# (its first occurrence is replaced) or a compiled pattern (every match is).
SEEDS = {
    # ZOJ 1008: the second program of the document (after "在附个zoj1008的代码"); the SOJ 1111
    # program above it lets its all-zero slot 0 swallow a `0 0 0 0` tile (SEEDS-NOTES.md).
    "tetravex_seed": ("000_353a8a8c7f958061.txt", 2, [
        ("#include <string.h>", "int cases = 1;\n#include <string.h>",
         "`cases` is used in main but never declared; `cases++` prints games 1, 2, ..."),
    ]),
    # POJ 3076, "poj3076 c++版": the stored text lost every line break of the program.
    "poj3076_seed": ("001_5e5cdd013aa899a2.txt", 1, [
        (re.compile(r"(#include\s*<[^>]*>)"), r"\n\1\n", "a preprocessor directive needs a line of its own"),
        ("//cout<<ss<<endl;", "//cout<<ss<<endl;\n", "the comment would swallow the rest of the program"),
        ("//cout<<ss<<' '<<S[clo[1]]<<endl;", "//cout<<ss<<' '<<S[clo[1]]<<endl;\n",
         "the comment would swallow the call DLX(clo[0],0) and the rest of main"),
    ]),
    # NOIP 2011 Mayan game, section "我已是完全之P1312": builds as is.
    "mayan_seed": ("002_9b7d8b2908cc929e.txt", 1, []),
    # UVA 211: reads files on the author's machine unless ONLINE_JUDGE is defined.
    "uva211_seed": ("003_335acd880628cba9.txt", 1, [
        ("#include <cstring>", "#define ONLINE_JUDGE\n#include <cstring>",
         "compiles out the freopen(\"D:/MYCODE/...\") lines, so it reads stdin"),
    ]),
}


def seeds_dir():
    shared = os.environ.get("PUZC_SHARED")
    if shared:
        return os.path.join(shared, "seeds")
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    return os.path.join(os.path.dirname(repo), "shared", "seeds")


def program_starts(text):
    """Offsets of the lines that start a program: an `#include` line not after another."""
    starts, after_include = [], False
    for m in re.finditer(r"^.*$", text, re.M):
        is_include = m.group(0).lstrip().startswith("#include")
        if is_include and not after_include:
            starts.append(m.start())
        after_include = is_include
    return starts


def end_of_main(code):
    """The offset just past the brace closing `main`'s body, skipping strings and comments."""
    m = re.search(r"\bmain\s*\(", code)
    if not m:
        raise ValueError("no main() in the program")
    i, depth, n = code.index("{", m.end()), 0, len(code)
    while i < n:
        c = code[i]
        if code.startswith("//", i):
            i = code.find("\n", i)
            i = n if i < 0 else i
            continue
        if code.startswith("/*", i):
            i = code.index("*/", i) + 2
            continue
        if c in "\"'":
            j = i + 1
            while code[j] != c:
                j += 2 if code[j] == "\\" else 1
            i = j + 1
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError("main() is never closed")


def extract(name):
    doc, which, fixes = SEEDS[name]
    path = os.path.join(seeds_dir(), doc)
    with open(path, encoding="utf-8") as f:
        text = f.read()
    start = program_starts(text)[which - 1]
    end = text.find("\n\n\n", start)  # a program ends before the prose that follows it
    code = text[start:] if end < 0 else text[start:end]
    for old, new, why in fixes:
        if isinstance(old, re.Pattern):  # every match
            code, n = old.subn(new, code)
        else:  # the first occurrence
            n = code.count(old)
            code = code.replace(old, new, 1)
        if n == 0:
            raise ValueError(f"{name}: the fix for `{why}` no longer applies to {doc}")
    code = code[: end_of_main(code)]
    header = f"// {name}: extracted from {doc} (program {which}) by tests/support/seeds.py\n"
    header += "".join(f"// fix: {why}\n" for _, _, why in fixes)
    return header + code.lstrip("\n") + "\n"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: seeds.py OUT_DIR")
    if not os.path.isdir(seeds_dir()):
        print(f"seeds.py: no seed documents at {seeds_dir()} (set PUZC_SHARED)", file=sys.stderr)
        sys.exit(2)
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for name in SEEDS:
        dest = os.path.join(out, name + ".cpp")
        tmp = f"{dest}.{os.getpid()}"
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(extract(name))
        os.replace(tmp, dest)  # atomic: test binaries may extract at the same time
        print(dest)


if __name__ == "__main__":
    main()
