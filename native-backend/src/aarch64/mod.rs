//! AArch64 (ARMv8-A, AAPCS64, ELF): the module's symbols and the functions' code in one text
//! section, on the same machinery as x86-64 (`analysis.rs`, `assign.rs`, `abi.rs`,
//! `buffer.rs`, `listing.rs`, `object.rs`).
//!
//! ```text
//!  regs.rs    registers, AAPCS64 roles         inst.rs    the instruction forms
//!  lower.rs   the walk over one function       ops.rs     computations, memory
//!  calls.rs   calls, returns, tail calls       imm.rs     immediates
//!  encode.rs  words                            print.rs   text
//! ```
//!
//! Target: ARMv8.0-A with no optional extension (a Cortex-A53 runs the code): atomics are
//! load-exclusive/store-exclusive loops, population counts go through the SIMD `cnt`.

pub mod encode;
pub mod imm;
pub mod inst;
pub mod print;
pub mod regs;
#[cfg(test)]
mod tests;
