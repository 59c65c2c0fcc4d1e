//! A test-only converter from modern LLVM IR (as clang-19 writes it at `-O0`) to LLVM 1.x
//! assembly, for the differential round trip of the 1.x front end (`tests/llvm1_roundtrip.rs`)
//! and the damaged-1.x robustness test (`tests/robustness.rs`).
//!
//! The modern text is parsed with `irplay_core::text::parse` and the `Module` walked:
//!
//! - integer values get a signed or unsigned 1.x type (`sbyte ubyte short ushort int uint long
//!   ulong`, `bool` for `i1`) by how they are used (`sdiv`/`udiv`, `ashr`/`lshr`, signed or
//!   unsigned compares, `sext`/`zext` and `sitofp`/`uitofp` sources; results of `sdiv`,
//!   `ashr`, calls and parameters have their type fixed); a use that needs the other
//!   signedness goes through a `cast` (a no-op after the upgrade);
//! - every `ptr` value is `sbyte*`; a load, store, `getelementptr` or indirect call casts it
//!   to the typed pointer it needs first, and `alloca`, `getelementptr` and global addresses
//!   are cast back to `sbyte*`;
//! - `div`/`rem`/`shr` by the operand type, `seteq`..`setge`, `cast V to T` for every
//!   conversion (`sext i1` as a `select`, `trunc` to `i1` as `and` + `cast` to `bool`),
//!   shift amounts as `ubyte`, `%` globals, `implementation`, `declare`, `volatile load`;
//! - `llvm.memcpy`/`llvm.memset` become calls of the C library's `memcpy`/`memset`.
//!
//! Structs get explicit `[N x ubyte]` padding fields where the data layout of the 1.x
//! `target` lines (`i64` aligned to 4) would place a field elsewhere than the module's own
//! data layout does (`getelementptr` field numbers and struct constants follow).
//!
//! What 1.x cannot say (first-class aggregates, atomics, vectors, odd integer widths,
//! packed structs, floating point bit casts, most intrinsics...) is refused with a reason,
//! never guessed.

mod func;
mod ty;

use irplay_core::ir::{ApInt, ConstId, ConstKind, GlobalKind, GlobalName, Linkage, Module, Opcode};
use ty::T1;

/// Converts a modern module's text to LLVM 1.x text; `Err` says why it cannot.
pub fn convert(src: &str) -> Result<String, String> {
    let parsed = irplay_core::text::parse(src);
    let m = parsed.module.ok_or("the modern text does not parse")?;
    let mut c = Conv { m: &m, out: String::new() };
    c.module()?;
    Ok(c.out)
}

pub(crate) struct Conv<'m> {
    pub(crate) m: &'m Module,
    pub(crate) out: String,
}

/// The 1.x name of a global (with its `%`).
pub(crate) fn gname(m: &Module, g: irplay_core::ir::GlobalId) -> Result<String, String> {
    let n = match m.globals.get(g).map(|gv| &gv.name) {
        Some(GlobalName::Named(s)) => m.symbols.get(*s).to_string(),
        Some(GlobalName::Numbered(n)) => format!("_g{n}"),
        None => return Err("a global without a name".into()),
    };
    if n.is_empty()
        || n.starts_with(|c: char| c.is_ascii_digit())
        || !n.chars().all(|c| c.is_ascii_alphanumeric() || "$._-".contains(c))
    {
        return Err(format!("global name {n:?} is not a plain 1.x identifier"));
    }
    if n.starts_with('_') && (n.starts_with("_v") || n.starts_with("_t") || n.starts_with("_bb")) {
        return Err(format!("global name {n} collides with the converter's local names"));
    }
    Ok(format!("%{n}"))
}

impl Conv<'_> {
    fn module(&mut self) -> Result<(), String> {
        let m = self.m;
        ty::set_pads(m)?;
        if !m.module_asm.is_empty() {
            return Err("module-level inline asm".into());
        }
        self.out.push_str("; LLVM 1.x text converted from modern IR\n");
        if m.datalayout.big_endian() {
            self.out.push_str("target endian = big\n");
        } else {
            self.out.push_str("target endian = little\n");
        }
        self.out
            .push_str(&format!("target pointersize = {}\n\n", m.datalayout.pointer_size_bits(0)));
        // Identified structs.
        for ns in m.types.named.values() {
            let name = ty::struct_name(m, ns.id)?;
            let body = match &ns.body {
                None => "opaque".to_string(),
                Some(b) => {
                    if b.packed {
                        return Err("a packed struct".into());
                    }
                    format!("{{ {} }}", ty::fields_text(&ty::padded(m, ns.id, &b.fields)?))
                }
            };
            self.out.push_str(&format!("{name} = type {body}\n"));
        }
        self.out.push('\n');
        // Global variables.
        for &g in &m.order {
            let gv = &m.globals[g];
            let GlobalKind::Var(v) = &gv.kind else { continue };
            if !gv.thread_local.name().is_empty() || gv.addrspace != 0 {
                return Err("thread-local or address-space global".into());
            }
            let name = gname(m, g)?;
            let t = ty::mem(m, v.value_ty)?;
            let kw = if v.constant { "constant" } else { "global" };
            match v.init {
                None => self.out.push_str(&format!("{name} = external {kw} {t}\n")),
                Some(c) => {
                    let link = linkage(gv.linkage)?;
                    let val = self.cval(c, &t)?;
                    self.out.push_str(&format!("{name} = {link}{kw} {t} {val}\n"));
                }
            }
        }
        self.out.push_str("\nimplementation\n\n");
        let mut need_memcpy = false;
        let mut need_memset = false;
        for &g in &m.order {
            let gv = &m.globals[g];
            match &gv.kind {
                GlobalKind::Var(_) => {}
                GlobalKind::Func(f) => {
                    let name = gname(m, g)?;
                    if name.starts_with("%llvm.") {
                        if f.body.is_some() {
                            return Err("a defined llvm.* function".into());
                        }
                        continue;
                    }
                    if name == "%memcpy" || name == "%memset" {
                        return Err("a module that declares memcpy or memset itself".into());
                    }
                    let sig = ty::sig(m, g)?;
                    match &f.body {
                        None => {
                            self.out.push_str(&format!("declare {}\n\n", sig.header(&name, None)))
                        }
                        Some(body) => {
                            let (cpy, set) = func::function(self, g, &name, &sig, body)?;
                            need_memcpy |= cpy;
                            need_memset |= set;
                        }
                    }
                }
                _ => return Err("an alias or ifunc".into()),
            }
        }
        if need_memcpy {
            self.out.push_str("declare sbyte* %memcpy(sbyte*, sbyte*, ulong)\n\n");
        }
        if need_memset {
            self.out.push_str("declare sbyte* %memset(sbyte*, int, ulong)\n\n");
        }
        Ok(())
    }

    /// A constant of 1.x type `want`, without the type.
    pub(crate) fn cval(&self, c: ConstId, want: &T1) -> Result<String, String> {
        let m = self.m;
        let d = m.consts.get(c);
        Ok(match (&d.kind, want) {
            (ConstKind::Int(v), T1::Bool) => (if v.is_zero() { "false" } else { "true" }).into(),
            (ConstKind::Int(v), T1::Int(_, signed)) => int_text(v, *signed),
            (ConstKind::Null | ConstKind::Zero, T1::Ptr(_)) => "null".into(),
            (ConstKind::Zero, T1::Bool) => "false".into(),
            (ConstKind::Zero, T1::Int(..)) => "0".into(),
            (ConstKind::Zero, T1::Array(..) | T1::Struct(_) | T1::Named(_)) => {
                "zeroinitializer".into()
            }
            (ConstKind::Undef | ConstKind::Poison, _) => "undef".into(),
            (ConstKind::Bytes(b), T1::Array(..)) => format!("c\"{}\"", escape(b)),
            (ConstKind::Aggregate(elems), T1::Array(_, et)) => {
                let v: Result<Vec<String>, String> =
                    elems.iter().map(|&e| Ok(format!("{et} {}", self.cval(e, et)?))).collect();
                format!("[ {} ]", v?.join(", "))
            }
            (ConstKind::Aggregate(elems), T1::Struct(_) | T1::Named(_)) => {
                let fields = ty::fields(m, d.ty)?;
                let mut elems = elems.iter();
                let mut v = Vec::new();
                for (ft, pad) in &fields {
                    if *pad {
                        v.push(format!("{ft} zeroinitializer"));
                        continue;
                    }
                    let e = elems.next().ok_or("a struct constant of the wrong arity")?;
                    v.push(format!("{ft} {}", self.cval(*e, ft)?));
                }
                format!("{{ {} }}", v.join(", "))
            }
            (ConstKind::Global(g), T1::Ptr(_)) => {
                let gt = ty::global_ptr(m, *g)?;
                let name = gname(m, *g)?;
                if &gt == want {
                    name
                } else {
                    format!("cast ({gt} {name} to {want})")
                }
            }
            (ConstKind::Expr(e), T1::Ptr(_)) if e.op == Opcode::GetElementPtr => {
                let src = e.source_ty.ok_or("a getelementptr without a source type")?;
                let st = ty::mem(m, src)?;
                let stp = T1::Ptr(Box::new(st.clone()));
                let (base, idx) = e.operands.split_first().ok_or("an empty getelementptr")?;
                let mut parts = vec![format!("{stp} {}", self.cval(*base, &stp)?)];
                let mut cur = src;
                for (k, &i) in idx.iter().enumerate() {
                    let ConstKind::Int(v) = m.consts.kind(i) else {
                        return Err("a non-integer constant index".into());
                    };
                    let struct_field = k > 0 && ty::is_struct(m, cur);
                    if struct_field {
                        parts.push(format!("ubyte {}", ty::field_index(cur, v.low_u64())));
                    } else {
                        parts.push(format!("long {}", v.sext(64).to_signed_string()));
                    }
                    if k > 0 {
                        cur = ty::step(m, cur, v.low_u64())?;
                    }
                }
                let et = T1::Ptr(Box::new(ty::mem(m, cur)?));
                let gep = format!("getelementptr ({})", parts.join(", "));
                if &et == want {
                    gep
                } else {
                    format!("cast ({et} {gep} to {want})")
                }
            }
            (k, w) => return Err(format!("constant {k:?} as {w}")),
        })
    }
}

/// Linkage words of a definition.
fn linkage(l: Linkage) -> Result<&'static str, String> {
    Ok(match l {
        Linkage::Private | Linkage::Internal => "internal ",
        Linkage::External | Linkage::ExternalExplicit => "",
        Linkage::Weak | Linkage::WeakOdr => "weak ",
        Linkage::LinkOnce | Linkage::LinkOnceOdr => "linkonce ",
        Linkage::Appending => "appending ",
        other => return Err(format!("linkage {other:?}")),
    })
}

/// An integer's digits in a signed or unsigned 1.x type.
pub(crate) fn int_text(v: &ApInt, signed: bool) -> String {
    if signed {
        v.to_signed_string()
    } else {
        v.to_unsigned_string()
    }
}

/// The body of a `c"..."` string.
fn escape(b: &[u8]) -> String {
    let mut s = String::new();
    for &c in b {
        if (0x20..0x7f).contains(&c) && c != b'"' && c != b'\\' {
            s.push(c as char);
        } else {
            s.push_str(&format!("\\{c:02X}"));
        }
    }
    s
}
