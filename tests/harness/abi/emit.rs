//! The native ABI test's IR: each signature's callee and caller (see `gen.rs`), modules A and
//! B and `main`, for the x86-64 System V convention or AAPCS64 (whose `va_arg` is expanded
//! inline on its `va_list`, as clang does: `llc-19` lowers the `va_arg` instruction for
//! AArch64 only in the Darwin convention).

use super::*;

/// A function body being written: numbered temporaries.
struct Body {
    text: String,
    n: usize,
}

impl Body {
    fn new() -> Body {
        Body { text: String::new(), n: 0 }
    }
    fn tmp(&mut self) -> String {
        self.n += 1;
        format!("%t{}", self.n)
    }
    /// `%t = <rhs>`.
    fn def(&mut self, rhs: impl AsRef<str>) -> String {
        let t = self.tmp();
        let _ = writeln!(self.text, "  {t} = {}", rhs.as_ref());
        t
    }
    fn line(&mut self, s: impl AsRef<str>) {
        let _ = writeln!(self.text, "  {}", s.as_ref());
    }
    /// `h` folded with the `i64` `x`.
    fn fold(&mut self, h: &str, x: &str) -> String {
        let t = self.def(format!("xor i64 {h}, {x}"));
        self.def(format!("mul i64 {t}, {}", MUL as i64))
    }
    /// An integer or float value of type `ty` as the fold's `i64`.
    fn widen(&mut self, ty: &str, v: &str, signed: bool) -> String {
        match ty {
            "i64" => v.to_owned(),
            "float" => {
                let t = self.def(format!("bitcast float {v} to i32"));
                self.def(format!("zext i32 {t} to i64"))
            }
            "double" => self.def(format!("bitcast double {v} to i64")),
            _ => self.def(format!("{} {ty} {v} to i64", if signed { "sext" } else { "zext" })),
        }
    }
    /// A label line (ends the block before it).
    fn label(&mut self, name: &str) {
        let _ = writeln!(self.text, "{name}:");
    }

    /// The next variadic argument of kind `v` from the AAPCS64 `va_list` at `%ap` (`{ ptr
    /// __stack, ptr __gr_top, ptr __vr_top, i32 __gr_offs, i32 __vr_offs }`), as the fold's
    /// `i64`, expanded as clang expands `va_arg`: from the general (or vector) register save
    /// area while its offset is negative, else from the stack; integers and pointers take
    /// 8-byte slots, doubles 16-byte vector slots, each read at its start (little-endian).
    fn va_arg_aapcs64(&mut self, v: &VArg) -> String {
        let n = self.tmp().trim_start_matches("%t").to_string();
        let (fp, ty) = match v {
            VArg::I32(_) => (false, "i32"),
            VArg::I64(_) => (false, "i64"),
            VArg::F64(_) => (true, "double"),
            VArg::Ptr(_) => (false, "ptr"),
        };
        let (offs_at, top_at, step) = if fp { (28, 16, 16) } else { (24, 8, 8) };
        let offs_p = self.def(format!("getelementptr inbounds i8, ptr %ap, i64 {offs_at}"));
        let offs = self.def(format!("load i32, ptr {offs_p}"));
        let used = self.def(format!("icmp sge i32 {offs}, 0"));
        self.line(format!("br i1 {used}, label %va{n}.stack, label %va{n}.maybe"));
        self.label(&format!("va{n}.maybe"));
        let next = self.def(format!("add i32 {offs}, {step}"));
        self.line(format!("store i32 {next}, ptr {offs_p}"));
        let fits = self.def(format!("icmp sle i32 {next}, 0"));
        self.line(format!("br i1 {fits}, label %va{n}.reg, label %va{n}.stack"));
        self.label(&format!("va{n}.reg"));
        let top_p = self.def(format!("getelementptr inbounds i8, ptr %ap, i64 {top_at}"));
        let top = self.def(format!("load ptr, ptr {top_p}"));
        let off = self.def(format!("sext i32 {offs} to i64"));
        let in_reg = self.def(format!("getelementptr inbounds i8, ptr {top}, i64 {off}"));
        self.line(format!("br label %va{n}.end"));
        self.label(&format!("va{n}.stack"));
        let stack = self.def("load ptr, ptr %ap");
        let after = self.def(format!("getelementptr inbounds i8, ptr {stack}, i64 8"));
        self.line(format!("store ptr {after}, ptr %ap"));
        self.line(format!("br label %va{n}.end"));
        self.label(&format!("va{n}.end"));
        let addr = self.def(format!("phi ptr [ {in_reg}, %va{n}.reg ], [ {stack}, %va{n}.stack ]"));
        let val = self.def(format!("load {ty}, ptr {addr}"));
        match v {
            VArg::I32(_) => self.widen("i32", &val, false),
            VArg::I64(_) => val,
            VArg::F64(_) => self.widen("double", &val, false),
            VArg::Ptr(_) => self.def(format!("load i64, ptr {val}, align 8")),
        }
    }

    /// The result leaf `j` (of type `l`) derived from the checksum `h`.
    fn ret_leaf(&mut self, h: &str, j: u64, l: Leaf) -> String {
        let lv = self.fold(h, &(SALT + j).to_string());
        match l {
            Leaf::I(64) => lv,
            Leaf::I(b) => self.def(format!("trunc i64 {lv} to i{b}")),
            Leaf::F32 => {
                let a = self.def(format!("and i64 {lv}, {}", 0x807F_FFFFu64));
                let o = self.def(format!("or i64 {a}, {}", 0x3F80_0000u64));
                let t = self.def(format!("trunc i64 {o} to i32"));
                self.def(format!("bitcast i32 {t} to float"))
            }
            Leaf::F64 => {
                let a = self.def(format!("and i64 {lv}, {}", 0x800F_FFFF_FFFF_FFFFu64 as i64));
                let o = self.def(format!("or i64 {a}, {}", 0x3FF0_0000_0000_0000u64 as i64));
                self.def(format!("bitcast i64 {o} to double"))
            }
        }
    }
}

fn callee(s: &Sig, data: &str) -> String {
    let mut b = Body::new();
    let mut h = ((0xCBF2_9CE4_8422_2325u64 ^ s.id as u64) as i64).to_string();
    let mut ps: Vec<String> = s.sret_param().map(|p| format!("{p} %out")).into_iter().collect();
    for (k, a) in s.params.iter().enumerate() {
        let p = format!("%p{k}");
        ps.push(format!("{} {p}", s.param_ty(a)));
        match a {
            Arg::Int { bits: 128, .. } => {
                let lo = b.def(format!("trunc i128 {p} to i64"));
                h = b.fold(&h, &lo);
                let sh = b.def(format!("lshr i128 {p}, 64"));
                let hi = b.def(format!("trunc i128 {sh} to i64"));
                h = b.fold(&h, &hi);
            }
            Arg::Int { bits, ext, .. } => {
                let x = b.widen(&format!("i{bits}"), &p, *ext == Ext::S);
                h = b.fold(&h, &x);
            }
            Arg::Ptr { .. } => {
                let x = b.def(format!("load i64, ptr {p}, align 8"));
                h = b.fold(&h, &x);
            }
            Arg::F32(_) | Arg::F64(_) => {
                let ty = if matches!(a, Arg::F32(_)) { "float" } else { "double" };
                let x = b.widen(ty, &p, false);
                h = b.fold(&h, &x);
            }
            Arg::V2F32(_) => {
                for j in 0..2 {
                    let e = b.def(format!("extractelement <2 x float> {p}, i32 {j}"));
                    let x = b.widen("float", &e, false);
                    h = b.fold(&h, &x);
                }
            }
            Arg::Agg(ls) | Arg::Arr(ls) => {
                let ty = s.param_ty(a);
                for (j, (l, _)) in ls.iter().enumerate() {
                    let e = b.def(format!("extractvalue {ty} {p}, {j}"));
                    let x = b.widen(&l.ir(), &e, false);
                    h = b.fold(&h, &x);
                }
            }
            Arg::ByVal { s: si, .. } => {
                let st = s.sname(*si);
                for (j, l) in s.structs[*si].fields.iter().enumerate() {
                    let f = b.def(format!("getelementptr inbounds {st}, ptr {p}, i32 0, i32 {j}"));
                    let v = b.def(format!("load {}, ptr {f}", l.ir()));
                    let x = b.widen(&l.ir(), &v, false);
                    h = b.fold(&h, &x);
                }
                // The callee owns its copy: a write must not reach the caller's struct.
                let l = s.structs[*si].fields[0];
                b.line(format!("store {} {}, ptr {p}", l.ir(), l.lit(0x5A5A_5A5A_5A5A_5A5A)));
            }
        }
    }
    if let Some(va) = &s.varargs {
        ps.push("...".into());
        let size = if s.abi == Abi::Aapcs64 { 32 } else { 24 };
        b.line(format!("%ap = alloca [{size} x i8], align 16"));
        b.line("call void @llvm.va_start.p0(ptr %ap)");
        for v in va {
            let x = match v {
                _ if s.abi == Abi::Aapcs64 => b.va_arg_aapcs64(v),
                VArg::I32(_) => {
                    let v = b.def("va_arg ptr %ap, i32");
                    b.widen("i32", &v, false)
                }
                VArg::I64(_) => b.def("va_arg ptr %ap, i64"),
                VArg::F64(_) => {
                    let v = b.def("va_arg ptr %ap, double");
                    b.widen("double", &v, false)
                }
                VArg::Ptr(_) => {
                    let q = b.def("va_arg ptr %ap, ptr");
                    b.def(format!("load i64, ptr {q}, align 8"))
                }
            };
            h = b.fold(&h, &x);
        }
        b.line("call void @llvm.va_end.p0(ptr %ap)");
    }
    b.line(format!("store i64 {h}, ptr @abi_hash, align 8"));
    let rty = s.ret_ty();
    match &s.ret {
        Ret::Int { bits: 128, .. } => {
            let lo = b.ret_leaf(&h, 0, Leaf::I(64));
            let hi = b.ret_leaf(&h, 1, Leaf::I(64));
            let lo = b.def(format!("zext i64 {lo} to i128"));
            let hi = b.def(format!("zext i64 {hi} to i128"));
            let hi = b.def(format!("shl i128 {hi}, 64"));
            let v = b.def(format!("or i128 {hi}, {lo}"));
            b.line(format!("ret i128 {v}"));
        }
        Ret::Int { bits, .. } => {
            let v = b.ret_leaf(&h, 0, Leaf::I(*bits.max(&8)));
            let v = if *bits == 1 { b.def(format!("trunc i8 {v} to i1")) } else { v };
            b.line(format!("ret i{bits} {v}"));
        }
        Ret::Ptr => {
            let lv = b.fold(&h, &SALT.to_string());
            let k = b.def(format!("and i64 {lv}, 7"));
            let q = b.def(format!("getelementptr inbounds i64, ptr {data}, i64 {k}"));
            b.line(format!("ret ptr {q}"));
        }
        Ret::F32 | Ret::F64 => {
            let l = if matches!(s.ret, Ret::F32) { Leaf::F32 } else { Leaf::F64 };
            let v = b.ret_leaf(&h, 0, l);
            b.line(format!("ret {rty} {v}"));
        }
        Ret::V2F32 => {
            let mut acc = "poison".to_owned();
            for j in 0..2 {
                let v = b.ret_leaf(&h, j, Leaf::F32);
                acc = b.def(format!("insertelement <2 x float> {acc}, float {v}, i32 {j}"));
            }
            b.line(format!("ret <2 x float> {acc}"));
        }
        Ret::Agg(ls) | Ret::Arr(ls) => {
            let mut acc = "poison".to_owned();
            for (j, l) in ls.iter().enumerate() {
                let v = b.ret_leaf(&h, j as u64, *l);
                acc = b.def(format!("insertvalue {rty} {acc}, {} {v}, {j}", l.ir()));
            }
            b.line(format!("ret {rty} {acc}"));
        }
        Ret::Sret(si) => {
            let st = s.sname(*si);
            for (j, l) in s.structs[*si].fields.iter().enumerate() {
                let v = b.ret_leaf(&h, j as u64, *l);
                let f = b.def(format!("getelementptr inbounds {st}, ptr %out, i32 0, i32 {j}"));
                b.line(format!("store {} {v}, ptr {f}", l.ir()));
            }
            b.line("ret void");
        }
    }
    // The leaf of an i1 result comes from an i8 (ret_leaf takes whole bytes): same bit.
    format!("define {rty} @callee_{}({}) {{\nentry:\n{}}}\n\n", s.id, ps.join(", "), b.text)
}

fn caller(s: &Sig, data: &str) -> String {
    let mut b = Body::new();
    let mut args: Vec<String> = Vec::new();
    if let Ret::Sret(si) = s.ret {
        b.line(format!("%out = alloca {}, align 8", s.sname(si)));
        args.push(format!("ptr noalias sret({}) align 8 %out", s.sname(si)));
    }
    let mut byvals = Vec::new();
    for (k, a) in s.params.iter().enumerate() {
        let ty = s.param_ty(a);
        let v = match a {
            Arg::Int { bits, v, .. } => int_lit(*bits, *v),
            Arg::Ptr { k } => {
                b.def(format!("getelementptr inbounds [8 x i64], ptr {data}, i64 0, i64 {k}"))
            }
            Arg::F32(f) => f32_lit(*f),
            Arg::F64(f) => f64_lit(*f),
            Arg::V2F32([x, y]) => format!("<float {}, float {}>", f32_lit(*x), f32_lit(*y)),
            Arg::Agg(ls) => {
                let fs: Vec<String> =
                    ls.iter().map(|(l, v)| format!("{} {}", l.ir(), l.lit(*v))).collect();
                format!("{{ {} }}", fs.join(", "))
            }
            Arg::Arr(ls) => {
                let fs: Vec<String> =
                    ls.iter().map(|(l, v)| format!("{} {}", l.ir(), l.lit(*v))).collect();
                format!("[{}]", fs.join(", "))
            }
            Arg::ByVal { s: si, vals } => {
                let st = s.sname(*si);
                let p = format!("%bv{k}");
                b.line(format!("{p} = alloca {st}, align 8"));
                for (j, (l, v)) in s.structs[*si].fields.iter().zip(vals).enumerate() {
                    let f = b.def(format!("getelementptr inbounds {st}, ptr {p}, i32 0, i32 {j}"));
                    b.line(format!("store {} {}, ptr {f}", l.ir(), l.lit(*v)));
                }
                byvals.push((p.clone(), s.structs[*si].fields[0]));
                p
            }
        };
        args.push(format!("{ty} {v}"));
    }
    for v in s.varargs.iter().flatten() {
        args.push(match v {
            VArg::I32(x) => format!("i32 {}", *x as i32),
            VArg::I64(x) => format!("i64 {}", *x as i64),
            VArg::F64(f) => format!("double {}", f64_lit(*f)),
            VArg::Ptr(k) => {
                let q =
                    b.def(format!("getelementptr inbounds [8 x i64], ptr {data}, i64 0, i64 {k}"));
                format!("ptr {q}")
            }
        });
    }
    let rty = s.ret_ty();
    let callee_ty = if s.varargs.is_some() {
        let mut ps: Vec<String> = s.sret_param().map(|_| "ptr".to_owned()).into_iter().collect();
        ps.extend(s.params.iter().map(|a| s.param_ty(a).split(' ').next().unwrap().to_owned()));
        ps.push("...".into());
        format!("{} ({})", s.ret_plain(), ps.join(", "))
    } else {
        rty.clone()
    };
    let call = format!("call {callee_ty} @callee_{}({})", s.id, args.join(", "));
    let r = if matches!(s.ret, Ret::Sret(_)) {
        b.line(&call);
        String::new()
    } else {
        let r = b.tmp();
        b.line(format!("{r} = {call}"));
        r
    };
    let mut g = ((0x8422_2325_CBF2_9CE4u64 ^ s.id as u64) as i64).to_string();
    match &s.ret {
        Ret::Int { bits: 128, .. } => {
            let lo = b.def(format!("trunc i128 {r} to i64"));
            g = b.fold(&g, &lo);
            let sh = b.def(format!("lshr i128 {r}, 64"));
            let hi = b.def(format!("trunc i128 {sh} to i64"));
            g = b.fold(&g, &hi);
        }
        Ret::Int { bits, ext } => {
            let x = b.widen(&format!("i{bits}"), &r, *ext == Ext::S);
            g = b.fold(&g, &x);
        }
        Ret::Ptr => {
            let x = b.def(format!("load i64, ptr {r}, align 8"));
            g = b.fold(&g, &x);
        }
        Ret::F32 => {
            let x = b.widen("float", &r, false);
            g = b.fold(&g, &x);
        }
        Ret::F64 => {
            let x = b.widen("double", &r, false);
            g = b.fold(&g, &x);
        }
        Ret::V2F32 => {
            for j in 0..2 {
                let e = b.def(format!("extractelement <2 x float> {r}, i32 {j}"));
                let x = b.widen("float", &e, false);
                g = b.fold(&g, &x);
            }
        }
        Ret::Agg(ls) | Ret::Arr(ls) => {
            for (j, l) in ls.iter().enumerate() {
                let e = b.def(format!("extractvalue {rty} {r}, {j}"));
                let x = b.widen(&l.ir(), &e, false);
                g = b.fold(&g, &x);
            }
        }
        Ret::Sret(si) => {
            let st = s.sname(*si);
            for (j, l) in s.structs[*si].fields.iter().enumerate() {
                let f = b.def(format!("getelementptr inbounds {st}, ptr %out, i32 0, i32 {j}"));
                let v = b.def(format!("load {}, ptr {f}", l.ir()));
                let x = b.widen(&l.ir(), &v, false);
                g = b.fold(&g, &x);
            }
        }
    }
    let x = b.def("load i64, ptr @abi_hash, align 8");
    g = b.fold(&g, &x);
    for (p, l) in byvals {
        let v = b.def(format!("load {}, ptr {p}", l.ir()));
        let x = b.widen(&l.ir(), &v, false);
        g = b.fold(&g, &x);
    }
    b.line(format!("ret i64 {g}"));
    format!("define i64 @caller_{}() {{\nentry:\n{}}}\n\n", s.id, b.text)
}

fn cstr(out: &mut String, name: &str, s: &str) {
    let mut esc = String::new();
    for c in s.bytes() {
        if c.is_ascii_graphic() && c != b'"' && c != b'\\' || c == b' ' {
            esc.push(c as char);
        } else {
            let _ = write!(esc, "\\{c:02X}");
        }
    }
    let _ = writeln!(out, "{name} = private constant [{} x i8] c\"{esc}\\00\"", s.len() + 1);
}

/// Module A (`a == true`: callers of even signatures, callees of odd ones, `main`) or B.
pub fn module(sigs: &[Sig], a: bool) -> String {
    let mut out = String::new();
    out.push_str("; Generated by tests/harness/abi/gen.rs (the native ABI test).\n");
    if sigs.first().is_some_and(|s| s.abi == Abi::Aapcs64) {
        out.push_str(
            "target datalayout = \"e-m:e-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32\"\n",
        );
        out.push_str("target triple = \"aarch64-unknown-linux-gnu\"\n\n");
    } else {
        out.push_str("target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n");
        out.push_str("target triple = \"x86_64-pc-linux-gnu\"\n\n");
    }
    for s in sigs {
        for (k, st) in s.structs.iter().enumerate() {
            let _ = writeln!(out, "{} = type {}", s.sname(k), st.ir());
        }
    }
    let data = if a { "@data_a" } else { "@data_b" };
    let vals: Vec<String> = (0..8).map(|k| format!("i64 {}", data_val(k))).collect();
    let _ = writeln!(out, "{data} = internal constant [8 x i64] [{}], align 8", vals.join(", "));
    // The callee's whole checksum, stored by the callee and read by the caller.
    out.push_str(if a {
        "@abi_hash = global i64 0, align 8\n"
    } else {
        "@abi_hash = external global i64, align 8\n"
    });
    out.push_str("declare void @llvm.va_start.p0(ptr)\ndeclare void @llvm.va_end.p0(ptr)\n\n");
    for s in sigs {
        let caller_here = (s.id % 2 == 0) == a;
        if caller_here {
            let _ = writeln!(
                out,
                "declare {} @callee_{}({})",
                s.ret_ty(),
                s.id,
                s.decl_params().join(", ")
            );
            out.push_str(&caller(s, data));
        } else {
            out.push_str(&callee(s, data));
            if a {
                let _ = writeln!(out, "declare i64 @caller_{}()", s.id);
            }
        }
    }
    if a {
        out.push_str(&main(sigs));
    }
    out
}

fn data_val(k: u64) -> i64 {
    data(k) as i64
}

fn main(sigs: &[Sig]) -> String {
    let mut out = String::new();
    cstr(&mut out, "@fmt_ok", "sig %d ok\n");
    cstr(&mut out, "@fmt_bad", "sig %d BAD got %llx want %llx\n");
    out.push_str(
        "declare i32 @printf(ptr, ...)\ndeclare i32 @fflush(ptr)\ndeclare i32 @atoi(ptr)\n\n",
    );
    out.push_str("define i32 @main(i32 %argc, ptr %argv) {\nentry:\n");
    out.push_str("  %has = icmp sgt i32 %argc, 1\n  br i1 %has, label %arg, label %c0\n");
    out.push_str("arg:\n  %ap = getelementptr ptr, ptr %argv, i64 1\n  %as = load ptr, ptr %ap\n");
    out.push_str("  %an = call i32 @atoi(ptr %as)\n  br label %c0\n");
    for (i, s) in sigs.iter().enumerate() {
        let want = s.expected() as i64;
        let start = if i == 0 {
            out.push_str("c0:\n  %start = phi i32 [ 0, %entry ], [ %an, %arg ]\n");
            "%start"
        } else {
            let _ = writeln!(out, "c{i}:");
            "%start"
        };
        let _ = writeln!(out, "  %skip{i} = icmp sgt i32 {start}, {i}");
        let _ = writeln!(out, "  br i1 %skip{i}, label %c{}, label %r{i}", i + 1);
        let _ = writeln!(out, "r{i}:\n  %v{i} = call i64 @caller_{}()", s.id);
        let _ = writeln!(out, "  %ok{i} = icmp eq i64 %v{i}, {want}");
        let _ = writeln!(out, "  br i1 %ok{i}, label %g{i}, label %b{i}");
        let _ = writeln!(out, "g{i}:\n  call i32 (ptr, ...) @printf(ptr @fmt_ok, i32 {i})");
        let _ = writeln!(out, "  call i32 @fflush(ptr null)\n  br label %c{}", i + 1);
        let _ = writeln!(
            out,
            "b{i}:\n  call i32 (ptr, ...) @printf(ptr @fmt_bad, i32 {i}, i64 %v{i}, i64 {want})"
        );
        let _ = writeln!(out, "  call i32 @fflush(ptr null)\n  br label %c{}", i + 1);
    }
    let _ = writeln!(out, "c{}:\n  ret i32 0\n}}", sigs.len());
    out
}
