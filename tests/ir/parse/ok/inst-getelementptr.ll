; RUN: irplay check %s
; LangRef: 'getelementptr' (inbounds, nusw, nuw, struct and array indices,
; negative and wide indices, vector GEPs, scalable vectors, address spaces).

%s = type { i32, [10 x { i8, i64 }], <4 x float> }

define void @geps(ptr %p, i64 %i, i32 %j, <2 x ptr> %vp, <2 x i64> %vi, ptr addrspace(3) %q) {
  %a = getelementptr i8, ptr %p, i64 %i
  %b = getelementptr inbounds %s, ptr %p, i64 0, i32 1, i64 %i, i32 1
  %c = getelementptr nusw %s, ptr %p, i32 %j
  %d = getelementptr nuw i32, ptr %p, i64 1
  %e = getelementptr nusw nuw [4 x i32], ptr %p, i64 0, i64 3
  %f = getelementptr inbounds nuw i64, ptr %p, i64 -1
  %g = getelementptr %s, ptr %p, i64 0, i32 2, i32 3
  %h = getelementptr i32, <2 x ptr> %vp, <2 x i64> %vi
  %k = getelementptr i32, ptr %p, <2 x i64> %vi
  %l = getelementptr i32, <2 x ptr> %vp, i64 1
  %m = getelementptr inbounds %s, <2 x ptr> %vp, <2 x i64> zeroinitializer, <2 x i32> <i32 1, i32 1>, <2 x i64> %vi
  %n = getelementptr i16, ptr addrspace(3) %q, i32 %j
  %o = getelementptr <vscale x 4 x i32>, ptr %p, i64 1
  %r = getelementptr i8, ptr %p, i128 1
  %t = getelementptr i8, ptr %p, i8 -1
  %u = getelementptr [0 x i32], ptr %p, i64 0, i64 %i
  %w = getelementptr {}, ptr %p, i64 1
  %x = getelementptr i32, ptr %p
  ret void
}
