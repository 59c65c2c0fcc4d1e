; RUN: irplay check %s
; RUN: irplay fmt %s
; Legacy syntax (LLVM <= 16): intrinsics whose names carry typed-pointer
; mangling (`.p0i8`, `.p1i32`) are renamed to the opaque-pointer mangling
; (`.p0`, `.p1`) and get their intrinsic attributes, as LLVM's auto-upgrade
; does; the golden .stdout is the hand-converted module as printed by
; LLVM 19 (renamed declarations move after the definitions).

source_filename = "typed-pointers-intrinsics.c"

declare void @llvm.memcpy.p0i8.p0i8.i64(i8* noalias nocapture writeonly, i8* noalias nocapture readonly, i64, i1 immarg)
declare void @llvm.memset.p1i8.i32(i8 addrspace(1)* nocapture writeonly, i8, i32, i1 immarg)
declare void @llvm.lifetime.start.p0i8(i64 immarg, i8* nocapture)
declare void @llvm.lifetime.end.p0i8(i64 immarg, i8* nocapture)

define void @copy(i8* %dst, i8* %src, i8 addrspace(1)* %far) {
  %buf = alloca [16 x i8], align 16
  %raw = bitcast [16 x i8]* %buf to i8*
  call void @llvm.lifetime.start.p0i8(i64 16, i8* %raw)
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 1 %raw, i8* align 1 %src, i64 16, i1 false)
  call void @llvm.memcpy.p0i8.p0i8.i64(i8* align 1 %dst, i8* align 1 %raw, i64 16, i1 false)
  call void @llvm.memset.p1i8.i32(i8 addrspace(1)* align 4 %far, i8 0, i32 8, i1 false)
  call void @llvm.lifetime.end.p0i8(i64 16, i8* %raw)
  ret void
}
