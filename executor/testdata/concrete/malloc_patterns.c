// Heap usage patterns: singly linked list build/reverse/free, growing array with realloc
// (contents preserved), calloc zero-initialisation, aligned_alloc alignment (checked as a
// boolean), malloc(0)/free(NULL), binary tree insert/traverse/free. No addresses printed.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Node { int val; struct Node *next; };
struct Tree { int key; struct Tree *l, *r; };

static struct Tree *insert(struct Tree *t, int k) {
    if (!t) { t = malloc(sizeof *t); t->key = k; t->l = t->r = NULL; return t; }
    if (k < t->key) t->l = insert(t->l, k);
    else if (k > t->key) t->r = insert(t->r, k);
    return t;
}
static void inorder(const struct Tree *t) { if (!t) return; inorder(t->l); printf("%d ", t->key); inorder(t->r); }
static int height(const struct Tree *t) { if (!t) return 0; int a = height(t->l), b = height(t->r); return 1 + (a > b ? a : b); }
static void tfree(struct Tree *t) { if (!t) return; tfree(t->l); tfree(t->r); free(t); }

int main(void) {
    struct Node *head = NULL;
    for (int i = 1; i <= 10; i++) {
        struct Node *n = malloc(sizeof *n);
        n->val = i * i;
        n->next = head;
        head = n;
    }
    struct Node *prev = NULL;
    while (head) { struct Node *nx = head->next; head->next = prev; prev = head; head = nx; }
    head = prev;
    for (struct Node *p = head; p; p = p->next) printf("%d ", p->val);
    printf("\n");
    while (head) { struct Node *nx = head->next; free(head); head = nx; }
    /* growing array */
    size_t cap = 1, len = 0;
    long *arr = malloc(cap * sizeof *arr);
    for (long i = 0; i < 1000; i++) {
        if (len == cap) { cap *= 2; arr = realloc(arr, cap * sizeof *arr); }
        arr[len++] = i * 3 - 7;
    }
    long sum = 0;
    for (size_t i = 0; i < len; i++) sum += arr[i];
    printf("grown len %zu cap %zu sum %ld last %ld\n", len, cap, sum, arr[len - 1]);
    arr = realloc(arr, 10 * sizeof *arr);
    printf("shrunk %ld %ld\n", arr[0], arr[9]);
    free(arr);
    /* calloc zeroing */
    int *z = calloc(256, sizeof *z);
    int nz = 0;
    for (int i = 0; i < 256; i++) nz += z[i] != 0;
    double *zd = calloc(16, sizeof *zd);
    printf("calloc nonzero %d dbl %a\n", nz, zd[7]);
    free(z);
    free(zd);
    /* aligned_alloc */
    void *al = aligned_alloc(64, 256);
    printf("aligned %d\n", ((uintptr_t)al % 64) == 0);
    memset(al, 0x5a, 256);
    printf("aligned byte %02x\n", ((unsigned char *)al)[255]);
    free(al);
    free(NULL);
    void *m0 = malloc(0);
    free(m0);
    /* strings on the heap */
    char *s = malloc(6);
    strcpy(s, "heap!");
    s = realloc(s, 64);
    strcat(s, " grown string");
    printf("%s %zu\n", s, strlen(s));
    free(s);
    /* tree */
    struct Tree *t = NULL;
    unsigned st = 7;
    for (int i = 0; i < 50; i++) { st = st * 1664525u + 1013904223u; t = insert(t, (int)(st >> 24)); }
    inorder(t);
    printf("\nheight %d\n", height(t));
    tfree(t);
    return 0;
}
