//! Reading specs and instance data as the docs promise (issue 24): an importing spec's
//! `print`, `instance`, `cases`, `answer` and `place` replace the imported ones; grids whose
//! rows go on over several lines, several rows to a line, or rows of a board with holes
//! written without them (triangles); boards whose values include `#` (Sokoban walls); a
//! byte-order mark anywhere. The errors these paths can give are UI cases in `tests/ui/`.

use crate::common;

use common::*;

/// Rules with their own `print`, `cases` and `answer`, and a spec that imports them.
const RULES: &str = "\
board b[1, 3] of 1..=3
given b from instance
fill b
region row = { (0, c) for c in 0..3 }
each row holds each value exactly once
cases until 0
print \"rules {board}\\n\"
answer first
instance \"\"\"
1..
0
\"\"\"
";

#[test]
fn an_importing_spec_replaces_print_cases_and_instance() {
    let dir = scratch("import-override");
    write(&dir, "rules.puz", RULES);
    // The rules alone: their print, their cases, their instance.
    assert_eq!(run_ok(&["solve", &dir.join("rules.puz").to_string_lossy()], None, 0), "rules 123\n");
    let main = write(
        &dir,
        "main.puz",
        "import \"rules.puz\"\nprint \"mine {board}\\n\"\ncases counted\ninstance \"\"\"\n2\n.2.\n..1\n\"\"\"\n",
    );
    // Two cases counted (the rules' `cases until 0` would read `2` as a row), printed with
    // the importer's template; each a row of 1..=3 once each, keeping its givens.
    let out = run_ok(&["solve", &main], None, 0);
    let rows: Vec<&str> = out.lines().map(|l| l.strip_prefix("mine ").expect("the importer's print")).collect();
    assert_eq!(rows.len(), 2, "{out}");
    for (row, given) in rows.iter().zip([".2.", "..1"]) {
        let mut sorted: Vec<char> = row.chars().collect();
        sorted.sort();
        assert_eq!(sorted, ['1', '2', '3'], "{out}");
        assert!(row.chars().zip(given.chars()).all(|(a, g)| g == '.' || a == g), "{out}");
    }
}

#[test]
fn a_print_before_the_import_still_replaces_the_imported_one() {
    let dir = scratch("import-override-before");
    write(&dir, "rules.puz", RULES);
    let main =
        write(&dir, "main.puz", "print \"mine {board}\\n\"\nimport \"rules.puz\"\ninstance \"\"\"\n1..\n0\n\"\"\"\n");
    assert_eq!(run_ok(&["solve", &main], None, 0), "mine 123\n");
}

#[test]
fn of_two_imports_the_later_print_wins() {
    let dir = scratch("import-two");
    write(&dir, "rules.puz", RULES);
    write(&dir, "show.puz", "print between cases \"--\\n\"\nprint \"show {board}\\n\"\n");
    let main =
        write(&dir, "main.puz", "import \"rules.puz\"\nimport \"show.puz\"\ninstance \"\"\"\n1..\n1..\n0\n\"\"\"\n");
    assert_eq!(run_ok(&["solve", &main], None, 0), "show 123\n--\nshow 123\n");
}

/// A 2×2 box covered by two dominoes: 1 way without turning them (both horizontal), 2 with
/// (both horizontal or both vertical) — counted by hand.
#[test]
fn an_importing_spec_replaces_place_and_answer() {
    let dir = scratch("import-place");
    write(&dir, "tiling.puz", "board box[2, 2]\npiece D = \"##\" times 2\nplace D on box\nanswer first\n");
    assert_eq!(run_ok(&["solve", &dir.join("tiling.puz").to_string_lossy(), "--count"], None, 0), "1\n");
    let main = write(&dir, "turned.puz", "import \"tiling.puz\"\nplace D on box, rotate\nanswer count\n");
    assert_eq!(run_ok(&["solve", &main], None, 0), "2\n");
}

/// A 4×4 Latin square with givens, written four ways: the answers agree.
#[test]
fn rows_may_go_on_over_lines_and_lines_may_hold_whole_rows() {
    let dir = scratch("layouts");
    let spec = write(
        &dir,
        "latin.puz",
        "board g[4, 4] of 1..=4\ngiven g from instance\nfill g\n\
         region row(r) = { (r, c) for c in 0..4 } for r in 0..4\n\
         region col(c) = { (r, c) for r in 0..4 } for c in 0..4\n\
         each row, col holds each value exactly once\n",
    );
    let rows = ["12..", "..1.", "....", "...1"];
    let layouts = [
        rows.map(|r| format!("{r}\n")).concat(),
        format!("{}\n", rows.concat()),
        format!("{}\n{}\n{}{}\n", rows[0], rows[1], rows[2], rows[3]),
        "12\n..\n..\n1.\n....\n...\n1\n".to_string(),
    ];
    let first = run_ok(&["solve", &spec, "--instance", "-"], Some(&layouts[0]), 0);
    for l in &layouts[1..] {
        assert_eq!(run_ok(&["solve", &spec, "--instance", "-"], Some(l), 0), first, "layout:\n{l}");
    }
}

/// Triangular peg solitaire's holes, written as rows of 1 to 5 cells (the holes of the mask
/// left out), play as the shipped picture with its holes drawn.
#[test]
fn a_triangle_may_be_written_without_its_holes() {
    let shipped = run_ok(&["solve", "puzzles/peg-triangle.puz"], None, 0);
    let ragged =
        run_ok(&["solve", "puzzles/peg-triangle.puz", "--instance", "-"], Some("0\n11\n111\n1111\n11111\n"), 0);
    assert_eq!(ragged, shipped);
    // A hexagon-like mask, centred: each row's cells are the ones the mask keeps.
    let dir = scratch("ragged");
    let spec = write(
        &dir,
        "hex.puz",
        "board h[3, 4] of 1..=9, mask \"\"\"\n.##.\n####\n.##.\n\"\"\"\ngiven h from instance\nfill h\n\
         print \"{board}\\n\"\n",
    );
    let out = run_ok(&["solve", &spec, "--instance", "-"], Some("12\n3456\n78\n"), 0);
    let full = run_ok(&["solve", &spec, "--instance", "-"], Some(".12.\n3456\n.78.\n"), 0);
    assert_eq!(out, full);
    assert!(out.contains("12") && out.contains("3456") && out.contains("78"), "{out}");
}

/// A Sokoban level in the standard characters (`#` wall, `$` box, `@` player; floor `-`, the
/// goal `.` read as floor and named in the spec): every row starts with `#`, and the header
/// line, which cannot be a row, is a comment. 5 moves is the fewest, by hand: two pushes
/// right, two steps round the box, one push up (pushing up first costs 7).
#[test]
fn a_sokoban_level_whose_rows_start_with_walls_reads() {
    let dir = scratch("sokoban");
    let spec = write(
        &dir,
        "sok.puz",
        "board level[5, 7] of ['#', '$', '@']\ngiven level from instance\n\
         move step(r, c, dr, dc) for r in 0..5, c in 0..7, (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)]\n\
         \x20   when level(r, c) == '@' and level(r + dr, c + dc) == '.'\n\
         \x20   do swap (r, c), (r + dr, c + dc)\n\
         move push(r, c, dr, dc) for r in 0..5, c in 0..7, (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)]\n\
         \x20   when level(r, c) == '@' and level(r + dr, c + dc) == '$' and level(r + 2 * dr, c + 2 * dc) == '.'\n\
         \x20   do set (r, c) = '.', set (r + dr, c + dc) = '@', set (r + 2 * dr, c + 2 * dc) = '$'\n\
         goal for r in 1..2, c in 5..6 when level(r, c) == '$'\n\
         moves fewest\n\
         print \"{length}\\n\"\n",
    );
    let level = "# Level 1: the box to the goal\n#######\n#.---.#\n#-@$--#\n#-----#\n#######\n";
    assert_eq!(run_ok(&["solve", &spec, "--instance", "-"], Some(level), 0), "5\n");
}

/// `puzc fmt` accepts (and keeps) a leading byte-order mark, as `check` and `solve` do for
/// specs, imports and instance files.
#[test]
fn a_byte_order_mark_is_accepted_everywhere() {
    let dir = scratch("bom");
    let bom = "\u{FEFF}";
    write(&dir, "rules.puz", &format!("{bom}board b[1, 2] of 1..=2\ngiven b from instance\nfill b\n"));
    let main = write(&dir, "main.puz", &format!("{bom}import \"rules.puz\"\nanswer count\n"));
    let inst = write(&dir, "data.txt", &format!("{bom}1.\n"));
    // The given 1 and a free cell of 1..=2: 2 fillings.
    assert_eq!(run_ok(&["solve", &main, "--instance", &inst], None, 0), "2\n");
    assert_eq!(run_ok(&["fmt", "--check", &main], None, 0), "");
    assert_eq!(run_ok(&["fmt", &main], None, 0), format!("{bom}import \"rules.puz\"\nanswer count\n"));
}

/// reference.md walks a grid with `for row in g`: the form works (4 labels that are not
/// `.`, so a free row of 4 cells of 1..=4: 4^4 = 256 fillings).
#[test]
fn a_grid_is_walked_row_by_row() {
    let dir = scratch("walk");
    let spec = write(
        &dir,
        "walk.puz",
        "grid shape[2, 3] = \"AB./.CD\"\nlet n = len([x for row in shape, x in row where x != '.'])\n\
         board b[1, n] of 1..=n\nfill b\nanswer count\n",
    );
    assert_eq!(run_ok(&["solve", &spec], None, 0), "256\n");
}

/// A spec or an imported spec that is not UTF-8 is P006 at its first bad byte (line and
/// column, as for instance data); `check`, `solve` and `fmt` say the same.
#[test]
fn a_spec_that_is_not_utf8_is_p006_at_the_bad_byte() {
    let dir = scratch("latin1");
    // `é` in Latin-1 (0xE9) on line 2, column 8.
    std::fs::write(dir.join("rules.puz"), b"board b[1, 2] of 1..=2\n# caf\xE9\nfill b\n").unwrap();
    let main = write(&dir, "main.puz", "import \"rules.puz\"\nanswer count\n");
    for args in [["check", main.as_str()], ["solve", main.as_str()]] {
        let r = run(&args, None);
        assert_eq!(r.code, 3, "{args:?}: {}", r.err);
        assert!(r.err.contains("P006"), "{}", r.err);
        assert!(r.err.contains("rules.puz:2:6"), "{}", r.err);
        assert!(r.err.contains("byte 0xE9 is not UTF-8"), "{}", r.err);
        assert!(r.err.contains("imported here"), "{}", r.err);
    }
    let rules = dir.join("rules.puz").display().to_string();
    let r = run(&["fmt", "--check", &rules], None);
    assert_eq!(r.code, 3, "{}", r.err);
    assert!(r.err.contains("P006") && r.err.contains("rules.puz:2:6"), "{}", r.err);
}
