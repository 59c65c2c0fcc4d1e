; native/select.ll: AArch64, 380 bytes of code

@sel:
  ; prologue
  0000:  f0 83 01 d1                    sub x16, sp, #96
  0004:  1f 02 00 f9                    str xzr, [x16]
  0008:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  000c:  fd 03 00 91                    mov x29, sp
  0010:  ff 43 01 d1                    sub sp, sp, #80
  0014:  49 00 00 12                    and w9, w2, #0x1
  ; 12: %lt = icmp slt i32 %a, %b
  0018:  1f 00 01 6b                    cmp w0, w1
  001c:  ea a7 9f 1a                    cset w10, lt
  ; 13: %min = select i1 %lt, i32 %a, i32 %b
  0020:  5f 01 00 71                    cmp w10, #0
  0024:  0b 10 81 1a                    csel w11, w0, w1, ne
  ; 14: %a64 = sext i32 %a to i64
  0028:  0c 7c 40 93                    sxtw x12, w0
  ; 15: %b64 = zext i32 %b to i64
  002c:  ed 03 01 2a                    mov w13, w1
  ; 16: %max64 = select i1 %lt, i64 %b64, i64 %a64
  0030:  5f 01 00 71                    cmp w10, #0
  0034:  ae 11 8c 9a                    csel x14, x13, x12, ne
  ; 17: %s = select i1 %flag, ptr @yes, ptr @no
  0038:  0a 00 00 90                    adrp x10, yes  ; R_AARCH64_ADR_PREL_PG_HI21 yes
  003c:  4a 01 00 91                    add x10, x10, :lo12:yes  ; R_AARCH64_ADD_ABS_LO12_NC yes
  0040:  0c 00 00 90                    adrp x12, no  ; R_AARCH64_ADR_PREL_PG_HI21 no
  0044:  8c 01 00 91                    add x12, x12, :lo12:no  ; R_AARCH64_ADD_ABS_LO12_NC no
  0048:  3f 01 00 71                    cmp w9, #0
  004c:  4d 11 8c 9a                    csel x13, x10, x12, ne
  ; 18: %neg = fcmp olt double %x, 0.0
  0050:  f0 03 67 9e                    fmov d16, xzr
  0054:  00 20 70 1e                    fcmp d0, d16
  0058:  e9 57 9f 1a                    cset w9, mi
  ; 19: %nx = fneg double %x
  005c:  10 40 61 1e                    fneg d16, d0
  ; 20: %abs = select i1 %neg, double %nx, double %x
  0060:  3f 01 00 71                    cmp w9, #0
  0064:  11 1e 60 1e                    fcsel d17, d16, d0, ne
  ; 21: %big = fcmp ogt float %y, 1.0
  0068:  10 f0 a7 52                    mov w16, #1065353216
  006c:  10 02 27 1e                    fmov s16, w16
  0070:  20 20 30 1e                    fcmp s1, s16
  0074:  e9 d7 9f 1a                    cset w9, gt
  ; 22: %clamp = select i1 %big, float 1.0, float %y
  0078:  10 f0 a7 52                    mov w16, #1065353216
  007c:  10 02 27 1e                    fmov s16, w16
  0080:  3f 01 00 71                    cmp w9, #0
  0084:  12 1e 21 1e                    fcsel s18, s16, s1, ne
  ; 23: %cd = fpext float %clamp to double
  0088:  50 c2 22 1e                    fcvt d16, s18
  ; 24: %nabs = sub i32 0, %a
  008c:  09 00 80 52                    mov w9, #0
  0090:  2a 01 00 4b                    sub w10, w9, w0
  ; 25: %pos = icmp sgt i32 %a, -1
  0094:  1f 04 00 31                    cmn w0, #1
  0098:  e9 d7 9f 1a                    cset w9, gt
  ; 26: %iabs = select i1 %pos, i32 %a, i32 %nabs
  009c:  3f 01 00 71                    cmp w9, #0
  00a0:  0c 10 8a 1a                    csel w12, w0, w10, ne
  ; 27: call i32 (ptr, ...) @printf(ptr @fmt, i32 %min, i64 %max64, ptr %s, double %abs, double %cd, i32 %iabs)
  00a4:  09 00 00 90                    adrp x9, fmt  ; R_AARCH64_ADR_PREL_PG_HI21 fmt
  00a8:  29 01 00 91                    add x9, x9, :lo12:fmt  ; R_AARCH64_ADD_ABS_LO12_NC fmt
  00ac:  e4 03 0c aa                    mov x4, x12
  00b0:  e3 03 0d aa                    mov x3, x13
  00b4:  e2 03 0e aa                    mov x2, x14
  00b8:  e1 03 0b aa                    mov x1, x11
  00bc:  e0 03 09 aa                    mov x0, x9
  00c0:  01 42 60 1e                    fmov d1, d16
  00c4:  20 42 60 1e                    fmov d0, d17
  00c8:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 28: ret void
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
  ; 32: call void @sel(i32 3, i32 -4, i1 true, double -2.5, float 0.25)
  00f4:  90 00 f8 d2                    mov x16, #-4610560118520545280
  00f8:  10 02 67 9e                    fmov d16, x16
  00fc:  10 d0 a7 52                    mov w16, #1048576000
  0100:  11 02 27 1e                    fmov s17, w16
  0104:  21 42 60 1e                    fmov d1, d17
  0108:  00 42 60 1e                    fmov d0, d16
  010c:  60 00 80 52                    mov w0, #3
  0110:  61 00 80 12                    mov w1, #-4
  0114:  22 00 80 52                    mov w2, #1
  0118:  00 00 00 94                    bl sel  ; R_AARCH64_CALL26 sel
  ; 33: call void @sel(i32 -7, i32 9, i1 false, double 6.0, float 8.0)
  011c:  10 03 e8 d2                    mov x16, #4618441417868443648
  0120:  10 02 67 9e                    fmov d16, x16
  0124:  10 20 a8 52                    mov w16, #1090519040
  0128:  11 02 27 1e                    fmov s17, w16
  012c:  21 42 60 1e                    fmov d1, d17
  0130:  00 42 60 1e                    fmov d0, d16
  0134:  c0 00 80 12                    mov w0, #-7
  0138:  21 01 80 52                    mov w1, #9
  013c:  02 00 80 52                    mov w2, #0
  0140:  00 00 00 94                    bl sel  ; R_AARCH64_CALL26 sel
  ; 34: call void @sel(i32 0, i32 0, i1 true, double -0.0, float -3.0)
  0144:  10 00 f0 d2                    mov x16, #-9223372036854775808
  0148:  10 02 67 9e                    fmov d16, x16
  014c:  10 08 b8 52                    mov w16, #-1069547520
  0150:  11 02 27 1e                    fmov s17, w16
  0154:  21 42 60 1e                    fmov d1, d17
  0158:  00 42 60 1e                    fmov d0, d16
  015c:  00 00 80 52                    mov w0, #0
  0160:  01 00 80 52                    mov w1, #0
  0164:  22 00 80 52                    mov w2, #1
  0168:  00 00 00 94                    bl sel  ; R_AARCH64_CALL26 sel
  ; 35: ret i32 0
  016c:  00 00 80 52                    mov w0, #0
  0170:  bf 03 00 91                    mov sp, x29
  0174:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0178:  c0 03 5f d6                    ret

; .data: 29 bytes, aligned to 8
@fmt:
  0000:  25 64 20 25 6c 6c 64 20        .byte 0x25, 0x64, 0x20, 0x25, 0x6c, 0x6c, 0x64, 0x20
  0008:  25 73 20 25 67 20 25 67        .byte 0x25, 0x73, 0x20, 0x25, 0x67, 0x20, 0x25, 0x67
  0010:  20 25 64 0a 00 00              .byte 0x20, 0x25, 0x64, 0x0a, 0x00, 0x00
@yes:
  0016:  79 65 73 00                    .byte 0x79, 0x65, 0x73, 0x00
@no:
  001a:  6e 6f 00                       .byte 0x6e, 0x6f, 0x00
