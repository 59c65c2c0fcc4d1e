//! The external functions the interpreter implements, as an enum: a declared function's name
//! is matched once (the interpreter caches the result per function), and each call then
//! dispatches on the enum instead of comparing names.

use crate::ir::Intrinsic;

macro_rules! lib_fns {
    ($($v:ident = $($n:literal)|+;)*) => {
        /// An external function: a C library function (several names for one behaviour share a
        /// variant), a group of intrinsics, an exception-handling entry point, or none known.
        #[derive(Copy, Clone, Debug, PartialEq, Eq)]
        pub enum LibFn {
            $(#[doc = concat!($("`", $n, "` "),+)] $v,)*
            /// An `llvm.*` intrinsic other than the memory ones below.
            Intrinsic,
            /// `llvm.memcpy.*` and `llvm.memcpy.inline.*`.
            IntrMemcpy,
            /// `llvm.memmove.*`.
            IntrMemmove,
            /// `llvm.memset.*` and `llvm.memset.inline.*`.
            IntrMemset,
            /// `__cxa_throw`.
            CxaThrow,
            /// `_Unwind_Resume`.
            UnwindResume,
            /// `__cxa_rethrow`.
            CxaRethrow,
            /// Not a function the interpreter implements.
            Unknown,
        }

        impl LibFn {
            /// The C library function (or math function) of this name.
            fn from_libc_name(name: &str) -> LibFn {
                match name {
                    $($($n)|+ => LibFn::$v,)*
                    _ => LibFn::Unknown,
                }
            }
        }
    };
}

lib_fns! {
    Printf = "printf";
    Vprintf = "vprintf";
    Fprintf = "fprintf";
    Vfprintf = "vfprintf";
    Sprintf = "sprintf";
    Vsprintf = "vsprintf";
    Snprintf = "snprintf";
    Vsnprintf = "vsnprintf";
    Puts = "puts";
    Putchar = "putchar";
    Fputc = "putc" | "fputc" | "_IO_putc";
    Fputs = "fputs";
    Fwrite = "fwrite";
    Fflush = "fflush" | "setbuf" | "setvbuf";
    Getchar = "getchar";
    Fgetc = "getc" | "fgetc" | "_IO_getc";
    Ungetc = "ungetc";
    Fgets = "fgets";
    Scanf = "scanf" | "__isoc99_scanf" | "__isoc23_scanf";
    Sscanf = "sscanf" | "__isoc99_sscanf" | "__isoc23_sscanf";
    Fscanf = "fscanf" | "__isoc99_fscanf" | "__isoc23_fscanf";
    Malloc = "malloc";
    Calloc = "calloc";
    AlignedAlloc = "aligned_alloc" | "memalign";
    PosixMemalign = "posix_memalign";
    Free = "free" | "_ZdlPv" | "_ZdaPv" | "_ZdlPvm" | "_ZdaPvm";
    New = "_Znwm" | "_Znam";
    Getenv = "getenv" | "secure_getenv";
    Isatty = "isatty";
    Sleep = "sleep" | "usleep" | "nanosleep";
    Write = "write";
    Perror = "perror";
    Strspn = "strspn";
    Strcspn = "strcspn";
    Strpbrk = "strpbrk";
    Strtok = "strtok";
    Realloc = "realloc";
    Memcpy = "memcpy";
    Memmove = "memmove";
    Memset = "memset";
    Memcmp = "memcmp";
    Bcmp = "bcmp";
    Memchr = "memchr";
    Strlen = "strlen";
    Strnlen = "strnlen";
    Strcmp = "strcmp";
    Strncmp = "strncmp";
    Strcasecmp = "strcasecmp";
    Strncasecmp = "strncasecmp";
    Strcpy = "strcpy";
    Stpcpy = "stpcpy";
    Strncpy = "strncpy";
    Strcat = "strcat";
    Strncat = "strncat";
    Strchr = "strchr";
    Strrchr = "strrchr";
    Strstr = "strstr";
    Strdup = "strdup";
    Strndup = "strndup";
    Atoi = "atoi";
    Atol = "atol" | "atoll";
    Strtol = "strtol" | "strtoll" | "strtoimax";
    Strtoul = "strtoul" | "strtoull" | "strtoumax";
    Atof = "atof";
    Strtod = "strtod";
    Strtof = "strtof";
    Abs = "abs";
    Labs = "labs" | "llabs" | "imaxabs";
    Toupper = "toupper";
    Tolower = "tolower";
    Isdigit = "isdigit";
    Isalpha = "isalpha";
    Isalnum = "isalnum";
    Isspace = "isspace";
    Isupper = "isupper";
    Islower = "islower";
    Isxdigit = "isxdigit";
    Isprint = "isprint";
    Ispunct = "ispunct";
    Iscntrl = "iscntrl";
    Isgraph = "isgraph";
    Isblank = "isblank";
    Rand = "rand";
    Srand = "srand";
    Time = "time";
    Clock = "clock";
    Exit = "exit" | "_exit" | "_Exit";
    Abort = "abort";
    AssertFail = "__assert_fail";
    Atexit = "atexit";
    ErrnoLocation = "__errno_location";
    CtypeB = "__ctype_b_loc";
    CtypeToupper = "__ctype_toupper_loc";
    CtypeTolower = "__ctype_tolower_loc";
    CxaAllocateException = "__cxa_allocate_exception";
    CxaFreeException = "__cxa_free_exception" | "__cxa_end_catch";
    CxaBeginCatch = "__cxa_begin_catch" | "__cxa_get_exception_ptr";
    Terminate = "_ZSt9terminatev" | "__cxa_call_unexpected" | "__cxa_pure_virtual";
    Qsort = "qsort";
    Bsearch = "bsearch";
    Sqrt = "sqrt";
    Sqrtf = "sqrtf";
    Fabs = "fabs";
    Fabsf = "fabsf";
    Sin = "sin";
    Cos = "cos";
    Tan = "tan";
    Asin = "asin";
    Acos = "acos";
    Atan = "atan";
    Atan2 = "atan2";
    Sinh = "sinh";
    Cosh = "cosh";
    Tanh = "tanh";
    Exp = "exp";
    Exp2 = "exp2";
    Exp10 = "exp10";
    Log = "log";
    Log2 = "log2";
    Log10 = "log10";
    Log1p = "log1p";
    Expm1 = "expm1";
    Cbrt = "cbrt";
    Pow = "pow";
    Hypot = "hypot";
    Fmod = "fmod";
    Fma = "fma";
    Floor = "floor";
    Ceil = "ceil";
    Trunc = "trunc";
    Round = "round";
    Rint = "rint" | "nearbyint";
    Fmin = "fmin";
    Fmax = "fmax";
    Ldexp = "ldexp";
    Sinf = "sinf";
    Cosf = "cosf";
    Tanf = "tanf";
    Atanf = "atanf";
    Expf = "expf";
    Exp2f = "exp2f";
    Exp10f = "exp10f";
    Logf = "logf";
    Log2f = "log2f";
    Log10f = "log10f";
    Powf = "powf";
    Atan2f = "atan2f";
    Fmodf = "fmodf";
    Fmaf = "fmaf";
    Fminf = "fminf";
    Fmaxf = "fmaxf";
    Floorf = "floorf";
    Ceilf = "ceilf";
    Roundf = "roundf";
    Truncf = "truncf";
    Lround = "lround" | "llround";
}

impl LibFn {
    /// The `<ctype.h>` class bit of an `isalpha`-style function (see `runtime::ctype::bit`).
    pub fn ctype_bit(self) -> Option<u16> {
        use super::ctype::bit;
        Some(match self {
            LibFn::Isupper => bit::UPPER,
            LibFn::Islower => bit::LOWER,
            LibFn::Isalpha => bit::ALPHA,
            LibFn::Isdigit => bit::DIGIT,
            LibFn::Isxdigit => bit::XDIGIT,
            LibFn::Isspace => bit::SPACE,
            LibFn::Isprint => bit::PRINT,
            LibFn::Isgraph => bit::GRAPH,
            LibFn::Isblank => bit::BLANK,
            LibFn::Iscntrl => bit::CNTRL,
            LibFn::Ispunct => bit::PUNCT,
            LibFn::Isalnum => bit::ALNUM,
            _ => return None,
        })
    }

    /// The function a declared function named `name` is; `intrinsic` is its family in the
    /// intrinsic table (`Memcpy` for `llvm.memcpy.p0.p0.i64`).
    pub fn resolve(name: &str, intrinsic: Option<Intrinsic>) -> LibFn {
        if name.starts_with("llvm.") {
            return match intrinsic {
                Some(Intrinsic::Memcpy | Intrinsic::MemcpyInline) => LibFn::IntrMemcpy,
                Some(Intrinsic::Memmove) => LibFn::IntrMemmove,
                Some(Intrinsic::Memset | Intrinsic::MemsetInline) => LibFn::IntrMemset,
                _ => LibFn::Intrinsic,
            };
        }
        match name {
            "__cxa_throw" => LibFn::CxaThrow,
            "_Unwind_Resume" => LibFn::UnwindResume,
            "__cxa_rethrow" => LibFn::CxaRethrow,
            _ => LibFn::from_libc_name(name),
        }
    }

    /// True when the function works on scalar arguments alone (each one's slot) and returns
    /// a scalar or nothing, without calling back into IR or unwinding: it may be called with
    /// its arguments straight from the caller's registers (`libc::call_slots`).
    pub fn on_slots(self) -> bool {
        !matches!(
            self,
            LibFn::Printf
                | LibFn::Scanf
                | LibFn::Sscanf
                | LibFn::Fscanf
                | LibFn::Vprintf
                | LibFn::Fprintf
                | LibFn::Vfprintf
                | LibFn::Sprintf
                | LibFn::Vsprintf
                | LibFn::Snprintf
                | LibFn::Vsnprintf
                | LibFn::Qsort
                | LibFn::Bsearch
                | LibFn::Intrinsic
                | LibFn::CxaThrow
                | LibFn::UnwindResume
                | LibFn::CxaRethrow
                | LibFn::Unknown
        )
    }

    /// True for the functions whose third argument is a length that `mem_copy`/`mem_set`
    /// check as a whole value (any poison or undef part of it is reported).
    pub fn has_len(self) -> bool {
        matches!(
            self,
            LibFn::Memcpy
                | LibFn::Memmove
                | LibFn::Memset
                | LibFn::IntrMemcpy
                | LibFn::IntrMemmove
                | LibFn::IntrMemset
        )
    }
}

#[cfg(test)]
mod tests {
    use super::LibFn;
    use crate::ir::Intrinsic;

    #[test]
    fn names_resolve_once_to_their_function() {
        let r = |n: &str| LibFn::resolve(n, Intrinsic::resolve(n));
        assert_eq!(r("strlen"), LibFn::Strlen);
        assert_eq!(r("_ZdlPvm"), LibFn::Free);
        assert_eq!(r("llvm.memcpy.p0.p0.i64"), LibFn::IntrMemcpy);
        assert_eq!(r("llvm.memset.inline.p0.i64"), LibFn::IntrMemset);
        assert_eq!(r("llvm.smax.i32"), LibFn::Intrinsic);
        assert_eq!(r("llvm.foo"), LibFn::Intrinsic);
        assert_eq!(r("__cxa_throw"), LibFn::CxaThrow);
        assert_eq!(r("fopen"), LibFn::Unknown);
        assert!(LibFn::Strcmp.on_slots() && !LibFn::Printf.on_slots() && !LibFn::Qsort.on_slots());
    }
}
