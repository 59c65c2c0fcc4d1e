; native/switch-table.ll: AArch64, 664 bytes of code

@dense:
  ; prologue
  0000:  f0 c3 01 d1                    sub x16, sp, #112
  0004:  1f 02 00 f9                    str xzr, [x16]
  0008:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  000c:  fd 03 00 91                    mov x29, sp
  0010:  ff 83 01 d1                    sub sp, sp, #96
  0014:  1f 20 00 71                    cmp w0, #8
  0018:  e2 03 00 54                    b.hs 0x94
  001c:  91 00 00 10                    adr x17, 0x2c
  0020:  30 7a a0 b8                    ldrsw x16, [x17, x0, lsl #2]
  0024:  31 02 10 8b                    add x17, x17, x16
  0028:  20 02 1f d6 20 00 00 00 28 00 00 00 30 00 00 00 38 00 00 00 70 00 00 00 50 00 00 00 58 00 00 00 60 00 00 00  br x17
  ; 22: ret i32 100
  004c:  80 0c 80 52                    mov w0, #100
  0050:  16 00 00 14                    b 0xa8
  ; 24: ret i32 101
  0054:  a0 0c 80 52                    mov w0, #101
  0058:  14 00 00 14                    b 0xa8
  ; 26: ret i32 102
  005c:  c0 0c 80 52                    mov w0, #102
  0060:  12 00 00 14                    b 0xa8
  ; 28: br label %c4
  0064:  69 00 80 52                    mov w9, #3
  0068:  a9 83 1a b8                    stur w9, [x29, #-88]
  ; 31: %r = add i32 %p, 200
  006c:  a9 83 5a b8                    ldur w9, [x29, #-88]
  0070:  2a 21 03 11                    add w10, w9, #200
  ; 32: ret i32 %r
  0074:  e0 03 0a aa                    mov x0, x10
  0078:  0c 00 00 14                    b 0xa8
  ; 34: ret i32 105
  007c:  20 0d 80 52                    mov w0, #105
  0080:  0a 00 00 14                    b 0xa8
  ; 36: ret i32 106
  0084:  40 0d 80 52                    mov w0, #106
  0088:  08 00 00 14                    b 0xa8
  ; 38: ret i32 107
  008c:  60 0d 80 52                    mov w0, #107
  0090:  06 00 00 14                    b 0xa8
  ; 40: ret i32 -1
  0094:  00 00 80 12                    mov w0, #-1
  0098:  04 00 00 14                    b 0xa8
  ; 11: switch i32 %x, label %def [
  009c:  89 00 80 52                    mov w9, #4
  00a0:  a9 83 1a b8                    stur w9, [x29, #-88]
  00a4:  f2 ff ff 17                    b 0x6c
  00a8:  bf 03 00 91                    mov sp, x29
  00ac:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  00b0:  c0 03 5f d6                    ret

@sparse:
  ; prologue
  00c0:  f0 83 01 d1                    sub x16, sp, #96
  00c4:  1f 02 00 f9                    str xzr, [x16]
  00c8:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  00cc:  fd 03 00 91                    mov x29, sp
  00d0:  ff 43 01 d1                    sub sp, sp, #80
  00d4:  b3 83 1f f8                    stur x19, [x29, #-8]
  00d8:  f3 03 00 aa                    mov x19, x0
  ; 44: switch i32 %x, label %def [
  00dc:  7f 92 01 31                    cmn w19, #100
  00e0:  21 01 00 54                    b.ne 0x44
  ; 51: ret i32 1
  00e4:  20 00 80 52                    mov w0, #1
  00e8:  10 00 00 14                    b 0x68
  ; 53: ret i32 2
  00ec:  40 00 80 52                    mov w0, #2
  00f0:  0e 00 00 14                    b 0x68
  ; 55: ret i32 3
  00f4:  60 00 80 52                    mov w0, #3
  00f8:  0c 00 00 14                    b 0x68
  ; 57: ret i32 0
  00fc:  00 00 80 52                    mov w0, #0
  0100:  0a 00 00 14                    b 0x68
  0104:  7f 1e 00 71                    cmp w19, #7
  0108:  20 ff ff 54                    b.eq 0x2c
  010c:  10 48 88 52                    mov w16, #16960
  0110:  f0 01 a0 72                    movk w16, #15, lsl #16
  0114:  7f 02 10 6b                    cmp w19, w16
  0118:  e0 fe ff 54                    b.eq 0x34
  011c:  7f 22 00 71                    cmp w19, #8
  0120:  60 fe ff 54                    b.eq 0x2c
  0124:  f6 ff ff 17                    b 0x3c
  0128:  b3 83 5f f8                    ldur x19, [x29, #-8]
  012c:  bf 03 00 91                    mov sp, x29
  0130:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0134:  c0 03 5f d6                    ret

@wide:
  ; prologue
  0140:  f0 c3 01 d1                    sub x16, sp, #112
  0144:  1f 02 00 f9                    str xzr, [x16]
  0148:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  014c:  fd 03 00 91                    mov x29, sp
  0150:  ff 83 01 d1                    sub sp, sp, #96
  ; 61: switch i64 %x, label %def [
  0154:  30 00 c0 d2                    mov x16, #4294967296
  0158:  1f 00 10 eb                    cmp x0, x16
  015c:  a0 83 1a f8                    stur x0, [x29, #-88]
  0160:  e1 00 00 54                    b.ne 0x3c
  ; 66: ret i32 32
  0164:  00 04 80 52                    mov w0, #32
  0168:  09 00 00 14                    b 0x4c
  ; 68: ret i32 64
  016c:  00 08 80 52                    mov w0, #64
  0170:  07 00 00 14                    b 0x4c
  ; 70: ret i32 0
  0174:  00 00 80 52                    mov w0, #0
  0178:  05 00 00 14                    b 0x4c
  017c:  a9 83 5a f8                    ldur x9, [x29, #-88]
  0180:  3f 05 00 b1                    cmn x9, #1
  0184:  40 ff ff 54                    b.eq 0x2c
  0188:  fb ff ff 17                    b 0x34
  018c:  bf 03 00 91                    mov sp, x29
  0190:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0194:  c0 03 5f d6                    ret

@main:
  ; prologue
  01a0:  f0 83 02 d1                    sub x16, sp, #160
  01a4:  1f 02 00 f9                    str xzr, [x16]
  01a8:  fd 7b bf a9                    stp x29, x30, [sp, #-16]!
  01ac:  fd 03 00 91                    mov x29, sp
  01b0:  ff 43 02 d1                    sub sp, sp, #144
  01b4:  b3 83 1f f8                    stur x19, [x29, #-8]
  ; 75: br label %loop
  01b8:  33 00 80 12                    mov w19, #-2
  01bc:  e0 03 13 aa                    mov x0, x19
  01c0:  00 00 00 94                    bl dense  ; R_AARCH64_CALL26 dense
  01c4:  a0 83 1a b8                    stur w0, [x29, #-88]
  01c8:  e0 03 13 aa                    mov x0, x19
  01cc:  00 00 00 94                    bl sparse  ; R_AARCH64_CALL26 sparse
  01d0:  09 00 00 90                    adrp x9, fmt  ; R_AARCH64_ADR_PREL_PG_HI21 fmt
  01d4:  29 01 00 91                    add x9, x9, :lo12:fmt  ; R_AARCH64_ADD_ABS_LO12_NC fmt
  01d8:  e3 03 00 aa                    mov x3, x0
  01dc:  e0 03 09 aa                    mov x0, x9
  01e0:  e1 03 13 aa                    mov x1, x19
  01e4:  a2 83 5a b8                    ldur w2, [x29, #-88]
  01e8:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  01ec:  69 06 00 11                    add w9, w19, #1
  01f0:  3f 29 00 71                    cmp w9, #10
  01f4:  a9 03 1a b8                    stur w9, [x29, #-96]
  01f8:  2b 04 00 54                    b.lt 0xdc
  ; 85: %a = call i32 @sparse(i32 -100)
  01fc:  60 0c 80 12                    mov w0, #-100
  0200:  00 00 00 94                    bl sparse  ; R_AARCH64_CALL26 sparse
  ; 86: %b = call i32 @sparse(i32 1000000)
  0204:  a0 83 19 b8                    stur w0, [x29, #-104]
  0208:  00 48 88 52                    mov w0, #16960
  020c:  e0 01 a0 72                    movk w0, #15, lsl #16
  0210:  00 00 00 94                    bl sparse  ; R_AARCH64_CALL26 sparse
  ; 87: %w1 = call i32 @wide(i64 4294967296)
  0214:  a0 03 19 b8                    stur w0, [x29, #-112]
  0218:  20 00 c0 d2                    mov x0, #4294967296
  021c:  00 00 00 94                    bl wide  ; R_AARCH64_CALL26 wide
  ; 88: %w2 = call i32 @wide(i64 -1)
  0220:  a0 83 18 b8                    stur w0, [x29, #-120]
  0224:  00 00 80 92                    mov x0, #-1
  0228:  00 00 00 94                    bl wide  ; R_AARCH64_CALL26 wide
  ; 89: %w3 = call i32 @wide(i64 0)
  022c:  a0 03 18 b8                    stur w0, [x29, #-128]
  0230:  00 00 80 52                    mov w0, #0
  0234:  00 00 00 94                    bl wide  ; R_AARCH64_CALL26 wide
  ; 90: call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %w1)
  0238:  09 00 00 90                    adrp x9, fmt  ; R_AARCH64_ADR_PREL_PG_HI21 fmt
  023c:  29 01 00 91                    add x9, x9, :lo12:fmt  ; R_AARCH64_ADD_ABS_LO12_NC fmt
  0240:  a0 83 17 b8                    stur w0, [x29, #-136]
  0244:  e0 03 09 aa                    mov x0, x9
  0248:  a1 83 59 b8                    ldur w1, [x29, #-104]
  024c:  a2 03 59 b8                    ldur w2, [x29, #-112]
  0250:  a3 83 58 b8                    ldur w3, [x29, #-120]
  0254:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 91: call i32 (ptr, ...) @printf(ptr @fmt, i32 %w2, i32 %w3, i32 0)
  0258:  09 00 00 90                    adrp x9, fmt  ; R_AARCH64_ADR_PREL_PG_HI21 fmt
  025c:  29 01 00 91                    add x9, x9, :lo12:fmt  ; R_AARCH64_ADD_ABS_LO12_NC fmt
  0260:  e0 03 09 aa                    mov x0, x9
  0264:  a1 03 58 b8                    ldur w1, [x29, #-128]
  0268:  a2 83 57 b8                    ldur w2, [x29, #-136]
  026c:  03 00 80 52                    mov w3, #0
  0270:  00 00 00 94                    bl printf  ; R_AARCH64_CALL26 printf
  ; 92: ret i32 0
  0274:  00 00 80 52                    mov w0, #0
  0278:  04 00 00 14                    b 0xe8
  ; 78: %d = call i32 @dense(i32 %i)
  027c:  a9 03 5a b8                    ldur w9, [x29, #-96]
  0280:  f3 03 09 aa                    mov x19, x9
  ; 83: br i1 %more, label %loop, label %done
  0284:  ce ff ff 17                    b 0x1c
  0288:  b3 83 5f f8                    ldur x19, [x29, #-8]
  028c:  bf 03 00 91                    mov sp, x29
  0290:  fd 7b c1 a8                    ldp x29, x30, [sp], #16
  0294:  c0 03 5f d6                    ret

; .data: 10 bytes, aligned to 8
@fmt:
  0000:  25 64 20 25 64 20 25 64        .byte 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0008:  0a 00                          .byte 0x0a, 0x00
