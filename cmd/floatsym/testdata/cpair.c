// A struct of two floats passed and returned by value: clang's x86_64 ABI
// makes it a <2 x float>, which floatsym runs through package scalarize.
#include <stdio.h>

struct pair { float x, y; };

static struct pair swap_scale(struct pair p, float k) {
    struct pair r = {p.y * k, p.x * k};
    return r;
}

int main(void) {
    struct pair p = swap_scale((struct pair){1.5f, -2.0f}, 3.0f);
    printf("%a %a\n", p.x, p.y);
    return 0;
}
