; RUN: irplay build --target wasm32 --emit low -o - %s
; 128-bit vectors as the wasm backend lowers them (one v128 register each): a load, a shift
; by a splat constant, an add and a shuffle become vector instructions; a udiv goes lane
; by lane (each lane extracted, divided, and the result packed by splat and replace); the
; reduction extracts the lanes; a vector constant is one v128 constant.

declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)

define i32 @f(ptr %p, <4 x i32> %k) {
  %v = load <4 x i32>, ptr %p, align 4
  %s = shl <4 x i32> %v, <i32 1, i32 1, i32 1, i32 1>
  %a = add <4 x i32> %s, %k
  %r = shufflevector <4 x i32> %a, <4 x i32> %v, <4 x i32> <i32 3, i32 4, i32 5, i32 6>
  %d = udiv <4 x i32> %r, <i32 1, i32 2, i32 3, i32 4>
  store <4 x i32> %d, ptr %p, align 4
  %t = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %d)
  ret i32 %t
}
