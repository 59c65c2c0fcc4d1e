//! Unit tests of `lexer` (kept apart to keep the module readable).
use super::*;

/// Compact rendering of a token kind for table-driven tests.
fn fmt(k: &TokenKind<'_>) -> String {
    match k {
        TokenKind::String(b) => format!("String(\"{}\")", b.escape_ascii()),
        TokenKind::LocalName(n) => format!("%{n:?}"),
        TokenKind::GlobalName(n) => format!("@{n:?}"),
        TokenKind::ComdatName(n) => format!("${n:?}"),
        TokenKind::MetadataName(n) => format!("!{n:?}"),
        TokenKind::LabelStr(n) => format!("{n:?}:"),
        other => format!("{other:?}"),
    }
}

/// All tokens before `Eof`, space-separated.
fn show(src: &str) -> String {
    let toks: Vec<String> = Lexer::new(src).map(|t| fmt(&t.kind)).collect();
    toks.join(" ")
}

/// Checks a table of `source => expected tokens` lines.
fn check(table: &str) {
    for line in table.lines().map(str::trim).filter(|l| !l.is_empty()) {
        let (src, want) = line.split_once(" => ").unwrap_or((line, "<missing>"));
        assert_eq!(show(src), want, "lexing {src:?}");
    }
}

#[test]
fn punctuation_whitespace_comments() {
    check(
        r#"
        = , * [ ] { } ( ) => Equal Comma Star LBracket RBracket LBrace RBrace LParen RParen
        < > ! : | ... => Less Greater Exclaim Colon Bar DotDotDot
        "#,
    );
    assert_eq!(show(" \t\r\n\0 ; c\r\n"), "");
    assert_eq!(show("a ; c1\r b ;c2\nc"), r#"Word("a") Word("b") Word("c")"#);
}

#[test]
fn eof_forever_and_spans() {
    let mut lx = Lexer::new("  add  ");
    let t = lx.next_token();
    assert_eq!((t.kind, t.span), (TokenKind::Word("add"), Span::new(2, 5)));
    for _ in 0..3 {
        let t = lx.next_token();
        assert_eq!((t.kind, t.span), (TokenKind::Eof, Span::new(7, 7)));
    }
    let toks = tokenize("%x = i32");
    let spans: Vec<_> = toks.iter().map(|t| (t.span.start, t.span.end)).collect();
    assert_eq!(spans, [(0, 2), (3, 4), (5, 8), (8, 8)]);
    assert_eq!(toks.last().map(|t| &t.kind), Some(&TokenKind::Eof));
    let empty = tokenize("");
    assert_eq!(empty.len(), 1);
    assert_eq!((&empty[0].kind, empty[0].span), (&TokenKind::Eof, Span::new(0, 0)));
}

#[test]
fn local_global_comdat_names() {
    check(
        r#"
        %foo %-1.x %$a_b.c %12 => %"foo" %"-1.x" %"$a_b.c" LocalId(12)
        %"foo bar" @foo @0 => %"foo bar" @"foo" GlobalId(0)
        @"\01foo" @"a\\b" @"a\zb" => @"\u{1}foo" @"a\\b" @"a\\zb"
        @"\C3\A9" @"" => @"é" @""
        %1x => LocalId(1) Word("x")
        %4294967295 %4294967296 => LocalId(4294967295) Error(IdTooLarge)
        $foo $"foo bar" $foo: => $"foo" $"foo bar" "$foo":
        $12 => Error(ExpectedName('$')) Integer("12")
        % x => Error(ExpectedName('%')) Word("x")
        @ => Error(ExpectedName('@'))
        @"a\00b" %"a => Error(NulInName) Error(UnterminatedName('%'))
        "#,
    );
    assert_eq!(show("%\"a\0b\""), "Error(NulInName)");
    // Names without escapes borrow from the source.
    let toks = tokenize("%\"plain\" @x");
    assert!(matches!(toks[0].kind, TokenKind::LocalName(Cow::Borrowed("plain"))));
    assert!(matches!(toks[1].kind, TokenKind::GlobalName(Cow::Borrowed("x"))));
    let toks = tokenize("@\"abc");
    assert_eq!(toks[0].span, Span::new(0, 5));
    assert_eq!(toks[1].kind, TokenKind::Eof);
}

#[test]
fn metadata_hash_caret() {
    check(
        r#"
        !foo !llvm.module.flags !DILocation => !"foo" !"llvm.module.flags" !"DILocation"
        !\66oo !12 => !"foo" MetadataId(12)
        !{!0} => Exclaim LBrace MetadataId(0) RBrace
        !"s" ! 0 => Exclaim String("s") Exclaim Integer("0")
        !99999999999 => Error(IdTooLarge)
        #12 #dbg_value #dbg_declare => AttrGroupId(12) DbgRecord("value") DbgRecord("declare")
        #dbg_assign #dbg_label(!1) => DbgRecord("assign") DbgRecord("label") LParen MetadataId(1) RParen
        #dbg_bogus # 0 => Error(BadHash) Error(BadHash) Integer("0")
        ^3 ^ => SummaryId(3) Error(ExpectedSummaryId)
        "#,
    );
}

#[test]
fn labels() {
    check(
        r#"
        entry: a.b-c: -1: -foo: .L0: => "entry": "a.b-c": "-1": "-foo": ".L0":
        12: 1abc: 1.5: i32: => LabelId(12) "1abc": "1.5": "i32":
        "foo bar": "a\00": 99999999999: => "foo bar": Error(NulInName) Error(IdTooLarge)
        !DILocation(line: 3, scope: !1) => !"DILocation" LParen "line": Integer("3") Comma "scope": MetadataId(1) RParen
        "#,
    );
}

#[test]
fn words_and_types() {
    // `i32zeroext` is `i32` then `zeroext` and keywords stop at
    // characters only allowed in labels, both as in LLVM.
    check(
        r#"
        define x86_fp80 DW_OP_LLVM_fragment => Word("define") Word("x86_fp80") Word("DW_OP_LLVM_fragment")
        DIFlagPrototyped x c _a => Word("DIFlagPrototyped") Word("x") Word("c") Word("_a")
        i1 i32 i8388608 => IntType(1) IntType(32) IntType(8388608)
        i8388609 i0 i99999999999999999999 => Error(BadIntWidth) Error(BadIntWidth) Error(BadIntWidth)
        i32zeroext ix i => IntType(32) Word("zeroext") Word("ix") Word("i")
        foo.bar => Word("foo") Error(BadChar('.')) Word("bar")
        c"abc" => Word("c") String("abc")
        cc10 ccc cc => Word("cc") Integer("10") Word("ccc") Word("cc")
        "#,
    );
}

#[test]
fn integers_and_floats() {
    check(
        r#"
        0 -42 123456789012345678901234567890 => Integer("0") Integer("-42") Integer("123456789012345678901234567890")
        12abc => Integer("12") Word("abc")
        1.5 -1.5e+10 1.0E-3 1. +2.5e3 => Float("1.5") Float("-1.5e+10") Float("1.0E-3") Float("1.") Float("+2.5e3")
        1.5e => Float("1.5") Word("e")
        +3 + 3 - 3 => Error(BadFloat) Error(BadChar('+')) Integer("3") Error(BadChar('-')) Integer("3")
        u0x1F s0xff => HexInt { signed: false, digits: "1F" } HexInt { signed: true, digits: "ff" }
        u0x1G u0xz => Error(BadHexInt) Word("u0xz")
        "#,
    );
}

#[test]
fn hex_floats() {
    // `-0x10` is `-0` then the word `x10`, as in LLVM.
    check(
        r#"
        0x3FF0000000000000 => HexFloat { kind: Double, digits: "3FF0000000000000" }
        0xK4000C000000000000000 => HexFloat { kind: X86Fp80, digits: "4000C000000000000000" }
        0xL00000000000000004000 => HexFloat { kind: Quad, digits: "00000000000000004000" }
        0xM3FF0 0xH3C00 => HexFloat { kind: PpcDouble, digits: "3FF0" } HexFloat { kind: Half, digits: "3C00" }
        0xR3F80 => HexFloat { kind: BFloat, digits: "3F80" }
        0x 0xKz => Error(BadHexFloat) Error(BadHexFloat) Word("z")
        0x1Fz => HexFloat { kind: Double, digits: "1F" } Word("z")
        -0x10 0x1F: => Integer("-0") Word("x10") "0x1F":
        "#,
    );
    assert_eq!(HexFloatKind::X86Fp80.prefix(), "0xK");
}

#[test]
fn strings() {
    check(
        r#"
        "abc" "a\0Ab\\c\zz" => String("abc") String("a\nb\\c\\zz")
        "\FF\00" "a\" => String("\xff\x00") String("a\\")
        x "abc => Word("x") Error(UnterminatedString)
        "#,
    );
    assert_eq!(show("\"multi\nline\""), r#"String("multi\nline")"#);
    assert!(matches!(tokenize("\"abc\"")[0].kind, TokenKind::String(Cow::Borrowed(b"abc"))));
    assert_eq!(tokenize("x \"abc")[1].span, Span::new(2, 6));
}

#[test]
fn bad_characters_continue() {
    check(
        r#"
        a ~ b é c / => Word("a") Error(BadChar('~')) Word("b") Error(BadChar('é')) Word("c") Error(BadChar('/'))
        . .. => Error(BadChar('.')) Error(BadChar('.')) Error(BadChar('.'))
        "#,
    );
    assert_eq!(tokenize("é")[0].span, Span::new(0, 2));
    assert!(LexError::BadChar('\u{7}').message().contains("U+0007"));
    assert!(LexError::BadChar('~').message().contains("'~'"));
    assert_eq!(LexError::BadIntWidth.to_string(), LexError::BadIntWidth.message());
}

#[test]
fn realistic_lines() {
    check(
        r#"
        %x = add nsw i32 %a, 1, !dbg !7 ; done => %"x" Equal Word("add") Word("nsw") IntType(32) %"a" Comma Integer("1") Comma !"dbg" MetadataId(7)
        declare void @f(i32, ...) #0 => Word("declare") Word("void") @"f" LParen IntType(32) Comma DotDotDot RParen AttrGroupId(0)
        "#,
    );
}

#[test]
fn describe_is_readable() {
    assert_eq!(TokenKind::Eof.describe(), "end of file");
    let local = TokenKind::LocalName(Cow::Borrowed("x"));
    assert_eq!(local.describe(), "local name '%x'");
    assert_eq!(TokenKind::Word("add").describe(), "'add'");
    assert_eq!(TokenKind::IntType(8).describe(), "type 'i8'");
    let bad = TokenKind::Error(LexError::BadChar('~'));
    assert!(bad.describe().contains("unexpected character"));
    let long = "a".repeat(100);
    assert!(TokenKind::Word(&long).describe().ends_with("...'"));
}

#[test]
fn arbitrary_bytes_never_panic() {
    // A cheap deterministic pseudo-random soup, made valid UTF-8 lossily.
    let alphabet: &[u8] = b"%@$!#^\"\\:;.-+0123456789aixcu_ \n\t{}()<>=,*|~\xC3\xA9\xFF\0";
    let mut x: u32 = 12345;
    let mut bytes = Vec::new();
    for _ in 0..20000 {
        x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
        bytes.push(alphabet[(x >> 16) as usize % alphabet.len()]);
    }
    let src = String::from_utf8_lossy(&bytes);
    let toks = tokenize(&src);
    assert_eq!(toks.last().map(|t| &t.kind), Some(&TokenKind::Eof));
    let mut prev_end = 0;
    for t in &toks {
        assert!(t.span.start >= prev_end && t.span.end >= t.span.start);
        assert!(src.is_char_boundary(t.span.start as usize));
        assert!(src.is_char_boundary(t.span.end as usize));
        prev_end = t.span.end;
    }
}

#[test]
fn pathological_inputs_are_linear() {
    // Each of these would be quadratic with a naive label lookahead.
    for unit in ["-.", "a-", "1.", "$-", "-a"] {
        let src = unit.repeat(400_000);
        let start = std::time::Instant::now();
        assert!(tokenize(&src).len() > 1);
        let took = start.elapsed();
        assert!(took.as_secs() < 5, "{unit:?} took {took:?}");
    }
    let src = format!("%{} ;{}\n@x", "a".repeat(1_000_000), "c".repeat(1_000_000));
    let toks = tokenize(&src);
    assert_eq!(toks.len(), 3);
    assert_eq!(fmt(&toks[1].kind), "@\"x\"");
}
