/* mandel: floating point, Mandelbrot set iteration counts over a grid.
 * Prints the total iteration count and a hash. Size: SIDE (default below). */
#include <stdio.h>

#ifndef SIDE
#define SIDE 300
#endif
#define MAXIT 200

int main(void) {
    unsigned long total = 0;
    unsigned hash = 2166136261u;
    for (int py = 0; py < SIDE; py++) {
        double ci = -1.25 + 2.5 * py / SIDE;
        for (int px = 0; px < SIDE; px++) {
            double cr = -2.0 + 2.5 * px / SIDE;
            double zr = 0.0, zi = 0.0, zr2 = 0.0, zi2 = 0.0;
            int it = 0;
            while (it < MAXIT && zr2 + zi2 <= 4.0) {
                zi = 2.0 * zr * zi + ci;
                zr = zr2 - zi2 + cr;
                zr2 = zr * zr;
                zi2 = zi * zi;
                it++;
            }
            total += it;
            hash = (hash ^ (unsigned)it) * 16777619u;
        }
    }
    printf("mandel: %d x %d, %lu iterations, hash %08x\n", SIDE, SIDE, total, hash);
    return 0;
}
