//! The irplay playground: a yew app (main thread) and the request handler its Web Workers run.
//!
//! The page and the workers load the same wasm module: `start_app` mounts the UI, and
//! `worker_handle` answers one `protocol::Request` with one `protocol::Response`.

pub mod app;
pub mod cfgview;
pub mod examples;
pub mod layout;
pub mod protocol;
pub mod share;
pub mod teach;
pub mod wasm_run;
pub mod wasm_trap;
pub mod worker;

use wasm_bindgen::prelude::*;

/// Mounts the playground in `#app` (called by `index.html` once the module is loaded).
#[wasm_bindgen]
pub fn start_app() {
    let root =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("app"));
    match root {
        Some(el) => {
            yew::Renderer::<app::App>::with_root(el).render();
        }
        None => {
            yew::Renderer::<app::App>::new().render();
        }
    }
}

/// Answers one request (called by `worker.js` for each message).
#[wasm_bindgen]
pub fn worker_handle(msg: JsValue) -> JsValue {
    let resp = match serde_wasm_bindgen::from_value::<protocol::Request>(msg) {
        Ok(req) => worker::handle(req),
        Err(e) => protocol::Response::Error { message: format!("unreadable request: {e}") },
    };
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    serde::Serialize::serialize(&resp, &ser).unwrap_or(JsValue::NULL)
}
