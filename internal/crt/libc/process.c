/* floatsym libc: processes (popen, pclose, system, fork, exec*, wait,
 * waitpid, pipe) and the user database (getuid and friends, getpwuid,
 * getpwnam).
 *
 * floatsym executes one program and no others, as KLEE's POSIX model
 * does: popen fails (NULL, errno ENOSYS) and system(NULL) answers that no
 * command processor is available (0); system(command), fork, the exec
 * family, pipe, wait and waitpid fail with -1 and ENOSYS (wait: ECHILD,
 * there is no child). The program runs as root (uid and gid 0, as under
 * KLEE's stubs) and the user database is empty: getpwuid and getpwnam
 * find no entry (NULL, errno unchanged). The path goes on as the program's own failure handling
 * decides. Natively these calls usually succeed, so a bug found past a
 * failed popen or system does not replay: it is reported as not
 * replaying, never as confirmed. */
#include <stddef.h>

#define ENOSYS 38
#define EINVAL 22

typedef struct _IO_FILE FILE;
int *__errno_location(void);

FILE *popen(const char *command, const char *mode);
int pclose(FILE *f);
int system(const char *command);
int fork(void);
int vfork(void);
int execl(const char *path, const char *arg, ...);
int execlp(const char *file, const char *arg, ...);
int execle(const char *path, const char *arg, ...);
int execv(const char *path, char *const argv[]);
int execvp(const char *file, char *const argv[]);
int execve(const char *path, char *const argv[], char *const envp[]);
int pipe(int fds[2]);
int wait(int *status);
int waitpid(int pid, int *status, int options);
unsigned getuid(void);
unsigned geteuid(void);
unsigned getgid(void);
unsigned getegid(void);
struct passwd *getpwuid(unsigned uid);
struct passwd *getpwnam(const char *name);

#define ECHILD 10

FILE *popen(const char *command, const char *mode)
{
	(void)command;
	(void)mode;
	*__errno_location() = ENOSYS;
	return 0;
}

int pclose(FILE *f)
{
	/* no stream popen returned can exist */
	(void)f;
	*__errno_location() = EINVAL;
	return -1;
}

int system(const char *command)
{
	if (!command)
		return 0;
	*__errno_location() = ENOSYS;
	return -1;
}

static int nosys(void)
{
	*__errno_location() = ENOSYS;
	return -1;
}

int fork(void) { return nosys(); }
int vfork(void) { return nosys(); }
int execl(const char *path, const char *arg, ...) { (void)path, (void)arg; return nosys(); }
int execlp(const char *file, const char *arg, ...) { (void)file, (void)arg; return nosys(); }
int execle(const char *path, const char *arg, ...) { (void)path, (void)arg; return nosys(); }
int execv(const char *path, char *const argv[]) { (void)path, (void)argv; return nosys(); }
int execvp(const char *file, char *const argv[]) { (void)file, (void)argv; return nosys(); }
int execve(const char *path, char *const argv[], char *const envp[]) { (void)path, (void)argv, (void)envp; return nosys(); }
int pipe(int fds[2]) { (void)fds; return nosys(); }

int wait(int *status)
{
	(void)status;
	*__errno_location() = ECHILD;
	return -1;
}

int waitpid(int pid, int *status, int options)
{
	(void)pid, (void)status, (void)options;
	*__errno_location() = ECHILD;
	return -1;
}

unsigned getuid(void) { return 0; }
unsigned geteuid(void) { return 0; }
unsigned getgid(void) { return 0; }
unsigned getegid(void) { return 0; }
struct passwd *getpwuid(unsigned uid) { (void)uid; return 0; }
struct passwd *getpwnam(const char *name) { (void)name; return 0; }
