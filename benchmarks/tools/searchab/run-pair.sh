#!/bin/sh
# Side-by-side A/B of two search configurations on the suite's bug variants
# (benchmarks/results/search-ab.md): for each category given, the two
# benches start at the same moment under nice -n 10, one variant at a time
# each, through --floatsym wrappers that add the configuration's flags to
# `floatsym run`. Compare with compare.py afterwards.
#
# usage: run-pair.sh BIN OUT CATEGORY...
#   BIN  the floatsym binary (copied: a rebuild during the A/B changes nothing)
#   OUT  directory: OUT/dfs/CATEGORY{,.txt} and OUT/default/CATEGORY{,.txt}
# Environment: AB_FILTER (default 'bug$'), AB_LIMIT (default 60s),
# AB_A_ARGS (default '--search dfs'), AB_B_ARGS (default: none, floatsym's defaults).
set -eu
bin=$1 out=$2
shift 2
mkdir -p "$out/dfs" "$out/default"
cp "$bin" "$out/floatsym"
wrap() { # name, extra run args
	cat >"$out/$1.sh" <<W
#!/bin/sh
if [ "\$1" = run ]; then shift; exec "$out/floatsym" run $2 "\$@"; fi
exec "$out/floatsym" "\$@"
W
	chmod +x "$out/$1.sh"
}
wrap dfs "${AB_A_ARGS:---search dfs}"
wrap default "${AB_B_ARGS:-}"
root=$(cd "$(dirname "$0")/../.." && pwd)
for cat in "$@"; do
	for cfg in dfs default; do
		nice -n 10 "$out/floatsym" bench --filter "${AB_FILTER:-bug\$}" --time-limit "${AB_LIMIT:-60s}" --jobs 1 --keep \
			--floatsym "$out/$cfg.sh" --work-dir "$out/$cfg/$cat" "$root/$cat" >"$out/$cfg/$cat.txt" 2>&1 &
	done
	wait
done
