//! The irplay playground: a yew app (main thread) and the request handler its Web Workers run.
//!
//! The page and the workers load the same wasm module: `start_app` mounts the UI (`page/`), and
//! `worker_handle` answers one `protocol::Request` with one `protocol::Reply` (`worker/`).
//! `protocol` holds the messages between the two, the only types that cross.

pub mod page;
pub mod protocol;
pub mod worker;

use wasm_bindgen::prelude::*;

/// Mounts the playground in `#app` (called by `index.html` once the module is loaded).
#[wasm_bindgen]
pub fn start_app() {
    let root =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("app"));
    match root {
        Some(el) => {
            yew::Renderer::<page::App>::with_root(el).render();
        }
        None => {
            yew::Renderer::<page::App>::new().render();
        }
    }
}

/// Answers one request (called by `worker.js` for each message).
#[wasm_bindgen]
pub fn worker_handle(msg: JsValue) -> JsValue {
    worker::entry(msg)
}

/// Milliseconds from an arbitrary origin.
pub fn now_ms() -> f64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }
}
