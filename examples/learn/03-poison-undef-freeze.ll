; Two kinds of "no particular value". undef may read as a different value at
; every use, so even `xor %u, %u` is not guaranteed to be 0. poison is
; stronger: it arises when an instruction breaks a promise (here add nsw
; overflows), spreads through most instructions that use it, and is undefined
; behaviour only when it decides something (a branch, an address, a division).
; freeze stops both: it picks one arbitrary value and keeps it for every use.
; In the playground, look at the poison marks on %wrapped and %double, and how
; freeze and the select that ignores poison give output the program can trust.

@fmt = private constant [28 x i8] c"pick=%d self-diff=%d eq=%d\0A\00"

declare i32 @printf(ptr noundef, ...)

define i32 @main() {
  %big = add i32 2147483000, 647             ; INT_MAX, no overflow yet
  %wrapped = add nsw i32 %big, 1              ; signed overflow: poison
  %double = mul i32 %wrapped, 2               ; poison spreads
  %pick = select i1 true, i32 42, i32 %double ; the poison arm is not chosen
  %f = freeze i32 %double                     ; some fixed number, not poison
  %diff = sub i32 %f, %f                      ; 0 whatever %f is
  %eq = icmp eq i32 %f, %f                    ; true: every use sees one value
  %eq32 = zext i1 %eq to i32
  %u = freeze i32 undef                       ; freeze works on undef too
  %udiff = sub i32 %u, %u
  %sum = add i32 %diff, %udiff
  call i32 (ptr, ...) @printf(ptr @fmt, i32 %pick, i32 %sum, i32 %eq32)
  ret i32 0
}

; RUN: irplay check %s
; RUN: irplay run %s
