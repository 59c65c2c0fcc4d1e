//! `irplay serve` against careless and hostile clients, through the binary: each test starts a
//! server on a free loopback port (port 0; the printed URL names it) over a scratch directory,
//! with short timeouts (the hidden `--read-timeout-ms`), and talks raw HTTP to it over TCP.
//!
//! Every socket read of a test has a 10 s timeout of its own and every loop a bound, so a server
//! that hangs fails the test instead of hanging it.

use std::io::{BufRead, BufReader, ErrorKind, Read, Write};
use std::net::{Shutdown, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The bound on every read of a test's client.
const CLIENT_TIMEOUT: Duration = Duration::from_secs(10);

/// The page the scratch directory serves.
const INDEX: &str = "<!doctype html><title>t</title>served\n";

/// A running `irplay serve`, killed (and its directory removed) when dropped.
struct Server {
    child: Child,
    port: u16,
    pid: u32,
    /// What it wrote on stderr so far (a thread drains it).
    log: Arc<Mutex<Vec<u8>>>,
    dir: PathBuf,
}

impl Server {
    /// Starts `irplay serve` on port 0 over a fresh directory, with `args` added.
    fn start(name: &str, args: &[&str]) -> Server {
        let dir = std::env::temp_dir().join(format!("irplay-serve-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("creates the scratch directory");
        std::fs::write(dir.join("index.html"), INDEX).expect("writes index.html");
        std::fs::write(dir.join("app.js"), "console.log(1);\n").expect("writes app.js");
        let mut child = Command::new(env!("CARGO_BIN_EXE_irplay"))
            .args(["serve", "--host", "127.0.0.1", "--port", "0", "--dir"])
            .arg(&dir)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("starts irplay serve");
        let pid = child.id();
        let log = Arc::new(Mutex::new(Vec::new()));
        if let Some(mut err) = child.stderr.take() {
            let log = Arc::clone(&log);
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                while let Ok(n) = err.read(&mut buf) {
                    if n == 0 {
                        break;
                    }
                    log.lock().expect("log lock").extend_from_slice(&buf[..n]);
                }
            });
        }
        let mut line = String::new();
        let out = child.stdout.take().expect("stdout is piped");
        BufReader::new(out).read_line(&mut line).expect("reads the URL line");
        let port = line
            .trim()
            .strip_prefix("irplay playground: http://127.0.0.1:")
            .and_then(|r| r.strip_suffix('/'))
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("irplay serve printed {line:?}"));
        Server { child, port, pid, log, dir }
    }

    /// A connection to the server, with the client's own read and write bounds.
    fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(("127.0.0.1", self.port)).expect("connects");
        s.set_read_timeout(Some(CLIENT_TIMEOUT)).expect("sets a read timeout");
        s.set_write_timeout(Some(CLIENT_TIMEOUT)).expect("sets a write timeout");
        s
    }

    /// Sends `request` on a new connection and reads the answer up to the close.
    fn ask(&self, request: &[u8]) -> Response {
        let mut s = self.connect();
        s.write_all(request).expect("sends the request");
        read_response(&mut s)
    }

    /// The server's stderr once it contains `needle` (waiting at most 10 s for it).
    fn log_with(&self, needle: &str) -> String {
        let start = Instant::now();
        loop {
            let log = String::from_utf8_lossy(&self.log.lock().expect("log lock")).into_owned();
            if log.contains(needle) || start.elapsed() > CLIENT_TIMEOUT {
                return log;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    /// The server's resident memory in KiB (Linux).
    fn rss_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid))
            .expect("reads /proc/PID/status");
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .expect("VmRSS in /proc/PID/status")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// An HTTP response, read whole up to the server's close.
struct Response {
    status: u16,
    /// Header lines, names in lower case.
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Response {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Reads from `s` up to its end (a reset after data counts as the end) and parses it.
fn read_response(s: &mut TcpStream) -> Response {
    let raw = read_to_close(s);
    let text = String::from_utf8_lossy(&raw);
    let (head, _) = text.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no head in {text:?}"));
    let body = raw[head.len() + 4..].to_vec();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap_or_default();
    let status = status_line
        .strip_prefix("HTTP/1.1 ")
        .and_then(|r| r.get(..3))
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("status line {status_line:?}"));
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Response { status, headers, body }
}

/// Everything the server sends until it closes the connection; panics if it does not close
/// it within the client's timeout.
fn read_to_close(s: &mut TcpStream) -> Vec<u8> {
    let mut raw = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return raw,
            Ok(n) => raw.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == ErrorKind::ConnectionReset && !raw.is_empty() => return raw,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => panic!("the server did not close the connection: {e} (read {raw:?})"),
        }
    }
}

/// The policy of `www/index.html`'s `<meta http-equiv="Content-Security-Policy">`.
fn meta_policy() -> String {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/www/index.html"))
        .expect("reads www/index.html");
    let meta = page
        .split("<meta http-equiv=\"Content-Security-Policy\" content=\"")
        .nth(1)
        .expect("www/index.html has a CSP meta tag");
    meta.split('"').next().unwrap_or_default().to_string()
}

#[test]
fn files_come_with_the_security_headers() {
    let server = Server::start("headers", &[]);
    let r = server.ask(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_eq!(r.status, 200);
    assert_eq!(r.body, INDEX.as_bytes());
    assert_eq!(r.header("content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(r.header("content-length"), Some(INDEX.len().to_string().as_str()));
    assert_eq!(r.header("connection"), Some("close"));
    let csp = r.header("content-security-policy").expect("a Content-Security-Policy").to_string();
    for directive in [
        "default-src 'none'",
        "script-src 'self' 'wasm-unsafe-eval'",
        "worker-src 'self'",
        "frame-ancestors 'none'",
    ] {
        assert!(csp.split("; ").any(|d| d == directive), "{directive} is not in {csp}");
    }
    assert!(!csp.contains("'unsafe-eval'"), "{csp}");
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
    // The page's own copy is the same, without what only works as a header.
    assert_eq!(meta_policy(), csp.replace("; frame-ancestors 'none'", ""));

    // Answers that are not files carry them too; HEAD has the length and no body.
    let r = server.ask(b"GET /missing.js HTTP/1.1\r\n\r\n");
    assert_eq!(r.status, 404);
    assert_eq!(r.header("content-security-policy"), Some(csp.as_str()));
    assert_eq!(r.header("x-content-type-options"), Some("nosniff"));
    let r = server.ask(b"HEAD /app.js HTTP/1.0\r\n\r\n");
    assert_eq!((r.status, r.body.len()), (200, 0));
    assert_eq!(r.header("content-length"), Some("16"));
    assert_eq!(r.header("content-type"), Some("text/javascript; charset=utf-8"));
    let r = server.ask(b"POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
    assert_eq!((r.status, r.header("allow")), (405, Some("GET, HEAD")));
    assert_eq!(server.ask(b"GET / HTTP/2.0\r\n\r\n").status, 505);
    assert_eq!(server.ask(b"GET /../x HTTP/1.1\r\n\r\n").status, 403);
    assert_eq!(server.ask(b"GET / HTTP/1.1 extra\r\n\r\n").status, 400);
}

#[test]
fn precompressed_files_go_to_clients_that_accept_them_with_tags_that_revalidate() {
    let server = Server::start("codings", &[]);
    // Siblings as `cargo xtask web` writes them (their bytes are not looked into).
    std::fs::write(server.dir.join("app.js.gz"), b"GZ-BYTES").expect("writes app.js.gz");
    std::fs::write(server.dir.join("app.js.br"), b"BR").expect("writes app.js.br");
    let get = |accept: &str, tag: &str| {
        let mut req = String::from("GET /app.js HTTP/1.1\r\nHost: x\r\n");
        if !accept.is_empty() {
            req.push_str(&format!("Accept-Encoding: {accept}\r\n"));
        }
        if !tag.is_empty() {
            req.push_str(&format!("If-None-Match: {tag}\r\n"));
        }
        req.push_str("\r\n");
        server.ask(req.as_bytes())
    };
    let br = get("gzip, deflate, br", "");
    assert_eq!((br.status, br.body.as_slice()), (200, b"BR".as_slice()));
    assert_eq!(br.header("content-encoding"), Some("br"));
    assert_eq!(br.header("content-length"), Some("2"));
    assert_eq!(br.header("content-type"), Some("text/javascript; charset=utf-8"));
    assert_eq!(br.header("vary"), Some("Accept-Encoding"));
    let gz = get("gzip", "");
    assert_eq!((gz.status, gz.body.as_slice()), (200, b"GZ-BYTES".as_slice()));
    assert_eq!(gz.header("content-encoding"), Some("gzip"));
    let plain = get("", "");
    assert_eq!((plain.status, plain.body.as_slice()), (200, b"console.log(1);\n".as_slice()));
    assert_eq!(plain.header("content-encoding"), None);
    let plain_q0 = get("br;q=0, gzip;q=0", "");
    assert_eq!(plain_q0.header("content-encoding"), None);

    // Each representation has its own tag; sending it back gets a bodiless 304.
    let tags: Vec<String> =
        [&br, &gz, &plain].iter().map(|r| r.header("etag").expect("an ETag").to_string()).collect();
    assert!(tags[0] != tags[1] && tags[1] != tags[2] && tags[0] != tags[2], "{tags:?}");
    let again = get("gzip", &tags[1]);
    assert_eq!((again.status, again.body.len()), (304, 0));
    assert_eq!(again.header("etag"), Some(tags[1].as_str()));
    assert_eq!(again.header("cache-control"), Some("no-cache"));
    // A tag of another representation, or of an older file, gets the file.
    assert_eq!(get("gzip", &tags[0]).status, 200);
    std::fs::write(server.dir.join("app.js"), "console.log(2);\n").expect("rewrites app.js");
    // File times are coarse: make the rewrite visibly newer than the siblings.
    let later = std::time::SystemTime::now() + Duration::from_secs(10);
    let file = std::fs::File::options().write(true).open(server.dir.join("app.js"));
    file.and_then(|f| f.set_modified(later)).expect("sets the time of app.js");
    let changed = get("", &tags[2]);
    assert_eq!((changed.status, changed.body.as_slice()), (200, b"console.log(2);\n".as_slice()));
    // The siblings are now older than the file: stale, never sent.
    assert_eq!(get("gzip, br", "").header("content-encoding"), None);
}

#[test]
fn an_oversized_request_line_is_refused_without_keeping_it() {
    let server = Server::start("long-line", &["--read-timeout-ms", "500"]);
    let before = server.rss_kib();
    let mut s = server.connect();
    // 32 MiB of request line, sent by a thread while this one reads the answer.
    let mut writer = s.try_clone().expect("clones the socket");
    let sender = std::thread::spawn(move || {
        writer.write_all(b"GET /")?;
        let chunk = vec![b'a'; 64 << 10];
        for _ in 0..512 {
            writer.write_all(&chunk)?;
        }
        Ok::<(), std::io::Error>(())
    });
    let r = read_response(&mut s);
    assert_eq!(r.status, 414);
    assert_eq!(r.body, b"414 URI Too Long\n");
    // The server closed the connection long before taking 32 MiB.
    let sent = sender.join().expect("the sender thread");
    assert!(sent.is_err(), "the server took all 32 MiB of the request line");
    let after = server.rss_kib();
    assert!(after < before + (8 << 10), "the server grew from {before} KiB to {after} KiB");
    assert!(server.log_with("-> 414").contains("(request line over 8190 bytes) -> 414"));
    // And it still answers.
    assert_eq!(server.ask(b"GET / HTTP/1.1\r\n\r\n").status, 200);
}

#[test]
fn too_many_or_too_large_headers_are_refused() {
    let server = Server::start("headers-limits", &["--read-timeout-ms", "500"]);
    let mut many = b"GET / HTTP/1.1\r\n".to_vec();
    for i in 0..101 {
        many.extend_from_slice(format!("X-{i}: y\r\n").as_bytes());
    }
    many.extend_from_slice(b"\r\n");
    let r = server.ask(&many);
    assert_eq!(r.status, 431);
    assert_eq!(r.body, b"431 Request Header Fields Too Large\n");
    // 100 are fine.
    let mut hundred = b"GET / HTTP/1.1\r\n".to_vec();
    for i in 0..100 {
        hundred.extend_from_slice(format!("X-{i}: y\r\n").as_bytes());
    }
    hundred.extend_from_slice(b"\r\n");
    assert_eq!(server.ask(&hundred).status, 200);

    let big = format!("GET / HTTP/1.1\r\nCookie: {}\r\n\r\n", "c".repeat(9000));
    assert_eq!(server.ask(big.as_bytes()).status, 431);
    // A header line that never ends is cut off at the limit too.
    let mut s = server.connect();
    let mut writer = s.try_clone().expect("clones the socket");
    let sender = std::thread::spawn(move || {
        writer.write_all(b"GET / HTTP/1.1\r\nX-Endless: ")?;
        let chunk = vec![b'h'; 64 << 10];
        for _ in 0..256 {
            writer.write_all(&chunk)?;
        }
        Ok::<(), std::io::Error>(())
    });
    assert_eq!(read_response(&mut s).status, 431);
    assert!(sender.join().expect("the sender thread").is_err());

    assert_eq!(server.ask(b"GET / HTTP/1.1\r\nno colon here\r\n\r\n").status, 400);
    assert_eq!(server.ask(b"GET / HTTP/1.1\r\nX: a\r\n folded\r\n\r\n").status, 400);
    let log = server.log_with("(malformed header line");
    assert!(log.contains("GET / (over 100 header lines) -> 431"), "{log}");
    assert!(log.contains("GET / (a header line over 8190 bytes) -> 431"), "{log}");
}

#[test]
fn a_slow_client_does_not_hold_up_another() {
    // A long read timeout: the slow client is still connected when the other is answered.
    let server = Server::start("slow-other", &["--read-timeout-ms", "60000"]);
    let mut slow = server.connect();
    slow.write_all(b"GET / HT").expect("sends part of a request");
    let silent = server.connect();
    let r = server.ask(b"GET /app.js HTTP/1.1\r\n\r\n");
    assert_eq!((r.status, r.body.as_slice()), (200, b"console.log(1);\n".as_slice()));
    // Both are still open and unanswered.
    for s in [&slow, &silent] {
        s.set_nonblocking(true).expect("nonblocking");
        let mut buf = [0u8; 16];
        let e = s.peek(&mut buf).expect_err("nothing was answered yet");
        assert_eq!(e.kind(), ErrorKind::WouldBlock);
        s.set_nonblocking(false).expect("blocking");
    }
    slow.shutdown(Shutdown::Both).expect("closes");
}

#[test]
fn a_slow_client_is_dropped_at_the_read_timeout() {
    let server = Server::start("slow-drop", &["--read-timeout-ms", "300"]);
    // Part of a request, then nothing: 408, then the close.
    let mut partial = server.connect();
    partial.write_all(b"GET / HTTP/1.1\r\nHost:").expect("sends part of a request");
    let r = read_response(&mut partial);
    assert_eq!(r.status, 408);
    // Nothing at all: closed without an answer.
    let mut silent = server.connect();
    assert_eq!(read_to_close(&mut silent), b"");
    // A byte at a time, each well within the timeout: the whole head must arrive in time, so
    // it is dropped all the same (at most 100 bytes are trickled, over 5 s).
    let mut trickle = server.connect();
    let mut writer = trickle.try_clone().expect("clones the socket");
    let sender = std::thread::spawn(move || {
        for b in b"GET /app.js HTTP/1.1\r\n".iter().cycle().take(100) {
            if writer.write_all(&[*b]).is_err() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    });
    assert_eq!(read_response(&mut trickle).status, 408);
    assert!(sender.join().expect("the sender thread"), "the trickle was never cut off");
    let log = server.log_with("-> 408");
    assert!(log.contains("(request not complete within the read timeout) -> 408"), "{log}");
}

#[test]
fn connections_over_the_cap_are_answered_503() {
    let server = Server::start("cap", &["--max-connections", "2", "--read-timeout-ms", "60000"]);
    let a = server.connect();
    let b = server.connect();
    // The server accepts in order: the third finds both places taken.
    let r = server.ask(b"GET / HTTP/1.1\r\n\r\n");
    assert_eq!(r.status, 503);
    assert_eq!(r.header("retry-after"), Some("1"));
    drop((a, b));
    // Their places come back once the server sees them closed.
    let mut status = 0;
    for _ in 0..200 {
        status = server.ask(b"GET / HTTP/1.1\r\n\r\n").status;
        if status == 200 {
            break;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    assert_eq!(status, 200);
}

#[test]
fn control_characters_are_escaped_in_the_log() {
    let server = Server::start("log", &["--read-timeout-ms", "500"]);
    let r = server.ask(b"GET /\x1b[2J\x1b]0;pwned\x07\xff HTTP/1.1\r\n\r\n");
    assert_eq!(r.status, 400);
    // Percent escapes are logged as sent, not decoded.
    assert_eq!(server.ask(b"GET /%1b%5b2J HTTP/1.1\r\n\r\n").status, 404);
    let log = server.log_with("%1b%5b2J");
    assert!(log.contains(r"GET /\x1b[2J\x1b]0;pwned\x07\xff HTTP/1.1"), "{log}");
    assert!(log.contains("GET /%1b%5b2J -> 404"), "{log}");
    let raw = server.log.lock().expect("log lock").clone();
    let bad: Vec<u8> =
        raw.iter().copied().filter(|&b| (b < 0x20 && b != b'\n') || b >= 0x7f).collect();
    assert!(bad.is_empty(), "raw bytes {bad:?} in the log:\n{log}");
}
