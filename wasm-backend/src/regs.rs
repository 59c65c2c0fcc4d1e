//! Registers as wasm values: every low register is a local, except that
//!
//! - a register whose only definition is a constant is not a local at all: each read pushes
//!   the constant (`i32.const` is as cheap as `local.get`, and the engine sees the constant);
//! - a register written once and read once, when the read comes right after the write (the
//!   next value the code pushes), stays on the wasm stack: no `local.set`/`local.get` pair.
//!
//! [`Em`] wraps the function being emitted: code reads registers with [`Em::get`], writes
//! them with [`Em::set`] and emits everything else with [`Em::ins`]. A value left on the stack
//! by `set` is written to its local as soon as anything else is emitted first, so the stack
//! never holds more than that one value between instructions.

use irplay_core::diag::Span;
use irplay_core::lower::{Const, Inst, LowFunc, VReg};
use wasm_encoder::{Function, Instruction as I};

/// What emission needs to know of each register.
pub struct RegInfo {
    /// The constant of a register defined only by that constant.
    konst: Vec<Option<Const>>,
    /// True for a register written once and read once (by a single read of one instruction).
    once: Vec<bool>,
}

impl RegInfo {
    /// Counts the definitions and reads of every register of `f` (parameters count as
    /// defined; an instruction that reads an operand twice counts two reads).
    pub fn new(f: &LowFunc) -> RegInfo {
        let n = f.regs.len();
        let mut defs = vec![0u32; n];
        let mut uses = vec![0u32; n];
        let mut konst: Vec<Option<Const>> = vec![None; n];
        let np = f.sig.params.len() + usize::from(f.sig.variadic);
        for d in defs.iter_mut().take(np) {
            *d = 1;
        }
        let mut def = |v: VReg| {
            if let Some(d) = defs.get_mut(v.0 as usize) {
                *d += 1;
            }
        };
        let mut read = |v: VReg, times: u32| {
            if let Some(u) = uses.get_mut(v.0 as usize) {
                *u += times;
            }
        };
        for b in &f.blocks {
            for i in &b.insts {
                i.for_each_def(&mut def);
                i.for_each_use(|v| read(v, 1));
                match i {
                    Inst::Const { dst, val } => {
                        if let Some(k) = konst.get_mut(dst.0 as usize) {
                            *k = Some(*val);
                        }
                    }
                    // Instructions that read an operand twice: some float comparisons, loads
                    // and stores of 3, 5, 6 or 7 bytes (pieced together), the stack check of
                    // a dynamic alloca.
                    Inst::FCmp { a, b, .. } => {
                        read(*a, 1);
                        read(*b, 1);
                    }
                    Inst::Load { size, addr, .. } if !matches!(size, 1 | 2 | 4 | 8 | 16) => {
                        read(*addr, 1)
                    }
                    Inst::Store { size, addr, src, .. } if !matches!(size, 1 | 2 | 4 | 8 | 16) => {
                        read(*addr, 1);
                        read(*src, 1);
                    }
                    Inst::DynAlloca { size, .. } => read(*size, 1),
                    _ => {}
                }
            }
            b.term.for_each_use(|v| read(v, 1));
        }
        for (k, d) in konst.iter_mut().zip(&defs) {
            if *d != 1 {
                *k = None;
            }
        }
        let once = (0..n)
            .map(|r| {
                r >= np
                    && defs.get(r) == Some(&1)
                    && uses.get(r) == Some(&1)
                    && konst.get(r) == Some(&None)
            })
            .collect();
        RegInfo { konst, once }
    }

    /// The constant a register stands for, if it needs no local.
    pub fn konst(&self, v: VReg) -> Option<Const> {
        self.konst.get(v.0 as usize).copied().flatten()
    }
}

/// The function being emitted, with the value [`Em::set`] left on the stack.
pub struct Em<'a> {
    /// The wasm function.
    pub w: Function,
    info: &'a RegInfo,
    pending: Option<u32>,
    /// Source positions of the code emitted so far (see [`crate::FuncMap::locs`]).
    pub locs: Vec<(u32, Span)>,
}

impl<'a> Em<'a> {
    /// Emission into `w` with the facts of `info`.
    pub fn new(w: Function, info: &'a RegInfo) -> Em<'a> {
        Em { w, info, pending: None, locs: Vec::new() }
    }

    /// Notes that the code emitted from here on lowers the IR instruction at `span` (a value
    /// left on the stack for it is still the previous instruction's, and emits no code).
    pub fn at(&mut self, span: Span) {
        let offset = self.w.byte_len() as u32;
        match self.locs.last_mut() {
            Some(last) if last.1 == span => {}
            Some(last) if last.0 == offset => last.1 = span,
            _ => self.locs.push((offset, span)),
        }
    }

    /// Writes the value left on the stack to its local.
    pub fn flush(&mut self) {
        if let Some(p) = self.pending.take() {
            self.w.instructions().local_set(p);
        }
    }

    /// Emits an instruction (after writing a value left on the stack to its local).
    pub fn ins(&mut self, i: &I) {
        self.flush();
        self.w.instruction(i);
    }

    /// Emits an instruction of a stack-neutral sequence (its net effect on the stack is none,
    /// as for the step and depth counters) without writing a value left on the stack to its
    /// local: the value stays below the sequence's own operands.
    pub fn raw(&mut self, i: &I) {
        self.w.instruction(i);
    }

    /// Pushes register `v`: its constant, the value on the stack if it is `v`, or its local.
    pub fn get(&mut self, v: VReg) {
        if self.pending == Some(v.0) {
            self.pending = None;
            return;
        }
        self.flush();
        match self.info.konst(v) {
            Some(c) => crate::ops::konst(&mut self.w, c),
            None => {
                self.w.instructions().local_get(v.0);
            }
        }
    }

    /// Pops the stack's top into register `v` (or leaves it there when `v` is read once).
    pub fn set(&mut self, v: VReg) {
        self.flush();
        if self.info.once.get(v.0 as usize) == Some(&true) {
            self.pending = Some(v.0);
        } else {
            self.w.instructions().local_set(v.0);
        }
    }

    /// True when register `v` is a rematerialized constant (its definition emits nothing).
    pub fn is_const(&self, v: VReg) -> bool {
        self.info.konst(v).is_some()
    }

    /// The constant register `v` stands for, if it is one.
    pub fn konst(&self, v: VReg) -> Option<Const> {
        self.info.konst(v)
    }
}
