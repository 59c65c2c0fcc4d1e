//! The data image: every global variable laid out by the data layout, initializers written
//! as bytes, and addresses of globals and functions recorded as relocations.
//!
//! Globals are placed in module order, each at its alignment (its `align`, else the ABI
//! alignment of its type), starting at offset 0 of the image. Declared (external) variables
//! get zeroed space of their type's size; `stdin`, `stdout` and `stderr` hold the small
//! stream numbers 1, 2 and 3 that the host's `FILE *` functions recognise.

use super::form::{DataImage, Reloc, Sym};
use super::module::ModCx;
use super::{LResult, LowerError};
use crate::diag::Span;
use crate::ir::layout::Class;
use crate::ir::{ConstId, ConstKind, GlobalId, GlobalKind, Opcode, TypeId};

/// A constant address: a symbol plus an addend, or a plain number.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ConstAddr {
    /// `sym + addend`.
    Sym(Sym, i64),
    /// A number (null, `inttoptr` of an integer).
    Int(u64),
}

fn align_up(x: u64, a: u64) -> u64 {
    if a <= 1 {
        x
    } else {
        x.div_ceil(a) * a
    }
}

/// Lays out every global variable and writes the initializers.
pub fn build(cx: &mut ModCx) -> LResult<DataImage> {
    let m = cx.m;
    let mut img = DataImage { align: 1, ..DataImage::default() };
    let mut places = Vec::new();
    for g in m.order.iter().copied() {
        let Some(gv) = m.globals.get(g) else { continue };
        let GlobalKind::Var(var) = &gv.kind else { continue };
        let info = cx.lay.get(var.value_ty);
        let align = var.align.unwrap_or(info.align).max(1);
        let off = align_up(img.bytes.len() as u64, align);
        let end = off + info.alloc.max(info.size).max(1);
        if end > u32::MAX as u64 / 2 {
            return Err(LowerError::unsupported(gv.span, "globals larger than 2 GiB in total"));
        }
        img.bytes.resize(end as usize, 0);
        img.align = img.align.max(align as u32);
        let idx = img.symbols.len() as u32;
        img.symbols.push(off as u32);
        let name = m.global_name(g);
        if var.init.is_none() {
            let stream = match name.as_str() {
                "stdin" => 1,
                "stdout" => 2,
                "stderr" => 3,
                _ => 0,
            };
            if let Some(b) = img.bytes.get_mut(off as usize) {
                *b = stream;
            }
        }
        img.names.push(name);
        img.local.push(super::func::m_local(cx, g));
        img.external.push(var.init.is_none());
        cx.data_sym.insert(g, idx);
        places.push((g, off));
    }
    for (g, off) in places {
        let Some(gv) = m.globals.get(g) else { continue };
        let GlobalKind::Var(var) = &gv.kind else { continue };
        if let Some(init) = var.init {
            write_const(cx, &mut img, init, var.value_ty, off, gv.span)?;
        }
    }
    Ok(img)
}

/// Appends a zeroed variable the lowering itself needs; returns its data symbol.
pub fn add_zeroed(img: &mut DataImage, name: &str, size: u32, align: u32) -> u32 {
    let off = align_up(img.bytes.len() as u64, align as u64);
    img.bytes.resize((off + size as u64) as usize, 0);
    img.align = img.align.max(align);
    img.symbols.push(off as u32);
    img.names.push(name.to_string());
    img.local.push(true);
    img.external.push(false);
    img.symbols.len() as u32 - 1
}

fn put(img: &mut DataImage, off: u64, bytes: &[u8]) {
    let o = off as usize;
    if let Some(dst) = img.bytes.get_mut(o..o + bytes.len()) {
        dst.copy_from_slice(bytes);
    }
}

/// Writes constant `c` of type `ty` at `off`.
fn write_const(
    cx: &mut ModCx,
    img: &mut DataImage,
    c: ConstId,
    ty: TypeId,
    off: u64,
    span: Span,
) -> LResult<()> {
    let m = cx.m;
    let size = cx.lay.get(ty).size as usize;
    match m.consts.kind(c) {
        ConstKind::Zero | ConstKind::Null | ConstKind::Undef | ConstKind::Poison => Ok(()),
        ConstKind::Int(v) => {
            let mut b = Vec::with_capacity(size);
            for w in v.words() {
                b.extend_from_slice(&w.to_le_bytes());
            }
            b.resize(size, 0);
            put(img, off, &b);
            Ok(())
        }
        ConstKind::Float(bits) => {
            let b = bits.to_le_bytes();
            put(img, off, b.get(..size.min(16)).unwrap_or(&[]));
            Ok(())
        }
        ConstKind::Bytes(b) => {
            put(img, off, b.get(..b.len().min(size)).unwrap_or(&[]));
            Ok(())
        }
        ConstKind::Aggregate(es) => match cx.lay.class(ty).clone() {
            Class::Array(_, et) => {
                let stride = cx.lay.get(et).alloc;
                for (k, e) in es.iter().enumerate() {
                    write_const(cx, img, *e, et, off + k as u64 * stride, span)?;
                }
                Ok(())
            }
            Class::Struct(fields, offs) => {
                for (k, e) in es.iter().enumerate() {
                    if let (Some(ft), Some(fo)) = (fields.get(k), offs.get(k)) {
                        write_const(cx, img, *e, *ft, off + fo, span)?;
                    }
                }
                Ok(())
            }
            // Lanes packed at their size (vectors of `i1` as bits, lane 0 lowest).
            Class::Vector(_, et) if m.types.int_bits(et) == Some(1) => {
                let mut b = vec![0u8; size];
                for (k, e) in es.iter().enumerate() {
                    let on = matches!(m.consts.kind(*e), ConstKind::Int(v) if v.low_u64() & 1 == 1);
                    if let (true, Some(byte)) = (on, b.get_mut(k / 8)) {
                        *byte |= 1 << (k % 8);
                    }
                }
                put(img, off, &b);
                Ok(())
            }
            Class::Vector(_, et) if cx.lay.get(et).size * 8 == bits_of(cx, et) => {
                let stride = cx.lay.get(et).size;
                for (k, e) in es.iter().enumerate() {
                    write_const(cx, img, *e, et, off + k as u64 * stride, span)?;
                }
                Ok(())
            }
            _ => Err(LowerError::unsupported(
                span,
                format!("initializer of type {}", super::abi::type_text(m, ty)),
            )),
        },
        _ => {
            let is_ptr_sized_int =
                m.types.int_bits(ty).map(|b| b as u64 == cx.lay.ptr_size * 8) == Some(true);
            if !m.types.is_ptr(ty) && !is_ptr_sized_int {
                return Err(LowerError::unsupported(
                    span,
                    format!(
                        "constant expression in an initializer of type {}",
                        super::abi::type_text(m, ty)
                    ),
                ));
            }
            match const_addr(cx, c, span)? {
                ConstAddr::Int(v) => {
                    put(img, off, v.to_le_bytes().get(..size.min(8)).unwrap_or(&[]))
                }
                ConstAddr::Sym(sym, addend) => {
                    img.relocs.push(Reloc { offset: off as u32, sym, addend })
                }
            }
            Ok(())
        }
    }
}

/// Evaluates a constant address expression (globals, GEPs with constant indices, casts).
pub fn const_addr(cx: &mut ModCx, c: ConstId, span: Span) -> LResult<ConstAddr> {
    let m = cx.m;
    match m.consts.kind(c) {
        ConstKind::Null | ConstKind::Zero | ConstKind::Undef | ConstKind::Poison => {
            Ok(ConstAddr::Int(0))
        }
        ConstKind::Int(v) => Ok(ConstAddr::Int(v.low_u64())),
        ConstKind::Global(g) | ConstKind::DsoLocalEquivalent(g) | ConstKind::NoCfi(g) => {
            Ok(ConstAddr::Sym(cx.sym_of(*g, span)?, 0))
        }
        ConstKind::Expr(e) => {
            match e.op {
                Opcode::BitCast | Opcode::PtrToInt | Opcode::IntToPtr | Opcode::AddrSpaceCast => {
                    let Some(&inner) = e.operands.first() else {
                        return Err(LowerError::unsupported(span, "empty constant expression"));
                    };
                    const_addr(cx, inner, span)
                }
                Opcode::GetElementPtr => {
                    let Some((&base, idxs)) = e.operands.split_first() else {
                        return Err(LowerError::unsupported(span, "empty getelementptr"));
                    };
                    let src = e.source_ty.unwrap_or(TypeId::VOID);
                    let mut idx_vals = Vec::new();
                    for i in idxs {
                        match m.consts.kind(*i) {
                        ConstKind::Int(v) => {
                            let w = v.width();
                            let x = if w >= 64 { v.low_u64() as i64 } else { ((v.low_u64() << (64 - w)) as i64) >> (64 - w) };
                            idx_vals.push(x);
                        }
                        ConstKind::Zero => idx_vals.push(0),
                        _ => return Err(LowerError::unsupported(span, "getelementptr constant expression with a non-integer-constant index")),
                    }
                    }
                    let delta = super::inst::const_gep_offset(cx, src, &idx_vals, span)?;
                    Ok(match const_addr(cx, base, span)? {
                        ConstAddr::Sym(s, a) => ConstAddr::Sym(s, a.wrapping_add(delta)),
                        ConstAddr::Int(v) => ConstAddr::Int(v.wrapping_add(delta as u64)),
                    })
                }
                Opcode::Add | Opcode::Sub => {
                    let (Some(&a), Some(&b)) = (e.operands.first(), e.operands.get(1)) else {
                        return Err(LowerError::unsupported(span, "malformed constant expression"));
                    };
                    let (x, y) = (const_addr(cx, a, span)?, const_addr(cx, b, span)?);
                    let neg = e.op == Opcode::Sub;
                    match (x, y) {
                        (ConstAddr::Sym(s, k), ConstAddr::Int(v)) => Ok(ConstAddr::Sym(
                            s,
                            if neg { k.wrapping_sub(v as i64) } else { k.wrapping_add(v as i64) },
                        )),
                        (ConstAddr::Int(v), ConstAddr::Sym(s, k)) if !neg => {
                            Ok(ConstAddr::Sym(s, k.wrapping_add(v as i64)))
                        }
                        (ConstAddr::Int(u), ConstAddr::Int(v)) => Ok(ConstAddr::Int(if neg {
                            u.wrapping_sub(v)
                        } else {
                            u.wrapping_add(v)
                        })),
                        _ => Err(LowerError::unsupported(
                            span,
                            "constant expression subtracting addresses",
                        )),
                    }
                }
                op => Err(LowerError::unsupported(
                    span,
                    format!("constant expression `{}`", op.name()),
                )),
            }
        }
        ConstKind::BlockAddress { func, block } => {
            Ok(ConstAddr::Int(cx.block_addr(*func, *block, span)?))
        }
        _ => Err(LowerError::unsupported(span, "this kind of constant as an address")),
    }
}

/// The global id of a symbol (for messages).
#[allow(dead_code)]
pub fn global_of(cx: &ModCx, g: GlobalId) -> String {
    cx.m.global_name(g)
}

/// The bits of a scalar type (pointers and floats by their size).
fn bits_of(cx: &ModCx, t: TypeId) -> u64 {
    match cx.m.types.int_bits(t) {
        Some(b) => u64::from(b),
        None => cx.lay.get(t).size * 8,
    }
}
