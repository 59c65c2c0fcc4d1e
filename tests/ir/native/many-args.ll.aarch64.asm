; native/many-args.ll: AArch64, 724 bytes of code

@ints:
  ; prologue
  0000:  f0 03 02 d1                    sub x16, sp, #128
  0004:  1f 02 00 f9                    str xzr, [x16]
  0008:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  000c:  fd 03 00 91                    mov x29, sp
  0010:  ff c3 01 d1                    sub sp, sp, #112
  0014:  b3 83 1f f8                    stur x19, [x29, #-8]
  0018:  b4 03 1f f8                    stur x20, [x29, #-16]
  ; 13: call i32 (ptr, ...) @printf(ptr @fi, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h, i32 %i)
  001c:  09 00 00 90                    adrp x9, fi  ; R_AARCH64_ADR_PREL_PG_HI21 fi
  0020:  29 01 00 91                    add x9, x9, :lo12:fi  ; R_AARCH64_ADD_ABS_LO12_NC fi
  0024:  e7 03 00 f9                    str x7, [sp]
  0028:  b3 13 40 b9                    ldr w19, [x29, #16]
  002c:  f3 07 00 f9                    str x19, [sp, #8]
  0030:  a0 83 1a b8                    stur w0, [x29, #-88]
  0034:  a7 03 1a b8                    stur w7, [x29, #-96]
  0038:  e7 03 06 aa                    mov x7, x6
  003c:  e6 03 05 aa                    mov x6, x5
  0040:  e5 03 04 aa                    mov x5, x4
  0044:  e4 03 03 aa                    mov x4, x3
  0048:  e3 03 02 aa                    mov x3, x2
  004c:  e2 03 01 aa                    mov x2, x1
  0050:  e1 03 00 aa                    mov x1, x0
  0054:  e0 03 09 aa                    mov x0, x9
  0058:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 14: %s1 = add i32 %a, %i
  005c:  b4 83 5a b8                    ldur w20, [x29, #-88]
  0060:  89 02 13 0b                    add w9, w20, w19
  ; 15: %s2 = mul i32 %s1, %h
  0064:  b3 03 5a b8                    ldur w19, [x29, #-96]
  0068:  2a 7d 13 1b                    mul w10, w9, w19
  ; 16: ret i32 %s2
  006c:  e0 03 0a aa                    mov x0, x10
  0070:  b3 83 5f f8                    ldur x19, [x29, #-8]
  0074:  b4 03 5f f8                    ldur x20, [x29, #-16]
  0078:  bf 03 00 91                    mov sp, x29
  007c:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0080:  c0 03 5f d6                    ret

@doubles:
  ; prologue
  0090:  f0 c3 02 d1                    sub x16, sp, #176
  0094:  1f 02 00 f9                    str xzr, [x16]
  0098:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  009c:  fd 03 00 91                    mov x29, sp
  00a0:  ff 83 02 d1                    sub sp, sp, #160
  00a4:  a8 83 1a fc                    stur d8, [x29, #-88]
  00a8:  a9 03 1a fc                    stur d9, [x29, #-96]
  ; 20: call i32 (ptr, ...) @printf(ptr @fd, double %a, double %h, double %i, double %j)
  00ac:  09 00 00 90                    adrp x9, fd  ; R_AARCH64_ADR_PREL_PG_HI21 fd
  00b0:  29 01 00 91                    add x9, x9, :lo12:fd  ; R_AARCH64_ADD_ABS_LO12_NC fd
  00b4:  a0 83 16 fc                    stur d0, [x29, #-152]
  00b8:  e0 03 09 aa                    mov x0, x9
  00bc:  e1 40 60 1e                    fmov d1, d7
  00c0:  a2 0b 40 fd                    ldr d2, [x29, #16]
  00c4:  a3 0f 40 fd                    ldr d3, [x29, #24]
  00c8:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 21: %s = fadd double %a, %j
  00cc:  a8 83 56 fc                    ldur d8, [x29, #-152]
  00d0:  a9 0f 40 fd                    ldr d9, [x29, #24]
  00d4:  10 29 69 1e                    fadd d16, d8, d9
  ; 22: %t = fmul double %s, %i
  00d8:  a8 0b 40 fd                    ldr d8, [x29, #16]
  00dc:  11 0a 68 1e                    fmul d17, d16, d8
  ; 23: ret double %t
  00e0:  20 42 60 1e                    fmov d0, d17
  00e4:  a8 83 5a fc                    ldur d8, [x29, #-88]
  00e8:  a9 03 5a fc                    ldur d9, [x29, #-96]
  00ec:  bf 03 00 91                    mov sp, x29
  00f0:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  00f4:  c0 03 5f d6                    ret

@mixed:
  ; prologue
  0100:  f0 c3 02 d1                    sub x16, sp, #176
  0104:  1f 02 00 f9                    str xzr, [x16]
  0108:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  010c:  fd 03 00 91                    mov x29, sp
  0110:  ff 83 02 d1                    sub sp, sp, #160
  0114:  a8 83 1a fc                    stur d8, [x29, #-88]
  0118:  a9 03 1a fc                    stur d9, [x29, #-96]
  011c:  29 1c 00 12                    and w9, w1, #0xff
  0120:  4a 3c 00 12                    and w10, w2, #0xffff
  ; 27: %ci = sext i8 %c to i32
  0124:  2b 1d 00 13                    sxtb w11, w9
  ; 28: %ei = zext i16 %e to i32
  0128:  e9 03 0a aa                    mov x9, x10
  ; 29: %bd = fpext float %b to double
  012c:  10 c0 22 1e                    fcvt d16, s0
  ; 30: %s = add i64 %a, %i
  0130:  0a 00 06 8b                    add x10, x0, x6
  ; 31: call i32 (ptr, ...) @printf(ptr @fm, i64 %s, double %bd, i32 %ci, double %d, i32 %ei)
  0134:  0c 00 00 90                    adrp x12, fm  ; R_AARCH64_ADR_PREL_PG_HI21 fm
  0138:  8c 01 00 91                    add x12, x12, :lo12:fm  ; R_AARCH64_ADD_ABS_LO12_NC fm
  013c:  a0 83 16 bc                    stur s0, [x29, #-152]
  0140:  a2 03 16 bc                    stur s2, [x29, #-160]
  0144:  e3 03 09 aa                    mov x3, x9
  0148:  e2 03 0b aa                    mov x2, x11
  014c:  e1 03 0a aa                    mov x1, x10
  0150:  e0 03 0c aa                    mov x0, x12
  0154:  00 42 60 1e                    fmov d0, d16
  0158:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 32: %r = fadd float %b, %j
  015c:  a8 83 56 bc                    ldur s8, [x29, #-152]
  0160:  a9 03 56 bc                    ldur s9, [x29, #-160]
  0164:  10 29 29 1e                    fadd s16, s8, s9
  ; 33: ret float %r
  0168:  00 42 60 1e                    fmov d0, d16
  016c:  a8 83 5a fc                    ldur d8, [x29, #-88]
  0170:  a9 03 5a fc                    ldur d9, [x29, #-96]
  0174:  bf 03 00 91                    mov sp, x29
  0178:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  017c:  c0 03 5f d6                    ret

@main:
  ; prologue
  0180:  f0 03 02 d1                    sub x16, sp, #128
  0184:  1f 02 00 f9                    str xzr, [x16]
  0188:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  018c:  fd 03 00 91                    mov x29, sp
  0190:  ff c3 01 d1                    sub sp, sp, #112
  ; 40: %r = call i32 @ints(i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9)
  0194:  29 01 80 52                    mov w9, #9
  0198:  e9 03 00 f9                    str x9, [sp]
  019c:  20 00 80 52                    mov w0, #1
  01a0:  41 00 80 52                    mov w1, #2
  01a4:  62 00 80 52                    mov w2, #3
  01a8:  83 00 80 52                    mov w3, #4
  01ac:  a4 00 80 52                    mov w4, #5
  01b0:  c5 00 80 52                    mov w5, #6
  01b4:  e6 00 80 52                    mov w6, #7
  01b8:  07 01 80 52                    mov w7, #8
  01bc:  00 00 00 94                    bl ints  ; R_AARCH64_CALL26 ints
  ; 41: %d = call double @doubles(double 1.5, double 2.0, double 3.0, double 4.0, double 5.0, double 6.0, double 7.0, double 8.25, double 9.5, double 10.75)
  01c0:  10 ff e7 d2                    mov x16, #4609434218613702656
  01c4:  10 02 67 9e                    fmov d16, x16
  01c8:  10 00 e8 d2                    mov x16, #4611686018427387904
  01cc:  11 02 67 9e                    fmov d17, x16
  01d0:  10 01 e8 d2                    mov x16, #4613937818241073152
  01d4:  12 02 67 9e                    fmov d18, x16
  01d8:  10 02 e8 d2                    mov x16, #4616189618054758400
  01dc:  13 02 67 9e                    fmov d19, x16
  01e0:  90 02 e8 d2                    mov x16, #4617315517961601024
  01e4:  14 02 67 9e                    fmov d20, x16
  01e8:  10 03 e8 d2                    mov x16, #4618441417868443648
  01ec:  15 02 67 9e                    fmov d21, x16
  01f0:  90 03 e8 d2                    mov x16, #4619567317775286272
  01f4:  16 02 67 9e                    fmov d22, x16
  01f8:  10 00 d0 d2                    mov x16, #140737488355328
  01fc:  10 04 e8 f2                    movk x16, #16416, lsl #48
  0200:  17 02 67 9e                    fmov d23, x16
  0204:  70 04 e8 d2                    mov x16, #4621537642612260864
  0208:  18 02 67 9e                    fmov d24, x16
  020c:  10 00 d0 d2                    mov x16, #140737488355328
  0210:  b0 04 e8 f2                    movk x16, #16421, lsl #48
  0214:  19 02 67 9e                    fmov d25, x16
  0218:  f8 03 00 fd                    str d24, [sp]
  021c:  f9 07 00 fd                    str d25, [sp, #8]
  0220:  a0 83 1a b8                    stur w0, [x29, #-88]
  0224:  e7 42 60 1e                    fmov d7, d23
  0228:  c6 42 60 1e                    fmov d6, d22
  022c:  a5 42 60 1e                    fmov d5, d21
  0230:  84 42 60 1e                    fmov d4, d20
  0234:  63 42 60 1e                    fmov d3, d19
  0238:  42 42 60 1e                    fmov d2, d18
  023c:  21 42 60 1e                    fmov d1, d17
  0240:  00 42 60 1e                    fmov d0, d16
  0244:  00 00 00 94                    bl doubles  ; R_AARCH64_CALL26 doubles
  ; 42: call i32 (ptr, ...) @printf(ptr @fr, i32 %r, double %d)
  0248:  09 00 00 90                    adrp x9, fr  ; R_AARCH64_ADR_PREL_PG_HI21 fr
  024c:  29 01 00 91                    add x9, x9, :lo12:fr  ; R_AARCH64_ADD_ABS_LO12_NC fr
  0250:  e0 03 09 aa                    mov x0, x9
  0254:  a1 83 5a b8                    ldur w1, [x29, #-88]
  0258:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 43: %f = call float @mixed(i64 10000000000, float 0.5, i8 -3, double 2.5, i16 65535, i32 6, i32 7, i32 8, i64 -1, float 1.25)
  025c:  10 e0 a7 52                    mov w16, #1056964608
  0260:  10 02 27 1e                    fmov s16, w16
  0264:  90 00 e8 d2                    mov x16, #4612811918334230528
  0268:  11 02 67 9e                    fmov d17, x16
  026c:  10 f4 a7 52                    mov w16, #1067450368
  0270:  12 02 27 1e                    fmov s18, w16
  0274:  42 42 60 1e                    fmov d2, d18
  0278:  21 42 60 1e                    fmov d1, d17
  027c:  00 42 60 1e                    fmov d0, d16
  0280:  00 80 9c d2                    mov x0, #58368
  0284:  60 81 aa f2                    movk x0, #21515, lsl #16
  0288:  40 00 c0 f2                    movk x0, #2, lsl #32
  028c:  a1 1f 80 52                    mov w1, #253
  0290:  e2 ff 9f 52                    mov w2, #65535
  0294:  c3 00 80 52                    mov w3, #6
  0298:  e4 00 80 52                    mov w4, #7
  029c:  05 01 80 52                    mov w5, #8
  02a0:  06 00 80 92                    mov x6, #-1
  02a4:  00 00 00 94                    bl mixed  ; R_AARCH64_CALL26 mixed
  ; 44: %fd = fpext float %f to double
  02a8:  10 c0 22 1e                    fcvt d16, s0
  ; 45: call i32 (ptr, ...) @printf(ptr @ff, double %fd, i32 %r)
  02ac:  09 00 00 90                    adrp x9, ff  ; R_AARCH64_ADR_PREL_PG_HI21 ff
  02b0:  29 01 00 91                    add x9, x9, :lo12:ff  ; R_AARCH64_ADD_ABS_LO12_NC ff
  02b4:  e0 03 09 aa                    mov x0, x9
  02b8:  00 42 60 1e                    fmov d0, d16
  02bc:  a1 83 5a b8                    ldur w1, [x29, #-88]
  02c0:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 46: ret i32 0
  02c4:  00 00 80 52                    mov w0, #0
  02c8:  bf 03 00 91                    mov sp, x29
  02cc:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  02d0:  c0 03 5f d6                    ret

; .data: 107 bytes, aligned to 8
@fi:
  0000:  69 6e 74 73 20 25 64 20        .byte 0x69, 0x6e, 0x74, 0x73, 0x20, 0x25, 0x64, 0x20
  0008:  25 64 20 25 64 20 25 64        .byte 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0010:  20 25 64 20 25 64 20 25        .byte 0x20, 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25
  0018:  64 20 25 64 20 25 64 0a        .byte 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64, 0x0a
  0020:  00                             .byte 0x00
@fd:
  0021:  64 6f 75 62 6c 65 73 20        .byte 0x64, 0x6f, 0x75, 0x62, 0x6c, 0x65, 0x73, 0x20
  0029:  25 67 20 25 67 20 25 67        .byte 0x25, 0x67, 0x20, 0x25, 0x67, 0x20, 0x25, 0x67
  0031:  20 25 67 0a 00                 .byte 0x20, 0x25, 0x67, 0x0a, 0x00
@fm:
  0036:  6d 69 78 65 64 20 25 6c        .byte 0x6d, 0x69, 0x78, 0x65, 0x64, 0x20, 0x25, 0x6c
  003e:  6c 64 20 25 67 20 25 64        .byte 0x6c, 0x64, 0x20, 0x25, 0x67, 0x20, 0x25, 0x64
  0046:  20 25 67 20 25 64 0a 00        .byte 0x20, 0x25, 0x67, 0x20, 0x25, 0x64, 0x0a, 0x00
@fr:
  004e:  72 65 73 75 6c 74 73 20        .byte 0x72, 0x65, 0x73, 0x75, 0x6c, 0x74, 0x73, 0x20
  0056:  25 64 20 25 67 0a 00 00        .byte 0x25, 0x64, 0x20, 0x25, 0x67, 0x0a, 0x00, 0x00
@ff:
  005e:  66 6c 6f 61 74 20 25 67        .byte 0x66, 0x6c, 0x6f, 0x61, 0x74, 0x20, 0x25, 0x67
  0066:  20 25 64 0a 00                 .byte 0x20, 0x25, 0x64, 0x0a, 0x00
