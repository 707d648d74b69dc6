/* floatsym libc: GNU readline and history (the calls and variables
 * programs such as GNU units use), reading the program's standard input.
 *
 * Standard input under floatsym is not a terminal, and readline on a
 * non-terminal (measured with libreadline 8.2, Debian bookworm) writes
 * the prompt to stdout, reads one line, echoes it with a newline and
 * returns it without the newline (malloc'd); at end of input with nothing
 * read it writes the prompt and returns NULL. That is what this model
 * does, through stdio, so a symbolic standard input flows into the line.
 * No line editing, completion or key binding happens on a non-terminal:
 * those variables exist with readline's initial values and are not used.
 *
 * The history list is kept in memory (add_history, history_length);
 * read_history, write_history, append_history and
 * history_truncate_file use the program's file system (floatsym's model)
 * and return 0 or an errno value, as libhistory does. */
#include <stddef.h>

typedef struct _IO_FILE FILE;
extern FILE *stdin;
extern FILE *stdout;
int fgetc(FILE *f);
int fputc(int c, FILE *f);
int fputs(const char *s, FILE *f);
FILE *fopen(const char *path, const char *mode);
int fclose(FILE *f);
int fflush(FILE *f);
void *malloc(size_t n);
void *realloc(void *p, size_t n);
void free(void *p);
size_t strlen(const char *s);
char *strcpy(char *d, const char *s);
char *getenv(const char *name);
int *__errno_location(void);

char *readline(const char *prompt);
int rl_initialize(void);
void add_history(const char *line);
int read_history(const char *file);
int write_history(const char *file);
int append_history(int n, const char *file);
int history_truncate_file(const char *file, int lines);
void using_history(void);
void clear_history(void);
int stifle_history(int max);

char *rl_basic_word_break_characters = " \t\n\"\\'`@$><=;|&{(";
char *rl_completer_word_break_characters = 0;
char *rl_readline_name = "other";
void *rl_completion_entry_function = 0;
void *rl_attempted_completion_function = 0;
int rl_completion_suppress_append = 0;
int rl_completion_append_character = ' ';
int rl_attempted_completion_over = 0;
FILE *rl_instream = 0;
FILE *rl_outstream = 0;
int history_base = 1;
int history_length = 0;
int history_max_entries = 0;

static char **hist;
static int hist_cap;

char *readline(const char *prompt)
{
	FILE *in = rl_instream ? rl_instream : stdin;
	FILE *out = rl_outstream ? rl_outstream : stdout;
	if (prompt)
		fputs(prompt, out);
	size_t n = 0, cap = 64;
	char *line = malloc(cap);
	if (!line)
		return 0;
	int c;
	while ((c = fgetc(in)) >= 0 && c != '\n') {
		if (n + 1 >= cap) {
			char *p = realloc(line, cap * 2);
			if (!p) {
				free(line);
				return 0;
			}
			line = p;
			cap *= 2;
		}
		line[n++] = (char)c;
	}
	line[n] = 0;
	if (c < 0 && n == 0) {
		free(line);
		fflush(out);
		return 0;
	}
	fputs(line, out);
	fputc('\n', out);
	return line;
}

int rl_initialize(void) { return 0; }

void using_history(void) {}

void add_history(const char *line)
{
	if (history_max_entries > 0 && history_length >= history_max_entries) {
		free(hist[0]);
		for (int i = 1; i < history_length; i++)
			hist[i - 1] = hist[i];
		history_length--;
		history_base++;
	}
	if (history_length >= hist_cap) {
		int cap = hist_cap ? hist_cap * 2 : 16;
		char **p = realloc(hist, (size_t)cap * sizeof *p);
		if (!p)
			return;
		hist = p;
		hist_cap = cap;
	}
	char *copy = malloc(strlen(line) + 1);
	if (!copy)
		return;
	strcpy(copy, line);
	hist[history_length++] = copy;
}

void clear_history(void)
{
	for (int i = 0; i < history_length; i++)
		free(hist[i]);
	history_length = 0;
}

int stifle_history(int max)
{
	if (max < 0)
		max = 0;
	while (history_length > max) {
		free(hist[0]);
		for (int i = 1; i < history_length; i++)
			hist[i - 1] = hist[i];
		history_length--;
		history_base++;
	}
	history_max_entries = max;
	return 0;
}

/* history_file: the file libhistory uses when none is named. */
static const char *history_file(const char *file)
{
	static char buf[4096];
	if (file)
		return file;
	const char *home = getenv("HOME");
	if (!home)
		home = "";
	size_t n = strlen(home);
	if (n + 10 >= sizeof buf)
		return ".history";
	strcpy(buf, home);
	strcpy(buf + n, "/.history");
	return buf;
}

int read_history(const char *file)
{
	FILE *f = fopen(history_file(file), "r");
	if (!f)
		return *__errno_location();
	char *line = 0;
	size_t n = 0, cap = 0;
	int c;
	for (;;) {
		c = fgetc(f);
		if (c < 0 || c == '\n') {
			if (n > 0 || c == '\n') {
				if (line)
					line[n] = 0;
				add_history(line ? line : "");
			}
			n = 0;
			if (c < 0)
				break;
			continue;
		}
		if (n + 1 >= cap) {
			size_t nc = cap ? cap * 2 : 64;
			char *p = realloc(line, nc);
			if (!p)
				break;
			line = p;
			cap = nc;
		}
		line[n++] = (char)c;
	}
	free(line);
	fclose(f);
	return 0;
}

static int write_entries(const char *file, const char *mode, int from)
{
	FILE *f = fopen(history_file(file), mode);
	if (!f)
		return *__errno_location();
	for (int i = from; i < history_length; i++) {
		fputs(hist[i], f);
		fputc('\n', f);
	}
	fclose(f);
	return 0;
}

int write_history(const char *file) { return write_entries(file, "w", 0); }

int append_history(int n, const char *file)
{
	int from = history_length - n;
	return write_entries(file, "a", from < 0 ? 0 : from);
}

int history_truncate_file(const char *file, int lines)
{
	/* libhistory keeps the file's last lines lines */
	const char *path = history_file(file);
	FILE *f = fopen(path, "r");
	if (!f)
		return *__errno_location();
	char *buf = 0;
	size_t n = 0, cap = 0;
	int c;
	while ((c = fgetc(f)) >= 0) {
		if (n + 1 >= cap) {
			size_t nc = cap ? cap * 2 : 256;
			char *p = realloc(buf, nc);
			if (!p) {
				free(buf);
				fclose(f);
				return 12; /* ENOMEM */
			}
			buf = p;
			cap = nc;
		}
		buf[n++] = (char)c;
	}
	fclose(f);
	if (lines < 0)
		lines = 0;
	/* start: just after the lines-th newline from the end (the file's
	 * final newline aside); 0 when the file has no more lines */
	size_t start = n;
	if (lines > 0) {
		size_t i = n;
		int kept = 0;
		if (i > 0 && buf[i - 1] == '\n')
			i--;
		while (i > 0) {
			if (buf[i - 1] == '\n' && ++kept == lines)
				break;
			i--;
		}
		start = i;
	}
	if (start == 0) {
		free(buf);
		return 0;
	}
	f = fopen(path, "w");
	if (!f) {
		free(buf);
		return *__errno_location();
	}
	for (size_t i = start; i < n; i++)
		fputc(buf[i], f);
	fclose(f);
	free(buf);
	return 0;
}
