//! Tiles written in the spec (`tiles t with edges ... = [(top, right, bottom, left), ...]`):
//! counts against a brute force written here, the same answers as the same tiles read from
//! the instance (numbers going on across families), `confine` of one tile, and MacMahon's
//! 24 squares checked square by square.

use crate::common;

use common::*;
use std::collections::HashSet;

type Tile = [u32; 4];

/// The distinct arrangements of `tiles` on a rows × cols board, touching edges equal, found
/// by trying every tile in every cell (turned too, with `rotate`). Two arrangements are one
/// when every cell shows the same labels from the same kind of tile (identical tiles are one
/// kind, so their swaps are one arrangement). `keep` filters complete arrangements: the
/// kind of tile in each cell, in reading order.
fn brute_force(tiles: &[Tile], rows: usize, cols: usize, rotate: bool, keep: &dyn Fn(&[usize]) -> bool) -> usize {
    let kind: Vec<usize> = (0..tiles.len()).map(|i| tiles.iter().position(|t| *t == tiles[i]).unwrap()).collect();
    let mut found: HashSet<Vec<(usize, Tile)>> = HashSet::new();
    let mut used = vec![false; tiles.len()];
    let mut board: Vec<(usize, Tile)> = Vec::new();
    #[allow(clippy::too_many_arguments)]
    fn go(
        tiles: &[Tile],
        kind: &[usize],
        cols: usize,
        rotate: bool,
        used: &mut [bool],
        board: &mut Vec<(usize, Tile)>,
        found: &mut HashSet<Vec<(usize, Tile)>>,
        keep: &dyn Fn(&[usize]) -> bool,
    ) {
        let cell = board.len();
        if cell == tiles.len() {
            let kinds: Vec<usize> = board.iter().map(|b| b.0).collect();
            if keep(&kinds) {
                found.insert(board.clone());
            }
            return;
        }
        for i in 0..tiles.len() {
            if used[i] {
                continue;
            }
            for turns in 0..if rotate { 4 } else { 1 } {
                // A quarter turn clockwise: the top label goes to the right side.
                let mut t = tiles[i];
                t.rotate_right(turns);
                let left_ok = cell.is_multiple_of(cols) || board[cell - 1].1[1] == t[3];
                let up_ok = cell < cols || board[cell - cols].1[2] == t[0];
                if left_ok && up_ok {
                    used[i] = true;
                    board.push((kind[i], t));
                    go(tiles, kind, cols, rotate, used, board, found, keep);
                    board.pop();
                    used[i] = false;
                }
            }
        }
    }
    assert_eq!(tiles.len(), rows * cols);
    go(tiles, &kind, cols, rotate, &mut used, &mut board, &mut found, keep);
    found.len()
}

fn random_tiles(rng: &mut Rng, n: usize, labels: u32) -> Vec<Tile> {
    (0..n).map(|_| [(); 4].map(|_| rng.below(labels as usize) as u32)).collect()
}

/// The tiles of a solved rows × cols board with labels below `labels`, shuffled: at least
/// one arrangement exists.
fn solved_tiles(rng: &mut Rng, rows: usize, cols: usize, labels: u32) -> Vec<Tile> {
    let mut v = || rng.below(labels as usize) as u32;
    // h[r][c]: the label between (r, c) and (r, c + 1); w[r][c]: between (r, c) and (r + 1, c).
    let h: Vec<Vec<u32>> = (0..rows).map(|_| (0..cols).map(|_| v()).collect()).collect();
    let w: Vec<Vec<u32>> = (0..rows).map(|_| (0..cols).map(|_| v()).collect()).collect();
    let mut tiles = Vec::new();
    for r in 0..rows {
        for c in 0..cols {
            let top = if r == 0 { v() } else { w[r - 1][c] };
            let left = if c == 0 { v() } else { h[r][c - 1] };
            tiles.push([top, h[r][c], w[r][c], left]);
        }
    }
    rng.shuffle(&mut tiles);
    tiles
}

fn tuple_list(tiles: &[Tile]) -> String {
    let t: Vec<String> = tiles.iter().map(|t| format!("({}, {}, {}, {})", t[0], t[1], t[2], t[3])).collect();
    format!("[{}]", t.join(", "))
}

fn count(dir: &std::path::Path, spec: &str, instance: Option<&str>) -> String {
    let path = write(dir, "t.puz", spec);
    let mut args = vec!["solve", path.as_str(), "--count"];
    let inst;
    if let Some(text) = instance {
        inst = write(dir, "t.in", text);
        args.extend(["--instance", inst.as_str()]);
    }
    run_ok(&args, None, 0)
}

/// Random sets of six tiles on a 2 × 3 board, turned or not, few labels so that identical
/// tiles and many arrangements occur: puzc's count of the tiles written in the spec is the
/// brute force's.
#[test]
fn tiles_in_the_spec_count_as_the_brute_force_does() {
    let dir = scratch("tiles-brute");
    let mut rng = Rng::new(8);
    let mut nonzero = 0;
    for round in 0..12 {
        let rotate = round % 2 == 1;
        let labels = 2 + (round % 3) as u32;
        let tiles =
            if round % 4 < 2 { solved_tiles(&mut rng, 2, 3, labels) } else { random_tiles(&mut rng, 6, labels) };
        let spec = format!(
            "board b[2, 3]\ntiles t with edges top, right, bottom, left = {}\nplace t on b{}\nmatch edges\n",
            tuple_list(&tiles),
            if rotate { ", rotate" } else { "" }
        );
        let want = brute_force(&tiles, 2, 3, rotate, &|_| true);
        nonzero += (want > 0) as usize;
        assert_eq!(count(&dir, &spec, None), format!("{want}\n"), "{spec}");
    }
    assert!(nonzero >= 6, "too few rounds with solutions to mean much: {nonzero}");
}

/// The same tiles, half read from the instance and half written in the spec (as characters
/// and strings, which are the same labels as the instance's numbers), list the same answers
/// as all of them read from the instance: the spec's tiles are numbered on from 4.
#[test]
fn spec_tiles_number_on_from_instance_tiles_and_labels_read_alike() {
    let dir = scratch("tiles-mixed");
    let mut rng = Rng::new(3);
    for _ in 0..4 {
        let tiles = solved_tiles(&mut rng, 2, 3, 3);
        let words: Vec<String> = tiles.iter().map(|t| format!("{} {} {} {}\n", t[0], t[1], t[2], t[3])).collect();
        let tail: Vec<String> =
            tiles[3..].iter().map(|t| format!("('{}', \"{}\", {}, '{}')", t[0], t[1], t[2], t[3])).collect();
        let common = "board b[2, 3]\nplace a, s on b, rotate\nmatch edges\nanswer all\n";
        let mixed = format!(
            "tiles a[3] with edges top, right, bottom, left from instance\n\
             tiles s with edges top, right, bottom, left = [{}]\n{common}",
            tail.join(", ")
        );
        let read = format!(
            "tiles a[6] with edges top, right, bottom, left from instance\n{}",
            common.replace("place a, s", "place a")
        );
        let mixed_out = run(
            &["solve", &write(&dir, "m.puz", &mixed), "--instance", &write(&dir, "m.in", &words[..3].concat())],
            None,
        );
        let read_out =
            run(&["solve", &write(&dir, "r.puz", &read), "--instance", &write(&dir, "r.in", &words.concat())], None);
        assert_eq!(mixed_out.err, read_out.err);
        assert_eq!(mixed_out.out, read_out.out);
        assert_eq!((mixed_out.code, read_out.code), (0, 0), "{}", mixed_out.err);
    }
}

/// `confine t(1) to {(0, 0)}` keeps the arrangements with tile 1 in the top-left cell: the
/// brute force's count of those (tile 1 unlike every other tile, so it is one kind alone).
#[test]
fn confining_one_tile_keeps_the_arrangements_with_it_there() {
    let dir = scratch("tiles-confine");
    let mut rng = Rng::new(21);
    let mut rounds = 0;
    while rounds < 6 {
        let tiles = solved_tiles(&mut rng, 2, 3, 2);
        if tiles[1..].contains(&tiles[0]) {
            continue;
        }
        rounds += 1;
        let spec = format!(
            "board b[2, 3]\ntiles t with edges top, right, bottom, left = {}\nplace t on b, rotate\nmatch edges\n\
             confine t(1) to {{(0, 0)}}\n",
            tuple_list(&tiles)
        );
        let want = brute_force(&tiles, 2, 3, true, &|kinds| kinds[0] == 0);
        assert_eq!(count(&dir, &spec, None), format!("{want}\n"), "{spec}");
    }
}

/// MacMahon's 24 squares (New Mathematical Pastimes, 1921: one square per colouring of the
/// edges with 3 colours up to turning), made here as the colourings that are least among
/// their turns. The shipped spec's answer lays each once, turned but not mirrored, in 4 × 6,
/// touching edges equal and the border all colour 0.
#[test]
fn macmahon_squares_answer_is_a_valid_frame() {
    let mut squares: Vec<Tile> = Vec::new();
    for t in 0..3 {
        for r in 0..3 {
            for b in 0..3 {
                for l in 0..3 {
                    let s = [t, r, b, l];
                    if (1..4).all(|k| {
                        let mut turned = s;
                        turned.rotate_left(k);
                        s <= turned
                    }) {
                        squares.push(s);
                    }
                }
            }
        }
    }
    // MacMahon's count: n(n + 1)(n² − n + 2) / 4 = 24 for n = 3 colours.
    assert_eq!(squares.len(), 24);
    let out = run_ok(&["solve", "puzzles/macmahon.puz", "--format", "json"], None, 0);
    let json: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let placements = json["solutions"][0]["placements"].as_array().unwrap();
    assert_eq!(placements.len(), 24);
    let mut grid: Vec<Option<Tile>> = vec![None; 24];
    let mut seen = HashSet::new();
    for p in placements {
        let number = p["number"].as_u64().unwrap() as usize;
        assert!(seen.insert(number), "square {number} is laid twice");
        let edges: Vec<u32> = p["edges"].as_array().unwrap().iter().map(|e| e.as_u64().unwrap() as u32).collect();
        let edges: Tile = edges.try_into().unwrap();
        let square = squares[number - 1];
        assert!(
            (0..4).any(|k| {
                let mut t = square;
                t.rotate_right(k);
                t == edges
            }),
            "square {number} {square:?} shows {edges:?}, not a turn of itself"
        );
        let cell = &p["cells"][0];
        let (r, c) = (cell[0].as_u64().unwrap() as usize, cell[1].as_u64().unwrap() as usize);
        assert!(grid[r * 6 + c].replace(edges).is_none(), "two squares in ({r}, {c})");
    }
    let at = |r: usize, c: usize| grid[r * 6 + c].unwrap();
    for r in 0..4 {
        for c in 0..6 {
            let e = at(r, c);
            assert!(r > 0 || e[0] == 0, "top border at ({r}, {c})");
            assert!(r < 3 || e[2] == 0, "bottom border at ({r}, {c})");
            assert!(c > 0 || e[3] == 0, "left border at ({r}, {c})");
            assert!(c < 5 || e[1] == 0, "right border at ({r}, {c})");
            assert!(c == 5 || e[1] == at(r, c + 1)[3], "edges differ right of ({r}, {c})");
            assert!(r == 3 || e[2] == at(r + 1, c)[0], "edges differ below ({r}, {c})");
        }
    }
}
