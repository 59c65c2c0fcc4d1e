; native/many-args.ll: x86-64, 718 bytes of code

@ints:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 60                    sub rsp, 96
  0008:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  000c:  4c 89 65 f0                    mov qword ptr [rbp - 16], r12
  0010:  4c 89 6d e8                    mov qword ptr [rbp - 24], r13
  ; 13: call i32 (ptr, ...) @printf(ptr @fi, i32 %a, i32 %b, i32 %c, i32 %d, i32 %e, i32 %f, i32 %g, i32 %h, i32 %i)
  0014:  48 8d 05 00 00 00 00           lea rax, [rip + fi]  ; R_X86_64_PC32 fi-0x4
  001b:  4c 89 0c 24                    mov qword ptr [rsp], r9
  001f:  4c 8b 55 10                    mov r10, qword ptr [rbp + 16]
  0023:  4c 89 54 24 08                 mov qword ptr [rsp + 8], r10
  0028:  48 8b 5d 18                    mov rbx, qword ptr [rbp + 24]
  002c:  48 89 5c 24 10                 mov qword ptr [rsp + 16], rbx
  0031:  4c 8b 65 20                    mov r12, qword ptr [rbp + 32]
  0035:  4c 89 64 24 18                 mov qword ptr [rsp + 24], r12
  003a:  48 89 7d c8                    mov qword ptr [rbp - 56], rdi
  003e:  4d 89 c1                       mov r9, r8
  0041:  49 89 c8                       mov r8, rcx
  0044:  48 89 d1                       mov rcx, rdx
  0047:  48 89 f2                       mov rdx, rsi
  004a:  48 89 fe                       mov rsi, rdi
  004d:  48 89 c7                       mov rdi, rax
  0050:  b8 00 00 00 00                 mov eax, 0
  0055:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 14: %s1 = add i32 %a, %i
  005a:  4c 8b 6d c8                    mov r13, qword ptr [rbp - 56]
  005e:  45 01 e5                       add r13d, r12d
  ; 15: %s2 = mul i32 %s1, %h
  0061:  44 0f af eb                    imul r13d, ebx
  ; 16: ret i32 %s2
  0065:  4c 89 e8                       mov rax, r13
  0068:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  006c:  4c 8b 65 f0                    mov r12, qword ptr [rbp - 16]
  0070:  4c 8b 6d e8                    mov r13, qword ptr [rbp - 24]
  0074:  48 89 ec                       mov rsp, rbp
  0077:  5d                             pop rbp
  0078:  c3                             ret

@doubles:
  ; prologue
  0080:  55                             push rbp
  0081:  48 89 e5                       mov rbp, rsp
  0084:  48 83 ec 40                    sub rsp, 64
  ; 20: call i32 (ptr, ...) @printf(ptr @fd, double %a, double %h, double %i, double %j)
  0088:  48 8d 05 00 00 00 00           lea rax, [rip + fd]  ; R_X86_64_PC32 fd-0x4
  008f:  f2 0f 11 45 c8                 movsd qword ptr [rbp - 56], xmm0
  0094:  48 89 c7                       mov rdi, rax
  0097:  0f 28 cf                       movaps xmm1, xmm7
  009a:  f2 0f 10 55 10                 movsd xmm2, qword ptr [rbp + 16]
  009f:  f2 0f 10 5d 18                 movsd xmm3, qword ptr [rbp + 24]
  00a4:  b8 04 00 00 00                 mov eax, 4
  00a9:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 21: %s = fadd double %a, %j
  00ae:  f2 0f 10 45 18                 movsd xmm0, qword ptr [rbp + 24]
  00b3:  f2 0f 10 4d c8                 movsd xmm1, qword ptr [rbp - 56]
  00b8:  f2 0f 58 c8                    addsd xmm1, xmm0
  ; 22: %t = fmul double %s, %i
  00bc:  f2 0f 10 45 10                 movsd xmm0, qword ptr [rbp + 16]
  00c1:  f2 0f 59 c8                    mulsd xmm1, xmm0
  ; 23: ret double %t
  00c5:  0f 28 c1                       movaps xmm0, xmm1
  00c8:  48 89 ec                       mov rsp, rbp
  00cb:  5d                             pop rbp
  00cc:  c3                             ret

@mixed:
  ; prologue
  00d0:  55                             push rbp
  00d1:  48 89 e5                       mov rbp, rsp
  00d4:  48 83 ec 40                    sub rsp, 64
  00d8:  81 e6 ff 00 00 00              and esi, 255
  00de:  81 e2 ff ff 00 00              and edx, 65535
  ; 27: %ci = sext i8 %c to i32
  00e4:  c1 e6 18                       shl esi, 24
  00e7:  c1 fe 18                       sar esi, 24
  ; 28: %ei = zext i16 %e to i32
  00ea:  48 89 d0                       mov rax, rdx
  ; 29: %bd = fpext float %b to double
  00ed:  f3 0f 5a d8                    cvtss2sd xmm3, xmm0
  ; 30: %s = add i64 %a, %i
  00f1:  48 8b 55 10                    mov rdx, qword ptr [rbp + 16]
  00f5:  48 01 d7                       add rdi, rdx
  ; 31: call i32 (ptr, ...) @printf(ptr @fm, i64 %s, double %bd, i32 %ci, double %d, i32 %ei)
  00f8:  48 8d 15 00 00 00 00           lea rdx, [rip + fm]  ; R_X86_64_PC32 fm-0x4
  00ff:  f2 0f 11 45 c8                 movsd qword ptr [rbp - 56], xmm0
  0104:  f2 0f 11 55 c0                 movsd qword ptr [rbp - 64], xmm2
  0109:  48 89 c1                       mov rcx, rax
  010c:  49 89 fb                       mov r11, rdi
  010f:  48 89 d7                       mov rdi, rdx
  0112:  48 89 f2                       mov rdx, rsi
  0115:  4c 89 de                       mov rsi, r11
  0118:  0f 28 c3                       movaps xmm0, xmm3
  011b:  b8 02 00 00 00                 mov eax, 2
  0120:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 32: %r = fadd float %b, %j
  0125:  f2 0f 10 45 c0                 movsd xmm0, qword ptr [rbp - 64]
  012a:  f2 0f 10 4d c8                 movsd xmm1, qword ptr [rbp - 56]
  012f:  f3 0f 58 c8                    addss xmm1, xmm0
  ; 33: ret float %r
  0133:  0f 28 c1                       movaps xmm0, xmm1
  0136:  48 89 ec                       mov rsp, rbp
  0139:  5d                             pop rbp
  013a:  c3                             ret

@main:
  ; prologue
  0140:  55                             push rbp
  0141:  48 89 e5                       mov rbp, rsp
  0144:  48 83 ec 60                    sub rsp, 96
  ; 40: %r = call i32 @ints(i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9)
  0148:  b8 07 00 00 00                 mov eax, 7
  014d:  48 89 04 24                    mov qword ptr [rsp], rax
  0151:  b9 08 00 00 00                 mov ecx, 8
  0156:  48 89 4c 24 08                 mov qword ptr [rsp + 8], rcx
  015b:  ba 09 00 00 00                 mov edx, 9
  0160:  48 89 54 24 10                 mov qword ptr [rsp + 16], rdx
  0165:  bf 01 00 00 00                 mov edi, 1
  016a:  be 02 00 00 00                 mov esi, 2
  016f:  ba 03 00 00 00                 mov edx, 3
  0174:  b9 04 00 00 00                 mov ecx, 4
  0179:  41 b8 05 00 00 00              mov r8d, 5
  017f:  41 b9 06 00 00 00              mov r9d, 6
  0185:  e8 00 00 00 00                 call ints  ; R_X86_64_PLT32 ints-0x4
  ; 41: %d = call double @doubles(double 1.5, double 2.0, double 3.0, double 4.0, double 5.0, double 6.0, double 7.0, double 8.25, double 9.5, double 10.75)
  018a:  49 bb 00 00 00 00 00 00 f8 3f  movabs r11, 4609434218613702656
  0194:  66 49 0f 6e c3                 movq xmm0, r11
  0199:  49 bb 00 00 00 00 00 00 00 40  movabs r11, 4611686018427387904
  01a3:  66 49 0f 6e cb                 movq xmm1, r11
  01a8:  49 bb 00 00 00 00 00 00 08 40  movabs r11, 4613937818241073152
  01b2:  66 49 0f 6e d3                 movq xmm2, r11
  01b7:  49 bb 00 00 00 00 00 00 10 40  movabs r11, 4616189618054758400
  01c1:  66 49 0f 6e db                 movq xmm3, r11
  01c6:  49 bb 00 00 00 00 00 00 14 40  movabs r11, 4617315517961601024
  01d0:  66 49 0f 6e e3                 movq xmm4, r11
  01d5:  49 bb 00 00 00 00 00 00 18 40  movabs r11, 4618441417868443648
  01df:  66 49 0f 6e eb                 movq xmm5, r11
  01e4:  49 bb 00 00 00 00 00 00 1c 40  movabs r11, 4619567317775286272
  01ee:  66 49 0f 6e f3                 movq xmm6, r11
  01f3:  49 bb 00 00 00 00 00 80 20 40  movabs r11, 4620833955170484224
  01fd:  66 49 0f 6e fb                 movq xmm7, r11
  0202:  49 bb 00 00 00 00 00 00 23 40  movabs r11, 4621537642612260864
  020c:  66 4d 0f 6e c3                 movq xmm8, r11
  0211:  49 bb 00 00 00 00 00 80 25 40  movabs r11, 4622241330054037504
  021b:  66 4d 0f 6e cb                 movq xmm9, r11
  0220:  f2 44 0f 11 04 24              movsd qword ptr [rsp], xmm8
  0226:  f2 44 0f 11 4c 24 08           movsd qword ptr [rsp + 8], xmm9
  022d:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  0231:  e8 00 00 00 00                 call doubles  ; R_X86_64_PLT32 doubles-0x4
  ; 42: call i32 (ptr, ...) @printf(ptr @fr, i32 %r, double %d)
  0236:  48 8d 05 00 00 00 00           lea rax, [rip + fr]  ; R_X86_64_PC32 fr-0x4
  023d:  48 89 c7                       mov rdi, rax
  0240:  48 8b 75 c8                    mov rsi, qword ptr [rbp - 56]
  0244:  b8 01 00 00 00                 mov eax, 1
  0249:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 43: %f = call float @mixed(i64 10000000000, float 0.5, i8 -3, double 2.5, i16 65535, i32 6, i32 7, i32 8, i64 -1, float 1.25)
  024e:  41 bb 00 00 00 3f              mov r11d, 1056964608
  0254:  66 41 0f 6e c3                 movd xmm0, r11d
  0259:  49 bb 00 00 00 00 00 00 04 40  movabs r11, 4612811918334230528
  0263:  66 49 0f 6e cb                 movq xmm1, r11
  0268:  41 bb 00 00 a0 3f              mov r11d, 1067450368
  026e:  66 41 0f 6e d3                 movd xmm2, r11d
  0273:  48 c7 c0 ff ff ff ff           mov rax, -1
  027a:  48 89 04 24                    mov qword ptr [rsp], rax
  027e:  48 bf 00 e4 0b 54 02 00 00 00  movabs rdi, 10000000000
  0288:  be fd 00 00 00                 mov esi, 253
  028d:  ba ff ff 00 00                 mov edx, 65535
  0292:  b9 06 00 00 00                 mov ecx, 6
  0297:  41 b8 07 00 00 00              mov r8d, 7
  029d:  41 b9 08 00 00 00              mov r9d, 8
  02a3:  e8 00 00 00 00                 call mixed  ; R_X86_64_PLT32 mixed-0x4
  ; 44: %fd = fpext float %f to double
  02a8:  f3 0f 5a c8                    cvtss2sd xmm1, xmm0
  ; 45: call i32 (ptr, ...) @printf(ptr @ff, double %fd, i32 %r)
  02ac:  48 8d 05 00 00 00 00           lea rax, [rip + ff]  ; R_X86_64_PC32 ff-0x4
  02b3:  48 89 c7                       mov rdi, rax
  02b6:  0f 28 c1                       movaps xmm0, xmm1
  02b9:  48 8b 75 c8                    mov rsi, qword ptr [rbp - 56]
  02bd:  b8 01 00 00 00                 mov eax, 1
  02c2:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 46: ret i32 0
  02c7:  31 c0                          xor eax, eax
  02c9:  48 89 ec                       mov rsp, rbp
  02cc:  5d                             pop rbp
  02cd:  c3                             ret

; .data: 107 bytes, aligned to 8
@fi:
  0000:  69 6e 74 73 20 25 64 20        .byte 0x69, 0x6e, 0x74, 0x73, 0x20, 0x25, 0x64, 0x20
  0008:  25 64 20 25 64 20 25 64        .byte 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0010:  20 25 64 20 25 64 20 25        .byte 0x20, 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25
  0018:  64 20 25 64 20 25 64 0a        .byte 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64, 0x0a
  0020:  00                             .byte 0x00
@fd:
  0021:  64 6f 75 62 6c 65 73 20        .byte 0x64, 0x6f, 0x75, 0x62, 0x6c, 0x65, 0x73, 0x20
  0029:  25 67 20 25 67 20 25 67        .byte 0x25, 0x67, 0x20, 0x25, 0x67, 0x20, 0x25, 0x67
  0031:  20 25 67 0a 00                 .byte 0x20, 0x25, 0x67, 0x0a, 0x00
@fm:
  0036:  6d 69 78 65 64 20 25 6c        .byte 0x6d, 0x69, 0x78, 0x65, 0x64, 0x20, 0x25, 0x6c
  003e:  6c 64 20 25 67 20 25 64        .byte 0x6c, 0x64, 0x20, 0x25, 0x67, 0x20, 0x25, 0x64
  0046:  20 25 67 20 25 64 0a 00        .byte 0x20, 0x25, 0x67, 0x20, 0x25, 0x64, 0x0a, 0x00
@fr:
  004e:  72 65 73 75 6c 74 73 20        .byte 0x72, 0x65, 0x73, 0x75, 0x6c, 0x74, 0x73, 0x20
  0056:  25 64 20 25 67 0a 00 00        .byte 0x25, 0x64, 0x20, 0x25, 0x67, 0x0a, 0x00, 0x00
@ff:
  005e:  66 6c 6f 61 74 20 25 67        .byte 0x66, 0x6c, 0x6f, 0x61, 0x74, 0x20, 0x25, 0x67
  0066:  20 25 64 0a 00                 .byte 0x20, 0x25, 0x64, 0x0a, 0x00
