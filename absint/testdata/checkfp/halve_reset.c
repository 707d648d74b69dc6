// x87 halving with a reset: x = x / 2 is exact while x stays normal
// (x >= 2^-10 here), so no inexact and no underflow. The grid of x goes
// down one step per iteration (2^0, 2^-1, ...): the widening sends it to
// "none" instead of 32765 iterations down to the x87's smallest
// subnormal; the scaling rule needs no grid.
// checkfp: inexact,underflow
// expect: proved
extern int __VERIFIER_nondet_int(void);
int main(void) {
  long double x = 1.0L;
  for (int i = 0; i < 100000; i++) {
    x = x / 2.0L;
    if (x < 0x1p-10L)
      x = 1.0L;
  }
  return x > 0.5L;
}
