/* floatsym libc: signal sets (<signal.h>). glibc's sigset_t is 1024 bits;
 * signals 1..64 are valid, others fail with EINVAL. The dispositions,
 * raise, kill and sigaction are built-in models of the executor
 * (builtins_signal.go). */
#define EINVAL 22
#define NSIG 65

typedef struct {
	unsigned long val[1024 / (8 * sizeof(unsigned long))];
} sigset_t;

int *__errno_location(void);

int sigemptyset(sigset_t *set);
int sigfillset(sigset_t *set);
int sigaddset(sigset_t *set, int sig);
int sigdelset(sigset_t *set, int sig);
int sigismember(const sigset_t *set, int sig);

int sigemptyset(sigset_t *set)
{
	for (unsigned i = 0; i < sizeof set->val / sizeof set->val[0]; i++)
		set->val[i] = 0;
	return 0;
}

int sigfillset(sigset_t *set)
{
	for (unsigned i = 0; i < sizeof set->val / sizeof set->val[0]; i++)
		set->val[i] = ~0UL;
	/* glibc keeps its two internal signals (32, 33) out of a full set */
	set->val[0] &= ~((1UL << 31) | (1UL << 32));
	return 0;
}

static int bad(int sig)
{
	if (sig <= 0 || sig >= NSIG) {
		*__errno_location() = EINVAL;
		return 1;
	}
	return 0;
}

int sigaddset(sigset_t *set, int sig)
{
	if (bad(sig))
		return -1;
	set->val[(sig - 1) / 64] |= 1UL << ((sig - 1) % 64);
	return 0;
}

int sigdelset(sigset_t *set, int sig)
{
	if (bad(sig))
		return -1;
	set->val[(sig - 1) / 64] &= ~(1UL << ((sig - 1) % 64));
	return 0;
}

int sigismember(const sigset_t *set, int sig)
{
	if (bad(sig))
		return -1;
	return (set->val[(sig - 1) / 64] >> ((sig - 1) % 64)) & 1;
}
