; native/globals.ll: AArch64, 324 bytes of code

@bump:
  ; prologue
  0000:  f0 83 01 d1                    sub x16, sp, #96
  0004:  1f 02 00 f9                    str xzr, [x16]
  0008:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  000c:  fd 03 00 91                    mov x29, sp
  0010:  ff 43 01 d1                    sub sp, sp, #80
  ; 16: %v = load i32, ptr @counter
  0014:  09 00 00 90                    adrp x9, counter  ; R_AARCH64_ADR_PREL_PG_HI21 counter
  0018:  29 01 00 91                    add x9, x9, :lo12:counter  ; R_AARCH64_ADD_ABS_LO12_NC counter
  001c:  2a 01 40 b9                    ldr w10, [x9]
  ; 17: %n = add i32 %v, %by
  0020:  49 01 00 0b                    add w9, w10, w0
  ; 18: store i32 %n, ptr @counter
  0024:  0a 00 00 90                    adrp x10, counter  ; R_AARCH64_ADR_PREL_PG_HI21 counter
  0028:  4a 01 00 91                    add x10, x10, :lo12:counter  ; R_AARCH64_ADD_ABS_LO12_NC counter
  002c:  49 01 00 b9                    str w9, [x10]
  ; 19: ret i32 %n
  0030:  e0 03 09 aa                    mov x0, x9
  0034:  bf 03 00 91                    mov sp, x29
  0038:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  003c:  c0 03 5f d6                    ret

@at:
  ; prologue
  0040:  f0 83 01 d1                    sub x16, sp, #96
  0044:  1f 02 00 f9                    str xzr, [x16]
  0048:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  004c:  fd 03 00 91                    mov x29, sp
  0050:  ff 43 01 d1                    sub sp, sp, #80
  ; 23: %p = getelementptr [5 x i64], ptr @table, i64 0, i64 %i
  0054:  09 00 00 90                    adrp x9, table  ; R_AARCH64_ADR_PREL_PG_HI21 table
  0058:  29 01 00 91                    add x9, x9, :lo12:table  ; R_AARCH64_ADD_ABS_LO12_NC table
  005c:  ea 03 00 aa                    mov x10, x0
  0060:  0b 01 80 52                    mov w11, #8
  0064:  4c 7d 0b 9b                    mul x12, x10, x11
  0068:  2a 01 0c 8b                    add x10, x9, x12
  ; 24: %v = load i64, ptr %p
  006c:  49 01 40 f9                    ldr x9, [x10]
  ; 25: ret i64 %v
  0070:  e0 03 09 aa                    mov x0, x9
  0074:  bf 03 00 91                    mov sp, x29
  0078:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  007c:  c0 03 5f d6                    ret

@main:
  ; prologue
  0080:  f0 c3 01 d1                    sub x16, sp, #112
  0084:  1f 02 00 f9                    str xzr, [x16]
  0088:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  008c:  fd 03 00 91                    mov x29, sp
  0090:  ff 83 01 d1                    sub sp, sp, #96
  0094:  b3 83 1f f8                    stur x19, [x29, #-8]
  ; 30: br label %loop
  0098:  13 00 80 52                    mov w19, #0
  009c:  09 00 00 90                    adrp x9, fn  ; R_AARCH64_ADR_PREL_PG_HI21 fn
  00a0:  29 01 00 91                    add x9, x9, :lo12:fn  ; R_AARCH64_ADD_ABS_LO12_NC fn
  00a4:  2a 01 40 f9                    ldr x10, [x9]
  00a8:  e9 03 0a aa                    mov x9, x10
  00ac:  60 00 80 52                    mov w0, #3
  00b0:  20 01 3f d6                    blr x9
  00b4:  a0 83 1a b8                    stur w0, [x29, #-88]
  00b8:  e0 03 13 aa                    mov x0, x19
  00bc:  00 00 00 94                    bl at  ; R_AARCH64_CALL26 at
  00c0:  09 00 00 90                    adrp x9, ptrs  ; R_AARCH64_ADR_PREL_PG_HI21 ptrs
  00c4:  29 01 00 91                    add x9, x9, :lo12:ptrs  ; R_AARCH64_ADD_ABS_LO12_NC ptrs
  00c8:  2a 21 00 91                    add x10, x9, #8
  00cc:  49 01 40 f9                    ldr x9, [x10]
  00d0:  2a 01 40 f9                    ldr x10, [x9]
  00d4:  09 00 00 90                    adrp x9, ptrs  ; R_AARCH64_ADR_PREL_PG_HI21 ptrs
  00d8:  29 01 00 91                    add x9, x9, :lo12:ptrs  ; R_AARCH64_ADD_ABS_LO12_NC ptrs
  00dc:  2b 01 40 f9                    ldr x11, [x9]
  00e0:  69 01 40 b9                    ldr w9, [x11]
  00e4:  0b 00 00 90                    adrp x11, fmt  ; R_AARCH64_ADR_PREL_PG_HI21 fmt
  00e8:  6b 01 00 91                    add x11, x11, :lo12:fmt  ; R_AARCH64_ADD_ABS_LO12_NC fmt
  00ec:  e4 03 09 aa                    mov x4, x9
  00f0:  e3 03 0a aa                    mov x3, x10
  00f4:  e2 03 00 aa                    mov x2, x0
  00f8:  e0 03 0b aa                    mov x0, x11
  00fc:  a1 83 5a b8                    ldur w1, [x29, #-88]
  0100:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  0104:  69 06 00 91                    add x9, x19, #1
  0108:  3f 15 00 f1                    cmp x9, #5
  010c:  a9 03 1a f8                    stur x9, [x29, #-96]
  0110:  c3 00 00 54                    b.lo 0xa8
  ; 46: %end = load i32, ptr @counter
  0114:  09 00 00 90                    adrp x9, counter  ; R_AARCH64_ADR_PREL_PG_HI21 counter
  0118:  29 01 00 91                    add x9, x9, :lo12:counter  ; R_AARCH64_ADD_ABS_LO12_NC counter
  011c:  2a 01 40 b9                    ldr w10, [x9]
  ; 47: ret i32 %end
  0120:  e0 03 0a aa                    mov x0, x10
  0124:  04 00 00 14                    b 0xb4
  ; 33: %f = load ptr, ptr @fn
  0128:  a9 03 5a f8                    ldur x9, [x29, #-96]
  012c:  f3 03 09 aa                    mov x19, x9
  ; 44: br i1 %more, label %loop, label %done
  0130:  db ff ff 17                    b 0x1c
  0134:  b3 83 5f f8                    ldur x19, [x29, #-8]
  0138:  bf 03 00 91                    mov sp, x29
  013c:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0140:  c0 03 5f d6                    ret

; .data: 90 bytes, aligned to 8
@counter:
  0000:  05 00 00 00                    .byte 0x05, 0x00, 0x00, 0x00
@table:
  0004:  0a 00 00 00 00 00 00 00        .byte 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
  000c:  ec ff ff ff ff ff ff ff        .byte 0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
  0014:  1e 00 00 00 00 00 00 00        .byte 0x1e, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
  001c:  d8 ff ff ff ff ff ff ff        .byte 0xd8, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
  0024:  32 00 00 00 00 00 00 00        .byte 0x32, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
  002c:  00 00 00 00                    .byte 0x00, 0x00, 0x00, 0x00
@ptrs:
  0030:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00  ; R_X86_64_64 counter
  0038:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00  ; R_X86_64_64 table+0x10
@fn:
  0040:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00  ; R_X86_64_64 bump
@fmt:
  0048:  25 64 20 25 6c 6c 64 20        .byte 0x25, 0x64, 0x20, 0x25, 0x6c, 0x6c, 0x64, 0x20
  0050:  25 6c 6c 64 20 25 64 0a        .byte 0x25, 0x6c, 0x6c, 0x64, 0x20, 0x25, 0x64, 0x0a
  0058:  00 00                          .byte 0x00, 0x00
