//! The kinds of immediate undefined behaviour: what the interpreter reports, and what the
//! semantics functions return when an operation has no defined result at all.

use serde::{Deserialize, Serialize};

/// The kinds of immediate undefined behaviour the engines detect.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UbKind {
    /// `br`/`switch`/`indirectbr` on a poison condition.
    BranchOnPoison,
    /// `br`/`switch` on an undef condition.
    BranchOnUndef,
    /// Integer division or remainder by zero.
    DivisionByZero,
    /// Division or remainder whose divisor is poison or undef.
    DivisionByPoison,
    /// `sdiv`/`srem` of the minimum value by -1.
    DivisionOverflow,
    /// A memory access through a null pointer.
    NullDereference,
    /// A memory access outside its allocation.
    OutOfBounds,
    /// A memory access to freed heap memory.
    UseAfterFree,
    /// A memory access to a stack slot of a function that returned.
    DanglingStack,
    /// A pointer that points to no allocation.
    InvalidPointer,
    /// `free` of memory already freed.
    DoubleFree,
    /// `free` of a pointer that is not the start of a heap allocation.
    InvalidFree,
    /// A store to constant memory.
    StoreToConstant,
    /// An access less aligned than its `align` promises.
    Misaligned,
    /// A memory access through a poison or undef pointer.
    PoisonPointer,
    /// A call through a poison pointer, or a pointer that is not a function.
    InvalidCall,
    /// A poison or undef value passed to or returned from a `noundef` position.
    NoUndefViolation,
    /// `unreachable` was executed.
    Unreachable,
    /// `llvm.assume` of false (or poison).
    AssumeViolated,
    /// A poison value where the LangRef makes it immediate UB (other cases).
    PoisonUse,
    /// A call whose arguments do not match the callee's signature.
    SignatureMismatch,
    /// A library function called with invalid arguments (e.g. an unterminated string).
    LibraryMisuse,
}
