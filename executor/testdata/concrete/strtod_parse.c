// Floating parsing: strtod strtof strtold atof with decimal and hex floats, exponents,
// inf/infinity/nan/nan(payload) spellings, rounding of long decimal strings (halfway cases),
// subnormal/overflow results (ERANGE), endptr offsets, leading whitespace, partial parses.
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
    const char *in[] = {"0", "-0", "1.5", "  -2.5e3xyz", "0x1p-2", "0x1.8P+3", "-0X.8p1", "0x1.fffffffffffff8p0",
                        "1e308", "1e309", "-1e400", "2.2250738585072011e-308", "4.9e-324", "2.4703282292062328e-324",
                        "2.4703282292062327e-324", "1e-400", "inf", "-Infinity", "INFINITYx", "nan", "NAN(123)",
                        "-nan", "9007199254740993", "9007199254740993.0000000001", "0.1", ".5", "5.", "e5", "+.e1",
                        "1e", "1e+", "0x", "123456789012345678901234567890", "1.7976931348623158e308",
                        "1.7976931348623159e308", "0.30000000000000004"};
    int n = (int)(sizeof in / sizeof in[0]);
    for (int i = 0; i < n; i++) {
        char *end;
        errno = 0;
        double d = strtod(in[i], &end);
        int rd = errno == ERANGE;
        char *endf;
        errno = 0;
        float f = strtof(in[i], &endf);
        int rf = errno == ERANGE;
        char *endl;
        long double l = strtold(in[i], &endl);
        printf("'%s': ", in[i]);
        if (isnan(d)) printf("d nan(sign %d)", signbit(d) != 0);
        else printf("d %a", d);
        printf(" end %ld r%d | ", (long)(end - in[i]), rd);
        if (isnan(f)) printf("f nan");
        else printf("f %a", f);
        printf(" end %ld r%d | ", (long)(endf - in[i]), rf);
        if (isnan(l)) printf("L nan");
        else printf("L %La", l);
        printf(" end %ld\n", (long)(endl - in[i]));
    }
    printf("atof %a %a %a\n", atof("3.25"), atof("  -1e-3"), atof("junk"));
    /* sum a whitespace separated list using endptr */
    const char *list = " 1.5 -0.25 0x10 1e2 3e-1 end";
    const char *p = list;
    double sum = 0;
    int cnt = 0;
    for (;;) {
        char *end;
        double v = strtod(p, &end);
        if (end == p) break;
        sum += v;
        cnt++;
        p = end;
    }
    printf("list sum %a count %d rest '%s'\n", sum, cnt, p);
    /* round trip through %.17g */
    volatile double vals[] = {0.1, 1.0 / 3.0, 6.02214076e23, 5e-324, 1.7976931348623157e308};
    for (int i = 0; i < 5; i++) {
        char buf[40];
        snprintf(buf, sizeof buf, "%.17g", vals[i]);
        printf("rt %s %d\n", buf, strtod(buf, NULL) == vals[i]);
    }
    return 0;
}
