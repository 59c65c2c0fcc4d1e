//! `USELIST_BLOCK`s: the use-list order the module's `uselistorder` directives give, as
//! shuffles of the order LLVM's bitcode reader creates uses in (see [`crate::ir::uselist`]).
//! As LLVM does, a function's block ends with the records of its arguments, results and
//! blocks, and of the globals and constants whose last user (in module order) is one of its
//! instructions; the records of other globals and constants go in a module-level block before
//! the function blocks. Only orders that differ from the bitcode reader's get a record; for
//! globals and constants that includes ones without a directive, whose text order the bitcode
//! reader would not make by itself. Directives on what the model does not cover
//! (`blockaddress` constants, blocks whose `blockaddress` an instruction uses) and directives
//! that do not fit the module's uses get none.

use super::enumerate::{ConstRef, Enumeration};
use super::function::FnCtx;
use crate::bitcode::bitstream::Writer;
use crate::bitcode::codes::{block, uselist as uc};
use crate::ir::apint::ApInt;
use crate::ir::module::{GlobalId, Module, UseListTarget};
use crate::ir::types::TypeId;
use crate::ir::uselist::{BlockAddressRefs, FnUses, GlobalUses, ModuleValue, Reader};
use crate::ir::ConstKind;
use rustc_hash::FxHashMap as HashMap;

/// What the use-list records of a module need, found once.
pub(super) struct ModuleUseLists {
    refs: BlockAddressRefs,
    globals: GlobalUses,
}

impl ModuleUseLists {
    /// What the module needs: the uses of its globals always (the two readers create them in
    /// different orders, so a module without directives may need records too), those of
    /// function values only for its directives.
    pub(super) fn new(m: &Module) -> ModuleUseLists {
        let refs = if m.uselistorders.is_empty() {
            BlockAddressRefs::default()
        } else {
            BlockAddressRefs::of(m)
        };
        ModuleUseLists { refs, globals: GlobalUses::of(m) }
    }

    /// The records of globals and constants (in the block of function `home`, or at module
    /// level).
    fn global_records(&self, m: &Module, e: &Enumeration, home: Option<GlobalId>) -> Vec<Rec> {
        // The directives on each value, in text order (a constant's, inside a function,
        // order the uses made up to there).
        type Directives<'a> = Vec<(&'a [u32], Option<GlobalId>)>;
        let mut directives: HashMap<ModuleValue, Directives> = HashMap::default();
        for u in &m.uselistorders {
            let v = match u.target {
                UseListTarget::Global(g) => ModuleValue::Global(g),
                UseListTarget::Const(c) => ModuleValue::of_const(m, c),
                _ => continue,
            };
            directives.entry(v).or_default().push((&u.indexes, u.func));
        }
        let mut out = Vec::new();
        for v in self.globals.used_values() {
            if self.globals.home(v) != home {
                continue;
            }
            let s = match directives.get(&v) {
                Some(d) => self.globals.reorder_directives(v, d, Reader::Bitcode),
                None => self.globals.reorder(v, None, Reader::Text, Reader::Bitcode),
            };
            let Some(s) = s else { continue };
            let id = match v {
                ModuleValue::Global(g) => e.global_value(g),
                ModuleValue::Const(c) => const_id(m, e, c),
                ModuleValue::ImplicitNull => e.const_value(m, ConstRef::Null(TypeId::PTR)),
            };
            let Some(id) = id else { continue };
            if s.len() >= 2 {
                let key = (3 << 32) | u64::from(id);
                out.push(Rec { code: uc::USELIST_CODE_DEFAULT, key, id: id.into(), shuffle: s });
            }
        }
        out
    }

    /// Writes the module-level `USELIST_BLOCK`, if the module needs one.
    pub(super) fn write_module_block(&self, w: &mut Writer, m: &Module, e: &Enumeration) {
        write_block(w, self.global_records(m, e, None));
    }
}

/// The value id of constant `c`: `i32 1` may be numbered only as the count of `alloca`s,
/// `ptr null` only as the unset operands of functions, a null value as `zeroinitializer`.
fn const_id(m: &Module, e: &Enumeration, c: crate::ir::ConstId) -> Option<u32> {
    e.const_value(m, ConstRef::Pool(c)).or_else(|| {
        if !m.consts.is_valid(c) {
            return None;
        }
        let one = ConstKind::Int(ApInt::from_u64(32, 1));
        // The model names a null value by its `0`/`null` spelling; it may be numbered as
        // `zeroinitializer`.
        let zero = m.consts.lookup(m.consts.ty(c), ConstKind::Zero).filter(|&z| z != c);
        if let Some(id) = zero.and_then(|z| e.const_value(m, ConstRef::Pool(z))) {
            return Some(id);
        }
        match (m.consts.ty(c), m.consts.kind(c)) {
            (TypeId::I32, k) if *k == one => e.const_value(m, ConstRef::Int(TypeId::I32, 1)),
            (TypeId::PTR, ConstKind::Null) => e.const_value(m, ConstRef::Null(TypeId::PTR)),
            _ => None,
        }
    })
}

struct Rec {
    code: u32,
    /// The order: LLVM predicts blocks, then arguments, then results and the globals they
    /// use, and writes the list backwards.
    key: u64,
    id: u64,
    shuffle: Vec<u32>,
}

fn write_block(w: &mut Writer, mut records: Vec<Rec>) {
    if records.is_empty() {
        return;
    }
    records.sort_by_key(|r| std::cmp::Reverse(r.key));
    w.enter_block(block::USELIST_BLOCK_ID, 3);
    for r in &records {
        let mut ops: Vec<u64> = r.shuffle.iter().map(|&i| u64::from(i)).collect();
        ops.push(r.id);
        w.record(r.code, &ops);
    }
    w.end_block();
}

/// Writes the `USELIST_BLOCK` of function `g`, if it needs one.
pub(super) fn write_function_uselists(
    w: &mut Writer,
    cx: &FnCtx<'_>,
    g: GlobalId,
    lists: &ModuleUseLists,
) {
    let m = cx.m;
    let mine = |t: UseListTarget, func: Option<GlobalId>| match t {
        UseListTarget::Local(_) => func == Some(g),
        UseListTarget::Block(f, _) => f == g,
        _ => false,
    };
    let mut records = lists.global_records(m, cx.e, Some(g));
    if m.uselistorders.iter().any(|u| mine(u.target, u.func)) {
        if let Some(uses) = FnUses::of(m, g, &lists.refs) {
            for u in &m.uselistorders {
                if !mine(u.target, u.func) {
                    continue;
                }
                let Some(shuffle) =
                    uses.convert(u.target, &u.indexes, Reader::Text, Reader::Bitcode)
                else {
                    continue;
                };
                if shuffle.len() < 2 {
                    continue;
                }
                let (code, rank, id) = match u.target {
                    UseListTarget::Local(v) => {
                        let Some(id) = cx.e.local_value(v) else { continue };
                        let param = cx.body.params.contains(&v);
                        (uc::USELIST_CODE_DEFAULT, if param { 1u64 } else { 2 }, u64::from(id))
                    }
                    UseListTarget::Block(_, b) => {
                        let Ok(id) = cx.bb(b) else { continue };
                        (uc::USELIST_CODE_BB, 0, id)
                    }
                    _ => continue,
                };
                records.push(Rec { code, key: (rank << 32) | id, id, shuffle });
            }
        }
    }
    write_block(w, records);
}
