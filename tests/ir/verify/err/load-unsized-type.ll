; FAIL: irplay check %s
; Types: loads need a sized type; an opaque struct has no size.

%opaque = type opaque

define void @f(ptr %p) {
  %x = load %opaque, ptr %p     ; ERROR: unsized
  ret void
}
