//! Effects on several cells at once: `set group` (Flood-It, same-colour fill), checked
//! against breadth-first searches written here over the same rules, with flood fills of
//! their own.
use std::collections::{HashMap, VecDeque};
use std::process::Command;

fn puzc(args: &[&str]) -> (i32, String, String) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_puzc")).current_dir(env!("CARGO_MANIFEST_DIR")).args(args).output().unwrap();
    (out.status.code().unwrap_or(-1), String::from_utf8(out.stdout).unwrap(), String::from_utf8(out.stderr).unwrap())
}

fn write_file(name: &str, text: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/group-tests");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// xorshift64, seeded: the same boards on every run.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
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
    let cells = (0..rows * cols).map(|_| 1 + rng.below(colours as u64) as u8).collect();
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
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
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
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
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
