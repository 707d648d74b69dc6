#!/usr/bin/env bash
# Native checks of floatsym's benchmark suite; see check.py for details.
#   benchmarks/tools/check.sh            validate specs, replay every witness,
#                                        run concrete and 10^5 random checks
#   benchmarks/tools/check.sh --full     also the exhaustive 2^32 checks and
#                                        10^7 random inputs per variant
#   benchmarks/tools/check.sh --only RE  only spec/variant names matching RE
# Needs clang-14 (with compiler-rt sanitizers), gcc, gdb, python3 + PyYAML.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
for tool in clang-14 gcc gdb python3; do
  command -v "$tool" >/dev/null || { echo "check.sh: $tool not found" >&2; exit 2; }
done
exec python3 "$here/check.py" "$@"
