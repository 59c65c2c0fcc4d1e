//! The native target's command line, checked through the `irplay` binary: the emits each
//! target takes, the target's spellings, the refusals that need no code generator.

use std::path::PathBuf;
use std::process::Command;

fn irplay(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_irplay")).args(args).output().expect("runs irplay");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// A valid module in a scratch file (named after the test, removed at the end).
struct Module(PathBuf);

impl Module {
    fn new(name: &str) -> Module {
        let path = std::env::temp_dir()
            .join(format!("irplay-native-cli-{name}-{}.ll", std::process::id()));
        std::fs::write(&path, "define i32 @main() {\n  ret i32 7\n}\n").expect("writes");
        Module(path)
    }
    fn path(&self) -> &str {
        self.0.to_str().expect("UTF-8 temp path")
    }
}

impl Drop for Module {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn emits_that_do_not_go_with_the_target_are_refused() {
    let m = Module::new("mismatch");
    let (code, err) =
        irplay(&["build", "--target", "x86_64", m.path(), "-o", "-", "--emit", "wasm"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains(
            "--emit wasm does not go with --target x86_64 (it takes obj, exe, asm or low)"
        ),
        "{err}"
    );
    let (code, err) =
        irplay(&["build", "--target", "wasm32", m.path(), "-o", "-", "--emit", "obj"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--emit obj does not go with --target wasm32"), "{err}");
}

#[test]
fn both_spellings_of_the_target_and_the_low_form() {
    let m = Module::new("spellings");
    for target in ["x86_64", "x86-64"] {
        let out = Command::new(env!("CARGO_BIN_EXE_irplay"))
            .args(["build", "--target", target, m.path(), "-o", "-", "--emit", "low", "--time"])
            .output()
            .expect("runs irplay");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{err}");
        assert!(String::from_utf8_lossy(&out.stdout).contains("main"));
        for phase in ["parse", "verify", "lower", "total"] {
            assert!(err.contains(&format!("irplay: {phase} ")), "{phase} missing in {err}");
        }
    }
}

#[test]
fn an_executable_needs_a_file() {
    let m = Module::new("exe-stdout");
    let (code, err) =
        irplay(&["build", "--target", "x86_64", m.path(), "-o", "-", "--emit", "exe"]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("--emit exe writes a file"), "{err}");
}

#[test]
fn the_native_engine_runs_main_only() {
    let m = Module::new("entry");
    let (code, err) = irplay(&["run", "--engine", "native", "--entry", "f", m.path()]);
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("--engine native runs main only"), "{err}");
}
