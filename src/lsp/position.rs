//! Byte offsets (what spans hold) to and from LSP positions: a line and a column counted in
//! UTF-16 code units, as the protocol requires by default. A character outside the Basic
//! Multilingual Plane is two units, so columns in characters or bytes would point past it.
use lsp_types::{Position, Range};

/// The position of a byte offset in `text` (clamped to the text, and to a character boundary).
pub fn position(text: &str, offset: usize) -> Position {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let before = &text[..offset];
    let line = before.matches('\n').count();
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let character = text[start..offset].encode_utf16().count();
    Position { line: line as u32, character: character as u32 }
}

pub fn range(text: &str, start: usize, end: usize) -> Range {
    Range { start: position(text, start), end: position(text, end) }
}

/// [`range`] in a text that, in the editor, has `lead` UTF-16 units before it on its first
/// line: the byte-order mark the loader dropped (`syntax::text::normalise`) is one character
/// of the editor's line 0, so every column of that line is one further right there.
pub fn range_after(text: &str, lead: u32, start: usize, end: usize) -> Range {
    let shift = |mut p: Position| {
        if p.line == 0 {
            p.character += lead;
        }
        p
    };
    Range { start: shift(position(text, start)), end: shift(position(text, end)) }
}

/// [`offset`] of an editor's position in such a text (see [`range_after`]); a position on the
/// mark itself is the text's start.
pub fn offset_after(text: &str, lead: u32, mut at: Position) -> usize {
    if at.line == 0 {
        at.character = at.character.saturating_sub(lead);
    }
    offset(text, at)
}

/// The byte offset of a position: past the line's end is its end, past the last line the
/// text's end.
pub fn offset(text: &str, at: Position) -> usize {
    let mut line_start = 0;
    for _ in 0..at.line {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let line = &text[line_start..];
    let line = &line[..line.find('\n').unwrap_or(line.len())];
    let mut units = 0;
    for (i, c) in line.char_indices() {
        if units >= at.character as usize {
            return line_start + i;
        }
        units += c.len_utf16();
    }
    line_start + line.len()
}

/// The name under (or just before) the cursor, with its byte range.
pub fn word_at(text: &str, at: usize) -> Option<(&str, usize, usize)> {
    let is_name = |c: char| c.is_alphanumeric() || c == '_';
    let at = at.min(text.len());
    let start = text[..at].char_indices().rev().take_while(|&(_, c)| is_name(c)).last().map_or(at, |(i, _)| i);
    let end = text[at..].char_indices().find(|&(_, c)| !is_name(c)).map_or(text.len(), |(i, _)| at + i);
    (start < end).then(|| (&text[start..end], start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_units() {
        // '𝄞' is one character, four bytes and two UTF-16 units.
        let text = "let a = \"𝄞\"\nboard g";
        let after = text.find("\"\n").unwrap();
        assert_eq!(position(text, after), Position { line: 0, character: 11 });
        assert_eq!(offset(text, Position { line: 0, character: 11 }), after);
        let g = text.rfind('g').unwrap();
        assert_eq!(position(text, g), Position { line: 1, character: 6 });
        assert_eq!(offset(text, Position { line: 1, character: 6 }), g);
        assert_eq!(offset(text, Position { line: 9, character: 0 }), text.len());
    }

    #[test]
    fn a_lead_shifts_the_first_line_only() {
        let text = "let a = 1\nlet b = a";
        let a = text.find('a').unwrap();
        assert_eq!(range_after(text, 1, a, a + 1).start, Position { line: 0, character: 5 });
        assert_eq!(offset_after(text, 1, Position { line: 0, character: 5 }), a);
        assert_eq!(offset_after(text, 1, Position { line: 0, character: 0 }), 0);
        let b = text.rfind('a').unwrap();
        assert_eq!(range_after(text, 1, b, b).start, Position { line: 1, character: 8 });
        assert_eq!(offset_after(text, 1, Position { line: 1, character: 8 }), b);
    }

    #[test]
    fn the_word_at_a_place_is_the_whole_name() {
        let text = "fill grid_1 ";
        assert_eq!(word_at(text, 7), Some(("grid_1", 5, 11)));
        assert_eq!(word_at(text, 11), Some(("grid_1", 5, 11)));
        assert_eq!(word_at(text, 12), None);
    }
}
