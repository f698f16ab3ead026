# BLAS/LAPACK family: the instrumented, renamed OpenBLAS (harnesses/libraries/openblas), dlopen
# for Debian's libraries (harnesses/libraries/debian_blas_lapack: their table, used by
# blas_backends.c and lapack_backends.c), and an executable that exports only the error
# handlers (so each dlopen'ed library keeps its own BLAS symbols but calls our xerbla).
blas_LIBRARIES := openblas debian_blas_lapack
blas_exports := harnesses/blas/exports.list
blas_LDFLAGS := -Wl,--dynamic-list=$(blas_exports)
blas_LINK_DEPS := $(blas_exports)
# The long-double product reference and the complex allowed sets (most of a blas_gemm or
# blas_level23 execution) and the long-double dense algebra of the LAPACK checks (most of a
# blas_lapack one): Makefile, HOT_REFERENCE.
blas_HOT_REFERENCE := harnesses/blas/blas_product_reference.c harnesses/blas/blas_allowed.c \
                      harnesses/blas/lapack_dense.c
