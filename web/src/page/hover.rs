//! What hovering over the editor shows: a summary of the keyword under the pointer and, after
//! a run, the last value of the instruction or of the `%value` named there.

use crate::protocol::ValueView;

/// The text and the last run's values, shared with the editor's hover callback.
#[derive(Default)]
pub struct HoverData {
    text: String,
    /// The last value of each executed instruction (empty when the text changed since).
    pub values: Vec<ValueView>,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'%' | b'@' | b'$' | b'-')
}

impl HoverData {
    /// Replaces the text.
    pub fn set_text(&mut self, text: &str) {
        self.text.clear();
        self.text.push_str(text);
    }

    /// The word around byte `offset`, with its start.
    fn word_at(&self, offset: u32) -> Option<(usize, &str)> {
        let bytes = self.text.as_bytes();
        let at = (offset as usize).min(bytes.len());
        let mut start = at;
        while start > 0 && bytes.get(start - 1).is_some_and(|&b| is_word_byte(b)) {
            start -= 1;
        }
        let mut end = at;
        while bytes.get(end).is_some_and(|&b| is_word_byte(b)) {
            end += 1;
        }
        let w = self.text.get(start..end)?;
        (!w.is_empty()).then_some((start, w))
    }

    /// The tooltip for byte `offset`, if there is anything to say.
    pub fn describe(&self, offset: u32) -> Option<String> {
        let (start, word) = self.word_at(offset)?;
        let mut out = Vec::new();
        if word.starts_with('%') && word.len() > 1 {
            // The instruction defining this name: the nearest `%name =` to the pointer.
            let def = self
                .values
                .iter()
                .filter(|v| {
                    self.text.get(v.from as usize..v.to as usize).is_some_and(|s| {
                        s.strip_prefix(word).is_some_and(|r| r.trim_start().starts_with('='))
                    })
                })
                .min_by_key(|v| (v.from as i64 - start as i64).unsigned_abs());
            if let Some(v) = def {
                out.push(describe_value(word, v));
            }
        } else {
            if let Some(s) = crate::page::teach::summary(word) {
                out.push(format!("{word}: {s}"));
            }
            let inside =
                self.values.iter().find(|v| v.from as usize <= start && start < v.to as usize);
            if let Some(v) = inside {
                let name = self
                    .text
                    .get(v.from as usize..v.to as usize)
                    .and_then(|s| s.split('=').next())
                    .map(str::trim)
                    .filter(|n| n.starts_with('%'))
                    .unwrap_or("result");
                out.push(describe_value(name, v));
            }
        }
        (!out.is_empty()).then(|| out.join("\n"))
    }
}

fn describe_value(name: &str, v: &ValueView) -> String {
    match &v.poison {
        Some(why) => format!("{name}: last value {} ({why})", v.value),
        None => format!("{name}: last value {}", v.value),
    }
}
