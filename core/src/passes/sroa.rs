//! `sroa`: scalar replacement of aggregates: an alloca accessed only at constant offsets is
//! split into one alloca per accessed byte range, then every promotable alloca becomes SSA values
//! through [`super::mem2reg`].
//!
//! An alloca of the entry block (one element, no `inalloca`/`swifterror`, a sized type) is split
//! when every use of its address, followed through `getelementptr`s whose indices are all scalar
//! integer constants, is one of:
//! * a `load` or `store` (neither volatile nor atomic) of a sized non-zero-size type, whose byte
//!   range `[offset, offset + store size)` lies inside the allocation (the data layout gives the
//!   sizes and struct field offsets, as the interpreter computes them);
//! * `llvm.lifetime.start`/`llvm.lifetime.end` (removed: without them the memory only lives
//!   longer, which never changes what a program that obeyed them does) and `llvm.dbg.declare`
//!   (removed, as mem2reg removes it; `#dbg_declare` records of the alloca go too);
//! * `llvm.memset`/`llvm.memcpy`/`llvm.memmove` of a constant length, not volatile, whose other
//!   pointer is a constant or a parameter (so never this alloca): a memset becomes a store of the
//!   repeated byte as a constant of each slice's type inside its range; a copy into the alloca
//!   becomes, per slice, a load from the other pointer at the slice's offset (`getelementptr
//!   i8`, `align 1`) and a store to the slice; a copy out of it the reverse. Each such range must
//!   hold whole slices, and a copy out of the alloca must find its bytes all held by slices (a
//!   byte no load or store names could still have been written by a memset or memcpy).
//!
//! The accessed ranges must be either equal or disjoint. Each distinct range becomes a new alloca
//! (`%a.sroa.N`) of the type of its first access (slices are only made from loads and stores:
//! an alloca only ever written by memset/memcpy simply goes). An access of another type of the same store
//! size is converted: `bitcast` between integers, floats and vectors whose bit widths fill their
//! store size exactly, `ptrtoint`/`inttoptr` between a pointer and an integer of its width. Bytes
//! that no access touches are simply not allocated (nothing can read them). Then `mem2reg` runs,
//! so loads of a slice before any store read `undef`, as LLVM 19's sroa gives.
//!
//! Deliberately left alone (the alloca stays as it is):
//! * volatile or atomic accesses (the LangRef makes their number and order observable);
//! * an address that escapes: stored as a value, passed to any other call, compared, cast,
//!   `phi`/`select`ed, or a GEP with a variable index (the memory may then be reached in ways we
//!   do not see);
//! * `memcpy`/`memmove` between two allocas or with a pointer computed in the function, variable
//!   lengths, volatile ones, and `memset` of a variable byte (or of a non-zero byte over a
//!   pointer or aggregate slice);
//! * ranges that overlap without being equal (an `i64` store read back as two `i32`s), and type
//!   mismatches other than the ones above (`i1` against `i8`: the bits past the first are not
//!   part of the `i1` value, so no cast gives the loaded value);
//! * accesses out of the allocation's bounds (undefined behaviour we leave for the program).

use super::edit::{inst_blocks, remove_insts, use_lists};
use super::{with_body, PassResult};
use crate::ir::function::DbgRecordKind;
use crate::ir::layout::Layouts;
use crate::ir::Intrinsic;
use crate::ir::SecondaryMap;
use crate::ir::{
    Body, ConstKind, Extra, GlobalId, Inst, InstData, InstFlags, LocalName, MdOperand, Module,
    Opcode, Operand, Ordering, Type, TypeId, Value, ValueData, ValueDef,
};

/// Runs `sroa` on one function: splits what it can, then promotes with `mem2reg`.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    let (split, slices) = with_body(m, g, split_allocas);
    let promoted = super::mem2reg::run(m, g);
    let mut stats = vec![("allocas split", split), ("slices created", slices)];
    stats.extend(promoted.stats);
    PassResult::from_stats(stats)
}

/// One load or store of a candidate alloca.
struct Access {
    inst: Inst,
    store: bool,
    offset: u64,
    size: u64,
    ty: TypeId,
}

/// What a `memset`/`memcpy` does to the alloca.
#[derive(Clone, Copy)]
enum MemKind {
    /// `memset` with a constant byte.
    Set(u8),
    /// `memcpy`/`memmove` into the alloca from this pointer (a constant or a parameter).
    CopyIn(Operand),
    /// `memcpy`/`memmove` from the alloca to this pointer (a constant or a parameter).
    CopyOut(Operand),
}

/// A `memset`/`memcpy`/`memmove` of a constant length on the alloca.
struct MemOp {
    inst: Inst,
    kind: MemKind,
    offset: u64,
    len: u64,
}

/// How one alloca is used.
struct Uses {
    accesses: Vec<Access>,
    mem: Vec<MemOp>,
    /// GEPs and markers, removed once the accesses are rewritten.
    dead: Vec<Inst>,
    geps: usize,
}

/// One slice: a byte range and the type of its new alloca.
struct Slice {
    offset: u64,
    size: u64,
    ty: TypeId,
}

/// Splits the allocas of `body` that can be split; returns (allocas split, slices created).
fn split_allocas(m: &mut Module, body: &mut Body) -> (u64, u64) {
    let Some(entry) = body.entry() else { return (0, 0) };
    let allocas: Vec<Inst> = body
        .blocks
        .get(entry)
        .map(|bd| {
            bd.insts
                .iter()
                .copied()
                .filter(|&i| body.insts.get(i).is_some_and(|d| d.op == Opcode::Alloca))
                .collect()
        })
        .unwrap_or_default();
    if allocas.is_empty() {
        return (0, 0);
    }
    let layouts = Layouts::new(m);
    let users = use_lists(body);
    let mut plans = Vec::new();
    for a in allocas {
        if let Some(plan) = plan_alloca(m, body, &layouts, &users, a) {
            plans.push(plan);
        }
    }
    if plans.is_empty() {
        return (0, 0);
    }
    let (mut split, mut slices) = (0, 0);
    let mut dead: SecondaryMap<Inst, bool> = SecondaryMap::from_elem(false, body.insts.len());
    let mut gone_ptrs = Vec::new();
    let blocks_of = inst_blocks(body);
    for (a, uses, sl) in plans {
        split += 1;
        slices += sl.len() as u64;
        rewrite(m, body, &layouts, &blocks_of, a, &uses, &sl);
        for &i in
            uses.dead.iter().chain(uses.mem.iter().map(|op| &op.inst)).chain(std::iter::once(&a))
        {
            if let Some(s) = dead.get_mut(i) {
                *s = true;
            }
        }
        if let Some(v) = body.insts.get(a).and_then(|d| d.result) {
            gone_ptrs.push(Operand::Value(v));
        }
    }
    drop_declares(body, &gone_ptrs);
    remove_insts(&mut m.consts, body, &|i| dead.get(i).copied().unwrap_or(false));
    (split, slices)
}

/// Decides whether alloca `a` can be split, and into which slices.
fn plan_alloca(
    m: &Module,
    body: &Body,
    layouts: &Layouts,
    users: &SecondaryMap<Value, Vec<Inst>>,
    a: Inst,
) -> Option<(Inst, Uses, Vec<Slice>)> {
    let d = body.insts.get(a)?;
    if d.flags.has(InstFlags::INALLOCA) || d.flags.has(InstFlags::SWIFTERROR) {
        return None;
    }
    let Extra::Alloca { elem_ty, .. } = d.extra else { return None };
    match d.args.first() {
        None => {}
        Some(Operand::Const(c)) if m.consts.is_valid(*c) => match m.consts.kind(*c) {
            ConstKind::Int(v) if v.to_u64() == Some(1) => {}
            _ => return None,
        },
        Some(_) => return None,
    }
    let ptr = d.result?;
    if !m.types.is_sized(elem_ty) {
        return None;
    }
    let total = layouts.get(elem_ty).alloc;
    if total == 0 {
        return None;
    }
    let mut uses = Uses { accesses: Vec::new(), mem: Vec::new(), dead: Vec::new(), geps: 0 };
    let mut seen = SecondaryMap::from_elem(false, body.insts.len());
    collect(m, body, layouts, users, ptr, 0, &mut uses, &mut seen, 0)?;
    for acc in &uses.accesses {
        if acc.size == 0 || acc.offset.checked_add(acc.size)? > total {
            return None;
        }
    }
    // Distinct ranges, equal or disjoint.
    let mut ranges: Vec<(u64, u64)> = uses.accesses.iter().map(|x| (x.offset, x.size)).collect();
    ranges.sort();
    ranges.dedup();
    for w in ranges.windows(2) {
        if let [(o1, s1), (o2, _)] = w {
            if o1 + s1 > *o2 {
                return None;
            }
        }
    }
    let mut slices = Vec::with_capacity(ranges.len());
    for &(offset, size) in &ranges {
        let mut ty = None;
        for acc in uses.accesses.iter().filter(|x| x.offset == offset && x.size == size) {
            match ty {
                None => ty = Some(acc.ty),
                Some(t) if t == acc.ty => {}
                Some(t) => {
                    cast_op(m, layouts, acc.ty, t)?;
                }
            }
        }
        slices.push(Slice { offset, size, ty: ty? });
    }
    // Each memset/memcpy covers whole slices; one that reads the alloca covers its bytes with
    // slices exactly (bytes no slice holds were written by nothing we keep); memset needs a
    // constant of each slice's type.
    for op in &uses.mem {
        let end = op.offset.checked_add(op.len)?;
        if end > total {
            return None;
        }
        let mut covered = op.offset;
        for sl in &slices {
            let s_end = sl.offset + sl.size;
            let inside = sl.offset >= op.offset && s_end <= end;
            if !inside && sl.offset < end && s_end > op.offset {
                return None;
            }
            if inside {
                if sl.offset != covered {
                    covered = u64::MAX;
                }
                if covered != u64::MAX {
                    covered = s_end;
                }
                if let MemKind::Set(byte) = op.kind {
                    if !m.types.is_sized(sl.ty) || set_constant_kind(m, sl.ty, byte).is_none() {
                        return None;
                    }
                }
            }
        }
        if matches!(op.kind, MemKind::CopyOut(_)) && covered != end {
            return None;
        }
    }
    // Nothing to split: one slice of the alloca's own type, reached without GEPs (mem2reg's case).
    if uses.geps == 0
        && uses.mem.is_empty()
        && slices.len() == 1
        && slices.iter().all(|s| s.ty == elem_ty)
    {
        return None;
    }
    Some((a, uses, slices))
}

/// Files the users of `v`, an address `offset` bytes into the alloca; `None` when it escapes.
#[allow(clippy::too_many_arguments)]
fn collect(
    m: &Module,
    body: &Body,
    layouts: &Layouts,
    users: &SecondaryMap<Value, Vec<Inst>>,
    v: Value,
    offset: i64,
    uses: &mut Uses,
    seen: &mut SecondaryMap<Inst, bool>,
    depth: u32,
) -> Option<()> {
    if depth > 64 {
        return None;
    }
    let p = Operand::Value(v);
    for &u in users.get(v)? {
        let d = body.insts.get(u)?;
        let simple = !d.flags.has(InstFlags::VOLATILE)
            && d.mem_info().is_some_and(|mi| mi.ordering == Ordering::NotAtomic);
        match d.op {
            Opcode::Load => {
                if d.args.len() != 1 || d.args.first() != Some(&p) || !simple {
                    return None;
                }
                uses.accesses.push(access(m, layouts, u, false, offset, d.ty)?);
            }
            Opcode::Store => {
                let (Some(&val), Some(&addr)) = (d.args.first(), d.args.get(1)) else {
                    return None;
                };
                if addr != p || val == p || !simple {
                    return None;
                }
                uses.accesses.push(access(m, layouts, u, true, offset, m.operand_ty(body, val))?);
            }
            Opcode::GetElementPtr => {
                if d.args.first() != Some(&p) || d.args.iter().skip(1).any(|&a| a == p) {
                    return None;
                }
                let seen_slot = seen.get_mut(u)?;
                if *seen_slot {
                    return None;
                }
                *seen_slot = true;
                let Extra::Gep { source_ty } = d.extra else { return None };
                let off = gep_offset(m, layouts, source_ty, d.args.get(1..)?)?;
                let r = d.result?;
                uses.dead.push(u);
                uses.geps += 1;
                collect(
                    m,
                    body,
                    layouts,
                    users,
                    r,
                    offset.checked_add(off)?,
                    uses,
                    seen,
                    depth + 1,
                )?;
            }
            Opcode::Call => {
                let (Operand::Const(callee), args) = d.callee_and_args()? else { return None };
                if !m.consts.is_valid(callee) {
                    return None;
                }
                let ConstKind::Global(g) = m.consts.kind(callee) else { return None };
                let family = m.intrinsic(*g);
                let lifetime =
                    matches!(family, Some(Intrinsic::LifetimeStart | Intrinsic::LifetimeEnd))
                        && args.len() == 2
                        && args.get(1) == Some(&p)
                        && args.first() != Some(&p);
                let declare = family == Some(Intrinsic::DbgDeclare)
                    && args.iter().all(|a| !matches!(a, Operand::Value(_)));
                if lifetime || declare {
                    uses.dead.push(u);
                    continue;
                }
                uses.mem.push(mem_op(m, body, u, family, args, p, offset)?);
            }
            _ => return None,
        }
    }
    Some(())
}

fn access(
    m: &Module,
    layouts: &Layouts,
    inst: Inst,
    store: bool,
    offset: i64,
    ty: TypeId,
) -> Option<Access> {
    if !m.types.is_sized(ty) || !m.types.is_first_class(ty) {
        return None;
    }
    let offset = u64::try_from(offset).ok()?;
    Some(Access { inst, store, offset, size: layouts.get(ty).size, ty })
}

/// A `memset`/`memcpy`/`memmove` call on the alloca (address `p`, `offset` bytes in): constant
/// length, not volatile, the other pointer a constant or a parameter (so it cannot be this
/// alloca), a constant byte for `memset`.
fn mem_op(
    m: &Module,
    body: &Body,
    u: Inst,
    family: Option<Intrinsic>,
    args: &[Operand],
    p: Operand,
    offset: i64,
) -> Option<MemOp> {
    let d = body.insts.get(u)?;
    if d.call_info().is_none_or(|ci| !ci.bundles.is_empty()) {
        return None;
    }
    let int_of = |o: Option<&Operand>| -> Option<u64> {
        let Some(&Operand::Const(c)) = o else { return None };
        if !m.consts.is_valid(c) {
            return None;
        }
        match m.consts.kind(c) {
            ConstKind::Int(v) => v.to_u64(),
            _ => None,
        }
    };
    let outside = |o: Operand| match o {
        Operand::Const(_) => o != p,
        Operand::Value(v) => {
            matches!(body.values.get(v).map(|vd| vd.def), Some(ValueDef::Param(_)))
        }
        Operand::Md(_) => false,
    };
    let offset = u64::try_from(offset).ok()?;
    let (&a0, &a1) = (args.first()?, args.get(1)?);
    if args.len() != 4 || int_of(args.get(3)) != Some(0) {
        return None;
    }
    let len = int_of(args.get(2))?;
    use Intrinsic as I;
    let kind = if matches!(family, Some(I::Memset | I::MemsetInline)) {
        if a0 != p || a1 == p {
            return None;
        }
        MemKind::Set(u8::try_from(int_of(Some(&a1))?).ok()?)
    } else if matches!(family, Some(I::Memcpy | I::MemcpyInline | I::Memmove)) {
        if a0 == p && outside(a1) {
            MemKind::CopyIn(a1)
        } else if a1 == p && outside(a0) {
            MemKind::CopyOut(a0)
        } else {
            return None;
        }
    } else {
        return None;
    };
    Some(MemOp { inst: u, kind, offset, len })
}

/// The byte offset a GEP with constant indices adds.
fn gep_offset(
    m: &Module,
    layouts: &Layouts,
    source_ty: TypeId,
    indices: &[Operand],
) -> Option<i64> {
    layouts.gep_offset(source_ty, &super::instsimplify_loads::const_indices(m, indices)?)
}

/// The cast that turns a value of type `from` into one of type `to` of the same store size
/// bit for bit, if there is one.
fn cast_op(m: &Module, layouts: &Layouts, from: TypeId, to: TypeId) -> Option<Opcode> {
    let size = layouts.get(from).size;
    if size != layouts.get(to).size {
        return None;
    }
    // Bit width of a non-pointer scalar or vector when it fills its store size exactly.
    let exact_bits = |t: TypeId| -> Option<u64> {
        let bits = match m.types.get(t) {
            Type::Int(b) => *b as u64,
            Type::Float(k) => k.bits() as u64,
            Type::Vector { len, elem, .. } => {
                let e = match m.types.get(*elem) {
                    Type::Int(b) => *b as u64,
                    Type::Float(k) => k.bits() as u64,
                    _ => return None,
                };
                e.checked_mul(*len as u64)?
            }
            _ => return None,
        };
        (bits == size * 8).then_some(bits)
    };
    let ptr_bits = |t: TypeId| -> Option<u64> {
        let asp = m.types.ptr_addrspace(t)?;
        if m.types.is_vector(t) || m.datalayout.is_non_integral(asp) {
            return None;
        }
        Some(m.datalayout.pointer_size_bits(asp) as u64)
    };
    match (ptr_bits(from), ptr_bits(to)) {
        (Some(_), Some(_)) => None,
        (Some(pb), None) => {
            (m.types.int_bits(to).map(u64::from) == Some(pb)).then_some(Opcode::PtrToInt)
        }
        (None, Some(pb)) => {
            (m.types.int_bits(from).map(u64::from) == Some(pb)).then_some(Opcode::IntToPtr)
        }
        (None, None) => {
            (exact_bits(from).is_some() && exact_bits(to).is_some()).then_some(Opcode::BitCast)
        }
    }
}

/// Creates the slices' allocas in place of `a` and points every access at its slice.
fn rewrite(
    m: &mut Module,
    body: &mut Body,
    layouts: &Layouts,
    blocks_of: &SecondaryMap<Inst, Option<crate::ir::Block>>,
    a: Inst,
    uses: &Uses,
    slices: &[Slice],
) {
    let Some(ad) = body.insts.get(a).cloned() else { return };
    let Extra::Alloca { align, addrspace, .. } = ad.extra else { return };
    let Some(entry) = body.entry() else { return };
    let base = match ad.result.and_then(|v| body.values.get(v)).map(|vd| vd.name) {
        Some(LocalName::Named(s)) => m.symbols.get(s).to_string(),
        _ => String::new(),
    };
    let mut taken: rustc_hash::FxHashSet<crate::ir::Symbol> = body
        .values
        .values()
        .map(|vd| vd.name)
        .chain(body.blocks.values().map(|bd| bd.name))
        .filter_map(|n| match n {
            LocalName::Named(s) => Some(s),
            LocalName::Unnamed => None,
        })
        .collect();
    let mut new_ptrs: Vec<Value> = Vec::with_capacity(slices.len());
    let mut k = 0u32;
    for s in slices {
        let mut data = InstData::new(Opcode::Alloca, ad.ty, Vec::new());
        let slice_align = align.map(|al| {
            if s.offset == 0 {
                al
            } else {
                al.min(1u64 << s.offset.trailing_zeros().min(62))
            }
        });
        data.extra = Extra::Alloca { elem_ty: s.ty, align: slice_align, addrspace };
        data.span = ad.span;
        let name = loop {
            let n = format!("{base}.sroa.{k}");
            k += 1;
            let sym = m.symbols.intern(&n);
            if taken.insert(sym) {
                break sym;
            }
        };
        let i = push_inst(body, data, LocalName::Named(name));
        if let Some(bd) = body.blocks.get_mut(entry) {
            let pos = bd.insts.iter().position(|&x| x == a).unwrap_or(0);
            bd.insts.insert(pos, i);
        }
        if let Some(v) = body.insts.get(i).and_then(|d| d.result) {
            new_ptrs.push(v);
        }
    }
    for acc in &uses.accesses {
        let Some(k) = slices.iter().position(|s| s.offset == acc.offset && s.size == acc.size)
        else {
            continue;
        };
        let (Some(s), Some(&np)) = (slices.get(k), new_ptrs.get(k)) else { continue };
        let np = Operand::Value(np);
        let op = if s.ty == acc.ty { None } else { cast_op(m, layouts, acc.ty, s.ty) };
        let Some(block) = blocks_of.get(acc.inst).copied().flatten() else { continue };
        if acc.store {
            let Some(d) = body.insts.get(acc.inst) else { continue };
            let Some(&val) = d.args.first() else { continue };
            let mut new_val = val;
            if let Some(op) = op {
                let mut c = InstData::new(op, s.ty, vec![val]);
                c.span = d.span;
                let ci = push_inst(body, c, LocalName::Unnamed);
                insert_before(body, block, acc.inst, ci);
                if let Some(v) = body.insts.get(ci).and_then(|d| d.result) {
                    new_val = Operand::Value(v);
                }
            }
            if let Some(d) = body.insts.get_mut(acc.inst) {
                d.args = [new_val, np].into_iter().collect();
            }
        } else if let Some(op) = op {
            // A load of the slice's type, then the load itself becomes the cast.
            let Some(d) = body.insts.get(acc.inst).cloned() else { continue };
            let mut l = d.clone();
            l.ty = s.ty;
            l.result = None;
            l.args = [np].into_iter().collect();
            l.md.clear();
            let li = push_inst(body, l, LocalName::Unnamed);
            insert_before(body, block, acc.inst, li);
            let Some(lv) = body.insts.get(li).and_then(|x| x.result) else { continue };
            let back = match op {
                Opcode::PtrToInt => Opcode::IntToPtr,
                Opcode::IntToPtr => Opcode::PtrToInt,
                o => o,
            };
            if let Some(x) = body.insts.get_mut(acc.inst) {
                x.op = back;
                x.flags = InstFlags::default();
                x.extra = Extra::None;
                x.args = [Operand::Value(lv)].into_iter().collect();
                x.md.clear();
            }
        } else if let Some(d) = body.insts.get_mut(acc.inst) {
            d.args = [np].into_iter().collect();
        }
    }
    for op in &uses.mem {
        if let Some(block) = blocks_of.get(op.inst).copied().flatten() {
            rewrite_mem(m, body, block, op, slices, &new_ptrs);
        }
    }
}

/// The constant kind of type `t` whose every byte is `byte`, when there is one.
fn set_constant_kind(m: &Module, t: TypeId, byte: u8) -> Option<ConstKind> {
    let pattern = u64::from(byte) * 0x0101_0101_0101_0101;
    match m.types.get(t) {
        Type::Int(b) if b % 8 == 0 || byte == 0 => {
            let words = vec![pattern; (*b as usize).div_ceil(64)];
            Some(ConstKind::Int(crate::ir::ApInt::from_words(*b, &words)))
        }
        Type::Float(k) if k.bits() <= 128 && k.bits() % 8 == 0 => {
            let bits = k.bits();
            let wide = (u128::from(pattern) << 64) | u128::from(pattern);
            Some(ConstKind::Float(if bits == 128 { wide } else { wide & ((1u128 << bits) - 1) }))
        }
        Type::Ptr(_) if byte == 0 => Some(ConstKind::Null),
        Type::Vector { .. } | Type::Array { .. } | Type::Struct { .. } | Type::Named(_)
            if byte == 0 =>
        {
            Some(ConstKind::Zero)
        }
        _ => None,
    }
}

/// Replaces a `memset`/`memcpy` of the alloca by stores, or loads and stores, of its slices.
fn rewrite_mem(
    m: &mut Module,
    body: &mut Body,
    block: crate::ir::Block,
    op: &MemOp,
    slices: &[Slice],
    ptrs: &[Value],
) {
    let i8t = m.types.int(8);
    let i64t = m.types.int(64);
    let span = body.insts.get(op.inst).map(|d| d.span).unwrap_or_default();
    let ptr_ty = |m: &Module, body: &Body, o: Operand| m.operand_ty(body, o);
    for (sl, &np) in slices.iter().zip(ptrs) {
        if sl.offset < op.offset || sl.offset + sl.size > op.offset + op.len {
            continue;
        }
        let slot = Operand::Value(np);
        let mut emit = |body: &mut Body, data: InstData| -> Option<Operand> {
            let mut data = data;
            data.span = span;
            let i = push_inst(body, data, LocalName::Unnamed);
            insert_before(body, block, op.inst, i);
            body.insts.get(i).and_then(|d| d.result).map(Operand::Value)
        };
        let at = |m: &mut Module,
                  body: &mut Body,
                  emit: &mut dyn FnMut(&mut Body, InstData) -> Option<Operand>,
                  base: Operand| {
            let rel = sl.offset - op.offset;
            if rel == 0 {
                return Some(base);
            }
            let idx = m.consts.int(i64t, crate::ir::ApInt::from_u64(64, rel));
            let mut g = InstData::new(
                Opcode::GetElementPtr,
                ptr_ty(m, body, base),
                vec![base, Operand::Const(idx)],
            );
            g.extra = Extra::Gep { source_ty: i8t };
            emit(body, g)
        };
        match op.kind {
            MemKind::Set(byte) => {
                let Some(kind) = set_constant_kind(m, sl.ty, byte) else { continue };
                let c = m.consts.intern(sl.ty, kind);
                emit(
                    body,
                    mem_inst(Opcode::Store, TypeId::VOID, vec![Operand::Const(c), slot], None),
                );
            }
            MemKind::CopyIn(src) => {
                let Some(from) = at(m, body, &mut emit, src) else { continue };
                let Some(v) = emit(body, mem_inst(Opcode::Load, sl.ty, vec![from], Some(1))) else {
                    continue;
                };
                emit(body, mem_inst(Opcode::Store, TypeId::VOID, vec![v, slot], None));
            }
            MemKind::CopyOut(dst) => {
                let Some(v) = emit(body, mem_inst(Opcode::Load, sl.ty, vec![slot], None)) else {
                    continue;
                };
                let Some(to) = at(m, body, &mut emit, dst) else { continue };
                emit(body, mem_inst(Opcode::Store, TypeId::VOID, vec![v, to], Some(1)));
            }
        }
    }
}

fn mem_inst(op: Opcode, ty: TypeId, args: Vec<Operand>, align: Option<u64>) -> InstData {
    let mut d = InstData::new(op, ty, args);
    d.extra = Extra::Mem(Box::new(crate::ir::MemInfo { align, ..Default::default() }));
    d
}

/// Adds an instruction (in no block yet), with a result value when its type is not void.
fn push_inst(body: &mut Body, mut data: InstData, name: LocalName) -> Inst {
    let inst = body.insts.next_key();
    if data.ty != TypeId::VOID {
        let v = body.values.push(ValueData { ty: data.ty, def: ValueDef::Inst(inst), name });
        body.value_spans.push(data.span);
        data.result = Some(v);
    }
    body.insts.push(data);
    inst
}

fn insert_before(body: &mut Body, b: crate::ir::Block, anchor: Inst, new: Inst) {
    if let Some(bd) = body.blocks.get_mut(b) {
        let pos = bd.insts.iter().position(|&x| x == anchor).unwrap_or(bd.insts.len());
        bd.insts.insert(pos, new);
    }
}

/// Removes `#dbg_declare` records that describe a split alloca.
fn drop_declares(body: &mut Body, ptrs: &[Operand]) {
    if ptrs.is_empty() {
        return;
    }
    let md_ops = &body.md_ops;
    for recs in body.dbg_records.values_mut() {
        recs.retain(|r| {
            r.kind != DbgRecordKind::Declare
                || !r.args.first().is_some_and(
                    |a| matches!(md_ops.get(*a), Some(MdOperand::Local(o)) if ptrs.contains(o)),
                )
        });
    }
}

#[cfg(test)]
mod tests {
    fn run(src: &str) -> String {
        crate::passes::tests::run_on(src, super::run)
    }

    #[test]
    fn splits_struct_fields() {
        let t = run("define i32 @f(i32 %x, i32 %y) {\n  %a = alloca { i32, i32 }\n  %p = getelementptr { i32, i32 }, ptr %a, i32 0, i32 1\n  store i32 %x, ptr %a\n  store i32 %y, ptr %p\n  %l = load i32, ptr %a\n  %r = load i32, ptr %p\n  %s = add i32 %l, %r\n  ret i32 %s\n}\n");
        assert!(!t.contains("alloca"), "{t}");
        assert!(t.contains("add i32 %x, %y"), "{t}");
    }

    #[test]
    fn bitcasts_same_size() {
        let t = run("define float @f(i32 %x) {\n  %a = alloca [2 x i32]\n  store i32 %x, ptr %a\n  %l = load float, ptr %a\n  ret float %l\n}\n");
        assert!(t.contains("bitcast i32 %x to float"), "{t}");
    }

    #[test]
    fn keeps_escaping_volatile_and_overlapping() {
        for src in [
            "declare void @g(ptr)\ndefine i32 @f() {\n  %a = alloca [2 x i32]\n  call void @g(ptr %a)\n  %l = load i32, ptr %a\n  ret i32 %l\n}\n",
            "define i32 @f() {\n  %a = alloca [2 x i32]\n  store volatile i32 1, ptr %a\n  %l = load i32, ptr %a\n  ret i32 %l\n}\n",
            "define i32 @f(i64 %x) {\n  %a = alloca i64\n  store i64 %x, ptr %a\n  %p = getelementptr i8, ptr %a, i64 4\n  %l = load i32, ptr %p\n  ret i32 %l\n}\n",
            "define i8 @f(i1 %x) {\n  %a = alloca i8\n  store i1 %x, ptr %a\n  %l = load i8, ptr %a\n  ret i8 %l\n}\n",
        ] {
            let t = run(src);
            assert!(t.contains("alloca"), "{t}");
        }
    }
}
