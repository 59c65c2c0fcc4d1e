//! What hovering over the editor shows: for a keyword, its summary and a link to its LangRef
//! section; for a `%value`, its type, where it is defined, its uses and whether it may be poison
//! (from the analysis, before any run) and, after a run, its last value. Nothing inside a
//! comment or a string.
//!
//! The tooltip is plain text, one fact a line; a line `LangRef: URL` is drawn as a link by the
//! editor (`www/src/editor.js`), which accepts only LangRef addresses there.

use crate::protocol::{Analysis, RunReport, ValueInfo, ValueView};
use std::rc::Rc;

/// The text, the last analysis and the last run's values, shared with the editor's hover
/// callback (all are the page state's own, shared: nothing is copied).
#[derive(Default)]
pub struct HoverData {
    text: Rc<str>,
    /// The run whose last values are shown (none when the text changed since).
    run: Option<Rc<RunReport>>,
    /// The last analysis (its values are checked against the text before use: it may be of
    /// an older text).
    analysis: Option<Rc<Analysis>>,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'%' | b'@' | b'$' | b'-')
}

/// True when byte `at` of `text` is inside a `;` comment or a `"..."` string (strings do not
/// span lines in LLVM IR text).
pub fn in_comment_or_string(text: &str, at: usize) -> bool {
    let bytes = text.as_bytes();
    let at = at.min(bytes.len());
    let line_start = bytes.get(..at).and_then(|b| b.iter().rposition(|&c| c == b'\n'));
    let mut in_string = false;
    for &c in bytes.get(line_start.map_or(0, |i| i + 1)..at).unwrap_or(&[]) {
        match c {
            b'"' => in_string = !in_string,
            b';' if !in_string => return true,
            _ => {}
        }
    }
    in_string
}

impl HoverData {
    /// Takes the page's text and the run whose values to show.
    pub fn set(&mut self, text: &Rc<str>, run: &Option<Rc<RunReport>>) {
        self.text = text.clone();
        self.run = run.clone();
    }

    /// Takes the page's last analysis.
    pub fn set_analysis(&mut self, analysis: &Option<Rc<Analysis>>) {
        self.analysis = analysis.clone();
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

    /// The analysis' description of the value `name` used or defined at byte `at`, if it
    /// belongs to the current text.
    fn value_info(&self, name: &str, at: usize) -> Option<&ValueInfo> {
        let a = self.analysis.as_deref()?;
        a.values.iter().find(|v| {
            v.name == name
                && (v.scope.0 as usize) <= at
                && at < v.scope.1 as usize
                && self
                    .text
                    .get(v.def.0 as usize..v.def.1 as usize)
                    .is_some_and(|d| d.contains(name))
        })
    }

    /// The tooltip for byte `offset`, if there is anything to say.
    pub fn describe(&self, offset: u32) -> Option<String> {
        let (start, word) = self.word_at(offset)?;
        if in_comment_or_string(&self.text, start) {
            return None;
        }
        let mut out = Vec::new();
        if word.starts_with('%') && word.len() > 1 {
            if let Some(v) = self.value_info(word, start) {
                out.extend(describe_static(v));
            }
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
            if let Some(url) = crate::page::teach::langref_url(word) {
                out.push(format!("LangRef: {url}"));
            }
        }
        (!out.is_empty()).then(|| out.join("\n"))
    }
}

/// What the analysis says of a value: type and definition, uses, may-be-poison.
fn describe_static(v: &ValueInfo) -> Vec<String> {
    let (line, col) = v.def_at;
    let what = if v.param { "parameter" } else { "defined" };
    let mut out = vec![format!("{}: {} · {what} at {line}:{col}", v.name, v.ty)];
    let listed: Vec<String> = v.use_at.iter().map(|(l, c)| format!("{l}:{c}")).collect();
    out.push(match v.uses {
        0 => "not used".to_string(),
        n if listed.len() < n as usize => {
            format!("{} at {}, …", crate::page::teach::plural(n as usize, "use"), listed.join(", "))
        }
        n => format!("{} at {}", crate::page::teach::plural(n as usize, "use"), listed.join(", ")),
    });
    out.push(v.may_poison.clone().unwrap_or_else(|| {
        "not poison, by the static analysis (which takes loads and parameters as well defined)"
            .into()
    }));
    out
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
        assert!(
            tip.ends_with(
                "LangRef: https://releases.llvm.org/19.1.0/docs/LangRef.html#add-instruction"
            ),
            "{tip}"
        );
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

    #[test]
    fn values_before_a_run_from_the_analysis() {
        let src = "define i32 @main() {\n  %x = add nsw i32 2147483647, 1\n  %y = add i32 %x, %x\n  ret i32 %y\n}\n";
        let text: Rc<str> = Rc::from(src);
        let mut h = HoverData::default();
        h.set(&text, &None);
        h.set_analysis(&Some(Rc::new(crate::worker::analyze(1, src, None))));
        let at = src.rfind("%x").map_or(0, |i| i as u32);
        let tip = h.describe(at).unwrap_or_default();
        assert!(tip.starts_with("%x: i32 · defined at 2:3\n1 use at 3:3\nmay be poison"), "{tip}");
        assert!(tip.contains("nsw"), "{tip}");
        let y = src.rfind("%y").map_or(0, |i| i as u32);
        let tip = h.describe(y).unwrap_or_default();
        assert!(tip.contains("1 use at 4:3") && tip.contains("through %x"), "{tip}");
        // After an edit the analysis no longer matches the text: nothing static is shown.
        let edited: Rc<str> = Rc::from(src.replacen("%x = add", "%x  = add", 1));
        h.set(&edited, &None);
        let tip = h.describe(at).unwrap_or_default();
        assert!(!tip.contains("defined at 2:3"), "{tip}");
    }

    #[test]
    fn no_hover_inside_comments_or_strings() {
        let src =
            "; add the numbers\n@s = constant [4 x i8] c\"add\\00\" ; ret\n  %x = add i32 1, 2\n";
        let text: Rc<str> = Rc::from(src);
        let mut h = HoverData::default();
        h.set(&text, &None);
        let first = src.find("add").map_or(0, |i| i as u32);
        assert_eq!(h.describe(first), None, "in a comment");
        let in_string = src.find("c\"add").map_or(0, |i| i as u32 + 2);
        assert_eq!(h.describe(in_string), None, "in a string");
        let ret = src.find("ret").map_or(0, |i| i as u32);
        assert_eq!(h.describe(ret), None, "in a comment after a string");
        let constant = src.find("constant").map_or(0, |i| i as u32);
        assert!(h.describe(constant).is_some());
        let code = src.rfind("add").map_or(0, |i| i as u32);
        assert!(h.describe(code).is_some_and(|t| t.starts_with("add: ")));
    }
}
