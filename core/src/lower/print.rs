//! Text form of the low form, for golden tests and `--emit low`-style debugging.
//!
//! ```text
//! data size=16 align=8
//!   @g = 0 (4 bytes: 2a 00 00 00)
//!   reloc 8: @g+4
//! import @puts(ptr) -> i32
//! func @main() -> i32 frame size=8 align=4 [0: +0 size 4 align 4]
//! bb0:
//!   %0 = slot 0
//!   %1 = const.i32 42
//!   store.4 [%0+0], %1
//!   ret %1
//! ```

use super::form::*;
use std::fmt::Write as _;

fn sig_text(s: &Sig) -> String {
    let mut p: Vec<&str> = s.params.iter().map(|t| t.name()).collect();
    if s.variadic {
        p.push("...");
    }
    match s.ret.as_slice() {
        [] => format!("({})", p.join(", ")),
        [r] => format!("({}) -> {}", p.join(", "), r.name()),
        rs => format!(
            "({}) -> ({})",
            p.join(", "),
            rs.iter().map(|t| t.name()).collect::<Vec<_>>().join(", ")
        ),
    }
}

fn sym_text(m: &LowModule, s: Sym) -> String {
    match s {
        Sym::Data(i) => {
            format!("@{}", m.data.names.get(i as usize).map(String::as_str).unwrap_or("?"))
        }
        Sym::Func(f) => format!("@{}", m.func_sig(f).map(|x| x.0).unwrap_or("?")),
    }
}

fn r(v: VReg) -> String {
    format!("%{}", v.0)
}

fn lower_name<T: std::fmt::Debug>(x: T) -> String {
    format!("{x:?}").to_lowercase()
}

/// Prints a whole low module.
pub fn print_module(m: &LowModule) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "; pointers: {} bytes", m.ptr_bytes);
    let _ = writeln!(out, "data size={} align={}", m.data.bytes.len(), m.data.align);
    for (i, off) in m.data.symbols.iter().enumerate() {
        let next = m.data.symbols.get(i + 1).copied().unwrap_or(m.data.bytes.len() as u32);
        let bytes = m.data.bytes.get(*off as usize..next as usize).unwrap_or(&[]);
        let shown: Vec<String> = bytes.iter().take(32).map(|b| format!("{b:02x}")).collect();
        let more = if bytes.len() > 32 { " ..." } else { "" };
        let _ = writeln!(
            out,
            "  {} = {} ({} bytes: {}{more})",
            sym_text(m, Sym::Data(i as u32)),
            off,
            bytes.len(),
            shown.join(" ")
        );
    }
    for rl in &m.data.relocs {
        let _ = writeln!(out, "  reloc {}: {}{:+}", rl.offset, sym_text(m, rl.sym), rl.addend);
    }
    for im in &m.imports {
        let _ = writeln!(out, "import @{}{}", im.name, sig_text(&im.sig));
    }
    for f in &m.funcs {
        out.push_str(&print_func(m, f));
    }
    out
}

/// Prints one function.
pub fn print_func(m: &LowModule, f: &LowFunc) -> String {
    let mut out = String::new();
    let slots: Vec<String> = f
        .frame
        .slots
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{i}: +{} size {} align {}", s.offset, s.size, s.align))
        .collect();
    let _ = writeln!(
        out,
        "\nfunc @{}{} frame size={} align={} [{}]{}",
        f.name,
        sig_text(&f.sig),
        f.frame.size,
        f.frame.align,
        slots.join(", "),
        if f.dynamic_stack { " dynamic" } else { "" }
    );
    let mut params: Vec<String> =
        f.sig.params.iter().enumerate().map(|(i, t)| format!("%{i}: {}", t.name())).collect();
    if f.sig.variadic {
        params.push(format!("%{}: ptr (variadic area)", f.sig.params.len()));
    }
    if !params.is_empty() {
        let _ = writeln!(out, "  ; params {}", params.join(", "));
    }
    for (bi, b) in f.blocks.iter().enumerate() {
        let _ = writeln!(out, "bb{bi}:");
        for i in &b.insts {
            let _ = writeln!(out, "  {}", inst_text(m, f, i));
        }
        let _ = writeln!(out, "  {}", term_text(m, &b.term));
    }
    out
}

fn ty_of(f: &LowFunc, v: VReg) -> &'static str {
    f.regs.get(v.0 as usize).map(|t| t.name()).unwrap_or("?")
}

fn inst_text(m: &LowModule, f: &LowFunc, i: &Inst) -> String {
    match i {
        Inst::Const { dst, val } => {
            let v = match val {
                Const::I32(x) => format!("i32 {}", *x as i32),
                Const::I64(x) => format!("i64 {}", *x as i64),
                Const::F32(x) => format!("f32 {:?}", f32::from_bits(*x)),
                Const::F64(x) => format!("f64 {:?}", f64::from_bits(*x)),
                Const::Ptr(x) => format!("ptr {}", *x as i64),
                Const::V128(x) => format!("v128 {x:#034x}"),
            };
            format!("{} = const {v}", r(*dst))
        }
        Inst::Addr { dst, sym, addend } => {
            format!("{} = addr {}{:+}", r(*dst), sym_text(m, *sym), addend)
        }
        Inst::Slot { dst, slot } => format!("{} = slot {slot}", r(*dst)),
        Inst::ParCopy { moves } => {
            let d: Vec<String> = moves.iter().map(|(d, _)| r(*d)).collect();
            let s: Vec<String> = moves.iter().map(|(_, s)| r(*s)).collect();
            format!("{} = copy {}", d.join(", "), s.join(", "))
        }
        Inst::Bin { op, ty, dst, a, b } => {
            format!("{} = {}.{} {}, {}", r(*dst), lower_name(op), ty.name(), r(*a), r(*b))
        }
        Inst::Un { op, to, dst, a } => match op {
            Un::SextIn(n) => format!("{} = sext_in{n}.{} {}", r(*dst), to.name(), r(*a)),
            _ => format!(
                "{} = {}.{} {} ; from {}",
                r(*dst),
                lower_name(op),
                to.name(),
                r(*a),
                ty_of(f, *a)
            ),
        },
        Inst::Cmp { cc, ty, dst, a, b } => {
            format!("{} = cmp.{}.{} {}, {}", r(*dst), lower_name(cc), ty.name(), r(*a), r(*b))
        }
        Inst::FCmp { cc, ty, dst, a, b } => {
            format!("{} = fcmp.{}.{} {}, {}", r(*dst), lower_name(cc), ty.name(), r(*a), r(*b))
        }
        Inst::Select { dst, cond, a, b } => {
            format!("{} = select {}, {}, {}", r(*dst), r(*cond), r(*a), r(*b))
        }
        Inst::Load { dst, ty, size, signed, addr, offset } => format!(
            "{} = load{}.{size}.{} [{}+{offset}]",
            r(*dst),
            if *signed { "_s" } else { "" },
            ty.name(),
            r(*addr)
        ),
        Inst::Store { ty, size, addr, offset, src } => {
            format!("store.{size}.{} [{}+{offset}], {}", ty.name(), r(*addr), r(*src))
        }
        Inst::Call(c) => {
            let Call { dst, callee, sig, args, varargs } = &**c;
            let va: Vec<String> =
                varargs.iter().map(|v| format!("{}: {}", r(*v), ty_of(f, *v))).collect();
            let extra = sig.variadic.then(|| format!("... [{}]", va.join(", ")));
            let d = if dst.is_empty() {
                String::new()
            } else {
                format!("{} = ", dst.iter().map(|d| r(*d)).collect::<Vec<_>>().join(", "))
            };
            format!("{d}{}", call_text(m, callee, sig, args, extra))
        }
        Inst::MemCopy { dst, src, len } => format!("memcopy {}, {}, {}", r(*dst), r(*src), r(*len)),
        Inst::MemFill { dst, val, len } => format!("memfill {}, {}, {}", r(*dst), r(*val), r(*len)),
        Inst::DynAlloca { dst, size, align } => {
            format!("{} = dynalloca {}, align {align}", r(*dst), r(*size))
        }
        Inst::VSplat { shape, dst, a } => format!("{} = splat.{} {}", r(*dst), shape.name(), r(*a)),
        Inst::VExtract { shape, lane, dst, a } => {
            format!("{} = extract.{} {}, {lane}", r(*dst), shape.name(), r(*a))
        }
        Inst::VReplace { shape, lane, dst, a, b } => {
            format!("{} = replace.{} {}, {lane}, {}", r(*dst), shape.name(), r(*a), r(*b))
        }
        Inst::VBin { op, shape, dst, a, b } => {
            format!("{} = {}.{} {}, {}", r(*dst), lower_name(op), shape.name(), r(*a), r(*b))
        }
        Inst::VUn { op, shape, dst, a } => {
            format!("{} = {}.{} {}", r(*dst), lower_name(op), shape.name(), r(*a))
        }
        Inst::VShift { op, shape, dst, a, amount } => {
            format!("{} = {}.{} {}, {}", r(*dst), lower_name(op), shape.name(), r(*a), r(*amount))
        }
        Inst::VShuffle { dst, a, b, bytes } => {
            let idx: Vec<String> = bytes.iter().map(|x| x.to_string()).collect();
            format!("{} = shuffle {}, {} [{}]", r(*dst), r(*a), r(*b), idx.join(" "))
        }
        Inst::VaStart { ap } => format!("va_start {}", r(*ap)),
        Inst::VaArg { dst, ty, ap } => format!("{} = va_arg.{} {}", r(*dst), ty.name(), r(*ap)),
        Inst::Fuel { steps } => format!("fuel {steps}"),
        Inst::Enter => "enter".to_string(),
        Inst::Leave => "leave".to_string(),
    }
}

/// `call CALLEE(ARGS[, EXTRA]) SIG`.
fn call_text(
    m: &LowModule,
    callee: &Callee,
    sig: &Sig,
    args: &[VReg],
    extra: Option<String>,
) -> String {
    let c = match callee {
        Callee::Direct(fr) => format!("@{}", m.func_sig(*fr).map(|x| x.0).unwrap_or("?")),
        Callee::Indirect(v) => r(*v),
    };
    let mut a: Vec<String> = args.iter().map(|v| r(*v)).collect();
    a.extend(extra);
    format!("call {c}({}) {}", a.join(", "), sig_text(sig))
}

fn term_text(m: &LowModule, t: &Term) -> String {
    match t {
        Term::Jump(b) => format!("jump bb{}", b.0),
        Term::Branch { cond, then, else_ } => {
            format!("branch {}, bb{}, bb{}", r(*cond), then.0, else_.0)
        }
        Term::Table { idx, targets, default } => {
            let ts: Vec<String> = targets.iter().map(|b| format!("bb{}", b.0)).collect();
            format!("table {} [{}] default bb{}", r(*idx), ts.join(", "), default.0)
        }
        Term::Ret(vs) if vs.is_empty() => "ret".to_string(),
        Term::Ret(vs) => format!("ret {}", vs.iter().map(|v| r(*v)).collect::<Vec<_>>().join(", ")),
        Term::TailCall { callee, sig, args } => {
            format!("tail {}", call_text(m, callee, sig, args, None))
        }
        Term::Trap => "trap".to_string(),
    }
}
