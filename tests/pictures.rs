//! Pictures: `puzc draw` (the unsolved puzzle) and `--format svg` (answers).
//!
//! - Every shipped spec's unsolved picture and first answer are rendered to pixels by a real
//!   SVG renderer (resvg) and compared with a reviewed fingerprint (size and a 16×16 grey
//!   thumbnail, `tests/snapshots/suite__pictures__fingerprints.snap`): a change to any
//!   picture shows up in the diff, where it can be looked at (`puzc draw ... | rsvg-convert`).
//! - Structure: what the spec declares appears, counted by class in the SVG against numbers
//!   worked out here from the spec's instance text (cages, regions, clues, black cells,
//!   pieces, the goal).
//! - Captions of one row never overlap; `--animate` has one frame per board.
//! - The gallery in docs/ is what puzc draws today (`PUZC_UPDATE_DOCS=1` rewrites it).

use crate::common;

use common::*;

/// An answer of a shipped spec as SVG text.
fn picture(args: &[&str]) -> String {
    let mut all = vec!["solve", "--format", "svg"];
    all.extend_from_slice(args);
    run_ok(&all, None, 0)
}

/// The unsolved picture of a spec (the first instance's).
fn drawn(args: &[&str]) -> String {
    let mut all = vec!["draw"];
    all.extend_from_slice(args);
    first(&run_ok(&all, None, 0)).to_string()
}

/// The first SVG document of a run's output.
fn first(text: &str) -> &str {
    &text[..text.find("</svg>").expect("an SVG document") + 6]
}

/// Renders SVG text with resvg; returns the pixmap.
fn render(svg: &str) -> resvg::tiny_skia::Pixmap {
    // Built without text rendering (resvg's `text` feature, a large share of the test
    // build): text is parsed and not drawn, so fingerprints see shapes only; the structure
    // tests count the texts.
    let tree = resvg::usvg::Tree::from_str(svg, &resvg::usvg::Options::default()).expect("puzc's SVG parses");
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height()).unwrap();
    resvg::render(&tree, resvg::tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
}

/// The share of pixels that are not white.
fn ink(p: &resvg::tiny_skia::Pixmap) -> f64 {
    let px = p.pixels();
    px.iter().filter(|c| (c.red(), c.green(), c.blue()) != (255, 255, 255)).count() as f64 / px.len() as f64
}

/// Size and a 16×16 thumbnail of mean darkness, one hex digit a block (0 white, f black).
fn fingerprint(p: &resvg::tiny_skia::Pixmap) -> String {
    let (w, h) = (p.width() as usize, p.height() as usize);
    let mut thumb = String::new();
    for by in 0..16 {
        for bx in 0..16 {
            let (x0, x1) = (bx * w / 16, ((bx + 1) * w / 16).max(bx * w / 16 + 1).min(w));
            let (y0, y1) = (by * h / 16, ((by + 1) * h / 16).max(by * h / 16 + 1).min(h));
            let mut dark = 0.0;
            for y in y0..y1 {
                for x in x0..x1 {
                    let c = p.pixel(x as u32, y as u32).unwrap().demultiply();
                    let lum = 0.299 * c.red() as f64 + 0.587 * c.green() as f64 + 0.114 * c.blue() as f64;
                    dark += 1.0 - lum / 255.0;
                }
            }
            let n = ((x1 - x0) * (y1 - y0)).max(1) as f64;
            thumb.push(char::from_digit(((dark / n) * 15.0).round() as u32, 16).unwrap());
        }
    }
    format!("{w}x{h} {thumb}")
}

/// The shipped specs, sorted.
fn shipped() -> Vec<String> {
    let mut specs: Vec<String> = std::fs::read_dir(root().join("puzzles"))
        .unwrap()
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "puz"))
        .map(|e| e.file_name().into_string().unwrap())
        .collect();
    specs.sort();
    specs
}

/// Whether a shipped spec is a played puzzle.
fn played(spec: &str) -> bool {
    std::fs::read_to_string(root().join("puzzles").join(spec)).unwrap().contains("\nmove ")
}

/// The first answer's picture: played puzzles draw their first answer; exact-cover specs
/// (some count by default) their first with `--all --limit 1`.
fn answer_of(spec: &str) -> String {
    let path = format!("puzzles/{spec}");
    let args: Vec<&str> = if played(spec) { vec![&path] } else { vec![&path, "--all", "--limit", "1"] };
    first(&picture(&args)).to_string()
}

#[test]
fn every_shipped_puzzle_draws_as_its_reviewed_fingerprint() {
    let mut lines = Vec::new();
    for spec in shipped() {
        let path = format!("puzzles/{spec}");
        for (what, svg) in [("draw", drawn(&[&path])), ("answer", answer_of(&spec))] {
            let pixmap = render(&svg);
            assert!(ink(&pixmap) > 0.02, "{spec} {what}: nearly blank");
            lines.push(format!("{spec} {what} {}", fingerprint(&pixmap)));
        }
    }
    insta::assert_snapshot!("fingerprints", lines.join("\n"));
}

/// How many elements of the SVG carry `class`.
fn count(svg: &str, class: &str) -> usize {
    svg.matches(&format!("class=\"{class}\"")).count()
}

/// The lines of a spec's inline instance.
fn instance_lines(spec: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join("puzzles").join(spec)).unwrap();
    let start = text.find("instance \"\"\"\n").expect("an inline instance") + 13;
    let end = start + text[start..].find("\"\"\"").unwrap();
    text[start..end].lines().map(str::to_string).collect()
}

/// The distinct letters of a block of label lines.
fn distinct(lines: &[String]) -> usize {
    let mut seen: Vec<char> = lines.iter().flat_map(|l| l.chars()).filter(|c| !c.is_whitespace()).collect();
    seen.sort();
    seen.dedup();
    seen.len()
}

#[test]
fn cages_regions_and_clues_of_the_specs_are_all_drawn() {
    // Killer sudoku: nine rows of cage labels, then one `label sum` line per cage; 9 boxes.
    let killer = instance_lines("killer-sudoku.puz");
    let svg = drawn(&["puzzles/killer-sudoku.puz"]);
    assert_eq!(count(&svg, "cage"), distinct(&killer[..9]));
    assert_eq!(count(&svg, "cage"), killer.len() - 9, "one sum line per cage");
    assert_eq!(count(&svg, "region"), 9);
    // Each cage's sum is written once: the sums' texts are among the SVG's texts.
    for line in &killer[9..] {
        let sum = line.split_whitespace().nth(1).unwrap();
        assert!(svg.contains(&format!(">\n{sum}\n</text>")), "cage sum {sum}");
    }
    // KenKen: n, n rows of labels, a clue per label; the clues with their operations.
    let kenken = instance_lines("kenken.puz");
    let svg = drawn(&["puzzles/kenken.puz"]);
    assert_eq!(count(&svg, "cage"), distinct(&kenken[1..7]));
    assert_eq!(count(&svg, "region"), 0);
    assert!(svg.contains(">\n108×\n<") && svg.contains(">\n2÷\n<") && svg.contains(">\n4−\n<"), "KenKen clues");
    // Kakuro: every cell that is not `.` is black; each `down\right` word a clue.
    let kakuro = instance_lines("kakuro.puz");
    let words: Vec<&str> = kakuro[1..].iter().flat_map(|l| l.split_whitespace()).collect();
    let svg = drawn(&["puzzles/kakuro.puz"]);
    assert_eq!(count(&svg, "black"), words.iter().filter(|w| **w != ".").count());
    assert_eq!(count(&svg, "clue"), words.iter().filter(|w| w.contains('\\')).count());
    // Star Battle: one outline per area letter.
    let stars = instance_lines("star-battle.puz");
    assert_eq!(count(&drawn(&["puzzles/star-battle.puz"]), "region"), distinct(&stars[1..]));
    // Sudoku X: nine boxes outlined, the two diagonals as lines (not regions).
    let svg = drawn(&["puzzles/sudoku-x.puz"]);
    assert_eq!((count(&svg, "region"), count(&svg, "line")), (9, 2));
    // Jigsaw: nine irregular regions from the letters after the blank line.
    let jigsaw = instance_lines("jigsaw-sudoku.puz");
    assert_eq!(count(&drawn(&["puzzles/jigsaw-sudoku.puz"]), "region"), distinct(&jigsaw[10..]));
    // Sudoku: givens bold and apart from found values; the unsolved picture has only givens.
    let sudoku = instance_lines("sudoku-x.puz");
    let givens = sudoku.iter().flat_map(|l| l.chars()).filter(|c| c.is_ascii_digit()).count();
    assert_eq!((count(&svg, "given"), count(&svg, "value")), (givens, 0));
    let solved = answer_of("sudoku-x.puz");
    assert_eq!((count(&solved, "given"), count(&solved, "value")), (givens, 81 - givens));
}

#[test]
fn thermometers_are_drawn_with_a_bulb() {
    let dir = scratch("thermo");
    let spec = write(
        &dir,
        "thermo.puz",
        "board grid[3, 3] of 1..=3\nfill grid\nregion row(r) = { (r, c) for c in 0..3 } for r in 0..3\n\
         region col(c) = { (r, c) for r in 0..3 } for c in 0..3\neach row, col holds each value exactly once\n\
         region thermo = [(2, 0), (1, 0), (0, 0)]\ndraw thermo as thermometers\n",
    );
    let svg = drawn(&[&spec]);
    assert_eq!(count(&svg, "thermometer"), 1);
    // The bulb is on the first cell, (2, 0): its centre is at (10 + 20, 34 + 100).
    assert!(svg.contains("cx=\"30\" cy=\"134\""), "{svg}");
}

#[test]
fn played_boards_show_glyphs_pieces_and_the_goal() {
    // Sokoban (an XSB level after its size line): `$` and `@` as themselves, every wall `#`
    // a dark cell and every empty goal square `.` a ring (its `draw value` statements).
    let soko = instance_lines("sokoban.puz");
    let level = || soko[1..].iter().flat_map(|l| l.chars());
    let svg = drawn(&["puzzles/sokoban.puz"]);
    assert_eq!(count(&svg, "wall"), level().filter(|&c| c == '#').count());
    assert_eq!(count(&svg, "ring"), level().filter(|&c| c == '.').count());
    assert!(svg.contains(">\n$\n<") && svg.contains(">\n@\n<"), "glyphs");
    assert!(!svg.contains(">\n1\n<") && !svg.contains(">\n2\n<"), "codes shown instead of glyphs");
    // Klotski: ten pieces, each one shape with one letter; the goal piece outlined in red
    // and its goal place dashed.
    let svg = drawn(&["puzzles/klotski.puz"]);
    let letters = distinct(&instance_lines("klotski.puz").iter().map(|l| l.replace('.', "")).collect::<Vec<_>>());
    assert_eq!(count(&svg, "piece"), letters);
    assert_eq!((count(&svg, "goal"), count(&svg, "goal-piece")), (1, 1));
    // Rush Hour: one shape per letter, the red car marked; the walls (`x`, a piece no move
    // slides) dark, without a letter.
    let rush = instance_lines("rush-hour.puz");
    let letters = distinct(&rush.iter().map(|l| l.replace(['.', 'x'], "")).collect::<Vec<_>>());
    let walls = rush.iter().flat_map(|l| l.chars()).filter(|&c| c == 'x').count();
    assert!(walls > 0);
    let svg = drawn(&["puzzles/rush-hour.puz"]);
    assert_eq!((count(&svg, "piece"), count(&svg, "wall")), (letters, walls));
    assert!(groups(&svg, "wall").iter().all(|w| w.contains("fill=\"#333\"") && texts(w).is_empty()));
    assert!(!svg.contains(">\nx\n<"), "a wall shows no letter");
    assert_eq!(count(&svg, "goal-piece"), 1);
    // Triangular peg solitaire: 15 hexagons (six corners each) in rows shifted left.
    let svg = drawn(&["puzzles/peg-triangle.puz"]);
    let hexagons = svg.matches("<polygon").count();
    assert!(hexagons >= 15, "{hexagons}");
    let row0 = svg.find("points=\"").unwrap();
    assert_eq!(svg[row0..].split('"').nth(1).unwrap().split(' ').count(), 6, "cells are hexagons");
}

#[test]
fn direct_forms_are_drawn_as_what_they_place() {
    // Langford n = 3 (2 3 1 2 1 3 or its mirror): a row of 6 slots, three pairs placed, each
    // number twice.
    let svg = picture(&["puzzles/langford.puz", "--set", "n=3", "--all", "--limit", "1"]);
    assert_eq!(count(&svg, "placed"), 3);
    for k in 1..=3 {
        assert_eq!(svg.matches(&format!(">\n{k}\n</text>")).count(), 2, "{k} twice");
    }
    // Queens stay marks on a board: 4 queens.
    let svg = picture(&["puzzles/queens.puz", "--set", "n=4", "--all", "--limit", "1"]);
    assert_eq!(count(&svg, "mark"), 4);
}

/// The caption texts of a strip: (x of the centre, y, text).
fn captions(svg: &str) -> Vec<(f64, f64, String)> {
    let mut out = Vec::new();
    for g in svg.split("<g class=\"caption\">").skip(1) {
        let g = &g[..g.find("</g>").unwrap()];
        for t in g.split("<text").skip(1) {
            let attr = |name: &str| -> f64 {
                let at = t.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
                t[at..at + t[at..].find('"').unwrap()].parse().unwrap()
            };
            let body = t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].trim().to_string();
            out.push((attr("x"), attr("y"), body));
        }
    }
    out
}

#[test]
fn captions_never_collide() {
    // A generous width of 11 px text, as the layout reckons it (0.62 em a character).
    let width = |s: &str| s.chars().count() as f64 * 0.62 * 11.0;
    for spec in shipped().into_iter().filter(|s| played(s)) {
        let svg = answer_of(&spec);
        let caps = captions(&svg);
        assert!(!caps.is_empty(), "{spec}: no captions");
        for (i, a) in caps.iter().enumerate() {
            for b in &caps[i + 1..] {
                if (a.1 - b.1).abs() < 1.0 {
                    let gap = (a.0 - b.0).abs();
                    assert!(gap >= (width(&a.2) + width(&b.2)) / 2.0, "{spec}: `{}` and `{}` overlap", a.2, b.2);
                }
            }
        }
    }
}

#[test]
fn animate_shows_every_board_in_turn() {
    // SameGame's sample: 4 clicks, so 5 boards, one frame each, each animated.
    let svg = picture(&["puzzles/samegame.puz", "--animate"]);
    assert_eq!(count(&svg, "frame"), 5);
    assert_eq!(svg.matches("<animate").count(), 5);
    assert!(ink(&render(&svg)) > 0.05, "the first frame is drawn");
    let r = run(&["solve", "puzzles/samegame.puz", "--animate"], None);
    assert_eq!(r.code, 2);
    assert!(r.err.contains("--format svg"), "{}", r.err);
}

#[test]
fn samegame_strip_marks_the_cells_each_move_changed() {
    let svg = picture(&["puzzles/samegame.puz"]);
    let pixmap = render(&svg);
    // The red of the marks (#d00000) is drawn: each move changes some cells.
    let red = pixmap.pixels().iter().filter(|c| c.red() > 180 && c.green() < 40 && c.blue() < 40).count();
    assert!(red > 100, "{red} red pixels");
    assert!(svg.contains("\nstart\n") && svg.contains("click 2 2"), "captions");
}

#[test]
fn svg_snapshots() {
    insta::assert_snapshot!("svg_queens_4", picture(&["puzzles/queens.puz", "--set", "n=4", "--all", "--limit", "1"]));
    insta::assert_snapshot!("svg_tetravex", picture(&["puzzles/tetravex.puz"]));
    insta::assert_snapshot!(
        "svg_langford_3",
        picture(&["puzzles/langford.puz", "--set", "n=3", "--all", "--limit", "1"])
    );
    insta::assert_snapshot!("svg_samegame", picture(&["puzzles/samegame.puz"]));
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
        assert!(ink(&render(&svg)) > 0.1);
        // Six queens, one circle each.
        assert_eq!(svg.matches("<circle").count(), 6);
    }
}

#[test]
fn draw_writes_one_file_per_instance() {
    let dir = scratch("draw-out");
    let d = dir.join("pics");
    // UVA 211's sample holds 3 layouts of dominoes.
    let out = run_ok(&["draw", "puzzles/uva211.puz", "--output", d.to_str().unwrap()], None, 0);
    let mut names: Vec<String> =
        std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    let cases = out.lines().count();
    assert!(cases >= 2, "{out}");
    assert_eq!(names, (1..=cases).map(|k| format!("uva211-{k}.svg")).collect::<Vec<_>>());
    // A bad spec is a bad spec for draw too.
    let bad = write(&dir, "bad.puz", "board grid[2, 2] of 1..=2\ndraw box as outlines\n");
    let r = run(&["draw", &bad], None);
    assert_eq!(r.code, 3, "{}", r.err);
    assert!(r.err.contains("E101"), "{}", r.err);
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

/// The largest answer picture the gallery keeps, in bytes.
const MAX_GALLERY_PICTURE: usize = 100_000;

/// The gallery page: every shipped puzzle unsolved and solved, as puzc draws it.
fn gallery() -> (String, Vec<(String, String)>) {
    let mut page = String::from(
        "# Gallery\n\nEvery shipped puzzle as `puzc draw` shows it unsolved and `puzc solve --format svg` \
         shows its first answer. Made by `PUZC_UPDATE_DOCS=1 cargo test --release --test suite \
         pictures::gallery_is_current`, which a test checks for drift.\n",
    );
    let mut files = Vec::new();
    for spec in shipped() {
        let stem = spec.trim_end_matches(".puz");
        let path = format!("puzzles/{spec}");
        page += &format!("\n## {stem}\n\n[`puzzles/{spec}`](../puzzles/{spec})\n\n");
        page += &format!("![{stem}, unsolved](pictures/gallery/{stem}.svg)\n");
        files.push((format!("{stem}.svg"), drawn(&[&path]) + "\n"));
        // Long traces (Klotski's 81 moves) stay out of the repository: the command draws them.
        let answer = answer_of(&spec) + "\n";
        if answer.len() <= MAX_GALLERY_PICTURE {
            page += &format!("![{stem}, solved](pictures/gallery/{stem}-answer.svg)\n");
            files.push((format!("{stem}-answer.svg"), answer));
        } else {
            page += &format!(
                "\nSolved: `puzc solve puzzles/{spec} --format svg` (a strip of every move; add `--animate` for one board that steps through them).\n"
            );
        }
    }
    (page, files)
}

/// The pictures in docs/ (the README's and the gallery) are what puzc draws today.
#[test]
fn gallery_is_current() {
    let dir = root().join("docs/pictures/gallery");
    let (page, files) = gallery();
    let mut wanted = vec![("../../gallery.md".to_string(), page)];
    wanted.extend(files);
    wanted.push(("../pentomino.svg".into(), picture(&["puzzles/pentomino.puz", "--all", "--limit", "1"])));
    wanted.push(("../samegame.svg".into(), picture(&["puzzles/samegame.puz"])));
    let update = std::env::var_os("PUZC_UPDATE_DOCS").is_some();
    let mut stale = Vec::new();
    for (name, text) in &wanted {
        let path = dir.join(name);
        if std::fs::read_to_string(&path).ok().as_ref() != Some(text) {
            if update {
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                std::fs::write(&path, text).unwrap();
            } else {
                stale.push(name.clone());
            }
        }
    }
    // A picture no longer drawn is stale too.
    let names: Vec<&str> = wanted.iter().map(|(n, _)| n.as_str()).collect();
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let name = entry.file_name().into_string().unwrap();
        if !names.contains(&name.as_str()) {
            if update {
                std::fs::remove_file(entry.path()).unwrap();
            } else {
                stale.push(name);
            }
        }
    }
    let total: usize = wanted.iter().map(|(_, t)| t.len()).sum();
    assert!(total < 1_500_000, "the gallery is {total} bytes");
    assert!(
        stale.is_empty(),
        "stale in docs/pictures/gallery: {stale:?}; regenerate with PUZC_UPDATE_DOCS=1 cargo test --release --test suite pictures::gallery_is_current"
    );
}

/// The elements of the SVG whose group carries `class`, each from its `<g` to its own
/// `</g>` (groups nest).
fn groups<'a>(svg: &'a str, class: &str) -> Vec<&'a str> {
    let open = format!("<g class=\"{class}\"");
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = svg[from..].find(&open).map(|k| k + from) {
        let (mut depth, mut k) = (0usize, at);
        loop {
            let (o, c) = (svg[k..].find("<g"), svg[k..].find("</g>"));
            match (o, c) {
                (Some(o), Some(c)) if o < c => {
                    depth += 1;
                    k += o + 2;
                }
                (_, Some(c)) => {
                    depth -= 1;
                    k += c + 4;
                    if depth == 0 {
                        break;
                    }
                }
                _ => panic!("unbalanced groups"),
            }
        }
        out.push(&svg[at..k]);
        from = k;
    }
    out
}

/// The texts of a piece of SVG, in order.
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .map(|t| t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].trim().to_string())
        .collect()
}

/// The corner counts of the polygons of a piece of SVG.
fn polygons(svg: &str) -> Vec<usize> {
    svg.split("<polygon")
        .skip(1)
        .map(|p| p.split("points=\"").nth(1).unwrap().split('"').next().unwrap().split(' ').count())
        .collect()
}

/// The `piece NAME = ...` lines of a shipped spec, their names.
fn piece_names(spec: &str) -> Vec<String> {
    let text = std::fs::read_to_string(root().join("puzzles").join(spec)).unwrap();
    text.lines()
        .filter_map(|l| l.strip_prefix("piece "))
        .map(|l| l.split([' ', '=', '(']).next().unwrap().to_string())
        .collect()
}

#[test]
fn unsolved_pieces_and_tiles_lie_in_a_tray_beside_the_board() {
    // Pentominoes: the twelve `piece` lines, each one shape of five squares with its name.
    for spec in ["pentomino.puz", "pentomino-square.puz"] {
        let svg = drawn(&[&format!("puzzles/{spec}")]);
        let tray = groups(&svg, "tray-piece");
        let names = piece_names(spec);
        assert_eq!(tray.len(), names.len(), "{spec}");
        for (piece, name) in tray.iter().zip(&names) {
            assert_eq!(polygons(piece), [4; 5], "{spec} {name}: five squares");
            assert_eq!(texts(piece), std::slice::from_ref(name), "{spec}: {name} named");
        }
    }
    // Tetrahexes: seven pieces of four hexagons. Lozenges: one piece of two triangles,
    // placed 27 times (`times 27`).
    let svg = drawn(&["puzzles/tetrahex.puz"]);
    let tray = groups(&svg, "tray-piece");
    assert_eq!(tray.len(), piece_names("tetrahex.puz").len());
    assert!(tray.iter().all(|p| polygons(p) == [6; 4]), "four hexagons each");
    let tray = groups(&drawn(&["puzzles/lozenge.puz"]), "tray-piece").iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(tray.len(), 1);
    assert_eq!(polygons(&tray[0]), [3, 3]);
    assert_eq!(texts(&tray[0]), ["D", "×27"]);
    // Tetravex: each tile of the instance (`top right bottom left`) is a tile of the tray
    // showing those numbers in that order; identical tiles are one tile `×N`.
    let lines = instance_lines("tetravex.puz");
    let mut tiles: Vec<Vec<String>> =
        lines[1..].iter().map(|l| l.split_whitespace().map(str::to_string).collect()).collect();
    tiles.sort();
    tiles.dedup();
    let svg = drawn(&["puzzles/tetravex.puz"]);
    let mut drawn_tiles: Vec<Vec<String>> = groups(&svg, "tray-piece").iter().map(|t| texts(t)).collect();
    drawn_tiles.sort();
    assert_eq!(drawn_tiles, tiles);
    // MacMahon's squares: 24 three-colour squares up to turning (MacMahon, 1921), each four
    // triangles.
    let tray =
        groups(&drawn(&["puzzles/macmahon.puz"]), "tray-piece").iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(tray.len(), 24);
    assert!(tray.iter().all(|t| polygons(t) == [3; 4]));
    // Dominoes: the 28 bones of a double-six set, each showing its two pips once.
    let svg = drawn(&["puzzles/domino.puz"]);
    let mut bones: Vec<Vec<String>> = groups(&svg, "tray-piece").iter().map(|t| texts(t)).collect();
    bones.sort();
    let mut all: Vec<Vec<String>> =
        (0..=6).flat_map(|a| (a..=6).map(move |b| vec![a.to_string(), b.to_string()])).collect();
    all.sort();
    assert_eq!(bones, all);
    // Solved pictures have no tray.
    assert_eq!(count(&answer_of("pentomino.puz"), "tray-piece"), 0);
}

#[test]
fn declared_glyphs_draw_pegs_and_holes() {
    // Peg solitaire: `draw value 1 as disc`, `0 as ring`: a disc per peg and a ring per
    // empty hole of the instance, no digit drawn.
    for spec in ["peg-solitaire.puz", "peg-triangle.puz"] {
        let holes: String = instance_lines(spec).concat();
        let svg = drawn(&[&format!("puzzles/{spec}")]);
        let pegs = holes.chars().filter(|&c| c == '1').count();
        let empty = holes.chars().filter(|&c| c == '0').count();
        assert_eq!((count(&svg, "disc"), count(&svg, "ring")), (pegs, empty), "{spec}");
        assert!(!svg.contains(">\n1\n<") && !svg.contains(">\n0\n<"), "{spec}: digits drawn");
    }
    // The end of English peg solitaire: one peg, 32 holes.
    let end = picture(&["puzzles/peg-solitaire.puz"]);
    let last = end.rsplit("<g class=\"caption\">").next().unwrap();
    assert_eq!((count(last, "disc"), count(last, "ring")), (1, 32));
    // A value the board does not hold is refused.
    let dir = scratch("glyph");
    let bad = write(&dir, "bad.puz", "board b[2, 2] of 0..=1\nfill b\ndraw value 2 as disc\n");
    let r = run(&["draw", &bad], None);
    assert!(r.code != 0 && r.err.contains("E103"), "{}", r.err);
}

#[test]
fn clues_outside_the_board_are_drawn_beside_it() {
    // Skyscrapers: every digit of the instance picture is a clue, the border's outside the
    // grid; the picture is n + 2 cells of 40 px wide (10 px margins).
    let pic = instance_lines("skyscrapers.puz");
    let n: usize = pic[0].trim().parse().unwrap();
    let digits = pic[1..].iter().flat_map(|l| l.chars()).filter(|c| c.is_ascii_digit()).count();
    let svg = drawn(&["puzzles/skyscrapers.puz"]);
    assert_eq!(count(&svg, "clue"), digits);
    assert!(svg.contains(&format!("width=\"{}\"", (n + 2) * 40 + 20)), "widened by a column each side");
    // Nonogram: h row clues and w column clues, one text per run length (a `0` for none).
    let lines = instance_lines("nonogram.puz");
    let runs: usize = lines[1..].iter().map(|l| l.split(',').count()).sum();
    let svg = drawn(&["puzzles/nonogram.puz"]);
    assert_eq!(count(&svg, "clue"), runs);
    // Its answer shades the `#` cells of the text answer (`draw value '#' as wall`).
    let text = run_ok(&["solve", "puzzles/nonogram.puz"], None, 0);
    let shaded = text.chars().filter(|&c| c == '#').count();
    assert_eq!(count(&picture(&["puzzles/nonogram.puz"]), "wall"), shaded);
    // Beyond the board's own size from it: G201.
    let dir = scratch("outside");
    let bad = write(&dir, "bad.puz", "board g[2, 2] of 1..=2\nfill g\ndraw clue (0, -3) = 1\n");
    let r = run(&["draw", &bad], None);
    assert!(r.code != 0 && r.err.contains("G201"), "{}", r.err);
}

/// Pencil puzzles drawn as their players draw them (issue 27): the clue grid's numbers in
/// their cells, shaded cells dark with their number in white, lights and stars as discs, a
/// fleet's counts beside the board, Futoshiki's signs on the sides between cells. Every count
/// below comes from the spec's instance or text answer, not from the picture.
#[test]
fn pencil_puzzles_show_their_clues_and_shading() {
    let words = |spec: &str, skip: usize| -> Vec<String> {
        instance_lines(spec)[skip..].iter().flat_map(|l| l.split_whitespace().map(str::to_string)).collect()
    };
    let shaded = |spec: &str| run_ok(&["solve", &format!("puzzles/{spec}")], None, 0).matches('#').count();
    // Hitori: a number in every cell, before and after; the shaded cells (`#` in the text
    // answer) dark, and the clue on each of them white.
    let nums = words("hitori.puz", 1);
    let (unsolved, solved) = (drawn(&["puzzles/hitori.puz"]), picture(&["puzzles/hitori.puz"]));
    assert_eq!((count(&unsolved, "clue"), count(&solved, "clue")), (nums.len(), nums.len()));
    assert_eq!(count(&solved, "wall"), shaded("hitori.puz"));
    assert_eq!(solved.matches("class=\"clue\" fill=\"white\"").count(), shaded("hitori.puz"));
    // Nurikabe and Kurodoko: a clue per number, the sea (the shaded cells) dark.
    for (spec, skip) in [("nurikabe.puz", 1), ("kurodoko.puz", 1)] {
        let clues = words(spec, skip).iter().filter(|w| *w != "-").count();
        let solved = picture(&[&format!("puzzles/{spec}")]);
        assert_eq!(count(&solved, "clue"), clues, "{spec}");
        assert_eq!(count(&solved, "wall"), shaded(spec), "{spec}");
    }
    // Akari and Star Battle: a disc per light or star of the text answer.
    for (spec, mark) in [("akari.puz", 'L'), ("star-battle.puz", '*')] {
        let marks = run_ok(&["solve", &format!("puzzles/{spec}")], None, 0).matches(mark).count();
        assert!(marks > 0, "{spec}");
        assert_eq!(count(&picture(&[&format!("puzzles/{spec}")]), "disc"), marks, "{spec}");
    }
    // Battleships: the 2n counts beside the board, and the hint cell `o` a disc.
    let fleet = instance_lines("battleships.puz");
    let n: usize = fleet[0].trim().parse().unwrap();
    let svg = drawn(&["puzzles/battleships.puz"]);
    assert_eq!(count(&svg, "clue"), 2 * n);
    let hints = words("battleships.puz", 3).iter().filter(|w| *w == "o").count();
    assert_eq!(count(&svg, "disc"), hints);
    // Futoshiki: a sign on a side for every sign of the picture, the given digits as clues
    // unsolved and as givens (bold, no clue over them) solved.
    let pic = instance_lines("futoshiki.puz");
    let cells: Vec<String> = pic[1..].iter().map(|l| l.split_whitespace().collect()).collect();
    let signs = cells.iter().enumerate().flat_map(|(r, l)| l.chars().enumerate().map(move |(c, ch)| (r, c, ch)));
    let signs = signs.filter(|&(r, c, ch)| (r + c) % 2 == 1 && ch != '.').count();
    let digits = cells.iter().step_by(2).flat_map(|l| l.chars().step_by(2)).filter(|c| c.is_ascii_digit()).count();
    let (unsolved, solved) = (drawn(&["puzzles/futoshiki.puz"]), picture(&["puzzles/futoshiki.puz"]));
    assert_eq!((count(&unsolved, "edge-clue"), count(&solved, "edge-clue")), (signs, signs));
    assert_eq!((count(&unsolved, "clue"), count(&solved, "clue")), (digits, 0));
    assert_eq!(count(&solved, "given"), digits);
}

/// `draw` statements on boards of hexagons and triangles draw what they draw on squares:
/// black cells, clues, clues between cells, marks, outlines, cages, lines and thermometers,
/// each element with the class it has on squares. A clue beside such a board (where there are
/// no rows of cells to lay it out in) and a clue between cells that share no side are refused.
#[test]
fn decorations_are_drawn_on_hexagons_and_triangles() {
    let dir = scratch("lattice-decor");
    let body = "fill g\n\
        region area(k) = { (r, c) for r in 0..3, c in 0..4 where c / 2 == k } for k in 0..2\n\
        region cage(k) = { (r, c) for r in 0..3, c in 0..4 where c / 2 == k } for k in 0..2\n\
        region line = [(0, 0), (1, 0), (2, 0)]\nregion t = [(0, 3), (1, 2), (2, 1)]\n\
        each cage(k) sums to 6 + k\n\
        draw area as outlines\ndraw cage as cages\ndraw line as lines\ndraw t as thermometers\n\
        draw black { (0, 1), (2, 2) }\ndraw clue (0, 1) = 7\ndraw clue (1, 1) = \"a\"\n\
        draw mark { (2, 3) }\ndraw clue between (1, 2), (1, 3) = '<'\n";
    for lattice in ["hexagons", "triangles"] {
        let spec =
            write(&dir, &format!("{lattice}.puz"), &format!("board g[3, 4] of 1..=3, lattice {lattice}\n{body}"));
        for svg in [drawn(&[&spec]), picture(&[&spec])] {
            let got: Vec<usize> = ["black", "clue", "edge-clue", "mark", "region", "cage", "line", "thermometer"]
                .map(|k| count(&svg, k))
                .into();
            assert_eq!(got, [2, 2, 1, 1, 2, 2, 1, 1], "{lattice}: {svg}");
            // The clue on the black cell is white.
            assert_eq!(svg.matches("class=\"clue\" fill=\"white\"").count(), 1, "{lattice}");
        }
        let beside = write(
            &dir,
            &format!("{lattice}-beside.puz"),
            &format!("board g[2, 2] of 1..=2, lattice {lattice}\nfill g\ndraw clue (0, -1) = 1\n"),
        );
        let r = run(&["draw", &beside], None);
        assert!(r.code == 3 && r.err.contains("G201") && r.err.contains("only boards of squares"), "{}", r.err);
    }
    let apart = write(&dir, "apart.puz", "board g[2, 3] of 1..=2\nfill g\ndraw clue between (0, 0), (1, 1) = '<'\n");
    let r = run(&["draw", &apart], None);
    assert!(r.code == 3 && r.err.contains("G225") && r.err.contains("share no side"), "{}", r.err);
}

#[test]
fn tents_draws_trees_tents_and_the_counts_beside_the_board() {
    // Tents: rows and columns, the column counts, the row counts, then the picture. Every `x`
    // is a tree before and after solving; the answer has as many tents as the counts add up
    // to; each count is written beside its row or column.
    let lines = instance_lines("tents.puz");
    let trees = lines[3..].iter().flat_map(|l| l.split_whitespace()).filter(|w| *w == "x").count();
    let tents: usize = lines[2].split_whitespace().map(|w| w.parse::<usize>().unwrap()).sum();
    let svg = drawn(&["puzzles/tents.puz"]);
    assert_eq!(count(&svg, "tree"), trees);
    assert_eq!(count(&svg, "tent"), 0);
    assert_eq!(count(&svg, "clue"), lines[1].split_whitespace().count() + lines[2].split_whitespace().count());
    let answer = answer_of("tents.puz");
    assert_eq!(count(&answer, "tree"), trees);
    assert_eq!(count(&answer, "tent"), tents);
}
