//! Bytes read from a file → the text every stage sees. Specs and instance files go through
//! the same door, so a byte-order mark, Windows line endings and bytes that are not UTF-8 are
//! treated alike wherever text comes from, and every span and line number agrees with what an
//! editor shows.
use crate::diag::{Code, Diagnostic, FileId, Sources, Span};

/// A leading byte-order mark dropped, and Windows (`\r\n`) or old Mac (`\r`) line endings
/// made `\n`.
pub fn normalise(text: String) -> String {
    let text = text.strip_prefix('\u{FEFF}').map(str::to_string).unwrap_or(text);
    if !text.contains('\r') {
        return text;
    }
    text.replace("\r\n", "\n").replace('\r', "\n")
}

/// What a file holds, for a diagnostic: a spec (P006) or instance data (I302).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Spec,
    Instance,
}

/// The file's text, added to `sources` under `name`; bytes that are not UTF-8 are an error at
/// the first bad byte, with its line and column (the file is kept for the diagnostic with that
/// byte and any later bad ones shown as `�`).
pub fn decode(bytes: Vec<u8>, name: String, kind: Kind, sources: &mut Sources) -> Result<FileId, Diagnostic> {
    match String::from_utf8(bytes) {
        Ok(text) => Ok(sources.add(name, normalise(text))),
        Err(e) => Err(not_utf8(sources, name, kind, e)),
    }
}

fn not_utf8(sources: &mut Sources, name: String, kind: Kind, e: std::string::FromUtf8Error) -> Diagnostic {
    let bytes = e.as_bytes();
    let good = e.utf8_error().valid_up_to();
    let bad = bytes[good];
    // Normalising the valid part gives where the bad byte lands in the normalised text.
    let at = normalise(String::from_utf8_lossy(&bytes[..good]).into_owned()).len();
    let text = normalise(String::from_utf8_lossy(bytes).into_owned());
    let file = sources.add(name, text);
    let (code, what) = match kind {
        Kind::Spec => (Code::P006, "the spec is not UTF-8 text"),
        Kind::Instance => (Code::I302, "the instance data is not UTF-8 text"),
    };
    Diagnostic::new(code, Span::new(file, at, at + '\u{FFFD}'.len_utf8()), what)
        .label(format!("byte 0x{bad:02X} is not UTF-8"))
        .help("save the file as UTF-8 (an `é` in Latin-1 is the one byte 0xE9; in UTF-8 it is two)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bad_byte_is_found_after_line_endings_are_normalised() {
        let mut sources = Sources::default();
        let d = decode(b"\xEF\xBB\xBFa\r\nb \xE9".to_vec(), "x".into(), Kind::Spec, &mut sources).unwrap_err();
        assert_eq!(d.code, Code::P006);
        // BOM dropped, `\r\n` made `\n`: "a\nb " puts the bad byte at offset 4.
        assert_eq!((d.label.span.start, d.label.span.end), (4, 7));
        let ok = decode(b"a\r\nb".to_vec(), "y".into(), Kind::Instance, &mut sources).unwrap();
        assert_eq!(sources.get(ok).text, "a\nb");
    }
}
