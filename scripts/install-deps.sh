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
# Libraries as bitcode (internal/libbc): dpkg-source unpacks Debian source
# packages; native replay links the system's build of the same library.
command -v dpkg-source >/dev/null 2>&1 || need+=(dpkg-dev)
# GMP's build generates sources with m4.
command -v m4 >/dev/null 2>&1 || need+=(m4)
[ -f /usr/include/gsl/gsl_math.h ] || need+=(libgsl-dev)
[ -f /usr/include/gmp.h ] || [ -f /usr/include/x86_64-linux-gnu/gmp.h ] || need+=(libgmp-dev)
# readline: the native oracle of floatsym's readline model
# (executor/testdata/files/readline_stdin.c); musl-dev: the symbols of
# musl's libc.a, the other base the libc survey measures.
[ -f /usr/include/readline/readline.h ] || need+=(libreadline-dev)
[ -f /usr/lib/x86_64-linux-musl/libc.a ] || need+=(musl-dev)

# The deb-src entry libbc fetches library sources with (apt-get source).
# It lives in its own directory, read only by floatsym's apt-get calls
# (-o Dir::Etc::SourceParts=...), so the system's apt-get update never
# downloads source indexes. Derived from the system's binary entries: the
# deb822 .sources files (Debian 12) or one-line sources.list.
debsrc_dir=/etc/apt/floatsym-src/sources.list.d
write_debsrc() {
  local tmp
  tmp=$(mktemp)
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    sed -n 's/^Types:.*\bdeb\b.*$/Types: deb-src/; p' "$f" >>"$tmp"
    echo >>"$tmp"
  done
  if [ -f /etc/apt/sources.list ]; then
    grep -E '^deb ' /etc/apt/sources.list | while read -r _ rest; do
      set -- $rest
      uri=$1; suite=$2; shift 2
      printf 'Types: deb-src\nURIs: %s\nSuites: %s\nComponents: %s\n\n' "$uri" "$suite" "$*"
    done >>"$tmp"
  fi
  $SUDO mkdir -p "$debsrc_dir"
  $SUDO cp "$tmp" "$debsrc_dir/deb-src.sources"
  rm -f "$tmp"
}
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
if [ ! -s "$debsrc_dir/deb-src.sources" ] && command -v apt-get >/dev/null 2>&1; then
  write_debsrc || echo "install-deps: could not write $debsrc_dir (library sources must then be given as directories)" >&2
fi

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi
echo "install-deps: installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
