//! The AArch64 parts of the in-process loader (`native_run.rs`): the import stubs, the
//! relocations of AArch64 code, making the instruction cache see the written code, and what
//! the fault handler reads of a call site.
//!
//! Relocations are RELA: the instruction words carry zero in their fields and the addend is
//! in the relocation. A `bl`/`b` to an external function always goes through a stub (the C
//! library is usually beyond the ±128 MiB of a branch), as does an `adrp` + `add` of one, so
//! that the x86-64 and AArch64 loaders give a function's address the same way.

// Built on x86-64 too, for its tests.
#![cfg_attr(not(target_arch = "aarch64"), allow(dead_code))]

use irplay_native::RelocKind;

/// The length of an import stub: `ldr x16, #8`, `br x16`, the 8-byte address.
pub const STUB_LEN: usize = 16;

/// Back from a return address to its call instruction (`bl` or `blr`).
pub const CALL_LEN: usize = 4;

/// The import stub that jumps to `addr`.
pub fn stub(addr: u64) -> [u8; STUB_LEN] {
    let mut s = [0u8; STUB_LEN];
    s[..4].copy_from_slice(&0x5800_0050u32.to_le_bytes());
    s[4..8].copy_from_slice(&0xd61f_0200u32.to_le_bytes());
    s[8..].copy_from_slice(&addr.to_le_bytes());
    s
}

/// True if a relocation of `kind` to an external symbol goes through a stub.
pub fn via_stub(kind: RelocKind, external: bool, external_func: bool) -> bool {
    match kind {
        RelocKind::Call26 | RelocKind::Jump26 => external,
        RelocKind::AdrPage21 | RelocKind::AddLo12 => external_func,
        _ => false,
    }
}

/// True if a relocation of `kind` needs a GOT entry of its symbol.
pub fn via_got(kind: RelocKind) -> bool {
    matches!(kind, RelocKind::GotPage21 | RelocKind::GotLo12)
}

fn page(x: i128) -> i128 {
    x & !0xfff
}

/// The instruction word `word` at address `p` with the field of relocation `kind` filled in:
/// `s` is the symbol's address (or its stub's), `a` the addend, `got` the address of the
/// symbol's GOT entry. An error says what does not fit.
pub fn patch(
    word: u32,
    kind: RelocKind,
    p: i128,
    s: i128,
    a: i128,
    got: Option<i128>,
) -> Result<u32, &'static str> {
    let adrp = |target: i128| {
        let pages = (page(target) - page(p)) >> 12;
        if !(-(1 << 20)..1 << 20).contains(&pages) {
            return Err("the distance does not fit the ±4 GiB of an adrp");
        }
        let v = pages as u32;
        Ok(word | (v & 3) << 29 | ((v >> 2) & 0x7ffff) << 5)
    };
    match kind {
        RelocKind::Call26 | RelocKind::Jump26 => {
            let d = s + a - p;
            if d % 4 != 0 || !(-(1 << 27)..1 << 27).contains(&d) {
                return Err("the distance does not fit the ±128 MiB of a branch");
            }
            Ok(word | ((d >> 2) as u32 & 0x03ff_ffff))
        }
        RelocKind::AdrPage21 => adrp(s + a),
        RelocKind::AddLo12 => Ok(word | (((s + a) & 0xfff) as u32) << 10),
        RelocKind::GotPage21 => adrp(got.ok_or("no GOT entry")?),
        RelocKind::GotLo12 => {
            let g = got.ok_or("no GOT entry")?;
            Ok(word | (((g & 0xfff) >> 3) as u32) << 10)
        }
        _ => Err("an x86-64 relocation in AArch64 code"),
    }
}

#[cfg(target_arch = "aarch64")]
/// Makes the instruction cache see the code written at `start..start + len` (the data cache
/// is cleaned to the point of unification, the instruction cache invalidated there).
pub fn sync_icache(start: usize, len: usize) {
    let ctr: u64;
    // SAFETY: reads CTR_EL0, which Linux lets user code read.
    unsafe { core::arch::asm!("mrs {}, ctr_el0", out(reg) ctr, options(nomem, nostack)) };
    let dline = 4usize << ((ctr >> 16) & 0xf);
    let iline = 4usize << (ctr & 0xf);
    let end = start + len;
    let mut a = start & !(dline - 1);
    while a < end {
        // SAFETY: cleans a data cache line of the mapped region.
        unsafe { core::arch::asm!("dc cvau, {}", in(reg) a, options(nostack)) };
        a += dline;
    }
    // SAFETY: a barrier.
    unsafe { core::arch::asm!("dsb ish", options(nostack)) };
    let mut a = start & !(iline - 1);
    while a < end {
        // SAFETY: invalidates an instruction cache line of the mapped region.
        unsafe { core::arch::asm!("ic ivau, {}", in(reg) a, options(nostack)) };
        a += iline;
    }
    // SAFETY: barriers.
    unsafe { core::arch::asm!("dsb ish", "isb", options(nostack)) };
}

/// True if the instruction word `i` is a call: `bl` or `blr`.
pub fn is_call(i: u32) -> bool {
    (i & 0xfc00_0000) == 0x9400_0000 || (i & 0xffff_fc1f) == 0xd63f_0000
}

/// The prologue's stack probe, `str xzr, [x16]` (its first store).
pub const PROBE: u32 = 0xf900_021f;

#[cfg(target_arch = "aarch64")]
/// The program counter, stack pointer, frame pointer and link register of a signal's context.
pub fn regs(uc: &libc::ucontext_t) -> (usize, usize, usize, usize) {
    let m = &uc.uc_mcontext;
    let r = |i: usize| m.regs.get(i).map_or(0, |&v| v as usize);
    (m.pc as usize, m.sp as usize, r(29), r(30))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_filled_as_llvm_mc_encodes_them() {
        // bl .+8
        assert_eq!(patch(0x9400_0000, RelocKind::Call26, 0x1000, 0x1008, 0, None), Ok(0x9400_0002));
        // b .-4
        assert_eq!(patch(0x1400_0000, RelocKind::Jump26, 0x1000, 0xffc, 0, None), Ok(0x17ff_ffff));
        // adrp x0, .+0x5000 (from 0x1234): pages 5 → immlo 1, immhi 1
        assert_eq!(
            patch(0x9000_0000, RelocKind::AdrPage21, 0x1234, 0x6000, 0x10, None),
            Ok(0xb000_0020)
        );
        // add x0, x0, #0x10
        assert_eq!(patch(0x9100_0000, RelocKind::AddLo12, 0, 0x6000, 0x10, None), Ok(0x9100_4000));
        // ldr x0, [x0, #0x18]
        assert_eq!(patch(0xf940_0000, RelocKind::GotLo12, 0, 0, 0, Some(0x7018)), Ok(0xf940_0c00));
        assert!(patch(0x9400_0000, RelocKind::Call26, 0, 1 << 28, 0, None).is_err());
    }
}
