/* SV-COMP no-overflow: a signed multiplication that can overflow. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void assume_abort_if_not(int c) { if (!c) abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  assume_abort_if_not(x > 0 && y > 0);
  int z = x * y;
  return z > 10;
}
