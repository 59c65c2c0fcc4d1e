//! The `native` test harness: the x86-64 code generator checked through the `irplay` binary,
//! in process (`irplay run --engine native`) and as executables (`irplay build --target
//! x86_64 --emit exe`, linked by `cc`).
//!
//! One libtest-mimic trial per file and way of running it:
//!
//! * `interp/<name>` for every `tests/ir/interp/*.ll` whose run ends normally (`; EXIT:` not one
//!   of irplay's own statuses for undefined behaviour, errors, the step limit or abort):
//!   `irplay run --engine native` must print the interpreter's stdout golden and exit with its
//!   status (`NAME.ll.stdin`, if any, is its standard input; the arguments after ` -- ` on its
//!   `RUN:` line are its arguments, its `--env` options its environment). `exe/<name>`: the
//!   same through an executable (which, for a file with `; EXE-DIFFERS: <why>`, must end
//!   alike and print something else: an executable calls the C library's own `time`).
//! * `learn/<name>` for every `examples/learn/*.ll` that ends normally, the same way in process.
//! * `corpus/<name>` and `corpus-exe/<name>` for every `NAME-VARIANT.ll` of the run corpus
//!   (`target/run-corpus`, override `IRPLAY_RUN_CORPUS`; `IRPLAY_NO_CORPUS=1` skips it): in
//!   process and as an executable, exactly the native program's stdout and exit status
//!   (`NAME.expected`).
//! * `native/<name>` for every `tests/ir/native/*.ll` (small hand-written functions): run in
//!   process against its stdout golden (the interpreter's, checked by the `ir` harness), and
//!   `asm/<name>`: `irplay build --target x86_64 --emit asm` must print the listing golden
//!   `NAME.ll.asm` (`BLESS=1` writes it; review the diff).
//! * `objdump/<name>` for every `tests/ir/interp/*.ll` and `tests/ir/native/*.ll` the code
//!   generator compiles: the `--emit obj` object must be read by `llvm-objdump-19 -d -r`
//!   without an error or warning and without an instruction it cannot decode (`<unknown>`);
//!   ignored when `llvm-objdump-19` is not installed.
//! * `fault/<name>` for every `tests/ir/interp/*.ll` whose run is undefined behaviour the
//!   hardware catches (its stderr golden reports division by zero, `unreachable` or a null
//!   dereference): `irplay run --engine native` must exit 70, name the fault, and report it at
//!   the interpreter's `FILE:LINE:COL`, and print the program's stdout before the fault (the
//!   interpreter's golden `NAME.ll.stdout`, or nothing). `exe-fault/<name>`: the same through
//!   an executable of `--emit exe` (its fault reporter), whose stderr must also be exactly
//!   the in-process run's.
//! * `directives/unread`: no `; UNSUPPORTED-NATIVE:` line in a `tests/ir` file no trial reads.
//!
//! Refusals are expectations, never a pass by default, as in the `wasm` harness: a `tests/ir`
//! file the native engine is meant to refuse says `; UNSUPPORTED-NATIVE: <construct>`; a
//! run-corpus module is listed in `tests/native-unsupported.txt` as `MODULE.ll: <construct>`.
//! The trial passes only if the module is refused for a construct containing that text
//! (case-insensitive); one that is no longer refused fails and asks for the expectation to be
//! removed; any other refusal fails. A C library function the process (in process) or the
//! linker (executables) lacks counts as a refusal of `C library function @name`.
//!
//! `IRPLAY_TEST_TIMEOUT=secs` limits every run (default 20: the corpus's native programs end
//! within 5). The counts per family of trials (matching, refused as expected by construct,
//! failing) are printed at the end.

use libtest_mimic::Arguments;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

#[path = "harness/engine.rs"]
mod engine;
#[path = "harness/native_trials.rs"]
mod native_trials;
#[allow(dead_code)]
#[path = "harness/timed.rs"]
mod timed;
#[allow(dead_code)]
#[path = "harness/unsupported.rs"]
mod unsupported;
use engine::{print_tallies, standard_trials, Engine, Families, Mode};
use native_trials::{native_trials, NativeOptions};

/// The run corpus's expected refusals, relative to the repository root.
const CORPUS_LIST: &str = "tests/native-unsupported.txt";
const DIRECTIVE: &str = "UNSUPPORTED-NATIVE:";

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let irplay = PathBuf::from(env!("CARGO_BIN_EXE_irplay"));
    let bless = std::env::var("BLESS").is_ok_and(|v| !v.is_empty() && v != "0");
    let limit = Duration::from_secs(
        std::env::var("IRPLAY_TEST_TIMEOUT").ok().and_then(|s| s.parse().ok()).unwrap_or(20),
    );
    let engine = Arc::new(Engine {
        name: "native",
        label: "the native engine",
        directive: DIRECTIVE,
        list: CORPUS_LIST,
        target: "x86_64",
        run_args: Vec::new(),
        runner: Vec::new(),
        irplay,
        scratch: root.join("target").join("irplay-tests").join("native"),
        limit,
        tally: Mutex::new(Default::default()),
    });
    let mut trials = Vec::new();
    let options = Arc::new(NativeOptions {
        asm_suffix: ".asm",
        objdump_matches_listing: false,
        faults: &[("fault", Mode::InProcess), ("exe-fault", Mode::Exe)],
        bless,
    });
    let judged = native_trials(&engine, &root, &options, &mut trials);
    let families = Families {
        interp: &[("interp", Mode::InProcess), ("exe", Mode::Exe)],
        learn: &[("learn", Mode::InProcess)],
        corpus: &[("corpus", Mode::InProcess), ("corpus-exe", Mode::Exe)],
    };
    let stale = standard_trials(&engine, &root, &families, judged, &mut trials);
    let conclusion = libtest_mimic::run(&args, trials);
    print_tallies(&engine, "the native program or the interpreter golden", &stale);
    conclusion.exit();
}
