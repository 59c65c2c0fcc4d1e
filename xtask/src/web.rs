//! `cargo xtask web`: builds the browser playground into `www/dist/`.
//!
//! ```text
//! cargo xtask web [--debug] [--no-setup]
//! ```
//!
//! Steps: `scripts/setup-web-deps.sh` (toolchain, wasm-bindgen-cli, npm packages; quiet
//! when all is there), `npm run build` in `www/` (editor bundle, static files), then for each
//! of the three wasm modules in [`MODULES`] (the page's, the workers' base and full ones:
//! `irplay-web` with one feature each) a build for `wasm32-unknown-unknown` with the
//! `wasm-release` profile in its own target directory `target/wasm`, `wasm-bindgen --target
//! web --out-name NAME` into `www/dist/`, and `wasm-opt -Oz` (without inlining, see
//! [`WASM_OPT_ARGS`]) when binaryen is installed; then the precompressed siblings `F.br`
//! (brotli, quality 11) and `F.gz` (gzip -9) of each compressible file `F` (which `irplay
//! serve` sends to clients that accept them), and the sizes of what it will send, with the
//! part the first render needs.
//!
//! The wasm toolchain is rustup's when its sysroot has the `wasm32-unknown-unknown` target;
//! otherwise Debian's `rustc-web` (`/usr/bin/rustc`, 1.96) rebuilding std with
//! `-Zbuild-std` and linking with `wasm-ld-19`. Either way the build runs with
//! `-C target-feature=-reference-types`: with reference types wasm-bindgen emits
//! `table.fill`, which binaryen 108 (Debian's `wasm-opt`) cannot parse; and with a 4 MiB stack.

use crate::util::{repo_root, target_dir};
use flate2::write::GzEncoder;
use flate2::Compression;
use std::fs;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

pub(crate) const USAGE: &str = "\
usage: cargo xtask web [OPTIONS]

Builds the browser playground into www/dist/ (serve it with `irplay serve`):
scripts/setup-web-deps.sh, `npm run build` in www/, then three wasm modules
(irplay_web: the page; irplay_worker, irplay_full: the workers), each
irplay-web with one feature for wasm32-unknown-unknown (profile wasm-release,
target dir target/wasm), wasm-bindgen --target web, wasm-opt -Oz (when binaryen
is installed).

options:
  --debug      dev profile, keep names and debug info, no wasm-opt
  --no-setup   do not run scripts/setup-web-deps.sh (e.g. without root or network)
";

const TARGET: &str = "wasm32-unknown-unknown";

/// One wasm module of the playground: `irplay-web` built with one feature.
struct WasmModule {
    /// The file stem in `www/dist/` (`NAME.js`, `NAME_bg.wasm`).
    name: &'static str,
    /// The cargo feature of `irplay-web` that selects its code.
    feature: &'static str,
}

/// The page's module (the yew app), loaded first; the workers' base module (checking,
/// analysis, CFG layout, the interpreter, the debugger, bitcode files), loaded beside it; and
/// the full one (the base and the pass manager and the wasm and native back ends), loaded when a
/// worker first needs it. The names are those `www/main.js` and `www/worker.js` know.
const MODULES: [WasmModule; 3] = [
    WasmModule { name: "irplay_web", feature: "page" },
    WasmModule { name: "irplay_worker", feature: "worker" },
    WasmModule { name: "irplay_full", feature: "full" },
];

/// Whether the first render needs a file of `www/dist/` (all but the full worker module,
/// loaded when first used, and the license text).
fn first_render(rel: &str) -> bool {
    !rel.starts_with("irplay_full") && !rel.ends_with(".txt")
}

/// Whether an editor that takes keys needs a file: the first render's files but the base worker
/// module, which `main.js` fetches once the page's module has arrived (diagnostics and the CFG
/// follow it).
fn editor_render(rel: &str) -> bool {
    first_render(rel) && !rel.starts_with("irplay_worker")
}
/// Also a 4 MiB stack (rustc's default for wasm32 is 1 MiB, and wasm has no guard page below
/// it): the parser's nesting limit and deep constant expressions stay well inside it.
const RUSTFLAGS: &str = "-C target-feature=-reference-types -C link-arg=-zstack-size=4194304";
/// With rustup's prebuilt std (compiled with reference types) the feature must stay on, or
/// wasm-bindgen cannot find its externref helpers; binaryen 108 may then refuse the module,
/// and the unoptimized one is kept.
const RUSTFLAGS_PREBUILT_STD: &str = "-C link-arg=-zstack-size=4194304";

pub(crate) struct WebOpts {
    debug: bool,
    setup: bool,
}

impl WebOpts {
    pub(crate) fn parse(args: &[String]) -> Result<WebOpts, String> {
        let mut o = WebOpts { debug: false, setup: true };
        for a in args {
            match a.as_str() {
                "--debug" => o.debug = true,
                "--no-setup" => o.setup = false,
                _ => return Err(format!("unknown argument '{a}'")),
            }
        }
        Ok(o)
    }
}

/// Which compiler builds the wasm.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Toolchain {
    /// rustup's toolchain, with the prebuilt wasm32 std installed.
    Rustup,
    /// Debian's rustc-web: std rebuilt from /usr/lib/rustlib/src (`-Zbuild-std`).
    Debian,
}

impl Toolchain {
    fn detect() -> Toolchain {
        let sysroot = Command::new("rustc")
            .args(["--print", "sysroot"])
            .env_remove("RUSTC")
            .stderr(Stdio::null())
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
        match sysroot {
            Some(s) if s.join("lib/rustlib").join(TARGET).is_dir() => Toolchain::Rustup,
            _ => Toolchain::Debian,
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Toolchain::Rustup => "rustup's toolchain (installed wasm32 target)",
            Toolchain::Debian => "Debian's rustc-web + -Zbuild-std + wasm-ld-19",
        }
    }
}

pub(crate) fn web(opts: &WebOpts) -> ExitCode {
    match build(opts) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask web: error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn build(opts: &WebOpts) -> Result<(), String> {
    let root = repo_root();
    let www = root.join("www");
    let dist = www.join("dist");
    let start = Instant::now();

    if opts.setup {
        let t = Instant::now();
        run(
            Command::new(root.join("scripts/setup-web-deps.sh")).current_dir(&root),
            "scripts/setup-web-deps.sh",
        )?;
        note(&format!("setup-web-deps: {:.1} s", t.elapsed().as_secs_f64()));
    }

    let t = Instant::now();
    run(
        Command::new("npm").args(["run", "--silent", "build"]).current_dir(&www),
        "npm run build (in www/)",
    )?;
    note(&format!("npm run build: {:.1} s", t.elapsed().as_secs_f64()));

    // The wasm modules, one build of irplay-web each.
    let toolchain = Toolchain::detect();
    // One target dir per toolchain: their artifacts never mix.
    let wasm_target = target_dir(&root).join(match toolchain {
        Toolchain::Rustup => "wasm-rustup",
        Toolchain::Debian => "wasm",
    });
    let rustflags = match toolchain {
        Toolchain::Rustup => RUSTFLAGS_PREBUILT_STD,
        Toolchain::Debian => RUSTFLAGS,
    };
    let (profile, profile_dir) =
        if opts.debug { ("dev", "debug") } else { ("wasm-release", "wasm-release") };
    fs::create_dir_all(&dist).map_err(|e| format!("cannot create {}: {e}", dist.display()))?;
    let bindgen = find_tool("wasm-bindgen").ok_or(
        "wasm-bindgen not found (on PATH or in $CARGO_HOME/bin); run scripts/setup-web-deps.sh",
    )?;
    let mut cargo_secs = 0.0;
    for module in MODULES {
        let mut cargo = cargo_cmd(toolchain);
        cargo
            .arg("build")
            .args(["--target", TARGET, "-p", "irplay-web", "--profile", profile])
            .args(["--no-default-features", "--features", module.feature])
            .arg("--target-dir")
            .arg(&wasm_target)
            .env("RUSTFLAGS", rustflags)
            .env_remove("CARGO_ENCODED_RUSTFLAGS")
            .current_dir(&root);
        note(&format!(
            "building {} (irplay-web --features {}, {profile}) with {}",
            module.name,
            module.feature,
            toolchain.describe()
        ));
        let t = Instant::now();
        run(&mut cargo, "cargo build of irplay-web for wasm32")?;
        let secs = t.elapsed().as_secs_f64();
        cargo_secs += secs;
        note(&format!("cargo build: {secs:.1} s"));
        let wasm = wasm_target.join(TARGET).join(profile_dir).join("irplay_web.wasm");
        if !wasm.is_file() {
            return Err(format!("the build did not produce {}", wasm.display()));
        }

        // JS glue + final wasm into www/dist/, before the next build replaces the wasm.
        let mut wb = Command::new(&bindgen);
        wb.args(["--target", "web", "--no-typescript", "--out-name", module.name]);
        if opts.debug {
            wb.args(["--debug", "--keep-debug"]);
        } else {
            wb.args(["--remove-name-section", "--remove-producers-section"]);
        }
        wb.arg("--out-dir").arg(&dist).arg(&wasm);
        let t = Instant::now();
        run(&mut wb, "wasm-bindgen")?;
        note(&format!("wasm-bindgen: {:.1} s", t.elapsed().as_secs_f64()));
    }
    if opts.debug {
        note("wasm-opt: skipped (--debug)");
    } else {
        // One wasm-opt per module, side by side (each is single-threaded for most of its run).
        let t = Instant::now();
        std::thread::scope(|scope| {
            for module in MODULES {
                let out = dist.join(format!("{}_bg.wasm", module.name));
                scope.spawn(move || wasm_opt(&out));
            }
        });
        note(&format!("wasm-opt (all modules): {:.1} s", t.elapsed().as_secs_f64()));
    }

    // Precompressed siblings, then the sizes.
    let t = Instant::now();
    let files = precompress(&dist)?;
    note(&format!("precompressed (br, gzip): {:.1} s", t.elapsed().as_secs_f64()));
    println!();
    println!("{:>12} {:>12} {:>12}  www/dist/", "bytes", "gzip -9", "br");
    let (mut total_raw, mut total_gz, mut total_br) = (0, 0, 0);
    for f in &files {
        total_raw += f.raw;
        total_gz += f.gz;
        total_br += f.br;
        println!(
            "{:>12} {:>12} {:>12}  {}",
            thousands(f.raw),
            thousands(f.gz),
            thousands(f.br),
            rel(&dist, &f.path)
        );
    }
    type Wanted = fn(&str) -> bool;
    let rows: [(Wanted, &str); 2] = [
        (editor_render, "the editor (all but the worker modules)"),
        (first_render, "first render with diagnostics and CFG (all but the full worker module)"),
    ];
    for (wanted, what) in rows {
        let part: Vec<&Sent> = files.iter().filter(|f| wanted(&rel(&dist, &f.path))).collect();
        println!(
            "{:>12} {:>12} {:>12}  {what}: {} files",
            thousands(part.iter().map(|f| f.raw).sum()),
            thousands(part.iter().map(|f| f.gz).sum()),
            thousands(part.iter().map(|f| f.br).sum()),
            part.len()
        );
    }
    println!(
        "{:>12} {:>12} {:>12}  total ({} files; gzip and br as sent)",
        thousands(total_raw),
        thousands(total_gz),
        thousands(total_br),
        files.len()
    );
    println!(
        "\nbuilt in {:.1} s (cargo {:.1} s); serve it with `cargo run --release -- serve`",
        start.elapsed().as_secs_f64(),
        cargo_secs
    );
    Ok(())
}

/// `cargo` for `toolchain`, with its environment.
fn cargo_cmd(toolchain: Toolchain) -> Command {
    match toolchain {
        Toolchain::Rustup => {
            let mut c = Command::new("cargo");
            c.env_remove("RUSTC").env_remove("RUSTDOC");
            c
        }
        Toolchain::Debian => {
            let mut c = Command::new("/usr/bin/cargo");
            c.arg("-Zbuild-std=std,panic_abort")
                .env("RUSTC", "/usr/bin/rustc")
                .env("RUSTDOC", "/usr/bin/rustdoc")
                .env("RUSTC_BOOTSTRAP", "1")
                .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER", "wasm-ld-19");
            c
        }
    }
}

/// wasm-opt's options: `-Oz` without binaryen's own inlining (rustc has inlined already).
/// Measured on the playground (binaryen 108): plain `-Oz` shrinks the module by 9% but makes
/// its gzip 6% larger than not running wasm-opt at all; without inlining it is 8% smaller
/// raw and 0.6% smaller gzipped, in a third of the time.
const WASM_OPT_ARGS: &[&str] =
    &["-Oz", "--always-inline-max-function-size=0", "--one-caller-inline-max-function-size=0"];

/// [`WASM_OPT_ARGS`] on `wasm` in place, when binaryen is installed. A failure only warns:
/// the unoptimized module works as well.
fn wasm_opt(wasm: &Path) {
    let Some(tool) = find_tool("wasm-opt") else {
        note("wasm-opt: not installed (apt-get install binaryen); skipped");
        return;
    };
    let tmp = wasm.with_extension("opt.wasm");
    let t = Instant::now();
    let result = Command::new(&tool).args(WASM_OPT_ARGS).arg(wasm).arg("-o").arg(&tmp).output();
    match result {
        Ok(o) if o.status.success() => match fs::rename(&tmp, wasm) {
            Ok(()) => note(&format!(
                "wasm-opt {}: {:.1} s",
                WASM_OPT_ARGS.join(" "),
                t.elapsed().as_secs_f64()
            )),
            Err(e) => note(&format!(
                "warning: cannot replace {} with wasm-opt's output: {e}",
                wasm.display()
            )),
        },
        Ok(o) => {
            let _ = fs::remove_file(&tmp);
            let err = String::from_utf8_lossy(&o.stderr);
            let first = err.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim();
            note(&format!(
                "warning: wasm-opt failed ({}: {first}); keeping the unoptimized module",
                o.status
            ));
        }
        Err(e) => {
            note(&format!("warning: cannot run wasm-opt: {e}; keeping the unoptimized module"))
        }
    }
}

/// Runs `cmd` with inherited stdio; an error names `what` and the exit status.
fn run(cmd: &mut Command, what: &str) -> Result<(), String> {
    match cmd.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("{what} failed ({s})")),
        Err(e) => Err(format!("cannot run {what}: {e}")),
    }
}

/// `name` on PATH, else in cargo's bin directory (where `cargo install` puts it).
fn find_tool(name: &str) -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join(name));
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")))
        .map(|h| h.join("bin").join(name));
    on_path.chain(cargo_home).find(|p| p.is_file())
}

/// A file of `www/dist/` and the bytes `irplay serve` sends for it: as is, to a client that
/// takes gzip, and to one that takes brotli.
struct Sent {
    path: PathBuf,
    raw: u64,
    gz: u64,
    br: u64,
}

/// Files smaller than this are sent as they are (compression saves too little).
const MIN_COMPRESS: usize = 512;

/// Whether a file of this name is worth compressing (text and wasm; not images).
fn compressible(path: &Path) -> bool {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    matches!(ext, "html" | "js" | "mjs" | "css" | "wasm" | "json" | "map" | "svg" | "txt" | "ll")
}

/// Writes `F.gz` and `F.br` beside each compressible file `F` of `dist` (when smaller than
/// `F`), after removing every `.gz`/`.br` an earlier build left; returns what is sent for
/// each file, sorted by path.
fn precompress(dist: &Path) -> Result<Vec<Sent>, String> {
    let mut all = Vec::new();
    list_files(dist, &mut all).map_err(|e| format!("cannot list {}: {e}", dist.display()))?;
    let is_sibling = |p: &Path| matches!(p.extension().and_then(|e| e.to_str()), Some("gz" | "br"));
    for p in all.iter().filter(|p| is_sibling(p)) {
        fs::remove_file(p).map_err(|e| format!("cannot remove {}: {e}", p.display()))?;
    }
    all.retain(|p| !is_sibling(p));
    all.sort();
    // The files are compressed side by side, as many at once as there are cores (brotli at
    // quality 11 takes most of the build's time on the wasm modules), largest first.
    all.sort_by_key(|p| std::cmp::Reverse(fs::metadata(p).map_or(0, |m| m.len())));
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(all.len());
    let mut sent = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    while let Some(path) = all.get(next.fetch_add(1, Ordering::Relaxed)) {
                        done.push(compress_one(path));
                    }
                    done
                })
            })
            .collect();
        let mut sent = Vec::new();
        for w in workers {
            sent.extend(w.join().map_err(|_| "a compression thread panicked".to_string())?);
        }
        sent.into_iter().collect::<Result<Vec<Sent>, String>>()
    })?;
    sent.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(sent)
}

/// Writes the `.gz` and `.br` siblings of `path` (when worth it); returns what is sent for it.
fn compress_one(path: &Path) -> Result<Sent, String> {
    let data = fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let raw = data.len() as u64;
    let (mut gz, mut br) = (raw, raw);
    if compressible(path) && data.len() >= MIN_COMPRESS {
        let mut enc = GzEncoder::new(Vec::new(), Compression::best());
        enc.write_all(&data).map_err(|e| e.to_string())?;
        let gzipped = enc.finish().map_err(|e| e.to_string())?;
        let mut brotlied = Vec::new();
        let params =
            brotli::enc::BrotliEncoderParams { quality: 11, lgwin: 24, ..Default::default() };
        brotli::BrotliCompress(&mut &data[..], &mut brotlied, &params)
            .map_err(|e| format!("brotli {}: {e}", path.display()))?;
        for (bytes, ext, size) in [(gzipped, "gz", &mut gz), (brotlied, "br", &mut br)] {
            if (bytes.len() as u64) < raw {
                let mut name = path.as_os_str().to_owned();
                name.push(format!(".{ext}"));
                fs::write(&name, &bytes)
                    .map_err(|e| format!("cannot write {}: {e}", Path::new(&name).display()))?;
                *size = bytes.len() as u64;
            }
        }
    }
    Ok(Sent { path: path.to_path_buf(), raw, gz, br })
}

fn list_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        let ty = entry.file_type()?;
        if ty.is_dir() {
            list_files(&path, out)?;
        } else if ty.is_file() {
            out.push(path);
        }
    }
    Ok(())
}

fn rel(base: &Path, path: &Path) -> String {
    path.strip_prefix(base).unwrap_or(path).display().to_string()
}

fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn note(msg: &str) {
    eprintln!("xtask web: {msg}");
}

#[cfg(test)]
mod tests {
    use super::thousands;

    #[test]
    fn thousands_groups_digits() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
    }
}
