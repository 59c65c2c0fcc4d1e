//! x86-64 registers: the 16 general-purpose and 16 SSE registers, their names and the System V
//! roles (argument order, caller- and callee-saved sets).

/// A general-purpose register by its encoding number (`rax` = 0 ... `r15` = 15).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Gpr(pub u8);

/// An SSE register (`xmm0` ... `xmm15`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Xmm(pub u8);

#[allow(missing_docs)]
impl Gpr {
    pub const RAX: Gpr = Gpr(0);
    pub const RCX: Gpr = Gpr(1);
    pub const RDX: Gpr = Gpr(2);
    pub const RBX: Gpr = Gpr(3);
    pub const RSP: Gpr = Gpr(4);
    pub const RBP: Gpr = Gpr(5);
    pub const RSI: Gpr = Gpr(6);
    pub const RDI: Gpr = Gpr(7);
    pub const R8: Gpr = Gpr(8);
    pub const R9: Gpr = Gpr(9);
    pub const R10: Gpr = Gpr(10);
    pub const R11: Gpr = Gpr(11);
    pub const R12: Gpr = Gpr(12);
    pub const R13: Gpr = Gpr(13);
    pub const R14: Gpr = Gpr(14);
    pub const R15: Gpr = Gpr(15);
}

const NAMES64: [&str; 16] = [
    "rax", "rcx", "rdx", "rbx", "rsp", "rbp", "rsi", "rdi", "r8", "r9", "r10", "r11", "r12", "r13",
    "r14", "r15",
];
const NAMES32: [&str; 16] = [
    "eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi", "r8d", "r9d", "r10d", "r11d", "r12d",
    "r13d", "r14d", "r15d",
];
const NAMES16: [&str; 16] = [
    "ax", "cx", "dx", "bx", "sp", "bp", "si", "di", "r8w", "r9w", "r10w", "r11w", "r12w", "r13w",
    "r14w", "r15w",
];
const NAMES8: [&str; 16] = [
    "al", "cl", "dl", "bl", "spl", "bpl", "sil", "dil", "r8b", "r9b", "r10b", "r11b", "r12b",
    "r13b", "r14b", "r15b",
];
const XMM: [&str; 16] = [
    "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10",
    "xmm11", "xmm12", "xmm13", "xmm14", "xmm15",
];

impl Gpr {
    /// The name of its low `bytes` bytes (1, 2, 4 or 8).
    pub fn name(self, bytes: u8) -> &'static str {
        let t = match bytes {
            1 => &NAMES8,
            2 => &NAMES16,
            4 => &NAMES32,
            _ => &NAMES64,
        };
        t[(self.0 & 15) as usize]
    }
    /// Bits 0-2 of the encoding.
    pub fn low(self) -> u8 {
        self.0 & 7
    }
    /// Bit 3 of the encoding (the REX extension bit).
    pub fn ext(self) -> bool {
        self.0 & 8 != 0
    }
}

impl Xmm {
    /// Its name.
    pub fn name(self) -> &'static str {
        XMM[(self.0 & 15) as usize]
    }
    /// As an encoding number (shares [`Gpr`]'s bit layout).
    pub fn enc(self) -> Gpr {
        Gpr(self.0)
    }
}

/// Integer argument registers, in order (System V).
pub const ARG_GPRS: [Gpr; 6] = [Gpr::RDI, Gpr::RSI, Gpr::RDX, Gpr::RCX, Gpr::R8, Gpr::R9];
/// Integer result registers, in order (LLVM's x86-64 return convention; more integer
/// results go through memory).
pub const RET_GPRS: [Gpr; 3] = [Gpr::RAX, Gpr::RDX, Gpr::RCX];
/// Float argument registers (`xmm0`-`xmm7`).
pub const ARG_XMMS: u8 = 8;
/// Float result registers (`xmm0`, `xmm1`; the next two float results go on the x87 stack).
pub const RET_XMMS: u8 = 2;
/// Callee-saved general-purpose registers the allocator may use (`rbp` is the frame pointer).
pub const CALLEE_SAVED: [Gpr; 5] = [Gpr::RBX, Gpr::R12, Gpr::R13, Gpr::R14, Gpr::R15];

/// True for registers a call preserves.
pub fn callee_saved(r: Gpr) -> bool {
    matches!(r.0, 3 | 4 | 5 | 12..=15)
}
