//! The irplay playground: a yew app (main thread) and the request handler its Web Workers run.
//!
//! The page and the workers load the same wasm module: `start_app` mounts the UI, and
//! `worker_handle` answers one `protocol::Request` with one `protocol::Response`.

pub mod examples;
pub mod layout;
pub mod teach;
