; native/select.ll: x86-64, 368 bytes of code

@sel:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 30                    sub rsp, 48
  0008:  83 e2 01                       and edx, 1
  ; 12: %lt = icmp slt i32 %a, %b
  000b:  39 f7                          cmp edi, esi
  000d:  0f 9c c0                       setl al
  0010:  0f b6 c0                       movzx eax, al
  ; 13: %min = select i1 %lt, i32 %a, i32 %b
  0013:  89 f1                          mov ecx, esi
  0015:  85 c0                          test eax, eax
  0017:  0f 45 cf                       cmovne ecx, edi
  ; 14: %a64 = sext i32 %a to i64
  001a:  4c 63 c7                       movsxd r8, edi
  ; 15: %b64 = zext i32 %b to i64
  001d:  41 89 f1                       mov r9d, esi
  ; 16: %max64 = select i1 %lt, i64 %b64, i64 %a64
  0020:  85 c0                          test eax, eax
  0022:  4d 0f 45 c1                    cmovne r8, r9
  ; 17: %s = select i1 %flag, ptr @yes, ptr @no
  0026:  48 8d 05 00 00 00 00           lea rax, [rip + yes]  ; R_X86_64_PC32 yes-0x4
  002d:  48 8d 35 00 00 00 00           lea rsi, [rip + no]  ; R_X86_64_PC32 no-0x4
  0034:  85 d2                          test edx, edx
  0036:  48 0f 45 f0                    cmovne rsi, rax
  ; 18: %neg = fcmp olt double %x, 0.0
  003a:  0f 57 d2                       xorps xmm2, xmm2
  003d:  66 0f 2e d0                    ucomisd xmm2, xmm0
  0041:  0f 97 c0                       seta al
  0044:  0f b6 c0                       movzx eax, al
  ; 19: %nx = fneg double %x
  0047:  66 49 0f 7e c3                 movq r11, xmm0
  004c:  49 d1 c3                       rol r11
  004f:  49 83 f3 01                    xor r11, 1
  0053:  49 d1 cb                       ror r11
  0056:  66 49 0f 6e d3                 movq xmm2, r11
  ; 20: %abs = select i1 %neg, double %nx, double %x
  005b:  0f 28 d8                       movaps xmm3, xmm0
  005e:  85 c0                          test eax, eax
  0060:  0f 84 03 00 00 00              je 0x69
  0066:  0f 28 da                       movaps xmm3, xmm2
  ; 21: %big = fcmp ogt float %y, 1.0
  0069:  41 bb 00 00 80 3f              mov r11d, 1065353216
  006f:  66 41 0f 6e c3                 movd xmm0, r11d
  0074:  0f 2e c8                       ucomiss xmm1, xmm0
  0077:  0f 97 c0                       seta al
  007a:  0f b6 c0                       movzx eax, al
  ; 22: %clamp = select i1 %big, float 1.0, float %y
  007d:  41 bb 00 00 80 3f              mov r11d, 1065353216
  0083:  66 41 0f 6e c3                 movd xmm0, r11d
  0088:  0f 28 d1                       movaps xmm2, xmm1
  008b:  85 c0                          test eax, eax
  008d:  0f 84 03 00 00 00              je 0x96
  0093:  0f 28 d0                       movaps xmm2, xmm0
  ; 23: %cd = fpext float %clamp to double
  0096:  f3 0f 5a c2                    cvtss2sd xmm0, xmm2
  ; 24: %nabs = sub i32 0, %a
  009a:  31 c0                          xor eax, eax
  009c:  29 f8                          sub eax, edi
  ; 25: %pos = icmp sgt i32 %a, -1
  009e:  83 ff ff                       cmp edi, -1
  00a1:  0f 9f c2                       setg dl
  00a4:  0f b6 d2                       movzx edx, dl
  ; 26: %iabs = select i1 %pos, i32 %a, i32 %nabs
  00a7:  85 d2                          test edx, edx
  00a9:  0f 45 c7                       cmovne eax, edi
  ; 27: call i32 (ptr, ...) @printf(ptr @fmt, i32 %min, i64 %max64, ptr %s, double %abs, double %cd, i32 %iabs)
  00ac:  48 8d 15 00 00 00 00           lea rdx, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  00b3:  48 89 d7                       mov rdi, rdx
  00b6:  4c 89 c2                       mov rdx, r8
  00b9:  49 89 c0                       mov r8, rax
  00bc:  49 89 f3                       mov r11, rsi
  00bf:  48 89 ce                       mov rsi, rcx
  00c2:  4c 89 d9                       mov rcx, r11
  00c5:  0f 28 c8                       movaps xmm1, xmm0
  00c8:  0f 28 c3                       movaps xmm0, xmm3
  00cb:  b8 02 00 00 00                 mov eax, 2
  00d0:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 28: ret void
  00d5:  48 89 ec                       mov rsp, rbp
  00d8:  5d                             pop rbp
  00d9:  c3                             ret

@main:
  ; prologue
  00e0:  55                             push rbp
  00e1:  48 89 e5                       mov rbp, rsp
  00e4:  48 83 ec 30                    sub rsp, 48
  ; 32: call void @sel(i32 3, i32 -4, i1 true, double -2.5, float 0.25)
  00e8:  49 bb 00 00 00 00 00 00 04 c0  movabs r11, -4610560118520545280
  00f2:  66 49 0f 6e c3                 movq xmm0, r11
  00f7:  41 bb 00 00 80 3e              mov r11d, 1048576000
  00fd:  66 41 0f 6e cb                 movd xmm1, r11d
  0102:  bf 03 00 00 00                 mov edi, 3
  0107:  be fc ff ff ff                 mov esi, 4294967292
  010c:  ba 01 00 00 00                 mov edx, 1
  0111:  e8 00 00 00 00                 call sel  ; R_X86_64_PLT32 sel-0x4
  ; 33: call void @sel(i32 -7, i32 9, i1 false, double 6.0, float 8.0)
  0116:  49 bb 00 00 00 00 00 00 18 40  movabs r11, 4618441417868443648
  0120:  66 49 0f 6e c3                 movq xmm0, r11
  0125:  41 bb 00 00 00 41              mov r11d, 1090519040
  012b:  66 41 0f 6e cb                 movd xmm1, r11d
  0130:  bf f9 ff ff ff                 mov edi, 4294967289
  0135:  be 09 00 00 00                 mov esi, 9
  013a:  31 d2                          xor edx, edx
  013c:  e8 00 00 00 00                 call sel  ; R_X86_64_PLT32 sel-0x4
  ; 34: call void @sel(i32 0, i32 0, i1 true, double -0.0, float -3.0)
  0141:  49 bb 00 00 00 00 00 00 00 80  movabs r11, -9223372036854775808
  014b:  66 49 0f 6e c3                 movq xmm0, r11
  0150:  41 bb 00 00 40 c0              mov r11d, 3225419776
  0156:  66 41 0f 6e cb                 movd xmm1, r11d
  015b:  31 ff                          xor edi, edi
  015d:  31 f6                          xor esi, esi
  015f:  ba 01 00 00 00                 mov edx, 1
  0164:  e8 00 00 00 00                 call sel  ; R_X86_64_PLT32 sel-0x4
  ; 35: ret i32 0
  0169:  31 c0                          xor eax, eax
  016b:  48 89 ec                       mov rsp, rbp
  016e:  5d                             pop rbp
  016f:  c3                             ret

; .data: 29 bytes, aligned to 8
@fmt:
  0000:  25 64 20 25 6c 6c 64 20        .byte 0x25, 0x64, 0x20, 0x25, 0x6c, 0x6c, 0x64, 0x20
  0008:  25 73 20 25 67 20 25 67        .byte 0x25, 0x73, 0x20, 0x25, 0x67, 0x20, 0x25, 0x67
  0010:  20 25 64 0a 00 00              .byte 0x20, 0x25, 0x64, 0x0a, 0x00, 0x00
@yes:
  0016:  79 65 73 00                    .byte 0x79, 0x65, 0x73, 0x00
@no:
  001a:  6e 6f 00                       .byte 0x6e, 0x6f, 0x00
