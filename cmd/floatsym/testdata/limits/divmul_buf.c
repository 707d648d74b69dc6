// Many states alive at the deadline: a buffer of nondet floats, divided
// and multiplied back, with a branch per element and per iteration, as in
// SV-COMP's float-benchs/divmul_diverge (the buffer makes every path's
// condition long). Written for floatsym's limit tests.
extern float __VERIFIER_nondet_float(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);

static void reach_error(void) { __assert_fail("0", "divmul_buf.c", 10, "reach_error"); }

#define N 16

int main(void) {
  float buf[N];
  for (int i = 0; i < N; i++) {
    buf[i] = __VERIFIER_nondet_float();
    if (!(buf[i] >= 1.f && buf[i] <= 2.f)) abort();
  }
  for (int k = 0; k < 1000000; k++) {
    for (int i = 0; i < N; i++) {
      float d = buf[i] / 3.f;
      float m = d * 3.f;
      if (m > buf[i]) buf[i] = m; else buf[i] = buf[(i + 1) % N];
      if (!(buf[i] >= 0.5f && buf[i] <= 4.f)) reach_error();
    }
  }
  return 0;
}
