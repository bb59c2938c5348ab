//! Lines that are not the same: `no two rows are the same`, `no two columns are the same` and
//! `no two rows or columns are the same` (Binairo's last rule, and any puzzle whose rows or
//! columns must all differ: a Latin rectangle's rows are already distinct, a binary grid's
//! are not). Two rows are the same when every column holds equal values in both (a hole
//! equals only a hole); two columns, when every row does. The values are the board's, of any
//! kind.
//!
//! Elaborated into `Model::distinct` (one entry per kind of line, each line its cells in
//! order), and lowered, like `connected`, to a *global constraint* of the exact-cover problem
//! rather than to items: `Global::Distinct` (`ir/xcc/global.rs`), whose nodes are the cells
//! (their `cell(r,c)` items), labelled by the value of the fill option chosen for them, and
//! whose lines are the nodes position by position. No set of items says "these two lines
//! differ somewhere" without one option per way to differ. The engine checks it after every
//! choice (`solve/xcc/cells/global/distinct.rs`: two complete lines equal reject; a line equal
//! to a complete one but for one open cell loses that cell's value there), and the verifier
//! compares the filled grid's lines on its own (`solve/verify/distinct.rs`).
use super::elaborate::Elab;
use super::eval::R;
use super::model::{Distinct, Model};
use super::xcc::Meaning;
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::xcc::{Area, Global, ItemId, NO_NODE, OptionId, XccBuilder};

impl Elab<'_> {
    /// `no two rows (or columns) are the same`: one [`Distinct`] per kind of line named. A
    /// board with fewer than two lines of a kind has nothing to compare (G203).
    pub(super) fn distinct(&mut self, rows: bool, columns: bool, span: Span) -> R<()> {
        let board = self.filled_board(span, "a rule comparing lines reads", "board grid[n, n] of [0, 1]")?;
        for (named, by_rows) in [(rows, true), (columns, false)] {
            if !named {
                continue;
            }
            let (count, len) = if by_rows { (board.rows, board.cols) } else { (board.cols, board.rows) };
            let at = |line: usize, i: usize| if by_rows { line * board.cols + i } else { i * board.cols + line };
            let lines: Vec<Vec<usize>> = (0..count)
                .map(|l| (0..len).map(|i| at(l, i)).collect::<Vec<usize>>())
                .filter(|cells| cells.iter().any(|&c| board.on[c]))
                .collect();
            if lines.len() < 2 {
                let kind = if by_rows { "row" } else { "column" };
                return Err(Diagnostic::new(
                    Code::G203,
                    span,
                    format!(
                        "`{}` has {}: no two {kind}s to compare",
                        board.name,
                        crate::diag::plural(lines.len(), kind)
                    ),
                )
                .label(format!("compares the {kind}s"))
                .related(board.span, "the board is declared here")
                .help("compare lines of which the board has two or more, or remove the rule"));
            }
            self.model.distinct.push(Distinct { rows: by_rows, lines, span });
        }
        Ok(())
    }
}

/// The global constraints of the model's lines that differ, one per kind of line: the board's
/// cells as nodes (`cell_item`: each cell's builder item), each "cell takes v" option
/// (`meanings`) labelled v, and the lines as nodes position by position.
pub fn add_globals(model: &Model, b: &mut XccBuilder, cell_item: &[Option<ItemId>], meanings: &[Meaning]) {
    let board = model.board.as_ref().expect("lines that differ are elaborated on a board");
    let mut node = vec![NO_NODE; board.on.len()];
    let cells: Vec<usize> = (0..board.on.len()).filter(|&c| board.on[c]).collect();
    for (k, &c) in cells.iter().enumerate() {
        node[c] = k as u32;
    }
    let mut ins: Vec<Vec<OptionId>> = vec![Vec::new(); cells.len()];
    let mut labels = Vec::new();
    for (o, m) in meanings.iter().enumerate() {
        if let Meaning::Fill { cell, value } = m {
            ins[node[*cell] as usize].push(OptionId(o as u32));
            labels.push((OptionId(o as u32), *value as u32));
        }
    }
    for rule in &model.distinct {
        let mut area = Area {
            name: format!("distinct({})", if rule.rows { "rows" } else { "columns" }),
            in_start: vec![0],
            adj_start: vec![0],
            ..Area::default()
        };
        for (&c, list) in cells.iter().zip(&ins) {
            area.node_item.push(cell_item[c].expect("a cell on the board has an item"));
            area.ins.extend_from_slice(list);
            area.in_start.push(area.ins.len() as u32);
            area.adj_start.push(0);
        }
        let len = rule.lines.first().map_or(0, Vec::len) as u32;
        let lines = rule.lines.iter().flatten().map(|&c| node[c]).collect();
        b.add_global(Global::Distinct { area, labels: labels.clone(), len, lines });
    }
}
