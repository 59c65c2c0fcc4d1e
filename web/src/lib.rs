//! The irplay playground: a yew app (main thread) and the request handler its Web Workers run.
//!
//! The crate is built into three wasm modules (cargo features, one build each): the page's
//! (`page`: `start_app` mounts the UI, `page/`), and two for the workers, where `worker_handle`
//! answers one `protocol::Request` with one `protocol::Reply` (`worker/`): `worker` (checking,
//! analysis, CFG layout, the interpreter, the debugger, bitcode files) and `full` (that and the
//! pass manager and the wasm and native back ends; `protocol::Request::module` says which a
//! request needs). The page compiles each worker module once, when a worker first needs it, and
//! hands the compiled module to every worker it starts. `protocol` holds the messages between
//! page and workers, the only types that cross.

pub mod page;
pub mod protocol;
pub mod worker;

use wasm_bindgen::prelude::*;

/// Mounts the playground in `#app` (called by `main.js` once the module is loaded).
#[cfg(feature = "page")]
#[wasm_bindgen]
pub fn start_app() {
    let root =
        web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("app"));
    match root {
        Some(el) => {
            // The loading skeleton of `index.html` goes; the app takes its place.
            el.set_inner_html("");
            yew::Renderer::<page::App>::with_root(el).render();
        }
        None => {
            yew::Renderer::<page::App>::new().render();
        }
    }
}

/// Answers one request (called by `worker.js` for each message).
#[cfg(feature = "worker")]
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
