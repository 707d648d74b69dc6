// Dense switch statements (jump tables) with fallthrough, default, and char/enum
// selectors, including negative case values.
#include <stdio.h>

enum Color { RED, GREEN, BLUE, CYAN, MAGENTA, YELLOW, BLACK, WHITE };

__attribute__((noinline)) static int dense(int x) {
    switch (x) {
    case 0: return 10;
    case 1: return 21;
    case 2: return 32;
    case 3: /* fallthrough */
    case 4: return 54;
    case 5: return 65;
    case 6: return 76;
    case 7: return 87;
    case 8: return 98;
    case 9: return 109;
    case 10: return 1110;
    default: return -1;
    }
}

__attribute__((noinline)) static const char *color(enum Color c) {
    switch (c) {
    case RED: return "red";
    case GREEN: return "green";
    case BLUE: return "blue";
    case CYAN: return "cyan";
    case MAGENTA: return "magenta";
    case YELLOW: return "yellow";
    case BLACK: return "black";
    case WHITE: return "white";
    }
    return "?";
}

__attribute__((noinline)) static int fall(int x) {
    int acc = 0;
    switch (x) {
    case -3: acc += 1; /* fallthrough */
    case -2: acc += 10; /* fallthrough */
    case -1: acc += 100; break;
    case 0: acc = 7; /* fallthrough */
    case 1: acc *= 3; /* fallthrough */
    case 2: acc -= 1; break;
    default: acc = x * 2;
    }
    return acc;
}

__attribute__((noinline)) static int chars(char c) {
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u': return 1;
    case 'b': case 'c': case 'd': return 2;
    case 'x': case 'y': case 'z': return 3;
    default: return 0;
    }
}

int main(void) {
    for (int i = -2; i <= 12; i++) printf("dense %d -> %d\n", i, dense(i));
    for (int c = 0; c < 8; c++) printf("color %d %s\n", c, color((enum Color)c));
    for (int i = -5; i <= 4; i++) printf("fall %d -> %d\n", i, fall(i));
    const char *s = "the quick brown fox jumps over a lazy dog";
    int sum = 0;
    for (const char *p = s; *p; p++) sum = sum * 4 + chars(*p), sum &= 0xffffff;
    printf("chars %d\n", sum);
    /* switch on unsigned long long with dense range */
    volatile unsigned long long u = 0;
    unsigned long long acc = 0;
    for (u = 0; u < 6; u++) {
        switch (u) {
        case 0: acc += 1; break;
        case 1: acc <<= 3; break;
        case 2: acc ^= 0xff; break;
        case 3: acc *= 5; break;
        case 4: acc -= 2; break;
        default: acc += 1000;
        }
    }
    printf("ull %llu\n", acc);
    return 0;
}
