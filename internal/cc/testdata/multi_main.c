/* TestCompileProgram "three files": main uses use_g (multi_use.c), which
   reads g, defined in multi_def.c, linked between them. */
int use_g(void);
int main(void) { return use_g() == 7 ? 0 : 1; }
