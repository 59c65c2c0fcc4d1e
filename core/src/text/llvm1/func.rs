//! Functions and instructions of a 1.x module in modern spelling.

use super::ast::*;
use super::consts::CastKind;
use super::emit::{sigil, Em, R, UNWIND_FN};
use crate::diag::{Diagnostic, Span};
use rustc_hash::FxHashMap as HashMap;

/// What a 1.x instruction defines: its result type (`None` for no value).
fn result_ty(em: &Em, op: &Op, span: Span) -> R<Option<Ty>> {
    Ok(match op {
        Op::Bin { op, ty, .. } => {
            if op.starts_with("set") {
                Some(Ty::Bool)
            } else {
                Some(ty.clone())
            }
        }
        Op::Not(t, _) => Some(t.clone()),
        Op::Cast(_, _, t) | Op::NamedCast(_, _, _, t) => Some(t.clone()),
        Op::Load { pty, .. } => Some(em.pointee(pty, span)?),
        Op::Alloca { ty, .. } => Some(Ty::Ptr(Box::new(ty.clone()))),
        Op::Gep { pty, idx, .. } => Some(Ty::Ptr(Box::new(gep_ty(em, pty, idx, span)?))),
        Op::Phi(t, _) => Some(t.clone()),
        Op::Select { ty, .. } => Some(ty.clone()),
        Op::Call { ty, .. } | Op::Invoke { ty, .. } => {
            let r = ret_of(em, ty);
            if r == Ty::Void {
                None
            } else {
                Some(r)
            }
        }
        Op::VaArg { next: false, arg, .. } => Some(arg.clone()),
        Op::VaArg { next: true, ty, .. } => Some(ty.clone()),
        _ => None,
    })
}

/// A pre-1.5 varargs operation: zero-argument `llvm.va_start()`, one-argument
/// `llvm.va_copy(l)`, `vanext` (`Next`) or `vaarg` (`Arg`).
enum OldVa {
    Start,
    Copy,
    Next,
    Arg,
}

/// The `va_list` storage of a pre-1.5 varargs list value.
const VA_LIST: &str = "[32 x i8]";

fn old_vararg(op: &Op) -> Option<OldVa> {
    match op {
        Op::Call { callee: Val::Name(n, _), args, .. } => match (n.as_str(), args.len()) {
            ("llvm.va_start", 0) => Some(OldVa::Start),
            ("llvm.va_copy", 1) => Some(OldVa::Copy),
            _ => None,
        },
        Op::VaArg { next: true, .. } => Some(OldVa::Next),
        Op::VaArg { next: false, .. } => Some(OldVa::Arg),
        _ => None,
    }
}

/// The return type of a call written with type `ty` (a return type, or a function pointer).
pub(super) fn ret_of(em: &Em, ty: &Ty) -> Ty {
    match em.resolve(ty) {
        Ty::Ptr(f) => match em.resolve(&f) {
            Ty::Func { ret, .. } => *ret,
            _ => ty.clone(),
        },
        Ty::Func { ret, .. } => *ret,
        _ => ty.clone(),
    }
}

/// The names an instruction uses as labels.
fn label_uses(op: &Op) -> impl Iterator<Item = &str> {
    let mut v: Vec<&Val> = Vec::new();
    match op {
        Op::Br(l) => v.push(l),
        Op::CondBr(_, a, b) => v.extend([a, b]),
        Op::Switch { default, cases, .. } => {
            v.push(default);
            v.extend(cases.iter().map(|c| &c.2));
        }
        Op::Phi(_, inc) => v.extend(inc.iter().map(|i| &i.1)),
        Op::Invoke { to, unwind, .. } => v.extend([to, unwind]),
        _ => {}
    }
    v.into_iter().filter_map(|l| match l {
        Val::Name(n, _) => Some(n.as_str()),
        Val::Const(_) => None,
    })
}

/// The type `getelementptr` indexes to.
fn gep_ty(em: &Em, pty: &Ty, idx: &[(Ty, Val)], span: Span) -> R<Ty> {
    let mut cur = em.pointee(pty, span)?;
    for (it, iv) in idx.iter().skip(1) {
        cur = match em.resolve_all(&cur) {
            Ty::Struct(f) => {
                let n = match iv {
                    Val::Const(c) => em.eval(c, it),
                    _ => None,
                };
                let n = n.ok_or_else(|| {
                    Diagnostic::error(span, "a structure index must be a constant")
                })?;
                usize::try_from(n).ok().and_then(|n| f.get(n)).cloned().ok_or_else(|| {
                    Diagnostic::error(span, format!("structure index {n} is out of range"))
                })?
            }
            Ty::Array(_, e) | Ty::Vector(_, e) | Ty::Ptr(e) => *e,
            other => {
                return Err(Diagnostic::error(
                    span,
                    format!("cannot index into type '{}'", other.key()),
                ))
            }
        };
    }
    Ok(cur)
}

impl Em {
    /// Emits one function (definition or declaration).
    pub(super) fn function(&mut self, f: &Func, modern: &str) -> R<()> {
        self.begin_function();
        self.at(f.span);
        let mut counters: std::collections::HashMap<String, u64> = Default::default();
        let mut def = |em: &mut Em, name: &Option<String>, t: &Ty| -> String {
            let key = em.ckey(t);
            let c = counters.entry(key.clone()).or_insert(0);
            let n = match name {
                Some(n) => {
                    if let Ok(k) = n.parse::<u64>() {
                        *c = k + 1;
                    }
                    n.clone()
                }
                None => {
                    let n = c.to_string();
                    *c += 1;
                    n
                }
            };
            em.add_local(&n, key)
        };
        let mut params = Vec::new();
        for (i, (t, n)) in f.params.iter().enumerate() {
            let m = def(self, n, t);
            let mut attrs = String::new();
            if i == 0 && f.cc.as_deref() == Some("csretcc") {
                attrs = format!(" sret({})", self.mty(&self.pointee(t, f.span)?));
            }
            params.push(format!("{}{attrs} {}", self.mty(t), sigil('%', &m)));
        }
        if f.varargs {
            params.push("...".into());
        }
        let linkage = match f.linkage.as_deref() {
            Some("dllimport") => "dllimport ".to_string(),
            Some(l) => format!("{l} "),
            None => String::new(),
        };
        let cc = match f.cc.as_deref() {
            Some("csretcc") | Some("ccc") | None => String::new(),
            Some(c) => format!("{c} "),
        };
        let head = format!(
            "{linkage}{cc}{} {}({})",
            self.mty(&f.ret),
            sigil('@', modern),
            params.join(", ")
        );
        let Some(blocks) = &f.blocks else {
            self.out.push_str(&format!("declare {head}\n\n"));
            return Ok(());
        };
        // Names of blocks and values, per type plane.
        let mut labels = Vec::new();
        let mut names: Vec<Vec<Option<String>>> = Vec::new();
        for b in blocks {
            labels.push(def(self, &b.label, &Ty::Label));
            let mut bn = Vec::new();
            for i in &b.insts {
                if let Some(t) = result_ty(self, &i.op, i.span)? {
                    bn.push(Some(def(self, &i.name, &t)));
                } else if let Some(n) = &i.name {
                    return Err(Diagnostic::error(
                        i.span,
                        format!("'%{n}' names an instruction that has no value"),
                    ));
                } else {
                    bn.push(None);
                }
            }
            names.push(bn);
        }
        // Landing pads for `invoke`.
        let mut has_invoke = false;
        for (b, label) in blocks.iter().zip(&labels) {
            for i in &b.insts {
                if let Op::Invoke { unwind, to: normal, .. } = &i.op {
                    has_invoke = true;
                    let to = self.val(unwind, &Ty::Label)?;
                    let normal_too = self.val(normal, &Ty::Label)? == to;
                    let pad = self.temp(&format!("{label}.unwind"));
                    self.add_pad(
                        label.clone(),
                        to.trim_start_matches('%').trim_matches('"').to_string(),
                        pad,
                        normal_too,
                    );
                }
            }
        }
        let pers = if has_invoke {
            self.need.insert("personality");
            format!(" personality ptr @{}", super::emit::PERSONALITY_FN)
        } else {
            String::new()
        };
        // Storage of the `va_list`s of pre-1.5 varargs, allocated in the entry block.
        let mut va_slots: HashMap<(usize, usize), String> = HashMap::default();
        for (k, (b, bn)) in blocks.iter().zip(&names).enumerate() {
            for (j, (i, n)) in b.insts.iter().zip(bn).enumerate() {
                let slot = match (old_vararg(&i.op), n) {
                    (Some(OldVa::Arg), Some(n)) => self.temp(&format!("{n}.va")),
                    (Some(_), Some(n)) => n.clone(),
                    _ => continue,
                };
                va_slots.insert((k, j), slot);
            }
        }
        self.out.push_str(&format!("define {head}{pers} {{\n"));
        self.in_fn = true;
        // An unnamed entry block stays unnamed unless a phi names it.
        let entry_used = blocks.first().is_some_and(|b| b.label.is_none())
            && blocks.iter().flat_map(|b| &b.insts).any(|i| label_uses(&i.op).any(|n| n == "0"));
        for (k, ((b, label), bn)) in blocks.iter().zip(&labels).zip(&names).enumerate() {
            self.at(b.span);
            if k > 0 || b.label.is_some() || entry_used {
                self.out.push_str(&format!("{}:\n", sigil('%', label).trim_start_matches('%')));
            }
            self.set_block(label.clone());
            if k == 0 && !va_slots.is_empty() {
                let mut slots: Vec<&String> = va_slots.values().collect();
                slots.sort();
                for slot in slots {
                    self.line(&format!("{} = alloca {VA_LIST}, align 16", sigil('%', slot)));
                }
            }
            for (j, (i, n)) in b.insts.iter().zip(bn).enumerate() {
                self.at(i.span);
                let res = match n {
                    Some(n) => format!("{} = ", sigil('%', n)),
                    None => String::new(),
                };
                if let Some(slot) = va_slots.get(&(k, j)) {
                    self.old_vararg(i, slot, &res)?;
                    continue;
                }
                self.inst(i, &res)?;
            }
        }
        self.in_fn = false;
        self.out.push_str("}\n\n");
        Ok(())
    }

    fn inst(&mut self, i: &Inst, res: &str) -> R<()> {
        let sp = i.span;
        match &i.op {
            Op::Bin { op, ty, a, bty, b } => {
                let x = self.val(a, ty)?;
                let t = self.mty(ty);
                let fl = self.is_float(ty);
                let sg = self.is_signed(ty);
                let opcode: String = match op.as_str() {
                    "add" | "sub" | "mul" if fl => format!("f{op}"),
                    "div" | "rem" => format!(
                        "{}{op}",
                        if fl {
                            "f"
                        } else if sg {
                            "s"
                        } else {
                            "u"
                        }
                    ),
                    "shr" => if sg { "ashr" } else { "lshr" }.into(),
                    o if o.starts_with("set") => {
                        let p = &o[3..];
                        let pred = if fl {
                            match p {
                                "eq" => "oeq".to_string(),
                                "ne" => "une".to_string(),
                                _ => format!("o{p}"),
                            }
                        } else if p == "eq" || p == "ne" {
                            p.to_string()
                        } else {
                            format!("{}{p}", if sg { "s" } else { "u" })
                        };
                        let y = self.val(b, ty)?;
                        let c = if fl { "fcmp" } else { "icmp" };
                        self.line(&format!("{res}{c} {pred} {t} {x}, {y}"));
                        return Ok(());
                    }
                    o => o.to_string(),
                };
                let y = if (op == "shl" || op == "shr") && self.bits(bty) != self.bits(ty) {
                    match b {
                        Val::Const(c) => self.cst(c, ty)?,
                        Val::Name(..) => {
                            let y0 = self.val(b, bty)?;
                            let ext = if self.bits(bty) < self.bits(ty) { "zext" } else { "trunc" };
                            let tmp = sigil('%', &self.temp("shamt"));
                            self.line(&format!("{tmp} = {ext} {} {y0} to {t}", self.mty(bty)));
                            tmp
                        }
                    }
                } else {
                    self.val(b, ty)?
                };
                self.line(&format!("{res}{opcode} {t} {x}, {y}"));
            }
            Op::Not(ty, v) => {
                let x = self.val(v, ty)?;
                self.line(&format!(
                    "{res}xor {} {x}, {}",
                    self.mty(ty),
                    if self.bits(ty) == Some(1) { "true" } else { "-1" }
                ));
            }
            Op::Cast(ft, v, to) => {
                let x = self.val(v, ft)?;
                let (f, t) = (self.mty(ft), self.mty(to));
                if self.resolve(to) == Ty::Bool && self.resolve(ft) != Ty::Bool {
                    let s = if self.is_float(ft) {
                        format!("fcmp une {f} {x}, 0.0")
                    } else if matches!(self.resolve(ft), Ty::Ptr(_)) {
                        format!("icmp ne {f} {x}, null")
                    } else {
                        format!("icmp ne {f} {x}, 0")
                    };
                    self.line(&format!("{res}{s}"));
                } else {
                    match self.cast_kind(ft, to, sp)? {
                        CastKind::Same => self.line(&format!("{res}bitcast {f} {x} to {t}")),
                        CastKind::Op(op) => self.line(&format!("{res}{op} {f} {x} to {t}")),
                    }
                }
            }
            Op::NamedCast(op, ft, v, to) => {
                let x = self.val(v, ft)?;
                let (f, t) = (self.mty(ft), self.mty(to));
                self.line(&format!("{res}{op} {f} {x} to {t}"));
            }
            Op::Ret(None) => self.line("ret void"),
            Op::Ret(Some((t, v))) => {
                let x = self.val(v, t)?;
                self.line(&format!("ret {} {x}", self.mty(t)));
            }
            Op::Br(l) => {
                let l = self.val(l, &Ty::Label)?;
                self.line(&format!("br label {l}"));
            }
            Op::CondBr(c, a, b) => {
                let c = self.val(c, &Ty::Bool)?;
                let a = self.val(a, &Ty::Label)?;
                let b = self.val(b, &Ty::Label)?;
                self.line(&format!("br i1 {c}, label {a}, label {b}"));
            }
            Op::Switch { ty, v, default, cases } => {
                let x = self.val(v, ty)?;
                let d = self.val(default, &Ty::Label)?;
                let mut s = format!("switch {} {x}, label {d} [", self.mty(ty));
                for (ct, c, l) in cases {
                    let c = self.cst(c, ct)?;
                    let l = self.val(l, &Ty::Label)?;
                    s.push_str(&format!("\n    {} {c}, label {l}", self.mty(ct)));
                }
                s.push_str("\n  ]");
                self.line(&s);
            }
            Op::Unreachable => self.line("unreachable"),
            Op::Unwind => {
                self.unwind_warning(sp);
                self.line(&format!("call void @{UNWIND_FN}()"));
                self.line("unreachable");
            }
            Op::Load { volatile, pty, p } => {
                let x = self.val(p, pty)?;
                let t = self.mty(&self.pointee(pty, sp)?);
                let v = if *volatile { "volatile " } else { "" };
                self.line(&format!("{res}load {v}{t}, ptr {x}"));
            }
            Op::Store { volatile, ty, v, pty, p } => {
                let x = self.val(v, ty)?;
                let y = self.val(p, pty)?;
                let vo = if *volatile { "volatile " } else { "" };
                self.line(&format!("store {vo}{} {x}, ptr {y}", self.mty(ty)));
            }
            Op::Alloca { malloc: false, ty, count, align } => {
                let mut s = format!("{res}alloca {}", self.mty(ty));
                if let Some((ct, cv)) = count {
                    let c = self.val(cv, ct)?;
                    s.push_str(&format!(", {} {c}", self.mty(ct)));
                }
                if let Some(a) = align.filter(|a| *a > 0) {
                    s.push_str(&format!(", align {a}"));
                }
                self.line(&s);
            }
            Op::Alloca { malloc: true, ty, count, .. } => {
                self.need.insert("malloc");
                let size = format!(
                    "ptrtoint (ptr getelementptr ({}, ptr null, i32 1) to i64)",
                    self.mty(ty)
                );
                let arg = match count {
                    None => size,
                    Some((ct, cv)) => {
                        let n = match cv {
                            Val::Const(c) => match self.eval(c, ct) {
                                Some(n) => n.to_string(),
                                None => {
                                    return Err(Diagnostic::error(
                                        sp,
                                        "the element count of 'malloc' must be an integer",
                                    ))
                                }
                            },
                            Val::Name(..) => {
                                let x = self.val(cv, ct)?;
                                let ext = match self.bits(ct) {
                                    Some(64) => None,
                                    Some(_) if self.is_signed(ct) => Some("sext"),
                                    Some(_) => Some("zext"),
                                    None => {
                                        return Err(Diagnostic::error(
                                            sp,
                                            "the element count of 'malloc' must be an integer",
                                        ))
                                    }
                                };
                                match ext {
                                    None => x,
                                    Some(e) => {
                                        let tmp = sigil('%', &self.temp("malloc.count"));
                                        self.line(&format!(
                                            "{tmp} = {e} {} {x} to i64",
                                            self.mty(ct)
                                        ));
                                        tmp
                                    }
                                }
                            }
                        };
                        let tmp = sigil('%', &self.temp("malloc.size"));
                        self.line(&format!("{tmp} = mul i64 {n}, {size}"));
                        tmp
                    }
                };
                self.line(&format!("{res}call ptr @malloc(i64 {arg})"));
            }
            Op::Free(t, v) => {
                self.need.insert("free");
                let x = self.val(v, t)?;
                self.line(&format!("call void @free(ptr {x})"));
            }
            Op::Gep { pty, p, idx } => {
                let x = self.val(p, pty)?;
                let pointee = self.pointee(pty, sp)?;
                let mut s = format!("{res}getelementptr {}, ptr {x}", self.mty(&pointee));
                let mut cur = pointee;
                let mut pre = Vec::new();
                for (k, (it, iv)) in idx.iter().enumerate() {
                    let rc = self.resolve_all(&cur);
                    if k > 0 {
                        if let Ty::Struct(f) = &rc {
                            let n = match iv {
                                Val::Const(c) => self.eval(c, it),
                                _ => None,
                            }
                            .ok_or_else(|| {
                                Diagnostic::error(sp, "a structure index must be a constant")
                            })?;
                            s.push_str(&format!(", i32 {n}"));
                            cur = usize::try_from(n)
                                .ok()
                                .and_then(|n| f.get(n))
                                .cloned()
                                .unwrap_or(Ty::Void);
                            continue;
                        }
                        cur = match rc {
                            Ty::Array(_, e) | Ty::Vector(_, e) | Ty::Ptr(e) => *e,
                            _ => Ty::Void,
                        };
                    }
                    let narrow_unsigned =
                        !self.is_signed(it) && self.bits(it).is_some_and(|b| b < 64);
                    match iv {
                        Val::Const(c) if narrow_unsigned => {
                            let n = self.eval(c, it).unwrap_or(0);
                            s.push_str(&format!(", i64 {n}"));
                        }
                        Val::Name(..) if narrow_unsigned => {
                            let y = self.val(iv, it)?;
                            let tmp = sigil('%', &self.temp("idx"));
                            pre.push(format!("{tmp} = zext {} {y} to i64", self.mty(it)));
                            s.push_str(&format!(", i64 {tmp}"));
                        }
                        _ => {
                            let y = self.val(iv, it)?;
                            s.push_str(&format!(", {} {y}", self.mty(it)));
                        }
                    }
                }
                for l in pre {
                    self.line(&l);
                }
                self.line(&s);
            }
            Op::Phi(ty, inc) => {
                let mut parts = Vec::new();
                let mut both = std::collections::HashSet::new();
                let me = self.cur_block().to_string();
                for (v, l) in inc {
                    let x = self.val(v, ty)?;
                    let mut l = self.val(l, &Ty::Label)?;
                    // The unwind edge now comes from the pad; a normal edge to the same
                    // block stays, so the value comes in along both.
                    if let Some((p, normal_too)) =
                        self.pad(l.trim_start_matches('%').trim_matches('"'), &me).cloned()
                    {
                        if normal_too {
                            // One entry per edge, however many the 1.x phi had for the block.
                            if !both.insert(l.clone()) {
                                continue;
                            }
                            parts.push(format!("[ {x}, {l} ]"));
                        }
                        l = sigil('%', &p);
                    }
                    parts.push(format!("[ {x}, {l} ]"));
                }
                self.line(&format!("{res}phi {} {}", self.mty(ty), parts.join(", ")));
            }
            Op::Select { c, ty, a, b } => {
                let c = self.val(c, &Ty::Bool)?;
                let x = self.val(a, ty)?;
                let y = self.val(b, ty)?;
                let t = self.mty(ty);
                self.line(&format!("{res}select i1 {c}, {t} {x}, {t} {y}"));
            }
            Op::Call { tail, cc, ty, callee, args } => {
                if self.intrinsic_call(callee, ty, args, res, sp)? {
                    return Ok(());
                }
                let call = self.call_text(cc, ty, callee, args, sp)?;
                let t = if *tail { "tail " } else { "" };
                self.line(&format!("{res}{t}call {call}"));
            }
            Op::Invoke { cc, ty, callee, args, to, unwind } => {
                let call = self.call_text(cc, ty, callee, args, sp)?;
                let to = self.val(to, &Ty::Label)?;
                let uw = self.val(unwind, &Ty::Label)?;
                let me = self.cur_block().to_string();
                let pad = self
                    .pad(&me, uw.trim_start_matches('%').trim_matches('"'))
                    .map(|p| p.0.clone())
                    .unwrap_or_default();
                self.line(&format!(
                    "{res}invoke {call}\n          to label {to} unwind label {}",
                    sigil('%', &pad)
                ));
                self.out.push_str(&format!("\n{}:\n", sigil('%', &pad).trim_start_matches('%')));
                let lp = sigil('%', &self.temp(&format!("{pad}.lp")));
                self.line(&format!("{lp} = landingpad {{ ptr, i32 }}\n          cleanup"));
                self.line(&format!("br label {uw}"));
            }
            Op::VaArg { .. } => {
                // Reached only without a result name (a `vaarg` whose value is unused).
                return Err(Diagnostic::error(sp, "a 'vaarg'/'vanext' needs a result"));
            }
        }
        Ok(())
    }

    /// A pre-1.5 varargs operation, the `va_list` a value: each list value is the address
    /// of its own `va_list` storage `slot` (allocated in the entry block), so that
    /// `va_start()` starts it, `va_copy(l)` and `vanext l, T` copy `l` into it (`vanext` then
    /// steps past a `T`), and `vaarg l, T` reads a `T` from a copy of `l`, leaving `l` as it
    /// was (LLVM 2.0's `llvm-upgrade` did the same with `va_copy`, `va_arg` and a
    /// pointer-sized slot; the slot here is large enough for every target's `va_list`).
    fn old_vararg(&mut self, i: &Inst, slot: &str, res: &str) -> R<()> {
        let s = sigil('%', slot);
        let list = |em: &mut Em, v: &Val, t: &Ty| em.val(v, t);
        match &i.op {
            Op::Call { args, .. } if args.is_empty() => {
                self.need.insert("va_start");
                self.line(&format!("call void @llvm.va_start.p0(ptr {s})"));
            }
            Op::Call { args, .. } => {
                let Some((t, v)) = args.first() else { return Ok(()) };
                let l = list(self, v, t)?;
                self.need.insert("va_copy");
                self.line(&format!("call void @llvm.va_copy.p0(ptr {s}, ptr {l})"));
            }
            Op::VaArg { next, ty, list: lv, arg } => {
                let l = list(self, lv, ty)?;
                self.need.insert("va_copy");
                self.line(&format!("call void @llvm.va_copy.p0(ptr {s}, ptr {l})"));
                let t = self.mty(arg);
                if *next {
                    let skip = sigil('%', &self.temp(&format!("{slot}.skip")));
                    self.line(&format!("{skip} = va_arg ptr {s}, {t}"));
                } else {
                    self.line(&format!("{res}va_arg ptr {s}, {t}"));
                }
            }
            _ => self.inst(i, res)?,
        }
        Ok(())
    }

    /// A constant expression LLVM 19 has no constant form for, as instructions before the
    /// current one: the name of the result.
    pub(super) fn materialize(&mut self, e: &CExpr, ty: &Ty) -> R<String> {
        let span = self.map.last().map(|m| m.1).unwrap_or_default();
        let k = |c: &Const| Val::Const(c.clone());
        let op = match e {
            CExpr::Cast(ft, v, to) => Op::Cast(ft.clone(), k(v), to.clone()),
            CExpr::Bin(op, at, a, bt, b) => {
                Op::Bin { op: op.clone(), ty: at.clone(), a: k(a), bty: bt.clone(), b: k(b) }
            }
            CExpr::Select(c, a, b) => Op::Select { c: k(c), ty: ty.clone(), a: k(a), b: k(b) },
            CExpr::Gep(..) => {
                return Err(Diagnostic::error(
                    span,
                    "this getelementptr constant expression cannot be upgraded",
                ))
            }
        };
        let tmp = sigil('%', &self.temp("cexpr"));
        self.inst(&Inst { name: None, op, span }, &format!("{tmp} = "))?;
        Ok(tmp)
    }

    fn unwind_warning(&mut self, sp: Span) {
        self.need.insert("unwind");
        self.diags.push(Diagnostic::warning(
            sp,
            format!("'unwind' has no modern equivalent: it becomes a call of the no-return function '@{UNWIND_FN}' followed by 'unreachable'"),
        ));
    }

    /// `RET @f(args)` or `RET (PARAMS, ...) @f(args)` for a call or invoke.
    fn call_text(
        &mut self,
        cc: &Option<String>,
        ty: &Ty,
        callee: &Val,
        args: &[(Ty, Val)],
        sp: Span,
    ) -> R<String> {
        let ret = ret_of(self, ty);
        // The function type: written, or the callee's.
        let mut fty = match self.resolve(ty) {
            Ty::Ptr(f) => match self.resolve(&f) {
                f @ Ty::Func { .. } => Some(f),
                _ => None,
            },
            f @ Ty::Func { .. } => Some(f),
            _ => None,
        };
        let cty = Ty::Ptr(Box::new(Ty::Func {
            ret: Box::new(ret.clone()),
            params: args.iter().map(|a| a.0.clone()).collect(),
            varargs: false,
        }));
        let target = match callee {
            Val::Name(n, s) => {
                if n == "llvm.unwind" {
                    self.unwind_warning(sp);
                    format!("@{UNWIND_FN}")
                } else {
                    let used = fty.clone().map(|f| Ty::Ptr(Box::new(f))).unwrap_or(cty);
                    let r = self.name(n, &used, *s);
                    if fty.is_none() {
                        if let Ok(g) = self.global(n, Some(&used), *s) {
                            fty = g.func.clone();
                        }
                    }
                    r?
                }
            }
            Val::Const(c) => self.cst(c, &cty)?,
        };
        let mut a = Vec::new();
        for (i, (t, v)) in args.iter().enumerate() {
            let x = self.val(v, t)?;
            let csret = cc.as_deref() == Some("csretcc") || self.csret_fns.contains(&target);
            let attr = if i == 0 && csret {
                format!(" sret({})", self.mty(&self.pointee(t, sp)?))
            } else {
                String::new()
            };
            a.push(format!("{}{attr} {x}", self.mty(t)));
        }
        let cc = match cc.as_deref() {
            Some("csretcc") | Some("ccc") | None => String::new(),
            Some(c) => format!("{c} "),
        };
        let shown = match fty {
            Some(f @ Ty::Func { varargs: true, .. }) => self.mty(&f),
            _ => self.mty(&ret),
        };
        Ok(format!("{cc}{shown} {target}({})", a.join(", ")))
    }
}
