//! Writing a module as LLVM 19 bitcode: enumeration of types, values and attributes, the
//! module block, constants and function bodies here and in the sibling files; metadata in
//! [`metadata`].

mod metadata;

use crate::bitcode::BitcodeError;
use crate::ir::constants::ConstId;
use crate::ir::function::Value;
use crate::ir::module::GlobalId;
use crate::ir::types::TypeId;
use crate::ir::Module;

pub(super) use metadata::MdWriter;

/// What the metadata writer needs from the side that numbers types and values.
pub(super) trait ValueIds {
    /// The index of `ty` in the type table.
    fn type_id(&self, ty: TypeId) -> Option<u64>;
    /// The absolute value id of a constant (globals included).
    fn const_id(&self, c: ConstId) -> Option<u64>;
    /// The absolute value id of an argument or instruction result of the function being
    /// written.
    fn local_id(&self, v: Value) -> Option<u64>;
    /// The value id of global `g` (for attachments of globals that no constant refers to).
    /// Without it, the id comes from the global's address constant, if the pool has one.
    fn global_id(&self, g: GlobalId) -> Option<u64> {
        let _ = g;
        None
    }
}

pub(super) fn write(module: &Module) -> Result<Vec<u8>, BitcodeError> {
    let _ = module;
    Err(BitcodeError::new(0, "writing bitcode is not implemented yet"))
}
