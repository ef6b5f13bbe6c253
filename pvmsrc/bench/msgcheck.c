/* msgcheck -- see msgcheck.h. Content: 64-bit words w_k = seed XOR (k * golden),
 * seed mixed from (sender, dest, rep); stored little-endian byte by byte so the
 * check does not depend on alignment or on the host's byte order. */
#include "msgcheck.h"

#include <stdint.h>
#include <string.h>

static uint64_t seed_of(int sender, int dest, long rep)
{
    uint64_t z = ((uint64_t)(uint32_t)sender << 44) ^ ((uint64_t)(uint32_t)(dest + 1) << 24) ^
                 (uint64_t)rep * 0xD1B54A32D192ED03ull;
    z ^= z >> 31;
    z *= 0xBF58476D1CE4E5B9ull;
    z ^= z >> 27;
    return z;
}

static uint64_t word_at(uint64_t seed, size_t k)
{
    return seed ^ ((uint64_t)k * 0x9E3779B97F4A7C15ull);
}

void hrel_msg_fill(unsigned char *buf, size_t n, int sender, int dest, long rep)
{
    uint64_t seed = seed_of(sender, dest, rep);
    size_t k, i;
    for (k = 0; k * 8 < n; k++) {
        uint64_t w = word_at(seed, k);
        for (i = 0; i < 8 && k * 8 + i < n; i++)
            buf[k * 8 + i] = (unsigned char)(w >> (8 * i));
    }
}

long hrel_msg_check(const unsigned char *buf, size_t n, int sender, int dest, long rep)
{
    uint64_t seed = seed_of(sender, dest, rep);
    size_t k, i;
    for (k = 0; k * 8 < n; k++) {
        uint64_t w = word_at(seed, k);
        for (i = 0; i < 8 && k * 8 + i < n; i++)
            if (buf[k * 8 + i] != (unsigned char)(w >> (8 * i)))
                return (long)(k * 8 + i);
    }
    return -1;
}
