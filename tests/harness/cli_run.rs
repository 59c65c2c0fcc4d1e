//! Running the `irplay` binary (and the LLVM tools) with a standard input, and scratch
//! directories, for the command-line tests (`tests/cli.rs`, `tests/cli_bitcode.rs`).

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The outcome of one command.
pub struct Out {
    pub code: Option<i32>,
    pub stdout: Vec<u8>,
    pub stderr: String,
}

impl Out {
    /// Standard output as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

/// Runs `prog ARGS` with `stdin` as its standard input (fed from a thread, so a command that
/// writes much before reading cannot block on a full pipe).
pub fn run_in(prog: &str, args: &[&str], stdin: &[u8]) -> Out {
    let mut child = Command::new(prog)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {prog}: {e}"));
    let input = stdin.to_vec();
    let mut pipe = child.stdin.take();
    let feeder = std::thread::spawn(move || {
        if let Some(p) = pipe.as_mut() {
            let _ = std::io::Write::write_all(p, &input);
        }
    });
    let out = child.wait_with_output().expect("waits for the command");
    let _ = feeder.join();
    Out {
        code: out.status.code(),
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs `irplay ARGS` with `stdin` as its standard input.
pub fn irplay_in(args: &[&str], stdin: &[u8]) -> Out {
    run_in(env!("CARGO_BIN_EXE_irplay"), args, stdin)
}

/// Runs `irplay ARGS` with an empty standard input.
pub fn irplay(args: &[&str]) -> Out {
    irplay_in(args, b"")
}

/// A scratch directory for one test, removed at the end.
pub struct Scratch(PathBuf);

impl Scratch {
    /// A fresh directory named after `tag` and this process.
    pub fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("irplay-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("creates the scratch directory");
        Scratch(dir)
    }

    /// Writes `name` with `bytes`; its path.
    pub fn file(&self, name: &str, bytes: &[u8]) -> String {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).expect("writes a file");
        p.display().to_string()
    }

    /// The path of `name` in the directory.
    pub fn path(&self, name: &str) -> String {
        self.0.join(name).display().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
