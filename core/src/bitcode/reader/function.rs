//! Reading a `FUNCTION_BLOCK`: the blocks it declares, its constants and metadata, its
//! instructions (in [`super::insts`]), debug locations and debug records, the local value
//! symbol table (argument, instruction and block names) and the metadata attachments.

use super::module::ModuleReader;
use super::{chars, FnValues};
use crate::bitcode::bitstream::{Cursor, Entry, Record};
use crate::bitcode::codes::{block, function as fc, vst};
use crate::bitcode::BitcodeError;
use crate::ir::function::{
    BlockData, Body, DbgRecord, DbgRecordKind, LocalName, MdOperand, ValueData, ValueDef,
};
use crate::ir::inst::Bundle;
use crate::ir::metadata::MdId;
use crate::ir::symbol::Symbol;
use crate::ir::{Block, EntityRef, GlobalId, GlobalKind, Inst, InstData, Operand, TypeId, Value};

/// The function being read.
pub(super) struct FnState {
    pub g: GlobalId,
    pub body: Body,
    /// The block instructions go to.
    pub cur: usize,
    /// Instructions in bitcode order.
    pub insts: Vec<Inst>,
    /// Operand bundles for the next call.
    pub bundles: Vec<Bundle>,
    /// The last `DEBUG_LOC`.
    pub last_loc: Option<MdId>,
    /// The `dbg` attachment kind.
    pub dbg: Symbol,
    /// What the symbol table named, in its order.
    pub named: Vec<Named>,
}

/// A value or block a function's symbol table names.
#[derive(Copy, Clone, Debug)]
pub(super) enum Named {
    Value(Value),
    Block(Block),
}

impl ModuleReader<'_> {
    /// Reads the body of function `g` (the cursor is inside its block).
    pub(super) fn read_function(
        &mut self,
        c: &mut Cursor<'_>,
        g: GlobalId,
    ) -> Result<(), BitcodeError> {
        let Some(f) = self.m.func(g) else {
            return Err(c.error("a body for a global that is not a function"));
        };
        let params: Vec<(TypeId, LocalName)> = f.params.iter().map(|p| (p.ty, p.name)).collect();
        let mut body = Body::default();
        for (i, (ty, name)) in params.iter().enumerate() {
            let v = body.values.push(ValueData {
                ty: *ty,
                def: ValueDef::Param(i as u32),
                name: *name,
            });
            body.value_spans.push(Default::default());
            body.params.push(v);
        }
        self.vals.func =
            Some(FnValues { params: params.iter().map(|p| p.0).collect(), ..Default::default() });
        let dbg = self.m.symbols.intern("dbg");
        let mut st = FnState {
            g,
            body,
            cur: 0,
            insts: Vec::new(),
            bundles: Vec::new(),
            last_loc: None,
            dbg,
            named: Vec::new(),
        };
        let r = self.function_entries(c, &mut st);
        let fv = self.vals.func.take();
        r?;
        // Every block must be complete and every forward reference defined with its type.
        if st.body.layout.is_empty() {
            return Err(c.error("a function body without blocks"));
        }
        if st.cur < st.body.layout.len() {
            return Err(c.error("a function body ends before its last block is terminated"));
        }
        for &(n, ty) in fv.as_ref().map(|f| &f.forward[..]).unwrap_or(&[]) {
            let v = Value::new(params.len() + n);
            match st.body.values.get(v) {
                Some(d) if d.ty == ty => {}
                Some(_) => {
                    return Err(c.error(format!("instruction value {n} is used with another type")))
                }
                None => {
                    return Err(c.error(format!(
                        "a reference to instruction value {n}, which is never defined"
                    )))
                }
            }
        }
        self.expand_legacy_exprs(&mut st.body, &st.named).map_err(|m| c.error(m))?;
        self.md.end_function(&mut st.body);
        st.body.shrink_to_fit();
        // Parameter names live in the function too.
        if let Some(GlobalKind::Func(f)) = self.m.globals.get_mut(g).map(|gv| &mut gv.kind) {
            for (p, v) in f.params.iter_mut().zip(&st.body.params) {
                if let Some(d) = st.body.values.get(*v) {
                    p.name = d.name;
                }
            }
            f.body = Some(st.body);
        }
        Ok(())
    }

    fn function_entries(
        &mut self,
        c: &mut Cursor<'_>,
        st: &mut FnState,
    ) -> Result<(), BitcodeError> {
        let mut rec = Record::default();
        while let Some(e) = c.advance()? {
            match e {
                Entry::EndBlock => return Ok(()),
                Entry::SubBlock(id) => {
                    c.enter_block()?;
                    match id {
                        block::CONSTANTS_BLOCK_ID => self.read_constants(c, true)?,
                        block::METADATA_BLOCK_ID => {
                            self.md.read_block(c, &mut self.m, &mut self.vals)?
                        }
                        block::METADATA_ATTACHMENT_ID => {
                            let body = std::mem::take(&mut st.body);
                            if let Some(f) =
                                self.m.globals.get_mut(st.g).and_then(|gv| gv.as_func_mut())
                            {
                                f.body = Some(body);
                            }
                            let r = self.md.read_attachments(c, &mut self.m, st.g, &st.insts);
                            if let Some(f) =
                                self.m.globals.get_mut(st.g).and_then(|gv| gv.as_func_mut())
                            {
                                st.body = f.body.take().unwrap_or_default();
                            }
                            r?;
                        }
                        block::VALUE_SYMTAB_BLOCK_ID => self.read_local_vst(c, st)?,
                        block::USELIST_BLOCK_ID => self.read_uselists(c, Some(st))?,
                        _ => c.leave_block()?,
                    }
                }
                Entry::Record(a) => {
                    c.read_record(a, &mut rec)?;
                    let code = rec.code;
                    self.body_record(c, st, code, &rec.ops)?;
                }
            }
        }
        Ok(())
    }

    fn body_record(
        &mut self,
        c: &Cursor<'_>,
        st: &mut FnState,
        code: u32,
        ops: &[u64],
    ) -> Result<(), BitcodeError> {
        let err = |m: String| c.record_error(code, m);
        match code {
            fc::FUNC_CODE_DECLAREBLOCKS => {
                let n = ops.first().copied().unwrap_or(0);
                // A block takes at least one record of a few bits: at most two a byte.
                if n == 0 || !st.body.layout.is_empty() || n > self.input_len.saturating_mul(2) {
                    return Err(err(format!("a bad block count {n}")));
                }
                for _ in 0..n {
                    let b = st.body.blocks.push(BlockData { defined: true, ..Default::default() });
                    st.body.layout.push(b);
                }
            }
            fc::FUNC_CODE_DEBUG_LOC => {
                let loc = self.md.debug_loc(&mut self.m, ops)?;
                st.last_loc = Some(loc);
                self.attach_loc(st, loc).map_err(err)?;
            }
            fc::FUNC_CODE_DEBUG_LOC_AGAIN => {
                let loc =
                    st.last_loc.ok_or_else(|| err("no debug location to repeat".to_string()))?;
                self.attach_loc(st, loc).map_err(err)?;
            }
            fc::FUNC_CODE_OPERAND_BUNDLE => {
                let tag = ops.first().copied().unwrap_or(u64::MAX);
                let tag = usize::try_from(tag)
                    .ok()
                    .and_then(|t| self.bundle_tags.get(t))
                    .cloned()
                    .ok_or_else(|| err(format!("operand bundle tag {tag} is not defined")))?;
                let mut o = super::insts::Ops::new(ops, 1);
                let mut inputs = Vec::new();
                while !o.done() {
                    inputs.push(self.typed(&mut o, st).map_err(err)?.0);
                }
                st.bundles.push(Bundle { tag, inputs: inputs.into() });
            }
            fc::FUNC_CODE_BLOCKADDR_USERS => {}
            fc::FUNC_CODE_DEBUG_RECORD_VALUE
            | fc::FUNC_CODE_DEBUG_RECORD_DECLARE
            | fc::FUNC_CODE_DEBUG_RECORD_ASSIGN
            | fc::FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE
            | fc::FUNC_CODE_DEBUG_RECORD_LABEL => self.debug_record(st, code, ops).map_err(err)?,
            _ => {
                let Some(data) = self.instruction(st, code, ops).map_err(err)? else {
                    return Err(err("unknown record".to_string()));
                };
                self.append(st, data).map_err(err)?;
            }
        }
        Ok(())
    }

    /// Appends an instruction to the current block (the next one after a terminator).
    fn append(&mut self, st: &mut FnState, data: InstData) -> Result<(), String> {
        let Some(&b) = st.body.layout.get(st.cur) else {
            return Err("an instruction after the last block".to_string());
        };
        let is_term = data.op.is_terminator();
        let ty = data.ty;
        let inst = st.body.append(b, data, LocalName::Unnamed);
        st.insts.push(inst);
        if ty != TypeId::VOID {
            if let Some(f) = self.vals.func.as_mut() {
                f.insts.push(ty);
            }
        }
        if is_term {
            st.cur += 1;
        }
        Ok(())
    }

    fn attach_loc(&mut self, st: &mut FnState, loc: MdId) -> Result<(), String> {
        let Some(&last) = st.insts.last() else {
            return Err("a debug location before any instruction".to_string());
        };
        let dbg = st.dbg;
        if let Some(d) = st.body.insts.get_mut(last) {
            d.md.retain(|(k, _)| *k != dbg);
            d.md.insert(0, (dbg, loc));
        }
        Ok(())
    }

    fn md_operand(&self, st: &mut FnState, id: u64) -> Result<crate::ir::MdOpId, String> {
        let op = self.md.operand(id).ok_or_else(|| format!("metadata {id} is not defined"))?;
        Ok(st.body.md_ops.push(op))
    }

    fn debug_record(&mut self, st: &mut FnState, code: u32, ops: &[u64]) -> Result<(), String> {
        let Some(&last) = st.insts.last() else {
            return Err("a debug record before any instruction".to_string());
        };
        let at = |i: usize| ops.get(i).copied().ok_or_else(|| "too few operands".to_string());
        let (kind, args) = match code {
            fc::FUNC_CODE_DEBUG_RECORD_LABEL => {
                let label = self.md_operand(st, at(1)?)?;
                let loc = self.md_operand(st, at(0)?)?;
                (DbgRecordKind::Label, vec![label, loc])
            }
            fc::FUNC_CODE_DEBUG_RECORD_VALUE_SIMPLE => {
                let loc = self.md_operand(st, at(0)?)?;
                let var = self.md_operand(st, at(1)?)?;
                let expr = self.md_operand(st, at(2)?)?;
                let mut o = super::insts::Ops::new(ops, 3);
                let (v, _) = self.typed(&mut o, st)?;
                let val = st.body.md_ops.push(MdOperand::Local(v));
                (DbgRecordKind::Value, vec![val, var, expr, loc])
            }
            _ => {
                let loc = self.md_operand(st, at(0)?)?;
                let var = self.md_operand(st, at(1)?)?;
                let expr = self.md_operand(st, at(2)?)?;
                let val = self.md_operand(st, at(3)?)?;
                if code == fc::FUNC_CODE_DEBUG_RECORD_ASSIGN {
                    // [.., assign id, address expression, address] in the record.
                    let id = self.md_operand(st, at(4)?)?;
                    let aexpr = self.md_operand(st, at(5)?)?;
                    let addr = self.md_operand(st, at(6)?)?;
                    (DbgRecordKind::Assign, vec![val, var, expr, id, addr, aexpr, loc])
                } else {
                    let k = if code == fc::FUNC_CODE_DEBUG_RECORD_DECLARE {
                        DbgRecordKind::Declare
                    } else {
                        DbgRecordKind::Value
                    };
                    (k, vec![val, var, expr, loc])
                }
            }
        };
        st.body.dbg_records.entry(last).or_default().push(DbgRecord {
            kind,
            args,
            span: Default::default(),
        });
        Ok(())
    }

    /// Reads a function's value symbol table (argument, instruction and block names).
    fn read_local_vst(&mut self, c: &mut Cursor<'_>, st: &mut FnState) -> Result<(), BitcodeError> {
        let mut rec = Record::default();
        let base = self.vals.module.len() as u64;
        let (nparams, nconsts) = self
            .vals
            .func
            .as_ref()
            .map_or((0, 0), |f| (f.params.len() as u64, f.consts.len() as u64));
        while c.next_record(&mut rec)? {
            let Some(&id) = rec.ops.first() else {
                return Err(c.record_error(rec.code, "too few operands"));
            };
            let name = chars(rec.ops.get(1..).unwrap_or(&[]));
            let sym = LocalName::Named(self.m.symbols.intern(&name));
            match rec.code {
                vst::VST_CODE_ENTRY => {
                    let local = id.checked_sub(base);
                    let v = match local {
                        Some(n) if n < nparams => Some(n),
                        Some(n) if n >= nparams + nconsts => Some(n - nconsts),
                        _ => None,
                    };
                    let d = v
                        .and_then(|v| usize::try_from(v).ok())
                        .filter(|&v| v < st.body.values.len())
                        .and_then(|v| st.body.values.get_mut(Value::new(v)));
                    match d {
                        Some(d) => {
                            d.name = sym;
                            if let Some(v) = v.and_then(|v| usize::try_from(v).ok()) {
                                st.named.push(Named::Value(Value::new(v)));
                            }
                        }
                        None => {
                            return Err(c.record_error(
                                rec.code,
                                format!("value {id} is not a local value"),
                            ))
                        }
                    }
                }
                vst::VST_CODE_BBENTRY => {
                    let i = usize::try_from(id).ok().filter(|&i| i < st.body.blocks.len());
                    match i.and_then(|i| st.body.blocks.get_mut(Block::new(i))) {
                        Some(b) => {
                            b.name = sym;
                            st.named.extend(i.map(|i| Named::Block(Block::new(i))));
                        }
                        None => {
                            return Err(
                                c.record_error(rec.code, format!("block {id} is not defined"))
                            )
                        }
                    }
                }
                code => return Err(c.record_error(code, "unknown record")),
            }
        }
        let _ = Operand::Value;
        Ok(())
    }
}
