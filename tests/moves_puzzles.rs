//! The shipped played puzzles solve with independently known answers.
use std::collections::{HashMap, VecDeque};
use std::io::Write;
use std::process::{Command, Stdio};

fn puzc(args: &[&str], stdin: Option<&str>) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzc"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap())
}

fn moves_of(out: &str) -> Vec<Vec<i64>> {
    out.lines().map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect()).collect()
}

/// English peg solitaire, centre to centre, is solvable in 31 jumps (a classical result;
/// e.g. Beasley, "The Ins and Outs of Peg Solitaire"). The answer is replayed here.
#[test]
fn peg_solitaire_ends_with_one_peg_in_the_centre() {
    let (code, out) = puzc(&["solve", "puzzles/peg-solitaire.puz"], None);
    assert_eq!(code, 0);
    let jumps = moves_of(&out);
    assert_eq!(jumps.len(), 31);
    let on =
        |r: i64, c: i64| (0..7).contains(&r) && (0..7).contains(&c) && ((2..5).contains(&r) || (2..5).contains(&c));
    let mut peg: HashMap<(i64, i64), bool> = HashMap::new();
    for r in 0..7 {
        for c in 0..7 {
            if on(r, c) {
                peg.insert((r, c), (r, c) != (3, 3));
            }
        }
    }
    for j in &jumps {
        let (r, c, dr, dc) = (j[0], j[1], j[2], j[3]);
        assert!(peg[&(r, c)] && peg[&(r + dr, c + dc)] && !peg[&(r + 2 * dr, c + 2 * dc)], "illegal jump {j:?}");
        peg.insert((r, c), false);
        peg.insert((r + dr, c + dc), false);
        peg.insert((r + 2 * dr, c + 2 * dc), true);
    }
    let left: Vec<_> = peg.iter().filter(|(_, p)| **p).map(|(k, _)| *k).collect();
    assert_eq!(left, vec![(3, 3)]);
}

/// Fewest moves of the 8-puzzle by a breadth-first search written here.
fn bfs_8(start: [u8; 9]) -> Option<usize> {
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let mut dist = HashMap::from([(start, 0usize)]);
    let mut q = VecDeque::from([start]);
    while let Some(s) = q.pop_front() {
        if s == goal {
            return Some(dist[&s]);
        }
        let z = s.iter().position(|&v| v == 0).unwrap();
        let (r, c) = (z / 3, z % 3);
        let mut next = Vec::new();
        if r > 0 {
            next.push(z - 3)
        }
        if r < 2 {
            next.push(z + 3)
        }
        if c > 0 {
            next.push(z - 1)
        }
        if c < 2 {
            next.push(z + 1)
        }
        for t in next {
            let mut n = s;
            n.swap(z, t);
            if !dist.contains_key(&n) {
                dist.insert(n, dist[&s] + 1);
                q.push_back(n);
            }
        }
    }
    None
}

/// 8 6 7 / 2 5 4 / 3 0 1 is one of the two positions that need 31 moves (the 8-puzzle's
/// diameter, Reinefeld 1993); random positions agree with a BFS written here.
#[test]
fn eight_puzzle_fewest_moves() {
    let (code, out) = puzc(&["solve", "puzzles/eight-puzzle.puz"], None);
    assert_eq!(code, 0);
    assert_eq!(moves_of(&out).len(), 31);
    assert_eq!(bfs_8([8, 6, 7, 2, 5, 4, 3, 0, 1]), Some(31));
    let mut seed = 12345u64;
    for _ in 0..6 {
        let mut s = [1u8, 2, 3, 4, 5, 6, 7, 8, 0];
        // Random walks from the goal keep positions solvable.
        for _ in 0..40 {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let z = s.iter().position(|&v| v == 0).unwrap();
            let opts: Vec<usize> =
                [z.wrapping_sub(3), z + 3, if z % 3 > 0 { z - 1 } else { 99 }, if z % 3 < 2 { z + 1 } else { 99 }]
                    .into_iter()
                    .filter(|&t| t < 9)
                    .collect();
            s.swap(z, opts[(seed >> 33) as usize % opts.len()]);
        }
        let text: String = s.chunks(3).map(|r| r.iter().map(|v| v.to_string()).collect::<String>() + "\n").collect();
        let (code, out) = puzc(&["solve", "puzzles/eight-puzzle.puz", "--instance", "-"], Some(&text));
        let want = bfs_8(s).unwrap();
        assert_eq!(code, 0);
        assert_eq!(moves_of(&out).len(), want, "{text}");
    }
}

/// SameGame by a breadth-first search written here: the fewest clicks to reach a position
/// where `done` holds and the number of shortest click sequences (a click names a cell, so
/// the cells of one group are different clicks). `close_columns`: an emptied column closes
/// to the left.
fn samegame_reference(
    start: &[u8],
    rows: usize,
    cols: usize,
    close_columns: bool,
    done: &dyn Fn(&[u8]) -> bool,
) -> Option<(usize, u128)> {
    let group = |g: &[u8], s: usize| -> Vec<usize> {
        let mut seen = vec![false; g.len()];
        let mut todo = vec![s];
        let mut out = vec![];
        seen[s] = true;
        while let Some(c) = todo.pop() {
            out.push(c);
            let (r, k) = (c / cols, c % cols);
            let mut n = vec![];
            if r > 0 {
                n.push(c - cols)
            }
            if r + 1 < rows {
                n.push(c + cols)
            }
            if k > 0 {
                n.push(c - 1)
            }
            if k + 1 < cols {
                n.push(c + 1)
            }
            for d in n {
                if !seen[d] && g[d] == g[s] {
                    seen[d] = true;
                    todo.push(d);
                }
            }
        }
        out
    };
    let settle = |g: &mut Vec<u8>| {
        // Blocks fall: each column's blocks keep their order at the bottom.
        let mut columns: Vec<Vec<u8>> =
            (0..cols).map(|k| (0..rows).map(|r| g[r * cols + k]).filter(|&v| v != 0).collect()).collect();
        if close_columns {
            let empty = columns.iter().filter(|c| c.is_empty()).count();
            columns.retain(|c| !c.is_empty());
            columns.extend(std::iter::repeat_n(Vec::new(), empty));
        }
        for (k, col) in columns.iter().enumerate() {
            for r in 0..rows {
                let from_bottom = rows - 1 - r;
                g[r * cols + k] = if from_bottom < col.len() { col[col.len() - 1 - from_bottom] } else { 0 };
            }
        }
    };
    // Layer by layer, with the number of shortest paths to each position.
    let mut layer: HashMap<Vec<u8>, u128> = HashMap::from([(start.to_vec(), 1)]);
    for depth in 0.. {
        let solved: u128 = layer.iter().filter(|(s, _)| done(s)).map(|(_, n)| n).sum();
        if solved > 0 {
            return Some((depth, solved));
        }
        if layer.is_empty() {
            return None;
        }
        let mut next: HashMap<Vec<u8>, u128> = HashMap::new();
        for (s, ways) in &layer {
            for c in 0..s.len() {
                if s[c] == 0 {
                    continue;
                }
                let grp = group(s, c);
                if grp.len() < 2 {
                    continue;
                }
                let mut n = s.clone();
                for x in grp {
                    n[x] = 0;
                }
                settle(&mut n);
                *next.entry(n).or_default() += ways;
            }
        }
        // Every click removes blocks, so no position comes back in a later layer.
        layer = next;
    }
    unreachable!()
}

/// `puzzles/samegame.puz` with some lines replaced, in a temporary file.
fn samegame_with(replace: &[(&str, &str)], name: &str) -> std::path::PathBuf {
    let mut spec = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/samegame.puz")).unwrap();
    for (a, b) in replace {
        assert!(spec.contains(a), "{a}");
        spec = spec.replace(a, b);
    }
    let path = std::env::temp_dir().join(format!("puzc-{}-{name}.puz", std::process::id()));
    std::fs::write(&path, spec).unwrap();
    path
}

/// SameGame as usually played (empty columns close to the left), the variant without
/// closing, and a goal that is a condition over the board: the fewest clicks and the number
/// of shortest click sequences, by the reference search above.
#[test]
fn samegame_fewest_clicks() {
    let start: Vec<u8> = vec![1, 2, 2, 3, 3, 1, 1, 2, 3, 1, 2, 2, 1, 1, 1, 3, 3, 2, 2, 1];
    let empty = |s: &[u8]| s.iter().all(|&v| v == 0);
    let (best, ways) = samegame_reference(&start, 4, 5, true, &empty).unwrap();
    let (code, out) = puzc(&["solve", "puzzles/samegame.puz"], None);
    assert_eq!(code, 0);
    assert_eq!(moves_of(&out).len(), best);
    let (code, out) = puzc(&["solve", "puzzles/samegame.puz", "--count"], None);
    assert_eq!((code, out), (0, format!("{ways}\n")));
    // `--unique` agrees with the reference's count.
    let (code, _) = puzc(&["solve", "puzzles/samegame.puz", "--unique"], None);
    assert_eq!(code, if ways > 1 { 6 } else { 0 });
    // Without closing, the answer differs on this board: closing is a rule of its own.
    let (best_open, ways_open) = samegame_reference(&start, 4, 5, false, &empty).unwrap();
    assert_ne!((best, ways), (best_open, ways_open));
    let open = samegame_with(&[(", close columns left", "")], "open");
    let (code, out) = puzc(&["solve", open.to_str().unwrap(), "--count"], None);
    assert_eq!((code, out), (0, format!("{ways_open}\n")));
    let (code, out) = puzc(&["solve", open.to_str().unwrap()], None);
    std::fs::remove_file(&open).unwrap();
    assert_eq!((code, moves_of(&out).len()), (0, best_open));
    // `goal for ... when ...`: no block of colour 1 left, and the bottom-right cell empty.
    let cond = samegame_with(
        &[("goal empty", "goal for r in 0..4, c in 0..5 when blocks(r, c) != 1 and blocks(3, 4) == 0")],
        "cond",
    );
    let done = |s: &[u8]| s.iter().all(|&v| v != 1) && s[19] == 0;
    let (best_c, ways_c) = samegame_reference(&start, 4, 5, true, &done).unwrap();
    let (code, out) = puzc(&["solve", cond.to_str().unwrap(), "--count"], None);
    let (code2, first) = puzc(&["solve", cond.to_str().unwrap()], None);
    std::fs::remove_file(&cond).unwrap();
    assert_eq!((code, out), (0, format!("{ways_c}\n")));
    assert_eq!((code2, moves_of(&first).len()), (0, best_c));
    eprintln!(
        "samegame: closing {best} clicks, {ways} ways; open {best_open}, {ways_open}; condition {best_c}, {ways_c}"
    );
    assert_ne!((best_c, ways_c), (best, ways), "the condition should be a different goal");
}

// ---------------------------------------------------------------- counting and listing

fn puzc_err(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_puzc"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// `puzzles/peg-triangle.puz` with its `goal` line replaced, written to a temporary file.
fn peg_triangle_with(goal: &str, budget: &str, name: &str) -> std::path::PathBuf {
    let spec = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/peg-triangle.puz")).unwrap();
    let spec =
        spec.replace("goal count 1\n", &format!("{goal}\n")).replace("moves exactly 13\n", &format!("{budget}\n"));
    let path = std::env::temp_dir().join(format!("puzc-{}-{name}.puz", std::process::id()));
    std::fs::write(&path, spec).unwrap();
    path
}

/// The 15-hole triangle with the top hole empty has 29760 solutions ending with one peg,
/// 6816 of them with the peg in the top hole (published counts: George Bell, "Solving
/// triangular peg solitaire", Journal of Integer Sequences 11 (2008), and his tables of
/// triangle-5 solutions). Every jump removes a peg, so all solutions have 13 jumps, and
/// `exactly 13`, `at most 13` and `fewest` must all give the same numbers.
#[test]
fn peg_triangle_counts_match_the_published_figures() {
    let top = "goal pattern \"\"\"\n1....\n00...\n000..\n0000.\n00000\n\"\"\"";
    for (i, budget) in ["moves exactly 13", "moves at most 13", "moves fewest"].into_iter().enumerate() {
        for (goal, want) in [("goal count 1", "29760\n"), (top, "6816\n")] {
            let path = peg_triangle_with(goal, budget, &format!("count{i}{}", want.len()));
            let (code, out, err) = puzc_err(&["solve", path.to_str().unwrap(), "--count"]);
            std::fs::remove_file(&path).unwrap();
            assert_eq!((code, out.as_str(), err.as_str()), (0, want, ""), "{budget}, {goal}");
        }
    }
    // The shipped spec, as the README runs it.
    let (code, out, _) = puzc_err(&["solve", "puzzles/peg-triangle.puz", "--count"]);
    assert_eq!((code, out.as_str()), (0, "29760\n"));
}

/// `--all` lists solutions in the order of the first solution, each replayed here;
/// `--limit` cuts the list and the count; `--unique` answers with exit 6.
#[test]
fn peg_triangle_listing_and_uniqueness() {
    let (code, first, _) = puzc_err(&["solve", "puzzles/peg-triangle.puz"]);
    assert_eq!(code, 0);
    let (code, out, _) = puzc_err(&["solve", "puzzles/peg-triangle.puz", "--all", "--limit", "3"]);
    assert_eq!(code, 0);
    // Solutions separated by a blank line, then a blank line and their number.
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 4, "{out}");
    assert_eq!(blocks[3], "3 solutions\n");
    assert_eq!(format!("{}\n", blocks[0]), first);
    let lists: Vec<Vec<Vec<i64>>> = blocks[..3].iter().map(|b| moves_of(b)).collect();
    for l in &lists {
        // Replay on the triangle: (r, c) with c <= r; jumps along the six directions.
        let mut peg = [[false; 5]; 5];
        for (r, row) in peg.iter_mut().enumerate() {
            for (c, p) in row.iter_mut().enumerate().take(r + 1) {
                *p = (r, c) != (0, 0);
            }
        }
        let on = |r: i64, c: i64| (0..5).contains(&r) && (0..=r).contains(&c);
        assert_eq!(l.len(), 13);
        for j in l {
            let (r, c, dr, dc) = (j[0], j[1], j[2], j[3]);
            let (mr, mc, tr, tc) = (r + dr, c + dc, r + 2 * dr, c + 2 * dc);
            assert!(on(r, c) && on(mr, mc) && on(tr, tc), "{j:?}");
            assert!(peg[r as usize][c as usize] && peg[mr as usize][mc as usize] && !peg[tr as usize][tc as usize]);
            peg[r as usize][c as usize] = false;
            peg[mr as usize][mc as usize] = false;
            peg[tr as usize][tc as usize] = true;
        }
        assert_eq!(peg.iter().flatten().filter(|&&p| p).count(), 1);
    }
    assert!(lists[0] != lists[1] && lists[1] != lists[2] && lists[0] != lists[2]);
    let (code, out, err) = puzc_err(&["solve", "puzzles/peg-triangle.puz", "--unique"]);
    assert_eq!((code, out.as_str()), (6, first.as_str()));
    assert!(err.contains("more than one solution"), "{err}");
    // Mayan's NOIP sample has solutions of 3 moves, several of them (blocks swapped from
    // either side are different moves).
    let (code, out, _) = puzc_err(&["solve", "puzzles/mayan.puz", "--unique"]);
    assert_eq!((code, moves_of(&out).len()), (6, 3));
}

/// The 8-puzzle's shortest solutions counted by puzc against paths counted in BFS layers
/// written here.
#[test]
fn eight_puzzle_counts_shortest_solutions() {
    let start = [4u8, 2, 5, 7, 1, 3, 0, 8, 6];
    let goal = [1u8, 2, 3, 4, 5, 6, 7, 8, 0];
    let mut layer: HashMap<[u8; 9], u128> = HashMap::from([(start, 1)]);
    let mut seen = std::collections::HashSet::from([start]);
    let (depth, ways) = (0..)
        .find_map(|d| {
            if let Some(&w) = layer.get(&goal) {
                return Some((d, w));
            }
            assert!(!layer.is_empty(), "the start cannot reach the goal");
            let mut next: HashMap<[u8; 9], u128> = HashMap::new();
            for (s, w) in &layer {
                let z = s.iter().position(|&v| v == 0).unwrap();
                for t in
                    [z.wrapping_sub(3), z + 3, if z % 3 > 0 { z - 1 } else { 99 }, if z % 3 < 2 { z + 1 } else { 99 }]
                {
                    if t < 9 {
                        let mut n = *s;
                        n.swap(z, t);
                        if !seen.contains(&n) {
                            *next.entry(n).or_default() += w;
                        }
                    }
                }
            }
            seen.extend(next.keys().copied());
            layer = next;
            None
        })
        .unwrap();
    assert!(ways > 1);
    let text = "425\n713\n086\n";
    let (code, out) = puzc(&["solve", "puzzles/eight-puzzle.puz", "--instance", "-", "--count"], Some(text));
    assert_eq!((code, out), (0, format!("{ways}\n")));
    let (code, out) = puzc(&["solve", "puzzles/eight-puzzle.puz", "--instance", "-", "--all"], Some(text));
    assert_eq!(code, 0);
    assert_eq!(out.matches("\n\n").count() as u128, ways);
    assert!(out.ends_with(&format!("\n{ways} solutions\n")));
    assert_eq!(moves_of(out.split("\n\n").next().unwrap()).len(), depth);
}

/// Templates see the answer's length, the move's name, and a separator between moves.
#[test]
fn templates_show_length_names_and_separators() {
    let spec = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/mayan.puz")).unwrap();
    let spec = spec.replace(
        "print \"{if solved}{each move}{x} {y} {d}\\n{end}{else}-1\\n{end}\"",
        "print \"{length}: {each move}{move}({x},{y},{d}){between}, {end}\\n\"",
    );
    assert!(spec.contains("{length}"));
    let path = std::env::temp_dir().join(format!("puzc-{}-template.puz", std::process::id()));
    std::fs::write(&path, spec).unwrap();
    let (code, out, err) = puzc_err(&["solve", path.to_str().unwrap()]);
    let (code2, all, _) = puzc_err(&["solve", path.to_str().unwrap(), "--all"]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!((code, out.as_str(), err.as_str()), (0, "3: shift(2,1,1), shift(3,1,1), shift(3,0,1)\n", ""));
    // `--all` prints puzc's own listing (the template is written for one answer).
    assert_eq!(code2, 0);
    assert!(all.ends_with("\n8 solutions\n"), "{all}");
}

/// Flags that do nothing for a played puzzle are refused, not ignored.
#[test]
fn flags_that_do_not_apply_are_refused() {
    let cases: [(&[&str], &str); 5] = [
        (&["--threads", "2", "--count"], "--threads"),
        (&["--max-options", "10"], "--max-options"),
        (&["--trace", "--count"], "--trace"),
        (&["--limit", "2"], "--limit"),
        (&["--unique", "--limit", "2"], "--limit"),
    ];
    for (flags, word) in cases {
        let mut args = vec!["solve", "puzzles/peg-triangle.puz"];
        args.extend_from_slice(flags);
        let (code, out, err) = puzc_err(&args);
        assert_eq!((code, out.as_str()), (2, ""), "{flags:?}");
        assert!(err.contains(word), "{flags:?}: {err}");
    }
    // And `--trace` on a spec that is not played.
    let (code, _, err) = puzc_err(&["solve", "puzzles/queens.puz", "--trace"]);
    assert_eq!(code, 2);
    assert!(err.contains("--trace"), "{err}");
}

// ---------------------------------------------------------------- arithmetic in effects

/// Lights Out by linear algebra's brute force, written here: every set of presses (a press
/// twice undoes itself, and presses commute), the fewest that turn every light off, and how
/// many sets of that size. puzc counts sequences, so it must find `sets × size!`.
fn lights_out_reference(n: usize, on: &[u8]) -> Option<(usize, u128)> {
    let cross = |p: usize| -> Vec<usize> {
        let (r, c) = ((p / n) as i64, (p % n) as i64);
        [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]
            .iter()
            .map(|(dr, dc)| (r + dr, c + dc))
            .filter(|&(r, c)| (0..n as i64).contains(&r) && (0..n as i64).contains(&c))
            .map(|(r, c)| r as usize * n + c as usize)
            .collect()
    };
    let mut best: Option<(usize, u128)> = None;
    for set in 0u32..1 << (n * n) {
        let mut l = on.to_vec();
        for p in (0..n * n).filter(|p| set >> p & 1 == 1) {
            for q in cross(p) {
                l[q] ^= 1;
            }
        }
        if l.iter().all(|&v| v == 0) {
            let k = set.count_ones() as usize;
            best = match best {
                Some((b, m)) if b == k => Some((b, m + 1)),
                Some((b, m)) if b < k => Some((b, m)),
                _ => Some((k, 1)),
            };
        }
    }
    best.map(|(k, m)| (k, m * (1..=k as u128).product::<u128>()))
}

/// `puzzles/lights-out.puz`: one `press` statement whose effect has its own `for` and
/// computes `1 - lights(...)`; every board size it takes, all lights on and random boards.
#[test]
fn lights_out_against_brute_force() {
    let (code, out) = puzc(&["solve", "puzzles/lights-out.puz"], None);
    // 3×3 all on: the corners and the centre (the reference agrees below).
    assert_eq!((code, out.as_str()), (0, "0 0\n0 2\n1 1\n2 0\n2 2\n"));
    let mut seed = 99u64;
    for n in 1..=4usize {
        for trial in 0..3 {
            let on: Vec<u8> = (0..n * n)
                .map(|_| {
                    seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                    if trial == 0 { 1 } else { (seed >> 40) as u8 & 1 }
                })
                .collect();
            let text: String = format!(
                "{n}\n{}",
                on.chunks(n).map(|r| r.iter().map(|v| v.to_string()).collect::<String>() + "\n").collect::<String>()
            );
            let (code, out) = puzc(&["solve", "puzzles/lights-out.puz", "--instance", "-", "--count"], Some(&text));
            let (code1, first) = puzc(&["solve", "puzzles/lights-out.puz", "--instance", "-"], Some(&text));
            match lights_out_reference(n, &on) {
                Some((k, ways)) => {
                    assert_eq!((code, out), (0, format!("{ways}\n")), "{text}");
                    assert_eq!((code1, moves_of(&first).len()), (0, k), "{text}");
                }
                None => assert_eq!((code, out, code1), (0, "0\n".to_string(), 1), "{text}"),
            }
        }
    }
}

/// `puzzles/water-jugs.puz` (3 and 5 litres, 4 in the big jug: 6 steps, a classic) against
/// a breadth-first search over (small, big) written here, which also counts the shortest
/// step sequences.
#[test]
fn water_jugs_against_bfs() {
    let caps = [3i64, 5];
    let mut layer: HashMap<[i64; 2], u128> = HashMap::from([([0, 0], 1)]);
    let mut seen = std::collections::HashSet::from([[0i64, 0]]);
    let mut steps = 0;
    let ways = loop {
        if let Some(w) = layer.iter().filter(|(s, _)| s[1] == 4).map(|(_, w)| *w).reduce(|a, b| a + b) {
            break w;
        }
        let mut next: HashMap<[i64; 2], u128> = HashMap::new();
        for (s, w) in &layer {
            let mut to = Vec::new();
            for j in 0..2 {
                if s[j] < caps[j] {
                    let mut t = *s;
                    t[j] = caps[j];
                    to.push(t);
                }
                if s[j] > 0 {
                    let mut t = *s;
                    t[j] = 0;
                    to.push(t);
                    let k = 1 - j;
                    if s[k] < caps[k] {
                        let moved = s[j].min(caps[k] - s[k]);
                        let mut t = *s;
                        t[j] -= moved;
                        t[k] += moved;
                        to.push(t);
                    }
                }
            }
            for t in to {
                if !seen.contains(&t) {
                    *next.entry(t).or_default() += w;
                }
            }
        }
        seen.extend(next.keys().copied());
        layer = next;
        steps += 1;
    };
    assert_eq!(steps, 6);
    let (code, out) = puzc(&["solve", "puzzles/water-jugs.puz"], None);
    assert_eq!(code, 0);
    assert_eq!(out.lines().next(), Some("6 steps"));
    assert_eq!(out.lines().count(), 7);
    let (code, out) = puzc(&["solve", "puzzles/water-jugs.puz", "--count"], None);
    assert_eq!((code, out), (0, format!("{ways}\n")));
}
