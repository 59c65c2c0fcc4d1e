; native/compare-branch.ll: x86-64, 860 bytes of code

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
  0024:  48 83 ec 30                    sub rsp, 48
  0028:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  002c:  4c 89 65 f0                    mov qword ptr [rbp - 16], r12
  0030:  4c 89 6d e8                    mov qword ptr [rbp - 24], r13
  0034:  4c 89 75 e0                    mov qword ptr [rbp - 32], r14
  0038:  48 89 fb                       mov rbx, rdi
  003b:  49 89 f4                       mov r12, rsi
  003e:  44 39 e3                       cmp ebx, r12d
  0041:  0f 85 95 00 00 00              jne 0xbc
  ; 21: br label %n0
  0047:  41 bd 01 00 00 00              mov r13d, 1
  ; 24: %c1 = icmp ne i32 %a, %b
  004d:  44 39 e3                       cmp ebx, r12d
  0050:  0f 95 c0                       setne al
  0053:  0f b6 c0                       movzx eax, al
  ; 26: %s1 = shl i32 %z1, 1
  0056:  d1 e0                          shl eax
  ; 27: %c2 = icmp ugt i32 %a, %b
  0058:  44 39 e3                       cmp ebx, r12d
  005b:  0f 97 c1                       seta cl
  005e:  0f b6 c9                       movzx ecx, cl
  ; 29: %s2 = shl i32 %z2, 2
  0061:  c1 e1 02                       shl ecx, 2
  ; 30: %c3 = icmp uge i32 %a, %b
  0064:  44 39 e3                       cmp ebx, r12d
  0067:  0f 93 c2                       setae dl
  006a:  0f b6 d2                       movzx edx, dl
  ; 32: %s3 = shl i32 %z3, 3
  006d:  c1 e2 03                       shl edx, 3
  ; 33: %c4 = icmp ult i32 %a, %b
  0070:  44 39 e3                       cmp ebx, r12d
  0073:  40 0f 92 c6                    setb sil
  0077:  40 0f b6 f6                    movzx esi, sil
  ; 35: %s4 = shl i32 %z4, 4
  007b:  c1 e6 04                       shl esi, 4
  ; 36: %c5 = icmp ule i32 %a, %b
  007e:  44 39 e3                       cmp ebx, r12d
  0081:  40 0f 96 c7                    setbe dil
  0085:  40 0f b6 ff                    movzx edi, dil
  ; 38: %s5 = shl i32 %z5, 5
  0089:  c1 e7 05                       shl edi, 5
  ; 39: %c6 = icmp sgt i32 %a, %b
  008c:  44 39 e3                       cmp ebx, r12d
  008f:  41 0f 9f c0                    setg r8b
  0093:  45 0f b6 c0                    movzx r8d, r8b
  ; 41: %s6 = shl i32 %z6, 6
  0097:  41 c1 e0 06                    shl r8d, 6
  ; 42: %c7 = icmp sge i32 %a, %b
  009b:  44 39 e3                       cmp ebx, r12d
  009e:  41 0f 9d c1                    setge r9b
  00a2:  45 0f b6 c9                    movzx r9d, r9b
  ; 44: %s7 = shl i32 %z7, 7
  00a6:  41 c1 e1 07                    shl r9d, 7
  ; 45: %c8 = icmp sle i32 %a, %b
  00aa:  44 39 e3                       cmp ebx, r12d
  00ad:  41 0f 9e c2                    setle r10b
  00b1:  45 0f b6 d2                    movzx r10d, r10b
  ; 47: %s8 = shl i32 %z8, 8
  00b5:  41 c1 e2 08                    shl r10d, 8
  ; 48: %r1 = or i32 %m0, %s1
  00b9:  45 89 ee                       mov r14d, r13d
  00bc:  41 09 c6                       or r14d, eax
  ; 49: %r2 = or i32 %r1, %s2
  00bf:  41 09 ce                       or r14d, ecx
  ; 50: %r3 = or i32 %r2, %s3
  00c2:  41 09 d6                       or r14d, edx
  ; 51: %r4 = or i32 %r3, %s4
  00c5:  41 09 f6                       or r14d, esi
  ; 52: %r5 = or i32 %r4, %s5
  00c8:  41 09 fe                       or r14d, edi
  ; 53: %r6 = or i32 %r5, %s6
  00cb:  45 09 c6                       or r14d, r8d
  ; 54: %r7 = or i32 %r6, %s7
  00ce:  45 09 ce                       or r14d, r9d
  ; 55: %r8 = or i32 %r7, %s8
  00d1:  45 09 d6                       or r14d, r10d
  ; 56: ret i32 %r8
  00d4:  4c 89 f0                       mov rax, r14
  00d7:  e9 08 00 00 00                 jmp 0xc4
  ; 18: %c0 = icmp eq i32 %a, %b
  00dc:  45 31 ed                       xor r13d, r13d
  ; 19: br i1 %c0, label %t0, label %n0
  00df:  e9 69 ff ff ff                 jmp 0x2d
  00e4:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  00e8:  4c 8b 65 f0                    mov r12, qword ptr [rbp - 16]
  00ec:  4c 8b 6d e8                    mov r13, qword ptr [rbp - 24]
  00f0:  4c 8b 75 e0                    mov r14, qword ptr [rbp - 32]
  00f4:  48 89 ec                       mov rsp, rbp
  00f7:  5d                             pop rbp
  00f8:  c3                             ret

@bits64:
  ; prologue
  0100:  55                             push rbp
  0101:  48 89 e5                       mov rbp, rsp
  0104:  48 83 ec 30                    sub rsp, 48
  ; 60: %c0 = icmp sgt i64 %a, %b
  0108:  48 39 f7                       cmp rdi, rsi
  010b:  0f 9f c0                       setg al
  010e:  0f b6 c0                       movzx eax, al
  ; 61: %c1 = icmp ugt i64 %a, %b
  0111:  48 39 f7                       cmp rdi, rsi
  0114:  0f 97 c1                       seta cl
  0117:  0f b6 c9                       movzx ecx, cl
  ; 62: %z0 = zext i1 %c0 to i32
  011a:  48 89 c2                       mov rdx, rax
  ; 63: %z1 = zext i1 %c1 to i32
  011d:  48 89 c8                       mov rax, rcx
  ; 64: %s1 = shl i32 %z1, 1
  0120:  d1 e0                          shl eax
  ; 65: %r = or i32 %z0, %s1
  0122:  09 c2                          or edx, eax
  ; 66: ret i32 %r
  0124:  48 89 d0                       mov rax, rdx
  0127:  48 89 ec                       mov rsp, rbp
  012a:  5d                             pop rbp
  012b:  c3                             ret

@fbits:
  ; prologue
  0130:  55                             push rbp
  0131:  48 89 e5                       mov rbp, rsp
  0134:  48 83 ec 30                    sub rsp, 48
  ; 70: %c0 = fcmp olt double %a, %b
  0138:  66 0f 2e c8                    ucomisd xmm1, xmm0
  013c:  0f 97 c0                       seta al
  013f:  0f b6 c0                       movzx eax, al
  ; 71: %c1 = fcmp ult double %a, %b
  0142:  66 0f 2e c1                    ucomisd xmm0, xmm1
  0146:  0f 92 c1                       setb cl
  0149:  0f b6 c9                       movzx ecx, cl
  ; 72: %c2 = fcmp oeq double %a, %b
  014c:  66 0f 2e c1                    ucomisd xmm0, xmm1
  0150:  0f 94 c2                       sete dl
  0153:  41 0f 9b c3                    setnp r11b
  0157:  44 21 da                       and edx, r11d
  015a:  0f b6 d2                       movzx edx, dl
  ; 73: %c3 = fcmp une double %a, %b
  015d:  66 0f 2e c1                    ucomisd xmm0, xmm1
  0161:  40 0f 95 c6                    setne sil
  0165:  41 0f 9a c3                    setp r11b
  0169:  44 09 de                       or esi, r11d
  016c:  40 0f b6 f6                    movzx esi, sil
  ; 74: %c4 = fcmp uno double %a, %b
  0170:  66 0f 2e c1                    ucomisd xmm0, xmm1
  0174:  40 0f 9a c7                    setp dil
  0178:  40 0f b6 ff                    movzx edi, dil
  ; 75: %z0 = zext i1 %c0 to i32
  017c:  49 89 c0                       mov r8, rax
  ; 76: %z1 = zext i1 %c1 to i32
  017f:  48 89 c8                       mov rax, rcx
  ; 77: %z2 = zext i1 %c2 to i32
  0182:  48 89 d1                       mov rcx, rdx
  ; 78: %z3 = zext i1 %c3 to i32
  0185:  48 89 f2                       mov rdx, rsi
  ; 79: %z4 = zext i1 %c4 to i32
  0188:  48 89 fe                       mov rsi, rdi
  ; 80: %s1 = shl i32 %z1, 1
  018b:  d1 e0                          shl eax
  ; 81: %s2 = shl i32 %z2, 2
  018d:  c1 e1 02                       shl ecx, 2
  ; 82: %s3 = shl i32 %z3, 3
  0190:  c1 e2 03                       shl edx, 3
  ; 83: %s4 = shl i32 %z4, 4
  0193:  c1 e6 04                       shl esi, 4
  ; 84: %r1 = or i32 %z0, %s1
  0196:  41 09 c0                       or r8d, eax
  ; 85: %r2 = or i32 %r1, %s2
  0199:  41 09 c8                       or r8d, ecx
  ; 86: %r3 = or i32 %r2, %s3
  019c:  41 09 d0                       or r8d, edx
  ; 87: %r4 = or i32 %r3, %s4
  019f:  41 09 f0                       or r8d, esi
  ; 88: ret i32 %r4
  01a2:  4c 89 c0                       mov rax, r8
  01a5:  48 89 ec                       mov rsp, rbp
  01a8:  5d                             pop rbp
  01a9:  c3                             ret

@show:
  ; prologue
  01b0:  55                             push rbp
  01b1:  48 89 e5                       mov rbp, rsp
  01b4:  48 83 ec 40                    sub rsp, 64
  ; 94: %x = call i32 @bits32(i32 %a, i32 %b)
  01b8:  48 89 75 c8                    mov qword ptr [rbp - 56], rsi
  01bc:  48 89 7d c0                    mov qword ptr [rbp - 64], rdi
  01c0:  e8 00 00 00 00                 call bits32  ; R_X86_64_PLT32 bits32-0x4
  ; 95: call i32 (ptr, ...) @printf(ptr @fmt, ptr @name, i32 %a, i32 %b, i32 %x)
  01c5:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  01cc:  48 8d 15 00 00 00 00           lea rdx, [rip + name]  ; R_X86_64_PC32 name-0x4
  01d3:  49 89 c0                       mov r8, rax
  01d6:  48 89 d6                       mov rsi, rdx
  01d9:  48 89 cf                       mov rdi, rcx
  01dc:  48 8b 55 c0                    mov rdx, qword ptr [rbp - 64]
  01e0:  48 8b 4d c8                    mov rcx, qword ptr [rbp - 56]
  01e4:  b8 00 00 00 00                 mov eax, 0
  01e9:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 96: ret void
  01ee:  48 89 ec                       mov rsp, rbp
  01f1:  5d                             pop rbp
  01f2:  c3                             ret

@main:
  ; prologue
  0200:  55                             push rbp
  0201:  48 89 e5                       mov rbp, rsp
  0204:  48 83 ec 30                    sub rsp, 48
  ; 101: call void @show(i32 1, i32 2)
  0208:  bf 01 00 00 00                 mov edi, 1
  020d:  be 02 00 00 00                 mov esi, 2
  0212:  e8 00 00 00 00                 call show  ; R_X86_64_PLT32 show-0x4
  ; 102: call void @show(i32 2, i32 1)
  0217:  bf 02 00 00 00                 mov edi, 2
  021c:  be 01 00 00 00                 mov esi, 1
  0221:  e8 00 00 00 00                 call show  ; R_X86_64_PLT32 show-0x4
  ; 103: call void @show(i32 -1, i32 1)
  0226:  bf ff ff ff ff                 mov edi, 4294967295
  022b:  be 01 00 00 00                 mov esi, 1
  0230:  e8 00 00 00 00                 call show  ; R_X86_64_PLT32 show-0x4
  ; 104: call void @show(i32 5, i32 5)
  0235:  bf 05 00 00 00                 mov edi, 5
  023a:  be 05 00 00 00                 mov esi, 5
  023f:  e8 00 00 00 00                 call show  ; R_X86_64_PLT32 show-0x4
  ; 105: %w = call i32 @bits64(i64 -1, i64 1)
  0244:  48 c7 c7 ff ff ff ff           mov rdi, -1
  024b:  be 01 00 00 00                 mov esi, 1
  0250:  e8 00 00 00 00                 call bits64  ; R_X86_64_PLT32 bits64-0x4
  ; 106: call i32 (ptr, ...) @printf(ptr @fmtf, i32 64, i32 %w)
  0255:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmtf]  ; R_X86_64_PC32 fmtf-0x4
  025c:  48 89 c2                       mov rdx, rax
  025f:  48 89 cf                       mov rdi, rcx
  0262:  be 40 00 00 00                 mov esi, 64
  0267:  b8 00 00 00 00                 mov eax, 0
  026c:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 107: %f1 = call i32 @fbits(double 1.0, double 2.0)
  0271:  49 bb 00 00 00 00 00 00 f0 3f  movabs r11, 4607182418800017408
  027b:  66 49 0f 6e c3                 movq xmm0, r11
  0280:  49 bb 00 00 00 00 00 00 00 40  movabs r11, 4611686018427387904
  028a:  66 49 0f 6e cb                 movq xmm1, r11
  028f:  e8 00 00 00 00                 call fbits  ; R_X86_64_PLT32 fbits-0x4
  ; 108: call i32 (ptr, ...) @printf(ptr @fmtf, i32 1, i32 %f1)
  0294:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmtf]  ; R_X86_64_PC32 fmtf-0x4
  029b:  48 89 c2                       mov rdx, rax
  029e:  48 89 cf                       mov rdi, rcx
  02a1:  be 01 00 00 00                 mov esi, 1
  02a6:  b8 00 00 00 00                 mov eax, 0
  02ab:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 109: %f2 = call i32 @fbits(double 0x7FF8000000000000, double 2.0)
  02b0:  49 bb 00 00 00 00 00 00 f8 7f  movabs r11, 9221120237041090560
  02ba:  66 49 0f 6e c3                 movq xmm0, r11
  02bf:  49 bb 00 00 00 00 00 00 00 40  movabs r11, 4611686018427387904
  02c9:  66 49 0f 6e cb                 movq xmm1, r11
  02ce:  e8 00 00 00 00                 call fbits  ; R_X86_64_PLT32 fbits-0x4
  ; 110: call i32 (ptr, ...) @printf(ptr @fmtf, i32 2, i32 %f2)
  02d3:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmtf]  ; R_X86_64_PC32 fmtf-0x4
  02da:  48 89 c2                       mov rdx, rax
  02dd:  48 89 cf                       mov rdi, rcx
  02e0:  be 02 00 00 00                 mov esi, 2
  02e5:  b8 00 00 00 00                 mov eax, 0
  02ea:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 111: %f3 = call i32 @fbits(double 3.0, double 3.0)
  02ef:  49 bb 00 00 00 00 00 00 08 40  movabs r11, 4613937818241073152
  02f9:  66 49 0f 6e c3                 movq xmm0, r11
  02fe:  49 bb 00 00 00 00 00 00 08 40  movabs r11, 4613937818241073152
  0308:  66 49 0f 6e cb                 movq xmm1, r11
  030d:  e8 00 00 00 00                 call fbits  ; R_X86_64_PLT32 fbits-0x4
  ; 112: call i32 (ptr, ...) @printf(ptr @fmtf, i32 3, i32 %f3)
  0312:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmtf]  ; R_X86_64_PC32 fmtf-0x4
  0319:  48 89 c2                       mov rdx, rax
  031c:  48 89 cf                       mov rdi, rcx
  031f:  be 03 00 00 00                 mov esi, 3
  0324:  b8 00 00 00 00                 mov eax, 0
  0329:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 113: %l = call i1 @lt(i32 3, i32 4)
  032e:  bf 03 00 00 00                 mov edi, 3
  0333:  be 04 00 00 00                 mov esi, 4
  0338:  e8 00 00 00 00                 call lt  ; R_X86_64_PLT32 lt-0x4
  033d:  83 e0 01                       and eax, 1
  ; 114: br i1 %l, label %yes, label %no
  0340:  85 c0                          test eax, eax
  0342:  0f 84 0a 00 00 00              je 0x152
  ; 116: ret i32 3
  0348:  b8 03 00 00 00                 mov eax, 3
  034d:  e9 05 00 00 00                 jmp 0x157
  ; 118: ret i32 4
  0352:  b8 04 00 00 00                 mov eax, 4
  0357:  48 89 ec                       mov rsp, rbp
  035a:  5d                             pop rbp
  035b:  c3                             ret

; .data: 26 bytes, aligned to 8
@fmt:
  0000:  25 73 20 25 64 20 25 64        .byte 0x25, 0x73, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0008:  20 25 78 0a 00                 .byte 0x20, 0x25, 0x78, 0x0a, 0x00
@fmtf:
  000d:  66 20 25 64 20 25 78 0a        .byte 0x66, 0x20, 0x25, 0x64, 0x20, 0x25, 0x78, 0x0a
  0015:  00                             .byte 0x00
@name:
  0016:  63 6d 70 00                    .byte 0x63, 0x6d, 0x70, 0x00
