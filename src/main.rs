//! The `irplay` command-line tool: check, format (and later run, optimize, compile, serve)
//! LLVM IR files. It does files and processes; all IR work goes through `irplay-core`.

mod bitcode_io;
mod cli;
mod debug;
mod native_cross;
mod native_faults;
mod native_host;
#[cfg(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64")))]
mod native_limits;
#[cfg(unix)]
mod native_pump;
#[cfg(all(target_os = "linux", any(target_arch = "x86_64", target_arch = "aarch64")))]
mod native_run;
#[cfg(any(test, all(target_os = "linux", target_arch = "aarch64")))]
mod native_run_a64;
mod opt;
mod run;
mod serve;
mod wasm_host;
#[cfg(feature = "wasm-engine")]
mod wasm_run;

use bitcode_io::IrEmit;
use cli::{
    BuildArgs, CheckArgs, Command, Emit, Engine, FmtArgs, Format, OptArgs, RunArgs, ServeArgs,
    Target,
};
use irplay_core::diag::{render, render_all, to_json, Diagnostic, SourceFile, Span};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The time each phase of a command took (`irplay build --time`).
#[derive(Default)]
pub struct Timings {
    phases: Vec<(&'static str, Duration)>,
}

impl Timings {
    /// Runs phase `name`, recording its time.
    pub fn time<R>(&mut self, name: &'static str, f: impl FnOnce() -> R) -> R {
        let start = Instant::now();
        let r = f();
        self.phases.push((name, start.elapsed()));
        r
    }

    /// One line per phase on stderr, then the total.
    fn print(&self) {
        let mut err = std::io::stderr().lock();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        for (name, d) in &self.phases {
            let _ = writeln!(err, "irplay: {name:<14} {:>10.3} ms", ms(*d));
        }
        let total: Duration = self.phases.iter().map(|p| p.1).sum();
        let _ = writeln!(err, "irplay: {:<14} {:>10.3} ms", "total", ms(total));
    }
}

/// Why a file could not be read as text: an error about it, with the file to show it in.
struct Unreadable {
    /// The file's name, and what could be read of it (as text, for positions).
    file: SourceFile,
    /// The error: at the first byte that is not UTF-8, or at the start of the file.
    diagnostic: Diagnostic,
    /// False when nothing could be read: the text form is `FILE: error: MESSAGE`.
    located: bool,
}

impl Unreadable {
    /// Nothing of `name` could be read, for the reason `message`.
    fn unread(name: String, message: String) -> Box<Unreadable> {
        Box::new(Unreadable {
            file: SourceFile::new(name, String::new()),
            diagnostic: Diagnostic::error(Span::new(0, 0), message),
            located: false,
        })
    }

    /// The error as `--format json` gives it: an array of one diagnostic.
    fn json(&self) -> serde_json::Value {
        to_json(std::slice::from_ref(&self.diagnostic), &self.file)
    }
}

/// The text form: rustc-style at the bad byte, or `FILE: error: MESSAGE` (a line each).
impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.located {
            f.write_str(&render(&self.diagnostic, &self.file))
        } else {
            writeln!(f, "{}: error: {}", self.file.name(), self.diagnostic.message)
        }
    }
}

/// A source file read from disk (`-`: standard input), or why it could not be; a bitcode
/// input as its text form.
fn read_source(path: &Path) -> Result<SourceFile, Box<Unreadable>> {
    read_input(path).map(|input| match input {
        Input::Text(file) => file,
        Input::Bitcode(b) => b.text_form(),
    })
}

/// An input as read: text, or a bitcode module (whose text form is printed only when needed).
enum Input {
    Text(SourceFile),
    Bitcode(Box<bitcode_io::BitcodeInput>),
}

/// [`read_source`], leaving a bitcode input as its module (a command that needs no positions
/// uses it as it is, and prints its text form only to place errors).
fn read_input(path: &Path) -> Result<Input, Box<Unreadable>> {
    let name = path.display().to_string();
    let bytes = if name == "-" {
        let mut v = Vec::new();
        if let Err(e) = std::io::Read::read_to_end(&mut std::io::stdin(), &mut v) {
            return Err(Unreadable::unread(name, format!("cannot read standard input: {e}")));
        }
        v
    } else {
        match std::fs::read(path) {
            Ok(v) => v,
            Err(e) => return Err(Unreadable::unread(name, format!("cannot read file: {e}"))),
        }
    };
    // Bitcode by its magic, whatever the name.
    match bitcode_io::read_binary(&name, &bytes) {
        Ok(Some(input)) => return Ok(Input::Bitcode(Box::new(input))),
        Ok(None) => {}
        Err(message) => return Err(Unreadable::unread(name, message)),
    }
    match String::from_utf8(bytes) {
        Ok(text) => Ok(Input::Text(SourceFile::new(name, text))),
        Err(e) => {
            // Point at the first byte that is not UTF-8, with the valid prefix as context (the
            // rest as read lossily: positions up to the bad byte are the file's).
            let at = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let bad = bytes.get(at).copied().unwrap_or_default();
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let at = u32::try_from(at).unwrap_or(u32::MAX);
            let diagnostic = Diagnostic::error(
                Span::new(at, at.saturating_add(1)),
                "the file is not valid UTF-8 text",
            )
            .with_note(format!("byte {at} (0x{bad:02x}) does not start a UTF-8 character"));
            Err(Box::new(Unreadable {
                file: SourceFile::new(name, text),
                diagnostic,
                located: true,
            }))
        }
    }
}

fn check(files: &[PathBuf], format: Format) -> ExitCode {
    let mut failed = false;
    let mut json = Vec::new();
    let mut stderr = std::io::stderr().lock();
    for path in files {
        let input = match read_input(path) {
            Ok(f) => f,
            Err(unreadable) => {
                failed = true;
                match format {
                    Format::Text => {
                        let _ = write!(stderr, "{unreadable}");
                    }
                    Format::Json => {
                        if let serde_json::Value::Array(items) = unreadable.json() {
                            json.extend(items);
                        }
                    }
                }
                continue;
            }
        };
        // A bitcode module that verifies has nothing to report: its text form is printed and
        // parsed (for positions) only when there are errors to place.
        let file = match input {
            Input::Text(file) => file,
            Input::Bitcode(b) => {
                let ok = irplay_core::verify::verify(&b.module).is_empty();
                let file = (!ok).then(|| b.text_form());
                // Freeing a large module's many small allocations only delays the exit.
                std::mem::forget(b);
                match file {
                    Some(file) => file,
                    None => continue,
                }
            }
        };
        let mut checked = irplay_core::check(file.text());
        bitcode_io::annotate(&mut checked.diagnostics, &file, checked.module.as_ref());
        failed |= !checked.valid;
        // Freeing a large module's many small allocations only delays the exit; the process
        // ending returns the memory at once.
        std::mem::forget(checked.module.take());
        match format {
            Format::Text => {
                if !checked.diagnostics.is_empty() {
                    let _ = write!(stderr, "{}", render_all(&checked.diagnostics, &file));
                }
            }
            Format::Json => {
                if let serde_json::Value::Array(items) = to_json(&checked.diagnostics, &file) {
                    json.extend(items);
                }
            }
        }
    }
    if format == Format::Json {
        println!("{}", serde_json::Value::Array(json));
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn fmt(args: &FmtArgs) -> ExitCode {
    let FmtArgs { file, output, in_place, emit } = args;
    let input = match read_input(file) {
        Ok(f) => f,
        Err(msg) => {
            eprint!("{msg}");
            return ExitCode::FAILURE;
        }
    };
    // In place, a bitcode file stays bitcode unless --emit says otherwise.
    let emit = emit.unwrap_or(if *in_place && matches!(input, Input::Bitcode(_)) {
        IrEmit::Bc
    } else {
        IrEmit::Ll
    });
    // A bitcode module is written as it was read (its text form is that module printed), when
    // it verifies or is only printed; its text form is printed and parsed only to place errors.
    let src = match input {
        Input::Text(src) => src,
        Input::Bitcode(b) => {
            if emit == IrEmit::Ll || irplay_core::verify::verify(&b.module).is_empty() {
                let out = if *in_place { Some(file.as_path()) } else { output.as_deref() };
                let code = bitcode_io::write_module(out, &b.module, emit);
                std::mem::forget(b);
                return code;
            }
            b.text_form()
        }
    };
    let mut parsed = irplay_core::text::parse(src.text());
    if emit == IrEmit::Bc {
        // As llvm-as: only a valid module is written as bitcode.
        if let Some(m) = &parsed.module {
            let errs = irplay_core::verify::verify(m);
            if !errs.is_empty() {
                parsed.diagnostics.extend(errs);
                parsed.module = None;
            }
        }
    }
    irplay_core::diag::sort_and_cap(&mut parsed.diagnostics, parsed.suppressed);
    bitcode_io::annotate(&mut parsed.diagnostics, &src, parsed.module.as_ref());
    if !parsed.diagnostics.is_empty() {
        eprint!("{}", render_all(&parsed.diagnostics, &src));
    }
    let Some(module) = parsed.module else { return ExitCode::FAILURE };
    bitcode_io::write_module(if *in_place { Some(file) } else { output.as_deref() }, &module, emit)
}

/// Reads and checks `path` (diagnostics on stderr): the source and its valid module, or the
/// exit status of an invalid one.
fn load_valid(path: &Path) -> Result<(SourceFile, irplay_core::ir::Module), ExitCode> {
    load_timed(path, &mut Timings::default())
}

/// [`load_valid`], timing the parse and the verification.
fn load_timed(
    path: &Path,
    t: &mut Timings,
) -> Result<(SourceFile, irplay_core::ir::Module), ExitCode> {
    let file = read_source(path).map_err(|msg| {
        eprint!("{msg}");
        ExitCode::from(run::Stop::INVALID)
    })?;
    let parsed = t.time("parse", || irplay_core::text::parse(file.text()));
    let mut diagnostics = parsed.diagnostics;
    let mut valid = parsed.module.is_some();
    if let Some(m) = &parsed.module {
        let errs = t.time("verify", || irplay_core::verify::verify(m));
        valid = errs.is_empty();
        diagnostics.extend(errs);
    }
    irplay_core::diag::sort_and_cap(&mut diagnostics, parsed.suppressed);
    bitcode_io::annotate(&mut diagnostics, &file, parsed.module.as_ref());
    if !diagnostics.is_empty() {
        eprint!("{}", render_all(&diagnostics, &file));
    }
    match (valid, parsed.module) {
        (true, Some(module)) => Ok((file, module)),
        _ => Err(ExitCode::from(run::Stop::INVALID)),
    }
}

fn run_file(
    path: &Path,
    entry: &str,
    limits: run::Limits,
    trace: bool,
    stats: bool,
    args: &[String],
    env: &[String],
) -> ExitCode {
    let (file, module) = match load_valid(path) {
        Ok(v) => v,
        Err(code) => return code,
    };
    if !has_entry(&file, &module, entry) {
        return ExitCode::from(run::Stop::ERROR);
    }
    let mut opts = irplay_core::interp::Options {
        entry: entry.to_string(),
        trace,
        program_name: path.display().to_string().into_bytes(),
        env: irplay_core::runtime::stdlib::environment(env)
            .into_iter()
            .map(String::into_bytes)
            .collect(),
        ..limits.options()
    };
    if entry == "main" {
        opts.args = args.iter().map(|a| a.as_bytes().to_vec()).collect();
    } else {
        for a in args {
            match a.parse::<i128>() {
                Ok(v) => opts.int_args.push(v),
                Err(_) => {
                    eprintln!("irplay: error: argument '{a}' of @{entry} is not an integer");
                    return ExitCode::from(run::Stop::INVALID);
                }
            }
        }
    }
    run::run(&file, &module, &opts, stats)
}

/// How `irplay run` starts the program of `file`: its name as `argv[0]`, the arguments and
/// the environment of the command line.
fn invocation(file: &Path, args: &[String], env: &[String]) -> run::Invocation {
    let program = file.display().to_string();
    run::Invocation {
        program,
        args: args.to_vec(),
        env: irplay_core::runtime::stdlib::environment(env),
    }
}

/// True if `module` defines the function `entry` a run (or an executable) starts at; else
/// false, after saying so on stderr as `FILE: error: ...`, in the one wording of every
/// engine ([`irplay_core::ir::no_entry_message`]).
fn has_entry(file: &SourceFile, module: &irplay_core::ir::Module, entry: &str) -> bool {
    if module.entry_function(entry).is_some() {
        return true;
    }
    eprintln!("{}: error: {}", file.name(), irplay_core::ir::no_entry_message(entry));
    false
}

/// `irplay build`'s exit status for a back end's: 0 when the output was written, else 1, as
/// a compiler's (a construct the code generator does not support, a failed link, an output
/// that cannot be written; an invalid module is 1 too). The back ends' 71 for a construct
/// they do not support is `irplay run`'s status.
fn build_status(code: u8) -> u8 {
    u8::from(code != 0)
}

/// Reads and checks `path`, then hands the valid module to `then` (the compiling front
/// doors), timing the phases into `t`.
fn compile_file(
    path: &Path,
    t: &mut Timings,
    then: impl FnOnce(&SourceFile, &irplay_core::ir::Module, &mut Timings) -> u8,
) -> ExitCode {
    match load_timed(path, t) {
        Ok((file, module)) => {
            let code = then(&file, &module, t);
            // The process ends here, on the worker thread: the system takes its memory back
            // at once (the module is not freed piece by piece), and the main thread is not
            // woken up to join this one first.
            let _ = std::io::stdout().flush();
            let _ = std::io::stderr().flush();
            std::process::exit(i32::from(code))
        }
        Err(code) => code,
    }
}

/// `irplay build`: the emit the target takes (its default when none is given), then the
/// target's back end.
fn build(args: &BuildArgs) -> ExitCode {
    let BuildArgs { file, target, output, emit, time } = args;
    let emit = emit.unwrap_or(match target {
        Target::Wasm32 => Emit::Wasm,
        Target::X86_64 | Target::Aarch64 => Emit::Obj,
    });
    let (wasm, native) = match emit {
        Emit::Wasm => (Some(wasm_host::Emit::Wasm), None),
        Emit::Wat => (Some(wasm_host::Emit::Wat), None),
        Emit::Low => (Some(wasm_host::Emit::Low), Some(native_host::Emit::Low)),
        Emit::Obj => (None, Some(native_host::Emit::Obj)),
        Emit::Exe => (None, Some(native_host::Emit::Exe)),
        Emit::Asm => (None, Some(native_host::Emit::Asm)),
    };
    let mut t = Timings::default();
    let code = match (target, target.native(), wasm, native) {
        (Target::Wasm32, _, Some(e), _) => compile_file(file, &mut t, |f, m, t| {
            let code = t.time("compile", || wasm_host::build(f, m, output, e));
            if *time {
                t.print();
            }
            build_status(code)
        }),
        (_, Some(nt), _, Some(e)) => compile_file(file, &mut t, |f, m, t| {
            // An executable starts at main; an object need not define it.
            if e == native_host::Emit::Exe && !has_entry(f, m, "main") {
                return run::Stop::INVALID;
            }
            let code = native_host::build(f, m, nt, output, e, t);
            if *time {
                t.print();
            }
            build_status(code)
        }),
        _ => {
            let takes = match target {
                Target::Wasm32 => "wasm, wat or low",
                Target::X86_64 | Target::Aarch64 => "obj, exe, asm or low",
            };
            eprintln!(
                "irplay: error: --emit {} does not go with --target {} (it takes {takes})",
                emit.name(),
                target.name()
            );
            return ExitCode::from(2);
        }
    };
    if *time {
        // An invalid module ends here, after its parse (and verification).
        t.print();
    }
    code
}

fn main() -> ExitCode {
    let cli = cli::parse();
    // Parsing recurses on nested types and constants (bounded by the parser's depth limit), and
    // layouts, printing and analyses on chains of named types and deep CFGs: run on a generous
    // stack so that limits, not the stack, are what stops them. `stacker` switches the main
    // thread to a fresh stack, which costs two system calls, where a worker thread would cost a
    // thread's start and two cross-CPU wake-ups (a sixth of a short `irplay build`).
    let work = move || match &cli.command {
        Command::Check(CheckArgs { files, format }) => check(files, *format),
        Command::Fmt(args) => fmt(args),
        Command::Run(RunArgs { file, dump_ops: true, .. }) => match load_valid(file) {
            Ok((_, module)) => {
                print!("{}", irplay_core::interp::dump_ops(&module));
                ExitCode::SUCCESS
            }
            Err(code) => code,
        },
        Command::Run(RunArgs {
            entry, engine: engine @ (Engine::Wasm | Engine::Native), ..
        }) if entry != "main" => {
            let name = if *engine == Engine::Wasm { "wasm" } else { "native" };
            eprintln!("irplay: error: --engine {name} runs main only (--entry {entry} needs the interpreter)");
            ExitCode::from(run::Stop::INVALID)
        }
        Command::Run(RunArgs {
            engine: engine @ (Engine::Interp | Engine::Wasm),
            target,
            cpu,
            ..
        }) if target.is_some() || cpu.is_some() => {
            let name = if *engine == Engine::Wasm { "wasm" } else { "interp" };
            let flag = if target.is_some() { "--target" } else { "--cpu" };
            eprintln!("irplay: error: {flag} goes with --engine native, not --engine {name}");
            ExitCode::from(2)
        }
        Command::Run(RunArgs { file, args, env, engine: Engine::Wasm, limits, .. }) => {
            let limits = *limits;
            let inv = invocation(file, args, env);
            compile_file(file, &mut Timings::default(), |f, m, _| {
                if !has_entry(f, m, "main") {
                    return run::Stop::ERROR;
                }
                run_wasm(f, m, &inv, &limits)
            })
        }
        Command::Run(RunArgs {
            file,
            args,
            env,
            engine: Engine::Native,
            target,
            cpu,
            limits,
            ..
        }) => {
            let target = match target.map(Target::native) {
                None => native_host::host_target(),
                Some(Some(t)) => t,
                Some(None) => {
                    eprintln!(
                        "irplay: error: --engine native runs x86_64 or aarch64 code (--target \
                         wasm32 goes with --engine wasm)"
                    );
                    return ExitCode::from(2);
                }
            };
            let how = native_host::RunHow { target, cpu: cpu.clone(), limits: *limits };
            let inv = invocation(file, args, env);
            compile_file(file, &mut Timings::default(), |f, m, _| {
                if !has_entry(f, m, "main") {
                    return run::Stop::ERROR;
                }
                native_host::run(f, m, &how, &inv)
            })
        }
        Command::Build(args) => build(args),
        Command::Debug(args) => match load_valid(&args.file) {
            Ok((file, module)) if has_entry(&file, &module, "main") => {
                debug::debug(&file, &module, args)
            }
            Ok(_) => ExitCode::from(run::Stop::ERROR),
            Err(code) => code,
        },
        Command::Run(RunArgs {
            file,
            entry,
            limits,
            trace,
            stats,
            args,
            env,
            engine: Engine::Interp,
            dump_ops: false,
            // Refused above with --target or --cpu.
            target: _,
            cpu: _,
        }) => run_file(file, entry, *limits, *trace, *stats, args, env),
        Command::Opt(OptArgs {
            file,
            passes,
            output,
            print_changed,
            timeline,
            verify_each,
            emit,
        }) => match read_source(file) {
            Ok(src) => opt::opt(
                &src,
                &opt::OptArgs {
                    pipeline: passes,
                    output: output.as_deref(),
                    print_changed: *print_changed,
                    timeline: timeline.as_deref(),
                    verify_each: *verify_each,
                    emit: *emit,
                },
            ),
            Err(msg) => {
                eprint!("{msg}");
                ExitCode::FAILURE
            }
        },
        Command::Serve(ServeArgs {
            port,
            host,
            dir,
            read_timeout_ms,
            write_timeout_ms,
            max_connections,
        }) => {
            let limits = serve::Limits {
                read_timeout: Duration::from_millis(*read_timeout_ms),
                write_timeout: Duration::from_millis(*write_timeout_ms),
                max_connections: *max_connections as usize,
            };
            serve::serve(host, *port, &serve::default_dir(dir.as_deref()), limits)
        }
    };
    stacker::grow(256 << 20, work)
}

/// `irplay run --engine wasm`.
#[cfg(feature = "wasm-engine")]
fn run_wasm(
    f: &irplay_core::diag::SourceFile,
    m: &irplay_core::ir::Module,
    inv: &run::Invocation,
    limits: &run::Limits,
) -> u8 {
    wasm_run::run(f, m, inv, limits)
}

/// `irplay run --engine wasm` in a build without wasmtime.
#[cfg(not(feature = "wasm-engine"))]
fn run_wasm(
    _: &irplay_core::diag::SourceFile,
    _: &irplay_core::ir::Module,
    _: &run::Invocation,
    _: &run::Limits,
) -> u8 {
    eprintln!(
        "irplay: error: this irplay was built without the wasm engine (cargo feature \
         `wasm-engine`); use --engine interp or --engine native"
    );
    run::Stop::ERROR
}
