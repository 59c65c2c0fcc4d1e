//! Function blocks: `DECLAREBLOCKS`, the function-local metadata, the instructions with their
//! `DEBUG_LOC`s and debug records, the value symbol table of argument, instruction and block
//! names, and the metadata attachments.

use super::enumerate::Enumeration;
use super::metadata::MdWriter;
use super::Scopes;
use crate::bitcode::bitstream::Writer;
use crate::bitcode::codes::{block, function as fc, vst};
use crate::bitcode::BitcodeError;
use crate::ir::constants::ConstId;
use crate::ir::function::{Body, DbgRecordKind, LocalName, MdOperand, Value};
use crate::ir::inst::Operand;
use crate::ir::metadata::MdId;
use crate::ir::module::GlobalId;
use crate::ir::types::TypeId;
use crate::ir::Module;
use rustc_hash::FxHashMap as HashMap;

/// What writing one function's instructions needs.
pub(super) struct FnCtx<'a> {
    pub m: &'a Module,
    pub e: &'a Enumeration,
    pub md: &'a MdWriter,
    pub body: &'a Body,
    pub scopes: &'a Scopes,
    /// The id the next instruction result gets.
    pub inst_id: u32,
    pub blocks: HashMap<crate::ir::function::Block, u64>,
}

fn missing(what: &str) -> BitcodeError {
    BitcodeError::new(0, format!("{what} is not numbered"))
}

impl FnCtx<'_> {
    /// The absolute id of an operand (`callee_ty` for a call's callee).
    pub fn abs(&self, op: Operand, callee_ty: Option<TypeId>) -> Result<u32, BitcodeError> {
        match op {
            Operand::Value(v) => self.e.local_value(v).ok_or_else(|| missing("a local value")),
            Operand::Const(c) => self.const_abs(c, callee_ty),
            Operand::Md(id) => {
                let op = self.body.md_ops.get(id).ok_or_else(|| missing("a metadata operand"))?;
                self.md
                    .operand_id(op)
                    .map(|v| v as u32)
                    .ok_or_else(|| missing("a metadata operand"))
            }
        }
    }

    pub fn const_abs(&self, c: ConstId, callee_ty: Option<TypeId>) -> Result<u32, BitcodeError> {
        let r = self.e.const_ref(self.m, c, callee_ty);
        self.e.const_value(self.m, r).ok_or_else(|| missing("a constant"))
    }

    pub fn ty(&self, t: TypeId) -> Result<u64, BitcodeError> {
        self.e.type_id(t).ok_or_else(|| missing("a type"))
    }

    pub fn op_ty(&self, op: Operand) -> TypeId {
        self.m.operand_ty(self.body, op)
    }

    /// `pushValue`: the id relative to the current instruction.
    pub fn push(&self, ops: &mut Vec<u64>, op: Operand) -> Result<(), BitcodeError> {
        let id = self.abs(op, None)?;
        ops.push(self.inst_id.wrapping_sub(id) as u64);
        Ok(())
    }

    /// `pushValueAndType`: the relative id, and the type after a forward reference.
    pub fn push_typed(&self, ops: &mut Vec<u64>, op: Operand) -> Result<(), BitcodeError> {
        self.push_typed_callee(ops, op, None)
    }

    pub fn push_typed_callee(
        &self,
        ops: &mut Vec<u64>,
        op: Operand,
        callee_ty: Option<TypeId>,
    ) -> Result<(), BitcodeError> {
        let id = self.abs(op, callee_ty)?;
        ops.push(self.inst_id.wrapping_sub(id) as u64);
        if id >= self.inst_id {
            ops.push(self.ty(self.op_ty(op))?);
        }
        Ok(())
    }

    /// `pushValueSigned` (phi): the relative id as a signed VBR.
    pub fn push_signed(&self, ops: &mut Vec<u64>, op: Operand) -> Result<(), BitcodeError> {
        let id = self.abs(op, None)?;
        let rel = self.inst_id as i64 - id as i64;
        ops.push(crate::bitcode::bitstream::encode_signed(rel));
        Ok(())
    }

    pub fn bb(&self, b: crate::ir::function::Block) -> Result<u64, BitcodeError> {
        self.blocks.get(&b).copied().ok_or_else(|| missing("a block"))
    }
}

/// Writes the block of function `g`.
pub(super) fn write_function(
    w: &mut Writer,
    m: &Module,
    g: GlobalId,
    e: &mut Enumeration,
    md: &mut MdWriter,
    scopes: &Scopes,
    uselists: &super::uselist::ModuleUseLists,
) -> Result<(), BitcodeError> {
    let Some(body) = m.func(g).and_then(|f| f.body.as_ref()) else { return Ok(()) };
    e.begin_function(body);
    let e: &Enumeration = e;
    w.enter_block(block::FUNCTION_BLOCK_ID, 4);
    w.record(fc::FUNC_CODE_DECLAREBLOCKS, &[body.layout.len() as u64]);
    md.begin_function(w, m, g, &super::Ids { m, e });
    let blocks: HashMap<_, _> =
        body.layout.iter().enumerate().map(|(i, &b)| (b, i as u64)).collect();
    let dbg = m.symbols.lookup("dbg");
    let mut cx =
        FnCtx { m, e, md, body, scopes, inst_id: e.first_local + body.params.len() as u32, blocks };
    let mut last_loc: Option<MdId> = None;
    for &b in &body.layout {
        let Some(bd) = body.blocks.get(b) else { continue };
        for &i in &bd.insts {
            let Some(d) = body.insts.get(i) else { continue };
            super::insts::write_inst(w, &cx, d)?;
            if d.result.is_some() {
                cx.inst_id += 1;
            }
            let loc = d.md.iter().find(|(k, _)| Some(*k) == dbg).map(|&(_, n)| n);
            if let Some(loc) = loc {
                if last_loc == Some(loc) {
                    w.record(fc::FUNC_CODE_DEBUG_LOC_AGAIN, &[]);
                } else if let Some(ops) = md.debug_loc(m, loc) {
                    w.record(fc::FUNC_CODE_DEBUG_LOC, &ops);
                    last_loc = Some(loc);
                }
            }
            if let Some(records) = body.dbg_records.get(&i) {
                for r in records {
                    write_dbg_record(w, &cx, r)?;
                }
            }
        }
    }
    write_vst(w, body, &cx)?;
    md.write_attachments(w, m, g);
    super::uselist::write_function_uselists(w, &cx, g, uselists);
    md.end_function();
    w.end_block();
    Ok(())
}

fn write_dbg_record(
    w: &mut Writer,
    cx: &FnCtx<'_>,
    r: &crate::ir::function::DbgRecord,
) -> Result<(), BitcodeError> {
    let arg = |k: usize| -> Result<&MdOperand, BitcodeError> {
        r.args
            .get(k)
            .and_then(|&a| cx.body.md_ops.get(a))
            .ok_or_else(|| BitcodeError::new(0, "a debug record lacks an operand"))
    };
    let id = |k: usize| -> Result<u64, BitcodeError> {
        cx.md.operand_id(arg(k)?).ok_or_else(|| missing("a debug record operand"))
    };
    let (code, ops) = match r.kind {
        DbgRecordKind::Label => (fc::FUNC_CODE_DEBUG_RECORD_LABEL, vec![id(1)?, id(0)?]),
        DbgRecordKind::Value | DbgRecordKind::Declare => {
            let mut ops = vec![id(3)?, id(1)?, id(2)?];
            let simple = match arg(0)? {
                MdOperand::Local(Operand::Value(v)) if r.kind == DbgRecordKind::Value => {
                    cx.e.local_value(*v).filter(|&a| a < cx.inst_id)
                }
                _ => None,
            };
            if let Some(a) = simple {
                ops.push((cx.inst_id - a) as u64);
                (fc::FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE, ops)
            } else {
                ops.push(id(0)?);
                let code = if r.kind == DbgRecordKind::Value {
                    fc::FUNC_CODE_DEBUG_RECORD_VALUE
                } else {
                    fc::FUNC_CODE_DEBUG_RECORD_DECLARE
                };
                (code, ops)
            }
        }
        DbgRecordKind::Assign => (
            fc::FUNC_CODE_DEBUG_RECORD_ASSIGN,
            vec![id(6)?, id(1)?, id(2)?, id(0)?, id(3)?, id(5)?, id(4)?],
        ),
    };
    w.record(code, &ops);
    Ok(())
}

fn write_vst(w: &mut Writer, body: &Body, cx: &FnCtx<'_>) -> Result<(), BitcodeError> {
    let named = |n: &LocalName| match n {
        LocalName::Named(s) => {
            Some(crate::ir::symbol::name_to_bytes(cx.m.symbols.get(*s).as_bytes()))
        }
        LocalName::Unnamed => None,
    };
    let mut entries: Vec<(u32, u64, std::borrow::Cow<'_, [u8]>)> = Vec::new();
    let mut value = |v: Value| -> Result<(), BitcodeError> {
        let Some(d) = body.values.get(v) else { return Ok(()) };
        if let Some(n) = named(&d.name) {
            let id = cx.e.local_value(v).ok_or_else(|| missing("a named value"))?;
            entries.push((vst::VST_CODE_ENTRY, id as u64, n));
        }
        Ok(())
    };
    for &p in &body.params {
        value(p)?;
    }
    for &b in &body.layout {
        let Some(bd) = body.blocks.get(b) else { continue };
        for &i in &bd.insts {
            if let Some(v) = body.insts.get(i).and_then(|d| d.result) {
                value(v)?;
            }
        }
    }
    for (k, &b) in body.layout.iter().enumerate() {
        if let Some(n) = body.blocks.get(b).and_then(|bd| named(&bd.name)) {
            entries.push((vst::VST_CODE_BBENTRY, k as u64, n));
        }
    }
    if entries.is_empty() {
        return Ok(());
    }
    w.enter_block(block::VALUE_SYMTAB_BLOCK_ID, 4);
    for (code, id, name) in entries {
        super::abbrevs::name_record(w, code, id, &name);
    }
    w.end_block();
    Ok(())
}
