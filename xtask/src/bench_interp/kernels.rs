//! The benchmark's C kernels (`benches/kernels/*.c`), their sizes, and
//! compiling them with clang-19 into `target/bench/interp/` (cached).

use crate::util::rel;
use std::collections::hash_map::DefaultHasher;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use super::runs::first_line;

/// Bump when the compile commands change, so cached files are rebuilt.
const RECIPE: &str = "v1";
/// Added to every clang-19 command: `llvm.fmuladd` may be fused by an
/// interpreter but is not by a native x86-64 build; no contraction keeps the
/// floating-point checksums comparable.
pub(crate) const CFLAGS: &[&str] = &["-ffp-contract=off"];

/// A C program in `benches/kernels/NAME.c` whose amount of work is set by
/// one macro. `full` is the C default (sized for ~0.2-2 s of `irplay run` at
/// -O2); `small` does roughly an eighth of the work (--quick, and the equal-work
/// comparison when lli reaches the time limit).
pub(crate) struct Kernel {
    pub(crate) name: &'static str,
    pub(crate) what: &'static str,
    pub(crate) size_macro: &'static str,
    pub(crate) full: u64,
    pub(crate) small: u64,
}

pub(crate) const KERNELS: &[Kernel] = &[
    Kernel {
        name: "arrays",
        what: "integer array loops, stencil, prefix sums, matrix multiply",
        size_macro: "REPS",
        full: 64,
        small: 8,
    },
    Kernel {
        name: "intmath",
        what: "integer arithmetic: gcd, Collatz, modpow, 64-bit division",
        size_macro: "N",
        full: 40000,
        small: 5000,
    },
    Kernel {
        name: "nbody",
        what: "floating point: five-body simulation with sqrt",
        size_macro: "STEPS",
        full: 16000,
        small: 2000,
    },
    Kernel {
        name: "mandel",
        what: "floating point: Mandelbrot iteration counts",
        size_macro: "SIDE",
        full: 300,
        small: 100,
    },
    Kernel {
        name: "fib",
        what: "recursion: fib(n) and tak(18, 12, 6)",
        size_macro: "FIB",
        full: 31,
        small: 27,
    },
    Kernel {
        name: "dispatch",
        what: "indirect calls through a function-pointer table",
        size_macro: "STEPS",
        full: 1_000_000,
        small: 125_000,
    },
    Kernel {
        name: "sort",
        what: "quicksort + insertion sort of malloc'ed ints",
        size_macro: "LEN",
        full: 80000,
        small: 10000,
    },
    Kernel {
        name: "strings",
        what: "C library strings: sprintf, strlen, memcpy, strchr, strcmp, printf",
        size_macro: "LINES",
        full: 30000,
        small: 4000,
    },
];

/// Compiles `benches/kernels/NAME.c` at `size` into `dir`: LLVM IR at
/// `level` (`"O0"`/`"O2"`), or the native program for `level == "native"`
/// (-O2). Reuses the file when its stamp holds the same command and source.
pub(crate) fn compile(
    root: &Path,
    dir: &Path,
    k: &Kernel,
    size: u64,
    level: &str,
    regen: bool,
) -> Result<PathBuf, String> {
    compile_for(root, dir, k, size, level, regen, &[])
}

/// [`compile`] with more clang flags (`--target=aarch64-linux-gnu`).
pub(crate) fn compile_for(
    root: &Path,
    dir: &Path,
    k: &Kernel,
    size: u64,
    level: &str,
    regen: bool,
    flags: &[&str],
) -> Result<PathBuf, String> {
    let src = format!("benches/kernels/{}.c", k.name);
    let text = fs::read(root.join(&src)).map_err(|e| format!("cannot read {src}: {e}"))?;
    let native = level == "native";
    let out = dir.join(if native {
        format!("{}-{size}-native{}", k.name, std::env::consts::EXE_SUFFIX)
    } else {
        format!("{}-{size}-{level}.ll", k.name)
    });
    let out_rel = rel(root, &out);
    let mut args: Vec<String> = vec!["clang-19".into()];
    if native {
        args.push("-O2".into());
    } else {
        args.extend(["-S".into(), "-emit-llvm".into(), format!("-{level}")]);
    }
    args.extend(CFLAGS.iter().chain(flags).map(|s| s.to_string()));
    args.extend([format!("-D{}={size}", k.size_macro), src.clone(), "-o".into(), out_rel.clone()]);
    if native {
        args.push("-lm".into());
    }
    let mut h = DefaultHasher::new();
    text.hash(&mut h);
    let key = format!("{RECIPE} {} | source hash {:016x}", args.join(" "), h.finish());
    let stamp =
        dir.join(format!("{}.stamp", out.file_name().unwrap_or_default().to_string_lossy()));
    if !regen && out.exists() && fs::read_to_string(&stamp).ok().as_deref() == Some(key.as_str()) {
        return Ok(out);
    }
    let _ = fs::remove_file(&stamp);
    // Relative paths, run from the root: no machine paths in the IR.
    let o = Command::new(&args[0])
        .args(&args[1..])
        .current_dir(root)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run clang-19: {e}"))?;
    if !o.status.success() {
        let _ = fs::remove_file(&out);
        return Err(format!("`{}` failed: {}", args.join(" "), first_line(&o.stderr)));
    }
    fs::write(&stamp, key).map_err(|e| e.to_string())?;
    Ok(out)
}

/// Warns when the C default of the size macro is not `full` (the source and
/// this table would describe different programs).
pub(crate) fn check_default(root: &Path, k: &Kernel) {
    let src = root.join(format!("benches/kernels/{}.c", k.name));
    let text = fs::read_to_string(&src).unwrap_or_default();
    let want = format!("#define {} {}", k.size_macro, k.full);
    if !text.lines().any(|l| l.trim() == want) {
        eprintln!("xtask: warning: benches/kernels/{}.c does not `{want}`", k.name);
    }
}

/// The value of `--timeout S`: a positive number of seconds.
pub(crate) fn parse_timeout(v: &str) -> Result<std::time::Duration, String> {
    let s: f64 = v.parse().map_err(|_| format!("bad --timeout value `{v}`"))?;
    if !(s > 0.0 && s.is_finite()) {
        return Err("--timeout must be positive".into());
    }
    Ok(std::time::Duration::from_secs_f64(s))
}

/// The value of `--only K1,K2`: kernel names, each one of [`KERNELS`].
pub(crate) fn parse_only(v: &str) -> Result<Vec<String>, String> {
    let mut only = Vec::new();
    for k in v.split(',').filter(|k| !k.is_empty()) {
        if !KERNELS.iter().any(|x| x.name == k) {
            let names: Vec<_> = KERNELS.iter().map(|x| x.name).collect();
            return Err(format!("unknown kernel `{k}` (have {})", names.join(", ")));
        }
        only.push(k.to_string());
    }
    Ok(only)
}
