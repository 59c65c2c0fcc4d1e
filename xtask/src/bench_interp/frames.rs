//! The memory of a call frame: `irplay run` and `lli-19 -force-interpreter` on a recursion
//! that cannot become a loop, at two depths. The peak RSS difference over the depth
//! difference is the memory per frame, set beside the frame's own SSA values (its parameters
//! and instruction results, at 16 bytes each: irplay's register).

use crate::util::{json_num, rel, RssTimer};
use std::ffi::OsString;
use std::fs;
use std::path::Path;
use std::process::Command;

/// The two depths (frames live at once at the deepest point).
const DEPTHS: [u64; 2] = [250_000, 500_000];

/// Bytes of one irplay register.
const SLOT: usize = 16;

/// The recursion in IR, as `tests/ir/interp/deep-recursion.ll` has it (its `main` exits with 0).
const IR: &str = "define i64 @depth(i64 %n) {
  %z = icmp eq i64 %n, 0
  br i1 %z, label %done, label %rec
done:
  ret i64 0
rec:
  %m = sub i64 %n, 1
  %r = call i64 @depth(i64 %m)
  %s = add i64 %r, 1
  ret i64 %s
}

define i32 @main() {
  %r = call i64 @depth(i64 DEPTH)
  %t = trunc i64 %r to i32
  %z = and i32 %t, 0
  ret i32 %z
}
";

/// The recursion in C: the result is mixed after the call, so clang cannot turn it into a
/// loop at any level.
const C: &str = "#include <stdio.h>
long depth(long n) {
    if (n == 0)
        return 0;
    long r = depth(n - 1);
    return r ^ (r >> 3) ^ n;
}
int main(void) {
    printf(\"%ld\\n\", depth(DEPTH));
    return 0;
}
";

/// One recursion's figures.
pub(crate) struct Row {
    pub(crate) name: &'static str,
    /// Parameters and instruction results of the recursive function.
    pub(crate) values: usize,
    /// Bytes per frame, by tool (`None` when a run failed).
    pub(crate) irplay: Option<f64>,
    pub(crate) lli: Option<f64>,
}

impl Row {
    pub(crate) fn json(&self) -> String {
        let n = |x: Option<f64>| x.map_or("null".to_string(), json_num);
        format!(
            "{{\"name\": \"{}\", \"ssa_values\": {}, \"ssa_bytes\": {}, \"irplay_bytes_per_frame\": {}, \"lli_bytes_per_frame\": {}}}",
            self.name,
            self.values,
            self.values * SLOT,
            n(self.irplay),
            n(self.lli)
        )
    }
}

/// Measures the IR recursion and the C one at `-O0` and `-O2`.
pub(crate) fn measure(root: &Path, dir: &Path, irplay: &Path, timer: &RssTimer) -> Vec<Row> {
    let mut rows = Vec::new();
    let sources: [(&'static str, Option<&str>); 3] =
        [("IR recursion", None), ("C -O0", Some("-O0")), ("C -O2", Some("-O2"))];
    for (name, level) in sources {
        let mut files = Vec::new();
        for d in DEPTHS {
            match module(dir, level, d) {
                Ok(f) => files.push(f),
                Err(e) => eprintln!("xtask: frames {name}: {e}"),
            }
        }
        if files.len() != DEPTHS.len() {
            continue;
        }
        let values =
            files.first().and_then(|f| fs::read_to_string(f).ok()).map_or(0, |t| ssa_values(&t));
        let per_frame = |argv: &dyn Fn(&Path) -> Vec<OsString>| -> Option<f64> {
            let mut kb = Vec::new();
            for f in &files {
                match timer.run(&argv(f), dir) {
                    Ok(s) => kb.push(s.rss_kb as f64),
                    Err(e) => {
                        eprintln!("xtask: frames {name} ({}): {e}", rel(root, f));
                        return None;
                    }
                }
            }
            let (a, b) = (kb.first()?, kb.last()?);
            Some((b - a) * 1024.0 / (DEPTHS[1] - DEPTHS[0]) as f64)
        };
        let irplay_bpf = per_frame(&|f| {
            vec![
                irplay.into(),
                "run".into(),
                "--max-stack-depth".into(),
                "1000000".into(),
                f.into(),
            ]
        });
        let lli_bpf = per_frame(&|f| vec!["lli-19".into(), "-force-interpreter".into(), f.into()]);
        rows.push(Row { name, values, irplay: irplay_bpf, lli: lli_bpf });
    }
    rows
}

/// Writes the module of one recursion at depth `d` (compiling the C one at `level`).
fn module(dir: &Path, level: Option<&str>, d: u64) -> Result<std::path::PathBuf, String> {
    let depth = d.to_string();
    match level {
        None => {
            let f = dir.join(format!("frames-ir-{d}.ll"));
            fs::write(&f, IR.replace("DEPTH", &depth)).map_err(|e| e.to_string())?;
            Ok(f)
        }
        Some(l) => {
            let c = dir.join("frames.c");
            fs::write(&c, C).map_err(|e| e.to_string())?;
            let f = dir.join(format!("frames-c{l}-{d}.ll"));
            let out = Command::new("clang-19")
                .args([
                    "-S",
                    "-emit-llvm",
                    l,
                    "-fno-discard-value-names",
                    &format!("-DDEPTH={d}"),
                    "-o",
                ])
                .arg(&f)
                .arg(&c)
                .output()
                .map_err(|e| format!("clang-19: {e}"))?;
            if !out.status.success() {
                return Err(format!("clang-19 failed: {}", String::from_utf8_lossy(&out.stderr)));
            }
            Ok(f)
        }
    }
}

/// The parameters and instruction results of `@depth` in a module's text.
fn ssa_values(text: &str) -> usize {
    let mut lines =
        text.lines().skip_while(|l| !(l.starts_with("define") && l.contains("@depth(")));
    let params =
        lines.next().map_or(0, |l| l.split('(').nth(1).map_or(0, |p| p.matches('%').count()));
    let results = lines
        .take_while(|l| !l.starts_with('}'))
        .filter(|l| l.trim_start().starts_with('%') && l.contains(" = "))
        .count();
    params + results
}

/// Prints the rows.
pub(crate) fn print(rows: &[Row]) {
    if rows.is_empty() {
        return;
    }
    println!();
    println!(
        "memory per call frame (peak RSS at depths {} and {}; SSA values at {SLOT} bytes each):",
        DEPTHS[0], DEPTHS[1]
    );
    println!(
        "{:<14} {:>10} {:>10} {:>14} {:>12} {:>10}",
        "recursion", "SSA values", "SSA bytes", "irplay B/frame", "lli B/frame", "lli/irplay"
    );
    let f = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v:.1}"));
    for r in rows {
        let ratio = match (r.irplay, r.lli) {
            (Some(a), Some(b)) if a > 0.0 => format!("{:.1}x", b / a),
            _ => "-".to_string(),
        };
        println!(
            "{:<14} {:>10} {:>10} {:>14} {:>12} {:>10}",
            r.name,
            r.values,
            r.values * SLOT,
            f(r.irplay),
            f(r.lli),
            ratio
        );
    }
}
