/*
 * mock_klee.c: a native stand-in for KLEE's API and the SV-COMP runtime, used
 * by benchmarks/tools/check.sh to replay witnesses and to test correct
 * variants.  The benchmark's main is renamed bench_main (-Dmain=bench_main).
 *
 * Modes (environment variable FSB_MODE):
 *
 *   witness (default)  Inputs come from FSB_INPUT, a blank-separated list of
 *                      tokens NAME=TYPE:V[,V...], one token per symbolic
 *                      object, in creation order.  NAME must equal the
 *                      klee_make_symbolic name, or be "_" (any name; SV-COMP
 *                      nondet objects are named symbolic_<k>_<type>).
 *                      TYPE is one of float double ldouble (hex floats, inf,
 *                      nan, -0.0 accepted), char uchar short ushort int uint
 *                      long ulong bool (C integer literals), bits (one
 *                      integer of the object's size, e.g. bits:0x7f800001),
 *                      bytes (hex digits, memory order, zero padded).
 *                      The program runs for real: a bug crashes it.
 *                      A failed assumption exits with status 77.
 *
 *   exhaustive         Every 32-bit pattern for the program's only symbolic
 *                      object (which must have 4 bytes).  FSB_JOBS processes
 *                      (default 2).  Assertion failures, aborts, SIGFPE and
 *                      SIGSEGV are reported with the input; exit status 1.
 *
 *   random             FSB_N random inputs (default 10^7) from a mixture of
 *                      edge values, random bit patterns and values in the
 *                      ranges given by FSB_HINTS ("NAME=TYPE[:LO:HI] ...").
 *                      Reports the first failing input as an FSB_INPUT line;
 *                      with FSB_COLLECT set, prints one "LOC" line per
 *                      distinct failure location instead and goes on.
 *
 * In all modes the rounding mode is reset to round-to-nearest before each
 * run.  Exhaustive and random builds must be linked with
 *   -Wl,--wrap=abort,--wrap=__assert_fail
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fenv.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

int bench_main(void);

enum mode { M_WITNESS, M_EXHAUSTIVE, M_RANDOM };
static enum mode g_mode = M_WITNESS;

static void die(const char *fmt, const char *a, const char *b) {
  fprintf(stderr, "mock_klee: ");
  fprintf(stderr, fmt, a, b);
  fprintf(stderr, "\n");
  _exit(78);
}

/* ---------------------------------------------------------------- types */

enum ty { T_NONE, T_FLOAT, T_DOUBLE, T_LDOUBLE, T_CHAR, T_UCHAR, T_SHORT,
          T_USHORT, T_INT, T_UINT, T_LONG, T_ULONG, T_BOOL, T_BITS, T_BYTES };
static const struct { const char *name; enum ty t; size_t size; } tys[] = {
  {"float", T_FLOAT, 4}, {"double", T_DOUBLE, 8}, {"ldouble", T_LDOUBLE, 16},
  {"char", T_CHAR, 1}, {"uchar", T_UCHAR, 1}, {"short", T_SHORT, 2},
  {"ushort", T_USHORT, 2}, {"int", T_INT, 4}, {"uint", T_UINT, 4},
  {"unsigned", T_UINT, 4}, {"u32", T_UINT, 4}, {"long", T_LONG, 8},
  {"ulong", T_ULONG, 8}, {"size_t", T_ULONG, 8}, {"bool", T_BOOL, 1},
  {"bits", T_BITS, 0}, {"bytes", T_BYTES, 0}, {NULL, T_NONE, 0}};

static enum ty parse_ty(const char *s, size_t n, size_t *size) {
  for (int i = 0; tys[i].name; i++)
    if (strlen(tys[i].name) == n && !strncmp(tys[i].name, s, n)) {
      *size = tys[i].size;
      return tys[i].t;
    }
  return T_NONE;
}

/* Writes one element of type t parsed from text v into p; returns its size. */
static size_t put_value(enum ty t, const char *v, unsigned char *p,
                        size_t room) {
  char *end = NULL;
  size_t n = 0;
  switch (t) {
  case T_FLOAT: { float f = strtof(v, &end); n = 4; if (room >= n) memcpy(p, &f, n); break; }
  case T_DOUBLE: { double d = strtod(v, &end); n = 8; if (room >= n) memcpy(p, &d, n); break; }
  case T_LDOUBLE: {
    long double l = strtold(v, &end);
    n = room < 16 ? 10 : 16;
    unsigned char b[16] = {0};
    memcpy(b, &l, 10);
    if (room >= n) memcpy(p, b, n);
    break;
  }
  case T_CHAR: case T_UCHAR: case T_BOOL: { long long x = strtoll(v, &end, 0); unsigned char c = (unsigned char)x; n = 1; if (room >= n) *p = c; break; }
  case T_SHORT: case T_USHORT: { long long x = strtoll(v, &end, 0); uint16_t c = (uint16_t)x; n = 2; if (room >= n) memcpy(p, &c, n); break; }
  case T_INT: case T_UINT: { long long x = strtoll(v, &end, 0); uint32_t c = (uint32_t)x; n = 4; if (room >= n) memcpy(p, &c, n); break; }
  case T_LONG: case T_ULONG: {
    uint64_t c = (v[0] == '-') ? (uint64_t)strtoll(v, &end, 0) : strtoull(v, &end, 0);
    n = 8; if (room >= n) memcpy(p, &c, n); break;
  }
  case T_BITS: {
    uint64_t c = strtoull(v, &end, 0);
    n = room; memcpy(p, &c, room < 8 ? room : 8); break;
  }
  case T_BYTES: {
    size_t len = strlen(v);
    if (len % 2 || len / 2 > room) die("bad bytes value '%s'%s", v, "");
    memset(p, 0, room);
    for (size_t i = 0; i < len / 2; i++) {
      char h[3] = {v[2 * i], v[2 * i + 1], 0};
      p[i] = (unsigned char)strtoul(h, &end, 16);
      if (*end) die("bad hex in '%s'%s", v, "");
    }
    return room;
  }
  default: die("bad type%s%s", "", "");
  }
  if (!end || *end) die("cannot parse value '%s'%s", v, "");
  if (n > room) die("value '%s' does not fit the object%s", v, "");
  return n;
}

/* ------------------------------------------------------------- witness */

static char *g_input;   /* remaining FSB_INPUT */
static int g_nreq;      /* symbolic objects created in this run */

static void witness_fill(void *addr, size_t nbytes, const char *name,
                         enum ty want) {
  while (g_input && (*g_input == ' ' || *g_input == '\t' || *g_input == '\n'))
    g_input++;
  if (!g_input || !*g_input)
    die("no input token left for symbolic object '%s'%s", name, "");
  char *tok = g_input;
  char *sp = tok + strcspn(tok, " \t\n");
  if (*sp) { *sp = 0; g_input = sp + 1; } else g_input = sp;
  char *eq = strchr(tok, '='), *colon = eq ? strchr(eq, ':') : NULL;
  if (!eq || !colon) die("bad token '%s'%s", tok, "");
  *eq = 0;
  if (strcmp(tok, "_") && strcmp(tok, name))
    die("token name '%s' does not match symbolic object '%s'", tok, name);
  size_t esize;
  enum ty t = parse_ty(eq + 1, (size_t)(colon - eq - 1), &esize);
  if (t == T_NONE) die("unknown type in token for '%s'%s", name, "");
  if (want != T_NONE && t != want && t != T_BITS && t != T_BYTES)
    die("token type does not match nondet type of '%s'%s", name, "");
  unsigned char *p = addr;
  size_t used = 0;
  char *v = colon + 1;
  for (;;) {
    char *comma = strchr(v, ',');
    if (comma) *comma = 0;
    if (t == T_BITS || t == T_BYTES)
      used += put_value(t, v, p + used, nbytes - used);
    else
      used += put_value(t, v, p + used, nbytes - used);
    if (!comma) break;
    v = comma + 1;
  }
  if (used != nbytes) die("token for '%s' does not fill the object%s", name, "");
}

/* ------------------------------------------------------------ random */

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint64_t rnd(void) {
  uint64_t x = rng_state;
  x ^= x << 13; x ^= x >> 7; x ^= x << 17;
  return rng_state = x;
}
static double unif(void) { return (rnd() >> 11) * 0x1p-53; }

struct hint { char name[64]; enum ty t; int has_range; long double lo, hi; };
static struct hint hints[16];
static int nhints;

static void parse_hints(const char *s) {
  if (!s) return;
  char buf[2048];
  snprintf(buf, sizeof buf, "%s", s);
  for (char *tok = strtok(buf, " "); tok && nhints < 16; tok = strtok(NULL, " ")) {
    struct hint *h = &hints[nhints++];
    char *eq = strchr(tok, '=');
    if (!eq) die("bad hint '%s'%s", tok, "");
    *eq = 0;
    snprintf(h->name, sizeof h->name, "%s", tok);
    char *rest = eq + 1, *c1 = strchr(rest, ':');
    size_t sz;
    h->t = parse_ty(rest, c1 ? (size_t)(c1 - rest) : strlen(rest), &sz);
    if (h->t == T_NONE) die("bad hint type for '%s'%s", tok, "");
    if (c1) {
      char *c2 = strchr(c1 + 1, ':');
      if (!c2) die("bad hint range for '%s'%s", tok, "");
      *c2 = 0;
      h->lo = strtold(c1 + 1, NULL);
      h->hi = strtold(c2 + 1, NULL);
      h->has_range = 1;
    }
  }
}

static const struct hint *find_hint(const char *name) {
  for (int i = 0; i < nhints; i++)
    if (!strcmp(hints[i].name, name)) return &hints[i];
  return NULL;
}

static uint32_t f2k(float f) { uint32_t u; memcpy(&u, &f, 4); return (u >> 31) ? ~u : u | 0x80000000u; }
static float k2f(uint32_t k) { uint32_t u = (k >> 31) ? k & 0x7fffffffu : ~k; float f; memcpy(&f, &u, 4); return f; }
static uint64_t d2k(double d) { uint64_t u; memcpy(&u, &d, 8); return (u >> 63) ? ~u : u | (1ull << 63); }
static double k2d(uint64_t k) { uint64_t u = (k >> 63) ? k & ~(1ull << 63) : ~k; double d; memcpy(&d, &u, 8); return d; }

static const double edges[] = {0.0, 1.0, 2.0, 0.5, 3.0, 10.0, 100.0, 1e4, 1e12,
                               0x1p-149, 0x1p-126, 0x1p24, 0x1p31, 0x1p32,
                               0x1p53, 0x1p63, 0x1p64, FLT_MAX, 0x1p-1074,
                               0x1p-1022, DBL_MAX, INFINITY, NAN};

static double gen_real(int is_float, const struct hint *h) {
  unsigned pick = rnd() % 100;
  if (h && h->has_range && pick < 70) {
    double lo = (double)h->lo, hi = (double)h->hi;
    unsigned k = rnd() % 10;
    if (k < 3) return lo + (hi - lo) * unif();
    if (k < 7) { /* uniform over representations */
      if (is_float) {
        uint32_t a = f2k((float)lo), b = f2k((float)hi);
        return k2f(a + (uint32_t)(rnd() % ((uint64_t)b - a + 1)));
      }
      uint64_t a = d2k(lo), b = d2k(hi);
      uint64_t span = b - a;
      return k2d(a + (span == UINT64_MAX ? rnd() : rnd() % (span + 1)));
    }
    if (k < 8) return floor(lo + (hi - lo) * unif()); /* integers */
    double e = (rnd() & 1) ? lo : hi;
    int steps = (int)(rnd() % 5) - 2;
    for (; steps > 0; steps--) e = is_float ? nextafterf((float)e, INFINITY) : nextafter(e, INFINITY);
    for (; steps < 0; steps++) e = is_float ? nextafterf((float)e, -INFINITY) : nextafter(e, -INFINITY);
    return e;
  }
  pick = rnd() % 100;
  double s = (rnd() & 1) ? -1.0 : 1.0;
  if (pick < 15) {
    double e = edges[rnd() % (sizeof edges / sizeof edges[0])];
    if (rnd() % 3 == 0) e = is_float ? nextafterf((float)e, (rnd() & 1) ? INFINITY : 0) : nextafter(e, (rnd() & 1) ? INFINITY : 0);
    return s * e;
  }
  if (pick < 40) {
    if (is_float) { uint32_t u = (uint32_t)rnd(); float f; memcpy(&f, &u, 4); return f; }
    uint64_t u = rnd(); double d; memcpy(&d, &u, 8); return d;
  }
  if (pick < 60) return s * (double)(rnd() % 81) / 4.0;
  static const double R[] = {1, 2, 4, 10, 100, 1e4, 1e6, 1e9, 1e20, 1e-5, 1e-30};
  return s * R[rnd() % (sizeof R / sizeof R[0])] * unif();
}

static long long gen_int(const struct hint *h, long long tmin, long long tmax) {
  if (h && h->has_range && rnd() % 10 < 8) {
    long long lo = (long long)h->lo, hi = (long long)h->hi;
    if (rnd() % 8 == 0) return (rnd() & 1) ? lo : hi;
    return lo + (long long)(rnd() % (uint64_t)(hi - lo + 1));
  }
  switch (rnd() % 4) {
  case 0: return (long long)(rnd() % 21) - 10;
  case 1: return (rnd() & 1) ? tmin : tmax;
  default: return (long long)rnd();
  }
}

static void gen_ldouble(unsigned char *b, const struct hint *h) {
  memset(b, 0, 10);
  if (h && h->has_range && rnd() % 10 < 6) {
    long double x = h->lo + (h->hi - h->lo) * (long double)unif();
    memcpy(b, &x, 10);
    return;
  }
  static const uint16_t exps[] = {0, 1, 2, 0x3ffe, 0x3fff, 0x4000, 0x7ffe, 0x7fff};
  uint16_t e = (rnd() % 3) ? exps[rnd() % 8] : (uint16_t)(rnd() & 0x7fff);
  uint64_t m;
  switch (rnd() % 5) {
  case 0: m = 0; break;
  case 1: m = 1; break;
  case 2: m = 1ull << 62; break;
  case 3: m = ~0ull >> 1; break;
  default: m = rnd() >> 1;
  }
  if (rnd() % 3) m |= 1ull << 63; /* explicit integer bit */
  if (rnd() & 1) e |= 0x8000;
  memcpy(b, &m, 8);
  memcpy(b + 8, &e, 2);
}

static char g_trace[4096]; /* FSB_INPUT of the current random run */

static void trace_add(const char *name, const char *tyname, const char *val) {
  size_t n = strlen(g_trace);
  snprintf(g_trace + n, sizeof g_trace - n, "%s%s=%s:%s", n ? " " : "", name,
           tyname, val);
}

static void random_fill(void *addr, size_t nbytes, const char *name,
                        enum ty want) {
  const struct hint *h = find_hint(name);
  enum ty t = h ? h->t : want;
  if (t == T_NONE)
    t = nbytes == 4 ? T_FLOAT : nbytes == 8 ? T_DOUBLE
      : nbytes == 16 ? T_LDOUBLE : T_BYTES;
  char v[512];
  switch (t) {
  case T_FLOAT: case T_DOUBLE: {
    size_t es = t == T_FLOAT ? 4 : 8;
    if (nbytes % es) die("float/double hint for odd-sized '%s'%s", name, "");
    char *p = v; v[0] = 0;
    for (size_t i = 0; i < nbytes / es; i++) {
      double d = gen_real(t == T_FLOAT, h);
      if (t == T_FLOAT) { float f = (float)d; memcpy((char *)addr + 4 * i, &f, 4); d = f; }
      else memcpy((char *)addr + 8 * i, &d, 8);
      if (p - v < 100) p += sprintf(p, "%s%s", i ? "," : "", isnan(d) ? (signbit(d) ? "-nan" : "nan") : "");
      if (!isnan(d) && p - v < 100) p += sprintf(p, "%a", d);
    }
    trace_add(name, t == T_FLOAT ? "float" : "double", v);
    return;
  }
  case T_LDOUBLE: {
    unsigned char b[16] = {0};
    gen_ldouble(b, h);
    memcpy(addr, b, nbytes < 16 ? nbytes : 16);
    char *p = v;
    for (size_t i = 0; i < (nbytes < 10 ? nbytes : 10); i++) p += sprintf(p, "%02x", b[i]);
    trace_add(name, "bytes", v);
    return;
  }
  case T_BOOL: case T_CHAR: case T_UCHAR: case T_SHORT: case T_USHORT:
  case T_INT: case T_UINT: case T_LONG: case T_ULONG: {
    long long x;
    if (nbytes == 1) x = gen_int(h, t == T_CHAR ? -128 : 0, t == T_CHAR ? 127 : 255);
    else if (nbytes == 2) x = gen_int(h, -32768, 65535);
    else if (nbytes == 4) x = gen_int(h, t == T_UINT ? 0 : INT32_MIN, t == T_UINT ? UINT32_MAX : INT32_MAX);
    else x = gen_int(h, t == T_ULONG ? 0 : INT64_MIN, t == T_ULONG ? INT64_MAX : INT64_MAX);
    if (t == T_BOOL) x &= 1;
    memcpy(addr, &x, nbytes); /* little endian */
    sprintf(v, "%lld", x);
    trace_add(name, nbytes == 1 ? "char" : nbytes == 2 ? "short" : nbytes == 4 ? "int" : "long", v);
    return;
  }
  default: {
    char *p = v;
    for (size_t i = 0; i < nbytes; i++) {
      unsigned char c = (unsigned char)rnd();
      ((unsigned char *)addr)[i] = c;
      if (i < 60) p += sprintf(p, "%02x", c);
    }
    trace_add(name, "bytes", v);
  }
  }
}

/* -------------------------------------------------------- run control */

static sigjmp_buf g_jb;
static uint32_t g_pattern;
static volatile sig_atomic_t g_in_run;

static int g_collect;        /* FSB_COLLECT: note failures and go on */
static char g_seen[64][160]; /* distinct failure locations seen */
static int g_nseen;

static void report_and_exit(const char *what) {
  char buf[4400];
  if (g_collect) {
    for (int i = 0; i < g_nseen; i++)
      if (!strcmp(g_seen[i], what)) siglongjmp(g_jb, 2);
    if (g_nseen < 64) {
      snprintf(g_seen[g_nseen++], 160, "%s", what);
      if (g_mode == M_EXHAUSTIVE)
        snprintf(buf, sizeof buf, "LOC %s pattern 0x%08x\n", what, g_pattern);
      else
        snprintf(buf, sizeof buf, "LOC %s FSB_INPUT='%s'\n", what, g_trace);
      if (write(1, buf, strlen(buf)) < 0) {}
    }
    siglongjmp(g_jb, 2);
  }
  if (g_mode == M_EXHAUSTIVE) {
    float f; memcpy(&f, &g_pattern, 4);
    snprintf(buf, sizeof buf, "FAIL (%s) on pattern 0x%08x (float %a, int %d)\n",
             what, g_pattern, (double)f, (int)g_pattern);
  } else {
    snprintf(buf, sizeof buf, "FAIL (%s) on FSB_INPUT='%s'\n", what, g_trace);
  }
  if (write(2, buf, strlen(buf)) < 0) {}
  _exit(1);
}

void __wrap_abort(void) {
  char what[64];
  snprintf(what, sizeof what, "abort@%p",
           (void *)((char *)__builtin_return_address(0) - 1));
  report_and_exit(what);
  for (;;) {}
}
void __wrap___assert_fail(const char *expr, const char *file, unsigned line,
                          const char *fn) {
  char what[160];
  const char *base = strrchr(file, '/');
  (void)expr; (void)fn;
  snprintf(what, sizeof what, "assert@%s:%u", base ? base + 1 : file, line);
  report_and_exit(what);
  for (;;) {}
}
static void on_signal(int sig, siginfo_t *si, void *uc) {
  char what[64];
  void *pc = (void *)((ucontext_t *)uc)->uc_mcontext.gregs[REG_RIP];
  sigset_t set;
  (void)si;
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  snprintf(what, sizeof what, "%s@%p",
           sig == SIGFPE ? "SIGFPE" : sig == SIGSEGV ? "SIGSEGV" : "signal", pc);
  report_and_exit(what);
}

static void fill(void *addr, size_t nbytes, const char *name, enum ty want) {
  g_nreq++;
  switch (g_mode) {
  case M_WITNESS: witness_fill(addr, nbytes, name, want); break;
  case M_EXHAUSTIVE:
    if (g_nreq != 1 || nbytes != 4)
      die("exhaustive mode needs exactly one 4-byte symbolic object ('%s')%s", name, "");
    memcpy(addr, &g_pattern, 4);
    break;
  case M_RANDOM: random_fill(addr, nbytes, name, want); break;
  }
}

void klee_make_symbolic(void *addr, size_t nbytes, const char *name) {
  fill(addr, nbytes, name, T_NONE);
}

static void assume_failed(void) {
  if (g_mode == M_WITNESS) {
    fprintf(stderr, "mock_klee: ASSUMPTION VIOLATED by the witness\n");
    _exit(77);
  }
  siglongjmp(g_jb, 1);
}
void klee_assume(uintptr_t c) { if (!c) assume_failed(); }
void __VERIFIER_assume(int c) { if (!c) assume_failed(); }

#define NONDET(T, NAME, TY)                                                   \
  T __VERIFIER_nondet_##NAME(void) {                                          \
    T v = 0;                                                                  \
    char nm[64];                                                              \
    if (g_mode == M_EXHAUSTIVE) { /* fast path: no name needed */             \
      fill(&v, sizeof v, #NAME, TY);                                          \
      return v;                                                               \
    }                                                                         \
    snprintf(nm, sizeof nm, "symbolic_%d_%s", g_nreq, #NAME);                 \
    fill(&v, sizeof v, nm, TY);                                               \
    return v;                                                                 \
  }
NONDET(_Bool, bool, T_BOOL)
NONDET(char, char, T_CHAR)
NONDET(double, double, T_DOUBLE)
NONDET(float, float, T_FLOAT)
NONDET(int, int, T_INT)
NONDET(long, long, T_LONG)
NONDET(void *, pointer, T_LONG)
NONDET(char *, pchar, T_LONG)
NONDET(short, short, T_SHORT)
NONDET(size_t, size_t, T_ULONG)
NONDET(unsigned, u32, T_UINT)
NONDET(unsigned char, uchar, T_UCHAR)
NONDET(unsigned, uint, T_UINT)
NONDET(unsigned long, ulong, T_ULONG)
NONDET(unsigned, unsigned, T_UINT)
NONDET(unsigned short, ushort, T_USHORT)

/* ---------------------------------------------------------------- main */

/* One run of the benchmark: 1 if it returned, 0 if an assumption failed,
 * 2 if it failed (collect mode). */
static int run_one(void) {
  int r;
  g_nreq = 0;
  g_trace[0] = 0;
  if (fegetround() != FE_TONEAREST)
    fesetround(FE_TONEAREST);
  if ((r = sigsetjmp(g_jb, 0)) == 0) {
    bench_main();
    return 1;
  }
  return r == 2 ? 2 : 0;
}

static void install_handlers(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_sigaction = on_signal;
  sa.sa_flags = SA_SIGINFO | SA_NODEFER;
  sigaction(SIGFPE, &sa, NULL);
  sigaction(SIGSEGV, &sa, NULL);
  sigaction(SIGBUS, &sa, NULL);
}

static int run_exhaustive(void) {
  int jobs = getenv("FSB_JOBS") ? atoi(getenv("FSB_JOBS")) : 2;
  if (jobs < 1) jobs = 1;
  uint64_t *counts = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
                          MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  memset(counts, 0, 4096);
  for (int j = 0; j < jobs; j++) {
    pid_t pid = fork();
    if (pid == 0) {
      install_handlers();
      g_collect = getenv("FSB_COLLECT") != NULL;
      uint64_t lo = ((uint64_t)1 << 32) * j / jobs;
      uint64_t hi = ((uint64_t)1 << 32) * (j + 1) / jobs;
      uint64_t acc = 0, rej = 0;
      for (uint64_t p = lo; p < hi; p++) {
        g_pattern = (uint32_t)p;
        int r = run_one();
        if (r == 1) acc++; else if (r == 0) rej++;
      }
      counts[2 * j] = acc;
      counts[2 * j + 1] = rej;
      _exit(0);
    }
  }
  int bad = 0, st;
  while (wait(&st) > 0)
    if (!WIFEXITED(st) || WEXITSTATUS(st)) bad = 1;
  uint64_t acc = 0, rej = 0;
  for (int j = 0; j < jobs; j++) { acc += counts[2 * j]; rej += counts[2 * j + 1]; }
  printf("exhaustive: %s, %" PRIu64 " inputs satisfy the assumptions, %" PRIu64
         " rejected\n", bad ? "FAILED" : "ok", acc, rej);
  return bad;
}

static int run_random(void) {
  long n = getenv("FSB_N") ? atol(getenv("FSB_N")) : 10000000L;
  if (getenv("FSB_SEED")) rng_state ^= strtoull(getenv("FSB_SEED"), NULL, 0) * 0x2545F4914F6CDD1Dull;
  parse_hints(getenv("FSB_HINTS"));
  install_handlers();
  long acc = 0, rej = 0, failed = 0;
  g_collect = getenv("FSB_COLLECT") != NULL;
  for (long i = 0; i < n; i++) {
    int r = run_one();
    if (r == 1) acc++; else if (r == 2) failed++; else rej++;
  }
  printf("random: ok, %ld inputs satisfy the assumptions, %ld rejected, "
         "%ld failed\n", acc, rej, failed);
  return 0;
}

int main(void) {
  const char *m = getenv("FSB_MODE");
  if (!m || !strcmp(m, "witness")) {
    g_mode = M_WITNESS;
    const char *in = getenv("FSB_INPUT");
    g_input = in ? strdup(in) : NULL;
    return bench_main();
  }
  if (!strcmp(m, "exhaustive")) { g_mode = M_EXHAUSTIVE; return run_exhaustive(); }
  if (!strcmp(m, "random")) { g_mode = M_RANDOM; return run_random(); }
  die("unknown FSB_MODE '%s'%s", m, "");
  return 2;
}
