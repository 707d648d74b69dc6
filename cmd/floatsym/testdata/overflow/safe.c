extern int __VERIFIER_nondet_int(void);
extern long __VERIFIER_nondet_long(void);
extern void abort(void);
void assume_abort_if_not(int c) { if (!c) abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  long l = __VERIFIER_nondet_long();
  unsigned u = (unsigned)x;
  assume_abort_if_not(x > -1000 && x < 1000);
  assume_abort_if_not(l > -1000000 && l < 1000000);
  int y = x * 1000;
  int z = 7 - x + 3000;
  long m = l * l;
  u = u * u + 3u; /* unsigned: wraps, never an overflow */
  return (y ^ z ^ (int)m ^ (int)u) & 1; /* no branch: only the checks query */
}
