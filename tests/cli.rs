//! The command line's file-level errors and exit statuses, through the `irplay` binary:
//! `check --format json` reports every failure as JSON (a file that cannot be read, a
//! directory, bytes that are not UTF-8); `build` exits 0 or 1 on every target, a construct the
//! code generator does not support included, while `run` keeps 71 for it; and a module without
//! the entry function gets one message, naming the file, from every engine; every engine
//! gives the program the `--env` entries alone as its environment, and finds no terminal.

#[path = "harness/cli_run.rs"]
mod cli_run;
use cli_run::{irplay, irplay_in, Out, Scratch};

/// The JSON array `check --format json` printed.
fn json_array(out: &Out) -> Vec<serde_json::Value> {
    match serde_json::from_str(&out.text()) {
        Ok(serde_json::Value::Array(items)) => items,
        other => panic!("not a JSON array ({other:?}): {}", out.text()),
    }
}

/// The diagnostics of `items` about `file`, as (line, column, start, end, severity, message).
fn about(items: &[serde_json::Value], file: &str) -> Vec<(u64, u64, u64, u64, String, String)> {
    items
        .iter()
        .filter(|d| d["file"] == file)
        .map(|d| {
            let n = |k: &str| d[k].as_u64().unwrap_or(u64::MAX);
            let s = |k: &str| d[k].as_str().unwrap_or_default().to_string();
            (n("line"), n("column"), n("start"), n("end"), s("severity"), s("message"))
        })
        .collect()
}

const VALID: &str = "define i32 @main() {\n  ret i32 0\n}\n";
/// Not UTF-8: `\xe9` (Latin-1 `é`) in a comment on line 2, after 17 characters.
const LATIN1: &[u8] = b"define i32 @main() {\n  ret i32 0 ; caf\xe9\n}\n";

#[test]
fn check_json_reports_files_it_cannot_read() {
    let s = Scratch::new("cli-check-json");
    let valid = s.file("valid.ll", VALID.as_bytes());
    let latin1 = s.file("latin1.ll", LATIN1);
    let missing = s.path("missing.ll");
    let dir = s.path("a-dir.ll");
    std::fs::create_dir_all(&dir).expect("creates a directory");
    let invalid = s.file("invalid.ll", b"define i32 @main() {\n  ret i32 %x\n}\n");

    let out = irplay(&["check", "--format", "json", &valid, &missing, &dir, &latin1, &invalid]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert_eq!(out.stderr, "", "JSON mode puts every error in the array");
    let items = json_array(&out);
    assert_eq!(about(&items, &valid), []);
    for unreadable in [&missing, &dir] {
        let d = about(&items, unreadable);
        assert_eq!(d.len(), 1, "{items:?}");
        let (line, column, start, end, severity, message) = &d[0];
        assert_eq!((*line, *column, *start, *end, severity.as_str()), (1, 1, 0, 0, "error"));
        assert!(message.starts_with("cannot read file: "), "{message}");
    }
    // The first byte that is not UTF-8, by its line and column and its byte offset.
    let at = LATIN1.iter().position(|&b| b == 0xe9).expect("the byte") as u64;
    let d = about(&items, &latin1);
    assert_eq!(d, [(2, 18, at, at + 1, "error".into(), "the file is not valid UTF-8 text".into())]);
    let latin1_item = items.iter().find(|d| d["file"] == latin1.as_str()).expect("latin1");
    assert_eq!(latin1_item["notes"][0], "byte 38 (0xe9) does not start a UTF-8 character");
    assert_eq!(at, 38);
    // The invalid module's diagnostics are there as before.
    let d = about(&items, &invalid);
    assert_eq!(d.len(), 1, "{items:?}");
    assert_eq!((d[0].0, d[0].1), (2, 11));
    // Every element has the fields of the others.
    for item in &items {
        for key in ["end_line", "end_column", "labels", "notes", "helps"] {
            assert!(item.get(key).is_some(), "{key} missing in {item}");
        }
    }

    // Standard input is named `-`.
    let out = irplay_in(&["check", "--format", "json", "-"], LATIN1);
    assert_eq!(out.code, Some(1));
    assert_eq!(about(&json_array(&out), "-").len(), 1, "{}", out.text());
    // A valid file alone: an empty array, status 0.
    let out = irplay(&["check", "--format", "json", &valid]);
    assert_eq!((out.code, out.text().trim()), (Some(0), "[]"));
}

#[test]
fn check_reports_every_error_with_its_help_in_text_and_json() {
    let s = Scratch::new("cli-check-helps");
    let two = s.file(
        "two.ll",
        b"define i32 @main() {\nentry:\n  %a = ad i32 1, 2\n  br label %exti\nexit:\n  ret i32 %a\n}\n",
    );
    let out = irplay(&["check", &two]);
    assert_eq!(out.code, Some(1));
    let errors: Vec<&str> = out.stderr.lines().filter(|l| l.contains(": error: ")).collect();
    assert_eq!(errors.len(), 2, "{}", out.stderr);
    assert!(errors[0].ends_with("two.ll:3:8: error: expected instruction opcode, found 'ad'"));
    assert!(errors[1].ends_with("two.ll:4:12: error: use of undefined label '%exti'"));
    assert!(out.stderr.contains("\n  = help: did you mean `add`?\n"), "{}", out.stderr);
    assert!(out.stderr.contains("\n  = help: did you mean `%exit`?\n"), "{}", out.stderr);

    let out = irplay(&["check", "--format", "json", &two]);
    assert_eq!(out.code, Some(1));
    let items = json_array(&out);
    let helps: Vec<&serde_json::Value> = items.iter().map(|d| &d["helps"]).collect();
    assert_eq!(
        helps,
        [
            &serde_json::json!(["did you mean `add`?"]),
            &serde_json::json!(["did you mean `%exit`?"])
        ]
    );
}

#[test]
fn check_text_keeps_its_text() {
    let s = Scratch::new("cli-check-text");
    let latin1 = s.file("latin1.ll", LATIN1);
    let missing = s.path("missing.ll");
    let out = irplay(&["check", &missing, &latin1]);
    assert_eq!(out.code, Some(1));
    assert_eq!(out.text(), "");
    assert!(
        out.stderr.starts_with(&format!("{missing}: error: cannot read file: ")),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains(&format!("{latin1}:2:18: error: the file is not valid UTF-8 text\n")),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("= note: byte 38 (0xe9) does not start a UTF-8 character"));
}

/// A module the code generators refuse (inline assembly), at 2:3.
const INLINE_ASM: &str =
    "define i32 @main() {\n  call void asm sideeffect \"nop\", \"\"()\n  ret i32 0\n}\n";

#[test]
fn build_exits_0_or_1_on_every_target() {
    let s = Scratch::new("cli-build-status");
    let valid = s.file("valid.ll", VALID.as_bytes());
    let asm = s.file("asm.ll", INLINE_ASM.as_bytes());
    let invalid = s.file("invalid.ll", b"define i32 @main() {\n  ret i32 %x\n}\n");
    let out = s.path("out");
    let builds: &[(&str, &[&str])] = &[
        ("wasm32", &["wasm", "wat", "low"]),
        ("x86_64", &["obj", "asm", "low", "exe"]),
        ("aarch64", &["obj", "asm", "low"]),
    ];
    for (target, emits) in builds {
        for emit in *emits {
            let args = |file: &str| {
                ["build", "--target", target, "--emit", emit, "-o", out.as_str(), file]
                    .map(String::from)
            };
            let run = |file: &str| {
                let a = args(file);
                irplay(&a.iter().map(String::as_str).collect::<Vec<_>>())
            };
            let ok = run(&valid);
            assert_eq!(ok.code, Some(0), "{target} {emit}: {}", ok.stderr);
            let refused = run(&asm);
            assert_eq!(refused.code, Some(1), "{target} {emit}: {}", refused.stderr);
            assert!(
                refused.stderr.starts_with(&format!(
                    "{asm}:2:3: error: unsupported by the code generator: inline assembly\n"
                )),
                "{target} {emit}: {}",
                refused.stderr
            );
            let bad = run(&invalid);
            assert_eq!(bad.code, Some(1), "{target} {emit}: {}", bad.stderr);
            assert!(bad.stderr.starts_with(&format!("{invalid}:2:11: error: ")), "{}", bad.stderr);
        }
    }
    // An output that cannot be written.
    let nowhere = s.path("no/such/dir/out.wasm");
    let r = irplay(&["build", "--target", "wasm32", "-o", &nowhere, &valid]);
    assert_eq!(r.code, Some(1), "{}", r.stderr);
    assert!(
        r.stderr.starts_with(&format!("{nowhere}: error: cannot write file: ")),
        "{}",
        r.stderr
    );
}

#[test]
fn run_keeps_71_for_an_unsupported_construct() {
    let s = Scratch::new("cli-run-status");
    let asm = s.file("asm.ll", INLINE_ASM.as_bytes());
    let mut engines = vec![vec!["--engine", "wasm"]];
    if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        engines.push(vec!["--engine", "native"]);
    }
    for engine in engines {
        let mut args = vec!["run"];
        args.extend(&engine);
        args.push(&asm);
        let r = irplay(&args);
        assert_eq!(r.code, Some(71), "{engine:?}: {}", r.stderr);
        assert!(r.stderr.contains("unsupported by the code generator: inline assembly"));
    }
}

#[test]
fn every_engine_says_the_same_about_a_missing_main() {
    let s = Scratch::new("cli-no-main");
    let modules = [
        ("none.ll", "define i32 @other() {\n  ret i32 0\n}\n"),
        ("declared.ll", "declare i32 @main()\n"),
        ("variable.ll", "@main = global i32 0\n"),
    ];
    let exe = s.path("exe");
    for (name, text) in modules {
        let file = s.file(name, text.as_bytes());
        let want = format!("{file}: error: the module defines no function @main to run\n");
        let mut runs: Vec<Vec<&str>> = vec![
            vec!["run", &file],
            vec!["run", "--engine", "wasm", &file],
            // Found before looking for qemu and the cross C compiler.
            vec!["run", "--engine", "native", "--target", "aarch64", &file],
        ];
        if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
            runs.push(vec!["run", "--engine", "native", &file]);
        }
        for args in &runs {
            let r = irplay(args);
            assert_eq!((r.code, r.stderr.as_str()), (Some(71), want.as_str()), "{args:?}");
        }
        for target in ["x86_64", "aarch64"] {
            let args = ["build", "--target", target, "--emit", "exe", "-o", &exe, &file];
            let r = irplay(&args);
            assert_eq!((r.code, r.stderr.as_str()), (Some(1), want.as_str()), "{args:?}");
            // An object needs no main.
            let args = ["build", "--target", target, "--emit", "obj", "-o", &exe, &file];
            assert_eq!(irplay(&args).code, Some(0), "{args:?}");
        }
    }
    // Another entry of the interpreter, in the same words.
    let file = s.file("entry.ll", VALID.as_bytes());
    let r = irplay(&["run", "--entry", "start", &file]);
    let want = format!("{file}: error: the module defines no function @start to run\n");
    assert_eq!((r.code, r.stderr.as_str()), (Some(71), want.as_str()));
}

/// Prints `getenv("PATH")`, or `(none)`.
const PRINT_PATH: &str = r#"@name = private constant [5 x i8] c"PATH\00"
@none = private constant [7 x i8] c"(none)\00"
declare i32 @puts(ptr)
declare ptr @getenv(ptr)
define i32 @main() {
  %v = call ptr @getenv(ptr @name)
  %null = icmp eq ptr %v, null
  %s = select i1 %null, ptr @none, ptr %v
  call i32 @puts(ptr %s)
  ret i32 0
}
"#;

#[test]
fn every_engine_gives_the_program_the_env_options_alone() {
    let s = Scratch::new("cli-env");
    let file = s.file("path.ll", PRINT_PATH.as_bytes());
    let path = std::env::var("PATH").expect("the tests run with a PATH");
    let mut engines = vec![vec![], vec!["--engine", "wasm"]];
    engines.push(vec!["--engine", "native", "--target", "aarch64"]);
    if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        engines.push(vec!["--engine", "native"]);
    }
    for engine in &engines {
        let run = |env: &[&str]| {
            let mut args = vec!["run"];
            args.extend(engine);
            args.extend(env);
            args.push(&file);
            irplay(&args)
        };
        // irplay's own PATH is not the program's.
        let r = run(&[]);
        assert_eq!((r.code, r.text().as_str()), (Some(0), "(none)\n"), "{engine:?}: {}", r.stderr);
        // `--env PATH` passes irplay's value on, `--env PATH=VALUE` sets one; the last wins.
        let r = run(&["--env", "PATH"]);
        assert_eq!((r.code, r.text().trim_end()), (Some(0), path.as_str()), "{engine:?}");
        let r = run(&["--env", "PATH", "--env", "PATH=/nowhere"]);
        assert_eq!((r.code, r.text().as_str()), (Some(0), "/nowhere\n"), "{engine:?}");
    }
    // A name that is not set, or an empty name, is a wrong command line.
    for bad in ["IRPLAY_TEST_SURELY_NOT_SET", "=value"] {
        let r = irplay(&["run", "--env", bad, &file]);
        assert_eq!(r.code, Some(2), "{bad}: {}", r.stderr);
        assert!(r.stderr.contains("--env"), "{}", r.stderr);
    }
}

/// Prints `isatty` of standard input, output and error.
const PRINT_ISATTY: &str = r#"@fmt = private constant [18 x i8] c"isatty: %d %d %d\0A\00"
declare i32 @printf(ptr, ...)
declare i32 @isatty(i32)
define i32 @main() {
  %a = call i32 @isatty(i32 0)
  %b = call i32 @isatty(i32 1)
  %c = call i32 @isatty(i32 2)
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c)
  ret i32 0
}
"#;

#[test]
fn on_a_terminal_every_engine_finds_no_terminal() {
    let s = Scratch::new("cli-isatty");
    let file = s.file("isatty.ll", PRINT_ISATTY.as_bytes());
    let irplay = env!("CARGO_BIN_EXE_irplay");
    let mut engines = vec!["", "--engine wasm", "--engine native --target aarch64"];
    if cfg!(all(target_os = "linux", target_arch = "x86_64")) {
        engines.push("--engine native");
    }
    for engine in engines {
        // `script` (util-linux) runs the command with a terminal as its standard streams.
        let command = format!("{irplay} run {engine} {file}");
        let out = std::process::Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .stdin(std::process::Stdio::null())
            .output()
            .expect("runs script (util-linux)");
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(text.trim_end(), "isatty: 0 0 0", "{engine:?}: {out:?}");
    }
}
