//! Bindings to the CodeMirror editor bundled in `www/src/editor.js` (`window.IrplayEditor`).
//!
//! All offsets crossing this boundary are byte offsets into the UTF-8 text; the JavaScript
//! side converts them to editor positions.

use super::state::EditorMark;
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// An editor instance.
    pub type EditorHandle;

    #[wasm_bindgen(js_namespace = IrplayEditor, js_name = create, catch)]
    fn create_editor(parent: &web_sys::Element, options: &Object) -> Result<EditorHandle, JsValue>;

    #[wasm_bindgen(method, js_name = setText)]
    fn set_text(this: &EditorHandle, text: &str);
    #[wasm_bindgen(method, js_name = takePending)]
    fn take_pending_js(this: &EditorHandle) -> JsValue;
    #[wasm_bindgen(method, js_name = getText)]
    fn get_text_js(this: &EditorHandle) -> JsValue;
    #[wasm_bindgen(method, js_name = setDiagnostics)]
    fn set_diagnostics(this: &EditorHandle, diags: &Array);
    #[wasm_bindgen(method, js_name = select)]
    fn select_range(this: &EditorHandle, from: u32, to: u32);
    #[wasm_bindgen(method, js_name = setMarks)]
    fn set_marks(this: &EditorHandle, marks: &Array);
    #[wasm_bindgen(method, js_name = setDark)]
    fn set_dark(this: &EditorHandle, dark: bool);
    #[wasm_bindgen(method, js_name = onBreakpoints)]
    fn on_breakpoints(this: &EditorHandle, f: &JsValue);
    #[wasm_bindgen(method, js_name = onViewport)]
    fn on_viewport(this: &EditorHandle, f: &JsValue);
    #[wasm_bindgen(method, js_name = setCurrent)]
    fn set_current(this: &EditorHandle, from: JsValue, to: u32, kind: &str);
}

/// The editor and the callbacks it holds (kept alive as long as the editor).
pub struct Editor {
    handle: EditorHandle,
    _callbacks: Vec<JsValue>,
}

fn set(obj: &Object, key: &str, value: &JsValue) {
    let _ = Reflect::set(obj, &JsValue::from_str(key), value);
}

impl Editor {
    /// Mounts an editor in `parent`. `on_change` gets the text once typing pauses (not on
    /// every key), with the time (`Date.now()`) at which the typing began.
    pub fn new(
        parent: &web_sys::Element,
        text: &str,
        dark: bool,
        on_change: impl FnMut(String, f64) + 'static,
        on_cursor: impl FnMut(u32) + 'static,
        on_hover: impl FnMut(u32) -> Option<String> + 'static,
        mut on_line_hover: impl FnMut(Option<(u32, u32)>) + 'static,
    ) -> Result<Editor, String> {
        let opts = Object::new();
        let change = Closure::<dyn FnMut(String, f64)>::new(on_change).into_js_value();
        let cursor = Closure::<dyn FnMut(u32)>::new(on_cursor).into_js_value();
        let hover = Closure::<dyn FnMut(u32) -> Option<String>>::new(on_hover).into_js_value();
        // The byte range of the line under the pointer, or negative numbers when it left.
        let line_hover = Closure::<dyn FnMut(f64, f64)>::new(move |from: f64, to: f64| {
            let range = (from >= 0.0 && to >= from).then_some((from as u32, to as u32));
            on_line_hover(range);
        })
        .into_js_value();
        set(&opts, "text", &JsValue::from_str(text));
        set(&opts, "dark", &JsValue::from_bool(dark));
        set(&opts, "onChange", &change);
        set(&opts, "onCursor", &cursor);
        set(&opts, "onHover", &hover);
        set(&opts, "onLineHover", &line_hover);
        let handle = create_editor(parent, &opts)
            .map_err(|e| e.as_string().unwrap_or_else(|| "the editor failed to start".into()))?;
        Ok(Editor { handle, _callbacks: vec![change, cursor, hover, line_hover] })
    }

    /// Replaces the text (an undoable change).
    pub fn set_text(&self, text: &str) {
        self.handle.set_text(text);
    }

    /// A function that reads the editor's whole text as it is now (also what it has not
    /// reported yet), leaving what it will report alone; `None` once the editor is gone.
    pub fn text_reader(&self) -> impl Fn() -> Option<String> + 'static {
        let handle: EditorHandle = JsValue::from(&self.handle).unchecked_into();
        move || handle.get_text_js().as_string()
    }

    /// The text typed since the editor last reported it (it reports once typing pauses), and
    /// when that typing began (`Date.now()`); `None` when there is none.
    pub fn take_pending(&self) -> Option<(String, f64)> {
        let p = self.handle.take_pending_js();
        let text = Reflect::get(&p, &JsValue::from_str("text")).ok()?.as_string()?;
        let since = Reflect::get(&p, &JsValue::from_str("since")).ok()?.as_f64().unwrap_or(0.0);
        Some((text, since))
    }

    /// Shows diagnostics as squiggles and gutter markers.
    pub fn set_diagnostics<'a>(&self, diags: impl Iterator<Item = (u32, u32, &'a str, &'a str)>) {
        let arr = Array::new();
        for (from, to, severity, message) in diags {
            let o = Object::new();
            set(&o, "from", &from.into());
            set(&o, "to", &to.into());
            set(
                &o,
                "severity",
                &JsValue::from_str(if severity == "note" { "info" } else { severity }),
            );
            set(&o, "message", &JsValue::from_str(message));
            arr.push(&o);
        }
        self.handle.set_diagnostics(&arr);
    }

    /// Selects a byte range, scrolls to it and focuses the editor.
    pub fn select(&self, from: u32, to: u32) {
        self.handle.select_range(from, to);
    }

    /// Replaces the highlighted ranges.
    pub fn set_marks(&self, marks: &[EditorMark]) {
        let arr = Array::new();
        for m in marks {
            let o = Object::new();
            set(&o, "from", &m.from.into());
            set(&o, "to", &m.to.into());
            set(&o, "kind", &JsValue::from_str(m.kind));
            set(&o, "title", &JsValue::from_str(&m.title));
            arr.push(&o);
        }
        self.handle.set_marks(&arr);
    }

    /// Reports the breakpoints (1-based line numbers, ascending) to `f` whenever they change:
    /// a click in the gutter or on a line number toggles one, and they move with the text.
    pub fn on_breakpoints(&mut self, f: impl FnMut(Vec<u32>) + 'static) {
        let cb = Closure::<dyn FnMut(Vec<u32>)>::new(f).into_js_value();
        self.handle.on_breakpoints(&cb);
        self._callbacks.push(cb);
    }

    /// Calls `f(from, to)` with the byte range the editor draws, now and whenever it changed
    /// (once scrolling pauses).
    pub fn on_viewport(&mut self, f: impl FnMut(u32, u32) + 'static) {
        let cb = Closure::<dyn FnMut(u32, u32)>::new(f).into_js_value();
        self.handle.on_viewport(&cb);
        self._callbacks.push(cb);
    }

    /// Highlights the stepper's current instruction (a byte range; `kind` is `paused`,
    /// `finished` or `stale`) and scrolls it into view, or clears it.
    pub fn set_current(&self, at: Option<(u32, u32)>, kind: &str) {
        match at {
            Some((from, to)) => self.handle.set_current(from.into(), to, kind),
            None => self.handle.set_current(JsValue::NULL, 0, kind),
        }
    }

    /// Switches the editor's colours.
    pub fn set_dark(&self, dark: bool) {
        self.handle.set_dark(dark);
    }
}
