; native/varargs-printf.ll: AArch64, 384 bytes of code

@main:
  ; prologue
  0000:  f0 43 02 d1                    sub x16, sp, #144
  0004:  1f 02 00 f9                    str xzr, [x16]
  0008:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  000c:  fd 03 00 91                    mov x29, sp
  0010:  ff 03 02 d1                    sub sp, sp, #128
  0014:  b3 83 1f f8                    stur x19, [x29, #-8]
  0018:  b4 03 1f f8                    stur x20, [x29, #-16]
  ; 14: %n1 = call i32 (ptr, ...) @printf(ptr @f1, i32 -42, i64 1234567890123, i32 -1, i32 48879, i32 65, ptr @str)
  001c:  09 00 00 90                    adrp x9, f1  ; R_AARCH64_ADR_PREL_PG_HI21 f1
  0020:  29 01 00 91                    add x9, x9, :lo12:f1  ; R_AARCH64_ADD_ABS_LO12_NC f1
  0024:  0a 00 00 90                    adrp x10, str  ; R_AARCH64_ADR_PREL_PG_HI21 str
  0028:  4a 01 00 91                    add x10, x10, :lo12:str  ; R_AARCH64_ADD_ABS_LO12_NC str
  002c:  e6 03 0a aa                    mov x6, x10
  0030:  e0 03 09 aa                    mov x0, x9
  0034:  21 05 80 12                    mov w1, #-42
  0038:  62 99 80 d2                    mov x2, #1227
  003c:  62 3f ae f2                    movk x2, #29179, lsl #16
  0040:  e2 23 c0 f2                    movk x2, #287, lsl #32
  0044:  03 00 80 12                    mov w3, #-1
  0048:  e4 dd 97 52                    mov w4, #48879
  004c:  25 08 80 52                    mov w5, #65
  0050:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 15: %n2 = call i32 (ptr, ...) @printf(ptr @f2, double 3.14159, double 1.0e100, double -0.0, double 0.5)
  0054:  09 00 00 90                    adrp x9, f2  ; R_AARCH64_ADR_PREL_PG_HI21 f2
  0058:  29 01 00 91                    add x9, x9, :lo12:f2  ; R_AARCH64_ADD_ABS_LO12_NC f2
  005c:  d0 cd 90 d2                    mov x16, #34414
  0060:  70 03 be f2                    movk x16, #61467, lsl #16
  0064:  30 3f c4 f2                    movk x16, #8697, lsl #32
  0068:  30 01 e8 f2                    movk x16, #16393, lsl #48
  006c:  10 02 67 9e                    fmov d16, x16
  0070:  b0 6f 98 d2                    mov x16, #50045
  0074:  90 b2 a4 f2                    movk x16, #9620, lsl #16
  0078:  b0 35 c9 f2                    movk x16, #18861, lsl #32
  007c:  50 96 ea f2                    movk x16, #21682, lsl #48
  0080:  11 02 67 9e                    fmov d17, x16
  0084:  10 00 f0 d2                    mov x16, #-9223372036854775808
  0088:  12 02 67 9e                    fmov d18, x16
  008c:  10 fc e7 d2                    mov x16, #4602678819172646912
  0090:  13 02 67 9e                    fmov d19, x16
  0094:  a0 83 1a b8                    stur w0, [x29, #-88]
  0098:  e0 03 09 aa                    mov x0, x9
  009c:  63 42 60 1e                    fmov d3, d19
  00a0:  42 42 60 1e                    fmov d2, d18
  00a4:  21 42 60 1e                    fmov d1, d17
  00a8:  00 42 60 1e                    fmov d0, d16
  00ac:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 16: %n3 = call i32 (ptr, ...) @printf(ptr @f3, double 1.0, double 2.0, double 3.0, double 4.0, double 5.0, double 6.0, double 7.0, double 8.0, double 9.0, double 10.0, i32 %n1, ptr @str, double 11.5)
  00b0:  09 00 00 90                    adrp x9, f3  ; R_AARCH64_ADR_PREL_PG_HI21 f3
  00b4:  29 01 00 91                    add x9, x9, :lo12:f3  ; R_AARCH64_ADD_ABS_LO12_NC f3
  00b8:  10 fe e7 d2                    mov x16, #4607182418800017408
  00bc:  10 02 67 9e                    fmov d16, x16
  00c0:  10 00 e8 d2                    mov x16, #4611686018427387904
  00c4:  11 02 67 9e                    fmov d17, x16
  00c8:  10 01 e8 d2                    mov x16, #4613937818241073152
  00cc:  12 02 67 9e                    fmov d18, x16
  00d0:  10 02 e8 d2                    mov x16, #4616189618054758400
  00d4:  13 02 67 9e                    fmov d19, x16
  00d8:  90 02 e8 d2                    mov x16, #4617315517961601024
  00dc:  14 02 67 9e                    fmov d20, x16
  00e0:  10 03 e8 d2                    mov x16, #4618441417868443648
  00e4:  15 02 67 9e                    fmov d21, x16
  00e8:  90 03 e8 d2                    mov x16, #4619567317775286272
  00ec:  16 02 67 9e                    fmov d22, x16
  00f0:  10 04 e8 d2                    mov x16, #4620693217682128896
  00f4:  17 02 67 9e                    fmov d23, x16
  00f8:  50 04 e8 d2                    mov x16, #4621256167635550208
  00fc:  18 02 67 9e                    fmov d24, x16
  0100:  90 04 e8 d2                    mov x16, #4621819117588971520
  0104:  19 02 67 9e                    fmov d25, x16
  0108:  0a 00 00 90                    adrp x10, str  ; R_AARCH64_ADR_PREL_PG_HI21 str
  010c:  4a 01 00 91                    add x10, x10, :lo12:str  ; R_AARCH64_ADD_ABS_LO12_NC str
  0110:  f0 04 e8 d2                    mov x16, #4622663542519103488
  0114:  1a 02 67 9e                    fmov d26, x16
  0118:  f8 03 00 fd                    str d24, [sp]
  011c:  f9 07 00 fd                    str d25, [sp, #8]
  0120:  fa 0b 00 fd                    str d26, [sp, #16]
  0124:  a0 03 1a b8                    stur w0, [x29, #-96]
  0128:  e2 03 0a aa                    mov x2, x10
  012c:  e0 03 09 aa                    mov x0, x9
  0130:  e7 42 60 1e                    fmov d7, d23
  0134:  c6 42 60 1e                    fmov d6, d22
  0138:  a5 42 60 1e                    fmov d5, d21
  013c:  84 42 60 1e                    fmov d4, d20
  0140:  63 42 60 1e                    fmov d3, d19
  0144:  42 42 60 1e                    fmov d2, d18
  0148:  21 42 60 1e                    fmov d1, d17
  014c:  00 42 60 1e                    fmov d0, d16
  0150:  a1 83 5a b8                    ldur w1, [x29, #-88]
  0154:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 17: %t = add i32 %n1, %n2
  0158:  b3 83 5a b8                    ldur w19, [x29, #-88]
  015c:  b4 03 5a b8                    ldur w20, [x29, #-96]
  0160:  69 02 14 0b                    add w9, w19, w20
  ; 18: %u = add i32 %t, %n3
  0164:  2a 01 00 0b                    add w10, w9, w0
  ; 19: ret i32 %u
  0168:  e0 03 0a aa                    mov x0, x10
  016c:  b3 83 5f f8                    ldur x19, [x29, #-8]
  0170:  b4 03 5f f8                    ldur x20, [x29, #-16]
  0174:  bf 03 00 91                    mov sp, x29
  0178:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  017c:  c0 03 5f d6                    ret

; .data: 86 bytes, aligned to 8
@f1:
  0000:  25 64 20 25 6c 64 20 25        .byte 0x25, 0x64, 0x20, 0x25, 0x6c, 0x64, 0x20, 0x25
  0008:  75 20 25 78 20 25 63 20        .byte 0x75, 0x20, 0x25, 0x78, 0x20, 0x25, 0x63, 0x20
  0010:  25 73 7c 0a 00 00              .byte 0x25, 0x73, 0x7c, 0x0a, 0x00, 0x00
@f2:
  0016:  25 2e 33 66 20 25 67 20        .byte 0x25, 0x2e, 0x33, 0x66, 0x20, 0x25, 0x67, 0x20
  001e:  25 65 20 25 61 7c 0a 00        .byte 0x25, 0x65, 0x20, 0x25, 0x61, 0x7c, 0x0a, 0x00
  0026:  00 00                          .byte 0x00, 0x00
@f3:
  0028:  25 67 20 25 67 20 25 67        .byte 0x25, 0x67, 0x20, 0x25, 0x67, 0x20, 0x25, 0x67
  0030:  20 25 67 20 25 67 20 25        .byte 0x20, 0x25, 0x67, 0x20, 0x25, 0x67, 0x20, 0x25
  0038:  67 20 25 67 20 25 67 20        .byte 0x67, 0x20, 0x25, 0x67, 0x20, 0x25, 0x67, 0x20
  0040:  25 67 20 25 67 20 25 64        .byte 0x25, 0x67, 0x20, 0x25, 0x67, 0x20, 0x25, 0x64
  0048:  20 25 73 20 25 67 7c 0a        .byte 0x20, 0x25, 0x73, 0x20, 0x25, 0x67, 0x7c, 0x0a
  0050:  00 00                          .byte 0x00, 0x00
@str:
  0052:  61 62 63 00                    .byte 0x61, 0x62, 0x63, 0x00
