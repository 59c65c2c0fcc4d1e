; FAIL: irplay check %s
; Alignment must be a power of two (load, store, alloca, globals).

@g = global i32 0, align 6                 ; ERROR: power of two

define void @f(ptr %p) {
  %a = alloca i32, align 12                ; ERROR: power of two
  %l = load i32, ptr %p, align 3           ; ERROR: power of two
  store i32 %l, ptr %p, align 5            ; ERROR: power of two
  ret void
}
