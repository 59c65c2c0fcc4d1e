//! The one table of LLVM instructions: mnemonic, class and properties of every opcode.
//!
//! Everything that describes an opcode is a row of `for_each_opcode!`; the `Opcode` enum, the
//! mnemonic lookup used by the parser and printer, and the property queries used by the
//! verifier, the analyses and the interpreter all expand from it. Adding an opcode is one row
//! plus its semantics.

/// The families of instructions, which share operand shapes and rules.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OpClass {
    /// Ends a block.
    Terminator,
    /// `fneg`.
    UnaryFp,
    /// Integer arithmetic (`add`, `udiv`, ...).
    BinInt,
    /// Floating-point arithmetic.
    BinFp,
    /// Shifts and bitwise logic.
    Bitwise,
    /// `extractelement`, `insertelement`, `shufflevector`.
    Vector,
    /// `extractvalue`, `insertvalue`.
    Aggregate,
    /// Memory access and addressing.
    Memory,
    /// Conversions `<op> <ty> <v> to <ty2>`.
    Cast,
    /// Everything else (`icmp`, `phi`, `call`, ...).
    Other,
}

/// Properties of an opcode, as bits.
pub mod props {
    /// No property.
    pub const NONE: u16 = 0;
    /// Allows `nuw` and `nsw`.
    pub const WRAP: u16 = 1;
    /// Allows `exact`.
    pub const EXACT: u16 = 2;
    /// Allows `disjoint`.
    pub const DISJOINT: u16 = 4;
    /// Allows `nneg`.
    pub const NNEG: u16 = 8;
    /// Allows fast-math flags (for floating-point results or operands).
    pub const FMF: u16 = 16;
    /// Has effects beyond its result (memory, control, calls).
    pub const SIDE_EFFECTS: u16 = 32;
    /// May produce poison from non-poison operands (through flags or operand ranges).
    pub const MAY_POISON: u16 = 64;
    /// The result does not depend on operand order.
    pub const COMMUTATIVE: u16 = 128;
    /// May trap or have undefined behaviour on some operands (division by zero).
    pub const MAY_TRAP: u16 = 256;
}

/// Calls `$m!` with the table: `Variant "mnemonic" Class props;`.
#[macro_export]
macro_rules! for_each_opcode {
    ($m:ident) => {
        $m! {
            // Terminators.
            Ret "ret" Terminator NONE;
            Br "br" Terminator NONE;
            Switch "switch" Terminator NONE;
            IndirectBr "indirectbr" Terminator NONE;
            Invoke "invoke" Terminator SIDE_EFFECTS;
            CallBr "callbr" Terminator SIDE_EFFECTS;
            Resume "resume" Terminator SIDE_EFFECTS;
            CatchSwitch "catchswitch" Terminator SIDE_EFFECTS;
            CatchRet "catchret" Terminator SIDE_EFFECTS;
            CleanupRet "cleanupret" Terminator SIDE_EFFECTS;
            Unreachable "unreachable" Terminator NONE;
            // Unary.
            FNeg "fneg" UnaryFp FMF;
            // Binary.
            Add "add" BinInt WRAP | MAY_POISON | COMMUTATIVE;
            FAdd "fadd" BinFp FMF | COMMUTATIVE;
            Sub "sub" BinInt WRAP | MAY_POISON;
            FSub "fsub" BinFp FMF;
            Mul "mul" BinInt WRAP | MAY_POISON | COMMUTATIVE;
            FMul "fmul" BinFp FMF | COMMUTATIVE;
            UDiv "udiv" BinInt EXACT | MAY_POISON | MAY_TRAP;
            SDiv "sdiv" BinInt EXACT | MAY_POISON | MAY_TRAP;
            FDiv "fdiv" BinFp FMF;
            URem "urem" BinInt MAY_TRAP;
            SRem "srem" BinInt MAY_TRAP;
            FRem "frem" BinFp FMF;
            // Bitwise.
            Shl "shl" Bitwise WRAP | MAY_POISON;
            LShr "lshr" Bitwise EXACT | MAY_POISON;
            AShr "ashr" Bitwise EXACT | MAY_POISON;
            And "and" Bitwise COMMUTATIVE;
            Or "or" Bitwise DISJOINT | MAY_POISON | COMMUTATIVE;
            Xor "xor" Bitwise COMMUTATIVE;
            // Vector.
            ExtractElement "extractelement" Vector MAY_POISON;
            InsertElement "insertelement" Vector MAY_POISON;
            ShuffleVector "shufflevector" Vector MAY_POISON;
            // Aggregate.
            ExtractValue "extractvalue" Aggregate NONE;
            InsertValue "insertvalue" Aggregate NONE;
            // Memory.
            Alloca "alloca" Memory SIDE_EFFECTS;
            Load "load" Memory SIDE_EFFECTS | MAY_TRAP;
            Store "store" Memory SIDE_EFFECTS | MAY_TRAP;
            Fence "fence" Memory SIDE_EFFECTS;
            CmpXchg "cmpxchg" Memory SIDE_EFFECTS | MAY_TRAP;
            AtomicRmw "atomicrmw" Memory SIDE_EFFECTS | MAY_TRAP;
            GetElementPtr "getelementptr" Memory MAY_POISON;
            // Conversions.
            Trunc "trunc" Cast WRAP | MAY_POISON;
            ZExt "zext" Cast NNEG | MAY_POISON;
            SExt "sext" Cast NONE;
            FPTrunc "fptrunc" Cast NONE;
            FPExt "fpext" Cast NONE;
            FPToUI "fptoui" Cast MAY_POISON;
            FPToSI "fptosi" Cast MAY_POISON;
            UIToFP "uitofp" Cast NNEG | MAY_POISON;
            SIToFP "sitofp" Cast NONE;
            PtrToInt "ptrtoint" Cast NONE;
            IntToPtr "inttoptr" Cast NONE;
            BitCast "bitcast" Cast NONE;
            AddrSpaceCast "addrspacecast" Cast NONE;
            // Other.
            ICmp "icmp" Other MAY_POISON;
            FCmp "fcmp" Other FMF;
            Phi "phi" Other FMF;
            Select "select" Other FMF;
            Freeze "freeze" Other NONE;
            Call "call" Other FMF | SIDE_EFFECTS;
            VaArg "va_arg" Other SIDE_EFFECTS;
            LandingPad "landingpad" Other SIDE_EFFECTS;
            CatchPad "catchpad" Other SIDE_EFFECTS;
            CleanupPad "cleanuppad" Other SIDE_EFFECTS;
        }
    };
}

macro_rules! define_opcodes {
    ($($variant:ident $name:literal $class:ident $($prop:ident)|*;)*) => {
        /// An LLVM instruction opcode.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Opcode {
            $(
                #[doc = concat!("`", $name, "`")]
                $variant,
            )*
        }

        impl Opcode {
            /// Every opcode, in table order.
            pub const ALL: &'static [Opcode] = &[$(Opcode::$variant),*];

            /// The mnemonic.
            pub fn name(self) -> &'static str {
                match self { $(Opcode::$variant => $name,)* }
            }
            /// The opcode for a mnemonic.
            pub fn from_name(s: &str) -> Option<Opcode> {
                match s { $($name => Some(Opcode::$variant),)* _ => None }
            }
            /// The family.
            pub fn class(self) -> OpClass {
                match self { $(Opcode::$variant => OpClass::$class,)* }
            }
            fn props(self) -> u16 {
                #[allow(unused_imports)]
                use props::*;
                match self { $(Opcode::$variant => 0 $(| $prop)*,)* }
            }
        }
    };
}

for_each_opcode!(define_opcodes);

impl Opcode {
    /// True for block terminators.
    pub fn is_terminator(self) -> bool {
        self.class() == OpClass::Terminator
    }
    /// True for conversions.
    pub fn is_cast(self) -> bool {
        self.class() == OpClass::Cast
    }
    /// True for two-operand arithmetic and logic (integer or float).
    pub fn is_binary(self) -> bool {
        matches!(self.class(), OpClass::BinInt | OpClass::BinFp | OpClass::Bitwise)
    }
    /// Allows `nuw`/`nsw`.
    pub fn allows_wrap_flags(self) -> bool {
        self.props() & props::WRAP != 0
    }
    /// Allows `exact`.
    pub fn allows_exact(self) -> bool {
        self.props() & props::EXACT != 0
    }
    /// Allows `disjoint`.
    pub fn allows_disjoint(self) -> bool {
        self.props() & props::DISJOINT != 0
    }
    /// Allows `nneg`.
    pub fn allows_nneg(self) -> bool {
        self.props() & props::NNEG != 0
    }
    /// Allows fast-math flags.
    pub fn allows_fmf(self) -> bool {
        self.props() & props::FMF != 0
    }
    /// Has effects beyond its result.
    pub fn has_side_effects(self) -> bool {
        self.props() & props::SIDE_EFFECTS != 0
    }
    /// May produce poison from non-poison operands.
    pub fn may_produce_poison(self) -> bool {
        self.props() & props::MAY_POISON != 0
    }
    /// Operand order does not matter.
    pub fn is_commutative(self) -> bool {
        self.props() & props::COMMUTATIVE != 0
    }
    /// May trap (undefined behaviour on some operand values).
    pub fn may_trap(self) -> bool {
        self.props() & props::MAY_TRAP != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for &op in Opcode::ALL {
            assert_eq!(Opcode::from_name(op.name()), Some(op));
        }
        assert_eq!(Opcode::ALL.len(), 65);
        assert!(Opcode::Add.allows_wrap_flags() && !Opcode::FAdd.allows_wrap_flags());
        assert!(Opcode::Ret.is_terminator() && !Opcode::Call.is_terminator());
    }
}
