//! Running subprocesses with a time limit, normalizing their output, diffs and scratch
//! directories, for the `ir` test harness.

use super::*;

pub(crate) struct Output {
    /// `None` when killed by a signal or the time limit.
    pub(crate) code: Option<i32>,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
    /// `stdout` as the exact bytes written.
    pub(crate) stdout_raw: Vec<u8>,
}

impl Output {
    pub(crate) fn describe_exit(&self) -> String {
        match self.code {
            Some(c) => format!("exit code {c}"),
            None => "no exit code (killed by a signal or the time limit)".into(),
        }
    }
}

/// Runs `prog args...` in `cwd` with a time limit, capturing output.
pub(crate) fn run(ctx: &Ctx, prog: &Path, args: &[&str], cwd: &Path) -> Result<Output, String> {
    run_with_stdin(ctx, prog, args, cwd, None)
}

/// [`run`] with `input` as standard input (none: an empty one).
pub(crate) fn run_with_stdin(
    ctx: &Ctx,
    prog: &Path,
    args: &[&str],
    cwd: &Path,
    input: Option<Vec<u8>>,
) -> Result<Output, String> {
    let shown = format!("`{} {}`", prog.display(), args.join(" "));
    let mut child = Command::new(prog)
        .args(args)
        .current_dir(cwd)
        .stdin(if input.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| {
            let mut msg = format!("cannot run {shown}: {e}");
            if e.kind() == std::io::ErrorKind::NotFound {
                msg.push_str(" (is it installed? see scripts/setup-test-deps.sh)");
            }
            msg
        })?;
    if let (Some(bytes), Some(mut pipe)) = (input, child.stdin.take()) {
        // From a thread, so that a program that writes before it reads cannot block on it;
        // the pipe closes when the thread ends.
        std::thread::spawn(move || {
            let _ = std::io::Write::write_all(&mut pipe, &bytes);
        });
    }
    let mut out_pipe = child.stdout.take().expect("piped stdout");
    let mut err_pipe = child.stderr.take().expect("piped stderr");
    let out_thread = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = out_pipe.read_to_end(&mut buf);
        buf
    });
    let err_thread = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = err_pipe.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let mut nap = Duration::from_micros(500);
    let mut timed_out = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) => {}
            Err(e) => return Err(format!("waiting for {shown}: {e}")),
        }
        if start.elapsed() > ctx.timeout {
            timed_out = true;
            let _ = child.kill();
            break child.wait().map_err(|e| format!("waiting for {shown}: {e}"))?;
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(20));
    };
    let stdout = out_thread.join().unwrap_or_default();
    let stderr = err_thread.join().unwrap_or_default();
    if timed_out {
        return Err(format!("{shown} did not finish within {:?}", ctx.timeout));
    }
    Ok(Output {
        code: status.code(),
        stdout: String::from_utf8_lossy(&stdout).into_owned(),
        stderr: String::from_utf8_lossy(&stderr).into_owned(),
        stdout_raw: stdout,
    })
}

pub(crate) fn irplay(ctx: &Ctx, args: &[&str], cwd: &Path) -> Result<Output, String> {
    run(ctx, &ctx.irplay, args, cwd)
}

/// [`irplay`] with `input` as standard input.
pub(crate) fn irplay_with_stdin(
    ctx: &Ctx,
    args: &[&str],
    cwd: &Path,
    input: Option<Vec<u8>>,
) -> Result<Output, String> {
    run_with_stdin(ctx, &ctx.irplay, args, cwd, input)
}

pub(crate) fn tool(ctx: &Ctx, name: &str, args: &[&str], cwd: &Path) -> Result<Output, String> {
    run(ctx, Path::new(name), args, cwd)
}

// ---------------------------------------------------------------------------
// Text helpers

/// Replaces absolute paths of this machine by repository-relative ones.
pub(crate) fn normalize_paths(ctx: &Ctx, s: &str) -> String {
    let mut s = s.to_string();
    for p in &ctx.strip_prefixes {
        if s.contains(p.as_str()) {
            s = s.replace(p.as_str(), "");
        }
    }
    s
}

/// Drops `; ModuleID = ...` lines: they name the input file, not the module.
pub(crate) fn drop_module_id(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for line in s.split_inclusive('\n') {
        if !line.starts_with("; ModuleID = ") {
            out.push_str(line);
        }
    }
    out
}

/// Canonicalizes `llvm-dis` output for comparison: no `; ModuleID`, and the
/// predecessor lists of `; preds = ...` comments sorted (their order is the
/// in-memory use-list order, which is not part of the module's meaning).
/// ThinLTO summary module paths are replaced by `<path>` (they name the
/// bitcode file). With `drop_source_filename` the `source_filename` line goes
/// too: a module read from text without that directive takes the input file's
/// name, so it depends on how the tool was invoked.
pub(crate) fn normalize_dis(s: &str, drop_source_filename: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for line in s.lines() {
        if line.starts_with("; ModuleID = ")
            || (drop_source_filename && line.starts_with("source_filename = "))
        {
            continue;
        }
        if line.starts_with('^') && line.contains(" = module: (path: \"") {
            // A ThinLTO summary's module path is the bitcode file's name.
            let start = line.find("(path: \"").unwrap_or(0) + "(path: \"".len();
            let end = line[start..].find('"').map_or(line.len(), |e| start + e);
            out.push_str(&line[..start]);
            out.push_str("<path>");
            out.push_str(&line[end..]);
        } else if let Some(i) = line.find("; preds = ") {
            let (head, preds) = line.split_at(i + "; preds = ".len());
            let mut list: Vec<&str> = preds.split(", ").collect();
            list.sort_unstable();
            out.push_str(head);
            out.push_str(&list.join(", "));
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// A compact line diff: common prefix and suffix elided, the rest shown.
pub(crate) fn diff(expected: &str, actual: &str) -> String {
    let e: Vec<&str> = expected.lines().collect();
    let a: Vec<&str> = actual.lines().collect();
    let mut pre = 0;
    while pre < e.len() && pre < a.len() && e[pre] == a[pre] {
        pre += 1;
    }
    let mut suf = 0;
    while suf < e.len() - pre && suf < a.len() - pre && e[e.len() - 1 - suf] == a[a.len() - 1 - suf]
    {
        suf += 1;
    }
    const MAX: usize = 40;
    let mut out = String::new();
    let ctx_start = pre.saturating_sub(3);
    let _ = writeln!(out, "@@ first difference at line {} @@", pre + 1);
    for line in &e[ctx_start..pre] {
        let _ = writeln!(out, "  {line}");
    }
    let removed = &e[pre..e.len() - suf];
    let added = &a[pre..a.len() - suf];
    for line in removed.iter().take(MAX) {
        let _ = writeln!(out, "- {line}");
    }
    if removed.len() > MAX {
        let _ = writeln!(out, "- ... ({} more expected lines)", removed.len() - MAX);
    }
    for line in added.iter().take(MAX) {
        let _ = writeln!(out, "+ {line}");
    }
    if added.len() > MAX {
        let _ = writeln!(out, "+ ... ({} more actual lines)", added.len() - MAX);
    }
    if removed.is_empty() && added.is_empty() {
        out.push_str("  (the texts differ only in line endings or a final newline)\n");
    }
    out
}

pub(crate) fn indent(s: &str) -> String {
    let s = s.trim_end();
    if s.is_empty() {
        return "    (empty)".into();
    }
    s.lines().map(|l| format!("    {l}\n")).collect::<String>().trim_end().to_string()
}

/// A file-system-friendly name for a trial's scratch directory.
pub(crate) fn scratch_name(trial: &str) -> String {
    trial
        .chars()
        .map(
            |c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            },
        )
        .collect()
}

pub(crate) struct Scratch {
    pub(crate) dir: PathBuf,
    pub(crate) keep: bool,
}

impl Scratch {
    pub(crate) fn new(ctx: &Ctx, trial: &str) -> Result<Scratch, String> {
        let dir = ctx.scratch.join(scratch_name(trial));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        Ok(Scratch { dir, keep: ctx.keep_tmp })
    }

    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    pub(crate) fn write(&self, name: &str, text: &str) -> Result<PathBuf, String> {
        let p = self.path(name);
        fs::write(&p, text).map_err(|e| format!("cannot write {}: {e}", p.display()))?;
        Ok(p)
    }

    /// Removes the directory if the trial passed; keeps it for inspection otherwise.
    pub(crate) fn finish(self, errors: Vec<String>) -> Result<(), Failed> {
        if errors.is_empty() {
            if !self.keep {
                let _ = fs::remove_dir_all(&self.dir);
            }
            Ok(())
        } else {
            let mut msg = errors.join("\n\n");
            let _ = write!(msg, "\n\n(scratch files kept in {})", self.dir.display());
            Err(msg.into())
        }
    }
}
