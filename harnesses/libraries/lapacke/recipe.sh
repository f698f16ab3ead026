# LAPACKE 3.11.0 (the C interface of LAPACK) from Debian's lapack source: the C wrappers of
# the routines the aNNoTest family annotates (LAPACKE/src/lapacke_<r>.c and _work.c) and all
# of LAPACKE/utils (transposition, NaN checks, xerbla), compiled with the variant's compiler,
# sanitizers and coverage into one static library; the Fortran routines they call are
# Debian's binary netlib reference liblapack3 (family.mk links it by path). Installs
# liblapacke.a. Checks that the headers are byte for byte the ones liblapacke-dev installs
# (the harnesses compile against those). Flags as debian/rules builds LAPACKE for liblapacke:
# no defines beyond its CFLAGS (32-bit lapack_int, the default complex types), except that the
# work arrays the wrappers allocate and hand to the binary Fortran routines come from the
# harness's guard-page allocator (mlf_lapacke_work.c): lapacke.h lets a build define
# LAPACKE_malloc and LAPACKE_free, and mlf_lapacke_work.h, written below, does. LAPACKE_ilaver
# (the version) and LAPACKE_get_nancheck (LAPACKE_NANCHECK) are compiled too.
recipe_package=lapack=3.11.0-2
routines=(dgesdd dgeev dsyevd dsyevr dgees dggev dgelsy dsysv dposv dgbsv dgtsv dptsv dgeqp3
          dgelqf dorgqr dormqr dgetri dpotri dtrtrs dtrtri dpocon)
recipe_config="routines: ${routines[*]}"
. "${BASH_SOURCE[0]%/*}/../recipe_checks.sh"

recipe_build() {
  local src=$1 out=$2 log=$3 inc=$1/LAPACKE/include r f
  : >"$log"
  for f in lapacke.h lapacke_utils.h lapack.h lapacke_config.h; do
    recipe_check_header "$inc" "$f" "/usr/include/$f" "$log" || return 1
  done
  cp "$inc/lapacke_mangling_with_flags.h.in" "$inc/lapacke_mangling.h"
  printf '%s\n' '#include <stddef.h>' 'void *mlf_lapacke_work_alloc(size_t size);' \
    'void mlf_lapacke_work_free(void *p);' '#define LAPACKE_malloc(size) mlf_lapacke_work_alloc(size)' \
    '#define LAPACKE_free(p) mlf_lapacke_work_free(p)' >"$inc/mlf_lapacke_work.h"
  local files=("$src"/LAPACKE/utils/*.c "$src/LAPACKE/src/lapacke_ilaver.c"
               "$src/LAPACKE/src/lapacke_nancheck.c")
  for r in "${routines[@]}"; do files+=("$src/LAPACKE/src/lapacke_$r.c" "$src/LAPACKE/src/lapacke_${r}_work.c"); done
  mkdir -p "$src/obj"
  printf '%s\n' "${files[@]}" |
    AFL_QUIET=1 xargs -P "$JOBS" -I{} sh -c '$CC -O1 -g $LIB_CFLAGS -I"$0" -include "$0/mlf_lapacke_work.h" -c "$1" -o "$2/$(basename "$1" .c).o"' \
      "$inc" {} "$src/obj" >>"$log" 2>&1 &&
    ar rcs "$out/liblapacke.a" "$src"/obj/*.o
}
