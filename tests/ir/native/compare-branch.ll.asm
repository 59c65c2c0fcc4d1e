; native/compare-branch.ll: x86-64, 876 bytes of code

@lt:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 30                    sub rsp, 48
  ; 12: %c = icmp slt i32 %a, %b
  0008:  39 f7                          cmp edi, esi
  000a:  0f 9c c0                       setl al
  000d:  0f b6 c0                       movzx eax, al
  ; 13: ret i1 %c
  0010:  48 89 ec                       mov rsp, rbp
  0013:  5d                             pop rbp
  0014:  c3                             ret

@bits32:
  ; prologue
  0020:  55                             push rbp
  0021:  48 89 e5                       mov rbp, rsp
  0024:  48 83 ec 40                    sub rsp, 64
  0028:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  002c:  4c 89 65 f0                    mov qword ptr [rbp - 16], r12
  0030:  4c 89 6d e8                    mov qword ptr [rbp - 24], r13
  0034:  4c 89 75 e0                    mov qword ptr [rbp - 32], r14
  0038:  48 89 fb                       mov rbx, rdi
  003b:  49 89 f4                       mov r12, rsi
  003e:  44 39 e3                       cmp ebx, r12d
  0041:  0f 85 9c 00 00 00              jne 0xc3
  ; 21: br label %n0
  0047:  b8 01 00 00 00                 mov eax, 1
  004c:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  ; 24: %c1 = icmp ne i32 %a, %b
  0050:  44 39 e3                       cmp ebx, r12d
  0053:  0f 95 c0                       setne al
  0056:  0f b6 c0                       movzx eax, al
  ; 26: %s1 = shl i32 %z1, 1
  0059:  d1 e0                          shl eax
  ; 27: %c2 = icmp ugt i32 %a, %b
  005b:  44 39 e3                       cmp ebx, r12d
  005e:  0f 97 c1                       seta cl
  0061:  0f b6 c9                       movzx ecx, cl
  ; 29: %s2 = shl i32 %z2, 2
  0064:  c1 e1 02                       shl ecx, 2
  ; 30: %c3 = icmp uge i32 %a, %b
  0067:  44 39 e3                       cmp ebx, r12d
  006a:  0f 93 c2                       setae dl
  006d:  0f b6 d2                       movzx edx, dl
  ; 32: %s3 = shl i32 %z3, 3
  0070:  c1 e2 03                       shl edx, 3
  ; 33: %c4 = icmp ult i32 %a, %b
  0073:  44 39 e3                       cmp ebx, r12d
  0076:  40 0f 92 c6                    setb sil
  007a:  40 0f b6 f6                    movzx esi, sil
  ; 35: %s4 = shl i32 %z4, 4
  007e:  c1 e6 04                       shl esi, 4
  ; 36: %c5 = icmp ule i32 %a, %b
  0081:  44 39 e3                       cmp ebx, r12d
  0084:  40 0f 96 c7                    setbe dil
  0088:  40 0f b6 ff                    movzx edi, dil
  ; 38: %s5 = shl i32 %z5, 5
  008c:  c1 e7 05                       shl edi, 5
  ; 39: %c6 = icmp sgt i32 %a, %b
  008f:  44 39 e3                       cmp ebx, r12d
  0092:  41 0f 9f c0                    setg r8b
  0096:  45 0f b6 c0                    movzx r8d, r8b
  ; 41: %s6 = shl i32 %z6, 6
  009a:  41 c1 e0 06                    shl r8d, 6
  ; 42: %c7 = icmp sge i32 %a, %b
  009e:  44 39 e3                       cmp ebx, r12d
  00a1:  41 0f 9d c1                    setge r9b
  00a5:  45 0f b6 c9                    movzx r9d, r9b
  ; 44: %s7 = shl i32 %z7, 7
  00a9:  41 c1 e1 07                    shl r9d, 7
  ; 45: %c8 = icmp sle i32 %a, %b
  00ad:  44 39 e3                       cmp ebx, r12d
  00b0:  41 0f 9e c2                    setle r10b
  00b4:  45 0f b6 d2                    movzx r10d, r10b
  ; 47: %s8 = shl i32 %z8, 8
  00b8:  41 c1 e2 08                    shl r10d, 8
  ; 48: %r1 = or i32 %m0, %s1
  00bc:  4c 8b 6d c8                    mov r13, qword ptr [rbp - 56]
  00c0:  45 89 ee                       mov r14d, r13d
  00c3:  41 09 c6                       or r14d, eax
  ; 49: %r2 = or i32 %r1, %s2
  00c6:  41 09 ce                       or r14d, ecx
  ; 50: %r3 = or i32 %r2, %s3
  00c9:  41 09 d6                       or r14d, edx
  ; 51: %r4 = or i32 %r3, %s4
  00cc:  41 09 f6                       or r14d, esi
  ; 52: %r5 = or i32 %r4, %s5
  00cf:  41 09 fe                       or r14d, edi
  ; 53: %r6 = or i32 %r5, %s6
  00d2:  45 09 c6                       or r14d, r8d
  ; 54: %r7 = or i32 %r6, %s7
  00d5:  45 09 ce                       or r14d, r9d
  ; 55: %r8 = or i32 %r7, %s8
  00d8:  45 09 d6                       or r14d, r10d
  ; 56: ret i32 %r8
  00db:  4c 89 f0                       mov rax, r14
  00de:  e9 0b 00 00 00                 jmp 0xce
  ; 18: %c0 = icmp eq i32 %a, %b
  00e3:  31 c0                          xor eax, eax
  ; 19: br i1 %c0, label %t0, label %n0
  00e5:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  00e9:  e9 62 ff ff ff                 jmp 0x30
  00ee:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  00f2:  4c 8b 65 f0                    mov r12, qword ptr [rbp - 16]
  00f6:  4c 8b 6d e8                    mov r13, qword ptr [rbp - 24]
  00fa:  4c 8b 75 e0                    mov r14, qword ptr [rbp - 32]
  00fe:  48 89 ec                       mov rsp, rbp
  0101:  5d                             pop rbp
  0102:  c3                             ret

@bits64:
  ; prologue
  0110:  55                             push rbp
  0111:  48 89 e5                       mov rbp, rsp
  0114:  48 83 ec 30                    sub rsp, 48
  ; 60: %c0 = icmp sgt i64 %a, %b
  0118:  48 39 f7                       cmp rdi, rsi
  011b:  0f 9f c0                       setg al
  011e:  0f b6 c0                       movzx eax, al
  ; 61: %c1 = icmp ugt i64 %a, %b
  0121:  48 39 f7                       cmp rdi, rsi
  0124:  0f 97 c1                       seta cl
  0127:  0f b6 c9                       movzx ecx, cl
  ; 62: %z0 = zext i1 %c0 to i32
  012a:  48 89 c2                       mov rdx, rax
  ; 63: %z1 = zext i1 %c1 to i32
  012d:  48 89 c8                       mov rax, rcx
  ; 64: %s1 = shl i32 %z1, 1
  0130:  d1 e0                          shl eax
  ; 65: %r = or i32 %z0, %s1
  0132:  09 c2                          or edx, eax
  ; 66: ret i32 %r
  0134:  48 89 d0                       mov rax, rdx
  0137:  48 89 ec                       mov rsp, rbp
  013a:  5d                             pop rbp
  013b:  c3                             ret

@fbits:
  ; prologue
  0140:  55                             push rbp
  0141:  48 89 e5                       mov rbp, rsp
  0144:  48 83 ec 30                    sub rsp, 48
  ; 70: %c0 = fcmp olt double %a, %b
  0148:  66 0f 2e c8                    ucomisd xmm1, xmm0
  014c:  0f 97 c0                       seta al
  014f:  0f b6 c0                       movzx eax, al
  ; 71: %c1 = fcmp ult double %a, %b
  0152:  66 0f 2e c1                    ucomisd xmm0, xmm1
  0156:  0f 92 c1                       setb cl
  0159:  0f b6 c9                       movzx ecx, cl
  ; 72: %c2 = fcmp oeq double %a, %b
  015c:  66 0f 2e c1                    ucomisd xmm0, xmm1
  0160:  0f 94 c2                       sete dl
  0163:  41 0f 9b c3                    setnp r11b
  0167:  44 21 da                       and edx, r11d
  016a:  0f b6 d2                       movzx edx, dl
  ; 73: %c3 = fcmp une double %a, %b
  016d:  66 0f 2e c1                    ucomisd xmm0, xmm1
  0171:  40 0f 95 c6                    setne sil
  0175:  41 0f 9a c3                    setp r11b
  0179:  44 09 de                       or esi, r11d
  017c:  40 0f b6 f6                    movzx esi, sil
  ; 74: %c4 = fcmp uno double %a, %b
  0180:  66 0f 2e c1                    ucomisd xmm0, xmm1
  0184:  40 0f 9a c7                    setp dil
  0188:  40 0f b6 ff                    movzx edi, dil
  ; 75: %z0 = zext i1 %c0 to i32
  018c:  49 89 c0                       mov r8, rax
  ; 76: %z1 = zext i1 %c1 to i32
  018f:  48 89 c8                       mov rax, rcx
  ; 77: %z2 = zext i1 %c2 to i32
  0192:  48 89 d1                       mov rcx, rdx
  ; 78: %z3 = zext i1 %c3 to i32
  0195:  48 89 f2                       mov rdx, rsi
  ; 79: %z4 = zext i1 %c4 to i32
  0198:  48 89 fe                       mov rsi, rdi
  ; 80: %s1 = shl i32 %z1, 1
  019b:  d1 e0                          shl eax
  ; 81: %s2 = shl i32 %z2, 2
  019d:  c1 e1 02                       shl ecx, 2
  ; 82: %s3 = shl i32 %z3, 3
  01a0:  c1 e2 03                       shl edx, 3
  ; 83: %s4 = shl i32 %z4, 4
  01a3:  c1 e6 04                       shl esi, 4
  ; 84: %r1 = or i32 %z0, %s1
  01a6:  41 09 c0                       or r8d, eax
  ; 85: %r2 = or i32 %r1, %s2
  01a9:  41 09 c8                       or r8d, ecx
  ; 86: %r3 = or i32 %r2, %s3
  01ac:  41 09 d0                       or r8d, edx
  ; 87: %r4 = or i32 %r3, %s4
  01af:  41 09 f0                       or r8d, esi
  ; 88: ret i32 %r4
  01b2:  4c 89 c0                       mov rax, r8
  01b5:  48 89 ec                       mov rsp, rbp
  01b8:  5d                             pop rbp
  01b9:  c3                             ret

@show:
  ; prologue
  01c0:  55                             push rbp
  01c1:  48 89 e5                       mov rbp, rsp
  01c4:  48 83 ec 40                    sub rsp, 64
  ; 94: %x = call i32 @bits32(i32 %a, i32 %b)
  01c8:  48 89 75 c8                    mov qword ptr [rbp - 56], rsi
  01cc:  48 89 7d c0                    mov qword ptr [rbp - 64], rdi
  01d0:  e8 00 00 00 00                 call bits32  ; R_X86_64_PLT32 bits32-0x4
  ; 95: call i32 (ptr, ...) @printf(ptr @fmt, ptr @name, i32 %a, i32 %b, i32 %x)
  01d5:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  01dc:  48 8d 15 00 00 00 00           lea rdx, [rip + name]  ; R_X86_64_PC32 name-0x4
  01e3:  49 89 c0                       mov r8, rax
  01e6:  48 89 d6                       mov rsi, rdx
  01e9:  48 89 cf                       mov rdi, rcx
  01ec:  48 8b 55 c0                    mov rdx, qword ptr [rbp - 64]
  01f0:  48 8b 4d c8                    mov rcx, qword ptr [rbp - 56]
  01f4:  b8 00 00 00 00                 mov eax, 0
  01f9:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 96: ret void
  01fe:  48 89 ec                       mov rsp, rbp
  0201:  5d                             pop rbp
  0202:  c3                             ret

@main:
  ; prologue
  0210:  55                             push rbp
  0211:  48 89 e5                       mov rbp, rsp
  0214:  48 83 ec 30                    sub rsp, 48
  ; 101: call void @show(i32 1, i32 2)
  0218:  bf 01 00 00 00                 mov edi, 1
  021d:  be 02 00 00 00                 mov esi, 2
  0222:  e8 00 00 00 00                 call show  ; R_X86_64_PLT32 show-0x4
  ; 102: call void @show(i32 2, i32 1)
  0227:  bf 02 00 00 00                 mov edi, 2
  022c:  be 01 00 00 00                 mov esi, 1
  0231:  e8 00 00 00 00                 call show  ; R_X86_64_PLT32 show-0x4
  ; 103: call void @show(i32 -1, i32 1)
  0236:  bf ff ff ff ff                 mov edi, 4294967295
  023b:  be 01 00 00 00                 mov esi, 1
  0240:  e8 00 00 00 00                 call show  ; R_X86_64_PLT32 show-0x4
  ; 104: call void @show(i32 5, i32 5)
  0245:  bf 05 00 00 00                 mov edi, 5
  024a:  be 05 00 00 00                 mov esi, 5
  024f:  e8 00 00 00 00                 call show  ; R_X86_64_PLT32 show-0x4
  ; 105: %w = call i32 @bits64(i64 -1, i64 1)
  0254:  48 c7 c7 ff ff ff ff           mov rdi, -1
  025b:  be 01 00 00 00                 mov esi, 1
  0260:  e8 00 00 00 00                 call bits64  ; R_X86_64_PLT32 bits64-0x4
  ; 106: call i32 (ptr, ...) @printf(ptr @fmtf, i32 64, i32 %w)
  0265:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmtf]  ; R_X86_64_PC32 fmtf-0x4
  026c:  48 89 c2                       mov rdx, rax
  026f:  48 89 cf                       mov rdi, rcx
  0272:  be 40 00 00 00                 mov esi, 64
  0277:  b8 00 00 00 00                 mov eax, 0
  027c:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 107: %f1 = call i32 @fbits(double 1.0, double 2.0)
  0281:  49 bb 00 00 00 00 00 00 f0 3f  movabs r11, 4607182418800017408
  028b:  66 49 0f 6e c3                 movq xmm0, r11
  0290:  49 bb 00 00 00 00 00 00 00 40  movabs r11, 4611686018427387904
  029a:  66 49 0f 6e cb                 movq xmm1, r11
  029f:  e8 00 00 00 00                 call fbits  ; R_X86_64_PLT32 fbits-0x4
  ; 108: call i32 (ptr, ...) @printf(ptr @fmtf, i32 1, i32 %f1)
  02a4:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmtf]  ; R_X86_64_PC32 fmtf-0x4
  02ab:  48 89 c2                       mov rdx, rax
  02ae:  48 89 cf                       mov rdi, rcx
  02b1:  be 01 00 00 00                 mov esi, 1
  02b6:  b8 00 00 00 00                 mov eax, 0
  02bb:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 109: %f2 = call i32 @fbits(double 0x7FF8000000000000, double 2.0)
  02c0:  49 bb 00 00 00 00 00 00 f8 7f  movabs r11, 9221120237041090560
  02ca:  66 49 0f 6e c3                 movq xmm0, r11
  02cf:  49 bb 00 00 00 00 00 00 00 40  movabs r11, 4611686018427387904
  02d9:  66 49 0f 6e cb                 movq xmm1, r11
  02de:  e8 00 00 00 00                 call fbits  ; R_X86_64_PLT32 fbits-0x4
  ; 110: call i32 (ptr, ...) @printf(ptr @fmtf, i32 2, i32 %f2)
  02e3:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmtf]  ; R_X86_64_PC32 fmtf-0x4
  02ea:  48 89 c2                       mov rdx, rax
  02ed:  48 89 cf                       mov rdi, rcx
  02f0:  be 02 00 00 00                 mov esi, 2
  02f5:  b8 00 00 00 00                 mov eax, 0
  02fa:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 111: %f3 = call i32 @fbits(double 3.0, double 3.0)
  02ff:  49 bb 00 00 00 00 00 00 08 40  movabs r11, 4613937818241073152
  0309:  66 49 0f 6e c3                 movq xmm0, r11
  030e:  49 bb 00 00 00 00 00 00 08 40  movabs r11, 4613937818241073152
  0318:  66 49 0f 6e cb                 movq xmm1, r11
  031d:  e8 00 00 00 00                 call fbits  ; R_X86_64_PLT32 fbits-0x4
  ; 112: call i32 (ptr, ...) @printf(ptr @fmtf, i32 3, i32 %f3)
  0322:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmtf]  ; R_X86_64_PC32 fmtf-0x4
  0329:  48 89 c2                       mov rdx, rax
  032c:  48 89 cf                       mov rdi, rcx
  032f:  be 03 00 00 00                 mov esi, 3
  0334:  b8 00 00 00 00                 mov eax, 0
  0339:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 113: %l = call i1 @lt(i32 3, i32 4)
  033e:  bf 03 00 00 00                 mov edi, 3
  0343:  be 04 00 00 00                 mov esi, 4
  0348:  e8 00 00 00 00                 call lt  ; R_X86_64_PLT32 lt-0x4
  034d:  83 e0 01                       and eax, 1
  ; 114: br i1 %l, label %yes, label %no
  0350:  85 c0                          test eax, eax
  0352:  0f 84 0a 00 00 00              je 0x152
  ; 116: ret i32 3
  0358:  b8 03 00 00 00                 mov eax, 3
  035d:  e9 05 00 00 00                 jmp 0x157
  ; 118: ret i32 4
  0362:  b8 04 00 00 00                 mov eax, 4
  0367:  48 89 ec                       mov rsp, rbp
  036a:  5d                             pop rbp
  036b:  c3                             ret

; .data: 26 bytes, aligned to 8
@fmt:
  0000:  25 73 20 25 64 20 25 64        .byte 0x25, 0x73, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0008:  20 25 78 0a 00                 .byte 0x20, 0x25, 0x78, 0x0a, 0x00
@fmtf:
  000d:  66 20 25 64 20 25 78 0a        .byte 0x66, 0x20, 0x25, 0x64, 0x20, 0x25, 0x78, 0x0a
  0015:  00                             .byte 0x00
@name:
  0016:  63 6d 70 00                    .byte 0x63, 0x6d, 0x70, 0x00
