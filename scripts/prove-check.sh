#!/bin/bash
# make prove-check: the soundness corpus of benchmarks/prove-check (issue 23).
#
# Every NAME.c there states a subtly false property; NAME.witness is an input
# (mock_klee's FSB_INPUT syntax) that violates it natively. A program with a
# "// check-fp: LIST" line states that no operation raises the listed IEEE
# flags (floatsym run --check-fp LIST): natively, benchmarks/tools/
# fpcheck_main.c runs it and aborts when one was raised. Programs with a
# "#ifdef TWIN" block also have a true twin (compiled with -DTWIN): the same
# program with a correct bound, which a good prover should prove.
#
# 1. Native check of the corpus itself (clang-14 -O0 -g against
#    benchmarks/tools/mock_klee.c, as benchmarks/tools/check.sh builds):
#    every witness must make its false program fail (assertion or abort),
#    and must not make the twin fail; each twin also runs 10^5 random inputs
#    (mock_klee's random mode) without failing.
# 2. The prover: `floatsym run --prove=on --max-time $PROVE_TIME` on every
#    false program; the check FAILS if any summary.json says
#    proof.verdict == "proved". Twins are run too and their proofs counted
#    (informational). A floatsym without --prove fails the check loudly: an
#    absent prover is not a passed soundness check.
#
# Usage: scripts/prove-check.sh [--native-only] [REGEX]
# Environment: FLOATSYM (default bin/floatsym), PROVE_TIME (default 30s).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
corpus="$root/benchmarks/prove-check"
tools="$root/benchmarks/tools"
floatsym="${FLOATSYM:-$root/bin/floatsym}"
ptime="${PROVE_TIME:-30s}"
native_only=0
if [ "${1:-}" = --native-only ]; then
	native_only=1
	shift
fi
filter="${1:-.}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc="clang-14 -std=gnu11 -O0 -g -w -I $tools/include"
$cc -c -o "$work/mock.o" "$tools/mock_klee.c" || { echo "prove-check: cannot build mock_klee.c"; exit 2; }

native_fail=0
nfalse=0
ntwin=0
for src in "$corpus"/*.c; do
	name=$(basename "$src" .c)
	echo "$name" | grep -Eq "$filter" || continue
	wit=$(cat "$corpus/$name.witness")
	nfalse=$((nfalse + 1))
	# A "// check-fp: LIST" program states that no operation raises the
	# listed IEEE flags: natively, fpcheck_main.c runs it and aborts when
	# one was raised.
	checkfp=$(sed -n 's|^// check-fp: *||p' "$src" | head -1)
	entry="-Dmain=bench_main" shim=""
	if [ -n "$checkfp" ]; then
		fe=$(echo "$checkfp" | tr ',' '\n' | sed 's/^ *//; s/ *$//; s/.*/FE_\U&/' | paste -sd'|')
		entry="-Dmain=fsb_prog_main" shim="$work/fpcheck-$name.o"
		$cc "-DFSB_FE=($fe)" -c -o "$shim" "$tools/fpcheck_main.c" || {
			echo "FAIL $name: fpcheck_main.c does not compile for $checkfp"; native_fail=$((native_fail + 1)); continue; }
	fi
	$cc $entry -c -o "$work/$name.o" "$src" && $cc -o "$work/$name" "$work/$name.o" $shim "$work/mock.o" -lm || {
		echo "FAIL $name: does not compile"; native_fail=$((native_fail + 1)); continue; }
	# (in a subshell: bash's own "Aborted" notice stays out of the output)
	rc=$( (FSB_MODE=witness FSB_INPUT="$wit" "$work/$name" >/dev/null 2>"$work/$name.err"; echo $?) 2>/dev/null)
	if [ $rc -eq 0 ] || [ $rc -eq 77 ] || [ $rc -eq 78 ]; then
		echo "FAIL $name: the witness ($wit) does not violate the property natively (exit $rc)"
		head -2 "$work/$name.err"
		native_fail=$((native_fail + 1))
	fi
	if grep -q '#ifdef TWIN' "$src"; then
		ntwin=$((ntwin + 1))
		$cc -DTWIN $entry -c -o "$work/$name.twin.o" "$src" &&
			$cc -o "$work/$name.twin" "$work/$name.twin.o" $shim "$work/mock.o" -lm &&
			$cc -o "$work/$name.twin.rand" "$work/$name.twin.o" $shim "$work/mock.o" -Wl,--wrap=abort,--wrap=__assert_fail -lm || {
			echo "FAIL $name (twin): does not compile"; native_fail=$((native_fail + 1)); continue; }
		rc=$( (FSB_MODE=witness FSB_INPUT="$wit" "$work/$name.twin" >/dev/null 2>&1; echo $?) 2>/dev/null)
		if [ $rc -ne 0 ] && [ $rc -ne 77 ]; then
			echo "FAIL $name (twin): the witness violates the twin (exit $rc)"
			native_fail=$((native_fail + 1))
		fi
		if [ -n "$checkfp" ]; then
			# mock_klee's random inputs are made with float arithmetic
			# that raises the flags itself: the twin's witness only.
			:
		elif ! FSB_MODE=random FSB_N=100000 "$work/$name.twin.rand" >"$work/$name.rand" 2>&1; then
			echo "FAIL $name (twin): random inputs violate the twin: $(head -1 "$work/$name.rand")"
			native_fail=$((native_fail + 1))
		fi
	fi
done
echo "prove-check: native: $nfalse false properties, $ntwin true twins, $native_fail failures"
[ $native_fail -eq 0 ] || exit 1
[ $native_only -eq 1 ] && exit 0

# 2. The prover.
probe=$("$floatsym" run --prove=on --help 2>&1)
if echo "$probe" | grep -qi 'unknown flag'; then
	echo "prove-check: FAIL: $floatsym has no --prove flag (unknown flag): the prover is not built in, nothing was checked"
	exit 2
fi
verdict() { # summary.json -> proof verdict or "none"
	python3 -c 'import json,sys
try:
    d = json.load(open(sys.argv[1]))
except Exception as e:
    print("no-summary"); sys.exit()
p = d.get("proof") or {}
print(p.get("verdict") or "none")' "$1"
}
proved_false=0
proved_twin=0
for src in "$corpus"/*.c; do
	name=$(basename "$src" .c)
	echo "$name" | grep -Eq "$filter" || continue
	for kind in false twin; do
		flags="-O0 -g -Xclang -disable-O0-optnone"
		if [ $kind = twin ]; then
			grep -q '#ifdef TWIN' "$src" || continue
			flags="$flags -DTWIN"
		fi
		out="$work/out-$name-$kind"
		checkfp=$(sed -n 's|^// check-fp: *||p' "$src" | head -1)
		log=$("$floatsym" run --prove=on --check-fp "${checkfp:-none}" --max-time "$ptime" --cflags "$flags" --output-dir "$out" "$src" 2>&1 </dev/null)
		if echo "$log" | grep -qi 'unknown flag'; then
			echo "prove-check: FAIL: floatsym rejected --prove (unknown flag): $(echo "$log" | grep -i 'unknown flag' | head -1)"
			exit 2
		fi
		v=$(verdict "$out/summary.json")
		if [ $kind = false ]; then
			if [ "$v" = proved ]; then
				echo "FAIL $name: a false property was PROVED (witness: $(cat "$corpus/$name.witness"))"
				proved_false=$((proved_false + 1))
			else
				echo "ok   $name: not proved ($v)"
			fi
		else
			[ "$v" = proved ] && proved_twin=$((proved_twin + 1))
			echo "     $name (twin): $v"
		fi
	done
done
echo "prove-check: $proved_false false properties proved (must be 0); $proved_twin of $ntwin true twins proved"
[ $proved_false -eq 0 ]
