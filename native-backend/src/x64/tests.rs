//! Encoder and printer tests: representative instances of every [`Inst`] form as (instruction,
//! bytes, assembly) triples, recorded in `triples.txt` and checked against LLVM 19's
//! disassembler (`llvm-mc-19`), plus a long random sequence decoded back in one piece.
//!
//! `triples.txt` holds one line per instance: the bytes in hex, a tab, our printer's text, and,
//! for forms whose operand is a label or a symbol, a second tab and the text `llvm-mc` prints
//! for the same bytes (a PC-relative displacement where we print the target's offset or the
//! symbol's name). Re-record it after a deliberate change with `BLESS=1 cargo test`.

use super::encode::encode;
use super::inst::{Alu, Cc, Inst, Load, Logic, Mem, Shift, Sse};
use super::print::{print, Names};
use super::regs::{Gpr, Xmm};
use crate::buffer::{Buffer, Label};
use crate::{RelocKind, SymId};
use std::io::Write as _;
use std::process::{Command, Stdio};

const ALUS: [Alu; 8] =
    [Alu::Add, Alu::Or, Alu::Adc, Alu::Sbb, Alu::And, Alu::Sub, Alu::Xor, Alu::Cmp];
const SHIFTS: [Shift; 5] = [Shift::Rol, Shift::Ror, Shift::Shl, Shift::Shr, Shift::Sar];
const SSES: [Sse; 7] = [Sse::Sqrt, Sse::Add, Sse::Mul, Sse::Sub, Sse::Min, Sse::Div, Sse::Max];
const LOGICS: [Logic; 5] = [Logic::And, Logic::Andn, Logic::Or, Logic::Xor, Logic::Unpckl];
const LOADS: [Load; 7] =
    [Load::Zx8, Load::Sx8, Load::Zx16, Load::Sx16, Load::L32, Load::Sx32, Load::L64];
const CCS: [Cc; 16] = Cc::ALL;
/// Immediates around the imm8/imm32 boundaries.
const IMMS: [i32; 12] =
    [0, 1, -1, 127, 128, -128, -129, 255, 0x1234_5678, -0x1234_5678, i32::MAX, i32::MIN];
/// Displacements: none, disp8 (both signs, both ends), disp32 (both signs, both ends).
const DISPS: [i32; 10] = [0, 8, -8, 127, 128, -128, -129, 0x1234_5678, i32::MAX, i32::MIN];
const SCALES: [u8; 4] = [1, 2, 4, 8];

/// One instance: the instruction, and for label forms where it and its label sit (offsets).
struct Case {
    inst: Inst,
    at: u32,
    target: u32,
}

impl Case {
    fn new(inst: Inst) -> Case {
        Case { inst, at: 0, target: 0 }
    }
}

/// Names for the tests: symbol `n` is `fn<n>`, every label is at `target`.
struct TestNames {
    target: Option<u32>,
}

impl Names for TestNames {
    fn sym(&self, id: SymId) -> String {
        format!("fn{id}")
    }
    fn label(&self, _: Label) -> Option<u32> {
        self.target
    }
}

fn r(n: u8) -> Gpr {
    Gpr(n & 15)
}

fn x(n: u8) -> Xmm {
    Xmm(n & 15)
}

/// Register pairs that put each of the 16 registers in each position, low and high (REX)
/// registers against each other: `(k, 15 - k)`, `(k, k ^ 1)`, and `(k, k ^ 4)` for the eight
/// low ones (`spl`..`dil` against `al`..`bl`).
fn pairs() -> Vec<(u8, u8)> {
    let a = (0..16).map(|k| (k, 15 - k));
    a.chain((0..16).map(|k| (k, k ^ 1))).chain((0..8).map(|k| (k, k ^ 4))).collect()
}

/// Memory operands: every base with every displacement class, every usable index register
/// with every scale, and the bases with encoding quirks (`rsp`/`r12` need a SIB byte,
/// `rbp`/`r13` a displacement) with and without an index.
fn mems_full() -> Vec<Mem> {
    let mut v = Vec::new();
    for base in 0..16 {
        for &disp in &DISPS {
            v.push(Mem { base: r(base), index: None, disp });
        }
    }
    // `rsp` cannot be an index (its SIB code means "no index").
    for (k, idx) in (0..16u8).filter(|&i| i != 4).enumerate() {
        for (j, &scale) in SCALES.iter().enumerate() {
            let base = r((k * 5 + j * 3) as u8);
            let disp = DISPS[(k + j) % DISPS.len()];
            v.push(Mem { base, index: Some((r(idx), scale)), disp });
        }
    }
    for base in [4, 5, 12, 13] {
        for (j, &scale) in SCALES.iter().enumerate() {
            let idx = [1, 9, 12, 13][j];
            v.push(Mem { base: r(base), index: Some((r(idx), scale)), disp: 0 });
        }
    }
    v
}

/// A smaller set: every base once (with a displacement of each class), the quirky bases
/// without displacement, and a few indexed forms.
fn mems_small() -> Vec<Mem> {
    let mut v: Vec<Mem> = (0..16).map(|b| Mem::at(r(b), DISPS[b as usize % DISPS.len()])).collect();
    for base in [4, 5, 12, 13] {
        v.push(Mem::at(r(base), 0));
    }
    v.push(Mem { base: r(5), index: Some((r(12), 8)), disp: 0 });
    v.push(Mem { base: r(13), index: Some((r(5), 1)), disp: -1 });
    v.push(Mem { base: r(4), index: Some((r(15), 2)), disp: 0x100 });
    v.push(Mem { base: r(12), index: Some((r(0), 4)), disp: i32::MIN });
    // `rsp` as an unscaled index: encoded (and printed) as the base.
    v.push(Mem { base: r(5), index: Some((r(4), 1)), disp: 0 });
    v.push(Mem { base: r(13), index: Some((r(4), 1)), disp: -8 });
    v
}

/// Representative instances of every form.
fn cases() -> Vec<Case> {
    use Inst as I;
    let mut v: Vec<Case> = Vec::new();
    let mut push = |i: Inst| v.push(Case::new(i));
    let ws = [false, true];
    let full = mems_full();
    let small = mems_small();
    for op in ALUS {
        for w in ws {
            for (a, b) in pairs() {
                push(I::AluRR { op, w, dst: r(a), src: r(b) });
            }
            for k in 0..16u8 {
                push(I::AluRI { op, w, dst: r(k), imm: IMMS[k as usize % IMMS.len()] });
            }
            // The accumulator, which has short `op eax, imm32` forms.
            for imm in [-1, 128, -129, i32::MIN] {
                push(I::AluRI { op, w, dst: Gpr::RAX, imm });
            }
            for (k, &mem) in small.iter().enumerate() {
                push(I::AluRM { op, w, dst: r(k as u8), mem });
            }
        }
    }
    for w in ws {
        for (a, b) in pairs() {
            push(I::Test { w, a: r(a), b: r(b) });
            push(I::MovRR { w, dst: r(a), src: r(b) });
            push(I::Imul { w, dst: r(a), src: r(b) });
            push(I::Bsr { w, dst: r(a), src: r(b) });
            push(I::Bsf { w, dst: r(a), src: r(b) });
            push(I::Popcnt { w, dst: r(a), src: r(b) });
        }
    }
    let u32s = [0, 1, 127, 128, 255, 0x8000_0000, 0x1234_5678, u32::MAX];
    let u64s = [0, 1, u64::MAX, 1 << 63, 0x1234_5678_9abc_def0, 0x7fff_ffff_ffff_ffff, 1 << 32];
    for k in 0..16u8 {
        push(I::MovRI32 { dst: r(k), imm: u32s[k as usize % u32s.len()] });
        push(I::MovRI64s { dst: r(k), imm: IMMS[k as usize % IMMS.len()] });
        push(I::MovAbs { dst: r(k), imm: u64s[k as usize % u64s.len()] });
    }
    for kind in LOADS {
        let mems = if kind == Load::L64 { &full } else { &small };
        for (k, &mem) in mems.iter().enumerate() {
            push(I::Load { kind, dst: r(k as u8), mem });
        }
    }
    for bytes in [1, 2, 4, 8] {
        let mems = if bytes == 8 { &full } else { &small };
        for (k, &mem) in mems.iter().enumerate() {
            push(I::Store { bytes, mem, src: r(k as u8 + 3) });
        }
    }
    for (k, &mem) in full.iter().enumerate() {
        push(I::Lea { dst: r(k as u8 + 7), mem });
    }
    let addends = [0, 8, -8, 0x7fff_0000, -1];
    for k in 0..16u8 {
        push(I::LeaSym { dst: r(k), sym: k as SymId, addend: addends[k as usize % 5] });
        push(I::MovGot { dst: r(k), sym: k as SymId });
    }
    for signed in [false, true] {
        for w in ws {
            for k in 0..16 {
                push(I::Div { signed, w, src: r(k) });
            }
        }
    }
    for w in ws {
        push(I::SignAx { w });
        for op in SHIFTS {
            for k in 0..16u8 {
                push(I::ShiftCl { op, w, dst: r(k) });
                push(I::ShiftI { op, w, dst: r(k), imm: [1, 2, 7, 8, 31, 63][k as usize % 6] });
            }
        }
        for k in 0..16 {
            push(I::Neg { w, dst: r(k) });
            push(I::Not { w, dst: r(k) });
        }
    }
    for (k, cc) in CCS.into_iter().enumerate() {
        push(I::Setcc { cc, dst: r(k as u8) });
        push(I::Setcc { cc, dst: r(15 - k as u8) });
    }
    for (a, b) in pairs() {
        push(I::Movzx8 { dst: r(a), src: r(b) });
        push(I::Movzx16 { dst: r(a), src: r(b) });
        for from in [1, 2, 4] {
            push(I::Movsx { from, dst: r(a), src: r(b) });
        }
    }
    for w in ws {
        for (k, (a, b)) in pairs().into_iter().enumerate() {
            push(I::Cmov { cc: CCS[k % 16], w, dst: r(a), src: r(b) });
        }
    }
    for k in 0..16 {
        push(I::JmpR(r(k)));
        push(I::CallR(r(k)));
        push(I::Push(r(k)));
        push(I::Pop(r(k)));
    }
    for s in [0, 7] {
        push(I::Call(s));
        push(I::TailJmp(s));
    }
    push(I::Ret);
    push(I::Ud2);
    for d in [false, true] {
        let mems = if d { &full } else { &small };
        for (k, &mem) in mems.iter().enumerate() {
            push(I::FLoad { d, dst: x(k as u8), mem });
        }
        for (k, &mem) in small.iter().enumerate() {
            push(I::FStore { d, mem, src: x(k as u8 + 5) });
        }
        for &mem in small.iter() {
            push(I::X87 { pop: false, d, mem });
            push(I::X87 { pop: true, d, mem });
        }
        for (k, (a, b)) in pairs().into_iter().enumerate() {
            for op in SSES {
                push(I::Sse { op, d, dst: x(a), src: x(b) });
            }
            push(I::Ucomi { d, a: x(a), b: x(b) });
            push(I::CvtF { to_d: d, dst: x(a), src: x(b) });
            push(I::Round {
                d,
                mode: [0, 1, 2, 3, 4, 8, 9, 10, 11, 12][k % 10],
                dst: x(a),
                src: x(b),
            });
            for w in ws {
                push(I::ToXmm { w, dst: x(a), src: r(b) });
                push(I::FromXmm { w, dst: r(a), src: x(b) });
                push(I::CvtI2F { d, w, dst: x(a), src: r(b) });
                push(I::CvtF2I { d, w, dst: r(a), src: x(b) });
            }
        }
    }
    for (a, b) in pairs() {
        push(I::FMov { dst: x(a), src: x(b) });
        for op in LOGICS {
            push(I::Logic { op, dst: x(a), src: x(b) });
        }
    }
    // Label forms: the instruction at `at`, its label at `target` (forward, backward, itself).
    let spots = [(0, 0x40), (0x100, 0), (0, 0), (0x10, 0x1_0000)];
    let l = Label(0);
    for (k, &(at, target)) in spots.iter().enumerate() {
        v.push(Case { inst: I::Jmp(l), at, target });
        for cc in CCS {
            v.push(Case { inst: I::Jcc(cc, l), at, target });
        }
        for j in 0..4u8 {
            v.push(Case { inst: I::LeaLabel { dst: r(j * 4 + k as u8), label: l }, at, target });
        }
    }
    v
}

/// A relocation of an instruction's field: (offset, kind, symbol, addend).
type FieldReloc = (u32, RelocKind, SymId, i64);

/// Encodes `inst` at offset `at` with label 0 bound at `target`; the instruction's bytes and
/// the relocations of its own fields (offsets from its start).
fn encode_at(inst: &Inst, at: u32, target: u32) -> (Vec<u8>, Vec<FieldReloc>) {
    let mut b = Buffer::default();
    let l = b.label();
    let pad_to = |b: &mut Buffer, to: u32| {
        while b.pos() < to {
            b.put1(0x90);
        }
    };
    if target <= at {
        pad_to(&mut b, target);
        b.bind(l);
    }
    pad_to(&mut b, at);
    encode(inst, &mut b);
    let end = b.pos();
    if target > at {
        pad_to(&mut b, target);
        b.bind(l);
    }
    assert!(b.resolve(), "unbound label in {inst:?}");
    let relocs = b.relocs.iter().map(|&(o, k, s, a)| (o - at, k, s, a)).collect();
    (b.bytes[at as usize..end as usize].to_vec(), relocs)
}

/// What `llvm-mc` prints for the bytes of `inst` (printed by us as `ours`) when they end at
/// `end` and its label is at `target`; `None` when it prints exactly `ours`.
fn llvm_text(inst: &Inst, ours: &str, end: u32, target: u32) -> Option<String> {
    let d = target as i64 - end as i64;
    let rip = |d: i64| match d {
        0 => "[rip]".to_string(),
        d if d < 0 => format!("[rip - {}]", -d),
        d => format!("[rip + {d}]"),
    };
    let head = |s: &str| s.split_once("[rip").map(|(h, _)| h.to_string()).unwrap_or_default();
    match inst {
        Inst::Jmp(_) | Inst::Jcc(..) => {
            Some(format!("{} {d}", ours.split_once(' ').map_or(ours, |p| p.0)))
        }
        Inst::Call(_) => Some("call 0".to_string()),
        Inst::TailJmp(_) => Some("jmp 0".to_string()),
        Inst::LeaLabel { .. } => Some(format!("{}{}", head(ours), rip(d))),
        Inst::LeaSym { .. } | Inst::MovGot { .. } => Some(format!("{}[rip]", head(ours))),
        _ => None,
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}

/// The text of `triples.txt` as the encoder and printer make it now.
fn render() -> String {
    let mut s = String::from(
        "# (bytes, assembly) of representative instances of every x86-64 instruction form of\n\
         # native-backend, checked against llvm-mc-19 by x64/tests.rs (re-record: BLESS=1).\n\
         # A third column, for label and symbol operands, is what llvm-mc prints instead.\n",
    );
    for c in cases() {
        let (bytes, _) = encode_at(&c.inst, c.at, c.target);
        let ours = print(&c.inst, &TestNames { target: Some(c.target) });
        let end = c.at + bytes.len() as u32;
        s.push_str(&hex(&bytes));
        s.push('\t');
        s.push_str(&ours);
        if let Some(t) = llvm_text(&c.inst, &ours, end, c.target) {
            s.push('\t');
            s.push_str(&t);
        }
        s.push('\n');
    }
    s
}

fn triples_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/x64/triples.txt")
}

/// Tabs and runs of spaces to one space.
fn squash(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Runs `llvm-mc-19` with `args` on `input`; its standard output and error.
fn llvm_mc(args: &[&str], input: &str) -> (String, String) {
    let spawned = Command::new("llvm-mc-19")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let Ok(mut child) = spawned else {
        panic!("llvm-mc-19 is not installed: run scripts/setup-test-deps.sh (it installs LLVM 19)");
    };
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.to_string();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().expect("llvm-mc-19 runs");
    writer.join().expect("writer").expect("write to llvm-mc-19");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Disassembles `bytes` (one stream) with `llvm-mc-19`: one text per decoded instruction.
fn disassemble(bytes: &[u8]) -> Vec<String> {
    let mut input = String::new();
    for chunk in bytes.chunks(16) {
        for b in chunk {
            input.push_str(&format!("0x{b:02x} "));
        }
        input.push('\n');
    }
    let args = ["--disassemble", "-triple=x86_64", "-output-asm-variant=1"];
    let (out, err) = llvm_mc(&args, &input);
    assert!(err.trim().is_empty(), "llvm-mc-19 --disassemble complained:\n{err}");
    out.lines()
        .map(|l| l.split(" # ").next().unwrap_or(l).trim())
        .filter(|l| !l.is_empty() && !l.starts_with('.'))
        .map(squash)
        .collect()
}

/// Parses `triples.txt`: (bytes, our text, llvm-mc's text).
fn parse(text: &str) -> Vec<(Vec<u8>, String, String)> {
    let mut v = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let mut cols = line.split('\t');
        let bytes = cols.next().unwrap_or_default();
        let bytes: Vec<u8> = bytes
            .split(' ')
            .map(|h| u8::from_str_radix(h, 16).unwrap_or_else(|_| panic!("bad hex in {line:?}")))
            .collect();
        let ours = cols.next().unwrap_or_else(|| panic!("no text in {line:?}")).to_string();
        let llvm = cols.next().map_or_else(|| ours.clone(), str::to_string);
        v.push((bytes, ours, llvm));
    }
    v
}

/// (a) The recorded triples are what the encoder and printer produce now.
#[test]
fn triples_are_current() {
    let now = render();
    let path = triples_path();
    if std::env::var_os("BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, &now).expect("write triples.txt");
        return;
    }
    let recorded = std::fs::read_to_string(&path).unwrap_or_default();
    if recorded != now {
        let diff = recorded.lines().zip(now.lines()).position(|(a, b)| a != b);
        let at = diff.unwrap_or(recorded.lines().count().min(now.lines().count()));
        panic!(
            "x64/triples.txt is stale at line {} (recorded {:?}, now {:?}); check the change \
             and re-record with BLESS=1",
            at + 1,
            recorded.lines().nth(at),
            now.lines().nth(at)
        );
    }
}

/// (b) LLVM decodes every recorded instance's bytes to its recorded text.
#[test]
fn triples_match_llvm_disassembler() {
    let triples = parse(&std::fs::read_to_string(triples_path()).expect("read triples.txt"));
    assert!(triples.len() > 1000, "too few triples");
    let all: Vec<u8> = triples.iter().flat_map(|t| t.0.iter().copied()).collect();
    let decoded = disassemble(&all);
    let mut bad = Vec::new();
    for (k, (bytes, _, llvm)) in triples.iter().enumerate() {
        let got = decoded.get(k).map_or("<nothing>", String::as_str);
        if got != squash(llvm) {
            bad.push(format!("{}: {llvm:?} decodes as {got:?}", hex(bytes)));
        }
    }
    assert_eq!(decoded.len(), triples.len(), "instruction count; first mismatches: {bad:#?}");
    assert!(bad.is_empty(), "{} mismatches:\n{}", bad.len(), bad.join("\n"));
}

/// (b') LLVM's assembler reads our text back as the same instruction (its encoding may
/// differ, e.g. short accumulator forms; its re-printed text must not).
#[test]
fn llvm_assembles_our_text() {
    let triples = parse(&std::fs::read_to_string(triples_path()).expect("read triples.txt"));
    // All but the label forms (their text shows the label's offset, not a displacement).
    let texts: Vec<&str> =
        triples.iter().map(|t| t.1.as_str()).filter(|t| !t.contains("0x")).collect();
    let input = texts.join("\n") + "\n";
    let args = ["-triple=x86_64", "-x86-asm-syntax=intel", "-output-asm-variant=1"];
    let (out, err) = llvm_mc(&args, &input);
    assert!(err.trim().is_empty(), "llvm-mc-19 could not assemble our text:\n{err}");
    let back: Vec<String> = out
        .lines()
        .map(|l| l.split(" # ").next().unwrap_or(l).trim())
        .filter(|l| !l.is_empty() && !l.starts_with('.'))
        .map(squash)
        .collect();
    assert_eq!(back.len(), texts.len(), "instruction count");
    let bad: Vec<String> = texts
        .iter()
        .zip(&back)
        .filter(|(a, b)| squash(a) != **b)
        .map(|(a, b)| format!("{a:?} reads back as {b:?}"))
        .collect();
    assert!(bad.is_empty(), "{} mismatches:\n{}", bad.len(), bad.join("\n"));
}

/// Symbol operands: a relocation of the right kind and addend over the last four bytes.
#[test]
fn symbol_relocations() {
    let cases = [
        (Inst::Call(3), RelocKind::Plt32, -4),
        (Inst::TailJmp(3), RelocKind::Plt32, -4),
        (Inst::LeaSym { dst: Gpr::R13, sym: 3, addend: 0 }, RelocKind::Pc32, -4),
        (Inst::LeaSym { dst: Gpr::RAX, sym: 3, addend: 100 }, RelocKind::Pc32, 96),
        (Inst::MovGot { dst: Gpr::R9, sym: 3 }, RelocKind::GotPcRel, -4),
    ];
    for (inst, kind, addend) in cases {
        let (bytes, relocs) = encode_at(&inst, 0, 0);
        let field = bytes.len() as u32 - 4;
        assert_eq!(relocs, vec![(field, kind, 3, addend)], "{inst:?}");
        assert_eq!(&bytes[field as usize..], &[0; 4], "{inst:?}");
    }
}

/// The counters' `sub/add qword ptr [rip + sym], imm`: REX.W, `83 /5` or `81 /0`, ModRM of
/// `[rip + disp32]`, the displacement relocated relative to the end of the instruction (after
/// the immediate), then the immediate.
#[test]
fn counter_operands_relocate_past_their_immediate() {
    let sub = Inst::AluSym { op: crate::x64::inst::Alu::Sub, sym: 3, imm: 7 };
    let (bytes, relocs) = encode_at(&sub, 0, 0);
    assert_eq!(bytes, [0x48, 0x83, 0x2d, 0, 0, 0, 0, 7]);
    assert_eq!(relocs, vec![(3, RelocKind::Pc32, 3, -5)]);
    let add = Inst::AluSym { op: crate::x64::inst::Alu::Add, sym: 3, imm: 100_000 };
    let (bytes, relocs) = encode_at(&add, 0, 0);
    assert_eq!(bytes, [0x48, 0x81, 0x05, 0, 0, 0, 0, 0xa0, 0x86, 0x01, 0]);
    assert_eq!(relocs, vec![(3, RelocKind::Pc32, 3, -8)]);
}

/// A deterministic pseudo-random generator (SplitMix64).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }
    fn gpr(&mut self) -> Gpr {
        r(self.below(16) as u8)
    }
    fn xmm(&mut self) -> Xmm {
        x(self.below(16) as u8)
    }
    fn flag(&mut self) -> bool {
        self.next() & 1 != 0
    }
    fn imm(&mut self) -> i32 {
        match self.below(3) {
            0 => self.pick(&IMMS),
            1 => self.next() as i8 as i32,
            _ => self.next() as i32,
        }
    }
    fn mem(&mut self) -> Mem {
        let index = match self.below(3) {
            0 => None,
            _ => Some((
                r(self.pick(&[0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])),
                self.pick(&SCALES),
            )),
        };
        Mem {
            base: self.gpr(),
            index,
            disp: if self.flag() { self.pick(&DISPS) } else { self.imm() },
        }
    }
}

/// A random instance of a random form; label operands name one of `labels` labels.
fn random_inst(g: &mut Rng, labels: u32) -> Inst {
    use Inst as I;
    let w = g.flag();
    let d = g.flag();
    let label = Label(g.below(labels as usize) as u32);
    match g.below(53) {
        0..=5 => I::AluRR { op: g.pick(&ALUS), w, dst: g.gpr(), src: g.gpr() },
        6..=9 => I::AluRI { op: g.pick(&ALUS), w, dst: g.gpr(), imm: g.imm() },
        10..=11 => I::AluRM { op: g.pick(&ALUS), w, dst: g.gpr(), mem: g.mem() },
        12 => I::Test { w, a: g.gpr(), b: g.gpr() },
        13..=14 => I::MovRR { w, dst: g.gpr(), src: g.gpr() },
        15 => I::MovRI32 { dst: g.gpr(), imm: g.imm() as u32 },
        16 => I::MovRI64s { dst: g.gpr(), imm: g.imm() },
        17 => I::MovAbs { dst: g.gpr(), imm: g.next() },
        18..=20 => I::Load { kind: g.pick(&LOADS), dst: g.gpr(), mem: g.mem() },
        21..=22 => I::Store { bytes: g.pick(&[1, 2, 4, 8]), mem: g.mem(), src: g.gpr() },
        23 => I::Lea { dst: g.gpr(), mem: g.mem() },
        24 => I::LeaLabel { dst: g.gpr(), label },
        25 => I::Imul { w, dst: g.gpr(), src: g.gpr() },
        26 => I::Div { signed: d, w, src: g.gpr() },
        27 => I::SignAx { w },
        28 => I::ShiftCl { op: g.pick(&SHIFTS), w, dst: g.gpr() },
        29 => I::ShiftI { op: g.pick(&SHIFTS), w, dst: g.gpr(), imm: g.below(64) as u8 },
        30 => [I::Neg { w, dst: g.gpr() }, I::Not { w, dst: g.gpr() }][d as usize].clone(),
        31 => I::Setcc { cc: g.pick(&CCS), dst: g.gpr() },
        32 => [I::Movzx8 { dst: g.gpr(), src: g.gpr() }, I::Movzx16 { dst: g.gpr(), src: g.gpr() }]
            [d as usize]
            .clone(),
        33 => I::Movsx { from: g.pick(&[1, 2, 4]), dst: g.gpr(), src: g.gpr() },
        34 => I::Cmov { cc: g.pick(&CCS), w, dst: g.gpr(), src: g.gpr() },
        35 => {
            [I::Bsr { w, dst: g.gpr(), src: g.gpr() }, I::Popcnt { w, dst: g.gpr(), src: g.gpr() }]
                [d as usize]
                .clone()
        }
        36 => I::Bsf { w, dst: g.gpr(), src: g.gpr() },
        37 => I::Jmp(label),
        38..=39 => I::Jcc(g.pick(&CCS), label),
        40 => [I::JmpR(g.gpr()), I::CallR(g.gpr())][d as usize].clone(),
        41 => [I::Push(g.gpr()), I::Pop(g.gpr())][d as usize].clone(),
        42 => [I::Ret, I::Ud2][d as usize].clone(),
        43 => I::FLoad { d, dst: g.xmm(), mem: g.mem() },
        44 => I::FStore { d, mem: g.mem(), src: g.xmm() },
        45 => I::FMov { dst: g.xmm(), src: g.xmm() },
        46 => [
            I::ToXmm { w, dst: g.xmm(), src: g.gpr() },
            I::FromXmm { w, dst: g.gpr(), src: g.xmm() },
        ][d as usize]
            .clone(),
        47 => I::Sse { op: g.pick(&SSES), d, dst: g.xmm(), src: g.xmm() },
        48 => I::Logic { op: g.pick(&LOGICS), dst: g.xmm(), src: g.xmm() },
        49 => [
            I::Ucomi { d, a: g.xmm(), b: g.xmm() },
            I::CvtF { to_d: d, dst: g.xmm(), src: g.xmm() },
        ][w as usize]
            .clone(),
        50 => [
            I::CvtI2F { d, w, dst: g.xmm(), src: g.gpr() },
            I::CvtF2I { d, w, dst: g.gpr(), src: g.xmm() },
        ][g.below(2)]
        .clone(),
        51 => I::X87 { pop: w, d, mem: g.mem() },
        _ => I::Round { d, mode: g.below(16) as u8, dst: g.xmm(), src: g.xmm() },
    }
}

/// Names for the random sequence: labels where the buffer bound them.
struct BufNames<'a>(&'a Buffer);

impl Names for BufNames<'_> {
    fn sym(&self, id: SymId) -> String {
        format!("fn{id}")
    }
    fn label(&self, l: Label) -> Option<u32> {
        self.0.bound(l)
    }
}

/// (4) A long random sequence, encoded back to back with labels bound between instructions,
/// decodes to as many instructions with the same texts (a wrong length shifts all that
/// follows).
#[test]
fn random_sequence_decodes_back() {
    const N: usize = 5000;
    const LABELS: u32 = 64;
    let mut g = Rng(0x1e7_c0de);
    let insts: Vec<Inst> = (0..N).map(|_| random_inst(&mut g, LABELS)).collect();
    let mut binds: Vec<(usize, Label)> = (0..LABELS).map(|l| (g.below(N + 1), Label(l))).collect();
    binds.sort_by_key(|b| b.0);
    let mut b = Buffer::default();
    for _ in 0..LABELS {
        b.label();
    }
    let mut ends = Vec::new();
    let mut next = binds.iter().peekable();
    for (k, inst) in insts.iter().enumerate() {
        while let Some(&&(_, l)) = next.peek().filter(|b| b.0 == k) {
            b.bind(l);
            next.next();
        }
        encode(inst, &mut b);
        ends.push(b.pos());
    }
    for &(_, l) in next {
        b.bind(l);
    }
    assert!(b.resolve());
    let names = BufNames(&b);
    let expect: Vec<String> = insts
        .iter()
        .zip(&ends)
        .map(|(i, &end)| {
            let ours = print(i, &names);
            let target = match i {
                Inst::Jmp(l) | Inst::Jcc(_, l) | Inst::LeaLabel { label: l, .. } => {
                    b.bound(*l).unwrap_or(0)
                }
                _ => 0,
            };
            squash(&llvm_text(i, &ours, end, target).unwrap_or(ours))
        })
        .collect();
    let decoded = disassemble(&b.bytes);
    let first = expect.iter().zip(&decoded).position(|(a, b)| a != b);
    if let Some(k) = first {
        panic!(
            "instruction {k} ({:?}): expected {:?}, llvm-mc-19 decodes {:?}",
            insts[k], expect[k], decoded[k]
        );
    }
    assert_eq!(decoded.len(), expect.len(), "instruction count");
}

/// With the listing, the notes say which register each IR value got, and name spills and
/// reloads by the value's IR name.
#[test]
fn notes_name_registers_and_spills() {
    let mut src = String::from("declare void @g()\ndefine i64 @f(i64 %a) {\n");
    // More live values than registers, across a call: some are spilled and reloaded.
    for k in 0..20 {
        src.push_str(&format!("  %v{k} = add i64 %a, {k}\n"));
    }
    src.push_str("  call void @g()\n  %s0 = add i64 %v0, %v1\n");
    for k in 2..20 {
        src.push_str(&format!("  %s{} = add i64 %s{}, %v{k}\n", k - 1, k - 2));
    }
    src.push_str("  ret i64 %s18\n}\n");
    let m = irplay_core::check(&src).module.expect("parses");
    let opts = crate::Options { listing: true };
    let c = crate::compile_module(&m, crate::Target::X64, &opts).expect("compiles");
    let has = |p: &str| c.notes.iter().any(|(_, t)| t.starts_with(p));
    assert!(has("%v0: "), "{:?}", c.notes);
    assert!(has("%s18: "), "{:?}", c.notes);
    assert!(has("spill %v"), "{:?}", c.notes);
    assert!(has("reload %v"), "{:?}", c.notes);
    assert!(c.notes.windows(2).all(|w| w[0].0 <= w[1].0), "ascending");
    let plain = crate::compile_module(&m, crate::Target::X64, &crate::Options::default());
    assert!(plain.expect("compiles").notes.is_empty());
}
