/*
 * Two programs of Debian bc 1.07.1-3 over one copy of its number library
 * (lib/number.c, h/number.h and config.h, the package's files unchanged):
 * bc's int conversions (bc_int2num.c, the default) and dc's number input
 * (dc_num2int.c with dc/numeric.c, -D DC). A spec's sources are shared by
 * all its variants, so the program is chosen here. dc/numeric.c comes
 * first, so that it sees its headers in the order its own translation
 * unit does (<limits.h> before number.h: LONG_MAX is the real one in
 * numeric.c, 0x7fffffff in number.c, as in dc's build).
 */
#ifdef DC
#include "dc/numeric.c"
#include "dc_num2int.c"
#else
#include "bc_int2num.c"
#endif
