//! irplay-core: the LLVM IR model, its text parser and printer, the verifier and analyses.
//!
//! ```text
//!   .ll text ──lex/parse──▶ Module ──verify──▶ verified Module ──▶ print / analyses / run
//! ```
//! No I/O and no threads: this crate builds for `wasm32-unknown-unknown` and is shared by the
//! CLI, the tests and the browser worker.

#![warn(missing_docs)]

pub mod analysis;
pub mod diag;
pub mod ir;
pub mod text;
pub mod verify;
