//! Guided search of played puzzles (`moves fewest`): the commuting-set search (Lights Out),
//! IDA* under the derived sum-of-distances bound (sliding puzzles), the table's memory
//! budget, and the flags that choose them. Every reference here is written in the test.
use crate::common;
use common::{run, run_ok};

fn moves_of(out: &str) -> Vec<Vec<i64>> {
    out.lines().map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect()).collect()
}

fn next(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
    *seed >> 33
}

/// Lights Out on an n×n board by "chasing the lights", written here: choose the presses of
/// the top row (every one of the 2^n ways); then a light left on in row r can only be put
/// out by the press below it, so every other row is forced; the choice works when the
/// bottom row ends dark. Presses commute and a press twice undoes itself, so these are all
/// the sets of presses that solve the board. Returns the smallest set, lexicographically
/// first among the smallest, as (row, column) pairs in row-major order.
fn chase(n: usize, on: &[u8]) -> Option<Vec<(usize, usize)>> {
    chase_all(n, on).into_iter().next()
}

/// Every set of presses that solves the board, smallest first (then lexicographically).
fn chase_all(n: usize, on: &[u8]) -> Vec<Vec<(usize, usize)>> {
    let mut all: Vec<Vec<(usize, usize)>> = Vec::new();
    for top in 0u32..1 << n {
        let mut l = on.to_vec();
        let mut presses = Vec::new();
        let press = |l: &mut Vec<u8>, r: usize, c: usize| {
            for (dr, dc) in [(0i64, 0i64), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (rr, cc) = (r as i64 + dr, c as i64 + dc);
                if (0..n as i64).contains(&rr) && (0..n as i64).contains(&cc) {
                    l[rr as usize * n + cc as usize] ^= 1;
                }
            }
        };
        for c in (0..n).filter(|c| top >> c & 1 == 1) {
            press(&mut l, 0, c);
            presses.push((0, c));
        }
        for r in 1..n {
            for c in 0..n {
                if l[(r - 1) * n + c] == 1 {
                    press(&mut l, r, c);
                    presses.push((r, c));
                }
            }
        }
        if l.iter().all(|&v| v == 0) {
            presses.sort();
            all.push(presses);
        }
    }
    all.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    all
}

/// 5×5 from all on needs 15 presses (a published figure: e.g. Anderson & Feil, "Turning
/// Lights Out with Linear Algebra", Mathematics Magazine 71, 1998); random 5×5 boards (a
/// quarter of them have no solution) give the presses the chase finds.
#[test]
fn lights_out_five_by_five() {
    let all_on = format!("5\n{}", "11111\n".repeat(5));
    let out = run_ok(&["solve", "puzzles/lights-out.puz", "--instance", "-"], Some(&all_on), 0);
    assert_eq!(moves_of(&out).len(), 15);
    // puzc counts sequences: every ordering of every smallest set.
    let sets = chase_all(5, &[1; 25]);
    let smallest = sets.iter().filter(|s| s.len() == 15).count() as u128;
    let count = run_ok(&["solve", "puzzles/lights-out.puz", "--instance", "-", "--count"], Some(&all_on), 0);
    assert_eq!(count, format!("{}\n", smallest * (1..=15u128).product::<u128>()));
    let mut seed = 5u64;
    for n in [4usize, 5] {
        for trial in 0..8 {
            let on: Vec<u8> = (0..n * n).map(|_| if trial == 0 { 1 } else { (next(&mut seed) & 1) as u8 }).collect();
            let text = format!(
                "{n}\n{}",
                on.chunks(n).map(|r| r.iter().map(|v| v.to_string()).collect::<String>() + "\n").collect::<String>()
            );
            let r = run(&["solve", "puzzles/lights-out.puz", "--instance", "-"], Some(&text));
            match chase(n, &on) {
                Some(presses) => {
                    assert_eq!(r.code, 0, "{text}{}", r.err);
                    let want: Vec<Vec<i64>> = presses.iter().map(|&(r, c)| vec![r as i64, c as i64]).collect();
                    assert_eq!(moves_of(&r.out), want, "{text}");
                }
                None => assert_eq!(r.code, 1, "{text}"),
            }
        }
    }
}

/// A random walk of `steps` blank moves from the solved `side`×`side` board (so the position
/// is solvable), as instance text.
fn sliding_walk(side: usize, steps: usize, seed: &mut u64) -> (Vec<u8>, String) {
    let n = side * side;
    let mut s: Vec<u8> = (1..n as u8).chain([0]).collect();
    for _ in 0..steps {
        let z = s.iter().position(|&v| v == 0).unwrap();
        let (r, c) = (z / side, z % side);
        let mut opts = Vec::new();
        if r > 0 {
            opts.push(z - side);
        }
        if r + 1 < side {
            opts.push(z + side);
        }
        if c > 0 {
            opts.push(z - 1);
        }
        if c + 1 < side {
            opts.push(z + 1);
        }
        let t = opts[next(seed) as usize % opts.len()];
        s.swap(z, t);
    }
    let text = s.chunks(side).map(|row| row.iter().map(|v| format!("{v:x}")).collect::<String>() + "\n").collect();
    (s, text)
}

/// The 8-puzzle under IDA* (the default, with the derived bound) prints exactly what
/// breadth-first search prints: the lexicographically first shortest answer.
#[test]
fn eight_puzzle_ida_equals_breadth_first() {
    let mut seed = 8u64;
    for trial in 0..8 {
        let (_, text) = sliding_walk(3, 10 + 4 * trial, &mut seed);
        let ida = run(&["solve", "puzzles/eight-puzzle.puz", "--instance", "-", "--stats"], Some(&text));
        let bfs = run(&["solve", "puzzles/eight-puzzle.puz", "--instance", "-", "--search", "bfs"], Some(&text));
        assert_eq!((ida.code, bfs.code), (0, 0), "{text}");
        assert!(ida.err.contains("IDA*"), "{}", ida.err);
        assert_eq!(ida.out, bfs.out, "{text}");
    }
    let r = run(&["solve", "puzzles/eight-puzzle.puz", "--search", "ida"], None);
    assert_eq!((r.code, moves_of(&r.out).len()), (0, 31));
}

/// The table grows to `--memory`; past it the search stops with exit 5 and says what to try.
#[test]
fn a_full_table_says_what_to_try() {
    let r = run(&["solve", "puzzles/eight-puzzle.puz", "--search", "bfs", "--memory", "1M"], None);
    assert_eq!(r.code, 5, "{}", r.err);
    assert!(r.err.contains("the table of positions filled up"), "{}", r.err);
    assert!(r.err.contains("--memory") && r.err.contains("--search ida"), "{}", r.err);
    // With room, the same search finishes.
    let r = run(&["solve", "puzzles/eight-puzzle.puz", "--search", "bfs", "--memory", "64M"], None);
    assert_eq!((r.code, moves_of(&r.out).len()), (0, 31), "{}", r.err);
}

#[test]
fn search_flags_that_do_not_apply_are_refused() {
    // No bound for Mayan's `moves exactly`, and no `fewest` to choose a search for.
    let r = run(&["solve", "puzzles/mayan.puz", "--search", "ida"], None);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("--search"), "{}", r.err);
    // Water jugs: `fewest`, but no lower bound can be derived.
    let r = run(&["solve", "puzzles/water-jugs.puz", "--search", "ida"], None);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("lower bound"), "{}", r.err);
    let r = run(&["solve", "puzzles/eight-puzzle.puz", "--search", "ida", "--count"], None);
    assert_eq!(r.code, 2);
    let r = run(&["solve", "puzzles/sudoku9.puz", "--memory", "1G"], None);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("--memory"), "{}", r.err);
    let r = run(&["solve", "puzzles/eight-puzzle.puz", "--memory", "1K"], None);
    assert_eq!(r.code, 2);
}

/// English peg solitaire has some 10^16 solutions: `--all --limit 1` and `--unique` must not
/// count them all first. Each costs at most a few times the nodes of finding the first
/// solution alone (before the fix, `--all --limit 1` ran for more than 25 minutes).
#[test]
fn listing_a_few_solutions_does_not_count_them_all() {
    let first = run(&["solve", "puzzles/peg-solitaire.puz", "--stats"], None);
    assert_eq!(first.code, 0, "{}", first.err);
    let nodes: u64 =
        first.err.split(", ").find_map(|w| w.strip_suffix(" nodes")?.parse().ok()).expect("--stats gives nodes");
    let cap = (4 * nodes).to_string();
    let all = run_ok(&["solve", "puzzles/peg-solitaire.puz", "--all", "--limit", "1", "--max-nodes", &cap], None, 0);
    assert_eq!(all, format!("{}\n1 solution\n", first.out));
    let two = run_ok(&["solve", "puzzles/peg-solitaire.puz", "--all", "--limit", "2", "--max-nodes", &cap], None, 0);
    assert!(two.starts_with(&first.out) && two.ends_with("\n2 solutions\n"), "{two}");
    let count =
        run_ok(&["solve", "puzzles/peg-solitaire.puz", "--count", "--limit", "3", "--max-nodes", &cap], None, 0);
    assert_eq!(count, "3\n");
    let unique = run(&["solve", "puzzles/peg-solitaire.puz", "--unique", "--max-nodes", &cap], None);
    assert_eq!((unique.code, unique.out), (6, first.out));
}

/// `puzzles/fifteen-puzzle.puz` answers with IDA* under the derived pattern databases: the
/// lengths of a breadth-first search written here on positions up to 18 moves deep, and
/// the very moves puzc's own breadth-first search prints (the first shortest answer).
#[test]
fn fifteen_puzzle_against_breadth_first() {
    let spec = "puzzles/fifteen-puzzle.puz";
    let emitted = run_ok(&["compile", spec, "--emit", "moves"], None, 0);
    assert!(emitted.contains("lower bound: additive pattern databases"), "{emitted}");
    let mut seed = 15u64;
    for trial in 0..6 {
        let (s, _) = sliding_walk(4, 8 + 2 * trial, &mut seed);
        let text: String = s.chunks(4).map(|r| r.iter().map(|v| format!("{v:3}")).collect::<String>() + "\n").collect();
        let ida = run(&["solve", spec, "--instance", "-", "--stats"], Some(&text));
        assert_eq!(ida.code, 0, "{text}{}", ida.err);
        assert!(ida.err.contains("IDA*"), "{}", ida.err);
        assert_eq!(moves_of(&ida.out).len(), bfs_sliding(4, &s), "{text}");
        let bfs = run_ok(&["solve", spec, "--instance", "-", "--search", "bfs"], Some(&text), 0);
        assert_eq!(ida.out, bfs, "{text}");
    }
}

/// SameGame's colours-left bound (used with `--search ida`) gives breadth-first search's
/// answer.
#[test]
fn samegame_ida_equals_breadth_first() {
    let bfs = run_ok(&["solve", "puzzles/samegame.puz"], None, 0);
    let ida = run_ok(&["solve", "puzzles/samegame.puz", "--search", "ida"], None, 0);
    assert_eq!(ida, bfs);
}

/// A shipped sliding puzzle with its instance replaced by `rows` (the solved picture with
/// two tiles swapped is unsolvable: one transposition, the blank in place).
fn with_instance(puzzle: &str, rows: &str) -> String {
    let text = std::fs::read_to_string(common::root().join(puzzle)).unwrap();
    let at = text.find("instance \"\"\"").expect("an inline instance");
    common::write(
        &common::scratch("unsolvable"),
        puzzle.rsplit('/').next().unwrap(),
        &format!("{}instance \"\"\"\n{rows}\"\"\"\n", &text[..at]),
    )
}

/// Issue 24: the 15-puzzle with two tiles swapped ran IDA* for ever. The parity invariant
/// the moves keep (derived from the compiled moves, solve/moves/permute.rs) proves it and
/// the 8-puzzle's likewise at once: exit 1, and `--stats` names the invariant. A solvable
/// position still solves (one slide from the goal: 1 move).
#[test]
fn unsolvable_sliding_puzzles_are_proved_at_once() {
    for (puzzle, rows) in [
        ("puzzles/fifteen-puzzle.puz", " 1  2  3  4\n 5  6  7  8\n 9 10 11 12\n13 15 14  0\n"),
        ("puzzles/eight-puzzle.puz", "1 2 3\n4 5 6\n8 7 0\n"),
    ] {
        let path = with_instance(puzzle, rows);
        let started = std::time::Instant::now();
        let r = run(&["solve", &path, "--stats"], None);
        assert_eq!(r.code, 1, "{puzzle}: {}{}", r.out, r.err);
        assert!(started.elapsed().as_secs() < 10, "at once");
        assert!(r.err.contains("proved unsolvable before searching") && r.err.contains("parity"), "{}", r.err);
        assert!(r.err.contains(" 0 nodes"), "no search: {}", r.err);
        assert_eq!(run_ok(&["solve", &path, "--count"], None, 0), "0\n");
    }
    let near = with_instance("puzzles/eight-puzzle.puz", "1 2 3\n4 5 6\n7 0 8\n");
    let r = run(&["solve", &near, "--stats"], None);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.out.lines().count(), 1, "{}", r.out);
    assert!(!r.err.contains("proved unsolvable"), "{}", r.err);
}

/// The answers' lengths, one per instance, from `--format json`.
fn lengths_of(json: &str) -> Vec<usize> {
    json.lines()
        .map(|l| {
            let at = l.find("\"length\":").expect("a length") + 9;
            l[at..].split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap()
        })
        .collect()
}

/// Issue 25: the 8-puzzle's pattern database is one group of all eight tiles, an exact
/// table: every length from 0 to 31 comes out as a breadth-first search of the whole puzzle
/// written here says (181 440 positions; five positions of each length, both of length 31),
/// all in one process, which builds the table once.
#[test]
fn eight_puzzle_pattern_database_gives_every_optimal_length() {
    use std::collections::{HashMap, VecDeque};
    let goal: Vec<u8> = (1..9).chain([0]).collect();
    let mut dist = HashMap::from([(goal.clone(), 0usize)]);
    let mut order = vec![goal.clone()];
    let mut q = VecDeque::from([goal]);
    while let Some(s) = q.pop_front() {
        let z = s.iter().position(|&v| v == 0).unwrap();
        let (r, c) = (z / 3, z % 3);
        for (t, ok) in [(z.wrapping_sub(3), r > 0), (z + 3, r < 2), (z.wrapping_sub(1), c > 0), (z + 1, c < 2)] {
            if ok {
                let mut n = s.clone();
                n.swap(z, t);
                if !dist.contains_key(&n) {
                    dist.insert(n.clone(), dist[&s] + 1);
                    order.push(n.clone());
                    q.push_back(n);
                }
            }
        }
    }
    assert_eq!(dist.len(), 181_440);
    let mut seed = 31u64;
    let mut picked: Vec<(&Vec<u8>, usize)> = Vec::new();
    for d in 0..=31 {
        let at: Vec<&Vec<u8>> = order.iter().filter(|s| dist[*s] == d).collect();
        for _ in 0..5.min(at.len()) {
            picked.push((at[next(&mut seed) as usize % at.len()], d));
        }
        if d == 31 {
            assert_eq!(at.len(), 2, "the two hardest positions");
            picked.extend(at.iter().map(|s| (*s, d)));
        }
    }
    let text: String = picked
        .iter()
        .map(|(s, _)| {
            s.chunks(3).map(|r| r.iter().map(|v| format!("{v} ")).collect::<String>() + "\n").collect::<String>()
        })
        .collect();
    let r = run(&["solve", "puzzles/eight-puzzle.puz", "--instance", "-", "--format", "json", "--stats"], Some(&text));
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.err.contains("instance 1: pattern databases 8 (362880 entries), built in"), "{}", r.err);
    assert!(
        r.err.contains("instance 2: pattern databases 8 (362880 entries), kept from an earlier instance"),
        "{}",
        r.err
    );
    let want: Vec<usize> = picked.iter().map(|&(_, d)| d).collect();
    assert_eq!(lengths_of(&r.out), want);
}

/// Korf's 100 random 15-puzzle instances (bench/data/korf100.txt, with the optimal lengths
/// published in Korf 1985), in puzzles/fifteen-puzzle.puz's convention: a half turn of the
/// board and v → 16 − v (the moves correspond, so the lengths are the same).
fn korf(number: usize) -> (String, usize) {
    let text = std::fs::read_to_string(common::root().join("bench/data/korf100.txt")).unwrap();
    let line = text.lines().filter(|l| !l.starts_with('#')).nth(number - 1).unwrap();
    let w: Vec<usize> = line.split_whitespace().map(|x| x.parse().unwrap()).collect();
    assert_eq!(w[0], number);
    let cells: Vec<usize> = (0..16).map(|c| w[2 + 15 - c]).map(|v| if v == 0 { 0 } else { 16 - v }).collect();
    (cells.chunks(4).map(|r| r.iter().map(|v| format!("{v:3}")).collect::<String>() + "\n").collect(), w[1])
}

/// The 15-puzzle's pattern databases (5-5-5, derived) answer the easiest of Korf's instances
/// with their published optimal lengths, and search fewer nodes than the sum of distances
/// alone (`PUZC_PATTERN_ENTRIES=0` turns the tables off) for the same answer.
#[test]
fn fifteen_puzzle_pattern_databases_against_published_lengths() {
    let spec = "puzzles/fifteen-puzzle.puz";
    let emitted = run_ok(&["compile", spec, "--emit", "moves"], None, 0);
    assert!(
        emitted.contains("additive pattern databases of the values {1 2 5 3 6}, {4 8 7 12 11}, {9 10 13 14 15}"),
        "{emitted}"
    );
    let text: String = [79, 55, 42].iter().map(|&k| korf(k).0).collect();
    let want: Vec<usize> = [79, 55, 42].iter().map(|&k| korf(k).1).collect();
    assert_eq!(want, [42, 41, 42], "Korf 1985, table 1");
    let r = run(&["solve", spec, "--instance", "-", "--format", "json", "--stats"], Some(&text));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(lengths_of(&r.out), want);
    let nodes = |err: &str| -> u64 {
        err.lines()
            .find(|l| l.contains("IDA*"))
            .unwrap()
            .split(", ")
            .find_map(|w| w.strip_suffix(" nodes")?.parse().ok())
            .unwrap()
    };
    let with = run(&["solve", spec, "--stats"], None);
    assert!(with.err.contains("pattern databases 5-5-5 (1572480 entries)"), "{}", with.err);
    let o = common::puzc().args(["solve", spec, "--stats"]).env("PUZC_PATTERN_ENTRIES", "0").output().unwrap();
    let (out, err) = (String::from_utf8(o.stdout).unwrap(), String::from_utf8(o.stderr).unwrap());
    assert!(!err.contains("pattern databases"), "{err}");
    assert_eq!(with.out, out, "the same first shortest answer");
    assert!(nodes(&with.err) * 5 < nodes(&err), "{} against {}", with.err, err);
    // Tables that do not fit the memory budget: said, and the distances alone answer.
    let small = run(&["solve", spec, "--stats", "--max-memory", "2M"], None);
    assert_eq!(small.code, 0, "{}", small.err);
    assert!(
        small.err.contains("the pattern databases need 1.5 MiB, more than the memory budget of 2 MiB leaves"),
        "{}",
        small.err
    );
    assert_eq!((small.out, nodes(&small.err)), (out, nodes(&err)));
}

/// Fewest moves of an n×n sliding puzzle by a breadth-first search written here (goal 1..,
/// blank last), for positions a few moves deep.
fn bfs_sliding(side: usize, start: &[u8]) -> usize {
    use std::collections::{HashSet, VecDeque};
    let n = side * side;
    let goal: Vec<u8> = (1..n as u8).chain([0]).collect();
    let mut seen = HashSet::from([start.to_vec()]);
    let mut q = VecDeque::from([(start.to_vec(), 0usize)]);
    while let Some((s, d)) = q.pop_front() {
        if s == goal {
            return d;
        }
        let z = s.iter().position(|&v| v == 0).unwrap();
        let (r, c) = (z / side, z % side);
        let near = [
            (z.wrapping_sub(side), r > 0),
            (z + side, r + 1 < side),
            (z.wrapping_sub(1), c > 0),
            (z + 1, c + 1 < side),
        ];
        for (t, ok) in near {
            if ok {
                let mut m = s.clone();
                m.swap(z, t);
                if seen.insert(m.clone()) {
                    q.push_back((m, d + 1));
                }
            }
        }
    }
    unreachable!("random walks from the goal are solvable")
}

/// puzzles/twenty-four-puzzle.puz: its shipped 75-move instance (the length published with
/// it, in the Nit language's test suite), and random positions of modest depth against a
/// breadth-first search written here, in one process (the tables built once).
#[test]
fn twenty_four_puzzle_against_published_and_breadth_first() {
    let spec = "puzzles/twenty-four-puzzle.puz";
    let r = run(&["solve", spec, "--stats"], None);
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(r.out.lines().count(), 75);
    assert!(r.err.contains("pattern databases 4-4-4-4-4-4 (1821600 entries)"), "{}", r.err);
    let mut seed = 24u64;
    let (mut text, mut want) = (String::new(), Vec::new());
    for trial in 0..4 {
        let (s, _) = sliding_walk(5, 10 + 3 * trial, &mut seed);
        text += &s.chunks(5).map(|r| r.iter().map(|v| format!("{v:3}")).collect::<String>() + "\n").collect::<String>();
        want.push(bfs_sliding(5, &s));
    }
    let r = run(&["solve", spec, "--instance", "-", "--format", "json"], Some(&text));
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(lengths_of(&r.out), want);
}

/// Building the tables watches `--timeout` as the search does: with tables made large
/// (`PUZC_PATTERN_ENTRIES`: groups of five, half a minute to build here) a one-second
/// timeout ends the run at once with exit 5.
#[test]
fn building_pattern_databases_keeps_the_timeout() {
    let started = std::time::Instant::now();
    let o = common::puzc()
        .args(["solve", "puzzles/twenty-four-puzzle.puz", "--timeout", "1"])
        .env("PUZC_PATTERN_ENTRIES", "100000000")
        .output()
        .unwrap();
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(o.status.code(), Some(5), "{err}");
    assert!(err.contains("the --timeout ran out"), "{err}");
    assert!(started.elapsed().as_secs() < 15, "at once");
}
