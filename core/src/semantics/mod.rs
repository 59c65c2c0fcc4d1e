//! The meaning of operations on bits, shared by the interpreter, constant folding and the
//! lowering: integer arithmetic with its poison-generating flags and immediate-UB cases
//! ([`int`] for widths up to 64 bits, [`wide`] for word vectors), floating point in every
//! format ([`fp`]), and the vocabulary of why a result is poison ([`poison`]) or undefined
//! ([`ub`]).
//!
//! This layer sits on `ir` alone: it knows opcodes, flags and predicates, never a module, a
//! value slot or an interpreter frame.

pub mod fp;
pub mod int;
pub mod math;
pub mod poison;
pub mod ub;
pub mod wide;
