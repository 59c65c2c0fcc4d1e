; native/load-store-widths.ll: AArch64, 476 bytes of code

@store_all:
  ; prologue
  0000:  f0 83 01 d1                    sub x16, sp, #96
  0004:  1f 02 00 f9                    str xzr, [x16]
  0008:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  000c:  fd 03 00 91                    mov x29, sp
  0010:  ff 43 01 d1                    sub sp, sp, #80
  0014:  29 1c 00 12                    and w9, w1, #0xff
  0018:  4a 3c 00 12                    and w10, w2, #0xffff
  ; 12: store i8 %b, ptr %p
  001c:  09 00 00 39                    strb w9, [x0]
  ; 13: %p1 = getelementptr i8, ptr %p, i64 1
  0020:  09 04 00 91                    add x9, x0, #1
  ; 14: store i8 1, ptr %p1
  0024:  2b 00 80 52                    mov w11, #1
  0028:  2b 01 00 39                    strb w11, [x9]
  ; 15: %p2 = getelementptr i8, ptr %p, i64 2
  002c:  09 08 00 91                    add x9, x0, #2
  ; 16: store i16 %h, ptr %p2
  0030:  2a 01 00 79                    strh w10, [x9]
  ; 17: %p4 = getelementptr i8, ptr %p, i64 4
  0034:  09 10 00 91                    add x9, x0, #4
  ; 18: store i32 %w, ptr %p4
  0038:  23 01 00 b9                    str w3, [x9]
  ; 19: %p8 = getelementptr i8, ptr %p, i64 8
  003c:  09 20 00 91                    add x9, x0, #8
  ; 20: store i64 %q, ptr %p8
  0040:  24 01 00 f9                    str x4, [x9]
  ; 21: %p16 = getelementptr i8, ptr %p, i64 16
  0044:  09 40 00 91                    add x9, x0, #16
  ; 22: store float %f, ptr %p16
  0048:  20 01 00 bd                    str s0, [x9]
  ; 23: %p24 = getelementptr i8, ptr %p, i64 24
  004c:  09 60 00 91                    add x9, x0, #24
  ; 24: store double %d, ptr %p24
  0050:  21 01 00 fd                    str d1, [x9]
  ; 25: ret void
  0054:  bf 03 00 91                    mov sp, x29
  0058:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  005c:  c0 03 5f d6                    ret

@load_all:
  ; prologue
  0060:  f0 c3 01 d1                    sub x16, sp, #112
  0064:  1f 02 00 f9                    str xzr, [x16]
  0068:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  006c:  fd 03 00 91                    mov x29, sp
  0070:  ff 83 01 d1                    sub sp, sp, #96
  ; 29: %b = load i8, ptr %p
  0074:  09 00 40 39                    ldrb w9, [x0]
  ; 30: %bs = sext i8 %b to i32
  0078:  2a 1d 00 13                    sxtb w10, w9
  ; 31: %bz = zext i8 %b to i32
  007c:  eb 03 09 aa                    mov x11, x9
  ; 32: %p1 = getelementptr i8, ptr %p, i64 1
  0080:  09 04 00 91                    add x9, x0, #1
  ; 33: %t = load i1, ptr %p1
  0084:  2c 01 40 39                    ldrb w12, [x9]
  0088:  89 01 00 12                    and w9, w12, #0x1
  ; 35: %p2 = getelementptr i8, ptr %p, i64 2
  008c:  0c 08 00 91                    add x12, x0, #2
  ; 36: %h = load i16, ptr %p2
  0090:  8d 01 40 79                    ldrh w13, [x12]
  ; 37: %hs = sext i16 %h to i32
  0094:  ac 3d 00 13                    sxth w12, w13
  ; 38: %hz = zext i16 %h to i32
  0098:  ee 03 0d aa                    mov x14, x13
  ; 39: %p8 = getelementptr i8, ptr %p, i64 8
  009c:  0d 20 00 91                    add x13, x0, #8
  ; 40: %q = load i64, ptr %p8
  00a0:  af 01 40 f9                    ldr x15, [x13]
  ; 41: %p16 = getelementptr i8, ptr %p, i64 16
  00a4:  0d 40 00 91                    add x13, x0, #16
  ; 42: %f = load float, ptr %p16
  00a8:  b0 01 40 bd                    ldr s16, [x13]
  ; 43: %fd = fpext float %f to double
  00ac:  11 c2 22 1e                    fcvt d17, s16
  ; 44: %p24 = getelementptr i8, ptr %p, i64 24
  00b0:  0d 60 00 91                    add x13, x0, #24
  ; 45: %d = load double, ptr %p24
  00b4:  b0 01 40 fd                    ldr d16, [x13]
  ; 46: %p4 = getelementptr i8, ptr %p, i64 4
  00b8:  0d 10 00 91                    add x13, x0, #4
  ; 47: %w = load i32, ptr %p4
  00bc:  a1 01 40 b9                    ldr w1, [x13]
  ; 48: %raw = load i64, ptr %p
  00c0:  0d 00 40 f9                    ldr x13, [x0]
  ; 49: call i32 (ptr, ...) @printf(ptr @fmt, i32 %bs, i32 %bz, i32 %tz, i32 %hs, i32 %hz, i64 %q, double %fd, double %d, i32 %w, i32 %w, i64 %raw)
  00c4:  00 00 00 90                    adrp x0, fmt  ; R_AARCH64_ADR_PREL_PG_HI21 fmt
  00c8:  00 00 00 91                    add x0, x0, :lo12:fmt  ; R_AARCH64_ADD_ABS_LO12_NC fmt
  00cc:  e1 03 00 f9                    str x1, [sp]
  00d0:  ed 07 00 f9                    str x13, [sp, #8]
  00d4:  e7 03 01 aa                    mov x7, x1
  00d8:  e1 03 0a aa                    mov x1, x10
  00dc:  e6 03 0f aa                    mov x6, x15
  00e0:  e5 03 0e aa                    mov x5, x14
  00e4:  e4 03 0c aa                    mov x4, x12
  00e8:  e3 03 09 aa                    mov x3, x9
  00ec:  e2 03 0b aa                    mov x2, x11
  00f0:  01 42 60 1e                    fmov d1, d16
  00f4:  20 42 60 1e                    fmov d0, d17
  00f8:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 50: ret void
  00fc:  bf 03 00 91                    mov sp, x29
  0100:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0104:  c0 03 5f d6                    ret

@main:
  ; prologue
  0110:  f0 43 02 d1                    sub x16, sp, #144
  0114:  1f 02 00 f9                    str xzr, [x16]
  0118:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  011c:  fd 03 00 91                    mov x29, sp
  0120:  ff 03 02 d1                    sub sp, sp, #128
  ; 55: call void @store_all(ptr %a, i8 -2, i16 -300, i32 123456, i64 -9876543210, float 1.5, double -2.25)
  0124:  10 f8 a7 52                    mov w16, #1069547520
  0128:  10 02 27 1e                    fmov s16, w16
  012c:  50 00 f8 d2                    mov x16, #-4611123068473966592
  0130:  11 02 67 9e                    fmov d17, x16
  0134:  21 42 60 1e                    fmov d1, d17
  0138:  00 42 60 1e                    fmov d0, d16
  013c:  e0 03 00 91                    mov x0, sp
  0140:  c1 1f 80 52                    mov w1, #254
  0144:  82 da 9f 52                    mov w2, #65236
  0148:  03 48 9c 52                    mov w3, #57920
  014c:  23 00 a0 72                    movk w3, #1, lsl #16
  0150:  24 dd 82 92                    mov x4, #-5866
  0154:  e4 69 b6 f2                    movk x4, #45903, lsl #16
  0158:  a4 ff df f2                    movk x4, #65533, lsl #32
  015c:  00 00 00 94                    bl store_all  ; R_AARCH64_CALL26 store_all
  ; 56: call void @load_all(ptr %a)
  0160:  e0 03 00 91                    mov x0, sp
  0164:  00 00 00 94                    bl load_all  ; R_AARCH64_CALL26 load_all
  ; 57: call void @store_all(ptr @g, i8 127, i16 32767, i32 -1, i64 1, float -0.125, double 1.0e10)
  0168:  09 00 00 90                    adrp x9, g  ; R_AARCH64_ADR_PREL_PG_HI21 g
  016c:  29 01 00 91                    add x9, x9, :lo12:g  ; R_AARCH64_ADD_ABS_LO12_NC g
  0170:  10 c0 b7 52                    mov w16, #-1107296256
  0174:  10 02 27 1e                    fmov s16, w16
  0178:  10 00 a4 d2                    mov x16, #536870912
  017c:  f0 0b d4 f2                    movk x16, #41055, lsl #32
  0180:  50 40 e8 f2                    movk x16, #16898, lsl #48
  0184:  11 02 67 9e                    fmov d17, x16
  0188:  e0 03 09 aa                    mov x0, x9
  018c:  21 42 60 1e                    fmov d1, d17
  0190:  00 42 60 1e                    fmov d0, d16
  0194:  e1 0f 80 52                    mov w1, #127
  0198:  e2 ff 8f 52                    mov w2, #32767
  019c:  03 00 80 12                    mov w3, #-1
  01a0:  24 00 80 52                    mov w4, #1
  01a4:  00 00 00 94                    bl store_all  ; R_AARCH64_CALL26 store_all
  ; 58: call void @load_all(ptr @g)
  01a8:  09 00 00 90                    adrp x9, g  ; R_AARCH64_ADR_PREL_PG_HI21 g
  01ac:  29 01 00 91                    add x9, x9, :lo12:g  ; R_AARCH64_ADD_ABS_LO12_NC g
  01b0:  e0 03 09 aa                    mov x0, x9
  01b4:  00 00 00 94                    bl load_all  ; R_AARCH64_CALL26 load_all
  ; 60: store ptr @g, ptr %pp
  01b8:  09 00 00 90                    adrp x9, g  ; R_AARCH64_ADR_PREL_PG_HI21 g
  01bc:  29 01 00 91                    add x9, x9, :lo12:g  ; R_AARCH64_ADD_ABS_LO12_NC g
  01c0:  e9 13 00 f9                    str x9, [sp, #32]
  ; 61: %back = load ptr, ptr %pp
  01c4:  e9 13 40 f9                    ldr x9, [sp, #32]
  ; 62: %v = load i8, ptr %back
  01c8:  2a 01 40 39                    ldrb w10, [x9]
  ; 64: ret i32 %r
  01cc:  e0 03 0a aa                    mov x0, x10
  01d0:  bf 03 00 91                    mov sp, x29
  01d4:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  01d8:  c0 03 5f d6                    ret

; .data: 72 bytes, aligned to 8
@g:
  0000:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
  0008:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
  0010:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
  0018:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
@fmt:
  0020:  25 64 20 25 64 20 25 64        .byte 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0028:  20 25 64 20 25 64 20 25        .byte 0x20, 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25
  0030:  6c 6c 64 20 25 67 20 25        .byte 0x6c, 0x6c, 0x64, 0x20, 0x25, 0x67, 0x20, 0x25
  0038:  67 20 25 64 20 25 78 20        .byte 0x67, 0x20, 0x25, 0x64, 0x20, 0x25, 0x78, 0x20
  0040:  25 6c 6c 78 0a 00 00 00        .byte 0x25, 0x6c, 0x6c, 0x78, 0x0a, 0x00, 0x00, 0x00
