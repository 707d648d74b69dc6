#!/bin/bash
# usage: run.sh MODE [OUT] — the suite category by category, priority first
# (benchmarks/results/merge-ab.md), through a --floatsym wrapper adding
# --merge=MODE to run; start `run.sh auto` and `run.sh off` together, then
# compare.py OUT/auto OUT/off. The binary is bin/floatsym-ab (a copy, so
# that a rebuild during the ~80 min does not change the measured binary).
M=$1
cd "$(dirname "$0")/../../.."
FS=$PWD/bin/floatsym-ab
O=${2:-/tmp/mergeab}/$M
mkdir -p $O
printf '#!/bin/sh\nif [ "$1" = run ]; then shift; exec %s run --merge=%s "$@"; fi\nexec %s "$@"\n' $FS $M $FS > $O.wrapper
chmod +x $O.wrapper
one() { # name path [filter]
  local n=$1 p=$2 f=$3
  if [ -n "$f" ]; then
    nice -n 10 $FS bench --floatsym $O.wrapper --time-limit 60s --jobs 1 --keep --work-dir $O/$n --json $O/$n.json --filter "$f" $p > $O/$n.txt 2>&1
  else
    nice -n 10 $FS bench --floatsym $O.wrapper --time-limit 60s --jobs 1 --keep --work-dir $O/$n --json $O/$n.json $p > $O/$n.txt 2>&1
  fi
  echo "$(date -u +%H:%M:%S) $n done" >> $O/progress
}
echo "$(date -u +%H:%M:%S) start $(uptime)" >> $O/progress
one explode benchmarks/explode
one numerical benchmarks/numerical
one realworld benchmarks/realworld '^(bc_|cjson|dc_|ent_|glpk|libtommath|mawk|ministat|spline|units)'
one loops benchmarks/loops
one intervals benchmarks/intervals
one nan_inf benchmarks/nan_inf
for c in absorption ariadne associativity concrete fp_exceptions fpse libm long_double rounding signed_zero vectorizable; do
  one $c benchmarks/$c
done
one realworld_lib benchmarks/realworld '^(gmp|gsl)'
echo "$(date -u +%H:%M:%S) all done $(uptime)" >> $O/progress
