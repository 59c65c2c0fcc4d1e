//! `irplay serve`: a static file server for the built browser playground (`www/dist/`).
//!
//! GET and HEAD only; `/` (and `/dir/`) serve `index.html`; no directory listings; paths
//! are percent-decoded, `..` segments are refused, and the resolved file must stay inside
//! the served directory after following symlinks. Every response says
//! `Cache-Control: no-cache`, so a rebuilt playground shows up on reload.

use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use tiny_http::{Header, Method, Request, Response, Server, StatusCode};

/// Threads answering requests (the page, its worker and the wasm load in parallel).
const THREADS: usize = 4;

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
pub fn serve(host: &str, port: u16, dir: &Path) -> ExitCode {
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
    let server = match Server::http((host, port)) {
        Ok(s) => Arc::new(s),
        Err(e) => {
            eprintln!("irplay: error: cannot listen on {host}:{port}: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The bound address (the real port when asked for port 0).
    let port = server.server_addr().to_ip().map_or(port, |a| a.port());
    let shown = if host.contains(':') { format!("[{host}]") } else { host.to_string() };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "irplay playground: http://{shown}:{port}/");
    let _ = out.flush();
    drop(out);

    let root = Arc::new(root);
    let workers: Vec<_> = (0..THREADS)
        .map(|_| {
            let (server, root) = (Arc::clone(&server), Arc::clone(&root));
            std::thread::spawn(move || {
                for request in server.incoming_requests() {
                    handle(request, &root);
                }
            })
        })
        .collect();
    for w in workers {
        let _ = w.join();
    }
    ExitCode::SUCCESS
}

fn handle(request: Request, root: &Path) {
    let status = match request.method() {
        Method::Get | Method::Head => match resolve(root, request.url()) {
            Ok(path) => match std::fs::File::open(&path) {
                Ok(file) => {
                    // The length is known: send Content-Length, never chunked.
                    let response = Response::from_file(file)
                        .with_chunked_threshold(usize::MAX)
                        .with_header(header("Content-Type", mime_type(&path)))
                        .with_header(header("Cache-Control", "no-cache"))
                        .with_header(header("X-Content-Type-Options", "nosniff"));
                    // tiny_http leaves the body out for HEAD and keeps Content-Length.
                    let _ = request.respond(response);
                    return;
                }
                Err(_) => 404,
            },
            Err(status) => status,
        },
        _ => 405,
    };
    eprintln!("irplay serve: {} {} -> {status}", request.method(), request.url());
    let text = match status {
        403 => "403 Forbidden\n",
        405 => "405 Method Not Allowed\n",
        400 => "400 Bad Request\n",
        _ => "404 Not Found\n",
    };
    let mut response = Response::from_string(text)
        .with_status_code(StatusCode(status))
        .with_header(header("Content-Type", "text/plain; charset=utf-8"))
        .with_header(header("Cache-Control", "no-cache"));
    if status == 405 {
        response = response.with_header(header("Allow", "GET, HEAD"));
    }
    let _ = request.respond(response);
}

/// A response header; only string literals come here (the type says so), and they are valid.
fn header(name: &'static str, value: &'static str) -> Header {
    Header::from_bytes(name.as_bytes(), value.as_bytes()).expect("static header is valid")
}

/// The file that `url` (a request target such as `/a%20b.js?x=1`) names under `root`, which
/// must be canonical; or the HTTP status to answer instead (400, 403 or 404).
pub fn resolve(root: &Path, url: &str) -> Result<PathBuf, u16> {
    let path = url.split(['?', '#']).next().unwrap_or("");
    if !path.starts_with('/') {
        return Err(400);
    }
    let decoded = percent_decode(path).ok_or(400u16)?;
    if decoded.contains('\0') || decoded.contains('\\') {
        return Err(400);
    }
    let mut file = root.to_path_buf();
    for segment in decoded.split('/') {
        match segment {
            "" | "." => {}
            ".." => return Err(403),
            s => {
                // One plain name per segment (no drive prefixes or roots).
                let mut parts = Path::new(s).components();
                match (parts.next(), parts.next()) {
                    (Some(Component::Normal(_)), None) => file.push(s),
                    _ => return Err(403),
                }
            }
        }
    }
    if decoded.ends_with('/') || file.is_dir() {
        file.push("index.html");
    }
    // Follow symlinks, then check the file is still inside the served directory.
    let real = file.canonicalize().map_err(|_| 404u16)?;
    if !real.starts_with(root) {
        return Err(403);
    }
    if !real.is_file() {
        return Err(404);
    }
    Ok(real)
}

/// `%XX` escapes decoded; `None` for a malformed escape or a result that is not UTF-8.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The `Content-Type` for a file, from its extension.
pub fn mime_type(path: &Path) -> &'static str {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "wasm" => "application/wasm",
        "json" | "map" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "ll" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh directory under the system temp dir, with `index.html`, `a b.js` and `sub/`.
    fn site(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("irplay-serve-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("site/sub")).unwrap();
        std::fs::write(dir.join("site/index.html"), "<!doctype html>").unwrap();
        std::fs::write(dir.join("site/a b.js"), "1").unwrap();
        std::fs::write(dir.join("site/sub/x.wasm"), "\0asm").unwrap();
        std::fs::write(dir.join("secret.txt"), "no").unwrap();
        dir.canonicalize().unwrap()
    }

    #[test]
    fn mime_table() {
        let m = |p: &str| mime_type(Path::new(p));
        assert_eq!(m("index.html"), "text/html; charset=utf-8");
        assert_eq!(m("a/editor.js"), "text/javascript; charset=utf-8");
        assert_eq!(m("x.mjs"), "text/javascript; charset=utf-8");
        assert_eq!(m("style.css"), "text/css; charset=utf-8");
        assert_eq!(m("irplay_web_bg.wasm"), "application/wasm");
        assert_eq!(m("X.WASM"), "application/wasm");
        assert_eq!(m("a.json"), "application/json");
        assert_eq!(m("editor.js.map"), "application/json");
        assert_eq!(m("i.svg"), "image/svg+xml");
        assert_eq!(m("i.png"), "image/png");
        assert_eq!(m("favicon.ico"), "image/x-icon");
        assert_eq!(m("r.txt"), "text/plain; charset=utf-8");
        assert_eq!(m("blob.bin"), "application/octet-stream");
        assert_eq!(m("noext"), "application/octet-stream");
    }

    #[test]
    fn resolves_index_and_files() {
        let dir = site("ok");
        let root = dir.join("site");
        assert_eq!(resolve(&root, "/"), Ok(root.join("index.html")));
        assert_eq!(resolve(&root, "/?v=2#top"), Ok(root.join("index.html")));
        assert_eq!(resolve(&root, "/index.html"), Ok(root.join("index.html")));
        assert_eq!(resolve(&root, "/a%20b.js"), Ok(root.join("a b.js")));
        assert_eq!(resolve(&root, "/sub/x.wasm"), Ok(root.join("sub/x.wasm")));
        assert_eq!(resolve(&root, "//sub/./x.wasm"), Ok(root.join("sub/x.wasm")));
        // A directory without index.html is not listed.
        assert_eq!(resolve(&root, "/sub/"), Err(404));
        assert_eq!(resolve(&root, "/sub"), Err(404));
        assert_eq!(resolve(&root, "/missing.js"), Err(404));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn refuses_traversal() {
        let dir = site("traversal");
        let root = dir.join("site");
        assert_eq!(resolve(&root, "/../secret.txt"), Err(403));
        assert_eq!(resolve(&root, "/sub/../../secret.txt"), Err(403));
        assert_eq!(resolve(&root, "/%2e%2e/secret.txt"), Err(403));
        assert_eq!(resolve(&root, "/..%2fsecret.txt"), Err(403));
        assert_eq!(resolve(&root, "/..%5csecret.txt"), Err(400));
        assert_eq!(resolve(&root, "/%00"), Err(400));
        assert_eq!(resolve(&root, "/%zz"), Err(400));
        assert_eq!(resolve(&root, "secret.txt"), Err(400));
        #[cfg(unix)]
        {
            // A symlink out of the served directory is refused too.
            std::os::unix::fs::symlink(dir.join("secret.txt"), root.join("link.txt")).unwrap();
            assert_eq!(resolve(&root, "/link.txt"), Err(403));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("/a%20b").as_deref(), Some("/a b"));
        assert_eq!(percent_decode("/%E2%9C%93").as_deref(), Some("/\u{2713}"));
        assert_eq!(percent_decode("/plain").as_deref(), Some("/plain"));
        assert_eq!(percent_decode("/bad%2"), None);
        assert_eq!(percent_decode("/bad%ff"), None);
    }
}
