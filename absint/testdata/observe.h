/* OBSERVE(x) marks a value whose abstract value the soundness test
   compares with the values native runs print (absint's observeTest).
   Without ABSINT_OBSERVE it is nothing, so floatsym runs the programs
   as written. */
#ifdef ABSINT_OBSERVE
void absint_observe_f(float, int);
void absint_observe_d(double, int);
void absint_observe_l(long double, int);
#define OBSERVE(x) _Generic((x), float: absint_observe_f, double: absint_observe_d, long double: absint_observe_l)((x), __LINE__)
#else
#define OBSERVE(x) ((void)0)
#endif
