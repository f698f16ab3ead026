# LIBSVM 3.24 (svm.cpp, its whole library) from Debian's source package as a static library
# instrumented with the variant's compiler and flags (scripts/cached-build.sh runs this), so
# that coverage and the sanitizers reach inside training, prediction and model I/O. Installs
# libsvm.a. This machine's mirror serves the .dsc and the upstream tarball of 3.24+ds-6 but
# not its Debian part (debian.tar.xz: 404), so the build is of Debian's upstream tarball
# without Debian's patches; the harnesses compile against libsvm-dev's svm.h, which the build
# checks is byte for byte the tarball's. Findings are confirmed against the installed binary
# package libsvm3 (3.24+ds-6, Debian's patches applied).
recipe_package=libsvm=3.24+ds-6
recipe_source=orig
recipe_config=
. "${BASH_SOURCE[0]%/*}/../recipe_checks.sh"

recipe_build() {
  local src=$1 out=$2 log=$3
  : >"$log"
  recipe_check_cxx "$log" && recipe_check_pin "$src" svm.h '#define LIBSVM_VERSION 324' "$log" &&
    recipe_check_header "$src" svm.h /usr/include/libsvm/svm.h "$log" &&
    AFL_QUIET=1 $CXX -O1 -g $LIB_CFLAGS -c "$src/svm.cpp" -o "$src/svm.o" >>"$log" 2>&1 &&
    ar rcs "$out/libsvm.a" "$src/svm.o"
}
