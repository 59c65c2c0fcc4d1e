//! Build script of the `irplay` binary: links it as a static, position-dependent executable
//! on Linux with glibc, so that a run starts without the dynamic loader.
//!
//! The command line is used for short runs (`irplay build` of a small module takes a few
//! milliseconds), where start-up is a large share of the time:
//! * As a position-independent executable the binary (which carries wasmtime and cranelift)
//!   has about 24,000 relative relocations, which the dynamic loader applies at every start,
//!   copying the ~90 pages of read-only-after-relocation data they touch. Linked at a fixed
//!   address (`-no-pie`), the linker resolves them.
//! * Linked against the shared C library, every start still maps `libc`, `libm` and
//!   `libgcc_s` and resolves their symbols (about a quarter of a millisecond). Linked
//!   statically, nothing is left to do.
//!
//! Rust links the standard library's system libraries as `-Bdynamic -lgcc_s -lm -lc ...`,
//! after every user argument that could change that, and static linking proper
//! (`-C target-feature=+crt-static`) is a flag for every crate of the build. So for the binary
//! alone this script writes a directory of stand-ins for those libraries, linker scripts that
//! name the static archives (`libgcc_s.so` names `libgcc_eh.a`), puts it first on the search
//! path and links with `-static`. When an archive is missing (`cc -print-file-name` does not
//! find it), or with `IRPLAY_DYNAMIC` set in the build environment, the binary is linked
//! dynamically.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The libraries the standard library asks for, each with the archives that stand in for it.
const STAND_INS: &[(&str, &[&str])] = &[
    ("gcc_s", &["libgcc_eh.a", "libgcc.a"]),
    ("c", &["libc.a", "libgcc.a", "libgcc_eh.a"]),
    ("m", &["libm.a"]),
    ("pthread", &["libpthread.a"]),
    ("dl", &["libdl.a"]),
    ("rt", &["librt.a"]),
    ("util", &["libutil.a"]),
];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=IRPLAY_DYNAMIC");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os != "linux" || env != "gnu" {
        return;
    }
    println!("cargo:rustc-link-arg-bins=-no-pie");
    if std::env::var_os("IRPLAY_DYNAMIC").is_some() {
        return;
    }
    let Some(out) = std::env::var_os("OUT_DIR").map(PathBuf::from) else { return };
    let dir = out.join("static-libs");
    match write_stand_ins(&dir) {
        Ok(()) => {
            println!("cargo:rustc-link-arg-bins=-static");
            println!("cargo:rustc-link-arg-bins=-L{}", dir.display());
        }
        Err(why) => println!("cargo:warning=irplay is linked dynamically: {why}"),
    }
}

/// Writes `lib<name>.so` for every stand-in into `dir`.
fn write_stand_ins(dir: &Path) -> Result<(), String> {
    let cc = std::env::var("RUSTC_LINKER").unwrap_or_else(|_| "cc".to_string());
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    for (name, archives) in STAND_INS {
        let mut paths = Vec::new();
        for a in *archives {
            paths.push(find_archive(&cc, a)?);
        }
        let script = format!("GROUP ( {} )\n", paths.join(" "));
        let file = dir.join(format!("lib{name}.so"));
        std::fs::write(&file, script)
            .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    }
    Ok(())
}

/// The absolute path of the archive `file` as the C compiler driver finds it.
fn find_archive(cc: &str, file: &str) -> Result<String, String> {
    let out = Command::new(cc)
        .arg(format!("-print-file-name={file}"))
        .output()
        .map_err(|e| format!("cannot run {cc}: {e}"))?;
    let path = String::from_utf8_lossy(&out.stdout).trim().to_string();
    // Without the archive the driver prints the name back unchanged.
    if !out.status.success() || !Path::new(&path).is_absolute() || !Path::new(&path).exists() {
        return Err(format!("{file} not found"));
    }
    if path.contains(char::is_whitespace) || path.contains(['(', ')']) {
        return Err(format!("{file} is at a path a linker script cannot name: {path}"));
    }
    Ok(path)
}
