//! AArch64 (ARMv8-A, AAPCS64, ELF): the module's symbols and the functions' code in one text
//! section, on the same machinery as x86-64 (`analysis.rs`, `assign.rs`, `abi.rs`,
//! `buffer.rs`, `frame.rs`, `listing.rs`, `object.rs`).
//!
//! ```text
//!  regs.rs    registers, AAPCS64 roles         inst.rs    the instruction forms
//!  lower.rs   the walk over one function       ops.rs     computations
//!  mem.rs     memory, va_list                  fops.rs    floats, conversions
//!  frame.rs   prologue, epilogue
//!  calls.rs   calls, returns, tail calls       imm.rs     immediates
//!  encode.rs  words                            print.rs   text
//! ```
//!
//! Target: ARMv8.0-A with no optional extension (a Cortex-A53 runs the code): atomics are
//! load-exclusive/store-exclusive loops, population counts go through the SIMD `cnt`.
//!
//! Faults: the hardware does not trap on integer division, so a division by zero (and the
//! signed `MIN / -1`, which traps on x86-64) branches to a `brk #1` (`SIGTRAP`), reported as
//! an integer division by zero; `unreachable` is `udf #0` (`SIGILL`), as x86-64's `ud2`.

mod calls;
pub mod encode;
mod fops;
mod frame;
pub mod imm;
pub mod inst;
mod limits;
mod lower;
mod mem;
mod ops;
pub mod print;
pub mod regs;
#[cfg(test)]
mod tests;

use crate::buffer::Buffer;
use crate::module::{append, FuncCode, ModCx, Namer, UNCAUGHT};
use crate::{Compiled, NativeError, Options, Section, SymId, Symbol};
use inst::{Inst, Mem};
use irplay_core::diag::Span;
use irplay_core::lower::LowModule;
use regs::X;

/// Compiles a module.
pub fn compile(m: &LowModule, opts: &Options) -> Result<Compiled, NativeError> {
    let (mut cx, mut out, wrap) =
        crate::module::start(m, "AArch64", crate::module::counts_limits(m))?;
    for (k, f) in m.funcs.iter().enumerate() {
        let code = match lower::Fx::new(&mut cx, f, opts.listing)?.run() {
            // Over 1 MiB of code: again, with every conditional branch in the long form.
            Err(e) if e.message == frame::OUT_OF_RANGE => {
                let mut fx = lower::Fx::new(&mut cx, f, opts.listing)?;
                fx.long_branches = true;
                fx.run()?
            }
            r => r?,
        };
        let sym = cx.func_syms[k];
        append(&mut out, &mut cx, sym, &f.name, f.span, code, &[0; 4]);
    }
    if wrap {
        main_wrapper(&mut out, &mut cx, opts.listing);
    }
    Ok(crate::module::finish(out, cx))
}

/// The `main` of a module with global constructors or destructors, or one that can throw:
/// registers the destructors with `atexit` (last first), runs the constructors in order,
/// calls the module's `main` with its arguments, and when an exception escaped it (the
/// exception state is set) reports it as the interpreter does and exits with status 71.
fn main_wrapper(out: &mut Compiled, cx: &mut ModCx, listing: bool) {
    use inst::{LoadKind, MovOp};
    let m = cx.m;
    let real = m.funcs.iter().position(|f| f.name == "main").map(|k| cx.func_syms[k]);
    let sym = cx.symbols.len() as SymId;
    cx.symbols.push(Symbol {
        name: "main".to_string(),
        def: Some((Section::Text, 0, 0)),
        func: true,
        global: true,
    });
    let mut b = Buffer::default();
    let mut insts = Vec::new();
    let mut put = |i: Inst, b: &mut Buffer| {
        if listing {
            insts.push((b.pos(), i.clone()));
        }
        encode::encode(&i, b);
    };
    let (fp, lr, sp) = (X::FP, X::LR, X::SP);
    put(
        Inst::Pair { load: false, sf: true, rt: fp, rt2: lr, mem: Mem::Pre { base: sp, off: -48 } },
        &mut b,
    );
    put(
        Inst::AddImm { op: inst::AddOp::Add, sf: true, rd: fp, rn: sp, imm12: 0, lsl12: false },
        &mut b,
    );
    put(Inst::Pair { load: false, sf: true, rt: X(0), rt2: X(1), mem: Mem::at(sp, 16) }, &mut b);
    put(Inst::Store { bytes: 8, rt: X(2), mem: Mem::at(sp, 32) }, &mut b);
    if let Some(atexit) = m.structors.atexit {
        let at = cx.func_sym(atexit).0;
        for d in m.structors.dtors.iter().rev() {
            let ds = cx.func_sym(*d).0;
            put(Inst::AddrSym { rd: X(0), sym: ds, addend: 0 }, &mut b);
            put(Inst::Bl(at), &mut b);
        }
    }
    for c in &m.structors.ctors {
        let cs = cx.func_sym(*c).0;
        put(Inst::Bl(cs), &mut b);
    }
    put(Inst::Pair { load: true, sf: true, rt: X(0), rt2: X(1), mem: Mem::at(sp, 16) }, &mut b);
    put(Inst::Load { kind: LoadKind::U64, rt: X(2), mem: Mem::at(sp, 32) }, &mut b);
    match real {
        Some(s) => put(Inst::Bl(s), &mut b),
        None => {
            put(Inst::MovWide { op: MovOp::Movz, sf: false, rd: X(0), imm16: 0, hw: 0 }, &mut b)
        }
    }
    let uncaught = b.label();
    let state = m.exception.map(|i| cx.data_sym(i));
    if let Some(st) = state {
        put(Inst::AddrSym { rd: X::X16, sym: st, addend: 0 }, &mut b);
        put(Inst::Load { kind: LoadKind::U32, rt: X::X16, mem: Mem::at(X::X16, 0) }, &mut b);
        put(Inst::Cbz { nz: true, sf: false, rt: X::X16, label: uncaught }, &mut b);
    }
    put(
        Inst::Pair { load: true, sf: true, rt: fp, rt2: lr, mem: Mem::Post { base: sp, off: 48 } },
        &mut b,
    );
    put(Inst::Ret, &mut b);
    if state.is_some() {
        b.bind(uncaught);
        while !out.data.len().is_multiple_of(8) {
            out.data.push(0);
        }
        let msg = cx.symbols.len() as SymId;
        cx.symbols.push(Symbol {
            name: "__irplay_uncaught".to_string(),
            def: Some((Section::Data, out.data.len() as u32, UNCAUGHT.len() as u32)),
            func: false,
            global: false,
        });
        out.data.extend_from_slice(UNCAUGHT);
        let stderr = cx.ext_sym("stderr");
        if let Some(s) = cx.symbols.get_mut(stderr as usize) {
            s.func = false;
        }
        let (fputs, exit) = (cx.ext_sym("fputs"), cx.ext_sym("exit"));
        put(Inst::AddrGot { rd: X(1), sym: stderr }, &mut b);
        put(Inst::Load { kind: LoadKind::U64, rt: X(1), mem: Mem::at(X(1), 0) }, &mut b);
        put(Inst::AddrSym { rd: X(0), sym: msg, addend: 0 }, &mut b);
        put(Inst::Bl(fputs), &mut b);
        put(Inst::MovWide { op: MovOp::Movz, sf: false, rd: X(0), imm16: 71, hw: 0 }, &mut b);
        put(Inst::Bl(exit), &mut b);
        put(Inst::Udf(0), &mut b);
    }
    let _ = b.resolve_checked();
    let names = Namer { cx, buf: &b, shift: 0 };
    let mut texts = Vec::new();
    for (k, (o, i)) in insts.iter().enumerate() {
        let end = insts.get(k + 1).map_or(b.pos(), |n| n.0);
        texts.push((*o, (end - o) as u8, print::print(i, &names)));
    }
    let code = FuncCode {
        bytes: b.bytes,
        relocs: b.relocs,
        locs: Vec::new(),
        insts: texts,
        notes: Vec::new(),
        sites: Vec::new(),
    };
    append(out, cx, sym, "main", Span::default(), code, &[0; 4]);
    out.main = Some(sym);
}
