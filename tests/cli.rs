//! The command line's file-level errors, through the `irplay` binary: `check --format json`
//! reports every failure as JSON (a file that cannot be read, a directory, bytes that are not
//! UTF-8).

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The outcome of one `irplay` command.
struct Out {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs `irplay ARGS` with `stdin` as its standard input.
fn irplay_in(args: &[&str], stdin: &[u8]) -> Out {
    let mut child = Command::new(env!("CARGO_BIN_EXE_irplay"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs irplay");
    if let Some(mut input) = child.stdin.take() {
        std::io::Write::write_all(&mut input, stdin).expect("writes stdin");
    }
    let out = child.wait_with_output().expect("waits for irplay");
    Out {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn irplay(args: &[&str]) -> Out {
    irplay_in(args, b"")
}

/// A scratch directory for one test, removed at the end.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("irplay-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("creates the scratch directory");
        Scratch(dir)
    }
    /// Writes `name` with `bytes`; its path.
    fn file(&self, name: &str, bytes: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).expect("writes a file");
        p.display().to_string()
    }
    fn path(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The JSON array `check --format json` printed.
fn json_array(out: &Out) -> Vec<serde_json::Value> {
    match serde_json::from_str(&out.stdout) {
        Ok(serde_json::Value::Array(items)) => items,
        other => panic!("not a JSON array ({other:?}): {}", out.stdout),
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
    let s = Scratch::new("check-json");
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
        for key in ["end_line", "end_column", "labels", "notes"] {
            assert!(item.get(key).is_some(), "{key} missing in {item}");
        }
    }

    // Standard input is named `-`.
    let out = irplay_in(&["check", "--format", "json", "-"], LATIN1);
    assert_eq!(out.code, Some(1));
    assert_eq!(about(&json_array(&out), "-").len(), 1, "{}", out.stdout);
    // A valid file alone: an empty array, status 0.
    let out = irplay(&["check", "--format", "json", &valid]);
    assert_eq!((out.code, out.stdout.trim()), (Some(0), "[]"));
}

#[test]
fn check_text_keeps_its_text() {
    let s = Scratch::new("check-text");
    let latin1 = s.file("latin1.ll", LATIN1);
    let missing = s.path("missing.ll");
    let out = irplay(&["check", &missing, &latin1]);
    assert_eq!(out.code, Some(1));
    assert_eq!(out.stdout, "");
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
