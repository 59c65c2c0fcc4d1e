//! `irplay run` keeps its limits against careless or hostile programs: an endless loop, endless
//! output, endless recursion, endless allocation and an endless input each end in the limit's
//! own exit status and report, with irplay's memory bounded, and a pipe closed early ends the
//! run quietly.
//!
//! Each run is a child process with a wall-clock deadline (killed past it) and an address-space
//! cap (`RLIMIT_AS`, so a regression ends in a failed allocation, not in the machine's memory);
//! its peak resident memory comes from `wait4`. The limits are small to keep the runs short.
//! The oracle is irplay's documented behaviour (README, `irplay run --help`): the exit statuses
//! 124, 72, 71, 141 and the reports' texts.

use std::io::Read;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long a run may take before it is killed.
const DEADLINE: Duration = Duration::from_secs(120);
/// The address space a run may map (irplay's main thread reserves a 256 MiB stack).
const ADDRESS_SPACE: u64 = 3 << 30;

/// How a run ended.
struct Ran {
    /// The exit status (`None`: killed by a signal).
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: String,
    /// Peak resident memory in bytes.
    peak: u64,
    /// The IR file run.
    path: String,
}

/// Writes `ir` to a scratch file named after `name`.
fn scratch(name: &str, ir: &str) -> String {
    let dir = std::env::temp_dir().join(format!("irplay-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let path = dir.join(format!("{name}.ll"));
    std::fs::write(&path, ir).expect("scratch file");
    path.display().to_string()
}

/// Runs `irplay run FILE ARGS...` on `ir` with `stdin`; reads at most `take` bytes of its
/// stdout (then closes the pipe), else all of it. (The child is reaped by `wait4`, for its
/// resource usage, not by `Child::wait`.)
#[allow(clippy::zombie_processes)]
fn run(name: &str, ir: &str, args: &[&str], stdin: Stdio, take: Option<usize>) -> Ran {
    let path = scratch(name, ir);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_irplay"));
    cmd.arg("run").arg(&path).args(args).stdin(stdin).stdout(Stdio::piped());
    cmd.stderr(Stdio::piped());
    // SAFETY: setrlimit is async-signal-safe and touches only the child.
    unsafe {
        cmd.pre_exec(|| {
            let lim = libc::rlimit { rlim_cur: ADDRESS_SPACE, rlim_max: ADDRESS_SPACE };
            if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("irplay runs");
    let pid = child.id() as libc::pid_t;
    let mut out = child.stdout.take().expect("stdout");
    let mut err = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        match take {
            Some(n) => {
                buf.resize(n, 0);
                let _ = out.read_exact(&mut buf);
                drop(out);
            }
            None => {
                let _ = out.read_to_end(&mut buf);
            }
        }
        buf
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let mut status = 0;
    // SAFETY: plain struct of integers, filled by wait4.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: waits for our own child; the pointers are to live locals.
        let r = unsafe { libc::wait4(pid, &mut status, libc::WNOHANG, &mut usage) };
        if r == pid {
            break;
        }
        assert!(r == 0, "wait4 failed for {name}");
        if start.elapsed() > DEADLINE {
            // SAFETY: signals our own child, not yet reaped.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    let stdout = reader.join().expect("stdout reader");
    let stderr = String::from_utf8_lossy(&err_reader.join().expect("stderr reader")).into_owned();
    Ran { code, stdout, stderr, peak: usage.ru_maxrss as u64 * 1024, path }
}

/// The bound the memory limit `limit` promises on irplay's peak resident memory.
fn bound(limit: u64) -> u64 {
    limit + limit / 4 + (30 << 20)
}

/// `FILE:LINE:COL` of the first line of `ir` containing `needle` (where its text starts).
fn pos_of(ran: &Ran, ir: &str, needle: &str) -> String {
    let (n, line) = ir.lines().enumerate().find(|(_, l)| l.contains(needle)).expect("needle");
    let col = line.len() - line.trim_start().len() + 1;
    format!("{}:{}:{col}", ran.path, n + 1)
}

const LOOP: &str = "define i32 @main() {
entry:
  br label %loop
loop:
  br label %loop
}
";

#[test]
fn an_endless_loop_stops_at_the_step_limit() {
    let r = run("loop", LOOP, &["--max-steps", "100000"], Stdio::null(), None);
    assert_eq!(r.code, Some(124), "stderr: {}", r.stderr);
    assert!(
        r.stderr.contains("the step limit (100000 instructions) was reached"),
        "stderr: {}",
        r.stderr
    );
}

const CHATTER: &str = "@s = private constant [6 x i8] c\"hello\\00\"
declare i32 @puts(ptr)

define void @chatter() {
entry:
  br label %loop
loop:
  %r = call i32 @puts(ptr @s)
  br label %loop
}

define i32 @main() {
  call void @chatter()
  ret i32 0
}
";

#[test]
fn endless_output_stops_at_the_output_limit_where_it_printed() {
    let r = run("chatter", CHATTER, &["--max-output", "100000"], Stdio::null(), None);
    assert_eq!(r.code, Some(72), "stderr: {}", r.stderr);
    // Exactly the limit's bytes, as the program wrote them.
    let want: Vec<u8> = b"hello\n".iter().copied().cycle().take(100_000).collect();
    assert!(r.stdout == want, "stdout of {} bytes", r.stdout.len());
    let at = pos_of(&r, CHATTER, "call i32 @puts");
    assert!(
        r.stderr.starts_with(
            "error: output_limit: the program's output reached the output limit of 100000 bytes"
        ) && r.stderr.contains(&format!("  at {at} (in @chatter)"))
            && r.stderr.contains("call stack: @chatter <- @main"),
        "stderr: {}",
        r.stderr
    );
}

#[test]
fn a_pipe_closed_early_ends_the_run_quietly() {
    let r = run("chatter-head", CHATTER, &[], Stdio::null(), Some(10));
    assert_eq!(r.stdout, b"hello\nhell");
    assert_eq!(r.code, Some(141), "stderr: {}", r.stderr);
    assert_eq!(r.stderr, "");
}

const RECURSION: &str = "define i32 @deep(i32 %n) {
  %r = call i32 @deep(i32 %n)
  %s = add i32 %r, 1
  ret i32 %s
}

define i32 @main() {
  %r = call i32 @deep(i32 1)
  ret i32 %r
}
";

#[test]
fn endless_recursion_stops_at_the_stack_depth_limit() {
    let r = run("recursion", RECURSION, &["--max-stack-depth", "2000"], Stdio::null(), None);
    assert_eq!(r.code, Some(71), "stderr: {}", r.stderr);
    let at = pos_of(&r, RECURSION, "call i32 @deep(i32 %n)");
    assert!(
        r.stderr.starts_with("error: stack_overflow: call stack deeper than 2000 frames")
            && r.stderr.contains(&format!("  at {at} (in @deep)"))
            && r.stderr.contains("call stack: @deep (x")
            && r.stderr.contains(") <- @main\n"),
        "stderr: {}",
        r.stderr
    );
}

/// Allocas of 1 MiB in a loop, each written once.
const STACK_HOG: &str = "define i32 @main() {
entry:
  br label %loop
loop:
  %p = alloca i8, i64 1048576
  store i8 1, ptr %p
  br label %loop
}
";

#[test]
fn endless_stack_allocation_stops_at_the_memory_limit_in_bounded_memory() {
    let limit = 64u64 << 20;
    let r = run("stack-hog", STACK_HOG, &["--max-memory", &limit.to_string()], Stdio::null(), None);
    assert_eq!(r.code, Some(71), "stderr: {}", r.stderr);
    let at = pos_of(&r, STACK_HOG, "alloca i8");
    assert!(
        r.stderr.starts_with("error: out_of_memory: allocating 1048576 bytes exceeds the memory limit of 67108864 bytes")
            && r.stderr.contains(&format!("  at {at} (in @main)")),
        "stderr: {}",
        r.stderr
    );
    assert!(r.peak <= bound(limit), "peak RSS {} over {}", r.peak, bound(limit));
}

/// Blocks of 64 KiB from `malloc`, each filled with `i32`s one store at a time, until
/// `malloc` returns null (then exit 3).
const HEAP_HOG: &str = "declare ptr @malloc(i64)

define i32 @main() {
entry:
  br label %block
block:
  %p = call ptr @malloc(i64 65536)
  %null = icmp eq ptr %p, null
  br i1 %null, label %full, label %fill
fill:
  %i = phi i64 [ 0, %block ], [ %j, %fill ]
  %q = getelementptr i32, ptr %p, i64 %i
  %v = trunc i64 %i to i32
  store i32 %v, ptr %q
  %j = add i64 %i, 1
  %more = icmp ult i64 %j, 16384
  br i1 %more, label %fill, label %block
full:
  ret i32 3
}
";

#[test]
fn endless_heap_allocation_stops_at_the_memory_limit_in_bounded_memory() {
    // A block's state of each byte is stored at its first store (4 bytes a byte) and given
    // back once the block is filled, so the program gets nearly the whole limit; the last
    // block's first store is what passes it.
    let limit = 16u64 << 20;
    let r = run("heap-hog", HEAP_HOG, &["--max-memory", &limit.to_string()], Stdio::null(), None);
    assert_eq!(r.code, Some(71), "stderr: {}", r.stderr);
    let at = pos_of(&r, HEAP_HOG, "store i32");
    let head = "error: out_of_memory: the interpreter's state of each byte of a heap block of \
                65536 bytes exceeds the memory limit of 16777216 bytes (";
    let in_use = r
        .stderr
        .strip_prefix(head)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse::<u64>().ok());
    assert!(
        in_use.is_some_and(|n| n > limit - (1 << 20))
            && r.stderr.contains(&format!("  at {at} (in @main)")),
        "stderr: {}",
        r.stderr
    );
    assert!(r.peak <= bound(limit), "peak RSS {} over {}", r.peak, bound(limit));
}

/// Blocks of 1 MiB from `malloc`, each `memset` whole, until `malloc` returns null (then
/// exit 3): a block filled whole keeps one state for all its bytes.
const MEMSET_HOG: &str = "declare ptr @malloc(i64)
declare void @llvm.memset.p0.i64(ptr, i8, i64, i1)

define i32 @main() {
entry:
  br label %block
block:
  %p = call ptr @malloc(i64 1048576)
  %null = icmp eq ptr %p, null
  br i1 %null, label %full, label %fill
fill:
  call void @llvm.memset.p0.i64(ptr %p, i8 7, i64 1048576, i1 false)
  br label %block
full:
  ret i32 3
}
";

#[test]
fn heap_blocks_set_whole_get_null_at_the_memory_limit_in_bounded_memory() {
    let limit = 48u64 << 20;
    let r =
        run("memset-hog", MEMSET_HOG, &["--max-memory", &limit.to_string()], Stdio::null(), None);
    assert_eq!(r.code, Some(3), "stderr: {}", r.stderr);
    assert!(r.peak <= bound(limit), "peak RSS {} over {}", r.peak, bound(limit));
}

/// Reads standard input forever.
const READER: &str = "declare i32 @getchar()

define i32 @main() {
entry:
  br label %loop
loop:
  %c = call i32 @getchar()
  br label %loop
}
";

#[test]
fn an_endless_input_is_read_as_needed_until_the_step_limit() {
    let zero = std::fs::File::open("/dev/zero").expect("/dev/zero");
    let r = run("reader", READER, &["--max-steps", "3000000"], Stdio::from(zero), None);
    assert_eq!(r.code, Some(124), "stderr: {}", r.stderr);
    assert!(r.stderr.contains("the step limit (3000000 instructions)"), "stderr: {}", r.stderr);
    assert!(r.peak <= 40 << 20, "peak RSS {}", r.peak);
}
