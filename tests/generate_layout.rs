//! `puzc generate` for layouts (`clues in DATA follow from the solution` where DATA is a grid
//! of areas or tiles, `src/lower/layout.rs`): Star Battle's areas drawn around a star
//! placement, Tetravex's tiles cut from a grid of edge labels. Every generated puzzle is
//! solved again by `puzc solve --unique` from the printed text (a separate run), and counted
//! by a brute force written here that shares nothing with puzc: a row-by-row search of star
//! placements for Star Battle (rows, columns and areas each hold `stars`, no two stars touch,
//! not even diagonally), and a cell-by-cell placement of the tile multiset for Tetravex
//! (touching edges equal; identical tiles are one piece, so their swaps are one arrangement).
//! Also checked here: the areas are connected and as many as the rows, the tiles' labels lie
//! in the declared range, the same seed prints the same bytes, and the refusals are coded.
use crate::common::{run, run_ok, scratch, write};
use std::collections::BTreeMap;

fn blocks(out: &str) -> Vec<String> {
    out.split("\n\n").map(|b| format!("{}\n", b.trim_end())).filter(|b| b.trim() != "").collect()
}

fn solve_unique(spec: &str, extra: &[&str], puzzle: &str) -> String {
    let dir = scratch("gen-layout");
    let file = write(&dir, "p.txt", puzzle);
    run_ok(&[&["solve", spec, "--instance", &file, "--unique"], extra].concat(), None, 0)
}

/// A Star Battle text: `n`, then n rows of area letters.
fn areas(text: &str) -> Vec<Vec<char>> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let n: usize = lines[0].trim().parse().unwrap();
    let g: Vec<Vec<char>> = lines[1..].iter().map(|l| l.trim().chars().collect()).collect();
    assert_eq!(g.len(), n);
    assert!(g.iter().all(|r| r.len() == n));
    g
}

/// The star placements of a Star Battle, counted up to `limit`.
fn count_stars(g: &[Vec<char>], stars: usize, limit: usize) -> usize {
    let n = g.len();
    let labels: Vec<char> = {
        let mut l: Vec<char> = g.iter().flatten().copied().collect();
        l.sort();
        l.dedup();
        l
    };
    let area: Vec<Vec<usize>> =
        g.iter().map(|r| r.iter().map(|c| labels.iter().position(|l| l == c).unwrap()).collect()).collect();
    if labels.len() != n {
        return 0;
    }
    struct S<'a> {
        n: usize,
        stars: usize,
        area: &'a [Vec<usize>],
        col: Vec<usize>,
        held: Vec<usize>,
        prev: Vec<usize>,
        found: usize,
        limit: usize,
    }
    fn rows(s: &mut S, r: usize) {
        if s.found >= s.limit {
            return;
        }
        if r == s.n {
            if s.col.iter().all(|&c| c == s.stars) && s.held.iter().all(|&a| a == s.stars) {
                s.found += 1;
            }
            return;
        }
        // Every set of `stars` columns of this row, no two beside each other.
        let mut pick = Vec::new();
        choose(s, r, 0, &mut pick);
    }
    fn choose(s: &mut S, r: usize, from: usize, pick: &mut Vec<usize>) {
        if pick.len() == s.stars {
            let touches = pick.iter().any(|&c| s.prev.iter().any(|&p| p.abs_diff(c) <= 1));
            if touches {
                return;
            }
            let ok = pick.iter().all(|&c| s.col[c] < s.stars)
                && pick.iter().all(|&c| {
                    s.held[s.area[r][c]] + pick.iter().filter(|&&d| s.area[r][d] == s.area[r][c]).count() <= s.stars
                });
            if !ok {
                return;
            }
            for &c in pick.iter() {
                s.col[c] += 1;
                s.held[s.area[r][c]] += 1;
            }
            let prev = std::mem::replace(&mut s.prev, pick.clone());
            rows(s, r + 1);
            s.prev = prev;
            for &c in pick.iter() {
                s.col[c] -= 1;
                s.held[s.area[r][c]] -= 1;
            }
            return;
        }
        for c in from..s.n {
            if pick.last().is_some_and(|&l| c <= l + 1) {
                continue;
            }
            pick.push(c);
            choose(s, r, c + 1, pick);
            pick.pop();
        }
    }
    let mut s = S { n, stars, area: &area, col: vec![0; n], held: vec![0; n], prev: Vec::new(), found: 0, limit };
    rows(&mut s, 0);
    s.found
}

/// Each label's cells are connected by sides.
fn connected_areas(g: &[Vec<char>]) -> bool {
    let n = g.len();
    let mut seen = vec![vec![false; n]; n];
    let mut met = Vec::new();
    for r in 0..n {
        for c in 0..n {
            if seen[r][c] {
                continue;
            }
            if met.contains(&g[r][c]) {
                return false; // a second piece of a label already met
            }
            met.push(g[r][c]);
            let mut stack = vec![(r, c)];
            seen[r][c] = true;
            while let Some((y, x)) = stack.pop() {
                for (dy, dx) in [(0i64, 1i64), (1, 0), (0, -1), (-1, 0)] {
                    let (v, u) = (y as i64 + dy, x as i64 + dx);
                    if v < 0 || u < 0 || v >= n as i64 || u >= n as i64 {
                        continue;
                    }
                    let (v, u) = (v as usize, u as usize);
                    if !seen[v][u] && g[v][u] == g[y][x] {
                        seen[v][u] = true;
                        stack.push((v, u));
                    }
                }
            }
        }
    }
    true
}

/// A blank Star Battle instance of size n with n area letters (the generator keeps the size
/// and the letters, and draws the areas).
fn star_template(n: usize) -> String {
    let mut t = format!("{n}\n");
    for r in 0..n {
        t.push_str(&((b'A' + r as u8) as char).to_string().repeat(n));
        t.push('\n');
    }
    t
}

#[test]
fn star_battle_areas_have_one_solution_connected_areas_and_the_stars_counts() {
    let dir = scratch("gen-layout-stars");
    // The shipped 8×8 (one star), and 10×10 with one and with two stars an area.
    let ten = write(&dir, "ten.txt", &star_template(10));
    let cases: [(&[&str], usize, usize); 3] =
        [(&[], 1, 4), (&["--instance", &ten], 1, 3), (&["--instance", &ten, "--set", "stars=2"], 2, 3)];
    for (extra, stars, count) in cases {
        let n = count.to_string();
        let out =
            run_ok(&[&["generate", "puzzles/star-battle.puz", "--seed", "5", "--count", &n], extra].concat(), None, 0);
        let ps = blocks(&out);
        assert_eq!(ps.len(), count);
        for p in &ps {
            let g = areas(p);
            assert!(connected_areas(&g), "{p}");
            assert_eq!(count_stars(&g, stars, 2), 1, "not one solution by brute force:\n{p}");
            let set: &[&str] = if stars == 2 { &["--set", "stars=2"] } else { &[] };
            solve_unique("puzzles/star-battle.puz", set, p);
        }
    }
}

#[test]
fn the_brute_force_star_counter_counts_a_known_puzzle() {
    // The shipped spec's own instance: one solution (tests/xcc_puzzles.rs checks it too).
    let g = areas("8\nFGEEEBBB\nFGGEBBBB\nFGGEBBBB\nHHEEBBBB\nHDEEAABC\nDDDDAACC\nDDDDDDCC\nDDDDDDDC\n");
    assert_eq!(count_stars(&g, 1, 5), 1);
    // Rows as areas: every placement of non-touching stars a row and a column counts; on
    // 4×4 there are 2 (the permutations 2413 and 3142).
    let rows = areas("4\nAAAA\nBBBB\nCCCC\nDDDD\n");
    assert_eq!(count_stars(&rows, 1, 10), 2);
}

/// A Tetravex text: `n`, then n² tiles `top right bottom left`.
fn tiles(text: &str) -> (usize, Vec<[u32; 4]>) {
    let words: Vec<u32> = text.split_whitespace().map(|w| w.parse().unwrap()).collect();
    let n = words[0] as usize;
    let t: Vec<[u32; 4]> = words[1..].chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect();
    assert_eq!(t.len(), n * n);
    (n, t)
}

/// The arrangements of a tile multiset on an n×n board, touching edges equal, identical
/// tiles not told apart; counted up to `limit`.
fn count_tetravex(n: usize, t: &[[u32; 4]], limit: usize) -> usize {
    let mut kinds: BTreeMap<[u32; 4], usize> = BTreeMap::new();
    for x in t {
        *kinds.entry(*x).or_default() += 1;
    }
    let kinds: Vec<([u32; 4], usize)> = kinds.into_iter().collect();
    fn go(
        n: usize,
        at: usize,
        kinds: &mut [([u32; 4], usize)],
        placed: &mut Vec<[u32; 4]>,
        found: &mut usize,
        limit: usize,
    ) {
        if *found >= limit {
            return;
        }
        if at == n * n {
            *found += 1;
            return;
        }
        for k in 0..kinds.len() {
            if kinds[k].1 == 0 {
                continue;
            }
            let x = kinds[k].0;
            if !at.is_multiple_of(n) && placed[at - 1][1] != x[3] {
                continue;
            }
            if at >= n && placed[at - n][2] != x[0] {
                continue;
            }
            kinds[k].1 -= 1;
            placed.push(x);
            go(n, at + 1, kinds, placed, found, limit);
            placed.pop();
            kinds[k].1 += 1;
        }
    }
    let mut found = 0;
    go(n, 0, &mut kinds.clone(), &mut Vec::new(), &mut found, limit);
    found
}

#[test]
fn tetravex_tiles_have_one_arrangement_and_labels_in_range() {
    let dir = scratch("gen-layout-tiles");
    let mut five = String::from("5\n");
    for _ in 0..25 {
        five.push_str("0 0 0 0\n");
    }
    let five = write(&dir, "five.txt", &five);
    for (extra, count) in [(vec![], 3usize), (vec!["--instance", five.as_str()], 3)] {
        let n = count.to_string();
        let out = run_ok(
            &[&["generate", "puzzles/tetravex.puz", "--seed", "3", "--count", &n], &extra[..]].concat(),
            None,
            0,
        );
        let ps = blocks(&out);
        assert_eq!(ps.len(), count);
        for p in &ps {
            let (n, t) = tiles(p);
            assert!(t.iter().flatten().all(|&l| l <= 9), "{p}");
            assert_eq!(count_tetravex(n, &t, 2), 1, "not one arrangement by brute force:\n{p}");
            solve_unique("puzzles/tetravex.puz", &[], p);
        }
    }
    // ZOJ 1008's first sample (possible) arranges one way; its tiles in another order too.
    let (n, t) = tiles("2\n5 9 1 4\n4 4 5 6\n6 8 5 4\n0 4 4 3\n");
    assert_eq!(count_tetravex(n, &t, 5), 1);
}

#[test]
fn layouts_print_the_same_bytes_for_a_seed_on_any_thread_count() {
    for spec in ["puzzles/star-battle.puz", "puzzles/tetravex.puz"] {
        let a = run_ok(&["generate", spec, "--seed", "8", "--count", "4", "--threads", "1"], None, 0);
        let b = run_ok(&["generate", spec, "--seed", "8", "--count", "4", "--threads", "2"], None, 0);
        let c = run_ok(&["generate", spec, "--seed", "9", "--count", "4", "--threads", "1"], None, 0);
        assert_eq!(a, b, "{spec}");
        assert_ne!(a, c, "{spec}");
    }
}

#[test]
fn layout_refusals_are_coded() {
    let dir = scratch("gen-layout-refusals");
    // Tiles need the labels their edges take (E111 from `puzc check`).
    let spec = std::fs::read_to_string("puzzles/tetravex.puz").unwrap().replace(", edges labelled 0..=9", "");
    let file = write(&dir, "nolabels.puz", &spec);
    let r = run(&["check", &file], None);
    assert_eq!(r.code, 3, "{}", r.err);
    assert!(r.err.contains("E111") && r.err.contains("labels"), "{}", r.err);
    // Labels on data that is not tiles.
    let spec = std::fs::read_to_string("puzzles/star-battle.puz")
        .unwrap()
        .replace("follow from the solution", "follow from the solution, edges labelled 0..=9");
    let file = write(&dir, "labels.puz", &spec);
    let r = run(&["check", &file], None);
    assert_eq!(r.code, 3, "{}", r.err);
    assert!(r.err.contains("E111") && r.err.contains("not tiles"), "{}", r.err);
    // As many tiles as cells: a 2×2 board with 3 tiles listed.
    let three = write(&dir, "three.txt", "2\n1 2 3 4\n1 2 3 4\n1 2 3 4\n");
    let r = run(&["generate", "puzzles/tetravex.puz", "--instance", &three], None);
    assert_ne!(r.code, 0, "{}", r.err);
    // Nothing can be left out of areas or tiles: --minimal and --symmetry are E111.
    for spec in ["puzzles/star-battle.puz", "puzzles/tetravex.puz"] {
        let r = run(&["generate", spec, "--symmetry", "rot180"], None);
        assert_eq!(r.code, 3, "{}", r.err);
        assert!(r.err.contains("E111"), "{}", r.err);
    }
}

/// A Nurikabe text: `rows cols`, then rows of words (`-` or a number).
fn nurikabe(text: &str) -> Vec<Vec<Option<u32>>> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    lines[1..].iter().map(|l| l.split_whitespace().map(|w| w.parse().ok()).collect()).collect()
}

/// Whether `sea` (true: shaded) solves the clues: every area of unshaded cells holds one
/// clue and has its size, the sea is connected, no 2×2 block is all sea.
fn nurikabe_solves(clues: &[Vec<Option<u32>>], sea: &[Vec<bool>]) -> bool {
    let (h, w) = (clues.len(), clues[0].len());
    for r in 0..h.saturating_sub(1) {
        for c in 0..w.saturating_sub(1) {
            if sea[r][c] && sea[r + 1][c] && sea[r][c + 1] && sea[r + 1][c + 1] {
                return false;
            }
        }
    }
    let mut seen = vec![vec![false; w]; h];
    let mut sea_parts = 0;
    for r in 0..h {
        for c in 0..w {
            if seen[r][c] {
                continue;
            }
            let kind = sea[r][c];
            let mut stack = vec![(r, c)];
            seen[r][c] = true;
            let (mut size, mut found) = (0u32, Vec::new());
            while let Some((y, x)) = stack.pop() {
                size += 1;
                if let Some(k) = clues[y][x] {
                    found.push(k);
                }
                let near = [(y.wrapping_sub(1), x), (y + 1, x), (y, x.wrapping_sub(1)), (y, x + 1)];
                for (v, u) in near {
                    if v < h && u < w && !seen[v][u] && sea[v][u] == kind {
                        seen[v][u] = true;
                        stack.push((v, u));
                    }
                }
            }
            if kind {
                sea_parts += 1;
                if !found.is_empty() {
                    return false;
                }
            } else if found != [size] {
                return false;
            }
        }
    }
    sea_parts <= 1
}

/// The solutions of a Nurikabe of at most 5×5, counted by trying every shading.
fn count_nurikabe(clues: &[Vec<Option<u32>>]) -> usize {
    let (h, w) = (clues.len(), clues[0].len());
    assert!(h * w <= 25);
    let mut found = 0;
    for bits in 0u32..(1 << (h * w)) {
        let sea: Vec<Vec<bool>> = (0..h).map(|r| (0..w).map(|c| bits >> (r * w + c) & 1 == 1).collect()).collect();
        if (0..h).any(|r| (0..w).any(|c| sea[r][c] && clues[r][c].is_some())) {
            continue;
        }
        if nurikabe_solves(clues, &sea) {
            found += 1;
        }
    }
    found
}

#[test]
fn nurikabe_islands_have_one_solution() {
    let dir = scratch("gen-layout-nurikabe");
    // 5×5: every shading tried by brute force; 10×10 (the shipped size): the solution
    // `solve --unique` prints is checked against the rules here.
    let five = write(&dir, "five.txt", "5 5\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n");
    let out =
        run_ok(&["generate", "puzzles/nurikabe.puz", "--instance", &five, "--seed", "2", "--count", "3"], None, 0);
    let ps = blocks(&out);
    assert_eq!(ps.len(), 3);
    for p in &ps {
        assert_eq!(count_nurikabe(&nurikabe(p)), 1, "not one solution by brute force:\n{p}");
        solve_unique("puzzles/nurikabe.puz", &[], p);
    }
    let out = run_ok(&["generate", "puzzles/nurikabe.puz", "--seed", "4", "--count", "2"], None, 0);
    let ps = blocks(&out);
    assert_eq!(ps.len(), 2);
    for p in &ps {
        let clues = nurikabe(p);
        assert_eq!((clues.len(), clues[0].len()), (10, 10));
        let answer = solve_unique("puzzles/nurikabe.puz", &[], p);
        let sea: Vec<Vec<bool>> = answer.lines().map(|l| l.chars().map(|ch| ch == '#').collect()).collect();
        assert!(nurikabe_solves(&clues, &sea), "{p}\n{answer}");
    }
}

#[test]
fn the_brute_force_nurikabe_counter_counts_known_puzzles() {
    // A 2×2 with one clue 3: the sea is the one cell left, any of three (by hand).
    assert_eq!(count_nurikabe(&nurikabe("2 2\n3 -\n- -\n")), 3);
    // A 1 in opposite corners: the other two cells are sea and touch by a corner only, so
    // the sea is not connected: no solution.
    assert_eq!(count_nurikabe(&nurikabe("2 2\n1 -\n- 1\n")), 0);
}

#[test]
fn a_drawn_layout_under_each_value_once_is_refused_up_front() {
    // Jigsaw's regions declared drawn: E111 at once, naming what to write, not S402 after
    // the attempts.
    let spec = std::fs::read_to_string("puzzles/jigsaw-sudoku.puz").unwrap();
    let spec: String = spec
        .lines()
        .filter(|l| !l.starts_with("clues given"))
        .map(|l| {
            if l.starts_with("grid shape[n, n] from instance") {
                format!("{l}\nclues in shape follow from the solution\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let dir = scratch("gen-layout-jigsaw");
    let file = write(&dir, "jigsaw-drawn.puz", &spec);
    let r = run(&["generate", &file, "--timeout", "20"], None);
    assert_eq!(r.code, 3, "{}", r.err);
    assert!(r.err.contains("E111") && r.err.contains("clues given grid, empty '.'"), "{}", r.err);
}
