//! Why a result is poison: the reason an operation gives, kept as data and formatted only
//! when a report or a trace shows it (hot loops may make and discard poison millions of times).

use super::int::{overflow_msg, IOp};
use std::fmt;

/// A number in a reason, shown unsigned or signed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Num {
    /// Unsigned.
    U(u64),
    /// Signed.
    S(i64),
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Num::U(x) => write!(f, "{x}"),
            Num::S(x) => write!(f, "{x}"),
        }
    }
}

/// Why a value is poison, kept as data and formatted only when a report or trace shows it
/// (hot loops may make and discard poison millions of times).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// Any text.
    Text(Box<str>),
    /// A fixed text (made without an allocation).
    Static(&'static str),
    /// `OP FLAG overflowed: X SYM Y`.
    Overflow(IOp, u16, Num, Num),
    /// `udiv exact is not exact: X / Y` (`sdiv` alike), `lshr exact shifts out set bits:
    /// X >> Y` (`ashr` alike).
    Exact(IOp, Num, Num),
    /// `OP by Y, not less than the width W`.
    TooFar(IOp, u64, u32),
    /// `or disjoint operands share bits: X | Y` (hex).
    Disjoint(u64, u64),
    /// `trunc nuw drops set bits: X to iN` (false), `trunc nsw changes the signed value: X to
    /// iN` (true).
    Trunc(bool, Num, u32),
}

impl fmt::Display for Why {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Why::Text(t) => f.write_str(t),
            Why::Static(t) => f.write_str(t),
            Why::Overflow(op, fl, x, y) => f.write_str(&overflow_msg(*op, *fl, x, y)),
            Why::Exact(op, x, y) if matches!(op, IOp::UDiv | IOp::SDiv) => {
                write!(f, "{} exact is not exact: {x} / {y}", op.name())
            }
            Why::Exact(op, x, y) => {
                write!(f, "{} exact shifts out set bits: {x} >> {y}", op.name())
            }
            Why::TooFar(op, y, w) => write!(f, "{} by {y}, not less than the width {w}", op.name()),
            Why::Disjoint(x, y) => write!(f, "or disjoint operands share bits: {x:#x} | {y:#x}"),
            Why::Trunc(false, x, to) => write!(f, "trunc nuw drops set bits: {x} to i{to}"),
            Why::Trunc(true, x, to) => {
                write!(f, "trunc nsw changes the signed value: {x} to i{to}")
            }
        }
    }
}

impl From<String> for Why {
    fn from(s: String) -> Why {
        Why::Text(s.into())
    }
}

impl From<&str> for Why {
    fn from(s: &str) -> Why {
        Why::Text(s.into())
    }
}
