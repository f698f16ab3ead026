# FANN 2.2 from its Debian source (Debian's patches applied) as a static library instrumented
# with the variant's compiler and flags (scripts/cached-build.sh runs this), so that coverage
# and the sanitizers reach inside FANN's training, cascade and file code. Only the float build
# (floatfann.c, which includes every FANN source file with fann_type = float) is built: the
# harnesses compile against libfann-dev's headers of the same Debian revision. The installed binary
# package libfann2 (same revision, bookworm) confirms findings.
recipe_package=libfann=2.2.0+ds-8
recipe_config=float

recipe_build() {
  local src=$1 out=$2 log=$3
  (cd "$src/src" && AFL_QUIET=1 $CC -O1 -g $LIB_CFLAGS -Iinclude -c floatfann.c -o floatfann.o &&
     ar rcs "$out/libfloatfann.a" floatfann.o) >"$log" 2>&1
}
