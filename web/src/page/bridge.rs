//! A Web Worker running `worker.js` (the same wasm module), spoken to in protocol messages.

use crate::protocol::{Request, Response};
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::Callback;

/// One worker and its message handlers.
pub struct Bridge {
    worker: Worker,
    _onmessage: Closure<dyn FnMut(MessageEvent)>,
    _onerror: Closure<dyn FnMut(JsValue)>,
}

impl Bridge {
    /// Starts a worker; its responses go to `on_response`.
    pub fn new(on_response: Callback<Response>) -> Result<Bridge, String> {
        let opts = WorkerOptions::new();
        opts.set_type(WorkerType::Module);
        let worker = Worker::new_with_options("./worker.js", &opts)
            .map_err(|e| format!("cannot start a worker: {e:?}"))?;
        let cb = on_response.clone();
        let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            let t0 = crate::now_ms();
            let resp = serde_wasm_bindgen::from_value::<Response>(ev.data()).unwrap_or_else(|e| {
                Response::Error { message: format!("unreadable worker message: {e}") }
            });
            super::storage::set_metric("decode-ms", crate::now_ms() - t0);
            cb.emit(resp);
        });
        let onerror = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            let message = js_sys::Reflect::get(&e, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
                .unwrap_or_else(|| "the worker failed".into());
            on_response.emit(Response::Error { message });
        });
        worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
        Ok(Bridge { worker, _onmessage: onmessage, _onerror: onerror })
    }

    /// Sends a request.
    pub fn post(&self, req: &Request) {
        let ser = serde_wasm_bindgen::Serializer::json_compatible();
        if let Ok(v) = serde::Serialize::serialize(req, &ser) {
            let _ = self.worker.post_message(&v);
        }
    }
}

impl Drop for Bridge {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
