//! A Web Worker running `worker.js` with one of the workers' wasm modules (compiled once by
//! `main.js` and handed to each worker it starts), spoken to in one kind's protocol messages:
//! requests of type `Req` go out, replies of type `Resp` come back, each with the size of the
//! worker's wasm memory.

use crate::protocol::{self, KindReply, Request, WasmModule};
use std::marker::PhantomData;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker};
use yew::Callback;

#[wasm_bindgen]
extern "C" {
    /// `main.js`'s `irplayWorker(name)`: a module worker running `worker.js`, whose first
    /// message is the wasm module `name`, compiled (once per page).
    #[wasm_bindgen(js_name = irplayWorker, catch)]
    fn start_worker(module: &str) -> Result<Worker, JsValue>;
}

/// The property of a reply in which `worker.js` puts the bytes of its wasm memory.
const MEMORY_KEY: &str = "wasmMemory";

/// One worker and its message handlers; dropping it terminates the worker.
pub struct Bridge<Req, Resp> {
    worker: Worker,
    module: WasmModule,
    on_reply: Callback<Resp>,
    _onmessage: Closure<dyn FnMut(MessageEvent)>,
    _onerror: Closure<dyn FnMut(JsValue)>,
    kind: PhantomData<fn(Req)>,
}

impl<Req: Into<Request>, Resp: KindReply + 'static> Bridge<Req, Resp> {
    /// Starts a worker running `module`; its replies go to `on_reply`, then the size of its
    /// wasm memory (bytes) to `on_memory`. A message that is not one of this kind's replies,
    /// and a failure of the worker itself, arrive as error replies.
    pub fn new(
        module: WasmModule,
        on_reply: Callback<Resp>,
        on_memory: Callback<f64>,
    ) -> Result<Self, String> {
        let worker =
            start_worker(module.name()).map_err(|e| format!("cannot start a worker: {e:?}"))?;
        let cb = on_reply.clone();
        let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            let t0 = crate::now_ms();
            let data = ev.data();
            let memory = data
                .is_object()
                .then(|| js_sys::Reflect::get(&data, &MEMORY_KEY.into()).ok())
                .flatten()
                .and_then(|m| m.as_f64());
            if memory.is_some() {
                let _ = js_sys::Reflect::delete_property(
                    data.unchecked_ref::<js_sys::Object>(),
                    &MEMORY_KEY.into(),
                );
            }
            let reply = protocol::from_js::<Resp>(data.clone()).unwrap_or_else(|e| {
                Resp::failed(protocol::id_of(&data), format!("unreadable worker message: {e}"))
            });
            super::storage::set_metric("decode-ms", crate::now_ms() - t0);
            cb.emit(reply);
            if let Some(bytes) = memory {
                on_memory.emit(bytes);
            }
        });
        let cb = on_reply.clone();
        let onerror = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            let message = js_sys::Reflect::get(&e, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
                .unwrap_or_else(|| "the worker failed".into());
            cb.emit(Resp::failed(None, message));
        });
        worker.set_onmessage(Some(onmessage.as_ref().unchecked_ref()));
        worker.set_onerror(Some(onerror.as_ref().unchecked_ref()));
        Ok(Bridge {
            worker,
            module,
            on_reply,
            _onmessage: onmessage,
            _onerror: onerror,
            kind: PhantomData,
        })
    }

    /// The wasm module the worker runs.
    pub fn module(&self) -> WasmModule {
        self.module
    }

    /// Sends a request; if it cannot be sent, its error reply arrives instead.
    pub fn post(&self, req: Request) {
        let sent = protocol::to_js(&req).and_then(|v| {
            self.worker.post_message(&v).map_err(|e| format!("cannot send a request: {e:?}"))
        });
        if let Err(message) = sent {
            self.on_reply.emit(Resp::failed(Some(req.id()), message));
        }
    }
}

impl<Req, Resp> Drop for Bridge<Req, Resp> {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
