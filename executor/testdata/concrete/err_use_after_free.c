// expect: ptr line 9 // expect-O3: ptr line 22 (argument promotion moves the load into main)
// Use after free: a node of a small list is freed and then its field is read.
#include <stdio.h>
#include <stdlib.h>

struct Node { int val; struct Node *next; };

__attribute__((noinline)) static int value_of(const struct Node *n) {
    return n->val; // <- fault
}

int main(void) {
    struct Node *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    a->val = 1; a->next = b;
    b->val = 2; b->next = NULL;
    printf("values %d %d\n", value_of(a), value_of(a->next));
    struct Node *second = a->next;
    free(second);
    a->next = NULL;
    printf("freed second\n");
    fflush(stdout);
    printf("stale %d\n", value_of(second) == 2);
    free(a);
    return 0;
}
