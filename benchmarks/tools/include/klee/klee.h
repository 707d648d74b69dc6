/* Mock of the subset of KLEE's API used by floatsym's benchmarks, for the
 * native checks in benchmarks/tools (check.sh). floatsym's runner provides
 * the real header; only these two functions are used by the suite. */
#ifndef FSB_MOCK_KLEE_H
#define FSB_MOCK_KLEE_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
void klee_make_symbolic(void *addr, size_t nbytes, const char *name);
void klee_assume(uintptr_t condition);
#ifdef __cplusplus
}
#endif
#endif
