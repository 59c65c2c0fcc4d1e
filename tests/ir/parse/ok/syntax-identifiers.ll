; RUN: irplay check %s
; LangRef: Identifiers (named, quoted with escapes, numbered/unnamed values
; and globals, names with $ . _ - characters, names that look like
; keywords), Syntax comments and whitespace.

@0 = global i32 0
@1 = private constant [2 x i8] c"a\00"
@"" = global i32 1                      ; a comment after a global
@named = global i32 2
@"with spaces" = global i32 3
@"\01mangled" = global i32 4
@"escaped\22quote" = global i32 5
@$dollar = global i32 6
@-dash = global i32 7
@.dot = global i32 8
@_under = global i32 9
@a.b.c$d_e-f = global i32 10
@"42" = global i32 11
@i32 = global i32 12
@define = global i32 13
@"non\FFascii" = global i32 14

; A comment on its own line.
define i32 @"quoted fn"(i32 %"quoted arg", i32 %plain)   ; trailing comment
{
entry:
  %0 = add i32 %"quoted arg", %plain
  %1 = mul i32 %0, 2
  %"a value" = sub i32 %1, 1
  %.dot = add i32 %"a value", 1
  %-dash = add i32 %.dot, 1
  %$d = add i32 %-dash, 1
  %2 = add i32 %$d, 1
  %label = add i32 %2, 1
  %ret = add i32 %label, 1
  br label %"next block"

"next block":                                     ; preds = %entry
  %3 = load i32, ptr @0
  %4 = load i32, ptr @"\01mangled"
  %5 = add i32 %3, %4
  br label %6

6:
  ret   i32   %5   ; odd     spacing
}

define void @numbered.params(i32 %0, i32 %1) {
  %3 = add i32 %0, %1
  br label %4

4:
  ret void
}

define void @unnamed.everything(i32, i32) {
  %3 = add i32 %0, %1
  ret void
}

	; tab-indented comment
define void @tabs()	{
	ret	void
}
