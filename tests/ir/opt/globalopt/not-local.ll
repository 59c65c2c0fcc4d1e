; RUN: irplay opt -p globalopt %s
; Where nothing may change: an external variable never stored here (another module may write it:
; LangRef linkage), an internal variable whose address escapes to a call, one read through a
; volatile load (its accesses are observable), one whose address is stored into another
; variable's initializer, and one stored a value other than its initializer.
; Oracle: opt-19 -passes=globalopt keeps the first four too (and marks globals and functions
; `local_unnamed_addr`, which we do not); it folds @written, whose one store in @main comes
; before every load (its "stored once" rule, which we lack: a weaker result of ours). The
; three programs print the same.

@fmt = private constant [16 x i8] c"%d %d %d %d %d\0A\00"
@ext = global i32 1
@escapes = internal global i32 2
@vol = internal global i32 3
@pointee = internal global i32 4
@holder = global ptr @pointee
@written = internal global i32 5
declare i32 @printf(ptr, ...)

define void @bump(ptr %p) {
  %v = load i32, ptr %p, align 4
  %n = add i32 %v, 10
  store i32 %n, ptr %p, align 4
  ret void
}

define i32 @main() {
  call void @bump(ptr @escapes)
  store i32 6, ptr @written, align 4
  %a = load i32, ptr @ext, align 4
  %b = load i32, ptr @escapes, align 4
  %c = load volatile i32, ptr @vol, align 4
  %d = load i32, ptr @pointee, align 4
  %e = load i32, ptr @written, align 4
  %p = call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e)
  ret i32 0
}
