# The parts of GSL the statistics and aNNoTest families fuzz (statistics, sort, movstat, rstat,
# fft, fit, linalg, interpolation, roots, min and what they need) from its Debian source as one static library instrumented with the
# variant's compiler and flags (scripts/cached-build.sh runs this), so that coverage and the
# sanitizers reach inside GSL. Installs libgsl.a.
recipe_package=gsl
# The libraries (one per source directory) the fuzzed APIs reach: the statistics family's,
# then the annotated functions' of the aNNoTest family (linear algebra with GSL's own CBLAS,
# interpolation, root finding and minimisation).
parts=(statistics sort movstat rstat fft fit err sys utils complex vector block ieee-utils
       randist rng specfunc poly cdf
       linalg permutation matrix blas cblas interpolation roots min)
recipe_config="parts: ${parts[*]}"

recipe_build() {
  local src=$1 out=$2 log=$3 p lib
  (cd "$src" && AFL_QUIET=1 CFLAGS="-O1 -g $LIB_CFLAGS" ./configure --disable-shared --enable-static) >"$log" 2>&1 &&
    AFL_QUIET=1 make -C "$src/gsl" >>"$log" 2>&1 || return 1
  for p in "${parts[@]}"; do
    lib=$(sed -n 's/^\(noinst\|lib\)_LTLIBRARIES *= *\([^ ]*\).*/\2/p' "$src/$p/Makefile.am")
    AFL_QUIET=1 make -C "$src/$p" -j"$JOBS" "$lib" >>"$log" 2>&1 || { echo "make in $p failed" >>"$log"; return 1; }
  done
  # One archive from the convenience archives' objects (ar's MRI script keeps their names apart).
  { echo "create $out/libgsl.a"
    for p in "${parts[@]}"; do echo "addlib $(ls "$src/$p"/.libs/*.a)"; done
    echo save; echo end; } | ar -M
}
