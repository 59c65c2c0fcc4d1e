//! Files on the page: the toolbar's Open… and download buttons with their hidden file input,
//! the note about the last file opened or saved, dropping a file on the editor (with its
//! highlight), and the Ctrl-O (open) and Ctrl-S (download `.ll`) keys.
//!
//! This part only reads files and shows things; what a file is and what opening it does is
//! the reducer's (`state::files`).

use super::state::files::{too_large, MAX_FILE_BYTES};
use super::state::{FileNote, FilesAction};
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DragEvent, HtmlInputElement};
use yew::prelude::*;

/// The toolbar's file controls: Open… (with its hidden input) and the two downloads.
pub fn toolbar(on: &Callback<FilesAction>, input: &NodeRef, writing: bool) -> Html {
    let open = {
        let input = input.clone();
        Callback::from(move |_: MouseEvent| pick(&input))
    };
    let onchange = {
        let on = on.clone();
        Callback::from(move |e: Event| {
            let Some(input) = e.target_dyn_into::<HtmlInputElement>() else { return };
            if let Some(file) = input.files().and_then(|l| l.get(0)) {
                read(file, on.clone());
            }
            // Picking the same file again is a change too.
            input.set_value("");
        })
    };
    html! {
        <>
            <input type="file" id="file-input" hidden=true ref={input.clone()} {onchange} accept=".ll,.bc,text/plain" />
            <button id="open-file" class="btn" onclick={open} title="open a .ll or .bc file (Ctrl-O), or drop one on the editor">{"Open…"}</button>
            <span class="btn-pair" role="group" aria-label="download the module">
                <button id="download-ll" class="btn" onclick={on.reform(|_| FilesAction::DownloadText)} title="download the text as .ll (Ctrl-S)">{"⤓ .ll"}</button>
                <button id="download-bc" class="btn" onclick={on.reform(|_| FilesAction::DownloadBitcode)} disabled={writing} title="download the module as LLVM 19 bitcode (.bc)">{ if writing { "⤓ .bc…" } else { "⤓ .bc" } }</button>
            </span>
        </>
    }
}

/// The note about the last file opened or saved (or the text replaced by its upgraded form),
/// with Undo while the new text is still in the editor.
pub fn note(note: Option<&FileNote>, can_undo: bool, on: &Callback<FilesAction>) -> Html {
    let Some(n) = note else { return html! {} };
    let undo = (can_undo && !n.error).then(|| {
        html! { <button id="file-undo" class="btn" onclick={on.reform(|_| FilesAction::UndoOpen)} title="put back the text this replaced (Ctrl-Z in the editor does too)">{"Undo"}</button> }
    });
    html! {
        <div id="file-note" class={classes!("file-note", n.error.then_some("file-note-error"))} role={if n.error { "alert" } else { "status" }}>
            <span id="file-note-text">{ &n.text }</span>
            { for undo }
            <button class="btn" onclick={on.reform(|_| FilesAction::Dismiss)}>{"Dismiss"}</button>
        </div>
    }
}

/// What the editor shows while a file is dragged over it.
pub fn drop_hint(dragging: bool) -> Html {
    if !dragging {
        return html! {};
    }
    html! { <div id="drop-hint" class="drop-hint" aria-hidden="true"></div> }
}

/// Opens the file picker.
fn pick(input: &NodeRef) {
    if let Some(input) = input.cast::<HtmlInputElement>() {
        input.click();
    }
}

/// Reads a file's bytes; they arrive as [`FilesAction::Loaded`] (or a refusal).
fn read(file: web_sys::File, on: Callback<FilesAction>) {
    let name = file.name();
    let size = file.size();
    if size > MAX_FILE_BYTES as f64 {
        on.emit(FilesAction::Refused(too_large(&name, size as u64)));
        return;
    }
    let Ok(reader) = web_sys::FileReader::new() else {
        on.emit(FilesAction::Refused(format!("{name} cannot be read in this browser.")));
        return;
    };
    let (r, done, n) = (reader.clone(), on.clone(), name.clone());
    let onload = Closure::once_into_js(move |_: web_sys::Event| match r.result() {
        Ok(buf) if buf.is_instance_of::<js_sys::ArrayBuffer>() => {
            done.emit(FilesAction::Loaded(n, js_sys::Uint8Array::new(&buf).to_vec()));
        }
        _ => done.emit(FilesAction::Refused(format!("{n} could not be read."))),
    });
    let (r, n) = (reader.clone(), name);
    let onerror = Closure::once_into_js(move |_: web_sys::Event| {
        let why = r.error().map(|e| e.message()).unwrap_or_default();
        on.emit(FilesAction::Refused(format!(
            "{n} could not be read ({why}). The editor's text is unchanged."
        )));
    });
    reader.set_onload(Some(onload.unchecked_ref()));
    reader.set_onerror(Some(onerror.unchecked_ref()));
    let _ = reader.read_as_array_buffer(&file);
}

/// True when the drag carries files (not text dragged within the editor).
fn has_files(e: &DragEvent) -> bool {
    e.data_transfer().is_some_and(|dt| dt.types().includes(&JsValue::from_str("Files"), 0))
}

fn listen(
    target: &web_sys::EventTarget,
    kind: &str,
    capture: bool,
    f: impl Fn(DragEvent) + 'static,
) {
    let cb = Closure::<dyn Fn(DragEvent)>::new(f);
    let opts = web_sys::AddEventListenerOptions::new();
    opts.set_capture(capture);
    let _ = target.add_event_listener_with_callback_and_add_event_listener_options(
        kind,
        cb.as_ref().unchecked_ref(),
        &opts,
    );
    cb.forget();
}

/// Makes `pane` (the editor's pane) take dropped files, before the editor would paste them
/// as text, and keeps a file dropped elsewhere on the page from replacing the page.
pub fn install_drop(pane: &web_sys::Element, on: Callback<FilesAction>) {
    // dragenter and dragleave come for every child crossed: count them.
    let depth = Rc::new(Cell::new(0i32));
    let (d, o) = (depth.clone(), on.clone());
    listen(pane, "dragenter", true, move |e| {
        if has_files(&e) {
            e.prevent_default();
            d.set(d.get() + 1);
            if d.get() == 1 {
                o.emit(FilesAction::Drag(true));
            }
        }
    });
    listen(pane, "dragover", true, move |e| {
        if has_files(&e) {
            e.prevent_default();
            e.stop_propagation();
            if let Some(dt) = e.data_transfer() {
                dt.set_drop_effect("copy");
            }
        }
    });
    let (d, o) = (depth.clone(), on.clone());
    listen(pane, "dragleave", true, move |e| {
        if has_files(&e) {
            d.set(d.get() - 1);
            if d.get() <= 0 {
                d.set(0);
                o.emit(FilesAction::Drag(false));
            }
        }
    });
    listen(pane, "drop", true, move |e| {
        if !has_files(&e) {
            return;
        }
        e.prevent_default();
        e.stop_propagation();
        depth.set(0);
        on.emit(FilesAction::Drag(false));
        if let Some(file) = e.data_transfer().and_then(|dt| dt.files()).and_then(|l| l.get(0)) {
            read(file, on.clone());
        }
    });
    // Elsewhere on the page a dropped file would be opened by the browser in place of the
    // playground.
    if let Some(w) = web_sys::window() {
        for kind in ["dragover", "drop"] {
            listen(&w, kind, false, |e| {
                if has_files(&e) {
                    e.prevent_default();
                    if let Some(dt) = e.data_transfer() {
                        dt.set_drop_effect("none");
                    }
                }
            });
        }
    }
}

/// Ctrl-O (Cmd-O) opens the file picker, Ctrl-S (Cmd-S) downloads the text as `.ll`.
pub fn install_keys(input: NodeRef, on: Callback<FilesAction>) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let cb = Closure::<dyn Fn(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
        // A key the editor took (macOS's Ctrl-O splits the line there) stays the editor's.
        if e.default_prevented() || !(e.ctrl_key() || e.meta_key()) || e.shift_key() || e.alt_key()
        {
            return;
        }
        match e.key().as_str() {
            "o" | "O" => {
                e.prevent_default();
                pick(&input);
            }
            "s" | "S" => {
                e.prevent_default();
                on.emit(FilesAction::DownloadText);
            }
            _ => {}
        }
    });
    let _ = doc.add_event_listener_with_callback("keydown", cb.as_ref().unchecked_ref());
    cb.forget();
}
