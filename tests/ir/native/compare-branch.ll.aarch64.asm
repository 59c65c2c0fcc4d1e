; native/compare-branch.ll: AArch64, 880 bytes of code

@lt:
  ; prologue
  0000:  f0 83 01 d1                    sub x16, sp, #96
  0004:  1f 02 00 f9                    str xzr, [x16]
  0008:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  000c:  fd 03 00 91                    mov x29, sp
  0010:  ff 43 01 d1                    sub sp, sp, #80
  ; 12: %c = icmp slt i32 %a, %b
  0014:  1f 00 01 6b                    cmp w0, w1
  0018:  e9 a7 9f 1a                    cset w9, lt
  ; 13: ret i1 %c
  001c:  e0 03 09 aa                    mov x0, x9
  0020:  bf 03 00 91                    mov sp, x29
  0024:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0028:  c0 03 5f d6                    ret

@bits32:
  ; prologue
  0030:  f0 c3 01 d1                    sub x16, sp, #112
  0034:  1f 02 00 f9                    str xzr, [x16]
  0038:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  003c:  fd 03 00 91                    mov x29, sp
  0040:  ff 83 01 d1                    sub sp, sp, #96
  0044:  b3 83 1f f8                    stur x19, [x29, #-8]
  0048:  b4 03 1f f8                    stur x20, [x29, #-16]
  004c:  f3 03 00 aa                    mov x19, x0
  0050:  f4 03 01 aa                    mov x20, x1
  0054:  7f 02 14 6b                    cmp w19, w20
  0058:  c1 04 00 54                    b.ne 0xc0
  ; 21: br label %n0
  005c:  29 00 80 52                    mov w9, #1
  0060:  a9 83 1a b8                    stur w9, [x29, #-88]
  ; 24: %c1 = icmp ne i32 %a, %b
  0064:  7f 02 14 6b                    cmp w19, w20
  0068:  e9 07 9f 1a                    cset w9, ne
  ; 26: %s1 = shl i32 %z1, 1
  006c:  2a 79 1f 53                    lsl w10, w9, #1
  ; 27: %c2 = icmp ugt i32 %a, %b
  0070:  7f 02 14 6b                    cmp w19, w20
  0074:  e9 97 9f 1a                    cset w9, hi
  ; 29: %s2 = shl i32 %z2, 2
  0078:  2b 75 1e 53                    lsl w11, w9, #2
  ; 30: %c3 = icmp uge i32 %a, %b
  007c:  7f 02 14 6b                    cmp w19, w20
  0080:  e9 37 9f 1a                    cset w9, hs
  ; 32: %s3 = shl i32 %z3, 3
  0084:  2c 71 1d 53                    lsl w12, w9, #3
  ; 33: %c4 = icmp ult i32 %a, %b
  0088:  7f 02 14 6b                    cmp w19, w20
  008c:  e9 27 9f 1a                    cset w9, lo
  ; 35: %s4 = shl i32 %z4, 4
  0090:  2d 6d 1c 53                    lsl w13, w9, #4
  ; 36: %c5 = icmp ule i32 %a, %b
  0094:  7f 02 14 6b                    cmp w19, w20
  0098:  e9 87 9f 1a                    cset w9, ls
  ; 38: %s5 = shl i32 %z5, 5
  009c:  2e 69 1b 53                    lsl w14, w9, #5
  ; 39: %c6 = icmp sgt i32 %a, %b
  00a0:  7f 02 14 6b                    cmp w19, w20
  00a4:  e9 d7 9f 1a                    cset w9, gt
  ; 41: %s6 = shl i32 %z6, 6
  00a8:  2f 65 1a 53                    lsl w15, w9, #6
  ; 42: %c7 = icmp sge i32 %a, %b
  00ac:  7f 02 14 6b                    cmp w19, w20
  00b0:  e9 b7 9f 1a                    cset w9, ge
  ; 44: %s7 = shl i32 %z7, 7
  00b4:  20 61 19 53                    lsl w0, w9, #7
  ; 45: %c8 = icmp sle i32 %a, %b
  00b8:  7f 02 14 6b                    cmp w19, w20
  00bc:  e9 c7 9f 1a                    cset w9, le
  ; 47: %s8 = shl i32 %z8, 8
  00c0:  21 5d 18 53                    lsl w1, w9, #8
  ; 48: %r1 = or i32 %m0, %s1
  00c4:  a9 83 5a b8                    ldur w9, [x29, #-88]
  00c8:  22 01 0a 2a                    orr w2, w9, w10
  ; 49: %r2 = or i32 %r1, %s2
  00cc:  4a 00 0b 2a                    orr w10, w2, w11
  ; 50: %r3 = or i32 %r2, %s3
  00d0:  4b 01 0c 2a                    orr w11, w10, w12
  ; 51: %r4 = or i32 %r3, %s4
  00d4:  6a 01 0d 2a                    orr w10, w11, w13
  ; 52: %r5 = or i32 %r4, %s5
  00d8:  4b 01 0e 2a                    orr w11, w10, w14
  ; 53: %r6 = or i32 %r5, %s6
  00dc:  6a 01 0f 2a                    orr w10, w11, w15
  ; 54: %r7 = or i32 %r6, %s7
  00e0:  4b 01 00 2a                    orr w11, w10, w0
  ; 55: %r8 = or i32 %r7, %s8
  00e4:  6a 01 01 2a                    orr w10, w11, w1
  ; 56: ret i32 %r8
  00e8:  e0 03 0a aa                    mov x0, x10
  00ec:  04 00 00 14                    b 0xcc
  ; 18: %c0 = icmp eq i32 %a, %b
  00f0:  09 00 80 52                    mov w9, #0
  ; 19: br i1 %c0, label %t0, label %n0
  00f4:  a9 83 1a b8                    stur w9, [x29, #-88]
  00f8:  db ff ff 17                    b 0x34
  00fc:  b3 83 5f f8                    ldur x19, [x29, #-8]
  0100:  b4 03 5f f8                    ldur x20, [x29, #-16]
  0104:  bf 03 00 91                    mov sp, x29
  0108:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  010c:  c0 03 5f d6                    ret

@bits64:
  ; prologue
  0110:  f0 83 01 d1                    sub x16, sp, #96
  0114:  1f 02 00 f9                    str xzr, [x16]
  0118:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  011c:  fd 03 00 91                    mov x29, sp
  0120:  ff 43 01 d1                    sub sp, sp, #80
  ; 60: %c0 = icmp sgt i64 %a, %b
  0124:  1f 00 01 eb                    cmp x0, x1
  0128:  e9 d7 9f 1a                    cset w9, gt
  ; 61: %c1 = icmp ugt i64 %a, %b
  012c:  1f 00 01 eb                    cmp x0, x1
  0130:  ea 97 9f 1a                    cset w10, hi
  ; 62: %z0 = zext i1 %c0 to i32
  0134:  eb 03 09 aa                    mov x11, x9
  ; 63: %z1 = zext i1 %c1 to i32
  0138:  e9 03 0a aa                    mov x9, x10
  ; 64: %s1 = shl i32 %z1, 1
  013c:  2a 79 1f 53                    lsl w10, w9, #1
  ; 65: %r = or i32 %z0, %s1
  0140:  69 01 0a 2a                    orr w9, w11, w10
  ; 66: ret i32 %r
  0144:  e0 03 09 aa                    mov x0, x9
  0148:  bf 03 00 91                    mov sp, x29
  014c:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0150:  c0 03 5f d6                    ret

@fbits:
  ; prologue
  0160:  f0 83 01 d1                    sub x16, sp, #96
  0164:  1f 02 00 f9                    str xzr, [x16]
  0168:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  016c:  fd 03 00 91                    mov x29, sp
  0170:  ff 43 01 d1                    sub sp, sp, #80
  ; 70: %c0 = fcmp olt double %a, %b
  0174:  00 20 61 1e                    fcmp d0, d1
  0178:  e9 57 9f 1a                    cset w9, mi
  ; 71: %c1 = fcmp ult double %a, %b
  017c:  00 20 61 1e                    fcmp d0, d1
  0180:  ea a7 9f 1a                    cset w10, lt
  ; 72: %c2 = fcmp oeq double %a, %b
  0184:  00 20 61 1e                    fcmp d0, d1
  0188:  eb 17 9f 1a                    cset w11, eq
  ; 73: %c3 = fcmp une double %a, %b
  018c:  00 20 61 1e                    fcmp d0, d1
  0190:  ec 07 9f 1a                    cset w12, ne
  ; 74: %c4 = fcmp uno double %a, %b
  0194:  00 20 61 1e                    fcmp d0, d1
  0198:  ed 77 9f 1a                    cset w13, vs
  ; 75: %z0 = zext i1 %c0 to i32
  019c:  ee 03 09 aa                    mov x14, x9
  ; 76: %z1 = zext i1 %c1 to i32
  01a0:  e9 03 0a aa                    mov x9, x10
  ; 77: %z2 = zext i1 %c2 to i32
  01a4:  ea 03 0b aa                    mov x10, x11
  ; 78: %z3 = zext i1 %c3 to i32
  01a8:  eb 03 0c aa                    mov x11, x12
  ; 79: %z4 = zext i1 %c4 to i32
  01ac:  ec 03 0d aa                    mov x12, x13
  ; 80: %s1 = shl i32 %z1, 1
  01b0:  2d 79 1f 53                    lsl w13, w9, #1
  ; 81: %s2 = shl i32 %z2, 2
  01b4:  49 75 1e 53                    lsl w9, w10, #2
  ; 82: %s3 = shl i32 %z3, 3
  01b8:  6a 71 1d 53                    lsl w10, w11, #3
  ; 83: %s4 = shl i32 %z4, 4
  01bc:  8b 6d 1c 53                    lsl w11, w12, #4
  ; 84: %r1 = or i32 %z0, %s1
  01c0:  cc 01 0d 2a                    orr w12, w14, w13
  ; 85: %r2 = or i32 %r1, %s2
  01c4:  8d 01 09 2a                    orr w13, w12, w9
  ; 86: %r3 = or i32 %r2, %s3
  01c8:  a9 01 0a 2a                    orr w9, w13, w10
  ; 87: %r4 = or i32 %r3, %s4
  01cc:  2a 01 0b 2a                    orr w10, w9, w11
  ; 88: ret i32 %r4
  01d0:  e0 03 0a aa                    mov x0, x10
  01d4:  bf 03 00 91                    mov sp, x29
  01d8:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  01dc:  c0 03 5f d6                    ret

@show:
  ; prologue
  01e0:  f0 c3 01 d1                    sub x16, sp, #112
  01e4:  1f 02 00 f9                    str xzr, [x16]
  01e8:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  01ec:  fd 03 00 91                    mov x29, sp
  01f0:  ff 83 01 d1                    sub sp, sp, #96
  ; 94: %x = call i32 @bits32(i32 %a, i32 %b)
  01f4:  a0 83 1a b8                    stur w0, [x29, #-88]
  01f8:  a1 03 1a b8                    stur w1, [x29, #-96]
  01fc:  00 00 00 94                    bl bits32  ; R_AARCH64_CALL26 bits32
  ; 95: call i32 (ptr, ...) @printf(ptr @fmt, ptr @name, i32 %a, i32 %b, i32 %x)
  0200:  09 00 00 90                    adrp x9, fmt  ; R_AARCH64_ADR_PREL_PG_HI21 fmt
  0204:  29 01 00 91                    add x9, x9, :lo12:fmt  ; R_AARCH64_ADD_ABS_LO12_NC fmt
  0208:  0a 00 00 90                    adrp x10, name  ; R_AARCH64_ADR_PREL_PG_HI21 name
  020c:  4a 01 00 91                    add x10, x10, :lo12:name  ; R_AARCH64_ADD_ABS_LO12_NC name
  0210:  e4 03 00 aa                    mov x4, x0
  0214:  e0 03 09 aa                    mov x0, x9
  0218:  e1 03 0a aa                    mov x1, x10
  021c:  a2 83 5a b8                    ldur w2, [x29, #-88]
  0220:  a3 03 5a b8                    ldur w3, [x29, #-96]
  0224:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 96: ret void
  0228:  bf 03 00 91                    mov sp, x29
  022c:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0230:  c0 03 5f d6                    ret

@main:
  ; prologue
  0240:  f0 83 01 d1                    sub x16, sp, #96
  0244:  1f 02 00 f9                    str xzr, [x16]
  0248:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  024c:  fd 03 00 91                    mov x29, sp
  0250:  ff 43 01 d1                    sub sp, sp, #80
  ; 101: call void @show(i32 1, i32 2)
  0254:  20 00 80 52                    mov w0, #1
  0258:  41 00 80 52                    mov w1, #2
  025c:  00 00 00 94                    bl show  ; R_AARCH64_CALL26 show
  ; 102: call void @show(i32 2, i32 1)
  0260:  40 00 80 52                    mov w0, #2
  0264:  21 00 80 52                    mov w1, #1
  0268:  00 00 00 94                    bl show  ; R_AARCH64_CALL26 show
  ; 103: call void @show(i32 -1, i32 1)
  026c:  00 00 80 12                    mov w0, #-1
  0270:  21 00 80 52                    mov w1, #1
  0274:  00 00 00 94                    bl show  ; R_AARCH64_CALL26 show
  ; 104: call void @show(i32 5, i32 5)
  0278:  a0 00 80 52                    mov w0, #5
  027c:  a1 00 80 52                    mov w1, #5
  0280:  00 00 00 94                    bl show  ; R_AARCH64_CALL26 show
  ; 105: %w = call i32 @bits64(i64 -1, i64 1)
  0284:  00 00 80 92                    mov x0, #-1
  0288:  21 00 80 52                    mov w1, #1
  028c:  00 00 00 94                    bl bits64  ; R_AARCH64_CALL26 bits64
  ; 106: call i32 (ptr, ...) @printf(ptr @fmtf, i32 64, i32 %w)
  0290:  09 00 00 90                    adrp x9, fmtf  ; R_AARCH64_ADR_PREL_PG_HI21 fmtf
  0294:  29 01 00 91                    add x9, x9, :lo12:fmtf  ; R_AARCH64_ADD_ABS_LO12_NC fmtf
  0298:  e2 03 00 aa                    mov x2, x0
  029c:  e0 03 09 aa                    mov x0, x9
  02a0:  01 08 80 52                    mov w1, #64
  02a4:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 107: %f1 = call i32 @fbits(double 1.0, double 2.0)
  02a8:  10 fe e7 d2                    mov x16, #4607182418800017408
  02ac:  10 02 67 9e                    fmov d16, x16
  02b0:  10 00 e8 d2                    mov x16, #4611686018427387904
  02b4:  11 02 67 9e                    fmov d17, x16
  02b8:  21 42 60 1e                    fmov d1, d17
  02bc:  00 42 60 1e                    fmov d0, d16
  02c0:  00 00 00 94                    bl fbits  ; R_AARCH64_CALL26 fbits
  ; 108: call i32 (ptr, ...) @printf(ptr @fmtf, i32 1, i32 %f1)
  02c4:  09 00 00 90                    adrp x9, fmtf  ; R_AARCH64_ADR_PREL_PG_HI21 fmtf
  02c8:  29 01 00 91                    add x9, x9, :lo12:fmtf  ; R_AARCH64_ADD_ABS_LO12_NC fmtf
  02cc:  e2 03 00 aa                    mov x2, x0
  02d0:  e0 03 09 aa                    mov x0, x9
  02d4:  21 00 80 52                    mov w1, #1
  02d8:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 109: %f2 = call i32 @fbits(double 0x7FF8000000000000, double 2.0)
  02dc:  10 ff ef d2                    mov x16, #9221120237041090560
  02e0:  10 02 67 9e                    fmov d16, x16
  02e4:  10 00 e8 d2                    mov x16, #4611686018427387904
  02e8:  11 02 67 9e                    fmov d17, x16
  02ec:  21 42 60 1e                    fmov d1, d17
  02f0:  00 42 60 1e                    fmov d0, d16
  02f4:  00 00 00 94                    bl fbits  ; R_AARCH64_CALL26 fbits
  ; 110: call i32 (ptr, ...) @printf(ptr @fmtf, i32 2, i32 %f2)
  02f8:  09 00 00 90                    adrp x9, fmtf  ; R_AARCH64_ADR_PREL_PG_HI21 fmtf
  02fc:  29 01 00 91                    add x9, x9, :lo12:fmtf  ; R_AARCH64_ADD_ABS_LO12_NC fmtf
  0300:  e2 03 00 aa                    mov x2, x0
  0304:  e0 03 09 aa                    mov x0, x9
  0308:  41 00 80 52                    mov w1, #2
  030c:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 111: %f3 = call i32 @fbits(double 3.0, double 3.0)
  0310:  10 01 e8 d2                    mov x16, #4613937818241073152
  0314:  10 02 67 9e                    fmov d16, x16
  0318:  10 01 e8 d2                    mov x16, #4613937818241073152
  031c:  11 02 67 9e                    fmov d17, x16
  0320:  21 42 60 1e                    fmov d1, d17
  0324:  00 42 60 1e                    fmov d0, d16
  0328:  00 00 00 94                    bl fbits  ; R_AARCH64_CALL26 fbits
  ; 112: call i32 (ptr, ...) @printf(ptr @fmtf, i32 3, i32 %f3)
  032c:  09 00 00 90                    adrp x9, fmtf  ; R_AARCH64_ADR_PREL_PG_HI21 fmtf
  0330:  29 01 00 91                    add x9, x9, :lo12:fmtf  ; R_AARCH64_ADD_ABS_LO12_NC fmtf
  0334:  e2 03 00 aa                    mov x2, x0
  0338:  e0 03 09 aa                    mov x0, x9
  033c:  61 00 80 52                    mov w1, #3
  0340:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 113: %l = call i1 @lt(i32 3, i32 4)
  0344:  60 00 80 52                    mov w0, #3
  0348:  81 00 80 52                    mov w1, #4
  034c:  00 00 00 94                    bl lt  ; R_AARCH64_CALL26 lt
  0350:  09 00 00 12                    and w9, w0, #0x1
  ; 114: br i1 %l, label %yes, label %no
  0354:  69 00 00 34                    cbz w9, 0x120
  ; 116: ret i32 3
  0358:  60 00 80 52                    mov w0, #3
  035c:  02 00 00 14                    b 0x124
  ; 118: ret i32 4
  0360:  80 00 80 52                    mov w0, #4
  0364:  bf 03 00 91                    mov sp, x29
  0368:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  036c:  c0 03 5f d6                    ret

; .data: 26 bytes, aligned to 8
@fmt:
  0000:  25 73 20 25 64 20 25 64        .byte 0x25, 0x73, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0008:  20 25 78 0a 00                 .byte 0x20, 0x25, 0x78, 0x0a, 0x00
@fmtf:
  000d:  66 20 25 64 20 25 78 0a        .byte 0x66, 0x20, 0x25, 0x64, 0x20, 0x25, 0x78, 0x0a
  0015:  00                             .byte 0x00
@name:
  0016:  63 6d 70 00                    .byte 0x63, 0x6d, 0x70, 0x00
