//! `dse`: dead store elimination: a store whose bytes are all overwritten before anything can
//! read them is removed, as LLVM's `DSEPass` does for stores killed later in the same block.
//!
//! Each block is walked backwards with the list of locations that a later store of the block
//! certainly overwrites (the "killing" stores, with their sizes). A store (neither volatile
//! nor atomic) whose location the alias analysis (`analysis/alias.rs`) finds must-alias with a
//! killing store at least as large is dead: nothing between them reads it, so removing it
//! changes no value any instruction sees. Going backwards, a killing location stops counting
//! at any instruction that may read it (a load that may alias it, a call whose memory effects
//! may read it, `memcpy`/`memmove` from it, a fence, `va_arg`, an EH pad, a volatile or atomic
//! access), and, unless it is a local whose address never escapes, at any call that may
//! unwind or not return (`nounwind` and `willreturn` absent): an exception handler, an
//! `atexit` handler or the code after a `longjmp` could read the earlier value. A store
//! of a value of unknown size (scalable vectors) neither dies nor kills.
//!
//! Poison and undef do not matter here: the removed store's value, whatever it was, is never
//! read. A removed store that would have been undefined behaviour (out of bounds, through
//! null) is a refinement.
//!
//! Not done: stores killed in later blocks (LLVM walks MemorySSA across the CFG), stores to
//! objects that die at the end of the function, partial overwrites, `memset`/`memcpy` as
//! killing or dead stores, and stores of the value just loaded from the same place (that is
//! `early-cse`).

use super::edit::remove_insts;
use super::{with_body, PassResult};
use crate::analysis::alias::{AliasAnalysis, AliasResult, Location};
use crate::ir::attrs::{AttrKind, ModRef};
use crate::ir::SecondaryMap;
use crate::ir::{Body, GlobalId, Inst, InstData, InstFlags, Module, Opcode, Ordering};

/// Runs `dse` on one function.
pub fn run(m: &mut Module, g: GlobalId) -> PassResult {
    with_body(m, g, |m, body| {
        let dead = dead_stores(m, g, body);
        let n = dead.values().filter(|&&d| d).count();
        if n > 0 {
            remove_insts(&mut m.consts, body, &|i| dead.get(i).copied().unwrap_or(false));
        }
        PassResult::from_stats(vec![("stores removed", n as u64)])
    })
}

/// The dead stores.
fn dead_stores(m: &Module, g: GlobalId, body: &Body) -> SecondaryMap<Inst, bool> {
    let aa = AliasAnalysis::new(m, g, body);
    let mut dead = SecondaryMap::from_elem(false, body.insts.len());
    for &b in &body.layout {
        let Some(bd) = body.blocks.get(b) else { continue };
        let mut killers: Vec<Location> = Vec::new();
        for &i in bd.insts.iter().rev() {
            let Some(d) = body.insts.get(i) else { continue };
            if d.op == Opcode::Store && is_simple(d) {
                let Some(loc) = aa.location_of(d).filter(|l| l.size.is_some()) else {
                    drop_read(&aa, d, &mut killers);
                    continue;
                };
                let killed = killers.iter().any(|k| {
                    k.size.zip(loc.size).is_some_and(|(ks, s)| ks >= s)
                        && aa.alias(*k, loc) == AliasResult::MustAlias
                });
                if killed {
                    if let Some(slot) = dead.get_mut(i) {
                        *slot = true;
                    }
                } else {
                    killers.push(loc);
                }
                continue;
            }
            drop_read(&aa, d, &mut killers);
            if may_leave(m, &aa, d) {
                killers.retain(|&k| aa.is_private(k));
            }
        }
    }
    dead
}

/// Neither volatile nor atomic.
fn is_simple(d: &InstData) -> bool {
    !d.flags.has(InstFlags::VOLATILE)
        && d.mem_info().is_some_and(|mi| mi.ordering == Ordering::NotAtomic)
}

/// Forgets the killing locations `d` may read.
fn drop_read(aa: &AliasAnalysis, d: &InstData, killers: &mut Vec<Location>) {
    killers.retain(|&k| (aa.mod_ref(d, k) as u8) & (ModRef::Ref as u8) == 0);
}

/// True when a call may unwind or not return to the next instruction: neither a memory-free
/// intrinsic nor `nounwind` and `willreturn` (on the call or the callee).
fn may_leave(m: &Module, aa: &AliasAnalysis, d: &InstData) -> bool {
    let Some(ci) = d.call_info() else { return false };
    if d.op != Opcode::Call {
        return true;
    }
    let callee = aa.callee(d);
    if callee.and_then(|(_, f)| f.intrinsic).is_some_and(|i| i.touches_no_memory()) {
        return false;
    }
    let callee_attrs = callee.map(|(_, f)| f.fn_attrs);
    let has = |k: AttrKind| {
        m.attrs.has(ci.fn_attrs, k) || callee_attrs.is_some_and(|s| m.attrs.has(s, k))
    };
    !(has(AttrKind::NoUnwind) && has(AttrKind::WillReturn))
}
