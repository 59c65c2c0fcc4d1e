; native/varargs-printf.ll: x86-64, 413 bytes of code

@main:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 60                    sub rsp, 96
  0008:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  000c:  4c 89 65 f0                    mov qword ptr [rbp - 16], r12
  ; 14: %n1 = call i32 (ptr, ...) @printf(ptr @f1, i32 -42, i64 1234567890123, i32 -1, i32 48879, i32 65, ptr @str)
  0010:  48 8d 05 00 00 00 00           lea rax, [rip + f1]  ; R_X86_64_PC32 f1-0x4
  0017:  48 8d 0d 00 00 00 00           lea rcx, [rip + str]  ; R_X86_64_PC32 str-0x4
  001e:  48 89 0c 24                    mov qword ptr [rsp], rcx
  0022:  48 89 c7                       mov rdi, rax
  0025:  be d6 ff ff ff                 mov esi, 4294967254
  002a:  48 ba cb 04 fb 71 1f 01 00 00  movabs rdx, 1234567890123
  0034:  b9 ff ff ff ff                 mov ecx, 4294967295
  0039:  41 b8 ef be 00 00              mov r8d, 48879
  003f:  41 b9 41 00 00 00              mov r9d, 65
  0045:  b8 00 00 00 00                 mov eax, 0
  004a:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 15: %n2 = call i32 (ptr, ...) @printf(ptr @f2, double 3.14159, double 1.0e100, double -0.0, double 0.5)
  004f:  48 8d 0d 00 00 00 00           lea rcx, [rip + f2]  ; R_X86_64_PC32 f2-0x4
  0056:  49 bb 6e 86 1b f0 f9 21 09 40  movabs r11, 4614256650576692846
  0060:  66 49 0f 6e c3                 movq xmm0, r11
  0065:  49 bb 7d c3 94 25 ad 49 b2 54  movabs r11, 6103021453049119613
  006f:  66 49 0f 6e cb                 movq xmm1, r11
  0074:  49 bb 00 00 00 00 00 00 00 80  movabs r11, -9223372036854775808
  007e:  66 49 0f 6e d3                 movq xmm2, r11
  0083:  49 bb 00 00 00 00 00 00 e0 3f  movabs r11, 4602678819172646912
  008d:  66 49 0f 6e db                 movq xmm3, r11
  0092:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  0096:  48 89 cf                       mov rdi, rcx
  0099:  b8 04 00 00 00                 mov eax, 4
  009e:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 16: %n3 = call i32 (ptr, ...) @printf(ptr @f3, double 1.0, double 2.0, double 3.0, double 4.0, double 5.0, double 6.0, double 7.0, double 8.0, double 9.0, double 10.0, i32 %n1, ptr @str, double 11.5)
  00a3:  48 8d 0d 00 00 00 00           lea rcx, [rip + f3]  ; R_X86_64_PC32 f3-0x4
  00aa:  49 bb 00 00 00 00 00 00 f0 3f  movabs r11, 4607182418800017408
  00b4:  66 49 0f 6e c3                 movq xmm0, r11
  00b9:  49 bb 00 00 00 00 00 00 00 40  movabs r11, 4611686018427387904
  00c3:  66 49 0f 6e cb                 movq xmm1, r11
  00c8:  49 bb 00 00 00 00 00 00 08 40  movabs r11, 4613937818241073152
  00d2:  66 49 0f 6e d3                 movq xmm2, r11
  00d7:  49 bb 00 00 00 00 00 00 10 40  movabs r11, 4616189618054758400
  00e1:  66 49 0f 6e db                 movq xmm3, r11
  00e6:  49 bb 00 00 00 00 00 00 14 40  movabs r11, 4617315517961601024
  00f0:  66 49 0f 6e e3                 movq xmm4, r11
  00f5:  49 bb 00 00 00 00 00 00 18 40  movabs r11, 4618441417868443648
  00ff:  66 49 0f 6e eb                 movq xmm5, r11
  0104:  49 bb 00 00 00 00 00 00 1c 40  movabs r11, 4619567317775286272
  010e:  66 49 0f 6e f3                 movq xmm6, r11
  0113:  49 bb 00 00 00 00 00 00 20 40  movabs r11, 4620693217682128896
  011d:  66 49 0f 6e fb                 movq xmm7, r11
  0122:  49 bb 00 00 00 00 00 00 22 40  movabs r11, 4621256167635550208
  012c:  66 4d 0f 6e c3                 movq xmm8, r11
  0131:  49 bb 00 00 00 00 00 00 24 40  movabs r11, 4621819117588971520
  013b:  66 4d 0f 6e cb                 movq xmm9, r11
  0140:  48 8d 15 00 00 00 00           lea rdx, [rip + str]  ; R_X86_64_PC32 str-0x4
  0147:  49 bb 00 00 00 00 00 00 27 40  movabs r11, 4622663542519103488
  0151:  66 4d 0f 6e d3                 movq xmm10, r11
  0156:  f2 44 0f 11 04 24              movsd qword ptr [rsp], xmm8
  015c:  f2 44 0f 11 4c 24 08           movsd qword ptr [rsp + 8], xmm9
  0163:  f2 44 0f 11 54 24 10           movsd qword ptr [rsp + 16], xmm10
  016a:  48 89 45 c0                    mov qword ptr [rbp - 64], rax
  016e:  48 89 cf                       mov rdi, rcx
  0171:  48 8b 75 c8                    mov rsi, qword ptr [rbp - 56]
  0175:  b8 08 00 00 00                 mov eax, 8
  017a:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 17: %t = add i32 %n1, %n2
  017f:  48 8b 5d c0                    mov rbx, qword ptr [rbp - 64]
  0183:  4c 8b 65 c8                    mov r12, qword ptr [rbp - 56]
  0187:  41 01 dc                       add r12d, ebx
  ; 18: %u = add i32 %t, %n3
  018a:  41 01 c4                       add r12d, eax
  ; 19: ret i32 %u
  018d:  4c 89 e0                       mov rax, r12
  0190:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  0194:  4c 8b 65 f0                    mov r12, qword ptr [rbp - 16]
  0198:  48 89 ec                       mov rsp, rbp
  019b:  5d                             pop rbp
  019c:  c3                             ret

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
