/*
 * fpcheck_main.c: the native check of a --check-fp property of
 * benchmarks/prove-check (scripts/prove-check.sh builds it for a program
 * with a "// check-fp: LIST" line). The program's main is renamed
 * fsb_prog_main; bench_main, mock_klee's entry, runs it with the IEEE
 * flags cleared and aborts when one of FSB_FE (the listed FE_* flags) was
 * raised: the property "no operation raises them" is violated. Witness
 * inputs must not raise the flags inside mock_klee (integers, or hex
 * floats, which are parsed exactly).
 */
#include <fenv.h>
#include <stdio.h>
#include <stdlib.h>

int fsb_prog_main(void);

int bench_main(void) {
  feclearexcept(FE_ALL_EXCEPT);
  fsb_prog_main();
  int raised = fetestexcept(FSB_FE);
  if (raised) {
    fprintf(stderr, "fpcheck: checked floating-point exception raised (flags %#x)\n", raised);
    abort();
  }
  return 0;
}
