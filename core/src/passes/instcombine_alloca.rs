//! `instcombine`'s rules for `alloca`s: removing stack objects that are only ever written,
//! and replacing one that is only read after being copied from a constant global by that
//! global, as LLVM's `InstCombinerImpl::visitAllocaInst`/`isAllocSiteRemovable` do.
//!
//! * **Write-only allocas**: an `alloca` whose address (through `getelementptr`s) is only used
//!   as the address of non-volatile, non-atomic `store`s, as the destination of non-volatile
//!   `llvm.memset`/`llvm.memcpy`/`llvm.memmove`, by `llvm.lifetime.*` and debug intrinsics,
//!   goes with all of those: nothing can observe what is written (the address never escapes,
//!   so no other code can read it).
//! * **Copied from a constant**: an `alloca` written only by one non-volatile `llvm.memcpy`
//!   (or `memmove`) of its whole size from a `constant` global with a definitive initializer,
//!   and otherwise only read (non-volatile loads, the source of other copies), is replaced by
//!   the global. The memory holds the global's bytes after the copy; a read before it read
//!   uninitialized memory (`undef`), which the global's bytes refine. The global must be at
//!   least as aligned as the `alloca`, as large, and in the same address space.
//!
//! Not done: anything where the address escapes (passed to a call, stored, compared, cast to
//! an integer), volatile or atomic accesses, partial copies.

use super::instsimplify::{as_int, Worklist};
use super::instsimplify_loads::definitive_constant;
use crate::ir::Intrinsic;
use crate::ir::{
    Body, ConstKind, Extra, Inst, InstData, InstFlags, Module, Opcode, Operand, Ordering, Value,
};

/// What one use of the object's address does.
enum Role {
    /// A GEP deriving another address (its result is walked too).
    Derive(Value),
    /// Writes only.
    Write,
    /// Reads only.
    Read,
    /// `llvm.lifetime.*` or a debug intrinsic.
    Marker,
    /// A `memcpy`/`memmove` into the object: (callee kind is a copy, the source operand, the
    /// length operand).
    CopyIn(Operand, Operand),
}

/// The intrinsic family a call calls, when the call's type is the callee's.
fn callee_family(m: &Module, d: &InstData) -> Option<Intrinsic> {
    let ci = d.call_info()?;
    let Some(Operand::Const(c)) = d.args.first().copied() else { return None };
    if !m.consts.is_valid(c) {
        return None;
    }
    let ConstKind::Global(g) = m.consts.kind(c) else { return None };
    let f = m.func(*g)?;
    if f.ty != ci.fn_ty || !ci.bundles.is_empty() {
        return None;
    }
    f.intrinsic
}

fn is_false(m: &Module, o: Option<Operand>) -> bool {
    o.and_then(|o| as_int(m, o)).is_some_and(|v| v.is_zero())
}

fn plain(d: &InstData) -> bool {
    !d.flags.has(InstFlags::VOLATILE)
        && d.mem_info().is_none_or(|mi| mi.ordering == Ordering::NotAtomic)
}

/// The role of `u`'s use of address `v`, `None` when the use may let it escape.
fn role(m: &Module, d: &InstData, v: Value) -> Option<Role> {
    let me = Operand::Value(v);
    let count = d.args.iter().filter(|&&a| a == me).count();
    match d.op {
        Opcode::GetElementPtr if d.args.first() == Some(&me) && count == 1 => {
            if m.types.is_vector(d.ty) {
                return None;
            }
            Some(Role::Derive(d.result?))
        }
        Opcode::Store if d.args.get(1) == Some(&me) && count == 1 && plain(d) => Some(Role::Write),
        Opcode::Load if d.args.first() == Some(&me) && plain(d) => Some(Role::Read),
        Opcode::Call => {
            use Intrinsic as I;
            let family = callee_family(m, d)?;
            if matches!(family, I::DbgValue | I::DbgDeclare | I::DbgAssign | I::DbgLabel) {
                return Some(Role::Marker);
            }
            if matches!(family, I::LifetimeStart | I::LifetimeEnd) {
                return (d.args.get(2) == Some(&me) && count == 1).then_some(Role::Marker);
            }
            let copy = matches!(family, I::Memcpy | I::MemcpyInline | I::Memmove);
            let set = matches!(family, I::Memset | I::MemsetInline);
            if !(copy || set) || !is_false(m, d.args.get(4).copied()) {
                return None;
            }
            let (dest, src, len) = (*d.args.get(1)?, *d.args.get(2)?, *d.args.get(3)?);
            if dest == me && count == 1 {
                return Some(if copy { Role::CopyIn(src, len) } else { Role::Write });
            }
            (copy && src == me && count == 1).then_some(Role::Read)
        }
        _ => None,
    }
}

/// The uses of the object at `root`, through GEPs: (every using instruction with its role),
/// or `None` when the address may escape.
fn uses(w: &mut Worklist, m: &Module, body: &Body, root: Value) -> Option<Vec<(Inst, Role)>> {
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(v) = stack.pop() {
        for u in w.live_users(body, v) {
            let d = body.insts.get(u)?;
            let r = role(m, d, v)?;
            if let Role::Derive(nv) = r {
                stack.push(nv);
            }
            out.push((u, r));
            if out.len() > 4096 {
                return None;
            }
        }
    }
    Some(out)
}

/// The rules for one `alloca`; true when something changed.
pub(super) fn alloca(w: &mut Worklist, m: &mut Module, body: &mut Body, i: Inst) -> bool {
    let Some(d) = body.insts.get(i) else { return false };
    let Extra::Alloca { elem_ty, .. } = d.extra else { return false };
    let align = match d.extra {
        Extra::Alloca { align, .. } => align.unwrap_or(1),
        _ => 1,
    };
    if d.flags.0 != 0
        || d.args.first().is_some_and(|&c| as_int(m, c).and_then(|v| v.to_u64()) != Some(1))
    {
        return false;
    }
    let Some(root) = d.result else { return false };
    let ptr_ty = d.ty;
    let Some(list) = uses(w, m, body, root) else { return false };
    let reads = list.iter().filter(|(_, r)| matches!(r, Role::Read)).count();
    if reads == 0 {
        for (u, _) in &list {
            w.erase(body, *u);
        }
        w.erase(body, i);
        w.folded += 1;
        return true;
    }
    // Copied once from a constant global, otherwise only read.
    let mut copy = None;
    for (u, r) in &list {
        match r {
            Role::Write => return false,
            Role::CopyIn(src, len) => {
                if copy.is_some() {
                    return false;
                }
                // Only a copy into the object's start.
                let into_root =
                    body.insts.get(*u).and_then(|d| d.args.get(1)) == Some(&Operand::Value(root));
                if !into_root {
                    return false;
                }
                copy = Some((*u, *src, *len));
            }
            _ => {}
        }
    }
    let Some((cp, src, len)) = copy else { return false };
    let Operand::Const(gc) = src else { return false };
    if !m.consts.is_valid(gc) || m.consts.ty(gc) != ptr_ty {
        return false;
    }
    let ConstKind::Global(g) = *m.consts.kind(gc) else { return false };
    let Some((_, value_ty, galign)) = definitive_constant(m, g) else { return false };
    if galign < align {
        return false;
    }
    let Some(n) = as_int(m, len).and_then(|v| v.to_u64()) else { return false };
    let lay = w.facts.layouts(m);
    let (asize, gsize) = (lay.get(elem_ty).alloc, lay.get(value_ty).alloc);
    if n == 0 || n != asize || gsize < n {
        return false;
    }
    w.erase(body, cp);
    for (u, r) in &list {
        if matches!(r, Role::Marker) {
            w.erase(body, *u);
        }
    }
    w.replace(body, i, Operand::Const(gc));
    true
}
