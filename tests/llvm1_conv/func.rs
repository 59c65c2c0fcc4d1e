//! Function bodies for the 1.x converter: the signedness vote of every integer value, then
//! each instruction written in 1.x syntax with the casts its operands need.

use super::ty::{self, Sig, T1};
use super::{gname, Conv};
use irplay_core::ir::{
    AttrKind, Block, Body, ConstKind, EntityRef, Extra, GlobalId, InstData, IntPredicate, Module,
    Opcode, Operand, TypeId, Value, ValueDef,
};
use std::collections::HashMap;

struct F<'a, 'm> {
    m: &'m Module,
    c: &'a Conv<'m>,
    body: &'a Body,
    sig: &'a Sig,
    tys: Vec<T1>,
    out: String,
    tmp: usize,
    memcpy: bool,
    memset: bool,
    /// Casts to write before a block's terminator (for the phis of its successors).
    pred_casts: HashMap<Block, Vec<String>>,
    /// The replacement names of phi operands: (phi result, operand index).
    phi_ops: HashMap<(usize, usize), String>,
}

fn vname(v: Value) -> String {
    format!("%_v{}", v.index())
}

fn bname(b: Block) -> String {
    format!("%_bb{}", b.index())
}

/// What a use asks of an integer operand's signedness (`Some(true)` signed).
fn wants(m: &Module, d: &InstData, k: usize) -> Option<bool> {
    use Opcode::*;
    match d.op {
        SDiv | SRem => Some(true),
        UDiv | URem => Some(false),
        AShr if k == 0 => Some(true),
        LShr if k == 0 => Some(false),
        SExt | SIToFP => Some(true),
        ZExt | UIToFP => Some(false),
        ICmp => match &d.extra {
            Extra::ICmp(p) => match p {
                IntPredicate::Slt | IntPredicate::Sle | IntPredicate::Sgt | IntPredicate::Sge => {
                    Some(true)
                }
                IntPredicate::Ult | IntPredicate::Ule | IntPredicate::Ugt | IntPredicate::Uge => {
                    Some(false)
                }
                _ => None,
            },
            _ => None,
        },
        Call if k > 0 => {
            let s = call_sig(m, d).ok()?;
            match s.params.get(k - 1)? {
                T1::Int(_, signed) => Some(*signed),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The direct callee of a call, if it is a function.
fn direct_callee(m: &Module, d: &InstData) -> Option<GlobalId> {
    match d.args.first()? {
        Operand::Const(c) => match m.consts.kind(*c) {
            ConstKind::Global(g) if m.func(*g).is_some() => Some(*g),
            _ => None,
        },
        _ => None,
    }
}

fn call_sig(m: &Module, d: &InstData) -> Result<Sig, String> {
    let info = d.call_info().ok_or("not a call")?;
    match direct_callee(m, d) {
        Some(g) if m.func(g).is_some_and(|f| f.ty == info.fn_ty) => ty::sig(m, g),
        Some(_) => Err("a call through a different function type".into()),
        None => ty::sig_of(m, info.fn_ty, None),
    }
}

/// A scalar's 1.x type with the given signedness (for integers).
fn scalar(m: &Module, t: TypeId, signed: bool) -> Result<T1, String> {
    Ok(match ty::mem(m, t)? {
        T1::Int(b, _) => T1::Int(b, signed),
        t @ (T1::Bool | T1::Ptr(_) | T1::Float | T1::Double) => t,
        other => return Err(format!("a value of type {other}")),
    })
}

/// Writes a defined function; returns whether it needs `memcpy` and `memset`.
pub(crate) fn function(
    c: &mut Conv,
    g: GlobalId,
    name: &str,
    sig: &Sig,
    body: &Body,
) -> Result<(bool, bool), String> {
    let m = c.m;
    let f = m.func(g).ok_or("not a function")?;
    if f.cc != 0 || f.personality.is_some() {
        return Err("a calling convention or personality".into());
    }
    let mut fx = F {
        m,
        c,
        body,
        sig,
        tys: Vec::new(),
        out: String::new(),
        tmp: 0,
        memcpy: false,
        memset: false,
        pred_casts: HashMap::new(),
        phi_ops: HashMap::new(),
    };
    fx.types()?;
    let names: Vec<String> = body.params.iter().map(|&v| vname(v)).collect();
    let link = if m.globals[g].linkage.is_local() { "internal " } else { "" };
    fx.out.push_str(&format!("{link}{} {{\n", sig.header(name, Some(&names))));
    fx.phis()?;
    for &b in &body.layout {
        fx.out.push_str(&format!("{}:\n", &bname(b)[1..]));
        let insts = &body.blocks[b].insts;
        for &i in insts {
            let d = &body.insts[i];
            if d.op.is_terminator() {
                if let Some(pc) = fx.pred_casts.get(&b) {
                    let pc = pc.clone();
                    for l in pc {
                        fx.out.push_str(&l);
                    }
                }
            }
            fx.inst(d)?;
        }
    }
    fx.out.push_str("}\n\n");
    let (cpy, set) = (fx.memcpy, fx.memset);
    let text = fx.out;
    c.out.push_str(&text);
    Ok((cpy, set))
}

impl F<'_, '_> {
    /// Picks every value's 1.x type: parameters from the signature, fixed results, and a vote
    /// of the uses for the other integers.
    fn types(&mut self) -> Result<(), String> {
        let (m, body) = (self.m, self.body);
        let n = body.values.len();
        let mut votes = vec![(0u32, 0u32); n];
        for d in body.insts.values() {
            for (k, o) in d.args.iter().enumerate() {
                if let Operand::Value(v) = o {
                    match (wants(m, d, k), votes.get_mut(v.index())) {
                        (Some(true), Some(x)) => x.0 += 1,
                        (Some(false), Some(x)) => x.1 += 1,
                        _ => {}
                    }
                }
            }
        }
        for (v, vd) in body.values.iter() {
            let t = match vd.def {
                ValueDef::Param(i) => {
                    self.sig.params.get(i as usize).cloned().ok_or("parameter out of range")?
                }
                ValueDef::Inst(i) => {
                    let d = &body.insts[i];
                    let forced = match d.op {
                        Opcode::SDiv | Opcode::SRem | Opcode::AShr | Opcode::FPToSI => Some(true),
                        Opcode::UDiv | Opcode::URem | Opcode::LShr | Opcode::FPToUI => Some(false),
                        Opcode::Call => {
                            let s = call_sig(m, d)?;
                            match s.ret {
                                T1::Int(_, signed) => Some(signed),
                                _ => None,
                            }
                        }
                        _ => None,
                    };
                    let (s, u) = votes.get(v.index()).copied().unwrap_or_default();
                    scalar(m, vd.ty, forced.unwrap_or(s >= u))?
                }
            };
            self.tys.push(t);
        }
        Ok(())
    }

    /// Prepares the casts phi operands of another signedness need in their predecessors.
    fn phis(&mut self) -> Result<(), String> {
        let body = self.body;
        for d in body.insts.values() {
            let (Opcode::Phi, Extra::Phi(preds), Some(r)) = (d.op, &d.extra, d.result) else {
                continue;
            };
            let want = self.vty(r)?;
            for (k, (o, p)) in d.args.iter().zip(preds.iter()).enumerate() {
                if let Operand::Value(v) = o {
                    let have = self.vty(*v)?;
                    if have != want {
                        let t = self.fresh();
                        let line = format!("  {t} = cast {have} {} to {want}\n", vname(*v));
                        self.pred_casts.entry(*p).or_default().push(line);
                        self.phi_ops.insert((r.index(), k), t);
                    }
                }
            }
        }
        Ok(())
    }

    fn fresh(&mut self) -> String {
        self.tmp += 1;
        format!("%_t{}", self.tmp)
    }

    fn vty(&self, v: Value) -> Result<T1, String> {
        self.tys.get(v.index()).cloned().ok_or_else(|| "a value out of range".into())
    }

    /// An operand's own 1.x type: a value's chosen type, a constant's signed one.
    fn nat(&self, o: Operand) -> Result<T1, String> {
        match o {
            Operand::Value(v) => self.vty(v),
            Operand::Const(c) => scalar(self.m, self.m.consts.ty(c), true),
            Operand::Md(_) => Err("a metadata operand".into()),
        }
    }

    /// An operand as a value of 1.x type `want` (a cast of a value of the other signedness is
    /// written first).
    fn op(&mut self, o: Operand, want: &T1) -> Result<String, String> {
        match o {
            Operand::Value(v) => {
                let have = self.vty(v)?;
                if &have == want {
                    return Ok(vname(v));
                }
                let same_width = matches!((&have, want), (T1::Int(a, _), T1::Int(b, _)) if a == b)
                    || matches!((&have, want), (T1::Ptr(_), T1::Ptr(_)));
                if !same_width {
                    return Err(format!("converter: {have} used as {want}"));
                }
                let t = self.fresh();
                self.out.push_str(&format!("  {t} = cast {have} {} to {want}\n", vname(v)));
                Ok(t)
            }
            Operand::Const(c) => self.c.cval(c, want),
            Operand::Md(_) => Err("a metadata operand".into()),
        }
    }

    /// A pointer operand cast to `T*`.
    fn typed_ptr(&mut self, o: Operand, pointee: &T1) -> Result<(T1, String), String> {
        let p = self.op(o, &T1::sbyte_ptr())?;
        let pt = T1::Ptr(Box::new(pointee.clone()));
        if pt == T1::sbyte_ptr() {
            return Ok((pt, p));
        }
        let t = self.fresh();
        self.out.push_str(&format!("  {t} = cast sbyte* {p} to {pt}\n"));
        Ok((pt, t))
    }

    /// A shift amount as `ubyte`.
    fn amount(&mut self, o: Operand) -> Result<String, String> {
        if let Operand::Const(c) = o {
            if let ConstKind::Int(v) = self.m.consts.kind(c) {
                return Ok((v.low_u64() & 0xff).to_string());
            }
        }
        let T1::Int(w, _) = self.nat(o)? else { return Err("a shift of a non-integer".into()) };
        if w == 8 {
            return self.op(o, &T1::Int(8, false));
        }
        let x = self.op(o, &T1::Int(w, false))?;
        let t = self.fresh();
        self.out.push_str(&format!("  {t} = cast {} {x} to ubyte\n", T1::Int(w, false)));
        Ok(t)
    }

    /// An array index as `long` (sign-extended, as `getelementptr` reads it).
    fn index(&mut self, o: Operand) -> Result<String, String> {
        if let Operand::Const(c) = o {
            if let ConstKind::Int(v) = self.m.consts.kind(c) {
                return Ok(format!("long {}", v.sext(64).to_signed_string()));
            }
        }
        let T1::Int(w, _) = self.nat(o)? else { return Err("a non-integer index".into()) };
        let x = self.op(o, &T1::Int(w, true))?;
        if w == 64 {
            return Ok(format!("long {x}"));
        }
        let t = self.fresh();
        self.out.push_str(&format!("  {t} = cast {} {x} to long\n", T1::Int(w, true)));
        Ok(format!("long {t}"))
    }

    fn arg(&self, d: &InstData, k: usize) -> Result<Operand, String> {
        d.args.get(k).copied().ok_or_else(|| format!("{} without operand {k}", d.op.name()))
    }

    fn inst(&mut self, d: &InstData) -> Result<(), String> {
        use Opcode::*;
        let m = self.m;
        let res = match d.result {
            Some(r) => Some((vname(r), self.vty(r)?)),
            None => None,
        };
        let r = || res.clone().ok_or_else(|| format!("{} without a result", d.op.name()));
        let line = match d.op {
            Add | Sub | Mul | And | Or | Xor | Shl | SDiv | UDiv | SRem | URem | AShr | LShr => {
                let (rn, rt) = r()?;
                let a = self.op(self.arg(d, 0)?, &rt)?;
                let mn = match d.op {
                    SDiv | UDiv => "div",
                    SRem | URem => "rem",
                    AShr | LShr => "shr",
                    op => op.name(),
                };
                let b = if matches!(d.op, Shl | AShr | LShr) {
                    format!("ubyte {}", self.amount(self.arg(d, 1)?)?)
                } else {
                    self.op(self.arg(d, 1)?, &rt)?
                };
                format!("{rn} = {mn} {rt} {a}, {b}")
            }
            ICmp => {
                let (rn, _) = r()?;
                let Extra::ICmp(p) = &d.extra else { return Err("icmp without predicate".into()) };
                let (a, b) = (self.arg(d, 0)?, self.arg(d, 1)?);
                let signed = match p {
                    IntPredicate::Eq | IntPredicate::Ne => None,
                    IntPredicate::Slt
                    | IntPredicate::Sle
                    | IntPredicate::Sgt
                    | IntPredicate::Sge => Some(true),
                    _ => Some(false),
                };
                let mn = match p {
                    IntPredicate::Eq => "seteq",
                    IntPredicate::Ne => "setne",
                    IntPredicate::Slt | IntPredicate::Ult => "setlt",
                    IntPredicate::Sgt | IntPredicate::Ugt => "setgt",
                    IntPredicate::Sle | IntPredicate::Ule => "setle",
                    IntPredicate::Sge | IntPredicate::Uge => "setge",
                };
                let first = if matches!(a, Operand::Value(_)) { a } else { b };
                let t = match (self.nat(first)?, signed) {
                    (T1::Int(w, _), Some(s)) => T1::Int(w, s),
                    (t @ (T1::Int(..) | T1::Ptr(_)), None) => t,
                    (t @ (T1::Ptr(_) | T1::Bool), Some(false)) => t,
                    (T1::Bool, None) => T1::Bool,
                    (t, _) => return Err(format!("icmp {} on {t}", p.name())),
                };
                let (x, y) = (self.op(a, &t)?, self.op(b, &t)?);
                format!("{rn} = {mn} {t} {x}, {y}")
            }
            Select => {
                let (rn, rt) = r()?;
                let cnd = self.op(self.arg(d, 0)?, &T1::Bool)?;
                let a = self.op(self.arg(d, 1)?, &rt)?;
                let b = self.op(self.arg(d, 2)?, &rt)?;
                format!("{rn} = select bool {cnd}, {rt} {a}, {rt} {b}")
            }
            Phi => {
                let (rn, rt) = r()?;
                let Extra::Phi(preds) = &d.extra else { return Err("phi without blocks".into()) };
                let ri = d.result.map(|v| v.index()).unwrap_or_default();
                let mut parts = Vec::new();
                for (k, (o, p)) in d.args.iter().zip(preds.iter()).enumerate() {
                    let v = match self.phi_ops.get(&(ri, k)) {
                        Some(t) => t.clone(),
                        None => match o {
                            Operand::Value(v) => vname(*v),
                            Operand::Const(c) => self.c.cval(*c, &rt)?,
                            Operand::Md(_) => return Err("metadata in a phi".into()),
                        },
                    };
                    parts.push(format!("[ {v}, {} ]", bname(*p)));
                }
                format!("{rn} = phi {rt} {}", parts.join(", "))
            }
            Trunc | ZExt | SExt | SIToFP | UIToFP | FPToSI | FPToUI | FPExt | FPTrunc
            | PtrToInt | IntToPtr | BitCast => return self.cast(d),
            Alloca => {
                let (rn, _) = r()?;
                let Extra::Alloca { elem_ty, addrspace: 0, .. } = &d.extra else {
                    return Err("alloca in another address space".into());
                };
                let et = ty::mem(m, *elem_ty)?;
                let n = match d.args.first() {
                    Some(Operand::Const(c)) if matches!(m.consts.kind(*c), ConstKind::Int(v) if v.low_u64() == 1) => {
                        String::new()
                    }
                    Some(&o) => {
                        let T1::Int(32, _) = self.nat(o)? else {
                            return Err("an alloca count that is not i32".into());
                        };
                        format!(", uint {}", self.op(o, &T1::Int(32, false))?)
                    }
                    None => String::new(),
                };
                let t = self.fresh();
                self.out.push_str(&format!("  {t} = alloca {et}{n}\n"));
                format!("{rn} = cast {et}* {t} to sbyte*")
            }
            Load => {
                let (rn, rt) = r()?;
                let mi = d.mem_info().ok_or("a load without memory details")?;
                if mi.ordering.is_atomic() {
                    return Err("an atomic load".into());
                }
                let (pt, p) = self.typed_ptr(self.arg(d, 0)?, &rt)?;
                let vol = if d.flags.has(irplay_core::ir::InstFlags::VOLATILE) {
                    "volatile "
                } else {
                    ""
                };
                format!("{rn} = {vol}load {pt} {p}")
            }
            Store => {
                let mi = d.mem_info().ok_or("a store without memory details")?;
                if mi.ordering.is_atomic() {
                    return Err("an atomic store".into());
                }
                let v = self.arg(d, 0)?;
                let vt = self.nat(v)?;
                let x = self.op(v, &vt)?;
                let (pt, p) = self.typed_ptr(self.arg(d, 1)?, &vt)?;
                let vol = if d.flags.has(irplay_core::ir::InstFlags::VOLATILE) {
                    "volatile "
                } else {
                    ""
                };
                format!("{vol}store {vt} {x}, {pt} {p}")
            }
            GetElementPtr => {
                let (rn, _) = r()?;
                let Extra::Gep { source_ty } = &d.extra else {
                    return Err("getelementptr without a source type".into());
                };
                let st = ty::mem(m, *source_ty)?;
                let (pt, p) = self.typed_ptr(self.arg(d, 0)?, &st)?;
                let mut parts = vec![format!("{pt} {p}")];
                let mut cur = *source_ty;
                for (k, &o) in d.args.iter().enumerate().skip(1) {
                    if k > 1 && ty::is_struct(m, cur) {
                        let Operand::Const(c) = o else {
                            return Err("a struct index that is not a constant".into());
                        };
                        let ConstKind::Int(v) = m.consts.kind(c) else {
                            return Err("a struct index that is not an integer".into());
                        };
                        parts.push(format!("ubyte {}", ty::field_index(cur, v.low_u64())));
                        cur = ty::step(m, cur, v.low_u64())?;
                    } else {
                        parts.push(self.index(o)?);
                        if k > 1 {
                            cur = ty::step(m, cur, 0)?;
                        }
                    }
                }
                let et = T1::Ptr(Box::new(ty::mem(m, cur)?));
                let t = self.fresh();
                self.out.push_str(&format!("  {t} = getelementptr {}\n", parts.join(", ")));
                format!("{rn} = cast {et} {t} to sbyte*")
            }
            Call => return self.call(d),
            Ret => match d.args.first() {
                None => "ret void".to_string(),
                Some(&o) => {
                    let rt = self.sig.ret.clone();
                    let x = self.op(o, &rt)?;
                    format!("ret {rt} {x}")
                }
            },
            Br => {
                let Extra::Br(bs) = &d.extra else { return Err("br without blocks".into()) };
                match (bs.as_ref(), d.args.first()) {
                    ([b], None) => format!("br label {}", bname(*b)),
                    ([t, f], Some(&c)) => {
                        let x = self.op(c, &T1::Bool)?;
                        format!("br bool {x}, label {}, label {}", bname(*t), bname(*f))
                    }
                    _ => return Err("a malformed br".into()),
                }
            }
            Switch => {
                let Extra::Switch { default, cases } = &d.extra else {
                    return Err("switch without cases".into());
                };
                let o = self.arg(d, 0)?;
                let t = self.nat(o)?;
                let x = self.op(o, &t)?;
                let mut s = format!("switch {t} {x}, label {} [", bname(*default));
                for (c, b) in cases.iter() {
                    s.push_str(&format!(" {t} {}, label {}", self.c.cval(*c, &t)?, bname(*b)));
                }
                s.push_str(" ]");
                s
            }
            Unreachable => "unreachable".to_string(),
            op => return Err(format!("instruction {}", op.name())),
        };
        self.out.push_str(&format!("  {line}\n"));
        Ok(())
    }

    fn cast(&mut self, d: &InstData) -> Result<(), String> {
        use Opcode::*;
        let (rn, rt) = match d.result {
            Some(r) => (vname(r), self.vty(r)?),
            None => return Err("a cast without a result".into()),
        };
        let o = self.arg(d, 0)?;
        let src = self.nat(o)?;
        let line = match (d.op, &src, &rt) {
            (Trunc, T1::Int(..), T1::Bool) => {
                let x = self.op(o, &src)?;
                let t = self.fresh();
                self.out.push_str(&format!("  {t} = and {src} {x}, 1\n"));
                format!("{rn} = cast {src} {t} to bool")
            }
            (SExt, T1::Bool, T1::Int(..)) => {
                let x = self.op(o, &T1::Bool)?;
                format!("{rn} = select bool {x}, {rt} -1, {rt} 0")
            }
            (ZExt | UIToFP, T1::Bool, _) => {
                let x = self.op(o, &T1::Bool)?;
                format!("{rn} = cast bool {x} to {rt}")
            }
            (ZExt | SExt | SIToFP | UIToFP, T1::Int(w, _), _) => {
                let st = T1::Int(*w, matches!(d.op, SExt | SIToFP));
                let x = self.op(o, &st)?;
                format!("{rn} = cast {st} {x} to {rt}")
            }
            (Trunc | FPToSI | FPToUI | FPExt | FPTrunc | PtrToInt | IntToPtr, _, _) => {
                let x = self.op(o, &src)?;
                format!("{rn} = cast {src} {x} to {rt}")
            }
            (BitCast, T1::Ptr(_), T1::Ptr(_)) => {
                let x = self.op(o, &src)?;
                format!("{rn} = cast {src} {x} to {rt}")
            }
            (op, s, t) => return Err(format!("{} from {s} to {t}", op.name())),
        };
        self.out.push_str(&format!("  {line}\n"));
        Ok(())
    }

    fn call(&mut self, d: &InstData) -> Result<(), String> {
        let m = self.m;
        let info = d.call_info().ok_or("a call without details")?;
        if info.cc != 0 || !info.bundles.is_empty() {
            return Err("a call with a calling convention or bundles".into());
        }
        for &a in info.arg_attrs.iter() {
            for k in [AttrKind::ByVal, AttrKind::InAlloca] {
                if m.attrs.has(a, k) {
                    return Err(format!("a {} argument", k.name()));
                }
            }
        }
        let (callee, args) = d.callee_and_args().ok_or("a call without a callee")?;
        let res = match d.result {
            Some(r) => format!("{} = ", vname(r)),
            None => String::new(),
        };
        if let Some(g) = direct_callee(m, d) {
            let name = gname(m, g)?;
            if name.starts_with("%llvm.memcpy.") || name.starts_with("%llvm.memset.") {
                let cpy = name.starts_with("%llvm.memcpy.");
                let dst =
                    self.op(*args.first().ok_or("memcpy without operands")?, &T1::sbyte_ptr())?;
                let second = *args.get(1).ok_or("memcpy without a source")?;
                let src = if cpy {
                    format!("sbyte* {}", self.op(second, &T1::sbyte_ptr())?)
                } else {
                    let x = self.op(second, &T1::Int(8, true))?;
                    let t = self.fresh();
                    self.out.push_str(&format!("  {t} = cast sbyte {x} to int\n"));
                    format!("int {t}")
                };
                let len = *args.get(2).ok_or("memcpy without a length")?;
                let T1::Int(64, _) = self.nat(len)? else {
                    return Err("a memcpy length that is not i64".into());
                };
                let n = self.op(len, &T1::Int(64, false))?;
                let f = if cpy { "memcpy" } else { "memset" };
                if cpy {
                    self.memcpy = true;
                } else {
                    self.memset = true;
                }
                self.out.push_str(&format!("  call sbyte* %{f}(sbyte* {dst}, {src}, ulong {n})\n"));
                return Ok(());
            }
            if name.starts_with("%llvm.") {
                return Err(format!("intrinsic {}", &name[1..]));
            }
        }
        let sig = call_sig(m, d)?;
        let mut a = Vec::new();
        for (i, &o) in args.iter().enumerate() {
            let t = match sig.params.get(i) {
                Some(t) => t.clone(),
                None if sig.varargs => self.nat(o)?,
                None => return Err("a call with too many arguments".into()),
            };
            a.push(format!("{t} {}", self.op(o, &t)?));
        }
        let f = match callee {
            Operand::Const(_) if direct_callee(m, d).is_some() => {
                let g = direct_callee(m, d).ok_or("no callee")?;
                let name = gname(m, g)?;
                if sig.varargs {
                    format!("{}* {name}", sig.fn_ty())
                } else {
                    format!("{} {name}", sig.ret)
                }
            }
            Operand::Value(_) if !sig.varargs => {
                let (_, p) = self.typed_ptr(callee, &sig.fn_ty())?;
                format!("{} {p}", sig.ret)
            }
            _ => return Err("an indirect varargs call or a call of a constant".into()),
        };
        self.out.push_str(&format!("  {res}call {f}({})\n", a.join(", ")));
        Ok(())
    }
}
