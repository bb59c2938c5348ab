//! `--format svg`: pictures of answers. Every shipped puzzle's first answer is rendered to
//! pixels by a real SVG renderer (resvg) and must be the size its geometry gives and not
//! blank; the SVG text of a few small answers is snapshotted.

use crate::common;

use common::*;

/// The first answer of a shipped spec as SVG text (`--all --limit 1`: the counting specs
/// have `answer count`, which draws nothing).
fn picture(args: &[&str]) -> String {
    let mut all = vec!["solve", "--format", "svg"];
    all.extend_from_slice(args);
    run_ok(&all, None, 0)
}

/// Renders SVG text with resvg; returns the pixmap.
fn render(svg: &str) -> resvg::tiny_skia::Pixmap {
    // Built without text rendering (resvg's `text` feature, a large share of the test
    // build): text is parsed and not drawn, and the checks below hold on shapes alone.
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("puzc's SVG parses");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, resvg::tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
}

/// The share of pixels that are not white, and the number of distinct colours.
fn ink(p: &resvg::tiny_skia::Pixmap) -> (f64, usize) {
    let px = p.pixels();
    let inked = px.iter().filter(|c| (c.red(), c.green(), c.blue()) != (255, 255, 255)).count();
    let mut colours: Vec<(u8, u8, u8)> = px.iter().map(|c| (c.red(), c.green(), c.blue())).collect();
    colours.sort();
    colours.dedup();
    (inked as f64 / px.len() as f64, colours.len())
}

/// Every shipped puzzle, with the size of its picture worked out by hand from the geometry
/// in src/render/svg (10 px margins, a 24 px title line; exact-cover boards 40 px a cell;
/// strips 24 px a cell with 18 px captions, 16 px gaps, rows of boards up to 1200 px wide;
/// a drawing narrower than its title widened to ⌈9.92 px a character⌉ of the title).
/// The minimum share of inked pixels is a floor well under what each picture has.
#[test]
fn every_shipped_puzzle_renders_to_a_non_blank_png_of_its_size() {
    let cases: &[(&str, (u32, u32), f64)] = &[
        // 9×9 grid: 9·40 + 20 = 380 wide, 9·40 + 20 + 24 = 404 high.
        ("sudoku9.puz", (380, 404), 0.05),
        ("poj2676.puz", (380, 404), 0.05),
        ("sudoku-x.puz", (380, 404), 0.05),
        ("jigsaw-sudoku.puz", (380, 404), 0.05),
        ("killer-sudoku.puz", (380, 404), 0.05),
        // KenKen 6×6: 6·40 + 20 = 260 wide, 260 + 24 = 284 high.
        ("kenken.puz", (260, 284), 0.05),
        // Kakuro 7×7: 7·40 + 20 = 300 wide, 300 + 24 = 324 high.
        ("kakuro.puz", (300, 324), 0.05),
        // Star Battle 8×8: 8·40 + 20 = 340 wide, 340 + 24 = 364 high.
        ("star-battle.puz", (340, 364), 0.05),
        // Lozenges on a 6×11 board of triangles of side 40, rows 40·√3/2 high; the picture is
        // the box around the cells that are on: (11 + 1)·20 = 240 wide, widened to its
        // 28-character title (278) + 20 = 298; ⌈6·34.64⌉ + 20 + 24 = 252 high.
        ("lozenge.puz", (298, 252), 0.2),
        // Tetrahexes on a 4×7 board of hexagons 40 wide, each row half a cell right of the
        // one above (R = 40/√3 from centre to corner, rows 1.5·R apart): (7 + 3/2)·40 + 20 =
        // 360 wide, ⌈(2 + 3·1.5)·R⌉ + 44 = 151 + 44 = 195 high.
        ("tetrahex.puz", (360, 195), 0.3),
        // 16×16: 660 × 684.
        ("sudoku16.puz", (660, 684), 0.05),
        ("poj3076.puz", (660, 684), 0.05),
        // 2×2 tiles: 80 wide, widened to the 14-character title (139) + 20 = 159; 124 high,
        // the board nearly all coloured triangles.
        ("tetravex.puz", (159, 124), 0.3),
        // MacMahon's squares, 4×6 tiles: 6·40 + 20 = 260 × 4·40 + 44 = 204 (the title is narrower).
        ("macmahon.puz", (260, 204), 0.5),
        // 7×8 dominoes: 340 × 324, every cell coloured.
        ("domino.puz", (340, 324), 0.5),
        ("uva211.puz", (340, 324), 0.5),
        // 6×10 pentominoes: 420 × 284.
        ("pentomino.puz", (420, 284), 0.5),
        // 8×8 pentominoes around a 2×2 hole: 340 × 364, all but the hole coloured.
        ("pentomino-square.puz", (340, 364), 0.5),
        // 8 queens on an 8×8 board: 340 × 364.
        ("queens.puz", (340, 364), 0.2),
        // The same board filled with '.' and 'Q': 340 × 364.
        ("queens-distinct.puz", (340, 364), 0.05),
        // Langford n = 7: options place(k, i) for k ≤ 7, i ≤ 11: 8 rows of 12, 500 × 364.
        ("langford.puz", (500, 364), 0.2),
        // Peg solitaire: 32 boards of 7×7 (168 × 186), 6 a row, 6 rows:
        // 6·184 − 16 + 20 = 1108 wide, 6·202 − 16 + 44 = 1240 high.
        ("peg-solitaire.puz", (1108, 1240), 0.2),
        // Triangular peg solitaire: 14 boards of 5×5 (120 × 138), 8 a row, 2 rows:
        // 8·136 − 16 + 20 = 1092 wide, 2·154 − 16 + 44 = 336 high.
        ("peg-triangle.puz", (1092, 336), 0.1),
        // Lights Out 3×3, solved in 5 presses: 6 boards of 72 × 90 in one row:
        // 6·88 − 16 + 20 = 532 wide, 90 + 44 = 134 high.
        ("lights-out.puz", (532, 134), 0.1),
        // Water jugs, 6 steps: 7 boards of 1×2 (48 × 42): 7·64 − 16 + 20 = 452 × 86.
        ("water-jugs.puz", (452, 86), 0.1),
        // The 8-puzzle: 32 boards of 3×3 (72 × 90), 13 a row, 3 rows: 13·88 − 16 + 20 = 1148
        // wide, 3·106 − 16 + 44 = 346 high.
        ("eight-puzzle.puz", (1148, 346), 0.1),
        // The 15-puzzle: 45 boards of 4×4 (96 × 114), 10 a row, 5 rows: 10·112 − 16 + 20 =
        // 1124 wide, 5·130 − 16 + 44 = 678 high.
        ("fifteen-puzzle.puz", (1124, 678), 0.1),
        // Mayan sample: 4 boards of 5×7 (120 × 186): 548 × 230.
        ("mayan.puz", (548, 230), 0.1),
        // SameGame sample: 5 boards of 4×5 (120 × 114) in one row: 5·136 − 16 + 20 = 684 wide,
        // 114 + 44 = 158 high.
        ("samegame.puz", (684, 158), 0.1),
        // Sokoban, fewest pushes in 14 moves: 15 boards of 4×5 (120 × 114), 8 a row, 2 rows:
        // 8·136 − 16 + 20 = 1092 wide, 2·130 − 16 + 44 = 288 high.
        ("sokoban.puz", (1092, 288), 0.05),
        // Klotski, 81 moves: 82 boards of 5×4 (the pieces' cell codes drawn as colours).
        ("klotski.puz", (1124, 1414), 0.2),
        // Rush Hour, 60 moves: 61 boards of 6×6.
        ("rush-hour.puz", (1124, 1630), 0.2),
    ];
    let shipped = std::fs::read_dir(root().join("puzzles"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "puz"))
        .count();
    assert_eq!(shipped, cases.len(), "a shipped spec has no case here");
    for &(spec, (w, h), floor) in cases {
        // Played puzzles draw their first answer; exact-cover specs that count by default
        // draw their first with `--all --limit 1`.
        let played = std::fs::read_to_string(root().join("puzzles").join(spec)).unwrap().contains("\nmove ");
        let path = format!("puzzles/{spec}");
        let args: &[&str] = if played { &[&path] } else { &[&path, "--all", "--limit", "1"] };
        let text = picture(args);
        let first = &text[..text.find("</svg>").expect("an SVG document") + 6];
        let pixmap = render(first);
        assert_eq!((pixmap.width(), pixmap.height()), (w, h), "{spec}: size");
        let (share, colours) = ink(&pixmap);
        assert!(share >= floor, "{spec}: only {:.1}% of the picture is inked", share * 100.0);
        assert!(colours >= 3, "{spec}: {colours} colours");
    }
}

#[test]
fn samegame_strip_marks_the_cells_each_move_changed() {
    let svg = picture(&["puzzles/samegame.puz"]);
    let pixmap = render(&svg);
    // The red of the marks (#d00000) is drawn: each move changes some cells.
    let red = pixmap.pixels().iter().filter(|c| c.red() > 180 && c.green() < 40 && c.blue() < 40).count();
    assert!(red > 100, "{red} red pixels");
    assert!(svg.contains("\nstart\n") && svg.contains("4 (end): click 2 2"), "captions");
}

#[test]
fn svg_snapshots() {
    insta::assert_snapshot!("svg_queens_4", picture(&["puzzles/queens.puz", "--set", "n=4", "--all", "--limit", "1"]));
    insta::assert_snapshot!("svg_tetravex", picture(&["puzzles/tetravex.puz"]));
    insta::assert_snapshot!(
        "svg_langford_3",
        picture(&["puzzles/langford.puz", "--set", "n=3", "--all", "--limit", "1"])
    );
    let samegame = picture(&["puzzles/samegame.puz"]);
    insta::assert_snapshot!("svg_samegame", samegame);
}

#[test]
fn output_dir_gets_one_file_per_answer() {
    let dir = scratch("svg-out");
    let d = dir.join("pics");
    let out = run_ok(
        &["solve", "puzzles/queens.puz", "--set", "n=6", "--all", "--format", "svg", "--output", d.to_str().unwrap()],
        None,
        0,
    );
    // 6 queens have 4 solutions (OEIS A000170).
    let mut names: Vec<String> =
        std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    assert_eq!(names, ["queens-1-1.svg", "queens-1-2.svg", "queens-1-3.svg", "queens-1-4.svg"]);
    assert_eq!(out.lines().count(), 4, "{out}");
    for n in names {
        let svg = std::fs::read_to_string(d.join(n)).unwrap();
        assert!(ink(&render(&svg)).0 > 0.1);
        // Six queens, one circle each.
        assert_eq!(svg.matches("<circle").count(), 6);
    }
}

#[test]
fn svg_refuses_what_it_cannot_draw() {
    // Counting draws nothing: a usage error that says what to do.
    let r = run(&["solve", "puzzles/queens.puz", "--format", "svg"], None);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("use --all"), "{}", r.err);
    // --output without --format svg.
    let r = run(&["solve", "puzzles/sudoku9.puz", "--output", "/tmp/x"], None);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("--format svg"), "{}", r.err);
}

/// The pictures in docs/ (shown by the README) are what puzc draws today.
#[test]
fn docs_pictures_are_current() {
    for (file, args) in [
        ("pentomino.svg", &["puzzles/pentomino.puz", "--all", "--limit", "1"][..]),
        ("samegame.svg", &["puzzles/samegame.puz"][..]),
    ] {
        let shown = std::fs::read_to_string(root().join("docs/pictures").join(file)).unwrap();
        assert_eq!(shown, picture(args), "docs/pictures/{file} is stale: regenerate it as docs/cli.md says");
    }
}
