//! The native host: `irplay build --target x86_64|aarch64` (an ELF object, an executable
//! linked by the target's C compiler, an assembly listing, or the low form) and `irplay run
//! --engine native` (code for the host's CPU on x86-64 and AArch64 Linux: compile in process
//! and run at once, see `native_run.rs`; AArch64 code on another host: build an executable and
//! run it under qemu, see `native_cross.rs`).
//!
//! Exit status of a run: the program's own (`main`'s return value or `exit`'s argument, mod
//! 256); 70 for a fault of the generated code (only undefined behaviour causes one: an
//! out-of-bounds access, division by zero, `unreachable`), with a report at the IR
//! instruction; 71 for a stack overflow, a construct the code generator does not support or
//! a function the C library does not have, and when a tool the run needs (`qemu-aarch64`, the
//! cross C compiler) is missing; 134 for `abort`; 1 for an invalid module. A run keeps the
//! limits of `irplay run` (code compiled with `irplay_native::lower_with_limits`, budgets
//! written into its counters): 124 at the step limit, 71 at the depth limit, null from
//! `malloc` at the memory limit (`native_limits.rs`, `native_rt.c`), 72 at the output limit
//! (`native_pump.rs`).
//!
//! An executable (`--emit exe`) reports a fault the same way: its object marks the start of
//! its text (`write_elf_exe`) and is linked, in the same `cc` command, with a small C runtime
//! generated for it (`native_faults::runtime_c`: the fault handlers and the program's table
//! of report tails). An object (`--emit obj`) is the plain code, without the runtime.

use crate::run::{Limits, Stop};
use crate::Timings;
use irplay_core::diag::{render, Diagnostic, SourceFile};
use irplay_native::{CompileError, Compiled, Target};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// What `irplay build --target x86_64|aarch64` writes.
#[derive(Copy, Clone, PartialEq, Eq)]
pub enum Emit {
    /// An ELF relocatable object.
    Obj,
    /// An executable (the object linked by the C compiler).
    Exe,
    /// The assembly listing.
    Asm,
    /// The low form.
    Low,
}

/// Prints a compile error as a diagnostic at its position.
fn report(e: &CompileError, file: &SourceFile) {
    let (span, message) = e.span_message();
    eprint!("{}", render(&Diagnostic::error(span, message), file));
}

/// Lowers and compiles a checked module (timing both), reporting unsupported constructs with
/// their position.
fn compile(
    file: &SourceFile,
    module: &irplay_core::ir::Module,
    target: Target,
    listing: bool,
    limits: Option<&Limits>,
    t: &mut Timings,
) -> Result<Compiled, u8> {
    let opts = irplay_native::Options { listing };
    let lower = || irplay_native::lower_with_limits(module, target, &opts, limits.is_some());
    let low = t.time("lower", lower).map_err(|e| {
        report(&CompileError::Lower(e), file);
        Stop::ERROR
    })?;
    let compiled = t.time("codegen", || irplay_native::compile(&low, target, &opts));
    // Not freed piece by piece: the process ends soon.
    std::mem::forget(low);
    let mut compiled = compiled.map_err(|e| {
        report(&CompileError::Native(e), file);
        Stop::ERROR
    })?;
    if let Some(l) = limits {
        compiled.set_budgets(l.max_steps, u64::from(l.max_stack_depth));
    }
    Ok(compiled)
}

/// `irplay build --target x86_64|aarch64 FILE -o OUT [--emit obj|exe|asm|low]`.
pub fn build(
    file: &SourceFile,
    module: &irplay_core::ir::Module,
    target: Target,
    out: &Path,
    emit: Emit,
    t: &mut Timings,
) -> u8 {
    build_with(file, module, target, out, emit, None, t)
}

/// [`build`], with `limits` kept by the code and the runtime of an executable (for `run
/// --engine native --target aarch64`).
fn build_with(
    file: &SourceFile,
    module: &irplay_core::ir::Module,
    target: Target,
    out: &Path,
    emit: Emit,
    limits: Option<&Limits>,
    t: &mut Timings,
) -> u8 {
    if emit == Emit::Low {
        return match t.time("lower", || irplay_native::lower(module, target)) {
            Ok(low) => write_out(out, irplay_core::lower::print::print_module(&low).as_bytes()),
            Err(e) => {
                report(&CompileError::Lower(e), file);
                Stop::ERROR
            }
        };
    }
    if emit == Emit::Exe && out.as_os_str() == "-" {
        eprintln!("irplay: error: --emit exe writes a file: name it with -o");
        return Stop::INVALID;
    }
    let c = match compile(file, module, target, emit == Emit::Asm, limits, t) {
        Ok(c) => c,
        Err(code) => return code,
    };
    if emit == Emit::Asm {
        let text =
            t.time("listing", || irplay_native::listing::listing(&c, file.text(), file.name()));
        return write_out(out, text.as_bytes());
    }
    let write = if emit == Emit::Exe {
        irplay_native::object::write_elf_exe
    } else {
        irplay_native::object::write_elf
    };
    let obj = match t.time("object write", || write(&c)) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return Stop::ERROR;
        }
    };
    match emit {
        Emit::Exe => {
            let line_buffered = limits.is_some() && stdout_is_terminal();
            let rt = t.time("fault table", || {
                crate::native_faults::runtime_c(&c, file, limits, line_buffered)
            });
            t.time("link", || link(target, &obj, &rt, out, uses_cxx(&c)))
        }
        _ => write_out(out, &obj),
    }
}

fn write_out(out: &Path, data: &[u8]) -> u8 {
    let written = if out.as_os_str() == "-" {
        std::io::stdout().lock().write_all(data)
    } else {
        std::fs::write(out, data)
    };
    if let Err(e) = written {
        eprintln!("{}: error: cannot write file: {e}", out.display());
        return 1;
    }
    0
}

/// A directory removed with its files when dropped.
struct TempDir(PathBuf);

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// True if `c` uses the C++ runtime (exceptions, type information).
fn uses_cxx(c: &Compiled) -> bool {
    c.symbols.iter().any(|s| {
        s.def.is_none() && ["_Z", "__cxa_", "__gxx_"].iter().any(|p| s.name.starts_with(p))
    })
}

/// Links the object `obj` and the C runtime `rt` (source text) into the executable `out`
/// with the target's C compiler (`native_cross::linker`: `$CC`, which may carry options, else
/// `cc`, for x86-64) and the math library (and the C++ runtime with `cxx`). Both are written
/// to a temporary directory first.
pub(crate) fn link(target: Target, obj: &[u8], rt: &str, out: &Path, cxx: bool) -> u8 {
    let stem = out.file_name().map_or("out".into(), |n| n.to_string_lossy().into_owned());
    let dir = TempDir(std::env::temp_dir().join(format!("irplay-{}-{stem}", std::process::id())));
    let (obj_path, rt_path) = (dir.0.join(format!("{stem}.o")), dir.0.join("irplay-rt.c"));
    let written = std::fs::create_dir_all(&dir.0)
        .and_then(|()| std::fs::write(&obj_path, obj))
        .and_then(|()| std::fs::write(&rt_path, rt));
    if let Err(e) = written {
        eprintln!("{}: error: cannot write the object: {e}", dir.0.display());
        return Stop::ERROR;
    }
    let (cc, var) = crate::native_cross::linker(target);
    let mut words = cc.split_whitespace();
    let Some(prog) = words.next() else { return Stop::ERROR };
    let mut cmd = std::process::Command::new(prog);
    cmd.args(words).arg(&obj_path).arg(&rt_path).arg("-o").arg(out).arg("-lm");
    if cxx {
        cmd.arg("-lstdc++");
    }
    match cmd.output() {
        Ok(o) if o.status.success() => {
            let _ = std::io::stderr().write_all(&o.stderr);
            0
        }
        Ok(o) => {
            eprintln!("error: linking with `{cc}` failed ({}):", o.status);
            let _ = std::io::stderr().write_all(&o.stderr);
            Stop::ERROR
        }
        Err(e) => {
            eprintln!("error: {}: {e}", crate::native_cross::linker_missing(target, &cc, var));
            Stop::ERROR
        }
    }
}

/// The native target of this host (the default of `run --engine native`).
pub fn host_target() -> Target {
    if cfg!(target_arch = "aarch64") {
        Target::Aarch64
    } else {
        Target::X64
    }
}

/// How `irplay run --engine native` runs: the target, for AArch64 under qemu the CPU, and
/// the limits the run keeps.
pub struct RunHow {
    pub target: Target,
    pub cpu: Option<String>,
    pub limits: Limits,
}

#[cfg(unix)]
fn stdout_is_terminal() -> bool {
    crate::native_pump::stdout_is_terminal()
}
#[cfg(not(unix))]
fn stdout_is_terminal() -> bool {
    false
}

/// `irplay run --engine native [--target T] FILE [-- ARGS]`: on success the process ends
/// inside (with the program's status); the status of a failure before the run otherwise.
pub fn run(
    file: &SourceFile,
    module: &irplay_core::ir::Module,
    how: &RunHow,
    inv: &crate::run::Invocation,
) -> u8 {
    // AArch64 code on an AArch64 Linux host runs in process, as x86-64 code on an x86-64 one.
    let a64_host = cfg!(all(target_os = "linux", target_arch = "aarch64"));
    if how.target == Target::Aarch64 && !a64_host {
        return run_aarch64(file, module, how, inv);
    }
    if how.target == Target::X64 && !cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        eprintln!(
            "irplay: error: --engine native runs x86-64 code on an x86-64 Linux host, and this \
             host is {}-{}; build an executable with `irplay build --target x86_64 --emit exe` \
             and run it on such a machine",
            std::env::consts::ARCH,
            std::env::consts::OS
        );
        return Stop::ERROR;
    }
    let limits = Some(&how.limits);
    let c = match compile(file, module, how.target, false, limits, &mut Timings::default()) {
        Ok(c) => c,
        Err(code) => return code,
    };
    run_compiled(&c, file, inv, &how.limits)
}

/// AArch64: an executable built in a temporary directory (`--emit exe`), run under qemu (or
/// directly on an AArch64 host) by `native_cross::run_exe`.
fn run_aarch64(
    file: &SourceFile,
    module: &irplay_core::ir::Module,
    how: &RunHow,
    inv: &crate::run::Invocation,
) -> u8 {
    let cpu = how.cpu.as_deref();
    let qemu = match crate::native_cross::check_tools() {
        Ok(q) => q,
        Err(e) => {
            eprintln!("irplay: error: {e}");
            return Stop::ERROR;
        }
    };
    let dir = TempDir(std::env::temp_dir().join(format!("irplay-run-{}-a64", std::process::id())));
    if let Err(e) = std::fs::create_dir_all(&dir.0) {
        eprintln!("{}: error: cannot create a directory: {e}", dir.0.display());
        return Stop::ERROR;
    }
    let exe = dir.0.join("program");
    let limits = Some(&how.limits);
    let built =
        build_with(file, module, Target::Aarch64, &exe, Emit::Exe, limits, &mut Timings::default());
    if built != 0 {
        return built;
    }
    let ended =
        crate::native_cross::run_exe(qemu.as_deref(), cpu, &exe, inv, how.limits.max_output);
    drop(dir);
    ended.unwrap_or_else(|code| code)
}

#[cfg(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64")))]
fn run_compiled(
    c: &Compiled,
    file: &SourceFile,
    inv: &crate::run::Invocation,
    limits: &Limits,
) -> u8 {
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    crate::native_run::run(c, file, inv, Some(limits))
}

#[cfg(not(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64"))))]
fn run_compiled(_: &Compiled, _: &SourceFile, _: &crate::run::Invocation, _: &Limits) -> u8 {
    Stop::ERROR
}
