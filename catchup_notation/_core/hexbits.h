/* Bit operations on 64-bit masks: the hex core keeps a colour's stones, the empty cells and a
 * turn's cells as one bit per cell. */
#ifndef HEXBITS_H
#define HEXBITS_H

#include <stdint.h>

typedef uint64_t mask_t;

/* Without an instruction for it (the build targets every CPU of its kind, not this one), the
 * compiler's popcount is a library call: the bit-parallel count below is several times faster. */
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__POPCNT__) || defined(__aarch64__))
static inline int popcount64(mask_t x) { return __builtin_popcountll(x); }
#else
static inline int popcount64(mask_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((x * 0x0101010101010101ULL) >> 56);
}
#endif

#if defined(__GNUC__) || defined(__clang__)
static inline int lowest_bit(mask_t x) { return __builtin_ctzll(x); } /* x != 0 */
#else
static inline int lowest_bit(mask_t x) {
    int k = 0;
    while (!(x & 1)) {
        x >>= 1;
        k++;
    }
    return k;
}
#endif

/* The mask of the n lowest bits (n <= 64). */
static inline mask_t low_bits(int n) { return n >= 64 ? ~(mask_t)0 : (((mask_t)1 << n) - 1); }

#endif
