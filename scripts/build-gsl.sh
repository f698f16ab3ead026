#!/usr/bin/env bash
# Build the parts of GSL the statistics family fuzzes (statistics, sort, movstat, rstat, fft,
# fit and what they need) from its Debian source as one static library instrumented with the
# given compiler and flags (clang -fsanitize=fuzzer-no-link,address,undefined, or
# afl-clang-fast), so that coverage and the sanitizers reach inside GSL.
# Builds are cached under $MLF_CACHE/gsl/<hash of compiler and flags>.
# Usage: CC=... GSL_CFLAGS="..." scripts/build-gsl.sh <output-dir>
#   output-dir receives libgsl.a and include/gsl/*.h (idempotent; copies from the cache).
set -euo pipefail
dest=${1:?usage: CC=... GSL_CFLAGS=... $0 <output-dir>}
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${MLF_CACHE:-$top/cache}
cc=${CC:?set CC to the compiler}
cflags=${GSL_CFLAGS:-}
# The convenience libraries (one per source directory) the fuzzed APIs reach.
parts=(statistics sort movstat rstat fft fit err sys utils complex vector block ieee-utils
       randist rng specfunc poly cdf)
key=$( { "$cc" --version 2>/dev/null | head -n 1; echo "$cc|$cflags|${parts[*]}|v1"; } | sha1sum | cut -c1-16)
built=$cache/gsl/$key
mkdir -p "$cache/gsl"
exec 9>"$built.lock"
flock 9
if [ ! -f "$built/libgsl.a" ]; then
  "$top/scripts/fetch-debian-source.sh" gsl
  build=$cache/gsl/$key.build
  log=$cache/gsl/$key.log
  rm -rf "$build"; cp -a "$cache/src/gsl" "$build"
  echo "build-gsl: building with $cc $cflags; log in $log" >&2
  fail() { tail -n 30 "$log" >&2; echo "build-gsl: $1 failed, see $log" >&2; exit 1; }
  (cd "$build" && AFL_QUIET=1 CC="$cc" CFLAGS="-O1 -g $cflags" \
     ./configure --disable-shared --enable-static >"$log" 2>&1) || fail configure
  AFL_QUIET=1 make -C "$build/gsl" >>"$log" 2>&1 || fail "header links"
  for p in "${parts[@]}"; do
    lib=$(sed -n 's/^noinst_LTLIBRARIES *= *\([^ ]*\).*/\1/p' "$build/$p/Makefile.am")
    AFL_QUIET=1 make -C "$build/$p" -j"$(nproc)" "$lib" >>"$log" 2>&1 || fail "make in $p"
  done
  mkdir -p "$built.tmp/include/gsl"
  # One archive from the convenience archives' objects (ar's MRI script keeps their names apart).
  { echo "create $built.tmp/libgsl.a"
    for p in "${parts[@]}"; do echo "addlib $(ls "$build/$p"/.libs/*.a)"; done
    echo save; echo end; } | ar -M
  cp -L "$build"/gsl/*.h "$built.tmp/include/gsl/"
  rm -rf "$built" "$build"; mv "$built.tmp" "$built"
fi
mkdir -p "$dest"
cp -a "$built"/. "$dest/"
