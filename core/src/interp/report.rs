//! How a run ends when it does not simply return: undefined behaviour reports, runtime errors,
//! and the internal stop signal that carries them out of the execution loop.

use crate::interp::poison::origin::OriginReport;
pub use crate::semantics::ub::UbKind;
use serde::{Deserialize, Serialize};

/// Undefined behaviour: what, where, and for poison where it came from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UbReport {
    /// The kind.
    pub kind: UbKind,
    /// A sentence explaining it.
    pub message: String,
    /// The instruction that triggered it (byte offsets into the source).
    pub span: (u32, u32),
    /// The function it happened in.
    pub function: String,
    /// For poison/undef-triggered UB: where the value came from.
    pub origin: Option<OriginReport>,
    /// The call stack, innermost first (function names).
    pub backtrace: Vec<String>,
    /// The call stack with positions, innermost first: the instruction, then each call site.
    pub stack: Vec<SiteFrame>,
    /// For an access or `free` of a block that is out of bounds, freed or dead: the block,
    /// where it was allocated and (freed or dead) where it was freed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub block: Option<BlockReport>,
    /// One plain sentence on why this is undefined behaviour (`ub_help.rs`).
    pub help: String,
    /// The LangRef section that says so.
    pub see: String,
}

/// Every [`UbKind`], in declaration order.
pub const ALL_UB_KINDS: [UbKind; 25] = [
    UbKind::BranchOnPoison,
    UbKind::BranchOnUndef,
    UbKind::DivisionByZero,
    UbKind::DivisionByPoison,
    UbKind::DivisionByUndef,
    UbKind::DivisionOverflow,
    UbKind::NullDereference,
    UbKind::OutOfBounds,
    UbKind::UseAfterFree,
    UbKind::DanglingStack,
    UbKind::InvalidPointer,
    UbKind::DoubleFree,
    UbKind::InvalidFree,
    UbKind::StoreToConstant,
    UbKind::Misaligned,
    UbKind::PoisonPointer,
    UbKind::UndefPointer,
    UbKind::InvalidCall,
    UbKind::NoUndefViolation,
    UbKind::Unreachable,
    UbKind::AssumeViolated,
    UbKind::PoisonUse,
    UbKind::UndefUse,
    UbKind::SignatureMismatch,
    UbKind::LibraryMisuse,
];

/// A frame of a call stack with its position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SiteFrame {
    /// The instruction: the allocating call or `alloca`, the `free`, or a call site below it.
    pub span: (u32, u32),
    /// Its function (`@f`).
    pub function: String,
}

/// A memory block a report is about.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BlockReport {
    /// What it is: `heap block`, `stack slot`, `global`, ...
    pub what: String,
    /// Its name in messages: `heap#2` (the second heap block of the run), `@g`, `%a`.
    pub name: String,
    /// Its size in bytes.
    pub size: u64,
    /// Where it was allocated, innermost first (at most 8 frames); empty for globals and
    /// blocks the runtime made.
    pub allocated: Vec<SiteFrame>,
    /// Where it was freed by `free`, innermost first; empty while it is live, and for a
    /// stack slot (which dies when its function returns).
    pub freed: Vec<SiteFrame>,
    /// Still allocated (an out-of-bounds access); false once freed or its function returned.
    pub live: bool,
}

/// A `malloc` (or `calloc`, `realloc`, `new`...) that returned null because the memory limit
/// was reached: the first one of the run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MallocFailure {
    /// The call.
    pub span: (u32, u32),
    /// Its function.
    pub function: String,
    /// The bytes asked for.
    pub size: u64,
    /// The memory limit in bytes (`--max-memory`).
    pub limit: u64,
}

/// A memory block a fault is about, as the memory knows it (sites are ids of its table of
/// call stacks, turned into [`BlockReport`]s by the interpreter).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BlockRef {
    /// Its record's index (provenance - 1).
    pub idx: u32,
    /// Its first address.
    pub base: u64,
    /// Its size.
    pub size: u64,
    /// What it is (`heap block`, `stack slot`, `global`, ...).
    pub what: &'static str,
    /// For a global or function: its global index, else `u32::MAX`.
    pub global: u32,
    /// Its number among the run's blocks of its kind.
    pub serial: u32,
    /// Where it was allocated (a site id).
    pub site: u32,
    /// Where it was freed (a site id; 0 when not freed by `free`).
    pub freed: u32,
    /// Still allocated.
    pub live: bool,
}

/// Errors that are not undefined behaviour but still stop the run.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The entry function does not exist or has an unsupported signature.
    BadEntry,
    /// A call to a function or intrinsic the interpreter does not implement.
    Unsupported,
    /// The call stack exceeded the configured depth.
    StackOverflow,
    /// Memory use exceeded the configured limit.
    OutOfMemory,
    /// An exception unwound out of the entry function.
    UncaughtException,
    /// The program wrote as much output as the limit allows.
    OutputLimit,
    /// The reader of the program's output is gone (a closed pipe).
    OutputClosed,
    /// Anything else (malformed module features the interpreter cannot run).
    Internal,
}

/// A runtime error.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunError {
    /// The kind.
    pub kind: ErrorKind,
    /// A sentence explaining it.
    pub message: String,
    /// The instruction being executed, if any.
    pub span: Option<(u32, u32)>,
    /// The function being executed, if any.
    pub function: Option<String>,
    /// The call stack, innermost first (function names), when the error has a location.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub backtrace: Vec<String>,
}

/// A fault raised while executing one instruction, before location details are attached.
#[derive(Clone, Debug)]
pub enum Fault {
    /// Immediate UB; the origin id when a poison/undef value caused it.
    Ub(UbKind, String, u32),
    /// Immediate UB about a memory block (allocation index): out of bounds, freed, dead.
    UbBlock(UbKind, String, Box<BlockRef>),
    /// A runtime error.
    Error(ErrorKind, String),
    /// `exit(status)`: run the exit handlers, then stop.
    Exit(i32),
    /// `abort()`, a failed assertion, a trap: stop at once.
    Abort(String),
}

impl Fault {
    /// UB without a poison origin.
    pub fn ub(kind: UbKind, msg: impl Into<String>) -> Fault {
        Fault::Ub(kind, msg.into(), 0)
    }
    /// UB caused by a tainted value with origin `o`.
    pub fn ub_from(kind: UbKind, msg: impl Into<String>, o: u32) -> Fault {
        Fault::Ub(kind, msg.into(), o)
    }
    /// An unsupported feature.
    pub fn unsupported(msg: impl Into<String>) -> Fault {
        Fault::Error(ErrorKind::Unsupported, msg.into())
    }
}

/// Result of executing one step.
pub type Res<T> = Result<T, Fault>;
