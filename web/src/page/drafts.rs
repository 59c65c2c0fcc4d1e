//! What the page shows about drafts and links: the note when the text could not be saved (with
//! the module to download), what Share made (a link, a warning, or a refusal with the module as
//! a file or as text instead), and the status line's note when the address holds no link.

use crate::page::state::drafts::ShareOffer;
use crate::page::state::{Action, DraftAction, FilesAction};
use crate::page::teach;
use yew::prelude::*;

/// The buttons that give the module without a link.
fn instead(on: &Callback<Action>) -> Html {
    html! {
        <>
            <button id="share-download" class="btn" onclick={on.reform(|_| Action::Files(FilesAction::DownloadText))}>{"Download the module"}</button>
            <button id="share-copy-text" class="btn" onclick={on.reform(|_| Action::Drafts(DraftAction::CopyText))}>{"Copy the text"}</button>
        </>
    }
}

/// The note shown while the text is not saved.
pub fn save_notice(message: Option<&str>, on: &Callback<Action>) -> Html {
    let Some(m) = message else { return html! {} };
    html! {
        <div id="save-failed" class="file-note file-note-error" role="alert">
            <span id="save-failed-text">{ m }</span>
            <button id="save-download" class="btn btn-primary" onclick={on.reform(|_| Action::Files(FilesAction::DownloadText))}>{"Download the module"}</button>
            <button class="btn" onclick={on.reform(|_| Action::Drafts(DraftAction::DismissSaveError))}>{"Dismiss"}</button>
        </div>
    }
}

/// What Share made.
pub fn share_toast(offer: &ShareOffer, on: &Callback<Action>) -> Html {
    let close = on.reform(|_| Action::DismissToast);
    match offer {
        ShareOffer::Copied { link, warning } => html! {
            <div class={classes!("toast", warning.is_some().then_some("toast-error"))} role="status">
                <label for="share-link">{"Link to this playground (copied): "}</label>
                <input id="share-link" readonly=true value={link.clone()} size="40" />
                <span class="toast-note">{ teach::plural(link.len(), "character") }</span>
                if let Some(w) = warning {
                    <span id="share-warning">{ w }</span>
                    { instead(on) }
                }
                <button class="btn" onclick={close}>{"Close"}</button>
            </div>
        },
        ShareOffer::Refused(why) => html! {
            <div id="share-refused" class="toast toast-error" role="alert">
                <span id="share-refused-text">{ why }</span>
                { instead(on) }
                <button class="btn" onclick={close}>{"Close"}</button>
            </div>
        },
    }
}

/// The status line's note when the address holds no link for the state.
pub fn address_note(note: Option<&str>) -> Html {
    let Some(n) = note else { return html! {} };
    html! { <span id="address-note" class="statusbar-item" title={n.to_string()}>{ "· address: no link (module too large)" }</span> }
}
