//! Native code for another CPU than the host's: the C compiler that links an AArch64
//! executable and `irplay run --engine native --target aarch64`, which builds one in a
//! temporary directory and runs it under `qemu-aarch64` (user mode), or directly on an AArch64
//! host.
//!
//! ```text
//!  Compiled ──▶ object + native_rt.c ──▶ $CC_aarch64 / aarch64-linux-gnu-gcc ──▶ exe
//!  exe ──▶ qemu-aarch64 [-cpu CPU] -L /usr/aarch64-linux-gnu -0 FILE exe ARGS   (x86-64 host)
//!      └─▶ exe ARGS                                                         (AArch64 host)
//! ```
//!
//! The program's standard input, output and error are irplay's, and its exit status is
//! irplay's; a program killed by a signal kills irplay with the same signal (as the in-process
//! x86-64 run does), and qemu's own line about it (`qemu: uncaught target signal ...`) is left
//! out. Missing tools are reported with what to install, status 71 (1 from `irplay build
//! --emit exe`, whose failures all exit 1).
//!
//! Overrides: `$CC_aarch64` (the C compiler that links, which may carry options),
//! `$IRPLAY_QEMU` (the emulator, default `qemu-aarch64`), `$IRPLAY_QEMU_CPU` (or `run
//! --cpu`: the emulated CPU, default qemu's `max`), `$QEMU_LD_PREFIX` (the target's
//! libraries, default `/usr/aarch64-linux-gnu`, read by qemu itself).

use crate::run::Stop;
use irplay_native::Target;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What Debian's apt installs for AArch64 code on another host.
pub const INSTALL: &str = "apt-get install qemu-user gcc-aarch64-linux-gnu";

/// The directory of the AArch64 C library of Debian's cross compiler.
const SYSROOT: &str = "/usr/aarch64-linux-gnu";

/// True on an AArch64 host (its executables run directly).
fn aarch64_host() -> bool {
    cfg!(target_arch = "aarch64")
}

/// The C compiler that links executables for `target` (which may carry options): `$CC` or
/// `cc` for x86-64; `$CC_aarch64`, else `aarch64-linux-gnu-gcc` (`cc` on an AArch64 host)
/// for AArch64. The second value names the environment variable that overrides it.
pub fn linker(target: Target) -> (String, &'static str) {
    let var = match target {
        Target::X64 => "CC",
        Target::Aarch64 => "CC_aarch64",
    };
    let default = match target {
        Target::Aarch64 if !aarch64_host() => "aarch64-linux-gnu-gcc",
        _ => "cc",
    };
    let cc = std::env::var(var).ok().filter(|s| !s.trim().is_empty());
    (cc.unwrap_or_else(|| default.into()), var)
}

/// What to say when the linker `cc` of `target` cannot be run.
pub fn linker_missing(target: Target, cc: &str, var: &str) -> String {
    match target {
        Target::Aarch64 if !aarch64_host() => format!(
            "cannot run the C compiler `{cc}` that links AArch64 executables: install it \
             (`{INSTALL}`), or name another in ${var}"
        ),
        _ => format!("cannot run the C compiler `{cc}` to link (install one, or set {var})"),
    }
}

/// `name` as found on `$PATH` (or itself, when it names a file with a `/`).
fn find_program(name: &str) -> Option<PathBuf> {
    if name.contains('/') {
        let p = PathBuf::from(name);
        return p.is_file().then_some(p);
    }
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file())
}

/// The emulator of an AArch64 executable on this host: `None` on an AArch64 host; else
/// `$IRPLAY_QEMU` or `qemu-aarch64`, which must exist.
fn emulator() -> Result<Option<PathBuf>, String> {
    if aarch64_host() {
        return Ok(None);
    }
    let name = std::env::var("IRPLAY_QEMU")
        .ok()
        .filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| "qemu-aarch64".into());
    match find_program(&name) {
        Some(p) => Ok(Some(p)),
        None => Err(format!(
            "running AArch64 code on this {} host needs the user-mode emulator `{name}`, which \
             was not found: install it (`{INSTALL}`), or name it in $IRPLAY_QEMU",
            std::env::consts::ARCH
        )),
    }
}

/// Checks before any work that the tools to link and run AArch64 code are there; the message
/// says what to install.
pub fn check_tools() -> Result<Option<PathBuf>, String> {
    let qemu = emulator()?;
    let (cc, var) = linker(Target::Aarch64);
    let prog = cc.split_whitespace().next().unwrap_or_default();
    if find_program(prog).is_none() {
        return Err(linker_missing(Target::Aarch64, &cc, var));
    }
    Ok(qemu)
}

/// Runs the AArch64 executable `exe` (under `qemu`, if given) as `program ARGS` with this
/// process's standard input, its stdout and stderr forwarded ([`crate::native_pump`]) up to
/// `max_output` bytes: irplay's status for the run (the program's; 72 with a report at the
/// output limit, the program killed; for a program killed by a signal this process dies of
/// the same), or the status of a failure to start it.
pub fn run_exe(
    qemu: Option<&Path>,
    cpu: Option<&str>,
    exe: &Path,
    inv: &crate::run::Invocation,
    max_output: u64,
) -> Result<u8, u8> {
    let program = inv.program.as_str();
    let mut cmd = match qemu {
        Some(q) => {
            let mut c = Command::new(q);
            let cpu = cpu
                .map(str::to_string)
                .or_else(|| std::env::var("IRPLAY_QEMU_CPU").ok().filter(|s| !s.trim().is_empty()));
            if let Some(cpu) = cpu {
                c.arg("-cpu").arg(cpu);
            }
            // qemu hands the program its own environment, which is the program's alone
            // (below): the prefix is given as an option.
            let prefix = std::env::var_os("QEMU_LD_PREFIX").filter(|p| !p.is_empty());
            c.arg("-L").arg(prefix.unwrap_or_else(|| SYSROOT.into()));
            c.arg("-0").arg(program).arg(exe);
            c
        }
        None => {
            // argv[0] is the file's name, as in process; the executable is `exe`.
            let mut c = Command::new(exe);
            #[cfg(unix)]
            {
                use std::os::unix::process::CommandExt as _;
                c.arg0(program);
            }
            c
        }
    };
    cmd.args(&inv.args);
    // The program's environment is the run's alone, in the order every engine gives it; qemu
    // hands over its own in the reverse order, so it gets the entries last first.
    let mut env: Vec<&str> = inv.env.iter().map(String::as_str).collect();
    if qemu.is_some() {
        env.reverse();
    }
    set_environment(&mut cmd, &env)?;
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    no_core_files();
    spawn_pumped(cmd, max_output)
}

/// Makes `env` (`NAME=VALUE` entries) the whole environment of `cmd`'s process, in this order
/// (`Command::env` would sort it).
#[cfg(unix)]
fn set_environment(cmd: &mut Command, env: &[&str]) -> Result<(), u8> {
    use std::os::unix::process::CommandExt as _;
    let mut block: Vec<*mut std::ffi::c_char> = Vec::with_capacity(env.len() + 1);
    for e in env {
        match std::ffi::CString::new(*e) {
            Ok(s) => block.push(s.into_raw()),
            Err(_) => {
                eprintln!("error: environment entry {e:?} contains a NUL byte");
                return Err(Stop::ERROR);
            }
        }
    }
    block.push(std::ptr::null_mut());
    // Kept to the end of the process (it is made once, for the one run).
    let at = block.leak().as_ptr() as usize;
    // SAFETY: runs in the child between `fork` and `exec`, where it only sets `environ`
    // (async-signal-safe), which `exec` then hands to the program; the array is never freed.
    unsafe {
        cmd.pre_exec(move || {
            libc::environ = at as *mut *mut std::ffi::c_char;
            Ok(())
        });
    }
    Ok(())
}

/// Makes `env` (`NAME=VALUE` entries) the whole environment of `cmd`'s process.
#[cfg(not(unix))]
fn set_environment(cmd: &mut Command, env: &[&str]) -> Result<(), u8> {
    cmd.env_clear();
    cmd.envs(env.iter().filter_map(|e| e.split_once('=')));
    Ok(())
}

/// Spawns `cmd` with its stdout and stderr in pipes this process forwards.
#[cfg(unix)]
fn spawn_pumped(mut cmd: Command, max_output: u64) -> Result<u8, u8> {
    use crate::native_pump::{pipes, pump, Pumped, Stream};
    use std::os::fd::FromRawFd as _;
    let ((out_r, out_w), err) = pipes().map_err(|e| {
        eprintln!("error: cannot make a pipe: {e}");
        Stop::ERROR
    })?;
    // SAFETY: the write ends are this process's own descriptors, each given to one Stdio (the
    // stdout pipe's twice when stderr shares it: a duplicate for the second).
    let (so, se) = unsafe {
        let se = match err {
            Some((_, w)) => Stdio::from_raw_fd(w),
            None => Stdio::from_raw_fd(libc::dup(out_w)),
        };
        (Stdio::from_raw_fd(out_w), se)
    };
    cmd.stdin(Stdio::inherit()).stdout(so).stderr(se);
    let spawned = cmd.spawn();
    // The parent's copies of the write ends are closed with `cmd`.
    drop(cmd);
    let mut child = match spawned {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: cannot run the program: {e}");
            return Err(Stop::ERROR);
        }
    };
    let mut streams = vec![Stream::new(out_r, 1, err.is_none())];
    if let Some((r, _)) = err {
        streams.push(Stream::new(r, 2, true));
    }
    let pumped = pump(&mut streams, max_output);
    if pumped != Pumped::Done {
        let _ = child.kill();
    }
    let status = child.wait().map_err(|e| {
        eprintln!("error: waiting for the program: {e}");
        Stop::ERROR
    })?;
    Ok(match pumped {
        Pumped::Limit => crate::native_pump::limit_reached(max_output),
        Pumped::Closed => crate::native_pump::die_of(libc::SIGPIPE),
        Pumped::Done => self::status(status),
    })
}

#[cfg(not(unix))]
fn spawn_pumped(mut cmd: Command, _: u64) -> Result<u8, u8> {
    cmd.stdin(Stdio::inherit()).stdout(Stdio::inherit()).stderr(Stdio::inherit());
    match cmd.status() {
        Ok(s) => Ok(status(s)),
        Err(e) => {
            eprintln!("error: cannot run the program: {e}");
            Err(Stop::ERROR)
        }
    }
}

/// The program's exit status as irplay's; for a program killed by a signal, this process
/// dies of the same signal.
pub fn status(status: std::process::ExitStatus) -> u8 {
    match status.code() {
        Some(code) => (code & 0xff) as u8,
        None => die_like(status),
    }
}

/// Ends this process with the signal that ended the program (status 128 + signal if it
/// survives it).
#[cfg(unix)]
fn die_like(status: std::process::ExitStatus) -> u8 {
    use std::os::unix::process::ExitStatusExt as _;
    let Some(sig) = status.signal() else { return Stop::ERROR };
    crate::native_pump::die_of(sig)
}

/// No core files of this process or its children: qemu writes one of its own (into the
/// working directory) for a program that dies of a signal such as `abort`'s, and irplay,
/// dying of the same signal, would write another.
#[cfg(unix)]
fn no_core_files() {
    let none = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: sets a resource limit of this process from a valid struct.
    unsafe { libc::setrlimit(libc::RLIMIT_CORE, &none) };
}

#[cfg(not(unix))]
fn no_core_files() {}

#[cfg(not(unix))]
fn die_like(_: std::process::ExitStatus) -> u8 {
    Stop::ERROR
}

#[cfg(test)]
mod tests {
    use super::*;
    use irplay_core::diag::{SourceFile, Span};
    use irplay_native::{Compiled, FuncInfo, Section, Symbol};

    const SOURCE: &str = "define i32 @main() {\n  %v = load i32, ptr null\n  ret i32 42\n}\n";

    /// A hand-made AArch64 `main` of `words` (little-endian instruction words), with the
    /// code from offset `load` on at the IR's `load` line.
    fn object(words: &[u32], load: u32) -> Compiled {
        let text: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let at = |line: &str| {
            let start = SOURCE.find(line).unwrap_or(0) as u32;
            Span::new(start, start + line.len() as u32)
        };
        let len = text.len() as u32;
        Compiled {
            text,
            data_align: 1,
            symbols: vec![Symbol {
                name: "main".into(),
                def: Some((Section::Text, 0, len)),
                func: true,
                global: true,
            }],
            funcs: vec![FuncInfo {
                name: "main".into(),
                sym: 0,
                start: 0,
                end: len,
                span: at("define i32 @main()"),
            }],
            locs: vec![(load, at("%v = load i32, ptr null"))],
            main: Some(0),
            target: Target::Aarch64,
            ..Compiled::default()
        }
    }

    /// Links `c` as `--emit exe` does and runs it under qemu: status and stderr.
    fn link_and_run(c: &Compiled, name: &str) -> (Option<i32>, String) {
        let dir = std::env::temp_dir().join(format!("irplay-cross-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch directory");
        // `link` works in a directory named after the process and the executable.
        let exe = dir.join(format!("program-{name}"));
        let obj = irplay_native::object::write_elf_exe(c).expect("writes the object");
        let rt = crate::native_faults::runtime_c(c, &SourceFile::new("m.ll", SOURCE), None, false);
        let linked = crate::native_host::link(Target::Aarch64, &obj, &rt, &exe, false);
        assert_eq!(linked, 0, "linking with aarch64-linux-gnu-gcc failed");
        let qemu = emulator().expect("qemu-aarch64 (scripts/setup-test-deps.sh installs it)");
        let mut cmd = match &qemu {
            Some(q) => {
                let mut c = Command::new(q);
                c.args(["-L", SYSROOT]).arg(&exe);
                c
            }
            None => Command::new(&exe),
        };
        let out = cmd.output().expect("runs the program");
        let _ = std::fs::remove_dir_all(&dir);
        (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
    }

    /// A fault inside a C library function that calls nothing (`strlen` of a null pointer) is
    /// reported at the `bl` of the generated code, found through the link register.
    #[test]
    fn an_aarch64_fault_in_the_c_library_is_reported_at_the_call() {
        use irplay_native::{Reloc, RelocKind};
        // mov x0, #0; bl strlen; ret (never reached)
        let mut c = object(&[0xd280_0000, 0x9400_0000, 0xd65f_03c0], 4);
        c.symbols.push(Symbol { name: "strlen".into(), def: None, func: true, global: true });
        c.relocs.push(Reloc {
            section: Section::Text,
            offset: 4,
            kind: RelocKind::Call26,
            sym: 1,
            addend: 0,
        });
        let (code, err) = link_and_run(&c, "libc");
        assert_eq!(code, Some(70), "{err}");
        assert_eq!(
            err,
            "undefined behavior: out of bounds memory access (in a function of the C library)\n  \
             at m.ll:2:3 (in @main)\n      %v = load i32, ptr null\n"
        );
    }

    /// An AArch64 object of irplay's writer links with the AArch64 fault runtime and runs.
    #[test]
    fn an_aarch64_executable_runs() {
        // mov w0, #42; ret
        let c = object(&[0x5280_0540, 0xd65f_03c0], 0);
        assert_eq!(link_and_run(&c, "ok"), (Some(42), String::new()));
    }

    /// The fault runtime reads the AArch64 signal context: a load from address 0 is reported
    /// at its IR line, status 70.
    #[test]
    fn an_aarch64_fault_is_reported_at_its_ir_line() {
        // mov x1, #0; ldr w0, [x1]; ret
        let c = object(&[0xd280_0001, 0xb940_0020, 0xd65f_03c0], 4);
        let (code, err) = link_and_run(&c, "fault");
        assert_eq!(code, Some(70), "{err}");
        assert_eq!(
            err,
            "undefined behavior: out of bounds memory access\n  at m.ll:2:3 (in @main)\n      \
             %v = load i32, ptr null\n"
        );
    }
}
