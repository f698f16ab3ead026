# BLAS/LAPACK family: the instrumented, renamed OpenBLAS (harnesses/libraries/openblas), dlopen
# for Debian's libraries (harnesses/libraries/debian_blas_lapack: their table, used by
# blas_backends.c and lapack_backends.c), and an executable that exports only the error
# handlers (so each dlopen'ed library keeps its own BLAS symbols but calls our xerbla).
blas_LIBRARIES := openblas debian_blas_lapack
blas_exports := harnesses/blas/exports.list
blas_LDFLAGS := -Wl,--dynamic-list=$(blas_exports)
blas_LINK_DEPS := $(blas_exports)
