extern int g;
int use_g(void) { return g; }
