; native/switch-table.ll: x86-64, 656 bytes of code

@dense:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 40                    sub rsp, 64
  0008:  83 ff 08                       cmp edi, 8
  000b:  0f 83 8c 00 00 00              jae 0x9d
  0011:  4c 8d 1d 0c 00 00 00           lea r11, [rip + 0x24]
  0018:  49 63 3c bb                    movsxd rdi, dword ptr [r11 + 4*rdi]
  001c:  4c 01 df                       add rdi, r11
  001f:  ff e7 cc cc cc 20 00 00 00 2a 00 00 00 34 00 00 00 3e 00 00 00 83 00 00 00 5b 00 00 00 65 00 00 00 6f 00 00 00  jmp rdi
  ; 22: ret i32 100
  0044:  b8 64 00 00 00                 mov eax, 100
  0049:  e9 67 00 00 00                 jmp 0xb5
  ; 24: ret i32 101
  004e:  b8 65 00 00 00                 mov eax, 101
  0053:  e9 5d 00 00 00                 jmp 0xb5
  ; 26: ret i32 102
  0058:  b8 66 00 00 00                 mov eax, 102
  005d:  e9 53 00 00 00                 jmp 0xb5
  ; 28: br label %c4
  0062:  b8 03 00 00 00                 mov eax, 3
  0067:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  ; 31: %r = add i32 %p, 200
  006b:  48 8b 45 c8                    mov rax, qword ptr [rbp - 56]
  006f:  89 c1                          mov ecx, eax
  0071:  81 c1 c8 00 00 00              add ecx, 200
  ; 32: ret i32 %r
  0077:  48 89 c8                       mov rax, rcx
  007a:  e9 36 00 00 00                 jmp 0xb5
  ; 34: ret i32 105
  007f:  b8 69 00 00 00                 mov eax, 105
  0084:  e9 2c 00 00 00                 jmp 0xb5
  ; 36: ret i32 106
  0089:  b8 6a 00 00 00                 mov eax, 106
  008e:  e9 22 00 00 00                 jmp 0xb5
  ; 38: ret i32 107
  0093:  b8 6b 00 00 00                 mov eax, 107
  0098:  e9 18 00 00 00                 jmp 0xb5
  ; 40: ret i32 -1
  009d:  b8 ff ff ff ff                 mov eax, 4294967295
  00a2:  e9 0e 00 00 00                 jmp 0xb5
  ; 11: switch i32 %x, label %def [
  00a7:  b8 04 00 00 00                 mov eax, 4
  00ac:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  00b0:  e9 b6 ff ff ff                 jmp 0x6b
  00b5:  48 89 ec                       mov rsp, rbp
  00b8:  5d                             pop rbp
  00b9:  c3                             ret

@sparse:
  ; prologue
  00c0:  55                             push rbp
  00c1:  48 89 e5                       mov rbp, rsp
  00c4:  48 83 ec 40                    sub rsp, 64
  ; 44: switch i32 %x, label %def [
  00c8:  83 ff 9c                       cmp edi, -100
  00cb:  48 89 7d c8                    mov qword ptr [rbp - 56], rdi
  00cf:  0f 85 25 00 00 00              jne 0x3a
  ; 51: ret i32 1
  00d5:  b8 01 00 00 00                 mov eax, 1
  00da:  e9 49 00 00 00                 jmp 0x68
  ; 53: ret i32 2
  00df:  b8 02 00 00 00                 mov eax, 2
  00e4:  e9 3f 00 00 00                 jmp 0x68
  ; 55: ret i32 3
  00e9:  b8 03 00 00 00                 mov eax, 3
  00ee:  e9 35 00 00 00                 jmp 0x68
  ; 57: ret i32 0
  00f3:  31 c0                          xor eax, eax
  00f5:  e9 2e 00 00 00                 jmp 0x68
  00fa:  48 8b 45 c8                    mov rax, qword ptr [rbp - 56]
  00fe:  83 f8 07                       cmp eax, 7
  0101:  0f 84 d8 ff ff ff              je 0x1f
  0107:  48 8b 45 c8                    mov rax, qword ptr [rbp - 56]
  010b:  3d 40 42 0f 00                 cmp eax, 1000000
  0110:  0f 84 d3 ff ff ff              je 0x29
  0116:  48 8b 45 c8                    mov rax, qword ptr [rbp - 56]
  011a:  83 f8 08                       cmp eax, 8
  011d:  0f 84 bc ff ff ff              je 0x1f
  0123:  e9 cb ff ff ff                 jmp 0x33
  0128:  48 89 ec                       mov rsp, rbp
  012b:  5d                             pop rbp
  012c:  c3                             ret

@wide:
  ; prologue
  0130:  55                             push rbp
  0131:  48 89 e5                       mov rbp, rsp
  0134:  48 83 ec 40                    sub rsp, 64
  ; 61: switch i64 %x, label %def [
  0138:  48 b8 00 00 00 00 01 00 00 00  movabs rax, 4294967296
  0142:  48 39 c7                       cmp rdi, rax
  0145:  48 89 7d c8                    mov qword ptr [rbp - 56], rdi
  0149:  0f 85 1b 00 00 00              jne 0x3a
  ; 66: ret i32 32
  014f:  b8 20 00 00 00                 mov eax, 32
  0154:  e9 24 00 00 00                 jmp 0x4d
  ; 68: ret i32 64
  0159:  b8 40 00 00 00                 mov eax, 64
  015e:  e9 1a 00 00 00                 jmp 0x4d
  ; 70: ret i32 0
  0163:  31 c0                          xor eax, eax
  0165:  e9 13 00 00 00                 jmp 0x4d
  016a:  48 8b 45 c8                    mov rax, qword ptr [rbp - 56]
  016e:  48 83 f8 ff                    cmp rax, -1
  0172:  0f 84 e1 ff ff ff              je 0x29
  0178:  e9 e6 ff ff ff                 jmp 0x33
  017d:  48 89 ec                       mov rsp, rbp
  0180:  5d                             pop rbp
  0181:  c3                             ret

@main:
  ; prologue
  0190:  55                             push rbp
  0191:  48 89 e5                       mov rbp, rsp
  0194:  48 83 ec 70                    sub rsp, 112
  ; 75: br label %loop
  0198:  b8 fe ff ff ff                 mov eax, 4294967294
  019d:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  01a1:  48 8b 7d c8                    mov rdi, qword ptr [rbp - 56]
  01a5:  e8 00 00 00 00                 call dense  ; R_X86_64_PLT32 dense-0x4
  01aa:  48 89 45 c0                    mov qword ptr [rbp - 64], rax
  01ae:  48 8b 7d c8                    mov rdi, qword ptr [rbp - 56]
  01b2:  e8 00 00 00 00                 call sparse  ; R_X86_64_PLT32 sparse-0x4
  01b7:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  01be:  48 89 cf                       mov rdi, rcx
  01c1:  48 89 c1                       mov rcx, rax
  01c4:  48 8b 75 c8                    mov rsi, qword ptr [rbp - 56]
  01c8:  48 8b 55 c0                    mov rdx, qword ptr [rbp - 64]
  01cc:  b8 00 00 00 00                 mov eax, 0
  01d1:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  01d6:  48 8b 45 c8                    mov rax, qword ptr [rbp - 56]
  01da:  89 c1                          mov ecx, eax
  01dc:  83 c1 01                       add ecx, 1
  01df:  83 f9 0a                       cmp ecx, 10
  01e2:  48 89 4d b8                    mov qword ptr [rbp - 72], rcx
  01e6:  0f 8c 8f 00 00 00              jl 0xeb
  ; 85: %a = call i32 @sparse(i32 -100)
  01ec:  bf 9c ff ff ff                 mov edi, 4294967196
  01f1:  e8 00 00 00 00                 call sparse  ; R_X86_64_PLT32 sparse-0x4
  ; 86: %b = call i32 @sparse(i32 1000000)
  01f6:  48 89 45 b0                    mov qword ptr [rbp - 80], rax
  01fa:  bf 40 42 0f 00                 mov edi, 1000000
  01ff:  e8 00 00 00 00                 call sparse  ; R_X86_64_PLT32 sparse-0x4
  ; 87: %w1 = call i32 @wide(i64 4294967296)
  0204:  48 89 45 a8                    mov qword ptr [rbp - 88], rax
  0208:  48 bf 00 00 00 00 01 00 00 00  movabs rdi, 4294967296
  0212:  e8 00 00 00 00                 call wide  ; R_X86_64_PLT32 wide-0x4
  ; 88: %w2 = call i32 @wide(i64 -1)
  0217:  48 89 45 a0                    mov qword ptr [rbp - 96], rax
  021b:  48 c7 c7 ff ff ff ff           mov rdi, -1
  0222:  e8 00 00 00 00                 call wide  ; R_X86_64_PLT32 wide-0x4
  ; 89: %w3 = call i32 @wide(i64 0)
  0227:  48 89 45 98                    mov qword ptr [rbp - 104], rax
  022b:  31 ff                          xor edi, edi
  022d:  e8 00 00 00 00                 call wide  ; R_X86_64_PLT32 wide-0x4
  ; 90: call i32 (ptr, ...) @printf(ptr @fmt, i32 %a, i32 %b, i32 %w1)
  0232:  48 8d 0d 00 00 00 00           lea rcx, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  0239:  48 89 45 90                    mov qword ptr [rbp - 112], rax
  023d:  48 89 cf                       mov rdi, rcx
  0240:  48 8b 75 b0                    mov rsi, qword ptr [rbp - 80]
  0244:  48 8b 55 a8                    mov rdx, qword ptr [rbp - 88]
  0248:  48 8b 4d a0                    mov rcx, qword ptr [rbp - 96]
  024c:  b8 00 00 00 00                 mov eax, 0
  0251:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 91: call i32 (ptr, ...) @printf(ptr @fmt, i32 %w2, i32 %w3, i32 0)
  0256:  48 8d 05 00 00 00 00           lea rax, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  025d:  48 89 c7                       mov rdi, rax
  0260:  48 8b 75 98                    mov rsi, qword ptr [rbp - 104]
  0264:  48 8b 55 90                    mov rdx, qword ptr [rbp - 112]
  0268:  31 c9                          xor ecx, ecx
  026a:  b8 00 00 00 00                 mov eax, 0
  026f:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  ; 92: ret i32 0
  0274:  31 c0                          xor eax, eax
  0276:  e9 10 00 00 00                 jmp 0xfb
  ; 78: %d = call i32 @dense(i32 %i)
  027b:  48 8b 45 b8                    mov rax, qword ptr [rbp - 72]
  027f:  48 89 c1                       mov rcx, rax
  ; 83: br i1 %more, label %loop, label %done
  0282:  48 89 4d c8                    mov qword ptr [rbp - 56], rcx
  0286:  e9 16 ff ff ff                 jmp 0x11
  028b:  48 89 ec                       mov rsp, rbp
  028e:  5d                             pop rbp
  028f:  c3                             ret

; .data: 10 bytes, aligned to 8
@fmt:
  0000:  25 64 20 25 64 20 25 64        .byte 0x25, 0x64, 0x20, 0x25, 0x64, 0x20, 0x25, 0x64
  0008:  0a 00                          .byte 0x0a, 0x00
