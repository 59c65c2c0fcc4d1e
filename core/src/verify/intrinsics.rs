//! Declarations of the `llvm.*` intrinsics of the table in `ir/intrinsics.rs`: declared types
//! must match the family's signature, overloaded types must be mangled into the name as LLVM
//! does (`llvm.memcpy.p0.p0.i64`). (`immarg` positions are checked at call sites, in
//! `calls.rs`.)
//!
//! Unknown `llvm.*` names are accepted, as LLVM 19 accepts them (they behave as external
//! functions); only families with a signature in the table are checked.

use super::Verifier;
use crate::diag::Span;
use crate::ir::intrinsic_sig::Mismatch;
use crate::ir::{Function, GlobalId, Intrinsic, TypeId};

/// Checks a declaration of a known intrinsic: its type against the signature, and its name's
/// mangled type suffix.
pub(super) fn check_decl(v: &mut Verifier, g: GlobalId, f: &Function, span: Span) {
    let Some(id) = f.intrinsic else { return };
    let Some(sig) = id.sig() else { return };
    let m = v.m;
    let name = id.name();
    let slots = match sig.matches(m, f.ty) {
        Ok(s) => s,
        Err(e) => {
            let n = sig.params.len();
            let msg = match e {
                Mismatch::Ret => format!(
                    "Intrinsic has incorrect return type! ({name} returns {})",
                    sig.ret.describe()
                ),
                Mismatch::Arg(k) => format!(
                    "Intrinsic has incorrect argument type! (parameter {} of {name} must be {})",
                    k + 1,
                    sig.params.get(k).map_or("", |p| p.describe())
                ),
                Mismatch::TooMany => {
                    format!("Intrinsic has incorrect argument type! ({name} takes {n} parameters)")
                }
                Mismatch::TooFew => {
                    format!("Intrinsic has too few arguments! ({name} takes {n} parameters)")
                }
                Mismatch::VarArg => {
                    "Intrinsic was not defined with variable arguments!".to_string()
                }
            };
            v.err(span, msg);
            return;
        }
    };
    if id == Intrinsic::Bswap {
        let ret = m.types.func_sig(f.ty).map(|s| s.0).unwrap_or(TypeId::VOID);
        let bits = m.types.int_bits(m.types.scalar(ret)).unwrap_or(0);
        if !bits.is_multiple_of(16) {
            v.err(span, "bswap must be an even number of bytes");
        }
    }
    if let Some(expected) = crate::ir::intrinsic_sig::mangled(m, name, &slots) {
        if expected != v.gtext(g) {
            v.err(
                span,
                format!("Intrinsic name not mangled correctly for type arguments! Should be: {expected}"),
            );
        }
    }
}
