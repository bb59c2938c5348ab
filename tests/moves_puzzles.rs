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

/// SameGame without column shifts: the fewest clicks, by a breadth-first search written here.
#[test]
fn samegame_fewest_clicks() {
    let start: Vec<u8> = vec![1, 2, 2, 3, 3, 1, 1, 2, 3, 1, 2, 2, 1, 1, 1, 3, 3, 2, 2, 1];
    let (rows, cols) = (4usize, 5usize);
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
    let fall = |g: &mut Vec<u8>| {
        for k in 0..cols {
            let col: Vec<u8> = (0..rows).map(|r| g[r * cols + k]).filter(|&v| v != 0).collect();
            for r in 0..rows {
                let from_bottom = rows - 1 - r;
                g[r * cols + k] = if from_bottom < col.len() { col[col.len() - 1 - from_bottom] } else { 0 };
            }
        }
    };
    let mut dist = HashMap::from([(start.clone(), 0usize)]);
    let mut q = VecDeque::from([start.clone()]);
    let mut best = None;
    while let Some(s) = q.pop_front() {
        if s.iter().all(|&v| v == 0) {
            best = Some(dist[&s]);
            break;
        }
        for c in 0..s.len() {
            if s[c] == 0 {
                continue;
            }
            let grp = group(&s, c);
            if grp.len() < 2 {
                continue;
            }
            let mut n = s.clone();
            for x in grp {
                n[x] = 0;
            }
            fall(&mut n);
            if !dist.contains_key(&n) {
                dist.insert(n.clone(), dist[&s] + 1);
                q.push_back(n);
            }
        }
    }
    let (code, out) = puzc(&["solve", "puzzles/samegame.puz"], None);
    assert_eq!(code, 0);
    assert_eq!(Some(moves_of(&out).len()), best);
}
