; native/phi-loops.ll: AArch64, 784 bytes of code

@fib:
  ; prologue
  0000:  f0 c3 01 d1                    sub x16, sp, #112
  0004:  1f 02 00 f9                    str xzr, [x16]
  0008:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  000c:  fd 03 00 91                    mov x29, sp
  0010:  ff 83 01 d1                    sub sp, sp, #96
  0014:  b3 83 1f f8                    stur x19, [x29, #-8]
  0018:  b4 03 1f f8                    stur x20, [x29, #-16]
  001c:  b5 83 1e f8                    stur x21, [x29, #-24]
  0020:  b6 03 1e f8                    stur x22, [x29, #-32]
  0024:  f6 03 00 aa                    mov x22, x0
  ; 12: br label %loop
  0028:  15 00 80 52                    mov w21, #0
  002c:  33 00 80 52                    mov w19, #1
  0030:  14 00 80 52                    mov w20, #0
  0034:  89 02 13 0b                    add w9, w20, w19
  0038:  aa 06 00 11                    add w10, w21, #1
  003c:  5f 01 16 6b                    cmp w10, w22
  0040:  a9 83 1a b8                    stur w9, [x29, #-88]
  0044:  aa 03 1a b8                    stur w10, [x29, #-96]
  0048:  6b 00 00 54                    b.lt 0x54
  ; 22: ret i32 %a
  004c:  e0 03 14 aa                    mov x0, x20
  0050:  07 00 00 14                    b 0x6c
  ; 17: %c = add i32 %a, %b
  0054:  a9 03 5a b8                    ldur w9, [x29, #-96]
  0058:  f5 03 09 aa                    mov x21, x9
  005c:  f4 03 13 aa                    mov x20, x19
  0060:  aa 83 5a b8                    ldur w10, [x29, #-88]
  0064:  f3 03 0a aa                    mov x19, x10
  ; 20: br i1 %more, label %loop, label %done
  0068:  f3 ff ff 17                    b 0x34
  006c:  b3 83 5f f8                    ldur x19, [x29, #-8]
  0070:  b4 03 5f f8                    ldur x20, [x29, #-16]
  0074:  b5 83 5e f8                    ldur x21, [x29, #-24]
  0078:  b6 03 5e f8                    ldur x22, [x29, #-32]
  007c:  bf 03 00 91                    mov sp, x29
  0080:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0084:  c0 03 5f d6                    ret

@swaps:
  ; prologue
  0090:  f0 c3 01 d1                    sub x16, sp, #112
  0094:  1f 02 00 f9                    str xzr, [x16]
  0098:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  009c:  fd 03 00 91                    mov x29, sp
  00a0:  ff 83 01 d1                    sub sp, sp, #96
  00a4:  b3 83 1f f8                    stur x19, [x29, #-8]
  00a8:  b4 03 1f f8                    stur x20, [x29, #-16]
  00ac:  b5 83 1e f8                    stur x21, [x29, #-24]
  00b0:  b6 03 1e f8                    stur x22, [x29, #-32]
  00b4:  f6 03 02 aa                    mov x22, x2
  ; 27: br label %loop
  00b8:  15 00 80 52                    mov w21, #0
  00bc:  f4 03 01 aa                    mov x20, x1
  00c0:  f3 03 00 aa                    mov x19, x0
  00c4:  a9 06 00 11                    add w9, w21, #1
  00c8:  3f 01 16 6b                    cmp w9, w22
  00cc:  a9 83 1a b8                    stur w9, [x29, #-88]
  00d0:  cb 00 00 54                    b.lt 0x58
  ; 36: %r = mul i32 %p, 10
  00d4:  49 01 80 52                    mov w9, #10
  00d8:  6a 7e 09 1b                    mul w10, w19, w9
  ; 37: %s = add i32 %r, %q
  00dc:  49 01 14 0b                    add w9, w10, w20
  ; 38: ret i32 %s
  00e0:  e0 03 09 aa                    mov x0, x9
  00e4:  08 00 00 14                    b 0x74
  ; 32: %i1 = add i32 %i, 1
  00e8:  a9 83 5a b8                    ldur w9, [x29, #-88]
  00ec:  f5 03 09 aa                    mov x21, x9
  00f0:  ea 03 13 aa                    mov x10, x19
  00f4:  f3 03 14 aa                    mov x19, x20
  00f8:  f4 03 0a aa                    mov x20, x10
  ; 34: br i1 %more, label %loop, label %done
  00fc:  aa 03 1a f8                    stur x10, [x29, #-96]
  0100:  f1 ff ff 17                    b 0x34
  0104:  b3 83 5f f8                    ldur x19, [x29, #-8]
  0108:  b4 03 5f f8                    ldur x20, [x29, #-16]
  010c:  b5 83 5e f8                    ldur x21, [x29, #-24]
  0110:  b6 03 5e f8                    ldur x22, [x29, #-32]
  0114:  bf 03 00 91                    mov sp, x29
  0118:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  011c:  c0 03 5f d6                    ret

@triangle:
  ; prologue
  0120:  f0 03 02 d1                    sub x16, sp, #128
  0124:  1f 02 00 f9                    str xzr, [x16]
  0128:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  012c:  fd 03 00 91                    mov x29, sp
  0130:  ff c3 01 d1                    sub sp, sp, #112
  0134:  b3 83 1f f8                    stur x19, [x29, #-8]
  0138:  b4 03 1f f8                    stur x20, [x29, #-16]
  013c:  b5 83 1e f8                    stur x21, [x29, #-24]
  0140:  b6 03 1e f8                    stur x22, [x29, #-32]
  0144:  b7 83 1d f8                    stur x23, [x29, #-40]
  0148:  f7 03 00 aa                    mov x23, x0
  ; 43: br label %outer
  014c:  16 00 80 52                    mov w22, #0
  0150:  15 00 80 52                    mov w21, #0
  ; 47: br label %inner
  0154:  f4 03 16 aa                    mov x20, x22
  0158:  13 00 80 52                    mov w19, #0
  015c:  69 7e 40 93                    sxtw x9, w19
  0160:  8a 02 09 8b                    add x10, x20, x9
  0164:  69 06 00 11                    add w9, w19, #1
  0168:  3f 01 15 6b                    cmp w9, w21
  016c:  a9 83 1a b8                    stur w9, [x29, #-88]
  0170:  aa 03 1a f8                    stur x10, [x29, #-96]
  0174:  ed 00 00 54                    b.le 0x70
  0178:  a9 06 00 11                    add w9, w21, #1
  017c:  3f 01 17 6b                    cmp w9, w23
  0180:  a9 83 19 b8                    stur w9, [x29, #-104]
  0184:  0b 01 00 54                    b.lt 0x84
  ; 61: ret i64 %acc.in
  0188:  e0 03 14 aa                    mov x0, x20
  018c:  0a 00 00 14                    b 0x94
  ; 51: %jw = sext i32 %j to i64
  0190:  a9 03 5a f8                    ldur x9, [x29, #-96]
  0194:  f4 03 09 aa                    mov x20, x9
  0198:  aa 83 5a b8                    ldur w10, [x29, #-88]
  019c:  f3 03 0a aa                    mov x19, x10
  ; 55: br i1 %jm, label %inner, label %outer.end
  01a0:  ef ff ff 17                    b 0x3c
  ; 57: %i1 = add i32 %i, 1
  01a4:  f6 03 14 aa                    mov x22, x20
  01a8:  a9 83 59 b8                    ldur w9, [x29, #-104]
  01ac:  f5 03 09 aa                    mov x21, x9
  ; 59: br i1 %im, label %outer, label %done
  01b0:  e9 ff ff 17                    b 0x34
  01b4:  b3 83 5f f8                    ldur x19, [x29, #-8]
  01b8:  b4 03 5f f8                    ldur x20, [x29, #-16]
  01bc:  b5 83 5e f8                    ldur x21, [x29, #-24]
  01c0:  b6 03 5e f8                    ldur x22, [x29, #-32]
  01c4:  b7 83 5d f8                    ldur x23, [x29, #-40]
  01c8:  bf 03 00 91                    mov sp, x29
  01cc:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  01d0:  c0 03 5f d6                    ret

@halve:
  ; prologue
  01e0:  f0 03 02 d1                    sub x16, sp, #128
  01e4:  1f 02 00 f9                    str xzr, [x16]
  01e8:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  01ec:  fd 03 00 91                    mov x29, sp
  01f0:  ff c3 01 d1                    sub sp, sp, #112
  01f4:  b3 83 1f f8                    stur x19, [x29, #-8]
  01f8:  b4 03 1f f8                    stur x20, [x29, #-16]
  01fc:  f4 03 00 aa                    mov x20, x0
  ; 66: br label %loop
  0200:  13 00 80 52                    mov w19, #0
  0204:  10 40 60 1e                    fmov d16, d0
  0208:  b0 83 1a fc                    stur d16, [x29, #-88]
  020c:  10 fc e7 d2                    mov x16, #4602678819172646912
  0210:  10 02 67 9e                    fmov d16, x16
  0214:  b1 83 5a fc                    ldur d17, [x29, #-88]
  0218:  32 0a 70 1e                    fmul d18, d17, d16
  021c:  69 06 00 11                    add w9, w19, #1
  0220:  3f 01 14 6b                    cmp w9, w20
  0224:  a9 03 1a b8                    stur w9, [x29, #-96]
  0228:  b2 83 19 fc                    stur d18, [x29, #-104]
  022c:  6b 00 00 54                    b.lt 0x58
  ; 75: ret double %h
  0230:  a0 83 59 fc                    ldur d0, [x29, #-104]
  0234:  07 00 00 14                    b 0x70
  ; 70: %h = fmul double %v, 5.0e-1
  0238:  a9 03 5a b8                    ldur w9, [x29, #-96]
  023c:  f3 03 09 aa                    mov x19, x9
  0240:  b0 83 59 fc                    ldur d16, [x29, #-104]
  0244:  11 42 60 1e                    fmov d17, d16
  ; 73: br i1 %more, label %loop, label %done
  0248:  b1 83 1a fc                    stur d17, [x29, #-88]
  024c:  f0 ff ff 17                    b 0x2c
  0250:  b3 83 5f f8                    ldur x19, [x29, #-8]
  0254:  b4 03 5f f8                    ldur x20, [x29, #-16]
  0258:  bf 03 00 91                    mov sp, x29
  025c:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0260:  c0 03 5f d6                    ret

@main:
  ; prologue
  0270:  f0 03 03 d1                    sub x16, sp, #192
  0274:  1f 02 00 f9                    str xzr, [x16]
  0278:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  027c:  fd 03 00 91                    mov x29, sp
  0280:  ff c3 02 d1                    sub sp, sp, #176
  ; 79: %f = call i32 @fib(i32 20)
  0284:  80 02 80 52                    mov w0, #20
  0288:  00 00 00 94                    bl fib  ; R_AARCH64_CALL26 fib
  ; 80: %s = call i32 @swaps(i32 1, i32 2, i32 5)
  028c:  a0 83 16 b8                    stur w0, [x29, #-152]
  0290:  20 00 80 52                    mov w0, #1
  0294:  41 00 80 52                    mov w1, #2
  0298:  a2 00 80 52                    mov w2, #5
  029c:  00 00 00 94                    bl swaps  ; R_AARCH64_CALL26 swaps
  ; 81: %t = call i64 @triangle(i32 100)
  02a0:  a0 03 16 b8                    stur w0, [x29, #-160]
  02a4:  80 0c 80 52                    mov w0, #100
  02a8:  00 00 00 94                    bl triangle  ; R_AARCH64_CALL26 triangle
  ; 82: %h = call double @halve(double 1000.0, i32 10)
  02ac:  10 00 c8 d2                    mov x16, #70368744177664
  02b0:  f0 11 e8 f2                    movk x16, #16527, lsl #48
  02b4:  10 02 67 9e                    fmov d16, x16
  02b8:  a0 83 15 f8                    stur x0, [x29, #-168]
  02bc:  00 42 60 1e                    fmov d0, d16
  02c0:  40 01 80 52                    mov w0, #10
  02c4:  00 00 00 94                    bl halve  ; R_AARCH64_CALL26 halve
  ; 83: %s2 = call i32 @swaps(i32 1, i32 2, i32 6)
  02c8:  a0 03 15 fc                    stur d0, [x29, #-176]
  02cc:  20 00 80 52                    mov w0, #1
  02d0:  41 00 80 52                    mov w1, #2
  02d4:  c2 00 80 52                    mov w2, #6
  02d8:  00 00 00 94                    bl swaps  ; R_AARCH64_CALL26 swaps
  ; 84: call i32 (ptr, ...) @printf(ptr @fmt, i32 %f, i32 %s, i64 %t, double %h, i32 %s2)
  02dc:  09 00 00 90                    adrp x9, fmt  ; R_AARCH64_ADR_PREL_PG_HI21 fmt
  02e0:  29 01 00 91                    add x9, x9, :lo12:fmt  ; R_AARCH64_ADD_ABS_LO12_NC fmt
  02e4:  e4 03 00 aa                    mov x4, x0
  02e8:  e0 03 09 aa                    mov x0, x9
  02ec:  a1 83 56 b8                    ldur w1, [x29, #-152]
  02f0:  a2 03 56 b8                    ldur w2, [x29, #-160]
  02f4:  a3 83 55 f8                    ldur x3, [x29, #-168]
  02f8:  a0 03 55 fc                    ldur d0, [x29, #-176]
  02fc:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 85: ret i32 0
  0300:  00 00 80 52                    mov w0, #0
  0304:  bf 03 00 91                    mov sp, x29
  0308:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  030c:  c0 03 5f d6                    ret

; .data: 20 bytes, aligned to 8
@fmt:
  0000:  25 64 20 25 64 20 25 6c        .byte 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x6c
  0008:  6c 64 20 25 67 20 25 64        .byte 0x6c, 0x64, 0x20, 0x25, 0x67, 0x20, 0x25, 0x64
  0010:  0a 00 00 00                    .byte 0x0a, 0x00, 0x00, 0x00
