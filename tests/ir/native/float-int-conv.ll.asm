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
  0033:  e9 17 00 00 00                 jmp 0x4f
  0038:  49 89 f3                       mov r11, rsi
  003b:  49 d1 eb                       shr r11
  003e:  89 f0                          mov eax, esi
  0040:  83 e0 01                       and eax, 1
  0043:  49 09 c3                       or r11, rax
  0046:  f2 49 0f 2a db                 cvtsi2sd xmm3, r11
  004b:  f2 0f 58 db                    addsd xmm3, xmm3
  ; 16: %u64f = uitofp i64 %b to float
  004f:  0f 57 e4                       xorps xmm4, xmm4
  0052:  48 85 f6                       test rsi, rsi
  0055:  0f 88 0a 00 00 00              js 0x65
  005b:  f3 48 0f 2a e6                 cvtsi2ss xmm4, rsi
  0060:  e9 17 00 00 00                 jmp 0x7c
  0065:  49 89 f3                       mov r11, rsi
  0068:  49 d1 eb                       shr r11
  006b:  89 f0                          mov eax, esi
  006d:  83 e0 01                       and eax, 1
  0070:  49 09 c3                       or r11, rax
  0073:  f3 49 0f 2a e3                 cvtsi2ss xmm4, r11
  0078:  f3 0f 58 e4                    addss xmm4, xmm4
  ; 17: %s64f = sitofp i64 %b to float
  007c:  0f 57 ed                       xorps xmm5, xmm5
  007f:  f3 48 0f 2a ee                 cvtsi2ss xmm5, rsi
  ; 18: %d1 = fpext float %s32f to double
  0084:  f3 0f 5a f0                    cvtss2sd xmm6, xmm0
  ; 19: %d2 = fpext float %u64f to double
  0088:  f3 0f 5a c4                    cvtss2sd xmm0, xmm4
  ; 20: %d3 = fpext float %s64f to double
  008c:  f3 0f 5a e5                    cvtss2sd xmm4, xmm5
  ; 21: call i32 (ptr, ...) @printf(ptr @ff, double %d1, double %u32d, double %s64d, double %u64d, double %d2, double %d3)
  0090:  48 8d 05 00 00 00 00           lea rax, [rip + ff]  ; R_X86_64_PC32 ff-0x4
  0097:  48 89 c7                       mov rdi, rax
  009a:  0f 28 ec                       movaps xmm5, xmm4
  009d:  0f 28 e0                       movaps xmm4, xmm0
  00a0:  0f 28 c6                       movaps xmm0, xmm6
  00a3:  b8 06 00 00 00                 mov eax, 6
  00a8:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 22: ret void
  00ad:  48 89 ec                       mov rsp, rbp
  00b0:  5d                             pop rbp
  00b1:  c3                             ret

@to_int:
  ; prologue
  00c0:  55                             push rbp
  00c1:  48 89 e5                       mov rbp, rsp
  00c4:  48 83 ec 40                    sub rsp, 64
  ; 26: %a = fptosi double %d to i32
  00c8:  f2 0f 2c c0                    cvttsd2si eax, xmm0
  00cc:  83 f8 01                       cmp eax, 1
  00cf:  0f 81 29 00 00 00              jno 0x3e
  00d5:  66 0f 2e c0                    ucomisd xmm0, xmm0
  00d9:  0f 8a 1d 00 00 00              jp 0x3c
  00df:  45 0f 57 ff                    xorps xmm15, xmm15
  00e3:  66 41 0f 2e c7                 ucomisd xmm0, xmm15
  00e8:  0f 86 10 00 00 00              jbe 0x3e
  00ee:  48 c7 c0 ff ff ff ff           mov rax, -1
  00f5:  d1 e8                          shr eax
  00f7:  e9 02 00 00 00                 jmp 0x3e
  00fc:  31 c0                          xor eax, eax
  ; 27: %b = fptoui double %u to i32
  00fe:  f2 48 0f 2c c9                 cvttsd2si rcx, xmm1
  0103:  48 85 c9                       test rcx, rcx
  0106:  0f 88 12 00 00 00              js 0x5e
  010c:  41 bb ff ff ff ff              mov r11d, 4294967295
  0112:  4c 39 d9                       cmp rcx, r11
  0115:  49 0f 47 cb                    cmova rcx, r11
  0119:  e9 18 00 00 00                 jmp 0x76
  011e:  45 0f 57 ff                    xorps xmm15, xmm15
  0122:  66 41 0f 2e cf                 ucomisd xmm1, xmm15
  0127:  b9 00 00 00 00                 mov ecx, 0
  012c:  41 bb ff ff ff ff              mov r11d, 4294967295
  0132:  49 0f 47 cb                    cmova rcx, r11
  ; 28: %c = fptosi float %f to i64
  0136:  f3 48 0f 2c d3                 cvttss2si rdx, xmm3
  013b:  48 83 fa 01                    cmp rdx, 1
  013f:  0f 81 28 00 00 00              jno 0xad
  0145:  0f 2e db                       ucomiss xmm3, xmm3
  0148:  0f 8a 1d 00 00 00              jp 0xab
  014e:  45 0f 57 ff                    xorps xmm15, xmm15
  0152:  41 0f 2e df                    ucomiss xmm3, xmm15
  0156:  0f 86 11 00 00 00              jbe 0xad
  015c:  48 c7 c2 ff ff ff ff           mov rdx, -1
  0163:  48 d1 ea                       shr rdx
  0166:  e9 02 00 00 00                 jmp 0xad
  016b:  31 d2                          xor edx, edx
  ; 29: %e = fptoui double %big to i64
  016d:  49 bb 00 00 00 00 00 00 e0 43  movabs r11, 4890909195324358656
  0177:  66 4d 0f 6e fb                 movq xmm15, r11
  017c:  66 41 0f 2e d7                 ucomisd xmm2, xmm15
  0181:  0f 83 1a 00 00 00              jae 0xe1
  0187:  f2 48 0f 2c f2                 cvttsd2si rsi, xmm2
  018c:  48 85 f6                       test rsi, rsi
  018f:  0f 88 05 00 00 00              js 0xda
  0195:  e9 36 00 00 00                 jmp 0x110
  019a:  31 f6                          xor esi, esi
  019c:  e9 2f 00 00 00                 jmp 0x110
  01a1:  0f 28 ca                       movaps xmm1, xmm2
  01a4:  f2 41 0f 5c cf                 subsd xmm1, xmm15
  01a9:  f2 48 0f 2c f1                 cvttsd2si rsi, xmm1
  01ae:  48 85 f6                       test rsi, rsi
  01b1:  0f 88 12 00 00 00              js 0x109
  01b7:  49 bb 00 00 00 00 00 00 00 80  movabs r11, -9223372036854775808
  01c1:  4c 31 de                       xor rsi, r11
  01c4:  e9 07 00 00 00                 jmp 0x110
  01c9:  48 c7 c6 ff ff ff ff           mov rsi, -1
  ; 30: %t = fptrunc double %d to float
  01d0:  f2 0f 5a c8                    cvtsd2ss xmm1, xmm0
  ; 31: %g = fptosi float %t to i32
  01d4:  f3 0f 2c f9                    cvttss2si edi, xmm1
  01d8:  83 ff 01                       cmp edi, 1
  01db:  0f 81 27 00 00 00              jno 0x148
  01e1:  0f 2e c9                       ucomiss xmm1, xmm1
  01e4:  0f 8a 1c 00 00 00              jp 0x146
  01ea:  45 0f 57 ff                    xorps xmm15, xmm15
  01ee:  41 0f 2e cf                    ucomiss xmm1, xmm15
  01f2:  0f 86 10 00 00 00              jbe 0x148
  01f8:  48 c7 c7 ff ff ff ff           mov rdi, -1
  01ff:  d1 ef                          shr edi
  0201:  e9 02 00 00 00                 jmp 0x148
  0206:  31 ff                          xor edi, edi
  ; 32: %h = bitcast double %d to i64
  0208:  66 49 0f 7e c0                 movq r8, xmm0
  ; 33: %k = bitcast float %f to i32
  020d:  66 41 0f 7e d9                 movd r9d, xmm3
  ; 34: call i32 (ptr, ...) @printf(ptr @fi, i32 %a, i32 %b, i64 %c, i64 %e, i32 %g, i64 %h, i32 %k)
  0212:  4c 8d 15 00 00 00 00           lea r10, [rip + fi]  ; R_X86_64_PC32 fi-0x4
  0219:  4c 89 04 24                    mov qword ptr [rsp], r8
  021d:  4c 89 4c 24 08                 mov qword ptr [rsp + 8], r9
  0222:  49 89 f9                       mov r9, rdi
  0225:  4c 89 d7                       mov rdi, r10
  0228:  49 89 f0                       mov r8, rsi
  022b:  48 89 c6                       mov rsi, rax
  022e:  49 89 d3                       mov r11, rdx
  0231:  48 89 ca                       mov rdx, rcx
  0234:  4c 89 d9                       mov rcx, r11
  0237:  b8 00 00 00 00                 mov eax, 0
  023c:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 35: ret void
  0241:  48 89 ec                       mov rsp, rbp
  0244:  5d                             pop rbp
  0245:  c3                             ret

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
