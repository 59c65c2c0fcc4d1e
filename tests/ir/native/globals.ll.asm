; native/globals.ll: x86-64, 261 bytes of code

@bump:
  ; prologue
  0000:  55                             push rbp
  0001:  48 89 e5                       mov rbp, rsp
  0004:  48 83 ec 30                    sub rsp, 48
  ; 16: %v = load i32, ptr @counter
  0008:  48 8d 05 00 00 00 00           lea rax, [rip + counter]  ; R_X86_64_PC32 counter-0x4
  000f:  8b 08                          mov ecx, dword ptr [rax]
  ; 17: %n = add i32 %v, %by
  0011:  01 f9                          add ecx, edi
  ; 18: store i32 %n, ptr @counter
  0013:  48 8d 05 00 00 00 00           lea rax, [rip + counter]  ; R_X86_64_PC32 counter-0x4
  001a:  89 08                          mov dword ptr [rax], ecx
  ; 19: ret i32 %n
  001c:  48 89 c8                       mov rax, rcx
  001f:  48 89 ec                       mov rsp, rbp
  0022:  5d                             pop rbp
  0023:  c3                             ret

@at:
  ; prologue
  0030:  55                             push rbp
  0031:  48 89 e5                       mov rbp, rsp
  0034:  48 83 ec 30                    sub rsp, 48
  ; 23: %p = getelementptr [5 x i64], ptr @table, i64 0, i64 %i
  0038:  48 8d 05 00 00 00 00           lea rax, [rip + table]  ; R_X86_64_PC32 table-0x4
  003f:  b9 08 00 00 00                 mov ecx, 8
  0044:  48 0f af f9                    imul rdi, rcx
  0048:  48 01 f8                       add rax, rdi
  ; 24: %v = load i64, ptr %p
  004b:  48 8b 08                       mov rcx, qword ptr [rax]
  ; 25: ret i64 %v
  004e:  48 89 c8                       mov rax, rcx
  0051:  48 89 ec                       mov rsp, rbp
  0054:  5d                             pop rbp
  0055:  c3                             ret

@main:
  ; prologue
  0060:  55                             push rbp
  0061:  48 89 e5                       mov rbp, rsp
  0064:  48 83 ec 40                    sub rsp, 64
  0068:  48 89 5d f8                    mov qword ptr [rbp - 8], rbx
  ; 30: br label %loop
  006c:  31 db                          xor ebx, ebx
  006e:  48 8d 05 00 00 00 00           lea rax, [rip + fn]  ; R_X86_64_PC32 fn-0x4
  0075:  48 8b 08                       mov rcx, qword ptr [rax]
  0078:  49 89 ca                       mov r10, rcx
  007b:  bf 03 00 00 00                 mov edi, 3
  0080:  41 ff d2                       call r10
  0083:  48 89 45 c8                    mov qword ptr [rbp - 56], rax
  0087:  48 89 df                       mov rdi, rbx
  008a:  e8 00 00 00 00                 call at  ; R_X86_64_PLT32 at-0x4
  008f:  48 8d 0d 00 00 00 00           lea rcx, [rip + ptrs]  ; R_X86_64_PC32 ptrs-0x4
  0096:  48 83 c1 08                    add rcx, 8
  009a:  48 8b 11                       mov rdx, qword ptr [rcx]
  009d:  48 8b 0a                       mov rcx, qword ptr [rdx]
  00a0:  48 8d 15 00 00 00 00           lea rdx, [rip + ptrs]  ; R_X86_64_PC32 ptrs-0x4
  00a7:  48 8b 32                       mov rsi, qword ptr [rdx]
  00aa:  8b 16                          mov edx, dword ptr [rsi]
  00ac:  48 8d 35 00 00 00 00           lea rsi, [rip + fmt]  ; R_X86_64_PC32 fmt-0x4
  00b3:  49 89 d0                       mov r8, rdx
  00b6:  48 89 c2                       mov rdx, rax
  00b9:  48 89 f7                       mov rdi, rsi
  00bc:  48 8b 75 c8                    mov rsi, qword ptr [rbp - 56]
  00c0:  b8 00 00 00 00                 mov eax, 0
  00c5:  e8 00 00 00 00                 call printf  ; R_X86_64_PLT32 printf-0x4
  00ca:  48 89 d8                       mov rax, rbx
  00cd:  48 83 c0 01                    add rax, 1
  00d1:  48 83 f8 05                    cmp rax, 5
  00d5:  48 89 45 c0                    mov qword ptr [rbp - 64], rax
  00d9:  0f 82 11 00 00 00              jb 0x90
  ; 46: %end = load i32, ptr @counter
  00df:  48 8d 05 00 00 00 00           lea rax, [rip + counter]  ; R_X86_64_PC32 counter-0x4
  00e6:  8b 08                          mov ecx, dword ptr [rax]
  ; 47: ret i32 %end
  00e8:  48 89 c8                       mov rax, rcx
  00eb:  e9 0c 00 00 00                 jmp 0x9c
  ; 33: %f = load ptr, ptr @fn
  00f0:  48 8b 45 c0                    mov rax, qword ptr [rbp - 64]
  00f4:  48 89 c3                       mov rbx, rax
  ; 44: br i1 %more, label %loop, label %done
  00f7:  e9 72 ff ff ff                 jmp 0xe
  00fc:  48 8b 5d f8                    mov rbx, qword ptr [rbp - 8]
  0100:  48 89 ec                       mov rsp, rbp
  0103:  5d                             pop rbp
  0104:  c3                             ret

; .data: 90 bytes, aligned to 8
@counter:
  0000:  05 00 00 00                    .byte 0x05, 0x00, 0x00, 0x00
@table:
  0004:  0a 00 00 00 00 00 00 00        .byte 0x0a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
  000c:  ec ff ff ff ff ff ff ff        .byte 0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
  0014:  1e 00 00 00 00 00 00 00        .byte 0x1e, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
  001c:  d8 ff ff ff ff ff ff ff        .byte 0xd8, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
  0024:  32 00 00 00 00 00 00 00        .byte 0x32, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00
  002c:  00 00 00 00                    .byte 0x00, 0x00, 0x00, 0x00
@ptrs:
  0030:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00  ; R_X86_64_64 counter
  0038:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00  ; R_X86_64_64 table+0x10
@fn:
  0040:  00 00 00 00 00 00 00 00        .byte 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00  ; R_X86_64_64 bump
@fmt:
  0048:  25 64 20 25 6c 6c 64 20        .byte 0x25, 0x64, 0x20, 0x25, 0x6c, 0x6c, 0x64, 0x20
  0050:  25 6c 6c 64 20 25 64 0a        .byte 0x25, 0x6c, 0x6c, 0x64, 0x20, 0x25, 0x64, 0x0a
  0058:  00 00                          .byte 0x00, 0x00
