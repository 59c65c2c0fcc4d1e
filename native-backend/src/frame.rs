//! The frame of a native function, from the frame pointer downwards (x86-64's `rbp` here;
//! AArch64's `x29` has its own save area, see `aarch64/lower.rs`):
//!
//! ```text
//!  [rbp + 16 + 8k]   incoming stack arguments
//!  [rbp + 8]         return address
//!  [rbp]             caller's rbp
//!  [rbp - 48, rbp)   callee-saved registers (fixed places: rbx, r12, r13, r14, r15)
//!  va save area      a variadic function's register save area (176 bytes)
//!  allocas           the low form's frame slots (aligned to 16; over-aligned frames are
//!                    aligned at run time)
//!  spill slots       homes of virtual registers (8 bytes each), assigned as the walk needs
//!  outgoing area     stack arguments and variadic argument cells of calls, at [rsp]
//! ```

use irplay_core::lower::Frame as LowFrame;

/// Bytes reserved below `rbp` for the callee-saved registers.
pub const SAVE_AREA: i32 = 48;

/// The layout of one function's frame.
#[derive(Clone, Debug)]
pub struct Frame {
    /// `rbp`-relative offset of the alloca area's base (when aligned statically).
    pub alloca_base: i32,
    /// Alignment the alloca area needs beyond 16 bytes (0 when none).
    pub over_align: u32,
    /// Bytes of spill slots assigned so far.
    pub spills: u32,
    /// Bytes of the outgoing area.
    pub out_area: u32,
    /// `rbp`-relative offset of a variadic function's register save area.
    pub va_save: Option<i32>,
    /// The allocas are addressed from the stack pointer ([`Frame::sp_allocas`]).
    pub sp_allocas: bool,
    /// Bytes of the save areas below the frame pointer.
    top: i32,
}

impl Frame {
    /// The frame for a low frame and an outgoing area; `None` if it is too large.
    pub fn new(low: &LowFrame, out_area: u32, variadic: bool) -> Option<Frame> {
        Frame::with_areas(low, out_area, SAVE_AREA, if variadic { 176 } else { 0 })
    }
    /// The frame of a target whose callee-saved registers take `save_area` bytes below the
    /// frame pointer and whose variadic register save area (none when 0) `va` bytes.
    pub fn with_areas(low: &LowFrame, out_area: u32, save_area: i32, va: i32) -> Option<Frame> {
        let size = i32::try_from(low.size).ok()?.checked_add(15)? & !15;
        let over_align = if low.align > 16 { low.align } else { 0 };
        let extra = if over_align > 0 { i32::try_from(over_align).ok()? - 16 } else { 0 };
        let alloca_base = save_area.checked_add(va)?.checked_add(size)?.checked_add(extra)?;
        let va_save = (va > 0).then_some(-(save_area + va));
        Some(Frame {
            alloca_base: -alloca_base,
            over_align,
            spills: 0,
            out_area,
            va_save,
            sp_allocas: false,
            top: save_area + va,
        })
    }
    /// Moves the allocas to the bottom of the frame, right above the outgoing area (rounded
    /// up to 16 bytes), where a function whose stack pointer does not move after its prologue
    /// reaches them from it with positive offsets; the spill slots then come right below the
    /// save areas. False (and no change) for frames aligned at run time.
    pub fn sp_allocas(&mut self) -> bool {
        if self.over_align > 0 {
            return false;
        }
        self.out_area = self.out_area.div_ceil(16) * 16;
        self.sp_allocas = true;
        true
    }
    /// The offset of an alloca-area offset `off`: from the stack pointer with
    /// [`Frame::sp_allocas`], else from the frame pointer.
    pub fn alloca_disp(&self, off: i32) -> i32 {
        if self.sp_allocas {
            self.out_area as i32 + off
        } else {
            self.alloca_base + off
        }
    }
    /// A new 8-byte spill slot's `rbp`-relative offset.
    pub fn spill_slot(&mut self) -> i32 {
        self.spills += 8;
        if self.sp_allocas {
            -(self.top + self.spills as i32)
        } else {
            self.alloca_base - self.spills as i32
        }
    }
    /// Bytes to subtract from `rsp` after `push rbp` (a multiple of 16); `None` if too large.
    pub fn size(&self) -> Option<u32> {
        let total = u64::from(self.alloca_base.unsigned_abs())
            + u64::from(self.spills)
            + u64::from(self.out_area);
        let total = (total + 15) & !15;
        u32::try_from(total).ok().filter(|&t| t < (1 << 31))
    }
}
