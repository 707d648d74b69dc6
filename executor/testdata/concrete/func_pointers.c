// Function pointers: arrays of them, indirect calls, passing as callbacks, returning
// function pointers, pointers to functions with different signatures (int/double/struct).
#include <stdio.h>

typedef int (*binop)(int, int);
typedef double (*dfn)(double);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int maxi(int a, int b) { return a > b ? a : b; }
static double half(double x) { return x * 0.5; }
static double sq(double x) { return x * x; }
static double neg(double x) { return -x; }

struct Op { const char *name; binop fn; };
static const struct Op ops[] = {{"add", add}, {"sub", sub}, {"mul", mul}, {"max", maxi}};

__attribute__((noinline)) static int fold(const int *v, int n, int init, binop f) {
    int acc = init;
    for (int i = 0; i < n; i++) acc = f(acc, v[i]);
    return acc;
}

__attribute__((noinline)) static binop pick(int k) {
    static binop table[] = {add, sub, mul, maxi};
    return table[k & 3];
}

__attribute__((noinline)) static double compose(const dfn *fs, int n, double x) {
    for (int i = 0; i < n; i++) x = fs[i](x);
    return x;
}

struct Pair { long a, b; };
static struct Pair swap(struct Pair p) { struct Pair r = {p.b, p.a}; return r; }
static struct Pair (*volatile swapper)(struct Pair) = swap;

static int counter;
static void inc(void) { counter++; }
static void dbl(void) { counter *= 2; }

int main(void) {
    int v[] = {3, -1, 4, -1, 5, -9, 2, 6};
    for (int i = 0; i < 4; i++) printf("%s %d\n", ops[i].name, fold(v, 8, 1, ops[i].fn));
    volatile int k = 7;
    printf("pick %d %d\n", pick(k)(10, 3), pick(k + 2)(10, 3));
    dfn chain[] = {sq, half, neg, sq, half};
    volatile double x = 3.0;
    printf("compose %a %a\n", compose(chain, 5, x), compose(chain + 1, 3, x));
    struct Pair p = {11, -22};
    struct Pair q = swapper(p);
    printf("swap %ld %ld\n", q.a, q.b);
    void (*seq[])(void) = {inc, inc, dbl, inc, dbl, dbl};
    for (unsigned i = 0; i < sizeof seq / sizeof seq[0]; i++) seq[i]();
    printf("counter %d\n", counter);
    /* function pointer comparison */
    binop f1 = pick(0), f2 = add;
    printf("eq %d %d\n", f1 == f2, pick(1) == f2);
    /* pointer to pointer to function */
    binop *pp = &f1;
    printf("pp %d\n", (*pp)(40, 2));
    return 0;
}
