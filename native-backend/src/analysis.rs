//! Facts about a low function's registers that the single-pass assignment needs, gathered in
//! one walk: whether a register lives in one block only (defined there before any use, so it
//! never needs a home in the frame unless it is evicted), where in the block it is used last,
//! and whether a call comes between its definition and that use.

use irplay_core::lower::{Inst, LowFunc, Term};

/// What the assignment knows of one virtual register.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct VInfo {
    /// Defined and used in one block only, defined before its first use there.
    pub local: bool,
    /// For a local register: the position of its last use in its block (instruction index,
    /// or the instruction count for the terminator); [`NO_USE`] when it is never used.
    pub last_use: u32,
    /// For a local register: a call lies strictly between its first definition and its last
    /// use (so a register the call preserves is the better home).
    pub crosses_call: bool,
    /// Written by exactly one instruction (and not a parameter): a constant or a frame
    /// address defined once can be rematerialized wherever it is read.
    pub single_def: bool,
}

/// [`VInfo::last_use`] of a register that is never read.
pub const NO_USE: u32 = u32::MAX;

/// True for instructions that call a function (their registers are clobbered).
pub fn is_call(i: &Inst) -> bool {
    matches!(i, Inst::Call(_) | Inst::MemCopy { .. } | Inst::MemFill { .. })
}

/// Per-register facts of `f`, indexed by register number.
pub fn analyze(f: &LowFunc) -> Vec<VInfo> {
    const NONE: u32 = u32::MAX;
    let n = f.regs.len();
    // Per register: the block it was seen in, whether it is still local, its first definition
    // position and its last use.
    let mut block = vec![NONE; n];
    let mut local = vec![true; n];
    let mut first_def = vec![NONE; n];
    let mut last = vec![NO_USE; n];
    let mut defs = vec![0u32; n];
    let nparams = f.sig.params.len() + usize::from(f.sig.variadic);
    for p in 0..nparams.min(n) {
        block[p] = 0;
        first_def[p] = 0;
        defs[p] = 2;
    }
    // Calls before each position, per block, for `crosses_call`.
    // Block `b`'s call positions are `calls[call_start[b]..call_start[b + 1]]`.
    let mut calls: Vec<u32> = Vec::new();
    let mut call_start: Vec<u32> = Vec::with_capacity(f.blocks.len() + 1);
    for (bi, b) in f.blocks.iter().enumerate() {
        let bi = bi as u32;
        let mut seen_use = |v: u32, pos: u32, block: &mut [u32], local: &mut [bool]| {
            let v = v as usize;
            let (Some(bl), Some(lo)) = (block.get_mut(v), local.get_mut(v)) else { return };
            if *bl != bi {
                // A use before any definition in this block: live in.
                *lo = false;
                if *bl == NONE {
                    *bl = bi;
                }
            }
            if let Some(l) = last.get_mut(v) {
                *l = pos;
            }
        };
        call_start.push(calls.len() as u32);
        for (i, inst) in b.insts.iter().enumerate() {
            let pos = i as u32;
            inst.for_each_use(|v| seen_use(v.0, pos, &mut block, &mut local));
            inst.for_each_def(|v| {
                let v = v.0 as usize;
                if let Some(d) = defs.get_mut(v) {
                    *d = d.saturating_add(1);
                }
                let (Some(bl), Some(lo)) = (block.get_mut(v), local.get_mut(v)) else { return };
                if *bl == NONE {
                    *bl = bi;
                    if let Some(fd) = first_def.get_mut(v) {
                        *fd = pos;
                    }
                } else if *bl != bi {
                    *lo = false;
                }
            });
            if is_call(inst) {
                calls.push(pos);
            }
        }
        let pos = b.insts.len() as u32;
        b.term.for_each_use(|v| seen_use(v.0, pos, &mut block, &mut local));
        if matches!(b.term, Term::TailCall { .. }) {
            calls.push(pos);
        }
    }
    call_start.push(calls.len() as u32);
    // Room for the two scratch registers the code generator appends.
    let mut out = Vec::with_capacity(n + 2);
    out.extend((0..n).map(|v| {
        let is_local = local[v] && block[v] != NONE;
        let crosses_call = is_local
            && last[v] != NO_USE
            && block_calls(&calls, &call_start, block[v] as usize)
                .iter()
                .any(|&p| p > first_def[v] && p < last[v]);
        VInfo { local: is_local, last_use: last[v], crosses_call, single_def: defs[v] == 1 }
    }));
    out
}

/// The call positions of block `b` (see `analyze`).
fn block_calls<'c>(calls: &'c [u32], start: &[u32], b: usize) -> &'c [u32] {
    match (start.get(b), start.get(b + 1)) {
        (Some(&s), Some(&e)) => calls.get(s as usize..e as usize).unwrap_or(&[]),
        _ => &[],
    }
}
