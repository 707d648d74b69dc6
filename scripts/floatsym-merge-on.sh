#!/bin/sh
# floatsym with state merging on, for
# `floatsym bench --floatsym scripts/floatsym-merge-on.sh` (verdicts with
# and without merging side by side): adds --merge=on (or $FLOATSYM_MERGE,
# e.g. auto) to `run`, passes
# anything else on.
bin="${FLOATSYM_BIN:-$(dirname "$0")/../bin/floatsym}"
if [ "$1" = run ]; then
	shift
	exec "$bin" run --merge="${FLOATSYM_MERGE:-on}" "$@"
fi
exec "$bin" "$@"
