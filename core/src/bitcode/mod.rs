//! LLVM bitcode: reading `.bc` files into a [`Module`] and writing a module as LLVM 19 bitcode.
//!
//! ```text
//!   bytes ──bitstream::Cursor──▶ blocks and records ──reader──▶ Module
//!   Module ──writer (enumerate values, types, metadata)──▶ records ──bitstream::Writer──▶ bytes
//! ```
//! The bitstream layer ([`bitstream`]) knows only the container: bits, VBRs, abbreviations,
//! blocks, records, `BLOCKINFO`. The record vocabulary (block ids, record codes) is in
//! [`codes`]. The reader and writer map records to the IR and back.
//!
//! Every failure is a [`BitcodeError`] with the byte offset it happened at and, where known,
//! the block and record; nothing here panics or allocates more than a small multiple of the
//! input on bad input.

mod attr_kinds;
pub mod bitstream;
pub mod codes;
#[doc(hidden)]
pub mod di_layout;
mod reader;
mod writer;

use crate::ir::Module;
use std::fmt;

/// The magic of an LLVM IR bitcode file: `BC` then `0xC0DE`.
pub const MAGIC: [u8; 4] = [b'B', b'C', 0xC0, 0xDE];
/// The magic of the optional wrapper header (`0x0B17C0DE`, little-endian).
pub const WRAPPER_MAGIC: [u8; 4] = [0xDE, 0xC0, 0x17, 0x0B];

/// What kind of binary IR some bytes are, by their magic.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// LLVM bitcode (`BC 0xC0DE`), possibly inside the wrapper header.
    Bitcode,
    /// LLVM 1.x bytecode (magic `llvm`): not readable, but recognised to say so.
    Llvm1Bytecode,
}

/// The binary IR format of `bytes`, or `None` when they are not binary IR (text, for example).
pub fn sniff(bytes: &[u8]) -> Option<Format> {
    match bytes.get(..4) {
        Some(m) if m == MAGIC || m == WRAPPER_MAGIC => Some(Format::Bitcode),
        Some(b"llvm") => Some(Format::Llvm1Bytecode),
        _ => None,
    }
}

/// A failure to read (or write) bitcode: where, in which block and record, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BitcodeError {
    /// The byte offset in the input at which the problem was found.
    pub offset: u64,
    /// The enclosing blocks and the record, outermost first (`MODULE_BLOCK`,
    /// `FUNCTION_BLOCK`, `record INST_CALL`), as far as known.
    pub context: Vec<String>,
    /// What is wrong, in one line.
    pub message: String,
}

impl BitcodeError {
    /// An error at `offset` without context.
    pub fn new(offset: u64, message: impl Into<String>) -> BitcodeError {
        BitcodeError { offset, context: Vec::new(), message: message.into() }
    }
}

impl fmt::Display for BitcodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "byte {}", self.offset)?;
        if !self.context.is_empty() {
            write!(f, " ({})", self.context.join(" > "))?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for BitcodeError {}

/// Reads a bitcode file (LLVM 15 to 19, opaque pointers) into a module.
///
/// The module is the one the text parser builds from `llvm-dis-19`'s output of the same file,
/// except that nothing has a source span (spans are empty at offset 0). Like `llvm-dis-19`,
/// it leaves out the file's use-list order (see [`read_keeping_uselistorder`]).
pub fn read(bytes: &[u8]) -> Result<Module, BitcodeError> {
    reader::read(bytes, false)
}

/// [`read`], keeping the file's use-list order as `uselistorder` directives where it differs
/// from the order the text parser would give, as `llvm-dis-19 --preserve-ll-uselistorder`
/// prints them; written back, the module has the same use-list order as the file.
pub fn read_keeping_uselistorder(bytes: &[u8]) -> Result<Module, BitcodeError> {
    reader::read(bytes, true)
}

/// Applies to `module` the upgrades LLVM 19 makes to every module it reads from bitcode, as
/// [`read`] does last: intrinsics with an old mangling renamed, `llvm.dbg.*` calls turned into
/// debug records, LLVM 19's own attributes on intrinsic declarations, and `strictfp` calls in
/// functions without `strictfp` made `nobuiltin`. A module parsed from text and passed through
/// this equals the module [`read`] makes of its bitcode.
pub fn apply_read_upgrades(module: &mut Module) {
    reader::apply_upgrades(module);
}

/// Writes a module as LLVM 19 bitcode that `llvm-dis-19` reads back to the same module.
///
/// Fails only for a module the verifier would reject in a way bitcode cannot express (for
/// example a reference to an undefined value).
pub fn write(module: &Module) -> Result<Vec<u8>, BitcodeError> {
    writer::write(module)
}

/// What [`write`] leaves out of `module`, one warning each: its summary entries (`^0 = ...`,
/// kept as text in the module) are not written, as [`read`] skips summary blocks.
pub fn write_warnings(module: &Module) -> Vec<String> {
    match module.summaries.len() {
        0 => Vec::new(),
        n => vec![format!("{n} summary entries (^0 = ...) are not written to bitcode")],
    }
}
