//! What `irplay serve` sends for a request target: the file it names under the served
//! directory, its type, and which stored representation (brotli, gzip or the file itself)
//! goes to a client with its entity tag.
//!
//! Compression is done ahead of time, not per request: `cargo xtask web` writes `F.br` and
//! `F.gz` beside each compressible file `F` of `www/dist/`. A client that accepts `br` (or
//! `gzip`) gets the sibling with `Content-Encoding` set, when the sibling exists and is not
//! older than `F` (a stale one, left by an earlier build, is never sent). Every file answer
//! carries `Vary: Accept-Encoding` and an entity tag made of the file's size and modification
//! time and the encoding, so a reload revalidates with `If-None-Match` and gets a bodiless
//! 304 when nothing changed.

use std::path::{Component, Path, PathBuf};
use std::time::SystemTime;

/// A content coding this server can send, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Coding {
    Brotli,
    Gzip,
}

impl Coding {
    /// The `Content-Encoding` token.
    pub(super) fn token(self) -> &'static str {
        match self {
            Coding::Brotli => "br",
            Coding::Gzip => "gzip",
        }
    }

    /// The extension of the precompressed sibling.
    fn extension(self) -> &'static str {
        match self {
            Coding::Brotli => "br",
            Coding::Gzip => "gz",
        }
    }
}

/// The file to send for a request: its path (a precompressed sibling or the file itself),
/// the coding (if a sibling), its length and its entity tag.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Representation {
    pub(super) path: PathBuf,
    pub(super) coding: Option<Coding>,
    pub(super) len: u64,
    pub(super) etag: String,
}

/// The representation of `file` (resolved by [`resolve`]) for a client that sent
/// `accept_encoding` (the `Accept-Encoding` field value, `""` when absent).
pub(super) fn representation(
    file: &Path,
    accept_encoding: &str,
) -> std::io::Result<Representation> {
    let meta = std::fs::metadata(file)?;
    let modified = meta.modified().ok();
    let tag = |len: u64, coding: Option<Coding>| {
        let nanos = modified
            .and_then(|m| m.duration_since(SystemTime::UNIX_EPOCH).ok())
            .map_or(0, |d| d.as_nanos());
        let suffix = coding.map_or(String::new(), |c| format!("-{}", c.extension()));
        format!("\"{:x}-{nanos:x}-{len:x}{suffix}\"", meta.len())
    };
    for coding in [Coding::Brotli, Coding::Gzip] {
        if !accepts(accept_encoding, coding.token()) {
            continue;
        }
        let mut name = file.as_os_str().to_owned();
        name.push(".");
        name.push(coding.extension());
        let sibling = PathBuf::from(name);
        let Ok(smeta) = std::fs::metadata(&sibling) else { continue };
        let fresh = match (smeta.modified(), modified) {
            (Ok(s), Some(f)) => s >= f,
            _ => false,
        };
        if smeta.is_file() && fresh {
            let len = smeta.len();
            return Ok(Representation {
                path: sibling,
                coding: Some(coding),
                len,
                etag: tag(len, Some(coding)),
            });
        }
    }
    Ok(Representation {
        path: file.to_path_buf(),
        coding: None,
        len: meta.len(),
        etag: tag(meta.len(), None),
    })
}

/// Whether an `Accept-Encoding` value accepts `token` (RFC 9110, 12.5.3): listed by name or
/// by `*` with a nonzero quality, and not excluded by `q=0` under its own name.
pub(super) fn accepts(accept_encoding: &str, token: &str) -> bool {
    let mut star = false;
    for item in accept_encoding.split(',') {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim();
        let q_zero = parts.any(|p| {
            let p = p.trim();
            let Some(v) = p.strip_prefix("q=").or_else(|| p.strip_prefix("Q=")) else {
                return false;
            };
            v.trim().parse::<f32>().is_ok_and(|q| q <= 0.0)
        });
        if name.eq_ignore_ascii_case(token) {
            return !q_zero;
        }
        if name == "*" {
            star = !q_zero;
        }
    }
    star
}

/// Whether an `If-None-Match` value matches `etag` (weak comparison, RFC 9110, 13.1.2).
pub(super) fn none_match(if_none_match: &str, etag: &str) -> bool {
    let bare = |t: &str| t.trim().trim_start_matches("W/").to_string();
    let etag = bare(etag);
    if_none_match.split(',').any(|t| t.trim() == "*" || bare(t) == etag)
}

/// The file that `url` (a request target such as `/a%20b.js?x=1`) names under `root`, which
/// must be canonical; or the HTTP status to answer instead (400, 403 or 404).
pub(super) fn resolve(root: &Path, url: &str) -> Result<PathBuf, u16> {
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
pub(super) fn mime_type(path: &Path) -> &'static str {
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

    #[test]
    fn accept_encoding_values() {
        assert!(accepts("gzip, deflate, br, zstd", "br"));
        assert!(accepts("gzip, deflate, br, zstd", "gzip"));
        assert!(accepts("GZIP", "gzip"));
        assert!(!accepts("", "gzip"));
        assert!(!accepts("identity", "gzip"));
        assert!(!accepts("br;q=0, gzip", "br"));
        assert!(accepts("br;q=0.5", "br"));
        assert!(accepts("*", "br"));
        assert!(!accepts("*, br;q=0", "br"));
        assert!(!accepts("*;q=0", "gzip"));
    }

    #[test]
    fn if_none_match_values() {
        assert!(none_match("\"a-1\"", "\"a-1\""));
        assert!(none_match("W/\"a-1\"", "\"a-1\""));
        assert!(none_match("\"x\", \"a-1\"", "\"a-1\""));
        assert!(none_match("*", "\"a-1\""));
        assert!(!none_match("\"a-1-br\"", "\"a-1\""));
        assert!(!none_match("", "\"a-1\""));
    }

    #[test]
    fn precompressed_siblings_are_chosen_when_fresh() {
        let dir = site("codings");
        let root = dir.join("site");
        let js = root.join("a b.js");
        std::fs::write(root.join("a b.js.gz"), "gz").unwrap();
        std::fs::write(root.join("a b.js.br"), "brotli").unwrap();
        let br = representation(&js, "gzip, br").unwrap();
        assert_eq!((br.coding, br.len), (Some(Coding::Brotli), 6));
        assert_eq!(br.path, root.join("a b.js.br"));
        let gz = representation(&js, "gzip").unwrap();
        assert_eq!((gz.coding, gz.len), (Some(Coding::Gzip), 2));
        let plain = representation(&js, "").unwrap();
        assert_eq!((plain.coding, plain.len, plain.path.clone()), (None, 1, js.clone()));
        // Three different tags for the three representations.
        assert!(br.etag != gz.etag && gz.etag != plain.etag && br.etag != plain.etag);
        // A sibling older than the file is stale and never sent.
        let old = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000);
        let f = std::fs::File::options().write(true).open(root.join("a b.js.br")).unwrap();
        f.set_modified(old).unwrap();
        assert_eq!(representation(&js, "br, gzip").unwrap().coding, Some(Coding::Gzip));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
