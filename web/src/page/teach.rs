//! One-line explanations of LLVM IR words (opcodes, flags, keywords, predicates, types, linkage, calling conventions, attributes) for the editor's hover tooltips, with the LangRef section of each.

/// A one-line, plain-words summary of an LLVM IR word, or `None` for words it does not know.
///
/// Covers every instruction opcode of LLVM 19, the instruction flags and fast-math flags, common
/// keywords (linkage, `define`, `align`, ...), the `icmp` and `fcmp` predicates, atomic
/// orderings and the common types (any `iN` integer type included).
pub fn summary(word: &str) -> Option<&'static str> {
    let s = match word {
        // Terminators.
        "ret" => "Leaves the current function, handing an optional value back to the caller.",
        "br" => "Jumps to a block, or to one of two blocks chosen by an i1 condition (a poison or undef condition is undefined behaviour).",
        "switch" => "Jumps to the block whose case constant equals the integer operand, or to the default block if none does.",
        "indirectbr" => "Jumps to a block address computed at run time (from blockaddress); every possible target is listed.",
        "invoke" => "Calls a function and continues at the normal block, or at the unwind block if an exception leaves the callee.",
        "callbr" => "Calls inline assembly that may jump to one of the listed blocks instead of falling through (asm goto).",
        "resume" => "Restarts the unwinding of an exception that a landingpad received but did not handle.",
        "unreachable" => "Marks a point that control can never reach; getting there is undefined behaviour.",
        "cleanupret" => "Finishes a cleanuppad and carries on unwinding, to the given block or out to the caller.",
        "catchret" => "Finishes a catchpad: the exception counts as handled and control moves to an ordinary block.",
        "catchswitch" => "Opens a group of catch handlers (Windows-style exceptions) and lists the catchpad blocks to try.",
        // Unary and binary arithmetic.
        "fneg" => "Flips the sign bit of a floating-point value (zeros and NaNs included).",
        "add" => "Integer addition; the result wraps around on overflow unless nuw or nsw promise it never does.",
        "fadd" => "Floating-point addition, rounded to the nearest representable value.",
        "sub" => "Integer subtraction; the result wraps around unless nuw or nsw promise it never does.",
        "fsub" => "Floating-point subtraction, rounded to the nearest representable value.",
        "mul" => "Integer multiplication keeping the low bits of the product (wraps unless nuw or nsw).",
        "fmul" => "Floating-point multiplication, rounded to the nearest representable value.",
        "udiv" => "Unsigned integer division rounding toward zero; dividing by zero is undefined behaviour.",
        "sdiv" => "Signed integer division rounding toward zero; a zero divisor, or the minimum value over -1, is undefined behaviour.",
        "fdiv" => "Floating-point division; x/0 gives an infinity and 0/0 a NaN, no trap.",
        "urem" => "Remainder of an unsigned division; a zero divisor is undefined behaviour.",
        "srem" => "Remainder of a signed division, taking the sign of the dividend; zero divisor or minimum % -1 is undefined behaviour.",
        "frem" => "Floating-point remainder, like C's fmod: the result has the sign of the dividend.",
        // Shifts and bitwise logic.
        "shl" => "Shifts the bits left, bringing in zeros; shifting by the bit width or more gives poison.",
        "lshr" => "Shifts the bits right, bringing in zeros (unsigned); shifting by the bit width or more gives poison.",
        "ashr" => "Shifts the bits right, repeating the sign bit (signed); shifting by the bit width or more gives poison.",
        "and" => "Bitwise AND: a result bit is 1 where both operands have a 1.",
        "or" => "Bitwise OR: a result bit is 1 where either operand has a 1.",
        "xor" => "Bitwise exclusive OR: a result bit is 1 where the operands differ (xor with -1 flips every bit).",
        // Vectors and aggregates.
        "extractelement" => "Reads one lane of a vector; an index past the last lane gives poison.",
        "insertelement" => "Makes a copy of a vector with one lane replaced; an index past the last lane gives poison.",
        "shufflevector" => "Builds a vector from lanes of two input vectors, picked by a constant mask of lane numbers.",
        "extractvalue" => "Reads a field of a struct value or an element of an array value, chosen by constant indices.",
        "insertvalue" => "Makes a copy of a struct or array value with one field or element replaced.",
        // Memory.
        "alloca" => "Reserves memory in the current function's stack frame; it goes away when the function returns.",
        "load" => "Reads a value of the named type from memory at a pointer.",
        "store" => "Writes a value into memory at a pointer.",
        "fence" => "Orders the memory operations before and after it as seen by other threads; it accesses no memory itself.",
        "cmpxchg" => "Atomically compares memory with an expected value and writes a new one if they match; gives { old value, success bit }.",
        "atomicrmw" => "Atomically reads memory, combines it with an operand (add, xchg, max, ...) and writes it back; gives the old value.",
        "getelementptr" => "Computes the address of an array element or struct field from a base pointer and indices, without touching memory.",
        // Conversions.
        "trunc" => "Narrows an integer by dropping its high bits.",
        "zext" => "Widens an integer by filling the new high bits with zeros (unsigned extension).",
        "sext" => "Widens an integer by copying its sign bit into the new high bits (signed extension).",
        "fptrunc" => "Converts a floating-point value to a smaller floating-point type, rounding as needed.",
        "fpext" => "Converts a floating-point value to a larger floating-point type; the value stays exactly the same.",
        "fptoui" => "Converts a floating-point value to an unsigned integer, dropping the fraction; out-of-range values give poison.",
        "fptosi" => "Converts a floating-point value to a signed integer, dropping the fraction; out-of-range values give poison.",
        "uitofp" => "Converts an unsigned integer to floating point, rounding if it cannot be represented exactly.",
        "sitofp" => "Converts a signed integer to floating point, rounding if it cannot be represented exactly.",
        "ptrtoint" => "Turns a pointer into an integer holding its address.",
        "inttoptr" => "Turns an integer into a pointer to that address.",
        "bitcast" => "Reinterprets a value's bits as another type of the same size; no bit changes.",
        "addrspacecast" => "Converts a pointer from one address space to another.",
        // Other instructions.
        "icmp" => "Compares two integers or pointers with a predicate (eq, slt, ugt, ...) and gives an i1.",
        "fcmp" => "Compares two floating-point values with a predicate (oeq, ult, ...) and gives an i1; o/u decide what a NaN yields.",
        "phi" => "Chooses a value according to the block control arrived from; phis sit at the top of their block.",
        "select" => "Chooses one of two values by an i1 condition, without any branching.",
        "freeze" => "Turns undef or poison into some arbitrary but fixed value; any other value passes through unchanged.",
        "call" => "Calls a function, by name or through a pointer, and gives its return value.",
        "va_arg" => "Fetches the next extra argument of a variadic function from a va_list and steps past it.",
        "landingpad" => "The first instruction of an invoke's unwind block: receives the exception in flight (Itanium-style).",
        "catchpad" => "Starts a catch handler that belongs to a catchswitch (Windows-style exceptions).",
        "cleanuppad" => "Starts code that must run while an exception unwinds past, like a destructor (Windows-style).",
        // Integer and pointer flags.
        "nsw" => "No signed wrap: promises the signed result fits in the type; if it does not, the result is poison.",
        "nuw" => "No unsigned wrap: promises the unsigned result fits in the type; if it does not, the result is poison.",
        "exact" => "Promises no nonzero bits are lost: the division leaves no remainder, the shift drops only zeros; else poison.",
        "disjoint" => "On or: promises the operands have no 1 bits in common (so or equals add); else the result is poison.",
        "nneg" => "On zext or uitofp: promises the operand is not negative as a signed number; else the result is poison.",
        "inbounds" => "On getelementptr: promises the address stays within the object the base points into (or just past its end); else poison.",
        "nusw" => "On getelementptr: promises adding the offsets as signed numbers does not wrap the address; else poison.",
        "samesign" => "On icmp: promises both operands have the same sign bit, else poison (newer than LLVM 19: llvm-as-19 rejects it).",
        // Fast-math flags.
        "fast" => "All fast-math flags at once: the optimizer may assume no NaN or infinity, ignore zero signs, regroup, fuse and approximate.",
        "nnan" => "Fast-math: assumes no operand or result is NaN; if one is, the result is poison.",
        "ninf" => "Fast-math: assumes no operand or result is an infinity; if one is, the result is poison.",
        "nsz" => "Fast-math: the sign of a zero does not matter, so +0.0 and -0.0 may be exchanged.",
        "arcp" => "Fast-math: x / y may be computed as x * (1 / y).",
        "contract" => "Fast-math: operations may be fused, e.g. a multiply and an add into one fma with a single rounding.",
        "afn" => "Fast-math: math library functions (sin, pow, ...) may be replaced by faster approximations.",
        "reassoc" => "Fast-math: operations may be regrouped and reordered as if floating point were exact algebra.",
        // Memory access keywords.
        "volatile" => "Marks a memory access that must happen exactly as written: never removed, merged or reordered with other volatile ones.",
        "atomic" => "On load or store: the access happens as one indivisible step, with the memory ordering written after it.",
        "align" => "The alignment in bytes that an address is promised to have (or that memory must be allocated with).",
        // Atomic orderings.
        "unordered" => "Atomic ordering: no tearing, but no ordering guarantee with other accesses.",
        "monotonic" => "Atomic ordering: all threads agree on the order of changes to this one location (C's relaxed).",
        "acquire" => "Atomic ordering: later accesses of this thread cannot move before this one; pairs with a release.",
        "release" => "Atomic ordering: earlier accesses of this thread cannot move after this one; pairs with an acquire.",
        "acq_rel" => "Atomic ordering: both acquire and release, for read-modify-write operations and fences.",
        "seq_cst" => "Atomic ordering: the strongest; all seq_cst operations of all threads happen in one global order.",
        // Constants.
        "poison" => "The value of a broken promise: it spreads through most instructions, and branching or addressing on it is undefined behaviour.",
        "undef" => "An unspecified value that may read differently at each use; freeze pins it to one value.",
        "zeroinitializer" => "A constant of any type whose bits are all zero: zero numbers, null pointers, zero-filled structs and arrays.",
        "null" => "The null pointer constant: address zero, which no object lives at.",
        "true" => "The i1 constant 1; also the fcmp predicate that always gives true.",
        "false" => "The i1 constant 0; also the fcmp predicate that always gives false.",
        // Module structure and linkage.
        "define" => "Starts a function that has its body in this module.",
        "declare" => "Names a function defined somewhere else (the C library, another module): just its signature, no body.",
        "global" => "A module-level variable; its @name is a pointer to its memory, which the program may change.",
        "constant" => "A module-level variable whose contents never change; storing to it is undefined behaviour.",
        "private" => "Linkage: visible only inside this module, and not even listed in the object file's symbol table.",
        "internal" => "Linkage: visible only inside this module, like a C static function or variable.",
        "external" => "Linkage: visible to and usable from other modules; the default for definitions.",
        "type" => "Gives a name (%Name) to a type, usually a struct, so it can be written briefly.",
        "linkonce" => "Linkage: merged with same-named copies at link time, and dropped if unused (C++ inline functions).",
        "linkonce_odr" => "Linkage: like linkonce, and every copy is promised to be equivalent (the one definition rule).",
        "weak" => "Linkage: merged with same-named copies at link time, but kept even if unused here.",
        "weak_odr" => "Linkage: like weak, and every copy is promised to be equivalent (the one definition rule).",
        "common" => "Linkage: a tentative definition, like int x; in C: merged with others, zero-initialized.",
        "appending" => "Linkage: arrays of this name from all linked modules are concatenated (llvm.global_ctors).",
        "extern_weak" => "Linkage: a declaration that may stay unresolved at link time; its address is then null.",
        "available_externally" => "Linkage: a copy for the optimizer to look at; the real definition is in another module.",
        "dso_local" => "Promises the symbol resolves within the same linked unit, so calls need no indirection.",
        "unnamed_addr" => "The address is not significant, only the contents: equal constants may be merged.",
        "hidden" => "Visibility: the symbol is not exported from the shared object it ends up in.",
        "protected" => "Visibility: exported, but uses within its own shared object are never overridden.",
        "attributes" => "Defines an attribute group #N that functions and calls refer to by number.",
        // Calling conventions.
        "ccc" => "Calling convention: the C one, the default; supports varargs.",
        "fastcc" => "Calling convention: as fast as the code generator can make it; caller and callee must agree.",
        "coldcc" => "Calling convention: for rarely called functions; keeps the caller's registers intact.",
        "tailcc" => "Calling convention: guarantees tail calls can be made into jumps.",
        // Parameter and function attributes.
        "noundef" => "Attribute: the value is neither undef nor poison; passing or returning such a value is undefined behaviour.",
        "nonnull" => "Attribute: the pointer is not null; if it is, the value is poison.",
        "noalias" => "Attribute: memory reached through this pointer is not reached through any other during the call.",
        "nocapture" => "Attribute: the callee does not keep a copy of the pointer after it returns.",
        "readonly" => "Attribute: the function (or this pointer argument) only reads memory, never writes it.",
        "writeonly" => "Attribute: the function (or this pointer argument) only writes memory, never reads it.",
        "zeroext" => "Attribute: a small integer argument or result is zero-extended by the caller or callee.",
        "signext" => "Attribute: a small integer argument or result is sign-extended by the caller or callee.",
        "byval" => "Attribute: the pointed-to value is passed by copy; the callee gets its own hidden copy.",
        "sret" => "Attribute: the pointer is where the callee writes its struct result (C's hidden return pointer).",
        "dereferenceable" => "Attribute: that many bytes at the pointer may be read without trapping.",
        "nounwind" => "Attribute: the function never throws an exception (unwinding out of it is undefined behaviour).",
        "noreturn" => "Attribute: the function never returns to its caller (returning is undefined behaviour).",
        "norecurse" => "Attribute: the function never calls itself, directly or indirectly.",
        "willreturn" => "Attribute: the function returns (or unwinds) eventually; running forever is undefined behaviour.",
        "mustprogress" => "Attribute: the function returns, unwinds or does something observable; an empty endless loop is UB.",
        "noinline" => "Attribute: the inliner must never inline this function.",
        "alwaysinline" => "Attribute: the inliner should inline this function wherever it can.",
        "optnone" => "Attribute: LLVM's optimizers leave this function alone (irplay's passes still optimize it).",
        // Calls.
        "tail" => "A hint that the callee does not use the caller's stack frame, so the call may become a plain jump.",
        "musttail" => "The call must reuse the caller's frame (a guaranteed tail call); a ret of its result must follow it.",
        "notail" => "Forbids turning this call into a tail call.",
        // icmp predicates (some shared with fcmp).
        "eq" => "icmp predicate: the operands are equal.",
        "ne" => "icmp predicate: the operands are not equal.",
        "ugt" => "Predicate: icmp unsigned greater than; fcmp greater than or unordered (true if either is NaN).",
        "uge" => "Predicate: icmp unsigned greater or equal; fcmp greater, equal or unordered (true if either is NaN).",
        "ult" => "Predicate: icmp unsigned less than; fcmp less than or unordered (true if either is NaN).",
        "ule" => "Predicate: icmp unsigned less or equal; fcmp less, equal or unordered (true if either is NaN).",
        "sgt" => "icmp predicate: signed greater than.",
        "sge" => "icmp predicate: signed greater than or equal.",
        "slt" => "icmp predicate: signed less than.",
        "sle" => "icmp predicate: signed less than or equal.",
        // fcmp predicates.
        "oeq" => "fcmp predicate: neither is NaN and the operands are equal.",
        "one" => "fcmp predicate: neither is NaN and the operands differ.",
        "olt" => "fcmp predicate: neither is NaN and the first is less than the second.",
        "ole" => "fcmp predicate: neither is NaN and the first is less than or equal to the second.",
        "ogt" => "fcmp predicate: neither is NaN and the first is greater than the second.",
        "oge" => "fcmp predicate: neither is NaN and the first is greater than or equal to the second.",
        "ord" => "fcmp predicate: true when neither operand is NaN.",
        "uno" => "fcmp predicate: true when at least one operand is NaN.",
        "ueq" => "fcmp predicate: either operand is NaN, or they are equal.",
        "une" => "fcmp predicate: either operand is NaN, or they differ (the exact opposite of oeq).",
        // Types.
        "i1" => "A one-bit integer: the type of conditions and comparison results (true or false).",
        "i8" => "An 8-bit integer: a byte, or a C char.",
        "i16" => "A 16-bit integer, like C's short.",
        "i32" => "A 32-bit integer, like C's int; signedness comes from the instructions, not the type.",
        "i64" => "A 64-bit integer, like C's long long (and long on 64-bit Linux).",
        "i128" => "A 128-bit integer.",
        "ptr" => "A pointer: just an address. It has no pointee type; each load, store or GEP says what type it uses.",
        "half" => "A 16-bit IEEE floating-point number (half precision).",
        "bfloat" => "A 16-bit 'brain' floating-point number: float's exponent range with a short fraction.",
        "float" => "A 32-bit IEEE floating-point number (single precision), like C's float.",
        "double" => "A 64-bit IEEE floating-point number (double precision), like C's double.",
        "fp128" => "A 128-bit IEEE floating-point number (quadruple precision).",
        "x86_fp80" => "The 80-bit extended floating-point format of the x87 unit (C's long double on x86).",
        "void" => "No value: the return type of functions that return nothing.",
        "label" => "The type of a basic block, used to name the targets of branches.",
        "metadata" => "Extra information (debug info, hints) attached to the program; it never changes what it computes.",
        "token" => "A value that may only be passed to certain instructions and intrinsics, never stored or selected.",
        _ => return int_type(word),
    };
    Some(s)
}

/// The LangRef's section for an LLVM IR word with a [`summary`], as an anchor of
/// `https://releases.llvm.org/19.1.0/docs/LangRef.html` (from the list in
/// `langref_anchors.txt`).
pub fn langref_anchor(word: &str) -> Option<&'static str> {
    let a =
        match word {
            "trunc" | "zext" | "sext" | "fptrunc" | "fpext" | "fptoui" | "fptosi" | "uitofp"
            | "sitofp" | "ptrtoint" | "inttoptr" | "bitcast" => return conversion_anchor(word),
            "ret" => "ret-instruction",
            "br" => "br-instruction",
            "switch" => "switch-instruction",
            "indirectbr" => "indirectbr-instruction",
            "invoke" => "invoke-instruction",
            "callbr" => "callbr-instruction",
            "resume" => "resume-instruction",
            "unreachable" => "unreachable-instruction",
            "cleanupret" => "cleanupret-instruction",
            "catchret" => "catchret-instruction",
            "catchswitch" => "catchswitch-instruction",
            "fneg" => "fneg-instruction",
            "add" | "nsw" | "nuw" => "add-instruction",
            "fadd" => "fadd-instruction",
            "sub" => "sub-instruction",
            "fsub" => "fsub-instruction",
            "mul" => "mul-instruction",
            "fmul" => "fmul-instruction",
            "udiv" | "exact" => "udiv-instruction",
            "sdiv" => "sdiv-instruction",
            "fdiv" => "fdiv-instruction",
            "urem" => "urem-instruction",
            "srem" => "srem-instruction",
            "frem" => "frem-instruction",
            "shl" => "shl-instruction",
            "lshr" => "lshr-instruction",
            "ashr" => "ashr-instruction",
            "and" => "and-instruction",
            "or" | "disjoint" => "or-instruction",
            "xor" => "xor-instruction",
            "extractelement" => "extractelement-instruction",
            "insertelement" => "insertelement-instruction",
            "shufflevector" => "shufflevector-instruction",
            "extractvalue" => "extractvalue-instruction",
            "insertvalue" => "insertvalue-instruction",
            "alloca" => "alloca-instruction",
            "load" | "align" => "load-instruction",
            "store" => "store-instruction",
            "fence" => "fence-instruction",
            "cmpxchg" => "cmpxchg-instruction",
            "atomicrmw" => "atomicrmw-instruction",
            "getelementptr" | "inbounds" | "nusw" => "getelementptr-instruction",
            "nneg" => "zext-to-instruction",
            // Neither stored LangRef text has a section of its own for these three: the nearest
            // ones (address spaces are described with the pointer type; the pads with the
            // instructions that end them).
            "addrspacecast" => "pointer-type",
            "catchpad" => "catchret-instruction",
            "cleanuppad" => "cleanupret-instruction",
            "icmp" | "samesign" | "eq" | "ne" | "ugt" | "uge" | "ult" | "ule" | "sgt" | "sge"
            | "slt" | "sle" => "icmp-instruction",
            "fcmp" | "oeq" | "one" | "olt" | "ole" | "ogt" | "oge" | "ord" | "uno" | "ueq"
            | "une" => "fcmp-instruction",
            "phi" => "phi-instruction",
            "select" => "select-instruction",
            // The freeze instruction's own section comes after the end of the modern text; the
            // poison section describes what it does.
            "freeze" | "poison" => "poison-values",
            "call" | "tail" | "musttail" | "notail" => "call-instruction",
            "va_arg" => "va-arg-instruction",
            "landingpad" => "landingpad-instruction",
            "fast" | "nnan" | "ninf" | "nsz" | "arcp" | "contract" | "afn" | "reassoc" => {
                "fast-math-flags"
            }
            "volatile" => "volatile-memory-accesses",
            "atomic" | "unordered" | "monotonic" | "acquire" | "release" | "acq_rel"
            | "seq_cst" => "atomic-memory-ordering-constraints",
            "undef" => "undefined-values",
            "zeroinitializer" => "complex-constants",
            "null" => "null-pointer-constants",
            "true" | "false" => "boolean-constants",
            "define" | "declare" => "functions",
            "global" | "constant" | "unnamed_addr" => "global-variables",
            "private"
            | "internal"
            | "external"
            | "linkonce"
            | "linkonce_odr"
            | "weak"
            | "weak_odr"
            | "common"
            | "appending"
            | "extern_weak"
            | "available_externally" => "linkage-types",
            "dso_local" => "runtime-preemption-specifiers",
            "hidden" | "protected" => "visibility-styles",
            "attributes" => "attribute-groups",
            "type" => "structure-types",
            "ccc" | "fastcc" | "coldcc" | "tailcc" => "calling-conventions",
            "noundef" | "nonnull" | "noalias" | "nocapture" | "zeroext" | "signext" | "byval"
            | "sret" | "dereferenceable" => "parameter-attributes",
            "readonly" | "writeonly" | "nounwind" | "noreturn" | "norecurse" | "willreturn"
            | "mustprogress" | "noinline" | "alwaysinline" | "optnone" => "function-attributes",
            "ptr" => "pointer-type",
            "half" | "bfloat" | "float" | "double" | "fp128" | "x86_fp80" => "floating-point-types",
            "void" => "void-type",
            "label" => "label-type",
            "metadata" => "metadata-type",
            "token" => "token-type",
            _ => return int_type(word).map(|_| "integer-type"),
        };
    Some(a)
}

/// The conversions' sections are named `'trunc .. to' Instruction`.
fn conversion_anchor(word: &str) -> Option<&'static str> {
    Some(match word {
        "trunc" => "trunc-to-instruction",
        "zext" => "zext-to-instruction",
        "sext" => "sext-to-instruction",
        "fptrunc" => "fptrunc-to-instruction",
        "fpext" => "fpext-to-instruction",
        "fptoui" => "fptoui-to-instruction",
        "fptosi" => "fptosi-to-instruction",
        "uitofp" => "uitofp-to-instruction",
        "sitofp" => "sitofp-to-instruction",
        "ptrtoint" => "ptrtoint-to-instruction",
        "inttoptr" => "inttoptr-to-instruction",
        "bitcast" => "bitcast-to-instruction",
        _ => return None,
    })
}

/// The address of the LangRef's section for `word`.
pub fn langref_url(word: &str) -> Option<String> {
    langref_anchor(word).map(|a| format!("{LANGREF}#{a}"))
}

/// The LLVM 19 LangRef.
pub const LANGREF: &str = "https://releases.llvm.org/19.1.0/docs/LangRef.html";

/// `n` and the noun, in the singular for one: `1 function`, `2 functions`.
pub fn plural(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `iN` for any other bit width N (1 to 2^23).
fn int_type(word: &str) -> Option<&'static str> {
    let n: u32 = word.strip_prefix('i')?.parse().ok()?;
    let digits_only = word[1..].bytes().all(|b| b.is_ascii_digit()) && !word[1..].starts_with('0');
    (digits_only && (1..=(1 << 23)).contains(&n))
        .then_some("An integer type with that many bits; LLVM allows any width from 1 to 2^23.")
}

#[cfg(test)]
mod tests {
    use super::{langref_anchor, langref_url, plural, summary};
    use irplay_core::ir::Opcode;

    #[test]
    fn every_opcode_has_a_summary() {
        for op in Opcode::ALL {
            assert!(summary(op.name()).is_some(), "no summary for opcode `{}`", op.name());
        }
    }

    const WORDS: &str = "ret br switch indirectbr invoke callbr resume unreachable cleanupret \
        catchret catchswitch fneg add fadd sub fsub mul fmul udiv sdiv fdiv urem srem frem shl \
        lshr ashr and or xor extractelement insertelement shufflevector extractvalue insertvalue \
        alloca load store fence cmpxchg atomicrmw getelementptr trunc zext sext fptrunc fpext \
        fptoui fptosi uitofp sitofp ptrtoint inttoptr bitcast addrspacecast icmp fcmp phi select \
        freeze call va_arg landingpad catchpad cleanuppad \
        nsw nuw exact disjoint nneg inbounds nusw samesign fast nnan ninf nsz arcp contract afn \
        reassoc volatile atomic poison undef zeroinitializer define declare global constant \
        private internal external align tail musttail notail eq ne ugt uge ult ule sgt sge slt \
        sle oeq one olt ole ogt oge ord uno ueq une true false \
        i1 i8 i32 i64 ptr float double half void label \
        linkonce linkonce_odr weak weak_odr common appending extern_weak available_externally \
        dso_local unnamed_addr hidden protected attributes ccc fastcc coldcc tailcc noundef \
        nonnull noalias nocapture readonly writeonly zeroext signext byval sret dereferenceable \
        nounwind noreturn norecurse willreturn mustprogress noinline alwaysinline optnone";

    #[test]
    fn every_listed_word_has_a_summary() {
        for w in WORDS.split_whitespace() {
            assert!(summary(w).is_some(), "no summary for `{w}`");
        }
    }

    #[test]
    fn summaries_are_single_short_lines() {
        for w in WORDS.split_whitespace().chain(["i7", "seq_cst", "type"]) {
            let s = summary(w).unwrap();
            assert!(!s.contains('\n') && !s.trim().is_empty(), "`{w}`: {s:?}");
            assert!(s.len() <= 160, "`{w}` summary is {} bytes long", s.len());
            assert!(s.ends_with('.'), "`{w}`: {s:?}");
        }
    }

    /// Every word of the table has a LangRef section, named in the list extracted from the
    /// LangRef's text, and no word without a summary has one.
    #[test]
    fn every_summary_links_to_a_real_langref_section() {
        let anchors: std::collections::HashSet<&str> = include_str!("langref_anchors.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.starts_with("---") && !l.is_empty())
            .collect();
        assert!(anchors.len() > 200, "{}", anchors.len());
        let ops = Opcode::ALL.iter().map(|o| o.name());
        let words = WORDS.split_whitespace().chain(ops).chain(["i7", "seq_cst", "type", "bfloat"]);
        for w in words.chain(["fp128", "x86_fp80", "metadata", "token", "acq_rel"]) {
            let a = langref_anchor(w).unwrap_or_else(|| panic!("no LangRef section for `{w}`"));
            assert!(anchors.contains(a), "`{w}` links to `{a}`, not a section of the LangRef");
        }
        for w in ["banana", "%x", "i08", ""] {
            assert_eq!(langref_anchor(w), None, "{w}");
        }
        // The table's words and the anchors' words agree both ways.
        for w in ["nsw", "fast", "ccc", "noundef", "linkonce_odr"] {
            assert!(summary(w).is_some() && langref_anchor(w).is_some(), "{w}");
        }
        assert_eq!(
            langref_url("add").as_deref(),
            Some("https://releases.llvm.org/19.1.0/docs/LangRef.html#add-instruction")
        );
    }

    #[test]
    fn plurals() {
        assert_eq!(plural(1, "function"), "1 function");
        assert_eq!(plural(0, "block"), "0 blocks");
        assert_eq!(plural(2, "step"), "2 steps");
    }

    #[test]
    fn other_integer_widths_and_unknown_words() {
        assert!(summary("i7").is_some());
        assert!(summary("i4096").is_some());
        assert_eq!(summary("i"), None);
        assert_eq!(summary("i08"), None);
        assert_eq!(summary("i+8"), None);
        assert_eq!(summary("i99999999"), None);
        assert_eq!(summary("%x"), None);
        assert_eq!(summary("banana"), None);
        assert_eq!(summary(""), None);
    }
}
