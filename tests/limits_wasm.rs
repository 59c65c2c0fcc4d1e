//! `irplay run --engine wasm` keeps a run's limits as the interpreter does: the step limit
//! (124), the stack-depth limit (71), the memory limit (`malloc` returns null), the output
//! limit (72), each reported with where the program was; output arrives while the program
//! runs. The interpreter is the oracle where it keeps the same limit. Every child runs with a
//! deadline and a cap on its peak resident memory (VmHWM, polled), killed past either.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long any one child may run.
const DEADLINE: Duration = Duration::from_secs(120);
/// The peak resident memory any one child may reach, in KiB.
const MEMORY_CAP_KB: u64 = 600 << 10;

struct Out {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
    /// Peak resident memory in KiB (VmHWM, last seen before the child ended).
    peak_kb: u64,
}

/// Writes `ir` to a scratch file named `name` (the reports name it) and returns its path.
fn scratch(name: &str, ir: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("irplay-limits-wasm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let path = dir.join(name);
    std::fs::write(&path, ir).expect("scratch file");
    path
}

fn irplay(args: &[&str], file: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_irplay"))
        .arg("run")
        .arg(file.file_name().expect("name"))
        .args(args)
        .current_dir(file.parent().expect("dir"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("irplay runs")
}

/// The child's peak resident memory in KiB, while it runs.
fn vm_hwm(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Waits for `child`, killing it past the deadline or the memory cap (a test failure).
fn finish(mut child: Child) -> Out {
    let mut out_pipe = child.stdout.take().expect("stdout");
    let mut err_pipe = child.stderr.take().expect("stderr");
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out_pipe.read_to_end(&mut v);
        v
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err_pipe.read_to_end(&mut v);
        v
    });
    let start = Instant::now();
    let mut peak = 0;
    let status = loop {
        if let Some(s) = child.try_wait().expect("wait") {
            break s;
        }
        peak = vm_hwm(child.id()).unwrap_or(0).max(peak);
        let over = peak > MEMORY_CAP_KB;
        if over || start.elapsed() > DEADLINE {
            let _ = child.kill();
            let _ = child.wait();
            panic!("killed: peak memory {peak} KiB, {:?} elapsed", start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    Out {
        code: status.code(),
        stdout: out.join().expect("stdout thread"),
        stderr: String::from_utf8_lossy(&err.join().expect("stderr thread")).into_owned(),
        peak_kb: peak,
    }
}

fn run(file: &Path, args: &[&str]) -> Out {
    finish(irplay(args, file))
}

fn wasm(file: &Path, args: &[&str]) -> Out {
    let mut a = vec!["--engine", "wasm"];
    a.extend_from_slice(args);
    run(file, &a)
}

const LOOP: &str = "define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %j = add i32 %i, 1
  br label %loop
}
";

const RECURSION: &str = "define i32 @f(i32 %n) {
  %m = add i32 %n, 1
  %r = call i32 @f(i32 %m)
  ret i32 %r
}

define i32 @main() {
  %r = call i32 @f(i32 0)
  ret i32 %r
}
";

/// Allocates blocks of 1 MiB (each filled) until `malloc` returns null, then says how many
/// it got.
const ALLOCATE: &str = "@fmt = private constant [12 x i8] c\"got %d MiB\\0A\\00\"
declare ptr @malloc(i64)
declare i32 @printf(ptr, ...)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define i32 @main() {
entry:
  br label %loop
loop:
  %n = phi i32 [ 0, %entry ], [ %n1, %body ]
  %p = call ptr @malloc(i64 1048576)
  %null = icmp eq ptr %p, null
  br i1 %null, label %done, label %body
body:
  call void @llvm.memset.p0.i64(ptr %p, i8 1, i64 1048576, i1 false)
  %n1 = add i32 %n, 1
  br label %loop
done:
  %r = call i32 (ptr, ...) @printf(ptr @fmt, i32 %n)
  ret i32 0
}
";

/// Prints a line, then more lines forever.
const PRINT: &str = "@first = private constant [7 x i8] c\"first\\0A\\00\"
@s = private constant [6 x i8] c\"line\\0A\\00\"
declare i32 @printf(ptr, ...)

define i32 @main() {
entry:
  %f = call i32 (ptr, ...) @printf(ptr @first)
  br label %loop
loop:
  %r = call i32 (ptr, ...) @printf(ptr @s)
  br label %loop
}
";

/// A loop of ten iterations with a call in it: a known number of steps.
const COUNTED: &str = "define i32 @g(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}

define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %j, %loop ]
  %s = phi i32 [ 0, %entry ], [ %t, %loop ]
  %v = call i32 @g(i32 %i)
  %t = add i32 %s, %v
  %j = add i32 %i, 1
  %c = icmp ult i32 %j, 10
  br i1 %c, label %loop, label %end
end:
  %r = and i32 %t, 127
  ret i32 %r
}
";

/// The first `n` lines of a report.
fn head(s: &str, n: usize) -> Vec<&str> {
    s.lines().take(n).collect()
}

#[test]
fn an_endless_loop_stops_at_the_step_limit_in_the_loop() {
    let f = scratch("loop.ll", LOOP);
    let w = wasm(&f, &["--max-steps", "100000"]);
    assert_eq!(w.code, Some(124), "{}", w.stderr);
    let i = run(&f, &["--max-steps", "100000"]);
    assert_eq!(i.code, Some(124), "{}", i.stderr);
    assert_eq!(head(&w.stderr, 1), head(&i.stderr, 1), "the interpreter's words");
    assert_eq!(
        head(&w.stderr, 3),
        [
            "error: the step limit (100000 instructions) was reached; raise it with --max-steps",
            "  at loop.ll:6:3 (in @main)",
            "      %j = add i32 %i, 1",
        ]
    );
}

#[test]
fn the_step_count_is_the_interpreters() {
    let f = scratch("counted.ll", COUNTED);
    let stats = run(&f, &["--stats"]);
    assert_eq!(stats.code, Some(135 & 127), "{}", stats.stderr);
    let steps: u64 = stats
        .stderr
        .lines()
        .find_map(|l| l.strip_prefix("irplay: ")?.split(' ').next()?.parse().ok())
        .expect("the interpreter's step count");
    let enough = steps.to_string();
    let short = (steps - 1).to_string();
    for (budget, code) in [(&enough, 135 & 127), (&short, 124)] {
        let i = run(&f, &["--max-steps", budget]);
        let w = wasm(&f, &["--max-steps", budget]);
        assert_eq!(i.code, Some(code), "interp at {budget}: {}", i.stderr);
        assert_eq!(w.code, Some(code), "wasm at {budget}: {}", w.stderr);
    }
}

#[test]
fn endless_recursion_stops_at_the_depth_limit_with_the_interpreters_report() {
    let f = scratch("rec.ll", RECURSION);
    let i = run(&f, &["--max-stack-depth", "1000"]);
    let w = wasm(&f, &["--max-stack-depth", "1000"]);
    assert_eq!(i.code, Some(71), "{}", i.stderr);
    assert_eq!(w.code, Some(71), "{}", w.stderr);
    assert_eq!(head(&w.stderr, 3), head(&i.stderr, 3));
    assert_eq!(
        head(&w.stderr, 2),
        [
            "error: stack_overflow: call stack deeper than 1000 frames (calling @f); raise it with \
             --max-stack-depth",
            "  at rec.ll:3:3 (in @f)"
        ]
    );
    assert!(w.stderr.contains("  call stack: @f <- @f <- "), "{}", w.stderr);
    // At the default depth, the budget (not wasmtime's own stack) stops it too.
    let w = wasm(&f, &[]);
    assert_eq!(w.code, Some(71), "{}", w.stderr);
    assert!(w.stderr.starts_with("error: stack_overflow: call stack deeper than 100000 frames"));
}

#[test]
fn malloc_returns_null_at_the_memory_limit_as_in_the_interpreter() {
    let f = scratch("alloc.ll", ALLOCATE);
    let limit = "20000000";
    let i = run(&f, &["--max-memory", limit]);
    let w = wasm(&f, &["--max-memory", limit]);
    assert_eq!((i.code, w.code), (Some(0), Some(0)), "{} / {}", i.stderr, w.stderr);
    assert_eq!(String::from_utf8_lossy(&i.stdout), "got 19 MiB\n");
    assert_eq!(w.stdout, i.stdout, "the engines agree");
}

#[test]
fn the_memory_limit_bounds_the_process() {
    let f = scratch("alloc100.ll", ALLOCATE);
    let w = wasm(&f, &["--max-memory", "100000000"]);
    assert_eq!(w.code, Some(0), "{}", w.stderr);
    assert_eq!(String::from_utf8_lossy(&w.stdout), "got 95 MiB\n");
    // The limit, plus irplay itself, wasmtime and the module's stack: well under 64 MiB more.
    let bound = 100_000_000 / 1024 + (64 << 10);
    assert!(w.peak_kb < bound, "peak {} KiB (bound {bound} KiB)", w.peak_kb);
}

#[test]
fn endless_output_stops_at_the_output_limit() {
    let f = scratch("print.ll", PRINT);
    let w = wasm(&f, &["--max-output", "100000"]);
    assert_eq!(w.code, Some(72), "{}", w.stderr);
    assert_eq!(w.stdout.len(), 100_000, "exactly the limit's bytes are written");
    assert!(w.stdout.starts_with(b"first\nline\nline\n"));
    assert_eq!(
        head(&w.stderr, 2),
        [
            "error: the output limit (100000 bytes) was reached; raise it with --max-output",
            "  at print.ll:10:3 (in @main)"
        ]
    );
}

#[test]
fn output_arrives_while_the_program_runs() {
    let f = scratch("stream.ll", PRINT);
    // Endless output within generous limits: the first chunk must come long before the end.
    let mut child = irplay(&["--engine", "wasm", "--max-steps", "100000000000"], &f);
    let out = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(out).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(DEADLINE);
    let running = child.try_wait().expect("wait").is_none();
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(line.as_deref(), Ok("first\n"));
    assert!(running, "the first line came only when the program ended");
}
