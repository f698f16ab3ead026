# XGBoost 1.7.4's library (the C API and everything under src/) from its Debian source
# (Debian's patches applied) as a static library instrumented with the variant's compiler and
# flags (scripts/cached-build.sh runs this), so that coverage and the sanitizers reach inside
# DMatrix construction, training, prediction and model I/O. Installs libxgboost.a. As in
# Debian's build, dmlc-core is Debian's libdmlc (the source ships no dmlc-core; Debian's patch
# imports the installed one), so dmlc's parsers and streams are not instrumented. Without
# OpenMP, unlike Debian's build: every call runs on the calling thread, so a run does not
# depend on the machine's core count and the sanitizers see the whole call. The harnesses
# compile against libxgboost-dev's headers, which the build checks are the source's; the
# installed binary package libxgboost0 (1.7.4-1, OpenMP) confirms findings.
recipe_package=xgboost=1.7.4-1
recipe_config="cmake: USE_OPENMP=OFF BUILD_STATIC_LIB=ON"
. "${BASH_SOURCE[0]%/*}/../recipe_checks.sh"

recipe_build() {
  local src=$1 out=$2 log=$3 flags="-O1 -g $LIB_CFLAGS" version=include/xgboost/version_config.h
  : >"$log"
  recipe_check_cxx "$log" && recipe_check_pin "$src" $version '#define XGBOOST_VER_MAJOR 1' "$log" &&
    recipe_check_pin "$src" $version '#define XGBOOST_VER_MINOR 7' "$log" &&
    recipe_check_pin "$src" $version '#define XGBOOST_VER_PATCH 4' "$log" &&
    recipe_check_header "$src" include/xgboost/c_api.h /usr/include/xgboost/c_api.h "$log" &&
    AFL_QUIET=1 cmake -S "$src" -B "$src/mlf-build" -DCMAKE_C_COMPILER="$CC" \
      -DCMAKE_CXX_COMPILER="$CXX" -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS="$flags" \
      -DCMAKE_CXX_FLAGS="$flags" -DUSE_OPENMP=OFF -DBUILD_STATIC_LIB=ON -DADD_PKGCONFIG=OFF \
      >>"$log" 2>&1 &&
    AFL_QUIET=1 cmake --build "$src/mlf-build" --target xgboost -j "$JOBS" >>"$log" 2>&1 &&
    cp "$src/lib/libxgboost.a" "$out/libxgboost.a"
}
