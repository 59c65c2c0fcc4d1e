//! Reclaiming poison and undef origins: marks every origin id a value still holds (registers
//! of all frames, wide registers, the shadow of live memory, decoded code's constants and
//! alloca sites, variadic arguments, runtime continuations, the exception in flight, the C
//! library's saved pointers, the shared origins) and lets [`crate::interp::poison::origin::Origins::sweep`]
//! free the rest. Runs between instructions only (the run loop calls it), when no origin id
//! is held anywhere else.

use crate::interp::bytecode::FnCode;
use crate::interp::libc::continuation::Native;
use crate::interp::memory::TAINT;
use crate::interp::poison::origin::Marks;
use crate::interp::state::Interp;
use crate::interp::value::{Slot, Val};

fn mark_val(m: &mut Marks, v: &Val) {
    match v {
        Val::S(s) => m.mark(s.poison),
        Val::W { poison, .. } => m.mark(*poison),
        Val::A(es) => es.iter().for_each(|e| mark_val(m, e)),
    }
}

fn mark_slots(m: &mut Marks, s: &[Slot]) {
    for x in s {
        if x.poison != 0 {
            m.mark(x.poison);
        }
    }
}

fn mark_code(m: &mut Marks, c: &FnCode) {
    mark_slots(m, &c.template);
    c.wtemplate.iter().chain(c.wconsts.iter()).for_each(|v| mark_val(m, v));
    c.allocas.iter().for_each(|a| m.mark(a.origin));
}

impl Interp<'_> {
    /// Collects the origin table if it grew enough since the last collection.
    #[inline]
    pub fn maybe_collect(&mut self) {
        if self.origins.wants_collect() {
            self.collect_origins();
        }
    }

    /// Frees every origin entry no value can reach any more.
    pub fn collect_origins(&mut self) {
        let mut m = self.origins.marks();
        mark_slots(&mut m, &self.regs);
        self.wregs.iter().for_each(|v| mark_val(&mut m, v));
        for a in self.mem.allocs.iter().filter(|a| a.live) {
            let uniform = if a.lazy { std::slice::from_ref(&a.uniform) } else { &[] };
            for &x in a.shadow.iter().chain(uniform) {
                if x & TAINT != 0 {
                    m.mark(x & !TAINT);
                }
            }
        }
        self.funcs.iter().flatten().for_each(|c| mark_code(&mut m, c));
        mark_code(&mut m, &self.empty);
        for f in &self.frames {
            if let Some(va) = &f.va {
                va.extra.iter().for_each(|(v, _)| mark_val(&mut m, v));
                if let Some((a, b)) = va.area {
                    mark_slots(&mut m, &[a, b]);
                }
            }
            match f.native.as_deref() {
                Some(Native::Driver { args, .. }) => {
                    args.iter().for_each(|(v, _)| mark_val(&mut m, v))
                }
                Some(Native::Sort { sort, .. }) => mark_slots(&mut m, &sort.roots()),
                None => {}
            }
        }
        if let Some((a, b)) = self.exception {
            mark_slots(&mut m, &[a, b]);
        }
        let lib = &self.libc.lib;
        mark_slots(&mut m, &lib.atexit);
        mark_slots(&mut m, &[lib.strtok.unwrap_or_default(), lib.errno.unwrap_or_default()]);
        mark_slots(&mut m, &self.gaddr);
        mark_slots(&mut m, &self.block_addrs.values().copied().collect::<Vec<_>>());
        m.mark(self.heap_origin);
        m.mark(self.pad_origin);
        self.origins.sweep(m);
    }
}
