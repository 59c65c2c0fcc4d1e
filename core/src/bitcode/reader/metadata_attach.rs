//! Attachments read from bitcode: a function's `METADATA_ATTACHMENT` block, the module
//! block's `GLOBAL_DECL_ATTACHMENT` records, and the `DILocation`s of `DEBUG_LOC` records.

use super::{MdLoader, Slot, ValueContext};
use crate::bitcode::bitstream::{Cursor, Entry, Record};
use crate::bitcode::codes::{self, metadata as md};
use crate::bitcode::BitcodeError;
use crate::ir::constants::ConstKind;
use crate::ir::inst::{Inst, Operand};
use crate::ir::metadata::{MdField, MdId, MdNode, MdNodeKind, MdRecordField, Metadata};
use crate::ir::module::{GlobalId, GlobalKind};
use crate::ir::symbol::Symbol;
use crate::ir::types::TypeId;
use crate::ir::Module;

impl MdLoader {
    /// The node with id `id` for an attachment (all metadata is read by then).
    fn attached_node(&self, id: u64) -> Result<MdId, String> {
        match self.entries.get(usize::try_from(id).unwrap_or(usize::MAX)) {
            Some(Slot::Md(Metadata::Node(n))) => Ok(*n),
            Some(s) => Err(format!("attached metadata {id} is {}, not a node", super::what(s))),
            None => Err(format!("attached metadata {id} is out of range")),
        }
    }

    /// `[kind, node]*` pairs as attachments.
    fn pairs(&self, ops: &[u64]) -> Result<Vec<(Symbol, MdId)>, String> {
        let mut out = Vec::with_capacity(ops.len() / 2);
        for pair in ops.chunks(2) {
            let &[kind, node] = pair else {
                return Err("an attachment kind without its node".to_string());
            };
            let Some(k) = self.kind(kind) else {
                return Err(format!("metadata kind {kind} is not defined"));
            };
            out.push((k, self.attached_node(node)?));
        }
        Ok(out)
    }

    /// `METADATA_GLOBAL_DECL_ATTACHMENT`: `[value id, [kind, node]*]`, the attachments of a
    /// global variable or a declared function.
    pub(super) fn global_attachment(
        &mut self,
        c: &Cursor<'_>,
        m: &mut Module,
        values: &mut dyn ValueContext,
        ops: &[u64],
    ) -> Result<(), BitcodeError> {
        let code = md::METADATA_GLOBAL_DECL_ATTACHMENT;
        let Some((&idx, rest)) = ops.split_first().filter(|(_, r)| r.len() % 2 == 0) else {
            return Err(c.record_error(code, "expected a value and kind/node pairs"));
        };
        let Some(g) = global_at(m, values, idx, &mut self.spaces) else {
            return Err(c.record_error(code, format!("value {idx} is not a global")));
        };
        let pairs = self.pairs(rest).map_err(|e| c.record_error(code, e))?;
        let Some(gv) = m.globals.get_mut(g) else {
            return Err(c.record_error(code, format!("value {idx} is not a global")));
        };
        match &mut gv.kind {
            GlobalKind::Func(f) => f.md.extend(pairs),
            _ => gv.md.extend(pairs),
        }
        Ok(())
    }
}

/// The global that value `idx` names: a pointer in its address space (`ptr` first, then the
/// address spaces the module's globals use, listed once into `spaces`).
fn global_at(
    m: &mut Module,
    values: &mut dyn ValueContext,
    idx: u64,
    spaces: &mut Option<Vec<u32>>,
) -> Option<GlobalId> {
    let mut at = |m: &mut Module, ty: TypeId| match values.value_at(m, idx, ty) {
        Some(Operand::Const(k)) => match m.consts.kind(k) {
            ConstKind::Global(g) => Some(*g),
            _ => None,
        },
        _ => None,
    };
    if let Some(g) = at(m, TypeId::PTR) {
        return Some(g);
    }
    let spaces = spaces.get_or_insert_with(|| {
        let mut v: Vec<u32> = m.globals.values().map(|g| g.addrspace).filter(|&a| a != 0).collect();
        v.sort_unstable();
        v.dedup();
        v
    });
    for &space in spaces.iter() {
        let ty = m.types.ptr(space);
        if let Some(g) = at(m, ty) {
            return Some(g);
        }
    }
    None
}

/// Reads a function's `METADATA_ATTACHMENT` block: `[kind, node]*` for the function, `[inst,
/// [kind, node]*]` for instruction `inst` (counted over the function's instructions).
pub(super) fn read_attachments(
    l: &mut MdLoader,
    c: &mut Cursor<'_>,
    m: &mut Module,
    func: GlobalId,
    insts: &[Inst],
) -> Result<(), BitcodeError> {
    let mut rec = Record::default();
    loop {
        let abbrev = match c.advance()? {
            None => return Err(c.error("unexpected end of file in METADATA_ATTACHMENT")),
            Some(Entry::EndBlock) => return Ok(()),
            Some(Entry::SubBlock(id)) => {
                return Err(c.error(format!(
                    "unexpected {} inside METADATA_ATTACHMENT",
                    codes::block_name(id)
                )))
            }
            Some(Entry::Record(abbrev)) => abbrev,
        };
        c.read_record(abbrev, &mut rec)?;
        let code = rec.code;
        if code != md::METADATA_ATTACHMENT {
            return Err(c.record_error(code, "unknown record in the attachment block"));
        }
        let Some(GlobalKind::Func(f)) = m.globals.get_mut(func).map(|g| &mut g.kind) else {
            return Err(c.record_error(code, "attachments outside a function"));
        };
        if rec.ops.len() % 2 == 0 {
            let pairs = l.pairs(&rec.ops).map_err(|e| c.record_error(code, e))?;
            f.md.extend(pairs);
            continue;
        }
        let Some((&idx, rest)) = rec.ops.split_first() else { continue };
        let pairs = l.pairs(rest).map_err(|e| c.record_error(code, e))?;
        let inst = usize::try_from(idx).ok().and_then(|i| insts.get(i));
        let data = match (inst, f.body.as_mut()) {
            (Some(&i), Some(body)) => body.insts.get_mut(i),
            _ => None,
        };
        let Some(data) = data else {
            return Err(c.record_error(
                code,
                format!("instruction {idx} is out of range ({} instructions)", insts.len()),
            ));
        };
        data.md.extend(pairs);
    }
}

/// The `DILocation` of a `DEBUG_LOC` record: `[line, column, scope + 1, inlined-at + 1,
/// implicit-code]`, made as `llvm-dis` prints it and the text parser reads it back, and
/// uniqued by content.
pub(super) fn debug_loc(
    l: &mut MdLoader,
    m: &mut Module,
    ops: &[u64],
) -> Result<MdId, BitcodeError> {
    let err = |msg: String| {
        let mut e = BitcodeError::new(0, msg);
        e.context.push("FUNC_CODE_DEBUG_LOC".to_string());
        e
    };
    let (&[line, col, scope, ia], implicit) = (ops.get(..4).unwrap_or(&[]), ops.get(4)) else {
        return Err(err(format!("a location with {} operands", ops.len())));
    };
    // LLVM keeps 32-bit lines and 16-bit columns (a wider column becomes 0).
    let line = line as u32;
    let col = Some(col as u32).filter(|&c| c < 1 << 16).unwrap_or(0);
    let node = |id: u64, what: &str| match id.checked_sub(1).map(|i| l.get(i)) {
        Some(Some(Metadata::Node(n))) => Ok(n),
        _ => Err(err(format!("the {what} of a location ({id}) is not a node"))),
    };
    let scope = node(scope, "scope")?;
    let ia = if ia == 0 { None } else { Some(node(ia, "inlined-at location")?) };
    // LLVM reads the flag only from a record of exactly five operands.
    let implicit = ops.len() == 5 && implicit.is_some_and(|&v| v != 0);
    let key = (line, col, scope, ia, implicit);
    if let Some(&n) = l.locations.get(&key) {
        return Ok(n);
    }
    let kind = location(m, line, col, scope, ia, implicit);
    let n = m.metadata.push(MdNode { distinct: false, kind, number: None });
    l.locations.insert(key, n);
    Ok(n)
}

/// `!DILocation(line: .., column: .., scope: .., inlinedAt: .., isImplicitCode: true)` with
/// the fields LLVM's printer leaves out (a zero column, a null inlined-at, no implicit code)
/// left out.
pub(super) fn location(
    m: &mut Module,
    line: u32,
    col: u32,
    scope: MdId,
    ia: Option<MdId>,
    implicit: bool,
) -> MdNodeKind {
    let s = &mut m.symbols;
    let field = |name: Symbol, value: MdField| MdRecordField { name: Some(name), value };
    let mut fields = vec![field(s.intern("line"), MdField::Int(s.intern(&line.to_string())))];
    if col != 0 {
        fields.push(field(s.intern("column"), MdField::Int(s.intern(&col.to_string()))));
    }
    fields.push(field(s.intern("scope"), MdField::Md(Metadata::Node(scope))));
    if let Some(ia) = ia {
        fields.push(field(s.intern("inlinedAt"), MdField::Md(Metadata::Node(ia))));
    }
    if implicit {
        fields.push(field(s.intern("isImplicitCode"), MdField::Words(s.intern("true"))));
    }
    MdNodeKind::Record { name: s.intern("DILocation"), fields: fields.into() }
}
