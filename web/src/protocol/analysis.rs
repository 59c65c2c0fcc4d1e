//! What an analysis request carries besides its id: the text, whole or as one edit of the text
//! the worker checked last (typing in a big module sends the typed characters, not the module),
//! and the views to compute, which are only those on screen.

use serde::{Deserialize, Serialize};

/// The text to check.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TextUpdate {
    /// The whole text.
    Whole {
        /// The module text.
        text: String,
    },
    /// One change to the text of an earlier request, which the worker holds.
    Edit(TextEdit),
}

/// The bytes `from..to` of request `base`'s text replaced by `insert`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TextEdit {
    /// The request whose text this changes (the last one sent to the same worker).
    pub base: u32,
    /// Start of the replaced bytes.
    pub from: u32,
    /// End of the replaced bytes.
    pub to: u32,
    /// What replaces them.
    pub insert: String,
    /// The length of the text after the change, in bytes (a check that both sides agree).
    pub len: u32,
}

/// An edit is sent instead of the whole text only when it is smaller than this share of it.
const EDIT_SHARE: usize = 2;

impl TextUpdate {
    /// The update that turns `base`, the text of request `base_id`, into `text`: the one range
    /// where they differ (their common start and end kept), or the whole text when that is
    /// about as short, or when a length does not fit a `u32`.
    pub fn between(base_id: u32, base: &str, text: &str) -> TextUpdate {
        let whole = || TextUpdate::Whole { text: text.to_string() };
        let (a, b) = (base.as_bytes(), text.as_bytes());
        let mut start = a.iter().zip(b).take_while(|(x, y)| x == y).count();
        while !text.is_char_boundary(start) || !base.is_char_boundary(start) {
            start -= 1;
        }
        let room = a.len().min(b.len()) - start;
        let mut end =
            a.iter().rev().zip(b.iter().rev()).take(room).take_while(|(x, y)| x == y).count();
        while !text.is_char_boundary(b.len() - end) || !base.is_char_boundary(a.len() - end) {
            end -= 1;
        }
        let Some(insert) = text.get(start..b.len() - end) else { return whole() };
        if insert.len() * EDIT_SHARE >= text.len().max(1) {
            return whole();
        }
        match (u32::try_from(start), u32::try_from(a.len() - end), u32::try_from(b.len())) {
            (Ok(from), Ok(to), Ok(len)) => TextUpdate::Edit(TextEdit {
                base: base_id,
                from,
                to,
                insert: insert.to_string(),
                len,
            }),
            _ => whole(),
        }
    }

    /// The bytes of text this update carries.
    pub fn carried(&self) -> usize {
        match self {
            TextUpdate::Whole { text } => text.len(),
            TextUpdate::Edit(e) => e.insert.len(),
        }
    }

    /// The whole text, when that is what it carries.
    pub fn whole(&self) -> Option<&str> {
        match self {
            TextUpdate::Whole { text } => Some(text),
            TextUpdate::Edit(_) => None,
        }
    }
}

impl TextEdit {
    /// The text after the change to `base` (the text of request `base_id`); `None` when the
    /// edit is of another text, or does not fit this one.
    pub fn apply(&self, base_id: u32, base: &str) -> Option<String> {
        if self.base != base_id {
            return None;
        }
        let (from, to) = (self.from as usize, self.to as usize);
        if from > to {
            return None;
        }
        let (head, tail) = (base.get(..from)?, base.get(to..)?);
        let mut out = String::with_capacity(head.len() + self.insert.len() + tail.len());
        out.push_str(head);
        out.push_str(&self.insert);
        out.push_str(tail);
        (out.len() == self.len as usize).then_some(out)
    }
}

/// The views an analysis computes beside the diagnostics and the function list: only those
/// the page shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Views {
    /// Lay out the CFG (its pane is open).
    pub cfg: bool,
    /// The static may-be-poison marks of every function (the overlay is on).
    pub may_poison: bool,
    /// Describe the values of the functions that overlap this byte range (what the editor
    /// shows), for hovering. In a reply: the range they cover, whole functions, at least the
    /// asked range.
    pub values: Option<(u32, u32)>,
}

impl Default for Views {
    /// Every view, over the whole text.
    fn default() -> Views {
        Views { cfg: true, may_poison: true, values: Some((0, u32::MAX)) }
    }
}

impl Views {
    /// True when these views (of a reply) hold all of `wanted`.
    pub fn hold(&self, wanted: &Views) -> bool {
        let values = match (self.values, wanted.values) {
            (_, None) => true,
            (None, Some(_)) => false,
            (Some((lo, hi)), Some((from, to))) => lo <= from && to <= hi,
        };
        (self.cfg || !wanted.cfg) && (self.may_poison || !wanted.may_poison) && values
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(base: &str, text: &str) -> TextUpdate {
        let u = TextUpdate::between(7, base, text);
        match &u {
            TextUpdate::Edit(e) => assert_eq!(e.apply(7, base).as_deref(), Some(text)),
            TextUpdate::Whole { text: t } => assert_eq!(t, text),
        }
        u
    }

    #[test]
    fn a_keystroke_in_a_big_text_is_sent_as_one_character() {
        let base = "define void @f() {\n  ret void\n}\n".repeat(100);
        let mut text = base.clone();
        text.insert(1000, 'x');
        let u = round_trip(&base, &text);
        assert_eq!(u.carried(), 1);
        let TextUpdate::Edit(e) = u else { panic!("not an edit") };
        assert_eq!((e.from, e.to, e.len as usize), (1000, 1000, text.len()));
        // A deletion carries nothing.
        assert_eq!(round_trip(&text, &base).carried(), 0);
    }

    #[test]
    fn edits_keep_to_character_boundaries() {
        let base = "; é à ü\n".repeat(50);
        // é and è share their first byte; à and © their last.
        for (from, to) in [("é", "è"), ("à", "©"), ("ü", ""), (" ", "ü")] {
            round_trip(&base, &base.replacen(from, to, 1));
        }
        // Characters that share leading or trailing bytes.
        round_trip(&"é".repeat(40), &format!("{}è{}", "é".repeat(20), "é".repeat(19)));
        round_trip(&"aé".repeat(40), &"aè".repeat(40));
    }

    #[test]
    fn replacing_most_of_the_text_sends_it_whole() {
        assert!(round_trip("abc", "xyz").whole().is_some());
        assert!(round_trip("", "define void @f()").whole().is_some());
        assert!(round_trip("abcdefgh", "abcdefgh").whole().is_none());
        // Repeated text: the common start and end do not overlap.
        let u = round_trip("aaaa", "aaaaaaaaa");
        assert!(u.whole().is_some() || u.carried() == 5);
    }

    #[test]
    fn an_edit_of_another_text_or_out_of_range_does_not_apply() {
        let e = TextEdit { base: 3, from: 2, to: 4, insert: "x".into(), len: 5 };
        assert_eq!(e.apply(3, "abcdef").as_deref(), Some("abxef"));
        assert_eq!(e.apply(4, "abcdef"), None);
        assert_eq!(e.apply(3, "abc"), None);
        assert_eq!(e.apply(3, "abcdefg"), None, "the length check");
        let backwards = TextEdit { base: 3, from: 4, to: 2, insert: String::new(), len: 8 };
        assert_eq!(backwards.apply(3, "abcdef"), None);
        let inside = TextEdit { base: 3, from: 1, to: 1, insert: String::new(), len: 2 };
        assert_eq!(inside.apply(3, "é"), None, "not a character boundary");
    }

    #[test]
    fn views_hold_what_they_cover() {
        let asked = Views { cfg: false, may_poison: false, values: Some((10, 20)) };
        assert!(Views::default().hold(&asked));
        assert!(asked.hold(&asked));
        assert!(!asked.hold(&Views { values: Some((5, 20)), ..asked.clone() }));
        assert!(!asked.hold(&Views { cfg: true, ..asked.clone() }));
        assert!(!asked.hold(&Views { may_poison: true, ..asked.clone() }));
        assert!(asked.hold(&Views { values: None, ..asked.clone() }));
    }
}
