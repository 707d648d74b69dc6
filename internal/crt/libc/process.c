/* floatsym libc: running other programs (popen, pclose, system).
 *
 * floatsym executes one program and no others, as KLEE's POSIX model
 * does: popen fails (NULL, errno ENOSYS) and system(NULL) answers that no
 * command processor is available (0); system(command) fails with -1 and
 * ENOSYS. The path goes on as the program's own failure handling
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
