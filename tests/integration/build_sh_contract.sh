# build.sh under the OSS-Fuzz contract (libFuzzer engine, the same compiler and flags as the
# local libFuzzer build so the instrumented OpenBLAS comes from the cache) puts every fuzzer,
# its seed corpus zip and its .dict/.options in $OUT, and a fuzzer built so runs its corpus.
. "$(dirname "$0")/common.bash"
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
mkdir -p "$tmp/out" "$tmp/work"
CC=clang-16 CXX=clang++-16 CFLAGS="-fsanitize=fuzzer-no-link $san" CXXFLAGS="-fsanitize=fuzzer-no-link $san" \
  LIB_FUZZING_ENGINE=-fsanitize=fuzzer FUZZING_ENGINE=libfuzzer OUT="$tmp/out" SRC="$PWD/.." \
  WORK="$tmp/work" MLF_CACHE="$(scripts/cache-dir.sh)" ./build.sh >"$tmp/build.log" 2>&1 ||
  { tail -n 30 "$tmp/build.log"; fail "build.sh failed"; }
for t in $(targets); do
  [ -x "$tmp/out/$t" ] || fail "no fuzzer $t in \$OUT"
  unzip -l "$tmp/out/${t}_seed_corpus.zip" | grep -q '\.bin$' || fail "no seeds in ${t}_seed_corpus.zip"
  for ext in dict options; do
    if [ -f dictionaries/$t.$ext ]; then [ -f "$tmp/out/$t.$ext" ] || fail "$t.$ext not copied"; fi
  done
  mkdir -p "$tmp/corpus-$t" && unzip -q "$tmp/out/${t}_seed_corpus.zip" -d "$tmp/corpus-$t"
  # A library finding ends the run and is reported, not failed (as in libfuzzer_seeds).
  if ! "$tmp/out/$t" -seed=1 -runs=200 -timeout=60 -artifact_prefix="$tmp/" "$tmp/corpus-$t" >"$tmp/run.log" 2>&1; then
    crash=$(ls "$tmp"/crash-* 2>/dev/null | head -n 1)
    [ -n "$crash" ] && library_finding "$t" "$crash" && { rm -f "$tmp"/crash-*; continue; }
    tail -n 20 "$tmp/run.log"; fail "$t from \$OUT failed"
  fi
done
ls "$tmp/out"
