//! Reading `CONSTANTS_BLOCK`s (module level and inside functions): every record is the next
//! value, of the type the last `SETTYPE` named. Aggregates and expressions may refer to
//! constants later in the block, so the records are collected first and built on demand,
//! each once.

use super::module::ModuleReader;
use crate::bitcode::bitstream::{decode_signed, Cursor, Record};
use crate::bitcode::codes::constants::*;
use crate::bitcode::BitcodeError;
use crate::ir::float;
use crate::ir::types::{FloatKind, Type};
use crate::ir::typing::GepIndex;
use crate::ir::{
    ApInt, Block, ConstExpr, ConstId, ConstKind, EntityRef, GlobalId, InlineAsm, InstFlags, Opcode,
    TypeId,
};

/// How deeply constants may refer forward to constants that refer forward again.
const MAX_DEPTH: u32 = 200;

struct Raw {
    ty: TypeId,
    code: u32,
    ops: Vec<u64>,
}

/// The collected records of one block and the constants built from them.
struct Block_ {
    /// The value number of the first record.
    base: u64,
    raw: Vec<Raw>,
    built: Vec<Option<ConstId>>,
    busy: Vec<bool>,
}

/// LLVM's cast codes, in order.
pub(super) const CASTS: [Opcode; 13] = [
    Opcode::Trunc,
    Opcode::ZExt,
    Opcode::SExt,
    Opcode::FPToUI,
    Opcode::FPToSI,
    Opcode::UIToFP,
    Opcode::SIToFP,
    Opcode::FPTrunc,
    Opcode::FPExt,
    Opcode::PtrToInt,
    Opcode::IntToPtr,
    Opcode::BitCast,
    Opcode::AddrSpaceCast,
];

/// The opcode of binary operator code `code` on operands of type `ty`.
pub(super) fn binop(code: u64, is_fp: bool) -> Option<Opcode> {
    Some(match (code, is_fp) {
        (0, false) => Opcode::Add,
        (0, true) => Opcode::FAdd,
        (1, false) => Opcode::Sub,
        (1, true) => Opcode::FSub,
        (2, false) => Opcode::Mul,
        (2, true) => Opcode::FMul,
        (3, false) => Opcode::UDiv,
        (4, false) => Opcode::SDiv,
        (4, true) => Opcode::FDiv,
        (5, false) => Opcode::URem,
        (6, false) => Opcode::SRem,
        (6, true) => Opcode::FRem,
        (7, false) => Opcode::Shl,
        (8, false) => Opcode::LShr,
        (9, false) => Opcode::AShr,
        (10, false) => Opcode::And,
        (11, false) => Opcode::Or,
        (12, false) => Opcode::Xor,
        _ => return None,
    })
}

/// The flags of a binary operator or cast from its record's flag operand.
pub(super) fn op_flags(op: Opcode, v: u64) -> InstFlags {
    let mut f = InstFlags::default();
    let bit = |i: u32| v >> i & 1 != 0;
    match op {
        Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl | Opcode::Trunc => {
            if bit(0) {
                f.set(InstFlags::NUW);
            }
            if bit(1) {
                f.set(InstFlags::NSW);
            }
        }
        Opcode::UDiv | Opcode::SDiv | Opcode::LShr | Opcode::AShr if bit(0) => {
            f.set(InstFlags::EXACT)
        }
        Opcode::Or if bit(0) => f.set(InstFlags::DISJOINT),
        Opcode::ZExt | Opcode::UIToFP if bit(0) => f.set(InstFlags::NNEG),
        _ => {}
    }
    f
}

/// Operand `i` of a constant's record.
fn at(ops: &[u64], i: usize) -> Result<u64, String> {
    ops.get(i).copied().ok_or_else(|| "too few operands".to_string())
}

/// GEP flags (`inbounds`, `nusw`, `nuw`) from their bits.
pub(super) fn gep_flags(v: u64) -> InstFlags {
    let mut f = InstFlags::default();
    if v & 1 != 0 {
        f.set(InstFlags::INBOUNDS);
    }
    if v & 2 != 0 {
        f.set(InstFlags::NUSW);
    }
    if v & 4 != 0 {
        f.set(InstFlags::NUW);
    }
    f
}

impl ModuleReader<'_> {
    /// Reads a constants block (the cursor is inside it); its values extend the module's
    /// value list, or the current function's with `in_fn`.
    pub(super) fn read_constants(
        &mut self,
        c: &mut Cursor<'_>,
        in_fn: bool,
    ) -> Result<(), BitcodeError> {
        let mut rec = Record::default();
        let mut cur = TypeId::I32;
        let mut b = Block_ {
            base: self.vals.next_value(),
            raw: Vec::new(),
            built: Vec::new(),
            busy: Vec::new(),
        };
        let mut offsets = Vec::new();
        while c.next_record(&mut rec)? {
            if rec.code == CST_CODE_SETTYPE {
                cur = self.type_op(c, rec.code, rec.ops.first().copied())?;
                continue;
            }
            if matches!(
                self.m.types.get(cur),
                Type::Void | Type::Label | Type::Func { .. } | Type::Metadata
            ) {
                return Err(c.record_error(rec.code, "a constant of a type that has none"));
            }
            offsets.push(c.offset());
            b.raw.push(Raw { ty: cur, code: rec.code, ops: std::mem::take(&mut rec.ops) });
        }
        b.built = vec![None; b.raw.len()];
        b.busy = vec![false; b.raw.len()];
        for i in 0..b.raw.len() {
            self.build(&mut b, i, 0).map_err(|(code, msg)| {
                let mut e = c.error(msg);
                e.offset = offsets.get(i).copied().unwrap_or(e.offset);
                e.context.push(crate::bitcode::codes::record_name(
                    crate::bitcode::codes::block::CONSTANTS_BLOCK_ID,
                    code,
                ));
                e
            })?;
        }
        let ids: Vec<ConstId> = b.built.into_iter().map(|c| c.unwrap_or(ConstId::new(0))).collect();
        if in_fn {
            if let Some(f) = self.vals.func.as_mut() {
                f.consts.extend(ids);
            }
        } else {
            self.vals.module.extend(ids);
        }
        Ok(())
    }

    /// Constant `v` (a value number) for a constant being built.
    fn operand(&mut self, b: &mut Block_, v: u64, depth: u32) -> Result<ConstId, (u32, String)> {
        if v >= b.base {
            let i = usize::try_from(v - b.base).ok().filter(|&i| i < b.raw.len());
            let Some(i) = i else { return Err((0, format!("value {v} is not defined"))) };
            return self.build(b, i, depth + 1);
        }
        match self.vals.get(&self.m, v) {
            Some((crate::ir::Operand::Const(c), _)) => Ok(c),
            _ => Err((0, format!("value {v} is not a constant"))),
        }
    }

    fn build(&mut self, b: &mut Block_, i: usize, depth: u32) -> Result<ConstId, (u32, String)> {
        if let Some(Some(c)) = b.built.get(i) {
            return Ok(*c);
        }
        let Some(r) = b.raw.get(i) else { return Err((0, "no such constant".to_string())) };
        let (ty, code) = (r.ty, r.code);
        if depth > MAX_DEPTH {
            return Err((code, "constants refer forward too deeply".to_string()));
        }
        if b.busy.get(i).copied().unwrap_or(false) {
            return Err((code, "a constant refers to itself".to_string()));
        }
        if let Some(x) = b.busy.get_mut(i) {
            *x = true;
        }
        let ops = b.raw.get_mut(i).map(|r| std::mem::take(&mut r.ops)).unwrap_or_default();
        let r = self.build_kind(b, ty, code, &ops, depth).map_err(|m| (code, m));
        if let Some(raw) = b.raw.get_mut(i) {
            raw.ops = ops;
        }
        let c = r?;
        if let Some(x) = b.built.get_mut(i) {
            *x = Some(c);
        }
        Ok(c)
    }

    fn build_kind(
        &mut self,
        b: &mut Block_,
        ty: TypeId,
        code: u32,
        ops: &[u64],
        depth: u32,
    ) -> Result<ConstId, String> {
        let types = &self.m.types;
        let kind = match code {
            CST_CODE_NULL => {
                if let Some(bits) = types.int_bits(ty) {
                    ConstKind::Int(ApInt::zero(bits))
                } else if types.float_kind(ty).is_some() {
                    ConstKind::Float(0)
                } else if types.is_ptr(ty) {
                    ConstKind::Null
                } else if ty == TypeId::TOKEN {
                    ConstKind::NoneToken
                } else {
                    ConstKind::Zero
                }
            }
            CST_CODE_UNDEF => ConstKind::Undef,
            CST_CODE_POISON => ConstKind::Poison,
            CST_CODE_INTEGER => {
                let bits = types.int_bits(ty).ok_or("an integer of a non-integer type")?;
                ConstKind::Int(ApInt::from_i64(bits, decode_signed(at(ops, 0)?)))
            }
            CST_CODE_WIDE_INTEGER => {
                let bits = types.int_bits(ty).ok_or("an integer of a non-integer type")?;
                let words: Vec<u64> = ops.iter().map(|&w| decode_signed(w) as u64).collect();
                if words.is_empty() {
                    return Err("too few operands".to_string());
                }
                ConstKind::Int(ApInt::from_words(bits, &words))
            }
            CST_CODE_FLOAT => {
                let k = types.float_kind(ty).ok_or("a float of a non-float type")?;
                ConstKind::Float(float_bits(k, ops)?)
            }
            CST_CODE_AGGREGATE => {
                let n = match types.get(ty) {
                    Type::Array { len, .. } => *len,
                    Type::Vector { len, .. } => *len as u64,
                    Type::Struct { fields, .. } => fields.len() as u64,
                    Type::Named(_) => types.struct_fields(ty).map_or(0, |(_, f)| f.len() as u64),
                    _ => return Err("an aggregate of a non-aggregate type".to_string()),
                };
                if n != ops.len() as u64 {
                    return Err(format!(
                        "an aggregate of {} elements for a type of {n}",
                        ops.len()
                    ));
                }
                let mut elems = Vec::with_capacity(ops.len());
                for &v in ops {
                    elems.push(self.operand(b, v, depth).map_err(|e| e.1)?);
                }
                ConstKind::Aggregate(elems.into())
            }
            CST_CODE_STRING | CST_CODE_CSTRING => {
                let mut bytes: Vec<u8> = ops.iter().map(|&v| v as u8).collect();
                if code == CST_CODE_CSTRING {
                    bytes.push(0);
                }
                match types.array(ty) {
                    Some((len, TypeId::I8)) if len == bytes.len() as u64 => {}
                    _ => return Err("a string of the wrong type".to_string()),
                }
                ConstKind::Bytes(bytes.into())
            }
            CST_CODE_DATA => {
                let (len, elem) = match types.get(ty) {
                    Type::Array { len, elem } => (*len, *elem),
                    Type::Vector { len, elem, .. } => (*len as u64, *elem),
                    _ => return Err("data of a non-sequential type".to_string()),
                };
                if len != ops.len() as u64 {
                    return Err("data of the wrong length".to_string());
                }
                let int = types.int_bits(elem);
                let fk = types.float_kind(elem);
                let mut elems = Vec::with_capacity(ops.len());
                for &v in ops {
                    let k = match (int, fk) {
                        (Some(bits), _) => ConstKind::Int(ApInt::from_u64(bits, v)),
                        (_, Some(k)) => ConstKind::Float(v as u128 & mask(k.bits())),
                        _ => return Err("data of a type that is not integer or float".to_string()),
                    };
                    elems.push(self.m.consts.intern(elem, k));
                }
                if elem == TypeId::I8 && matches!(self.m.types.get(ty), Type::Array { .. }) {
                    ConstKind::Bytes(ops.iter().map(|&v| v as u8).collect())
                } else {
                    ConstKind::Aggregate(elems.into())
                }
            }
            CST_CODE_CE_BINOP => {
                let is_fp = types.is_fp_or_fp_vector(ty);
                let op = binop(at(ops, 0)?, is_fp).ok_or("unknown binary operator")?;
                let a = self.operand(b, at(ops, 1)?, depth).map_err(|e| e.1)?;
                let c = self.operand(b, at(ops, 2)?, depth).map_err(|e| e.1)?;
                let flags = op_flags(op, ops.get(3).copied().unwrap_or(0));
                expr(op, flags, vec![a, c], None)
            }
            CST_CODE_CE_UNOP => {
                if at(ops, 0)? != 0 {
                    return Err("unknown unary operator".to_string());
                }
                let a = self.operand(b, at(ops, 1)?, depth).map_err(|e| e.1)?;
                expr(Opcode::FNeg, InstFlags::default(), vec![a], None)
            }
            CST_CODE_CE_CAST => {
                let op = *usize::try_from(at(ops, 0)?)
                    .ok()
                    .and_then(|i| CASTS.get(i))
                    .ok_or("unknown cast")?;
                let a = self.operand(b, at(ops, 2)?, depth).map_err(|e| e.1)?;
                let flags = op_flags(op, ops.get(3).copied().unwrap_or(0));
                expr(op, flags, vec![a], None)
            }
            CST_CODE_CE_GEP_OLD
            | CST_CODE_CE_INBOUNDS_GEP
            | CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD
            | CST_CODE_CE_GEP
            | CST_CODE_CE_GEP_WITH_INRANGE => return self.gep_const(b, ty, code, ops, depth),
            CST_CODE_CE_SELECT => {
                let mut v = Vec::new();
                for k in 0..3 {
                    v.push(self.operand(b, at(ops, k)?, depth).map_err(|e| e.1)?);
                }
                expr(Opcode::Select, InstFlags::default(), v, None)
            }
            CST_CODE_CE_EXTRACTELT => {
                let a = self.operand(b, at(ops, 1)?, depth).map_err(|e| e.1)?;
                let i = self.operand(b, at(ops, 3)?, depth).map_err(|e| e.1)?;
                expr(Opcode::ExtractElement, InstFlags::default(), vec![a, i], None)
            }
            CST_CODE_CE_INSERTELT => {
                let a = self.operand(b, at(ops, 0)?, depth).map_err(|e| e.1)?;
                let e = self.operand(b, at(ops, 1)?, depth).map_err(|e| e.1)?;
                let i = self.operand(b, at(ops, 3)?, depth).map_err(|e| e.1)?;
                expr(Opcode::InsertElement, InstFlags::default(), vec![a, e, i], None)
            }
            CST_CODE_CE_SHUFFLEVEC | CST_CODE_CE_SHUFVEC_EX => {
                let s = usize::from(code == CST_CODE_CE_SHUFVEC_EX);
                let mut v = Vec::new();
                for k in 0..3 {
                    v.push(self.operand(b, at(ops, s + k)?, depth).map_err(|e| e.1)?);
                }
                expr(Opcode::ShuffleVector, InstFlags::default(), v, None)
            }
            CST_CODE_CE_CMP => {
                // Kept until its uses are expanded (see `constexpr`), the predicate with it.
                let a = self.operand(b, at(ops, 1)?, depth).map_err(|e| e.1)?;
                let c = self.operand(b, at(ops, 2)?, depth).map_err(|e| e.1)?;
                let op = match super::insts::cmp_extra(at(ops, 3)?)? {
                    crate::ir::Extra::FCmp(_) => Opcode::FCmp,
                    _ => Opcode::ICmp,
                };
                let p = super::constexpr::predicate_operand(&mut self.m, at(ops, 3)?);
                expr(op, InstFlags::default(), vec![a, c, p], None)
            }
            CST_CODE_BLOCKADDRESS => {
                let f = self.global_operand(b, at(ops, 1)?, depth)?;
                let bb =
                    usize::try_from(at(ops, 2)?).map_err(|_| "bad block number".to_string())?;
                if bb > 1 << 30 {
                    return Err("bad block number".to_string());
                }
                ConstKind::BlockAddress { func: f, block: Block::new(bb) }
            }
            CST_CODE_DSO_LOCAL_EQUIVALENT => {
                ConstKind::DsoLocalEquivalent(self.global_operand(b, at(ops, 1)?, depth)?)
            }
            CST_CODE_NO_CFI_VALUE => {
                ConstKind::NoCfi(self.global_operand(b, at(ops, 1)?, depth)?)
            }
            CST_CODE_PTRAUTH => {
                let mut v = Vec::new();
                for k in 0..4 {
                    v.push(self.operand(b, at(ops, k)?, depth).map_err(|e| e.1)?);
                }
                // Printed without a null address discriminator, then without a zero one.
                if v.get(3).is_some_and(|&c| matches!(self.m.consts.kind(c), ConstKind::Null)) {
                    v.pop();
                    if v.get(2).is_some_and(
                        |&c| matches!(self.m.consts.kind(c), ConstKind::Int(x) if x.is_zero()),
                    ) {
                        v.pop();
                    }
                }
                ConstKind::PtrAuth(v.into())
            }
            CST_CODE_INLINEASM_OLD
            | CST_CODE_INLINEASM_OLD2
            | CST_CODE_INLINEASM_OLD3
            | CST_CODE_INLINEASM => ConstKind::InlineAsm(Box::new(inline_asm(code, ops)?)),
            _ => return Err("unknown record".to_string()),
        };
        if matches!(&kind, ConstKind::Expr(e) if !super::constexpr::supported(e.op)) {
            self.legacy_exprs = true;
        }
        Ok(self.m.consts.intern(ty, kind))
    }

    fn global_operand(&mut self, b: &mut Block_, v: u64, depth: u32) -> Result<GlobalId, String> {
        let c = self.operand(b, v, depth).map_err(|e| e.1)?;
        match self.m.consts.kind(c) {
            ConstKind::Global(g) => Ok(*g),
            _ => Err(format!("value {v} is not a global")),
        }
    }

    fn gep_const(
        &mut self,
        b: &mut Block_,
        ty: TypeId,
        code: u32,
        ops: &[u64],
        depth: u32,
    ) -> Result<ConstId, String> {
        let mut i = 0usize;
        let mut flags = InstFlags::default();
        let mut inrange = None;
        let src = match code {
            CST_CODE_CE_GEP_OLD | CST_CODE_CE_INBOUNDS_GEP => {
                if code == CST_CODE_CE_INBOUNDS_GEP {
                    flags.set(InstFlags::INBOUNDS);
                }
                if ops.len() % 2 == 1 {
                    i = 1;
                    Some(at(ops, 0)?)
                } else {
                    None
                }
            }
            CST_CODE_CE_GEP_WITH_INRANGE_INDEX_OLD => {
                // The old in-range index is dropped (LLVM 19 turns it into a byte range).
                if at(ops, 1)? & 1 != 0 {
                    flags.set(InstFlags::INBOUNDS);
                }
                i = 2;
                Some(at(ops, 0)?)
            }
            _ => {
                flags = gep_flags(at(ops, 1)?);
                i = 2;
                if code == CST_CODE_CE_GEP_WITH_INRANGE {
                    let bits = at(ops, 2)?;
                    if bits == 0 || bits > 64 {
                        return Err(format!("an inrange of {bits} bits"));
                    }
                    let lo = decode_signed(at(ops, 3)?);
                    let hi = decode_signed(at(ops, 4)?);
                    inrange =
                        Some((ApInt::from_i64(bits as u32, lo), ApInt::from_i64(bits as u32, hi)));
                    i = 5;
                }
                Some(at(ops, 0)?)
            }
        };
        let Some(src) = src else { return Err("a GEP without its source type".to_string()) };
        let src = self.vals.ty(src).ok_or_else(|| format!("type {src} is not defined"))?;
        let rest = ops.get(i..).unwrap_or(&[]);
        if rest.len() % 2 != 0 || rest.is_empty() {
            return Err("a GEP with a bad operand list".to_string());
        }
        let mut operands = Vec::new();
        for pair in rest.chunks(2) {
            let v = pair.get(1).copied().unwrap_or(0);
            operands.push(self.operand(b, v, depth).map_err(|e| e.1)?);
        }
        // Check the indices against the source type as the parser does.
        let idx: Vec<GepIndex> = operands
            .iter()
            .skip(1)
            .map(|&c| GepIndex { ty: self.m.consts.ty(c), value: gep_index_value(&self.m, c) })
            .collect();
        let pty = operands.first().map(|&c| self.m.consts.ty(c)).unwrap_or(TypeId::PTR);
        crate::ir::gep_result_type(&mut self.m.types, src, pty, &idx)?;
        let e = expr(Opcode::GetElementPtr, flags, operands, Some(src));
        let e = match e {
            ConstKind::Expr(mut x) => {
                x.inrange = inrange;
                ConstKind::Expr(x)
            }
            k => k,
        };
        Ok(self.m.consts.intern(ty, e))
    }
}

/// The constant value of a GEP index (a splat's value for a vector), as the parser finds it.
pub(super) fn gep_index_value(m: &crate::ir::Module, c: ConstId) -> Option<i64> {
    let int = |c: ConstId| match m.consts.kind(c) {
        ConstKind::Int(v) => v.to_i64(),
        ConstKind::Zero => Some(0),
        _ => None,
    };
    match m.consts.kind(c) {
        ConstKind::Aggregate(elems) => {
            let first = elems.first().and_then(|e| int(*e));
            first.filter(|_| elems.windows(2).all(|w| w.first() == w.get(1)))
        }
        _ => int(c),
    }
}

fn expr(
    op: Opcode,
    flags: InstFlags,
    operands: Vec<ConstId>,
    source_ty: Option<TypeId>,
) -> ConstKind {
    ConstKind::Expr(Box::new(ConstExpr {
        op,
        flags,
        operands: operands.into(),
        source_ty,
        inrange: None,
    }))
}

fn mask(bits: u32) -> u128 {
    if bits >= 128 {
        u128::MAX
    } else {
        (1u128 << bits) - 1
    }
}

/// A float's bits from a `FLOAT` record.
fn float_bits(k: FloatKind, ops: &[u64]) -> Result<u128, String> {
    let a = ops.first().copied().ok_or("too few operands")? as u128;
    let b = ops.get(1).copied();
    Ok(match k {
        FloatKind::X86Fp80 => {
            let b = b.ok_or("too few operands")? as u128;
            // [high 64 bits of the significand and sign/exponent..., low 16 bits].
            let lo = (b & 0xFFFF) | (a << 16);
            let hi = a >> 48;
            (lo & mask(64)) | ((hi & 0xFFFF) << 64)
        }
        FloatKind::Fp128 | FloatKind::PpcFp128 => {
            let b = b.ok_or("too few operands")? as u128;
            a | (b << 64)
        }
        _ => a & mask(k.bits()),
    })
}

/// An inline asm constant's text and flags.
fn inline_asm(code: u32, ops: &[u64]) -> Result<InlineAsm, String> {
    let mut i = usize::from(code == CST_CODE_INLINEASM);
    let flags = ops.get(i).copied().ok_or("too few operands")?;
    i += 1;
    let string = |i: &mut usize| -> Result<Box<[u8]>, String> {
        let n = ops.get(*i).copied().ok_or("too few operands")? as usize;
        let s = ops.get(*i + 1..).and_then(|r| r.get(..n)).ok_or("a string past the record")?;
        *i += 1 + n;
        Ok(s.iter().map(|&v| v as u8).collect())
    };
    let asm = string(&mut i)?;
    let constraints = string(&mut i)?;
    let _ = float::to_f64;
    Ok(InlineAsm {
        asm,
        constraints,
        side_effect: flags & 1 != 0,
        align_stack: flags & 2 != 0,
        intel_dialect: code != CST_CODE_INLINEASM_OLD && flags & 4 != 0,
        unwind: matches!(code, CST_CODE_INLINEASM_OLD3 | CST_CODE_INLINEASM) && flags & 8 != 0,
    })
}
