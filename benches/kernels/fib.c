/* fib: recursion (doubly recursive Fibonacci and Takeuchi's function).
 * Prints the results. Size: FIB (default below); tak(18, 12, 6) is fixed. */
#include <stdio.h>

#ifndef FIB
#define FIB 31
#endif

static int fib(int n) {
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static int tak(int x, int y, int z) {
    return y < x ? tak(tak(x - 1, y, z), tak(y - 1, z, x), tak(z - 1, x, y)) : z;
}

int main(void) {
    int f = fib(FIB);
    int t = tak(18, 12, 6);
    printf("fib(%d) = %d, tak = %d\n", FIB, f, t);
    return 0;
}
