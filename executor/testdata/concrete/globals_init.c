// Globals with initializers: nested structs, arrays of structs, strings, char arrays,
// pointers to other globals and into arrays, designated initializers, zero-init.
#include <stdio.h>

struct Point { int x, y; };
struct Rect { struct Point tl, br; const char *label; };
struct Node { int val; const struct Node *next; };

static int counter = 42;
static int zeroed[8];
static double dvals[] = {1.5, -0.0, 1e-310, 3.0e300};
static long double ldv = 1.25L;
static const char greeting[] = "hello, globals";
static const char *names[] = {"alpha", "beta", "gamma", "delta"};
static struct Rect rects[] = {
    {{0, 0}, {10, 20}, "first"},
    {.br = {-5, 7}, .label = "second", .tl.x = 3},
    [3] = {{1, 1}, {2, 2}, "fourth"},
};
static const struct Node n3 = {3, 0};
static const struct Node n2 = {2, &n3};
static const struct Node n1 = {1, &n2};
static int *pcounter = &counter;
static int *pmid = &zeroed[4];
static const char *pstr = greeting + 7;
static struct { int a; char s[6]; float f; } anon = {9, "abc", 0.1f};
static int matrix[2][3] = {{1, 2, 3}, {4, 5}};
static unsigned char bytes[] = {0xde, 0xad, 0xbe, 0xef};
static struct Point *ppt = &rects[1].br;
static void (*fp)(void);
int global_ext = -17;

int main(void) {
    printf("counter %d via ptr %d\n", counter, *pcounter);
    *pcounter += 8;
    printf("counter now %d\n", counter);
    long zs = 0;
    for (int i = 0; i < 8; i++) zs += zeroed[i];
    *pmid = 5;
    printf("zeroed %ld %d\n", zs, zeroed[4]);
    for (int i = 0; i < 4; i++) printf("dval %a\n", dvals[i]);
    printf("ldv %La\n", ldv);
    printf("greet '%s' %zu '%s'\n", greeting, sizeof greeting, pstr);
    for (int i = 0; i < 4; i++) printf("name %s %c\n", names[i], names[i][1]);
    for (int i = 0; i < 4; i++)
        printf("rect %d %d %d %d %s\n", rects[i].tl.x, rects[i].tl.y, rects[i].br.x, rects[i].br.y,
               rects[i].label ? rects[i].label : "(null)");
    for (const struct Node *n = &n1; n; n = n->next) printf("node %d\n", n->val);
    printf("anon %d %s %a\n", anon.a, anon.s, anon.f);
    printf("matrix %d %d %d\n", matrix[1][1], matrix[1][2], matrix[0][2]);
    printf("bytes %02x%02x%02x%02x\n", bytes[0], bytes[1], bytes[2], bytes[3]);
    ppt->y += 100;
    printf("ppt %d %d\n", rects[1].br.x, rects[1].br.y);
    printf("fp null %d ext %d\n", fp == 0, global_ext);
    return 0;
}
