//! Standard input as the C library reads it, shared by both engines: the bytes, the read
//! position, and where the rest of the input comes from (asked once, at the first read, so
//! a program that never reads does not wait for it).

/// A program's standard input.
#[derive(Clone, Debug, Default)]
pub struct Stdin {
    bytes: Vec<u8>,
    pos: usize,
    source: Option<fn() -> Vec<u8>>,
}

impl Stdin {
    /// An input of `bytes`, then whatever `source` gives at the first read.
    pub fn new(bytes: Vec<u8>, source: Option<fn() -> Vec<u8>>) -> Stdin {
        Stdin { bytes, pos: 0, source }
    }

    /// The input from the read position (taking the rest from the source first, once).
    pub fn rest(&mut self) -> &[u8] {
        if let Some(more) = self.source.take() {
            self.bytes.extend_from_slice(&more());
        }
        self.bytes.get(self.pos..).unwrap_or(&[])
    }

    /// Moves the read position `n` bytes on (what `scanf` consumed).
    pub fn consume(&mut self, n: usize) {
        self.pos = (self.pos + n).min(self.bytes.len());
    }

    /// `getc`: the next byte, or -1 (`EOF`) at the end.
    pub fn getc(&mut self) -> i32 {
        match self.rest().first().copied() {
            Some(b) => {
                self.pos += 1;
                i32::from(b)
            }
            None => -1,
        }
    }

    /// `ungetc(c)`: one byte back (C guarantees one), which is the next one read; -1 for
    /// `EOF` or at the start of the input.
    pub fn ungetc(&mut self, c: i32) -> i32 {
        match self.pos.checked_sub(1) {
            Some(p) if c != -1 => {
                self.pos = p;
                if let Some(b) = self.bytes.get_mut(p) {
                    *b = c as u8;
                }
                i32::from(c as u8)
            }
            _ => -1,
        }
    }

    /// `fgets` into a buffer of `n` bytes: the bytes to store before the NUL (up to `n - 1`,
    /// through the first newline), consumed; `None` (a null result) for `n <= 0` or at the end
    /// of the input with nothing read.
    pub fn fgets(&mut self, n: i64) -> Option<Vec<u8>> {
        let rest = self.rest();
        let line = rest.iter().position(|&c| c == b'\n').map_or(rest.len(), |k| k + 1);
        let take = line.min(usize::try_from(n - 1).unwrap_or(0));
        if n <= 0 || (take == 0 && n > 1) {
            return None;
        }
        let bytes = rest.get(..take).unwrap_or(&[]).to_vec();
        self.pos += take;
        Some(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_bytes_and_takes_the_source_once() {
        let mut s = Stdin::new(b"ab\n".to_vec(), Some(|| b"cd".to_vec()));
        assert_eq!(s.fgets(10), Some(b"ab\n".to_vec()));
        assert_eq!(s.getc(), i32::from(b'c'));
        assert_eq!(s.ungetc(i32::from(b'x')), i32::from(b'x'));
        assert_eq!(s.fgets(2), Some(b"x".to_vec()));
        assert_eq!(s.fgets(1), Some(Vec::new()));
        assert_eq!(s.rest(), b"d");
        s.consume(5);
        assert_eq!((s.getc(), s.fgets(8), s.fgets(0)), (-1, None, None));
    }
}
