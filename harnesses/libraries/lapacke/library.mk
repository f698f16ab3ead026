# LAPACKE 3.11.0: the C wrappers the aNNoTest family annotates, built here from Debian's
# lapack 3.11.0-2 source (recipe.sh) with the sanitizers and coverage (both engines link it), over
# Debian's binary netlib reference LAPACK and BLAS (liblapack3, libblas3 3.11.0-2). Those are
# named by path and found at run time through an RPATH (DT_RPATH, which the libraries' own
# dependencies inherit), not through the liblapack.so.3 alternative, which may be OpenBLAS:
# the family's oracles compare results bit for bit and rely on the reference's fixed order of
# operations. mlf_lapacke_session.c proves at start which file the Fortran routines come from;
# mlf_lapacke_work.c puts the wrappers' work arrays on guard pages.
$(eval $(call source_library,lapacke,liblapacke.a))
LAPACKE_REFERENCE_DIRS := /usr/lib/x86_64-linux-gnu/lapack /usr/lib/x86_64-linux-gnu/blas
LIB_lapacke_LDFLAGS := /usr/lib/x86_64-linux-gnu/lapack/liblapack.so.3 /usr/lib/x86_64-linux-gnu/blas/libblas.so.3 \
  -Wl,--disable-new-dtags $(foreach d,$(LAPACKE_REFERENCE_DIRS),-Wl,-rpath,$(d)) -lgfortran -lm -ldl
LIB_lapacke_SRC := harnesses/libraries/lapacke/mlf_lapacke_session.c harnesses/libraries/lapacke/mlf_lapacke_work.c
