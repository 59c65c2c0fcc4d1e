//! The command line: the subcommands and their options, and reading them from the arguments.
//!
//! A run builds the parser of the one subcommand it names (`irplay build ...` builds only
//! `build`'s options), which is most of the work clap does before the command starts. Anything
//! else (`--help`, `help`, a misspelt subcommand, no arguments) goes to the whole command tree;
//! both give the same help and errors, as each subcommand is defined once, here.

use clap::{Args, FromArgMatches, Parser, Subcommand, ValueEnum};
use std::ffi::OsString;
use std::path::PathBuf;

#[derive(Parser)]
#[command(name = "irplay", version, about = "An LLVM IR playground: check, format and run LLVM IR")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Copy, Clone, ValueEnum, PartialEq, Eq)]
pub enum Format {
    /// Human-readable, rustc-style.
    Text,
    /// A JSON array of diagnostics on stdout.
    Json,
}

#[derive(Subcommand)]
pub enum Command {
    Check(CheckArgs),
    Run(RunArgs),
    Debug(DebugArgs),
    Build(BuildArgs),
    Fmt(FmtArgs),
    Opt(OptArgs),
    Serve(ServeArgs),
}

/// Parse and verify LLVM IR files (text or bitcode); exit 1 if any has an error.
///
/// Every error of a file is reported (at most 100, then a note counts the rest), with
/// `help:` lines where a fix is known. With `--format json`, every error is in the one JSON array on stdout, also a file that
/// cannot be read or is not UTF-8.
#[derive(Args)]
pub struct CheckArgs {
    /// The files to check, LLVM IR text or bitcode (`-` for standard input).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// How to print diagnostics.
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
}

/// Run a module in the interpreter (exact poison, undef and UB semantics), or compiled
/// (`--engine`).
///
/// The WebAssembly and native engines print what the interpreter prints.
///
/// Exit status: the program's (main's return value or exit's argument, mod 256), or
/// 70 for undefined behaviour, 71 for a runtime error (including the memory and stack depth
/// limits), 72 at the output limit, 124 at the step limit, 134 for an abort, 1 for an invalid
/// module; each with a report on stderr (for undefined behaviour: where the memory block was
/// allocated and freed, how a poison or undef value got there with each instruction quoted,
/// and why it is undefined, with a link to the LangRef; a note names a malloc that returned
/// null at the memory limit). When the program's output is a pipe whose reader is gone
/// (`| head`), the run ends quietly with 141, as a native program killed by SIGPIPE.
/// Every engine keeps the limits below.
///
/// The program's standard input (`getchar`, `fgets`, `scanf`) is irplay's, read as the
/// program asks for it. Its environment (`getenv`, main's `envp`) is the `--env` entries
/// alone, sorted by name, and `time` returns 1700000000 (2023-11-14), in every engine, so that
/// a run repeats. Its output is written as it runs, buffered as C buffers it: stdout
/// line by line on a terminal and in 8 KiB blocks otherwise, stderr line by line.
#[derive(Args)]
pub struct RunArgs {
    /// The module to run, text or bitcode (`-` for standard input, which the program then
    /// cannot read).
    pub file: PathBuf,
    /// The function to run (`main` by default; others take integer arguments).
    #[arg(long, default_value = "main")]
    pub entry: String,
    /// The limits of the run.
    #[command(flatten)]
    pub limits: crate::run::Limits,
    /// Print one JSON line per executed instruction on stderr.
    #[arg(long)]
    pub trace: bool,
    /// Print the interpreter's translated op streams of every defined function on stdout
    /// instead of running (a debugging aid).
    #[arg(long, hide = true)]
    pub dump_ops: bool,
    /// Print the number of executed instructions and the time taken on stderr.
    #[arg(long)]
    pub stats: bool,
    /// Arguments: `argv[1..]` for main, integers for another entry.
    #[arg(last = true)]
    pub args: Vec<String>,
    /// Give the program the environment variable NAME (`getenv`, main's `envp`), set to VALUE
    /// or, without `=`, to its value in irplay's environment. Repeatable. The program's
    /// environment is these alone, in every engine (none by default).
    #[arg(long = "env", value_name = "NAME[=VALUE]", value_parser = crate::run::env_entry)]
    pub env: Vec<String>,
    /// Where to run: the interpreter, compiled to wasm32 and run in wasmtime, or compiled to
    /// native code (`--target`) and run in this process (x86-64) or as an executable (AArch64,
    /// under `qemu-aarch64` on other hosts).
    #[arg(long, value_enum, default_value = "interp")]
    pub engine: Engine,
    /// The native engine's target: `x86_64` (the default on x86-64 hosts) or `aarch64`
    /// (`arm64`; the default on AArch64 hosts).
    #[arg(long, value_enum)]
    pub target: Option<Target>,
    /// The CPU qemu emulates for `--engine native --target aarch64` (`qemu-aarch64 -cpu
    /// NAME`, e.g. `cortex-a53` for plain ARMv8.0-A; default: `$IRPLAY_QEMU_CPU`, else qemu's
    /// own, `max`).
    #[arg(long)]
    pub cpu: Option<String>,
}

/// Step through a run of a module in the interpreter, forwards and backwards.
///
/// Commands are read from standard input, one a line (a prompt is printed when it is a
/// terminal): break LINE (b), delete [LINE], step (s), next (n), finish, continue (c),
/// run-to LINE, reverse-step (rs), reverse-next (rn), reverse-finish, reverse-continue (rc),
/// goto STEP, print %x | @g (p), x %p | @g | ADDRESS [LEN], backtrace (bt), info locals,
/// info breakpoints, info snapshots, help, quit (q). After each stop the position is printed as
/// `FILE:LINE:COL in @f (step N)` with its source line; the program's output is printed as it
/// appears, each line after `[stdout] ` or `[stderr] `; at the end, the report `irplay run`
/// prints. The program reads its standard input from `--stdin FILE` (none by default).
/// Exit status: 0; 1 for an invalid module or a `--stdin` file that cannot be read, 71 for
/// a module without @main, 2 for a wrong command line.
#[derive(Args)]
pub struct DebugArgs {
    /// The module to run (text or bitcode).
    pub file: PathBuf,
    /// The program's standard input.
    #[arg(long)]
    pub stdin: Option<PathBuf>,
    /// The limits of the run.
    #[command(flatten)]
    pub limits: crate::run::Limits,
    /// Print the time each command took on stderr (`irplay: TIME ms: COMMAND`).
    #[arg(long)]
    pub time: bool,
    /// Arguments: `argv[1..]` for main.
    #[arg(last = true)]
    pub args: Vec<String>,
    /// Give the program the environment variable NAME, as `irplay run --env` does.
    #[arg(long = "env", value_name = "NAME[=VALUE]", value_parser = crate::run::env_entry)]
    pub env: Vec<String>,
}

/// Compile a module to WebAssembly (`--target wasm32`), x86-64 code (`--target x86_64`) or
/// AArch64 code (`--target aarch64`).
///
/// Exit status: 0 when the output was written; 1 when it was not, with the error on stderr
/// (an invalid module, a construct the code generator does not support, `--emit exe` of a
/// module without @main, a failed link, an output that cannot be written); 2 for a wrong
/// command line.
#[derive(Args)]
pub struct BuildArgs {
    /// The module to compile (text or bitcode).
    pub file: PathBuf,
    /// The target.
    #[arg(long, value_enum, default_value = "wasm32")]
    pub target: Target,
    /// The output file (`-` for standard output).
    #[arg(short, long)]
    pub output: PathBuf,
    /// What to write (default: `wasm` for wasm32, `obj` for x86_64 and aarch64): for wasm32
    /// the binary module or its text form; for x86_64 and aarch64 an ELF object, an
    /// executable linked by the C compiler (x86_64: `$CC`, else `cc`; aarch64: `$CC_aarch64`,
    /// else `aarch64-linux-gnu-gcc`, or `cc` on an AArch64 host), or an assembly listing under
    /// the IR lines; for all the low form the back ends start from.
    #[arg(long, value_enum)]
    pub emit: Option<Emit>,
    /// Print the time each phase took on stderr.
    #[arg(long)]
    pub time: bool,
}

/// Print a module as canonical LLVM 19 text, or write it as LLVM 19 bitcode (`--emit bc`).
///
/// The input may be text or bitcode (told by its first bytes, whatever its name).
#[derive(Args)]
pub struct FmtArgs {
    /// The file to format, text or bitcode (`-` for standard input).
    pub file: PathBuf,
    /// Write to this file instead of standard output (`-`: standard output).
    #[arg(short, long, conflicts_with = "in_place")]
    pub output: Option<PathBuf>,
    /// Rewrite the file in place (a bitcode file stays bitcode unless `--emit` says otherwise).
    #[arg(long)]
    pub in_place: bool,
    /// What to write: LLVM 19 text (`ll`, the default) or bitcode (`bc`: only a valid module,
    /// and never to a terminal; summary entries are left out, with a warning).
    #[arg(long, value_enum)]
    pub emit: Option<crate::bitcode_io::IrEmit>,
}

/// Run optimization passes (`-p mem2reg,simplifycfg,dce` or `-p O2`) and print the module.
#[derive(Args)]
pub struct OptArgs {
    /// The module, text or bitcode (`-` for standard input).
    pub file: PathBuf,
    /// The pipeline: pass names separated by commas, `function(...)` accepted, or O0..O3.
    #[arg(short = 'p', long = "passes")]
    pub passes: String,
    /// Write to this file instead of standard output (`-`: standard output).
    #[arg(short, long)]
    pub output: Option<PathBuf>,
    /// What to write: LLVM 19 text or bitcode (never to a terminal).
    #[arg(long, value_enum, default_value = "ll")]
    pub emit: crate::bitcode_io::IrEmit,
    /// Print on stderr, per pass and function, whether it changed anything, with a diff.
    #[arg(long)]
    pub print_changed: bool,
    /// Write every step (pass, function, IR before and after, time, statistics) as JSON.
    #[arg(long)]
    pub timeline: Option<PathBuf>,
    /// Verify the module after every pass that changed it.
    #[arg(long)]
    pub verify_each: bool,
}

/// Serve the browser playground built by `cargo xtask web` (www/dist) over HTTP.
///
/// Meant for a browser on this machine: one request per connection, at most 32 connections
/// at once (more are answered 503), 10 s to send a request and 30 s to receive the answer,
/// request lines and header lines of at most 8190 bytes and 100 header lines; every response
/// carries a Content-Security-Policy. Refused requests are logged on stderr.
#[derive(Args)]
pub struct ServeArgs {
    /// The port to listen on.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// The directory to serve (default: www/dist here, else in the source tree).
    #[arg(long)]
    pub dir: Option<PathBuf>,
    /// The time a client has to send its whole request head, in milliseconds.
    #[arg(long, hide = true, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub read_timeout_ms: u64,
    /// The time the whole response may take to write, in milliseconds.
    #[arg(long, hide = true, default_value_t = 30_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub write_timeout_ms: u64,
    /// Connections served at once (more are answered 503).
    #[arg(long, hide = true, default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..))]
    pub max_connections: u32,
}

#[derive(Copy, Clone, ValueEnum, PartialEq, Eq)]
pub enum Engine {
    /// The interpreter.
    Interp,
    /// wasm32 code run by wasmtime.
    Wasm,
    /// Native code (`--target`): x86-64 code run in this process (x86-64 Linux hosts), AArch64
    /// code as an executable (under `qemu-aarch64` on other hosts).
    Native,
}

#[derive(Copy, Clone, ValueEnum, PartialEq, Eq)]
pub enum Target {
    /// WebAssembly, 32-bit memory.
    Wasm32,
    /// x86-64 Linux (System V ABI, ELF).
    #[value(name = "x86_64", alias = "x86-64")]
    X86_64,
    /// AArch64 Linux (AAPCS64, ELF).
    #[value(name = "aarch64", alias = "arm64")]
    Aarch64,
}

impl Target {
    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Target::Wasm32 => "wasm32",
            Target::X86_64 => "x86_64",
            Target::Aarch64 => "aarch64",
        }
    }

    /// The native code generator's target, for the native targets.
    pub fn native(self) -> Option<irplay_native::Target> {
        match self {
            Target::Wasm32 => None,
            Target::X86_64 => Some(irplay_native::Target::X64),
            Target::Aarch64 => Some(irplay_native::Target::Aarch64),
        }
    }
}

#[derive(Copy, Clone, ValueEnum, PartialEq, Eq)]
pub enum Emit {
    /// The binary module.
    Wasm,
    /// The text format.
    Wat,
    /// The target-neutral low form the backend starts from (for tests and debugging).
    Low,
    /// An ELF relocatable object (x86_64, aarch64).
    Obj,
    /// An executable, the object linked by the C compiler with the C library (x86_64,
    /// aarch64).
    Exe,
    /// The assembly listing: machine code under the IR lines it comes from (x86_64, aarch64).
    Asm,
}

impl Emit {
    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Emit::Wasm => "wasm",
            Emit::Wat => "wat",
            Emit::Low => "low",
            Emit::Obj => "obj",
            Emit::Exe => "exe",
            Emit::Asm => "asm",
        }
    }
}

/// The command line of this process; on an error or a request for help or the version, prints
/// it and exits as clap does.
pub fn parse() -> Cli {
    let args: Vec<OsString> = std::env::args_os().collect();
    let name = args.get(1).and_then(|a| a.to_str());
    // The subcommand alone, with the attributes the derive gives it in the whole tree.
    let one = match name {
        Some("check") => CheckArgs::augment_args(clap::Command::new("check")),
        Some("run") => RunArgs::augment_args(clap::Command::new("run")),
        Some("debug") => DebugArgs::augment_args(clap::Command::new("debug")),
        Some("build") => BuildArgs::augment_args(clap::Command::new("build")),
        Some("fmt") => FmtArgs::augment_args(clap::Command::new("fmt")),
        Some("opt") => OptArgs::augment_args(clap::Command::new("opt")),
        Some("serve") => ServeArgs::augment_args(clap::Command::new("serve")),
        _ => return Cli::parse_from(args),
    };
    let top = clap::Command::new("irplay")
        .version(env!("CARGO_PKG_VERSION"))
        .about("An LLVM IR playground: check, format and run LLVM IR")
        .subcommand_required(true)
        .arg_required_else_help(true)
        .subcommand(one);
    let parsed = top.try_get_matches_from(args).and_then(|mut m| Cli::from_arg_matches_mut(&mut m));
    parsed.unwrap_or_else(|e| e.exit())
}
