// Unions: type punning between int/float/double/byte arrays, union of structs,
// tagged unions, unions inside structs and arrays, sizes and alignments.
#include <stdint.h>
#include <stdio.h>

union FI { float f; uint32_t u; int32_t i; uint8_t b[4]; };
union DU { double d; uint64_t u; uint32_t w[2]; uint16_t h[4]; };

struct Tagged {
    int tag;
    union { long l; double d; char s[12]; struct { short x, y; } pt; } v;
};

__attribute__((noinline)) static void show(const struct Tagged *t) {
    switch (t->tag) {
    case 0: printf("long %ld\n", t->v.l); break;
    case 1: printf("double %a\n", t->v.d); break;
    case 2: printf("str %s\n", t->v.s); break;
    case 3: printf("pt %d,%d\n", t->v.pt.x, t->v.pt.y); break;
    }
}

__attribute__((noinline)) static uint32_t fbits(float f) { union FI x; x.f = f; return x.u; }
__attribute__((noinline)) static float bitsf(uint32_t u) { union FI x; x.u = u; return x.f; }

int main(void) {
    volatile float vals[] = {1.0f, -2.5f, 0.1f, 3.4028235e38f, 1e-45f, -0.0f};
    for (int i = 0; i < 6; i++) {
        union FI x;
        x.f = vals[i];
        printf("f %a u %08x i %d b %02x %02x %02x %02x back %a\n", x.f, x.u, x.i, x.b[0], x.b[1],
               x.b[2], x.b[3], bitsf(fbits(vals[i])));
    }
    union DU d;
    d.d = 1.0 / 3.0;
    printf("d %a u %016llx w %08x %08x h %04x %04x %04x %04x\n", d.d, (unsigned long long)d.u, d.w[0],
           d.w[1], d.h[0], d.h[1], d.h[2], d.h[3]);
    d.w[1] ^= 0x80000000u;
    printf("flipped %a\n", d.d);
    d.h[3] = 0x7ff0;
    d.h[2] = d.h[1] = d.h[0] = 0;
    printf("inf %a\n", d.d);
    struct Tagged ts[4];
    ts[0].tag = 0; ts[0].v.l = -1234567890123L;
    ts[1].tag = 1; ts[1].v.d = 2.75;
    ts[2].tag = 2; snprintf(ts[2].v.s, sizeof ts[2].v.s, "union%d", 42);
    ts[3].tag = 3; ts[3].v.pt.x = -7; ts[3].v.pt.y = 300;
    for (int i = 0; i < 4; i++) show(&ts[i]);
    printf("sizes %zu %zu %zu\n", sizeof(union FI), sizeof(union DU), sizeof(struct Tagged));
    /* reading a different member than last written: short over long */
    ts[0].v.l = 0x0001000200030004L;
    printf("pt view %d %d\n", ts[0].v.pt.x, ts[0].v.pt.y);
    /* manipulate exponent bits to scale by powers of two */
    union FI s;
    s.f = 1.5f;
    for (int k = 0; k < 5; k++) {
        s.u += 1u << 23;
        printf("scaled %a\n", s.f);
    }
    return 0;
}
