/*
 * klee/klee.h - KLEE's symbolic-execution API, as shipped by floatsym.
 *
 * Programs written for KLEE include this header unchanged. Under floatsym
 * the functions are executor built-ins; when a generated test is replayed
 * natively they are provided by floatsym's replay runtime (replay.c), which
 * feeds the test's objects back in creation order.
 */
#ifndef KLEE_H
#define KLEE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define KLEE_NORETURN __attribute__((noreturn))
#else
#define KLEE_NORETURN
#endif

/* Make the nbytes bytes at addr (a whole object) symbolic; name labels the
 * object in generated tests. */
void klee_make_symbolic(void *addr, size_t nbytes, const char *name);

/* A symbolic int in [begin, end). end == begin + 1 returns begin without
 * creating an object; end <= begin is a "user" error. */
int klee_range(int begin, int end, const char *name);

/* An unconstrained symbolic int. */
int klee_int(const char *name);

/* Constrain the current path: paths where condition is false are dropped. */
void klee_assume(uintptr_t condition);

/* End the path without generating a test. */
KLEE_NORETURN void klee_silent_exit(int status);

/* End the path with an "abort" error. */
KLEE_NORETURN void klee_abort(void);

/* End the path with an error whose test file is named test<N>.<suffix>.err. */
KLEE_NORETURN void klee_report_error(const char *file, int line,
                                     const char *message, const char *suffix);

void klee_warning(const char *message);
void klee_warning_once(const char *message);

/* Nonzero when n is symbolic on the current path (always 0 when replaying). */
unsigned klee_is_symbolic(uintptr_t n);

/* A concrete value the expression can take on the current path. */
float klee_get_valuef(float expr);
double klee_get_valued(double expr);
long klee_get_valuel(long expr);
long long klee_get_valuell(long long expr);
int32_t klee_get_value_i32(int32_t expr);
int64_t klee_get_value_i64(int64_t expr);

/* Prefer counterexamples for object that satisfy condition. */
void klee_prefer_cex(void *object, uintptr_t condition);

/* Print msg and the expressions of the following arguments. */
void klee_print_expr(const char *msg, ...);

/* Rounding modes for klee_set_rounding_mode. The values are those of
 * glibc's <fenv.h> on x86 (FE_TONEAREST, FE_DOWNWARD, FE_UPWARD,
 * FE_TOWARDZERO), so a mode can be passed to fesetround as it is. */
enum klee_rounding_mode {
  KLEE_FP_RNE = 0x000,  /* to nearest, ties to even */
  KLEE_FP_RTN = 0x400,  /* toward negative infinity (down) */
  KLEE_FP_RTP = 0x800,  /* toward positive infinity (up) */
  KLEE_FP_RTZ = 0xc00   /* toward zero */
};

/* Set the rounding mode of later floating-point operations (fesetround). */
void klee_set_rounding_mode(int mode);

/* Like assert, but always compiled in. */
#define klee_assert(expr)                                                      \
  ((expr) ? (void)0                                                            \
          : __assert_fail(#expr, __FILE__, __LINE__, __PRETTY_FUNCTION__))

/* glibc's declaration, so klee_assert works without <assert.h>. */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define KLEE_NOTHROW noexcept(true)
#elif defined(__cplusplus)
#define KLEE_NOTHROW throw()
#else
#define KLEE_NOTHROW
#endif
extern void __assert_fail(const char *assertion, const char *file,
                          unsigned int line,
                          const char *function) KLEE_NOTHROW KLEE_NORETURN;
#undef KLEE_NOTHROW

#ifdef __cplusplus
}
#endif

#endif /* KLEE_H */
