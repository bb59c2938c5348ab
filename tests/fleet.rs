//! Pieces on a filled board (`place all on g, rotate, as 'S'` beside `fill g`) and `no two
//! pieces touch`: counts on small random boards against a brute force written here (every
//! set of placements enumerated by this file, the filled board read off and checked against
//! givens and row and column counts), the shipped Battleships puzzle against a search of this
//! file's own, and the diagnostics of misuse.
use crate::common;

use common::*;

/// One way a piece lies: its cells (flat indices) with the value each writes.
type Lying = Vec<(usize, char)>;

/// A piece as the test writes it: cells (row, column) with an optional label, its copies.
struct TestPiece {
    cells: Vec<(i64, i64, Option<char>)>,
    copies: usize,
}

impl TestPiece {
    /// The spec's declaration: a cell list, labels as characters.
    fn decl(&self, name: &str) -> String {
        let cells: Vec<String> = (self.cells.iter())
            .map(|&(r, c, l)| match l {
                Some(l) => format!("({r}, {c}): '{l}'"),
                None => format!("({r}, {c})"),
            })
            .collect();
        format!("piece {name} = [{}] times {}\n", cells.join(", "), self.copies)
    }

    /// Every way the piece lies on an h × w board, turned by quarter turns (distinct ones).
    fn lyings(&self, h: usize, w: usize, fill_value: char) -> Vec<Lying> {
        let mut shapes: Vec<Vec<(i64, i64, char)>> = Vec::new();
        let mut cells: Vec<(i64, i64, char)> =
            self.cells.iter().map(|&(r, c, l)| (r, c, l.unwrap_or(fill_value))).collect();
        for _ in 0..4 {
            let (r0, c0) = (cells.iter().map(|x| x.0).min().unwrap(), cells.iter().map(|x| x.1).min().unwrap());
            let mut s: Vec<_> = cells.iter().map(|&(r, c, l)| (r - r0, c - c0, l)).collect();
            s.sort();
            if !shapes.contains(&s) {
                shapes.push(s);
            }
            cells = cells.iter().map(|&(r, c, l)| (c, -r, l)).collect();
        }
        let mut out = Vec::new();
        for s in &shapes {
            for dr in 0..h as i64 {
                for dc in 0..w as i64 {
                    if s.iter().all(|&(r, c, _)| r + dr < h as i64 && c + dc < w as i64) {
                        out.push(s.iter().map(|&(r, c, l)| ((r + dr) as usize * w + (c + dc) as usize, l)).collect());
                    }
                }
            }
        }
        out
    }
}

/// Whether two cells of an h × w board touch by a side (or a corner, `diagonal`).
fn touch(w: usize, a: usize, b: usize, diagonal: bool) -> bool {
    let (dr, dc) = ((a / w).abs_diff(b / w), (a % w).abs_diff(b % w));
    dr.max(dc) == 1 && (diagonal || dr + dc == 1)
}

/// Every filled board the pieces make: each copy placed (copies of a piece as a set, so
/// swapping two is one answer), none overlapping, none touching another when `apart` says
/// so, uncovered cells '~'. One board per set of placements.
fn boards(h: usize, w: usize, pieces: &[TestPiece], apart: Option<bool>) -> Vec<Vec<char>> {
    let lyings: Vec<Vec<Lying>> = pieces.iter().map(|p| p.lyings(h, w, 'S')).collect();
    let mut owner = vec![usize::MAX; h * w];
    let mut out = Vec::new();
    // (piece, copies left of it, least lying index the next copy may take, placements so far)
    fn go(
        k: usize,
        left: usize,
        from: usize,
        n: usize,
        ctx: (&[TestPiece], &[Vec<Lying>], usize, Option<bool>),
        (owner, board): (&mut Vec<usize>, &mut Vec<char>),
        out: &mut Vec<Vec<char>>,
    ) {
        let (pieces, lyings, w, apart) = ctx;
        if k == pieces.len() {
            out.push(board.clone());
            return;
        }
        if left == 0 {
            let next = pieces.get(k + 1).map_or(0, |p| p.copies);
            return go(k + 1, next, 0, n, ctx, (owner, board), out);
        }
        for (i, lying) in lyings[k].iter().enumerate().skip(from) {
            let free = lying.iter().all(|&(c, _)| owner[c] == usize::MAX);
            let apart_ok = apart.is_none_or(|diag| {
                lying.iter().all(|&(c, _)| (0..owner.len()).all(|o| owner[o] == usize::MAX || !touch(w, c, o, diag)))
            });
            if !free || !apart_ok {
                continue;
            }
            for &(c, v) in lying {
                owner[c] = n;
                board[c] = v;
            }
            go(k, left - 1, i + 1, n + 1, ctx, (&mut *owner, &mut *board), out);
            for &(c, _) in lying {
                owner[c] = usize::MAX;
                board[c] = '~';
            }
        }
    }
    let mut board = vec!['~'; h * w];
    let first = pieces.first().map_or(0, |p| p.copies);
    go(0, first, 0, 0, (pieces, &lyings, w, apart), (&mut owner, &mut board), &mut out);
    out
}

/// Row and column counts of the cells holding a ship ('S' or 'o').
fn counts(h: usize, w: usize, b: &[char]) -> (Vec<usize>, Vec<usize>) {
    let ship = |c: usize| b[c] != '~';
    (
        (0..h).map(|r| (0..w).filter(|&c| ship(r * w + c)).count()).collect(),
        (0..w).map(|c| (0..h).filter(|&r| ship(r * w + c)).count()).collect(),
    )
}

fn random_piece(rng: &mut Rng) -> TestPiece {
    let shapes: [&[(i64, i64)]; 5] = [
        &[(0, 0)],
        &[(0, 0), (0, 1)],
        &[(0, 0), (0, 1), (0, 2)],
        &[(0, 0), (1, 0), (1, 1)],
        &[(0, 0), (0, 1), (1, 1), (1, 2)],
    ];
    let shape = shapes[rng.below(shapes.len())];
    // Sometimes the first cell writes 'o' (a submarine's circle, a bow): two written values.
    let label = rng.below(3) == 0;
    let cells = shape.iter().enumerate().map(|(k, &(r, c))| (r, c, (label && k == 0).then_some('o'))).collect();
    TestPiece { cells, copies: 1 + rng.below(2) }
}

#[test]
fn fleet_counts_equal_a_brute_force() {
    let mut rng = Rng::new(2323);
    let dir = scratch("fleet");
    for round in 0..40 {
        let (h, w) = (2 + rng.below(3), 2 + rng.below(3));
        let pieces: Vec<TestPiece> = (0..1 + rng.below(3)).map(|_| random_piece(&mut rng)).collect();
        let apart = match rng.below(3) {
            0 => None,
            1 => Some(false),
            _ => Some(true),
        };
        let all = boards(h, w, &pieces, apart);
        // Half the rounds constrain the board by one answer's counts and a few of its cells.
        // Row counts, column counts, and the cells given.
        type Wanted = (Vec<usize>, Vec<usize>, Vec<Option<char>>);
        let mut wanted: Option<Wanted> = None;
        if !all.is_empty() && rng.below(2) == 0 {
            let b = &all[rng.below(all.len())];
            let (rows, cols) = counts(h, w, b);
            let givens = (0..h * w).map(|c| (rng.below(4) == 0).then_some(b[c])).collect();
            wanted = Some((rows, cols, givens));
        }
        let expected = all
            .iter()
            .filter(|b| match &wanted {
                None => true,
                Some((rows, cols, givens)) => {
                    counts(h, w, b) == (rows.clone(), cols.clone())
                        && (0..h * w).all(|c| givens[c].is_none_or(|g| g == b[c]))
                }
            })
            .count();
        // 'o' is a value only when some piece writes it: a value no piece writes is one the
        // cells outside the pieces may hold, and the brute force's water is '~' alone.
        let circles = pieces.iter().any(|p| p.cells.iter().any(|c| c.2.is_some()));
        let plain = pieces.iter().any(|p| p.cells.iter().any(|c| c.2.is_none()));
        let written: Vec<&str> = [(plain, "'S'"), (circles, "'o'")].iter().filter(|w| w.0).map(|w| w.1).collect();
        let ships = format!("[{}]", written.join(", "));
        let mut spec = format!("board g[{h}, {w}] of ['~', {}]\nfill g\n", written.join(", "));
        for (k, p) in pieces.iter().enumerate() {
            spec.push_str(&p.decl(&format!("p{k}")));
        }
        spec.push_str(if plain { "place all on g, rotate, as 'S'\n" } else { "place all on g, rotate\n" });
        match apart {
            Some(true) => spec.push_str("no two pieces touch, diagonally too\n"),
            Some(false) => spec.push_str("no two pieces touch\n"),
            None => {}
        }
        if let Some((rows, cols, givens)) = &wanted {
            let g: Vec<String> = (0..h).map(|r| (0..w).map(|c| givens[r * w + c].unwrap_or('.')).collect()).collect();
            spec.push_str(&format!("given g = \"{}\"\n", g.join("/")));
            spec.push_str(&format!("region row(r) = {{ (r, c) for c in 0..{w} }} for r in 0..{h}\n"));
            spec.push_str(&format!("region col(c) = {{ (r, c) for r in 0..{h} }} for c in 0..{w}\n"));
            spec.push_str(&format!("let rows = {rows:?}\nlet cols = {cols:?}\n"));
            spec.push_str(&format!(
                "each row(r) holds exactly rows[r] of {ships}\neach col(c) holds exactly cols[c] of {ships}\n"
            ));
        }
        let path = write(&dir, &format!("r{round}.puz"), &spec);
        let r = run(&["solve", &path, "--count"], None);
        // A fleet larger than the board is refused before any search (G203).
        let area: usize = pieces.iter().map(|p| p.cells.len() * p.copies).sum();
        if area > h * w {
            assert!(r.code == 3 && r.err.contains("G203"), "round {round}: {spec}\n{}", r.err);
            assert_eq!(expected, 0);
            continue;
        }
        assert_eq!(r.out.trim().parse::<usize>().ok(), Some(expected), "round {round}:\n{spec}\n{}", r.err);
    }
}

#[test]
fn every_answer_is_a_board_the_brute_force_makes() {
    // Two L-trominoes and a domino whose first cell writes 'o', on a 4 × 4 board, no two
    // touching by a side: `--all` prints each filled board once, and they are the brute
    // force's boards.
    let pieces = [
        TestPiece { cells: vec![(0, 0, None), (1, 0, None), (1, 1, None)], copies: 2 },
        TestPiece { cells: vec![(0, 0, Some('o')), (0, 1, None)], copies: 1 },
    ];
    let (h, w) = (4, 4);
    let mut expected: Vec<String> = boards(h, w, &pieces, Some(false))
        .iter()
        .map(|b| b.chunks(w).map(|r| r.iter().collect::<String>() + "\n").collect())
        .collect();
    expected.sort();
    assert!(expected.len() > 1, "a case with several answers");
    let mut spec = format!("board g[{h}, {w}] of ['~', 'S', 'o']\nfill g\n");
    spec.push_str(&pieces[0].decl("L"));
    spec.push_str(&pieces[1].decl("D"));
    spec.push_str("place all on g, rotate, as 'S'\nno two pieces touch\n");
    let dir = scratch("fleet-all");
    let path = write(&dir, "s.puz", &spec);
    let out = run_ok(&["solve", &path, "--all"], None, 0);
    let mut got: Vec<String> =
        out.split("\n\n").map(|b| b.trim().to_string() + "\n").filter(|b| !b.contains("solution")).collect();
    got.sort();
    assert_eq!(got, expected);
}

/// The Battleships fleet: how many ships of length 1, 2, 3 and 4 (four submarines, three
/// destroyers, two cruisers, one battleship).
const FLEET: [usize; 4] = [4, 3, 2, 1];

/// Every sea of `n` × `n` cells keeping the rules of Battleships, by a search of this file's
/// own, cell by cell in reading order: a ship cell may have no ship cell diagonally beside it
/// (two ships touching at a corner, or a bent ship); rows and columns may not exceed their
/// counts, nor run out of cells to reach them; a straight run may not pass 4. At the end the
/// ships (runs of cells) must be the fleet, and each hint must hold: '~' water, 'o' a ship of
/// one cell.
fn battleships(n: usize, rows: &[usize], cols: &[usize], hints: &[char]) -> Vec<Vec<bool>> {
    fn go(at: usize, n: usize, k: (&[usize], &[usize], &[char]), sea: &mut Vec<bool>, out: &mut Vec<Vec<bool>>) {
        let (rows, cols, hints) = k;
        if at == n * n {
            if fleet_of(n, sea) == Some(FLEET) && hints_hold(n, sea, hints) {
                out.push(sea.clone());
            }
            return;
        }
        let (r, c) = (at / n, at % n);
        for ship in [false, true] {
            if ship && hints[at] == '~' || !ship && hints[at] == 'o' {
                continue;
            }
            sea[at] = ship;
            let in_row = (0..=c).filter(|&x| sea[r * n + x]).count();
            let in_col = (0..=r).filter(|&y| sea[y * n + c]).count();
            let row_ok = in_row <= rows[r] && in_row + (n - 1 - c) >= rows[r];
            let col_ok = in_col <= cols[c] && in_col + (n - 1 - r) >= cols[c];
            let diag_ok = !ship || r == 0 || ((c == 0 || !sea[at - n - 1]) && (c + 1 == n || !sea[at - n + 1]));
            let run = |step: usize, len: usize| (0..len).take_while(|&k| at >= k * step && sea[at - k * step]).count();
            let long_ok = run(1, c + 1) <= 4 && run(n, r + 1) <= 4;
            if row_ok && col_ok && diag_ok && long_ok {
                go(at + 1, n, k, sea, out);
            }
            sea[at] = false;
        }
    }
    let mut out = Vec::new();
    go(0, n, (rows, cols, hints), &mut vec![false; n * n], &mut out);
    out
}

/// How many ships of each length (1..=4) the sea holds, ships being maximal straight runs
/// (with no diagonal neighbours, a run across and a run down cannot meet).
fn fleet_of(n: usize, sea: &[bool]) -> Option<[usize; 4]> {
    let mut seen = vec![false; n * n];
    let mut by_length = [0; 4];
    for s in 0..n * n {
        if !sea[s] || seen[s] {
            continue;
        }
        let (r, c) = (s / n, s % n);
        let across = (c..n).take_while(|&x| sea[r * n + x]).count();
        let down = (r..n).take_while(|&y| sea[y * n + c]).count();
        if across > 1 && down > 1 {
            return None;
        }
        let len = across.max(down);
        for k in 0..len {
            seen[if across > 1 { s + k } else { s + k * n }] = true;
        }
        *by_length.get_mut(len.checked_sub(1)?)? += 1;
    }
    Some(by_length)
}

fn hints_hold(n: usize, sea: &[bool], hints: &[char]) -> bool {
    (0..n * n).all(|s| match hints[s] {
        '~' => !sea[s],
        'o' => {
            let (r, c) = (s / n, s % n);
            let near = [(r.wrapping_sub(1), c), (r + 1, c), (r, c.wrapping_sub(1)), (r, c + 1)];
            sea[s] && near.iter().all(|&(y, x)| y >= n || x >= n || !sea[y * n + x])
        }
        _ => true,
    })
}

#[test]
fn the_shipped_battleships_has_the_one_answer_a_search_of_its_own_finds() {
    // The instance: Games Magazine (US), August 1998, by Mark Gottlieb, as CSPLib problem 14
    // ("Solitaire Battleships", Ian Gent) quotes it: row and column counts and one hint, a
    // submarine at row 7, column 0.
    let text = std::fs::read_to_string(root().join("puzzles/battleships.puz")).unwrap();
    let inst = text.split("instance \"\"\"").nth(1).unwrap().split("\"\"\"").next().unwrap();
    let mut lines = inst.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    let n: usize = lines.next().unwrap().trim().parse().unwrap();
    let nums = |l: &str| l.split_whitespace().map(|w| w.parse().unwrap()).collect::<Vec<usize>>();
    let (rows, cols) = (nums(lines.next().unwrap()), nums(lines.next().unwrap()));
    let hints: Vec<char> = lines.flat_map(|l| l.split_whitespace().map(|w| w.chars().next().unwrap())).collect();
    assert_eq!((rows.len(), cols.len(), hints.len()), (n, n, n * n));
    let found = battleships(n, &rows, &cols, &hints);
    assert_eq!(found.len(), 1, "the published puzzle has one answer");
    let out = run_ok(&["solve", "puzzles/battleships.puz"], None, 0);
    let got: Vec<Vec<bool>> =
        vec![out.lines().filter(|l| !l.is_empty()).flat_map(|l| l.chars().map(|ch| ch != '~')).collect()];
    assert_eq!(got, found, "puzc's answer:\n{out}");
    // Submarines show their circle, the other ships 'S'.
    let subs = out.chars().filter(|&ch| ch == 'o').count();
    assert_eq!(subs, 4, "{out}");
    assert_eq!(run_ok(&["solve", "puzzles/battleships.puz", "--count"], None, 0).trim(), "1");
}

#[test]
fn misuse_is_a_diagnostic() {
    let dir = scratch("fleet-bad");
    let cases = [
        // `as` on a board that is not filled.
        ("board g[2, 2] of ['~', 'S']\npiece D = \"##\"\nplace D on g, rotate, cells at most once, as 'S'\n", "E105"),
        // A value the board's cells cannot hold.
        ("board g[2, 2] of ['~', 'S']\nfill g\npiece D = \"##\"\nplace D on g, as 'x'\n", "G204"),
        // A label the board's cells cannot hold.
        ("board g[2, 2] of ['~', 'S']\nfill g\npiece D = [(0, 0): 'x', (0, 1)]\nplace D on g, as 'S'\n", "G204"),
        // No value for the pieces' cells.
        ("board g[2, 2] of ['~', 'S']\nfill g\npiece D = \"##\"\nplace D on g\n", "E105"),
        // Pieces kept apart, but none placed.
        ("board g[2, 2] of ['~', 'S']\nfill g\nno two pieces touch\n", "E105"),
        // A count per member, binding the wrong number of names.
        (
            "board g[2, 2] of ['~', 'S']\nfill g\nregion row(r) = { (r, c) for c in 0..2 } for r in 0..2\neach row(r, c) holds exactly 1 of 'S'\n",
            "E104",
        ),
    ];
    for (k, (text, code)) in cases.iter().enumerate() {
        let spec = write(&dir, &format!("bad{k}.puz"), text);
        let r = run(&["solve", &spec], None);
        assert_eq!(r.code, 3, "{text}: exit {}\n{}", r.code, r.err);
        assert!(r.err.contains(code), "{text}: expected {code}, got\n{}", r.err);
    }
}
