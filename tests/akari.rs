//! Sight lines until a wall (`each V cell sees K of W until X`, `no two W see each other until
//! X`, `from P, K cells are seen until X`): the shipped Akari on random small boards against a
//! brute force written here (every set of light cells checked by the rules directly), the
//! general rules on random boards of squares and hexagons against every filling, Kurodoko's
//! counts (walls decided by the search) against every filling, the shipped puzzles' published
//! answers, and the diagnostics of misuse.
use crate::common;

use common::*;

/// The straight directions of a lattice in (row, column) steps, written here apart from
/// puzc's: hexagons touch (r ∓ 1, c), (r, c ∓ 1) and (r ∓ 1, c ± 1).
fn directions(hex: bool) -> Vec<(i64, i64)> {
    let mut d = vec![(-1, 0), (1, 0), (0, -1), (0, 1)];
    if hex {
        d.extend([(-1, 1), (1, -1)]);
    }
    d
}

/// The cells `p` sees on an h×w board where `wall[c]` stops a line: itself and, in each
/// direction, the cells before the first wall or the edge; nothing from a wall.
fn sees(h: usize, w: usize, hex: bool, wall: &[bool], p: usize) -> Vec<usize> {
    if wall[p] {
        return Vec::new();
    }
    let mut out = vec![p];
    for (dr, dc) in directions(hex) {
        let (mut r, mut c) = ((p / w) as i64 + dr, (p % w) as i64 + dc);
        while r >= 0 && c >= 0 && r < h as i64 && c < w as i64 && !wall[r as usize * w + c as usize] {
            out.push(r as usize * w + c as usize);
            r += dr;
            c += dc;
        }
    }
    out
}

/// An Akari board: per cell `None` for white, `Some(None)` black, `Some(Some(k))` numbered.
type Akari = Vec<Option<Option<usize>>>;

fn akari_text(h: usize, w: usize, board: &Akari) -> String {
    let mut s = format!("{h} {w}\n");
    for r in 0..h {
        let row: Vec<String> = (0..w)
            .map(|c| match board[r * w + c] {
                None => "-".into(),
                Some(None) => "x".into(),
                Some(Some(k)) => k.to_string(),
            })
            .collect();
        s += &row.join(" ");
        s.push('\n');
    }
    s
}

/// Whether lights at `lit` solve the board, by the rules as players read them.
fn akari_holds(h: usize, w: usize, board: &Akari, lit: &[bool]) -> bool {
    let wall: Vec<bool> = board.iter().map(|b| b.is_some()).collect();
    for p in 0..h * w {
        if wall[p] {
            if let Some(Some(k)) = board[p] {
                let (r, c) = ((p / w) as i64, (p % w) as i64);
                let beside = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
                    .into_iter()
                    .filter(|&(a, b)| a >= 0 && b >= 0 && a < h as i64 && b < w as i64)
                    .filter(|&(a, b)| lit[a as usize * w + b as usize])
                    .count();
                if beside != k {
                    return false;
                }
            }
            continue;
        }
        let seen = sees(h, w, false, &wall, p);
        let lights = seen.iter().filter(|&&q| lit[q]).count();
        // Lit by some light (itself included); a light sees no other light.
        if lights == 0 || (lit[p] && lights > 1) {
            return false;
        }
    }
    true
}

#[test]
fn akari_counts_equal_a_brute_force() {
    let mut rng = Rng::new(2323);
    let dir = scratch("akari");
    for round in 0..64 {
        let (h, w) = (1 + rng.below(4), 1 + rng.below(4));
        let numbered = round % 2 == 0;
        let board: Akari = (0..h * w)
            .map(|_| match rng.below(10) {
                0..=6 => None,
                // Numbers 0 to 4: `exactly 2`, 3 and 4 become choices of sets (`lower/counts.rs`).
                7 if numbered => Some(Some(rng.below(5))),
                _ => Some(None),
            })
            .collect();
        let white: Vec<usize> = (0..h * w).filter(|&c| board[c].is_none()).collect();
        let mut expected = 0;
        for m in 0..1u32 << white.len() {
            let mut lit = vec![false; h * w];
            for (i, &c) in white.iter().enumerate() {
                lit[c] = m >> i & 1 == 1;
            }
            expected += akari_holds(h, w, &board, &lit) as usize;
        }
        let inst = write(&dir, "a.txt", &akari_text(h, w, &board));
        let out = run(&["solve", "puzzles/akari.puz", "--instance", &inst, "--count"], None);
        assert_eq!(
            out.out.trim().parse::<usize>().ok(),
            Some(expected),
            "round {round}:\n{}\n{}",
            akari_text(h, w, &board),
            out.err
        );
    }
}

/// One random `sees` or `see each other` rule over the values a, b, c (walls `#`).
/// A rule checked directly: the filling (value per cell), the walls, what a cell sees.
type Check = Box<dyn Fn(&[usize], &[bool], &dyn Fn(usize) -> Vec<usize>) -> bool>;

fn random_rule(rng: &mut Rng) -> (String, Check) {
    let sets: [(&str, &[usize]); 4] = [("'a'", &[0]), ("'b'", &[1]), ("['a', 'b']", &[0, 1]), ("['a', 'c']", &[0, 2])];
    let (vs, vset) = sets[rng.below(4)];
    let (ws, wset) = sets[rng.below(4)];
    let (vset, wset) = (vset.to_vec(), wset.to_vec());
    if rng.below(4) == 0 {
        let text = format!("no two {ws} see each other until '#'");
        let f = move |v: &[usize], wall: &[bool], seen: &dyn Fn(usize) -> Vec<usize>| {
            (0..v.len())
                .filter(|&p| !wall[p] && wset.contains(&v[p]))
                .all(|p| seen(p).iter().filter(|&&q| q != p && wset.contains(&v[q])).count() == 0)
        };
        return (text, Box::new(f));
    }
    let k = rng.below(4);
    let which = rng.below(3);
    let bound = ["exactly", "at most", "at least"][which];
    let text = format!("each {vs} cell sees {bound} {k} of {ws} until '#'");
    let f = move |v: &[usize], wall: &[bool], seen: &dyn Fn(usize) -> Vec<usize>| {
        (0..v.len()).filter(|&p| !wall[p] && vset.contains(&v[p])).all(|p| {
            let n = seen(p).iter().filter(|&&q| wset.contains(&v[q])).count();
            match which {
                0 => n == k,
                1 => n <= k,
                _ => n >= k,
            }
        })
    };
    (text, Box::new(f))
}

#[test]
fn sight_rules_on_squares_and_hexagons_equal_a_brute_force() {
    let mut rng = Rng::new(77);
    let dir = scratch("sight");
    for round in 0..60 {
        let hex = round % 3 == 2;
        let (h, w) = (1 + rng.below(3), 1 + rng.below(4));
        let wall: Vec<bool> = (0..h * w).map(|_| rng.below(4) == 0).collect();
        let rules: Vec<_> = (0..1 + rng.below(2)).map(|_| random_rule(&mut rng)).collect();
        let picture: String = (0..h)
            .map(|r| (0..w).map(|c| if wall[r * w + c] { 'x' } else { '.' }).collect::<String>() + "\n")
            .collect();
        let mut spec = format!(
            "board g[{h}, {w}] of ['a', 'b', 'c', '#']{}\nfill g\ngrid walls[{h}, {w}] = \"\"\"\n{picture}\"\"\"\n\
             cells x at (r, c) hold (x == '#') == (walls[r, c] == 'x') for r in 0..{h}, c in 0..{w}\n",
            if hex { ", lattice hexagons" } else { "" }
        );
        for (text, _) in &rules {
            spec += text;
            spec.push('\n');
        }
        let open: Vec<usize> = (0..h * w).filter(|&c| !wall[c]).collect();
        let seen = |p: usize| sees(h, w, hex, &wall, p);
        let mut expected = 0;
        let mut v = vec![3; h * w];
        for m in 0..3usize.pow(open.len() as u32) {
            for (i, &c) in open.iter().enumerate() {
                v[c] = m / 3usize.pow(i as u32) % 3;
            }
            expected += rules.iter().all(|(_, f)| f(&v, &wall, &seen)) as usize;
        }
        let path = write(&dir, "s.puz", &spec);
        let out = run(&["solve", &path, "--count"], None);
        if rules.iter().any(|(text, _)| text.split_whitespace().any(|t| t.parse::<usize>().is_ok_and(|k| k > h * w))) {
            assert!(out.err.contains("G207"), "round {round}: more cells than the board has\n{}", out.err);
            continue;
        }
        assert_eq!(out.out.trim().parse::<usize>().ok(), Some(expected), "round {round}:\n{spec}\n{}", out.err);
    }
}

#[test]
fn cells_seen_from_a_cell_with_walls_decided_by_the_search_equal_a_brute_force() {
    // Kurodoko's clue: from a cell, so many cells (itself included) until a `#` or the edge;
    // which cells are `#` is what is solved. Some rounds add `no two '#' touch`.
    let mut rng = Rng::new(4242);
    let dir = scratch("from");
    for round in 0..60 {
        let hex = round % 4 == 3;
        let (h, w) = (1 + rng.below(4), 1 + rng.below(4));
        let n = h * w;
        let apart = round % 2 == 1;
        // Clues read off a random filling, so most rounds have solutions.
        let truth: Vec<bool> = (0..n).map(|_| rng.below(3) == 0).collect();
        let clues: Vec<(usize, usize)> = (0..1 + rng.below(3))
            .map(|_| {
                let p = rng.below(n);
                (p, if rng.below(5) == 0 { rng.below(n + 1) } else { sees(h, w, hex, &truth, p).len() })
            })
            .collect();
        let mut spec =
            format!("board g[{h}, {w}] of ['.', '#']{}\nfill g\n", if hex { ", lattice hexagons" } else { "" });
        for &(p, k) in &clues {
            spec += &format!("from ({}, {}), {k} cells are seen until '#'\n", p / w, p % w);
        }
        if apart {
            spec += "no two '#' touch\n";
        }
        let near = |a: usize, b: usize| {
            let (ra, ca, rb, cb) = ((a / w) as i64, (a % w) as i64, (b / w) as i64, (b % w) as i64);
            directions(hex).contains(&(rb - ra, cb - ca))
        };
        let mut expected = 0;
        for m in 0..1u32 << n {
            let wall: Vec<bool> = (0..n).map(|c| m >> c & 1 == 1).collect();
            let ok = clues.iter().all(|&(p, k)| sees(h, w, hex, &wall, p).len() == k)
                && (!apart || (0..n).all(|a| (0..n).all(|b| !(wall[a] && wall[b] && near(a, b)))));
            expected += ok as usize;
        }
        let path = write(&dir, "k.puz", &spec);
        let out = run(&["solve", &path, "--count"], None);
        if clues.iter().any(|&(p, k)| k > sees(h, w, hex, &vec![false; n], p).len()) {
            assert!(out.err.contains("G207"), "round {round}: a count above the cross is refused\n{}", out.err);
            continue;
        }
        assert_eq!(out.out.trim().parse::<usize>().ok(), Some(expected), "round {round}:\n{spec}\n{}", out.err);
    }
}

/// A published solution in the dataset's letters (`o` a light, `-` white, else black) as
/// puzc prints the board: `L`, `.`, `#`.
fn as_printed(solution: &str) -> String {
    solution
        .lines()
        .skip(1)
        .map(|l| {
            l.split_whitespace()
                .map(|t| match t {
                    "o" => 'L',
                    "-" => '.',
                    _ => '#',
                })
                .collect::<String>()
                + "\n"
        })
        .collect()
}

#[test]
fn the_shipped_akari_has_the_published_answer_only() {
    // Janko's Akari 001, its solution as published (SmilingWayne/puzzlekit-dataset,
    // assets/data/Akari/Akari_dataset.json, "1_10x10").
    let published = "10 10\n1 - - - - - - - o 1\no - - x - o - - - -\n- x - - - 2 o - x -\n- - - o - - - 1 o -\n\
                     - - o 4 o - - - - -\n- - - o - - 2 o - -\n- o 2 - - - o - - -\n- x o - 2 o - - x -\n\
                     - - - - o - 0 - - o\n1 o - - - - - - - 1";
    let out = run_ok(&["solve", "puzzles/akari.puz", "--unique"], None, 0);
    assert!(out.starts_with(&as_printed(published)), "{out}");
    assert_eq!(run_ok(&["solve", "puzzles/akari.puz", "--count"], None, 0).trim(), "1");
}

#[test]
fn a_larger_published_akari_has_its_answer_only() {
    // Janko's Akari 008, 14×24, as published (the same dataset, "8_14x24").
    let published = std::fs::read_to_string(root().join("puzzles/instances/akari-14x24.txt")).unwrap();
    let solution = "14 24\n- - - - - - - - - - - - - - - - - - - - - o - -\n- x o 1 - x - - o - 0 - - x - - o - x - x - 1 -\n\
        o - x - o x - 0 x - x o - x o 2 1 - x - o x o -\n- 0 - x - x - - o - 0 - - x - o - - x - x o x -\n\
        - - o - - - - - - - - - - - - - - - - - - - - -\n- 1 x x - - o - 1 - - - o x - - - o 2 - x x x -\n\
        - o - - - - - x o - - - 2 o - - - 3 o - - - - -\n- - - - - o x o - - - 1 - - - - x o - - - - - -\n\
        - 0 1 0 - x o - - - x o - - - 1 o - - - x x x -\n- - o - - - - - - - - - - - - - - - - - - - - -\n\
        - x - x - 0 - - - - x - - x - o - - x - 1 o x -\n- o 2 o - x - 1 1 o 1 - o 1 - 2 x - x o - x - o\n\
        - 1 - x - 0 - o - - x - - x - o - - x - x o 1 -\n- - o - - - - - - - - - - - - - - - - - - - - -";
    assert!(published.contains("\n14 24\n"), "{published}");
    let inst = root().join("puzzles/instances/akari-14x24.txt");
    let r = run(&["solve", "puzzles/akari.puz", "--instance", inst.to_str().unwrap(), "--unique", "--stats"], None);
    assert!(r.out.starts_with(&as_printed(solution)), "{}{}", r.out, r.err);
    // The numbers' counts are choices of sets, not multiplicities: no item of the matrix has
    // a `lo:hi` bound (the matrix is for DLX2), and the proof runs on dancing cells. Algorithm M took 8,593,349 nodes
    // (docs/performance.md, before the counts were lowered so).
    let dlx = run_ok(&["compile", "puzzles/akari.puz", "--instance", inst.to_str().unwrap(), "--emit", "dlx"], None, 0);
    assert!(dlx.contains("| for Knuth's DLX2, DLX3 or SSXCC"), "{}", &dlx[..dlx.len().min(400)]);
    let nodes: u64 =
        r.err.split(" nodes").next().and_then(|s| s.rsplit(' ').next()).and_then(|n| n.parse().ok()).unwrap();
    assert!(nodes < 1_000_000, "{}", r.err);
}

#[test]
fn misuse_is_diagnosed() {
    let cases = [
        // No filled board.
        ("board g[2, 2] of ['.', '#']\nitem a\noption o = a\nno two '.' see each other\n", "E105"),
        // Triangles have no straight lines of cells.
        ("board g[2, 2] of ['.', '#'], lattice triangles\nfill g\nno two '.' see each other until '#'\n", "G212"),
        // Walls the givens do not fix.
        ("board g[2, 2] of ['.', 'L', '#']\nfill g\neach '.' cell sees at least 1 of 'L' until '#'\n", "G213"),
        ("board g[2, 2] of ['.', 'L', '#']\nfill g\nno two 'L' see each other until '#'\n", "G213"),
        // More cells than the cross holds; a negative count.
        ("board g[2, 2] of ['.', '#']\nfill g\nfrom (0, 0), 4 cells are seen until '#'\n", "G207"),
        ("board g[2, 2] of ['.', '#']\nfill g\neach '.' cell sees at least -1 of '.'\n", "G207"),
        // Not values of the board.
        ("board g[2, 2] of ['.', '#']\nfill g\nno two 'L' see each other until '#'\n", "G204"),
        ("board g[2, 2] of ['.', '#']\nfill g\nfrom (0, 0), 2 cells are seen until 'x'\n", "G204"),
        // Off the board, a hole, not a number.
        ("board g[2, 2] of ['.', '#']\nfill g\nfrom (0, 5), 1 cells are seen until '#'\n", "G201"),
        ("board g[2, 2] of ['.', '#'], without {(0, 0)}\nfill g\nfrom (0, 0), 1 cells are seen\n", "G201"),
        ("board g[2, 2] of ['.', '#']\nfill g\nfrom (0, 0), 'a' cells are seen\n", "E103"),
        ("board g[2, 2] of ['.', '#']\nfill g\neach '.' cell sees exactly 'a' of '.'\n", "E103"),
    ];
    for (spec, code) in cases {
        let dir = scratch("sightbad");
        let path = write(&dir, "s.puz", spec);
        let out = run(&["check", &path], None);
        assert_eq!(out.code, 3, "{spec}: {}", out.err);
        assert!(out.err.contains(code), "{spec}: expected {code}, got\n{}", out.err);
    }
}

/// A published Kurodoko solution (`x` shaded) as puzc prints it: `#` and `.`.
fn shaded(solution: &str) -> String {
    solution
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().map(|t| if t == "x" { '#' } else { '.' }).collect::<String>() + "\n")
        .collect()
}

#[test]
fn the_shipped_kurodoko_puzzles_have_their_published_answers_only() {
    // Janko's Kuromasu 001 and 016, their solutions as published (SmilingWayne/puzzlekit-dataset,
    // assets/data/Kuromasu/Kuromasu_dataset.json, "01_9x9" and "16_17x17").
    let first = "9 9\n- - - - - - - - x\n- x - x - - - x -\nx - x - - x - - -\n- - - x - - - x -\n\
                 x - - - x - - - x\n- - x - - x - x -\n- - - - - - - - -\n- - - - - - x - -\nx - x - x - - x -";
    let out = run_ok(&["solve", "puzzles/kurodoko.puz", "--unique"], None, 0);
    assert!(out.starts_with(&shaded(first)), "{out}");
    let large = "17 17\nx - - - - - x - x - - - - - - - -\n- - - x - x - - - x - x - x - - x\n\
        - - - - x - - - x - - - x - - x -\n- x - - - - x - - - x - - - - - -\nx - - - - x - - x - - - - - - - x\n\
        - - x - - - x - - - - x - - - - -\n- - - - - x - - - - - - - - x - x\n- x - x - - - - - x - - x - - x -\n\
        x - - - - x - x - - - x - - x - -\n- - - x - - - - - x - - x - - x -\nx - - - - - - - x - - x - x - - -\n\
        - - x - x - - - - - - - - - - x -\n- x - x - x - x - x - - - x - - x\n- - - - - - x - - - x - x - - x -\n\
        - - - - x - - x - x - x - - x - -\nx - x - - x - - x - - - - - - - -\n- - - x - - x - - - x - x - - x -";
    let inst = root().join("puzzles/instances/kurodoko-17.txt");
    let out = run_ok(&["solve", "puzzles/kurodoko.puz", "--instance", inst.to_str().unwrap(), "--unique"], None, 0);
    assert!(out.starts_with(&shaded(large)), "{out}");
}
