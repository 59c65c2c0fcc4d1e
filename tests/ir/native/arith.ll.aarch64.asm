; native/arith.ll: AArch64, 664 bytes of code

@id32:
  ; prologue
  0000:  f0 83 01 d1                    sub x16, sp, #96
  0004:  1f 02 00 f9                    str xzr, [x16]
  0008:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  000c:  fd 03 00 91                    mov x29, sp
  0010:  ff 43 01 d1                    sub sp, sp, #80
  ; 12: ret i32 %x
  0014:  bf 03 00 91                    mov sp, x29
  0018:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  001c:  c0 03 5f d6                    ret

@id64:
  ; prologue
  0020:  f0 83 01 d1                    sub x16, sp, #96
  0024:  1f 02 00 f9                    str xzr, [x16]
  0028:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  002c:  fd 03 00 91                    mov x29, sp
  0030:  ff 43 01 d1                    sub sp, sp, #80
  ; 16: ret i64 %x
  0034:  bf 03 00 91                    mov sp, x29
  0038:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  003c:  c0 03 5f d6                    ret

@ops32:
  ; prologue
  0040:  f0 43 02 d1                    sub x16, sp, #144
  0044:  1f 02 00 f9                    str xzr, [x16]
  0048:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  004c:  fd 03 00 91                    mov x29, sp
  0050:  ff 03 02 d1                    sub sp, sp, #128
  ; 20: %add = add i32 %a, %b
  0054:  09 00 01 0b                    add w9, w0, w1
  ; 21: %sub = sub i32 %a, %b
  0058:  0a 00 01 4b                    sub w10, w0, w1
  ; 22: %mul = mul i32 %a, %b
  005c:  0b 7c 01 1b                    mul w11, w0, w1
  ; 23: %sdiv = sdiv i32 %a, %b
  0060:  41 00 00 35                    cbnz w1, 0x28
  0064:  20 00 20 d4                    brk #0x1
  0068:  3f 04 00 31                    cmn w1, #1
  006c:  81 00 00 54                    b.ne 0x3c
  0070:  ff 03 00 6b                    cmp wzr, w0
  0074:  47 00 00 54                    b.vc 0x3c
  0078:  20 00 20 d4                    brk #0x1
  007c:  0c 0c c1 1a                    sdiv w12, w0, w1
  ; 24: %udiv = udiv i32 %a, %b
  0080:  41 00 00 35                    cbnz w1, 0x48
  0084:  20 00 20 d4                    brk #0x1
  0088:  0d 08 c1 1a                    udiv w13, w0, w1
  ; 25: %srem = srem i32 %a, %b
  008c:  41 00 00 35                    cbnz w1, 0x54
  0090:  20 00 20 d4                    brk #0x1
  0094:  10 0c c1 1a                    sdiv w16, w0, w1
  0098:  0e 82 01 1b                    msub w14, w16, w1, w0
  ; 26: %urem = urem i32 %a, %b
  009c:  41 00 00 35                    cbnz w1, 0x64
  00a0:  20 00 20 d4                    brk #0x1
  00a4:  10 08 c1 1a                    udiv w16, w0, w1
  00a8:  0f 82 01 1b                    msub w15, w16, w1, w0
  ; 27: %shl = shl i32 %a, %s
  00ac:  03 20 c2 1a                    lsl w3, w0, w2
  ; 28: %lshr = lshr i32 %a, %s
  00b0:  04 24 c2 1a                    lsr w4, w0, w2
  ; 29: %ashr = ashr i32 %a, %s
  00b4:  05 28 c2 1a                    asr w5, w0, w2
  ; 30: %and = and i32 %a, %b
  00b8:  02 00 01 0a                    and w2, w0, w1
  ; 31: %xor = xor i32 %a, %b
  00bc:  06 00 01 4a                    eor w6, w0, w1
  ; 32: call i32 (ptr, ...) @printf(ptr @f32, i32 %add, i32 %sub, i32 %mul, i32 %sdiv, i32 %udiv, i32 %srem, i32 %urem, i32 %shl, i32 %lshr, i32 %ashr, i32 %and, i32 %xor)
  00c0:  00 00 00 90                    adrp x0, f32  ; R_AARCH64_ADR_PREL_PG_HI21 f32
  00c4:  00 00 00 91                    add x0, x0, :lo12:f32  ; R_AARCH64_ADD_ABS_LO12_NC f32
  00c8:  e3 03 00 f9                    str x3, [sp]
  00cc:  e4 07 00 f9                    str x4, [sp, #8]
  00d0:  e5 0b 00 f9                    str x5, [sp, #16]
  00d4:  e2 0f 00 f9                    str x2, [sp, #24]
  00d8:  e6 13 00 f9                    str x6, [sp, #32]
  00dc:  e7 03 0f aa                    mov x7, x15
  00e0:  e6 03 0e aa                    mov x6, x14
  00e4:  e5 03 0d aa                    mov x5, x13
  00e8:  e4 03 0c aa                    mov x4, x12
  00ec:  e3 03 0b aa                    mov x3, x11
  00f0:  e2 03 0a aa                    mov x2, x10
  00f4:  e1 03 09 aa                    mov x1, x9
  00f8:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 33: ret void
  00fc:  bf 03 00 91                    mov sp, x29
  0100:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0104:  c0 03 5f d6                    ret

@ops64:
  ; prologue
  0110:  f0 43 02 d1                    sub x16, sp, #144
  0114:  1f 02 00 f9                    str xzr, [x16]
  0118:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  011c:  fd 03 00 91                    mov x29, sp
  0120:  ff 03 02 d1                    sub sp, sp, #128
  ; 37: %add = add i64 %a, %b
  0124:  09 00 01 8b                    add x9, x0, x1
  ; 38: %sub = sub i64 %a, %b
  0128:  0a 00 01 cb                    sub x10, x0, x1
  ; 39: %mul = mul i64 %a, %b
  012c:  0b 7c 01 9b                    mul x11, x0, x1
  ; 40: %sdiv = sdiv i64 %a, %b
  0130:  41 00 00 b5                    cbnz x1, 0x28
  0134:  20 00 20 d4                    brk #0x1
  0138:  3f 04 00 b1                    cmn x1, #1
  013c:  81 00 00 54                    b.ne 0x3c
  0140:  ff 03 00 eb                    cmp xzr, x0
  0144:  47 00 00 54                    b.vc 0x3c
  0148:  20 00 20 d4                    brk #0x1
  014c:  0c 0c c1 9a                    sdiv x12, x0, x1
  ; 41: %udiv = udiv i64 %a, %b
  0150:  41 00 00 b5                    cbnz x1, 0x48
  0154:  20 00 20 d4                    brk #0x1
  0158:  0d 08 c1 9a                    udiv x13, x0, x1
  ; 42: %srem = srem i64 %a, %b
  015c:  41 00 00 b5                    cbnz x1, 0x54
  0160:  20 00 20 d4                    brk #0x1
  0164:  10 0c c1 9a                    sdiv x16, x0, x1
  0168:  0e 82 01 9b                    msub x14, x16, x1, x0
  ; 43: %urem = urem i64 %a, %b
  016c:  41 00 00 b5                    cbnz x1, 0x64
  0170:  20 00 20 d4                    brk #0x1
  0174:  10 08 c1 9a                    udiv x16, x0, x1
  0178:  0f 82 01 9b                    msub x15, x16, x1, x0
  ; 44: %shl = shl i64 %a, %s
  017c:  03 20 c2 9a                    lsl x3, x0, x2
  ; 45: %lshr = lshr i64 %a, %s
  0180:  04 24 c2 9a                    lsr x4, x0, x2
  ; 46: %ashr = ashr i64 %a, %s
  0184:  05 28 c2 9a                    asr x5, x0, x2
  ; 47: %or = or i64 %a, %b
  0188:  02 00 01 aa                    orr x2, x0, x1
  ; 48: %xor = xor i64 %a, %b
  018c:  06 00 01 ca                    eor x6, x0, x1
  ; 49: call i32 (ptr, ...) @printf(ptr @f64, i64 %add, i64 %sub, i64 %mul, i64 %sdiv, i64 %udiv, i64 %srem, i64 %urem, i64 %shl, i64 %lshr, i64 %ashr, i64 %or, i64 %xor)
  0190:  00 00 00 90                    adrp x0, f64  ; R_AARCH64_ADR_PREL_PG_HI21 f64
  0194:  00 00 00 91                    add x0, x0, :lo12:f64  ; R_AARCH64_ADD_ABS_LO12_NC f64
  0198:  e3 03 00 f9                    str x3, [sp]
  019c:  e4 07 00 f9                    str x4, [sp, #8]
  01a0:  e5 0b 00 f9                    str x5, [sp, #16]
  01a4:  e2 0f 00 f9                    str x2, [sp, #24]
  01a8:  e6 13 00 f9                    str x6, [sp, #32]
  01ac:  e7 03 0f aa                    mov x7, x15
  01b0:  e6 03 0e aa                    mov x6, x14
  01b4:  e5 03 0d aa                    mov x5, x13
  01b8:  e4 03 0c aa                    mov x4, x12
  01bc:  e3 03 0b aa                    mov x3, x11
  01c0:  e2 03 0a aa                    mov x2, x10
  01c4:  e1 03 09 aa                    mov x1, x9
  01c8:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 50: ret void
  01cc:  bf 03 00 91                    mov sp, x29
  01d0:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  01d4:  c0 03 5f d6                    ret

@main:
  ; prologue
  01e0:  f0 43 02 d1                    sub x16, sp, #144
  01e4:  1f 02 00 f9                    str xzr, [x16]
  01e8:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  01ec:  fd 03 00 91                    mov x29, sp
  01f0:  ff 03 02 d1                    sub sp, sp, #128
  ; 54: %a = call i32 @id32(i32 -1000)
  01f4:  e0 7c 80 12                    mov w0, #-1000
  01f8:  00 00 00 94                    bl id32  ; R_AARCH64_CALL26 id32
  ; 55: %b = call i32 @id32(i32 7)
  01fc:  a0 83 1a b8                    stur w0, [x29, #-88]
  0200:  e0 00 80 52                    mov w0, #7
  0204:  00 00 00 94                    bl id32  ; R_AARCH64_CALL26 id32
  ; 56: %s = call i32 @id32(i32 3)
  0208:  a0 03 1a b8                    stur w0, [x29, #-96]
  020c:  60 00 80 52                    mov w0, #3
  0210:  00 00 00 94                    bl id32  ; R_AARCH64_CALL26 id32
  ; 57: call void @ops32(i32 %a, i32 %b, i32 %s)
  0214:  a0 83 19 b8                    stur w0, [x29, #-104]
  0218:  e2 03 00 aa                    mov x2, x0
  021c:  a0 83 5a b8                    ldur w0, [x29, #-88]
  0220:  a1 03 5a b8                    ldur w1, [x29, #-96]
  0224:  00 00 00 94                    bl ops32  ; R_AARCH64_CALL26 ops32
  ; 58: call void @ops32(i32 %b, i32 %a, i32 %s)
  0228:  a0 03 5a b8                    ldur w0, [x29, #-96]
  022c:  a1 83 5a b8                    ldur w1, [x29, #-88]
  0230:  a2 83 59 b8                    ldur w2, [x29, #-104]
  0234:  00 00 00 94                    bl ops32  ; R_AARCH64_CALL26 ops32
  ; 59: %c = call i64 @id64(i64 -123456789012)
  0238:  60 42 83 92                    mov x0, #-6676
  023c:  c0 2c a8 f2                    movk x0, #16742, lsl #16
  0240:  60 fc df f2                    movk x0, #65507, lsl #32
  0244:  00 00 00 94                    bl id64  ; R_AARCH64_CALL26 id64
  ; 60: %d = call i64 @id64(i64 1000003)
  0248:  a0 03 19 f8                    stur x0, [x29, #-112]
  024c:  60 48 88 52                    mov w0, #16963
  0250:  e0 01 a0 72                    movk w0, #15, lsl #16
  0254:  00 00 00 94                    bl id64  ; R_AARCH64_CALL26 id64
  ; 61: %t = call i64 @id64(i64 35)
  0258:  a0 83 18 f8                    stur x0, [x29, #-120]
  025c:  60 04 80 52                    mov w0, #35
  0260:  00 00 00 94                    bl id64  ; R_AARCH64_CALL26 id64
  ; 62: call void @ops64(i64 %c, i64 %d, i64 %t)
  0264:  a0 03 18 f8                    stur x0, [x29, #-128]
  0268:  e2 03 00 aa                    mov x2, x0
  026c:  a0 03 59 f8                    ldur x0, [x29, #-112]
  0270:  a1 83 58 f8                    ldur x1, [x29, #-120]
  0274:  00 00 00 94                    bl ops64  ; R_AARCH64_CALL26 ops64
  ; 63: call void @ops64(i64 %d, i64 %c, i64 %t)
  0278:  a0 83 58 f8                    ldur x0, [x29, #-120]
  027c:  a1 03 59 f8                    ldur x1, [x29, #-112]
  0280:  a2 03 58 f8                    ldur x2, [x29, #-128]
  0284:  00 00 00 94                    bl ops64  ; R_AARCH64_CALL26 ops64
  ; 64: ret i32 0
  0288:  00 00 80 52                    mov w0, #0
  028c:  bf 03 00 91                    mov sp, x29
  0290:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0294:  c0 03 5f d6                    ret

; .data: 98 bytes, aligned to 8
@f32:
  0000:  25 64 20 25 64 20 25 64        .byte 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0008:  20 25 64 20 25 75 20 25        .byte 0x20, 0x25, 0x64, 0x20, 0x25, 0x75, 0x20, 0x25
  0010:  64 20 25 75 20 25 64 20        .byte 0x64, 0x20, 0x25, 0x75, 0x20, 0x25, 0x64, 0x20
  0018:  25 75 20 25 64 20 25 64        .byte 0x25, 0x75, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0020:  20 25 64 0a 00                 .byte 0x20, 0x25, 0x64, 0x0a, 0x00
@f64:
  0025:  25 6c 6c 64 20 25 6c 6c        .byte 0x25, 0x6c, 0x6c, 0x64, 0x20, 0x25, 0x6c, 0x6c
  002d:  64 20 25 6c 6c 64 20 25        .byte 0x64, 0x20, 0x25, 0x6c, 0x6c, 0x64, 0x20, 0x25
  0035:  6c 6c 64 20 25 6c 6c 75        .byte 0x6c, 0x6c, 0x64, 0x20, 0x25, 0x6c, 0x6c, 0x75
  003d:  20 25 6c 6c 64 20 25 6c        .byte 0x20, 0x25, 0x6c, 0x6c, 0x64, 0x20, 0x25, 0x6c
  0045:  6c 75 20 25 6c 6c 64 20        .byte 0x6c, 0x75, 0x20, 0x25, 0x6c, 0x6c, 0x64, 0x20
  004d:  25 6c 6c 75 20 25 6c 6c        .byte 0x25, 0x6c, 0x6c, 0x75, 0x20, 0x25, 0x6c, 0x6c
  0055:  64 20 25 6c 6c 64 20 25        .byte 0x64, 0x20, 0x25, 0x6c, 0x6c, 0x64, 0x20, 0x25
  005d:  6c 6c 64 0a 00                 .byte 0x6c, 0x6c, 0x64, 0x0a, 0x00
