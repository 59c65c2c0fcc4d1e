//! Known bits of integer values: which bits are known to be zero and which known to be one.
//!
//! A query looks at the defining instruction of a value and, recursively up to
//! [`MAX_DEPTH`] levels, at its operands. Understood: integer constants, `and`/`or`/`xor`,
//! `shl`/`lshr`/`ashr` by a constant, `add`/`sub` (carry-free low bits), `mul` (trailing
//! zeros), `udiv`/`urem` by a constant, `zext`/`sext`/`trunc`, `select` and `phi` (the bits
//! every incoming value agrees on), `icmp`/`fcmp` (nothing but the width), and the intrinsics
//! `llvm.ctpop`/`llvm.ctlz`/`llvm.cttz` (a result no larger than the width).
//!
//! Only scalar integers of up to 64 bits are tracked; wider integers and vectors have no known
//! bits. Known bits describe the value when it is not poison (LangRef "Poison Values"): a
//! transformation that replaces a value by a constant its known bits imply only refines it.
//! `undef` has no known bits (each use may differ), so an `undef` operand gives nothing.

use crate::ir::{Body, ConstKind, Intrinsic, Module, Opcode, Operand, ValueDef};

/// How many levels of operands a query looks through.
pub const MAX_DEPTH: u32 = 6;

/// The known bits of a value of `width` bits (1..=64): `zero` bits are known 0, `one` bits
/// known 1. Invariant: `zero & one == 0`, both within the width mask (a conflict, which only
/// poison can produce, is reported as nothing known).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct KnownBits {
    /// The bit width.
    pub width: u32,
    /// Bits known to be zero.
    pub zero: u64,
    /// Bits known to be one.
    pub one: u64,
}

/// The mask of a `width`-bit integer (width 1..=64).
pub fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// The low `n` bits (n up to 64).
pub fn low_mask(n: u32) -> u64 {
    if n == 0 {
        0
    } else {
        mask(n)
    }
}

/// The high `n` bits of a `width`-bit integer.
pub fn high_mask(width: u32, n: u32) -> u64 {
    let n = n.min(width);
    mask(width) & !(low_mask(width - n))
}

/// Sign-extends the low `w` bits of `x`.
pub fn sext(x: u64, w: u32) -> i64 {
    if w == 0 || w >= 64 {
        return x as i64;
    }
    let s = 64 - w;
    ((x << s) as i64) >> s
}

impl KnownBits {
    /// Nothing known.
    pub fn unknown(width: u32) -> KnownBits {
        KnownBits { width, zero: 0, one: 0 }
    }
    /// Exactly the constant `v`.
    pub fn constant(width: u32, v: u64) -> KnownBits {
        let m = mask(width);
        KnownBits { width, zero: !v & m, one: v & m }
    }
    fn norm(self) -> KnownBits {
        let m = mask(self.width);
        let (zero, one) = (self.zero & m, self.one & m);
        if zero & one != 0 {
            return KnownBits::unknown(self.width);
        }
        KnownBits { width: self.width, zero, one }
    }
    /// The value, when every bit is known.
    pub fn as_constant(&self) -> Option<u64> {
        ((self.zero | self.one) == mask(self.width)).then_some(self.one)
    }
    /// The smallest value it may have, read as unsigned.
    pub fn umin(&self) -> u64 {
        self.one
    }
    /// The largest value it may have, read as unsigned.
    pub fn umax(&self) -> u64 {
        !self.zero & mask(self.width)
    }
    fn sign(&self) -> u64 {
        1u64 << (self.width - 1)
    }
    /// True when the sign bit is known zero.
    pub fn is_non_negative(&self) -> bool {
        self.zero & self.sign() != 0
    }
    /// True when the sign bit is known one.
    pub fn is_negative(&self) -> bool {
        self.one & self.sign() != 0
    }
    /// The smallest value it may have, read as signed.
    pub fn smin(&self) -> i64 {
        let v = if self.is_non_negative() { self.one } else { self.one | self.sign() };
        sext(v, self.width)
    }
    /// The largest value it may have, read as signed.
    pub fn smax(&self) -> i64 {
        let v = if self.is_negative() { self.umax() } else { self.umax() & !self.sign() };
        sext(v, self.width)
    }
    /// True when some bit is known one.
    pub fn is_non_zero(&self) -> bool {
        self.one != 0
    }
    /// The number of low bits known zero.
    pub fn trailing_zeros(&self) -> u32 {
        (!self.zero).trailing_zeros().min(self.width)
    }
    /// The number of high bits known zero.
    pub fn leading_zeros(&self) -> u32 {
        let shifted = self.zero << (64 - self.width);
        (!shifted).leading_zeros().min(self.width)
    }
    /// The bits both `self` and `other` know alike (for `select` and `phi`).
    pub fn intersect(self, other: KnownBits) -> KnownBits {
        KnownBits { width: self.width, zero: self.zero & other.zero, one: self.one & other.one }
    }
}

/// The integer width of an operand's type, if a scalar of 1..=64 bits.
fn width_of(m: &Module, body: &Body, op: Operand) -> Option<u32> {
    let w = m.types.int_bits(m.operand_ty(body, op))?;
    (1..=64).contains(&w).then_some(w)
}

/// The constant value of an integer operand of up to 64 bits.
pub fn const_u64(m: &Module, op: Operand) -> Option<u64> {
    let Operand::Const(c) = op else { return None };
    if !m.consts.is_valid(c) {
        return None;
    }
    match m.consts.kind(c) {
        ConstKind::Int(v) if v.width() <= 64 && v.width() > 0 => Some(v.low_u64()),
        _ => None,
    }
}

/// The known bits of an integer operand (`None` for non-integers and integers wider than 64).
pub fn known_bits(m: &Module, body: &Body, op: Operand) -> Option<KnownBits> {
    let w = width_of(m, body, op)?;
    Some(compute(m, body, op, w, 0))
}

/// True when the operand is known not to be zero (when it is not poison).
pub fn is_known_non_zero(m: &Module, body: &Body, op: Operand) -> bool {
    known_bits(m, body, op).is_some_and(|k| k.is_non_zero())
}

/// True when the sign bit is known zero.
pub fn is_known_non_negative(m: &Module, body: &Body, op: Operand) -> bool {
    known_bits(m, body, op).is_some_and(|k| k.is_non_negative())
}

/// True when the sign bit is known one.
pub fn is_known_negative(m: &Module, body: &Body, op: Operand) -> bool {
    known_bits(m, body, op).is_some_and(|k| k.is_negative())
}

fn compute(m: &Module, body: &Body, op: Operand, w: u32, depth: u32) -> KnownBits {
    if let Some(v) = const_u64(m, op) {
        return KnownBits::constant(w, v);
    }
    let unknown = KnownBits::unknown(w);
    let Operand::Value(v) = op else { return unknown };
    if depth >= MAX_DEPTH {
        return unknown;
    }
    let Some(ValueDef::Inst(i)) = body.values.get(v).map(|d| d.def) else { return unknown };
    let Some(d) = body.insts.get(i) else { return unknown };
    let arg = |k: usize| d.args.get(k).copied();
    let sub = |o: Option<Operand>| -> KnownBits {
        match o {
            Some(o) if width_of(m, body, o) == Some(w) => compute(m, body, o, w, depth + 1),
            _ => unknown,
        }
    };
    let m_w = mask(w);
    let k = match d.op {
        Opcode::And => {
            let (a, b) = (sub(arg(0)), sub(arg(1)));
            KnownBits { width: w, zero: a.zero | b.zero, one: a.one & b.one }
        }
        Opcode::Or => {
            let (a, b) = (sub(arg(0)), sub(arg(1)));
            KnownBits { width: w, zero: a.zero & b.zero, one: a.one | b.one }
        }
        Opcode::Xor => {
            let (a, b) = (sub(arg(0)), sub(arg(1)));
            let known = (a.zero | a.one) & (b.zero | b.one);
            let val = a.one ^ b.one;
            KnownBits { width: w, zero: known & !val, one: known & val }
        }
        Opcode::Shl | Opcode::LShr | Opcode::AShr => {
            let Some(s) = arg(1).and_then(|o| const_u64(m, o)) else { return unknown };
            if s >= w as u64 {
                return unknown; // poison
            }
            let s = s as u32;
            let a = sub(arg(0));
            match d.op {
                Opcode::Shl => {
                    KnownBits { width: w, zero: (a.zero << s) | low_mask(s), one: a.one << s }
                }
                Opcode::LShr => {
                    let high = high_mask(w, s);
                    KnownBits { width: w, zero: (a.zero >> s) | high, one: a.one >> s }
                }
                _ => {
                    let high = high_mask(w, s);
                    let sign = 1u64 << (w - 1);
                    let mut k = KnownBits { width: w, zero: a.zero >> s, one: a.one >> s };
                    if a.zero & sign != 0 {
                        k.zero |= high;
                    } else if a.one & sign != 0 {
                        k.one |= high;
                    }
                    k
                }
            }
        }
        Opcode::Add | Opcode::Sub => {
            // Low bits below the lowest unknown bit of either operand are exact.
            let (a, b) = (sub(arg(0)), sub(arg(1)));
            let ka = a.zero | a.one;
            let kb = b.zero | b.one;
            let low = (!(ka & kb)).trailing_zeros().min(w);
            let lm = low_mask(low);
            let r = if d.op == Opcode::Add {
                a.one.wrapping_add(b.one)
            } else {
                a.one.wrapping_sub(b.one)
            };
            // Trailing zeros common to both operands stay zero even past `low`.
            let tz = a.trailing_zeros().min(b.trailing_zeros());
            let tzm = low_mask(tz);
            KnownBits { width: w, zero: (!r & lm) | tzm, one: r & lm & !tzm }
        }
        Opcode::Mul => {
            let (a, b) = (sub(arg(0)), sub(arg(1)));
            let tz = (a.trailing_zeros() + b.trailing_zeros()).min(w);
            KnownBits { width: w, zero: low_mask(tz), one: 0 }
        }
        Opcode::UDiv => {
            let a = sub(arg(0));
            let lz = a.leading_zeros();
            let extra = match arg(1).and_then(|o| const_u64(m, o)) {
                Some(c) if c > 0 => 63 - c.leading_zeros(),
                _ => 0,
            };
            let lz = (lz + extra).min(w);
            KnownBits { width: w, zero: high_mask(w, lz), one: 0 }
        }
        Opcode::URem => match arg(1).and_then(|o| const_u64(m, o)) {
            Some(c) if c.is_power_of_two() => {
                let a = sub(arg(0));
                let low = c - 1;
                KnownBits { width: w, zero: (a.zero & low) | (m_w & !low), one: a.one & low }
            }
            Some(c) if c > 0 => {
                let bits = 64 - (c - 1).leading_zeros();
                KnownBits { width: w, zero: high_mask(w, w.saturating_sub(bits)), one: 0 }
            }
            _ => unknown,
        },
        Opcode::ZExt | Opcode::SExt | Opcode::Trunc => {
            let Some(src) = arg(0) else { return unknown };
            let Some(sw) = width_of(m, body, src) else { return unknown };
            let a = compute(m, body, src, sw, depth + 1);
            match d.op {
                Opcode::ZExt => {
                    KnownBits { width: w, zero: a.zero | (m_w & !mask(sw)), one: a.one }
                }
                Opcode::SExt => {
                    let high = m_w & !mask(sw);
                    let sign = 1u64 << (sw - 1);
                    let mut k = KnownBits { width: w, zero: a.zero, one: a.one };
                    if a.zero & sign != 0 {
                        k.zero |= high;
                    } else if a.one & sign != 0 {
                        k.one |= high;
                    }
                    k
                }
                _ => KnownBits { width: w, zero: a.zero & m_w, one: a.one & m_w },
            }
        }
        Opcode::Select => sub(arg(1)).intersect(sub(arg(2))),
        Opcode::Phi => {
            let mut acc: Option<KnownBits> = None;
            for &a in d.args.iter() {
                if a == op {
                    continue; // a self-reference adds nothing
                }
                let k = if depth + 2 >= MAX_DEPTH { unknown } else { sub(Some(a)) };
                acc = Some(match acc {
                    None => k,
                    Some(p) => p.intersect(k),
                });
                if acc.is_some_and(|p| p.zero | p.one == 0) {
                    break;
                }
            }
            acc.unwrap_or(unknown)
        }
        Opcode::Call => {
            let Some(Operand::Const(c)) = arg(0) else { return unknown };
            let Some(ConstKind::Global(g)) = m.consts.is_valid(c).then(|| m.consts.kind(c)) else {
                return unknown;
            };
            let count = matches!(
                m.intrinsic(*g),
                Some(Intrinsic::Ctpop | Intrinsic::Ctlz | Intrinsic::Cttz)
            );
            if count {
                // The result is at most the width.
                let bits = 64 - (w as u64).leading_zeros();
                KnownBits { width: w, zero: high_mask(w, w.saturating_sub(bits)), one: 0 }
            } else {
                unknown
            }
        }
        _ => unknown,
    };
    k.norm()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{LocalName, Value};

    fn parse(src: &str) -> Module {
        let c = crate::check(src);
        assert!(c.valid, "{:?}", c.diagnostics);
        c.module.expect("module")
    }

    fn query(src: &str, name: &str) -> KnownBits {
        let m = parse(src);
        let g = m.global_by_name("f").expect("f");
        let body = m.func(g).and_then(|f| f.body.as_ref()).expect("body");
        let v: Value = body
            .values
            .iter()
            .find(|(_, d)| matches!(d.name, LocalName::Named(s) if m.symbols.get(s) == name))
            .map(|(v, _)| v)
            .expect("value");
        known_bits(&m, body, Operand::Value(v)).expect("integer")
    }

    #[test]
    fn masks_and_shifts() {
        let src = r#"
define i32 @f(i32 %x, i8 %b) {
  %a = and i32 %x, 255
  %o = or i32 %a, 256
  %s = shl i32 %o, 4
  %l = lshr i32 %x, 28
  %z = zext i8 %b to i32
  %n = sext i8 %b to i32
  %t = trunc i32 %o to i16
  %q = ashr i32 %o, 2
  ret i32 %s
}
"#;
        let a = query(src, "a");
        assert_eq!(a.zero, !0xffu64 & 0xffff_ffff);
        assert_eq!(a.umax(), 255);
        let o = query(src, "o");
        assert_eq!(o.one, 256);
        assert_eq!((o.umin(), o.umax()), (256, 511));
        let s = query(src, "s");
        assert_eq!(s.trailing_zeros(), 4);
        assert_eq!(s.one, 4096);
        assert_eq!(query(src, "l").umax(), 15);
        let z = query(src, "z");
        assert!(z.is_non_negative() && z.umax() == 255);
        let n = query(src, "n");
        assert!(!n.is_non_negative() && !n.is_negative());
        let q = query(src, "q");
        assert!(q.is_non_negative() && q.one == 64);
        assert!(query(src, "o").is_non_zero());
        let _ = query(src, "t");
    }

    #[test]
    fn arithmetic_select_phi() {
        let src = r#"
define i32 @f(i1 %c, i32 %x) {
entry:
  %e = shl i32 %x, 2
  %a = add i32 %e, 8
  %m = mul i32 %e, %e
  %s = select i1 %c, i32 4, i32 6
  %u = urem i32 %x, 8
  %d = udiv i32 %x, 16
  br i1 %c, label %l, label %r
l:
  br label %j
r:
  br label %j
j:
  %p = phi i32 [ 12, %l ], [ 14, %r ]
  %xx = xor i32 %p, 1
  ret i32 %a
}
"#;
        let a = query(src, "a");
        assert_eq!(a.trailing_zeros(), 2);
        assert_eq!(query(src, "m").trailing_zeros(), 4);
        let s = query(src, "s");
        assert_eq!((s.zero & 7, s.one & 7), (1, 4));
        assert_eq!(query(src, "u").umax(), 7);
        assert_eq!(query(src, "d").umax(), 0x0fff_ffff);
        let p = query(src, "p");
        assert_eq!(p.one, 12);
        assert_eq!(p.umax(), 14);
        assert_eq!(query(src, "xx").one & 1, 1);
    }

    #[test]
    fn signed_bounds() {
        let k = KnownBits::constant(8, 0x80);
        assert_eq!((k.smin(), k.smax()), (-128, -128));
        let u = KnownBits::unknown(8);
        assert_eq!((u.smin(), u.smax(), u.umin(), u.umax()), (-128, 127, 0, 255));
        let nn = KnownBits { width: 8, zero: 0x80, one: 1 };
        assert_eq!((nn.smin(), nn.smax()), (1, 127));
        assert_eq!(KnownBits::constant(1, 1).as_constant(), Some(1));
        assert_eq!(KnownBits { width: 4, zero: 0xc, one: 0 }.leading_zeros(), 2);
    }
}
