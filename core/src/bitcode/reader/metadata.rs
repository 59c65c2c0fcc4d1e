//! Reading metadata: the metadata kinds, module and function metadata blocks (strings, nodes,
//! specialised `DI*` records, named metadata, values as metadata), attachments, and the
//! `DEBUG_LOC` locations of instructions.

use super::ValueContext;
use crate::bitcode::bitstream::Cursor;
use crate::bitcode::BitcodeError;
use crate::ir::function::{Body, MdOperand};
use crate::ir::inst::Inst;
use crate::ir::metadata::{MdId, Metadata};
use crate::ir::module::GlobalId;
use crate::ir::symbol::Symbol;
use crate::ir::Module;

/// The metadata read so far: module-level entries, and while a function is read, its own.
#[derive(Default)]
pub(crate) struct MdLoader {}

impl MdLoader {
    /// Reads a `METADATA_KIND_BLOCK` (the cursor is inside it).
    pub fn read_kinds(&mut self, c: &mut Cursor<'_>, m: &mut Module) -> Result<(), BitcodeError> {
        let _ = (c, m);
        Err(BitcodeError::new(0, "metadata is not read yet"))
    }

    /// Reads a `METADATA_BLOCK` at module level or inside a function (the cursor is inside it).
    pub fn read_block(
        &mut self,
        c: &mut Cursor<'_>,
        m: &mut Module,
        values: &mut dyn ValueContext,
    ) -> Result<(), BitcodeError> {
        let _ = (c, m, values);
        Err(BitcodeError::new(0, "metadata is not read yet"))
    }

    /// The metadata with id `idx` (module or current function), as a node, string or value.
    pub fn get(&self, idx: u64) -> Option<Metadata> {
        let _ = idx;
        None
    }

    /// Metadata id `idx` as an operand of a call or debug record (function-local metadata
    /// gives [`MdOperand::Local`] or [`MdOperand::ArgList`]).
    pub fn operand(&self, idx: u64) -> Option<MdOperand> {
        let _ = idx;
        None
    }

    /// The attachment kind with id `kind` (`dbg`, `tbaa`, ...).
    pub fn kind(&self, kind: u64) -> Option<Symbol> {
        let _ = kind;
        None
    }

    /// The `DILocation` of a `FUNC_CODE_DEBUG_LOC` record's operands
    /// (`[line, column, scope, inlined-at, implicit-code]`, scope and inlined-at as id + 1).
    pub fn debug_loc(&mut self, m: &mut Module, ops: &[u64]) -> Result<MdId, BitcodeError> {
        let _ = (m, ops);
        Err(BitcodeError::new(0, "metadata is not read yet"))
    }

    /// Reads a function's `METADATA_ATTACHMENT` block (the cursor is inside it): attachments
    /// of the function itself and of its instructions (`insts` in bitcode order).
    pub fn read_attachments(
        &mut self,
        c: &mut Cursor<'_>,
        m: &mut Module,
        func: GlobalId,
        insts: &[Inst],
    ) -> Result<(), BitcodeError> {
        let _ = (c, m, func, insts);
        Err(BitcodeError::new(0, "metadata is not read yet"))
    }

    /// Forgets the current function's metadata (after its body).
    pub fn end_function(&mut self, body: &mut Body) {
        let _ = body;
    }
}
