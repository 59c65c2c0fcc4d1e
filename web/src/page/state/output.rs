//! What the page keeps of a run's output as it arrives.

use crate::protocol::OutputChunk;

/// What the page keeps of each output stream of a run (the first bytes).
pub const KEEP_OUTPUT: usize = 1 << 20;

/// A run's output as it arrives in chunks: the first [`KEEP_OUTPUT`] bytes of each stream,
/// and whether more came.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LiveOutput {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// True when output was cut.
    pub cut: bool,
}

impl LiveOutput {
    /// Appends a chunk, up to what the page keeps.
    pub fn push(&mut self, chunk: &OutputChunk) {
        for (kept, more) in [(&mut self.stdout, &chunk.stdout), (&mut self.stderr, &chunk.stderr)] {
            let room = KEEP_OUTPUT.saturating_sub(kept.len());
            if more.len() <= room {
                kept.push_str(more);
                continue;
            }
            let mut end = room;
            while !more.is_char_boundary(end) {
                end -= 1;
            }
            kept.push_str(more.get(..end).unwrap_or(""));
            self.cut = true;
        }
    }
}
