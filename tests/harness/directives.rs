//! `; RUN:`/`; FAIL:`/`; EXIT:` directives, `; ERROR:` markers, reported diagnostics and
//! golden files, for the `ir` test harness.

use super::*;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Expect {
    Pass,
    Fail,
}

pub(crate) struct Directive {
    pub(crate) expect: Expect,
    /// Arguments after `irplay`, with `%s` replaced.
    pub(crate) args: Vec<String>,
    pub(crate) line: usize,
}

impl Directive {
    pub(crate) fn shown(&self) -> String {
        format!("`irplay {}` (line {})", self.args.join(" "), self.line)
    }

    pub(crate) fn is_plain_check(&self) -> bool {
        self.args.first().is_some_and(|a| a == "check")
            && !self.args.iter().any(|a| a.starts_with("--format"))
    }

    pub(crate) fn is_fmt(&self) -> bool {
        self.args.first().is_some_and(|a| a == "fmt")
    }

    pub(crate) fn is_opt(&self) -> bool {
        self.args.first().is_some_and(|a| a == "opt")
    }

    pub(crate) fn is_run(&self) -> bool {
        self.args.first().is_some_and(|a| a == "run")
    }
}

/// The file's `; EXIT: N` line (the status `irplay run` must exit with), if any.
pub(crate) fn parse_exit(text: &str) -> Result<Option<(i32, usize)>, String> {
    let mut found = None;
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if !t.starts_with(';') {
            continue;
        }
        let Some(rest) = t.trim_start_matches(';').trim_start().strip_prefix("EXIT:") else {
            continue;
        };
        let n: i32 = rest
            .trim()
            .parse()
            .ok()
            .filter(|n| (0..=255).contains(n))
            .ok_or_else(|| format!("line {}: `; EXIT:` wants a status 0..=255", i + 1))?;
        if found.is_some() {
            return Err(format!("line {}: a second `; EXIT:` line", i + 1));
        }
        found = Some((n, i + 1));
    }
    Ok(found)
}

/// Exit statuses of `irplay run` that stop the program with irplay's own
/// report on stderr: undefined behaviour and runtime errors.
pub(crate) const RUN_REPORT_STATUSES: &[i32] = &[70, 71];

pub(crate) fn parse_directives(text: &str, rel: &str) -> Result<Vec<Directive>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if !t.starts_with(';') {
            continue;
        }
        let t = t.trim_start_matches(';').trim_start();
        let (expect, rest) = if let Some(r) = t.strip_prefix("RUN:") {
            (Expect::Pass, r)
        } else if let Some(r) = t.strip_prefix("FAIL:") {
            (Expect::Fail, r)
        } else {
            continue;
        };
        let mut words = rest.split_whitespace();
        if words.next() != Some("irplay") {
            return Err(format!(
                "line {}: a directive must run `irplay ...`, found `{}`",
                i + 1,
                rest.trim()
            ));
        }
        let args: Vec<String> = words.map(|w| w.replace("%s", rel)).collect();
        if args.is_empty() {
            return Err(format!("line {}: directive without a subcommand", i + 1));
        }
        out.push(Directive { expect, args, line: i + 1 });
    }
    Ok(out)
}

/// A `; ERROR: <substring>` (or `; ERROR@+N:` / `; ERROR@-N:`) marker.
pub(crate) struct Marker {
    /// 1-based line the error is expected on.
    pub(crate) line: usize,
    /// Line the marker is written on.
    pub(crate) at: usize,
    pub(crate) substring: String,
}

pub(crate) fn parse_markers(text: &str) -> Result<Vec<Marker>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(pos) = line.rfind("; ERROR") else {
            continue;
        };
        let rest = &line[pos + "; ERROR".len()..];
        let (offset, rest) = if let Some(r) = rest.strip_prefix('@') {
            let end =
                r.find(':').ok_or_else(|| format!("line {}: malformed ERROR marker", i + 1))?;
            let n: i64 = r[..end]
                .trim_start_matches('+')
                .parse()
                .map_err(|_| format!("line {}: malformed line offset in ERROR marker", i + 1))?;
            (n, &r[end..])
        } else {
            (0, rest)
        };
        let Some(sub) = rest.strip_prefix(':') else {
            return Err(format!("line {}: malformed ERROR marker (want `; ERROR: text`)", i + 1));
        };
        let target = i as i64 + 1 + offset;
        if target < 1 {
            return Err(format!("line {}: ERROR marker points before the file", i + 1));
        }
        out.push(Marker { line: target as usize, at: i + 1, substring: sub.trim().to_string() });
    }
    Ok(out)
}

/// An `error:` diagnostic as printed on stderr by `irplay check`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct Reported {
    pub(crate) line: usize,
    pub(crate) column: usize,
    pub(crate) message: String,
}

/// Parses `FILE:LINE:COL: error: message` header lines naming `file`.
pub(crate) fn parse_reported(stderr: &str, file: &str) -> Vec<Reported> {
    let mut out = Vec::new();
    for line in stderr.lines() {
        if line.starts_with(char::is_whitespace) {
            continue;
        }
        let Some(idx) = line.find(": error: ") else {
            continue;
        };
        let (loc, msg) = (&line[..idx], &line[idx + ": error: ".len()..]);
        let mut parts = loc.rsplitn(3, ':');
        let (Some(col), Some(ln), Some(path)) = (parts.next(), parts.next(), parts.next()) else {
            continue;
        };
        let (Ok(col), Ok(ln)) = (col.parse::<usize>(), ln.parse::<usize>()) else {
            continue;
        };
        if path != file {
            continue;
        }
        out.push(Reported { line: ln, column: col, message: msg.to_string() });
    }
    out
}

pub(crate) fn check_markers(markers: &[Marker], reported: &[Reported], errors: &mut Vec<String>) {
    if markers.is_empty() {
        errors.push(
            "this FAIL file has no `; ERROR: <substring>` markers: mark each line that must \
             carry an error"
                .into(),
        );
        return;
    }
    for m in markers {
        let needle = m.substring.to_lowercase();
        let ok =
            reported.iter().any(|r| r.line == m.line && r.message.to_lowercase().contains(&needle));
        if !ok {
            let on_line: Vec<String> = reported
                .iter()
                .filter(|r| r.line == m.line)
                .map(|r| format!("{}:{}: {}", r.line, r.column, r.message))
                .collect();
            let where_ =
                if m.at == m.line { String::new() } else { format!(" (marker on line {})", m.at) };
            errors.push(format!(
                "line {}{where_}: expected an error containing \"{}\"; errors reported on that \
                 line: {}",
                m.line,
                m.substring,
                if on_line.is_empty() { "none".into() } else { on_line.join(" | ") }
            ));
        }
    }
    let marked: BTreeSet<usize> = markers.iter().map(|m| m.line).collect();
    for r in reported {
        if !marked.contains(&r.line) {
            errors.push(format!(
                "unexpected error at {}:{}: {} (that line has no `; ERROR:` marker)",
                r.line, r.column, r.message
            ));
        }
    }
}

// ---------------------------------------------------------------------------
// Goldens

/// A golden's path as shown in messages: relative to the repository root (the
/// trial's directory is `tests/ir` or `examples/learn`).
fn golden_shown(ctx: &Ctx, path: &Path) -> String {
    let root = ctx.ir_dir.parent().and_then(Path::parent).unwrap_or(&ctx.ir_dir);
    path.strip_prefix(root).unwrap_or(path).display().to_string()
}

/// Compares `actual` with the golden file, or writes it under `BLESS=1`.
pub(crate) fn golden(ctx: &Ctx, path: &Path, actual: &str, what: &str, errors: &mut Vec<String>) {
    let shown = golden_shown(ctx, path);
    let expected = fs::read_to_string(path).ok();
    if ctx.bless {
        if expected.as_deref() != Some(actual) {
            if let Err(e) = fs::write(path, actual) {
                errors.push(format!("cannot write golden {shown}: {e}"));
            }
        }
        return;
    }
    match expected {
        None => errors.push(format!(
            "missing golden {shown} for {what}; run with BLESS=1 to create it from the \
             current output (and review it before committing). Current output:\n{}",
            indent(actual)
        )),
        Some(e) if e != actual => errors.push(format!(
            "{what} differs from golden {shown} (BLESS=1 to accept):\n{}",
            diff(&e, actual)
        )),
        Some(_) => {}
    }
}

/// Like [`golden`] for output that is usually empty: a missing golden means
/// empty output, and `BLESS=1` writes the golden only for non-empty output
/// (removing a golden whose output became empty). With `required`, a missing
/// golden fails even for empty output.
pub(crate) fn optional_golden(
    ctx: &Ctx,
    path: &Path,
    actual: &str,
    what: &str,
    required: bool,
    errors: &mut Vec<String>,
) {
    if ctx.bless {
        if actual.is_empty() && !required {
            if path.exists() {
                if let Err(e) = fs::remove_file(path) {
                    errors.push(format!("cannot remove golden {}: {e}", path.display()));
                }
            }
            return;
        }
        return golden(ctx, path, actual, what, errors);
    }
    if required || path.exists() {
        return golden(ctx, path, actual, what, errors);
    }
    if !actual.is_empty() {
        let shown = golden_shown(ctx, path);
        errors.push(format!(
            "{what} should be empty (there is no golden {shown}; BLESS=1 to create it):\n{}",
            indent(actual)
        ));
    }
}
