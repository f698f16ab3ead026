# FANN 2.2 from its Debian source (Debian's patches applied) as one static library instrumented
# with the variant's compiler and flags (scripts/cached-build.sh runs this), so that coverage
# and the sanitizers reach inside FANN's training, cascade and file code. It holds FANN's three
# builds, floatfann.c, doublefann.c and fixedfann.c (each includes every FANN source file with
# fann_type = float, double or int). The three define the same global symbols, so each build's
# defined globals (from nm) are renamed with objcopy --redefine-syms to carry the build's name in
# front (float_fann_run, double_fann_run, fixed_fann_run): one binary links all three, and the
# harnesses reach them through fann_flavour.h. The harnesses compile against libfann-dev's
# headers of the same Debian revision. The installed binary package libfann2 (same revision,
# bookworm) confirms findings.
recipe_package=libfann=2.2.0+ds-8
recipe_config=float-double-fixed

recipe_build() {
  local src=$1 out=$2 log=$3 flavour
  (cd "$src/src" &&
     for flavour in float double fixed; do
       AFL_QUIET=1 $CC -O1 -g $LIB_CFLAGS -Iinclude -c "${flavour}fann.c" -o "$flavour.o" &&
         nm --defined-only -g "$flavour.o" | awk -v p="${flavour}_" '{print $3, p $3}' >"$flavour.names" &&
         objcopy --redefine-syms="$flavour.names" "$flavour.o" || exit 1
     done &&
     ar rcs "$out/libfann.a" float.o double.o fixed.o) >"$log" 2>&1
}
