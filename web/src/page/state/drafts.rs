//! Drafts that survive: how the text is kept in the browser's storage (compressed when large),
//! what the address bar holds while editing, and what Share offers (a link checked to open, a
//! warning for long ones, or a refusal that says why, with the module as a file or as text
//! instead).
//!
//! Plain Rust, tested on the host; the page's storage and history calls are in `storage.rs`.

use super::{Action, Effect, State};
use crate::page::share::{self, Limits, View, CHAT_LIMIT, LINK_LIMITS, MAX_SHARE};
use flate2::Compression;

/// Texts longer than this (in bytes) are stored compressed.
pub const COMPRESS_ABOVE: usize = 16 << 10;

/// Marks a stored text as compressed: the mark, then a share fragment holding it (no text
/// starts with this control character and is stored as it is: such a text is always stored
/// compressed, so the two never mix).
pub const COMPRESSED_MARK: char = '\u{1}';

/// What a stored draft may inflate to: far more than a link (storage holds about 5 MB of
/// compressed text, and IR compresses about tenfold), but bounded.
pub const DRAFT_LIMITS: Limits = Limits { link: 16 << 20, inflated: 128 << 20 };

/// Texts longer than this (in bytes) are not put into the address bar without trying: even
/// well-compressed IR (about twelve to one, and base64 adds a third) would give an address
/// over [`MAX_SHARE`].
pub const ADDRESS_TEXT_MAX: usize = MAX_SHARE * 12;

/// How long the page waits after the last change before it saves and updates the address.
pub const SAVE_DELAY_MS: u32 = 400;

/// What to store for `text` under the text's key: the text itself when it is short, else
/// [`COMPRESSED_MARK`] and `fragment` (the address's fragment for this text, when there is one,
/// saves compressing twice) or a new one.
pub fn stored_text(text: &str, fragment: Option<&str>) -> String {
    if text.len() <= COMPRESS_ABOVE && !text.starts_with(COMPRESSED_MARK) {
        return text.to_string();
    }
    let fragment = match fragment {
        Some(f) => f.to_string(),
        None => share::encode_with(&View::default(), text, Compression::default()),
    };
    format!("{COMPRESSED_MARK}{fragment}")
}

/// The text a stored value holds (see [`stored_text`]).
pub fn read_stored(value: &str) -> Result<String, share::LinkError> {
    match value.strip_prefix(COMPRESSED_MARK) {
        Some(fragment) => share::decode_within(fragment, DRAFT_LIMITS).map(|l| l.text),
        None => Ok(value.to_string()),
    }
}

/// What the address bar can hold for a state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Address {
    /// This fragment (without `#`).
    Link(String),
    /// No link: it would be longer than [`MAX_SHARE`] characters.
    TooLong,
}

/// The address for `view` and `text` at `page_url` (the page's address without fragment).
pub fn address(page_url: &str, view: &View, text: &str) -> Address {
    if text.len() > ADDRESS_TEXT_MAX {
        return Address::TooLong;
    }
    let fragment = share::encode(view, text);
    if page_url.len() + 1 + fragment.len() > MAX_SHARE {
        return Address::TooLong;
    }
    Address::Link(fragment)
}

/// Why the text could not be saved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The storage is full (its quota): `chars` characters did not fit.
    Full {
        /// What was to be stored.
        chars: usize,
    },
    /// The browser gives the page no storage (private mode, settings).
    NoStorage,
    /// Another failure, in the browser's words.
    Failed(String),
}

/// What a save (after a pause in editing) did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flushed {
    /// Why saving the text failed, if it did.
    pub error: Option<SaveError>,
    /// True when the address bar now holds the state (a reload of the tab restores it).
    pub address_held: bool,
}

/// What the page tells the user after a failed save.
pub fn save_message(e: &SaveError, address_held: bool) -> String {
    let why = match e {
        SaveError::Full { chars } => format!(
            "the browser's storage for this page is full (the module needed {} of it)",
            size(chars * 2)
        ),
        SaveError::NoStorage => "this browser gives the page no storage".to_string(),
        SaveError::Failed(m) => format!("the browser refused: {m}"),
    };
    let after = if address_held {
        "The address bar still holds it, so reloading this tab keeps it, but closing the tab loses it."
    } else {
        "Reloading or closing the page would lose your changes."
    };
    format!("Your changes are not saved: {why}. {after} Download the module to keep it.")
}

/// The status line's note when the address holds no link.
pub fn address_note() -> String {
    format!(
        "The address holds no link: this module's would be longer than {MAX_SHARE} characters. \
         Reloading restores it from the browser's storage."
    )
}

/// What Share made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShareOffer {
    /// A link, checked to open this module, and copied; with a warning when it is long.
    Copied {
        /// The link.
        link: String,
        /// Why it may not reach its reader.
        warning: Option<String>,
    },
    /// No link: why.
    Refused(String),
}

const INSTEAD: &str = "Download the module or copy its text instead.";

/// What Share offers for `view` and `text` at `page_url`.
pub fn share_offer(page_url: &str, view: &View, text: &str) -> ShareOffer {
    if text.len() > LINK_LIMITS.inflated {
        return ShareOffer::Refused(format!(
            "No link made: the module is {} and a link holds at most {} of text. {INSTEAD}",
            size(text.len()),
            size(LINK_LIMITS.inflated)
        ));
    }
    let stdin = view.stdin.chars().count();
    if stdin > share::MAX_STDIN {
        return ShareOffer::Refused(format!(
            "No link made: the standard input is {stdin} characters, and a link keeps at most \
             {}. {INSTEAD}",
            share::MAX_STDIN
        ));
    }
    let fragment = share::encode(view, text);
    let link = format!("{page_url}#{fragment}");
    let n = link.chars().count();
    if n > MAX_SHARE {
        return ShareOffer::Refused(format!(
            "No link made: it would be {n} characters, and browsers and chat tools do not \
             reliably open links over {MAX_SHARE}. {INSTEAD}"
        ));
    }
    match share::decode(&fragment) {
        Ok(l) if l.text == text && l.view == share::sanitize(view.clone()) => {}
        Ok(_) => {
            return ShareOffer::Refused(format!(
                "No link made: it would not open this module as it is. {INSTEAD}"
            ))
        }
        Err(e) => {
            return ShareOffer::Refused(format!("No link made: it would not open ({e}). {INSTEAD}"))
        }
    }
    let warning = (n > CHAT_LIMIT).then(|| {
        format!(
            "This link is {n} characters: chat tools and mail often cut links over {CHAT_LIMIT}, \
             and a cut link does not open. To send the module, download it or copy its text."
        )
    });
    ShareOffer::Copied { link, warning }
}

/// A size in bytes as people read it.
pub fn size(bytes: usize) -> String {
    match bytes {
        b if b < 1 << 10 => format!("{b} bytes"),
        b if b < 1 << 20 => format!("{:.0} KB", b as f64 / 1024.0),
        b => format!("{:.1} MB", b as f64 / (1 << 20) as f64),
    }
}

/// Actions about drafts and links.
#[derive(Clone, Debug, PartialEq)]
pub enum DraftAction {
    /// The page saved (or failed to) and updated the address.
    Flushed(Flushed),
    /// Copy the module's text (instead of a link).
    CopyText,
    /// Hide the note about a failed save (until a save works and then fails again).
    DismissSaveError,
}

/// What the page knows about its drafts and links.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Drafts {
    /// What the last Share made (shown until dismissed).
    pub share: Option<ShareOffer>,
    /// Why the last save failed (none once one works).
    pub save_error: Option<String>,
    /// The note was dismissed.
    save_error_dismissed: bool,
    /// Set when the address holds no link for the state.
    pub address_note: Option<String>,
    /// The page was opened from a link: its pass pipeline is run again at the start.
    pub from_link: bool,
}

impl Drafts {
    /// For a page opened from a link (`from_link`) or not.
    pub fn new(from_link: bool) -> Drafts {
        Drafts { from_link, ..Drafts::default() }
    }

    /// The note about a failed save, unless dismissed.
    pub fn save_notice(&self) -> Option<&str> {
        self.save_error.as_deref().filter(|_| !self.save_error_dismissed)
    }
}

impl State {
    pub(super) fn drafts_action(&mut self, action: DraftAction, fx: &mut Vec<Effect>) {
        match action {
            DraftAction::Flushed(f) => {
                let error = f.error.as_ref().map(|e| save_message(e, f.address_held));
                let note = (!f.address_held).then(address_note);
                if error.is_none() {
                    self.drafts.save_error_dismissed = false;
                }
                if error != self.drafts.save_error || note != self.drafts.address_note {
                    self.drafts.save_error = error;
                    self.drafts.address_note = note;
                    fx.push(Effect::Render);
                }
            }
            DraftAction::CopyText => {
                fx.push(Effect::CopyToClipboard(self.text.to_string()));
                self.drafts.share = None;
                self.toast =
                    Some(format!("Copied the module's text ({} characters).", self.text.len()));
                fx.push(Effect::Render);
            }
            DraftAction::DismissSaveError => {
                self.drafts.save_error_dismissed = true;
                fx.push(Effect::Render);
            }
        }
    }

    /// Makes a share link: copied only once it is checked to open.
    pub(super) fn share(&mut self, fx: &mut Vec<Effect>) {
        let offer = share_offer(&self.page_url, &self.view, &self.text);
        if let ShareOffer::Copied { link, .. } = &offer {
            fx.push(Effect::CopyToClipboard(link.clone()));
        }
        self.drafts.share = Some(offer);
        self.toast = None;
        fx.push(Effect::Render);
    }

    /// At the start: a page opened from a link runs its pass pipeline again, so that it shows
    /// what its sender saw.
    pub(super) fn drafts_start(&mut self, fx: &mut Vec<Effect>) {
        if std::mem::take(&mut self.drafts.from_link) && !self.view.pipeline.trim().is_empty() {
            self.start_pipeline(self.view.pipeline.clone(), fx);
        }
    }

    /// Hides the share link, the message and the note about the text kept aside.
    pub(super) fn dismiss_toast(&mut self, fx: &mut Vec<Effect>) {
        self.toast = None;
        self.drafts.share = None;
        self.backup = None;
        fx.push(Effect::Render);
    }

    /// Puts back the text the user had before opening a link.
    pub(super) fn restore_backup(&mut self, fx: &mut Vec<Effect>) {
        if let Some(text) = self.backup.take() {
            fx.push(Effect::SetEditorText(text));
            fx.push(Effect::ClearBackup);
        }
        fx.push(Effect::Render);
    }
}

/// The action that reports a save.
pub fn flushed(error: Option<SaveError>, address_held: bool) -> Action {
    Action::Drafts(DraftAction::Flushed(Flushed { error, address_held }))
}

#[cfg(test)]
#[path = "drafts_tests.rs"]
mod tests;
