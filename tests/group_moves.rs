//! Effects on several cells at once: `set group` (Flood-It, same-colour fill), checked
//! against breadth-first searches written here over the same rules, with flood fills of
//! their own.
use crate::common::{Rng, run, scratch, write};
use std::collections::{HashMap, VecDeque};

fn puzc(args: &[&str]) -> (i32, String, String) {
    let r = run(args, None);
    (r.code, r.out, r.err)
}

/// `text` in a fresh scratch file named `name`; its path.
fn write_file(name: &str, text: &str) -> String {
    write(&scratch("group"), name, text)
}

/// A board of `rows x cols` values with walls (per cell: 1 above, 2 right, 4 below, 8 left;
/// empty for none).
#[derive(Clone)]
struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<u8>,
    walls: Vec<u8>,
}

impl Board {
    /// The cells of the group at `start`: same value, touching by sides, no wall between.
    fn group(&self, start: usize) -> Vec<usize> {
        let wall = |c: usize, bit: u8| !self.walls.is_empty() && self.walls[c] & bit != 0;
        let mut seen = vec![false; self.cells.len()];
        seen[start] = true;
        let mut todo = vec![start];
        let mut out = vec![];
        while let Some(c) = todo.pop() {
            out.push(c);
            let (r, k) = (c / self.cols, c % self.cols);
            let mut next = vec![];
            if r > 0 && !wall(c, 1) && !wall(c - self.cols, 4) {
                next.push(c - self.cols);
            }
            if r + 1 < self.rows && !wall(c, 4) && !wall(c + self.cols, 1) {
                next.push(c + self.cols);
            }
            if k > 0 && !wall(c, 8) && !wall(c - 1, 2) {
                next.push(c - 1);
            }
            if k + 1 < self.cols && !wall(c, 2) && !wall(c + 1, 8) {
                next.push(c + 1);
            }
            for d in next {
                if !seen[d] && self.cells[d] == self.cells[start] {
                    seen[d] = true;
                    todo.push(d);
                }
            }
        }
        out
    }

    /// The board after painting the group at `cell` with `colour`.
    fn paint(&self, cell: usize, colour: u8) -> Vec<u8> {
        let mut out = self.cells.clone();
        for c in self.group(cell) {
            out[c] = colour;
        }
        out
    }
}

/// Fewest paints (of the top-left group, or with `free` of any cell's group) that make the
/// board one colour, breadth-first; colours are `1..=colours`.
fn fewest(start: &Board, colours: u8, free: bool) -> usize {
    let mut dist = HashMap::from([(start.cells.clone(), 0usize)]);
    let mut todo = VecDeque::from([start.cells.clone()]);
    while let Some(cells) = todo.pop_front() {
        let d = dist[&cells];
        if cells.iter().all(|&v| v == cells[0]) {
            return d;
        }
        let b = Board { cells: cells.clone(), ..start.clone() };
        let at: Vec<usize> = if free { (0..cells.len()).collect() } else { vec![0] };
        for &c in &at {
            for k in 1..=colours {
                if cells[c] != k {
                    let next = b.paint(c, k);
                    if !dist.contains_key(&next) {
                        dist.insert(next.clone(), d + 1);
                        todo.push_back(next);
                    }
                }
            }
        }
    }
    unreachable!("a board can always be painted one colour")
}

fn random_board(rng: &mut Rng, rows: usize, cols: usize, colours: u8, walled: bool) -> Board {
    let cells = (0..rows * cols).map(|_| 1 + rng.below(colours as usize) as u8).collect();
    let mut walls = vec![];
    if walled {
        // Each right and lower side walled with probability 1/4, written on both cells.
        walls = vec![0u8; rows * cols];
        for c in 0..rows * cols {
            if c % cols + 1 < cols && rng.below(4) == 0 {
                walls[c] |= 2;
                walls[c + 1] |= 8;
            }
            if c / cols + 1 < rows && rng.below(4) == 0 {
                walls[c] |= 4;
                walls[c + cols] |= 1;
            }
        }
    }
    Board { rows, cols, cells, walls }
}

fn rows_text(b: &Board, v: &[u8]) -> String {
    v.chunks(b.cols).map(|r| r.iter().map(u8::to_string).collect::<Vec<_>>().join(" ")).collect::<Vec<_>>().join("\n")
}

/// The answer's moves: each line `r c k` (or `k` for the corner's paints).
fn parse_moves(out: &str) -> Vec<Vec<usize>> {
    out.lines().map(|l| l.split_whitespace().map(|w| w.parse().unwrap()).collect()).collect()
}

/// Plays the printed paints on `b` and says whether the board ends one colour.
fn replays_to_one_colour(b: &Board, moves: &[Vec<usize>]) -> bool {
    let mut b = b.clone();
    for m in moves {
        let (cell, k) = match m[..] {
            [k] => (0, k),
            [r, c, k] => (r * b.cols + c, k),
            _ => panic!("unexpected move {m:?}"),
        };
        assert_ne!(b.cells[cell], k as u8, "a paint in the group's own colour changes nothing");
        b.cells = b.paint(cell, k as u8);
    }
    b.cells.iter().all(|&v| v == b.cells[0])
}

#[test]
fn flood_it_shipped_board_takes_the_fewest_paints_a_search_here_finds() {
    let (code, out, err) = puzc(&["solve", "puzzles/flood-it.puz"]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/flood-it.puz")).unwrap();
    let inst = text.split("instance \"\"\"\n").nth(1).unwrap().split("\"\"\"").next().unwrap();
    let mut words = inst.split_whitespace().map(|w| w.parse::<u8>().unwrap());
    let n = words.next().unwrap() as usize;
    let board = Board { rows: n, cols: n, cells: words.collect(), walls: vec![] };
    let moves = parse_moves(&out);
    assert!(replays_to_one_colour(&board, &moves), "the answer does not flood the board:\n{out}");
    assert_eq!(moves.len(), fewest(&board, 6, false), "not the fewest paints");
}

#[test]
fn flood_it_diagonal_board_takes_one_paint_per_colour() {
    // Colour d + 1 on the d-th anti-diagonal: four colours differ from the corner's and each
    // needs its own paint (a paint brings one colour in), and painting 2, 3, 4, 5 in turn
    // floods it, so 4 is the fewest. (github.com/manteuffel723/flood-it-boards shows this
    // board as "solved with 5 moves": it counts one more than the paints.)
    let inst = write_file("flood-3x3.txt", "3\n1 2 3\n2 3 4\n3 4 5\n");
    let (code, out, err) = puzc(&["solve", "puzzles/flood-it.puz", "--instance", &inst]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "2\n3\n4\n5\n");
}

#[test]
fn flood_it_random_boards_match_a_breadth_first_search() {
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15);
    for round in 0..12 {
        let n = 3 + round % 3;
        let b = random_board(&mut rng, n, n, 4, false);
        let inst = write_file("flood-random.txt", &format!("{n}\n{}\n", rows_text(&b, &b.cells)));
        let (code, out, err) = puzc(&["solve", "puzzles/flood-it.puz", "--instance", &inst]);
        assert_eq!(code, 0, "{err}");
        let moves = parse_moves(&out);
        assert!(replays_to_one_colour(&b, &moves), "round {round}: not flooded by\n{out}");
        assert_eq!(moves.len(), fewest(&b, 4, false), "round {round}:\n{}", rows_text(&b, &b.cells));
    }
}

/// Same-colour fill: any cell's group may be painted; with walls, groups stop at them.
fn fill_spec(b: &Board, colours: u8) -> String {
    let walls = if b.walls.is_empty() {
        String::new()
    } else {
        format!("walls g = \"{}\"\n", rows_text(b, &b.walls).replace('\n', "  "))
    };
    format!(
        "board g[{r}, {c}] of 1..={colours}\ngiven g = \"{cells}\"\n{walls}\
         move fill(r, c, k) for r in 0..{r}, c in 0..{c}, k in 1..={colours}\n    when g(r, c) != k\n    do set group (r, c) = k\n\
         goal for r in 0..{r}, c in 0..{c} when g(r, c) == g(0, 0)\nmoves fewest\n",
        r = b.rows,
        c = b.cols,
        cells = rows_text(b, &b.cells).replace('\n', "  "),
    )
}

#[test]
fn same_colour_fill_with_and_without_walls_matches_a_breadth_first_search() {
    let mut rng = Rng::new(0x2545_f491_4f6c_dd1d);
    for round in 0..12 {
        let walled = round % 2 == 1;
        let b = random_board(&mut rng, 3, 3 + round % 2, 3, walled);
        let spec = write_file("fill.puz", &fill_spec(&b, 3));
        let (code, out, err) = puzc(&["solve", &spec]);
        assert_eq!(code, 0, "{err}");
        let moves = parse_moves(&out);
        assert!(replays_to_one_colour(&b, &moves), "round {round}: not one colour after\n{out}");
        assert_eq!(moves.len(), fewest(&b, 3, true), "round {round}:\n{}", fill_spec(&b, 3));
    }
}

#[test]
fn a_wall_splits_a_group_and_no_move_paints_across_it() {
    // Three cells of colour 1 in a row, a wall between the second and the third: painting the
    // left group reaches two cells, so one colour takes two paints (without the wall, one).
    let with = "board g[1, 4] of 1..=2\ngiven g = \"1 1 1 2\"\nwalls g = \"0 2 8 0\"\n\
                move fill(c) for c in 0..4 when g(0, c) == 1 do set group (0, c) = 2\n\
                goal for c in 0..4 when g(0, c) == 2\nmoves fewest\n";
    let (code, out, err) = puzc(&["solve", &write_file("wall.puz", with)]);
    assert_eq!((code, out.as_str()), (0, "0\n2\n"), "{err}");
    let without = with.replace("walls g = \"0 2 8 0\"\n", "");
    let (code, out, err) = puzc(&["solve", &write_file("nowall.puz", &without)]);
    assert_eq!((code, out.as_str()), (0, "0\n"), "{err}");
}

#[test]
fn the_lowered_program_shows_a_group_write() {
    let (code, out, err) = puzc(&["compile", "puzzles/flood-it.puz", "--emit", "moves"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("move 0 paint(1) when r0c0 != 1 do group(r0c0) := 1"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// `reverse CELLS`: pancakes and a turntable.

/// Every arrangement reachable from `start` by the given reversals (each a list of
/// positions whose values are put in the opposite order), with its distance.
fn reversal_distances(start: &[u8], flips: &[Vec<usize>]) -> HashMap<Vec<u8>, usize> {
    let mut dist = HashMap::from([(start.to_vec(), 0usize)]);
    let mut todo = VecDeque::from([start.to_vec()]);
    while let Some(s) = todo.pop_front() {
        let d = dist[&s];
        for f in flips {
            let mut t = s.clone();
            for (i, &p) in f.iter().enumerate() {
                t[p] = s[f[f.len() - 1 - i]];
            }
            if !dist.contains_key(&t) {
                dist.insert(t.clone(), d + 1);
                todo.push_back(t);
            }
        }
    }
    dist
}

fn pancake_flips(n: usize) -> Vec<Vec<usize>> {
    (2..=n).map(|k| (0..k).collect()).collect()
}

#[test]
fn pancakes_shipped_stack_takes_the_fewest_flips_a_search_here_finds() {
    let (code, out, err) = puzc(&["solve", "puzzles/pancakes.puz"]);
    assert_eq!(code, 0, "{err}");
    let start = [3u8, 6, 2, 8, 1, 7, 4, 5];
    // Flips undo themselves, so the distance from the sorted stack is the distance to it.
    let sorted: Vec<u8> = (1..=8).collect();
    let dist = reversal_distances(&sorted, &pancake_flips(8));
    let flips: Vec<usize> = out.lines().map(|l| l.trim().parse().unwrap()).collect();
    assert_eq!(flips.len(), dist[&start[..]], "{out}");
    let mut s = start.to_vec();
    for k in flips {
        s[..k].reverse();
    }
    assert_eq!(s, sorted, "the flips do not sort the stack:\n{out}");
}

/// Every permutation of `1..=n`, in lexicographic order.
fn permutations(n: u8) -> Vec<Vec<u8>> {
    if n == 0 {
        return vec![vec![]];
    }
    let mut out = vec![];
    for p in permutations(n - 1) {
        for at in 0..=p.len() {
            let mut q = p.clone();
            q.insert(at, n);
            out.push(q);
        }
    }
    out.sort();
    out
}

#[test]
fn every_stack_of_five_and_six_takes_the_flips_of_a_search_here_and_the_pancake_number() {
    // The pancake numbers P(5) = 5 and P(6) = 7: the most flips any stack of 5 or 6 needs
    // (OEIS A058986; Gates and Papadimitriou 1979 for the small values).
    let spec = write_file(
        "pancake-cases.puz",
        &format!(
            "import \"{}/puzzles/pancakes.puz\"\ncases counted\nprint \"{{length}}\\n\"\n",
            env!("CARGO_MANIFEST_DIR")
        ),
    );
    for (n, published) in [(5u8, 5usize), (6, 7)] {
        let perms = permutations(n);
        let mut inst = format!("{}\n", perms.len());
        for p in &perms {
            let words: Vec<String> = p.iter().map(u8::to_string).collect();
            inst += &format!("{n}\n{}\n", words.join(" "));
        }
        let inst = write_file(&format!("pancakes-{n}.txt"), &inst);
        let (code, out, err) = puzc(&["solve", &spec, "--instance", &inst]);
        assert_eq!(code, 0, "{err}");
        let got: Vec<usize> = out.lines().map(|l| l.parse().unwrap()).collect();
        let sorted: Vec<u8> = (1..=n).collect();
        let dist = reversal_distances(&sorted, &pancake_flips(n as usize));
        let want: Vec<usize> = perms.iter().map(|p| dist[p]).collect();
        assert_eq!(got, want, "stacks of {n}");
        assert_eq!(got.iter().max(), Some(&published), "P({n})");
    }
}

#[test]
fn a_turntable_reverses_a_segment_that_wraps_round_the_ring() {
    // TopSpin's turntable on a ring of 7: reverse the 4 cells from any place, wrapping from
    // the last cell to the first (the positions are taken `% 7`).
    let n = 7;
    let flips: Vec<Vec<usize>> = (0..n).map(|s| (0..4).map(|i| (s + i) % n).collect()).collect();
    let sorted: Vec<u8> = (1..=n as u8).collect();
    let dist = reversal_distances(&sorted, &flips);
    let mut rng = Rng::new(0x1234_5678_9abc_def1);
    let mut starts: Vec<(&Vec<u8>, &usize)> = dist.iter().collect();
    starts.sort();
    for _ in 0..6 {
        let (start, &d) = starts[rng.below(starts.len())];
        let words: Vec<String> = start.iter().map(u8::to_string).collect();
        let spec = format!(
            "board ring[1, {n}] of 1..={n}\ngiven ring = \"{}\"\n\
             move turn(s) for s in 0..{n} do reverse [(0, (s + i) % {n}) for i in 0..4]\n\
             goal for i in 0..{n} when ring(0, i) == i + 1\nmoves fewest\nprint \"{{length}}\\n\"\n",
            words.join(" ")
        );
        let (code, out, err) = puzc(&["solve", &write_file("turntable.puz", &spec)]);
        assert_eq!((code, out.trim()), (0, d.to_string().as_str()), "{err}\n{spec}");
    }
}

// ---------------------------------------------------------------------------------------------
// Cyclic values: `%` in the arithmetic of moves.

/// Fewest presses of Lights Out with `colours` colours on a 3x3 board: a press adds 1
/// (mod `colours`) to a cell and its neighbours by sides; the goal is every cell 0.
fn lights_fewest(start: &[u8], colours: u8) -> Option<usize> {
    let mut dist = HashMap::from([(start.to_vec(), 0usize)]);
    let mut todo = VecDeque::from([start.to_vec()]);
    while let Some(s) = todo.pop_front() {
        let d = dist[&s];
        if s.iter().all(|&v| v == 0) {
            return Some(d);
        }
        for c in 0..9 {
            let mut t = s.clone();
            let (r, k) = (c / 3, c % 3);
            for (dr, dc) in [(0i32, 0i32), (-1, 0), (1, 0), (0, -1), (0, 1)] {
                let (nr, nc) = (r + dr, k + dc);
                if (0..3).contains(&nr) && (0..3).contains(&nc) {
                    let x = (nr * 3 + nc) as usize;
                    t[x] = (t[x] + 1) % colours;
                }
            }
            if !dist.contains_key(&t) {
                dist.insert(t.clone(), d + 1);
                todo.push_back(t);
            }
        }
    }
    None
}

#[test]
fn lights_out_with_three_colours_matches_a_breadth_first_search() {
    let mut rng = Rng::new(0x0bad_cafe_f00d_1234);
    for round in 0..8 {
        let start: Vec<u8> = (0..9).map(|_| rng.below(3) as u8).collect();
        let words: Vec<String> = start.iter().map(u8::to_string).collect();
        let spec = format!(
            "board lights[3, 3] of 0..=2\ngiven lights = \"{}\"\n\
             move press(r, c) for r in 0..3, c in 0..3\n    do set (r + dr, c + dc) = (lights(r + dr, c + dc) + 1) % 3\n        \
             for (dr, dc) in [(0, 0), (-1, 0), (1, 0), (0, -1), (0, 1)]\n\
             goal empty\nmoves fewest\nprint \"{{if solved}}{{length}}{{else}}none{{end}}\\n\"\n",
            words.join(" ")
        );
        let (code, out, err) = puzc(&["solve", &write_file("lights3.puz", &spec)]);
        let want = lights_fewest(&start, 3).map_or("none".to_string(), |d| d.to_string());
        assert!(code == 0 || code == 1, "{err}");
        assert_eq!(out.trim(), want, "round {round}: {start:?}");
    }
}

#[test]
fn division_and_remainder_are_euclidean_in_moves() {
    // `(x - 1) % 3` steps a colour back: from 0 to 2, never to -1 (which no cell holds).
    let spec = "board b[1, 1] of 0..=2\ngiven b = \"0\"\n\
                move back for k in [0] do set (0, 0) = (b(0, 0) - 1) % 3\n\
                move half for k in [0] do set (0, 0) = b(0, 0) / 2\n\
                goal when b(0, 0) == 1\nmoves fewest\nprint \"{each move}{move} {end}\\n\"\n";
    let (code, out, err) = puzc(&["solve", &write_file("euclid.puz", spec)]);
    // 0 -> 2 (back), 2 -> 1 (half or back; `back` is tried first).
    assert_eq!((code, out.trim()), (0, "back back"), "{err}");
    let (code, out, _) = puzc(&["compile", &write_file("euclid.puz", spec), "--emit", "moves"]);
    assert_eq!(code, 0);
    assert!(out.contains("r0c0 := ((r0c0 - 1) % 3)") && out.contains("r0c0 := (r0c0 / 2)"), "{out}");
}

// ---------------------------------------------------------------------------------------------
// `or`, `not`, `any`, `all` in conditions and goals; comprehensions that read cells.

/// Fewest steps (fill, drain, pour) until some jug holds `target` litres, breadth-first.
fn jugs_fewest(cap: [u8; 2], target: u8) -> Option<usize> {
    let mut dist = HashMap::from([([0u8, 0], 0usize)]);
    let mut todo = VecDeque::from([[0u8, 0]]);
    while let Some(s) = todo.pop_front() {
        let d = dist[&s];
        if s.contains(&target) {
            return Some(d);
        }
        let mut next = vec![];
        for j in 0..2 {
            let k = 1 - j;
            let mut t = s;
            t[j] = cap[j];
            next.push(t);
            let mut t = s;
            t[j] = 0;
            next.push(t);
            let poured = s[j].min(cap[k] - s[k]);
            let mut t = s;
            t[j] -= poured;
            t[k] += poured;
            next.push(t);
        }
        for t in next {
            if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(t) {
                e.insert(d + 1);
                todo.push_back(t);
            }
        }
    }
    None
}

#[test]
fn some_jug_holds_the_target_as_a_search_here_says() {
    for (cap, target) in [([3u8, 5u8], 4u8), ([4, 9], 6), ([2, 7], 1), ([6, 9], 4), ([5, 7], 3)] {
        let spec = format!(
            "let cap = [{}, {}]\ncounter jug[2] in 0..=9 = [0, 0]\n\
             move fill(j) for j in 0..2 when not (jug(j) == cap[j]) do set jug(j) = cap[j]\n\
             move drain(j) for j in 0..2 when jug(j) > 0 or false do set jug(j) = 0\n\
             move pour(j) for (j, k) in [(0, 1), (1, 0)]\n    when all([jug(j) > 0, jug(k) < cap[k]])\n    \
             do set jug(j) = jug(j) - min(jug(j), cap[k] - jug(k)), set jug(k) = min(cap[k], jug(k) + jug(j))\n\
             goal when any([jug(j) == {target} for j in 0..2])\nmoves fewest\n\
             print \"{{if solved}}{{length}}{{else}}none{{end}}\\n\"\n",
            cap[0], cap[1]
        );
        let (code, out, err) = puzc(&["solve", &write_file("jugs.puz", &spec)]);
        assert!(code == 0 || code == 1, "{err}");
        let want = jugs_fewest(cap, target).map_or("none".into(), |d| d.to_string());
        assert_eq!(out.trim(), want, "{cap:?} -> {target}");
    }
}

#[test]
fn the_pancakes_gap_estimate_is_a_comprehension_over_cells_and_guides_ida() {
    // The shipped spec's estimate counts adjacent pancakes that are not neighbours in size:
    // a flip changes one adjacency, so it never overestimates; the stacks' test above checks
    // every answer of 5 and 6 under it.
    let (code, out, err) = puzc(&["solve", "puzzles/pancakes.puz", "--stats"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("IDA*"), "{err}");
    assert_eq!(out.lines().count(), 7, "{out}");
    let (code, out, _) = puzc(&["compile", "puzzles/pancakes.puz", "--emit", "moves"]);
    assert_eq!(code, 0);
    assert!(out.contains("lower bound: the spec's estimate"), "{out}");
}

#[test]
fn a_comprehension_leaves_out_elements_off_the_board() {
    // A move that needs some neighbour of a cell to hold 1: at the edges the neighbour off
    // the board is left out, so the corner cell (0, 0) is a move (its right neighbour is 1).
    let spec = "board b[1, 3] of 0..=1\ngiven b = \"0 1 0\"\n\
                move light(c) for c in 0..3\n    when b(0, c) == 0 and any([b(0, c + d) == 1 for d in [-1, 1]])\n    do set (0, c) = 1\n\
                goal count 2\nmoves fewest\n";
    let (code, out, err) = puzc(&["solve", &write_file("edge.puz", spec)]);
    assert_eq!((code, out.as_str()), (0, "0\n"), "{err}");
}

#[test]
fn a_guard_on_numbers_decides_or_before_a_cell_off_the_board_is_read() {
    // `i == 3 or b(0, i + 1) == 0` at i = 3: the guard holds, so the read off the board is
    // never made and the move at the last cell exists with the one comparison left. `and`
    // with a false guard takes the move away; a goal's `or` is folded the same way (it was
    // G201, "the goal reads a cell off the board").
    let spec = "board b[1, 4] of 0..=2\ngiven b = \"1 0 1 1\"\n\
                move mark(i) for i in 0..4\n    when b(0, i) == 1 and (i == 3 or b(0, i + 1) == 0)\n    do set (0, i) = 2\n\
                move skip(i) for i in 0..4\n    when i < 3 and b(0, i + 1) == 2\n    do set (0, i) = 0\n\
                goal for i in 0..4 when i == 0 or b(0, i - 1) != 1\nmoves fewest\n";
    let file = write_file("guard.puz", spec);
    let (code, out, err) = puzc(&["compile", &file, "--emit", "moves"]);
    assert_eq!(code, 0, "{err}");
    let moves: Vec<&str> = out.lines().filter(|l| l.starts_with("move ")).collect();
    assert!(moves.iter().any(|l| l.contains("mark(3) when r0c3 == 1 do")), "{out}");
    assert_eq!(moves.iter().filter(|l| l.contains("skip(")).count(), 3, "{out}");
    // The goal: cells 0 to 2 hold no 1. Cell 0 is marked (its right neighbour is empty), cell
    // 2 only once cell 3 is marked (it has no right neighbour) and skipped: three moves, one
    // line of parameters each.
    let (code, out, err) = puzc(&["solve", &file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.lines().count(), 3, "{out}");
}

// The Tower of Hanoi with four pegs (puzzles/hanoi-4-pegs.puz): a disk's top position and the
// disk below it are cell reads, the guards `i == n - 1` and `j == 0` standing for "at the top
// height" and "on the floor".

/// The fewest moves of n disks from peg 0 to peg 3, by a breadth-first search over where each
/// disk is (disk 0 the smallest): a disk moves when no smaller disk is on its peg or the target.
fn hanoi_fewest(n: usize) -> usize {
    let start = vec![0u8; n];
    let goal = vec![3u8; n];
    let mut seen = HashMap::from([(start.clone(), 0usize)]);
    let mut queue = VecDeque::from([start]);
    while let Some(s) = queue.pop_front() {
        let d = seen[&s];
        if s == goal {
            return d;
        }
        for disk in 0..n {
            if s[..disk].contains(&s[disk]) {
                continue; // a smaller disk lies on top of it
            }
            for to in 0..4u8 {
                if to != s[disk] && !s[..disk].contains(&to) {
                    let mut t = s.clone();
                    t[disk] = to;
                    if !seen.contains_key(&t) {
                        seen.insert(t.clone(), d + 1);
                        queue.push_back(t);
                    }
                }
            }
        }
    }
    unreachable!("the stack can always be moved")
}

#[test]
fn hanoi_four_pegs_takes_the_fewest_moves_a_search_here_finds() {
    // OEIS A007664 (Frame-Stewart numbers for four pegs).
    let published = [1, 3, 5, 9, 13, 17, 25];
    for (n, &want) in (1..=7).zip(published.iter()) {
        assert_eq!(hanoi_fewest(n), want, "the search here, n = {n}");
        let sizes: Vec<String> = (1..=n).rev().map(|s| s.to_string()).collect();
        let empty = vec!["0"; n].join(" ");
        let instance = format!("{n}\n{}\n{empty}\n{empty}\n{empty}\n", sizes.join(" "));
        let file = write_file(&format!("hanoi{n}.txt"), &instance);
        let (code, out, err) = puzc(&["solve", "puzzles/hanoi-4-pegs.puz", "--instance", &file]);
        assert_eq!(code, 0, "n = {n}: {err}");
        let mut lines = out.lines();
        assert_eq!(lines.next(), Some(format!("{want} moves").as_str()), "n = {n}: {out}");
        // Replay the printed moves: each takes the top disk of a peg onto a larger one.
        let mut pegs: Vec<Vec<usize>> = vec![(1..=n).rev().collect(), vec![], vec![], vec![]];
        for line in lines {
            let w: Vec<&str> = line.split_whitespace().collect();
            let (a, b): (usize, usize) = (w[1].parse().unwrap(), w[4].parse().unwrap());
            let disk = pegs[a].pop().unwrap_or_else(|| panic!("n = {n}: `{line}` from an empty peg"));
            assert!(pegs[b].last().is_none_or(|&under| under > disk), "n = {n}: `{line}` onto a smaller disk");
            pegs[b].push(disk);
        }
        assert_eq!(pegs[3], (1..=n).rev().collect::<Vec<_>>(), "n = {n}: the stack ends on the last peg");
    }
}
