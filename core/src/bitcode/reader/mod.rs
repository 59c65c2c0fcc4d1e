//! Reading bitcode into a module: the identification and module blocks, types, attributes,
//! globals, constants, function bodies and symbol tables here and in the sibling files; the
//! metadata blocks in [`metadata`].
//!
//! ```text
//!  mod.rs        the entry point, the wrapper header, the top-level blocks, the value table
//!  module.rs     the module block: header strings, globals, functions, aliases, comdats, VST
//!  types.rs      the type table
//!  attrs.rs      attribute groups and attribute lists
//!  constants.rs  module and function constants (forward references resolved on demand)
//!  constexpr.rs   constant expressions LLVM 19 dropped, made instructions at their uses
//!  function.rs   function blocks: blocks, names, debug locations and records, attachments
//!  insts.rs      one instruction record at a time
//!  upgrade.rs    the upgrades LLVM applies on reading (intrinsic renames and attributes,
//!                debug intrinsic calls to records, strictfp calls)
//!  uselist.rs    use-list order records, turned into `uselistorder` directives
//! ```
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

mod attrs;
mod constants;
mod constexpr;
mod function;
mod insts;
mod metadata;
mod module;
mod types;
mod upgrade;
mod uselist;

use crate::bitcode::bitstream::{Cursor, Entry, Record};
use crate::bitcode::codes::{block, identification, strtab};
use crate::bitcode::{BitcodeError, MAGIC, WRAPPER_MAGIC};
use crate::ir::inst::Operand;
use crate::ir::types::TypeId;
use crate::ir::{ConstId, EntityRef, Module, Value};

pub(super) use metadata::MdLoader;
pub(super) use upgrade::apply as apply_upgrades;

/// What the metadata loader needs from the side that reads types and values.
pub(super) trait ValueContext {
    /// The type with index `idx` in the bitcode's type table.
    fn type_at(&self, idx: u64) -> Option<TypeId>;
    /// Value number `idx` (absolute) read as type `ty`: a global or module constant, or inside
    /// a function an argument, a function constant or an instruction result (possibly one not
    /// read yet).
    fn value_at(&mut self, m: &mut Module, idx: u64, ty: TypeId) -> Option<Operand>;
}

/// The values of the function being read.
#[derive(Default)]
pub(super) struct FnValues {
    /// Parameter types.
    pub params: Vec<TypeId>,
    /// The function's constants.
    pub consts: Vec<ConstId>,
    /// The result types of the instructions read so far.
    pub insts: Vec<TypeId>,
    /// References to instruction results not read yet: (local result index, type).
    pub forward: Vec<(usize, TypeId)>,
}

/// The type table and the value list (see the module documentation).
#[derive(Default)]
pub(super) struct ValueTable {
    /// The bitcode's type table.
    pub types: Vec<TypeId>,
    /// Every module-level value as a constant (a global as its address).
    pub module: Vec<ConstId>,
    /// The current function's values.
    pub func: Option<FnValues>,
}

/// The most forward references to instruction results one function may hold open (each costs
/// a few bytes; real functions have far fewer than this).
const MAX_FORWARD: usize = 1 << 24;

impl ValueTable {
    /// The type of table entry `idx`.
    pub fn ty(&self, idx: u64) -> Option<TypeId> {
        usize::try_from(idx).ok().and_then(|i| self.types.get(i)).copied()
    }

    /// The absolute number of the next value a function defines.
    pub fn next_value(&self) -> u64 {
        let f = self.func.as_ref();
        (self.module.len() + f.map_or(0, |f| f.params.len() + f.consts.len() + f.insts.len()))
            as u64
    }

    /// Value `idx` with its type, when it is already defined.
    pub fn get(&self, m: &Module, idx: u64) -> Option<(Operand, TypeId)> {
        let idx = usize::try_from(idx).ok()?;
        if let Some(&c) = self.module.get(idx) {
            return Some((Operand::Const(c), m.consts.ty(c)));
        }
        let f = self.func.as_ref()?;
        let mut n = idx - self.module.len();
        if let Some(&t) = f.params.get(n) {
            return Some((Operand::Value(Value::new(n)), t));
        }
        n -= f.params.len();
        if let Some(&c) = f.consts.get(n) {
            return Some((Operand::Const(c), m.consts.ty(c)));
        }
        n -= f.consts.len();
        let t = *f.insts.get(n)?;
        Some((Operand::Value(Value::new(f.params.len() + n)), t))
    }

    /// Value `idx` as type `ty`: defined already (its type must be `ty`), or an instruction
    /// result of the current function still to come.
    pub fn get_typed(&mut self, m: &Module, idx: u64, ty: TypeId) -> Option<Operand> {
        if let Some((op, t)) = self.get(m, idx) {
            return (t == ty).then_some(op);
        }
        let base = self.module.len() as u64;
        let f = self.func.as_mut()?;
        let first_inst = base + (f.params.len() + f.consts.len()) as u64;
        let n = usize::try_from(idx.checked_sub(first_inst)?).ok()?;
        // Value ids are 32 bits: a reference further ahead than that is no value at all.
        if n >= 1 << 30 || ty == TypeId::VOID || f.forward.len() >= MAX_FORWARD {
            return None;
        }
        f.forward.push((n, ty));
        Some(Operand::Value(Value::new(f.params.len() + n)))
    }
}

impl ValueContext for ValueTable {
    fn type_at(&self, idx: u64) -> Option<TypeId> {
        self.ty(idx)
    }
    fn value_at(&mut self, m: &mut Module, idx: u64, ty: TypeId) -> Option<Operand> {
        self.get_typed(m, idx, ty)
    }
}

/// Reads a whole bitcode file, with its use-list order as directives when `keep_uselistorder`.
pub(super) fn read(bytes: &[u8], keep_uselistorder: bool) -> Result<Module, BitcodeError> {
    let (data, base) = unwrap(bytes)?;
    // The string table follows the module block: find it (and the producer) first.
    let mut c = Cursor::new(data, base);
    let mut strtab: &[u8] = &[];
    let mut producer = None;
    let mut saw_module = false;
    let mut rec = Record::default();
    while let Some(e) = c.advance()? {
        match e {
            Entry::SubBlock(block::STRTAB_BLOCK_ID) => {
                c.enter_block()?;
                while let Some(e) = c.advance()? {
                    match e {
                        Entry::Record(a) => {
                            c.read_record(a, &mut rec)?;
                            if rec.code == strtab::STRTAB_BLOB {
                                strtab = rec.blob.unwrap_or(&[]);
                            }
                        }
                        Entry::SubBlock(_) => c.skip_block()?,
                        Entry::EndBlock => break,
                    }
                }
            }
            Entry::SubBlock(block::IDENTIFICATION_BLOCK_ID) => {
                c.enter_block()?;
                producer = Some(read_identification(&mut c)?);
            }
            Entry::SubBlock(block::MODULE_BLOCK_ID) => {
                if saw_module {
                    return Err(c.error("more than one module in the file"));
                }
                saw_module = true;
                c.skip_block()?;
            }
            Entry::SubBlock(_) => c.skip_block()?,
            Entry::EndBlock => return Err(c.error("END_BLOCK at the top level")),
            Entry::Record(_) => return Err(c.error("a record at the top level")),
        }
    }
    if !saw_module {
        return Err(BitcodeError::new(base, "the file has no module block"));
    }
    let mut c = Cursor::new(data, base);
    while let Some(e) = c.advance()? {
        match e {
            Entry::SubBlock(block::MODULE_BLOCK_ID) => {
                c.enter_block()?;
                let mut r = module::ModuleReader::new(strtab, producer, bytes.len());
                r.keep_uselistorder = keep_uselistorder;
                return r.read(&mut c);
            }
            Entry::SubBlock(_) => c.skip_block()?,
            _ => return Err(c.error("unexpected entry at the top level")),
        }
    }
    Err(BitcodeError::new(base, "the file has no module block"))
}

/// The bitstream after the magic (inside the wrapper header if there is one), and its offset.
fn unwrap(bytes: &[u8]) -> Result<(&[u8], u64), BitcodeError> {
    let mut data = bytes;
    let mut base = 0u64;
    if data.get(..4) == Some(&WRAPPER_MAGIC[..]) {
        let word = |i: usize| {
            data.get(i..i + 4)
                .and_then(|b| b.try_into().ok())
                .map(u32::from_le_bytes)
                .ok_or_else(|| BitcodeError::new(i as u64, "the wrapper header is cut short"))
        };
        let (off, size) = (word(8)? as usize, word(12)? as usize);
        let Some(inner) = off.checked_add(size).and_then(|end| data.get(off..end)) else {
            return Err(BitcodeError::new(8, "the wrapper header points past the end of the file"));
        };
        data = inner;
        base = off as u64;
    }
    if data.get(..4) == Some(&b"llvm"[..]) {
        return Err(BitcodeError::new(
            base,
            "LLVM 1.x bytecode cannot be read; disassemble it with LLVM 1.x's llvm-dis",
        ));
    }
    if data.get(..4) != Some(&MAGIC[..]) {
        return Err(BitcodeError::new(base, "not LLVM bitcode (the magic 'BC' 0xC0DE is missing)"));
    }
    // The stream is read in 32-bit words; a trailing partial word is padding.
    let body = data.get(4..).unwrap_or(&[]);
    Ok((body, base + 4))
}

/// Reads an `IDENTIFICATION_BLOCK` (the cursor is inside it): the producer string.
fn read_identification(c: &mut Cursor<'_>) -> Result<String, BitcodeError> {
    let mut rec = Record::default();
    let mut producer = String::new();
    while let Some(e) = c.advance()? {
        match e {
            Entry::Record(a) => {
                c.read_record(a, &mut rec)?;
                match rec.code {
                    identification::IDENTIFICATION_CODE_STRING => producer = chars(&rec.ops),
                    identification::IDENTIFICATION_CODE_EPOCH => {
                        if rec.ops.first().copied().unwrap_or(0) != 0 {
                            return Err(c.record_error(rec.code, "an unknown bitcode epoch"));
                        }
                    }
                    code => return Err(c.record_error(code, "unknown record")),
                }
            }
            Entry::SubBlock(_) => c.skip_block()?,
            Entry::EndBlock => break,
        }
    }
    Ok(producer)
}

/// Record operands read as characters (one byte each).
pub(super) fn chars(ops: &[u64]) -> String {
    let bytes: Vec<u8> = ops.iter().map(|&v| v as u8).collect();
    crate::ir::symbol::name_from_bytes(&bytes)
}

/// Record operands read as bytes.
pub(super) fn bytes_of(ops: &[u64]) -> Box<[u8]> {
    ops.iter().map(|&v| v as u8).collect()
}
