/* floatsym: what musl needs from its machine when it runs inside floatsym
 * (run --libc=musl-bitcode, package muslbc).
 *
 * - The thread pointer: one static struct pthread for the one thread,
 *   set up as __init_tp would (self pointer, the global locale).
 * - The system calls: musl's syscall layer (arch/x86_64/syscall_arch.h of
 *   the overlay) calls __floatsym_musl_syscall, which hands the calls
 *   floatsym models to its models (read, write, open, close, lseek, fstat,
 *   stat, lstat, dup, dup2, unlink, ioctl, fcntl, getpid, clock_gettime,
 *   nanosleep, readv, writev as loops of read/write, exit and exit_group)
 *   and turns their -1 and errno into musl's -errno. Every other call
 *   answers -ENOSYS, as KLEE's POSIX model does for what it lacks. musl's
 *   own definitions of these functions are deleted from the module floatsym
 *   links, so the names below reach floatsym's models, not musl's wrappers
 *   (which would call back here).
 * - __syscall_cp_asm: the cancellation-point system call (no thread is
 *   ever cancelled here). */
#include "pthread_impl.h"
#include "syscall.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

static struct pthread floatsym_thread;

uintptr_t __floatsym_musl_tp(void)
{
	if (!floatsym_thread.self) {
		floatsym_thread.self = &floatsym_thread;
		floatsym_thread.prev = floatsym_thread.next = &floatsym_thread;
		floatsym_thread.tid = 1;
		floatsym_thread.detach_state = DT_JOINABLE;
		floatsym_thread.locale = &libc.global_locale;
		floatsym_thread.robust_list.head = &floatsym_thread.robust_list.head;
	}
	return (uintptr_t)&floatsym_thread;
}

static long ret(long r)
{
	return r < 0 ? -errno : r;
}

static long rwv(int fd, const struct iovec *iov, int n, int out)
{
	long total = 0;
	for (int i = 0; i < n; i++) {
		long r = out ? write(fd, iov[i].iov_base, iov[i].iov_len)
		             : read(fd, iov[i].iov_base, iov[i].iov_len);
		if (r < 0) return total ? total : -errno;
		total += r;
		if ((size_t)r < iov[i].iov_len) break;
	}
	return total;
}

long __floatsym_musl_syscall(long n, long a, long b, long c, long d, long e, long f)
{
	(void)d; (void)e; (void)f;
	switch (n) {
	case SYS_read: return ret(read(a, (void *)b, c));
	case SYS_write: return ret(write(a, (const void *)b, c));
	case SYS_readv: return rwv(a, (const struct iovec *)b, c, 0);
	case SYS_writev: return rwv(a, (const struct iovec *)b, c, 1);
	case SYS_open: return ret(open((const char *)a, b, (mode_t)c));
	case SYS_openat:
		if (a != AT_FDCWD) return -ENOSYS;
		return ret(open((const char *)b, c, (mode_t)d));
	case SYS_close: return ret(close(a));
	case SYS_lseek: return ret(lseek(a, b, c));
	case SYS_fstat: return ret(fstat(a, (struct stat *)b));
	case SYS_stat: return ret(stat((const char *)a, (struct stat *)b));
	case SYS_lstat: return ret(lstat((const char *)a, (struct stat *)b));
	case SYS_dup: return ret(dup(a));
	case SYS_dup2: return ret(dup2(a, b));
	case SYS_unlink: return ret(unlink((const char *)a));
	case SYS_ioctl: return ret(ioctl(a, b, c));
	case SYS_fcntl: return ret(fcntl(a, b, c));
	case SYS_getpid: return getpid();
	case SYS_clock_gettime: return ret(clock_gettime(a, (struct timespec *)b));
	case SYS_nanosleep: return ret(nanosleep((const struct timespec *)a, (struct timespec *)b));
	case SYS_exit:
	case SYS_exit_group: _exit(a);
	}
	return -ENOSYS;
}

long __syscall_cp_asm(volatile int *cancel, long n, long a, long b, long c, long d, long e, long f)
{
	(void)cancel;
	return __floatsym_musl_syscall(n, a, b, c, d, e, f);
}
