# LIBSVM 3.24 built here from Debian's upstream tarball (recipe.sh: the Debian part is not
# served by this machine's mirror), one static library with the sanitizers
# and coverage (both engines link it: Makefile, source_library); C++ with a C API (libsvm-dev's svm.h), so it links the C++ runtime.
# Session code: libsvm's training log silenced and its identity (mlf_libsvm_session.h).
$(eval $(call source_library,libsvm,libsvm.a))
LIB_libsvm_LDFLAGS := -lstdc++ -fsanitize-link-c++-runtime -lm
LIB_libsvm_SRC := harnesses/libraries/libsvm/mlf_libsvm_session.c
