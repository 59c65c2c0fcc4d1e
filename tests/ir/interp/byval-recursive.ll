; RUN: irplay run %s
; LangRef "Parameter Attributes", byval(<ty>): "a hidden copy of the pointee is
; made between the caller and the callee, so the callee is unable to modify the
; value in the caller." @down modifies its own copy, passes it byval to itself,
; and reads it again after the call returns: each level still sees the value it
; stored, so the inner calls wrote only their own copies. The last level is
; reached through a tail call, which gets a copy too.
; Oracle: lli-19 and a native build (clang-19 FILE.ll) print the same stdout
; and exit with the same status.

%struct.P = type { i32, [3 x i32] }

@.fmt = private constant [19 x i8] c"level %d: %d %d%c\0A\00"
@.leaf = private constant [12 x i8] c"leaf %d %d\0A\00"
declare i32 @printf(ptr, ...)

define void @leaf(ptr byval(%struct.P) %p) {
  %a = load i32, ptr %p
  %e = getelementptr inbounds %struct.P, ptr %p, i32 0, i32 1, i32 2
  %b = load i32, ptr %e
  store i32 -1, ptr %p
  call i32 (ptr, ...) @printf(ptr @.leaf, i32 %a, i32 %b)
  ret void
}

define void @down(ptr byval(%struct.P) align 4 %p, i32 %n) {
  %a = load i32, ptr %p
  %a1 = add i32 %a, 1
  store i32 %a1, ptr %p
  %e = getelementptr inbounds %struct.P, ptr %p, i32 0, i32 1, i32 2
  %b = load i32, ptr %e
  %b1 = mul i32 %b, 2
  store i32 %b1, ptr %e
  %z = icmp eq i32 %n, 0
  br i1 %z, label %last, label %more
last:
  tail call void @leaf(ptr byval(%struct.P) %p)
  ret void
more:
  %m = sub i32 %n, 1
  call void @down(ptr byval(%struct.P) align 4 %p, i32 %m)
  %x = load i32, ptr %p
  %y = load i32, ptr %e
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 %n, i32 %x, i32 %y, i32 33)
  ret void
}

define i32 @main() {
  %s = alloca %struct.P, align 4
  store i32 10, ptr %s
  %e = getelementptr inbounds %struct.P, ptr %s, i32 0, i32 1, i32 2
  store i32 1, ptr %e
  call void @down(ptr byval(%struct.P) align 4 %s, i32 4)
  %x = load i32, ptr %s
  %y = load i32, ptr %e
  call i32 (ptr, ...) @printf(ptr @.fmt, i32 -1, i32 %x, i32 %y, i32 46)
  ret i32 0
}
