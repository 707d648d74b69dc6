#!/usr/bin/env python3
"""Compare fpcmp.c's output built with glibc and with musl (musl-fpcmp.sh).

Per rounding mode: how many of the inputs give a different strtod, strtof
or strtold result (value bits, end pointer, errno), NaN sign/payload
differences counted apart, and how many printf lines (%.17g %a %g %.3e
%.10f %.0f %Lg of one double) differ."""
import collections
import sys

glibc, musl = sys.argv[1], sys.argv[2]
g = open(glibc).read().splitlines()
m = open(musl).read().splitlines()
if len(g) != len(m):
    sys.exit("different line counts: %d vs %d" % (len(g), len(m)))
modes = ["to nearest", "downward", "upward", "toward zero"]
inputs = collections.Counter()
differ = collections.Counter()
value = collections.Counter()
nan = collections.Counter()
endp = collections.Counter()
errno = collections.Counter()
plines = collections.Counter()
pdiff = collections.Counter()
for a, b in zip(g, m):
    mode = int(a.split()[1][1:])
    if a.startswith("P "):
        plines[mode] += 1
        pdiff[mode] += a != b
        continue
    inputs[mode] += 1
    differ[mode] += a != b
    pa, pb = a.split("|"), b.split("|")
    isnan = "nan" in pa[0].split(" ", 2)[2].lower()
    for i in (1, 2, 3):
        va, vb = pa[i].split(), pb[i].split()
        if va[0] != vb[0]:
            (nan if isnan else value)[mode] += 1
        endp[mode] += va[1] != vb[1]
        errno[mode] += va[2] != vb[2]
print("| rounding mode | strtod inputs | inputs differing | values differing (non-NaN, of 3 types) | NaN sign/payload | end pointer | errno | printf lines | printf lines differing |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for k in sorted(inputs):
    print("| %s | %d | %d | %d | %d | %d | %d | %d | %d |" % (modes[k], inputs[k], differ[k], value[k], nan[k], endp[k], errno[k], plines[k], pdiff[k]))
