/* getopt, getopt_long, getopt_long_only against glibc: many argument
 * vectors, each parsed from optind = 0 (reinitialised), printing every
 * return value, optarg, optopt, optind, long index, and the permuted argv. */
#include <getopt.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int flag;
static const struct option longopts[] = {
	{"verbose", no_argument, &flag, 1},
	{"brief", no_argument, &flag, 2},
	{"output", required_argument, NULL, 'o'},
	{"optional", optional_argument, NULL, 'p'},
	{"out-dir", required_argument, NULL, 'D'},
	{"number", required_argument, NULL, 'n'},
	{"numeric", no_argument, NULL, 'N'},
	{"help", no_argument, NULL, 'h'},
	{NULL, 0, NULL, 0},
};

static void run(int mode, const char *optstring, const char *const *args)
{
	char *argv[32];
	char buf[32][32];
	int argc = 0;
	for (; args[argc]; argc++) {
		strcpy(buf[argc], args[argc]);
		argv[argc] = buf[argc];
	}
	argv[argc] = NULL;
	optind = 0;
	flag = 0;
	printf("mode %d \"%s\":", mode, optstring);
	for (;;) {
		int li = -1, c;
		if (mode == 0)
			c = getopt(argc, argv, optstring);
		else if (mode == 1)
			c = getopt_long(argc, argv, optstring, longopts, &li);
		else
			c = getopt_long_only(argc, argv, optstring, longopts, &li);
		if (c == -1)
			break;
		printf(" [%d", c);
		if (optarg)
			printf(" arg=%s", optarg);
		if (c == '?' || c == ':')
			printf(" optopt=%d", optopt);
		if (li >= 0)
			printf(" li=%d flag=%d", li, flag);
		printf(" ind=%d]", optind);
	}
	printf(" end optind=%d argv:", optind);
	for (int i = 0; i < argc; i++)
		printf(" %s", argv[i]);
	printf("\n");
}

#define RUN(mode, os, ...)                                   \
	do {                                                 \
		static const char *const a[] = {__VA_ARGS__, NULL}; \
		run(mode, os, a);                            \
	} while (0)

int main(void)
{
	opterr = 0; /* messages go to stderr, which is not compared */
	RUN(0, "ab:c::", "prog", "-a", "-b", "x", "-cfoo", "-c", "file");
	RUN(0, "ab:c::", "prog", "file1", "-a", "file2", "-bval", "--", "-c", "rest");
	RUN(0, "+ab:", "prog", "-a", "file", "-b", "x");
	RUN(0, "-ab:", "prog", "one", "-a", "two", "-b", "three", "four");
	RUN(0, "ab:", "prog", "-ab");
	RUN(0, ":ab:", "prog", "-a", "-b");
	RUN(0, "ab:", "prog", "-x", "-a", "-", "-:");
	RUN(0, "abc", "prog", "-abc", "-cba", "x", "-a", "y", "z", "-b");
	RUN(0, "ab:", "prog");
	RUN(0, "a", "prog", "--", "-a");
	RUN(1, "ab:o:W;", "prog", "--verbose", "--output=f", "--output", "g", "x", "--optional", "--optional=3");
	RUN(1, "ab:", "prog", "--out", "d", "--num", "--nume", "--numb=4", "--help=x", "--bogus", "--output");
	RUN(1, "ab:W;", "prog", "-W", "verbose", "-Woutput=z", "-a", "--br");
	RUN(1, ":ab:", "prog", "--output");
	RUN(1, "ab:", "prog", "-a", "file", "--", "--verbose");
	RUN(2, "ab:", "prog", "-verbose", "-a", "-output", "x", "-ab", "-h", "-n", "3", "-num=5");
	RUN(2, "ab:", "prog", "-b", "v", "-bfoo", "-nu", "-o", "y", "--brief");
	RUN(2, "ab:", "prog", "-x", "-xyz", "rest");
	/* optind set by hand, without reinitialising */
	optind = 0;
	{
		char a0[] = "prog", a1[] = "-a", a2[] = "-b", a3[] = "q";
		char *argv[] = {a0, a1, a2, a3, NULL};
		int c = getopt(4, argv, "ab:");
		printf("first %c optind=%d\n", c, optind);
		optind = 2;
		c = getopt(4, argv, "ab:");
		printf("then %c %s optind=%d\n", c, optarg, optind);
		c = getopt(4, argv, "ab:");
		printf("then %d optind=%d\n", c, optind);
	}
	return 0;
}
