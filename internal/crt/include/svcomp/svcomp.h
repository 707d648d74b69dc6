/*
 * svcomp/svcomp.h - the SV-COMP verifier interface, as shipped by floatsym.
 *
 * Every __VERIFIER_nondet_<T>() call makes a fresh symbolic object of
 * sizeof(T) bytes. __VERIFIER_assert(X) is assert(X) and
 * __VERIFIER_error() is abort(), so those bugs are reported as assertion
 * failures and aborts. reach_error() is left to the programs, which define
 * it themselves.
 */
#ifndef SVCOMP_H
#define SVCOMP_H

#include <assert.h>
#include <stddef.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#define SVCOMP_BOOL bool
#else
#define SVCOMP_BOOL _Bool
#endif

SVCOMP_BOOL __VERIFIER_nondet_bool(void);
char __VERIFIER_nondet_char(void);
double __VERIFIER_nondet_double(void);
float __VERIFIER_nondet_float(void);
int __VERIFIER_nondet_int(void);
long __VERIFIER_nondet_long(void);
long double __VERIFIER_nondet_longdouble(void);
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

/* Drop paths on which cond is zero. */
void __VERIFIER_assume(int cond);

#undef SVCOMP_BOOL

#ifdef __cplusplus
}
#endif

#define __VERIFIER_assert(X) assert(X)
#define __VERIFIER_error() abort()

#endif /* SVCOMP_H */
