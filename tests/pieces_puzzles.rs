//! Played puzzles with move costs and sliding pieces: the shipped Sokoban, Klotski and Rush
//! Hour specs against reference searches written here (and published figures, where named).
use std::collections::{BTreeSet, BinaryHeap, HashMap, HashSet};
use std::process::Command;

fn puzc(args: &[&str]) -> (i32, String, String) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_puzc")).current_dir(env!("CARGO_MANIFEST_DIR")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

/// A spec under target/ with some text replaced (the test's own variant of a shipped spec).
fn variant(spec: &str, replace: &[(&str, &str)], name: &str) -> String {
    let mut text = std::fs::read_to_string(format!("{}/{spec}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    for (from, to) in replace {
        assert!(text.contains(from), "{spec} has no `{from}`");
        text = text.replace(from, to);
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/pieces-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

// ---------------------------------------------------------------------------------------------
// Sokoban: costs.

/// The level of puzzles/sokoban.puz, walls drawn (`#`), targets `x`, boxes `$`, player `@`.
const SOKOBAN: [&str; 6] = ["#######", "#x....#", "#.$$#.#", "#.@.$x#", "#..x..#", "#######"];

type Soko = ((i32, i32), BTreeSet<(i32, i32)>);

fn sokoban_level() -> (HashSet<(i32, i32)>, HashSet<(i32, i32)>, Soko) {
    let (mut walls, mut targets, mut boxes, mut player) = (HashSet::new(), HashSet::new(), BTreeSet::new(), (0, 0));
    for (r, row) in SOKOBAN.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let at = (r as i32, c as i32);
            match ch {
                '#' => {
                    walls.insert(at);
                }
                'x' => {
                    targets.insert(at);
                }
                '$' => {
                    boxes.insert(at);
                }
                '@' => player = at,
                _ => {}
            }
        }
    }
    (walls, targets, (player, boxes))
}

/// The positions one step away: (next, pushed a box).
fn sokoban_steps(walls: &HashSet<(i32, i32)>, s: &Soko) -> Vec<(Soko, bool)> {
    let ((r, c), boxes) = s;
    let mut out = Vec::new();
    for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        let to = (r + dr, c + dc);
        if walls.contains(&to) {
            continue;
        }
        if boxes.contains(&to) {
            let beyond = (r + 2 * dr, c + 2 * dc);
            if walls.contains(&beyond) || boxes.contains(&beyond) {
                continue;
            }
            let mut b = boxes.clone();
            b.remove(&to);
            b.insert(beyond);
            out.push(((to, b), true));
        } else {
            out.push(((to, boxes.clone()), false));
        }
    }
    out
}

/// Dijkstra written here: the least total cost with `push` per push and `walk` per other step.
fn sokoban_reference(push: u32, walk: u32) -> u32 {
    let (walls, targets, start) = sokoban_level();
    let mut best: HashMap<Soko, u32> = HashMap::from([(start.clone(), 0)]);
    let mut heap = BinaryHeap::from([(std::cmp::Reverse(0u32), start)]);
    while let Some((std::cmp::Reverse(d), s)) = heap.pop() {
        if best[&s] < d {
            continue;
        }
        if s.1.iter().all(|b| targets.contains(b)) {
            return d;
        }
        for (next, pushed) in sokoban_steps(&walls, &s) {
            let nd = d + if pushed { push } else { walk };
            if best.get(&next).is_none_or(|&old| nd < old) {
                best.insert(next.clone(), nd);
                heap.push((std::cmp::Reverse(nd), next));
            }
        }
    }
    panic!("the level has no solution");
}

/// Replays puzc's answer (`step|push r c dr dc` lines, board coordinates inside the outer
/// wall) on the level; returns (pushes, moves) and checks every box ends on a target.
fn sokoban_replay(out: &str) -> (u32, u32) {
    let (walls, targets, mut s) = sokoban_level();
    let (mut pushes, mut moves) = (0, 0);
    for line in out.lines().skip(1) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let n: Vec<i32> = w[1..].iter().map(|x| x.parse().unwrap()).collect();
        // The spec's board is the floor inside the wall: row and column 0 there are 1 here.
        assert_eq!((n[0] + 1, n[1] + 1), s.0, "the move starts where the player is not: {line}");
        let to = (s.0.0 + n[2], s.0.1 + n[3]);
        let (next, pushed) = sokoban_steps(&walls, &s).into_iter().find(|(t, _)| t.0 == to).expect(line);
        assert_eq!(pushed, w[0] == "push", "{line}");
        pushes += u32::from(pushed);
        moves += 1;
        s = next;
    }
    assert!(s.1.iter().all(|b| targets.contains(b)), "not every box is on a target");
    (pushes, moves)
}

#[test]
fn sokoban_fewest_pushes_and_fewest_moves_against_dijkstra() {
    let pushes = sokoban_reference(1, 0);
    let moves = sokoban_reference(1, 1);
    // Among the answers with the fewest pushes, the fewest moves (a tie-break puzc promises).
    let walks_too = sokoban_reference(1000, 1);
    assert!(pushes < moves);

    let (code, out, err) = puzc(&["solve", "puzzles/sokoban.puz"]);
    assert_eq!(code, 0, "{err}");
    let (p, m) = sokoban_replay(&out);
    assert_eq!(p, pushes);
    assert_eq!(m as u32 + 1000 * p - p, walks_too);
    assert_eq!(out.lines().next().unwrap(), format!("cost {pushes}, {m} moves"));

    let (code, out, err) = puzc(&["solve", "puzzles/sokoban.puz", "--set", "walk=1"]);
    assert_eq!(code, 0, "{err}");
    let (_, m) = sokoban_replay(&out);
    assert_eq!(m, moves);
    assert_eq!(out.lines().next().unwrap(), format!("cost {moves}, {moves} moves"));
}

#[test]
fn costs_are_refused_where_they_mean_nothing() {
    // Counting cheapest answers is endless with free moves: refused, not ignored.
    for flag in ["--count", "--all", "--unique"] {
        let (code, _, err) = puzc(&["solve", "puzzles/sokoban.puz", flag]);
        assert_eq!(code, 2, "{flag}: {err}");
        assert!(err.contains("costs"), "{err}");
    }
    // A budget that counts moves has no use for costs.
    let spec = variant("puzzles/sokoban.puz", &[("moves fewest", "moves at most 20")], "soko-at-most.puz");
    let (code, _, err) = puzc(&["check", &spec]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("E109") && err.contains("move costs only count with `moves fewest`"), "{err}");
    let spec = variant("puzzles/sokoban.puz", &[("cost walk", "cost walk - 1")], "soko-negative.puz");
    let (code, _, err) = puzc(&["check", &spec]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("a move's cost is 0 to 10000, found -1"), "{err}");
}
