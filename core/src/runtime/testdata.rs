//! Helpers shared by the runtime's data-driven tests (the expected outputs in `testdata/`).

/// Undoes the data files' `\xHH` escapes.
pub(crate) fn unescape(s: &str) -> Vec<u8> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'x') {
            out.push(s.get(i + 2..i + 4).and_then(|h| u8::from_str_radix(h, 16).ok()).unwrap_or(0));
            i += 4;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    out
}
