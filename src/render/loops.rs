//! A line on a board as players draw it in plain text. On the edges: `+` at every corner, `-`
//! and `|` for the sides on the loop, each clue in its cell. Through the cells: a character
//! per cell (`+` on the line, `.` off it, `o` where the loop must go straight, `*` where it
//! must turn, a path's number at its ends), `-` and `|` between cells the line joins.
use crate::lower::model::{LineKind, LoopRule};
use crate::syntax::ast::LoopAt;

pub fn text(rule: &LoopRule, used: &[bool]) -> String {
    if rule.kind != LineKind::EdgeLoop {
        return cells_text(rule, used);
    }
    let mut out = String::new();
    let mut line = String::new();
    let end_line = |line: &mut String, out: &mut String| {
        out.push_str(line.trim_end());
        out.push('\n');
        line.clear();
    };
    for r in 0..=rule.rows {
        for c in 0..rule.cols {
            line.push('+');
            line.push(if used[rule.across(r, c)] { '-' } else { ' ' });
        }
        line.push('+');
        end_line(&mut line, &mut out);
        if r == rule.rows {
            break;
        }
        for c in 0..=rule.cols {
            line.push(if used[rule.down(r, c)] { '|' } else { ' ' });
            if c < rule.cols {
                line.push(rule.clues[r * rule.cols + c].map_or(' ', |k| (b'0' + k) as char));
            }
        }
        end_line(&mut line, &mut out);
    }
    out
}

/// The sides on the loop for JSON: `across` rows of `cols` and `down` rows of `cols + 1`
/// booleans (a side across the top of cell (r, c) is `across[r][c]`, its left side `down[r][c]`).
pub fn json(rule: &LoopRule, used: &[bool]) -> serde_json::Value {
    // Through the cells, the links join cells: `across[r][c]` joins (r, c) to (r, c + 1).
    let (nr, nc) = (rule.node_rows(), rule.node_cols());
    let across: Vec<Vec<bool>> = (0..nr).map(|r| (0..nc - 1).map(|c| used[rule.across(r, c)]).collect()).collect();
    let down: Vec<Vec<bool>> = (0..nr - 1).map(|r| (0..nc).map(|c| used[rule.down(r, c)]).collect()).collect();
    serde_json::json!({ "across": across, "down": down })
}

/// A line through the cells: each cell's character (as wide as the widest number), `-`
/// between cells joined across, `|` under a cell joined to the one below.
fn cells_text(rule: &LoopRule, used: &[bool]) -> String {
    let width = rule.labels.iter().map(|l| l.to_string().len()).max().unwrap_or(1);
    let mut on = vec![false; rule.rows * rule.cols];
    for e in (0..used.len()).filter(|&e| used[e]) {
        rule.ends(e).iter().for_each(|&v| on[v] = true);
    }
    let mark = |v: usize| -> String {
        if let Some(k) = rule.ends[v] {
            return rule.labels[k as usize].to_string();
        }
        match rule.turns.iter().find(|t| t.cell == v).map(|t| t.at) {
            Some(LoopAt::Straight) => "o".into(),
            Some(LoopAt::Turns) => "*".into(),
            _ if on[v] => "+".into(),
            _ => ".".into(),
        }
    };
    let mut out = String::new();
    for r in 0..rule.rows {
        let mut line = String::new();
        let mut below = String::new();
        for c in 0..rule.cols {
            let v = r * rule.cols + c;
            // A short number is padded with the line's `-` when the line comes from the left.
            let m = mark(v);
            let fill = if c > 0 && used[rule.across(r, c - 1)] { '-' } else { ' ' };
            (m.len()..width).for_each(|_| line.push(fill));
            line.push_str(&m);
            let down = r + 1 < rule.rows && used[rule.down(r, c)];
            below.push_str(&format!("{:>width$}", if down { "|" } else { " " }));
            if c + 1 < rule.cols {
                line.push(if used[rule.across(r, c)] { '-' } else { ' ' });
                below.push(' ');
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
        if r + 1 < rule.rows {
            out.push_str(below.trim_end());
            out.push('\n');
        }
    }
    out
}
