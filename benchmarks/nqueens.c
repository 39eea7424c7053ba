/* Plain C baseline: bit-parallel N-Queens counter with mirror symmetry on the first row.
 * Usage: nqueens N   -> prints the number of solutions.  Build: cc -O2 -o nqueens nqueens.c */
#include <stdio.h>
#include <stdlib.h>

static int n;
static unsigned long long full;

static unsigned long long solve(int row, unsigned long long cols, unsigned long long diag,
                                unsigned long long anti) {
    if (row == n) return 1;
    unsigned long long count = 0;
    unsigned long long free = ~(cols | diag | anti) & full;
    while (free) {
        unsigned long long bit = free & -free;
        free ^= bit;
        count += solve(row + 1, cols | bit, ((diag | bit) << 1) & full, (anti | bit) >> 1);
    }
    return count;
}

int main(int argc, char **argv) {
    if (argc != 2 || (n = atoi(argv[1])) < 1 || n > 32) {
        fprintf(stderr, "usage: nqueens N (1 <= N <= 32)\n");
        return 2;
    }
    full = (n == 64) ? ~0ULL : (1ULL << n) - 1;
    unsigned long long total = 0;
    for (int col = 0; col < n / 2; col++) {   /* mirror: left half counts twice */
        unsigned long long bit = 1ULL << col;
        total += 2 * solve(1, bit, (bit << 1) & full, bit >> 1);
    }
    if (n % 2) {                               /* the middle column once */
        unsigned long long bit = 1ULL << (n / 2);
        total += solve(1, bit, (bit << 1) & full, bit >> 1);
    }
    printf("%llu\n", total);
    return 0;
}
