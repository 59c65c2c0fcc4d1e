//! Lowering: from a verified [`Module`] to the target-neutral low form ([`form`]) that the
//! wasm32 backend (and later the native ones) consume.
//!
//! ```text
//!  verified Module ──▶ module.rs ─┬─ data.rs    globals → DataImage (bytes + relocations)
//!                                 ├─ abi.rs     IR signatures → Sig (varargs area)
//!                                 └─ func.rs ───┬─ frame.rs  allocas → Frame slots
//!                                               ├─ inst.rs   instruction selection,
//!                                               │            integer legalization (legal.rs)
//!                                               ├─ half.rs   half/bfloat: bits in I32, F32 math
//!                                               ├─ calls.rs  calls
//!                                               ├─ intrinsics.rs  each family's lowering,
//!                                               │   lanes.rs      one lane of an operation
//!                                               ├─ vector.rs vectors → one register per lane
//!                                               ├─ simd.rs   or 128-bit ones in one V128
//!                                               ├─ bits.rs   bitcasts of vectors and i128
//!                                               ├─ agg.rs    structs/arrays → one per leaf
//!                                               ├─ wide.rs   i65..i128 → two I64 registers,
//!                                               │   wide_lanes.rs  their intrinsics,
//!                                               │   wide_vector.rs vectors of them
//!                                               ├─ eh.rs     exceptions (invoke, landingpad)
//!                                               ├─ edges.rs  phis → parallel copies on
//!                                               │            split edges; switch → table/chain
//!                                               └─ copies.rs copy forwarding
//!  LowModule ──▶ print.rs (text, for golden tests)
//!            ──▶ verify.rs (its invariants, checked after lowering in tests and debug builds)
//!  LowFunc   ──▶ cfg.rs (for the back ends: predecessors, reverse postorder, dominators,
//!                        loop depth, reducibility, block-level register liveness)
//! ```
//!
//! Scope: everything the interpreter runs (the README lists the exceptions): integers of
//! any width up to 128 bits, pointers, `half`/`bfloat`/`float`/`double`, loads and stores,
//! GEPs, comparisons, selects, every cast, direct and indirect calls (calls to variadic
//! externals included, and variadic definitions with `va_start`/`va_arg`/`va_copy`/`va_end`),
//! `musttail` calls ([`Term::TailCall`]), phis, `br`/`switch`/`indirectbr` (with
//! `blockaddress`)/`ret`/`unreachable`, `alloca`, atomics (one thread), initialized globals
//! and every intrinsic family the interpreter implements, on scalars and lane by lane on
//! vectors. Fixed vectors are scalarized (one register per lane, two for lanes wider than
//! 64 bits, bitcasts reassembling the bits), or kept in one 128-bit register when the target
//! asks for it ([`Options::v128`], simd.rs), and structs and arrays used as values live in
//! one register per scalar leaf (returned as multiple values), also as parameters.
//! Exceptions (`invoke`, `landingpad`, `resume` and the Itanium runtime calls) follow the
//! interpreter's model without unwinding support from the target ([`eh`]). Anything else
//! (scalable vectors, `fp128`, integers wider than 128 bits, ...) is a [`LowerError`] naming
//! the construct at its span: lowering never panics on a verified module.

pub mod abi;
mod agg;
mod bits;
mod calls;
pub mod cfg;
mod copies;
mod data;
mod edges;
pub mod eh;
pub mod form;
mod frame;
mod func;
mod half;
mod inst;
mod intrinsics;
mod lanes;
mod legal;
mod module;
pub mod moves;
pub mod print;
mod simd;
#[cfg(test)]
mod tests;
mod vector;
pub mod verify;
mod wide;
mod wide_lanes;
mod wide_vector;

pub use form::*;
pub use module::{lower_module, lower_module_with};
pub use verify::{verify, LowVerifyError};

/// The target's choices the low form leaves open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Keep the fixed vectors of 128 bits with integer or float lanes of 8 to 64 bits
    /// (`<16 x i8>`, `<8 x i16>`, `<4 x i32>`, `<2 x i64>`, `<4 x float>`, `<2 x double>`) in
    /// one [`Ty::V128`] register each, worked on by the vector instructions ([`Inst::VBin`],
    /// [`Inst::VShift`], [`Inst::VShuffle`], ...) where one applies and lane by lane
    /// otherwise. Without it (the default) every vector is one register per lane.
    pub v128: bool,
    /// The calling convention the code follows at its edges (calls to and from code of
    /// other compilers): see [`Abi`].
    pub abi: Abi,
    /// Record the IR name of the registers that hold IR values ([`LowFunc::names`]).
    pub value_names: bool,
    /// Count the run's steps and call depth in the code, for engines that keep a run's
    /// limits: [`Inst::Fuel`] first in each block that starts an IR block (charging its IR
    /// instructions, terminator included: the interpreter's count, per block), [`Inst::Enter`]
    /// first in each function, [`Inst::Leave`] before each return and tail call (a function
    /// that unwinds returns too, see [`eh`]). The counters, their budgets and what stopping
    /// means are the code generator's and its host's.
    pub limits: bool,
}

/// How the lowered code meets other code.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Abi {
    /// The wasm32 host convention: variadic arguments in an area of 8-byte cells whose address
    /// is one last parameter, `va_start`/`va_arg` over that area (see [`abi`]).
    #[default]
    Cells,
    /// The x86-64 System V C convention: variadic arguments where the target's ABI puts them,
    /// `va_start` and `va_arg` as [`Inst::VaStart`] and [`Inst::VaArg`] for the code generator
    /// (which knows its register save area), integers narrower than their register masked
    /// where they come from other code (parameters, call results), `signext` arguments and
    /// results sign-extended to 32 bits as C callers and callees expect, and an `sret`
    /// function's pointer returned ([`LowFunc::sret`]).
    SysV,
    /// The AArch64 C convention (AAPCS64, Linux): as [`Abi::SysV`] for the low form (the code
    /// generator places the registers), with the 32-byte AAPCS64 `va_list`.
    Aapcs64,
}

impl Abi {
    /// A native C convention (the code generator places arguments and keeps `va_list`s).
    pub fn is_native(self) -> bool {
        matches!(self, Abi::SysV | Abi::Aapcs64)
    }
}

use crate::diag::{Diagnostic, Span};

/// Why a module cannot be lowered: a construct outside the supported scope, at its span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowerError {
    /// Where the construct is written.
    pub span: Span,
    /// What it is (`unsupported: vector type <4 x i32>`).
    pub message: String,
}

impl LowerError {
    /// An unsupported construct at `span`.
    #[cold]
    pub fn unsupported(span: Span, what: impl std::fmt::Display) -> LowerError {
        LowerError { span, message: format!("unsupported by the code generator: {what}") }
    }
    /// As a diagnostic (for rendering with `FILE:LINE:COL`).
    pub fn to_diagnostic(&self) -> Diagnostic {
        Diagnostic::error(self.span, self.message.clone())
    }
}

impl std::fmt::Display for LowerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for LowerError {}

/// A lowering result.
pub type LResult<T> = Result<T, LowerError>;

use crate::ir::Module;
#[allow(unused_imports)]
use crate::ir::TypeId;

/// Lowers a verified module with the default [`Options`] (a convenience over
/// [`lower_module`]).
pub fn lower(m: &Module) -> LResult<LowModule> {
    lower_module(m)
}
