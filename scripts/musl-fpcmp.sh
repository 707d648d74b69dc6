#!/usr/bin/env bash
# musl-fpcmp: does musl parse and format floating point as glibc does?
# Builds benchmarks/tools/muslfp/fpcmp.c natively twice, with gcc (glibc)
# and musl-gcc (Debian's musl-tools, musl 1.2.3), runs both on the same
# deterministic inputs in the four rounding modes and prints the table of
# differences (docs/libc-survey.md, "musl, run"). The answer decides what
# run --libc=musl-bitcode keeps of floatsym's own library (internal/muslbc).
set -eu
cd "$(dirname "$0")/.."
N=${1:-3000}
command -v musl-gcc >/dev/null || { echo "musl-fpcmp: needs musl-gcc (apt-get install musl-tools)" >&2; exit 2; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
gcc -O0 -frounding-math -o "$W/glibc" benchmarks/tools/muslfp/fpcmp.c -lm
musl-gcc -O0 -frounding-math -static -o "$W/musl" benchmarks/tools/muslfp/fpcmp.c
"$W/glibc" "$N" >"$W/glibc.txt"
"$W/musl" "$N" >"$W/musl.txt"
python3 benchmarks/tools/muslfp/compare.py "$W/glibc.txt" "$W/musl.txt"
