#!/usr/bin/env bash
# floatsym on a real (single-node) Slurm: `make test-slurm` (full) and
# the Slurm step of `make test` (--quick).
#
#  1. scripts/slurm-local.sh start (installs slurm-wlm and munge when
#     missing, starts munged, slurmctld and slurmd on this machine);
#  2. the 20 quick variants of benchmarks/slurm-test.txt through
#     `floatsym bench --slurm` (a plan, a job array, squeue, the merge);
#  3. at the same time, the same variants by a local `floatsym bench
#     --jobs 2`; their verdicts must be equal (benchmarks/tools/verdictcmp);
#  4. full only: two tasks' results removed, --merge names them and
#     --slurm resubmits exactly those two;
#  5. one exploration split into prefixes, the prefixes as a job array
#     (the parts take the split run's compiled program, --compiled),
#     `floatsym merge` of the split run's own output and the parts,
#     compared with one run: paths and error locations
#     (benchmarks/tools/summarycmp), coverage.info and run.istats byte
#     for byte.
#
# The variants' time limit (60 s) is a guard against a hang, not a
# budget: each explores in well under a second, but the limit counts
# from the process's start, compiling included, which a loaded machine
# can stretch past 10 s.
#
# Exit 0: passed ("slurm: passed (...)"). Exit 1: failed. Exit 3: not
# tested, the last line says why ("slurm: not tested (...)"): Slurm
# could not be installed or started, or (not under CI=true) the only
# differences are variants that timed out on one side (a loaded machine).
# Under CI=true every difference fails. The daemons this script started
# are stopped at the end.
set -uo pipefail

cd "$(dirname "$0")/.."
BIN=${FLOATSYM_BIN:-bin/floatsym}
QUICK=0
[ "${1:-}" = --quick ] && QUICK=1
TIME_LIMIT=${SLURM_TEST_TIME_LIMIT:-60s}
SPLIT_PROG=${SLURM_TEST_SPLIT_PROG:-cmd/floatsym/testdata/samebug.c} # 9 paths, 2 error locations
SPLIT_N=${SLURM_TEST_SPLIT_N:-4}
WORK=${SLURM_TEST_DIR:-$(mktemp -d /tmp/floatsym-test-slurm-XXXXXX)}
STATE=${FLOATSYM_SLURM_DIR:-/tmp/floatsym-slurm}
export FLOATSYM_SLURM_DIR=$STATE
T0=$(date +%s)

say() { echo "test-slurm: $*"; }
fail() {
  say "FAILED: $*"
  echo "slurm: FAILED ($*)"
  exit 1
}

if [ ! -x "$BIN" ]; then
  CGO_CFLAGS_ALLOW=-frounding-math go build -o "$BIN" ./cmd/floatsym || fail "building $BIN"
fi
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")

# Were the daemons running before? Then they stay running afterwards.
already=0
[ -s "$STATE/slurmctld.pid" ] && kill -0 "$(cat "$STATE/slurmctld.pid")" 2>/dev/null && already=1
bash scripts/slurm-local.sh start 2>"$WORK/slurm-start.log"
rc=$?
cat "$WORK/slurm-start.log" >&2
if [ $rc -ne 0 ]; then
  reason=$(grep -E 'CANNOT (INSTALL|START)' "$WORK/slurm-start.log" | tail -1 | sed 's/^slurm-local: //')
  say "Slurm is not available here: ${reason:-slurm-local.sh exited $rc}"
  echo "slurm: not tested (${reason:-slurm-local.sh exited $rc})"
  exit 3
fi
if [ $already -eq 0 ]; then
  trap 'bash scripts/slurm-local.sh stop' EXIT
fi
export SLURM_CONF=$STATE/slurm.conf

FILTER="^($(grep -v '^#' benchmarks/slurm-test.txt | paste -sd'|'))\$"
N=$(grep -cv '^#' benchmarks/slurm-test.txt)

# The local run goes on while Slurm schedules and runs the array (its
# polling and scheduling latency overlap the local work; the 60 s guard
# limit leaves room for four processes on two cores).
say "$N variants through Slurm (plan in $WORK/plan) and, at the same time, locally (--jobs 2)"
t=$(date +%s)
"$BIN" bench --jobs 2 --time-limit "$TIME_LIMIT" --quiet --filter "$FILTER" --json "$WORK/local.json" benchmarks \
  >"$WORK/local.txt" 2>&1 &
local_pid=$!
"$BIN" bench --slurm --plan "$WORK/plan" --slurm-poll 2s --time-limit "$TIME_LIMIT" --quiet --filter "$FILTER" \
  --json "$WORK/slurm.json" --markdown "$WORK/slurm.md" benchmarks >"$WORK/slurm.txt" 2>"$WORK/slurm.err" ||
  { tail -30 "$WORK/slurm.txt" "$WORK/slurm.err"; wait $local_pid; fail "floatsym bench --slurm (output in $WORK)"; }
say "slurm run: $(($(date +%s) - t)) s"
wait $local_pid || { tail -30 "$WORK/local.txt"; fail "floatsym bench --jobs 2 (output in $WORK)"; }
say "local run (beside it): $(($(date +%s) - t)) s"

go run ./benchmarks/tools/verdictcmp "$WORK/local.json" "$WORK/slurm.json" >"$WORK/verdictcmp.txt" 2>&1
rc=$?
cat "$WORK/verdictcmp.txt"
if [ $rc -eq 4 ] && [ "${CI:-}" != true ]; then
  say "every difference is a variant that timed out on one side only: the machine is too loaded to judge"
  echo "slurm: not tested (variants timed out on one side only: machine too loaded; output in $WORK)"
  exit 3
fi
[ $rc -eq 0 ] || fail "the Slurm run judged differently from the local run (output in $WORK)"
grep -q "the $N variants are judged alike" "$WORK/verdictcmp.txt" || fail "expected $N variants in the reports"

# Two tasks lose their results (as preempted tasks would): --merge names
# them, and --slurm on the plan resubmits exactly those two.
if [ $QUICK -eq 0 ]; then
rm -f "$WORK/plan/results/3.json" "$WORK/plan/results/7.json"
"$BIN" bench --merge "$WORK/plan" >"$WORK/merge-missing.txt" 2>&1 && fail "--merge passed with two results missing"
grep -q "sbatch --array=3,7 $WORK/plan/array.sbatch" "$WORK/merge-missing.txt" ||
  { cat "$WORK/merge-missing.txt"; fail "--merge did not name tasks 3 and 7 with their sbatch line"; }
"$BIN" bench --slurm --plan "$WORK/plan" --slurm-poll 2s --quiet --json "$WORK/slurm2.json" >"$WORK/slurm2.txt" 2>"$WORK/slurm2.err" ||
  { tail -30 "$WORK/slurm2.txt" "$WORK/slurm2.err"; fail "resubmitting tasks 3 and 7"; }
grep -q "submitted slurm job .* (2 task(s))" "$WORK/slurm2.err" || { cat "$WORK/slurm2.err"; fail "the resubmission was not of 2 tasks"; }
go run ./benchmarks/tools/verdictcmp "$WORK/local.json" "$WORK/slurm2.json" || fail "after the resubmission the verdicts differ"
fi

if "$BIN" run --help 2>/dev/null | grep -q -- --split; then
  say "split: $SPLIT_PROG into $SPLIT_N prefixes through Slurm"
  S=$WORK/split
  mkdir -p "$S"
  "$BIN" run --split "$SPLIT_N" --output-dir "$S/o" "$SPLIT_PROG" >"$S/split.txt" 2>&1 ||
    { tail -20 "$S/split.txt"; fail "floatsym run --split"; }
  ls "$S"/o/prefixes/*.prefix >/dev/null 2>&1 || fail "no prefix files in $S/o/prefixes"
  [ -f "$S/o/prefixes/array.sbatch" ] || fail "no $S/o/prefixes/array.sbatch"
  mkdir -p "$S/o/parts"
  sbatch --wait "$S/o/prefixes/array.sbatch" >"$S/sbatch.txt" 2>&1 || { cat "$S/sbatch.txt"; fail "the prefixes' job array"; }
  # The split run's own output (the paths that ended before the split)
  # is a part too.
  "$BIN" merge --output-dir "$S/merged" "$S/o" "$S"/o/parts/* >"$S/merge.txt" 2>&1 || { tail -20 "$S/merge.txt"; fail "floatsym merge"; }
  "$BIN" run --output-dir "$S/one" "$SPLIT_PROG" >"$S/one.txt" 2>&1 || { tail -20 "$S/one.txt"; fail "the single run"; }
  go run ./benchmarks/tools/summarycmp "$S/one" "$S/merged" || fail "the merged split run differs from one run"
  for f in coverage.info run.istats; do
    cmp -s "$S/one/$f" "$S/merged/$f" || fail "the merged split run's $f differs from one run's ($S)"
  done
else
  say "split: not available in this build"
fi
say "passed: $N variants judged alike through Slurm and locally ($(($(date +%s) - T0)) s in all; output in $WORK)"
echo "slurm: passed ($N variants and a split exploration through Slurm equal to local runs, $(($(date +%s) - T0)) s)"
