# LIBLINEAR 2.3 built here from Debian's upstream tarball (recipe.sh: the Debian part is not
# served by this machine's mirror), one static library with the sanitizers
# and coverage (both engines link it: Makefile, source_library); C++ with a C API (liblinear-dev's linear.h), so it links the C++
# runtime, and Debian's libblas for its BLAS calls, as Debian's liblinear4 does.
# Session code: liblinear's training log silenced and its identity (mlf_liblinear_session.h).
$(eval $(call source_library,liblinear,liblinear.a))
LIB_liblinear_LDFLAGS := -lblas -lstdc++ -fsanitize-link-c++-runtime -lm
LIB_liblinear_SRC := harnesses/libraries/liblinear/mlf_liblinear_session.c
