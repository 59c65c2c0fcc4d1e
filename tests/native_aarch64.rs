//! The `native_aarch64` test harness: the AArch64 code generator checked through the `irplay`
//! binary, its executables (`irplay build --target aarch64 --emit exe`, linked by
//! `aarch64-linux-gnu-gcc`) run under `qemu-aarch64 -L /usr/aarch64-linux-gnu` (directly on an
//! AArch64 host). The same trials as `tests/native.rs` for x86-64, with the same oracles:
//!
//! * `interp/<name>` for every `tests/ir/interp/*.ll` whose run ends normally and
//!   `learn/<name>` for every `examples/learn/*.ll` that does: `irplay run --engine native
//!   --target aarch64` (an executable under qemu, with the file's stdin and arguments) must
//!   print the interpreter's stdout golden and exit with its status.
//! * `corpus/<name>` for every `NAME-VARIANT.ll` of the run corpus (`target/run-corpus`, override
//!   `IRPLAY_RUN_CORPUS`; `IRPLAY_NO_CORPUS=1` skips it): built as an executable and run under
//!   qemu's default CPU (`max`: every optional extension), exactly the x86-64 clang-19
//!   program's stdout and exit status (`NAME.expected`; csmith's checksums do not depend on
//!   the target). `corpus-a53/<name>`: every module again through `irplay run --engine native
//!   --target aarch64 --cpu cortex-a53` (ARMv8.0-A without extensions: code that needs LSE
//!   atomics or later instructions faults there).
//! * `native/<name>` for every `tests/ir/native/*.ll`: run against its stdout golden, and
//!   `asm/<name>`: `irplay build --target aarch64 --emit asm` must print the listing golden
//!   `NAME.ll.aarch64.asm` (`BLESS=1` writes it; review the diff).
//! * `objdump/<name>` for every `tests/ir/interp/*.ll` and `tests/ir/native/*.ll` the code
//!   generator compiles: `llvm-objdump-19 -d -r` reads the `--emit obj` object without an
//!   error, warning or `<unknown>` instruction, and disassembles every instruction of the
//!   listing to the listing's text (numbers compared by value, `<symbol>` annotations
//!   dropped); ignored without `llvm-objdump-19`.
//! * `fault/<name>` for every `tests/ir/interp/*.ll` whose run is undefined behaviour the
//!   hardware catches: the executable's fault reporter must exit 70, name the fault and report
//!   it at the interpreter's `FILE:LINE:COL`, after the program's stdout so far.
//! * `directives/unread`: no `; UNSUPPORTED-AARCH64:` line in a `tests/ir` file no trial reads.
//!
//! Refusals are expectations, as for x86-64: a `tests/ir` file says `; UNSUPPORTED-AARCH64:
//! <construct>`, a run-corpus module is listed in `tests/native-aarch64-unsupported.txt`; a
//! module refused for another construct, or no longer refused, fails.
//!
//! Without `qemu-aarch64` or `aarch64-linux-gnu-gcc` on an x86-64 host the trials fail with
//! what to install (scripts/setup-test-deps.sh installs both). `IRPLAY_TEST_TIMEOUT=secs`
//! limits every run (default 30: qemu is slower than the hardware).

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
use engine::{corpus_trials, print_tallies, standard_trials, Engine, Families, Mode};
use native_trials::{native_trials, NativeOptions};

/// The run corpus's expected refusals, relative to the repository root.
const CORPUS_LIST: &str = "tests/native-aarch64-unsupported.txt";
const DIRECTIVE: &str = "UNSUPPORTED-AARCH64:";
/// `tests/ir` files whose IR is written for x86-64 (its run on AArch64 must differ).
/// The CPU of the second corpus run: ARMv8.0-A, no optional extension.
const PLAIN_CPU: &str = "cortex-a53";

/// The command that runs an AArch64 executable here (`--cpu`: qemu's CPU).
fn runner(cpu: Option<&str>) -> Vec<String> {
    if cfg!(target_arch = "aarch64") {
        return Vec::new();
    }
    let qemu = std::env::var("IRPLAY_QEMU").unwrap_or_else(|_| "qemu-aarch64".into());
    let mut r = vec![qemu];
    if let Some(cpu) = cpu {
        r.extend(["-cpu".to_string(), cpu.to_string()]);
    }
    r.extend(["-L".to_string(), "/usr/aarch64-linux-gnu".to_string()]);
    r
}

fn main() {
    let args = Arguments::from_args();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let irplay = PathBuf::from(env!("CARGO_BIN_EXE_irplay"));
    let bless = std::env::var("BLESS").is_ok_and(|v| !v.is_empty() && v != "0");
    let limit = Duration::from_secs(
        std::env::var("IRPLAY_TEST_TIMEOUT").ok().and_then(|s| s.parse().ok()).unwrap_or(30),
    );
    let scratch = root.join("target").join("irplay-tests").join("native-aarch64");
    let engine = |run_args: &[&str], cpu: Option<&str>, scratch: PathBuf| {
        Arc::new(Engine {
            name: "native",
            label: "the AArch64 native engine",
            directive: DIRECTIVE,
            list: CORPUS_LIST,
            target: "aarch64",
            run_args: run_args.iter().map(|a| a.to_string()).collect(),
            runner: runner(cpu),
            irplay: irplay.clone(),
            scratch,
            limit,
            tally: Mutex::new(Default::default()),
        })
    };
    let max = engine(&["--target", "aarch64"], None, scratch.clone());
    let plain =
        engine(&["--target", "aarch64", "--cpu", PLAIN_CPU], Some(PLAIN_CPU), scratch.join("a53"));
    let mut trials = Vec::new();
    let options = Arc::new(NativeOptions {
        asm_suffix: ".aarch64.asm",
        objdump_matches_listing: true,
        faults: &[("fault", Mode::InProcess)],
        bless,
    });
    let judged = native_trials(&max, &root, &options, &mut trials);
    let families = Families {
        interp: &[("interp", Mode::InProcess)],
        learn: &[("learn", Mode::InProcess)],
        corpus: &[("corpus", Mode::Exe)],
    };
    let stale = standard_trials(&max, &root, &families, judged, &mut trials);
    corpus_trials(&plain, &root, &[("corpus-a53", Mode::InProcess)], &|_| true, &mut trials);
    let conclusion = libtest_mimic::run(&args, trials);
    print_tallies(&max, "the native program or the interpreter golden", &stale);
    print_tallies(&plain, &format!("the native program, qemu -cpu {PLAIN_CPU}"), &[]);
    conclusion.exit();
}
