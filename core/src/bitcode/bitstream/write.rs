//! Writing a bitstream: [`Writer`] emits fields, blocks (with their length patched in when
//! they end), abbreviation definitions, `BLOCKINFO`, and records plain or abbreviated.

use super::{builtin, char6_encode, Abbrev, AbbrevOp};
use crate::bitcode::codes::standard;

struct Open {
    width: u32,
    /// Byte offset of the block's length word.
    len_at: usize,
    abbrevs: Vec<Abbrev>,
    block_id: u32,
}

/// A bitstream being written.
pub struct Writer {
    out: Vec<u8>,
    cur: u64,
    nbits: u32,
    width: u32,
    block_id: u32,
    abbrevs: Vec<Abbrev>,
    stack: Vec<Open>,
    blockinfo: Vec<(u32, Vec<Abbrev>)>,
}

impl Default for Writer {
    fn default() -> Self {
        Writer::new()
    }
}

impl Writer {
    /// An empty stream at the top level (abbreviation width 2).
    pub fn new() -> Writer {
        Writer {
            out: Vec::new(),
            cur: 0,
            nbits: 0,
            width: 2,
            block_id: u32::MAX,
            abbrevs: Vec::new(),
            stack: Vec::new(),
            blockinfo: Vec::new(),
        }
    }

    /// Writes raw bytes (the magic); the stream must be at a byte boundary.
    pub fn bytes(&mut self, b: &[u8]) {
        for &x in b {
            self.emit(x as u64, 8);
        }
    }

    /// The number of bits written so far.
    pub fn bit_position(&self) -> usize {
        self.out.len() * 8 + self.nbits as usize
    }

    /// Writes the low `n` (at most 64) bits of `v`.
    pub fn emit(&mut self, v: u64, n: u32) {
        let mut v = if n >= 64 { v } else { v & ((1u64 << n) - 1) };
        let mut n = n.min(64);
        while n > 0 {
            let room = 32 - self.nbits;
            let take = room.min(n);
            let part = if take >= 64 { v } else { v & ((1u64 << take) - 1) };
            self.cur |= part << self.nbits;
            self.nbits += take;
            v = if take >= 64 { 0 } else { v >> take };
            n -= take;
            if self.nbits == 32 {
                self.out.extend_from_slice(&(self.cur as u32).to_le_bytes());
                self.cur = 0;
                self.nbits = 0;
            }
        }
    }

    /// Writes `v` as a VBR in chunks of `n` bits.
    pub fn emit_vbr(&mut self, mut v: u64, n: u32) {
        let hi = 1u64 << (n - 1);
        while v >= hi {
            self.emit((v & (hi - 1)) | hi, n);
            v >>= n - 1;
        }
        self.emit(v, n);
    }

    /// Pads with zeros to a multiple of 32 bits.
    pub fn align32(&mut self) {
        if self.nbits > 0 {
            self.emit(0, 32 - self.nbits);
        }
    }

    /// Starts block `id` whose abbreviation ids are `width` bits wide.
    pub fn enter_block(&mut self, id: u32, width: u32) {
        self.emit(builtin::ENTER_SUBBLOCK as u64, self.width);
        self.emit_vbr(id as u64, 8);
        self.emit_vbr(width as u64, 4);
        self.align32();
        let len_at = self.out.len();
        self.emit(0, 32);
        let inherited = self
            .blockinfo
            .iter()
            .find(|(b, _)| *b == id)
            .map(|(_, a)| a.clone())
            .unwrap_or_default();
        let open = Open {
            width: self.width,
            len_at,
            abbrevs: std::mem::replace(&mut self.abbrevs, inherited),
            block_id: self.block_id,
        };
        self.stack.push(open);
        self.width = width;
        self.block_id = id;
    }

    /// Ends the current block and patches its length.
    pub fn end_block(&mut self) {
        self.emit(builtin::END_BLOCK as u64, self.width);
        self.align32();
        let Some(open) = self.stack.pop() else { return };
        let words = ((self.out.len() - open.len_at - 4) / 4) as u32;
        if let Some(slot) = self.out.get_mut(open.len_at..open.len_at + 4) {
            slot.copy_from_slice(&words.to_le_bytes());
        }
        self.width = open.width;
        self.abbrevs = open.abbrevs;
        self.block_id = open.block_id;
    }

    fn emit_abbrev_def(&mut self, a: &Abbrev) {
        self.emit(builtin::DEFINE_ABBREV as u64, self.width);
        self.emit_vbr(a.ops.len() as u64, 5);
        for op in &a.ops {
            match *op {
                AbbrevOp::Literal(v) => {
                    self.emit(1, 1);
                    self.emit_vbr(v, 8);
                }
                AbbrevOp::Fixed(w) => {
                    self.emit(0, 1);
                    self.emit(1, 3);
                    self.emit_vbr(w as u64, 5);
                }
                AbbrevOp::Vbr(w) => {
                    self.emit(0, 1);
                    self.emit(2, 3);
                    self.emit_vbr(w as u64, 5);
                }
                AbbrevOp::Array => {
                    self.emit(0, 1);
                    self.emit(3, 3);
                }
                AbbrevOp::Char6 => {
                    self.emit(0, 1);
                    self.emit(4, 3);
                }
                AbbrevOp::Blob => {
                    self.emit(0, 1);
                    self.emit(5, 3);
                }
            }
        }
    }

    /// Defines an abbreviation in the current block and returns its id.
    pub fn define_abbrev(&mut self, a: Abbrev) -> u32 {
        self.emit_abbrev_def(&a);
        self.abbrevs.push(a);
        builtin::FIRST_APPLICATION_ABBREV + self.abbrevs.len() as u32 - 1
    }

    /// Writes a `BLOCKINFO` block giving blocks of each id their abbreviations; in such a
    /// block, abbreviation `k` of the list has id `4 + k`.
    pub fn blockinfo(&mut self, entries: Vec<(u32, Vec<Abbrev>)>) {
        self.enter_block(standard::BLOCKINFO_BLOCK_ID, 2);
        for (bid, list) in &entries {
            self.record(standard::SETBID, &[*bid as u64]);
            for a in list {
                self.emit_abbrev_def(a);
            }
        }
        self.end_block();
        self.blockinfo.extend(entries);
    }

    /// Writes a record with every field as a vbr6.
    pub fn record(&mut self, code: u32, ops: &[u64]) {
        self.emit(builtin::UNABBREV_RECORD as u64, self.width);
        self.emit_vbr(code as u64, 6);
        self.emit_vbr(ops.len() as u64, 6);
        for &v in ops {
            self.emit_vbr(v, 6);
        }
    }

    /// Writes a record through abbreviation `id` of the current block. Operands the
    /// abbreviation cannot hold (a value too wide for a fixed field, a character outside
    /// char6, too few operands) make it fall back to [`Writer::record`], unless there is a blob.
    pub fn record_abbrev(&mut self, id: u32, code: u32, ops: &[u64], blob: Option<&[u8]>) {
        let idx = (id as usize).wrapping_sub(builtin::FIRST_APPLICATION_ABBREV as usize);
        let Some(a) = self.abbrevs.get(idx).cloned() else {
            self.record(code, ops);
            return;
        };
        if !fits(&a, code, ops, blob.is_some()) {
            self.record(code, ops);
            return;
        }
        self.emit(id as u64, self.width);
        let mut rest = ops;
        let mut it = a.ops.iter();
        if let Some(&op) = it.next() {
            self.scalar(op, code as u64);
        }
        while let Some(&op) = it.next() {
            match op {
                AbbrevOp::Array => {
                    let elt = it.next().copied().unwrap_or(AbbrevOp::Vbr(6));
                    self.emit_vbr(rest.len() as u64, 6);
                    for &v in rest {
                        self.scalar(elt, v);
                    }
                    rest = &[];
                }
                AbbrevOp::Blob => {
                    let b = blob.unwrap_or(&[]);
                    self.emit_vbr(b.len() as u64, 6);
                    self.align32();
                    self.bytes(b);
                    self.align32();
                }
                AbbrevOp::Literal(_) => {
                    if let Some((_, r)) = rest.split_first() {
                        rest = r;
                    }
                }
                op => {
                    if let Some((&v, r)) = rest.split_first() {
                        self.scalar(op, v);
                        rest = r;
                    }
                }
            }
        }
    }

    fn scalar(&mut self, op: AbbrevOp, v: u64) {
        match op {
            AbbrevOp::Fixed(w) => self.emit(v, w as u32),
            AbbrevOp::Vbr(w) => self.emit_vbr(v, w as u32),
            AbbrevOp::Char6 => self.emit(char6_encode(v as u8).unwrap_or(0), 6),
            AbbrevOp::Literal(_) | AbbrevOp::Array | AbbrevOp::Blob => {}
        }
    }

    /// The bytes written; the stream must be back at the top level.
    pub fn finish(mut self) -> Vec<u8> {
        while !self.stack.is_empty() {
            self.end_block();
        }
        self.align32();
        self.out
    }
}

/// True when `a` can encode `code` and `ops` (and a blob if `has_blob`) exactly.
fn fits(a: &Abbrev, code: u32, ops: &[u64], has_blob: bool) -> bool {
    let ok = |op: AbbrevOp, v: u64| match op {
        AbbrevOp::Literal(l) => l == v,
        AbbrevOp::Fixed(w) => w >= 64 || v >> w == 0,
        AbbrevOp::Vbr(_) => true,
        AbbrevOp::Char6 => v <= 255 && char6_encode(v as u8).is_some(),
        AbbrevOp::Array | AbbrevOp::Blob => false,
    };
    let mut it = a.ops.iter();
    match it.next() {
        Some(&op) if ok(op, code as u64) => {}
        _ => return false,
    }
    let mut rest = ops;
    let mut blob_seen = false;
    while let Some(&op) = it.next() {
        match op {
            AbbrevOp::Array => {
                let Some(&elt) = it.next() else { return false };
                if !rest.iter().all(|&v| ok(elt, v)) {
                    return false;
                }
                rest = &[];
            }
            AbbrevOp::Blob => blob_seen = true,
            op => {
                let Some((&v, r)) = rest.split_first() else { return false };
                if !ok(op, v) {
                    return false;
                }
                rest = r;
            }
        }
    }
    rest.is_empty() && blob_seen == has_blob
}
