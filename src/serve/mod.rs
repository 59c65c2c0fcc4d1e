//! `irplay serve`: a static file server for the built browser playground (`www/dist/`).
//!
//! GET and HEAD only; `/` (and `/dir/`) serve `index.html`; no directory listings; paths
//! are percent-decoded, `..` segments are refused, and the resolved file must stay inside
//! the served directory after following symlinks. Every response says
//! `Cache-Control: no-cache` and carries the page's Content-Security-Policy ([`CSP`]) and
//! `X-Content-Type-Options: nosniff`. Files go out brotli- or gzip-compressed when the client
//! accepts it and `cargo xtask web` stored the compressed copy, each with an entity tag: a
//! reload revalidates every file and gets a bodiless 304 for what did not change, so a
//! rebuilt playground shows up at once and an unchanged one costs no transfer ([`files`]).
//!
//! It is meant for a browser on the same machine, and each connection costs a bounded amount
//! of memory and time whatever the client sends:
//!
//! - One request per connection (`Connection: close`): the browser opens a few connections
//!   in parallel, and a loopback connection is cheap.
//! - The request head is read in 4 KiB pieces and never held whole: a request line longer
//!   than 8190 bytes is answered 414, a header line longer than 8190 bytes or more than 100
//!   header lines 431, anything malformed 400, a version other than HTTP/1.x 505; the
//!   connection is closed after each answer (the server reads on for at most 256 KiB or two
//!   seconds first, and drops it, so that the client reads the answer rather than a reset).
//! - The whole request head must arrive within the read timeout (10 s): a client that
//!   trickles bytes gets no more time than one that sends nothing. One that sent part of a
//!   request is answered 408; one that sent nothing is closed silently. The whole response
//!   must be written within the write timeout (30 s), else the connection is dropped.
//! - At most 32 connections are served at once, each on its own thread (a 256 KiB stack, at
//!   most 12 KiB of the request head, 64 KiB more while a file is sent); a connection beyond
//!   that is answered 503 at once, without reading it, and closed.
//! - Refused requests are logged on stderr, one line each (`irplay serve: PEER METHOD
//!   TARGET -> STATUS`), with every byte that is not printable ASCII (control characters,
//!   escape sequences, UTF-8) written as `\xNN`, so a request cannot rewrite the terminal.
//!
//! Why a thread per connection up to a cap, rather than one event loop: the standard library
//! has no readiness polling, and a thread that owns one connection with a deadline on every
//! read and write is a few lines of plain blocking code. A slow client holds only its own
//! thread, and only until its deadline; a flood of them fills the cap, and then gets quick
//! 503s, while the memory and threads stay bounded.
//!
//! The timeouts and the cap are hidden options of `irplay serve` (`--read-timeout-ms`,
//! `--write-timeout-ms`, `--max-connections`), for tests.

use std::io::{self, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

mod files;
use files::{mime_type, none_match, representation, resolve};

/// The Content-Security-Policy of every response; the workers run under it too (a worker's
/// policy is that of its script's response). Each directive, and what of the page needs it:
///
/// - `default-src 'none'`: nothing that is not listed below;
/// - `script-src 'self' 'wasm-unsafe-eval'`: the page's scripts are files (`theme.js`,
///   `editor.js`, `main.js`, the wasm-bindgen glue; no inline script, no `eval`), and the app
///   and the Run pane compile WebAssembly (`WebAssembly.instantiate`), which CSP allows only
///   with `'wasm-unsafe-eval'`;
/// - `worker-src 'self'`: the workers are module workers from `worker.js`, not blobs;
/// - `connect-src 'self'`: the glue fetches `irplay_web_bg.wasm`, and `main.js` the workers'
///   modules (`irplay_worker_bg.wasm`, `irplay_full_bg.wasm`), compiled once for all workers;
/// - `style-src 'self' 'unsafe-inline'`: `style.css`, and the styles that cannot be files:
///   CodeMirror writes its themes into a `<style>` element of the document (its constructed
///   style sheets are for shadow roots only), and the app and CodeMirror set `style`
///   attributes (the asm view's spacers, the editor's gutters and tooltips). A nonce would
///   need the server to rewrite the page for each response; styles cannot run script;
/// - `img-src 'self' data:`: the page's empty `data:,` icon (which keeps the browser from
///   asking for `/favicon.ico`);
/// - `base-uri 'none'`, `form-action 'none'`, `frame-ancestors 'none'`: no `<base>`, no
///   form posts, not framed by another page.
///
/// `www/index.html` carries the same policy in a `<meta http-equiv>`, without
/// `frame-ancestors` (which only works as a header), for when another server serves the
/// page; a test keeps the two the same.
pub const CSP: &str = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; \
worker-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// The longest request line accepted (longer: 414).
const MAX_REQUEST_LINE: usize = 8190;
/// The longest header line accepted (longer: 431).
const MAX_HEADER_LINE: usize = 8190;
/// The most header lines accepted (more: 431).
const MAX_HEADERS: usize = 100;
/// Bytes read from a client at once.
const CHUNK: usize = 4096;
/// Bytes of a file written at once.
const FILE_CHUNK: usize = 64 << 10;
/// After an answer, at most this much of what the client still sends is read and dropped...
const LINGER_BYTES: usize = 256 << 10;
/// ... for at most this long (or the read timeout, if shorter).
const LINGER: Duration = Duration::from_secs(2);
/// The stack of a connection's thread (it resolves a path and copies a file).
const STACK: usize = 256 << 10;
/// The longest part of a request target or line written to the log.
const LOG_MAX: usize = 200;

/// How long a client may take and how many are served at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The time a client has to send its whole request head.
    pub read_timeout: Duration,
    /// The time the whole response may take to write.
    pub write_timeout: Duration,
    /// Connections served at once; more are answered 503.
    pub max_connections: usize,
}

/// The directory to serve: `dir` when given; else `www/dist` under the current directory,
/// or under the source tree this binary was built from.
pub fn default_dir(dir: Option<&Path>) -> PathBuf {
    if let Some(d) = dir {
        return d.to_path_buf();
    }
    let here = Path::new("www/dist");
    if here.join("index.html").is_file() {
        return here.to_path_buf();
    }
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/dist");
    if source.join("index.html").is_file() {
        source
    } else {
        here.to_path_buf()
    }
}

/// Serves `dir` on `host:port` until the process is stopped.
pub fn serve(host: &str, port: u16, dir: &Path, limits: Limits) -> ExitCode {
    if !dir.join("index.html").is_file() {
        eprintln!(
            "irplay: error: {} not found: build the playground first with `cargo xtask web`",
            dir.join("index.html").display()
        );
        return ExitCode::FAILURE;
    }
    let root = match dir.canonicalize() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("irplay: error: {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    let listener = match TcpListener::bind((host, port)) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("irplay: error: cannot listen on {host}:{port}: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The bound address (the real port when asked for port 0).
    let port = listener.local_addr().map_or(port, |a| a.port());
    let shown = if host.contains(':') { format!("[{host}]") } else { host.to_string() };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "irplay playground: http://{shown}:{port}/");
    let _ = out.flush();
    drop(out);

    let root = Arc::new(root);
    let active = Arc::new(AtomicUsize::new(0));
    for conn in listener.incoming() {
        let stream = match conn {
            Ok(s) => s,
            Err(_) => {
                // Out of file descriptors or memory, or the client left already: wait a
                // little rather than spin on the error.
                std::thread::sleep(Duration::from_millis(20));
                continue;
            }
        };
        let peer = stream.peer_addr().map_or_else(|_| "?".to_string(), |a| a.to_string());
        // Only this loop adds to `active`, so the count cannot pass the cap.
        if active.load(Ordering::Acquire) >= limits.max_connections {
            busy(&stream, &peer);
            continue;
        }
        active.fetch_add(1, Ordering::AcqRel);
        let slot = Slot(Arc::clone(&active));
        let root = Arc::clone(&root);
        let spawned = std::thread::Builder::new()
            .name("irplay-serve".into())
            .stack_size(STACK)
            .spawn(move || {
                let _slot = slot;
                connection(&stream, &peer, &root, limits);
            });
        if let Err(e) = spawned {
            // The connection (moved into the closure) is closed, and its slot given back.
            eprintln!("irplay serve: cannot start a thread: {e}");
        }
    }
    ExitCode::SUCCESS
}

/// A connection's place under the cap, given back when its thread ends.
struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Answers a connection over the cap 503 without reading it or waiting for it.
fn busy(stream: &TcpStream, peer: &str) {
    log(peer, "(not read: too many connections)", 503);
    let body = reason_text(503);
    let head = head(503, Some((TEXT, body.len() as u64)), "Retry-After: 1\r\n");
    // A fresh connection's send buffer takes this at once; if it does not, the client is
    // left with the close.
    let _ = stream.set_nonblocking(true);
    let mut w = stream;
    let _ = w.write_all(format!("{head}{body}").as_bytes());
    let _ = stream.shutdown(Shutdown::Write);
}

/// A request the server answers: its method and target (both printable ASCII).
#[derive(Clone, Debug)]
struct Request {
    method: String,
    target: String,
    /// The `Accept-Encoding` field value (`""` when absent; repeated fields joined by `,`).
    accept_encoding: String,
    /// The `If-None-Match` field value (likewise).
    if_none_match: String,
}

/// Why no request was read from a connection.
enum NoRequest {
    /// Answer with this status (the log says `what`: the escaped request line or a part).
    Refuse(u16, String),
    /// The read timeout passed; `partial` if the client sent anything.
    TimedOut { partial: bool },
    /// The client closed or reset the connection before a whole request head.
    Gone,
}

/// Serves the one request of a connection, then closes it.
fn connection(stream: &TcpStream, peer: &str, root: &Path, limits: Limits) {
    let _ = stream.set_nodelay(true);
    let read_by = Instant::now() + limits.read_timeout;
    let got = read_head(stream, read_by);
    let write_by = Instant::now() + limits.write_timeout;
    match got {
        Ok(req) => respond(stream, peer, root, &req, write_by),
        Err(NoRequest::Refuse(status, what)) => {
            log(peer, &what, status);
            let _ = send_text(stream, status, "", write_by);
        }
        Err(NoRequest::TimedOut { partial: true }) => {
            log(peer, "(request not complete within the read timeout)", 408);
            let _ = send_text(stream, 408, "", write_by);
        }
        Err(NoRequest::TimedOut { partial: false } | NoRequest::Gone) => {}
    }
    linger(stream, limits.read_timeout);
}

/// Reads up to the end of the request head by `deadline`: the request line, validated, with
/// the header lines checked against the limits and dropped.
fn read_head(stream: &TcpStream, deadline: Instant) -> Result<Request, NoRequest> {
    let mut chunk = [0u8; CHUNK];
    // The line being read (at most a line's limit plus a chunk).
    let mut line: Vec<u8> = Vec::with_capacity(CHUNK);
    let mut request: Option<Request> = None;
    let mut headers = 0usize;
    let mut partial = false;
    loop {
        let n = match read_by(stream, &mut chunk, deadline) {
            Ok(0) => return Err(NoRequest::Gone),
            Ok(n) => n,
            Err(e) if is_timeout(&e) => return Err(NoRequest::TimedOut { partial }),
            Err(_) => return Err(NoRequest::Gone),
        };
        partial = true;
        let mut rest = chunk.get(..n).unwrap_or_default();
        while !rest.is_empty() {
            let (piece, ended) = match rest.iter().position(|&b| b == b'\n') {
                Some(i) => (rest.get(..i).unwrap_or_default(), true),
                None => (rest, false),
            };
            rest = rest.get(piece.len() + usize::from(ended)..).unwrap_or_default();
            line.extend_from_slice(piece);
            let limit = if request.is_none() { MAX_REQUEST_LINE } else { MAX_HEADER_LINE };
            // A line's limit counts its text, without the CR of its CRLF.
            if line.len() > limit + 1 || (line.len() > limit && line.last() != Some(&b'\r')) {
                return Err(if request.is_none() {
                    NoRequest::Refuse(
                        414,
                        format!("{} (request line over {MAX_REQUEST_LINE} bytes)", escape(&line)),
                    )
                } else {
                    let what = format!("(a header line over {MAX_HEADER_LINE} bytes)");
                    NoRequest::Refuse(431, request_what(request.as_ref(), &what))
                });
            }
            if !ended {
                break;
            }
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            match &request {
                // Empty lines before the request line are allowed (RFC 9112, 2.2).
                None if line.is_empty() => {}
                None => request = Some(request_line(&line)?),
                Some(req) if line.is_empty() => return Ok(req.clone()),
                Some(req) => {
                    headers += 1;
                    if headers > MAX_HEADERS {
                        let what = format!("(over {MAX_HEADERS} header lines)");
                        return Err(NoRequest::Refuse(431, request_what(Some(req), &what)));
                    }
                    if !header_line(&line) {
                        let what = format!("(malformed header line {})", escape(&line));
                        return Err(NoRequest::Refuse(400, request_what(Some(req), &what)));
                    }
                    if let Some(req) = request.as_mut() {
                        keep_header(req, &line);
                    }
                }
            }
            line.clear();
        }
    }
}

/// What the log says about a refused request: its method and target, then `why`.
fn request_what(req: Option<&Request>, why: &str) -> String {
    match req {
        Some(r) => format!("{} {} {why}", r.method, escape(r.target.as_bytes())),
        None => why.to_string(),
    }
}

/// The method and target of a request line `METHOD SP TARGET SP HTTP/1.x`, or the status
/// to refuse it with.
fn request_line(line: &[u8]) -> Result<Request, NoRequest> {
    let bad =
        |status: u16, why: &str| NoRequest::Refuse(status, format!("{} ({why})", escape(line)));
    let mut parts = line.split(|&b| b == b' ');
    let (Some(method), Some(target), Some(version), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad(400, "malformed request line"));
    };
    if method.is_empty() || !method.iter().all(|&b| is_tchar(b)) {
        return Err(bad(400, "malformed method"));
    }
    if target.is_empty() || !target.iter().all(|&b| b.is_ascii_graphic()) {
        return Err(bad(400, "control characters or spaces in the target"));
    }
    match version {
        b"HTTP/1.1" | b"HTTP/1.0" => {}
        v if v.starts_with(b"HTTP/") => return Err(bad(505, "unsupported HTTP version")),
        _ => return Err(bad(400, "malformed request line")),
    }
    // Both are ASCII now.
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    Ok(Request {
        method: text(method),
        target: text(target),
        accept_encoding: String::new(),
        if_none_match: String::new(),
    })
}

/// True for a header line `NAME: value` (no folded continuation line, no space before the
/// colon, no control characters but tabs).
fn header_line(line: &[u8]) -> bool {
    let Some(colon) = line.iter().position(|&b| b == b':') else { return false };
    let (name, value) = line.split_at(colon);
    !name.is_empty()
        && name.iter().all(|&b| is_tchar(b))
        && value.iter().all(|&b| b == b'\t' || !b.is_ascii_control())
}

/// Keeps the value of a header line (`Name: value`, already checked) that the answer
/// depends on; repeated fields are joined by `,` (RFC 9110, 5.3). The kept values are
/// bounded by the head's limits.
fn keep_header(req: &mut Request, line: &[u8]) {
    let Some(colon) = line.iter().position(|&b| b == b':') else { return };
    let (name, value) = (line.get(..colon).unwrap_or_default(), line.get(colon + 1..));
    let value = String::from_utf8_lossy(value.unwrap_or_default());
    let field = if name.eq_ignore_ascii_case(b"accept-encoding") {
        &mut req.accept_encoding
    } else if name.eq_ignore_ascii_case(b"if-none-match") {
        &mut req.if_none_match
    } else {
        return;
    };
    if !field.is_empty() {
        field.push(',');
    }
    field.push_str(value.trim());
}

/// A character of an HTTP token (RFC 9110, 5.6.2).
fn is_tchar(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b)
}

/// Answers a request read whole.
fn respond(stream: &TcpStream, peer: &str, root: &Path, req: &Request, by: Instant) {
    let head_only = req.method == "HEAD";
    let status = if req.method == "GET" || head_only {
        match resolve(root, &req.target) {
            Ok(path) => match representation(&path, &req.accept_encoding) {
                Ok(rep) => {
                    let mut extra = format!("ETag: {}\r\nVary: Accept-Encoding\r\n", rep.etag);
                    if none_match(&req.if_none_match, &rep.etag) {
                        let head = head(304, None, &extra);
                        let _ = write_by(stream, head.as_bytes(), by);
                        return;
                    }
                    if let Some(c) = rep.coding {
                        extra.push_str(&format!("Content-Encoding: {}\r\n", c.token()));
                    }
                    if let Ok(file) = std::fs::File::open(&rep.path) {
                        let mime = mime_type(&path);
                        let _ = send_file(stream, file, mime, rep.len, &extra, head_only, by);
                        return;
                    }
                    404
                }
                Err(_) => 404,
            },
            Err(status) => status,
        }
    } else {
        405
    };
    log(peer, &request_what(Some(req), ""), status);
    let extra = if status == 405 { "Allow: GET, HEAD\r\n" } else { "" };
    let _ = if head_only {
        let text = reason_text(status);
        write_by(stream, head(status, Some((TEXT, text.len() as u64)), extra).as_bytes(), by)
    } else {
        send_text(stream, status, extra, by)
    };
}

/// The type of the answers that are not files.
const TEXT: &str = "text/plain; charset=utf-8";

/// Sends `len` bytes of `file` (only the head for HEAD), with `extra` header lines, by `by`.
fn send_file(
    stream: &TcpStream,
    mut file: std::fs::File,
    mime: &str,
    len: u64,
    extra: &str,
    head_only: bool,
    by: Instant,
) -> io::Result<()> {
    write_by(stream, head(200, Some((mime, len)), extra).as_bytes(), by)?;
    if head_only {
        return Ok(());
    }
    let mut buf = vec![0u8; FILE_CHUNK];
    let mut left = len;
    while left > 0 {
        let n = file.read(&mut buf)?;
        if n == 0 {
            // The file shrank: the client sees a short body and the close.
            break;
        }
        let n = n.min(usize::try_from(left).unwrap_or(usize::MAX));
        write_by(stream, buf.get(..n).unwrap_or_default(), by)?;
        left -= n as u64;
    }
    Ok(())
}

/// Sends a status whose body is its reason phrase, with `extra` header lines, by `by`.
fn send_text(stream: &TcpStream, status: u16, extra: &str, by: Instant) -> io::Result<()> {
    let body = reason_text(status);
    let head = head(status, Some((TEXT, body.len() as u64)), extra);
    write_by(stream, format!("{head}{body}").as_bytes(), by)
}

/// The status line and headers of a response: `body` is the type and length of its body
/// (`None` for a 304, which has none); `extra` ends in CRLF, or is empty.
fn head(status: u16, body: Option<(&str, u64)>, extra: &str) -> String {
    let body = body.map_or(String::new(), |(mime, len)| {
        format!("Content-Type: {mime}\r\nContent-Length: {len}\r\n")
    });
    format!(
        "HTTP/1.1 {status} {}\r\nDate: {}\r\n{body}\
         Cache-Control: no-cache\r\nContent-Security-Policy: {CSP}\r\n\
         X-Content-Type-Options: nosniff\r\nConnection: close\r\n{extra}\r\n",
        reason(status),
        http_date(SystemTime::now())
    )
}

/// The reason phrase of a status this server sends.
fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        304 => "Not Modified",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        414 => "URI Too Long",
        431 => "Request Header Fields Too Large",
        503 => "Service Unavailable",
        505 => "HTTP Version Not Supported",
        _ => "Error",
    }
}

/// The body of an answer that is not a file: `404 Not Found` and a newline.
fn reason_text(status: u16) -> String {
    format!("{status} {}\n", reason(status))
}

/// Reads what is there by `deadline` (a timeout error after it).
fn read_by(stream: &TcpStream, buf: &mut [u8], deadline: Instant) -> io::Result<usize> {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        stream.set_read_timeout(Some(left))?;
        let mut r = stream;
        match r.read(buf) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            other => return other,
        }
    }
}

/// Writes all of `data` by `deadline` (a timeout error after it).
fn write_by(stream: &TcpStream, mut data: &[u8], deadline: Instant) -> io::Result<()> {
    while !data.is_empty() {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        stream.set_write_timeout(Some(left))?;
        let mut w = stream;
        match w.write(data) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => data = data.get(n..).unwrap_or_default(),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// True for the errors a read or write timeout gives (`WouldBlock` on Unix).
fn is_timeout(e: &io::Error) -> bool {
    matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut)
}

/// Ends the connection: says so to the client, then reads and drops what it still sends (at
/// most [`LINGER_BYTES`], for at most [`LINGER`] or `read_timeout`), so that it reads the
/// answer before the close rather than a reset.
fn linger(stream: &TcpStream, read_timeout: Duration) {
    let _ = stream.shutdown(Shutdown::Write);
    let deadline = Instant::now() + LINGER.min(read_timeout);
    let mut scratch = [0u8; CHUNK];
    let mut total = 0;
    while total < LINGER_BYTES {
        match read_by(stream, &mut scratch, deadline) {
            Ok(0) | Err(_) => break,
            Ok(n) => total += n,
        }
    }
}

/// One line on stderr about a refused request.
fn log(peer: &str, what: &str, status: u16) {
    eprintln!("irplay serve: {peer} {} -> {status}", what.trim_end());
}

/// `bytes` for the log: printable ASCII as it is (a backslash doubled), every other byte as
/// `\xNN`; at most [`LOG_MAX`] bytes of it, then `...`.
pub fn escape(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().min(LOG_MAX));
    for &b in bytes.iter().take(LOG_MAX) {
        match b {
            b'\\' => out.push_str("\\\\"),
            b' '..=b'~' => out.push(char::from(b)),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    if bytes.len() > LOG_MAX {
        out.push_str("...");
    }
    out
}

/// `t` as an HTTP date (`Sun, 06 Nov 1994 08:49:37 GMT`).
fn http_date(t: SystemTime) -> String {
    let secs = t.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rem) = (secs / 86_400, secs % 86_400);
    const WEEKDAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] =
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    // The civil date of a day count (H. Hinnant's `civil_from_days`), for days after 1970.
    let z = days + 719_468;
    let (era, doe) = (z / 146_097, z % 146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!(
        "{}, {day:02} {} {year} {:02}:{:02}:{:02} GMT",
        WEEKDAYS.get((days % 7) as usize).unwrap_or(&"Thu"),
        MONTHS.get(month as usize - 1).unwrap_or(&"Jan"),
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_escapes() {
        assert_eq!(escape(b"/a b?c=d"), "/a b?c=d");
        assert_eq!(escape(b"/\x1b[2J\x07\\\xff\x7f\r\n"), r"/\x1b[2J\x07\\\xff\x7f\x0d\x0a");
        let long = vec![b'a'; LOG_MAX + 1];
        assert_eq!(escape(&long), format!("{}...", "a".repeat(LOG_MAX)));
    }

    #[test]
    fn http_dates() {
        let at = |s| SystemTime::UNIX_EPOCH + Duration::from_secs(s);
        // RFC 9110's example, the epoch, a leap day.
        assert_eq!(http_date(at(784_111_777)), "Sun, 06 Nov 1994 08:49:37 GMT");
        assert_eq!(http_date(at(0)), "Thu, 01 Jan 1970 00:00:00 GMT");
        assert_eq!(http_date(at(951_782_400)), "Tue, 29 Feb 2000 00:00:00 GMT");
        assert_eq!(http_date(at(1_767_225_599)), "Wed, 31 Dec 2025 23:59:59 GMT");
    }

    /// The status a request line is refused with, or 0.
    fn refused(line: &[u8]) -> u16 {
        match request_line(line) {
            Ok(_) => 0,
            Err(NoRequest::Refuse(status, _)) => status,
            Err(_) => 1,
        }
    }

    #[test]
    fn request_lines() {
        let ok = request_line(b"GET /a%20b?x=1 HTTP/1.1").ok().expect("accepted");
        assert_eq!((ok.method.as_str(), ok.target.as_str()), ("GET", "/a%20b?x=1"));
        assert_eq!(refused(b"HEAD / HTTP/1.0"), 0);
        assert_eq!(refused(b"GET / HTTP/2.0"), 505);
        assert_eq!(refused(b"GET / FTP/1.0"), 400);
        assert_eq!(refused(b"GET /"), 400);
        assert_eq!(refused(b"GET  / HTTP/1.1"), 400);
        assert_eq!(refused(b"GET / HTTP/1.1 "), 400);
        assert_eq!(refused(b"G(T / HTTP/1.1"), 400);
        assert_eq!(refused(b"GET /\x1b HTTP/1.1"), 400);
        assert_eq!(refused(b"GET /\xc3\xa9 HTTP/1.1"), 400);
        assert!(header_line(b"Host: example"));
        assert!(header_line(b"X-Tab:\ta"));
        assert!(header_line(b"Empty:"));
        assert!(!header_line(b"Host : example"));
        assert!(!header_line(b" folded"));
        assert!(!header_line(b": no name"));
        assert!(!header_line(b"no colon"));
        assert!(!header_line(b"X: a\x01b"));
    }
}
