//! The cross-engine matrix's generator: every instruction and intrinsic family the interpreter
//! implements, over representative lane types, as small modules that print each result.

mod fp;
mod gen;
mod int;
mod values;

pub use gen::{emit, Module};

/// Every module of the matrix, in a stable order.
pub fn modules() -> Vec<Module> {
    let mut out = Vec::new();
    int::modules(&mut out);
    fp::modules(&mut out);
    out
}
