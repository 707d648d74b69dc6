// qsort and bsearch: ints (with a comparator that avoids subtraction overflow), doubles
// (NaN-free, incl. -0.0 vs 0.0 stable order check via ties), structs by multiple keys,
// strings via pointer arrays, bsearch hits and misses.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
static int cmp_dbl(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}
struct Rec { char name[8]; int age; double score; };
static int cmp_rec(const void *a, const void *b) {
    const struct Rec *p = a, *q = b;
    if (p->age != q->age) return (p->age > q->age) - (p->age < q->age);
    if (p->score != q->score) return (p->score < q->score) - (p->score > q->score); /* descending */
    return strcmp(p->name, q->name);
}
static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }

int main(void) {
    int a[40];
    unsigned s = 12345;
    for (int i = 0; i < 40; i++) { s = s * 1103515245u + 12345u; a[i] = (int)(s >> 8) % 1000 - 500; }
    a[3] = 2147483647;
    a[7] = -2147483647 - 1;
    qsort(a, 40, sizeof a[0], cmp_int);
    for (int i = 0; i < 40; i++) printf("%d ", a[i]);
    printf("\n");
    int keys[] = {a[0], a[39], a[20], 12345, -501, a[5]};
    for (int i = 0; i < 6; i++) {
        int *p = bsearch(&keys[i], a, 40, sizeof a[0], cmp_int);
        printf("find %d -> %s", keys[i], p ? "hit" : "miss");
        if (p) printf(" value %d", *p);
        printf("\n");
    }
    double d[] = {3.5, -1e300, 0.1, 1e-310, -0.5, 2.0, 1e300, -1e-310, 7.25, 0.3};
    qsort(d, 10, sizeof d[0], cmp_dbl);
    for (int i = 0; i < 10; i++) printf("%a ", d[i]);
    printf("\n");
    double key = 7.25;
    double *dp = bsearch(&key, d, 10, sizeof d[0], cmp_dbl);
    printf("dfind %ld\n", dp ? (long)(dp - d) : -1L);
    struct Rec r[] = {{"bob", 30, 1.5}, {"al", 25, 9.0}, {"cy", 30, 2.5}, {"di", 25, 9.0}, {"ed", 40, 0.0},
                      {"fay", 30, 2.5}, {"gus", 18, 3.3}};
    qsort(r, 7, sizeof r[0], cmp_rec);
    for (int i = 0; i < 7; i++) printf("%s/%d/%a ", r[i].name, r[i].age, r[i].score);
    printf("\n");
    const char *words[] = {"kiwi", "apple", "mango", "banana", "cherry", "apricot", "fig", "date"};
    qsort(words, 8, sizeof words[0], cmp_str);
    for (int i = 0; i < 8; i++) printf("%s ", words[i]);
    printf("\n");
    const char *w = "fig", *w2 = "grape";
    printf("sfind %d %d\n", bsearch(&w, words, 8, sizeof words[0], cmp_str) != NULL,
           bsearch(&w2, words, 8, sizeof words[0], cmp_str) != NULL);
    /* sort large array, check sortedness */
    static int big[3000];
    for (int i = 0; i < 3000; i++) { s = s * 1103515245u + 12345u; big[i] = (int)(s >> 4); }
    qsort(big, 3000, sizeof big[0], cmp_int);
    int sorted = 1;
    long long chk = 0;
    for (int i = 1; i < 3000; i++) { if (big[i - 1] > big[i]) sorted = 0; chk = chk * 31 + big[i] % 1000; chk %= 1000000007; }
    printf("big sorted %d chk %lld\n", sorted, chk);
    return 0;
}
