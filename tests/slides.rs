//! Walls between cells and slides (`walls BOARD ...`, `move ... slides ...`): specs written
//! here against a breadth-first search written here over the same rules.
use crate::common::{Rng, run, scratch, write};
use std::collections::{HashMap, VecDeque};

fn puzc(args: &[&str]) -> (i32, String, String) {
    let r = run(args, None);
    (r.code, r.out, r.err)
}

/// `text` in a fresh scratch file named `name`; its path.
fn write_spec(name: &str, text: &str) -> String {
    write(&scratch("slides"), name, text)
}

const N: usize = 5;
const WAYS: [(i32, i32, u8, u8); 4] = [(-1, 0, 1, 4), (0, 1, 2, 8), (1, 0, 4, 1), (0, -1, 8, 2)];

/// Whether the step from `(r, c)` by `(dr, dc)` stays on the board and crosses no wall; a
/// wall is in the bits of either cell (1 above, 2 right, 4 below, 8 left).
fn open(bits: &[u8], (r, c): (i32, i32), (dr, dc, out, into): (i32, i32, u8, u8)) -> bool {
    let (nr, nc) = (r + dr, c + dc);
    if nr < 0 || nc < 0 || nr >= N as i32 || nc >= N as i32 {
        return false;
    }
    bits[r as usize * N + c as usize] & out == 0 && bits[nr as usize * N + nc as usize] & into == 0
}

/// Fewest moves of a lone robot from the top-left cell to `goal`: unit steps, or straight
/// slides stopping anywhere (`any distance`), breadth-first.
fn reference(bits: &[u8], goal: (i32, i32), far: bool) -> Option<usize> {
    let mut dist = HashMap::from([((0, 0), 0)]);
    let mut todo = VecDeque::from([(0, 0)]);
    while let Some(at) = todo.pop_front() {
        if at == goal {
            return Some(dist[&at]);
        }
        for way in WAYS {
            let mut p = at;
            while open(bits, p, way) {
                p = (p.0 + way.0, p.1 + way.1);
                if !dist.contains_key(&p) {
                    dist.insert(p, dist[&at] + 1);
                    todo.push_back(p);
                }
                if !far {
                    break;
                }
            }
        }
    }
    None
}

fn maze_spec(bits: &[u8], goal: (i32, i32), how: &str) -> String {
    let walls: Vec<String> =
        bits.chunks(N).map(|r| r.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(" ")).collect();
    format!(
        "board maze[{N}, {N}]\npiece robot = \"#\"\ngiven maze = \"R{}\"\nwalls maze = \"{}\"\n\
         move go slides robot {how}\ngoal when maze({}, {}) == robot\nprint \"{{length}}\\n\"\n",
        ".".repeat(N * N - 1),
        walls.join("  "),
        goal.0,
        goal.1
    )
}

/// Random walls (each edge walled with probability 1/3, written on one of its cells or
/// both): puzc's fewest steps and fewest straight slides agree with the search above, and a
/// goal walled off is "no solution" (exit 1).
#[test]
fn walls_block_steps_and_slides_as_a_reference_search_says() {
    let mut rng = Rng::new(0x5eed_0f3a_1100);
    let (mut walled_off, mut longer) = (0, 0);
    for case in 0..12 {
        let mut bits = vec![0u8; N * N];
        for r in 0..N as i32 {
            for c in 0..N as i32 {
                for way in [WAYS[1], WAYS[2]] {
                    if rng.next().is_multiple_of(3) {
                        let (nr, nc) = (r + way.0, c + way.1);
                        if nr >= N as i32 || nc >= N as i32 {
                            continue;
                        }
                        match rng.next() % 3 {
                            0 => bits[r as usize * N + c as usize] |= way.2,
                            1 => bits[nr as usize * N + nc as usize] |= way.3,
                            _ => {
                                bits[r as usize * N + c as usize] |= way.2;
                                bits[nr as usize * N + nc as usize] |= way.3;
                            }
                        }
                    }
                }
            }
        }
        let goal = ((rng.next() % N as u64) as i32, (rng.next() % N as u64) as i32);
        let goal = if goal == (0, 0) { (N as i32 - 1, N as i32 - 1) } else { goal };
        for (how, far) in [("one step", false), ("any distance", true)] {
            let want = reference(&bits, goal, far);
            let path = write_spec(&format!("maze-{case}-{far}.puz"), &maze_spec(&bits, goal, how));
            let (code, out, err) = puzc(&["solve", &path]);
            match want {
                Some(n) => {
                    assert_eq!((code, out.trim()), (0, n.to_string().as_str()), "case {case} {how}: {err}");
                    longer += usize::from(!far && n > (goal.0 + goal.1) as usize);
                }
                None => {
                    assert_eq!(code, 1, "case {case} {how}: the goal is walled off\n{out}{err}");
                    walled_off += 1;
                }
            }
        }
    }
    // The walls mattered: some answers are longer than with no walls.
    assert!(longer > 0, "no maze made a detour ({walled_off} walled off)");
}

/// A position of robots on a square board: the target robot's cell, then the others' cells
/// sorted (they are interchangeable), each as `r * n + c`.
type Robots = (usize, Vec<usize>);

/// Where a robot at `at` stops sliding by `(dr, dc)` on an `n`×`n` board, as the rules of
/// the test say: it moves while the next cell is on the board, not walled off and free of
/// robots. `None` when it does not move at all, or (`edge_stops` false: Lunar Lockout) when
/// it would leave the board or stop at a wall instead of at a robot.
fn slide_end(
    n: usize,
    bits: &[u8],
    taken: &[usize],
    at: usize,
    (dr, dc, out, into): (i32, i32, u8, u8),
    edge_stops: bool,
) -> Option<usize> {
    let (mut r, mut c) = ((at / n) as i32, (at % n) as i32);
    loop {
        let (nr, nc) = (r + dr, c + dc);
        let inside = nr >= 0 && nc >= 0 && nr < n as i32 && nc < n as i32;
        let walled =
            inside && (bits[r as usize * n + c as usize] & out != 0 || bits[nr as usize * n + nc as usize] & into != 0);
        if !inside || walled {
            break;
        }
        if taken.contains(&(nr as usize * n + nc as usize)) {
            let end = r as usize * n + c as usize;
            return (end != at).then_some(end);
        }
        (r, c) = (nr, nc);
    }
    let end = r as usize * n + c as usize;
    (edge_stops && end != at).then_some(end)
}

/// Fewest slides until the target robot stands on `goal`, breadth-first over positions.
fn robots_reference(n: usize, bits: &[u8], start: Robots, goal: usize, edge_stops: bool) -> Option<usize> {
    let mut dist = HashMap::from([(start.clone(), 0)]);
    let mut todo = VecDeque::from([start]);
    while let Some(pos) = todo.pop_front() {
        let d = dist[&pos];
        if pos.0 == goal {
            return Some(d);
        }
        let taken: Vec<usize> = std::iter::once(pos.0).chain(pos.1.iter().copied()).collect();
        for i in 0..taken.len() {
            for way in WAYS {
                let Some(end) = slide_end(n, bits, &taken, taken[i], way, edge_stops) else { continue };
                let mut next = pos.clone();
                if i == 0 {
                    next.0 = end;
                } else {
                    next.1[i - 1] = end;
                    next.1.sort();
                }
                if !dist.contains_key(&next) {
                    dist.insert(next.clone(), d + 1);
                    todo.push_back(next);
                }
            }
        }
    }
    None
}

/// The picture of a position: `X` the target robot, `A`, `B`, ... the others.
fn robots_picture(n: usize, pos: &Robots) -> String {
    let mut cells = vec!['.'; n * n];
    cells[pos.0] = 'X';
    for (i, &c) in pos.1.iter().enumerate() {
        cells[c] = (b'A' + i as u8) as char;
    }
    cells.chunks(n).map(|r| r.iter().collect::<String>() + "\n").collect()
}

/// Random distinct cells for `k` robots on `n * n` cells.
fn random_robots(rng: &mut Rng, n: usize, k: usize) -> Robots {
    let mut cells: Vec<usize> = Vec::new();
    while cells.len() < k {
        let c = (rng.next() % (n * n) as u64) as usize;
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
    let mut others = cells[1..].to_vec();
    others.sort();
    (cells[0], others)
}

/// The moves of an answer: its lines, or `None` for "no solution" (exit 1).
fn answer_length(spec: &str, instance: Option<&str>) -> Option<usize> {
    let mut args = vec!["solve", spec];
    let path;
    if let Some(text) = instance {
        path = write_spec(
            &format!("instance-{:x}.txt", text.bytes().fold(0u64, |h, b| h.wrapping_mul(31) ^ b as u64)),
            text,
        );
        args.extend(["--instance", &path]);
    }
    let (code, out, err) = puzc(&args);
    match code {
        0 => Some(out.lines().count()),
        1 => None,
        _ => panic!("puzc {args:?} exited {code}: {err}"),
    }
}

/// puzzles/lunar-lockout.puz: its own card (CodinGame's example, published shortest 3), the
/// game's card 39 (as github.com/remi-garcia/LunarLockout transcribes it: instances/challenge39.txt),
/// and random grids of 4 to 6 tokens all answer in as many moves as the search above finds,
/// "no solution" included.
#[test]
fn lunar_lockout_answers_as_a_reference_search_says() {
    let spec = "puzzles/lunar-lockout.puz";
    assert_eq!(answer_length(spec, None), Some(3), "the card's published shortest solution");
    let card_39 = (4 * 5 + 4, vec![0, 2, 4, 2 * 5, 4 * 5]);
    let want = robots_reference(5, &[0; 25], card_39.clone(), 12, false);
    assert!(want.is_some_and(|n| n > 3), "card 39 is a hard card: {want:?}");
    assert_eq!(answer_length(spec, Some(&robots_picture(5, &card_39))), want, "card 39");
    let mut rng = Rng::new(0x10a_5eed);
    let (mut solved, mut unsolved) = (0, 0);
    for case in 0..40 {
        let pos = random_robots(&mut rng, 5, 4 + case % 3);
        if pos.0 == 12 {
            continue;
        }
        let want = robots_reference(5, &[0; 25], pos.clone(), 12, false);
        let got = answer_length(spec, Some(&robots_picture(5, &pos)));
        assert_eq!(got, want, "case {case}:\n{}", robots_picture(5, &pos));
        if want.is_some() { solved += 1 } else { unsolved += 1 }
    }
    // Both answers were seen: the cases are not all one kind.
    eprintln!("{solved} solved, {unsolved} unsolved");
    assert!(solved > 3 && unsolved > 3, "{solved} solved, {unsolved} unsolved");
}

/// Ricochet-style rules (`until blocked`: a wall, the edge or another robot stops a robot)
/// on random 6×6 boards with walls and two to three robots: puzc's fewest moves for the
/// robot X to reach a cell agree with the search above; a robot never stops mid-way, and a
/// slide of no length is no move.
#[test]
fn slides_until_blocked_stop_at_walls_edges_and_robots() {
    const M: usize = 6;
    let mut rng = Rng::new(0xb10c_4ed5);
    let mut longer = 0;
    for case in 0..16 {
        let mut bits = vec![0u8; M * M];
        for side in bits.iter_mut() {
            if rng.next().is_multiple_of(5) {
                *side |= [1, 2, 4, 8][(rng.next() % 4) as usize];
            }
        }
        let pos = random_robots(&mut rng, M, 2 + case % 2);
        let goal = (rng.next() % (M * M) as u64) as usize;
        if goal == pos.0 {
            continue;
        }
        let want = robots_reference(M, &bits, pos.clone(), goal, true);
        let walls: Vec<String> =
            bits.chunks(M).map(|r| r.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(" ")).collect();
        let spec = format!(
            "board table[{M}, {M}]\npiece x = \"X\"\npiece robot = \"#\"\ngiven table from instance\n\
             walls table from instance\nmove go slides any piece until blocked\n\
             goal when table({}, {}) == x\nmoves fewest\ninstance \"\"\"\n{}\n{}\n\"\"\"\n",
            goal / M,
            goal % M,
            robots_picture(M, &pos),
            walls.join("\n")
        );
        let path = write_spec(&format!("ricochet-{case}.puz"), &spec);
        assert_eq!(answer_length(&path, None), want, "case {case}:\n{spec}");
        // A robot that could stop anywhere would need at most 2 slides; stopping only where
        // blocked, some cases need more.
        longer += usize::from(want.is_some_and(|n| n > 2));
    }
    assert!(longer > 0, "no case needed more than two slides");
}

/// The 8×8 board of our own that puzzles/ricochet-robots.puz was before it had the game's
/// board, kept as a test.
const SMALL: &str = "tests/data/ricochet-8x8.puz";

/// The robots and walls of tests/data/ricochet-8x8.puz's instance, read here: the picture
/// (`R` the red robot), then one number of walls per cell.
fn ricochet_instance(text: &str, n: usize) -> (Robots, Vec<u8>) {
    let body = &text[text.find("instance \"\"\"").unwrap() + 12..];
    let body = &body[..body.find("\"\"\"").unwrap()];
    let lines: Vec<&str> = body.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let (mut red, mut others) = (None, Vec::new());
    for (r, line) in lines[..n].iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            match ch {
                'R' => red = Some(r * n + c),
                '.' => {}
                _ => others.push(r * n + c),
            }
        }
    }
    others.sort();
    let bits = lines[n..2 * n].iter().flat_map(|l| l.split_whitespace().map(|w| w.parse::<u8>().unwrap())).collect();
    ((red.unwrap(), others), bits)
}

/// tests/data/ricochet-8x8.puz: the red robot reaches each cell of the board outside the
/// walled-off centre in as few moves as the search above finds (its own target, (2, 0),
/// the farthest at 12); the centre is left out because proving it
/// unreachable means visiting every position (50 s here).
#[test]
fn ricochet_robots_reaches_every_target_as_a_reference_search_says() {
    let spec = SMALL;
    let text = std::fs::read_to_string(spec).unwrap();
    let (start, bits) = ricochet_instance(&text, 8);
    assert_eq!(bits.len(), 64, "one number of walls per cell");
    let mut longest = (0, 0);
    for goal in (0..64).filter(|g| ![27, 28, 35, 36].contains(g)) {
        let want = robots_reference(8, &bits, start.clone(), goal, true);
        let (tr, tc) = (format!("tr={}", goal / 8), format!("tc={}", goal % 8));
        let (code, out, err) = puzc(&["solve", spec, "--set", &tr, "--set", &tc]);
        let got = match code {
            0 => Some(out.lines().count()),
            1 => None,
            _ => panic!("target {goal}: exit {code}: {err}"),
        };
        assert_eq!(got, want, "target ({}, {})", goal / 8, goal % 8);
        longest = longest.max((want.unwrap_or(0), goal));
    }
    assert_eq!(answer_length(spec, None), robots_reference(8, &bits, start, 2 * 8, true));
    assert_eq!(longest, (12, 2 * 8), "the spec's own target is the farthest one");
}

/// The number of segments of each path in an SVG picture.
fn path_segments(svg: &str) -> Vec<usize> {
    svg.split("<path d=\"").skip(1).map(|p| p[..p.find('"').unwrap()].matches('M').count()).collect()
}

/// The number of walled edges between two cells of an `n`×`n` board (a wall written on both
/// of its cells counts once).
fn inner_walls(n: usize, bits: &[u8]) -> usize {
    (0..n * n)
        .map(|cell| {
            let (r, c) = (cell / n, cell % n);
            let right = c + 1 < n && (bits[cell] & 2 != 0 || bits[cell + 1] & 8 != 0);
            let below = r + 1 < n && (bits[cell] & 4 != 0 || bits[cell + n] & 1 != 0);
            usize::from(right) + usize::from(below)
        })
        .sum()
}

/// `puzc draw` draws the walls with the board's edge, as one heavy path: its segments are
/// the `4n` sides of the board's edge and one per walled edge between two cells, counted
/// here from the walls as the test reads them (the 8×8's numbers, the game board's picture).
#[test]
fn ricochet_robots_picture_draws_its_walls() {
    let (_, small) = ricochet_instance(&std::fs::read_to_string(SMALL).unwrap(), 8);
    let (game, _) = game_board();
    for (spec, n, bits) in [(SMALL, 8, small), (GAME, 16, game)] {
        let walled = inner_walls(n, &bits);
        assert!(walled > 10, "the board has walls: {walled}");
        let (code, svg, err) = puzc(&["draw", spec]);
        assert_eq!(code, 0, "{err}");
        let segments = path_segments(&svg);
        assert!(segments.contains(&(4 * n + walled)), "{spec}: no path of the edge and {walled} walls: {segments:?}");
    }
    // A board without walls draws its edge alone.
    let (_, plain, _) = puzc(&["draw", "puzzles/lunar-lockout.puz"]);
    assert!(path_segments(&plain).contains(&20), "{:?}", path_segments(&plain));
}

/// The game's board: puzzles/ricochet-robots.puz.
const GAME: &str = "puzzles/ricochet-robots.puz";

/// Wall bits (1 above, 2 right, 4 below, 8 left, on both cells of a wall) read here from a
/// picture of `_` and `|`: a first line of `_` above the first row, then a line per row, in
/// which the character before a cell's place is `|` for a wall on its left (the last one, a
/// wall right of the last cell) and the character at its place `_` for a wall below it.
fn read_walls_picture(n: usize, text: &str) -> Vec<u8> {
    let lines: Vec<Vec<char>> = text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.chars().collect()).collect();
    assert_eq!(lines.len(), n + 1, "a line above the board and one per row");
    let mut bits = vec![0u8; n * n];
    let at = |line: &Vec<char>, i: usize| line.get(i).copied().unwrap_or(' ');
    for (c, side) in bits.iter_mut().enumerate().take(n) {
        if at(&lines[0], 2 * c + 1) == '_' {
            *side |= 1;
        }
    }
    for r in 0..n {
        let line = &lines[r + 1];
        for c in 0..=n {
            if at(line, 2 * c) == '|' {
                if c < n {
                    bits[r * n + c] |= 8;
                }
                if c > 0 {
                    bits[r * n + c - 1] |= 2;
                }
            }
        }
        for c in 0..n {
            if at(line, 2 * c + 1) == '_' {
                bits[r * n + c] |= 4;
                if r + 1 < n {
                    bits[(r + 1) * n + c] |= 1;
                }
            }
        }
    }
    bits
}

/// The game board's walls, read from the spec's picture, and the targets its comment lists
/// (the red ones first).
fn game_board() -> (Vec<u8>, Vec<usize>) {
    let text = std::fs::read_to_string(GAME).unwrap();
    let body = &text[text.find("walls table = \"\"\"").unwrap() + 17..];
    let bits = read_walls_picture(16, &body[..body.find("\"\"\"").unwrap()]);
    let comment: String = text.lines().filter(|l| l.starts_with('#')).collect::<Vec<_>>().join(" ");
    let listed = &comment[comment.find("The red targets are").unwrap()..comment.find("An instance").unwrap()];
    let numbers: Vec<usize> =
        listed.split(|ch: char| !ch.is_ascii_digit()).filter(|w| !w.is_empty()).map(|w| w.parse().unwrap()).collect();
    (bits, numbers.chunks(2).map(|p| p[0] * 16 + p[1]).collect())
}

/// Positions on the game board: the target and the robots' picture (`R` red), as the
/// instance file writes them.
fn game_positions(text: &str) -> Vec<(usize, Robots)> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
    lines
        .chunks(17)
        .map(|chunk| {
            let t: Vec<usize> = chunk[0].split_whitespace().map(|w| w.parse().unwrap()).collect();
            let (mut red, mut others) = (None, Vec::new());
            for (r, line) in chunk[1..].iter().enumerate() {
                for (c, ch) in line.chars().enumerate() {
                    match ch {
                        'R' => red = Some(r * 16 + c),
                        '.' => {}
                        _ => others.push(r * 16 + c),
                    }
                }
            }
            others.sort();
            (t[0] * 16 + t[1], (red.unwrap(), others))
        })
        .collect()
}

/// The target (row, column) and picture of a position on the game board.
fn game_instance(goal: usize, pos: &Robots) -> String {
    let picture = robots_picture(16, pos).replace('X', "R");
    format!("{} {}\n{picture}", goal / 16, goal % 16)
}

/// Replays an answer's `piece r c to_r to_c` lines on the game board with the rules of this
/// test: each line moves a robot of that kind that stands there to where a slide of it
/// stops; the red robot ends on the target. The number of moves.
fn replay_game(bits: &[u8], start: &Robots, goal: usize, answer: &str) -> usize {
    let mut pos = start.clone();
    for line in answer.lines() {
        let w: Vec<&str> = line.split_whitespace().collect();
        let n: Vec<usize> = w[1..].iter().map(|x| x.parse().unwrap()).collect();
        let (from, to) = (n[0] * 16 + n[1], n[2] * 16 + n[3]);
        let taken: Vec<usize> = std::iter::once(pos.0).chain(pos.1.iter().copied()).collect();
        let ends: Vec<usize> = WAYS.iter().filter_map(|&way| slide_end(16, bits, &taken, from, way, true)).collect();
        assert!(ends.contains(&to), "{line}: a slide from there stops at {ends:?}");
        match w[0] {
            "red" => {
                assert_eq!(pos.0, from, "{line}: the red robot is not there");
                pos.0 = to;
            }
            "robot" => {
                let i = pos.1.iter().position(|&c| c == from).unwrap_or_else(|| panic!("{line}: no robot there"));
                pos.1[i] = to;
                pos.1.sort();
            }
            other => panic!("{line}: {other} is no piece"),
        }
    }
    assert_eq!(pos.0, goal, "the red robot ends on the target");
    answer.lines().count()
}

/// puzzles/ricochet-robots.puz, the game's board (Fogleman's data of quadrants 1A to 4A):
/// the walls its picture draws have the game's shape — the central 2×2 block walled all
/// round, every target in a corner of two walls, two walls out from each side of the edge
/// in each quadrant — and the eight positions of puzzles/instances/ricochet-16.txt, its own
/// instance and random positions (four robots, a target of any colour) answer in as few
/// moves as a breadth-first search written here finds, the printed moves replayed here.
#[test]
fn ricochet_robots_on_the_game_board_answers_as_a_reference_search_says() {
    let (bits, targets) = game_board();
    let text = std::fs::read_to_string(GAME).unwrap();
    let walled = |cell: usize, side: u8| bits[cell] & side != 0;
    // The central block: walls all round it, none between its cells.
    for (cell, sides) in [(7 * 16 + 7, 1 | 8), (7 * 16 + 8, 1 | 2), (8 * 16 + 7, 4 | 8), (8 * 16 + 8, 2 | 4)] {
        assert_eq!(bits[cell] & 15, sides, "centre cell {cell}");
    }
    // Every target stands in a corner: a wall above or below it and one left or right.
    assert_eq!(targets.len(), 16, "the board's sixteen targets");
    for &t in &targets {
        let vertical = usize::from(walled(t, 1)) + usize::from(walled(t, 4));
        let horizontal = usize::from(walled(t, 2)) + usize::from(walled(t, 8));
        assert_eq!((vertical, horizontal), (1, 1), "target ({}, {}) is in a corner", t / 16, t % 16);
    }
    // Each quadrant has one wall out from each of its two sides on the board's edge: two on
    // each side of the board, one in each half.
    for side in 0..4 {
        let cells: Vec<usize> = (0..16)
            .map(|i| match side {
                0 => i,
                1 => i * 16 + 15,
                2 => 15 * 16 + i,
                _ => i * 16,
            })
            .collect();
        let across = if side % 2 == 0 { 2 } else { 4 };
        let halves: Vec<usize> = cells
            .chunks(8)
            .map(|h| h.iter().filter(|&&c| walled(c, across) && c != *h.last().unwrap()).count())
            .collect();
        assert_eq!(halves, [1, 1], "side {side} of the edge");
    }
    let file = "puzzles/instances/ricochet-16.txt";
    let mut positions = game_positions(&std::fs::read_to_string(file).unwrap());
    assert_eq!(positions.len(), 8, "{file}");
    let own = &text[text.find("instance \"\"\"").unwrap() + 12..];
    positions.extend(game_positions(&own[..own.find("\"\"\"").unwrap()]));
    let mut rng = Rng::new(0x16_b0a2d);
    while positions.len() < 8 + 1 + 6 {
        let pos = random_robots(&mut rng, 16, 4);
        let goal = targets[(rng.next() % 16) as usize];
        let clear = |c: &usize| ![7 * 16 + 7, 7 * 16 + 8, 8 * 16 + 7, 8 * 16 + 8, goal].contains(c);
        if clear(&pos.0) && pos.1.iter().all(clear) {
            positions.push((goal, pos));
        }
    }
    let mut lengths = Vec::new();
    for (i, (goal, pos)) in positions.iter().enumerate() {
        let want = robots_reference(16, &bits, pos.clone(), *goal, true);
        let path = write_spec(&format!("game-{i}.txt"), &game_instance(*goal, pos));
        let (code, out, err) = puzc(&["solve", GAME, "--instance", &path]);
        let got = match code {
            0 => Some(replay_game(&bits, pos, *goal, &out)),
            1 => None,
            _ => panic!("position {i}: exit {code}: {err}"),
        };
        assert_eq!(got, want, "position {i}:\n{}", game_instance(*goal, pos));
        lengths.push(want.unwrap_or(0));
    }
    // The positions are not all easy: some need several moves, and some a move of another robot.
    assert!(lengths.iter().filter(|&&n| n >= 5).count() >= 4, "{lengths:?}");
}

/// Pieces of several cells slide until blocked too: a slide stops when any cell the piece
/// would enter next is taken. On random 4×4 boards (small, so that the unsolvable cases, which
/// visit every position, stay quick) of one lying domino (`D`, its anchor the
/// left cell), one standing domino and two or three single cells, puzc's fewest moves to bring `D` to a
/// cell agree with a breadth-first search written here over the same rules.
#[test]
fn pieces_of_several_cells_stop_where_any_of_their_cells_is_blocked() {
    const K: usize = 4;
    // Kinds: 0 the lying domino D, 1 a standing domino, 2 a single cell; offsets from the anchor.
    let shapes: [&[(i32, i32)]; 3] = [&[(0, 0), (0, 1)], &[(0, 0), (1, 0)], &[(0, 0)]];
    let cells = |kind: usize, at: usize| -> Option<Vec<usize>> {
        (shapes[kind].iter())
            .map(|&(dr, dc)| {
                let (r, c) = ((at / K) as i32 + dr, (at % K) as i32 + dc);
                (r >= 0 && c >= 0 && r < K as i32 && c < K as i32).then_some(r as usize * K + c as usize)
            })
            .collect()
    };
    let fewest = |start: Vec<(usize, usize)>, goal: usize| -> Option<usize> {
        let mut dist = HashMap::from([(start.clone(), 0)]);
        let mut todo = VecDeque::from([start]);
        while let Some(pos) = todo.pop_front() {
            let d = dist[&pos];
            if pos.iter().any(|&(k, a)| k == 0 && a == goal) {
                return Some(d);
            }
            for i in 0..pos.len() {
                let (kind, at) = pos[i];
                let others: Vec<usize> = (pos.iter().enumerate())
                    .filter(|&(j, _)| j != i)
                    .flat_map(|(_, &(k, a))| cells(k, a).unwrap())
                    .collect();
                for (dr, dc) in [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)] {
                    let mut end = at;
                    loop {
                        let (r, c) = ((end / K) as i32 + dr, (end % K) as i32 + dc);
                        if r < 0 || c < 0 || r >= K as i32 || c >= K as i32 {
                            break;
                        }
                        let next = r as usize * K + c as usize;
                        match cells(kind, next) {
                            Some(cs) if cs.iter().all(|x| !others.contains(x)) => end = next,
                            _ => break,
                        }
                    }
                    if end == at {
                        continue;
                    }
                    let mut next = pos.clone();
                    next[i] = (kind, end);
                    next.sort();
                    if !dist.contains_key(&next) {
                        dist.insert(next.clone(), d + 1);
                        todo.push_back(next);
                    }
                }
            }
        }
        None
    };
    let mut rng = Rng::new(0xd0d0_5eed);
    let (mut solved, mut far) = (0, 0);
    for case in 0..16 {
        // Place D, a standing domino and 2 or 3 single cells where they fit.
        let mut taken: Vec<usize> = Vec::new();
        let mut pos: Vec<(usize, usize)> = Vec::new();
        for kind in [0, 1].into_iter().chain(std::iter::repeat_n(2, 2 + case % 2)) {
            loop {
                let at = (rng.next() % (K * K) as u64) as usize;
                if let Some(cs) = cells(kind, at).filter(|cs| cs.iter().all(|x| !taken.contains(x))) {
                    taken.extend(cs);
                    pos.push((kind, at));
                    break;
                }
            }
        }
        pos.sort();
        let goal = (rng.next() % (K * K) as u64) as usize;
        let want = fewest(pos.clone(), goal);
        let mut picture = ['.'; K * K];
        for (i, &(kind, at)) in pos.iter().enumerate() {
            let letter = if kind == 0 { 'D' } else { (b'e' + i as u8) as char };
            for x in cells(kind, at).unwrap() {
                picture[x] = letter;
            }
        }
        let rows: Vec<String> = picture.chunks(K).map(|r| r.iter().collect()).collect();
        let spec = format!(
            "board b[{K}, {K}]\npiece d = \"DD\"\npiece tall = \"#/#\"\npiece one = \"#\"\ngiven b from instance\n\
             move go slides any piece until blocked\ngoal when b({}, {}) == d\nmoves fewest\n\
             instance \"\"\"\n{}\n\"\"\"\n",
            goal / K,
            goal % K,
            rows.join("\n")
        );
        let path = write_spec(&format!("dominoes-{case}.puz"), &spec);
        assert_eq!(answer_length(&path, None), want, "case {case}:\n{spec}");
        solved += usize::from(want.is_some());
        far += usize::from(want.is_some_and(|n| n > 2));
    }
    assert!(solved > 4 && far > 0, "{solved} solved, {far} longer than 2 moves");
}

/// A picture of walls drawn with `_` and `|` (two characters a cell, the right edge last),
/// written here from wall bits.
fn walls_picture(n: usize, bits: &[u8]) -> String {
    let mut lines = vec![(0..n).map(|c| if bits[c] & 1 != 0 { " _" } else { "  " }).collect::<String>()];
    for r in 0..n {
        let mut line = String::new();
        for c in 0..n {
            line.push(if bits[r * n + c] & 8 != 0 { '|' } else { ' ' });
            line.push(if bits[r * n + c] & 4 != 0 { '_' } else { ' ' });
        }
        line.push(if bits[r * n + n - 1] & 2 != 0 { '|' } else { ' ' });
        lines.push(line);
    }
    lines.join("\n")
}

/// Walls drawn with `_` and `|` read as the same walls given as numbers: on random 6×6
/// boards framed by walls, the compiled moves are the same both ways, and the robots' fewest
/// slides are the search's above.
#[test]
fn walls_drawn_with_bars_and_underscores_are_the_walls_of_their_numbers() {
    const M: usize = 6;
    let mut rng = Rng::new(0x3a11_5d0e);
    for case in 0..12 {
        let mut bits = vec![0u8; M * M];
        for (i, side) in bits.iter_mut().enumerate() {
            let (r, c) = (i / M, i % M);
            if rng.next().is_multiple_of(4) {
                *side |= [1, 2, 4, 8][(rng.next() % 4) as usize];
            }
            *side |= u8::from(r == 0) | u8::from(c == M - 1) << 1 | u8::from(r == M - 1) << 2 | u8::from(c == 0) << 3;
        }
        // Both sides of every wall, as puzc reads a wall written on one.
        for i in 0..M * M {
            let (r, c) = (i / M, i % M);
            if bits[i] & 2 != 0 && c + 1 < M {
                bits[i + 1] |= 8;
            }
            if bits[i] & 8 != 0 && c > 0 {
                bits[i - 1] |= 2;
            }
            if bits[i] & 4 != 0 && r + 1 < M {
                bits[i + M] |= 1;
            }
            if bits[i] & 1 != 0 && r > 0 {
                bits[i - M] |= 4;
            }
        }
        let pos = random_robots(&mut rng, M, 2);
        let goal = (rng.next() % (M * M) as u64) as usize;
        if goal == pos.0 {
            continue;
        }
        let numbers: Vec<String> =
            bits.chunks(M).map(|r| r.iter().map(|b| b.to_string()).collect::<Vec<_>>().join(" ")).collect();
        let spec = |walls: &str| {
            format!(
                "board table[{M}, {M}]\npiece x = \"X\"\npiece robot = \"#\"\ngiven table from instance\n\
                 walls table from instance\nmove go slides any piece until blocked\n\
                 goal when table({}, {}) == x\nmoves fewest\ninstance \"\"\"\n{}\n\n{walls}\n\"\"\"\n",
                goal / M,
                goal % M,
                robots_picture(M, &pos),
            )
        };
        let by_numbers = write_spec(&format!("walls-numbers-{case}.puz"), &spec(&numbers.join("\n")));
        let picture = walls_picture(M, &bits);
        let by_picture = write_spec(&format!("walls-picture-{case}.puz"), &spec(&picture));
        let (code, a, err) = puzc(&["compile", &by_numbers, "--emit", "moves"]);
        assert_eq!(code, 0, "{err}");
        let (code, b, err) = puzc(&["compile", &by_picture, "--emit", "moves"]);
        assert_eq!(code, 0, "case {case}:\n{picture}\n{err}");
        assert_eq!(a, b, "case {case}:\n{picture}");
        let want = robots_reference(M, &bits, pos.clone(), goal, true);
        assert_eq!(answer_length(&by_picture, None), want, "case {case}:\n{picture}");
    }
}

/// A picture of walls with a character that is no wall, or a line wider than the board, is
/// error I302 at that character (exit 3).
#[test]
fn a_walls_picture_that_does_not_fit_points_at_the_character() {
    let spec = |walls: &str| {
        format!(
            "board maze[2, 2]\npiece robot = \"#\"\ngiven maze from instance\nwalls maze from instance\n\
             move go slides robot one step\ngoal when maze(1, 1) == robot\ninstance \"\"\"\nR.\n..\n\n{walls}\n\"\"\"\n"
        )
    };
    for (walls, bad) in
        [(" _ _\n|  x|\n|_ _|", "`x` is not a wall here"), (" _ _\n|   |_|\n|_ _|", "wider than its 2 cells")]
    {
        let path = write_spec("walls-bad.puz", &spec(walls));
        let (code, out, err) = puzc(&["solve", &path]);
        assert_eq!(code, 3, "{out}{err}");
        assert!(err.contains("I302") && err.contains(bad), "{err}");
    }
    // The same picture, fitting: a wall right of the top-left cell, so two steps down first.
    let path = write_spec("walls-good.puz", &spec(" _ _\n| | |\n|_ _|"));
    let (code, out, err) = puzc(&["solve", &path]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().next(), Some("robot 0 0 1 0"), "{out}");
}
