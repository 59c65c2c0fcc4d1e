; RUN: irplay run %s
; LangRef "'shufflevector' Instruction": "The elements of the two input
; vectors are numbered from left to right across both of the vectors. For each
; element of the result vector, the shuffle mask selects an element from one
; of the input vectors to copy to the result." LangRef
; "'extractelement'"/"'insertelement' Instruction": "Its value is the value at
; position idx of val." / "Its element values are those of val except at
; position idx, where it gets the value elt." Arithmetic is lane-wise (add and
; mul wrap per lane), icmp gives a <4 x i1>, select picks lanes, bitcast
; reinterprets the lanes' bytes (little-endian).
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

@f4 = private constant [13 x i8] c"%d %d %d %d\0A\00"
@f1 = private constant [6 x i8] c"%llx\0A\00"
declare i32 @printf(ptr, ...)

define void @print4(<4 x i32> %v) {
  %a = extractelement <4 x i32> %v, i32 0
  %b = extractelement <4 x i32> %v, i32 1
  %c = extractelement <4 x i32> %v, i64 2
  %d = extractelement <4 x i32> %v, i8 3
  call i32 (ptr, ...) @printf(ptr @f4, i32 %a, i32 %b, i32 %c, i32 %d)
  ret void
}

define i32 @main() {
  %x = insertelement <4 x i32> poison, i32 1, i32 0
  %x1 = insertelement <4 x i32> %x, i32 2, i32 1
  %x2 = insertelement <4 x i32> %x1, i32 3, i32 2
  %x3 = insertelement <4 x i32> %x2, i32 2147483647, i32 3
  call void @print4(<4 x i32> %x3)
  %y = add <4 x i32> %x3, <i32 10, i32 20, i32 30, i32 1>
  call void @print4(<4 x i32> %y)
  %s = shufflevector <4 x i32> %x3, <4 x i32> %y, <4 x i32> <i32 7, i32 0, i32 5, i32 2>
  call void @print4(<4 x i32> %s)
  %splat = shufflevector <4 x i32> %x3, <4 x i32> poison, <4 x i32> zeroinitializer
  call void @print4(<4 x i32> %splat)
  %wide = shufflevector <4 x i32> %x3, <4 x i32> %y, <8 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7>
  %hi = shufflevector <8 x i32> %wide, <8 x i32> poison, <4 x i32> <i32 4, i32 5, i32 6, i32 7>
  call void @print4(<4 x i32> %hi)
  %lt = icmp slt <4 x i32> %x3, %y
  %ltx = zext <4 x i1> %lt to <4 x i32>
  call void @print4(<4 x i32> %ltx)
  %sel = select <4 x i1> %lt, <4 x i32> %x3, <4 x i32> %y
  call void @print4(<4 x i32> %sel)
  %bytes = bitcast <4 x i32> %x3 to <2 x i64>
  %b1 = extractelement <2 x i64> %bytes, i32 1
  call i32 (ptr, ...) @printf(ptr @f1, i64 %b1)
  %m = mul <4 x i32> %x3, <i32 -1, i32 -1, i32 -1, i32 2>
  call void @print4(<4 x i32> %m)
  ret i32 0
}
