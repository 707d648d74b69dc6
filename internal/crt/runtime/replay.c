/*
 * replay.c - floatsym's native replay runtime.
 *
 * Linked with a program compiled natively, it makes the program consume a
 * .ktest file instead of exploring: every klee_make_symbolic, klee_int,
 * klee_range and __VERIFIER_nondet_* call takes the NEXT object of the
 * test named by the environment variable KTEST_FILE.
 *
 * The SV-COMP functions are weak: programs written in SV-COMP's style
 * declare them themselves (without svcomp.h), and some define
 * __VERIFIER_assert, __VERIFIER_error or __VERIFIER_assume; their own
 * definition then wins, as it does under floatsym.
 *
 * What it prints (on stderr) and its exit statuses are read by floatsym's
 * replay package:
 *   floatsym-replay: mismatch: ...          exit 97  (test does not fit)
 *   floatsym-replay: assume violated ...    exit 98
 *   floatsym-replay: error kind=K file=F line=L: MSG
 *                                           exit 96  (klee_report_error)
 * klee_abort() calls abort(); klee_silent_exit(n) calls exit(n).
 */
#define _GNU_SOURCE
#include <assert.h>
#include <errno.h>
#include <fenv.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "klee/klee.h"
#include "svcomp/svcomp.h"

#define REPLAY_EXIT_ERROR 96
#define REPLAY_EXIT_MISMATCH 97
#define REPLAY_EXIT_ASSUME 98

/* Largest .ktest accepted (matches the Go reader's limit). */
#define REPLAY_MAX_FILE ((size_t)1 << 30)

/* Provided by the sanitizer runtimes; absent in a plain build. */
extern void __sanitizer_print_stack_trace(void) __attribute__((weak));

struct replay_object {
  const unsigned char *name;
  uint32_t name_len;
  const unsigned char *bytes;
  uint32_t size;
};

static struct {
  int loaded;
  const char *path;
  unsigned char *data;
  struct replay_object *objects;
  uint32_t num_objects;
  uint32_t next;
  /* The program's command line as given to floatsym (posix_main). */
  struct replay_object *args;
  uint32_t num_args;
} replay;

static void replay_stack(void) {
  if (__sanitizer_print_stack_trace)
    __sanitizer_print_stack_trace();
}

static void mismatch(const char *fmt, ...)
    __attribute__((noreturn, format(printf, 1, 2)));
static void mismatch(const char *fmt, ...) {
  va_list ap;
  fflush(stdout);
  fputs("floatsym-replay: mismatch: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  fflush(stderr);
  exit(REPLAY_EXIT_MISMATCH);
}

/* Bounds-checked big-endian reader over the file image. */
struct reader {
  const unsigned char *p;
  size_t left;
};

static uint32_t read_u32(struct reader *r, const char *what) {
  uint32_t v;
  if (r->left < 4)
    mismatch("%s: truncated reading %s", replay.path, what);
  v = ((uint32_t)r->p[0] << 24) | ((uint32_t)r->p[1] << 16) |
      ((uint32_t)r->p[2] << 8) | (uint32_t)r->p[3];
  r->p += 4;
  r->left -= 4;
  return v;
}

static const unsigned char *read_bytes(struct reader *r, uint32_t n,
                                       const char *what) {
  const unsigned char *p = r->p;
  if ((size_t)n > r->left)
    mismatch("%s: %s has %u bytes but only %zu remain", replay.path, what,
             (unsigned)n, r->left);
  r->p += n;
  r->left -= n;
  return p;
}

static unsigned char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  unsigned char *buf = NULL;
  size_t cap = 0, n = 0;
  if (!f)
    mismatch("cannot open KTEST_FILE %s: %s", path, strerror(errno));
  for (;;) {
    size_t got;
    if (n == cap) {
      unsigned char *nb;
      cap = cap ? cap * 2 : 4096;
      if (cap > REPLAY_MAX_FILE + 1)
        cap = REPLAY_MAX_FILE + 1;
      if (n == cap)
        mismatch("%s: file larger than %zu bytes", path, REPLAY_MAX_FILE);
      nb = realloc(buf, cap);
      if (!nb)
        mismatch("%s: out of memory", path);
      buf = nb;
    }
    got = fread(buf + n, 1, cap - n, f);
    n += got;
    if (got == 0) {
      if (ferror(f))
        mismatch("cannot read KTEST_FILE %s", path);
      break;
    }
  }
  fclose(f);
  *len = n;
  return buf;
}

/* When the test is a floating-point exception floatsym reported, the
 * replay driver names the exception (an FE_* mask) in FLOATSYM_FPTRAP: its
 * trap is enabled, for SSE and x87 alike, so the operation raising it
 * stops the program with SIGFPE, which the sanitizer runtime reports with
 * the faulting stack. */
__attribute__((constructor)) static void replay_fptrap(void) {
  const char *s = getenv("FLOATSYM_FPTRAP");
  if (s && *s)
    feenableexcept(atoi(s) & FE_ALL_EXCEPT);
}

static void load(void) {
  struct reader r;
  size_t len;
  uint32_t version, i, nargs;

  if (replay.loaded)
    return;
  replay.loaded = 1;
  replay.path = getenv("KTEST_FILE");
  if (!replay.path || !*replay.path)
    mismatch("KTEST_FILE is not set");
  replay.data = read_file(replay.path, &len);
  r.p = replay.data;
  r.left = len;

  if (len < 5 || (memcmp(r.p, "KTEST", 5) != 0 && memcmp(r.p, "BOUT\n", 5) != 0))
    mismatch("%s: not a ktest file", replay.path);
  r.p += 5;
  r.left -= 5;
  version = read_u32(&r, "version");
  if (version > 3)
    mismatch("%s: unsupported ktest version %u", replay.path, (unsigned)version);
  nargs = read_u32(&r, "number of args");
  if ((uint64_t)nargs * 4 > r.left)
    mismatch("%s: %u args cannot fit in %zu bytes", replay.path, (unsigned)nargs,
             r.left);
  replay.args = calloc(nargs ? nargs : 1, sizeof *replay.args);
  if (!replay.args)
    mismatch("%s: out of memory", replay.path);
  replay.num_args = nargs;
  for (i = 0; i < nargs; i++) {
    replay.args[i].size = read_u32(&r, "arg length");
    replay.args[i].bytes = read_bytes(&r, replay.args[i].size, "arg");
  }
  if (version >= 2) {
    read_u32(&r, "symArgvs");
    read_u32(&r, "symArgvLen");
  }
  replay.num_objects = read_u32(&r, "number of objects");
  /* Each object takes at least 8 bytes, so this bounds the allocation. */
  if ((uint64_t)replay.num_objects * 8 > r.left)
    mismatch("%s: %u objects cannot fit in %zu bytes", replay.path,
             (unsigned)replay.num_objects, r.left);
  replay.objects =
      calloc(replay.num_objects ? replay.num_objects : 1, sizeof *replay.objects);
  if (!replay.objects)
    mismatch("%s: out of memory", replay.path);
  for (i = 0; i < replay.num_objects; i++) {
    struct replay_object *o = &replay.objects[i];
    o->name_len = read_u32(&r, "object name length");
    o->name = read_bytes(&r, o->name_len, "object name");
    o->size = read_u32(&r, "object size");
    o->bytes = read_bytes(&r, o->size, "object data");
  }
}

/* ktest names may be the requested name, or that name uniquified with a
 * "_<digits>" suffix. */
static int name_matches(const struct replay_object *o, const char *name) {
  size_t n = strlen(name), i;
  if (o->name_len < n || memcmp(o->name, name, n) != 0)
    return 0;
  if (o->name_len == n)
    return 1;
  if (o->name_len < n + 2 || o->name[n] != '_')
    return 0;
  for (i = n + 1; i < o->name_len; i++)
    if (o->name[i] < '0' || o->name[i] > '9')
      return 0;
  return 1;
}

/* next_object returns the bytes of the next object, which must be size
 * bytes long and, when name is not NULL, be called name. */
static const unsigned char *next_object(const char *fn, const char *name,
                                        size_t size) {
  const struct replay_object *o;
  load();
  if (replay.next >= replay.num_objects)
    mismatch("%s: %s wants object %u but the test has only %u", replay.path,
             fn, (unsigned)replay.next + 1, (unsigned)replay.num_objects);
  o = &replay.objects[replay.next];
  if (name && !name_matches(o, name))
    mismatch("%s: %s(\"%s\") got object %u named \"%.*s\"", replay.path, fn,
             name, (unsigned)replay.next, (int)o->name_len, (const char *)o->name);
  if ((size_t)o->size != size)
    mismatch("%s: %s wants %zu bytes but object %u (\"%.*s\") has %u", replay.path,
             fn, size, (unsigned)replay.next, (int)o->name_len,
             (const char *)o->name, (unsigned)o->size);
  replay.next++;
  return o->bytes;
}

static void report(const char *file, int line, const char *message,
                   const char *suffix) __attribute__((noreturn));
static void report(const char *file, int line, const char *message,
                   const char *suffix) {
  fflush(stdout);
  fprintf(stderr, "floatsym-replay: error kind=%s file=%s line=%d: %s\n",
          suffix && *suffix ? suffix : "user", file ? file : "", line,
          message ? message : "");
  fflush(stderr);
  replay_stack();
  exit(REPLAY_EXIT_ERROR);
}

static void assume(uintptr_t cond, const char *fn) {
  if (cond)
    return;
  fflush(stdout);
  fprintf(stderr, "floatsym-replay: assume violated (%s, after %u objects)\n",
          fn, (unsigned)replay.next);
  fflush(stderr);
  replay_stack();
  exit(REPLAY_EXIT_ASSUME);
}

/* ---- KLEE API ---- */

void klee_make_symbolic(void *addr, size_t nbytes, const char *name) {
  const unsigned char *b =
      next_object("klee_make_symbolic", name ? name : "unnamed", nbytes);
  memcpy(addr, b, nbytes);
}

int klee_int(const char *name) {
  int x;
  (void)name;
  memcpy(&x, next_object("klee_int", NULL, sizeof x), sizeof x);
  return x;
}

int klee_range(int begin, int end, const char *name) {
  int x;
  (void)name;
  if (begin >= end)
    report(__FILE__, __LINE__, "invalid range", "user");
  if (begin + 1 == end)
    return begin;
  memcpy(&x, next_object("klee_range", NULL, sizeof x), sizeof x);
  assume(begin <= x && x < end, "klee_range");
  return x;
}

void klee_assume(uintptr_t condition) { assume(condition, "klee_assume"); }

void klee_silent_exit(int status) { exit(status); }

void klee_abort(void) { abort(); }

void klee_report_error(const char *file, int line, const char *message,
                       const char *suffix) {
  report(file, line, message, suffix);
}

void klee_warning(const char *message) {
  fprintf(stderr, "floatsym-replay: warning: %s\n", message ? message : "");
}

void klee_warning_once(const char *message) {
  static const char *seen[64];
  static unsigned nseen;
  unsigned i;
  for (i = 0; i < nseen; i++)
    if (seen[i] == message)
      return;
  if (nseen < sizeof seen / sizeof seen[0])
    seen[nseen++] = message;
  klee_warning(message);
}

unsigned klee_is_symbolic(uintptr_t n) {
  (void)n;
  return 0;
}

float klee_get_valuef(float expr) { return expr; }
double klee_get_valued(double expr) { return expr; }
long klee_get_valuel(long expr) { return expr; }
long long klee_get_valuell(long long expr) { return expr; }
int32_t klee_get_value_i32(int32_t expr) { return expr; }
int64_t klee_get_value_i64(int64_t expr) { return expr; }

void klee_prefer_cex(void *object, uintptr_t condition) {
  (void)object;
  (void)condition;
}

void klee_print_expr(const char *msg, ...) {
  fprintf(stderr, "floatsym-replay: print_expr: %s\n", msg ? msg : "");
}

void klee_set_rounding_mode(int mode) {
  int fe;
  switch (mode) {
  case KLEE_FP_RNE:
    fe = FE_TONEAREST;
    break;
  case KLEE_FP_RTN:
    fe = FE_DOWNWARD;
    break;
  case KLEE_FP_RTP:
    fe = FE_UPWARD;
    break;
  case KLEE_FP_RTZ:
    fe = FE_TOWARDZERO;
    break;
  default:
    report(__FILE__, __LINE__, "invalid rounding mode", "user");
  }
  if (fesetround(fe) != 0)
    report(__FILE__, __LINE__, "fesetround failed", "user");
}

/* ---- SV-COMP API ---- */

#define NONDET(NAME, T)                                                        \
  __attribute__((weak)) T __VERIFIER_nondet_##NAME(void) {                     \
    T x;                                                                       \
    memcpy(&x, next_object("__VERIFIER_nondet_" #NAME, NULL, sizeof x),        \
           sizeof x);                                                          \
    return x;                                                                  \
  }

NONDET(char, char)
NONDET(double, double)
NONDET(float, float)
NONDET(int, int)
NONDET(long, long)
NONDET(longdouble, long double)
NONDET(pointer, void *)
NONDET(pchar, char *)
NONDET(short, short)
NONDET(size_t, size_t)
NONDET(u32, unsigned int)
NONDET(uchar, unsigned char)
NONDET(uint, unsigned int)
NONDET(ulong, unsigned long)
NONDET(unsigned, unsigned)
NONDET(ushort, unsigned short)

/* A _Bool object must hold 0 or 1; anything else cannot come from a real
 * execution, so it is reported like a violated assumption. */
__attribute__((weak)) _Bool __VERIFIER_nondet_bool(void) {
  unsigned char b = *next_object("__VERIFIER_nondet_bool", NULL, 1);
  assume(b <= 1, "__VERIFIER_nondet_bool");
  return b;
}

__attribute__((weak)) void __VERIFIER_assume(int cond) {
  assume(cond != 0, "__VERIFIER_assume");
}

/* An assertion failure raised here is reported by the replay package at
 * the program's call (the innermost frame in its sources), where floatsym
 * reports it. */
__attribute__((weak)) void __VERIFIER_assert(int cond) {
  if (!cond)
    __assert_fail("__VERIFIER_assert", __FILE__, __LINE__, "__VERIFIER_assert");
}

__attribute__((weak)) void __VERIFIER_error(void) { abort(); }

/* ---- KLEE's symbolic environment (klee_init_env, klee_init_fds) ----
 *
 * The program is linked with -Wl,--wrap=main. When the test's command line
 * (the ktest's args) holds KLEE's options (--sym-arg N, --sym-args MIN MAX
 * N, --sym-files NUM N, --sym-stdin N, --sym-stdout), this rebuilds what
 * floatsym's executor made of them, consuming the objects in the same
 * order: argNN and n_args become argv entries; A-data, B-data, ... become
 * files A, B, ... in the working directory; stdin's bytes become fd 0;
 * model_version must be 1. Other arguments are passed as they are; a test
 * without arguments runs main with the real argv. */

/* Weak: the runtime also links without --wrap=main (then __wrap_main is
 * unused). */
extern int __real_main(int argc, char **argv, char **envp) __attribute__((weak));

static char *arg_string(uint32_t i) {
  char *s = malloc(replay.args[i].size + 1);
  if (!s)
    mismatch("out of memory");
  memcpy(s, replay.args[i].bytes, replay.args[i].size);
  s[replay.args[i].size] = 0;
  return s;
}

static unsigned arg_number(uint32_t i, const char *opt) {
  char *s, *end;
  unsigned long v;
  if (i >= replay.num_args)
    mismatch("%s: %s: missing argument", replay.path, opt);
  s = arg_string(i);
  v = strtoul(s, &end, 10);
  if (!*s || *end || v > 0xffffffffUL)
    mismatch("%s: %s expects an integer, not \"%s\"", replay.path, opt, s);
  free(s);
  return (unsigned)v;
}

static int arg_is(uint32_t i, const char *opt) {
  const struct replay_object *a = &replay.args[i];
  size_t n = strlen(opt);
  if (a->size == n + 1 && a->bytes[0] == '-' && memcmp(a->bytes + 1, opt, n) == 0)
    return 1;
  return a->size == n + 2 && a->bytes[0] == '-' && a->bytes[1] == '-' &&
         memcmp(a->bytes + 2, opt, n) == 0;
}

static char *sym_arg(unsigned *count, unsigned len) {
  char name[16];
  char *s = malloc((size_t)len + 1);
  if (!s)
    mismatch("out of memory");
  snprintf(name, sizeof name, "arg%02u", *count);
  (*count)++;
  memcpy(s, next_object("--sym-arg", name, (size_t)len + 1), len);
  s[len] = 0;
  return s;
}

static void write_file(const char *path, const unsigned char *data, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, n, f) != n || fclose(f) != 0)
    mismatch("cannot create the symbolic file %s: %s", path, strerror(errno));
}

/* dfile consumes NAME and NAME-stat, as klee_init_fds makes them. */
static const unsigned char *dfile(const char *name, unsigned len) {
  char sname[64];
  const unsigned char *data = next_object("klee_init_fds", name, len);
  snprintf(sname, sizeof sname, "%s-stat", name);
  next_object("klee_init_fds", sname, 144);
  return data;
}

int __wrap_main(int argc, char **argv, char **envp) {
  uint32_t k;
  int used = 0, nargv = 0;
  unsigned nsym = 0, files = 0, file_len = 0, stdin_len = 0, sym_stdout = 0, i;
  char **nv;
  const char *path = getenv("KTEST_FILE");
  if (!path || !*path)
    return __real_main(argc, argv, envp);
  load();
  if (replay.num_args <= 1)
    return __real_main(argc, argv, envp);
  nv = calloc((size_t)replay.num_args * 64 + 2, sizeof *nv);
  if (!nv)
    mismatch("out of memory");
  nv[nargv++] = argv[0];
  for (k = 1; k < replay.num_args;) {
    if (arg_is(k, "sym-arg")) {
      unsigned len = arg_number(k + 1, "--sym-arg");
      nv[nargv++] = sym_arg(&nsym, len);
      k += 2;
    } else if (arg_is(k, "sym-args")) {
      unsigned lo = arg_number(k + 1, "--sym-args"), hi = arg_number(k + 2, "--sym-args");
      unsigned len = arg_number(k + 3, "--sym-args"), n = lo;
      if (lo < hi) {
        int32_t v;
        memcpy(&v, next_object("--sym-args", "n_args", 4), 4);
        assume(v >= (int32_t)lo && v <= (int32_t)hi, "--sym-args");
        n = (unsigned)v;
      }
      if (n > 64)
        mismatch("%s: --sym-args: %u arguments (at most 64 replayed)", replay.path, n);
      for (i = 0; i < n; i++)
        nv[nargv++] = sym_arg(&nsym, len);
      k += 4;
    } else if (arg_is(k, "sym-files")) {
      files = arg_number(k + 1, "--sym-files");
      file_len = arg_number(k + 2, "--sym-files");
      k += 3;
    } else if (arg_is(k, "sym-stdin")) {
      stdin_len = arg_number(k + 1, "--sym-stdin");
      k += 2;
    } else if (arg_is(k, "sym-stdout")) {
      sym_stdout = 1;
      k++;
    } else {
      nv[nargv++] = arg_string(k);
      k++;
      continue;
    }
    used = 1;
  }
  if (used) {
    uint32_t version;
    for (i = 0; i < files; i++) {
      char name[8] = "?-data", fname[2] = "?";
      name[0] = fname[0] = (char)('A' + i);
      write_file(fname, dfile(name, file_len), file_len);
    }
    if (stdin_len) {
      const unsigned char *data = dfile("stdin", stdin_len);
      const char *tmp = ".floatsym-replay-stdin";
      FILE *f;
      write_file(tmp, data, stdin_len);
      f = freopen(tmp, "rb", stdin);
      if (!f)
        mismatch("cannot open the replayed stdin: %s", strerror(errno));
    }
    if (sym_stdout)
      dfile("stdout", 1024);
    memcpy(&version, next_object("klee_init_fds", "model_version", 4), 4);
    assume(version == 1, "model_version");
  }
  nv[nargv] = NULL;
  return __real_main(nargv, nv, envp);
}
