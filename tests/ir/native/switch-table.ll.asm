; native/switch-table.ll: x86-64, 601 bytes of code

@dense:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 30                    sub rsp, 48
  0008:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  000c:  83 ff 08                       cmp edi, 8
  000f:  0f 83 80 00 00 00              jae 0x95
  0015:  4c 8d 1d 0c 00 00 00           lea r11, [rip + 0x28]
  001c:  49 63 3c bb                    movsxd rdi, dword ptr [r11 + 4*rdi]
  0020:  4c 01 df                       add rdi, r11
  0023:  ff e7 cc cc cc 20 00 00 00 2a 00 00 00 34 00 00 00 3e 00 00 00 77 00 00 00 4f 00 00 00 59 00 00 00 63 00 00 00  jmp rdi
  ; 22: ret i32 100
  0048:  b8 64 00 00 00                 mov eax, 100
  004d:  e9 54 00 00 00                 jmp 0xa6
  ; 24: ret i32 101
  0052:  b8 65 00 00 00                 mov eax, 101
  0057:  e9 4a 00 00 00                 jmp 0xa6
  ; 26: ret i32 102
  005c:  b8 66 00 00 00                 mov eax, 102
  0061:  e9 40 00 00 00                 jmp 0xa6
  ; 28: br label %c4
  0066:  bb 03 00 00 00                 mov ebx, 3
  ; 31: %r = add i32 %p, 200
  006b:  89 d8                          mov eax, ebx
  006d:  05 c8 00 00 00                 add eax, 200
  ; 32: ret i32 %r
  0072:  e9 2f 00 00 00                 jmp 0xa6
  ; 34: ret i32 105
  0077:  b8 69 00 00 00                 mov eax, 105
  007c:  e9 25 00 00 00                 jmp 0xa6
  ; 36: ret i32 106
  0081:  b8 6a 00 00 00                 mov eax, 106
  0086:  e9 1b 00 00 00                 jmp 0xa6
  ; 38: ret i32 107
  008b:  b8 6b 00 00 00                 mov eax, 107
  0090:  e9 11 00 00 00                 jmp 0xa6
  ; 40: ret i32 -1
  0095:  b8 ff ff ff ff                 mov eax, 4294967295
  009a:  e9 07 00 00 00                 jmp 0xa6
  ; 11: switch i32 %x, label %def [
  009f:  bb 04 00 00 00                 mov ebx, 4
  00a4:  eb c5                          jmp 0x6b
  00a6:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  00aa:  48 89 ec                       mov rsp, rbp
  00ad:  5d                             pop rbp
  00ae:  c3                             ret

@sparse:
  ; prologue
  00b0:  55                             push rbp
  00b1:  48 89 e5                       mov rbp, rsp
  00b4:  48 83 ec 30                    sub rsp, 48
  00b8:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  00bc:  48 89 fb                       mov rbx, rdi
  ; 44: switch i32 %x, label %def [
  00bf:  83 fb 9c                       cmp ebx, -100
  00c2:  0f 85 25 00 00 00              jne 0x3d
  ; 51: ret i32 1
  00c8:  b8 01 00 00 00                 mov eax, 1
  00cd:  e9 2f 00 00 00                 jmp 0x51
  ; 53: ret i32 2
  00d2:  b8 02 00 00 00                 mov eax, 2
  00d7:  e9 25 00 00 00                 jmp 0x51
  ; 55: ret i32 3
  00dc:  b8 03 00 00 00                 mov eax, 3
  00e1:  e9 1b 00 00 00                 jmp 0x51
  ; 57: ret i32 0
  00e6:  31 c0                          xor eax, eax
  00e8:  e9 14 00 00 00                 jmp 0x51
  00ed:  83 fb 07                       cmp ebx, 7
  00f0:  74 e0                          je 0x22
  00f2:  81 fb 40 42 0f 00              cmp ebx, 1000000
  00f8:  74 e2                          je 0x2c
  00fa:  83 fb 08                       cmp ebx, 8
  00fd:  74 d3                          je 0x22
  00ff:  eb e5                          jmp 0x36
  0101:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  0105:  48 89 ec                       mov rsp, rbp
  0108:  5d                             pop rbp
  0109:  c3                             ret

@wide:
  ; prologue
  0110:  55                             push rbp
  0111:  48 89 e5                       mov rbp, rsp
  0114:  48 83 ec 30                    sub rsp, 48
  0118:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  011c:  48 89 fb                       mov rbx, rdi
  ; 61: switch i64 %x, label %def [
  011f:  48 b8 00 00 00 00 01 00 00 00  movabs rax, 4294967296
  0129:  48 39 c3                       cmp rbx, rax
  012c:  0f 85 1b 00 00 00              jne 0x3d
  ; 66: ret i32 32
  0132:  b8 20 00 00 00                 mov eax, 32
  0137:  e9 19 00 00 00                 jmp 0x45
  ; 68: ret i32 64
  013c:  b8 40 00 00 00                 mov eax, 64
  0141:  e9 0f 00 00 00                 jmp 0x45
  ; 70: ret i32 0
  0146:  31 c0                          xor eax, eax
  0148:  e9 08 00 00 00                 jmp 0x45
  014d:  48 83 fb ff                    cmp rbx, -1
  0151:  74 e9                          je 0x2c
  0153:  eb f1                          jmp 0x36
  0155:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  0159:  48 89 ec                       mov rsp, rbp
  015c:  5d                             pop rbp
  015d:  c3                             ret

@main:
  ; prologue
  0160:  55                             push rbp
  0161:  48 89 e5                       mov rbp, rsp
  0164:  48 83 ec 70                    sub rsp, 112
  0168:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  ; 75: br label %loop
  016c:  bb fe ff ff ff                 mov ebx, 4294967294
  0171:  48 89 df                       mov rdi, rbx
  0174:  e8 00 00 00 00                 call dense  ; R_X86_64_PLT32 dense-0x4
  0179:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  017d:  48 89 df                       mov rdi, rbx
  0180:  e8 00 00 00 00                 call sparse  ; R_X86_64_PLT32 sparse-0x4
  0185:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  018c:  48 89 de                       mov rsi, rbx
  018f:  48 89 cf                       mov rdi, rcx
  0192:  48 89 c1                       mov rcx, rax
  0195:  48 8b 55 c8                    mov rdx, qword ptr [rbp - 56]
  0199:  b8 00 00 00 00                 mov eax, 0
  019e:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  01a3:  89 d8                          mov eax, ebx
  01a5:  83 c0 01                       add eax, 1
  01a8:  83 f8 0a                       cmp eax, 10
  01ab:  48 89 45 c0                    mov qword ptr [rbp - 64], rax
  01af:  0f 8c 8f 00 00 00              jl 0xe4
  ; 85: %a = call i32 @sparse(i32 -100)
  01b5:  bf 9c ff ff ff                 mov edi, 4294967196
  01ba:  e8 00 00 00 00                 call sparse  ; R_X86_64_PLT32 sparse-0x4
  ; 86: %b = call i32 @sparse(i32 1000000)
  01bf:  48 89 45 b8                    mov qword ptr [rbp - 72], rax
  01c3:  bf 40 42 0f 00                 mov edi, 1000000
  01c8:  e8 00 00 00 00                 call sparse  ; R_X86_64_PLT32 sparse-0x4
  ; 87: %w1 = call i32 @wide(i64 4294967296)
  01cd:  48 89 45 b0                    mov qword ptr [rbp - 80], rax
  01d1:  48 bf 00 00 00 00 01 00 00 00  movabs rdi, 4294967296
  01db:  e8 00 00 00 00                 call wide  ; R_X86_64_PLT32 wide-0x4
  ; 88: %w2 = call i32 @wide(i64 -1)
  01e0:  48 89 45 a8                    mov qword ptr [rbp - 88], rax
  01e4:  48 c7 c7 ff ff ff ff           mov rdi, -1
  01eb:  e8 00 00 00 00                 call wide  ; R_X86_64_PLT32 wide-0x4
  ; 89: %w3 = call i32 @wide(i64 0)
  01f0:  48 89 45 a0                    mov qword ptr [rbp - 96], rax
  01f4:  31 ff                          xor edi, edi
  01f6:  e8 00 00 00 00                 call wide  ; R_X86_64_PLT32 wide-0x4
  ; 90: call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %w1)
  01fb:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  0202:  48 89 45 98                    mov qword ptr [rbp - 104], rax
  0206:  48 89 cf                       mov rdi, rcx
  0209:  48 8b 75 b8                    mov rsi, qword ptr [rbp - 72]
  020d:  48 8b 55 b0                    mov rdx, qword ptr [rbp - 80]
  0211:  48 8b 4d a8                    mov rcx, qword ptr [rbp - 88]
  0215:  b8 00 00 00 00                 mov eax, 0
  021a:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 91: call i32 (ptr, ...) @printf(ptr @fmt, i32 %w2, i32 %w3, i32 0)
  021f:  48 8d 05 00 00 00 00           lea rax, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  0226:  48 89 c7                       mov rdi, rax
  0229:  48 8b 75 a0                    mov rsi, qword ptr [rbp - 96]
  022d:  48 8b 55 98                    mov rdx, qword ptr [rbp - 104]
  0231:  31 c9                          xor ecx, ecx
  0233:  b8 00 00 00 00                 mov eax, 0
  0238:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 92: ret i32 0
  023d:  31 c0                          xor eax, eax
  023f:  e9 0c 00 00 00                 jmp 0xf0
  ; 78: %d = call i32 @dense(i32 %i)
  0244:  48 8b 45 c0                    mov rax, qword ptr [rbp - 64]
  0248:  48 89 c3                       mov rbx, rax
  ; 83: br i1 %more, label %loop, label %done
  024b:  e9 21 ff ff ff                 jmp 0x11
  0250:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  0254:  48 89 ec                       mov rsp, rbp
  0257:  5d                             pop rbp
  0258:  c3                             ret

; .data: 10 bytes, aligned to 8
@fmt:
  0000:  25 64 20 25 64 20 25 64        .byte 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0008:  0a 00                          .byte 0x0a, 0x00
