/* Mock of the svcomp_klee_runtime header (see
 * shared/reference/benchmark-spec.md) for the native checks. */
#ifndef FSB_MOCK_SVCOMP_H
#define FSB_MOCK_SVCOMP_H
#include <assert.h>
#include <stdlib.h>
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
_Bool __VERIFIER_nondet_bool(void);
char __VERIFIER_nondet_char(void);
double __VERIFIER_nondet_double(void);
float __VERIFIER_nondet_float(void);
int __VERIFIER_nondet_int(void);
long __VERIFIER_nondet_long(void);
void *__VERIFIER_nondet_pointer(void);
char *__VERIFIER_nondet_pchar(void);
short __VERIFIER_nondet_short(void);
size_t __VERIFIER_nondet_size_t(void);
unsigned int __VERIFIER_nondet_u32(void);
unsigned char __VERIFIER_nondet_uchar(void);
unsigned int __VERIFIER_nondet_uint(void);
unsigned long __VERIFIER_nondet_ulong(void);
unsigned __VERIFIER_nondet_unsigned(void);
unsigned short __VERIFIER_nondet_ushort(void);
void __VERIFIER_assume(int condition);
#ifdef __cplusplus
}
#endif
#define __VERIFIER_assert(X) assert(X)
#define __VERIFIER_error() abort()
#endif
