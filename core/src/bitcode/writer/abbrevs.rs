//! The abbreviations the writer defines in `BLOCKINFO` for the records that are most common:
//! constants' `SETTYPE`, `INTEGER`, `CE_CAST` and `NULL`, and loads, binary operations,
//! conversions, returns, `unreachable` and `getelementptr` in function blocks, and value and
//! block names in symbol tables as 6-, 7- or 8-bit characters (LLVM's own choice). A record
//! whose operands an abbreviation cannot hold is written unabbreviated.

use crate::bitcode::bitstream::{char6_encode, Abbrev, AbbrevOp, Writer};
use crate::bitcode::codes::{block, constants as cst, function as fc, vst};

/// The first abbreviation id of a block.
const FIRST: u32 = crate::bitcode::bitstream::builtin::FIRST_APPLICATION_ABBREV;

/// Constants block: `SETTYPE`.
const CONST_SETTYPE: u32 = FIRST;
/// Constants block: `INTEGER`.
const CONST_INTEGER: u32 = FIRST + 1;
/// Constants block: `CE_CAST`.
const CONST_CE_CAST: u32 = FIRST + 2;
/// Constants block: `NULL`.
const CONST_NULL: u32 = FIRST + 3;

const FN_LOAD: u32 = FIRST;
const FN_BINOP: u32 = FIRST + 1;
const FN_BINOP_FLAGS: u32 = FIRST + 2;
const FN_CAST: u32 = FIRST + 3;
const FN_CAST_FLAGS: u32 = FIRST + 4;
const FN_RET_VOID: u32 = FIRST + 5;
const FN_RET_VAL: u32 = FIRST + 6;
const FN_UNREACHABLE: u32 = FIRST + 7;
const FN_GEP: u32 = FIRST + 8;

const VST_ENTRY_8: u32 = FIRST;
const VST_ENTRY_7: u32 = FIRST + 1;
const VST_ENTRY_6: u32 = FIRST + 2;
const VST_BBENTRY_6: u32 = FIRST + 3;

fn abbrev(code: u32, rest: &[AbbrevOp]) -> Abbrev {
    let mut ops = vec![AbbrevOp::Literal(code as u64)];
    ops.extend_from_slice(rest);
    Abbrev { ops }
}

/// Writes the `BLOCKINFO` block; `types` is the size of the type table.
pub(super) fn write_blockinfo(w: &mut Writer, types: usize) {
    let tb = (usize::BITS - types.leading_zeros()).max(1) as u8;
    use AbbrevOp::{Array, Fixed, Vbr};
    let consts = vec![
        abbrev(cst::CST_CODE_SETTYPE, &[Fixed(tb)]),
        abbrev(cst::CST_CODE_INTEGER, &[Vbr(8)]),
        abbrev(cst::CST_CODE_CE_CAST, &[Fixed(4), Fixed(tb), Vbr(8)]),
        abbrev(cst::CST_CODE_NULL, &[]),
    ];
    let funcs = vec![
        abbrev(fc::FUNC_CODE_INST_LOAD, &[Vbr(6), Fixed(tb), Vbr(4), Fixed(1)]),
        abbrev(fc::FUNC_CODE_INST_BINOP, &[Vbr(6), Vbr(6), Fixed(4)]),
        abbrev(fc::FUNC_CODE_INST_BINOP, &[Vbr(6), Vbr(6), Fixed(4), Fixed(8)]),
        abbrev(fc::FUNC_CODE_INST_CAST, &[Vbr(6), Fixed(tb), Fixed(4)]),
        abbrev(fc::FUNC_CODE_INST_CAST, &[Vbr(6), Fixed(tb), Fixed(4), Fixed(8)]),
        abbrev(fc::FUNC_CODE_INST_RET, &[]),
        abbrev(fc::FUNC_CODE_INST_RET, &[Vbr(6)]),
        abbrev(fc::FUNC_CODE_INST_UNREACHABLE, &[]),
        abbrev(fc::FUNC_CODE_INST_GEP, &[Fixed(3), Fixed(tb), Array, Vbr(6)]),
    ];
    let names = vec![
        abbrev(vst::VST_CODE_ENTRY, &[Vbr(8), Array, Fixed(8)]),
        abbrev(vst::VST_CODE_ENTRY, &[Vbr(8), Array, Fixed(7)]),
        abbrev(vst::VST_CODE_ENTRY, &[Vbr(8), Array, AbbrevOp::Char6]),
        abbrev(vst::VST_CODE_BBENTRY, &[Vbr(8), Array, AbbrevOp::Char6]),
    ];
    w.blockinfo(vec![
        (block::VALUE_SYMTAB_BLOCK_ID, names),
        (block::CONSTANTS_BLOCK_ID, consts),
        (block::FUNCTION_BLOCK_ID, funcs),
    ]);
}

/// Writes a function-block record through the abbreviation that suits it, if any.
pub(super) fn function_record(w: &mut Writer, code: u32, ops: &[u64]) {
    let id = match (code, ops.len()) {
        (fc::FUNC_CODE_INST_LOAD, 4) => FN_LOAD,
        (fc::FUNC_CODE_INST_BINOP, 3) => FN_BINOP,
        (fc::FUNC_CODE_INST_BINOP, 4) => FN_BINOP_FLAGS,
        (fc::FUNC_CODE_INST_CAST, 3) => FN_CAST,
        (fc::FUNC_CODE_INST_CAST, 4) => FN_CAST_FLAGS,
        (fc::FUNC_CODE_INST_RET, 0) => FN_RET_VOID,
        (fc::FUNC_CODE_INST_RET, 1) => FN_RET_VAL,
        (fc::FUNC_CODE_INST_UNREACHABLE, 0) => FN_UNREACHABLE,
        (fc::FUNC_CODE_INST_GEP, _) => FN_GEP,
        _ => return w.record(code, ops),
    };
    w.record_abbrev(id, code, ops, None);
}

/// Writes a constants-block record through the abbreviation that suits it, if any.
pub(super) fn constant_record(w: &mut Writer, code: u32, ops: &[u64]) {
    let id = match code {
        cst::CST_CODE_SETTYPE => CONST_SETTYPE,
        cst::CST_CODE_INTEGER => CONST_INTEGER,
        cst::CST_CODE_CE_CAST => CONST_CE_CAST,
        cst::CST_CODE_NULL => CONST_NULL,
        _ => return w.record(code, ops),
    };
    w.record_abbrev(id, code, ops, None);
}

/// Writes a value symbol table entry (`VST_CODE_ENTRY` or `VST_CODE_BBENTRY`: an id, then
/// the name) in the narrowest character width that holds the name.
pub(super) fn name_record(w: &mut Writer, code: u32, id: u64, name: &[u8]) {
    let mut ops = Vec::with_capacity(name.len() + 1);
    ops.push(id);
    ops.extend(name.iter().map(|&c| c as u64));
    let char6 = name.iter().all(|&c| char6_encode(c).is_some());
    let abbrev = match (code, char6) {
        (vst::VST_CODE_BBENTRY, true) => VST_BBENTRY_6,
        (vst::VST_CODE_BBENTRY, false) => return w.record(code, &ops),
        (_, true) => VST_ENTRY_6,
        _ if name.iter().all(|&c| c < 128) => VST_ENTRY_7,
        _ => VST_ENTRY_8,
    };
    w.record_abbrev(abbrev, code, &ops, None);
}
