// Special arguments to math.h functions: NaN (payload preserved when passed through),
// +-inf, +-0 and negatives fed to sin cos tan exp log sqrt pow atan2 hypot cbrt expm1 log1p
// sinh tanh erf lgamma tgamma; results printed with %a when not NaN, and NaN-ness reported.
#include <math.h>
#include <stdio.h>

typedef double (*fn1)(double);
static const struct { const char *name; fn1 f; } fns[] = {
    {"sin", sin}, {"cos", cos}, {"tan", tan}, {"exp", exp}, {"log", log}, {"sqrt", sqrt},
    {"cbrt", cbrt}, {"expm1", expm1}, {"log1p", log1p}, {"sinh", sinh}, {"tanh", tanh},
    {"erf", erf}, {"lgamma", lgamma}, {"tgamma", tgamma}, {"log2", log2}, {"log10", log10},
    {"atan", atan}, {"asin", asin}, {"acos", acos}, {"cosh", cosh}, {"exp2", exp2},
};

int main(void) {
    volatile double args[] = {NAN, INFINITY, -INFINITY, 0.0, -0.0, -1.0, -2.0, -1e-300, 1e308};
    const char *an[] = {"nan", "inf", "-inf", "0", "-0", "-1", "-2", "-tiny", "big"};
    for (unsigned f = 0; f < sizeof fns / sizeof fns[0]; f++) {
        printf("%-6s", fns[f].name);
        for (int i = 0; i < 9; i++) {
            double r = fns[f].f(args[i]);
            if (isnan(r)) printf(" %s:nan", an[i]);
            else printf(" %s:%a", an[i], r);
        }
        printf("\n");
    }
    /* direct (non-indirect) calls so the compiler may use builtins/intrinsics */
    volatile double n = NAN, pinf = INFINITY, nz = -0.0;
    printf("direct %d %a %a %a %a\n", isnan(sin(n)) != 0, exp(-pinf), atan2(nz, -1.0), atan2(nz, 1.0), hypot(n, pinf));
    printf("pow %a %a %a %a %d\n", pow(n, 0.0), pow(1.0, n), pow(nz, -1.0), pow(nz, -2.0), isnan(pow(-2.0, 0.5)) != 0);
    printf("float %a %a %a %d\n", sinf(-0.0f), expf(-INFINITY), logf(0.0f), isnan(sqrtf(-1.0f)) != 0);
    printf("ld %La %La %La %d\n", sinl(-0.0L), expl(-INFINITY), logl(0.0L), isnan(sqrtl(-1.0L)) != 0);
    return 0;
}
