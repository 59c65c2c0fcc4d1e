//! What hovering over the editor shows: a summary of the keyword under the pointer and, after
//! a run, the last value of the instruction or of the `%value` named there.

use crate::protocol::{RunReport, ValueView};
use std::rc::Rc;

/// The text and the last run's values, shared with the editor's hover callback (both are the
/// page state's own, shared: nothing is copied).
#[derive(Default)]
pub struct HoverData {
    text: Rc<str>,
    /// The run whose last values are shown (none when the text changed since).
    run: Option<Rc<RunReport>>,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'%' | b'@' | b'$' | b'-')
}

impl HoverData {
    /// Takes the page's text and the run whose values to show.
    pub fn set(&mut self, text: &Rc<str>, run: &Option<Rc<RunReport>>) {
        self.text = text.clone();
        self.run = run.clone();
    }

    fn values(&self) -> &[ValueView] {
        self.run.as_deref().map_or(&[], |r| r.values.as_slice())
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
                .values()
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
                self.values().iter().find(|v| v.from as usize <= start && start < v.to as usize);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_and_the_last_values_of_the_run() {
        let text: Rc<str> = Rc::from("  %x = add i32 40, 2\n  ret i32 %x\n");
        let mut h = HoverData::default();
        h.set(&text, &None);
        let add = text.find("add").map_or(0, |i| i as u32);
        let tip = h.describe(add).unwrap_or_default();
        assert!(tip.starts_with("add: "), "{tip}");
        assert!(!tip.contains("42"), "no run yet: {tip}");
        let mut run = RunReport::not_run(1, "");
        let def = text.find("%x =").map_or(0, |i| i as u32);
        run.values.push(ValueView {
            from: def,
            to: def + 18,
            value: "i32 42".into(),
            poison: None,
            path: Vec::new(),
        });
        h.set(&text, &Some(Rc::new(run)));
        assert!(h.describe(add).is_some_and(|t| t.contains("%x: last value i32 42")));
        let use_at = text.rfind("%x").map_or(0, |i| i as u32);
        assert_eq!(h.describe(use_at).as_deref(), Some("%x: last value i32 42"));
        assert_eq!(h.describe(1), None, "blank space");
    }
}
