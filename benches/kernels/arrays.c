/* arrays: loops over integer arrays (fill, stencil, prefix sums, matrix
 * multiply). Prints a checksum. Size: REPS passes (default below). */
#include <stdio.h>

#ifndef REPS
#define REPS 64
#endif

#define LEN 4096
#define DIM 32

static unsigned a[LEN], b[LEN], c[LEN];
static unsigned ma[DIM][DIM], mb[DIM][DIM], mc[DIM][DIM];

static void fill(unsigned *p, int n, unsigned seed) {
    for (int i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = seed >> 8;
    }
}

static unsigned stencil(void) {
    unsigned s = 0;
    for (int i = 1; i < LEN - 1; i++) {
        c[i] = (a[i - 1] + 2 * a[i] + a[i + 1]) >> 2;
        s += c[i] ^ b[i];
    }
    return s;
}

static unsigned prefix(void) {
    unsigned acc = 0;
    for (int i = 0; i < LEN; i++) {
        acc += c[i];
        b[i] = acc;
    }
    return acc;
}

static unsigned matmul(void) {
    for (int i = 0; i < DIM; i++)
        for (int j = 0; j < DIM; j++) {
            unsigned s = 0;
            for (int k = 0; k < DIM; k++)
                s += ma[i][k] * mb[k][j];
            mc[i][j] = s;
        }
    unsigned t = 0;
    for (int i = 0; i < DIM; i++)
        for (int j = 0; j < DIM; j++)
            t = t * 31u + mc[i][j];
    return t;
}

int main(void) {
    fill(a, LEN, 1);
    fill(b, LEN, 2);
    fill(&ma[0][0], DIM * DIM, 3);
    fill(&mb[0][0], DIM * DIM, 4);
    unsigned sum = 0;
    for (int r = 0; r < REPS; r++) {
        sum += stencil();
        sum ^= prefix();
        sum += matmul();
        /* Feed results back so that no pass is loop-invariant. */
        a[r % LEN] ^= sum;
        ma[r % DIM][(r * 7) % DIM] += sum;
    }
    printf("arrays: checksum %u\n", sum);
    return 0;
}
