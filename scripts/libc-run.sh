#!/usr/bin/env bash
# libc-run: floatsym's own C library against musl as bitcode, run, not
# compared statically (issue 26, deliverable 3; docs/libc-survey.md,
# "musl, run"). For each base (run --libc=floatsym and
# --libc=musl-bitcode, internal/libcmode):
#
#  A. the own suite's libc programs (executor/testdata/libc/*.c, concrete):
#     floatsym's stdout against the native glibc build's, run time, and
#     the undefined function a path ended on;
#  B. symbolic programs calling qsort, strtol, string.h, strtod, sscanf and
#     getopt: paths, tests, errors, run time, and how many of the tests
#     each base wrote replay natively (glibc) to the recorded outcome
#     (floatsym replay);
#  C. the realworld specs of the surveyed programs (floatsym bench
#     --filter realworld/..., same time limit for both bases): outcome and
#     time per variant.
#
# Markdown on stdout. Everything runs under nice, one run at a time.
set -u
cd "$(dirname "$0")/.."
ROOT=$(pwd)
LIMIT=${LIBC_RUN_LIMIT:-120s}
SPECS=${LIBC_RUN_SPECS:-'^(ent_montepi|spline_aspline|ministat_stddev|units|bc|dc|mawk|cjson|libtommath|glpk)[a-z_]*/'}
BASES=${LIBC_RUN_BASES:-"floatsym musl-bitcode"}
W=$(mktemp -d)
[ -z "${LIBC_RUN_KEEP:-}" ] && trap 'rm -rf "$W"' EXIT
CGO_CFLAGS_ALLOW=-frounding-math go build -o "$W/floatsym" ./cmd/floatsym || exit 1
FS="nice -n 10 $W/floatsym"
now() { date +%s.%N; }
secs() { python3 -c "print('%.1f' % ($2 - $1))"; }

echo "### A. The own suite's libc programs (concrete), against native glibc"
echo
echo "| program | base | time s | stdout | path ended |"
echo "| --- | --- | --- | --- | --- |"
for src in executor/testdata/libc/*.c; do
	p=$(basename "$src" .c)
	clang-14 -O0 -g -o "$W/$p.native" "$src" -lm -lreadline 2>/dev/null || clang-14 -O0 -g -o "$W/$p.native" "$src" -lm
	(cd "$W" && timeout 60 "./$p.native" >"$W/$p.native.out" 2>/dev/null)
	for b in $BASES; do
		t0=$(now)
		(cd "$W" && $FS run --libc=$b --output-dir "$W/$p.$b" --max-time "$LIMIT" "$ROOT/$src" >"$W/$p.$b.out" 2>"$W/$p.$b.err")
		t1=$(now)
		if cmp -s "$W/$p.native.out" "$W/$p.$b.out"; then
			same="equal"
		else
			same="$(diff "$W/$p.native.out" "$W/$p.$b.out" | grep -c '^<') of $(wc -l <"$W/$p.native.out") native lines not matched"
		fi
		end=$(grep -o 'undefined external [a-z]* [^ ]*' "$W/$p.$b.err" "$W/$p.$b/messages.txt" 2>/dev/null | head -1 | sed 's/^[^:]*://')
		[ -z "$end" ] && end=$(grep -o 'msg=.* file=[^ ]* kind=[^ ]* line=[0-9]*' "$W/$p.$b.err" | head -1 | sed 's|file=[^ ]*/src/src/|file=musl:src/|; s|file=[^ ]*/|file=|')
		[ -z "$end" ] && end=$(tail -1 "$W/$p.$b.err" | sed 's/, output in.*//; s/^floatsym: //' | cut -c1-90)
		echo "| $p | $b | $(secs "$t0" "$t1") | $same | $end |"
	done
done
echo

echo "### B. Symbolic programs: tests replayed natively against glibc"
echo
echo "| program | base | time s | run | replay (native glibc) |"
echo "| --- | --- | --- | --- | --- |"
for spec in internal/libcmode/testdata/qsort_ties.c internal/libcmode/testdata/strtol_sym.c internal/libcmode/testdata/string_sym.c \
	executor/testdata/symbolic/strtod_sym.c executor/testdata/symbolic/sscanf_sym.c "cmd/floatsym/testdata/getopt_sym.c -- --sym-args 0 2 3"; do
	src=${spec%% *}
	extra=""
	[ "$src" != "$spec" ] && extra=${spec#* }
	p=$(basename "$src" .c)
	for b in $BASES; do
		t0=$(now)
		# shellcheck disable=SC2086
		$FS run --libc=$b --output-dir "$W/s.$p.$b" --max-time "$LIMIT" "$ROOT/$src" $extra >/dev/null 2>"$W/s.$p.$b.err"
		t1=$(now)
		run=$(tail -1 "$W/s.$p.$b.err" | sed 's/, output in.*//; s/^floatsym: done //')
		rep=$($FS replay --program "$ROOT/$src" "$W/s.$p.$b" 2>&1 | tail -1)
		echo "| $p | $b | $(secs "$t0" "$t1") | $run | $rep |"
	done
done
echo

echo "### C. The surveyed programs' realworld specs (floatsym bench, --time-limit $LIMIT)"
echo
echo "| variant | base | outcome | bugs | time s |"
echo "| --- | --- | --- | --- | --- |"
for b in $BASES; do
	$FS bench --quiet --jobs 1 --time-limit "$LIMIT" --filter "$SPECS" --libc "$b" --json "$W/bench.$b.json" benchmarks >/dev/null 2>"$W/bench.$b.err"
	python3 - "$W/bench.$b.json" "$b" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
rs = d["results"] if isinstance(d, dict) and "results" in d else d
for r in rs:
    name = r.get("spec", "?") + "/" + r.get("variant", "?")
    el = r.get("elapsed_seconds", r.get("elapsed", 0))
    print("| %s | %s | %s | %s/%s | %s |" % (name, sys.argv[2], r.get("outcome"), r.get("bugs_found"), r.get("bugs_expected"), el))
PY
done
