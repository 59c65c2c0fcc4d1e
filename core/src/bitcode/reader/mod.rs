//! Reading bitcode into a module: the identification and module blocks, types, attributes,
//! globals, constants, function bodies and symbol tables here and in the sibling files; the
//! metadata blocks in [`metadata`].
//!
//! # Value numbering
//!
//! One value list per module (globals in record order, then module constants), extended per
//! function by its arguments, its constants and its instruction results, in that order. A
//! function's own values map straight onto the body's arenas: the body's values are its
//! parameters then its instruction results in order, so local value `n` of the bitcode is
//! always the same [`Value`](crate::ir::function::Value) id even before its instruction has
//! been read (forward references need no placeholders; a reference past the last value is an
//! error when the function ends).

mod metadata;

use crate::bitcode::BitcodeError;
use crate::ir::inst::Operand;
use crate::ir::types::TypeId;
use crate::ir::Module;

pub(super) use metadata::MdLoader;

/// What the metadata loader needs from the side that reads types and values.
pub(super) trait ValueContext {
    /// The type with index `idx` in the bitcode's type table.
    fn type_at(&self, idx: u64) -> Option<TypeId>;
    /// Value number `idx` (absolute) read as type `ty`: a global or module constant, or inside
    /// a function an argument, a function constant or an instruction result (possibly one not
    /// read yet).
    fn value_at(&mut self, m: &mut Module, idx: u64, ty: TypeId) -> Option<Operand>;
}

pub(super) fn read(bytes: &[u8]) -> Result<Module, BitcodeError> {
    let _ = bytes;
    Err(BitcodeError::new(0, "reading bitcode is not implemented yet"))
}
