//! Reading a bitstream: [`Cursor`] walks blocks and records, resolving abbreviations and
//! reading `BLOCKINFO` as it goes; every read is bounded by the enclosing block.

use super::{builtin, char6_decode, Abbrev, AbbrevOp};
use crate::bitcode::codes::{self, standard};
use crate::bitcode::BitcodeError;
use std::rc::Rc;

/// The most blocks open at once (real files nest four deep).
const MAX_DEPTH: usize = 32;
/// The most abbreviations one block (or one block id in `BLOCKINFO`) may define.
const MAX_ABBREVS: usize = 4096;
/// The most block ids `BLOCKINFO` may describe.
const MAX_BLOCKINFO_IDS: usize = 1024;

/// What comes next in the current block.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A sub-block with this id starts; call [`Cursor::enter_block`] or
    /// [`Cursor::skip_block`] next.
    SubBlock(u32),
    /// The current block ended (the cursor is back in its parent).
    EndBlock,
    /// A record written with this abbreviation id; call [`Cursor::read_record`] next.
    Record(u32),
}

/// A record: its code, its operands, and its blob if the abbreviation had one.
#[derive(Clone, Debug, Default)]
pub struct Record<'a> {
    /// The record code.
    pub code: u32,
    /// The operands after the code (array elements flattened in).
    pub ops: Vec<u64>,
    /// The blob operand's bytes.
    pub blob: Option<&'a [u8]>,
}

struct Scope {
    block_id: u32,
    width: u32,
    end: usize,
    abbrevs: Vec<Rc<Abbrev>>,
}

/// A reader over a bitstream (after the magic), positioned at the top level.
pub struct Cursor<'a> {
    data: &'a [u8],
    /// The position in bits.
    pos: usize,
    /// The current block (the top level is a pseudo-block of width 2).
    cur: Scope,
    stack: Vec<Scope>,
    blockinfo: Vec<(u32, Vec<Rc<Abbrev>>)>,
    /// A sub-block whose header was read: id, abbreviation width, end in bits.
    pending: Option<(u32, u32, usize)>,
    /// Added to byte offsets in errors (the magic and any wrapper before `data`).
    base: u64,
}

impl<'a> Cursor<'a> {
    /// A cursor at the start of `data`; `base` is the offset of `data` in the file, for errors.
    pub fn new(data: &'a [u8], base: u64) -> Cursor<'a> {
        let end = data.len().saturating_mul(8);
        Cursor {
            data,
            pos: 0,
            cur: Scope { block_id: u32::MAX, width: 2, end, abbrevs: Vec::new() },
            stack: Vec::new(),
            blockinfo: Vec::new(),
            pending: None,
            base,
        }
    }

    /// The byte offset in the file of the current position.
    pub fn offset(&self) -> u64 {
        self.base + (self.pos / 8) as u64
    }

    /// The position in bits from the start of `data`.
    pub fn bit_position(&self) -> usize {
        self.pos
    }

    /// The id of the current block (`u32::MAX` at the top level).
    pub fn block_id(&self) -> u32 {
        self.cur.block_id
    }

    /// How many blocks are open.
    pub fn depth(&self) -> usize {
        self.stack.len()
    }

    /// The names of the open blocks, outermost first.
    pub fn context(&self) -> Vec<String> {
        self.stack
            .iter()
            .skip(1)
            .map(|s| s.block_id)
            .chain((!self.stack.is_empty()).then_some(self.cur.block_id))
            .map(codes::block_name)
            .collect()
    }

    /// An error at the current position, with the open blocks as context.
    pub fn error(&self, message: impl Into<String>) -> BitcodeError {
        BitcodeError { offset: self.offset(), context: self.context(), message: message.into() }
    }

    /// An error about the record just read (code `code` of the current block).
    pub fn record_error(&self, code: u32, message: impl Into<String>) -> BitcodeError {
        let mut e = self.error(message);
        e.context.push(codes::record_name(self.cur.block_id, code));
        e
    }

    /// True when nothing but zero padding is left at the top level.
    pub fn at_end(&self) -> bool {
        self.stack.is_empty()
            && self.data.get(self.pos / 8..).is_none_or(|rest| rest.iter().all(|&b| b == 0))
    }

    fn remaining(&self) -> usize {
        self.cur.end.saturating_sub(self.pos)
    }

    /// Reads `n` (at most 64) bits.
    #[inline]
    pub fn read(&mut self, n: u32) -> Result<u64, BitcodeError> {
        if n == 0 {
            return Ok(0);
        }
        if n > 64 || self.remaining() < n as usize {
            return Err(self.error(if n > 64 {
                format!("a field of {n} bits")
            } else {
                "unexpected end of the block or file".to_string()
            }));
        }
        // Fast path: the eight bytes from the current one hold the whole field.
        let byte = self.pos / 8;
        let bit = (self.pos % 8) as u32;
        if n <= 56 {
            if let Some(word) = self.data.get(byte..byte + 8) {
                let mut w = [0u8; 8];
                w.copy_from_slice(word);
                self.pos += n as usize;
                return Ok((u64::from_le_bytes(w) >> bit) & ((1u64 << n) - 1));
            }
        }
        let mut v = 0u64;
        let mut got = 0u32;
        while got < n {
            let byte = *self.data.get(self.pos / 8).unwrap_or(&0) as u64;
            let bit = (self.pos % 8) as u32;
            let take = (8 - bit).min(n - got);
            let bits = (byte >> bit) & ((1u64 << take) - 1);
            v |= bits << got;
            got += take;
            self.pos += take as usize;
        }
        Ok(v)
    }

    /// Reads a VBR field in chunks of `n` bits.
    pub fn read_vbr(&mut self, n: u32) -> Result<u64, BitcodeError> {
        if !(2..=32).contains(&n) {
            return Err(self.error(format!("a VBR field of width {n}")));
        }
        let payload = n - 1;
        let hi = 1u64 << payload;
        // Fast path: every chunk lies in the eight bytes from the current one (and in the
        // block); the value cannot pass 64 bits there.
        let byte = self.pos / 8;
        if let Some(word) = self.data.get(byte..byte + 8) {
            let mut w = [0u8; 8];
            w.copy_from_slice(word);
            let bit = (self.pos % 8) as u32;
            let w = u64::from_le_bytes(w) >> bit;
            let mask = (1u64 << n) - 1;
            let (mut v, mut used, mut shift) = (0u64, 0u32, 0u32);
            while used + n <= 64 - bit {
                let chunk = (w >> used) & mask;
                v |= (chunk & (hi - 1)) << shift;
                used += n;
                if chunk & hi == 0 {
                    if used as usize <= self.remaining() {
                        self.pos += used as usize;
                        return Ok(v);
                    }
                    break;
                }
                shift += payload;
            }
        }
        let mut v = 0u64;
        let mut shift = 0u32;
        loop {
            let chunk = self.read(n)?;
            let part = chunk & (hi - 1);
            if shift >= 64 || (shift > 0 && part >> (64 - shift) != 0) {
                return Err(self.error("a VBR value wider than 64 bits"));
            }
            v |= part << shift;
            if chunk & hi == 0 {
                return Ok(v);
            }
            shift += payload;
        }
    }

    /// Skips to the next multiple of 32 bits.
    pub fn align32(&mut self) -> Result<(), BitcodeError> {
        let to = self.pos.div_ceil(32) * 32;
        if to > self.cur.end.max(self.pos) {
            return Err(self.error("unexpected end of the block or file"));
        }
        self.pos = to;
        Ok(())
    }

    /// The next entry of the current block; `None` at the end of the stream (top level only).
    /// `DEFINE_ABBREV` and `BLOCKINFO` are handled here and never returned.
    pub fn advance(&mut self) -> Result<Option<Entry>, BitcodeError> {
        if self.pending.is_some() {
            return Err(self.error("a sub-block was neither entered nor skipped"));
        }
        loop {
            if self.stack.is_empty() && self.at_end() {
                return Ok(None);
            }
            let id = self.read(self.cur.width)? as u32;
            match id {
                builtin::END_BLOCK => {
                    let Some(parent) = self.stack.pop() else {
                        return Err(self.error("END_BLOCK outside any block"));
                    };
                    self.align32()?;
                    if self.pos > self.cur.end {
                        return Err(self.error("a block runs past its declared length"));
                    }
                    self.pos = self.cur.end;
                    self.cur = parent;
                    return Ok(Some(Entry::EndBlock));
                }
                builtin::ENTER_SUBBLOCK => {
                    let bid = self.read_vbr(8)?;
                    let width = self.read_vbr(4)?;
                    self.align32()?;
                    let words = self.read(32)? as usize;
                    let bid =
                        u32::try_from(bid).map_err(|_| self.error("a block id over 32 bits"))?;
                    if !(2..=32).contains(&width) {
                        return Err(self.error(format!(
                            "block {} has an abbreviation width of {width}",
                            codes::block_name(bid)
                        )));
                    }
                    let end = words.checked_mul(32).and_then(|b| b.checked_add(self.pos));
                    let Some(end) = end.filter(|&e| e <= self.cur.end) else {
                        return Err(self.error(format!(
                            "block {} claims {words} words, more than is left",
                            codes::block_name(bid)
                        )));
                    };
                    self.pending = Some((bid, width as u32, end));
                    if bid == standard::BLOCKINFO_BLOCK_ID {
                        self.read_blockinfo()?;
                        continue;
                    }
                    return Ok(Some(Entry::SubBlock(bid)));
                }
                builtin::DEFINE_ABBREV => {
                    let a = self.read_abbrev()?;
                    if self.cur.abbrevs.len() >= MAX_ABBREVS {
                        return Err(self.error("too many abbreviations in one block"));
                    }
                    self.cur.abbrevs.push(Rc::new(a));
                }
                _ => return Ok(Some(Entry::Record(id))),
            }
        }
    }

    /// Enters the sub-block [`Cursor::advance`] just announced.
    pub fn enter_block(&mut self) -> Result<(), BitcodeError> {
        let Some((bid, width, end)) = self.pending.take() else {
            return Err(self.error("no sub-block to enter"));
        };
        if self.stack.len() >= MAX_DEPTH {
            return Err(self.error("blocks nested too deeply"));
        }
        let abbrevs = self
            .blockinfo
            .iter()
            .find(|(id, _)| *id == bid)
            .map(|(_, a)| a.clone())
            .unwrap_or_default();
        let parent = std::mem::replace(&mut self.cur, Scope { block_id: bid, width, end, abbrevs });
        self.stack.push(parent);
        Ok(())
    }

    /// Skips the sub-block [`Cursor::advance`] just announced.
    pub fn skip_block(&mut self) -> Result<(), BitcodeError> {
        let Some((_, _, end)) = self.pending.take() else {
            return Err(self.error("no sub-block to skip"));
        };
        self.pos = end;
        Ok(())
    }

    /// Skips the rest of the current block (as if its END_BLOCK had been read).
    pub fn leave_block(&mut self) -> Result<(), BitcodeError> {
        self.pending = None;
        let Some(parent) = self.stack.pop() else {
            return Err(self.error("not inside a block"));
        };
        self.pos = self.cur.end;
        self.cur = parent;
        Ok(())
    }

    /// Moves to bit `pos` of the current block (for function bodies found through the value
    /// symbol table); `pos` must lie inside the current block.
    pub fn jump_to_bit(&mut self, pos: usize) -> Result<(), BitcodeError> {
        if pos > self.cur.end {
            return Err(self.error(format!("offset {} is past the end of its block", pos / 8)));
        }
        self.pending = None;
        self.pos = pos;
        Ok(())
    }

    fn read_abbrev(&mut self) -> Result<Abbrev, BitcodeError> {
        let n = self.read_vbr(5)? as usize;
        if n == 0 || n > self.remaining() {
            return Err(self.error(format!("an abbreviation with {n} operands")));
        }
        let mut ops = Vec::with_capacity(n.min(64));
        let mut i = 0;
        while i < n {
            let literal = self.read(1)? == 1;
            let op = if literal {
                AbbrevOp::Literal(self.read_vbr(8)?)
            } else {
                match self.read(3)? {
                    e @ (1 | 2) => {
                        let w = self.read_vbr(5)?;
                        if w > 32 {
                            return Err(self.error(format!("an abbreviation field of {w} bits")));
                        }
                        match (e, w) {
                            (_, 0) => AbbrevOp::Literal(0),
                            (1, w) => AbbrevOp::Fixed(w as u8),
                            (_, 1) => return Err(self.error("a VBR abbreviation field of width 1")),
                            (_, w) => AbbrevOp::Vbr(w as u8),
                        }
                    }
                    3 => AbbrevOp::Array,
                    4 => AbbrevOp::Char6,
                    5 => AbbrevOp::Blob,
                    e => return Err(self.error(format!("an abbreviation encoding {e}"))),
                }
            };
            ops.push(op);
            i += 1;
        }
        // Arrays come second to last with a scalar element; blobs last.
        for (k, op) in ops.iter().enumerate() {
            let bad = match op {
                AbbrevOp::Array => {
                    k + 2 != ops.len()
                        || matches!(ops.get(k + 1), Some(AbbrevOp::Array | AbbrevOp::Blob))
                }
                AbbrevOp::Blob => k + 1 != ops.len(),
                _ => false,
            };
            if bad || (k == 0 && matches!(op, AbbrevOp::Array | AbbrevOp::Blob)) {
                return Err(self.error("a malformed abbreviation (misplaced array or blob)"));
            }
        }
        Ok(Abbrev { ops })
    }

    fn read_blockinfo(&mut self) -> Result<(), BitcodeError> {
        self.enter_block()?;
        let mut target: Option<u32> = None;
        loop {
            let id = self.read(self.cur.width)? as u32;
            match id {
                builtin::END_BLOCK => {
                    self.align32()?;
                    return self.leave_block();
                }
                builtin::ENTER_SUBBLOCK => {
                    let _ = self.read_vbr(8)?;
                    let _ = self.read_vbr(4)?;
                    self.align32()?;
                    let words = self.read(32)? as usize;
                    let end = words.checked_mul(32).and_then(|b| b.checked_add(self.pos));
                    match end.filter(|&e| e <= self.cur.end) {
                        Some(e) => self.pos = e,
                        None => return Err(self.error("a block inside BLOCKINFO runs past it")),
                    }
                }
                builtin::DEFINE_ABBREV => {
                    let a = self.read_abbrev()?;
                    let Some(bid) = target else {
                        return Err(self.error("BLOCKINFO defines an abbreviation before SETBID"));
                    };
                    let Some((_, list)) = self.blockinfo.iter_mut().find(|(id, _)| *id == bid)
                    else {
                        return Err(self.error("BLOCKINFO lost its current block id"));
                    };
                    if list.len() >= MAX_ABBREVS {
                        return Err(self.error("too many abbreviations for one block id"));
                    }
                    list.push(Rc::new(a));
                }
                _ => {
                    let mut rec = Record::default();
                    self.read_record(id, &mut rec)?;
                    if rec.code == standard::SETBID {
                        let Some(&bid) = rec.ops.first() else {
                            return Err(self.error("SETBID without a block id"));
                        };
                        let bid =
                            u32::try_from(bid).map_err(|_| self.error("SETBID over 32 bits"))?;
                        if !self.blockinfo.iter().any(|(id, _)| *id == bid) {
                            if self.blockinfo.len() >= MAX_BLOCKINFO_IDS {
                                return Err(self.error("BLOCKINFO describes too many block ids"));
                            }
                            self.blockinfo.push((bid, Vec::new()));
                        }
                        target = Some(bid);
                    }
                }
            }
        }
    }

    /// Reads the next record of the current block into `rec`, skipping any sub-block; false
    /// at the block's end (or the stream's). For blocks that hold records only.
    pub fn next_record(&mut self, rec: &mut Record<'a>) -> Result<bool, BitcodeError> {
        loop {
            match self.advance()? {
                Some(Entry::Record(a)) => {
                    self.read_record(a, rec)?;
                    return Ok(true);
                }
                Some(Entry::SubBlock(_)) => self.skip_block()?,
                Some(Entry::EndBlock) | None => return Ok(false),
            }
        }
    }

    /// Reads the record [`Cursor::advance`] announced with abbreviation id `abbrev` into `rec`.
    pub fn read_record(&mut self, abbrev: u32, rec: &mut Record<'a>) -> Result<(), BitcodeError> {
        rec.ops.clear();
        rec.blob = None;
        // One operand per input byte (and a little) at most: memory stays a small multiple
        // of the input whatever the counts claim.
        let cap = self.data.len().saturating_mul(2).saturating_add(1024);
        if abbrev == builtin::UNABBREV_RECORD {
            let code = self.read_vbr(6)?;
            rec.code = self.code(code)?;
            let n = self.read_vbr(6)? as usize;
            if n > self.remaining() / 6 {
                return Err(self.error(format!("a record claims {n} operands, more than fit")));
            }
            rec.ops.reserve(n);
            for _ in 0..n {
                let v = self.read_vbr(6)?;
                rec.ops.push(v);
            }
            return Ok(());
        }
        let idx = (abbrev as usize).wrapping_sub(builtin::FIRST_APPLICATION_ABBREV as usize);
        let Some(a) = self.cur.abbrevs.get(idx).cloned() else {
            return Err(self.error(format!("abbreviation id {abbrev} is not defined")));
        };
        let mut ops = a.ops.iter();
        rec.code = match ops.next() {
            Some(&op) => {
                let v = self.scalar(op)?;
                self.code(v)?
            }
            None => return Err(self.error("an empty abbreviation")),
        };
        while let Some(&op) = ops.next() {
            match op {
                AbbrevOp::Array => {
                    let n = self.read_vbr(6)? as usize;
                    let Some(&elt) = ops.next() else {
                        return Err(self.error("an array abbreviation without an element"));
                    };
                    let min_bits = match elt {
                        AbbrevOp::Fixed(w) | AbbrevOp::Vbr(w) => w as usize,
                        AbbrevOp::Char6 => 6,
                        _ => 0,
                    };
                    if n > self.remaining() / min_bits.max(1) || rec.ops.len() + n > cap {
                        return Err(
                            self.error(format!("an array claims {n} elements, more than fit"))
                        );
                    }
                    rec.ops.reserve(n);
                    for _ in 0..n {
                        let v = self.scalar(elt)?;
                        rec.ops.push(v);
                    }
                }
                AbbrevOp::Blob => {
                    let n = self.read_vbr(6)? as usize;
                    self.align32()?;
                    if n > self.remaining() / 8 {
                        return Err(self.error(format!("a blob claims {n} bytes, more than fit")));
                    }
                    let start = self.pos / 8;
                    rec.blob = self.data.get(start..start + n);
                    self.pos += n * 8;
                    self.align32()?;
                }
                op => {
                    let v = self.scalar(op)?;
                    if rec.ops.len() >= cap {
                        return Err(self.error("a record with too many operands"));
                    }
                    rec.ops.push(v);
                }
            }
        }
        Ok(())
    }

    fn scalar(&mut self, op: AbbrevOp) -> Result<u64, BitcodeError> {
        match op {
            AbbrevOp::Literal(v) => Ok(v),
            AbbrevOp::Fixed(w) => self.read(w as u32),
            AbbrevOp::Vbr(w) => self.read_vbr(w as u32),
            AbbrevOp::Char6 => Ok(char6_decode(self.read(6)?) as u64),
            AbbrevOp::Array | AbbrevOp::Blob => {
                Err(self.error("an array or blob used as a scalar"))
            }
        }
    }

    fn code(&self, v: u64) -> Result<u32, BitcodeError> {
        u32::try_from(v).map_err(|_| self.error(format!("record code {v} is over 32 bits")))
    }
}
