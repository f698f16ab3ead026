#!/usr/bin/env bash
# Build OpenBLAS from its Debian source as a static library instrumented with the given
# compiler and flags (e.g. clang -fsanitize=fuzzer-no-link,address,undefined, or
# afl-clang-fast), with every exported BLAS symbol renamed mlf_openblas_* so that it can share
# a process with the dlopen'ed BLAS libraries (OpenBLAS renames only in its exports step, so
# the rename is done here with its generated objcopy.def).
# Builds are cached under $MLF_CACHE/openblas/<hash of compiler, flags, kernel target>.
# Usage: CC=... OPENBLAS_CFLAGS="..." scripts/build-openblas.sh <output-dir>
#   output-dir receives libopenblas.a and cblas.h (idempotent; copies from the cache).
set -euo pipefail
dest=${1:?usage: CC=... OPENBLAS_CFLAGS=... $0 <output-dir>}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${MLF_CACHE:-$top/cache}
cc=${CC:?set CC to the compiler}
cflags=${OPENBLAS_CFLAGS:-}
# The kernel set is fixed at build time so every machine runs the same code; HASWELL needs
# only AVX2.  (Kernel sets as a test dimension belong to the BLAS family issue.)
target=${MLF_OPENBLAS_TARGET:-HASWELL}
key=$( { "$cc" --version 2>/dev/null | head -n 1; echo "$cc|$cflags|$target|v1"; } | sha1sum | cut -c1-16)
built=$cache/openblas/$key
mkdir -p "$cache/openblas"
# One build per configuration at a time; a second caller waits and then copies the result.
exec 9>"$built.lock"
flock 9
if [ ! -f "$built/libopenblas.a" ]; then
  "$top/scripts/fetch-debian-source.sh" openblas
  build=$cache/openblas/$key.build
  # An interrupted build of the same configuration is resumed: make is incremental.
  [ -d "$build" ] || cp -a "$cache/src/openblas" "$build"
  make_args=(CC="$cc" HOSTCC=gcc NOFORTRAN=1 NO_LAPACK=1 NO_LAPACKE=1 NO_SHARED=1 USE_THREAD=0
             USE_OPENMP=0 USE_LOCKING=1 TARGET="$target" DYNAMIC_ARCH=0 NO_AFFINITY=1
             SYMBOLPREFIX=mlf_openblas_ COMMON_OPT="-O2 -g $cflags" CFLAGS="$cflags")
  log=$cache/openblas/$key.log
  echo "build-openblas: building with $cc $cflags (TARGET=$target); log in $log" >&2
  if ! AFL_QUIET=1 make -C "$build" -j"$(nproc)" "${make_args[@]}" libs >"$log" 2>&1 ||
     ! make -C "$build/exports" "${make_args[@]}" objcopy.def >>"$log" 2>&1; then
    tail -n 30 "$log" >&2; echo "build-openblas: make failed, see $log" >&2; exit 1
  fi
  mkdir -p "$built.tmp"
  # The archive is named after the prefix and kernel, e.g. libmlf_openblas_openblas_haswell-r0.3.21.a
  objcopy --redefine-syms "$build/exports/objcopy.def" "$(ls "$build"/lib*openblas*.a | head -n 1)" \
    "$built.tmp/libopenblas.a"
  cp "$build/cblas.h" "$built.tmp/"
  rm -rf "$built" "$build"; mv "$built.tmp" "$built"
fi
mkdir -p "$dest"
cp "$built"/* "$dest/"
