; RUN: irplay build --target wasm32 --emit low -o - %s
; The low form of a small module: the data image with a relocation, a frame slot for the
; entry alloca, integer legalization of i8 (mask after add, sign-extension before a signed
; compare and a sext), phis as copies, and a call to a variadic import with its varargs.

@g = global i32 42
@p = global ptr getelementptr (i8, ptr @g, i64 2)
@fmt = private constant [4 x i8] c"%d\0A\00"
declare i32 @printf(ptr, ...)

define i32 @main() {
entry:
  %a = alloca i32, align 4
  %x = load i32, ptr @g
  %s = add i8 250, 10
  %t = sext i8 %s to i32
  store i32 %t, ptr %a
  %c = icmp slt i8 %s, 0
  br i1 %c, label %neg, label %pos
neg:
  br label %done
pos:
  br label %done
done:
  %r = phi i32 [ 1, %neg ], [ %x, %pos ]
  %call = call i32 (ptr, ...) @printf(ptr @fmt, i32 %r)
  ret i32 0
}
