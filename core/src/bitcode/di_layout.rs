//! The specialised metadata records (`!DILocation(...)` and the rest) in bitcode: for each
//! record code, its name and the meaning of each positional operand, so that reading gives
//! the fields the text parser builds from `llvm-dis-19`'s output, and writing gives the
//! operands `llvm-as-19` writes.

use crate::ir::constants::ConstId;
use crate::ir::metadata::{MdNodeKind, Metadata};
use crate::ir::Module;

/// How the reader turns a metadata reference into [`Metadata`]: `resolve(id)` for an
/// operand holding `id + 1` (`0` is null, handled here).
pub(crate) type Resolve<'r> = &'r dyn Fn(u64) -> Option<Metadata>;

/// How the writer numbers metadata: the id (not plus one) of an operand.
pub(crate) type Number<'r> = &'r dyn Fn(Metadata) -> Option<u64>;

/// True when `code` is a specialised record's code (`METADATA_LOCATION`, ...).
pub(crate) fn is_record_code(code: u32) -> bool {
    let _ = code;
    false
}

/// Reads a specialised record: `(distinct, the node)`.
pub(crate) fn decode(
    code: u32,
    ops: &[u64],
    m: &mut Module,
    resolve: Resolve<'_>,
) -> Result<(bool, MdNodeKind), String> {
    let _ = (code, ops, m, resolve);
    Err("specialised metadata records are not read yet".to_string())
}

/// Writes a specialised record (`kind` is an [`MdNodeKind::Record`]): `(code, operands)`.
/// `consts` numbers constants (for `DIArgList`'s and template parameters' values).
pub(crate) fn encode(
    distinct: bool,
    kind: &MdNodeKind,
    m: &Module,
    number: Number<'_>,
    consts: &dyn Fn(ConstId) -> Option<u64>,
) -> Result<(u32, Vec<u64>), String> {
    let _ = (distinct, kind, m, number, consts);
    Err("specialised metadata records are not written yet".to_string())
}
