//! Fuzz-style robustness: random bytes, token soup, mutated valid modules and pathological
//! nesting must end in diagnostics (or a module), never a panic or a stack overflow.
//!
//! Inputs come from a seeded generator, so a failure names a reproducible case. Every input
//! that parses is also printed and re-parsed: the printer must not panic either, and its output
//! must parse again. Every input that verifies is also run in the interpreter (a few entry
//! names, small step, memory and stack budgets), which must end each run with an outcome.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// A small xorshift generator: deterministic inputs without a dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

const TOKENS: &[&str] = &[
    "define",
    "declare",
    "i32",
    "i8",
    "i1",
    "i64",
    "ptr",
    "float",
    "double",
    "void",
    "label",
    "%x",
    "%0",
    "%1",
    "@g",
    "@f",
    "!0",
    "!{",
    "}",
    "{",
    "(",
    ")",
    "[",
    "]",
    "<",
    ">",
    ",",
    "=",
    "*",
    "...",
    "add",
    "nsw",
    "ret",
    "br",
    "call",
    "load",
    "store",
    "getelementptr",
    "inbounds",
    "phi",
    "switch",
    "alloca",
    "align",
    "4",
    "-1",
    "0x1",
    "0xK0",
    "1.5",
    "c\"a\\00\"",
    "\"s\"",
    "!dbg",
    "#0",
    "attributes",
    "global",
    "constant",
    "zeroinitializer",
    "undef",
    "poison",
    "null",
    "x",
    "type",
    "opaque",
    "entry:",
    "bb:",
    "\n",
    " ",
    "; c\n",
    "#dbg_value",
    "vscale",
    "addrspace(1)",
    "to",
    "bitcast",
    "icmp",
    "eq",
    "select",
    "!DILocation(",
    "line:",
    "distinct",
    "metadata",
    "blockaddress",
    "asm",
    "sideeffect",
    "personality",
    "landingpad",
    "cleanup",
    "invoke",
    "unwind",
    "$c",
    "comdat",
];

/// Runs the whole pipeline on one input on a thread with a large stack (as the CLI does: the
/// parser's depth limit bounds recursion, and unoptimized builds use ~10 KB per level); returns
/// a description of a panic, if any.
fn run_one(src: &str) -> Result<(), String> {
    let owned = src.to_string();
    let handle =
        std::thread::Builder::new().stack_size(64 << 20).spawn(move || run_one_here(&owned));
    match handle {
        Ok(h) => h.join().unwrap_or_else(|_| Err("thread died".into())),
        Err(e) => Err(format!("cannot spawn: {e}")),
    }
}

fn run_one_here(src: &str) -> Result<(), String> {
    let r = catch_unwind(AssertUnwindSafe(|| {
        let checked = irplay_core::check(src);
        for d in &checked.diagnostics {
            assert!(d.span.start <= d.span.end, "inverted span");
            assert!(d.span.end as usize <= src.len() + 1, "span past the end of input");
        }
        if let Some(m) = &checked.module {
            let text = irplay_core::text::print_module(m);
            let again = irplay_core::text::parse(&text);
            if checked.valid {
                assert!(again.module.is_some(), "printed text does not parse again:\n{text}");
                // A verified module may still do anything at run time: the interpreter must
                // end every run with an outcome (UB and errors included), never a panic.
                for entry in ["main", "f", "test"] {
                    let opts = irplay_core::interp::Options {
                        entry: entry.into(),
                        max_steps: 20_000,
                        max_memory: 1 << 24,
                        max_stack_depth: 200,
                        ..Default::default()
                    };
                    let _ = irplay_core::interp::run(m, &opts);
                }
            }
        }
    }));
    r.map_err(|e| {
        e.downcast_ref::<String>()
            .cloned()
            .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_default()
    })
}

fn assert_no_panics(cases: impl Iterator<Item = (String, String)>) {
    let mut failures = Vec::new();
    let mut n = 0;
    for (label, src) in cases {
        n += 1;
        if let Err(msg) = run_one(&src) {
            failures.push(format!(
                "{label}: {msg}\n--- input (first 300 bytes) ---\n{}",
                src.chars().take(300).collect::<String>()
            ));
        }
    }
    assert!(n > 0, "no inputs generated");
    assert!(
        failures.is_empty(),
        "{} of {n} inputs panicked:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

fn corpus_files() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir");
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "ll") {
                if let Ok(s) = std::fs::read_to_string(&p) {
                    out.push(s);
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    assert_no_panics((0..4000).map(|i| {
        let len = rng.below(400);
        let bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        (format!("random bytes #{i}"), String::from_utf8_lossy(&bytes).into_owned())
    }));
}

#[test]
fn token_soup_never_panics() {
    let mut rng = Rng(0xD1B5_4A32_D192_ED03);
    assert_no_panics((0..8000).map(|i| {
        let n = 1 + rng.below(60);
        let mut s = String::new();
        for _ in 0..n {
            s.push_str(TOKENS[rng.below(TOKENS.len())]);
            s.push(' ');
        }
        (format!("token soup #{i}"), s)
    }));
}

#[test]
fn mutated_valid_modules_never_panic() {
    let files = corpus_files();
    assert!(!files.is_empty(), "no .ll files under tests/ir");
    let mut rng = Rng(0xA076_1D64_78BD_642F);
    let mut cases = Vec::new();
    for (fi, f) in files.iter().enumerate() {
        for k in 0..24 {
            let bytes = f.as_bytes();
            let mut v = bytes.to_vec();
            match k % 6 {
                0 => v.truncate(rng.below(bytes.len() + 1)),
                1 => {
                    let a = rng.below(v.len() + 1);
                    let b = (a + rng.below(40)).min(v.len());
                    v.drain(a..b);
                }
                2 => {
                    let a = rng.below(v.len() + 1);
                    let t = TOKENS[rng.below(TOKENS.len())];
                    v.splice(a..a, format!(" {t} ").into_bytes());
                }
                3 => {
                    for _ in 0..4 {
                        if !v.is_empty() {
                            let a = rng.below(v.len());
                            v[a] = rng.next() as u8;
                        }
                    }
                }
                4 => {
                    let a = rng.below(v.len() + 1);
                    let b = (a + rng.below(200)).min(v.len());
                    let chunk = v[a..b].to_vec();
                    let at = rng.below(v.len() + 1);
                    v.splice(at..at, chunk);
                }
                _ => {
                    let mut lines: Vec<&[u8]> = bytes.split(|b| *b == b'\n').collect();
                    if lines.len() > 1 {
                        let a = rng.below(lines.len());
                        let b = rng.below(lines.len());
                        lines.swap(a, b);
                    }
                    v = lines.join(&b'\n');
                }
            }
            cases.push((
                format!("file #{fi} mutation #{k}"),
                String::from_utf8_lossy(&v).into_owned(),
            ));
        }
    }
    assert_no_panics(cases.into_iter());
}

/// Several broken lines in one module: the parser's recovery inside function bodies (skip to
/// the next line, broken names) runs many times per file, and must neither panic nor accept
/// the module.
#[test]
fn many_broken_lines_in_one_module_never_panic() {
    let files = corpus_files();
    let mut rng = Rng(0x5851_F42D_4C95_7F2D);
    let mut cases = Vec::new();
    for (fi, f) in files.iter().enumerate() {
        let lines: Vec<&str> = f.split('\n').collect();
        let body_lines: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].starts_with("  ") && !lines[i].trim().is_empty())
            .collect();
        if body_lines.is_empty() {
            continue;
        }
        for k in 0..4 {
            let mut out: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
            for _ in 0..(1 + k * 3) {
                let i = body_lines[rng.below(body_lines.len())];
                let t = TOKENS[rng.below(TOKENS.len())];
                let line = &out[i];
                let cut = rng.below(line.len() + 1);
                let cut = (0..=cut).rev().find(|&c| line.is_char_boundary(c)).unwrap_or(0);
                out[i] = format!("{} {t} {}", &line[..cut], &line[cut..]);
            }
            cases.push((format!("file #{fi} broken lines #{k}"), out.join("\n")));
        }
    }
    assert_no_panics(cases.into_iter());
}

#[test]
fn deep_nesting_ends_in_a_diagnostic() {
    const DEPTH: usize = 100_000;
    let cases = [
        (
            "array types",
            format!(
                "@g = global {}i32{} zeroinitializer",
                "[1 x ".repeat(DEPTH),
                "]".repeat(DEPTH)
            ),
        ),
        (
            "struct types",
            format!("@g = global {}i32{} zeroinitializer", "{ ".repeat(DEPTH), " }".repeat(DEPTH)),
        ),
        (
            "vector types",
            format!(
                "@g = global {}i32{} zeroinitializer",
                "<1 x ".repeat(DEPTH),
                ">".repeat(DEPTH)
            ),
        ),
        (
            "function types",
            format!("declare void @f({}i32{})", "ptr (".repeat(DEPTH), ")".repeat(DEPTH)),
        ),
        ("struct constants", format!("@g = global {{ i32 }} {}", "{ { i32 } ".repeat(DEPTH))),
        ("metadata tuples", format!("!0 = !{{{}}}", "!{".repeat(DEPTH))),
        ("metadata records", format!("!0 = !DIFoo(a: {})", "!DIFoo(a: ".repeat(DEPTH))),
        ("constant expressions", format!("@g = global i64 {}", "add (i64 ".repeat(DEPTH))),
        ("parentheses", "(".repeat(DEPTH)),
        ("open braces", format!("define void @f() {}", "{".repeat(DEPTH))),
    ];
    for (what, src) in cases {
        let h = std::thread::Builder::new().stack_size(64 << 20).spawn(move || {
            let checked = irplay_core::check(&src);
            (checked.valid, checked.diagnostics.iter().any(|d| d.is_error()))
        });
        let (valid, has_error) = h.expect("spawn").join().expect("no panic or overflow");
        assert!(!valid, "{what}: a {DEPTH}-level nesting was accepted");
        assert!(has_error, "{what}: no error reported");
    }
}

// ---------------------------------------------------------------------------
// Bitcode
// ---------------------------------------------------------------------------

/// Valid bitcode made now by `llvm-as-19` from the hand-written modules of `tests/ir` (those it
/// accepts, every sixth one, plus every file with debug info) and by `clang-19` from a small C
/// program with `-g -O2`.
fn bitcode_seeds() -> Vec<Vec<u8>> {
    let dir = std::env::temp_dir().join(format!("irplay-robust-bc-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/ir");
    let mut stack = vec![root];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else { continue };
        let mut entries: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "ll") {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut out = Vec::new();
    for (k, f) in files.iter().enumerate() {
        let text = std::fs::read_to_string(f).unwrap_or_default();
        if k % 6 != 0 && !text.contains("!DI") {
            continue;
        }
        let bc = dir.join(format!("{k}.bc"));
        let ok = std::process::Command::new("llvm-as-19")
            .arg(f)
            .arg("-o")
            .arg(&bc)
            .stderr(std::process::Stdio::null())
            .status()
            .expect("llvm-as-19 runs (scripts/setup-test-deps.sh installs it)")
            .success();
        if ok {
            out.push(std::fs::read(&bc).expect("read .bc"));
        }
    }
    let c = dir.join("prog.c");
    std::fs::write(
        &c,
        "#include <stdio.h>\nstruct P { int x; double y[3]; };\nstatic struct P g = {1, {2, 3, 4}};\n\
         int f(int n) { int s = 0; for (int i = 0; i < n; i++) s += i * g.x; return s; }\n\
         int main(void) { printf(\"%d %f\\n\", f(10), g.y[1]); return 0; }\n",
    )
    .expect("write C");
    let bc = dir.join("prog.bc");
    let ok = std::process::Command::new("clang-19")
        .args(["-g", "-O2", "-c", "-emit-llvm"])
        .arg(&c)
        .arg("-o")
        .arg(&bc)
        .status()
        .expect("clang-19 runs")
        .success();
    assert!(ok, "clang-19 failed");
    out.push(std::fs::read(&bc).expect("read .bc"));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.len() > 5, "too few bitcode seeds: {}", out.len());
    out
}

/// Reads bitcode on a thread with a large stack; a module that comes back is verified, printed,
/// parsed again and written again, none of which may panic. An error must point inside the input.
fn read_bitcode_one(bytes: Vec<u8>) -> Result<(), String> {
    let handle = std::thread::Builder::new().stack_size(64 << 20).spawn(move || {
        catch_unwind(AssertUnwindSafe(|| match irplay_core::bitcode::read(&bytes) {
            Ok(m) => {
                let _ = irplay_core::verify::verify(&m);
                let text = irplay_core::text::print_module(&m);
                let _ = irplay_core::text::parse(&text);
                let _ = irplay_core::bitcode::write(&m);
            }
            Err(e) => {
                assert!(e.offset <= bytes.len() as u64, "offset {} past the input: {e}", e.offset);
                assert!(!e.message.is_empty(), "empty message");
            }
        }))
        .map_err(|e| {
            e.downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        })
    });
    match handle {
        Ok(h) => h.join().unwrap_or_else(|_| Err("thread died".into())),
        Err(e) => Err(format!("cannot spawn: {e}")),
    }
}

/// Truncations, bit flips, runs of `0xFF` (absurd sizes and counts), zeroed words and
/// duplicated spans of real bitcode: every one ends in a module or an error with an offset.
#[test]
fn damaged_bitcode_never_panics() {
    let seeds = bitcode_seeds();
    let mut rng = Rng(0xB17C_0DE5_EED5_0001);
    let mut failures = Vec::new();
    let mut n = 0;
    for (si, seed) in seeds.iter().enumerate() {
        for k in 0..40 {
            let mut v = seed.clone();
            let what = match k % 5 {
                0 => {
                    let cut = rng.below(v.len());
                    v.truncate(cut);
                    format!("truncated at {cut}")
                }
                1 => {
                    let flips = 1 + rng.below(8);
                    for _ in 0..flips {
                        let bit = rng.below(v.len() * 8);
                        if let Some(b) = v.get_mut(bit / 8) {
                            *b ^= 1 << (bit % 8);
                        }
                    }
                    format!("{flips} bits flipped")
                }
                2 => {
                    let at = rng.below(v.len());
                    let len = 1 + rng.below(8);
                    for b in v.iter_mut().skip(at).take(len) {
                        *b = 0xFF;
                    }
                    format!("{len} bytes of 0xFF at {at}")
                }
                3 => {
                    let at = rng.below(v.len()) & !3;
                    for b in v.iter_mut().skip(at).take(4) {
                        *b = 0;
                    }
                    format!("word at {at} zeroed")
                }
                _ => {
                    let at = rng.below(v.len());
                    let len = rng.below(64.min(v.len() - at) + 1);
                    let span: Vec<u8> = v.iter().skip(at).take(len).copied().collect();
                    let to = rng.below(v.len());
                    v.splice(to..to, span);
                    format!("{len} bytes from {at} copied to {to}")
                }
            };
            n += 1;
            if let Err(msg) = read_bitcode_one(v) {
                failures.push(format!("seed #{si}, {what}: {msg}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {n} inputs panicked:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Bitcode that is well formed as a bitstream but means nothing: a module whose type table nests
/// 100,000 arrays, a constant that contains itself, and a body whose operand refers past every
/// value. Each is refused with a message, not accepted, and nothing overflows the stack.
#[test]
fn hostile_bitcode_is_refused() {
    use irplay_core::bitcode::bitstream::Writer;
    use irplay_core::bitcode::codes::{block, constants, function, module, types};
    let start = |w: &mut Writer| {
        w.bytes(&irplay_core::bitcode::MAGIC);
        w.enter_block(block::MODULE_BLOCK_ID, 3);
        w.record(module::MODULE_CODE_VERSION, &[2]);
    };
    let mut cases: Vec<(&str, Vec<u8>)> = Vec::new();

    let mut w = Writer::new();
    start(&mut w);
    w.enter_block(block::TYPE_BLOCK_ID_NEW, 4);
    const DEPTH: u64 = 100_000;
    w.record(types::TYPE_CODE_NUMENTRY, &[DEPTH + 1]);
    w.record(types::TYPE_CODE_INTEGER, &[32]);
    for k in 0..DEPTH {
        w.record(types::TYPE_CODE_ARRAY, &[1, k]);
    }
    w.end_block();
    // @0 = external global <the deepest type> (no string table: unnamed).
    w.record(module::MODULE_CODE_GLOBALVAR, &[0, 0, DEPTH, 2, 0, 0, 0, 0]);
    w.end_block();
    cases.push(("nested arrays", w.finish()));

    let mut w = Writer::new();
    start(&mut w);
    w.enter_block(block::TYPE_BLOCK_ID_NEW, 4);
    w.record(types::TYPE_CODE_NUMENTRY, &[2]);
    w.record(types::TYPE_CODE_INTEGER, &[32]);
    w.record(types::TYPE_CODE_STRUCT_ANON, &[0, 0, 0]);
    w.end_block();
    w.enter_block(block::CONSTANTS_BLOCK_ID, 4);
    w.record(constants::CST_CODE_SETTYPE, &[1]);
    // Value 0: { value 0, value 0 }: itself.
    w.record(constants::CST_CODE_AGGREGATE, &[0, 0]);
    w.end_block();
    w.end_block();
    cases.push(("a constant containing itself", w.finish()));

    let mut w = Writer::new();
    start(&mut w);
    w.enter_block(block::TYPE_BLOCK_ID_NEW, 4);
    w.record(types::TYPE_CODE_NUMENTRY, &[2]);
    w.record(types::TYPE_CODE_INTEGER, &[32]);
    w.record(types::TYPE_CODE_FUNCTION, &[0, 0]);
    w.end_block();
    // define i32 @0() with a body whose `ret` returns value 1,000,000 (relative).
    w.record(module::MODULE_CODE_FUNCTION, &[0, 0, 1, 0, 0, 0, 0, 0, 0, 0]);
    w.enter_block(block::FUNCTION_BLOCK_ID, 4);
    w.record(function::FUNC_CODE_DECLAREBLOCKS, &[1]);
    w.record(function::FUNC_CODE_INST_RET, &[1_000_000]);
    w.end_block();
    w.end_block();
    cases.push(("an operand past every value", w.finish()));

    cases.push(("LLVM 1.x bytecode", b"llvm\x00\x00\x00\x01 rest of an old file".to_vec()));

    for (what, bytes) in cases {
        let h = std::thread::Builder::new().stack_size(64 << 20).spawn(move || {
            irplay_core::bitcode::read(&bytes).map(|m| irplay_core::text::print_module(&m))
        });
        let r = h.expect("spawn").join().unwrap_or_else(|_| panic!("{what}: panicked"));
        match r {
            Ok(text) => panic!("{what}: accepted:\n{}", text.chars().take(400).collect::<String>()),
            Err(e) => eprintln!("{what}: {e}"),
        }
    }
}

// ---------------------------------------------------------------------------
// LLVM 1.x text
// ---------------------------------------------------------------------------

mod llvm1_conv;

/// Words of 1.x assembly, spliced into damaged 1.x files.
const TOKENS_1X: &[&str] = &[
    "sbyte",
    "ubyte",
    "short",
    "ushort",
    "int",
    "uint",
    "long",
    "ulong",
    "bool",
    "void",
    "%x",
    "%0",
    "implementation",
    "begin",
    "end",
    "cast",
    "to",
    "setlt",
    "seteq",
    "div",
    "rem",
    "shr",
    "ubyte 1",
    "malloc",
    "free",
    "getelementptr",
    "load",
    "store",
    "volatile",
    "phi",
    "call",
    "invoke",
    "except",
    "unwind",
    "internal",
    "uninitialized",
    "global",
    "constant",
    "type",
    "opaque",
    "\\2",
    "packed",
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    "*",
    ",",
    "=",
    "...",
    "label",
    "target",
    "endian",
    "pointersize",
    "deplibs",
    "c\"a\\00\"",
    "0x7FF",
    "-1",
    "true",
    "null",
];

/// The 1.x seeds: the hand-written `tests/ir/legacy/llvm1-*.ll` files and the 1.x conversions
/// of the first few csmith programs of the run corpus.
fn llvm1_seeds() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut seeds = Vec::new();
    let legacy = root.join("tests/ir/legacy");
    let mut names: Vec<String> = std::fs::read_dir(&legacy)
        .expect("tests/ir/legacy exists")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("llvm1-") && n.ends_with(".ll"))
        .collect();
    names.sort();
    for n in names {
        let text = std::fs::read_to_string(legacy.join(&n)).expect("readable");
        seeds.push((n, text));
    }
    let corpus = match std::env::var_os("IRPLAY_RUN_CORPUS") {
        Some(p) if !p.is_empty() => root.join(p),
        _ => root.join("target/run-corpus"),
    };
    let mut mods: Vec<String> = std::fs::read_dir(&corpus)
        .map(|rd| {
            rd.filter_map(|e| e.ok()?.file_name().into_string().ok())
                .filter(|n| n.starts_with("csmith-") && n.ends_with("-O0.ll"))
                .collect()
        })
        .unwrap_or_default();
    mods.sort();
    assert!(
        !mods.is_empty(),
        "no run corpus in {} (make it with scripts/gen-run-corpus.sh)",
        corpus.display()
    );
    let mut converted = 0;
    for n in mods {
        let text = std::fs::read_to_string(corpus.join(&n)).expect("readable");
        if let Ok(l1) = llvm1_conv::convert(&text) {
            seeds.push((format!("{n} as 1.x"), l1));
            converted += 1;
            if converted == 3 {
                break;
            }
        }
    }
    assert_eq!(converted, 3, "fewer than 3 csmith programs convert to 1.x");
    seeds
}

/// One damage of a 1.x text, chosen by `k`.
fn damage_1x(rng: &mut Rng, src: &str, k: usize) -> String {
    let bytes = src.as_bytes();
    let lines: Vec<&str> = src.split('\n').collect();
    // Token boundaries: maximal runs of non-blank bytes.
    let mut toks = Vec::new();
    let mut start = None;
    for (i, b) in bytes.iter().enumerate() {
        match (b.is_ascii_whitespace(), start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                toks.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        toks.push((s, bytes.len()));
    }
    let lossy = |v: Vec<u8>| String::from_utf8_lossy(&v).into_owned();
    match k % 8 {
        0 => lossy(bytes[..rng.below(bytes.len() + 1)].to_vec()),
        1 => {
            let mut v = bytes.to_vec();
            for _ in 0..1 + rng.below(4) {
                if !v.is_empty() {
                    let a = rng.below(v.len());
                    v[a] ^= 1 << rng.below(8);
                }
            }
            lossy(v)
        }
        2 | 3 => {
            let mut l: Vec<&str> = lines.clone();
            let i = rng.below(l.len());
            if k % 8 == 2 {
                l.remove(i);
            } else {
                l.insert(i, lines[i]);
            }
            l.join("\n")
        }
        4 | 5 if toks.len() > 1 => {
            let (a, b) = (rng.below(toks.len()), rng.below(toks.len()));
            // Two different tokens (there are at least two).
            let b = if a == b { (a + 1) % toks.len() } else { b };
            let (x, y) = (toks[a.min(b)], toks[a.max(b)]);
            let mut v = bytes[..x.0].to_vec();
            if k % 8 == 4 {
                // Swap two tokens.
                v.extend_from_slice(&bytes[y.0..y.1]);
                v.extend_from_slice(&bytes[x.1..y.0]);
                v.extend_from_slice(&bytes[x.0..x.1]);
            } else {
                // Delete one.
                v.extend_from_slice(&bytes[x.1..y.0]);
                v.extend_from_slice(&bytes[y.0..y.1]);
            }
            v.extend_from_slice(&bytes[y.1..]);
            lossy(v)
        }
        6 => {
            let at = toks.get(rng.below(toks.len().max(1))).map_or(0, |t| t.0);
            let t = TOKENS_1X[rng.below(TOKENS_1X.len())];
            let mut v = bytes[..at].to_vec();
            v.extend_from_slice(format!("{t} ").as_bytes());
            v.extend_from_slice(&bytes[at..]);
            lossy(v)
        }
        _ => {
            let mut l: Vec<&str> = lines.clone();
            let (a, b) = (rng.below(l.len()), rng.below(l.len()));
            l.swap(a, b);
            l.join("\n")
        }
    }
}

/// The 1-based line and column of a byte offset.
fn line_col(src: &str, off: usize) -> (usize, usize) {
    let before = src.get(..off).unwrap_or(src);
    let line = before.matches('\n').count() + 1;
    let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, col)
}

/// Damaged 1.x text (truncated, bytes flipped, lines deleted, duplicated or swapped, tokens
/// swapped, deleted or spliced in): never a panic, and every rejected input has an error
/// whose span is a line:col inside the file.
#[test]
fn damaged_llvm1_text_ends_in_diagnostics_inside_the_file() {
    let seeds = llvm1_seeds();
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut cases = Vec::new();
    for (name, text) in &seeds {
        let n = if text.len() > 20_000 { 16 } else { 48 };
        for k in 0..n {
            cases.push((format!("{name} damage #{k}"), damage_1x(&mut rng, text, k)));
        }
    }
    let mut failures = Vec::new();
    let mut rejected = 0;
    for (label, src) in &cases {
        if let Err(msg) = run_one(src) {
            failures.push(format!("{label}: panicked: {msg}"));
            continue;
        }
        let owned = src.clone();
        let h = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || {
                let c = irplay_core::check(&owned);
                let errs: Vec<(u32, u32, String)> = c
                    .diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .map(|d| (d.span.start, d.span.end, d.message.clone()))
                    .collect();
                (c.valid, errs)
            })
            .expect("spawn");
        let (valid, errs) = h.join().expect("checked once already");
        if valid {
            continue;
        }
        rejected += 1;
        if errs.is_empty() {
            failures.push(format!("{label}: rejected without an error"));
        }
        for (s, e, msg) in errs {
            let (s, e) = (s as usize, e as usize);
            if s > e || e > src.len() + 1 {
                let (l, c) = line_col(src, s);
                failures.push(format!(
                    "{label}: error at {l}:{c} (bytes {s}..{e}) outside the {} bytes: {msg}",
                    src.len()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} damaged 1.x inputs failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    // The damage is real: most inputs are rejected.
    assert!(
        rejected * 2 > cases.len(),
        "only {rejected} of {} damaged inputs rejected",
        cases.len()
    );
}
