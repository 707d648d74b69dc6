// Loop forms (for/while/do-while, break/continue, nested with labels via goto),
// direct recursion, mutual recursion, tail recursion, Ackermann (small args).
#include <stdint.h>
#include <stdio.h>

__attribute__((noinline)) static uint64_t fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__attribute__((noinline)) static unsigned ack(unsigned m, unsigned n) {
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
static int is_odd(unsigned n);
__attribute__((noinline)) static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
__attribute__((noinline)) static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }
__attribute__((noinline)) static uint64_t gcd(uint64_t a, uint64_t b) { return b ? gcd(b, a % b) : a; }
__attribute__((noinline)) static long sum_tail(long n, long acc) { return n == 0 ? acc : sum_tail(n - 1, acc + n); }
static void hanoi(int n, int from, int to, int via, unsigned *moves, unsigned *hash) {
    if (n == 0) return;
    hanoi(n - 1, from, via, to, moves, hash);
    (*moves)++;
    *hash = *hash * 7u + (unsigned)(from * 3 + to);
    hanoi(n - 1, via, to, from, moves, hash);
}

int main(void) {
    volatile unsigned n = 20;
    printf("fib %llu\n", (unsigned long long)fib(n));
    printf("ack %u %u\n", ack(2, 3), ack(3, 3));
    printf("even %d %d\n", is_even(n), is_odd(n + 7));
    printf("gcd %llu\n", (unsigned long long)gcd(1071u * 1000003u, 462u * 1000003u));
    printf("tail %ld\n", sum_tail(1000, 0));
    unsigned moves = 0, hash = 0;
    hanoi(10, 0, 2, 1, &moves, &hash);
    printf("hanoi %u %08x\n", moves, hash);
    /* loop forms */
    int s = 0;
    for (int i = 0; i < 100; i++) {
        if (i % 3 == 0) continue;
        if (i > 80) break;
        s += i;
    }
    int w = 0, k = 1000;
    while (k > 1) { k = (k % 2) ? 3 * k + 1 : k / 2; w++; }
    int d = 0;
    do { d += 2; } while (d < 0);
    int found = -1;
    for (int i = 0; i < 20; i++)
        for (int j = 0; j < 20; j++)
            if (i * j == 91) { found = i * 100 + j; goto done; }
done:
    printf("loops %d %d %d %d\n", s, w, d, found);
    /* countdown with unsigned wrap condition */
    unsigned cnt = 0;
    for (unsigned u = 10; u < 100; u--) cnt++;
    printf("unsigned countdown %u\n", cnt);
    /* primes by sieve */
    static char comp[2000];
    int primes = 0;
    for (int i = 2; i < 2000; i++) {
        if (comp[i]) continue;
        primes++;
        for (int j = i * i; j < 2000; j += i) comp[j] = 1;
    }
    printf("primes %d\n", primes);
    return 0;
}
