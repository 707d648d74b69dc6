// expect: div line 7
// 64-bit unsigned remainder by zero: hashing into a table whose size was computed as zero.
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) static uint64_t bucket(uint64_t hash, uint64_t nbuckets) {
    return hash % nbuckets; // <- fault
}

int main(void) {
    volatile uint64_t h = 0x9e3779b97f4a7c15ULL;
    for (uint64_t n = 7; n > 0; n /= 2) printf("bucket(%llu) = %llu\n", (unsigned long long)n, (unsigned long long)bucket(h, n));
    volatile uint64_t items = 3, per_bucket = 4;
    uint64_t n = items / per_bucket;
    fflush(stdout);
    printf("bucket = %llu\n", (unsigned long long)bucket(h, n));
    return 0;
}
