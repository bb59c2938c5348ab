//! Positions equal up to a symmetry of the board are one position (`lower/move_symmetry.rs`):
//! the answers with and without it (`PUZC_MOVE_SYMMETRY=0`) are the same, the searches with
//! it visit no more positions, and on small boards the answers are what searches written here
//! find, their moves replayed here.
use crate::common::{Rng, puzc, scratch, write};

/// puzc's stdout, stderr and exit code, with the symmetries on or off.
fn run(args: &[&str], symmetry: bool) -> (String, String, i32) {
    let mut c = puzc();
    c.args(args);
    if !symmetry {
        c.env("PUZC_MOVE_SYMMETRY", "0");
    }
    let o = c.output().expect("puzc runs");
    (
        String::from_utf8_lossy(&o.stdout).into(),
        String::from_utf8_lossy(&o.stderr).into(),
        o.status.code().unwrap_or(-1),
    )
}

/// The `nodes` figure of a `--stats` line.
fn nodes(stats: &str) -> u64 {
    let line = stats.lines().find(|l| l.contains(" nodes")).unwrap_or_else(|| panic!("no stats: {stats}"));
    let before = &line[..line.find(" nodes").unwrap()];
    before.rsplit(' ').next().unwrap().parse().unwrap()
}

/// The order of the group a `--stats` line names, if any.
fn group_order(stats: &str) -> Option<usize> {
    let line = stats.lines().find(|l| l.contains("symmetry group of "))?;
    let rest = &line[line.find("symmetry group of ").unwrap() + 18..];
    rest[..rest.find(':').unwrap()].parse().ok()
}

fn lights_instance(n: usize, on: &[bool]) -> String {
    let rows: Vec<String> = on.chunks(n).map(|r| r.iter().map(|&b| if b { '1' } else { '0' }).collect()).collect();
    format!("{n}\n{}\n", rows.join("\n"))
}

/// The shipped specs whose boards have symmetries the moves keep: the group each has (the
/// English board's eight turns and mirrors, the triangle's six, Mayan's mirror, Flood-It's
/// diagonal from the painted corner, Lunar Lockout's and Lights Out's eight), the same answer
/// with and without it, never more positions with it, and fewer where the start is symmetric.
#[test]
fn answers_are_the_same_with_and_without_symmetry_and_the_search_no_larger() {
    let dir = scratch("move-symmetry");
    let lights4 = write(&dir, "lights4.txt", &lights_instance(4, &[true; 16]));
    let cases: Vec<(Vec<&str>, usize)> = vec![
        (vec!["puzzles/peg-solitaire.puz"], 8),
        (vec!["puzzles/peg-triangle.puz"], 6),
        (vec!["puzzles/mayan.puz"], 2),
        (vec!["puzzles/flood-it.puz"], 2),
        (vec!["puzzles/lunar-lockout.puz"], 8),
        (vec!["puzzles/lights-out.puz", "--search", "bfs"], 8),
        (vec!["puzzles/lights-out.puz", "--search", "bfs", "--instance", &lights4], 8),
    ];
    let mut fewer = Vec::new();
    for (args, order) in cases {
        let args: Vec<&str> = ["solve"].into_iter().chain(args).chain(["--stats"]).collect();
        let (with, with_stats, code) = run(&args, true);
        let (without, without_stats, code0) = run(&args, false);
        assert_eq!((code, code0), (0, 0), "{args:?}: {with_stats}{without_stats}");
        assert_eq!(with, without, "{args:?}: the same answer");
        assert_eq!(group_order(&with_stats), Some(order), "{args:?}: {with_stats}");
        assert_eq!(group_order(&without_stats), None, "{args:?}: {without_stats}");
        let (a, b) = (nodes(&with_stats), nodes(&without_stats));
        assert!(a <= b, "{args:?}: {a} nodes with symmetry, {b} without");
        if a < b {
            fewer.push((args[1].to_string(), a, b));
        }
    }
    // English solitaire's and Lights Out's symmetric starts merge positions.
    assert!(fewer.len() >= 3, "{fewer:?}");
}

/// A board whose fixed cells (walls written as values: no move can change them) are not
/// symmetric has no symmetry the search could use; nor has a goal that is not symmetric.
#[test]
fn fixed_cells_and_goals_that_are_not_symmetric_leave_no_symmetry() {
    for spec in ["puzzles/sokoban.puz", "puzzles/eight-puzzle.puz", "puzzles/ricochet-robots.puz"] {
        let (out, err, code) = run(&["compile", spec, "--emit", "moves"], true);
        assert_eq!(code, 0, "{err}");
        assert!(!out.contains("symmetry group"), "{spec}: {}", out.lines().find(|l| l.contains("symmetry")).unwrap());
    }
    let (out, _, _) = run(&["compile", "puzzles/peg-solitaire.puz", "--emit", "moves"], true);
    assert!(out.contains("symmetry group of 8: the identity, a quarter turn clockwise"), "{out}");
}

/// The fewest presses that turn an `n`×`n` Lights Out board off, by trying every set of
/// presses (each press at most once: presses commute and undo themselves).
fn lights_brute_force(n: usize, on: &[bool]) -> usize {
    let cells = n * n;
    let mut best = usize::MAX;
    for set in 0u32..1 << cells {
        let mut b = on.to_vec();
        for p in (0..cells).filter(|p| set >> p & 1 == 1) {
            press(n, &mut b, p / n, p % n);
        }
        if b.iter().all(|&x| !x) {
            best = best.min(set.count_ones() as usize);
        }
    }
    best
}

fn press(n: usize, b: &mut [bool], r: usize, c: usize) {
    for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)] {
        let (rr, cc) = (r as i64 + dr, c as i64 + dc);
        if rr >= 0 && cc >= 0 && rr < n as i64 && cc < n as i64 {
            b[rr as usize * n + cc as usize] ^= true;
        }
    }
}

/// Lights Out by breadth-first search (`--search bfs`, which keys its table by the board's
/// eight symmetries) on random 3×3 and 4×4 boards, most of them not symmetric: the fewest
/// presses are those of a brute force over every set of presses, and the printed presses,
/// replayed here from the real start, turn the board off (a position merged with its image
/// must still be left by real moves).
#[test]
fn lights_out_breadth_first_with_symmetry_answers_as_a_brute_force_says() {
    let dir = scratch("move-symmetry-lights");
    let mut rng = Rng::new(0x05e1_10a7);
    for case in 0..12 {
        let n = 3 + case % 2;
        let on: Vec<bool> = (0..n * n).map(|_| rng.next() % 2 == 1).collect();
        let path = write(&dir, &format!("lights-{case}.txt"), &lights_instance(n, &on));
        let (out, err, code) = run(&["solve", "puzzles/lights-out.puz", "--search", "bfs", "--instance", &path], true);
        let want = lights_brute_force(n, &on);
        if want == usize::MAX {
            assert_eq!(code, 1, "case {case}: no set of presses works: {out}{err}");
            continue;
        }
        assert_eq!(code, 0, "case {case}: {err}");
        let mut b = on.clone();
        for line in out.lines() {
            let rc: Vec<usize> = line.split_whitespace().map(|w| w.parse().unwrap()).collect();
            press(n, &mut b, rc[0], rc[1]);
        }
        assert!(b.iter().all(|&x| !x), "case {case}: the presses leave lights on:\n{out}");
        assert_eq!(out.lines().count(), want, "case {case}");
        let (plain, _, _) = run(&["solve", "puzzles/lights-out.puz", "--search", "bfs", "--instance", &path], false);
        assert_eq!(out, plain, "case {case}: the same first answer without symmetry");
    }
}

/// Whether pegs on the plus-shaped board (5×5 without its corners) can be jumped down to one
/// peg: a depth-first search over the positions, remembering those that fail.
fn pegs_brute_force(on: &[bool; 25], board: &[bool; 25], failed: &mut std::collections::HashSet<u32>) -> bool {
    let key = on.iter().enumerate().fold(0u32, |k, (i, &b)| k | u32::from(b) << i);
    if key.count_ones() == 1 {
        return true;
    }
    if failed.contains(&key) {
        return false;
    }
    for from in 0..25 {
        for (dr, dc) in [(-1i32, 0i32), (0, 1), (1, 0), (0, -1)] {
            let (r, c) = ((from / 5) as i32, (from % 5) as i32);
            let (r2, c2) = (r + 2 * dr, c + 2 * dc);
            if !(0..5).contains(&r2) || !(0..5).contains(&c2) {
                continue;
            }
            let (over, to) = (((r + dr) * 5 + c + dc) as usize, (r2 * 5 + c2) as usize);
            if on[from] && on[over] && board[to] && !on[to] {
                let mut next = *on;
                (next[from], next[over], next[to]) = (false, false, true);
                if pegs_brute_force(&next, board, failed) {
                    return true;
                }
            }
        }
    }
    failed.insert(key);
    false
}

/// Peg solitaire on a plus-shaped board of 21 holes, whose eight turns and mirrors the moves
/// and the goal (`count 1`) keep, from random starts (depth-first, `moves exactly`, its table of
/// failures keyed by canonical images): solvable exactly when a search written here says so,
/// the same first answer as without symmetry, and the printed jumps replayed here.
#[test]
fn peg_solitaire_depth_first_with_symmetry_answers_as_a_search_here_says() {
    let dir = scratch("move-symmetry-pegs");
    let mut board = [true; 25];
    for corner in [0, 4, 20, 24] {
        board[corner] = false;
    }
    let mut rng = Rng::new(0x9e65_0001);
    let (mut solvable, mut not) = (0, 0);
    for case in 0..24 {
        let mut on = [false; 25];
        for i in 0..25 {
            on[i] = board[i] && !rng.next().is_multiple_of(3);
        }
        let pegs = on.iter().filter(|&&b| b).count();
        if pegs < 2 {
            continue;
        }
        let picture: Vec<String> = (0..5)
            .map(|r| {
                (0..5)
                    .map(|c| {
                        if !board[r * 5 + c] {
                            '.'
                        } else if on[r * 5 + c] {
                            '1'
                        } else {
                            '0'
                        }
                    })
                    .collect()
            })
            .collect();
        let spec = format!(
            "board holes[5, 5] of 0..=1, mask \"\"\"\n.###.\n#####\n#####\n#####\n.###.\n\"\"\"\n\
             given holes from instance\n\
             move jump(r, c, dr, dc) for r in 0..5, c in 0..5, (dr, dc) in [(-1, 0), (0, 1), (1, 0), (0, -1)]\n\
             \x20   when holes(r, c) == 1 and holes(r + dr, c + dc) == 1 and holes(r + 2 * dr, c + 2 * dc) == 0\n\
             \x20   do set (r, c) = 0, set (r + dr, c + dc) = 0, set (r + 2 * dr, c + 2 * dc) = 1\n\
             goal count 1\nmoves exactly {}\ninstance \"\"\"\n{}\n\"\"\"\n",
            pegs - 1,
            picture.join("\n")
        );
        let path = write(&dir, &format!("pegs-{case}.puz"), &spec);
        let (out, err, code) = run(&["solve", &path, "--stats"], true);
        assert!(group_order(&err) == Some(8) || code == 1, "case {case}: {err}");
        let want = pegs_brute_force(&on, &board, &mut Default::default());
        assert_eq!(code, if want { 0 } else { 1 }, "case {case}:\n{spec}\n{out}{err}");
        let (plain, _, _) = run(&["solve", &path], false);
        assert_eq!(out, plain, "case {case}: the same first answer without symmetry");
        if !want {
            not += 1;
            continue;
        }
        solvable += 1;
        let mut b = on;
        for line in out.lines() {
            let w: Vec<i32> = line.split_whitespace().map(|x| x.parse().unwrap()).collect();
            let (r, c, dr, dc) = (w[0], w[1], w[2], w[3]);
            let at = |r: i32, c: i32| (r * 5 + c) as usize;
            assert!(b[at(r, c)] && b[at(r + dr, c + dc)] && !b[at(r + 2 * dr, c + 2 * dc)], "case {case}: {line}");
            (b[at(r, c)], b[at(r + dr, c + dc)], b[at(r + 2 * dr, c + 2 * dc)]) = (false, false, true);
        }
        assert_eq!(b.iter().filter(|&&x| x).count(), 1, "case {case}: one peg left");
    }
    assert!(solvable >= 3 && not >= 3, "{solvable} solvable, {not} not");
}
