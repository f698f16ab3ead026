# OpenBLAS 0.3.21 built here from its Debian source (recipe.sh), one static library with the
# sanitizers and coverage (both engines link it: Makefile, source_library), every BLAS symbol renamed
# mlf_openblas_* so it shares a process with the dlopen'ed BLAS libraries. Used by the BLAS
# family (one of its backends) and the forecaster (its matrix work).
$(eval $(call source_library,openblas,libopenblas.a))
