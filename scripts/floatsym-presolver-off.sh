#!/bin/sh
# floatsym with the native FP solver stage off, for
# `floatsym bench --floatsym scripts/floatsym-presolver-off.sh` (make
# bench-solver): adds --presolver=off to `run`, passes anything else on.
bin="${FLOATSYM_BIN:-$(dirname "$0")/../bin/floatsym}"
if [ "$1" = run ]; then
	shift
	exec "$bin" run --presolver=off "$@"
fi
exec "$bin" "$@"
