# BLAS family: the instrumented, renamed OpenBLAS per build variant (built from Debian source
# into the cache), dlopen for the other libraries, and an executable that exports only the
# error handlers (so each dlopen'ed library keeps its own BLAS symbols but calls our xerbla).
blas_exports := harnesses/blas/exports.list
blas_LDFLAGS := -ldl -Wl,--dynamic-list=$(blas_exports)
$(foreach v,libfuzzer afl oss,$(eval blas_$(v)_LIBS := $(CACHE)/openblas-$(v)/libopenblas.a))
$(foreach v,libfuzzer afl oss,$(eval blas_$(v)_DEPS := $(blas_$(v)_LIBS) $(blas_exports)))

$(CACHE)/openblas-%/libopenblas.a: scripts/build-openblas.sh | $(DEPS_STAMP)
	CC="$($*_CC)" OPENBLAS_CFLAGS="$($*_LIB_CFLAGS)" MLF_CACHE=$(CACHE) scripts/build-openblas.sh $(@D)
# The level-2/3 relations' unit test links the harness code it drives against a fake BLAS.
$(OUT)/tests/test_level23_relations: $(call obj,unit,$(wildcard harnesses/blas/level23_*.c) \
  $(addprefix harnesses/blas/,blas_structure.c blas_operand.c blas_product_reference.c \
  blas_verdict.c blas_known_crashes.c))
