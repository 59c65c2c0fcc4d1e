; RUN: irplay check %s
; LangRef: Aggregate Operations (extractvalue, insertvalue) on structs,
; arrays and nested aggregates, with multiple indices.

%inner = type { i8, [2 x i16] }
%outer = type { i32, %inner, [3 x { float, double }] }

define %outer @agg(%outer %o, { i32, i1 } %pair) {
  %a = extractvalue %outer %o, 0
  %b = extractvalue %outer %o, 1, 1, 0
  %c = extractvalue %outer %o, 2, 2, 1
  %d = extractvalue { i32, i1 } %pair, 1
  %e = extractvalue [4 x i8] [i8 1, i8 2, i8 3, i8 4], 2
  %i0 = insertvalue %outer %o, i32 %a, 0
  %i1 = insertvalue %outer %i0, i16 %b, 1, 1, 1
  %i2 = insertvalue %outer %i1, double 1.0, 2, 0, 1
  %i3 = insertvalue { i32, i1 } undef, i1 %d, 1
  %i4 = insertvalue [2 x ptr] poison, ptr null, 0
  %inner.v = extractvalue %outer %i2, 1
  %i5 = insertvalue %outer %i2, %inner %inner.v, 1
  ret %outer %i5
}
