//! The `irplay` command-line tool: check, format (and later run, optimize, compile, serve)
//! LLVM IR files. It does files and processes; all IR work goes through `irplay-core`.

mod cli;
mod opt;
mod run;
mod serve;
mod wasm_host;

use cli::{
    BuildArgs, CheckArgs, Command, Emit, Engine, FmtArgs, Format, OptArgs, RunArgs, ServeArgs,
    Target,
};
use irplay_core::diag::{render_all, to_json, Diagnostic, SourceFile, Span};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// A source file read from disk, or a diagnostic saying why it could not be.
fn read_source(path: &Path) -> Result<SourceFile, String> {
    let name = path.display().to_string();
    let bytes = if name == "-" {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut v)
            .map_err(|e| format!("{name}: error: cannot read standard input: {e}"))?;
        v
    } else {
        std::fs::read(path).map_err(|e| format!("{name}: error: cannot read file: {e}"))?
    };
    match String::from_utf8(bytes) {
        Ok(text) => Ok(SourceFile::new(name, text)),
        Err(e) => {
            // Point at the first byte that is not UTF-8, with the valid prefix as context.
            let at = e.utf8_error().valid_up_to();
            let bytes = e.into_bytes();
            let text = String::from_utf8_lossy(&bytes).into_owned();
            let file = SourceFile::new(name, text);
            let d = Diagnostic::error(
                Span::new(at as u32, at as u32 + 1),
                "the file is not valid UTF-8 text",
            );
            Err(render_all(&[d], &file))
        }
    }
}

fn check(files: &[PathBuf], format: Format) -> ExitCode {
    let mut failed = false;
    let mut json = Vec::new();
    let mut stderr = std::io::stderr().lock();
    for path in files {
        let file = match read_source(path) {
            Ok(f) => f,
            Err(msg) => {
                failed = true;
                let _ = write!(stderr, "{msg}");
                if !msg.ends_with('\n') {
                    let _ = writeln!(stderr);
                }
                continue;
            }
        };
        let mut checked = irplay_core::check(file.text());
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

fn fmt(file: &Path, output: Option<&Path>, in_place: bool) -> ExitCode {
    let src = match read_source(file) {
        Ok(f) => f,
        Err(msg) => {
            eprint!("{msg}");
            return ExitCode::FAILURE;
        }
    };
    let parsed = irplay_core::text::parse(src.text());
    if !parsed.diagnostics.is_empty() {
        eprint!("{}", render_all(&parsed.diagnostics, &src));
    }
    let Some(module) = parsed.module else { return ExitCode::FAILURE };
    let text = irplay_core::text::print_module(&module);
    write_output(if in_place { Some(file) } else { output }, &text)
}

/// Writes `text` to `path`, or to stdout without one.
fn write_output(path: Option<&Path>, text: &str) -> ExitCode {
    match path {
        Some(path) => {
            if let Err(e) = std::fs::write(path, text) {
                eprintln!("{}: error: cannot write file: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
        None => {
            let mut out = std::io::stdout().lock();
            if out.write_all(text.as_bytes()).and_then(|_| out.flush()).is_err() {
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

/// Reads and checks `path` (diagnostics on stderr): the source and its valid module, or the
/// exit status of an invalid one.
fn load_valid(path: &Path) -> Result<(SourceFile, irplay_core::ir::Module), ExitCode> {
    let file = read_source(path).map_err(|msg| {
        eprint!("{msg}");
        ExitCode::from(run::Stop::INVALID)
    })?;
    let checked = irplay_core::check(file.text());
    if !checked.diagnostics.is_empty() {
        eprint!("{}", render_all(&checked.diagnostics, &file));
    }
    match (checked.valid, checked.module) {
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
) -> ExitCode {
    let (file, module) = match load_valid(path) {
        Ok(v) => v,
        Err(code) => return code,
    };
    let mut opts = irplay_core::interp::Options {
        entry: entry.to_string(),
        max_steps: limits.max_steps,
        max_memory: limits.max_memory,
        max_stack_depth: limits.max_stack_depth,
        trace,
        program_name: path.display().to_string().into_bytes(),
        ..Default::default()
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

/// Reads and checks `path`, then hands the valid module to `then` (the wasm front doors).
fn wasm_file(
    path: &Path,
    then: impl FnOnce(&SourceFile, &irplay_core::ir::Module) -> u8,
) -> ExitCode {
    match load_valid(path) {
        Ok((file, module)) => {
            let code = then(&file, &module);
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

fn main() -> ExitCode {
    let cli = cli::parse();
    // Parsing recurses on nested types and constants (bounded by the parser's depth limit), and
    // layouts, printing and analyses on chains of named types and deep CFGs: run on a generous
    // stack so that limits, not the stack, are what stops them. `stacker` switches the main
    // thread to a fresh stack, which costs two system calls, where a worker thread would cost a
    // thread's start and two cross-CPU wake-ups (a sixth of a short `irplay build`).
    let work = move || match &cli.command {
        Command::Check(CheckArgs { files, format }) => check(files, *format),
        Command::Fmt(FmtArgs { file, output, in_place }) => fmt(file, output.as_deref(), *in_place),
        Command::Run(RunArgs { file, dump_ops: true, .. }) => match load_valid(file) {
            Ok((_, module)) => {
                print!("{}", irplay_core::interp::dump_ops(&module));
                ExitCode::SUCCESS
            }
            Err(code) => code,
        },
        Command::Run(RunArgs { entry, engine: Engine::Wasm, .. }) if entry != "main" => {
            eprintln!("irplay: error: --engine wasm runs main only (--entry {entry} needs the interpreter)");
            ExitCode::from(run::Stop::INVALID)
        }
        Command::Run(RunArgs { file, args, engine: Engine::Wasm, .. }) => {
            wasm_file(file, |f, m| wasm_host::run(f, m, &file.display().to_string(), args))
        }
        Command::Build(BuildArgs { file, target: Target::Wasm32, output, emit }) => {
            wasm_file(file, |f, m| {
                wasm_host::build(
                    f,
                    m,
                    output,
                    match emit {
                        Emit::Wasm => wasm_host::Emit::Wasm,
                        Emit::Wat => wasm_host::Emit::Wat,
                        Emit::Low => wasm_host::Emit::Low,
                    },
                )
            })
        }
        Command::Run(RunArgs {
            file,
            entry,
            max_steps,
            max_memory,
            max_stack_depth,
            trace,
            stats,
            args,
            engine: Engine::Interp,
            dump_ops: false,
        }) => {
            let limits = run::Limits {
                max_steps: *max_steps,
                max_memory: *max_memory,
                max_stack_depth: *max_stack_depth,
            };
            run_file(file, entry, limits, *trace, *stats, args)
        }
        Command::Opt(OptArgs { file, passes, output, print_changed, timeline, verify_each }) => {
            match read_source(file) {
                Ok(src) => opt::opt(
                    &src,
                    &opt::OptArgs {
                        pipeline: passes,
                        output: output.as_deref(),
                        print_changed: *print_changed,
                        timeline: timeline.as_deref(),
                        verify_each: *verify_each,
                    },
                ),
                Err(msg) => {
                    eprint!("{msg}");
                    ExitCode::FAILURE
                }
            }
        }
        Command::Serve(ServeArgs { port, host, dir }) => {
            serve::serve(host, *port, &serve::default_dir(dir.as_deref()))
        }
    };
    stacker::grow(256 << 20, work)
}
