/*
 * svcomp/svcomp.h - the SV-COMP verifier interface, as shipped by floatsym.
 *
 * Every __VERIFIER_nondet_<T>() call makes a fresh symbolic object of
 * sizeof(T) bytes. __VERIFIER_assert(X) fails like assert(X) and
 * __VERIFIER_error() like abort(), so those bugs are reported as assertion
 * failures and aborts at the call. They are functions, not macros: SV-COMP
 * programs declare (or define) them themselves, with or without this
 * header, and a macro would break those declarations. floatsym models
 * them; the native replay runtime defines them weakly (a program's own
 * definition wins). reach_error() is left to the programs, which define it
 * themselves.
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

/* An assertion failure at the call when cond is zero. */
void __VERIFIER_assert(int cond);
/* An abort at the call. */
void __VERIFIER_error(void) __attribute__((__noreturn__));

#undef SVCOMP_BOOL

#ifdef __cplusplus
}
#endif

#endif /* SVCOMP_H */
