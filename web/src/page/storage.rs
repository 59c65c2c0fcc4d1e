//! The page's surroundings: local storage (text, view state, theme), the URL fragment, the
//! clipboard, page-wide shortcuts and measurements exposed for the end-to-end tests.

use crate::page::share::{self, View};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

const TEXT_KEY: &str = "irplay.text";
const STATE_KEY: &str = "irplay.state";
const THEME_KEY: &str = "irplay.theme";
/// The user's own text, kept when a share link replaced it.
const BACKUP_KEY: &str = "irplay.text.before-link";

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
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
    /// A message for the user (a bad link).
    pub message: Option<String>,
    /// The text the user had before, when a share link replaced it.
    pub backup: Option<String>,
}

/// The state to start with: from a share link in the URL fragment, else from local storage,
/// else the default example.
pub fn initial_state() -> Start {
    let hash = web_sys::window().and_then(|w| w.location().hash().ok()).unwrap_or_default();
    if !hash.is_empty() && hash != "#" {
        // The link is read once; later reloads come back to the user's own (saved) work.
        if let Some(h) = web_sys::window().and_then(|w| w.history().ok()) {
            let path = web_sys::window()
                .and_then(|w| w.location().pathname().ok())
                .unwrap_or_else(|| "/".into());
            let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&path));
        }
        return match share::decode(&hash) {
            Ok(share::Link { view, text }) => {
                // Opening a link never loses the user's own work: it is kept aside.
                let own = storage()
                    .and_then(|st| st.get_item(TEXT_KEY).ok().flatten())
                    .filter(|t| *t != text && !t.trim().is_empty());
                if let (Some(own), Some(st)) = (own.as_ref(), storage()) {
                    let _ = st.set_item(BACKUP_KEY, own);
                }
                save_text(&text);
                save_view(&view);
                Start { view, text, message: None, backup: own }
            }
            Err(e) => Start {
                view: View { entry: "main".into(), ..View::default() },
                text: default_text(),
                message: Some(format!("{e}. Showing the default example instead.")),
                backup: None,
            },
        };
    }
    let st = storage();
    let text =
        st.as_ref().and_then(|s| s.get_item(TEXT_KEY).ok().flatten()).unwrap_or_else(default_text);
    let mut view: View = st
        .as_ref()
        .and_then(|s| s.get_item(STATE_KEY).ok().flatten())
        .and_then(|j| serde_json::from_str(&j).ok())
        .unwrap_or_default();
    if view.entry.is_empty() {
        view.entry = "main".into();
    }
    Start { view, text, message: None, backup: None }
}

/// Forgets that text.
pub fn clear_backup() {
    if let Some(s) = storage() {
        let _ = s.remove_item(BACKUP_KEY);
    }
}

/// Saves the editor's text.
pub fn save_text(text: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(TEXT_KEY, text);
    }
}

/// Saves the view state (the text has its own key).
pub fn save_view(view: &View) {
    if let (Some(s), Ok(j)) = (storage(), serde_json::to_string(view)) {
        let _ = s.set_item(STATE_KEY, &j);
    }
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
