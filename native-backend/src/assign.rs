//! The single-pass register assignment's state (TPDE-style, target-neutral): which virtual
//! register each physical register holds, whether that value still has to be written to its
//! home slot in the frame (dirty), which registers the current instruction has locked, and
//! the choice of a register for a new value (free ones first, in the target's preference
//! order; otherwise a victim the caller spills).
//!
//! Physical registers are numbered `0..64`: x86-64 maps its integer registers to `0..16`
//! and its vector registers to `16..32`; AArch64 its integer registers to `0..32` and its
//! vector registers to `32..64`.

/// A physical register number (`0..64`).
pub type PReg = u8;

/// No virtual register.
const NONE: u32 = u32::MAX;

/// The assignment state of one function.
pub struct Assign {
    /// The physical register holding each virtual register, if any.
    reg_of: Vec<u8>,
    /// The virtual register each physical register holds.
    holder: [u32; 64],
    /// Held values not yet in their home slot.
    dirty: u64,
    /// Registers the current instruction reads or writes (not to be taken).
    locked: u64,
    /// Registers ever written (for the callee-saved registers to save).
    pub used: u64,
    /// Round-robin cursor for victims.
    clock: u32,
}

const NO_REG: u8 = u8::MAX;

impl Assign {
    /// The state for a function with `nregs` virtual registers, nothing assigned.
    pub fn new(nregs: usize) -> Assign {
        Assign {
            reg_of: vec![NO_REG; nregs],
            holder: [NONE; 64],
            dirty: 0,
            locked: 0,
            used: 0,
            clock: 0,
        }
    }
    /// Where `v` is, if in a register.
    #[inline]
    pub fn reg(&self, v: u32) -> Option<PReg> {
        self.reg_of.get(v as usize).copied().filter(|&r| r != NO_REG)
    }
    /// What `r` holds.
    #[inline]
    pub fn holder(&self, r: PReg) -> Option<u32> {
        self.holder.get(r as usize).copied().filter(|&v| v != NONE)
    }
    /// True when `r`'s value has not been written to its home.
    #[inline]
    pub fn is_dirty(&self, r: PReg) -> bool {
        self.dirty & (1u64 << r) != 0
    }
    /// Marks `r`'s value as written to its home.
    pub fn clean(&mut self, r: PReg) {
        self.dirty &= !(1u64 << r);
    }
    /// Makes `r` hold `v` (`dirty`: not yet in its home), dropping what either held before.
    pub fn bind(&mut self, v: u32, r: PReg, dirty: bool) {
        self.unbind_vreg(v);
        self.free(r);
        if let Some(slot) = self.reg_of.get_mut(v as usize) {
            *slot = r;
            self.holder[r as usize] = v;
            if dirty {
                self.dirty |= 1u64 << r;
            }
        }
        self.used |= 1u64 << r;
    }
    /// Forgets `r`'s value (the caller wrote it back if needed).
    pub fn free(&mut self, r: PReg) {
        if let Some(v) = self.holder(r) {
            if let Some(slot) = self.reg_of.get_mut(v as usize) {
                *slot = NO_REG;
            }
        }
        self.holder[r as usize] = NONE;
        self.dirty &= !(1u64 << r);
    }
    /// Forgets where `v` is (a new value is about to be defined).
    pub fn unbind_vreg(&mut self, v: u32) {
        if let Some(r) = self.reg(v) {
            self.free(r);
        }
    }
    /// Locks `r` for the current instruction.
    #[inline]
    pub fn lock(&mut self, r: PReg) {
        self.locked |= 1u64 << r;
        self.used |= 1u64 << r;
    }
    /// True when `r` is locked.
    #[inline]
    pub fn is_locked(&self, r: PReg) -> bool {
        self.locked & (1u64 << r) != 0
    }
    /// Unlocks every register (the instruction is done).
    #[inline]
    pub fn unlock_all(&mut self) {
        self.locked = 0;
    }
    /// A free, unlocked register of `order`, or else a victim: an unlocked register of `order`
    /// whose value the caller must write back (if dirty and still needed) and [`free`](Self::free).
    /// `None` only if every register of `order` is locked.
    pub fn pick(&mut self, order: &[PReg]) -> Option<(PReg, bool)> {
        if let Some(&r) = order
            .iter()
            .find(|&&r| self.holder[r as usize] == NONE && self.locked & (1u64 << r) == 0)
        {
            return Some((r, false));
        }
        // Clean values first, then round robin.
        if let Some(&r) =
            order.iter().find(|&&r| self.locked & (1u64 << r) == 0 && self.dirty & (1u64 << r) == 0)
        {
            return Some((r, true));
        }
        let n = order.len() as u32;
        for k in 0..n {
            let r = order[((self.clock + k) % n) as usize];
            if self.locked & (1u64 << r) == 0 {
                self.clock = self.clock.wrapping_add(k + 1);
                return Some((r, true));
            }
        }
        None
    }
    /// The registers holding values, as a bit set.
    pub fn held(&self) -> u64 {
        let mut m = 0;
        for (r, &v) in self.holder.iter().enumerate() {
            if v != NONE {
                m |= 1u64 << r;
            }
        }
        m
    }
}
