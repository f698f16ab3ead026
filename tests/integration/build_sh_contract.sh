# build.sh under the OSS-Fuzz contract, run as ClusterFuzzLite's and OSS-Fuzz's build steps
# (.clusterfuzzlite/build.sh, oss-fuzz/mlfuzz/build.sh). libFuzzer engine (the same compiler
# and flags as the local libFuzzer build, so the libraries built from source come from the
# cache), for one target of each family (MLF_TARGETS; build.sh builds every target through the
# same rule, and a whole second build of the tree took 8 of `make check`'s minutes): each
# fuzzer, its seed corpus zip and its .dict/.options in $OUT, and a fuzzer built so runs its
# corpus. AFL++ engine (as OSS-Fuzz's compile_afl sets it: CC/CXX the AFL++ compiler wrappers,
# $LIB_FUZZING_ENGINE the AFL++ driver, every library compiled by them), for two targets:
# annotest_libsvm (a library built from source, LIBSVM, seconds to compile) and lemon_model
# (prebuilt libraries): each fuzzer is AFL++-instrumented, has its <target>.mutator.so beside
# it, and a short afl-fuzz run with that mutator executes.
. "$(dirname "$0")/common.bash"
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer"
# $SRC as the build images lay it out: the checkout at $SRC/mlfuzz, reached through the
# ClusterFuzzLite (libFuzzer) and OSS-Fuzz (AFL++) build steps, which run build.sh.
mkdir -p "$tmp/out" "$tmp/work" "$tmp/src" && ln -s "$PWD" "$tmp/src/mlfuzz"
one_per_family=$(for f in harnesses/*/family.mk; do ls "${f%/family.mk}"/*_fuzzer.c | head -n 1; done |
                 sed 's#.*/\(.*\)_fuzzer.c#\1#' | tr '\n' ' ')
MLF_TARGETS=$one_per_family CC=clang-16 CXX=clang++-16 CFLAGS="-fsanitize=fuzzer-no-link $san" CXXFLAGS="-fsanitize=fuzzer-no-link $san" \
  LIB_FUZZING_ENGINE=-fsanitize=fuzzer FUZZING_ENGINE=libfuzzer OUT="$tmp/out" SRC="$tmp/src" \
  WORK="$tmp/work" MLF_CACHE="$(scripts/cache-dir.sh)" .clusterfuzzlite/build.sh >"$tmp/build.log" 2>&1 ||
  { tail -n 30 "$tmp/build.log"; fail "build.sh failed"; }
for t in $one_per_family; do
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

# AFL++ engine, two targets.
afl_targets="annotest_libsvm lemon_model"
mkdir -p "$tmp/afl-out" "$tmp/afl-work"
start=$(date +%s)
CC=afl-clang-fast CXX=afl-clang-fast++ CFLAGS="$san" CXXFLAGS="$san" LIB_FUZZING_ENGINE=/usr/lib/afl/libAFLDriver.a \
  FUZZING_ENGINE=afl MLF_TARGETS="$afl_targets" OUT="$tmp/afl-out" SRC="$tmp/src" WORK="$tmp/afl-work" \
  MLF_CACHE="$(scripts/cache-dir.sh)" oss-fuzz/mlfuzz/build.sh >"$tmp/afl-build.log" 2>&1 ||
  { tail -n 30 "$tmp/afl-build.log"; fail "build.sh (FUZZING_ENGINE=afl) failed"; }
built=$(($(date +%s) - start))
. scripts/afl-env.sh
for t in $afl_targets; do
  [ -x "$tmp/afl-out/$t" ] && [ -f "$tmp/afl-out/$t.mutator.so" ] || fail "afl: no $t or $t.mutator.so in \$OUT"
  nm "$tmp/afl-out/$t" | grep -q __afl_area_ptr || fail "afl: $t is not AFL++-instrumented"
  mkdir -p "$tmp/afl-seeds-$t" && unzip -q "$tmp/afl-out/${t}_seed_corpus.zip" -d "$tmp/afl-seeds-$t"
  AFL_CUSTOM_MUTATOR_LIBRARY="$tmp/afl-out/$t.mutator.so" timeout 120 afl-fuzz -i "$tmp/afl-seeds-$t" \
    -o "$tmp/afl-findings-$t" -V 5 -t 10000 -- "$tmp/afl-out/$t" >"$tmp/afl-$t.log" 2>&1 ||
    { tail -n 30 "$tmp/afl-$t.log"; fail "afl: afl-fuzz on $t from \$OUT failed"; }
  afl_fast_modes "$tmp/afl-findings-$t/default/fuzzer_stats" "afl: $t from \$OUT"
  execs=$(sed -n 's/^execs_done *: //p' "$tmp/afl-findings-$t/default/fuzzer_stats")
  [ "${execs:-0}" -gt 0 ] || fail "afl: $t from \$OUT ran no input"
  ls "$tmp/afl-findings-$t/default/queue" | grep -v ',orig:' | grep -v ',op:' | grep -q 'id:' ||
    fail "afl: $t: no queue entry from the custom mutator in \$OUT"
  echo "afl: $t from \$OUT: $execs executions with its custom mutator"
done
echo "afl: build.sh built $afl_targets in $built s"
