/* GNU readline and history over stdin (not a terminal): prompts, echo,
 * the returned lines, the history list, and end of input; history files
 * that do not exist fail with ENOENT; history_truncate_file keeps the
 * last lines of a file it wrote. Natively linked with libreadline. */
// native-ldflags: -lreadline
#include <readline/history.h>
#include <readline/readline.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  rl_initialize();
  printf("len %d base %d max %d brk [%s] suppress %d\n", history_length, history_base, history_max_entries,
         rl_basic_word_break_characters, rl_completion_suppress_append);
  char *l;
  int lines = 0;
  while ((l = readline("> "))) {
    printf("got [%s]\n", l);
    if (*l)
      add_history(l);
    lines++;
    free(l);
  }
  printf("eof after %d lines, history %d\n", lines, history_length);
  printf("read missing %d\n", read_history("no-such-dir/history"));
  printf("truncate missing %d\n", history_truncate_file("no-such-file", 1));
  printf("write %d\n", write_history("hist.txt"));
  printf("truncate %d\n", history_truncate_file("hist.txt", 2));
  FILE *f = fopen("hist.txt", "r");
  int c, n = 0;
  while (f && (c = fgetc(f)) != EOF)
    n += c == '\n';
  printf("hist.txt has %d lines\n", n);
  if (f)
    fclose(f);
  return 0;
}
