//! A Web Worker running `worker.js` (the same wasm module), spoken to in one kind's protocol
//! messages: requests of type `Req` go out, replies of type `Resp` come back.

use crate::protocol::{self, KindReply, Request};
use std::marker::PhantomData;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};
use yew::Callback;

/// One worker and its message handlers; dropping it terminates the worker.
pub struct Bridge<Req, Resp> {
    worker: Worker,
    on_reply: Callback<Resp>,
    _onmessage: Closure<dyn FnMut(MessageEvent)>,
    _onerror: Closure<dyn FnMut(JsValue)>,
    kind: PhantomData<fn(Req)>,
}

impl<Req: Into<Request>, Resp: KindReply + 'static> Bridge<Req, Resp> {
    /// Starts a worker; its replies go to `on_reply`. A message that is not one of this
    /// kind's replies, and a failure of the worker itself, arrive as error replies.
    pub fn new(on_reply: Callback<Resp>) -> Result<Self, String> {
        let opts = WorkerOptions::new();
        opts.set_type(WorkerType::Module);
        let worker = Worker::new_with_options("./worker.js", &opts)
            .map_err(|e| format!("cannot start a worker: {e:?}"))?;
        let cb = on_reply.clone();
        let onmessage = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
            let t0 = crate::now_ms();
            let data = ev.data();
            let reply = protocol::from_js::<Resp>(data.clone()).unwrap_or_else(|e| {
                Resp::failed(protocol::id_of(&data), format!("unreadable worker message: {e}"))
            });
            super::storage::set_metric("decode-ms", crate::now_ms() - t0);
            cb.emit(reply);
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
        Ok(Bridge { worker, on_reply, _onmessage: onmessage, _onerror: onerror, kind: PhantomData })
    }

    /// Sends a request; if it cannot be sent, its error reply arrives instead.
    pub fn post(&self, req: Req) {
        let req: Request = req.into();
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
