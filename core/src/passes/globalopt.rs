//! `globalopt`: optimizes local global variables whose every use is known, as a subset of
//! LLVM's `GlobalOptPass`.
//!
//! Only `internal`/`private` variables with an initializer (not `externally_initialized`) are
//! considered: for any other linkage, code outside the module may read or write the variable
//! (the LangRef's linkage rules), so nothing about its contents can be assumed. Their uses are
//! collected over every function body: a use is a `load` from the variable, a `store` to it (not
//! of its address), either directly or through a constant `getelementptr` expression with
//! constant integer indices, and neither volatile nor atomic. A `getelementptr` instruction of
//! the address (any indices) is followed to its users: when every address it computes (through
//! further `getelementptr`s) only addresses such loads and stores, those are uses at offsets we
//! do not know. Any other use (a call argument, a comparison, a stored address, a `phi`, a
//! reference from another global's initializer, an alias, metadata or a debug record) makes the
//! variable escape, and it is left alone.
//!
//! For a variable that does not escape:
//! * never loaded: its stores (and the `getelementptr`s addressing them) are deleted, then the
//!   variable (no one can observe them);
//! * stored only with its own initializer (at offset 0, of its own type): those stores change
//!   nothing and are deleted;
//! * then, never stored: it becomes `constant`, and each load whose bytes are a known part of the
//!   initializer (the whole initializer, or a field or element of a struct, array or `c"..."`
//!   string initializer, by data-layout offset, loaded with exactly that field's type) is
//!   replaced by that constant (`undef`/`poison`/`zeroinitializer` initializers give `undef`/
//!   `poison`/zero of the loaded type). Loads at unknown offsets stay. A variable left without
//!   any use is deleted.
//!
//! Not done: LLVM's shrinking of a variable stored with one other value to a boolean, SRA of
//! global aggregates, localizing a variable used by `main` only, static constructor
//! evaluation, `unnamed_addr` marking, and folding loads whose type differs from the
//! initializer's part (reinterpreting bytes).

use super::edit::{remove_insts, replace_all_uses, undef};
use super::globaldce::{const_globals, remove_globals};
use super::PassResult;
use crate::ir::layout::{Class, Layouts};
use crate::ir::SecondaryMap;
use crate::ir::{
    ApInt, ConstId, ConstKind, GlobalId, GlobalKind, Inst, InstFlags, MdOperand, Module, Opcode,
    Operand, Ordering, Type, TypeId, Value,
};
use rustc_hash::FxHashMap as HashMap;

/// One load or store of a candidate variable.
#[derive(Clone, Copy)]
struct Use {
    func: GlobalId,
    inst: Inst,
    store: bool,
    /// Byte offset from the variable's start (`None` through a variable `getelementptr`).
    offset: Option<i64>,
}

#[derive(Default)]
struct Info {
    escapes: bool,
    uses: Vec<Use>,
    /// `getelementptr` instructions of the variable's address (they go with the variable).
    geps: Vec<(GlobalId, Inst)>,
}

/// Runs `globalopt` on the module.
pub fn run(m: &mut Module) -> PassResult {
    let layouts = Layouts::new(m);
    let mut infos: HashMap<GlobalId, Info> = HashMap::default();
    for (g, gv) in m.globals.iter() {
        if let GlobalKind::Var(v) = &gv.kind {
            if gv.linkage.is_local() && v.init.is_some() && !v.externally_initialized {
                infos.insert(g, Info::default());
            }
        }
    }
    if infos.is_empty() {
        return PassResult::default();
    }
    collect_uses(m, &layouts, &mut infos);

    let (mut stores_removed, mut loads_folded, mut made_constant) = (0u64, 0u64, 0u64);
    let mut dead_insts: HashMap<GlobalId, Vec<Inst>> = HashMap::default();
    let mut folds: HashMap<GlobalId, Vec<(Inst, ConstId)>> = HashMap::default();
    let mut dead_globals = SecondaryMap::from_elem(false, m.globals.len());
    let mut keys: Vec<GlobalId> = infos.keys().copied().collect();
    keys.sort();
    for g in keys {
        let Some(info) = infos.get(&g) else { continue };
        if info.escapes {
            continue;
        }
        let Some((init, value_ty, was_constant)) = m
            .globals
            .get(g)
            .and_then(|gv| gv.as_var())
            .and_then(|v| Some((v.init?, v.value_ty, v.constant)))
        else {
            continue;
        };
        let loads: Vec<Use> = info.uses.iter().copied().filter(|u| !u.store).collect();
        let stores: Vec<Use> = info.uses.iter().copied().filter(|u| u.store).collect();
        if loads.is_empty() {
            for s in &stores {
                dead_insts.entry(s.func).or_default().push(s.inst);
            }
            for &(f, i) in &info.geps {
                dead_insts.entry(f).or_default().push(i);
            }
            stores_removed += stores.len() as u64;
            if let Some(d) = dead_globals.get_mut(g) {
                *d = true;
            }
            continue;
        }
        // Stores of the initializer itself change nothing.
        let all_init = stores.iter().all(|s| {
            s.offset == Some(0)
                && store_operand(m, s)
                    .is_some_and(|(val, ty)| val == Operand::Const(init) && ty == value_ty)
        });
        if !all_init {
            continue;
        }
        for s in &stores {
            dead_insts.entry(s.func).or_default().push(s.inst);
        }
        stores_removed += stores.len() as u64;
        if !was_constant {
            made_constant += 1;
        }
        let mut all_folded = true;
        for l in &loads {
            let ty = load_ty(m, l);
            let c = l
                .offset
                .and_then(|o| u64::try_from(o).ok())
                .zip(ty)
                .and_then(|(off, ty)| extract(m, &layouts, init, value_ty, off, ty, 0));
            match c {
                Some(c) => {
                    folds.entry(l.func).or_default().push((l.inst, c));
                    loads_folded += 1;
                }
                None => all_folded = false,
            }
        }
        if all_folded && info.geps.is_empty() {
            if let Some(d) = dead_globals.get_mut(g) {
                *d = true;
            }
        } else if let Some(GlobalKind::Var(v)) = m.globals.get_mut(g).map(|gv| &mut gv.kind) {
            v.constant = true;
        }
    }

    // Apply: fold loads, delete stores and folded loads, then the variables left unused.
    let mut funcs: Vec<GlobalId> = dead_insts.keys().chain(folds.keys()).copied().collect();
    funcs.sort();
    funcs.dedup();
    for f in funcs {
        let fl = folds.remove(&f).unwrap_or_default();
        let mut dead: rustc_hash::FxHashSet<Inst> =
            dead_insts.remove(&f).unwrap_or_default().into_iter().collect();
        super::with_body(m, f, |m, body| {
            for &(l, c) in &fl {
                if let Some(v) = body.insts.get(l).and_then(|d| d.result) {
                    replace_all_uses(body, v, Operand::Const(c));
                }
                dead.insert(l);
            }
            remove_insts(&mut m.consts, body, &|i| dead.contains(&i));
        });
    }
    let removed = remove_globals(m, &dead_globals) as u64;
    PassResult::from_stats(vec![
        ("stores removed", stores_removed),
        ("loads folded", loads_folded),
        ("globals made constant", made_constant),
        ("globals removed", removed),
    ])
}

fn store_operand(m: &Module, u: &Use) -> Option<(Operand, TypeId)> {
    let body = m.func(u.func)?.body.as_ref()?;
    let d = body.insts.get(u.inst)?;
    let v = *d.args.first()?;
    Some((v, m.operand_ty(body, v)))
}

fn load_ty(m: &Module, u: &Use) -> Option<TypeId> {
    let body = m.func(u.func)?.body.as_ref()?;
    Some(body.insts.get(u.inst)?.ty)
}

/// Files every use of the candidate variables; anything but a simple load or store through the
/// address (or a constant GEP of it) makes the variable escape.
fn collect_uses(m: &Module, layouts: &Layouts, infos: &mut HashMap<GlobalId, Info>) {
    let mut seen = SecondaryMap::from_elem(false, m.consts.len());
    let mut found = Vec::new();
    // References from other globals and from metadata.
    for gv in m.globals.values() {
        match &gv.kind {
            GlobalKind::Var(v) => found.extend(v.init),
            GlobalKind::Alias { aliasee, .. } => found.push(*aliasee),
            GlobalKind::IFunc { resolver, .. } => found.push(*resolver),
            GlobalKind::Func(f) => {
                found.extend([f.personality, f.prefix, f.prologue].into_iter().flatten())
            }
            GlobalKind::Forward => {}
        }
    }
    let mut escaped = Vec::new();
    for c in std::mem::take(&mut found) {
        const_globals(m, c, &mut seen, &mut escaped);
    }
    for node in m.metadata.nodes.values() {
        use crate::ir::metadata::{MdField, MdNodeKind, Metadata};
        match &node.kind {
            MdNodeKind::Tuple(ops) => {
                for md in ops.iter() {
                    if let Metadata::Value(c) = md {
                        const_globals(m, *c, &mut seen, &mut escaped);
                    }
                }
            }
            MdNodeKind::Record { fields, .. } => {
                for f in fields.iter() {
                    if let MdField::Md(Metadata::Value(c)) | MdField::Value(c) = f.value {
                        const_globals(m, c, &mut seen, &mut escaped);
                    }
                }
            }
            MdNodeKind::Undefined => {}
        }
    }
    // Instruction operands.
    for (fg, gv) in m.globals.iter() {
        let Some(body) = gv.as_func().and_then(|f| f.body.as_ref()) else { continue };
        for md in body.md_ops.values() {
            let ops: Vec<Operand> = match md {
                MdOperand::Local(o) => vec![*o],
                MdOperand::ArgList(l) => l.to_vec(),
                MdOperand::Md(crate::ir::metadata::Metadata::Value(c)) => vec![Operand::Const(*c)],
                MdOperand::Md(_) => Vec::new(),
            };
            for o in ops {
                if let Operand::Const(c) = o {
                    const_globals(m, c, &mut seen, &mut escaped);
                }
            }
        }
        let mut users: Option<SecondaryMap<Value, Vec<Inst>>> = None;
        for &b in &body.layout {
            for &i in body.blocks.get(b).map(|bd| bd.insts.as_slice()).unwrap_or(&[]) {
                let Some(d) = body.insts.get(i) else { continue };
                let addr_pos = simple_access(d);
                let mut k = 0usize;
                super::edit::for_each_operand(d, &mut |o| {
                    let pos = k;
                    k += 1;
                    let Operand::Const(c) = o else { return };
                    if addr_pos == Some(pos) {
                        if let Some((g, off)) = address_of(m, layouts, c) {
                            if let Some(info) = infos.get_mut(&g) {
                                let store = d.op == Opcode::Store;
                                info.uses.push(Use { func: fg, inst: i, store, offset: Some(off) });
                            }
                            return;
                        }
                    }
                    // A `getelementptr` instruction of the address whose results only ever
                    // address loads and stores: accesses at offsets we do not know.
                    if d.op == Opcode::GetElementPtr && pos == 0 {
                        if let Some((g, _)) =
                            address_of(m, layouts, c).filter(|(g, _)| infos.contains_key(g))
                        {
                            let users = users.get_or_insert_with(|| super::edit::use_lists(body));
                            if let Some((accesses, geps)) = gep_accesses(body, users, i) {
                                if let Some(info) = infos.get_mut(&g) {
                                    info.uses.extend(accesses.into_iter().map(|(inst, store)| {
                                        Use { func: fg, inst, store, offset: None }
                                    }));
                                    info.geps.extend(geps.into_iter().map(|gi| (fg, gi)));
                                }
                                return;
                            }
                        }
                    }
                    const_globals(m, c, &mut seen, &mut escaped);
                });
            }
        }
    }
    for g in escaped {
        if let Some(info) = infos.get_mut(&g) {
            info.escapes = true;
        }
    }
}

/// The operand position of the address of a `load` or `store` that is neither volatile nor
/// atomic.
fn simple_access(d: &crate::ir::InstData) -> Option<usize> {
    let simple = !d.flags.has(InstFlags::VOLATILE)
        && d.mem_info().is_some_and(|mi| mi.ordering == Ordering::NotAtomic);
    match d.op {
        Opcode::Load if simple => Some(0),
        Opcode::Store if simple => Some(1),
        _ => None,
    }
}

/// The accesses (with `true` for a store) and the `getelementptr`s of [`gep_accesses`].
type GepAccesses = (Vec<(Inst, bool)>, Vec<Inst>);

/// The loads and stores (with `true` for a store) that the `getelementptr` instruction `gep`
/// addresses, through further `getelementptr`s (returned too, `gep` first); `None` when one
/// of the addresses has any other use (stored as a value, passed to a call, compared, ...).
fn gep_accesses(
    body: &crate::ir::Body,
    users: &SecondaryMap<Value, Vec<Inst>>,
    gep: Inst,
) -> Option<GepAccesses> {
    let mut accesses = Vec::new();
    let mut geps = vec![gep];
    let mut k = 0;
    while let Some(&g) = geps.get(k) {
        k += 1;
        if geps.len() > 4096 {
            return None;
        }
        let v = body.insts.get(g)?.result?;
        for &u in users.get(v)? {
            let d = body.insts.get(u)?;
            let uses_of_v: Vec<usize> = d
                .args
                .iter()
                .enumerate()
                .filter(|(_, a)| **a == Operand::Value(v))
                .map(|(p, _)| p)
                .collect();
            match (d.op, simple_access(d)) {
                (Opcode::Load | Opcode::Store, Some(addr)) if uses_of_v == [addr] => {
                    accesses.push((u, d.op == Opcode::Store));
                }
                (Opcode::GetElementPtr, _) if uses_of_v == [0] => {
                    if !geps.contains(&u) {
                        geps.push(u);
                    }
                }
                _ => return None,
            }
        }
    }
    Some((accesses, geps))
}

/// `@g` or a constant `getelementptr` of `@g` with constant integer indices: the global and the
/// byte offset.
fn address_of(m: &Module, layouts: &Layouts, c: ConstId) -> Option<(GlobalId, i64)> {
    if !m.consts.is_valid(c) {
        return None;
    }
    match m.consts.kind(c) {
        ConstKind::Global(g) => Some((*g, 0)),
        ConstKind::Expr(e) if e.op == Opcode::GetElementPtr => {
            let (&base, indices) = e.operands.split_first()?;
            let ConstKind::Global(g) = m.consts.kind(base) else { return None };
            let indices: Vec<Operand> = indices.iter().map(|&c| Operand::Const(c)).collect();
            let off = layouts.gep_offset(
                e.source_ty?,
                &super::instsimplify_loads::const_indices(m, &indices)?,
            )?;
            Some((*g, off))
        }
        _ => None,
    }
}

/// The constant of type `want` at byte `off` of constant `c` (of type `ty`), when it is exactly a
/// part of `c` of that type.
fn extract(
    m: &mut Module,
    layouts: &Layouts,
    c: ConstId,
    ty: TypeId,
    off: u64,
    want: TypeId,
    depth: u32,
) -> Option<ConstId> {
    if depth > 32 || !m.consts.is_valid(c) {
        return None;
    }
    let want_size = layouts.get(want).size;
    if want_size == 0
        || off.checked_add(want_size)? > layouts.get(ty).size.max(layouts.get(ty).alloc)
    {
        return None;
    }
    if off == 0 && ty == want {
        return Some(c);
    }
    let kind = m.consts.kind(c).clone();
    match kind {
        ConstKind::Undef => Some(undef(&mut m.consts, want)),
        ConstKind::Poison => Some(super::edit::poison(&mut m.consts, want)),
        ConstKind::Zero => zero_of(m, want),
        ConstKind::Aggregate(els) => match layouts.class(ty).clone() {
            Class::Struct(fields, offs) => {
                for (k, (&fty, &fo)) in fields.iter().zip(offs.iter()).enumerate() {
                    let fsize = layouts.get(fty).size;
                    if off >= fo && off < fo + fsize {
                        let &e = els.get(k)?;
                        return extract(m, layouts, e, fty, off - fo, want, depth + 1);
                    }
                }
                None
            }
            Class::Array(_, elem) => {
                let stride = layouts.get(elem).alloc;
                if stride == 0 {
                    return None;
                }
                let k = usize::try_from(off / stride).ok()?;
                let &e = els.get(k)?;
                extract(m, layouts, e, elem, off % stride, want, depth + 1)
            }
            _ => None,
        },
        ConstKind::Bytes(bytes) => {
            if m.types.int_bits(want) != Some(8) {
                return None;
            }
            let &b = bytes.get(usize::try_from(off).ok()?)?;
            Some(m.consts.int(want, ApInt::from_u64(8, b as u64)))
        }
        _ => None,
    }
}

/// The zero constant of a type, spelled as the printer and LLVM spell it.
fn zero_of(m: &mut Module, t: TypeId) -> Option<ConstId> {
    let kind = match m.types.get(t) {
        Type::Int(b) => ConstKind::Int(ApInt::zero(*b)),
        Type::Float(_) => ConstKind::Float(0),
        Type::Ptr(_) => ConstKind::Null,
        Type::Vector { .. } | Type::Array { .. } | Type::Struct { .. } | Type::Named(_) => {
            ConstKind::Zero
        }
        _ => return None,
    };
    Some(m.consts.intern(t, kind))
}

#[cfg(test)]
mod tests {
    #[test]
    fn folds_removes_and_keeps() {
        let src = "@c = internal global { i32, [2 x i16] } { i32 5, [2 x i16] [i16 7, i16 9] }\n@w = internal global i32 0\n@e = global i32 3\n@x = internal global i32 4\ndeclare void @g(ptr)\ndefine i32 @main() {\n  %a = load i32, ptr @c\n  %p = load i16, ptr getelementptr inbounds ({ i32, [2 x i16] }, ptr @c, i32 0, i32 1, i32 1)\n  store i32 1, ptr @w\n  %q = load i32, ptr @e\n  call void @g(ptr @x)\n  %z = zext i16 %p to i32\n  %s = add i32 %a, %z\n  %t = add i32 %s, %q\n  ret i32 %t\n}\n";
        let c = crate::check(src);
        assert!(c.valid, "{:?}", c.diagnostics);
        let mut m = c.module.expect("module");
        super::run(&mut m);
        let t = crate::text::print_module(&m);
        let d = crate::verify::verify(&m);
        assert!(d.is_empty(), "{d:?}\n{t}");
        assert!(t.contains("add i32 5, %z"), "{t}");
        assert!(t.contains("zext i16 9 to i32"), "{t}");
        assert!(!t.contains("@c ="), "{t}");
        assert!(!t.contains("@w"), "{t}");
        assert!(t.contains("load i32, ptr @e"), "{t}");
        assert!(t.contains("@x = internal global i32 4"), "{t}");
    }
}
