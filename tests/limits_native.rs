//! The run's limits kept by the native engine, on x86-64 (in process) and AArch64 (an
//! executable under `qemu-aarch64`), through the `irplay` binary, against the interpreter:
//! an endless loop stops at `--max-steps` (124, at the loop's IR line), an endless recursion
//! at `--max-stack-depth` (71, the interpreter's report plus the call stack), an endless
//! allocation sees null at `--max-memory` and prints what the interpreter prints, with the
//! process's peak memory bounded, endless output stops at `--max-output` (72), output arrives
//! while the run goes, and a closed stdout ends the run quietly.
//!
//! Every run has a time limit (killed after [`TIMEOUT`]) and a data-size limit
//! (`RLIMIT_DATA`, [`DATA_LIMIT`]) of its own.

use std::io::{BufRead as _, Read as _};
use std::os::unix::process::CommandExt as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const TIMEOUT: Duration = Duration::from_secs(120);
/// Writable private memory of one run (irplay's 256 MiB stack included).
const DATA_LIMIT: u64 = 2 << 30;

/// The native engines: x86-64 in process, AArch64 under qemu.
const NATIVE: [&[&str]; 2] =
    [&["--engine", "native"], &["--engine", "native", "--target", "aarch64"]];

/// A module in a scratch file, removed at the end.
struct Module(PathBuf);

impl Module {
    fn new(name: &str, text: &str) -> Module {
        let path =
            std::env::temp_dir().join(format!("irplay-limits-{}-{name}.ll", std::process::id()));
        std::fs::write(&path, text).expect("writes the module");
        Module(path)
    }
    fn path(&self) -> &str {
        self.0.to_str().expect("UTF-8 temp path")
    }
    /// The name reports give the file (`FILE:LINE:COL`).
    fn shown(&self) -> String {
        self.path().to_string()
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// How a run ended.
struct Out {
    code: Option<i32>,
    signal: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
    /// Peak resident memory of the run's process tree, KiB.
    max_rss_kib: i64,
}

/// `irplay run ENGINE ARGS`, with the time and memory limits.
fn command(engine: &[&str], args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_irplay"));
    c.arg("run").args(engine).args(args).stdin(Stdio::null());
    // SAFETY: only setrlimit between fork and exec.
    unsafe {
        c.pre_exec(|| {
            let l = libc::rlimit { rlim_cur: DATA_LIMIT, rlim_max: DATA_LIMIT };
            libc::setrlimit(libc::RLIMIT_DATA, &l);
            Ok(())
        });
    }
    c
}

/// Runs irplay to its end (reaped by `wait4`, which gives its peak memory).
#[allow(clippy::zombie_processes)]
fn run(engine: &[&str], args: &[&str]) -> Out {
    let mut child = command(engine, args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs irplay");
    let mut o = child.stdout.take().expect("stdout");
    let mut e = child.stderr.take().expect("stderr");
    let ot = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = o.read_to_end(&mut b);
        b
    });
    let et = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = e.read_to_end(&mut b);
        b
    });
    let pid = child.id() as libc::pid_t;
    let start = Instant::now();
    let (status, usage) = loop {
        let mut st = 0;
        // SAFETY: a zeroed rusage filled by wait4 of our own child.
        let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
        let r = unsafe { libc::wait4(pid, &mut st, libc::WNOHANG, &mut ru) };
        if r == pid {
            break (st, ru);
        }
        assert!(r == 0, "wait4 failed");
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            panic!("irplay run {engine:?} {args:?} took longer than {TIMEOUT:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = ot.join().expect("stdout thread");
    let stderr = String::from_utf8_lossy(&et.join().expect("stderr thread")).into_owned();
    Out {
        code: libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status)),
        signal: libc::WIFSIGNALED(status).then(|| libc::WTERMSIG(status)),
        stdout,
        stderr,
        max_rss_kib: usage.ru_maxrss,
    }
}

const LOOP: &str = "\
declare i32 @puts(ptr)

@s = constant [6 x i8] c\"start\\00\"

define i32 @main() {
entry:
  call i32 @puts(ptr @s)
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %j, %loop ]
  %j = add i64 %i, 1
  br label %loop
}
";

#[test]
fn an_endless_loop_stops_at_the_step_limit() {
    let m = Module::new("loop", LOOP);
    let interp = run(&[], &["--max-steps", "1000", m.path()]);
    assert_eq!(interp.code, Some(124), "{}", interp.stderr);
    let expected = format!(
        "error: the step limit (1000 instructions) was reached; raise it with --max-steps\n  at \
         {}:11:3 (in @main)\n      %j = add i64 %i, 1\n",
        m.shown()
    );
    assert_eq!(interp.stderr, expected);
    for engine in NATIVE {
        let out = run(engine, &["--max-steps", "1000", m.path()]);
        assert_eq!(out.code, Some(124), "{engine:?}: {}", out.stderr);
        assert_eq!(out.stderr, expected, "{engine:?}");
        assert_eq!(out.stdout, b"start\n", "{engine:?}");
    }
}

const RECURSION: &str = "\
define i32 @f(i32 %n) {
  %m = add i32 %n, 1
  %r = call i32 @f(i32 %m)
  ret i32 %r
}

define i32 @main() {
  %r = call i32 @f(i32 0)
  ret i32 %r
}
";

#[test]
fn an_endless_recursion_stops_at_the_depth_limit() {
    let m = Module::new("recursion", RECURSION);
    let interp = run(&[], &["--max-stack-depth", "50", m.path()]);
    assert_eq!(interp.code, Some(71), "{}", interp.stderr);
    assert!(interp.stderr.starts_with("error: stack_overflow: call stack deeper than 50 frames"));
    // 50 frames: @main and 49 of @f, the first 32 and last 8 shown.
    let stack = format!(
        "  call stack: {}@f <- ... (10 more) <- {}@main\n",
        "@f <- ".repeat(31),
        "@f <- ".repeat(7)
    );
    for engine in NATIVE {
        let out = run(engine, &["--max-stack-depth", "50", m.path()]);
        assert_eq!(out.code, Some(71), "{engine:?}: {}", out.stderr);
        // The interpreter's first three lines; its call stack line folds a run of one
        // function (`@f (x48)`), the native one shows the innermost and outermost frames.
        let head: String = interp.stderr.lines().take(3).map(|l| format!("{l}\n")).collect();
        assert_eq!(out.stderr, format!("{head}{stack}"), "{engine:?}");
    }
    // A deeper limit is kept too: 60 frames are allowed, the 61st is not.
    for engine in NATIVE {
        let out = run(engine, &["--max-stack-depth", "60", m.path()]);
        assert!(
            out.stderr.contains("deeper than 60 frames") && out.stderr.contains("(20 more)"),
            "{}",
            out.stderr
        );
    }
}

/// Allocates 1 MiB blocks and writes them until `malloc` returns null; prints the number of
/// blocks, in tens (the native engine counts usable sizes, a few KiB more per block than
/// the interpreter's requested sizes: the limits are chosen away from a ten's edge).
const ALLOCATION: &str = "\
declare ptr @malloc(i64)
declare ptr @memset(ptr, i32, i64)
declare i32 @printf(ptr, ...)

@fmt = constant [26 x i8] c\"null after about %d0 MiB\\0A\\00\"

define i32 @main() {
entry:
  br label %loop
loop:
  %n = phi i32 [ 0, %entry ], [ %n1, %ok ]
  %p = call ptr @malloc(i64 1048576)
  %z = icmp eq ptr %p, null
  br i1 %z, label %done, label %ok
ok:
  call ptr @memset(ptr %p, i32 1, i64 1048576)
  %n1 = add i32 %n, 1
  br label %loop
done:
  %t = udiv i32 %n, 10
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %t)
  ret i32 0
}
";

#[test]
fn an_endless_allocation_sees_null_at_the_memory_limit() {
    let m = Module::new("allocation", ALLOCATION);
    for (limit, shown) in [("100000000", "90"), ("150000000", "140")] {
        let interp = run(&[], &["--max-memory", limit, m.path()]);
        assert_eq!(interp.code, Some(0), "{}", interp.stderr);
        assert_eq!(interp.stdout, format!("null after about {shown} MiB\n").as_bytes());
        for engine in NATIVE {
            let out = run(engine, &["--max-memory", limit, m.path()]);
            assert_eq!(out.code, Some(0), "{engine:?}: {}", out.stderr);
            assert_eq!(out.stdout, interp.stdout, "{engine:?}");
            // The limit plus irplay's own (and qemu's) memory.
            let bound = limit.parse::<i64>().unwrap_or(0) / 1024 + 160 * 1024;
            assert!(out.max_rss_kib < bound, "{engine:?}: peak {} KiB", out.max_rss_kib);
        }
    }
}

/// Prints `0123456789\n` forever.
const OUTPUT: &str = "\
declare i32 @puts(ptr)

@s = constant [11 x i8] c\"0123456789\\00\"

define i32 @main() {
entry:
  br label %loop
loop:
  call i32 @puts(ptr @s)
  br label %loop
}
";

#[test]
fn endless_output_stops_at_the_output_limit() {
    let m = Module::new("output", OUTPUT);
    let expected: Vec<u8> = b"0123456789\n".iter().copied().cycle().take(1000).collect();
    for engine in NATIVE {
        let out = run(engine, &["--max-output", "1000", m.path()]);
        assert_eq!(out.code, Some(72), "{engine:?}: {}", out.stderr);
        assert_eq!(out.stdout, expected, "{engine:?}");
        assert_eq!(
            out.stderr,
            "error: the output limit (1000 bytes) was reached; raise it with --max-output\n"
        );
    }
}

/// Spawns `irplay run ENGINE FILE` and reads the first line of its stdout (within
/// [`TIMEOUT`]); the stdout pipe is closed after it.
fn first_line(engine: &[&str], file: &str) -> (std::process::Child, String) {
    let mut child = command(engine, &[file])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs irplay");
    let out = child.stdout.take().expect("stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut r = std::io::BufReader::new(out);
        let mut line = String::new();
        let _ = r.read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = match rx.recv_timeout(TIMEOUT) {
        Ok(l) => l,
        Err(_) => {
            let _ = child.kill();
            panic!("{engine:?}: no line arrived");
        }
    };
    let _ = reader.join();
    (child, line)
}

/// Waits (within [`TIMEOUT`]) for `child` to end.
fn wait(engine: &[&str], child: &mut std::process::Child) -> std::process::ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(s) = child.try_wait().expect("waits") {
            return s;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            panic!("{engine:?}: the run did not end");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The first line arrives while the run goes on: the program flushes it, then loops until
/// the step limit, much later.
#[test]
fn output_arrives_while_the_run_goes() {
    let flushing = LOOP
        .replace("declare i32 @puts(ptr)\n", "declare i32 @puts(ptr)\ndeclare i32 @fflush(ptr)\n")
        .replace(
            "  call i32 @puts(ptr @s)\n",
            "  call i32 @puts(ptr @s)\n  call i32 @fflush(ptr null)\n",
        );
    let m = Module::new("flushing", &flushing);
    for engine in NATIVE {
        let (mut child, line) = first_line(engine, m.path());
        assert_eq!(line, "start\n", "{engine:?}");
        let going = child.try_wait().expect("waits").is_none();
        let _ = child.kill();
        let _ = child.wait();
        assert!(going, "{engine:?}: the run had ended before its first line arrived");
    }
}

/// A stdout closed while the program writes ends the run quietly (`SIGPIPE`, as it ends a
/// C program).
#[test]
fn a_closed_stdout_ends_the_run_quietly() {
    let m = Module::new("closed", OUTPUT);
    for engine in NATIVE {
        let (mut child, line) = first_line(engine, m.path());
        assert_eq!(line, "0123456789\n", "{engine:?}");
        let status = wait(engine, &mut child);
        use std::os::unix::process::ExitStatusExt as _;
        assert_eq!(status.signal(), Some(libc::SIGPIPE), "{engine:?}: {status:?}");
        let mut err = String::new();
        let _ = child.stderr.take().expect("stderr").read_to_string(&mut err);
        assert_eq!(err, "", "{engine:?}");
    }
}

/// Plain runs are unchanged: a program's status and output pass through.
#[test]
fn a_plain_run_keeps_its_status_and_output() {
    let m = Module::new("plain", "declare i32 @puts(ptr)\n@s = constant [3 x i8] c\"hi\\00\"\ndefine i32 @main() {\n  call i32 @puts(ptr @s)\n  ret i32 3\n}\n");
    for engine in NATIVE {
        let out = run(engine, &[m.path()]);
        assert_eq!((out.code, out.signal), (Some(3), None), "{engine:?}: {}", out.stderr);
        assert_eq!(out.stdout, b"hi\n");
        assert_eq!(out.stderr, "");
    }
}
