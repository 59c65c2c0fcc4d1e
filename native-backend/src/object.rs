//! The ELF writer: a [`Compiled`] object as an ELF64 relocatable file (`.o`) for its
//! [`Compiled::target`] (`EM_X86_64` or `EM_AARCH64`) that the system linker (`cc x.o -o x`)
//! links with the C library.
//!
//! Sections: `.text` (aligned to 16), `.data` (aligned to [`Compiled::data_align`]) and an
//! empty `.note.GNU-stack` that asks for a non-executable stack. Symbols keep their kind
//! (`STT_FUNC` or `STT_OBJECT`, with their size) and binding (local or global); external
//! symbols are undefined. Relocations are RELA: [`RelocKind`] maps to `R_X86_64_PC32`,
//! `R_X86_64_PLT32`, `R_X86_64_REX_GOTPCRELX` and `R_X86_64_64`, with the addend as given.
//!
//! [`write_elf_exe`] (for `irplay build --emit exe` only) adds one more symbol, [`TEXT_START`]:
//! global, hidden, at offset 0 of `.text`, so that the fault reporter linked into the
//! executable can turn a faulting address into a text offset; the step counter of code with
//! limits ([`crate::COUNTER_STEPS`]) is global and hidden there too, for the runtime's `clock`. A plain object
//! ([`write_elf`]) has no such symbol: two of them link together, and with other compilers'
//! objects, as before.

use crate::{Compiled, Reloc, RelocKind, Section, Symbol, Target};
use object::elf;
use object::write::{self, SectionId, StandardSection, SymbolId, SymbolSection};
use object::{
    Architecture, BinaryFormat, Endianness, RelocationFlags, SectionFlags, SectionKind,
    SymbolFlags, SymbolKind, SymbolScope,
};

/// The ELF relocation type of a [`RelocKind`] (`Abs64` as on x86-64; see
/// [`elf_reloc_type_on`]).
pub fn elf_reloc_type(kind: RelocKind) -> u32 {
    match kind {
        RelocKind::Pc32 => elf::R_X86_64_PC32,
        RelocKind::Plt32 => elf::R_X86_64_PLT32,
        RelocKind::GotPcRel => elf::R_X86_64_REX_GOTPCRELX,
        RelocKind::Abs64 => elf::R_X86_64_64,
        RelocKind::Call26 => elf::R_AARCH64_CALL26,
        RelocKind::Jump26 => elf::R_AARCH64_JUMP26,
        RelocKind::AdrPage21 => elf::R_AARCH64_ADR_PREL_PG_HI21,
        RelocKind::AddLo12 => elf::R_AARCH64_ADD_ABS_LO12_NC,
        RelocKind::GotPage21 => elf::R_AARCH64_ADR_GOT_PAGE,
        RelocKind::GotLo12 => elf::R_AARCH64_LD64_GOT_LO12_NC,
    }
}

/// The ELF relocation type of a [`RelocKind`] in an object for `target` (the kinds both
/// targets use, `Abs64`, have each target's number).
pub fn elf_reloc_type_on(target: Target, kind: RelocKind) -> u32 {
    match (target, kind) {
        (Target::Aarch64, RelocKind::Abs64) => elf::R_AARCH64_ABS64,
        _ => elf_reloc_type(kind),
    }
}

/// The ELF name of a [`RelocKind`] (for listings and messages; `Abs64` as on x86-64, see
/// [`elf_reloc_name_on`]).
pub fn elf_reloc_name(kind: RelocKind) -> &'static str {
    match kind {
        RelocKind::Pc32 => "R_X86_64_PC32",
        RelocKind::Plt32 => "R_X86_64_PLT32",
        RelocKind::GotPcRel => "R_X86_64_REX_GOTPCRELX",
        RelocKind::Abs64 => "R_X86_64_64",
        RelocKind::Call26 => "R_AARCH64_CALL26",
        RelocKind::Jump26 => "R_AARCH64_JUMP26",
        RelocKind::AdrPage21 => "R_AARCH64_ADR_PREL_PG_HI21",
        RelocKind::AddLo12 => "R_AARCH64_ADD_ABS_LO12_NC",
        RelocKind::GotPage21 => "R_AARCH64_ADR_GOT_PAGE",
        RelocKind::GotLo12 => "R_AARCH64_LD64_GOT_LO12_NC",
    }
}

/// The ELF name of a [`RelocKind`] in an object for `target`.
pub fn elf_reloc_name_on(target: Target, kind: RelocKind) -> &'static str {
    match (target, kind) {
        (Target::Aarch64, RelocKind::Abs64) => "R_AARCH64_ABS64",
        _ => elf_reloc_name(kind),
    }
}

/// The width in bytes of the field a relocation of `kind` patches (AArch64 ones: the
/// instruction word).
pub fn reloc_width(kind: RelocKind) -> u32 {
    match kind {
        RelocKind::Abs64 => 8,
        _ => 4,
    }
}

/// The symbol [`write_elf_exe`] puts at the start of `.text`.
pub const TEXT_START: &str = "__irplay_text";

/// Writes `c` as an ELF64 relocatable object for its target. An error names what is inconsistent in
/// `c` (a symbol or relocation outside its section, a relocation to a symbol that does not
/// exist); a `Compiled` made by the code generator has none.
pub fn write_elf(c: &Compiled) -> Result<Vec<u8>, String> {
    write_object(c, false)
}

/// [`write_elf`] with the global hidden symbol [`TEXT_START`] at offset 0 of `.text`: the
/// object of an executable, linked with the fault reporter that uses the symbol.
pub fn write_elf_exe(c: &Compiled) -> Result<Vec<u8>, String> {
    write_object(c, true)
}

/// The ELF machine of a target (`EM_X86_64`, `EM_AARCH64`).
pub fn architecture(target: Target) -> Architecture {
    match target {
        Target::X64 => Architecture::X86_64,
        Target::Aarch64 => Architecture::Aarch64,
    }
}

fn write_object(c: &Compiled, text_start: bool) -> Result<Vec<u8>, String> {
    let mut obj = write::Object::new(BinaryFormat::Elf, architecture(c.target), Endianness::Little);
    let text = obj.section_id(StandardSection::Text);
    obj.set_section_data(text, c.text.clone(), 16);
    let data = obj.section_id(StandardSection::Data);
    obj.set_section_data(data, c.data.clone(), u64::from(c.data_align.max(1)));
    let stack = obj.add_section(
        Vec::new(),
        b".note.GNU-stack".to_vec(),
        SectionKind::Elf(elf::SHT_PROGBITS),
    );
    obj.section_mut(stack).flags = SectionFlags::Elf { sh_flags: 0 };
    let section = |s: Section| match s {
        Section::Text => (text, c.text.len()),
        Section::Data => (data, c.data.len()),
    };
    let mut ids: Vec<SymbolId> = Vec::with_capacity(c.symbols.len());
    for s in &c.symbols {
        let id = add_symbol(&mut obj, s, &section)?;
        // An executable's runtime reads the step counter (`clock`).
        if text_start && s.def.is_some() && s.name == crate::COUNTER_STEPS {
            obj.symbol_mut(id).scope = SymbolScope::Linkage;
        }
        ids.push(id);
    }
    for r in &c.relocs {
        add_reloc(&mut obj, r, &ids, c, &section)?;
    }
    if text_start {
        obj.add_symbol(write::Symbol {
            name: TEXT_START.as_bytes().to_vec(),
            value: 0,
            size: 0,
            kind: SymbolKind::Label,
            scope: SymbolScope::Linkage,
            weak: false,
            section: SymbolSection::Section(text),
            flags: SymbolFlags::None,
        });
    }
    obj.write().map_err(|e| format!("cannot write the ELF object: {e}"))
}

/// Adds symbol `s` (defined in the section `section` gives, or undefined).
fn add_symbol(
    obj: &mut write::Object<'_>,
    s: &Symbol,
    section: &impl Fn(Section) -> (SectionId, usize),
) -> Result<SymbolId, String> {
    if s.name.is_empty() {
        return Err("a symbol has no name".into());
    }
    let kind = if s.func { SymbolKind::Text } else { SymbolKind::Data };
    let (value, size, sec) = match s.def {
        Some((sec, offset, size)) => {
            let (id, len) = section(sec);
            if u64::from(offset) + u64::from(size) > len as u64 {
                return Err(format!(
                    "symbol {} ({offset}+{size}) lies outside its section ({len} bytes)",
                    s.name
                ));
            }
            (u64::from(offset), u64::from(size), SymbolSection::Section(id))
        }
        None => (0, 0, SymbolSection::Undefined),
    };
    let scope =
        if s.global || s.def.is_none() { SymbolScope::Dynamic } else { SymbolScope::Compilation };
    Ok(obj.add_symbol(write::Symbol {
        name: s.name.as_bytes().to_vec(),
        value,
        size,
        kind,
        scope,
        weak: false,
        section: sec,
        flags: SymbolFlags::None,
    }))
}

/// Adds relocation `r`.
fn add_reloc(
    obj: &mut write::Object<'_>,
    r: &Reloc,
    ids: &[SymbolId],
    c: &Compiled,
    section: &impl Fn(Section) -> (SectionId, usize),
) -> Result<(), String> {
    let Some(&symbol) = ids.get(r.sym as usize) else {
        return Err(format!(
            "a relocation at {:#x} names symbol {}, which does not exist",
            r.offset, r.sym
        ));
    };
    let (id, len) = section(r.section);
    if u64::from(r.offset) + u64::from(reloc_width(r.kind)) > len as u64 {
        let name = c.symbols.get(r.sym as usize).map_or("?", |s| s.name.as_str());
        return Err(format!(
            "a relocation to {name} at {:#x} lies outside its section ({len} bytes)",
            r.offset
        ));
    }
    obj.add_relocation(
        id,
        write::Relocation {
            offset: u64::from(r.offset),
            symbol,
            addend: r.addend,
            flags: RelocationFlags::Elf { r_type: elf_reloc_type_on(c.target, r.kind) },
        },
    )
    .map_err(|e| format!("cannot add a relocation: {e}"))
}

/// A small hand-made object for the tests of writers and loaders (here, the listing's and
/// the command line's): `main` prints `hi from irplay` twice with `puts` (once called through
/// its PLT entry, once through its GOT entry with the message's address read from `.data`)
/// and returns 42. It has each kind of relocation, a local data symbol and a global one,
/// locations and instruction texts.
#[doc(hidden)]
pub fn example() -> Compiled {
    use crate::FuncInfo;
    use irplay_core::diag::Span;
    // (bytes, text): `main`, 39 bytes.
    let code: [(&[u8], &str); 10] = [
        (&[0x55], "push rbp"),
        (&[0x48, 0x89, 0xe5], "mov rbp, rsp"),
        (&[0x48, 0x8d, 0x3d, 0, 0, 0, 0], "lea rdi, [rip + msg]"),
        (&[0xe8, 0, 0, 0, 0], "call puts"),
        (&[0x48, 0x8b, 0x05, 0, 0, 0, 0], "mov rax, qword ptr [rip + puts@GOTPCREL]"),
        (&[0x48, 0x8b, 0x3d, 0, 0, 0, 0], "mov rdi, qword ptr [rip + ptr]"),
        (&[0xff, 0xd0], "call rax"),
        (&[0xb8, 0x2a, 0, 0, 0], "mov eax, 42"),
        (&[0x5d], "pop rbp"),
        (&[0xc3], "ret"),
    ];
    let mut text = Vec::new();
    let mut insts = Vec::new();
    for (bytes, t) in code {
        insts.push((text.len() as u32, bytes.len() as u8, t.to_string()));
        text.extend_from_slice(bytes);
    }
    let mut data = b"hi from irplay\0\0".to_vec();
    data.extend_from_slice(&[0; 8]);
    let sym = |name: &str, def: Option<(Section, u32, u32)>, func: bool, global: bool| Symbol {
        name: name.into(),
        def,
        func,
        global,
    };
    let reloc = |section, offset, kind, sym, addend| Reloc { section, offset, kind, sym, addend };
    // The positions are those of `EXAMPLE_SOURCE`.
    let at = |line: &str| {
        let start = EXAMPLE_SOURCE.find(line).unwrap_or(0) as u32;
        Span::new(start, start + line.len() as u32)
    };
    Compiled {
        text,
        data,
        data_align: 8,
        symbols: vec![
            sym("main", Some((Section::Text, 0, 39)), true, true),
            sym("msg", Some((Section::Data, 0, 15)), false, false),
            sym("ptr", Some((Section::Data, 16, 8)), false, true),
            sym("puts", None, true, false),
        ],
        relocs: vec![
            reloc(Section::Text, 7, RelocKind::Pc32, 1, -4),
            reloc(Section::Text, 12, RelocKind::Plt32, 3, -4),
            reloc(Section::Text, 19, RelocKind::GotPcRel, 3, -4),
            reloc(Section::Text, 26, RelocKind::Pc32, 2, -4),
            reloc(Section::Data, 16, RelocKind::Abs64, 1, 0),
        ],
        funcs: vec![FuncInfo {
            name: "main".into(),
            sym: 0,
            start: 0,
            end: 39,
            span: at("define i32 @main()"),
        }],
        locs: vec![
            (4, at("%1 = call i32 @puts(ptr @msg)")),
            (16, at("%p = load ptr, ptr @ptr")),
            (23, at("%2 = call i32 @puts(ptr %p)")),
            (32, at("ret i32 42")),
        ],
        insts,
        notes: Vec::new(),
        main: Some(0),
        target: crate::Target::X64,
        limit_sites: Vec::new(),
    }
}

/// The IR that [`example`] stands for.
#[doc(hidden)]
pub const EXAMPLE_SOURCE: &str = "\
@msg = private global [15 x i8] c\"hi from irplay\\00\"
@ptr = global ptr @msg

declare i32 @puts(ptr)

define i32 @main() {
  %1 = call i32 @puts(ptr @msg)
  %p = load ptr, ptr @ptr
  %2 = call i32 @puts(ptr %p)
  ret i32 42
}
";

#[cfg(test)]
mod tests {
    use super::*;
    use object::read::elf::ElfFile64;
    use object::{Object as _, ObjectSection as _, ObjectSymbol as _, RelocationTarget};

    #[test]
    fn round_trip() {
        let c = example();
        let bytes = write_elf(&c).expect("writes");
        let file = ElfFile64::<object::Endianness>::parse(bytes.as_slice()).expect("parses");
        assert_eq!(file.architecture(), Architecture::X86_64);
        assert_eq!(file.kind(), object::ObjectKind::Relocatable);
        let text = file.section_by_name(".text").expect(".text");
        assert_eq!(text.data().expect("text data"), c.text.as_slice());
        assert_eq!(text.align(), 16);
        let data = file.section_by_name(".data").expect(".data");
        assert_eq!(data.data().expect("data"), c.data.as_slice());
        assert_eq!(data.align(), 8);
        let stack = file.section_by_name(".note.GNU-stack").expect(".note.GNU-stack");
        assert_eq!(stack.size(), 0);
        let object::SectionFlags::Elf { sh_flags } = stack.flags() else { panic!("flags") };
        assert_eq!(sh_flags & u64::from(elf::SHF_EXECINSTR), 0);

        let sym = |name: &str| file.symbols().find(|s| s.name() == Ok(name)).expect(name);
        let main = sym("main");
        assert_eq!(main.kind(), SymbolKind::Text);
        assert!(main.is_global());
        assert_eq!((main.address(), main.size()), (0, 39));
        assert_eq!(main.section_index(), Some(text.index()));
        let msg = sym("msg");
        assert_eq!(msg.kind(), SymbolKind::Data);
        assert!(msg.is_local());
        assert_eq!((msg.address(), msg.size()), (0, 15));
        let ptr = sym("ptr");
        assert!(ptr.is_global());
        assert_eq!((ptr.address(), ptr.size(), ptr.section_index()), (16, 8, Some(data.index())));
        let puts = sym("puts");
        assert!(puts.is_undefined() && puts.is_global());

        let name_of = |t: RelocationTarget| match t {
            RelocationTarget::Symbol(i) => {
                file.symbol_by_index(i).ok().and_then(|s| s.name().ok().map(str::to_string))
            }
            _ => None,
        };
        let relocs: Vec<_> = text
            .relocations()
            .map(|(off, r)| {
                let RelocationFlags::Elf { r_type } = r.flags() else { panic!("flags") };
                (off, r_type, name_of(r.target()).unwrap_or_default(), r.addend())
            })
            .collect();
        let want = |o, t, n: &str, a| (o, t, n.to_string(), a);
        assert_eq!(
            relocs,
            vec![
                want(7, elf::R_X86_64_PC32, "msg", -4),
                want(12, elf::R_X86_64_PLT32, "puts", -4),
                want(19, elf::R_X86_64_REX_GOTPCRELX, "puts", -4),
                want(26, elf::R_X86_64_PC32, "ptr", -4),
            ]
        );
        let drelocs: Vec<_> = data
            .relocations()
            .map(|(off, r)| (off, r.flags(), name_of(r.target()).unwrap_or_default(), r.addend()))
            .collect();
        assert_eq!(
            drelocs,
            vec![(16, RelocationFlags::Elf { r_type: elf::R_X86_64_64 }, "msg".to_string(), 0)]
        );
    }

    /// Only the object of an executable marks the start of its text, with a hidden symbol.
    #[test]
    fn the_exe_object_marks_its_text() {
        let c = example();
        let plain = write_elf(&c).expect("writes");
        let plain = ElfFile64::<object::Endianness>::parse(plain.as_slice()).expect("parses");
        assert!(plain.symbols().all(|s| s.name() != Ok(TEXT_START)));
        let bytes = write_elf_exe(&c).expect("writes");
        let file = ElfFile64::<object::Endianness>::parse(bytes.as_slice()).expect("parses");
        let text = file.section_by_name(".text").expect(".text");
        let mark = file.symbols().find(|s| s.name() == Ok(TEXT_START)).expect(TEXT_START);
        assert!(mark.is_global() && !mark.is_undefined());
        assert_eq!(mark.scope(), SymbolScope::Linkage);
        assert_eq!((mark.address(), mark.section_index()), (0, Some(text.index())));
    }

    /// The ELF machine is the target's.
    #[test]
    fn the_machine_is_the_targets() {
        let c = Compiled { target: Target::Aarch64, ..example() };
        let bytes = write_elf(&c).expect("writes");
        let file = ElfFile64::<object::Endianness>::parse(bytes.as_slice()).expect("parses");
        assert_eq!(file.architecture(), Architecture::Aarch64);
        let header = file.elf_header();
        assert_eq!(header.e_machine.get(object::Endianness::Little), elf::EM_AARCH64);
    }

    #[test]
    fn inconsistent_objects_are_errors() {
        let mut c = example();
        c.relocs.push(Reloc {
            section: Section::Text,
            offset: 37,
            kind: RelocKind::Pc32,
            sym: 0,
            addend: 0,
        });
        assert!(write_elf(&c).is_err_and(|e| e.contains("outside its section")));
        let mut c = example();
        c.relocs[0].sym = 99;
        assert!(write_elf(&c).is_err_and(|e| e.contains("does not exist")));
        let mut c = example();
        c.symbols[1].def = Some((Section::Data, 20, 15));
        assert!(write_elf(&c).is_err_and(|e| e.contains("outside its section")));
    }

    /// A scratch directory for one test, removed when it ends.
    struct Scratch(std::path::PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir =
                std::env::temp_dir().join(format!("irplay-native-{name}-{}", std::process::id()));
            std::fs::create_dir_all(&dir).expect("scratch directory");
            Scratch(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// The object links with the C library into a program that runs.
    #[test]
    fn links_and_runs() {
        let dir = Scratch::new("link");
        let obj = dir.0.join("example.o");
        let exe = dir.0.join("example");
        std::fs::write(&obj, write_elf(&example()).expect("writes")).expect("write .o");
        let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
        let out =
            std::process::Command::new(&cc).arg(&obj).arg("-o").arg(&exe).output().unwrap_or_else(
                |e| panic!("cannot run the C compiler `{cc}` to link (install gcc or set CC): {e}"),
            );
        assert!(out.status.success(), "linking failed: {}", String::from_utf8_lossy(&out.stderr));
        // No warning either (an executable stack, text relocations).
        assert!(
            out.stderr.is_empty(),
            "the linker warns: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let run = std::process::Command::new(&exe).output().expect("runs");
        assert_eq!(String::from_utf8_lossy(&run.stdout), "hi from irplay\nhi from irplay\n");
        assert_eq!(run.status.code(), Some(42));
    }

    /// LLVM's disassembler reads the object and sees the instructions and relocations.
    #[test]
    fn llvm_objdump_reads_it() {
        let dir = Scratch::new("objdump");
        let obj = dir.0.join("example.o");
        std::fs::write(&obj, write_elf(&example()).expect("writes")).expect("write .o");
        let out = std::process::Command::new("llvm-objdump-19")
            .args(["-d", "-r", "--no-show-raw-insn", "-M", "intel"])
            .arg(&obj)
            .output()
            .unwrap_or_else(|e| {
                panic!("cannot run llvm-objdump-19 (scripts/setup-test-deps.sh installs it): {e}")
            });
        assert!(out.status.success(), "llvm-objdump: {}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout);
        for want in [
            "<main>:",
            "push\trbp",
            "R_X86_64_PC32\tmsg-0x4",
            "R_X86_64_PLT32\tputs-0x4",
            "R_X86_64_REX_GOTPCRELX\tputs-0x4",
            "mov\teax, 0x2a",
            "ret",
        ] {
            assert!(text.contains(want), "`{want}` missing in:\n{text}");
        }
    }
}
