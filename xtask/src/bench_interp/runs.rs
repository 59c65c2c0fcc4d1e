//! One tool's runs on one compiled kernel (check run, timed runs, stdout
//! compared with the native program's), and the measurements of a kernel at
//! one optimization level.

use super::kernels::Kernel;
use crate::util::{json_num, json_str, median, min, show_argv, Outcome, RssTimer};
use std::ffi::OsString;
use std::fmt::Write as _;
use std::path::Path;
use std::time::Duration;

#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Status {
    Ok,
    Failed,
    Timeout,
    WrongOutput,
}

impl Status {
    pub(crate) fn name(self) -> &'static str {
        match self {
            Status::Ok => "ok",
            Status::Failed => "failed",
            Status::Timeout => "timeout",
            Status::WrongOutput => "wrong output",
        }
    }
}

/// `irplay run --stats`'s last stderr line: executed instructions, seconds, ns each.
#[derive(Clone, Copy)]
pub(crate) struct Stats {
    pub(crate) instructions: u64,
    pub(crate) secs: f64,
    pub(crate) ns: f64,
}

fn parse_stats(stderr: &[u8]) -> Option<Stats> {
    let text = String::from_utf8_lossy(stderr);
    let line = text
        .lines()
        .rev()
        .find(|l| l.starts_with("irplay: ") && l.contains(" instructions in "))?;
    let t: Vec<&str> = line.split_whitespace().collect();
    let instructions: u64 = t.get(1)?.parse().ok()?;
    let secs: f64 = t.get(4)?.parse().ok()?;
    let ns = t
        .get(6)
        .and_then(|x| x.trim_start_matches('(').parse().ok())
        .unwrap_or(secs * 1e9 / instructions.max(1) as f64);
    Some(Stats { instructions, secs, ns })
}

pub(crate) struct Run {
    pub(crate) wall: f64,
    pub(crate) rss_kb: u64,
    pub(crate) stats: Option<Stats>,
}

/// One tool on one compiled kernel.
pub(crate) struct Tool {
    pub(crate) key: &'static str,
    pub(crate) argv: Vec<OsString>,
    pub(crate) size: u64,
    /// Timed runs after the check run.
    pub(crate) reps: usize,
    /// The native program's stdout, when this tool is checked against it.
    pub(crate) expected: Option<Vec<u8>>,
    pub(crate) status: Status,
    pub(crate) error: Option<String>,
    pub(crate) runs: Vec<Run>,
    /// The check run's stdout (for the native program: the expected output).
    pub(crate) stdout: Vec<u8>,
}

impl Tool {
    pub(crate) fn new(
        key: &'static str,
        argv: Vec<OsString>,
        size: u64,
        reps: usize,
        expected: Option<Vec<u8>>,
    ) -> Tool {
        Tool {
            key,
            argv,
            size,
            reps,
            expected,
            status: Status::Ok,
            error: None,
            runs: Vec::new(),
            stdout: Vec::new(),
        }
    }
    pub(crate) fn ok(&self) -> bool {
        self.status == Status::Ok && !self.runs.is_empty()
    }
    pub(crate) fn times(&self) -> Vec<f64> {
        self.runs.iter().map(|r| r.wall).collect()
    }
    pub(crate) fn rss(&self) -> Vec<f64> {
        self.runs.iter().map(|r| r.rss_kb as f64).collect()
    }
    pub(crate) fn ns(&self) -> Option<f64> {
        let v: Vec<f64> = self.runs.iter().filter_map(|r| r.stats.map(|s| s.ns)).collect();
        (!v.is_empty()).then(|| median(&v))
    }
    pub(crate) fn instructions(&self) -> Option<u64> {
        self.runs.iter().find_map(|r| r.stats.map(|s| s.instructions))
    }

    /// Runs once (`rep` 0 is the untimed check run) unless already failed.
    pub(crate) fn step(
        &mut self,
        rep: usize,
        timer: &RssTimer,
        scratch: &Path,
        timeout: Duration,
        what: &str,
    ) {
        if self.status != Status::Ok || rep > self.reps {
            return;
        }
        let o: Outcome = match timer.exec(&self.argv, scratch, Some(timeout)) {
            Ok(o) => o,
            Err(e) => {
                self.fail(Status::Failed, e, what);
                return;
            }
        };
        if o.status.is_none() {
            self.fail(Status::Timeout, o.failure(Some(timeout)), what);
            return;
        }
        if !o.success() {
            let code = o
                .status
                .and_then(|s| s.code())
                .map_or("a signal".to_string(), |c| format!("status {c}"));
            let msg = format!("exited with {code}: {}", first_line(&o.stderr));
            self.fail(Status::Failed, msg, what);
            return;
        }
        if let Some(exp) = &self.expected {
            if &o.stdout != exp {
                let msg =
                    format!("stdout differs from the native program's: {}", diff(&o.stdout, exp));
                self.fail(Status::WrongOutput, msg, what);
                return;
            }
        }
        if rep == 0 {
            self.stdout = o.stdout;
        } else {
            let stats = if self.key.starts_with("irplay") { parse_stats(&o.stderr) } else { None };
            self.runs.push(Run { wall: o.wall, rss_kb: o.rss_kb, stats });
        }
    }

    pub(crate) fn fail(&mut self, status: Status, msg: String, what: &str) {
        eprintln!("xtask: {} {}: {}", self.key, what, msg);
        self.status = status;
        self.error = Some(msg);
        self.runs.clear();
    }

    pub(crate) fn json(&self, root: &Path) -> String {
        let mut j = format!(
            "{{\"command\": {}, \"size\": {}, \"status\": {}",
            json_str(&show_argv(root, &self.argv)),
            self.size,
            json_str(self.status.name())
        );
        if let Some(e) = &self.error {
            let _ = write!(j, ", \"error\": {}", json_str(e));
        }
        if self.ok() {
            let nums = |v: &[f64]| v.iter().map(|x| json_num(*x)).collect::<Vec<_>>().join(", ");
            let _ = write!(
                j,
                ", \"wall_s\": [{}], \"median_s\": {}, \"min_s\": {}, \"peak_rss_kb\": [{}], \"median_rss_kb\": {}",
                nums(&self.times()),
                json_num(median(&self.times())),
                json_num(min(&self.times())),
                self.runs.iter().map(|r| r.rss_kb.to_string()).collect::<Vec<_>>().join(", "),
                json_num(median(&self.rss()))
            );
            if let Some(n) = self.instructions() {
                let secs: Vec<f64> =
                    self.runs.iter().filter_map(|r| r.stats.map(|s| s.secs)).collect();
                let _ = write!(
                    j,
                    ", \"instructions\": {n}, \"interp_median_s\": {}, \"ns_per_instruction\": {}",
                    json_num(median(&secs)),
                    json_num(self.ns().unwrap_or(f64::NAN))
                );
            }
        }
        j.push('}');
        j
    }
}

pub(crate) fn first_line(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    let line =
        text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("(no output on stderr)");
    let mut s: String = line.chars().take(200).collect();
    if s.len() < line.len() {
        s.push_str("...");
    }
    s
}

/// Where two outputs first differ, by line.
fn diff(got: &[u8], want: &[u8]) -> String {
    let (g, w) = (String::from_utf8_lossy(got), String::from_utf8_lossy(want));
    let (gl, wl): (Vec<&str>, Vec<&str>) = (g.lines().collect(), w.lines().collect());
    let (mut gs, mut ws) = (gl.clone(), wl.clone());
    gs.sort_unstable();
    ws.sort_unstable();
    let order = if gs == ws { "the same lines in another order; first difference at " } else { "" };
    for i in 0..gl.len().max(wl.len()) {
        let (a, b) = (gl.get(i).copied(), wl.get(i).copied());
        if a != b {
            let show = |x: Option<&str>| {
                x.map_or("(end of output)".to_string(), |s| {
                    format!("`{}`", s.chars().take(100).collect::<String>())
                })
            };
            return format!("{order}line {}: got {}, expected {}", i + 1, show(a), show(b));
        }
    }
    format!("{} bytes, expected {} (line endings)", got.len(), want.len())
}

/// The measurements of one kernel at one level.
pub(crate) struct Case {
    pub(crate) kernel: &'static Kernel,
    pub(crate) level: &'static str,
    pub(crate) size: u64,
    pub(crate) ll: Option<String>,
    /// irplay, lli and native at `size`; then, if lli timed out,
    /// irplay_small and lli_small (and native_small, check run only).
    pub(crate) tools: Vec<Tool>,
    pub(crate) error: Option<String>,
}

impl Case {
    pub(crate) fn tool(&self, key: &str) -> Option<&Tool> {
        self.tools.iter().find(|t| t.key == key)
    }

    /// lli time / irplay time at equal work, and which size it compares.
    pub(crate) fn ratio(&self) -> Result<(f64, u64), String> {
        let (ik, lk) = if self.tool("lli_small").is_some() {
            ("irplay_small", "lli_small")
        } else {
            ("irplay", "lli")
        };
        let (Some(i), Some(l)) = (self.tool(ik), self.tool(lk)) else {
            return Err(self.error.clone().unwrap_or_else(|| "not run".into()));
        };
        if !i.ok() {
            return Err(format!("irplay {}", i.status.name()));
        }
        if !l.ok() {
            return Err(format!("lli {}", l.status.name()));
        }
        Ok((median(&l.times()) / median(&i.times()), l.size))
    }
}
