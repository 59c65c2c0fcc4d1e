//! The page's surroundings: local storage (text, view state, theme), the address bar (which
//! follows the state while editing), the clipboard, page-wide shortcuts and measurements
//! exposed for the end-to-end tests.

use crate::page::share::{self, View};
use crate::page::state::drafts::{self, Address, Flushed, SaveError};
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

const TEXT_KEY: &str = "irplay.text";
const STATE_KEY: &str = "irplay.state";
const THEME_KEY: &str = "irplay.theme";
/// The user's own text, kept when a share link replaced it.
const BACKUP_KEY: &str = "irplay.text.before-link";
/// In the tab's session storage: the fragment this page last wrote into the address bar, kept
/// while the saved text is at least as new as it. A reload whose address holds it restores the
/// saved text (which may be newer than the address); any other fragment is a link to open.
const ADDRESS_KEY: &str = "irplay.address";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn session() -> Option<web_sys::Storage> {
    web_sys::window()?.session_storage().ok()?
}

fn default_text() -> String {
    crate::page::examples::EXAMPLES.first().map(|e| e.source.to_string()).unwrap_or_default()
}

/// How the page starts.
pub struct Start {
    /// The view state.
    pub view: View,
    /// The text.
    pub text: String,
    /// A message for the user (a bad link, a saved text that could not be read).
    pub message: Option<String>,
    /// The text the user had before, when a share link replaced it.
    pub backup: Option<String>,
    /// True when the state comes from a link.
    pub from_link: bool,
}

/// The saved text: none when nothing is saved, an error when it cannot be read.
fn saved_text() -> Result<Option<String>, String> {
    let Some(value) = storage().and_then(|s| s.get_item(TEXT_KEY).ok().flatten()) else {
        return Ok(None);
    };
    drafts::read_stored(&value)
        .map(Some)
        .map_err(|e| format!("Your saved text could not be read ({e})"))
}

fn saved_view() -> View {
    let mut view: View = storage()
        .and_then(|s| s.get_item(STATE_KEY).ok().flatten())
        .and_then(|j| serde_json::from_str(&j).ok())
        .unwrap_or_default();
    if view.entry.is_empty() {
        view.entry = "main".into();
    }
    view
}

/// The fragment of the address, without `#`.
fn current_fragment() -> String {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    hash.strip_prefix('#').unwrap_or(&hash).to_string()
}

/// Puts `fragment` into the address bar (none: no fragment), replacing the history entry.
fn replace_address(fragment: Option<&str>) -> bool {
    let Some(w) = web_sys::window() else { return false };
    let loc = w.location();
    let path = loc.pathname().unwrap_or_else(|_| "/".into());
    let search = loc.search().unwrap_or_default();
    let url = match fragment {
        Some(f) => format!("{path}{search}#{f}"),
        None => format!("{path}{search}"),
    };
    w.history().is_ok_and(|h| h.replace_state_with_url(&JsValue::NULL, "", Some(&url)).is_ok())
}

/// The state to start with: from a link in the address, else from local storage, else the
/// default example. An address this tab wrote itself is not a link: the saved text, which is
/// at least as new, is used.
pub fn initial_state() -> Start {
    let fragment = current_fragment();
    let own_address = session()
        .and_then(|s| s.get_item(ADDRESS_KEY).ok().flatten())
        .is_some_and(|a| !a.is_empty() && a == fragment);
    let saved = saved_text();
    let mut message = None;
    // This tab's own address, with the saved text to restore: not a link.
    let restore = own_address && matches!(saved, Ok(Some(_)));
    if !fragment.is_empty() && !restore {
        match share::decode(&fragment) {
            Ok(share::Link { view, text }) => {
                // Opening a link never loses the user's own work: it is kept aside.
                let own = saved
                    .ok()
                    .flatten()
                    .filter(|t| *t != text && !t.trim().is_empty() && !own_address);
                if let Some(own) = own.as_ref() {
                    let _ = store(BACKUP_KEY, &drafts::stored_text(own, None));
                }
                let _ = save_view(&view);
                // The address holds this state: a reload keeps it.
                if store(TEXT_KEY, &drafts::stored_text(&text, None)).is_ok() {
                    mark_address(Some(&fragment));
                }
                return Start { view, text, message: None, backup: own, from_link: true };
            }
            Err(e) => {
                // The fragment does not describe the state: it goes.
                replace_address(None);
                let instead = if matches!(saved, Ok(Some(_))) {
                    "your saved text"
                } else {
                    "the default example"
                };
                message = Some(format!("{e}. Showing {instead} instead."));
            }
        }
    }
    let text = match saved {
        Ok(Some(t)) => t,
        Ok(None) => default_text(),
        Err(e) => {
            message = Some(format!("{e}. Showing the default example instead."));
            default_text()
        }
    };
    Start { view: saved_view(), text, message, backup: None, from_link: false }
}

/// Records (or forgets) that the saved text is at least as new as the address `fragment`.
fn mark_address(fragment: Option<&str>) {
    if let Some(s) = session() {
        let _ = match fragment {
            Some(f) => s.set_item(ADDRESS_KEY, f),
            None => s.remove_item(ADDRESS_KEY),
        };
    }
}

/// Forgets that text.
pub fn clear_backup() {
    if let Some(s) = storage() {
        let _ = s.remove_item(BACKUP_KEY);
    }
}

/// Stores `value` under `key`.
fn store(key: &str, value: &str) -> Result<(), SaveError> {
    let st = storage().ok_or(SaveError::NoStorage)?;
    st.set_item(key, value).map_err(|e| {
        let name = e.dyn_ref::<web_sys::DomException>().map(|d| d.name()).unwrap_or_default();
        match name.as_str() {
            "QuotaExceededError" => SaveError::Full { chars: value.chars().count() },
            "" => SaveError::Failed(format!("{e:?}")),
            _ => SaveError::Failed(name),
        }
    })
}

/// Saves the view state (the text has its own key).
pub fn save_view(view: &View) -> Result<(), SaveError> {
    match serde_json::to_string(view) {
        Ok(j) => store(STATE_KEY, &j),
        Err(e) => Err(SaveError::Failed(e.to_string())),
    }
}

/// What waits to be saved.
struct Pending {
    text: Rc<str>,
    view: View,
    /// The text changed since it was saved (or its save failed).
    text_dirty: bool,
    /// Anything changed since the last save.
    dirty: bool,
    /// Why the text's last save failed.
    error: Option<SaveError>,
    /// The fragment this page last put into the address (empty: none).
    written: String,
    /// The fragment this page last put into the address and dropped since (empty: none). A
    /// reload started before the drop still opens it: leaving the page marks it as this
    /// tab's own, so that the reload restores the newer saved text, not the older link.
    dropped: String,
    /// The address holds the state.
    held: bool,
    page_url: String,
}

/// Saves the text and updates the address a moment after the last change (and at once when
/// the page is left), then reports what happened.
pub struct Autosave {
    pending: Rc<RefCell<Pending>>,
    timer: Option<Timeout>,
    on_done: Rc<dyn Fn(Flushed)>,
    /// Reads the editor's text, for leaving the page: the editor reports its text only once
    /// typing pauses, and the last keys may not have reached the state yet.
    editor_text: TextReader,
}

/// See [`Autosave::read_editor_with`].
type TextReader = Rc<RefCell<Option<Box<dyn Fn() -> Option<String>>>>>;

impl Autosave {
    /// For a page that starts with `text` and `view`; `on_done` hears of every save.
    pub fn new(text: Rc<str>, view: View, on_done: impl Fn(Flushed) + 'static) -> Autosave {
        let fragment = current_fragment();
        let pending = Rc::new(RefCell::new(Pending {
            text,
            view,
            text_dirty: false,
            dirty: false,
            error: None,
            held: !fragment.is_empty(),
            written: fragment,
            dropped: String::new(),
            page_url: page_url(),
        }));
        let editor_text: TextReader = Rc::default();
        if let Some(w) = web_sys::window() {
            // Leaving the page saves what waits.
            let (p, read) = (pending.clone(), editor_text.clone());
            let cb = Closure::<dyn Fn()>::new(move || leave(&p, &read));
            let _ = w.add_event_listener_with_callback("pagehide", cb.as_ref().unchecked_ref());
            cb.forget();
            // Before that, the browser asks whether to leave when the text could not be saved
            // and the address does not hold it either: it would be lost.
            let (p, read) = (pending.clone(), editor_text.clone());
            let cb = Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
                leave(&p, &read);
                let p = p.borrow();
                if p.error.is_some() && !p.held {
                    e.prevent_default();
                    let _ = js_sys::Reflect::set(&e, &"returnValue".into(), &"unsaved".into());
                }
            });
            let _ = w.add_event_listener_with_callback("beforeunload", cb.as_ref().unchecked_ref());
            cb.forget();
        }
        Autosave { pending, timer: None, on_done: Rc::new(on_done), editor_text }
    }

    /// Reads the editor's current text with `read` when the page is left.
    pub fn read_editor_with(&self, read: impl Fn() -> Option<String> + 'static) {
        *self.editor_text.borrow_mut() = Some(Box::new(read));
    }

    /// Notes a new state (`edited`: a new text); saved after a pause.
    pub fn changed(&mut self, text: &Rc<str>, view: &View, edited: bool) {
        {
            let mut p = self.pending.borrow_mut();
            p.text_dirty |= edited;
            p.text = text.clone();
            p.view = view.clone();
            p.dirty = true;
            // Until the pause, the address holds no state rather than an old one (once per
            // burst of edits: then `written` is empty). Opening the old state's link from
            // here is then a new link again, and a reload restores the saved text.
            if !p.written.is_empty() && current_fragment() == p.written && replace_address(None) {
                p.dropped = std::mem::take(&mut p.written);
                p.held = false;
            }
        }
        let (p, done) = (self.pending.clone(), self.on_done.clone());
        // Replacing the timer cancels the one before.
        self.timer = Some(Timeout::new(drafts::SAVE_DELAY_MS, move || {
            if let Some(f) = flush(&mut p.borrow_mut(), true) {
                done(f);
            }
        }));
    }
}

/// Saves what waits when the page is left, with what was typed since the editor last reported
/// its text (the address is left alone: a reload or a new link is already on its way).
fn leave(p: &RefCell<Pending>, read: &TextReader) {
    let typed = read.borrow().as_ref().and_then(|read| read());
    let mut p = p.borrow_mut();
    if let Some(text) = typed.filter(|t| **t != *p.text) {
        p.text = text.into();
        p.text_dirty = true;
        p.dirty = true;
    }
    flush(&mut p, false);
}

/// Saves what waits, and puts the state into the address when `address` (if the address is
/// still this page's own: a link pasted into it is left for the reload it causes).
fn flush(p: &mut Pending, address: bool) -> Option<Flushed> {
    if !p.dirty {
        return None;
    }
    p.dirty = false;
    let own = current_fragment() == p.written;
    let target = (address && own).then(|| drafts::address(&p.page_url, &p.view, &p.text));
    let fragment = match &target {
        Some(Address::Link(f)) => Some(f.as_str()),
        _ => None,
    };
    if p.text_dirty {
        p.error = store(TEXT_KEY, &drafts::stored_text(&p.text, fragment)).err();
        p.text_dirty = p.error.is_some();
    }
    match &target {
        Some(Address::Link(f)) => {
            p.held = replace_address(Some(f));
            p.written = if p.held { f.clone() } else { current_fragment() };
            p.dropped.clear();
        }
        Some(Address::TooLong) => {
            replace_address(None);
            p.held = false;
            p.written = String::new();
            p.dropped.clear();
        }
        None => {}
    }
    // A reload restores the saved text while it is at least as new as the address.
    let saved = p.error.is_none() && own;
    // Leaving the page with the address just dropped: the reload may be going to the dropped
    // fragment's address.
    let own_fragment = if !address && p.written.is_empty() { &p.dropped } else { &p.written };
    mark_address(saved.then_some(own_fragment.as_str()).filter(|f| !f.is_empty()));
    Some(Flushed { error: p.error.clone(), address_held: p.held })
}

/// True for the dark theme: the saved choice, else the system's preference.
pub fn dark_theme() -> bool {
    if let Some(t) = storage().and_then(|s| s.get_item(THEME_KEY).ok().flatten()) {
        return t == "dark";
    }
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// Saves the theme choice.
pub fn save_theme(dark: bool) {
    if let Some(s) = storage() {
        let _ = s.set_item(THEME_KEY, if dark { "dark" } else { "light" });
    }
}

/// Sets `data-theme` on the document element.
pub fn apply_theme(dark: bool) {
    if let Some(el) =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element())
    {
        let _ = el.set_attribute("data-theme", if dark { "dark" } else { "light" });
    }
}

/// The page's URL without its fragment.
pub fn page_url() -> String {
    let loc = web_sys::window().map(|w| w.location());
    let origin = loc.as_ref().and_then(|l| l.origin().ok()).unwrap_or_default();
    let path = loc.as_ref().and_then(|l| l.pathname().ok()).unwrap_or_else(|| "/".into());
    format!("{origin}{path}")
}

/// Copies text to the clipboard (silently does nothing where that is not allowed).
pub fn copy_to_clipboard(text: &str) {
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

/// Calls `f` on Ctrl-Enter (or Cmd-Enter) anywhere on the page.
pub fn on_ctrl_enter(f: impl Fn() + 'static) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let cb = Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
        if e.key() == "Enter" && (e.ctrl_key() || e.meta_key()) {
            e.prevent_default();
            f();
        }
    });
    let _ = doc.add_event_listener_with_callback("keydown", cb.as_ref().unchecked_ref());
    cb.forget();
}

/// Reloads the page when a share link is pasted into the address bar of an open playground
/// (only the fragment changes, so the browser would not load it by itself).
pub fn reload_on_new_link() {
    let Some(w) = web_sys::window() else { return };
    let cb = Closure::<dyn Fn()>::new(|| {
        if let Some(w) = web_sys::window() {
            let hash = w.location().hash().unwrap_or_default();
            if !hash.is_empty() && hash != "#" {
                let _ = w.location().reload();
            }
        }
    });
    let _ = w.add_event_listener_with_callback("hashchange", cb.as_ref().unchecked_ref());
    cb.forget();
}

/// Records a measurement as `data-<name>` on the document element (read by the e2e tests).
pub fn set_metric(name: &str, value: f64) {
    if let Some(el) =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element())
    {
        let _ = el.set_attribute(&format!("data-{name}"), &format!("{value:.2}"));
    }
}
