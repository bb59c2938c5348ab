//! The edge-matching engine (`src/solve/edges/`: cells in reading order, balance of labels,
//! memo of finished subproblems), through `puzzles/tetravex.puz` and a variant whose tiles
//! may turn, against an exhaustive search written here: small games (2×2 to 4×4, one to
//! four labels, many identical tiles), possible and impossible, compared by their number of
//! solutions (`--count`), their verdict (`Game k: Possible` / `Impossible`) and, for the
//! possible ones, the arrangement printed (`--format raw`, checked edge by edge).
//!
//! The brute force fills cells from the last to the first, trying every tile type with a
//! copy left in every distinct orientation and checking the edges it shares with the
//! cells already filled (below and to the right); it counts assignments of types to cells,
//! as puzc does (identical tiles are one piece placed several times; turning a tile onto
//! itself is not a new solution).

use crate::common;
use common::*;

/// Distinct tiles with their number of copies.
fn types(tiles: &[Tile]) -> Vec<(Tile, u32)> {
    let mut out: Vec<(Tile, u32)> = Vec::new();
    for t in tiles {
        match out.iter_mut().find(|(u, _)| u == t) {
            Some((_, c)) => *c += 1,
            None => out.push((*t, 1)),
        }
    }
    out
}

/// The distinct quarter turns of a tile (a turn clockwise moves top to right).
fn turns(t: Tile, rotate: bool) -> Vec<Tile> {
    let mut out = vec![t];
    if rotate {
        let mut u = t;
        for _ in 0..3 {
            u = [u[3], u[0], u[1], u[2]];
            if !out.contains(&u) {
                out.push(u);
            }
        }
    }
    out
}

fn brute_count(n: usize, tiles: &[Tile], rotate: bool) -> u64 {
    let ty = types(tiles);
    let ways: Vec<Vec<Tile>> = ty.iter().map(|(t, _)| turns(*t, rotate)).collect();
    let mut left: Vec<u32> = ty.iter().map(|(_, c)| *c).collect();
    let mut grid = vec![[0u32; 4]; n * n];
    fn go(cell: usize, n: usize, ways: &[Vec<Tile>], left: &mut [u32], grid: &mut [Tile]) -> u64 {
        if cell == 0 {
            return 1;
        }
        let k = cell - 1;
        let (r, c) = (k / n, k % n);
        let mut total = 0;
        for t in 0..ways.len() {
            if left[t] == 0 {
                continue;
            }
            for &o in &ways[t] {
                if c + 1 < n && o[1] != grid[k + 1][3] {
                    continue;
                }
                if r + 1 < n && o[2] != grid[k + n][0] {
                    continue;
                }
                left[t] -= 1;
                grid[k] = o;
                total += go(k, n, ways, left, grid);
                left[t] += 1;
            }
        }
        total
    }
    go(n * n, n, &ways, &mut left, &mut grid)
}

/// Games of every kind: solved grids shuffled (possible), solved grids with one edge
/// changed, and random tiles (mostly impossible); labels 0..=max_value.
fn games(seed: u64, count: usize) -> Vec<(usize, Vec<Tile>)> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|i| {
            let n = 2 + rng.below(3).min(if i % 5 == 0 { 2 } else { 1 });
            // Every fourth 4×4 game has labels 0/1: many identical tiles.
            let max_value = if n == 4 && i % 4 < 2 { 1 } else { rng.below(4) as u32 };
            let mut tiles = match i % 3 {
                0 => random_solved_tetravex(&mut rng, n, max_value),
                1 => {
                    let mut t = random_solved_tetravex(&mut rng, n, max_value);
                    let (k, side) = (rng.below(n * n), rng.below(4));
                    t[k][side] = (t[k][side] + 1) % (max_value + 1);
                    t
                }
                _ => (0..n * n).map(|_| [0; 4].map(|_| rng.below(max_value as usize + 1) as u32)).collect(),
            };
            rng.shuffle(&mut tiles);
            (n, tiles)
        })
        .collect()
}

fn input(games: &[(usize, Vec<Tile>)]) -> String {
    games.iter().map(|(n, t)| tetravex_text(*n, t)).collect::<String>() + "0\n"
}

fn check(spec: &str, games: &[(usize, Vec<Tile>)], rotate: bool) {
    let text = input(games);
    let want: Vec<u64> = games.iter().map(|(n, t)| brute_count(*n, t, rotate)).collect();
    assert!(
        want.contains(&0) && want.iter().any(|&c| c > 1),
        "the games include impossible ones and ones with several solutions: {want:?}"
    );
    let r = run(&["solve", spec, "--instance", "-", "--count"], Some(&text));
    assert_eq!(r.code, 0, "{}", r.err);
    let got: Vec<u64> = r.out.split_whitespace().map(|w| w.parse().unwrap()).collect();
    for (k, (g, w)) in got.iter().zip(&want).enumerate() {
        assert_eq!(g, w, "game {}: {} solutions by brute force\n{}", k + 1, w, tetravex_text(games[k].0, &games[k].1));
    }
    assert_eq!(got.len(), want.len());
    // The verdicts, in the judge's format.
    let r = run(&["solve", spec, "--instance", "-"], Some(&text));
    let verdicts: Vec<&str> = r.out.lines().filter(|l| l.starts_with("Game")).collect();
    assert_eq!(verdicts.len(), games.len());
    for (k, (v, w)) in verdicts.iter().zip(&want).enumerate() {
        let expect = format!("Game {}: {}", k + 1, if *w > 0 { "Possible" } else { "Impossible" });
        assert_eq!(*v, expect, "{}", tetravex_text(games[k].0, &games[k].1));
    }
    // The arrangements of the possible games (an impossible game prints nothing).
    if !rotate {
        let r = run(&["solve", spec, "--instance", "-", "--format", "raw"], Some(&text));
        let mut lines = r.out.lines().filter(|l| !l.trim().is_empty());
        for ((n, tiles), w) in games.iter().zip(&want).filter(|(_, w)| **w > 0) {
            let _ = w;
            let grid: Vec<&str> = lines.by_ref().take(*n).collect();
            check_tetravex(*n, tiles, &grid.join("\n"));
        }
    }
}

#[test]
fn tetravex_counts_and_verdicts_match_brute_force() {
    check("puzzles/tetravex.puz", &games(0xED6E_5001, 150), false);
}

#[test]
fn turning_tiles_match_brute_force() {
    let dir = scratch("edges");
    let spec = spec_with_line("puzzles/tetravex.puz", "place tile on slots", "place tile on slots, rotate");
    let path = write(&dir, "turning.puz", &spec);
    // Turning multiplies the solutions: 2×2 and 3×3 games keep the brute force quick.
    let small: Vec<_> = games(0xED6E_5002, 160)
        .into_iter()
        .filter(|(n, t)| *n == 2 || (*n == 3 && t.iter().flatten().any(|&l| l >= 2)))
        .take(60)
        .collect();
    check(&path, &small, true);
}
