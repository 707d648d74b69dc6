/* floatsym libc: strtod, strtof, strtold, atof (C locale), as C code so a
 * symbolic string is parsed and explored.
 *
 * Correctly rounded in the current rounding mode, as glibc 2.36 is, with
 * its endptr and errno (ERANGE on overflow, and on an inexact result that
 * is tiny after rounding, x86's tininess rule) semantics:
 *
 *  - fast path (Clinger): at most 15 (float: 7, long double: 19)
 *    significant digits and a decimal exponent within 10^22 (10^10,
 *    10^27): the digits make an exact integer, one multiplication or
 *    division by an exact power of ten rounds once in the current mode.
 *    Symbolic digits stay symbolic here: the result is an FP expression,
 *    not a fork per value.
 *  - otherwise an exact big-decimal conversion ("simple decimal
 *    conversion", as Go's strconv/decimal.go): the significant digits (up
 *    to the format's digits, 800 for float and double as Go keeps, 12000
 *    for long double; the rest kept as a sticky bit: more than the exact
 *    halfway points of the format have) are shifted by powers of two
 *    until they lie in [0.5, 1); 64 bits and a sticky bit are then
 *    rounded to the format (round_bits).
 *  - hexadecimal floats go straight to round_bits.
 *  - inf, infinity, nan, nan(n-char-sequence) (glibc's payload: the
 *    sequence read by strtoull base 0 when it is all number).
 */
#include <stddef.h>
#include <stdint.h>

#define ERANGE 34
#define FE_TONEAREST 0
#define FE_DOWNWARD 0x400
#define FE_UPWARD 0x800
#define FE_TOWARDZERO 0xc00

int *__errno_location(void);
int fegetround(void);
unsigned long long strtoull(const char *s, char **end, int base);
void *memcpy(void *d, const void *s, size_t n);

double strtod(const char *s, char **end);
float strtof(const char *s, char **end);
long double strtold(const char *s, char **end);
double atof(const char *s);
double __strtod_internal(const char *s, char **end, int group);
float __strtof_internal(const char *s, char **end, int group);
long double __strtold_internal(const char *s, char **end, int group);

/* The formats. */
struct fmt {
	int mantdig; /* significand bits, integer bit included */
	int digits;  /* decimal digits kept: beyond every exact halfway point */
	int maxdp;   /* 10^(maxdp-1) overflows */
	int mindp;   /* 10^mindp is below half the smallest subnormal */
	int emin;    /* exponent of the smallest normal */
	int emax;
	int fastdigits; /* digits of an exact integer in the fast path */
	int fastexp;    /* largest exact power of ten */
};
static const struct fmt F32 = {24, 800, 40, -46, -126, 127, 7, 10};
static const struct fmt F64 = {53, 800, 310, -325, -1022, 1023, 15, 22};
static const struct fmt F80 = {64, 12000, 4934, -4951, -16382, 16383, 19, 27};

/* The result: sign, and the significand and exponent field as stored. */
struct bits {
	int neg;
	uint64_t mant; /* the stored significand (x87: with its integer bit) */
	int expfield;
	int inf, nan;
};

#define DIGITS 12000

struct decimal {
	unsigned char d[DIGITS + 24]; /* digit values 0..9 */
	int cap;                      /* digits kept (the format's) */
	int nd;                       /* digits used */
	long dp;                      /* decimal point: value = 0.d[0..nd) * 10^dp */
	int trunc;                    /* nonzero digits were dropped */
};

static void trim(struct decimal *a)
{
	while (a->nd > 0 && a->d[a->nd - 1] == 0)
		a->nd--;
	if (a->nd == 0)
		a->dp = 0;
}

/* right_shift divides a by 2^k (k <= 60), as Go's strconv rightShift. */
static void right_shift(struct decimal *a, unsigned k)
{
	int r = 0, w = 0;
	uint64_t n = 0;
	for (; (n >> k) == 0; r++) {
		if (r >= a->nd) {
			if (n == 0) {
				a->nd = 0;
				return;
			}
			while ((n >> k) == 0) {
				n = n * 10;
				r++;
			}
			break;
		}
		n = n * 10 + a->d[r];
	}
	a->dp -= r - 1;
	uint64_t mask = ((uint64_t)1 << k) - 1;
	for (; r < a->nd; r++) {
		uint64_t c = a->d[r];
		uint64_t dig = n >> k;
		n &= mask;
		a->d[w++] = (unsigned char)dig;
		n = n * 10 + c;
	}
	while (n > 0) {
		uint64_t dig = n >> k;
		n &= mask;
		if (w < a->cap)
			a->d[w++] = (unsigned char)dig;
		else if (dig > 0)
			a->trunc = 1;
		n = n * 10;
	}
	a->nd = w;
	trim(a);
}

/* left_shift multiplies a by 2^k (k <= 60). */
static void left_shift(struct decimal *a, unsigned k)
{
	static unsigned char tmp[DIGITS + 48];
	int pos = DIGITS + 48;
	uint64_t carry = 0;
	for (int i = a->nd - 1; i >= 0; i--) {
		uint64_t n = ((uint64_t)a->d[i] << k) + carry;
		tmp[--pos] = (unsigned char)(n % 10);
		carry = n / 10;
	}
	while (carry > 0) {
		tmp[--pos] = (unsigned char)(carry % 10);
		carry /= 10;
	}
	int total = DIGITS + 48 - pos;
	a->dp += total - a->nd;
	int keep = total < a->cap ? total : a->cap;
	for (int i = keep; i < total; i++)
		if (tmp[pos + i] != 0)
			a->trunc = 1;
	for (int i = 0; i < keep; i++)
		a->d[i] = tmp[pos + i];
	a->nd = keep;
	trim(a);
}

static void shift(struct decimal *a, int k)
{
	while (k > 60) {
		left_shift(a, 60);
		k -= 60;
	}
	while (k < -60) {
		right_shift(a, 60);
		k += 60;
	}
	if (k > 0)
		left_shift(a, (unsigned)k);
	else if (k < 0)
		right_shift(a, (unsigned)-k);
}

static const int powtab[] = {1, 3, 6, 9, 13, 16, 19, 23, 26};

typedef unsigned __int128 u128;

/* round_bits rounds neg·(M·2^e2 + a sticky fraction below M's last bit)
 * to format f in rounding mode rm; M != 0. Shift amounts stay below the
 * width on every path (the selects clang makes of conditionals evaluate
 * both sides). */
static struct bits round_bits(const struct fmt *f, int neg, u128 M, long e2, int sticky, int rm)
{
	struct bits r = {neg, 0, 0, 0, 0};
	while (!(M >> 127)) {
		M <<= 1;
		e2--;
	}
	long E = e2 + 127; /* value in [2^E, 2^(E+1)) */
	int md = f->mantdig;
	int up_dir = (rm == FE_UPWARD && !neg) || (rm == FE_DOWNWARD && neg);
	if (E > f->emax)
		goto overflow;
	long p = E >= f->emin ? md : md - (f->emin - E);
	uint64_t keep, rbit;
	int stk = sticky;
	if (p <= 0) {
		keep = 0;
		rbit = p == 0 ? 1 : 0; /* M's top bit is set */
		stk = stk || p < 0 || (M << 1) != 0;
	} else {
		keep = (uint64_t)(M >> ((128 - p) & 127));
		rbit = (uint64_t)(M >> ((127 - p) & 127)) & 1;
		stk = stk || (M << ((p + 1) & 127)) != 0;
	}
	int inexact = rbit || stk;
	int inc;
	switch (rm) {
	case FE_TOWARDZERO:
		inc = 0;
		break;
	case FE_UPWARD:
	case FE_DOWNWARD:
		inc = inexact && up_dir;
		break;
	default:
		inc = rbit && (stk || (keep & 1));
	}
	/* Tininess after rounding (x86): a value just below the smallest
	 * normal is not tiny when rounding it to the full precision carries
	 * into the smallest normal. */
	int tiny = E < f->emin;
	if (tiny && E == f->emin - 1) {
		uint64_t kf = (uint64_t)(M >> (128 - md));
		uint64_t rf = (uint64_t)(M >> (127 - md)) & 1;
		int sf = sticky || (M << (md + 1)) != 0;
		int incf;
		if (rm == FE_TOWARDZERO)
			incf = 0;
		else if (rm == FE_UPWARD || rm == FE_DOWNWARD)
			incf = (rf || sf) && up_dir;
		else
			incf = rf && (sf || (kf & 1));
		if (incf && (u128)kf + 1 == (u128)1 << md)
			tiny = 0;
	}
	if (inexact && tiny)
		*__errno_location() = ERANGE;
	u128 k = (u128)keep + (uint64_t)inc;
	if (E >= f->emin) {
		if (k == (u128)1 << md) {
			/* carried into the next binade */
			k = (u128)1 << (md - 1);
			E++;
			if (E > f->emax)
				goto overflow;
		}
		r.mant = (uint64_t)k;
		r.expfield = (int)(E - f->emin + 1);
	} else {
		/* subnormal, or the smallest normal after a carry */
		r.mant = (uint64_t)k;
		r.expfield = (k >> (md - 1)) ? 1 : 0;
	}
	return r;
overflow:
	*__errno_location() = ERANGE;
	if (rm == FE_TOWARDZERO || (rm == FE_UPWARD && neg) || (rm == FE_DOWNWARD && !neg)) {
		/* the largest finite number */
		r.mant = (uint64_t)(((u128)1 << md) - 1);
		r.expfield = f->emax - f->emin + 1;
	} else
		r.inf = 1;
	return r;
}

/* decimal_bits converts the exact decimal a (nonzero) to format f. */
static struct bits decimal_bits(const struct fmt *f, int neg, struct decimal *a, int rm)
{
	if (a->dp >= f->maxdp)
		return round_bits(f, neg, 1, 100000, 0, rm); /* overflows */
	if (a->dp <= f->mindp)
		return round_bits(f, neg, 1, -100000, 1, rm); /* below half of every subnormal */
	long exp = 0;
	while (a->dp > 0) {
		int n = a->dp >= 19 ? 60 : a->dp >= 9 ? 27 : powtab[a->dp];
		shift(a, -n);
		exp += n;
	}
	while (a->dp < 0 || (a->dp == 0 && a->d[0] < 5)) {
		/* never past [0.5, 1): 2^60 < 10^19, 2^27 < 10^9 */
		int n = -a->dp >= 19 ? 60 : -a->dp >= 9 ? 27 : powtab[-a->dp];
		shift(a, n);
		exp -= n;
	}
	/* a in [0.5, 1): 128 bits of it, 64 at a time, and the rest as sticky */
	u128 M = 0;
	for (int half = 0; half < 2; half++) {
		shift(a, 64);
		uint64_t m = 0;
		int i = 0;
		for (; i < a->dp && i < a->nd; i++)
			m = m * 10 + a->d[i];
		for (; i < a->dp; i++)
			m *= 10;
		M = M << 64 | m;
		if (a->dp <= 0)
			continue; /* no integer digits: all fraction */
		/* keep the fraction: drop the integer digits and leading zeros */
		int j = 0, from = a->dp < a->nd ? (int)a->dp : a->nd;
		while (from < a->nd && a->d[from] == 0) {
			from++;
			j++;
		}
		for (int t = from; t < a->nd; t++)
			a->d[t - from] = a->d[t];
		a->nd -= from;
		a->dp = -j;
		if (a->nd == 0)
			a->dp = 0;
	}
	int sticky = a->trunc || a->nd > 0;
	return round_bits(f, neg, M, exp - 128, sticky, rm);
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c + 32 : c; }

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = lower(c);
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static int is_space(int c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* prefix_ci reports whether s starts with the lower-case word w, in any case. */
static int prefix_ci(const char *s, const char *w)
{
	for (; *w; s++, w++)
		if (lower((unsigned char)*s) != *w)
			return 0;
	return 1;
}

/* The kinds of result parse leaves. */
enum { R_ZERO, R_BITS, R_FAST, R_INF, R_NAN };

struct parsed {
	int kind;
	int neg;
	struct bits b;
	uint64_t fastm; /* R_FAST: exact integer of the digits */
	int fastexp;    /* and its decimal exponent */
	uint64_t payload;
};

static struct decimal dec;

static const char *parse(const char *s0, const struct fmt *f, struct parsed *out)
{
	const char *s = s0;
	out->kind = R_ZERO;
	out->payload = 0;
	while (is_space((unsigned char)*s))
		s++;
	out->neg = 0;
	if (*s == '+' || *s == '-')
		out->neg = *s++ == '-';

	if (prefix_ci(s, "inf")) {
		out->kind = R_INF;
		return prefix_ci(s, "infinity") ? s + 8 : s + 3;
	}
	if (prefix_ci(s, "nan")) {
		out->kind = R_NAN;
		s += 3;
		if (*s == '(') {
			const char *p = s + 1;
			while ((*p >= '0' && *p <= '9') || (lower((unsigned char)*p) >= 'a' && lower((unsigned char)*p) <= 'z') ||
			       *p == '_')
				p++;
			if (*p == ')') {
				char *e;
				int saved = *__errno_location();
				uint64_t v = strtoull(s + 1, &e, 0);
				*__errno_location() = saved;
				if (e == p)
					out->payload = v;
				s = p + 1;
			}
		}
		return s;
	}

	int rm = fegetround();
	if (s[0] == '0' && lower((unsigned char)s[1]) == 'x' &&
	    (hexval((unsigned char)s[2]) >= 0 || (s[2] == '.' && hexval((unsigned char)s[3]) >= 0))) {
		const char *p = s + 2;
		u128 m = 0;
		long e2 = 0;
		int sticky = 0, any = 0, seen_dot = 0;
		for (;; p++) {
			int v;
			if (*p == '.' && !seen_dot) {
				seen_dot = 1;
				continue;
			}
			if ((v = hexval((unsigned char)*p)) < 0)
				break;
			if (v != 0 || any) {
				any = 1;
				if (m >> 120) {
					sticky |= v != 0;
					if (!seen_dot)
						e2 += 4;
				} else {
					m = m << 4 | (u128)v;
					if (seen_dot)
						e2 -= 4;
				}
			} else if (seen_dot)
				e2 -= 4;
		}
		if (lower((unsigned char)*p) == 'p') {
			const char *q = p + 1;
			int eneg = 0;
			if (*q == '+' || *q == '-')
				eneg = *q++ == '-';
			if (*q >= '0' && *q <= '9') {
				long x = 0;
				for (; *q >= '0' && *q <= '9'; q++)
					if (x < 1000000)
						x = x * 10 + (*q - '0');
				e2 += eneg ? -x : x;
				p = q;
			}
		}
		if (any) {
			out->kind = R_BITS;
			out->b = round_bits(f, out->neg, m, e2, sticky, rm);
		}
		return p;
	}

	/* Decimal: significant digits into dec, leading zeros skipped. */
	const char *p = s;
	int ndig = 0, seen_dot = 0, nz = 0;
	long dp = 0;
	uint64_t fm = 0;
	dec.nd = 0;
	dec.trunc = 0;
	dec.cap = f->digits;
	for (;; p++) {
		if (*p == '.' && !seen_dot) {
			seen_dot = 1;
			continue;
		}
		if (*p < '0' || *p > '9')
			break;
		ndig++;
		int v = *p - '0';
		if (v == 0 && dec.nd == 0) {
			if (seen_dot)
				dp--;
			continue;
		}
		nz++;
		if (nz <= 19)
			fm = fm * 10 + (uint64_t)v;
		if (dec.nd < dec.cap)
			dec.d[dec.nd++] = (unsigned char)v;
		else if (v != 0)
			dec.trunc = 1;
		if (!seen_dot)
			dp++;
	}
	if (ndig == 0) {
		out->neg = 0;
		return s0; /* no number: +0, endptr is the string itself */
	}
	/* fraction digits after the significant ones: the decimal point of
	 * 0.d1d2... is dp, with zeros counted */
	long exp10 = 0;
	if (lower((unsigned char)*p) == 'e') {
		const char *q = p + 1;
		int eneg = 0;
		if (*q == '+' || *q == '-')
			eneg = *q++ == '-';
		if (*q >= '0' && *q <= '9') {
			long x = 0;
			for (; *q >= '0' && *q <= '9'; q++)
				if (x < 100000000)
					x = x * 10 + (*q - '0');
			exp10 = eneg ? -x : x;
			p = q;
		}
	}
	if (nz == 0)
		return p; /* zero */
	/* Digits without the trailing zeros that follow the significant ones. */
	int sig = dec.nd;
	while (sig > 0 && dec.d[sig - 1] == 0)
		sig--;
	dec.dp = dp + exp10;
	if (sig <= f->fastdigits && !dec.trunc) {
		/* fm holds the first nf digits; the others are zeros */
		int nf = nz < 19 ? nz : 19;
		long e = dp + exp10 - nf;
		while (nf > sig) {
			/* trailing zeros: divide them out of fm */
			fm /= 10;
			nf--;
			e++;
		}
		if (e >= -f->fastexp && e <= f->fastexp) {
			out->kind = R_FAST;
			out->fastm = fm;
			out->fastexp = (int)e;
			return p;
		}
	}
	dec.nd = sig;
	out->kind = R_BITS;
	out->b = decimal_bits(f, out->neg, &dec, rm);
	return p;
}

static const double pow10d[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
				1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
static const float pow10f[] = {1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f};
static const long double pow10l[] = {1e0L,  1e1L,  1e2L,  1e3L,  1e4L,  1e5L,  1e6L,  1e7L,  1e8L,  1e9L,
				     1e10L, 1e11L, 1e12L, 1e13L, 1e14L, 1e15L, 1e16L, 1e17L, 1e18L, 1e19L,
				     1e20L, 1e21L, 1e22L, 1e23L, 1e24L, 1e25L, 1e26L, 1e27L};

double strtod(const char *s, char **end)
{
	struct parsed r;
	const char *p = parse(s, &F64, &r);
	if (end)
		*end = (char *)p;
	uint64_t u;
	double x;
	switch (r.kind) {
	case R_FAST:
		x = (double)r.fastm;
		if (r.neg)
			x = -x; /* the sign before rounding: directed modes */
		return r.fastexp >= 0 ? x * pow10d[r.fastexp] : x / pow10d[-r.fastexp];
	case R_ZERO:
		return r.neg ? -0.0 : 0.0;
	case R_INF:
		u = 0x7ff0000000000000ULL;
		break;
	case R_NAN:
		u = 0x7ff8000000000000ULL;
		if (r.payload & 0x7ffffffffffffULL)
			u |= r.payload & 0x7ffffffffffffULL;
		break;
	default:
		if (r.b.inf)
			u = 0x7ff0000000000000ULL;
		else
			u = (uint64_t)r.b.expfield << 52 | (r.b.mant & 0xfffffffffffffULL);
	}
	if (r.neg)
		u |= 0x8000000000000000ULL;
	memcpy(&x, &u, 8);
	return x;
}

float strtof(const char *s, char **end)
{
	struct parsed r;
	const char *p = parse(s, &F32, &r);
	if (end)
		*end = (char *)p;
	uint32_t u;
	float x;
	switch (r.kind) {
	case R_FAST:
		x = (float)r.fastm;
		if (r.neg)
			x = -x;
		return r.fastexp >= 0 ? x * pow10f[r.fastexp] : x / pow10f[-r.fastexp];
	case R_ZERO:
		return r.neg ? -0.0f : 0.0f;
	case R_INF:
		u = 0x7f800000;
		break;
	case R_NAN:
		u = 0x7fc00000;
		if (r.payload & 0x3fffff)
			u |= (uint32_t)(r.payload & 0x3fffff);
		break;
	default:
		if (r.b.inf)
			u = 0x7f800000;
		else
			u = (uint32_t)r.b.expfield << 23 | (uint32_t)(r.b.mant & 0x7fffff);
	}
	if (r.neg)
		u |= 0x80000000u;
	memcpy(&x, &u, 4);
	return x;
}

long double strtold(const char *s, char **end)
{
	struct parsed r;
	const char *p = parse(s, &F80, &r);
	if (end)
		*end = (char *)p;
	union {
		long double x;
		struct {
			uint64_t m;
			uint16_t se;
		} b;
	} u;
	u.x = 0;
	switch (r.kind) {
	case R_FAST: {
		long double x = (long double)r.fastm;
		if (r.neg)
			x = -x;
		return r.fastexp >= 0 ? x * pow10l[r.fastexp] : x / pow10l[-r.fastexp];
	}
	case R_ZERO:
		return r.neg ? -0.0L : 0.0L;
	case R_INF:
		u.b.m = 0x8000000000000000ULL;
		u.b.se = 0x7fff;
		break;
	case R_NAN:
		u.b.m = 0xc000000000000000ULL;
		if (r.payload & 0x3fffffffffffffffULL)
			u.b.m |= r.payload & 0x3fffffffffffffffULL;
		u.b.se = 0x7fff;
		break;
	default:
		if (r.b.inf) {
			u.b.m = 0x8000000000000000ULL;
			u.b.se = 0x7fff;
		} else {
			u.b.m = r.b.mant;
			u.b.se = (uint16_t)r.b.expfield;
		}
	}
	if (r.neg)
		u.b.se |= 0x8000;
	return u.x;
}

double atof(const char *s) { return strtod(s, NULL); }

/* glibc's entry points of old <stdlib.h> inline versions (group is 0). */
double __strtod_internal(const char *s, char **end, int group)
{
	(void)group;
	return strtod(s, end);
}

float __strtof_internal(const char *s, char **end, int group)
{
	(void)group;
	return strtof(s, end);
}

long double __strtold_internal(const char *s, char **end, int group)
{
	(void)group;
	return strtold(s, end);
}
