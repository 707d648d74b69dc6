// A barycentric filter fed new __VERIFIER_nondet_float() inputs under
// assumes on every one of 3,600,000 iterations, shaped like SV-COMP's
// float-benchs/bary_diverge.c (Cousot et al., TASE 07): every iteration
// forks on the inputs, so the exploration never ends and many states are
// alive when --max-time stops it. Written for floatsym's limit tests.
extern float __VERIFIER_nondet_float(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);

static void reach_error(void) { __assert_fail("0", "bary_diverge.c", 10, "reach_error"); }
static void assume(int cond) { if (!cond) abort(); }
static void check(int cond) { if (!cond) reach_error(); }

static int init;
static float c1, in;

static float input(void) {
  float x = __VERIFIER_nondet_float();
  assume(x >= -1.f && x <= 1.f);
  return x;
}

static void filter(void) {
  static float x, y, z;
  if (c1 > 0.f) {
    z = y;
    y = x;
  }
  if (init) {
    x = in;
    y = in;
    z = in;
  } else {
    x = 0.50000001f * x + 0.30000001f * y + 0.20000001f * z;
  }
  check(x >= -5.f && x <= 5.f);
}

int main(void) {
  init = 1;
  c1 = input();
  in = input();
  for (int i = 0; i < 3600000; i++) {
    filter();
    init = (int)input();
    c1 = input();
    in = input();
  }
  return 0;
}
