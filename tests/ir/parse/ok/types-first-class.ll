; RUN: irplay check %s
; LangRef: Type System (void, function types incl. varargs and function
; types as values' types, pointer types incl. addrspace, target extension
; types, fixed and scalable vectors, label, token, metadata, arrays,
; structures incl. nested and packed literal types).

%T = type { ptr, ptr addrspace(1), ptr addrspace(270) }

@fnptr = global ptr @varfn
@arr = global [2 x [3 x i8]] zeroinitializer
@arr.empty = global [0 x i32] zeroinitializer
@vec.ptr = global <2 x ptr> zeroinitializer
@vec.i1 = global <8 x i1> zeroinitializer
@vec.float = global <4 x float> zeroinitializer
@vec.single = global <1 x i64> zeroinitializer
@struct = global { i32, [2 x float], <{ i8, i16 }> } zeroinitializer
@as.ptr = global ptr addrspace(5) null
@nested.arr = global [2 x { i8, [2 x <2 x i16>] }] zeroinitializer
@tt = global target("spirv.DeviceEvent") zeroinitializer
@tt.params = external global target("spirv.Image", void, 1, 1, 0, 0, 0, 0, 0)

declare void @varfn(i32, ...)
declare { i32, i64 } @ret.struct()
declare [4 x i8] @ret.array()
declare <vscale x 4 x i32> @scalable(<vscale x 4 x i32>, <vscale x 16 x i1>, <vscale x 1 x i64>, <vscale x 2 x ptr>, <vscale x 8 x half>)
declare void @takes.tt(target("aarch64.svcount"), target("my.type", i32, 5), target("empty"))
declare token @llvm.experimental.convergence.entry()
declare void @llvm.irplay.meta(metadata)
declare ptr addrspace(3) @as.ret(ptr addrspace(1), ptr addrspace(0))

define void @labels(i1 %c) convergent {
entry:
  %tok = call token @llvm.experimental.convergence.entry()
  br i1 %c, label %a, label %b

a:
  %s = call <vscale x 4 x i32> @scalable(<vscale x 4 x i32> zeroinitializer, <vscale x 16 x i1> zeroinitializer, <vscale x 1 x i64> zeroinitializer, <vscale x 2 x ptr> zeroinitializer, <vscale x 8 x half> zeroinitializer)
  br label %b

b:
  call void @llvm.irplay.meta(metadata !{!"node"})
  %f = alloca ptr
  store ptr @varfn, ptr %f
  %st = alloca %T
  %svec = alloca <vscale x 2 x double>
  ret void
}
