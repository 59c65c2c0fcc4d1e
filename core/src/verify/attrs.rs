//! Attribute placement and consistency, shared by function signatures and call sites
//! (LLVM's `verifyFunctionAttrs` / `verifyParameterAttrs`).

use super::{is_pow2, Verifier, MAX_ALIGN};
use crate::diag::Span;
use crate::ir::attrs::{place, Attr, MemoryEffects, ModRef};
use crate::ir::{AttrKind, AttrSetId, Module, Type, TypeId};

/// What the attributes belong to.
pub(super) struct Owner {
    /// Attributes of an intrinsic declaration or a call to one.
    pub intrinsic: bool,
    /// A call of inline asm.
    pub inline_asm: bool,
    /// Where errors go.
    pub span: Span,
}

/// The spelling of an attribute, for messages.
pub(super) fn attr_str(m: &Module, a: &Attr) -> String {
    let ty = |t: TypeId| crate::text::printer::print_type(m, t);
    match a {
        Attr::Flag(k) => k.name().to_string(),
        Attr::Int(AttrKind::Align, n) => format!("align {n}"),
        Attr::Int(k, n) => format!("{}({n})", k.name()),
        Attr::Type(k, t) => format!("{}({})", k.name(), ty(*t)),
        Attr::Str(k, v) => match v {
            Some(v) => {
                format!("\"{}\"=\"{}\"", String::from_utf8_lossy(k), String::from_utf8_lossy(v))
            }
            None => format!("\"{}\"", String::from_utf8_lossy(k)),
        },
        other => other.kind().map(|k| k.name()).unwrap_or("?").to_string(),
    }
}

fn has(m: &Module, s: AttrSetId, k: AttrKind) -> bool {
    m.attrs.has(s, k)
}

/// Checks the return, parameter and function attributes of a signature or call site.
/// `params` are the parameter types, `param_attrs` their attribute sets (possibly fewer).
pub(super) fn check_signature(
    v: &mut Verifier,
    o: &Owner,
    ret: TypeId,
    params: &[TypeId],
    ret_attrs: AttrSetId,
    param_attrs: &[AttrSetId],
    fn_attrs: AttrSetId,
) {
    let m = v.m;
    let span = o.span;
    for a in m.attrs.get(ret_attrs) {
        if let Some(k) = a.kind() {
            if k.places() & place::RET == 0 {
                v.err(
                    span,
                    format!(
                        "Attribute '{}' does not apply to function return values",
                        attr_str(m, a)
                    ),
                );
            }
        }
    }
    check_value_attrs(v, span, ret_attrs, ret, false);
    let (mut nest, mut returned, mut sret, mut sself, mut sasync, mut serr) =
        (false, false, false, false, false, false);
    for (i, &set) in param_attrs.iter().enumerate() {
        let Some(&ty) = params.get(i) else { break };
        if !o.intrinsic {
            if has(m, set, AttrKind::ImmArg) {
                v.err(span, "immarg attribute only applies to intrinsics");
            }
            if !o.inline_asm && has(m, set, AttrKind::ElementType) {
                v.err(
                    span,
                    "Attribute 'elementtype' can only be applied to intrinsics and inline asm.",
                );
            }
        }
        check_value_attrs(v, span, set, ty, true);
        let mut unique = |flag: &mut bool, k: AttrKind, msg: &str| {
            if has(m, set, k) {
                if *flag {
                    v.err(span, msg.to_string());
                }
                *flag = true;
            }
        };
        unique(&mut nest, AttrKind::Nest, "More than one parameter has attribute nest!");
        unique(&mut sself, AttrKind::SwiftSelf, "Cannot have multiple 'swiftself' parameters!");
        unique(&mut sasync, AttrKind::SwiftAsync, "Cannot have multiple 'swiftasync' parameters!");
        unique(&mut serr, AttrKind::SwiftError, "Cannot have multiple 'swifterror' parameters!");
        if has(m, set, AttrKind::Returned) {
            if returned {
                v.err(span, "More than one parameter has attribute returned!");
            } else if !lossless_bitcast(m, ty, ret) {
                v.err(span, "Incompatible argument and return types for 'returned' attribute");
            }
            returned = true;
        }
        if has(m, set, AttrKind::StructRet) {
            if sret {
                v.err(span, "Cannot have multiple 'sret' parameters!");
            } else if i > 1 {
                v.err(span, "Attribute 'sret' is not on first or second parameter!");
            }
            sret = true;
        }
        if has(m, set, AttrKind::InAlloca) && i + 1 != params.len() {
            v.err(span, "inalloca isn't on the last parameter!");
        }
    }
    check_fn_attrs(v, span, fn_attrs, params, param_attrs);
}

/// Function attributes alone (placement, incompatible pairs, argument rules).
fn check_fn_attrs(
    v: &mut Verifier,
    span: Span,
    fa: AttrSetId,
    params: &[TypeId],
    param_attrs: &[AttrSetId],
) {
    let m = v.m;
    let set = m.attrs.get(fa);
    for a in set {
        if let Some(k) = a.kind() {
            if k.places() & place::FN == 0 {
                v.err(span, format!("Attribute '{}' does not apply to functions!", attr_str(m, a)));
            }
        }
    }
    let h = |k| has(m, fa, k);
    if h(AttrKind::NoInline) && h(AttrKind::AlwaysInline) {
        v.err(span, "Attributes 'noinline and alwaysinline' are incompatible!");
    }
    if h(AttrKind::OptNone) {
        if !h(AttrKind::NoInline) {
            v.err(span, "Attribute 'optnone' requires 'noinline'!");
        }
        if h(AttrKind::OptSize) {
            v.err(span, "Attributes 'optsize and optnone' are incompatible!");
        }
        if h(AttrKind::MinSize) {
            v.err(span, "Attributes 'minsize and optnone' are incompatible!");
        }
        if h(AttrKind::OptDebug) {
            v.err(span, "Attributes 'optdebug and optnone' are incompatible!");
        }
    }
    if h(AttrKind::OptDebug) {
        if h(AttrKind::OptSize) {
            v.err(span, "Attributes 'optsize and optdebug' are incompatible!");
        }
        if h(AttrKind::MinSize) {
            v.err(span, "Attributes 'minsize and optdebug' are incompatible!");
        }
    }
    if param_attrs.iter().any(|&s| has(m, s, AttrKind::Writable)) {
        if let Some(Attr::Memory(MemoryEffects(e))) = m.attrs.find(fa, AttrKind::Memory) {
            let argmem = MemoryEffects(*e).get(0);
            if !matches!(argmem, ModRef::Mod | ModRef::ModRef) {
                v.err(
                    span,
                    "Attribute writable and memory without argmem: write are incompatible!",
                );
            }
        }
    }
    for a in set {
        match a {
            Attr::AllocSize(elem, num) => {
                for (what, idx) in [("element size", Some(*elem)), ("number of elements", *num)] {
                    let Some(idx) = idx else { continue };
                    match params.get(idx as usize) {
                        None => {
                            v.err(span, format!("'allocsize' {what} argument is out of bounds"))
                        }
                        Some(&t) if !m.types.is_int(t) => v.err(
                            span,
                            format!(
                                "'allocsize' {what} argument must refer to an integer parameter"
                            ),
                        ),
                        _ => {}
                    }
                }
            }
            Attr::AllocKind(s) => check_allockind(v, span, s),
            Attr::VScaleRange(min, max) => {
                if *min == 0 {
                    v.err(span, "'vscale_range' minimum must be greater than 0");
                } else if !is_pow2(*min as u64) {
                    v.err(span, "'vscale_range' minimum must be power-of-two value");
                }
                if let Some(max) = max {
                    if min > max {
                        v.err(span, "'vscale_range' minimum cannot be greater than maximum");
                    } else if !is_pow2(*max as u64) {
                        v.err(span, "'vscale_range' maximum must be power-of-two value");
                    }
                }
            }
            Attr::Str(k, val) => check_string_attr(v, span, k, val.as_deref().unwrap_or(b"")),
            _ => {}
        }
    }
}

fn check_allockind(v: &mut Verifier, span: Span, s: &[u8]) {
    let text = String::from_utf8_lossy(s);
    let words: Vec<&str> = text.split(',').map(|w| w.trim()).filter(|w| !w.is_empty()).collect();
    let count = |w: &str| words.iter().filter(|x| **x == w).count();
    let kinds = count("alloc") + count("realloc") + count("free");
    if kinds != 1 {
        v.err(span, "'allockind()' requires exactly one of alloc, realloc, and free");
    } else if count("free") == 1
        && (count("uninitialized") + count("zeroed") + count("aligned")) > 0
    {
        v.err(
            span,
            "'allockind(\"free\")' doesn't allow uninitialized, zeroed, or aligned modifiers.",
        );
    }
    if count("uninitialized") > 0 && count("zeroed") > 0 {
        v.err(span, "'allockind()' can't be both zeroed and uninitialized");
    }
}

/// String attributes LLVM validates.
fn check_string_attr(v: &mut Verifier, span: Span, k: &[u8], val: &[u8]) {
    const STRBOOL: &[&str] = &[
        "approx-func-fp-math",
        "less-precise-fpmad",
        "no-infs-fp-math",
        "no-inline-line-tables",
        "no-jump-tables",
        "no-nans-fp-math",
        "no-signed-zeros-fp-math",
        "profile-sample-accurate",
        "unsafe-fp-math",
        "use-sample-profile",
    ];
    let key = String::from_utf8_lossy(k);
    let value = String::from_utf8_lossy(val);
    if STRBOOL.contains(&&*key) && !matches!(&*value, "" | "true" | "false") {
        v.err(span, format!("invalid value for '{key}' attribute: {value}"));
    }
    match &*key {
        "frame-pointer" if !matches!(&*value, "all" | "non-leaf" | "none" | "reserved") => {
            v.err(span, format!("invalid value for 'frame-pointer' attribute: {value}"));
        }
        "patchable-function-prefix" | "patchable-function-entry" | "warn-stack-size"
            if value.parse::<u32>().is_err() =>
        {
            v.err(span, format!("\"{key}\" takes an unsigned integer: {value}"));
        }
        _ => {}
    }
}

/// LLVM's `Type::canLosslesslyBitCastTo`.
fn lossless_bitcast(m: &Module, a: TypeId, b: TypeId) -> bool {
    if a == b {
        return true;
    }
    let prim = |t: TypeId| match m.types.get(t) {
        Type::Vector { scalable: false, len, elem } => m
            .types
            .int_bits(*elem)
            .map(|x| x as u64 * *len as u64)
            .or_else(|| m.types.float_kind(*elem).map(|k| k.bits() as u64 * *len as u64)),
        _ => None,
    };
    matches!((prim(a), prim(b)), (Some(x), Some(y)) if x == y)
}

/// Attributes of one parameter or return value of type `ty` (`param` tells which).
pub(super) fn check_value_attrs(
    v: &mut Verifier,
    span: Span,
    set: AttrSetId,
    ty: TypeId,
    param: bool,
) {
    let m = v.m;
    let attrs = m.attrs.get(set);
    if attrs.is_empty() {
        return;
    }
    if param {
        for a in attrs {
            if let Some(k) = a.kind() {
                if k.places() & place::PARAM == 0 {
                    v.err(
                        span,
                        format!("Attribute '{}' does not apply to parameters", attr_str(m, a)),
                    );
                }
            }
        }
        if has(m, set, AttrKind::ImmArg) && attrs.len() != 1 {
            v.err(span, "Attribute 'immarg' is incompatible with other attributes");
        }
    }
    let h = |k| has(m, set, k);
    let abi = [
        AttrKind::ByVal,
        AttrKind::InAlloca,
        AttrKind::Preallocated,
        AttrKind::Nest,
        AttrKind::ByRef,
    ]
    .iter()
    .filter(|&&k| h(k))
    .count()
        + usize::from(h(AttrKind::StructRet) || h(AttrKind::InReg));
    if abi > 1 {
        v.err(span, "Attributes 'byval', 'inalloca', 'preallocated', 'inreg', 'nest', 'byref', and 'sret' are incompatible!");
    }
    let pairs: &[(AttrKind, AttrKind, &str)] = &[
        (
            AttrKind::InAlloca,
            AttrKind::ReadOnly,
            "Attributes 'inalloca and readonly' are incompatible!",
        ),
        (
            AttrKind::StructRet,
            AttrKind::Returned,
            "Attributes 'sret and returned' are incompatible!",
        ),
        (AttrKind::ZExt, AttrKind::SExt, "Attributes 'zeroext and signext' are incompatible!"),
        (
            AttrKind::ReadNone,
            AttrKind::ReadOnly,
            "Attributes 'readnone and readonly' are incompatible!",
        ),
        (
            AttrKind::ReadNone,
            AttrKind::WriteOnly,
            "Attributes 'readnone and writeonly' are incompatible!",
        ),
        (
            AttrKind::ReadOnly,
            AttrKind::WriteOnly,
            "Attributes 'readonly and writeonly' are incompatible!",
        ),
        (
            AttrKind::NoInline,
            AttrKind::AlwaysInline,
            "Attributes 'noinline and alwaysinline' are incompatible!",
        ),
        (
            AttrKind::Writable,
            AttrKind::ReadNone,
            "Attributes writable and readnone are incompatible!",
        ),
        (
            AttrKind::Writable,
            AttrKind::ReadOnly,
            "Attributes writable and readonly are incompatible!",
        ),
    ];
    for &(a, b, msg) in pairs {
        if h(a) && h(b) {
            v.err(span, msg);
        }
    }
    // Type compatibility (`AttributeFuncs::typeIncompatible`).
    let ty_s = &m.types;
    let is_ptr = ty_s.is_ptr(ty);
    for a in attrs {
        let Some(k) = a.kind() else { continue };
        use AttrKind::*;
        let ok = match k {
            ZExt | SExt | AllocAlign => ty_s.is_int(ty),
            NoAlias
            | NoCapture
            | NonNull
            | ReadNone
            | ReadOnly
            | Dereferenceable
            | DereferenceableOrNull
            | Writable
            | DeadOnUnwind
            | Initializes
            | Nest
            | SwiftError
            | Preallocated
            | InAlloca
            | ByVal
            | StructRet
            | ByRef
            | ElementType
            | AllocPtr => is_ptr,
            Align => ty_s.is_ptr_or_ptr_vector(ty),
            NoUndef => ty != TypeId::VOID,
            NoFpClass => nofpclass_type_ok(m, ty),
            Range => match a {
                Attr::Range(rt, ..) => {
                    ty_s.is_int_or_int_vector(ty)
                        && ty_s.int_bits(*rt) == ty_s.int_bits(ty_s.scalar(ty))
                }
                _ => true,
            },
            _ => true,
        };
        if !ok {
            if k == Range && ty_s.is_int_or_int_vector(ty) {
                v.err(span, "Range bit width must match type bit width!");
            } else {
                v.err(
                    span,
                    format!("Attribute '{}' applied to incompatible type!", attr_str(m, a)),
                );
            }
            return;
        }
    }
    if is_ptr {
        for a in attrs {
            match a {
                Attr::Int(AttrKind::Align, n) => {
                    if *n > MAX_ALIGN {
                        v.err(span, "huge alignment values are unsupported");
                    } else if !is_pow2(*n) {
                        v.err(span, format!("alignment is not a power of two ({n})"));
                    }
                }
                Attr::Type(
                    k @ (AttrKind::ByVal
                    | AttrKind::ByRef
                    | AttrKind::InAlloca
                    | AttrKind::Preallocated),
                    t,
                ) if !ty_s.is_sized(*t) => {
                    v.err(
                        span,
                        format!("Attribute '{}' does not support unsized types!", k.name()),
                    );
                }
                _ => {}
            }
        }
    }
    for a in attrs {
        match a {
            Attr::Initializes(r) => {
                if r.is_empty() {
                    v.err(span, "Attribute 'initializes' does not support empty list");
                } else if r.windows(2).any(|w| w[0].1 >= w[1].0) || r.iter().any(|x| x.0 >= x.1) {
                    v.err(span, "Attribute 'initializes' does not support unordered ranges");
                }
            }
            Attr::NoFpClass(mask) => {
                if *mask == 0 {
                    v.err(span, "Attribute 'nofpclass' must have at least one test bit set");
                } else if mask & !0x3ff != 0 {
                    v.err(span, "Invalid value for 'nofpclass' test mask");
                }
            }
            _ => {}
        }
    }
}

/// `nofpclass` applies to FP scalars/vectors and arrays or literal structs of them.
fn nofpclass_type_ok(m: &Module, mut t: TypeId) -> bool {
    loop {
        match m.types.get(t) {
            Type::Array { elem, .. } => t = *elem,
            Type::Struct { fields, .. } => return fields.iter().all(|&f| nofpclass_type_ok(m, f)),
            _ => return m.types.is_fp_or_fp_vector(t),
        }
    }
}
