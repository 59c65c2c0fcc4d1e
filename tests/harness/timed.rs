//! Running a subprocess with a time limit, for the harnesses of the engines (`matrix`, `wasm`,
//! `native`): a miscompiled program may loop forever.

use std::io::Read;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A finished process.
#[derive(Clone)]
pub(crate) struct Out {
    /// `None` when killed by a signal.
    pub(crate) code: Option<i32>,
    pub(crate) stdout: Vec<u8>,
    pub(crate) stderr: String,
}

/// Runs `cmd` with a time limit and an empty standard input.
pub(crate) fn run(cmd: &mut Command, limit: Duration) -> Result<Out, String> {
    run_with_stdin(cmd, None, limit)
}

/// Runs `cmd` with a time limit, the file `stdin` (if any) as its standard input.
pub(crate) fn run_with_stdin(
    cmd: &mut Command,
    stdin: Option<&Path>,
    limit: Duration,
) -> Result<Out, String> {
    let shown = format!("{cmd:?}");
    let input = match stdin {
        Some(p) => Stdio::from(
            std::fs::File::open(p).map_err(|e| format!("cannot open {}: {e}", p.display()))?,
        ),
        None => Stdio::null(),
    };
    let mut child = cmd
        .stdin(input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {shown}: {e}"))?;
    let mut o = child.stdout.take().ok_or("no stdout pipe")?;
    let mut e = child.stderr.take().ok_or("no stderr pipe")?;
    let ot = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = o.read_to_end(&mut b);
        b
    });
    let et = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = e.read_to_end(&mut b);
        b
    });
    let start = Instant::now();
    let mut nap = Duration::from_micros(500);
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| format!("waiting for {shown}: {e}"))? {
            break s;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("{shown} did not finish within {limit:?}"));
        }
        std::thread::sleep(nap);
        nap = (nap * 2).min(Duration::from_millis(10));
    };
    Ok(Out {
        code: status.code(),
        stdout: ot.join().unwrap_or_default(),
        stderr: String::from_utf8_lossy(&et.join().unwrap_or_default()).into_owned(),
    })
}
