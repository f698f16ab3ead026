# libpng 1.6 from its Debian source (Debian's patches applied) as a static library instrumented
# with the variant's compiler and flags (scripts/cached-build.sh runs this), so that coverage
# and the sanitizers reach inside libpng's read and write code. Installs libpng16.a; the
# harnesses compile against Debian's libpng-dev headers of the same upstream release.
# Pinned: the candidate revision comes from the security archive, whose source packages this
# machine's mirror does not serve (404); bookworm's own revision does. The installed binary
# package may be another revision again: findings name both.
recipe_package=libpng1.6=1.6.39-2+deb12u5
recipe_config=

recipe_build() {
  local src=$1 out=$2 log=$3
  (cd "$src" && AFL_QUIET=1 CFLAGS="-O1 -g $LIB_CFLAGS" ./configure --disable-shared --enable-static \
     --disable-hardware-optimizations) >"$log" 2>&1 &&
    AFL_QUIET=1 make -C "$src" -j"$JOBS" libpng16.la >>"$log" 2>&1 &&
    cp "$src/.libs/libpng16.a" "$out/libpng16.a"
}
