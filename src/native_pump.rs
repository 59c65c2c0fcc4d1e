//! The output limit of native runs: the program writes into pipes, and irplay forwards what
//! it reads to its own stdout and stderr as it arrives, counting the bytes of both together;
//! at `--max-output` it stops forwarding (the run is then ended by the caller, status 72).
//! A stdout that was closed (`| head -1`) ends the run quietly, as it ends a C program
//! (`SIGPIPE`). When irplay's stdout and stderr are the same file (a terminal, `2>&1`), one
//! pipe carries both, so their order is kept.
//!
//! ```text
//!  program ──fd 1──▶ pipe ──▶ pump ──▶ irplay's stdout      (counted together,
//!          ──fd 2──▶ pipe ──▶ pump ──▶ irplay's stderr       up to --max-output)
//! ```
//!
//! qemu's own line about a signal the program did not handle (`qemu: uncaught target
//! signal ...`) is left out of the program's stderr (the exit status says it).

use std::ffi::c_int;
use std::os::fd::RawFd;

/// What qemu writes for a program killed by a signal.
const QEMU_LINE: &[u8] = b"qemu: uncaught target signal";

/// How the forwarding ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Pumped {
    /// Every pipe reached its end (the program and its children closed them).
    Done,
    /// The output limit was reached: exactly the limit was forwarded.
    Limit,
    /// irplay's stdout (or stderr) is closed.
    Closed,
}

/// A pipe from the program: its read end and where its bytes go.
pub(crate) struct Stream {
    pub from: RawFd,
    pub to: RawFd,
    /// Leave out qemu's line about an unhandled signal.
    pub filter_qemu: bool,
    /// Bytes held back (a line start that may be qemu's line).
    held: Vec<u8>,
    at_line_start: bool,
    open: bool,
}

impl Stream {
    pub(crate) fn new(from: RawFd, to: RawFd, filter_qemu: bool) -> Stream {
        Stream { from, to, filter_qemu, held: Vec::new(), at_line_start: true, open: true }
    }
}

/// A pipe's read and write ends.
pub(crate) type Pipe = (RawFd, RawFd);

/// The pipes for a program: `(read, write)` for stdout and, unless irplay's stdout and
/// stderr are the same file, another for stderr (`None`: fd 2 is the same pipe).
pub(crate) fn pipes() -> std::io::Result<(Pipe, Option<Pipe>)> {
    let out = pipe()?;
    let err = if same_file(1, 2) { None } else { Some(pipe()?) };
    Ok((out, err))
}

fn pipe() -> std::io::Result<Pipe> {
    let mut fds = [0; 2];
    // SAFETY: `pipe2` writes two descriptors into the array.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok((fds[0], fds[1]))
}

/// True if descriptors `a` and `b` are open on the same file.
fn same_file(a: RawFd, b: RawFd) -> bool {
    let stat = |fd: RawFd| {
        // SAFETY: fstat fills a zeroed struct; failure is checked.
        unsafe {
            let mut st: libc::stat = std::mem::zeroed();
            (libc::fstat(fd, &mut st) == 0).then_some((st.st_dev, st.st_ino))
        }
    };
    matches!((stat(a), stat(b)), (Some(x), Some(y)) if x == y)
}

/// True if irplay's stdout is a terminal (the program's stdout is then line-buffered, as
/// a C program's on a terminal is, though it writes into a pipe).
pub(crate) fn stdout_is_terminal() -> bool {
    // SAFETY: isatty has no preconditions.
    unsafe { libc::isatty(1) == 1 }
}

/// Writes all of `bytes` to `fd`; false when it is closed (or fails otherwise).
fn write_all(fd: RawFd, mut bytes: &[u8]) -> bool {
    while !bytes.is_empty() {
        // SAFETY: writes from a valid slice.
        let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if n < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return false;
        }
        bytes = bytes.get(n as usize..).unwrap_or_default();
    }
    true
}

/// Forwards what the streams carry until all end, the output reaches `max` bytes (counted
/// over all streams) or a destination is closed. Closes the read ends.
pub(crate) fn pump(streams: &mut [Stream], max: u64) -> Pumped {
    let mut written = 0u64;
    let mut buf = vec![0u8; 64 << 10];
    let outcome = loop {
        let mut fds: Vec<libc::pollfd> = streams
            .iter()
            .filter(|s| s.open)
            .map(|s| libc::pollfd { fd: s.from, events: libc::POLLIN, revents: 0 })
            .collect();
        if fds.is_empty() {
            break Pumped::Done;
        }
        // SAFETY: polls a valid array of pollfd.
        let n = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, -1) };
        if n < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            break Pumped::Done;
        }
        let mut stop = None;
        for p in fds.iter().filter(|p| p.revents != 0) {
            let Some(s) = streams.iter_mut().find(|s| s.from == p.fd) else { continue };
            // SAFETY: reads into a valid buffer.
            let got = unsafe { libc::read(s.from, buf.as_mut_ptr().cast(), buf.len()) };
            if got < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted
            {
                continue;
            }
            let chunk = if got > 0 { buf.get(..got as usize).unwrap_or_default() } else { &[] };
            let eof = got <= 0;
            if eof {
                s.open = false;
            }
            let out = s.take(chunk, eof);
            let room = max.saturating_sub(written);
            let (part, limit) = if out.len() as u64 > room {
                (out.get(..room as usize).unwrap_or_default(), true)
            } else {
                (&out[..], false)
            };
            if !write_all(s.to, part) {
                stop = Some(Pumped::Closed);
                break;
            }
            written += part.len() as u64;
            if limit {
                stop = Some(Pumped::Limit);
                break;
            }
        }
        if let Some(o) = stop {
            break o;
        }
    };
    for s in streams.iter() {
        // SAFETY: closes the read end this function owns.
        unsafe { libc::close(s.from) };
    }
    outcome
}

impl Stream {
    /// What of `chunk` (after the bytes held back) goes out now: all of it, but qemu's
    /// lines and a line start that may still become one (unless the stream ended).
    fn take(&mut self, chunk: &[u8], eof: bool) -> Vec<u8> {
        if !self.filter_qemu {
            return chunk.to_vec();
        }
        self.held.extend_from_slice(chunk);
        let mut out = Vec::new();
        let mut rest = std::mem::take(&mut self.held);
        let mut i = 0;
        while i < rest.len() {
            let tail = rest.get(i..).unwrap_or_default();
            let line_end = tail.iter().position(|&b| b == b'\n').map(|k| k + 1);
            if self.at_line_start {
                let maybe = tail.len() < QEMU_LINE.len() && QEMU_LINE.starts_with(tail);
                if maybe && !eof {
                    break;
                }
                if tail.starts_with(QEMU_LINE) {
                    match line_end {
                        Some(k) => {
                            i += k;
                            continue;
                        }
                        None if eof => {
                            i = rest.len();
                            continue;
                        }
                        None => break,
                    }
                }
            }
            match line_end {
                Some(k) => {
                    out.extend_from_slice(tail.get(..k).unwrap_or_default());
                    self.at_line_start = true;
                    i += k;
                }
                None => {
                    out.extend_from_slice(tail);
                    self.at_line_start = false;
                    i = rest.len();
                }
            }
        }
        self.held = rest.split_off(i.min(rest.len()));
        out
    }
}

/// Forks the process for a run with the output limit `max`: the child (`Ok(None)`) goes on
/// with the run, its stdout and stderr the pipes; the parent forwards their bytes
/// ([`pump`]) and returns the status of the run (`Ok(Some(status))`): the child's, 72 with
/// the report at the output limit (the child killed); at a closed stdout it dies of
/// `SIGPIPE` as the program would; for a child killed by a signal, it dies of the same.
pub(crate) fn fork_pumped(max: u64) -> Result<Option<u8>, String> {
    let ((out_r, out_w), err) = pipes().map_err(|e| format!("cannot make a pipe: {e}"))?;
    let _ = std::io::Write::flush(&mut std::io::stdout());
    let _ = std::io::Write::flush(&mut std::io::stderr());
    // SAFETY: irplay runs one thread here; the child only goes on with the run.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(format!("cannot fork: {}", std::io::Error::last_os_error()));
    }
    if pid == 0 {
        // SAFETY: the child's descriptors: the write ends become fds 1 and 2.
        unsafe {
            libc::dup2(out_w, 1);
            libc::dup2(err.map_or(out_w, |e| e.1), 2);
            libc::close(out_r);
            libc::close(out_w);
            if let Some((r, w)) = err {
                libc::close(r);
                libc::close(w);
            }
        }
        return Ok(None);
    }
    // SAFETY: the parent keeps only the read ends.
    unsafe {
        libc::close(out_w);
        if let Some((_, w)) = err {
            libc::close(w);
        }
    }
    let mut streams = vec![Stream::new(out_r, 1, false)];
    if let Some((r, _)) = err {
        streams.push(Stream::new(r, 2, false));
    }
    let pumped = pump(&mut streams, max);
    if pumped != Pumped::Done {
        // SAFETY: kills the child this function forked.
        unsafe { libc::kill(pid, libc::SIGKILL) };
    }
    let mut st = 0;
    // SAFETY: waits for the child this function forked.
    while unsafe { libc::waitpid(pid, &mut st, 0) } < 0 {
        if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return Err(format!("waiting for the program: {}", std::io::Error::last_os_error()));
        }
    }
    Ok(Some(match pumped {
        Pumped::Limit => limit_reached(max),
        Pumped::Closed => die_of(libc::SIGPIPE),
        Pumped::Done if libc::WIFEXITED(st) => (libc::WEXITSTATUS(st) & 0xff) as u8,
        Pumped::Done => die_of(libc::WTERMSIG(st)),
    }))
}

/// Reports the output limit on irplay's stderr: status 72.
pub(crate) fn limit_reached(max: u64) -> u8 {
    let _ = write_all(2, crate::native_faults::output_limit(max).as_bytes());
    crate::run::Stop::OUTPUT_LIMIT
}

/// Ends this process with signal `sig` (status 128 + `sig` if it survives it).
pub(crate) fn die_of(sig: c_int) -> u8 {
    // No core file of irplay's own.
    let none = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: sets a limit from a valid struct; resets the signal's disposition and raises
    // it in this process.
    unsafe {
        libc::setrlimit(libc::RLIMIT_CORE, &none);
        libc::signal(sig, libc::SIG_DFL);
        libc::raise(sig);
    }
    (128 + sig).clamp(0, 255) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    /// qemu's line is left out wherever the reads split it; other lines, and partial lines
    /// that cannot be it, go out at once.
    #[test]
    fn qemu_lines_are_filtered_across_reads() {
        let mut s = Stream::new(-1, -1, true);
        assert_eq!(s.take(b"abc\nqemu: unc", false), b"abc\n");
        assert_eq!(s.take(b"aught target signal 6\nx", false), b"x");
        assert_eq!(s.take(b"y\nqe", false), b"y\n");
        assert_eq!(s.take(b"", true), b"qe");
        let mut s = Stream::new(-1, -1, true);
        assert_eq!(s.take(b"prompt> ", false), b"prompt> ");
    }
}
