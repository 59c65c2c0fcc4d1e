//! Constants: integers, floats (LLVM's decimal-or-hex rule), aggregates in LLVM's canonical
//! form (`zeroinitializer`, `c"..."`), global references and constant expressions.

use super::names::{push_num, write_block_ref, write_escaped, write_quoted};
use super::ModulePrinter;
use crate::ir::constants::InlineAsm;
use crate::ir::inst::InstFlags;
use crate::ir::{ApInt, ConstExpr, ConstId, ConstKind, FloatKind, Opcode, Type, TypeId};
use std::fmt::Write;

/// How an aggregate constant prints after LLVM's canonicalization.
enum AggForm {
    Zero,
    Undef,
    Poison,
    /// An `i8` array of integers: `c"..."`.
    String,
    Elems,
}

impl ModulePrinter<'_> {
    /// Writes a constant with its type: `i32 5`.
    pub(crate) fn write_typed_const(&self, out: &mut String, c: ConstId) {
        self.write_type(out, self.cty(c));
        out.push(' ');
        self.write_const(out, c);
    }

    /// Writes a constant without its type.
    pub(crate) fn write_const(&self, out: &mut String, c: ConstId) {
        let Some(d) = self.cdata(c) else {
            out.push_str("<badref>");
            return;
        };
        match &d.kind {
            ConstKind::Int(v) => {
                if self.m.types.int_bits(self.m.types.scalar(d.ty)) == Some(1) {
                    out.push_str(if v.is_zero() { "false" } else { "true" });
                } else {
                    write_apint(out, v);
                }
            }
            ConstKind::Float(bits) => {
                let kind =
                    self.m.types.float_kind(self.m.types.scalar(d.ty)).unwrap_or(FloatKind::Double);
                write_float(out, kind, *bits);
            }
            ConstKind::Null => {
                if matches!(self.m.types.get(d.ty), Type::Target { .. }) {
                    out.push_str("zeroinitializer");
                } else {
                    out.push_str("null");
                }
            }
            ConstKind::NoneToken => out.push_str("none"),
            ConstKind::Zero => self.write_zero(out, d.ty),
            ConstKind::Undef => out.push_str("undef"),
            ConstKind::Poison => out.push_str("poison"),
            ConstKind::Aggregate(elems) => self.write_aggregate(out, d.ty, elems),
            ConstKind::Bytes(b) => {
                if b.iter().all(|&x| x == 0) {
                    out.push_str("zeroinitializer");
                } else {
                    out.push_str("c\"");
                    write_escaped(out, b);
                    out.push('"');
                }
            }
            ConstKind::Global(g) => self.write_global_ref(out, *g),
            ConstKind::BlockAddress { func, block } => {
                out.push_str("blockaddress(");
                self.write_global_ref(out, *func);
                out.push_str(", ");
                match (self.slots_of(*func), self.m.func(*func).and_then(|f| f.body.as_ref())) {
                    (Some(slots), Some(body)) => write_block_ref(out, self.m, body, &slots, *block),
                    _ => out.push_str("<badref>"),
                }
                out.push(')');
            }
            ConstKind::DsoLocalEquivalent(g) => {
                out.push_str("dso_local_equivalent ");
                self.write_global_ref(out, *g);
            }
            ConstKind::NoCfi(g) => {
                out.push_str("no_cfi ");
                self.write_global_ref(out, *g);
            }
            ConstKind::PtrAuth(ops) => {
                // LLVM leaves out trailing null discriminators.
                let mut n = ops.len().min(2);
                for (i, &o) in ops.iter().enumerate().skip(2) {
                    if !self.is_null(o) {
                        n = i + 1;
                    }
                }
                out.push_str("ptrauth (");
                for (i, &o) in ops.iter().take(n).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_typed_const(out, o);
                }
                out.push(')');
            }
            ConstKind::Expr(e) => match e.operands.first() {
                // LLVM folds a cast to the same type away (typed-pointer upgrades make these).
                Some(&o)
                    if matches!(e.op, Opcode::BitCast | Opcode::AddrSpaceCast)
                        && self.cty(o) == d.ty =>
                {
                    self.write_const(out, o)
                }
                _ => self.write_expr(out, d.ty, e),
            },
            ConstKind::InlineAsm(a) => write_inline_asm(out, a),
        }
    }

    /// `zeroinitializer` is LLVM's null value of the type: `0`, `false`, `0.000000e+00`,
    /// `null` or `none` for scalars.
    fn write_zero(&self, out: &mut String, ty: TypeId) {
        match self.m.types.get(ty) {
            Type::Int(1) => out.push_str("false"),
            Type::Int(_) => out.push('0'),
            Type::Float(k) => write_float(out, *k, 0),
            Type::Ptr(_) => out.push_str("null"),
            Type::Token => out.push_str("none"),
            _ => out.push_str("zeroinitializer"),
        }
    }

    /// LLVM's `Constant::isNullValue` after canonicalization (memoized).
    pub(crate) fn is_null(&self, c: ConstId) -> bool {
        let v = self.null_cache.borrow()[c];
        if v != 0 {
            return v == 2;
        }
        let Some(d) = self.cdata(c) else { return false };
        let r = match &d.kind {
            ConstKind::Int(v) => v.is_zero(),
            ConstKind::Float(bits) => *bits == 0,
            ConstKind::Null | ConstKind::Zero | ConstKind::NoneToken => true,
            ConstKind::Bytes(b) => b.iter().all(|&x| x == 0),
            ConstKind::Aggregate(elems) => matches!(self.agg_form(d.ty, elems), AggForm::Zero),
            _ => false,
        };
        let mut cache = self.null_cache.borrow_mut();
        if cache.len() < self.m.consts.len() {
            cache.resize(self.m.consts.len());
        }
        cache[c] = if r { 2 } else { 1 };
        r
    }

    fn kind_is(&self, c: ConstId, f: impl Fn(&ConstKind) -> bool) -> bool {
        self.cdata(c).is_some_and(|d| f(&d.kind))
    }

    /// What LLVM's `ConstantStruct::get` / `ConstantArray::get` / `ConstantVector::get` make of
    /// these elements.
    fn agg_form(&self, ty: TypeId, elems: &[ConstId]) -> AggForm {
        let types = &self.m.types;
        let is_struct = types.is_struct(ty);
        if elems.is_empty() {
            // `{}` is a zero struct; LLVM's parser turns `[]` into `undef`.
            return if is_struct { AggForm::Zero } else { AggForm::Undef };
        }
        if elems.iter().all(|&e| self.is_null(e)) {
            return AggForm::Zero;
        }
        let poison = |c: &ConstKind| matches!(c, ConstKind::Poison);
        let undef = |c: &ConstKind| matches!(c, ConstKind::Undef);
        if elems.iter().all(|&e| self.kind_is(e, poison)) {
            return AggForm::Poison;
        }
        if elems.iter().all(|&e| self.kind_is(e, undef)) {
            return AggForm::Undef;
        }
        if let Some((_, elem)) = types.array(ty) {
            if types.int_bits(elem) == Some(8)
                && elems.iter().all(|&e| self.kind_is(e, |k| matches!(k, ConstKind::Int(_))))
            {
                return AggForm::String;
            }
        }
        AggForm::Elems
    }

    fn write_aggregate(&self, out: &mut String, ty: TypeId, elems: &[ConstId]) {
        match self.agg_form(ty, elems) {
            AggForm::Zero => out.push_str("zeroinitializer"),
            AggForm::Undef => out.push_str("undef"),
            AggForm::Poison => out.push_str("poison"),
            AggForm::String => {
                let bytes: Vec<u8> = elems
                    .iter()
                    .map(|&e| match self.cdata(e).map(|d| &d.kind) {
                        Some(ConstKind::Int(v)) => v.low_u64() as u8,
                        _ => 0,
                    })
                    .collect();
                out.push_str("c\"");
                write_escaped(out, &bytes);
                out.push('"');
            }
            AggForm::Elems => {
                let types = &self.m.types;
                let (open, close, spaced) = match types.get(ty) {
                    Type::Array { .. } => ("[", "]", false),
                    Type::Vector { .. } => ("<", ">", false),
                    _ => match types.struct_fields(ty) {
                        Some((true, _)) => ("<{", "}>", true),
                        _ => ("{", "}", true),
                    },
                };
                out.push_str(open);
                if spaced {
                    out.push(' ');
                }
                for (i, &e) in elems.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    self.write_typed_const(out, e);
                }
                if spaced {
                    out.push(' ');
                }
                out.push_str(close);
            }
        }
    }

    fn write_expr(&self, out: &mut String, ty: TypeId, e: &ConstExpr) {
        out.push_str(e.op.name());
        write_flags(out, e.op, e.flags, None);
        if e.op == Opcode::GetElementPtr {
            if let Some((lo, hi)) = &e.inrange {
                out.push_str(" inrange(");
                write_apint(out, lo);
                out.push_str(", ");
                write_apint(out, hi);
                out.push(')');
            }
        }
        out.push_str(" (");
        if e.op == Opcode::GetElementPtr {
            match e.source_ty {
                Some(s) => self.write_type(out, s),
                None => out.push_str("<badref>"),
            }
            out.push_str(", ");
        }
        let shuffle = e.op == Opcode::ShuffleVector;
        let n = if shuffle { e.operands.len().min(2) } else { e.operands.len() };
        for (i, &o) in e.operands.iter().take(n).enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_typed_const(out, o);
        }
        if e.op.is_cast() {
            out.push_str(" to ");
            self.write_type(out, ty);
        }
        if shuffle {
            self.write_shuffle_mask(out, ty, e.operands.get(2).copied());
        }
        out.push(')');
    }

    /// Writes `, <N x i32> <mask>` as LLVM's `PrintShuffleMask` (undef elements read as poison).
    pub(crate) fn write_shuffle_mask(
        &self,
        out: &mut String,
        result_ty: TypeId,
        mask: Option<ConstId>,
    ) {
        let types = &self.m.types;
        let mask_ty =
            mask.map(|c| self.cty(c)).filter(|&t| types.is_vector(t)).unwrap_or(result_ty);
        let (scalable, len, _) = types
            .vector(mask_ty)
            .or_else(|| types.vector(result_ty))
            .unwrap_or((false, 0, TypeId::I32));
        let elems: Vec<Option<i64>> = match mask.and_then(|c| self.cdata(c)).map(|d| &d.kind) {
            Some(ConstKind::Aggregate(es)) => es
                .iter()
                .map(|&e| match self.cdata(e).map(|d| &d.kind) {
                    Some(ConstKind::Int(v)) => {
                        Some(v.to_u64().map_or(-1, |x| x as u32 as i32 as i64))
                    }
                    _ => None,
                })
                .collect(),
            Some(ConstKind::Zero) => vec![Some(0); len as usize],
            _ => vec![None; len as usize],
        };
        out.push_str(", <");
        if scalable {
            out.push_str("vscale x ");
        }
        let _ = write!(out, "{} x i32> ", elems.len());
        if elems.iter().all(|e| *e == Some(0)) {
            out.push_str("zeroinitializer");
        } else if elems.iter().all(|e| e.is_none()) {
            out.push_str("poison");
        } else {
            out.push('<');
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                match e {
                    Some(v) => {
                        let _ = write!(out, "i32 {v}");
                    }
                    None => out.push_str("i32 poison"),
                }
            }
            out.push('>');
        }
    }
}

/// The widest integer whose constants are written in decimal, as LLVM writes them. Decimal
/// conversion is quadratic in the width (an `i8388608` constant would take minutes); wider
/// constants are written as their bit pattern in hexadecimal (`u0x...`), which every LLVM
/// IR reader takes, in time linear in the width.
const DECIMAL_MAX_BITS: u32 = 8192;

/// Writes an integer in signed decimal (in `u0x` hexadecimal above [`DECIMAL_MAX_BITS`]).
pub(crate) fn write_apint(out: &mut String, v: &ApInt) {
    match v.to_i64() {
        Some(x) => {
            if x < 0 {
                out.push('-');
            }
            push_num(out, x.unsigned_abs());
        }
        None if v.width() > DECIMAL_MAX_BITS => {
            out.push_str("u0x");
            let mut started = false;
            for &w in v.words().iter().rev() {
                if started {
                    out.push_str(&format!("{w:016x}"));
                } else if w != 0 {
                    out.push_str(&format!("{w:x}"));
                    started = true;
                }
            }
            if !started {
                out.push('0');
            }
        }
        None => out.push_str(&v.to_signed_string()),
    }
}

/// Writes `asm sideeffect alignstack inteldialect unwind "text", "constraints"`.
pub(crate) fn write_inline_asm(out: &mut String, a: &InlineAsm) {
    out.push_str("asm ");
    if a.side_effect {
        out.push_str("sideeffect ");
    }
    if a.align_stack {
        out.push_str("alignstack ");
    }
    if a.intel_dialect {
        out.push_str("inteldialect ");
    }
    if a.unwind {
        out.push_str("unwind ");
    }
    write_quoted(out, &a.asm);
    out.push_str(", ");
    write_quoted(out, &a.constraints);
}

/// Writes the flags of an instruction or constant expression that LLVM prints after the
/// opcode, each with a leading space (`fmf` only for instructions).
pub(crate) fn write_flags(out: &mut String, op: Opcode, flags: InstFlags, fmf: Option<u8>) {
    if let Some(f) = fmf.filter(|&f| f != 0) {
        if f & 127 == 127 {
            out.push_str(" fast");
        } else {
            for (name, bit) in crate::ir::FastMath::NAMES {
                if f & bit != 0 {
                    out.push(' ');
                    out.push_str(name);
                }
            }
        }
    }
    let has = |b: u16| flags.has(b);
    match op {
        Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl | Opcode::Trunc => {
            if has(InstFlags::NUW) {
                out.push_str(" nuw");
            }
            if has(InstFlags::NSW) {
                out.push_str(" nsw");
            }
        }
        Opcode::UDiv | Opcode::SDiv | Opcode::LShr | Opcode::AShr if has(InstFlags::EXACT) => {
            out.push_str(" exact")
        }
        Opcode::Or if has(InstFlags::DISJOINT) => out.push_str(" disjoint"),
        Opcode::GetElementPtr => {
            if has(InstFlags::INBOUNDS) {
                out.push_str(" inbounds");
            } else if has(InstFlags::NUSW) {
                out.push_str(" nusw");
            }
            if has(InstFlags::NUW) {
                out.push_str(" nuw");
            }
        }
        Opcode::ZExt | Opcode::UIToFP if has(InstFlags::NNEG) => out.push_str(" nneg"),
        Opcode::ICmp if has(InstFlags::SAMESIGN) => out.push_str(" samesign"),
        _ => {}
    }
}

/// Writes a float constant as LLVM does: `1.000000e+00` when six significant digits read back
/// exactly, else hex (`0x` + the value as a double for `float`/`double`, `0xH`, `0xR`, `0xL`,
/// `0xM`, `0xK` + the raw bits for the other formats).
pub fn write_float(out: &mut String, kind: FloatKind, bits: u128) {
    let dbits = match kind {
        FloatKind::Double => bits as u64,
        FloatKind::Float => float_bits_to_double(bits as u32),
        FloatKind::Half => {
            let _ = write!(out, "0xH{:04X}", bits as u16);
            return;
        }
        FloatKind::BFloat => {
            let _ = write!(out, "0xR{:04X}", bits as u16);
            return;
        }
        FloatKind::Fp128 => {
            let _ = write!(out, "0xL{:016X}{:016X}", bits as u64, (bits >> 64) as u64);
            return;
        }
        FloatKind::PpcFp128 => {
            let _ = write!(out, "0xM{:016X}{:016X}", bits as u64, (bits >> 64) as u64);
            return;
        }
        FloatKind::X86Fp80 => {
            let _ = write!(out, "0xK{:04X}{:016X}", (bits >> 64) as u16, bits as u64);
            return;
        }
    };
    let v = f64::from_bits(dbits);
    if v.is_finite() {
        let start = out.len();
        let _ = write!(out, "{v:.5e}");
        let text = out.get(start..).unwrap_or("");
        if text.parse::<f64>().ok() == Some(v) {
            // Rust writes `1.23457e-5`; LLVM writes `1.234570e-05`.
            if let Some(epos) = text.find('e') {
                let exp: i32 = text.get(epos + 1..).and_then(|s| s.parse().ok()).unwrap_or(0);
                out.truncate(start + epos);
                let sign = if exp < 0 { '-' } else { '+' };
                let _ = write!(out, "0e{sign}{:02}", exp.unsigned_abs());
                return;
            }
        }
        out.truncate(start);
    }
    let _ = write!(out, "0x{dbits:X}");
}

/// Converts `float` bits to `double` bits exactly, keeping NaN payloads and signaling NaNs as
/// LLVM's printer does.
fn float_bits_to_double(b: u32) -> u64 {
    let f = f32::from_bits(b);
    if f.is_nan() {
        let sign = ((b >> 31) as u64) << 63;
        let mant = (b & 0x7f_ffff) as u64;
        sign | (0x7ffu64 << 52) | (mant << 29)
    } else {
        (f as f64).to_bits()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(kind: FloatKind, bits: u128) -> String {
        let mut s = String::new();
        write_float(&mut s, kind, bits);
        s
    }

    #[test]
    fn floats_like_llvm() {
        // Expected strings from llvm-as-19 | llvm-dis-19.
        assert_eq!(f(FloatKind::Float, 1.0f32.to_bits() as u128), "1.000000e+00");
        assert_eq!(f(FloatKind::Float, 0.1f32.to_bits() as u128), "0x3FB99999A0000000");
        assert_eq!(f(FloatKind::Double, 2.5f64.to_bits() as u128), "2.500000e+00");
        assert_eq!(f(FloatKind::Double, (-0.0f64).to_bits() as u128), "-0.000000e+00");
        assert_eq!(f(FloatKind::Double, 123456.0f64.to_bits() as u128), "1.234560e+05");
        assert_eq!(f(FloatKind::Double, 1234567.0f64.to_bits() as u128), "0x4132D68700000000");
        assert_eq!(f(FloatKind::Double, 1.2345678e-300f64.to_bits() as u128), "0x1AA74FDFBB766F1");
        assert_eq!(f(FloatKind::Double, 1), "4.940660e-324");
        assert_eq!(f(FloatKind::Double, 0x7FF8000000000000), "0x7FF8000000000000");
        assert_eq!(f(FloatKind::Float, 0x7FA00000), "0x7FF4000000000000");
        assert_eq!(f(FloatKind::Half, 0x3C00), "0xH3C00");
        assert_eq!(f(FloatKind::BFloat, 0x3F80), "0xR3F80");
        assert_eq!(f(FloatKind::Fp128, 0x3FFF_u128 << 112), "0xL00000000000000003FFF000000000000");
        assert_eq!(
            f(FloatKind::X86Fp80, (0x3FFF_u128 << 64) | 0x8000000000000000),
            "0xK3FFF8000000000000000"
        );
        assert_eq!(f(FloatKind::Double, 1e100f64.to_bits() as u128), "1.000000e+100");
    }

    #[test]
    fn very_wide_integers_print_in_linear_time_as_hex_and_read_back() {
        // -2^64 and 2^8192 + 5 in i8388608 (LLVM's widest integer); decimal would take minutes.
        let width = 1 << 23;
        let mut ones = vec![u64::MAX; (width / 64) as usize];
        ones[0] = 0;
        let ones = ApInt::from_words(width, &ones);
        let mut words = vec![0u64; (width / 64) as usize];
        words[0] = 5;
        words[128] = 1;
        let big = ApInt::from_words(width, &words);
        for v in [ones, big] {
            let mut s = String::new();
            write_apint(&mut s, &v);
            let digits = s.strip_prefix("u0x").expect("hexadecimal");
            let back = ApInt::parse_hex(width, digits);
            assert_eq!(back.as_ref(), Some(&v));
        }
        // Up to the limit, decimal as LLVM prints it.
        let mut s = String::new();
        write_apint(&mut s, &ApInt::from_words(128, &[0, 1]));
        assert_eq!(s, "18446744073709551616");
    }
}
