//! Bitcode at the command line, through the `irplay` binary: inputs are bitcode by their magic
//! whatever their name (files and standard input, for check, fmt, run and opt), a damaged file
//! is reported at its byte, LLVM 1.x bytecode is refused by name, reports on a bitcode input
//! point into its text form, and `--emit bc` writes bitcode that `llvm-dis-19` reads as
//! `llvm-as-19`'s, to a file or a pipe but not to a terminal. The bitcode is made by
//! `llvm-as-19` and read back by `llvm-dis-19`.

#[path = "harness/cli_run.rs"]
mod cli_run;
use cli_run::{irplay, irplay_in, run_in, Scratch};

/// `llvm-as-19` of `text`.
fn llvm_as(text: &str) -> Vec<u8> {
    let out = run_in("llvm-as-19", &["-o", "-"], text.as_bytes());
    assert_eq!(out.code, Some(0), "llvm-as-19 rejects the test's module: {}", out.stderr);
    out.stdout
}

/// `llvm-dis-19` of `bc`, without its `; ModuleID` line.
fn llvm_dis(bc: &[u8]) -> String {
    let out = run_in("llvm-dis-19", &["-o", "-"], bc);
    assert_eq!(out.code, Some(0), "llvm-dis-19 rejects the bitcode: {}", out.stderr);
    out.text().lines().filter(|l| !l.starts_with("; ModuleID")).map(|l| format!("{l}\n")).collect()
}

/// A program that prints a line and returns 42.
const PROGRAM: &str = r#"@msg = private constant [6 x i8] c"hello\00"

declare i32 @puts(ptr)

define i32 @main() {
entry:
  %r = call i32 @puts(ptr @msg)
  %s = add i32 %r, 0
  ret i32 42
}
"#;

/// A program that reads past the end of an array: undefined behaviour (status 70).
const OUT_OF_BOUNDS: &str = r#"define i32 @main() {
entry:
  %a = alloca [4 x i32], align 4
  %p = getelementptr inbounds [4 x i32], ptr %a, i64 0, i64 4
  %v = load i32, ptr %p, align 4
  ret i32 %v
}
"#;

#[test]
fn bitcode_is_told_by_its_magic_whatever_the_name() {
    let s = Scratch::new("clibc-magic");
    let bc = llvm_as(PROGRAM);
    // What irplay makes of LLVM 19's text of the same bitcode.
    let expected_fmt = irplay_in(&["fmt", "-"], llvm_dis(&bc).as_bytes());
    assert_eq!(expected_fmt.code, Some(0), "{}", expected_fmt.stderr);
    for name in ["prog.bc", "prog.ll", "prog.txt", "prog"] {
        let path = s.file(name, &bc);
        let check = irplay(&["check", &path]);
        assert_eq!((check.code, check.stderr.as_str()), (Some(0), ""), "check {name}");
        let run = irplay(&["run", &path]);
        assert_eq!(run.code, Some(42), "run {name}: {}", run.stderr);
        assert_eq!(run.text(), "hello\n", "run {name}");
        let fmt = irplay(&["fmt", &path]);
        assert_eq!(fmt.code, Some(0), "fmt {name}: {}", fmt.stderr);
        assert_eq!(fmt.text(), expected_fmt.text(), "fmt {name} prints the module of the text");
    }
    // The compilers and the debugger read it too.
    let path = s.file("prog.o.in", &bc);
    let wasm = s.path("prog.wasm");
    let build = irplay(&["build", "--target", "wasm32", &path, "-o", &wasm]);
    assert_eq!((build.code, build.stderr.as_str()), (Some(0), ""));
    let magic = std::fs::read(&wasm).ok().and_then(|b| b.get(..4).map(<[u8]>::to_vec));
    assert_eq!(magic.as_deref(), Some(&b"\0asm"[..]));
    let debug = irplay_in(&["debug", &path], b"step\ncontinue\n");
    assert_eq!(debug.code, Some(0), "{}", debug.stderr);
    assert!(
        debug.text().contains(&format!("{path} (as text):")) && debug.text().contains("hello"),
        "the debugger's stops are in the text form:\n{}",
        debug.text()
    );
    // Standard input too.
    let run = irplay_in(&["run", "-"], &bc);
    assert_eq!((run.code, run.text().as_str()), (Some(42), "hello\n"), "{}", run.stderr);
    let check = irplay_in(&["check", "-"], &bc);
    assert_eq!((check.code, check.stderr.as_str()), (Some(0), ""));
    let opt = irplay_in(&["opt", "-", "-p", "dce"], &bc);
    assert_eq!(opt.code, Some(0), "{}", opt.stderr);
    assert!(!opt.text().contains("%s = add"), "dce removes the unused add:\n{}", opt.text());
    // Text named .bc is text.
    let path = s.file("text.bc", PROGRAM.as_bytes());
    let check = irplay(&["check", &path]);
    assert_eq!((check.code, check.stderr.as_str()), (Some(0), ""));
}

#[test]
fn reports_on_bitcode_point_into_its_text_form() {
    let s = Scratch::new("clibc-report");
    let path = s.file("oob.bc", &llvm_as(OUT_OF_BOUNDS));
    let run = irplay(&["run", &path]);
    assert_eq!(run.code, Some(70), "{}", run.stderr);
    // The load is line 5 of the text form, as `irplay fmt` prints it.
    let fmt = irplay(&["fmt", &path]);
    let line = fmt.text().lines().position(|l| l.contains("load i32")).map(|i| i + 1);
    let at = format!("{path} (as text):{}:", line.unwrap_or(0));
    assert!(run.stderr.contains(&at), "the report names {at}:\n{}", run.stderr);
}

#[test]
fn damaged_bitcode_names_the_byte_and_record() {
    let s = Scratch::new("clibc-damaged");
    let bc = llvm_as(PROGRAM);
    let cut = bc.get(..bc.len() * 2 / 3).expect("a prefix");
    let path = s.file("cut.bc", cut);
    let parse_error = s.file("bad.ll", b"define i32 @main( {\n");
    let invalid_status = irplay(&["run", &parse_error]).code;
    for cmd in ["check", "run", "fmt"] {
        let out = irplay(&[cmd, &path]);
        assert_eq!(out.code, invalid_status, "{cmd}: the status of a parse error: {}", out.stderr);
        let rest = out.stderr.strip_prefix(&format!("{path}: error: byte ")).unwrap_or("");
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        let context = rest.get(digits..).unwrap_or("");
        // The blocks and record, where known (here the module block, cut short).
        assert!(
            digits > 0
                && (context.starts_with(" (") || context.starts_with(": "))
                && context.contains("MODULE_BLOCK")
                && out.stderr.lines().count() == 1,
            "{cmd}: `FILE: error: byte N (BLOCK > RECORD): message`, got:\n{}",
            out.stderr
        );
    }
}

#[test]
fn llvm1_bytecode_is_refused_by_name() {
    let s = Scratch::new("clibc-llvm1");
    let path = s.file("old.bc", b"llvm\x00\x01\x02\x03\x04\x05\x06\x07");
    for cmd in ["check", "run", "fmt"] {
        let out = irplay(&[cmd, &path]);
        assert_eq!(out.code, Some(1), "{cmd}");
        assert_eq!(
            out.stderr,
            format!(
                "{path}: error: LLVM 1.x bytecode cannot be read; disassemble it with LLVM 1.x's \
                 llvm-dis\n"
            ),
            "{cmd}"
        );
    }
}

#[test]
fn emit_bc_writes_what_llvm_as_writes() {
    let s = Scratch::new("clibc-emit");
    let src = s.file("p.ll", PROGRAM.as_bytes());
    let expected = llvm_dis(&llvm_as(PROGRAM));
    let out = s.path("p.bc");
    let fmt = irplay(&["fmt", &src, "--emit", "bc", "-o", &out]);
    assert_eq!((fmt.code, fmt.stderr.as_str()), (Some(0), ""));
    let written = std::fs::read(&out).expect("the bitcode file");
    assert_eq!(llvm_dis(&written), expected, "fmt --emit bc -o FILE");
    // To standard output (a pipe here), the same bytes.
    let piped = irplay(&["fmt", &src, "--emit", "bc", "-o", "-"]);
    assert_eq!(piped.code, Some(0), "{}", piped.stderr);
    assert_eq!(piped.stdout, written, "fmt --emit bc -o -");
    // opt writes bitcode too; and it reads back as the optimized module's text.
    let opt = irplay(&["opt", &src, "-p", "dce", "--emit", "bc"]);
    assert_eq!(opt.code, Some(0), "{}", opt.stderr);
    let opt_text = irplay(&["opt", &src, "-p", "dce"]);
    let again = irplay_in(&["fmt", "-"], &opt.stdout);
    assert_eq!(again.text(), opt_text.text(), "opt --emit bc reads back as opt's text");
    // --emit ll is the default.
    let ll = irplay(&["fmt", &src, "--emit", "ll"]);
    assert_eq!(ll.stdout, irplay(&["fmt", &src]).stdout);
    // In place, bitcode stays bitcode.
    let inplace = s.file("q.bc", &written);
    let r = irplay(&["fmt", "--in-place", &inplace]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let bytes = std::fs::read(&inplace).expect("the rewritten file");
    assert_eq!(bytes.get(..4), Some(&b"BC\xc0\xde"[..]), "fmt --in-place keeps bitcode");
    assert_eq!(llvm_dis(&bytes), expected);
}

#[test]
fn emit_bc_of_an_invalid_module_is_refused() {
    let s = Scratch::new("clibc-invalid");
    let src = s.file("bad.ll", b"define i32 @f() {\n  ret i64 0\n}\n");
    let out = s.path("bad.bc");
    let r = irplay(&["fmt", &src, "--emit", "bc", "-o", &out]);
    assert_eq!(r.code, Some(1));
    assert!(r.stderr.contains("error:"), "{}", r.stderr);
    assert!(!std::path::Path::new(&out).exists(), "nothing is written");
}

/// `script` runs the command with a terminal as its standard output.
#[test]
fn bitcode_is_not_written_to_a_terminal() {
    let s = Scratch::new("clibc-tty");
    let src = s.file("p.ll", PROGRAM.as_bytes());
    let bin = env!("CARGO_BIN_EXE_irplay");
    for extra in ["", " -o -"] {
        let cmd = format!("'{bin}' fmt '{src}' --emit bc{extra}");
        let out = run_in("script", &["-qec", &cmd, "/dev/null"], b"");
        assert_eq!(out.code, Some(1), "`{cmd}` at a terminal: {}", out.text());
        let text = out.text();
        assert!(
            text.contains("irplay: error: refusing to write bitcode to a terminal"),
            "`{cmd}`: {text}"
        );
        assert!(!text.contains("BC"), "no bitcode reached the terminal: {text:?}");
    }
    // Text still goes to a terminal.
    let cmd = format!("'{bin}' fmt '{src}'");
    let out = run_in("script", &["-qec", &cmd, "/dev/null"], b"");
    assert_eq!(out.code, Some(0), "{}", out.text());
    assert!(out.text().contains("define i32 @main()"), "{}", out.text());
}
