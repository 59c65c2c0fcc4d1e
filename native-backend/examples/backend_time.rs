//! The back end's compile time measured in process, for `cargo xtask bench native`:
//!
//! ```text
//! cargo run --release -p irplay-native --example backend_time -- [--reps N]
//!     [--target x86_64|aarch64] FILE.ll...
//! ```
//!
//! Per file: parse and verify once (untimed), then `--reps` times (default 7) lower the
//! module, compile it for the target (default x86-64) and write the ELF object, timing each phase by the CPU time
//! of this thread. Prints one line per file, the minimum of each phase over the repetitions
//! in seconds (and the minimum of their sums), then the object size:
//!
//! ```text
//! backend FILE lower=S codegen=S object=S total=S bytes=N
//! ```
//!
//! A file that does not parse, verify or compile prints `error FILE MESSAGE` (exit status 1).

use std::process::ExitCode;

/// CPU seconds of the calling thread.
fn thread_cpu() -> f64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid timespec for clock_gettime to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9
}

fn timed<R>(f: impl FnOnce() -> R) -> (R, f64) {
    let start = thread_cpu();
    let r = f();
    (r, thread_cpu() - start)
}

/// The minimum phase times and object size for one file.
fn measure(path: &str, reps: usize, target: irplay_native::Target) -> Result<[f64; 5], String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read: {e}"))?;
    let parsed = irplay_core::text::parse(&text);
    let m = parsed.module.ok_or_else(|| {
        parsed.diagnostics.first().map_or("does not parse".into(), |d| d.message.clone())
    })?;
    if let Some(d) = irplay_core::verify::verify(&m).first() {
        return Err(format!("invalid: {}", d.message));
    }
    let mut best = [f64::INFINITY; 4];
    let mut bytes = 0usize;
    let opts = irplay_native::Options::default();
    for _ in 0..reps {
        let (low, t_lower) = timed(|| irplay_native::lower(&m, target));
        let low = low.map_err(|e| format!("lower: {}", e.message))?;
        let (c, t_codegen) = timed(|| irplay_native::compile(&low, target, &opts));
        let c = c.map_err(|e| format!("codegen: {}", e.message))?;
        let (obj, t_object) = timed(|| irplay_native::object::write_elf(&c));
        let obj = obj.map_err(|e| format!("object: {e}"))?;
        bytes = obj.len();
        // Freeing is not timed (`irplay build` leaves it to the end of the process).
        drop((low, c, obj));
        let total = t_lower + t_codegen + t_object;
        for (b, t) in best.iter_mut().zip([t_lower, t_codegen, t_object, total]) {
            *b = b.min(t);
        }
    }
    Ok([best[0], best[1], best[2], best[3], bytes as f64])
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let mut reps = 7usize;
    let mut target = irplay_native::Target::X64;
    let mut files = Vec::new();
    while let Some(a) = args.next() {
        if a == "--reps" {
            match args.next().and_then(|v| v.parse().ok()) {
                Some(n) if n > 0 => reps = n,
                _ => {
                    eprintln!("backend_time: --reps needs a positive number");
                    return ExitCode::from(2);
                }
            }
        } else if a == "--target" {
            match args.next().as_deref().and_then(irplay_native::Target::from_name) {
                Some(t) => target = t,
                None => {
                    eprintln!("backend_time: --target needs x86_64 or aarch64");
                    return ExitCode::from(2);
                }
            }
        } else {
            files.push(a);
        }
    }
    let mut failed = false;
    for f in &files {
        match measure(f, reps, target) {
            Ok([lower, codegen, object, total, bytes]) => println!(
                "backend {f} lower={lower:.9} codegen={codegen:.9} object={object:.9} total={total:.9} bytes={bytes}"
            ),
            Err(e) => {
                failed = true;
                println!("error {f} {}", e.replace('\n', " "));
            }
        }
    }
    ExitCode::from(u8::from(failed))
}
