//! A loop on the board's edges as players draw it in plain text: `+` at every corner, `-`
//! and `|` for the sides on the loop, each clue in its cell.
use crate::lower::model::LoopRule;

pub fn text(rule: &LoopRule, used: &[bool]) -> String {
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
    let across: Vec<Vec<bool>> =
        (0..=rule.rows).map(|r| (0..rule.cols).map(|c| used[rule.across(r, c)]).collect()).collect();
    let down: Vec<Vec<bool>> =
        (0..rule.rows).map(|r| (0..=rule.cols).map(|c| used[rule.down(r, c)]).collect()).collect();
    serde_json::json!({ "across": across, "down": down })
}
