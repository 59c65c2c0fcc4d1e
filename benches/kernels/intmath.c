/* intmath: integer arithmetic (gcd, Collatz steps, modular exponentiation,
 * bit mixing, 64-bit division). Prints a checksum. Size: N (default below). */
#include <stdio.h>
#include <stdint.h>

#ifndef N
#define N 40000
#endif

static uint32_t gcd(uint32_t x, uint32_t y) {
    while (y != 0) {
        uint32_t t = x % y;
        x = y;
        y = t;
    }
    return x;
}

static uint32_t collatz(uint64_t n) {
    uint32_t steps = 0;
    while (n != 1) {
        n = (n & 1) ? 3 * n + 1 : n / 2;
        steps++;
    }
    return steps;
}

static uint64_t modpow(uint64_t b, uint64_t e, uint64_t m) {
    uint64_t r = 1;
    b %= m;
    while (e) {
        if (e & 1)
            r = r * b % m;
        b = b * b % m;
        e >>= 1;
    }
    return r;
}

static uint64_t mix(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

int main(void) {
    uint64_t sum = 0;
    for (uint32_t i = 1; i <= N; i++) {
        sum += gcd(i * 2654435761u, i + 12345u);
        sum += collatz(i);
        sum ^= modpow(i, 65537, 1000000007u);
        uint64_t h = mix(sum + i);
        sum += h / (i | 1) + (int64_t)(h >> 1) % 97;
    }
    printf("intmath: checksum %llu\n", (unsigned long long)sum);
    return 0;
}
