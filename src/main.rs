//! The `irplay` command-line tool: check, format (and later run, optimize, compile, serve)
//! LLVM IR files. It does files and processes; all IR work goes through `irplay-core`.

mod opt;
mod run;
mod serve;
mod wasm_host;

use clap::{Parser, Subcommand, ValueEnum};
use irplay_core::diag::{render_all, to_json, Diagnostic, SourceFile, Span};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "irplay", version, about = "An LLVM IR playground: check, format and run LLVM IR")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Copy, Clone, ValueEnum, PartialEq, Eq)]
enum Format {
    /// Human-readable, rustc-style.
    Text,
    /// A JSON array of diagnostics on stdout.
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Parse and verify LLVM IR files; exit 1 if any has an error.
    Check {
        /// The files to check (`-` for standard input).
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// How to print diagnostics.
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
    },
    /// Run a module in the interpreter (exact poison, undef and UB semantics).
    ///
    /// Exit status: the program's (main's return value or exit's argument, mod 256), or
    /// 70 for undefined behaviour, 71 for a runtime error, 124 at the step limit, 134 for an
    /// abort, 1 for an invalid module; each with a report on stderr.
    Run {
        /// The module to run.
        file: PathBuf,
        /// The function to run (`main` by default; others take integer arguments).
        #[arg(long, default_value = "main")]
        entry: String,
        /// Stop after this many executed instructions.
        #[arg(long, default_value_t = 10_000_000_000)]
        max_steps: u64,
        /// Stop when the program's live memory exceeds this many bytes.
        #[arg(long, default_value_t = 1 << 30)]
        max_memory: u64,
        /// Stop when the call stack is deeper than this.
        #[arg(long, default_value_t = 100_000)]
        max_stack_depth: u32,
        /// Print one JSON line per executed instruction on stderr.
        #[arg(long)]
        trace: bool,
        /// Print the number of executed instructions and the time taken on stderr.
        #[arg(long)]
        stats: bool,
        /// Arguments: `argv[1..]` for main, integers for another entry.
        #[arg(last = true)]
        args: Vec<String>,
        /// Where to run: the interpreter, or compiled to wasm32 and run in wasmtime.
        #[arg(long, value_enum, default_value = "interp")]
        engine: Engine,
    },
    /// Compile a module to WebAssembly (`--target wasm32`).
    Build {
        /// The module to compile.
        file: PathBuf,
        /// The target (only `wasm32`).
        #[arg(long, value_enum, default_value = "wasm32")]
        target: Target,
        /// The output file (`-` for standard output).
        #[arg(short, long)]
        output: PathBuf,
        /// What to write: the binary module or its text form.
        #[arg(long, value_enum, default_value = "wasm")]
        emit: Emit,
    },
    /// Print a module as canonical LLVM 19 text.
    Fmt {
        /// The file to format (`-` for standard input).
        file: PathBuf,
        /// Write to this file instead of standard output.
        #[arg(short, long, conflicts_with = "in_place")]
        output: Option<PathBuf>,
        /// Rewrite the file in place.
        #[arg(long)]
        in_place: bool,
    },
    /// Run optimization passes (`-p mem2reg,simplifycfg,dce` or `-p O2`) and print the module.
    Opt {
        /// The module (`-` for standard input).
        file: PathBuf,
        /// The pipeline: pass names separated by commas, `function(...)` accepted, or O0..O3.
        #[arg(short = 'p', long = "passes")]
        passes: String,
        /// Write to this file instead of standard output.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// Print on stderr, per pass and function, whether it changed anything, with a diff.
        #[arg(long)]
        print_changed: bool,
        /// Write every step (pass, function, IR before and after, time, statistics) as JSON.
        #[arg(long)]
        timeline: Option<PathBuf>,
        /// Verify the module after every pass that changed it.
        #[arg(long)]
        verify_each: bool,
    },
    /// Serve the browser playground built by `cargo xtask web` (www/dist) over HTTP.
    Serve {
        /// The port to listen on.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// The address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// The directory to serve (default: www/dist here, else in the source tree).
        #[arg(long)]
        dir: Option<PathBuf>,
    },
}

#[derive(Copy, Clone, ValueEnum, PartialEq, Eq)]
enum Engine {
    /// The interpreter.
    Interp,
    /// wasm32 code run by wasmtime.
    Wasm,
}

#[derive(Copy, Clone, ValueEnum, PartialEq, Eq)]
enum Target {
    /// WebAssembly, 32-bit memory.
    Wasm32,
}

#[derive(Copy, Clone, ValueEnum, PartialEq, Eq)]
enum Emit {
    /// The binary module.
    Wasm,
    /// The text format.
    Wat,
    /// The target-neutral low form the backend starts from (for tests and debugging).
    Low,
}

/// A source file read from disk, or a diagnostic saying why it could not be.
fn read_source(path: &Path) -> Result<SourceFile, String> {
    let name = path.display().to_string();
    let bytes = if name == "-" {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin(), &mut v).map_err(|e| format!("{name}: error: cannot read standard input: {e}"))?;
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
            let d = Diagnostic::error(Span::new(at as u32, at as u32 + 1), "the file is not valid UTF-8 text");
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

fn run_file(path: &Path, entry: &str, limits: run::Limits, trace: bool, stats: bool, args: &[String]) -> ExitCode {
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
fn wasm_file(path: &Path, then: impl FnOnce(&SourceFile, &irplay_core::ir::Module) -> u8) -> ExitCode {
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
    let cli = Cli::parse();
    // Parsing recurses on nested types and constants (bounded by the parser's depth limit);
    // run on a thread with a generous stack so the bound, not the stack, is what stops it.
    let work = move || match &cli.command {
        Command::Check { files, format } => check(files, *format),
        Command::Fmt { file, output, in_place } => fmt(file, output.as_deref(), *in_place),
        Command::Run { entry, engine: Engine::Wasm, .. } if entry != "main" => {
            eprintln!("irplay: error: --engine wasm runs main only (--entry {entry} needs the interpreter)");
            ExitCode::from(run::Stop::INVALID)
        }
        Command::Run { file, args, engine: Engine::Wasm, .. } => wasm_file(file, |f, m| wasm_host::run(f, m, &file.display().to_string(), args)),
        Command::Build { file, target: Target::Wasm32, output, emit } => wasm_file(file, |f, m| wasm_host::build(f, m, output, match emit {
            Emit::Wasm => wasm_host::Emit::Wasm,
            Emit::Wat => wasm_host::Emit::Wat,
            Emit::Low => wasm_host::Emit::Low,
        })),
        Command::Run { file, entry, max_steps, max_memory, max_stack_depth, trace, stats, args, engine: Engine::Interp } => {
            let limits = run::Limits { max_steps: *max_steps, max_memory: *max_memory, max_stack_depth: *max_stack_depth };
            run_file(file, entry, limits, *trace, *stats, args)
        }
        Command::Opt { file, passes, output, print_changed, timeline, verify_each } => match read_source(file) {
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
        },
        Command::Serve { port, host, dir } => serve::serve(host, *port, &serve::default_dir(dir.as_deref())),
    };
    match std::thread::Builder::new().stack_size(256 << 20).spawn(work) {
        Ok(handle) => handle.join().unwrap_or(ExitCode::from(101)),
        Err(e) => {
            eprintln!("irplay: error: cannot start worker thread: {e}");
            ExitCode::FAILURE
        }
    }
}
