//! Address arithmetic in 1.x global initializers: `cast (long add (long cast (long* %A to
//! long), long 8) to long*)`, `setlt (long* %A, long* getelementptr (long* %A, long 1))`.
//! LLVM 19 keeps `ptrtoint`, `inttoptr`, `getelementptr`, `add`, `sub`, `mul` and `xor`
//! constant expressions but not `div`, `rem`, `and`, `or`, shifts or comparisons, so an
//! address is folded here to "a pointer constant plus a byte offset" through what does not
//! change it or makes it a number (`X / 1`, `X & -1`, `X * 0`, `X | -1`, ...), and two
//! addresses of one global compare by their offsets. What does not fold is reported by the
//! caller with the expression.

use super::ast::{CExpr, Const, Ty};
use super::emit::Em;

/// An integer or pointer constant: `base` (a modern pointer constant; `None` for the
/// number 0) plus `off` bytes; `at`: the global under `base` and `base`'s byte offset from
/// it, for comparisons.
#[derive(Clone, Debug)]
pub(super) struct Addr {
    pub base: Option<String>,
    pub off: i128,
    at: Option<(String, i128)>,
}

impl Addr {
    fn num(v: i128) -> Addr {
        Addr { base: None, off: v, at: None }
    }
    fn is_num(&self, v: i128) -> bool {
        self.base.is_none() && self.off == v
    }
}

/// A rough 1.x rendering of a constant, for diagnostics.
pub(super) fn show(c: &Const) -> String {
    let tc = |t: &Ty, c: &Const| format!("{} {}", t.key(), show(c));
    match c {
        Const::Int(v) => v.to_string(),
        Const::Float(f) => f.clone(),
        Const::Null => "null".into(),
        Const::Undef => "undef".into(),
        Const::Zero => "zeroinitializer".into(),
        Const::Str(_) => "c\"...\"".into(),
        Const::Agg(_) => "{ ... }".into(),
        Const::Global(n, _) => format!("%{n}"),
        Const::Expr(e) => match &**e {
            CExpr::Cast(ft, v, to) => format!("cast ({} to {})", tc(ft, v), to.key()),
            CExpr::Gep(pt, p, idx) => {
                let mut s = format!("getelementptr ({}", tc(pt, p));
                for (t, i) in idx {
                    s.push_str(&format!(", {}", tc(t, i)));
                }
                s + ")"
            }
            CExpr::Bin(op, at, a, bt, b) => format!("{op} ({}, {})", tc(at, a), tc(bt, b)),
            CExpr::Select(c, a, b) => format!("select ({}, {}, {})", show(c), show(a), show(b)),
        },
    }
}

impl Em {
    /// The size and alignment of a 1.x type in bytes (natural alignment; pointers of
    /// `ptr_bytes`), `None` for unsized ones. Used only to order addresses of one global.
    fn size_align(&self, t: &Ty, d: u32) -> Option<(i128, i128)> {
        if d > 64 {
            return None;
        }
        Some(match self.resolve_all(t) {
            Ty::Bool => (1, 1),
            Ty::Int { bits, .. } => (i128::from(bits / 8), i128::from(bits / 8)),
            Ty::Float => (4, 4),
            Ty::Double => (8, 8),
            Ty::Ptr(_) => (self.ptr_bytes, self.ptr_bytes),
            Ty::Array(n, e) | Ty::Vector(n, e) => {
                let (s, a) = self.size_align(&e, d + 1)?;
                (s.checked_mul(i128::from(n))?, a)
            }
            Ty::Struct(f) => {
                let (mut off, mut al) = (0i128, 1i128);
                for x in &f {
                    let (s, a) = self.size_align(x, d + 1)?;
                    off = (off + a - 1) / a * a + s;
                    al = al.max(a);
                }
                ((off + al - 1) / al * al, al)
            }
            _ => return None,
        })
    }

    /// The byte offset of a `getelementptr` with constant indices from its base.
    fn gep_offset(&self, pt: &Ty, idx: &[(Ty, Const)]) -> Option<i128> {
        let mut cur = match self.resolve(pt) {
            Ty::Ptr(p) => *p,
            _ => return None,
        };
        let mut off = 0i128;
        for (k, (it, iv)) in idx.iter().enumerate() {
            let n = self.eval(iv, it)?;
            if k == 0 {
                off = off.checked_add(n.checked_mul(self.size_align(&cur, 0)?.0)?)?;
                continue;
            }
            cur = match self.resolve_all(&cur) {
                Ty::Struct(f) => {
                    let n = usize::try_from(n).ok()?;
                    let mut o = 0i128;
                    for x in f.iter().take(n) {
                        let (s, a) = self.size_align(x, 0)?;
                        o = (o + a - 1) / a * a + s;
                    }
                    let field = f.get(n)?.clone();
                    let a = self.size_align(&field, 0)?.1;
                    off = off.checked_add((o + a - 1) / a * a)?;
                    field
                }
                Ty::Array(_, e) | Ty::Vector(_, e) | Ty::Ptr(e) => {
                    off = off.checked_add(n.checked_mul(self.size_align(&e, 0)?.0)?)?;
                    *e
                }
                _ => return None,
            };
        }
        Some(off)
    }

    /// The address `c` (of type `ty`) folds to, if it does.
    pub(super) fn addr(&mut self, c: &Const, ty: &Ty) -> Option<Addr> {
        if let Some(v) = self.eval(c, ty) {
            return Some(Addr::num(v));
        }
        match c {
            Const::Null | Const::Zero => Some(Addr::num(0)),
            Const::Global(n, s) => {
                let m = super::emit::sigil('@', &self.global(n, Some(ty), *s).ok()?.modern);
                Some(Addr { base: Some(m.clone()), off: 0, at: Some((m, 0)) })
            }
            Const::Expr(e) => match &**e {
                CExpr::Cast(ft, v, to) => {
                    let int_or_ptr = |t: Ty| matches!(t, Ty::Ptr(_) | Ty::Int { .. });
                    if !int_or_ptr(self.resolve(ft)) || !int_or_ptr(self.resolve(to)) {
                        return None;
                    }
                    let a = self.addr(v, ft)?;
                    // An address through an integer narrower than a pointer is cut.
                    match self.bits(to) {
                        Some(b) if a.base.is_some() && i128::from(b) < self.ptr_bytes * 8 => None,
                        Some(b) if a.base.is_none() => Some(Addr::num(self.eval_addr_int(&a, b))),
                        _ => Some(a),
                    }
                }
                CExpr::Gep(pt, p, idx) => {
                    let base = self.addr(p, pt)?;
                    let exact = self.gep_offset(pt, idx);
                    let at = match (&base.at, exact) {
                        (Some((g, o)), Some(x)) => Some((g.clone(), o + base.off + x)),
                        _ => None,
                    };
                    // A non-zero base offset or a numeric base: keep the gep's own text.
                    let text = self.cst(c, ty).ok()?;
                    if base.off == 0 && base.base.is_some() {
                        Some(Addr { base: Some(text), off: 0, at })
                    } else {
                        None
                    }
                }
                CExpr::Bin(op, at, a, _, b) => {
                    let bits = match self.bits(at) {
                        Some(b) => b,
                        None if matches!(self.resolve(at), Ty::Ptr(_)) => {
                            u32::try_from(self.ptr_bytes * 8).ok()?
                        }
                        None => return None,
                    };
                    let x = self.addr(a, at)?;
                    let y = self.addr(b, at)?;
                    let all = |v: &Addr| v.base.is_none() && super::consts::wrap(v.off, bits) == -1;
                    let (xn, yn) = (x.base.is_none(), y.base.is_none());
                    let r = match op.as_str() {
                        "add" if yn => Addr { off: x.off.wrapping_add(y.off), ..x },
                        "add" if xn => Addr { off: y.off.wrapping_add(x.off), ..y },
                        "sub" if yn => Addr { off: x.off.wrapping_sub(y.off), ..x },
                        "sub" if x.base == y.base => Addr::num(x.off.wrapping_sub(y.off)),
                        "mul" | "and" if x.is_num(0) || y.is_num(0) => Addr::num(0),
                        "mul" if y.is_num(1) => x,
                        "mul" if x.is_num(1) => y,
                        "div" | "udiv" | "sdiv" if y.is_num(1) => x,
                        "rem" | "urem" | "srem" if y.is_num(1) => Addr::num(0),
                        "and" if all(&y) => x,
                        "and" if all(&x) => y,
                        "or" if all(&x) || all(&y) => Addr::num(-1),
                        "or" | "xor" | "shl" | "shr" if y.is_num(0) => x,
                        "or" | "xor" if x.is_num(0) => y,
                        o if o.starts_with("set") => {
                            let (p, q) = match (&x.at, &y.at) {
                                _ if x.base == y.base => (x.off, y.off),
                                (Some((g, p)), Some((h, q))) if g == h => (p + x.off, q + y.off),
                                _ if xn && yn => (x.off, y.off),
                                _ => return None,
                            };
                            Addr::num(i128::from(match o {
                                "seteq" => p == q,
                                "setne" => p != q,
                                "setlt" => p < q,
                                "setgt" => p > q,
                                "setle" => p <= q,
                                _ => p >= q,
                            }))
                        }
                        _ => return None,
                    };
                    Some(r)
                }
                CExpr::Select(..) => None,
            },
            _ => None,
        }
    }

    fn eval_addr_int(&self, a: &Addr, bits: u32) -> i128 {
        super::consts::wrap(a.off, bits)
    }

    /// An address in modern spelling as a constant of type `ty` (an integer or a pointer).
    pub(super) fn addr_text(&self, a: &Addr, ty: &Ty) -> Option<String> {
        match (self.resolve(ty), &a.base) {
            (Ty::Bool, None) => Some(if a.off != 0 { "true" } else { "false" }.into()),
            (Ty::Int { bits, .. }, None) => Some(super::consts::wrap(a.off, bits).to_string()),
            (Ty::Int { bits, .. }, Some(b)) => {
                let p = format!("ptrtoint (ptr {b} to i{bits})");
                Some(match a.off {
                    0 => p,
                    o => format!("add (i{bits} {p}, i{bits} {})", super::consts::wrap(o, bits)),
                })
            }
            (Ty::Ptr(_), None) if a.off == 0 => Some("null".into()),
            (Ty::Ptr(_), None) => Some(format!("inttoptr (i64 {} to ptr)", a.off)),
            (Ty::Ptr(_), Some(b)) if a.off == 0 => Some(b.clone()),
            (Ty::Ptr(_), Some(b)) => Some(format!("getelementptr (i8, ptr {b}, i64 {})", a.off)),
            _ => None,
        }
    }
}
