# LIBLINEAR 2.3 (linear.cpp and its trust-region Newton solver tron.cpp) from Debian's source
# package as a static library instrumented with the variant's compiler and flags
# (scripts/cached-build.sh runs this), so that coverage and the sanitizers reach inside
# training, prediction and model I/O. Installs liblinear.a. Debian's tarball has no blas/
# directory (removed for DFSG) and Debian's liblinear4 links libblas.so.3: so does this build
# (library.mk), for the four BLAS routines tron.cpp calls (dnrm2_, ddot_, daxpy_, dscal_),
# which are therefore not instrumented. This machine's mirror serves the .dsc and the upstream
# tarball of 2.3.0+dfsg-5 but not its Debian part (debian.tar.xz: 404), so the build is of
# Debian's upstream tarball without Debian's patches; the harnesses compile against
# liblinear-dev's linear.h, which the build checks is byte for byte the tarball's. Findings are
# confirmed against the installed binary package liblinear4 (2.3.0+dfsg-5).
recipe_package=liblinear=2.3.0+dfsg-5
recipe_source=orig
recipe_config=
. "${BASH_SOURCE[0]%/*}/../recipe_checks.sh"

recipe_build() {
  local src=$1 out=$2 log=$3 unit
  : >"$log"
  recipe_check_cxx "$log" &&
    recipe_check_pin "$src" linear.h '#define LIBLINEAR_VERSION 230' "$log" &&
    recipe_check_header "$src" linear.h /usr/include/linear.h "$log" || return 1
  for unit in linear tron; do
    AFL_QUIET=1 $CXX -O1 -g $LIB_CFLAGS -c "$src/$unit.cpp" -o "$src/$unit.o" >>"$log" 2>&1 ||
      return 1
  done
  ar rcs "$out/liblinear.a" "$src/linear.o" "$src/tron.o"
}
