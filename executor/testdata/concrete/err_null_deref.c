// expect: ptr line 22
// Null pointer dereference: a lookup returns NULL for a missing key and the caller
// dereferences the result without checking.
#include <stdio.h>
#include <string.h>

struct Entry { const char *key; int value; };
static struct Entry table[] = {{"one", 1}, {"two", 2}, {"three", 3}};

__attribute__((noinline)) static struct Entry *lookup(const char *key) {
    for (int i = 0; i < 3; i++)
        if (strcmp(table[i].key, key) == 0) return &table[i];
    return NULL;
}

int main(void) {
    volatile const char *keys[] = {"two", "three", "four"};
    for (int i = 0; i < 3; i++) {
        struct Entry *e = lookup((const char *)keys[i]);
        printf("looking up %s\n", (const char *)keys[i]);
        fflush(stdout);
        int v = e->value; // <- fault
        printf("value %d\n", v);
    }
    return 0;
}
