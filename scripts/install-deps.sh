#!/usr/bin/env bash
# Installs the system packages floatsym needs (clang-14, llvm-14, libz3-dev,
# and the z3 and cvc5 binaries its solver runs in child processes) when
# they are missing. Used by `make demo`, `make test`, .ci/run and the
# Dockerfile, so every environment is set up by the same steps.
set -euo pipefail

need=()
command -v clang-14 >/dev/null 2>&1 || need+=(clang-14)
command -v llvm-link-14 >/dev/null 2>&1 || need+=(llvm-14)
command -v lli-14 >/dev/null 2>&1 || need+=(llvm-14-runtime)
[ -f /usr/include/z3.h ] || need+=(libz3-dev)
# SMT backends in child processes (solver/smtpipe): z3 and cvc5 1.0.3;
# libcvc5-dev for cvc5's C++ API (measured against the binary, see
# solver/smt.go).
command -v z3 >/dev/null 2>&1 || need+=(z3)
command -v cvc5 >/dev/null 2>&1 || need+=(cvc5)
[ -f /usr/include/cvc5/cvc5.h ] || need+=(libcvc5-dev)
# ASan/UBSan runtimes for native replay.
ls /usr/lib/llvm-14/lib/clang/14*/lib/linux/libclang_rt.asan-x86_64.a >/dev/null 2>&1 || need+=(libclang-rt-14-dev)
command -v gcc >/dev/null 2>&1 || need+=(gcc)
command -v make >/dev/null 2>&1 || need+=(make)

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
echo "install-deps: installing ${need[*]}" >&2
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
