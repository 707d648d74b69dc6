/* fcntl's descriptor and status flags on the data file named by $DATA:
 * FD_CLOEXEC set and read back, the access mode, O_APPEND, a bad
 * descriptor (EBADF). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
  const char *path = getenv("DATA");
  if (!path)
    return 2;
  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return 3;
  printf("getfd %d\n", fcntl(fd, F_GETFD));
  printf("setfd %d\n", fcntl(fd, F_SETFD, FD_CLOEXEC));
  printf("getfd %d\n", fcntl(fd, F_GETFD));
  printf("accmode %d append %d\n", fcntl(fd, F_GETFL) & O_ACCMODE, (fcntl(fd, F_GETFL) & O_APPEND) != 0);
  printf("stdout accmode %d\n", fcntl(1, F_GETFL) & O_ACCMODE);
  errno = 0;
  printf("bad %d errno %d\n", fcntl(99, F_GETFD), errno);
  close(fd);
  return 0;
}
