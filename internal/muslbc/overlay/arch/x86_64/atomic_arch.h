/* floatsym: atomics as plain C. floatsym executes one thread, so a
 * compare-and-swap is a load, a compare and a store; the generic
 * src/internal/atomic.h derives the other operations from these. */
#define a_cas a_cas
static inline int a_cas(volatile int *p, int t, int s)
{
	int old = *p;
	if (old == t) *p = s;
	return old;
}

#define a_cas_p a_cas_p
static inline void *a_cas_p(volatile void *p, void *t, void *s)
{
	void *old = *(void *volatile *)p;
	if (old == t) *(void *volatile *)p = s;
	return old;
}

#define a_barrier a_barrier
static inline void a_barrier()
{
}

#define a_spin a_spin
static inline void a_spin()
{
}

#define a_crash a_crash
static inline void a_crash()
{
	__builtin_trap();
}
