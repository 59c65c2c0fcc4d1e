; Structs and arrays are "aggregates". As SSA values they are built with
; insertvalue and taken apart with extractvalue, using constant field numbers
; (no memory involved). A function can return a whole struct: @divmod returns
; { quotient, remainder }. In memory, a struct can be loaded or stored in one
; go, or field by field through getelementptr.
; In the playground, watch %qr being filled in one field at a time, and the
; struct store followed by the field loads.

%Pair = type { i32, i32 }

@fmt = private constant [46 x i8] c"17 / 5 = %d rem %d; swapped in memory: %d %d\0A\00"

declare i32 @printf(ptr noundef, ...)

define %Pair @divmod(i32 %a, i32 %b) {
  %q = sdiv i32 %a, %b
  %r = srem i32 %a, %b
  %qr0 = insertvalue %Pair poison, i32 %q, 0
  %qr = insertvalue %Pair %qr0, i32 %r, 1
  ret %Pair %qr
}

define i32 @main() {
  %res = call %Pair @divmod(i32 17, i32 5)
  %q = extractvalue %Pair %res, 0
  %r = extractvalue %Pair %res, 1

  ; build the swapped pair and store it as a whole
  %s0 = insertvalue %Pair poison, i32 %r, 0
  %swapped = insertvalue %Pair %s0, i32 %q, 1
  %slot = alloca %Pair
  store %Pair %swapped, ptr %slot

  ; read it back field by field
  %f0.addr = getelementptr inbounds %Pair, ptr %slot, i32 0, i32 0
  %f1.addr = getelementptr inbounds %Pair, ptr %slot, i32 0, i32 1
  %f0 = load i32, ptr %f0.addr
  %f1 = load i32, ptr %f1.addr
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %q, i32 %r, i32 %f0, i32 %f1)
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
