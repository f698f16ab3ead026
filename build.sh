#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script. Uses the contract's variables: $CC $CXX $CFLAGS
# $CXXFLAGS $LIB_FUZZING_ENGINE $OUT $SRC $WORK (and $FUZZING_ENGINE: libfuzzer or afl).
# Builds every target with those flags, then copies into $OUT by pattern: the fuzzers,
# <target>_seed_corpus.zip, <target>.dict and <target>.options where they exist, and for
# AFL++ the <target>.mutator.so custom mutator. Third-party sources must already be in the
# cache (scripts/fetch-debian-source.sh openblas, and gsl, run where the network is, e.g. in
# the Dockerfile, with MLF_CACHE pointing at the same place). MLF_TARGETS="t1 t2" builds only
# those targets (default: every target).
cd "$(dirname "$0")"
cache=${MLF_CACHE:-$WORK/mlfuzz-cache}
case ${FUZZING_ENGINE:-libfuzzer} in
  afl) engine_macro=AFL ;;
  *) engine_macro=LIBFUZZER ;;
esac
make oss-fuzz ${MLF_TARGETS:+TARGETS="$MLF_TARGETS"} CACHE="$cache" BUILD="$WORK/mlfuzz-build" OSS_OUT="$OUT" \
  OSS_CC="$CC" OSS_CXX="$CXX" OSS_CFLAGS="$CFLAGS" OSS_CXXFLAGS="$CXXFLAGS" \
  OSS_ENGINE_MACRO="$engine_macro" OSS_ENGINE_LIB="$LIB_FUZZING_ENGINE" \
  OSS_AFL_MUTATOR="$([ "${FUZZING_ENGINE:-}" = afl ] && echo yes || echo no)"
