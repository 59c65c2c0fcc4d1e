//! Share links: the playground's state, compressed into the URL fragment, and read back from
//! links that may be truncated, corrupt or hostile.
//!
//! Format: `#s=` then base64url (no padding) of the raw DEFLATE, with the preset dictionary
//! [`DICTIONARY`] of common LLVM IR text, of the view state's JSON, a NUL byte, and the IR
//! text. The decoder bounds every size (link length, inflated size, field lengths) before
//! using anything.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use flate2::{Compress, Compression, Decompress, FlushCompress, FlushDecompress, Status};
use serde::{Deserialize, Serialize};

/// The fragment prefix of a share link.
pub const PREFIX: &str = "s=";

/// Text that LLVM IR modules share, given to DEFLATE as a preset dictionary so that short
/// modules compress well (the most common pieces last: they get the shortest distances).
/// Changing it breaks existing links: add a new prefix instead.
pub const DICTIONARY: &str = concat!(
    "target datalayout = \"e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128\"\n",
    "target triple = \"x86_64-pc-linux-gnu\"\n",
    "attributes #0 = { noinline nounwind optnone uwtable \"frame-pointer\"=\"all\" }\n",
    "declare void @llvm.memcpy.p0.p0.i64(ptr noalias, ptr noalias, i64, i1 immarg)\n",
    "declare i32 @puts(ptr noundef)\ndeclare ptr @malloc(i64)\ndeclare void @free(ptr)\n",
    "@.str = private unnamed_addr constant [4 x i8] c\"%d\\0A\\00\", align 1\n",
    "  %vec = shufflevector <4 x i32> %a, <4 x i32> poison, <4 x i32> zeroinitializer\n",
    "  %e = extractelement <4 x i32> %v, i32 0\n  %s = insertvalue { i32, i1 } undef, i32 %x, 0\n",
    "  %f = fadd double %a, %b\n  %g = fmul float %x, %y\n  %h = fcmp olt double %a, 0.000000e+00\n",
    "  %p = getelementptr inbounds [10 x i32], ptr %arr, i64 0, i64 %idx\n",
    "  %q = getelementptr inbounds i8, ptr %p, i64 8\n",
    "  switch i32 %x, label %default [\n    i32 0, label %case0\n    i32 1, label %case1\n  ]\n",
    "  %r = select i1 %c, i32 %a, i32 %b\n  %z = zext i32 %x to i64\n  %t = trunc i64 %x to i32\n",
    "  %sext = sext i32 %x to i64\n  %fr = freeze i32 %x\n  unreachable\n",
    "  %call = call i32 (ptr, ...) @printf(ptr noundef @.str, i32 noundef %x)\n",
    "  %ptr = alloca i32, align 4\n  store i32 %x, ptr %ptr, align 4\n  %ld = load i32, ptr %ptr, align 4\n",
    "  %add = add nsw i32 %a, %b\n  %sub = sub nuw i32 %a, 1\n  %mul = mul i32 %a, %b\n",
    "  %div = sdiv exact i32 %a, 2\n  %shl = shl i32 %x, 1\n  %and = and i32 %x, 255\n",
    "  %cmp = icmp slt i32 %i, %n\n  %eq = icmp eq i32 %x, 0\n",
    "  %i = phi i32 [ 0, %entry ], [ %next, %loop ]\n  %next = add i32 %i, 1\n",
    "  br i1 %cmp, label %loop, label %exit\n  br label %loop\n",
    "declare i32 @printf(ptr noundef, ...)\n",
    "; \ndefine i32 @main() {\nentry:\n  ret i32 0\n}\n\n",
);
/// How far a reader trusts what it reads: the longest fragment and the largest inflated
/// state it accepts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Longest fragment, in characters.
    pub link: usize,
    /// Largest inflated state, in bytes.
    pub inflated: usize,
}

/// What a link opens: up to 1 MB of fragment and 4 MB of state (the text and the view).
pub const LINK_LIMITS: Limits = Limits { link: 1 << 20, inflated: 4 << 20 };

/// Longest share link offered, in characters (the whole address). Firefox stops showing and
/// reliably opening addresses beyond 65,536 characters, and chat tools cut far earlier:
/// longer links are refused, and the module is offered as a file instead.
pub const MAX_SHARE: usize = 65_536;

/// Links longer than this, in characters, are made but come with a warning: chat tools, mail
/// and forms commonly cut or refuse links beyond about 8,000 characters.
pub const CHAT_LIMIT: usize = 8_000;

/// Which pane is open on the right.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tab {
    /// The control-flow graph.
    #[default]
    Cfg,
    /// The run output.
    Run,
    /// The diagnostics list.
    Problems,
    /// The optimization passes.
    Passes,
    /// The machine code of the native back end.
    Asm,
}

/// Which targets the asm view shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "String", into = "String")]
pub enum AsmTargets {
    /// x86-64 and AArch64, side by side.
    #[default]
    Both,
    /// x86-64 only.
    X64,
    /// AArch64 only.
    Aarch64,
}

impl AsmTargets {
    /// The choices, in menu order.
    pub const ALL: [AsmTargets; 3] = [AsmTargets::Both, AsmTargets::X64, AsmTargets::Aarch64];

    /// The target names to compile for (as `irplay_native::Target::name` spells them).
    pub fn names(self) -> &'static [&'static str] {
        match self {
            AsmTargets::Both => &["x86_64", "aarch64"],
            AsmTargets::X64 => &["x86_64"],
            AsmTargets::Aarch64 => &["aarch64"],
        }
    }

    /// Its name in links and menus (`both`, `x86_64`, `aarch64`).
    pub fn key(self) -> &'static str {
        match self {
            AsmTargets::Both => "both",
            AsmTargets::X64 => "x86_64",
            AsmTargets::Aarch64 => "aarch64",
        }
    }
}

/// Reads a link's choice; anything unknown is both targets.
impl From<String> for AsmTargets {
    fn from(s: String) -> AsmTargets {
        AsmTargets::ALL.into_iter().find(|t| t.key() == s).unwrap_or_default()
    }
}

impl From<AsmTargets> for String {
    fn from(t: AsmTargets) -> String {
        t.key().to_string()
    }
}

/// The view state: everything a share link restores besides the text (which links store
/// beside it, and local storage under its own key).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// The function whose CFG is shown.
    #[serde(rename = "f", default, skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
    /// The open pane.
    #[serde(rename = "v", default)]
    pub tab: Tab,
    /// Whether the dominator tree is shown instead of the CFG.
    #[serde(rename = "d", default, skip_serializing_if = "is_false")]
    pub dom_tree: bool,
    /// Whether the static may-be-poison overlay is on.
    #[serde(rename = "p", default, skip_serializing_if = "is_false")]
    pub may_poison: bool,
    /// The function to run.
    #[serde(rename = "e", default = "main_entry")]
    pub entry: String,
    /// Its arguments.
    #[serde(rename = "a", default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// Its environment, `NAME=VALUE` entries.
    #[serde(rename = "n", default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<String>,
    /// The pass pipeline of the passes pane.
    #[serde(rename = "o", default, skip_serializing_if = "String::is_empty")]
    pub pipeline: String,
    /// Run as WebAssembly instead of in the interpreter.
    #[serde(rename = "w", default, skip_serializing_if = "is_false")]
    pub wasm: bool,
    /// The program's standard input.
    #[serde(rename = "i", default, skip_serializing_if = "String::is_empty")]
    pub stdin: String,
    /// The targets of the asm view.
    #[serde(rename = "t", default, skip_serializing_if = "is_both")]
    pub asm_targets: AsmTargets,
}

fn is_both(t: &AsmTargets) -> bool {
    *t == AsmTargets::Both
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn main_entry() -> String {
    "main".into()
}

/// Why a link could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// The fragment is not a share link at all.
    NotALink,
    /// Too long to be one of ours.
    TooLong,
    /// Not base64url.
    BadEncoding,
    /// Not DEFLATE data, or truncated, or too large once inflated.
    BadCompression,
    /// Not a state (wrong JSON).
    BadState,
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            LinkError::NotALink => "this link does not hold a playground state",
            LinkError::TooLong => "this link is too long to be a playground link",
            LinkError::BadEncoding => "this link is damaged (it is not valid base64url)",
            LinkError::BadCompression => {
                "this link is damaged or cut short (its data does not decompress)"
            }
            LinkError::BadState => "this link's data is not a playground state",
        })
    }
}

/// What a share link holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Link {
    /// The view state.
    pub view: View,
    /// The IR text.
    pub text: String,
}

/// The fragment (without `#`) for `view` and `text`.
pub fn encode(view: &View, text: &str) -> String {
    encode_with(view, text, Compression::best())
}

/// [`encode`] at compression level `level` (the format does not depend on it).
pub fn encode_with(view: &View, text: &str, level: Compression) -> String {
    let mut raw = serde_json::to_vec(view).unwrap_or_default();
    raw.push(0);
    raw.extend_from_slice(text.as_bytes());
    format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(deflate_with(&raw, level)))
}

#[cfg(test)]
fn deflate(raw: &[u8]) -> Vec<u8> {
    deflate_with(raw, Compression::best())
}

fn deflate_with(raw: &[u8], level: Compression) -> Vec<u8> {
    let mut c = Compress::new(level, false);
    // Setting a dictionary on a fresh raw stream cannot fail; if it ever did, the link would
    // simply not use it and fail to decode, which the round-trip tests would catch.
    let _ = c.set_dictionary(DICTIONARY.as_bytes());
    let mut out = Vec::with_capacity(raw.len() / 2 + 64);
    loop {
        let before = c.total_in() as usize;
        let rest = raw.get(before..).unwrap_or(&[]);
        out.reserve(4096);
        match c.compress_vec(rest, &mut out, FlushCompress::Finish) {
            Ok(Status::StreamEnd) | Err(_) => break,
            Ok(_) => {}
        }
    }
    out
}

fn inflate(packed: &[u8], max: usize) -> Option<Vec<u8>> {
    let mut d = Decompress::new(false);
    d.set_dictionary(DICTIONARY.as_bytes()).ok()?;
    let mut out = Vec::with_capacity(packed.len() * 4);
    loop {
        let before_in = d.total_in();
        let before_out = d.total_out();
        let rest = packed.get(d.total_in() as usize..)?;
        out.reserve(16 << 10);
        match d.decompress_vec(rest, &mut out, FlushDecompress::Finish).ok()? {
            Status::StreamEnd => return Some(out),
            _ if out.len() > max => return None,
            // No progress: the stream is cut short.
            _ if d.total_in() == before_in && d.total_out() == before_out => return None,
            _ => {}
        }
    }
}

/// Reads a fragment (with or without its leading `#`) within [`LINK_LIMITS`].
pub fn decode(fragment: &str) -> Result<Link, LinkError> {
    decode_within(fragment, LINK_LIMITS)
}

/// [`decode`] within `limits`.
pub fn decode_within(fragment: &str, limits: Limits) -> Result<Link, LinkError> {
    let f = fragment.strip_prefix('#').unwrap_or(fragment);
    let data = f.strip_prefix(PREFIX).ok_or(LinkError::NotALink)?;
    if data.len() > limits.link {
        return Err(LinkError::TooLong);
    }
    let packed =
        URL_SAFE_NO_PAD.decode(data.trim_end_matches('=')).map_err(|_| LinkError::BadEncoding)?;
    let raw = inflate(&packed, limits.inflated).ok_or(LinkError::BadCompression)?;
    let nul = raw.iter().position(|&b| b == 0).ok_or(LinkError::BadState)?;
    let (json, text) = (raw.get(..nul).unwrap_or(&[]), raw.get(nul + 1..).unwrap_or(&[]));
    let view: View = serde_json::from_slice(json).map_err(|_| LinkError::BadState)?;
    let text = String::from_utf8(text.to_vec()).map_err(|_| LinkError::BadState)?;
    Ok(Link { view: sanitize(view), text })
}

/// The longest standard input a link restores, in characters.
pub const MAX_STDIN: usize = 1 << 16;

/// Bounds the free-form fields: names are short and printable.
pub fn sanitize(mut s: View) -> View {
    let clean = |x: &str| x.chars().filter(|c| !c.is_control()).take(256).collect::<String>();
    s.function = s.function.as_deref().map(clean).filter(|f| !f.is_empty());
    s.entry = clean(&s.entry);
    if s.entry.is_empty() {
        s.entry = main_entry();
    }
    s.args = s.args.iter().take(64).map(|a| clean(a)).collect();
    s.env = s.env.iter().take(64).map(|a| clean(a)).filter(|e| e.contains('=')).collect();
    s.pipeline = s.pipeline.chars().filter(|c| !c.is_control()).take(1024).collect();
    s.stdin = s.stdin.chars().take(MAX_STDIN).collect();
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Link {
        let text = crate::page::examples::EXAMPLES
            .first()
            .map(|e| e.source.to_string())
            .unwrap_or_default();
        let view = View {
            function: Some("main".into()),
            tab: Tab::Run,
            dom_tree: true,
            may_poison: true,
            entry: "main".into(),
            args: vec!["a b".into(), "é".into()],
            env: vec!["GREETING=hi there".into()],
            pipeline: "mem2reg,simplifycfg".into(),
            wasm: true,
            stdin: "3\n1 2 3\n".into(),
            asm_targets: AsmTargets::Aarch64,
        };
        Link { view, text }
    }

    fn encode_link(l: &Link) -> String {
        encode(&l.view, &l.text)
    }

    #[test]
    fn round_trip() {
        let s = sample();
        let link = encode_link(&s);
        assert!(link.starts_with(PREFIX));
        assert!(link
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'='));
        assert_eq!(decode(&link), Ok(s.clone()));
        assert_eq!(decode(&format!("#{link}")), Ok(s));
        let empty =
            Link { view: View { entry: "main".into(), ..View::default() }, text: "".into() };
        assert_eq!(decode(&encode_link(&empty)), Ok(empty));
        // A text field in the view's JSON (no page writes one) does not replace the text.
        let json = br#"{"t":"not this","e":"main"}"#;
        let raw = [&json[..], b"\0the text"].concat();
        let link = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(deflate(&raw)));
        assert_eq!(decode(&link).map(|l| l.text), Ok("the text".to_string()));
    }

    #[test]
    fn the_asm_view_round_trips_and_old_links_still_read() {
        let view = View { tab: Tab::Asm, asm_targets: AsmTargets::X64, ..View::default() };
        let link = encode(&view, "t");
        assert_eq!(
            decode(&link).map(|l| (l.view.tab, l.view.asm_targets)),
            Ok((Tab::Asm, AsmTargets::X64))
        );
        // A link from before the asm view (no targets) shows both; an unknown choice too.
        for json in [&br#"{"v":"cfg","e":"main"}"#[..], br#"{"v":"asm","t":"mips","e":"main"}"#] {
            let raw = [json, b"\0text"].concat();
            let link = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(deflate(&raw)));
            assert_eq!(decode(&link).map(|l| l.view.asm_targets), Ok(AsmTargets::Both));
        }
    }

    #[test]
    fn hundred_line_module_fits_in_2000_chars() {
        // Every example joined until 100 lines: realistic IR, not a repetitive string.
        let mut lines = Vec::new();
        for e in crate::page::examples::EXAMPLES {
            lines.extend(e.source.lines());
        }
        assert!(lines.len() >= 100, "the examples have only {} lines", lines.len());
        let text = lines.iter().take(100).copied().collect::<Vec<_>>().join("\n");
        let link = encode(&View { entry: "main".into(), ..View::default() }, &text);
        let total = link.len() + "http://127.0.0.1:8080/#".len();
        eprintln!("100-line link: {total} characters");
        assert!(total < 2000, "link is {total} characters");
    }

    #[test]
    fn corrupt_links_are_errors() {
        let link = encode_link(&sample());
        assert_eq!(decode(""), Err(LinkError::NotALink));
        assert_eq!(decode("#foo"), Err(LinkError::NotALink));
        assert_eq!(decode("s=!!!***"), Err(LinkError::BadEncoding));
        // Cut short at many points: never a panic, and never a wrong state.
        for cut in [3, 10, link.len() / 2, link.len() - 3] {
            let r = decode(link.get(..cut).unwrap_or(""));
            assert!(r.is_err(), "cut at {cut} decoded");
        }
        // Valid compression of something that is not a state.
        let junk = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(deflate(b"[1,2,3]\0text")));
        assert_eq!(decode(&junk), Err(LinkError::BadState));
        let no_nul = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(deflate(b"{}")));
        assert_eq!(decode(&no_nul), Err(LinkError::BadState));
        let bad_utf8 = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(deflate(b"{}\0\xff\xfe")));
        assert_eq!(decode(&bad_utf8), Err(LinkError::BadState));
        // A decompression bomb is refused by the size limit.
        let bomb = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(deflate(&vec![b' '; 8 << 20])));
        assert_eq!(decode(&bomb), Err(LinkError::BadCompression));
        // Flipped bytes.
        let mut bytes = link.into_bytes();
        for i in (3..bytes.len()).step_by(7) {
            bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
        }
        let _ = decode(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn hostile_fields_are_bounded() {
        let s = View {
            function: Some("\u{7}<script>".into()),
            entry: String::new(),
            args: vec!["a".into(); 1000],
            ..View::default()
        };
        let d = decode(&encode(&s, "x")).unwrap_or_default().view;
        assert_eq!(d.function.as_deref(), Some("<script>"));
        assert_eq!(d.entry, "main");
        assert_eq!(d.args.len(), 64);
    }
}
