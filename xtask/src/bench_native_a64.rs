//! `cargo xtask bench native --target aarch64`: the AArch64 code generator (`irplay build
//! --target aarch64`) against `llc-19 -O0 -mtriple=aarch64-linux-gnu -relocation-model=pic
//! -filetype=obj`, on IR clang-19 makes for `aarch64-linux-gnu` (the merged csmith module and
//! the kernels of `benches/kernels/` at -O0 and -O2 IR):
//!
//! 1. **Compile time per IR instruction**, the three figures of `bench_native.rs` (CLI,
//!    phases, in process) against llc's (goal: 20x faster than llc-19 -O0, whose GlobalISel is
//!    slower on AArch64 than FastISel on x86-64).
//! 2. **Code size**: `.text` bytes of our objects against llc-19 -O0's (goal: at most 1.3x).
//! 3. **Code speed** as the number of guest instructions each kernel executes under
//!    `qemu-aarch64` (timings under an emulator say nothing about the hardware), counted by
//!    qemu's TCG plugin `libinsn.so` (`-plugin libinsn.so -d plugin`): ours at -O0 and -O2 IR
//!    against llc-19 -O0 and -O2 on the same IR. Debian's qemu-user ships no plugins; the
//!    table is skipped with the reason when none is found (`$IRPLAY_QEMU_PLUGINS` names a
//!    directory to look in).
//!
//! JSON in `target/bench/native-aarch64.json` (`native-aarch64-quick.json` with --quick).

use crate::bench_interp::kernels::{compile_for, Kernel, KERNELS};
use crate::bench_native::{
    argv, build_backend_time, compile_case, csmith_module, inproc, report, run_tool, CompileCase,
    NativeOpts,
};
use crate::util::{build_irplay, have, rel, repo_root, target_dir};
use std::ffi::OsString;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

/// A target of the bench: `irplay build --target NAME`, llc's `-mtriple` (none: the IR's),
/// clang's flags for its IR.
pub(crate) struct Arch {
    pub(crate) name: &'static str,
    pub(crate) triple: Option<&'static str>,
    pub(crate) clang: &'static [&'static str],
}

pub(crate) const X64: Arch = Arch { name: "x86_64", triple: None, clang: &[] };
pub(crate) const A64: Arch = Arch {
    name: "aarch64",
    triple: Some("aarch64-linux-gnu"),
    clang: &["--target=aarch64-linux-gnu"],
};

/// Where qemu's TCG plugins may be (Debian ships none; a build of qemu's `contrib/plugins`
/// installs them in one of these).
const PLUGIN_DIRS: &[&str] =
    &["/usr/lib/qemu/plugins", "/usr/local/lib/qemu/plugins", "/usr/libexec/qemu/plugins"];

/// The instruction-counting plugin of qemu, or why there is none.
fn insn_plugin() -> Result<PathBuf, String> {
    if !have("qemu-aarch64") {
        return Err("qemu-aarch64 is not installed (apt-get install qemu-user)".into());
    }
    let mut dirs: Vec<PathBuf> = std::env::var_os("IRPLAY_QEMU_PLUGINS")
        .map(|d| std::env::split_paths(&d).collect())
        .unwrap_or_default();
    dirs.extend(PLUGIN_DIRS.iter().map(PathBuf::from));
    if let Some(p) = dirs.iter().map(|d| d.join("libinsn.so")).find(|p| p.is_file()) {
        return Ok(p);
    }
    Err(format!(
        "no qemu TCG plugin libinsn.so (Debian's qemu-user ships none; looked in {} and \
         $IRPLAY_QEMU_PLUGINS)",
        PLUGIN_DIRS.join(", ")
    ))
}

/// Guest instructions executed by `exe` under qemu with the `libinsn.so` plugin (its report
/// `insns: N` on stderr, with `-d plugin`).
fn count_insns(plugin: &Path, exe: &Path, dir: &Path) -> Result<u64, String> {
    let o = Command::new("qemu-aarch64")
        .args(["-L", "/usr/aarch64-linux-gnu", "-plugin"])
        .arg(plugin)
        .args(["-d", "plugin"])
        .arg(exe)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run qemu-aarch64: {e}"))?;
    let err = String::from_utf8_lossy(&o.stderr);
    err.lines()
        .find_map(|l| l.trim().strip_prefix("insns:").and_then(|n| n.trim().parse().ok()))
        .ok_or_else(|| format!("no `insns:` line from the plugin: {}", err.trim()))
}

/// The instruction counts of one kernel: (ours O0, llc O0, ours O2, llc O2).
fn insn_row(
    dir: &Path,
    irplay: &Path,
    plugin: &Path,
    k: &Kernel,
    ir: &[PathBuf; 2],
) -> Result<[u64; 4], String> {
    let mut out = [0; 4];
    for (i, ll) in ir.iter().enumerate() {
        let stem = ll.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let ours = dir.join(format!("{stem}.ours"));
        let (obj, llc) = (dir.join(format!("{stem}.llc.o")), dir.join(format!("{stem}.llc")));
        let level = if i == 0 { "-O0" } else { "-O2" };
        let mut a = vec![irplay.as_os_str().to_owned()];
        a.extend(argv(&["build", "--target", "aarch64", "--emit", "exe", "-o"]));
        a.extend([ours.clone().into_os_string(), ll.clone().into_os_string()]);
        run_tool(&a, dir)?;
        let mut a = argv(&["llc-19", level, "-mtriple=aarch64-linux-gnu"]);
        a.extend(argv(&["-relocation-model=pic", "-filetype=obj", "-o"]));
        a.extend([obj.clone().into_os_string(), ll.clone().into_os_string()]);
        run_tool(&a, dir)?;
        let mut a = argv(&["aarch64-linux-gnu-gcc"]);
        a.extend([obj.into_os_string(), OsString::from("-o"), llc.clone().into_os_string()]);
        a.push("-lm".into());
        run_tool(&a, dir)?;
        out[2 * i] = count_insns(plugin, &ours, dir)?;
        out[2 * i + 1] = count_insns(plugin, &llc, dir)?;
    }
    eprintln!("xtask: {} instructions counted", k.name);
    Ok(out)
}

pub(crate) fn bench_native_a64(opts: &NativeOpts) -> ExitCode {
    let root = repo_root();
    let target = target_dir(&root);
    let bench_dir = target.join("bench");
    let dir = bench_dir.join("native-aarch64");
    for t in ["clang-19", "llc-19", "opt-19", "llvm-link-19", "csmith"] {
        if !have(t) {
            eprintln!("xtask: `{t}` not found (run scripts/setup-test-deps.sh)");
            return ExitCode::from(2);
        }
    }
    if let Err(e) = fs::create_dir_all(&dir) {
        eprintln!("xtask: cannot create {}: {e}", rel(&root, &dir));
        return ExitCode::from(2);
    }
    let (irplay, irplay_status) = build_irplay(&root, &target, opts.build);
    if irplay_status != "ok" {
        eprintln!("xtask: irplay is not available ({irplay_status})");
        return ExitCode::from(2);
    }
    let backend_time = build_backend_time(&root, &target, opts.build);
    if let Err(e) = &backend_time {
        eprintln!("xtask: no in-process figures: {e}");
    }
    let kernels: Vec<&'static Kernel> = KERNELS
        .iter()
        .filter(|k| opts.only.is_empty() || opts.only.iter().any(|o| o == k.name))
        .collect();
    let mut failed = false;
    let mut cases = Vec::new();
    eprintln!("xtask: csmith module for aarch64, {} seeds", opts.seeds);
    let csmith = csmith_module(&dir, &irplay, opts);
    match &csmith {
        Ok(m) => {
            cases.push((format!("csmith {}/{}", m.kept.len(), opts.seeds), m.ll.clone()));
            failed |= !m.dropped.is_empty();
        }
        Err(e) => {
            eprintln!("xtask: csmith module: {e}");
            failed = true;
        }
    }
    let mut irs = Vec::new();
    for &k in &kernels {
        let size = if opts.quick { k.small } else { k.full };
        let ir = |level| compile_for(&root, &dir, k, size, level, opts.regen, A64.clang);
        match (ir("O0"), ir("O2")) {
            (Ok(o0), Ok(o2)) => {
                cases.push((format!("{} O0", k.name), o0.clone()));
                cases.push((format!("{} O2", k.name), o2.clone()));
                irs.push((k, [o0, o2]));
            }
            (Err(e), _) | (_, Err(e)) => {
                eprintln!("xtask: {}: {e}", k.name);
                failed = true;
            }
        }
    }
    eprintln!(
        "xtask: compile time: {} modules, 1 warm-up + {} timed runs of each command",
        cases.len(),
        opts.compile_reps()
    );
    let mut compiled: Vec<CompileCase> = cases
        .into_iter()
        .map(|(name, ll)| {
            eprintln!("xtask: compile {name}");
            compile_case(&dir, &irplay, name, ll, opts)
        })
        .collect();
    if let Ok(exe) = &backend_time {
        inproc(&mut compiled, exe, &dir, opts.compile_reps(), opts.arch);
    }
    let mut json = report(&root, opts, &compiled, &[], csmith.as_ref().ok());
    // Code speed as instruction counts under qemu.
    println!();
    let counts = match insn_plugin() {
        Err(why) => {
            println!("instruction counts under qemu-aarch64: skipped: {why}");
            format!("{{\"skipped\": {}}}", crate::util::json_str(&why))
        }
        Ok(plugin) => {
            println!("guest instructions under qemu-aarch64 (libinsn), ratio = ours / llc-19");
            let mut rows = Vec::new();
            for (k, ir) in &irs {
                match insn_row(&dir, &irplay, &plugin, k, ir) {
                    Ok([o0, l0, o2, l2]) => {
                        let r = |a: u64, b: u64| a as f64 / b.max(1) as f64;
                        println!(
                            "{:<9} O0 {o0:>12} / {l0:>12} = {:.2}  O2 {o2:>12} / {l2:>12} = {:.2}",
                            k.name,
                            r(o0, l0),
                            r(o2, l2)
                        );
                        rows.push(format!(
                            "{{\"kernel\": \"{}\", \"ours_O0\": {o0}, \"llc_O0\": {l0}, \
                             \"ours_O2\": {o2}, \"llc_O2\": {l2}}}",
                            k.name
                        ));
                    }
                    Err(e) => {
                        println!("{:<9} ERROR {}", k.name, e.lines().next().unwrap_or(""));
                        failed = true;
                    }
                }
            }
            format!("[{}]", rows.join(", "))
        }
    };
    // The report's object, with the counts as one more field.
    if let Some(end) = json.rfind('}') {
        json.truncate(end);
        json = format!("{},\n  \"qemu_instructions\": {counts}\n}}\n", json.trim_end());
    }
    let name = if opts.quick { "native-aarch64-quick.json" } else { "native-aarch64.json" };
    let out = bench_dir.join(name);
    if let Err(e) = fs::write(&out, json) {
        eprintln!("xtask: cannot write {}: {e}", rel(&root, &out));
        return ExitCode::from(2);
    }
    eprintln!("xtask: wrote {}", rel(&root, &out));
    failed |= compiled.iter().any(|c| c.error.is_some());
    ExitCode::from(u8::from(failed))
}
