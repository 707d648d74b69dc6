// Struct bitfields of odd widths (i3, i5, i17, i31, 64-bit), signed and unsigned,
// wraparound on assignment, read-modify-write, packing into storage units.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

struct BF {
    unsigned a : 3;
    signed b : 5;
    unsigned c : 17;
    signed d : 7;
    unsigned long long e : 40;
    signed long long f : 24;
    _Bool g : 1;
    unsigned h : 31;
};

struct Packed {
    uint8_t tag : 2;
    uint8_t kind : 3;
    uint8_t flag : 1;
    uint16_t len : 11;
    int32_t off : 19;
};

__attribute__((noinline)) static void bump(struct BF *p, int k) {
    p->a += (unsigned)k;
    p->b -= k;
    p->c *= 3u;
    p->d += k * 5;
    p->e = p->e * 7u + 1u;
    p->f -= 100000 * k;
    p->g = !p->g;
    p->h += 0x10000000u;
}

static void show(const struct BF *p) {
    printf("a=%u b=%d c=%u d=%d e=%llx f=%lld g=%d h=%u\n", p->a, p->b, p->c, p->d,
           (unsigned long long)p->e, (long long)p->f, p->g, p->h);
}

int main(void) {
    struct BF s;
    memset(&s, 0, sizeof s);
    s.a = 5;
    s.b = -9;
    s.c = 100000;
    s.d = 60;
    s.e = 0xfffffffff0ULL;
    s.f = -8000000;
    s.g = 1;
    s.h = 0x7ffffff0u;
    show(&s);
    for (int k = 1; k <= 6; k++) {
        bump(&s, k);
        show(&s);
    }
    volatile int big = 1000;
    s.b = (signed)(big & 31) - 16; /* fits in 5 bits */
    s.a = (unsigned)big;           /* unsigned truncation: 1000 mod 8 */
    show(&s);
    struct Packed pk = {3, 5, 1, 2047, -262144};
    printf("packed size %zu: %u %u %u %u %d\n", sizeof(struct Packed), pk.tag, pk.kind, pk.flag,
           pk.len, pk.off);
    pk.len++;
    pk.tag += 2;
    pk.off -= 1 - 1;
    printf("after: %u %u %d\n", pk.len, pk.tag, pk.off);
    unsigned char raw[sizeof(struct Packed)];
    memcpy(raw, &pk, sizeof pk);
    for (size_t i = 0; i < sizeof raw; i++) printf("%02x", raw[i]);
    printf("\nsize BF %zu\n", sizeof(struct BF));
    /* sign extension when promoting signed bitfields */
    struct { signed x : 3; unsigned y : 3; } t = {-4, 7};
    volatile int q = t.x;
    volatile int r = t.y;
    printf("promote %d %d %d\n", q, r, t.x < t.y);
    return 0;
}
