//! Why each kind of undefined behaviour is undefined: one plain sentence per [`UbKind`] and
//! the section of the LLVM 19 LangRef that says so, for the `help:` and `see:` lines of a
//! report (the CLI prints them; the page shows them from [`crate::interp::UbReport`]).
//!
//! The anchors are the ids Sphinx gives the LangRef's section titles (`'br' Instruction` is
//! `#br-instruction`, `Poison Values` is `#poison-values`).

use crate::interp::report::UbKind;

/// Where the LLVM 19 LangRef is published.
pub const LANGREF: &str = "https://releases.llvm.org/19.1.0/docs/LangRef.html";

/// The explanation of one kind of undefined behaviour.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UbHelp {
    /// One plain sentence: why the LangRef leaves this undefined.
    pub why: &'static str,
    /// The anchor of the LangRef section that says so (without `#`).
    pub anchor: &'static str,
}

impl UbHelp {
    /// The link to the LangRef section.
    pub fn url(&self) -> String {
        format!("{LANGREF}#{}", self.anchor)
    }
}

/// The explanation of `kind`.
pub fn ub_help(kind: UbKind) -> UbHelp {
    let (why, anchor) = match kind {
        UbKind::BranchOnPoison => (
            "A branch must know which way to go; the LangRef makes `br` and `switch` on a \
             poison condition undefined, so the compiler may assume it never happens.",
            "br-instruction",
        ),
        UbKind::BranchOnUndef => (
            "`undef` may be a different value at each use, so a branch on it has no single \
             direction; the LangRef makes branching on undef undefined behaviour.",
            "br-instruction",
        ),
        UbKind::DivisionByZero => (
            "Division and remainder by zero have no result; the LangRef says the behaviour is \
             undefined (hardware may trap, and the optimizer assumes it cannot happen).",
            "udiv-instruction",
        ),
        UbKind::DivisionByPoison => (
            "A poison divisor could be zero, so the LangRef makes dividing by it undefined \
             behaviour rather than a poison result.",
            "poison-values",
        ),
        UbKind::DivisionByUndef => (
            "An undef divisor may be zero at this use, so the LangRef makes dividing by it \
             undefined behaviour.",
            "undefined-values",
        ),
        UbKind::DivisionOverflow => (
            "The smallest signed value divided by -1 does not fit in the type; the LangRef \
             makes `sdiv` and `srem` of it undefined behaviour.",
            "sdiv-instruction",
        ),
        UbKind::NullDereference => (
            "A null pointer is associated with no memory, so a load or store through it \
             accesses no object: undefined behaviour.",
            "pointer-aliasing-rules",
        ),
        UbKind::OutOfBounds => (
            "A pointer may only access the addresses of the object it is based on; reading or \
             writing past the end (or before the start) of a block is undefined behaviour.",
            "pointer-aliasing-rules",
        ),
        UbKind::UseAfterFree => (
            "A memory object is dead after it is freed, and accessing an object that is not \
             alive is undefined behaviour.",
            "object-lifetime",
        ),
        UbKind::DanglingStack => (
            "The memory of an `alloca` dies when its function returns; accessing it afterwards \
             accesses an object that is not alive, which is undefined behaviour.",
            "object-lifetime",
        ),
        UbKind::InvalidPointer => (
            "Every access must go through a pointer associated with the addresses it touches; \
             a pointer into no live object makes the access undefined.",
            "pointer-aliasing-rules",
        ),
        UbKind::DoubleFree => (
            "A block may be freed once; freeing it again deallocates an object that is no \
             longer alive, which the C library leaves undefined.",
            "object-lifetime",
        ),
        UbKind::InvalidFree => (
            "`free` may only be given a pointer that `malloc` (or a relative) returned and that \
             was not freed yet; anything else is undefined behaviour.",
            "object-lifetime",
        ),
        UbKind::StoreToConstant => (
            "A global marked `constant` never changes, so the optimizer may fold its loads; a \
             store to it is undefined behaviour.",
            "global-variables",
        ),
        UbKind::Misaligned => (
            "An `align` on a load or store is a promise about the address; an address that \
             breaks the promise makes the access undefined behaviour.",
            "load-instruction",
        ),
        UbKind::PoisonPointer => (
            "A poison pointer is associated with no address, so an access through it has \
             undefined behaviour.",
            "poison-values",
        ),
        UbKind::UndefPointer => (
            "An undef pointer is associated with no address, so an access through it has \
             undefined behaviour.",
            "pointer-aliasing-rules",
        ),
        UbKind::InvalidCall => (
            "A call must go through a pointer to a function; calling poison, or a pointer that \
             is not a function, is undefined behaviour.",
            "call-instruction",
        ),
        UbKind::NoUndefViolation => (
            "`noundef` promises that an argument or return value is neither poison nor undef; \
             breaking that promise is undefined behaviour.",
            "parameter-attributes",
        ),
        UbKind::Unreachable => (
            "`unreachable` tells the optimizer that control never gets there; reaching it is \
             undefined behaviour.",
            "unreachable-instruction",
        ),
        UbKind::AssumeViolated => (
            "`llvm.assume` lets the optimizer rely on its condition; if the condition is false \
             (or poison) the behaviour is undefined.",
            "llvm-assume-intrinsic",
        ),
        UbKind::PoisonUse => (
            "Poison carries no value; using it where an operation needs a real one (an address, \
             a condition, a divisor) is immediate undefined behaviour.",
            "poison-values",
        ),
        UbKind::UndefUse => (
            "`undef` may be any value at each use; where some value would make the operation \
             undefined (an address, a condition, a divisor), using undef is undefined \
             behaviour.",
            "undefined-values",
        ),
        UbKind::SignatureMismatch => (
            "A call must pass the arguments the callee's type declares; calling with another \
             signature is undefined behaviour.",
            "call-instruction",
        ),
        UbKind::LibraryMisuse => (
            "A C library function given arguments its contract forbids (such as a string with \
             no terminating zero) has undefined behaviour.",
            "call-instruction",
        ),
    };
    UbHelp { why, anchor }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every anchor is one of the LangRef section ids the table may use: each is the Sphinx
    /// id of a section title of the LangRef.
    #[test]
    fn anchors_are_langref_sections() {
        let known = [
            ("br-instruction", "'br' Instruction"),
            ("udiv-instruction", "'udiv' Instruction"),
            ("sdiv-instruction", "'sdiv' Instruction"),
            ("poison-values", "Poison Values"),
            ("undefined-values", "Undefined Values"),
            ("pointer-aliasing-rules", "Pointer Aliasing Rules"),
            ("object-lifetime", "Object Lifetime"),
            ("global-variables", "Global Variables"),
            ("load-instruction", "'load' Instruction"),
            ("call-instruction", "'call' Instruction"),
            ("parameter-attributes", "Parameter Attributes"),
            ("unreachable-instruction", "'unreachable' Instruction"),
            ("llvm-assume-intrinsic", "'llvm.assume' Intrinsic"),
        ];
        for k in crate::interp::report::ALL_UB_KINDS {
            let h = ub_help(k);
            let title = known.iter().find(|(a, _)| *a == h.anchor).map(|(_, t)| *t);
            assert!(title.is_some(), "{k:?}: unknown anchor {}", h.anchor);
            // The Sphinx id of a title: lower case, runs of other characters as one `-`.
            let id: String = title
                .unwrap_or_default()
                .to_lowercase()
                .split(|c: char| !c.is_ascii_alphanumeric())
                .filter(|w| !w.is_empty())
                .collect::<Vec<_>>()
                .join("-");
            assert_eq!(id, h.anchor);
            assert!(h.why.ends_with('.') && h.why.len() < 220, "{k:?}: {}", h.why);
            assert!(h.url().starts_with("https://releases.llvm.org/19.1.0/docs/LangRef.html#"));
        }
    }
}
