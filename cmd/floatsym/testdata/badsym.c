#include "klee/klee.h"
int main() { int x; klee_make_symbolic(&x, 8, "x"); return 0; }
