/* floatsym libc: getopt, getopt_long, getopt_long_only and their globals
 * (<unistd.h>, <getopt.h>), as C code so that symbolic argv is explored.
 *
 * This follows glibc 2.36's posix/getopt.c step for step: argv is
 * permuted (non-options moved to the end) unless the option string starts
 * with '+' or POSIXLY_CORRECT is set; '-' returns non-options as
 * argument of option 1; a leading ':' silences the messages and reports a
 * missing argument as ':'; "W;" turns "-W foo" into "--foo"; long options
 * may be abbreviated when unambiguous; optind = 0 reinitialises. The
 * messages are glibc's (C locale), printed to stderr when opterr is set.
 */
#include <stddef.h>

struct option {
	const char *name;
	int has_arg;
	int *flag;
	int val;
};

typedef struct _IO_FILE FILE;
extern FILE *stderr;
int fprintf(FILE *f, const char *fmt, ...);
char *getenv(const char *name);
size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);

char *optarg;
int optind = 1;
int opterr = 1;
int optopt = '?';

int getopt(int argc, char *const argv[], const char *optstring);
int __posix_getopt(int argc, char *const argv[], const char *optstring);
int getopt_long(int argc, char *const argv[], const char *optstring, const struct option *longopts, int *longind);
int getopt_long_only(int argc, char *const argv[], const char *optstring, const struct option *longopts, int *longind);

enum { REQUIRE_ORDER, PERMUTE, RETURN_IN_ORDER };

static struct {
	int initialized;
	char *nextchar;
	int ordering;
	int first_nonopt;
	int last_nonopt;
} d;

/* exchange moves the non-options [first_nonopt, last_nonopt) after the
 * options [last_nonopt, optind). */
static void exchange(char **argv)
{
	int bottom = d.first_nonopt;
	int middle = d.last_nonopt;
	int top = optind;
	char *tem;

	while (top > middle && middle > bottom) {
		if (top - middle > middle - bottom) {
			int len = middle - bottom;
			for (int i = 0; i < len; i++) {
				tem = argv[bottom + i];
				argv[bottom + i] = argv[top - (middle - bottom) + i];
				argv[top - (middle - bottom) + i] = tem;
			}
			top -= len;
		} else {
			int len = top - middle;
			for (int i = 0; i < len; i++) {
				tem = argv[bottom + i];
				argv[bottom + i] = argv[middle + i];
				argv[middle + i] = tem;
			}
			bottom += len;
		}
	}
	d.first_nonopt += (optind - d.last_nonopt);
	d.last_nonopt = optind;
}

static int process_long_option(int argc, char **argv, const char *optstring, const struct option *longopts,
			       int *longind, int long_only, int print_errors, const char *prefix)
{
	char *nameend;
	size_t namelen;
	const struct option *p;
	const struct option *pfound = NULL;
	int n_options;
	int option_index = 0;

	for (nameend = d.nextchar; *nameend && *nameend != '='; nameend++)
		;
	namelen = nameend - d.nextchar;

	/* An exact match first, counting the options as a side effect. */
	for (p = longopts, n_options = 0; p->name; p++, n_options++)
		if (!strncmp(p->name, d.nextchar, namelen) && namelen == strlen(p->name)) {
			pfound = p;
			option_index = n_options;
			break;
		}

	if (pfound == NULL) {
		/* Abbreviations: ambiguous when two prefixes differ in effect. */
		int ambig = 0;
		int indfound = -1;
		for (p = longopts, option_index = 0; p->name; p++, option_index++)
			if (!strncmp(p->name, d.nextchar, namelen)) {
				if (pfound == NULL) {
					pfound = p;
					indfound = option_index;
				} else if (long_only || pfound->has_arg != p->has_arg || pfound->flag != p->flag ||
					   pfound->val != p->val)
					ambig = 1;
			}
		if (ambig) {
			if (print_errors) {
				fprintf(stderr, "%s: option '%s%s' is ambiguous; possibilities:", argv[0], prefix,
					d.nextchar);
				int first = 1;
				for (p = longopts; p->name; p++)
					if (!strncmp(p->name, d.nextchar, namelen)) {
						/* glibc lists the first match and every
						 * differing one after it */
						const struct option *f = NULL;
						for (const struct option *q = longopts; q->name; q++)
							if (!strncmp(q->name, d.nextchar, namelen)) {
								f = q;
								break;
							}
						if (first || long_only || f->has_arg != p->has_arg ||
						    f->flag != p->flag || f->val != p->val)
							fprintf(stderr, " '%s%s'", prefix, p->name);
						first = 0;
					}
				fprintf(stderr, "\n");
			}
			d.nextchar += strlen(d.nextchar);
			optind++;
			optopt = 0;
			return '?';
		}
		option_index = indfound;
	}

	if (pfound == NULL) {
		/* Not a long option: an error, unless getopt_long_only may take
		 * it as a short one. */
		if (!long_only || argv[optind][1] == '-' || strchr(optstring, *d.nextchar) == NULL) {
			if (print_errors)
				fprintf(stderr, "%s: unrecognized option '%s%s'\n", argv[0], prefix, d.nextchar);
			d.nextchar = NULL;
			optind++;
			optopt = 0;
			return '?';
		}
		return -1;
	}

	optind++;
	d.nextchar = NULL;
	if (*nameend) {
		if (pfound->has_arg)
			optarg = nameend + 1;
		else {
			if (print_errors)
				fprintf(stderr, "%s: option '%s%s' doesn't allow an argument\n", argv[0], prefix,
					pfound->name);
			optopt = pfound->val;
			return '?';
		}
	} else if (pfound->has_arg == 1) {
		if (optind < argc)
			optarg = argv[optind++];
		else {
			if (print_errors)
				fprintf(stderr, "%s: option '%s%s' requires an argument\n", argv[0], prefix,
					pfound->name);
			optopt = pfound->val;
			return optstring[0] == ':' ? ':' : '?';
		}
	}
	if (longind != NULL)
		*longind = option_index;
	if (pfound->flag) {
		*(pfound->flag) = pfound->val;
		return 0;
	}
	return pfound->val;
}

static const char *initialize(const char *optstring, int posixly_correct)
{
	if (optind == 0)
		optind = 1;
	d.first_nonopt = d.last_nonopt = optind;
	d.nextchar = NULL;
	if (optstring[0] == '-') {
		d.ordering = RETURN_IN_ORDER;
		++optstring;
	} else if (optstring[0] == '+') {
		d.ordering = REQUIRE_ORDER;
		++optstring;
	} else if (posixly_correct || getenv("POSIXLY_CORRECT") != NULL)
		d.ordering = REQUIRE_ORDER;
	else
		d.ordering = PERMUTE;
	return optstring;
}

#define NONOPTION_P (argv[optind][0] != '-' || argv[optind][1] == '\0')

static int getopt_internal(int argc, char **argv, const char *optstring, const struct option *longopts,
			   int *longind, int long_only, int posixly_correct)
{
	int print_errors = opterr;

	if (argc < 1)
		return -1;
	optarg = NULL;

	if (optind == 0 || !d.initialized) {
		optstring = initialize(optstring, posixly_correct);
		d.initialized = 1;
	} else if (optstring[0] == '-' || optstring[0] == '+')
		optstring++;
	if (optstring[0] == ':')
		print_errors = 0;

	if (d.nextchar == NULL || *d.nextchar == '\0') {
		if (d.last_nonopt > optind)
			d.last_nonopt = optind;
		if (d.first_nonopt > optind)
			d.first_nonopt = optind;

		if (d.ordering == PERMUTE) {
			if (d.first_nonopt != d.last_nonopt && d.last_nonopt != optind)
				exchange(argv);
			else if (d.last_nonopt != optind)
				d.first_nonopt = optind;
			while (optind < argc && NONOPTION_P)
				optind++;
			d.last_nonopt = optind;
		}

		if (optind != argc && !strcmp(argv[optind], "--")) {
			optind++;
			if (d.first_nonopt != d.last_nonopt && d.last_nonopt != optind)
				exchange(argv);
			else if (d.first_nonopt == d.last_nonopt)
				d.first_nonopt = optind;
			d.last_nonopt = argc;
			optind = argc;
		}

		if (optind == argc) {
			if (d.first_nonopt != d.last_nonopt)
				optind = d.first_nonopt;
			return -1;
		}

		if (NONOPTION_P) {
			if (d.ordering == REQUIRE_ORDER)
				return -1;
			optarg = argv[optind++];
			return 1;
		}

		if (longopts) {
			if (argv[optind][1] == '-') {
				d.nextchar = argv[optind] + 2;
				return process_long_option(argc, argv, optstring, longopts, longind, long_only,
							   print_errors, "--");
			}
			if (long_only && (argv[optind][2] || !strchr(optstring, argv[optind][1]))) {
				int code;
				d.nextchar = argv[optind] + 1;
				code = process_long_option(argc, argv, optstring, longopts, longind, long_only,
							   print_errors, "-");
				if (code != -1)
					return code;
			}
		}
		d.nextchar = argv[optind] + 1;
	}

	{
		char c = *d.nextchar++;
		const char *temp = strchr(optstring, c);

		if (*d.nextchar == '\0')
			++optind;

		if (temp == NULL || c == ':' || c == ';') {
			if (print_errors)
				fprintf(stderr, "%s: invalid option -- '%c'\n", argv[0], c);
			optopt = c;
			return '?';
		}

		if (temp[0] == 'W' && temp[1] == ';' && longopts != NULL) {
			if (*d.nextchar != '\0')
				optarg = d.nextchar;
			else if (optind == argc) {
				if (print_errors)
					fprintf(stderr, "%s: option requires an argument -- '%c'\n", argv[0], c);
				optopt = c;
				return optstring[0] == ':' ? ':' : '?';
			} else
				optarg = argv[optind];
			d.nextchar = optarg;
			optarg = NULL;
			return process_long_option(argc, argv, optstring, longopts, longind, 0, print_errors, "-W ");
		}
		if (temp[1] == ':') {
			if (temp[2] == ':') {
				if (*d.nextchar != '\0') {
					optarg = d.nextchar;
					optind++;
				} else
					optarg = NULL;
				d.nextchar = NULL;
			} else {
				if (*d.nextchar != '\0') {
					optarg = d.nextchar;
					optind++;
				} else if (optind == argc) {
					if (print_errors)
						fprintf(stderr, "%s: option requires an argument -- '%c'\n", argv[0],
							c);
					optopt = c;
					c = optstring[0] == ':' ? ':' : '?';
				} else
					optarg = argv[optind++];
				d.nextchar = NULL;
			}
		}
		return c;
	}
}

int getopt(int argc, char *const argv[], const char *optstring)
{
	return getopt_internal(argc, (char **)argv, optstring, NULL, NULL, 0, 0);
}

/* What getopt is under _POSIX_C_SOURCE / -std=c99 with glibc's headers. */
int __posix_getopt(int argc, char *const argv[], const char *optstring)
{
	return getopt_internal(argc, (char **)argv, optstring, NULL, NULL, 0, 1);
}

int getopt_long(int argc, char *const argv[], const char *optstring, const struct option *longopts, int *longind)
{
	return getopt_internal(argc, (char **)argv, optstring, longopts, longind, 0, 0);
}

int getopt_long_only(int argc, char *const argv[], const char *optstring, const struct option *longopts,
		     int *longind)
{
	return getopt_internal(argc, (char **)argv, optstring, longopts, longind, 1, 0);
}
