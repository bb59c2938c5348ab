//! Differential tests of puzc against the exact-cover seed programs (built from ../shared/seeds/ by tests/support/seed_programs.rs), on random
//! inputs in the judges' formats:
//! - UVA 211 (The Domino Effect): tiling counts and the sets of maps per layout. The seed
//!   tries vertical placements first, so its maps come in another order: compared as sets.
//! - Gnome Tetravex (ZOJ 1008 program): Possible / Impossible per game. We use the ZOJ program,
//!   not the SOJ 1111 one, whose zeroed slot 0 swallows `0 0 0 0` tiles (SEEDS-NOTES.md); so
//!   games *with* `0 0 0 0` tiles are included and no difference is expected.
//!
//! Both sides are parsed here, and every arrangement puzc prints is re-checked independently.

use crate::common;
use crate::seed_programs;
use crate::xcc_seeds as seeds;

use common::*;

/// ≥ 100 random 7×8 layouts, each a random tiling with the 28 bones shuffled on (so each has
/// at least one tiling): counts and map sets equal, one run of each program for all layouts.
#[test]
fn domino_random_layouts_match_uva211_seed() {
    const LAYOUTS: usize = 120;
    let mut rng = Rng::new(211);
    let planted: Vec<(Vec<Vec<u32>>, Vec<u32>)> =
        (0..LAYOUTS).map(|_| random_domino_layout_and_map(&mut rng, 6)).collect();
    let input: String = planted.iter().map(|(p, _)| layout_text(p) + "\n").collect();
    let dir = scratch("seeds-domino");
    let file = write(&dir, "layouts.txt", &input);

    let ours = parse_puzc_maps(&run_ok(&["solve", "puzzles/domino.puz", "--all", "--instance", &file], None, 0), 56);
    let theirs = seeds::parse_uva211(&seed_programs::run_seed(&seed_programs::uva211(), &input));
    assert_eq!(ours.len(), LAYOUTS, "puzc answered every layout");
    assert_eq!(theirs.len(), LAYOUTS, "the seed answered every layout");

    let mut multi = 0;
    for (k, (((our_maps, our_n), (their_maps, their_n)), (pips, map))) in
        ours.iter().zip(&theirs).zip(&planted).enumerate()
    {
        assert_eq!(our_n, their_n, "layout {}: tiling counts differ\n{}", k + 1, layout_text(pips));
        assert_eq!(our_maps.len(), *our_n, "layout {}: puzc printed as many maps as it counted", k + 1);
        assert_eq!(their_maps.len(), *their_n);
        let (mut a, mut b) = (our_maps.clone(), their_maps.clone());
        a.sort();
        b.sort();
        assert_eq!(a, b, "layout {}: the sets of maps differ\n{}", k + 1, layout_text(pips));
        a.dedup();
        assert_eq!(a.len(), *our_n, "layout {}: maps are distinct", k + 1);
        assert!(our_maps.contains(map), "layout {}: the planted tiling is found", k + 1);
        for m in our_maps {
            check_domino_map(pips, m, 6);
        }
        multi += usize::from(*our_n > 1);
    }
    // Not a property of puzc, a check on the generator: some layouts must have several tilings,
    // or the comparison of map sets would be weak.
    let most = ours.iter().map(|o| o.1).max().unwrap_or(0);
    eprintln!("{LAYOUTS} layouts, {multi} with several tilings, at most {most}");
    assert!(multi > 0, "some random layouts have more than one tiling");
}

/// A Tetravex game that is solvable by construction, or (`perturb`) the same game with one
/// edge of one tile changed — usually, not always, impossible.
fn random_game(rng: &mut Rng, n: usize, max_value: u32, perturb: bool) -> Vec<Tile> {
    let mut tiles = random_solved_tetravex(rng, n, max_value);
    if perturb {
        let (t, e) = (rng.below(tiles.len()), rng.below(4));
        let old = tiles[t][e];
        let mut new = rng.below(max_value as usize + 1) as u32;
        while new == old {
            new = rng.below(max_value as usize + 1) as u32;
        }
        tiles[t][e] = new;
    }
    rng.shuffle(&mut tiles);
    tiles
}

/// ≥ 100 random games, n = 2..4, half solvable by construction and half perturbed; edge
/// values 0..9, plus a block with values 0..2 (so identical tiles and `0 0 0 0` tiles occur).
/// Possible / Impossible must agree with the ZOJ 1008 seed program.
#[test]
fn tetravex_random_games_match_zoj1008_seed() {
    let mut rng = Rng::new(1008);
    let mut games: Vec<(usize, Vec<Tile>, bool)> = Vec::new();
    for i in 0..160 {
        let n = 2 + i % 3;
        let max_value = if i < 120 { 9 } else { 2 };
        let perturb = i % 2 == 1;
        games.push((n, random_game(&mut rng, n, max_value, perturb), perturb));
    }
    let zero_tiles = games.iter().filter(|g| g.1.contains(&[0, 0, 0, 0])).count();
    assert!(zero_tiles > 0, "the generator made games with `0 0 0 0` tiles");

    let body: String = games.iter().map(|(n, t, _)| tetravex_text(*n, t)).collect();
    // The judge's format ends with a line `0`; puzc is given the games without it (see
    // cli.rs `tetravex_judge_input_with_terminating_zero`: puzc reads that `0` as a game).
    let theirs = seeds::parse_tetravex(&seed_programs::run_seed(&seed_programs::tetravex(), &(body.clone() + "0\n")));
    let dir = scratch("seeds-tetravex");
    let file = write(&dir, "games.txt", &body);
    let r = run(&["solve", "puzzles/tetravex.puz", "--instance", &file, "--format", "json"], None);
    assert!(r.code == 0 || r.code == 1, "exit {}: {}", r.code, r.err);
    let ours: Vec<serde_json::Value> = r.out.lines().map(|l| serde_json::from_str(l).expect("a JSON line")).collect();
    assert_eq!(theirs.len(), games.len(), "the seed answered every game");
    assert_eq!(ours.len(), games.len(), "puzc answered every game");

    let (mut possible, mut impossible) = (0, 0);
    for (k, ((o, &their), (n, tiles, perturbed))) in ours.iter().zip(&theirs).zip(&games).enumerate() {
        assert_eq!(o["instance"], k + 1);
        let our = match o["status"].as_str() {
            Some("solved") => true,
            Some("no solution") => false,
            s => panic!("game {}: status {s:?}", k + 1),
        };
        assert_eq!(our, their, "game {}: puzc {our}, seed {their}\n{}", k + 1, tetravex_text(*n, tiles));
        if !perturbed {
            assert!(our, "game {}: solvable by construction", k + 1);
        }
        if our {
            possible += 1;
            // Rebuild the arrangement from the placements and check it independently.
            let mut grid = vec![vec![0usize; *n]; *n];
            for p in o["solutions"][0]["placements"].as_array().expect("placements") {
                let num = p["number"].as_u64().unwrap() as usize;
                let cell = &p["cells"][0];
                grid[cell[0].as_u64().unwrap() as usize][cell[1].as_u64().unwrap() as usize] = num;
            }
            let text: String =
                grid.iter().map(|r| r.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ") + "\n").collect();
            check_tetravex(*n, tiles, &text);
        } else {
            impossible += 1;
        }
    }
    assert_eq!(r.code, if impossible > 0 { 1 } else { 0 }, "exit 1 when some game has no solution");
    eprintln!(
        "{} games ({zero_tiles} with a `0 0 0 0` tile): {possible} possible, {impossible} impossible",
        games.len()
    );
    assert!(possible >= 80 && impossible >= 30, "both verdicts well represented: {possible} / {impossible}");
}
