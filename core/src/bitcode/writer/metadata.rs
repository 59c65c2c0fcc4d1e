//! Writing metadata: the kinds, the module's metadata block (strings, nodes, specialised `DI*`
//! records, named metadata, global attachments), function-local metadata, instruction
//! attachments and `DEBUG_LOC` locations.

use super::ValueIds;
use crate::bitcode::bitstream::Writer;
use crate::ir::constants::ConstId;
use crate::ir::function::MdOperand;
use crate::ir::metadata::MdId;
use crate::ir::module::GlobalId;
use crate::ir::symbol::Symbol;
use crate::ir::Module;

/// The module's metadata, numbered for writing.
#[derive(Default)]
pub(crate) struct MdWriter {}

impl MdWriter {
    /// Numbers every piece of metadata the module uses: named metadata, attachments of
    /// globals, functions and instructions, debug records, metadata operands of calls.
    pub fn new(m: &Module) -> MdWriter {
        let _ = m;
        MdWriter {}
    }

    /// Constants that metadata refers to (`!{i32 1}`, `DIArgList(ptr @g)`): the value
    /// enumeration must number them (and their types).
    pub fn consts_used(&self) -> Vec<ConstId> {
        Vec::new()
    }

    /// Writes the `METADATA_KIND_BLOCK`.
    pub fn write_kinds(&self, w: &mut Writer, m: &Module) {
        let _ = (w, m);
    }

    /// The id of attachment kind `kind` (`dbg` is 0).
    pub fn kind_id(&self, kind: Symbol) -> Option<u64> {
        let _ = kind;
        None
    }

    /// Writes the module-level `METADATA_BLOCK` (nothing if the module has no metadata).
    pub fn write_module(&self, w: &mut Writer, m: &Module, ids: &dyn ValueIds) {
        let _ = (w, m, ids);
    }

    /// The operands of a `FUNC_CODE_DEBUG_LOC` record for a `!dbg` location
    /// (`[line, column, scope + 1, inlined-at + 1, implicit-code]`), if `loc` is a `DILocation`.
    pub fn debug_loc(&self, m: &Module, loc: MdId) -> Option<[u64; 5]> {
        let _ = (m, loc);
        None
    }

    /// Starts function `func`: writes its function-local `METADATA_BLOCK` if it has
    /// function-local metadata (values as metadata, `DIArgList`s).
    pub fn begin_function(
        &mut self,
        w: &mut Writer,
        m: &Module,
        func: GlobalId,
        ids: &dyn ValueIds,
    ) {
        let _ = (w, m, func, ids);
    }

    /// The metadata id of a call's or debug record's metadata operand.
    pub fn operand_id(&self, op: &MdOperand) -> Option<u64> {
        let _ = op;
        None
    }

    /// Writes the function's `METADATA_ATTACHMENT` block (function attachments, and
    /// instruction attachments other than `!dbg`), if there are any.
    pub fn write_attachments(&self, w: &mut Writer, m: &Module, func: GlobalId) {
        let _ = (w, m, func);
    }

    /// Forgets the current function's local metadata.
    pub fn end_function(&mut self) {}
}
