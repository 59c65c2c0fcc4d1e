//! x86-64: the module's symbols and the functions' code in one text section.
//!
//! ```text
//!  regs.rs    registers, System V roles        inst.rs    the instruction forms
//!  lower.rs   the walk over one function       ops.rs     computations, memory
//!  calls.rs   calls, returns, tail calls       encode.rs  bytes      print.rs  text
//! ```
//!
//! Target: x86-64-v2 (SSE4.1 for `roundss`/`roundsd`, POPCNT), which every x86-64 machine of
//! the last fifteen years has.

mod calls;
pub mod encode;
pub mod inst;
mod limits;
mod lower;
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
use regs::Gpr;

/// Compiles a module.
pub fn compile(m: &LowModule, opts: &Options) -> Result<Compiled, NativeError> {
    let (mut cx, mut out, wrap) =
        crate::module::start(m, "x86-64", crate::module::counts_limits(m))?;
    for (k, f) in m.funcs.iter().enumerate() {
        let code = lower::Fx::new(&mut cx, f, opts.listing)?.run()?;
        let sym = cx.func_syms[k];
        append(&mut out, &mut cx, sym, &f.name, f.span, code, &[0xCC]);
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
    put(Inst::Push(Gpr::RBP), &mut b);
    put(Inst::MovRR { w: true, dst: Gpr::RBP, src: Gpr::RSP }, &mut b);
    for r in [Gpr::RDI, Gpr::RSI, Gpr::RDX] {
        put(Inst::Push(r), &mut b);
    }
    put(Inst::AluRI { op: inst::Alu::Sub, w: true, dst: Gpr::RSP, imm: 8 }, &mut b);
    if let Some(atexit) = m.structors.atexit {
        let at = cx.func_sym(atexit).0;
        for d in m.structors.dtors.iter().rev() {
            let ds = cx.func_sym(*d).0;
            put(Inst::LeaSym { dst: Gpr::RDI, sym: ds, addend: 0 }, &mut b);
            put(Inst::Call(at), &mut b);
        }
    }
    for c in &m.structors.ctors {
        let cs = cx.func_sym(*c).0;
        put(Inst::Call(cs), &mut b);
    }
    for (k, r) in [Gpr::RDI, Gpr::RSI, Gpr::RDX].into_iter().enumerate() {
        let mem = Mem::at(Gpr::RBP, -8 * (k as i32 + 1));
        put(Inst::Load { kind: inst::Load::L64, dst: r, mem }, &mut b);
    }
    match real {
        Some(s) => put(Inst::Call(s), &mut b),
        None => {
            put(Inst::AluRR { op: inst::Alu::Xor, w: false, dst: Gpr::RAX, src: Gpr::RAX }, &mut b)
        }
    }
    let uncaught = b.label();
    let state = m.exception.map(|i| cx.data_sym(i));
    if let Some(st) = state {
        put(Inst::LeaSym { dst: Gpr::RCX, sym: st, addend: 0 }, &mut b);
        put(Inst::Load { kind: inst::Load::L32, dst: Gpr::RCX, mem: Mem::at(Gpr::RCX, 0) }, &mut b);
        put(Inst::Test { w: false, a: Gpr::RCX, b: Gpr::RCX }, &mut b);
        put(Inst::Jcc(inst::Cc::Ne, uncaught), &mut b);
    }
    put(Inst::MovRR { w: true, dst: Gpr::RSP, src: Gpr::RBP }, &mut b);
    put(Inst::Pop(Gpr::RBP), &mut b);
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
        put(Inst::MovGot { dst: Gpr::RSI, sym: stderr }, &mut b);
        put(Inst::Load { kind: inst::Load::L64, dst: Gpr::RSI, mem: Mem::at(Gpr::RSI, 0) }, &mut b);
        put(Inst::LeaSym { dst: Gpr::RDI, sym: msg, addend: 0 }, &mut b);
        put(Inst::Call(fputs), &mut b);
        put(Inst::MovRI32 { dst: Gpr::RDI, imm: 71 }, &mut b);
        put(Inst::Call(exit), &mut b);
        put(Inst::Ud2, &mut b);
    }
    b.resolve();
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
    append(out, cx, sym, "main", Span::default(), code, &[0xCC]);
    out.main = Some(sym);
}
