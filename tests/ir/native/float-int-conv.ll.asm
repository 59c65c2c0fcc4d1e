; native/float-int-conv.ll: x86-64, 835 bytes of code

@to_fp:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 30                    sub rsp, 48
  ; 12: %s32f = sitofp i32 %a to float
  0008:  0f 57 c0                       xorps xmm0, xmm0
  000b:  f3 0f 2a c7                    cvtsi2ss xmm0, edi
  ; 13: %u32d = uitofp i32 %a to double
  000f:  0f 57 c9                       xorps xmm1, xmm1
  0012:  41 89 fb                       mov r11d, edi
  0015:  f2 49 0f 2a cb                 cvtsi2sd xmm1, r11
  ; 14: %s64d = sitofp i64 %b to double
  001a:  0f 57 d2                       xorps xmm2, xmm2
  001d:  f2 48 0f 2a d6                 cvtsi2sd xmm2, rsi
  ; 15: %u64d = uitofp i64 %b to double
  0022:  0f 57 db                       xorps xmm3, xmm3
  0025:  48 85 f6                       test rsi, rsi
  0028:  0f 88 0a 00 00 00              js 0x38
  002e:  f2 48 0f 2a de                 cvtsi2sd xmm3, rsi
  0033:  e9 18 00 00 00                 jmp 0x50
  0038:  49 89 f3                       mov r11, rsi
  003b:  49 c1 eb 01                    shr r11, 1
  003f:  89 f0                          mov eax, esi
  0041:  83 e0 01                       and eax, 1
  0044:  49 09 c3                       or r11, rax
  0047:  f2 49 0f 2a db                 cvtsi2sd xmm3, r11
  004c:  f2 0f 58 db                    addsd xmm3, xmm3
  ; 16: %u64f = uitofp i64 %b to float
  0050:  0f 57 e4                       xorps xmm4, xmm4
  0053:  48 85 f6                       test rsi, rsi
  0056:  0f 88 0a 00 00 00              js 0x66
  005c:  f3 48 0f 2a e6                 cvtsi2ss xmm4, rsi
  0061:  e9 18 00 00 00                 jmp 0x7e
  0066:  49 89 f3                       mov r11, rsi
  0069:  49 c1 eb 01                    shr r11, 1
  006d:  89 f0                          mov eax, esi
  006f:  83 e0 01                       and eax, 1
  0072:  49 09 c3                       or r11, rax
  0075:  f3 49 0f 2a e3                 cvtsi2ss xmm4, r11
  007a:  f3 0f 58 e4                    addss xmm4, xmm4
  ; 17: %s64f = sitofp i64 %b to float
  007e:  0f 57 ed                       xorps xmm5, xmm5
  0081:  f3 48 0f 2a ee                 cvtsi2ss xmm5, rsi
  ; 18: %d1 = fpext float %s32f to double
  0086:  f3 0f 5a f0                    cvtss2sd xmm6, xmm0
  ; 19: %d2 = fpext float %u64f to double
  008a:  f3 0f 5a c4                    cvtss2sd xmm0, xmm4
  ; 20: %d3 = fpext float %s64f to double
  008e:  f3 0f 5a e5                    cvtss2sd xmm4, xmm5
  ; 21: call i32 (ptr, ...) @printf(ptr @ff, double %d1, double %u32d, double %s64d, double %u64d, double %d2, double %d3)
  0092:  48 8d 05 00 00 00 00           lea rax, [rip + ff]  ; R_X86_64_PC32 ff-0x4
  0099:  48 89 c7                       mov rdi, rax
  009c:  0f 28 ec                       movaps xmm5, xmm4
  009f:  0f 28 e0                       movaps xmm4, xmm0
  00a2:  0f 28 c6                       movaps xmm0, xmm6
  00a5:  b8 06 00 00 00                 mov eax, 6
  00aa:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 22: ret void
  00af:  48 89 ec                       mov rsp, rbp
  00b2:  5d                             pop rbp
  00b3:  c3                             ret

@to_int:
  ; prologue
  00c0:  55                             push rbp
  00c1:  48 89 e5                       mov rbp, rsp
  00c4:  48 83 ec 40                    sub rsp, 64
  ; 26: %a = fptosi double %d to i32
  00c8:  f2 0f 2c c0                    cvttsd2si eax, xmm0
  00cc:  83 f8 01                       cmp eax, 1
  00cf:  0f 81 2a 00 00 00              jno 0x3f
  00d5:  66 0f 2e c0                    ucomisd xmm0, xmm0
  00d9:  0f 8a 1e 00 00 00              jp 0x3d
  00df:  45 0f 57 ff                    xorps xmm15, xmm15
  00e3:  66 41 0f 2e c7                 ucomisd xmm0, xmm15
  00e8:  0f 86 11 00 00 00              jbe 0x3f
  00ee:  48 c7 c0 ff ff ff ff           mov rax, -1
  00f5:  c1 e8 01                       shr eax, 1
  00f8:  e9 02 00 00 00                 jmp 0x3f
  00fd:  31 c0                          xor eax, eax
  ; 27: %b = fptoui double %u to i32
  00ff:  f2 48 0f 2c c9                 cvttsd2si rcx, xmm1
  0104:  48 85 c9                       test rcx, rcx
  0107:  0f 88 12 00 00 00              js 0x5f
  010d:  41 bb ff ff ff ff              mov r11d, 4294967295
  0113:  4c 39 d9                       cmp rcx, r11
  0116:  49 0f 47 cb                    cmova rcx, r11
  011a:  e9 18 00 00 00                 jmp 0x77
  011f:  45 0f 57 ff                    xorps xmm15, xmm15
  0123:  66 41 0f 2e cf                 ucomisd xmm1, xmm15
  0128:  b9 00 00 00 00                 mov ecx, 0
  012d:  41 bb ff ff ff ff              mov r11d, 4294967295
  0133:  49 0f 47 cb                    cmova rcx, r11
  ; 28: %c = fptosi float %f to i64
  0137:  f3 48 0f 2c d3                 cvttss2si rdx, xmm3
  013c:  48 83 fa 01                    cmp rdx, 1
  0140:  0f 81 29 00 00 00              jno 0xaf
  0146:  0f 2e db                       ucomiss xmm3, xmm3
  0149:  0f 8a 1e 00 00 00              jp 0xad
  014f:  45 0f 57 ff                    xorps xmm15, xmm15
  0153:  41 0f 2e df                    ucomiss xmm3, xmm15
  0157:  0f 86 12 00 00 00              jbe 0xaf
  015d:  48 c7 c2 ff ff ff ff           mov rdx, -1
  0164:  48 c1 ea 01                    shr rdx, 1
  0168:  e9 02 00 00 00                 jmp 0xaf
  016d:  31 d2                          xor edx, edx
  ; 29: %e = fptoui double %big to i64
  016f:  49 bb 00 00 00 00 00 00 e0 43  movabs r11, 4890909195324358656
  0179:  66 4d 0f 6e fb                 movq xmm15, r11
  017e:  66 41 0f 2e d7                 ucomisd xmm2, xmm15
  0183:  0f 83 1a 00 00 00              jae 0xe3
  0189:  f2 48 0f 2c f2                 cvttsd2si rsi, xmm2
  018e:  48 85 f6                       test rsi, rsi
  0191:  0f 88 05 00 00 00              js 0xdc
  0197:  e9 36 00 00 00                 jmp 0x112
  019c:  31 f6                          xor esi, esi
  019e:  e9 2f 00 00 00                 jmp 0x112
  01a3:  0f 28 ca                       movaps xmm1, xmm2
  01a6:  f2 41 0f 5c cf                 subsd xmm1, xmm15
  01ab:  f2 48 0f 2c f1                 cvttsd2si rsi, xmm1
  01b0:  48 85 f6                       test rsi, rsi
  01b3:  0f 88 12 00 00 00              js 0x10b
  01b9:  49 bb 00 00 00 00 00 00 00 80  movabs r11, -9223372036854775808
  01c3:  4c 31 de                       xor rsi, r11
  01c6:  e9 07 00 00 00                 jmp 0x112
  01cb:  48 c7 c6 ff ff ff ff           mov rsi, -1
  ; 30: %t = fptrunc double %d to float
  01d2:  f2 0f 5a c8                    cvtsd2ss xmm1, xmm0
  ; 31: %g = fptosi float %t to i32
  01d6:  f3 0f 2c f9                    cvttss2si edi, xmm1
  01da:  83 ff 01                       cmp edi, 1
  01dd:  0f 81 28 00 00 00              jno 0x14b
  01e3:  0f 2e c9                       ucomiss xmm1, xmm1
  01e6:  0f 8a 1d 00 00 00              jp 0x149
  01ec:  45 0f 57 ff                    xorps xmm15, xmm15
  01f0:  41 0f 2e cf                    ucomiss xmm1, xmm15
  01f4:  0f 86 11 00 00 00              jbe 0x14b
  01fa:  48 c7 c7 ff ff ff ff           mov rdi, -1
  0201:  c1 ef 01                       shr edi, 1
  0204:  e9 02 00 00 00                 jmp 0x14b
  0209:  31 ff                          xor edi, edi
  ; 32: %h = bitcast double %d to i64
  020b:  66 49 0f 7e c0                 movq r8, xmm0
  ; 33: %k = bitcast float %f to i32
  0210:  66 41 0f 7e d9                 movd r9d, xmm3
  ; 34: call i32 (ptr, ...) @printf(ptr @fi, i32 %a, i32 %b, i64 %c, i64 %e, i32 %g, i64 %h, i32 %k)
  0215:  4c 8d 15 00 00 00 00           lea r10, [rip + fi]  ; R_X86_64_PC32 fi-0x4
  021c:  4c 89 04 24                    mov qword ptr [rsp], r8
  0220:  4c 89 4c 24 08                 mov qword ptr [rsp + 8], r9
  0225:  49 89 f9                       mov r9, rdi
  0228:  4c 89 d7                       mov rdi, r10
  022b:  49 89 f0                       mov r8, rsi
  022e:  48 89 c6                       mov rsi, rax
  0231:  49 89 d3                       mov r11, rdx
  0234:  48 89 ca                       mov rdx, rcx
  0237:  4c 89 d9                       mov rcx, r11
  023a:  b8 00 00 00 00                 mov eax, 0
  023f:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 35: ret void
  0244:  48 89 ec                       mov rsp, rbp
  0247:  5d                             pop rbp
  0248:  c3                             ret

@main:
  ; prologue
  0250:  55                             push rbp
  0251:  48 89 e5                       mov rbp, rsp
  0254:  48 83 ec 30                    sub rsp, 48
  ; 39: call void @to_fp(i32 -5, i64 -9000000000)
  0258:  bf fb ff ff ff                 mov edi, 4294967291
  025d:  48 be 00 e6 8e e7 fd ff ff ff  movabs rsi, -9000000000
  0267:  e8 00 00 00 00                 call to_fp  ; R_X86_64_PLT32 to_fp-0x4
  ; 40: call void @to_fp(i32 2000000000, i64 -1)
  026c:  bf 00 94 35 77                 mov edi, 2000000000
  0271:  48 c7 c6 ff ff ff ff           mov rsi, -1
  0278:  e8 00 00 00 00                 call to_fp  ; R_X86_64_PLT32 to_fp-0x4
  ; 41: call void @to_fp(i32 7, i64 9223372036854775807)
  027d:  bf 07 00 00 00                 mov edi, 7
  0282:  48 be ff ff ff ff ff ff ff 7f  movabs rsi, 9223372036854775807
  028c:  e8 00 00 00 00                 call to_fp  ; R_X86_64_PLT32 to_fp-0x4
  ; 42: call void @to_int(double 3.99, double 4000000000.5, double 1.0e19, float -2.5)
  0291:  49 bb ec 51 b8 1e 85 eb 0f 40  movabs r11, 4616167100056621548
  029b:  66 49 0f 6e c3                 movq xmm0, r11
  02a0:  49 bb 00 00 10 00 65 cd ed 41  movabs r11, 4750679015622180864
  02aa:  66 49 0f 6e cb                 movq xmm1, r11
  02af:  49 bb 00 3d 91 60 e4 58 e1 43  movabs r11, 4891288408196988160
  02b9:  66 49 0f 6e d3                 movq xmm2, r11
  02be:  41 bb 00 00 20 c0              mov r11d, 3223322624
  02c4:  66 41 0f 6e db                 movd xmm3, r11d
  02c9:  e8 00 00 00 00                 call to_int  ; R_X86_64_PLT32 to_int-0x4
  ; 43: call void @to_int(double -1000.75, double 1.5, double 12345.0, float 1048576.0)
  02ce:  49 bb 00 00 00 00 00 46 8f c0  movabs r11, -4571358130943819776
  02d8:  66 49 0f 6e c3                 movq xmm0, r11
  02dd:  49 bb 00 00 00 00 00 00 f8 3f  movabs r11, 4609434218613702656
  02e7:  66 49 0f 6e cb                 movq xmm1, r11
  02ec:  49 bb 00 00 00 00 80 1c c8 40  movabs r11, 4668012349850910720
  02f6:  66 49 0f 6e d3                 movq xmm2, r11
  02fb:  41 bb 00 00 80 49              mov r11d, 1233125376
  0301:  66 41 0f 6e db                 movd xmm3, r11d
  0306:  e8 00 00 00 00                 call to_int  ; R_X86_64_PLT32 to_int-0x4
  ; 44: call void @to_int(double -0.0, double 0.0, double 9.5e18, float -0.0)
  030b:  49 bb 00 00 00 00 00 00 00 80  movabs r11, -9223372036854775808
  0315:  66 49 0f 6e c3                 movq xmm0, r11
  031a:  0f 57 c9                       xorps xmm1, xmm1
  031d:  49 bb c0 c6 56 f5 d8 7a e0 43  movabs r11, 4891044267571988160
  0327:  66 49 0f 6e d3                 movq xmm2, r11
  032c:  41 bb 00 00 00 80              mov r11d, 2147483648
  0332:  66 41 0f 6e db                 movd xmm3, r11d
  0337:  e8 00 00 00 00                 call to_int  ; R_X86_64_PLT32 to_int-0x4
  ; 45: ret i32 0
  033c:  31 c0                          xor eax, eax
  033e:  48 89 ec                       mov rsp, rbp
  0341:  5d                             pop rbp
  0342:  c3                             ret

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
