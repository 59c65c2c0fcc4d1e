//! The banner above the editor for text in legacy syntax (LLVM 1.x assembly, typed pointers):
//! it says what the parser upgraded as it read the text (a note, not an error: the module is
//! checked, drawn and run like any other), with a button that replaces the text by the module
//! as LLVM 19 prints it (`state::legacy` does the replacing).

use crate::protocol::{Legacy, LegacyKind};
use yew::prelude::*;

/// The banner for `legacy` (nothing for modern text); `upgrading` while the text is awaited.
pub fn banner(legacy: Option<&Legacy>, upgrading: bool, on_replace: Callback<MouseEvent>) -> Html {
    let Some(l) = legacy else { return html! {} };
    let (kind, what, more) = match l.kind {
        LegacyKind::Llvm1 => (
            "llvm1",
            "LLVM 1.x syntax, upgraded on read",
            "the module is checked, drawn and run as the LLVM 19 IR it was upgraded to",
        ),
        LegacyKind::TypedPointers => (
            "typed-pointers",
            "Typed pointers (LLVM 14 and earlier), read as `ptr`",
            "every typed pointer is read as the opaque `ptr` of LLVM 15 and later",
        ),
    };
    let title = if l.upgradable {
        "replace the editor's text with the module as LLVM 19 prints it (as `irplay fmt` does; \
         comments are not kept); Ctrl-Z in the editor brings the old text back"
    } else {
        "fix the errors first: only a module that parses can be printed"
    };
    let label = if upgrading { "Replacing…" } else { "Replace with the upgraded text" };
    html! {
        <div id="legacy-note" class="pane-header legacy-note" role="status" data-kind={kind}>
            <span id="legacy-note-text" title={more}>{ what }</span>
            <button id="legacy-replace" class="btn" onclick={on_replace} disabled={!l.upgradable || upgrading} {title}>{ label }</button>
        </div>
    }
}
