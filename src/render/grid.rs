//! Drawing a board as rows of text: one token per cell, `.` for a hole or an empty cell.
//! Single-character tokens are written side by side (`534678912`); longer ones are
//! right-aligned to the widest and separated by a space (` 1 12  3`).
pub fn draw(rows: usize, cols: usize, token: impl Fn(usize) -> Option<String>) -> String {
    let cells: Vec<String> = (0..rows * cols).map(|c| token(c).unwrap_or_else(|| ".".into())).collect();
    let width = cells.iter().map(|t| t.chars().count()).max().unwrap_or(1);
    let mut out = String::new();
    for r in 0..rows {
        let row = &cells[r * cols..(r + 1) * cols];
        let line: Vec<String> = row.iter().map(|t| format!("{t:>width$}")).collect();
        out.push_str(&line.join(if width == 1 { "" } else { " " }));
        out.push('\n');
    }
    out
}
