//! `irplay debug` driven by scripts: for every `tests/ir/debug/NAME.ll`, the commands of
//! `NAME.ll.cmds` are fed to `irplay debug NAME.ll` (run in that folder, with
//! `--stdin NAME.ll.stdin` when that file exists and the flags of a `; DEBUG: FLAGS` line), and
//! its standard output must equal `NAME.ll.out` (`BLESS=1` rewrites it), with nothing on
//! standard error and exit status 0. One trial per file.

use libtest_mimic::{Arguments, Failed, Trial};
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn main() {
    let args = Arguments::from_args();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir/debug");
    let mut names: Vec<String> = fs::read_dir(&dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".ll"))
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    let trials = names
        .into_iter()
        .map(|n| {
            let dir = dir.clone();
            Trial::test(format!("debug/{n}"), move || trial(&dir, &n))
        })
        .collect();
    libtest_mimic::run(&args, trials).exit();
}

fn trial(dir: &Path, name: &str) -> Result<(), Failed> {
    let src = fs::read_to_string(dir.join(name)).map_err(|e| format!("{name}: {e}"))?;
    let cmds =
        fs::read(dir.join(format!("{name}.cmds"))).map_err(|e| format!("{name}.cmds: {e}"))?;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_irplay"));
    cmd.current_dir(dir).arg("debug").arg(name);
    if dir.join(format!("{name}.stdin")).exists() {
        cmd.arg("--stdin").arg(format!("{name}.stdin"));
    }
    if let Some(flags) = src.lines().find_map(|l| l.strip_prefix("; DEBUG:")) {
        cmd.args(flags.split_whitespace());
    }
    let mut child = cmd
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run irplay: {e}"))?;
    if let Some(mut i) = child.stdin.take() {
        i.write_all(&cmds).map_err(|e| format!("writing the commands: {e}"))?;
    }
    let out = child.wait_with_output().map_err(|e| format!("irplay debug: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() || !stderr.is_empty() {
        return Err(format!("irplay debug {name}: {}\nstderr:\n{stderr}", out.status).into());
    }
    let golden: PathBuf = dir.join(format!("{name}.out"));
    if std::env::var_os("BLESS").is_some() {
        fs::write(&golden, &stdout).map_err(|e| format!("{}: {e}", golden.display()))?;
        return Ok(());
    }
    let want =
        fs::read_to_string(&golden).map_err(|e| format!("{name}.out: {e} (BLESS=1 writes it)"))?;
    if want != stdout {
        let diff = similar::TextDiff::from_lines(&want, &stdout)
            .unified_diff()
            .header("expected", "actual")
            .to_string();
        return Err(format!("{name}: the output differs from {name}.out:\n{diff}").into());
    }
    Ok(())
}
