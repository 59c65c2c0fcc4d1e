; native/switch-table.ll: x86-64, 617 bytes of code

@dense:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 40                    sub rsp, 64
  0008:  83 ff 08                       cmp edi, 8
  000b:  0f 83 8c 00 00 00              jae 0x9d
  0011:  4c 8d 1d 0c 00 00 00           lea r11, [rip + 0x24]
  0018:  49 63 04 bb                    movsxd rax, dword ptr [r11 + 4*rdi]
  001c:  4c 01 d8                       add rax, r11
  001f:  ff e0 cc cc cc 20 00 00 00 2a 00 00 00 34 00 00 00 3e 00 00 00 83 00 00 00 5b 00 00 00 65 00 00 00 6f 00 00 00  jmp rax
  ; 22: ret i32 100
  0044:  b8 64 00 00 00                 mov eax, 100
  0049:  e9 64 00 00 00                 jmp 0xb2
  ; 24: ret i32 101
  004e:  b8 65 00 00 00                 mov eax, 101
  0053:  e9 5a 00 00 00                 jmp 0xb2
  ; 26: ret i32 102
  0058:  b8 66 00 00 00                 mov eax, 102
  005d:  e9 50 00 00 00                 jmp 0xb2
  ; 28: br label %c4
  0062:  b8 03 00 00 00                 mov eax, 3
  0067:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  ; 31: %r = add i32 %p, 200
  006b:  48 8b 45 c8                    mov rax, qword ptr [rbp - 56]
  006f:  89 c1                          mov ecx, eax
  0071:  81 c1 c8 00 00 00              add ecx, 200
  ; 32: ret i32 %r
  0077:  48 89 c8                       mov rax, rcx
  007a:  e9 33 00 00 00                 jmp 0xb2
  ; 34: ret i32 105
  007f:  b8 69 00 00 00                 mov eax, 105
  0084:  e9 29 00 00 00                 jmp 0xb2
  ; 36: ret i32 106
  0089:  b8 6a 00 00 00                 mov eax, 106
  008e:  e9 1f 00 00 00                 jmp 0xb2
  ; 38: ret i32 107
  0093:  b8 6b 00 00 00                 mov eax, 107
  0098:  e9 15 00 00 00                 jmp 0xb2
  ; 40: ret i32 -1
  009d:  b8 ff ff ff ff                 mov eax, 4294967295
  00a2:  e9 0b 00 00 00                 jmp 0xb2
  ; 11: switch i32 %x, label %def [
  00a7:  b8 04 00 00 00                 mov eax, 4
  00ac:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  00b0:  eb b9                          jmp 0x6b
  00b2:  48 89 ec                       mov rsp, rbp
  00b5:  5d                             pop rbp
  00b6:  c3                             ret

@sparse:
  ; prologue
  00c0:  55                             push rbp
  00c1:  48 89 e5                       mov rbp, rsp
  00c4:  48 83 ec 30                    sub rsp, 48
  00c8:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  00cc:  48 89 fb                       mov rbx, rdi
  ; 44: switch i32 %x, label %def [
  00cf:  83 fb 9c                       cmp ebx, -100
  00d2:  0f 85 25 00 00 00              jne 0x3d
  ; 51: ret i32 1
  00d8:  b8 01 00 00 00                 mov eax, 1
  00dd:  e9 2f 00 00 00                 jmp 0x51
  ; 53: ret i32 2
  00e2:  b8 02 00 00 00                 mov eax, 2
  00e7:  e9 25 00 00 00                 jmp 0x51
  ; 55: ret i32 3
  00ec:  b8 03 00 00 00                 mov eax, 3
  00f1:  e9 1b 00 00 00                 jmp 0x51
  ; 57: ret i32 0
  00f6:  31 c0                          xor eax, eax
  00f8:  e9 14 00 00 00                 jmp 0x51
  00fd:  83 fb 07                       cmp ebx, 7
  0100:  74 e0                          je 0x22
  0102:  81 fb 40 42 0f 00              cmp ebx, 1000000
  0108:  74 e2                          je 0x2c
  010a:  83 fb 08                       cmp ebx, 8
  010d:  74 d3                          je 0x22
  010f:  eb e5                          jmp 0x36
  0111:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  0115:  48 89 ec                       mov rsp, rbp
  0118:  5d                             pop rbp
  0119:  c3                             ret

@wide:
  ; prologue
  0120:  55                             push rbp
  0121:  48 89 e5                       mov rbp, rsp
  0124:  48 83 ec 40                    sub rsp, 64
  ; 61: switch i64 %x, label %def [
  0128:  48 b8 00 00 00 00 01 00 00 00  movabs rax, 4294967296
  0132:  48 39 c7                       cmp rdi, rax
  0135:  48 89 7d c8                    mov qword ptr [rbp - 56], rdi
  0139:  0f 85 1b 00 00 00              jne 0x3a
  ; 66: ret i32 32
  013f:  b8 20 00 00 00                 mov eax, 32
  0144:  e9 1d 00 00 00                 jmp 0x46
  ; 68: ret i32 64
  0149:  b8 40 00 00 00                 mov eax, 64
  014e:  e9 13 00 00 00                 jmp 0x46
  ; 70: ret i32 0
  0153:  31 c0                          xor eax, eax
  0155:  e9 0c 00 00 00                 jmp 0x46
  015a:  48 8b 45 c8                    mov rax, qword ptr [rbp - 56]
  015e:  48 83 f8 ff                    cmp rax, -1
  0162:  74 e5                          je 0x29
  0164:  eb ed                          jmp 0x33
  0166:  48 89 ec                       mov rsp, rbp
  0169:  5d                             pop rbp
  016a:  c3                             ret

@main:
  ; prologue
  0170:  55                             push rbp
  0171:  48 89 e5                       mov rbp, rsp
  0174:  48 83 ec 70                    sub rsp, 112
  0178:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  ; 75: br label %loop
  017c:  bb fe ff ff ff                 mov ebx, 4294967294
  0181:  48 89 df                       mov rdi, rbx
  0184:  e8 00 00 00 00                 call dense  ; R_X86_64_PLT32 dense-0x4
  0189:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  018d:  48 89 df                       mov rdi, rbx
  0190:  e8 00 00 00 00                 call sparse  ; R_X86_64_PLT32 sparse-0x4
  0195:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  019c:  48 89 de                       mov rsi, rbx
  019f:  48 89 cf                       mov rdi, rcx
  01a2:  48 89 c1                       mov rcx, rax
  01a5:  48 8b 55 c8                    mov rdx, qword ptr [rbp - 56]
  01a9:  b8 00 00 00 00                 mov eax, 0
  01ae:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  01b3:  89 d8                          mov eax, ebx
  01b5:  83 c0 01                       add eax, 1
  01b8:  83 f8 0a                       cmp eax, 10
  01bb:  48 89 45 c0                    mov qword ptr [rbp - 64], rax
  01bf:  0f 8c 8f 00 00 00              jl 0xe4
  ; 85: %a = call i32 @sparse(i32 -100)
  01c5:  bf 9c ff ff ff                 mov edi, 4294967196
  01ca:  e8 00 00 00 00                 call sparse  ; R_X86_64_PLT32 sparse-0x4
  ; 86: %b = call i32 @sparse(i32 1000000)
  01cf:  48 89 45 b8                    mov qword ptr [rbp - 72], rax
  01d3:  bf 40 42 0f 00                 mov edi, 1000000
  01d8:  e8 00 00 00 00                 call sparse  ; R_X86_64_PLT32 sparse-0x4
  ; 87: %w1 = call i32 @wide(i64 4294967296)
  01dd:  48 89 45 b0                    mov qword ptr [rbp - 80], rax
  01e1:  48 bf 00 00 00 00 01 00 00 00  movabs rdi, 4294967296
  01eb:  e8 00 00 00 00                 call wide  ; R_X86_64_PLT32 wide-0x4
  ; 88: %w2 = call i32 @wide(i64 -1)
  01f0:  48 89 45 a8                    mov qword ptr [rbp - 88], rax
  01f4:  48 c7 c7 ff ff ff ff           mov rdi, -1
  01fb:  e8 00 00 00 00                 call wide  ; R_X86_64_PLT32 wide-0x4
  ; 89: %w3 = call i32 @wide(i64 0)
  0200:  48 89 45 a0                    mov qword ptr [rbp - 96], rax
  0204:  31 ff                          xor edi, edi
  0206:  e8 00 00 00 00                 call wide  ; R_X86_64_PLT32 wide-0x4
  ; 90: call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %w1)
  020b:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  0212:  48 89 45 98                    mov qword ptr [rbp - 104], rax
  0216:  48 89 cf                       mov rdi, rcx
  0219:  48 8b 75 b8                    mov rsi, qword ptr [rbp - 72]
  021d:  48 8b 55 b0                    mov rdx, qword ptr [rbp - 80]
  0221:  48 8b 4d a8                    mov rcx, qword ptr [rbp - 88]
  0225:  b8 00 00 00 00                 mov eax, 0
  022a:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 91: call i32 (ptr, ...) @printf(ptr @fmt, i32 %w2, i32 %w3, i32 0)
  022f:  48 8d 05 00 00 00 00           lea rax, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  0236:  48 89 c7                       mov rdi, rax
  0239:  48 8b 75 a0                    mov rsi, qword ptr [rbp - 96]
  023d:  48 8b 55 98                    mov rdx, qword ptr [rbp - 104]
  0241:  31 c9                          xor ecx, ecx
  0243:  b8 00 00 00 00                 mov eax, 0
  0248:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 92: ret i32 0
  024d:  31 c0                          xor eax, eax
  024f:  e9 0c 00 00 00                 jmp 0xf0
  ; 78: %d = call i32 @dense(i32 %i)
  0254:  48 8b 45 c0                    mov rax, qword ptr [rbp - 64]
  0258:  48 89 c3                       mov rbx, rax
  ; 83: br i1 %more, label %loop, label %done
  025b:  e9 21 ff ff ff                 jmp 0x11
  0260:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  0264:  48 89 ec                       mov rsp, rbp
  0267:  5d                             pop rbp
  0268:  c3                             ret

; .data: 10 bytes, aligned to 8
@fmt:
  0000:  25 64 20 25 64 20 25 64        .byte 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0008:  0a 00                          .byte 0x0a, 0x00
