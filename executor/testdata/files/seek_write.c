/* fseek/ftell/rewind, ungetc, fread, a file written and read back, and
 * the POSIX calls open/read/lseek/close/stat. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(void) {
  const char *path = getenv("DATA");
  FILE *f = fopen(path, "rb");
  if (!f)
    return 3;
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  printf("size %ld\n", size);
  fseek(f, 2, SEEK_SET);
  int c = getc(f);
  ungetc('Z', f);
  printf("at %ld: %c then %c\n", ftell(f), c, getc(f));
  rewind(f);
  char buf[16];
  size_t n = fread(buf, 1, 15, f);
  buf[n] = 0;
  printf("fread %zu [%s]\n", n, buf);
  fclose(f);

  struct stat st;
  if (stat(path, &st) != 0 || st.st_size != size)
    return 5;
  printf("stat size ok, regular %d\n", S_ISREG(st.st_mode));

  FILE *w = fopen("floatsym-test-out.txt", "w+");
  if (!w)
    return 6;
  fprintf(w, "%d %.3f\n", 7, 2.5);
  fputs("second line\n", w);
  fwrite("xyz", 1, 3, w);
  printf("written ftell %ld\n", ftell(w));
  rewind(w);
  int k;
  double v;
  char word[16];
  int r = fscanf(w, "%d %lf %15s", &k, &v, word);
  printf("read back %d: %d %g %s\n", r, k, v, word);
  fclose(w);
  remove("floatsym-test-out.txt");

  int fd = open(path, O_RDONLY);
  if (fd < 0)
    return 7;
  char b2[8];
  lseek(fd, 4, SEEK_SET);
  ssize_t got = read(fd, b2, 7);
  b2[got < 0 ? 0 : got] = 0;
  printf("read %zd [%s]\n", got, b2);
  struct stat fst;
  fstat(fd, &fst);
  printf("fstat size %lld\n", (long long)fst.st_size);
  close(fd);
  printf("missing file: %p\n", (void *)fopen("/nonexistent/floatsym", "r"));
  return 0;
}
