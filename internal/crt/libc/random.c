/* floatsym libc: the kernel's and BSD's random sources (getrandom,
 * getentropy, arc4random, arc4random_uniform, arc4random_buf).
 *
 * Natively these are unpredictable, so no path can depend on their
 * values and replay: getrandom and getentropy fail with ENOSYS (the
 * caller's fallback runs, as on a kernel without the call); arc4random
 * returns a fixed sequence (xorshift64*, the same on every run, so runs
 * are deterministic; a bug that depends on its values does not replay
 * natively and is reported as not replaying). */
#include <stddef.h>
#include <stdint.h>

#define ENOSYS 38

int *__errno_location(void);
long getrandom(void *buf, size_t n, unsigned flags);
int getentropy(void *buf, size_t n);
uint32_t arc4random(void);
uint32_t arc4random_uniform(uint32_t bound);
void arc4random_buf(void *buf, size_t n);

long getrandom(void *buf, size_t n, unsigned flags)
{
	(void)buf, (void)n, (void)flags;
	*__errno_location() = ENOSYS;
	return -1;
}

int getentropy(void *buf, size_t n)
{
	(void)buf, (void)n;
	*__errno_location() = ENOSYS;
	return -1;
}

static uint64_t state = 0x9e3779b97f4a7c15ULL;

uint32_t arc4random(void)
{
	state ^= state >> 12;
	state ^= state << 25;
	state ^= state >> 27;
	return (uint32_t)((state * 0x2545f4914f6cdd1dULL) >> 32);
}

uint32_t arc4random_uniform(uint32_t bound)
{
	if (bound < 2)
		return 0;
	/* rejection below 2^32 mod bound, as OpenBSD's: no modulo bias */
	uint32_t min = -bound % bound, r;
	do
		r = arc4random();
	while (r < min);
	return r % bound;
}

void arc4random_buf(void *buf, size_t n)
{
	unsigned char *p = buf;
	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned char)arc4random();
}
