# GSL 2.7.1. The statistics and aNNoTest families link the parts it fuzzes built here from the Debian source
# (recipe.sh), one static library with the sanitizers and coverage (both engines link
# it: Makefile, source_library); the headers are Debian's libgsl-dev of the same version. The forecaster links
# Debian's prebuilt GSL for its FFT.
#
# Without UBSan's alignment check: movstat's accumulators place their ring buffer and deque
# structs after int arrays of odd length inside one state buffer (misaligned by 4 bytes, benign
# on x86-64), which aborts every moving statistic with an odd window (see the gsl_movstat
# README section); every other check stays on.
LIB_gsl_CFLAGS := -fno-sanitize=alignment
$(eval $(call source_library,gsl,libgsl.a))
LIB_gsl_prebuilt_LDFLAGS := -lgsl -lgslcblas
LIB_gsl_prebuilt_SHARED := $(addprefix /usr/lib/x86_64-linux-gnu/,libgsl.so libgslcblas.so)
