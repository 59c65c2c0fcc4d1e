//! AArch64 registers: the 31 general-purpose registers (plus `sp`/`xzr` as register 31), the
//! 32 SIMD and float registers, their names and the AAPCS64 roles (argument order, caller-
//! and callee-saved sets).

/// A general-purpose register by its encoding number (`x0` ... `x30`). Number 31 is `sp` or
/// `xzr`/`wzr` depending on the instruction form (each form in `inst.rs` says which).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct X(pub u8);

/// A SIMD and float register (`v0` ... `v31`; `s`/`d`/`h`/`q`/`b` views by the form).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct V(pub u8);

#[allow(missing_docs)]
impl X {
    pub const X0: X = X(0);
    pub const X1: X = X(1);
    pub const X2: X = X(2);
    pub const X8: X = X(8);
    /// Intra-procedure-call scratch registers (the code generator's temporaries).
    pub const X16: X = X(16);
    pub const X17: X = X(17);
    /// The platform register: never used.
    pub const X18: X = X(18);
    /// The frame pointer.
    pub const FP: X = X(29);
    /// The link register.
    pub const LR: X = X(30);
    /// The stack pointer (register 31 in forms that take it).
    pub const SP: X = X(31);
    /// The zero register (register 31 in the other forms).
    pub const ZR: X = X(31);
}

impl X {
    /// Its name at `sf` (64-bit `x`, else 32-bit `w`); `sp_form` for forms where register 31
    /// is the stack pointer.
    pub fn name(self, sf: bool, sp_form: bool) -> String {
        match (self.0, sp_form, sf) {
            (31, true, true) => "sp".to_string(),
            (31, true, false) => "wsp".to_string(),
            (31, false, true) => "xzr".to_string(),
            (31, false, false) => "wzr".to_string(),
            (n, _, true) => format!("x{n}"),
            (n, _, false) => format!("w{n}"),
        }
    }
}

impl V {
    /// Its name as a scalar of `bytes` bytes (`b`, `h`, `s`, `d`, `q` for 1, 2, 4, 8, 16).
    pub fn name(self, bytes: u8) -> String {
        let p = match bytes {
            1 => 'b',
            2 => 'h',
            4 => 's',
            16 => 'q',
            _ => 'd',
        };
        format!("{p}{}", self.0)
    }
}

/// Integer argument registers, in order (`x0`-`x7`); results use the same registers.
pub const ARG_GPRS: [X; 8] = [X(0), X(1), X(2), X(3), X(4), X(5), X(6), X(7)];
/// Float and vector argument registers, in order (`v0`-`v7`); results use the same.
pub const ARG_VS: [V; 8] = [V(0), V(1), V(2), V(3), V(4), V(5), V(6), V(7)];
/// The register of an `sret` pointer (the indirect result location).
pub const SRET: X = X::X8;
/// Callee-saved integer registers (`x19`-`x28`; `x29`/`x30` are saved by every frame).
pub const CALLEE_SAVED: [X; 10] =
    [X(19), X(20), X(21), X(22), X(23), X(24), X(25), X(26), X(27), X(28)];
/// Float registers whose low 64 bits are callee-saved (`d8`-`d15`).
pub const CALLEE_SAVED_V: [V; 8] = [V(8), V(9), V(10), V(11), V(12), V(13), V(14), V(15)];

/// The physical register number of the register assignment (see `assign.rs`): `x0`-`x30`
/// are `0..31`, `v0`-`v31` are `32..64`.
pub fn preg_x(r: X) -> crate::assign::PReg {
    r.0
}
/// See [`preg_x`].
pub fn preg_v(r: V) -> crate::assign::PReg {
    32 + r.0
}
