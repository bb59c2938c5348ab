//! Bridges between islands (Hashiwokakero) as players draw them in plain text: each island's
//! number in its cell, a cell under a bridge across as `-` (one bridge) or `=` (two), under a
//! bridge down as `|` or `"`, and as `≡` or `‖` for three or more (the JSON answer gives
//! every count); other cells blank. Numbers of two digits widen every cell to two.
use crate::lower::model::{Bridge, BridgeRule};

pub fn text(rule: &BridgeRule, drawn: &[Bridge]) -> String {
    let cols = rule.cols;
    let mut glyph = vec![' '; rule.rows * cols];
    for br in drawn {
        let across = br.a / cols == br.b / cols;
        let step = if across { 1 } else { cols };
        let g = match (across, br.count) {
            (true, 1) => '-',
            (true, 2) => '=',
            (true, _) => '≡',
            (false, 1) => '|',
            (false, 2) => '"',
            (false, _) => '‖',
        };
        (br.a + step..br.b).step_by(step).for_each(|x| glyph[x] = g);
    }
    let width = rule.islands.iter().map(|n| n.to_string().len()).max().unwrap_or(1);
    let mut out = String::new();
    for r in 0..rule.rows {
        let mut line = String::new();
        let row = r * cols..(r + 1) * cols;
        for (&island, &g) in rule.islands[row.clone()].iter().zip(&glyph[row]) {
            match island {
                0 => (0..width).for_each(|_| line.push(g)),
                n => line.push_str(&format!("{n:>width$}")),
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The bridges for JSON: `[{"from": [r, c], "to": [r, c], "count": k}, ...]`, rows and
/// columns from the top left, in the answer's order.
pub fn json(rule: &BridgeRule, drawn: &[Bridge]) -> serde_json::Value {
    let at = |x: usize| [x / rule.cols, x % rule.cols];
    drawn.iter().map(|br| serde_json::json!({ "from": at(br.a), "to": at(br.b), "count": br.count })).collect()
}
