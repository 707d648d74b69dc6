int twice(int x);
int negate(int x);
int apply(int (*f)(int), int x);
