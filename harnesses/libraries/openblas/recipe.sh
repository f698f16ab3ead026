# OpenBLAS from its Debian source as a static library instrumented with the variant's compiler
# and flags (scripts/cached-build.sh runs this), every exported BLAS symbol renamed
# mlf_openblas_* so that it can share a process with the dlopen'ed BLAS libraries (OpenBLAS
# renames only in its exports step, so the rename is done here with its generated
# objcopy.def). Installs libopenblas.a.
recipe_package=openblas
# The kernel set is fixed at build time so every machine runs the same code; HASWELL needs
# only AVX2. (The prebuilt OpenBLAS libraries cover the kernel sets as a test dimension.)
target=${MLF_OPENBLAS_TARGET:-HASWELL}
recipe_config="TARGET=$target"

recipe_build() {
  local src=$1 out=$2 log=$3
  local args=(CC="$CC" HOSTCC=gcc NOFORTRAN=1 NO_LAPACK=1 NO_LAPACKE=1 NO_SHARED=1 USE_THREAD=0
              USE_OPENMP=0 USE_LOCKING=1 TARGET="$target" DYNAMIC_ARCH=0 NO_AFFINITY=1
              SYMBOLPREFIX=mlf_openblas_ COMMON_OPT="-O2 -g $LIB_CFLAGS" CFLAGS="$LIB_CFLAGS")
  AFL_QUIET=1 make -C "$src" -j"$JOBS" "${args[@]}" libs >"$log" 2>&1 &&
    make -C "$src/exports" "${args[@]}" objcopy.def >>"$log" 2>&1 &&
    # The archive is named after the prefix and kernel, e.g. libmlf_openblas_openblas_haswell-r0.3.21.a
    objcopy --redefine-syms "$src/exports/objcopy.def" "$(ls "$src"/lib*openblas*.a | head -n 1)" \
      "$out/libopenblas.a"
}
