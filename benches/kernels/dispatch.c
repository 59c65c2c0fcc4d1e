/* dispatch: indirect calls through a function-pointer table (a tiny
 * register machine whose opcodes are functions). Prints a checksum.
 * Size: STEPS (default below). */
#include <stdio.h>
#include <stdint.h>

#ifndef STEPS
#define STEPS 1000000
#endif

typedef uint32_t (*op_fn)(uint32_t, uint32_t);

static uint32_t op_add(uint32_t a, uint32_t b) { return a + b; }
static uint32_t op_sub(uint32_t a, uint32_t b) { return a - b; }
static uint32_t op_mul(uint32_t a, uint32_t b) { return a * (b | 1); }
static uint32_t op_xor(uint32_t a, uint32_t b) { return a ^ b; }
static uint32_t op_rotl(uint32_t a, uint32_t b) { b &= 31; return b ? (a << b) | (a >> (32 - b)) : a; }
static uint32_t op_min(uint32_t a, uint32_t b) { return a < b ? a : b; }
static uint32_t op_max(uint32_t a, uint32_t b) { return a > b ? a : b; }
static uint32_t op_div(uint32_t a, uint32_t b) { return a / (b | 1); }

static op_fn table[8] = {op_add, op_sub, op_mul, op_xor, op_rotl, op_min, op_max, op_div};

struct insn {
    uint8_t op, dst, src1, src2;
};

#define PROG 64

int main(void) {
    struct insn prog[PROG];
    uint32_t seed = 12345;
    for (int i = 0; i < PROG; i++) {
        seed = seed * 1664525u + 1013904223u;
        prog[i].op = (seed >> 24) & 7;
        prog[i].dst = (seed >> 16) & 15;
        prog[i].src1 = (seed >> 8) & 15;
        prog[i].src2 = seed & 15;
    }
    uint32_t reg[16];
    for (int i = 0; i < 16; i++)
        reg[i] = (uint32_t)i * 0x9e3779b9u + 1;
    uint32_t check = 0;
    for (long step = 0; step < STEPS; step++) {
        const struct insn *in = &prog[step % PROG];
        reg[in->dst] = table[in->op](reg[in->src1], reg[in->src2]);
        check = check * 33u + reg[in->dst];
    }
    printf("dispatch: checksum %u\n", check);
    return 0;
}
