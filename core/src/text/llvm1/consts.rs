//! 1.x constants and constant expressions in modern spelling; the expressions LLVM 19 no
//! longer has (`zext`, `sext`, `icmp`, `shl`, `udiv`, `select`, ...) are folded here.

use super::ast::*;
use super::emit::{Em, R};
use crate::diag::{Diagnostic, Span};

/// Wraps `v` to `bits` bits, read back as a signed number (the modern spelling).
pub(super) fn wrap(v: i128, bits: u32) -> i128 {
    if bits >= 128 {
        return v;
    }
    let m = v & ((1i128 << bits) - 1);
    if bits > 0 && m >> (bits - 1) & 1 == 1 {
        m - (1i128 << bits)
    } else {
        m
    }
}

/// The value of `v` as a 1.x value of a type of `bits` bits and this signedness.
pub(super) fn norm(v: i128, bits: u32, signed: bool) -> i128 {
    let w = wrap(v, bits);
    if signed || w >= 0 || bits >= 128 {
        w
    } else {
        w + (1i128 << bits)
    }
}

/// Escapes bytes for `c"..."` and quoted names.
pub(super) fn escape_str(b: &[u8]) -> String {
    let mut s = String::new();
    for &c in b {
        if (0x20..0x7f).contains(&c) && c != b'"' && c != b'\\' {
            s.push(c as char);
        } else {
            s.push_str(&format!("\\{c:02X}"));
        }
    }
    s
}

/// Which modern cast `cast T1 to T2` is (not to `bool`; see [`Em::cast_to_bool`]).
pub(super) enum CastKind {
    Op(&'static str),
    /// Same modern type: no operation.
    Same,
}

impl Em {
    /// The cast opcode, as `llvm-upgrade`'s `getCastOpcode`: extensions by the source's
    /// signedness, int to float by the source's, float to int by the destination's.
    pub(super) fn cast_kind(&self, from: &Ty, to: &Ty, span: Span) -> R<CastKind> {
        let (f, t) = (self.resolve(from), self.resolve(to));
        let fb = self.bits(&f);
        let tb = self.bits(&t);
        let ff = matches!(f, Ty::Float | Ty::Double);
        let tf = matches!(t, Ty::Float | Ty::Double);
        let fp = matches!(f, Ty::Ptr(_));
        let tp = matches!(t, Ty::Ptr(_));
        Ok(CastKind::Op(match (fb, tb) {
            (Some(a), Some(b)) if a == b => return Ok(CastKind::Same),
            (Some(a), Some(b)) if a > b => "trunc",
            (Some(_), Some(_)) => {
                if self.is_signed(&f) {
                    "sext"
                } else {
                    "zext"
                }
            }
            (Some(_), None) if tf => {
                if self.is_signed(&f) {
                    "sitofp"
                } else {
                    "uitofp"
                }
            }
            (Some(_), None) if tp => "inttoptr",
            (None, Some(_)) if ff => {
                if self.is_signed(&t) {
                    "fptosi"
                } else {
                    "fptoui"
                }
            }
            (None, Some(_)) if fp => "ptrtoint",
            _ if ff && tf => match (&f, &t) {
                (Ty::Float, Ty::Double) => "fpext",
                (Ty::Double, Ty::Float) => "fptrunc",
                _ => return Ok(CastKind::Same),
            },
            _ if fp && tp => return Ok(CastKind::Same),
            _ if self.mty(&f) == self.mty(&t) => return Ok(CastKind::Same),
            _ => "bitcast",
        }))
        .and_then(|k| {
            if let (CastKind::Op("bitcast"), true) = (&k, f.key() != t.key()) {
                if !matches!(f, Ty::Vector(..)) && !matches!(t, Ty::Vector(..)) {
                    return Err(Diagnostic::error(
                        span,
                        format!("cannot cast '{}' to '{}'", from.key(), to.key()),
                    ));
                }
            }
            Ok(k)
        })
    }

    /// The integer value of a constant, when it folds to one (1.x value: signed types
    /// sign-extended, unsigned zero-extended).
    pub(super) fn eval(&self, c: &Const, ty: &Ty) -> Option<i128> {
        let t = self.resolve(ty);
        let (bits, signed) = match t {
            Ty::Bool => (1, false),
            Ty::Int { bits, signed } => (bits, signed),
            _ => return None,
        };
        let v = match c {
            Const::Int(v) => *v,
            Const::Zero | Const::Null => 0,
            Const::Expr(e) => match &**e {
                CExpr::Cast(ft, v, _) => {
                    let x = match self.resolve(ft) {
                        Ty::Float | Ty::Double => {
                            let f = self.eval_f(v, ft)?;
                            if bits == 1 {
                                i128::from(f != 0.0)
                            } else if f.is_finite() {
                                f.trunc() as i128
                            } else {
                                return None;
                            }
                        }
                        _ => self.eval(v, ft)?,
                    };
                    if bits == 1 {
                        i128::from(x != 0)
                    } else {
                        x
                    }
                }
                CExpr::Bin(op, at, a, bt, b) => {
                    let x = self.eval(a, at)?;
                    let y = self.eval(b, bt)?;
                    let ab = self.bits(at)?;
                    let r = match op.as_str() {
                        "add" => x.wrapping_add(y),
                        "sub" => x.wrapping_sub(y),
                        "mul" => x.wrapping_mul(y),
                        "div" | "udiv" | "sdiv" => x.checked_div(y)?,
                        "rem" | "urem" | "srem" => x.checked_rem(y)?,
                        "and" => x & y,
                        "or" => x | y,
                        "xor" => x ^ y,
                        "shl" => x.checked_shl(u32::try_from(y).ok().filter(|s| *s < ab)?)?,
                        "shr" => x.checked_shr(u32::try_from(y).ok().filter(|s| *s < ab)?)?,
                        "seteq" => i128::from(x == y),
                        "setne" => i128::from(x != y),
                        "setlt" => i128::from(x < y),
                        "setgt" => i128::from(x > y),
                        "setle" => i128::from(x <= y),
                        "setge" => i128::from(x >= y),
                        _ => return None,
                    };
                    r
                }
                CExpr::Select(c, a, b) => {
                    if self.eval(c, &Ty::Bool)? != 0 {
                        self.eval(a, ty)?
                    } else {
                        self.eval(b, ty)?
                    }
                }
                CExpr::Gep(..) => return None,
            },
            _ => return None,
        };
        Some(norm(v, bits, signed))
    }

    /// The value of a floating-point constant, when it folds to one.
    pub(super) fn eval_f(&self, c: &Const, ty: &Ty) -> Option<f64> {
        let single = matches!(self.resolve(ty), Ty::Float);
        let v = match c {
            Const::Float(s) => match s.strip_prefix("0x") {
                Some(h) => f64::from_bits(u64::from_str_radix(h, 16).ok()?),
                None => s.parse::<f64>().ok()?,
            },
            Const::Zero => 0.0,
            Const::Expr(e) => match &**e {
                CExpr::Cast(ft, v, _) => match self.resolve(ft) {
                    Ty::Float | Ty::Double => self.eval_f(v, ft)?,
                    _ => {
                        let n = self.eval(v, ft)?;
                        n as f64
                    }
                },
                _ => return None,
            },
            _ => return None,
        };
        Some(if single { f64::from(v as f32) } else { v })
    }

    /// A constant of type `ty` in modern spelling (without its type).
    pub(super) fn cst(&mut self, c: &Const, ty: &Ty) -> R<String> {
        let t = self.resolve_all(ty);
        if let Some(b) = self.bits(&t) {
            if let Some(v) = self.eval(c, ty) {
                return Ok(if b == 1 {
                    if v != 0 { "true" } else { "false" }.to_string()
                } else {
                    wrap(v, b).to_string()
                });
            }
        }
        Ok(match c {
            Const::Int(v) => match t {
                Ty::Float | Ty::Double => format!("{v}.0"),
                Ty::Ptr(_) if *v == 0 => "null".into(),
                _ => {
                    return Err(
                        self.cerr(format!("an integer is not a constant of type '{}'", ty.key()))
                    )
                }
            },
            Const::Float(f) => f.clone(),
            Const::Null => "null".into(),
            Const::Undef => "undef".into(),
            Const::Zero => "zeroinitializer".into(),
            Const::Str(b) => format!("c\"{}\"", escape_str(b)),
            Const::Agg(elems) => {
                let (open, close) = match t {
                    Ty::Struct(_) => ("{ ", " }"),
                    Ty::Vector(..) => ("<", ">"),
                    _ => ("[", "]"),
                };
                let mut parts = Vec::new();
                for (et, ev) in elems {
                    let s = self.cst(ev, et)?;
                    parts.push(format!("{} {s}", self.mty(et)));
                }
                if parts.is_empty() {
                    return Ok(if open == "{ " { "{}".into() } else { "zeroinitializer".into() });
                }
                format!("{open}{}{close}", parts.join(", "))
            }
            Const::Global(n, s) => {
                let g = self.global(n, Some(ty), *s)?;
                super::emit::sigil('@', &g.modern)
            }
            Const::Expr(e) => self.cexpr(e, ty)?,
        })
    }

    fn cerr(&self, msg: String) -> Diagnostic {
        let span = self.map.last().map(|m| m.1).unwrap_or_default();
        Diagnostic::error(span, msg)
    }

    fn cexpr(&mut self, e: &CExpr, ty: &Ty) -> R<String> {
        // In a global initializer, arithmetic on addresses folds when it can (see `addr`).
        if !self.in_fn && matches!(e, CExpr::Cast(..) | CExpr::Bin(..)) {
            let c = Const::Expr(Box::new(e.clone()));
            if let Some(t) = self.addr(&c, ty).and_then(|a| self.addr_text(&a, ty)) {
                return Ok(t);
            }
        }
        match e {
            CExpr::Cast(ft, v, to) => {
                let inner = self.cst(v, ft)?;
                let span = self.map.last().map(|m| m.1).unwrap_or_default();
                match self.cast_kind(ft, to, span)? {
                    CastKind::Same => Ok(inner),
                    CastKind::Op(op @ ("ptrtoint" | "inttoptr" | "trunc" | "bitcast")) => {
                        Ok(format!("{op} ({} {inner} to {})", self.mty(ft), self.mty(to)))
                    }
                    CastKind::Op("fpext" | "fptrunc") if self.eval_f(v, ft).is_some() => {
                        let f = self.eval_f(v, ft).unwrap_or(0.0);
                        let f = if matches!(self.resolve(to), Ty::Float) { f64::from(f as f32) } else { f };
                        Ok(format!("0x{:016X}", f.to_bits()))
                    }
                    CastKind::Op("sitofp" | "uitofp") if self.eval(v, ft).is_some() => {
                        // Folded: the integer's value (1.x sign already applied) rounded.
                        let n = self.eval(v, ft).unwrap_or(0);
                        let bits = match self.resolve(to) {
                            Ty::Float => f64::from(n as f32).to_bits(),
                            _ => (n as f64).to_bits(),
                        };
                        Ok(format!("0x{bits:016X}"))
                    }
                    CastKind::Op(_) if self.in_fn => self.materialize(e, ty),
                    CastKind::Op(op) => Err(self.cerr(format!(
                        "the constant expression '{}' ({op}) does not fold to a constant and LLVM 19 has no '{op}' constant expression",
                        super::addr::show(&Const::Expr(Box::new(e.clone())))
                    ))),
                }
            }
            CExpr::Gep(pt, p, idx) => {
                let span = self.map.last().map(|m| m.1).unwrap_or_default();
                let pointee = self.pointee(pt, span)?;
                let base = self.cst(p, pt)?;
                let mut s = format!("getelementptr ({}, ptr {base}", self.mty(&pointee));
                let mut cur = pointee.clone();
                for (i, (it, iv)) in idx.iter().enumerate() {
                    let rc = self.resolve_all(&cur);
                    if i > 0 {
                        if let Ty::Struct(fields) = &rc {
                            let n = self.eval(iv, it).ok_or_else(|| self.cerr("a structure index must be a constant".into()))?;
                            s.push_str(&format!(", i32 {n}"));
                            cur = usize::try_from(n).ok().and_then(|n| fields.get(n)).cloned().unwrap_or(Ty::Void);
                            continue;
                        }
                    }
                    let v = self.cst(iv, it)?;
                    match self.eval(iv, it) {
                        Some(n) if !self.is_signed(it) => s.push_str(&format!(", i64 {n}")),
                        _ => s.push_str(&format!(", {} {v}", self.mty(it))),
                    }
                    if i > 0 {
                        cur = match rc {
                            Ty::Array(_, e) | Ty::Vector(_, e) | Ty::Ptr(e) => *e,
                            _ => Ty::Void,
                        };
                    }
                }
                s.push(')');
                Ok(s)
            }
            CExpr::Bin(op, at, a, _, b) if matches!(op.as_str(), "add" | "sub" | "mul" | "xor") && !self.is_float(at) => {
                let x = self.cst(a, at)?;
                let y = self.cst(b, at)?;
                let t = self.mty(at);
                Ok(format!("{op} ({t} {x}, {t} {y})"))
            }
            _ if self.in_fn => self.materialize(e, ty),
            _ => Err(self.cerr(format!(
                "the constant expression '{}' of type '{}' does not fold to a constant, and LLVM 19 has no constant expression for it",
                super::addr::show(&Const::Expr(Box::new(e.clone()))),
                ty.key()
            ))),
        }
    }
}
