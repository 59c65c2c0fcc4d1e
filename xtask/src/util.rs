//! Helpers shared by the benchmarks: paths, statistics, JSON text, building
//! `irplay`, and running a child with wall time, peak RSS and a time limit.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The workspace root: the parent of this package's manifest directory
/// (set by cargo at run time; the compile-time value as a fallback).
pub(crate) fn repo_root() -> PathBuf {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")));
    dir.parent().map(Path::to_path_buf).unwrap_or(dir)
}

pub(crate) fn target_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) => root.join(d),
        None => root.join("target"),
    }
}

/// `path` relative to `root` when it is inside it, for messages and JSON.
pub(crate) fn rel(root: &Path, path: &Path) -> String {
    path.strip_prefix(root).unwrap_or(path).display().to_string()
}

pub(crate) fn have(tool: &str) -> bool {
    Command::new(tool).arg("--version").stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok()
}

pub(crate) fn median(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n == 0 {
        f64::NAN
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

pub(crate) fn min(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::INFINITY, f64::min)
}

pub(crate) fn mb(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

pub(crate) fn json_num(x: f64) -> String {
    if x.is_finite() {
        format!("{}", (x * 10000.0).round() / 10000.0)
    } else {
        "null".into()
    }
}

pub(crate) fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\t' => o.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

/// Builds `irplay` in release (unless `build` is false) and returns its path
/// and `"ok"` or why it is not available.
pub(crate) fn build_irplay(root: &Path, target: &Path, build: bool) -> (PathBuf, String) {
    let irplay = target.join("release").join(format!("irplay{}", std::env::consts::EXE_SUFFIX));
    let mut status = "ok".to_string();
    if build {
        eprintln!("xtask: cargo build --release -p irplay");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let ok = Command::new(cargo)
            .args(["build", "--release", "-p", "irplay"])
            .current_dir(root)
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        if !ok {
            status = "build failed".into();
        }
    }
    if status == "ok" && !irplay.exists() {
        status = format!("{} missing", rel(root, &irplay));
    }
    (irplay, status)
}

/// A command line for messages and JSON: absolute paths inside `root` made relative.
pub(crate) fn show_argv(root: &Path, argv: &[OsString]) -> String {
    argv.iter()
        .map(|a| {
            let p = Path::new(a);
            if p.is_absolute() {
                rel(root, p)
            } else {
                a.to_string_lossy().into_owned()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------------------
// Running a child with wall time and peak RSS
// ---------------------------------------------------------------------------

pub(crate) struct Sample {
    pub(crate) wall: f64,
    pub(crate) rss_kb: u64,
}

/// What one run of a child did.
pub(crate) struct Outcome {
    /// Seconds, measured here with `Instant` around the child.
    pub(crate) wall: f64,
    /// CPU seconds (user + system) of the child, from the usage of reaped children
    /// ([`children_cpu`] before and after it); 0 when not measured.
    pub(crate) cpu: f64,
    /// Peak RSS in KiB (0 when unknown, e.g. after a timeout).
    pub(crate) rss_kb: u64,
    /// `None` when the run was stopped at its time limit.
    pub(crate) status: Option<ExitStatus>,
    pub(crate) stdout: Vec<u8>,
    pub(crate) stderr: Vec<u8>,
    /// GNU time's own line about an abnormal exit (`Command terminated by signal 6`).
    pub(crate) time_note: Option<String>,
}

impl Outcome {
    pub(crate) fn success(&self) -> bool {
        self.status.is_some_and(|s| s.success())
    }

    /// Why the run failed, for a report: the status and the first lines of its output.
    pub(crate) fn failure(&self, timeout: Option<Duration>) -> String {
        match self.status {
            None => {
                format!("timed out after {:.1} s", timeout.map_or(self.wall, |t| t.as_secs_f64()))
            }
            Some(st) => {
                let mut msg = child_failure(&st, &self.stdout, &self.stderr);
                if let Some(n) = &self.time_note {
                    msg = format!("{} ({n})", msg);
                }
                msg
            }
        }
    }
}

pub(crate) enum RssTimer {
    /// GNU time at this path: `time -f '%e %M' -o FILE cmd...`.
    GnuTime(PathBuf),
    /// Poll /proc/PID/status VmHWM while the child runs (may miss the peak).
    Poll,
}

impl RssTimer {
    pub(crate) fn detect() -> RssTimer {
        let candidates = std::env::var_os("GNU_TIME")
            .map(PathBuf::from)
            .into_iter()
            .chain([PathBuf::from("/usr/bin/time")]);
        for c in candidates {
            let out = Command::new(&c).arg("--version").stdin(Stdio::null()).output();
            if let Ok(out) = out {
                let text = format!(
                    "{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
                if text.contains("GNU") {
                    return RssTimer::GnuTime(c);
                }
            }
        }
        RssTimer::Poll
    }

    pub(crate) fn describe(&self) -> &'static str {
        match self {
            RssTimer::GnuTime(_) => "GNU time %M (maxrss of the child)",
            RssTimer::Poll => "polled /proc/PID/status VmHWM (approximate)",
        }
    }

    /// Runs `argv` once and fails unless it exits with 0 (see [`RssTimer::exec`]).
    pub(crate) fn run(&self, argv: &[OsString], scratch: &Path) -> Result<Sample, String> {
        let o = self.exec(argv, scratch, None)?;
        if !o.success() {
            return Err(o.failure(None));
        }
        Ok(Sample { wall: o.wall, rss_kb: o.rss_kb })
    }

    /// Runs `argv` once with its standard output and error in files in the
    /// directory `scratch` (so that a chatty child cannot block on a pipe),
    /// stopping it (and its children) after `timeout`. Wall time is measured
    /// here with `Instant` around the child (for GNU time, around `time`
    /// itself, whose overhead is a fork/exec). `Err` only when it cannot start.
    pub(crate) fn exec(
        &self,
        argv: &[OsString],
        scratch: &Path,
        timeout: Option<Duration>,
    ) -> Result<Outcome, String> {
        let out_path = scratch.join(".child.stdout");
        let err_path = scratch.join(".child.stderr");
        let time_path = scratch.join(".child.time");
        let _ = fs::remove_file(&time_path);
        let create = |p: &Path| {
            fs::File::create(p).map_err(|e| format!("cannot create {}: {e}", p.display()))
        };
        let mut cmd = match self {
            RssTimer::GnuTime(time) => {
                let mut c = Command::new(time);
                c.args(["-f", "%e %M", "-o"]).arg(&time_path).args(argv);
                c
            }
            RssTimer::Poll => {
                let mut c = Command::new(&argv[0]);
                c.args(&argv[1..]);
                c
            }
        };
        cmd.stdin(Stdio::null()).stdout(create(&out_path)?).stderr(create(&err_path)?);
        let start = Instant::now();
        let mut child =
            cmd.spawn().map_err(|e| format!("cannot run {}: {e}", argv[0].to_string_lossy()))?;
        let pid = child.id();
        let mut rss_kb = 0u64;
        let (status, end) = match self {
            RssTimer::GnuTime(_) => {
                // Wait in a thread so that the end time is taken as soon as
                // the child exits; the limit is a receive timeout here.
                let (tx, rx) = mpsc::channel();
                let waiter = std::thread::spawn(move || {
                    let st = child.wait();
                    let _ = tx.send((st, Instant::now()));
                });
                let got = match timeout {
                    Some(t) => rx.recv_timeout(t).ok(),
                    None => rx.recv().ok(),
                };
                let r = match got {
                    Some((st, end)) => (Some(st.map_err(|e| e.to_string())?), end),
                    None => {
                        kill_tree(pid);
                        let _ = rx.recv();
                        (None, Instant::now())
                    }
                };
                let _ = waiter.join();
                r
            }
            RssTimer::Poll => {
                let status_path = format!("/proc/{pid}/status");
                loop {
                    if let Ok(s) = fs::read_to_string(&status_path) {
                        if let Some(v) = s.lines().find_map(|l| l.strip_prefix("VmHWM:")) {
                            rss_kb = rss_kb
                                .max(v.trim().trim_end_matches("kB").trim().parse().unwrap_or(0));
                        }
                    }
                    if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
                        break (Some(st), Instant::now());
                    }
                    if timeout.is_some_and(|t| start.elapsed() >= t) {
                        let _ = child.kill();
                        let _ = child.wait();
                        break (None, Instant::now());
                    }
                    std::thread::sleep(Duration::from_millis(2));
                }
            }
        };
        let wall = end.duration_since(start).as_secs_f64();
        let mut time_note = None;
        if let (RssTimer::GnuTime(_), Some(_)) = (self, status) {
            let text = fs::read_to_string(&time_path)
                .map_err(|e| format!("cannot read GNU time output: {e}"))?;
            let last = text.lines().last().unwrap_or("");
            rss_kb = last
                .split_whitespace()
                .nth(1)
                .and_then(|x| x.parse().ok())
                .ok_or_else(|| format!("unexpected GNU time output `{text}`"))?;
            time_note = text.lines().find(|l| l.starts_with("Command ")).map(str::to_string);
        }
        let stdout = fs::read(&out_path).unwrap_or_default();
        let stderr = fs::read(&err_path).unwrap_or_default();
        for p in [&out_path, &err_path, &time_path] {
            let _ = fs::remove_file(p);
        }
        Ok(Outcome { wall, cpu: 0.0, rss_kb, status, stdout, stderr, time_note })
    }
}

/// CPU seconds (user + system) used so far by the children of this process that have been
/// waited for (`getrusage(RUSAGE_CHILDREN)`): the difference around one child's run is that
/// child's CPU time when it is the only child reaped meanwhile.
pub(crate) fn children_cpu() -> f64 {
    // SAFETY: an all-zero rusage is a valid value, and getrusage only writes into it.
    let mut ru: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `ru` is a valid rusage for getrusage to fill.
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut ru) };
    let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    tv(ru.ru_utime) + tv(ru.ru_stime)
}

/// Kills `pid` and its descendants (found through /proc), children first.
fn kill_tree(pid: u32) {
    let mut pids = Vec::new();
    let mut stack = vec![pid];
    while let Some(p) = stack.pop() {
        pids.push(p);
        if let Ok(s) = fs::read_to_string(format!("/proc/{p}/task/{p}/children")) {
            stack.extend(s.split_whitespace().filter_map(|x| x.parse::<u32>().ok()));
        }
    }
    for p in pids.iter().rev() {
        let _ = Command::new("kill")
            .args(["-KILL", &p.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

pub(crate) fn child_failure(status: &ExitStatus, stdout: &[u8], stderr: &[u8]) -> String {
    let mut msg = format!("exited with {status}");
    let text = format!("{}{}", String::from_utf8_lossy(stdout), String::from_utf8_lossy(stderr));
    let text: String = text.lines().take(10).collect::<Vec<_>>().join("\n    ");
    if !text.is_empty() {
        msg.push_str(":\n    ");
        msg.push_str(&text);
    }
    msg
}

/// Checks that every program of `tools` can be started; names the first missing one on stderr
/// (with how to install it) and returns false if any is missing.
pub(crate) fn require_tools(tools: &[&str]) -> bool {
    match tools.iter().find(|t| !have(t)) {
        Some(t) => {
            eprintln!("xtask: `{t}` not found (run scripts/setup-test-deps.sh)");
            false
        }
        None => true,
    }
}

/// A command a benchmark times: its key in the JSON, its label, its argv, and its samples (or
/// why it failed).
pub(crate) struct Tool {
    pub(crate) key: &'static str,
    pub(crate) label: &'static str,
    pub(crate) argv: Vec<OsString>,
    pub(crate) samples: Vec<Sample>,
    pub(crate) error: Option<String>,
}

impl Tool {
    pub(crate) fn new(key: &'static str, label: &'static str, argv: Vec<OsString>) -> Tool {
        Tool { key, label, argv, samples: Vec::new(), error: None }
    }

    /// True when every run succeeded and there was at least one.
    pub(crate) fn ok(&self) -> bool {
        self.error.is_none() && !self.samples.is_empty()
    }

    /// The wall times, in seconds.
    pub(crate) fn times(&self) -> Vec<f64> {
        self.samples.iter().map(|s| s.wall).collect()
    }

    /// The peak RSS of each run, in KiB.
    pub(crate) fn rss(&self) -> Vec<f64> {
        self.samples.iter().map(|s| s.rss_kb as f64).collect()
    }

    /// The median wall time, when the tool ran.
    pub(crate) fn median_wall(&self) -> Option<f64> {
        self.ok().then(|| median(&self.times()))
    }

    /// The median peak RSS in MiB, when the tool ran.
    pub(crate) fn median_rss_mb(&self) -> Option<f64> {
        self.ok().then(|| median(&self.rss()) / 1024.0)
    }
}

/// Runs each tool `reps` times after one warm-up run, the tools alternating (so that a noisy
/// stretch of a shared machine falls on all of them), in `scratch`. A tool that fails once is
/// not run again; its error is kept and said on stderr (`on` names the input).
pub(crate) fn run_alternating(
    tools: &mut [Tool],
    reps: usize,
    timer: &RssTimer,
    scratch: &Path,
    on: &str,
) {
    eprintln!("xtask: 1 warm-up + {reps} timed runs of each of {} tools, alternating", tools.len());
    for rep in 0..=reps {
        for tool in tools.iter_mut().filter(|t| t.error.is_none()) {
            match timer.run(&tool.argv, scratch) {
                Ok(s) if rep > 0 => tool.samples.push(s),
                Ok(_) => {}
                Err(e) => {
                    eprintln!("xtask: {} failed on {on}: {e}", tool.label);
                    tool.error = Some(e);
                }
            }
        }
    }
}
