//! The x86-64 instructions the code generator emits: one variant per form, each encoded by
//! `encode.rs` and printed (Intel syntax, as `llvm-mc -output-asm-variant=1` prints it) by
//! `print.rs`.

use super::regs::{Gpr, Xmm};
use crate::buffer::Label;
use crate::SymId;

/// A memory operand: `[base + index * scale + disp]`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Mem {
    /// The base register.
    pub base: Gpr,
    /// An index register and its scale (1, 2, 4 or 8).
    pub index: Option<(Gpr, u8)>,
    /// The displacement.
    pub disp: i32,
}

impl Mem {
    /// `[base + disp]`.
    pub fn at(base: Gpr, disp: i32) -> Mem {
        Mem { base, index: None, disp }
    }
}

/// The two-operand integer ALU operations (their `/digit` is the discriminant).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Alu {
    Add = 0,
    Or = 1,
    Adc = 2,
    Sbb = 3,
    And = 4,
    Sub = 5,
    Xor = 6,
    Cmp = 7,
}

/// Shifts and rotates (their `/digit` is the discriminant).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Shift {
    Rol = 0,
    Ror = 1,
    Shl = 4,
    Shr = 5,
    Sar = 7,
}

/// Condition codes (the discriminant is the encoding).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Cc {
    O = 0,
    No = 1,
    B = 2,
    Ae = 3,
    E = 4,
    Ne = 5,
    Be = 6,
    A = 7,
    S = 8,
    Ns = 9,
    P = 10,
    Np = 11,
    L = 12,
    Ge = 13,
    Le = 14,
    G = 15,
}

impl Cc {
    /// Every condition, by encoding.
    pub const ALL: [Cc; 16] = [
        Cc::O,
        Cc::No,
        Cc::B,
        Cc::Ae,
        Cc::E,
        Cc::Ne,
        Cc::Be,
        Cc::A,
        Cc::S,
        Cc::Ns,
        Cc::P,
        Cc::Np,
        Cc::L,
        Cc::Ge,
        Cc::Le,
        Cc::G,
    ];

    /// The opposite condition.
    pub fn invert(self) -> Cc {
        Cc::ALL[(self as usize) ^ 1]
    }
}

/// Integer loads: how many bytes and how they are extended into the register.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Load {
    /// `movzx r32, byte ptr`.
    Zx8,
    /// `movsx r64, byte ptr`.
    Sx8,
    /// `movzx r32, word ptr`.
    Zx16,
    /// `movsx r64, word ptr`.
    Sx16,
    /// `mov r32, dword ptr` (zero-extends).
    L32,
    /// `movsxd r64, dword ptr`.
    Sx32,
    /// `mov r64, qword ptr`.
    L64,
}

/// Scalar SSE arithmetic (the discriminant is the opcode byte after `0F`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Sse {
    Sqrt = 0x51,
    Add = 0x58,
    Mul = 0x59,
    Sub = 0x5C,
    Min = 0x5D,
    Div = 0x5E,
    Max = 0x5F,
}

/// Packed SSE operations without a prefix (`andps`, `andnps`, `orps`, `xorps`, and
/// `unpcklps`, which interleaves the low lanes: it packs two floats in one register;
/// discriminant: opcode).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Logic {
    Unpckl = 0x14,
    And = 0x54,
    Andn = 0x55,
    Or = 0x56,
    Xor = 0x57,
}

/// One instruction. `w` is true for 64-bit operand size, false for 32-bit; `d` true for
/// `double`, false for `float`.
#[derive(Clone, Debug, PartialEq)]
#[allow(missing_docs)]
pub enum Inst {
    /// `op dst, src`.
    AluRR { op: Alu, w: bool, dst: Gpr, src: Gpr },
    /// `op dst, imm` (sign-extended 8- or 32-bit immediate).
    AluRI { op: Alu, w: bool, dst: Gpr, imm: i32 },
    /// `op dst, [mem]`.
    AluRM { op: Alu, w: bool, dst: Gpr, mem: Mem },
    /// `test a, b`.
    Test { w: bool, a: Gpr, b: Gpr },
    /// `mov dst, src`.
    MovRR { w: bool, dst: Gpr, src: Gpr },
    /// `mov r32, imm32` (zero-extends to 64 bits).
    MovRI32 { dst: Gpr, imm: u32 },
    /// `mov r64, simm32` (sign-extended).
    MovRI64s { dst: Gpr, imm: i32 },
    /// `movabs r64, imm64`.
    MovAbs { dst: Gpr, imm: u64 },
    /// An integer load.
    Load { kind: Load, dst: Gpr, mem: Mem },
    /// Stores the low `bytes` (1, 2, 4, 8) bytes of `src`.
    Store { bytes: u8, mem: Mem, src: Gpr },
    /// `lea dst, [mem]`.
    Lea { dst: Gpr, mem: Mem },
    /// `lea dst, [rip + sym + addend]`.
    LeaSym { dst: Gpr, sym: SymId, addend: i64 },
    /// `op qword ptr [rip + sym], imm` (sign-extended 8- or 32-bit immediate): the step and
    /// depth counters.
    AluSym { op: Alu, sym: SymId, imm: i32 },
    /// `lea dst, [rip + label]`.
    LeaLabel { dst: Gpr, label: Label },
    /// `mov dst, qword ptr [rip + sym@GOTPCREL]`.
    MovGot { dst: Gpr, sym: SymId },
    /// `imul dst, src`.
    Imul { w: bool, dst: Gpr, src: Gpr },
    /// `div src` / `idiv src` (of `rdx:rax`).
    Div { signed: bool, w: bool, src: Gpr },
    /// `cdq` / `cqo`.
    SignAx { w: bool },
    /// `op dst, cl`.
    ShiftCl { op: Shift, w: bool, dst: Gpr },
    /// `op dst, imm`.
    ShiftI { op: Shift, w: bool, dst: Gpr, imm: u8 },
    /// `neg dst`.
    Neg { w: bool, dst: Gpr },
    /// `not dst`.
    Not { w: bool, dst: Gpr },
    /// `setcc r8`.
    Setcc { cc: Cc, dst: Gpr },
    /// `movzx r32, r8`.
    Movzx8 { dst: Gpr, src: Gpr },
    /// `movzx r32, r16`.
    Movzx16 { dst: Gpr, src: Gpr },
    /// `movsx r64, r8` / `movsx r64, r16` / `movsxd r64, r32` (`from` bytes: 1, 2, 4).
    Movsx { from: u8, dst: Gpr, src: Gpr },
    /// `cmovcc dst, src`.
    Cmov { cc: Cc, w: bool, dst: Gpr, src: Gpr },
    /// `bsr dst, src`.
    Bsr { w: bool, dst: Gpr, src: Gpr },
    /// `bsf dst, src`.
    Bsf { w: bool, dst: Gpr, src: Gpr },
    /// `popcnt dst, src`.
    Popcnt { w: bool, dst: Gpr, src: Gpr },
    /// `jmp label`.
    Jmp(Label),
    /// `jcc label`.
    Jcc(Cc, Label),
    /// `jmp reg`.
    JmpR(Gpr),
    /// `call sym` (a `PLT32` relocation).
    Call(SymId),
    /// `call reg`.
    CallR(Gpr),
    /// `jmp sym` (a tail call; a `PLT32` relocation).
    TailJmp(SymId),
    /// `ret`.
    Ret,
    /// `push reg`.
    Push(Gpr),
    /// `pop reg`.
    Pop(Gpr),
    /// `ud2`.
    Ud2,
    /// `movss`/`movsd` from memory.
    FLoad { d: bool, dst: Xmm, mem: Mem },
    /// `movss`/`movsd` to memory.
    FStore { d: bool, mem: Mem, src: Xmm },
    /// `movaps dst, src`.
    FMov { dst: Xmm, src: Xmm },
    /// `movd`/`movq xmm, gpr`.
    ToXmm { w: bool, dst: Xmm, src: Gpr },
    /// `movd`/`movq gpr, xmm`.
    FromXmm { w: bool, dst: Gpr, src: Xmm },
    /// Scalar arithmetic: `addss`, `sqrtsd`, ...
    Sse { op: Sse, d: bool, dst: Xmm, src: Xmm },
    /// Packed bitwise operation (`xorps dst, src`, ...).
    Logic { op: Logic, dst: Xmm, src: Xmm },
    /// `ucomiss`/`ucomisd a, b`.
    Ucomi { d: bool, a: Xmm, b: Xmm },
    /// `cvtss2sd` (`to_d`) or `cvtsd2ss`.
    CvtF { to_d: bool, dst: Xmm, src: Xmm },
    /// `cvtsi2ss`/`cvtsi2sd dst, r32/r64`.
    CvtI2F { d: bool, w: bool, dst: Xmm, src: Gpr },
    /// `cvttss2si`/`cvttsd2si r32/r64, src` (truncating).
    CvtF2I { d: bool, w: bool, dst: Gpr, src: Xmm },
    /// `roundss`/`roundsd dst, src, mode`.
    Round { d: bool, mode: u8, dst: Xmm, src: Xmm },
    /// `fld` (push) or, with `pop`, `fstp` (store and pop) of a 4- or 8-byte float: the x87
    /// stack carries float results after the first two.
    X87 { pop: bool, d: bool, mem: Mem },
}
