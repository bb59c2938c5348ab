//! Played puzzles with move costs and sliding pieces: the shipped Sokoban, Klotski and Rush
//! Hour specs against reference searches written here (and published figures, where named).
use std::collections::{BTreeSet, BinaryHeap, HashMap, HashSet, VecDeque};
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

/// A level in the XSB text form as puzc's spec reads it (`#` wall, `@` player, `+` player on
/// a goal, `$` box, `*` box on a goal, `.` goal, `-` floor), read here on its own.
type Soko = ((i32, i32), BTreeSet<(i32, i32)>);
type Cells = HashSet<(i32, i32)>;

struct Level {
    walls: Cells,
    goals: Cells,
    start: Soko,
}

fn xsb(rows: &[&str]) -> Level {
    let (mut walls, mut goals, mut boxes, mut player) = (HashSet::new(), HashSet::new(), BTreeSet::new(), None);
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let at = (r as i32, c as i32);
            if ch == '#' {
                walls.insert(at);
            }
            if matches!(ch, '.' | '*' | '+') {
                goals.insert(at);
            }
            if matches!(ch, '$' | '*') {
                boxes.insert(at);
            }
            if matches!(ch, '@' | '+') {
                assert!(player.replace(at).is_none(), "one player");
            }
        }
    }
    Level { walls, goals, start: (player.expect("a player"), boxes) }
}

/// The levels of an instance text: each `rows cols`, then `rows` lines; `#` lines with other
/// words are comments.
fn xsb_levels(text: &str) -> Vec<Level> {
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with("# "));
    let mut out = Vec::new();
    while let Some(size) = lines.next() {
        let rows: usize = size.split_whitespace().next().unwrap().parse().expect(size);
        let level: Vec<&str> = lines.by_ref().take(rows).collect();
        out.push(xsb(&level));
    }
    out
}

/// The level of puzzles/sokoban.puz (its own instance).
fn sokoban_level() -> Level {
    let spec = std::fs::read_to_string(format!("{}/puzzles/sokoban.puz", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let inside = spec.split("instance \"\"\"").nth(1).unwrap().split("\"\"\"").next().unwrap();
    let mut levels = xsb_levels(inside);
    assert_eq!(levels.len(), 1);
    levels.remove(0)
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
fn sokoban_reference(level: &Level, push: u32, walk: u32) -> u32 {
    sokoban_search(level, push, walk).expect("the level has a solution")
}

/// [`sokoban_reference`], `None` when no sequence of moves puts every box on a goal.
fn sokoban_search(level: &Level, push: u32, walk: u32) -> Option<u32> {
    let start = level.start.clone();
    let mut best: HashMap<Soko, u32> = HashMap::from([(start.clone(), 0)]);
    let mut heap = BinaryHeap::from([(std::cmp::Reverse(0u32), start)]);
    while let Some((std::cmp::Reverse(d), s)) = heap.pop() {
        if best[&s] < d {
            continue;
        }
        if s.1.iter().all(|b| level.goals.contains(b)) {
            return Some(d);
        }
        for (next, pushed) in sokoban_steps(&level.walls, &s) {
            let nd = d + if pushed { push } else { walk };
            if best.get(&next).is_none_or(|&old| nd < old) {
                best.insert(next.clone(), nd);
                heap.push((std::cmp::Reverse(nd), next));
            }
        }
    }
    None
}

/// Replays puzc's answer (a first line, then `step|push r c dr dc` lines in the level's own
/// coordinates) on the level; returns (pushes, moves) and checks every box ends on a goal.
fn sokoban_replay(level: &Level, out: &str) -> (u32, u32) {
    let mut s = level.start.clone();
    let (mut pushes, mut moves) = (0, 0);
    for line in out.lines().skip(1) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let n: Vec<i32> = w[1..].iter().map(|x| x.parse().unwrap()).collect();
        assert_eq!((n[0], n[1]), s.0, "the move starts where the player is not: {line}");
        let to = (s.0.0 + n[2], s.0.1 + n[3]);
        let (next, pushed) = sokoban_steps(&level.walls, &s).into_iter().find(|(t, _)| t.0 == to).expect(line);
        assert_eq!(pushed, w[0] == "push", "{line}");
        pushes += u32::from(pushed);
        moves += 1;
        s = next;
    }
    assert!(s.1.iter().all(|b| level.goals.contains(b)), "not every box is on a goal");
    (pushes, moves)
}

/// puzc's answer for a level checked against the reference: the fewest pushes, and among
/// those the fewest moves (a tie-break puzc promises: the least cost at 1000 a push and 1 a
/// step); returns the pushes.
fn check_fewest_pushes(level: &Level, out: &str) -> u32 {
    let pushes = sokoban_reference(level, 1, 0);
    let walks_too = sokoban_reference(level, 1000, 1);
    let (p, m) = sokoban_replay(level, out);
    assert_eq!(p, pushes, "{out}");
    assert_eq!(m + 1000 * p - p, walks_too, "{out}");
    assert_eq!(out.lines().next().unwrap(), format!("cost {pushes}, {m} moves"));
    pushes
}

#[test]
fn sokoban_fewest_pushes_and_fewest_moves_against_dijkstra() {
    let level = sokoban_level();
    let moves = sokoban_reference(&level, 1, 1);
    let (code, out, err) = puzc(&["solve", "puzzles/sokoban.puz"]);
    assert_eq!(code, 0, "{err}");
    let pushes = check_fewest_pushes(&level, &out);
    assert!(pushes < moves);

    let (code, out, err) = puzc(&["solve", "puzzles/sokoban.puz", "--set", "walk=1"]);
    assert_eq!(code, 0, "{err}");
    let (_, m) = sokoban_replay(&level, &out);
    assert_eq!(m, moves);
    assert_eq!(out.lines().next().unwrap(), format!("cost {moves}, {moves} moves"));
}

/// The fewest pushes, by a search written here that differs from [`sokoban_reference`]: over
/// positions of the boxes with the player anywhere in its area (named by the area's first
/// cell), layer by layer of pushes. Fast enough for levels whose positions with the player's
/// exact cell run to millions.
fn fewest_pushes(level: &Level) -> u32 {
    // Cells as numbers on a grid one wider than the level, so that no step wraps round.
    let rows = level.walls.iter().map(|w| w.0).max().unwrap() as usize + 2;
    let cols = level.walls.iter().map(|w| w.1).max().unwrap() as usize + 2;
    let ix = |(r, c): (i32, i32)| r as usize * cols + c as usize;
    let mut wall = vec![true; rows * cols];
    let mut stack = vec![level.start.0];
    let mut inside = HashSet::from([level.start.0]);
    // The level's inside: what the player reaches with the boxes taken away.
    while let Some((r, c)) = stack.pop() {
        wall[ix((r, c))] = false;
        for next in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
            if !level.walls.contains(&next) && inside.insert(next) {
                stack.push(next);
            }
        }
    }
    let goal: HashSet<usize> = level.goals.iter().map(|&g| ix(g)).collect();
    let steps = [cols.wrapping_neg(), cols, usize::MAX, 1];
    let mut mark = vec![0u32; rows * cols];
    let mut stamp = 0;
    // The player's area, as a stamp in `mark`, and its first cell.
    let mut area = |player: usize, boxes: &[usize], mark: &mut Vec<u32>| {
        stamp += 1;
        let mut stack = vec![player];
        mark[player] = stamp;
        let mut first = player;
        while let Some(p) = stack.pop() {
            first = first.min(p);
            for d in steps {
                let q = p.wrapping_add(d);
                if !wall[q] && mark[q] != stamp && !boxes.contains(&q) {
                    mark[q] = stamp;
                    stack.push(q);
                }
            }
        }
        (first, stamp)
    };
    let mut boxes: Vec<usize> = level.start.1.iter().map(|&b| ix(b)).collect();
    boxes.sort();
    let (first, _) = area(ix(level.start.0), &boxes, &mut mark);
    let mut seen = HashSet::from([(first, boxes.clone())]);
    let mut layer = vec![(first, boxes)];
    for pushes in 0.. {
        assert!(!layer.is_empty(), "the level has no solution");
        let mut next = Vec::new();
        for (player, boxes) in &layer {
            if boxes.iter().all(|b| goal.contains(b)) {
                return pushes;
            }
            let (_, here) = area(*player, boxes, &mut mark);
            let reach: Vec<bool> = mark.iter().map(|&m| m == here).collect();
            for (i, &b) in boxes.iter().enumerate() {
                for d in steps {
                    let (from, to) = (b.wrapping_sub(d), b.wrapping_add(d));
                    if reach[from] && !wall[to] && !boxes.contains(&to) {
                        let mut moved = boxes.clone();
                        moved[i] = to;
                        moved.sort();
                        let (first, _) = area(b, &moved, &mut mark);
                        if seen.insert((first, moved.clone())) {
                            next.push((first, moved));
                        }
                    }
                }
            }
        }
        layer = next;
    }
    unreachable!()
}

/// The 19 Microban levels (David W. Skinner) of puzzles/instances/microban.txt, written in the
/// XSB form level collections publish (`.` a goal, `*` a box on it, `+` the player on it), are
/// read as they are and each solved in the fewest pushes the reference searches find: the
/// first 13 against [`sokoban_reference`] (fewest pushes, then fewest moves), the six hard
/// ones (36, 78, 97, 108, 113, 155) against [`fewest_pushes`].
#[test]
fn microban_levels_read_as_published_and_solve_in_the_fewest_pushes() {
    let text =
        std::fs::read_to_string(format!("{}/puzzles/instances/microban.txt", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let levels = xsb_levels(&text);
    assert_eq!(levels.len(), 19);
    let (code, out, err) = puzc(&["solve", "puzzles/sokoban.puz", "--instance", "puzzles/instances/microban.txt"]);
    assert_eq!(code, 0, "{err}");
    // Each answer starts with its `cost` line.
    let answers: Vec<String> =
        out.split("cost ").skip(1).map(|a| format!("cost {}", a.trim_start_matches('\n').trim_end())).collect();
    assert_eq!(answers.len(), levels.len(), "{out}");
    let mut pushes: Vec<u32> = levels[..13].iter().zip(&answers).map(|(l, a)| check_fewest_pushes(l, a)).collect();
    for (level, answer) in levels[13..].iter().zip(&answers[13..]) {
        let (p, m) = sokoban_replay(level, answer);
        assert_eq!(p, fewest_pushes(level), "{answer}");
        assert_eq!(answer.lines().next().unwrap(), format!("cost {p}, {m} moves"));
        pushes.push(p);
    }
    // Level 44, `#@$.#`, is one push on sight; the reference searches agree on level 4 (7).
    assert_eq!(pushes[12], 1);
    assert_eq!(fewest_pushes(&levels[3]), pushes[3]);
}

// ---------------------------------------------------------------------------------------------
// Sokoban: dead cells (docs/moves.md, "Dead cells").

/// A random closed level: walls round the edge and at random inside, the floor in one piece,
/// `k` boxes and `k` goals (a box may start on a goal), the player on the floor. Its rows.
fn random_level(rng: &mut crate::common::Rng, rows: usize, cols: usize, k: usize) -> Option<Vec<String>> {
    let mut g = vec![vec!['#'; cols]; rows];
    for row in g.iter_mut().take(rows - 1).skip(1) {
        for cell in row.iter_mut().take(cols - 1).skip(1) {
            if rng.below(5) != 0 {
                *cell = '-';
            }
        }
    }
    let floor: Vec<(usize, usize)> =
        (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).filter(|&(r, c)| g[r][c] == '-').collect();
    if floor.len() < 2 * k + 2 {
        return None;
    }
    // One piece of floor.
    let mut seen = HashSet::from([floor[0]]);
    let mut queue = VecDeque::from([floor[0]]);
    while let Some((r, c)) = queue.pop_front() {
        for (nr, nc) in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
            if g[nr][nc] == '-' && seen.insert((nr, nc)) {
                queue.push_back((nr, nc));
            }
        }
    }
    if seen.len() != floor.len() {
        return None;
    }
    let mut cells = floor.clone();
    rng.shuffle(&mut cells);
    let goals = &cells[..k];
    let mut rest = cells[k..].to_vec();
    // Boxes: some on goals (`*`), the others elsewhere.
    let mut boxes: Vec<(usize, usize)> = Vec::new();
    for &goal in goals {
        boxes.push(if rng.below(4) == 0 { goal } else { rest.pop().unwrap() });
    }
    let player = rest.pop().unwrap();
    for &(r, c) in goals {
        g[r][c] = '.';
    }
    for &(r, c) in &boxes {
        g[r][c] = if g[r][c] == '.' { '*' } else { '$' };
    }
    let (r, c) = player;
    g[r][c] = if g[r][c] == '.' { '+' } else { '@' };
    Some(g.into_iter().map(|row| row.into_iter().collect()).collect())
}

/// The dead squares of a level as Sokoban programs compute them, written here: the cells a
/// box can be *pulled* to from a goal (pulled from `b` to `b - d` when `b - d` and `b - 2d` are
/// not walls) are the cells from which some pushes bring it to a goal; among the cells a box
/// of the level can be pushed onto (from its start, each push needing no wall behind or
/// ahead), the others are dead. As `(row, col)`, in reading order.
fn dead_squares(level: &Level) -> Vec<(i32, i32)> {
    let free = |p: (i32, i32)| !level.walls.contains(&p);
    let dirs = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    let mut live: HashSet<(i32, i32)> = level.goals.clone();
    let mut stack: Vec<(i32, i32)> = live.iter().copied().collect();
    while let Some((r, c)) = stack.pop() {
        for (dr, dc) in dirs {
            let (from, player) = ((r - dr, c - dc), (r - 2 * dr, c - 2 * dc));
            if free(from) && free(player) && live.insert(from) {
                stack.push(from);
            }
        }
    }
    let mut reach: HashSet<(i32, i32)> = level.start.1.iter().copied().collect();
    let mut stack: Vec<(i32, i32)> = reach.iter().copied().collect();
    while let Some((r, c)) = stack.pop() {
        for (dr, dc) in dirs {
            let (to, player) = ((r + dr, c + dc), (r - dr, c - dc));
            if free(to) && free(player) && reach.insert(to) {
                stack.push(to);
            }
        }
    }
    let mut dead: Vec<(i32, i32)> = reach.into_iter().filter(|p| !live.contains(p)).collect();
    dead.sort();
    dead
}

/// `dead cells of $: r1c5 r4c1` lines of `--emit moves`, one per level, as cells.
fn emitted_dead_cells(out: &str) -> Vec<Vec<(i32, i32)>> {
    out.split("grid ")
        .skip(1)
        .map(|block| {
            let Some(line) = block.lines().find(|l| l.starts_with("dead cells of $: ")) else { return Vec::new() };
            line["dead cells of $: ".len()..]
                .split(' ')
                .map(|rc| {
                    let (r, c) = rc[1..].split_once('c').unwrap();
                    (r.parse().unwrap(), c.parse().unwrap())
                })
                .collect()
        })
        .collect()
}

/// puzc's dead cells, derived from the spec's compiled push moves and the level's walls, are
/// the dead squares a Sokoban program computes by pulling a box from the goals (written
/// above), on 150 random levels with one box that does not start stuck.
#[test]
fn dead_cells_are_the_squares_no_push_brings_to_a_goal() {
    let mut rng = crate::common::Rng::new(25);
    let mut text = String::new();
    let mut levels = Vec::new();
    while levels.len() < 150 {
        let (rows, cols) = (5 + rng.below(4), 5 + rng.below(5));
        let Some(rows_text) = random_level(&mut rng, rows, cols, 1) else { continue };
        let level = xsb(&rows_text.iter().map(String::as_str).collect::<Vec<_>>());
        // A box stuck from the start: a_box_on_a_dead_cell_at_the_start_is_refused_at_once.
        if dead_squares(&level).iter().any(|b| level.start.1.contains(b)) {
            continue;
        }
        text += &format!("{rows} {cols}\n{}\n\n", rows_text.join("\n"));
        levels.push(level);
    }
    let emitted = compile_dead_cells(&text, "dead-cells");
    assert_eq!(emitted.len(), levels.len());
    let mut some = 0;
    for (i, (level, got)) in levels.iter().zip(&emitted).enumerate() {
        assert_eq!(got, &dead_squares(level), "level {i}:\n{}", text.split("\n\n").nth(i).unwrap());
        some += usize::from(!got.is_empty());
    }
    assert!(some > 100, "only {some} levels have dead cells");
}

/// `--emit moves`'s dead cells of `$` for each level of an instance text.
fn compile_dead_cells(text: &str, name: &str) -> Vec<Vec<(i32, i32)>> {
    let path = variant("puzzles/sokoban.puz", &[], &format!("{name}.puz"));
    let inst = std::path::Path::new(&path).with_file_name(format!("{name}.txt"));
    std::fs::write(&inst, text).unwrap();
    let (code, out, err) = puzc(&["compile", &path, "--instance", inst.to_str().unwrap(), "--emit", "moves"]);
    assert_eq!(code, 0, "{err}");
    emitted_dead_cells(&out)
}

/// With several boxes, a box that can never move is a wall to the others, and puzc finds
/// more dead cells than pulling one box would. Each is checked against the whole space of
/// the level, searched here: in no position reachable from the start from which every box
/// can still be brought onto a goal does a box stand on a dead cell (random levels with two
/// and three boxes).
#[test]
fn no_position_that_can_still_win_has_a_box_on_a_dead_cell() {
    let mut rng = crate::common::Rng::new(7);
    let mut text = String::new();
    let mut levels = Vec::new();
    while levels.len() < 80 {
        let (rows, cols, k) = (5 + rng.below(3), 5 + rng.below(3), 2 + rng.below(2));
        let Some(rows_text) = random_level(&mut rng, rows, cols, k) else { continue };
        text += &format!("{rows} {cols}\n{}\n\n", rows_text.join("\n"));
        levels.push(xsb(&rows_text.iter().map(String::as_str).collect::<Vec<_>>()));
    }
    let emitted = compile_dead_cells(&text, "dead-cells-boxes");
    let (mut winning, mut with_dead) = (0, 0);
    for (i, (level, dead)) in levels.iter().zip(&emitted).enumerate() {
        // Every position reachable from the start, and the moves between them.
        let mut ids: HashMap<Soko, usize> = HashMap::from([(level.start.clone(), 0)]);
        let mut states = vec![level.start.clone()];
        let mut back: Vec<Vec<usize>> = vec![Vec::new()];
        let mut at = 0;
        while at < states.len() {
            for (next, _) in sokoban_steps(&level.walls, &states[at].clone()) {
                let j = *ids.entry(next.clone()).or_insert_with(|| {
                    states.push(next);
                    back.push(Vec::new());
                    states.len() - 1
                });
                back[j].push(at);
            }
            at += 1;
        }
        // Those from which the goal can be reached: backwards from the goal positions.
        let mut wins: Vec<bool> = states.iter().map(|s| s.1.iter().all(|b| level.goals.contains(b))).collect();
        let mut stack: Vec<usize> = (0..states.len()).filter(|&j| wins[j]).collect();
        while let Some(j) = stack.pop() {
            for &p in &back[j] {
                if !wins[p] {
                    wins[p] = true;
                    stack.push(p);
                }
            }
        }
        for (s, _) in states.iter().zip(&wins).filter(|(_, w)| **w) {
            let on = s.1.iter().find(|b| dead.contains(b));
            assert!(
                on.is_none(),
                "level {i}: a winning position has a box on {on:?}\n{}",
                text.split("\n\n").nth(i).unwrap()
            );
            winning += 1;
        }
        with_dead += usize::from(!dead.is_empty());
    }
    assert!(winning > 300 && with_dead > 50, "{winning} winning positions, {with_dead} levels with dead cells");
}

/// Pruning dead cells changes no answer: random levels, solvable or not, each solved in the
/// fewest pushes the reference Dijkstra finds (or refused when it finds none).
#[test]
fn levels_with_dead_cells_solve_as_the_reference_does() {
    let mut rng = crate::common::Rng::new(2025);
    let path = variant("puzzles/sokoban.puz", &[], "dead-cells-solve.puz");
    let inst = std::path::Path::new(&path).with_file_name("dead-cells-one.txt");
    let (mut solved, mut refused) = (0, 0);
    while solved + refused < 60 {
        let (rows, cols, k) = (5 + rng.below(3), 5 + rng.below(3), 1 + rng.below(2));
        let Some(rows_text) = random_level(&mut rng, rows, cols, k) else { continue };
        let level = xsb(&rows_text.iter().map(String::as_str).collect::<Vec<_>>());
        std::fs::write(&inst, format!("{rows} {cols}\n{}\n", rows_text.join("\n"))).unwrap();
        let (code, out, err) = puzc(&["solve", &path, "--instance", inst.to_str().unwrap()]);
        match sokoban_search(&level, 1, 0) {
            Some(_) => {
                assert_eq!(code, 0, "{err}\n{}", rows_text.join("\n"));
                check_fewest_pushes(&level, &out);
                solved += 1;
            }
            None => {
                assert_eq!(code, 1, "{out}{err}\n{}", rows_text.join("\n"));
                refused += 1;
            }
        }
    }
    assert!(solved >= 20 && refused >= 10, "{solved} solved, {refused} refused");
}

/// A box that starts in a corner off the goals: no search, exit 1, and `--stats` names the
/// cell.
#[test]
fn a_box_on_a_dead_cell_at_the_start_is_refused_at_once() {
    let path = variant("puzzles/sokoban.puz", &[], "dead-start.puz");
    let inst = std::path::Path::new(&path).with_file_name("dead-start.txt");
    std::fs::write(&inst, "5 6\n######\n#$-.-#\n#-@--#\n#----#\n######\n").unwrap();
    let (code, out, err) = puzc(&["solve", &path, "--instance", inst.to_str().unwrap(), "--stats"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("proved unsolvable before searching: $ stands in r1c1, a dead cell"), "{err}");
    assert!(err.contains(", 0 nodes,"), "{err}");
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

// ---------------------------------------------------------------------------------------------
// Sliding pieces: a reference sliding-block search written here.

/// A position: the pieces as (shape, top-left row, top-left column), sorted, so pieces of one
/// shape are interchangeable (as in puzc, but written independently of it).
type Pos = Vec<(usize, i32, i32)>;
/// Names a piece's shape from its letter and cells.
type ShapeOf<'a> = dyn Fn(char, &[(i32, i32)]) -> usize + 'a;

/// A sliding-block puzzle: shapes as lists of cell offsets from their top-left cell, which
/// shapes may move in which directions.
struct Blocks {
    rows: i32,
    cols: i32,
    shapes: Vec<Vec<(i32, i32)>>,
    dirs: Vec<Vec<(i32, i32)>>,
}

#[derive(Clone, Copy, PartialEq)]
enum Count {
    Step,
    Line,
    Path,
}

impl Blocks {
    /// Reads a picture: each letter one piece; `shape_of` names its shape from its cells.
    fn read(&self, picture: &[&str], shape_of: &ShapeOf<'_>) -> Pos {
        let mut cells: HashMap<char, Vec<(i32, i32)>> = HashMap::new();
        for (r, row) in picture.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch != '.' {
                    cells.entry(ch).or_default().push((r as i32, c as i32));
                }
            }
        }
        let mut pos: Pos = Vec::new();
        for (ch, cs) in cells {
            let (r0, c0) = (cs.iter().map(|x| x.0).min().unwrap(), cs.iter().map(|x| x.1).min().unwrap());
            let rel: Vec<(i32, i32)> = cs.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
            let s = shape_of(ch, &rel);
            // A letter may hold several 1-cell pieces (walls).
            if self.shapes[s].len() == 1 {
                pos.extend(cs.iter().map(|&(r, c)| (s, r, c)));
            } else {
                pos.push((s, r0, c0));
            }
        }
        pos.sort();
        pos
    }

    /// The cells the pieces other than `skip` cover, one bit per cell (row-major; boards
    /// here have at most 64 cells).
    fn occupied(&self, pos: &Pos, skip: usize) -> u64 {
        let mut occ = 0u64;
        for (i, &(s, r, c)) in pos.iter().enumerate() {
            if i != skip {
                for &(dr, dc) in &self.shapes[s] {
                    occ |= 1 << ((r + dr) * self.cols + c + dc);
                }
            }
        }
        occ
    }

    fn fits(&self, occ: &u64, s: usize, r: i32, c: i32) -> bool {
        self.shapes[s].iter().all(|&(dr, dc)| {
            let (y, x) = (r + dr, c + dc);
            y >= 0 && x >= 0 && y < self.rows && x < self.cols && occ & (1 << (y * self.cols + x)) == 0
        })
    }

    /// Every position one move away.
    fn next(&self, pos: &Pos, count: Count) -> Vec<Pos> {
        let mut out = Vec::new();
        for (i, &(s, r, c)) in pos.iter().enumerate() {
            let occ = self.occupied(pos, i);
            let mut places = Vec::new();
            match count {
                Count::Path => {
                    let mut seen = HashSet::from([(r, c)]);
                    let mut todo = vec![(r, c)];
                    while let Some((y, x)) = todo.pop() {
                        for &(dr, dc) in &self.dirs[s] {
                            let to = (y + dr, x + dc);
                            if self.fits(&occ, s, to.0, to.1) && seen.insert(to) {
                                todo.push(to);
                                places.push(to);
                            }
                        }
                    }
                }
                _ => {
                    for &(dr, dc) in &self.dirs[s] {
                        let mut k = 1;
                        while self.fits(&occ, s, r + k * dr, c + k * dc) {
                            places.push((r + k * dr, c + k * dc));
                            if count == Count::Step {
                                break;
                            }
                            k += 1;
                        }
                    }
                }
            }
            for (y, x) in places {
                let mut p = pos.clone();
                p[i] = (s, y, x);
                p.sort();
                out.push(p);
            }
        }
        out
    }

    /// Breadth-first search layer by layer, with the number of shortest move sequences to
    /// each position (the sum over its parents in the layer before: a move is a piece and
    /// where it goes, so two moves never join the same two positions). Returns the fewest
    /// moves to a position where `done` holds, the number of move sequences of that length
    /// that reach one, and the number of positions seen.
    fn fewest_ways(&self, start: Pos, count: Count, done: &dyn Fn(&Pos) -> bool) -> (usize, u128, usize) {
        let mut dist = HashMap::from([(start.clone(), 0usize)]);
        let mut ways = HashMap::from([(start.clone(), 1u128)]);
        let mut layer = vec![start];
        for d in 0.. {
            let total: u128 = layer.iter().filter(|p| done(p)).map(|p| ways[p]).sum();
            if total > 0 {
                return (d, total, dist.len());
            }
            assert!(!layer.is_empty(), "no solution");
            let mut next = Vec::new();
            for p in &layer {
                let w = ways[p];
                for n in self.next(p, count) {
                    match dist.get(&n) {
                        None => {
                            dist.insert(n.clone(), d + 1);
                            ways.insert(n.clone(), w);
                            next.push(n);
                        }
                        Some(&e) if e == d + 1 => *ways.get_mut(&n).unwrap() += w,
                        _ => {}
                    }
                }
            }
            layer = next;
        }
        unreachable!()
    }

    /// Breadth-first search: the fewest moves to a position where `done` holds, and the
    /// number of positions seen.
    fn fewest(&self, start: Pos, count: Count, done: &dyn Fn(&Pos) -> bool) -> (usize, usize) {
        let mut dist = HashMap::from([(start.clone(), 0usize)]);
        let mut q = VecDeque::from([start]);
        while let Some(p) = q.pop_front() {
            if done(&p) {
                return (dist[&p], dist.len());
            }
            for n in self.next(&p, count) {
                if !dist.contains_key(&n) {
                    dist.insert(n.clone(), dist[&p] + 1);
                    q.push_back(n);
                }
            }
        }
        panic!("no solution");
    }
}

/// Replays puzc's answer (`PIECE r c to R C` lines after a header) move by move with the
/// reference rules and returns the final position.
fn replay(b: &Blocks, mut pos: Pos, out: &str, names: &[&str], count: Count) -> Pos {
    for line in out.lines().skip(1) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let s = names.iter().position(|n| *n == w[0]).unwrap_or_else(|| panic!("unknown piece in {line}"));
        let at: Vec<i32> = [w[1], w[2], w[4], w[5]].iter().map(|x| x.parse().unwrap()).collect();
        let mut moved = pos.clone();
        let i = moved.iter().position(|&p| p == (s, at[0], at[1])).unwrap_or_else(|| panic!("no {line}"));
        moved[i] = (s, at[2], at[3]);
        moved.sort();
        assert!(b.next(&pos, count).contains(&moved), "not one legal move: {line}");
        pos = moved;
    }
    pos
}

const ALL_WAYS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// Klotski's "横刀立马" in the three readings of a move. The published figure is 81 moves
/// when a piece moved along any path counts once (Wikipedia, "Klotski": the minimum for the
/// original layout, verified by computer); all three counts are checked
/// against the breadth-first search above, which also finds the number of positions that
/// identical pieces being interchangeable leaves (about 25 000).
#[test]
fn klotski_in_three_readings_against_a_reference_search() {
    let b = Blocks {
        rows: 5,
        cols: 4,
        // cao 2×2, guan lying 2×1, generals standing 1×2, soldiers.
        shapes: vec![vec![(0, 0), (0, 1), (1, 0), (1, 1)], vec![(0, 0), (0, 1)], vec![(0, 0), (1, 0)], vec![(0, 0)]],
        dirs: vec![ALL_WAYS.to_vec(); 4],
    };
    let names = ["cao", "guan", "general", "soldier"];
    let picture = ["BAAC", "BAAC", "DEEF", "DGHF", "I..J"];
    let shape_of = |_: char, cells: &[(i32, i32)]| b.shapes.iter().position(|s| s == cells).unwrap();
    let start = b.read(&picture, &shape_of);
    let done = |p: &Pos| p.contains(&(0, 3, 1));
    for (reading, count, published) in [(1, Count::Path, Some(81)), (2, Count::Line, None), (3, Count::Step, None)] {
        let (want, ways, seen) = b.fewest_ways(start.clone(), count, &done);
        if let Some(n) = published {
            assert_eq!(want, n, "the reference search disagrees with the published figure");
        }
        assert!((20_000..30_000).contains(&seen), "{seen} positions");
        let (code, out, err) = puzc(&["solve", "puzzles/klotski.puz", "--set", &format!("moves={reading}")]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.lines().next().unwrap(), format!("{want} moves"));
        assert_eq!(out.lines().count(), want + 1);
        assert!(done(&replay(&b, start.clone(), &out, &names, count)));
        // `--count`: the number of shortest move sequences, as the reference counts them.
        let (code, out, err) = puzc(&["solve", "puzzles/klotski.puz", "--set", &format!("moves={reading}"), "--count"]);
        assert_eq!((code, out), (0, format!("{ways}\n")), "{err}");
        if reading == 1 {
            // `--unique`: the first answer (a move a line), and exit 6 when the reference has
            // more than one.
            let (code, out, _) = puzc(&["solve", "puzzles/klotski.puz", "--unique"]);
            assert_eq!((code, out.lines().count()), (if ways > 1 { 6 } else { 0 }, want));
        }
    }
}

/// The shipped Rush Hour card against the reference search: vehicles move along their
/// length, any distance, one move; walls never move; solved when the red car's front is in
/// the last column of its row.
#[test]
fn rush_hour_against_a_reference_search() {
    let across = vec![(0, -1), (0, 1)];
    let along = vec![(-1, 0), (1, 0)];
    let b = Blocks {
        rows: 6,
        cols: 6,
        shapes: vec![
            vec![(0, 0), (0, 1)],
            vec![(0, 0)],
            vec![(0, 0), (0, 1)],
            vec![(0, 0), (1, 0)],
            vec![(0, 0), (0, 1), (0, 2)],
            vec![(0, 0), (1, 0), (2, 0)],
        ],
        dirs: vec![across.clone(), vec![], across.clone(), along.clone(), across, along],
    };
    let names = ["red", "wall", "car_h", "car_v", "truck_h", "truck_v"];
    let spec = std::fs::read_to_string(format!("{}/puzzles/rush-hour.puz", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let inst = &spec[spec.find("instance \"\"\"").unwrap() + 12..];
    let picture: Vec<&str> = inst.lines().map(str::trim).filter(|l| l.len() == 6).take(6).collect();
    let shape_of = |ch: char, cells: &[(i32, i32)]| match ch {
        'A' => 0,
        'x' => 1,
        _ => (2..6).find(|&s| b.shapes[s] == cells).unwrap(),
    };
    let start = b.read(&picture, &shape_of);
    let done = |p: &Pos| p.iter().any(|&(s, r, c)| s == 0 && (r, c) == (2, 4));
    let (want, _) = b.fewest(start.clone(), Count::Line, &done);
    assert!(want >= 20, "a hard card: {want} moves");
    let (code, out, err) = puzc(&["solve", "puzzles/rush-hour.puz"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().next().unwrap(), format!("{want} moves"));
    assert!(done(&replay(&b, start, &out, &names, Count::Line)));
}

/// A letter whose cells form no declared piece is an instance error at that letter's first
/// cell; a letter claimed by a piece must be covered by whole copies of it.
#[test]
fn letters_that_form_no_piece_point_at_the_cell() {
    // Two soldiers drawn as one letter: `J` covers two cells apart.
    let spec = variant("puzzles/klotski.puz", &[("I..J", "J..J")], "klotski-bad-letter.puz");
    let (code, _, err) = puzc(&["check", &spec]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("I302") && err.contains("the 2 cells of `J` do not have the shape of any piece"), "{err}");
    assert!(err.contains("klotski-bad-letter.puz:33:1"), "points at the first J: {err}");
    // The red car drawn three cells long.
    let spec = variant("puzzles/rush-hour.puz", &[("JAAL..", "AAAL..")], "rush-bad-red.puz");
    let (code, _, err) = puzc(&["check", &spec]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("the cells of `A` do not form copies of the piece `red`"), "{err}");
    // Pieces on a board with values, and a slide with no pieces at all.
    let spec =
        variant("puzzles/klotski.puz", &[("board tray[5, 4]", "board tray[5, 4] of 'A'..='J'")], "klotski-values.puz");
    let (code, _, err) = puzc(&["check", &spec]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("pieces move on a board without values"), "{err}");
}

/// The answer's moves also come as JSON, with the piece named.
#[test]
fn piece_moves_in_json_and_traces() {
    let (code, out, err) = puzc(&["solve", "puzzles/klotski.puz", "--set", "moves=3", "--format", "json"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"piece\":\"soldier\"") && out.contains("\"to_r\""), "{out}");
    let plain = variant(
        "puzzles/rush-hour.puz",
        &[("print \"{length} moves\\n{each move}{piece} {r} {c} to {to_r} {to_c}\\n{end}\"", "")],
        "rush-plain.puz",
    );
    let (code, out, err) = puzc(&["solve", &plain, "--trace"]);
    assert_eq!(code, 0, "{err}");
    // The start is drawn with each piece's letter (anchors in capitals).
    assert!(out.starts_with("start:\n"), "{out}");
    assert!(out.contains("\nRAar..\n"), "{out}");
}
