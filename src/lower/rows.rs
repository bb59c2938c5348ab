//! How the cells of a grid are laid out over the lines of instance data (or of a picture,
//! where `/` is a line break).
//!
//! Line breaks are blanks, but a grid whose first token starts a line must keep to its rows
//! where they show: every line is either a part of one row (a row may go on over several
//! lines) or a run of whole rows (a row to a line, or the whole grid on one line). A row of
//! a board with holes may also leave its holes out: a line holding exactly as many tokens as
//! the row has cells is that row (a triangle written as rows of 1, 2, 3 … cells). Anything
//! else is an error where it shows: a row of 10 digits on a board of 9 columns is named
//! there, not read as a grid shifted by one cell from there on. A grid that starts in the
//! middle of a line is read as a stream of tokens, without these checks.
use super::eval::R;
use super::instance::InstanceReader;
use crate::diag::{Code, Diagnostic, Span, plural};
use std::fmt::Display;

/// The shape of a grid to read and how its errors are worded.
pub struct Layout<'n> {
    /// How messages name the grid: `` `b` `` or `` grid `cages` ``.
    pub name: &'n str,
    pub rows: usize,
    pub cols: usize,
    /// The cells of the board (`false` for a hole), when a row may be written without its holes.
    pub on: Option<&'n [bool]>,
    /// Tokens are single characters (else blank-separated words).
    pub by_char: bool,
    /// The code of a row that does not fit (I302 in instance data, G206 in a spec's picture).
    pub code: Code,
}

/// Reads the `rows × cols` cells of `lay` in reading order, handing each to `put`: the cell,
/// its token (`None` for a hole its row left out) and the span to blame.
pub fn read_cells<'a>(
    reader: &mut InstanceReader<'a>,
    lay: &Layout,
    what: &dyn Display,
    put: &mut impl FnMut(usize, Option<&'a str>, Span) -> R<()>,
) -> R<()> {
    // Comments before the grid's first token are no news; one skipped inside it may be
    // the row that went missing.
    let starts_line = reader.next_starts_line();
    let comment_before = reader.last_comment();
    read(reader, lay, what, put, starts_line).map_err(|d| match reader.last_comment() {
        Some(c) if Some(c) != comment_before => d.related(
            c,
            "skipped as a comment: a line starting with `#` is a row only where `#` is a value of the board",
        ),
        _ => d,
    })
}

fn read<'a>(
    reader: &mut InstanceReader<'a>,
    lay: &Layout,
    what: &dyn Display,
    put: &mut impl FnMut(usize, Option<&'a str>, Span) -> R<()>,
    starts_line: bool,
) -> R<()> {
    let (rows, cols) = (lay.rows, lay.cols);
    let n = rows * cols;
    let token = |reader: &mut InstanceReader<'a>| if lay.by_char { reader.char(what) } else { reader.word(what) };
    if n == 0 {
        return Ok(());
    }
    if !starts_line {
        for cell in 0..n {
            let (t, s) = token(reader)?;
            put(cell, Some(t), s)?;
        }
        return Ok(());
    }
    let mut line: Vec<(&'a str, Span)> = Vec::with_capacity(cols.min(n) + 1);
    let mut cell = 0;
    // Lines read so far of the row the next line continues (0 at a row's start).
    let mut row_lines = 0;
    while cell < n {
        let (r, c) = (cell / cols, cell % cols);
        let left = n - cell;
        line.clear();
        loop {
            line.push(token(reader)?);
            if line.len() > left || reader.next_starts_line() {
                break;
            }
        }
        let k = line.len();
        if c == 0
            && let Some(on) = lay.on.map(|on| &on[cell..cell + cols])
            && k < cols
            && on.iter().filter(|&&b| b).count() == k
        {
            // The row without its holes.
            let mut toks = line.iter();
            for (i, &is_on) in on.iter().enumerate() {
                match is_on.then(|| toks.next()).flatten() {
                    Some(&(t, s)) => put(cell + i, Some(t), s)?,
                    None => put(cell + i, None, line[0].1)?,
                }
            }
            cell += cols;
            continue;
        }
        let fits = if c == 0 { k < cols || k.is_multiple_of(cols) } else { k <= cols - c };
        if fits && k <= left {
            for (i, &(t, s)) in line.iter().enumerate() {
                put(cell + i, Some(t), s)?;
            }
            cell += k;
            row_lines = if cell % cols == 0 { 0 } else { row_lines + 1 };
            continue;
        }
        return Err(misfit(lay, &line, r, c, row_lines));
    }
    Ok(())
}

/// The line that does not fit the rows, named where it shows.
fn misfit(lay: &Layout, line: &[(&str, Span)], r: usize, c: usize, row_lines: usize) -> Diagnostic {
    let (rows, cols, name) = (lay.rows, lay.cols, lay.name);
    let mut help = format!(
        "each row holds {} (`.` for an unknown cell), written on one line, over several \
         lines, or with other whole rows on one line",
        plural(cols, "value")
    );
    if lay.on.is_some_and(|on| on.contains(&false)) {
        help.push_str("; a row with holes may leave them out and hold only its cells");
    }
    let d = if c > 0 {
        if row_lines == 1 && line.len() >= cols {
            // One short line, then a line that would be a whole row: the short one is a row.
            Diagnostic::new(lay.code, line[0].1, format!("row {} of {name} holds only {}", r + 1, plural(c, "value")))
                .label(format!("the next line starts here, {} short of row {}", plural(cols - c, "value"), r + 1))
        } else {
            Diagnostic::new(
                lay.code,
                line[cols - c].1,
                format!("a line goes on past the end of row {} of {name}", r + 1),
            )
            .label(format!("row {} ends before this value", r + 1))
        }
    } else if r == 0 && rows > 1 && line.len() > rows * cols {
        help = format!("a grid written on one line holds exactly {} values", rows * cols);
        Diagnostic::new(
            lay.code,
            line[rows * cols].1,
            format!("the line goes on past the {} cells of {name}", rows * cols),
        )
        .label("one value too many")
    } else {
        let whole = (line.len() / cols).min(rows - r);
        Diagnostic::new(
            lay.code,
            line[whole * cols].1,
            format!("row {} of {name} holds more than {}", r + whole, plural(cols, "value")),
        )
        .label("one value too many")
    };
    d.help(help)
}
