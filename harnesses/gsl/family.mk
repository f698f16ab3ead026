# GSL statistics family: GSL 2.7.1 built from its Debian source per build variant, with the
# variant's sanitizers and coverage (scripts/build-gsl.sh, cached), linked statically. The
# headers are Debian's libgsl-dev of the same version. Unit tests of the family link the
# libFuzzer variant's library (its coverage hooks have defaults in the sanitizer runtime).
$(foreach v,libfuzzer afl oss,$(eval gsl_$(v)_LIBS := $(CACHE)/gsl-$(v)/libgsl.a))
$(foreach v,libfuzzer afl oss,$(eval gsl_$(v)_DEPS := $(gsl_$(v)_LIBS)))
gsl_LDFLAGS :=

$(CACHE)/gsl-%/libgsl.a: scripts/build-gsl.sh | $(DEPS_STAMP)
	CC="$($*_CC)" GSL_CFLAGS="$($*_LIB_CFLAGS)" MLF_CACHE=$(CACHE) scripts/build-gsl.sh $(@D)

# Unit tests of the family's GSL-independent parts.
$(OUT)/tests/test_correlation_relations: $(call obj,unit,harnesses/gsl/correlation_relations.c harnesses/gsl/correlation_moments.c)
