; RUN: irplay check %s
; LangRef: Structure Types, Opaque Structure Types, Identified vs. literal
; structure types, packed structures, recursive and numbered type names.

%pair = type { i32, i64 }
%packed = type <{ i8, i32, i16 }>
%opaque = type opaque
%node = type { i32, ptr }
%list = type { %node, [4 x %node] }
%"quoted name.with-chars" = type { float }
%0 = type { i8 }
%1 = type { %0, %0 }
%empty = type {}
%empty.packed = type <{}>
%nested = type { { i8, <{ i16, i32 }> }, [2 x { double }] }
%vecs = type { <4 x float>, <vscale x 2 x i64> }
%uses.later = type { %defined.later }
%defined.later = type { i16 }

@p = global %pair { i32 1, i64 2 }
@q = global %packed <{ i8 1, i32 2, i16 3 }>
@ext = external global %opaque
@n = global %node { i32 0, ptr @n }
@l = global %list zeroinitializer
@qn = global %"quoted name.with-chars" { float 1.0 }
@num = global %1 { %0 { i8 1 }, %0 { i8 2 } }
@e = global %empty zeroinitializer
@ep = global %empty.packed zeroinitializer
@lit = global { i32, <{ i8, i8 }> } { i32 3, <{ i8, i8 }> <{ i8 4, i8 5 }> }
@nest = global %nested zeroinitializer
@ul = global %uses.later { %defined.later { i16 7 } }

define i64 @second(ptr %p) {
  %f = getelementptr %pair, ptr %p, i32 0, i32 1
  %v = load i64, ptr %f
  ret i64 %v
}

declare %vecs @make_vecs()

define <4 x float> @first_vec() {
  %s = call %vecs @make_vecs()
  %v = extractvalue %vecs %s, 0
  ret <4 x float> %v
}
