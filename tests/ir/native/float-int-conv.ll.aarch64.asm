; native/float-int-conv.ll: AArch64, 512 bytes of code

@to_fp:
  ; prologue
  0000:  f0 83 01 d1                    sub x16, sp, #96
  0004:  1f 02 00 f9                    str xzr, [x16]
  0008:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  000c:  fd 03 00 91                    mov x29, sp
  0010:  ff 43 01 d1                    sub sp, sp, #80
  ; 12: %s32f = sitofp i32 %a to float
  0014:  10 00 22 1e                    scvtf s16, w0
  ; 13: %u32d = uitofp i32 %a to double
  0018:  11 00 63 1e                    ucvtf d17, w0
  ; 14: %s64d = sitofp i64 %b to double
  001c:  32 00 62 9e                    scvtf d18, x1
  ; 15: %u64d = uitofp i64 %b to double
  0020:  33 00 63 9e                    ucvtf d19, x1
  ; 16: %u64f = uitofp i64 %b to float
  0024:  34 00 23 9e                    ucvtf s20, x1
  ; 17: %s64f = sitofp i64 %b to float
  0028:  35 00 22 9e                    scvtf s21, x1
  ; 18: %d1 = fpext float %s32f to double
  002c:  16 c2 22 1e                    fcvt d22, s16
  ; 19: %d2 = fpext float %u64f to double
  0030:  90 c2 22 1e                    fcvt d16, s20
  ; 20: %d3 = fpext float %s64f to double
  0034:  b4 c2 22 1e                    fcvt d20, s21
  ; 21: call i32 (ptr, ...) @printf(ptr @ff, double %d1, double %u32d, double %s64d, double %u64d, double %d2, double %d3)
  0038:  09 00 00 90                    adrp x9, ff  ; R_AARCH64_ADR_PREL_PG_HI21 ff
  003c:  29 01 00 91                    add x9, x9, :lo12:ff  ; R_AARCH64_ADD_ABS_LO12_NC ff
  0040:  e0 03 09 aa                    mov x0, x9
  0044:  85 42 60 1e                    fmov d5, d20
  0048:  04 42 60 1e                    fmov d4, d16
  004c:  63 42 60 1e                    fmov d3, d19
  0050:  42 42 60 1e                    fmov d2, d18
  0054:  21 42 60 1e                    fmov d1, d17
  0058:  c0 42 60 1e                    fmov d0, d22
  005c:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 22: ret void
  0060:  bf 03 00 91                    mov sp, x29
  0064:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0068:  c0 03 5f d6                    ret

@to_int:
  ; prologue
  0070:  f0 83 01 d1                    sub x16, sp, #96
  0074:  1f 02 00 f9                    str xzr, [x16]
  0078:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  007c:  fd 03 00 91                    mov x29, sp
  0080:  ff 43 01 d1                    sub sp, sp, #80
  ; 26: %a = fptosi double %d to i32
  0084:  09 00 78 1e                    fcvtzs w9, d0
  ; 27: %b = fptoui double %u to i32
  0088:  2a 00 79 1e                    fcvtzu w10, d1
  ; 28: %c = fptosi float %f to i64
  008c:  6b 00 38 9e                    fcvtzs x11, s3
  ; 29: %e = fptoui double %big to i64
  0090:  4c 00 79 9e                    fcvtzu x12, d2
  ; 30: %t = fptrunc double %d to float
  0094:  10 40 62 1e                    fcvt s16, d0
  ; 31: %g = fptosi float %t to i32
  0098:  0d 02 38 1e                    fcvtzs w13, s16
  ; 32: %h = bitcast double %d to i64
  009c:  0e 00 66 9e                    fmov x14, d0
  ; 33: %k = bitcast float %f to i32
  00a0:  6f 00 26 1e                    fmov w15, s3
  ; 34: call i32 (ptr, ...) @printf(ptr @fi, i32 %a, i32 %b, i64 %c, i64 %e, i32 %g, i64 %h, i32 %k)
  00a4:  00 00 00 90                    adrp x0, fi  ; R_AARCH64_ADR_PREL_PG_HI21 fi
  00a8:  00 00 00 91                    add x0, x0, :lo12:fi  ; R_AARCH64_ADD_ABS_LO12_NC fi
  00ac:  e7 03 0f aa                    mov x7, x15
  00b0:  e6 03 0e aa                    mov x6, x14
  00b4:  e5 03 0d aa                    mov x5, x13
  00b8:  e4 03 0c aa                    mov x4, x12
  00bc:  e3 03 0b aa                    mov x3, x11
  00c0:  e2 03 0a aa                    mov x2, x10
  00c4:  e1 03 09 aa                    mov x1, x9
  00c8:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 35: ret void
  00cc:  bf 03 00 91                    mov sp, x29
  00d0:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  00d4:  c0 03 5f d6                    ret

@main:
  ; prologue
  00e0:  f0 83 01 d1                    sub x16, sp, #96
  00e4:  1f 02 00 f9                    str xzr, [x16]
  00e8:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  00ec:  fd 03 00 91                    mov x29, sp
  00f0:  ff 43 01 d1                    sub sp, sp, #80
  ; 39: call void @to_fp(i32 -5, i64 -9000000000)
  00f4:  80 00 80 12                    mov w0, #-5
  00f8:  e1 3f 83 92                    mov x1, #-6656
  00fc:  c1 f1 bc f2                    movk x1, #59278, lsl #16
  0100:  a1 ff df f2                    movk x1, #65533, lsl #32
  0104:  00 00 00 94                    bl to_fp  ; R_AARCH64_CALL26 to_fp
  ; 40: call void @to_fp(i32 2000000000, i64 -1)
  0108:  00 80 92 52                    mov w0, #37888
  010c:  a0 e6 ae 72                    movk w0, #30517, lsl #16
  0110:  01 00 80 92                    mov x1, #-1
  0114:  00 00 00 94                    bl to_fp  ; R_AARCH64_CALL26 to_fp
  ; 41: call void @to_fp(i32 7, i64 9223372036854775807)
  0118:  e0 00 80 52                    mov w0, #7
  011c:  01 00 f0 92                    mov x1, #9223372036854775807
  0120:  00 00 00 94                    bl to_fp  ; R_AARCH64_CALL26 to_fp
  ; 42: call void @to_int(double 3.99, double 4000000000.5, double 1.0e19, float -2.5)
  0124:  90 3d 8a d2                    mov x16, #20972
  0128:  10 d7 a3 f2                    movk x16, #7864, lsl #16
  012c:  b0 70 dd f2                    movk x16, #60293, lsl #32
  0130:  f0 01 e8 f2                    movk x16, #16399, lsl #48
  0134:  10 02 67 9e                    fmov d16, x16
  0138:  10 02 a0 d2                    mov x16, #1048576
  013c:  b0 ac d9 f2                    movk x16, #52581, lsl #32
  0140:  b0 3d e8 f2                    movk x16, #16877, lsl #48
  0144:  11 02 67 9e                    fmov d17, x16
  0148:  10 a0 87 d2                    mov x16, #15616
  014c:  30 12 ac f2                    movk x16, #24721, lsl #16
  0150:  90 1c cb f2                    movk x16, #22756, lsl #32
  0154:  30 7c e8 f2                    movk x16, #17377, lsl #48
  0158:  12 02 67 9e                    fmov d18, x16
  015c:  10 04 b8 52                    mov w16, #-1071644672
  0160:  13 02 27 1e                    fmov s19, w16
  0164:  63 42 60 1e                    fmov d3, d19
  0168:  42 42 60 1e                    fmov d2, d18
  016c:  21 42 60 1e                    fmov d1, d17
  0170:  00 42 60 1e                    fmov d0, d16
  0174:  00 00 00 94                    bl to_int  ; R_AARCH64_CALL26 to_int
  ; 43: call void @to_int(double -1000.75, double 1.5, double 12345.0, float 1048576.0)
  0178:  10 c0 c8 d2                    mov x16, #76965813944320
  017c:  f0 11 f8 f2                    movk x16, #49295, lsl #48
  0180:  10 02 67 9e                    fmov d16, x16
  0184:  10 ff e7 d2                    mov x16, #4609434218613702656
  0188:  11 02 67 9e                    fmov d17, x16
  018c:  10 90 c3 d2                    mov x16, #31336081391616
  0190:  10 19 e8 f2                    movk x16, #16584, lsl #48
  0194:  12 02 67 9e                    fmov d18, x16
  0198:  10 30 a9 52                    mov w16, #1233125376
  019c:  13 02 27 1e                    fmov s19, w16
  01a0:  63 42 60 1e                    fmov d3, d19
  01a4:  42 42 60 1e                    fmov d2, d18
  01a8:  21 42 60 1e                    fmov d1, d17
  01ac:  00 42 60 1e                    fmov d0, d16
  01b0:  00 00 00 94                    bl to_int  ; R_AARCH64_CALL26 to_int
  ; 44: call void @to_int(double -0.0, double 0.0, double 9.5e18, float -0.0)
  01b4:  10 00 f0 d2                    mov x16, #-9223372036854775808
  01b8:  10 02 67 9e                    fmov d16, x16
  01bc:  f1 03 67 9e                    fmov d17, xzr
  01c0:  10 d8 98 d2                    mov x16, #50880
  01c4:  d0 aa be f2                    movk x16, #62806, lsl #16
  01c8:  10 5b cf f2                    movk x16, #31448, lsl #32
  01cc:  10 7c e8 f2                    movk x16, #17376, lsl #48
  01d0:  12 02 67 9e                    fmov d18, x16
  01d4:  10 00 b0 52                    mov w16, #-2147483648
  01d8:  13 02 27 1e                    fmov s19, w16
  01dc:  63 42 60 1e                    fmov d3, d19
  01e0:  42 42 60 1e                    fmov d2, d18
  01e4:  21 42 60 1e                    fmov d1, d17
  01e8:  00 42 60 1e                    fmov d0, d16
  01ec:  00 00 00 94                    bl to_int  ; R_AARCH64_CALL26 to_int
  ; 45: ret i32 0
  01f0:  00 00 80 52                    mov w0, #0
  01f4:  bf 03 00 91                    mov sp, x29
  01f8:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  01fc:  c0 03 5f d6                    ret

; .data: 49 bytes, aligned to 8
@ff:
  0000:  25 67 20 25 67 20 25 67        .byte 0x25, 0x67, 0x20, 0x25, 0x67, 0x20, 0x25, 0x67
  0008:  20 25 67 20 25 67 20 25        .byte 0x20, 0x25, 0x67, 0x20, 0x25, 0x67, 0x20, 0x25
  0010:  67 0a 00 00 00                 .byte 0x67, 0x0a, 0x00, 0x00, 0x00
@fi:
  0015:  25 64 20 25 75 20 25 6c        .byte 0x25, 0x64, 0x20, 0x25, 0x75, 0x20, 0x25, 0x6c
  001d:  6c 64 20 25 6c 6c 75 20        .byte 0x6c, 0x64, 0x20, 0x25, 0x6c, 0x6c, 0x75, 0x20
  0025:  25 64 20 25 6c 6c 64 20        .byte 0x25, 0x64, 0x20, 0x25, 0x6c, 0x6c, 0x64, 0x20
  002d:  25 78 0a 00                    .byte 0x25, 0x78, 0x0a, 0x00
