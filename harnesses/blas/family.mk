# BLAS/LAPACK family: the instrumented, renamed OpenBLAS (harnesses/libraries/openblas), dlopen
# for the other libraries (blas_backends.c, lapack_backends.c), and an executable that exports
# only the error handlers (so each dlopen'ed library keeps its own BLAS symbols but calls our
# xerbla).
blas_LIBRARIES := openblas
blas_exports := harnesses/blas/exports.list
blas_LDFLAGS := -ldl -Wl,--dynamic-list=$(blas_exports)
blas_LINK_DEPS := $(blas_exports)
