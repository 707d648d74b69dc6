#!/bin/sh
# Native check of the `loops` category: every variant is built with clang-14
# -O2 (-ffp-contract=off: the same IEEE operations as floatsym's -O0 build)
# against tools/loops_stress.c and run STRESS_RUNS times (default 30) over
# all its iterations on random, boundary and worst-case input patterns
# (about 3 million inputs per variant; see loops_stress.c). A correct
# variant must never fail; a variant with bugs must fail natively (its bug
# is real, not only a witness). Usage: loops_stress.sh [REGEX on spec/variant]
set -u
here=$(cd "$(dirname "$0")" && pwd)
loops="$here/../loops"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
filter="${1:-.}"
pass=0
fail=0
while read -r spec variant defines range runs; do
	case "$spec" in ''|\#*) continue ;; esac
	echo "$spec/$variant" | grep -Eq "$filter" || continue
	lo=${range%:*}
	hi=${range#*:}
	bin="$work/$spec-$variant"
	# shellcheck disable=SC2086
	if ! clang-14 -O2 -ffp-contract=off -w -I "$here/include" -Dmain=bench_main $(echo "$defines" | sed "s/^-$//") \
		-c -o "$bin.o" "$loops/$spec/$spec.c" ||
		! clang-14 -O2 -w -o "$bin" "$bin.o" "$here/loops_stress.c" -lm; then
		echo "FAIL $spec/$variant: does not compile"
		fail=$((fail + 1))
		continue
	fi
	out=$(STRESS_LO=$lo STRESS_HI=$hi STRESS_RUNS=$runs "$bin" 2>"$bin.err")
	rc=$?
	case "$variant:$rc" in
	correct:0 | bug:1)
		echo "ok   $spec/$variant: $out"
		pass=$((pass + 1)) ;;
	*)
		echo "FAIL $spec/$variant (exit $rc): $out"
		head -3 "$bin.err"
		fail=$((fail + 1)) ;;
	esac
done <<'LIST'
# spec variant defines range runs
filter1 correct - -10:10 30
filter1 bug -DBUG -10:10 30
filter2 correct - -1:1 30
filter2 bug -DBUG -1:1 30
rotation correct - -1:1 30
rotation bug -DBUG -1:1 30
newton_sqrt_loop correct - 1:100 300
newton_sqrt_loop bug -DBUG 1:100 300
halley_sqrt correct - 0.25:4 300
halley_sqrt bug -DBUG 0.25:4 300
newton_recip correct - 1:2 300
newton_recip bug -DBUG 1:2 300
interp_table correct - 0:7 30
interp_table bug -DBUG 0:7.5 30
pid correct - -1:1 15
pid bug -DBUG -1:1 15
bary correct - -1:1 30
bary bug -DBUG -1:1 30
rate_limiter correct - -128:128 30
rate_limiter bug -DBUG -128:128 30
accum_reset correct - 0:1 30
accum_reset bug -DBUG 0:1 30
saturating_integrator correct - -1:1 30
saturating_integrator bug -DBUG -1:1 30
LIST
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
