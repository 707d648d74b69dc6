// qsort of records with equal keys: C leaves their order unspecified,
// glibc's qsort (a merge sort for small arrays) keeps it, musl's
// (smoothsort) need not. The assertion holds for glibc; a path that fails
// it under another C library does not replay natively.
// expect-error-glibc: none
#include "klee/klee.h"
#include <assert.h>
#include <stdlib.h>

struct rec {
	int key, tag;
};

static int bykey(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	return (x->key > y->key) - (x->key < y->key);
}

int main(void)
{
	struct rec r[4];
	int k[4];
	klee_make_symbolic(k, sizeof k, "k");
	for (int i = 0; i < 4; i++) {
		klee_assume(k[i] >= 0 && k[i] < 2);
		r[i].key = k[i];
		r[i].tag = i;
	}
	qsort(r, 4, sizeof r[0], bykey);
	for (int i = 1; i < 4; i++) {
		assert(r[i - 1].key <= r[i].key);
		if (r[i - 1].key == r[i].key)
			assert(r[i - 1].tag < r[i].tag); /* stable, as glibc */
	}
	return 0;
}
