//! `USELIST_BLOCK`s: each record is a shuffle of the order LLVM's bitcode reader creates a
//! value's uses in (`USELIST_CODE_DEFAULT` for a value, `USELIST_CODE_BB` for a block of the
//! function, its last operand the value or block number). The module keeps use-list order as
//! `uselistorder` directives, shuffles of the text reader's order ([`crate::ir::uselist`]), so
//! once the whole module is read each record is converted; a record that leaves the order the
//! text reader makes anyway is dropped, and so is one on a value the model does not cover
//! (`blockaddress` constants, blocks whose `blockaddress` an instruction uses).

use super::function::FnState;
use super::module::ModuleReader;
use crate::bitcode::bitstream::{Cursor, Record};
use crate::bitcode::codes::uselist as uc;
use crate::bitcode::BitcodeError;
use crate::ir::module::{UseListOrder, UseListTarget};
use crate::ir::uselist::{BlockAddressRefs, FnUses, GlobalUses, ModuleValue, Reader};
use crate::ir::{ConstKind, GlobalId, Module, Operand};
use rustc_hash::FxHashMap as HashMap;

impl ModuleReader<'_> {
    /// Reads a `USELIST_BLOCK` of a function (`st`) or of the module (the cursor is inside
    /// it); its records wait in the module, relative to the bitcode reader's order, for
    /// [`finish`].
    pub(super) fn read_uselists(
        &mut self,
        c: &mut Cursor<'_>,
        st: Option<&FnState>,
    ) -> Result<(), BitcodeError> {
        let mut rec = Record::default();
        while c.next_record(&mut rec)? {
            let Some((&id, shuffle)) = rec.ops.split_last() else {
                return Err(c.record_error(rec.code, "too few operands"));
            };
            if shuffle.len() < 2 {
                return Err(c.record_error(rec.code, "a use-list shuffle of fewer than 2 uses"));
            }
            let indexes: Option<Box<[u32]>> =
                shuffle.iter().map(|&i| u32::try_from(i).ok()).collect();
            let Some(indexes) = indexes else {
                return Err(c.record_error(rec.code, "a use-list index out of range"));
            };
            let target = match rec.code {
                uc::USELIST_CODE_DEFAULT => match self.vals.get(&self.m, id) {
                    Some((Operand::Value(v), _)) => UseListTarget::Local(v),
                    Some((Operand::Const(k), _)) => match self.m.consts.kind(k) {
                        ConstKind::Global(g) => UseListTarget::Global(*g),
                        _ => UseListTarget::Const(k),
                    },
                    _ => return Err(c.record_error(rec.code, format!("no value {id}"))),
                },
                uc::USELIST_CODE_BB => {
                    let b = st.and_then(|st| {
                        let b = usize::try_from(id).ok().and_then(|i| st.body.layout.get(i))?;
                        Some((st.g, *b))
                    });
                    match b {
                        Some((g, b)) => UseListTarget::Block(g, b),
                        None => return Err(c.record_error(rec.code, format!("no block {id}"))),
                    }
                }
                code => return Err(c.record_error(code, "unknown use-list record")),
            };
            self.m.uselistorders.push(UseListOrder {
                text: "".into(),
                func: st.map(|st| st.g),
                span: Default::default(),
                target,
                indexes,
            });
        }
        Ok(())
    }
}

/// Turns the records [`ModuleReader::read_uselists`] kept (shuffles of the bitcode reader's
/// order) into `uselistorder` directives (shuffles of the text reader's order), once the module
/// is complete; drops those that give the text reader's order and those not covered. A global
/// or constant without a record has the bitcode reader's order, which may need a directive too.
pub(super) fn finish(m: &mut Module) {
    let pending = std::mem::take(&mut m.uselistorders);
    // Globals and constants: every one with two uses or more, record or not (the readers'
    // orders differ). Their records apply to all their uses, wherever they are.
    let values = GlobalUses::of(m);
    let mut records: HashMap<ModuleValue, Box<[u32]>> = HashMap::default();
    for u in &pending {
        match u.target {
            UseListTarget::Global(g) => records.insert(ModuleValue::Global(g), u.indexes.clone()),
            UseListTarget::Const(c) => {
                records.insert(ModuleValue::of_const(m, c), u.indexes.clone())
            }
            _ => None,
        };
    }
    for v in values.used_values() {
        let indexes = records.get(&v).map(|r| &r[..]);
        if let Some(s) = values.reorder(v, indexes, Reader::Bitcode, Reader::Text) {
            if s.len() >= 2 {
                let target = match v {
                    ModuleValue::Global(g) => UseListTarget::Global(g),
                    ModuleValue::Const(c) => UseListTarget::Const(c),
                    // Not in the module: the file had no `ptr null` to read.
                    ModuleValue::ImplicitNull => continue,
                };
                m.uselistorders.push(UseListOrder {
                    text: "".into(),
                    func: None,
                    span: Default::default(),
                    target,
                    indexes: s.into(),
                });
            }
        }
    }
    if pending.is_empty() {
        return;
    }
    let refs = BlockAddressRefs::of(m);
    let mut uses: HashMap<GlobalId, Option<FnUses>> = HashMap::default();
    for mut u in pending {
        let Some(g) = u.func else { continue };
        if matches!(u.target, UseListTarget::Global(_) | UseListTarget::Const(_)) {
            continue;
        }
        let Some(fu) = uses.entry(g).or_insert_with(|| FnUses::of(m, g, &refs)).as_ref() else {
            continue;
        };
        match fu.convert(u.target, &u.indexes, Reader::Bitcode, Reader::Text) {
            Some(s) if s.len() >= 2 => {
                u.indexes = s.into();
                m.uselistorders.push(u);
            }
            _ => {}
        }
    }
}
