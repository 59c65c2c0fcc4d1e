//! Constant records other than the plain ones: constant expressions, `blockaddress`,
//! `dso_local_equivalent`, `no_cfi`, `ptrauth`; and the opcode and flag encodings that
//! constant expressions share with instructions.

use super::enumerate::{ConstRef, Enumeration};
use super::module::simple_const;
use crate::bitcode::bitstream::encode_signed;
use crate::bitcode::codes::constants as cst;
use crate::bitcode::BitcodeError;
use crate::ir::constants::{ConstData, ConstId, ConstKind};
use crate::ir::flags::InstFlags;
use crate::ir::opcode::Opcode;
use crate::ir::types::TypeId;
use crate::ir::Module;

/// The `BINOP_*` code of a binary opcode (integer and float share codes).
pub(super) fn binop_code(op: Opcode) -> Option<u64> {
    Some(match op {
        Opcode::Add | Opcode::FAdd => 0,
        Opcode::Sub | Opcode::FSub => 1,
        Opcode::Mul | Opcode::FMul => 2,
        Opcode::UDiv => 3,
        Opcode::SDiv | Opcode::FDiv => 4,
        Opcode::URem => 5,
        Opcode::SRem | Opcode::FRem => 6,
        Opcode::Shl => 7,
        Opcode::LShr => 8,
        Opcode::AShr => 9,
        Opcode::And => 10,
        Opcode::Or => 11,
        Opcode::Xor => 12,
        _ => return None,
    })
}

/// The `CAST_*` code of a conversion.
pub(super) fn cast_code(op: Opcode) -> Option<u64> {
    Some(match op {
        Opcode::Trunc => 0,
        Opcode::ZExt => 1,
        Opcode::SExt => 2,
        Opcode::FPToUI => 3,
        Opcode::FPToSI => 4,
        Opcode::UIToFP => 5,
        Opcode::SIToFP => 6,
        Opcode::FPTrunc => 7,
        Opcode::FPExt => 8,
        Opcode::PtrToInt => 9,
        Opcode::IntToPtr => 10,
        Opcode::BitCast => 11,
        Opcode::AddrSpaceCast => 12,
        _ => return None,
    })
}

/// The optimization flags of a binary operation or conversion as bitcode writes them.
pub(super) fn op_flags(op: Opcode, f: InstFlags) -> u64 {
    let bit = |b: u16, v: u64| if f.has(b) { v } else { 0 };
    match op {
        Opcode::Add | Opcode::Sub | Opcode::Mul | Opcode::Shl | Opcode::Trunc => {
            bit(InstFlags::NUW, 1) | bit(InstFlags::NSW, 2)
        }
        Opcode::UDiv | Opcode::SDiv | Opcode::LShr | Opcode::AShr => bit(InstFlags::EXACT, 1),
        Opcode::Or => bit(InstFlags::DISJOINT, 1),
        Opcode::ZExt | Opcode::UIToFP => bit(InstFlags::NNEG, 1),
        _ => 0,
    }
}

/// The flags of a `getelementptr` (`inbounds` implies `nusw`).
pub(super) fn gep_flags(f: InstFlags) -> u64 {
    let mut v = 0;
    if f.has(InstFlags::INBOUNDS) {
        v |= 3;
    }
    if f.has(InstFlags::NUSW) {
        v |= 2;
    }
    if f.has(InstFlags::NUW) {
        v |= 4;
    }
    v
}

/// The code and operands of a module constant.
pub(super) fn const_record(
    m: &Module,
    e: &Enumeration,
    d: &ConstData,
    val: &dyn Fn(ConstId) -> Result<u64, BitcodeError>,
    tid: &dyn Fn(TypeId) -> Result<u64, BitcodeError>,
) -> Result<(u32, Vec<u64>), BitcodeError> {
    if let Some(r) = simple_const(m, d.ty, &d.kind, val)? {
        return Ok(r);
    }
    let gval = |g| {
        e.global_value(g).map(|v| v as u64).ok_or_else(|| BitcodeError::new(0, "unknown global"))
    };
    let gty = |g| -> Result<u64, BitcodeError> {
        use crate::ir::module::GlobalKind;
        let t = match m.globals.get(g).map(|gv| &gv.kind) {
            Some(GlobalKind::Var(v)) => v.value_ty,
            Some(GlobalKind::Func(f)) => f.ty,
            Some(GlobalKind::Alias { value_ty, .. } | GlobalKind::IFunc { value_ty, .. }) => {
                *value_ty
            }
            _ => return Err(BitcodeError::new(0, "unknown global")),
        };
        tid(t)
    };
    let optype = |c: ConstId| tid(m.consts.ty(c));
    Ok(match &d.kind {
        ConstKind::BlockAddress { func, block } => {
            let Some(body) = m.func(*func).and_then(|f| f.body.as_ref()) else {
                return Err(BitcodeError::new(0, "blockaddress of a function without a body"));
            };
            let Some(idx) = body.layout.iter().position(|b| b == block) else {
                return Err(BitcodeError::new(0, "blockaddress of a block not in its function"));
            };
            (cst::CST_CODE_BLOCKADDRESS, vec![gty(*func)?, gval(*func)?, idx as u64])
        }
        ConstKind::DsoLocalEquivalent(g) => {
            (cst::CST_CODE_DSO_LOCAL_EQUIVALENT, vec![gty(*g)?, gval(*g)?])
        }
        ConstKind::NoCfi(g) => (cst::CST_CODE_NO_CFI_VALUE, vec![gty(*g)?, gval(*g)?]),
        ConstKind::PtrAuth(parts) => {
            let mut ops = Vec::new();
            for &p in parts.iter() {
                ops.push(val(p)?);
            }
            let implicit = |r| {
                e.const_value(m, r).map(|v| v as u64).ok_or_else(|| BitcodeError::new(0, "ptrauth"))
            };
            if ops.len() < 3 {
                ops.push(implicit(ConstRef::Int(TypeId::I64, 0))?);
            }
            if ops.len() < 4 {
                ops.push(implicit(ConstRef::Null(TypeId::PTR))?);
            }
            (cst::CST_CODE_PTRAUTH, ops)
        }
        ConstKind::Expr(x) => {
            let ops = &x.operands;
            let op = |i: usize| {
                ops.get(i)
                    .copied()
                    .ok_or_else(|| BitcodeError::new(0, "constant expression operand missing"))
            };
            if let Some(code) = cast_code(x.op) {
                let a = op(0)?;
                (cst::CST_CODE_CE_CAST, vec![code, optype(a)?, val(a)?])
            } else if let Some(code) = binop_code(x.op) {
                let mut r = vec![code, val(op(0)?)?, val(op(1)?)?];
                let f = op_flags(x.op, x.flags);
                if f != 0 {
                    r.push(f);
                }
                (cst::CST_CODE_CE_BINOP, r)
            } else {
                match x.op {
                    Opcode::FNeg => (cst::CST_CODE_CE_UNOP, vec![0, val(op(0)?)?]),
                    Opcode::GetElementPtr => {
                        let src = x.source_ty.ok_or_else(|| BitcodeError::new(0, "gep type"))?;
                        let mut r = vec![tid(src)?, gep_flags(x.flags)];
                        let mut code = cst::CST_CODE_CE_GEP;
                        if let Some((lo, hi)) = &x.inrange {
                            code = cst::CST_CODE_CE_GEP_WITH_INRANGE;
                            r.push(lo.width() as u64);
                            if lo.width() > 64 {
                                return Err(BitcodeError::new(0, "inrange wider than 64 bits"));
                            }
                            r.push(encode_signed(lo.to_i64().unwrap_or(0)));
                            r.push(encode_signed(hi.to_i64().unwrap_or(0)));
                        }
                        for &o in ops.iter() {
                            r.push(optype(o)?);
                            r.push(val(o)?);
                        }
                        (code, r)
                    }
                    Opcode::ExtractElement => {
                        let (a, i) = (op(0)?, op(1)?);
                        (
                            cst::CST_CODE_CE_EXTRACTELT,
                            vec![optype(a)?, val(a)?, optype(i)?, val(i)?],
                        )
                    }
                    Opcode::InsertElement => {
                        let (a, b, i) = (op(0)?, op(1)?, op(2)?);
                        (cst::CST_CODE_CE_INSERTELT, vec![val(a)?, val(b)?, optype(i)?, val(i)?])
                    }
                    Opcode::ShuffleVector => {
                        let (a, b, mk) = (op(0)?, op(1)?, op(2)?);
                        if m.consts.ty(a) == d.ty {
                            (cst::CST_CODE_CE_SHUFFLEVEC, vec![val(a)?, val(b)?, val(mk)?])
                        } else {
                            (
                                cst::CST_CODE_CE_SHUFVEC_EX,
                                vec![optype(a)?, val(a)?, val(b)?, val(mk)?],
                            )
                        }
                    }
                    other => {
                        return Err(BitcodeError::new(
                            0,
                            format!("constant expression '{}' cannot be written", other.name()),
                        ))
                    }
                }
            }
        }
        ConstKind::InlineAsm(_) => {
            return Err(BitcodeError::new(0, "inline asm used other than as a callee"))
        }
        _ => return Err(BitcodeError::new(0, "a constant of an unexpected kind")),
    })
}
