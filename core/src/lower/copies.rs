//! Copy forwarding, the last step of lowering a function: instruction selection computes many
//! results into a fresh register and then copies it into the IR value's register
//! (`%t = add %a, %b` then `%v = copy %t`). When the copy's source is written only by the
//! instruction right before it and read only by the copy, that instruction writes the
//! destination itself and the copy goes.

use super::form::{Inst, LowBlock, VReg};

/// Forwards the copies of `blocks` (registers `0..nregs`, the first `nparams` defined on entry).
pub fn forward(blocks: &mut [LowBlock], nregs: usize, nparams: usize) {
    let mut defs = vec![0u32; nregs];
    let mut uses = vec![0u32; nregs];
    for d in defs.iter_mut().take(nparams) {
        *d = 1;
    }
    let count = |c: &mut [u32], v: VReg| {
        if let Some(n) = c.get_mut(v.0 as usize) {
            *n += 1;
        }
    };
    for b in blocks.iter() {
        for i in &b.insts {
            i.for_each_def(|v| count(&mut defs, v));
            i.for_each_use(|v| count(&mut uses, v));
        }
        b.term.for_each_use(|v| count(&mut uses, v));
    }
    let once = |v: VReg| defs.get(v.0 as usize) == Some(&1) && uses.get(v.0 as usize) == Some(&1);
    for b in blocks.iter_mut() {
        // In place: `insts[..w]` are kept, `insts[w..k]` are copies forwarded away.
        let insts = &mut b.insts;
        let mut w = 0usize;
        // The source positions follow the instructions: each entry's start moves to where its
        // first instruction went.
        let mut locs = b.locs.iter_mut().peekable();
        for k in 0..insts.len() {
            while let Some(l) = locs.next_if(|l| l.0 as usize <= k) {
                l.0 = w as u32;
            }
            if let (Inst::ParCopy { moves }, Some(p)) = (&insts[k], w.checked_sub(1)) {
                if let [(d, s)] = moves.as_slice() {
                    if insts[p].single_dst() == Some(*s) && once(*s) {
                        let d = *d;
                        insts[p].set_single_dst(d);
                        continue;
                    }
                }
            }
            insts.swap(w, k);
            w += 1;
        }
        for l in locs {
            l.0 = w as u32;
        }
        insts.truncate(w);
    }
}
