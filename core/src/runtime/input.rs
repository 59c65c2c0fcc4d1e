//! Standard input as the C library reads it, shared by both engines: the bytes read ahead,
//! the read position, and where more input comes from. The source is asked for more only when
//! a read needs it, one chunk at a time (so a program that never reads does not wait for it,
//! and one that reads an endless input holds only what it has not consumed yet); consumed
//! bytes are dropped as more come in (keeping one, for `ungetc`).

/// How far `scanf` looks ahead for one call: a conversion longer than this sees the input end
/// there.
pub const MAX_LOOKAHEAD: usize = 1 << 20;

/// Consumed bytes kept before they are dropped (at the next read from the source).
const KEEP: usize = 1 << 16;

/// A program's standard input.
#[derive(Clone, Debug, Default)]
pub struct Stdin {
    bytes: Vec<u8>,
    pos: usize,
    source: Option<fn() -> Vec<u8>>,
}

impl Stdin {
    /// An input of `bytes`, then what `source` gives: it is called each time a read needs
    /// more, and returns the next chunk, empty at the end of the input.
    pub fn new(bytes: Vec<u8>, source: Option<fn() -> Vec<u8>>) -> Stdin {
        Stdin { bytes, pos: 0, source }
    }

    /// Bytes read ahead and not consumed.
    fn ahead(&self) -> usize {
        self.bytes.len().saturating_sub(self.pos)
    }

    /// Reads from the source until at least `n` bytes are ahead of the read position, or the
    /// input ends. True while the source may give more.
    pub fn fill(&mut self, n: usize) -> bool {
        while self.ahead() < n {
            let Some(source) = self.source else { return false };
            if self.pos > KEEP {
                self.bytes.drain(..self.pos - 1);
                self.pos = 1;
            }
            let more = source();
            if more.is_empty() {
                self.source = None;
                return false;
            }
            self.bytes.extend_from_slice(&more);
        }
        self.source.is_some()
    }

    /// The input read ahead from the read position (reading some first if there is none).
    pub fn rest(&mut self) -> &[u8] {
        self.fill(1);
        self.bytes.get(self.pos..).unwrap_or(&[])
    }

    /// The input ahead for a `scanf` that `scan` reads: `scan` is run on what is read ahead
    /// and run again with more while it stopped at the end of it (up to [`MAX_LOOKAHEAD`]).
    pub fn scan<T>(&mut self, mut scan: impl FnMut(&[u8]) -> (T, usize)) -> T {
        let mut want = 1;
        loop {
            let more = self.fill(want);
            let rest = self.bytes.get(self.pos..).unwrap_or(&[]);
            let (r, used) = scan(rest);
            if used < rest.len() || !more || rest.len() >= MAX_LOOKAHEAD {
                return r;
            }
            want = (rest.len() + 1).clamp(KEEP, MAX_LOOKAHEAD);
        }
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
        let max = usize::try_from(n - 1).unwrap_or(0);
        let mut seen = 0;
        let line = loop {
            let rest = self.bytes.get(self.pos..).unwrap_or(&[]);
            let upto = rest.len().min(max);
            if let Some(k) = rest.get(seen..upto).and_then(|r| r.iter().position(|&c| c == b'\n')) {
                break seen + k + 1;
            }
            seen = upto;
            if upto >= max || !self.fill(upto + 1) && self.ahead() <= upto {
                break self.ahead().min(max);
            }
        };
        if n <= 0 || (line == 0 && n > 1) {
            return None;
        }
        let bytes = self.bytes.get(self.pos..self.pos + line).unwrap_or(&[]).to_vec();
        self.pos += line;
        Some(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lines_bytes_and_ends_with_the_source() {
        let mut s = Stdin::new(b"ab\n".to_vec(), Some(|| b"cd".to_vec()));
        assert_eq!(s.fgets(10), Some(b"ab\n".to_vec()));
        assert_eq!(s.fgets(4), Some(b"cdc".to_vec()));
        let mut s = Stdin::new(b"ab\ncd".to_vec(), Some(Vec::new));
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

#[cfg(test)]
mod chunk_tests {
    use super::*;
    use std::cell::Cell;

    thread_local! {
        static CALLS: Cell<usize> = const { Cell::new(0) };
    }

    /// An endless input of 4 KiB chunks of `7`s (a newline closes every 10,000th byte).
    fn endless() -> Vec<u8> {
        CALLS.with(|c| c.set(c.get() + 1));
        (0..4096).map(|i| if i % 1000 == 999 { b'\n' } else { b'7' }).collect()
    }

    #[test]
    fn an_endless_source_is_read_as_needed_and_dropped_once_consumed() {
        let mut s = Stdin::new(Vec::new(), Some(endless));
        assert_eq!(CALLS.with(Cell::get), 0);
        assert_eq!(s.getc(), i32::from(b'7'));
        assert_eq!(CALLS.with(Cell::get), 1);
        for _ in 0..1_000_000 {
            s.getc();
        }
        assert!(s.bytes.len() <= KEEP + 4096, "kept {} bytes", s.bytes.len());
        assert_eq!(s.fgets(2000).map(|l| l.last().copied()), Some(Some(b'\n')));
        let line = s.fgets(5000).unwrap_or_default();
        assert_eq!((line.len(), line.last()), (1000, Some(&b'\n')));
        // A scan that wants everything sees at most MAX_LOOKAHEAD bytes.
        let seen = s.scan(|rest| (rest.len(), rest.len()));
        assert!((MAX_LOOKAHEAD..MAX_LOOKAHEAD + 4096).contains(&seen), "{seen}");
        let short = s.scan(|rest| (rest.len().min(3), 3));
        assert_eq!(short, 3);
    }
}
