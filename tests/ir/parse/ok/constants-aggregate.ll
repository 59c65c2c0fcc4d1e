; RUN: irplay check %s
; LangRef: Complex Constants (structure, packed structure, array, vector
; constants, splat (...) vector constants, c"..." strings with escapes,
; nested aggregates) and String constants.

%pair = type { i32, float }

@st = global %pair { i32 1, float 2.0 }
@lit = global { i8, { i16, i32 } } { i8 1, { i16, i32 } { i16 2, i32 3 } }
@packed = global <{ i8, i32 }> <{ i8 1, i32 2 }>
@arr = global [3 x i32] [i32 1, i32 2, i32 3]
@arr.nested = global [2 x [2 x i8]] [[2 x i8] [i8 1, i8 2], [2 x i8] zeroinitializer]
@arr.struct = global [2 x %pair] [%pair { i32 1, float 1.0 }, %pair zeroinitializer]
@arr.ptr = global [2 x ptr] [ptr @st, ptr null]
@vec = global <4 x i32> <i32 1, i32 2, i32 3, i32 4>
@vec.ptr = global <2 x ptr> <ptr @st, ptr @arr>
@str = constant [13 x i8] c"hello world\0A\00"
@str.escapes = constant [8 x i8] c"\00\01\7F\80\FF\22\5C\09"
@str.empty = constant [0 x i8] c""
@str.wide = constant [2 x i16] [i16 104, i16 105]
@str.non.printable = constant [4 x i8] c"a\0Db\1B"
@str.i8.array = constant [3 x i8] [i8 97, i8 98, i8 0]
@all.zero.arr = constant [3 x i8] [i8 0, i8 0, i8 0]
@all.zero.struct = constant { i32, i32 } { i32 0, i32 0 }
@splat = global <4 x i16> <i16 7, i16 7, i16 7, i16 7>
@fvec = global <2 x double> <double 1.0, double 2.0>
@empty.struct = global {} {}
@empty.arr = global [0 x i32] []
@struct.of.str = global { [3 x i8], i8 } { [3 x i8] c"abc", i8 0 }
@splat.int = global <4 x i32> splat (i32 7)
@splat.float = global <2 x float> splat (float 1.5)
@splat.ptr.int = global <2 x i64> splat (i64 ptrtoint (ptr @st to i64))

define { i32, float } @ret() {
  ret { i32, float } { i32 7, float 0.5 }
}

define <2 x i32> @vec.ret() {
  ret <2 x i32> <i32 -1, i32 0>
}

define <vscale x 4 x i32> @scalable.splat(<vscale x 4 x i32> %v) {
  %r = add <vscale x 4 x i32> %v, splat (i32 3)
  %s = and <vscale x 4 x i32> %r, zeroinitializer
  ret <vscale x 4 x i32> %s
}
