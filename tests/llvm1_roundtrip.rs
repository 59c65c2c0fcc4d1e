//! The differential round trip of the LLVM 1.x front end: every csmith program of the run
//! corpus (`target/run-corpus/csmith-NNNN-O0.ll`, made by `scripts/gen-run-corpus.sh`) is
//! converted to LLVM 1.x syntax by a test-only converter (`tests/llvm1_conv/`), and the 1.x
//! text, upgraded back by `irplay run`, must print what the native program printed and exit
//! with its status (`csmith-NNNN.expected`). The upgraded modern text (`irplay fmt`) must be
//! accepted by `llvm-as-19`. Programs using what 1.x cannot say are refused by the converter
//! (the reasons are printed); at least 70% of the corpus must convert, and every converted
//! program must match. (Of the 150-seed corpus about 77% convert: the refusals are packed
//! structs, which clang-19 makes for csmith's bit-fields and 1.x cannot lay out, `i24`
//! bit-field storage, and structs returned by value.)

mod llvm1_conv;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

fn corpus_dir() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    match std::env::var_os("IRPLAY_RUN_CORPUS") {
        Some(p) if !p.is_empty() => root.join(p),
        _ => root.join("target").join("run-corpus"),
    }
}

/// The corpus's `-O0` modules, sorted.
fn o0_modules(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with("csmith-") && n.ends_with("-O0.ll"))
                })
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// `exit N` and the stdout of the native program.
fn expected(module: &Path) -> (i32, Vec<u8>) {
    let name = module.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let stem = name.strip_suffix("-O0.ll").unwrap_or(name);
    let path = module.with_file_name(format!("{stem}.expected"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| {
        panic!("cannot read {}: {e} (regenerate with scripts/gen-run-corpus.sh)", path.display())
    });
    let nl = bytes.iter().position(|&b| b == b'\n').unwrap_or(bytes.len());
    let first = String::from_utf8_lossy(bytes.get(..nl).unwrap_or_default()).into_owned();
    let status = first
        .strip_prefix("exit ")
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("{}: the first line must be `exit N`", path.display()));
    (status, bytes.get(nl + 1..).unwrap_or_default().to_vec())
}

enum Outcome {
    Refused(String),
    Matched,
    Failed(String),
}

fn one(module: &Path, scratch: &Path) -> Outcome {
    let name = module.file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
    let src = match std::fs::read_to_string(module) {
        Ok(s) => s,
        Err(e) => return Outcome::Failed(format!("{name}: cannot read: {e}")),
    };
    let l1 = match llvm1_conv::convert(&src) {
        Ok(t) => t,
        Err(why) => return Outcome::Refused(why),
    };
    let file = scratch.join(name.replace("-O0.ll", "-O0.llvm1.ll"));
    if let Err(e) = std::fs::write(&file, &l1) {
        return Outcome::Failed(format!("{name}: cannot write {}: {e}", file.display()));
    }
    let (status, stdout) = expected(module);
    let out = Command::new(env!("CARGO_BIN_EXE_irplay"))
        .args(["run", "--max-steps", "2000000000"])
        .arg(&file)
        .output()
        .expect("irplay runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.code() != Some(status) || out.stdout != stdout {
        let head: String = stderr.lines().take(12).collect::<Vec<_>>().join("\n");
        return Outcome::Failed(format!(
            "{name}: the 1.x conversion ({}) differs from the native program: exit {:?} \
             (expected {status}), stdout {} (expected {} bytes); stderr:\n{head}",
            file.display(),
            out.status.code(),
            if out.stdout == stdout {
                "the same".to_string()
            } else {
                format!("{} bytes", out.stdout.len())
            },
            stdout.len()
        ));
    }
    // The text was read as 1.x, and its upgrade is valid LLVM 19 IR.
    let fmt = Command::new(env!("CARGO_BIN_EXE_irplay"))
        .arg("fmt")
        .arg(&file)
        .output()
        .expect("irplay runs");
    let fmt_err = String::from_utf8_lossy(&fmt.stderr);
    if !fmt.status.success() || !fmt_err.contains("note: LLVM 1.x syntax, upgraded") {
        return Outcome::Failed(format!(
            "{name}: irplay fmt of the 1.x conversion: {:?}\n{fmt_err}",
            fmt.status.code()
        ));
    }
    let modern = file.with_extension("upgraded.ll");
    if let Err(e) = std::fs::write(&modern, &fmt.stdout) {
        return Outcome::Failed(format!("{name}: cannot write {}: {e}", modern.display()));
    }
    let o = Command::new("llvm-as-19")
        .arg(&modern)
        .args(["-o", "/dev/null"])
        .output()
        .expect("llvm-as-19 runs (scripts/setup-test-deps.sh installs it)");
    if !o.status.success() {
        return Outcome::Failed(format!(
            "{name}: llvm-as-19 rejects the upgraded text {}:\n{}",
            modern.display(),
            String::from_utf8_lossy(&o.stderr)
        ));
    }
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&modern);
    Outcome::Matched
}

#[test]
fn csmith_programs_converted_to_llvm1_run_as_the_native_program() {
    let dir = corpus_dir();
    let modules = o0_modules(&dir);
    assert!(
        !modules.is_empty(),
        "no run corpus in {} (make it with scripts/gen-run-corpus.sh, or run scripts/test.sh)",
        dir.display()
    );
    let scratch =
        std::env::temp_dir().join(format!("irplay-llvm1-roundtrip-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).expect("scratch directory");
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, Outcome)>> = Mutex::new(Vec::new());
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get()).min(8);
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(m) = modules.get(i) else { break };
                let r = one(m, &scratch);
                results.lock().unwrap_or_else(|e| e.into_inner()).push((i, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(i, _)| *i);
    let total = modules.len();
    let mut refused = Vec::new();
    let mut failed = Vec::new();
    let mut matched = 0;
    for (i, r) in results {
        let name = modules[i].file_name().and_then(|n| n.to_str()).unwrap_or("?").to_string();
        match r {
            Outcome::Refused(why) => refused.push(format!("{name}: {why}")),
            Outcome::Matched => matched += 1,
            Outcome::Failed(msg) => failed.push(msg),
        }
    }
    println!(
        "{matched} of {total} programs converted to 1.x and matched; {} refused:",
        refused.len()
    );
    for r in &refused {
        println!("  refused {r}");
    }
    assert!(
        failed.is_empty(),
        "{} converted programs differ:\n{}",
        failed.len(),
        failed.join("\n\n")
    );
    if failed.is_empty() {
        let _ = std::fs::remove_dir_all(&scratch);
    }
    assert!(
        matched * 10 >= total * 7,
        "only {matched} of {total} programs were converted to 1.x (at least 70% must be):\n{}",
        refused.join("\n")
    );
}
