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
