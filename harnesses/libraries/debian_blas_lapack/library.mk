# The BLAS and LAPACK implementations Debian packages (OpenBLAS in its three threadings, the
# netlib reference, BLIS, ATLAS, GSL's CBLAS), loaded by dlopen: one table of their files and
# packages and the dlsym that proves which file a symbol comes from (mlf_blas_libraries.c),
# for the BLAS family's BLAS and LAPACK loaders; kernel-sets.sh lists the OPENBLAS_CORETYPE
# values this CPU can run, kernel-sets.sh --blis the BLIS_ARCH_TYPE ones.
LIB_debian_blas_lapack_SRC := harnesses/libraries/debian_blas_lapack/mlf_blas_libraries.c
LIB_debian_blas_lapack_LDFLAGS := -ldl
