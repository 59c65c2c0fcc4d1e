//! The trials both native targets' harnesses make (`tests/native.rs` for x86-64,
//! `tests/native_aarch64.rs` for AArch64) beyond the shared run trials of `engine.rs`: the
//! code generator's own small functions (`native/`), their listings against goldens (`asm/`),
//! the objects read back by `llvm-objdump-19` (`objdump/`), and the faults the hardware
//! catches reported where the interpreter reports them (`fault/`, `exe-fault/`).

use crate::engine::{exit_status, first_difference, ll_files, Engine, Invocation, Mode};
use crate::timed::{self, run};
use crate::unsupported::{self, parse_unsupported};
use libtest_mimic::{Failed, Trial};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

/// The interpreter's reports of the undefined behaviour the hardware catches, and the native
/// engine's names for the fault.
pub(crate) const FAULTS: &[(&str, &str)] = &[
    ("undefined behavior: division_by_zero:", "undefined behavior: integer divide by zero"),
    ("undefined behavior: unreachable:", "undefined behavior: unreachable instruction executed"),
    ("undefined behavior: null_dereference:", "undefined behavior: out of bounds memory access"),
];

/// What a target's harness asks of [`native_trials`].
pub(crate) struct NativeOptions {
    /// The listing golden of `tests/ir/native/NAME.ll` is `NAME.ll{asm_suffix}` (`.asm`,
    /// `.aarch64.asm`).
    pub(crate) asm_suffix: &'static str,
    /// Compare `llvm-objdump-19`'s disassembly with the listing's instruction texts too (not
    /// only that it decodes everything).
    pub(crate) objdump_matches_listing: bool,
    /// The ways a fault is checked: `(family, mode)`; an [`Mode::Exe`] family also compares
    /// its report with the [`Mode::InProcess`] one.
    pub(crate) faults: &'static [(&'static str, Mode)],
    /// `BLESS=1`: write the listing goldens.
    pub(crate) bless: bool,
}

fn count(engine: &Engine, family: &'static str, ok: bool) {
    if let Ok(mut all) = engine.tally.lock() {
        let t = all.entry(family).or_default();
        if ok {
            t.matching += 1;
        } else {
            t.failing += 1;
        }
    }
}

/// Counts the outcome of a trial of `family` and returns it.
fn counted(engine: &Engine, family: &'static str, r: Result<(), Failed>) -> Result<(), Failed> {
    count(engine, family, r.is_ok());
    r
}

/// `irplay build --target TARGET --emit EMIT -o OUT rel` in `tests/ir`.
fn build(engine: &Engine, ir_dir: &Path, rel: &str, emit: &str, out: &Path) -> timed::Out {
    let mut cmd = Command::new(&engine.irplay);
    cmd.args(["build", "--target", engine.target, "--emit", emit, "-o"]).arg(out).arg(rel);
    run(cmd.current_dir(ir_dir), engine.limit).unwrap_or_else(|e| timed::Out {
        code: None,
        stdout: Vec::new(),
        stderr: e,
    })
}

/// `asm/<name>`: the listing of `tests/ir/native/NAME.ll` against its golden.
fn asm_trial(engine: &Engine, ir_dir: &Path, rel: &str, o: &NativeOptions) -> Result<(), Failed> {
    let text = std::fs::read_to_string(ir_dir.join(rel))
        .map_err(|e| format!("cannot read tests/ir/{rel}: {e}"))?;
    if parse_unsupported(&text, engine.directive)?.is_some() {
        // Refused: the `native/` trial checks that.
        return Ok(());
    }
    let out = build(engine, ir_dir, rel, "asm", Path::new("-"));
    if out.code != Some(0) {
        return Err(format!(
            "irplay build --target {} --emit asm tests/ir/{rel} exits {:?}:\n{}",
            engine.target, out.code, out.stderr
        )
        .into());
    }
    let name = format!("{rel}{}", o.asm_suffix);
    let golden = ir_dir.join(&name);
    if o.bless {
        return std::fs::write(&golden, &out.stdout)
            .map_err(|e| format!("cannot write {}: {e}", golden.display()).into());
    }
    let want = std::fs::read(&golden)
        .map_err(|e| format!("cannot read tests/ir/{name} ({e}): BLESS=1 writes it"))?;
    if want != out.stdout {
        return Err(format!(
            "the listing of tests/ir/{rel} differs from its golden tests/ir/{name} (BLESS=1 \
             rewrites it; review the diff): {}",
            first_difference(&want, &out.stdout)
        )
        .into());
    }
    Ok(())
}

/// An instruction's text as compared between the listing and `llvm-objdump-19`: lowercase,
/// one space between words, numbers (`#0x10`, `16`, `-0x8`) in decimal, without
/// `<symbol+offset>` annotations and `//` comments.
pub(crate) fn normalize_inst(text: &str) -> String {
    let text = text.split("//").next().unwrap_or("");
    let mut s = String::new();
    let mut in_angle = false;
    for c in text.chars() {
        match c {
            '<' => in_angle = true,
            '>' if in_angle => in_angle = false,
            _ if in_angle => {}
            '\t' => s.push(' '),
            _ => s.push(c.to_ascii_lowercase()),
        }
    }
    let words: Vec<String> = s
        .split([' ', ','])
        .filter(|w| !w.is_empty())
        // `[x1]` is `[x1, #0]`.
        .flat_map(|w| match w.strip_prefix('[').and_then(|r| r.strip_suffix(']')) {
            Some(reg) => vec![format!("[{reg}"), "#0]".to_string()],
            None => vec![w.to_string()],
        })
        .map(|w| {
            let (hash, rest) = w.strip_prefix('#').map_or(("", w.as_str()), |r| ("#", r));
            let (neg, digits) = rest.strip_prefix('-').map_or(("", rest), |r| ("-", r));
            let (tail, num) = match digits.find([']', '!']) {
                Some(i) => (digits.get(i..).unwrap_or(""), digits.get(..i).unwrap_or("")),
                None => ("", digits),
            };
            let value = match num.strip_prefix("0x") {
                Some(h) => u64::from_str_radix(h, 16).ok(),
                None if !num.is_empty() && num.bytes().all(|b| b.is_ascii_digit()) => {
                    num.parse().ok()
                }
                None => None,
            };
            match value {
                Some(v) => format!("{hash}{neg}{v}{tail}"),
                None => w,
            }
        })
        .collect();
    words.join(" ")
}

/// `llvm-objdump-19`'s branch or address target `0x68 <f+0x28>` as the offset in the
/// function, `0x28` (how a listing may show it); the text unchanged without one.
fn relative_target(text: &str) -> String {
    let Some(open) = text.find('<') else { return text.to_string() };
    let inner = text.get(open + 1..).and_then(|r| r.split('>').next()).unwrap_or("");
    let off = inner.split_once('+').map_or("0x0", |(_, o)| o);
    let head = text.get(..open).unwrap_or("").trim_end();
    // The absolute address is the last word before the annotation.
    let cut = head.rfind([' ', '\t', ',']).map_or(0, |i| i + 1);
    format!("{}{off}", head.get(..cut).unwrap_or(""))
}

/// `(offset, text)` of the instruction lines of a listing (not `.byte` rows), without the
/// relocation comments.
fn listing_insts(listing: &str) -> Vec<(u64, String)> {
    let mut out = Vec::new();
    for line in listing.lines() {
        let t = line.trim_start();
        let Some((off, rest)) = t.split_once(":  ") else { continue };
        let Ok(off) = u64::from_str_radix(off, 16) else { continue };
        // The bytes column (hex pairs one space apart), then at least two spaces and the text.
        let Some((_, text)) = rest.split_once("  ") else { continue };
        let text = text.split("  ; ").next().unwrap_or("").trim();
        if text.is_empty() || text.starts_with(".byte") {
            continue;
        }
        out.push((off, text.to_string()));
    }
    out
}

/// The instructions of `llvm-objdump-19 -d -r --no-show-raw-insn`: offset, text, and the
/// symbol of the relocation at the instruction (`sym`, `sym+0x10`), if any.
fn objdump_insts(dump: &str) -> Vec<(u64, String, Option<String>)> {
    let mut out: Vec<(u64, String, Option<String>)> = Vec::new();
    for line in dump.lines() {
        let Some((off, text)) = line.split_once(':') else { continue };
        let Ok(at) = u64::from_str_radix(off.trim(), 16) else { continue };
        let text = text.trim();
        if let Some(reloc) = text.strip_prefix("R_") {
            // `R_AARCH64_CALL26\tputs`: the relocation of the instruction at `at`.
            let sym = reloc.split_whitespace().nth(1).map(str::to_string);
            if let Some(inst) = out.iter_mut().rev().find(|i| i.0 == at) {
                inst.2 = sym;
            }
        } else if line.starts_with(' ') && !text.is_empty() {
            out.push((at, text.to_string(), None));
        }
    }
    out
}

/// `objdump/<name>`: the object of `rel` read back by `llvm-objdump-19 -d -r` (and, with
/// `listing`, disassembled to the listing's instruction texts).
fn objdump_trial(engine: &Engine, ir_dir: &Path, rel: &str, listing: bool) -> Result<(), Failed> {
    let obj = engine.scratch.join(format!("{}.o", rel.trim_end_matches(".ll").replace('/', "__")));
    std::fs::create_dir_all(&engine.scratch).map_err(|e| format!("cannot create scratch: {e}"))?;
    let built = build(engine, ir_dir, rel, "obj", &obj);
    if built.code != Some(0) {
        // A refusal is judged by the run trials (or, for a file that does not end normally,
        // not at all): there is no object to read.
        if unsupported::refusal(&built.stderr).is_some() {
            return Ok(());
        }
        return Err(format!(
            "irplay build --target {} --emit obj tests/ir/{rel} exits {:?}:\n{}",
            engine.target, built.code, built.stderr
        )
        .into());
    }
    let dumped = run(Command::new("llvm-objdump-19").args(["-d", "-r"]).arg(&obj), engine.limit)?;
    let text = String::from_utf8_lossy(&dumped.stdout);
    let unknown: Vec<&str> = text.lines().filter(|l| l.contains("<unknown>")).take(5).collect();
    let mut result = if dumped.code != Some(0) || !dumped.stderr.trim().is_empty() {
        Err(format!(
            "llvm-objdump-19 -d -r exits {:?} on the object of tests/ir/{rel}:\n{}",
            dumped.code, dumped.stderr
        ))
    } else if !unknown.is_empty() {
        Err(format!(
            "llvm-objdump-19 cannot decode instructions of the object of tests/ir/{rel}:\n{}",
            unknown.join("\n")
        ))
    } else {
        Ok(())
    };
    if result.is_ok() && listing {
        result = same_text(engine, ir_dir, rel, &obj);
    }
    if result.is_ok() {
        let _ = std::fs::remove_file(&obj);
    }
    result.map_err(Failed::from)
}

/// The listing's instruction texts against `llvm-objdump-19 -d`'s of the same object, at the
/// same offsets (after [`normalize_inst`]).
fn same_text(engine: &Engine, ir_dir: &Path, rel: &str, obj: &Path) -> Result<(), String> {
    let asm = build(engine, ir_dir, rel, "asm", Path::new("-"));
    if asm.code != Some(0) {
        return Err(format!("irplay build --emit asm tests/ir/{rel} exits {:?}", asm.code));
    }
    let dumped = run(
        // -z: zero words (`udf #0`) disassembled, not elided as `...`.
        Command::new("llvm-objdump-19").args(["-d", "-r", "-z", "--no-show-raw-insn"]).arg(obj),
        engine.limit,
    )?;
    let ours = listing_insts(&String::from_utf8_lossy(&asm.stdout));
    let theirs = objdump_insts(&String::from_utf8_lossy(&dumped.stdout));
    let theirs: std::collections::BTreeMap<u64, (&str, Option<&str>)> =
        theirs.iter().map(|(o, t, r)| (*o, (t.as_str(), r.as_deref()))).collect();
    // Without its last operand (the one a relocation fills in).
    let skeleton = |t: &str| {
        let n = normalize_inst(t);
        n.rsplit_once(' ').map_or(n.clone(), |(head, _)| head.to_string())
    };
    let mut bad = Vec::new();
    for (off, text) in &ours {
        let (want, reloc) =
            theirs.get(off).copied().unwrap_or(("(no instruction at this offset)", None));
        let ours = normalize_inst(text);
        let same = match reloc {
            // The listing names the relocation's symbol where the object has a zero field.
            Some(sym) => {
                let name = sym.split(['+', '-']).next().unwrap_or(sym);
                skeleton(text) == skeleton(want) && text.contains(name)
            }
            None => ours == normalize_inst(want) || ours == normalize_inst(&relative_target(want)),
        };
        if !same {
            let r = reloc.map(|r| format!(" (relocated: {r})")).unwrap_or_default();
            bad.push(format!("  {off:04x}: listing `{text}`, llvm-objdump-19 `{want}`{r}"));
        }
    }
    if ours.is_empty() && !theirs.is_empty() {
        bad.push("  the listing shows no instruction".into());
    }
    if bad.is_empty() {
        return Ok(());
    }
    let n = bad.len();
    bad.truncate(8);
    Err(format!(
        "{n} instruction(s) of tests/ir/{rel} disassemble differently from the listing:\n{}",
        bad.join("\n")
    ))
}

/// The first `  at FILE:LINE:COL` of a report (without the function).
fn report_position(stderr: &str) -> Option<&str> {
    stderr.lines().find_map(|l| l.trim_start().strip_prefix("at ")?.split(' ').next())
}

/// `fault/<name>` (in process) and `exe-fault/<name>` (an executable): the native report of
/// the fault against the interpreter's, the stdout printed before it against the golden.
fn fault_trial(
    engine: &Engine,
    mode: Mode,
    ir_dir: &Path,
    rel: &str,
    golden: &str,
) -> Result<(), Failed> {
    let Some(&(_, head)) = FAULTS.iter().find(|(interp, _)| golden.starts_with(interp)) else {
        return Err(format!("tests/ir/{rel}.stderr reports no fault the harness knows").into());
    };
    let (out, shown) = engine.execute(mode, ir_dir, rel, &Invocation::default(), None)?;
    let want_at = report_position(golden);
    let got_at = report_position(&out.stderr);
    if out.code != Some(70) || !out.stderr.starts_with(head) || got_at != want_at {
        return Err(format!(
            "`{shown}` should exit 70 and report `{head}` at {} (where the interpreter reports \
             it); it exits {:?}, stderr:\n{}",
            want_at.unwrap_or("?"),
            out.code,
            out.stderr
        )
        .into());
    }
    let want_stdout = std::fs::read(ir_dir.join(format!("{rel}.stdout"))).unwrap_or_default();
    if out.stdout != want_stdout {
        return Err(format!(
            "`{shown}` should print tests/ir/{rel}.stdout (or nothing) before the fault: {}",
            first_difference(&want_stdout, &out.stdout)
        )
        .into());
    }
    if mode == Mode::Exe {
        let (inproc, shown_in) =
            engine.execute(Mode::InProcess, ir_dir, rel, &Invocation::default(), None)?;
        if inproc.stderr != out.stderr {
            return Err(format!(
                "`{shown}` reports the fault differently from `{shown_in}`:\n{}\nversus:\n{}",
                out.stderr, inproc.stderr
            )
            .into());
        }
    }
    Ok(())
}

/// The `native/`, `asm/`, `objdump/` and fault trials of `tests/ir` (into `trials`); returns
/// the files they judge (relative to `tests/ir`), for `directives/unread`.
pub(crate) fn native_trials(
    engine: &Arc<Engine>,
    root: &Path,
    o: &Arc<NativeOptions>,
    trials: &mut Vec<Trial>,
) -> Vec<String> {
    let ir_dir: PathBuf = root.join("tests").join("ir");
    let mut all = Vec::new();
    ll_files(&ir_dir, "", &mut all);
    let have_objdump = Command::new("llvm-objdump-19").arg("--version").output().is_ok();
    fn top<'a>(dir: &str, r: &'a str) -> Option<&'a str> {
        r.strip_prefix(dir).filter(|n| !n.contains('/')).map(|n| n.trim_end_matches(".ll"))
    }
    // The code generator's own small functions: run, listing, object.
    let mut judged = Vec::new();
    for rel in &all {
        let Some(name) = top("native/", rel) else { continue };
        judged.push(rel.clone());
        let (e, dir, f) = (engine.clone(), ir_dir.clone(), ir_dir.join(rel));
        trials.push(Trial::test(format!("native/{name}"), move || {
            e.interp_trial(("native", Mode::InProcess), (&dir, "tests/ir/"), &f)
        }));
        let (e, dir, r, o) = (engine.clone(), ir_dir.clone(), rel.clone(), o.clone());
        trials.push(Trial::test(format!("asm/{name}"), move || {
            counted(&e, "asm", asm_trial(&e, &dir, &r, &o))
        }));
    }
    for rel in &all {
        let Some(name) = top("interp/", rel).or(top("native/", rel)) else { continue };
        let (e, dir, r) = (engine.clone(), ir_dir.clone(), rel.clone());
        let prefix = if rel.starts_with("native/") { "native-" } else { "" };
        let listing = o.objdump_matches_listing;
        trials.push(
            Trial::test(format!("objdump/{prefix}{name}"), move || {
                counted(&e, "objdump", objdump_trial(&e, &dir, &r, listing))
            })
            .with_ignored_flag(!have_objdump),
        );
    }
    // The undefined behaviour the hardware catches, reported where the interpreter does.
    for rel in &all {
        let Some(name) = top("interp/", rel) else { continue };
        let text = std::fs::read_to_string(ir_dir.join(rel)).unwrap_or_default();
        let golden = std::fs::read_to_string(ir_dir.join(format!("{rel}.stderr")));
        let Ok(golden) = golden else { continue };
        if exit_status(&text) != 70 || !FAULTS.iter().any(|(i, _)| golden.starts_with(i)) {
            continue;
        }
        for &(family, mode) in o.faults {
            let (e, dir, r, g) = (engine.clone(), ir_dir.clone(), rel.clone(), golden.clone());
            trials.push(Trial::test(format!("{family}/{name}"), move || {
                counted(&e, family, fault_trial(&e, mode, &dir, &r, &g))
            }));
        }
    }
    judged
}
