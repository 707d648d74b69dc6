int twice(int x) { return 2 * x; }
int main(void) { return twice(1); }
