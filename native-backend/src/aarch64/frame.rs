//! The AArch64 frame's prologue and epilogue: `x29`/`x30` pushed as a pair, `x29` the frame
//! pointer, the frame (`crate::frame`, with the save areas of `lower.rs`) below it, the
//! callee-saved registers the body used at fixed `x29`-relative places (all of them in a
//! function with tail calls).

use super::encode::encode;
use super::inst::{AddOp, Ext, FSize, Inst, LoadKind, Mem};
use super::lower::{Fx, SCRATCH};
use super::regs::{V, X};
use crate::buffer::Buffer;
use crate::module::FuncCode;
use crate::NativeError;

/// The error of a function whose conditional branches do not reach their targets (the
/// function is compiled again with long branches).
pub(super) const OUT_OF_RANGE: &str = "a conditional branch beyond its range";

/// The callee-saved integer registers with their places (`x29`-relative).
pub(super) const SAVED_X: [(u8, i32); 10] = [
    (19, -8),
    (20, -16),
    (21, -24),
    (22, -32),
    (23, -40),
    (24, -48),
    (25, -56),
    (26, -64),
    (27, -72),
    (28, -80),
];

impl Fx<'_, '_> {
    /// Restores the callee-saved registers and the caller's frame (before `ret` or a tail
    /// call's jump).
    pub fn epilogue(&mut self) {
        for (r, off) in SAVED_X {
            if self.save_all || self.a.used & (1 << r) != 0 {
                self.emit(Inst::Load { kind: LoadKind::U64, rt: X(r), mem: Mem::at(X::FP, off) });
            }
        }
        for k in 0..8u8 {
            if self.vsave && (self.save_all || self.a.used & (1u64 << (40 + k)) != 0) {
                let mem = Mem::at(X::FP, -88 - 8 * i32::from(k));
                self.emit(Inst::FLoad { size: FSize::D, rt: V(8 + k), mem });
            }
        }
        self.emit(Inst::AddImm {
            op: AddOp::Add,
            sf: true,
            rd: X::SP,
            rn: X::FP,
            imm12: 0,
            lsl12: false,
        });
        let mem = Mem::Post { base: X::SP, off: 16 };
        self.emit(Inst::Pair { load: true, sf: true, rt: X::FP, rt2: X::LR, mem });
    }

    /// Adds the shared epilogue, resolves labels and puts the prologue in front.
    pub(super) fn finish(mut self) -> Result<FuncCode, NativeError> {
        let l = self.ret_label;
        self.buf.bind(l);
        self.epilogue();
        self.emit(Inst::Ret);
        self.place_traps();
        if let Err(e) = self.buf.resolve_checked() {
            return Err(match e {
                crate::buffer::FixupError::Unbound => {
                    self.unsupported("a jump to an unbound label (code generator bug)")
                }
                crate::buffer::FixupError::OutOfRange => {
                    NativeError { span: self.f.span, message: OUT_OF_RANGE.to_string() }
                }
            });
        }
        let size = self.frame.size().ok_or_else(|| self.unsupported("a stack frame this large"))?;
        let mut pro = Buffer::default();
        let mut pro_insts = Vec::new();
        let mut put = |i: Inst, pro: &mut Buffer| {
            if self.listing.is_some() {
                pro_insts.push((pro.pos(), i.clone()));
            }
            encode(&i, pro);
        };
        // The stack probe: the lowest address of the new frame is written first, so that a
        // stack overflow faults at the function's first store (the fault reporter reports
        // it at the call, as x86-64's `call` faults).
        for i in sub_sp(SCRATCH, u64::from(size) + 16) {
            put(i, &mut pro);
        }
        put(Inst::Store { bytes: 8, rt: X::ZR, mem: Mem::at(SCRATCH, 0) }, &mut pro);
        let pre = Mem::Pre { base: X::SP, off: -16 };
        put(Inst::Pair { load: false, sf: true, rt: X::FP, rt2: X::LR, mem: pre }, &mut pro);
        let mov =
            Inst::AddImm { op: AddOp::Add, sf: true, rd: X::FP, rn: X::SP, imm12: 0, lsl12: false };
        put(mov, &mut pro);
        if size > 0 {
            for i in sub_sp(X::SP, size.into()) {
                put(i, &mut pro);
            }
        }
        for (r, off) in SAVED_X {
            if self.save_all || self.a.used & (1 << r) != 0 {
                put(Inst::Store { bytes: 8, rt: X(r), mem: Mem::at(X::FP, off) }, &mut pro);
            }
        }
        for k in 0..8u8 {
            if self.vsave && (self.save_all || self.a.used & (1u64 << (40 + k)) != 0) {
                let mem = Mem::at(X::FP, -88 - 8 * i32::from(k));
                put(Inst::FStore { size: FSize::D, rt: V(8 + k), mem }, &mut pro);
            }
        }
        let shift = pro.pos();
        let mut bytes = Vec::with_capacity(pro.bytes.len() + self.buf.bytes.len());
        bytes.extend_from_slice(&pro.bytes);
        bytes.extend_from_slice(&self.buf.bytes);
        let relocs = self.buf.relocs.iter().map(|&(o, k, s, a)| (o + shift, k, s, a)).collect();
        let locs = self.locs.iter().map(|&(o, s)| (o + shift, s)).collect();
        let mut notes = Vec::new();
        if let Some(body_notes) = self.notes.take() {
            // Values pinned to a register for the whole function, at its start.
            for (v, r) in self.pin_of.iter().enumerate() {
                let (Some(r), Some(name)) = (*r, crate::value_name(self.f, v as u32)) else {
                    continue;
                };
                notes.push((0, format!("{name}: x{r} (whole function)")));
            }
            notes.extend(body_notes.into_iter().map(|(o, t)| (o + shift, t)));
        }
        let mut insts = Vec::new();
        if let Some(body) = self.listing.take() {
            let names = crate::module::Namer { cx: self.cx, buf: &self.buf, shift };
            let all = pro_insts
                .into_iter()
                .map(|(o, i)| (o, i, 0))
                .chain(body.into_iter().map(|(o, i)| (o, i, shift)));
            let all: Vec<(u32, Inst, u32)> = all.collect();
            for (k, (o, i, sh)) in all.iter().enumerate() {
                let start = o + sh;
                let end = match all.get(k + 1) {
                    Some((o2, _, sh2)) => o2 + sh2,
                    None => bytes.len() as u32,
                };
                let text = super::print::print(i, &names);
                insts.push((start, (end - start).min(255) as u8, text));
            }
        }
        let sites = self.sites.iter().map(|&(o, k)| (o + shift, k)).collect();
        Ok(FuncCode { bytes, relocs, locs, insts, notes, sites })
    }
}

/// `rd = sp - m` (`rd` may be `sp`), large values through `x17`.
fn sub_sp(rd: X, m: u64) -> Vec<Inst> {
    let mut out = Vec::new();
    if m < 1 << 24 {
        let (hi, lo) = ((m >> 12) as u16, (m & 0xfff) as u16);
        let mut rn = X::SP;
        if hi != 0 || lo == 0 {
            out.push(Inst::AddImm { op: AddOp::Sub, sf: true, rd, rn, imm12: hi, lsl12: true });
            rn = rd;
        }
        if lo != 0 {
            out.push(Inst::AddImm { op: AddOp::Sub, sf: true, rd, rn, imm12: lo, lsl12: false });
        }
        return out;
    }
    super::imm::materialize(super::lower::ADDR, m, true, &mut |i| out.push(i));
    let rm = super::lower::ADDR;
    out.push(Inst::AddExt {
        op: AddOp::Sub,
        sf: true,
        rd,
        rn: X::SP,
        rm,
        ext: Ext::Uxtx,
        amount: 0,
    });
    out
}
