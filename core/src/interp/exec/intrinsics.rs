//! The `llvm.*` intrinsics C compilers emit: memory (`memcpy`/`memmove`/`memset`), overflow and
//! saturating arithmetic, min/max/abs, bit manipulation, funnel shifts, floating-point math
//! (through the pure-Rust `libm`, so results are the same natively and on wasm32),
//! reductions, `is.fpclass`, saturating conversions, variadic argument handling, stack
//! save/restore, `assume`, `expect`, `objectsize`, traps and the no-op markers.

use crate::interp::exec::eval::{int_val, Aux};
use crate::interp::libc::mem::len_slot;
use crate::interp::report::{Fault, Res, UbKind};
use crate::interp::state::Interp;
use crate::interp::value::{mask, Slot, Val};
use crate::ir::layout::Class;
use crate::ir::{FloatKind, InstFlags, IntPredicate, Opcode, TypeId};
use crate::semantics::fp::{self, RoundMode};
use crate::semantics::int::{self, IOp};
use crate::semantics::wide;

/// The base name of an overloaded intrinsic: `llvm.smax.i32` -> `smax`.
pub fn base_name(name: &str) -> &str {
    let n = name.strip_prefix("llvm.").unwrap_or(name);
    const MULTI: [&str; 30] = [
        "sadd.with.overflow",
        "uadd.with.overflow",
        "ssub.with.overflow",
        "usub.with.overflow",
        "smul.with.overflow",
        "umul.with.overflow",
        "sadd.sat",
        "uadd.sat",
        "ssub.sat",
        "usub.sat",
        "sshl.sat",
        "ushl.sat",
        "memcpy.inline",
        "memset.inline",
        "is.fpclass",
        "fptosi.sat",
        "fptoui.sat",
        "threadlocal.address",
        "eh.typeid.for",
        "expect.with.probability",
        "invariant.start",
        "invariant.end",
        "is.constant",
        "lifetime.start",
        "lifetime.end",
        "launder.invariant.group",
        "strip.invariant.group",
        "experimental.noalias.scope.decl",
        "stacksave",
        "stackrestore",
    ];
    for m in MULTI {
        if n.starts_with(m) && (n.len() == m.len() || n.as_bytes().get(m.len()) == Some(&b'.')) {
            return m;
        }
    }
    if let Some(r) = n.strip_prefix("vector.reduce.") {
        return match r.split('.').next() {
            Some(x) => match x {
                "add" => "reduce.add",
                "mul" => "reduce.mul",
                "and" => "reduce.and",
                "or" => "reduce.or",
                "xor" => "reduce.xor",
                "smax" => "reduce.smax",
                "smin" => "reduce.smin",
                "umax" => "reduce.umax",
                "umin" => "reduce.umin",
                "fadd" => "reduce.fadd",
                "fmul" => "reduce.fmul",
                "fmax" => "reduce.fmax",
                "fmin" => "reduce.fmin",
                "fmaximum" => "reduce.fmaximum",
                "fminimum" => "reduce.fminimum",
                _ => "reduce.?",
            },
            None => "reduce.?",
        };
    }
    n.split('.').next().unwrap_or(n)
}

/// An integer lane: words and taint.
fn ilane(v: &Val) -> (Vec<u64>, u32) {
    match v {
        Val::S(s) => (vec![s.bits], s.poison),
        Val::W { words, poison } => (words.to_vec(), *poison),
        Val::A(_) => (vec![0], 0),
    }
}

fn lanes_of(v: &Val, vector: bool) -> Vec<Val> {
    if vector {
        v.elems().to_vec()
    } else {
        vec![v.clone()]
    }
}

impl Interp<'_> {
    fn pack(&self, mut lanes: Vec<Val>, vector: bool) -> Val {
        if vector {
            Val::A(lanes.into())
        } else {
            lanes.pop().unwrap_or_default()
        }
    }

    /// Calls intrinsic `name` whose base name is `b`.
    pub fn intrinsic_named(
        &mut self,
        name: &str,
        b: &str,
        args: &[Val],
        tys: &[TypeId],
        ret: TypeId,
    ) -> Res<Option<Val>> {
        let a = |i: usize| args.get(i).cloned().unwrap_or_default();
        let t0 = tys.first().copied().unwrap_or(ret);
        let vector = self.m.types.is_vector(t0);
        let st = self.m.types.scalar(t0);
        let w = self.m.types.int_bits(st).unwrap_or(64);
        let r = match b {
            "dbg"
            | "lifetime.start"
            | "lifetime.end"
            | "invariant.end"
            | "experimental.noalias.scope.decl"
            | "donothing"
            | "sideeffect"
            | "prefetch"
            | "va_end"
            | "var"
            | "pseudoprobe"
            | "instrprof" => return Ok(None),
            "invariant.start" => Val::S(Slot::int(0)),
            "expect"
            | "expect.with.probability"
            | "threadlocal.address"
            | "launder.invariant.group"
            | "strip.invariant.group"
            | "annotation"
            | "ptr"
            | "ssa" => a(0),
            "is.constant" => Val::S(Slot::int(0)),
            "assume" => {
                let c = a(0).slot();
                if c.poison != 0 {
                    return Err(Fault::ub_from(
                        UbKind::AssumeViolated,
                        "llvm.assume of a poison or undef value",
                        c.poison,
                    ));
                }
                if c.bits & 1 == 0 {
                    return Err(Fault::ub(UbKind::AssumeViolated, "llvm.assume(false)"));
                }
                return Ok(None);
            }
            "trap" | "debugtrap" | "ubsantrap" => {
                return Err(Fault::Abort(format!("{name} was called")))
            }
            "memcpy" | "memcpy.inline" | "memmove" => {
                self.mem_copy(a(0).slot(), a(1).slot(), len_slot(&a(2)), b != "memmove")?;
                return Ok(None);
            }
            "memset" | "memset.inline" => {
                self.mem_set(a(0).slot(), a(1).slot(), len_slot(&a(2)))?;
                return Ok(None);
            }
            "stacksave" => Val::S(Slot::int(self.allocas.len() as u64)),
            "stackrestore" => {
                let mark = self.frames.last().map_or(0, |f| f.amark as usize);
                let to = (a(0).slot().bits as usize).max(mark);
                self.free_allocas(to);
                return Ok(None);
            }
            "objectsize" => {
                let p = a(0).slot();
                let min = a(1).slot().bits & 1 == 1;
                let rw = self.m.types.int_bits(ret).unwrap_or(64);
                let size = self
                    .mem
                    .alloc_of(p)
                    .and_then(|i| self.mem.allocs.get(i as usize))
                    .filter(|al| al.live)
                    .map(|al| al.size.saturating_sub(p.bits.wrapping_sub(al.base)));
                Val::S(Slot::int(size.unwrap_or(if min { 0 } else { u64::MAX }) & mask(rw)))
            }
            "va_start" => {
                self.va_start(a(0).slot())?;
                return Ok(None);
            }
            "va_copy" => {
                let d = self.mem.check(a(0).slot(), 24, true)?;
                let s = self.mem.check(a(1).slot(), 24, false)?;
                self.mem.copy(d, s, 24);
                return Ok(None);
            }
            "eh.typeid.for" => Val::S(Slot::int(self.typeid_for(a(0).slot().bits))),
            "frameaddress" | "returnaddress" => Val::S(Slot::int(0)),
            "ptrmask" => {
                let (p, m) = (a(0).slot(), a(1).slot());
                Val::S(Slot { bits: p.bits & m.bits, ..p })
            }
            "sadd.with.overflow" | "uadd.with.overflow" | "ssub.with.overflow"
            | "usub.with.overflow" | "smul.with.overflow" | "umul.with.overflow" => {
                let (op, flag) = match b {
                    "sadd.with.overflow" => (IOp::Add, InstFlags::NSW),
                    "uadd.with.overflow" => (IOp::Add, InstFlags::NUW),
                    "ssub.with.overflow" => (IOp::Sub, InstFlags::NSW),
                    "usub.with.overflow" => (IOp::Sub, InstFlags::NUW),
                    "smul.with.overflow" => (IOp::Mul, InstFlags::NSW),
                    _ => (IOp::Mul, InstFlags::NUW),
                };
                let (mut rs, mut os) = (Vec::new(), Vec::new());
                for (x, y) in lanes_of(&a(0), vector).iter().zip(lanes_of(&a(1), vector).iter()) {
                    let ((xw, xt), (yw, yt)) = (ilane(x), ilane(y));
                    if xt | yt != 0 {
                        let o = self.origins.merge(xt, yt);
                        let o = self.chain(o);
                        rs.push(int_val(vec![0], w, o));
                        os.push(Val::S(Slot::tainted(o)));
                        continue;
                    }
                    let r = int::wbin(op, 0, w, &xw, &yw).unwrap_or_default();
                    let ovf = int::wbin(op, flag, w, &xw, &yw).is_err();
                    rs.push(int_val(r, w, 0));
                    os.push(Val::S(Slot::int(ovf as u64)));
                }
                Val::A(vec![self.pack(rs, vector), self.pack(os, vector)].into())
            }
            "sadd.sat" | "uadd.sat" | "ssub.sat" | "usub.sat" | "sshl.sat" | "ushl.sat"
            | "smax" | "smin" | "umax" | "umin" | "fshl" | "fshr" => {
                let l2 = lanes_of(&a(1), vector);
                let l3 = lanes_of(&a(2), vector);
                let mut out = Vec::new();
                for (k, x) in lanes_of(&a(0), vector).iter().enumerate() {
                    let y = l2.get(k).cloned().unwrap_or_default();
                    let z = l3.get(k).cloned().unwrap_or_default();
                    let ((xw, xt), (yw, yt), (zw, zt)) = (ilane(x), ilane(&y), ilane(&z));
                    let t = if b.starts_with('f') { xt | yt | zt } else { xt | yt };
                    if t != 0 {
                        let o = self.origins.merge(xt, self.origins.merge(yt, zt));
                        let o = self.chain(o);
                        out.push(int_val(vec![0], w, o));
                        continue;
                    }
                    let r = match b {
                        "smax" | "smin" | "umax" | "umin" => {
                            let ord = if b.starts_with('s') {
                                wide::cmp_s(&xw, &yw, w)
                            } else {
                                wide::cmp_u(&xw, &yw)
                            };
                            let take_x = (ord == std::cmp::Ordering::Greater) == b.ends_with("max")
                                || ord == std::cmp::Ordering::Equal;
                            if take_x {
                                xw
                            } else {
                                yw
                            }
                        }
                        "fshl" | "fshr" => {
                            let sh =
                                wide::udivrem(&zw, &wide::zext(&[w as u64], w.max(64)), w.max(64))
                                    .1
                                    .first()
                                    .copied()
                                    .unwrap_or(0)
                                    % w as u64;
                            if sh == 0 {
                                if b == "fshl" {
                                    xw
                                } else {
                                    yw
                                }
                            } else if b == "fshl" {
                                wide::bitwise(
                                    &wide::shl(&xw, sh, w),
                                    &wide::shr(&yw, w as u64 - sh, w, false),
                                    w,
                                    1,
                                )
                            } else {
                                wide::bitwise(
                                    &wide::shl(&xw, w as u64 - sh, w),
                                    &wide::shr(&yw, sh, w, false),
                                    w,
                                    1,
                                )
                            }
                        }
                        _ => {
                            let signed = b.starts_with('s');
                            let op = match &b[1..4] {
                                "add" => IOp::Add,
                                "sub" => IOp::Sub,
                                _ => IOp::Shl,
                            };
                            if op == IOp::Shl
                                && wide::cmp_u(&yw, &[w as u64]) != std::cmp::Ordering::Less
                            {
                                let o = self.poison(format!(
                                    "llvm.{b} shift amount not less than the width {w}"
                                ));
                                out.push(int_val(vec![0], w, o));
                                continue;
                            }
                            let flag = if signed { InstFlags::NSW } else { InstFlags::NUW };
                            match int::wbin(op, flag, w, &xw, &yw) {
                                Ok(r) => r,
                                Err(_) => {
                                    let neg = match op {
                                        IOp::Add => wide::is_neg(&yw, w),
                                        IOp::Sub => !wide::is_neg(&yw, w),
                                        _ => wide::is_neg(&xw, w),
                                    };
                                    match (signed, neg || (!signed && op == IOp::Sub)) {
                                        (true, true) => wide::smin(w),
                                        (true, false) => wide::not(&wide::smin(w), w),
                                        (false, true) => vec![0],
                                        (false, false) => wide::ones(w),
                                    }
                                }
                            }
                        }
                    };
                    out.push(int_val(r, w, 0));
                }
                self.pack(out, vector)
            }
            "abs" | "ctpop" | "ctlz" | "cttz" | "bswap" | "bitreverse" => {
                let flag = a(1).slot().bits & 1 == 1;
                let mut out = Vec::new();
                for x in lanes_of(&a(0), vector) {
                    let (xw, xt) = ilane(&x);
                    if xt != 0 {
                        let o = self.chain(xt);
                        out.push(int_val(vec![0], w, o));
                        continue;
                    }
                    let r = match b {
                        "abs" => {
                            if flag && xw == wide::smin(w) {
                                let o = self.poison("llvm.abs of INT_MIN with is_int_min_poison");
                                out.push(int_val(vec![0], w, o));
                                continue;
                            }
                            if wide::is_neg(&xw, w) {
                                wide::neg(&xw, w)
                            } else {
                                xw
                            }
                        }
                        "ctpop" => vec![wide::ctpop(&xw)],
                        "ctlz" | "cttz" => {
                            if flag && wide::is_zero(&xw) {
                                let o =
                                    self.poison(format!("llvm.{b} of zero with is_zero_poison"));
                                out.push(int_val(vec![0], w, o));
                                continue;
                            }
                            vec![if b == "ctlz" { wide::ctlz(&xw, w) } else { wide::cttz(&xw, w) }]
                        }
                        "bswap" => wide::bswap(&xw, w),
                        _ => wide::bitreverse(&xw, w),
                    };
                    out.push(int_val(r, w, 0));
                }
                self.pack(out, vector)
            }
            b if b.starts_with("reduce.") => self.reduce(b, args, tys)?,
            _ => return self.float_intrinsic(name, b, args, tys, ret).map(Some),
        };
        Ok(Some(r))
    }

    fn reduce(&mut self, b: &str, args: &[Val], tys: &[TypeId]) -> Res<Val> {
        let (start, vi) = if b == "reduce.fadd" || b == "reduce.fmul" {
            (args.first().cloned(), 1)
        } else {
            (None, 0)
        };
        let vt = tys.get(vi).copied().unwrap_or(TypeId::I32);
        let et = self.m.types.scalar(vt);
        let elems = args.get(vi).map(|v| v.elems().to_vec()).unwrap_or_default();
        let mut acc = match start {
            Some(s) => s,
            None => match elems.first() {
                Some(e) => e.clone(),
                None => return Ok(self.zero_val(et)),
            },
        };
        let skip = if b == "reduce.fadd" || b == "reduce.fmul" { 0 } else { 1 };
        for e in elems.iter().skip(skip) {
            let pair = [acc.clone(), e.clone()];
            let tys2 = [et, et];
            acc = match b {
                "reduce.add" => self.eval_pure(Opcode::Add, 0, 0, et, &pair, &tys2, Aux::None)?,
                "reduce.mul" => self.eval_pure(Opcode::Mul, 0, 0, et, &pair, &tys2, Aux::None)?,
                "reduce.and" => self.eval_pure(Opcode::And, 0, 0, et, &pair, &tys2, Aux::None)?,
                "reduce.or" => self.eval_pure(Opcode::Or, 0, 0, et, &pair, &tys2, Aux::None)?,
                "reduce.xor" => self.eval_pure(Opcode::Xor, 0, 0, et, &pair, &tys2, Aux::None)?,
                "reduce.fadd" => self.eval_pure(Opcode::FAdd, 0, 0, et, &pair, &tys2, Aux::None)?,
                "reduce.fmul" => self.eval_pure(Opcode::FMul, 0, 0, et, &pair, &tys2, Aux::None)?,
                "reduce.smax" | "reduce.smin" | "reduce.umax" | "reduce.umin" => {
                    let p = match b {
                        "reduce.smax" => IntPredicate::Sgt,
                        "reduce.smin" => IntPredicate::Slt,
                        "reduce.umax" => IntPredicate::Ugt,
                        _ => IntPredicate::Ult,
                    };
                    if acc.taint() != 0 || e.taint() != 0 {
                        self.eval_pure(Opcode::Add, 0, 0, et, &pair, &tys2, Aux::None)?
                    } else {
                        let keep = self
                            .eval_pure(Opcode::ICmp, 0, 0, TypeId::I1, &pair, &tys2, Aux::ICmp(p))?
                            .slot()
                            .bits
                            & 1
                            == 1;
                        if keep {
                            acc
                        } else {
                            e.clone()
                        }
                    }
                }
                _ => {
                    let k = self.m.types.float_kind(et).unwrap_or(FloatKind::Double);
                    let (x, y) = (acc.slot().bits as u128, e.slot().bits as u128);
                    let r = fp::minmax(k, x, y, b.contains("max"), b.ends_with("imum"));
                    Val::S(Slot { bits: r as u64, prov: 0, poison: acc.taint() | e.taint() })
                }
            };
        }
        Ok(acc)
    }

    fn float_intrinsic(
        &mut self,
        name: &str,
        b: &str,
        args: &[Val],
        tys: &[TypeId],
        ret: TypeId,
    ) -> Res<Val> {
        let t0 = tys.first().copied().unwrap_or(ret);
        let vector = self.m.types.is_vector(t0);
        let Some(k) = self.m.types.float_kind(self.m.types.scalar(t0)) else {
            return Err(Fault::unsupported(format!("intrinsic @{name} is not implemented")));
        };
        let rt = self.m.types.scalar(ret);
        let rw = self.m.types.int_bits(rt).unwrap_or(64);
        let lanes: Vec<Vec<Val>> = args
            .iter()
            .map(|v| {
                lanes_of(v, vector && self.m.types.is_vector(tys.first().copied().unwrap_or(t0)))
            })
            .collect();
        let n = lanes.first().map_or(0, |l| l.len());
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let get = |j: usize| {
                lanes
                    .get(j)
                    .and_then(|l| l.get(i).or_else(|| l.first()))
                    .cloned()
                    .unwrap_or_default()
            };
            let bits = |v: &Val| match v {
                Val::W { words, .. } => {
                    words.first().copied().unwrap_or(0) as u128
                        | (words.get(1).copied().unwrap_or(0) as u128) << 64
                }
                v => v.slot().bits as u128,
            };
            let (x, y, z) = (get(0), get(1), get(2));
            let t = x.taint()
                | if matches!(b, "powi" | "ldexp" | "is" | "is.fpclass") {
                    0
                } else {
                    y.taint() | z.taint()
                };
            if t != 0 {
                let o = self.chain(t);
                out.push(self.taint_val(rt, o));
                continue;
            }
            let (xb, yb, zb) = (bits(&x), bits(&y), bits(&z));
            let fv = |r: u128| -> Val {
                if k.bits() <= 64 {
                    Val::S(Slot::int(r as u64))
                } else {
                    Val::W { words: vec![r as u64, (r >> 64) as u64].into(), poison: 0 }
                }
            };
            let v = match b {
                "fabs" => fv(fp::abs(k, xb)),
                "copysign" => fv(fp::copysign(k, xb, yb)),
                "minnum" | "maxnum" => fv(fp::minmax(k, xb, yb, b == "maxnum", false)),
                "minimum" | "maximum" => fv(fp::minmax(k, xb, yb, b == "maximum", true)),
                "floor" => fv(fp::round(k, xb, RoundMode::Floor)),
                "ceil" => fv(fp::round(k, xb, RoundMode::Ceil)),
                "trunc" => fv(fp::round(k, xb, RoundMode::Trunc)),
                "rint" | "nearbyint" | "roundeven" => fv(fp::round(k, xb, RoundMode::Even)),
                "round" => fv(fp::round(k, xb, RoundMode::Away)),
                "fma" | "fmuladd" => fv(fp::fma(k, xb, yb, zb)),
                "sqrt" if k == FloatKind::Float => {
                    fv(f32::from_bits(xb as u32).sqrt().to_bits() as u128)
                }
                "sqrt" if k == FloatKind::Double => {
                    fv(fp::fix64(f64::from_bits(xb as u64).sqrt(), f64::from_bits(xb as u64), 0.0)
                        .to_bits() as u128)
                }
                "lround" | "llround" | "lrint" | "llrint" | "fptosi.sat" | "fptoui.sat" => {
                    let mode = if b.contains("rint") {
                        RoundMode::Even
                    } else if b.starts_with('l') {
                        RoundMode::Away
                    } else {
                        RoundMode::Trunc
                    };
                    let r = fp::round(k, xb, mode);
                    let signed = b != "fptoui.sat";
                    let words = match fp::to_int(k, r, rw, signed) {
                        Some(wv) => wv,
                        None if fp::is_nan(k, r) => vec![0],
                        None if fp::is_neg(k, r) => {
                            if signed {
                                wide::smin(rw)
                            } else {
                                vec![0]
                            }
                        }
                        None => {
                            if signed {
                                wide::not(&wide::smin(rw), rw)
                            } else {
                                wide::ones(rw)
                            }
                        }
                    };
                    int_val(words, rw, 0)
                }
                "is.fpclass" => {
                    let m = y.slot().bits as u32;
                    Val::S(Slot::int((fp::class(k, xb) & m != 0) as u64))
                }
                "powi" | "ldexp" => {
                    let e = crate::interp::value::sext(
                        y.slot().bits,
                        self.m
                            .types
                            .int_bits(tys.get(1).copied().unwrap_or(TypeId::I32))
                            .unwrap_or(32),
                    ) as i32;
                    let xf = fp::to_f64(k, xb);
                    let r = if b == "ldexp" { libm::ldexp(xf, e) } else { powi(xf, e) };
                    if k == FloatKind::Float && b == "ldexp" {
                        fv(libm::ldexpf(f32::from_bits(xb as u32), e).to_bits() as u128)
                    } else {
                        fv(fp::from_f64(k, r))
                    }
                }
                _ => {
                    let f1: Option<fn(f64) -> f64> = match b {
                        "sqrt" => Some(libm::sqrt),
                        "sin" => Some(libm::sin),
                        "cos" => Some(libm::cos),
                        "tan" => Some(libm::tan),
                        "exp" => Some(libm::exp),
                        "exp2" => Some(libm::exp2),
                        "exp10" => Some(libm::exp10),
                        "log" => Some(libm::log),
                        "log2" => Some(libm::log2),
                        "log10" => Some(libm::log10),
                        "asin" => Some(libm::asin),
                        "acos" => Some(libm::acos),
                        "atan" => Some(libm::atan),
                        "sinh" => Some(libm::sinh),
                        "cosh" => Some(libm::cosh),
                        "tanh" => Some(libm::tanh),
                        _ => None,
                    };
                    if k == FloatKind::Float {
                        let xf = f32::from_bits(xb as u32);
                        let r = match b {
                            "sin" => libm::sinf(xf),
                            "cos" => libm::cosf(xf),
                            "tan" => libm::tanf(xf),
                            "exp" => libm::expf(xf),
                            "exp2" => libm::exp2f(xf),
                            "exp10" => libm::exp10f(xf),
                            "log" => libm::logf(xf),
                            "log2" => libm::log2f(xf),
                            "log10" => libm::log10f(xf),
                            "pow" => libm::powf(xf, f32::from_bits(yb as u32)),
                            "atan2" => libm::atan2f(xf, f32::from_bits(yb as u32)),
                            _ => match f1 {
                                Some(f) => f(xf as f64) as f32,
                                None => {
                                    return Err(Fault::unsupported(format!(
                                        "intrinsic @{name} is not implemented"
                                    )))
                                }
                            },
                        };
                        fv(fp::fix32(r, xf, xf).to_bits() as u128)
                    } else {
                        let xf = fp::to_f64(k, xb);
                        let r = match (b, f1) {
                            ("pow", _) => libm::pow(xf, fp::to_f64(k, yb)),
                            ("atan2", _) => libm::atan2(xf, fp::to_f64(k, yb)),
                            (_, Some(f)) => f(xf),
                            _ => {
                                return Err(Fault::unsupported(format!(
                                    "intrinsic @{name} is not implemented"
                                )))
                            }
                        };
                        fv(fp::from_f64(k, fp::fix64(r, xf, xf)))
                    }
                }
            };
            out.push(v);
        }
        let rvec = self.m.types.is_vector(ret);
        Ok(self.pack(out, rvec))
    }

    /// `memcpy`/`memmove`: checks both ranges (and overlap for `memcpy`) and copies with shadow.
    /// The length is one slot: see `cmem::len_slot`.
    pub fn mem_copy(&mut self, d: Slot, s: Slot, len: Slot, nooverlap: bool) -> Res<()> {
        if len.poison != 0 {
            return Err(Fault::ub_from(
                UbKind::PoisonUse,
                "memory copy with a poison or undef length",
                len.poison,
            ));
        }
        let n = len.bits;
        if n == 0 {
            return Ok(());
        }
        let dl = self.mem.check(d, n, true)?;
        let sl = self.mem.check(s, n, false)?;
        if nooverlap
            && dl.0 == sl.0
            && (dl.1 as u64) < sl.1 as u64 + n
            && (sl.1 as u64) < dl.1 as u64 + n
            && dl.1 != sl.1
        {
            return Err(Fault::ub(
                UbKind::LibraryMisuse,
                format!(
                    "memcpy of {n} bytes between overlapping ranges {:#x} and {:#x}",
                    d.bits, s.bits
                ),
            ));
        }
        self.mem.copy(dl, sl, n as usize);
        Ok(())
    }

    /// `memset`.
    pub fn mem_set(&mut self, d: Slot, byte: Slot, len: Slot) -> Res<()> {
        if len.poison != 0 {
            return Err(Fault::ub_from(
                UbKind::PoisonUse,
                "memset with a poison or undef length",
                len.poison,
            ));
        }
        let n = len.bits;
        if n == 0 {
            return Ok(());
        }
        let dl = self.mem.check(d, n, true)?;
        let sh = if byte.poison != 0 {
            crate::interp::memory::TAINT | self.origins.whole(byte.poison)
        } else {
            0
        };
        self.mem.fill(dl, byte.bits as u8, sh, n as usize);
        Ok(())
    }

    /// `llvm.va_start`: lays out the variadic arguments (x86-64 register save area and overflow
    /// area) and initializes the `va_list` at `ap`.
    fn va_start(&mut self, ap: Slot) -> Res<()> {
        let Some(mut va) = self.frames.last_mut().and_then(|f| f.va.take()) else {
            return Err(Fault::ub(
                UbKind::LibraryMisuse,
                "va_start in a function that is not variadic",
            ));
        };
        let res = self.va_layout(&mut va, ap);
        if let Some(f) = self.frames.last_mut() {
            f.va = Some(va);
        }
        res
    }

    fn va_layout(&mut self, va: &mut crate::interp::state::VaInfo, ap: Slot) -> Res<()> {
        let (save, over) = match va.area {
            Some(x) => x,
            None => {
                let mut gp = va.gp;
                let mut fpn = va.fp;
                let mut place = Vec::new();
                let mut over_size = 0u64;
                for (v, t) in &va.extra {
                    let info = self.lay.get(*t).clone();
                    let (is_fp, words) = match info.class {
                        Class::Float(k) if k.bits() <= 64 => (true, 1),
                        Class::Int(w) if w > 64 && w <= 128 => (false, 2),
                        Class::Int(_) | Class::Ptr => (false, 1),
                        _ => (false, 0),
                    };
                    if is_fp && fpn < 8 {
                        place.push((v.clone(), *t, 0u8, 48 + fpn as u64 * 16));
                        fpn += 1;
                    } else if !is_fp && words > 0 && gp + words <= 6 {
                        place.push((v.clone(), *t, 0u8, gp as u64 * 8));
                        gp += words;
                    } else {
                        let al = if info.align >= 16 { 16 } else { 8 };
                        over_size = over_size.div_ceil(al) * al;
                        place.push((v.clone(), *t, 1u8, over_size));
                        over_size += info.size.max(1).div_ceil(8) * 8;
                    }
                }
                let sidx = self.mem.alloc(176, 16, crate::interp::memory::AllocKind::Stack, 0)?;
                let oidx = self.mem.alloc(
                    over_size.max(8),
                    16,
                    crate::interp::memory::AllocKind::Stack,
                    0,
                )?;
                self.allocas.push(sidx);
                self.allocas.push(oidx);
                for (v, t, area, off) in place {
                    let idx = if area == 0 { sidx } else { oidx };
                    self.store_val((idx as usize, off as usize), t, &v);
                }
                let x = (self.ptr_to(sidx), self.ptr_to(oidx));
                va.area = Some(x);
                x
            }
        };
        let loc = self.mem.check(ap, 24, true)?;
        let (i, o) = loc;
        self.mem.write_slot(i, o, 4, Slot::int(va.gp as u64 * 8), &self.origins);
        self.mem.write_slot(i, o + 4, 4, Slot::int(48 + va.fp as u64 * 16), &self.origins);
        self.mem.write_slot(i, o + 8, 8, over, &self.origins);
        self.mem.write_slot(i, o + 16, 8, save, &self.origins);
        Ok(())
    }

    /// The `va_arg` instruction on an x86-64 `va_list`.
    pub fn va_arg(&mut self, ap: Slot, ty: TypeId) -> Res<Val> {
        let (i, o) = self.mem.check(ap, 24, true)?;
        let gp = self.mem.read_slot(i, o, 4, &mut self.origins).bits;
        let fpo = self.mem.read_slot(i, o + 4, 4, &mut self.origins).bits;
        let over = self.mem.read_slot(i, o + 8, 8, &mut self.origins);
        let save = self.mem.read_slot(i, o + 16, 8, &mut self.origins);
        let info = self.lay.get(ty).clone();
        let is_fp = matches!(info.class, Class::Float(k) if k.bits() <= 64);
        let is_gp = matches!(info.class, Class::Int(w) if w <= 64) || info.class == Class::Ptr;
        let p = if is_fp && fpo < 176 {
            self.mem.write_slot(i, o + 4, 4, Slot::int(fpo + 16), &self.origins);
            Slot { bits: save.bits.wrapping_add(fpo), ..save }
        } else if is_gp && gp < 48 {
            self.mem.write_slot(i, o, 4, Slot::int(gp + 8), &self.origins);
            Slot { bits: save.bits.wrapping_add(gp), ..save }
        } else {
            let al = if info.align >= 16 { 16 } else { 8 };
            let addr = over.bits.div_ceil(al) * al;
            let next = addr + info.size.max(1).div_ceil(8) * 8;
            self.mem.write_slot(i, o + 8, 8, Slot { bits: next, ..over }, &self.origins);
            Slot { bits: addr, ..over }
        };
        let loc = self.mem.check(p, info.size, false)?;
        Ok(self.load_val(loc, ty))
    }
}

/// `x` to the integer power `e` by repeated squaring (as compiler-rt's `__powidf2`).
fn powi(x: f64, e: i32) -> f64 {
    let mut r = 1.0;
    let mut b = x;
    let mut n = e.unsigned_abs();
    while n > 0 {
        if n & 1 == 1 {
            r *= b;
        }
        b *= b;
        n >>= 1;
    }
    if e < 0 {
        1.0 / r
    } else {
        r
    }
}
